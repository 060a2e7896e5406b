"""The long arena runs of issue #11, kept going over several working sessions.

    python tools/long_runs.py status              each run: games done, A's record so far, running or not
    python tools/long_runs.py start [--cores 2]   start or go on with the unfinished runs, in the
                                                  manifest's order, up to --cores at once
    python tools/long_runs.py start --dry-run     print what would start, start nothing
    python tools/long_runs.py start --keep-going  stay, and start the next run whenever one ends
    python tools/long_runs.py table               the runs as Markdown rows (game/bots/README.md)
    python tools/long_runs.py compare RUN OTHER   two runs on the same deals, game by game
    python tools/long_runs.py pool R1 O1 R2 O2 ..  several such pairs (other tables), and pooled
    python tools/long_runs.py split RUN [--at S]  give RUN's unplayed seeds from S on (default: half of
                                                  what is left) to a new helper run, RUN-b
    python tools/long_runs.py merge RUN HELPER    copy into RUN's log the games HELPER played for it

A run at Hard's 0.5 s budget takes several CPU hours, more than one session has. The runs are
listed once, in `docs/arena-logs/runs.json`: a name, the commit whose bots the run measures,
and the arena's arguments. Each one's games are kept in `docs/arena-logs/NAME.log` (the
arena's `--log`), inside the checkout, so they are committed and survive the session. A run
plays from a git worktree at its commit (made when missing, beside the checkout:
`../run-COMMIT`), niced, detached from this command, so the session goes on working while it
plays; `start` again in the next session goes on where the log stopped. The arena's log
refuses a game of other code, so one log only ever measures its commit's bots.

A run can be shared between the cores: a helper run (the same commit and arguments but its own
`--seed` and `--games`, inside the run's seeds) plays some of its games, and `merge` copies them
into the run's log, which then skips them. The two must agree on every game both played (on the
work clock a game is played the same every time); the log is replaced atomically, never while
the run plays. `split` makes such a helper so that no seed is played twice: the run keeps the
seeds before `--at`, the helper (listed next, started when a core is free) plays the rest, and
once the helper is done `merge` copies its games and gives its seeds back to the run.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Collection, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.bots.arena import GameResult, summarize  # noqa: E402
from game.bots.arena import percentile as _percentile  # noqa: E402
from game.bots.arena_log import ArenaLogError, read_log, whole_lines  # noqa: E402
from game.rules import RulesConfig  # noqa: E402
from game.storage import atomic_write  # noqa: E402

MANIFEST = ROOT / "docs" / "arena-logs" / "runs.json"
NAME = re.compile(r"[a-z0-9][a-z0-9.-]*")
COMMIT = re.compile(r"[0-9a-f]{7,40}")
OWN_FLAGS = ("--log", "--progress", "--report")  # the tool sets these itself


class ManifestError(ValueError):
    """The manifest cannot be used: what is wrong, and where."""


@dataclass(frozen=True)
class Run:
    name: str
    commit: str
    args: tuple[str, ...]  # the arena's arguments, without --log and --progress
    note: str = ""

    def option(self, flag: str, default: str | None = None) -> str | None:
        """The value given to `flag` in the arguments, else `default`."""
        args = list(self.args)
        return args[args.index(flag) + 1] if flag in args[:-1] else default

    @property
    def sides(self) -> int:
        return RulesConfig.for_variant(self.option("--variant", "classic") or "classic").sides

    @property
    def total(self) -> int:
        """Games the run plays: --games rounded up to whole rounds of seatings (the arena
        plays each seed with A on every side)."""
        games = int(self.option("--games", "20") or 20)
        return math.ceil(games / self.sides) * self.sides


def load_manifest(path: Path = MANIFEST) -> list[Run]:
    """The runs, checked: unique names, a commit, the arena's --games and --variant given,
    none of the flags the tool sets itself."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ManifestError(f"{path}: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise ManifestError(f"{path}: not JSON ({e.msg}, line {e.lineno})") from None
    items = data.get("runs") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise ManifestError(f'{path}: expected {{"runs": [...]}}')
    runs: list[Run] = []
    for no, item in enumerate(items, start=1):
        where = f"{path}: run {no}"
        if not isinstance(item, dict) or set(item) - {"name", "commit", "args", "note"}:
            raise ManifestError(f"{where}: a run has name, commit, args and an optional note")
        name, commit, args, note = item.get("name"), item.get("commit"), item.get("args"), item.get("note", "")
        if not isinstance(name, str) or not NAME.fullmatch(name):
            raise ManifestError(f"{where}: the name must be lower-case letters, digits, '.' and '-'")
        if not isinstance(commit, str) or not COMMIT.fullmatch(commit):
            raise ManifestError(f"{where} ({name}): the commit must be 7-40 hex digits")
        if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
            raise ManifestError(f"{where} ({name}): args must be a list of strings")
        if not isinstance(note, str):
            raise ManifestError(f"{where} ({name}): the note must be a string")
        if any(flag in args for flag in OWN_FLAGS):
            raise ManifestError(f"{where} ({name}): {', '.join(OWN_FLAGS)} are set by this tool")
        if "--games" not in args or "--variant" not in args:
            raise ManifestError(f"{where} ({name}): args must give --games and --variant")
        if name in {r.name for r in runs}:
            raise ManifestError(f"{where}: the name {name} is taken")
        run = Run(name, commit, tuple(args), note)
        try:
            run.total  # noqa: B018 - checks --games and --variant
        except (ValueError, KeyError) as e:
            raise ManifestError(f"{where} ({name}): {e}") from None
        runs.append(run)
    return runs


