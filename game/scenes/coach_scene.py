"""The guided first deal at the table (#12): the table of game/coach.py's deal with a coach
panel. At each of the player's turns the coach lights the cards and the target (the hint's
rings), says what to do and why, names the rule the move teaches, and refuses any other
move with a friendly word. The panel sits at the top right, away from the hand, the stock,
the pile and our melds, which are all it ever points at; no free place on the table holds
it, so the table makes room for it (TableGeometry's `covered`): the meld areas end short of
it, and East, whose place it is, sits as a block left of it. Leave (back to the menu) and
Start again are on the panel; after the deal the game goes on unguided.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.coach import COACH_LEVELS, COACH_SEED, TOPICS, Step, coached_deal, is_lesson_deal, same_move
from game.i18n import N_, _
from game.note import Note, note
from game.rules import GameState, Move, Phase
from game.scenes import theme
from game.scenes.layout import Ruler
from game.scenes.menu_widgets import TextButton
from game.scenes.review_scene import move_words
from game.scenes.shapes import draw_panel
from game.scenes.table import TableScene
from game.scenes.text import blit_text
from game.scenes.widgets import Label, WidgetGroup

# East's place, below the top row of buttons and above the button column: the one place on
# the table 410 high (step 1's three rules take 281 of it, in English) that the pile's states
# (FROZEN, BLOCKED...) end short of; the table moves East out from under it (`covered`).
PANEL = pygame.FRect(984, 56, 284, 410)
# After the lesson's deal: the heading and the buttons alone, above East's tag and last move.
FOLDED = pygame.FRect(PANEL.x, PANEL.y, PANEL.width, 100)
BUTTON_BOTTOM = 48  # the buttons' top, above the panel's bottom
BODY_TOP = 46  # the body's top, under the heading
TOPIC_TEXT = {topic: (headline, why) for topic, headline, why in TOPICS}


@dataclass(frozen=True, eq=False)  # (one position: itself alone)
class LessonMove:
    """The move the lesson asks for, in words when a note saying it is drawn (`move_words`:
    a language switch rewords it)."""

    move: Move
    before: GameState

    def text(self) -> str:
        return move_words(self.move, self.before)


def topic_line(topic: str) -> str:
    """A rule the step teaches, in one line: its headline, then why."""
    headline, why = TOPIC_TEXT[topic]
    shown = _(headline)
    if shown.endswith(("?", "!", "？", "！")):  # a question says itself: no colon after it
        return _("{question} {why}").format(question=shown, why=_(why))
    return _("{headline}: {why}").format(headline=shown, why=_(why))


class CoachTable(TableScene):
    """A TableScene of the guided deal, with its coach."""

    def __init__(self, **options: Any) -> None:
        options.setdefault("levels", COACH_LEVELS)
        super().__init__(seed=COACH_SEED, **options)
        self.lesson_game = True  # (kept by the save: finished after Continue, still the lesson)
        _game, self.steps = coached_deal()
        self.controller.move_filter = self._filter
        self.covered = PANEL
        self.coach_buttons = WidgetGroup()
        y = PANEL.bottom - BUTTON_BOTTOM
        restart_w = 100  # "Start again" and "Leave the lesson" side by side: the body's room
        self.restart_button = TextButton(
            (PANEL.x + 16, y, restart_w, 36), N_("Start again"), self.restart, primary=False, font_size=15
        )
        self.leave_button = TextButton(
            (PANEL.x + 24 + restart_w, y, PANEL.width - 40 - restart_w, 36),
            N_("Leave the lesson"),
            self.leave,
            primary=False,
            font_size=15,
        )
        self.coach_buttons.add(self.restart_button)
        self.coach_buttons.add(self.leave_button)
        self.body = Label((PANEL.x + 16, PANEL.y + BODY_TOP, PANEL.width - 32, 0), "", size=15)
        self.steps_seen: list[int] = []  # the steps shown, in order (tests: every step is reached)

    # -- the lesson ---------------------------------------------------------------------
    @property
    def coaching(self) -> bool:
        game = self.game
        return is_lesson_deal(game.config.variant, game.seed, game.deal_number) and game.state.phase is not Phase.OVER

    @property
    def lesson_played(self) -> bool:
        """The lesson's deal was played to its end (not left for a new game)."""
        game = self.game
        return game.seed == COACH_SEED and (game.deal_number > 0 or game.state.phase is Phase.OVER)

    @property
    def folded(self) -> bool:
        """From the deal after the lesson's (played or left for a game of one's own), the panel
        keeps its heading and buttons: it lay in East's place for the rest of the game, saying
        the lesson was done (play-test, stop 48); East is back in its place."""
        return not self.coaching and self.game.deal_number > 0

    def _fold(self) -> None:
        """The panel's place (`covered`: the table makes room for it, and keeps its panels and
        labels clear of it) and its buttons', as `folded` says."""
        panel = FOLDED if self.folded else PANEL
        if self.covered != panel:
            self.covered = panel
            for button in (self.restart_button, self.leave_button):
                button.rect.y = panel.bottom - BUTTON_BOTTOM

    @property
    def step_number(self) -> int:
        """How many of the player's steps are behind (the current one's index)."""
        played = len(self.game.history)
        return sum(1 for step in self.steps if step.index < played)

    @property
    def step(self) -> Step | None:
        number = self.step_number
        if not self.coaching or number >= len(self.steps) or not self.my_turn():
            return None
        return self.steps[number]

    def expected(self) -> Move | None:
        hint = self.hint
        if hint is not None:
            return hint.move
        step = self.step
        return step.move if step is not None else None

    def _filter(self, move: Move) -> Note | None:
        if not self.coaching:
            return None
        expected = self.expected()
        if expected is None or same_move(move, expected):
            return None
        said = LessonMove(expected, self.state.copy())  # (the position it is said in: the note outlives it)
        return note(N_("Not this time: in this lesson, {move}. The lit cards show how."), move=said)

    def restart(self) -> None:
        self.new_game(COACH_SEED)

    def leave(self) -> None:
        if self.on_menu is not None:
            self.on_menu()
        elif self.stack is not None:
            self.stack.remove(self)

    # -- scene --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self._under_open_panel(event) and self.coach_buttons.handle_event(event):
            return True
        return super().handle_event(event)

    def _under_open_panel(self, event: pygame.event.Event) -> bool:
        """The pointer of `event` lies on the open move log or pile browser, drawn over the
        coach's panel: the panel's buttons under it are out of sight, and out of reach."""
        pos = getattr(event, "pos", None)
        if pos is None:
            return False
        if self.log_open and self.log_place().collidepoint(pos):
            return True
        return self.pile_open and self.pile_place().collidepoint(pos)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._fold()
        self.coach_buttons.update(dt)
        covered = self.stack is not None and self.stack.top is not self
        if self.coaching and self.my_turn() and self.idle and not covered and self.hint is None:
            if self.game.state.phase is not Phase.ANSWER and self.controller.guide.show_hint():
                number = self.step_number
                if not self.steps_seen or self.steps_seen[-1] != number:
                    self.steps_seen.append(number)

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, covering=self._draw_coach)  # (under the log and the pile browser)

    def _draw_coach(self, surface: pygame.Surface) -> None:
        ruler = Ruler.of(surface)
        panel = self.covered or PANEL
        draw_panel(
            surface,
            ruler.rect(panel),
            ruler.px(theme.RADIUS_LARGE),
            theme.CREAM,
            theme.GOLD,
            ruler.px(3),
            theme.SHADOW,
            ruler.px(4),
            ruler.px(10),
        )
        total = len(self.steps)
        number = min(self.step_number + 1, total)
        if self.coaching:
            heading = _("Guided deal · step {n} of {total}").format(n=number, total=total)
        elif self.lesson_played:
            heading = _("Guided deal · done")
        else:
            heading = _("Guided deal · left")
        blit_text(surface, heading, 17, theme.INK, bold=True, topleft=(PANEL.x + 16, PANEL.y + 14))
        if panel == PANEL:
            self.body.text = self._body_text()
            self.body.draw(surface)
        self.coach_buttons.draw(surface)

    def _body_text(self) -> str:
        if not self.coaching and not self.lesson_played:  # New game during the lesson
            return _("You left the lesson for a game of your own; Start again replays the lesson.")
        if not self.coaching:
            return _(
                "Well done: you have played a whole deal and met every basic rule. The game goes on "
                "without the coach; Start again replays the lesson."
            )
        step = self.step
        if step is None:
            if self.game.state.phase is Phase.ANSWER:
                return _("Your partner answers: watch the table.")
            seat = self.seat_on_turn  # (while East's discard lands, still East's turn: not "You plays")
            if seat is None:
                return _("Dealing…")
            name = self.seat_name(seat)
            order = self.state.order  # (the deal's turn order, V-FIVE's too)
            before = order[order.index(self.human) - 1]  # the seat whose turn is just before the player's
            if seat == before:
                return _("Watch: {name} plays. Your turn comes next.").format(name=name)
            return _("Watch: {name} plays. Your turn comes after {last}'s.").format(
                name=name, last=self.seat_name(before)
            )
        lines = []
        for topic in step.topics:
            lines.append(topic_line(topic))
        if not lines:  # what to do is in the hint's box, lit on the table
            expected = self.expected()
            if expected is not None:
                lines.append(_("Now: {move}.").format(move=move_words(expected, self.state)))
        return "\n".join(lines)
