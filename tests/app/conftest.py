"""Fixtures shared by the app's tests that run the real window loop."""

from __future__ import annotations

import pytest

from game import storage
from game.settings import Settings, save_settings


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh CANASTA_HOME with fast animations (the table still animates every move)."""
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    save_settings(Settings(animation_speed=4.0, bot_pace="fast", sound=False), tmp_path)
    return tmp_path
