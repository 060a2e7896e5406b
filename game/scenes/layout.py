"""Logical resolution: lay out in 1280x720, show it at any window size.

Scenes and widgets use logical coordinates only. Each frame they draw onto a
`Canvas` whose pixel size matches the on-screen viewport (so text and cards
are rasterized at the real resolution and stay crisp, HiDPI included); a
`Ruler` turns logical lengths into that canvas's pixels. The viewport keeps
16:9 and is letterboxed inside the window.

Three coordinate spaces:
  logical   - 1280x720, what game code thinks in;
  window    - SDL window points, what mouse events report;
  drawable  - real pixels of the display surface (window x pixel ratio on HiDPI).
"""

from __future__ import annotations

import math

import pygame

from game import surface_cache

LOGICAL_SIZE: tuple[int, int] = (1280, 720)
Point = tuple[float, float]

# Mouse events whose `pos` (and `rel`) must be mapped into logical space.
_POSITIONED_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class Canvas(pygame.Surface):
    """A draw target that knows how many pixels one logical unit covers."""

    def __init__(self, size: tuple[int, int], scale: float, flags: int = 0) -> None:
        super().__init__(size, flags)
        self.scale = scale


class Ruler:
    """Logical -> pixel conversion for one draw target.

    `Ruler.of(surface)` reads a Canvas's scale; a plain Surface counts as
    scale 1 (screenshots, tests, offscreen 1280x720 renders).
    """

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale

    @classmethod
    def of(cls, surface: pygame.Surface) -> Ruler:
        return cls(getattr(surface, "scale", 1.0))

    def px(self, length: float) -> int:
        """A logical length in whole pixels (never below 1 for non-zero input)."""
        pixels = round(length * self.scale)
        return max(1, pixels) if length > 0 and pixels == 0 else pixels

    def point(self, point: Point) -> tuple[int, int]:
        return (round(point[0] * self.scale), round(point[1] * self.scale))

    def size(self, size: Point) -> tuple[int, int]:
        return (self.px(size[0]), self.px(size[1]))

    def rect(self, rect: pygame.Rect | pygame.FRect | tuple[float, float, float, float]) -> pygame.Rect:
        """Round edges (not width/height) so adjacent rects never gap or overlap."""
        x, y, w, h = rect
        left, top = round(x * self.scale), round(y * self.scale)
        right, bottom = round((x + w) * self.scale), round((y + h) * self.scale)
        return pygame.Rect(left, top, right - left, bottom - top)

    def logical(self, rect: pygame.Rect | pygame.FRect) -> pygame.FRect:
        """A rect in pixels (as drawn) in logical units."""
        scale = self.scale
        return pygame.FRect(rect.x / scale, rect.y / scale, rect.width / scale, rect.height / scale)


def box_middle(box: pygame.Rect) -> tuple[float, float]:
    """The middle of a box in pixels, unrounded (a box of an odd height has it between two
    rows: centring on `Rect.center` put a label half a pixel off, then rounded a pixel off)."""
    return (box.x + box.width / 2, box.y + box.height / 2)


