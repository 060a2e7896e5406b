"""A person's typed name never shows the font's empty box: the Names page refuses a
character no bundled font draws (an emoji, a Chinese character past GB 2312, Hebrew...)
with a message, and a name kept from before shows "?" in its place, at the table, on the
score sheet, in the review and the statistics. Name entry's other edges: spaces, control
characters, pasting, the length limit, combining accents (play-test stop 54: "昊" drew as
a box)."""

from __future__ import annotations

import pygame
import pytest
from glyph_helpers import missing_glyphs
from table_helpers import make_table

from game import assets, i18n
from game.glyphs import drawable, shown_name
from game.player_names import MAX_CHARS
from game.rules import RulesConfig
from game.scenes import menu_widgets
from game.scenes.base import SceneStack
from game.scenes.layout import LOGICAL_SIZE, Canvas
from game.scenes.names_page import NamesPage, vet_name
from game.scenes.stats_scene import row_texts
from game.seat_names import typed_names
from game.settings import Settings, load_settings, save_settings
from game.stats import Record

pytestmark = pytest.mark.usefixtures("display")  # (tests/conftest.py)

EMOJI = "\U0001f600"
OLD_NAMES = ("Ann" + EMOJI, "昊天", EMOJI + EMOJI, "Bo\u05e9")  # kept before the page checked


@pytest.fixture
def app(tmp_path):
    from game.app import AppContext

    return AppContext.create(tmp_path, on_start_game=lambda *a: None, on_continue=lambda s: None, on_quit=lambda: None)


