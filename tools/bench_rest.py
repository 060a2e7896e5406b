#!/usr/bin/env python3
"""Benchmark: the CPU the app uses while the player thinks (the window at rest).

    python tools/bench_rest.py [--seconds 10] [--driver dummy|x11]

Runs the real window loop (`MainWindow.run`, real time) for --seconds at the title menu
and at the table on the player's turn (classic, seed 5), once as it is and once with
resting turned off (every frame drawn at 60 a second, as before), and prints the process's
CPU time as a share of one core and the frames drawn a second. With SDL's dummy video
driver (the default) the figures leave out the display's own cost (under X11 a frame's
copy to the screen costs more: run it with --driver x11 under a display).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def measure(app, seconds: float, warm: float) -> tuple[float, float]:
    """(CPU share of one core, frames a second) of `app.run` over `seconds` of real time,
    after `warm` seconds unmeasured (the quiet second before the window rests)."""
    began = time.perf_counter()
    start: list[tuple[int, float, float]] = []

    def feeder() -> None:
        now = time.perf_counter()
        if not start and now >= began + warm:
            start.append((app.frames, time.process_time(), now))
        if now >= began + warm + seconds:
            app.running = False

    app.feeder = feeder
    app.run()
    app.running = True
    frames, cpu, wall = start[0]
    wall = time.perf_counter() - wall
    return (time.process_time() - cpu) / wall, (app.frames - frames) / wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--driver", default="dummy")
    args = parser.parse_args()
    os.environ["SDL_VIDEODRIVER"] = args.driver
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["CANASTA_HOME"] = tempfile.mkdtemp(prefix="canasta-rest-")

    from game import window as window_module
    from game.window import MainWindow

    def title() -> MainWindow:
        return MainWindow(seed=5, size=(1280, 720), menu=True)

    def players_turn() -> MainWindow:
        app = MainWindow(seed=5, size=(1280, 720), menu=False, threaded=False)
        table = app.table
        assert table is not None
        for _ in range(100_000):  # the bots play up to the player's turn (fast: a fixed step)
            if table.my_turn() and table.idle:
                break
            app.frame(1 / 60)
        app.run(max_frames=app.frames + 180, fixed_dt=1 / 60)  # (the last cards settle)
        return app

    quiet = window_module.QUIET_AFTER
    print(f"{args.seconds:g} s each, SDL video driver {args.driver}, 1280x720")
    for name, make in (("title menu", title), ("table, the player's turn", players_turn)):
        app = make()
        try:
            rows = []
            for label, quiet_after in (("at rest", quiet), ("always 60 fps", math.inf)):
                window_module.QUIET_AFTER = quiet_after
                share, fps = measure(app, args.seconds, warm=quiet + 0.5)
                rows.append(f"{label}: {share * 100:.1f}% of a core, {fps:.0f} frames/s")
            print(f"{name}: " + "; ".join(rows))
        finally:
            window_module.QUIET_AFTER = quiet
            app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
