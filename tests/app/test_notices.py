"""Notices are data (a message id and its arguments): the title menu shows them in the
player's language at the moment it draws them (an English sound notice stood on the
Chinese title, play-test stop 41)."""

from __future__ import annotations

from game import i18n
from game.i18n import N_
from game.notices import Notice, shown
from game.session import SAVE_FAILED, StorageProblem


def test_a_notice_is_its_english_text_and_shows_in_the_language_of_the_moment():
    notice = Notice(N_("No sound device could be opened: the effects stay silent ({error})"), error="ALSA: no device")
    english = "No sound device could be opened: the effects stay silent (ALSA: no device)"
    assert notice == english and "no device" in notice  # stderr, tests
    try:
        i18n.set_language("zh_CN")
        assert shown(notice) == "无法打开声音设备：音效保持静音（ALSA: no device）"
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
