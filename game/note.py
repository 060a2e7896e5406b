"""A short note the table says above the hand, as data: a message id and what fills it in,
put into words each time it is drawn, so that a language switch rewords a note on screen
at once (a note made into English text when it was said stayed English over a table gone
Chinese, as the banners did before `animations.Words`).

    said = note(N_("{name} is playing: your turn comes next."), name=SeatName(1))
    table.say(said)
    said.text(table)  # "West is playing: your turn comes next."; in Chinese "西家正在出牌：接下来轮到你。"

What fills a note in is data too, named when drawn (`said_value`): a seat (`SeatName`, by
the table's names of the moment), a card, cards, a rank ({ranks}: in the plural), or
anything that says itself (`Wording`: `text()` in the current language). Numbers and
other values show as they are. The table's own refusals (`why_not.Refusal`) keep their
arguments so too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from game.i18n import _
from game.rules import Card, Rank


class SeatNaming(Protocol):
    """How the table names a seat now (in the current language; a typed name as typed)."""

    def seat_name(self, seat: int) -> str: ...


@runtime_checkable
class Wording(Protocol):
    """A value that says itself in the current language (game.scenes.table_facts.OutNeed)."""

    def text(self) -> str: ...


@dataclass(frozen=True)
class SeatName:
    """A seat, named as the table names it when the note is drawn ("West", 西家, "Ann")."""

    seat: int


NoteArg = str | int | Card | Rank | tuple[Card, ...] | SeatName | Wording


def said_value(name: str, value: object) -> object:
    """An argument of a message as the current language says it: a card by its name, cards
    as a list, a rank under {ranks} in the plural (else in the singular), a `Wording` in its
    words; anything else as it is (a seat needs the table's names: `Note.text`)."""
    from game.hints import card_list, card_name, rank_plural, rank_singular

    if isinstance(value, Card):
        return card_name(value)
    if isinstance(value, Rank):
        return rank_plural(value) if name == "ranks" else rank_singular(value)
    if isinstance(value, tuple) and value and all(isinstance(card, Card) for card in value):
        return card_list(value)
    if isinstance(value, Wording):
        return value.text()
    return value


def said_values(args: Mapping[str, object]) -> dict[str, object]:
    """`said_value` of each argument."""
    return {name: said_value(name, value) for name, value in args.items()}


@dataclass(frozen=True)
class Note:
    """A note as data: its message id (marked N_ where it is written, for the catalogs) and
    its arguments, in words when drawn (`text`)."""

    msgid: str
    args: tuple[tuple[str, NoteArg], ...] = ()

    def text(self, names: SeatNaming) -> str:
        """The note in the current language, its seats named as `names` names them now."""
        if not self.args:
            return _(self.msgid)
        shown = {
            name: names.seat_name(value.seat) if isinstance(value, SeatName) else said_value(name, value)
            for name, value in self.args
        }
        return _(self.msgid).format(**shown)


def note(msgid: str, **args: NoteArg) -> Note:
    """A `Note` of `msgid` (write it N_("..."), so the catalogs list it) filled in by `args`."""
    return Note(msgid, tuple(args.items()))