def log_path(run: Run, manifest: Path = MANIFEST) -> Path:
    return manifest.parent / f"{run.name}.log"


@dataclass(frozen=True)
class Progress:
    run: Run
    games: int  # finished games in the log
    wins: int
    low: float
    high: float
    margin: float
    margin_95: float
    ahead: float | None  # head to head with three sides
    a_p95_ms: float | None  # A's decision times
    a_max_ms: float | None
    a_decisions: int
    problems: int  # exceptions + illegal moves + stalls
    deals: int

    @property
    def done(self) -> bool:
        return self.games >= self.run.total


def results_of(run: Run, manifest: Path = MANIFEST) -> list[GameResult]:
    """The games the run's log holds (none yet when there is no log)."""
    path = log_path(run, manifest)
    if path.exists() and path.stat().st_size:
        return read_log(path, GameResult)[1]
    return []


def progress_of(run: Run, manifest: Path = MANIFEST) -> Progress:
    """What the run's log holds so far (nothing yet when there is no log)."""
    s = summarize(results_of(run, manifest), 0.0)
    times = s.times["A"]
    return Progress(
        run,
        s.games,
        s.wins,
        s.low,
        s.high,
        s.margin,
        1.96 * s.margin_se,
        s.ahead if run.sides > 2 else None,
        _percentile(times, 0.95) * 1e3 if times else None,
        max(times) * 1e3 if times else None,
        len(times),
        s.exceptions + s.illegal + s.stalls,
        s.deals,
    )


# -- processes -------------------------------------------------------------------------


def process_commands() -> Iterable[tuple[int, list[str]]]:
    """(pid, argv) of every process this user can see (Linux /proc; none elsewhere)."""
    proc = Path("/proc")
    if not proc.is_dir():
        return
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            raw = (entry / "cmdline").read_bytes()
        except OSError:  # gone meanwhile, or not ours to read
            continue
        if raw:
            yield int(entry.name), raw.rstrip(b"\0").decode(errors="replace").split("\0")


def running_pids(log: Path, commands: Callable[[], Iterable[tuple[int, list[str]]]] = process_commands) -> list[int]:
    """The arena processes writing `log` now."""
    target = str(log.resolve())
    return [
        pid
        for pid, argv in commands()
        if "game.bots.arena" in argv and "--log" in argv[:-1] and argv[argv.index("--log") + 1] == target
    ]


def worktree_for(run: Run, worktrees: Path) -> Path:
    return worktrees / f"run-{run.commit}"


def arena_command(run: Run, log: Path, python: str = sys.executable) -> list[str]:
    return ["nice", "-n", "10", python, "-m", "game.bots.arena", *run.args, "--log", str(log.resolve()), "--progress"]


