"""What a player reads about a file the app cannot use (a deal file, the save, settings,
statistics): in the player's language, naming what is wrong, never the English words of a
parser, the engine or the system parsed back (play-test of the bad-input standard, stop 48)."""

from __future__ import annotations

import errno
import json
import os
import re
from functools import partial
from pathlib import Path

import pytest
from bot_helpers import bots_played

from game import i18n, storage
from game.app import AppContext
from game.deal_file import DealFileError, export_text, parse_text, read
from game.saves import SaveError, SaveStore, encode_save, save_body
from game.settings import Settings, save_settings
from game.stats import StatsStore

# English words that must not reach a Chinese player (a parser's, the engine's, the system's).
ENGLISH = re.compile(r"Expecting|codec|delimiter|Unterminated|Errno|denied|symbolic|you do not|empty group|R-[A-Z]")


@pytest.fixture
def chinese():
    i18n.set_language("zh_CN")
    yield
    i18n.set_language("en")


played = partial(bots_played, seed=3)  # (tests/bot_helpers.py)


GOOD = export_text(played())


def refusal(text: str) -> DealFileError:
    with pytest.raises(DealFileError) as caught:
        parse_text(text.encode())
    return caught.value


def with_last_move(text: str) -> str:
    return GOOD + text + "\n"


def test_an_illegal_move_in_a_deal_file_is_explained_in_the_player_s_words(chinese):
    """The engine's refusal, translated by its message id with the cards named as the table
    names them (it read 'R-TURN: you do not hold HA HA HA' in Chinese)."""
    game = played()
    game.apply(next(move for move in game.state.legal_moves() if str(move) == "draw"))
    held = {str(card) for card in game.state.hands[game.state.to_act]}
    missing = next(face for face in ("HA", "SK", "DQ", "CJ", "H7", "S6") if face not in held)
    error = refusal(with_last_move(f"draw\nmeld {missing} {missing} {missing}"))
    message = error.message()
    assert "这里不能走" in message and "你手里没有" in message and not ENGLISH.search(message)
    i18n.set_language("en")
    english = error.message()
    assert "cannot be played here: you do not hold" in english and "R-TURN" not in english
    assert "R-TURN" not in str(error)  # (the command line prints it)


def test_a_move_that_is_not_written_as_one_is_said_so_in_chinese_and_in_detail_in_english(chinese):
    error = refusal(with_last_move("meld K:"))
    assert error.message().endswith("无法识别这一步的写法（第 {} 行）".format(GOOD.count("\n") + 1))
    i18n.set_language("en")
    assert "cannot be played here: " in error.message() and "group" in error.message()


def test_a_deal_of_a_newer_version_says_so_not_that_it_is_no_deal():
    error = refusal(GOOD.replace("format: canasta-deal/1", "format: canasta-deal/2"))
    assert "newer version of Canasta" in str(error) and error.line == 2
    assert "not a Canasta deal" in str(refusal(GOOD.replace("format: canasta-deal/1", "format: canasta-deal/beta")))


def test_a_target_another_variant_does_not_play_names_the_variant_in_the_player_s_words(chinese):
    error = refusal(GOOD.replace("variant: classic", "variant: samba"))
    assert error.message().startswith("桑巴的目标分数是 10000")
    assert "a Samba game is played to 10000" in str(error)


def test_a_deal_file_that_is_a_link_to_itself_or_a_folder_says_why_in_the_player_s_words(tmp_path, chinese):
    loop = tmp_path / "loop.canasta.txt"
    loop.symlink_to(loop.name)
    with pytest.raises(DealFileError) as caught:
        read(str(loop))
    assert caught.value.message() == "无法读取文件（这是一个指回自身的链接）"
    with pytest.raises(DealFileError) as caught:
        read(str(tmp_path))
    assert not ENGLISH.search(caught.value.message())


