"""Hard's worlds in worker processes (game/bots/search_pool.py) and their merge."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from multiprocessing import Pipe
from pathlib import Path

import pytest
from bot_helpers import hard_decision

from game.bots.base import Bot
from game.bots.hard import HardBot, merge_runs
from game.bots.search_pool import SearchPool, _Worker, workers_for_this_machine
from game.rules import Move, Observation
from game.scenes.bot_runner import BotRunner, SharedSearchPool

ROOT = Path(__file__).resolve().parents[2]


def a_decision(seed: int = 5, candidates: int = 3) -> Observation:
    """A decision past the twentieth move of a classic game where Hard weighs `candidates`
    moves or more."""
    return hard_decision(seed, candidates, after=21)


@pytest.fixture(scope="module")
def pool():
    pool = SearchPool(2)
    assert pool.wait_ready(60.0), "the workers did not start"
    yield pool
    pool.close()


def test_the_cores_but_one_for_the_workers():
    assert workers_for_this_machine(1) == 0
    assert workers_for_this_machine(2) == 1
    assert workers_for_this_machine(4) == 3
    assert workers_for_this_machine(64) == 7


def test_merged_runs_stay_paired_world_by_world():
    # Two workers' runs of three candidates; candidate 2 stopped after two worlds in the first.
    first = [[10.0, 20.0, 30.0], [11.0, 19.0, 35.0], [0.0, 5.0]]
    second = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
    values, bases = merge_runs([first, second])
    assert values == [[10.0, 20.0, 30.0, 1.0, 2.0], [11.0, 19.0, 35.0, 3.0, 4.0], [0.0, 5.0, 5.0, 6.0]]
    assert bases[2] == [10.0, 20.0, 1.0, 2.0]  # Normal's values in the worlds candidate 2 played
    assert bases[0] == values[0] and bases[1] == values[0]


def test_one_run_merged_chooses_as_before():
    rng = random.Random(7)
    bot = HardBot()
    for _ in range(200):
        worlds = rng.randint(2, 12)
        run = [[rng.gauss(0, 100) for _ in range(worlds)] for _ in range(4)]
        run[2] = run[2][: rng.randint(0, worlds)]  # stopped early
        run[1] = [v + 40 for v in run[0]]  # clearly better in some draws
        assert bot.pick(*merge_runs([run])) == bot.pick(run)


@pytest.mark.slow
def test_the_workers_play_a_fixed_number_of_worlds_the_same_way_every_run(pool):
    obs = a_decision()
    moves = []
    for _ in range(2):
        bot = HardBot(seed=1, iterations=8)
        bot.search_pool = pool
        answered = pool.searches
        moves.append(bot.choose(obs, random.Random(3)))
        assert pool.searches == answered + 1  # the workers played it
        assert bot.last_iterations == 8  # four worlds each
    assert moves[0] == moves[1]
    assert moves[0] in obs.legal


@pytest.mark.slow
def test_the_workers_search_by_the_clock(pool):
    # How long it takes is tools/bench_hard.py --budget 0.5 --pool N's figure, not a test's.
    obs = a_decision()
    bot = HardBot(seed=1, budget=0.2)
    bot.search_pool = pool
    budgets: list[float] = []
    search = pool.search

    def spy(hard, observation, moves, budget, rng):
        budgets.append(budget)
        return search(hard, observation, moves, budget, rng)

    pool.search = spy  # type: ignore[method-assign]
    try:
        move = bot.choose(obs, random.Random(3))
    finally:
        del pool.search  # (the instance attribute: the class's method again)
    assert move in obs.legal
    assert bot.last_iterations >= 1  # a world at least, by the workers or (all late) by the bot
    # The workers are given what is left of the bot's budget (a search given none played one
    # world a worker, and every test passed; test review, stop 43).
    assert len(budgets) == 1 and 0.0 < budgets[0] <= 0.2


@pytest.mark.slow
def test_without_workers_the_bot_searches_itself():
    pool = SearchPool(1)
    try:
        assert pool.wait_ready(60.0)
        pool._workers[0].process.terminate()
        pool._workers[0].process.join(5.0)
        bot = HardBot(seed=1, iterations=6)
        bot.search_pool = pool
        move = bot.choose(a_decision(), random.Random(3))
        assert bot.last_iterations == 6 and pool.searches == 0
        assert pool.search(bot, a_decision(), [move], 0.1, random.Random(1)) is None
    finally:
        pool.close()


@pytest.mark.slow
def test_settings_that_cannot_cross_leave_the_search_to_the_bot():
    pool = SearchPool(1)
    try:
        assert pool.wait_ready(60.0)
        bot = HardBot(seed=1, iterations=4)
        bot.search_pool = pool
        bot.note = lambda: None  # type: ignore[attr-defined]  # a lambda cannot be pickled
        move = bot.choose(a_decision(), random.Random(3))
        assert bot.last_iterations == 4 and pool.searches == 0
        assert pool.last_error is not None and "pickle" in pool.last_error.lower()
        assert move in a_decision().legal
        good = HardBot(seed=1, iterations=4)  # the worker was not blamed: the next search is its
        good.search_pool = pool
        good.choose(a_decision(), random.Random(3))
        assert pool.searches == 1
    finally:
        pool.close()


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kills a process the POSIX way")
def test_the_workers_stop_when_the_app_is_killed(tmp_path):
    script = tmp_path / "app.py"
    script.write_text(
        textwrap.dedent(
            f"""
            import os, sys
            sys.path.insert(0, {str(ROOT)!r})
            from game.bots.search_pool import SearchPool
            if __name__ == "__main__":
                pool = SearchPool(2)
                assert pool.wait_ready(60.0)
                print(" ".join(str(w.process.pid) for w in pool._workers), flush=True)
                os.kill(os.getpid(), 9)
            """
        )
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGKILL
    pids = [int(p) for p in done.stdout.split()]
    assert len(pids) == 2

    def alive(pid: int) -> bool:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        # A zombie (exited, not reaped by its dead parent's reaper yet) counts as stopped.
        try:
            with open(f"/proc/{pid}/stat") as stat:
                return stat.read().split(")")[-1].split()[0] != "Z"
        except OSError:
            return True

    deadline = time.monotonic() + 10.0
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(p) for p in pids)


class _Searching(Bot):
    searches = True

    def __init__(self) -> None:
        super().__init__(0)
        self.lent: object = "never asked"

    def choose(self, observation: Observation, rng: random.Random, time_budget: float | None = None) -> Move:
        self.lent = self.search_pool
        return observation.legal[0]


class _Plain(_Searching):
    searches = False


class _Shared(SharedSearchPool):
    def __init__(self) -> None:
        super().__init__(workers=1)
        self.handed = object()

    def get(self):  # type: ignore[override]
        return self.handed


def test_the_runner_lends_the_workers_to_a_searching_bot_only():
    shared = _Shared()
    obs = a_decision(candidates=2)
    for bot, expected in ((_Searching(), shared.handed), (_Plain(), None)):
        runner = BotRunner(threaded=True, search_pool=shared)
        runner.request(obs.seat, bot, obs)
        runner.wait(10.0)
        assert runner.poll() is not None
        runner.close()
        assert bot.lent is expected
        assert bot.search_pool is None  # taken back after the decision
    calling_thread = BotRunner(threaded=False, search_pool=shared)
    bot = _Searching()
    calling_thread.request(obs.seat, bot, obs)
    assert bot.lent is None  # a runner without a thread never starts workers


@pytest.mark.slow
def test_a_threaded_runner_plays_hards_worlds_in_the_apps_workers():
    shared = SharedSearchPool(workers=1)
    try:
        pool = shared.get()
        assert pool is not None and pool.wait_ready(60.0)
        runner = BotRunner(threaded=True, search_pool=shared)
        bot = HardBot(seed=1, iterations=4)
        obs = a_decision()
        runner.request(obs.seat, bot, obs)
        runner.wait(60.0)
        answer = runner.poll()
        runner.close()
        assert answer is not None and answer[1] in obs.legal
        assert runner.last_error is None
        assert pool.searches == 1 and bot.last_iterations == 4  # the worker played them
        assert bot.search_pool is None
    finally:
        shared.close()


class _FakeProcess:
    """A worker's process for the pool's bookkeeping; `stubborn`: it ignores the request to stop."""

    def __init__(self, stubborn: bool = False) -> None:
        self.running = True
        self.stubborn = stubborn
        self.terminated = False
        self.joins_after_terminate = 0

    def is_alive(self) -> bool:
        return self.running

    def join(self, timeout: float | None = None) -> None:
        if self.terminated:
            self.joins_after_terminate += 1
        elif not self.stubborn:
            self.running = False

    def terminate(self) -> None:
        self.terminated = True
        self.running = False


class _ScriptedWorker:
    """A worker played by a thread: says it is ready, then answers job n with the values
    [[n, n]]; the first job's answer waits until the test releases it."""

    def __init__(self) -> None:
        self.release_first = threading.Event()
        self.jobs: list[int] = []
        self.conn, self._theirs = Pipe()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def start(self, index: int) -> _Worker:
        return _Worker(self.conn, _FakeProcess())

    def _serve(self) -> None:
        self._theirs.send(("ready", None, None))
        while (job := self._theirs.recv()) is not None:
            job_id = job[0]
            self.jobs.append(job_id)
            if len(self.jobs) == 1:
                self.release_first.wait(30.0)
            self._theirs.send((job_id, [[float(job_id)] * 2], None))


