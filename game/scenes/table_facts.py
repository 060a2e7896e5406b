"""What the table shows of a deal beyond the classic game, read from the engine in one
place (no pygame): the kinds of melds, closed melds and their names, feet, the books
quota, the deal of a game of deals. Every variant difference is derived from the
variant's data (game/rules/variants.py), never from its id.

The engine's state is read only here and through its public facts (`side_melds`,
`minimum`, `config.rules`); the Samba family's extra attributes (`feet`, `deal_no`) are
read with `getattr`, since a classic state has none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from game.i18n import N_, _, join_names
from game.rules import Card, GameState, Meld, Rank, RulesConfig
from game.rules.cards import sort_key
from game.rules.melds import CANASTA_SIZE, MeldKind, book_counts
from game.rules.variants import Variant

# Closed melds by kind: the key the view translates (msgids, so the catalogs hold them).
CLOSED_NAMES = {
    "natural": N_("natural"),
    "mixed": N_("mixed"),
    "sambas": N_("Samba"),
    "escaleras": N_("Escalera"),
    "wild-canasta": N_("Bolivia"),
    "book-clean": N_("clean book"),
    "book-dirty": N_("dirty book"),
}
# ... short names, where the full one would be too small to read (a crowded row).
CLOSED_SHORT_NAMES = {"book-clean": N_("clean"), "book-dirty": N_("dirty")}


def listed(config: RulesConfig) -> bool:
    """The side's melds are a numbered list (the Samba family), addressed by number."""
    return config.rules.meld_list


def is_closed(meld: Meld, rules: Variant) -> bool:
    """The meld takes no more cards: a samba / escalera / bolivia, or a Hand-and-Foot book
    (V-SAMBA-CANASTA, V-BOL-WILD, V-HF-BOOKS). A group canasta of the other variants
    still takes cards."""
    if meld.size < CANASTA_SIZE:
        return False
    return meld.kind is not MeldKind.GROUP or rules.group_max > 0


def canasta_name(meld: Meld, rules: Variant) -> str | None:
    """The key of CLOSED_NAMES naming a canasta of any kind, or None for a plain meld."""
    if meld.size < CANASTA_SIZE:
        return None
    if meld.kind is MeldKind.SEQUENCE:
        return rules.sequence_name  # "sambas" or "escaleras"
    if meld.kind is MeldKind.WILD:
        return "wild-canasta"
    if rules.group_max:
        return "book-clean" if meld.is_natural else "book-dirty"
    return "natural" if meld.is_natural else "mixed"


def side_melds(state: GameState, side: int) -> tuple[Meld, ...]:
    """A side's melds: by rank in the classic variants, by number in the Samba family."""
    return state.side_melds(side)


# -- a side's melds as seen ------------------------------------------------------------
# The table applies a move at once and its cards then fly (animations.Animator.count): what
# it says of a side's melds (the score panel's "melded N · canastas N", "min N · met", what
# is still needed to go out) counts the cards that have landed, given as `arrived` (None:
# every card, as the engine has them).

Arrived = Callable[[Card], bool] | None


def landed(meld: Meld, arrived: Arrived = None) -> int:
    """How many of `meld`'s cards are down (0: none yet: the meld is not seen)."""
    if arrived is None:
        return len(meld.cards)
    return sum(1 for card in meld.cards if arrived(card))


def melded_points(state: GameState, side: int, arrived: Arrived = None) -> int:
    """The points of the side's melded cards (those down)."""
    return sum(card.value for m in state.side_melds(side) for card in m.cards if arrived is None or arrived(card))


def has_melded(state: GameState, side: int, arrived: Arrived = None) -> bool:
    """The side has a meld down (its first card landed)."""
    return any(landed(m, arrived) for m in state.side_melds(side))


def minimum_met(state: GameState, side: int, minimum: int, arrived: Arrived = None) -> bool:
    """The side's opening is seen to meet its minimum: it has melded, and the landed cards
    count the minimum (or every card has landed). "met" beside "melded 10" while an opening
    of 65 flew in read as a mistake (play-test, stop 56)."""
    if not state.has_melded(side) or not has_melded(state, side, arrived):
        return False
    if arrived is None or melded_points(state, side, arrived) >= minimum:
        return True
    return all(arrived(card) for m in state.side_melds(side) for card in m.cards)


def canastas(state: GameState, side: int, arrived: Arrived = None) -> int:
    """The side's canastas (books) with seven cards down."""
    return sum(1 for m in state.side_melds(side) if landed(m, arrived) >= CANASTA_SIZE)


# -- feet (Hand and Foot) --------------------------------------------------------------


def has_feet(config: RulesConfig) -> bool:
    return config.rules.foot > 0


def foot(state: GameState, seat: int) -> list[Card] | None:
    """The seat's foot, face down (None once picked up, or in a variant without feet)."""
    feet: Sequence[list[Card] | None] | None = getattr(state, "feet", None)
    if not feet:
        return None
    return feet[seat]


def playing_from_foot(state: GameState, seat: int) -> bool:
    """V-HF-FOOT: the seat has picked up its foot."""
    return has_feet(state.config) and foot(state, seat) is None


def take_next(config: RulesConfig) -> int:
    """V-HF-TAKE: how many cards of the pile come with its top card (0: the whole pile)."""
    return config.rules.take_next