class Layout:
    """Maps the logical space into a letterboxed viewport of the window."""

    def __init__(
        self,
        logical_size: tuple[int, int] = LOGICAL_SIZE,
        window_size: tuple[int, int] | None = None,
        drawable_size: tuple[int, int] | None = None,
    ) -> None:
        self.logical_size = logical_size
        self.window_size: tuple[int, int] = logical_size
        self.drawable_size: tuple[int, int] = logical_size
        self.scale = 1.0
        self.viewport = pygame.Rect((0, 0), logical_size)
        self._bar_cache: dict[str, tuple[object, pygame.Surface]] = {}  # a bar's key and picture, by side
        self.resize(window_size or logical_size, drawable_size)

    # -- setup ---------------------------------------------------------------
    def resize(self, window_size: tuple[int, int], drawable_size: tuple[int, int] | None = None) -> None:
        """Recompute for a window of `window_size` points backed by
        `drawable_size` pixels (defaults to the same: no HiDPI)."""
        self.window_size = (max(1, window_size[0]), max(1, window_size[1]))
        drawable = drawable_size or self.window_size
        self.drawable_size = (max(1, drawable[0]), max(1, drawable[1]))
        logical_w, logical_h = self.logical_size
        draw_w, draw_h = self.drawable_size
        self.scale = min(draw_w / logical_w, draw_h / logical_h)
        view_w = min(draw_w, round(logical_w * self.scale))
        view_h = min(draw_h, round(logical_h * self.scale))
        self.viewport = pygame.Rect((draw_w - view_w) // 2, (draw_h - view_h) // 2, view_w, view_h)

    def sync_with_display(self) -> None:
        """Read the current window; call after set_mode and on VIDEORESIZE /
        WINDOWSIZECHANGED / WINDOWDISPLAYCHANGED."""
        surface = pygame.display.get_surface()
        if surface is None:
            raise pygame.error("no display mode set")
        self.resize(pygame.display.get_window_size(), surface.get_size())

    @property
    def pixel_ratio(self) -> tuple[float, float]:
        """Drawable pixels per window point (2.0 on a typical Retina screen)."""
        return (self.drawable_size[0] / self.window_size[0], self.drawable_size[1] / self.window_size[1])

    # -- coordinates ---------------------------------------------------------
    def drawable_to_logical(self, pos: Point) -> Point:
        return ((pos[0] - self.viewport.x) / self.scale, (pos[1] - self.viewport.y) / self.scale)

    def logical_to_drawable(self, pos: Point) -> Point:
        return (pos[0] * self.scale + self.viewport.x, pos[1] * self.scale + self.viewport.y)

    def window_to_logical(self, pos: Point) -> Point:
        ratio_x, ratio_y = self.pixel_ratio
        return self.drawable_to_logical((pos[0] * ratio_x, pos[1] * ratio_y))

    def logical_to_window(self, pos: Point) -> Point:
        ratio_x, ratio_y = self.pixel_ratio
        x, y = self.logical_to_drawable(pos)
        return (x / ratio_x, y / ratio_y)

    def in_logical_bounds(self, logical_pos: Point) -> bool:
        """False for points on the letterbox bars."""
        return 0 <= logical_pos[0] < self.logical_size[0] and 0 <= logical_pos[1] < self.logical_size[1]

    def translate_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """Copy of a mouse event with `pos`/`rel` in logical units (the raw
        window position is kept as `window_pos`); other events pass through."""
        if event.type not in _POSITIONED_EVENTS or not hasattr(event, "pos"):
            return event
        attributes = dict(event.dict)
        attributes["window_pos"] = event.pos
        attributes["pos"] = self.window_to_logical(event.pos)
        if "rel" in attributes:
            ratio_x, ratio_y = self.pixel_ratio
            rel_x, rel_y = attributes["rel"]
            attributes["rel"] = (rel_x * ratio_x / self.scale, rel_y * ratio_y / self.scale)
        return pygame.event.Event(event.type, attributes)

    # -- rendering -----------------------------------------------------------
    @property
    def canvas_size(self) -> tuple[int, int]:
        return self.viewport.size

    def make_canvas(self) -> Canvas:
        """A canvas matching the viewport pixel-for-pixel (re-make after resize)."""
        surface_cache.set_canvas_scale(self.scale)  # render caches grow with the pixels drawn
        return Canvas(self.canvas_size, self.scale)

    def canvas_fits(self, canvas: pygame.Surface) -> bool:
        return canvas.get_size() == self.canvas_size and math.isclose(getattr(canvas, "scale", 1.0), self.scale)

    def present(
        self,
        canvas: pygame.Surface,
        target: pygame.Surface,
        bar_color: pygame.typing.ColorLike = (0, 0, 0),
        continue_edges: bool = False,
    ) -> None:
        """Put the canvas into the viewport of `target`, letterbox bars around it: of
        `bar_color`, or (`continue_edges`) the canvas's edge drawn on into each bar, darkening
        to `bar_color` at the window's edge, so a 4:3 or portrait window shows the felt (and
        a dialog's dimming) going on past the table rather than two black bands."""
        if canvas.get_size() != self.viewport.size:  # stale canvas mid-resize: stretch rather than show garbage
            canvas = pygame.transform.smoothscale(canvas, self.viewport.size)
        for bar, edge, toward_window in self._bars_and_edges():
            if not continue_edges:
                target.fill(bar_color, bar)
                continue
            target.blit(self._continued_bar(canvas.subsurface(edge), bar.size, toward_window, bar_color), bar)
        target.blit(canvas, self.viewport)

    def _continued_bar(
        self, edge: pygame.Surface, size: tuple[int, int], toward_window: str, color: pygame.typing.ColorLike
    ) -> pygame.Surface:
        """A bar drawn from the canvas's edge, shaded; made again only when that edge changes
        (a dialog's dimming), since shading a big window's bars each frame cost several ms."""
        key = (size, pygame.image.tobytes(edge, "RGB"), tuple(pygame.Color(color)))
        made = self._bar_cache.get(toward_window)
        if made is not None and made[0] == key:
            return made[1]
        bar = pygame.transform.smoothscale(_felt_of(edge), size)
        shade = pygame.Color(color)
        bar.blit(_bar_shade(size, toward_window, (shade.r, shade.g, shade.b)), (0, 0))
        self._bar_cache[toward_window] = (key, bar)
        return bar

    def _bars_and_edges(self) -> list[tuple[pygame.Rect, pygame.Rect, str]]:
        """Each letterbox bar (drawable pixels), the canvas's line of pixels beside it, and
        which way the window's edge lies ("left", "right", "up", "down")."""
        width, height = self.drawable_size
        view = self.viewport
        last_x, last_y = view.width - 1, view.height - 1
        found: list[tuple[pygame.Rect, pygame.Rect, str]] = []
        if view.left > 0:
            found.append((pygame.Rect(0, view.top, view.left, view.height), pygame.Rect(0, 0, 1, view.height), "left"))
        if view.right < width:
            bar = pygame.Rect(view.right, view.top, width - view.right, view.height)
            found.append((bar, pygame.Rect(last_x, 0, 1, view.height), "right"))
        if view.top > 0:
            found.append((pygame.Rect(view.left, 0, view.width, view.top), pygame.Rect(0, 0, view.width, 1), "up"))
        if view.bottom < height:
            bar = pygame.Rect(view.left, view.bottom, view.width, height - view.bottom)
            found.append((bar, pygame.Rect(0, last_y, view.width, 1), "down"))
        return found


# The felt of an edge (`_felt_of`): read at EDGE_SAMPLES points along it (5 units apart at any
# window size), each the median of the 2 * EDGE_REACH + 1 points around it (205 units).
EDGE_SAMPLES = 256
EDGE_REACH = 20


def _felt_of(edge: pygame.Surface) -> pygame.Surface:
    """The felt along a canvas's edge without what lies on it: each point the median of its
    neighbours, so a thing under 100 units wide touching the edge (the player's name tag at
    the bottom, at a window size whose scale rounds it onto the last row) is left out where a
    bar drawn from the edge itself smeared it down to the window's edge (play-test, stop 49),
    and the felt's shading and a dialog's dimming, which change slowly along it, are kept."""
    along_x = edge.get_width() >= edge.get_height()
    count = min(EDGE_SAMPLES, max(edge.get_size()))
    shape = (count, 1) if along_x else (1, count)
    raw = pygame.image.tobytes(pygame.transform.scale(edge, shape), "RGB")  # (nearest: nothing blended in)
    points = [raw[i : i + 3] for i in range(0, 3 * count, 3)]
    felt = bytearray()
    for index in range(count):
        around = points[max(0, index - EDGE_REACH) : index + EDGE_REACH + 1]
        for channel in range(3):
            felt.append(sorted(point[channel] for point in around)[len(around) // 2])
    return pygame.image.frombytes(bytes(felt), shape, "RGB")


@surface_cache.cached_surfaces(4 * surface_cache.MB)  # two bars a window (grows with the canvas, as every cache)
def _bar_shade(size: tuple[int, int], toward_window: str, color: tuple[int, int, int]) -> pygame.Surface:
    """A bar's darkening, as the felt's vignette: clear beside the table, nearly `color` at
    the window's edge (re-made only when a dialog's dimming changes the edge, `_continued_bar`)."""
    steps = 32
    across_x = toward_window in ("left", "right")
    line = pygame.Surface((steps, 1) if across_x else (1, steps), pygame.SRCALPHA)
    for step in range(steps):
        to_window = (step + 0.5) / steps  # 0 beside the table, 1 at the window's edge
        if toward_window in ("left", "up"):
            to_window = 1.0 - to_window
        alpha = round(255 * 0.85 * to_window**1.6)  # (slow beside the table: no seam)
        line.set_at((step, 0) if across_x else (0, step), (*color, alpha))
    return pygame.transform.smoothscale(line, size)
