"""A deal review computed off the frame loop: the scene polls, the window never waits.

    job = ProcessReview(play, seats={0})    # starts at once in a worker process
    job = ThreadedReview(play, seats={0}, pause=gate.wait)   # on a daemon thread (no process available)
    progress = job.poll()                   # in the scene's update: never blocks
    progress.done, progress.total, progress.decisions, progress.finished
    job.cancel()                            # the scene closed: stop after the decision in hand
    job = FINISHED.known(play, seats) or FINISHED.keeping(play, seats, job)   # weighed once

`SyncReview` has the same interface and weighs one decision per `poll` on the calling
thread, so tests (and tools) get the same answers in the same order with no timing.
The worker is fed the job through a queue and hands each decision back through another;
only `game.review` runs there (no pygame). The app uses the process: a thread would
take the interpreter's lock from the frame loop for as long as the review runs (frame
p95 went from a few ms to 50 ms in tools/bench_review.py); the process has a core of its
own. Where no process can start, the thread waits at the window's frame gate instead.
What crosses to the process is text: the dealt position as JSON (RULES.md section 11)
and the moves in the engine's notation; each decision comes back as plain values
(`decision_values`), as finished reviews are kept on disk (FinishedReviews: JSON in the data
folder, written atomically; a damaged file or entry is skipped, never a crash).
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import queue
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game import storage
from game.review import METHOD, WORLDS, DealPlay, Decision, decision_points, review_steps
from game.rules import Move, position_from_json, position_to_json


@dataclass(frozen=True)
class ReviewProgress:
    done: int
    total: int
    decisions: tuple[Decision, ...]  # in the deal's order
    error: str | None = None  # the review stopped (a bug): what went wrong

    @property
    def finished(self) -> bool:
        return self.done >= self.total or self.error is not None

    @property
    def fraction(self) -> float:
        return 1.0 if self.total == 0 else self.done / self.total


class ReviewJob(Protocol):
    def poll(self) -> ReviewProgress: ...
    def cancel(self) -> None: ...


class SyncReview:
    """One decision per poll, on the caller's thread (deterministic: tests)."""

    def __init__(self, play: DealPlay, seats: Iterable[int], worlds: int = WORLDS, seed: int = 0) -> None:
        seats = set(seats)
        self.total = len(decision_points(play, seats))
        self._steps: Iterator[Decision] = review_steps(play, seats, worlds, seed)
        self._decisions: list[Decision] = []

    def poll(self) -> ReviewProgress:
        if len(self._decisions) < self.total:
            self._decisions.append(next(self._steps))
        return ReviewProgress(len(self._decisions), self.total, tuple(self._decisions))

    def cancel(self) -> None:
        self.total = len(self._decisions)


_DONE = object()


