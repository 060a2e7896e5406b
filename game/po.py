"""A small reader and writer for gettext .po catalogs (no dependencies).

The app reads its .po files directly at start-up (a few hundred entries parse
in milliseconds), so there is no compiled .mo to go stale and no build step;
the files stay standard gettext, editable with Poedit or any PO tool.
Supported: comments (#. #: #,), msgctxt (kept in the key as "ctx\\x04id",
as gettext does), msgid/msgstr, msgid_plural/msgstr[n] (msgstr[0] is used),
multi-line strings, C escapes, obsolete "#~" entries (kept verbatim).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


class PoError(ValueError):
    pass


@dataclass
class Entry:
    msgid: str
    msgstr: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    references: list[str] = field(default_factory=list)  # "#: file:line"
    comments: list[str] = field(default_factory=list)  # "#. for translators" and "# notes"
    flags: set[str] = field(default_factory=set)  # "#, fuzzy, python-brace-format"

    @property
    def key(self) -> str:
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags


@dataclass
class Catalog:
    entries: list[Entry] = field(default_factory=list)  # the header (msgid "") included
    obsolete: list[str] = field(default_factory=list)  # "#~" lines, kept as they are

    def header(self) -> Entry | None:
        return next((e for e in self.entries if e.msgid == "" and e.msgctxt is None), None)

    def translations(self) -> dict[str, str]:
        """msgid -> msgstr for every translated, non-fuzzy entry."""
        return {e.key: e.msgstr for e in self.entries if e.msgid and e.msgstr and not e.fuzzy}

    def find(self, msgid: str) -> Entry | None:
        return next((e for e in self.entries if e.key == msgid), None)


def _unescape(text: str, line_number: int) -> str:
    out, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            nxt = text[i + 1]
            if nxt not in _ESCAPES:
                raise PoError(f"line {line_number}: unknown escape \\{nxt}")
            out.append(_ESCAPES[nxt])
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _quoted(rest: str, line_number: int) -> str:
    match = _STRING.fullmatch(rest.strip())
    if not match:
        raise PoError(f"line {line_number}: expected a quoted string, got {rest.strip()[:40]!r}")
    return _unescape(match.group(1), line_number)


def parse(text: str) -> Catalog:
    catalog = Catalog()
    current: Entry | None = None
    field_name: str | None = None
    pending = Entry("")  # comments gathered before the next msgid

    def finish() -> None:
        nonlocal current
        if current is not None:
            catalog.entries.append(current)
        current = None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#~"):
            catalog.obsolete.append(raw)
            continue
        if line.startswith("#"):
            if current is not None and field_name is not None and field_name.startswith("msgstr"):
                finish()
            if line.startswith("#:"):
                pending.references.extend(line[2:].split())
            elif line.startswith("#,"):
                pending.flags.update(flag.strip() for flag in line[2:].split(",") if flag.strip())
            elif line.startswith("#."):
                pending.comments.append(line[2:].strip())
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if current is None or field_name is None:
                raise PoError(f"line {number}: string outside an entry")
            _append(current, field_name, _quoted(line, number))
            continue
        if (
            keyword in ("msgctxt", "msgid")
            and current is not None
            and field_name is not None
            and field_name.startswith("msgstr")
        ):
            finish()
        if keyword == "msgctxt" or (keyword == "msgid" and current is None):
            current = Entry("", references=pending.references, comments=pending.comments, flags=pending.flags)
            pending = Entry("")
        if current is None:
            raise PoError(f"line {number}: {keyword} before msgid")
        if keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr") or re.fullmatch(r"msgstr\[\d+\]", keyword):
            field_name = keyword
            if keyword == "msgctxt":
                current.msgctxt = ""
            elif keyword == "msgid_plural":
                current.msgid_plural = ""
            if keyword.startswith("msgstr[") and keyword != "msgstr[0]":
                field_name = "ignored"
            _append(current, field_name, _quoted(rest, number))
        else:
            raise PoError(f"line {number}: unknown keyword {keyword!r}")
    finish()
    return catalog


def _append(entry: Entry, field_name: str, text: str) -> None:
    if field_name == "msgctxt":
        entry.msgctxt = (entry.msgctxt or "") + text
    elif field_name == "msgid":
        entry.msgid += text
    elif field_name == "msgid_plural":
        entry.msgid_plural = (entry.msgid_plural or "") + text
    elif field_name in ("msgstr", "msgstr[0]"):
        entry.msgstr += text


def read(path: Path) -> Catalog:
    return parse(Path(path).read_text(encoding="utf-8"))


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\r", "\\r").replace("\n", "\\n")


def _field(keyword: str, text: str) -> list[str]:
    """`keyword "text"`, split after each \\n into continuation lines like xgettext."""
    if "\n" not in text.rstrip("\n"):
        return [f'{keyword} "{_escape(text)}"']
    pieces = text.split("\n")
    parts = [piece + "\n" for piece in pieces[:-1]] + ([pieces[-1]] if pieces[-1] else [])
    return [f'{keyword} ""'] + [f'"{_escape(part)}"' for part in parts]


def format_catalog(catalog: Catalog) -> str:
    blocks: list[str] = []
    for entry in catalog.entries:
        lines = [f"#. {comment}" for comment in entry.comments]
        lines += [f"#: {ref}" for ref in entry.references]
        if entry.flags:
            lines.append("#, " + ", ".join(sorted(entry.flags)))
        if entry.msgctxt is not None:
            lines += _field("msgctxt", entry.msgctxt)
        lines += _field("msgid", entry.msgid)
        if entry.msgid_plural is not None:
            lines += _field("msgid_plural", entry.msgid_plural)
            lines += _field("msgstr[0]", entry.msgstr)
        else:
            lines += _field("msgstr", entry.msgstr)
        blocks.append("\n".join(lines))
    if catalog.obsolete:
        blocks.append("\n".join(catalog.obsolete))
    return "\n\n".join(blocks) + "\n"


def write(path: Path, catalog: Catalog) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(format_catalog(catalog), encoding="utf-8")
