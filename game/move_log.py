"""The deal in words: every move as the player at the table saw it, newest first.

The table feeds the engine's events in (`record`); each becomes a `LogEntry`, a
message id with its data (seat, cards, counts), put into words only when shown,
so a language switch rewrites the whole log at once. What the player may not see
stays hidden: another seat's draw is "drew a card" (events.public_view), and the
deal's hands are never listed.

    log = MoveLog(viewer=0)
    log.record(events)
    log.record(events, at=[2.0, 2.4])  # each event's entries shown once the table's clock says so
    log.show_due(clock)           # ... (its cards start to move then: see TableScene.show_events)
    log = MoveLog.of_game(game, viewer=0)  # a resumed game's log, from its seed and moves
    for entry in log.newest_first():
        entry.text(names)         # "West discarded 9♣"
    log.last_action(seat=1)       # what West did last, for the seat's label (of what is shown)
    log.explain(seat=1, reason)   # a bot's one-line why (game/bots/reasons.py)
    log.saved_reasons()           # "14=no-points:points=95" (a save keeps them)
    entry.full_text(names)        # 'North answered “May I go out?”: no. "I hold 95 points I can still meld."'

No pygame here: the scenes draw it, the tests read it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from game.bots.reasons import BotReason
from game.hints import card_list, card_name, rank_plural
from game.i18n import N_, _, join_sentences
from game.rules import Card, Game, Rank
from game.rules import events as ev
from game.rules.melds import MeldKind
from game.rules.moves import whole_number
from game.rules.variants import Variant

REASONS = {
    "went-out": N_("The deal ends: {name} went out."),
    "stock-exhausted": N_("The deal ends: the stock ran out."),
    "last-red-three": N_("The deal ends: the last card of the stock was a red three."),
}


TAKE_PILE = N_("{name} took the pile: the {card} and {n} more cards.")
TAKE_PILE_ONE = N_("{name} took the pile: the {card} and one more card.")
TAKE_TOP_ONLY = N_("{name} took the pile: the {card}, all it held.")
# V-HF-TAKE: the cards taken in all first, as the seat's label counts them ("took 6 cards of
# the pile" by "took the 6♣ and the next 5 cards" read as two takes: play-test, stop 59).
# (A no-break space keeps the count with "next": "the next / 6." broke in the log panel.)
TAKE_SOME = N_("{name} took {total} cards of the pile: the {card} and the next\u00a0{n}.")
TAKE_SOME_ONE = N_("{name} took 2 cards of the pile: the {card} and the next\u00a0one.")
# A canasta of each kind (Melded/CanastaMade carry the kind; the variant names it).
CANASTA_MADE = {
    ("group", True): N_("{side}: a natural canasta of {ranks}!"),
    ("group", False): N_("{side}: a mixed canasta of {ranks}!"),
    ("book", True): N_("{side}: a clean book of {ranks}!"),
    ("book", False): N_("{side}: a dirty book of {ranks}!"),
    ("sambas", True): N_("{side}: a samba!"),
    ("escaleras", True): N_("{side}: an escalera!"),
    ("wild", True): N_("{side}: a bolivia!"),
}
# The answer names the question: after Continue no bubble shows it, and the partner's
# label keeps the answer long after the asker's has moved on.
ANSWERED_YES = N_("{name} answered “May I go out?”: yes.")
ANSWERED_NO = N_("{name} answered “May I go out?”: no.")
ASKED = N_("{name} asked: “May I go out?”")  # (the player's label says it too while the answer waits)
# A bot's why after its move, in its own words (first person). Straight quotes: a line with a
# suit symbol is drawn in the CJK font, whose curly quotes are full-width (a wide gap).
REASON_QUOTED = N_('"{reason}"')
TAKES = (TAKE_PILE, TAKE_PILE_ONE, TAKE_TOP_ONLY, TAKE_SOME, TAKE_SOME_ONE)
EXPLAINABLE = frozenset({*TAKES, ANSWERED_YES, ANSWERED_NO})  # moves a bot may explain
DREW_HIDDEN = N_("{name} drew a card.")
DREW_SOME_HIDDEN = N_("{name} drew {n} cards.")  # a draw of two (two-hand, the Samba family)
TURN_START = frozenset({DREW_HIDDEN, DREW_SOME_HIDDEN, N_("{name} drew {card}.")})
# A seat's label after a take of the pile and more: the take in short, then the newest move
# (each without the name: the tag beside it says who).
TOOK_PILE_NOTE = N_("took the pile ({n} cards)")
TOOK_PILE_NOTE_ONE = N_("took the pile (1 card)")
TOOK_SOME_NOTE = N_("took {n} cards of the pile")  # V-HF-TAKE: the top card and the next six at most
TOOK_THEN = N_("{took}, then {did}")
# A seat's label after the card drawn for a red three it laid: the red three said too. "drew a
# card" alone stood by a seat that had laid a dealt red three and not yet played, as if it had
# taken a turn out of order (five-hand and two-hand play-test, stop 53).
RED_THREE_LAID = N_("{name} laid the red three {card}.")
RED_THREE_REPLACED = N_("{did}, and drew a card in its place")


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
    count: int = 0  # cards taken with the pile, or drawn unseen by another seat
    rank: Rank | None = None
    side: int | None = None
    acted: bool = True  # False: `seat` is only named (who went out, in the deal's end)
    reason: BotReason | None = None  # a bot's why, for an answer or a big take

    @property
    def explainable(self) -> bool:
        return self.msgid in EXPLAINABLE

    def text(self, names: Names) -> str:
        return _(self.msgid).format(
            name=names.seat_name(self.seat) if self.seat is not None else "",
            side=names.side_name(self.side) if self.side is not None else "",
            cards=card_list(self.cards),
            card=card_name(self.cards[0]) if self.cards else "",
            n=self.count,
            total=self.count + 1,  # (a take: the top card and the cards under it)
            ranks=rank_plural(self.rank) if self.rank is not None else "",
        )

    def reason_text(self) -> str | None:
        """The bot's reason in words (current language), or None."""
        return self.reason.text(_) if self.reason is not None else None

    def full_text(self, names: Names) -> str:
        """The entry with the bot's reason after it, for the log panel: in quotes, the bot's
        own words (its "my hand", "I hold" after "North took the pile" read as the player's)."""
        why = self.reason_text()
        if why is None:
            return self.text(names)
        return join_sentences((self.text(names), _(REASON_QUOTED).format(reason=why)))


