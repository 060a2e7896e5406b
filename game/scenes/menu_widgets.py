"""Widgets for the menus: translated buttons, option pickers, a number field,
a focus list driven by the arrow keys, and the shared menu backdrop.

Texts are stored as English msgids and translated in `draw`, so a language
switch shows at once without rebuilding anything.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game import assets
from game.i18n import _
from game.scenes import theme
from game.scenes.layout import LOGICAL_SIZE, Ruler
from game.scenes.shapes import cream_panel, draw_panel, felt_background
from game.scenes.text import blit_in_box, blit_text, fitting_size  # noqa: F401 - the menus import blit_text from here
from game.scenes.widgets import ACTIVATE_KEYS, Button, RectLike, Widget, WidgetGroup, draw_focus_ring


class TextButton(Button):
    """A Button whose label is a msgid, translated each time it is drawn."""

    msgid: str = ""

    @property
    def text(self) -> str:
        return _(self.msgid)

    @text.setter
    def text(self, value: str) -> None:
        self.msgid = value


def _arrow(surface: pygame.Surface, center: tuple[int, int], size: int, pointing: int, color: pygame.Color) -> None:
    """A small triangle pointing left (-1) or right (+1): no glyph needed."""
    x, y = center
    half = size // 2
    points = [(x - pointing * half, y - size), (x - pointing * half, y + size), (x + pointing * half, y)]
    pygame.draw.polygon(surface, color, points)


ARROW_GAP = 16  # logical units between a Choice's arrow and its value text


def value_span(rect: pygame.FRect) -> tuple[float, float]:
    """(x of the left arrow, x of the right arrow) of a menu row `rect` (logical): a Choice's
    value lies between them, a NumberField's box round them, so the rows' values line up."""
    return rect.right - rect.width * 0.45 + 14, rect.right - 20


class Choice(Widget):
    """A labelled setting with a value picked from `options` (value, msgid).

    Left/Right (or clicking the arrows) step through the values; Enter/Space
    and a click elsewhere on the row step forwards. `on_change(value)` runs at
    once, so a setting applies as soon as it is changed. A click puts the focus
    on the row.
    """

    focusable = True

    def __init__(
        self,
        rect: RectLike,
        label: str,
        options: Sequence[tuple[Any, str]],
        value: Any,
        on_change: Callable[[Any], None] | None = None,
        *,
        translate_values: bool = True,
        value_args: dict[str, object] | None = None,
    ) -> None:
        """`value_args`: placeholders the translated value texts are formatted with."""
        super().__init__(rect)
        self.label = label
        self.options = list(options)
        self.index = next((i for i, (v, _text) in enumerate(self.options) if v == value), 0)
        self.on_change = on_change
        self.translate_values = translate_values
        self.value_args = value_args
        self.enabled = True
        self.hovered = False

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    @property
    def value_text(self) -> str:
        text = self.options[self.index][1]
        text = _(text) if self.translate_values else text
        return text.format(**self.value_args) if self.value_args else text

    def value_geometry(self, ruler: Ruler | None = None) -> tuple[float, float]:
        """(x of the left arrow, x of the value's centre), logical. The value sits centred
        between the arrows; one too long for that space pushes the left arrow out, never
        under the text (the right arrow stays at the row's end). The value is measured as
        drawn at `ruler`'s scale: a font scaled 1.5 times is not exactly 1.5 times as wide."""
        ruler = ruler or Ruler()
        left_arrow, right_arrow = value_span(self.rect)
        font = assets.font_for_text(self.value_text, ruler.px(theme.FONT_BODY), True)
        width = font.size(self.value_text)[0] / ruler.scale
        if width <= right_arrow - left_arrow - 2 * ARROW_GAP:
            return left_arrow, (left_arrow + right_arrow) / 2
        text_right = right_arrow - ARROW_GAP
        return text_right - width - ARROW_GAP, text_right - width / 2

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)
        if self.on_change is not None:
            self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            # The focus comes to the row clicked (the group cleared the rest): Left/Right go on
            # from there, and a page rebuilt by the change keeps it there (the New game page's
            # focus ring jumped back to the Game row after a seat's arrow, play-test stop 56).
            self.focused = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            left_arrow, _center = self.value_geometry()
            on_left_half = left_arrow - 14 <= event.pos[0] < (left_arrow + self.rect.right) / 2
            self.step(-1 if on_left_half else 1)
            return True
        if event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_LEFT:
                self.step(-1)
                return True
            if event.key in (pygame.K_RIGHT, *ACTIVATE_KEYS):
                self.step(1)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        ruler = Ruler.of(surface)
        box = ruler.rect(self.rect)
        if self.focused:
            draw_focus_ring(surface, box, ruler)
        fill = theme.CREAM.lerp(theme.GOLD_LIGHT, 0.3) if self.hovered else theme.CREAM
        draw_panel(surface, box, ruler.px(theme.RADIUS), fill, theme.PANEL_BORDER, ruler.px(theme.BORDER))
        mid_y = self.rect.centery
        blit_in_box(surface, _(self.label), theme.FONT_BODY, theme.INK, midleft=(self.rect.x + 18, mid_y))
        left_arrow, value_center = self.value_geometry(ruler)
        blit_in_box(surface, self.value_text, theme.FONT_BODY, theme.INK, bold=True, center=(value_center, mid_y))
        if len(self.options) < 2:
            return  # nothing to step to: no arrows (Hand and Foot's "4 deals" offered a choice; play-test, stop 62)
        color = theme.GOLD_DARK if self.enabled else theme.DISABLED_TEXT
        size = ruler.px(7)
        _arrow(surface, ruler.point((left_arrow, mid_y)), size, -1, color)
        _arrow(surface, ruler.point((value_span(self.rect)[1], mid_y)), size, 1, color)


VALUE_BOX_PAD = 8.0  # a NumberField's box reaches this far beyond a Choice's arrows
VALUE_BOX_INSET = 6.0  # ... and lies this far inside its row, above and below
VALUE_BOX_FILL = pygame.Color(255, 252, 244)  # a shade lighter than the row's cream: a place to type


class NumberField(Widget):
    """A field for a whole number (the deal seed): digits, Backspace, Delete.
    Empty means "none". Shows a caret while focused. Laid out as a Choice row: the label at
    the left, the number centred in a box where a Choice shows its value between its arrows
    (the seed's text started at the left of that space, under the others' centred values,
    and looked out of place: play-test)."""

    focusable = True

    def __init__(self, rect: RectLike, label: str, placeholder: str, max_digits: int = 9) -> None:
        super().__init__(rect)
        self.label = label
        self.placeholder = placeholder
        self.max_digits = max_digits
        self.digits = ""
        self.enabled = True

    @property
    def value(self) -> int | None:
        return int(self.digits) if self.digits else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.focused = True  # a click puts the caret here: digits typed go in (the group cleared the rest)
            return True
        if event.type != pygame.KEYDOWN or not self.focused:
            return False
        if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.digits = self.digits[:-1] if event.key == pygame.K_BACKSPACE else ""
            return True
        char = getattr(event, "unicode", "")
        if char.isdigit() and char.isascii() and len(self.digits) < self.max_digits:
            self.digits += char
            return True
        return False

    def value_box(self) -> pygame.FRect:
        """The box the number is typed in (logical): round the space between a Choice's
        arrows, so its centre is theirs (`value_span`)."""
        left, right = value_span(self.rect)
        box = pygame.FRect(0, 0, right - left + 2 * VALUE_BOX_PAD, self.rect.height - 2 * VALUE_BOX_INSET)
        box.center = ((left + right) / 2, self.rect.centery)
        return box

    def draw(self, surface: pygame.Surface) -> None:
        ruler = draw_field(surface, self.rect, self.label, self.focused)
        box = self.value_box()
        draw_panel(
            surface,
            ruler.rect(box),
            ruler.px(theme.RADIUS_SMALL),
            VALUE_BOX_FILL,
            theme.PANEL_BORDER,
            max(1, ruler.px(1.5)),
        )
        text, color = (self.digits, theme.INK) if self.digits else (_(self.placeholder), theme.INK_SOFT)
        drawn = blit_in_box(surface, text, theme.FONT_BODY, color, bold=bool(self.digits), center=box.center)
        if self.focused:
            draw_caret(surface, ruler, drawn, after=bool(self.digits))


def draw_field(surface: pygame.Surface, rect: pygame.FRect, label: str, focused: bool) -> Ruler:
    """A field's cream box, its focus ring and its label (a msgid) at the left."""
    ruler = Ruler.of(surface)
    box = ruler.rect(rect)
    if focused:
        draw_focus_ring(surface, box, ruler)
    draw_panel(surface, box, ruler.px(theme.RADIUS), theme.CREAM, theme.PANEL_BORDER, ruler.px(theme.BORDER))
    blit_in_box(surface, _(label), theme.FONT_BODY, theme.INK, midleft=(rect.x + 18, rect.centery))
    return ruler


def draw_caret(surface: pygame.Surface, ruler: Ruler, drawn: pygame.Rect, after: bool) -> None:
    """The typing caret after the text `drawn` (pixels), or before its placeholder."""
    x = drawn.right + ruler.px(3) if after else drawn.left - ruler.px(4)
    pygame.draw.line(
        surface, theme.INK, (x, drawn.top + ruler.px(3)), (x, drawn.bottom - ruler.px(3)), max(1, ruler.px(2))
    )


class TextField(Widget):
    """A field for a short text (a person's name): typed text (the keyboard's text input,
    so an input method's Chinese comes in whole; what it is still composing shows grey),
    pasted text (Ctrl+V), Backspace, Delete clears. Empty shows `placeholder`. `clean`
    says what the typed text may become (a name's length and characters); `vet`, given the
    text and what comes in, says why that cannot come in ("" if it can): then the text
    stays as it was and `problem` holds the reason until the next change. `shown` is the
    text as drawn (a name kept from before with a character no font draws). Enter goes to
    `on_enter`."""

    focusable = True

    def __init__(
        self,
        rect: RectLike,
        label: str,
        placeholder: str,
        clean: Callable[[str], str],
        on_enter: Callable[[], None] | None = None,
        vet: Callable[[str, str], str] | None = None,
        shown: Callable[[str], str] = str,
    ) -> None:
        super().__init__(rect)
        self.label = label  # msgids, translated when drawn
        self.placeholder = placeholder
        self.clean = clean
        self.on_enter = on_enter
        self.vet = vet
        self.shown = shown
        self.text = ""
        self.composing = ""  # an input method's text not yet committed
        self.problem = ""  # why the last text that came in did not (translated)
        self.enabled = True

    def take(self, added: str) -> None:
        """Text typed or pasted: in, cleaned, unless `vet` refuses it."""
        self.composing = ""
        problem = self.vet(self.text, added) if self.vet is not None else ""
        if problem:
            self.problem = problem
            return
        self.text, self.problem = self.clean(self.text + added), ""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.focused = True
            pygame.key.start_text_input()  # (on by default in SDL 2; said so, for any platform's keyboard)
            return True
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.take(event.text)
            return True
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_BACKSPACE:
            self.text, self.problem = self.text[:-1], ""
            return True
        if event.key == pygame.K_DELETE:
            self.text, self.problem = "", ""
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.on_enter is not None:
            self.on_enter()
            return True
        if (event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL) or (
            event.key == pygame.K_INSERT and event.mod & pygame.KMOD_SHIFT
        ):
            pasted = clipboard_text().rstrip()  # (a copied line's end is no space to type on after)
            if pasted:
                self.take(pasted)
            return True
        # Keys that type (letters, digits, space) are the text input's: they do nothing else here.
        return bool(getattr(event, "unicode", "")) and event.unicode.isprintable() and event.key != pygame.K_ESCAPE

    def draw(self, surface: pygame.Surface) -> None:
        ruler = draw_field(surface, self.rect, self.label, self.focused)
        mid_y = self.rect.centery
        value_left = self.rect.right - self.rect.width * 0.5 + 14
        room = self.rect.right - 18 - value_left
        text, composing = self.shown(self.text), self.shown(self.composing)
        if not text + composing:
            drawn = blit_in_box(
                surface, _(self.placeholder), theme.FONT_BODY, theme.INK_SOFT, midleft=(value_left, mid_y)
            )
        else:
            size = fitting_size(text + composing, theme.FONT_BODY, room, bold=True)
            drawn = blit_in_box(surface, text, size, theme.INK, bold=True, midleft=(value_left, mid_y))
            if composing:  # the input method's text, not yet the name's
                drawn = blit_in_box(
                    surface,
                    composing,
                    size,
                    theme.INK_SOFT,
                    bold=True,
                    midleft=(drawn.right / ruler.scale, mid_y),
                )
        if self.focused:
            draw_caret(surface, ruler, drawn, after=bool(text + composing))


def clipboard_text() -> str:
    """The system clipboard's text ("" if none, or none to be had)."""
    try:
        return pygame.scrap.get_text()
    except pygame.error:  # (no video system: nothing to paste)
        return ""


class FocusList(WidgetGroup):
    """A WidgetGroup where Up/Down (and Tab) move the focus; Left/Right go to the
    focused widget (a Choice uses them to change its value), else to the widget beside it."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.focus_next(backwards=event.key == pygame.K_UP)
            return True
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return self.focus_beside(event.key == pygame.K_RIGHT)
        return False

    def focus_beside(self, rightwards: bool) -> bool:
        """Left/Right that the focused widget does not use: the focus goes to the nearest
        widget beside it on its row (the New game page's Start / Back, Statistics' buttons),
        as a player expects of buttons side by side (keyboard play-test, stop 47)."""
        return self.focus_toward(1 if rightwards else -1, 0, in_line=True)

    def focus_first(self) -> None:
        candidates = self._focus_candidates()
        self.set_focus(candidates[0] if candidates else None)


def draw_backdrop(surface: pygame.Surface, title: str, panel: pygame.FRect | None = None) -> None:
    """Felt, an optional cream panel, and a title at the top (all logical)."""
    ruler = Ruler.of(surface)
    surface.blit(felt_background(surface.get_size()), (0, 0))
    if panel is not None:
        cream_panel(surface, ruler.rect(panel), ruler)
    if title:
        blit_text(surface, title, 40, theme.TEXT_ON_FELT, bold=True, midtop=(LOGICAL_SIZE[0] / 2, 34))
        y = ruler.px(96)
        center = ruler.px(LOGICAL_SIZE[0] / 2)
        pygame.draw.line(
            surface, theme.GOLD, (center - ruler.px(120), y), (center + ruler.px(120), y), max(1, ruler.px(2))
        )
