"""What applying a move caused, in order, so the table can animate it.

Events carry physical cards. Some name cards only their holder may see (`Dealt`,
`Drew`); `public_view` gives what the other seats see of any event.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card, Rank
from .fast_init import store_fields_directly
from .melds import MeldKind


@dataclass(frozen=True, slots=True)
class Event:
    """The base of every event."""


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    dealer: int
    hands: tuple[tuple[Card, ...], ...]  # dealing order is seat order from the dealer's left


@dataclass(frozen=True, slots=True)
class UpcardTurned(Event):
    card: Card


@store_fields_directly
@dataclass(frozen=True, slots=True)
class Drew(Event):
    seat: int
    card: Card


@store_fields_directly
@dataclass(frozen=True, slots=True)
class RedThreeLaid(Event):
    seat: int
    side: int
    card: Card
    from_pile: bool = False


@store_fields_directly
@dataclass(frozen=True, slots=True)
class PileTaken(Event):
    seat: int
    top: Card
    cards: tuple[Card, ...]  # the rest of the pile, now in the taker's hand (bottom first)


@store_fields_directly
@dataclass(frozen=True, slots=True)
class Melded(Event):
    seat: int
    side: int
    rank: Rank
    cards: tuple[Card, ...]
    new_meld: bool  # started a meld (True) or added to one (False)
    # The Samba family (melds as a numbered list): the meld's number and kind after the move.
    number: int | None = None
    kind: MeldKind = MeldKind.GROUP


@store_fields_directly
@dataclass(frozen=True, slots=True)
class CanastaMade(Event):
    side: int
    rank: Rank
    natural: bool
    number: int | None = None  # the Samba family: the meld's number and kind (a samba, a bolivia...)
    kind: MeldKind = MeldKind.GROUP


@store_fields_directly
@dataclass(frozen=True, slots=True)
class Discarded(Event):
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Asked(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Answered(Event):
    seat: int
    yes: bool


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    seat: int
    concealed: bool


@dataclass(frozen=True, slots=True)
class FootPickedUp(Event):
    """V-HF-FOOT: `seat` emptied the hand and picked up its foot of `size` cards (which
    become the hand; nobody else sees them)."""

    seat: int
    size: int


@store_fields_directly
@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """The turn moved on to `seat`."""

    seat: int


@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    reason: str  # "went-out", "stock-exhausted", "last-red-three"
    result: object = field(default=None)  # a scoring.DealResult


@dataclass(frozen=True, slots=True)
class HiddenDraw(Event):
    """What other seats see of a `Drew`: a card went from the stock to `seat`."""

    seat: int


def public_view(event: Event, viewer: int) -> Event:
    """The event as seen from `viewer`'s seat: other seats' new cards are hidden
    (a dealt hand becomes an empty tuple; its size is the hand size dealt)."""
    if isinstance(event, Drew) and event.seat != viewer:
        return HiddenDraw(event.seat)
    if isinstance(event, Dealt):
        return Dealt(event.dealer, tuple(h if seat == viewer else () for seat, h in enumerate(event.hands)))
    return event
