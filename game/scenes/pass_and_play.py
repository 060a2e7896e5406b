"""Pass-and-play and watching the bots (#12).

Pass-and-play: several seats are people at one computer. When the turn comes to a person
who is not the one at the screen, or a person's turn ends and bots play before another
person (they play once that person sits), the table pushes a `PrivacyScreen`: it covers the whole
window (the table is not drawn under it) until that person clicks; then the table turns
to them (`PrivacyTable.seat_person`): their hand at the bottom, face up, every other hand
face down, and nothing of the previous person's (selection, hint, refusal) left.

Watch the bots: every seat is a bot; a Pause button stops them between two moves, and
the table's speed control (the Speed button, + and -) sets their pace.
"""

from __future__ import annotations

import re
from typing import Protocol

import pygame

from game import assets
from game.i18n import N_, _
from game.scenes import theme
from game.scenes.base import Scene
from game.scenes.layout import LOGICAL_SIZE, Ruler
from game.scenes.menu_widgets import TextButton
from game.scenes.shapes import draw_panel, felt_background
from game.scenes.text import blit_text, fitting_size, wrap_text
from game.scenes.widgets import Button, WidgetGroup

# A screen (or a question) that has just appeared takes no click or key for this long: the
# previous person's double click on "Discard anyway" (or a second Enter, Space) would
# otherwise press "Show my cards" under it and show the next person's hand to the one who
# just played; the next person's double click on "Show my cards" would answer the
# partner's question, bindingly, unread (play-test, stop 47).
SETTLE_SECONDS = 0.6
PASSING_LINES = 2  # "Pass the computer to {name} ..." wraps onto two lines at most
LINE_STEP = 1.45  # a wrapped line's step, in font sizes


# Where a sentence ends: a Latin full stop (or ! ?) before a space, or a Chinese one.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])")


def _between_sentences(text: str, lines: list[str], font: pygame.font.Font, width: int) -> list[str]:
    """Two `lines` of two sentences break between them when each fits a line: filling the
    first line left "clicks." alone on the second ("...until Player 2 / clicks.", play-test,
    stop 56)."""
    if len(lines) != 2:
        return lines
    for end in _SENTENCE_END.finditer(text):
        first, second = text[: end.start()], text[end.end() :]
        if first and second and font.size(first)[0] <= width and font.size(second)[0] <= width:
            return [first, second]
    return lines


def settling(event: pygame.event.Event) -> bool:
    """Whether a just-shown screen or question ignores `event` (see SETTLE_SECONDS): a
    click or a key, but not Esc (the menu over it shows no one's cards) nor the mouse's
    moves."""
    if event.type == pygame.KEYDOWN:
        return bool(event.key != pygame.K_ESCAPE)
    return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class PrivacyTable(Protocol):
    """What the privacy screen needs of the table."""

    def seat_name(self, seat: int) -> str: ...
    def seat_place(self, seat: int) -> str: ...
    def seat_person(self, seat: int) -> None: ...
    def open_menu(self) -> None: ...


