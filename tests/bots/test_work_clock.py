"""The work clock: a searching bot's budget counted in the work it does, so a long arena
run plays the same games on any machine and under any load."""

from __future__ import annotations

from dataclasses import asdict

import pytest
from bot_helpers import hard_decision, tool_module

from game.bots import make_bot
from game.bots.arena import main, play_game
from game.bots.base import WorkClock, clock_for


def a_decision():
    """A classic position after a few moves of Normal's where Hard weighs candidates."""
    return hard_decision(11)


@pytest.mark.parametrize("level", ["hard", "hard-v1"])
def test_a_search_on_the_work_clock_stops_at_its_budget_and_repeats_exactly(level):
    obs = a_decision()
    runs = []
    for _ in range(2):
        bot = make_bot(level, 5, budget=0.05)
        bot.clock = WorkClock(bot, 1e-4)  # 500 units of work
        move = bot.act(obs)
        runs.append((move, bot.work, bot.last_iterations, bot.record.times))  # type: ignore[attr-defined]
    assert runs[0] == runs[1]  # the same worlds, the same choice, the same "time"
    move, work, worlds, times = runs[0]
    assert work >= 500 and worlds >= 2
    assert times == [pytest.approx(work * 1e-4)]
    fewer = make_bot(level, 5, budget=0.05, iterations=worlds - 1)  # the same worlds but the last
    fewer.act(obs)
    assert fewer.work < 500  # the last world started before the budget was spent


def test_clocks_are_named_and_a_bad_name_is_refused():
    bot = make_bot("hard", 1)
    assert clock_for("cpu", bot) is clock_for("cpu", make_bot("easy"))
    work = clock_for("work:0.0002", bot)
    bot.work = 30
    assert work() == pytest.approx(0.006)
    for bad in ("lunar", "work", "work:", "work:-1", "work:fast", "cpu:2", "work:1,2,3", "work:1,"):
        with pytest.raises(ValueError):
            clock_for(bad, bot)
    a_side, b_side = clock_for("work:0.0002,0.0001", bot, 0), clock_for("work:0.0002,0.0001", bot, 1)
    assert (a_side(), b_side()) == (pytest.approx(0.006), pytest.approx(0.003))  # each side its own unit
    assert clock_for("work:0.0002", bot, 1)() == pytest.approx(0.006)  # one unit: both sides


def test_arena_games_on_the_work_clock_are_the_same_on_every_run():
    task = ("classic", 2500, 31, 1, "hard", "hard-v1", 0.004, {}, "work:0.0001")
    first, second = (asdict(play_game(task)) for _ in range(2))
    for result in (first, second):
        result.pop("seconds")  # wall time: the one figure that may differ
        assert result["exceptions"] == result["illegal"] == result["stalls"] == 0
    assert first == second
    assert max(first["times"]["A"] + first["times"]["B"]) < 0.004 + 0.1  # at most one world over


def test_the_arena_takes_the_work_clock_with_its_unit(capsys, tmp_path):
    argv = ["--a", "hard", "--b", "normal", "--games", "2", "--target", "2500", "--budget", "0.004"]
    for bad in (
        ["--clock", "work"],
        ["--work-us", "100"],
        ["--clock", "work", "--work-us", "0"],
        ["--clock", "work", "--work-us", "100,50,20"],
        ["--clock", "work", "--work-us", "fast"],
    ):
        with pytest.raises(SystemExit):
            main([*argv, *bad])
        assert "--work-us" in capsys.readouterr().err
    log = tmp_path / "run.log"
    assert main([*argv, "--clock", "work", "--work-us", "100", "--log", str(log)]) == 0
    assert "budgets and decision times on the work clock (100 µs a unit)" in capsys.readouterr().out
    assert '"clock": "work:0.0001"' in log.read_text().splitlines()[0]
    assert main(["--report", str(log)]) == 0
    assert "budget 0.004 s on the work clock (100 µs a unit); this code" in capsys.readouterr().out
    two = tmp_path / "two.log"
    assert main([*argv[:3], "hard-v1", *argv[4:], "--clock", "work", "--work-us", "100,50", "--log", str(two)]) == 0
    assert "work clock (A 100, B 50 µs a unit)" in capsys.readouterr().out
    assert '"clock": "work:0.0001,5e-05"' in two.read_text().splitlines()[0]


@pytest.mark.parametrize("tool", ["bench_hard_ceiling", "bench_model_agreement"])
def test_the_tools_refuse_a_bad_work_unit_as_the_arena_does(tool, capsys):
    main_of = {"arena": main, tool: tool_module(tool).main}
    for name, run in main_of.items():
        with pytest.raises(SystemExit) as stopped:
            run(["--work-us", "100,fast"])
        assert stopped.value.code == 2, name  # argparse's usage error, before any game is played
        assert "--work-us: one or two positive numbers (A's, B's), not '100,fast'" in capsys.readouterr().err, name
