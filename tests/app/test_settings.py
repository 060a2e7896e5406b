"""Settings: round trip, tolerant loading, atomic writes, CANASTA_HOME."""

from __future__ import annotations

import json
import os

from game import storage
from game.settings import Settings, load_settings, save_settings, settings_path


def test_defaults_when_missing(tmp_path):
    assert load_settings(tmp_path) == (Settings(), [])


def test_round_trip(tmp_path):
    changed = Settings(
        language="zh_CN",
        animation_speed=2.0,
        bot_pace="fast",
        card_size="large",
        four_colour_deck=True,
        card_back="B2",
        sound=False,
        fullscreen=True,
        confirm_risky_discard=False,
    )
    save_settings(changed, tmp_path)
    assert load_settings(tmp_path) == (changed, [])
    assert json.loads(settings_path(tmp_path).read_text())["format"] == "canasta-settings/1"


def test_bad_and_unknown_fields_fall_back_with_notices(tmp_path):
    settings_path(tmp_path).write_text(
        json.dumps(
            {"language": "klingon", "sound": "yes", "animation_speed": 3, "card_size": "large", "colour": "blue"}
        )
    )
    settings, notices = load_settings(tmp_path)
    assert settings == Settings(card_size="large")
    assert len(notices) == 2 and "colour" in notices[0]


def test_every_value_not_allowed_is_named_in_one_notice_as_the_player_knows_it(tmp_path):
    """The title shows two notices at most: six bad values made six notices, four unseen,
    each naming a field as the code does ('animation_speed')."""
    from game import i18n
    from game.notices import shown

    bad = {"animation_speed": 7, "bot_pace": "warp", "card_size": 3, "four_colour_deck": "no", "sound": 1}
    settings_path(tmp_path).write_text(json.dumps({**bad, "new_game_seats": 5, "person_names": "Ann"}))
    settings, notices = load_settings(tmp_path)
    assert settings == Settings() and len(notices) == 1
    assert notices[0].startswith(
        "values not allowed, set back to their defaults: Animation speed, "
        "Computer players' pace, Card size, Four-colour deck, Sound effects, the last game chosen, the players' names"
        "; the file was copied to settings.json.bad-"
    )
    i18n.set_language("zh_CN")
    assert shown(notices[0]).startswith("不允许的设置值，已恢复默认：动画速度，")


def test_integer_speed_is_accepted_as_float(tmp_path):
    settings_path(tmp_path).write_text(json.dumps({"animation_speed": 2}))
    settings, notices = load_settings(tmp_path)
    assert settings.animation_speed == 2.0 and isinstance(settings.animation_speed, float) and not notices


def test_garbage_never_crashes(tmp_path):
    for content in (b"", b"{", b"[1, 2]", b"\xff\xfe\x00", b"null", b"1" * 100_000):
        settings_path(tmp_path).write_bytes(content)
        settings, notices = load_settings(tmp_path)
        assert settings == Settings() and notices


