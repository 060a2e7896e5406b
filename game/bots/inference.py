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
from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.rules import Card, Move, Observation, Phase

from .knowledge import Knowledge
from .normal import NormalPolicy
from .sampler import PileEvidence, pile_discarders
from .variant_facts import facts_for


@dataclass(frozen=True, slots=True)
class WorldEvidence:
    """Everything a decision's worlds are dealt by: the pile's pairs, the discards."""

    pile: PileEvidence | None
    discards: DiscardEvidence | None


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
