"""The rules command line (RULES.md section 11), the contract outside checks use.

    python -m game.rules play POSITION.json MOVE [MOVE ...]
    python -m game.rules legal POSITION.json

Exit codes: 0 done, 1 an illegal move (`illegal: MOVE: REASON` on stderr),
2 malformed input (`error: ...` on stderr). Never a traceback.
"""
from __future__ import annotations

import json
import sys

from .errors import IllegalMove, RulesError
from .moves import Move
from .position import position_from_json, position_to_json

USAGE = ("usage: python -m game.rules play POSITION.json MOVE [MOVE ...]\n"
         "       python -m game.rules legal POSITION.json")


def _load(path: str):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise RulesError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise RulesError(f"{path} is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RulesError(f"{path} is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise RulesError(f"{path} is nested too deeply") from None
    return position_from_json(data)


def main(argv: list[str] | None = None, out=None, err=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        if len(argv) >= 2 and argv[0] == "legal" and len(argv) == 2:
            state = _load(argv[1])
            for move in state.legal_moves():
                print(str(move), file=out)
            return 0
        if len(argv) >= 2 and argv[0] == "play":
            state = _load(argv[1])
            moves = [Move.parse(text) for text in argv[2:]]  # all parsed before any applies
            for text, move in zip(argv[2:], moves):
                try:
                    state.apply(move)
                except IllegalMove as e:
                    print(f"illegal: {text}: {e}", file=err)
                    return 1
            print(json.dumps(position_to_json(state), indent=2), file=out)
            return 0
        print(f"error: bad arguments\n{USAGE}", file=err)
        return 2
    except RulesError as e:
        print(f"error: {e}", file=err)
        return 2
    except Exception as e:  # never a traceback on the contract's command line
        print(f"error: internal error: {type(e).__name__}: {e}", file=err)
        return 2
