"""Cards, ranks, suits and the 108-card deck (R-DECK, R-WILD, R-VALUE).

Every physical card is one interned `Card` instance: two cards compare equal only
when they are the same physical card (same face *and* deck copy), which lets the
table follow a card through an animation. Moves and notation name faces only; the
engine picks a physical copy from the hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from .errors import RANK_PLURALS, RANK_SINGULARS, NotationError


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOL[self]

    @property
    def plural(self) -> str:
        """The rank's plural as English players write it: "aces", "kings", "7s", "10s" (a
        message id: the app translates it, game.hints.rank_plural)."""
        return RANK_PLURALS[self.symbol]

    @property
    def singular(self) -> str:
        """The rank's word in the singular as English writes it in a sentence: "ace", "king",
        "7" ("your king meld", "every other 7"; a message id: game.hints.rank_singular)."""
        return RANK_SINGULARS[self.symbol]

    @property
    def meldable(self) -> bool:
        """Ranks that can form an ordinary meld (4..A); R-MELD."""
        return Rank.FOUR <= self <= Rank.ACE

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        try:
            return _RANK_BY_SYMBOL[key]
        except KeyError:
            raise NotationError(f"unknown rank {text!r}") from None


_RANK_SYMBOL = {Rank.JOKER: "JK", Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J"}
for _r in Rank:
    _RANK_SYMBOL.setdefault(_r, str(int(_r)))
_RANK_BY_SYMBOL = {sym: r for r, sym in _RANK_SYMBOL.items()}
_RANK_BY_SYMBOL.update({"1": Rank.ACE, "11": Rank.JACK, "12": Rank.QUEEN, "13": Rank.KING})

# Meldable ranks in notation order, used for stable output.
MELD_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r.meldable)


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_SUIT_BY_LETTER = {s.letter: s for s in Suit}

# R-VALUE, indexed by rank; the red three is scored as a bonus, never as a card.
_VALUE = {Rank.JOKER: 50, Rank.TWO: 20, Rank.ACE: 20, Rank.THREE: 5}
for _r in Rank:
    _VALUE.setdefault(_r, 10 if _r >= Rank.EIGHT else 5)
RANK_VALUE: tuple[int, ...] = tuple(_VALUE.get(i, 0) for i in range(16))  # type: ignore[call-overload]


class Card:
    """One physical card. Build with `Card.parse` or `Card.of`; instances are interned."""

    __slots__ = (
        "rank",
        "suit",
        "copy",
        "id",
        "face",
        "face_card",
        "value",
        "is_wild",
        "is_natural",
        "is_red_three",
        "is_black_three",
        "__weakref__",
    )

    _registry: dict[tuple[int, int, int], Card] = {}

    rank: Rank
    suit: Suit | None
    copy: int
    id: int
    face: str
    face_card: Card
    value: int
    is_wild: bool
    is_natural: bool
    is_red_three: bool
    is_black_three: bool

    def __new__(cls, rank: Rank, suit: Suit | None = None, copy: int = 0) -> Card:
        key = (int(rank), -1 if suit is None else int(suit), copy)
        try:
            return cls._registry[key]
        except KeyError:
            raise NotationError(f"no such card: {rank!r} {suit!r} copy {copy}") from None

    @classmethod
    def _make(cls, rank: Rank, suit: Suit | None, copy: int, card_id: int) -> Card:
        self = object.__new__(cls)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "copy", copy)
        object.__setattr__(self, "id", card_id)
        face = "JK" if rank == Rank.JOKER else f"{suit.letter}{rank.symbol}"  # type: ignore[union-attr]
        object.__setattr__(self, "face", face)
        object.__setattr__(self, "value", RANK_VALUE[rank])
        object.__setattr__(self, "is_wild", rank in (Rank.JOKER, Rank.TWO))
        object.__setattr__(self, "is_natural", rank >= Rank.FOUR and rank != Rank.JOKER)
        red3 = rank == Rank.THREE and suit is not None and suit.is_red
        object.__setattr__(self, "is_red_three", red3)
        object.__setattr__(self, "is_black_three", rank == Rank.THREE and not red3)
        cls._registry[(int(rank), -1 if suit is None else int(suit), copy)] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:  # immutable value type
        raise AttributeError("Card is immutable")

    def __repr__(self) -> str:
        if self.copy == 0:
            return f"Card.parse({self.face!r})"
        return f"Card.parse({self.face!r}, copy={self.copy})"

    def __str__(self) -> str:
        return self.face

    def __lt__(self, other: Card) -> bool:
        return self.id < other.id

    def __reduce__(self) -> tuple[object, tuple[str, int]]:
        return (Card.parse, (self.face, self.copy))

    @classmethod
    def parse(cls, text: str, copy: int = 0) -> Card:
        """Parse one card in the notation of RULES.md section 11 (case-insensitive)."""
        key = text.strip().upper()
        if key in ("JK", "JOKER"):
            return cls(Rank.JOKER, None, copy)
        if len(key) < 2:
            raise NotationError(f"unknown card {text!r}")
        suit = _SUIT_BY_LETTER.get(key[0])
        rank = _RANK_BY_SYMBOL.get(key[1:])
        if suit is None or rank is None or rank == Rank.JOKER:
            raise NotationError(f"unknown card {text!r}")
        return cls(rank, suit, copy)

    @classmethod
    def of(cls, card_id: int) -> Card:
        return ALL_CARDS[card_id]


MAX_PACKS = 5  # V-PACKS: Hand and Foot plays with five


def _build_cards() -> tuple[Card, ...]:
    """Every physical card of up to MAX_PACKS packs. The classic deck's 108 come first
    (ids 0..107, as they always were); each further pack adds 52 cards and 2 jokers."""
    cards: list[Card] = []

    def pack(copies: range, jokers: range) -> None:
        for copy in copies:
            for suit in Suit:
                for rank in Rank:
                    if rank != Rank.JOKER:
                        cards.append(Card._make(rank, suit, copy, len(cards)))
        for copy in jokers:
            cards.append(Card._make(Rank.JOKER, None, copy, len(cards)))

    pack(range(2), range(4))
    for extra in range(2, MAX_PACKS):
        pack(range(extra, extra + 1), range(2 * extra, 2 * extra + 2))
    return tuple(cards)


ALL_CARDS: tuple[Card, ...] = _build_cards()
DECK: tuple[Card, ...] = ALL_CARDS[:108]  # R-DECK: 108 cards, ids 0..107


def deck_of(packs: int) -> tuple[Card, ...]:
    """The physical cards of a game with `packs` packs (V-PACKS): 54 per pack."""
    if not 2 <= packs <= MAX_PACKS:
        raise ValueError(f"packs must be 2..{MAX_PACKS}, not {packs}")
    return ALL_CARDS[: 54 * packs]


# Face-card (copy 0) per face string, for fast lookup.
FACES: dict[str, Card] = {c.face: c for c in DECK if c.copy == 0}
for _c in DECK:
    object.__setattr__(_c, "face_card", FACES[_c.face])
for _c in ALL_CARDS:
    object.__setattr__(_c, "face_card", FACES[_c.face])
COPIES_OF_FACE: dict[str, int] = {}
for _c in DECK:
    COPIES_OF_FACE[_c.face] = COPIES_OF_FACE.get(_c.face, 0) + 1


def copies_of_face(packs: int) -> dict[str, int]:
    """How many copies of each face a game of `packs` packs holds (V-PACKS)."""
    counts: dict[str, int] = {}
    for card in deck_of(packs):
        counts[card.face] = counts.get(card.face, 0) + 1
    return counts


def parse_cards(text: str) -> list[Card]:
    """Parse a space-separated card list into face cards (copy 0)."""
    return [Card.parse(tok) for tok in text.split()]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(c.face for c in cards)


def sort_key(card: Card) -> tuple[int, int]:
    """Display order: by rank, wild cards last, then suit."""
    rank = card.rank
    order = 20 if rank == Rank.JOKER else 19 if rank == Rank.TWO else int(rank)
    return (order, -1 if card.suit is None else int(card.suit))
