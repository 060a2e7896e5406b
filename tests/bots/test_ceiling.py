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
    hands = ceiling.SeeingHands(seed=1).sample(obs, random.Random(2))
    assert hands is not None and hands.hands == st.hands
    assert sorted(map(str, hands.stock)) == sorted(map(str, st.stock)) and hands.stock != st.stock
    everything = ceiling.SeeingAll(seed=1).sample(obs, random.Random(2))
    assert everything is not None and everything.hands == st.hands and everything.stock == st.stock
    assert everything is not st  # a copy: the playouts never touch the game
