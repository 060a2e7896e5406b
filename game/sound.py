"""Sound effects: load the WAVs in assets/sounds, play by name, mute.

    sounds = SoundPlayer(enabled=settings.sound)
    sounds.play("meld")          # shuffle, draw, discard, meld, canasta, going_out
    sounds.enabled = False       # the Settings toggle

Without an audio device (CI, a headless box, a broken driver) the mixer
cannot start: the player then stays silent, records one notice, and every
`play` is a no-op. Nothing here ever raises into the game.
"""

from __future__ import annotations

import pygame

from game.assets import asset_path
from game.i18n import N_
from game.notices import Notice

# The title's footer says it in a few translated words; the driver's own error (English, and
# often long: "dsp: No such audio device") goes to the log (stderr) alone (play-test, stop 56).
NO_SOUND = N_("Sound is off: no sound device found")

EFFECTS = ("shuffle", "draw", "discard", "meld", "canasta", "going_out")
VOLUME = 0.6


class SoundPlayer:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.available: bool | None = None  # None: mixer not tried yet
        self.notices: list[Notice] = []
        self._sounds: dict[str, pygame.mixer.Sound] = {}

    def ready(self) -> bool:
        """Start the mixer and load the effects, once (lazily: costs nothing if muted); False
        when there is no audio device (`available`, and a notice)."""
        if self.available is not None:
            return self.available
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            for name in EFFECTS:
                sound = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
                sound.set_volume(VOLUME)
                self._sounds[name] = sound
            self.available = True
        except (pygame.error, OSError, NotImplementedError) as error:  # NotImplementedError: no mixer module
            self.notices.append(Notice.with_detail(NO_SOUND, str(error)))
            self._sounds.clear()
            self.available = False
        return self.available

    def play(self, name: str) -> bool:
        """Play effect `name`; False when muted, unavailable or unknown."""
        if not self.enabled or name not in EFFECTS or not self.ready():
            return False
        try:
            self._sounds[name].play()
        except pygame.error:
            return False
        return True
