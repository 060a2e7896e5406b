"""How the seats are named: compass names, "You", pass-and-play's "Player N" and the
names people typed (shown as typed, never through the catalogs), for the table, the score
sheet and the review alike."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.glyphs import shown_name
from game.i18n import N_, _, join_and
from game.player_names import clean_name
from game.rules import RulesConfig

PERSON_NAMES = (N_("Player 1"), N_("Player 2"), N_("Player 3"), N_("Player 4"), N_("Player 5"), N_("Player 6"))


def seat_names(config: RulesConfig, people: tuple[int, ...] = (0,)) -> dict[int, str]:
    """Seat -> name msgid (translated when shown, so a language switch applies at once):
    the one player is "You"; with several, "Player 1", "Player 2"... in seat order (a name
    typed for a seat goes over it: `typed_names`)."""
    names = dict(enumerate(config.rules.seat_names))
    if len(people) == 1:
        names[people[0]] = N_("You")
    elif len(people) > 1:
        for number, seat in enumerate(people):
            names[seat] = PERSON_NAMES[number]
    return names


def taken_names(names: Iterable[str]) -> set[str]:
    """Names (msgids) as a typed name must not match them: in English and as now shown."""
    return {shown.casefold() for name in names for shown in (name, _(name))}


def typed_names(config: RulesConfig, people: tuple[int, ...], typed: Sequence[str]) -> tuple[str, ...]:
    """Per seat, the name typed for it that the table shows as typed ("" where none): only
    for the people's seats of pass-and-play, and only a name like no other at the table (a
    second "Ann", or a person called "East" beside the bot East, from a hand-edited settings
    file: that seat keeps its "Player N", so no two seats, and no two records, share a name;
    names alike as shown, "Ann?" for two names kept from before with an emoji each, too)."""
    kept = [""] * config.players
    if len(people) < 2:
        return tuple(kept)
    taken = taken_names(seat_names(config, people).values())
    for seat in people:
        name = clean_name(typed[seat]) if seat < len(typed) else ""
        shown = shown_name(name).casefold()
        if name and shown not in taken:
            kept[seat] = name
            taken.add(shown)
    return tuple(kept)


def named_side(config: RulesConfig, seat: int, names: Sequence[str], typed: Sequence[str]) -> str:
    """`seat`'s side named as the table names it ("Anna", "Anna & Ben"), from a record's
    per-seat names (msgids) and typed names (the title's saved game, a recent deal); "" where
    its seat or names do not fit the table (an old or hand-edited record)."""
    if len(names) != config.players or not 0 <= seat < config.players:
        return ""
    kept = tuple(typed) if len(typed) == config.players else ()
    return SeatNames(config, tuple(names), typed=kept).side_name(config.side_of(seat))


@dataclass(frozen=True)
class SeatNames:
    """Seat and side names: msgids, translated when shown, or the names typed for
    pass-and-play's people, shown as typed."""

    config: RulesConfig
    names: tuple[str, ...]  # one per seat
    viewer: int = 0  # whose side is "Us"
    typed: tuple[str, ...] = ()  # per seat ("": none)

    def seat_name(self, seat: int) -> str:
        typed = self.typed[seat] if seat < len(self.typed) else ""
        return shown_name(typed) if typed else _(self.names[seat])

    def side_name(self, side: int) -> str:
        seats = self.config.seats_of_side(side)
        if not self.config.partnerships:
            return self.seat_name(seats[0])
        return join_and(self.seat_name(s) for s in seats)  # "West & East"; Chinese lists names with 、

    @classmethod
    def default(cls, config: RulesConfig, viewer: int = 0) -> SeatNames:
        names = list(config.rules.seat_names)
        names[viewer] = N_("You")
        return cls(config, tuple(names), viewer)
