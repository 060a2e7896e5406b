"""Observations show a seat everything public and nothing hidden."""

from __future__ import annotations

import random

from rules_helpers import legal, play, position

from game.rules import Card, GameState, RulesConfig, public_view
from game.rules.events import Dealt, Drew, HiddenDraw, UpcardTurned


def test_observation_hides_other_hands_and_the_stock():
    a = position(["C4 C5 C6", "HK HQ HJ", "D9 D9", "S7 S8"], discard="C9", stock="SA SK")
    b = position(["C4 C5 C6", "SA SK SQ", "H9 H9", "D7 D8"], discard="C9", stock="HK HQ")
    oa, ob = a.observation(0), b.observation(0)
    assert oa == ob  # they differ only in what seat 0 cannot see
    assert oa.hand_sizes == (3, 3, 2, 2) and oa.stock_size == 2
    assert [c.face for c in oa.pile] == ["C9"] and oa.legal and not a.observation(1).legal


def test_cards_seen_taken_with_the_pile_are_known():
    s = position(["C9 C9 C4 C5", "H4 H4"], melds=[{"K": "SK HK DK"}, {}], discard="D7 D8 H9", stock="SA SK")
    play(s, "take C9 C9")
    obs = s.observation(1)
    assert dict(obs.known[0]) == {"D7": 1, "D8": 1}
    play(s, "discard D7")
    assert dict(s.observation(1).known[0]) == {"D8": 1}
    unseen = s.observation(1).unseen_cards()
    assert Card.parse("D8") not in unseen or Card.parse("D8", copy=1) not in unseen


def test_public_view_of_events():
    state, events = GameState.deal(RulesConfig(), random.Random(3), dealer=0)
    dealt = next(e for e in events if isinstance(e, Dealt))
    seen = public_view(dealt, 2)
    assert seen.hands[2] == dealt.hands[2] and all(h == () for i, h in enumerate(seen.hands) if i != 2)
    drew = Drew(1, Card.parse("HA"))
    assert isinstance(public_view(drew, 0), HiddenDraw) and public_view(drew, 1) is drew


def test_black_three_upcard_blocks_the_first_player():
    for seed in range(2000):
        state, events = GameState.deal(RulesConfig(), random.Random(seed))
        ups = [e.card for e in events if isinstance(e, UpcardTurned)]
        if ups[-1].is_black_three:
            assert state.pile_blocked() and legal(state) == ["draw"]
            return
    raise AssertionError("no seed turned a black three")
