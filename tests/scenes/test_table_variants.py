"""Every variant the app offers, at the table: a whole deal by mouse, and a layout where
every seat's name tag, cards and last action have their own place at 1280x720 and at
1000x700 (letterboxed), in both languages."""

from __future__ import annotations

import pygame
import pytest
from fallback_bot import FallbackBot

from game import i18n
from game.automation import Driver
from game.i18n import N_
from game.move_log import LogEntry
from game.rules import Phase, RulesConfig
from game.rules.melds import MeldKind
from game.rules.variants import APP_VARIANT_IDS, variant_named
from game.scenes.layout import LOGICAL_SIZE, Canvas, Layout, Ruler
from game.scenes.score_sheet import ScoreSheetScene
from game.scenes.table_layout import (
    BUTTONS,
    CENTER_W,
    HAND_RECT,
    STOCK_POS,
    card_h,
    pile_rect,
    score_panel_rect,
    stock_rect,
)
from game.window import MainWindow
from tests.meld_helpers import CROWDED, crowded_position
from tests.rules_helpers import position
from tests.table_helpers import (
    DT,
    deal_over_with_long_hands,
    fallback,
    make_table,
    record_blits,
    red_three_on_every_side,
    sheet_over,
    tick,
)

NEW_VARIANTS = ("five-hand", "six-hand", "six-hand-2x3")
SIZES = ((1280, 720), (1000, 700))


def test_the_app_offers_five_and_six_hand():
    for variant in NEW_VARIANTS:
        assert variant in APP_VARIANT_IDS
    assert RulesConfig.for_variant("six-hand").target == 7500


@pytest.mark.slow
@pytest.mark.parametrize("variant", [v for v in APP_VARIANT_IDS if v != "classic"])
def test_a_whole_deal_of_every_variant_by_mouse(variant):
    """The driver does each of the player's moves by mouse gestures and checks the engine
    after every one against what the gesture meant (automation.Driver.autoplay); classic's
    deal is test_table_script's."""
    app = MainWindow(variant=variant, seed=11, speed=8.0, bot_factory=fallback, threaded=False)
    driver = Driver(app, ["autoplay 1"], bot=FallbackBot(1))
    app.feeder = driver.feed
    try:
        while app.running and not driver.done and app.frames < 40000:
            app.frame(driver.dt)
        assert driver.error is None, driver.error
        assert app.table.config.variant == variant
        assert app.table.game.state.phase is Phase.OVER and isinstance(app.stack.top, ScoreSheetScene)
        assert driver.played, "the player made no move"
        assert driver.gestures.get("draw") and (
            driver.gestures.get("discard by drag") or driver.gestures.get("discard by double-click")
        )
    finally:
        app.close()


def _busy_table(variant: str, **options):
    """A table mid-deal where every seat has a long last action and a big hand."""
    stack, table = make_table(variant=variant, seed=5, **options)
    table.animator.finish_all()
    st = table.game.state
    red_three_on_every_side(table)  # something on every side's meld area: its label shows
    feet = getattr(st, "feet", None)
    for seat in (1, 3) if table.config.rules.foot else ():  # Hand and Foot: West and East play from the foot
        st.hands[seat].extend(feet[seat])
        feet[seat] = None
    for seat in range(table.config.players):
        if seat == st.out:
            continue
        if seat != table.human:  # a big hand: a pile was taken
            st.hands[seat].extend(st.stock[:14])
            del st.stock[:14]
        card = st.hands[seat][0]
        entry = LogEntry(3, seat, N_("{name} took the pile: the {card} and {n} more cards."), (card,), count=12)
        table.move_log.entries.append(entry)
        # ... then laid a long meld: the label says both ("took the pile (13 cards), then melded ...").
        meld = tuple(st.hands[seat][:5])
        table.move_log.entries.append(LogEntry(3, seat, N_("{name} melded {cards}."), meld, rank=card.rank))
    table.relayout()
    table.animator.finish_all()
    return stack, table


def _scaled(rect, scale: float) -> pygame.Rect:
    x, y, w, h = rect
    return pygame.Rect(round(x * scale), round(y * scale), round(w * scale), round(h * scale))


