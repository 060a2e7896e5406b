"""Continue finds the table as it was left, also what lies over the cards: the cards the
player had raised (selected) are raised again, and what a seat was saying when the app was
closed or killed (the partner's "Yes, go out!") is said again, for a bubble's whole time.
Killed while the table waited for the partner's answer, Continue shows that wait first and
the answer comes a moment later, in its bubble (it was there in the very first frame,
play-test, stop 60). Both are table extras of the save: a save without them (an older
version's) loads as before, and odd values in them are left out, the game kept."""

from __future__ import annotations

import json

import pygame

from game.bots import make_bot
from game.i18n import _
from game.move_log import ANSWERED_NO, ANSWERED_YES
from game.rules import Game, Move, MoveKind, Phase, RulesConfig
from game.saves import SaveStore, encode_save, parse_save, save_body
from game.scenes.animations import BUBBLE_WORDS, bubbles_text, parse_bubbles
from game.scenes.table import BUBBLE_SECONDS
from game.scenes.table_layout import RAISE
from game.window import STEP, MainWindow
from tests.window_helpers import continued

LEVELS = (None, "normal", "normal", "normal")
PARTNER = 2  # (South's, in the classic game)


def may_ask(seed: int = 2) -> Game:
    """A classic game played by bots until South (the player) may ask "May I go out?" in
    its meld phase (seed 2: after 44 moves)."""
    game = Game(RulesConfig.for_variant("classic"), seed)
    bots = [make_bot("normal", seat) for seat in range(4)]
    while True:
        state = game.state
        assert state.phase is not Phase.OVER and len(game.history) < 400, "no question in this deal"
        if state.to_act == 0 and state.phase is Phase.MELD and any(m.kind is MoveKind.ASK for m in state.legal_moves()):
            return game
        game.apply(bots[state.to_act].act(state.observation(state.to_act)))


def asked(seed: int = 2) -> Game:
    """The same game once South has asked: the partner's answer still to come."""
    game = may_ask(seed)
    game.apply(Move.parse("ask"))
    return game


def frames(app: MainWindow, count: int) -> None:
    for _frame in range(count):
        app.stack.update(STEP)
        pygame.event.pump()


def settle(app: MainWindow, condition, limit: int = 5_000) -> None:
    for _frame in range(limit):
        if condition():
            return
        frames(app, 1)
    raise AssertionError("the condition never came")


def key(app: MainWindow, name: int) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode="", scancode=0))
    app.dispatch(pygame.event.Event(pygame.KEYUP, key=name, mod=0, unicode="", scancode=0))


def faces(cards) -> list[str]:
    return sorted(f"{card.face}:{card.copy}" for card in cards)


def said(table) -> list[tuple[int, str | None, str]]:
    return [(bubble.seat, bubble.code, bubble.widget.text) for bubble in table.bubbles]


def test_the_cards_raised_stay_raised_after_a_kill_and_continue(home):
    SaveStore(home).save(may_ask(), LEVELS)
    app = continued()
    table = app.table
    settle(app, lambda: table.my_turn() and table.idle)
    key(app, pygame.K_RIGHT)  # the cursor onto the first card, Up raises it
    key(app, pygame.K_UP)
    raised = faces(table.ui.selected)
    assert len(raised) == 1 and len(table.game.state.hands[0]) == 2
    frames(app, 1)  # (the frame after the keys: the save keeps the selection)
    app.close()  # killed: nothing more is written on the way out
    app = continued()
    table = app.table
    assert faces(table.ui.selected) == raised
    frames(app, 30)
    (up,) = table.ui.selected
    (down,) = set(table.layout.hand_cards) - {up}
    assert table.layout.placements[up].y == table.layout.placements[down].y - RAISE  # (drawn raised)
    # Lowered again: a kill now brings back no raised card.
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)  # (the cursor's card down)
    assert not table.ui.selected
    frames(app, 1)
    app.close()
    app = continued()
    assert not app.table.ui.selected
    app.close()


def test_the_partners_answer_in_its_bubble_comes_back_after_a_kill(home):
    SaveStore(home).save(asked(), LEVELS)
    app = continued()
    table = app.table
    settle(app, lambda: table.bubbles)
    answer = "yes" if table.game.history[-1].kind is MoveKind.YES else "no"
    assert said(table) == [(PARTNER, answer, _(BUBBLE_WORDS[answer]))]
    frames(app, 1)
    app.close()  # killed while the bubble shows
    app = continued()
    table = app.table
    assert said(table) == [(PARTNER, answer, _(BUBBLE_WORDS[answer]))]
    assert table.bubbles[0].remaining == BUBBLE_SECONDS  # (its whole time: to be read)
    assert not table.at_rest()
    # Gone once its time is over, and so from the save: a kill later brings none back.
    settle(app, lambda: not table.bubbles)
    frames(app, 1)
    app.close()
    app = continued()
    assert app.table.bubbles == []
    app.close()


