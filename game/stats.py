"""Statistics per variant and bot level, kept as JSON in the user data dir.

The table calls `StatsStore.record_deal(...)` once when a deal ends (it counts
the game too when that deal decided it). Records are keyed "variant/level"
(e.g. "classic/normal"; "mixed" when the bots' levels differ), the variant with its
target when that is not the variant's first ("classic@2500/normal").
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game import storage
from game.bots.base import LEVEL_NAMES as BOT_LEVEL_NAMES
from game.glyphs import shown_name
from game.i18n import N_, _
from game.notices import NEWER_FILE, Listing, Notice, copy_name
from game.player_names import shown_stats_name
from game.rules import GameState, Phase, RulesConfig
from game.rules.variants import VARIANT_IDS, VARIANT_NAMES

FILE_NAME = "stats.json"
# Counts the statistics file refused when the app closed (a folder or a locked file where it
# goes), kept beside it in its own format and read at the next start (StatsStore.keep_aside).
ASIDE_NAME = "stats.unsaved.json"
FORMAT = "canasta-stats/1"
MAX_BYTES = 1024 * 1024
MAX_COUNT = 10**12  # games, points: anything beyond is an edited file (and would not draw)
UNUSABLE_VALUES = N_("some statistics could not be read ({names}) and start again; the file was copied to {kept}")
UNUSABLE_VALUE = N_("{record}: {values}")
SHOWN_UNUSABLE = 4  # records a notice names (then "…")

# Statistics also keep games with bots of several levels as "mixed".
LEVEL_NAMES = {**BOT_LEVEL_NAMES, "mixed": N_("Mixed")}
# A record's values by the statistics page's column that shows them ("*": the record itself).
VALUE_NAMES = {
    "games": N_("Games"),
    "wins": N_("Wins"),
    "deals": N_("Avg. deal"),
    "deal_points": N_("Avg. deal"),
    "best_deal": N_("Best deal"),
    "canastas_natural": N_("Canastas N/M"),
    "canastas_mixed": N_("Canastas N/M"),
    "went_out": N_("Went out"),
    "concealed_outs": N_("Concealed"),
    "*": N_("the whole record"),
}


@dataclass
class Record:
    games: int = 0
    wins: int = 0
    deals: int = 0
    deal_points: int = 0  # sum of the player's side's deal scores
    best_deal: int | None = None
    canastas_natural: int = 0
    canastas_mixed: int = 0
    went_out: int = 0  # deals the player went out
    concealed_outs: int = 0

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def average_deal(self) -> float | None:
        return self.deal_points / self.deals if self.deals else None

    def merged(self, other: Record) -> Record:
        """The two records' counts together (the same game kept under two keys)."""
        bests = [best for best in (self.best_deal, other.best_deal) if best is not None]
        counts = {f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self) if f.name != "best_deal"}
        return Record(**counts, best_deal=max(bests) if bests else None)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        return cls.read(data)[0]

    @classmethod
    def read(cls, data: Any) -> tuple[Record, list[str]]:
        """A record from its JSON, and the names of the values it could not use (each read
        as its default). A whole number written as 5.0 is 5; no best deal is null."""
        record = cls()
        if not isinstance(data, dict):
            return record, ["*"]
        unusable = []
        for f in fields(cls):
            if f.name not in data or (data[f.name] is None and f.name == "best_deal"):
                continue
            value = data[f.name]
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) < MAX_COUNT:
                setattr(record, f.name, value if f.name in ("best_deal", "deal_points") else max(0, value))
            else:
                unusable.append(f.name)
        return record, unusable


def game_key(config: RulesConfig) -> str:
    """The game a record counts: the variant, and the target when it is not the variant's
    first (a 2500-point classic game is won more often than one to 5000: kept apart)."""
    default = RulesConfig.for_variant(config.variant).target
    return config.variant if config.target == default else f"{config.variant}@{config.target}"


def mixed_key(key: str) -> str:
    """A record's key as this version keeps it: a game with bots of several levels is "mixed";
    earlier versions listed the levels ("classic/easy/normal"), which the statistics page showed
    as "easy/normal", untranslated (play-test in Chinese, stop 54)."""
    game, _slash, level = key.partition("/")
    return f"{game}/mixed" if "/" in level and shown_stats_name(level) is None else key


def split_key(key: str) -> tuple[str, str, str]:
    """A record's key read back: the variant, the target ("" for the variant's first:
    `game_key`) and the level (or a person's name)."""
    game, _slash, level = key.partition("/")
    variant, _at, target = game.partition("@")
    return variant, target, level


