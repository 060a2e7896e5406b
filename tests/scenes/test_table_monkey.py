"""Monkey test: thousands of random mouse and keyboard events, fixed seed, through
the real window loop, for every variant the app offers; nothing may crash and the
table must stay consistent."""

from __future__ import annotations

import random

import pygame
import pytest

from game.rules.variants import APP_VARIANT_IDS
from game.window import MainWindow
from tests.table_helpers import fallback

KEYS = [
    pygame.K_r,
    pygame.K_s,
    pygame.K_d,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_y,
    pygame.K_n,
    pygame.K_TAB,
    pygame.K_PLUS,
    pygame.K_MINUS,
    pygame.K_LEFT,
    pygame.K_a,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_h,
    pygame.K_t,
    pygame.K_m,
    pygame.K_x,
    pygame.K_QUESTION,
    pygame.K_F1,
    pygame.K_HOME,
    pygame.K_END,
]
# Where the interesting things are (logical): hand, pile, stock, melds, buttons.
HOT = [
    (168, 560, 896, 160),
    (640, 260, 110, 130),
    (510, 260, 90, 130),
    (168, 400, 896, 172),
    (1080, 500, 190, 210),
    (320, 120, 660, 200),
    (0, 0, 1280, 720),
]


def random_point(rng: random.Random) -> tuple[int, int]:
    x, y, w, h = rng.choice(HOT)
    return (int(x + rng.random() * w), int(y + rng.random() * h))


@pytest.mark.slow
@pytest.mark.parametrize("variant", APP_VARIANT_IDS)
def test_monkey_thousands_of_random_events_never_crash(variant):
    rng = random.Random(20240601)
    # (threaded=False: no thread timing, the same run every time)
    app = MainWindow(variant=variant, seed=77, speed=4.0, bot_factory=fallback, threaded=False)
    pressed = False
    events = 0
    try:
        frames = 2400 if variant == "classic" else 1000  # (the suite's time: classic gets the long run)
        for frame in range(frames):
            for _ in range(rng.randint(0, 3)):
                roll = rng.random()
                pos = app.layout.logical_to_window(random_point(rng))
                pos = (round(pos[0]), round(pos[1]))
                if roll < 0.45:
                    buttons = (1, 0, 0) if pressed else (0, 0, 0)
                    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))
                elif roll < 0.65:
                    button = 1 if rng.random() < 0.9 else rng.choice((2, 3, 4, 5))
                    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
                    pressed = pressed or button == 1
                elif roll < 0.85:
                    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
                    pressed = False
                else:
                    key = rng.choice(KEYS)
                    mod = pygame.KMOD_SHIFT if rng.random() < 0.2 else 0
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
                events += 1
            if frame % 600 == 599:  # resize now and then
                pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700))
            scenes = [type(scene).__name__ for scene in app.stack.scenes]
            app.frame(1 / 60)
            assert app.running, f"the app stopped at frame {frame} (scenes before: {scenes})"
            table = app.table
            shown = set(table.layout.hand_cards) | set(table.ui.dragging) | table.ui.staged_cards()
            assert shown == set(table.game.state.hands[table.human])
        assert events > frames * 0.8
        # The game went on around the monkey (its random clicks open dialogs and stage cards, and a
        # discard waits while cards are staged: it plays a few moves of its own, the bots theirs).
        # Two-hand's monkey plays 4 moves in its 1,000 frames since the panels moved beside the
        # melds (stop 44; 8 before): its random events land on other things and it comes to its
        # own draw later. It opens the refusal's rule no more often (6 times, 7 before) and
        # spends as long under it (390 frames, 385 before). The others play 7 or more.
        assert table.moves_played > (6 if frames >= 2400 else 3)
    finally:
        app.close()
