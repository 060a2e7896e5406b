"""Settings for a table started without the menus (`main.py --table`, automation).

The table menu's Settings page works on any object with `.settings` and
`.update_setting(name, value)`: the app's AppContext (which saves them), or this
one, which starts from the defaults, applies a change at once like the app does
and never writes the player's settings file (a script must not depend on it, or
change it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import assets, i18n
from game.settings import Settings
from game.sound import SoundPlayer


class LocalSettings:
    def __init__(
        self,
        settings: Settings | None = None,
        sound: SoundPlayer | None = None,
        on_settings_changed: Callable[[Settings, str], None] | None = None,
    ) -> None:
        self.settings = settings if settings is not None else Settings()
        self.sound = sound if sound is not None else SoundPlayer(self.settings.sound)
        self.on_settings_changed = on_settings_changed
        self.notices: list[str] = []
        self.apply_all()

    def apply_all(self) -> None:
        i18n.set_language(self.settings.language)
        self.sound.enabled = self.settings.sound
        assets.set_four_colour(self.settings.four_colour_deck)

    def update_setting(self, name: str, value: Any) -> None:
        setattr(self.settings, name, value)
        self.settings, _bad = self.settings.validated()
        self.apply_all()
        if self.on_settings_changed is not None:
            self.on_settings_changed(self.settings, name)

    def play(self, name: str) -> None:
        """A sound effect (the table's play_sound)."""
        self.sound.play(name)