def _take_words(more: int, part: bool) -> str:
    """The take's sentence for `more` cards beside the top one ("1 more cards" read badly,
    "and 0 more cards" worse); `part`: Hand and Foot's take of some of the pile."""
    if part and more:  # (a pile of its top card alone: taken whole, "all it held")
        return TAKE_SOME_ONE if more == 1 else TAKE_SOME
    return TAKE_TOP_ONLY if more == 0 else TAKE_PILE_ONE if more == 1 else TAKE_PILE


def _one_draw(last: LogEntry, entry: LogEntry) -> bool:
    """`entry` is a hidden card drawn right after `last`, another by the same seat."""
    return entry.msgid == DREW_HIDDEN and last.msgid in (DREW_HIDDEN, DREW_SOME_HIDDEN) and last.seat == entry.seat


MAX_LATER = 10_000  # a reason's place past this is no entry of a deal (a save edited by hand)


class MoveLog:
    """The current deal's entries, as seen from `viewer`'s seat; `rules` (the variant) names
    the Samba family's melds (a samba or an escalera, books, taking part of the pile)."""

    def __init__(self, viewer: int, rules: Variant | None = None) -> None:
        self.viewer = viewer
        self.rules = rules
        self.entries: list[LogEntry] = []  # every move so far (what saves and reasons count)
        self.turn = 1
        # When each of the newest entries is to show (the table's clock), oldest first: a move
        # is said as its cards start to move, not before (record's `at`, show_due).
        self.due: list[float] = []
        # Reasons a save kept for entries not in the log yet: the moves the screen had not
        # shown when the app closed, played again after Continue (restore_reasons).
        self.later: dict[int, BotReason] = {}

    def record(self, events: Iterable[ev.Event], at: Sequence[float] | None = None) -> list[LogEntry]:
        """Add what `events` show (a new deal starts a new log); returns the new entries.
        `at`: when each event is seen (the table's clock); its entries show from then on
        (`show_due`), in order; without it, at once."""
        added: list[LogEntry] = []
        due: list[float] = []
        for index, event in enumerate(events):
            event = ev.public_view(event, self.viewer)
            if isinstance(event, ev.Dealt):
                self.entries.clear()
                self.due.clear()
                self.later.clear()
                self.turn = 1
            entry = self._entry(event)
            last = added[-1] if added else None
            if entry is not None and last is not None and _one_draw(last, entry):
                # Another seat's draw of two is one line (its label said "drew a card").
                self.entries[-1] = added[-1] = replace(last, msgid=DREW_SOME_HIDDEN, count=max(1, last.count) + 1)
            elif entry is not None:
                self.entries.append(entry)
                added.append(entry)
                due.append(at[index] if at is not None else -math.inf)
            if isinstance(event, ev.TurnPassed):
                self.turn += 1
        if at is not None or self.due:  # (entries without a time wait behind those still due)
            self.due += due
        if self.later:
            self._give_reasons()
        return added

    def show_due(self, clock: float) -> None:
        """Show the entries whose time has come (`clock`: the table's), in order."""
        shown = 0
        while shown < len(self.due) and self.due[shown] <= clock:
            shown += 1
        del self.due[:shown]

    def show_all(self) -> None:
        """Every entry shows now (the cards were put in place at once)."""
        self.due.clear()

    @property
    def shown(self) -> list[LogEntry]:
        """The entries the table shows: every move whose cards have started to move."""
        return self.entries[: len(self.entries) - len(self.due)] if self.due else self.entries

    @classmethod
    def of_game(cls, game: Game, viewer: int) -> MoveLog:
        """The log of `game`'s current deal as `viewer` saw it, rebuilt by replaying the
        game from its seed and moves (a resumed game: the save holds nothing else)."""
        log = cls(viewer, game.config.rules)
        replay = Game(game.config, game.seed, game.first_dealer)
        log.record(replay.last_deal_events)
        for move in game.history:
            log.record(replay.apply(move))
        while replay.deal_number < game.deal_number:  # a deal begun with no move yet (Next deal, then saved)
            log.record(replay.next_deal())
        return log

    def newest_first(self) -> list[LogEntry]:
        """The entries shown, newest first."""
        return self.shown[::-1]

    def last_action(self, seat: int) -> LogEntry | None:
        """The newest entry shown of `seat` (what its label says it did last)."""
        return next((entry for entry in reversed(self.shown) if entry.seat == seat and entry.acted), None)

    def seat_note(self, seat: int, names: Names) -> str | None:
        """What `seat`'s label says it did last (without its name: `names` names it as the
        tag does, by nothing): its newest move, after its take of the pile when it took the
        pile earlier in the same turn ("took the pile (9 cards), then discarded 3♣": the pile
        changed with the take, and a discard said alone hid it). None: nothing yet."""
        entry = self.last_action(seat)
        if entry is None:
            return None
        did = entry.text(names).strip().rstrip(".。")
        if entry.msgid == DREW_HIDDEN:  # the card for a red three laid just before it?
            shown = self.shown
            at = next(i for i in range(len(shown) - 1, -1, -1) if shown[i] is entry)
            laid = shown[at - 1] if at > 0 else None
            if laid is not None and laid.seat == seat and laid.msgid == RED_THREE_LAID:
                return _(RED_THREE_REPLACED).format(did=laid.text(names).strip().rstrip(".。"))
        take = next(
            (
                e
                for e in reversed(self.shown)
                if e.seat == seat and e.acted and e.turn == entry.turn and e.msgid in TAKES
            ),
            None,
        )
        if take is None or take is entry:
            return did
        total = take.count + 1  # (the top card and the cards under it)
        if take.msgid in (TAKE_SOME, TAKE_SOME_ONE):
            took = _(TOOK_SOME_NOTE).format(n=total)
        else:
            took = _(TOOK_PILE_NOTE_ONE) if total == 1 else _(TOOK_PILE_NOTE).format(n=total)
        return _(TOOK_THEN).format(took=took, did=did)

    def explain(self, seat: int, reason: BotReason | None) -> bool:
        """Attach a bot's reason to its newest answer or pile taking in this deal
        (the move it just played); False when there is none to attach it to."""
        if reason is None:
            return False
        for index in range(len(self.entries) - 1, -1, -1):
            entry = self.entries[index]
            if entry.seat == seat and entry.acted:
                if entry.explainable:
                    self.entries[index] = replace(entry, reason=reason)
                    return True
                if entry.msgid in TURN_START:
                    return False  # the seat's move this turn was not one to explain
        return False

    def saved_reasons(self) -> str:
        """The bots' reasons in this deal's log as text for a save: `index=code` words,
        the entry's place in the log and the reason's code (`BotReason.code`)."""
        words = [f"{i}={e.reason.code}" for i, e in enumerate(self.entries) if e.reason is not None]
        return " ".join(words + [f"{i}={reason.code}" for i, reason in sorted(self.later.items())])

    def restore_reasons(self, text: object) -> None:
        """Put back the reasons `saved_reasons` wrote, once the log has been rebuilt from
        the same moves (the entries are the same, in the same places). A word that names
        no reason, or no explainable entry, is left out. A word past the log's end waits
        for its entry (`later`: a move the screen had not shown, played again at Continue)."""
        for word in text.split() if isinstance(text, str) else ():
            place, _equals, code = word.partition("=")
            reason = BotReason.from_code(code)
            index = whole_number(place)
            if reason is None or index is None or index > MAX_LATER:
                continue
            self.later[index] = reason
        self._give_reasons()

    def _give_reasons(self) -> None:
        """The reasons waiting for entries the log now has go to them (when they may carry one)."""
        for index in [i for i in self.later if i < len(self.entries)]:
            reason = self.later.pop(index)
            entry = self.entries[index]
            if entry.explainable and entry.seat is not None:
                self.entries[index] = replace(entry, reason=reason)

    def _entry(self, event: ev.Event) -> LogEntry | None:
        turn = self.turn
        if isinstance(event, ev.Dealt):
            return LogEntry(turn, event.dealer, N_("{name} dealt."))
        if isinstance(event, ev.UpcardTurned):
            return LogEntry(turn, None, N_("The upcard is {card}."), (event.card,))
        if isinstance(event, ev.Drew):
            return LogEntry(turn, event.seat, N_("{name} drew {card}."), (event.card,))
        if isinstance(event, ev.HiddenDraw):
            return LogEntry(turn, event.seat, DREW_HIDDEN)
        if isinstance(event, ev.RedThreeLaid):
            msgid = N_("{name} laid the red three {card} (from the pile).") if event.from_pile else RED_THREE_LAID
            return LogEntry(turn, event.seat, msgid, (event.card,), side=event.side)
        if isinstance(event, ev.PileTaken):
            part = self.rules is not None and self.rules.take_next > 0
            return LogEntry(
                turn,
                event.seat,
                _take_words(len(event.cards), part),
                (event.top,),
                count=len(event.cards),
            )
        if isinstance(event, ev.Melded):
            return LogEntry(turn, event.seat, _melded(event), tuple(event.cards), rank=event.rank, side=event.side)
        if isinstance(event, ev.CanastaMade):
            msgid = CANASTA_MADE[canasta_kind(event.kind, event.natural, self.rules)]
            return LogEntry(turn, None, msgid, rank=event.rank, side=event.side)
        if isinstance(event, ev.FootPickedUp):
            return LogEntry(turn, event.seat, N_("{name} picked up the foot ({n} cards)."), count=event.size)
        if isinstance(event, ev.Discarded):
            return LogEntry(turn, event.seat, N_("{name} discarded {card}."), (event.card,))
        if isinstance(event, ev.Asked):
            return LogEntry(turn, event.seat, ASKED)
        if isinstance(event, ev.Answered):
            msgid = ANSWERED_YES if event.yes else ANSWERED_NO
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


def _melded(event: ev.Melded) -> str:
    """A meld laid or added to, by its kind (sequences and wild melds: the Samba family)."""
    if event.kind is MeldKind.SEQUENCE:
        return (
            N_("{name} melded the sequence {cards}.") if event.new_meld else N_("{name} extended a sequence: {cards}.")
        )
    if event.kind is MeldKind.WILD:
        return (
            N_("{name} melded wild cards alone: {cards}.")
            if event.new_meld
            else N_("{name} added {cards} to a wild meld.")
        )
    return N_("{name} melded {cards}.") if event.new_meld else N_("{name} added {cards} to the {ranks}.")


def canasta_kind(kind: MeldKind, natural: bool, rules: Variant | None) -> tuple[str, bool]:
    """The key of CANASTA_MADE for a canasta of `kind`: a group canasta (a book in Hand and
    Foot), a samba or an escalera (as the variant calls a sequence of seven), a bolivia."""
    if kind is MeldKind.SEQUENCE:
        return ("escaleras" if rules is not None and rules.sequence_name == "escaleras" else "sambas", True)
    if kind is MeldKind.WILD:
        return ("wild", True)
    return ("book" if rules is not None and rules.group_max else "group", natural)
