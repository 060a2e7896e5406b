"""What the table keeps apart at every window size: the raised hand and our melds' counts,
the stock and its count (play-test, stop 54)."""

from __future__ import annotations

import math

import pygame
import pytest

from game.rules.variants import APP_VARIANT_IDS
from game.scenes.layout import Canvas, Layout
from game.scenes.table_layout import HAND_RECT, card_h, pile_rect, stock_rect
from tests.meld_helpers import RANKS, group
from tests.rules_helpers import position
from tests.table_helpers import make_table

SIZES = [(800, 450), (1280, 720), (1600, 900)]


def _logical(box: pygame.Rect, scale: float) -> pygame.FRect:
    """A drawn box in logical units (its anti-aliased edge pixel left out)."""
    return pygame.FRect(box.x / scale, box.y / scale, box.width / scale, box.height / scale).inflate(-2, -2)


def _draw(table, size) -> float:
    layout = Layout(window_size=size)
    table.view.draw(Canvas(layout.viewport.size, layout.scale))
    return layout.scale


# Our side's tallest columns (six cards: the count under the column's foot is at its lowest),
# a canasta, red threes; in the Samba family a list of the same.
OURS = {
    "classic": {"K": "SK HK DK CK SK D2", "Q": "SQ HQ DQ CQ S2 JK", "9": "S9 H9 D9 C9 S9 H9 D9", "5": "S5 H5 D5"},
    "samba": ["SK HK DK CK SK HK", "SQ HQ DQ CQ SQ HQ", "S9 S10 SJ", "H4 H5 H6 H7 H8 H9"],
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("card_size", ["normal", "large"])
@pytest.mark.parametrize("variant", list(OURS))
def test_raised_hand_cards_leave_our_meld_counts_in_sight(variant, card_size, size):
    """With Large cards the cards the player selects rose over the counts of the melds just
    above the hand: every count of our melds lies above the raised cards' top edge."""
    hand = "C3 C4 C5 C6 C7 C8 C10 CJ CQ CK CA S3 S4"
    state = position([hand], melds=[OURS[variant], [] if variant == "samba" else {}], variant=variant, phase="meld")
    stack, table = make_table(variant=variant, seed=5)
    table.load_state(state)
    table._set_card_size(card_size)
    table.ui.selected = set(state.hands[table.human])
    table.relayout()
    table.animator.finish_all()
    scale = _draw(table, size)
    raised = [table.layout.placements[card].rect() for card in state.hands[table.human]]
    top = min(rect.top for rect in raised)
    ours = [
        _logical(box, scale)
        for slot, box in table.view.meld_badge_boxes
        if slot is not None and slot.side == table.human_side
    ]
    assert len(ours) == len(OURS[variant])  # (a run's count too, at its end)
    for box in ours:
        assert box.bottom < top, (box, top)
    for slot in table.layout.meld_slots:  # the columns themselves end above the raised cards too
        if slot.side == table.human_side and slot.badge:
            assert slot.rect.bottom < top, (slot.rect, top)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", APP_VARIANT_IDS)
def test_the_stock_count_keeps_clear_of_the_full_slanted_stock(variant, size):
    """The stock's slanted stack touched its "Stock N" label by about a pixel: the label
    lies a few units under the full stack's lowest edge, and above our meld area."""
    stack, table = make_table(variant=variant, seed=3)
    table.animator.finish_all()
    scale = _draw(table, size)
    label = table.view.stock_label_box
    assert label is not None
    stock = [table.layout.placements[card].rect() for card in table.game.state.stock]
    bottom = max(rect.bottom for rect in stock)
    drawn = pygame.FRect(label.x / scale, label.y / scale, label.width / scale, label.height / scale)
    assert label.top - math.ceil(bottom * scale) >= 2, (label, bottom)  # two clear pixels at least
    if scale >= 1:
        assert drawn.top - bottom >= 2.5, (drawn, bottom)
    assert drawn.bottom <= table.geometry.meld_areas[table.human_side].top, drawn
    assert bottom <= 322 + card_h(74) / 2 + 4


@pytest.mark.parametrize("size", [(800, 450), (1280, 720)])
@pytest.mark.parametrize("variant", ["six-hand", "five-hand", "classic", "hand-and-foot"])
def test_the_open_move_log_covers_nothing_essential_and_cuts_nothing(variant, size):
    """With the log open (six-hand at 1280x720 and 800x450 were crowded): the hand, the
    stock and the pile with their states, our melds and the buttons stay in sight; a seat's
    tag or last action lies wholly under the log or wholly clear of it, and so does a meld
    area's tab."""
    stack, table = make_table(variant=variant, seed=5)
    table.animator.finish_all()
    st = table.game.state
    three = next(card for hand in st.hands[1:] for card in hand if card.is_black_three)
    for hand in st.hands:
        if three in hand:
            hand.remove(three)
    st.pile.append(three)  # (BLOCKED: black three, the widest of the pile's states)
    table.relayout()
    table.animator.finish_all()
    table.log_open = True
    scale = _draw(table, size)
    view = table.view
    log = view.log_rect
    assert log is not None and view._pile_state_rects
    essential = [HAND_RECT, stock_rect(table.config.rules.packs), pile_rect(), *view._pile_state_rects]
    essential.append(table.geometry.meld_areas[table.human_side].inflate(12, 8))
    essential += [pygame.FRect(button.rect) for button in table.buttons.widgets if button.visible]
    for rect in essential:
        assert not log.colliderect(rect), (rect, log)
    drawn = [box for boxes in view.seat_boxes.values() for box in boxes] + list(view.zone_label_boxes.values())
    for box in drawn:
        place = _logical(box, scale)
        assert log.contains(place) or not log.colliderect(place), (place, log)
    assert log.height >= 190  # six entries still show


LONG_NAMES = [
    "张伟李娜王芳刘洋陈静杨帆赵磊黄敏",
    "周杰吴明徐丽孙强马超朱琳胡军郭敏",
    "林峰何雪高远罗平梁爽宋佳郑伟谢婷",
]


@pytest.mark.parametrize("size", [(800, 450), (1280, 720)])
@pytest.mark.parametrize("variant", ["classic", "five-hand", "six-hand"])
def test_a_long_chinese_name_is_cut_cleanly_on_its_seat_tag(variant, size):
    """Pass-and-play with 16-character Chinese names: each seat's tag keeps to its place
    (the bottom one left of the hand, a block's in its column, none over another), its
    name cut short with "…" and its card count kept; a sitting-out seat's order
    of play stays inside the window too."""
    from game import i18n
    from game.rules import RulesConfig

    i18n.set_language("zh_CN")
    try:
        config = RulesConfig.for_variant(variant)
        people = (0, 1, 2)
        levels = [None if seat in people else "normal" for seat in range(config.players)]
        names = [*LONG_NAMES, "", "", ""][: config.players]
        stack, table = make_table(config=config, seed=5, levels=levels, person_names=names)
        table.animator.finish_all()
        scale = _draw(table, size)
        view = table.view
        tags = {seat: _logical(boxes[0], scale) for seat, boxes in view.seat_boxes.items()}
        assert len(tags) == config.players
        for seat, tag in tags.items():
            assert tag.width <= view.tag_room(seat) + 1, (seat, tag)
            assert 0 <= tag.left and tag.right <= 1280, (seat, tag)
            name = table.seat_name(seat)
            text, _size = view.fitted_tag(seat)
            assert text.startswith(name) or "…" in text and text.startswith(name[:4]), text  # (whole, or cut)
            if table.game.state.out != seat:
                assert text.endswith(f" · {len(table.game.state.hands[seat])}"), text
            for other, box in tags.items():
                assert other == seat or not tag.colliderect(box), (seat, other, tag, box)
            for box in view.zone_label_boxes.values():
                assert not tag.colliderect(_logical(box, scale)), (seat, tag)
        bottom = tags[table.human]
        assert bottom.right <= HAND_RECT.x, bottom
        for seat, boxes in view.seat_boxes.items():  # (a sitting-out seat's order of play too)
            for box in boxes:
                assert 0 <= box.left and box.right <= round(1280 * scale), (seat, box)
        assert any("…" in view.fitted_tag(seat)[0] for seat in tags)
    finally:
        i18n.set_language("en")


def _eleven(start: int = 0) -> dict[str, str]:
    return {rank: group(rank, 3, start=start) for rank in RANKS}


# The opponents at the top right with many melds: six-hand's right half (side 2, seen from
# seat 0) with six, six-hand-2x3's and classic's whole top with eleven.
TOP_RIGHT = {
    "six-hand": [{"4": "H4 D4 C4"}, {}, {rank: group(rank, 3, start=2) for rank in ["9", "10", "J", "Q", "K", "A"]}],
    "six-hand-2x3": [{"4": "H4 D4 C4"}, _eleven(2)],
    "classic": [{"4": "H4 D4 C4"}, _eleven(2)],
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", list(TOP_RIGHT))
def test_the_open_move_log_hides_none_of_the_opponents_melds(variant, size):
    """With three sides the open log lay over the right end of the top-right opponents' meld
    area: a fifth meld there was hidden while it was open (classic's tenth and eleventh too).
    While the log is open the others' meld areas end short of it: every card, count and tab
    of theirs lies clear of the log as drawn; closed, the areas spread out again."""
    melds = TOP_RIGHT[variant]
    state = position(["S5 S6 S7 S8"], melds=melds, variant=variant, phase="meld")
    stack, table = make_table(variant=variant, seed=5)
    table.load_state(state)
    areas = {side: pygame.FRect(area) for side, area in table.geometry.meld_areas.items()}
    table.toggle_log()
    table.animator.finish_all()
    scale = _draw(table, size)
    log = table.view.log_rect
    assert log is not None
    theirs = [side for side in range(table.config.sides) if side != table.human_side]
    cards = [card for side in theirs for meld in table.game.state.side_melds(side) for card in meld.cards]
    assert len(cards) == sum(3 * len(melds[side]) for side in theirs)
    for card in cards:
        assert not log.colliderect(table.layout.placements[card].rect()), (card, log)
    badges = [box for slot, box in table.view.meld_badge_boxes if slot is not None and slot.side in theirs]
    assert len(badges) == sum(len(melds[side]) for side in theirs)
    for box in badges:
        assert not log.colliderect(_logical(box, scale)), (box, log)
    for side in theirs:
        if melds[side]:  # its tab names it, in sight
            assert side in table.view.zone_label_boxes
            assert not log.colliderect(_logical(table.view.zone_label_boxes[side], scale))
        assert not log.colliderect(table.geometry.meld_areas[side])
    assert table.geometry.meld_areas[table.human_side] == areas[table.human_side]  # ours as it was
    table.toggle_log()
    table.animator.finish_all()
    assert table.geometry.meld_areas == areas  # closed: the whole top again
    far = max(table.layout.placements[card].rect().right for card in cards)
    assert far > log.left  # (the melds spread out again, under where the log was)
    table.toggle_pile()  # the pile browser, in the log's place: the same
    assert all(table.geometry.meld_areas[side].right < log.left for side in theirs)
    table.toggle_pile()
    assert table.geometry.meld_areas == areas


def test_a_seat_below_the_log_as_drawn_is_not_taken_for_one_under_it():
    """The log is drawn shorter than its full panel above the pile's states and the seats'
    tags (log_panel_rect): a seat's tag and last action below its drawn foot are in sight,
    not under it (the check asked the full panel, LOG_PANEL)."""
    from game.scenes.layout import Ruler
    from game.scenes.table_layout import LOG_PANEL

    stack, table = make_table(variant="six-hand", seed=5)
    table.animator.finish_all()
    table.log_open = True
    view = table.view
    ruler = Ruler()
    view.log_rect = pygame.FRect(LOG_PANEL.x, LOG_PANEL.y, LOG_PANEL.width, 200)  # drawn to y 256
    below = pygame.Rect(1100, 330, 120, 24)  # its lines above from y 286: clear of the log as drawn
    assert LOG_PANEL.colliderect(pygame.FRect(below).union(pygame.FRect(below).move(0, -44)))
    assert not view._under_panel(ruler, below)
    assert view._under_panel(ruler, pygame.Rect(1100, 240, 120, 24))  # (one at its foot is)
    table.log_open = False
    assert not view._under_panel(ruler, pygame.Rect(1100, 240, 120, 24))
