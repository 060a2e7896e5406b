"""Panels and the hand: the initial-meld panel leaves the turn instruction in sight, the
hint and the refusal leave every meld in sight, and the hand holds still under the pointer
when a card leaves it."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.scenes.layout import Canvas, Layout, Ruler
from game.scenes.table_layout import (
    BUTTONS,
    HAND_RECT,
    MESSAGE_TOP,
    PILE_POS,
    STAGE_PANEL,
    pile_rect,
    stock_rect,
)
from game.scenes.table_panels import MESSAGE_WIDTH, REFUSAL_FILL
from game.scenes.table_view import zone_text_rect
from tests import rules_helpers
from tests.meld_helpers import CROWDED, crowded_position, group, run
from tests.table_helpers import (
    blits_drawn,
    card_point,
    click,
    drag,
    hand_card,
    make_table,
    mouse,
    position,
    select,
    tick,
)

SCREEN = (1280, 720)


def _staged_table():
    state = position(["HA CA SA HK SK DK C5 D5 H5 H7", "C4 C6", "C7 C8", "C9 C10"], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    fives = select(stack, table, ("C5", "D5", "H5"))
    drag(stack, card_point(table, fives[0]), (400, 480))
    assert table.ui.staged
    return stack, table


def test_the_turn_instruction_says_how_to_play_the_raised_cards():
    """Cards raised in the meld phase: the line under the hand names the drag (and the key)."""
    state = position(["HA CA SA HK SK DK C5 D5 H5 H7", "C4 C6", "C7 C8", "C9 C10"], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    assert table.status_text() == "Meld if you can, then discard a card onto the pile."
    select(stack, table, ("H7",))
    # (no meld of our side yet: nothing to add it to)
    assert table.status_text() == "Drag the card onto the pile to discard it (X), or select more cards to meld with it."
    select(stack, table, ("C5", "D5"))
    assert table.status_text() == "Click your melds area (or drag the cards there) to meld them (M)."
    table.ui.selected.clear()
    assert table.status_text() == "Meld if you can, then discard a card onto the pile."
    melded = position(["HA CA SA H7", "C4 C6", "C7 C8", "C9 C10"], [{"K": "HK SK DK"}, {}], discard="S4", phase="meld")
    table.load_state(melded)
    select(stack, table, ("H7",))
    assert table.status_text() == "Drag the card onto a meld to add it (M), or onto the pile to discard it (X)."


def test_the_initial_meld_panel_leaves_the_turn_instruction_in_sight():
    stack, table = _staged_table()
    table.view.draw(Canvas(SCREEN, 1.0))
    assert table.status_text() == "Meld if you can, then discard a card onto the pile."
    lines = table.view.status_boxes
    assert lines, "the turn instruction is drawn while staging"
    panel = pygame.Rect(STAGE_PANEL)
    for line in lines:
        assert not line.colliderect(panel), (line, panel)
        assert not line.colliderect(table.geometry.meld_areas[0].inflate(12, 8))
    for name in ("confirm", "cancel"):  # the panel's buttons are inside it
        assert panel.contains(pygame.Rect(BUTTONS[name]))
    for rect in (stock_rect(), pile_rect(), table.geometry.meld_areas[0].inflate(12, 8)):
        assert not panel.colliderect(rect)


def _meld_turn():
    state = position(["HA CA SA HK SK DK C5 D5 H5 H7 S9 D9", "C4 C6", "C7 C8", "C9 C10"], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    tick(stack, 0.5)
    return stack, table


def test_the_hand_holds_still_under_the_pointer_when_a_card_leaves_it():
    from game.rules import Move

    stack, table = _meld_turn()
    card = next(c for c in table.layout.hand_cards if c.face == "H7")
    pointer = card_point(table, card)
    stack.handle_event(mouse(pygame.MOUSEMOTION, pointer))  # the pointer rests on the hand
    before = {c: table.layout.placements[c].x for c in table.layout.hand_cards}
    aces = [c for c in table.layout.hand_cards if c.face in ("HA", "CA", "SA")]
    assert table.controller.play(Move.parse("meld HA CA SA"))  # (as the M key lays them)
    table.cards_moved()
    after = {c: table.layout.placements[c].x for c in table.layout.hand_cards}
    assert after == {c: x for c, x in before.items() if c not in aces}  # nothing moved
    # The pointer leaves the hand: it closes up and re-centres.
    stack.handle_event(mouse(pygame.MOUSEMOTION, (640, 330)))
    shown = table.layout.hand_cards
    xs = table.geometry.hand_positions(len(shown))
    assert [table.layout.placements[c].x for c in shown] == xs


def test_a_discard_closes_the_hand_up_under_the_pointer():
    """The turn is over: the gap a double-click discard left stayed through the other
    players' turns while the pointer rested there (play-test, stop 41)."""
    stack, table = _meld_turn()
    table.confirm_risky = False
    card = next(c for c in table.layout.hand_cards if c.face == "H7")
    pointer = card_point(table, card)
    stack.handle_event(mouse(pygame.MOUSEMOTION, pointer))
    click(stack, pointer)
    click(stack, pointer)  # a double-click discards the 7♥
    assert card in table.state.pile
    shown = table.layout.hand_cards
    assert card not in shown
    assert [table.layout.placements[c].x for c in shown] == table.geometry.hand_positions(len(shown))


