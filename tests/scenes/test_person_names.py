"""Pass-and-play's names: typed on the New game page's Names page, kept in the settings,
shown at the table, kept by the save, counted in the statistics under each name (apart
from the levels' records)."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import fallback, make_table

from game import i18n
from game.player_names import MAX_CHARS, clean_name, names_text, parse_names, typing_name
from game.rules import Phase, RulesConfig
from game.scenes.base import SceneStack
from game.scenes.layout import LOGICAL_SIZE, Canvas
from game.scenes.menu_widgets import TextButton, TextField
from game.scenes.names_page import NamesPage
from game.scenes.new_game import PERSON, NewGameScene
from game.scenes.stats_scene import row_texts
from game.session import count_deal
from game.settings import Settings, load_settings, save_settings, settings_from_json
from game.stats import StatsStore

pytestmark = pytest.mark.usefixtures("display")  # (tests/conftest.py)


@pytest.fixture
def app(tmp_path):
    from game.app import AppContext

    return AppContext.create(tmp_path, on_start_game=lambda *a: None, on_continue=lambda s: None, on_quit=lambda: None)


def typed(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def key(code: int, char: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=char, scancode=0)


def draw(stack: SceneStack) -> None:
    stack.update(0.1)
    stack.draw(Canvas(LOGICAL_SIZE, 1.0))


# -- what a name may hold ------------------------------------------------------------


def test_a_name_is_cut_and_cleaned_and_typing_keeps_the_space_between_words():
    assert clean_name("  Ann\tLee \x07") == "Ann Lee"
    assert clean_name("x" * 40) == "x" * MAX_CHARS
    assert clean_name(None) == "" and clean_name(7) == ""
    text = ""
    for char in "Li  Wei":
        text = typing_name(text + char)
    assert text == "Li Wei"  # a space at the end stayed while typing; the second was squeezed
    assert typing_name("Ann ") == "Ann " and clean_name("Ann ") == "Ann"


def test_names_are_kept_per_seat_in_one_line_and_anything_odd_reads_as_no_name():
    line = names_text(["", "Ann", "王小明", ""])
    assert parse_names(line, 4) == ("", "Ann", "王小明", "")
    assert parse_names(line, 6) == ("", "Ann", "王小明", "", "", "")
    assert parse_names(None, 2) == ("", "") and parse_names(["Ann"], 2) == ("", "")
    assert parse_names("Ann\t\x00bad" + "y" * 30, 2) == ("Ann", ("bad" + "y" * 30)[:MAX_CHARS])


def test_the_settings_keep_names_and_refuse_what_is_not_a_list_of_clean_names(tmp_path):
    save_settings(Settings(person_names=("", "Ann", "Bo")), tmp_path)
    assert load_settings(tmp_path)[0].person_names == ("", "Ann", "Bo")
    for bad in ("Ann", ["Ann", 3], ["x" * 40], ["a\nb"], [""] * 7):
        settings, notices = settings_from_json({"person_names": bad})
        assert settings.person_names == () and len(notices) == 1, bad


# -- the Names page ------------------------------------------------------------------


def test_the_new_game_page_offers_names_only_with_two_people_or_more(app):
    page = NewGameScene(app)
    labels = lambda: [w.msgid for w in page.items.widgets if isinstance(w, TextButton)]  # noqa: E731
    assert "Names…" not in labels()
    page._set_seat(2, PERSON)
    assert labels() == ["Start", "Names…", "Back"]
    assert page.people() == (0, 2)
    page._set_seat(2, "hard")
    assert "Names…" not in labels()


def test_names_typed_on_the_page_are_kept_and_back_forgets_them(app):
    stack = SceneStack()
    stack.push(NewGameScene(app))
    page = NamesPage(app, "classic", (0, 2))
    stack.push(page)
    first, second = page.fields[0], page.fields[2]
    assert page.items.focused is first and first.placeholder == "Player 1" and second.label == "North"
    for text in ("A", "n", "n", " "):
        stack.handle_event(typed(text))
    stack.handle_event(key(pygame.K_a, "a"))  # the key of a typed letter does nothing more
    assert first.text == "Ann "
    stack.handle_event(key(pygame.K_RETURN, "\r"))  # Enter: the next person
    assert page.items.focused is second
    stack.handle_event(pygame.event.Event(pygame.TEXTEDITING, text="wang", start=0, length=4))
    assert second.text == "" and second.composing == "wang"  # composing: not the name yet
    draw(stack)
    stack.handle_event(typed("王"))
    stack.handle_event(typed("小明"))
    stack.handle_event(key(pygame.K_BACKSPACE))
    assert second.text == "王小" and second.composing == ""
    draw(stack)
    stack.handle_event(key(pygame.K_RETURN, "\r"))  # Enter after the last one: Done
    assert stack.top is not page and app.settings.value.person_names == ("Ann", "", "王小")

    again = NamesPage(app, "classic", (0, 2))
    assert again.fields[0].text == "Ann" and again.fields[2].text == "王小"
    again.fields[0].text = "Bea"
    stack.push(again)
    stack.handle_event(key(pygame.K_ESCAPE))
    assert stack.top is not again and app.settings.value.person_names == ("Ann", "", "王小")


def test_two_people_cannot_share_a_name(app):
    stack = SceneStack()
    page = NamesPage(app, "classic", (0, 1, 2))
    stack.push(page)
    page.fields[0].text = "Player 2"  # the second person's own default name
    page.done()
    assert stack.top is page and "Player 2" in page.problem and app.settings.value.person_names == ()
    draw(stack)
    page.fields[0].text, page.fields[2].text = "ann", "Ann "
    page.done()
    assert stack.top is page and "Ann" in page.problem
    page.fields[2].text = "Cy"
    page.done()
    assert stack.top is not page and app.settings.value.person_names == ("ann", "", "Cy")


def test_a_seat_that_is_no_longer_a_person_keeps_its_name_for_later(app):
    app.settings.set("person_names", ("Ann", "Bo", "Cy"))
    page = NamesPage(app, "classic", (0, 2))
    assert isinstance(page.fields[2], TextField) and 1 not in page.fields
    page.fields[2].text = ""
    page.done()
    assert app.settings.value.person_names == ("Ann", "Bo")


# -- at the table, in the save, in the statistics -----------------------------------------


def test_the_table_names_the_people_and_continue_keeps_the_names(tmp_path, monkeypatch):
    from game.window import MainWindow

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    window = MainWindow(menu=True, threaded=False)
    try:
        context = window.context
        assert context is not None
        context.settings.set("person_names", ("Ann", "", "Cy"))
        window.start_game(RulesConfig.for_variant("classic"), 11, (None, None, None, "easy"))
        table = window.table
        assert table is not None
        assert [table.seat_name(seat) for seat in range(3)] == ["Ann", "Player 2", "Cy"]
        context.saves.save(table.game, (None, None, None, "easy"), table.human, extra=table.saved_extra())
        context.settings.set("person_names", ("Zed",))  # names changed for the next game only
        window.back_to_menu()
        window.continue_game(context.saves.load())
        table = window.table
        assert table is not None
        assert [table.seat_name(seat) for seat in range(3)] == ["Ann", "Player 2", "Cy"]
    finally:
        window.close()


def test_each_person_counts_under_their_name_apart_from_the_levels(tmp_path):
    _stack, table = make_table(seed=11, levels=(None, "easy", None, "easy"), person_names=("hard", "", "Cy"))
    assert table.side_name(0) == "hard & Cy"

    class App:
        stats = StatsStore(tmp_path)

    game = table.game
    while game.state.phase is not Phase.OVER:
        seat = game.state.to_act
        game.apply(fallback("normal", seat).act(game.state.observation(seat)))
    count_deal(table, App(), "easy")  # type: ignore[arg-type]
    assert set(App.stats.records) == {"classic/person:hard", "classic/person:Cy"}  # not the Hard level's
    assert row_texts("classic/person:hard", App.stats.records["classic/person:hard"])[0] == "Classic · hard"
    assert row_texts("classic/hard", App.stats.records["classic/person:hard"])[0] == "Classic · Hard"


def test_long_names_keep_clear_of_the_scores_and_the_cards(monkeypatch):
    """A person's name of 16 characters ran through the score panel's scores, past the
    privacy screen's panel, into the score sheet's cards (real-window check, stop 43)."""
    import game.scenes.pass_and_play as privacy
    import game.scenes.table_view as view
    from game.scenes.pass_and_play import PrivacyScreen

    drawn: list[tuple[str, pygame.Rect]] = []
    for module in (view, privacy):
        real = module.blit_text
        monkeypatch.setattr(
            module,
            "blit_text",
            lambda s, text, *a, _real=real, **k: drawn.append((text, r := _real(s, text, *a, **k))) or r,
        )
    long = "Bartholomew Feat"
    _stack, table = make_table(
        seed=11, levels=(None, None, "easy", "easy"), person_names=("王小明司马欧阳诸葛上官东方皇甫", long)
    )
    table.view.draw(Canvas(LOGICAL_SIZE, 1.0))
    areas = list(table.geometry.meld_areas.values())  # (an empty area beside red threes says its side too)
    names = [
        rect
        for text, rect in drawn
        if text in (table.side_name(0), table.side_name(1)) and rect.collidelist(areas) == -1
    ]
    scores = [rect for text, rect in drawn if text == "0"]
    assert len(names) == 2 and scores
    assert all(name.collidelist(scores) == -1 for name in names)
    drawn.clear()
    screen = PrivacyScreen(table, 1)
    screen.draw(Canvas(LOGICAL_SIZE, 1.0))
    panel = pygame.Rect(PrivacyScreen.PANEL)
    lines = [rect for text, rect in drawn if long in text]  # the title; the sentence, on two lines
    assert len(lines) == 3 and all(panel.contains(rect) for rect in lines)


def test_a_typed_name_is_shown_as_typed_and_never_twice_at_a_table():
    """A person called "Hard" read 困难 in Chinese (typed names went through the catalogs),
    and settings holding two "Bob"s (the Names page checks only the people it shows; a
    hand-edited file) put two Bobs at the table and counted one record twice (review, stop 43)."""
    from game.seat_names import typed_names

    _stack, table = make_table(seed=11, levels=(None, None, "easy", "easy"), person_names=("Hard", "Player 1"))
    i18n.set_language("zh_CN")
    assert table.seat_name(0) == "Hard" and table.seat_name(1) == "玩家2"  # typed; "Player 1" is seat 0's
    assert table.seat_name(2) == "北家"
    i18n.set_language("en")
    config = RulesConfig.for_variant("classic")
    assert typed_names(config, (0, 1, 2), ("Bob", "bob", "East")) == ("Bob", "", "", "")  # East is a bot's seat
    assert typed_names(config, (0,), ("Ann",)) == ("", "", "", "")  # one person is "You"
    assert typed_names(config, (1, 3), ("Ann", "Bob", "Cy", "Dee")) == ("", "Bob", "", "Dee")  # people's seats only


def test_the_names_page_refuses_another_seat_s_name(app):
    page = NamesPage(app, "classic", (0, 2))
    page.fields[0].text = "East"  # the bot sitting East
    page.done()
    assert "East" in page.problem and app.settings.value.person_names == ()
    page.fields[0].text = "Player 1"  # one's own default: no clash, no name
    page.done()
    assert app.settings.value.person_names == ()


def test_recent_deals_keep_the_typed_names_for_the_review(tmp_path):
    from game.recent_deals import RecentDeal, RecentDeals

    _stack, table = make_table(seed=11, levels=(None, None, "easy", "easy"), person_names=("Hard", "Bo"))
    game = table.game
    while game.state.phase is not Phase.OVER:
        seat = game.state.to_act
        game.apply(fallback("normal", seat).act(game.state.observation(seat)))
    msgids = tuple(table.names[seat] for seat in range(4))
    RecentDeals(tmp_path).add(game, table.people, msgids, typed=table.person_names)
    (entry,) = RecentDeals(tmp_path).load()
    assert entry.typed == ("Hard", "Bo", "", "")
    from game.seat_names import SeatNames

    i18n.set_language("zh_CN")
    names = SeatNames(game.config, entry.names, typed=entry.typed)
    assert [names.seat_name(seat) for seat in range(4)] == ["Hard", "Bo", "北家", "东家"]
    old = RecentDeal.from_json({k: v for k, v in entry.to_json().items() if k != "typed"})  # before stop 43
    odd = RecentDeal.from_json({**entry.to_json(), "typed": "North"})
    assert old is not None and old.typed == () and odd is not None and odd.typed == ()