class PrivacyScreen(Scene):
    """Hides the table until the next person (`seat`) clicks."""

    opaque = True  # the table under it is not drawn at all
    PANEL = pygame.FRect(290, 190, 700, 320)

    def __init__(self, table: PrivacyTable, seat: int, asker: int | None = None) -> None:
        super().__init__()
        self.table = table
        self.seat = seat
        self.asker = asker  # the partner who asked `seat` "May I go out?" (None: `seat`'s own turn)
        self.buttons = WidgetGroup()
        self.button = TextButton(
            (self.PANEL.centerx - 170, self.PANEL.bottom - 90, 340, 54), N_("Show my cards"), self.ready
        )
        self.buttons.add(self.button)
        self.buttons.set_focus(self.button)
        self.age = 0.0  # seconds shown (see SETTLE_SECONDS)

    @property
    def answering(self) -> bool:
        """The partner asked "May I go out?": it is not `seat`'s turn but their answer."""
        return self.asker is not None

    def subtitle(self) -> str:
        """The line under the title: the seat as the New game page named it (the table turns
        to each person) and, for an answer, the question asked: "Ben answers" alone left the
        person handed the computer to wonder what (play-test, stop 58)."""
        line = _("seat: {place}").format(place=self.table.seat_place(self.seat))
        if self.asker is not None:
            asks = _("{name} asks: “May I go out?”").format(name=self.table.seat_name(self.asker))
            line += " · " + asks
        return line

    def ready(self) -> None:
        if self.stack is not None:
            self.stack.remove(self)
        self.table.seat_person(self.seat)

    def passing_lines(self) -> tuple[float, list[str]]:
        """The sentence "Pass the computer to {name} ..." at a readable size (logical) and its lines: it
        names the person twice, so a long name wraps it onto a second line rather than
        shrinking it to a size nobody reads (play-test, stop 45: 7 pixels at 800x450)."""
        name = self.table.seat_name(self.seat)
        text = _("Pass the computer to {name}. The table stays hidden until {name} clicks.").format(name=name)
        room = self.PANEL.width - 48
        size = float(theme.FONT_BODY)
        while True:
            font = assets.font_for_text(text, round(size * 4), False)  # (measured at 4x, as text_width)
            lines = wrap_text(text, font, round(room * 4))
            if len(lines) <= PASSING_LINES or size <= theme.FONT_SMALL:
                return size, _between_sentences(text, lines, font, round(room * 4))
            size -= 1

    def everyone_y(self) -> float:
        """The top of "Everyone else: ..." (under the lines of the sentence before it)."""
        size, lines = self.passing_lines()
        return self._below(size, lines)

    def _below(self, size: float, lines: list[str]) -> float:
        return self.PANEL.y + 114 + (len(lines) - 1) * size * LINE_STEP + 36

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.age < SETTLE_SECONDS and settling(event):
            return True  # the previous person's click or key, meant for what was here before
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.ready()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.open_menu()  # pause, settings, leave: over this screen, no hand shown
            return True
        self.buttons.handle_event(event)
        return True  # nothing reaches the hidden table

    def update(self, dt: float) -> None:
        self.age += dt
        self.buttons.update(dt)

    def at_rest(self) -> bool:
        return self.age >= SETTLE_SECONDS  # (the computer may wait long for its next person)

    def draw(self, surface: pygame.Surface) -> None:
        ruler = Ruler.of(surface)
        surface.blit(felt_background(surface.get_size()), (0, 0))
        panel = self.PANEL
        draw_panel(
            surface,
            ruler.rect(panel),
            ruler.px(theme.RADIUS_LARGE),
            theme.CREAM,
            theme.PANEL_BORDER,
            ruler.px(theme.BORDER),
            theme.SHADOW,
            ruler.px(6),
            ruler.px(14),
        )
        name = self.table.seat_name(self.seat)
        room = panel.width - 48  # (a person's name may be long: each line shrinks to fit)
        title = (_("{name} answers") if self.answering else _("{name}'s turn")).format(name=name)
        blit_text(
            surface,
            title,
            fitting_size(title, 36, room, bold=True, smallest=20),
            theme.INK,
            bold=True,
            midtop=(panel.centerx, panel.y + 34),
        )
        subtitle = self.subtitle()
        blit_text(
            surface,
            subtitle,
            fitting_size(subtitle, theme.FONT_SMALL, room, smallest=12),
            theme.GOLD_DARK,
            midtop=(panel.centerx, panel.y + 84),
        )
        size, lines = self.passing_lines()
        for row, line in enumerate(lines):
            blit_text(
                surface, line, size, theme.INK_SOFT, midtop=(panel.centerx, panel.y + 114 + row * size * LINE_STEP)
            )
        blit_text(
            surface,
            _("Everyone else: please look away from the screen."),
            theme.FONT_BODY,
            theme.INK_SOFT,
            midtop=(panel.centerx, self._below(size, lines)),  # (the sentence wrapped once a frame)
        )
        self.buttons.draw(surface)
        blit_text(
            surface,
            _("Pass-and-play · Esc: menu"),
            theme.FONT_SMALL,
            theme.GOLD_LIGHT,
            midbottom=(LOGICAL_SIZE[0] / 2, LOGICAL_SIZE[1] - 16),
        )


class WatchTable(Protocol):
    paused: bool
    hint_button: Button
    buttons: WidgetGroup


class PauseButton(Button):
    """Watch the bots: Pause / Resume (the label follows the state and the language)."""

    def __init__(self, table: WatchTable) -> None:
        self.table = table
        super().__init__(pygame.FRect(table.hint_button.rect), "", self.toggle, primary=True, font_size=17)
        self.key = "P"  # (its key: table_keys)

    @property
    def text(self) -> str:
        return _("Resume") if self.table.paused else _("Pause")

    @text.setter
    def text(self, value: str) -> None:
        pass  # the label is derived from the table's state

    def toggle(self) -> None:
        self.table.paused = not self.table.paused


def add_watch_controls(table: WatchTable) -> PauseButton:
    """Every seat a bot: a Pause button where the Hint button was (there is no one to hint;
    nor anyone to ask "May I go out?": the table's column closed up over that place)."""
    table.hint_button.visible = False
    button = PauseButton(table)
    table.buttons.add(button)
    return button
