"""The rules command line (RULES.md section 11), the contract outside checks use.

    python -m game.rules play POSITION.json MOVE [MOVE ...]
    python -m game.rules legal POSITION.json

Exit codes: 0 done, 1 an illegal move (`illegal: MOVE: REASON` on stderr),
2 malformed input (`error: ...` on stderr). Never a traceback. When the reader of
stdout leaves early, 141 (128 + SIGPIPE, as a shell reports `yes | head`) and no message.
"""

from __future__ import annotations

import errno
import json
import os
import select
import stat
import sys
import time
from typing import Any, TextIO

from .errors import IllegalMove, RulesError
from .moves import Move
from .position import position_from_json, position_to_json
from .state import GameState

USAGE = (
    "usage: python -m game.rules play POSITION.json MOVE [MOVE ...]\n       python -m game.rules legal POSITION.json"
)


MAX_POSITION_BYTES = 1024 * 1024  # a position is a few KB; anything near this is not one
BROKEN_PIPE = 141  # exit code when stdout's reader left early (128 + SIGPIPE)
READ_SECONDS = 5.0  # how long a pipe or device may take to deliver a position


def _read(path: str) -> bytes:
    """At most MAX_POSITION_BYTES + 1 bytes of `path`. A regular file is read at once;
    a pipe or a device (`/dev/zero`, a FIFO nobody writes) is read without blocking
    and given READ_SECONDS in all, so the command always returns."""
    limit = MAX_POSITION_BYTES + 1
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, "is a directory")
        if stat.S_ISREG(info.st_mode) or not hasattr(os, "O_NONBLOCK"):
            with os.fdopen(os.dup(fd), "rb") as handle:
                return handle.read(limit)
        chunks: list[bytes] = []
        size = 0
        deadline = time.monotonic() + READ_SECONDS
        while size < limit:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
                raise RulesError(f"nothing more to read from {path} after {READ_SECONDS:g} s")
            try:
                chunk = os.read(fd, limit - size)
            except BlockingIOError:
                continue
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


MAX_DIGITS = 20  # any number in a position fits (a 64-bit seed too); a 5,000-digit one is refused at once


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"an integer of {len(text.lstrip('-'))} digits is not a number a position holds")
    return int(text)


def _load(path: str) -> GameState:
    try:
        raw = _read(path)
    except OSError as e:
        raise RulesError(f"cannot read {path}: {e.strerror or e}") from None
    if len(raw) > MAX_POSITION_BYTES:
        raise RulesError(f"{path} is larger than {MAX_POSITION_BYTES // 1024} KB: not a position")
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark (Windows editors) is not content
    except UnicodeDecodeError:
        raise RulesError(f"{path} is not UTF-8 text") from None
    try:
        data = json.loads(text, parse_constant=_reject_constant, parse_int=_parse_int)
    except json.JSONDecodeError as e:
        raise RulesError(f"{path} is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise RulesError(f"{path} is nested too deeply") from None
    except ValueError as e:  # NaN/Infinity, or an integer far too long
        raise RulesError(f"{path} is not a position: {e}") from None
    return position_from_json(data)


def main(argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        if len(argv) >= 2 and argv[0] == "legal" and len(argv) == 2:
            state = _load(argv[1])
            for move in state.legal_moves():
                print(str(move), file=out)
            out.flush()  # a closed pipe shows here, not at the interpreter's exit
            return 0
        if len(argv) >= 2 and argv[0] == "play":
            state = _load(argv[1])
            for text in argv[2:]:  # each parsed as it comes: the first illegal move exits 1
                move = Move.parse(text)
                try:
                    state.apply(move)
                except IllegalMove as e:
                    print(f"illegal: {text}: {e}", file=err)
                    return 1
            print(json.dumps(position_to_json(state), indent=2), file=out)
            out.flush()
            return 0
        print(f"error: bad arguments\n{USAGE}", file=err)
        return 2
    except RulesError as e:
        print(f"error: {e}", file=err)
        return 2
    except BrokenPipeError:  # the reader left early (`legal ... | head -1`): not our error
        if out is sys.stdout:  # keep the interpreter's final flush from failing again
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE
    except Exception as e:  # never a traceback on the contract's command line
        print(f"error: internal error: {type(e).__name__}: {e}", file=err)
        return 2
