"""The last deals played, kept so Statistics can review them (#12): for each, what is
needed to replay it (a deal file's text: variant, seed and the moves, game/deal_file.py),
the people's seats and the names shown at the table. JSON in the data folder, written
atomically; a damaged file or entry is skipped, never a crash.

    store = RecentDeals(home)
    store.add(game, people=(0,), names=("You", "West", "North", "East"))   # a deal just ended
    for entry in store.load(): ...                                          # newest first
    play = entry.play()          # a review.DealPlay (DealFileError if edited)
    play, seed = entry.replay()  # the same, and the game's seed
"""

from __future__ import annotations

import errno
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import storage
from game.deal_file import export_text, parse_text
from game.player_names import clean_name
from game.review import DealPlay, deal_play
from game.rules import Game
from game.rules.moves import whole_number

FILE_NAME = "recent_deals.json"
FORMAT = "canasta-recent-deals/1"
KEEP = 20
MAX_BYTES = 16 * 1024 * 1024  # 20 deals of long games, with room to spare
MAX_NUMBER = 10**12  # a deal number, points or a time far beyond any real one: an edited entry


@dataclass(frozen=True)
class RecentDeal:
    text: str  # the deal file's text
    people: tuple[int, ...]  # the seats people played
    names: tuple[str, ...]  # seat names as the table showed them (msgids or people's names)
    variant: str
    deal: int  # the deal's number in its game, from 0
    points: int  # the first person's side's total for the deal
    when: float  # seconds since the epoch
    lesson: bool = False  # the guided deal's lesson (its moves were the coach's)
    typed: tuple[str, ...] = ()  # per seat, pass-and-play's typed names ("": the msgid of `names`)
    theirs: int | None = None  # the best other side's total for the deal (None: an older entry)

    @property
    def target(self) -> int | None:
        """The game's target as the deal's text gives it (None: not given, or not a number),
        read from its header without replaying the deal."""
        for raw in self.text.splitlines():
            line = raw.split("#", 1)[0].strip()
            if line.lower() == "moves:":
                break
            name, colon, value = line.partition(":")
            if colon and name.strip().lower() == "target":
                return whole_number(value.strip(), 7)
        return None

    def play(self) -> DealPlay:
        """The deal, replayed from its text. Raises DealFileError for an edited entry."""
        return self.replay()[0]

    def replay(self) -> tuple[DealPlay, int]:
        """The deal replayed from its text, and its game's seed (one parse for both)."""
        shared = parse_text(self.text.encode("utf-8"))
        assert shared.game is not None
        return deal_play(shared.game, self.deal), shared.seed

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "people": list(self.people),
            "names": list(self.names),
            "variant": self.variant,
            "deal": self.deal,
            "points": self.points,
            "when": self.when,
            "lesson": self.lesson,
            "typed": list(self.typed),
            "theirs": self.theirs,
        }

    @classmethod
    def from_json(cls, data: Any) -> RecentDeal | None:
        """An entry, or None when anything in it is not what we write."""
        try:
            people = tuple(int(s) for s in data["people"] if isinstance(s, int) and 0 <= s < 8)
            names = tuple(str(n)[:40] for n in data["names"] if isinstance(n, str))[:8]
            entry = cls(
                str(data["text"]),
                people,
                names,
                str(data["variant"])[:40],
                int(data["deal"]),
                int(data["points"]),
                float(data["when"]),
                data.get("lesson") is True,
                _typed(data.get("typed")),
                _points(data.get("theirs")),
            )
        except (KeyError, TypeError, ValueError, OverflowError):  # 1e400 is infinity: no int
            return None
        sensible = abs(entry.deal) < MAX_NUMBER and abs(entry.points) < MAX_NUMBER and 0 <= entry.when < MAX_NUMBER
        return entry if entry.people and entry.names and sensible else None


def _points(value: Any) -> int | None:
    """A deal total kept beside the first one; None for anything else (older entries)."""
    ok = isinstance(value, int) and not isinstance(value, bool) and abs(value) < MAX_NUMBER
    return value if ok else None


def _typed(value: Any) -> tuple[str, ...]:
    """The per-seat typed names of an entry ("" for anything odd: each stays at its seat)."""
    return tuple(clean_name(name) for name in value[:8]) if isinstance(value, list) else ()


class RecentDeals:
    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory

    @property
    def path(self) -> Path:
        return (self.directory or storage.data_dir()) / FILE_NAME

    def load(self) -> list[RecentDeal]:
        """Newest first; [] when there is no file or it cannot be read. An entry that is not
        what we write is left out, the others kept."""
        return self.read() or []

    def read(self) -> list[RecentDeal] | None:
        """The entries; None when there is a file that is not a list of ours (damaged,
        written by a newer Canasta, or unreadable: it is put aside, kept, when the next deal
        is added)."""
        if not storage.is_file(self.path):
            return []
        try:
            data = storage.read_json(self.path, MAX_BYTES, lenient=True)
        except (OSError, ValueError):  # (unreadable now is not ours to overwrite either)
            return None
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("deals"), list):
            return None
        entries = [RecentDeal.from_json(item) for item in data["deals"][:KEEP] if isinstance(item, dict)]
        return [entry for entry in entries if entry is not None]

    def add(
        self,
        game: Game,
        people: tuple[int, ...],
        names: tuple[str, ...],
        when: float | None = None,
        lesson: bool = False,
        typed: tuple[str, ...] = (),
    ) -> None:
        """Keep the deal `game` just finished (the same deal again replaces its entry).
        Raises OSError when the file cannot be written."""
        result = game.state.result
        side = game.config.side_of(people[0]) if people else 0
        entry = RecentDeal(
            export_text(game),
            tuple(people),
            tuple(names),
            game.config.variant,
            game.deal_number,
            result.sides[side].total if result is not None else 0,
            time.time() if when is None else when,
            lesson,
            tuple(typed),
            max((s.total for index, s in enumerate(result.sides) if index != side), default=None) if result else None,
        )
        earlier = self.read()
        if earlier is None and storage.move_aside(self.path) is None:  # not ours to overwrite: put aside
            raise OSError(errno.EEXIST, "the recent deals file cannot be set aside")
        kept = [e for e in earlier or [] if e.text != entry.text]
        deals = [entry, *kept][:KEEP]
        body = {"format": FORMAT, "deals": [e.to_json() for e in deals]}
        storage.atomic_write(self.path, json.dumps(body).encode("utf-8"), durable=False)
