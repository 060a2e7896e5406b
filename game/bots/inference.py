"""Inference from the discards: how likely a sampled world is, given what the other
players threw away.

Each turn ends with one discard, so from the top down the pile's cards (since it was
last taken) are the last discards of the players before the observer, in turn order,
and none of them has played since: each one's hand when it discarded is its hand now
plus that card. A world where a player held a card Normal would much rather have thrown
away (a lone junk card, say, while it broke a pair) is less likely: its weight is
exp(-(cost of the card thrown - cost of the cheapest) / temperature) per player,
Normal's own discard costs judging from that player's seat with the pile below its card.
The players are modelled as Normal: exact against Normal, an approximation for others.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.rules import Card, Move, Observation, Phase

from .knowledge import Knowledge
from .normal import NormalPolicy
from .sampler import PileEvidence, pile_discarders
from .variant_facts import facts_for


@dataclass(frozen=True, slots=True)
class WorldEvidence:
    """Everything a decision's worlds are dealt by: the pile's pairs, the discards, the
    opponents' pairs."""

    pile: PileEvidence | None
    discards: DiscardEvidence | None
    pairs: PairBelief | None = None


@dataclass(frozen=True, slots=True)
class DiscardEvidence:
    """Per other player whose last discard is still on the pile: its seat and how deep
    the card lies (1: the top card)."""

    obs: Observation
    discards: tuple[tuple[int, int], ...]
    temperature: float

    @classmethod
    def read(cls, obs: Observation, temperature: float) -> DiscardEvidence | None:
        """The evidence on the observer's own turn (None when there is none). The pile's
        bottom card is never read: it may be the deal's upcard, which nobody discarded."""
        by_depth = pile_discarders(obs)
        if by_depth is None:
            return None
        players = len(facts_for(obs.config).play_order(obs.out))
        found = tuple(
            (by_depth[depth - 1], depth)
            for depth in range(1, min(players, len(obs.pile)))  # depth `players` would be our own discard
            # A wild card thrown is a freeze, a choice Normal's costs do not describe.
            if obs.pile[-depth].is_natural or obs.pile[-depth].is_black_three
        )
        return cls(obs, found, temperature) if found else None

    def weight(self, hands: Sequence[Sequence[Card]], policy: NormalPolicy) -> float:
        """The chance-like weight (0 .. 1] of a world whose hands are `hands`."""
        obs = self.obs
        log_weight = 0.0
        for seat, depth in self.discards:
            thrown = obs.pile[-depth]
            hand = (*hands[seat], thrown)
            sizes = list(obs.hand_sizes)
            sizes[seat] = len(hand)
            view = replace(
                obs,
                seat=seat,
                hand=hand,
                hand_sizes=tuple(sizes),
                pile=obs.pile[:-depth],
                phase=Phase.MELD,
                to_act=seat,
                legal=(),
            )
            kn = Knowledge(view)
            cost = {c.face_card: policy.discard_cost(kn, Move.discard(c)) for c in hand}
            log_weight -= (cost[thrown.face_card] - min(cost.values())) / self.temperature
        return math.exp(log_weight)


def shape_hands(
    hands: list[list[Card]], stock: list[Card], obs: Observation, policy: NormalPolicy, rng: random.Random, extra: int
) -> int:
    """Deal the other `hands` of a sampled world as Normal keeps its hand, in place: a
    uniform deal gives them what a player at the end of its turn would not hold. Measured on
    classic deals of Normal's self-play: 11-12% of a sampled opponent's cards match its side's
    melds (1.7% of a real hand's: they are laid off), and a real hand holds half again as
    many pairs (singles are thrown, pairs kept as keys to the pile) and fewer triples (they
    are melded). So, per other hand (the faces known to be there stay):
    - a natural of a rank its side has melded goes back to the stock for another card;
    - `extra` more cards are drawn and the `extra` Normal would most readily discard, from
      that player's seat, go back (how a hand forms over a few turns);
    - a natural triple gives one card back (it would be melded; real hands hold a third as
      many triples as uniform ones).
    Rank-keyed melds without feet only (the classic family). The stock stays as large and is
    shuffled again. Returns the number of hands judged (the work done)."""
    cfg = obs.config
    if cfg.rules.meld_list or obs.feet:
        return 0
    judged = 0
    for seat in range(cfg.players):
        hand = hands[seat]
        if seat == obs.seat or not hand:
            continue
        side = cfg.side_of(seat)
        melded = {int(m.rank) for m in obs.melds[side]}
        fixed = known_positions(hand, obs.known[seat])
        for i in range(len(hand)):
            if i not in fixed and not _fits(hand[i], melded):
                _swap_out(hand, i, stock, melded, rng)
        if extra > 0 and stock:
            looked = rng.sample(range(len(stock)), min(len(stock), 4 * extra))
            drawn = [j for j in looked if _fits(stock[j], melded)][:extra]
            size = len(hand)
            hand.extend(stock[j] for j in drawn)
            for j in sorted(drawn, reverse=True):
                del stock[j]
            view = _seat_view(obs, seat, tuple(hand))
            kn = Knowledge(view)
            costs = sorted((policy.discard_cost(kn, Move.discard(c)), i) for i, c in enumerate(hand) if i not in fixed)
            out = {i for _, i in costs[: len(hand) - size]}
            stock.extend(hand[i] for i in out)
            hand[:] = [c for i, c in enumerate(hand) if i not in out]
            fixed = known_positions(hand, obs.known[seat])
            judged += 1
        for _ in range(3):  # a card swapped in may make another triple
            by_rank: dict[int, list[int]] = {}
            for i, c in enumerate(hand):
                if c.is_natural and i not in fixed:
                    by_rank.setdefault(int(c.rank), []).append(i)
            triples = [idx for idx in by_rank.values() if len(idx) >= 3]
            if not triples:
                break
            for idx in triples:
                _swap_out(hand, idx[0], stock, melded, rng)
    rng.shuffle(stock)
    return judged


