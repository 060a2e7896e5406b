"""Bots think on a worker thread so the window never blocks.

The table asks for a move with `request(seat, bot, observation)`; every frame
it calls `poll()`, which returns the finished move (or None while the bot is
still thinking). A new request or `cancel()` (a new deal, a new game) replaces the
one awaited, so a late answer to an older request is never returned; the table also
checks that an answer is for the position it is showing.

The bot gets only the Observation, an immutable snapshot, and one thread runs the
decisions in order; the window reads the bot (`explain()`) only once its answer is done.
`threaded=False` runs the bot at once on the calling thread (for tools that want no
threads at all).

Python runs one thread at a time (the GIL): a bot searching without pause would take
half the window's time and double every frame. So the window draws each frame inside
`FRAME_GATE.drawing()`, and a thinking bot waits at its yield points (`Bot.yield_point`:
before each of Hard's worlds and each move of its playouts) until the frame is done, for
`MOST_WAIT_A_DECISION` at most in a decision: frames drawn back to back (a slow machine)
would otherwise keep a search by the clock from finishing even one world in time.
Better still, a searching bot (Hard) on a threaded runner plays its worlds in the app's
worker processes (`SEARCH_POOL`, game/bots/search_pool.py: the cores but one), started at
its first search: its thread then only waits for their answers, and a machine of more
cores plays more worlds in the same time. Until they are up, or if none can run, it
searches on its thread as above.
"""

from __future__ import annotations

import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager

from game.bots.search_pool import SearchPool, workers_for_this_machine
from game.rules import Move, Observation

# The longest a bot waits for one frame: a frame that never ends (a bug, a debugger) slows
# the bot, never stops it.
LONGEST_WAIT = 0.1
# The most a bot waits for frames in one decision; past it, it thinks through them. Frames of
# 5 ms at 60 Hz cost a half-second decision about 0.15 s of waiting.
MOST_WAIT_A_DECISION = 0.25


class FrameGate:
    """Closed while the window draws a frame; bots on worker threads wait at it."""

    def __init__(self, longest_wait: float = LONGEST_WAIT, most_a_decision: float = MOST_WAIT_A_DECISION) -> None:
        self._open = threading.Event()
        self._open.set()
        self.longest_wait = longest_wait
        self.most_a_decision = most_a_decision

    @contextmanager
    def drawing(self) -> Iterator[None]:
        self._open.clear()
        try:
            yield
        finally:
            self._open.set()

    @property
    def in_frame(self) -> bool:
        return not self._open.is_set()

    def wait(self) -> None:
        """Return at once between frames; during one, once it is drawn (or `longest_wait`)."""
        self._open.wait(self.longest_wait)

    def allowance(self, clock: Callable[[], float] = time.monotonic) -> Callable[[], None]:
        """A yield point for one decision: waits as `wait` does until it has waited
        `most_a_decision` seconds in all, then returns at once."""
        left = self.most_a_decision

        def yield_point() -> None:
            nonlocal left
            if left <= 0 or self._open.is_set():
                return
            began = clock()
            self._open.wait(min(self.longest_wait, left))
            left -= clock() - began

        return yield_point


FRAME_GATE = FrameGate()  # the window's: one window a process


class SharedSearchPool:
    """The app's search workers: started when a bot first searches on a runner's thread,
    shared by every table, stopped when the window closes (and started again if a later
    table searches)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers_for_this_machine() if workers is None else workers
        self._pool: SearchPool | None = None
        self.failed: str | None = None  # why the workers could not start: the bots search on their thread
        self._lock = threading.Lock()  # two tables' bot threads (one closing) never start two pools

    def get(self) -> SearchPool | None:
        with self._lock:
            if self._pool is None and self.workers > 0 and self.failed is None:
                try:
                    self._pool = SearchPool(self.workers)
                except Exception as error:  # noqa: BLE001 - no processes here (a sandbox, a build without multiprocessing): search on the thread
                    self.failed = f"{type(error).__name__}: {error}"
            return self._pool

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()


SEARCH_POOL = SharedSearchPool()  # the app's: one window a process


class BotRunner:
    def __init__(
        self, threaded: bool = True, gate: FrameGate = FRAME_GATE, search_pool: SharedSearchPool | None = SEARCH_POOL
    ) -> None:
        self.threaded = threaded
        self.gate = gate
        self.search_pool = search_pool if threaded else None  # on the calling thread, no workers
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot") if threaded else None
        self._future: Future | None = None
        self._seat: int | None = None
        self.last_error: str | None = None

    @property
    def thinking(self) -> bool:
        return self._future is not None and not self._future.done()

    def request(self, seat: int, bot, observation: Observation) -> None:
        """Start the bot of `seat` thinking about `observation` (replaces any request)."""
        self._seat = seat
        if self._executor is None:
            future: Future = Future()
            future.set_result(self._think(bot, observation))
            self._future = future
        else:
            self._future = self._executor.submit(self._think, bot, observation)

    def _think(self, bot, observation: Observation) -> Move:
        shared = self.search_pool
        lend = shared is not None and getattr(bot, "searches", False)
        try:
            if self._executor is not None:  # on the worker: let the window's frames go first
                bot.yield_point = self.gate.allowance()
            if lend and shared is not None:
                bot.search_pool = shared.get()
            return bot.act(observation)
        except Exception:  # a broken bot must not freeze the table: play any legal move, and say so
            self.last_error = traceback.format_exc()
            print(f"canasta: a bot failed and played its first legal move:\n{self.last_error}", file=sys.stderr)
            return observation.legal[0]
        finally:
            bot.yield_point = None
            if lend:
                bot.search_pool = None

    def poll(self) -> tuple[int, Move] | None:
        """(seat, move) once the current request is answered, exactly once."""
        future = self._future
        if future is None or not future.done():
            return None
        self._future = None
        return self._seat, future.result()  # type: ignore[return-value]

    def wait(self, timeout: float | None = None) -> None:
        """Block until the current request is answered (tests and tools only)."""
        if self._future is not None:
            self._future.exception(timeout)

    def cancel(self) -> None:
        """Forget the current request; its answer, when it comes, is dropped."""
        self._future = None
        self._seat = None

    def close(self) -> None:
        self.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
