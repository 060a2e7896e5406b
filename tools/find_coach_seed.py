#!/usr/bin/env python3
"""Find seeds for the guided first deal (game/coach.py): the first deals in which the
player, following the coach, meets every rule of coach.TOPICS. Prints each seed found
with the number of the player's moves (shorter is friendlier).

    python tools/find_coach_seed.py [--start 1] [--count 2000] [--want 5]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--want", type=int, default=5)
    args = parser.parse_args()
    from game.coach import TOPIC_IDS, coached_deal, topics_met

    found = 0
    best: tuple[int, int] | None = None
    for seed in range(args.start, args.start + args.count):
        game, steps = coached_deal(seed)
        met = topics_met(steps)
        missing = [t for t in TOPIC_IDS if t not in met]
        if len(missing) <= 1:
            moves = sum(1 for m in game.history)
            print(f"seed {seed}: {moves} moves, missing {missing or 'nothing'}", flush=True)
            if not missing:
                found += 1
                if best is None or moves < best[1]:
                    best = (seed, moves)
                if found >= args.want:
                    break
    print(f"best: {best}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