def test_a_late_answer_is_never_taken_for_the_next_decisions():
    scripted = _ScriptedWorker()
    pool = SearchPool(1, start=scripted.start)
    try:
        assert pool.wait_ready(10.0)
        obs = a_decision(candidates=2)
        bot = HardBot(seed=1, budget=0.0)
        assert pool.search(bot, obs, obs.legal[:2], 0.0, random.Random(1)) is None  # past its time
        scripted.release_first.set()
        assert scripted.conn.poll(10.0)  # the first job's answer, late, is waiting in the pipe
        runs = pool.search(bot, obs, obs.legal[:2], 5.0, random.Random(1))
        assert scripted.jobs == [1, 2]
        assert runs == [[[2.0, 2.0]]]  # the second job's answer, not the first's
    finally:
        scripted.release_first.set()
        pool.close()


def test_a_search_while_another_thread_holds_the_workers_is_the_bots_own():
    scripted = _ScriptedWorker()
    pool = SearchPool(1, start=scripted.start)
    try:
        assert pool.wait_ready(10.0)
        scripted.release_first.set()
        obs = a_decision(candidates=2)
        bot = HardBot(seed=1, iterations=2)
        with pool._lock:  # another table's bot thread is searching
            assert pool.search(bot, obs, obs.legal[:2], 1.0, random.Random(1)) is None
        assert scripted.jobs == []  # nothing was sent: the other search's answers stay its own
        assert pool.search(bot, obs, obs.legal[:2], 1.0, random.Random(1)) == [[[1.0, 1.0]]]
    finally:
        pool.close()


