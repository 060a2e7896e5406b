"""The per-turn facts as one frozen value (game/rules/turn.py): shared by the state, its
copies and observations, and written to positions field by field in the format of
RULES.md section 11, which stays as it was."""

from __future__ import annotations

import json

import pytest
from rules_helpers import play, position

from game.rules import Drawn, PositionError, Rank, Turn, position_from_json, position_to_json
from game.rules.turn import JSON_FIELDS, NEW_TURN

KINGS = {"K": "HK DK CK"}

# The keys of a saved classic position, in the order the engine has always written them.
SAVED_KEYS = [
    "format",
    "variant",
    "target",
    "scores",
    "dealer",
    "turn",
    "phase",
    "hands",
    "melds",
    "red_threes",
    "discard",
    "stock",
    "stock_exact",
    "seed",
    "drawn",
    "asked",
    "answer",
    "laid_in_deal",
    "turn_laid",
    "turn_laid_other",
    "turn_new",
    "turn_added_old",
    "known",
]


def mid_turn():
    """After drawing from the stock, a new meld of fours and an addition to the kings."""
    s = position(["C4 D4 H4 C9 C10 SK", "H5 H6"], melds=[KINGS, {}], stock="S7 S8")
    play(s, "draw", "meld C4 D4 H4", "meld SK")
    return s


def test_a_move_makes_a_new_turn_value_and_a_new_turn_starts_from_the_same_one():
    s = mid_turn()
    assert s.this_turn == Turn(Drawn.STOCK, laid=True, laid_other=True, new_ranks=frozenset({Rank(4)}), added_old=True)
    play(s, "discard C9")
    assert s.this_turn is NEW_TURN


def test_copies_and_observations_share_the_value_and_a_copy_moves_alone():
    s = mid_turn()
    trial = s.copy()
    assert trial.this_turn is s.this_turn and s.observation(0).this_turn is s.this_turn
    before = s.this_turn
    play(trial, "discard C9")
    assert s.this_turn is before and trial.this_turn is NEW_TURN
    with pytest.raises(AttributeError):
        s.this_turn.asked = True  # type: ignore[misc]


def test_every_turn_field_is_written_under_its_key_and_read_back():
    s = mid_turn()
    data = json.loads(json.dumps(position_to_json(s)))
    assert list(data) == SAVED_KEYS
    assert {spec.key for _, spec in JSON_FIELDS} <= set(data)
    assert (data["drawn"], data["turn_laid"], data["turn_new"], data["turn_added_old"]) == ("stock", True, ["4"], True)
    assert position_from_json(data).this_turn == s.this_turn


def test_a_position_without_the_turn_fields_starts_the_phase():
    assert position(["C9 C10"]).this_turn == NEW_TURN
    assert position(["C9 C10"], phase="meld").this_turn == Turn(drawn=Drawn.STOCK)
    canasta = {"K": "HK HK DK DK CK CK SK"}  # the asker could go out (R-ASK): melding the nines
    answer = position(["C9 D9 H9 C10", "", "C5 C6"], [canasta, {}], phase="answer")
    assert answer.this_turn == Turn(drawn=Drawn.STOCK, asked=True)
    assert position(["C9 C10"], phase="meld", drawn="pile").this_turn.drawn is Drawn.PILE


@pytest.mark.parametrize(
    "field,value,message",
    [
        ("drawn", "hand", '\'drawn\' must be "stock", "pile" or null'),
        ("drawn", 1, '\'drawn\' must be "stock", "pile" or null'),
        ("asked", None, "'asked' must be true or false"),
        ("turn_laid", "yes", "'turn_laid' must be true or false"),
        ("turn_added_old", 0, "'turn_added_old' must be true or false"),
        ("answer", "yes", "'answer' must be true, false or null"),
        ("answer", 1, "'answer' must be true, false or null"),
        ("turn_new", "K", "'turn_new' must be a list of ranks"),
        ("turn_new", ["X"], "'turn_new': "),
    ],
)
def test_a_bad_turn_field_is_refused_with_its_message(field, value, message):
    with pytest.raises(PositionError) as e:
        position(["C9 C10"], phase="meld", **{field: value})
    assert str(e.value).startswith(message)
