#!/usr/bin/env python3
"""Collect every `_("...")`, `N_("...")` and `pgettext("context", "...")` string in game/
and update the catalogs.

    python tools/extract_strings.py            # update game/locale/canasta.pot and every .po
    python tools/extract_strings.py --check    # exit 1 if a .po lacks a string or a translation

Like xgettext, but with Python's own parser (ast), so implicit string
concatenation and odd quoting are handled exactly. Existing translations are
kept; new strings get an empty msgstr; strings no longer in the code become
obsolete "#~" entries (kept, so a moved string's translation is not lost).
After changing a catalog, remake the CJK font: python tools/make_cjk_font.py
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import po  # noqa: E402
from game.i18n import DOMAIN, LANGUAGES, locale_dir  # noqa: E402

MARKERS = ("_", "N_")
CONTEXT_MARKER = "pgettext"  # (context, text): the key is "context\x04text", as po.Entry.key
HEADER = (
    "Project-Id-Version: canasta\n"
    "MIME-Version: 1.0\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Content-Transfer-Encoding: 8bit\n"
    "Language: {language}\n"
    "Plural-Forms: nplurals=1; plural=0;\n"
)


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def extract_from_source(source: str, filename: str) -> tuple[list[tuple[str, int]], list[str]]:
    """(msgid, line) for each marked literal, and warnings for marked non-literals; a
    `pgettext(context, text)` call's msgid is its catalog key, "context\x04text"."""
    found: list[tuple[str, int]] = []
    warnings: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
            continue
        if node.func.id in MARKERS:
            msgid = _literal(node.args[0])
        elif node.func.id == CONTEXT_MARKER and len(node.args) == 2:
            context, text = _literal(node.args[0]), _literal(node.args[1])
            msgid = None if context is None or text is None else f"{context}\x04{text}"
        else:
            continue
        if msgid is not None:
            found.append((msgid, node.lineno))
        else:
            warnings.append(
                f"{filename}:{node.lineno}: {node.func.id}() of a non-literal "
                "cannot be extracted (use N_ on the constant)"
            )
    return found, warnings


def _entry(key: str, **fields) -> po.Entry:
    """The catalog entry of `key` (a msgid, or "context\x04msgid")."""
    context, separator, msgid = key.rpartition("\x04")
    return po.Entry(msgid, msgctxt=context if separator else None, **fields)


def extract(root: Path = ROOT) -> tuple[dict[str, list[str]], list[str]]:
    """msgid -> references ("game/x.py:12"), in first-seen order, over game/**/*.py."""
    messages: dict[str, list[str]] = {}
    warnings: list[str] = []
    for path in sorted((root / "game").rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        found, warned = extract_from_source(path.read_text(encoding="utf-8"), relative)
        warnings += warned
        for msgid, line in found:
            if msgid:
                messages.setdefault(msgid, []).append(f"{relative}:{line}")
    return messages, warnings


def _brace_flag(msgid: str) -> set[str]:
    return {"python-brace-format"} if "{" in msgid else set()


def updated(catalog: po.Catalog, messages: dict[str, list[str]], language: str) -> po.Catalog:
    old = {e.key: e for e in catalog.entries if e.msgid}
    header = catalog.header() or po.Entry("", HEADER.format(language=language))
    new = po.Catalog([header])
    for msgid, refs in messages.items():
        previous = old.pop(msgid, None)
        entry = _entry(
            msgid,
            msgstr=previous.msgstr if previous else "",
            references=refs,
            comments=previous.comments if previous else [],
            flags=(previous.flags if previous else set()) | _brace_flag(msgid),
        )
        new.entries.append(entry)
    obsolete = list(catalog.obsolete)
    for entry in old.values():  # no longer in the code: keep as obsolete
        text = po.format_catalog(po.Catalog([entry])).rstrip("\n")
        obsolete += ["#~ " + line for line in text.splitlines() if not line.startswith("#")]
    new.obsolete = obsolete
    return new


def missing(catalog: po.Catalog, messages: dict[str, list[str]]) -> list[str]:
    translated = catalog.translations()
    return [msgid for msgid in messages if msgid not in translated]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report; exit 1 if incomplete")
    parser.add_argument("--verbose", action="store_true", help="list _() calls of non-literals")
    args = parser.parse_args(argv)
    messages, warnings = extract()
    for warning in warnings if args.verbose else []:
        print("note:", warning, file=sys.stderr)
    status = 0
    if not args.check:
        template = po.Catalog([po.Entry("", HEADER.format(language=""))])
        template.entries += [_entry(m, references=r, flags=_brace_flag(m)) for m, r in messages.items()]
        po.write(locale_dir() / f"{DOMAIN}.pot", template)
    for language in LANGUAGES:
        if language == "en":
            continue
        path = locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        catalog = po.read(path) if path.exists() else po.Catalog()
        if not args.check:
            catalog = updated(catalog, messages, language)
            po.write(path, catalog)
        lacking = missing(catalog, messages)
        print(f"{path.relative_to(ROOT)}: {len(messages)} strings, {len(lacking)} untranslated")
        for msgid in lacking[:20]:
            print("  untranslated:", msgid[:70].replace("\n", " "))
        status |= bool(lacking)
    return status if args.check else 0


if __name__ == "__main__":
    raise SystemExit(main())
