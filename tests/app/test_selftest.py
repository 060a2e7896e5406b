"""`main.py --selftest` from source (the frozen executable runs the same code in CI,
see .ci/run), its checks, and the cold-start probe `--first-frame`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import selftest

ROOT = Path(__file__).resolve().parents[2]
MAIN = str(ROOT / "main.py")


def clean_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The environment of a fresh desktop session: no SDL drivers chosen (the
    self-test must pick the dummy ones itself), a home of its own."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("SDL_", "XDG_", "CANASTA_"))}
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    env.update(HOME=str(home), **extra)
    return env


@pytest.mark.slow
def test_selftest_from_source(tmp_path):
    shot = tmp_path / "shot.png"
    env = clean_env(tmp_path)
    proc = subprocess.run(
        [sys.executable, MAIN, "--selftest", "--screenshot", str(shot)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("selftest ok: "), proc.stdout
    assert "autosave ok" in lines[0] and "56 card images" in lines[0] and "from source" in lines[0]
    assert shot.stat().st_size > 10_000
    # The player's own folders are never touched: the test plays in a temp folder.
    assert list(Path(env["HOME"]).rglob("*")) == []
    # (How long it takes is a benchmark's business, tools/bench_exe.py: a timed assertion
    # here failed whenever the machine was busy.)


def test_first_frame_prints_when_the_menu_was_drawn(tmp_path):
    before = time.time()
    proc = subprocess.run(
        [sys.executable, MAIN, "--first-frame"],
        env=clean_env(tmp_path, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    word, stamp = proc.stdout.split()
    assert word == "first-frame" and before < float(stamp) < time.time()


@pytest.fixture
def bundle(tmp_path, monkeypatch):
    """A copy of what the executable bundles, at sys._MEIPASS (as when frozen)."""
    root = tmp_path / "bundle"
    shutil.copytree(ROOT / "assets", root / "assets")
    shutil.copytree(ROOT / "game" / "locale", root / "game" / "locale")
    monkeypatch.setattr("sys._MEIPASS", str(root), raising=False)
    from game import assets

    assets.clear_caches()
    yield root
    assets.clear_caches()


def test_check_bundle_finds_every_file_through_the_bundle_root(bundle):
    counts = selftest.check_bundle()
    assert counts == {"card images": 56, "fonts": 4, "sounds": 6, "icon": 1, "catalogs": 1}


@pytest.mark.parametrize(
    "remove",
    [
        "assets/cards/J2.png",
        "assets/fonts/NotoSansSC-subset.otf",
        "assets/sounds/meld.wav",
        "assets/icon.png",
        "game/locale/zh_CN/LC_MESSAGES/canasta.po",
    ],
)
def test_check_bundle_names_a_missing_file(bundle, remove):
    (bundle / remove).unlink()
    with pytest.raises(selftest.SelfTestFailure) as failure:
        selftest.check_bundle()
    assert Path(remove).name in str(failure.value)
