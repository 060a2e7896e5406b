"""The Samba family's runs use the room of their side's meld area (play-test, stop 60: the
others' runs lay three a stack, a strip of each showing, beside half of their area left
empty): a stack holds as few runs as let the row fit, they spread down the area's height,
and no meld, card or count lies over another meld or outside its area."""

from __future__ import annotations

import pygame
import pytest

from game.rules.melds import MeldKind
from game.scenes.layout import Canvas, Layout
from game.scenes.meld_row import ROW_GAP, RUN_STEP, stack_sizes, stack_step
from game.scenes.table_layout import RUN_ROW, TableGeometry, TableLayout, card_h
from tests.meld_helpers import group, run
from tests.rules_helpers import position
from tests.table_helpers import make_table

# A side late in a deal: two groups, a samba, eight open runs of three to six cards.
RUNS = [run("C", 4, 6), run("C", 10, 5), run("D", 4, 4), run("D", 10, 5)]
RUNS += [run("H", 5, 4), run("H", 9, 5), run("S", 7, 3), run("S", 10, 4)]
MELDS = [group("K", 3), group("Q", 3), run("D", 5, 7), *RUNS]
# Fewer: a canasta of aces, a wild meld (Bolivia), a samba and five runs.
FEWER = ["HA DA CA SA HA DA JK", "JK C2 D2", run("S", 4, 7), run("C", 5, 6), run("H", 9, 6)]
FEWER += [run("D", 6, 4), run("S", 9, 5), run("H", 4, 3)]


def _table(side: int, melds: list[str], variant: str = "samba", card_size: str = "normal"):
    sides = [[group("9", 3)], [group("9", 3, start=1)]]
    sides[side] = melds
    stack, table = make_table(variant=variant, seed=5)
    table.load_state(position(["C3"], melds=sides, variant=variant, discard="S3", stock="C3 S3"))
    table._set_card_size(card_size)
    table.animator.finish_all()
    return table


def _runs(layout: TableLayout, side: int):
    return [s for s in layout.meld_slots if s.side == side and s.kind is MeldKind.SEQUENCE and not s.closed]


def _card_rect(layout: TableLayout, card) -> pygame.FRect:
    place = layout.placements[card]
    return pygame.FRect(place.x - place.width / 2, place.y - card_h(place.width) / 2, place.width, card_h(place.width))


def _stack_depth(runs) -> int:
    return max(sum(1 for other in runs if other.rect.x == slot.rect.x) for slot in runs)


def test_runs_stack_as_evenly_as_they_can_and_spread_down_the_room_there_is():
    assert stack_sizes(7, 3) == [3, 2, 2] and stack_sizes(4, 3) == [2, 2] and stack_sizes(8, 1) == [1] * 8
    assert stack_sizes(0, 3) == [] and sum(stack_sizes(11, 4)) == 11
    card = card_h(54)
    assert stack_step(160, card, 2, RUN_ROW) == card + ROW_GAP  # two whole runs, one above the other
    steps = [stack_step(height, card, 3, RUN_ROW) for height in range(100, 260, 10)]
    assert steps == sorted(steps) and steps[0] == RUN_ROW and steps[-1] == card + ROW_GAP  # grows with room


@pytest.mark.parametrize("side", [1, 0])
def test_runs_lie_whole_while_their_area_has_room(side):
    """Eight runs beside two groups and a samba: two a stack, one above the other, whole, at
    the usual step; the row no longer ends half way across the area."""
    table = _table(side, MELDS)
    layout = table.layout
    runs = _runs(layout, side)
    assert len(runs) == 8 and _stack_depth(runs) == 2
    for slot in runs:
        first = layout.placements[slot.cards[0]]
        assert first.width == table.geometry.meld_w and slot.rect.height == pytest.approx(card_h(first.width)), (
            slot.rect
        )
        assert layout.placements[slot.cards[1]].x - first.x == RUN_STEP
        assert all(card not in layout.shown or layout.shown[card][1] is None for card in slot.cards)


