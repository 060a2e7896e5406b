#!/usr/bin/env python3
"""Benchmark of the app's persistence: save after a move, and resume.

    python tools/bench_app.py [--seed 5] [--dir DIR]

Plays one whole classic game with easy bots, saving after every move exactly
as the table does (atomic write with fsync, into DIR or a temp dir beside the
user data), and prints the median and 95th-percentile save time; then times
resume (read + checks + replay of the whole history + position compare).
Targets (issue 5): save <= 10 ms median; resume to the table <= 1.5 s.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.bots import make_bot  # noqa: E402
from game.rules import Game, RulesConfig  # noqa: E402
from game.saves import SaveStore  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--dir", type=Path, default=None, help="where to write (default: a temp dir)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        store = SaveStore(Path(folder))
        game = Game(RulesConfig(), args.seed)
        bots = [make_bot("easy", seat) for seat in range(4)]
        levels = (None, "easy", "easy", "easy")
        times: list[float] = []
        while not game.is_over:
            if game.state.is_over:
                game.next_deal()
            seat = game.state.to_act
            game.apply(bots[seat].act(game.state.observation(seat)))
            start = time.perf_counter()
            store.save(game, levels)
            times.append(time.perf_counter() - start)
        size = store.path.stat().st_size
        resumes = []
        for _ in range(5):
            start = time.perf_counter()
            store.load()
            resumes.append(time.perf_counter() - start)
    times.sort()
    print(f"game: {len(game.history)} moves, {game.deal_number + 1} deals, final save {size / 1024:.1f} KiB")
    print(f"save after a move: median {statistics.median(times) * 1000:.2f} ms, "
          f"p95 {times[int(len(times) * 0.95)] * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms "
          f"({len(times)} saves, fsync on)")
    print(f"resume (load + replay + verify) of the finished game: median "
          f"{statistics.median(resumes) * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