def _seat_regions(table, scale: float) -> dict[int, list[pygame.Rect]]:
    """Per seat: what the view drew for it (tag, lines, its foot's label) and where its cards
    lie (pixels)."""
    regions = {seat: list(boxes) for seat, boxes in table.view.seat_boxes.items()}
    for seat, box in table.view.foot_boxes.items():
        regions.setdefault(seat, []).append(box)
    st = table.game.state
    feet = getattr(st, "feet", None) or [None] * len(st.hands)
    for seat, hand in enumerate(st.hands):
        if seat == table.human or not hand:
            continue
        for card in [*hand, *(feet[seat] or [])]:
            place = table.layout.placements[card]
            w, h = place.width, place.width * 1.4
            if abs(place.angle) == 90:
                w, h = h, w
            regions.setdefault(seat, []).append(_scaled((place.x - w / 2, place.y - h / 2, w, h), scale))
    return regions


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", APP_VARIANT_IDS)
def test_every_seat_has_its_own_place(variant, size, language, monkeypatch):
    """Tags (with "thinking…" on whoever acts), card counts, last actions and hands: inside
    the window, apart from each other, clear of the meld areas, the score panel, the centre,
    the hand and the buttons."""
    i18n.set_language(language)
    try:
        stack, table = _busy_table(variant)
        monkeypatch.setattr(type(table.runner), "thinking", property(lambda self: True))
        layout = Layout(window_size=size)
        scale = layout.scale
        canvas = Canvas(layout.viewport.size, scale)
        st = table.game.state
        players = [seat for seat in range(table.config.players) if seat != table.human and seat != st.out]
        score = score_panel_rect(table.config)
        keep_clear = [_scaled(score, scale), _scaled(stock_rect(), scale), _scaled(pile_rect(), scale)]
        keep_clear += [_scaled(area.inflate(12, 8), scale) for area in table.geometry.meld_areas.values()]
        keep_clear += [_scaled(BUTTONS[name], scale) for name in BUTTONS if name not in ("confirm", "cancel")]
        keep_clear.append(_scaled(HAND_RECT, scale))
        window = pygame.Rect((0, 0), canvas.get_size())
        for acting in players:  # each bot seat in turn is the one thinking
            monkeypatch.setattr(type(st), "to_act", property(lambda self, seat=acting: seat))
            table.view.draw(canvas)
            regions = _seat_regions(table, scale)
            if not table.geometry.is_block(acting):  # (a block says it under its cards)
                assert table.view.seat_tag(acting, thinking=True) != table.view.seat_tag(acting)
            for seat, boxes in regions.items():
                for box in boxes:
                    assert window.contains(box), (variant, seat, box)
                    inner = box.inflate(-6, -6)
                    for other in keep_clear:
                        if seat != table.human:
                            assert not inner.colliderect(other), (variant, size, language, seat, box, other)
                    for other_seat, other_boxes in regions.items():
                        if other_seat != seat:
                            assert inner.collidelist([b.inflate(-6, -6) for b in other_boxes]) == -1, (
                                variant,
                                seat,
                                other_seat,
                            )
            # Every meld area's label: inside the window, off every other area, the stock,
            # the pile and the seats.
            for side, label in table.view.zone_label_boxes.items():
                assert window.contains(label)
                assert label.collidelist(keep_clear[1:3]) == -1, (variant, side, label)
                assert label.collidelist([box for boxes in regions.values() for box in boxes]) == -1
                for other, area in table.geometry.meld_areas.items():
                    if other != side:
                        assert not label.colliderect(_scaled(area, scale))
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("panel", ["log", "pile"])
@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("variant", APP_VARIANT_IDS)
def test_with_the_log_or_the_pile_open_no_tab_lies_on_the_stock_or_the_pile(variant, language, panel):
    """The move log or the pile browser open narrows the others' area: five-hand's tab
    "Melds of West, East & South-east", at the area's right end, lay over the pile's top card
    and hid its rank (play-test, stop 63). Every tab drawn stays inside the window, off the
    stock, the pile, the open panel and the seats; five-hand's still names the side.
    Six-hand's right half, 205 units wide between North's tag and the log, has no other
    free spot: its tab keeps its place in smaller type, ending short of the pile (it lay
    on the pile's top card: play-test, stop 63), still in sight as
    test_the_open_move_log_hides_none_of_the_opponents_melds wants it."""
    i18n.set_language(language)
    try:
        stack, table = _busy_table(variant)
        if panel == "log":
            table.toggle_log()
        else:
            table.toggle_pile()
        for size in (*SIZES, (800, 450)):
            layout = Layout(window_size=size)
            scale = layout.scale
            canvas = Canvas(layout.viewport.size, scale)
            table.view.draw(canvas)
            window = pygame.Rect((0, 0), canvas.get_size())
            centre = [_scaled(stock_rect(table.config.rules.packs), scale), _scaled(pile_rect(), scale)]
            place = table.view._open_panel()
            assert place is not None
            seats = [box for boxes in _seat_regions(table, scale).values() for box in boxes]
            for side, tab in table.view.zone_label_boxes.items():
                assert window.contains(tab), (variant, size, side, tab)
                assert tab.collidelist(centre) == -1, (variant, size, side, tab)
                assert not tab.colliderect(_scaled(place, scale)), (variant, size, side, tab)
                assert tab.collidelist(seats) == -1, (variant, size, side, tab)
            if variant == "five-hand":  # (ours, its red threes alone, says it in its middle: stop 65)
                assert 1 in table.view.zone_label_boxes, size
            if variant == "six-hand":
                assert 2 in table.view.zone_label_boxes, size
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("variant", NEW_VARIANTS)
def test_a_block_seat_says_its_red_three_and_the_card_drawn_for_it_whole(variant, language):
    """Under a block seat's cards (five and six seats), "laid the red three 3♦, and drew a
    card in its place" was cut after two lines to "…, and drew a card in its…" (play-test,
    stop 53): it shows whole."""
    from game.rules import Card
    from game.rules import events as ev

    class Nameless:  # (the tag beside the lines names the seat)
        def seat_name(self, seat: int) -> str:
            return ""

        def side_name(self, side: int) -> str:
            return ""

    i18n.set_language(language)
    try:
        stack, table = make_table(variant=variant, seed=5)
        table.animator.finish_all()
        blocks = [seat for seat in range(table.config.players) if table.geometry.is_block(seat)]
        shown = [seat for seat in blocks if seat != table.game.state.out]  # (five-hand: one sits out)
        assert shown
        for seat in shown:
            table.move_log.record([ev.RedThreeLaid(seat=seat, side=0, card=Card.parse("D3")), ev.HiddenDraw(seat=seat)])
        table.move_log.show_all()
        table.view.draw(Canvas(LOGICAL_SIZE, 1.0))
        for seat in shown:
            note = table.move_log.seat_note(seat, Nameless()) or ""
            assert "3♦" in note
            lines = table.view.block_lines[seat]
            assert "".join(lines).replace(" ", "") == note.replace(" ", ""), (seat, lines, note)
            assert not lines[-1].endswith("…")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", APP_VARIANT_IDS)
def test_watching_the_bots_the_bottom_seat_says_what_it_did_in_a_place_of_its_own(variant, size, language, monkeypatch):
    """Every seat a bot: South's last action (two lines at most), or "thinking…", above its
    tag, left of the hand: inside the window, clear of the hand, the meld areas, the score
    panel, the buttons, its own foot and every other seat (play-test, stop 46: nothing was
    said); every area's label, ours by its side's names, in the window and off the seats."""
    i18n.set_language(language)
    try:
        stack, table = _busy_table(variant, levels=("normal",) * RulesConfig.for_variant(variant).players)
        layout = Layout(window_size=size)
        scale = layout.scale
        canvas = Canvas(layout.viewport.size, scale)
        keep_clear = [_scaled(score_panel_rect(table.config), scale), _scaled(HAND_RECT, scale)]
        keep_clear += [_scaled(area.inflate(12, 8), scale) for area in table.geometry.meld_areas.values()]
        keep_clear += [_scaled(BUTTONS[name], scale) for name in BUTTONS if name not in ("confirm", "cancel")]
        feet = getattr(table.game.state, "feet", None)
        if feet and feet[0]:
            place = table.layout.placements[feet[0][0]]
            foot = (place.x - place.width / 2, place.y - place.width * 0.7, place.width, place.width * 1.4)
            keep_clear.append(_scaled(foot, scale))
        window = pygame.Rect((0, 0), canvas.get_size())
        for thinking in (False, True):
            monkeypatch.setattr(type(table.runner), "thinking", property(lambda self, on=thinking: on))
            monkeypatch.setattr(type(table.game.state), "to_act", property(lambda self: 0))
            table.view.draw(canvas)
            regions = _seat_regions(table, scale)
            tag, *lines = table.view.seat_boxes[0]  # (its foot's label: in keep_clear)
            if 0 in table.view.foot_boxes:
                keep_clear.append(table.view.foot_boxes[0])
            assert 1 <= len(lines) <= 2, (variant, thinking, lines)
            for box in lines:
                assert window.contains(box), (variant, box)
                inner = box.inflate(-6, -6)
                assert inner.bottom <= tag.top
                assert inner.collidelist(keep_clear) == -1, (variant, size, language, box)
                others = [b.inflate(-6, -6) for seat, boxes in regions.items() if seat != 0 for b in boxes]
                assert inner.collidelist(others) == -1, (variant, box)
            for side, label in table.view.zone_label_boxes.items():  # ours named too: "Melds of South & North"
                assert window.contains(label), (variant, side, label)
                assert label.collidelist([box for boxes in regions.values() for box in boxes]) == -1
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("variant", APP_VARIANT_IDS)
def test_every_meld_area_is_labelled_with_its_side(variant):
    stack, table = make_table(variant=variant, seed=5)
    config = table.config
    st = table.game.state
    for side in range(config.sides):  # something melded on every side
        st.red_threes[side].append(next(c for c in config.deck if c.is_red_three))
    table.view.draw(pygame.Surface(LOGICAL_SIZE))
    # (ours, its red threes alone, says it in its middle, "Our melds: drag cards here …": stop 65)
    assert set(table.view.zone_label_boxes) == set(range(config.sides)) - {table.human_side}
    assert table.view.middle_words(table.human_side).startswith(table.view.zone_label(table.human_side))
    names = {table.view.zone_label(side) for side in range(config.sides)}
    assert len(names) == config.sides  # each side named apart


