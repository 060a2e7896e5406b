"""Menu scenes, headless: every path opens and closes, settings apply at once,
and every scene renders in both languages with no missing glyph."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from glyph_helpers import missing_glyphs
from table_helpers import texts_drawn

from game import assets, i18n
from game.app import AppContext
from game.rules import Game, RulesConfig
from game.scenes import settings_scene, theme
from game.scenes.base import SceneStack
from game.scenes.layout import LOGICAL_SIZE, Canvas, Ruler
from game.scenes.menu import TitleMenuScene
from game.scenes.menu_widgets import Choice, NumberField, TextButton
from game.scenes.modal import ModalDialogScene
from game.scenes.new_game import NewGameScene
from game.scenes.rules_scene import TEXT_MARGIN, VIEW, RulesScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.stats_scene import StatsScene
from game.settings import load_settings
from game.sound import SoundPlayer
from game.stats import Record


def key(code: int, unicode: str = "", mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=0)


pytestmark = pytest.mark.usefixtures("display")  # (tests/conftest.py)


class Calls:
    def __init__(self) -> None:
        self.started: list[tuple] = []
        self.continued: list = []
        self.quit = 0
        self.changed: list[str] = []


@pytest.fixture
def app(tmp_path):
    calls = Calls()
    context = AppContext.create(
        tmp_path,
        on_start_game=lambda *args: calls.started.append(args),
        on_continue=calls.continued.append,
        on_quit=lambda: setattr(calls, "quit", calls.quit + 1),
    )
    context.settings.bind_any(lambda settings, name: calls.changed.append(name))
    context.calls = calls  # type: ignore[attr-defined]
    return context


def draw(stack: SceneStack) -> Canvas:
    stack.update(1.0)
    canvas = Canvas(LOGICAL_SIZE, 1.0)
    stack.draw(canvas)
    return canvas


def press(stack: SceneStack, label: str) -> None:
    """Focus the button with this msgid by keyboard (Down) and press Enter."""
    scene = stack.top
    for _ in range(len(scene.items.widgets) + 1):
        focused = scene.items.focused
        if isinstance(focused, TextButton) and focused.msgid == label:
            stack.handle_event(key(pygame.K_RETURN))
            return
        stack.handle_event(key(pygame.K_DOWN))
    raise AssertionError(f"no button {label!r} reachable by keyboard")


def menu_labels(scene: TitleMenuScene) -> list[str]:
    return [w.msgid for w in scene.items.widgets]


def test_title_menu_paths_open_and_close(app):
    stack = SceneStack()
    stack.push(TitleMenuScene(app))
    assert menu_labels(stack.top) == [
        "New game",
        "Open a deal",
        "Guided first deal",
        "Settings",
        "Rules",
        "Statistics",
        "Quit",
    ]
    for label, scene_type in (
        ("New game", NewGameScene),
        ("Settings", SettingsScene),
        ("Rules", RulesScene),
        ("Statistics", StatsScene),
    ):
        press(stack, label)
        assert isinstance(stack.top, scene_type)
        draw(stack)
        stack.handle_event(key(pygame.K_ESCAPE))
        assert isinstance(stack.top, TitleMenuScene)
    press(stack, "Quit")
    assert app.calls.quit == 1
    stack.handle_event(key(pygame.K_ESCAPE))
    assert app.calls.quit == 2


def test_new_game_hands_over_config_seed_levels(app):
    stack = SceneStack()
    stack.push(TitleMenuScene(app))
    press(stack, "New game")
    scene = stack.top
    stack.handle_event(key(pygame.K_RIGHT))  # Game: classic -> two-hand
    assert scene.variant == "two-hand"
    stack.handle_event(key(pygame.K_DOWN))
    stack.handle_event(key(pygame.K_RIGHT))  # Play to: 2500
    stack.handle_event(key(pygame.K_DOWN))  # South: a person (you)
    stack.handle_event(key(pygame.K_DOWN))
    stack.handle_event(key(pygame.K_RIGHT))  # North: normal -> hard
    stack.handle_event(key(pygame.K_DOWN))
    assert isinstance(scene.items.focused, NumberField)
    for digit in "42x7":
        stack.handle_event(key(getattr(pygame, f"K_{digit}", pygame.K_x), digit))
    draw(stack)
    press(stack, "Start")
    assert app.calls.started == [(RulesConfig.for_variant("two-hand", 2500), 427, (None, "hard"))]


def test_new_game_random_seed_and_three_hand(app):
    scene = NewGameScene(app, variant="three-hand")
    config, seed, levels = scene.chosen()
    assert config.players == 3 and levels == (None, "normal", "normal") and seed > 0


def test_settings_apply_at_once_and_persist(app, tmp_path):
    stack = SceneStack()
    stack.push(SettingsScene(app.settings))
    stack.handle_event(key(pygame.K_RIGHT))  # Language -> 简体中文
    assert i18n.get_language() == "zh_CN" and i18n._("Settings") == "设置"
    assert app.calls.changed == ["language"]
    choices = [w for w in stack.top.items.widgets if isinstance(w, Choice)]
    names = [
        "language",
        "animation_speed",
        "bot_pace",
        "card_size",
        "four_colour_deck",
        "card_back",
        "sound",
        "fullscreen",
        "confirm_risky_discard",
    ]
    assert len(choices) == len(names)
    for choice in choices[1:]:
        choice.step(1)
    draw(stack)
    saved, notices = load_settings(tmp_path)
    assert not notices and saved == app.settings.value
    # B1: one step from the default B2.
    assert saved.four_colour_deck and not saved.sound and saved.fullscreen and saved.card_back == "B1"
    assert app.sound.enabled is False and app.calls.changed[1:] == names[1:]


def test_settings_rows_follow_a_change_made_elsewhere(app):
    """F11 turns full screen on or off anywhere, the Settings page too: its row kept saying
    "On" in a window (play-test, stop 53). A row shows its setting as it is now, at once (no
    frame needed: the page is bound to the settings, it does not ask each frame), and the next
    step goes on from there."""
    stack = SceneStack()
    scene = SettingsScene(app.settings)
    stack.push(scene)
    row = scene.rows["fullscreen"]
    assert row.value_text == "Off"
    app.settings.set("fullscreen", True)  # (what F11 does)
    assert row.value is True and row.value_text == "On"
    app.settings.set("fullscreen", False)
    assert row.value_text == "Off"
    row.step(1)  # the row's own step: from what it shows
    assert app.settings.value.fullscreen is True
    app.settings.set("animation_speed", 4.0)  # (+ at the table, the page under the menu)
    app.settings.set("card_size", "large")  # (a key at the table)
    assert scene.rows["animation_speed"].value_text == "Very fast"
    app.settings.set("language", "zh_CN")
    assert scene.rows["card_size"].value == "large" and scene.rows["language"].value == "zh_CN"
    draw(stack)
    assert scene.rows["card_size"].value == "large"  # (a frame changes nothing of it)


def test_a_closed_settings_page_keeps_no_callback_in_the_settings(app):
    """The page binds its rows while it is on the stack and unbinds them when it leaves:
    the settings hold nothing of a closed page, and a later change leaves its rows alone."""
    from game.observable_settings import NAMES

    before = {name: app.settings.bound(name) for name in NAMES}
    any_before = list(app.settings._any)
    stack = SceneStack()
    scene = SettingsScene(app.settings)
    assert {name: app.settings.bound(name) for name in NAMES} == before  # (made, not yet shown)
    stack.push(scene)
    assert all(len(app.settings.bound(name)) == len(before[name]) + 1 for name in scene.rows)
    stack.handle_event(key(pygame.K_ESCAPE))  # Back
    assert scene.stack is None
    assert {name: app.settings.bound(name) for name in NAMES} == before
    assert app.settings._any == any_before
    app.settings.set("fullscreen", True)
    assert scene.rows["fullscreen"].value is False  # (the closed page was not told)
    stack.push(scene)  # shown again: bound again, from the settings as they are now
    assert scene.rows["fullscreen"].value is True
    stack.pop()
    assert {name: app.settings.bound(name) for name in NAMES} == before


def test_settings_say_when_sound_is_on_without_a_device(app, monkeypatch):
    """Stop 50: with sound on and no audio device the effects stayed silent and only the title
    said so, after the first effect; the Settings page, where a player looks, says it beside the
    Sound row (the mixer is started there, once, as the first effect would)."""

    def no_device() -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sound = SoundPlayer(enabled=True)
    stack = SceneStack()
    scene = SettingsScene(app.settings, sound)
    stack.push(scene)
    assert sound.available is None and scene.sound_note() is None  # not tried yet
    draw(stack)  # update starts the mixer
    assert sound.available is False
    assert scene.sound_note() == "No sound device was found: the effects stay silent."
    i18n.set_language("zh_CN")  # two lines, broken after the clause ("音效不会" / "发声。" read badly, stop 60)
    try:
        drawn = texts_drawn(monkeypatch, settings_scene)
        draw(stack)
    finally:
        i18n.set_language("en")
    note = [text for text in drawn if text in "未找到音频设备：音效不会发声。"]
    assert note == ["未找到音频设备：", "音效不会发声。"]
    sound.enabled = False  # the Sound row set Off: nothing to say
    assert scene.sound_note() is None
    sound.enabled = True
    assert SettingsScene(app.settings).sound_note() is None  # (a page without the player: bare tests)
    working = SoundPlayer(enabled=True)
    working.available = True
    assert SettingsScene(app.settings, working).sound_note() is None


def test_continue_resumes_a_save(app):
    game = Game(RulesConfig(), 9)
    game.apply("draw")
    app.saves.save(game, (None, "easy", "normal", "hard"))
    stack = SceneStack()
    stack.push(TitleMenuScene(app))
    assert menu_labels(stack.top)[0] == "Continue"
    stack.handle_event(key(pygame.K_RETURN))  # Continue has the focus first
    (saved,) = app.calls.continued
    assert saved.levels == (None, "easy", "normal", "hard") and [str(m) for m in saved.game.history] == ["draw"]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_long_line_beside_continue_puts_its_totals_under_the_game(app, monkeypatch, language):
    """The totals are never cut: a Chinese pass-and-play line ended "Anna、Ben…" with no score
    (play-test, stop 58); too long for one line, they go on a second line under the game."""
    from table_helpers import blits_drawn

    from game.saves import SaveSummary
    from game.scenes import menu
    from game.scenes.text import text_width

    i18n.set_language(language)
    try:
        stack = SceneStack()
        stack.push(TitleMenuScene(app))
        title = stack.top
        typed = ("Annabelle Lee", "West", "Benjamin Moore", "East")
        title.saved = SaveSummary("classic", 12, 12340, 9870, 5000, people=2, human=0, seats=(0, 2), typed=typed)
        head, score = menu.saved_game_parts(title.saved)
        drawn = blits_drawn(monkeypatch, menu)
        title.draw(Canvas(LOGICAL_SIZE, 1.0))
        texts = [text for text, _rect in drawn]
        assert head in texts and score in texts, texts  # both whole, neither cut with "…"
        boxes = {text: rect for text, rect in drawn}
        assert boxes[score].top >= boxes[head].bottom - 2  # the totals under the game
        button = title.items.widgets[0].rect
        assert boxes[head].top >= button.top - 4 and boxes[score].bottom <= button.bottom + 4  # beside Continue
        title.saved = SaveSummary("classic", 2, 10, 0, 5000)  # a short line stays one line
        drawn.clear()
        title.draw(Canvas(LOGICAL_SIZE, 1.0))
        line = menu.saved_game_line(title.saved)
        assert text_width(line, theme.FONT_SMALL) < 400 and line in [text for text, _rect in drawn]
    finally:
        i18n.set_language("en")


def test_beside_continue_the_title_says_which_game_it_goes_on_with(app):
    from game.saves import SaveSummary
    from game.scenes.menu import saved_game_line

    game = Game(RulesConfig.for_variant("samba"), 9)
    game.apply("draw")
    app.saves.save(game, (None, "easy", "normal", "hard"))
    stack = SceneStack()
    stack.push(TitleMenuScene(app))
    assert stack.top.saved == SaveSummary("samba", 1, 0, 0, 10000)
    assert saved_game_line(stack.top.saved) == "Samba · deal 1"  # (no totals yet; Samba has one target)
    assert saved_game_line(SaveSummary("classic", 2, 10, 0, 2500)) == "Classic · to 2500 · deal 2 · 10 to 0"
    longest = SaveSummary("six-hand-2x3", 12, 12340, 9870, 10000)  # (its one target is not named: the totals fit)
    assert saved_game_line(longest) == "Six-hand, two sides of three · deal 12 · 12,340 to 9,870"
    assert saved_game_line(SaveSummary("hand-and-foot", 3, 12340, 980)) == "Hand and Foot · deal 3 of 4 · 12,340 to 980"
    friends = SaveSummary("classic", 2, 10, 0, 2500, people=2)  # pass-and-play (play-test, stop 56)
    assert saved_game_line(friends) == "Classic · 2 people · to 2500 · deal 2 · 10 to 0"
    # Pass-and-play: whose total comes first, named as the table names that side (play-test, stop 58).
    two = SaveSummary("two-hand", 2, -555, 1105, 5000, people=2, human=0, seats=(0, 1), typed=("Anna", "Ben"))
    assert saved_game_line(two) == "Two-hand · 2 people · to 5000 · deal 2 · Anna: -555 to 1,105"
    assert saved_game_line(replace(two, human=1, ours=1105, theirs=-555)).endswith(" · Ben: 1,105 to -555")
    partners = SaveSummary("classic", 2, 10, 0, 5000, people=2, human=2, seats=(0, 2), typed=("Anna", "", "Ben", ""))
    assert saved_game_line(partners).endswith(" · deal 2 · Anna & Ben: 10 to 0")
    opponents = SaveSummary("classic", 2, 10, 0, 5000, people=2, human=1, seats=(0, 1))  # (no names typed)
    assert saved_game_line(opponents).endswith(" · Player 2 & East: 10 to 0")
    over = SaveSummary("classic", 6, 4555, 5755, 5000, over=True)  # closed at its final sheet
    assert saved_game_line(over) == "Classic · to 5000 · game over · 4,555 to 5,755"
    i18n.set_language("zh_CN")
    try:
        assert saved_game_line(SaveSummary("samba", 2, 1500, -20, 10000)) == "桑巴 · 第 2 局 · 1,500 比 -20"
        assert "本场已结束" in saved_game_line(over) and not missing_glyphs(saved_game_line(over))
        assert saved_game_line(two).endswith(" · Anna：-555 比 1,105")
        assert not missing_glyphs(saved_game_line(stack.top.saved))
        draw(stack)
    finally:
        i18n.set_language("en")
    (path := app.saves.path).write_bytes(path.read_bytes().replace(b'"samba"', b'"pinochle"'))
    stack.top.rebuild()
    assert stack.top.saved is None and menu_labels(stack.top)[0] == "Continue"  # its load says why
    draw(stack)


def test_with_three_sides_or_more_the_totals_say_whose_the_second_is():
    """Three-hand (and six-hand's three sides): the second total is the best of the others;
    "1,000 to 1,295" read as a game of two, the third player's total gone (play-test, stop 61)."""
    from game.recent_deals import RecentDeal
    from game.saves import SaveSummary
    from game.scenes.menu import saved_game_line
    from game.scenes.recent_deals_scene import entry_text

    alone = SaveSummary("three-hand", 2, 1000, 1295, 5000)
    assert saved_game_line(alone) == "Three-hand · to 5000 · deal 2 · You 1,000 · best other 1,295"
    sides = SaveSummary("six-hand", 3, 2400, 1800, 7500)
    assert saved_game_line(sides).endswith(" · deal 3 · Your side 2,400 · best other side 1,800")
    friends = SaveSummary("three-hand", 2, -555, 1105, 5000, people=2, human=0, seats=(0, 1), typed=("Anna", "Ben", ""))
    assert saved_game_line(friends).endswith(" · Anna -555 · best other 1,105")
    assert saved_game_line(SaveSummary("two-hand", 2, 10, 0, 5000)).endswith(" · 10 to 0")  # (two sides: as before)
    deal = RecentDeal("", (0,), ("South", "West", "East"), "three-hand", 0, 820, 0.0, theirs=1685)
    assert entry_text(deal).endswith(" · Three-hand · deal 1 · You 820 · best other 1,685")
    i18n.set_language("zh_CN")
    try:
        line = saved_game_line(alone)
        assert line.endswith(" · 你 1,000 · 其余最高 1,295") and not missing_glyphs(line)
        line = saved_game_line(sides)
        assert line.endswith(" · 本方 2,400 · 其他方最高 1,800") and not missing_glyphs(line)
        assert not missing_glyphs(entry_text(deal))
    finally:
        i18n.set_language("en")


def test_continue_with_a_damaged_save_explains_and_offers_new_game(app):
    app.saves.path.write_text('{"format": "canasta-save/1", "moves": [')
    stack = SceneStack()
    stack.push(TitleMenuScene(app))
    stack.handle_event(key(pygame.K_RETURN))
    assert isinstance(stack.top, ModalDialogScene) and not app.calls.continued
    assert "not valid JSON" in stack.top.dialog.message_label.text
    draw(stack)
    stack.handle_event(key(pygame.K_ESCAPE))  # OK
    assert isinstance(stack.top, TitleMenuScene)
    assert menu_labels(stack.top)[0] == "New game"  # the bad save was moved aside
    assert any(p.name.startswith("save.json.bad-") for p in app.saves.path.parent.iterdir())


def test_stats_reset_needs_confirmation(app):
    app.stats.records["classic/normal"] = Record(games=2, wins=1, deals=5, deal_points=900, best_deal=700)
    stack = SceneStack()
    stack.push(StatsScene(app))
    draw(stack)
    stack.top.reset_button.click()
    assert isinstance(stack.top, ModalDialogScene)
    stack.handle_event(key(pygame.K_ESCAPE))  # "Keep them"
    assert app.stats.records
    stack.top.reset_button.click()
    stack.top.dialog.button_widgets[1].click()  # "Reset"
    assert isinstance(stack.top, StatsScene) and not app.stats.records


def test_rules_scroll_by_keyboard_and_wheel(app):
    stack = SceneStack()
    stack.push(RulesScene())
    draw(stack)
    scene = stack.top
    assert scene.max_scroll > 500  # the rules are long: they must scroll
    stack.handle_event(key(pygame.K_END))
    assert scene.scroll == scene.max_scroll
    stack.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    assert scene.scroll < scene.max_scroll
    stack.handle_event(key(pygame.K_HOME))
    assert scene.scroll == 0


class RecordingFont:
    """Wraps a pygame Font and records every text rendered with it."""

    def __init__(self, font: pygame.font.Font, bold: bool, seen: list) -> None:
        self._font, self._bold, self._seen = font, bold, seen

    def render(self, text, *args, **kwargs):
        self._seen.append((str(text), self._bold))
        return self._font.render(text, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._font, name)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_scene_renders_without_missing_glyphs(app, monkeypatch, language):
    seen: list[tuple[str, bool]] = []
    real = assets.font_for_text
    monkeypatch.setattr(
        assets, "font_for_text", lambda text, size, bold=False: RecordingFont(real(text, size, bold), bold, seen)
    )
    app.stats.records["three-hand/mixed"] = Record(games=1, wins=1, deals=3, deal_points=1500, best_deal=900)
    app.settings.set("language", language)
    for scene in (TitleMenuScene(app), NewGameScene(app), SettingsScene(app.settings), RulesScene(), StatsScene(app)):
        stack = SceneStack()
        stack.push(scene)
        draw(stack)
        if isinstance(scene, RulesScene):
            scene.scroll = scene.max_scroll
            draw(stack)
    stack = SceneStack()
    stack.push(ModalDialogScene(i18n._("Reset statistics?"), i18n._("No games played yet."), [(i18n._("OK"), None)]))
    draw(stack)
    assert len(seen) > 60
    missing = {text[:30]: "".join(missing_glyphs(text, bold)) for text, bold in seen if missing_glyphs(text, bold)}
    assert not missing
    if language == "zh_CN":
        assert any("卡纳斯塔" in text for text, _bold in seen)


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize(
    "value", ["Normal", "Classic (4 players, partners)", "2500 points (short game)", "六人（两方，每方三人）四个搭档"]
)
def test_a_choices_arrows_keep_clear_of_its_value_at_every_scale(value, scale):
    """A whole gap between each arrow and the value as drawn (a 1.5x font is not exactly
    1.5 times as wide; "2500 points (short game)" once touched its left arrow)."""
    from game.scenes.layout import Ruler
    from game.scenes.menu_widgets import ARROW_GAP

    choice = Choice((300, 150, 680, 46), "Play to", [(value, value)], value, translate_values=False)
    arrow, center = choice.value_geometry(Ruler(scale))
    width = assets.font_for_text(value, round(theme.FONT_BODY * scale), True).size(value)[0] / scale
    assert arrow + ARROW_GAP <= center - width / 2 + 0.01
    assert center + width / 2 <= choice.rect.right - 20 - ARROW_GAP + 0.01


def test_stats_reset_that_cannot_be_written_forgets_nothing_and_says_so(app, monkeypatch):
    from game import storage

    app.stats.records["classic/normal"] = Record(games=2, wins=1, deals=5)
    app.stats.save()
    stack = SceneStack()
    stack.push(StatsScene(app))
    draw(stack)

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "atomic_write", full_disk)
    stack.top.reset_button.click()
    stack.top.dialog.button_widgets[1].click()  # "Reset"
    dialog = stack.top
    assert isinstance(dialog, ModalDialogScene) and "not reset" in dialog.dialog.title
    assert app.stats.records["classic/normal"].games == 2  # neither in memory nor on disk forgotten
    monkeypatch.undo()
    assert type(app.stats)(app.stats.directory).records["classic/normal"].games == 2


