"""Continue goes on from what the screen showed: a save records how many of its moves the
screen had finished showing (`shown`); killed while a bot's turn flies, Continue rebuilds the
table at that point and plays the rest, decided already, as live moves are played (their
cards fly, the log says each once), never asking a bot again. Older saves (no `shown`) and
nonsense values load as before, from the last move."""

from __future__ import annotations

import json

import pygame
import pytest

from game.bots import make_bot
from game.move_log import MoveLog
from game.rules import Game, Move, Phase, RulesConfig, position_to_json
from game.saves import SaveStore, encode_save, parse_save, save_body, summarize
from game.scenes.menu import TitleMenuScene
from game.scenes.new_game import NewGameScene
from game.scenes.pass_and_play import PrivacyScreen
from game.scenes.prompts import AnswerPrompt
from game.scenes.score_sheet import ScoreSheetScene
from game.window import STEP, MainWindow

LEVELS = (None, "normal", "normal", "normal")


def press(app: MainWindow, msgid: str) -> None:
    for widget in app.stack.top.items.widgets:
        if getattr(widget, "msgid", None) == msgid:
            widget.click()
            return
    raise AssertionError(f"no {msgid} on {type(app.stack.top).__name__}")


def tick(app: MainWindow, condition, frames: int = 20_000) -> None:
    """Advance the real scenes frame by frame (no drawing) until `condition()`; the player's
    own moves are an easy bot's, played through the table; the sheet's Next deal pressed."""
    me = make_bot("easy", 5)
    for _frame in range(frames):
        if condition():
            return
        table, top = app.table, app.stack.top
        if isinstance(top, PrivacyScreen):  # pass-and-play: the next person sits down
            top.ready()
        elif isinstance(top, ScoreSheetScene):
            top._next_deal()
        elif isinstance(top, AnswerPrompt):
            app.stack.remove(top)
            table.answer(False)
        elif table is not None and top is table and table.my_turn() and table.idle:
            assert table.play(me.act(table.game.state.observation(table.human)))
        else:
            app.stack.update(STEP)
        pygame.event.pump()
    raise AssertionError("the condition never came")


def start(app: MainWindow, seed: int = 7):
    press(app, "New game")
    assert isinstance(app.stack.top, NewGameScene)
    app.stack.top.seed_field.digits = str(seed)
    press(app, "Start")
    return app.table


def killed_during_a_bots_turn(home, moves: int = 6):
    """A game played until a bot's move was applied (and saved) but its cards still fly;
    then the app stops there, as a kill would leave it. The table as it was, and the save."""
    app = MainWindow(menu=True, threaded=False)
    table = start(app)
    tick(app, lambda: len(table.game.history) >= moves and table.shown_moves < len(table.game.history))
    assert table.animator.busy, "the bot's cards are flying"
    mover = Game.replay(table.game.config, table.game.seed, table.game.history[:-1]).state.to_act
    assert mover != table.human, "a bot's move"
    history = [str(move) for move in table.game.history]
    app.close()  # (nothing is written on the way out: as after a kill)
    saved = SaveStore(home).load()
    return history, saved


def test_a_bots_move_still_flying_is_saved_as_not_shown(home):
    history, saved = killed_during_a_bots_turn(home)
    assert [str(move) for move in saved.game.history] == history, "every move is saved"
    assert saved.shown == len(history) - 1
    assert [str(move) for move in saved.unshown()] == history[-1:]
    assert [str(move) for move in saved.at_shown().history] == history[:-1]


def test_continue_shows_the_bots_move_again_and_ends_at_the_saved_game(home):
    """Continue starts at the shown point with the bot's move queued; ticked, the move flies
    (the same path as a live move) and the table reaches the saved game's very position,
    its log saying every move once; the save then says all of it was shown."""
    history, saved = killed_during_a_bots_turn(home)
    end = position_to_json(saved.game.state)
    app = MainWindow(menu=True, threaded=False)
    press(app, "Continue")
    table = app.table
    assert [str(move) for move in table.game.history] == history[:-1], "the table as the screen showed it"
    assert [str(move) for move in table.pending_moves] == history[-1:]
    assert not table.my_turn()
    assert [str(move) for move in table.saved_game().history] == history
    before = len(table.move_log.entries)
    flew = False
    for _frame in range(2000):
        app.stack.update(STEP)
        flew = flew or (not table.pending_moves and table.animator.busy)
        if not table.pending_moves and table.idle:
            break
    assert flew, "the move's cards flew, as a live move's do"
    assert [str(move) for move in table.game.history] == history
    assert position_to_json(table.game.state) == end
    assert len(table.move_log.entries) > before
    replayed = MoveLog.of_game(saved.game, table.human)
    assert table.move_log.entries == replayed.entries, "each move once in the log"
    again = SaveStore(home).load()
    assert [str(move) for move in again.game.history] == history and again.shown is None
    app.close()


