"""The rules command line: the contract of RULES.md section 11, exit codes included."""
from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from game.rules.cli import main

POSITION = {
    "format": "canasta-position/1", "variant": "classic", "target": 5000,
    "scores": [1100, 0], "dealer": 3, "turn": 0, "phase": "draw",
    "hands": ["HA CA D2 C5 C9 S9", "H4 H5 H6", "S6 S7 S8", "C7 C8 CJ"],
    "melds": [{"K": "DK DK CK H2"}, {}], "red_threes": ["H3", ""],
    "discard": "C9 JK D5", "stock": "S4 H9", "seed": 7,
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
    pos = dict(POSITION, phase="meld", hands=["C9 D9 H9 C4", "H4", "", "S5"],
               melds=[{"K": "SK SK HK HK CK CK DK"}, {}], discard="C6")
    code, out, _ = run(tmp_path, pos, "play", "meld C9 D9 H9", "discard C4")
    data = json.loads(out)
    assert code == 0 and data["phase"] == "over"
    res = data["result"]
    assert res["sides"][0] == {"melds": 100, "hand": 0, "canastas": 500, "red_threes": 100,
                               "going_out": 100, "total": 800}
    assert res["sides"][1]["hand"] == -10 and res["sides"][1]["red_threes"] == 0
    assert res["scores"] == [1900, -10] and res["winner"] is None


@pytest.mark.parametrize("text,needle", [
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
])
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
    proc = subprocess.run([sys.executable, "-m", "game.rules", "legal", str(path)],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.split() == ["draw"]
    proc = subprocess.run([sys.executable, "-m", "game.rules", "play", str(path), "pass"],
                          capture_output=True, text=True)
    assert proc.returncode == 1 and "R-" in proc.stderr and "Traceback" not in proc.stderr
