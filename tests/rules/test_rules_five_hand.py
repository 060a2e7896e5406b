"""Five-hand Canasta (VARIANTS.md section 2, V-FIVE): a side of two and a side of three, one
of whom sits out each deal in rotation; the deal itself is classic."""

from __future__ import annotations

import json
import random

import pytest
from rules_helpers import legal, play, position

from game.rules import (
    Game,
    GameState,
    IllegalMove,
    Move,
    Phase,
    PositionError,
    RulesConfig,
    position_from_json,
    position_to_json,
)

FIVE = RulesConfig.for_variant("five-hand")
K_NATURAL = "SK SK HK HK CK CK DK"


def five(hands, melds=None, out=4, **kw):
    """A five-hand position; the dealer defaults to the player before `turn` in the order."""
    order = FIVE.play_order(out)
    kw.setdefault("dealer", order[order.index(kw.get("turn", 0)) - 1])
    return position(hands, melds=melds, variant="five-hand", out=out, **kw)


def test_V_FIVE_sides_and_targets():
    assert FIVE.players == 5 and FIVE.sides == 2
    assert FIVE.seats_of_side(0) == (0, 2) and FIVE.seats_of_side(1) == (1, 3, 4)
    assert FIVE.rules.targets == (5000, 2500) and FIVE.rules.deck_size == 108


@pytest.mark.parametrize("out,order", [(4, (0, 1, 2, 3)), (3, (0, 1, 2, 4)), (1, (0, 3, 2, 4))])
def test_V_FIVE_turn_order_of_the_four_who_play(out, order):
    assert FIVE.play_order(out) == order


def test_V_FIVE_rotation_of_the_seat_out_and_the_dealer_over_deals():
    # Deal k: out = 4, 3, 1, 4, ...; dealer = the player at place k mod 4 of that order.
    expected = [(4, 0, 1), (3, 1, 2), (1, 2, 4), (4, 3, 0), (3, 0, 1), (1, 3, 2)]
    game = Game(FIVE, seed=5)
    rng = random.Random(5)
    seen = []
    for _ in range(len(expected)):
        st = game.state
        seen.append((st.out, st.dealer, st.turn))
        assert st.hands[st.out] == [] and all(len(st.hands[s]) >= 11 for s in st.order) or st.is_over
        while not game.state.is_over:
            game.apply(rng.choice(game.state.legal_moves()))
        if game.is_over:
            break
        game.next_deal()
    assert seen == expected[: len(seen)] and len(seen) >= 4


def test_V_FIVE_the_one_out_neither_holds_cards_nor_acts():
    state, _ = GameState.deal(FIVE, random.Random(2), dealer=1, out=3)
    assert state.order == (0, 1, 2, 4) and state.hands[3] == []
    assert state.turn == 2  # the dealer's left in the deal's order
    for _ in range(40):
        if state.is_over:
            break
        assert state.to_act != 3
        state.apply(random.Random(len(state.pile)).choice(state.legal_moves()))
    cards = [c for h in state.hands for c in h] + state.pile + state.stock
    cards += [c for side in state.melds for m in side.values() for c in m.cards]
    cards += [c for r in state.red_threes for c in r]
    assert len(cards) == len(set(cards)) == 108


@pytest.mark.parametrize("out,asker,partner", [(4, 1, 3), (3, 1, 4), (3, 4, 1), (1, 3, 4), (4, 0, 2)])
def test_V_FIVE_the_two_of_the_side_of_three_who_play_are_partners_R_ASK(out, asker, partner):
    hands = ["C5 C6", "D5 D6", "H5 H6", "S5 S6", "C7 D7"]
    hands[out] = ""
    hands[asker] = "C9 D9 H9 C4"
    melds = [{}, {}]
    melds[FIVE.side_of(asker)] = {"K": K_NATURAL}
    dealer = next(s for s in (0, 2, 1, 3, 4) if s not in (out, asker))
    s = five(hands, melds, out=out, phase="meld", turn=asker, dealer=dealer)
    play(s, "ask")
    assert s.phase is Phase.ANSWER and s.to_act == partner
    play(s, "yes", "meld C9 D9 H9", "discard C4")
    assert s.result.went_out == asker


def test_V_FIVE_the_side_of_three_shares_its_score_hand_computed():
    # Seat 0 goes out (side 0). Side 1's hands: seat 1 "C4 C5" (-10), seat 3 "JK" (-50).
    s = five(
        ["C9", "C4 C5", "", "JK", ""], [{"K": K_NATURAL}, {"A": "CA DA HA"}], out=4, phase="meld", red_threes=["", "H3"]
    )
    play(s, "discard C9")
    got = [side.to_json() for side in s.result.sides]
    assert got[0] == {"melds": 70, "hand": 0, "canastas": 500, "red_threes": 0, "going_out": 100, "total": 670}
    assert got[1] == {"melds": 60, "hand": -60, "canastas": 0, "red_threes": 100, "going_out": 0, "total": 100}


def test_V_FIVE_positions_name_the_seat_out():
    s = five(["C9 C4", "C5 C6", "H5 H6", "S5 S6", ""], out=4)
    data = position_to_json(s)
    assert data["out"] == 4 and position_to_json(position_from_json(data)) == data
    assert legal(s)[0] == "draw"
    base = dict(data)
    for change, needle in [
        ({"out": None}, "'out'"),
        ({"out": 2}, "'out' must be one of"),
        ({"out": 1}, "holds no cards"),
        ({"dealer": 4}, "dealer never sits"),
        ({"turn": 4}, "never sits out"),
    ]:
        bad = {k: v for k, v in {**base, **change}.items() if v is not None}
        with pytest.raises(PositionError, match=needle):
            position_from_json(json.loads(json.dumps(bad)))
    with pytest.raises(PositionError, match="nobody sits out"):
        position(["C9"], out=3)  # classic


def test_V_FIVE_play_and_legal_through_the_command_line(tmp_path):
    import io

    from game.rules.cli import main

    s = five(["C9 D9 H9 C4", "C5 C6", "H5 H6", "", "S5 S6"], [{"K": K_NATURAL}, {}], out=3, dealer=4, stock="H4 D4")
    path = tmp_path / "five.json"
    path.write_text(json.dumps(position_to_json(s)))
    out = io.StringIO()
    assert main(["play", str(path), "draw", "meld C9 D9 H9", "discard C4"], out, io.StringIO()) == 0
    data = json.loads(out.getvalue())
    assert data["turn"] == 1 and data["out"] == 3  # 0 -> 1 (seat 3 is out)
    with pytest.raises(IllegalMove):
        position_from_json(data).apply(Move.parse("discard C9"))  # seat 1 has no C9