def test_killed_again_before_the_move_is_shown_loses_nothing(home):
    """Continued and killed again before the queued move was played: the save still holds it."""
    history, _saved = killed_during_a_bots_turn(home)
    app = MainWindow(menu=True, threaded=False)
    press(app, "Continue")
    app.stack.update(STEP)  # (a frame: not yet its turn to fly)
    assert app.table.pending_moves
    app.close()
    saved = SaveStore(home).load()
    assert [str(move) for move in saved.game.history] == history
    assert saved.shown == len(history) - 1


def test_a_person_cannot_move_before_the_queued_moves_are_played(home):
    history, saved = killed_during_a_bots_turn(home)
    app = MainWindow(menu=True, threaded=False)
    press(app, "Continue")
    table = app.table
    legal = table.game.state.legal_moves()
    assert not table.play(legal[0])
    assert [str(move) for move in table.game.history] == history[:-1]
    app.close()


def test_a_move_whose_cards_have_landed_is_not_shown_again(home):
    """Once the bot's cards have landed the save says so: Continue starts after the move."""
    app = MainWindow(menu=True, threaded=False)
    table = start(app)
    tick(app, lambda: len(table.game.history) >= 6 and table.shown_moves < len(table.game.history))
    tick(app, lambda: table.idle)
    app.stack.update(STEP)
    history = [str(move) for move in table.game.history]
    app.close()
    saved = SaveStore(home).load()
    assert saved.shown is None and not saved.unshown()
    app = MainWindow(menu=True, threaded=False)
    press(app, "Continue")
    assert [str(move) for move in app.table.game.history] == history and not app.table.pending_moves
    app.close()


def test_a_save_without_the_field_continues_from_its_last_move(home):
    """An older version's save (no `shown`) loads as it did: every move shown."""
    history, saved = killed_during_a_bots_turn(home)
    body = save_body(saved.game, LEVELS, extra=saved.extra)
    del body["shown"]
    SaveStore(home).path.write_bytes(encode_save(body))
    again = SaveStore(home).load()
    assert again.shown is None and again.unshown() == [] and again.at_shown() is again.game
    app = MainWindow(menu=True, threaded=False)
    press(app, "Continue")
    assert [str(move) for move in app.table.game.history] == history and not app.table.pending_moves
    app.close()


def a_game(moves: int, seed: int = 11) -> Game:
    config = RulesConfig.for_variant("classic")
    game = Game(config, seed)
    bots = [make_bot("easy", seat) for seat in range(4)]
    while len(game.history) < moves:
        if game.state.phase is Phase.OVER:
            game.next_deal()
        seat = game.state.to_act
        game.apply(bots[seat].act(game.state.observation(seat)))
    return game


@pytest.mark.parametrize("value", [-1, 10**6, "3", True, None, 2.5, [1]])
def test_a_shown_count_that_makes_no_sense_goes_on_from_the_last_move(value):
    game = a_game(30)
    body = dict(save_body(game, LEVELS), shown=value)
    saved = parse_save(encode_save(body))
    assert saved.shown is None and saved.unshown() == [] and saved.at_shown() is saved.game


def test_the_shown_point_is_never_in_an_earlier_deal():
    """The screen shows one deal: a shown point before the saved deal began is taken as its
    start (the table never starts a deal before the last one was shown)."""
    game = a_game(2)
    while game.state.phase is not Phase.OVER:
        seat = game.state.to_act
        game.apply(make_bot("easy", seat).act(game.state.observation(seat)))
    ended = len(game.history)
    game.next_deal()
    game.apply(game.state.legal_moves()[0])
    saved = parse_save(encode_save(save_body(game, LEVELS, shown=3)))
    assert saved.shown == ended
    seen = saved.at_shown()
    assert seen.deal_number == game.deal_number and len(seen.history) == ended
    assert [str(m) for m in saved.unshown()] == [str(game.history[-1])]
    # The next deal begun (Next deal) and no move yet: nothing to show again.
    game = a_game(2)
    while game.state.phase is not Phase.OVER:
        seat = game.state.to_act
        game.apply(make_bot("easy", seat).act(game.state.observation(seat)))
    game.next_deal()
    saved = parse_save(encode_save(save_body(game, LEVELS, shown=len(game.history) - 1)))
    assert saved.shown is None and saved.at_shown() is saved.game


