"""Every variant the app offers, at the table: a whole deal by mouse, and a layout where
every seat's name tag, cards and last action have their own place at 1280x720 and at
1000x700 (letterboxed), in both languages."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from fallback_bot import FallbackBot  # noqa: E402

from game import i18n  # noqa: E402
from game.automation import Driver  # noqa: E402
from game.i18n import N_  # noqa: E402
from game.move_log import LogEntry  # noqa: E402
from game.rules import Phase, RulesConfig  # noqa: E402
from game.rules.variants import APP_VARIANT_IDS, variant_named  # noqa: E402
from game.scenes.layout import LOGICAL_SIZE, Canvas, Layout  # noqa: E402
from game.scenes.score_sheet import ScoreSheetScene  # noqa: E402
from game.scenes.table_layout import BUTTONS, HAND_RECT, pile_rect, score_panel_rect, stock_rect  # noqa: E402
from game.window import MainWindow  # noqa: E402
from tests.rules_helpers import position  # noqa: E402
from tests.table_helpers import DT, fallback, make_table, tick  # noqa: E402

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


def _busy_table(variant: str):
    """A table mid-deal where every seat has a long last action and a big hand."""
    stack, table = make_table(variant=variant, seed=5)
    table.animator.finish_all()
    st = table.game.state
    for side in range(table.config.sides):  # something on every side's meld area: its label shows
        if st.red_threes[side]:
            continue
        for cards in [st.stock, *st.hands]:
            card = next((c for c in cards if c.is_red_three), None)
            if card is not None:
                cards.remove(card)
                st.red_threes[side].append(card)
                break
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


@pytest.mark.parametrize("variant", APP_VARIANT_IDS)
def test_every_meld_area_is_labelled_with_its_side(variant):
    stack, table = make_table(variant=variant, seed=5)
    config = table.config
    st = table.game.state
    for side in range(config.sides):  # something melded on every side
        st.red_threes[side].append(next(c for c in config.deck if c.is_red_three))
    table.view.draw(pygame.Surface(LOGICAL_SIZE))
    assert set(table.view.zone_label_boxes) == set(range(config.sides))
    names = {table.view.zone_label(side) for side in range(config.sides)}
    assert len(names) == config.sides  # each side named apart


def test_five_hand_shows_who_sits_out():
    stack, table = make_table(variant="five-hand", seed=5)
    st = table.game.state
    out = st.out
    rules = variant_named("five-hand")
    assert rules is not None and out == rules.sit_out[0]
    assert "sits out" in table.view.seat_tag(out)
    for seat in range(5):
        if seat != out:
            assert table.view.seat_tag(seat).endswith(f"· {len(st.hands[seat])}")
    table.view.draw(pygame.Surface(LOGICAL_SIZE))
    assert out in table.view.seat_boxes  # its tag is drawn, and a line under it
    assert len(table.view.seat_boxes[out]) == 2


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
