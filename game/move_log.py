"""The deal in words: every move as the player at the table saw it, newest first.

The table feeds the engine's events in (`record`); each becomes a `LogEntry`, a
message id with its data (seat, cards, counts), put into words only when shown,
so a language switch rewrites the whole log at once. What the player may not see
stays hidden: another seat's draw is "drew a card" (events.public_view), and the
deal's hands are never listed.

    log = MoveLog(viewer=0)
    log.record(events)
    log = MoveLog.of_game(game, viewer=0)  # a resumed game's log, from its seed and moves
    for entry in log.newest_first():
        entry.text(names)         # "West discarded 9♣"
    log.last_action(seat=1)       # what West did last, for the seat's label

No pygame here: the scenes draw it, the tests read it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from game.hints import card_list, card_name
from game.i18n import N_, _
from game.rules import Card, Game, Rank
from game.rules import events as ev

REASONS = {
    "went-out": N_("The deal ends: {name} went out."),
    "stock-exhausted": N_("The deal ends: the stock ran out."),
    "last-red-three": N_("The deal ends: the last card of the stock was a red three."),
}


class Names(Protocol):
    """How the table names seats and sides (in the current language)."""

    def seat_name(self, seat: int) -> str: ...
    def side_name(self, side: int) -> str: ...


@dataclass(frozen=True)
class LogEntry:
    """One line of the log: `msgid` formatted with the entry's data when shown."""

    turn: int  # the deal's turn number, from 1
    seat: int | None  # who acted (None: the table itself, e.g. the upcard)
    msgid: str
    cards: tuple[Card, ...] = ()
    count: int = 0  # cards taken with the pile
    rank: Rank | None = None
    side: int | None = None
    acted: bool = True  # False: `seat` is only named (who went out, in the deal's end)

    def text(self, names: Names) -> str:
        return _(self.msgid).format(
            name=names.seat_name(self.seat) if self.seat is not None else "",
            side=names.side_name(self.side) if self.side is not None else "",
            cards=card_list(self.cards),
            card=card_name(self.cards[0]) if self.cards else "",
            n=self.count,
            rank=self.rank.symbol if self.rank is not None else "",
        )


class MoveLog:
    """The current deal's entries, as seen from `viewer`'s seat."""

    def __init__(self, viewer: int) -> None:
        self.viewer = viewer
        self.entries: list[LogEntry] = []
        self.turn = 1

    def record(self, events: Iterable[ev.Event]) -> list[LogEntry]:
        """Add what `events` show (a new deal starts a new log); returns the new entries."""
        added: list[LogEntry] = []
        for event in events:
            event = ev.public_view(event, self.viewer)
            if isinstance(event, ev.Dealt):
                self.entries.clear()
                self.turn = 1
            entry = self._entry(event)
            if entry is not None:
                self.entries.append(entry)
                added.append(entry)
            if isinstance(event, ev.TurnPassed):
                self.turn += 1
        return added

    @classmethod
    def of_game(cls, game: Game, viewer: int) -> MoveLog:
        """The log of `game`'s current deal as `viewer` saw it, rebuilt by replaying the
        game from its seed and moves (a resumed game: the save holds nothing else)."""
        log = cls(viewer)
        replay = Game(game.config, game.seed, game.first_dealer)
        log.record(replay.last_deal_events)
        for move in game.history:
            log.record(replay.apply(move))
        return log

    def newest_first(self) -> list[LogEntry]:
        return self.entries[::-1]

    def last_action(self, seat: int) -> LogEntry | None:
        """The newest entry of `seat` (what its label says it did last)."""
        return next((entry for entry in reversed(self.entries) if entry.seat == seat and entry.acted), None)

    def _entry(self, event: ev.Event) -> LogEntry | None:
        turn = self.turn
        if isinstance(event, ev.Dealt):
            return LogEntry(turn, event.dealer, N_("{name} dealt."))
        if isinstance(event, ev.UpcardTurned):
            return LogEntry(turn, None, N_("The upcard is {card}."), (event.card,))
        if isinstance(event, ev.Drew):
            return LogEntry(turn, event.seat, N_("{name} drew {card}."), (event.card,))
        if isinstance(event, ev.HiddenDraw):
            return LogEntry(turn, event.seat, N_("{name} drew a card."))
        if isinstance(event, ev.RedThreeLaid):
            msgid = (
                N_("{name} laid the red three {card} (from the pile).")
                if event.from_pile
                else N_("{name} laid the red three {card}.")
            )
            return LogEntry(turn, event.seat, msgid, (event.card,), side=event.side)
        if isinstance(event, ev.PileTaken):
            return LogEntry(
                turn,
                event.seat,
                N_("{name} took the pile: the {card} and {n} more cards."),
                (event.top,),
                count=len(event.cards),
            )
        if isinstance(event, ev.Melded):
            msgid = N_("{name} melded {cards}.") if event.new_meld else N_("{name} added {cards} to the {rank}s.")
            return LogEntry(turn, event.seat, msgid, tuple(event.cards), rank=event.rank, side=event.side)
        if isinstance(event, ev.CanastaMade):
            msgid = (
                N_("{side}: a natural canasta of {rank}s!")
                if event.natural
                else N_("{side}: a mixed canasta of {rank}s!")
            )
            return LogEntry(turn, None, msgid, rank=event.rank, side=event.side)
        if isinstance(event, ev.Discarded):
            return LogEntry(turn, event.seat, N_("{name} discarded {card}."), (event.card,))
        if isinstance(event, ev.Asked):
            return LogEntry(turn, event.seat, N_("{name} asked: “May I go out?”"))
        if isinstance(event, ev.Answered):
            msgid = N_("{name} answered: yes.") if event.yes else N_("{name} answered: no.")
            return LogEntry(turn, event.seat, msgid)
        if isinstance(event, ev.WentOut):
            msgid = N_("{name} went out, concealed!") if event.concealed else N_("{name} went out!")
            return LogEntry(turn, event.seat, msgid)
        if isinstance(event, ev.DealEnded):
            result = event.result
            went_out = getattr(result, "went_out", None)
            return LogEntry(
                turn,
                went_out if event.reason == "went-out" else None,
                REASONS.get(event.reason, N_("The deal ends.")),
                acted=False,
            )
        return None  # TurnPassed: the next entry's turn number says it
