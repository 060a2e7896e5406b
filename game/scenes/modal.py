"""A dialog as a scene: pushed over the table, closes itself on any button."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.i18n import _
from game.scenes.base import Scene
from game.scenes.tween import Tween, ease_out_cubic
from game.scenes.widgets import ButtonSpec, Dialog


class ModalDialogScene(Scene):
    """Translucent overlay scene holding one Dialog.

    Pressing a button pops this scene first, then runs the button's callback
    (so the callback may itself push another scene).
    """

    opaque = False
    OPEN_SECONDS = 0.18
    dialog_type = Dialog  # subclasses may place or dress the panel differently

    def __init__(
        self,
        title: str,
        message: str,
        buttons: Sequence[ButtonSpec],
        *,
        width: float = 520,
        cancel_index: int | None = None,
        keys: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.result: str | None = None  # text of the button pressed
        wrapped = [(text, self._closing(text, callback)) for text, callback in buttons]
        self.dialog = self.dialog_type(title, message, wrapped, width=width, cancel_index=cancel_index, keys=keys)
        self._opening = Tween(0.0, 1.0, self.OPEN_SECONDS, ease_out_cubic)
        self.dialog.appear = 0.0

    def _closing(self, text: str, callback: Callable[[], None] | None) -> Callable[[], None]:
        def close_then_call() -> None:
            self.result = text
            if self.stack is not None:
                self.stack.remove(self)
            if callback is not None:
                callback()

        return close_then_call

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.dialog.handle_event(event)

    def update(self, dt: float) -> None:
        if not self._opening.done:
            self._opening.update(dt)
            self.dialog.appear = self._opening.value

    def at_rest(self) -> bool:
        return self._opening.done

    def draw(self, surface: pygame.Surface) -> None:
        self.dialog.draw(surface)


def write_failed(title: str, error: OSError) -> ModalDialogScene:
    """A dialog saying a file could not be written, and the system's reason (nothing changed)."""
    return ModalDialogScene(
        title,
        _("The file cannot be written: {reason}").format(reason=error.strerror or type(error).__name__),
        [(_("OK"), None)],
        width=640,
        cancel_index=0,
    )
