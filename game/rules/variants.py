"""Every variant of the game as data: the one list the rest of the project derives from.

Each `Variant` holds the numbers of RULES.md section 10 (and, as variants are added,
VARIANTS.md section 1) that the engine reads: seating and sides, cards dealt, draw
count, meld limits, the minimum table, the red-three scheme, the going-out requirement
and bonuses, the targets. What every variant of the family shares (a canasta is 7 cards,
500 natural and 300 mixed) stays in game/rules/melds.py. `CLASSIC_RULES` holds the classic
numbers; every other variant names only what it changes (`replace`), the way
python-chess lists its variants. The CLI, the app's menus, saves, statistics and the
arena take their variant lists from `VARIANTS` and nowhere else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from .cards import Card
from .errors import N_

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Variant:
    id: str
    name: str  # display-name key (English msgid)
    long_name: str  # the same with the table, for menus
    players: int
    sides: tuple[tuple[int, ...], ...]  # the seats of each side
    seat_names: tuple[str, ...]  # compass name key per seat (seat 0 is South)
    in_app: bool = True  # the app's table, menus and bots play it
    packs: int = 2  # R-DECK, V-PACKS: 54 cards each
    dealt: int = 11  # R-DEAL
    draw: int = 1  # cards drawn from the stock (R-TURN)
    canastas_to_go_out: int = 1  # R-OUT
    # V-KEEP-TWO: VARIANTS.md sets what going out needs (six-hand's two canastas, the Samba
    # family's, the books quota): melding down to one card is refused under V-KEEP-TWO, not
    # R-KEEP-TWO (RULES.md's games, two-hand's two canastas included, and five-hand's classic deal).
    variant_keep_two: bool = False
    max_wilds: int = 3  # R-MELD
    black_threes_max: int = 4  # R-BLACK3 / V-BLACK3: 3 to this many, going out
    ask_next_partner: bool = False  # V-SIX-ASK: a side of three asks the next partner
    sit_out: tuple[int, ...] = ()  # V-FIVE: who sits out, deal by deal, in rotation
    going_out: int = 100  # R-SCORE
    concealed_extra: int = 100  # R-CONCEALED: on top of going_out
    # R-SCORE, V-SIX-RED3: a melded side's points for holding 0, 1, 2 ... red threes.
    red_three_points_by_count: tuple[int, ...] = (0, 100, 200, 300, 800)
    minimum_below_zero: int = 15  # R-MIN: for a negative cumulative score
    minimum_steps: tuple[tuple[int, int], ...] = ((0, 50), (1500, 90), (3000, 120))
    targets: tuple[int, ...] = (5000, 2500)  # the first is the default (V-TARGET)
    # The Samba family (VARIANTS.md sections 3-5): melds as a numbered list per side.
    meld_list: bool = False  # several melds of one rank, `+N:` (VARIANTS.md section 6)
    sequences: bool = False  # V-SAMBA-MELDS
    wild_melds: bool = False  # V-BOL-WILD
    sequence_name: str = "sambas"  # the result's name for a sequence of 7's bonus
    out_needs_sequence: bool = False  # V-BOL-OUT: one of the canastas an escalera
    concealed_waiver: bool = True  # R-MIN-CONCEALED (never in the Samba family)
    # V-SAMBA-RED3: red threes count plus only with this many canastas (0: once melded).
    red_threes_need_canastas: int = 0
    black_three_penalty: int = 0  # V-BOL-BLACK3: per black three left in a hand
    take_onto_meld: bool = True  # V-SAMBA-TAKE (b): `take +N:` (not in Hand and Foot)
    # Hand and Foot (VARIANTS.md section 5).
    foot: int = 0  # V-HF-DEAL: cards in each player's foot
    books_quota: tuple[int, int] = (0, 0)  # V-HF-OUT: clean and dirty books to go out
    group_max: int = 0  # V-HF-BOOKS: a group of this many is closed (0: no limit)
    take_next: int = 0  # V-HF-TAKE: the take brings this many more cards (0: the whole pile)
    minimum_by_deal: tuple[int, ...] = ()  # V-HF-MIN: the minimum of deal 1, 2, ...
    deals: int = 0  # a game of this many deals, the higher total winning (0: to a target)

    @property
    def partnerships(self) -> bool:
        """Some side holds more than one seat (partners share melds and may ask, R-ASK)."""
        return any(len(seats) > 1 for seats in self.sides)

    @property
    def freezes(self) -> bool:
        """R-FROZEN matters: the pile may be taken otherwise than with a natural pair (in
        Hand and Foot it never may, V-HF-TAKE: nothing there freezes it)."""
        return self.take_onto_meld

    def taken_under_top(self, pile: Sequence[_T]) -> Sequence[_T]:
        """The cards under the top card of `pile` (oldest first) that a take brings into the
        hand: the rest of the pile, or in Hand and Foot the next `take_next` (V-HF-TAKE; fewer
        from a shorter pile), the rest staying down."""
        rest = pile[:-1]
        return rest[-self.take_next :] if self.take_next else rest

    def minimum_for(self, score: int) -> int:
        """R-MIN: the initial-meld minimum for a side's cumulative score."""
        if score < 0:
            return self.minimum_below_zero
        minimum = self.minimum_below_zero
        for floor, value in self.minimum_steps:
            if score >= floor:
                minimum = value
        return minimum

    @property
    def deck_size(self) -> int:
        return 54 * self.packs

    def red_three_points(self, count: int) -> int:
        """R-SCORE: the red threes of a side that melded (negated by the caller if not)."""
        return self.red_three_points_by_count[count]

    def held_cost(self, card: Card) -> int:
        """What `card`, left in a hand when the deal ends, costs its side (R-SCORE: its
        value; V-BOL-BLACK3: a black three `black_three_penalty` instead of its 5)."""
        if card.is_black_three and self.black_three_penalty:
            return self.black_three_penalty
        return card.value


