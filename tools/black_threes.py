"""Black threes in the Samba family, counted (stop 57): Normal on every seat, games from given
seeds, and what becomes of the black threes.

    python tools/black_threes.py --variant bolivia --seeds 57000 57125 --deals 4
        [--weights NAME=VALUE,...] [--show N]

Counted: every deal's end (how it ended; the sides holding black threes, how many, and what
they cost: V-BOL-BLACK3's 100 each in Bolivia, their 5 in Samba); the black threes that came
in (drawn from the stock, taken with a pile: the piles taken holding them, by the stock left);
the black threes melded going out (R-BLACK3); and every discard by a player holding a black
three: a black three thrown, or another card (then what that card was counted as, its danger
and the pile's size, the stock left, and whether the hand could have blocked a pile the next
player could take). `--show N` prints the first N discards that kept a black three.
"""

from __future__ import annotations

import argparse
import collections
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from watch_normal import faces, play_deals  # noqa: E402

from game.bots.knowledge import Knowledge  # noqa: E402
from game.bots.normal import NormalPolicy, NormalWeights, deal_urgency  # noqa: E402
from game.rules import Card, Game, MoveKind, Phase  # noqa: E402
from game.rules.variants import VARIANT_IDS  # noqa: E402


def stock_band(stock: int) -> str:
    low = min(80, stock // 20 * 20)
    return f"{low:>2}-{low + 19}" if low < 80 else "80+"


class Count:
    def __init__(self, policy: NormalPolicy, show: int):
        self.policy = policy
        self.show = show
        self.c: collections.Counter[str] = collections.Counter()
        self.caught: collections.Counter[int] = collections.Counter()  # black threes a side held at a deal's end
        self.cost = 0
        self.deals = 0

    def decision(self, game: Game, seat: int) -> None:
        st = game.state
        obs = st.observation(seat)
        move = self.policy.choose(obs)
        kn = Knowledge(obs)
        c = self.c
        if obs.phase is Phase.DRAW:
            if move.kind is MoveKind.TAKE:
                n3 = sum(1 for x in obs.pile if x.is_black_three)
                c["takes"] += 1
                if n3:
                    band = stock_band(obs.stock_size)
                    c["takes holding black threes"] += 1
                    c["black threes taken with piles"] += n3
                    c[f"black threes taken with piles, stock {band}"] += n3
            elif move.kind is MoveKind.DRAW:
                before = sum(1 for x in obs.hand if x.is_black_three)
                game.apply(move)
                after = sum(1 for x in game.state.hands[seat] if x.is_black_three)
                c["black threes drawn from the stock"] += after - before
                return
        elif obs.phase is Phase.MELD:
            if move.kind is MoveKind.MELD:
                n3 = sum(len(g.cards) for g in move.groups if all(x.is_black_three for x in g.cards))
                if n3:
                    c["black-three melds (going out)"] += 1
                    c["black threes melded"] += n3
            if move.kind is MoveKind.DISCARD and move.card is not None:
                held = sum(1 for x in obs.hand if x.is_black_three)
                if held:
                    c["discards holding a black three"] += 1
                    if move.card.is_black_three:
                        c["  a black three thrown"] += 1
                    else:
                        self.kept(kn, move.card, held)
        game.apply(move)

    def kept(self, kn: Knowledge, card: Card, held: int) -> None:
        obs, policy, c = kn.obs, self.policy, self.c
        w = policy.weigh_discard(kn, card)
        c["  another card thrown"] += 1
        c[f"    as {w.kept_as}"] += 1
        c[f"    stock {stock_band(obs.stock_size)}"] += 1
        if w.p_take > 0:
            c["    with a chance the next player takes the pile (p > 0)"] += 1
        if held >= 2:
            c["    holding two black threes or more"] += 1
        if len(obs.hand) <= 3:
            c["    with 3 cards or fewer in hand"] += 1
        if self.show > 0:
            self.show -= 1
            b3 = policy.weigh_discard(kn, next(x for x in obs.hand if x.is_black_three))
            urg = deal_urgency(kn, policy.weights(kn))
            print(
                f"seat {obs.seat} stock {obs.stock_size} pile {len(obs.pile)} urg {urg:.2f}"
                f" hand {faces(obs.hand)}: threw {card.face} cost {w.cost:.1f} (keep {w.keep:.1f} {w.kept_as},"
                f" danger {w.danger:.1f} p {w.p_take:.2f}); black three {b3.cost:.1f}"
            )

    def deal_end(self, game: Game) -> None:
        st = game.state
        result = st.result
        assert result is not None  # a deal over has its result
        cfg = game.state.config
        self.deals += 1
        self.c[f"deal ends: {result.reason}"] += 1
        for side in range(cfg.sides):
            n = sum(1 for s in cfg.seats_of_side(side) for x in st.hands[s] if x.is_black_three)
            self.caught[n] += 1
            pts = -result.sides[side].black_threes or 5 * n
            self.cost += pts
            if n and result.reason == "went-out":
                mine = result.went_out is not None and cfg.side_of(result.went_out) == side
                self.c[f"sides caught at a going out ({'their own' if mine else 'the opponents'})"] += 1


def run_game(variant: str, seed: int, deals: int, count: Count) -> None:
    play_deals(
        variant,
        seed,
        deals,
        lambda game, _deal, seat: count.decision(game, seat),
        lambda game, _deal: count.deal_end(game),
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", choices=VARIANT_IDS, required=True)
    p.add_argument("--seeds", type=int, nargs=2, metavar=("FIRST", "END"), default=[57000, 57125])
    p.add_argument("--deals", type=int, default=4, help="deals played per game (default 4)")
    p.add_argument("--weights", default="", help="Normal's weights changed, e.g. keep_black3=-20")
    p.add_argument("--show", type=int, default=0, help="print this many discards that kept a black three")
    args = p.parse_args(argv)
    weights = NormalWeights.for_variant(args.variant)
    if args.weights:
        changed = {k.strip(): float(v) for k, v in (item.split("=") for item in args.weights.split(","))}
        weights = replace(weights, **changed)
    count = Count(NormalPolicy(weights), args.show)
    for seed in range(*args.seeds):
        run_game(args.variant, seed, args.deals, count)
    sides = sum(count.caught.values())
    print(f"deals {count.deals}, sides' ends {sides}")
    by_count = ", ".join(f"{n}: {k}" for n, k in sorted(count.caught.items()))
    print(f"black threes a side held at a deal's end: {by_count}")
    held = sum(k for n, k in count.caught.items() if n)
    threes = sum(n * k for n, k in count.caught.items())
    print(
        f"sides caught: {held} ({100 * held / max(1, sides):.1f}%), black threes {threes},"
        f" points {count.cost} ({count.cost / max(1, count.deals):.1f} a deal)"
    )
    for key, n in sorted(count.c.items()):
        print(f"{key}: {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