def test_five_hand_shows_who_sits_out():
    stack, table = make_table(variant="five-hand", seed=5)
    st = table.game.state
    out = st.out
    rules = variant_named("five-hand")
    assert rules is not None and out == rules.sit_out[0]
    assert "sits out" in table.view.seat_tag(out)
    table.skip_animations()  # (a tag counts the cards dealt to it as they land)
    for seat in range(5):
        if seat != out:
            assert table.view.seat_tag(seat).endswith(f"· {len(st.hands[seat])}")
    table.view.draw(pygame.Surface(LOGICAL_SIZE))
    assert out in table.view.seat_boxes  # its tag is drawn, a line under it, and the order of play
    assert len(table.view.seat_boxes[out]) >= 3


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("out", [4, 3, 1])
def test_five_hand_shows_the_order_of_play_where_a_seat_sits_out(out, size, language):
    """With West out the turn goes You, East, North, South-east (V-FIVE), not round the
    table: the seat sitting out says the deal's order of play under its tag, inside the
    window and clear of every other seat, the meld areas and the score panel."""
    i18n.set_language(language)
    try:
        stack, table = _busy_table("five-hand")
        st = table.game.state
        st.hands[st.out].extend(st.stock[:11])  # the seat out in the first deal plays in this one
        del st.stock[:11]
        order = {4: (0, 1, 2, 3), 3: (0, 1, 2, 4), 1: (0, 3, 2, 4)}[out]
        st.stock.extend(st.hands[out])
        st.hands[out].clear()
        st.out, st.order = out, order
        table.relayout()
        table.animator.finish_all()
        assert table.view.play_order() == [table.seat_name(seat) for seat in order]
        if language == "en" and out == 1:
            assert table.view.play_order() == ["You", "East", "North", "South-east"]
        layout = Layout(window_size=size)
        scale = layout.scale
        canvas = Canvas(layout.viewport.size, scale)
        table.view.draw(canvas)
        regions = _seat_regions(table, scale)
        assert len(regions[out]) >= 2  # the tag, and the order under it
        keep_clear = [_scaled(score_panel_rect(table.config), scale), _scaled(stock_rect(), scale)]
        keep_clear += [_scaled(area.inflate(12, 8), scale) for area in table.geometry.meld_areas.values()]
        window = pygame.Rect((0, 0), canvas.get_size())
        others = [box.inflate(-6, -6) for seat, boxes in regions.items() if seat != out for box in boxes]
        for box in regions[out]:
            assert window.contains(box), (out, box)
            inner = box.inflate(-6, -6)
            assert inner.collidelist(keep_clear) == -1, (out, size, language, box)
            assert inner.collidelist(others) == -1, (out, size, language, box)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("variant", [v for v in APP_VARIANT_IDS if v != "classic"])
def test_saves_and_statistics_keep_every_variant(variant, tmp_path):
    """A deal played to its end by bots is saved, resumed identically at the table, and
    counted in the statistics under its variant."""
    from game.bots import make_bot
    from game.rules import Game, position_to_json
    from game.saves import SaveStore
    from game.stats import StatsStore

    config = RulesConfig.for_variant(variant)
    game = Game(config, 4)
    bots = [make_bot("easy", seat) for seat in range(config.players)]
    while game.state.phase is not Phase.OVER:
        seat = game.state.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.state.observation(seat)))
    levels = (None,) + ("easy",) * (config.players - 1)
    store = SaveStore(tmp_path)
    store.save(game, levels)
    saved = store.load()
    assert saved.game is not None and saved.levels == levels
    assert position_to_json(saved.game.state) == position_to_json(game.state)
    stack, table = make_table(game=saved.game, levels=saved.levels)
    assert table.sheet_pending is not None  # resumed at the deal's end: its sheet opens
    stats = StatsStore(tmp_path)
    assert stats.record_deal(saved.game.state, 0, "easy", "4:0")
    assert StatsStore(tmp_path).records[f"{variant}/easy"].deals == 1


@pytest.mark.parametrize("variant", NEW_VARIANTS)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_table_bots_play_a_whole_deal_of_five_and_six_hand(variant, level):
    """Every seat a bot of the level the table offers: the deal ends, every move legal."""
    from game.bots import make_bot
    from game.rules import Game

    config = RulesConfig.for_variant(variant)
    game = Game(config, 21)
    bots = [make_bot(level, seat) for seat in range(config.players)]
    for _ in range(2000):
        if game.state.phase is Phase.OVER:
            break
        seat = game.state.to_act
        assert seat is not None and seat != game.state.out
        game.apply(bots[seat].act(game.state.observation(seat)))  # IllegalMove would fail the test
    assert game.state.phase is Phase.OVER


@pytest.mark.parametrize("variant", ["classic", "three-hand", "six-hand"])
def test_the_instruction_over_a_staged_meld_is_clear_of_every_meld_area_s_label(variant):
    """In three-hand the instruction, risen over a staged meld, ran into the tab of West's
    melds (play-test, stop 43)."""
    config = RulesConfig.for_variant(variant)
    others = ["C4 C6", "C7 C8", "C9 C10", "D4 D6", "D7 D8"]
    hands = ["C5 D5 H5 HA H7 S9 D9", *others[: config.players - 1]]
    state = position(hands, melds=[{}] * config.sides, discard="S4", phase="meld", variant=variant)
    stack, table = make_table(variant=variant, seed=5)
    table.load_state(state)
    for side in range(config.sides):  # something on every side's area: each is labelled
        table.game.state.red_threes[side].append(next(c for c in config.deck if c.is_red_three))
    tick(stack, DT)
    table.ui.stage([c for c in table.game.state.hands[table.human] if c.face in ("C5", "D5", "H5")], None, None)
    table.view.draw(pygame.Surface(LOGICAL_SIZE))
    assert len(table.view.status_boxes) == 2  # "Meld if you can, then discard a card onto the pile."
    assert len(table.view.zone_label_boxes) == config.sides
    for box in table.view.status_boxes:
        for side, label in table.view.zone_label_boxes.items():
            assert not box.colliderect(label), (variant, side, box, label)


