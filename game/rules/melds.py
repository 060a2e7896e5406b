"""Melds and canastas (R-MELD, R-ADD, R-CANASTA, R-BLACK3)."""
from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Rank
from .variants import Variant

# Shared by every variant of the family (RULES.md R-CANASTA, VARIANTS.md): a canasta is
# 7 cards; a group canasta scores 500 natural, 300 mixed. Per-variant numbers (the wild
# card limit among them) live in game/rules/variants.py.
CANASTA_SIZE = 7
NATURAL_CANASTA = 500
MIXED_CANASTA = 300


@dataclass(frozen=True, slots=True)
class Meld:
    """One side's meld of a rank. Immutable: adding cards makes a new Meld."""

    rank: Rank
    cards: tuple[Card, ...]
    naturals: int
    wilds: int

    @classmethod
    def of(cls, rank: Rank, cards) -> "Meld":
        cards = tuple(cards)
        wilds = sum(1 for c in cards if c.is_wild)
        return cls(rank, cards, len(cards) - wilds, wilds)

    def plus(self, cards) -> "Meld":
        cards = tuple(cards)
        wilds = sum(1 for c in cards if c.is_wild)
        return Meld(self.rank, self.cards + cards, self.naturals + len(cards) - wilds,
                    self.wilds + wilds)

    @property
    def size(self) -> int:
        return self.naturals + self.wilds

    @property
    def is_canasta(self) -> bool:
        return self.naturals + self.wilds >= CANASTA_SIZE

    @property
    def is_natural(self) -> bool:
        """No wild card in it (a natural canasta when it is one)."""
        return self.wilds == 0

    @property
    def value(self) -> int:
        return sum(c.value for c in self.cards)

    @property
    def bonus(self) -> int:
        """R-SCORE canasta bonus: 500 natural, 300 mixed, 0 for a plain meld."""
        if not self.is_canasta:
            return 0
        return NATURAL_CANASTA if self.wilds == 0 else MIXED_CANASTA

    def __str__(self) -> str:
        return " ".join(c.face for c in self.cards)


def meld_problem(rank: Rank, naturals: int, wilds: int, rules: Variant,
                 going_out: bool = False) -> str | None:
    """Why a meld of these counts is illegal, or None if it is legal (R-MELD, R-BLACK3)."""
    if rank == Rank.THREE:
        if not going_out:
            return "black threes can be melded only when going out (R-BLACK3)"
        if wilds:
            return "a meld of black threes may hold no wild card (R-BLACK3)"
        if naturals not in (3, 4):
            return "black threes are melded only as three or four of them (R-BLACK3)"
        return None
    if not rank.meldable:
        return f"no meld of rank {rank.symbol} (R-MELD)"
    if naturals < 2:
        return f"a meld of {rank.symbol}s needs at least two natural {rank.symbol}s (R-MELD)"
    if wilds > rules.max_wilds:
        return (f"a meld holds at most {rules.max_wilds} wild cards, this one would hold "
                f"{wilds} (R-MELD)")
    if wilds > naturals:
        return (f"a meld may not hold more wild cards than natural ones "
                f"({wilds} wild, {naturals} natural) (R-MELD)")
    if naturals + wilds < 3:
        return "a meld needs at least three cards (R-MELD)"
    return None
