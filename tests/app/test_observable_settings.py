"""Settings as one observable value (issue 14): a change of one setting reaches exactly
the parts that depend on it, once each; nothing is applied twice at start-up; a table
that has left stops following."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from game import app as app_module
from game import assets, i18n
from game.observable_settings import NAMES, ObservableSettings, SettingError
from game.rules import RulesConfig
from game.settings import CHOICES, Settings, save_settings
from game.window import MainWindow

# -- the value ------------------------------------------------------------------------------


def test_bind_applies_now_and_on_each_change_once():
    settings = ObservableSettings()
    seen: list[object] = []
    settings.bind("card_back", seen.append)
    assert seen == ["B2"]  # now
    settings.set("card_back", "B1")
    settings.set("card_back", "B1")  # the same value: no change, nobody told
    assert seen == ["B2", "B1"] and settings.value.card_back == "B1"


def test_a_change_reaches_only_the_followers_of_that_setting_then_bind_any():
    settings = ObservableSettings()
    calls: list[tuple[str, object]] = []
    for name in NAMES:
        settings.bind(name, lambda value, name=name: calls.append((name, value)), now=False)
    settings.bind_any(lambda value, name: calls.append(("any", name)))
    settings.set("bot_pace", "fast")
    assert calls == [("bot_pace", "fast"), ("any", "bot_pace")]


def test_a_bad_value_is_a_typed_error_and_changes_nothing():
    settings = ObservableSettings()
    calls: list[object] = []
    settings.bind("animation_speed", calls.append, now=False)
    settings.bind_any(lambda value, name: calls.append(name))
    for name, value in (("animation_speed", 3.0), ("animation_speed", True), ("language", "xx"), ("sound", 1)):
        with pytest.raises(SettingError) as refused:
            settings.set(name, value)
        assert (refused.value.name, refused.value.value, refused.value.unknown) == (name, value, False)
    with pytest.raises(SettingError) as unknown:
        settings.set("colour", "red")
    assert unknown.value.unknown and isinstance(unknown.value, ValueError)
    with pytest.raises(SettingError):
        settings.bind("colour", calls.append)
    assert settings.value == Settings() and calls == []


def test_an_int_speed_is_kept_as_a_float_and_the_value_is_frozen():
    settings = ObservableSettings()
    settings.set("animation_speed", 2)
    assert settings.value.animation_speed == 2.0 and isinstance(settings.value.animation_speed, float)
    with pytest.raises(AttributeError):
        settings.value.language = "zh_CN"  # type: ignore[misc]


def test_unbind_stops_the_calls():
    settings = ObservableSettings()
    seen: list[object] = []
    unbind = settings.bind("sound", seen.append, now=False)
    unbind_any = settings.bind_any(lambda value, name: seen.append(name))
    unbind()
    unbind_any()
    unbind()  # twice is harmless
    settings.set("sound", False)
    assert seen == [] and settings.bound("sound") == ()


# -- in the app: each setting's dependents, once ------------------------------------------


class Spies:
    """Counts what a settings change does, through the real app (menu mode, a table up)."""

    def __init__(self, monkeypatch) -> None:
        self.calls: Counter[str] = Counter()
        self.depth = 0
        self.monkeypatch = monkeypatch
        self.spy(i18n, "set_language", "set_language")
        self.spy(assets, "set_four_colour", "set_four_colour")
        self.spy(pygame.display, "set_caption", "set_caption")
        self.spy(pygame.display, "set_mode", "set_mode")
        self.spy(app_module, "save_settings", "save")

    def spy(self, owner, attribute: str, label: str) -> None:
        real = getattr(owner, attribute)

        def counted(*args, **kwargs):
            if not self.depth:  # what the change does, not what that does in turn
                self.calls[label] += 1
            self.depth += 1
            try:
                return real(*args, **kwargs)
            finally:
                self.depth -= 1

        self.monkeypatch.setattr(owner, attribute, counted)


def observed(window: MainWindow) -> dict[str, object]:
    """The values that a setting sets at the table and in the app."""
    table = window.table
    assert table is not None
    return {
        "animator.speed": table.animator.speed,
        "table.pace": table.pace,
        "table.card_back": table.card_back,
        "table.confirm_risky": table.confirm_risky,
        "table.geometry": id(table.geometry),
        "sound.enabled": window.sound.enabled,
    }


# What each setting reaches: function calls (counted) and values (changed).
DEPENDENTS: dict[str, set[str]] = {
    "language": {"set_language", "set_caption", "table.buttons", "save"},
    "animation_speed": {"animator.speed", "save"},
    "bot_pace": {"table.pace", "save"},
    "card_size": {"table.geometry", "table.relayout", "save"},
    "four_colour_deck": {"set_four_colour", "save"},
    "card_back": {"table.card_back", "save"},
    "sound": {"sound.enabled", "save"},
    "fullscreen": {"set_mode", "save"},
    "confirm_risky_discard": {"table.confirm_risky", "save"},
    "new_game_variant": {"save"},  # the New game page's last choice: read when the page opens
    "new_game_target": {"save"},
    "new_game_seats": {"save"},
    "person_names": {"save"},  # read when a game starts (pass-and-play's names)
    "window_size": {"save"},  # read when the window opens (kept as the player left it)
}


def other_value(settings: ObservableSettings, name: str) -> object:
    current = settings.get(name)
    if isinstance(current, bool):
        return not current
    if name not in CHOICES:  # free values (the New game page's last choice, the people's names)
        if name == "window_size":
            return "1600x900"
        if isinstance(current, tuple):
            return ("Ann", "", "Cy")
        return 2500 if isinstance(current, int) else "person hard hard hard"
    return next(value for value in CHOICES[name] if value != current)


@pytest.fixture
def window(tmp_path, monkeypatch):
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    spies = Spies(monkeypatch)
    window = MainWindow(menu=True, threaded=False)
    window.start_game(RulesConfig(), 5, (None, "easy", "easy", "easy"))
    table = window.table
    assert table is not None
    for method, label in (("relayout", "table.relayout"), ("_refresh_buttons", "table.buttons")):
        spies.spy(table, method, label)
    window.spies = spies  # type: ignore[attr-defined]
    yield window
    window.close()


def test_the_dependents_list_names_every_setting():
    assert set(DEPENDENTS) == set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_a_change_of_one_setting_reaches_exactly_its_dependents_once(window, name):
    spies = window.spies
    spies.calls.clear()
    before = observed(window)
    window.settings.set(name, other_value(window.settings, name))
    after = observed(window)
    changed = {key for key in before if before[key] != after[key]}
    assert dict(spies.calls) == {label: 1 for label in DEPENDENTS[name] if label not in before}
    assert changed == {label for label in DEPENDENTS[name] if label in before}
    # Setting the value it has now is no change at all.
    spies.calls.clear()
    window.settings.set(name, window.settings.get(name))
    assert not spies.calls and observed(window) == after


def test_start_up_applies_each_setting_once_and_the_table_follows_without_a_second_write(tmp_path, monkeypatch):
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    save_settings(Settings(language="zh_CN", animation_speed=2.0, bot_pace="slow", card_back="B1"), tmp_path)
    spies = Spies(monkeypatch)
    window = MainWindow(menu=True, threaded=False)
    try:
        assert spies.calls == {"set_language": 1, "set_four_colour": 1, "set_caption": 1, "set_mode": 1}
        assert i18n.get_language() == "zh_CN"
        window.start_game(RulesConfig(), 5, (None, "easy", "easy", "easy"))
        table = window.table
        assert table is not None
        assert (table.animator.speed, table.pace, table.card_back) == (2.0, 2.0, "B1")
        assert spies.calls["set_language"] == 1 and spies.calls["save"] == 0
    finally:
        window.close()


def test_the_command_lines_speed_is_the_settings_start_value(monkeypatch):
    window = MainWindow(seed=1, speed=8.0, threaded=False)
    try:
        assert window.settings.value.animation_speed == 8.0 and window.table is not None
        assert window.table.animator.speed == 8.0
        window.settings.set("animation_speed", 0.5)  # the table menu's Settings page still works
        assert window.table.animator.speed == 0.5
    finally:
        window.close()


def test_a_table_that_left_follows_no_more(window):
    table = window.table
    window.back_to_menu()
    assert all(table not in [getattr(c, "__self__", None) for c in window.settings.bound(n)] for n in NAMES)
    window.settings.set("card_back", "B1")
    assert table.card_back == "B2"
