"""What the player whose turn it is has done so far this turn, as one frozen value.

The state holds it (`GameState.this_turn`), its observations share the very value, and
the position format (RULES.md section 11) reads and writes it field by field from the
declaration below: each field names its key there and how it is written and read
(`JSON_FIELDS`). A move that changes it makes a new value; every turn starts at
`NEW_TURN`. Copying a state shares the value.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any

from .cards import Rank
from .errors import NotationError
from .fast_init import store_fields_directly


class Drawn(Enum):
    """How the player drew this turn (the value is the position format's)."""

    STOCK = "stock"
    PILE = "pile"


@dataclass(frozen=True, slots=True)
class FieldJson:
    """A `Turn` field in the position format: its key, and the conversions to JSON and
    back (`read` raises ValueError with the message a bad value gets)."""

    key: str
    write: Callable[[Any], Any]
    read: Callable[[Any], Any]


def _as_is(value: Any) -> Any:
    return value


def _read_flag(key: str) -> Callable[[Any], bool]:
    def read(value: Any) -> bool:
        if not isinstance(value, bool):
            raise ValueError(f"'{key}' must be true or false")
        return value

    return read


def _flag(key: str) -> Any:
    """A yes/no fact of the turn: false when the turn starts."""
    return field(default=False, metadata={"json": FieldJson(key, _as_is, _read_flag(key))})


def _write_drawn(drawn: Drawn | None) -> str | None:
    return None if drawn is None else drawn.value


def _read_drawn(value: Any) -> Drawn | None:
    if value is None:
        return None
    if isinstance(value, str):
        for drawn in Drawn:
            if value == drawn.value:
                return drawn
    raise ValueError("'drawn' must be " + ", ".join(f'"{d.value}"' for d in Drawn) + " or null")


def _read_answer(value: Any) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise ValueError("'answer' must be true, false or null")
    return value


def _write_ranks(ranks: frozenset[Rank]) -> list[str]:
    return [r.symbol for r in sorted(ranks)]


def _read_ranks(value: Any) -> frozenset[Rank]:
    if not isinstance(value, list):
        raise ValueError("'turn_new' must be a list of ranks")
    try:
        return frozenset(Rank.parse(str(r)) for r in value)
    except NotationError as e:
        raise ValueError(f"'turn_new': {e}") from None


@store_fields_directly
@dataclass(frozen=True, slots=True)
class Turn:
    """The facts of the turn under way (`GameState.turn` is whose turn it is)."""

    # How the player drew; None before drawing.
    drawn: Drawn | None = field(default=None, metadata={"json": FieldJson("drawn", _write_drawn, _read_drawn)})
    asked: bool = _flag("asked")  # asked "May I go out?" (R-ASK)
    # The partner's binding answer (R-ASK); None when nobody answered.
    answer: bool | None = field(default=None, metadata={"json": FieldJson("answer", _as_is, _read_answer)})
    laid: bool = _flag("turn_laid")  # laid or added any card (the take's own meld too)
    laid_other: bool = _flag("turn_laid_other")  # laid or added a card beyond the take's own meld
    # Ranks of the melds started this turn (R-CONCEALED).
    new_ranks: frozenset[Rank] = field(
        default=frozenset(), metadata={"json": FieldJson("turn_new", _write_ranks, _read_ranks)}
    )
    added_old: bool = _flag("turn_added_old")  # added to a meld that existed before this turn

    def drew(self, drawn: Drawn) -> Turn:
        """This turn after drawing. From a turn just begun, the usual case, the result is
        one shared value: a draw is the commonest move, and building a value costs."""
        if self is NEW_TURN:
            return _DREW_STOCK if drawn is _STOCK else _DREW_PILE
        return replace(self, drawn=drawn)

    def laid_cards(self, started: Collection[Rank], added_old: bool, beyond_take: bool) -> Turn:
        """This turn after laying cards: `started`, the ranks of the melds it started;
        `added_old`, it added to a meld older than the turn; `beyond_take`, it laid more
        than a take's own meld."""
        if self.laid and not started and (self.added_old or not added_old) and (self.laid_other or not beyond_take):
            return self  # nothing new to note
        return Turn(
            self.drawn,
            self.asked,
            self.answer,
            True,
            self.laid_other or beyond_take,
            self.new_ranks.union(started) if started else self.new_ranks,
            self.added_old or added_old,
        )


NEW_TURN = Turn()  # where every turn starts
_STOCK = Drawn.STOCK  # read once: an Enum member costs more to read than a global
_DREW_STOCK = Turn(drawn=Drawn.STOCK)
_DREW_PILE = Turn(drawn=Drawn.PILE)


# (field name, its position-format declaration), in the order of the declaration.
JSON_FIELDS: tuple[tuple[str, FieldJson], ...] = tuple((f.name, f.metadata["json"]) for f in fields(Turn))
