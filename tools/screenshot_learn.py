#!/usr/bin/env python3
"""Screenshots of #12's screens in the real window (run under a display, e.g. Xvfb):
a review step with the Hard bot's advice, the privacy screen of pass-and-play, the New
game screen with people and bots, Open a deal; each in English and Chinese.

    DISPLAY=:46 python tools/screenshot_learn.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "scenes"))  # test_review.crafted_deal
sys.path.insert(0, str(ROOT / "tests" / "app"))  # test_deal_share.played


def frames(app, count: int = 30) -> None:
    for _ in range(count):
        app.frame(1 / 60)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = parser.parse_args()
    os.environ["CANASTA_HOME"] = tempfile.mkdtemp(prefix="canasta-shots-")
    from test_review import crafted_deal

    from game import deal_share, i18n
    from game.review_worker import ProcessReview
    from game.rules import RulesConfig
    from game.scenes.new_game import NewGameScene
    from game.scenes.open_deal import OpenDealScene
    from game.scenes.pass_and_play import PrivacyScreen
    from game.scenes.review_scene import ReviewScene
    from game.seat_names import SeatNames
    from game.window import MainWindow

    out = Path(args.out)
    app = MainWindow(menu=True, threaded=True)
    context = app.context
    assert context is not None
    play = crafted_deal()
    jobs: list[ProcessReview] = []

    def job(deal, seats):
        jobs.append(ProcessReview(deal, seats))
        return jobs[-1]

    review = ReviewScene(play, {0}, SeatNames.default(play.start.config), job_factory=job)
    app.stack.push(review)
    jobs[-1].join(300)
    frames(app)
    review.top_buttons[0].click()  # the costliest decision
    for language, suffix in (("en", ""), ("zh_CN", "_zh")):
        i18n.set_language(language)
        frames(app)
        app.screenshot(str(out / f"review{suffix}.png"))
    i18n.set_language("en")
    app.stack.remove(review)

    new_game = NewGameScene(app.context)
    new_game.levels.update({0: "person", 1: "person", 2: "hard", 3: "normal"})
    new_game.rebuild()
    app.stack.push(new_game)
    for language, suffix in (("en", ""), ("zh_CN", "_zh")):
        i18n.set_language(language)
        new_game.rebuild()
        frames(app)
        app.screenshot(str(out / f"new_game_people{suffix}.png"))
    i18n.set_language("en")
    app.stack.remove(new_game)

    app.start_game(RulesConfig.for_variant("classic"), 11, (None, None, "normal", "normal"))
    for _ in range(3000):
        app.frame(1 / 60)
        if isinstance(app.stack.top, PrivacyScreen):
            break
    assert isinstance(app.stack.top, PrivacyScreen)
    for language, suffix in (("en", ""), ("zh_CN", "_zh")):
        i18n.set_language(language)
        frames(app)
        app.screenshot(str(out / f"privacy{suffix}.png"))
    i18n.set_language("en")
    app.stack.top.ready()
    frames(app, 60)
    app.screenshot(str(out / "pass_and_play_table.png"))
    app.back_to_menu()

    table_game = app.table
    del table_game
    for seed in (1, 2):
        from test_deal_share import played

        deal_share.export_game(played(seed=seed), context.config_dir, when=1_764_500_000 + seed * 60)
    app.stack.push(OpenDealScene(context))
    for language, suffix in (("en", ""), ("zh_CN", "_zh")):
        i18n.set_language(language)
        frames(app)
        app.screenshot(str(out / f"open_deal{suffix}.png"))
    i18n.set_language("en")
    app.stack.pop()

    # A deal played to its end by the bots (South too): the score sheet with Review and
    # Save as a file; the deal is then kept for Statistics → Recent deals.
    from game.scenes.recent_deals_scene import RecentDealsScene
    from game.scenes.score_sheet import ScoreSheetScene
    from game.scenes.stats_scene import StatsScene

    app.start_game(RulesConfig.for_variant("classic"), 8, (None, "normal", "normal", "normal"))
    from game.bots import make_bot

    table = app.table
    assert table is not None
    south = make_bot("normal", 99)
    for _ in range(60_000):
        app.frame(1 / 60)
        if isinstance(app.stack.top, ScoreSheetScene):
            break
        if table.my_turn() and table.idle and app.stack.top is table:
            table.play(south.act(table.game.state.observation(0)))
        elif app.stack.top is not table and not isinstance(app.stack.top, ScoreSheetScene):
            app.stack.top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y"))
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheetScene)
    sheet.count.finish()
    frames(app, 5)
    app.screenshot(str(out / "score_sheet_review.png"))
    app.back_to_menu()
    app.stack.push(StatsScene(context))
    app.stack.top.recent_deals()
    assert isinstance(app.stack.top, RecentDealsScene)
    for language, suffix in (("en", ""), ("zh_CN", "_zh")):
        i18n.set_language(language)
        app.stack.top.rebuild()
        frames(app)
        app.screenshot(str(out / f"recent_deals{suffix}.png"))
    i18n.set_language("en")
    app.close()
    coach_steps(out / "coach")
    print(f"screenshots written to {out}")
    return 0


def coach_steps(out: Path) -> None:
    """Every step of the guided first deal, played by the mouse as the coach says, in both
    languages (coach/step01.png, coach/step01_zh.png, ...)."""
    from game import i18n
    from game.automation import Driver
    from game.scenes.coach_scene import CoachTable
    from game.scenes.layout import LOGICAL_SIZE
    from game.scenes.score_sheet import ScoreSheetScene
    from game.window import MainWindow

    out.mkdir(parents=True, exist_ok=True)
    app = MainWindow(seed=1, threaded=False, size=LOGICAL_SIZE)
    coach = CoachTable(threaded=False)
    app.stack.clear()
    app.table = coach
    app.stack.push(coach)
    driver = Driver(app, [])

    def follow():
        number = 0
        while True:
            yield from driver.wait_until(
                lambda: (
                    isinstance(app.stack.top, ScoreSheetScene)
                    or (app.stack.top is coach and coach.my_turn() and coach.idle and coach.hint is not None)
                ),
                "the coach's next step",
            )
            if isinstance(app.stack.top, ScoreSheetScene):
                return
            number += 1
            for language, suffix in (("en", ""), ("zh_CN", "_zh")):
                i18n.set_language(language)
                app.stack.update(0.0)  # the table's button labels follow the language on update
                app.screenshot(str(out / f"step{number:02d}{suffix}.png"))
            i18n.set_language("en")
            yield from driver.play_move(coach.hint.move)
            yield from driver.wait(0.3)

    driver._steps = follow()
    app.feeder = driver.feed
    while not driver.done:
        app.frame(1 / 60)
    for _ in range(240):
        app.frame(1 / 60)
    app.stack.top.count.finish()
    app.frame(1 / 60)
    app.screenshot(str(out / "done.png"))
    app.close()
    assert driver.error is None, driver.error


if __name__ == "__main__":
    sys.exit(main())
