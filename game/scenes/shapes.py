"""Anti-aliased building blocks: rounded panels, soft shadows, speech-bubble
tails and the felt backdrop.

pygame's own rounded rects have jagged corners, so shapes are drawn at 4x and
smoothscaled down. That is slow-ish, hence every shape is cached by its exact
pixel parameters (widgets ask for the same few sizes every frame).
"""

from __future__ import annotations

import pygame

from game.scenes import theme
from game.scenes.layout import Ruler
from game.surface_cache import MB, cached_surfaces

SUPERSAMPLE = 4
RGBA = tuple[int, int, int, int]


def _rgba(color: pygame.Color | tuple[int, ...]) -> RGBA:
    return tuple(pygame.Color(color))  # type: ignore[return-value]


@cached_surfaces(8 * MB)
def _panel(size: tuple[int, int], radius: int, fill: RGBA, border: RGBA | None, border_width: int) -> pygame.Surface:
    width, height = size
    big = pygame.Surface((width * SUPERSAMPLE, height * SUPERSAMPLE), pygame.SRCALPHA)
    big_rect = big.get_rect()
    big_radius = radius * SUPERSAMPLE
    if border is not None and border_width > 0:
        pygame.draw.rect(big, border, big_rect, border_radius=big_radius)
        inset = border_width * SUPERSAMPLE
        pygame.draw.rect(big, fill, big_rect.inflate(-2 * inset, -2 * inset), border_radius=max(0, big_radius - inset))
    else:
        pygame.draw.rect(big, fill, big_rect, border_radius=big_radius)
    return pygame.transform.smoothscale(big, size)


