"""Sharing a deal from the menus (#12): export from the table menu and the score sheet,
open from the title menu; a hostile file gets a clear message and changes nothing."""

from __future__ import annotations

import os
from functools import partial

import pytest
from bot_helpers import bots_played
from table_helpers import make_table, tick

from game import deal_share
from game.app import AppContext
from game.deal_file import SUFFIX, read
from game.rules import Game, Phase, position_to_json
from game.scenes.base import SceneStack
from game.scenes.layout import LOGICAL_SIZE, Canvas
from game.scenes.menu import TitleMenuScene
from game.scenes.modal import ModalDialogScene
from game.scenes.open_deal import OpenDealScene
from game.scenes.score_sheet import ScoreSheetScene
from game.scenes.table_menu import TableMenuScene
from game.scenes.widgets import Button

pytestmark = pytest.mark.usefixtures("display")  # (tests/conftest.py)


played = partial(bots_played, seed=5, level="normal")  # (tests/bot_helpers.py)


@pytest.fixture
def app(tmp_path):
    opened: list[Game] = []
    context = AppContext.create(tmp_path, on_open_deal=opened.append)
    context.opened = opened  # type: ignore[attr-defined]
    yield context
    context.close()


@pytest.mark.parametrize("variant", ["classic", "two-hand", "three-hand"])
def test_export_then_read_replays_to_the_same_position(tmp_path, variant):
    game = played(variant)
    path = deal_share.export_game(game, tmp_path)
    assert path.parent == tmp_path / "deals" and path.name.endswith(SUFFIX)
    shared = read(str(path))
    assert shared.game is not None
    assert position_to_json(shared.game.state) == position_to_json(game.state)
    again = deal_share.export_game(game, tmp_path, when=os.path.getmtime(path))
    assert again != path  # never overwritten, even within one second


def test_list_exports_newest_first_and_only_deal_files(tmp_path):
    assert deal_share.list_exports(tmp_path) == []  # no folder yet
    folder = deal_share.exports_dir(tmp_path)
    folder.mkdir()
    for index, name in enumerate(["a" + SUFFIX, "b" + SUFFIX, "notes.txt", ".hidden" + SUFFIX]):
        (folder / name).write_text("x")
        os.utime(folder / name, (1000 + index, 1000 + index))
    (folder / ("dir" + SUFFIX)).mkdir()
    assert [e.name for e in deal_share.list_exports(tmp_path)] == ["b" + SUFFIX, "a" + SUFFIX]


def draw(stack: SceneStack) -> None:
    stack.update(0.5)
    stack.draw(Canvas(LOGICAL_SIZE, 1.0))


def file_buttons(scene: OpenDealScene) -> list[Button]:
    return [w for w in scene.items.widgets if isinstance(w, Button) and w.text.endswith(SUFFIX)]


def test_title_menu_opens_an_exported_deal(app, tmp_path):
    game = played()
    deal_share.export_game(game, tmp_path)
    stack = SceneStack()
    stack.push(TitleMenuScene(app))
    buttons = [w for w in stack.top.items.widgets]
    assert all(w.rect.bottom <= LOGICAL_SIZE[1] - 30 for w in buttons)  # seven entries fit above the notice line
    stack.top.open_deal()
    scene = stack.top
    assert isinstance(scene, OpenDealScene)
    draw(stack)
    (button,) = file_buttons(scene)
    button.click()
    assert len(app.opened) == 1
    assert position_to_json(app.opened[0].state) == position_to_json(game.state)
    assert isinstance(stack.top, TitleMenuScene)  # the list closed: the table goes over the title menu


def test_the_deal_files_go_a_page_at_a_time(app, tmp_path):
    folder = deal_share.exports_dir(tmp_path)
    folder.mkdir()
    names = [f"deal{index:02}{SUFFIX}" for index in range(10)]
    for index, name in enumerate(names):
        (folder / name).write_text("x")
        os.utime(folder / name, (1000 + index, 1000 + index))  # deal09 the newest
    stack = SceneStack()
    stack.push(OpenDealScene(app))
    scene = stack.top
    assert scene.pages == 2
    assert [b.text for b in file_buttons(scene)] == names[::-1][:7]
    texts = {w.text: w for w in scene.items.widgets}
    assert not texts["Newer"].enabled and texts["Older"].enabled
    texts["Older"].click()
    assert scene.page == 1 and [b.text for b in file_buttons(scene)] == names[::-1][7:]
    texts = {w.text: w for w in scene.items.widgets}
    assert texts["Newer"].enabled and not texts["Older"].enabled
    draw(stack)
    file_buttons(scene)[0].click()  # deal02: not a deal, so refused with its reason
    assert isinstance(stack.top, ModalDialogScene) and app.opened == []
    stack.pop()
    texts["Newer"].click()
    assert scene.page == 0 and len(file_buttons(scene)) == 7