def test_stats_go_a_page_at_a_time(app):
    variants = ("classic", "two-hand", "three-hand", "samba", "bolivia")
    for variant in variants:
        for level in ("easy", "normal", "hard"):
            app.stats.records[f"{variant}/{level}"] = Record(games=1)
    stack = SceneStack()
    stack.push(StatsScene(app))
    scene = stack.top
    shown: list[str] = []
    original = scene.draw_content

    def rows_drawn() -> list[str]:
        from game.scenes import stats_scene

        drawn: list[str] = []
        real = stats_scene.row_texts

        def spy(key, record):
            drawn.append(key)
            return real(key, record)

        stats_scene.row_texts = spy
        try:
            original(Canvas(LOGICAL_SIZE, 1.0))
        finally:
            stats_scene.row_texts = real
        return drawn

    assert scene.pages == 2
    shown += rows_drawn()
    labels = {w.msgid: w for w in scene.items.widgets}
    assert not labels["Previous page"].enabled and labels["Next page"].enabled
    labels["Next page"].click()
    shown += rows_drawn()
    assert sorted(shown) == sorted(app.stats.records) and len(shown) == 15
    labels = {w.msgid: w for w in scene.items.widgets}
    assert labels["Previous page"].enabled and not labels["Next page"].enabled


def test_statistics_opens_with_back_focused_not_reset(app):
    app.stats.records["classic/normal"] = Record(games=2)
    scene = StatsScene(app)
    assert scene.items.focused.msgid == "Back"


