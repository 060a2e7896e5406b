"""Hand and Foot (VARIANTS.md section 5), one or more tests per V-HF rule id, built from the
notation, with hand-computed scores."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from rules_helpers import legal, play, position

from game.rules import (
    Game,
    GameState,
    IllegalMove,
    Phase,
    PositionError,
    RulesConfig,
    position_from_json,
    position_to_json,
)
from game.rules.cli import main

HF = "hand-and-foot"
K_CLEAN = "CK DK HK SK CK DK HK"  # 70 points, clean book 500
Q_CLEAN = "CQ DQ HQ SQ CQ DQ HQ"  # 70 points, clean book 500
J_DIRTY = "CJ DJ HJ SJ CJ D2 JK"  # 50 + 20 + 50 = 120 points, dirty book 300
NINE_DIRTY = "C9 D9 H9 S9 C9 D2 C2"  # 50 + 40 = 90 points, dirty book 300
QUOTA = [K_CLEAN, Q_CLEAN, J_DIRTY, NINE_DIRTY]
FEET = ["D4 D5 D6 D7 D8 S4 S5 S6 S7 S8 H4"] * 4  # four copies of each: five packs hold five


def hf(hands, melds=None, feet=None, **kw):
    kw.pop("target", None)
    return position(hands, melds=melds or [[], []], variant=HF, feet=feet if feet is not None else list(FEET), **kw)


def test_hf_positions_have_no_target():
    with pytest.raises(PositionError, match="no 'target'"):
        position(["C5 C6"], melds=[[], []], variant=HF, feet=list(FEET), target=5000)


# ---------------------------------------------------------------- V-PACKS, V-HF-DEAL, V-HF-DRAW
def test_V_PACKS_five_packs_hold_270_cards():
    deck = RulesConfig.for_variant(HF).deck
    faces = Counter(c.face for c in deck)
    assert len(deck) == 270 and faces["HK"] == 5 and faces["JK"] == 10
    assert sum(n for f, n in faces.items() if f[1:] == "2") == 20


def test_V_HF_DEAL_a_hand_and_a_foot_of_eleven_and_V_HF_DRAW_two():
    state, _ = GameState.deal(RulesConfig.for_variant(HF), random.Random(8), dealer=3)
    assert [len(h) for h in state.hands] == [11] * 4 and [len(f) for f in state.feet] == [11] * 4
    placed = sum(len(h) + len(f) for h, f in zip(state.hands, state.feet))
    placed += len(state.pile) + len(state.stock) + sum(len(r) for r in state.red_threes)
    assert placed == 270 and state.deal_no == 1
    play(state, "draw")
    assert len(state.hands[0]) == 13


def test_V_HF_DEAL_feet_and_deal_no_in_positions_round_trip():
    state = hf(["C5 C6 C7"], melds=[[K_CLEAN], []], feet=[None, FEET[0], FEET[0], FEET[0]], deal_no=3)
    data = position_to_json(state)
    assert data["feet"][0] is None and data["feet"][1] == FEET[0] and data["deal_no"] == 3
    assert "target" not in data and data["melds"] == [[K_CLEAN], []]
    again = position(["C5 C6 C7"], melds=data["melds"], variant=HF, feet=data["feet"], deal_no=3)
    assert position_to_json(again) == data
    with pytest.raises(PositionError, match="feet"):
        position(["C5"], melds=[[], []], variant="samba", feet=[None] * 4)


# ---------------------------------------------------------------- V-HF-BOOKS, V-HF-MERGE
def test_V_HF_BOOKS_groups_of_one_rank_with_at_most_three_wild_cards():
    state = hf(["HK SK DK D2 JK C2 C9 C8 H2"], melds=[["C5 C5 C5"], []], phase="meld")
    play(state, "meld HK SK DK D2 JK C2")  # three wild cards: fine
    assert state.side_melds(0)[1].wilds == 3
    state = hf(["HK SK H2 JK C2 C9 C8"], melds=[["C5 C5 C5"], []], phase="meld")
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld HK SK H2 JK C2")  # more wild than natural
    assert caught.value.rule == "V-HF-BOOKS"  # Hand and Foot's own rule says it, not R-MELD
    state = hf(["HK H2 JK C9 C8"], melds=[["C5 C5 C5"], []], phase="meld")
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld HK H2 JK")  # one natural card
    assert caught.value.rule == "V-HF-BOOKS"


def test_V_HF_BOOKS_a_sequence_is_refused_under_hand_and_foot_s_rule():
    """V-HF-BOOKS says "no sequences"; the refusal cited R-MELD, whose "Why not?" spoke of
    classic's melds (play-test, stop 59). Legality is unchanged: no sequence is legal."""
    state = hf(["C4 C5 C6 C7 C9"], melds=[["C5 C5 C5"], []], phase="meld")
    assert not any(m.startswith("meld C4") for m in legal(state))
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld C4 C5 C6 C7")
    assert caught.value.rule == "V-HF-BOOKS" and caught.value.message_id == "a meld holds cards of one rank"
    classic = position(["C4 C5 C6 C7 C9"], melds=[{"5": "H5 D5 S5"}, {}], phase="meld")
    with pytest.raises(IllegalMove) as caught:
        play(classic, "meld C4 C5 C6 C7")
    assert caught.value.rule == "R-MELD"  # classic keeps its own id


