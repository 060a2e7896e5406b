"""The table's still layer (felt, zones, stock, pile, the other seats' fans, the melds) is
drawn once and kept: it is rebuilt exactly when what it shows changes, and the table drawn
with it looks the same as one drawn by a view that has never cached anything."""

from __future__ import annotations

import pygame

from game import assets
from game.rules import MoveKind
from game.scenes.layout import Canvas
from game.scenes.table_view import TableView
from tests.table_helpers import make_table, position, tick

SCREEN = (1280, 720)
HANDS = ["HA CA SA HK SK DK C5 D5 H5 H7 S9 D9", "C4 C6 C8 D8", "C7 C8 S4", "C9 C10 H9 S6 D6"]


def _table(phase: str = "draw"):
    stack, table = make_table()
    table.load_state(position(HANDS, discard="S4 H8", phase=phase))
    tick(stack, 1.0)
    assert not table.animator.busy
    return stack, table


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _draw(view: TableView, size=SCREEN, scale: float = 1.0) -> bytes:
    canvas = Canvas(size, scale)
    view.draw(canvas)
    return _pixels(canvas)


def _same_as_fresh(table, size=SCREEN, scale: float = 1.0) -> bytes:
    """The table drawn by its own (caching) view, checked against a view built just now."""
    shown = _draw(table.view, size, scale)
    assert shown == _draw(TableView(table), size, scale)
    return shown


def _play(stack, table, kind: MoveKind) -> None:
    move = next(m for m in table.legal_moves() if m.kind is kind)
    assert table.play(move)
    tick(stack, 3.0)
    assert not table.animator.busy


def test_the_layer_is_kept_while_nothing_it_shows_changes():
    stack, table = _table()
    first = _same_as_fresh(table)
    builds = table.view.still_builds
    tick(stack, 0.5)
    table.sort_hand("rank")  # the hand moves: it is not in the layer
    tick(stack, 0.1)
    _draw(table.view)
    tick(stack, 2.0)
    table.sort_hand("suit")
    tick(stack, 2.0)
    assert table.view.still_builds == builds
    _same_as_fresh(table)
    assert table.view.still_builds == builds
    assert first  # (drawn)


def test_a_card_drawn_rebuilds_the_layer():
    stack, table = _table()
    before = _same_as_fresh(table)
    builds = table.view.still_builds
    stock = len(table.state.stock)
    _play(stack, table, MoveKind.DRAW)
    assert len(table.state.stock) < stock
    after = _same_as_fresh(table)
    assert table.view.still_builds > builds
    assert after != before


def test_a_card_in_flight_and_where_it_lands_are_both_shown():
    stack, table = _table()
    _same_as_fresh(table)
    move = next(m for m in table.legal_moves() if m.kind is MoveKind.DRAW)
    assert table.play(move)
    for _ in range(12):  # every frame of the flight matches a view that never cached
        tick(stack, 1 / 30)
        _same_as_fresh(table)


def test_a_meld_laid_rebuilds_the_layer():
    stack, table = _table(phase="meld")
    before = _same_as_fresh(table)
    builds = table.view.still_builds
    melds = len(table.state.melds[0])
    _play(stack, table, MoveKind.MELD)
    assert len(table.state.melds[0]) > melds
    after = _same_as_fresh(table)
    assert table.view.still_builds > builds
    assert after != before


def test_a_resized_window_rebuilds_the_layer():
    stack, table = _table()
    _same_as_fresh(table)
    builds = table.view.still_builds
    _same_as_fresh(table, (1000, 562), 1000 / 1280)
    assert table.view.still_builds == builds + 1
    _same_as_fresh(table)  # back to the first size
    assert table.view.still_builds == builds + 2


def test_a_new_card_back_rebuilds_the_layer():
    stack, table = _table()
    before = _same_as_fresh(table)
    builds = table.view.still_builds
    table.card_back = "B1" if table.card_back != "B1" else "B2"
    after = _same_as_fresh(table)
    assert table.view.still_builds == builds + 1
    assert after != before  # the other seats' fans and the stock show the new back


def test_the_four_colour_deck_rebuilds_the_layer():
    stack, table = _table(phase="meld")
    _play(stack, table, MoveKind.MELD)  # a meld in the layer, with diamonds or clubs
    before = _same_as_fresh(table)
    builds = table.view.still_builds
    assets.set_four_colour(not assets.four_colour())
    try:
        after = _same_as_fresh(table)
    finally:
        assets.set_four_colour(not assets.four_colour())
    assert table.view.still_builds == builds + 1
    assert after != before


def test_a_side_name_in_an_empty_meld_area_follows_the_language():
    from game import i18n

    stack, table = _table()
    before = _same_as_fresh(table)
    builds = table.view.still_builds
    language = i18n.get_language()
    i18n.set_language("zh_CN" if language != "zh_CN" else "en")
    try:
        after = _same_as_fresh(table)
    finally:
        i18n.set_language(language)
    assert table.view.still_builds > builds
    assert after != before


def test_a_picture_restored_on_a_laid_joker_rebuilds_the_layer():
    """The layer's key is what is drawn: a laid joker showing its twin's picture (a save's
    looks, restored on sprites drawn already) is drawn with that picture, not the one kept."""
    stack, table = make_table()
    table.load_state(position(["H5 H6 C9", "C4 C6"], melds=[{"8": "H8 C8 D8 JK"}, {}], phase="meld"))
    tick(stack, 1.0)
    joker = next(card for card in table.state.melds[0][8].cards if card.face == "JK")
    before = _same_as_fresh(table)
    table.animator.restore_looks({joker: joker.copy + 1})
    assert _same_as_fresh(table) != before
