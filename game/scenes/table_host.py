"""The table controller's interfaces, without pygame: what it asks of whoever shows the
table (`TableHost`: the table scene), a host that shows nothing (`NoHost`: tests,
tools), and what the parts it owns see of it (`TableCore`).

The controller and its parts (the player's moves, the hand's arrangement, the guide)
tell the host what changed; the host animates it and re-places the cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.bots.reasons import BotReason
from game.note import Note
from game.rules import Card, MoveKind
from game.rules.events import Event
from game.scenes.hand_state import HandUI
from game.scenes.table_source import TableSeats


class TableHost(Protocol):
    """What the controller asks of whoever shows the table."""

    def show_events(self, events: list[Event]) -> None:
        """A move or a deal happened: animate it (and tell the listeners)."""

    def cards_moved(self) -> None:
        """The player's cards (selection, staging, order) or a refusal changed: re-place them."""

    def hand_arranged(self) -> None:
        """The player re-arranged the hand (a save keeps the order)."""

    def cancel_gesture(self) -> None:
        """Drop whatever the pointer holds."""

    def confirm_discard(self, card: Card, why: str, discard: Callable[[], None]) -> bool:
        """Ask before a risky discard (`discard` plays it); False when nobody can be asked."""

    def explain_move(self, seat: int, reason: BotReason | None) -> None:
        """A bot said why it made the move just shown (game/bots/reasons.py), or None."""

    def swap_cards(self, a: Card, b: Card) -> None:
        """Two copies of one face trade their pictures on the table (the player moved `a`,
        the engine laid `b`): the card the player moved is the one seen to land."""


class NoHost:
    """A host that shows nothing (tests, tools): every call is a no-op."""

    def show_events(self, events: list[Event]) -> None:
        pass

    def cards_moved(self) -> None:
        pass

    def hand_arranged(self) -> None:
        pass

    def cancel_gesture(self) -> None:
        pass

    def confirm_discard(self, card: Card, why: str, discard: Callable[[], None]) -> bool:
        return False

    def explain_move(self, seat: int, reason: BotReason | None) -> None:
        pass

    def swap_cards(self, a: Card, b: Card) -> None:
        pass


class TableCore(TableSeats, Protocol):
    """The table controller as the parts it owns see it (the guide, the player's moves):
    the game from the player's seat (`TableSeats`), the hand's state, the host, and a message."""

    @property
    def ui(self) -> HandUI: ...
    @property
    def host(self) -> TableHost: ...
    @property
    def version(self) -> int: ...
    def say(self, said: Note, warn: bool = True, seconds: float = 4.0) -> None: ...
    def staging(self) -> bool: ...
    def can(self, kind: MoveKind) -> bool: ...