def test_V_HF_BOOKS_a_book_of_seven_is_closed_and_threes_never_meld():
    state = hf(["HK SK DK C3 C3 S3 C8"], melds=[[K_CLEAN], []], phase="meld")
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld +0: HK")
    assert caught.value.rule == "V-HF-BOOKS"
    assert not any(m.startswith("meld +0:") for m in legal(state))
    play(state, "meld HK SK DK")  # a second meld of kings: the book is closed
    assert [m.size for m in state.side_melds(0)] == [7, 3]
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld C3 C3 S3")
    assert caught.value.rule == "V-HF-BOOKS"


def test_V_HF_BOOKS_a_position_with_a_book_of_eight_is_impossible():
    with pytest.raises(PositionError, match="V-HF-BOOKS"):
        hf(["C5 C6 C7"], melds=[[K_CLEAN + " CK"], []])
    hf(["C5 C6 C7"], melds=[[K_CLEAN, "HK SK DK"], []])  # a closed book and a new group of kings: fine


def test_V_HF_TAKE_a_first_take_lists_more_of_the_rank_as_a_group_that_joins_the_pair():
    # Exactly a pair goes with the top card; the other kings and the joker make a group of
    # their own that joins it (V-HF-MERGE): 100 points, over deal 1's minimum of 50.
    state = hf(["HK SK DK CK JK C5 C9 C4", "C7 C7"], discard="C8 D4 HK", deal_no=1)
    assert "take CK DK / HK SK JK" in legal(state)
    play(state, "take HK SK / DK CK JK")  # play takes any cards the listing names up to suits
    assert [m.size for m in state.side_melds(0)] == [6]


def test_V_HF_ASK_going_out_that_closes_a_book_with_naturals_first_may_be_asked():
    # The kings close at seven with CK DK; the joker then makes a group of nines; C5 is the
    # discard. The one greedy move put the joker in the kings and saw no way out.
    books = [Q_CLEAN, J_DIRTY, "C10 D10 H10 S10 C10 D2 C2", "CK DK HK SK CK"]
    state = hf(["CK DK JK C9 C9 C9 C5"], melds=[books, []], feet=[None, *FEET[1:]], phase="meld")
    assert "ask" in legal(state)
    play(state, "ask")
    play(state, "yes")
    assert "meld CK DK" in legal(state)  # after "yes": a meld that keeps the way out is listed
    play(state, "meld CK DK")
    play(state, "meld C9 C9 C9 JK")
    play(state, "discard C5")
    assert state.phase is Phase.OVER and state.result is not None and state.result.went_out == 0


def test_V_HF_ASK_a_hand_of_eleven_that_closes_a_book_first_may_be_asked():
    # The same way out as above, from a larger hand (once refused: only hands of ten cards or
    # fewer were searched). Four nines close the open book at seven, two more and the
    # joker make a new group, the fives a group of their own, C5 is the discard.
    state = hf(
        ["S9 C9 D9 H9 S9 C9 D5 H5 S5 JK C5"],
        melds=[[*QUOTA, "C9 D9 H9"], []],
        feet=[None, *FEET[1:]],
        phase="meld",
    )
    assert len(state.hands[0]) == 11 and "ask" in legal(state)
    play(state, "ask", "yes", "meld +4: S9 C9 D9 H9", "meld S9 C9 JK / D5 H5 S5", "discard C5")
    assert state.phase is Phase.OVER and state.result is not None and state.result.went_out == 0


