"""What the player's moves (`player_moves.PlayerMoves`) need of the table controller: its own
module, so that the quiet drop (`dry_drop`) can stand in for it without importing the moves
that use it (no import circle)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from game.note import Note
from game.rules import Card, IllegalMove, Move
from game.scenes.hand_arranger import HandArranger
from game.scenes.table_guide import TableGuide
from game.scenes.table_host import TableCore


class MovesTable(TableCore, Protocol):
    """What the player's moves need of the table controller beyond its core (the rules come
    with its seats): playing a move, refusing one, the selection, and its guide (the hint,
    the words of an empty stock) and arranger (cards dropped within the hand)."""

    @property
    def guide(self) -> TableGuide: ...
    @property
    def arranger(self) -> HandArranger: ...

    dealing: bool  # the deal's cards are still flying

    def legal_moves(self) -> list[Move]: ...
    def play(self, move: Move, held: Sequence[Card] = ()) -> bool: ...
    def my_turn(self) -> bool: ...
    def refuse(self, msgid: str, rule: str | None = None, **args: Any) -> None: ...
    def say_waiting(self, said: Note) -> None: ...
    def refuse_error(self, error: IllegalMove) -> None: ...
    def hand_cards(self) -> list[Card]: ...
    def selected_cards(self) -> list[Card]: ...
