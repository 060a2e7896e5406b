"""Save and resume: the game in progress, written after every move.

A save is plain JSON (nothing in it is ever executed: no pickle, no eval):

    {"format": "canasta-save/1", "variant": "classic", "target": 5000,
     "seed": 7, "first_dealer": 0, "human": 0,
     "levels": [null, "normal", "normal", "normal"],   # per seat; null = a person
     "deal_number": 2, "moves": ["draw", "discard C5", ...],
     "shown": 41,   # how many of `moves` the screen had finished showing (absent: all)
     "position": {...position_to_json of the current state...},
     "extra": {...small flat dict the table may keep: the hand's order, the selection,
               the speech bubbles; an entry that is not a flat value is left out...},
     "saved_at": "...", "checksum": "sha256:..."}

Loading replays `moves` from `seed` (the engine is deterministic) and checks
that the result equals the saved `position`, so a save that was truncated,
corrupted or edited by hand is caught; the checksum catches edits that would
still replay (a changed bot level, say). A bad save raises `SaveError` with a
plain message after being renamed aside (never deleted).

The save is written as soon as a move is applied to the engine, while the table shows it
a moment later (a bot's draw, melds and discard fly for a second or two). `shown` says how
many of the moves the screen had finished showing when the save was written: Continue
rebuilds the table at that point (`SavedGame.at_shown`) and plays the rest (`unshown`),
decided already, as the table plays live moves, so a game killed during West's turn shows
West's turn again rather than a table where it is done. A save without it (an older
version's) or with a value that makes no sense goes on after its last move, as before.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeGuard

from game import storage
from game.bots.base import LEVELS
from game.coach import is_lesson_deal
from game.i18n import N_
from game.notices import shown
from game.player_names import parse_names
from game.rules import Game, Move, RulesConfig, RulesError, position_to_json
from game.rules.moves import whole_number
from game.rules.variants import APP_VARIANT_IDS, variant_named
from game.why_not import RefusedMove

FORMAT = "canasta-save/1"
FORMAT_PREFIX = "canasta-save/"
VERSION = 1
FILE_NAME = "save.json"
MAX_BYTES = 5 * 1024 * 1024  # a whole game is ~50 KB; anything near this is not ours
MAX_MOVES = 100_000
MAX_MOVE_CHARS = 400
Scalar = str | int | float | bool | None


# A save of a later format: sound, for the Canasta that wrote it. Left where it is (not put
# aside), so that version still offers Continue; here a new game replaces it once asked.
NEWER_VERSION = N_("the game was saved by a newer version of Canasta")


class SaveError(Exception):
    """A save that cannot be resumed. `reason` is a plain English sentence;
    `message()` the same in the current language (the templates are marked with
    N_ for the catalogs); `moved_to` is where the bad file was put aside."""

    def __init__(self, template: str, moved_to: Path | None = None, **args: Any) -> None:
        self.template = template
        self.args_ = args
        self.reason = template.format(**args)
        self.moved_to = moved_to
        super().__init__(self.reason)

    def message(self) -> str:
        from game.i18n import _

        return _(self.template).format(**{name: shown(value) for name, value in self.args_.items()})

    def moved(self, path: Path | None) -> SaveError:
        return SaveError(self.template, path, **self.args_)


@dataclass
class SavedGame:
    """What a save holds; `game` is the replayed, verified engine game."""

    config: RulesConfig
    seed: int
    levels: tuple[str | None, ...]
    human: int = 0
    first_dealer: int = 0
    moves: list[str] = field(default_factory=list)
    deal_number: int = 0
    extra: dict[str, Scalar] = field(default_factory=dict)
    saved_at: str = ""
    game: Game | None = None
    shown: int | None = None  # the moves the screen had finished showing (None: all of them)

    def unshown(self) -> list[Move]:
        """The saved moves the screen had not finished showing: played again at Continue,
        never decided again."""
        assert self.game is not None
        return list(self.game.history[self.shown_count() :])

    def shown_count(self) -> int:
        assert self.game is not None
        return len(self.game.history) if self.shown is None else self.shown

    def at_shown(self) -> Game:
        """The game as the screen showed it: replayed to the moves it had finished showing
        (the whole saved game when it had shown them all). The deal it was in is the saved
        one (`_replay` keeps the point inside it)."""
        game = self.game
        assert game is not None
        if self.shown_count() >= len(game.history):
            return game
        seen = Game.replay(self.config, self.seed, game.history[: self.shown_count()], self.first_dealer)
        while seen.deal_number < game.deal_number:  # the deal had begun (Next deal) before its first move
            seen.next_deal()
        return seen


# -- writing -------------------------------------------------------------------


def _canonical(body: dict[str, Any]) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def _checksum(body: dict[str, Any]) -> str:
    return "sha256:" + hashlib.sha256(_canonical(body)).hexdigest()


def save_body(
    game: Game,
    levels: tuple[str | None, ...] | list[str | None],
    human: int = 0,
    extra: dict[str, Scalar] | None = None,
    shown: int | None = None,
) -> dict[str, Any]:
    """The save as a dict (without checksum). The first dealer is the game's own: a save
    that named another would replay other deals and fail its check at Continue. `shown`:
    how many of the game's moves the screen had finished showing (None: all of them)."""
    moves = [str(move) for move in game.history]
    return {
        "format": FORMAT,
        "variant": game.config.variant,
        "target": game.config.target,
        "seed": game.seed,
        "first_dealer": game.first_dealer,
        "human": human,
        "levels": list(levels),
        "deal_number": game.deal_number,
        "moves": moves,
        "shown": len(moves) if shown is None else max(0, min(shown, len(moves))),
        "position": position_to_json(game.state),
        "extra": dict(extra or {}),
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def encode_save(body: dict[str, Any]) -> bytes:
    """The file's bytes: the body plus its checksum, compact JSON."""
    return _canonical({**body, "checksum": _checksum(body)})


# -- reading -------------------------------------------------------------------


def _need(condition: bool, reason: str) -> None:
    if not condition:
        raise SaveError(reason)


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_save(data: bytes, *, verify_checksum: bool = True) -> SavedGame:
    """Check and replay a save's bytes. Raises SaveError (only) when it is bad."""
    if len(data) > MAX_BYTES:
        raise SaveError(N_("the file is larger than {mb}\u00a0MB"), mb=MAX_BYTES // (1024 * 1024))
    try:
        body = storage.parse_json(data)
    except ValueError:  # not UTF-8, not JSON, NaN/Infinity, nested too deeply
        raise SaveError(N_("the file is not valid JSON (it may be truncated or corrupt)")) from None
    _need(isinstance(body, dict), N_("the file is not a saved game"))
    fmt = body.get("format")
    _need(isinstance(fmt, str) and fmt.startswith(FORMAT_PREFIX), N_("the file is not a saved game"))
    version = fmt[len(FORMAT_PREFIX) :]
    if version != str(VERSION):
        number = whole_number(version)
        if number is not None and number > VERSION:
            raise SaveError(NEWER_VERSION)
        raise SaveError(N_("unknown save format {name}"), name=repr(fmt[:40]))
    if verify_checksum:
        checksum = body.pop("checksum", None)
        _need(
            isinstance(checksum, str) and checksum == _checksum(body),
            N_("the file was changed outside the game (checksum mismatch)"),
        )
    saved = _replay(_fields(body))
    assert saved.game is not None
    _need(
        position_to_json(saved.game.state) == body["position"], N_("the saved position does not match the move history")
    )
    return saved


def _fields(fields: dict[str, Any]) -> SavedGame:
    body: Any = fields  # untrusted JSON: every value is checked below before use
    variant, target = body.get("variant"), body.get("target")
    rules = variant_named(variant) if isinstance(variant, str) else None
    _need(rules is not None and variant in APP_VARIANT_IDS, N_("unknown variant"))
    targets = rules.targets or (0,)  # type: ignore[union-attr]  # (a game of a number of deals: no target)
    _need(_is_int(target) and target in targets, N_("unknown target score"))
    config = RulesConfig.for_variant(variant, target)
    seed, first_dealer, human = body.get("seed"), body.get("first_dealer", 0), body.get("human", 0)
    _need(_is_int(seed) and abs(seed) < 2**63, N_("the deal seed is missing or not a number"))
    _need(_is_int(first_dealer) and 0 <= first_dealer < config.players, N_("bad first dealer"))
    _need(_is_int(human) and 0 <= human < config.players, N_("bad seat for the player"))
    levels = body.get("levels")
    _need(isinstance(levels, list) and len(levels) == config.players, N_("bad list of bot levels"))
    for seat, level in enumerate(levels):
        if not (level is None or level in LEVELS):  # None: a person (pass-and-play: several)
            raise SaveError(N_("bad bot level for seat {seat}"), seat=seat)
    moves = body.get("moves")
    _need(isinstance(moves, list) and len(moves) <= MAX_MOVES, N_("the move history is missing"))
    _need(
        all(isinstance(m, str) and len(m) <= MAX_MOVE_CHARS for m in moves),
        N_("the move history holds something that is not a move"),
    )
    deal_number = body.get("deal_number", 0)
    _need(_is_int(deal_number) and deal_number >= 0, N_("bad deal number"))
    _need(isinstance(body.get("position"), dict), N_("the current position is missing"))
    extra = _table_extra(body.get("extra", {}))
    saved_at = body.get("saved_at", "")
    return SavedGame(
        config,
        seed,
        tuple(levels),
        human,
        first_dealer,
        list(moves),
        deal_number,
        dict(extra),
        saved_at if isinstance(saved_at, str) else "",
        shown=_unshown_from(body),
    )


def _table_extra(extra: object) -> dict[str, Scalar]:
    """The table's extras a save holds (the hand's arrangement, the selection, the bubbles:
    none of them the game): an entry that is not a flat value is left out, and so is the
    whole of an `extra` that is not a dict; the game loads without them."""
    if not isinstance(extra, dict):
        return {}
    return {
        key: value
        for key, value in extra.items()
        if isinstance(key, str)
        and (value is None or isinstance(value, (str, int, float, bool)))
        and not (isinstance(value, float) and not math.isfinite(value))
    }


def _unshown_from(body: dict[str, Any]) -> int | None:
    """A save body's `shown` when some of its moves were not shown yet; None when every one
    was: an older save has none, and a value that makes no sense goes on from the end."""
    moves, shown = body.get("moves"), body.get("shown")
    return shown if isinstance(moves, list) and _is_int(shown) and 0 <= shown < len(moves) else None


def _replay(saved: SavedGame) -> SavedGame:
    """Replay the history from the seed; the result must equal the saved position."""
    game = Game(saved.config, saved.seed, saved.first_dealer)
    deal_began = 0  # the moves played before the saved deal began
    for index, text in enumerate(saved.moves):
        deal = game.deal_number
        try:
            game.apply(Move.parse(text))
        except RulesError as error:
            raise SaveError(
                N_("move {number} ({move}) cannot be replayed: {error}"),
                number=index + 1,
                move=repr(text[:40]),
                error=RefusedMove(error),
            ) from None
        if game.deal_number != deal:  # (the move began a deal)
            deal_began = index
    # The table may have started the next deal (no move yet): do the same.
    while game.deal_number < saved.deal_number:
        deal_began = len(saved.moves)
        try:
            game.next_deal()
        except RulesError:
            raise SaveError(N_("the deal number does not match the history")) from None
    _need(game.deal_number == saved.deal_number, N_("the deal number does not match the history"))
    saved.game = game
    # The screen shows one deal: the table starts a deal only once the last one was shown
    # (its score sheet), so a point before the saved deal is not one it showed.
    if saved.shown is not None and saved.shown < deal_began:
        saved.shown = deal_began if deal_began < len(saved.moves) else None
    return saved


@dataclass(frozen=True)
class SaveSummary:
    """What the title says of the saved game beside Continue: the table, the deal, and the
    game's totals so far, after the deal when it is over (the player's side and the best
    of the others)."""

    variant: str
    deal: int  # 1 for the first deal
    ours: int
    theirs: int
    target: int = 0  # the points the game is played to (0: a game of a number of deals)
    over: bool = False  # the game is decided (kept until the player leaves its final sheet)
    people: int = 1  # the people at the screen (pass-and-play: 2 or more)
    # Pass-and-play (2 people or more): whose side `ours` is, named as the table names it
    # (`human`, the people's seats and the names typed for them, per seat); "ours" alone
    # said nothing of whose (play-test, stop 58). Empty with one person: "ours" is the player's.
    human: int = 0
    seats: tuple[int, ...] = ()
    typed: tuple[str, ...] = ()
    # The guided first deal's lesson, left before its end: Continue goes on with the lesson
    # and its coach, which "Classic · to 5000 · deal 1" did not say (play-test, first game).
    lesson: bool = False


def summarize(data: bytes) -> SaveSummary | None:
    """The summary of a save's bytes, read without replaying them; None when they do not
    hold one (Continue's own load then checks the file and says what is wrong)."""
    try:
        body: Any = storage.parse_json(data)
    except ValueError:
        return None
    if not isinstance(body, dict) or body.get("format") != f"{FORMAT_PREFIX}{VERSION}":
        return None  # (a newer version's save: Continue says it cannot load it, so no line promises it)
    variant, deal, human = body.get("variant"), body.get("deal_number"), body.get("human", 0)
    rules = variant_named(variant) if isinstance(variant, str) and variant in APP_VARIANT_IDS else None
    if rules is None or not (_is_int(deal) and deal >= 0 and _is_int(human) and 0 <= human < rules.players):
        return None
    position = body.get("position")
    scores = position.get("scores") if isinstance(position, dict) else None
    result = position.get("result") if isinstance(position, dict) else None
    over = False
    if _unshown_from(body) is not None:
        result = None  # the move that ended the deal was not shown yet: Continue shows it first
    if isinstance(result, dict) and "scores" in result:  # a deal over: Continue opens its sheet
        scores = result["scores"]
        over = result.get("winner") is not None  # (a side's number, or "tie" after a last deal)
    if not (isinstance(scores, list) and len(scores) == len(rules.sides) and all(_is_int(x) for x in scores)):
        return None
    side = next(index for index, seats in enumerate(rules.sides) if human in seats)
    others = [score for index, score in enumerate(scores) if index != side]
    target = body.get("target")
    shown_target = target if _is_int(target) and target in rules.targets else 0
    levels = body.get("levels")
    people = sum(1 for level in levels if level is None) if isinstance(levels, list) else 1
    summary = SaveSummary(rules.id, deal + 1, scores[side], max(others, default=0), shown_target, over, max(1, people))
    extra = body.get("extra")  # (the lesson's flag and the names of the people who share the screen)
    seed = body.get("seed")
    if isinstance(extra, dict) and extra.get("lesson_game") is True and _is_int(seed):
        summary = replace(summary, lesson=is_lesson_deal(rules.id, seed, deal))
    if people > 1 and isinstance(levels, list) and len(levels) == rules.players:
        typed = parse_names(extra.get("names") if isinstance(extra, dict) else None, rules.players)
        seats = tuple(seat for seat, level in enumerate(levels) if level is None)
        summary = replace(summary, human=human, seats=seats, typed=typed)
    return summary


# -- the save slot ---------------------------------------------------------------


class SaveStore:
    """The one save slot: `save(...)` after each move, `load()` on Continue.

    A save the disk refuses (full, read-only) is kept in memory (`unwritten`) until one is
    written: Continue in the same run goes on from it, not from the older file (the table
    said "Not saved", and Main menu then Continue took the game back to the last move the
    disk took; play-test, stop 59), and the app's close tries it once more (`flush`)."""

    def __init__(self, directory: Path | None = None, name: str = FILE_NAME, durable: bool = True) -> None:
        self.directory = directory
        self.name = name
        self.durable = durable
        self.unwritten: bytes | None = None  # the newest save, when the disk refused it

    @property
    def path(self) -> Path:
        return (self.directory or storage.data_dir()) / self.name

    def exists(self) -> bool:
        return self.unwritten is not None or storage.is_file(self.path)

    def save(
        self,
        game: Game,
        levels: tuple[str | None, ...] | list[str | None],
        human: int = 0,
        extra: dict[str, Scalar] | None = None,
        shown: int | None = None,
    ) -> None:
        """Write the game atomically (the previous save stays intact until then); `shown`:
        how many of its moves the screen had finished showing (None: all)."""
        data = encode_save(save_body(game, levels, human, extra, shown))
        try:
            storage.atomic_write(self.path, data, durable=self.durable)
        except OSError:
            self.unwritten = data  # (the caller says so at the table)
            raise
        self.unwritten = None

    def flush(self) -> None:
        """Write the save the disk refused, if there is one (OSError when it still fails)."""
        if self.unwritten is not None:
            storage.atomic_write(self.path, self.unwritten, durable=self.durable)
            self.unwritten = None

    def load(self) -> SavedGame:
        """The saved game, replayed and verified. On any problem the file is moved
        aside and SaveError says why (and where it went). A save the disk refused in this
        run is newer than the file: that one."""
        if self.unwritten is not None:
            return parse_save(self.unwritten)  # (written by this very run: never bad)
        path = self.path
        try:
            data = storage.read_capped(path, MAX_BYTES)
        except FileNotFoundError:
            raise SaveError(N_("there is no saved game")) from None
        except ValueError:
            raise SaveError(
                N_("the file is larger than {mb}\u00a0MB"), storage.move_aside(path), mb=MAX_BYTES // (1024 * 1024)
            ) from None
        except OSError as error:
            raise SaveError(N_("the file cannot be read ({error})"), error=storage.error_reason(error)) from None
        try:
            saved = parse_save(data)
        except SaveError as error:
            if error.template == NEWER_VERSION:
                raise  # not damaged: kept in place for the version that wrote it
            raise error.moved(storage.move_aside(path)) from None
        except Exception as error:  # last resort: a bad save must never crash the app
            raise SaveError(
                N_("the file could not be understood ({error})"), storage.move_aside(path), error=type(error).__name__
            ) from None
        return saved

    def summary(self) -> SaveSummary | None:
        """`summarize` the saved file (None when there is none or it cannot be read)."""
        if self.unwritten is not None:
            return summarize(self.unwritten)
        try:
            return summarize(storage.read_capped(self.path, MAX_BYTES))
        except (OSError, ValueError):
            return None

    def decided(self) -> bool:
        """The saved game is decided: kept only so that Continue shows its final sheet, so a
        new game replaces it without asking."""
        summary = self.summary()
        return summary is not None and summary.over

    def discard(self) -> None:
        """Forget the save (the game it held is finished or abandoned)."""
        self.unwritten = None
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