# -- crowded meld areas ------------------------------------------------------------------
# Sides that have melded nine to eleven ranks (three-hand's and six-hand's halves of the top
# are 393 units wide), red threes, Samba's dozen groups and eight runs (CROWDED): each meld
# keeps its own place in its side's area, its rank and count in sight.


def _crowded_table(name: str, card_size: str):
    spec = CROWDED[name]
    config = RulesConfig.for_variant(spec["variant"])
    state = crowded_position(name)
    stack, table = make_table(variant=spec["variant"], seed=5)
    table.load_state(state)
    table._set_card_size(card_size)
    table.animator.finish_all()
    assert len(state.side_melds(config.sides - 1)) >= 7
    return table


def _meld_cards(table, slot) -> list:
    st = table.game.state
    if slot.number is not None:
        return list(st.side_melds(slot.side)[slot.number].cards)
    return list(st.melds[slot.side][slot.rank].cards)


@pytest.mark.parametrize("size", [(1280, 720), (800, 450)])
@pytest.mark.parametrize("card_size", ["normal", "large"])
@pytest.mark.parametrize("name", list(CROWDED))
def test_a_crowded_meld_area_keeps_every_meld_apart_and_readable(name, card_size, size):
    """No meld over another (its cards, its rect, its count or kind), each inside its side's
    area and clear of the stock and the pile; in the Samba family only a stack's runs cover
    each other, below their top strips. (Three- and six-hand's melds ran into each other and
    into the other half of the top; Samba's long rows overlapped.)"""
    table = _crowded_table(name, card_size)
    layout, geometry = table.layout, table.geometry
    slots = layout.meld_slots
    centre = [pile_rect().inflate(-12, -12), stock_rect().inflate(-16, -16)]
    assert all(slot.staged_index is None for slot in slots)
    for slot in slots:
        zone = geometry.meld_areas[slot.side].inflate(12, 8)  # the area as drawn
        assert zone.contains(slot.rect), (name, slot.side, slot.rank, slot.rect, zone)
        assert slot.rect.collidelist(centre) == -1, (name, slot.rank, slot.rect)
        for other in slots:
            if other is not slot:
                assert not slot.rect.inflate(-1, -1).colliderect(other.rect), (name, slot.rect, other.rect)
        for card in _meld_cards(table, slot):
            place = layout.placements[card]
            w, h = place.width, place.width * 1.4
            card_rect = pygame.FRect(place.x - w / 2, place.y - h / 2, w, h).inflate(-1, -1)
            assert zone.contains(card_rect), (name, card.face)
            for other in slots:
                same_stack = other.kind is slot.kind is MeldKind.SEQUENCE and other.rect.x == slot.rect.x
                if other is not slot and not same_stack:
                    assert not card_rect.colliderect(other.rect), (name, card.face, slot.rect, other.rect)
    layout_ = Layout(window_size=size)
    canvas = Canvas(layout_.viewport.size, layout_.scale)
    table.view.draw(canvas)
    badges = [(slot, _logical(box, layout_.scale)) for slot, box in table.view.meld_badge_boxes]
    labelled = {id(slot) for slot, _box in badges}
    assert all(id(slot) in labelled for slot in slots if slot.badge), name  # every count shows
    for slot, box in badges:
        side = (
            slot.side
            if slot is not None
            else next(s for s, spot in layout.red_three_spots.items() if box.collidepoint(spot))
        )
        assert geometry.meld_areas[side].inflate(16, 12).contains(box), (name, side, box)
        assert box.collidelist(centre) == -1
        for _other, other_box in badges:
            if other_box is not box:
                assert not box.colliderect(other_box), (name, box, other_box)
        for other in slots:
            if other is not slot:
                assert not box.colliderect(other.rect), (name, box, other.rect)
    # Each area's tab clears every count and kind (the others' tab, on their area's bottom
    # edge, lay over the bottom of the counts of the second row).
    labels = [box for _slot, box in table.view.meld_badge_boxes]
    for side, tab in table.view.zone_label_boxes.items():
        assert tab.collidelist(labels) == -1, (name, side, tab)


@pytest.mark.parametrize("size", [(1280, 720), (800, 450)])
@pytest.mark.parametrize("card_size", ["normal", "large"])
def test_canastas_side_by_side_keep_their_kinds_apart(card_size, size):
    """ "7 · natural" under one canasta and "7 · mixed" under the next, at the usual spacing,
    overlapped by a few pixels: a centred kind is as wide as the gap to its neighbours."""
    ours = {"K": "SK HK DK CK SK HK DK", "Q": "SQ HQ DQ CQ SQ JK D2", "J": "SJ HJ DJ CJ SJ HJ DJ", "5": "S5 H5 D5"}
    theirs = {"A": "SA HA DA CA SA HA DA", "10": "S10 H10 D10 C10 S10 JK H2", "9": "S9 H9 D9 C9 S9 H9 D9"}
    theirs["6"] = "S6 H6 D6"
    state = position(["C3"], melds=[ours, theirs], discard="S3", stock="C3 S3")
    stack, table = make_table(variant="classic", seed=5)
    table.load_state(state)
    table._set_card_size(card_size)
    table.animator.finish_all()
    layout_ = Layout(window_size=size)
    table.view.draw(Canvas(layout_.viewport.size, layout_.scale))
    boxes = [_logical(box, layout_.scale) for slot, box in table.view.meld_badge_boxes if slot is not None]
    kinds = [text for _slot, text in table.view.meld_labels if "·" in text]
    assert len(kinds) == 6 and len(boxes) == 8
    for box in boxes:
        assert all(other is box or not box.colliderect(other) for other in boxes), box


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 450)])
def test_the_kinds_of_canastas_in_a_crowded_row_stay_a_pixel_apart(size, language):
    """Play-test (stop 50): at 800x450 the Chinese "7 · 混合" under one of a row of Bolivia's
    canastas touched the next one's: the kind was fitted in logical units, drawn in whole
    pixels (its font's size rounded up). Each pill now fits its room as drawn. (A Bolivia
    deal's melds as a game left them.)"""
    theirs = [
        "DJ DJ HJ HJ SJ CJ CJ CJ SJ JK",
        "CA CA HA CA HA SA D2 SA DA HA DA",
        "S10 SJ SQ",
        "D9 D9 H9 C9 D9 S9 C2",
        "C10 D10 H10 C10 H10 D10 JK C10 S10",
        "D4 D4 H4 H4 S4 S4 C4 D4 C4 S4 H4",
        "C4 C5 C6 C7",
        "D5 D5 S5 H5 H5 S5 D2 S2",
        "DQ CQ HQ DQ DQ SQ H2",
        "C7 D7 H7 S7 S7 C7 D7 H7 D7",
        "CK DK HK HK",
        "H6 H7 H8",
    ]
    ours = ["H6 C6 D6 S6 C6 S6 C2 JK D6 D6 S6 H6", "C9 S9 S2 H9 S9 H9 D2 C9", "C5 C5 D5 H5 S5 H2 JK"]
    state = position(["C3"], [ours, theirs], discard="S3", stock="C3 S3", variant="bolivia")
    stack, table = make_table(variant="bolivia", seed=5)
    table.load_state(state)
    table.animator.finish_all()
    layout_ = Layout(window_size=size)
    i18n.set_language(language)
    try:
        table.view.draw(Canvas(layout_.viewport.size, layout_.scale))
    finally:
        i18n.set_language("en")
    ruler = Ruler(layout_.scale)
    kinds = [(slot, box) for slot, box in table.view.meld_badge_boxes if slot is not None and slot.canasta]
    assert len(kinds) >= 8
    for slot, box in kinds:
        for other, other_box in table.view.meld_badge_boxes:
            if other is not slot:
                assert not box.inflate(2, 0).colliderect(other_box), (box, other_box)  # a pixel between
        for other in table.layout.meld_slots:
            if other is not slot:
                assert not box.colliderect(ruler.rect(other.rect)), (box, other.rect)


