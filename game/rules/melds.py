"""Melds and canastas (R-MELD, R-ADD, R-CANASTA, R-BLACK3), and the meld kinds of the
Samba family (VARIANTS.md sections 3-5): a group of one rank, a sequence of one suit, a
meld of wild cards."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from operator import attrgetter
from typing import ClassVar

from .cards import Card, Rank
from .errors import N_, english_params
from .fast_init import store_fields_directly
from .variants import Variant

# Shared by every variant of the family (RULES.md R-CANASTA, VARIANTS.md): a canasta is
# 7 cards; a group canasta scores 500 natural, 300 mixed. Per-variant numbers (the wild
# card limit among them) live in game/rules/variants.py.
CANASTA_SIZE = 7
NATURAL_CANASTA = 500
MIXED_CANASTA = 300
SEQUENCE_CANASTA = 1500  # V-SAMBA-CANASTA, V-BOL-ESCALERA: a sequence of 7
WILD_CANASTA = 2500  # V-BOL-WILD: seven wild cards, a bolivia


class MeldKind(Enum):
    GROUP = "group"  # cards of one rank (R-MELD, V-SAMBA-MELDS, V-HF-BOOKS)
    SEQUENCE = "sequence"  # natural cards of one suit in consecutive ranks (V-SAMBA-MELDS)
    WILD = "wild"  # wild cards only (V-BOL-WILD)


# Read on every meld laid (and by bots weighing every choice): an Enum member costs more
# to read off its class than a global.
_SEQUENCE, _WILD, _JOKER = MeldKind.SEQUENCE, MeldKind.WILD, Rank.JOKER
_IS_WILD = attrgetter("is_wild")  # (summed: a bool counts 0 or 1)


@store_fields_directly
@dataclass(frozen=True, slots=True)
class Meld:
    """One side's group of one rank (R-MELD, V-SAMBA-MELDS, V-HF-BOOKS). Immutable: adding
    cards makes a new Meld. The other kinds are subtypes: `SequenceMeld`, `WildMeld`."""

    kind: ClassVar[MeldKind] = MeldKind.GROUP
    rank: Rank  # the group's rank; a sequence's lowest rank; JOKER for wild cards alone
    cards: tuple[Card, ...]
    naturals: int
    wilds: int

    @classmethod
    def of(cls, rank: Rank, cards: Iterable[Card], kind: MeldKind = MeldKind.GROUP) -> Meld:
        laid = tuple(cards)
        if kind is _SEQUENCE:  # always low to high (VARIANTS.md section 6)
            laid = tuple(sorted(laid, key=_RANK_OF))
            return SequenceMeld(laid[0].rank, laid, len(laid), 0)
        wilds = sum(map(_IS_WILD, laid))
        if kind is _WILD:
            return WildMeld(_JOKER, laid, len(laid) - wilds, wilds)
        return Meld(rank, laid, len(laid) - wilds, wilds)

    def plus(self, cards: Iterable[Card]) -> Meld:
        added = tuple(cards)
        wilds = sum(map(_IS_WILD, added))
        return Meld(self.rank, self.cards + added, self.naturals + len(added) - wilds, self.wilds + wilds)

    @property
    def is_sequence(self) -> bool:
        return self.kind is MeldKind.SEQUENCE

    @property
    def high(self) -> Rank:
        """The highest rank of a sequence."""
        return self.cards[-1].rank

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


@store_fields_directly
@dataclass(frozen=True, slots=True)
class SequenceMeld(Meld):
    """Natural cards of one suit in consecutive ranks, low to high (V-SAMBA-MELDS); seven
    make a samba / escalera (1500), which takes no more cards."""

    kind: ClassVar[MeldKind] = MeldKind.SEQUENCE

    def plus(self, cards: Iterable[Card]) -> Meld:
        return Meld.of(self.rank, self.cards + tuple(cards), MeldKind.SEQUENCE)

    @property
    def bonus(self) -> int:
        return SEQUENCE_CANASTA if self.is_canasta else 0


@store_fields_directly
@dataclass(frozen=True, slots=True)
class WildMeld(Meld):
    """Wild cards only (V-BOL-WILD); seven make a bolivia (2500), which takes no more."""

    kind: ClassVar[MeldKind] = MeldKind.WILD

    def plus(self, cards: Iterable[Card]) -> Meld:
        return Meld.of(Rank.JOKER, self.cards + tuple(cards), MeldKind.WILD)

    @property
    def bonus(self) -> int:
        return WILD_CANASTA if self.is_canasta else 0


def book_counts(melds: Iterable[Meld]) -> tuple[int, int]:
    """The clean and the dirty canastas among `melds` (Hand and Foot's books, V-HF-OUT)."""
    clean = dirty = 0
    for meld in melds:  # (the fields, not the properties: bots ask this of every choice)
        wilds = meld.wilds
        if meld.naturals + wilds >= CANASTA_SIZE:
            if wilds == 0:
                clean += 1
            else:
                dirty += 1
    return clean, dirty


def _rank_of(card: Card) -> int:
    return int(card.rank)


_RANK_OF = _rank_of

Problem = tuple[str, str, dict[str, object]]  # (rule id, message id, its arguments)


def one_rank_rule(rules: Variant) -> str:
    """The rule a group's shape breaks (one rank 4..A, two naturals, the wild cards it may
    hold): R-MELD, or Hand and Foot's own V-HF-BOOKS, which says it there ("no sequences";
    a sequence refused citing R-MELD opened classic's rule: play-test, stop 59)."""
    return "V-HF-BOOKS" if rules.group_max else "R-MELD"


def meld_problem(rank: Rank, naturals: int, wilds: int, rules: Variant, going_out: bool = False) -> Problem | None:
    """Why a meld of these counts is illegal, as (rule, message id, arguments), or None if
    it is legal (R-MELD, R-BLACK3; in Hand and Foot V-HF-BOOKS, `one_rank_rule`)."""
    if rank == Rank.THREE:
        if rules.black_threes_max < 3:
            return "V-HF-BOOKS", N_("threes are never melded in this game"), {}
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
    group = one_rank_rule(rules)
    if not rank.meldable:
        return group, N_("no meld of rank {rank}"), {"rank": rank.symbol}
    if naturals < 2:
        return (group, N_("a meld of {ranks} needs at least two natural {ranks}"), {"ranks": rank.symbol})
    if wilds > rules.max_wilds:
        return (
            group if rules.max_wilds == 3 else "V-SAMBA-MELDS",
            N_("a meld holds at most {max} wild cards, this one would hold {n}"),
            {"max": rules.max_wilds, "n": wilds},
        )
    if wilds > naturals:
        return (
            group,
            N_("a meld may not hold more wild cards than natural ones ({wilds} wild, {naturals} natural)"),
            {"wilds": wilds, "naturals": naturals},
        )
    if naturals + wilds < 3:
        return "R-MELD", N_("a meld needs at least three cards"), {}
    return None


def problem_text(problem: Problem) -> str:
    """A problem as an English sentence with its rule id, for position errors."""
    rule, message_id, params = problem
    return f"{message_id.format(**english_params(params))} ({rule})"


def sequence_problem(cards: Iterable[Card]) -> Problem | None:
    """Why these cards are not a sequence (V-SAMBA-MELDS): 3 to 7 natural cards of one
    suit in consecutive ranks, 4 low and A high; None if they are one."""
    laid = list(cards)
    if any(not c.is_natural for c in laid):
        return "V-SAMBA-MELDS", N_("a sequence holds natural cards only (no twos, threes or jokers)"), {}
    if len({c.suit for c in laid}) > 1:
        return "V-SAMBA-MELDS", N_("a sequence holds cards of one suit"), {}
    ranks = sorted(int(c.rank) for c in laid)
    if any(b != a + 1 for a, b in zip(ranks, ranks[1:])):
        return "V-SAMBA-MELDS", N_("a sequence holds consecutive ranks, each once (4 low, A high)"), {}
    if not 3 <= len(ranks) <= CANASTA_SIZE:
        return "V-SAMBA-MELDS", N_("a sequence holds 3 to 7 cards"), {}
    return None


def wild_meld_problem(size: int) -> Problem | None:
    """Why a meld of `size` wild cards is illegal (V-BOL-WILD), or None."""
    if not 3 <= size <= CANASTA_SIZE:
        return "V-BOL-WILD", N_("a meld of wild cards holds 3 to 7 of them"), {}
    return None
