"""The bot interface: a bot sees only the Observation of its seat (never the state),
gets its own seeded `random.Random`, and returns one legal move.

`Bot.act` wraps `choose` with a timer on the bot's clock (wall time; CPU time, or the
work done, in a measurement that must not depend on the machine's load) so the arena can
report decision times; `make_bot(level, seed)` is the registry the game and the arena use.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from game.rules import Move, Observation

if TYPE_CHECKING:
    from .reasons import BotReason
    from .search_pool import SearchPool


def N_(text: str) -> str:
    """Mark a display-name key for the app's catalogs (tools/extract_strings.py)."""
    return text


# The bot levels, weakest first, with their display-name keys: the one list of them.
LEVEL_NAMES: dict[str, str] = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
LEVELS: tuple[str, ...] = tuple(LEVEL_NAMES)
# Frozen copies of earlier levels (game/bots/v1): the arena's fixed yardstick, never in the app.
YARDSTICK_LEVELS: tuple[str, ...] = ("normal-v1", "hard-v1")
# Every level the arena and the tools may name.
ARENA_LEVELS: tuple[str, ...] = LEVELS + YARDSTICK_LEVELS

# The clocks a bot's time budget may run on: wall time at the table; CPU time of this
# process in long measurements, so a loaded machine does not starve a searching bot; and
# `WorkClock` (below), on which a long measurement plays the same games on any machine.
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
WORK = "work"  # a clock spec "work:SECONDS[,SECONDS]" names a WorkClock and its unit (clock_for)


class WorkClock:
    """Time as the work a searching bot has done: each unit of `Bot.work` (a world sampled,
    a move played in a playout) counts `unit` seconds, the mean CPU time of one unit measured
    on a reference machine (`tools/bench_hard.py --calibrate`). The CPU clock gives a search
    as many worlds as the machine can play that day (this shared machine's speed has varied
    2.5-fold between sittings); on this clock a run's games are the same on any machine and
    under any load, so a long run can go on in another sitting and be repeated exactly."""

    def __init__(self, bot: Bot, unit: float) -> None:
        if not unit > 0:
            raise ValueError(f"a work clock's unit must be positive seconds, not {unit!r}")
        self.bot = bot
        self.unit = unit

    def __call__(self) -> float:
        return self.bot.work * self.unit


def work_units(spec: str) -> list[float] | None:
    """The units (seconds) of a "work:SECONDS[,SECONDS]" clock spec, None for a spec of
    another clock; ValueError for a work spec without one or two positive numbers. The one
    reading of a work spec: the clocks, the arena's arguments and its reports use it."""
    name, _, units = spec.partition(":")
    if name != WORK:
        return None
    parts = [float(unit) for unit in units.split(",")] if units else []
    if not 1 <= len(parts) <= 2 or not all(unit > 0 for unit in parts):
        raise ValueError(f"a work clock takes one or two positive units (A's, B's), not {spec!r}")
    return parts


def work_spec(microseconds: str) -> str:
    """The work clock spec of a command line's `--work-us U[,UB]` (microseconds a unit, A's and
    B's); ValueError unless it is one or two positive numbers."""
    spec = f"{WORK}:{','.join(repr(float(u) / 1e6) for u in microseconds.split(','))}"
    work_units(spec)
    return spec


def work_us_argument(microseconds: str) -> str:
    """`work_spec` as a command line's argparse type: the one message for a bad `--work-us`."""
    try:
        return work_spec(microseconds)
    except ValueError:
        raise argparse.ArgumentTypeError(f"one or two positive numbers (A's, B's), not {microseconds!r}") from None


def clock_for(spec: str, bot: Bot, side: int = 0) -> Callable[[], float]:
    """The clock `spec` names for `bot`: a name in CLOCKS, or "work:SECONDS" (WorkClock), or
    "work:SECONDS,SECONDS": the first unit for the arena's A side (`side` 0), the second for
    B (a bot's unit is its own: hard-v1's Normal is cheaper than today's). ValueError for
    anything else."""
    if spec in CLOCKS:
        return CLOCKS[spec]
    units = work_units(spec)
    if units is None:
        raise ValueError(f"unknown clock {spec!r} (expected {', '.join(CLOCKS)} or {WORK}:SECONDS[,SECONDS])")
    return WorkClock(bot, units[min(side, len(units) - 1)])


