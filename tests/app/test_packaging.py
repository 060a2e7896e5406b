"""Packaging (issue 15): one version number everywhere it shows, the package metadata,
the path helper's three layouts (source, wheel, frozen) and the executable's version
information. The wheel itself is built, installed outside the checkout and self-tested
by .ci/run; the workflow file is checked there with actionlint."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import game
from game import paths

ROOT = Path(__file__).resolve().parents[2]


def pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)


def load_tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_build_exe():
    return load_tool("build_exe")


# -- the one version ---------------------------------------------------------------


def test_the_version_has_one_source():
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?", game.__version__)
    project = pyproject()
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["hatch"]["version"]["path"] == "game/__init__.py"
    assert load_build_exe().version() == game.__version__


@pytest.mark.parametrize("command", [["main.py", "--version"], ["-m", "game", "--version"]])
def test_version_flag_prints_the_version(command):
    proc = subprocess.run([sys.executable, *command], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"canasta {game.__version__}"


def test_the_changelog_has_an_entry_for_the_version():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    notes = load_tool("changelog_section").section(text, game.__version__)
    assert notes is not None, f"CHANGELOG.md has no '## {game.__version__}' entry with notes"


def test_release_notes_are_one_version_s_section():
    section = load_tool("changelog_section").section
    text = "# Changelog\n\n## Unreleased\n\n## 1.1.0 — 2027-01-02\n- new\n\n## 1.0.0\n- old\n"
    assert section(text, "1.1.0") == "- new"
    assert section(text, "1.0.0") == "- old"
    assert section(text, "1.0") is None and section(text, "Unreleased") is None  # absent; empty


def test_the_title_screen_shows_the_version_in_its_corner(tmp_path, monkeypatch):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app import AppContext
    from game.scenes import menu
    from game.scenes.base import SceneStack
    from game.scenes.layout import LOGICAL_SIZE, Canvas
    from tests.table_helpers import blits_drawn

    pygame.init()
    pygame.display.set_mode((1, 1))
    drawn = blits_drawn(monkeypatch, menu)
    stack = SceneStack()
    stack.push(menu.TitleMenuScene(AppContext.create(tmp_path)))
    stack.update(1.0)
    stack.draw(Canvas(LOGICAL_SIZE, 1.0))
    rects = [rect for text, rect in drawn if game.__version__ in text]
    assert len(rects) == 1, drawn
    width, height = LOGICAL_SIZE
    assert rects[0].right > width * 0.9 and rects[0].bottom > height * 0.9  # bottom-right corner
    assert rects[0].right <= width and rects[0].bottom <= height


# -- the package -------------------------------------------------------------------


def pins(path: Path) -> dict[str, str]:
    return pins_in(path.read_text(encoding="utf-8"))


def pins_in(text: str) -> dict[str, str]:
    found = {}
    for line in text.splitlines():
        match = re.match(r"([A-Za-z0-9_.-]+)==([\d.]+)", line.strip())
        if match:
            found[match.group(1).lower()] = match.group(2)
    return found


def numbers(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def test_runtime_dependencies_are_ranges_that_hold_the_tested_pins():
    project = pyproject()["project"]
    tested = pins(ROOT / "requirements.txt")
    ranges = {}
    for requirement in project["dependencies"]:
        name, lower, upper = re.fullmatch(r"([a-z0-9-]+)>=([\d.]+),<([\d.]+)", requirement).groups()
        ranges[name] = (lower, upper)
    runtime = (ROOT / "requirements.txt").read_text(encoding="utf-8").split("# Tests")[0]
    assert set(ranges) == set(pins_in(runtime))  # every runtime pin has its range, and no more
    assert "pygame-ce" in ranges and "pygame" not in ranges  # pygame-ce, never upstream pygame
    for name, (lower, upper) in ranges.items():
        assert numbers(lower) <= numbers(tested[name]) < numbers(upper), (name, tested[name], lower, upper)
    assert project["scripts"] == {"canasta": "game.cli:main"}


def test_the_wheel_carries_the_assets_where_the_path_helper_looks():
    wheel = pyproject()["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["packages"] == ["game"]
    assert wheel["force-include"] == {"assets": f"game/{paths.WHEEL_ASSETS}"}


# -- the path helper's three layouts -------------------------------------------------


def test_from_source_paths_are_the_repository(monkeypatch):
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.delattr(sys, "frozen", raising=False)
    assert paths.how_running() == "from source"
    assert paths.resource_path("assets", "icon.png") == ROOT / "assets" / "icon.png"
    assert paths.resource_path("game", "locale").is_dir()


def test_installed_wheel_paths(tmp_path, monkeypatch):
    site = tmp_path / "site-packages"
    (site / "game" / paths.WHEEL_ASSETS).mkdir(parents=True)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setattr(paths, "_PACKAGE", site / "game")
    monkeypatch.setattr(paths, "_SOURCE_ROOT", site)
    monkeypatch.setattr(paths, "_WHEEL_LAYOUT", True)
    assert paths.how_running() == "installed"
    assert paths.resource_path("assets", "cards", "Sa.png") == site / "game" / "_assets" / "cards" / "Sa.png"
    assert paths.resource_path("game", "locale", "x.po") == site / "game" / "locale" / "x.po"


def test_frozen_paths_are_under_the_bundle_even_with_the_wheel_layout(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    monkeypatch.setattr(paths, "_WHEEL_LAYOUT", True)
    assert paths.how_running() == "frozen"
    assert paths.resource_path("assets", "icon.png") == tmp_path / "assets" / "icon.png"
    assert paths.resource_path("game", "locale") == tmp_path / "game" / "locale"


# -- the executables' version information --------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [("0.1.0", (0, 1, 0, 0)), ("1.2", (1, 2, 0, 0)), ("2.0.0rc1", (2, 0, 0, 0)), ("1.2.3.4.5", (1, 2, 3, 4))],
)
def test_windows_version_numbers(text, expected):
    assert load_build_exe().windows_version_tuple(text) == expected


def test_the_windows_version_file_carries_the_version(tmp_path, monkeypatch):
    build_exe = load_build_exe()
    monkeypatch.setattr(build_exe, "version", lambda: "3.4.5")
    path = build_exe.write_version_file(str(tmp_path))
    values = build_exe.read_version_file(path)
    assert values["filevers"] == values["prodvers"] == (3, 4, 5, 0)
    assert values["strings"]["ProductVersion"] == values["strings"]["FileVersion"] == "3.4.5"
    assert values["strings"]["OriginalFilename"] == "canasta.exe"
    (tmp_path / "stale.txt").write_text(build_exe.version_file_text("3.4.4"), encoding="utf-8")
    with pytest.raises(SystemExit):
        build_exe.check_version_file(str(tmp_path / "stale.txt"), "3.4.5")


def test_the_macos_info_plist_has_name_and_version():
    plist = load_build_exe().info_plist()
    assert plist["CFBundleName"] == plist["CFBundleDisplayName"] == "Canasta"
    assert plist["CFBundleShortVersionString"] == game.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+", plist["CFBundleVersion"])


# -- what the executable carries ----------------------------------------------------


def test_the_linux_executable_is_stripped_and_carries_no_openssl():
    """The Linux build strips the libraries' debugging information (a Python built from
    source keeps it: libpython 23 MB instead of 6, the download 29.8 MB instead of 18.2)
    and leaves out OpenSSL's hashes; the spec passes the setting to PyInstaller."""
    build_exe = load_build_exe()
    assert build_exe.STRIP is (sys.platform.startswith("linux") and shutil.which("strip") is not None)
    assert "_hashlib" in build_exe.EXCLUDES
    spec = (ROOT / "packaging" / "canasta.spec").read_text(encoding="utf-8")
    assert "strip=config.STRIP" in spec


def test_saves_and_bot_seeds_hash_the_same_without_openssl():
    """Without _hashlib (left out of the executable) hashlib's SHA-256 is Python's own:
    a save's checksum and a bot's private seed come out the same."""
    code = (
        "import json, sys\n"
        "from game import saves\n"
        "from game.bots.base import private_seed\n"
        "print(json.dumps([saves._checksum({'a': 1, 'b': ['x', 2]}), private_seed(7, 1, 3)]))\n"
    )
    blocked = "import sys; sys.modules['_hashlib'] = None\n"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    outputs = []
    for prefix in ("", blocked):
        proc = subprocess.run(
            [sys.executable, "-c", prefix + code], capture_output=True, text=True, env=env, cwd=ROOT, timeout=60
        )
        assert proc.returncode == 0, proc.stderr
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]
