#!/usr/bin/env python3
"""The table's screenshots for the docs, made with the app's own automation
(game/automation.py: a bot plays the player's seat by mouse gestures):

- every variant the app offers, mid-deal, at 1280x720 and at 1000x700 (the real
  window's pixels, letterbox included): table_VARIANT_1280x720.png, ...; the Samba
  family at the busiest moment of a few seeds (busy_moment);
- the score sheet at the end of a deal of a variant with feet (score_sheet_VARIANT.png);
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
from game.bots import make_bot  # noqa: E402
from game.rules import Game, MoveKind, Phase, RulesConfig  # noqa: E402
from game.rules.melds import MeldKind  # noqa: E402
from game.rules.variants import APP_VARIANT_IDS  # noqa: E402
from game.scenes import table_facts  # noqa: E402
from game.window import MainWindow  # noqa: E402

SIZES = ((1280, 720), (1000, 700))
SEED = 23


def busy_stock(variant: str) -> int:
    """A stock size well into the deal: a little over half of what the deal left (feet
    are dealt from the stock too)."""
    config = RulesConfig.for_variant(variant)
    players = len(config.play_order(config.rules.sit_out[0] if config.rules.sit_out else None))
    return (len(config.deck) - players * (config.hand_size + config.rules.foot) - 1) * 13 // 20


class Melder:
    """The player's choices for Hand and Foot's screenshots: the biggest meld there is, else
    the Normal bot's move. (The bots keep their cards and never reach the foot; a player
    who melds all it can shows the foot picked up.)"""

    def __init__(self) -> None:
        self.bot = make_bot("normal", 4242)

    def act(self, observation, time_budget=None):
        melds = [m for m in observation.legal if m.kind is MoveKind.MELD]
        if melds:
            return max(melds, key=lambda m: sum(len(g.cards) for g in m.groups))
        return self.bot.act(observation)


def player_bot(variant: str):
    """Who chooses the player's moves (the driver does them by mouse): the Normal bot, or
    in a variant with feet the Melder."""
    return Melder() if RulesConfig.for_variant(variant).rules.foot else make_bot("normal", 4242)


def busy_moment(variant: str, seeds: range = range(1, 13)) -> tuple[int, int]:
    """The Samba family's (seed, stock size) for a busy screenshot: of `seeds`, and of the
    player's turns from busy_stock on, the one whose table holds the most to see (melds,
    runs, wild melds, canastas, feet picked up), played out by the same bots as the app's
    autoplay. (SEED, busy_stock) for the other variants."""
    config = RulesConfig.for_variant(variant)
    start = busy_stock(variant)
    if not config.rules.meld_list:
        return SEED, start
    best = (-1e9, SEED, start)
    for seed in seeds:
        game = Game(config, seed)
        bots = {seat: make_bot("normal", seed * 10 + seat) for seat in range(1, config.players)}
        bots[0] = player_bot(variant)  # (as the driver chooses for the player)
        state = game.state
        while state.phase is not Phase.OVER:
            drawable = len(state.stock) >= config.draw_count  # (the script draws)
            if state.to_act == 0 and state.phase is Phase.DRAW and drawable and len(state.stock) < start:
                best = max(best, (busyness(state), seed, len(state.stock) + 1))
            seat = state.to_act
            assert seat is not None
            observation = state.observation(seat)
            ask = next((m for m in observation.legal if m.kind is MoveKind.ASK), None)
            game.apply(ask if seat == 0 and ask is not None else bots[seat].act(observation))  # (the driver asks)
            state = game.state
    return best[1], best[2]


def busyness(state) -> float:
    """How much a position shows: melds (more for the kinds beyond groups), canastas, feet
    picked up; a hand neither tiny nor huge."""
    config = state.config
    melds = [m for side in range(config.sides) for m in state.side_melds(side)]
    score = len(melds) + sum(m.size >= 7 for m in melds)
    score += sum(3 for m in melds if m.kind is MeldKind.SEQUENCE) + sum(8 for m in melds if m.kind is MeldKind.WILD)
    score += 6 * sum(table_facts.playing_from_foot(state, seat) for seat in range(config.players))
    hand = len(state.hands[0])
    return score - 2 * max(0, 6 - hand) - max(0, hand - 16)


def run(app: MainWindow, lines: list[str], limit: int = 200_000, bot=None) -> None:
    driver = Driver(app, lines, bot=bot)
    app.feeder = driver.feed
    while app.running and not driver.done and app.frames < limit:
        app.frame(driver.dt)
    if driver.error:
        raise SystemExit(f"script failed: {driver.error}")


def mid_deal(variant: str, size: tuple[int, int], path: Path, seed: int = SEED, stock: int | None = None) -> None:
    app = MainWindow(variant=variant, seed=seed, speed=4.0, size=size, threaded=False)
    try:
        run(
            app,
            [
                "setting card_back B2",
                f"autoplay_until len(state.stock) < {stock or busy_stock(variant)} and phase == 'draw'",
                "wait_turn",
                "draw",
                "wait_idle",
                "wait 2.5",  # the last bot move's banner fades
                f"screenshot_window {path}",
            ],
            bot=player_bot(variant),
        )
    finally:
        app.close()


def deal_end_sheet(variant: str, path: Path) -> None:
    """The score sheet at the end of a deal (every named bonus, the hands and feet left)."""
    app = MainWindow(variant=variant, seed=SEED, speed=4.0, threaded=False)
    try:
        run(app, ["setting card_back B2", "autoplay 1", "wait 2.0", f"screenshot {path}"], bot=player_bot(variant))
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
        seed, stock = busy_moment(variant)
        for size in SIZES:
            path = args.out_dir / f"table_{variant}_{size[0]}x{size[1]}.png"
            mid_deal(variant, size, path, seed, stock)
            print(path, "seed", seed, "stock", stock)
    for variant in args.only or APP_VARIANT_IDS:
        if RulesConfig.for_variant(variant).rules.foot:  # Hand and Foot's sheet: books, feet
            path = args.out_dir / f"score_sheet_{variant}.png"
            deal_end_sheet(variant, path)
            print(path)
    if not args.only:
        for name, make in (("pile_browser", pile_browser), ("log_after_resume", log_after_resume)):
            path = args.out_dir / f"{name}.png"
            make(path)
            print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
