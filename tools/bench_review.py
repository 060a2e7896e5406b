#!/usr/bin/env python3
"""Benchmark of the deal review (#12), printed, not asserted:

- seconds to review a whole classic deal (every decision of South, game.review's default
  numbers of sampled worlds; --player easy: South an Easy bot, whose moves Hard often would
  not make, each estimated on worlds of its own) in the review's worker process (--thread:
  on a thread), while the window runs at 60 frames a second;
- frame time (update + draw + present) p50/p95/max while it runs: first with the
  review scene on screen (what the player watches), then with the busy table of
  tools/bench_table.py drawn while a review runs behind it, and the same table with no
  review (the baseline: on a shared machine the other programs' load shows there too).

    python tools/bench_review.py [--seed 3] [--worlds N] [--player easy]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

FRAME = 1 / 60


def whole_deal(seed: int, player: str = "normal"):
    """A classic deal played to its end by Normal bots, South by `player`'s level (Easy:
    more of its moves differ from Hard's, each weighed on the estimate's worlds too)."""
    from game.bots import make_bot
    from game.review import deal_play
    from game.rules import Game, Phase, RulesConfig

    game = Game(RulesConfig.for_variant("classic"), seed)
    bots = [make_bot(player if seat == 0 else "normal", seat) for seat in range(4)]
    while game.state.phase is not Phase.OVER:
        seat = game.state.to_act
        game.apply(bots[seat].act(game.state.observation(seat)))
    return deal_play(game)


def paced_frames(app, job) -> tuple[list[float], float]:
    """Frames at 60 a second until the job finishes; (frame seconds, wall seconds)."""
    times = []
    start = time.perf_counter()
    while not job.poll().finished:
        begin = time.perf_counter()
        app.frame(FRAME)
        spent = time.perf_counter() - begin
        times.append(spent)
        if spent < FRAME:
            time.sleep(FRAME - spent)
    return times, time.perf_counter() - start


def report(label: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[max(0, int(len(ms) * 0.95) - 1)]
    slowest = max(range(len(times)), key=times.__getitem__)
    print(
        f"{label} ({len(ms)} frames): p50 {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, "
        f"max {ms[-1]:.2f} ms at frame {slowest + 1} (budget 8 ms)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--worlds", type=int, default=None)
    parser.add_argument("--player", default="normal", help="South's bot level (easy: many moves unlike Hard's)")
    parser.add_argument("--thread", action="store_true", help="the worker thread instead of the process")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from bench_table import busy_position

    from game.review import ESTIMATE_WORLDS, WORLDS, decision_points
    from game.review_worker import ProcessReview, ThreadedReview
    from game.scenes.bot_runner import FRAME_GATE
    from game.scenes.layout import LOGICAL_SIZE
    from game.scenes.review_scene import ReviewScene
    from game.seat_names import SeatNames
    from game.window import MainWindow

    worlds = args.worlds or WORLDS
    play = whole_deal(args.seed, args.player)
    decisions = len(decision_points(play, {0}))
    print(
        f"classic deal, seed {args.seed}, South {args.player}: {len(play.moves)} moves, {decisions} decisions of "
        f"South, {worlds} worlds each (and {ESTIMATE_WORLDS} for the estimate where Hard would rather play otherwise)"
    )

    app = MainWindow(seed=1, size=LOGICAL_SIZE)
    jobs: list[ProcessReview | ThreadedReview] = []
    kind = ThreadedReview if args.thread else ProcessReview

    def start(deal, seats):
        if kind is ThreadedReview:  # as the app's fallback: it waits while a frame is drawn
            return ThreadedReview(deal, seats, worlds=worlds, pause=FRAME_GATE.wait)
        return ProcessReview(deal, seats, worlds=worlds)

    def factory(deal, seats):
        jobs.append(start(deal, seats))
        return jobs[-1]

    scene = ReviewScene(play, {0}, SeatNames.default(play.start.config), job_factory=factory)
    app.stack.push(scene)
    times, wall = paced_frames(app, jobs[-1])
    print(f"worker: {kind.__name__}")
    print(f"whole classic deal reviewed in {wall:.1f} s (target 30 s), the window at 60 frames a second meanwhile")
    report("frame time, review scene on screen", times)
    app.stack.remove(scene)

    table = app.table
    assert table is not None
    table.load_state(busy_position())
    for _ in range(30):
        app.frame(FRAME)
    job = start(play, {0})
    times, wall = paced_frames(app, job)
    report(f"frame time, busy table while a review runs ({wall:.1f} s)", times)
    baseline = []
    for _ in range(len(times)):  # the same table with no review: what the machine gives anyway
        begin = time.perf_counter()
        app.frame(FRAME)
        spent = time.perf_counter() - begin
        baseline.append(spent)
        time.sleep(max(0.0, FRAME - spent))
    report("frame time, busy table with no review (baseline, same run)", baseline)
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