def record_name(key: str, translate: Callable[[str], str] = _) -> str:
    """A record's name as the statistics page shows it: "Classic · to 2500 · Hard", a
    person's typed name as typed; `translate` the language's (`str`: the English)."""
    variant, target, level = split_key(key)
    typed = shown_stats_name(level)
    name = translate(VARIANT_NAMES.get(variant, variant))
    if target:
        name += " · " + translate(N_("to {target}")).format(target=target)
    return name + " · " + (shown_name(typed) if typed is not None else translate(LEVEL_NAMES.get(level, level)))


def record_order(key: str) -> tuple[int, int, int, str, str]:
    """Where a record's row goes on the statistics page: the variants in the New game list's
    order (classic first), each to its first target then the others, the levels from Easy
    to Hard, then Mixed, then people's names (sorted by the file's keys, Bolivia and Hand and
    Foot came before Classic, and the levels in alphabetical order)."""
    variant, target, level = split_key(key)
    variants = VARIANT_IDS.index(variant) if variant in VARIANT_IDS else len(VARIANT_IDS)
    levels = list(LEVEL_NAMES)
    rank = levels.index(level) if level in levels else len(levels)
    return variants, int(target) if target.isdigit() else 0, rank, level, key


class RecordName(Notice):
    """A record's name for a notice, in the player's language when shown."""

    key: str

    def __new__(cls, key: str) -> RecordName:
        name = str.__new__(cls, record_name(key, str))
        name.msgid, name.args, name.key = "", {}, key
        return name

    def text(self) -> str:
        return record_name(self.key)


def level_key(levels: list[str | None] | tuple[str | None, ...]) -> str:
    """One label for the bots at the table: their level, or "mixed"."""
    bots = {level for level in levels if level is not None}
    return bots.pop() if len(bots) == 1 else ("mixed" if bots else "none")


