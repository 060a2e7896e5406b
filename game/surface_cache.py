"""Caches of rendered surfaces, bounded by the bytes their pixels take.

Scenes cache what they render (scaled and rotated cards, shadows, panels, text)
by its exact pixel parameters. Cards in flight pass through many widths, angles
and flip stages, so those keys are countless: a cache bounded only by a count of
entries (or not at all) kept growing for minutes in a long session, and its
entries differ a hundredfold in size. These caches hold at most `max_bytes` of
pixels and drop the least recently used entry first.

The budgets are given for a 1280x720 canvas; `set_canvas_scale` (called when
the canvas is made) scales them with the canvas area, so a large window keeps
its working set instead of re-rendering every frame.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple, TypeVar

MB = 1 << 20
MAX_AREA_FACTOR = 9.0  # budgets grow with the canvas up to 3x each way (4K)

T = TypeVar("T")

_caches: list[SurfaceCache] = []
_area_factor = 1.0


class CacheInfo(NamedTuple):
    """Like functools' cache_info, plus the bytes held and the byte budget."""

    hits: int
    misses: int
    maxsize: None
    currsize: int
    bytes: int
    max_bytes: int


def surface_bytes(value: Any) -> int:
    """The pixel bytes of a surface, or of the surfaces in a tuple (e.g. (surface, pad))."""
    if isinstance(value, tuple):
        return sum(surface_bytes(item) for item in value)
    get_size = getattr(value, "get_size", None)
    if get_size is None:
        return 0
    width, height = get_size()
    return width * height * value.get_bytesize()


class SurfaceCache:
    """A least-recently-used map whose values' pixel bytes stay within a budget.

    One entry larger than the whole budget is kept alone (it is drawn now);
    everything else is evicted oldest first until the total fits again.
    """

    def __init__(self, max_bytes: int, name: str = "") -> None:
        self.base_bytes = max_bytes
        self.name = name
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self.bytes = 0
        self.hits = 0
        self.misses = 0
        _caches.append(self)

    @property
    def max_bytes(self) -> int:
        return int(self.base_bytes * _area_factor)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def get(self, key: Hashable) -> Any:
        entry = self._items.get(key)
        if entry is None:
            self.misses += 1
            return None
        self.hits += 1
        self._items.move_to_end(key)
        return entry[0]

    def put(self, key: Hashable, value: Any) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        cost = surface_bytes(value)
        self._items[key] = (value, cost)
        self.bytes += cost
        self._evict()

    def _evict(self) -> None:
        limit = self.max_bytes
        while self.bytes > limit and len(self._items) > 1:
            _key, (_value, cost) = self._items.popitem(last=False)
            self.bytes -= cost

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def info(self) -> CacheInfo:
        return CacheInfo(self.hits, self.misses, None, len(self._items), self.bytes, self.max_bytes)


def cached_surfaces(max_bytes: int) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Decorator: memoise a renderer (hashable positional arguments) in a SurfaceCache.

    Offers `cache_info()` and `cache_clear()` like functools.lru_cache, and the
    cache itself as `.cache`. Drawing happens on the main thread only.
    """

    def decorate(render: Callable[..., T]) -> Callable[..., T]:
        cache = SurfaceCache(max_bytes, render.__qualname__)

        @functools.wraps(render)
        def cached(*args: Hashable) -> T:
            value = cache.get(args)
            if value is None:
                value = render(*args)
                cache.put(args, value)
            return value

        cached.cache = cache  # type: ignore[attr-defined]
        cached.cache_info = cache.info  # type: ignore[attr-defined]
        cached.cache_clear = cache.clear  # type: ignore[attr-defined]
        return cached

    return decorate


def set_canvas_scale(scale: float) -> None:
    """Scale every budget with the canvas area (scale 1 = 1280x720), within limits."""
    global _area_factor
    _area_factor = min(MAX_AREA_FACTOR, max(1.0, scale * scale))
    for cache in _caches:
        cache._evict()


def total_bytes() -> int:
    """Pixel bytes held by all surface caches (for benchmarks and tests)."""
    return sum(cache.bytes for cache in _caches)


def clear_all() -> None:
    for cache in _caches:
        cache.clear()