class UnknownLevel(ValueError):
    """A bot level that does not exist: a mistyped level is an error, never a weaker bot."""

    def __init__(self, level: str) -> None:
        self.level = level
        self.expected = ARENA_LEVELS
        super().__init__(f"unknown bot level {level!r} (expected one of {', '.join(ARENA_LEVELS)})")


@dataclass(slots=True)
class DecisionRecord:
    """Seconds of every decision a bot made, on its clock (for the arena's statistics)."""

    times: list[float] = field(default_factory=list)

    def add(self, seconds: float) -> None:
        self.times.append(seconds)

    def clear(self) -> None:
        self.times.clear()


class Bot(ABC):
    """A player. Subclasses implement `choose`; callers normally use `act`."""

    level: str = "?"
    searches = False  # plays sampled worlds by the clock (Hard): a host may lend it a SearchPool

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)
        self.record = DecisionRecord()
        self.last_reason: BotReason | None = None  # set by `choose` when it has one
        self.clock: Callable[[], float] = CLOCKS["wall"]  # times decisions and any search budget
        self.work = 0  # worlds sampled and playout moves made by its searches (WorkClock)
        # Called between the steps of a long search (Hard's worlds and playout moves), so that a host
        # running the bot on another thread can let its own work go first (the table's
        # frames: game/scenes/bot_runner.py). None: nothing to wait for.
        self.yield_point: Callable[[], None] | None = None
        # Worker processes a searching bot may play its worlds in (the table's: the bot runner
        # sets them; game/bots/search_pool.py); bots that do not search ignore them.
        self.search_pool: SearchPool | None = None

    @abstractmethod
    def choose(self, observation: Observation, rng: random.Random, time_budget: float | None = None) -> Move:
        """Return one of `observation.legal`. Use only `observation` and `rng`."""

    def act(self, observation: Observation, time_budget: float | None = None) -> Move:
        """`choose` with this bot's own RNG, timed into `self.record`."""
        self.last_reason = None
        start = self.clock()
        move = self.choose(observation, self.rng, time_budget)
        self.record.add(self.clock() - start)
        return move

    def explain(self) -> BotReason | None:
        """Why the bot made its last move (`act`), in one line, when it is a move worth
        explaining: an answer to "May I go out?" or taking a big pile (game/bots/reasons.py)."""
        return self.last_reason

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


_REGISTRY: dict[str, Callable[..., Bot]] = {}


BotType = TypeVar("BotType", bound=type["Bot"])


def register(level: str) -> Callable[[BotType], BotType]:
    """Class decorator: the bot class plays `level` (make_bot builds it)."""

    def deco(cls: BotType) -> BotType:
        _REGISTRY[level] = cls
        cls.level = level
        return cls

    return deco


def private_seed(*parts: int) -> int:
    """A bot's seed made from the game's seed (and the seat, the move number...) one way
    only: a seed of `game_seed * 10 + seat` handed the bot the deal's shuffle, so every
    hidden card, beyond its observation. The same parts always give the same seed."""
    digest = hashlib.sha256(("bot-seed:" + ":".join(str(part) for part in parts)).encode("ascii")).digest()
    return int.from_bytes(digest[:7], "big")


def make_bot(level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of `level` (one of ARENA_LEVELS) with its own seeded RNG.
    Options go to the bot's constructor (e.g. `budget=0.2` for hard)."""
    # Import for the registration side effect; kept here to avoid import cycles.
    from . import easy, hard, normal  # noqa: F401
    from .v1 import hard as hard_v1  # noqa: F401
    from .v1 import normal as normal_v1  # noqa: F401

    try:
        factory = _REGISTRY[level]
    except KeyError:
        raise UnknownLevel(level) from None
    return factory(seed=seed, **options)
