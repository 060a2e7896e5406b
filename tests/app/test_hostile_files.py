"""Start-up never fails on a hostile settings or statistics file (issue 13): the file
is set aside (kept), the player is told, and the app starts with defaults."""

from __future__ import annotations

import pytest

from game.app import AppContext
from game.settings import Settings

NESTED = "[" * 5000 + "]" * 5000
HOSTILE = [
    NESTED,
    '{"records": ' + "{" * 3000 + "}" * 3000 + "}",
    "\x00" * 100,
]


@pytest.mark.parametrize("name", ["settings.json", "stats.json"])
@pytest.mark.parametrize("content", HOSTILE, ids=["nested", "nested-object", "nul"])
def test_the_app_starts_whatever_the_file_holds(tmp_path, name, content):
    (tmp_path / name).write_text(content)
    app = AppContext.create(tmp_path)
    assert app.settings.value == Settings()
    assert app.stats.records == {}
    assert app.notices, "the player is told"
    kept = [p for p in tmp_path.iterdir() if p.name.startswith(f"{name}.bad-")]
    assert len(kept) == 1 and kept[0].read_text() == content


def test_nan_or_infinity_in_one_field_loses_that_field_only(tmp_path):
    """Not JSON strictly, but one value of a file read field by field: that value reads as
    its default, the rest is kept, and the file stays where it is."""
    (tmp_path / "settings.json").write_text('{"language": NaN, "sound": false, "card_size": "large"}')
    (tmp_path / "stats.json").write_text(
        '{"records": {"classic/easy": {"games": Infinity, "wins": 2, "deals": 9}, "samba/hard": {"games": 4}}}'
    )
    app = AppContext.create(tmp_path)
    settings = app.settings.value
    assert settings.language == Settings().language and not settings.sound and settings.card_size == "large"
    assert app.stats.records["classic/easy"].games == 0 and app.stats.records["classic/easy"].deals == 9
    assert app.stats.records["samba/hard"].games == 4
    assert app.notices, "the player is told of the setting"
    # Both files stay where they are; each is copied first, as it loses a value (stop 42: a
    # count dropped without a word; stop 59: a setting written over by the first change).
    kept = {p.name.split(".bad-")[0]: p.read_text() for p in tmp_path.iterdir() if ".bad-" in p.name}
    assert sorted(kept) == ["settings.json", "stats.json"]
    assert "Infinity" in kept["stats.json"] and "NaN" in kept["settings.json"]
    assert (tmp_path / "stats.json").exists() and (tmp_path / "settings.json").exists()
    assert any("(Classic · Easy: Games)" in notice for notice in app.notices)
