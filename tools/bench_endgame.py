"""Hard (with its options) against Normal from deals begun near the game's end (outside CI).

    python tools/bench_endgame.py --variant classic --seed 95000 --games 400 --budget 0.1 \\
        --work-us 182 --options game_win=1000 --log A.jsonl
    python tools/bench_endgame.py --compare A.jsonl B.jsonl     two runs on the same games

The arena plays whole games, most of whose deals end nothing; a setting about the game's end
(Hard's `game_win`) shows only in the last deal. Here each seed deals a game of 2500 whose
sides begin with scores drawn from 1700-2450 (the same for both seatings), so nearly every game
is decided in its first deal or two. Duplicate: Hard holds each side once. Each game is a line
of `--log` (JSON), and a run goes on where its log stopped. On the work clock (`--work-us`) a
game is played the same on any machine and under any load.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.bots import make_bot  # noqa: E402
from game.bots.arena import MOVE_CAP, parse_settings, wilson  # noqa: E402
from game.bots.base import Bot, clock_for  # noqa: E402
from game.rules import Game, RulesConfig  # noqa: E402
from game.rules.variants import VARIANT_IDS  # noqa: E402

TARGET = 2500
LOWEST, HIGHEST = 1700, 2460  # the sides' scores at the start, in steps of ten


def starting_scores(seed: int, sides: int) -> list[int]:
    rng = random.Random(seed * 7919)
    return [rng.randrange(LOWEST, HIGHEST, 10) for _ in range(sides)]


def play(variant: str, seed: int, seating: int, budget: float, work_us: float, options: dict[str, Any]) -> dict:
    """One game: Hard (with `options`) on side `seating`, Normal on the other sides."""
    config = RulesConfig.for_variant(variant, TARGET)
    bots: dict[int, Bot] = {}
    for s in range(config.players):
        mine = config.side_of(s) == seating
        bots[s] = make_bot("hard" if mine else "normal", seed=seed * 97 + seating * 13 + s, **(options if mine else {}))
        bots[s].clock = clock_for(f"work:{work_us / 1e6}", bots[s])
    game = Game(config, seed, first_dealer=0)
    start = starting_scores(seed, config.sides)
    game.state.scores = list(start)
    moves = 0
    while not game.is_over and moves < MOVE_CAP:
        st = game.state
        if st.is_over:
            game.next_deal()
            continue
        seat = st.to_act
        assert seat is not None  # a deal in play has a player to act
        game.apply(bots[seat].act(st.observation(seat), budget))
        moves += 1
    return {"seed": seed, "seating": seating, "start": start, "won": game.winner == seating, "over": game.is_over}


def run(args: argparse.Namespace) -> None:
    log = Path(args.log)
    done = set()
    if log.exists():
        done = {(row["seed"], row["seating"]) for row in map(json.loads, log.read_text().splitlines())}
    options = parse_settings(args.options) if args.options else {}
    with log.open("a") as out:
        for seed in range(args.seed, args.seed + args.games // 2):
            for seating in range(2):
                if (seed, seating) not in done:
                    row = play(args.variant, seed, seating, args.budget, args.work_us, options)
                    out.write(json.dumps(row) + "\n")
                    out.flush()
    report(log)


def rows(path: Path) -> dict[tuple[int, int], dict]:
    return {(row["seed"], row["seating"]): row for row in map(json.loads, path.read_text().splitlines())}


def report(path: Path) -> None:
    games = list(rows(path).values())
    won = sum(row["won"] for row in games)
    low, high = wilson(won, len(games))
    print(f"{path.name}: Hard won {won} of {len(games)} ({won / len(games):.1%}, {low:.1%} .. {high:.1%})")


def compare(first: Path, second: Path) -> None:
    """The two runs' wins on the games both played, paired game by game."""
    a, b = rows(first), rows(second)
    common = sorted(set(a) & set(b))
    diffs = [int(a[k]["won"]) - int(b[k]["won"]) for k in common]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    wa, wb = sum(a[k]["won"] for k in common), sum(b[k]["won"] for k in common)
    print(
        f"{n} games: {first.name} {wa} ({wa / n:.1%}), {second.name} {wb} ({wb / n:.1%}); "
        f"difference {mean:+.1%} ± {1.96 * math.sqrt(var / n):.1%}; games that differ {sum(1 for d in diffs if d)}"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    configs = {v: RulesConfig.for_variant(v) for v in VARIANT_IDS}
    two_sides = [v for v, cfg in configs.items() if cfg.sides == 2 and not cfg.rules.deals]
    p.add_argument("--variant", default="classic", choices=two_sides)  # (Hard holds each side once)
    p.add_argument("--seed", type=int, default=95000)
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--budget", type=float, default=0.1)
    p.add_argument("--work-us", type=float, default=182.0)
    p.add_argument("--options", default="", help="Hard's settings, name=value,... (as the arena's --a-options)")
    p.add_argument("--log", default="endgame.jsonl")
    p.add_argument("--compare", nargs=2, metavar="LOG")
    args = p.parse_args()
    if args.compare:
        compare(Path(args.compare[0]), Path(args.compare[1]))
    else:
        run(args)


if __name__ == "__main__":
    main()
