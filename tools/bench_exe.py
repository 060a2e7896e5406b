#!/usr/bin/env python3
"""Benchmark of the one-file executable: cold start to the title menu, and size.

    python tools/bench_exe.py                   dist/canasta, 7 runs
    python tools/bench_exe.py --runs 15 --exe path/to/canasta
    python tools/bench_exe.py --source          the same, for `python main.py` (comparison)
    python tools/bench_exe.py --drop-caches     empty the OS file cache before each run (root, Linux)
    xvfb-run -a python tools/bench_exe.py       with a real X server instead of SDL's dummy driver

Each run launches a new process with `--first-frame`: the game starts exactly as
a player's double-click starts it (the one-file bootloader unpacks the bundle,
Python starts, the title menu is built and its first frame drawn and flipped),
then prints the wall-clock time of that moment and exits. Cold start = that
time minus the time just before launch. Prints the median (and min/max and the
first run) over the runs, and the executable's size.
Targets (issue 6): cold start <= 2 s, executable <= 35 MB. `--check` exits 1
when a target is missed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET_SECONDS = 2.0
TARGET_MB = 35.0


def default_exe() -> str:
    return os.path.join(ROOT, "dist", "canasta" + (".exe" if os.name == "nt" else ""))


def drop_caches() -> bool:
    """Empty the page cache so the executable is read from disk again (Linux, root)."""
    try:
        os.sync()
        with open("/proc/sys/vm/drop_caches", "w") as handle:
            handle.write("3\n")
        return True
    except OSError:
        return False


def one_run(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(seconds to the first menu frame, seconds to process exit)."""
    launched = time.time()
    proc = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    ended = time.time()
    stamp = next((line.split()[1] for line in proc.stdout.splitlines() if line.startswith("first-frame ")), None)
    if proc.returncode != 0 or stamp is None:
        raise SystemExit(f"{' '.join(command)} failed (exit {proc.returncode}):\n{proc.stdout}{proc.stderr}")
    return float(stamp) - launched, ended - launched


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exe", default=default_exe(), help="the executable (default: dist/canasta)")
    parser.add_argument("--source", action="store_true", help="time `python main.py` instead")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--drop-caches", action="store_true", help="drop the OS file cache before each run")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args(argv)

    if args.source:
        command = [sys.executable, os.path.join(ROOT, "main.py"), "--first-frame"]
        size_mb = None
    else:
        if not os.path.isfile(args.exe):
            raise SystemExit(f"no executable at {args.exe}: build it with python tools/build_exe.py")
        command = [args.exe, "--first-frame"]
        size_mb = os.path.getsize(args.exe) / 1e6
    env = dict(os.environ)
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY") and os.name != "nt" and sys.platform != "darwin":
        env.setdefault("SDL_VIDEODRIVER", "dummy")  # headless box: no window system to open a window on
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    driver = env.get("SDL_VIDEODRIVER") or "the platform's"
    with tempfile.TemporaryDirectory(prefix="canasta-bench-") as home:
        env["CANASTA_HOME"] = home  # a first start: no settings, no save
        firsts, exits, dropped = [], [], []
        for _ in range(max(1, args.runs)):
            if args.drop_caches:
                dropped.append(drop_caches())
            first, ended = one_run(command, env)
            firsts.append(first)
            exits.append(ended)

    what = "python main.py" if args.source else args.exe
    print(
        f"{what}: {len(firsts)} runs, video driver {driver}"
        + (f", page cache dropped before {sum(dropped)} of {len(dropped)} runs" if args.drop_caches else "")
    )
    if size_mb is not None:
        print(f"size: {size_mb:.1f} MB ({size_mb * 1e6 / 2**20:.1f} MiB)  [target <= {TARGET_MB:.0f} MB]")
    print(
        f"cold start to the title menu's first frame: median {statistics.median(firsts):.2f} s "
        f"(min {min(firsts):.2f}, max {max(firsts):.2f}, first run {firsts[0]:.2f})  "
        f"[target <= {TARGET_SECONDS:.0f} s]"
    )
    print(f"launch to process exit: median {statistics.median(exits):.2f} s")
    missed = statistics.median(firsts) > TARGET_SECONDS or (size_mb is not None and size_mb > TARGET_MB)
    print("targets: " + ("MISSED" if missed else "met"))
    return 1 if (missed and args.check) else 0


if __name__ == "__main__":
    sys.exit(main())
