"""Determinization: full states consistent with one seat's Observation.

Hidden cards (other hands and the stock) are dealt at random from the cards this
seat has not seen, except that a face known to be in a hand (seen going in with a
pile) is put there, and red threes go to the stock only (they never stay in a hand).
In Hand and Foot the feet still face down (the observer's own too) are dealt from the
same unseen cards, red threes included (V-HF-DEAL lays them when the foot is picked up).

With `PileEvidence` the other hands are dealt as the play suggests (inference): the pile
since it was last taken shows, for each other seat, the rank it found on top and left
(a player holding a natural pair of it would mostly have taken the pile) and the ranks
it discarded (players keep their pairs). A hand that contradicts the evidence is dealt
again with a probability (rejection sampling, seat by seat, a few tries at most).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules import Card, GameState, Observation, Phase

from .variant_facts import facts_for


def pile_discarders(obs: Observation) -> tuple[int, ...] | None:
    """On the observer's own turn (not answering), who discarded each of the pile's cards,
    from the top down: each turn ends with one discard, so they are the players before the
    observer in turn order, round and round (the deal's upcard at the bottom is counted too;
    nobody discarded it). None when there is no pile or the observer is not playing."""
    if obs.to_act != obs.seat or obs.phase is Phase.ANSWER or not obs.pile:
        return None
    order = facts_for(obs.config).play_order(obs.out)
    if obs.seat not in order or len(order) < 2:
        return None
    n, me = len(order), order.index(obs.seat)
    return tuple(order[(me - depth) % n] for depth in range(1, len(obs.pile) + 1))


@dataclass(frozen=True, slots=True)
class PileEvidence:
    """Per seat: the ranks it left on top of the pile, the ranks it discarded (both
    since the pile was last taken), and how much a pair of either is still believed:
    the chance a hand holding one is kept (1: no inference)."""

    left: tuple[frozenset[int], ...]
    discarded: tuple[frozenset[int], ...]
    left_pair: float
    discarded_pair: float

    @classmethod
    def read(cls, obs: Observation, left_pair: float, discarded_pair: float) -> PileEvidence | None:
        """The evidence on the observer's turn (None when there is none to read). Each turn
        ends with one discard, so from the top down the pile's cards were discarded by the
        players before the one to act, in turn order, and each was left by the player
        after its discarder (the deal's upcard at the bottom may be miscounted: harmless)."""
        by_depth = pile_discarders(obs)
        if by_depth is None:
            return None
        left: list[set[int]] = [set() for _ in obs.hand_sizes]
        discarded: list[set[int]] = [set() for _ in obs.hand_sizes]
        for depth, card in enumerate(reversed(obs.pile), start=1):
            if not card.is_natural:
                continue
            by = by_depth[depth - 1]
            after = by_depth[depth - 2] if depth > 1 else obs.seat  # the next player saw it on top
            discarded[by].add(int(card.rank))
            left[after].add(int(card.rank))
        left[obs.seat].clear()
        discarded[obs.seat].clear()
        return cls(tuple(map(frozenset, left)), tuple(map(frozenset, discarded)), left_pair, discarded_pair)

    def keep_chance(self, seat: int, counts: dict[int, int]) -> float:
        """The chance a dealt hand with these natural-rank `counts` is kept for `seat`."""
        chance = 1.0
        for rank in self.left[seat]:
            if counts.get(rank, 0) >= 2:
                chance *= self.left_pair
        for rank in self.discarded[seat]:
            if counts.get(rank, 0) >= 2:
                chance *= self.discarded_pair
        return chance


def sample_world(
    obs: Observation, rng: random.Random, evidence: PileEvidence | None = None, tries: int = 8
) -> GameState:
    return GameState.from_observation(obs, *deal_hidden(obs, rng, evidence, tries))


# Every hand, the stock (top first) and the feet still down (None where a seat has none).
Hidden = tuple[list[list[Card]], list[Card], list[list[Card] | None] | None]


def deal_hidden(obs: Observation, rng: random.Random, evidence: PileEvidence | None = None, tries: int = 8) -> Hidden:
    """The hidden cards dealt as `sample_world` deals them, before they make a state."""
    players = obs.config.players
    known, pool = obs.hidden_cards()
    hands: list[list[Card]] = [list(cards) for cards in known]
    hands[obs.seat] = list(obs.hand)
    free = [c for c in pool if not c.is_red_three]
    reds = [c for c in pool if c.is_red_three]
    rng.shuffle(free)
    for seat in range(players):
        if seat == obs.seat:
            continue
        need = obs.hand_sizes[seat] - len(hands[seat])
        if need <= 0:
            continue
        if evidence is not None and (evidence.left[seat] or evidence.discarded[seat]):
            _deal_as_evidence_suggests(hands[seat], free, need, seat, evidence, rng, tries)
        else:
            hands[seat].extend(free[:need])
            del free[:need]
    stock = free + reds
    rng.shuffle(stock)
    feet: list[list[Card] | None] | None = None
    if obs.feet:
        feet = []
        for size in obs.feet:
            if size is None:
                feet.append(None)
            else:
                feet.append(stock[:size])
                del stock[:size]
    if len(stock) != obs.stock_size:  # inconsistent bookkeeping: trim or keep what fits
        stock = stock[: obs.stock_size]
    return hands, stock, feet


def _deal_as_evidence_suggests(
    hand: list[Card], free: list[Card], need: int, seat: int, evidence: PileEvidence, rng: random.Random, tries: int
) -> None:
    """Deal `need` cards of `free` (shuffled) into `hand`: a deal the evidence makes
    unlikely is dealt again with the complementary chance; after `tries` the last one stays."""
    need = min(need, len(free))  # inconsistent bookkeeping: deal what there is, as the plain deal does
    held: dict[int, int] = {}  # the cards known to be in this hand
    for c in hand:
        if c.is_natural:
            held[int(c.rank)] = held.get(int(c.rank), 0) + 1
    picked = list(range(need))
    for attempt in range(tries):
        picked = sorted(rng.sample(range(len(free)), need)) if attempt else list(range(need))
        counts = dict(held)
        for i in picked:
            c = free[i]
            if c.is_natural:
                counts[int(c.rank)] = counts.get(int(c.rank), 0) + 1
        chance = evidence.keep_chance(seat, counts)
        if chance >= 1.0 or rng.random() < chance:
            break
    hand.extend(free[i] for i in picked)
    for i in reversed(picked):
        del free[i]
