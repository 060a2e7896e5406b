"""What the table's readers see of it: small typed interfaces over the table scene.

Each reader asks for the roles it needs, and no more: the answer prompt and the score
sheet the seats (`TableSeats`), the view (`table_view.TableView`) all of `TableSource`,
its hint and refusal panels (`table_panels.TablePanels`) `PanelsSource`.
None of them imports the scene (no import circle), and none changes what it reads.
Game facts come from the pygame-free controller's API (names, status, staging,
refusal, hint), presentation state from the scene (sprites, layout, buttons,
bubbles, banner, animated scores).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pygame import FRect

    from game.hints import Hint
    from game.move_log import MoveLog
    from game.note import Note
    from game.rules import Card, Game, Move, RulesConfig
    from game.scenes.animations import Animator, Words
    from game.scenes.drop_verdict import DropVerdict
    from game.scenes.hand_state import DropTarget, HandUI
    from game.scenes.table_input import HandController
    from game.scenes.table_layout import TableGeometry, TableLayout
    from game.scenes.tween import Tween
    from game.scenes.widgets import Button, WidgetGroup
    from game.session import StorageProblem
    from game.why_not import Refusal


class TableSeats(Protocol):
    """The game at the table, seen from the player's seat."""

    @property
    def game(self) -> Game: ...
    @property
    def config(self) -> RulesConfig: ...
    @property
    def human(self) -> int: ...
    @property
    def human_side(self) -> int: ...
    @property
    def people(self) -> tuple[int, ...]: ...  # the seats people play (none: watching the bots)
    def seat_name(self, seat: int) -> str: ...
    def side_name(self, side: int) -> str: ...


def at_screen(table: TableSeats, seat: int | None) -> bool:
    """A person plays `seat` at the screen now: the player's seat, when people play (watching
    the bots, nobody's: the bottom seat is a bot like the others)."""
    return seat == table.human and seat in table.people


def held_back(table: TableSeats, move: Move) -> tuple[bool, Note | None]:
    """Whether the table holds `move` back before the engine judges it, and the words it
    says then: the guided deal's filter at the screen (only the coach's move; its words), or
    moves a save still holds, played first (no words). The table's play and the drag's
    quiet drop (`dry_drop`) ask it alike."""
    move_filter = getattr(table, "move_filter", None)
    if move_filter is not None and at_screen(table, table.game.state.to_act):
        words = move_filter(move)
        if words is not None:
            return True, words
    return bool(getattr(table, "pending", None)), None


class TableStatus(Protocol):
    """What the table says: the turn's status, staging, the last message, refusal and hint."""

    @property
    def message(self) -> tuple[str, float, bool] | None: ...
    @property
    def refusal(self) -> Refusal | None: ...
    @property
    def hint(self) -> Hint | None: ...
    @property
    def hint_version(self) -> int: ...
    def status_text(self) -> str: ...
    def stage_info(self) -> tuple[int, int, str] | None: ...
    def hint_text(self) -> str: ...
    def held_mark(self) -> FRect | None: ...  # where a click held while the cards land aimed
    def drop_verdict(self, target: DropTarget) -> DropVerdict | None: ...  # a drop there, judged (PlayerMoves.verdict)
    def refused_drop(self) -> DropVerdict | None: ...  # ... where the pointer is, while it would be refused


class MoveLogPanel(Protocol):
    move_log: MoveLog  # what each seat did last, for its label
    log_open: bool  # the move log panel shows
    log_scroll: int  # entries scrolled past, newest first
    pile_open: bool  # the pile browser shows (in the log's place)
    pile_scroll: int  # its rows scrolled past, newest first

    @property
    def seen_pile(self) -> list[Card]: ...  # the pile as it is seen (Animator.seen), bottom first
    def pile_place(self) -> FRect: ...  # where the open pile browser lies (TableView.pile_place)


class TableScenery(Protocol):
    """The scene's own presentation state."""

    animator: Animator
    layout: TableLayout
    geometry: TableGeometry
    mouse: HandController
    buttons: WidgetGroup
    ask_button: Button
    bubbles: list[Any]  # table.Bubble: .widget (a SpeechBubble)
    banner: tuple[Words, float, object] | None  # what it says (put into words when drawn), seconds left, natural
    banner_high: bool
    shown_scores: list[Tween]
    card_back: str
    storage_problem: StorageProblem | None
    covered: FRect | None  # logical: a panel lying over part of the table (the coach's)


class TableSource(TableSeats, TableStatus, MoveLogPanel, TableScenery, Protocol):
    """Everything the view draws."""

    @property
    def ui(self) -> HandUI: ...
    @property
    def bot_thinking(self) -> bool: ...
    @property
    def seat_on_turn(self) -> int | None: ...  # whose turn shows (the mover's while its cards land)