def _logical(box: pygame.Rect, scale: float) -> pygame.FRect:
    return pygame.FRect(box.x / scale, box.y / scale, box.width / scale, box.height / scale).inflate(-2, -2)


def test_a_few_melds_keep_their_usual_places_and_a_crowded_row_shrinks_then_wraps():
    from game.scenes.meld_row import GAP, GAP_MIN, MIN_CARD_W, fit_columns

    aspect = 336 / 240
    usual = fit_columns([14.0, 0, 0, 6, 0], True, 54, (168, 400, 896, 172), aspect)  # red threes, four melds
    assert usual.rows == 1 and usual.card_w == 54 and set(usual.rooms) == {None}
    lefts = [x for x, _y in usual.places]
    assert lefts[:2] == [168, 168 + 54 + 14 + 18] and lefts[2] - lefts[1] == 54 + GAP
    half = (262, 98, 393, 168)  # three sides: a half of the top
    eight = fit_columns([0.0] * 8, False, 54, half, aspect)
    assert eight.rows == 1 and MIN_CARD_W <= eight.card_w < 54
    lefts = [x for x, _y in eight.places]
    assert abs(lefts[1] - lefts[0] - eight.card_w - GAP_MIN) < 1e-6 and lefts[-1] + eight.card_w <= 262 + 393 + 1e-6
    eleven = fit_columns([14.0] + [0.0] * 11, True, 54, half, aspect)
    assert eleven.squared and len(eleven.places) == 12 and eleven.card_w > 50
    tops = sorted({y for _x, y in eleven.places})
    assert len(tops) == 2 and tops[1] - tops[0] >= eleven.card_w * aspect + 6
    assert tops[1] + eleven.card_w * aspect + 6 <= 98 + 168 + 1e-6


@pytest.mark.parametrize("names", [(), tuple("长名字的玩家一二三四五六七八九十" + str(seat) for seat in range(5))])
@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize(("viewer", "out"), [(2, 4), (1, 3), (4, 1)])
def test_five_hand_order_of_play_at_north_in_pass_and_play(viewer, out, language, names):
    """Pass-and-play turns the table to whoever plays: the seat sitting out may then sit at
    North, whose place has no room under its tag (the meld area). The order of play was
    drawn at the window's left edge there, half outside it and under the score panel
    (review, stop 46): above the tag it is, inside the window, clear of the buttons."""
    i18n.set_language(language)
    try:
        stack, table = make_table(variant="five-hand", seed=5, levels=(None,) * 5, person_names=names)
        st = table.game.state
        order = {4: (0, 1, 2, 3), 3: (0, 1, 2, 4), 1: (0, 3, 2, 4)}[out]
        st.hands[st.out].extend(st.stock[:11])  # (the seat out in the first deal plays in this one)
        del st.stock[:11]
        st.stock.extend(st.hands[out])
        st.hands[out].clear()
        st.out, st.order = out, order
        table.seat_person(viewer)
        assert table.geometry.spot(out) == "N"
        table.view.draw(pygame.Surface(LOGICAL_SIZE))
        regions = _seat_regions(table, 1.0)
        tag, *lines = regions[out]
        assert lines  # the heading, then the names
        keep_clear = [_scaled(score_panel_rect(table.config), 1.0)]
        keep_clear += [_scaled(BUTTONS[name], 1.0) for name in ("speed", "keys", "menu", "new_game")]
        keep_clear += [_scaled(area.inflate(12, 8), 1.0) for area in table.geometry.meld_areas.values()]
        others = [box.inflate(-6, -6) for seat, boxes in regions.items() if seat != out for box in boxes]
        window = pygame.Rect((0, 0), LOGICAL_SIZE)
        for box in lines:
            assert window.contains(box), box
            assert box.bottom <= tag.top and abs(box.centerx - tag.centerx) <= 1, (box, tag)  # above its tag
            inner = box.inflate(-6, -6)
            assert inner.collidelist(keep_clear) == -1, box
            assert inner.collidelist(others) == -1, box
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_five_hand_says_once_who_sits_out(language, monkeypatch):
    """Play-test (stop 50): South-east's block said "South-east · sits out" on its tag and
    "sits out this deal" under it: the tag says it; the deal's order of play lies under it."""
    import game.scenes.table_view as table_view_module
    from tests.table_helpers import texts_drawn

    stack, table = make_table(variant="five-hand", seed=5)
    out = table.game.state.out
    assert table.geometry.is_block(out)  # (South-east, in the right column)
    table.skip_animations()
    i18n.set_language(language)
    try:
        drawn = texts_drawn(monkeypatch, table_view_module)
        table.view.draw(Canvas(LOGICAL_SIZE, 1.0))
        tag = i18n._("{name} · sits out").format(name=i18n._("South-east"))
        assert table.view.seat_tag(out) == tag  # (its tag, a pill)
        assert not [text for text in drawn if "sits out" in text or "轮空" in text], drawn  # nothing more
        assert i18n._("Order of play:") in drawn
    finally:
        i18n.set_language("en")


