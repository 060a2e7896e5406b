"""Killed while the partner's "May I go out?" waits for the player's answer, or just after
the answer: Continue asks the same question again (the answer binds, so it is never taken
for the player), and an answer given before the kill stays given (the question is not asked
a second time). Play-test of the never-lose promise, stop 59: both held in the real window;
these keep them."""

from __future__ import annotations

import pygame

from game.bots import make_bot
from game.rules import Game, MoveKind, Phase, RulesConfig
from game.saves import SaveStore
from game.scenes.prompts import AnswerPrompt
from game.window import STEP, MainWindow
from tests.window_helpers import continued

LEVELS = (None, "normal", "normal", "normal")


def asked_by_the_partner(seed: int = 5) -> Game:
    """A classic game played by bots until North asks South "May I go out?" (seed 5: after
    89 moves), South's answer still to give."""
    game = Game(RulesConfig.for_variant("classic"), seed)
    bots = [make_bot("normal", seat) for seat in range(4)]
    while not (game.state.phase is Phase.ANSWER and game.state.to_act == 0):
        state = game.state
        assert state.phase is not Phase.OVER and len(game.history) < 400, "no question in this deal"
        game.apply(bots[state.to_act].act(state.observation(state.to_act)))
    return game


def settle(app: MainWindow, condition, frames: int = 2_000) -> None:
    for _frame in range(frames):
        if condition():
            return
        app.stack.update(STEP)
        pygame.event.pump()
    raise AssertionError("the condition never came")


def key(app: MainWindow, name: int) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode="", scancode=0))
    app.dispatch(pygame.event.Event(pygame.KEYUP, key=name, mod=0, unicode="", scancode=0))


def test_killed_while_the_question_waits_continue_asks_it_again(home):
    game = asked_by_the_partner()
    moves = [str(move) for move in game.history]
    assert moves[-1] == "ask"
    SaveStore(home).save(game, LEVELS)  # (as the table saves it: then the app is killed)
    app = continued()
    table = app.table
    settle(app, lambda: isinstance(app.stack.top, AnswerPrompt))
    assert [str(move) for move in table.game.history] == moves, "nothing answered for the player"
    assert table.game.state.phase is Phase.ANSWER and table.game.state.to_act == table.human
    key(app, pygame.K_n)  # "No, not yet"
    assert [str(move) for move in table.game.history] == [*moves, "no"]
    assert [str(m) for m in SaveStore(home).load().game.history][: len(moves) + 1] == [*moves, "no"]
    app.close()


def test_killed_just_after_the_answer_it_stays_given(home):
    game = asked_by_the_partner()
    SaveStore(home).save(game, LEVELS)
    app = continued()
    settle(app, lambda: isinstance(app.stack.top, AnswerPrompt))
    key(app, pygame.K_n)
    answered = [str(move) for move in app.table.game.history]
    app.close()  # (killed at once: nothing more is written on the way out)
    app = continued()
    table = app.table
    assert [str(move) for move in table.saved_game().history][: len(answered)] == answered
    settle(app, lambda: table.my_turn() and table.idle, frames=20_000)
    history = table.game.history
    assert [str(move) for move in history][: len(answered)] == answered
    asks = [move for move in history[len(answered) - 2 :] if move.kind is MoveKind.ASK]
    assert len(asks) == 1, "the question was not asked again"
    assert not isinstance(app.stack.top, AnswerPrompt)
    app.close()


def test_pass_and_play_killed_while_the_partner_answers_continues_behind_the_screen(home):
    """Two people, partners (South and North): North asked, South had still to answer when
    the app was killed. Continue puts up South's screen, saying who asks what, before any hand;
    behind it the question comes back, and the answer is South's."""
    from game.scenes.pass_and_play import PrivacyScreen

    game = asked_by_the_partner()
    moves = [str(move) for move in game.history]
    SaveStore(home).save(game, (None, "normal", None, "normal"), human=2)  # (North at the screen)
    app = continued()
    table = app.table
    settle(app, lambda: app.stack.top is not table)
    screen = app.stack.top
    assert isinstance(screen, PrivacyScreen) and screen.seat == 0 and screen.asker == 2
    screen.ready()
    settle(app, lambda: isinstance(app.stack.top, AnswerPrompt))
    assert table.human == 0 and [str(move) for move in table.game.history] == moves
    prompt = app.stack.top
    settle(app, lambda: prompt.settle <= 0)  # (the question takes no key for a moment after the screen)
    key(app, pygame.K_n)
    assert [str(move) for move in table.game.history] == [*moves, "no"]
    app.close()
