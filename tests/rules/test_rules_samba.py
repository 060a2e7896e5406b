"""Samba (VARIANTS.md section 3), one or more tests per V-SAMBA rule id, built from the
notation, with hand-computed scores; also the meld kinds, `+N:` and the list notation of
section 6 that Samba introduces."""

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
    Move,
    NotationError,
    Phase,
    PositionError,
    RulesConfig,
    position_to_json,
)
from game.rules.cli import main

SAMBA_HEARTS = "H4 H5 H6 H7 H8 H9 H10"  # a samba: 4 x 5 + 3 x 10 = 50 points, bonus 1500
K_NATURAL = "CK DK HK SK CK DK HK"  # 70 points, natural canasta 500


def samba(hands, melds=None, **kw):
    return position(hands, melds=melds or [[], []], variant="samba", **kw)


def kinds(state: GameState, side: int = 0) -> list[tuple[str, str]]:
    return [(m.kind.value, " ".join(c.face for c in m.cards)) for m in state.side_melds(side)]


# ---------------------------------------------------------------- V-PACKS, V-SAMBA-DRAW
def test_V_PACKS_samba_deals_from_162_cards():
    deck = RulesConfig.for_variant("samba").deck
    faces = Counter(c.face for c in deck)
    assert len(deck) == 162 and faces["HK"] == 3 and faces["JK"] == 6


def test_V_SAMBA_DRAW_fifteen_dealt_two_drawn_one_discarded():
    state, _ = GameState.deal(RulesConfig.for_variant("samba"), random.Random(3), dealer=3)
    assert [len(h) for h in state.hands] == [15] * 4
    assert state.turn == 0 and legal(state)[0] == "draw"
    play(state, "draw")
    assert len(state.hands[0]) == 17 and state.phase is Phase.MELD


# ---------------------------------------------------------------- V-SAMBA-MELDS
def test_V_SAMBA_MELDS_groups_and_sequences_are_melds():
    state = samba(["H4 H5 H6 SK DK JK C9 C9"], melds=[["CQ DQ SQ"], []], phase="meld")
    play(state, "meld H6 H4 H5 / SK DK JK")
    assert kinds(state) == [("group", "CQ DQ SQ"), ("sequence", "H4 H5 H6"), ("group", "DK SK JK")]


@pytest.mark.parametrize(
    "move,rule",
    [
        ("meld H4 H5 H7", "V-SAMBA-MELDS"),  # not consecutive
        ("meld H4 C5 H6", "V-SAMBA-MELDS"),  # two suits
        ("meld H4 H5 D2", "V-SAMBA-MELDS"),  # a wild card in a sequence
        ("meld SK D2 JK", "R-MELD"),  # one natural
        ("meld SK DK HK D2 JK C2", "V-SAMBA-MELDS"),  # three wild cards: Samba allows two
        ("meld D2 JK C2", "V-SAMBA-MELDS"),  # wild cards alone
    ],
)
def test_V_SAMBA_MELDS_refusals(move, rule):
    state = samba(["H4 H5 H6 H7 C5 SK DK HK D2 JK C2 C9 C9"], melds=[["CQ DQ SQ"], []], phase="meld")
    before = position_to_json(state)
    with pytest.raises(IllegalMove) as caught:
        play(state, move)
    assert caught.value.rule == rule and caught.value.message_id
    assert position_to_json(state) == before  # refused: nothing changed


def test_V_SAMBA_MELDS_a_sequence_runs_four_low_to_ace_high():
    state = samba(["SJ SQ SK SA C9 C9"], melds=[["CQ DQ SQ"], []], phase="meld")
    play(state, "meld SJ SQ SK SA")
    assert kinds(state)[1] == ("sequence", "SJ SQ SK SA")


# ---------------------------------------------------------------- V-SAMBA-CANASTA
def test_V_SAMBA_CANASTA_a_sequence_of_seven_is_a_samba_and_takes_no_more_cards():
    state = samba(["H10 H8 C9 C9 C8"], melds=[["H4 H5 H6 H7 H8 H9", "CQ DQ SQ"], []], phase="meld")
    play(state, "meld +0: H10")
    assert state.side_melds(0)[0].size == 7 and state.canastas(0) == 1
    assert not any(m.startswith("meld +0:") for m in legal(state))
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld +0: H8")
    assert caught.value.rule == "V-SAMBA-CANASTA"


