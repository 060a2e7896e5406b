"""Shared test hygiene: settings that are process-wide (the language, the deck's
colours) go back to their defaults after every test."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _process_wide_settings_reset():
    yield
    from game import assets, i18n

    i18n.set_language("en")
    assets.set_four_colour(False)