def test_a_card_joining_the_hand_or_a_new_order_lays_it_out_afresh():
    stack, table = _meld_turn()
    first = table.layout.hand_cards[0]
    stack.handle_event(mouse(pygame.MOUSEMOTION, card_point(table, first)))
    assert table.ui.hold is not None
    table.sort_hand("suit")  # S with the pointer on the hand: the cards take their new order
    shown = table.layout.hand_cards
    assert [table.layout.placements[c].x for c in shown] == table.geometry.hand_positions(len(shown))


def test_continue_rebuilds_the_move_log_from_the_saved_moves(tmp_path):
    """The save holds the seed and the moves: after Continue the log shows the deal so far
    (a second deal's, after a finished first), exactly as it was seen live."""
    from game.bots import make_bot
    from game.move_log import MoveLog
    from game.rules import Game, Phase, RulesConfig
    from game.saves import SaveStore

    config = RulesConfig.for_variant("classic")
    game = Game(config, 7, first_dealer=2)
    live = MoveLog(0)
    live.record(game.last_deal_events)
    bots = [make_bot("easy", seat) for seat in range(4)]
    deals_seen = 0
    while deals_seen < 1 or len(live.entries) < 12:
        if game.state.phase is Phase.OVER:
            deals_seen += 1
            live.record(game.next_deal())
            continue
        seat = game.state.to_act
        live.record(game.apply(bots[seat].act(game.state.observation(seat))))
    store = SaveStore(tmp_path)
    store.save(game, (None, "easy", "easy", "easy"))  # the game's own first dealer, 2
    saved = store.load()
    assert saved.game is not None and saved.game.deal_number == 1
    stack, table = make_table(game=saved.game, levels=saved.levels)
    shown = [entry.text(table) for entry in table.move_log.newest_first()]
    assert shown == [entry.text(table) for entry in live.newest_first()]
    assert shown[-1].endswith("dealt.")  # the second deal's log, from its deal on
    assert table.move_log.last_action(1) is not None  # West's label says what it did last


# -- the hint and the refusal beside the melds -------------------------------------------
# Opponents with several melds (three- and six-hand's halves, a red three's fan, Samba's
# runs), ours few or many: the hint, a refusal and both at once cover no meld, no meld's
# count and no red three, nor the stock, the pile or the hand (they lay over the
# opponents' melds, play-test, stop 44).


def _ranks(ranks: str, naturals, start: int = 0, **wilds: str) -> dict[str, str]:
    """A meld of each of `ranks`, `naturals(i)` cards for the i-th (`wilds`: rank=wild cards)."""
    return {r: group(r, naturals(i), wilds.get(f"r{r}", ""), start) for i, r in enumerate(ranks.split())}


