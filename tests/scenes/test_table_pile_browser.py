"""The pile browser: the whole discard pile, newest first, opened by V or the pile's
button, scrolled by the wheel, never over our meld area, the hand, the stock or the pile."""

from __future__ import annotations

import pygame
import pytest

from game.scenes import table_view
from game.scenes.layout import LOGICAL_SIZE, Canvas
from game.scenes.table_layout import (
    HAND_RECT,
    PILE_CARD_W,
    PILE_PER_ROW,
    PILE_ROWS,
    card_h,
    pile_browser_fit,
    pile_browser_places,
    pile_browser_rows,
    pile_card_shown,
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


@pytest.mark.parametrize("size", [(800, 450), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("variant", ["classic", "six-hand"])
def test_the_open_browser_says_the_seat_it_lies_over(monkeypatch, variant, size):
    """The browser takes the move log's place, over East's (six-hand: the block at the top
    right): its tag, with the cards it holds, was hidden and nothing said it. Under the
    heading each seat it lies over is said on one line, as the open log says it; the cards
    follow below the line, every row inside the panel, which keeps to the log's place and,
    as the log, ends above what it would cut (six-hand: it lay over "BLOCKED: black three"
    and South-east's tag; its rows closer, two of them or more)."""
    from game.scenes.layout import Layout, Ruler
    from game.scenes.table_layout import PILE_PANEL
    from tests.table_helpers import blits_drawn

    stack, table = make_table(variant=variant, seed=5)
    _big_pile(table, PILE_ROWS * PILE_PER_ROW + 4)  # (more than the panel shows: every row)
    key(stack, pygame.K_v)
    assert table.pile_open
    layout = Layout(window_size=size)
    drawn = blits_drawn(monkeypatch, table_view)
    cards = []
    real = table_view.draw_card
    monkeypatch.setattr(
        table_view, "draw_card", lambda surface, sprite, **k: (cards.append(sprite), real(surface, sprite, **k))[1]
    )
    table.view.draw(Canvas(layout.viewport.size, layout.scale))
    panel = table.pile_place()
    assert PILE_PANEL.contains(panel)
    (seat,) = table.view.covered_seats(panel)
    assert table.geometry.spot(seat) == ("E" if variant == "classic" else "NE")
    line = table.view.covered_seat_texts[seat]
    tag = table.view.seat_tag(seat)
    assert line.startswith(tag) and tag.endswith(str(len(table.game.state.hands[seat])))
    ruler = Ruler(layout.scale)
    (box,) = [ruler.logical(b) for text, b in drawn if text == line]
    assert panel.contains(box)
    fit = table.view.pile_fit()
    assert fit.rows == PILE_ROWS if variant == "classic" else fit.rows >= 2  # (six-hand: above South-east's tag)
    shown = cards[-fit.rows * PILE_PER_ROW :]  # the browser's, drawn last
    assert [s.card for s in shown] == table.game.state.pile[::-1][: len(shown)]
    for sprite in shown:
        face = pygame.FRect(0, 0, sprite.width, card_h(sprite.width))
        face.center = (sprite.x, sprite.y)
        assert panel.contains(face) and face.top >= box.bottom + 4
    # Nothing cut: the pile's states (FROZEN, BLOCKED ...), the other seats' tags.
    for rect in table.view._pile_state_rects + table.view._tag_places():
        assert not panel.colliderect(rect) or panel.contains(rect), rect
    key(stack, pygame.K_v)  # closed: the tag is on the table again, nothing said for it
    table.view.draw(Canvas(layout.viewport.size, layout.scale))
    assert not table.pile_open and table.view.covered_seat_texts == {}


def test_a_short_pile_keeps_clear_of_easts_tag_and_says_no_seat():
    """One row of cards: the browser ends above East's tag, which shows; no seat's line."""
    stack, table = make_table(seed=5)
    key(stack, pygame.K_v)
    table.view.draw(pygame.Surface(LOGICAL_SIZE))
    panel = table.pile_place()
    assert table.view.covered_seats(panel) == [] and table.view.covered_seat_texts == {}
    assert panel == pile_panel_rect(len(table.seen_pile))


def test_with_fewer_rows_the_wheel_still_reaches_the_oldest_card():
    """Six-hand at 800x450: the browser shows two rows (above South-east's tag); the wheel
    scrolls as far as its own rows leave the oldest card in view, and no further."""
    from game.scenes.layout import Layout

    stack, table = make_table(variant="six-hand", seed=5)
    _big_pile(table, 40)
    key(stack, pygame.K_v)
    layout = Layout(window_size=(800, 450))
    table.view.draw(Canvas(layout.viewport.size, layout.scale))
    fit = table.view.pile_fit()
    assert fit.rows == 2
    for _ in range(10):
        table.scroll_pile(1)
    count = len(table.seen_pile)
    assert table.pile_scroll == pile_browser_rows(count) - 2
    places = pile_browser_places(count, table.pile_scroll, len(fit.seats), fit.bottom, fit.strip)
    assert places[-1][0] == 0 and all(fit.rect.collidepoint(x, y) for _i, x, y in places)


def _hf_pile(table, faces: str) -> None:
    """Hand and Foot's pile set to `faces` (oldest first), the cards taken from the stock."""
    st = table.game.state
    st.stock.extend(st.pile)
    st.pile.clear()
    for face in faces.split():
        card = next(c for c in st.stock if c.face == face)
        st.stock.remove(card)
        st.pile.append(card)
    table.relayout()
    table.animator.finish_all()


PILE_13 = "C4 D5 H6 S7 C8 D9 H10 SJ CQ DK HA S4 C5"


def test_hand_and_foot_frames_the_seven_cards_a_take_brings_and_says_the_count():
    """V-HF-TAKE: a take brings the top card and the next six; the rest stays. The browser
    listed the whole pile with no sign of which cards a take would bring (play-test, stop
    60): a frame round those seven, ending where the next card begins, and a line under the
    heading saying how many come and how many stay."""
    stack, table = make_table(variant="hand-and-foot", seed=5)
    _hf_pile(table, PILE_13)
    key(stack, pygame.K_v)
    surface = pygame.Surface(LOGICAL_SIZE)
    table.view.draw(surface)
    view, pile = table.view, table.seen_pile
    assert len(pile) == 13 and view.pile_take_text == "A take brings the 7 framed cards; 6 stay."
    assert view.pile_take_marked == list(range(12, 5, -1))  # the top card and the six under it
    frames = view.pile_take_marks  # (a rectangle for each height of the part of them in sight)
    fit = view.pile_fit()
    places = pile_browser_places(len(pile), 0, fit.lines, fit.bottom, fit.strip)
    grid = pile_browser_fit(len(pile), fit.lines, fit.bottom, fit.strip)
    assert grid.rows == 2  # (the 13th card a row below: the row's first cards show a strip)
    strip = {}  # each card's part in sight
    for at, (index, x, y) in enumerate(places):
        width, height = pile_card_shown(at, len(places), grid)
        box = pygame.FRect(0, 0, width or grid.card_w, height or card_h(grid.card_w))
        box.topleft = (x - grid.card_w / 2, y - card_h(grid.card_w) / 2)
        strip[index] = box
    for index in view.pile_take_marked:
        assert any(frame.contains(strip[index]) for frame in frames), index  # each framed card's visible part
    assert max(frame.right for frame in frames) <= strip[5].left + 0.5  # the first card that stays is left outside
    assert all(fit.rect.contains(frame) for frame in frames)
    # Drawn: the frame's colour on its left edge, the panel's cream above the card that stays.
    edge = pygame.Vector2(frames[0].left + 1, strip[12].centery)
    assert surface.get_at((round(edge.x), round(edge.y)))[:3] == tuple(table_view.TAKE_FRAME)[:3]
    above = surface.get_at((round(strip[5].centerx), round(frames[0].top + 1)))[:3]
    assert above != tuple(table_view.TAKE_FRAME)[:3]
    # The frame runs round the strips of the cards the row below lies over and down the whole of
    # the others: none of it crosses a card's index, in its top left corner.
    for index, box in strip.items():
        corner = pygame.Vector2(box.left + 6, box.top + 12)
        assert surface.get_at((round(corner.x), round(corner.y)))[:3] != tuple(table_view.TAKE_FRAME)[:3], index


@pytest.mark.parametrize(
    ("faces", "said", "framed"),
    [
        ("C4 D5 H6 S7 C8", "A take brings all 5 cards.", 5),
        ("C4 D5 H6 S7 C8 D9 H10 SJ", "A take brings the 7 framed cards; 1 stays.", 7),
        ("C4 D5", "A take brings both cards.", 2),
        ("C4", None, 0),
        ("C4 D5 H6 S7 C8 D9 H10 SJ JK", "The card on top blocks the pile: nobody may take it.", 0),
        ("C4 D5 H6 S7 C8 D9 H10 SJ S3", "The card on top blocks the pile: nobody may take it.", 0),
    ],
)
def test_hand_and_foot_s_take_line_for_short_and_blocked_piles(faces, said, framed):
    stack, table = make_table(variant="hand-and-foot", seed=5)
    _hf_pile(table, faces)
    key(stack, pygame.K_v)
    table.view.draw(pygame.Surface(LOGICAL_SIZE))
    assert table.view.pile_take_text == said
    assert len(table.view.pile_take_marked) == framed


def test_the_take_line_in_chinese_and_none_where_a_take_brings_the_whole_pile():
    from game import i18n

    i18n.set_language("zh_CN")
    try:
        stack, table = make_table(variant="hand-and-foot", seed=5)
        _hf_pile(table, PILE_13)
        key(stack, pygame.K_v)
        table.view.draw(pygame.Surface(LOGICAL_SIZE))
        assert table.view.pile_take_text == "拿取弃牌堆会拿走框出的 7 张牌，其余 6 张留下。"
    finally:
        i18n.set_language("en")
    for variant in ("classic", "samba"):
        stack, table = make_table(variant=variant, seed=5)
        _big_pile(table, 13)
        key(stack, pygame.K_v)
        table.view.draw(pygame.Surface(LOGICAL_SIZE))
        assert table.view.pile_take_text is None and table.view.pile_take_marks == []
        fit = table.view.pile_fit()
        assert fit.lines == len(fit.seats)  # (no line for it: the rows as before)


SIZES = [(800, 450), (1280, 720), (1920, 1080)]


def _browser_drawn(monkeypatch, stack, table, size):
    """The browser open at the window `size`: the cards it drew (sprites, with what of each
    shows), the layout's scale."""
    from game.scenes.layout import Layout

    key(stack, pygame.K_v)
    layout = Layout(window_size=size)
    drawn: list = []
    real = table_view.draw_card
    monkeypatch.setattr(
        table_view,
        "draw_card",
        lambda surface, sprite, **k: (drawn.append((sprite, k.get("shown", (None, None)))), real(surface, sprite, **k))[
            1
        ],
    )
    table.view.draw(Canvas(layout.viewport.size, layout.scale))
    fit = table.view.pile_fit()
    count = len(pile_browser_places(len(table.seen_pile), 0, fit.lines, fit.bottom, fit.strip))
    return drawn[-count:], layout.scale


@pytest.mark.parametrize("size", SIZES)
def test_hand_and_foot_s_big_pile_wraps_onto_rows_each_card_s_index_in_sight(monkeypatch, size):
    """Hand and Foot's browser has a line more (what a take brings) and ends above the note
    by the pile ("you cannot take it: …"): it showed one row of a 34-card pile, the rest
    scrolled away, at every window size. It wraps onto two rows or more, smaller cards where
    that makes a row more, each row as far below the one before as shows every card's
    index (its rank over its suit, as large as drawn at that size) above the next row."""
    from game import assets

    stack, table = make_table(variant="hand-and-foot", seed=5)
    _big_pile(table, 34)
    shown, scale = _browser_drawn(monkeypatch, stack, table, size)
    fit = table.view.pile_fit()
    assert table.view.pile_take_text is not None and fit.lines == 2  # (East's line and the take's)
    assert fit.rows >= 2 and len(shown) >= 2 * PILE_PER_ROW
    assert [sprite.card for sprite, _shown in shown] == table.seen_pile[::-1][: len(shown)]
    rows = sorted({sprite.y for sprite, _shown in shown})
    assert len(rows) == fit.rows
    for sprite, (_w, height) in shown:
        face = pygame.FRect(0, 0, sprite.width, card_h(sprite.width))
        face.center = (sprite.x, sprite.y)
        assert fit.rect.contains(face)
        assert sprite.width >= table_view.PILE_CARD_W_MIN
        index_px = assets.index_corner(round(sprite.width * scale), "S10")[1]
        below = [y for y in rows if y > sprite.y]
        if below:  # the row below lies over it from there: its index shows whole above
            assert (below[0] - sprite.y) * scale >= index_px
            assert height is not None and height * scale >= index_px  # (drawn for the strip in sight)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", ["classic", "five-hand", "six-hand", "samba", "bolivia", "hand-and-foot"])
def test_a_pile_longer_than_a_row_wraps_in_every_variant(monkeypatch, variant, size):
    """Every variant's browser shows a pile longer than a row on two rows or more, each
    card's index above the next row (six-hand's rows at 36 units cut the suits at 800x450)."""
    from game import assets

    stack, table = make_table(variant=variant, seed=5)
    _big_pile(table, 3 * PILE_PER_ROW)
    shown, scale = _browser_drawn(monkeypatch, stack, table, size)
    rows = sorted({sprite.y for sprite, _shown in shown})
    assert len(rows) >= 2
    width = shown[0][0].width
    index_px = assets.index_corner(round(width * scale), "S10")[1]
    assert all((lower - upper) * scale >= index_px for upper, lower in zip(rows, rows[1:]))


def test_the_strip_for_a_caller_that_knows_no_window_is_1280x720_s():
    assert table_view.pile_strip(1.0) == table_view.PILE_STRIP
    assert table_view.pile_strip(0.625) > table_view.pile_strip(1.0) > table_view.pile_strip(1.5)
