"""A small card's corner index drawn larger (assets.index_px), as large as the part of a
meld's card that shows holds, and a run's count at its end (play-test, stop 57: at 800x450
the ranks of the melds' cards were 4.5 pixels tall, a player laid cards on the wrong meld
twice; the Samba family's runs, stacked with a strip of each showing, had no count)."""

from __future__ import annotations

import pygame
import pytest

from game import assets
from game.rules.melds import MeldKind
from game.scenes import table_view
from game.scenes.layout import Canvas, Layout
from game.scenes.table_layout import RUN_ROW, card_h
from tests.meld_helpers import CROWDED, crowded_position
from tests.rules_helpers import position
from tests.table_helpers import make_table

INK = 150  # darker than this in every channel (or redder than the card's white): the index's ink


def ink_box(image: pygame.Surface, area: tuple[int, int, int, int]) -> pygame.Rect:
    """The bounding box of the ink (not white) in `area` of a card image."""
    box = pygame.Rect(area)
    found = [
        (x, y)
        for x in range(box.left, box.right)
        for y in range(box.top, box.bottom)
        if min(image.get_at((x, y))[:3]) < INK and image.get_at((x, y)).a > 200
    ]
    xs, ys = [x for x, _y in found], [y for _x, y in found]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def rank_box(image: pygame.Surface, rank_px: int) -> pygame.Rect:
    """The rank's ink at the top left corner (above its suit): the larger index's when
    `rank_px`, else the art's."""
    scale = image.get_width() / assets.CARD_NATIVE_SIZE[0]
    if not rank_px:
        return ink_box(image, (1, 1, round(33 * scale), round(46 * scale)))
    left, top = round(assets.INDEX_AT[0] * scale), round(assets.INDEX_AT[1] * scale)
    right = left + round(assets.INDEX_COLUMN * rank_px) + 1  # (clear of the pips beside it)
    bottom = top + round(assets.INDEX_SUIT_TOP * rank_px) - 1  # (above the suit)
    return ink_box(image, (1, 1, right - 1, bottom - 1))


def test_a_meld_card_at_800x450_draws_its_rank_ten_pixels_tall():
    """A meld's card at 800x450 is 34 pixels wide: its rank is drawn 10 pixels tall (the
    art's is 4.5), cut from the art (the card as it was, but for its corner)."""
    assert assets.index_px(34, "S9") == assets.MIN_INDEX_PX == 10
    pygame.display.init()
    large, plain = assets.card_image("S9", 0, 34, index=10), assets.card_image("S9", 0, 34)
    assert large is not plain and large.get_size() == plain.get_size()
    assert rank_box(plain, 0).height <= 5
    assert 9 <= rank_box(large, 10).height <= 11
    bottom_right = pygame.Rect(17, 24, 17, 23)  # the card's other half: as the art has it
    assert all(large.get_at(point) == plain.get_at(point) for point in _points(bottom_right))


@pytest.mark.parametrize(
    "width, stem, larger",
    [
        (81, "S9", False),  # a meld's card at 1920x1080: the art's rank is 10.8 px
        (84, "HK", False),  # a hand card at 1280x720
        (54, "HK", True),  # a meld's card at 1280x720: 7.2 px
        (52, "D10", True),  # a hand card at 800x450: 6.9 px
        (34, "B1", False),  # a back has no index
        (34, "J1", True),
    ],
)
def test_only_a_card_whose_rank_is_under_ten_pixels_gets_a_larger_one(width, stem, larger):
    index = assets.index_px(width, stem)
    assert bool(index) is larger
    if larger:
        assert index == assets.MIN_INDEX_PX or stem in assets.JOKER_STEMS
        assert index > assets.INDEX_RANK_H * width / assets.CARD_NATIVE_SIZE[0] * assets.INDEX_GROWTH_MIN


@pytest.mark.parametrize("shown_h", [8.75, 11.0, 13.75])
def test_a_column_s_card_draws_its_whole_rank_in_the_strip_that_shows(shown_h):
    """A column's card shows a strip above the next one (13.75 px at 800x450, less in a
    long column): its rank is as tall as the strip holds whole (a 9 cut at its tail read as
    a Q)."""
    pygame.display.init()
    index = assets.index_px(34, "C9", (None, shown_h))
    assert index >= 6
    box = rank_box(assets.card_image("C9", 0, 34, index=index), index)
    assert box.bottom <= shown_h - 1 + 0.5, (index, box)
    assert box.height >= index - 1


def test_a_run_s_card_draws_its_whole_rank_in_the_step_that_shows():
    pygame.display.init()
    for step in (6.9, 11.25):  # a run's step at 800x450: 11 to 18 units
        index = assets.index_px(34, "H10", (step, None))
        assert index >= 6
        box = rank_box(assets.card_image("H10", 0, 34, index=index), index)
        assert box.right <= step - 1 + 0.5, (step, index, box)


def _points(rect: pygame.Rect):
    return [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)]


def _drawn(monkeypatch, table, size) -> dict:
    """Draw the table at `size`; each card's (pixel width, what shows of it) as drawn."""
    drawn = {}
    real = table_view.draw_card

    def draw_card(surface, sprite, *args, **kwargs):
        drawn[sprite.card] = (table_view.Ruler.of(surface).px(sprite.width), kwargs.get("shown", (None, None)))
        real(surface, sprite, *args, **kwargs)

    monkeypatch.setattr(table_view, "draw_card", draw_card)
    layout = Layout(window_size=size)
    table.view.draw(Canvas(layout.viewport.size, layout.scale))
    return drawn


