#!/usr/bin/env python3
"""Render the menu screens headless into docs/screenshots/ (English and Chinese).

    python tools/screenshot_menus.py [--out-dir docs/screenshots] [--scale 1.0]

Uses a throw-away CANASTA_HOME with a sample save and statistics, so the menu
shows Continue and the statistics table has rows.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app import AppContext  # noqa: E402
from game.scenes.base import Scene, SceneStack  # noqa: E402
from game.scenes.layout import LOGICAL_SIZE, Canvas  # noqa: E402


def sample_app(home: Path) -> AppContext:
    """An app with a saved game and a few statistics (for realistic screens)."""
    from game.rules import Game, RulesConfig
    from game.stats import Record

    app = AppContext.create(home)
    game = Game(RulesConfig.for_variant("classic"), 7)
    for move in ("draw",):
        game.apply(move)
    app.saves.save(game, (None, "normal", "normal", "normal"))
    app.stats.records = {
        "classic/normal": Record(12, 7, 40, 31250, 2415, 23, 31, 14, 2),
        "classic/hard": Record(5, 1, 19, 6120, 1830, 8, 12, 4, 0),
        "two-hand/easy": Record(3, 3, 9, 9800, 2960, 11, 6, 6, 1),
        "classic/person:王小明": Record(2, 1, 8, 4100, 1650, 3, 4, 2, 0),  # pass-and-play: a typed name
    }
    app.stats.save()
    return app


def render(scenes: list[Scene], scale: float = 1.0) -> pygame.Surface:
    stack = SceneStack()
    for scene in scenes:
        stack.push(scene)
    stack.update(1.0)  # finish opening animations
    canvas = Canvas((round(LOGICAL_SIZE[0] * scale), round(LOGICAL_SIZE[1] * scale)), scale)
    stack.draw(canvas)
    return canvas


def screens(app: AppContext) -> dict[str, list[Scene]]:
    from game.rules.variants import VARIANTS
    from game.rules_text import page_for
    from game.scenes.menu import TitleMenuScene
    from game.scenes.new_game import NewGameScene
    from game.scenes.rules_scene import RulesScene
    from game.scenes.settings_scene import SettingsScene
    from game.scenes.stats_scene import StatsScene

    widest = max((v for v in VARIANTS if v.in_app), key=lambda v: v.players)
    deals = next(v for v in VARIANTS if v.in_app and v.deals)  # a game of a number of deals
    rules_scrolled = RulesScene()
    rules_scrolled.scroll = 1500
    return {
        "menu": [TitleMenuScene(app)],
        "new_game": [NewGameScene(app)],
        "new_game_six": [NewGameScene(app, widest.id, widest.targets[0])],  # the most seats to choose for
        "settings": [SettingsScene(app.settings)],
        "rules": [RulesScene()],
        "rules_more": [rules_scrolled],
        "new_game_deals": [NewGameScene(app, deals.id, 0)],  # Hand and Foot: "4 deals"
        "rules_deals": [RulesScene(page_for(deals))],  # its own page of the rules
        "stats": [StatsScene(app)],
        "names": [pass_and_play_page(app), names_page(app)],  # pass-and-play's names, one still being typed
    }


def pass_and_play_page(app: AppContext) -> Scene:
    from game.scenes.new_game import PERSON, NewGameScene

    page = NewGameScene(app, "classic", 5000)
    page._set_seat(2, PERSON)
    return page


def names_page(app: AppContext) -> Scene:
    from game.scenes.names_page import NamesPage

    page = NamesPage(app, "classic", (0, 1, 2))
    page.fields[0].text = "Ann"
    page.fields[1].text = "王小明"
    page.fields[2].text, page.fields[2].composing = "Li ", "Wei"
    page.items.set_focus(page.fields[2])
    return page


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args(argv)
    pygame.init()
    pygame.display.set_mode((1, 1))
    args.out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        app = sample_app(Path(home))
        for language, suffix in (("en", ""), ("zh_CN", "_zh")):
            app.settings.set("language", language)  # as the Settings screen does
            for name, scenes in screens(app).items():
                path = args.out_dir / f"{name}{suffix}.png"
                pygame.image.save(render(scenes, args.scale), str(path))
                print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    app.settings.set("language", "en")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