def test_a_click_on_the_seed_field_puts_the_caret_there(app):
    """Clicked (not reached by the keyboard), the seed field takes the digits typed next."""
    stack = SceneStack()
    scene = NewGameScene(app)
    stack.push(scene)
    field = scene.seed_field
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        stack.handle_event(pygame.event.Event(kind, pos=field.rect.center, **extra))
    assert scene.items.focused is field
    for digit in "42":
        stack.handle_event(key(getattr(pygame, f"K_{digit}"), digit))
    assert field.digits == "42"


def _click(stack: SceneStack, pos) -> None:
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        stack.handle_event(pygame.event.Event(kind, pos=pos, **extra))


def test_a_click_on_a_seats_arrow_keeps_the_focus_on_that_row(app):
    """After a click on a seat's arrow the focus ring jumped back to the Game row (the page
    is rebuilt when the Names button comes or goes; play-test stop 56): it is on the row
    clicked, whether the page was rebuilt or not, and the keyboard goes on from there."""
    stack = SceneStack()
    scene = NewGameScene(app, variant="classic")
    stack.push(scene)

    def north() -> Choice:
        return next(w for w in scene.items.widgets if isinstance(w, Choice) and w.label == "North (partner)")

    assert north().value == "normal"
    seen = []
    for _ in range(3):  # Normal -> Hard -> Person (two people: the page rebuilt) -> Easy (rebuilt again)
        items = scene.items
        _click(stack, (north().rect.right - 20, north().rect.centery))  # (the right arrow)
        focused = scene.items.focused
        assert focused is north(), (north().value, focused)
        assert sum(w.focused for w in scene.items.widgets) == 1
        seen.append((north().value, scene.items is not items))
    assert seen == [("hard", False), ("person", True), ("easy", True)]
    stack.handle_event(key(pygame.K_RIGHT))  # the keyboard goes on with the row clicked
    assert north().value == "normal" and scene.items.focused is north()
    stack.handle_event(key(pygame.K_DOWN))
    assert scene.items.focused.label == "East (opponent)"


