"""Inference from the other players' discards (game/bots/inference.py)."""

from __future__ import annotations

import random

from bot_helpers import position, tool_module

from game.bots.hard import HardBot
from game.bots.inference import DiscardEvidence
from game.bots.normal import NormalPolicy
from game.rules import Card


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def test_the_pile_names_each_players_last_discard():
    # Seat 0 to draw; from the top down the pile's cards were discarded by seats 3, 2 and 1.
    # The bottom card may be the deal's upcard, which nobody discarded: never read.
    st = position(["H7 D4 HQ SQ HK SK"], discard="C4 H6 D9 SK", turn=0)
    ev = DiscardEvidence.read(st.observation(0), 20.0)
    assert ev is not None
    assert ev.discards == ((3, 1), (2, 2), (1, 3))
    assert DiscardEvidence.read(st.observation(1), 20.0) is None  # not seat 1's turn
    lone = position(["H7 D4 HQ SQ HK SK"], discard="C4", turn=0)
    assert DiscardEvidence.read(lone.observation(0), 20.0) is None


def test_a_hand_that_broke_a_triple_while_holding_junk_is_unlikely():
    # Seat 3 threw the king on top. Holding two more kings and a lone four, Normal would have
    # thrown the four: such a hand weighs far less than one where the king was a lone card.
    st = position(["H7 D4 HQ SQ HK SK"], discard="C4 H6 D9 SK", turn=0)
    ev = DiscardEvidence.read(st.observation(0), 20.0)
    assert ev is not None
    policy = NormalPolicy()
    others = [list(h) for h in st.hands]
    others[1] = others[2] = []  # only seat 3's discard is judged below
    ev = DiscardEvidence(ev.obs, ((3, 1),), 20.0)
    broke_triple = [*others[:3], cards("CK DK C5 C5 D8 D8 S4 HJ HJ C9")]
    lone_king = [*others[:3], cards("C7 C5 C5 D8 D8 S10 HJ HJ C9 C9")]
    assert ev.weight(lone_king, policy) > 0.5
    assert ev.weight(broke_triple, policy) < ev.weight(lone_king, policy) / 4


def test_the_real_hands_weigh_more_than_sampled_ones():
    # Over positions of Normal playing itself, the hands the discards were made from are
    # much likelier than hands dealt at random from the same unseen cards.
    from game.bots.sampler import sample_world

    decision_states = tool_module("bench_hard").decision_states

    policy = NormalPolicy()
    real: list[float] = []
    sampled: list[float] = []
    rng = random.Random(2)
    for st in decision_states("classic", 40, 3):
        obs = st.observation(st.to_act)
        ev = DiscardEvidence.read(obs, 20.0)
        if ev is None:
            continue
        real.append(ev.weight(st.hands, policy))
        sampled.extend(ev.weight(sample_world(obs, rng).hands, policy) for _ in range(3))
    assert len(real) >= 20
    assert sum(real) / len(real) > 0.85 > 0.6 > sum(sampled) / len(sampled), (real, sampled)


def test_hard_deals_its_worlds_by_the_discards():
    # With a temperature Hard keeps worlds the discards make likely (rejection sampling),
    # and counts the judging as work; without one its worlds are the plain ones.
    st = position(["H7 D4 HQ SQ HK SK C5 D6 S8 H10 CJ"], discard="C4 H6 D9 SK", turn=0, fill=11)
    obs = st.observation(0)
    plain, inferring = HardBot(seed=1), HardBot(seed=1, discard_temperature=10.0)
    assert plain.evidence(obs) is None
    evidence = inferring.evidence(obs)
    assert evidence is not None and evidence.discards is not None
    policy = NormalPolicy()

    def mean_weight(bot: HardBot) -> float:
        rng = random.Random(4)
        worlds = [bot.sample(obs, rng, bot.evidence(obs)) for _ in range(60)]
        return sum(evidence.discards.weight(w.hands, policy) for w in worlds if w is not None) / 60

    before = inferring.work
    assert mean_weight(inferring) > 2 * mean_weight(plain)
    assert inferring.work > before
