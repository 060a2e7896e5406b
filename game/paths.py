"""Where the game's bundled, read-only files are: one rule for source and frozen.

From a source checkout the root is the repository (the folder holding `game/`
and `assets/`); in a PyInstaller bundle it is the folder the bootloader
unpacked to (`sys._MEIPASS`), where tools/build_exe.py puts `assets/` and
`game/locale/` under the same relative paths. So

    resource_path("assets", "icon.png")
    resource_path("game", "locale", "zh_CN", "LC_MESSAGES", "canasta.po")

name the same file either way. (Files the player writes go elsewhere: see
game/storage.py.)
"""
from __future__ import annotations

import sys
from pathlib import Path

_SOURCE_ROOT = Path(__file__).resolve().parent.parent


def is_frozen() -> bool:
    """True inside a PyInstaller (or similar) executable."""
    return bool(getattr(sys, "frozen", False)) or hasattr(sys, "_MEIPASS")


def resource_root() -> Path:
    bundle_dir = getattr(sys, "_MEIPASS", None)
    return Path(bundle_dir) if bundle_dir is not None else _SOURCE_ROOT


def resource_path(*parts: str) -> Path:
    """Path of a bundled file, relative to the repository root / the bundle."""
    return resource_root().joinpath(*parts)