CLASSIC_RULES = Variant(
    id="classic",
    name=N_("Classic"),
    long_name=N_("Classic (4 players, partners)"),
    players=4,
    sides=((0, 2), (1, 3)),
    seat_names=(N_("South"), N_("West"), N_("North"), N_("East")),
)

# Seat names of the six-player table, clockwise from South.
_SIX_SEATS = (N_("South"), N_("South-west"), N_("North-west"), N_("North"), N_("North-east"), N_("South-east"))
_SIX_RED_THREES = (0, 100, 200, 300, 400, 1000, 1200)  # V-SIX-RED3

VARIANTS: tuple[Variant, ...] = (
    CLASSIC_RULES,
    replace(
        CLASSIC_RULES,
        id="two-hand",
        name=N_("Two-hand"),
        long_name=N_("Two-hand (2 players, each alone)"),
        players=2,
        sides=((0,), (1,)),
        seat_names=(N_("South"), N_("North")),
        dealt=15,
        draw=2,
        canastas_to_go_out=2,
    ),
    replace(
        CLASSIC_RULES,
        id="three-hand",
        name=N_("Three-hand"),
        long_name=N_("Three-hand (3 players, each alone)"),
        players=3,
        sides=((0,), (1,), (2,)),
        seat_names=(N_("South"), N_("West"), N_("East")),
        dealt=13,
        draw=2,
    ),
    # VARIANTS.md section 2: five play a classic deal, one of the side of three sitting out.
    replace(
        CLASSIC_RULES,
        id="five-hand",
        name=N_("Five-hand"),
        long_name=N_("Five-hand (a side of two and a side of three)"),
        players=5,
        sides=((0, 2), (1, 3, 4)),
        seat_names=(N_("South"), N_("West"), N_("North"), N_("East"), N_("South-east")),
        sit_out=(4, 3, 1),
    ),
    # VARIANTS.md section 2: the classic game for six, with three packs (162 cards).
    replace(
        CLASSIC_RULES,
        id="six-hand",
        name=N_("Six-hand"),
        long_name=N_("Six-hand (three sides of two)"),
        players=6,
        sides=((0, 3), (1, 4), (2, 5)),
        seat_names=_SIX_SEATS,
        packs=3,
        dealt=13,
        canastas_to_go_out=2,
        black_threes_max=6,
        red_three_points_by_count=_SIX_RED_THREES,
        targets=(7500,),
        variant_keep_two=True,
    ),
    replace(
        CLASSIC_RULES,
        id="six-hand-2x3",
        name=N_("Six-hand, two sides of three"),
        long_name=N_("Six-hand (two sides of three)"),
        players=6,
        sides=((0, 2, 4), (1, 3, 5)),
        seat_names=_SIX_SEATS,
        packs=3,
        dealt=13,
        canastas_to_go_out=2,
        black_threes_max=6,
        ask_next_partner=True,
        red_three_points_by_count=_SIX_RED_THREES,
        minimum_steps=((0, 50), (1500, 90), (3000, 120), (7500, 150)),
        targets=(10000,),
        variant_keep_two=True,
    ),
)

