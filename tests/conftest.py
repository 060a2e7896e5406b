"""Shared test hygiene: settings that are process-wide (the language, the deck's
colours) go back to their defaults after every test; property tests draw the same
examples on every run.

`HYPOTHESIS_PROFILE=explore python3 run.py test` draws fresh random examples instead (a
hunt for new counterexamples: each one found becomes a test from notation, as
`test_V_BLACK3_the_last_black_three_joins_the_turns_meld_of_threes_to_go_out` did)."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# The same answer on every run: no random seed, and no example database carried from one
# run to the next.
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
# A first start speaks the system's language (game.i18n.system_language): the tests' system
# speaks English, whatever the machine running them does.
os.environ["LANGUAGE"] = "en"
# No window and no sound device (unless asked for): set before any test module imports pygame.
for _driver in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
    os.environ[_driver] = os.environ.get(_driver) or "dummy"


@pytest.fixture(autouse=True)
def _process_wide_settings_reset():
    yield
    from game import assets, i18n

    i18n.set_language("en")
    assets.set_four_colour(False)


@pytest.fixture
def display():
    """A display mode set (1x1): what scenes that convert images or read the keyboard need.
    A module asks for it with `pytestmark = pytest.mark.usefixtures("display")`."""
    import pygame

    pygame.init()
    pygame.display.set_mode((1, 1))
    yield
