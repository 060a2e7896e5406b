"""Keyboard-only play-test (stop 47): what a player without a mouse could not do. The move
log and the pile browser scrolled only with the wheel; F1 did nothing while the partner's
question showed."""

from __future__ import annotations

import pygame
from table_helpers import DT, make_table, partner_asks, texts_drawn, tick, until

from game.rules import Phase
from game.scenes import table_view
from game.scenes.layout import LOGICAL_SIZE, Canvas
from game.scenes.prompts import AnswerPrompt
from game.scenes.table_layout import LOG_PAGE, PILE_PER_ROW, PILE_ROWS, pile_browser_last_scroll
from game.scenes.table_menu import KEYS, SCROLL_KEYS, WATCH_KEYS, KeysOverlay


def key(stack, code: int) -> None:
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))


def _long_log_and_pile(table) -> None:
    """A deal well on: many moves in the log, a pile of several rows."""
    while len(table.move_log.entries) <= 3 * LOG_PAGE:
        table.move_log.entries.extend(table.move_log.entries)
    st = table.game.state
    count = PILE_ROWS * PILE_PER_ROW + 2 * PILE_PER_ROW
    st.pile.extend(st.stock[:count])
    del st.stock[:count]
    table.relayout()
    table.animator.finish_all()  # (the pile as it lies: a card on its way is not on it yet)
    table.move_log.show_all()


def test_page_down_and_up_scroll_the_open_move_log_and_the_pile_as_the_wheel_does(monkeypatch):
    stack, table = make_table(seed=7)
    until(stack, lambda: stack.top is table and table.my_turn() and table.idle)
    _long_log_and_pile(table)
    key(stack, pygame.K_l)
    assert table.log_open
    key(stack, pygame.K_PAGEDOWN)
    assert table.log_scroll == LOG_PAGE  # older moves
    key(stack, pygame.K_PAGEDOWN)
    assert table.log_scroll == 2 * LOG_PAGE
    drawn = texts_drawn(monkeypatch, table_view)
    table.view.draw(Canvas(LOGICAL_SIZE, 1.0))
    assert any(text.endswith("the wheel or PgUp / PgDn scrolls") for text in drawn)  # the foot names the keys
    key(stack, pygame.K_PAGEUP)
    key(stack, pygame.K_PAGEUP)
    key(stack, pygame.K_PAGEUP)
    assert table.log_scroll == 0  # no further than the newest
    key(stack, pygame.K_v)
    assert table.pile_open
    last = pile_browser_last_scroll(len(table.game.state.pile))
    assert last >= 2
    key(stack, pygame.K_PAGEDOWN)
    assert table.pile_scroll == 1  # a row at a time
    for _ in range(last + 3):
        key(stack, pygame.K_PAGEDOWN)
    assert table.pile_scroll == last  # no further than the oldest row
    key(stack, pygame.K_PAGEUP)
    assert table.pile_scroll == last - 1
    key(stack, pygame.K_ESCAPE)  # (then Esc closes it, as before)
    assert not table.pile_open


def test_page_down_with_nothing_open_says_what_it_scrolls():
    stack, table = make_table(seed=7)
    tick(stack, DT)
    key(stack, pygame.K_PAGEDOWN)
    assert table.controller.message is not None
    text, _seconds, warn = table.controller.message
    assert "(L)" in text and "(V)" in text and not warn
    assert table.log_scroll == table.pile_scroll == 0


def test_the_keys_overlay_lists_page_up_and_down_for_players_and_watchers():
    assert ("PgUp PgDn", SCROLL_KEYS) in KEYS and ("PgUp PgDn", SCROLL_KEYS) in WATCH_KEYS
    stack, table = make_table(seed=5, levels=("normal", "normal", "normal", "normal"))  # watching
    until(stack, lambda: len(table.move_log.entries) > 2)
    _long_log_and_pile(table)
    key(stack, pygame.K_F1)
    assert isinstance(stack.top, KeysOverlay) and stack.top.keys == WATCH_KEYS  # a spectator's list
    key(stack, pygame.K_F1)  # (closes it)
    assert stack.top is table
    key(stack, pygame.K_v)
    key(stack, pygame.K_PAGEDOWN)
    assert table.pile_open and table.pile_scroll == 1  # a spectator's key too


