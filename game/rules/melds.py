"""Melds and canastas (R-MELD, R-ADD, R-CANASTA, R-BLACK3)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Card, Rank
from .errors import N_
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
    def of(cls, rank: Rank, cards: Iterable[Card]) -> Meld:
        laid = tuple(cards)
        wilds = sum(1 for c in laid if c.is_wild)
        return cls(rank, laid, len(laid) - wilds, wilds)

    def plus(self, cards: Iterable[Card]) -> Meld:
        added = tuple(cards)
        wilds = sum(1 for c in added if c.is_wild)
        return Meld(self.rank, self.cards + added, self.naturals + len(added) - wilds, self.wilds + wilds)

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


Problem = tuple[str, str, dict[str, object]]  # (rule id, message id, its arguments)


def meld_problem(rank: Rank, naturals: int, wilds: int, rules: Variant, going_out: bool = False) -> Problem | None:
    """Why a meld of these counts is illegal, as (rule, message id, arguments), or None if
    it is legal (R-MELD, R-BLACK3)."""
    if rank == Rank.THREE:
        if not going_out:
            return "R-BLACK3", N_("black threes can be melded only when going out"), {}
        if wilds:
            return "R-BLACK3", N_("a meld of black threes may hold no wild card"), {}
        if not 3 <= naturals <= rules.black_threes_max:
            if rules.black_threes_max == 4:
                return "R-BLACK3", N_("black threes are melded only as three or four of them"), {}
            return (
                "V-BLACK3",
                N_("black threes are melded only as three to {max} of them"),
                {"max": rules.black_threes_max},
            )
        return None
    if not rank.meldable:
        return "R-MELD", N_("no meld of rank {rank}"), {"rank": rank.symbol}
    if naturals < 2:
        return ("R-MELD", N_("a meld of {rank}s needs at least two natural {rank}s"), {"rank": rank.symbol})
    if wilds > rules.max_wilds:
        return (
            "R-MELD",
            N_("a meld holds at most {max} wild cards, this one would hold {n}"),
            {"max": rules.max_wilds, "n": wilds},
        )
    if wilds > naturals:
        return (
            "R-MELD",
            N_("a meld may not hold more wild cards than natural ones ({wilds} wild, {naturals} natural)"),
            {"wilds": wilds, "naturals": naturals},
        )
    if naturals + wilds < 3:
        return "R-MELD", N_("a meld needs at least three cards"), {}
    return None


def problem_text(problem: Problem) -> str:
    """A problem as an English sentence with its rule id, for position errors."""
    rule, message_id, params = problem
    return f"{message_id.format(**params)} ({rule})"
