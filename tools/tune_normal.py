"""Tune the Normal bot's weights by self-play: a simple coordinate search.

    python tools/tune_normal.py [--games 200] [--target 2500] [--passes 1] [--jobs 2]
                                [--only name,name] [--seed 1]

For each weight in turn, try it scaled up and down (x1.5, /1.5; a zero weight
tries +-2), play the candidate weights (A) against the current best (B) in the
arena with duplicate seeds, and keep the change when A wins at least `--accept`
of the games with a positive mean margin. Prints every trial and, at the end,
the tuned weights as Python to paste into NormalWeights.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots.arena import run  # noqa: E402
from game.bots.normal import NormalWeights  # noqa: E402


def trial_values(value: float) -> list[float]:
    if value == 0:
        return [2.0, -2.0]
    return [round(value * 1.5, 4), round(value / 1.5, 4)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--target", type=int, default=2500, choices=(2500, 5000))
    p.add_argument("--variant", default="classic")
    p.add_argument("--passes", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--accept", type=float, default=0.53)
    p.add_argument("--only", default="", help="comma-separated weight names")
    args = p.parse_args(argv)

    best = NormalWeights()
    names = [n for n in NormalWeights.names() if not args.only or n in args.only.split(",")]
    seed = args.seed
    start = time.perf_counter()
    for pass_no in range(args.passes):
        for name in names:
            current = getattr(best, name)
            for value in trial_values(current):
                cand = dataclasses.replace(best, **{name: value})
                s = run(
                    args.variant,
                    "normal",
                    "normal",
                    args.games,
                    seed,
                    args.jobs,
                    args.target,
                    options={"A": {"weights": cand}, "B": {"weights": best}},
                )
                seed += args.games  # fresh deals for every trial
                keep = s.rate >= args.accept and s.margin > 0
                print(
                    f"pass {pass_no} {name:18s} {current:>8} -> {value:>8}: "
                    f"win {s.rate:.1%} [{s.low:.1%}, {s.high:.1%}] margin {s.margin:+.0f}"
                    f"{'  KEEP' if keep else ''}",
                    flush=True,
                )
                if keep:
                    best = cand
                    break
    print(f"\n# tuned in {time.perf_counter() - start:.0f} s")
    for f in dataclasses.fields(best):
        print(f"    {f.name}: float = {getattr(best, f.name)!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