def rounded_panel(
    size: tuple[int, int], radius: int, fill: pygame.Color, border: pygame.Color | None = None, border_width: int = 0
) -> pygame.Surface:
    """A filled rounded rectangle with smooth corners (shared; don't draw on it)."""
    size = (max(1, size[0]), max(1, size[1]))
    radius = max(0, min(radius, size[0] // 2, size[1] // 2))
    return _panel(size, radius, _rgba(fill), None if border is None else _rgba(border), border_width)


@cached_surfaces(8 * MB)
def _shadow(size: tuple[int, int], radius: int, blur: int, color: RGBA) -> pygame.Surface:
    pad = blur * 2
    surface = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(surface, color, pygame.Rect(pad, pad, *size), border_radius=radius)
    if blur > 0:
        surface = pygame.transform.gaussian_blur(surface, blur)
    return surface


def soft_shadow(size: tuple[int, int], radius: int, blur: int, color: pygame.Color) -> tuple[pygame.Surface, int]:
    """A blurred rounded-rect shadow and the padding around `size` it adds
    (blit it at rect.topleft - padding, plus any offset)."""
    size = (max(1, size[0]), max(1, size[1]))
    blur = max(0, blur)
    radius = max(0, min(radius, size[0] // 2, size[1] // 2))
    return _shadow(size, radius, blur, _rgba(color)), blur * 2


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    radius: int,
    fill: pygame.Color,
    border: pygame.Color | None = None,
    border_width: int = 0,
    shadow: pygame.Color | None = None,
    shadow_offset: int = 0,
    shadow_blur: int = 0,
) -> None:
    """Shadow (optional) then panel, at pixel coordinates."""
    if shadow is not None:
        shadow_surface, pad = soft_shadow(rect.size, radius, shadow_blur, shadow)
        surface.blit(shadow_surface, (rect.x - pad, rect.y - pad + shadow_offset))
    surface.blit(rounded_panel(rect.size, radius, fill, border, border_width), rect.topleft)


def cream_panel(surface: pygame.Surface, rect: pygame.Rect, ruler: Ruler, blur: float = 14) -> None:
    """The dialogs' and menus' panel: cream, a thin border, large corners, a soft
    shadow (`rect` in pixels; `blur` in logical units)."""
    draw_panel(
        surface,
        rect,
        ruler.px(theme.RADIUS_LARGE),
        theme.CREAM,
        theme.PANEL_BORDER,
        ruler.px(theme.BORDER),
        theme.SHADOW,
        ruler.px(6),
        ruler.px(blur),
    )


def fading_panel(
    surface: pygame.Surface, content: pygame.Surface, box: pygame.Rect, radius: int, fill, border, alpha: float
) -> None:
    """A rounded panel with `content` centred in it, at `alpha` (0..1) opacity."""
    ruler = Ruler.of(surface)
    panel = rounded_panel(box.size, radius, fill, border, ruler.px(2)).copy()
    panel.blit(content, content.get_rect(center=(box.width // 2, box.height // 2)))
    panel.set_alpha(round(255 * alpha))
    surface.blit(panel, box)


@cached_surfaces(4 * MB)
def _bubble(
    size: tuple[int, int],
    body: tuple[int, int, int, int],
    radius: int,
    tail: tuple[tuple[int, int], tuple[int, int], tuple[int, int]],
    fill: RGBA,
    border: RGBA,
    border_width: int,
) -> pygame.Surface:
    k = SUPERSAMPLE
    big = pygame.Surface((size[0] * k, size[1] * k), pygame.SRCALPHA)
    body_rect = pygame.Rect(body[0] * k, body[1] * k, body[2] * k, body[3] * k)
    tail_points = [(x * k, y * k) for x, y in tail]
    # Outline = whole shape in border colour; then the fill shape shrunk by
    # the border width (the tail's tip pulled towards its base).
    pygame.draw.rect(big, border, body_rect, border_radius=radius * k)
    pygame.draw.polygon(big, border, tail_points)
    inset = border_width * k
    pygame.draw.rect(
        big, fill, body_rect.inflate(-2 * inset, -2 * inset), border_radius=max(0, (radius - border_width) * k)
    )
    base_a, base_b, tip = (pygame.Vector2(p) for p in tail_points)
    base_mid = (base_a + base_b) / 2
    along = tip - base_mid
    length = along.length()
    if length > 0:
        direction = along / length
        inner_tip = tip - direction * inset * 2.4
        # Push the inner base into the body so the fill joins seamlessly.
        inner_a, inner_b = base_a - direction * inset * 2, base_b - direction * inset * 2
        pygame.draw.polygon(big, fill, [inner_a, inner_b, inner_tip])
    return pygame.transform.smoothscale(big, size)


def bubble_surface(
    size: tuple[int, int],
    body: pygame.Rect,
    radius: int,
    tail: tuple[tuple[int, int], tuple[int, int], tuple[int, int]],
    fill: pygame.Color,
    border: pygame.Color,
    border_width: int,
) -> pygame.Surface:
    """A speech bubble: rounded `body` plus a triangular `tail` (base, base,
    tip), all in the local pixel coordinates of a `size` surface."""
    return _bubble(size, tuple(body), radius, tail, _rgba(fill), _rgba(border), border_width)


def felt_background(
    size: tuple[int, int], center: pygame.Color = theme.FELT_LIGHT, edge: pygame.Color = theme.FELT_DARK
) -> pygame.Surface:
    """Felt with a soft vignette: brighter under the lamp, darker at the rim.
    Shared and cached per size: blit it, don't draw on it."""
    return _felt((max(1, size[0]), max(1, size[1])), _rgba(center), _rgba(edge))


@cached_surfaces(16 * MB)  # whole-canvas images: a few sizes
def _felt(size: tuple[int, int], center: RGBA, edge: RGBA) -> pygame.Surface:
    # A tiny radial gradient smoothscaled up: cheap, and smooth at this contrast.
    small_w, small_h = 64, 36
    small = pygame.Surface((small_w, small_h))
    center_color, edge_color = pygame.Color(center), pygame.Color(edge)
    for y in range(small_h):
        for x in range(small_w):
            dx = (x + 0.5) / small_w - 0.5
            dy = ((y + 0.5) / small_h - 0.5) * (small_h / small_w)
            distance = min(1.0, (dx * dx + dy * dy) ** 0.5 / 0.62)
            small.set_at((x, y), center_color.lerp(edge_color, distance**1.6))
    return pygame.transform.smoothscale(small, size)
