"""The app's shared services, handed to every menu scene: settings, the save
slot, statistics, sound, and the callbacks into the table (game.window wires them).

    app = AppContext.create(on_start_game=start_table, on_continue=resume_table, on_quit=stop)
    app.settings.bind("fullscreen", window.set_fullscreen)   # what the window itself follows
    stack.push(TitleMenuScene(app))

`on_start_game(config, seed, levels)`: levels is a tuple per seat, None for
the player (seat 0). `on_continue(saved)`: a verified `saves.SavedGame` whose
`.game` is the replayed engine game. `on_open_deal(game)`: a shared deal file
(game/deal_file.py), replayed, to play on from where it stands.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game import assets, i18n, storage
from game.i18n import N_
from game.notices import Notice
from game.observable_settings import ObservableSettings
from game.rules import Game, RulesConfig
from game.saves import SavedGame, SaveStore
from game.settings import Settings, load_settings, save_settings
from game.sound import SoundPlayer
from game.stats import StatsStore

SETTINGS_NOT_KEPT = N_("Settings will not be kept ({problem})")
GAME_NOT_KEPT = N_("The saved game and statistics will not be kept ({problem})")
READ_ONLY_NOTICE = N_("Canasta is already open in another window: this one will not save the game or the statistics.")
StartGame = Callable[[RulesConfig, int, tuple[str | None, ...]], None]


def _post_quit() -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT, source="the app's Quit"))  # (named in last_exit.txt)


def bind_shared(settings: ObservableSettings, sound: SoundPlayer) -> None:
    """What every scene shares follows its setting: the language of every text, the
    deck's colours, the sound effects. Bound first, where the settings are made, so a
    scene's own follower of the language finds the new catalog in place."""

    def set_sound(on: bool) -> None:
        sound.enabled = on

    settings.bind("language", i18n.set_language)
    settings.bind("four_colour_deck", assets.set_four_colour)
    settings.bind("sound", set_sound)


@dataclass
class AppContext:
    settings: ObservableSettings
    saves: SaveStore
    stats: StatsStore
    sound: SoundPlayer
    on_start_game: StartGame = lambda config, seed, levels: None  # noqa: E731
    on_continue: Callable[[SavedGame], None] = lambda saved: None  # noqa: E731
    on_open_deal: Callable[[Game], None] = lambda game: None  # noqa: E731  (a shared deal, replayed)
    on_start_coach: Callable[[], None] = lambda: None  # noqa: E731  (the guided first deal)
    on_quit: Callable[[], None] = _post_quit
    config_dir: Path | None = None
    notices: list[str] = field(default_factory=list)  # for the player, shown once by the menu
    storage_problems: list[Notice] = field(default_factory=list)  # what is not kept, and why
    # Another Canasta keeps the game in this folder: this one saves nothing (see storage.InstanceLock).
    read_only: bool = False
    lock: storage.InstanceLock | None = None

    @classmethod
    def create(cls, home: Path | None = None, **callbacks: Any) -> AppContext:
        """Load settings, stats and the save slot from `home` (default: the user
        dirs, or $CANASTA_HOME) and bind the settings (`bind_shared`, and keeping them
        on disk). Never fails for want of a writable folder or a sound device: the
        feature is off and a notice says so (the title menu shows the latest; each is
        also printed on stderr)."""
        lock = storage.InstanceLock(home if home is not None else storage.data_dir())
        read_only = not lock.acquire()
        if not read_only:
            tidy_up(home)
        loaded, notices = load_settings(home, read_only=read_only)
        app = cls(
            ObservableSettings(loaded),
            SaveStore(home),
            StatsStore(home, read_only=read_only),
            SoundPlayer(loaded.sound),
            config_dir=home,
            read_only=read_only,
            lock=lock,
            **callbacks,
        )
        app.storage_problems = storage_notices(home)
        first_i18n_notice = len(i18n.notices)
        bind_shared(app.settings, app.sound)
        app.settings.bind_any(app.keep_settings)
        for text in [*notices, *app.stats.notices, *app.storage_problems, *i18n.notices[first_i18n_notice:]]:
            app.notice(text)
        if read_only:  # last: the title menu shows the latest notice
            app.notice(Notice(READ_ONLY_NOTICE))
        return app

    def close(self) -> None:
        """Let another Canasta keep the game here (the OS would, at exit, anyway), after a
        last try at writing a game and a deal's count the disk refused, kept beside the statistics when
        their file still refuses it (StatsStore.keep_aside; closing must not fail on it)."""
        if not self.read_only:
            try:
                self.saves.flush()  # (a game the disk refused: a last try)
            except OSError:
                pass
            try:
                self.stats.keep_aside()
            except OSError:
                pass
        if self.lock is not None:
            self.lock.release()

    def notice(self, text: str) -> None:
        """Tell the player about a problem, once (repeats are dropped): a `Notice` is shown
        in the player's language (notices.shown), any other text as it is."""
        if text in self.notices:
            return
        self.notices.append(text)
        report(text.logged() if isinstance(text, Notice) else text)

    def keep_settings(self, settings: Settings, name: str) -> None:
        """After any change: write the settings file (the change is applied already)."""
        try:
            save_settings(settings, self.config_dir)
        except OSError as error:  # a read-only disk must not stop the game
            # (the reason in our words: str(error) names a random temp file, so each failure
            # would read as new and the notices would pile up)
            notice = Notice(N_("settings could not be saved: {error}"), error=storage.write_reason(error))
            if self.storage_problems:  # the player was told at start that settings are not kept
                report(notice)
            else:
                self.notice(notice)


def tidy_up(home: Path | None = None) -> None:
    """Remove the temp files a killed write left (only under the InstanceLock)."""
    data, config = (home, home) if home is not None else (storage.data_dir(), storage.config_dir())
    for folder in {data, config}:
        storage.remove_stale_temp_files(folder)


def storage_notices(home: Path | None = None) -> list[Notice]:
    """What the app cannot keep because its folder cannot be written (found by
    writing a probe file): one notice per folder, or one for all; [] when fine."""
    if home is not None:
        places = [(SETTINGS_NOT_KEPT, Path(home)), (GAME_NOT_KEPT, Path(home))]
    else:
        places = [(SETTINGS_NOT_KEPT, storage.config_dir()), (GAME_NOT_KEPT, storage.data_dir())]
    problems: dict[Path, str | None] = {}
    failed = []
    for what, directory in places:
        if directory not in problems:
            problems[directory] = storage.write_problem(directory)
        if problems[directory] is not None:
            failed.append((what, problems[directory]))
    if len(failed) == len(places):  # nothing can be kept: say it once
        return [
            Notice(N_("Settings, the saved game and statistics will not be kept ({problem})"), problem=failed[0][1])
        ]
    return [Notice(what, problem=problem) for what, problem in failed]


def report(text: str) -> None:
    """One line on stderr (there is none in a windowed Windows build: then nothing)."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        print(f"canasta: {text}", file=stream, flush=True)
    except (OSError, ValueError):
        pass
