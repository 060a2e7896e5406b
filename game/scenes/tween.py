"""Time-based tweens (numbers and 2-D points), easing functions, and a group.

Tweens advance only through `update(dt)` so animation speed is independent of
frame rate and tests can tick them deterministically. `retarget` restarts from
the *current* value, so a card that is re-sent somewhere mid-flight never jumps.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Easing = Callable[[float], float]
Point = tuple[float, float]
T = TypeVar("T", float, Point)


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing: the natural feel for dealt/moved cards."""
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Slow at both ends: for camera-like moves and fades."""
    if t < 0.5:
        return 4.0 * t * t * t
    return 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


ease_in_out = ease_in_out_cubic


def _lerp_number(a: float, b: float, k: float) -> float:
    return a + (b - a) * k


def _lerp_point(a: Point, b: Point, k: float) -> Point:
    return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)


class _TweenBase(Generic[T]):
    """Shared clock/easing logic; subclasses only say how to interpolate."""

    def __init__(
        self,
        start: T,
        end: T,
        duration: float,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        self.start: T = start
        self.end: T = end
        self.duration = max(0.0, duration)
        self.easing = easing
        self.delay = max(0.0, delay)
        self.on_done = on_done
        self.elapsed = 0.0
        self._done_reported = False

    def _lerp(self, a: T, b: T, k: float) -> T:
        raise NotImplementedError

    @property
    def progress(self) -> float:
        """Linear time progress in [0, 1] (before easing)."""
        if self.duration <= 0.0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> T:
        progress = self.progress
        if progress >= 1.0:
            return self.end  # exact, no float drift at rest
        return self._lerp(self.start, self.end, self.easing(progress))

    @property
    def done(self) -> bool:
        return self.progress >= 1.0

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += max(0.0, dt)
        if self.done and not self._done_reported:
            self._done_reported = True
            if self.on_done is not None:
                self.on_done()

    def retarget(self, new_end: T, duration: float | None = None, easing: Easing | None = None) -> None:
        """Head for `new_end` starting from wherever the tween is right now."""
        self.start = self.value
        self.end = new_end
        if duration is not None:
            self.duration = max(0.0, duration)
        if easing is not None:
            self.easing = easing
        self.elapsed = 0.0
        self.delay = 0.0
        self._done_reported = False

    def finish(self) -> None:
        """Jump to the end (e.g. the player skips an animation)."""
        if not self.done:
            self.elapsed = self.delay + self.duration
            if not self._done_reported:
                self._done_reported = True
                if self.on_done is not None:
                    self.on_done()

    def snap(self, value: T) -> None:
        """Put the tween at rest on `value` with no animation."""
        self.start = self.end = value
        self.elapsed = self.delay + self.duration
        self._done_reported = True


class Tween(_TweenBase[float]):
    """Animates a single number."""

    def _lerp(self, a: float, b: float, k: float) -> float:
        return _lerp_number(a, b, k)


class PointTween(_TweenBase[Point]):
    """Animates an (x, y) point along a straight line."""

    def __init__(
        self,
        start: Point,
        end: Point,
        duration: float,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(
            (float(start[0]), float(start[1])), (float(end[0]), float(end[1])), duration, easing, delay, on_done
        )

    def _lerp(self, a: Point, b: Point, k: float) -> Point:
        return _lerp_point(a, b, k)

    def retarget(self, new_end: Point, duration: float | None = None, easing: Easing | None = None) -> None:
        super().retarget((float(new_end[0]), float(new_end[1])), duration, easing)


AnyTween = _TweenBase  # for type hints: Tween or PointTween


class TweenGroup:
    """Owns running tweens, ticks them with a shared speed multiplier.

    `speed` scales time for every tween (2.0 = twice as fast, the "fast
    animations" option); `math.inf` finishes everything on the next update.
    Keyed tweens (`animate`) are re-targeted instead of duplicated, which is
    how a card already in motion gets redirected.
    """

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self._tweens: list[_TweenBase] = []
        self._keyed: dict[Hashable, _TweenBase] = {}

    def add(self, tween: _TweenBase) -> _TweenBase:
        self._tweens.append(tween)
        return tween

    def animate(self, key: Hashable, start: T, end: T, duration: float, easing: Easing = ease_out_cubic) -> _TweenBase:
        """Start a tween under `key`, or re-target the one already running there."""
        running = self._keyed.get(key)
        if running is not None and not running.done:
            running.retarget(end, duration, easing)
            return running
        tween: _TweenBase
        if isinstance(start, tuple):
            tween = PointTween(start, end, duration, easing)
        else:
            tween = Tween(float(start), float(end), duration, easing)
        self._keyed[key] = tween
        return self.add(tween)

    def get(self, key: Hashable) -> _TweenBase | None:
        return self._keyed.get(key)

    @property
    def busy(self) -> bool:
        """True while any tween is still moving (e.g. to hold input or bots)."""
        return any(not tween.done for tween in self._tweens)

    def __len__(self) -> int:
        return len(self._tweens)

    def update(self, dt: float) -> None:
        scaled = math.inf if math.isinf(self.speed) else dt * self.speed
        for tween in list(self._tweens):  # on_done callbacks may add tweens
            if math.isinf(scaled):
                tween.finish()
            else:
                tween.update(scaled)
        self._prune()

    def _prune(self) -> None:
        self._tweens = [tween for tween in self._tweens if not tween.done]
        self._keyed = {key: tween for key, tween in self._keyed.items() if not tween.done}

    def finish_all(self) -> None:
        """Jump every tween to its end, including ones spawned by on_done."""
        for _ in range(100):  # bounded: on_done chains could otherwise loop forever
            pending = [tween for tween in self._tweens if not tween.done]
            if not pending:
                break
            for tween in pending:
                tween.finish()
        self._prune()

    def clear(self) -> None:
        """Drop all tweens where they are, without finishing them."""
        self._tweens.clear()
        self._keyed.clear()
