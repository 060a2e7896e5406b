"""Bots in every variant: one arena run per variant, one line each (outside CI).

    python tools/bench_bots.py [--a normal] [--b easy] [--games 2000] [--seed 11000]
                               [--jobs 1] [--variants id,id] [--budget SECONDS]

For each variant of the engine (game/rules/variants.py), played to its own first
target: A's win rate with its 95% Wilson interval (chance is 1/sides), the mean
margin, A's and B's decision-time p95, and the exceptions, illegal moves and stalls.
The variants run one after another (one arena process at a time).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots.arena import percentile, run  # noqa: E402
from game.bots.base import ARENA_LEVELS  # noqa: E402
from game.rules import RulesConfig  # noqa: E402
from game.rules.variants import VARIANT_IDS  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--a", default="normal", choices=ARENA_LEVELS)
    p.add_argument("--b", default="easy", choices=ARENA_LEVELS)
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--seed", type=int, default=11000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--budget", type=float, default=None)
    p.add_argument("--variants", default=",".join(VARIANT_IDS))
    args = p.parse_args(argv)
    failures = 0
    print(f"{args.a} (A) vs {args.b} (B), {args.games} games per variant, seed {args.seed}", flush=True)
    for variant in args.variants.split(","):
        config = RulesConfig.for_variant(variant)
        s = run(variant, args.a, args.b, args.games, args.seed, args.jobs, config.target, args.budget)
        failures += s.exceptions + s.illegal + s.stalls
        p95 = {k: percentile(s.times[k], 0.95) * 1e3 for k in ("A", "B")}
        # with three sides, also how often A finished above each B side (chance 50%)
        head = f" head to head {s.ahead:.1%} ± {1.96 * s.ahead_se:.1%}," if config.sides > 2 else ""
        print(
            f"{variant:13} target {config.target:5}: {s.rate:6.1%} ({s.wins}/{s.games};"
            f" 95% Wilson {s.low:.1%} .. {s.high:.1%}; chance {1 / config.sides:.0%}),{head}"
            f" margin {s.margin:+.0f} ± {1.96 * s.margin_se:.0f}, p95 A {p95['A']:.2f} ms, B {p95['B']:.2f} ms,"
            f" max A {max(s.times['A'], default=0) * 1e3:.1f} ms,"
            f" exceptions/illegal/stalls {s.exceptions}/{s.illegal}/{s.stalls}, {s.elapsed:.0f} s",
            flush=True,
        )
        for error in s.errors[:2]:
            print(error)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
