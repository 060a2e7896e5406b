"""What the table says for a moment (a banner, a speech bubble) follows the language: a
switch in the settings while it shows rewords it at once, as the move log and the buttons
are (play-test: "Canasta of kings (mixed)!" stayed English over a table gone Chinese)."""

from __future__ import annotations

import pytest

from game import i18n
from game.rules import Move
from game.scenes import table_view
from game.scenes.animations import bubble
from game.scenes.layout import Canvas
from game.scenes.table import TableScene
from game.scenes.table_menu import TableMenuScene
from tests.table_helpers import following, position, tick, until

NORTH = 2
KINGS_SIX = "HK DK SK C2 D2 JK"  # our side's kings: the player's K♣ makes them a mixed canasta


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def banner_drawn(monkeypatch, table: TableScene) -> str:
    """The banner's text as this frame draws it."""
    drawn: list[str] = []
    real = table_view.text_image

    def recording(text, *args, **kwargs):
        drawn.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(table_view, "text_image", recording)
    table.view.draw(Canvas((1280, 720), 1.0))
    monkeypatch.setattr(table_view, "text_image", real)
    assert table.view.banner_box is not None, "no banner drawn"
    return drawn[-1]  # (the banner is drawn last, over everything: TableView.draw)


def test_a_canasta_banner_changes_language_with_the_settings(monkeypatch):
    """The player's K♣ makes our kings a mixed canasta: the banner says so; the menu and the
    language switched to Chinese while it shows (it waits under the menu), it says it in
    Chinese at once, and back in English again."""
    stack, table, settings = following("en")
    hands = ["CK S5 H9 D7", "C4 C6 C8", "C9 C10", "CJ CQ"]
    table.load_state(position(hands, melds=[{"K": KINGS_SIX}, {}], phase="meld"))
    assert table.play(Move.parse("meld CK"))
    until(stack, lambda: table.banner is not None)
    assert banner_drawn(monkeypatch, table) == "Canasta of kings (mixed)!"
    table.open_menu()
    assert isinstance(stack.top, TableMenuScene)
    settings.set("language", "zh_CN")
    tick(stack, 1.0)
    assert table.banner is not None  # (words wait under the menu)
    assert banner_drawn(monkeypatch, table) == "K 的卡纳斯塔（混合）！"
    settings.set("language", "en")
    assert banner_drawn(monkeypatch, table) == "Canasta of kings (mixed)!"


def test_a_going_out_banner_names_the_seat_in_the_new_language_as_the_log_does(monkeypatch):
    """ "You went out!" is worded with the seat's name when drawn: switched to Chinese, the
    banner and the move log's newest line both say 你 (the log was already worded when drawn)."""
    stack, table, settings = following("en")
    canasta = "HK DK SK CK SK DK HK"
    hands = ["H9 D9 C9 S5", "C4 C6 C8", "C9 C10", "CJ CQ"]
    table.load_state(position(hands, melds=[{"K": canasta}, {}], phase="meld"))
    assert table.play(Move.parse("meld H9 D9 C9"))
    assert table.play(Move.parse("discard S5"))
    until(stack, lambda: table.banner is not None and table.game.state.phase.name == "OVER")
    assert banner_drawn(monkeypatch, table) == "You went out!"
    settings.set("language", "zh_CN")
    assert banner_drawn(monkeypatch, table) == "你出完了！"
    table.move_log.show_all()
    newest = table.move_log.newest_first()
    assert any(entry.text(table) == "你出完了！" for entry in newest[:3]), [e.text(table) for e in newest[:3]]


@pytest.mark.parametrize(
    ("before", "after", "words"), [("en", "zh_CN", "不行，还不到时候。"), ("zh_CN", "en", "No, not yet.")]
)
def test_a_speech_bubble_changes_language_with_the_settings(before, after, words):
    """North's "No, not yet." showing as the language changes is said in the new one at once,
    in a bubble sized for it (its widget's text is what is drawn and measured)."""
    stack, table, settings = following(before)
    table._fire(bubble(0.0, NORTH, "no"))
    (said,) = table.bubbles
    assert said.widget.text == i18n._("No, not yet.") != words
    settings.set("language", after)
    assert said.widget.text == words
    assert said.widget.placed(Canvas((1280, 720), 1.0))[0].width > 0
