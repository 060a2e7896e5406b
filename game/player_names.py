"""People's names for pass-and-play: what a typed name may hold, and how names are kept.

A name is typed on the New game page's Names page, kept per seat in the settings
(`person_names`) and in the save (the table's extra, `names_text`), shown at the table and
in the review, and counted in the statistics under `stats_name` (so a person called "hard"
never adds to the Hard level's record). An empty name is the default "Player N".
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

MAX_CHARS = 16  # fits a seat label and a statistics row
STATS_PREFIX = "person:"  # a typed name's statistics key, apart from the levels' ("classic/hard")


def clean_name(text: object) -> str:
    """`text` as a name: no control or format characters, spaces squeezed, at most
    `MAX_CHARS` characters; "" for anything that is not a string."""
    if not isinstance(text, str):
        return ""
    return _squeezed(text)[:MAX_CHARS].strip()


def _squeezed(text: str) -> str:
    """`text` without control or format characters, its spaces squeezed."""
    spaced = "".join(" " if ch.isspace() else ch for ch in text)  # (a tab too, before the controls go)
    kept = "".join(ch for ch in spaced if not unicodedata.category(ch).startswith("C"))
    return " ".join(kept.split())


def typing_name(text: str) -> str:
    """A name as it is being typed: as `clean_name`, composed (NFC: an "e" and a combining
    accent typed apart become one "é"), and a space at its end stays (the next word comes
    after it)."""
    cleaned = clean_name(unicodedata.normalize("NFC", text))
    return cleaned + " " if cleaned and text[-1:].isspace() and len(cleaned) < MAX_CHARS else cleaned


def too_long(text: str) -> bool:
    """True if `text`, cleaned as a name, has more than `MAX_CHARS` characters (so
    `clean_name` would cut it)."""
    return len(_squeezed(unicodedata.normalize("NFC", text))) > MAX_CHARS


def is_clean(text: object) -> bool:
    return isinstance(text, str) and clean_name(text) == text


def names_text(names: Sequence[str]) -> str:
    """Per-seat names as one line for the save ("" seats kept: the order is the seat's);
    a name never holds a control character, so a tab parts them."""
    return "\t".join(clean_name(name) for name in names)


def parse_names(text: object, players: int) -> tuple[str, ...]:
    """`names_text`'s line back, one name per seat ("" for a seat without one or
    anything unusable)."""
    parts = text.split("\t") if isinstance(text, str) else []
    return tuple(clean_name(parts[seat]) if seat < len(parts) else "" for seat in range(players))


def stats_name(typed: str) -> str:
    """The statistics key's second part for a person with a typed name."""
    return STATS_PREFIX + typed


def shown_stats_name(level: str) -> str | None:
    """A typed name back from a statistics key's second part (None: not a typed name)."""
    return level[len(STATS_PREFIX) :] if level.startswith(STATS_PREFIX) else None
