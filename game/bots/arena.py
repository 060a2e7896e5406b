"""Bot-vs-bot arena: full games to the target, duplicate seeds, summary statistics.

    python -m game.bots.arena --a hard --b normal --games N --variant classic \
        --seed S --jobs 2 [--target POINTS] [--budget SECONDS]

Each game seed is played once per seating of A (classic and two-hand: A on side 0,
then on side 1; three-hand: A at seat 0, 1, 2 with B on the other seats), so every
deal is dealt identically to both bots (duplicate). Reports A's win rate with a
95% Wilson interval, the mean score margin, decision times per bot, and the counts
of exceptions, illegal moves and stalls (games over a generous move cap). With three
sides, also how often A finished above each B side (head to head). `--log FILE` keeps
every finished game, so a run too long for one sitting goes on where it stopped;
`--clock cpu` counts budgets in CPU time, so a busy machine measures the same bots, and
`--clock work --work-us U[,UB]` in the work a search does (U microseconds a unit, base.WorkClock;
UB for B when its unit differs), so any machine plays the same games.
`--report LOG ...` prints the same report from logs, finished or not, playing nothing.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import os
import statistics
import sys
import time
import traceback
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.rules import Game, IllegalMove, RulesConfig
from game.rules.cli import BROKEN_PIPE
from game.rules.config import TARGETS
from game.rules.variants import VARIANT_IDS

from .arena_log import ArenaLog, ArenaLogError, code_digest, header, read_log
from .base import ARENA_LEVELS, CLOCKS, WORK, Bot, clock_for, make_bot, work_units, work_us_argument

MOVE_CAP = 20000  # a game with more moves than this is a stall (typical: ~100-300 a deal)


@dataclass
class GameResult:
    seed: int
    seating: int
    a_won: bool = False
    margin: float = 0.0
    ahead: float = 0.0  # share of the B sides A finished above (a tie counts half)
    deals: int = 0
    moves: int = 0
    exceptions: int = 0
    illegal: int = 0
    stalls: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)  # "A"/"B" -> seconds per decision
    error: str = ""
    seconds: float = 0.0  # wall time of the game


def a_seats(config: RulesConfig, seating: int) -> set[int]:
    """Seats A controls in this seating."""
    if config.partnerships:
        return {s for s in range(config.players) if config.side_of(s) == seating}
    return {seating}


# (variant, target, seed, seating, level A, level B, budget, per-side bot options, clock)
Task = tuple[str, int, int, int, str, str, float | None, dict[str, dict[str, Any]], str]


def play_game(task: Task) -> GameResult:
    """Play one full game. `task` = (variant, target, seed, seating, a, b, budget, options,
    clock): `clock` names the bots' clock (base.clock_for: their budgets and decision times)."""
    variant, target, seed, seating, level_a, level_b, budget, options, clock = task
    config = RulesConfig.for_variant(variant, target)
    mine = a_seats(config, seating)
    bots: dict[int, Bot] = {}
    for s in range(config.players):
        level = level_a if s in mine else level_b
        opts = dict(options.get("A" if s in mine else "B", {}))
        bots[s] = make_bot(level, seed=seed * 97 + seating * 13 + s, **opts)
        bots[s].clock = clock_for(clock, bots[s], 0 if s in mine else 1)
    res = GameResult(seed, seating)
    started = time.perf_counter()
    game = Game(config, seed, first_dealer=0)
    try:
        while not game.is_over:
            st = game.state
            if st.is_over:
                game.next_deal()
                res.deals += 1
                continue
            if res.moves >= MOVE_CAP:
                res.stalls += 1
                break
            seat = st.to_act
            assert seat is not None  # a deal in play has a player to act
            obs = st.observation(seat)
            try:
                move = bots[seat].act(obs, budget)
            except Exception:
                res.exceptions += 1
                res.error = traceback.format_exc()
                break
            try:
                game.apply(move)
            except IllegalMove as e:
                res.illegal += 1
                res.error = f"illegal {move}: {e}"
                break
            res.moves += 1
    except Exception:  # an engine failure counts too
        res.exceptions += 1
        res.error = traceback.format_exc()
    res.deals += 1
    if game.is_over:
        scores = game.scores
        a_side = config.side_of(next(iter(mine)))
        b_sides = [x for x in range(config.sides) if x != a_side]
        res.a_won = game.winner == a_side
        res.margin = scores[a_side] - sum(scores[x] for x in b_sides) / len(b_sides)
        res.ahead = sum(
            1.0 if scores[a_side] > scores[x] else 0.5 if scores[a_side] == scores[x] else 0.0 for x in b_sides
        ) / len(b_sides)
    res.seconds = time.perf_counter() - started
    res.times = {
        "A": [t for s in mine for t in bots[s].record.times],
        "B": [t for s in bots if s not in mine for t in bots[s].record.times],
    }
    return res


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(math.ceil(q * len(xs))) - 1)]