CLASSIC = position(
    ["C4 D4 H5"],
    melds=[
        {"A": "HA DA CA", "K": "HK DK CK SK JK", "9": "H9 D9 C9 S9 H9 D2", "7": "H7 D7 S7 C7 H7 D7 S7"},
        {"J": "HJ DJ CJ", "6": "H6 D6 C6 S6"},
    ],
    discard="S3",
    stock="C3 S3",
)


@pytest.mark.parametrize("size", [(800, 450), (1280, 720)])
def test_the_ranks_of_a_column_s_cards_are_drawn_larger_and_whole(monkeypatch, size):
    """At 800x450 (and 1280x720, where a meld's rank was 7 pixels) every card of a column
    draws its rank larger than the art's, whole in the strip of it that shows (TableLayout.shown:
    the step to the next card; the last card whole)."""
    stack, table = make_table(variant="classic", seed=5)
    table.load_state(CLASSIC)
    table.animator.finish_all()
    drawn = _drawn(monkeypatch, table, size)
    scale = size[0] / 1280
    columns = [slot for slot in table.layout.meld_slots if slot.canasta is None]
    assert len(columns) == 5
    for slot in columns:
        cards = sorted(slot.cards, key=lambda card: table.layout.placements[card].y)
        steps = [table.layout.placements[b].y - table.layout.placements[a].y for a, b in zip(cards, cards[1:])]
        for card, step in zip(cards, [*steps, None]):
            width_px, shown = drawn[card]
            assert shown[0] is None and shown[1] == pytest.approx(step)  # the view draws what the layout says shows
            index = assets.index_px(width_px, assets.card_file_stem(card.face), (None, step and step * scale))
            own = assets.INDEX_RANK_H * width_px / assets.CARD_NATIVE_SIZE[0]
            assert index >= min(1.3 * own, assets.MIN_INDEX_PX), (size, card, step)


@pytest.mark.parametrize("size", [(800, 450), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("name", ["samba", "bolivia"])
def test_every_run_shows_its_count_at_its_end_and_its_first_and_last_ranks(monkeypatch, name, size):
    """The Samba family's runs, alone or stacked a strip of each showing: each has its count
    (as the groups have theirs) at its end, in the strip of it that shows, clear of its last
    card's index; its first and last cards' ranks drawn whole there, at 800x450 larger than
    the art's."""
    stack, table = make_table(variant=CROWDED[name]["variant"], seed=5)
    table.load_state(crowded_position(name))
    table.animator.finish_all()
    drawn = _drawn(monkeypatch, table, size)
    scale = size[0] / 1280
    runs = [slot for slot in table.layout.meld_slots if slot.kind is MeldKind.SEQUENCE and not slot.closed]
    whole = {id(slot): card_h(table.layout.placements[slot.cards[0]].width) for slot in runs}
    assert len(runs) >= 5 and any(RUN_ROW <= slot.rect.height < whole[id(slot)] for slot in runs)  # some stacked
    labels = {id(slot): text for slot, text in table.view.meld_labels}
    boxes = {id(slot): box for slot, box in table.view.meld_badge_boxes if slot is not None}
    for slot in runs:
        assert labels[id(slot)] == str(slot.count) == str(len(slot.cards))
        box = boxes[id(slot)]
        badge = pygame.FRect(box.x / scale, box.y / scale, box.width / scale, box.height / scale)
        first, last = (table.layout.placements[card] for card in (slot.cards[0], slot.cards[-1]))
        assert slot.rect.top <= badge.top and badge.bottom <= slot.rect.top + RUN_ROW, (name, slot.rect, badge)
        assert badge.right <= slot.rect.right and badge.left >= last.x - last.width / 2 + 0.3 * last.width
        for card in (slot.cards[0], slot.cards[-1]):
            width_px, shown = drawn[card]
            assert shown == table.layout.shown.get(card, (None, None))
            index = assets.index_px(width_px, assets.card_file_stem(card.face), tuple(p and p * scale for p in shown))
            own = assets.INDEX_RANK_H * width_px / assets.CARD_NATIVE_SIZE[0]
            if size == (800, 450):
                assert index >= max(6, 1.3 * own), (name, card, shown)
            visible_h = shown[1] if shown[1] is not None else card_h(first.width)
            assert visible_h >= RUN_ROW  # the index's rank and suit show (the strip is as tall as they)


def test_a_run_alone_shows_its_count_at_its_end_too():
    state = position(["C3"], melds=[[], ["H5 H6 H7 H8"]], variant="samba", discard="S3", stock="C3 S3")
    stack, table = make_table(variant="samba", seed=5)
    table.load_state(state)
    table.animator.finish_all()
    table.view.draw(Canvas((1280, 720), 1.0))
    ((slot, text),) = table.view.meld_labels
    ((_slot, box),) = table.view.meld_badge_boxes
    assert text == "4" and slot.rect.height > RUN_ROW  # whole, not stacked
    assert slot.rect.top <= box.top and box.bottom <= slot.rect.top + RUN_ROW and box.right <= slot.rect.right


def test_the_deal_review_draws_small_cards_with_the_larger_index_as_the_table_does():
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    small, shown = 34, (12, None)
    assert assets.index_px(small, "S8") > 0
    assert assets.readable_card("S8", 0, small) is assets.card_image("S8", 0, small, assets.index_px(small, "S8"))
    fanned = assets.readable_card("S8", 0, small, shown)
    assert fanned is assets.card_image("S8", 0, small, assets.index_px(small, "S8", shown))
    assert assets.readable_card("S8", 0, 240) is assets.card_image("S8", 0, 240)  # full size: the art's own