def test_a_click_on_the_game_rows_arrow_keeps_the_focus_there(app):
    stack = SceneStack()
    scene = NewGameScene(app, variant="classic")
    stack.push(scene)
    stack.handle_event(key(pygame.K_DOWN))
    stack.handle_event(key(pygame.K_DOWN))  # (the focus elsewhere first: South's row)
    game = scene.items.widgets[0]
    _click(stack, (game.rect.right - 20, game.rect.centery))
    assert scene.variant != "classic" and scene.items.focused is scene.items.widgets[0]


def test_the_new_game_page_offers_the_last_game_started_from_it(app, tmp_path):
    """It opened on classic every time, so one arrow press after a game of Bolivia started
    two-hand (play-test, stop 41): the last choice is kept in the settings, seats included."""
    scene = NewGameScene(app)
    assert (scene.variant, scene.target) == ("classic", 5000)
    scene._set_variant("bolivia")
    scene.levels[2] = "hard"
    scene._start()
    assert app.settings.value.new_game_variant == "bolivia"
    again = NewGameScene(app)
    assert (again.variant, again.target, again.levels[2]) == ("bolivia", 15000, "hard")
    assert load_settings(tmp_path)[0].new_game_seats.split()[:4] == ["person", "normal", "hard", "normal"]
    # A value that no longer fits (a hand-edited file) falls back to the variant's own.
    app.settings.set("new_game_target", 1234)
    app.settings.set("new_game_seats", "person wizard")
    scene = NewGameScene(app)
    assert scene.target == 15000 and scene.levels[1] == "normal"