@dataclass
class Summary:
    games: int
    wins: int
    low: float
    high: float
    margin: float
    margin_se: float
    ahead: float  # mean share of the B sides A finished above
    ahead_se: float
    exceptions: int
    illegal: int
    stalls: int
    times: dict[str, list[float]]
    deals: int
    elapsed: float
    errors: list[str]
    resumed: int = 0  # games read from the log, played by an earlier process

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def tasks_for(
    variant: str,
    target: int,
    games: int,
    seed: int,
    a: str,
    b: str,
    budget: float | None,
    options: dict[str, dict[str, Any]] | None = None,
    clock: str = "wall",
) -> list[Task]:
    seatings = RulesConfig.for_variant(variant, target).sides  # A plays each side once
    groups = max(1, math.ceil(games / seatings))
    return [
        (variant, target, seed + g, seating, a, b, budget, options or {}, clock)
        for g in range(groups)
        for seating in range(seatings)
    ]


def run(
    variant: str = "classic",
    a: str = "normal",
    b: str = "easy",
    games: int = 20,
    seed: int = 1,
    jobs: int = 1,
    target: int | None = None,
    budget: float | None = None,
    options: dict[str, dict[str, Any]] | None = None,
    progress: bool = False,
    log: Path | None = None,
    clock: str = "wall",
) -> Summary:
    """Play the games; `target` defaults to the variant's own first target. With `log`,
    games already in the log are not played again and each new one is added to it
    (`ArenaLogError` when the log is another run's)."""
    target = RulesConfig.for_variant(variant, target).target
    tasks = tasks_for(variant, target, games, seed, a, b, budget, options, clock)
    saved = ArenaLog(log, header(variant, target, a, b, budget, options or {}, clock), GameResult) if log else None
    results: list[GameResult] = []
    if saved is not None:
        results = [saved.done[(t[2], t[3])] for t in tasks if (t[2], t[3]) in saved.done]
        tasks = [t for t in tasks if (t[2], t[3]) not in saved.done]
    resumed = len(results)
    total = resumed + len(tasks)
    start = time.perf_counter()

    def finished(r: GameResult) -> None:
        results.append(r)
        if saved is not None:
            saved.append(r)
        if progress:
            _progress(results, total)

    if jobs > 1 and tasks:
        with mp.get_context("fork").Pool(jobs) as pool:
            for r in pool.imap_unordered(play_game, tasks):
                finished(r)
    else:
        for t in tasks:
            finished(play_game(t))
    summary = summarize(results, time.perf_counter() - start)
    summary.resumed = resumed
    return summary


def _progress(results: list[GameResult], total: int) -> None:
    wins = sum(r.a_won for r in results)
    print(f"  {len(results)}/{total} games, A won {wins}", file=sys.stderr, flush=True)


def summarize(results: list[GameResult], elapsed: float) -> Summary:
    n = len(results)
    wins = sum(r.a_won for r in results)
    low, high = wilson(wins, n)
    margins = [r.margin for r in results]
    se = statistics.stdev(margins) / math.sqrt(n) if n > 1 else 0.0
    ahead = [r.ahead for r in results]
    ahead_se = statistics.stdev(ahead) / math.sqrt(n) if n > 1 else 0.0
    times = {k: [t for r in results for t in r.times.get(k, [])] for k in ("A", "B")}
    return Summary(
        n,
        wins,
        low,
        high,
        statistics.fmean(margins) if margins else 0.0,
        se,
        statistics.fmean(ahead) if ahead else 0.0,
        ahead_se,
        sum(r.exceptions for r in results),
        sum(r.illegal for r in results),
        sum(r.stalls for r in results),
        times,
        sum(r.deals for r in results),
        elapsed,
        [r.error for r in results if r.error],
    )


