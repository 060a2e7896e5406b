"""Set up and run Canasta with nothing but Python 3.11+.

    python3 run.py            install (first time) and start the game
    python3 run.py test       install (first time) and run the test suite
    python3 run.py rules ...  the rules command line (python -m game.rules ...)

It keeps everything in a virtual environment in `.venv` beside this file, so it works
where pip refuses to install into the system Python, and reinstalls only when
requirements.txt changes. Extra arguments go to the game or to pytest.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv

ROOT = os.path.dirname(os.path.abspath(__file__))
VENV = os.path.join(ROOT, ".venv")
REQUIREMENTS = os.path.join(ROOT, "requirements.txt")
STAMP = os.path.join(VENV, ".requirements.sha256")


def venv_python() -> str:
    if os.name == "nt":
        return os.path.join(VENV, "Scripts", "python.exe")
    return os.path.join(VENV, "bin", "python")


def ensure_environment() -> str:
    if sys.version_info < (3, 11):  # noqa: UP036 - run.py must say this under any Python
        sys.exit(f"Canasta needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    python = venv_python()
    if not os.path.exists(python):
        print("Creating the virtual environment in .venv ...", flush=True)
        try:
            venv.EnvBuilder(with_pip=True).create(VENV)
        except Exception as e:  # e.g. Debian without python3-venv
            sys.exit(
                f"Could not create a virtual environment ({e}).\n"
                "On Debian/Ubuntu install it first: sudo apt install python3-venv"
            )
    with open(REQUIREMENTS, "rb") as f:
        wanted = hashlib.sha256(f.read()).hexdigest()
    have = open(STAMP).read().strip() if os.path.exists(STAMP) else ""
    if have != wanted:
        print("Installing requirements ...", flush=True)
        subprocess.check_call([python, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-r", REQUIREMENTS])
        with open(STAMP, "w") as f:
            f.write(wanted)
    return python


def main(argv: list[str]) -> int:
    python = ensure_environment()
    command, rest = (argv[0], argv[1:]) if argv else ("play", [])
    if command == "test":
        args = [python, "-m", "pytest", *rest]
    elif command == "rules":
        args = [python, "-m", "game.rules", *rest]
    elif command == "play":
        args = [python, os.path.join(ROOT, "main.py"), *rest]
    else:  # anything else is an argument for the game, e.g. --seed 7
        args = [python, os.path.join(ROOT, "main.py"), *argv]
    if os.name == "posix":  # become the game (or pytest): a signal or a kill reaches it, not a parent left behind
        sys.stdout.flush()
        os.chdir(ROOT)
        os.execv(python, args)
    return subprocess.call(args, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