def test_V_HF_BOOKS_a_red_three_on_top_is_no_pair_for_two_black_threes():
    # A position (hand-made: play lays the buried red three of a take) whose pile shows a red
    # three to a hand of two black threes: threes never meld, so no take is listed or taken.
    state = hf(["C3 S3 C5 C6", "C7 C8"], discard="C4 D3")
    assert legal(state) == ["draw"]
    with pytest.raises(IllegalMove) as caught:
        play(state, "take S3 C3")
    assert caught.value.rule == "V-HF-BOOKS"


def test_V_HF_MERGE_a_group_joins_the_open_group_and_must_fit_in_seven():
    state = hf(["HK SK DK C5 C6 C7 C8"], melds=[["CK DK HK SK C2"], []], phase="meld")
    assert "meld HK SK DK" not in legal(state)
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld HK SK DK")  # 5 + 3 = 8
    assert caught.value.rule == "V-HF-MERGE" and caught.value.params == {"ranks": "K", "n": 8}
    play(state, "meld HK SK")  # 7: a book (dirty)
    assert state.side_melds(0)[0].size == 7 and state.side_melds(0)[0].bonus == 300


# ---------------------------------------------------------------- V-HF-MIN
@pytest.mark.parametrize("deal_no,minimum", [(1, 50), (2, 90), (3, 120), (4, 150)])
def test_V_HF_MIN_rises_over_the_four_deals(deal_no, minimum):
    state = hf(["HA SA DA CA C2 C5 C6 C7"], phase="meld", deal_no=deal_no, scores=[-500, 9000])
    assert state.minimum(0) == minimum  # by the deal, never by the score
    value = 4 * 20 + 20  # 100
    if value >= minimum:
        play(state, "meld HA SA DA CA C2")
        assert state.has_melded(0)
    else:
        with pytest.raises(IllegalMove) as caught:
            play(state, "meld HA SA DA CA C2")
        assert caught.value.rule == "V-HF-MIN" and caught.value.params["minimum"] == minimum


# ---------------------------------------------------------------- V-HF-TAKE
PILE = "C4 C5 C6 C7 C8 C9 D10 HJ SQ DK"


def test_V_HF_TAKE_a_natural_pair_melds_three_and_takes_the_next_six():
    state = hf(["HK SK C4 H5"], melds=[["C6 C6 C6"], []], discard=PILE)
    assert legal(state) == ["draw", "take HK SK"]
    play(state, "take HK SK")
    assert state.side_melds(0)[1].size == 3
    assert sorted(c.face for c in state.hands[0]) == sorted("C4 H5 C7 C8 C9 D10 HJ SQ".split())
    assert [c.face for c in state.pile] == ["C4", "C5", "C6"]  # the rest of the pile stays


def test_V_HF_TAKE_the_rest_of_the_pile_may_show_its_buried_red_three():
    # R-UPCARD buried a red three at the bottom; the take of the next six leaves it on top,
    # a position that must save and load like any other (a random deal found it refused).
    state = hf(["HK SK C4 H5"], melds=[["C6 C6 C6"], []], discard="D3 C4 C5 C6 C7 C8 C9 DK")
    play(state, "take HK SK")
    assert [c.face for c in state.pile] == ["D3"]
    data = position_to_json(state)
    again = position_from_json(data)
    assert position_to_json(again) == data and again.legal_moves() == state.legal_moves()
    assert state.pile_frozen  # the buried red three still freezes what is left (R-UPCARD)
    play(state, "discard C4")
    assert [c.face for c in state.pile] == ["D3", "C4"] and state.pile_frozen


def test_a_red_three_on_top_of_the_pile_is_refused_where_the_whole_pile_is_taken():
    data = position_to_json(position(["C5 C6"], discard="C7 C8"))
    data["discard"] = "C7 D3"
    with pytest.raises(PositionError, match="R-UPCARD"):
        position_from_json(data)


@pytest.mark.parametrize("move", ["take HK D2", "take HK SK DK", "take +0:", "take", "take HK SK D2"])
def test_V_HF_TAKE_only_with_exactly_a_natural_pair(move):
    state = hf(["HK SK DK D2 C4"], melds=[["C6 C6 C6"], []], discard=PILE)
    with pytest.raises(IllegalMove) as caught:
        play(state, move)
    assert caught.value.rule == "V-HF-TAKE"


