"""The arena's game log: one JSON line per finished game, so a long run survives being
stopped and goes on where it was (`python -m game.bots.arena ... --log FILE`).

The first line names the run (variant, target, levels, budget, options, and a digest of
the rules' and bots' source, so games of older code are never mixed in); a log is only
continued by the same run of the same code. Each later line is one `GameResult`. A line cut short by a
killed process (the last one, without its newline) is dropped and played again; any other
damage is an `ArenaLogError`, never a guess.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

FORMAT = "canasta-arena-log/1"
GAME = Path(__file__).resolve().parent.parent  # the `game` package


def code_digest() -> str:
    """A digest of every source file that decides how the bots play: the rules and the bots."""
    h = hashlib.sha256()
    for path in sorted((*GAME.glob("rules/**/*.py"), *GAME.glob("bots/**/*.py"))):
        h.update(path.relative_to(GAME).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


class ArenaLogError(ValueError):
    """The log cannot be continued by this run (another run's, or damaged)."""


def header(
    variant: str, target: int, a: str, b: str, budget: float | None, options: object, clock: str = "wall"
) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "variant": variant,
        "target": target,
        "a": a,
        "b": b,
        "budget": budget,
        "clock": clock,
        "options": repr(options),  # NormalWeights print every weight: changed ones show
        "code": code_digest(),
    }


class ArenaLog:
    """Finished games of one run, read from and appended to `path`; `record` is the
    dataclass of one game (the arena's `GameResult`, with `seed` and `seating`)."""

    def __init__(self, path: Path, head: dict[str, Any], record: type[Any]):
        self.path = path
        self.head = head
        self.done: dict[tuple[int, int], Any] = {}
        if not path.exists():
            return
        raw = path.read_bytes()
        complete = whole_lines(raw)  # a cut-off last line is dropped
        if complete != raw:
            with path.open("r+b") as f:
                f.truncate(len(complete))
        first, results = _parse(path, complete, record)
        if first is None:
            return
        if first != head:
            raise ArenaLogError(f"{path} is the log of another run: {first} (this run: {head})")
        self.done = {(r.seed, r.seating): r for r in results}

    def append(self, result: Any) -> None:
        """Write one finished game at once (flushed to disk: a kill loses at most the
        game in play)."""
        new = not self.path.exists() or self.path.stat().st_size == 0
        with self.path.open("a", encoding="utf-8") as f:
            if new:
                f.write(json.dumps(self.head) + "\n")
            f.write(json.dumps(asdict(result)) + "\n")
            f.flush()
            os.fsync(f.fileno())


def read_log(path: Path, record: type[Any]) -> tuple[dict[str, Any], list[Any]]:
    """The header and the finished games of a log, whatever code wrote it: only read (a
    cut-off last line is skipped, not removed). ArenaLogError for an empty or damaged log."""
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise ArenaLogError(f"{path}: {e.strerror}") from None
    head, results = _parse(path, whole_lines(raw), record)
    if head is None:
        raise ArenaLogError(f"{path}: no games logged")
    return head, results


def whole_lines(raw: bytes) -> bytes:
    """A log's bytes up to its last newline: a line a killed process cut short is not a game."""
    return raw[: raw.rfind(b"\n") + 1]


def _parse(path: Path, complete: bytes, record: type[Any]) -> tuple[dict[str, Any] | None, list[Any]]:
    """The header (None for an empty log) and the games of a log's whole lines."""
    lines = complete.decode("utf-8", errors="replace").splitlines()
    if not lines:
        return None, []
    try:
        first = json.loads(lines[0])
    except json.JSONDecodeError as e:
        raise ArenaLogError(f"{path}: line 1 is not JSON ({e.msg})") from None
    if not isinstance(first, dict) or first.get("format") != FORMAT:
        raise ArenaLogError(f"{path}: line 1 is not an arena log's header")
    names = {f.name for f in fields(record)}
    results = []
    for no, line in enumerate(lines[1:], start=2):
        try:
            data = json.loads(line)
            if not isinstance(data, dict) or set(data) != names:
                raise ValueError("not a game result")
            result = record(**data)
            if not isinstance(result.seed, int) or not isinstance(result.seating, int):
                raise ValueError("its seed and seating are not whole numbers")
        except (ValueError, TypeError) as e:
            raise ArenaLogError(f"{path}: line {no} is not a game result ({e})") from None
        results.append(result)
    return first, results
