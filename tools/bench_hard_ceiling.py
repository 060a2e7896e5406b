"""How strong Hard's search could be if it knew the hidden cards (an experiment, outside CI).

    python tools/bench_hard_ceiling.py [--see hands|all] [--games 100] [--seed 80000]
        [--variant classic] [--target 2500] [--budget 0.5] [--work-us 110[,UB]]
        [--b normal|hard-v1|...] [--log FILE] [--against LOG] [--report]

Hard's worlds are sampled from what its seat sees. Here the A side's Hard is handed the real
deal instead: `--see hands` every hand as it is, the stock shuffled (what a perfect reading of
the other hands would give); `--see partner` / `--see opponents` only those hands, the others
dealt from the rest as Hard deals them; `--see all` the stock's real order too (perfect
foresight, as the opponents play Normal, whose moves the playouts are). The rest is Hard
unchanged, against Normal (or `--b`, e.g. `hard-v1`, whose play the playouts do not copy) on
the arena's deals (same seeds and seatings as `python -m game.bots.arena`), so the games pair
with an arena run of the same seeds and clocks: `--against` that run's log prints the paired
difference. A ceiling for what better worlds can bring: if Hard that knows the hands cannot
win much more, no inference can, and the search itself is what to change.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from long_runs import compare, comparison_text  # noqa: E402

from game.bots import arena  # noqa: E402
from game.bots.arena_log import read_log  # noqa: E402
from game.bots.base import ARENA_LEVELS, register, work_us_argument  # noqa: E402
from game.bots.hard import HardBot  # noqa: E402
from game.bots.inference import WorldEvidence, known_positions  # noqa: E402
from game.bots.variant_facts import facts_for  # noqa: E402
from game.rules import Card, Game, GameState, Observation  # noqa: E402

# The game being played (one process plays one game at a time: --jobs 1).
_TABLE: dict[str, Game] = {}


class _WatchedGame(Game):
    """The arena's Game, noting itself where the seeing bots can find it."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        _TABLE["game"] = self


# What the seeing bots are handed, each a level "hard-seeing-SEE" (one list: the levels, --see).
SEES = ("hands", "partner", "opponents", "all")


# Finer parts of the opponents' hands, for the regret tool's references only (what part of
# them the sampled worlds miss): the next opponent's hand (who is offered our discard), the
# previous one's, or only the natural pairs (and more) of every opponent, the rest dealt.
PARTS = ("next", "previous", "opponent-pairs")


def seen_seats(obs: Observation, see: str) -> list[int]:
    """The other seats whose real hands `see` ("partner", "opponents" or one of PARTS) hands over."""
    cfg = obs.config
    mine = cfg.side_of(obs.seat)
    if see in ("next", "previous"):
        order = facts_for(cfg).play_order(obs.out)
        me = order.index(obs.seat)
        return [order[(me + (1 if see == "next" else -1)) % len(order)]]
    return [s for s in range(cfg.players) if s != obs.seat and (cfg.side_of(s) == mine) == (see == "partner")]


def paired_positions(hand: list[Card]) -> set[int]:
    """Positions of the naturals whose rank `hand` holds twice or more."""
    counts = Counter(int(c.rank) for c in hand if c.is_natural)
    return {i for i, c in enumerate(hand) if c.is_natural and counts[int(c.rank)] >= 2}


class _SeeingHard(HardBot):
    see = "hands"

    def sample(
        self, obs: Observation, rng: random.Random, evidence: WorldEvidence | None = None, tries: int = 30
    ) -> GameState | None:
        truth = _TABLE["game"].state
        if self.see in ("partner", "opponents"):
            return seeing_world(obs, rng, truth, seen_seats(obs, self.see))
        world = truth.copy()
        if self.see == "hands":
            rng.shuffle(world.stock)
        return world


def seeing_world(
    obs: Observation, rng: random.Random, truth: GameState, seats: list[int], pairs_only: bool = False
) -> GameState:
    """A world with the real hands of `seats` (with `pairs_only`, only their natural pairs
    and more); the other hands (and cards) keep the faces known to be there and are dealt
    the rest from their other cards and the stock, red threes to the stock only, as Hard's
    sampler deals them. Classic's deal (no feet)."""
    hands = [list(h) for h in truth.hands]
    pool = list(truth.stock)
    for seat in range(obs.config.players):
        if seat == obs.seat or (seat in seats and not pairs_only):
            continue
        known = known_positions(hands[seat], obs.known[seat])
        if seat in seats:
            known |= paired_positions(hands[seat])
        pool.extend(c for i, c in enumerate(hands[seat]) if i not in known)
        hands[seat] = [c for i, c in enumerate(hands[seat]) if i in known]
    free = [c for c in pool if not c.is_red_three]
    reds = [c for c in pool if c.is_red_three]
    rng.shuffle(free)
    for seat in range(obs.config.players):
        if seat != obs.seat and (seat not in seats or pairs_only):
            need = obs.hand_sizes[seat] - len(hands[seat])
            hands[seat].extend(free[:need])
            del free[:need]
    stock = free + reds
    rng.shuffle(stock)
    return GameState.from_observation(obs, hands, stock)


SEEING: dict[str, type[_SeeingHard]] = {
    see: register(f"hard-seeing-{see}")(type(f"Seeing_{see}", (_SeeingHard,), {"see": see})) for see in SEES
}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--see", choices=SEES, default="hands")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=80000)
    p.add_argument("--variant", default="classic")
    p.add_argument("--target", type=int, default=2500)
    p.add_argument("--budget", type=float, default=0.5)
    p.add_argument("--b", default="normal", choices=ARENA_LEVELS, help="the other side's level")
    p.add_argument(
        "--work-us",
        type=work_us_argument,
        default="110",
        help="the work clock's unit (µs), A's[,B's], as the paired run's",
    )
    p.add_argument("--log", type=Path, default=None, help="keep the games (and go on from them)")
    p.add_argument("--against", type=Path, default=None, help="an arena log of the same seeds to pair with")
    p.add_argument("--report", action="store_true", help="only report --log's games so far (paired with --against)")
    args = p.parse_args(argv)
    if args.report:
        if args.log is None:
            p.error("--report reads the games of --log")
        print(arena.log_report(args.log))
        print_pairing(args.log, args.against)
        return 0
    arena.Game = _WatchedGame  # type: ignore[misc]
    level = f"hard-seeing-{args.see}"
    clock = args.work_us  # work_us_argument made it a spec
    summary = arena.run(
        args.variant,
        level,
        args.b,
        args.games,
        args.seed,
        1,
        args.target,
        args.budget,
        progress=True,
        log=args.log,
        clock=clock,
    )
    print(arena.report(summary, level, args.b, args.variant, args.target))
    print_pairing(args.log, args.against)
    return 0


def print_pairing(log: Path | None, against: Path | None) -> None:
    """The games of `log` paired with those of `against` on the same deals (when both are given)."""
    if log is None or against is None:
        return
    _, mine = read_log(log, arena.GameResult)
    _, theirs = read_log(against, arena.GameResult)
    print(comparison_text((against.stem, log.stem), compare(theirs, mine)))


if __name__ == "__main__":
    sys.exit(main())
