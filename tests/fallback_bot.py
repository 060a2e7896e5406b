"""A simple, deterministic legal-move bot for the table tests (they must not change
whenever the real bots get stronger).

It plays legal moves with a few obvious preferences: take the pile when it can,
lay the biggest meld, discard its least useful card, answer "yes" when its
partner asks. It sees only the Observation, like the real bots.
"""

from __future__ import annotations

import random
from collections import Counter

from game.rules import Move, MoveKind, Observation, Phase


class FallbackBot:
    level = "fallback"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, observation: Observation, time_budget: float | None = None) -> Move:
        return self.choose(observation, self.rng, time_budget)

    def choose(self, observation: Observation, rng: random.Random, time_budget: float | None = None) -> Move:
        legal = list(observation.legal)
        if not legal:
            raise ValueError("no legal move for the bot's seat")
        by_kind: dict[MoveKind, list[Move]] = {}
        for move in legal:
            by_kind.setdefault(move.kind, []).append(move)
        if observation.phase is Phase.ANSWER:
            hand_value = sum(c.value for c in observation.hand)
            return by_kind.get(MoveKind.YES if hand_value < 60 else MoveKind.NO, legal)[0]
        if observation.phase is Phase.DRAW:
            takes = by_kind.get(MoveKind.TAKE)
            if takes and len(observation.pile) >= 2:
                return max(takes, key=lambda m: sum(len(g.cards) for g in m.groups))
            return (by_kind.get(MoveKind.DRAW) or by_kind.get(MoveKind.TAKE) or by_kind.get(MoveKind.PASS) or legal)[0]
        melds = by_kind.get(MoveKind.MELD)
        if melds:
            return max(
                melds,
                key=lambda m: (sum(len(g.cards) for g in m.groups), -sum(c.is_wild for g in m.groups for c in g.cards)),
            )
        discards = by_kind.get(MoveKind.DISCARD)
        if discards:
            counts = Counter(c.rank for c in observation.hand)

            def worth(move: Move) -> tuple:
                card = move.card
                assert card is not None  # a discard names its card
                return (card.is_wild, counts[card.rank], card.value, rng.random())

            return min(discards, key=worth)
        return legal[0]