def _five_hand_deal_over():
    """A finished first deal of five-hand (South-east, seat 4, sits out: V-FIVE)."""
    from game.rules import Game

    game = Game(RulesConfig.for_variant("five-hand"), 3)
    bots = [FallbackBot(seat) for seat in range(5)]
    while game.state.phase is not Phase.OVER:
        seat = game.state.to_act
        game.apply(bots[seat].act(game.state.observation(seat)))
    assert game.state.out == 4
    return game


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_review_of_a_five_hand_deal_says_who_sits_out(language, monkeypatch):
    """The review listed the seat sitting out as "South-east · 0 cards", as if it had gone
    out (play-test, stop 48): it says it sits out this deal, as the table and the sheet do."""
    import game.scenes.review_scene as review_scene_module
    from game.review import deal_play
    from game.review_worker import SyncReview
    from game.scenes.base import SceneStack
    from game.scenes.review_scene import ReviewScene
    from game.seat_names import SeatNames
    from tests.table_helpers import texts_drawn

    game = _five_hand_deal_over()
    play = deal_play(game)
    i18n.set_language(language)
    try:
        stack = SceneStack()
        scene = ReviewScene(
            play, {0}, SeatNames.default(game.config), job_factory=lambda p, seats: SyncReview(p, seats, worlds=2)
        )
        stack.push(scene)
        drawn = texts_drawn(monkeypatch, review_scene_module)
        stack.draw(Canvas(LOGICAL_SIZE, 1.0))
        sits_out = i18n._("sits out this deal")
        assert drawn.count(sits_out) == 1, drawn
        assert i18n._("{n} cards").format(n=0) not in drawn
        scene.cursor = len(play.moves)  # the end of the deal: the one who went out holds 0 cards
        drawn.clear()
        stack.draw(Canvas(LOGICAL_SIZE, 1.0))
        assert drawn.count(sits_out) == 1
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1024, 576), (800, 450)])
def test_the_score_sheet_names_the_side_of_three_in_full_at_every_window_size(size, monkeypatch):
    """At 1024x768 and 800x450 the sheet's column read "West & East &…": the name fits by the
    logical measure that chose its size, but the smaller window's whole-pixel font came out a
    few per cent wider and one_line cut it (play-test, stop 48)."""
    import game.scenes.score_sheet as score_sheet_module
    from tests.table_helpers import texts_drawn

    stack, table = make_table(variant="five-hand", seed=5)
    game = _five_hand_deal_over()
    table.controller.game = game
    table.load_state(game.state)
    sheet = ScoreSheetScene(table, game.state.result)
    stack.push(sheet)
    drawn = texts_drawn(monkeypatch, score_sheet_module)
    stack.draw(Canvas(size, size[0] / LOGICAL_SIZE[0]))
    assert "West, East & South-east" in drawn, drawn
    assert not any(text.startswith("West, East") and text.endswith("…") for text in drawn)


def _sheet_texts(monkeypatch) -> list[tuple[str, pygame.FRect]]:
    """Every text the score sheet draws from now on, with its box in logical units."""
    import game.scenes.score_sheet as score_sheet_module

    return record_blits(
        monkeypatch, score_sheet_module, lambda surface, text, rect: (text, Ruler.of(surface).logical(rect))
    )


def _hands_drawn(sheet, drawn) -> list[tuple[str, pygame.FRect]]:
    """The texts under the sheet's "Left in hand": the seats' names and their lines of cards."""
    heading = [text for text, _rect in drawn].index(i18n._("Left in hand"))
    return drawn[heading + 1 :]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("variant", APP_VARIANT_IDS)
def test_the_cards_left_in_hand_keep_inside_the_sheet_and_clear_of_its_buttons(variant, language, monkeypatch):
    """Every seat but one held its cards all deal (thirty in two-hand, Samba and Hand and Foot):
    at 1280x720 and 800x450 each seat's lines of cards stay inside the panel, clear of each
    other and of the buttons, and the panel inside the window; a seat's cards take further
    lines where the sheet has room (two-hand showed 15 of 30 cards and "(+15 more)",
    play-test, stop 48), counted only where even they cannot hold them."""
    config = RulesConfig.for_variant(variant)
    game = deal_over_with_long_hands(variant, hoarders=range(config.players - 1))
    stack, sheet = sheet_over(variant, game)
    i18n.set_language(language)
    try:
        drawn = _sheet_texts(monkeypatch)
        for size in ((1280, 720), (800, 450)):
            drawn.clear()
            stack.draw(Canvas(size, size[0] / LOGICAL_SIZE[0]))
            panel = sheet.panel
            assert panel.top >= 0 and panel.bottom <= LOGICAL_SIZE[1]
            hands = _hands_drawn(sheet, drawn)
            assert len(hands) >= 2 * config.players
            slack = 1.0 / (size[0] / LOGICAL_SIZE[0])  # (a pixel's rounding)
            buttons_top = min(sheet.review_button.rect.top, sheet.export_button.rect.top)
            for text, rect in hands:
                assert rect.left >= panel.left + 40 - slack and rect.right <= panel.right - 40 + slack, (size, text)
                assert rect.bottom <= buttons_top, (size, text)
            for index, (text, rect) in enumerate(hands):  # (boxes may touch by a pixel's rounding)
                inner = rect.inflate(-2 * slack - 0.1, -2 * slack - 0.1)
                for other, other_rect in hands[index + 1 :]:
                    assert not inner.colliderect(other_rect), (size, text, other)
            if config.players <= 3:  # (room for every card of two hoarders)
                more = i18n._("(+{n} more)").partition("{n}")[0]
                assert not any(more in text for text, _rect in hands), (size, hands)
    finally:
        i18n.set_language("en")


def test_a_seat_given_a_line_its_cards_do_not_need_leaves_no_blank_line_under_them(monkeypatch):
    """The sheet gives a seat a second line when its cards would not fit one at 14 in a
    twentieth less than the column (`lines_wanted`'s spare); drawn in the window's font they
    may fit one after all, and the next seat sat a blank line lower (Hand and Foot, the
    player's hand and foot, play-test, stop 59). The next seat follows the lines drawn."""
    from game.scenes.score_sheet import HAND_LINE

    game = deal_over_with_long_hands("classic", hoarders=set())
    stack, sheet = sheet_over("classic", game)
    sheet.hand_line_counts = [2, *sheet.hand_line_counts[1:]]  # (a line more than its cards need)
    drawn = _sheet_texts(monkeypatch)
    stack.draw(Canvas((1280, 720), 1.0))
    assert len(sheet._hand_lines(Ruler(1.0))[0].lines) == 1
    hands = _hands_drawn(sheet, drawn)
    first_name, _first_cards, second_name = (rect for _text, rect in hands[:3])
    assert second_name.centery - first_name.centery == pytest.approx(HAND_LINE, abs=1)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("variant", [v for v in APP_VARIANT_IDS if variant_named(v).partnerships])
