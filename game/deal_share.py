"""Deals shared as files (game/deal_file.py's format) from the menus: the exports folder.

    path = export_game(game, home)          # data dir / deals / canasta-classic-7-deal2-20261201-103000.canasta.txt
    for entry in list_exports(home): ...    # newest first
    shared = deal_file.read(entry.path)     # refused with a DealFileError, never anything else

The folder lives beside the saved game (`storage.data_dir()`, or the app's `home`), so
a player finds every exported deal in one place and can drop a friend's file there
to open it from the title menu. Files are written atomically, never overwritten.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from game import storage
from game.deal_file import SUFFIX, export_text
from game.rules import Game

FOLDER = "deals"
MAX_LISTED = 200  # a folder with thousands of files lists only the newest this many


@dataclass(frozen=True)
class ExportEntry:
    """One deal file in the exports folder."""

    path: Path
    modified: float  # seconds since the epoch

    @property
    def name(self) -> str:
        return self.path.name


def exports_dir(home: Path | None = None) -> Path:
    return (Path(home) if home is not None else storage.data_dir()) / FOLDER


def file_name(game: Game, when: float) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    return f"canasta-{game.config.variant}-{game.seed}-deal{game.deal_number + 1}-{stamp}{SUFFIX}"


def export_game(game: Game, home: Path | None = None, when: float | None = None) -> Path:
    """Write `game` as it stands (in progress or just finished) into the exports folder;
    returns the new file's path. Raises OSError (a full or read-only disk)."""
    folder = exports_dir(home)
    folder.mkdir(parents=True, exist_ok=True)
    stem = file_name(game, time.time() if when is None else when)[: -len(SUFFIX)]
    path = folder / f"{stem}{SUFFIX}"
    copy = 1
    while path.exists():  # two exports in one second: never overwrite the first
        copy += 1
        path = folder / f"{stem}-{copy}{SUFFIX}"
    storage.atomic_write(path, export_text(game).encode("utf-8"))
    return path


def list_exports(home: Path | None = None) -> list[ExportEntry]:
    """The deal files in the exports folder (name ending in .canasta.txt, regular files),
    newest first; [] when the folder is missing or unreadable."""
    folder = exports_dir(home)
    entries: list[ExportEntry] = []
    try:
        with os.scandir(folder) as found:
            for item in found:
                if not item.name.endswith(SUFFIX) or item.name.startswith("."):
                    continue
                try:
                    if item.is_file(follow_symlinks=True):
                        entries.append(ExportEntry(Path(item.path), item.stat().st_mtime))
                except OSError:
                    continue
    except OSError:
        return []
    entries.sort(key=lambda entry: (-entry.modified, entry.name))
    return entries[:MAX_LISTED]