@pytest.mark.parametrize("name", ["stats.json", "settings.json"])
def test_a_file_cut_at_any_byte_is_set_aside_with_a_reason_in_the_player_s_words(tmp_path, chinese, name):
    """Truncated at every byte boundary (a full disk under another program, a copy cut
    short): the notice names the kept copy and what is wrong, never the JSON parser's
    English ('Expecting ',' delimiter: line 6 column 11 (char 100)' in a Chinese title)."""
    home = tmp_path / "home"
    save_settings(Settings(language="zh_CN"), home)
    game = played(moves=2000)
    StatsStore(home).record_deal(game.state, 0, "easy", "k")
    whole = (home / name).read_bytes()
    for size in range(len(whole)):
        try:
            json.loads(whole[:size])
            continue  # (the settings' last newline: still the whole file)
        except ValueError:
            pass
        (home / name).write_bytes(whole[:size])
        for kept in home.glob(f"{name}.bad-*"):
            kept.unlink()
        if name == "stats.json":
            notices = StatsStore(home).notices
        else:
            from game.settings import load_settings

            notices = load_settings(home)[1]
        assert len(notices) == 1, size
        text = notices[0].text()
        assert f"{name}.bad-" in text and not ENGLISH.search(text), (size, text)
        assert "JSON" in text or "UTF-8" in text, (size, text)


def test_a_file_that_is_not_utf8_or_too_large_gets_our_words(tmp_path, chinese):
    (tmp_path / "stats.json").write_bytes(b'{"records": {"\xff": 1}}')
    assert "不是 UTF-8 文本" in StatsStore(tmp_path).notices[0].text()
    (tmp_path / "stats.json").write_bytes(b" " * (2 * 1024 * 1024))
    text = StatsStore(tmp_path).notices[0].text()
    assert "大于" in text and not ENGLISH.search(text)


def test_settings_that_cannot_be_saved_say_why_once_without_a_temp_file_s_name(tmp_path, monkeypatch, chinese):
    """A disk that fills during play: each change failed with str(error), which names a
    random temp file, so every change added a notice in English."""
    save_settings(Settings(language="zh_CN"), tmp_path)
    app = AppContext.create(tmp_path)
    try:

        def full(*args, **kwargs):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(tmp_path / ".settings.json.abcd1234.tmp"))

        monkeypatch.setattr(storage, "atomic_write", full)
        before = len(app.notices)
        app.settings.set("sound", not app.settings.get("sound"))
        app.settings.set("sound", not app.settings.get("sound"))
        added = app.notices[before:]
        assert len(added) == 1
        shown = added[0].text()  # type: ignore[attr-defined]
        assert "磁盘已满" in shown
        assert ".tmp" not in shown and not ENGLISH.search(shown)
    finally:
        app.close()


def test_a_save_that_cannot_be_read_says_why_in_the_player_s_words(tmp_path, monkeypatch, chinese):
    store = SaveStore(tmp_path)
    store.save(played(), (None, "easy", "easy", "easy"))

    def denied(path, limit):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(storage, "read_capped", denied)
    with pytest.raises(SaveError) as caught:
        store.load()
    assert caught.value.message() == "无法读取文件（没有读取权限）"
    assert store.path.exists()  # (unreadable now is not damaged: left where it is)


def test_a_save_whose_move_cannot_be_replayed_says_why_in_the_player_s_words(tmp_path, chinese):
    """A save edited with its checksum made again (or written by a Canasta whose rules
    differ): the engine's refusal, translated, not 'R-TURN: ...' in a Chinese dialog."""
    game = played()
    body = save_body(game, (None, "easy", "easy", "easy"))
    body["moves"] = ["discard C5", *body["moves"]]
    store = SaveStore(tmp_path)
    Path(store.path).write_bytes(encode_save(body))
    with pytest.raises(SaveError) as caught:
        store.load()
    message = caught.value.message()
    assert "第 1 步（'discard C5'）无法重放" in message
    assert not ENGLISH.search(message), message
    assert json.loads(caught.value.moved_to.read_bytes())["moves"][0] == "discard C5"  # kept