def test_killed_waiting_for_the_partners_answer_continue_shows_the_wait_then_the_answer(home):
    game = asked()
    moves = [str(move) for move in game.history]
    SaveStore(home).save(game, LEVELS)
    app = continued()
    table = app.table
    frames(app, 12)  # (a tenth of a second: the table as it was left)
    assert [str(move) for move in table.game.history] == moves
    assert table.status_text() == _("Waiting for your partner's answer…")
    settle(app, lambda: len(table.game.history) > len(moves) and table.bubbles)
    answer = str(table.game.history[-1])
    assert answer in ("yes", "no") and [str(move) for move in table.game.history] == [*moves, answer]
    assert said(table) == [(PARTNER, answer, _(BUBBLE_WORDS[answer]))]
    entry = table.move_log.newest_first()[0]
    assert entry.seat == PARTNER and entry.msgid == (ANSWERED_YES if answer == "yes" else ANSWERED_NO)
    expected = "said yes: you must go out" if answer == "yes" else "said no: you may not go out"
    assert expected in table.status_text()
    frames(app, 1)
    assert [str(move) for move in SaveStore(home).load().game.history] == [*moves, answer]  # answered once
    app.close()


def test_an_older_save_without_the_marks_continues_as_before(home):
    game = may_ask()
    body = save_body(game, LEVELS, extra={"sort": "rank", "hand_order": ""})
    assert "selected" not in body["extra"] and "bubbles" not in body["extra"]
    (home / "save.json").write_bytes(encode_save(body))
    app = continued()
    table = app.table
    assert [str(m) for m in table.game.history] == [str(m) for m in game.history]
    assert not table.ui.selected and table.bubbles == []
    app.close()


def test_odd_marks_are_left_out_and_the_game_is_kept(home):
    game = asked()
    hand = sorted(game.state.hands[0], key=str)
    good = f"{hand[0].face}:{hand[0].copy}"
    extra = {
        "selected": f"ZZ:1 5 {hand[0].face}:x {good} {good}:1:2",
        "bubbles": "9:yes:1 0:boo:1 2:yes:999999 x:y:z 2:yes:-1 2:no:١ 1:ask:²",
        "sort": "rank",
        "chart": [1, 2],  # (not a flat value: never the table's)
        "nested": {"a": 1},
    }
    (home / "save.json").write_bytes(encode_save(save_body(game, LEVELS, extra=extra)))
    saved = parse_save((home / "save.json").read_bytes())
    assert "chart" not in saved.extra and "nested" not in saved.extra and saved.extra["sort"] == "rank"
    app = continued()
    table = app.table
    assert [str(m) for m in table.game.history] == [str(m) for m in game.history]
    assert faces(table.ui.selected) == [good] and table.bubbles == []
    frames(app, 60)
    app.close()
    # `extra` as a whole not a dict: the game loads without it.
    body = save_body(game, LEVELS)
    body["extra"] = ["selected", "H4:0"]
    saved = parse_save(encode_save(body))
    assert saved.extra == {} and saved.game is not None and len(saved.game.history) == len(game.history)


def test_a_bubble_of_a_move_the_screen_had_not_shown_waits_for_that_move(home):
    """Killed while the partner's answer flew: Continue plays the answer again (saves.unshown),
    and its bubble with it, not before it."""
    game = asked()
    game.apply(game.state.legal_moves()[0])  # the partner's answer, decided and saved ...
    shown = len(game.history) - 1  # ... not yet shown
    extra = {"bubbles": bubbles_text([(PARTNER, str(game.history[-1]), len(game.history))])}
    (home / "save.json").write_bytes(encode_save(save_body(game, LEVELS, extra=extra, shown=shown)))
    app = continued()
    table = app.table
    assert table.bubbles == [] and len(table.game.history) == shown
    settle(app, lambda: len(table.game.history) == shown + 1 and table.bubbles)
    assert said(table) == [(PARTNER, str(game.history[-1]), _(BUBBLE_WORDS[str(game.history[-1])]))]
    app.close()


def test_parse_bubbles_keeps_one_bubble_a_seat_of_the_moves_shown():
    text = bubbles_text([(2, "yes", 45), (1, "ask", 40), (3, "gibberish", 1)])
    assert text == "2:yes:45 1:ask:40"
    assert parse_bubbles(text, 4, 45) == [(2, "yes", 45), (1, "ask", 40)]
    assert parse_bubbles(text, 4, 44) == [(1, "ask", 40)]  # (the answer's move not shown yet)
    assert parse_bubbles("2:no:3 2:yes:4", 4, 10) == [(2, "yes", 4)]
    assert parse_bubbles("4:yes:1", 4, 10) == []  # (no such seat)
    for odd in (None, 7, json.dumps({"a": 1}), "2:yes", "2:yes:4:5", "-1:yes:3", "2:yes:0x1", "²:yes:1"):
        assert parse_bubbles(odd, 4, 10) == []
