"""The rules one game is played by: a variant (game/rules/variants.py) and a target.

`RulesConfig` copies the variant's numbers into plain attributes at construction, so the
engine's hot paths read an attribute, and precomputes the seating tables (side of each
seat, partner, seats of each side).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card, copies_of_face, deck_of
from .errors import PositionError
from .variants import CLASSIC_RULES, VARIANT_IDS, VARIANTS, Variant, variant_named

# Every target some variant plays to (V-TARGET); each variant lists its own.
TARGETS: tuple[int, ...] = tuple(sorted({t for v in VARIANTS for t in v.targets}, reverse=True))


@dataclass(frozen=True, slots=True)
class RulesConfig:
    variant: str = "classic"
    target: int = 5000
    rules: Variant = field(init=False, repr=False, compare=False)
    players: int = field(init=False, repr=False, compare=False)
    hand_size: int = field(init=False, repr=False, compare=False)
    draw_count: int = field(init=False, repr=False, compare=False)
    canastas_to_go_out: int = field(init=False, repr=False, compare=False)
    partnerships: bool = field(init=False, repr=False, compare=False)
    sides: int = field(init=False, repr=False, compare=False)
    deck: tuple[Card, ...] = field(init=False, repr=False, compare=False)
    copies_of_face: dict[str, int] = field(init=False, repr=False, compare=False)
    _side: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _partner: tuple[int | None, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rules = variant_named(self.variant) if isinstance(self.variant, str) else None
        if rules is None:
            raise PositionError(f"unknown variant {self.variant!r} (expected one of {', '.join(VARIANT_IDS)})")
        if rules.deals:  # a game of a number of deals has no target (V-HF-SCORE)
            if self.target != 0:
                raise PositionError(f"{rules.id} is played over {rules.deals} deals and has no target")
        elif self.target not in rules.targets:
            raise PositionError(f"target must be one of {rules.targets}, not {self.target!r}")
        side = [0] * rules.players
        partner: list[int | None] = [None] * rules.players
        for s, seats in enumerate(rules.sides):
            for i, seat in enumerate(seats):
                side[seat] = s
                if len(seats) == 2:
                    partner[seat] = seats[1 - i]
                elif len(seats) > 2 and rules.ask_next_partner:  # V-SIX-ASK
                    partner[seat] = seats[(i + 1) % len(seats)]
        values = {
            "rules": rules,
            "players": rules.players,
            "hand_size": rules.dealt,
            "draw_count": rules.draw,
            "canastas_to_go_out": rules.canastas_to_go_out,
            "partnerships": rules.partnerships,
            "sides": len(rules.sides),
            "deck": deck_of(rules.packs),
            "copies_of_face": copies_of_face(rules.packs),
            "_side": tuple(side),
            "_partner": tuple(partner),
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)

    @classmethod
    def for_variant(cls, variant: str = "classic", target: int | None = None) -> RulesConfig:
        """The config of a variant id; `target` defaults to the variant's first target."""
        rules = variant_named(variant) if isinstance(variant, str) else None
        if target is None:
            target = (rules.targets[0] if rules.targets else 0) if rules is not None else CLASSIC_RULES.targets[0]
        return cls(variant, target)

    def play_order(self, out: int | None) -> tuple[int, ...]:
        """The seats that play a deal, in turn order. V-FIVE: with `out` sitting out, the
        four sit alternately, 0, b1, 2, b2 (b1 < b2 the side of three's players)."""
        if out is None:
            return tuple(range(self.players))
        first, second = self.rules.sides[0]
        b1, b2 = sorted(set(self.rules.sides[1]) - {out})
        return (first, b1, second, b2)

    def deal_seating(
        self, deal_number: int, previous_dealer: int | None, first_dealer: int = 0
    ) -> tuple[int | None, int]:
        """(the seat sitting out, the dealer) of deal `deal_number` (from 0): the dealer
        rotates one seat clockwise (R-DEAL); V-FIVE: the sitting-out seat rotates through
        the variant's list and the dealer is the player at place k mod 4 of the order."""
        if self.rules.sit_out:
            out = self.rules.sit_out[deal_number % len(self.rules.sit_out)]
            order = self.play_order(out)
            return out, order[deal_number % len(order)]
        if previous_dealer is None:
            return None, first_dealer
        return None, self.next_seat(previous_dealer)

    def side_of(self, seat: int) -> int:
        return self._side[seat]

    def partner_of(self, seat: int) -> int | None:
        """The partner a player asks "May I go out?" (R-ASK, V-SIX-ASK), None alone."""
        return self._partner[seat]

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def seats_of_side(self, side: int) -> tuple[int, ...]:
        return self.rules.sides[side]

    @property
    def ask_allowed(self) -> bool:
        return self.partnerships

    def minimum_for(self, score: int) -> int:
        """R-MIN: the initial-meld minimum for a side's cumulative score."""
        return self.rules.minimum_for(score)


CLASSIC = RulesConfig.for_variant("classic")
