"""A notice for the player (a problem met while starting or playing): data, translated
when shown.

A `Notice` is its English text (a `str`: stderr, logs and tests read it so) and keeps its
message id and arguments, so the title menu shows it in the player's language at the
moment it is drawn, whatever the language was when it was made. An argument may be a
`Notice` itself (a reason we name); any other argument (a system's error text) is shown
as it is.

    notice = Notice(N_("sound is off: {error}"), error=str(error))
    notice.text()  # "声音已关闭：..." in Chinese
"""

from __future__ import annotations

from typing import Any


class Notice(str):
    msgid: str
    args: dict[str, Any]

    def __new__(cls, msgid: str, **args: Any) -> Notice:
        english = msgid.format(**args) if args else msgid
        notice = super().__new__(cls, english)
        notice.msgid = msgid
        notice.args = args
        return notice

    def text(self) -> str:
        """In the player's language now."""
        from game.i18n import _

        if not self.args:
            return _(self.msgid)
        shown = {name: value.text() if isinstance(value, Notice) else value for name, value in self.args.items()}
        return _(self.msgid).format(**shown)


def shown(notice: str) -> str:
    """What the player reads of any notice: a `Notice` translated, other text as it is."""
    return notice.text() if isinstance(notice, Notice) else notice
