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

from dataclasses import dataclass, replace

from .errors import N_




@dataclass(frozen=True, slots=True)
class Variant:
    id: str
    name: str                               # display-name key (English msgid)
    long_name: str                          # the same with the table, for menus
    players: int
    sides: tuple[tuple[int, ...], ...]      # the seats of each side
    seat_names: tuple[str, ...]             # compass name key per seat (seat 0 is South)
    dealt: int = 11                         # R-DEAL
    draw: int = 1                           # cards drawn from the stock (R-TURN)
    canastas_to_go_out: int = 1             # R-OUT
    max_wilds: int = 3                      # R-MELD
    going_out: int = 100                    # R-SCORE
    concealed_extra: int = 100              # R-CONCEALED: on top of going_out
    red_three_each: int = 100               # R-SCORE
    red_three_all: int = 800                # a side holding every red three of the deck
    red_threes_in_deck: int = 4
    minimum_below_zero: int = 15            # R-MIN: for a negative cumulative score
    minimum_steps: tuple[tuple[int, int], ...] = ((0, 50), (1500, 90), (3000, 120))
    targets: tuple[int, ...] = (5000, 2500)  # the first is the default (V-TARGET)

    @property
    def partnerships(self) -> bool:
        """Some side holds more than one seat (partners share melds and may ask, R-ASK)."""
        return any(len(seats) > 1 for seats in self.sides)

    def minimum_for(self, score: int) -> int:
        """R-MIN: the initial-meld minimum for a side's cumulative score."""
        if score < 0:
            return self.minimum_below_zero
        minimum = self.minimum_below_zero
        for floor, value in self.minimum_steps:
            if score >= floor:
                minimum = value
        return minimum

    def red_three_points(self, count: int) -> int:
        """R-SCORE: the red threes of a side that melded (negated by the caller if not)."""
        if count and count == self.red_threes_in_deck:
            return self.red_three_all
        return self.red_three_each * count


CLASSIC_RULES = Variant(
    id="classic", name=N_("Classic"), long_name=N_("Classic (4 players, partners)"), players=4,
    sides=((0, 2), (1, 3)),
    seat_names=(N_("South"), N_("West"), N_("North"), N_("East")))

VARIANTS: tuple[Variant, ...] = (
    CLASSIC_RULES,
    replace(CLASSIC_RULES, id="two-hand", name=N_("Two-hand"), long_name=N_("Two-hand"), players=2, sides=((0,), (1,)),
            seat_names=(N_("South"), N_("North")), dealt=15, draw=2, canastas_to_go_out=2),
    replace(CLASSIC_RULES, id="three-hand", name=N_("Three-hand"), long_name=N_("Three-hand"), players=3,
            sides=((0,), (1,), (2,)), seat_names=(N_("South"), N_("West"), N_("East")),
            dealt=13, draw=2),
)

VARIANT_IDS: tuple[str, ...] = tuple(v.id for v in VARIANTS)
_BY_ID = {v.id: v for v in VARIANTS}


def variant_named(variant_id: str) -> Variant | None:
    """The variant with this id, or None."""
    return _BY_ID.get(variant_id)


__all__ = ["CLASSIC_RULES", "VARIANTS", "VARIANT_IDS", "Variant", "variant_named"]
