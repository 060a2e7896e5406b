"""Small UI widgets: Button, Label, SpeechBubble, Dialog, and WidgetGroup.

Widgets live in logical coordinates (layout.py) and receive events already
translated to logical space. `draw(surface)` reads the surface's scale through
`Ruler.of`, so text is rendered at the real pixel size and stays sharp.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import pygame

from game import assets
from game.scenes import theme
from game.scenes.layout import LOGICAL_SIZE, Ruler, box_middle
from game.scenes.shapes import bubble_surface, cream_panel, draw_panel, rounded_panel, soft_shadow
from game.scenes.text import (
    fitting_size,
    ink_placed,
    line_height,
    render_lines,
    text_image,
    wrap_centred,
    wrap_text,
)

RectLike = pygame.Rect | pygame.FRect | tuple[float, float, float, float]
Triangle = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Widget:
    """Base: a logical rect plus the three per-frame hooks."""

    focusable = False

    def __init__(self, rect: RectLike) -> None:
        self.rect = pygame.FRect(rect)
        self.visible = True
        self.focused = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True if the event was used up."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


def draw_focus_ring(surface: pygame.Surface, box: pygame.Rect, ruler: Ruler) -> None:
    """The keyboard's focus around a widget (`box`, pixels): a pale ring with a dark edge,
    so it shows on the cream panels as well as on the felt."""
    radius = ruler.px(theme.RADIUS)
    clear = pygame.Color(0, 0, 0, 0)
    edge = box.inflate(ruler.px(12), ruler.px(12))
    outline = rounded_panel(edge.size, radius + ruler.px(6), clear, theme.FOCUS_EDGE, max(1, ruler.px(2)))
    surface.blit(outline, edge.topleft)
    ring = box.inflate(ruler.px(8), ruler.px(8))
    surface.blit(rounded_panel(ring.size, radius + ruler.px(4), clear, theme.FOCUS_RING, ruler.px(3)), ring.topleft)


def key_cap(
    surface: pygame.Surface, text: str, point, *, size: float = 15, anchor: str = "center", light: bool = False
) -> pygame.Rect:
    """A small keyboard key with `text` on it, placed by `anchor` (logical point)."""
    ruler = Ruler.of(surface)
    size_px = ruler.px(size)
    image = text_image(text, size_px, True, tuple(theme.INK))  # (cached: drawn every frame)
    pad = ruler.px(7)
    box = pygame.Rect(0, 0, max(image.get_width() + 2 * pad, ruler.px(24)), image.get_height() + ruler.px(4))
    setattr(box, anchor, ruler.point(point))
    fill = theme.CREAM if light else theme.CREAM_SHADE
    surface.blit(rounded_panel(box.size, ruler.px(5), fill, theme.PANEL_BORDER, max(1, ruler.px(1.5))), box)
    surface.blit(image, ink_placed(image, text, size_px, True, "center", box_middle(box)))
    return box


KEY_CAP_ROOM = 34.0  # what a button's key cap takes from its label's width (logical)


class Button(Widget):
    """A rounded button: hover, pressed, disabled and keyboard-focus looks.

    Clicks fire on mouse release inside the button (so a press can be
    cancelled by dragging off), or on Enter/Space while focused.
    """

    focusable = True

    def __init__(
        self,
        rect: RectLike,
        text: str,
        on_click: Callable[[], None] | None = None,
        *,
        enabled: bool = True,
        primary: bool = True,
        font_size: int = theme.FONT_BUTTON,
        key: str = "",
    ) -> None:
        super().__init__(rect)
        self.text = text
        self.key = key  # a key that presses it too, shown as a small key cap at its right end
        self.on_click = on_click
        self.enabled = enabled
        self.primary = primary
        self.font_size = font_size
        self.hovered = False
        self.pressed = False
        # Called for a click while greyed out (a table button says why it cannot be used now).
        self.on_disabled_click: Callable[[], None] | None = None

    @property
    def interactive(self) -> bool:
        return self.visible and self.enabled

    def click(self) -> None:
        if self.interactive and self.on_click is not None:
            self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.interactive:
            self.hovered = self.pressed = False
            explain = self.on_disabled_click
            if explain is None or not self.visible or event.type != pygame.MOUSEBUTTONUP or event.button != 1:
                return False
            if not self.rect.collidepoint(event.pos):
                return False
            explain()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False  # motion is shared: every widget updates its hover
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            self.hovered = self.rect.collidepoint(event.pos)
            if self.hovered:
                self.click()
            return True
        if event.type == pygame.KEYDOWN and self.focused and event.key in ACTIVATE_KEYS:
            self.click()
            return True
        return False

    def _colors(self) -> tuple[pygame.Color, pygame.Color, pygame.Color]:
        """(fill, border, text) for the current state."""
        if not self.enabled:
            return theme.DISABLED_FILL, theme.DISABLED_FILL, theme.DISABLED_TEXT
        if self.primary:
            fill, border = theme.GOLD, theme.GOLD_DARK
            if self.pressed:
                fill = theme.GOLD_DARK.lerp(theme.GOLD, 0.45)
            elif self.hovered:
                fill = theme.GOLD_LIGHT
            return fill, border, theme.INK
        fill, border = theme.CREAM, theme.PANEL_BORDER
        if self.pressed:
            fill = theme.CREAM_SHADE.lerp(theme.PANEL_BORDER, 0.25)
        elif self.hovered:
            fill = theme.CREAM.lerp(theme.GOLD_LIGHT, 0.3)
        return fill, border, theme.INK

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        ruler = Ruler.of(surface)
        sink = 2 if self.pressed else 0  # pressed buttons sit lower, shadow shrinks
        box = ruler.rect(self.rect.move(0, sink))
        radius = ruler.px(theme.RADIUS)
        fill, border, text_color = self._colors()
        if self.focused:
            draw_focus_ring(surface, box, ruler)
        shadow = theme.SHADOW if self.enabled else None
        draw_panel(
            surface,
            box,
            radius,
            fill,
            border,
            ruler.px(theme.BORDER),
            shadow,
            ruler.px(theme.SHADOW_OFFSET - sink),
            ruler.px(theme.SHADOW_BLUR - sink),
        )
        room = self.rect.width - 14 - (KEY_CAP_ROOM if self.key else 0)
        size = fitting_size(self.text, self.font_size, room, bold=True, smallest=self.font_size - 5)
        size_px = ruler.px(size)
        label = text_image(self.text, size_px, True, tuple(text_color))  # (cached: every frame)
        centre = box_middle(box)  # (the label's ink centred in it: Latin and Chinese alike)
        if self.key:
            centre = (centre[0] - ruler.px(KEY_CAP_ROOM / 2), centre[1])
            right = (self.rect.right - 8, self.rect.move(0, sink).centery)
            key_cap(surface, self.key, right, size=12, anchor="midright", light=not self.enabled)
        surface.blit(label, ink_placed(label, self.text, size_px, True, "center", centre))


class Label(Widget):
    """Wrapped text inside `rect.width`; the height grows with the text.

    `rect.height` is ignored for layout; `height()` tells how tall it is.
    """

    def __init__(
        self,
        rect: RectLike,
        text: str,
        *,
        size: int = theme.FONT_BODY,
        color: pygame.Color = theme.INK,
        bold: bool = False,
        align: str = "left",
        spacing: float = 1.25,
    ) -> None:
        super().__init__(rect)
        self.text = text
        self.size = size
        self.color = pygame.Color(color)
        self.bold = bold
        self.align = align
        self.spacing = spacing
        self._rendered: tuple[tuple, pygame.Surface] | None = None  # memo of the last render

    def lines(self, scale: float = 1.0) -> list[str]:
        ruler = Ruler(scale)
        font = assets.font_for_text(self.text, ruler.px(self.size), self.bold)
        return self._wrap(font, ruler.px(self.rect.width))

    def _wrap(self, font: pygame.font.Font, width: int) -> list[str]:
        if self.align == "center":  # (no short last line under a full one: wrap_centred)
            return wrap_centred(self.text, font, width)
        return wrap_text(self.text, font, width)

    def height(self, scale: float = 1.0) -> float:
        """Logical height of the wrapped text."""
        ruler = Ruler(scale)
        font = assets.font_for_text(self.text, ruler.px(self.size), self.bold)
        count = len(self.lines(scale))
        pixels = line_height(font, self.spacing) * (count - 1) + font.get_height()
        return pixels / scale

    def _render(self, ruler: Ruler) -> pygame.Surface:
        key = (
            self.text,
            ruler.px(self.size),
            ruler.px(self.rect.width),
            tuple(self.color),
            self.bold,
            self.align,
            self.spacing,
        )
        if self._rendered is None or self._rendered[0] != key:
            font = assets.font_for_text(self.text, key[1], self.bold)
            lines = self._wrap(font, key[2])
            self._rendered = (key, render_lines(lines, font, self.color, self.align, self.spacing))
        return self._rendered[1]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or not self.text:
            return
        ruler = Ruler.of(surface)
        block = self._render(ruler)
        box = ruler.rect(self.rect)
        if self.align == "center":
            position = block.get_rect(midtop=box.midtop)
        elif self.align == "right":
            position = block.get_rect(topright=box.topright)
        else:
            position = block.get_rect(topleft=box.topleft)
        surface.blit(block, position)


class SpeechBubble(Widget):
    """A cream bubble whose tail points at `anchor` (e.g. a player's seat).

    `tail` says where the tail is: "down" puts the bubble above the anchor,
    "up" below it, "left"/"right" beside it. The bubble is kept on screen (or inside
    `room`, logical, reaching the tail's tip: its text wrapped to its width, smaller where
    it is too tall for it), and its body off the `keep_clear`
    rects (logical): moved up or down, the lesser way that clears them all, its tail still
    pointing at the anchor (a partner's "Yes, go out!" lay over the turn's instruction in
    six-hand, play-test, stop 48).
    `alpha` (0..1) lets the owner fade it with a Tween.
    """

    TAIL_LENGTH = 14
    TAIL_WIDTH = 22
    PADDING = 12
    MARGIN = 8  # distance kept from the logical screen edge
    SMALLEST = 13  # the size its words may shrink to, to fit its room

    def __init__(
        self,
        anchor: tuple[float, float],
        text: str,
        *,
        tail: str = "down",
        max_width: float = 280,
        size: int = theme.FONT_BODY,
        keep_clear: Sequence[pygame.FRect] = (),
        room: pygame.FRect | None = None,
    ) -> None:
        super().__init__((anchor[0], anchor[1], 0, 0))
        self.keep_clear = tuple(keep_clear)
        self.room = room
        if tail not in ("down", "up", "left", "right"):
            raise ValueError(f"tail must be down/up/left/right, not {tail!r}")
        self.anchor = anchor
        self.text = text
        self.tail = tail
        self.max_width = max_width
        self.size = size
        self.alpha = 1.0

    def _geometry(self, ruler: Ruler, font: pygame.font.Font, lines: list[str]) -> tuple[pygame.Rect, Triangle]:
        """Body rect and tail triangle (base, base, tip) in canvas pixels."""
        pad, gap = ruler.px(self.PADDING), ruler.px(self.TAIL_LENGTH)
        text_w = max(font.size(line)[0] for line in lines)
        text_h = line_height(font) * (len(lines) - 1) + font.get_height()
        body = pygame.Rect(0, 0, text_w + 2 * pad, text_h + 2 * pad)
        ax, ay = ruler.point(self.anchor)
        if self.tail == "down":
            body.midbottom = (ax, ay - gap)
        elif self.tail == "up":
            body.midtop = (ax, ay + gap)
        elif self.tail == "left":
            body.midleft = (ax + gap, ay)
        else:
            body.midright = (ax - gap, ay)
        margin = ruler.px(self.MARGIN)
        bounds = pygame.Rect(0, 0, *ruler.size(LOGICAL_SIZE)).inflate(-2 * margin, -2 * margin)
        if self.room is not None:
            bounds = ruler.rect(self.room)
        body.clamp_ip(bounds)
        body = self._clear_of(body, bounds, [ruler.rect(rect) for rect in self.keep_clear], ruler.px(4))
        half = ruler.px(self.TAIL_WIDTH) // 2
        corner = ruler.px(theme.RADIUS) + half
        overlap = ruler.px(2)  # tail base sits just inside the body
        if self.tail in ("down", "up"):
            base_x = min(max(ax, body.left + corner), body.right - corner)
            base_y = body.bottom - overlap if self.tail == "down" else body.top + overlap
            tail = ((base_x - half, base_y), (base_x + half, base_y), (ax, ay))
        else:
            base_y = min(max(ay, body.top + corner), body.bottom - corner)
            base_x = body.left + overlap if self.tail == "left" else body.right - overlap
            tail = ((base_x, base_y - half), (base_x, base_y + half), (ax, ay))
        return body, tail

    @staticmethod
    def _clear_of(body: pygame.Rect, bounds: pygame.Rect, rects: list[pygame.Rect], gap: int) -> pygame.Rect:
        """`body` moved up or down, the lesser way within `bounds`, until it lies `gap` clear of
        every one of `rects` (as it was where no such place exists)."""
        if body.collidelist(rects) < 0:
            return body
        places = []
        for rect in rects:  # (the edges a clear place may rest against)
            places += [body.move(0, rect.top - gap - body.bottom), body.move(0, rect.bottom + gap - body.top)]
        clear = [place for place in places if bounds.contains(place) and place.collidelist(rects) < 0]
        return min(clear, key=lambda place: abs(place.y - body.y), default=body)

    def _text_lines(self, ruler: Ruler) -> tuple[pygame.font.Font, list[str]]:
        """The font and the lines of the words: in a `room`, as wide as it is, a size smaller
        at a time (to SMALLEST) while the body is taller than the room holds (West's "不行，还不
        到时候。" took two lines, taller than its room above the turn's instruction in the
        Samba family, whose score panel reaches lower)."""
        size = self.size
        while True:
            font = assets.font_for_text(self.text, ruler.px(size))
            lines = self._wrapped(ruler, font)
            if self.room is None or size <= self.SMALLEST:
                return font, lines
            text_h = line_height(font) * (len(lines) - 1) + font.get_height()
            if text_h + 2 * ruler.px(self.PADDING) <= ruler.px(self._room_size()[1]):
                return font, lines
            size -= 1

    def _room_size(self) -> tuple[float, float]:
        """How wide and how tall the body may be in its room (logical), which reaches the
        tail's tip."""
        assert self.room is not None
        if self.tail in ("left", "right"):
            return self.room.width - self.TAIL_LENGTH, self.room.height
        return self.room.width, self.room.height - self.TAIL_LENGTH

    def _wrapped(self, ruler: Ruler, font: pygame.font.Font) -> list[str]:
        width = self.max_width if self.room is None else min(self.max_width, self._room_size()[0])
        limit = narrower = ruler.px(width) - 2 * ruler.px(self.PADDING)
        lines = wrap_text(self.text, font, limit)
        while self.room is not None and narrower > 0:
            # A closing mark may hang past a line's end ("不行，还不到时候" fits West's room,
            # its "。" did not): the body left its room, over West's tag. Lines end sooner.
            over = max(font.size(line)[0] for line in lines) - limit
            if over <= 0:
                break
            narrower -= over
            lines = wrap_text(self.text, font, narrower)
        return lines

    def placed(self, surface: pygame.Surface) -> tuple[pygame.Rect, Triangle]:
        """The body and the tail (canvas pixels) as drawn on `surface`."""
        ruler = Ruler.of(surface)
        return self._geometry(ruler, *self._text_lines(ruler))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or not self.text or self.alpha <= 0:
            return
        ruler = Ruler.of(surface)
        font, lines = self._text_lines(ruler)
        body, tail = self._geometry(ruler, font, lines)
        # Work in a local surface spanning body + tail, then blit once.
        extent = body.unionall([pygame.Rect(x, y, 1, 1) for x, y in tail])
        extent.inflate_ip(2, 2)
        local_body = body.move(-extent.x, -extent.y)
        (ax, ay), (bx, by), (tx, ty) = tail
        local_tail: Triangle = (
            (ax - extent.x, ay - extent.y),
            (bx - extent.x, by - extent.y),
            (tx - extent.x, ty - extent.y),
        )
        shape = bubble_surface(
            extent.size,
            local_body,
            ruler.px(theme.RADIUS),
            local_tail,
            theme.CREAM,
            theme.PANEL_BORDER,
            ruler.px(theme.BORDER),
        )
        shadow, shadow_pad = soft_shadow(body.size, ruler.px(theme.RADIUS), ruler.px(theme.SHADOW_BLUR), theme.SHADOW)
        text_block = render_lines(lines, font, theme.INK, "center", 1.2)
        if self.alpha < 1.0:  # cached surfaces are shared: fade copies, not them
            shape, shadow = shape.copy(), shadow.copy()
            for layer in (shape, shadow, text_block):
                layer.set_alpha(round(255 * self.alpha))
        surface.blit(shadow, (body.x - shadow_pad, body.y - shadow_pad + ruler.px(theme.SHADOW_OFFSET)))
        surface.blit(shape, extent.topleft)
        surface.blit(text_block, text_block.get_rect(center=body.center))


class WidgetGroup:
    """Routes events to widgets (topmost first) and moves keyboard focus.

    Tab / Shift+Tab (and Left/Right if `arrow_keys`) cycle focus through the
    focusable, enabled widgets; a mouse press clears it, so the focus ring
    only shows while the keyboard is in use.
    """

    def __init__(self, widgets: Iterable[Widget] = (), arrow_keys: bool = False) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.arrow_keys = arrow_keys

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    @property
    def focused(self) -> Widget | None:
        return next((widget for widget in self.widgets if widget.focused), None)

    def _focus_candidates(self) -> list[Widget]:
        return [
            widget
            for widget in self.widgets
            if widget.focusable and widget.visible and getattr(widget, "enabled", True)
        ]

    def set_focus(self, widget: Widget | None) -> None:
        for candidate in self.widgets:
            candidate.focused = candidate is widget

    def focus_next(self, backwards: bool = False) -> None:
        candidates = self._focus_candidates()
        if not candidates:
            return
        current = self.focused
        if current in candidates:
            step = -1 if backwards else 1
            target = candidates[(candidates.index(current) + step) % len(candidates)]
        else:
            target = candidates[-1] if backwards else candidates[0]
        self.set_focus(target)

    def focus_toward(self, dx: int, dy: int, in_line: bool = False) -> bool:
        """Move the focus to the nearest widget that lies that way from the focused one
        ((1, 0): right, (0, -1): up), by the widgets' places, not their order: the nearest
        along the way first, then the least off it; `in_line`: only one on its row (or in its
        column). False (the focus stays) when none does."""
        current = self.focused
        if current is None:
            return False
        here = current.rect.center

        def along(widget: Widget) -> float:
            return (widget.rect.centerx - here[0]) * dx + (widget.rect.centery - here[1]) * dy

        def across(widget: Widget) -> float:
            return abs((widget.rect.centerx - here[0]) * dy) + abs((widget.rect.centery - here[1]) * dx)

        # That way: any widget ahead; one in line (on the row, in the column) before one off
        # it, then the nearest, counting the distance off the line twice.
        half = (current.rect.height if dx else current.rect.width) / 2
        ahead = [
            w
            for w in self._focus_candidates()
            if w is not current and along(w) > 0 and not (in_line and across(w) > half)
        ]
        if not ahead:
            return False
        self.set_focus(min(ahead, key=lambda w: (across(w) > half, along(w) + 2 * across(w))))
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            backwards_keys = (pygame.K_LEFT,) if self.arrow_keys else ()
            forwards_keys = (pygame.K_RIGHT,) if self.arrow_keys else ()
            if event.key == pygame.K_TAB:
                self.focus_next(backwards=bool(event.mod & pygame.KMOD_SHIFT))
                return True
            if event.key in backwards_keys or event.key in forwards_keys:
                self.focus_next(backwards=event.key in backwards_keys)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.set_focus(None)
        for widget in reversed(self.widgets):
            if widget.handle_event(event):
                return True
        return False

    def update(self, dt: float) -> None:
        for widget in self.widgets:
            widget.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            widget.draw(surface)


ButtonSpec = tuple[str, Callable[[], None] | None]


class Dialog(Widget):
    """A modal panel: dims everything, shows a title, a message and buttons.

    Takes every event while visible (that is what modal means). Escape
    presses the `cancel_index` button, if given. `appear` (0..1) is the
    open animation's progress, driven by the owner (see modal.py).
    """

    PADDING = 28
    BUTTON_GAP = 14
    MIN_BUTTON_WIDTH = 120

    def __init__(
        self,
        title: str,
        message: str,
        buttons: Sequence[ButtonSpec],
        *,
        width: float = 520,
        cancel_index: int | None = None,
        keys: Sequence[str] = (),
    ) -> None:
        super().__init__((0, 0, width, 0))
        self.title = title
        self.cancel_index = cancel_index
        self._appear = 1.0
        inner_width = width - 2 * self.PADDING
        self.title_label = Label((0, 0, inner_width, 0), title, size=theme.FONT_TITLE, bold=True, align="center")
        self.message_label = Label((0, 0, inner_width, 0), message, align="center")
        # The first button is the suggested action, drawn gold.
        # `keys`, one a button in order ("" for none): a letter key that presses it too.
        keyed = list(keys) + [""] * (len(buttons) - len(keys))
        self.button_widgets = [
            Button(
                (0, 0, self._button_width(text) + (KEY_CAP_ROOM if key else 0), theme.BUTTON_HEIGHT),
                text,
                callback,
                primary=index == 0,
                key=key,
            )
            for index, ((text, callback), key) in enumerate(zip(buttons, keyed, strict=True))
        ]
        self.buttons = WidgetGroup(self.button_widgets, arrow_keys=True)
        if cancel_index is not None:  # Enter does what Esc does: the safe answer (OK alone)
            self.buttons.set_focus(self.button_widgets[cancel_index])
        self._layout()

    SLIDE_DISTANCE = 24  # logical units the panel rises while appearing

    @property
    def appear(self) -> float:
        return self._appear

    @appear.setter
    def appear(self, progress: float) -> None:
        """Set the open animation (0 = just starting, 1 = in place)."""
        self._appear = min(1.0, max(0.0, progress))
        self._layout()

    @staticmethod
    def _button_width(text: str) -> float:
        text_width = assets.font_for_text(text, theme.FONT_BUTTON, bold=True).size(text)[0]
        return max(Dialog.MIN_BUTTON_WIDTH, text_width + 40)

    def _layout(self) -> None:
        """Stack title, message and button row; centre the panel on screen."""
        pad = self.PADDING
        title_h = self.title_label.height() if self.title else 0.0
        message_h = self.message_label.height() if self.message_label.text else 0.0
        rule_gap = 18 if self.title else 0
        height = pad + title_h + rule_gap + message_h + 24 + theme.BUTTON_HEIGHT + pad
        self.rect.size = (self.rect.width, height)
        slide = (1.0 - self._appear) * self.SLIDE_DISTANCE
        self.rect.center = (LOGICAL_SIZE[0] / 2, LOGICAL_SIZE[1] / 2 + slide)
        self.title_label.rect.topleft = (self.rect.x + pad, self.rect.y + pad)
        self.rule_y = self.rect.y + pad + title_h + rule_gap / 2
        self.message_label.rect.topleft = (self.rect.x + pad, self.rect.y + pad + title_h + rule_gap)
        buttons = self.button_widgets
        row_width = sum(b.rect.width for b in buttons) + self.BUTTON_GAP * (len(buttons) - 1)
        x = self.rect.centerx - row_width / 2
        y = self.rect.bottom - pad - theme.BUTTON_HEIGHT
        for button in buttons:
            button.rect.topleft = (x, y)
            x += button.rect.width + self.BUTTON_GAP

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.cancel_index is not None:
            self.button_widgets[self.cancel_index].click()
            return True
        if self.press_key(event):
            return True
        self.buttons.handle_event(event)
        return True

    def press_key(self, event: pygame.event.Event) -> bool:
        """A button's own key (its key cap) pressed: click that button."""
        if event.type != pygame.KEYDOWN:
            return False
        for button in self.button_widgets:
            # (a letter's key code is its lower-case character: pygame.K_y == ord("y"))
            if len(button.key) == 1 and event.key == ord(button.key.lower()):
                button.click()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        ruler = Ruler.of(surface)
        # Darken what is underneath (multiply: no full-screen temp surface).
        keep = round(255 * (1.0 - theme.MODAL_DIM.a / 255 * self.appear))
        surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
        panel = ruler.rect(self.rect)
        cream_panel(surface, panel, ruler)
        if self.title:
            rule_y = ruler.px(self.rule_y)
            inset = ruler.px(self.PADDING + 20)
            pygame.draw.line(
                surface, theme.GOLD, (panel.left + inset, rule_y), (panel.right - inset, rule_y), max(1, ruler.px(2))
            )
        self.title_label.draw(surface)
        self.message_label.draw(surface)
        self.buttons.draw(surface)
