"""Scoring a deal and deciding the game (R-SCORE, R-GAME)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .variants import Variant

# The result's names beyond RULES.md's five (VARIANTS.md section 6); absent names are 0.
EXTRA_SCORE_FIELDS = ("sambas", "escaleras", "bolivias", "books_clean", "books_dirty", "black_threes", "feet")


@dataclass(frozen=True, slots=True)
class SideScore:
    melds: int
    hand: int  # zero or negative
    canastas: int
    red_threes: int
    going_out: int
    sambas: int = 0  # V-SAMBA-CANASTA
    escaleras: int = 0  # V-BOL-ESCALERA
    bolivias: int = 0  # V-BOL-WILD
    books_clean: int = 0  # V-HF-BOOKS
    books_dirty: int = 0
    black_threes: int = 0  # V-BOL-BLACK3, zero or negative
    feet: int = 0  # V-HF-SCORE, zero or negative

    @property
    def total(self) -> int:
        return (
            self.melds
            + self.hand
            + self.canastas
            + self.red_threes
            + self.going_out
            + self.sambas
            + self.escaleras
            + self.bolivias
            + self.books_clean
            + self.books_dirty
            + self.black_threes
            + self.feet
        )

    def to_json(self) -> dict[str, Any]:
        """RULES.md's five names and the total; a further name (VARIANTS.md section 6)
        only where it scored."""
        data: dict[str, Any] = {
            "melds": self.melds,
            "hand": self.hand,
            "canastas": self.canastas,
            "red_threes": self.red_threes,
            "going_out": self.going_out,
        }
        for name in EXTRA_SCORE_FIELDS:
            value = getattr(self, name)
            if value:
                data[name] = value
        data["total"] = self.total
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SideScore:
        return cls(
            int(data["melds"]),
            int(data["hand"]),
            int(data["canastas"]),
            int(data["red_threes"]),
            int(data["going_out"]),
            **{name: int(data.get(name, 0)) for name in EXTRA_SCORE_FIELDS},
        )


@dataclass(frozen=True, slots=True)
class DealResult:
    reason: str  # "went-out", "stock-exhausted", "last-red-three"
    sides: tuple[SideScore, ...]
    scores: tuple[int, ...]  # cumulative scores after the deal
    winner: int | None  # the side that won the game, once decided
    went_out: int | None = None  # seat
    concealed: bool = False
    tie: bool = False  # V-HF-SCORE: the last deal of a game of deals ended level

    @property
    def game_over(self) -> bool:
        return self.winner is not None or self.tie

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "sides": [s.to_json() for s in self.sides],
            "scores": list(self.scores),
            "winner": "tie" if self.tie else self.winner,
            "went_out": self.went_out,
            "concealed": self.concealed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealResult:
        return cls(
            str(data.get("reason", "")),
            tuple(SideScore.from_json(s) for s in data["sides"]),
            tuple(int(x) for x in data["scores"]),
            None if data.get("winner") in (None, "tie") else int(data["winner"]),
            None if data.get("went_out") is None else int(data["went_out"]),
            bool(data.get("concealed", False)),
            data.get("winner") == "tie",
        )


def red_three_score(rules: Variant, count: int, side_melded: bool) -> int:
    """The variant's red-three points (classic: 100 each, 800 for all four); negative for
    a side that made no meld (R-SCORE)."""
    points = rules.red_three_points(count)
    return points if side_melded else -points


def game_winner(scores: Sequence[int], target: int) -> int | None:
    """R-GAME: once a side reaches the target the highest total wins; a tie plays on."""
    if max(scores) < target:
        return None
    best = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == best]
    return leaders[0] if len(leaders) == 1 else None
