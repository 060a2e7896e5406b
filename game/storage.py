"""Where the app keeps its files, and how it writes them safely.

Settings live in the user config dir, saves and statistics in the user data
dir (platformdirs). `CANASTA_HOME` overrides both (tests, portable installs):
everything then goes into that one folder.

Every write is atomic: a temp file in the same folder, flushed and fsynced,
then `os.replace`d over the old file, so a crash leaves either the old or the
new file, never half of one.
"""

from __future__ import annotations

import errno
import json
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from game.i18n import N_
from game.notices import Notice

APP_NAME = "canasta"
HOME_ENV = "CANASTA_HOME"


def _override() -> Path | None:
    value = os.environ.get(HOME_ENV)
    return Path(value) if value else None


def config_dir() -> Path:
    """Folder for settings.json."""
    override = _override()
    if override is not None:
        return override
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """Folder for the saved game and statistics."""
    override = _override()
    if override is not None:
        return override
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def write_problem(directory: Path) -> str | None:
    """None if files can be written into `directory` (created if missing), else why
    not, in a few words. Probes with a real temp file: os.access cannot tell a
    read-only mount from root's permissions."""
    directory = Path(directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=".canasta-probe-", dir=directory)
        os.close(fd)
        os.unlink(name)
    except OSError as error:
        return f"{error.strerror or error}: {directory}"
    return None


def is_file(path: Path) -> bool:
    """Path.is_file that answers False, never raises, when the folder cannot be read."""
    try:
        return Path(path).is_file()
    except OSError:
        return False


# The temp name atomic_write's mkstemp gives: "." + the file's name + "." + 8 random
# characters + ".tmp".
_ATOMIC_TEMP = re.compile(r"\.[^/]+\.[a-z0-9_]{8}\.tmp")


