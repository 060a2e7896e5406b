"""Moves as small immutable values with the text notation of RULES.md section 11.

`Move.parse(str(m)) == m` for every move; `repr(m)` is executable.
Cards inside moves are faces (copy 0): the engine picks the physical copy.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from .cards import Card, Rank, sort_key
from .errors import NotationError
from .fast_init import store_fields_directly


class MoveKind(Enum):
    DRAW = "draw"
    TAKE = "take"
    MELD = "meld"
    DISCARD = "discard"
    ASK = "ask"
    YES = "yes"
    NO = "no"
    PASS = "pass"


@store_fields_directly
@dataclass(frozen=True, slots=True)
class Group:
    """Cards laid together. `rank` is the meld's rank: the rank of a group's naturals (or
    the rank it names), the lowest rank of a sequence (natural cards of several ranks, one
    suit: Samba, Bolivia), JOKER for wild cards that name no rank (a new wild meld in
    Bolivia; a take's own group before the top card gives its rank). `target` is the
    meld number of `+N:` (VARIANTS.md section 6), None when the group names no meld."""

    rank: Rank
    cards: tuple[Card, ...]

    @property
    def target(self) -> int | None:
        return None

    @staticmethod
    def to(rank: Rank, cards: tuple[Card, ...], target: int | None) -> Group:
        """A group, addressed to meld `target` when it is a number (`NumberedGroup`)."""
        return Group(rank, cards) if target is None else NumberedGroup(rank, cards, target)

    @classmethod
    def of(cls, cards: Iterable[Card], rank: Rank | None = None) -> Group:
        """A group of one rank (wild cards alone must name it), as the classic table
        builds them; NotationError for anything else."""
        faces = tuple(sorted((c.face_card for c in cards), key=sort_key))
        naturals = {c.rank for c in faces if not c.is_wild}
        if len(naturals) > 1:
            raise NotationError("a group holds cards of one rank only: " + " ".join(c.face for c in faces))
        if not naturals and rank is None:
            raise NotationError("a group of only wild cards must name its rank, e.g. 'K: D2'")
        return cls.parsed(faces, rank)

    @classmethod
    def parsed(cls, cards: Iterable[Card], rank: Rank | None = None, target: int | None = None) -> Group:
        """Any group the notation can write (VARIANTS.md section 6): also a sequence, wild
        cards naming no rank, and `+N:`. The engine judges what the variant allows."""
        faces = tuple(sorted((c.face_card for c in cards), key=sort_key))
        naturals = {c.rank for c in faces if not c.is_wild}
        if len(naturals) > 1:
            if rank is not None:
                raise NotationError(f"group named {rank.symbol} holds other ranks")
            return Group.to(faces[0].rank, faces, target)  # a sequence (if the variant has them), low to high
        if naturals:
            natural_rank = next(iter(naturals))
            if rank is not None and rank != natural_rank:
                raise NotationError(f"group named {rank.symbol} holds {natural_rank.plural}")
            rank = natural_rank
        elif rank is None:
            rank = Rank.JOKER  # wild cards alone: a wild meld, or an addition by number
        return Group.to(rank, faces, target)

    @property
    def wild_only(self) -> bool:
        return all(c.is_wild for c in self.cards)

    @property
    def is_run(self) -> bool:
        """Natural cards of more than one rank (a sequence)."""
        rank = self.rank
        for c in self.cards:  # (a loop: asked of every group a move lays)
            if c.rank != rank and not c.is_wild:
                return True
        return False

    def __str__(self) -> str:
        text = " ".join(c.face for c in self.cards)
        if self.target is not None:
            return f"+{self.target}: {text}" if text else f"+{self.target}:"
        return f"{self.rank.symbol}: {text}" if self.wild_only and self.rank != Rank.JOKER else text


@store_fields_directly
@dataclass(frozen=True, slots=True)
class NumberedGroup(Group):
    """A group that names the meld it goes to (`+N:`, VARIANTS.md section 6). A type of
    its own, so the rank-keyed variants' groups stay two-field values."""

    number: int

    @property
    def target(self) -> int | None:
        return self.number


@store_fields_directly
@dataclass(frozen=True, slots=True)
class Move:
    kind: MoveKind
    groups: tuple[Group, ...] = ()
    card: Card | None = None  # the discarded card

    # -- constructors -------------------------------------------------------
    @classmethod
    def draw(cls) -> Move:
        return _DRAW

    @classmethod
    def discard(cls, card: Card) -> Move:
        return cls(MoveKind.DISCARD, (), card.face_card)

    @classmethod
    def meld(cls, *groups: Group) -> Move:
        if not groups:
            raise NotationError("meld needs at least one group of cards")
        return cls(MoveKind.MELD, tuple(groups))

    @classmethod
    def take(cls, *groups: Group) -> Move:
        """`groups[0]` holds the hand cards melded with the top card (may be empty)."""
        return cls(MoveKind.TAKE, tuple(groups))

    # -- notation -----------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Move:
        if not isinstance(text, str):
            raise NotationError(f"a move is text, not {type(text).__name__}")
        words = text.strip().split(None, 1)
        if not words:
            raise NotationError("empty move")
        verb = words[0].lower()
        rest = words[1].replace(":", ": ") if len(words) > 1 else ""  # `K:D2` and `+0:H7` read as `K: D2`, `+0: H7`
        simple = {
            "draw": MoveKind.DRAW,
            "ask": MoveKind.ASK,
            "yes": MoveKind.YES,
            "no": MoveKind.NO,
            "pass": MoveKind.PASS,
        }
        if verb in simple:
            if rest.strip():
                raise NotationError(f"'{verb}' takes no cards")
            return cls(simple[verb])
        if verb == "discard":
            tokens = rest.split()
            if len(tokens) != 1:
                raise NotationError("discard names exactly one card, e.g. 'discard C5'")
            return cls.discard(Card.parse(tokens[0]))
        if verb == "meld":
            groups = _parse_groups(rest)
            if not groups or any(not g.cards for g in groups):
                raise NotationError("meld needs cards in every group, e.g. 'meld HA CA D2'")
            return cls(MoveKind.MELD, tuple(groups))
        if verb == "take":
            if not rest.strip():
                return cls(MoveKind.TAKE, ())
            parts = rest.split("/")
            first = parts[0].split()
            target, first = _target(first)  # `take +N:` adds the top card to meld N
            groups = [_parse_take_group(first, target)] if first or target is not None else []
            more = _parse_groups("/".join(parts[1:])) if len(parts) > 1 else []
            if len(parts) > 1 and (not more or any(not g.cards for g in more)):
                raise NotationError("empty group after '/' in take")
            if not groups and more:
                raise NotationError("further groups need the take's own cards first")
            return cls(MoveKind.TAKE, tuple(groups + more))
        raise NotationError(f"unknown move {verb!r} (draw, take, meld, discard, ask, yes, no, pass)")

    def __str__(self) -> str:
        kind = self.kind
        if kind is MoveKind.DISCARD:
            return f"discard {self.card.face}"  # type: ignore[union-attr]
        if kind is MoveKind.MELD:
            return "meld " + " / ".join(str(g) for g in self.groups)
        if kind is MoveKind.TAKE:
            if not self.groups:
                return "take"
            own = self.groups[0]
            first = " ".join(c.face for c in own.cards)
            if own.target is not None:
                first = f"+{own.target}: {first}" if first else f"+{own.target}:"
            rest = [str(g) for g in self.groups[1:]]
            return "take " + " / ".join([first] + rest)
        return str(kind.value)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @property
    def take_cards(self) -> tuple[Card, ...]:
        """Hand cards of a take that meld the top card."""
        return self.groups[0].cards if self.kind is MoveKind.TAKE and self.groups else ()

    @property
    def laid_groups(self) -> tuple[Group, ...]:
        """Groups laid from the hand apart from a take's own group."""
        return self.groups[1:] if self.kind is MoveKind.TAKE else self.groups


_DRAW = Move(MoveKind.DRAW)


MAX_MELD_NUMBER = 999  # far beyond any side's number of melds


def whole_number(text: str, most_digits: int | None = None, *, signed: bool = False) -> int | None:
    """`text` as a whole number written in ASCII digits (after one `-` when `signed`), of at
    most `most_digits` digits; None for anything else. (`str.isdigit` also takes '²', '①' and
    other scripts' digits, which `int` refuses or reads: notation and our files are ASCII.)"""
    digits = text.removeprefix("-") if signed else text
    if not (digits.isascii() and digits.isdigit()) or (most_digits is not None and len(digits) > most_digits):
        return None
    return int(text)


def _target(tokens: list[str]) -> tuple[int | None, list[str]]:
    """`+N:` at the head of a group (VARIANTS.md section 6): (N, the other tokens)."""
    if not tokens or not tokens[0].startswith("+"):
        return None, tokens
    head, rest = tokens[0], tokens[1:]
    if head.endswith(":"):
        number = head[1:-1]
    elif rest and rest[0] == ":":
        number, rest = head[1:], rest[1:]
    else:
        raise NotationError(f"a meld number is written '+N:', not {head!r}")
    value = whole_number(number)
    if value is None or value > MAX_MELD_NUMBER:
        raise NotationError(f"a meld number is written '+N:' with N a number from 0, not {head!r}")
    return value, rest


def _parse_take_group(tokens: list[str], target: int | None = None) -> Group:
    cards = tuple(sorted((Card.parse(t) for t in tokens), key=sort_key))
    naturals = {c.rank for c in cards if not c.is_wild}
    if len(naturals) > 1:
        raise NotationError("the take's cards must all match the top card's rank")
    # The rank of the take group is fixed by the pile's top card when applied;
    # JOKER marks "not known yet" for a group of only wild cards.
    rank = next(iter(naturals)) if naturals else Rank.JOKER
    return Group.to(rank, cards, target)


# A way to go out this turn (the going-out planners of game/rules/movegen.py and
# game/rules/family_moves.py): the groups of one meld move, and the card to discard
# after it (None: the meld lays every card).
Plan = tuple[list[Group], Card | None]


def _parse_groups(text: str) -> list[Group]:
    groups = []
    for part in text.split("/"):
        target, tokens = _target(part.split())
        rank = None
        if target is not None:
            pass
        elif tokens and tokens[0].endswith(":"):
            rank = Rank.parse(tokens[0][:-1])
            tokens = tokens[1:]
        elif len(tokens) >= 2 and tokens[1] == ":":
            rank = Rank.parse(tokens[0])
            tokens = tokens[2:]
        if rank is not None and not (rank.meldable or rank is Rank.THREE):  # threes: R-BLACK3 judges
            raise NotationError(f"no meld of rank {rank.symbol}")
        cards = [Card.parse(t) for t in tokens]
        if not cards:
            raise NotationError("empty group")
        groups.append(Group.parsed(cards, rank, target))
    return groups
