"""The phase of a deal: whose move it is and what kind of move (OpenSpiel style)."""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    DRAW = "draw"  # the player to act must draw or take the pile
    MELD = "meld"  # the player has drawn and may meld, then discard
    ANSWER = "answer"  # the partner of the asking player must answer
    OVER = "over"  # the deal has ended