HAND = "C8 H4 S5 H6 D9 C7 D7 S9"  # the 8 dropped on the 7 of the pile is refused (R-TAKE)
CLASSIC_CROWDED = dict(
    melds=[
        _ranks("A K Q J 10 6 4", lambda i: 3 + i % 2, 1),
        _ranks("A K Q J 10 7 8 5", lambda i: 3 + i % 3, rK="JK"),
    ],
    red_threes=["H3", "D3"],
    others=["C3", "S3", "C3"],
    stock="S3",
)
SPREAD = {
    "classic": dict(
        melds=[{"A": "HA DA CA", "5": "H5 D5 C5 JK"}, _ranks("A K Q 10 9 8 6", lambda i: 3 + i % 3, rK="JK")],
        red_threes=["", "H3 D3"],
    ),
    "classic-crowded": CLASSIC_CROWDED,
    "classic-crowded-frozen": dict(CLASSIC_CROWDED, discard="C4 D2 S7"),  # FROZEN in the band right of the pile
    "three-hand": dict(
        variant="three-hand",
        melds=[
            {"A": "HA DA CA"},
            _ranks("A K Q J 10 9", lambda i: 3 + i % 2),
            _ranks("8 7 6 5 4", lambda i: 3 + i % 2, 2),
        ],
        red_threes=["", "H3", ""],
    ),
    "six-hand": dict(
        variant="six-hand",
        melds=[
            {"A": "HA DA CA"},
            _ranks("A K Q J 10 9 8", lambda i: 3 + i % 4),
            _ranks("8 6 5 4 K Q", lambda i: 4 + i % 3, 2),
        ],
        red_threes=["", "H3 D3", "H3"],
    ),
    "six-hand-2x3": dict(
        variant="six-hand-2x3",
        melds=[{"A": "HA DA CA"}, _ranks("A K Q J 10 9 8 5", lambda i: 4 + i % 4, rK="JK")],
        red_threes=["", "H3 D3"],
    ),
    "samba": dict(
        variant="samba",
        melds=[
            [group("A", 3)],
            [group(r, 3 + i % 4, start=1) for i, r in enumerate("A K Q J 10 8".split())]
            + [run("S", 5, 6), run("H", 6, 4), run("D", 4, 5)],
        ],
        red_threes=["", "H3"],
    ),
    "samba-crowded": dict(
        variant="samba",
        melds=[
            [group(r, 3, start=2) for r in "A K Q J 10 6".split()] + [run("C", 5, 5)],
            [group(r, 3 + i % 4, start=1) for i, r in enumerate("A K Q J 10 8".split())]
            + [run("S", 5, 6), run("H", 6, 4), run("D", 4, 5)],
        ],
        red_threes=["", "H3"],
    ),
}
SIZES = ((1280, 720), (800, 450), (1920, 1080))


def _spread_table(name: str):
    spec = SPREAD[name]
    variant = spec.get("variant", "classic")
    players = {"classic": 4, "three-hand": 3}.get(variant, 6 if variant.startswith("six") else 4)
    others = spec.get("others", ["S6 S8", "D10 H10", "D4 S4", "C10 S10", "D6 H6"])
    state = rules_helpers.position(
        [HAND, *others[: players - 1]],
        melds=spec["melds"],
        red_threes=spec["red_threes"],
        variant=variant,
        discard=spec.get("discard", "C4 H9 S7"),
        stock=spec.get("stock", "C3 S3"),
    )
    stack, table = make_table(variant=variant, seed=5)
    table.load_state(state)
    table.animator.finish_all()
    tick(stack, 0.1)
    return stack, table


def _refuse(stack, table) -> None:
    drag(stack, card_point(table, hand_card(table, "C8")), PILE_POS)  # an 8 cannot take the 7
    table.animator.finish_all()
    tick(stack, 0.1)
    assert table.refusal is not None and table.refusal.rule in ("R-TAKE", "R-FROZEN")


def _scaled(rect, scale: float) -> pygame.Rect:
    x, y, w, h = rect
    return pygame.Rect(round(x * scale), round(y * scale), round(w * scale), round(h * scale))


