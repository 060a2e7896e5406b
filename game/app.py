"""The app's shared services, handed to every menu scene: settings, the save
slot, statistics, sound, and the callbacks into the table (main.py wires them).

    app = AppContext.create(on_start_game=start_table, on_continue=resume_table,
                            on_quit=stop, on_settings_changed=apply_display)
    stack.push(TitleMenuScene(app))

`on_start_game(config, seed, levels)`: levels is a tuple per seat, None for
the player (seat 0). `on_continue(saved)`: a verified `saves.SavedGame` whose
`.game` is the replayed engine game.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game import i18n
from game.rules import RulesConfig
from game.saves import SavedGame, SaveStore
from game.settings import Settings, load_settings, save_settings
from game.sound import SoundPlayer
from game.stats import StatsStore

StartGame = Callable[[RulesConfig, int, tuple[str | None, ...]], None]


def _post_quit() -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))


@dataclass
class AppContext:
    settings: Settings
    saves: SaveStore
    stats: StatsStore
    sound: SoundPlayer
    on_start_game: StartGame = lambda config, seed, levels: None  # noqa: E731
    on_continue: Callable[[SavedGame], None] = lambda saved: None  # noqa: E731
    on_quit: Callable[[], None] = _post_quit
    on_settings_changed: Callable[[Settings, str], None] | None = None  # (settings, field)
    config_dir: Path | None = None
    notices: list[str] = field(default_factory=list)   # for the player, shown once by the menu

    @classmethod
    def create(cls, home: Path | None = None, **callbacks: Any) -> "AppContext":
        """Load settings, stats and the save slot from `home` (default: the user
        dirs, or $CANASTA_HOME) and apply the settings."""
        settings, notices = load_settings(home)
        app = cls(settings, SaveStore(home), StatsStore(home), SoundPlayer(settings.sound),
                  config_dir=home, notices=list(notices), **callbacks)
        app.notices += app.stats.notices
        app.apply_all()
        return app

    def apply_all(self) -> None:
        i18n.set_language(self.settings.language)
        self.sound.enabled = self.settings.sound

    def update_setting(self, name: str, value: Any) -> None:
        """Change one setting: apply it at once, save, tell main.py/the table."""
        setattr(self.settings, name, value)
        self.settings, _bad = self.settings.validated()
        self.apply_all()
        try:
            save_settings(self.settings, self.config_dir)
        except OSError as error:  # a read-only disk must not stop the game
            self.notices.append(f"settings could not be saved: {error}")
        if self.on_settings_changed is not None:
            self.on_settings_changed(self.settings, name)
