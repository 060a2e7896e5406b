"""A deal review computed off the frame loop: the scene polls, the window never waits.

    job = ProcessReview(play, seats={0})    # starts at once in a worker process
    job = ThreadedReview(play, seats={0}, pause=gate.wait)   # on a daemon thread (no process available)
    progress = job.poll()                   # in the scene's update: never blocks
    progress.done, progress.total, progress.decisions, progress.finished
    job.cancel()                            # the scene closed: stop after the decision in hand
    job = FINISHED.known(play, seats) or FINISHED.keeping(play, seats, job)   # weighed once a session

`SyncReview` has the same interface and weighs one decision per `poll` on the calling
thread, so tests (and tools) get the same answers in the same order with no timing.
The worker is fed the job through a queue and hands each decision back through another;
only `game.review` runs there (no pygame). The app uses the process: a thread would
take the interpreter's lock from the frame loop for as long as the review runs (frame
p95 went from a few ms to 50 ms in tools/bench_review.py); the process has a core of its
own. Where no process can start, the thread waits at the window's frame gate instead.
What crosses to the process is text: the dealt position as JSON (RULES.md section 11)
and the moves in the engine's notation; each decision comes back as plain values.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import queue
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from game.review import WORLDS, DealPlay, Decision, decision_points, review_steps
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
            results.put(("decision", (d.index, d.seat, str(d.made), str(d.advice), d.gain, d.worlds)))
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
                index, seat, made, advice, gain, worlds = value
                self._decisions.append(Decision(index, seat, Move.parse(made), Move.parse(advice), gain, worlds))
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

    def __init__(self, job: ReviewJob, reviews: FinishedReviews, key: tuple[str, tuple[str, ...], tuple[int, ...]]):
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


class FinishedReviews:
    """The reviews weighed this session, so a deal opened again (Recent deals, a score
    sheet's review after a first look) shows its verdicts at once instead of weighing them
    again: the same deal, seats, worlds and seed give the same verdicts. The last `most`."""

    def __init__(self, most: int = 20) -> None:
        self.most = most
        self._kept: dict[tuple[str, tuple[str, ...], tuple[int, ...]], tuple[Decision, ...]] = {}

    @staticmethod
    def key(play: DealPlay, seats: Iterable[int]) -> tuple[str, tuple[str, ...], tuple[int, ...]]:
        position, moves = encode_play(play)
        return position, tuple(moves), tuple(sorted(set(seats)))

    def known(self, play: DealPlay, seats: Iterable[int]) -> Finished | None:
        decisions = self._kept.get(self.key(play, seats))
        return Finished(decisions) if decisions is not None else None

    def keeping(self, play: DealPlay, seats: Iterable[int], job: ReviewJob) -> Keeping:
        return Keeping(job, self, self.key(play, seats))

    def keep(self, key: tuple[str, tuple[str, ...], tuple[int, ...]], decisions: tuple[Decision, ...]) -> None:
        self._kept.pop(key, None)
        self._kept[key] = decisions  # (the newest last)
        while len(self._kept) > self.most:
            del self._kept[next(iter(self._kept))]


FINISHED = FinishedReviews()  # the app's (one window, one session)
