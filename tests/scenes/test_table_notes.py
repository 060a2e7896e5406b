"""The table's short notes above the hand follow the language: a switch in the settings while
one shows rewords it at once (a note, its arguments, a refusal's reason and a note of whose
turn it is), as the banners and speech bubbles do (test_table_words). They were made into
text when said and stayed in the language of that moment."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.app import bind_shared
from game.observable_settings import ObservableSettings
from game.rules import Card, Move, Rank
from game.scenes import table_panels
from game.scenes.base import SceneStack
from game.scenes.layout import Canvas
from game.scenes.table import TableScene
from game.scenes.table_layout import STOCK_POS
from game.scenes.table_menu import TableMenuScene
from game.settings import Settings
from game.sound import SoundPlayer
from tests.table_helpers import click, following, position, tick, until

SELECT_FIRST = "Select cards first (arrow keys and Space), then press M to meld them."


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def squeezed(text: str) -> str:
    """Text without spaces: a wrapped panel's lines joined (a line break takes a space)."""
    return text.replace(" ", "")


def panel_texts(monkeypatch, table: TableScene) -> list[str]:
    """The texts of the panels this frame draws (each block of lines joined)."""
    drawn: list[str] = []
    real = table_panels.render_lines

    def recording(lines, *args, **kwargs):
        drawn.append(squeezed("".join(lines)))
        return real(lines, *args, **kwargs)

    monkeypatch.setattr(table_panels, "render_lines", recording)
    table.view.draw(Canvas((1280, 720), 1.0))
    monkeypatch.setattr(table_panels, "render_lines", real)
    return drawn


def shows(monkeypatch, table: TableScene, text: str) -> bool:
    """The note (or refusal) panel says `text` this frame."""
    drawn = panel_texts(monkeypatch, table)
    assert squeezed(text) in drawn, drawn
    return True


def to_chinese_under_the_menu(stack, table: TableScene, settings: ObservableSettings) -> None:
    """The player opens the menu and switches the language while the note shows; the note
    waits under the menu (TableScene.words_wait)."""
    table.open_menu()
    assert isinstance(stack.top, TableMenuScene)
    settings.set("language", "zh_CN")
    tick(stack, 1.0)
    assert table.message is not None


def test_a_plain_note_is_reworded_when_the_language_changes(monkeypatch):
    """M with nothing selected: "Select cards first…"; the language switched while it shows,
    it says it in Chinese at once."""
    stack, table, settings = following("en")
    table.load_state(position(["C5 C6 H9 D7"], discard="D9 S5", phase="meld"))
    until(stack, lambda: table.idle, 3)
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
    assert table.refusal is None and table.message is not None and table.message[0] == SELECT_FIRST
    assert shows(monkeypatch, table, SELECT_FIRST)
    to_chinese_under_the_menu(stack, table, settings)
    assert shows(monkeypatch, table, "先选牌（方向键和空格），再按 M 亮牌。")
    settings.set("language", "en")
    assert shows(monkeypatch, table, SELECT_FIRST)


def test_a_note_with_arguments_is_reworded_with_them(monkeypatch):
    """X with two cards selected: "X discards one card: 2 are selected…", filled in again in
    the new language."""
    stack, table, settings = following("en")
    table.load_state(position(["C5 C6 H9 D7"], discard="D9 S5", phase="meld"))
    until(stack, lambda: table.idle, 3)
    table.ui.selected = {card for card in table.game.state.hands[0] if card.face in ("C5", "C6")}
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x"))
    assert table.refusal is None and table.message is not None
    assert shows(monkeypatch, table, "X discards one card: 2 are selected. Keep one selected, then press X.")
    to_chinese_under_the_menu(stack, table, settings)
    assert shows(monkeypatch, table, "X 只打出一张牌：现在选中了 2 张。只留一张选中，再按 X。")