def test_atomic_write_leaves_no_temp_files(tmp_path):
    for speed in (0.5, 1.0, 2.0):
        save_settings(Settings(animation_speed=speed), tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_canasta_home_overrides_the_user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    assert storage.config_dir() == tmp_path == storage.data_dir()
    save_settings(Settings(sound=False))
    assert (tmp_path / "settings.json").exists()
    monkeypatch.delenv(storage.HOME_ENV)
    assert "canasta" in str(storage.config_dir()).lower()


def test_move_aside_keeps_the_file(tmp_path):
    bad = tmp_path / "save.json"
    bad.write_text("broken")
    first = storage.move_aside(bad)
    bad.write_text("broken again")
    second = storage.move_aside(bad)
    assert first != second and first.read_text() == "broken" and second.read_text() == "broken again"
    assert not bad.exists() and len(os.listdir(tmp_path)) == 2


def test_a_deeply_nested_file_is_set_aside_not_a_crash(tmp_path):
    settings_path(tmp_path).write_text("[" * 5000 + "]" * 5000)
    settings, notices = load_settings(tmp_path)
    assert settings == Settings()
    assert len(notices) == 1 and "nested too deeply" in notices[0] and "kept as settings.json.bad-" in notices[0]
    assert notices[0].index("kept as") < notices[0].index("nested too deeply")  # (the title cuts the end)
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.bad-")]
    assert len(kept) == 1 and kept[0].read_text().startswith("[[[")
    assert not settings_path(tmp_path).exists()


def test_an_oversized_file_names_its_limit_in_kilobytes(tmp_path):
    settings_path(tmp_path).write_text(json.dumps({"language": "en", "pad": " " * 70_000}))
    settings, notices = load_settings(tmp_path)
    assert settings == Settings() and "larger than 64\u00a0KB" in notices[0]
    assert storage.size_text(5 * 1024 * 1024) == "5\u00a0MB" and storage.size_text(1536) == "2\u00a0KB"


def test_one_bad_number_loses_that_setting_not_the_others(tmp_path):
    """NaN (or a number of hundreds of digits) in one field: that field's default, the
    player's other settings kept."""
    save_settings(Settings(language="zh_CN", sound=False, card_size="large"), tmp_path)
    path = tmp_path / "settings.json"
    text = path.read_text()
    for bad in ("NaN", "Infinity", "9" * 400):
        path.write_text(text.replace('"animation_speed": 1.0', f'"animation_speed": {bad}'))
        settings, notices = load_settings(tmp_path)
        assert (settings.language, settings.sound, settings.card_size) == ("zh_CN", False, "large"), bad
        assert settings.animation_speed == Settings().animation_speed and notices
        # The file as it was is copied before it is written over (stop 59: the first change lost it).
        copies = [p.read_text() for p in tmp_path.iterdir() if p.name.startswith("settings.json.bad-")]
        assert any(f'"animation_speed": {bad}' in copy for copy in copies) and "copied to" in notices[-1]


def test_a_file_that_cannot_be_read_is_put_aside_not_written_over(tmp_path, monkeypatch):
    """An unreadable settings file (no permission) was replaced, at the first change, by
    the defaults and that change; a JSON list too (never-lose test, stop 42). Both are put
    aside, as a broken file is, and the player is told where."""
    path = settings_path(tmp_path)
    path.write_text(json.dumps({"language": "zh_CN", "card_back": "B1"}))
    real = storage.read_json

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage, "read_json", denied)
    settings, notices = load_settings(tmp_path)
    monkeypatch.setattr(storage, "read_json", real)
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.bad-")]
    assert settings == Settings() and not path.exists() and len(kept) == 1
    assert "no permission to read it" in notices[0] and kept[0].name in notices[0]  # (our words: translated)
    assert json.loads(kept[0].read_text())["card_back"] == "B1"
    path.write_text("[1, 2, 3]")
    settings, notices = load_settings(tmp_path)
    assert settings == Settings() and not path.exists() and "not a JSON object" in notices[0]


def test_another_versions_file_is_copied_before_it_is_written_over(tmp_path):
    path = settings_path(tmp_path)
    newer = {"format": "canasta-settings/2", "sound": False, "theme": "night"}
    path.write_text(json.dumps(newer))
    settings, notices = load_settings(tmp_path)
    assert settings.sound is False
    copies = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.newer-")]
    assert len(copies) == 1 and json.loads(copies[0].read_text()) == newer
    assert len(notices) == 1 and "another version" in notices[0] and copies[0].name in notices[0]


def test_another_versions_file_is_copied_once(tmp_path):
    path = settings_path(tmp_path)
    path.write_text(json.dumps({"format": "canasta-settings/2", "sound": False}))
    assert load_settings(tmp_path, read_only=True)[1] == []  # a second window copies nothing
    assert load_settings(tmp_path)[1]
    settings, notices = load_settings(tmp_path)
    assert notices == [] and settings.sound is False
    assert len([p for p in tmp_path.iterdir() if ".newer-" in p.name]) == 1


