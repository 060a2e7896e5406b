"""Sound effects: files exist and are valid WAVs; playing degrades silently."""

from __future__ import annotations

import wave

import pygame

from game.assets import asset_path
from game.sound import EFFECTS, SoundPlayer


def test_every_effect_is_a_short_wav():
    for name in EFFECTS:
        with wave.open(str(asset_path("sounds", f"{name}.wav"))) as handle:
            seconds = handle.getnframes() / handle.getframerate()
            assert handle.getnchannels() == 1 and 0.05 < seconds < 2.0


def test_play_and_mute():
    player = SoundPlayer()
    played = player.play("meld")
    assert played == bool(player.available)  # dummy driver: usually available
    player.enabled = False
    assert not player.play("meld")
    assert not SoundPlayer().play("no-such-sound")


def test_no_audio_device_is_silent(monkeypatch):
    def fail() -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    player = SoundPlayer()
    assert not player.play("canasta") and player.available is False
    # The player reads a few words; the driver's error is kept for the log (stderr) alone.
    assert player.notices == ["Sound is off: no sound device found"]
    assert player.notices[0].logged() == "Sound is off: no sound device found (no audio device)"
    assert not player.play("draw")  # tried once only
    assert len(player.notices) == 1
