"""Render caches stay within a byte budget (issue 13, item 6: memory kept growing in a
long bots-only session because scaled and rotated card images of cards in flight
were cached without a bound on what they hold).

What a cache holds is measured from outside: every surface handed out is tracked by a
weak reference, and after the caller has dropped them, the ones still alive are the
ones the caches keep.
"""

from __future__ import annotations

import gc
import weakref

import pygame
import pytest

from game import assets, surface_cache
from game.rules import Card
from game.scenes import shapes, table_view, text
from game.scenes.animations import CardSprite
from game.scenes.table_layout import Placement
from game.surface_cache import MB, SurfaceCache, cached_surfaces

FACES = ["HA", "H7", "HK", "C9", "CQ", "DJ", "D4", "SA", "S10", "S2", "JK", "H3", "C3", "B2"]


class Held:
    """Weak references to surfaces handed out; what is still alive is what caches hold."""

    def __init__(self) -> None:
        self.refs: dict[int, tuple[weakref.ref, int]] = {}

    def add(self, surface: pygame.Surface) -> None:
        self.refs[id(surface)] = (weakref.ref(surface), surface_cache.surface_bytes(surface))

    def bytes(self) -> int:
        gc.collect()
        return sum(cost for ref, cost in self.refs.values() if ref() is not None)


@pytest.fixture(autouse=True)
def fresh_caches():
    surface_cache.set_canvas_scale(1.0)
    surface_cache.clear_all()
    assets.clear_caches()
    yield
    surface_cache.clear_all()
    assets.clear_caches()


def square(side: int) -> pygame.Surface:
    return pygame.Surface((side, side), pygame.SRCALPHA)  # side * side * 4 bytes


# -- the cache itself ------------------------------------------------------------


def test_cache_evicts_least_recently_used_to_stay_within_its_bytes():
    cache = SurfaceCache(10 * 40_000)  # room for ten 100x100 RGBA surfaces
    for key in range(10):
        cache.put(key, square(100))
    assert cache.get(0) is not None  # 0 is now the most recently used
    cache.put(10, square(100))
    assert len(cache) == 10 and cache.bytes == 10 * 40_000
    assert 1 not in cache and 0 in cache and 10 in cache
    for key in range(1000):  # many distinct inputs: still bounded
        cache.put(("more", key), square(100))
        assert cache.bytes <= cache.max_bytes
    assert len(cache) == 10


def test_cache_counts_replaced_entries_once_and_keeps_one_oversized_entry():
    cache = SurfaceCache(50_000)
    cache.put("a", square(50))
    cache.put("a", square(60))
    assert cache.bytes == 60 * 60 * 4 and len(cache) == 1
    cache.put("huge", square(200))  # larger than the whole budget: kept alone
    assert list(cache._items) == ["huge"] and cache.bytes == 200 * 200 * 4
    cache.put("b", (square(10), 7))  # tuples (surface, padding) count their surfaces
    assert list(cache._items) == ["b"] and cache.bytes == 400
    cache.clear()
    assert len(cache) == 0 and cache.bytes == 0


def test_decorated_renderer_returns_the_cached_surface_and_clears():
    calls = []

    @cached_surfaces(1 * MB)
    def render(side: int) -> pygame.Surface:
        calls.append(side)
        return square(side)

    first = render(20)
    assert render(20) is first and calls == [20]
    info = render.cache_info()
    assert (info.hits, info.misses, info.currsize, info.bytes) == (1, 1, 1, 1600)
    render.cache_clear()
    assert render(20) is not first and calls == [20, 20]


def test_budgets_follow_the_canvas_area_and_shrink_back():
    cache = SurfaceCache(100_000)
    try:
        surface_cache.set_canvas_scale(2.0)  # four times the pixels
        assert cache.max_bytes == 400_000
        for key in range(30):
            cache.put(key, square(100))  # 40 000 bytes each
        assert len(cache) == 10
        surface_cache.set_canvas_scale(1.0)  # the window shrinks: the excess goes at once
        assert cache.bytes <= 100_000 and len(cache) == 2
        surface_cache.set_canvas_scale(100.0)
        assert cache.max_bytes == 100_000 * surface_cache.MAX_AREA_FACTOR
    finally:
        surface_cache.set_canvas_scale(1.0)
        surface_cache._caches.remove(cache)


# -- the app's caches ---------------------------------------------------------------


def test_scaled_card_images_stay_bounded_over_many_widths():
    """Cards in flight ask for every width between their start and end; before the fix
    each (card, width) image was kept for good (~100 MB here)."""
    held = Held()
    for width in range(100, 200):
        for face in FACES[:8]:
            held.add(assets.card_image(face, 0, width))
    assert held.bytes() <= 16 * MB
    # A recent image is still served from the cache.
    assert assets.card_image("B2", 0, 199) is assets.card_image("B2", 0, 199)


def test_drawn_cards_in_flight_stay_bounded(monkeypatch):
    """draw_card at ever new angles, widths and flip stages (what a long session does):
    the rotated images and shadows it keeps stay within a few tens of MB (before the
    fix the caches counted entries, not bytes: about 100 MB here)."""
    surface = pygame.Surface((1280, 720))
    held = Held()
    original = (table_view._card_pixels, table_view._card_shadow)

    def tracking(function):
        def call(*args):
            value = function(*args)
            held.add(value[0] if isinstance(value, tuple) else value)
            return value

        return call

    # The shadows' blur is slow and does not change their size: skip it to keep the test fast.
    monkeypatch.setattr(pygame.transform, "gaussian_blur", lambda image, radius: image)
    table_view._card_pixels, table_view._card_shadow = (tracking(f) for f in original)
    try:
        for step in range(250):
            card = Card.parse(FACES[step % 10])
            sprite = CardSprite(card, Placement(640, 360, 180 + step % 23, angle=(step * 7) % 360))
            table_view.draw_card(surface, sprite, lifted=step % 2 == 0)
    finally:
        table_view._card_pixels, table_view._card_shadow = original
    assert held.bytes() <= 32 * MB


def test_both_copies_of_a_card_share_one_rendered_image():
    surface = pygame.Surface((1280, 720))
    table_view._card_pixels.cache_clear()
    for copy in (0, 1):
        sprite = CardSprite(Card.parse("HK", copy), Placement(300, 300, 80, angle=12))
        table_view.draw_card(surface, sprite)
    assert table_view._card_pixels.cache_info().currsize == 1


def test_text_and_panel_caches_stay_bounded_in_bytes():
    """A count of entries does not bound memory when entries differ a hundredfold in
    size: large labels and panels must not pile up either."""
    held = Held()
    for n in range(300):
        held.add(text.text_image(f"Round {n}: {n * 37} points to the partnership", 60, True, (0, 0, 0, 255)))
    assert held.bytes() <= 4 * MB
    for n in range(60):
        held.add(shapes.rounded_panel((400 + n, 300), 12, pygame.Color(250, 240, 220), pygame.Color(0, 0, 0), 2))
    assert held.bytes() <= 4 * MB + 8 * MB
