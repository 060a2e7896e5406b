"""Hard's search speed: sampled worlds per second on fixed decisions (outside CI).

    python tools/bench_hard.py [--variant classic] [--positions 40] [--worlds 8] [--seed 1]
    python tools/bench_hard.py --budget 0.5 [--variant six-hand] [--positions 40] [--pool N]

The decisions come from Normal playing itself (every decision of the seat to act where
Hard weighs two or more candidates, up to --positions); Hard then searches each one with
a fixed number of worlds (deterministic), so the same command plays the same playouts.
Prints worlds per CPU-second (each world plays every candidate), policy moves per
CPU-second (the playouts' moves Normal chose, and Hard's own calls; since stop 38 a forced
draw is played without asking it, so the figure is not comparable with earlier ones: compare
worlds), and a digest of Hard's choices:
a faster search must keep the digest. With --budget, Hard searches each decision for that
long instead and the tool prints the decision times (median, p95, max) and worlds played;
with --pool N as well, N worker processes play the worlds, as at the table
(game/bots/search_pool.py).

    python tools/bench_hard.py --calibrate [--level hard] [--budget 0.5] [--variant classic] [--positions 40]

measures the unit of the arena's work clock (`--clock work --work-us U`, game/bots/base.py):
Hard searches each decision for --budget CPU seconds, and the CPU time it took over the work
it did (worlds sampled, playout moves) is this machine's microseconds a unit, today.

`--seed S` plays games S x GAMES_PER_SEED, the next, and so on, so two seeds never share a
decision. (Until stop 35 they were S, S + 1, ...: a few hundred decisions span some twenty
games, so seeds 1 and 2 shared nearly all of them; the digests and references of that time
were made so.)
"""

from __future__ import annotations

import argparse
import hashlib
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import make_bot  # noqa: E402
from game.bots.hard import HardBot  # noqa: E402
from game.bots.normal import NormalPolicy  # noqa: E402
from game.bots.search_pool import SearchPool  # noqa: E402
from game.rules import Game, GameState, Move, Observation, Phase, RulesConfig  # noqa: E402
from game.rules.variants import VARIANT_IDS  # noqa: E402

GAMES_PER_SEED = 100_000  # far more games than any count of decisions takes


def decisions(variant: str, count: int, seed: int) -> list[Observation]:
    """Observations where Hard has a real choice, from games of Normal against itself."""
    return [st.observation(st.to_act) for st in decision_states(variant, count, seed) if st.to_act is not None]


def decision_states(variant: str, count: int, seed: int, late: float | None = None) -> list[GameState]:
    """The full states (every hand, the stock) of the decisions `decisions` gives; with
    `late`, only those of deals that start that close to the game's end (`near_the_end`)."""
    policy, probe = NormalPolicy(), HardBot(seed=0, iterations=1)
    found: list[GameState] = []
    game_seed = seed * GAMES_PER_SEED
    while len(found) < count:
        game = Game(RulesConfig.for_variant(variant), game_seed, first_dealer=0)
        step = 0
        # The first deal of each game; with `late`, whole games (their last deals).
        while not game.is_over and len(found) < count:
            st = game.state
            if st.is_over:
                if late is None:
                    break
                game.next_deal()
                continue
            seat = st.to_act
            assert seat is not None
            obs = st.observation(seat)
            move = policy.choose(obs)
            step += 1
            if (
                step % 3 == 0
                and obs.phase is not Phase.ANSWER
                and (late is None or near_the_end(st, late))
                and len(probe.candidates(obs, move)) >= 2
            ):
                found.append(st.copy())
            game.apply(move)
        game_seed += 1
    return found