def test_a_partners_bubble_keeps_clear_of_the_instruction_and_the_hand_in_the_smallest_window(variant, language):
    """At 800x450 in six-hand (two sides of three) North-west's "Yes, go out!" lay over the
    turn's instruction (play-test, stop 48), as West's bubbles did in the four-seat games: every
    seat's words, the player's partners' first, keep clear of the instruction as drawn, its
    place and the hand, in the smallest window a player may make."""
    from game.scenes.animations import Effect
    from game.scenes.table_layout import BUBBLE_KEEP_CLEAR
    from game.window import MIN_WINDOW
    from tests.table_helpers import players_turn, until

    stack, table = make_table(variant=variant, seed=4)
    until(stack, players_turn(stack, table))
    config = table.config
    state = table.game.state
    partners = [seat for seat in range(1, config.players) if state.side_of(seat) == state.side_of(0)]
    assert partners
    seats = partners + [seat for seat in range(config.players) if seat not in partners]
    canvas = Canvas(MIN_WINDOW, MIN_WINDOW[0] / LOGICAL_SIZE[0])
    ruler = Ruler.of(canvas)
    keep_clear = [ruler.rect(rect) for rect in BUBBLE_KEEP_CLEAR]
    i18n.set_language(language)
    try:
        for seat in seats:
            for words in (N_("Yes, go out!"), N_("No, not yet."), N_("May I go out?"), N_("I pick up my foot.")):
                table.bubbles.clear()
                table._fire(Effect("bubble", seat=seat, text=i18n._(words)))
                stack.draw(canvas)
                assert table.view.status_boxes, "no instruction drawn"
                body, tail = table.bubbles[-1].widget.placed(canvas)
                tail_box = pygame.Rect(tail[0], (1, 1)).unionall([pygame.Rect(point, (1, 1)) for point in tail])
                for shape in (body, tail_box):
                    assert shape.collidelist(table.view.status_boxes) < 0, (seat, words, shape)
                    assert shape.collidelist(keep_clear) < 0, (seat, words, shape, keep_clear)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(800, 450), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("case", [*CROWDED, "hand-and-foot", "five-hand", "two-hand"])
def test_the_player_s_own_words_leave_the_counts_under_our_melds_in_sight(case, size):
    """South's "May I go out?" (and its answers to the partner, its foot picked up) hung over
    the hand's middle, in the bottom strip of our meld area, where the counts under our melds
    are: at 800x450 it lay over the 7s' count (play-test, stop 64). The player's words go in
    the corner over its name tag (Hand and Foot: over its foot), clear of every count, card,
    tag, foot and meld area, inside the window, in both languages at every window size."""
    from game.scenes.animations import BUBBLE_WORDS, Effect

    if case not in CROWDED:  # (just dealt: Hand and Foot's feet lie by their seats)
        stack, table = make_table(variant=case, seed=4)
    else:
        stack, table = make_table(variant=CROWDED[case]["variant"])
        table.load_state(crowded_position(case))
    table.animator.finish_all()
    canvas = Canvas(size, size[0] / LOGICAL_SIZE[0])
    ruler = Ruler.of(canvas)
    try:
        for language in ("en", "zh_CN"):
            i18n.set_language(language)
            for words in BUBBLE_WORDS.values():
                table.bubbles.clear()
                table._fire(Effect("bubble", seat=table.human, text=i18n._(words)))
                stack.draw(canvas)
                view, layout = table.view, table.layout
                badges = [box for _slot, box in view.meld_badge_boxes]
                assert len(badges) >= len(table.game.state.side_melds(table.human_side))
                others = [box for boxes in view.seat_boxes.values() for box in boxes] + list(view.foot_boxes.values())
                others += [ruler.rect(place.rect()) for place in layout.placements.values() if place.visible]
                others += [ruler.rect(area.inflate(12, 8)) for area in table.geometry.meld_areas.values()]
                body, tail = table.bubbles[-1].widget.placed(canvas)
                tail_box = pygame.Rect(tail[0], (1, 1)).unionall([pygame.Rect(point, (1, 1)) for point in tail])
                for shape in (body, tail_box):
                    assert shape.collidelist(badges) < 0, (language, words, shape, badges[shape.collidelist(badges)])
                    assert shape.collidelist(others) < 0, (language, words, shape, others[shape.collidelist(others)])
                assert canvas.get_rect().contains(body)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_score_panel_names_our_partners_at_five_and_six(language):
    """With two sides of three the partners sit every other seat: the score panel's "Us"
    beside "South-west & North & South-east" did not say who they were (play-test, stop 50).
    At five and six seats our row names them; four seats keep "Us" (the partner sits opposite)."""
    i18n.set_language(language)
    try:
        expected = {
            "six-hand-2x3": ("You, North-west & North-east", "你、西北家、东北家"),
            "six-hand": ("You & North", "你、北家"),
            "five-hand": ("You & North", "你、北家"),
            "classic": ("Us", "本方"),
        }
        for variant, names in expected.items():
            stack, table = make_table(variant=variant, seed=5)
            table.view.draw(pygame.Surface(LOGICAL_SIZE))
            assert table.view.score_row_names()[table.human_side] == names[language == "zh_CN"]
            assert table.side_name(table.human_side) == ("Us", "本方")[language == "zh_CN"]  # (elsewhere: "Us")
    finally:
        i18n.set_language("en")


def _stock_stack(layout) -> pygame.FRect:
    """What the stock's cards cover (logical): its top card and the stack's thickness."""
    rects = [layout.placements[card].rect() for card in layout.state.stock]
    return rects[0].unionall(rects[1:])


@pytest.mark.parametrize("variant", APP_VARIANT_IDS)
def test_a_full_stock_stays_in_the_band_between_the_meld_areas(variant):
    """Hand and Foot's five-pack stock, lifted up and left by its thickness, reached into the
    opponents' meld area, whose count badges sat on its top edge (play-test, stop 52): the
    stack lies right of its top card and a little lower, between the areas as drawn, clear of
    the pile, inside the place that takes its clicks and rings."""
    stack, table = make_table(variant=variant, seed=3)
    table.animator.finish_all()
    packs = table.config.rules.packs
    stock = _stock_stack(table.layout)
    for area in table.geometry.meld_areas.values():
        assert not stock.colliderect(area.inflate(12, 8)), (variant, stock, area)
    assert not stock.colliderect(pile_rect()) and stock_rect(packs).contains(stock)
    assert stock.bottom <= STOCK_POS[1] + card_h(CENTER_W) / 2 + 4  # (its count under it stays clear)


