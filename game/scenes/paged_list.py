"""A title-menu page that lists entries a page at a time, one button a row, with Newer /
Older and Back. What the entries are, each row's label and what a click does are the
subclass's (the deal files to open, the recent deals to review)."""

from __future__ import annotations

import functools
from typing import ClassVar, Generic, TypeVar

from game.i18n import N_
from game.scenes.menu_base import PANEL, MenuPage
from game.scenes.menu_widgets import TextButton
from game.scenes.widgets import Button

Entry = TypeVar("Entry")


class PagedListPage(MenuPage, Generic[Entry]):
    per_page: ClassVar[int] = 7
    row_height: ClassVar[int] = 44
    row_gap: ClassVar[int] = 8
    list_top: ClassVar[int] = 80  # the first row, below the panel's top
    footer: ClassVar[int] = 36  # room under the Newer / Back / Older row, above the panel's bottom

    def __init__(self, app, entries: list[Entry]) -> None:
        self.page = 0
        self.entries = entries
        super().__init__(app)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.entries) // self.per_page))

    def row_label(self, entry: Entry) -> str:
        raise NotImplementedError

    def pick(self, entry: Entry) -> None:
        """A row was clicked."""
        raise NotImplementedError

    def build(self) -> None:
        y = PANEL.y + self.list_top
        for entry in self.entries[self.page * self.per_page : (self.page + 1) * self.per_page]:
            self.items.add(
                Button(
                    (PANEL.x + 60, y, PANEL.width - 120, self.row_height),
                    self.row_label(entry),
                    functools.partial(self.pick, entry),
                    primary=False,
                    font_size=17,
                )
            )
            y += self.row_height + self.row_gap
        bottom = PANEL.bottom - self.footer - 46
        if self.pages > 1:
            self.items.add(TextButton((PANEL.x + 60, bottom, 160, 46), N_("Newer"), self.newer, enabled=self.page > 0))
            self.items.add(
                TextButton(
                    (PANEL.right - 220, bottom, 160, 46), N_("Older"), self.older, enabled=self.page < self.pages - 1
                )
            )
        self.items.add(self.back_button(bottom, N_("Back")))

    def newer(self) -> None:
        self.page = max(0, self.page - 1)
        self.rebuild()

    def older(self) -> None:
        self.page = min(self.pages - 1, self.page + 1)
        self.rebuild()