@pytest.mark.parametrize("size", [(800, 450), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("card_size", ["normal", "large"])
@pytest.mark.parametrize("case", ["many-theirs", "many-ours", "fewer-theirs", "fewer-ours"])
def test_no_meld_lies_over_another_or_outside_its_area(case, card_size, size):
    """Every meld's rect apart from every other's and inside its side's area; each card inside
    it and over no other meld (a stack's lower run over the upper one's cards below its strip
    alone); every count and kind clear of the other melds and of the areas' tabs."""
    side = 1 if case.endswith("theirs") else 0
    variant = "bolivia" if case.startswith("fewer") else "samba"
    table = _table(side, MELDS if case.startswith("many") else FEWER, variant, card_size)
    layout, geometry = table.layout, table.geometry
    slots = layout.meld_slots
    for slot in slots:
        area = geometry.meld_areas[slot.side]
        assert area.contains(slot.rect), (slot.side, slot.rect, area)
        for other in slots:
            if other is not slot:
                assert not slot.rect.colliderect(other.rect), (slot.rect, other.rect)
        for card in slot.cards:
            rect = _card_rect(layout, card)
            assert area.inflate(2, 2).contains(rect), (card.face, rect, area)
            for other in slots:
                under = other.kind is slot.kind is MeldKind.SEQUENCE and other.rect.x == slot.rect.x
                if other is not slot and not (under and other.rect.y > slot.rect.y):
                    assert not rect.inflate(-1, -1).colliderect(other.rect), (card.face, other.rect)
    layout_ = Layout(window_size=size)
    table.view.draw(Canvas(layout_.viewport.size, layout_.scale))
    scale = layout_.scale
    cards = [_card_rect(layout, card) for slot in slots for card in slot.cards]
    for tab in table.view.zone_label_boxes.values():
        logical = pygame.FRect(tab.x / scale, tab.y / scale, tab.width / scale, tab.height / scale)
        assert logical.collidelist(cards) == -1, logical
    for owner, box in table.view.meld_badge_boxes:
        logical = pygame.FRect(box.x / scale, box.y / scale, box.width / scale, box.height / scale)
        for other in slots:
            if other is not owner:
                assert not logical.colliderect(other.rect), (logical, other.rect)


@pytest.mark.parametrize("card_size", ["normal", "large"])
@pytest.mark.parametrize("side", [1, 0])
def test_runs_spread_out_as_their_area_widens(side, card_size):
    """As the area grows wider the runs never stack deeper nor their cards shrink, a run's
    cards spread further apart while neither changes, and with the whole area every run lies
    at the usual step."""
    table = _table(side, MELDS, card_size=card_size)
    state = table.game.state
    seen = []
    for width in range(400, 900, 20):
        geometry = TableGeometry.for_table(table.config, 0, card_size)
        area = geometry.meld_areas[side]
        if width >= area.width:
            break
        area.width = width
        layout = TableLayout(geometry, state, table.ui, table.human)
        runs = _runs(layout, side)
        first = layout.placements[runs[0].cards[0]]
        steps = {layout.placements[s.cards[1]].x - layout.placements[s.cards[0]].x for s in runs}
        seen.append((first.width, -_stack_depth(runs), min(steps)))
    assert len(seen) >= 15
    for (width, depth, step), (wider, shallower, spread) in zip(seen, seen[1:]):
        assert wider >= width and shallower >= depth
        if (wider, shallower) == (width, depth):
            assert spread >= step - 1e-6
    full = table.layout
    assert {full.placements[s.cards[1]].x - full.placements[s.cards[0]].x for s in _runs(full, side)} == {RUN_STEP}
    whole = _runs(full, side)
    assert _stack_depth(whole) == 2 < -seen[0][1]  # two a stack with the whole area, deeper in the narrowest
    assert min(slot.rect.height for slot in whole) > RUN_ROW + 20  # spread down the area: more than a strip shows


@pytest.mark.parametrize("card_size", ["normal", "large"])
@pytest.mark.parametrize("melds", ["many", "fewer"])
def test_a_point_on_a_stacked_run_aims_at_that_run(melds, card_size):
    """Each run of a stack is its own target to its strip's (or its card's) bottom: the margin
    around the run under it no longer takes the bottom of the strip."""
    variant = "samba" if melds == "many" else "bolivia"
    table = _table(0, MELDS if melds == "many" else FEWER, variant, card_size)
    layout = table.layout
    for slot in _runs(layout, 0):
        for y in (slot.rect.top + 2, slot.rect.centery, slot.rect.bottom - 2):
            assert layout.meld_slot_at((slot.rect.centerx, y), 0) is slot, (slot.rect, y)