def test_closing_terminates_a_worker_that_does_not_stop_and_reaps_it():
    processes = [_FakeProcess(), _FakeProcess(stubborn=True)]
    pool = SearchPool(2, start=lambda i: _Worker(Pipe()[0], processes[i]))
    pool.close()
    assert not processes[0].terminated  # stopped when asked
    assert processes[1].terminated and processes[1].joins_after_terminate == 1
    assert not any(p.is_alive() for p in processes)


def test_workers_that_cannot_start_leave_the_search_to_the_bots_thread(monkeypatch):
    import game.scenes.bot_runner as bot_runner

    def no_processes(workers: int) -> SearchPool:
        raise ImportError("No module named '_multiprocessing'")  # a build without it

    monkeypatch.setattr(bot_runner, "SearchPool", no_processes)
    shared = SharedSearchPool(workers=1)
    assert shared.get() is None and shared.get() is None  # tried once
    assert shared.failed is not None and "ImportError" in shared.failed
    runner = BotRunner(threaded=True, search_pool=shared)
    bot = HardBot(seed=1, iterations=2)
    obs = a_decision(candidates=2)
    runner.request(obs.seat, bot, obs)
    runner.wait(60.0)
    answer = runner.poll()
    runner.close()
    assert answer is not None and answer[1] in obs.legal and runner.last_error is None
    assert bot.last_iterations == 2  # searched on the runner's thread
