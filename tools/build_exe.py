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

PyInstaller runs packaging/canasta.spec, which takes its settings from this file.
The one version number (game/__init__.py) goes into the Windows version resource
(a version file written to build/ here) and into the app bundle's Info.plist
(name, version; PyInstaller's BUNDLE(info_plist=...)). On every platform the build
writes that version file, reads it back (`check_version_file`) and encodes it with
PyInstaller's own classes (`check_with_pyinstaller`), so the Linux CI run checks what
the Windows build will embed.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = "canasta"
DISPLAY_NAME = "Canasta"
BUNDLE_IDENTIFIER = "org.canasta.game"
SPEC = os.path.join(ROOT, "packaging", "canasta.spec")
ICON = os.path.join(ROOT, "assets", "icon.png")  # PNG -> .ico / .icns needs Pillow (Windows, macOS)
MAX_MB = 35.0  # issue 6: the download stays small (decimal megabytes)
# Modules PyInstaller would otherwise drag in from the environment; none is used at run time.
EXCLUDES = [
    "tkinter",
    "unittest",
    "pydoc",
    "doctest",
    "pytest",
    "_pytest",
    "hypothesis",
    "PyInstaller",
    "numpy",
    "setuptools",
    "pip",
    "lib2to3",
    "xmlrpc",
    "sqlite3",
    "cairosvg",
    "cairocffi",
    "fontTools",
    "PIL",
    "mypy",
    "ruff",
    "asyncio",
    "ssl",
    "_ssl",
    # OpenSSL's hashes (and libcrypto, 4.7 MB unpacked): the game hashes only with
    # SHA-256, which hashlib then takes from Python's own _sha256.
    "_hashlib",
]  # no networking, no event loop (a dev venv would pull them in)
# Strip the libraries' debugging information on Linux: a Python built from source (pyenv,
# the CI's setup-python) keeps it, and libpython alone is then 23 MB instead of 6, a
# third of the download and of what every start unpacks. (Windows binaries carry none;
# on macOS strip would break the code signatures, so it is left off there.) `strip` comes
# with binutils; without it the build goes on unstripped and says so.
LINUX = sys.platform.startswith("linux")
STRIP = LINUX and shutil.which("strip") is not None
# Bundled data: (path in the repository, path in the bundle). Keep the same relative
# paths: game.paths.resource_path resolves both layouts with one rule.
DATA = [("assets", "assets"), (os.path.join("game", "locale"), os.path.join("game", "locale"))]


def version() -> str:
    """The one version number: game/__init__.py's __version__ (read as text, so the
    build does not import the game)."""
    with open(os.path.join(ROOT, "game", "__init__.py"), encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("__version__"):
                return ast.literal_eval(line.split("=", 1)[1].strip())
    raise SystemExit("game/__init__.py has no __version__")


def windows_version_tuple(text: str) -> tuple[int, int, int, int]:
    """ "1.2.3" -> (1, 2, 3, 0); "1.2.0rc1" -> (1, 2, 0, 0): Windows wants four numbers."""
    match = re.match(r"\d+(\.\d+)*", text)
    if match is None:
        raise ValueError(f"version {text!r} does not start with a number")
    numbers = [int(part) for part in match.group(0).split(".")][:4]
    return tuple(numbers + [0] * (4 - len(numbers)))  # type: ignore[return-value]


def version_file_text(text: str) -> str:
    """The Windows version resource in PyInstaller's version-file syntax (what
    `pyi-grab_version` prints; PyInstaller eval()s it with its versioninfo classes)."""
    numbers = windows_version_tuple(text)
    strings = [
        ("CompanyName", "The Canasta project"),
        ("FileDescription", DISPLAY_NAME),
        ("FileVersion", text),
        ("InternalName", NAME),
        ("LegalCopyright", "The Canasta project"),
        ("OriginalFilename", f"{NAME}.exe"),
        ("ProductName", DISPLAY_NAME),
        ("ProductVersion", text),
    ]
    table = ",\n          ".join(f"StringStruct({key!r}, {value!r})" for key, value in strings)
    return f"""# UTF-8
# Written by tools/build_exe.py from game/__init__.py; do not edit.
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers!r},
    prodvers={numbers!r},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [{table}])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def read_version_file(path: str) -> dict:
    """Evaluate a version file with stand-ins for PyInstaller's classes (which need
    pefile, a Windows-only dependency) and return its values, to check it here."""

    def record(kind):
        def make(*args, **kwargs):
            return {"kind": kind, "args": list(args), **kwargs}

        return make

    names = (
        "VSVersionInfo",
        "FixedFileInfo",
        "StringFileInfo",
        "StringTable",
        "StringStruct",
        "VarFileInfo",
        "VarStruct",
    )
    with open(path, encoding="utf-8") as handle:
        info = eval(handle.read(), {"__builtins__": {}}, {name: record(name) for name in names})
    if info.get("kind") != "VSVersionInfo":
        raise ValueError(f"{path} is not a VSVersionInfo")
    strings = {}
    for kid in info["kids"]:
        if kid["kind"] == "StringFileInfo":
            for table in kid["args"][0]:
                strings.update(dict(struct["args"] for struct in table["args"][1]))
    return {"filevers": info["ffi"]["filevers"], "prodvers": info["ffi"]["prodvers"], "strings": strings}


def write_version_file(folder: str) -> str:
    """build/version_info.txt for the Windows EXE, checked by reading it back."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "version_info.txt")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(version_file_text(version()))
    check_version_file(path, version())
    return path


def check_version_file(path: str, expected: str) -> None:
    values = read_version_file(path)
    numbers = windows_version_tuple(expected)
    if (
        values["filevers"] != numbers
        or values["prodvers"] != numbers
        or values["strings"].get("ProductVersion") != expected
        or values["strings"].get("FileVersion") != expected
    ):
        raise SystemExit(f"{path} does not carry version {expected}: {values}")


def check_with_pyinstaller(path: str) -> int:
    """Load the version file with PyInstaller's own classes and encode the resource, as
    the Windows build does (needs pefile: requirements-build.txt installs it on every
    system). Returns the resource's size in bytes."""
    from PyInstaller import compat

    stand_in = not hasattr(compat, "win32api")
    if stand_in:  # only Windows has it; versioninfo imports it for writing into an exe
        compat.win32api = None  # type: ignore[attr-defined]
    try:
        from PyInstaller.utils.win32 import versioninfo
    finally:
        if stand_in:
            del compat.win32api  # type: ignore[attr-defined]
    return len(versioninfo.load_version_info_from_text_file(path).toRaw())


def info_plist() -> dict:
    """Info.plist entries of the macOS app (merged by PyInstaller's BUNDLE)."""
    text = version()
    return {
        "CFBundleName": DISPLAY_NAME,
        "CFBundleDisplayName": DISPLAY_NAME,
        "CFBundleIdentifier": BUNDLE_IDENTIFIER,
        "CFBundleShortVersionString": text,
        "CFBundleVersion": ".".join(str(number) for number in windows_version_tuple(text)[:3]),
        "LSApplicationCategoryType": "public.app-category.card-games",
        "NSHighResolutionCapable": True,
    }


# Libraries left to the system (Linux): the graphics driver (Mesa) the window loads is
# built against the system's C++ runtime; a bundled copy from an older build machine would
# be found first and make the driver fail to load (GLIBCXX_3.4.30 not found).
SYSTEM_LIBRARIES = ("libstdc++.so", "libgcc_s.so")


def keep_binary(name: str) -> bool:
    """Whether a library PyInstaller found goes into the executable (not SYSTEM_LIBRARIES)."""
    return not os.path.basename(name).startswith(SYSTEM_LIBRARIES)


def datas() -> list[tuple[str, str]]:
    """DATA with absolute source paths, for the spec's Analysis."""
    return [(os.path.join(ROOT, source), target) for source, target in DATA]


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
        return (
            sum(os.path.getsize(os.path.join(folder, name)) for folder, _dirs, names in os.walk(path) for name in names)
            / 1e6
        )
    return os.path.getsize(path) / 1e6


def build() -> str:
    import PyInstaller.__main__

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # PyInstaller imports pygame to analyse it
    for source, _target in DATA:
        if not os.path.isdir(os.path.join(ROOT, source)):
            raise SystemExit(f"missing {source}: nothing to bundle")
    version_file = write_version_file(os.path.join(ROOT, "build"))
    resource = check_with_pyinstaller(version_file)
    print(
        f"version {version()}: {os.path.relpath(version_file, ROOT)} checked, a {resource}-byte "
        f"Windows version resource; Info.plist {info_plist()['CFBundleShortVersionString']}"
    )
    if LINUX and not STRIP:
        print("no `strip` (binutils) here: the libraries keep their debugging information, a larger executable")
    PyInstaller.__main__.run(
        [
            SPEC,
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            os.path.join(ROOT, "dist"),
            "--workpath",
            os.path.join(ROOT, "build"),
        ]
    )
    path = artifact_path()
    if not os.path.exists(exe_path()):
        raise SystemExit(f"PyInstaller produced no {exe_path()}")
    megabytes = size_mb(path)
    print(f"built {path}: {megabytes:.1f} MB ({megabytes * 1e6 / 2**20:.1f} MiB)")
    if megabytes > MAX_MB:
        raise SystemExit(
            f"{path} is {megabytes:.1f} MB, over the {MAX_MB:.0f} MB budget: "
            "look inside with pyi-archive_viewer and add excludes"
        )
    return exe_path()


def smoke(path: str) -> int:
    """Run the executable's self-test from an empty temp folder (so nothing can come
    from the checkout), headless. 0 when it passed."""
    env = dict(
        os.environ,
        SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
        SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"),
    )
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    shot = os.path.join(ROOT, "build", "selftest.png")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="canasta-smoke-") as cwd:
        try:
            proc = subprocess.run(
                [path, "--selftest", "--screenshot", shot],
                env=env,
                cwd=cwd,
                capture_output=True,
                text=True,
                timeout=300,
                stdin=subprocess.DEVNULL,
            )
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