def test_the_title_does_not_tell_a_deals_end_the_screen_has_not_shown():
    """The line beside Continue: a deal ended by a move not shown yet is still being played."""
    game = a_game(2)
    while game.state.phase is not Phase.OVER:
        seat = game.state.to_act
        game.apply(make_bot("easy", seat).act(game.state.observation(seat)))
    over = summarize(encode_save(save_body(game, LEVELS)))
    before = summarize(encode_save(save_body(game, LEVELS, shown=len(game.history) - 1)))
    assert over is not None and before is not None
    assert (before.ours, before.theirs) == (0, 0) and (over.ours, over.theirs) != (0, 0)
    assert not before.over


def test_the_log_keeps_a_reason_for_a_move_still_to_be_shown():
    """A bot's why kept by a save for a move the screen had not shown waits for its entry,
    and a save written meanwhile keeps it."""
    game = a_game(40)
    log = MoveLog.of_game(game, 0)
    explainable = [i for i, entry in enumerate(log.entries) if entry.explainable and entry.seat is not None]
    if not explainable:
        pytest.skip("no take or answer in this deal")
    index = explainable[-1]
    short = MoveLog(0, game.config.rules)
    short.entries = log.entries[:index]
    short.restore_reasons(f"{index}=no-points:points=95")
    assert short.saved_reasons() == f"{index}=no-points:points=95"
    short.entries.append(log.entries[index])
    short._give_reasons()
    assert short.entries[index].reason is not None and not short.later


def test_a_save_written_while_the_moves_play_again_stays_atomic_json(home):
    history, _saved = killed_during_a_bots_turn(home)
    app = MainWindow(menu=True, threaded=False)
    press(app, "Continue")
    app.table.hand_arranged()  # (a save written now, with the move still queued)
    body = json.loads(SaveStore(home).path.read_bytes())
    assert body["moves"] == history and body["shown"] == len(history) - 1
    assert not [p for p in home.iterdir() if p.name.endswith(".tmp")]
    app.close()


def test_continue_at_the_score_sheet_still_opens_it(home):
    """Killed while the sheet between deals showed: every move was shown, the sheet again."""
    app = MainWindow(menu=True, threaded=False)
    table = start(app)
    tick(app, lambda: isinstance(app.stack.top, ScoreSheetScene))
    history = [str(move) for move in table.game.history]
    app.close()
    saved = SaveStore(home).load()
    assert saved.shown is None
    app = MainWindow(menu=True, threaded=False)
    assert isinstance(app.stack.top, TitleMenuScene)
    press(app, "Continue")
    assert [str(move) for move in app.table.game.history] == history and not app.table.pending_moves
    for _frame in range(200):
        app.stack.update(STEP)
        if isinstance(app.stack.top, ScoreSheetScene):
            break
    assert isinstance(app.stack.top, ScoreSheetScene)
    app.close()


def test_moves_are_played_again_as_given(home):
    """Nothing is asked of a bot for a queued move: the bots' factory is never called to act."""
    history, saved = killed_during_a_bots_turn(home)
    app = MainWindow(menu=True, threaded=False)
    press(app, "Continue")
    table = app.table
    asked: list[int] = []
    for seat, bot in table.bots.items():
        original = bot.act

        def act(observation, time_budget=None, seat=seat, original=original) -> Move:
            asked.append(seat)
            return original(observation)

        bot.act = act
    for _frame in range(2000):
        app.stack.update(STEP)
        if not table.pending_moves:
            break
    assert not table.pending_moves and asked == []
    assert [str(move) for move in table.game.history] == history
    app.close()