HOSTILE = [
    b"",
    b"\xff\xfe\x00garbage",
    b"format: canasta-deal/1\nvariant: classic\nseed: 1\nmoves:\ndiscard JK\n",
    b"format: canasta-deal/1\nvariant: hand-and-foot\ntarget: 5000\nseed: 1\nmoves:\n",  # four deals, no target
    b"format: canasta-deal/1\nvariant: classic\nseed: 99999999999999999999999\nmoves:\n",
    b"format: canasta-deal/1\nvariant: classic\nseed: 1\nmoves:\n" + b"draw\n" * 5,
]


@pytest.mark.parametrize("data", HOSTILE)
def test_a_hostile_file_gets_a_message_and_changes_nothing(app, tmp_path, data):
    folder = deal_share.exports_dir(tmp_path)
    folder.mkdir()
    bad = folder / ("bad" + SUFFIX)
    bad.write_bytes(data)
    app.saves.save(played(seed=9, moves=10), (None, "normal", "normal", "normal"), 0)
    saved_before = app.saves.path.read_bytes()
    stack = SceneStack()
    stack.push(TitleMenuScene(app))
    stack.top.open_deal()
    scene = stack.top
    (button,) = file_buttons(scene)
    button.click()
    assert isinstance(stack.top, ModalDialogScene)
    assert stack.top.dialog.title == "This deal cannot be opened"
    assert "Nothing was changed." in stack.top.dialog.message_label.text
    assert stack.top.dialog.message_label.text.startswith(bad.name + ": ")  # which file, and why
    draw(stack)
    assert app.opened == []
    assert bad.read_bytes() == data and app.saves.path.read_bytes() == saved_before


def test_a_good_deal_over_a_saved_game_asks_first(app, tmp_path):
    deal_share.export_game(played(), tmp_path)
    app.saves.save(played(seed=9, moves=10), (None, "normal", "normal", "normal"), 0)
    stack = SceneStack()
    stack.push(OpenDealScene(app))
    file_buttons(stack.top)[0].click()
    dialog = stack.top
    assert isinstance(dialog, ModalDialogScene) and app.opened == []
    dialog.dialog.button_widgets[1].click()  # Keep it
    assert app.opened == []
    file_buttons(stack.top)[0].click()
    stack.top.dialog.button_widgets[0].click()  # Open the deal
    assert len(app.opened) == 1


def test_table_menu_exports_the_current_deal(tmp_path):
    stack, table = make_table(seed=4)
    tick(stack, 2.0)
    table.data_home = tmp_path
    stack.push(TableMenuScene(table))
    labels = [w.msgid for w in stack.top.items.widgets]
    assert "Save the deal as a file" in labels
    stack.top.export_deal()
    assert isinstance(stack.top, ModalDialogScene) and stack.top.dialog.title == "Deal saved as a file"
    (entry,) = deal_share.list_exports(tmp_path)
    shared = read(str(entry.path))
    assert shared.game is not None and position_to_json(shared.game.state) == position_to_json(table.game.state)


def test_score_sheet_exports_the_finished_deal(tmp_path):
    stack, table = make_table(seed=4)
    game = played(moves=100_000)
    table.load_state(game.state)
    table.controller.game = game
    table.data_home = tmp_path
    sheet = ScoreSheetScene(table, game.state.result)
    stack.push(sheet)
    sheet.export_button.click()
    assert isinstance(stack.top, ModalDialogScene)
    (entry,) = deal_share.list_exports(tmp_path)
    shared = read(str(entry.path))
    assert shared.game is not None and shared.game.state.phase is Phase.OVER
    assert position_to_json(shared.game.state) == position_to_json(game.state)


def test_export_to_an_unwritable_place_says_so(tmp_path):
    blocker = tmp_path / "deals"
    blocker.write_text("a file where the folder goes")
    stack, table = make_table(seed=4)
    table.data_home = tmp_path
    stack.push(TableMenuScene(table))
    stack.top.export_deal()
    assert stack.top.dialog.title == "The deal was not saved"
    assert blocker.read_text() == "a file where the folder goes"