def _panels_leave_the_melds_in_sight(table, shown: set[str], tabs: bool = True) -> None:
    """At every window size: the panels `shown` are drawn inside the window, clear of every
    meld (its cards, its count or kind), the red threes, the stock, the pile, the hand, and
    (`tabs`) of each area's tab (a refusal over the hint hides it: only one of them is drawn)."""
    for size in SIZES:
        layout = Layout(window_size=size)
        scale = layout.scale
        canvas = Canvas(layout.viewport.size, scale)
        table.view.draw(canvas)
        boxes = table.view.panels.boxes
        hint, message = table.view.panels.panel_places()
        hidden = {"hint"} if hint is not None and message is not None and hint.colliderect(message) else set()
        assert set(boxes) == shown - hidden, (size, boxes)
        if len(boxes) == 2:
            assert not boxes["hint"].colliderect(boxes["refusal"])
        keep_clear = [_scaled(slot.rect, scale) for slot in table.layout.meld_slots]
        keep_clear += [box for _slot, box in table.view.meld_badge_boxes]
        for cards in table.game.state.red_threes:
            for card in cards:
                place = table.layout.placements[card]
                keep_clear.append(
                    _scaled(
                        (place.x - place.width / 2, place.y - place.width * 0.7, place.width, place.width * 1.4), scale
                    )
                )
        keep_clear += [_scaled(rect, scale) for rect in (stock_rect(), pile_rect(), HAND_RECT)]
        keep_clear += list(table.view.zone_label_boxes.values()) if tabs else []
        keep_clear += [_scaled(rect, scale).inflate(-2, -2) for rect in table.view._pile_state_rects]  # FROZEN ...
        window = pygame.Rect((0, 0), canvas.get_size())
        for kind, box in boxes.items():
            assert window.contains(box), (kind, size, box)
            if kind == "refusal":
                _only_fill_inside_the_border(canvas, box, scale)
            hit = box.collidelist(keep_clear)
            assert hit == -1, (kind, size, box, keep_clear[hit])


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("name", list(SPREAD))
def test_the_hint_and_the_refusal_leave_every_meld_in_sight(name, language):
    i18n.set_language(language)
    try:
        stack, table = _spread_table(name)
        assert table.show_hint()
        _panels_leave_the_melds_in_sight(table, {"hint"})
        table.clear_hint()
        _refuse(stack, table)
        _panels_leave_the_melds_in_sight(table, {"refusal"})
        layout = Layout(window_size=(1920, 1080))
        table.view.draw(Canvas(layout.viewport.size, layout.scale))
        banner = table.view.panels.refusal_rect()  # where a click opens the rule: the banner as drawn
        assert banner is not None and _scaled(banner, layout.scale).inflate(-4, -4).colliderect(
            table.view.panels.boxes["refusal"]
        )
        assert table.show_hint()
        _refuse(stack, table)  # while the hint shows: under it, beside it, or over it a moment
        _panels_leave_the_melds_in_sight(table, {"hint", "refusal"})
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("name", [name for name in SPREAD if name != "samba-crowded"])
def test_a_refusal_beside_the_hint_leaves_both_in_sight(name, language):
    """Where a refusal fits beside the open hint, whole or short, or beside the hint's short
    form, both show: it lay over the hint for most of its 8 seconds on ordinary tables
    (review, stop 44). (On the crowded Samba table neither fits beside the other.)"""
    i18n.set_language(language)
    try:
        stack, table = _spread_table(name)
        assert table.show_hint()
        _refuse(stack, table)
        for size in SIZES:
            layout = Layout(window_size=size)
            table.view.draw(Canvas(layout.viewport.size, layout.scale))
            boxes = table.view.panels.boxes
            assert set(boxes) == {"hint", "refusal"}, (size, boxes)
            assert not boxes["hint"].colliderect(boxes["refusal"]), (size, boxes)
    finally:
        i18n.set_language("en")


# Samba at the play-test's moment (seed 404, after the draw): our melds leave a place 300
# units wide at the right of our area, where the refusal of a sequence with a two goes.
SAMBA_NARROW = dict(
    melds=[
        ["CK HK JK DK HK", "H7 H8 H9 H10 HJ HQ", "D9 H9 S9", "C8 H8 S8 D8 S8", "C4 S4 S4"],
        ["D10 H10 S10 S2", "S5 S6 S7", "C8 H8 S8", "DJ DQ DK DA", "D7 D8 D9", "CQ CQ SQ"],
    ],
    red_threes=["H3 D3", "D3 D3 H3"],
)