def report(s: Summary, a: str, b: str, variant: str, target: int) -> str:
    config = RulesConfig.for_variant(variant, target)
    sides = config.sides
    game = f"target {target}" if target else f"{config.rules.deals} deals a game"
    lines = [
        f"{a} (A) vs {b} (B), {variant}, {game}: {s.games} games, {s.deals} deals, {s.elapsed:.0f} s"
        + (f" ({s.resumed} of them from the log)" if s.resumed else ""),
        f"A win rate: {s.rate:.1%}  (95% Wilson interval {s.low:.1%} .. {s.high:.1%}; {s.wins}/{s.games})",
        f"mean score margin A-B: {s.margin:+.0f} (± {1.96 * s.margin_se:.0f})",
    ]
    if sides > 2:  # head to head: each B side is a rival A must finish above
        lines.append(
            f"head to head: A finished above a B side in {s.ahead:.1%} (± {1.96 * s.ahead_se:.1%}) of the pairings"
        )
    for key, level in (("A", a), ("B", b)):
        ts = s.times[key]
        if ts:
            lines.append(
                f"decision time {key} ({level}): median {statistics.median(ts) * 1e3:.2f} ms,"
                f" p95 {percentile(ts, 0.95) * 1e3:.2f} ms, max {max(ts) * 1e3:.2f} ms"
                f" over {len(ts)} decisions"
            )
    lines.append(f"exceptions: {s.exceptions}  illegal moves: {s.illegal}  stalls: {s.stalls}")
    for e in s.errors[:3]:
        lines.append("first errors:\n" + e)
    return "\n".join(lines)


def log_report(path: Path) -> str:
    """The report of the games in a log so far, under a line naming the run and whether
    today's rules and bots wrote it (its time: the games' own, summed)."""
    head, results = read_log(path, GameResult)
    if not results:
        raise ArenaLogError(f"{path}: no games logged")
    s = summarize(results, sum(r.seconds for r in results))
    code = "this code" if head.get("code") == code_digest() else f"code {head.get('code')}, not this code"
    budget = "the bots' own budget" if head.get("budget") is None else f"budget {head['budget']} s"
    options = "" if head.get("options") in ("{}", None) else f", options {head['options']}"
    title = f"{path}: {budget} on the {clock_text(head.get('clock', 'wall'))}{options}; {code}"
    try:
        return title + "\n" + report(s, head["a"], head["b"], head["variant"], head["target"])
    except (KeyError, ValueError) as e:  # a header without the run's levels, variant or target
        raise ArenaLogError(f"{path}: line 1 does not name the run ({e})") from None


def clock_text(spec: str) -> str:
    """A clock spec in words: "cpu clock", "work clock (174 µs a unit)", "work clock (A 161,
    B 123 µs a unit)"."""
    units = work_units(spec)
    if units is None:
        return f"{spec} clock"
    us = [f"{unit * 1e6:g}" for unit in units]
    return f"work clock ({us[0] if len(us) == 1 else f'A {us[0]}, B {us[1]}'} µs a unit)"


