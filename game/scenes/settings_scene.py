"""Settings: every setting as a Choice row, changed in the player's
`ObservableSettings` the moment it is chosen: what depends on it follows at once (the
language switches), and the app keeps it on disk."""

from __future__ import annotations

import functools
from typing import Any

import pygame

from game import assets
from game.i18n import LANGUAGES, N_, _
from game.observable_settings import ObservableSettings, Unbind
from game.scenes import theme
from game.scenes.layout import Ruler
from game.scenes.menu_base import PANEL, Page
from game.scenes.menu_widgets import Choice, blit_text
from game.scenes.text import wrap_at_clause, wrap_text
from game.settings import LABELS
from game.sound import SoundPlayer

OFF_ON: list[tuple[Any, str]] = [(False, N_("Off")), (True, N_("On"))]
# The page's rows below the language: each setting's choices (its label is settings.LABELS').
ROWS: list[tuple[str, list[tuple[Any, str]]]] = [
    ("animation_speed", [(0.5, N_("Slow")), (1.0, N_("Normal")), (2.0, N_("Fast")), (4.0, N_("Very fast"))]),
    ("bot_pace", [("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast"))]),
    ("card_size", [("normal", N_("Normal")), ("large", N_("Large"))]),
    ("four_colour_deck", OFF_ON),
    ("card_back", [("B1", N_("Design 1")), ("B2", N_("Design 2"))]),
    ("sound", OFF_ON),
    ("fullscreen", OFF_ON),
    ("confirm_risky_discard", OFF_ON),
]
ROW_X, ROW_W, ROW_H, GAP = PANEL.x + 60, PANEL.width - 120, 44, 8
NOTE_RIGHT, NOTE_W = PANEL.x - 16, PANEL.x - 28  # a note on the felt left of a row (the card back is right)


class SettingsScene(Page):
    title = N_("Settings")

    def __init__(self, settings: ObservableSettings, sound: SoundPlayer | None = None) -> None:
        self.settings = settings
        self._unfollow: list[Unbind] = []
        # The effects' player: with sound on and no audio device, the page says so beside the
        # row (the title says it once, at the first effect; here the player looks for it).
        self.sound = sound
        super().__init__()

    def on_enter(self) -> None:
        """Each row shows its setting as it is now: one changed elsewhere while the page is open
        (F11 turns full screen on or off anywhere; a key at the table under the menu) is shown
        changed at once; the row said "On" in a window (play-test, stop 53). Bound while the
        page is on the stack, unbound when it leaves: a closed page keeps no callback."""
        self._unfollow = [self.settings.bind(name, functools.partial(self._show, name)) for name in self.rows]

    def on_exit(self) -> None:
        for unbind in self._unfollow:
            unbind()
        self._unfollow.clear()

    def _show(self, name: str, value: Any) -> None:
        row = self.rows[name]  # (looked up now: a rebuild makes new rows)
        row.index = next((i for i, (v, _text) in enumerate(row.options) if v == value), row.index)

    def update(self, dt: float) -> None:
        super().update(dt)
        sound = self.sound
        if sound is not None and sound.enabled and sound.available is None:
            sound.ready()  # (started once, as the first effect would; a missing device is known here)

    def sound_note(self) -> str | None:
        """What the page says beside the Sound row: that the effects stay silent for want of an
        audio device, when sound is on and none could start; else nothing."""
        sound = self.sound
        if sound is None or not sound.enabled or sound.available is not False:
            return None
        return _("No sound device was found: the effects stay silent.")

    def build(self) -> None:
        settings = self.settings.value
        y = PANEL.y + 26
        language = Choice(
            (ROW_X, y, ROW_W, ROW_H),
            LABELS["language"],
            list(LANGUAGES.items()),
            settings.language,
            functools.partial(self.settings.set, "language"),
            translate_values=False,
        )  # each language's name in itself
        self.items.add(language)
        self.rows: dict[str, Choice] = {"language": language}
        for name, options in ROWS:
            y += ROW_H + GAP
            row = Choice(
                (ROW_X, y, ROW_W, ROW_H),
                LABELS[name],
                options,
                getattr(settings, name),
                functools.partial(self.settings.set, name),
            )
            self.rows[name] = row
            self.items.add(row)
        self.items.add(self.back_button(PANEL.bottom - 30 - 46))

    def draw_content(self, surface: pygame.Surface) -> None:
        # A preview of the chosen card back, lying on the felt beside the panel (80 px:
        # the back's fine lattice shows moiré at most smaller widths).
        ruler = Ruler.of(surface)
        row = next(w for w in self.items.widgets if isinstance(w, Choice) and w.label == LABELS["card_back"])
        image = assets.card_image(self.settings.value.card_back, width=ruler.px(80))
        surface.blit(image, image.get_rect(midleft=ruler.point((PANEL.right + 40, row.rect.centery))))
        note = self.sound_note()
        if note is not None:
            sound_row = next(w for w in self.items.widgets if isinstance(w, Choice) and w.label == LABELS["sound"])
            font = assets.font_for_text(note, theme.FONT_SMALL * 4, False)  # (measured at 4x, as text_width)
            lines = wrap_text(note, font, round(NOTE_W * 4))
            if len(lines) == 2:  # after its clause ("…音效不会" / "发声。" read badly, play-test, stop 60)
                lines = wrap_at_clause(note, font, round(NOTE_W * 4), 2)
            top = sound_row.rect.centery - len(lines) * 10
            for i, line in enumerate(lines):
                blit_text(surface, line, theme.FONT_SMALL, theme.TEXT_ON_FELT, topright=(NOTE_RIGHT, top + i * 20))
        blit_text(
            surface,
            _("Changes apply at once and are kept for next time."),
            theme.FONT_SMALL,
            theme.INK_SOFT,
            midbottom=(640, PANEL.bottom - 8),
        )
