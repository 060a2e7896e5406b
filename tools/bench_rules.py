"""Benchmark of the rules engine: random-legal-move playouts of whole classic deals.

    python tools/bench_rules.py [--deals 400] [--variant classic] [--seed 1]

Prints deals/s, moves/s and mean moves per deal on one core, and the median time of
`legal_moves` and of applying a move (measured separately, on positions sampled from
the same playouts, so timer overhead does not distort the throughput figures).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.rules import GameState, RulesConfig  # noqa: E402


def playouts(config: RulesConfig, deals: int, seed: int) -> tuple[float, int, list[GameState]]:
    rng = random.Random(seed)
    samples: list[GameState] = []
    moves = 0
    start = time.perf_counter()
    for d in range(deals):
        state, _ = GameState.deal(config, rng, dealer=d % config.players)
        while not state.is_over:
            legal = state.legal_moves()
            state.apply(legal[rng.randrange(len(legal))])
            moves += 1
            if d % 8 == 0 and moves % 7 == 0:  # positions for the per-call timings
                samples.append(state.copy())
    return time.perf_counter() - start, moves, samples


def median_us(fn, items, repeat: int = 5) -> float:
    """Median over items of the best of `repeat` timings of fn(item)."""
    times = []
    for item in items:
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            fn(item)
            best = min(best, time.perf_counter() - t0)
        times.append(best)
    return statistics.median(times) * 1e6


def apply_median_us(pairs) -> float:
    """Median time of `apply` alone: each timing runs on a fresh copy made beforehand."""
    times = []
    for state, move in pairs:
        best = float("inf")
        for _ in range(5):
            trial = state.copy()
            t0 = time.perf_counter()
            trial.apply(move)
            best = min(best, time.perf_counter() - t0)
        times.append(best)
    return statistics.median(times) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    config = RulesConfig.for_variant(args.variant)
    playouts(config, 20, args.seed + 1000)  # warm-up
    elapsed, moves, samples = playouts(config, args.deals, args.seed)
    live = [s for s in samples if not s.is_over]
    rng = random.Random(args.seed)
    pairs = [(s, rng.choice(s.legal_moves())) for s in live]
    print(f"variant            {args.variant}")
    print(f"deals              {args.deals}")
    print(f"deals/s            {args.deals / elapsed:.1f}")
    print(f"moves/s            {moves / elapsed:.0f}")
    print(f"mean moves/deal    {moves / args.deals:.1f}")
    print(f"legal_moves median {median_us(lambda s: s.legal_moves(), live):.1f} us "
          f"(over {len(live)} positions)")
    print(f"apply median       {apply_median_us(pairs):.1f} us")
    print(f"copy median        {median_us(lambda s: s.copy(), live):.1f} us")


if __name__ == "__main__":
    main()