def _only_fill_inside_the_border(canvas: pygame.Surface, box: pygame.Rect, scale: float) -> None:
    """Inside the panel's border, down both sides, nothing but the panel's fill: the words
    and the rule's chip end short of its edges (not cut off, not over the border)."""
    inset, strip, corner = round(3 * scale), round(9 * scale), round(14 * scale)
    for x0 in (box.left + inset, box.right - inset - strip):
        for x in range(x0, x0 + strip):
            for y in range(box.top + corner, box.bottom - corner):
                color = canvas.get_at((x, y))
                assert all(abs(color[i] - REFUSAL_FILL[i]) <= 12 for i in range(3)), (box, (x, y), color)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_refusal_in_a_narrow_place_shows_its_words_and_its_rule_whole(language):
    """The refusal at the right of our Samba area, 300 units wide: its rule's chip ("Rule
    V-SAMBA-MELDS · Why not? Click or press ?", "... Click or [?]" since stop 62) was wider
    and lost its first word, and the Chinese reason hung its closing bracket over the border
    (play-test, stop 44). The chip takes two lines there, the bracket goes down with the
    character before it."""
    i18n.set_language(language)
    try:
        state = rules_helpers.position(
            ["JK D6 D7 JK S4 DA JK D2 JK H10", "DQ C4", "SA SQ", "C2 H4"],
            melds=SAMBA_NARROW["melds"],
            red_threes=SAMBA_NARROW["red_threes"],
            variant="samba",
            discard="C9 C3 C5 SJ",
            stock="C3 S3",
            phase="meld",
        )
        stack, table = make_table(variant="samba", seed=5)
        table.load_state(state)
        table.animator.finish_all()
        cards = select(stack, table, ("D6", "D7", "D2"))
        drag(stack, card_point(table, cards[0]), table.layout.new_meld_rect.center)
        table.animator.finish_all()
        tick(stack, 0.1)
        assert table.refusal is not None and table.refusal.rule == "V-SAMBA-MELDS"
        for size in SIZES:
            layout = Layout(window_size=size)
            canvas = Canvas(layout.viewport.size, layout.scale)
            table.view.draw(canvas)
            _hint, place = table.view.panels._places(Ruler(layout.scale))
            assert place is not None and place.room <= 300 and not place.covering, (size, place)
            _only_fill_inside_the_border(canvas, table.view.panels.boxes["refusal"], layout.scale)
            ruler = Ruler(layout.scale)
            for font, lines, _color in table.view.panels._refusal_parts(ruler, place.room, place.short)[0]:
                # (one closing mark may hang into the margin)
                assert all(font.size(line[:-1])[0] <= ruler.px(place.room - 32) for line in lines), (size, lines)
    finally:
        i18n.set_language("en")


def _crowded_table(name: str):
    stack, table = make_table(variant=CROWDED[name]["variant"], seed=5)
    table.load_state(crowded_position(name))
    table.animator.finish_all()
    tick(stack, 0.1)
    return stack, table


def _refuse_blocked(stack, table) -> None:
    drag(stack, card_point(table, hand_card(table, "C3")), PILE_POS)  # the black three blocks the pile
    table.animator.finish_all()
    tick(stack, 0.1)
    assert table.refusal is not None and table.refusal.rule == "R-BLOCKED"


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("name", list(CROWDED))
def test_crowded_tables_leave_the_panels_a_free_place_at_every_size(name, language):
    """Every rank melded on two sides (classic, three- and six-hand, Samba, Bolivia), the
    log closed: the hint, a refusal and both at once cover no meld at any size. At 800x450
    a panel fitted exactly in the band right of the pile came out a fraction wider (508
    units, 317.5 pixels, rounded up), reached over the window's margin and lost the band:
    the hint covered our melds and the refusal the opponents' (play-test, stop 44). Where
    the refusal finds no room beside the hint it lies over it, short, for its few seconds."""
    i18n.set_language(language)
    try:
        stack, table = _crowded_table(name)
        assert table.show_hint()
        _panels_leave_the_melds_in_sight(table, {"hint"})
        table.clear_hint()
        _refuse_blocked(stack, table)
        _panels_leave_the_melds_in_sight(table, {"refusal"})
        assert table.show_hint()
        _refuse_blocked(stack, table)
        _panels_leave_the_melds_in_sight(table, {"hint", "refusal"})
    finally:
        i18n.set_language("en")


