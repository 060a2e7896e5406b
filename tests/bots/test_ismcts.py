"""Hard's information-set MCTS (`HardBot(ismcts=1)`: a tree of our own decisions; `ismcts=2`:
Normal's move and one challenger a world). Deterministic with `iterations`; strength is
measured in the arena (game/bots/README.md, stop 51), not here."""

from __future__ import annotations

import random

import pytest
from bot_helpers import answering_position, feeding_position

from game.bots import ismcts
from game.bots.base import WorkClock
from game.bots.hard import HardBot
from game.rules import Move, MoveKind, Phase

MODES = (ismcts.TREE, ismcts.DUEL)


@pytest.mark.parametrize("mode", MODES)
def test_ismcts_returns_a_legal_move_and_the_same_one_every_time(mode):
    for st in (feeding_position(), answering_position()):
        obs = st.observation(st.to_act)
        moves = {HardBot(seed=1, iterations=10, horizon=12, ismcts=mode).choose(obs, random.Random(4)) for _ in "ab"}
        assert len(moves) == 1 and moves <= set(obs.legal), moves


@pytest.mark.parametrize("mode", MODES)
def test_ismcts_plays_only_worlds_where_the_asking_partner_can_go_out(mode, monkeypatch):
    # The answer's condition (as Hard's flat search has it): every world the search plays
    # lets seat 2 go out; worlds sampled without it are never played.
    st = answering_position()
    assert st.phase is Phase.ANSWER and st.to_act == 0
    played = []

    def can_go_out(world) -> bool:
        probe = world.copy()
        probe.phase = Phase.MELD
        return probe.go_out_plan() is not None

    real_descend, real_value_of = ismcts.descend, HardBot.value_of

    def descend(bot, root, world, *rest):
        played.append(can_go_out(world))
        return real_descend(bot, root, world, *rest)

    def value_of(self, world, *rest):
        played.append(can_go_out(world))
        return real_value_of(self, world, *rest)

    monkeypatch.setattr(ismcts, "descend", descend)
    monkeypatch.setattr(HardBot, "value_of", value_of)
    bot = HardBot(seed=1, iterations=12, horizon=8, ismcts=mode)
    assert bot.choose(st.observation(0), random.Random(2)) in (Move(MoveKind.YES), Move(MoveKind.NO))
    assert played and all(played), played
    assert bot.last_iterations == 12 and len(played) >= 12


@pytest.mark.parametrize("mode", MODES)
def test_ismcts_finds_an_obviously_better_alternative(mode):
    # Given H7 (which feeds the next opponent an 11-card pile) as the move to keep unless
    # beaten, the search finds D4 confidently; given D4 first, it keeps it.
    obs = feeding_position().observation(0)
    feed, safe = Move.parse("discard H7"), Move.parse("discard D4")
    bot = HardBot(seed=1, iterations=120, horizon=16, ismcts=mode)
    assert bot.tree_choice(obs, [feed, safe], random.Random(0), 0.0) == 1
    assert bot.last_iterations == 120
    assert bot.tree_choice(obs, [safe, feed], random.Random(0), 0.0) == 0


def test_the_tree_holds_our_own_later_decisions_and_leaves_a_bad_move_alone():
    # The root's moves are played twice each, then UCB gives the feeding discard little;
    # with a tree more than one decision deep, our later decisions get nodes of their own.
    obs = feeding_position().observation(0)
    feed, safe = Move.parse("discard H7"), Move.parse("discard D4")
    bot = HardBot(seed=1, iterations=60, horizon=16, ismcts=ismcts.TREE, tree_depth=3)
    arms, worlds = ismcts.tree_search(bot, obs, [feed, safe], random.Random(0), 0.0)
    assert worlds == 60 and sum(a.visits for a in arms) == 60
    assert ismcts.ROOT_VISITS <= arms[0].visits < arms[1].visits / 3
    assert arms[1].mean > arms[0].mean


def test_ucb_tries_each_available_move_then_counts_availability():
    node = ismcts.Node()
    a, b, c = Move.parse("discard H7"), Move.parse("discard D4"), Move.parse("discard HQ")
    assert ismcts.select(node, [a, b], 1.0) == (a, True)
    node.arms[a].add(10.0)
    assert ismcts.select(node, [a, b], 1.0) == (b, True)
    node.arms[b].add(-10.0)
    assert ismcts.select(node, [a, b, c], 1.0) == (c, True)  # c is new in this world
    node.arms[c].add(0.0)
    assert ismcts.select(node, [a, b], 0.0)[0] == a  # no exploration: the best mean
    assert (node.arms[a].available, node.arms[b].available, node.arms[c].available) == (4, 4, 1)


@pytest.mark.parametrize("mode", MODES)
def test_ismcts_searches_within_its_budget_on_the_work_clock(mode):
    # On the work clock the search stops at the first world past the deadline: its work is the
    # budget plus at most one iteration (a world, its playouts and the tree's candidates).
    st = feeding_position()
    bot = HardBot(seed=1, budget=0.05, horizon=20, ismcts=mode)
    unit = 100e-6
    bot.clock = WorkClock(bot, unit)
    move = bot.act(st.observation(0))
    assert move in st.observation(0).legal
    one_iteration = 2 * (1 + 20 + 4) * unit  # DUEL: two playouts of 1 + horizon moves, candidates' work
    assert 0.05 <= bot.record.times[-1] <= 0.05 + one_iteration + unit
    assert bot.last_iterations > 5