def typed(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def key(code: int, char: str = "", mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=char, scancode=0)


def draw(stack: SceneStack) -> None:
    stack.update(0.1)
    stack.draw(Canvas(LOGICAL_SIZE, 1.0))


# -- what the fonts draw -------------------------------------------------------------


def test_the_regular_chinese_face_holds_gb2312_s_rarer_level_and_bold_text_uses_it_made_bold():
    rare = "昊"  # GB 2312's second level (0xEABB): the play-test's box
    assert rare.encode("gb2312")[0] >= 0xD8
    assert assets.has_glyph(assets.CJK_FONT_FILES[False], rare)
    assert not assets.has_glyph(assets.CJK_FONT_FILES[True], rare)  # (1.5 MB kept out of the download)
    font = assets.font_for_text("昊天", 20, bold=True)
    assert font.style_name == "Regular" and font.bold  # the regular face, emboldened
    assert assets.font_for_text("王天", 20, bold=True) is assets.font(20, bold=True, cjk=True)  # the bold face
    assert missing_glyphs("昊天", bold=True) == set() and missing_glyphs("昊天") == set()


def test_a_latin_name_in_a_chinese_sentence_is_drawn_with_the_latin_font():
    text = "轮到Łukasz出牌"  # Ł: the Latin font's, not the Chinese subset's
    assert not assets.has_glyph(assets.CJK_FONT_FILES[False], "Ł")
    font = assets.font_for_text(text, 20, bold=True)
    assert isinstance(font, assets.MixedFont)
    assert [run for _face, run in font.runs(text)] == ["轮到", "Łukasz", "出牌"]
    image = font.render(text, True, (0, 0, 0))
    assert image.get_width() == font.size(text)[0] and image.get_height() >= font.get_height()
    assert image.get_bounding_rect().width > 0.9 * image.get_width()
    assert missing_glyphs(text, bold=True) == set()
    plain = assets.font_for_text("轮到你出牌", 20, bold=True)
    assert not isinstance(plain, assets.MixedFont)


def test_what_a_name_may_hold():
    for char in "AéßŁЖλ王昊 ·&'-":
        assert drawable(char), char
    for char in (EMOJI, "玥", "\u05e9", "\u0645", "あ", "한", "\u2460", "\u0301", "\u200b", "\x07", "\uff21"):
        assert not drawable(char), repr(char)


def test_a_kept_name_shows_a_question_mark_for_what_no_font_draws():
    assert shown_name("Ann") == "Ann" and shown_name("昊天") == "昊天"
    assert shown_name("Ann" + EMOJI) == "Ann?"
    assert shown_name("A" + EMOJI + "\U0001f3fd" + "B") == "A?B"  # a run of them: one "?"
    assert shown_name("e\u0301") == "é"  # composed
    for name in OLD_NAMES:
        assert missing_glyphs(shown_name(name)) == set() and missing_glyphs(shown_name(name), bold=True) == set()


# -- typing a name -------------------------------------------------------------------


def test_a_character_no_font_draws_is_refused_with_its_code_and_the_name_stays():
    assert vet_name("Ann", EMOJI) == f"The game cannot draw U+{ord(EMOJI):04X}. Type the name without it."
    assert "U+73A5" in vet_name("", "玥")  # past GB 2312
    assert "U+05E9" in vet_name("", "\u05e9\u05dc\u05d5\u05dd")  # Hebrew: no font, right to left or not
    assert vet_name("", "昊天") == "" and vet_name("", "Zoë") == "" and vet_name("", "Łukasz") == ""
    assert vet_name("x" * MAX_CHARS, "y") == f"A name has at most {MAX_CHARS} characters."
    assert vet_name("x" * (MAX_CHARS - 1), " ") == ""  # a space at the end is no character yet
    assert vet_name("Ann" + EMOJI, "B") == ""  # a kept name's own character may stay
    i18n.set_language("zh_CN")
    try:
        assert vet_name("", EMOJI) == f"游戏无法显示字符 U+{ord(EMOJI):04X}。请输入不含它的名字。"
        assert vet_name("x" * MAX_CHARS, "y") == f"名字最多 {MAX_CHARS} 个字符。"
    finally:
        i18n.set_language("en")


def test_the_names_page_keeps_the_name_as_it_was_and_says_why(app):
    stack = SceneStack()
    page = NamesPage(app, "classic", (0, 2))
    stack.push(page)
    field = page.fields[0]
    for text in ("A", "n", "n"):
        stack.handle_event(typed(text))
    stack.handle_event(typed(EMOJI))
    assert field.text == "Ann" and "U+1F600" in field.problem
    shown: list[str] = []
    real = menu_widgets.blit_text
    import game.scenes.names_page as names_page

    names_page.blit_text = lambda s, text, *a, **k: shown.append(text) or real(s, text, *a, **k)  # type: ignore[assignment]
    try:
        draw(stack)
    finally:
        names_page.blit_text = real  # type: ignore[assignment]
    assert field.problem in shown  # said on the page
    stack.handle_event(typed("e"))
    assert field.text == "Anne" and field.problem == ""  # the next letter: the message goes
    stack.handle_event(typed("x" * MAX_CHARS))
    assert field.text == "Anne" and "at most" in field.problem
    stack.handle_event(key(pygame.K_BACKSPACE))
    assert field.text == "Ann" and field.problem == ""
    page.done()
    assert app.settings.value.person_names == ("Ann",)


def test_spaces_controls_and_accents_typed_apart(app):
    page = NamesPage(app, "classic", (0, 2))
    field = page.fields[0]
    field.focused = True
    for text in ("   ", "\t", "\x07", "\u202e"):  # whitespace only, a control, a direction mark
        field.handle_event(typed(text))
    assert field.text == "" and field.problem == ""  # nothing to see: nothing came in, nothing said
    for text in (" ", "Jos", "e", "\u0301", "  ", "Li", " "):
        field.handle_event(typed(text))
    assert field.text == "José Li "  # composed, spaces squeezed, one kept at the end while typing
    page.done()
    assert app.settings.value.person_names == ("José Li",)


def test_pasting_a_name(app, monkeypatch):
    page = NamesPage(app, "classic", (0, 2))
    field = page.fields[0]
    field.focused = True
    clipboard = {"text": "  Ann Lee\r\n"}  # a copied line
    monkeypatch.setattr(menu_widgets, "clipboard_text", lambda: clipboard["text"])
    assert field.handle_event(key(pygame.K_v, "v", pygame.KMOD_LCTRL))
    assert field.text == "Ann Lee" and field.problem == ""
    clipboard["text"] = "and a very long surname"
    field.handle_event(key(pygame.K_INSERT, "", pygame.KMOD_LSHIFT))
    assert field.text == "Ann Lee" and "at most" in field.problem
    clipboard["text"] = " " + EMOJI
    field.handle_event(key(pygame.K_v, "v", pygame.KMOD_CTRL))
    assert field.text == "Ann Lee" and "U+1F600" in field.problem
    clipboard["text"] = ""  # nothing to paste: nothing happens
    field.handle_event(key(pygame.K_v, "v", pygame.KMOD_CTRL))
    assert field.text == "Ann Lee"


# -- names kept from before ----------------------------------------------------------


def test_names_kept_with_characters_no_font_draws_load_and_show_a_question_mark(app, tmp_path):
    save_settings(Settings(person_names=OLD_NAMES), tmp_path)
    settings, notices = load_settings(tmp_path)
    assert settings.person_names == OLD_NAMES and notices == []  # nothing lost, nothing to say
    config = RulesConfig.for_variant("classic")
    assert typed_names(config, (0, 1, 2, 3), OLD_NAMES) == OLD_NAMES
    assert typed_names(config, (0, 1), ("Ann" + EMOJI, "Ann\U0001f60e")) == ("Ann" + EMOJI, "", "", "")  # both "Ann?"

    app.settings.set("person_names", OLD_NAMES)
    page = NamesPage(app, "classic", (0, 2))
    assert page.fields[0].text == "Ann" + EMOJI  # kept as it is; drawn "Ann?"
    page.fields[0].focused = True
    page.fields[0].handle_event(typed("e"))
    assert page.fields[0].text == "Ann" + EMOJI + "e" and page.fields[0].problem == ""
    stack = SceneStack()
    stack.push(page)
    draw(stack)


class NoReview:
    """A review that weighs nothing (the names drawn are what is tested)."""

    def poll(self):
        from game.review_worker import ReviewProgress

        return ReviewProgress(0, 0, ())

    def cancel(self) -> None:
        pass


def test_no_name_draws_a_box_at_the_table_on_the_score_sheet_or_in_the_review(monkeypatch):
    from game.rules import Phase
    from game.scenes.review_scene import ReviewScene
    from game.scenes.score_sheet import ScoreSheetScene

    drawn: list[tuple[str, bool]] = []
    real = assets.font_for_text

    def recording(text: str, size: int, bold: bool = False) -> pygame.font.Font:
        drawn.append((text, bold))
        return real(text, size, bold)

    monkeypatch.setattr(assets, "font_for_text", recording)
    names = ("Ann" + EMOJI, "昊天", "Łukasz", "Bo\u05e9")
    stack, table = make_table(seed=11, levels=(None, None, None, None), person_names=names)
    state = table.game.state
    while state.phase is not Phase.OVER:
        table.controller.play(state.legal_moves()[-1])
    for language in ("en", "zh_CN"):
        i18n.set_language(language)
        try:
            assert [table.seat_name(seat) for seat in range(4)] == ["Ann?", "昊天", "Łukasz", "Bo?"]
            table.view.draw(Canvas(LOGICAL_SIZE, 1.0))
            sheet = ScoreSheetScene(table, state.result)
            sheet.review_options = {"job_factory": lambda play, seats: NoReview()}
            stack.push(sheet)
            draw(stack)
            sheet._review()
            assert isinstance(stack.top, ReviewScene)
            draw(stack)
            stack.pop()
            stack.pop()
        finally:
            i18n.set_language("en")
    texts = " ".join(text for text, _bold in drawn)
    assert "昊天" in texts and "Łukasz" in texts and "Ann?" in texts
    boxes = {text: missing_glyphs(text, bold) for text, bold in drawn if missing_glyphs(text, bold)}
    assert not boxes


def test_a_statistics_row_of_a_kept_name_shows_a_question_mark():
    key = "classic/person:Ann" + EMOJI
    assert row_texts(key, Record())[0] == "Classic · Ann?"


def test_the_characters_the_font_choice_never_asks_about_are_in_both_chinese_subsets():
    for file in assets.CJK_FONT_FILES.values():
        assert all(assets.has_glyph(file, char) for char in assets.CJK_SUBSET_ALWAYS), file