@pytest.mark.parametrize(
    "levels",
    [("normal",) * 4, (None, "normal", None, "normal")],
    ids=["watching the bots", "pass-and-play"],
)
def test_watching_the_bots_and_pass_and_play_continue_from_what_was_shown(home, levels):
    """With nobody at the screen (every move shown only once it has landed) and with several
    people (a privacy screen first), the bot's move still flying is played again after
    Continue and the table ends at the saved game."""
    app = MainWindow(menu=True, threaded=False)
    app.start_game(RulesConfig.for_variant("classic"), 9, levels)
    table = app.table
    tick(app, lambda: len(table.game.history) >= 6 and table.shown_moves < len(table.game.history))
    history = [str(move) for move in table.game.history]
    app.close()
    saved = SaveStore(home).load()
    assert saved.shown == len(history) - 1 and [str(m) for m in saved.game.history] == history
    app = MainWindow(menu=True, threaded=False)
    press(app, "Continue")
    table = app.table
    assert [str(move) for move in table.game.history] == history[:-1] and len(table.pending_moves) == 1
    tick(app, lambda: not table.pending_moves and table.idle)
    assert [str(move) for move in table.game.history] == history
    assert position_to_json(table.game.state) == position_to_json(saved.game.state)
    assert table.move_log.entries == MoveLog.of_game(saved.game, table.log_viewer).entries
    app.close()


def test_replayed_moves_wait_for_their_cards_not_for_a_bot_thinking():
    """A Hard bot's move the save held is decided already: replayed, it waits only for the
    last move's cards to land, never the bot's think time nor the table's pause between
    bots' moves, and no seat shows a bot thinking meanwhile (a live Hard move still waits
    its budget: tests/scenes/test_table_help.py). The clock is ticked by hand."""
    from fallback_bot import FallbackBot

    from game.scenes.base import SceneStack
    from game.scenes.table import TableScene
    from tests.table_helpers import DT

    class Searcher(FallbackBot):
        searches = True
        budget = 0.5

    pygame.font.init()
    config = RulesConfig.for_variant("classic")
    game = Game(config, 11)
    players = [FallbackBot(seat) for seat in range(config.players)]
    movers = []
    while not (0 in movers and movers[-1] != 0 and game.state.to_act == 0):  # North's turn, then the bots'
        movers.append(game.state.to_act)
        game.apply(players[game.state.to_act].act(game.state.observation(game.state.to_act)))
    first_bot = max(index for index, mover in enumerate(movers) if mover == 0) + 1  # the bots' since North's
    assert len(game.history) - first_bot >= 4, "several bots' moves in a row"
    shown = Game.replay(config, game.seed, game.history[:first_bot])
    stack = SceneStack()
    table = TableScene(game=shown, speed=8.0, threaded=False, bot_factory=lambda level, seed: Searcher(seed))
    stack.push(table)
    table.play_saved(game.history[first_bot:], game)
    idle_frames = []  # for each replayed move after the first: the frames the table stood idle before it
    waiting = 0
    while table.pending_moves:
        before = len(table.game.history)
        stack.update(DT)
        assert not table.bot_thinking, "no seat shows a bot thinking over a move decided already"
        if len(table.game.history) > before:
            if before > first_bot:
                idle_frames.append(waiting)
            waiting = 0
        elif table.idle:
            waiting += 1
    assert len(idle_frames) == len(game.history) - first_bot - 1
    assert all(frames <= 1 for frames in idle_frames), f"each replayed move once the last had landed: {idle_frames}"
    assert [str(move) for move in table.game.history] == [str(move) for move in game.history]


def test_pass_and_play_continued_from_a_title_at_rest_shows_no_hand_before_the_screen(home):
    """A click at a title at rest is handled in a frame drawn without an update; the table's
    privacy screen comes at its first update, so that frame drew the last person's hand face
    up (play-test, stop 59). It draws the felt alone, then the screen."""
    from game.scenes.shapes import felt_background

    game = Game(RulesConfig.for_variant("two-hand"), 3)
    bots = [make_bot("easy", seat) for seat in range(2)]
    for _ in range(7):
        state = game.state
        game.apply(bots[state.to_act].act(state.observation(state.to_act)))
    SaveStore(home).save(game, (None, None), human=1 - game.state.to_act)
    app = MainWindow(menu=True, threaded=False)
    drawn: list[bytes] = []
    app.present = lambda: drawn.append(pygame.image.tobytes(app.render(), "RGB"))  # type: ignore[method-assign]
    app.frame(STEP)
    continue_at = next(w for w in app.stack.top.items.widgets if getattr(w, "msgid", None) == "Continue").rect.center
    clicks = [
        pygame.event.Event(kind, pos=continue_at, button=1) for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
    ]
    app.frame(0.0, waited=clicks)  # (at rest: the click came while the loop waited)
    felt = pygame.image.tobytes(felt_background(app.render().get_size()), "RGB")
    assert app.table is not None and drawn[-1] == felt, "no hand, no card: the felt"
    app.frame(STEP)
    assert isinstance(app.stack.top, PrivacyScreen)
    app.close()
