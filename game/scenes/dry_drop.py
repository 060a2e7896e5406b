"""A drop tried without consequence: what letting the dragged cards go where the pointer is
would do, asked of the very code that does it (`PlayerMoves.drop`), on a stand-in for the
table controller (`DryTable`) that changes nothing. No pygame.

The stand-in reads the real table (the game, the rules, the legal moves, the hint, the
seats) but keeps its own copy of the hand's state (selection, staged groups), shows
nothing, plays no sound and tells no host: a move the drop would play is tried on a copy
of the engine's state, which the engine judges (its `IllegalMove`: rule id, message id,
arguments), and a refusal or a note the drop would show is kept, as data, in the
`DropVerdict`. The drag preview shows that verdict before the player lets go: the ring
over the target in the refusing colour and the reason, or the cards that go.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from game.note import Note
from game.rules import Card, IllegalMove, Move, NotationError
from game.scenes.drop_verdict import DropVerdict
from game.scenes.hand_state import HandUI, shown_hand
from game.scenes.table_host import NoHost
from game.scenes.table_source import held_back
from game.why_not import NO_MELD_OF_THOSE, Refusal

if TYPE_CHECKING:
    from game.scenes.moves_table import MovesTable


def copy_ui(ui: HandUI) -> HandUI:
    """The hand's state as a copy the drop may change (its cards are the same cards)."""
    return replace(
        ui,
        order=list(ui.order),
        selected=set(ui.selected),
        staged=[list(group) for group in ui.staged],
        staged_onto=list(ui.staged_onto),
        dragging=list(ui.dragging),
        following=list(ui.following),
        hinted=set(ui.hinted),
        taken=set(ui.taken),
        hold=None if ui.hold is None else dict(ui.hold),
    )


class DryTable:
    """The table controller for a drop tried quietly (see the module's words). What the
    player's moves read comes from the real one; what they would change, show or play is
    kept here: `played` (a move the engine accepted on a copy), `refusal`, `note`, and the
    copy of the hand's state (`ui`), whose staged groups tell whether cards were staged."""

    def __init__(self, table: MovesTable) -> None:
        self._table = table
        self.ui = copy_ui(table.ui)
        self.host = NoHost()  # (nothing re-placed, no dialog asked: a risky discard is judged as played)
        self.played = False
        self.refusal: Refusal | None = None
        self.note: Note | None = None
        self.warn = False  # (the note's look: a warning in the refusal's colour, or quiet)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._table, name)

    # -- the hand, from the copy of its state -------------------------------------------------
    def hand_cards(self) -> list[Card]:
        return shown_hand(self._table.game.state.hands[self._table.human], self.ui)

    def selected_cards(self) -> list[Card]:
        return [card for card in self.hand_cards() if card in self.ui.selected]

    # -- what the drop would show or play, kept ----------------------------------------------
    def say(self, said: Note, warn: bool = True, seconds: float = 4.0) -> None:
        self.note, self.warn = said, warn

    def say_waiting(self, said: Note) -> None:
        self.note, self.warn = said, False

    def refuse(self, msgid: str, rule: str | None = None, **args: Any) -> None:
        self.refusal = Refusal(rule, None, msgid, args, self._table.config.rules)

    def refuse_error(self, error: IllegalMove) -> None:
        self.refusal = Refusal(error.rule, error, rules=self._table.config.rules)

    def play(self, move: Move, held: Sequence[Card] = ()) -> bool:
        """TableController.play's judgement without its consequences: the guided deal's
        filter, the moves a save still holds, then the engine, on a copy of its state."""
        withheld, words = held_back(self._table, move)
        if withheld:
            if words is not None:
                self.say(words, warn=True)  # (as TableController.play says it)
            return False
        try:
            self._table.game.state.copy().apply(move)
        except IllegalMove as error:
            self.refuse_error(error)
            return False
        except NotationError:  # (none comes: see NO_MELD_OF_THOSE)
            self.refuse(NO_MELD_OF_THOSE, "R-MELD")
            return False
        self.played = True
        return True

    def verdict(self) -> DropVerdict:
        """The drop's outcome, once it was tried on this stand-in."""
        staged = [list(group) for group in self._table.ui.staged]
        if self.refusal is None and (self.played or self.ui.staged != staged):
            return DropVerdict(True)
        if self.refusal is not None:
            return DropVerdict(False, self.refusal)
        return DropVerdict(False, None, self.note, self.note is not None and self.warn)

    def as_table(self) -> MovesTable:
        """This stand-in, as the player's moves take a table (it answers all they read)."""
        return cast("MovesTable", self)