def test_main_menu_from_a_game_started_on_the_new_game_page_is_the_title(tmp_path, monkeypatch):
    from game.window import MainWindow

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    window = MainWindow(menu=True, threaded=False)
    try:
        assert window.context is not None
        window.stack.push(NewGameScene(window.context))
        window.stack.top._start()
        assert window.table is not None and window.stack.top is window.table
        window.back_to_menu()
        assert isinstance(window.stack.top, TitleMenuScene) and len(window.stack.scenes) == 1
    finally:
        window.close()


def test_a_deal_named_on_the_command_line_is_a_saved_game_with_the_players_settings(tmp_path, monkeypatch):
    """`canasta --seed 7 --variant two-hand` ignored the player's settings and kept no save
    (keyboard play-test, stop 41); with a game in progress it must not replace it unasked."""
    from game.settings import Settings, save_settings
    from game.window import MainWindow

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    save_settings(Settings(card_back="B1"), tmp_path)
    window = MainWindow(menu=True, threaded=False)
    try:
        window.open_game("two-hand", 7, 5000, "hard")
        table = window.table
        assert table is not None and window.stack.top is table
        assert (table.game.config.variant, table.game.seed, table.card_back) == ("two-hand", 7, "B1")
        assert window.context is not None and window.context.saves.exists()
        window.back_to_menu()
        window.open_game("classic", 9, 2500, "easy")  # a game in progress: the page, set to it
        page = window.stack.top
        assert isinstance(page, NewGameScene) and window.table is None
        assert (page.variant, page.target, page.seed_field.digits, page.levels[1]) == ("classic", 2500, "9", "easy")
    finally:
        window.close()


