"""Inference from the other players' discards (game/bots/inference.py)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from bot_helpers import position, tool_module

from game.bots.hard import HardBot
from game.bots.inference import DiscardEvidence, PairBelief, shape_hands
from game.bots.normal import NormalPolicy
from game.bots.sampler import deal_hidden
from game.rules import Card, GameState, Rank, RulesConfig


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


def test_shaped_hands_hold_what_a_player_keeps():
    # Seat 1's side has melded nines: a hand at the end of its turn holds no natural nine
    # (it would have laid it off), and no natural triple. The cards stay the same cards, the
    # hands and the stock the same sizes, and the faces known to be in a hand stay there.
    st = position(["H7 D4 HQ SQ HK SK C5 D6 S8 H10 CJ"], melds=[{}, {"9": "H9 D9 S9"}], discard="C4 H6", turn=0)
    obs = st.observation(0)
    rng = random.Random(3)
    for _ in range(20):
        hands, stock, feet = deal_hidden(obs, rng)
        before = sorted(map(str, [c for h in hands for c in h] + stock))
        sizes = [len(h) for h in hands]
        judged = shape_hands(hands, stock, obs, NormalPolicy(), rng, 3)
        assert judged == 3 and feet is None
        assert sorted(map(str, [c for h in hands for c in h] + stock)) == before
        assert [len(h) for h in hands] == sizes and len(stock) == len(st.stock)
        assert hands[0] == list(obs.hand)
        for seat in (1, 3):
            assert not any(c.is_natural and c.rank == Rank.NINE for c in hands[seat])
        for seat in (1, 2, 3):
            counts = Counter(c.rank for c in hands[seat] if c.is_natural)
            assert max(counts.values(), default=0) <= 2
            assert not any(c.is_red_three for c in hands[seat])


def test_hard_deals_shaped_worlds_and_counts_the_work():
    st = position(["H7 D4 HQ SQ HK SK C5 D6 S8 H10 CJ"], melds=[{}, {"9": "H9 D9 S9"}], discard="C4 H6", turn=0)
    obs = st.observation(0)
    plain, shaped = HardBot(seed=1), HardBot(seed=1, shape=1)
    world = shaped.dealt(obs, random.Random(2), None)
    assert shaped.work == 6 and plain.dealt(obs, random.Random(2), None) is not None and plain.work == 0
    assert not any(c.is_natural and c.rank == Rank.NINE for c in world.hands[1] + world.hands[3])
    move = shaped.policy.choose(world.observation(0))
    world.apply(move)  # the world is consistent: the engine accepts Normal's move in it


def test_the_uniform_pair_chance_counts_the_deals():
    # Every way of dealing 2 of 5 cards, 2 of them sevens, to a hand already holding none /
    # one seven: 1 deal in 10 gives two sevens; 7 in 10 give the second one.
    from itertools import combinations

    from game.bots.inference import _pair_chance

    pool = ["7", "7", "x", "y", "z"]
    deals = list(combinations(range(5), 2))
    both = sum(1 for d in deals if sum(pool[i] == "7" for i in d) >= 2) / len(deals)
    one_more = sum(1 for d in deals if sum(pool[i] == "7" for i in d) >= 1) / len(deals)
    assert _pair_chance(5, 2, 2, 0) == pytest.approx(both) == pytest.approx(0.1)
    assert _pair_chance(5, 2, 2, 1) == pytest.approx(one_more) == pytest.approx(0.7)
    assert _pair_chance(5, 2, 0, 1) == 0.0 and _pair_chance(5, 0, 2, 2) == 1.0


def test_the_pair_belief_reads_the_table():
    # Seat 3 threw the king on top (since the pile was last taken) and its side melded nines:
    # a pair of either is far less likely than a uniform deal makes it, a pair of an open rank
    # more likely. Only the opponents (seats 1 and 3) are judged, and only in the classic family.
    st = position(["H7 D4 HQ SQ HK C5 D6 S8 H10 CJ S5"], melds=[{}, {"9": "H9 D9 S9"}], discard="C4 H6 D7 SK", turn=0)
    obs = st.observation(0)
    belief = PairBelief.read(obs)
    assert belief is not None and belief.seats == (1, 3)
    by_rank = dict(zip(range(4, 15), belief.ratios[1]))  # seat 3
    assert by_rank[int(Rank.KING)][0] < -1.0 and by_rank[int(Rank.NINE)][0] < -1.0
    assert by_rank[int(Rank.JACK)][0] > 0.0
    for variant in ("samba", "hand-and-foot"):
        deal, _ = GameState.deal(RulesConfig.for_variant(variant), random.Random(1))
        assert deal.to_act is not None and PairBelief.read(deal.observation(deal.to_act)) is None
    # A world where seat 3 holds two kings weighs less than the same world with one of them
    # traded for a card that makes no pair.
    hands = [list(h) for h in st.hands]
    kings = cards("CK DK")
    with_pair = [*hands[:3], [*kings, *cards("C5 D8 S4 HJ C9 DA S6 H10 D10")]]
    without = [*hands[:3], [kings[0], *cards("D3 C5 D8 S4 HJ C9 DA S6 H10")]]
    assert belief.log_weight(with_pair) < belief.log_weight(without) - 1.0


def test_hard_resamples_its_worlds_by_the_pair_belief():
    # With `pair_worlds` Hard draws that many worlds for each one played and picks by the
    # belief's weight: seat 3 then rarely holds a pair of the king it just threw; the extra
    # worlds count as work.
    st = position(["H7 D4 HQ SQ HK C5 D6 S8 H10 CJ S5"], discard="C4 H6 D7 SK", turn=0, fill=13)
    obs = st.observation(0)
    plain, believing = HardBot(seed=1), HardBot(seed=1, pair_worlds=20)
    assert plain.evidence(obs) is None
    evidence = believing.evidence(obs)
    assert evidence is not None and evidence.pairs is not None

    def king_pairs(bot: HardBot) -> int:
        rng = random.Random(4)
        worlds = [bot.sample(obs, rng, bot.evidence(obs)) for _ in range(150)]
        return sum(sum(c.is_natural and c.rank == Rank.KING for c in w.hands[3]) >= 2 for w in worlds if w)

    before = believing.work
    assert king_pairs(believing) * 3 < king_pairs(plain)
    assert believing.work - before == 150 * 19


def test_the_pair_belief_fit_recovers_known_weights():
    # tools/fit_pair_belief.py: rows drawn from a known logistic model give back its weights;
    # rows of a real decision have every feature of PAIR_FEATURES and a 0 / 1 label.
    from game.bots.inference import PAIR_FEATURES

    tool = tool_module("fit_pair_belief")
    truth = [-1.0, 0.8, -2.0]
    rng = random.Random(6)
    rows = []
    for _ in range(6000):
        x = (1.0, rng.gauss(0.0, 1.0), float(rng.random() < 0.3))
        rows.append((x, int(rng.random() < tool.predict(truth, x))))
    fitted = tool.fit(rows)
    assert all(abs(a - b) < 0.2 for a, b in zip(fitted, truth)), fitted
    assert tool.solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0]) == pytest.approx([0.8, 1.4])
    per_game = tool.collect(1, 1000, 5)
    assert per_game[0] and all(len(x) == len(PAIR_FEATURES) and y in (0, 1) for x, y in per_game[0])
