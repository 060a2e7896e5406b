"""Hard's worlds played in worker processes beside the table.

Flat Monte Carlo splits without loss: each worker plays its own worlds (its own seed),
every candidate in each, and the bot merges the values world by world
(`hard.merge_runs`) before it chooses. A machine of N cores gives the table N - 1
workers (`workers_for_this_machine`): the window's process then only waits for the
answers, so its frames keep a core of their own, and more cores play more worlds in the
same half second (two workers on two cores: 1.6-2 times one process's worlds).

    pool = SearchPool(workers=2)      # spawned now; each says when it is ready
    hard.search_pool = pool           # the table's bot runner does this
    pool.close()                      # the app closes: the workers stop

The workers are spawned (nothing of the window is copied into them) and run only
`game.bots`. What crosses is the bot's settings (a copy of the bot without the table's
parts), the observation and the candidates, and back the values: plain data between
our own processes. A worker whose parent is gone (the app closed or killed) finds its
end of the pipe closed and stops. A worker that dies or misses the budget by more than
`GRACE` is left out. When no worker can take a decision (none started yet, all dead or
busy, or the pool in use by another thread) the bot searches on its own thread as before;
when every worker missed the budget there is no time left, and the bot keeps Normal's move.
Decisions searched this way depend on the workers' timing, as any search by the clock
does; `iterations` (tests) gives each ready worker its share of a fixed number of worlds
(rounded up), so with the same workers ready the answer is the same on every run.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import pickle
import random
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from typing import TYPE_CHECKING, Any, Protocol

from game.rules import Move, Observation

if TYPE_CHECKING:
    from .hard import HardBot

GRACE = 0.25  # seconds past the budget a worker may answer in before it is left out
FIXED_WORLDS_WAIT = 60.0  # seconds a fixed number of worlds is waited for (a wedged worker)
CLOSE_WAIT = 0.5  # seconds the workers get to stop on their own when the app closes
WORKER_NICENESS = 5  # the window comes first where a worker shares its core
MOST_WORKERS = 7
Values = list[list[float]]


def workers_for_this_machine(cores: int | None = None) -> int:
    """The cores but one (the window's), at most MOST_WORKERS; 0 on one core."""
    if cores is None:
        cores = os.cpu_count() or 1
    return max(0, min(MOST_WORKERS, cores - 1))


def _worker_main(conn: Connection) -> None:
    """A worker: says it is ready, then plays each job's worlds and sends the values back."""
    if hasattr(signal, "SIGINT"):
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the app's to handle; it closes us
    if hasattr(os, "nice"):
        try:
            os.nice(WORKER_NICENESS)
        except OSError:
            pass
    from . import hard  # noqa: F401  (imported before "ready": the first search is not the one to pay for it)

    try:
        conn.send(("ready", None, None))
        while True:
            job = conn.recv()
            if job is None:
                return
            job_id, blob, seed = job
            try:
                bot, obs, moves, budget = pickle.loads(blob)  # our own process's bytes, not a user's
                reply: tuple[Any, Any, Any] = (job_id, bot.worlds_for(obs, moves, random.Random(seed), budget), None)
            except Exception as error:  # noqa: BLE001 - reported to the bot, which searches itself
                reply = (job_id, None, f"{type(error).__name__}: {error}")
            conn.send(reply)
    except (EOFError, OSError):
        return  # the table's process is gone (closed or killed): so is its search


class WorkerProcess(Protocol):
    """What the pool uses of a worker's process (multiprocessing.Process has it)."""

    def is_alive(self) -> bool: ...
    def join(self, timeout: float | None = None) -> None: ...
    def terminate(self) -> None: ...


class _Worker:
    """The pool's end of one worker: its pipe, its process, and what it is doing."""

    def __init__(self, conn: Connection, process: WorkerProcess) -> None:
        self.conn = conn
        self.process = process
        self.ready = False
        self.waiting_for: int | None = None  # a job it missed the budget of: busy until it answers
        self.failed = False

    def drain(self) -> list[tuple[Any, Any, Any]]:
        """Every message waiting from the worker (a message begun is read whole; the pool's
        lock keeps a second thread from reading the same pipe)."""
        got = []
        try:
            while self.conn.poll():
                got.append(self.conn.recv())
        except (EOFError, OSError):
            self.failed = True
        for kind, _, _ in got:
            if kind == "ready":
                self.ready = True
            elif kind == self.waiting_for:
                self.waiting_for = None  # answered (a late answer to an older job is dropped)
        return got

    def alive(self) -> bool:
        """False once the worker has died or its pipe failed (it is then left out for good)."""
        if self.failed or not self.process.is_alive():
            self.failed = True
        return not self.failed

    def usable(self) -> bool:
        """Started, alive and free (reads what it has sent: a method, not a property)."""
        if not self.alive():
            return False
        self.drain()
        return self.ready and self.waiting_for is None and not self.failed


def spawn_worker(index: int) -> _Worker:
    """A worker process started (spawned: nothing of the window is copied into it)."""
    context = multiprocessing.get_context("spawn")
    parent, child = context.Pipe()
    process = context.Process(target=_worker_main, args=(child,), name=f"hard-search-{index}", daemon=True)
    process.start()
    child.close()  # only the worker holds its end now: its reads end when we are gone
    return _Worker(parent, process)


class SearchPool:
    """Worker processes for Hard's worlds; one decision at a time: a search asked for while
    another thread's is going on (a table closed while its bot thought, and the next one's
    bot) gets None, and that bot searches itself."""

    def __init__(self, workers: int, start: Callable[[int], _Worker] = spawn_worker) -> None:
        self._workers: list[_Worker] = []
        try:
            for i in range(workers):
                self._workers.append(start(i))
        except BaseException:
            self.close()  # the ones already started do not outlive a pool that failed
            raise
        self._lock = threading.Lock()
        self._next_job = 0
        self.searches = 0  # decisions the workers answered (tools and tests)
        self.last_error: str | None = None  # the last error a worker reported

    def wait_ready(self, timeout: float) -> bool:
        """Block until every worker has started, or `timeout` (tools and tests only)."""
        with self._lock:
            return self._wait_ready(timeout)

    def _wait_ready(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not all(w.ready or w.failed for w in self._workers):
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            conns = [w.conn for w in self._workers if not w.ready and not w.failed]
            wait(conns, min(left, 0.05))
            for w in self._workers:
                w.alive()
                w.drain()  # what it sent before it died, too
        return all(w.ready for w in self._workers)

    def search(
        self, bot: HardBot, obs: Observation, moves: list[Move], budget: float, rng: random.Random
    ) -> list[Values] | None:
        """Each ready worker's values of `moves` in its own worlds (`bot`'s settings; `budget`
        seconds, or its share of `bot.iterations` worlds); None when no worker could answer
        (the bot then searches itself)."""
        if not self._lock.acquire(blocking=False):
            return None  # another thread's search holds the workers: never read its answers
        try:
            return self._search(bot, obs, moves, budget, rng)
        except (OSError, ValueError) as error:  # the pool closed under us (the app closing)
            self.last_error = f"{type(error).__name__}: {error}"
            return None
        finally:
            self._lock.release()

    def _search(
        self, bot: HardBot, obs: Observation, moves: list[Move], budget: float, rng: random.Random
    ) -> list[Values] | None:
        workers = [w for w in self._workers if w.usable()]
        if not workers:
            return None
        share = None if bot.iterations is None else max(1, math.ceil(bot.iterations / len(workers)))
        try:  # once for every worker; what cannot cross fails here, before anything is sent
            blob = pickle.dumps((bot.worker_copy(share), obs, moves, budget), pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # noqa: BLE001 - settings that cannot be pickled: the bot searches itself
            self.last_error = f"{type(error).__name__}: {error}"
            return None
        self._next_job += 1
        job_id = self._next_job
        sent: list[_Worker] = []
        for w in workers:
            try:
                w.conn.send((job_id, blob, rng.getrandbits(64)))
            except (OSError, ValueError) as error:  # its pipe is closed: left out for good
                self.last_error = f"{type(error).__name__}: {error}"
                w.failed = True
                continue
            w.waiting_for = job_id
            sent.append(w)
        runs: list[Values] = []
        # By the clock, a late worker is left out; a fixed number of worlds is waited for,
        # but not for ever (a worker wedged).
        deadline = time.monotonic() + (budget + GRACE if bot.iterations is None else FIXED_WORLDS_WAIT)
        pending = list(sent)
        while pending:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            for conn in wait([w.conn for w in pending], left):
                w = next(w for w in pending if w.conn is conn)
                for answer_id, values, problem in w.drain():
                    if answer_id != job_id:
                        continue  # "ready", or an older job's late answer
                    pending.remove(w)
                    if problem is not None:
                        self.last_error = problem
                    elif values:
                        runs.append(values)
                if w.failed and w in pending:
                    pending.remove(w)
        if not runs:
            return None
        self.searches += 1
        return runs

    def close(self) -> None:
        """Stop the workers (the app closes): asked first, `CLOSE_WAIT` seconds for them all,
        then the ones left are terminated; every one is reaped."""
        workers, self._workers = self._workers, []
        for w in workers:
            try:
                w.conn.send(None)
            except (OSError, ValueError):
                pass
        deadline = time.monotonic() + CLOSE_WAIT
        for w in workers:
            w.process.join(max(0.0, deadline - time.monotonic()))
        for w in workers:
            if w.process.is_alive():
                w.process.terminate()
        for w in workers:
            w.process.join(CLOSE_WAIT)
            w.conn.close()
