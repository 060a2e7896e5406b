"""Play a kind of Normal's decisions out both ways from the real deal (stop 55): Normal on every
seat, games from given seeds; at each decision of the kind, the other move and Normal's are
each played to the deal's end by Normal, the stock as it lay in the first continuation and
reshuffled (a seed of its own) in the others, the hands as dealt. A case's figure is the
deciding side's deal minus the best other side's, the other move's less Normal's, averaged
over its continuations; the summary gives the mean over the cases with its 95% interval.

    python tools/playout_normal.py --variant five-hand --kind KIND --seeds 55000 55030
        [--continuations 6] [--base NAME=VALUE,...] [--weights NAME=VALUE,...] [--quiet]

Kinds (the other move in brackets):
  no          the partner's "no" to "May I go out?" ("yes", Normal with `--weights` from then on:
              a case only where those weights say yes)
  yes         the partner's "yes" with 3 cards or more ("no")
  out         going out possible and declined, not ending the game (going out at once)
  take-wild   a take of 4 cards or fewer that spends a wild card from the hand (drawing)
  meld-down   a meld leaving 2 or 3 cards without the canastas to go out, the urgency under 0.3
              (the cheapest discard instead)
  discard     a discard where Normal with `--weights` throws another card (that card)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots.knowledge import Knowledge  # noqa: E402
from game.bots.normal import NormalPolicy, NormalWeights, deal_urgency  # noqa: E402
from game.rules import Game, GameState, Move, MoveKind, Phase, RulesConfig  # noqa: E402
from game.rules.variants import VARIANT_IDS  # noqa: E402

KINDS = ("no", "yes", "out", "take-wild", "meld-down", "discard")
MOVE_CAP = 3000


def finish(st: GameState, policy: NormalPolicy) -> GameState:
    moves = 0
    while not st.is_over and moves < MOVE_CAP:
        seat = st.to_act
        assert seat is not None  # a deal in play has a player to act
        st.apply(policy.choose(st.observation(seat)))
        moves += 1
    return st


def margin(st: GameState, side: int) -> int:
    assert st.result is not None, "the deal did not end"
    totals = [s.total for s in st.result.sides]
    return totals[side] - max(t for i, t in enumerate(totals) if i != side)


def go_out(st: GameState, seat: int, policy: NormalPolicy) -> bool:
    """Lay the going-out plan now (no question); False when it cannot be laid."""
    for _ in range(20):
        if st.is_over or st.to_act != seat:
            break
        kn = Knowledge(st.observation(seat))
        plan = kn.go_out_plan()
        move = policy.plan_move(kn, plan) if plan is not None else None
        if move is None:
            return False
        st.apply(move)
    return st.is_over


class Playout:
    def __init__(self, kind: str, policy: NormalPolicy, other: NormalPolicy, continuations: int):
        self.kind, self.policy, self.other, self.continuations = kind, policy, other, continuations

    def other_move(self, st: GameState, move: Move) -> Move | None:
        """The other move at this decision, or None when it is not of the kind."""
        seat = st.to_act
        assert seat is not None
        obs = st.observation(seat)
        kn = Knowledge(obs)
        kind = self.kind
        if obs.phase is Phase.ANSWER:
            if kind == "no" and move.kind is MoveKind.NO and self.other.choose(obs).kind is MoveKind.YES:
                return Move(MoveKind.YES)
            if kind == "yes" and move.kind is MoveKind.YES and len(obs.hand) >= 3:
                return Move(MoveKind.NO)
            return None
        if obs.phase is Phase.DRAW:
            if kind == "take-wild" and move.kind is MoveKind.TAKE and len(obs.pile) <= 4:
                spends = any(c.is_wild for g in move.groups for c in g.cards)
                if spends and Move(MoveKind.DRAW) in obs.legal:
                    return Move(MoveKind.DRAW)
            return None
        if kind == "out" and obs.this_turn.answer is None and not obs.this_turn.laid_other:
            plan = kn.go_out_plan()
            if plan is not None:
                weighed = self.policy.weigh_going_out(kn, plan)
                if not weighed.go and weighed.game_margin is None:
                    return Move(MoveKind.ASK)  # stands for "go out now" (see play)
        if kind == "meld-down" and move.kind is MoveKind.MELD and not obs.this_turn.laid_other:
            left = len(obs.hand) - sum(len(g.cards) for g in move.groups)
            made = kn.canastas(kn.side) + self.policy.canastas_made(kn, move)
            if 1 < left <= 3 and made < kn.cfg.canastas_to_go_out and deal_urgency(kn, self.policy.weights(kn)) < 0.3:
                return self.policy.best_discard(kn)
        if kind == "discard" and move.kind is MoveKind.DISCARD and move.card is not None:
            other = self.other.choose(obs)
            if other.kind is MoveKind.DISCARD and other.card is not None and other.card.face != move.card.face:
                return other
        return None

    def case(self, st: GameState, seed: int, move: Move, other: Move) -> float | None:
        seat = st.to_act
        assert seat is not None
        side = st.config.side_of(seat)
        then = self.other if self.kind == "no" else self.policy
        figures = []
        for k in range(self.continuations):
            mine, theirs = st.copy(), st.copy()
            if k:
                stock = mine.stock[:]
                random.Random(seed * 1000 + 7 * len(stock) + k).shuffle(stock)
                mine.stock, theirs.stock = stock[:], stock[:]
            if self.kind == "out":
                if not go_out(theirs, seat, self.policy):
                    return None
            else:
                theirs.apply(other)
            figures.append(margin(finish(theirs, then), side) - margin(finish(mine, self.policy), side))
        return statistics.mean(figures)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", choices=VARIANT_IDS, required=True)
    p.add_argument("--kind", choices=KINDS, required=True)
    p.add_argument("--seeds", type=int, nargs=2, metavar=("FIRST", "END"), default=[55000, 55030])
    p.add_argument("--continuations", type=int, default=6)
    p.add_argument("--base", default="", help="Normal's weights changed, e.g. wild_freeze=0 (the Normal before)")
    p.add_argument("--weights", default="", help="the other weights (kinds no and discard), on top of --base")
    p.add_argument("--quiet", action="store_true", help="the summary only")
    args = p.parse_args(argv)

    def changes(text: str) -> dict[str, float]:
        return {k.strip(): float(v) for k, v in (item.split("=") for item in text.split(",") if item)}

    base = replace(NormalWeights.for_variant(args.variant), **changes(args.base))
    other = NormalPolicy(replace(base, **changes(args.weights)))
    playout = Playout(args.kind, NormalPolicy(base), other, args.continuations)
    cfg = RulesConfig.for_variant(args.variant)
    figures: list[float] = []
    for seed in range(*args.seeds):
        game = Game(cfg, seed, first_dealer=0)
        while not game.is_over:
            st = game.state
            if st.is_over:
                game.next_deal()
                continue
            seat = st.to_act
            assert seat is not None
            obs = st.observation(seat)
            move = playout.policy.choose(obs)
            other = playout.other_move(st, move)
            if other is not None:
                figure = playout.case(st, seed, move, other)
                if figure is not None:
                    figures.append(figure)
                    if not args.quiet:
                        hand = " ".join(c.face for c in obs.hand)
                        shown = "go out" if args.kind == "out" else str(other)
                        print(
                            f"seed {seed} deal {game.deal_number} seat {seat} stock {obs.stock_size}"
                            f" pile {len(obs.pile)} hand {hand}: {move} / {shown}: {figure:+.0f}",
                            flush=True,
                        )
                    if args.kind == "out":  # once a turn
                        while not st.is_over and st.to_act == seat and st.phase is Phase.MELD:
                            game.apply(playout.policy.choose(st.observation(seat)))
                            st = game.state
                        continue
            game.apply(move)
    if len(figures) > 1:
        mean, spread = statistics.mean(figures), 1.96 * statistics.stdev(figures) / len(figures) ** 0.5
        better, worse = sum(f > 0 for f in figures), sum(f < 0 for f in figures)
        print(f"{args.kind}: {len(figures)} cases, the other move - Normal's = {mean:+.0f} ± {spread:.0f}", end="")
        print(f" (95%); better in {better}, worse in {worse}")
    else:
        print(f"{args.kind}: {len(figures)} cases")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
