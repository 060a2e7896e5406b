"""Start-up never fails on a hostile settings or statistics file (issue 13): the file
is set aside (kept), the player is told, and the app starts with defaults."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.app import AppContext  # noqa: E402
from game.settings import Settings  # noqa: E402

NESTED = "[" * 5000 + "]" * 5000
HOSTILE = [
    NESTED,
    '{"records": ' + "{" * 3000 + "}" * 3000 + "}",
    "\x00" * 100,
    '{"language": NaN}',
    '{"records": {"classic/easy": {"games": Infinity}}}',
]


@pytest.mark.parametrize("name", ["settings.json", "stats.json"])
@pytest.mark.parametrize("content", HOSTILE, ids=["nested", "nested-object", "nul", "nan", "infinity"])
def test_the_app_starts_whatever_the_file_holds(tmp_path, name, content):
    (tmp_path / name).write_text(content)
    app = AppContext.create(tmp_path)
    assert app.settings.value == Settings()
    assert app.stats.records == {}
    assert app.notices, "the player is told"
    kept = [p for p in tmp_path.iterdir() if p.name.startswith(f"{name}.bad-")]
    assert len(kept) == 1 and kept[0].read_text() == content