def test_V_SAMBA_CANASTA_a_group_canasta_takes_naturals_and_wild_cards_while_it_holds_fewer_than_two():
    state = samba(["HK D2 JK C2 C9 C9 C8"], melds=[[K_NATURAL, "CQ DQ SQ"], []], phase="meld")
    play(state, "meld +0: HK D2")
    assert state.side_melds(0)[0].bonus == 300  # a wild card made it mixed
    play(state, "meld +0: JK")
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld +0: C2")
    assert caught.value.rule == "V-SAMBA-MELDS"


# ---------------------------------------------------------------- V-SAMBA-RANKS, section 6
def test_V_SAMBA_RANKS_a_second_group_of_a_rank_once_the_first_is_a_canasta():
    state = samba(["SK HK D2 C9 C9 C8"], melds=[[K_NATURAL], []], phase="meld")
    play(state, "meld SK HK D2")  # no open group of kings: a new meld
    assert [m.size for m in state.side_melds(0)] == [7, 3]
    assert [k for k, _ in kinds(state)] == ["group", "group"]


def test_V_SAMBA_RANKS_groups_join_the_open_group_and_plus_n_names_a_meld():
    state = samba(["SK HK DK C9 D9 C8 C8"], melds=[[K_NATURAL, "CK SK D2"], []], phase="meld")
    play(state, "meld DK")  # joins the open group (number 1), never the canasta
    assert [m.size for m in state.side_melds(0)] == [7, 4]
    play(state, "meld +0: SK")  # the canasta, by number
    assert [m.size for m in state.side_melds(0)] == [8, 4]
    play(state, "meld K: HK")  # the rank named: the open group again
    assert [m.size for m in state.side_melds(0)] == [8, 5]
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld +5: C9")
    assert caught.value.rule == "R-ADD" and caught.value.params == {"n": 5}


def test_V_SAMBA_RANKS_several_sequences_of_one_suit():
    state = samba(["H4 H5 H6 H4 H5 H6 C9 C9"], melds=[["CQ DQ SQ"], []], phase="meld")
    play(state, "meld H4 H5 H6 / H4 H5 H6")
    assert [k for k, _ in kinds(state)] == ["group", "sequence", "sequence"]


def test_V_SAMBA_RANKS_two_open_groups_of_one_rank_is_an_impossible_position():
    with pytest.raises(PositionError, match="V-SAMBA-RANKS"):
        samba(["C9"], melds=[["HK SK DK", "CK DK JK"], []])
    samba(["C9"], melds=[[K_NATURAL, "CK DK JK"], []])  # one is a canasta: fine


def test_section_6_melds_are_a_list_per_side_and_round_trip():
    state = samba(["C9 C9 C8"], melds=[["H6 H4 H5", K_NATURAL, "D2 SQ HQ"], ["C7 C7 C7"]])
    data = position_to_json(state)
    assert data["melds"] == [["H4 H5 H6", K_NATURAL, "D2 SQ HQ"], ["C7 C7 C7"]]  # sequences low to high
    again = position(
        ["C9 C9 C8"], melds=data["melds"], variant="samba"
    )  # the printed position reloads to the same state
    assert position_to_json(again)["melds"] == data["melds"]
    with pytest.raises(PositionError, match="list of melds"):
        samba(["C9"], melds=[{"K": "HK SK DK"}, []])


@pytest.mark.parametrize("text", ["meld +0: H8", "meld +2: D2 JK", "take +1:", "meld +1: SK / H4 H5 H6", "take"])
def test_section_6_plus_n_notation_round_trips(text):
    move = Move.parse(text)
    assert Move.parse(str(move)) == move and str(move) == text
    assert eval(repr(move), {"Move": Move}) == move


@pytest.mark.parametrize("text", ["meld +²: H8", "take +①:", "meld +٣: H8", "meld +-1: H8", "meld +: H8"])
def test_a_meld_number_is_ascii_digits(text):
    """`str.isdigit` also takes '²', '①' and other scripts' digits: they are refused as
    notation (the rules command line said "internal error" for '²')."""
    with pytest.raises(NotationError):
        Move.parse(text)


