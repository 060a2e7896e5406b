"""Profile random-legal-move deals of one variant (cProfile over bench_rules' playout loop).

python tools/profile_rules.py [--variant classic] [--deals 40]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_rules  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic", help="a variant id (game.rules.VARIANT_IDS)")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args()
    rules = bench_rules._rules(str(Path(__file__).resolve().parent.parent))
    if args.variant not in rules.VARIANT_IDS:
        parser.error(f"unknown variant {args.variant!r}; one of {', '.join(rules.VARIANT_IDS)}")
    profiler = cProfile.Profile()
    profiler.runcall(bench_rules.playouts, rules, args.variant, args.deals, args.seed)
    stats = pstats.Stats(profiler)
    stats.sort_stats("tottime").print_stats(args.top)
    stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