# Six-hand at the play-test's moment (seed 202, deal 2): our eight melds fill our area, the
# opponents' halves are full; the hint's short form fits in the band right of the pile, and
# there only.
SIX_PLAYTEST = dict(
    hands=["HA S3", "H4", "SJ S10 C8 S8", "S3", "HJ", "H9 HQ CJ"],
    melds=[
        {
            "4": "S4 S4 JK C4 D4",
            "7": "D7 C7 S7 D7",
            "8": "C8 S8 D2",
            "9": "C9 D9 S9 D9 C9",
            "10": "D10 C10 H10 D10 S10 D10 JK",
            "J": "DJ SJ JK HJ DJ",
            "Q": "SQ CQ HQ SQ CQ",
            "K": "CK HK SK DK",
        },
        {
            "5": "S5 D5 JK D5 H5",
            "6": "S6 H6 H2 C6 D6",
            "7": "D7 C7 C7 H7",
            "8": "C8 D8 H8 H8 S8",
            "9": "D9 H9 S9",
            "Q": "CQ DQ HQ",
            "K": "CK DK SK DK SK",
            "A": "DA DA SA HA D2 H2 S2",
        },
        {"4": "C4 C4 S4", "5": "C5 H5 H5 D5 S5", "6": "C6 D6 S6 S6 C6 H6 C2", "A": "CA SA SA JK CA"},
    ],
    red_threes=["H3", "H3", ""],
)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_refusal_with_no_room_beside_the_hint_lies_short_over_it_not_over_our_melds(language):
    """Six-hand, the hint in the band right of the pile, A♥ dropped on the 10♥ of the pile:
    the refusal found no room beside the hint and lay over three of our melds (the 8s, 7s
    and 4s, their counts hidden) in its full form (play-test, stop 44). It now takes its own
    place as with no hint, over the hint, short; at most it touches our area's tab there."""
    i18n.set_language(language)
    try:
        state = rules_helpers.position(
            SIX_PLAYTEST["hands"],
            melds=SIX_PLAYTEST["melds"],
            red_threes=SIX_PLAYTEST["red_threes"],
            variant="six-hand",
            discard="C3 CJ H10",
            stock="C3 S3",
        )
        stack, table = make_table(variant="six-hand", seed=5)
        table.load_state(state)
        table.animator.finish_all()
        tick(stack, 0.1)
        assert table.show_hint()
        _panels_leave_the_melds_in_sight(table, {"hint"})
        drag(stack, card_point(table, hand_card(table, "HA")), PILE_POS)
        table.animator.finish_all()
        tick(stack, 0.1)
        assert table.refusal is not None and table.refusal.rule == "R-TAKE"
        _panels_leave_the_melds_in_sight(table, {"hint", "refusal"}, tabs=False)
        for size in SIZES:
            layout = Layout(window_size=size)
            table.view.draw(Canvas(layout.viewport.size, layout.scale))
            _hint, place = table.view.panels._places(Ruler(layout.scale))
            assert place is not None and place.short, (size, place)
    finally:
        i18n.set_language("en")


def test_with_no_meld_under_them_the_panels_keep_their_usual_place():
    """The hint, and a refusal with no hint, hang over the opponents' side as they always
    did while no meld lies there; a refusal under the hint, clear of the stock and the pile."""
    stack, table = _spread_table("classic")
    st = table.game.state
    st.melds[1].clear()
    st.red_threes[1].clear()
    table.relayout()
    assert table.show_hint()
    table.view.draw(Canvas((1280, 720), 1.0))
    hint, message = table.view.panels.panel_places()
    assert message is None and hint is not None
    assert hint.midtop == MESSAGE_TOP and hint.width == MESSAGE_WIDTH
    table.clear_hint()
    _refuse(stack, table)
    banner = table.view.panels.refusal_rect()
    assert banner is not None and banner.midtop == MESSAGE_TOP and banner.width == MESSAGE_WIDTH


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("name", list(SPREAD))
def test_an_area_s_tab_clears_the_counts_of_the_melds_over_it(name, language):
    """The tab under the opponents' area ("Melds of South-west & North & South-east") lay
    over the bottom of the counts of the long melds above it (play-test, stop 44)."""
    i18n.set_language(language)
    try:
        stack, table = _spread_table(name)
        for size in SIZES:
            layout = Layout(window_size=size)
            table.view.draw(Canvas(layout.viewport.size, layout.scale))
            labels = [box for _slot, box in table.view.meld_badge_boxes]
            assert labels and table.view.zone_label_boxes
            for side, tab in table.view.zone_label_boxes.items():
                hit = tab.collidelist(labels)
                assert hit == -1, (side, size, tab, labels[hit])
    finally:
        i18n.set_language("en")


def test_a_panel_with_no_free_place_covers_least_and_shows_what_is_under_it_under_the_pointer():
    """Every rank melded on both sides and the move log open: no place is free, so the hint
    covers as little as it can (never the stock, the pile or the hand), and lets the melds
    under it show while the pointer rests on it."""
    every = "4 5 6 7 8 9 10 J Q K A"
    state = rules_helpers.position(
        ["C3"],
        melds=[_ranks(every, lambda i: 3, 2), _ranks(every, lambda i: 3)],
        red_threes=["H3", "D3"],
        discard="S3",
        stock="C3 S3",
    )
    stack, table = make_table(seed=5)
    table.load_state(state)
    table.animator.finish_all()
    table.toggle_log()
    assert table.log_open and table.show_hint()
    away = Canvas((1280, 720), 1.0)
    table.view.draw(away)
    hint, _message = table.view.panels._places(Ruler(1.0))
    assert hint is not None and hint.covering
    for rect in (stock_rect(), pile_rect(), HAND_RECT):
        assert not hint.rect.colliderect(rect)
    inside = [(x, y) for x in range(int(hint.rect.x) + 20, int(hint.rect.right) - 20, 7) for y in (hint.rect.y + 30,)]
    stack.handle_event(mouse(pygame.MOUSEMOTION, hint.rect.center))
    under = Canvas((1280, 720), 1.0)
    table.view.draw(under)
    assert any(away.get_at(point) != under.get_at(point) for point in inside)
    table.clear_hint()
    bare = Canvas((1280, 720), 1.0)
    table.view.draw(bare)
    nearer = sum(
        abs(under.get_at(p)[0] - bare.get_at(p)[0]) < abs(away.get_at(p)[0] - bare.get_at(p)[0]) for p in inside
    )
    assert nearer > len(inside) // 2  # mostly what lies under it


