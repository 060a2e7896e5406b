"""The engine's shortcuts answer as the plain computation does: the going-out plan the
listing remembers (game/rules/plan_memo.py), never stale however a state changes, and the
observations and values built the quick way (game/rules/fast_init.py)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.rules import (
    VARIANT_IDS,
    GameState,
    Group,
    Meld,
    Move,
    MoveKind,
    Observation,
    Phase,
    Rank,
    RulesConfig,
    Turn,
    family_moves,
    movegen,
    parse_cards,
    plan_memo,
    position_from_json,
    position_to_json,
)
from game.rules.family import FamilyState

VARIANTS = list(VARIANT_IDS)


def fresh_plan(state: GameState):  # type: ignore[no-untyped-def]
    """The kind of deal's planner, asked directly (nothing remembered)."""
    if isinstance(state, FamilyState):
        return family_moves.go_out_plan(state)
    return movegen.go_out_plan(state)


def fresh_can_go_out(state: GameState) -> bool:
    if isinstance(state, FamilyState):
        return family_moves.can_go_out_in_steps(state)
    return state.phase is Phase.MELD and movegen.go_out_plan(state) is not None


def reference_observation(state: GameState, seat: int) -> Observation:
    """What `GameState.observation` shows, spelled out field by field."""
    return Observation(
        seat=seat,
        config=state.config,
        hand=tuple(state.hands[seat]),
        hand_sizes=tuple(len(h) for h in state.hands),
        melds=tuple(state.side_melds(side) for side in range(state.config.sides)),
        red_threes=tuple(tuple(r) for r in state.red_threes),
        pile=tuple(state.pile),
        pile_frozen=state.pile_frozen > 0,
        stock_size=len(state.stock),
        scores=tuple(state.scores),
        dealer=state.dealer,
        turn=state.turn,
        phase=state.phase,
        to_act=state.to_act,
        this_turn=state.this_turn,
        laid_in_deal=tuple(state.laid_in_deal),
        out=state.out,
        known=tuple(tuple(sorted(k.items())) for k in state.known),
        legal=tuple(state.legal_moves()) if state.to_act == seat else (),
        feet=state.foot_sizes(),
        deal_no=state.deal_number,
    )


def check_plans(state: GameState) -> None:
    """After the listing: the state's plan, the stand-in's from its observation and the
    answer to "can I go out?" are the planner's own."""
    seat = state.to_act
    assert seat is not None
    obs = state.observation(seat)
    assert obs == reference_observation(state, seat)
    assert state.go_out_plan() == fresh_plan(state)
    assert state.can_go_out() == fresh_can_go_out(state)
    hands = [list(obs.hand) if s == seat else [] for s in range(state.config.players)]
    stand_in = GameState.from_observation(obs, hands, [])
    assert stand_in.go_out_plan() == fresh_plan(stand_in)
    assert stand_in.can_go_out() == fresh_can_go_out(stand_in)


def play(variant: str, seed: int, moves: int, rng: random.Random):  # type: ignore[no-untyped-def]
    """Deals of random legal play (a plan's move or `ask` preferred, so deals go out):
    each state checked as it is reached."""
    config = RulesConfig.for_variant(variant)
    state, _ = GameState.deal(config, random.Random(seed), dealer=seed % config.players)
    for _ in range(moves):
        if state.is_over:
            return
        yield state
        legal = state.legal_moves()
        preferred = [m for m in legal if m.kind is MoveKind.ASK or (m.kind is MoveKind.MELD and len(m.groups) > 1)]
        state.apply(rng.choice(preferred if preferred and rng.random() < 0.5 else legal))