class StatsStore:
    def __init__(self, directory: Path | None = None, *, read_only: bool = False) -> None:
        self.directory = directory
        self.read_only = read_only  # another window keeps the files: no copy is made here
        self.records: dict[str, Record] = {}
        self.last_deal_key: str | None = None
        self.notices: list[Notice] = []
        # A deal counted here whose write failed (a full or read-only disk): the count is kept
        # in memory, keyed, and written by the next `save` that works (`save_unsaved`).
        self.unsaved = False
        self.load()

    @property
    def path(self) -> Path:
        return (self.directory or storage.data_dir()) / FILE_NAME

    @property
    def aside_path(self) -> Path:
        return self.path.with_name(ASIDE_NAME)

    def load(self) -> None:
        """Read the file, then counts kept aside at the last close (`keep_aside`); a missing
        or broken file gives empty statistics."""
        self._load_file()
        self._take_aside()

    def _load_file(self) -> None:
        self.records, self.last_deal_key = {}, None
        if not storage.is_file(self.path):
            return
        try:
            data = storage.read_json(self.path, MAX_BYTES, lenient=True)  # NaN: that value, not the file
            if not (isinstance(data, dict) and isinstance(data.get("records"), dict)):
                raise ValueError(Notice(N_("not a statistics file")))
        except (OSError, ValueError) as error:
            reason = storage.error_reason(error)
            moved = storage.move_aside(self.path)  # kept, never deleted: the notice says where
            if moved is None:
                self.notices.append(Notice(N_("statistics could not be read ({error}); starting afresh"), error=reason))
            else:  # (the reason last: the title cuts a long notice there)
                kept = N_("statistics could not be read; the file was kept as {kept}; starting afresh ({error})")
                self.notices.append(Notice(kept, kept=moved.name, error=reason))
            return
        unusable: list[Notice] = []  # (named as the page names them: the player's words, not the file's keys)
        for key, value in data["records"].items():
            record, names = Record.read(value)
            kept = mixed_key(str(key))
            self.records[kept] = self.records[kept].merged(record) if kept in self.records else record
            if names:
                values = Listing(dict.fromkeys(VALUE_NAMES.get(name, name) for name in names), and_list=True)
                unusable.append(Notice(UNUSABLE_VALUE, record=RecordName(kept), values=values))
        last = data.get("last_deal_key")
        self.last_deal_key = last if isinstance(last, str) else None
        # What this version does not read is kept in a copy, and the file written back as it
        # is read (so the copy is made once, not at every start).
        newer = data.get("format", FORMAT) != FORMAT  # another version's (its own fields are not ours)
        if (newer or unusable) and not self.read_only:
            copy = storage.keep_copy(self.path, "newer" if newer else "bad")
            if newer:
                self.notices.append(Notice(NEWER_FILE, file=self.path.name, kept=copy_name(copy)))
            else:
                listed = Listing([*unusable[:SHOWN_UNUSABLE], *(["…"] if len(unusable) > SHOWN_UNUSABLE else [])])
                self.notices.append(Notice(UNUSABLE_VALUES, names=listed, kept=copy_name(copy)))
            if copy is not None:
                try:
                    self._write(self.records, self.last_deal_key)  # (not `save`: a copy aside is read next)
                except OSError:
                    pass  # (the next deal counted tries again; the copy is kept)

    def save(self) -> None:
        self._write(self.records, self.last_deal_key)
        self.unsaved = False
        self._drop_aside()

    def save_unsaved(self) -> None:
        """Write a count the disk refused before, if there is one (OSError when it still fails)."""
        if self.unsaved:
            self.save()

    def keep_aside(self) -> None:
        """The app closes: a count the statistics file still refuses is written beside it
        (ASIDE_NAME, the same JSON, atomically) and read at the next start, which writes it
        into the file. Lost only when nothing can be written there (a full disk takes
        neither file). OSError when that fails too."""
        if not self.unsaved or self.read_only:
            return
        try:
            self.save()
        except OSError:
            storage.atomic_write(self.aside_path, self._data(self.records, self.last_deal_key))

    def _take_aside(self) -> None:
        """Counts kept aside at the last close: they are the file's records and more (made
        on top of them), so they replace them and are written into the file (then the copy
        aside goes). A copy aside counting no more deals than the file is an old one whose
        removal failed: dropped, never counted twice. An unreadable one is left alone."""
        if not storage.is_file(self.aside_path):
            return
        try:
            data = storage.read_json(self.aside_path, MAX_BYTES, lenient=True)
        except (OSError, ValueError):
            return
        if not (isinstance(data, dict) and isinstance(data.get("records"), dict)) or data.get("format") != FORMAT:
            return
        records = {str(key): Record.read(value)[0] for key, value in data["records"].items()}
        if sum(r.deals for r in records.values()) <= sum(r.deals for r in self.records.values()):
            if not self.read_only:
                self._drop_aside()
            return
        last = data.get("last_deal_key")
        self.records, self.last_deal_key, self.unsaved = records, last if isinstance(last, str) else None, True
        if not self.read_only:
            try:
                self.save()
            except OSError:
                pass  # (still refused: kept aside, and in memory for the next try)

    def _drop_aside(self) -> None:
        try:
            self.aside_path.unlink(missing_ok=True)
        except OSError:
            pass  # (counting no more deals than the file, it is dropped at a later start)

    def record(self, game: str, level: str) -> Record:
        """The record of `game` (`game_key`: the variant, maybe with its target) at `level`."""
        return self.records.setdefault(f"{game}/{level}", Record())

    def record_deal(self, state: GameState, human: int, level: str, deal_key: str | None = None) -> bool:
        """Count a finished deal (and the game, if it decided it) for the player at
        seat `human`. `deal_key` (e.g. f"{seed}:{deal_number}") makes a repeated
        call for the same deal a no-op. Returns whether anything was counted."""
        return self.record_deals(state, [(human, level)], deal_key)

    def record_deals(self, state: GameState, players: list[tuple[int, str]], deal_key: str | None = None) -> bool:
        """`record_deal` for each (seat, record name) of `players` (pass-and-play: each
        person under their name), written once: killed or refused by the disk, the deal is
        counted for all of them or for none."""
        result = state.result
        if state.phase is not Phase.OVER or result is None:
            return False
        if deal_key is not None and deal_key == self.last_deal_key:
            return False
        for seat, level in players:
            self._count(state, seat, level)
        self.last_deal_key = deal_key
        self.unsaved = True  # (until written)
        self.save()
        return True

    def _count(self, state: GameState, human: int, level: str) -> None:
        result = state.result
        assert result is not None
        config = state.config
        side = config.side_of(human)
        record = self.record(game_key(config), level)
        points = result.sides[side].total
        record.deals += 1
        record.deal_points += points
        record.best_deal = points if record.best_deal is None else max(record.best_deal, points)
        for meld in state.side_melds(side):  # (books and sambas count as canastas)
            if meld.is_canasta:
                if meld.is_natural:
                    record.canastas_natural += 1
                else:
                    record.canastas_mixed += 1
        if result.went_out == human:
            record.went_out += 1
            record.concealed_outs += int(result.concealed)
        if result.game_over:  # (a game of a number of deals may end in a tie)
            record.games += 1
            record.wins += int(result.winner == side)

    def reset(self) -> None:
        """Forget every record; raises OSError (and forgets nothing) when the file cannot
        be written."""
        self._write({}, None)
        self.records, self.last_deal_key, self.unsaved = {}, None, False
        self._drop_aside()

    def _write(self, records: dict[str, Record], last_deal_key: str | None) -> None:
        storage.atomic_write(self.path, self._data(records, last_deal_key))

    @staticmethod
    def _data(records: dict[str, Record], last_deal_key: str | None) -> bytes:
        data = {
            "format": FORMAT,
            "last_deal_key": last_deal_key,
            "records": {key: asdict(record) for key, record in sorted(records.items())},
        }
        return json.dumps(data, indent=1).encode("utf-8")
