"""Bolivia (VARIANTS.md section 4: Samba with wild melds), one or more tests per V-BOL rule
id, built from the notation, with hand-computed scores."""

from __future__ import annotations

import pytest
from rules_helpers import legal, play, position

from game.rules import IllegalMove, PositionError, RulesConfig, position_to_json
from game.rules.melds import MeldKind

ESCALERA = "S8 S9 S10 SJ SQ SK SA"  # 6 x 10 + 20 = 80 points, bonus 1500
BOLIVIA = "D2 C2 H2 S2 D2 JK JK"  # 5 x 20 + 2 x 50 = 200 points, bonus 2500
K_NATURAL = "CK DK HK SK CK DK HK"
Q_NATURAL = "CQ DQ HQ SQ CQ DQ HQ"


def bolivia(hands, melds=None, **kw):
    return position(hands, melds=melds or [[], []], variant="bolivia", **kw)


# ---------------------------------------------------------------- V-BOL-WILD
def test_V_BOL_WILD_three_to_seven_wild_cards_are_a_wild_meld():
    state = bolivia(["D2 JK C2 H2 S2 JK D2 C9 C9"], melds=[["CQ DQ SQ"], []], phase="meld")
    assert "meld D2 JK C2" not in legal(state)  # listed in canonical order:
    assert "meld C2 D2 JK" in legal(state)
    play(state, "meld D2 JK C2")
    wild = state.side_melds(0)[1]
    assert wild.kind is MeldKind.WILD and wild.size == 3
    play(state, "meld +1: H2 S2 JK D2")  # seven: a bolivia
    assert state.side_melds(0)[1].bonus == 2500 and state.canastas(0) == 1
    assert not any(m.startswith("meld +1:") for m in legal(state))


def test_V_BOL_WILD_a_bolivia_takes_no_more_cards_and_a_wild_meld_no_naturals():
    state = bolivia(["JK C2 C9 C9 C8"], melds=[[BOLIVIA, "D2 C2 JK"], []], phase="meld")
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld +0: JK")
    assert caught.value.rule == "V-BOL-WILD"
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld +1: C9")
    assert caught.value.rule == "V-BOL-WILD" and caught.value.params == {"n": 1}
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld C2 JK")  # two wild cards: too few for a wild meld
    assert caught.value.rule == "V-BOL-WILD"


def test_V_BOL_WILD_a_position_with_a_wild_meld_of_eight_is_impossible():
    with pytest.raises(PositionError, match="V-BOL-WILD"):
        bolivia(["C9"], melds=[[BOLIVIA + " C2"], []])
    with pytest.raises(PositionError):
        position(["C9"], melds=[["D2 C2 JK"], []], variant="samba")  # Samba has no wild melds


# ---------------------------------------------------------------- V-BOL-OUT, V-BOL-ESCALERA, V-BOL-BLACK3
def test_V_BOL_OUT_two_canastas_without_an_escalera_do_not_go_out():
    state = bolivia(["H5 H5 H5 C9"], melds=[[K_NATURAL, Q_NATURAL], []], phase="meld")
    assert "meld H5 H5 H5" not in legal(state)
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld H5 H5 H5")
    assert caught.value.rule == "V-KEEP-TWO" and "escalera" in caught.value.message_id
    # two canastas laid: only the escalera lacks, and the refusal says that, not "two canastas"
    assert "canastas hold no escalera yet" in caught.value.message_id


def test_V_BOL_OUT_one_canasta_short_names_both_needs():
    state = bolivia(["H5 H5 H5 C9"], melds=[[K_NATURAL], []], phase="meld")
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld H5 H5 H5")
    assert caught.value.rule == "V-KEEP-TWO"
    assert caught.value.message_id.startswith("without two canastas, one of them an escalera")


def test_V_BOL_ESCALERA_and_V_BOL_OUT_going_out_with_an_escalera_and_a_bolivia_every_bonus_named():
    """Side 0: escalera (80 points, 1500), bolivia (200, 2500), fives laid now (15), going
    out 200, the partner's black three -100 (not its 5): 295 + 1500 + 2500 + 200 - 100 =
    4395. Side 1: C6 D6 S6 (15), HA left (-20), a black three (-100), a red three without
    two canastas (-100): -205."""
    state = bolivia(
        ["H5 H5 H5 C9", "S3 HA", "C3", ""],
        melds=[[ESCALERA, BOLIVIA], ["C6 D6 S6"]],
        red_threes=["", "H3"],
        phase="meld",
    )
    play(state, "meld H5 H5 H5", "discard C9")
    us, them = (s.to_json() for s in state.result.sides)
    assert us == {
        "melds": 295,
        "hand": 0,
        "canastas": 0,
        "red_threes": 0,
        "going_out": 200,
        "escaleras": 1500,
        "bolivias": 2500,
        "black_threes": -100,
        "total": 4395,
    }
    assert them == {
        "melds": 15,
        "hand": -20,
        "canastas": 0,
        "red_threes": -100,
        "going_out": 0,
        "black_threes": -100,
        "total": -205,
    }
    assert state.result.sides[0].sambas == 0  # V-BOL-ESCALERA: never reported as sambas
    again = position_to_json(state)
    assert again["result"]["sides"][0]["escaleras"] == 1500


