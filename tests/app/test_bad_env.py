"""Bad environments: no audio device, no writable config/data folder, a read-only
working directory. The game must still start and play, with the feature off and
a notice (title menu and stderr).

The tests run as root in CI, where chmod does not stop writes, so "not
writable" is made with a path under a file (ENOTDIR), with mkstemp raising
PermissionError, or, for the read-only working directory, with an audit hook
that refuses every write under it (as a read-only mount would)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game import selftest, storage
from game.app import AppContext

ROOT = Path(__file__).resolve().parents[2]
MAIN = str(ROOT / "main.py")
NOT_KEPT = "will not be kept"


def clean_env(home: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("XDG_", "CANASTA_"))}
    env.update(HOME=str(home), SDL_VIDEODRIVER="dummy", **extra)
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return env


@pytest.mark.slow
def test_no_audio_device(tmp_path):
    env = clean_env(tmp_path, SDL_AUDIODRIVER="no-such-audio-driver")
    proc = subprocess.run(
        [sys.executable, MAIN, "--selftest", "--screenshot", str(tmp_path / "s.png")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # The log (stderr) keeps the driver's own words in brackets; the player reads the short line.
    assert "canasta: Sound is off: no sound device found (" in proc.stderr
    assert proc.stdout.startswith("selftest ok: ") and "Sound is off: no sound device found" in proc.stdout


def unwritable_canasta_home(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "a-file" / "canasta"))


def unwritable_xdg_dirs(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.delenv("CANASTA_HOME", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "a-file" / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "a-file" / "data"))


def read_only_folder(tmp_path: Path, monkeypatch) -> None:
    """The folder exists but every file creation fails, as on a read-only disk."""
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "home"))

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)


@pytest.mark.slow
@pytest.mark.parametrize("make_unwritable", [unwritable_canasta_home, unwritable_xdg_dirs, read_only_folder])
def test_no_writable_config_dir_the_game_still_plays(tmp_path, monkeypatch, capsys, make_unwritable):
    make_unwritable(tmp_path, monkeypatch)
    result = selftest.run(moves=8, screenshot=str(tmp_path / "shot.png"))
    assert result.moves >= 8 and result.autosave.startswith("off")
    assert len(result.notices) == 1 and NOT_KEPT in result.notices[0]  # said once, not per move
    assert NOT_KEPT in capsys.readouterr().err


def test_settings_change_with_no_writable_config_dir(tmp_path, monkeypatch, capsys):
    unwritable_canasta_home(tmp_path, monkeypatch)
    app = AppContext.create()
    assert app.storage_problems and app.notices == app.storage_problems
    app.settings.set("animation_speed", 2.0)  # applies, cannot be saved: no exception
    assert app.settings.value.animation_speed == 2.0
    # The title menu said at start that settings are not kept: no second line there.
    assert app.notices == app.storage_problems
    assert "canasta: settings could not be saved" in capsys.readouterr().err


@pytest.mark.skipif(
    os.name == "nt" or (hasattr(os, "geteuid") and os.geteuid() == 0),
    reason="root ignores file permissions (the other cases cover it)",
)
def test_chmod_read_only_home(tmp_path, monkeypatch):
    home = tmp_path / "ro"
    home.mkdir()
    home.chmod(0o500)
    try:
        monkeypatch.setenv("CANASTA_HOME", str(home))
        assert AppContext.create().storage_problems
    finally:
        home.chmod(0o700)


def kernel_refuses_writes(folder: str) -> bool:
    try:
        fd, name = tempfile.mkstemp(dir=folder)
    except OSError:
        return True
    os.close(fd)
    os.unlink(name)
    return False


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or not kernel_refuses_writes("/sys"),
    reason="needs a folder where even root cannot write (Linux /sys)",
)
def test_home_and_working_directory_where_the_kernel_refuses_writes(tmp_path, monkeypatch, capsys):
    for name in ("CANASTA_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", "/sys")
    monkeypatch.chdir("/sys")
    result = selftest.run(moves=8, screenshot=str(tmp_path / "shot.png"))
    assert result.autosave.startswith("off") and NOT_KEPT in result.notices[0]
    assert f"Settings, the saved game and statistics {NOT_KEPT}" in capsys.readouterr().err


# Runs main.py with every write under the given folders refused, the way a
# read-only mount refuses them (an audit hook: root cannot be stopped by chmod).
GUARD = r"""
import errno, os, sys
blocked = [os.path.realpath(p) for p in sys.argv[1].split(os.pathsep)]
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
PATH_EVENTS = {"os.mkdir": 1, "os.rename": 2, "os.replace": 2, "os.remove": 1, "os.rmdir": 1,
               "os.symlink": 2, "os.link": 2, "os.truncate": 1, "os.chmod": 1, "os.utime": 1}

def under(path):
    if not isinstance(path, (str, bytes, os.PathLike)):
        return False
    real = os.path.realpath(os.fsdecode(path))
    return any(real == b or real.startswith(b + os.sep) for b in blocked)

def refuse(path):
    raise PermissionError(errno.EROFS, "Read-only file system", os.fsdecode(path))

def hook(event, args):
    if event == "open":
        path, mode, flags = args
        writing = any(c in mode for c in "wax+") if isinstance(mode, str) else bool((flags or 0) & WRITE_FLAGS)
        if writing and under(path):
            refuse(path)
    elif event in PATH_EVENTS:
        for path in args[:PATH_EVENTS[event]]:
            if under(path):
                refuse(path)

sys.addaudithook(hook)
try:
    open("probe.txt", "w")
except PermissionError:
    pass
else:
    sys.exit("the guard does not work")
sys.path.insert(0, sys.argv[2])
sys.argv = ["main.py", *sys.argv[3:]]
import main
sys.exit(main.main())
"""


@pytest.mark.slow
def test_read_only_working_directory_and_home(tmp_path):
    cwd, home, out = tmp_path / "cwd", tmp_path / "home", tmp_path / "out"
    for folder in (cwd, home, out):
        folder.mkdir()
    env = clean_env(home, CANASTA_SELFTEST_HOME="user")  # the real (read-only) user dirs
    blocked = os.pathsep.join([str(cwd), str(home)])
    proc = subprocess.run(
        [sys.executable, "-c", GUARD, blocked, str(ROOT), "--selftest", "--screenshot", str(out / "shot.png")],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.startswith("selftest ok: ") and "autosave off" in proc.stdout
    assert f"canasta: Settings, the saved game and statistics {NOT_KEPT}" in proc.stderr
    assert list(cwd.iterdir()) == [] and list(home.iterdir()) == []
    assert (out / "shot.png").is_file()