def test_V_HF_TAKE_never_a_wild_card_on_top_and_the_pair_must_fit_the_open_group():
    state = hf(["HK SK C4 H5"], melds=[["C6 C6 C6"], []], discard="C5 JK")
    assert legal(state) == ["draw"]
    state = hf(["HK SK C4 H5"], melds=[["CK DK HK SK C2"], []], discard="C5 DK")
    assert legal(state) == ["draw"]
    with pytest.raises(IllegalMove) as caught:
        play(state, "take HK SK")  # 5 + 3 = 8 cards
    assert caught.value.rule == "V-HF-MERGE"


# ---------------------------------------------------------------- V-HF-FOOT
def test_V_HF_FOOT_emptied_by_melding_the_turn_goes_on_from_the_foot():
    state = hf(["HK SK DK"], melds=[["C6 C6 C6"], []], phase="meld")
    events = play(state, "meld HK SK DK")
    assert state.feet[0] is None and state.phase is Phase.MELD and state.turn == 0
    assert sorted(c.face for c in state.hands[0]) == sorted(FEET[0].split())
    assert any(type(e).__name__ == "FootPickedUp" for e in events)
    play(state, "discard D4")  # must still discard
    assert state.turn == 1


def test_V_HF_FOOT_emptied_by_the_discard_the_foot_is_picked_up_and_the_turn_ends():
    state = hf(["C9"], melds=[["C6 C6 C6"], []], phase="meld", turn_laid=True)
    assert legal(state) == ["discard C9"]
    play(state, "discard C9")
    assert state.feet[0] is None and len(state.hands[0]) == 11 and state.turn == 1 and state.phase is Phase.DRAW


def test_V_HF_DEAL_a_red_three_in_the_foot_is_laid_and_replaced_when_picked_up():
    feet = ["H3 D4 D5 D6 D7 D8 S4 S5 S6 S7 S8"] + FEET[1:]
    state = hf(["C9"], melds=[["C6 C6 C6"], []], feet=feet, phase="meld", stock="SA S4")
    play(state, "discard C9")
    assert [c.face for c in state.red_threes[0]] == ["H3"]
    assert "SA" in {c.face for c in state.hands[0]} and len(state.hands[0]) == 11
    state = hf(["C9"], melds=[["C6 C6 C6"], []], feet=feet, phase="meld", stock="")
    play(state, "discard C9")  # V-HF-STOCK: no stock, no replacement
    assert len(state.hands[0]) == 10 and len(state.red_threes[0]) == 1


# ---------------------------------------------------------------- V-HF-ASK, V-HF-OUT
FROM_FOOT = [None, FEET[1], FEET[2], FEET[3]]


def test_V_HF_ASK_only_from_the_foot_at_any_moment_and_the_answer_binds():
    in_hand = hf(["H5 H5 H5 C9"], melds=[QUOTA, []], phase="meld")
    assert "ask" not in legal(in_hand)
    with pytest.raises(IllegalMove) as caught:
        play(in_hand, "ask")
    assert caught.value.rule == "V-HF-ASK"
    state = hf(["H5 H5 H5 C9 C4 C4 C4"], melds=[QUOTA, []], feet=FROM_FOOT, phase="meld")
    play(state, "meld C4 C4 C4")  # laying first does not stop the ask (unlike R-ASK)
    assert "ask" in legal(state)
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld H5 H5 H5")  # going out without a yes
    assert caught.value.rule == "V-HF-ASK"
    play(state, "ask", "no")
    assert "ask" not in legal(state) and "meld H5 H5 H5" not in legal(state)
    state = hf(["H5 H5 H5 C9"], melds=[QUOTA, []], feet=FROM_FOOT, phase="meld")
    play(state, "ask", "yes")
    assert "discard C9" not in legal(state)  # must go out this turn
    play(state, "meld H5 H5 H5", "discard C9")
    assert state.result.went_out == 0


def test_V_HF_ASK_is_the_rule_of_every_refusal_the_answer_binds():
    """The answer binds under V-HF-ASK: a discard after a yes, going out after a no, and a
    second question cited R-ASK while keeping two cards cited V-HF-ASK (play-test, stop 59)."""
    state = hf(["H5 H5 H5 C9"], melds=[QUOTA, []], feet=FROM_FOOT, phase="meld")
    play(state, "ask", "yes")
    with pytest.raises(IllegalMove) as caught:
        play(state, "discard C9")
    assert caught.value.rule == "V-HF-ASK"
    assert caught.value.message_id == "your partner said yes: you must go out this turn"
    with pytest.raises(IllegalMove) as caught:
        play(state, "ask")
    assert caught.value.rule == "V-HF-ASK"
    state = hf(["H5 H5 H5 C9"], melds=[QUOTA, []], feet=FROM_FOOT, phase="meld")
    play(state, "ask", "no")
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld H5 H5 H5")
    assert caught.value.rule == "V-HF-ASK"
    play(state, "discard C9")  # the no binds only the going out: a plain discard is legal


