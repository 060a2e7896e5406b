"""The player's settings as one observable value (after Arcade's observable properties).

Each part of the app that depends on a setting binds to that setting, once, where
that part is made; a change then reaches exactly those parts, once each, and nothing
else (no "re-apply everything").

    settings = ObservableSettings(load_settings()[0])
    settings.bind("language", i18n.set_language)   # applied now, and on every change
    settings.bind_any(keep)                         # keep(settings, name) after any change
    settings.set("language", "zh_CN")               # i18n switches, then keep() runs
    settings.value.language                         # 'zh_CN' (a frozen Settings)

A change that leaves the value as it was is no change (nobody is called). A value the
setting does not allow is refused with a `SettingError`, the settings unchanged. The
start value is taken as given: `load_settings` has checked a file, and a table started
from the command line may run at an animation speed off the Settings page's scale.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace
from typing import Any

from game.settings import Settings, allowed_value

NAMES: tuple[str, ...] = tuple(f.name for f in fields(Settings))

ValueCallback = Callable[[Any], object]
ChangeCallback = Callable[[Settings, str], object]
Unbind = Callable[[], None]


class SettingError(ValueError):
    """A setting that does not exist, or a value it does not allow (errors as data)."""

    def __init__(self, name: str, value: object = None, *, unknown: bool = False) -> None:
        self.name = name
        self.value = value
        self.unknown = unknown
        super().__init__(f"unknown setting {name!r}" if unknown else f"setting {name!r} cannot be {value!r}")


class ObservableSettings:
    def __init__(self, settings: Settings | None = None) -> None:
        self._value = settings if settings is not None else Settings()
        self._bound: dict[str, list[ValueCallback]] = {name: [] for name in NAMES}
        self._any: list[ChangeCallback] = []

    @property
    def value(self) -> Settings:
        """The settings now (frozen: change them with `set`)."""
        return self._value

    def get(self, name: str) -> Any:
        return getattr(self._value, _known(name))

    def set(self, name: str, value: Any) -> None:
        """Change one setting. Its bound callbacks run in the order they were bound,
        then those of `bind_any`; none of them if the value stays as it was."""
        new = allowed_value(_known(name), value)
        if new is None:
            raise SettingError(name, value)
        if new == getattr(self._value, name):
            return
        self._value = replace(self._value, **{name: new})
        for callback in list(self._bound[name]):
            callback(new)
        for change in list(self._any):
            change(self._value, name)

    def bind(self, name: str, callback: ValueCallback, *, now: bool = True) -> Unbind:
        """Call `callback(value)` whenever setting `name` changes, and at once with its
        value now (`now`). Returns the function that unbinds it."""
        callbacks = self._bound[_known(name)]
        callbacks.append(callback)
        if now:
            callback(getattr(self._value, name))
        return lambda: _discard(callbacks, callback)

    def bind_any(self, callback: ChangeCallback) -> Unbind:
        """Call `callback(settings, name)` after any change (keeping them on disk)."""
        self._any.append(callback)
        return lambda: _discard(self._any, callback)

    def bound(self, name: str) -> tuple[ValueCallback, ...]:
        """What follows setting `name`, in the order it is told (tests, debugging)."""
        return tuple(self._bound[_known(name)])


def _known(name: str) -> str:
    if name not in NAMES:
        raise SettingError(name, unknown=True)
    return name


def _discard(callbacks: list[Any], callback: Any) -> None:
    if callback in callbacks:
        callbacks.remove(callback)