def atomic_write(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Replace `path` with `data` all at once (temp file, flush, fsync, rename).

    `durable=False` skips the fsync (faster; a power cut may then lose the
    newest version, but never leaves a torn file)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        raise


# Why a file could not be read or written, in words of ours (and so translated); any other
# failure keeps the system's words.
READ_REASONS = {
    errno.ENOENT: N_("the file is missing"),
    errno.EACCES: N_("no permission to read it"),
    errno.EPERM: N_("no permission to read it"),
    errno.EISDIR: N_("it is a folder"),
    errno.ELOOP: N_("it is a link that leads back to itself"),
    errno.EIO: N_("the disk reported an error"),
}
WRITE_REASONS = {
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EACCES: N_("no permission to write there"),
    errno.EPERM: N_("no permission to write there"),
    errno.EISDIR: N_("a folder stands where the file goes"),
    errno.EIO: N_("the disk reported an error"),
}


def _system_words(error: OSError) -> str:
    # Never str(error): it names paths (a random temp file's, for a write).
    return error.strerror or type(error).__name__


def error_reason(error: OSError | ValueError) -> str:
    """Why a file could not be read, for a notice: a `Notice` (translated when shown) for
    the failures we name (parse_json's and read_capped's reasons, the usual OSErrors), else
    the system's words for an OSError (never its str(), which names paths), else the
    error's own text."""
    if isinstance(error, OSError):
        msgid = READ_REASONS.get(error.errno or 0)
        return Notice(msgid) if msgid else _system_words(error)
    reason = error.args[0] if error.args else None
    return reason if isinstance(reason, Notice) else str(error)


def write_reason(error: OSError) -> str:
    """Why a file could not be written: a `Notice` for the failures a player meets, else
    the system's words (the same for every temp file, so a notice is not repeated)."""
    msgid = WRITE_REASONS.get(error.errno or 0)
    return Notice(msgid) if msgid else _system_words(error)


def _beside(path: Path, label: str) -> Path:
    """A free name beside `path`: `<name>.<label>-YYYYmmdd-HHMMSS[-n]`."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.{label}-{stamp}-{counter}")
        counter += 1
    return target


def move_aside(path: Path) -> Path | None:
    """Rename a bad file to `<name>.bad-YYYYmmdd-HHMMSS[-n]` (kept, never deleted).
    Returns the new path, or None if the file could not be moved."""
    path = Path(path)
    target = _beside(path, "bad")
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def keep_copy(path: Path, label: str) -> Path | None:
    """Copy a file the app reads only in part (values it cannot use, a newer version's
    fields) to `<name>.<label>-YYYYmmdd-HHMMSS[-n]` before it is written over, so nothing
    in it is lost. Returns the copy's path, or None if it could not be made."""
    path = Path(path)
    target = _beside(path, label)
    try:
        atomic_write(target, path.read_bytes(), durable=False)
    except OSError:
        return None
    return target


def size_text(count: int) -> str:
    """A byte count for people: "64 KB", "5 MB", the number joined to its unit by a no-break
    space (a message's line never ends between them)."""
    if count >= 1024 * 1024 and count % (1024 * 1024) == 0:
        return f"{count // (1024 * 1024)}\u00a0MB"
    return f"{max(1, round(count / 1024))}\u00a0KB"


def read_capped(path: Path, limit: int) -> bytes:
    """The file's bytes; raises ValueError if it is larger than `limit`
    (read at most limit + 1 bytes, so a huge file costs nothing)."""
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise ValueError(Notice(N_("larger than {size}"), size=size_text(limit)))
    return data


def _reject_constant(name: str) -> Any:
    raise ValueError(Notice(N_("{name} is not a number JSON allows"), name=name))


def _no_value(_text: str) -> None:
    return None


def _bounded_int(text: str) -> int | None:
    return int(text) if len(text) <= 20 else None  # (int() refuses over 4300 digits: the whole file)


def parse_json(raw: bytes, *, lenient: bool = False) -> Any:
    """Strict JSON of one of our files: ValueError (with a short reason) when it is not
    UTF-8, not JSON, holds NaN/Infinity, or is nested too deeply to parse. `lenient`:
    NaN, Infinity and integers of more than 20 digits read as null instead, so a file
    checked field by field (statistics, settings) loses only that value, not the file."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(Notice(N_("not UTF-8 text: it may be damaged"))) from None
    try:
        if lenient:
            return json.loads(text, parse_constant=_no_value, parse_int=_bounded_int)
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:  # (its English words would reach the player: ours instead)
        damaged = N_("not valid JSON: cut short or damaged at line {line}, column {column}")
        raise ValueError(Notice(damaged, line=error.lineno, column=error.colno)) from None
    except RecursionError:
        raise ValueError(Notice(N_("nested too deeply"))) from None


def read_json(path: Path, limit: int, *, lenient: bool = False) -> Any:
    """The parsed JSON of one of our small files. Raises OSError when it cannot be
    read, ValueError when it is too large or not JSON (parse_json): the caller
    sets the file aside."""
    return parse_json(read_capped(path, limit), lenient=lenient)


LOCK_NAME = "canasta.lock"


class InstanceLock:
    """Only one Canasta at a time keeps the game and statistics in a folder: the
    first takes this lock (an OS file lock, released by the OS however the process
    ends, `kill -9` included); a second finds it held and runs read-only."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / LOCK_NAME
        self._lock = FileLock(str(self.path), timeout=0)

    def acquire(self) -> bool:
        """True if this process now holds the lock; False if another one does.
        A folder where no lock file can be made counts as held by us (nothing can
        be written there anyway, and the player is told so elsewhere)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._lock.acquire()
        except Timeout:
            return False
        except OSError:
            return True
        return True

    def release(self) -> None:
        if self._lock.is_locked:
            self._lock.release()


def remove_stale_temp_files(directory: Path) -> list[Path]:
    """Delete the temp files atomic_write leaves when the process is killed mid-write
    (`.save.json.XXXXXXXX.tmp`, any file of ours: matched by mkstemp's shape, not by a
    list of names that a new file would be missing from) and stray write probes. Only
    call it while holding the InstanceLock: then no other process can be writing them."""
    removed: list[Path] = []
    try:
        entries = list(Path(directory).iterdir())
    except OSError:
        return removed
    for entry in entries:
        name = entry.name
        if _ATOMIC_TEMP.fullmatch(name) or name.startswith(".canasta-probe-"):
            try:
                entry.unlink()
                removed.append(entry)
            except OSError:
                pass
    return removed