@pytest.mark.parametrize(("variant", "rule"), [(HF, "V-HF-ASK"), ("classic", "R-ASK")])
def test_V_HF_ASK_refusals_about_answering_cite_the_variants_own_rule(variant, rule):
    """The partner's side of the question: a move other than the answer while it is owed, and
    an answer nobody asked for, cited R-ASK in Hand and Foot too (play-test, stop 60); the
    question's own refusals already cited V-HF-ASK. Classic keeps R-ASK."""
    if variant == HF:
        state = hf(["H5 H5 H5 C9"], melds=[QUOTA, []], feet=FROM_FOOT, phase="meld")
    else:
        state = position(["C9 D9 H9 C4"], melds=[{"K": K_CLEAN}, {}], phase="meld")
    play(state, "ask")
    assert state.phase is Phase.ANSWER
    with pytest.raises(IllegalMove) as caught:
        play(state, "draw")
    assert (caught.value.rule, caught.value.message_id) == (
        rule,
        'your partner asked "May I go out?": answer yes or no',
    )
    play(state, "yes")
    with pytest.raises(IllegalMove) as caught:
        play(state, "no")
    assert (caught.value.rule, caught.value.message_id) == (rule, "nobody asked to go out")


def test_V_HF_OUT_needs_two_clean_and_two_dirty_books():
    three = [K_CLEAN, Q_CLEAN, J_DIRTY, "C9 D9 H9"]
    state = hf(["H5 H5 H5 C9"], melds=[three, []], feet=FROM_FOOT, phase="meld")
    assert "ask" not in legal(state)
    with pytest.raises(IllegalMove) as caught:
        play(state, "ask")
    assert caught.value.rule == "V-HF-ASK"  # (going out this turn impossible: V-HF-ASK's words)
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld H5 H5 H5")
    assert caught.value.rule == "V-KEEP-TWO"  # the books, not the question: no "yes" could help


def test_V_HF_SCORE_books_feet_and_the_higher_total_after_the_fourth_deal():
    """Side 0: four books (70 + 70 + 120 + 90) and fives laid now (15) = 365 points;
    books 500 + 500 clean, 300 + 300 dirty; a red three +100; going out 100 (no concealed
    bonus, V-HF-CONCEALED); the partner's SA -20; the partner's foot never picked up,
    H3 C4: -100 - 5 = -105. 365 + 1000 + 600 + 100 + 100 - 20 - 105 = 2040.
    Side 1: JK left (-50), a foot C5 C6 (-10), a red three without a meld (-100): -160."""
    state = hf(
        ["H5 H5 H5 C9", "JK", "SA", ""],
        melds=[QUOTA, []],
        feet=[None, None, "H3 C4", "C5 C6"],
        red_threes=["D3", "H3"],
        phase="meld",
        deal_no=4,
        scores=[1000, 3000],
    )
    play(state, "ask", "yes", "meld H5 H5 H5", "discard C9")
    us, them = (s.to_json() for s in state.result.sides)
    assert us == {
        "melds": 365,
        "hand": -20,
        "canastas": 0,
        "red_threes": 100,
        "going_out": 100,
        "books_clean": 1000,
        "books_dirty": 600,
        "feet": -105,
        "total": 2040,
    }
    assert them == {
        "melds": 0,
        "hand": -50,
        "canastas": 0,
        "red_threes": -100,
        "going_out": 0,
        "feet": -10,
        "total": -160,
    }
    assert state.result.scores == (3040, 2840) and state.result.winner == 0 and not state.result.concealed
    assert position_to_json(state)["result"]["winner"] == 0


def test_V_HF_SCORE_a_tie_after_the_fourth_deal():
    state = hf(
        ["H5 H5 H5 C9", "JK", "SA", ""],
        melds=[QUOTA, []],
        feet=[None, None, "H3 C4", "C5 C6"],
        red_threes=["D3", "H3"],
        phase="meld",
        deal_no=4,
        scores=[1000, 3200],
    )
    play(state, "ask", "yes", "meld H5 H5 H5", "discard C9")
    assert state.result.scores == (3040, 3040) and state.result.tie and state.result.winner is None
    data = position_to_json(state)
    assert data["result"]["winner"] == "tie"
    again = position(
        data["hands"],
        melds=data["melds"],
        variant=HF,
        feet=data["feet"],
        phase="over",
        deal_no=4,
        scores=data["scores"],
        result=data["result"],
        red_threes=data["red_threes"],
        discard=data["discard"],
    )
    assert again.result.tie


