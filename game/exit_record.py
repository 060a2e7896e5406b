"""Why the app stopped, kept in the data folder: last_exit.txt, one line a run.

    log = ExitLog(directory)     # None: nothing is written (automation, a second window)
    log.begin()                  # "… running: no stop recorded …" until the app closes
    log.end("QUIT event: the window was closed; top scene TableScene; last input …")

A window that vanished leaves its reason here: a QUIT event and where it came from (the
window's close button, a signal, the app's own Quit), quit() from which page, an empty
scene stack, an exception, Ctrl+C. A run that never reached its close (killed, crashed)
keeps its "running" line. The newest KEEP runs are kept, newest last; the file is written
atomically and a file that cannot be read or written costs only the record, never the app.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame

from game import storage

FILE_NAME = "last_exit.txt"
KEEP = 10  # runs kept in the file
MAX_BYTES = 64 * 1024  # more than KEEP long lines: a larger file is started again
RUNNING = "running: no stop recorded (still open, or ended without closing: killed or crashed)"


def now_text() -> str:
    """UTC to the millisecond (two runs of one process, tests, are told apart)."""
    now = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + f".{int(now % 1 * 1000):03d}Z"


def event_words(event: pygame.event.Event) -> str:
    """An input event in a few words: "MOUSEBUTTONDOWN button 1 at (812, 160)", "KEYDOWN escape"
    (the window records positions in the table's 1280x720 units, whatever the window's size)."""
    name = pygame.event.event_name(event.type).upper()
    attrs = event.dict
    words = [name]
    if "key" in attrs:
        words.append(pygame.key.name(attrs["key"]) or str(attrs["key"]))
    if "button" in attrs:
        words.append(f"button {attrs['button']}")
    if "pos" in attrs:
        words.append("at ({}, {})".format(*(round(v) for v in attrs["pos"])))
    if "source" in attrs:
        words.append(f"from {attrs['source']}")
    return " ".join(words)


def process_words(pid: int) -> str:
    """`pid` and its command line where the system says it (Linux /proc): "pid 12 (timeout 60 python main.py)"."""
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()[:160]
    except OSError:
        return f"pid {pid}"
    command = " ".join(part.decode("utf-8", "replace") for part in raw.split(b"\0") if part)
    return f"pid {pid} ({command})" if command else f"pid {pid}"


def one_line(text: str, limit: int = 600) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class ExitLog:
    """This run's line in `directory`/FILE_NAME (see the module's text)."""

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self.pid = os.getpid()
        self.mark = f"{now_text()} pid {self.pid}"  # this run's line starts so
        self.ended = False

    @property
    def path(self) -> Path | None:
        return None if self.directory is None else Path(self.directory) / FILE_NAME

    def begin(self) -> None:
        self._write(f"{self.mark}: {RUNNING}")

    def end(self, reason: str) -> None:
        """This run's line says why it stopped (once: a later call changes nothing)."""
        if self.ended:
            return
        self.ended = True
        self._write(f"{self.mark}, stopped {now_text()}: {one_line(reason)}")

    def lines(self) -> list[str]:
        """The runs kept (newest last); none when the file is missing, unreadable or too large."""
        path = self.path
        if path is None:
            return []
        try:
            raw = storage.read_capped(path, MAX_BYTES)
        except (OSError, ValueError):
            return []
        return [line for line in raw.decode("utf-8", "replace").splitlines() if line.strip()]

    def _write(self, own: str) -> None:
        path = self.path
        if path is None:
            return
        others = [line for line in self.lines() if not line.startswith((self.mark + ":", self.mark + ","))]
        kept = [*others[-(KEEP - 1) :], own]
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            storage.atomic_write(path, ("\n".join(kept) + "\n").encode("utf-8"), durable=False)
        except (OSError, ValueError):
            pass  # (the record is lost; the app closes as it would have)