def test_the_first_start_speaks_the_system_s_language(tmp_path, monkeypatch):
    """A Chinese player found the title in English on the first start (executable
    play-test, stop 43): with no settings file yet, a Chinese locale starts in Chinese."""
    from game.i18n import system_language

    assert system_language({"LANG": "zh_CN.UTF-8"}) == "zh_CN"
    assert system_language({"LANGUAGE": "zh_TW:en", "LANG": "en_US.UTF-8"}) == "zh_CN"
    assert system_language({"LC_ALL": "Chinese (Simplified)_China.936"}) == "zh_CN"
    for english in ({"LANG": "en_GB.UTF-8"}, {"LANGUAGE": "fr:zh"}, {"LANG": "C.UTF-8"}, {}):
        assert system_language(english) == "en", english
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert load_settings(tmp_path)[0].language == "zh_CN"
    save_settings(Settings(language="en"), tmp_path)  # a choice made: it holds whatever the system says
    assert load_settings(tmp_path)[0].language == "en"


def test_a_broken_settings_file_or_language_falls_back_to_the_system_s_language(tmp_path, monkeypatch):
    """A damaged settings file, or a language we do not have, reset a Chinese system to
    English (review, stop 43)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    settings_path(tmp_path).write_text("{not json")
    assert load_settings(tmp_path)[0].language == "zh_CN"
    settings_path(tmp_path).write_text(json.dumps({"language": "zh", "sound": False}))
    settings, notices = load_settings(tmp_path)
    assert (settings.language, settings.sound) == ("zh_CN", False) and notices


def test_every_setting_has_the_name_a_notice_calls_it_by():
    """Settings.validated names each value not allowed by settings.LABELS: a field added
    without a label would make a bad value in the file a KeyError at start."""
    from dataclasses import fields

    from game.settings import LABELS

    assert set(LABELS) == {f.name for f in fields(Settings)}


def test_read_settings_reads_the_file_and_moves_or_writes_nothing(tmp_path, monkeypatch):
    """The table of a deal file opened on the command line takes the player's settings
    without touching the player's files: a good file is read, a broken one stays where
    it is (load_settings would put it aside) and the defaults are in the system's language."""
    from game import settings as settings_module
    from game.settings import read_settings

    save_settings(Settings(language="zh_CN", card_back="B1"), tmp_path)
    before = settings_path(tmp_path).read_bytes()
    assert (read_settings(tmp_path).language, read_settings(tmp_path).card_back) == ("zh_CN", "B1")
    settings_path(tmp_path).write_text("{not json")
    monkeypatch.setattr(settings_module, "system_language", lambda: "zh_CN")
    assert read_settings(tmp_path) == Settings(language="zh_CN")
    assert settings_path(tmp_path).read_text() == "{not json" and sorted(p.name for p in tmp_path.iterdir()) == [
        settings_path(tmp_path).name
    ]
    settings_path(tmp_path).write_bytes(before.replace(b'"canasta-settings/1"', b'"canasta-settings/9"'))
    assert read_settings(tmp_path).language == "zh_CN"  # another version's file: read, not copied
    assert sorted(p.name for p in tmp_path.iterdir()) == [settings_path(tmp_path).name]


def test_a_file_read_in_part_is_copied_once_before_it_is_written_over(tmp_path):
    """Values not allowed and fields this version does not know were set back, and the first
    change wrote the file over without a copy (play-test, stop 59: a hand-edited file, a damaged
    value, lost). Copied as it was, written back as read (the copy made once); another window
    (read-only) leaves the file alone."""
    text = '{"format": "canasta-settings/1", "language": {"a": 1}, "sound": false, "colour": "blue"}'
    settings_path(tmp_path).write_text(text)
    settings, notices = load_settings(tmp_path, read_only=True)
    assert not settings.sound and notices and not [p for p in tmp_path.iterdir() if ".bad-" in p.name]
    assert settings_path(tmp_path).read_text() == text
    settings, notices = load_settings(tmp_path)
    copies = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.bad-")]
    assert len(copies) == 1 and copies[0].read_text() == text
    assert len(notices) == 2 and "colour" in notices[0] and f"copied to {copies[0].name}" in notices[1]
    from game import i18n
    from game.notices import shown

    i18n.set_language("zh_CN")
    assert shown(notices[1]) == f"不允许的设置值，已恢复默认：语言；原文件另存为 {copies[0].name}"
    i18n.set_language("en")
    assert not settings.sound and json.loads(settings_path(tmp_path).read_text())["sound"] is False
    again, notices = load_settings(tmp_path)
    assert again == settings and not notices
    assert [p for p in tmp_path.iterdir() if ".bad-" in p.name] == copies