def test_V_BOL_BLACK3_at_every_end_of_a_deal_and_melded_threes_count_five():
    state = bolivia(["C5 S3", "C3 C3"], melds=[[K_NATURAL], []], stock="", discard="D2")
    play(state, "pass")  # no one went out: the black threes still cost 100 each
    assert state.result.sides[0].black_threes == -100 and state.result.sides[0].hand == -5
    assert state.result.sides[1].black_threes == -200
    state = bolivia(["C3 S3 C3 C5"], melds=[[ESCALERA, BOLIVIA], []], phase="meld", turn_laid=True)
    play(state, "meld C3 C3 S3", "discard C5")
    assert state.result.sides[0].melds == 80 + 200 + 15 and state.result.sides[0].black_threes == 0


# ---------------------------------------------------------------- V-BOL-MIN, V-BOL-BLOCK, game
@pytest.mark.parametrize("score,minimum", [(-5, 15), (0, 50), (1500, 90), (3000, 120), (6995, 120), (7000, 150)])
def test_V_BOL_MIN_table(score, minimum):
    assert RulesConfig.for_variant("bolivia").minimum_for(score) == minimum


def test_V_BOL_BLOCK_a_wild_card_on_top_blocks_the_pile():
    state = bolivia(["C9 S9 C4"], melds=[["CQ DQ SQ"], []], discard="D9 C9 JK")
    assert legal(state) == ["draw"]
    with pytest.raises(IllegalMove) as caught:
        play(state, "take C9 S9")
    assert caught.value.rule == "R-BLOCKED"


def test_V_TARGET_bolivia_is_played_to_15000():
    assert RulesConfig.for_variant("bolivia").target == 15000
    with pytest.raises(PositionError):
        bolivia(["C5"], target=10000)


@pytest.mark.parametrize(
    "hand,melds",
    [
        # a new sequence from the hand, the kings closed: escalera and canasta (V-BOL-OUT)
        ("CK DK H4 H5 H6 C9", ["S8 S9 S10 SJ SQ SK SA", "CK DK HK SK CK"]),
        # the escalera laid whole from the hand beside a canasta of kings
        ("S4 S5 S6 S7 S8 S9 S10 C9", ["CK DK HK SK CK DK HK"]),
        # a sequence of five made an escalera by two cards, one after the other
        ("S9 S10 C5", ["S4 S5 S6 S7 S8", "CK DK HK SK CK DK HK"]),
    ],
)
def test_R_ASK_a_player_who_could_go_out_by_laying_sequences_may_ask(hand, melds):
    # R-ASK: "a player who could go out this turn may ask". One greedy meld move finds none of
    # these (new sequences, a chain at a sequence's end); a few moves do.
    state = bolivia([hand], melds=[melds, []], phase="meld")
    assert "ask" in legal(state)
    play(state, "ask")


def test_R_ASK_a_hand_of_fourteen_whose_escalera_is_the_way_out_may_ask():
    """More than 13 cards, and going out needs a new escalera from the hand (review, stop 41)."""
    state = bolivia(["H4 H5 H6 H7 H8 H9 H10 C9 D9 S9 C8 D8 S8 C6"], melds=[[K_NATURAL], []], phase="meld")
    assert "ask" in legal(state)
    play(state, "ask", "yes", "meld H4 H5 H6 H7 H8 H9 H10 / C9 D9 S9 / C8 D8 S8", "discard C6")
    assert state.result is not None and state.result.went_out == 0


def test_R_ASK_a_player_who_could_not_go_out_may_not_ask():
    state = bolivia(["CK H4 H9 C9 C5 D7"], melds=[["S8 S9 S10 SJ SQ SK SA", "CK DK HK SK CK"], []], phase="meld")
    assert "ask" not in legal(state)
    with pytest.raises(IllegalMove) as caught:
        play(state, "ask")
    assert caught.value.rule == "R-ASK"


def test_R_ASK_a_player_who_goes_out_with_a_bolivia_of_seven_wild_cards_may_ask():
    """The planner filled the open nines' two wild places first and left five wild cards, no
    bolivia and no way out, so asking was refused (engine review, stop 43)."""
    from game.rules import Move, position_from_json

    data = {
        "format": "canasta-position/1",
        "variant": "bolivia",
        "hands": ["D2 C2 S2 H2 JK JK JK C5", "D4", "SA", ""],
        "melds": [["H4 H5 H6 H7 H8 H9 H10", "S9 S9 S9"], []],
        "dealer": 3,
        "turn": 0,
        "phase": "meld",
    }
    state = position_from_json(data)
    assert Move.parse("ask") in state.legal_moves()
    state.apply(Move.parse("ask"))
    out = position_from_json(data)
    out.apply(Move.parse("meld D2 C2 S2 H2 JK JK JK"))
    out.apply(Move.parse("discard C5"))
    assert out.result is not None and out.result.went_out == 0


def test_legal_lists_each_move_once():
    """An opening of two groups was listed twice, once found and once as the going-out plan
    (engine review, stop 43)."""
    from game.rules import position_from_json

    state = position_from_json(
        {
            "format": "canasta-position/1",
            "variant": "samba",
            "hands": ["C5 C5 C5 D5 D5 D5 S5 C4 C4 C4 D4 D4 D4 S4 C6", "D8", "", ""],
            "melds": [[], []],
            "dealer": 3,
            "turn": 0,
            "phase": "meld",
        }
    )
    moves = state.legal_moves()
    assert len(moves) == len(set(moves)) and len(moves) > 1


def test_legal_lists_each_choice_of_suits_in_an_opening():
    # An unmelded side's group of nines may leave either C9 or an H9 in the hand.
    state = bolivia(["C9 H9 H9 C10 CJ H4 JK"], phase="meld")
    assert [m for m in legal(state) if m.startswith("meld")] == ["meld C9 H9 JK", "meld C9 H9 H9 JK", "meld H9 H9 JK"]
