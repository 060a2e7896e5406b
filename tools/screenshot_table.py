#!/usr/bin/env python3
"""The table's screenshots for the docs, made with the app's own automation
(game/automation.py: a bot plays the player's seat by mouse gestures):

- every variant the app offers, mid-deal, at 1280x720 and at 1000x700 (the real
  window's pixels, letterbox included): table_VARIANT_1280x720.png, ...;
- the pile browser open (pile_browser.png);
- the move log right after Continue resumed a saved game (log_after_resume.png).

    python tools/screenshot_table.py [--out-dir docs/screenshots] [--only VARIANT ...]
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

from game.automation import Driver  # noqa: E402
from game.rules import RulesConfig  # noqa: E402
from game.rules.variants import APP_VARIANT_IDS  # noqa: E402
from game.window import MainWindow  # noqa: E402

SIZES = ((1280, 720), (1000, 700))
SEED = 23


def busy_stock(variant: str) -> int:
    """A stock size well into the deal: a little over half of what the deal left."""
    config = RulesConfig.for_variant(variant)
    players = len(config.play_order(config.rules.sit_out[0] if config.rules.sit_out else None))
    return (len(config.deck) - players * config.hand_size - 1) * 13 // 20


def run(app: MainWindow, lines: list[str], limit: int = 200_000) -> None:
    driver = Driver(app, lines)
    app.feeder = driver.feed
    while app.running and not driver.done and app.frames < limit:
        app.frame(driver.dt)
    if driver.error:
        raise SystemExit(f"script failed: {driver.error}")


def mid_deal(variant: str, size: tuple[int, int], path: Path) -> None:
    app = MainWindow(variant=variant, seed=SEED, speed=4.0, size=size, threaded=False)
    try:
        run(
            app,
            [
                "setting card_back B2",
                f"autoplay_until len(state.stock) < {busy_stock(variant)} and phase == 'draw'",
                "wait_turn",
                "draw",
                "wait_idle",
                "wait 2.5",  # the last bot move's banner fades
                f"screenshot_window {path}",
            ],
        )
    finally:
        app.close()


def pile_browser(path: Path) -> None:
    app = MainWindow(variant="classic", seed=SEED, speed=4.0, threaded=False)
    try:
        run(app, ["autoplay_until len(state.pile) > 16", "wait_turn", "key v", "wait 0.3", f"screenshot {path}"])
    finally:
        app.close()


def log_after_resume(path: Path) -> None:
    """Play part of a deal from the menus (saved after every move), close the app, open it
    again, Continue, open the log."""
    with tempfile.TemporaryDirectory() as home:
        os.environ["CANASTA_HOME"] = home
        first = MainWindow(menu=True, threaded=False)
        try:
            config = RulesConfig.for_variant("classic")
            first.start_game(config, SEED, (None, "normal", "normal", "normal"))
            run(first, ["autoplay_until len(state.stock) < 40", "wait_turn"])
        finally:
            first.close()
        second = MainWindow(menu=True, threaded=False)
        try:
            assert second.context is not None
            second.continue_game(second.context.saves.load())
            run(second, ["wait 0.5", "key l", "wait 0.3", f"screenshot {path}"])
        finally:
            second.close()
        del os.environ["CANASTA_HOME"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", nargs="*", help="these variants only (and no other picture)")
    args = parser.parse_args(argv)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    for variant in args.only or APP_VARIANT_IDS:
        for size in SIZES:
            path = args.out_dir / f"table_{variant}_{size[0]}x{size[1]}.png"
            mid_deal(variant, size, path)
            print(path)
    if not args.only:
        for name, make in (("pile_browser", pile_browser), ("log_after_resume", log_after_resume)):
            path = args.out_dir / f"{name}.png"
            make(path)
            print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