def test_the_window_cannot_be_dragged_smaller_than_the_table_can_be_read(tmp_path, monkeypatch):
    """At 400x300 nothing could be read (keyboard play-test, stop 41); a smaller --size
    (tools, tests) sets its own floor."""
    import warnings

    from game.window import MIN_WINDOW, MainWindow

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    for size, least in (((1280, 720), MIN_WINDOW), ((640, 400), (640, 400))):
        window = MainWindow(menu=False, threaded=False, size=size)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                assert pygame.Window.from_display_module().minimum_size == least
        finally:
            window.close()


def test_stats_names_keep_clear_of_the_figures_and_the_note_of_the_buttons():
    """Six-hand-2x3's long name ran into the Games figure, and the note sat under the
    buttons' shadows (play-test, stop 42): every game's name fits its column in both
    languages, and the buttons end above the note."""
    from game.bots.base import LEVEL_NAMES
    from game.rules.variants import VARIANTS
    from game.scenes import stats_scene
    from game.scenes.text import fitting_size

    try:
        for language in ("en", "zh_CN"):
            i18n.set_language(language)
            for variant in VARIANTS:
                for level in LEVEL_NAMES:
                    name = stats_scene.row_texts(f"{variant.id}/{level}", Record())[0]
                    size = fitting_size(name, theme.FONT_BODY, stats_scene.NAME_WIDTH, bold=True, smallest=13)
                    width = assets.font_for_text(name, round(size * 4), True).size(name)[0] / 4
                    assert width <= stats_scene.NAME_WIDTH + 0.5, (language, name)
            # The longest note (every kind of game on a page of several) takes two lines.
            for keys in (["classic/normal"], ["classic/normal", "samba/hard", "two-hand/easy", "hand-and-foot/normal"]):
                size, lines = stats_scene.note_lines(stats_scene.note_parts(keys, 1, 2))
                assert stats_scene.NOTE_GAP.join(lines) == stats_scene.stats_note(keys, 1, 2)  # (broken between parts)
                for line in lines:
                    width = assets.font_for_text(line, round(size * 4), False).size(line)[0] / 4
                    assert width <= stats_scene.NOTE_WIDTH and size >= 13, (language, line)
            assert len(lines) <= 2
    finally:
        i18n.set_language("en")
    buttons_bottom = stats_scene.WIDE_PANEL.bottom - stats_scene.BUTTONS_UP + 46
    note_top = stats_scene.WIDE_PANEL.bottom - 8 - stats_scene.NOTE_PITCH - 13 * 1.4  # (two lines)
    assert buttons_bottom + 4 <= note_top
    last_row = stats_scene.WIDE_PANEL.y + 60 + stats_scene.ROWS * stats_scene.ROW_PITCH
    assert last_row <= stats_scene.WIDE_PANEL.bottom - stats_scene.BUTTONS_UP