# VARIANTS.md section 3: three packs, groups and sequences, two canastas to go out.
SAMBA_RULES = replace(
    CLASSIC_RULES,
    id="samba",
    name=N_("Samba"),
    long_name=N_("Samba (three packs, sequences)"),
    packs=3,
    dealt=15,
    draw=2,
    canastas_to_go_out=2,
    max_wilds=2,
    black_threes_max=6,
    going_out=200,
    concealed_extra=0,
    concealed_waiver=False,
    red_three_points_by_count=(0, 100, 200, 300, 400, 500, 1000),
    red_threes_need_canastas=2,
    minimum_steps=((0, 50), (1500, 90), (3000, 120), (7000, 160)),
    targets=(10000,),
    meld_list=True,
    sequences=True,
    variant_keep_two=True,
)

VARIANTS += (
    SAMBA_RULES,
    # VARIANTS.md section 4: Samba with wild melds; the sequence of 7 is an escalera.
    replace(
        SAMBA_RULES,
        id="bolivia",
        name=N_("Bolivia"),
        long_name=N_("Bolivia (Samba with wild canastas)"),
        wild_melds=True,
        sequence_name="escaleras",
        out_needs_sequence=True,
        black_three_penalty=100,
        minimum_steps=((0, 50), (1500, 90), (3000, 120), (7000, 150)),
        targets=(15000,),
    ),
)

# VARIANTS.md section 5: five packs, a hand and a foot, books, four deals.
VARIANTS += (
    replace(
        CLASSIC_RULES,
        id="hand-and-foot",
        name=N_("Hand and Foot"),
        long_name=N_("Hand and Foot (five packs, four deals)"),
        packs=5,
        dealt=11,
        draw=2,
        black_threes_max=0,
        concealed_extra=0,
        concealed_waiver=False,
        red_three_points_by_count=tuple(100 * n for n in range(11)),
        targets=(),
        meld_list=True,
        take_onto_meld=False,
        foot=11,
        books_quota=(2, 2),
        group_max=7,
        take_next=6,
        minimum_by_deal=(50, 90, 120, 150),
        deals=4,
        variant_keep_two=True,
    ),
)

VARIANT_IDS: tuple[str, ...] = tuple(v.id for v in VARIANTS)
# The variants the app's table, menus and bots play (the others: engine and CLI only).
APP_VARIANT_IDS: tuple[str, ...] = tuple(v.id for v in VARIANTS if v.in_app)
VARIANT_NAMES: dict[str, str] = {v.id: v.name for v in VARIANTS}  # display-name keys (msgids)
_BY_ID = {v.id: v for v in VARIANTS}


def variant_named(variant_id: str) -> Variant | None:
    """The variant with this id, or None."""
    return _BY_ID.get(variant_id)


__all__ = ["APP_VARIANT_IDS", "CLASSIC_RULES", "SAMBA_RULES", "VARIANTS", "VARIANT_IDS", "Variant", "variant_named"]
