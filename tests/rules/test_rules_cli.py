"""The rules command line: the contract of RULES.md section 11, exit codes included."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading

import pytest

from game.rules import cli
from game.rules.cli import main

POSITION = {
    "format": "canasta-position/1",
    "variant": "classic",
    "target": 5000,
    "scores": [1100, 0],
    "dealer": 3,
    "turn": 0,
    "phase": "draw",
    "hands": ["HA CA D2 C5 C9 S9", "H4 H5 H6", "S6 S7 S8", "C7 C8 CJ"],
    "melds": [{"K": "DK DK CK H2"}, {}],
    "red_threes": ["H3", ""],
    "discard": "C9 JK D5",
    "stock": "S4 H9",
    "seed": 7,
}


def run(tmp_path, data, *args):
    path = tmp_path / "pos.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    out, err = io.StringIO(), io.StringIO()
    code = main([args[0], str(path), *args[1:]], out, err)
    return code, out.getvalue(), err.getvalue()


def test_legal_lists_moves_one_per_line(tmp_path):
    code, out, _ = run(tmp_path, POSITION, "legal")
    assert code == 0 and out.splitlines() == ["draw"]  # frozen pile, no pair of fives


def test_play_prints_the_resulting_position(tmp_path):
    code, out, err = run(tmp_path, POSITION, "play", "draw", "meld HA CA D2", "discard C5")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["turn"] == 1 and data["phase"] == "draw"
    assert data["hands"][0] == "C9 S9 S4"
    assert data["melds"][0] == {"K": "DK DK CK H2", "A": "CA HA D2"}
    assert data["discard"].endswith("C5")


def test_play_accepts_lenient_card_input(tmp_path):
    code, out, _ = run(tmp_path, POSITION, "play", "DRAW", "meld h1 c1 d2", "discard c5")
    assert code == 0 and json.loads(out)["melds"][0]["A"] == "CA HA D2"


def test_illegal_move_exit_1_with_rule_id(tmp_path):
    code, out, err = run(tmp_path, POSITION, "play", "draw", "meld C9 S9")
    assert code == 1 and out == ""
    assert err.startswith("illegal: meld C9 S9: R-MELD")


def test_going_out_prints_the_result(tmp_path):
    pos = dict(
        POSITION,
        phase="meld",
        hands=["C9 D9 H9 C4", "H4", "", "S5"],
        melds=[{"K": "SK SK HK HK CK CK DK"}, {}],
        discard="C6",
    )
    code, out, _ = run(tmp_path, pos, "play", "meld C9 D9 H9", "discard C4")
    data = json.loads(out)
    assert code == 0 and data["phase"] == "over"
    res = data["result"]
    assert res["sides"][0] == {
        "melds": 100,
        "hand": 0,
        "canastas": 500,
        "red_threes": 100,
        "going_out": 100,
        "total": 800,
    }
    assert res["sides"][1]["hand"] == -10 and res["sides"][1]["red_threes"] == 0
    assert res["scores"] == [1900, -10] and res["winner"] is None


@pytest.mark.parametrize(
    "text,needle",
    [
        ("{not json", "not valid JSON"),
        ("[]", "JSON object"),
        (json.dumps(dict(POSITION, hands=["XX", "", "", ""])), "unknown card"),
        (json.dumps(dict(POSITION, hands=["H3", "", "", ""])), "red three"),
        (json.dumps(dict(POSITION, hands=["JK JK JK JK JK", "", "", ""])), "copies of JK"),
        (json.dumps(dict(POSITION, turn=7)), "'turn'"),
        (json.dumps(dict(POSITION, phase="dance")), "'phase'"),
        (json.dumps(dict(POSITION, melds=[{"K": "SK D2 H2"}, {}])), "R-MELD"),
        (json.dumps(dict(POSITION, melds=[{"K": "SQ SK SK"}, {}])), "does not belong"),
        (json.dumps(dict(POSITION, variant="canasta-royale")), "unknown variant"),
        (json.dumps(dict(POSITION, hands=["HA"])), "'hands' must have 4"),
        ("\xff\xfe", "JSON"),
    ],
)
def test_malformed_positions_exit_2(tmp_path, text, needle):
    code, out, err = run(tmp_path, text, "legal")
    assert code == 2 and out == "" and err.startswith("error: ") and needle in err, err


def test_malformed_move_exit_2_and_nothing_applied(tmp_path):
    code, out, err = run(tmp_path, POSITION, "play", "draw", "meld Q9 Z1")
    assert code == 2 and out == "" and err.startswith("error: unknown card")


def test_bad_arguments_and_missing_file(tmp_path):
    err = io.StringIO()
    assert main(["fly"], io.StringIO(), err) == 2 and err.getvalue().startswith("error:")
    err = io.StringIO()
    assert main(["legal", str(tmp_path / "nope.json")], io.StringIO(), err) == 2
    assert "cannot read" in err.getvalue()


def test_module_entry_point(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(POSITION))
    proc = subprocess.run([sys.executable, "-m", "game.rules", "legal", str(path)], capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.split() == ["draw"]
    proc = subprocess.run(
        [sys.executable, "-m", "game.rules", "play", str(path), "pass"], capture_output=True, text=True
    )
    assert proc.returncode == 1 and "R-" in proc.stderr and "Traceback" not in proc.stderr


def test_a_reader_that_left_is_not_an_internal_error(tmp_path):
    """`legal ... | head -1`: when stdout's reader is gone the command stops quietly with
    141 (128 + SIGPIPE), never "internal error" and never a traceback."""
    path = tmp_path / "p.json"
    path.write_text(json.dumps(POSITION))
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will ever read: the first flush fails, every time
    try:
        for args in (["legal", str(path)], ["play", str(path), "draw"]):
            proc = subprocess.run(
                [sys.executable, "-m", "game.rules", *args], stdout=write_end, stderr=subprocess.PIPE, text=True
            )
            assert proc.returncode == cli.BROKEN_PIPE and proc.stderr == "", proc.stderr
    finally:
        os.close(write_end)


# -- reading without limits, and malformed results (issue 13) --------------------------------

OVER = dict(POSITION, phase="over", hands=["", "H4", "S6", "C7"])
GOOD_RESULT = {
    "reason": "went-out",
    "scores": [1900, -10],
    "winner": None,
    "went_out": 0,
    "concealed": False,
    "sides": [
        {"melds": 100, "hand": 0, "canastas": 500, "red_threes": 100, "going_out": 100},
        {"melds": 0, "hand": -10, "canastas": 0, "red_threes": 0, "going_out": 0},
    ],
}


def test_an_over_position_with_a_good_result_loads_and_round_trips(tmp_path):
    code, out, err = run(tmp_path, dict(OVER, result=GOOD_RESULT), "play")
    assert code == 0, err
    assert {k: v for k, v in json.loads(out)["result"].items()} == {
        **GOOD_RESULT,
        "sides": [dict(s, total=sum(s.values())) for s in GOOD_RESULT["sides"]],
    }


@pytest.mark.parametrize(
    "result,needle",
    [
        ([], "'result' must be an object"),
        ({}, "'result.reason'"),
        (dict(GOOD_RESULT, reason="boredom"), "'result.reason'"),
        (dict(GOOD_RESULT, sides=[]), "'result.sides'"),
        (dict(GOOD_RESULT, sides=[{"melds": 1}, {}]), "'result.sides[0]'"),
        (dict(GOOD_RESULT, scores=[1, True]), "'result.scores'"),
        (dict(GOOD_RESULT, scores=[1.5, 0]), "'result.scores'"),
        (dict(GOOD_RESULT, winner=5), "'result.winner'"),
        (dict(GOOD_RESULT, went_out="me"), "'result.went_out'"),
        (dict(GOOD_RESULT, concealed="yes"), "'result.concealed'"),
        (dict(GOOD_RESULT, extra=1), "unknown field"),
        (dict(GOOD_RESULT, scores=[10**12, 0]), "nine digits"),
    ],
)
def test_malformed_results_say_what_is_wrong(tmp_path, result, needle):
    code, out, err = run(tmp_path, dict(OVER, result=result), "legal")
    assert code == 2 and out == "" and needle in err and "internal error" not in err, err


@pytest.mark.parametrize(
    "text,needle",
    [
        (
            json.dumps(dict(OVER, result=GOOD_RESULT)).replace('"melds": 100', '"melds": Infinity'),
            "Infinity is not a number",
        ),
        (json.dumps(dict(OVER, result=GOOD_RESULT)).replace('"melds": 100', '"melds": NaN'), "NaN"),
        (json.dumps(POSITION).replace("1100", "9" * 5000), "5000 digits"),
        (json.dumps(POSITION).replace("1100", "-" + "9" * 5000), "5000 digits"),
    ],
)
def test_numbers_json_should_not_hold_are_refused(tmp_path, text, needle):
    code, out, err = run(tmp_path, text, "legal")
    assert code == 2 and needle in err and "internal error" not in err, err


def test_an_oversized_file_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # 50 MB, sparse: costs no disk
    err = io.StringIO()
    assert main(["legal", str(path)], io.StringIO(), err) == 2
    assert "larger than 1024 KB" in err.getvalue()


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_an_endless_device_is_refused():
    err = io.StringIO()
    assert main(["legal", "/dev/zero"], io.StringIO(), err) == 2
    assert "larger than" in err.getvalue()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_nobody_writes_gives_up_after_the_read_time(tmp_path, monkeypatch):
    monkeypatch.setattr(cli, "READ_SECONDS", 0.2)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    err = io.StringIO()
    assert main(["legal", str(fifo)], io.StringIO(), err) == 2
    assert "nothing more to read" in err.getvalue()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_position_through_a_pipe_is_read(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_text(json.dumps(POSITION)))
    writer.start()
    out = io.StringIO()
    try:
        assert main(["legal", str(fifo)], out, io.StringIO()) == 0
    finally:
        writer.join()
    assert out.getvalue().split() == ["draw"]


def test_a_directory_is_not_a_position(tmp_path):
    err = io.StringIO()
    assert main(["legal", str(tmp_path)], io.StringIO(), err) == 2
    assert "directory" in err.getvalue()


def test_the_first_illegal_move_exits_1_even_if_a_later_one_is_malformed(tmp_path):
    """RULES.md section 11: at the first illegal move, `illegal:` and exit 1 (moves were all
    parsed first, so a malformed later one gave exit 2)."""
    code, out, err = run(tmp_path, POSITION, "play", "draw", "draw", "discard ZZ")
    assert code == 1 and out == "" and err.startswith("illegal: draw: R-TURN")
    code, out, err = run(tmp_path, POSITION, "play", "discard ZZ", "draw")
    assert code == 2 and err.startswith("error: unknown card")


def test_a_byte_order_mark_and_a_64_bit_seed_are_read(tmp_path):
    text = "\ufeff" + json.dumps(dict(POSITION, seed=2**63 - 1))
    code, out, err = run(tmp_path, text, "play")
    assert code == 0 and json.loads(out)["seed"] == 2**63 - 1, err


def test_a_group_may_name_threes_and_the_colon_needs_no_space():
    from game.rules import Move

    assert Move.parse("meld 3: C3 C3 S3") == Move.parse("meld C3 C3 S3")
    assert Move.parse("meld K:D2") == Move.parse("meld K: D2")
    assert Move.parse("meld +0:H7 / +1 : S5") == Move.parse("meld +0: H7 / +1: S5")
    assert str(Move.parse("take +2:")) == "take +2:"


def test_hand_and_foot_says_threes_never_meld(tmp_path):
    pos = {"variant": "hand-and-foot", "hands": ["S4", "", "", ""], "melds": [["C3 C3 S3"], []], "phase": "meld"}
    code, out, err = run(tmp_path, pos, "legal")
    assert code == 2 and "threes are never melded in this game (V-HF-BOOKS)" in err, err


def test_an_answer_position_the_asker_could_not_have_asked_in_is_refused(tmp_path):
    # R-ASK: only a player who could go out asks. Loaded anyway, `play yes` printed a
    # position (exit 0) that the command line itself then refused (R-NO-STALL).
    code, out, err = run(tmp_path, dict(POSITION, phase="answer"), "play", "yes")
    assert code == 2 and out == ""
    assert err.startswith("error: phase 'answer', but the player who asked could not have asked: R-ASK")
    code, _, err = run(tmp_path, dict(POSITION, phase="answer", answer=True), "legal")
    assert code == 2 and "not yet answered" in err


def test_an_answer_position_the_asker_could_ask_in_plays_both_answers(tmp_path):
    pos = dict(
        POSITION, phase="answer", hands=["C9 D9 H9 C4", "H4", "S6", "S5"], melds=[{"K": "SK SK HK HK CK CK DK"}, {}]
    )
    code, out, _ = run(tmp_path, pos, "legal")
    assert code == 0 and out.splitlines() == ["yes", "no"]
    code, out, _ = run(tmp_path, pos, "play", "yes", "meld C9 D9 H9", "discard C4")
    assert code == 0 and json.loads(out)["phase"] == "over"