def test_classic_refuses_the_new_notation_with_a_rule():
    state = position(["H4 H5 H6 C9 C9 C8 D2 JK C2"], melds=[{"9": "S9 D9 H9"}, {}], phase="meld")
    for text, rule in (("meld H4 H5 H6", "R-MELD"), ("meld +0: C9", "R-ONE-PER-RANK"), ("meld D2 JK C2", "R-MELD")):
        with pytest.raises(IllegalMove) as caught:
            state.copy().apply(Move.parse(text))
        assert caught.value.rule == rule


# ---------------------------------------------------------------- V-SAMBA-TAKE
def test_V_SAMBA_TAKE_with_a_natural_pair_even_when_frozen():
    state = samba(["C9 S9 H4 H5", "C4"], melds=[["CQ DQ SQ"], []], discard="D5 JK H6 D9")
    assert legal(state) == ["draw", "take C9 S9"]
    play(state, "take C9 S9")
    assert kinds(state)[1] == ("group", "D9 C9 S9")
    assert sorted(c.face for c in state.hands[0]) == ["D5", "H4", "H5", "H6", "JK"]


def test_V_SAMBA_TAKE_never_with_one_natural_and_a_wild_card():
    state = samba(["C9 D2 H4 H5"], melds=[["CQ DQ SQ"], []], discard="D5 D9")
    with pytest.raises(IllegalMove) as caught:
        play(state, "take C9 D2")
    assert caught.value.rule == "V-SAMBA-TAKE"


@pytest.mark.parametrize(
    "melds,discard,move,offers",
    [
        ([["CJ DJ SJ", "C8 D8 H8"], []], "D5 C4", "take C4 D2", False),  # no meld takes the 4
        ([["CJ DJ SJ", "C8 D8 H8"], []], "D5 C4", "take C4", False),
        ([[K_NATURAL], []], "D5 HK", "take", False),  # the kings are a canasta
        ([["C5 C6 C7"], []], "D5 C4", "take C4 D2", True),  # the clubs sequence takes the 4
        ([["C5 C6 C7"], []], "D5 C4", "take", True),  # (a bare take never extends a sequence)
        ([["S4 H4 D4"], []], "D5 C4", "take C4 D2", True),  # the open group of 4s
    ],
)
def test_V_SAMBA_TAKE_refusal_offers_a_meld_only_when_one_takes_the_top_card(melds, discard, move, offers):
    """Samba's take refusal offered "or add it to a meld of your side that is not yet a
    canasta" when no meld fits the top card (play-test, stops 47 and 48): it names that way
    only when a meld of the side takes the card now, as classic's (R-TAKE) names its ways."""
    state = samba(["C4 D2 H9 HQ"], melds=melds, discard=discard)
    with pytest.raises(IllegalMove) as caught:
        play(state, move)
    error = caught.value
    assert error.rule == "V-SAMBA-TAKE"
    assert ("not yet a canasta" in error.reason) == offers, error.reason
    assert "natural pair of" in error.reason
    assert ("no meld of your side takes it" in error.reason) == (not offers), error.reason


def test_V_SAMBA_TAKE_bare_take_on_a_pile_frozen_for_the_side_says_it_is_frozen():
    """A bare take (T with no cards) before the side has melded: the pile is frozen for it
    (R-FROZEN), not "add it to a meld" the side does not have."""
    state = samba(["C4 D2 H9 HQ"], discard="D5 C4")
    with pytest.raises(IllegalMove) as caught:
        play(state, "take")
    assert caught.value.rule == "R-FROZEN" and "not yet a canasta" not in caught.value.reason


def test_V_SAMBA_TAKE_the_top_card_alone_onto_a_meld_that_is_not_yet_a_canasta():
    state = samba(["C4 C5"], melds=[["H4 H5 H6", "CQ DQ SQ", K_NATURAL], []], discard="D5 HQ H7")
    assert legal(state) == ["draw", "take +0:"]  # the sequence takes H7; not the queens
    play(state, "take +0:")
    assert kinds(state)[0] == ("sequence", "H4 H5 H6 H7")
    assert sorted(c.face for c in state.hands[0]) == ["C4", "C5", "D5", "HQ"]