def test_V_HF_CONCEALED_no_concealed_bonus_and_no_minimum_waiver():
    """A foot player going out with new melds only, having laid nothing before: still
    just 100; and an unmelded side's first meld always needs the deal's minimum."""
    state = hf(["H5 H5 H5 C9"], melds=[QUOTA, []], feet=FROM_FOOT, phase="meld")
    play(state, "ask", "yes", "meld H5 H5 H5", "discard C9")
    assert state.result.sides[0].going_out == 100 and not state.result.concealed
    unmelded = hf(["H5 H5 H5 C9 C8"], feet=FROM_FOOT, phase="meld", deal_no=2)
    with pytest.raises(IllegalMove) as caught:
        play(unmelded, "meld H5 H5 H5")
    assert caught.value.rule == "V-HF-MIN" and caught.value.params["minimum"] == 90


# ---------------------------------------------------------------- V-HF-STOCK
@pytest.mark.parametrize("hand,move", [("C9 C9 C9", "meld C9 C9 C9"), ("C9", "discard C9")])
def test_R_LASTRED3_the_stocks_last_card_a_red_three_drawn_for_the_foot_ends_the_deal(hand, move):
    # The foot's red three is laid and replaced from the stock; the replacement, the stock's
    # last card, is a red three: laid, and the deal ends at once (R-LASTRED3 holds, V-HF-STOCK).
    foot = "H3 D4 D5 D6 D7 D8 S4 S5 S6 S7 S8"
    state = hf([hand], melds=[["C6 C6 C6"], []], feet=[foot, *FEET[1:]], stock="D3", phase="meld")
    play(state, move)
    assert state.phase is Phase.OVER and state.result is not None and state.result.reason == "last-red-three"
    assert sorted(c.face for c in state.red_threes[0]) == ["D3", "H3"] and len(state.hands[0]) == 10


def test_V_HF_STOCK_with_the_stock_empty_take_or_pass_never_forced():
    state = hf(["HK SK C4"], melds=[["CK DK HK"], []], discard="C5 DK", stock="")
    assert legal(state) == ["take HK SK", "pass"]
    play(state, "pass")
    assert state.result.reason == "stock-exhausted" and state.result.went_out is None
    assert all(s.going_out == 0 for s in state.result.sides)
    one = hf(["HK SK C4"], melds=[["CK DK HK"], []], discard="C5 DK", stock="S9")
    play(one, "draw")  # one card left: the draw takes that one
    assert len(one.hands[0]) == 4 and not one.stock


# ---------------------------------------------------------------- the game, the CLI
def test_a_game_is_four_deals_with_rising_minimums():
    config = RulesConfig.for_variant(HF)
    rng = random.Random(2)
    game = Game(config, seed=3)
    seen = []
    while not game.is_over:
        if game.state.is_over:
            game.next_deal()
        seen.append((game.deal_number, game.state.deal_no, game.state.minimum(0)))
        game.apply(rng.choice(game.state.legal_moves()))
    assert sorted(set(seen)) == [(0, 1, 50), (1, 2, 90), (2, 3, 120), (3, 4, 150)]
    result = game.state.result
    assert result.winner == (0 if result.scores[0] > result.scores[1] else 1) or result.tie
    with pytest.raises(IllegalMove):
        game.next_deal()
    again = Game.replay(config, 3, [str(m) for m in game.history])
    assert position_to_json(again.state) == position_to_json(game.state)


def test_cli_play_and_legal(tmp_path, capsys):
    path = tmp_path / "hf.json"
    path.write_text(json.dumps(position_to_json(hf(["HK SK C4 H5"], melds=[["C6 C6 C6"], []], discard=PILE))))
    assert main(["legal", str(path)]) == 0
    assert capsys.readouterr().out.split() == ["draw", "take", "HK", "SK"]
    assert main(["play", str(path), "take HK SK"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["discard"] == "C4 C5 C6" and out["feet"] == FEET and out["deal_no"] == 1
    assert main(["play", str(path), "take HK D2"]) == 1
    assert "V-HF-TAKE" in capsys.readouterr().err
