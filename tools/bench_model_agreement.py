"""How well one bot's move foretells another's, on the same decisions (outside CI).

    python tools/bench_model_agreement.py [--variant classic] [--positions 200] [--seed 1]
        [--levels normal,normal-v1,hard,hard-v1] [--budget 0.5] [--work-us 182,147] [--styles]

Hard's playouts play every other seat as today's Normal: the model of how the opponents play.
Against Normal that model is exact; against another bot it is right only where the two choose
alike. The decisions are `bench_hard.py`'s (Normal's self-play, where Hard weighs two or more
candidates); each level chooses on each one (the searching levels at --budget on the work clock,
`--work-us` today's Hard's unit and `hard-v1`'s, as the arena's), and the tool prints, for each
pair of levels, the share of decisions where they choose the same move (95% Wilson interval).
With `--styles`, also how often each level's move is Normal's or one of its five styles'
(styles.py): how much of another bot's play Hard's `opponent_styles` playouts can foretell.
"""

from __future__ import annotations

import argparse
import random
import sys
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_hard import decisions  # noqa: E402

from game.bots.arena import wilson  # noqa: E402
from game.bots.base import ARENA_LEVELS, Bot, clock_for, make_bot, work_us_argument  # noqa: E402
from game.bots.normal import NormalPolicy  # noqa: E402
from game.bots.styles import style_policies  # noqa: E402
from game.rules import Move, Observation  # noqa: E402
from game.rules.variants import VARIANT_IDS  # noqa: E402


def level_bot(level: str, seed: int, budget: float, clock: str) -> Bot:
    """`level` at `budget` on the work clock `clock`: `hard-v1` with its second unit (its own,
    as the arena's B side), every other level with the first."""
    bot = make_bot(level, seed, budget=budget) if level.startswith("hard") else make_bot(level, seed)
    bot.clock = clock_for(clock, bot, 1 if level == "hard-v1" else 0)
    return bot


def style_moves(variant: str, found: list[Observation]) -> list[set[Move]]:
    """On each decision, the moves of Normal and of each of its styles."""
    policies = (NormalPolicy(), *style_policies(variant))
    return [{policy.choose(obs) for policy in policies} for obs in found]


def covered(chosen: list[Move], moves: list[set[Move]]) -> int:
    """The decisions where the move chosen is one of `moves`'."""
    return sum(move in some for move, some in zip(chosen, moves, strict=True))


def choices(levels: list[str], found: list[Observation], seed: int, budget: float, clock: str) -> dict[str, list[Move]]:
    """Each level's move on each decision (each decision's own seeded RNG, the same for every level)."""
    chosen: dict[str, list[Move]] = {}
    for level in levels:
        bot = level_bot(level, seed, budget, clock)
        chosen[level] = [bot.choose(obs, random.Random(seed * 1000 + i)) for i, obs in enumerate(found)]
    return chosen


def agreement(chosen: dict[str, list[Move]]) -> list[tuple[str, str, int, int]]:
    """(level, level, decisions where both chose alike, decisions) for every pair of levels."""
    out = []
    for a, b in combinations(chosen, 2):
        same = sum(x == y for x, y in zip(chosen[a], chosen[b], strict=True))
        out.append((a, b, same, len(chosen[a])))
    return out


def share(hits: int, n: int) -> str:
    """`hits` of `n` with its share and 95% Wilson interval."""
    low, high = wilson(hits, n)
    return f"{hits}/{n} ({hits / n:.1%}, {low:.1%} .. {high:.1%})"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--variant", default="classic", choices=VARIANT_IDS)
    p.add_argument("--positions", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--levels", default="normal,normal-v1,hard,hard-v1")
    p.add_argument("--budget", type=float, default=0.5)
    p.add_argument("--styles", action="store_true", help="also: how often a level's move is Normal's or a style's")
    p.add_argument(
        "--work-us",
        type=work_us_argument,
        default="182,147",
        help="the work clock's unit (µs): today's Hard's[,hard-v1's]",
    )
    args = p.parse_args(argv)
    levels = args.levels.split(",")
    unknown = [level for level in levels if level not in ARENA_LEVELS]
    if unknown or len(levels) < 2:
        p.error(f"--levels takes two or more of {', '.join(ARENA_LEVELS)}, not {args.levels!r}")
    clock = args.work_us  # work_us_argument made it a spec
    found = decisions(args.variant, args.positions, args.seed)
    chosen = choices(levels, found, args.seed, args.budget, clock)
    print(
        f"{args.variant}: {args.positions} decisions of Normal's self-play (seed {args.seed}), {args.budget} s of work"
    )
    for a, b, same, n in agreement(chosen):
        print(f"{a} and {b}: the same move in {share(same, n)}")
    if args.styles:
        moves = style_moves(args.variant, found)
        print(f"Normal and its styles: {sum(map(len, moves)) / len(moves):.2f} different moves a decision")
        for level, chosen_by_level in chosen.items():
            print(f"{level}: Normal's or a style's move in {share(covered(chosen_by_level, moves), len(moves))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