class ThreadedReview:
    """The review on a daemon worker thread; `poll` drains what it has finished. `pause`
    is called at the search's yield points: the window's frame gate (scenes/bot_runner.py),
    so the thread waits while a frame is drawn, as a thinking bot does."""

    def __init__(
        self,
        play: DealPlay,
        seats: Iterable[int],
        worlds: int = WORLDS,
        seed: int = 0,
        pause: Callable[[], None] | None = None,
    ) -> None:
        seats = frozenset(seats)
        self.total = len(decision_points(play, seats))
        self.pause = pause  # the search's yield points (None: never waits)
        self._jobs: queue.Queue[tuple[DealPlay, frozenset[int], int, int]] = queue.Queue()
        self._results: queue.Queue[object] = queue.Queue()
        self._stop = threading.Event()
        self._decisions: list[Decision] = []
        self._error: str | None = None
        self._thread = threading.Thread(target=self._work, name="deal-review", daemon=True)
        self._jobs.put((play, seats, worlds, seed))
        self._thread.start()

    def _work(self) -> None:
        play, seats, worlds, seed = self._jobs.get()
        try:
            for decision in review_steps(play, seats, worlds, seed, self.pause):
                if self._stop.is_set():
                    return
                self._results.put(decision)
        except Exception as error:  # noqa: BLE001 - reported to the scene, never lost on a thread
            self._results.put(error)
        self._results.put(_DONE)

    def poll(self) -> ReviewProgress:
        while True:
            try:
                item = self._results.get_nowait()
            except queue.Empty:
                break
            if isinstance(item, Decision):
                self._decisions.append(item)
            elif isinstance(item, Exception):
                self._error = f"{type(item).__name__}: {item}"
        return ReviewProgress(len(self._decisions), self.total, tuple(self._decisions), self._error)

    def cancel(self) -> None:
        self._stop.set()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the thread (tools and the benchmark only; a scene never waits)."""
        self._thread.join(timeout)


def encode_play(play: DealPlay) -> tuple[str, list[str]]:
    return json.dumps(position_to_json(play.start)), [str(move) for move in play.moves]


def decode_play(position: str, moves: list[str]) -> DealPlay:
    return DealPlay(position_from_json(json.loads(position)), tuple(Move.parse(m) for m in moves))


def decision_values(d: Decision) -> list[Any]:
    """A decision as plain values (the worker's answer, a kept review's entry)."""
    return [d.index, d.seat, str(d.made), str(d.advice), d.gain, d.worlds, d.spread]


def decision_from(values: Any) -> Decision | None:
    """The decision `decision_values` wrote; None for anything else (an edited file)."""
    try:
        index, seat, made, advice, gain, worlds, spread = values
        numbers = (float(gain), float(spread))
        whole = (index, seat, worlds)
        if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 100_000 for n in whole):
            return None
        if not all(math.isfinite(n) and abs(n) < 1e7 for n in numbers) or numbers[1] < 0:
            return None
        return Decision(index, seat, Move.parse(str(made)), Move.parse(str(advice)), numbers[0], worlds, numbers[1])
    except (TypeError, ValueError):  # (a move's notation: NotationError, a ValueError)
        return None


WORKER_NICENESS = 10


def _process_main(jobs: multiprocessing.Queue, results: multiprocessing.Queue) -> None:
    """The worker process: one job, each decision sent back as plain values."""
    if hasattr(os, "nice"):  # the window comes first: the review takes what CPU is left
        try:
            os.nice(WORKER_NICENESS)
        except OSError:
            pass
    position, moves, seats, worlds, seed = jobs.get()
    parent = multiprocessing.parent_process()
    try:
        play = decode_play(position, moves)
        for d in review_steps(play, seats, worlds, seed):
            if parent is not None and not parent.is_alive():
                return  # the app is gone (killed): nobody reads the rest
            results.put(("decision", decision_values(d)))
    except Exception as error:  # noqa: BLE001 - reported to the scene
        results.put(("error", f"{type(error).__name__}: {error}"))
    results.put(("done", None))


class ProcessReview:
    """The review in a worker process (spawned: nothing of the window is copied into it)."""

    def __init__(self, play: DealPlay, seats: Iterable[int], worlds: int = WORLDS, seed: int = 0) -> None:
        seats = sorted(set(seats))
        self.total = len(decision_points(play, seats))
        context = multiprocessing.get_context("spawn")
        self._jobs = context.Queue()
        self._results = context.Queue()
        self._decisions: list[Decision] = []
        self._error: str | None = None
        self._done = False
        self._process = context.Process(
            target=_process_main, args=(self._jobs, self._results), name="deal-review", daemon=True
        )
        self._process.start()
        position, moves = encode_play(play)
        self._jobs.put((position, moves, seats, worlds, seed))

    def poll(self) -> ReviewProgress:
        while not self._done:
            try:
                kind, value = self._results.get_nowait()
            except queue.Empty:
                if not self._process.is_alive() and self._results.empty():
                    self._error = self._error or "the review process stopped"
                    self._done = True
                break
            if kind == "decision":
                decision = decision_from(value)
                if decision is None:
                    self._error = self._error or "the review process answered nonsense"
                else:
                    self._decisions.append(decision)
            elif kind == "error":
                self._error = value
            else:
                self._done = True
        if self._done:
            self._process.join(1.0)
        return ReviewProgress(len(self._decisions), self.total, tuple(self._decisions), self._error)

    def cancel(self) -> None:
        if self._process.is_alive():
            self._process.terminate()  # our own worker: the review is no longer wanted
        self._done = True
        self.total = len(self._decisions)

    def join(self, timeout: float | None = None) -> None:
        """Wait for the process (tools and tests only; a scene never waits)."""
        self._process.join(timeout)


class Finished:
    """The job of a review already weighed: its verdicts at once."""

    def __init__(self, decisions: tuple[Decision, ...]) -> None:
        self._progress = ReviewProgress(len(decisions), len(decisions), decisions)

    def poll(self) -> ReviewProgress:
        return self._progress

    def cancel(self) -> None:
        pass


class Keeping:
    """A job whose verdicts are kept in `reviews` once it has weighed every decision
    (not when cancelled half way, nor after an error)."""

    def __init__(self, job: ReviewJob, reviews: FinishedReviews, key: Key):
        self.job, self.reviews, self.key = job, reviews, key
        self.total: int | None = None  # the first poll's total (a cancel lowers the job's own)

    def poll(self) -> ReviewProgress:
        progress = self.job.poll()
        if self.total is None:
            self.total = progress.total
        if progress.error is None and progress.done == self.total and progress.finished:
            self.reviews.keep(self.key, progress.decisions)
        return progress

    def cancel(self) -> None:
        self.job.cancel()


Key = tuple[str, tuple[str, ...], tuple[int, ...]]  # the dealt position's JSON, the moves, the seats

FILE_NAME = "reviews.json"
FORMAT = "canasta-reviews/1"
MAX_BYTES = 8 * 1024 * 1024  # 20 reviews of long deals, with room to spare


class FinishedReviews:
    """The reviews weighed, so a deal opened again (the table menu's last deal, Recent
    deals, a score sheet's review after a first look) shows its verdicts at once instead of
    weighing them again: the same deal, seats, worlds and seed give the same verdicts. The
    last `most`. Kept in memory, and once `attach`ed to the app's data folder also in
    FILE_NAME there, so a review reopened after a restart is at once too (JSON, written
    atomically; a review weighed by another METHOD, a damaged entry or file is left out and
    weighed again, never a crash: the file is a cache, rewritten whole)."""

    def __init__(self, most: int = 20, directory: Path | None = None) -> None:
        self.most = most
        self.directory = directory  # None: this session only
        self._kept: dict[Key, tuple[Decision, ...]] = {}
        self._loaded = directory is None

    def attach(self, directory: Path) -> None:
        """Keep the reviews in `directory` (the app's data folder) from now on."""
        self.directory, self._loaded = directory, False

    @property
    def path(self) -> Path | None:
        return None if self.directory is None else self.directory / FILE_NAME

    @staticmethod
    def key(play: DealPlay, seats: Iterable[int]) -> Key:
        position, moves = encode_play(play)
        return position, tuple(moves), tuple(sorted(set(seats)))

    def known(self, play: DealPlay, seats: Iterable[int]) -> Finished | None:
        self._load()
        decisions = self._kept.get(self.key(play, seats))
        return Finished(decisions) if decisions is not None else None

    def keeping(self, play: DealPlay, seats: Iterable[int], job: ReviewJob) -> Keeping:
        return Keeping(job, self, self.key(play, seats))

    def keep(self, key: Key, decisions: tuple[Decision, ...]) -> None:
        self._load()
        if self._kept.get(key) == decisions:
            return  # (Keeping's every poll once finished)
        self._kept.pop(key, None)
        self._kept[key] = decisions  # (the newest last)
        while len(self._kept) > self.most:
            del self._kept[next(iter(self._kept))]
        self._save()

    def _load(self) -> None:
        """The kept reviews from the file, once (those of this session come after them)."""
        if self._loaded:
            return
        self._loaded = True
        path = self.path
        if path is None or not storage.is_file(path):
            return
        try:
            data = storage.read_json(path, MAX_BYTES)
        except (OSError, ValueError):
            return
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("method") != METHOD:
            return
        reviews = data.get("reviews")
        read: dict[Key, tuple[Decision, ...]] = {}
        for item in reviews[-self.most :] if isinstance(reviews, list) else ():
            entry = _entry_from(item)
            if entry is not None:
                read[entry[0]] = entry[1]
        self._kept = {**read, **{k: v for k, v in self._kept.items() if k not in read}}

    def _save(self) -> None:
        path = self.path
        if path is None:
            return
        reviews = [
            {
                "position": key[0],
                "moves": list(key[1]),
                "seats": list(key[2]),
                "decisions": [decision_values(d) for d in kept],
            }
            for key, kept in self._kept.items()
        ]
        body = {"format": FORMAT, "method": METHOD, "reviews": reviews}
        try:
            storage.atomic_write(path, json.dumps(body).encode("utf-8"), durable=False)
        except OSError:
            pass  # (kept for this session; weighed again after a restart)


def _entry_from(item: Any) -> tuple[Key, tuple[Decision, ...]] | None:
    """A kept review's key and decisions; None for anything not as written."""
    if not isinstance(item, dict):
        return None
    position, moves, seats, decisions = (item.get(k) for k in ("position", "moves", "seats", "decisions"))
    if not isinstance(position, str) or not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        return None
    if not isinstance(seats, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats):
        return None
    if not isinstance(decisions, list):
        return None
    read = tuple(decision_from(values) for values in decisions)
    if any(d is None for d in read):
        return None
    return (position, tuple(moves), tuple(sorted(set(seats)))), tuple(d for d in read if d is not None)


FINISHED = FinishedReviews()  # the app's (memory only until the window attaches its data folder)
