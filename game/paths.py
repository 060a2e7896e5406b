"""Where the game's bundled, read-only files are: one rule for source, wheel and frozen.

Callers name a file by its path in the repository:

    resource_path("assets", "icon.png")
    resource_path("game", "locale", "zh_CN", "LC_MESSAGES", "canasta.po")

and get the same file however the game runs:

- from a source checkout: the repository (the folder holding `game/` and `assets/`);
- frozen (PyInstaller): the folder the bootloader unpacked to (`sys._MEIPASS`), where
  tools/build_exe.py puts `assets/` and `game/locale/` under the same relative paths;
- installed from the wheel: `game/` is the installed package, and the repository's
  `assets/` is inside it as `game/_assets/` (pyproject.toml maps it there: a top-level
  `assets` folder in site-packages would collide with other projects).

(Files the player writes go elsewhere: see game/storage.py.)
"""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_SOURCE_ROOT = _PACKAGE.parent
# Where pyproject.toml's [tool.hatch.build.targets.wheel.force-include] puts assets/.
WHEEL_ASSETS = "_assets"
_WHEEL_LAYOUT = (_PACKAGE / WHEEL_ASSETS).is_dir()  # fixed once installed; looked up once


def is_frozen() -> bool:
    """True inside a PyInstaller (or similar) executable."""
    return bool(getattr(sys, "frozen", False)) or hasattr(sys, "_MEIPASS")


def is_installed() -> bool:
    """True when running from an installed wheel (not a checkout, not frozen)."""
    return _WHEEL_LAYOUT and not is_frozen()


def how_running() -> str:
    """'frozen', 'installed' or 'from source' (the self-test reports it)."""
    return "frozen" if is_frozen() else "installed" if is_installed() else "from source"


def resource_root() -> Path:
    """The folder that repository-relative paths start from (the checkout or the bundle;
    for a wheel, the folder holding the installed `game` package)."""
    bundle_dir = getattr(sys, "_MEIPASS", None)
    return Path(bundle_dir) if bundle_dir is not None else _SOURCE_ROOT


def resource_path(*parts: str) -> Path:
    """Path of a bundled file, named by its path in the repository."""
    if parts and parts[0] == "assets" and is_installed():
        return _PACKAGE.joinpath(WHEEL_ASSETS, *parts[1:])
    return resource_root().joinpath(*parts)