def test_V_SAMBA_TAKE_bare_take_means_the_open_group_of_the_rank():
    state = samba(["C4 C5"], melds=[["CQ DQ SQ"], []], discard="D5 HQ")
    play(state, "take")
    assert state.side_melds(0)[0].size == 4
    state = samba(["C4 C5"], melds=[[K_NATURAL], []], discard="D5 HK")
    with pytest.raises(IllegalMove) as caught:
        play(state, "take")  # the kings are a canasta: no open group
    assert caught.value.rule == "V-SAMBA-TAKE"


@pytest.mark.parametrize(
    "melds,discard,move,rule",
    [
        ([[K_NATURAL], []], "D5 HK", "take +0:", "V-SAMBA-TAKE"),  # onto a canasta
        ([["CQ DQ SQ"], []], "D5 JK C4 HQ", "take +0:", "R-FROZEN"),  # frozen pile
        ([[], []], "D5 HQ", "take +0:", "R-FROZEN"),  # not melded: frozen for the side
        ([["CQ DQ SQ"], []], "D5 HQ", "take +0: C4", "V-SAMBA-TAKE"),  # hand cards after the colon
        ([["CQ DQ SQ"], []], "D5 HQ", "take +1:", "R-ADD"),  # no such meld
        ([["CQ DQ SQ"], []], "D5 D2", "take +0:", "R-BLOCKED"),  # a wild card on top
    ],
)
def test_V_SAMBA_TAKE_refusals(melds, discard, move, rule):
    state = samba(["C4 C5"], melds=melds, discard=discard)
    with pytest.raises(IllegalMove) as caught:
        play(state, move)
    assert caught.value.rule == rule


def test_V_SAMBA_TAKE_never_starts_a_sequence():
    state = samba(["H8 H9 C4"], melds=[["CQ DQ SQ"], []], discard="D5 H7")
    assert legal(state) == ["draw"]


def test_legal_lists_each_choice_of_suits_a_take_may_keep_for_a_sequence():
    # Suits matter for sequences (V-SAMBA-MELDS): taking with H9 H9 keeps C9 for C9 C10 CJ,
    # so it is a move of its own beside the suit-order C9 H9 (rules-choices.md).
    state = samba(["C9 H9 H9 C10 CJ H4", "C4"], melds=[["CQ DQ SQ"], []], discard="D5 D9")
    assert legal(state) == ["draw", "take C9 H9", "take C9 H9 H9", "take H9 H9"]
    play(state, "take H9 H9")
    assert "meld C9 C10 CJ" in legal(state)


def test_legal_lists_each_choice_of_suits_an_addition_may_keep_for_a_sequence():
    hand = "C9 H9 H10 HJ C4 C5"
    samba_state = samba([hand], melds=[["S9 S9 D9"], []], phase="meld")
    assert [m for m in legal(samba_state) if m.startswith("meld")] == [
        "meld H9 H10 HJ",
        "meld C9",
        "meld H9",  # keeps C9 back; adding C9 keeps H9 for the hearts
        "meld C9 H9",
    ]
    # Where suits never matter to the rules, one choice stands for them all.
    classic = position([hand], melds=[{"9": "S9 S9 D9"}, {}], phase="meld")
    assert [m for m in legal(classic) if m.startswith("meld")] == ["meld C9", "meld C9 H9"]


# ---------------------------------------------------------------- V-SAMBA-EXHAUSTED
def test_V_SAMBA_EXHAUSTED_the_take_is_forced_only_onto_a_meld_under_seven():
    forced = samba(["C4 C5"], melds=[["CQ DQ SQ"], []], discard="D5 HQ", stock="")
    assert legal(forced) == ["take +0:"]
    with pytest.raises(IllegalMove) as caught:
        play(forced, "pass")
    assert caught.value.rule == "V-SAMBA-EXHAUSTED"
    free = samba(["C4 C9 C9"], melds=[["CQ DQ SQ"], []], discard="D5 H9", stock="")
    assert legal(free) == ["take C9 C9", "pass"]  # a natural pair may take, or pass
    play(free, "pass")
    assert free.result.reason == "stock-exhausted"