@pytest.mark.parametrize("size", [(1280, 720), (1000, 700), (800, 450)])
def test_hand_and_foot_count_badges_stay_off_the_stock(size):
    """The play-test's table: tall books and melds over the stock, whose count badges sat on
    the full stock's top edge (43z.png, stop 52), at each of the play-test's window sizes."""
    theirs = ["SK HK DK CK SK HK DK", "S9 H9 D9 C9 S9 H9", "S8 H8 D8 C8 S8 H2", "S7 H7 D7 C7 JK"]
    theirs += ["S6 H6 D6 C6 S6 H6 D6", "S5 H5 D5 S5 H5 D5"]
    state = position(
        ["C4 C5"],
        melds=[[], theirs],
        variant="hand-and-foot",
        exact=False,
        discard="S4",
        feet=["C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA"] * 4,
    )
    stack, table = make_table(variant="hand-and-foot", seed=5)
    table.load_state(state)
    table.animator.finish_all()
    layout_ = Layout(window_size=size)
    table.view.draw(Canvas(layout_.viewport.size, layout_.scale))
    stock = _stock_stack(table.layout)
    badges = [_logical(box, layout_.scale) for _slot, box in table.view.meld_badge_boxes]
    assert len(badges) >= len(theirs)
    assert stock.collidelist(badges) == -1, (stock, badges)


def _hand_and_foot_table_with(ours: list[str], size: tuple[int, int]):
    """A Hand and Foot table whose bottom side has the melds `ours` (its feet still down),
    settled, and the layout of a window of `size`."""
    feet = ["D4 D6 D9 DQ DA", "H4 H6 H9 HQ HA", "S4 S6 S9 SQ SA", "C4 C6 C9 CQ CK"]
    state = position(
        ["C9", "C6", "C7", "C8"], [ours, []], variant="hand-and-foot", discard="S4", feet=feet, red_threes=["H3 D3", ""]
    )
    _stack, table = make_table(variant="hand-and-foot", seed=5)
    table.load_state(state)
    table.animator.finish_all()
    return table, Layout(window_size=size)


@pytest.mark.parametrize("size", [(1280, 720), (800, 450)])
def test_hand_and_foot_clean_and_dirty_books_are_named_in_one_font_size(size):
    """Play-test (stop 57): at 800x450, in a row of ten melds, "clean book" (two pixels
    wider than "dirty book") fell two font sizes below it, to an unreadable 5 pixels. A
    narrower padding comes before a smaller font: both kinds are named alike (in short,
    "clean" and "dirty", where the names would be too small to read)."""
    ours = [
        "SA HA DA CA SA H2",
        "SK HK DK CK SK HK D2",
        "SQ HQ DQ CQ",
        "SJ HJ JK DJ CJ SJ",
        "S10 H10 D10 C10 S10 H10 C2",
        "S8 H8 D8 C8",
        "S7 H7 D7 C7 S7 H7 D7",
        "S6 C6 H2",
        "S5 H5 D5 C5 S5 H5 D5",
        "S4 H4 D4 C4 S4 H4",
    ]
    table, layout_ = _hand_and_foot_table_with(ours, size)
    table.view.draw(Canvas(layout_.viewport.size, layout_.scale))
    books = {
        text: box
        for slot, box in table.view.meld_badge_boxes
        for s, text in table.view.meld_labels
        if s is slot and slot is not None and slot.canasta
    }
    assert set(books) in ({"clean book", "dirty book"}, {"clean", "dirty"})  # (short where too small)
    assert len({box.height for box in books.values()}) == 1
    kinds = [box for slot, box in table.view.meld_badge_boxes if slot is not None and slot.canasta]
    assert len(kinds) == 4
    for box in kinds:
        assert all(other is box or not box.inflate(2, 0).colliderect(other) for other in kinds)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("size", [(800, 450), (1280, 720), (1920, 1080)])
def test_a_row_of_twelve_hand_and_foot_melds_names_its_books_in_a_readable_size(monkeypatch, size, language):
    """Play-test (stop 57): in a row of twelve Hand and Foot melds at 800x450 both book labels
    shrank to about 5 pixels. A kind is drawn 8 pixels high at least: where its name would be
    smaller, its short name ("clean", "dirty"); the two kinds in one size, apart."""
    from game.scenes import table_view
    from game.scenes.table_view import KIND_MIN_PX

    ours = [
        "SA HA DA CA SA HA DA",
        "SK HK DK CK SK HK D2",
        "SQ HQ DQ CQ SQ HQ DQ",
        "SJ HJ JK DJ CJ SJ HJ",
        "S10 H10 D10 C10 S10 H10 C10",
        "S9 H9 D9 C9 S9 H9 C2",
        "S8 H8 D8 C8 S8 H8 D8",
        "S7 H7 D7 C7 S7 H7 JK",
        "S6 H6 D6 C6 S6 H6 D6",
        "S5 H5 D5 C5 S5 H5 H2",
        "S4 H4 D4 C4",
        "CA CA CA",
    ]
    table, layout_ = _hand_and_foot_table_with(ours, size)
    sizes: dict[str, float] = {}
    real_pill = table_view.pill
    monkeypatch.setattr(
        table_view,
        "pill",
        lambda s, text, *a, **k: sizes.setdefault(text, k.get("size", 0)) and real_pill(s, text, *a, **k),
    )
    i18n.set_language(language)
    try:
        table.view.draw(Canvas(layout_.viewport.size, layout_.scale))
        full = {i18n._("clean book"), i18n._("dirty book")}
        short = {i18n._("clean"), i18n._("dirty")}
    finally:
        i18n.set_language("en")
    kinds = [
        (text, box)
        for (slot, text), (_s, box) in zip(table.view.meld_labels, table.view.meld_badge_boxes)
        if slot.canasta
    ]
    names = {text for text, _box in kinds}
    assert len(kinds) == 10 and names in (full, short), names
    if size != (800, 450) or language == "zh_CN":
        assert names == full  # (room enough: the whole name)
    ruler = Ruler(layout_.scale)
    assert all(ruler.px(sizes[name]) >= KIND_MIN_PX for name in names), sizes
    assert len({box.height for _text, box in kinds}) == 1
    boxes = [box for _text, box in kinds]
    for box in boxes:
        assert all(other is box or not box.inflate(2, 0).colliderect(other) for other in boxes)
