"""Build the one-file executable `dist/canasta` (`canasta.exe` on Windows) with PyInstaller.

    python tools/build_exe.py            build
    python tools/build_exe.py --smoke    build, then run `dist/canasta --selftest` (what CI does)
    python tools/build_exe.py --smoke-only   self-test the executable already built

PyInstaller does not cross-compile: build on each platform for that platform
(see docs/building.md). Build dependencies: `pip install -r requirements-build.txt`.

Every file the game reads at run time is bundled under the same relative path
it has in the repository (`assets/...`, `game/locale/...`); the game finds
them through `game.paths.resource_path` / `game.assets.asset_path`, which look
under `sys._MEIPASS` when frozen. The self-test loads every one of them, plays
a few moves and fails the build if anything is missing. The build also fails if
the executable exceeds MAX_MB.

On macOS the result is an app bundle, `dist/canasta.app` (a one-file binary
inside a .app is deprecated by PyInstaller); the self-test runs the binary in it.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = "canasta"
MAX_MB = 35.0  # issue 6: the download stays small (decimal megabytes)
# Modules PyInstaller would otherwise drag in from the environment; none is used at run time.
EXCLUDES = ["tkinter", "unittest", "pydoc", "doctest", "pytest", "_pytest", "hypothesis",
            "PyInstaller", "numpy", "setuptools", "pip", "lib2to3", "xmlrpc", "sqlite3",
            "cairosvg", "cairocffi", "fontTools", "PIL", "mypy", "ruff",
            "asyncio", "ssl", "_ssl"]  # no networking, no event loop (a dev venv would pull them in)
# Bundled data: (path in the repository, path in the bundle). Keep the same relative
# paths: game.paths.resource_path resolves both layouts with one rule.
DATA = [("assets", "assets"), (os.path.join("game", "locale"), os.path.join("game", "locale"))]


def exe_path() -> str:
    if sys.platform == "darwin":
        return os.path.join(ROOT, "dist", f"{NAME}.app", "Contents", "MacOS", NAME)
    return os.path.join(ROOT, "dist", NAME + (".exe" if os.name == "nt" else ""))


def artifact_path() -> str:
    """What a player downloads: the executable (the .app folder on macOS)."""
    if sys.platform == "darwin":
        return os.path.join(ROOT, "dist", f"{NAME}.app")
    return exe_path()


def size_mb(path: str) -> float:
    if os.path.isdir(path):
        return sum(os.path.getsize(os.path.join(folder, name))
                   for folder, _dirs, names in os.walk(path) for name in names) / 1e6
    return os.path.getsize(path) / 1e6


def build() -> str:
    import PyInstaller.__main__

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # PyInstaller imports pygame to analyse it
    args = [
        os.path.join(ROOT, "main.py"), "--name", NAME, "--noconfirm", "--clean",
        "--log-level", "WARN",
        "--distpath", os.path.join(ROOT, "dist"),
        "--workpath", os.path.join(ROOT, "build"),
        "--specpath", os.path.join(ROOT, "build"),
    ]
    for source, target in DATA:
        full = os.path.join(ROOT, source)
        if not os.path.isdir(full):
            raise SystemExit(f"missing {source}: nothing to bundle")
        args += ["--add-data", f"{full}{os.pathsep}{target}"]
    if sys.platform == "darwin":
        # A .app bundle (one folder inside), no terminal window; PNG -> icns needs Pillow.
        args += ["--windowed", "--onedir", "--icon", os.path.join(ROOT, "assets", "icon.png"),
                 "--osx-bundle-identifier", "org.canasta.game"]
    else:
        args.append("--onefile")
    if os.name == "nt":
        # No console window behind the game; PNG -> ico needs Pillow (requirements-build.txt).
        args += ["--windowed", "--icon", os.path.join(ROOT, "assets", "icon.png")]
    # (Linux executables carry no icon: the window icon is set at run time, and the
    # desktop menu's icon comes from packaging/canasta.desktop.)
    for module in EXCLUDES:
        args += ["--exclude-module", module]
    PyInstaller.__main__.run(args)
    path = artifact_path()
    if not os.path.exists(exe_path()):
        raise SystemExit(f"PyInstaller produced no {exe_path()}")
    megabytes = size_mb(path)
    print(f"built {path}: {megabytes:.1f} MB ({megabytes * 1e6 / 2**20:.1f} MiB)")
    if megabytes > MAX_MB:
        raise SystemExit(f"{path} is {megabytes:.1f} MB, over the {MAX_MB:.0f} MB budget: "
                         "look inside with pyi-archive_viewer and add excludes")
    return exe_path()


def smoke(path: str) -> int:
    """Run the executable's self-test from an empty temp folder (so nothing can come
    from the checkout), headless. 0 when it passed."""
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"))
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    shot = os.path.join(ROOT, "build", "selftest.png")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="canasta-smoke-") as cwd:
        try:
            proc = subprocess.run([path, "--selftest", "--screenshot", shot], env=env, cwd=cwd,
                                  capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            print("selftest FAILED: no answer in 300 s", file=sys.stderr)
            return 1
    output = proc.stdout
    fallback = os.path.splitext(shot)[0] + ".txt"  # a windowed build may have no stdout
    if not output.strip() and os.path.exists(fallback):
        with open(fallback, encoding="utf-8") as handle:
            output = handle.read()
    print(output.strip()[-3000:])
    if proc.stderr.strip():
        print(proc.stderr.strip()[-3000:], file=sys.stderr)
    seconds = time.perf_counter() - start
    code = proc.returncode
    if code == 0 and "selftest ok:" not in output:
        print("selftest FAILED: exit 0 but no 'selftest ok' line", file=sys.stderr)
        code = 1
    if code == 0 and os.path.isdir(os.path.join(ROOT, "game", "bots")) and "FallbackBot" in output:
        print("selftest FAILED: the stopgap bot played: game.bots is missing from the bundle", file=sys.stderr)
        code = 1
    print(f"selftest exit {proc.returncode} in {seconds:.1f} s; screenshot {shot}")
    return code


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help="run the self-test after building")
    ap.add_argument("--smoke-only", action="store_true", help="only self-test the executable already built")
    args = ap.parse_args()
    if args.smoke_only:
        return smoke(exe_path())
    path = build()
    return smoke(path) if args.smoke else 0


if __name__ == "__main__":
    sys.exit(main())