def _fits(card: Card, melded: set[int]) -> bool:
    """A card a hand at the end of its turn may hold: no red three, no natural of a rank
    its side has melded."""
    return not card.is_red_three and not (card.is_natural and int(card.rank) in melded)


def _swap_out(hand: list[Card], i: int, stock: list[Card], melded: set[int], rng: random.Random) -> None:
    """Trade `hand[i]` for a random stock card that fits (a few tries; else it stays)."""
    for _ in range(8):
        j = rng.randrange(len(stock)) if stock else -1
        if j >= 0 and _fits(stock[j], melded):
            hand[i], stock[j] = stock[j], hand[i]
            return


def known_positions(hand: Sequence[Card], known: Sequence[tuple[str, int]]) -> set[int]:
    """Positions in `hand` of the faces known to be there (one card a known copy)."""
    wanted = dict(known)
    found: set[int] = set()
    for i, card in enumerate(hand):
        if wanted.get(card.face, 0) > 0:
            wanted[card.face] -= 1
            found.add(i)
    return found


def _seat_view(obs: Observation, seat: int, hand: tuple[Card, ...]) -> Observation:
    """`obs` as `seat` would see it holding `hand`, about to discard."""
    sizes = list(obs.hand_sizes)
    sizes[seat] = len(hand)
    return replace(obs, seat=seat, hand=hand, hand_sizes=tuple(sizes), phase=Phase.MELD, to_act=seat, legal=())


# The pair belief's model (PairBelief): a logistic regression of "this opponent holds two or
# more naturals of this rank" on PAIR_FEATURES, fitted on Normal's classic self-play by
# `python tools/fit_pair_belief.py` (which prints these numbers; README, stop 29).
PAIR_FEATURES = (
    "bias",
    "uniform log-odds",
    "its side melded the rank",
    "discarded it (pile, up to 2)",
    "left it on top (pile, up to 2)",
    "one copy known in the hand",
    "left it on a frozen pile",
    "hand size / 10",
    "pile size / 10",
)
PAIR_WEIGHTS: tuple[float, ...] = (0.984, 0.794, -2.550, -2.414, -0.343, -0.220, -0.433, -0.873, 0.171)
_RANKS = range(4, 15)  # the meldable ranks, 4 .. A