def ensure_worktree(run: Run, worktrees: Path, repo: Path = ROOT) -> Path:
    """A worktree of `repo` at the run's commit (made when missing); ManifestError when the
    folder holds another commit."""
    path = worktree_for(run, worktrees)
    if not path.exists():
        # A worktree removed by hand is still registered until pruned, and then cannot be added.
        subprocess.run(["git", "-C", str(repo), "worktree", "prune"], check=True)
        subprocess.run(
            ["git", "-C", str(repo), "worktree", "add", "--detach", str(path), run.commit],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    head = subprocess.run(
        ["git", "-C", str(path), "rev-parse", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.strip()
    if not head.startswith(run.commit):
        raise ManifestError(f"{path} is at {head[:12]}, not the run's commit {run.commit}")
    return path


def start(
    runs: list[Run],
    cores: int,
    worktrees: Path,
    manifest: Path,
    dry_run: bool,
    out: TextIO = sys.stdout,
    skip: Collection[str] = (),
) -> list[str]:
    """Start the unfinished runs that are not running (nor in `skip`), in order, until
    `cores` run; the names of those started."""
    processes = list(process_commands())  # one look at the processes for every run
    running = {r.name for r in runs if running_pids(log_path(r, manifest), lambda: processes)}
    busy = len(running)
    started: list[str] = []
    for run in runs:
        log = log_path(run, manifest)
        if busy >= cores:
            break
        if run.name in skip or run.name in running or progress_of(run, manifest).done:
            continue
        command = arena_command(run, log)
        where = worktree_for(run, worktrees)
        print(f"{run.name}: from {where}: {' '.join(command)}", file=out)
        if not dry_run:
            where = ensure_worktree(run, worktrees)
            output = Path(tempfile.gettempdir()) / f"{run.name}.out"
            with output.open("ab") as sink:
                subprocess.Popen(command, cwd=where, stdout=sink, stderr=subprocess.STDOUT, start_new_session=True)
        busy += 1
        started.append(run.name)
    return started


def _reap() -> None:
    """Collect the runs this process started that have ended (no zombies left behind)."""
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:  # no children
        pass


def keep_going(
    cores: int,
    worktrees: Path,
    manifest: Path,
    every: float = 60.0,
    sleep: Callable[[float], None] = time.sleep,
    out: TextIO = sys.stdout,
) -> None:
    """Start runs as cores free up, until every run is done. The manifest is read again each
    round, so a run added or changed meanwhile is taken up (a manifest spoilt meanwhile: the
    last good one, and a word). A run that was killed is started again; one that ended without
    adding a game (its log refused, say) is not."""
    runs = load_manifest(manifest)
    games_when_started: dict[str, int] = {}
    failed: set[str] = set()
    while True:
        _reap()
        try:
            runs = load_manifest(manifest)
        except ManifestError as error:
            print(f"{time.strftime('%H:%M')} {error}: going on with the manifest as it was", file=out)
        named = {r.name: r for r in runs}
        for name, games in games_when_started.items():
            run = named.get(name)
            if run and not running_pids(log_path(run, manifest)) and progress_of(run, manifest).games == games:
                failed.add(name)
                print(f"{time.strftime('%H:%M')} {name} ended without a game: not started again", file=out)
        games_when_started = {}
        for name in start(runs, cores, worktrees, manifest, dry_run=False, out=out, skip=failed):
            games_when_started[name] = progress_of(named[name], manifest).games
        out.flush()
        if all(r.name in failed or progress_of(r, manifest).done for r in runs):
            return
        sleep(every)


# -- reports ---------------------------------------------------------------------------


def record_text(p: Progress) -> str:
    if not p.games:
        return "no games yet"
    text = f"{p.wins}/{p.games} ({p.wins / p.games:.1%}, {p.low:.1%} .. {p.high:.1%})"
    text += f"; margin {p.margin:+.0f} ± {p.margin_95:.0f}"
    if p.ahead is not None:
        text += f"; head to head {p.ahead:.1%}"
    return text


def status_line(p: Progress, running: bool) -> str:
    state = "done" if p.done else ("running" if running else "waiting")
    times = f"; A p95 {p.a_p95_ms:.0f} ms, max {p.a_max_ms:.0f} ms" if p.a_p95_ms is not None else ""
    return f"{p.run.name} [{state}] {p.games}/{p.run.total} games: {record_text(p)}{times}; problems {p.problems}"


def table_rows(progress: list[Progress]) -> list[str]:
    rows = [
        "| run | commit | command (`python -m game.bots.arena ...`) | games | A won | A's decision time |",
        "|---|---|---|---|---|---|",
    ]
    for p in progress:
        run = p.run
        games = f"**{p.games} of {run.total} (done)**" if p.done else f"{p.games} of {run.total}"
        times = (
            f"p95 {p.a_p95_ms:.0f} ms, max {p.a_max_ms:.0f} ms over {p.a_decisions:,} decisions"
            if p.a_p95_ms is not None
            else ""
        )
        record = record_text(p) + (f"; {p.deals:,} deals; {p.problems} problems" if p.games else "")
        title = run.name + (f" ({run.note})" if run.note else "")
        rows.append(f"| {title} | {run.commit} | `{' '.join(run.args)}` | {games} | {record} | {times} |")
    return rows


@dataclass(frozen=True)
class Comparison:
    """Two runs' A over the games both played (the same seed and seating: the same deals).
    Pairing takes the deals' luck out: only the games one run won and the other lost say
    anything, so a difference shows in far fewer games than two separate win rates need."""

    games: int
    first_wins: int
    second_wins: int
    first_only: int  # games the first run's A won and the second's lost
    second_only: int
    margin_diff: float  # second minus first, mean points a game
    margin_diff_95: float

    @property
    def diff(self) -> float:
        """The second run's win rate minus the first's, on these games."""
        return (self.second_only - self.first_only) / self.games if self.games else 0.0

    @property
    def diff_95(self) -> float:
        """95% margin of `diff` (the paired proportions' standard error)."""
        n = self.games
        if n < 2:
            return 0.0
        b, c = self.first_only, self.second_only
        return 1.96 * math.sqrt(max(0.0, (b + c) - (c - b) ** 2 / n)) / n


def compare(first: list[GameResult], second: list[GameResult]) -> Comparison:
    """The games of `first` and `second` with the same seed and seating, paired."""
    theirs = {(r.seed, r.seating): r for r in second}
    pairs = [(r, theirs[(r.seed, r.seating)]) for r in first if (r.seed, r.seating) in theirs]
    diffs = [b.margin - a.margin for a, b in pairs]
    n = len(pairs)
    se = statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    return Comparison(
        n,
        sum(a.a_won for a, _ in pairs),
        sum(b.a_won for _, b in pairs),
        sum(a.a_won and not b.a_won for a, b in pairs),
        sum(b.a_won and not a.a_won for a, b in pairs),
        statistics.fmean(diffs) if diffs else 0.0,
        1.96 * se,
    )


def comparison_text(names: tuple[str, str], c: Comparison) -> str:
    first, second = names
    if not c.games:
        return f"{first} and {second} have no game in common (the same seed and seating)"
    return (
        f"{c.games} games on the same deals: {first} won {c.first_wins}, {second} won {c.second_wins}"
        f" ({c.first_only} only by {first}, {c.second_only} only by {second});"
        f" {second} minus {first}: {c.diff:+.1%} ± {c.diff_95:.1%} of the games,"
        f" margin {c.margin_diff:+.0f} ± {c.margin_diff_95:.0f} points a game"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python tools/long_runs.py", description=__doc__.split("\n")[0])
    p.add_argument("command", choices=("status", "start", "table", "compare", "pool", "merge", "split"))
    p.add_argument("names", nargs="*", help="with compare and merge: two runs' names; with split: one")
    p.add_argument("--at", type=int, default=None, help="with split: the first seed the helper plays")
    p.add_argument("--manifest", type=Path, default=MANIFEST)
    p.add_argument("--cores", type=int, default=os.cpu_count() or 1, help="runs at once (default: the cores)")
    p.add_argument("--worktrees", type=Path, default=ROOT.parent, help="where the runs' worktrees go")
    p.add_argument("--dry-run", action="store_true", help="with start: print the commands, start nothing")
    p.add_argument(
        "--keep-going",
        action="store_true",
        help="with start: stay, and start the next run each time one ends (run it with nohup ... &)",
    )
    args = p.parse_args(argv)
    try:
        runs = load_manifest(args.manifest)
        if args.command == "compare":
            return compare_runs(runs, args.names, args.manifest)
        if args.command == "pool":
            print(pool_runs(runs, args.names, args.manifest))
            return 0
        if args.command == "merge":
            print(merge_runs(runs, args.names, args.manifest))
            return 0
        if args.command == "split":
            print(split_run(runs, args.names, args.at, args.manifest))
            return 0
        if args.names:
            raise ManifestError(f"{args.command} takes no run names (only compare, pool, merge and split do)")
        if args.command == "start" and args.keep_going and not args.dry_run:
            keep_going(args.cores, args.worktrees, args.manifest)
            return 0
        if args.command == "start":
            if not start(runs, args.cores, args.worktrees, args.manifest, args.dry_run):
                print("nothing to start: every run is done or running, or the cores are taken")
            return 0
        progress = [progress_of(r, args.manifest) for r in runs]
    except (ManifestError, ArenaLogError, subprocess.CalledProcessError) as error:
        print(f"long_runs: {error}", file=sys.stderr)
        return 2
    if args.command == "status":
        processes = list(process_commands())
        for pr in progress:
            print(status_line(pr, bool(running_pids(log_path(pr.run, args.manifest), lambda: processes))))
    else:
        print("\n".join(table_rows(progress)))
    return 0


def two_runs(command: str, runs: list[Run], names: list[str]) -> tuple[Run, Run]:
    named = {r.name: r for r in runs}
    if len(names) != 2 or any(n not in named for n in names):
        known = ", ".join(named)
        raise ManifestError(f"{command} takes two runs of the manifest ({known}), not {' '.join(names) or 'none'}")
    return named[names[0]], named[names[1]]


def compare_runs(runs: list[Run], names: list[str], manifest: Path) -> int:
    first, second = two_runs("compare", runs, names)
    for flag in ("--variant", "--target"):  # the same seeds of another game are other deals
        if first.option(flag) != second.option(flag):
            raise ManifestError(f"{names[0]} and {names[1]} play other games ({flag} differs): nothing to pair")
    pairing = compare(results_of(first, manifest), results_of(second, manifest))
    print(comparison_text((first.name, second.name), pairing))
    return 0


def pool_runs(runs: list[Run], names: list[str], manifest: Path) -> str:
    """Pairs of runs (each first against its second, as `compare`; a run's helpers, named
    RUN-b.., count with it), each pair's comparison and all pooled: the paired difference of
    the games one run won and the other lost, and the sign test's z over those games."""
    named = {r.name: r for r in runs}
    if len(names) < 2 or len(names) % 2 or any(n not in named for n in names):
        raise ManifestError(f"pool takes pairs of runs of the manifest, not {' '.join(names) or 'none'}")
    lines: list[str] = []
    games = first_only = second_only = 0
    for first, second in zip(names[::2], names[1::2], strict=True):
        c = compare(_with_helpers(named[first], runs, manifest), _with_helpers(named[second], runs, manifest))
        lines.append(comparison_text((first, second), c))
        games, first_only, second_only = games + c.games, first_only + c.first_only, second_only + c.second_only
    pooled = Comparison(games, 0, 0, first_only, second_only, 0.0, 0.0)
    z = (first_only - second_only) / math.sqrt(first_only + second_only) if first_only + second_only else 0.0
    diff = (first_only - second_only) / games if games else 0.0
    lines.append(
        f"pooled: {games} games; only the first runs won {first_only}, only the second {second_only}:"
        f" first minus second {diff:+.1%} ± {pooled.diff_95:.1%}; sign test z {z:.2f}"
    )
    return "\n".join(lines)


def _with_helpers(run: Run, runs: list[Run], manifest: Path) -> list[GameResult]:
    """The games of `run` and of its helpers (RUN-b, RUN-c, ...: the same run on other seeds),
    those merged into it already counted once."""
    games = {(g.seed, g.seating): g for g in results_of(run, manifest)}
    for other in runs:
        if re.fullmatch(re.escape(run.name) + r"-[b-z]", other.name) and _same_run(run, other):
            for g in results_of(other, manifest):
                games.setdefault((g.seed, g.seating), g)
    return list(games.values())


def _same_run(run: Run, other: Run) -> bool:
    """The same commit and arguments but for the seeds played: `other` can be `run`'s helper."""
    return run.commit == other.commit and _without_seeds(run.args) == _without_seeds(other.args)


def seeds_of(run: Run) -> range:
    """The game seeds the run plays (each with A on every side)."""
    first = int(run.option("--seed", "1") or 1)
    return range(first, first + run.total // run.sides)


def _same_game(a: GameResult, b: GameResult) -> bool:
    """The same game played twice: every figure alike but the wall time it took."""
    return {**asdict(a), "seconds": 0.0} == {**asdict(b), "seconds": 0.0}


def merge_runs(runs: list[Run], names: list[str], manifest: Path) -> str:
    """Copy into the first run's log the games the second (its helper) played for it; what
    was done, as a line. ManifestError, with the log unchanged, when the helper is not the same
    run on some of its seeds, when a game both played differs, or when the run is playing."""
    run, helper = two_runs("merge", runs, names)
    if not _same_run(run, helper):
        raise ManifestError(f"{helper.name} is not {run.name} on other seeds (its commit or arguments differ)")
    path = log_path(run, manifest)
    if running_pids(path):
        raise ManifestError(f"{run.name} is playing: stop it first (it would play the merged games again)")
    # A helper `split` made plays the seeds right after the run's: once it is done, the run
    # grows over them (before, the run would play them again when started).
    grows = seeds_of(helper).start == seeds_of(run).stop
    if grows:
        share = progress_of(helper, manifest)
        if not share.done or running_pids(log_path(helper, manifest)):
            raise ManifestError(
                f"{helper.name} plays the seeds after {run.name}'s: merge it when it is done"
                f" ({share.games}/{helper.total} games), and {run.name} takes its seeds back"
            )
    else:
        outside = sorted(set(seeds_of(helper)) - set(seeds_of(run)))
        if outside:
            raise ManifestError(f"{helper.name} plays seeds {run.name} does not ({outside[0]} ..)")
    helper_path = log_path(helper, manifest)
    if not helper_path.exists() or not helper_path.stat().st_size:
        return f"{helper.name} has no games yet: nothing merged"
    helper_head, helper_games = read_log(helper_path, GameResult)
    ours: dict[tuple[int, int], GameResult] = {}
    if path.exists() and path.stat().st_size:
        head, games = read_log(path, GameResult)
        if head != helper_head:
            raise ManifestError(f"the logs of {run.name} and {helper.name} name other runs or code")
        ours = {(g.seed, g.seating): g for g in games}
    new: list[GameResult] = []
    for game in helper_games:
        mine = ours.get((game.seed, game.seating))
        if mine is None:
            new.append(game)
        elif not _same_game(mine, game):
            raise ManifestError(
                f"seed {game.seed}, seating {game.seating} went otherwise in {run.name} than in {helper.name}:"
                " not the same run"
            )
    if new:
        _append_atomically(path, helper_head, new)
    same = len(helper_games) - len(new)
    text = f"{len(new)} games of {helper.name} merged into {run.name} ({same} already there, the same)"
    if grows:
        games = run.total + helper.total
        last = seeds_of(helper).stop - 1
        _rewrite_run(manifest, run.name, _with_option(run.args, "--games", games), f"{helper.name} merged")
        text += f"; {run.name} now plays {games} games (seeds to {last})"
    return text


def split_run(runs: list[Run], names: list[str], at: int | None, manifest: Path) -> str:
    """Give the seeds of `names[0]` from `at` on (default: the later half of those not yet
    played) to a new helper run listed right after it; what was done, as a line. ManifestError,
    with the manifest unchanged, when the run is playing or has played a seed from `at` on."""
    named = {r.name: r for r in runs}
    if len(names) != 1 or names[0] not in named:
        raise ManifestError(
            f"split takes one run of the manifest ({', '.join(named)}), not {' '.join(names) or 'none'}"
        )
    run = named[names[0]]
    if running_pids(log_path(run, manifest)):
        raise ManifestError(f"{run.name} is playing: stop it first (it would play the helper's seeds too)")
    seeds = seeds_of(run)
    played = {g.seed for g in results_of(run, manifest)}
    free = max(played, default=seeds.start - 1) + 1  # the first seed after every one played
    if free >= seeds.stop:
        raise ManifestError(f"{run.name} has played every one of its seeds: nothing to give a helper")
    if at is None:
        at = free + math.ceil((seeds.stop - free) / 2)
    if not free <= at < seeds.stop or at == seeds.start:
        raise ManifestError(
            f"{run.name} can give the helper seeds {free}..{seeds.stop - 1} (keeping one at least), not from {at}"
        )
    helper = next((f"{run.name}-{c}" for c in "bcdefghijklmnopqrstuvwxyz" if f"{run.name}-{c}" not in named), None)
    if helper is None:
        raise ManifestError(f"no free name for {run.name}'s helper ({run.name}-b .. -z are taken)")
    mine = (at - seeds.start) * run.sides
    theirs = (seeds.stop - at) * run.sides
    helper_args = _with_option(_with_option(run.args, "--seed", at), "--games", theirs)
    helper_note = (
        f"a share of {run.name}: seeds {at}-{seeds.stop - 1} ({theirs} games); `merge {run.name} {helper}` when done"
    )
    _rewrite_run(
        manifest,
        run.name,
        _with_option(run.args, "--games", mine),
        f"split: plays seeds {seeds.start}-{at - 1}, {helper} the rest",
        Run(helper, run.commit, helper_args, helper_note),
    )
    return (
        f"{run.name} plays seeds {seeds.start}-{at - 1} ({mine} games), {helper} seeds {at}-{seeds.stop - 1} ({theirs})"
    )


def _with_option(args: tuple[str, ...], flag: str, value: int) -> tuple[str, ...]:
    """The arguments with `flag` set to `value` (added when missing)."""
    out = list(args)
    if flag in out[:-1]:
        out[out.index(flag) + 1] = str(value)
    else:
        out += [flag, str(value)]
    return tuple(out)


def _rewrite_run(manifest: Path, name: str, args: tuple[str, ...], said: str, after: Run | None = None) -> None:
    """The manifest with run `name`'s arguments replaced and `said` added to its note (and the
    run `after` listed right after it), written atomically; every other entry as it was."""
    data = json.loads(manifest.read_text(encoding="utf-8"))
    items = data["runs"]
    where = next(i for i, item in enumerate(items) if item["name"] == name)
    items[where]["args"] = list(args)
    items[where]["note"] = " | ".join(filter(None, (items[where].get("note", ""), said)))
    if after is not None:
        items.insert(
            where + 1, {"name": after.name, "commit": after.commit, "args": list(after.args), "note": after.note}
        )
    atomic_write(manifest, (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))


def _without_seeds(args: tuple[str, ...]) -> list[str]:
    """The arguments but for the seeds played (`--seed`, `--games`)."""
    out: list[str] = []
    skip = False
    for a in args:
        if skip:
            skip = False
        elif a in ("--seed", "--games"):
            skip = True
        else:
            out.append(a)
    return out


def _append_atomically(path: Path, head: dict[str, object], games: list[GameResult]) -> None:
    """The log with `games` added, written beside it and moved into place (a kill meanwhile
    leaves the old log whole)."""
    old = whole_lines(path.read_bytes()) if path.exists() else b""  # a cut-off line is not a game
    lines = [] if old else [json.dumps(head)]
    lines += [json.dumps(asdict(g)) for g in games]
    atomic_write(path, old + "".join(line + "\n" for line in lines).encode("utf-8"))


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the reader left early (`... | head`): keep the exit's flush quiet
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
