"""Build the one-file executable `dist/canasta` (`canasta.exe` on Windows) with PyInstaller.

    python tools/build_exe.py            build
    python tools/build_exe.py --smoke    build, then run `dist/canasta --selftest`

PyInstaller does not cross-compile: build on each platform for that platform.
Every asset is bundled; the game finds them through `game.assets.asset_path`.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = "canasta"
# Modules PyInstaller would otherwise drag in from the environment; none is used at run time.
EXCLUDES = ["tkinter", "unittest", "pydoc", "doctest", "pytest", "_pytest", "hypothesis",
            "PyInstaller", "numpy", "setuptools", "pip", "lib2to3", "xmlrpc", "sqlite3"]


def exe_path() -> str:
    return os.path.join(ROOT, "dist", NAME + (".exe" if os.name == "nt" else ""))


def build() -> str:
    import PyInstaller.__main__

    sep = os.pathsep
    args = [
        os.path.join(ROOT, "main.py"), "--onefile", "--name", NAME, "--noconfirm", "--clean",
        "--log-level", "WARN",
        "--distpath", os.path.join(ROOT, "dist"),
        "--workpath", os.path.join(ROOT, "build"),
        "--specpath", os.path.join(ROOT, "build"),
        "--add-data", f"{os.path.join(ROOT, 'assets')}{sep}assets",
        "--icon", os.path.join(ROOT, "assets", "icon.png"),
    ]
    locale = os.path.join(ROOT, "game", "locale")
    if os.path.isdir(locale):
        args += ["--add-data", f"{locale}{sep}game/locale"]
    if sys.platform in ("win32", "darwin"):
        args.append("--windowed")  # no console window behind the game
    for module in EXCLUDES:
        args += ["--exclude-module", module]
    PyInstaller.__main__.run(args)
    path = exe_path()
    print(f"built {path}: {os.path.getsize(path) / 2**20:.1f} MiB")
    return path


def smoke(path: str) -> int:
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"))
    shot = os.path.join(ROOT, "build", "selftest.png")
    start = time.perf_counter()
    proc = subprocess.run([path, "--selftest", "--screenshot", shot], env=env,
                          capture_output=True, text=True, timeout=300)
    print(proc.stdout[-2000:], proc.stderr[-2000:], sep="\n")
    print(f"selftest exit {proc.returncode} in {time.perf_counter() - start:.1f} s; screenshot {shot}")
    return proc.returncode


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help="run the self-test after building")
    args = ap.parse_args()
    path = build()
    return smoke(path) if args.smoke else 0


if __name__ == "__main__":
    sys.exit(main())
