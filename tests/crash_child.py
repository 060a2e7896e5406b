"""The game as a player runs it, for the crash-consistency test: the real app in menu
mode (settings, save slot, statistics, lock) on CANASTA_HOME; Continue when there is a
saved game, else New game → Start (the page offers the settings' last game: the test may
set a variant and pass-and-play's seats there); then the player's moves are chosen by a bot and
played through the table, deal after deal, until the test kills the process (or the
game is decided: then it prints `gameover DEALS` and waits for the kill). A decided game
stays saved until its final sheet is left: Continue shows that sheet, whose Menu leaves it
(`finished` in the JSON line says so), and a new game starts.

Prints one JSON line once the table is up: what was resumed (the position as the table
holds it, the statistics as they are now), then `moving` lines as the game goes on."""

from __future__ import annotations

import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.bots import make_bot  # noqa: E402
from game.rules import position_to_json  # noqa: E402
from game.scenes.menu import TitleMenuScene  # noqa: E402
from game.scenes.new_game import NewGameScene  # noqa: E402
from game.scenes.pass_and_play import PrivacyScreen  # noqa: E402
from game.scenes.prompts import AnswerPrompt  # noqa: E402
from game.scenes.score_sheet import ScoreSheetScene  # noqa: E402
from game.window import STEP, MainWindow  # noqa: E402


def press(scene, msgid: str) -> None:
    for widget in scene.items.widgets:
        if getattr(widget, "msgid", None) == msgid:
            widget.click()
            return
    raise SystemExit(f"no {msgid} on {type(scene).__name__}")


def main() -> None:
    app = MainWindow(menu=True, threaded=False)
    home = os.environ["CANASTA_HOME"]
    temp_files = sorted(name for name in os.listdir(home) if name.endswith(".tmp"))  # after start-up
    title = app.stack.top
    assert isinstance(title, TitleMenuScene)
    resumed = app.context.saves.exists()
    finished = False
    if resumed:
        press(title, "Continue")
        table = app.table
        if table is not None and table.saved_game().is_over:  # a decided game: its final sheet, then Menu
            while not isinstance(app.stack.top, ScoreSheetScene):
                app.stack.update(STEP * 4)
                pygame.event.pump()
            app.stack.top._menu()
            if app.context.saves.exists():
                raise SystemExit("the decided game stayed saved after its sheet's Menu")
            title = app.stack.top
            assert isinstance(title, TitleMenuScene)
            resumed, finished = False, True
    if not resumed:
        press(title, "New game")
        new_game = app.stack.top
        assert isinstance(new_game, NewGameScene)
        press(new_game, "Start")
    table = app.table
    assert table is not None, "no table"
    stats = {key: record.deals for key, record in app.context.stats.records.items()}
    print(
        json.dumps(
            {
                "resumed": resumed,
                "finished": finished,
                "games": sum(record.games for record in app.context.stats.records.values()),
                # (the game as saved: the table may still be showing its last moves again)
                "position": position_to_json(table.saved_game().state),
                "moves": [str(m) for m in table.saved_game().history],
                "deal": table.saved_game().deal_number,
                "stats": stats,
                "read_only": app.context.read_only,
                "temp_files": temp_files,
            }
        ),
        flush=True,
    )
    me = make_bot("easy", os.getpid())
    while True:
        top = app.stack.top
        if isinstance(top, ScoreSheetScene):
            game = table.game
            if game.winner is not None:  # the game is decided: say so, wait for the kill
                print("gameover", game.deal_number + 1, flush=True)
                while True:
                    time.sleep(1)
            top._next_deal()  # the sheet's "Next deal"
        elif isinstance(top, AnswerPrompt):
            app.stack.remove(top)
            table.answer(False)
        elif isinstance(top, PrivacyScreen):  # pass-and-play: the next person sits down
            top.ready()
        elif top is table and table.my_turn() and table.idle:
            table.play(me.act(table.game.state.observation(table.human)))
            print("moving", len(table.game.history), flush=True)
        else:
            app.stack.update(STEP * 4)
        pygame.event.pump()


if __name__ == "__main__":
    main()
