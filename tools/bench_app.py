#!/usr/bin/env python3
"""Benchmark of the app: persistence (save after a move, resume) and memory over a long session.

    python tools/bench_app.py [--seed 5] [--dir DIR] [--soak-minutes 10] [--soak-only]

Persistence: plays one whole classic game with easy bots, saving after every move
exactly as the table does (atomic write with fsync, into DIR or a temp dir beside
the user data), and prints the median and 95th-percentile save time; then times
resume (read + checks + replay of the whole history + position compare).
Targets (issue 5): save <= 10 ms median; resume to the table <= 1.5 s.

Memory soak: runs the real app (`main.py --autoplay`: bots play every seat, deal
after deal, game after game, by mouse gestures through the real scenes) in a
subprocess with SDL's dummy drivers and a temp data dir (CANASTA_HOME) for
--soak-minutes (0 skips it), samples its resident memory every second and prints
the RSS at each minute, the peak RSS and the growth after the first minute.
Target (issue 13): peak under 200 MB, flat after the first minute.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.bots import make_bot  # noqa: E402
from game.rules import Game, RulesConfig  # noqa: E402
from game.saves import SaveStore  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PROGRESS_EVERY = 600  # frames between the soak child's progress lines (10 simulated seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--dir", type=Path, default=None, help="where to write (default: a temp dir)")
    parser.add_argument(
        "--soak-minutes", type=float, default=10.0, help="length of the bots-only memory soak (0: skip it)"
    )
    parser.add_argument("--soak-only", action="store_true", help="skip the persistence benchmark")
    parser.add_argument("--soak-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.soak_child:
        return soak_child(args.seed)
    if not args.soak_only:
        persistence(args)
    if args.soak_minutes > 0:
        return soak(args.soak_minutes, args.seed)
    return 0


def persistence(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        store = SaveStore(Path(folder))
        game = Game(RulesConfig(), args.seed)
        bots = [make_bot("easy", seat) for seat in range(4)]
        levels = (None, "easy", "easy", "easy")
        times: list[float] = []
        while not game.is_over:
            if game.state.is_over:
                game.next_deal()
            seat = game.state.to_act
            game.apply(bots[seat].act(game.state.observation(seat)))
            start = time.perf_counter()
            store.save(game, levels)
            times.append(time.perf_counter() - start)
        size = store.path.stat().st_size
        resumes = []
        for _ in range(5):
            start = time.perf_counter()
            store.load()
            resumes.append(time.perf_counter() - start)
    times.sort()
    print(f"game: {len(game.history)} moves, {game.deal_number + 1} deals, final save {size / 1024:.1f} KiB")
    print(
        f"save after a move: median {statistics.median(times) * 1000:.2f} ms, "
        f"p95 {times[int(len(times) * 0.95)] * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms "
        f"({len(times)} saves, fsync on)"
    )
    print(f"resume (load + replay + verify) of the finished game: median {statistics.median(resumes) * 1000:.1f} ms")


# -- memory soak -------------------------------------------------------------------


def soak_child(seed: int) -> int:
    """In the subprocess: exactly `main.py --autoplay --headless --seed SEED`, plus a
    progress line on stdout now and then (so the parent sees the table keeps playing)."""
    sys.path.insert(0, str(ROOT))
    import main as app_main
    from game import automation

    feed = automation.Driver.feed
    first_seed: list[int] = []

    def feed_and_report(driver) -> None:
        feed(driver)
        table = driver.app.table
        if not first_seed:
            first_seed.append(table.seed)
        if driver.app.frames % PROGRESS_EVERY == 0 or driver.error:
            print(
                f"progress frames={driver.app.frames} game={table.seed - first_seed[0] + 1} "
                f"deal={table.game.deal_number + 1} moves={len(driver.played)} "
                f"error={driver.error!r}",
                flush=True,
            )
            if driver.error:
                raise SystemExit(1)

    automation.Driver.feed = feed_and_report  # type: ignore[method-assign]
    return app_main.main(["--autoplay", "--headless", "--seed", str(seed)])


def rss_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of a process, in KiB (Linux /proc)."""
    values = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                values[name] = int(rest.split()[0])
    return values["VmRSS"], values["VmHWM"]


def soak(minutes: float, seed: int) -> int:
    print(
        f"memory soak: main.py --autoplay (bots on every seat, classic, normal level), {minutes:g} min, seed {seed}",
        flush=True,
    )
    if not Path("/proc/self/status").exists():
        print("memory soak: needs Linux /proc; skipped")
        return 0
    with tempfile.TemporaryDirectory(prefix="canasta-soak-") as home:
        env = dict(
            os.environ,
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            CANASTA_HOME=home,
            PYGAME_HIDE_SUPPORT_PROMPT="1",
        )
        child = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--soak-child", "--seed", str(seed)],
            env=env,
            cwd=home,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        progress: list[str] = []
        reader = threading.Thread(target=lambda: progress.extend(child.stdout or ()), daemon=True)
        reader.start()
        start = time.monotonic()
        per_minute: list[tuple[int, float, float, str]] = []  # minute, RSS MiB, peak so far, progress
        samples: list[tuple[float, float]] = []  # (seconds, RSS MiB)
        peak_kib = 0
        failed = None
        try:
            next_minute = 1
            while True:
                time.sleep(1.0)
                elapsed = time.monotonic() - start
                if child.poll() is not None:
                    failed = f"the app exited after {elapsed:.0f} s (status {child.returncode})"
                    break
                rss, hwm = rss_kib(child.pid)
                peak_kib = max(peak_kib, hwm)
                samples.append((elapsed, rss / 1024))
                while elapsed >= next_minute * 60 and next_minute <= minutes:
                    last = progress[-1].strip() if progress else "no progress yet"
                    per_minute.append((next_minute, rss / 1024, peak_kib / 1024, last))
                    print(
                        f"  minute {next_minute:>2}: RSS {rss / 1024:6.1f} MiB, peak so far "
                        f"{peak_kib / 1024:6.1f} MiB  [{last.removeprefix('progress ')}]",
                        flush=True,
                    )
                    next_minute += 1
                if elapsed >= minutes * 60:
                    break
        finally:
            if child.poll() is None:
                child.terminate()
                try:
                    child.wait(10)
                except subprocess.TimeoutExpired:
                    child.kill()
                    child.wait()
            reader.join(5)
        errors = [line for line in progress if "error=None" not in line]
        if failed or errors:
            stderr = (child.stderr.read() if child.stderr else "")[-2000:]
            print(f"memory soak FAILED: {failed or errors[-1].strip()}\n{stderr}")
            return 1
    after_first = [rss for seconds, rss in samples if seconds >= 60]
    print(f"peak RSS over {minutes:g} min: {peak_kib / 1024:.1f} MiB")
    if per_minute and after_first:
        first = per_minute[0][1]
        print(
            f"growth after the first minute: {samples[-1][1] - first:+.1f} MiB at the end "
            f"(RSS {first:.1f} -> {samples[-1][1]:.1f} MiB), highest sample "
            f"{max(after_first) - first:+.1f} MiB above minute 1"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
