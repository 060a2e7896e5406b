"""Share a deal (issue 12): export -> open round-trips for every variant; a hostile or
corrupt file gets a clear message (a message id, its arguments, the line) and nothing
else happens."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import deal_file
from game.bots import make_bot
from game.deal_file import DealFileError, export_text, parse_text
from game.review import deal_play
from game.rules import Game, RulesConfig, position_to_json
from game.rules.variants import VARIANT_IDS


def played(variant: str, seed: int, moves: int) -> Game:
    game = Game(RulesConfig.for_variant(variant), seed)
    bots = [make_bot("easy", seat) for seat in range(game.config.players)]
    while len(game.history) < moves and not game.is_over:
        if game.state.is_over:
            game.next_deal()
        seat = game.state.to_act
        game.apply(bots[seat].act(game.state.observation(seat)))
    return game


@pytest.mark.parametrize("variant", VARIANT_IDS)
@pytest.mark.parametrize("moves", [0, 37, 400])
def test_export_then_open_replays_to_the_same_position(variant, moves):
    game = played(variant, 11, moves)
    shared = parse_text(export_text(game).encode())
    assert shared.game is not None
    assert position_to_json(shared.game.state) == position_to_json(game.state)
    assert shared.game.deal_number == game.deal_number and shared.game.scores == game.scores
    assert [str(m) for m in shared.game.history] == [str(m) for m in game.history]


def test_a_deal_opened_with_another_first_dealer_exports_and_reviews_as_played():
    game = Game(RulesConfig(), 3, first_dealer=2)  # as a deal file naming dealer 2 opens it
    bots = [make_bot("easy", seat) for seat in range(4)]
    for _ in range(15):
        seat = game.state.to_act
        game.apply(bots[seat].act(game.state.observation(seat)))
    again = parse_text(export_text(game).encode())  # shared again, or kept in Recent deals
    assert again.first_dealer == 2 and again.game is not None
    assert position_to_json(again.game.state) == position_to_json(game.state)
    review = deal_play(game)  # Review this deal: the deal as it was dealt and played
    assert position_to_json(review.positions()[-1]) == position_to_json(game.state)


def test_a_deal_whose_next_deal_has_begun_opens_there():
    game = Game(RulesConfig(), 5)
    bots = [make_bot("easy", seat) for seat in range(4)]
    while not game.state.is_over:
        seat = game.state.to_act
        game.apply(bots[seat].act(game.state.observation(seat)))
    game.next_deal()  # the table starts the next deal before anyone moves
    shared = parse_text(export_text(game).encode())
    assert shared.game.deal_number == 1 and position_to_json(shared.game.state) == position_to_json(game.state)


GOOD = export_text(played("classic", 3, 20))


@pytest.mark.parametrize(
    "text,msgid_part,line",
    [
        ("", "not a Canasta deal", 0),
        ("hello", "unknown line", 1),
        (GOOD.replace("format: canasta-deal/1", "format: canasta-deal/9"), "newer version of Canasta", 2),
        (GOOD.replace("format: canasta-deal/1", "format: canasta-deal/x"), "not a Canasta deal", 2),
        (GOOD.replace("format: canasta-deal/1", "format: canasta-deal/０"), "not a Canasta deal", 2),
        (GOOD.replace("moves:", "moves"), "unknown line", 8),
        (GOOD.replace("variant: classic", "variant: chess"), "unknown variant", 3),
        (GOOD.replace("target: 5000", "target: 7500"), "is played to", 4),
        (GOOD.replace("seed: 3", "seed: 9" * 30), "whole number", 5),
        (GOOD.replace("seed: 3", "seed: three"), "whole number", 5),
        (GOOD.replace("seed: 3", "seed: 3²"), "whole number", 5),  # digits int() refuses
        (GOOD.replace("seed: 3", "seed: --3"), "whole number", 5),
        (GOOD.replace("target: 5000", "target: 5000⁴"), "whole number", 4),
        (GOOD.replace("deal: 0", "deal: ①"), "whole number", 7),
        (GOOD.replace("first_dealer: 0", "first_dealer: ٠"), "whole number", 6),
        (GOOD.replace("first_dealer: 0", "first_dealer: 7"), "whole number", 6),
        (GOOD.replace("deal: 0", "deal: 3"), "the moves end in deal", 7),
        (GOOD + "discard ZZ\n", "cannot be played here", GOOD.count("\n") + 1),
        (GOOD + "draw\n", "cannot be played here", GOOD.count("\n") + 1),
        (GOOD.replace("seed: 3\n", "seed: 3\nseed: 4\n"), "given twice", 6),
        (GOOD.replace("seed: 3\n", ""), "'seed' is missing", 0),
        ("format: canasta-deal/1\nvariant: classic\nseed: 1\n", "no 'moves:' line", 0),
        ("x" * 500, "longer than", 1),
    ],
)
def test_bad_files_say_what_is_wrong_and_where(text, msgid_part, line):
    with pytest.raises(DealFileError) as caught:
        parse_text(text.encode())
    assert msgid_part in str(caught.value) and caught.value.line == line
    assert caught.value.message()  # says it in words, both languages have it


def test_binary_oversized_and_odd_files(tmp_path):
    with pytest.raises(DealFileError, match="UTF-8"):
        parse_text(b"\xff\xfe\x00garbage")
    with pytest.raises(DealFileError, match="larger than"):
        parse_text(b"#" * (deal_file.MAX_BYTES + 1))
    with pytest.raises(DealFileError, match="not a file"):
        deal_file.read(str(tmp_path))
    with pytest.raises(DealFileError, match="cannot be read"):
        deal_file.read(str(tmp_path / "missing.canasta.txt"))
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        with pytest.raises(DealFileError, match="not a file"):
            deal_file.read(str(tmp_path / "fifo"))
    path = tmp_path / "deal.canasta.txt"
    path.write_text(GOOD)
    assert deal_file.read(str(path)).game is not None


def test_a_file_saved_with_a_byte_order_mark_opens():
    """Some Windows editors put a BOM first when they save a text file."""
    shared = parse_text(("\ufeff" + GOOD).encode("utf-8"))
    assert shared.seed == 3 and shared.moves == parse_text(GOOD.encode()).moves


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600) | st.text(max_size=600).map(str.encode))
def test_fuzzed_files_never_crash(data):
    try:
        parse_text(data)
    except DealFileError:
        pass


@settings(max_examples=150, deadline=None)
@given(st.integers(0, GOOD.count("\n")), st.sampled_from(["", "x", "draw", "moves:", "seed: 1", "#", ":"]))
def test_edited_lines_never_crash(index, replacement):
    lines = GOOD.splitlines()
    lines[index % len(lines)] = replacement
    try:
        parse_text("\n".join(lines).encode())
    except DealFileError:
        pass


def test_random_truncations_never_crash():
    rng = random.Random(7)
    for _ in range(200):
        cut = rng.randrange(len(GOOD))
        try:
            parse_text(GOOD[:cut].encode())
        except DealFileError:
            pass


def test_a_deal_file_on_the_command_line_opens_the_table_there(tmp_path):
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    game = played("classic", 21, 60)
    path = tmp_path / "shared.canasta.txt"
    path.write_text(export_text(game))
    shot = tmp_path / "shot.png"
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "CANASTA_HOME": str(tmp_path / "home"),
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }
    script = tmp_path / "check.txt"
    script.write_text(
        f"assert len(table.game.history) == {len(game.history)}\nassert table.game.deal_number == {game.deal_number}\n"
    )
    proc = subprocess.run(
        [sys.executable, os.path.join(root, "main.py"), str(path), "--script", str(script), "--screenshot", str(shot)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert shot.exists() and not (tmp_path / "home" / "save.json").exists()  # the saved game is not touched
    path.write_text(GOOD.replace("seed: 3", "seed: x"))
    proc = subprocess.run(
        [sys.executable, os.path.join(root, "main.py"), str(path)], env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2 and "cannot open the deal" in proc.stderr and "line 5" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_deal_file_a_person_opens_is_in_the_players_settings_which_it_never_writes(tmp_path, monkeypatch):
    """`canasta DEAL.txt` (the Open a deal page names it) showed a Chinese player an
    English table with the default cards (play-test, stop 58): a person's deal file now
    takes the player's settings, read; the table's changes (the Speed button) stay its own.
    Automation's (a script, a frame count) keeps the defaults."""
    from game import i18n
    from game.cli import settings_for_a_shared_deal
    from game.settings import Settings, save_settings, settings_path
    from game.window import MainWindow

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    save_settings(Settings(language="zh_CN", card_back="B1", animation_speed=2.0), tmp_path)
    before = settings_path(tmp_path).read_bytes()
    assert settings_for_a_shared_deal(False) is None
    chosen = settings_for_a_shared_deal(True)
    assert chosen is not None and chosen.animation_speed == 2.0
    game = played("six-hand-2x3", 4, 40)
    window = MainWindow(game=game, settings=chosen, speed=chosen.animation_speed, threaded=False)
    try:
        table = window.table
        assert table is not None and len(table.game.history) == len(game.history)
        assert (i18n.get_language(), table.card_back, window.settings.value.animation_speed) == ("zh_CN", "B1", 2.0)
        window.settings.set("animation_speed", 4.0)
    finally:
        window.close()
        i18n.set_language("en")
    assert settings_path(tmp_path).read_bytes() == before
    assert not (tmp_path / "save.json").exists()


def test_the_command_line_takes_only_a_seed_a_save_can_keep(capsys):
    """A game dealt from a seed beyond what a save keeps could not be continued (nor its
    deal file opened): argparse refuses it with a message."""
    from game.cli import MAX_SEED, parse_args

    assert parse_args(["--seed", str(MAX_SEED)]).seed == MAX_SEED
    assert parse_args(["--seed", str(-MAX_SEED)]).seed == -MAX_SEED
    for text in (str(MAX_SEED + 1), str(2**64), "seven"):
        with pytest.raises(SystemExit):
            parse_args(["--seed", text])
        assert "--seed" in capsys.readouterr().err
    game = Game(RulesConfig(), MAX_SEED)
    assert parse_text(export_text(game).encode()).seed == MAX_SEED
