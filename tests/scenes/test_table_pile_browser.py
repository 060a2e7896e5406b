"""The pile browser: the whole discard pile, newest first, opened by V or the pile's
button, scrolled by the wheel, never over our meld area, the hand, the stock or the pile."""

from __future__ import annotations

import pygame

from game.scenes import table_view
from game.scenes.layout import LOGICAL_SIZE
from game.scenes.table_layout import (
    HAND_RECT,
    PILE_CARD_W,
    PILE_PER_ROW,
    PILE_ROWS,
    card_h,
    pile_browser_places,
    pile_panel_rect,
    pile_rect,
    stock_rect,
)
from tests.table_helpers import click, make_table, mouse, tick


def key(stack, code) -> None:
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))


def _big_pile(table, count: int) -> None:
    st = table.game.state
    st.pile.extend(st.stock[:count])
    del st.stock[:count]
    table.relayout()
    table.animator.finish_all()  # (the pile as it lies: a card on its way is not on it yet)


def test_every_card_is_shown_newest_first_and_the_wheel_reaches_the_oldest():
    count = PILE_ROWS * PILE_PER_ROW + 2 * PILE_PER_ROW + 3  # more than one panel holds
    seen: list[int] = []
    for scroll in range(0, 10):
        places = pile_browser_places(count, scroll)
        if not places:
            break
        seen.extend(index for index, _x, _y in places)
    assert seen[0] == count - 1  # the top card first
    assert sorted(set(seen)) == list(range(count))  # every card, from some scroll
    first = pile_browser_places(count, 0)
    assert [index for index, _x, _y in first] == sorted((index for index, _x, _y in first), reverse=True)


def test_v_and_the_button_open_it_and_it_covers_nothing_it_must_not():
    stack, table = make_table(seed=4)
    _big_pile(table, 40)
    key(stack, pygame.K_v)
    assert table.pile_open
    panel = pile_panel_rect(len(table.game.state.pile))
    for rect in (table.geometry.meld_areas[table.human_side], HAND_RECT, pile_rect(), stock_rect()):
        assert not panel.colliderect(rect), rect
    assert table.pile_button.rect.colliderect(panel) is False
    for _index, x, y in pile_browser_places(len(table.game.state.pile), 0):
        card = pygame.FRect(0, 0, PILE_CARD_W, card_h(PILE_CARD_W))
        card.center = (x, y)
        assert panel.contains(card)
    surface = pygame.Surface(LOGICAL_SIZE)
    table.view.draw(surface)  # draws
    key(stack, pygame.K_v)
    assert not table.pile_open
    click(stack, table.pile_button.rect.center)  # the button under the pile
    tick(stack, 0.1)
    assert table.pile_open
    key(stack, pygame.K_l)  # the log takes its place
    assert table.log_open and not table.pile_open
    key(stack, pygame.K_v)
    assert table.pile_open and not table.log_open
    key(stack, pygame.K_ESCAPE)  # Esc closes it before anything else
    assert not table.pile_open and stack.top is table


def test_the_wheel_scrolls_a_long_pile():
    stack, table = make_table(seed=4)
    _big_pile(table, PILE_ROWS * PILE_PER_ROW + 10)
    table.toggle_pile()
    panel = pile_panel_rect(len(table.game.state.pile))
    stack.handle_event(mouse(pygame.MOUSEMOTION, panel.center))
    stack.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert table.pile_scroll == 1
    for _ in range(5):
        stack.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert table.pile_scroll == 1  # no further than the oldest row
    places = pile_browser_places(len(table.game.state.pile), table.pile_scroll)
    assert places[-1][0] == 0  # the oldest card shows
    stack.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert table.pile_scroll == 0


def test_a_pile_taken_while_the_browser_is_scrolled_shows_its_new_cards(monkeypatch):
    """Scrolled down a long pile, the browser stayed scrolled when the pile was taken: at the
    next discard it had no card to show and the table crashed drawing its foot (IndexError,
    review, stop 46). It shows the pile as it is now, from its top."""
    stack, table = make_table(seed=4)
    _big_pile(table, PILE_ROWS * PILE_PER_ROW + 10)
    table.toggle_pile()
    table.scroll_pile(5)
    assert table.pile_scroll == 1
    st = table.game.state
    st.stock.extend(st.pile[:-2])  # taken, and a card discarded onto the new pile
    del st.pile[:-2]
    table.relayout()
    table.animator.finish_all()  # (the browser lists the pile as it lies: the cards moved)
    drawn = []
    real = table_view.draw_card
    monkeypatch.setattr(
        table_view, "draw_card", lambda surface, sprite, **k: (drawn.append(sprite.card), real(surface, sprite, **k))[1]
    )
    table.view.draw(pygame.Surface(LOGICAL_SIZE))
    assert drawn[-2:] == st.pile[::-1]  # the browser's, newest first
    table.scroll_pile(-1)  # one step up the wheel: at the top at once
    assert table.pile_scroll == 0