def near_the_end(state: GameState, fraction: float) -> bool:
    """This deal started within `fraction` of the game's end: a side past 1 - `fraction` of
    the target, or (a game of a number of deals) of the deals."""
    cfg = state.config
    if cfg.rules.deals:
        return state.deal_number - 1 >= (1.0 - fraction) * cfg.rules.deals
    return max(state.scores) >= (1.0 - fraction) * cfg.target


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--variant", default="classic", choices=VARIANT_IDS)
    p.add_argument("--positions", type=int, default=40)
    p.add_argument("--worlds", type=int, default=8)
    p.add_argument("--budget", type=float, default=None, help="search by time instead: the decision times")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--calibrate", action="store_true", help="the work clock's unit on this machine")
    p.add_argument("--level", default="hard", choices=("hard", "hard-v1"), help="with --calibrate: whose unit")
    p.add_argument(
        "--pool", type=int, default=0, help="with --budget: worlds played by N worker processes (search_pool.py)"
    )
    args = p.parse_args(argv)
    found = decisions(args.variant, args.positions, args.seed)
    if args.calibrate:
        return calibrate(args.variant, found, 0.5 if args.budget is None else args.budget, args.seed, args.level)
    if args.budget is not None:
        return timed(args.variant, found, args.budget, args.seed, args.pool)
    hard = HardBot(seed=args.seed, iterations=args.worlds)
    candidates = [len(hard.candidates(obs, hard.policy.choose(obs))) for obs in found]
    calls = 0
    choose = hard.policy.choose

    def counted(obs: Observation, rng: random.Random | None = None, explain: bool = True) -> Move:
        nonlocal calls
        calls += 1
        return choose(obs, rng, explain)

    hard.policy.choose = counted  # type: ignore[method-assign]  # count the playouts' moves
    digest = hashlib.sha256()
    playouts = worlds = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i, obs in enumerate(found):
        move = hard.choose(obs, random.Random(args.seed * 1000 + i))
        digest.update(str(move).encode() + b"\n")
        worlds += hard.last_iterations
        playouts += hard.last_iterations * candidates[i]
    wall = time.perf_counter() - start
    elapsed = time.process_time() - cpu  # CPU seconds: the same figure on a busy machine
    print(
        f"{args.variant}: {len(found)} decisions, {worlds} worlds, {playouts} playouts in {elapsed:.2f} CPU-s"
        f" ({wall:.2f} s): {worlds / elapsed:.1f} worlds/s, {playouts / elapsed:.1f} playouts/s,"
        f" {calls / elapsed:.0f} policy moves/s; choices digest {digest.hexdigest()[:12]}"
    )
    return 0


def timed(variant: str, found: list[Observation], budget: float, seed: int, workers: int = 0) -> int:
    """Hard at its time budget on each decision: wall time per decision, as the table
    waits for it, and the worlds it played (by `workers` worker processes, as at the table,
    when given)."""
    hard = HardBot(seed=seed, budget=budget)
    pool = None
    if workers:
        pool = SearchPool(workers)
        if not pool.wait_ready(30.0):
            print("the search pool's workers did not start", file=sys.stderr)
            pool.close()
            return 1
        hard.search_pool = pool
    times: list[float] = []
    worlds: list[int] = []
    for i, obs in enumerate(found):
        start = time.perf_counter()
        hard.choose(obs, random.Random(seed * 1000 + i))
        times.append(time.perf_counter() - start)
        worlds.append(hard.last_iterations)
    if pool is not None:
        pool.close()
    times.sort()
    worlds.sort()
    p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
    by = f" ({workers} worker processes)" if workers else ""
    print(
        f"{variant}: {len(found)} decisions at a {budget:.2f} s budget{by}:"
        f" median {statistics.median(times) * 1e3:.0f} ms, p95 {p95 * 1e3:.0f} ms, max {times[-1] * 1e3:.0f} ms;"
        f" worlds a decision: median {statistics.median(worlds):.0f}, fewest {worlds[0]}"
    )
    return 0


def calibrate(variant: str, found: list[Observation], budget: float, seed: int, level: str = "hard") -> int:
    """CPU microseconds per unit of a searching bot's work (game/bots/base.WorkClock) at its
    budget: each level its own (hard-v1's Normal is cheaper than today's)."""
    hard = make_bot(level, seed, budget=budget)
    hard.clock = time.process_time
    worlds: list[int] = []
    cpu = time.process_time()
    for i, obs in enumerate(found):
        hard.choose(obs, random.Random(seed * 1000 + i))
        worlds.append(hard.last_iterations)  # type: ignore[attr-defined]
    elapsed = time.process_time() - cpu
    print(
        f"{variant}, {level}: {len(found)} decisions, {hard.work} units of work in {elapsed:.2f} CPU-s:"
        f" --work-us {elapsed / hard.work * 1e6:.0f}; worlds a decision: median {statistics.median(worlds):.0f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