@dataclass(frozen=True, slots=True)
class PairBelief:
    """How likely each opponent holds a natural pair of each rank, from what the table shows
    (its side's melds, its discards and the tops it left on the pile since the pile was last
    taken, the faces known in its hand), against how likely a uniform deal makes it: per
    opponent and rank, the log-likelihood ratios of "a pair or more" and of "not". A world's
    log weight is the sum over the opponents' ranks of the ratio its hands give; worlds drawn
    uniformly and resampled by that weight follow the belief (importance resampling).
    Measured on classic self-play (tools/fit_pair_belief.py): real hands hold a pair of a given
    rank 13.9% of the time (a uniform deal 8.8%), 18.5% of ranks their side has not melded, 1.4%
    of a rank they discarded since the pile was last taken."""

    seats: tuple[int, ...]
    ratios: tuple[tuple[tuple[float, float], ...], ...]  # per seat of `seats`, per rank 4..A

    @classmethod
    def read(cls, obs: Observation, weights: Sequence[float] = PAIR_WEIGHTS) -> PairBelief | None:
        """The belief for the opponents of `obs.seat` (None outside the classic family: melds
        keyed by rank, no feet)."""
        cfg = obs.config
        if cfg.rules.meld_list or obs.feet:
            return None
        chances = pair_chances(obs)
        if not chances:
            return None
        features = pair_features(obs)
        ratios = []
        for seat, by_rank in chances.items():
            row = []
            for r, p0 in by_rank.items():
                if p0 >= 1.0 or p0 <= 0.0:  # certain either way: nothing to weigh
                    row.append((0.0, 0.0))
                    continue
                x = (1.0, math.log(p0 / (1.0 - p0)), *features[seat][r])
                p = 1.0 / (1.0 + math.exp(-sum(w * v for w, v in zip(weights, x))))
                row.append((math.log(p / p0), math.log((1.0 - p) / (1.0 - p0))))
            ratios.append(tuple(row))
        return cls(tuple(chances), tuple(ratios))

    def log_weight(self, hands: Sequence[Sequence[Card]]) -> float:
        """The log of a world's weight (0: as likely as a uniform deal makes it)."""
        total = 0.0
        for seat, row in zip(self.seats, self.ratios):
            counts = Counter(int(c.rank) for c in hands[seat] if c.is_natural)
            for r, (paired, single) in zip(_RANKS, row):
                total += paired if counts[r] >= 2 else single
        return total


def pair_chances(obs: Observation) -> dict[int, dict[int, float]]:
    """Per opponent of `obs.seat` with cards, per rank 4..A: the chance a uniform deal of the
    unseen cards gives it two or more naturals of the rank (the faces known in its hand
    counted). Red threes are never in a hand, so they are left out of the cards dealt."""
    cfg = obs.config
    known, pool = obs.hidden_cards()
    free = [c for c in pool if not c.is_red_three]
    unseen = Counter(int(c.rank) for c in free if c.is_natural)
    out: dict[int, dict[int, float]] = {}
    for seat in range(cfg.players):
        if cfg.side_of(seat) == obs.side or obs.hand_sizes[seat] == 0:
            continue
        held = Counter(int(c.rank) for c in known[seat] if c.is_natural)
        dealt = max(0, obs.hand_sizes[seat] - len(known[seat]))
        out[seat] = {r: _pair_chance(len(free), unseen[r], dealt, held[r]) for r in _RANKS}
    return out


def pair_features(obs: Observation) -> dict[int, dict[int, tuple[float, ...]]]:
    """Per other seat, per rank 4..A: PAIR_FEATURES after the first two (the table's part)."""
    cfg = obs.config
    known = obs.known
    by_depth = pile_discarders(obs)
    discarded: dict[int, Counter[int]] = {s: Counter() for s in range(cfg.players)}
    left: dict[int, Counter[int]] = {s: Counter() for s in range(cfg.players)}
    if by_depth is not None:
        for depth, card in enumerate(reversed(obs.pile), start=1):
            if card.is_natural:
                after = by_depth[depth - 2] if depth > 1 else obs.seat  # who saw it on top and left it
                discarded[by_depth[depth - 1]][int(card.rank)] += 1
                left[after][int(card.rank)] += 1
    out: dict[int, dict[int, tuple[float, ...]]] = {}
    for seat in range(cfg.players):
        if seat == obs.seat:
            continue
        melded = {int(m.rank) for m in obs.melds[cfg.side_of(seat)]}
        in_hand: Counter[int] = Counter()
        for face, n in known[seat]:
            card = Card.parse(face)
            if card.is_natural:
                in_hand[int(card.rank)] += n
        out[seat] = {
            r: (
                float(r in melded),
                float(min(discarded[seat][r], 2)),
                float(min(left[seat][r], 2)),
                float(in_hand[r] == 1),
                float(obs.pile_frozen and left[seat][r] > 0),
                obs.hand_sizes[seat] / 10,
                len(obs.pile) / 10,
            )
            for r in _RANKS
        }
    return out


def _pair_chance(pool: int, copies: int, dealt: int, held: int) -> float:
    """The chance a hand holding `held` cards of a rank, dealt `dealt` more of a `pool` of
    cards with `copies` of that rank, ends with two or more (hypergeometric)."""
    if held >= 2:
        return 1.0
    if dealt > pool:
        dealt = pool
    below = sum(
        math.comb(copies, x) * math.comb(pool - copies, dealt - x)
        for x in range(2 - held)
        if x <= copies and x <= dealt and dealt - x <= pool - copies
    )
    return 1.0 - below / math.comb(pool, dealt) if pool else float(held >= 2)
