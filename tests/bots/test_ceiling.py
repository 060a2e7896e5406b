"""The ceiling experiment's seeing Hard (tools/bench_hard_ceiling.py)."""

from __future__ import annotations

import random

from bot_helpers import tool_module

from game.rules import Game, RulesConfig


def test_the_seeing_bots_play_in_the_real_deal():
    ceiling = tool_module("bench_hard_ceiling")
    game = ceiling._WatchedGame(RulesConfig.for_variant("classic"), 3, first_dealer=0)
    assert isinstance(game, Game) and ceiling._TABLE["game"] is game
    st = game.state
    seat = st.to_act
    assert seat is not None
    obs = st.observation(seat)
    hands = ceiling.SEEING["hands"](seed=1).sample(obs, random.Random(2))
    assert hands is not None and hands.hands == st.hands
    assert sorted(map(str, hands.stock)) == sorted(map(str, st.stock)) and hands.stock != st.stock
    everything = ceiling.SEEING["all"](seed=1).sample(obs, random.Random(2))
    assert everything is not None and everything.hands == st.hands and everything.stock == st.stock
    assert everything is not st  # a copy: the playouts never touch the game


def test_seeing_some_hands_deals_the_others_from_the_rest():
    ceiling = tool_module("bench_hard_ceiling")
    game = ceiling._WatchedGame(RulesConfig.for_variant("classic"), 5, first_dealer=0)
    for _ in range(40):  # into the deal, so piles have been taken and faces are known
        st = game.state
        seat = st.to_act
        assert seat is not None
        game.apply(ceiling.HardBot(seed=0).policy.choose(st.observation(seat)))
    st = game.state
    seat = st.to_act
    assert seat is not None
    obs = st.observation(seat)
    partner, left, right = (seat + 2) % 4, (seat + 1) % 4, (seat + 3) % 4
    world = ceiling.SEEING["partner"](seed=1).sample(obs, random.Random(2))
    assert world is not None and world.hands[partner] == st.hands[partner] and world.hands[seat] == st.hands[seat]
    assert [len(h) for h in world.hands] == [len(h) for h in st.hands]
    assert world.hands[left] != st.hands[left] or world.hands[right] != st.hands[right]
    everything = sorted(map(str, [c for h in world.hands for c in h] + world.stock))
    assert everything == sorted(map(str, [c for h in st.hands for c in h] + st.stock))
    world = ceiling.SEEING["opponents"](seed=1).sample(obs, random.Random(2))
    assert world is not None and world.hands[left] == st.hands[left] and world.hands[right] == st.hands[right]


def test_the_finer_parts_of_the_opponents_hands():
    # The regret tool's --see next / previous / opponent-pairs: one opponent's real hand, or
    # every opponent's natural pairs (and more) with the rest of its hand dealt.
    from collections import Counter

    ceiling = tool_module("bench_hard_ceiling")
    game = Game(RulesConfig.for_variant("classic"), 7, first_dealer=0)
    policy = ceiling.HardBot(seed=0).policy
    for _ in range(30):
        st = game.state
        assert st.to_act is not None
        game.apply(policy.choose(st.observation(st.to_act)))
    st = game.state
    seat = st.to_act
    assert seat is not None
    obs = st.observation(seat)
    left, right = (seat + 1) % 4, (seat + 3) % 4
    assert ceiling.seen_seats(obs, "next") == [left] and ceiling.seen_seats(obs, "previous") == [right]
    assert ceiling.seen_seats(obs, "opponents") == sorted([left, right])
    world = ceiling.seeing_world(obs, random.Random(3), st, [left])
    assert world.hands[left] == st.hands[left] and world.hands[right] != st.hands[right]
    pairs = ceiling.seeing_world(obs, random.Random(3), st, [left, right], pairs_only=True)
    for opp in (left, right):
        kept = [st.hands[opp][i] for i in sorted(ceiling.paired_positions(st.hands[opp]))]
        assert kept and Counter(kept) <= Counter(pairs.hands[opp]) and pairs.hands[opp] != st.hands[opp]
        assert len(pairs.hands[opp]) == len(st.hands[opp])


def test_the_ceiling_tool_takes_the_other_side_and_its_unit(capsys):
    # --b names the other side (hard-v1: the yardstick, whose play the playouts do not copy);
    # --work-us takes A's and B's units as the arena does, and refuses anything else.
    import pytest

    ceiling = tool_module("bench_hard_ceiling")
    for bad in (["--work-us", "0"], ["--work-us", "1,2,3"], ["--work-us", "x"], ["--b", "nobody"]):
        with pytest.raises(SystemExit) as refused:
            ceiling.main([*bad, "--games", "0"])
        assert refused.value.code == 2
    assert "--work-us" in capsys.readouterr().err


def test_the_ceiling_tool_reports_a_log_so_far_paired_with_another(tmp_path, capsys):
    import pytest

    from game.bots.arena import run

    ceiling = tool_module("bench_hard_ceiling")
    logs = [tmp_path / "seeing.log", tmp_path / "plain.log"]
    for log in logs:
        run("classic", "normal", "easy", 1, 31, 1, 2500, log=log)
    assert ceiling.main(["--report", "--log", str(logs[0]), "--against", str(logs[1])]) == 0
    out = capsys.readouterr().out
    assert "normal (A) vs easy (B), classic, target 2500: 2 games" in out
    assert "2 games on the same deals" in out and "(0 only by plain, 0 only by seeing)" in out
    with pytest.raises(SystemExit) as refused:
        ceiling.main(["--report"])
    assert refused.value.code == 2 and "--report reads the games of --log" in capsys.readouterr().err
