"""Hard's policy switching: the styles (game/bots/styles.py) and how Hard weighs them."""

from __future__ import annotations

from bot_helpers import position

from game.bots.hard import HardBot
from game.bots.normal import NormalPolicy, NormalWeights
from game.bots.styles import STYLE_NAMES, style_policies
from game.rules import Move, Observation, Phase


def test_each_style_leans_from_the_variants_own_weights():
    base = NormalWeights.for_variant("five-hand")
    leaned = dict(zip(STYLE_NAMES, style_policies("five-hand")))
    assert len(leaned) == len(STYLE_NAMES) == 5
    assert leaned["keys"].fixed is not None and leaned["keys"].fixed.new_pair_cost > base.new_pair_cost
    assert leaned["rush"].fixed is not None and leaned["rush"].fixed.out_base > base.out_base
    assert leaned["build"].fixed is not None and leaned["build"].fixed.out_base < base.out_base
    assert leaned["grab"].fixed is not None and leaned["grab"].fixed.take_base > base.take_base
    assert leaned["safe"].fixed is not None and leaned["safe"].fixed.danger_card > base.danger_card
    # What five-hand changes stays changed in every style but the one that leans on it.
    assert all(p.fixed is not None and p.fixed.threat_scale == base.threat_scale for p in leaned.values())


def test_a_style_that_takes_the_pile_where_normal_draws_is_a_candidate():
    # A pile of two that Normal declines in classic (take_small): the grabbing style takes it.
    st = position(["H7 D4 HQ SQ HK SK C5 D6 S8 H10 CJ"], melds=[{"9": "H9 D9 S9"}, {}], discard="C4 HK", turn=0)
    obs = st.observation(0)
    bot = HardBot(seed=1, styles=1)
    base = bot.policy.choose(obs)
    assert base == Move.parse("draw")
    found = bot.style_candidates(obs, base)
    assert [m for m, _ in found] == [Move.parse("take HK SK")]
    grab = dict(zip(STYLE_NAMES, style_policies("classic")))["grab"]
    assert found[0][1] is not None and found[0][1].fixed == grab.fixed


class RecordingPolicy(NormalPolicy):
    """Normal, noting each seat it chose for."""

    def __init__(self) -> None:
        super().__init__()
        self.seats: set[int] = set()

    def choose(self, obs: Observation, rng: object = None, explain: bool = True) -> Move:
        self.seats.add(obs.seat)
        return super().choose(obs, explain=explain)


def test_a_style_plays_our_side_only_in_the_playouts():
    st = position(["H7 D4 HQ SQ HK SK C5 D6 S8 H10 CJ"], discard="C4 H6", turn=0, fill=11)
    bot = HardBot(seed=1, horizon=40)
    ours = RecordingPolicy()
    bot.playout(st.copy(), 0, ours)
    assert ours.seats == {0, 2}


def test_hard_with_styles_decides_the_same_way_twice():
    st = position(["H7 D4 HQ SQ HK SK C5 D6 S8 H10 CJ"], melds=[{"9": "H9 D9 S9"}, {}], discard="C4 HK", turn=0)
    obs = st.observation(0)
    assert obs.phase is Phase.DRAW
    first = HardBot(seed=3, iterations=6, styles=1).act(obs)
    again = HardBot(seed=3, iterations=6, styles=1).act(obs)
    assert first == again and first in obs.legal
