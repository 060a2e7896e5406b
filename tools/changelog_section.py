#!/usr/bin/env python3
"""Print the CHANGELOG.md entry of one version (the release notes of its tag).

    python tools/changelog_section.py 0.1.0

Exit 1, with a message, when CHANGELOG.md has no `## 0.1.0` heading or it is empty:
a release is not made without its notes.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

CHANGELOG = Path(__file__).resolve().parent.parent / "CHANGELOG.md"


def section(text: str, version: str) -> str | None:
    """The lines under `## VERSION ...` up to the next `## ` heading, stripped."""
    match = re.search(
        rf"^## {re.escape(version)}(?:[ \t][^\n]*)?\n(.*?)(?=^## |\Z)", text, flags=re.MULTILINE | re.DOTALL
    )
    if match is None or not match.group(1).strip():
        return None
    return match.group(1).strip()


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    notes = section(CHANGELOG.read_text(encoding="utf-8"), argv[0])
    if notes is None:
        print(f"error: CHANGELOG.md has no entry for {argv[0]}", file=sys.stderr)
        return 1
    print(notes)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
