"""What the table controller asks of whoever shows the table (`TableHost`: the table
scene), and a host that shows nothing (`NoHost`: tests, tools). No pygame.

The controller and the parts it owns (the player's moves, the hand's arrangement, the
guide) tell the host what changed; the host animates it and re-places the cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.bots.reasons import BotReason
from game.rules import Card
from game.rules.events import Event


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