def test_the_rules_open_at_the_section_of_a_game_of_two_three_five_or_six(app):
    """From a two-hand table the rules opened at classic's partnership game ("you and North
    are a side"; play-test, stop 43): the shared page opens at the game's own section."""
    from game.rules.variants import variant_named
    from game.rules_text import PAGES, opening_heading, page_for

    for variant, heading in (("two-hand", "Two and three players"), ("six-hand", "Five and six players")):
        rules = variant_named(variant)
        assert rules is not None and opening_heading(rules) == heading
        stack = SceneStack()
        scene = RulesScene(page_for(rules), opening_heading(rules))
        stack.push(scene)
        draw(stack)  # the first frame lays the page out and shows it from the heading
        kinds = [(kind, msgid) for kind, msgid, _cards in PAGES[scene.page].blocks]
        assert 0 < scene.shown_scroll <= scene.max_scroll and ("h", heading) in kinds
        assert scene.scroll == 0  # (drawing changes nothing: the next update settles there)
        shown = scene.shown_scroll
        draw(stack)
        assert scene.scroll == scene.shown_scroll == shown
        # The heading's block is in the view (scrolled to it, or as near as the page's end allows).
        placed, _height = scene._laid_out(Ruler(1.0))
        top = placed[kinds.index(("h", heading))][0]
        assert scene.scroll <= top <= scene.scroll + VIEW.height - 2 * TEXT_MARGIN - 30
        top = scene.scroll
        stack.handle_event(key(pygame.K_HOME))  # then the reader scrolls as ever
        draw(stack)
        assert scene.scroll == 0 and top > 0
    classic = variant_named("classic")
    assert classic is not None and opening_heading(classic) == ""


def test_the_first_meld_section_gives_the_concealed_exception():
    """R-MIN-CONCEALED: a player who drew from the stock and goes out concealed needs no
    minimum. The first-meld section gave the minimum alone; the exception was only under
    Going out, where a player looking up the minimum did not read."""
    from game.rules_text import RULES

    start = RULES.index(("h", "The first meld", ""))
    end = next(i for i in range(start + 1, len(RULES)) if RULES[i][0] == "h")
    texts = [text for kind, text, _cards in RULES[start:end] if kind == "p"]
    assert any("go out concealed" in t and "no minimum" in t and "pile never" in t for t in texts)


def test_the_samba_family_pages_say_the_minimum_holds_going_out_concealed():
    """V-SAMBA-OUT and V-HF-CONCEALED: no minimum waiver. Once the Canasta page gave the
    exception, Samba's "everything else as in Canasta" read as if it held there too
    (play-test, stop 44)."""
    from game.rules.variants import variant_named
    from game.rules_text import PAGES, page_for

    for variant in ("samba", "bolivia", "hand-and-foot"):
        rules = variant_named(variant)
        assert rules is not None and not rules.concealed_waiver
        texts = [text for kind, text, _cards in PAGES[page_for(rules)].blocks if kind == "p"]
        assert any("first meld" in t and "even to go out concealed" in t for t in texts), variant


def test_a_long_notice_alone_takes_the_titles_two_lines_two_notices_one_each():
    from game.scenes.menu import notice_rows

    canvas = Canvas(LOGICAL_SIZE, 1.0)
    long = "values not allowed, set back to their defaults: " + ", ".join(
        f"Setting number {n} with a long name" for n in range(7)
    )
    rows = notice_rows(canvas, [long])
    assert len(rows) == 2
    assert rows[0].startswith("values not allowed") and "Setting number 4" in rows[1]
    assert rows[1].endswith("…")  # still more than two lines: cut where it stops
    rows = notice_rows(canvas, ["the statistics file was unreadable", long])
    assert rows[0] == "the statistics file was unreadable"
    assert len(rows) == 2 and rows[1].endswith("…")
    assert notice_rows(canvas, ["a short one"]) == ["a short one"]
    assert notice_rows(canvas, []) == []


