"""Seats of the four-player table (R-SEATS), endplay style."""

from __future__ import annotations

from enum import IntEnum


class Seat(IntEnum):
    """Seats in clockwise playing order. The human sits South (seat 0)."""

    SOUTH = 0
    WEST = 1
    NORTH = 2
    EAST = 3

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def next(self) -> Seat:
        """The seat on this seat's left, who plays next (clockwise)."""
        return Seat((self + 1) % 4)

    @property
    def side(self) -> int:
        """Side index in the classic game: seats 0 and 2 are side 0."""
        return self % 2