@pytest.mark.parametrize("variant", VARIANTS)
def test_remembered_plans_are_the_planners(variant: str) -> None:
    rng = random.Random(7)
    for seed in range(3):
        for state in play(variant, seed, 400, rng):
            check_plans(state)
            # Rebuilt from its position (no memory of how it came about): the same moves.
            rebuilt = position_from_json(position_to_json(state))
            assert rebuilt.legal_moves() == state.legal_moves()
            assert rebuilt.go_out_plan() == state.go_out_plan() == fresh_plan(state)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_state_changed_after_listing_plans_anew(variant: str) -> None:
    """Fields written directly (as tests and tools do) between the listing and the question:
    the remembered plan is never handed out for the changed state."""
    rng = random.Random(11)
    changed = 0
    for seed in range(4):
        for state in play(variant, seed, 400, rng):
            if state.phase is not Phase.MELD:
                continue
            seat = state.turn
            state.legal_moves()  # the listing remembers its plan
            trial = state.copy()
            if trial.stock:  # a card more in the hand, written directly
                card = trial.stock.pop()
                trial.hands[seat].append(card)
                trial.counts[seat][card.rank] += 1
            elif len(trial.hands[seat]) > 1:  # or a card less
                card = trial.hands[seat].pop()
                trial.counts[seat][card.rank] -= 1
            assert trial.go_out_plan() == fresh_plan(trial)
            assert trial.can_go_out() == fresh_can_go_out(trial)
            state.legal_moves()
            trial = state.copy()
            trial.this_turn = dataclasses.replace(trial.this_turn, answer=False)  # the partner said no
            assert trial.go_out_plan() is None
            assert not trial.can_go_out()
            state.legal_moves()
            trial = state.copy()
            trial.laid_in_deal[seat] = not trial.laid_in_deal[seat]
            trial.scores[trial.side_of(seat)] += 3000  # another minimum
            assert trial.go_out_plan() == fresh_plan(trial)
            changed += 1
    assert changed


def test_a_changed_hand_in_place_plans_anew() -> None:
    """The hand list itself changed in place after the listing, with no apply in between."""
    config = RulesConfig.for_variant("classic")
    state = GameState.empty(config)
    state.phase = Phase.MELD
    seat = state.turn
    state.this_turn = Turn(drawn=None)
    state.melds[config.side_of(seat)][Rank.KING] = Meld.of(Rank.KING, parse_cards("HK SK DK CK D2 C2 JK"))
    for card in parse_cards("H5 S5 D5 C9"):
        state._to_hand(seat, card)
    state.legal_moves()
    plan = state.go_out_plan()
    assert plan is not None and plan[1] is not None  # the fives meld, the nine is the discard
    assert plan == fresh_plan(state)
    card = parse_cards("H7")[0]
    state._to_hand(seat, card)  # a second card that fits nowhere: no way out now
    assert fresh_plan(state) is None
    assert state.go_out_plan() is None
    assert not state.can_go_out()


def test_a_remembered_plan_is_the_callers_own() -> None:
    """Changing the list of groups a plan came in does not change the next answer."""
    rng = random.Random(5)
    for state in play("classic", 1, 600, rng):
        if state.phase is Phase.MELD:
            state.legal_moves()
            plan = state.go_out_plan()
            if plan is not None and plan[0]:
                plan[0].clear()
                assert state.go_out_plan() == fresh_plan(state)
                return
    pytest.skip("no plan came up")  # (seeded: it does)


def test_forget_drops_the_plan() -> None:
    plan_memo.remember(("facts",), ([Group(Rank.KING, ())], None), True)
    assert plan_memo.recalled(("facts",))[0]
    plan_memo.forget()
    assert not plan_memo.recalled(("facts",))[0]


def test_quick_values_keep_the_dataclass_behaviour() -> None:
    """Values built by the generated `__init__`: positional or by keyword, defaults, equality,
    hashing, `replace` and immutability are the dataclass's."""
    move = Move(MoveKind.MELD, (Group(Rank.KING, tuple(parse_cards("HK SK D2"))),))
    assert move == Move(kind=MoveKind.MELD, groups=move.groups) == Move.parse("meld HK SK D2")
    assert hash(move) == hash(Move.parse("meld HK SK D2"))
    assert Move(MoveKind.DRAW) == Move(MoveKind.DRAW, (), None)
    assert Turn() == Turn(None, False, None, False, False, frozenset(), False)
    assert dataclasses.replace(Turn(), asked=True).asked
    meld = Meld.of(Rank.KING, parse_cards("HK SK D2"))
    assert (meld.naturals, meld.wilds) == (2, 1)
    assert meld.plus(parse_cards("JK")) == Meld(Rank.KING, meld.cards + tuple(parse_cards("JK")), 2, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.kind = MoveKind.DRAW  # type: ignore[misc]
    with pytest.raises(TypeError):
        Move()  # type: ignore[call-arg]
    state, _ = GameState.deal(RulesConfig.for_variant("samba"), random.Random(3))
    seat = state.to_act
    assert seat is not None
    obs = state.observation(seat)
    assert obs == reference_observation(state, seat)
    assert dataclasses.replace(obs, seat=seat) == obs
