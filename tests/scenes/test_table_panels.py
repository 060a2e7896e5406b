"""Panels and the hand: the initial-meld panel leaves the turn instruction in sight, and
the hand holds still under the pointer when a card leaves it."""

from __future__ import annotations

import pygame

from game.scenes.layout import Canvas
from game.scenes.table_layout import BUTTONS, STAGE_PANEL, pile_rect, stock_rect
from tests.table_helpers import card_point, click, drag, make_table, mouse, position, select, tick

SCREEN = (1280, 720)


def _staged_table():
    state = position(["HA CA SA HK SK DK C5 D5 H5 H7", "C4 C6", "C7 C8", "C9 C10"], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    fives = select(stack, table, ("C5", "D5", "H5"))
    drag(stack, card_point(table, fives[0]), (400, 480))
    assert table.ui.staged
    return stack, table


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
