#!/usr/bin/env python3
"""The monkey: random mouse and keys through the real window loop, looking for crashes.

The app runs as a player starts it (the title menu, the player's saves in a home of the
monkey's own), on SDL's dummy driver at a fixed 60 frames a simulated second. Each frame the
monkey may click, double-click, drag, scroll or press a key anywhere (more often on the hand,
the buttons, the stock and the pile), and now and then, at the player's turn, it plays one
move a bot chooses, by mouse, so that deals get played to their end. Whenever the app stops
(the monkey found Quit, or Escape at the title), a new one starts on the same home, so
Continue is exercised too. Any exception out of a frame is a problem: printed with its
traceback, the seed and the frame, and the run goes on in a new app. It prints what it did
and the problems found (exit 1 if any).

    python tools/fuzz_window.py [--seconds 300] [--seed 1] [--home DIR] [--variant V]

Found problems are repeatable: the same seed, the same machine speed aside (the bots' thread
and the deal review's worker make timing matter), plays the same gestures.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.automation import Driver, ScriptError, differences  # noqa: E402
from game.bots import make_bot  # noqa: E402
from game.bots.base import LEVELS  # noqa: E402
from game.deal_file import SUFFIX, export_text  # noqa: E402
from game.rules import Game, MoveKind, RulesConfig  # noqa: E402
from game.rules.variants import APP_VARIANT_IDS  # noqa: E402
from game.scenes.menu import TitleMenuScene  # noqa: E402
from game.scenes.table_layout import BUTTONS, HAND_RECT, PILE_POS, STOCK_POS  # noqa: E402
from game.storage import HOME_ENV, atomic_write  # noqa: E402
from game.window import MainWindow  # noqa: E402

KEYS = (
    *"h d t m x a p l v y n s u z 1 2 3 escape return space tab backspace up down left right f1 f2 f5".split(),
    *("page up", "page down", "home", "end"),
)
DT = 1.0 / 60.0
SIZES = ((1280, 720), (800, 450), (1600, 900))


class Monkey:
    """Gestures for one app: a generator the app calls once per frame (its feeder)."""

    def __init__(
        self, app: MainWindow, rng: random.Random, counts: Counter[str], problems: list[str], variants: list[str]
    ) -> None:
        self.app = app
        self.variants = variants
        self.problems = problems
        self.rng = rng
        self.counts = counts
        self.driver = Driver(app, [])  # its gestures and its move-by-mouse
        self.steps = self._run()

    def feed(self) -> None:
        try:
            next(self.steps)
        except ScriptError:  # a move by mouse the chaos got in the way of: not a problem
            self.counts["moves cut short"] += 1
            self.steps = self._run()

    def _point(self) -> tuple[float, float]:
        rng = self.rng
        roll = rng.random()
        if roll < 0.3:
            return rng.uniform(HAND_RECT.left, HAND_RECT.right), rng.uniform(HAND_RECT.top, HAND_RECT.bottom)
        if roll < 0.5:
            x, y, w, h = BUTTONS[rng.choice(sorted(BUTTONS))]
            return rng.uniform(x, x + w), rng.uniform(y, y + h)
        if roll < 0.6:
            spot = rng.choice((STOCK_POS, PILE_POS))
            return spot[0] + rng.uniform(-30, 30), spot[1] + rng.uniform(-40, 40)
        return rng.uniform(0, 1280), rng.uniform(0, 720)

    def _run(self) -> Iterator[None]:
        rng, driver = self.rng, self.driver
        while True:
            for _ in range(rng.randrange(20, 240)):  # a spell of chaos
                roll = rng.random()
                if roll < 0.04:
                    self.counts["clicks"] += 1
                    yield from driver.click(self._point())
                elif roll < 0.05:
                    self.counts["double-clicks"] += 1
                    yield from driver.double_click(self._point())
                elif roll < 0.06:
                    self.counts["drags"] += 1
                    yield from driver.drag(self._point(), self._point(), steps=rng.randrange(2, 10))
                elif roll < 0.075:
                    self.counts["keys"] += 1
                    yield from driver.key(rng.choice(KEYS))
                elif roll < 0.08:
                    self.counts["wheel"] += 1
                    driver.post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False)
                    yield
                else:
                    yield
            yield from self._calm()

    def _calm(self) -> Iterator[None]:
        """After the chaos, a player's way on: close what it opened (Escape), go to a table
        from the title, and play a move, a score sheet or an answer when it is due."""
        rng, driver = self.rng, self.driver
        for _ in range(rng.randrange(60, 600)):
            top = self.app.stack.top
            if isinstance(top, TitleMenuScene):
                yield from self._to_a_table()
            elif driver.table is not None and driver._players_turn():
                yield from self._move()
                return
            elif driver._sheet_open():
                self.counts["score sheets passed"] += 1
                yield from driver.click_button("next")
            elif driver._prompt_open():
                self.counts["answers"] += 1
                yield from driver.click_button(rng.choice(("yes", "no")))
            elif top is not driver.table:  # a menu, a dialog, a page: back out of it
                self.counts[f"closed: {type(top).__name__}"] += 1
                yield from driver.key("escape")
                yield from driver.wait(0.3)
            else:
                yield

    def _move(self) -> Iterator[None]:
        """One move by mouse: mostly what Normal would play, sometimes any legal move; first
        Escape, as a player would, until nothing the chaos left (a selection, staged melds, a
        hint, the log) is in the way, so that what the mouse does is that move only."""
        table = self.driver.table
        for _ in range(10):
            ui = table.ui
            busy = ui.dragging or ui.dragging_top or table.mouse.press is not None
            if not (busy or ui.staged or ui.selected or table.hint is not None or table.pile_open or table.log_open):
                break
            yield from self.driver.key("escape")
            yield from self.driver.wait(0.1)
        if not self.driver._players_turn():
            return
        observation = table.game.state.observation(table.human)
        move = self.rng.choice(observation.legal) if self.rng.random() < 0.2 else None
        if move is None or move.kind is MoveKind.ASK:
            move = make_bot("normal", self.rng.randrange(1 << 30)).act(observation)
        self.counts["moves by mouse"] += 1
        expected = table.game.state.copy()
        expected.apply(move)
        yield from self.driver.play_move(move)
        problem = differences(expected, table.game.state, table.human)
        if problem:  # (the next bot cannot have moved yet: the mouse's last frame was just now)
            path = self.keep_deal(table.game)
            self.problems.append(
                f"{move} by mouse differs from the engine's: {problem}; the table said: {table.message!r}; "
                f"on top: {type(self.app.stack.top).__name__}; the deal: {path} (`play {move}` there)"
            )
            print(self.problems[-1], file=sys.stderr, flush=True)

    def keep_deal(self, game: Game) -> Path:
        """The deal as far as it went, as a deal file (`canasta FILE` opens it there)."""
        folder = Path(os.environ[HOME_ENV]) / "problems"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"problem-{len(self.problems) + 1}{SUFFIX}"
        atomic_write(path, export_text(game).encode("utf-8"))
        return path

    def _to_a_table(self) -> Iterator[None]:
        """From the title as a player goes: Continue when a game is saved (its first
        button), else a new game of any variant at any level (as `canasta --variant V`)."""
        title = self.app.stack.top
        assert isinstance(title, TitleMenuScene)
        if title.saved is not None:
            self.counts["Continue"] += 1
            yield from self.driver.click(title.items.widgets[0].rect.center)
            return
        variant = self.rng.choice(self.variants)
        config = RulesConfig.for_variant(variant, None)
        level = self.rng.choice(LEVELS)  # (Hard thinks half a second a move: seldom picked)
        level = level if level != "hard" or self.rng.random() < 0.3 else "normal"
        self.counts[f"new game: {variant}"] += 1
        self.app.open_game(variant, self.rng.randrange(1 << 30), config.target, level)
        yield


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=300.0, help="wall time to run (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--home", help="the app's home (default: a new temporary folder)")
    parser.add_argument("--variant", choices=APP_VARIANT_IDS, help="new games of this variant only (default: any)")
    args = parser.parse_args()
    home = Path(args.home) if args.home else Path(tempfile.mkdtemp(prefix="canasta-monkey-"))
    os.environ[HOME_ENV] = str(home)
    rng = random.Random(args.seed)
    counts: Counter[str] = Counter()
    problems: list[str] = []
    end = time.monotonic() + args.seconds
    frames = 0
    while time.monotonic() < end:
        app = MainWindow(size=rng.choice(SIZES), menu=True, seed=rng.randrange(1 << 30))
        counts["apps started"] += 1
        monkey = Monkey(app, rng, counts, problems, [args.variant] if args.variant else list(APP_VARIANT_IDS))
        app.feeder = monkey.feed
        try:
            while app.running and time.monotonic() < end:
                app.frame(DT)
                frames += 1
        except Exception:  # noqa: BLE001 - the point of the tool: report and go on
            kept = ""
            if app.table is not None:
                shot = monkey.keep_deal(app.table.game).with_suffix(".png")
                app.screenshot(str(shot))
                kept = f" (the deal and the screen kept beside {shot})"
            problems.append(f"frame {frames} (seed {args.seed}){kept}:\n{traceback.format_exc()}")
            print(problems[-1], file=sys.stderr, flush=True)
        finally:
            if not app.running:
                counts[f"app stopped: {app.stop_reason}"] += 1
            app.close()
    print(f"monkey: {args.seconds:g} s, seed {args.seed}, home {home}: {frames} frames")
    for what, n in sorted(counts.items()):
        print(f"  {what}: {n}")
    print(f"problems: {len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
