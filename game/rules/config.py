"""Variants as data (RULES.md section 10): one engine, several configurations."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import PositionError

VARIANTS = ("classic", "two-hand", "three-hand")
TARGETS = (5000, 2500)


@dataclass(frozen=True, slots=True)
class RulesConfig:
    variant: str = "classic"
    players: int = 4
    hand_size: int = 11
    draw_count: int = 1
    canastas_to_go_out: int = 1
    partnerships: bool = True  # seats 0/2 and 1/3 share a side, and may ask (R-ASK)
    target: int = 5000

    @classmethod
    def for_variant(cls, variant: str = "classic", target: int = 5000) -> "RulesConfig":
        if target not in TARGETS:
            raise PositionError(f"target must be one of {TARGETS}, not {target!r}")
        if variant == "classic":
            return cls("classic", 4, 11, 1, 1, True, target)
        if variant == "two-hand":
            return cls("two-hand", 2, 15, 2, 2, False, target)
        if variant == "three-hand":
            return cls("three-hand", 3, 13, 2, 1, False, target)
        raise PositionError(f"unknown variant {variant!r} (expected one of {', '.join(VARIANTS)})")

    @property
    def sides(self) -> int:
        return 2 if self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat

    def partner_of(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.partnerships else None

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def seats_of_side(self, side: int) -> tuple[int, ...]:
        return (side, side + 2) if self.partnerships else (side,)

    @property
    def ask_allowed(self) -> bool:
        return self.partnerships


CLASSIC = RulesConfig.for_variant("classic")


def minimum_for(score: int) -> int:
    """R-MIN: the initial-meld minimum for a side's cumulative score."""
    if score < 0:
        return 15
    if score < 1500:
        return 50
    if score < 3000:
        return 90
    return 120
