"""A bounded memo for the move listing's pure functions (moves are values, and building them
costs more than looking them up): a dict that starts afresh when full, so a long session's
memory stays bounded and no entry can be stale (every key is the whole of its function's input)."""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class BoundedMemo(dict[K, V]):
    """A memo of at most `limit` entries: emptied, then filled again, when it is full."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def store(self, key: K, value: V) -> V:
        """Keep `value` under `key` (the memo emptied first if full) and return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value
