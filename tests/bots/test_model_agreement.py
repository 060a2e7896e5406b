"""How well one bot's move foretells another's (tools/bench_model_agreement.py)."""

from __future__ import annotations

import pytest
from bot_helpers import tool_module

from game.rules import Move


def test_agreement_counts_the_decisions_where_two_levels_chose_alike():
    tool = tool_module("bench_model_agreement")
    draw, take = Move.draw(), Move.take()
    chosen = {"a": [draw, take, draw], "b": [draw, draw, draw], "c": [take, take, draw]}
    assert tool.agreement(chosen) == [("a", "b", 2, 3), ("a", "c", 2, 3), ("b", "c", 1, 3)]


def test_the_tool_prints_each_pair_of_levels_and_refuses_unknown_ones(capsys):
    tool = tool_module("bench_model_agreement")
    assert tool.main(["--positions", "3", "--levels", "normal,normal-v1,easy", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "normal and normal-v1: the same move in " in out and "/3 (" in out
    assert "normal-v1 and easy: the same move in " in out
    assert tool.main(["--positions", "3", "--levels", "normal,easy", "--styles"]) == 0
    out = capsys.readouterr().out
    assert "normal: Normal's or a style's move in 3/3 (100.0%" in out  # Normal's own move is one
    assert "easy: Normal's or a style's move in " in out
    for bad in (["--levels", "normal"], ["--levels", "normal,nobody"], ["--work-us", "0"]):
        with pytest.raises(SystemExit) as refused:
            tool.main(bad)
        assert refused.value.code == 2


def test_the_searching_levels_count_their_budget_on_their_own_work_unit():
    tool = tool_module("bench_model_agreement")
    hard = tool.level_bot("hard", 1, 0.5, "work:0.000182,0.000147")
    yardstick = tool.level_bot("hard-v1", 1, 0.5, "work:0.000182,0.000147")
    assert hard.clock.unit == 182e-6 and yardstick.clock.unit == 147e-6


def test_covered_counts_the_moves_among_normal_s_and_its_styles():
    tool = tool_module("bench_model_agreement")
    draw, take = Move.draw(), Move.take()
    assert tool.covered([draw, take, take], [{draw}, {draw, take}, {draw}]) == 2