def take_brings(config: RulesConfig, count: int) -> int:
    """How many cards of a pile of `count` a take brings, its top card included: the whole
    pile, or in Hand and Foot the top card and the next six (V-HF-TAKE; the rest stays)."""
    return min(count, 1 + len(config.rules.taken_under_top(range(count))))


def holds_natural_pair(hand: Iterable[Card], rank: Rank) -> bool:
    """Two natural cards of `rank` in `hand`: what takes a pile topped by `rank` in Hand and
    Foot (V-HF-TAKE), frozen or not."""
    return sum(1 for card in hand if card.rank == rank and not card.is_wild) >= 2


# -- what a side still needs -------------------------------------------------------------


@dataclass(frozen=True)
class OutNeed:
    """What a side has of each part of what going out needs: each entry (msgid, met msgid,
    count the side has, count wanted)."""

    parts: tuple[tuple[str, str, int, int], ...]

    @property
    def met(self) -> bool:
        return all(have >= wanted for _msgid, _met, have, wanted in self.parts)

    def text(self) -> str:
        """The parts as the score panel lists them: "clean 1/2, dirty 3 · met". A part met
        says so with the side's real count (three dirty books read "dirty 2/2", the count
        capped at the quota, as if no more were down: play-test, stop 57)."""
        return join_names(
            _(met).format(have=have) if have >= wanted else _(msgid).format(have=have, want=wanted)
            for msgid, met, have, wanted in self.parts
        )


def out_need(state: GameState, side: int, arrived: Arrived = None) -> OutNeed | None:
    """The Samba family's going-out requirement: the books quota (V-HF-OUT), two canastas
    (V-SAMBA-OUT), one of them an escalera (V-BOL-OUT), counting the canastas with seven
    cards down (`arrived`). None for the classic variants (their table says nothing more)."""
    rules = state.config.rules
    if not rules.meld_list:
        return None
    melds = [m for m in state.side_melds(side) if landed(m, arrived) >= CANASTA_SIZE]
    if rules.foot:
        clean_wanted, dirty_wanted = rules.books_quota
        clean, dirty = book_counts(melds)
        return OutNeed(
            (
                (N_("clean {have}/{want}"), N_("clean {have} · met"), clean, clean_wanted),
                (N_("dirty {have}/{want}"), N_("dirty {have} · met"), dirty, dirty_wanted),
            )
        )
    made = len(melds)
    parts = [(N_("canastas {have}/{want}"), N_("canastas {have} · met"), made, rules.canastas_to_go_out)]
    if rules.out_needs_sequence:
        sequences = sum(1 for m in melds if m.kind is MeldKind.SEQUENCE)
        parts.append((N_("escalera {have}/{want}"), N_("escalera {have} · met"), sequences, 1))
    return OutNeed(tuple(parts))


def cards_fitting_nowhere(state: GameState, seat: int) -> list[Card]:
    """The Samba family: the cards of `seat`'s hand that no meld could take this turn, in
    hand order: a natural held once whose rank has no group of the side that takes it (in
    Hand and Foot not a closed book, V-HF-BOOKS) and that ends none of its sequences short of
    seven, and a black three where none ever melds, sorted by rank. Going out leaves at most
    one such card, the discard (what go_out_plan's first refusal counts)."""
    rules = state.config.rules
    table = state.side_melds(state.side_of(seat))
    groups = {m.rank for m in table if m.kind is MeldKind.GROUP and not (rules.foot and m.size >= CANASTA_SIZE)}
    ends: set[tuple[object, int]] = set()
    for m in table:
        if m.kind is MeldKind.SEQUENCE and m.size < CANASTA_SIZE:
            suit = m.cards[0].suit
            ends.update(((suit, int(m.rank) - 1), (suit, int(m.cards[-1].rank) + 1)))
    hand = state.hands[seat]
    held = Counter(c.rank for c in hand if not c.is_wild)
    loose = []
    for card in hand:
        if card.is_black_three:
            if not rules.black_threes_max:
                loose.append(card)
        elif not card.is_wild and held[card.rank] == 1 and card.rank not in groups:
            if (card.suit, int(card.rank)) not in ends:
                loose.append(card)
    return sorted(loose, key=sort_key)


# -- a game of a number of deals (Hand and Foot) ---------------------------------------------


def deals_in_game(config: RulesConfig) -> int:
    """The number of deals a game lasts (0: played to a target)."""
    return config.rules.deals


def deal_no(state: GameState, deal_number: int) -> int:
    """The deal's number from 1 (the engine's own for a game of deals)."""
    return int(getattr(state, "deal_no", deal_number + 1))


# -- the end of a game -----------------------------------------------------------------------


def winning_margin(scores: Sequence[int], winner: int) -> int:
    """How far the winner's total is ahead of the next best (R-GAME, V-SIX-GAME)."""
    return scores[winner] - max(score for side, score in enumerate(scores) if side != winner)


def level_past_target(config: RulesConfig, scores: Sequence[int]) -> int | None:
    """The leaders' total when a side has reached the target but the highest totals are
    level, so another deal is played (R-GAME, V-SIX-GAME); else None (also in a game of a
    number of deals, which has no target)."""
    if deals_in_game(config) or not scores:
        return None
    best = max(scores)
    return best if best >= config.target and list(scores).count(best) > 1 else None
