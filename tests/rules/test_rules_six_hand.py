"""Six-hand Canasta (VARIANTS.md sections 1 and 2), one or more tests per V- rule id, built
from the notation, with hand-computed scores."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from rules_helpers import legal, play, position

from game.rules import Game, GameState, IllegalMove, Move, Phase, PositionError, RulesConfig
from game.rules.scoring import game_winner

SIX = ("six-hand", "six-hand-2x3")
K_NATURAL = "SK SK HK HK CK CK DK"  # 70 points, natural canasta 500
Q_MIXED = "SQ SQ HQ HQ CQ CQ JK"  # 110 points, mixed canasta 300


def six(hands, melds=None, **kw):
    return position(hands, melds=melds, **kw)


@pytest.mark.parametrize("variant", SIX)
def test_V_PACKS_three_packs_hold_162_cards(variant):
    deck = RulesConfig.for_variant(variant).deck
    faces = Counter(c.face for c in deck)
    assert len(deck) == 162 and len(set(deck)) == 162
    assert all(faces[f"{s}{r}"] == 3 for s in "CDHS" for r in ("4", "9", "K", "A"))
    assert sum(n for f, n in faces.items() if f[1:] == "2") == 12 and faces["JK"] == 6
    assert faces["H3"] + faces["D3"] == 6 and faces["C3"] + faces["S3"] == 6


def test_V_PACKS_more_copies_than_the_packs_hold_is_an_error():
    six(["C9 C9 C9"], variant="six-hand")  # three packs: three nines of clubs
    with pytest.raises(PositionError, match="V-PACKS"):
        six(["C9 C9 C9 C9"], variant="six-hand")
    with pytest.raises(PositionError, match="R-DECK"):
        position(["C9 C9 C9"])  # classic: two packs


def test_V_SEATS_sides_of_the_six_player_tables():
    pairs = RulesConfig.for_variant("six-hand")
    assert [pairs.seats_of_side(s) for s in range(3)] == [(0, 3), (1, 4), (2, 5)]
    assert [pairs.side_of(seat) for seat in range(6)] == [0, 1, 2, 0, 1, 2]
    threes = RulesConfig.for_variant("six-hand-2x3")
    assert [threes.seats_of_side(s) for s in range(2)] == [(0, 2, 4), (1, 3, 5)]
    assert [threes.side_of(seat) for seat in range(6)] == [0, 1, 0, 1, 0, 1]


@pytest.mark.parametrize("variant", SIX)
def test_V_SIX_deal_13_each_draw_one(variant):
    config = RulesConfig.for_variant(variant)
    state, _ = GameState.deal(config, random.Random(4), dealer=5)
    red = sum(len(r) for r in state.red_threes)
    assert [len(h) for h in state.hands] == [13] * 6
    assert len(state.stock) + len(state.pile) + red == 162 - 6 * 13
    assert state.turn == 0 and legal(state)[0] == "draw"
    before = len(state.hands[0])
    play(state, "draw")
    assert len(state.hands[0]) == before + 1 or state.is_over


@pytest.mark.parametrize("variant", SIX)
def test_V_SIX_two_canastas_to_go_out_and_V_KEEP_TWO(variant):
    one = [{"K": K_NATURAL}] + [{}] * (RulesConfig.for_variant(variant).sides - 1)
    s = six(["C9 D9 H9 C4"], one, variant=variant, phase="meld")
    with pytest.raises(IllegalMove) as e:
        s.apply(Move.parse("meld C9 D9 H9"))
    assert e.value.rule == "V-KEEP-TWO" and e.value.params == {"n": 2}  # (VARIANTS.md's rule, not RULES.md's)
    two = [{"K": K_NATURAL, "Q": Q_MIXED}] + one[1:]
    s = six(["C9 D9 H9 C4"], two, variant=variant, phase="meld")
    play(s, "meld C9 D9 H9", "discard C4")
    assert s.is_over and s.result.went_out == 0


def test_V_SIX_MIN_the_2x3_game_needs_150_from_7500():
    threes = RulesConfig.for_variant("six-hand-2x3")
    assert [threes.minimum_for(x) for x in (-5, 0, 1500, 3000, 7495, 7500, 9990)] == [15, 50, 90, 120, 120, 150, 150]
    pairs = RulesConfig.for_variant("six-hand")
    assert [pairs.minimum_for(x) for x in (-5, 0, 1500, 3000, 7000)] == [15, 50, 90, 120, 120]
    s = six(["C9 D9 H9 S9 C9 D9 HA SA CA C4 C5"], variant="six-hand-2x3", phase="meld", scores=[7500, 0])
    with pytest.raises(IllegalMove) as e:  # 60 + 60 = 120 < 150
        s.apply(Move.parse("meld C9 C9 D9 D9 H9 S9 / CA HA SA"))
    assert e.value.rule == "R-MIN" and e.value.params["minimum"] == 150


@pytest.mark.parametrize(
    "variant,asker,partner",
    [("six-hand", 0, 3), ("six-hand", 4, 1), ("six-hand-2x3", 0, 2), ("six-hand-2x3", 4, 0), ("six-hand-2x3", 3, 5)],
)
def test_V_SIX_ASK_who_answers(variant, asker, partner):
    config = RulesConfig.for_variant(variant)
    side = config.side_of(asker)
    melds = [{} for _ in range(config.sides)]
    melds[side] = {"K": K_NATURAL, "Q": Q_MIXED}
    hands = [""] * 6
    hands[asker] = "C9 D9 H9 C4"
    fillers = iter(["C5 C6", "D5 D6", "H5 H6", "S5 S6", "C7 D7", "H7 S7"])
    for seat in range(6):
        hands[seat] = hands[seat] or next(fillers)
    s = six(hands, melds, variant=variant, phase="meld", turn=asker)
    assert "ask" in legal(s)
    play(s, "ask")
    assert s.phase is Phase.ANSWER and s.to_act == partner == config.partner_of(asker)
    play(s, "yes")
    with pytest.raises(IllegalMove):
        s.copy().apply(Move.parse("discard C4"))  # yes binds: go out
    play(s, "meld C9 D9 H9", "discard C4")
    assert s.result.went_out == asker


def test_V_SIX_RED3_and_R_SCORE_hand_computed():
    # Seat 0 goes out; side 0 (seats 0, 3) holds five red threes, side 1 one, side 2 none.
    s = six(
        ["C9", "C4 C5", "JK", "", "", ""],
        [{"K": K_NATURAL, "Q": Q_MIXED}, {}, {"A": "CA DA HA"}],
        variant="six-hand",
        phase="meld",
        red_threes=["H3 H3 H3 D3 D3", "D3", ""],
    )
    play(s, "discard C9")
    got = [side.to_json() for side in s.result.sides]
    assert got[0] == {"melds": 180, "hand": 0, "canastas": 800, "red_threes": 1000, "going_out": 100, "total": 2080}
    assert got[1] == {"melds": 0, "hand": -10, "canastas": 0, "red_threes": -100, "going_out": 0, "total": -110}
    assert got[2] == {"melds": 60, "hand": -50, "canastas": 0, "red_threes": 0, "going_out": 0, "total": 10}
    assert list(s.result.scores) == [2080, -110, 10]


@pytest.mark.parametrize("count,points", [(4, 400), (5, 1000), (6, 1200)])
def test_V_SIX_RED3_table(count, points):
    rules = RulesConfig.for_variant("six-hand").rules
    assert rules.red_three_points(count) == points


def test_V_SIX_GAME_highest_at_or_over_the_target_wins_ties_play_on():
    assert game_winner((7400, 7600, 7550), 7500) == 1
    assert game_winner((7400, 7499, 100), 7500) is None
    assert game_winner((7600, 7600, 7000), 7500) is None
    s = six(
        ["C9", "C4", "C5", "", "", ""],
        [{"K": K_NATURAL, "Q": Q_MIXED}, {}, {}],
        variant="six-hand",
        phase="meld",
        scores=[6000, 7400, 0],
    )
    play(s, "discard C9")  # 180 + 800 + 100 = 1080: side 0 reaches 7080, side 1 7395
    assert s.result.winner is None and list(s.result.scores) == [7080, 7395, -5]


@pytest.mark.parametrize("variant,target,other", [("six-hand", 7500, 2500), ("six-hand-2x3", 10000, 5000)])
def test_V_TARGET(variant, target, other):
    assert RulesConfig.for_variant(variant).target == target
    with pytest.raises(PositionError, match="target"):
        RulesConfig.for_variant(variant, other)
    with pytest.raises(PositionError, match="target"):
        six(["C9"], variant=variant, target=other)


def test_V_BLACK3_three_packs_meld_up_to_six_black_threes_going_out():
    melds = [{"K": K_NATURAL, "Q": Q_MIXED}, {}, {}]
    s = six(["S3 S3 S3 C3 C3 C9"], melds, variant="six-hand", phase="meld")
    assert "meld C3 C3 S3 S3 S3" in legal(s)
    play(s, "meld C3 C3 S3 S3 S3", "discard C9")
    assert s.result.sides[0].melds == 180 + 25
    s = six(["S3 S3 S3 C3 C3 C3"], melds, variant="six-hand", phase="meld")
    play(s, "meld C3 C3 C3 S3 S3 S3")
    assert s.is_over


@pytest.mark.parametrize("variant", SIX)
def test_a_whole_game_replays_from_seed_and_moves(variant):
    config = RulesConfig.for_variant(variant)
    rng = random.Random(3)
    game = Game(config, seed=21)
    for _ in range(6000):
        if game.state.is_over:
            if game.is_over or game.deal_number >= 1:
                break
            game.next_deal()  # the replay crosses a deal's end (Game.apply starts the next one)
            continue
        game.apply(rng.choice(game.state.legal_moves()))
    assert game.deal_number >= 1  # (the loop ran past the first deal)
    again = Game.replay(config, 21, [str(m) for m in game.history])
    from game.rules import position_to_json

    assert again.deal_number == game.deal_number
    assert position_to_json(again.state) == position_to_json(game.state)


def test_the_command_line_plays_six_hand_positions(tmp_path):
    import io
    import json

    from game.rules.cli import main

    pos = {
        "format": "canasta-position/1",
        "variant": "six-hand-2x3",
        "target": 10000,
        "scores": [0, 0],
        "dealer": 5,
        "turn": 0,
        "phase": "draw",
        "hands": ["C9 D9 H9 C4", "C5", "D5", "H5", "S5", "C6"],
        "melds": [{"K": K_NATURAL, "Q": Q_MIXED}, {}],
        "red_threes": ["", ""],
        "discard": "D6",
        "stock": "H9 H8",
        "seed": 3,
    }
    path = tmp_path / "six.json"
    path.write_text(json.dumps(pos))
    out, err = io.StringIO(), io.StringIO()
    assert main(["legal", str(path)], out, err) == 0 and out.getvalue().splitlines() == ["draw"]
    out = io.StringIO()
    code = main(["play", str(path), "draw", "ask", "yes", "meld C9 D9 H9 H9", "discard C4"], out, err)
    assert code == 0, err.getvalue()
    data = json.loads(out.getvalue())
    assert data["phase"] == "over" and data["result"]["winner"] is None
    assert data["result"]["sides"][0]["canastas"] == 800 and len(data["hands"]) == 6
    from game.rules import position_from_json, position_to_json

    assert position_to_json(position_from_json(data)) == data  # it round-trips
    data["result"]["sides"][0]["total"] += 1
    with pytest.raises(PositionError, match="total"):
        position_from_json(data)
    pos["target"] = 5000
    path.write_text(json.dumps(pos))
    err = io.StringIO()
    assert main(["legal", str(path)], io.StringIO(), err) == 2 and "target" in err.getvalue()