def parse_settings(text: str) -> dict[str, Any]:
    """A bot's settings from `name=value,...`, every value a number (an int when whole);
    ValueError for an item that is not `name=number`."""
    settings: dict[str, Any] = {}
    for k, v in (item.split("=") for item in text.split(",")):
        number = float(v)
        settings[k.strip()] = int(number) if number.is_integer() else number
    return settings


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.bots.arena", description=__doc__.split("\n")[0])
    p.add_argument("--a", default="hard", choices=ARENA_LEVELS)
    p.add_argument("--b", default="normal", choices=ARENA_LEVELS)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--variant", default="classic", choices=VARIANT_IDS)  # every variant of the engine
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--target", type=int, default=None, choices=TARGETS, help="default: the variant's first target")
    p.add_argument(
        "--budget",
        type=float,
        default=None,
        help="seconds per decision for the searching bots (default: the bot's own)",
    )
    p.add_argument(
        "--a-weights",
        default="",
        metavar="NAME=VALUE,...",
        help="Normal weights changed for A (normal or hard), e.g. take_base=12 (experiments; see README)",
    )
    p.add_argument(
        "--a-options",
        default="",
        metavar="NAME=VALUE,...",
        help="A's own settings changed, e.g. max_candidates=4,freeze_pile=0 for hard (experiments; see README)",
    )
    p.add_argument(
        "--clock",
        default="wall",
        choices=(*CLOCKS, WORK),
        help="what the budgets and decision times count: wall time, this process's CPU time"
        " (a long run on a loaded machine), or the work a search does (the same games on any machine)",
    )
    p.add_argument(
        "--work-us",
        type=work_us_argument,
        default=None,
        metavar="US[,US_B]",
        help="with --clock work: the CPU microseconds one unit of a search's work stands for, A's and"
        " (when it differs) B's (python tools/bench_hard.py --calibrate --level L measures it)",
    )
    p.add_argument("--progress", action="store_true")
    p.add_argument(
        "--log",
        type=Path,
        default=None,
        metavar="FILE",
        help="keep each finished game in FILE and skip the games already there (a long run over several sittings)",
    )
    p.add_argument(
        "--report",
        type=Path,
        nargs="+",
        default=None,
        metavar="LOG",
        help="print the report of each log's games so far (any code's), and play nothing",
    )
    args = p.parse_args(argv)
    if args.report:
        try:
            print("\n\n".join(log_report(path) for path in args.report))
        except ArenaLogError as error:
            p.error(str(error))
        return 0
    options: dict[str, dict[str, Any]] = {}
    if args.a_weights:
        from .normal import NormalWeights

        if args.a not in ("normal", "hard"):
            p.error("--a-weights needs --a normal or --a hard")
        try:
            changed = {k.strip(): float(v) for k, v in (item.split("=") for item in args.a_weights.split(","))}
            options["A"] = {"weights": replace(NormalWeights.for_variant(args.variant), **changed)}
        except (TypeError, ValueError) as error:
            p.error(f"--a-weights: {error} (names: {', '.join(NormalWeights.names())})")
    if args.a_options:
        try:
            settings = parse_settings(args.a_options)
            make_bot(args.a, **settings)  # refuses a setting the bot does not have
        except (TypeError, ValueError) as error:
            p.error(f"--a-options: {error}")
        options.setdefault("A", {}).update(settings)
    # The variant's own default: its first target, 0 for a game of a number of deals (Hand and Foot).
    config = RulesConfig.for_variant(args.variant)
    targets = config.rules.targets
    if args.target is not None and args.target not in targets:
        p.error(
            f"{args.variant} is played to {' or '.join(map(str, targets))}, not {args.target}"
            if targets
            else f"{args.variant} is played over {config.rules.deals} deals, not to a target"
        )
    target = config.target if args.target is None else args.target
    if (args.clock == WORK) != (args.work_us is not None):
        p.error("--clock work goes with --work-us, the microseconds one unit of work stands for")
    clock = args.clock if args.work_us is None else args.work_us  # work_us_argument made it a spec
    try:
        s = run(
            args.variant,
            args.a,
            args.b,
            args.games,
            args.seed,
            args.jobs,
            target,
            args.budget,
            options,
            args.progress,
            args.log,
            clock,
        )
    except (ArenaLogError, OSError) as error:
        p.error(str(error))
    try:
        print(report(s, args.a, args.b, args.variant, target))
        if args.a_weights:
            print(f"A's weights changed: {args.a_weights}")
        if args.a_options:
            print(f"A's settings changed: {args.a_options}")
        if args.clock != "wall":
            print(f"budgets and decision times on the {clock_text(clock)}")
        sys.stdout.flush()
    except BrokenPipeError:  # the reader left early (`... | head`): keep the exit's flush quiet
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE
    return 0 if s.exceptions == s.illegal == s.stalls == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
