"""Easy: a simple, somewhat random policy that never does anything absurd.

It takes piles it can take most of the time, opens and lays natural melds, uses wild
cards only to open or finish a canasta, discards singles (never a wild card while it
holds anything else, never half of a pair while it has a single), and goes out
whenever it can.
"""

from __future__ import annotations

import random

from game.rules import Move, MoveKind, Observation, Phase

from . import reasons as why
from .base import Bot, register
from .knowledge import Knowledge


def _wilds(move: Move) -> int:
    return sum(1 for g in move.groups for c in g.cards if c.is_wild)


def _cards(move: Move) -> int:
    return sum(len(g.cards) for g in move.groups)


@register("easy")
class EasyBot(Bot):
    take_chance = 0.75
    meld_chance = 0.8

    def choose(self, observation: Observation, rng: random.Random, time_budget: float | None = None) -> Move:
        obs = observation
        legal = list(obs.legal)
        if len(legal) == 1:
            return legal[0]
        if obs.phase is Phase.ANSWER:
            cards = len(obs.hand)
            yes = cards <= 4 or rng.random() < 0.5
            if cards == 1:
                self.last_reason = why.BotReason.of(why.YES_SINGLE_CARD)
            elif cards <= 4:
                self.last_reason = why.BotReason.of(why.YES_FEW_CARDS, cards=cards)
            else:
                self.last_reason = why.BotReason.of(why.HUNCH)
            return Move(MoveKind.YES if yes else MoveKind.NO)
        if obs.phase is Phase.DRAW:
            takes = [m for m in legal if m.kind is MoveKind.TAKE]
            rest = [m for m in legal if m.kind is not MoveKind.TAKE]
            if takes and (not rest or rng.random() < self.take_chance):
                fewest = min(_wilds(m) for m in takes)
                if len(obs.pile) >= why.BIG_PILE:
                    self.last_reason = why.BotReason.of(why.EASY_TAKE)
                return rng.choice([m for m in takes if _wilds(m) == fewest])
            return rest[0]
        return self._meld_phase(obs, legal, rng)

    def _meld_phase(self, obs: Observation, legal: list[Move], rng: random.Random) -> Move:
        hand_n = len(obs.hand)
        kn = Knowledge(obs)
        answer = obs.this_turn.answer
        if answer is True or (answer is not False and kn.go_out_plan() is not None and rng.random() < 0.7):
            if Move(MoveKind.ASK) in legal and (kn.must_ask() or rng.random() < 0.5):
                return Move(MoveKind.ASK)
            plan = kn.go_out_plan()
            if plan is not None and plan[0] and not kn.must_ask():
                return Move(MoveKind.MELD, tuple(plan[0]))
        melds = [m for m in legal if m.kind is MoveKind.MELD and hand_n - _cards(m) >= 2]
        my = obs.melds_of(kn.side)
        sensible = []
        for m in melds:
            wild = _wilds(m)
            if not my:  # an opening: accept wild cards only if needed
                sensible.append(m)
            elif wild == 0:
                sensible.append(m)
            elif any(my.get(g.rank) is not None and my[g.rank].size + len(g.cards) >= 7 for g in m.groups):
                sensible.append(m)  # a wild card that finishes a canasta
        if sensible and rng.random() < self.meld_chance:
            fewest = min(_wilds(m) for m in sensible)
            pool = [m for m in sensible if _wilds(m) == fewest]
            return max(pool, key=_cards) if rng.random() < 0.5 else rng.choice(pool)
        discards = [m for m in legal if m.kind is MoveKind.DISCARD]
        if not discards:
            return rng.choice(legal)
        counts = kn.hand_counts
        card = {m: m.card for m in discards if m.card is not None}  # a discard names its card
        singles = [m for m in discards if not card[m].is_wild and counts[card[m].rank] == 1]
        naturals = [m for m in discards if not card[m].is_wild]
        return rng.choice(singles or naturals or discards)
