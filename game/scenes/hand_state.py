"""What the player is doing with their own cards, apart from the engine state: the
hand's order and sort, the selection, the staged (not yet laid) melds, the cards
being dragged, the keyboard cursor, and where a drop lands. Pure data, no pygame:
the table controller owns it, the layout and the input controllers read and
change it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from game.rules import Card, Rank
from game.rules.cards import sort_key

Point = tuple[float, float]


def swapped(card: Card, a: Card, b: Card) -> Card:
    """`card` after cards `a` and `b` traded places: the other one of the two, else itself."""
    return b if card is a else a if card is b else card


@dataclass
class HandUI:
    """What the player is doing with their own cards (not part of the engine state)."""

    order: list[Card] = field(default_factory=list)
    sort_mode: str = "rank"  # "rank", "suit" or "custom"
    selected: set[Card] = field(default_factory=set)
    staged: list[list[Card]] = field(default_factory=list)
    # Where each staged group goes, as the table's controller addressed it (the meld of a
    # rank, or a Samba-family meld's number): (None, None) for a new meld (a side's first
    # meld); set for additions held until they can be laid together (going out by two).
    staged_onto: list[tuple[Rank | None, int | None]] = field(default_factory=list)
    dragging: list[Card] = field(default_factory=list)
    drag_pos: Point = (0.0, 0.0)
    drag_grab: Point = (0.0, 0.0)  # pointer offset from the first dragged card's centre
    # The selected cards a drop where the pointer is would take along with the dragged ones
    # (PlayerMoves.landing): they follow the pointer, fanned behind them, while they would.
    following: list[Card] = field(default_factory=list)
    hover: Card | None = None
    cursor: Card | None = None  # the keyboard's focus on a hand card (arrow keys)
    hinted: set[Card] = field(default_factory=set)  # cards a hint is about
    taken: set[Card] = field(default_factory=set)  # just drawn or picked up with the pile (marked until the turn ends)
    # While the pointer rests on the hand, its cards keep these x positions: a card that
    # leaves (melded, discarded) leaves a gap instead of the hand re-centring under the
    # pointer; the hand closes up when the pointer leaves it (or a card joins it).
    hold: dict[Card, float] | None = None
    dragging_top: bool = False  # the pile's top card is being dragged onto one of our melds
    meld_focus: DropTarget | None = None  # the keyboard's focus on one of our melds ([ and ])

    def swap(self, a: Card, b: Card) -> None:
        """Cards `a` and `b` trade places in everything the player is doing with the hand
        (the order, the selection, the staged groups, the marks): the table's sprites for
        them were swapped (Animator.swap)."""

        for cards in (self.order, self.dragging, self.following, *self.staged):  # in place: callers may hold them
            cards[:] = [swapped(card, a, b) for card in cards]
        for marks in (self.selected, self.hinted, self.taken):
            changed = {swapped(card, a, b) for card in marks}
            marks.clear()
            marks.update(changed)
        if self.hold is not None:
            self.hold = {swapped(card, a, b): x for card, x in self.hold.items()}
        self.hover = None if self.hover is None else swapped(self.hover, a, b)
        self.cursor = None if self.cursor is None else swapped(self.cursor, a, b)

    def staged_cards(self) -> set[Card]:
        return {card for group in self.staged for card in group}

    def stage(self, cards: list[Card], rank: Rank | None = None, number: int | None = None) -> None:
        """Stage `cards` as a group of their own, going onto (`rank`, `number`) if given."""
        self.staged.append(list(cards))
        self.staged_onto.append((rank, number))

    def unstage(self, index: int) -> bool:
        """Back to the hand with staged group `index`; False when there is none (any more)."""
        if not 0 <= index < len(self.staged):
            return False
        del self.staged[index]
        del self.staged_onto[index]
        return True

    def clear_staged(self) -> None:
        self.staged.clear()
        self.staged_onto.clear()

    def onto(self, index: int) -> tuple[Rank | None, int | None]:
        """Where staged group `index` goes ((None, None): a new meld)."""
        return self.staged_onto[index] if index < len(self.staged_onto) else (None, None)


def suit_key(card: Card) -> tuple[int, int, int]:
    """By suit the natural cards 4..A; then the threes together (they meld only as
    black threes going out), then the wild cards: none of them is filed in a suit."""
    if card.is_wild:
        return (9, sort_key(card)[0], card.id)
    if card.rank == 3:
        return (8, int(card.suit), card.id)  # type: ignore[arg-type]
    order = {0: 0, 1: 1, 3: 2, 2: 3}  # clubs, diamonds, spades, hearts: alternate colours
    return (order[int(card.suit)], int(card.rank), card.id)  # type: ignore[arg-type]


def sort_cards(cards: list[Card], mode: str) -> list[Card]:
    if mode == "suit":
        return sorted(cards, key=suit_key)
    if mode == "rank":
        return sorted(cards, key=lambda c: (sort_key(c), c.id))
    return list(cards)


def shown_hand(hand: list[Card], ui: HandUI) -> list[Card]:
    """The player's hand in display order, without the staged and dragged cards. Keeps
    `ui.order` in step with the hand (new cards appended, then sorted unless custom)."""
    staged = ui.staged_cards()
    dragging = set(ui.dragging)
    in_hand = set(hand)
    order = [c for c in ui.order if c in in_hand]
    order += [c for c in hand if c not in set(order)]
    if ui.sort_mode != "custom":
        order = sort_cards(order, ui.sort_mode)
    ui.order[:] = order
    return [c for c in order if c not in staged and c not in dragging]


DropKind = Literal["pile", "meld", "new-meld", "hand", "their-meld", "nowhere"]


@dataclass(frozen=True)
class DropTarget:
    """Where cards let go at a point land: the pile, one of our meld columns (an engine
    meld of `rank`, or the staged group `staged_index`), the area for a new meld, the
    hand (at position `index` among the cards left there), another side's meld (refused:
    said why), or nowhere."""

    kind: DropKind
    rank: Rank | None = None
    staged_index: int | None = None
    index: int = 0
    number: int | None = None  # the meld's number in the side's list (the Samba family: `+N:`)


NOWHERE = DropTarget("nowhere")
THEIR_MELD = DropTarget("their-meld")


# -- what a save keeps of it (the save's `extra`: text, read back leniently) -----------------
SORT_MODES = ("rank", "suit", "custom")


def staging_text(ui: HandUI) -> str:
    """The staged groups as text: each `RANK NUMBER FACES…` (where it goes, "-" for a new
    meld), groups joined by "/"."""
    groups = []
    for index, cards in enumerate(ui.staged):
        rank, number = ui.onto(index)
        target = f"{rank.symbol if rank is not None else '-'} {number if number is not None else '-'}"
        groups.append(" ".join([target, *(c.face for c in cards)]))
    return " / ".join(groups)


def parse_staging(text: object, hand: list[Card]) -> list[tuple[list[Card], Rank | None, int | None]]:
    """Staged groups read back from `staging_text`, each card taken from `hand`; none at all
    when anything in it does not fit (a card no longer in the hand, an odd word)."""
    if not isinstance(text, str) or not text:
        return []
    unused = list(hand)
    staged: list[tuple[list[Card], Rank | None, int | None]] = []
    for part in text.split("/"):
        words = part.split()
        if len(words) < 3:
            return []
        try:
            rank = None if words[0] == "-" else Rank.parse(words[0])
            number = None if words[1] == "-" else int(words[1])
        except ValueError:
            return []
        cards = take_faces(words[2:], unused)
        if len(cards) != len(words) - 2:
            return []
        staged.append((cards, rank, number))
    return staged


def arrangements_text(arrangements: dict[int, tuple[str, list[Card]]], hands: list[list[Card]]) -> str:
    """Pass-and-play: how each person sorted and ordered their hand, as `SEAT MODE FACES…`
    joined by "/" (only the cards still in each hand)."""
    parts = []
    for seat, (mode, order) in sorted(arrangements.items()):
        held = set(hands[seat])
        parts.append(" ".join([str(seat), mode, *(c.face for c in order if c in held)]))
    return " / ".join(parts)


def parse_arrangements(text: object, hands: list[list[Card]], seats: set[int]) -> dict[int, tuple[str, list[Card]]]:
    """`arrangements_text` read back for `seats`; a part that does not fit is left out."""
    arrangements: dict[int, tuple[str, list[Card]]] = {}
    for part in text.split("/") if isinstance(text, str) else ():
        words = part.split()
        if len(words) < 2 or not words[0].isdigit() or words[1] not in SORT_MODES:
            continue
        seat = int(words[0])
        if seat in seats and seat < len(hands):
            arrangements[seat] = (words[1], take_faces(words[2:], list(hands[seat])))
    return arrangements


def cards_text(cards: set[Card]) -> str:
    """Cards as `FACE:COPY` words (the copy too: the two jokers' pictures differ)."""
    return " ".join(sorted(f"{card.face}:{card.copy}" for card in cards))


def parse_cards(text: object, hand: list[Card]) -> set[Card]:
    """`cards_text` read back: those of its cards that are in `hand` (an odd word is left out)."""
    held = {(card.face, card.copy): card for card in hand}
    cards = set()
    for word in text.split() if isinstance(text, str) else ():
        face, _colon, copy = word.partition(":")
        card = held.get((face, int(copy))) if copy.isdigit() else None
        if card is not None:
            cards.add(card)
    return cards


def take_faces(faces: list[str], unused: list[Card]) -> list[Card]:
    """The cards of `faces` taken out of `unused` (those found)."""
    cards = []
    for face in faces:
        card = next((c for c in unused if c.face == face), None)
        if card is not None:
            unused.remove(card)
            cards.append(card)
    return cards