def test_a_meld_seen_through_a_covering_refusal_takes_the_click(monkeypatch):
    """No free place (a crowded table, the log open), and none but over our melds: the
    refusal covers part of them and shows them through while the pointer rests on it. A
    click on a meld seen there is the meld's (it opened the rule instead, review stop 44); a
    click on the refusal off our melds still opens the rule. (Where it can, a covering panel
    lies over the others' melds instead: here only the place beside our melds is left.)"""
    from game.scenes.table_menu import RuleDialog

    stack, table = _spread_table("classic-crowded")
    _refuse(stack, table)
    table.toggle_log()
    spots = table.view.panels.panel_spots
    ours_top = table.geometry.meld_areas[table.human_side].top
    monkeypatch.setattr(
        table.view.panels, "panel_spots", lambda hard=None: [s for s in spots(hard) if s[1][1] > ours_top]
    )
    table.view.draw(Canvas((1280, 720), 1.0))
    _hint, place = table.view.panels._places(Ruler(1.0))
    assert place is not None and place.covering
    box = place.rect.inflate(-8, -8)
    points = [(x, y) for x in range(int(box.x), int(box.right), 6) for y in range(int(box.y), int(box.bottom), 6)]
    on_ours = [point for point in points if table.layout.meld_slot_at(point, table.human_side) is not None]
    off = [point for point in points if point not in on_ours]
    assert on_ours and off
    clicked = []
    monkeypatch.setattr(table, "click_meld", clicked.append)
    click(stack, on_ours[0])
    assert stack.top is table and clicked == [table.layout.meld_slot_at(on_ours[0], table.human_side)]
    click(stack, off[len(off) // 2])
    assert isinstance(stack.top, RuleDialog) and stack.top.rule in ("R-TAKE", "R-FROZEN")


def test_an_empty_area_s_words_hide_under_a_panel():
    """Three-hand's hint beside West's and East's melds lay over our empty area's "Your
    melds: drag cards here (...)", but for its "Y", peeking out at the
    panel's left edge (play-test, stop 50): the words show while no panel lies on them."""
    stack, table = _spread_table("three-hand")
    st = table.game.state
    st.melds[0].clear()
    st.red_threes[0].clear()
    table.relayout()

    def ours() -> str | None:
        table.view.draw(Canvas((1280, 720), 1.0))  # (the panels as last drawn: twice)
        table.view.draw(Canvas((1280, 720), 1.0))
        panels = tuple(table.view.panels.boxes.values())
        return next(text for side, _rect, text in table.view._zone_texts(panels) if side == 0)

    assert ours() == "Your melds: drag cards here (or select them, then click here or press M)"
    assert table.show_hint()
    hint, _message = table.view.panels.panel_places()
    assert hint is not None and hint.colliderect(table.geometry.meld_areas[0])
    assert ours() is None
    table.clear_hint()
    assert ours() == "Your melds: drag cards here (or select them, then click here or press M)"


def test_an_area_with_only_red_threes_still_says_where_melds_go():
    """A deal begun with a red three showed our empty meld area without a word (the words
    were for an area with nothing in it; play-test, stop 55): they show beside the red
    threes, never over them."""
    state = position(["C5 D7 H9", "C4 C6 C7", "C7 C9 C10", "C9 C10 CJ"], red_threes=["D3", ""], discard="S4")
    stack, table = make_table()
    table.load_state(state)
    texts = dict((side, text) for side, _rect, text in table.view._zone_texts())
    assert texts[0] == "Our melds: drag cards here (or select them, then click here or press M)"
    (three,) = table.game.state.red_threes[0]
    words = zone_text_rect(texts[0], table.geometry.meld_areas[0])
    assert not words.colliderect(table.layout.placements[three].rect())


def test_the_initial_meld_panels_second_line_stands_clear_of_its_buttons(monkeypatch):
    """While a take is staged the panel's second line ("incl. the 8♠ on the pile: drop the
    take's cards on it") stands above the Lay melds and Take back buttons (play-test, stop
    56: the buttons cut its descenders)."""
    from game.scenes import table_view

    state = position(["C8 D8 HA SA DA H6 S6", "C4 C6 C7", "C7 C9 C10", "C9 C10 CJ"], discard="S4 H9 S8", phase="draw")
    stack, table = make_table()
    table.load_state(state)
    aces = select(stack, table, ("HA", "SA", "DA"))
    drag(stack, card_point(table, aces[0]), (400, 480))
    assert table.stage_info() is not None and table.stage_info()[2].startswith("incl. the")
    drawn = blits_drawn(monkeypatch, table_view)
    table.view.draw(Canvas(SCREEN, 1.0))
    (line,) = [rect for text, rect in drawn if text.startswith("incl. the")]
    for name in ("confirm", "cancel"):
        assert line.bottom <= pygame.Rect(BUTTONS[name]).top, (line, BUTTONS[name])
    assert pygame.Rect(STAGE_PANEL).contains(line)


@pytest.mark.parametrize("log", [False, True])
@pytest.mark.parametrize("size", [(800, 450), (1280, 720), (1920, 1080)])
def test_on_a_crowded_table_the_hint_covers_the_others_melds_before_ours(size, log):
    """A crowded Bolivia table, the pile frozen under a four-line hint: with no place free
    it lay where it covered least, over our area's tab, the new-meld cell and the tops of
    our runs (play-test): our melds are where the player's cards go. It covers the others'
    melds first, our side's (melds, tab, new-meld cell) not at all."""
    melds = CROWDED["bolivia"]["melds"]
    hands = ["H4 H9 S9 SJ SQ SK HA H7 S8 H5", "C4", "S6", "S7"]
    state = rules_helpers.position(hands, melds=melds, variant="bolivia", discard="JK H5", stock="C3 S3 H6 H8")
    stack, table = make_table(variant="bolivia", seed=5)
    table.load_state(state)
    table.animator.finish_all()
    assert table.show_hint()
    if log:
        table.toggle_log()
    tick(stack, 0.6)
    layout = Layout(window_size=size)
    table.view.draw(Canvas(layout.viewport.size, layout.scale))
    hint, _message = table.view.panels.panel_places()
    assert hint is not None
    ours = [slot.rect for slot in table.layout.meld_slots if slot.side == table.human_side]
    ours += [Ruler(layout.scale).logical(table.view.zone_label_boxes[table.human_side]), table.layout.new_meld_rect]
    assert len(ours) > 15 and hint.collidelist(ours) == -1, (hint, ours)
    assert hint.colliderect(table.geometry.meld_areas[1])  # (no place was free: the others' melds)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_hint_s_lines_are_rendered_once_and_kept(monkeypatch, language):
    """The hint panel's first draw rendered each of its lines 2 to 6 times (12 to 19 blocks in
    one draw, a coach's step): every width and form tried for its place rendered the whole
    text to measure its height. Its size is measured from its lines, each line rendered once
    in that draw, none in the next (the panel is kept), nor in the first draw at another scale
    (a resized window) more than once."""
    from collections import Counter

    from game.note import Note
    from game.scenes import table_panels

    rendered: list[str] = []
    render_lines = table_panels.render_lines

    def counted(lines, *args, **kwargs):
        rendered.extend(lines)
        return render_lines(lines, *args, **kwargs)

    monkeypatch.setattr(table_panels, "render_lines", counted)
    i18n.set_language(language)
    try:
        stack, table = _spread_table("classic")
        assert table.show_hint()

        def drawn(scale: float) -> Counter:
            rendered.clear()
            table.view.draw(Canvas((round(SCREEN[0] * scale), round(SCREEN[1] * scale)), scale))
            assert "hint" in table.view.panels.boxes
            return Counter(rendered)

        for scale in (1.0, 1.5):
            lines = drawn(scale)
            assert len(lines) >= 2 and "".join(lines).startswith(table.hint_text()[:4])  # (its text, its foot)
            assert max(lines.values()) == 1, lines.most_common(3)
            assert not drawn(scale)
        # A note (not a refusal) is kept too: it was rendered again every frame it showed.
        table.controller.say(Note("Discard one card at a time; drop several cards on the table to meld."))
        lines = drawn(1.0)
        assert "message" in table.view.panels.boxes and lines and max(lines.values()) == 1
        assert not drawn(1.0)
    finally:
        i18n.set_language("en")
