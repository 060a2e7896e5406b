"""A notice for the player (a problem met while starting or playing): data, translated
when shown.

A `Notice` is its English text (a `str`: stderr, logs and tests read it so) and keeps its
message id and arguments, so the title menu shows it in the player's language at the
moment it is drawn, whatever the language was when it was made. An argument may be a
`Notice` itself (a reason we name); any other argument (a system's error text) is shown
as it is.

    notice = Notice(N_("statistics could not be read ({error}); starting afresh"), error=reason)
    notice.text()  # "无法读取统计（…）；重新开始记录" in Chinese
    Notice.with_detail(NO_SOUND, str(error))  # the raw error in the log (stderr) only
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from game.i18n import N_

# A settings or statistics file of another version: read in part, copied before it is written over.
NEWER_FILE = N_(
    "{file} was written by another version of Canasta; this one keeps what it can read, "
    "and the file was copied to {kept}"
)


class Notice(str):
    msgid: str
    args: dict[str, Any]
    detail: str  # for the log only (stderr): a system's raw error the player is not shown

    def __new__(cls, msgid: str, **args: Any) -> Notice:
        english = msgid.format(**args) if args else msgid
        notice = super().__new__(cls, english)
        notice.msgid = msgid
        notice.args = args
        notice.detail = ""
        return notice

    @classmethod
    def with_detail(cls, msgid: str, detail: str, **args: Any) -> Notice:
        """A notice whose log line adds `detail` (a driver's raw error) in brackets; the
        player reads the translated words alone (`text`, and the notice as a str)."""
        notice = cls(msgid, **args)
        notice.detail = detail
        return notice

    def logged(self) -> str:
        """The line for the log (stderr): the English words, and the detail where there is one."""
        return f"{self} ({self.detail})" if self.detail else str(self)

    def text(self) -> str:
        """In the player's language now."""
        from game.i18n import _

        if not self.args:
            return _(self.msgid)
        shown = {name: value.text() if isinstance(value, Notice) else value for name, value in self.args.items()}
        return _(self.msgid).format(**shown)


class Listing(Notice):
    """Names for a notice's argument (message ids, or notices), each translated when the
    notice is shown and listed as the language lists them."""

    items: tuple[str, ...]
    and_list: bool  # read as one group ("a, b & c": i18n.join_and), else the language's list

    def __new__(cls, msgids: Iterable[str], and_list: bool = False) -> Listing:
        from game.i18n import join_and

        items = tuple(msgids)
        listing = str.__new__(cls, join_and(items, english=True) if and_list else ", ".join(items))
        listing.msgid, listing.args, listing.items, listing.and_list = "", {}, items, and_list
        return listing

    def text(self) -> str:
        from game.i18n import _, join_and, join_names

        shown = [item.text() if isinstance(item, Notice) else _(item) for item in self.items]
        return join_and(shown) if self.and_list else join_names(shown)


def shown(notice: str) -> str:
    """What the player reads of any notice: a `Notice` translated, other text as it is."""
    return notice.text() if isinstance(notice, Notice) else notice


def copy_name(copy: Path | None) -> str:
    """A kept copy's file name for a notice; a notice of its own when none could be made."""
    return copy.name if copy is not None else Notice(N_("no copy: the folder cannot be written"))