def test_f1_over_the_partners_question_lists_the_keys_and_the_question_stays():
    stack, table = make_table()
    table.load_state(partner_asks())
    until(stack, lambda: isinstance(stack.top, AnswerPrompt), 5)
    prompt = stack.top
    tick(stack, 0.5)
    key(stack, pygame.K_F1)
    assert isinstance(stack.top, KeysOverlay)
    stack.draw(Canvas(LOGICAL_SIZE, 1.0))  # over the question
    key(stack, pygame.K_ESCAPE)  # any key closes it
    assert stack.top is prompt and table.state.phase is Phase.ANSWER
    key(stack, pygame.K_y)
    assert stack.top is table and table.state.this_turn.answer is True


def test_page_down_scrolls_the_log_shown_beside_the_partners_question():
    played, earlier = make_table(seed=7)
    until(played, lambda: len(earlier.move_log.entries) > 2 * LOG_PAGE)
    stack, table = make_table()
    table.load_state(partner_asks())
    until(stack, lambda: isinstance(stack.top, AnswerPrompt), 5)
    prompt = stack.top
    tick(stack, 0.5)
    table.move_log.entries[:0] = earlier.move_log.entries  # (a log long enough to scroll)
    key(stack, pygame.K_l)
    assert prompt.peeking and table.log_open
    key(stack, pygame.K_PAGEDOWN)
    assert table.log_scroll == LOG_PAGE and stack.top is prompt
    key(stack, pygame.K_PAGEUP)
    assert table.log_scroll == 0 and table.state.phase is Phase.ANSWER


def test_every_row_of_the_keys_overlay_and_its_mouse_line_fit_above_press_any_key():
    """With the Page Up / Down row the mouse's line ran into "Press any key to close"."""
    line = 15 * 1.4  # (a 15-point line, as blit_text sets it)
    for rows in (KEYS, WATCH_KEYS):
        end = KeysOverlay.PANEL.y + 62 + len(rows) * KeysOverlay.ROW
        assert end + 16 + line <= KeysOverlay.PANEL.bottom - 10 - line


def test_in_chinese_the_log_s_foot_counts_entries_and_the_pile_s_cards(monkeypatch):
    """Both panels' foot ends "↑ {n} newer" and "↓ {n} older": the log counts moves (条), the
    pile browser cards (张); one translation for both counted the log's moves in cards and,
    once changed, the pile's cards in entries (review, stop 47)."""
    from game import i18n

    stack, table = make_table(seed=7)
    until(stack, lambda: stack.top is table and table.my_turn() and table.idle)
    _long_log_and_pile(table)
    i18n.set_language("zh_CN")
    try:
        key(stack, pygame.K_l)
        key(stack, pygame.K_PAGEDOWN)  # older and newer entries both out of sight
        drawn = texts_drawn(monkeypatch, table_view)
        table.view.draw(Canvas(LOGICAL_SIZE, 1.0))
        (log_foot,) = [text for text in drawn if "↓" in text]
        key(stack, pygame.K_v)
        key(stack, pygame.K_PAGEDOWN)
        drawn.clear()
        table.view.draw(Canvas(LOGICAL_SIZE, 1.0))
        (pile_foot,) = [text for text in drawn if "↓" in text]
    finally:
        i18n.set_language("en")
    assert "↑" in log_foot and "条" in log_foot and "张" not in log_foot, log_foot
    assert "↑" in pile_foot and "张" in pile_foot and "条" not in pile_foot, pile_foot


def test_every_key_s_words_fit_the_keys_overlay_in_both_languages():
    """T's row, made longer at stop 57 ("else your pair of its top card"), ran past the
    panel's right edge at 800x450 in English: every row's words end inside the panel."""
    from game import i18n
    from game.scenes.text import text_width

    room = KeysOverlay.PANEL.right - 16 - (KeysOverlay.PANEL.x + 200 + 18)
    try:
        for language in ("en", "zh_CN"):
            i18n.set_language(language)
            for _key, action in (*KEYS, *WATCH_KEYS):
                assert text_width(i18n._(action), 17) <= room, (language, action)
    finally:
        i18n.set_language("en")
