"""Common ground of the menu screens: a focus list, the felt backdrop with a title,
and Escape to go back (`Page`); the title menu's pages also get the app's services
(`MenuPage`)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import AppContext
from game.i18n import _
from game.scenes.base import Scene
from game.scenes.menu_widgets import FocusList, TextButton, draw_backdrop
from game.scenes.modal import ModalDialogScene

PANEL = pygame.FRect(240, 116, 800, 580)
ROW_HEIGHT = 46
ROW_GAP = 8


class Page(Scene):
    """A full-screen menu page. Subclasses fill `self.items` in `build()` (set what it
    reads before calling `Page.__init__`)."""

    opaque = True
    title = ""  # msgid
    panel: pygame.FRect | None = PANEL

    def __init__(self) -> None:
        super().__init__()
        self.items = FocusList()
        self.build()
        self.items.focus_first()

    def build(self) -> None:
        """Create the widgets (may be called again to refresh)."""

    def rebuild(self) -> None:
        focused = self.items.focused
        index = self.items.widgets.index(focused) if focused in self.items.widgets else 0
        self.items = FocusList()
        self.build()
        candidates = self.items._focus_candidates()
        if candidates:
            self.items.set_focus(candidates[min(index, len(candidates) - 1)])

    def back_button(self, y: float, text: str = "Back") -> TextButton:
        return TextButton((640 - 110, y, 220, 46), text, self.back, primary=False)

    def back(self) -> None:
        if self.stack is not None:
            self.stack.remove(self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return self.items.handle_event(event)

    def update(self, dt: float) -> None:
        self.items.update(dt)

    def at_rest(self) -> bool:
        return True  # (its widgets change only with input)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, _(self.title), self.panel)
        self.draw_content(surface)
        self.items.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Anything drawn between the backdrop and the widgets."""


class MenuPage(Page):
    """A page of the title menu: it works with the app's services."""

    def __init__(self, app: AppContext) -> None:
        self.app = app
        super().__init__()

    def replacing_the_saved_game(
        self, message: str, go_label: str, go: Callable[[], None], *, over_the_lesson: str
    ) -> None:
        """`go` (a game that takes the save slot), once the player says so when a game is
        saved: "Replace the saved game?" with `message` (`over_the_lesson` when the saved game
        is the guided first deal, left mid-lesson: "A game is in progress" named a game the
        player never started; play-test, stop 62), a `go_label` button and "Keep it".
        A read-only window (another one holds the saves) replaces nothing, nor does a decided
        game (kept for its final sheet): no question."""
        saves = self.app.saves
        if saves.exists() and not saves.decided() and not self.app.read_only and self.stack is not None:
            saved = saves.summary()
            text = over_the_lesson if saved is not None and saved.lesson else message
            buttons = [(go_label, go), (_("Keep it"), None)]
            dialog = ModalDialogScene(_("Replace the saved game?"), text, buttons, width=600, cancel_index=1)
            self.stack.push(dialog)
            return
        go()