# ---------------------------------------------------------------- V-SAMBA-MIN
@pytest.mark.parametrize(
    "score,minimum", [(-10, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (6995, 120), (7000, 160)]
)
def test_V_SAMBA_MIN_table(score, minimum):
    assert RulesConfig.for_variant("samba").minimum_for(score) == minimum


def test_V_SAMBA_MIN_the_initial_meld_and_its_shortfall():
    state = samba(["H4 H5 H6 H7 SK DK C9 C8"], phase="meld")  # sequence 20 + ... below 50
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld H4 H5 H6 H7")
    assert caught.value.rule == "R-MIN" and caught.value.params == {"count": 20, "short": 30, "minimum": 50}
    assert "meld H4 H5 H6 H7" not in legal(state)
    state = samba(["H4 H5 H6 H7 SK DK HK C8 C9"], phase="meld")
    play(state, "meld H4 H5 H6 H7 / SK DK HK")  # 20 + 30 = 50: laid in one action
    assert len(state.side_melds(0)) == 2


# ---------------------------------------------------------------- V-SAMBA-OUT, V-KEEP-TWO
def test_V_SAMBA_OUT_needs_two_canastas_and_keeps_two_cards_until_then():
    state = samba(["SQ HQ DQ C5"], melds=[[K_NATURAL, "CQ DQ SQ"], []], phase="meld")
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld SQ HQ DQ")  # would leave one card with one canasta
    assert caught.value.rule == "V-KEEP-TWO"
    assert "meld SQ HQ DQ" not in legal(state)
    play(state, "meld SQ HQ")  # two cards kept
    assert len(state.hands[0]) == 2


def test_V_SAMBA_OUT_going_out_scores_200_and_every_bonus_is_named():
    """Side 0: a samba (50 points, 1500), a natural canasta of kings (70, 500), queens laid
    now (30); partner's H4 left (-5); two red threes with two canastas (+200); going
    out 200: 150 - 5 + 500 + 1500 + 200 + 200 = 2545. Side 1: C6 D6 S6 (15); SA and JK
    left (-70); a red three without two canastas (-100): -155."""
    state = samba(
        ["SQ HQ DQ C5", "SA", "H4", "JK"],
        melds=[[SAMBA_HEARTS, K_NATURAL], ["C6 D6 S6"]],
        red_threes=["H3 D3", "H3"],
        phase="meld",
    )
    play(state, "meld SQ HQ DQ", "discard C5")
    res = state.result
    assert res.reason == "went-out" and res.went_out == 0
    us, them = (s.to_json() for s in res.sides)
    assert us == {
        "melds": 150,
        "hand": -5,
        "canastas": 500,
        "red_threes": 200,
        "going_out": 200,
        "sambas": 1500,
        "total": 2545,
    }
    assert them == {"melds": 15, "hand": -70, "canastas": 0, "red_threes": -100, "going_out": 0, "total": -155}
    assert res.scores == (2545, -155) and res.winner is None


def test_V_SAMBA_OUT_one_card_in_the_meld_phase_without_two_canastas_cannot_arise():
    with pytest.raises(PositionError, match="R-NO-STALL"):  # it could not discard it (V-SAMBA-OUT)
        samba(["C5"], melds=[[K_NATURAL, "CQ DQ SQ"], []], phase="meld", turn_laid=True)
    state = samba(["C5"], melds=[[K_NATURAL, SAMBA_HEARTS], []], phase="meld", turn_laid=True)
    assert legal(state) == ["discard C5"]


@pytest.mark.parametrize(
    ("hand", "moves"),
    [
        ("H4 H5 H6 H7 H8 H9 H10 S4 S5 S6", ["meld H4 H5 H6 H7 H8 H9 H10 / S4 S5 S6"]),
        ("H4 H5 H6 H7 H8 H9 H10 S4 S5 S6 S7 CJ", ["meld H4 H5 H6 H7 H8 H9 H10 / S4 S5 S6 S7", "discard CJ"]),
    ],
)
def test_R_ASK_a_way_out_by_two_new_sequences_may_be_asked(hand, moves):
    """Two canastas down; the hand is a run of seven and a run of three or four: going out
    lays two new sequences first, which the one-step search missed (ask was refused)."""
    canastas = ["CK DK HK SK CK DK HK", "CQ DQ HQ SQ CQ DQ HQ"]
    state = samba([hand, "C7 C8", "D7 D8", "S7 S8"], melds=[canastas, []], phase="meld", discard="D4")
    assert "ask" in legal(state)
    play(state, "ask", "yes", *moves)
    assert state.phase is Phase.OVER and state.result is not None and state.result.went_out == 0


def test_R_ASK_a_hand_of_fourteen_that_goes_out_by_a_new_sequence_may_ask():
    """Hands of more than 13 cards were not searched for sequences: ask was refused though
    one meld of a sequence and three groups, then a discard, goes out (review, stop 41)."""
    canastas = ["HK SK DK CK HK SK DK", "HQ SQ DQ CQ HQ SQ DQ"]
    hand = "H4 H5 H6 H7 C9 D9 S9 C8 D8 S8 C7 D7 S7 CA"
    state = samba([hand], melds=[canastas, []], phase="meld")
    assert "ask" in legal(state)
    play(state, "ask", "yes", "meld H4 H5 H6 H7 / C9 D9 S9 / C8 D8 S8 / C7 D7 S7", "discard CA")
    assert state.phase is Phase.OVER and state.result is not None and state.result.went_out == 0


def test_R_ASK_after_yes_a_sequence_that_keeps_the_way_out_open_may_be_laid():
    """After yes, laying one of four sequences first still leaves a way out (three more
    sequences): it was refused as leaving none, because the search looked two melds ahead."""
    canastas = ["HK SK DK CK HK SK DK", "HQ SQ DQ CQ HQ SQ DQ"]
    state = samba(["H4 H5 H6 S4 S5 S6 D4 D5 D6 C7 C8 C9 CA"], melds=[canastas, []], phase="meld")
    play(state, "ask", "yes", "meld H4 H5 H6")
    assert "meld S4 S5 S6" in legal(state)
    play(state, "meld S4 S5 S6 / D4 D5 D6 / C7 C8 C9", "discard CA")
    assert state.phase is Phase.OVER and state.result is not None and state.result.went_out == 0


def test_R_ASK_no_way_out_is_no_ask_whatever_the_sequences():
    """Runs everywhere but two naturals that fit nothing: no way out, so no ask."""
    canastas = ["HK SK DK CK HK SK DK", "HQ SQ DQ CQ HQ SQ DQ"]
    state = samba(["H4 H5 H6 H7 S4 S5 S6 D4 D5 D6 C7 C8 C9 CA D9"], melds=[canastas, []], phase="meld")
    assert "ask" not in legal(state)


def test_V_SAMBA_OUT_asking_the_partner_binds():
    melds = [[SAMBA_HEARTS, K_NATURAL, "CQ DQ SQ"], []]
    state = samba(["SQ HQ DQ C5"], melds=melds, phase="meld")
    assert legal(state)[0] == "ask"
    play(state, "ask", "no")
    assert "meld SQ HQ DQ" not in legal(state)
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld SQ HQ DQ")
    assert caught.value.rule == "R-ASK"
    state = samba(["SQ HQ DQ C5 C5 D2"], melds=melds, phase="meld")
    play(state, "ask", "yes")
    assert not any(m.startswith("discard") for m in legal(state))  # must go out: no discard yet
    assert "meld SQ HQ D2" not in legal(state)
    with pytest.raises(IllegalMove) as caught:
        play(state, "meld SQ HQ D2")  # would strand C5 C5 DQ: no way out this turn
    assert caught.value.rule == "R-ASK"
    play(state, "meld C5 C5 D2")
    play(state, "meld Q: SQ HQ DQ")
    assert state.result.went_out == 0 and state.result.sides[0].going_out == 200


# ---------------------------------------------------------------- V-SAMBA-RED3
@pytest.mark.parametrize(
    "red,melds,points",
    [
        ("H3 D3", [SAMBA_HEARTS, K_NATURAL], 200),
        ("H3 D3", [K_NATURAL], -200),  # melded, but one canasta: minus (Hoyle / Bicycle)
        ("H3 D3 H3 D3 H3 D3", [SAMBA_HEARTS, K_NATURAL], 1000),
        ("H3 D3 H3 D3 H3 D3", [], -1000),
    ],
)
def test_V_SAMBA_RED3_plus_only_with_two_canastas(red, melds, points):
    state = samba(["C5 C6", "C7 C8"], melds=[melds, []], red_threes=[red, ""], stock="", discard="D2")
    play(state, "pass")
    assert state.result.sides[0].red_threes == points


# ---------------------------------------------------------------- V-SAMBA-SCORE, V-TARGET
def test_V_SAMBA_SCORE_game_is_10000():
    assert RulesConfig.for_variant("samba").target == 10000
    with pytest.raises(PositionError):
        samba(["C5"], target=5000)
    state = samba(["C5 C6"], melds=[[SAMBA_HEARTS, K_NATURAL], []], stock="", discard="D2", scores=[8000, 9000])
    play(state, "pass")  # 8000 + 50 + 70 + 1500 + 500 - 10 = 10110
    assert state.result.scores == (10110, 9000) and state.result.winner == 0


# ---------------------------------------------------------------- V-BLACK3 in Samba
def test_V_BLACK3_samba_melds_up_to_six_black_threes_going_out():
    state = samba(["C3 S3 C3 S3 C3 S3 C5"], melds=[[SAMBA_HEARTS, K_NATURAL], []], phase="meld", turn_laid=True)
    assert "meld C3 C3 C3 S3 S3 S3" in legal(state)
    play(state, "meld C3 C3 C3 S3 S3 S3", "discard C5")
    assert state.result.sides[0].melds == 50 + 70 + 30


def test_V_BLACK3_the_last_black_three_joins_the_turns_meld_of_threes_to_go_out():
    # Three black threes laid this turn, one left: it is discarded (R-OUT), or it joins
    # the meld of threes and the hand is empty (going out by melding all). `legal` lists
    # both, as `play` accepts both (a random deal found the second missing from the list).
    state = samba(["C3 S3 C3 S3"], melds=[[SAMBA_HEARTS, K_NATURAL], []], phase="meld", turn_laid=True)
    play(state, "meld C3 C3 S3")
    assert sorted(legal(state)) == ["discard S3", "meld S3"]
    melded = state.copy()
    play(melded, "meld S3")
    assert melded.result is not None and melded.result.went_out == 0
    assert [len(m.cards) for m in melded.side_melds(0)][-1] == 4 and melded.result.sides[0].melds == 50 + 70 + 20
    play(state, "discard S3")
    assert state.result is not None and state.result.sides[0].melds == 50 + 70 + 15


# ---------------------------------------------------------------- the CLI and replay
def test_cli_play_and_legal_with_exit_codes(tmp_path, capsys):
    path = tmp_path / "samba.json"
    data = position_to_json(samba(["C4 C5"], melds=[["H4 H5 H6", "CQ DQ SQ"], []], discard="D5 H7"))
    path.write_text(json.dumps(data))
    assert main(["legal", str(path)]) == 0
    assert capsys.readouterr().out.split("\n")[:2] == ["draw", "take +0:"]
    assert main(["play", str(path), "take +0:"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["melds"][0] == ["H4 H5 H6 H7", "CQ DQ SQ"]
    assert main(["play", str(path), "take +1:"]) == 1
    assert "illegal: take +1:: R-ADD" in capsys.readouterr().err
    assert main(["play", str(path), "meld +x: C4"]) == 2


def test_replay_from_variant_seed_and_moves():
    config = RulesConfig.for_variant("samba")
    rng = random.Random(5)
    game = Game(config, seed=21)
    while len(game.history) < 400 and not game.is_over:
        if game.state.is_over:
            game.next_deal()
        game.apply(rng.choice(game.state.legal_moves()))
    again = Game.replay(config, 21, [str(m) for m in game.history])
    assert position_to_json(again.state) == position_to_json(game.state)
    assert again.scores == game.scores and again.deal_number == game.deal_number


def test_whole_number_reads_ascii_digits_only():
    from game.rules.moves import whole_number

    assert whole_number("42") == 42 and whole_number("-7", signed=True) == -7
    for text in ("", "-", "²", "①", "٣", "4²", "--5", "+5", " 5", "5.0"):
        assert whole_number(text, signed=True) is None, text
    assert whole_number("-7") is None  # unsigned unless asked
    assert whole_number("12345678", 7) is None and whole_number("1234567", 7) == 1234567