def test_left_and_right_move_between_buttons_side_by_side(app):
    """On the New game page Right on Start did nothing, nor Left on Statistics' Back
    (keyboard play-test, stop 47): the focus goes to the button beside it on its row; a
    Choice keeps Left/Right for its value, and a row with nothing beside keeps its focus."""
    stack = SceneStack()
    stack.push(StatsScene(app))
    scene = stack.top
    assert scene.items.focused.msgid == "Back"
    stack.handle_event(key(pygame.K_LEFT))
    assert scene.items.focused.msgid == "Recent deals"
    stack.handle_event(key(pygame.K_LEFT))  # Reset... is disabled (nothing to reset): no further
    assert scene.items.focused.msgid == "Recent deals"
    stack.handle_event(key(pygame.K_RIGHT))
    assert scene.items.focused.msgid == "Back"
    stack.push(NewGameScene(app))
    page = stack.top
    assert isinstance(page.items.focused, Choice)
    stack.handle_event(key(pygame.K_RIGHT))  # the Choice's value changes (the page is rebuilt), the focus stays
    assert isinstance(page.items.focused, Choice) and page.items.widgets.index(page.items.focused) == 0
    stack.handle_event(key(pygame.K_LEFT))
    while not (isinstance(page.items.focused, TextButton) and page.items.focused.msgid == "Start"):
        stack.handle_event(key(pygame.K_DOWN))
    stack.handle_event(key(pygame.K_RIGHT))
    assert page.items.focused.msgid == "Back"
    stack.handle_event(key(pygame.K_RIGHT))  # nothing beside it: it stays
    assert page.items.focused.msgid == "Back"
    stack.handle_event(key(pygame.K_LEFT))
    assert page.items.focused.msgid == "Start"
    stack.handle_event(key(pygame.K_RETURN))
    assert app.calls.started


def test_a_speed_on_the_command_line_is_the_players_speed_setting(tmp_path, monkeypatch, capsys):
    """`canasta --seed 7 --speed 0.5` played at the player's saved speed, its Speed button saying
    1× (play-test, stop 51): a speed given for a game a person plays is their Speed setting, kept
    as the button keeps it; one the setting cannot take is refused, nothing changed."""
    from game import cli
    from game.settings import load_settings
    from game.window import MainWindow

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    monkeypatch.setattr(MainWindow, "run", lambda self, **options: None)  # set up, then close
    tables = []
    monkeypatch.setattr(MainWindow, "close", lambda self: tables.append(self.table) or pygame.display.quit())
    assert cli.main(["--seed", "7", "--variant", "two-hand", "--speed", "0.5"]) == 0
    assert load_settings(tmp_path)[0].animation_speed == 0.5
    table = tables[-1]
    assert table is not None and table.animator.speed == 0.5
    table.update(1 / 60)  # (the buttons' words follow each frame)
    assert table.speed_button.text == "Speed 0.5×"
    assert cli.main(["--seed", "7", "--speed", "3"]) == 2
    assert "one of 0.5, 1, 2, 4" in capsys.readouterr().err
    assert load_settings(tmp_path)[0].animation_speed == 0.5


def test_a_level_on_the_command_line_sets_the_new_game_pages_bots(tmp_path, monkeypatch):
    """`canasta --level hard` opened the title and its New game page offered Normal bots
    (play-test, stop 52): at the title a level given is every bot seat's on that page, as
    its rows would set them; seats played by people stay people."""
    from game import cli
    from game.settings import MOST_SEATS, load_settings
    from game.window import MainWindow

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    monkeypatch.setattr(MainWindow, "run", lambda self, **options: None)
    apps = []
    monkeypatch.setattr(MainWindow, "close", lambda self: apps.append(self) or pygame.display.quit())
    assert cli.main(["--level", "hard"]) == 0
    seats = load_settings(tmp_path)[0].new_game_seats.split()
    assert seats == ["person", *["hard"] * (MOST_SEATS - 1)]
    page = NewGameScene(apps[-1].context)
    assert [page.levels[seat] for seat in range(4)] == ["person", "hard", "hard", "hard"]
    assert page.chosen()[2] == (None, "hard", "hard", "hard")
    context = apps[-1].context
    context.settings.set("new_game_seats", "person easy person")  # pass-and-play remembered
    assert cli.main(["--level", "easy"]) == 0
    assert load_settings(tmp_path)[0].new_game_seats.split()[:4] == ["person", "easy", "person", "easy"]
    assert cli.main([]) == 0  # no level given: the page as left
    assert load_settings(tmp_path)[0].new_game_seats.split()[:4] == ["person", "easy", "person", "easy"]


def test_a_choice_of_one_value_draws_no_arrows():
    """Hand and Foot is played to four deals, nothing else: its "Play to" row showed arrows
    that stepped nowhere (play-test, stop 62). A row of two values shows both."""
    from game.scenes.layout import Canvas, Ruler

    def arrow_pixels(options):
        choice = Choice((300, 150, 680, 46), "Play to", options, options[0][0], translate_values=False)
        canvas = Canvas((1280, 720), 1.0)
        choice.draw(canvas)
        left, _center = choice.value_geometry(Ruler(1.0))
        spots = [(round(left), 173), (round(choice.rect.right - 20), 173)]
        return [canvas.get_at(spot)[:3] == tuple(theme.GOLD_DARK)[:3] for spot in spots]

    assert arrow_pixels([(0, "4 deals")]) == [False, False]
    assert arrow_pixels([(0, "4 deals"), (1, "5000 points")]) == [True, True]
