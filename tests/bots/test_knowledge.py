"""Knowledge and Normal's shortcuts (stop 61, for faster playouts) against the plain
definitions they stand for: every count recounted from the observation, every seating
answer derived again, a discard's cost weighed card by card. Observations come from
Normal playing each variant, so melds with wild cards, sequences, feet and a seat sitting
out all occur."""

from __future__ import annotations

import pytest

from game.bots.knowledge import Knowledge
from game.bots.normal import NormalPolicy
from game.bots.variant_facts import facts_for
from game.rules import Card, Game, MoveKind, Observation, Phase, RulesConfig
from game.rules.melds import book_counts
from game.rules.variants import VARIANT_IDS


def observations(variant: str, seed: int, count: int = 120) -> list[Observation]:
    """Every third observation of the seat to act, Normal playing a game from `seed`."""
    policy = NormalPolicy()
    cfg = RulesConfig.for_variant(variant)
    game = Game(cfg, seed, first_dealer=seed % cfg.players)
    found: list[Observation] = []
    step = 0
    while not game.is_over and len(found) < count:
        st = game.state
        if st.is_over:
            game.next_deal()
            continue
        assert st.to_act is not None
        obs = st.observation(st.to_act)
        step += 1
        if step % 3 == 0:
            found.append(obs)
        game.apply(policy.choose(obs))
    return found


def recount(obs: Observation) -> tuple[list[int], list[int], list[int], list[int]]:
    """(seen, unseen, pile counts, unknown cards in each hand), counted card by card."""
    seen = [0] * 16
    for card in obs.hand:
        seen[card.rank] += 1
    for side in obs.melds:
        for meld in side:
            for card in meld.cards:
                seen[card.rank] += 1
    pile = [0] * 16
    for card in obs.pile:
        pile[card.rank] += 1
        seen[card.rank] += 1
    for threes in obs.red_threes:
        seen[3] += len(threes)
    unknown = []
    for seat, faces in enumerate(obs.known):
        if seat == obs.seat:
            unknown.append(0)
            continue
        for face, n in faces:
            seen[Card.parse(face).rank] += n
        unknown.append(obs.hand_sizes[seat] - sum(n for _, n in faces))
    totals = [0] * 16
    for card in obs.config.deck:
        totals[card.rank] += 1
    unseen = [max(0, t - s) for t, s in zip(totals, seen, strict=True)]
    return seen, unseen, pile, unknown


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_knowledge_counts_as_the_cards_do(variant):
    checked = 0
    for obs in observations(variant, seed=3):
        kn = Knowledge(obs)
        seen, unseen, pile, unknown = recount(obs)
        assert kn.seen == seen
        assert kn.unseen == unseen
        assert kn.pool == sum(unseen)
        assert kn.pile_counts == pile
        assert kn.unknown_in_hand == unknown
        for side in range(obs.config.sides):
            assert kn.canastas(side) == sum(1 for m in obs.melds[side] if m.is_canasta)
            assert kn.canastas(side) == sum(1 for m in obs.melds[side] if m.is_canasta)  # asked again: kept
            assert kn.books(side) == kn.books(side) == book_counts(obs.melds[side])
            clean_need, dirty_need = obs.config.rules.books_quota
            if clean_need or dirty_need:
                clean, dirty = book_counts(obs.melds[side])
                short = max(0, clean_need - clean) + max(0, dirty_need - dirty)
            else:
                short = max(0, obs.config.canastas_to_go_out - kn.canastas(side))
            assert kn.books_short(side) == kn.books_short(side) == short
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_the_seating_kept_by_the_facts_is_the_table_s(variant):
    cfg = RulesConfig.for_variant(variant)
    facts = facts_for(cfg)
    outs = [None, *cfg.rules.sides[1]] if variant == "five-hand" else [None]  # V-FIVE: one of the three sits out
    for _ in range(2):  # the second time from what the facts kept
        for out in outs:
            order = cfg.play_order(out)
            for seat in order:
                side = cfg.side_of(seat)
                assert facts.opponents(seat, out) == tuple(s for s in order if cfg.side_of(s) != side)
                assert facts.teammates(seat, out) == tuple(s for s in cfg.seats_of_side(side) if s != seat and s != out)
                assert facts.next_player(seat, out) == order[(order.index(seat) + 1) % len(order)]
            hands = len(order) * cfg.hand_size
            assert facts.full_stock(out) == len(cfg.deck) - hands - len(order) * cfg.rules.foot - 1


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_the_discard_weighed_by_rank_is_the_one_weighed_card_by_card(variant):
    """Where melds are keyed by rank, best_discard weighs each rank once: the same discard
    as the cheapest of every card weighed (the first of equals, in the listing's order)."""
    policy = NormalPolicy()
    compared = 0
    for obs in observations(variant, seed=5, count=300):
        if obs.phase is not Phase.MELD:
            continue
        discards = [m for m in obs.legal if m.kind is MoveKind.DISCARD]
        if len(discards) < 2:
            continue
        kn = Knowledge(obs)
        cheapest = min(discards, key=lambda m: policy.discard_cost(kn, m))
        assert policy.best_discard(kn) == cheapest
        compared += 1
    assert compared > 20


def test_a_playout_s_normal_chooses_alike_without_its_reason():
    """`explain=False` (Hard's playouts) leaves the reason unmade and the move the same."""
    policy = NormalPolicy()
    takes = 0
    for obs in observations("classic", seed=11, count=600):
        move = policy.choose(obs)
        reason = policy.reason
        assert policy.choose(obs, explain=False) == move
        if obs.phase is Phase.DRAW:
            assert policy.reason is None
            takes += reason is not None
    assert takes > 0  # some big takes were explained when asked