def test_a_refusal_is_reworded_with_its_arguments(monkeypatch):
    """A 5 dropped on our kings: "Those cards do not go with the kings." The refusal's rank is
    data too: in Chinese the whole reason is Chinese, the kings too (K), not "kings"."""
    stack, table, settings = following("en")
    kings = "HK DK SK"
    table.load_state(position(["C5 C6 H9 D7"], melds=[{"K": kings}, {}], discard="D9 S5", phase="meld"))
    until(stack, lambda: table.idle, 3)
    slot = next(slot for slot in table.layout.meld_slots if slot.side == 0)
    table.ui.selected = {card for card in table.game.state.hands[0] if card.face == "C5"}
    table.click_meld(slot)
    assert table.refusal is not None and table.refusal.rule == "R-ADD"
    assert shows(monkeypatch, table, "Those cards do not go with the kings.")
    to_chinese_under_the_menu(stack, table, settings)
    assert shows(monkeypatch, table, "这些牌不能和 K 放在一起。")
    assert table.message is not None and table.message[0] == "这些牌不能和 K 放在一起。"


def test_a_note_waiting_for_a_turn_is_reworded_seat_names_too(monkeypatch):
    """A click on the stock while East plays: "East is playing: your turn comes next." (a
    note that goes when East's turn is over, say_waiting); in Chinese East is 东家."""
    stack, table, settings = following("en")
    table.load_state(position(["C5 C6 H9", "C4 H4", "S6 D8", "C7 C8 SK"], discard="D9 S5", phase="meld", turn=3))
    until(stack, lambda: table.idle, 3)
    table.paused = True  # (East waits: the player clicks while it thinks)
    click(stack, STOCK_POS)
    assert table.controller.waiting_on is not None and table.message is not None
    assert shows(monkeypatch, table, "East is playing: your turn comes next.")
    to_chinese_under_the_menu(stack, table, settings)
    assert table.controller.waiting_on is not None  # (still East's turn: still said)
    assert shows(monkeypatch, table, "东家正在出牌：接下来轮到你。")


def test_the_coach_s_refusal_names_the_lesson_s_move_in_the_new_language(monkeypatch):
    """The guided deal refuses another move than the lesson's: "Not this time: in this lesson,
    draw from the stock. …"; the move's words are data too (coach_scene.LessonMove)."""
    from game.scenes.coach_scene import CoachTable

    stack = SceneStack()
    coach = CoachTable(threaded=False, speed=8.0)
    stack.push(coach)
    settings = ObservableSettings(Settings(language="en"))
    bind_shared(settings, SoundPlayer(enabled=False))
    coach.follow(settings)
    until(stack, lambda: coach.my_turn() and coach.hint is not None and coach.idle, 60)
    assert coach.hint.move.kind.name == "DRAW"
    assert not coach.play(Move.discard(coach.game.state.hands[0][0]))
    assert shows(monkeypatch, coach, "Not this time: in this lesson, draw from the stock. The lit cards show how.")
    to_chinese_under_the_menu(stack, coach, settings)
    assert shows(monkeypatch, coach, "这次先别这样：本课请从牌库摸牌。亮起的牌会告诉你怎么做。")


def test_a_note_is_data_worded_when_asked():
    """`Note.text` names the seats as the table names them when asked, and a card, cards and
    a rank in the language of the moment."""
    from game.note import SeatName, note

    class Names:
        def seat_name(self, seat: int) -> str:
            return i18n._(["You", "West", "North", "East"][seat])

    jokers = (Card.parse("JK"), Card.parse("JK", copy=1), Card.parse("C5"))
    said = note(
        "{name}: {card}, {ranks}; {cards} ({n})", name=SeatName(1), card=jokers[0], ranks=Rank.KING, cards=jokers, n=2
    )
    assert said.text(Names()) == "West: joker, kings; 2 jokers 5♣ (2)"
    i18n.set_language("zh_CN")
    assert said.text(Names()) == "西家: 王牌, K; 2 张王牌 5♣ (2)"
