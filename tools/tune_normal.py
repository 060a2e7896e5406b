"""Tune the Normal bot's weights by self-play or against a fixed opponent: a coordinate search.

    python tools/tune_normal.py [--games 200] [--variant classic] [--target 2500] [--passes 1]
                                [--jobs 2] [--only name,name] [--seed 1]
                                [--against LEVEL] [--gain 0.01]

For each weight in turn, try it scaled up and down (x1.5, /1.5; a zero weight
tries +-2). Self-play (the default): the candidate weights (A) play the current best (B)
in the arena with duplicate seeds, fresh deals for every trial, and the change is kept
when A wins at least `--accept` of the games with a positive mean margin. With
`--against LEVEL` (say `easy`): every trial plays the same deals against that level, and a
change is kept when it wins at least `--gain` more of them than the current best did.
Prints every trial and, at the end, the tuned weights as Python to paste into NormalWeights.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots.arena import ARENA_LEVELS, Summary, run  # noqa: E402
from game.bots.normal import NormalWeights  # noqa: E402
from game.rules.variants import VARIANT_IDS  # noqa: E402


def trial_values(value: float) -> list[float]:
    if value == 0:
        return [2.0, -2.0]
    return [round(value * 1.5, 4), round(value / 1.5, 4)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--target", type=int, default=None, help="default: the variant's first target")
    p.add_argument("--variant", default="classic", choices=VARIANT_IDS)
    p.add_argument("--passes", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--accept", type=float, default=0.53, help="self-play: the win rate that keeps a change")
    p.add_argument("--against", default=None, choices=ARENA_LEVELS, help="a fixed opponent instead of self-play")
    p.add_argument("--gain", type=float, default=0.01, help="--against: the win rate gained that keeps a change")
    p.add_argument("--only", default="", help="comma-separated weight names")
    args = p.parse_args(argv)

    best = NormalWeights.for_variant(args.variant)  # the variant's own weights to start from
    names = [n for n in NormalWeights.names() if not args.only or n in args.only.split(",")]
    seed = args.seed

    def play(cand: NormalWeights) -> Summary:
        if args.against is None:
            b, options = "normal", {"A": {"weights": cand}, "B": {"weights": best}}
        else:
            b, options = args.against, {"A": {"weights": cand}}
        return run(args.variant, "normal", b, args.games, seed, args.jobs, args.target, options=options)

    start = time.perf_counter()
    best_rate = 0.0
    if args.against is not None:
        s = play(best)
        best_rate = s.rate
        print(f"start: win {s.rate:.1%} [{s.low:.1%}, {s.high:.1%}] margin {s.margin:+.0f}", flush=True)
    for pass_no in range(args.passes):
        for name in names:
            current = getattr(best, name)
            for value in trial_values(current):
                cand = dataclasses.replace(best, **{name: value})
                s = play(cand)
                if args.against is None:
                    seed += args.games  # fresh deals for every trial
                    keep = s.rate >= args.accept and s.margin > 0
                else:
                    keep = s.rate >= best_rate + args.gain
                print(
                    f"pass {pass_no} {name:18s} {current:>8} -> {value:>8}: "
                    f"win {s.rate:.1%} [{s.low:.1%}, {s.high:.1%}] margin {s.margin:+.0f}"
                    f"{'  KEEP' if keep else ''}",
                    flush=True,
                )
                if keep:
                    best, best_rate = cand, s.rate
                    break
    print(f"\n# tuned in {time.perf_counter() - start:.0f} s")
    for f in dataclasses.fields(best):
        print(f"    {f.name}: float = {getattr(best, f.name)!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
