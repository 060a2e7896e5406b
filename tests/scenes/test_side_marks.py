"""The player's side marked at its seats: the tags of the player and its partners carry a
gold dot (six-hand-2x3, six-hand: only the score panel's row said who plays with you,
play-test stop 56)."""

from __future__ import annotations

import pygame
import pytest

from game.rules import RulesConfig
from game.scenes import theme
from game.scenes.layout import LOGICAL_SIZE, Canvas, Layout
from tests.table_helpers import make_table


def _drawn(table, size=LOGICAL_SIZE) -> Canvas:
    layout = Layout(window_size=size)
    canvas = Canvas(layout.viewport.size, layout.scale)
    table.view.draw(canvas)
    return canvas


def _logical(box: pygame.Rect, scale: float) -> pygame.FRect:
    return pygame.FRect(box.x / scale, box.y / scale, box.width / scale, box.height / scale)


@pytest.mark.parametrize("size", [(800, 450), (1280, 720), (1600, 900)])
@pytest.mark.parametrize("variant", ["six-hand-2x3", "six-hand", "classic"])
def test_the_players_partners_tags_are_marked_and_no_opponents(variant, size):
    config = RulesConfig.for_variant(variant)
    _stack, table = make_table(config=config, seed=5)
    table.animator.finish_all()
    canvas = _drawn(table, size)
    view = table.view
    ours = {seat for seat in range(config.players) if config.side_of(seat) == config.side_of(table.human)}
    assert len(ours) == config.players // len(config.rules.sides) > 1  # (the rules' sides: partners there are)
    assert set(view.marked_tags) == ours
    for seat, centre in view.marked_tags.items():
        on = table.seat_on_turn == seat
        tag = view.seat_boxes[seat][0]
        assert tag.collidepoint(centre) and centre[0] < tag.centerx, (seat, centre, tag)
        assert canvas.get_at(centre)[:3] == tuple(theme.INK if on else theme.GOLD_LIGHT)[:3], seat
        assert _logical(tag, canvas.scale).width <= view.tag_room(seat) + 1, (seat, tag)


def test_the_mark_goes_with_the_side_not_the_turn(monkeypatch):
    """A partner on turn keeps its mark (dark on the gold tag); the opponents on turn have none."""
    config = RulesConfig.for_variant("six-hand-2x3")
    _stack, table = make_table(config=config, seed=5)
    table.animator.finish_all()
    ours = set(config.seats_of_side(table.human_side))
    seen = set()
    for seat in range(config.players):
        monkeypatch.setattr(type(table), "seat_on_turn", property(lambda _self, seat=seat: seat))  # (the gold tag's)
        canvas = _drawn(table)
        assert set(table.view.marked_tags) == ours
        if seat in ours:
            assert canvas.get_at(table.view.marked_tags[seat])[:3] == tuple(theme.INK)[:3]
            seen.add(seat)
    assert seen == ours


@pytest.mark.parametrize("variant", ["three-hand", "two-hand"])
def test_no_marks_without_partners(variant):
    _stack, table = make_table(config=RulesConfig.for_variant(variant), seed=5)
    _drawn(table)
    assert table.view.marked_tags == {}


def test_watching_the_bots_no_seat_is_marked():
    """A spectator has no side (as the score panel marks no row)."""
    config = RulesConfig.for_variant("six-hand-2x3")
    _stack, table = make_table(config=config, seed=5, levels=("normal",) * config.players)
    _drawn(table)
    assert table.view.marked_tags == {}
