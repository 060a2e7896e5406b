"""Notices are data (a message id and its arguments): the title menu shows them in the
player's language at the moment it draws them (an English sound notice stood on the
Chinese title, play-test stop 41)."""

from __future__ import annotations

from game import i18n
from game.i18n import N_
from game.notices import Notice, shown
from game.session import SAVE_FAILED, StorageProblem


def test_a_notice_is_its_english_text_and_shows_in_the_language_of_the_moment():
    notice = Notice(N_("statistics could not be read ({error}); starting afresh"), error="bad JSON")
    english = "statistics could not be read (bad JSON); starting afresh"
    assert notice == english and "bad JSON" in notice  # stderr, tests
    try:
        i18n.set_language("zh_CN")
        assert shown(notice) == "无法读取统计（bad JSON）；重新开始记录"
        problem = StorageProblem(SAVE_FAILED, N_("the disk is full"))
        assert problem.notice() == "Not saved: the disk is full"
        assert shown(problem.notice()) == problem.message() != "Not saved: the disk is full"
    finally:
        i18n.set_language("en")
    assert shown(notice) == english
    assert shown("plain text") == "plain text"


def test_a_system_reason_with_braces_is_shown_as_it_is():
    notice = Notice("{not a placeholder}")
    assert notice == "{not a placeholder}" and notice.text() == "{not a placeholder}"


def test_no_sound_device_is_said_in_a_few_words_and_the_driver_s_error_only_in_the_log(capsys, monkeypatch, tmp_path):
    """Play-test, stop 56: the title's footer quoted the sound driver's raw error ("No sound
    device could be opened: the effects stay silent (dsp: No such audio device)"). The player
    reads a short translated line; stderr (the log) keeps the driver's words."""
    import pygame

    from game.app import AppContext
    from game.sound import SoundPlayer

    def no_device() -> None:
        raise pygame.error("dsp: No such audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    player = SoundPlayer()
    assert not player.ready()
    (notice,) = player.notices
    assert notice == "Sound is off: no sound device found" and shown(notice) == notice
    assert notice.logged() == "Sound is off: no sound device found (dsp: No such audio device)"
    app = AppContext.create(tmp_path)
    try:
        capsys.readouterr()
        app.notice(notice)
        assert capsys.readouterr().err == "canasta: Sound is off: no sound device found (dsp: No such audio device)\n"
        assert shown(app.notices[-1]) == "Sound is off: no sound device found"
        i18n.set_language("zh_CN")
        assert shown(notice) == "声音已关闭：未找到音频设备"
    finally:
        i18n.set_language("en")
        app.close()
