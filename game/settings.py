"""The player's settings: a dataclass saved as JSON in the user config dir.

Loading never fails: a missing file gives the defaults, a broken file or a bad
field falls back to the default for that field and records a notice (shown
once by the menu), unknown fields are dropped. Saving is atomic
(storage.atomic_write).

    settings, notices = load_settings()
    save_settings(replace(settings, language="zh_CN"))

At run time the settings live in an `observable_settings.ObservableSettings`.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game import storage
from game.i18n import N_, system_language
from game.notices import NEWER_FILE, Listing, Notice, copy_name
from game.player_names import is_clean
from game.rules.variants import APP_VARIANT_IDS, VARIANTS

FILE_NAME = "settings.json"
FORMAT = "canasta-settings/1"
MAX_BYTES = 64 * 1024  # a settings file is a few hundred bytes

# The allowed values of each choice setting (the first is not necessarily the default).
CHOICES: dict[str, tuple[Any, ...]] = {
    "language": ("en", "zh_CN"),
    "animation_speed": (0.5, 1.0, 2.0, 4.0),
    "bot_pace": ("slow", "normal", "fast"),
    "card_size": ("normal", "large"),
    "card_back": ("B1", "B2"),
    "new_game_variant": APP_VARIANT_IDS,
}
MOST_SEATS = max(v.players for v in VARIANTS if v.in_app)
# Seconds a bot waits between moves, per pace (the table multiplies its pause by this).
BOT_PACE_FACTOR = {"slow": 2.0, "normal": 1.0, "fast": 0.4}
READ_FAILED = N_("could not read {file} ({error}); using defaults")
# What the player calls each setting (the Settings page's labels, and the notice of values
# a file holds that are not allowed).
LABELS: dict[str, str] = {
    "language": N_("Language"),
    "animation_speed": N_("Animation speed"),
    "bot_pace": N_("Computer players' pace"),
    "card_size": N_("Card size"),
    "four_colour_deck": N_("Four-colour deck"),
    "card_back": N_("Card back"),
    "sound": N_("Sound effects"),
    "fullscreen": N_("Full screen"),
    "confirm_risky_discard": N_("Confirm a risky discard"),
    "new_game_variant": N_("the last game chosen"),
    "new_game_target": N_("the last game chosen"),
    "new_game_seats": N_("the last game chosen"),
    "person_names": N_("the players' names"),
    "window_size": N_("the window's size"),
}
NOT_ALLOWED = N_("values not allowed, set back to their defaults: {names}")
# What the file held that this version drops (a notice above), and where the file was copied.
COPIED = N_("{what}; the file was copied to {kept}")


@dataclass(frozen=True)
class Settings:
    language: str = "en"
    animation_speed: float = 1.0  # multiplier: 2.0 = animations twice as fast
    bot_pace: str = "normal"
    card_size: str = "normal"
    four_colour_deck: bool = False
    card_back: str = "B2"  # the red back reads well at table size; B1 greys out
    sound: bool = True
    fullscreen: bool = False
    confirm_risky_discard: bool = True
    # The New game page's last choice, offered again (the page checks the target and the
    # seats against the variant: 0 and "" mean its defaults).
    new_game_variant: str = "classic"
    new_game_target: int = 0
    new_game_seats: str = ""  # each seat's level or "person", space-separated
    # Pass-and-play: the name typed for each seat's person ("" or missing: "Player N").
    person_names: tuple[str, ...] = ()
    # The window's size as the player last left it, not full screen nor maximised
    # ("WIDTHxHEIGHT"; "": the default 1280x720), opened again at the next start.
    window_size: str = ""

    def validated(self) -> tuple[Settings, list[Notice]]:
        """A copy with every bad field reset to its default, and what was reset: one notice
        naming them all as the player knows them (the title shows a notice a line)."""
        defaults = first_start()
        reset: list[str] = []
        values: dict[str, Any] = {}
        for f in fields(self):
            allowed = allowed_value(f.name, getattr(self, f.name))
            if allowed is None:
                allowed = getattr(defaults, f.name)
                if LABELS[f.name] not in reset:
                    reset.append(LABELS[f.name])
            values[f.name] = allowed
        notices = [Notice(NOT_ALLOWED, names=Listing(reset))] if reset else []
        return replace(self, **values), notices

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, **asdict(self)}


def first_start() -> Settings:
    """The defaults, in the system's language if it is one of ours (a first start, or a
    settings file or language value that cannot be used)."""
    return Settings(language=system_language())


def allowed_value(name: str, value: Any) -> Any:
    """`value` as setting `name` keeps it (an int speed as a float), or None if not allowed."""
    default = getattr(Settings(), name)
    if not _valid(name, value, default):
        return None
    if isinstance(default, tuple):
        return tuple(value)  # (JSON gives a list)
    return float(value) if isinstance(default, float) else value


def window_size_of(text: str) -> tuple[int, int] | None:
    """A kept window size, "1600x900", as (width, height); None for "" or a size no window
    has (each side from WINDOW_SIDES, as `canasta --size` allows)."""
    width, x, height = text.partition("x")
    if not (x and (width + height).isascii() and width.isdigit() and height.isdigit()):
        return None
    size = (int(width), int(height))
    fits = all(least <= side <= WINDOW_SIDES[1] for side, least in zip(size, WINDOW_SIDES[0], strict=True))
    return size if fits else None


WINDOW_SIDES = ((320, 240), 100_000)  # the smallest window, and the longest side of any


def _valid(name: str, value: Any, default: Any) -> bool:
    if name == "window_size":
        return isinstance(value, str) and (value == "" or window_size_of(value) is not None)
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, tuple):  # person_names: clean names, one a seat at most
        return isinstance(value, (list, tuple)) and len(value) <= MOST_SEATS and all(map(is_clean, value))
    if isinstance(default, float):
        ok_type = isinstance(value, (int, float)) and not isinstance(value, bool)
        return ok_type and value in CHOICES.get(name, (value,))
    if not isinstance(value, type(default)):
        return False
    return name not in CHOICES or value in CHOICES[name]


def settings_path(directory: Path | None = None) -> Path:
    return (directory or storage.config_dir()) / FILE_NAME


def settings_from_json(data: Any) -> tuple[Settings, list[Notice]]:
    """Settings from parsed JSON: unknown fields dropped, bad ones defaulted."""
    if not isinstance(data, dict):
        return first_start(), [Notice(N_("settings file is not a JSON object; using defaults"))]
    notices: list[Notice] = []
    known = {f.name for f in fields(Settings)}
    unknown = sorted(set(data) - known - {"format"})
    if unknown:
        notices.append(Notice(N_("ignored unknown setting(s): {names}"), names=", ".join(unknown)))
    settings, bad = Settings(**{name: data[name] for name in known & set(data)}).validated()
    return settings, notices + bad


def load_settings(directory: Path | None = None, *, read_only: bool = False) -> tuple[Settings, list[Notice]]:
    """The saved settings (defaults if none) and notices about what was wrong. A file of
    another version is copied and written back as this one reads it (not `read_only`:
    another window keeps the files), so the copy is made once."""
    path = settings_path(directory)
    if not storage.is_file(path):
        return first_start(), []
    try:
        data = storage.read_json(path, MAX_BYTES, lenient=True)  # NaN: that field's default
    except (OSError, ValueError) as error:  # unreadable, too large, not UTF-8, not JSON ...
        return first_start(), [_put_aside(path, storage.error_reason(error))]
    if not isinstance(data, dict):
        return first_start(), [_put_aside(path, Notice(N_("not a JSON object")))]
    settings, notices = settings_from_json(data)
    newer = data.get("format", FORMAT) != FORMAT  # another version's
    # Read in part (another version's, or values and fields this one drops): kept in a copy
    # before it is written over; a bad value was overwritten by the first change, unkept
    # (play-test, stop 59: the title said "set back to their defaults", the file was lost).
    if (newer or notices) and not read_only:
        copy = storage.keep_copy(path, "newer" if newer else "bad")
        if newer:
            notices = [Notice(NEWER_FILE, file=path.name, kept=copy_name(copy))]  # (its unknown fields are no news)
        else:  # (one notice more would push the statistics' out of the title's two lines)
            notices = [*notices[:-1], Notice(COPIED, what=notices[-1], kept=copy_name(copy))]
        if copy is not None:
            try:
                save_settings(settings, directory)
            except OSError:
                pass  # (the next change tries again; the copy is kept)
    return settings, notices


def read_settings(directory: Path | None = None) -> Settings:
    """The saved settings as they are, nothing moved, copied or written (a table that
    must leave the player's files alone); the defaults in the system's language where
    there is no file or it cannot be used (the title says why, at the next start)."""
    path = settings_path(directory)
    try:
        data = storage.read_json(path, MAX_BYTES, lenient=True) if storage.is_file(path) else None
    except (OSError, ValueError):
        data = None
    return settings_from_json(data)[0] if isinstance(data, dict) else first_start()


def _put_aside(path: Path, reason: str) -> Notice:
    """A settings file that cannot be read is put aside, never written over (the first
    change would replace it with the defaults); the notice says where it went."""
    moved = storage.move_aside(path)
    if moved is None:
        return Notice(READ_FAILED, file=path.name, error=reason)
    # (The system's or the parser's words come last: the title cuts a long notice there.)
    kept = N_("could not read {file}; it was kept as {kept}; using defaults ({error})")
    return Notice(kept, file=path.name, error=reason, kept=moved.name)


def save_settings(settings: Settings, directory: Path | None = None) -> Path:
    path = settings_path(directory)
    text = json.dumps(settings.to_json(), indent=2, ensure_ascii=False) + "\n"
    storage.atomic_write(path, text.encode("utf-8"))
    return path
