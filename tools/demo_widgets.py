#!/usr/bin/env python3
"""Render a sample table (cards, buttons, bubble, optional dialog) to a PNG.

Headless (SDL dummy driver); for eyeballing the look of the widget kit.
    python tools/demo_widgets.py [--out out/demo.png] [--scale 1.5] [--dialog]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game import assets  # noqa: E402
from game.scenes import theme  # noqa: E402
from game.scenes.layout import LOGICAL_SIZE, Canvas, Ruler  # noqa: E402
from game.scenes.shapes import felt_background, soft_shadow  # noqa: E402
from game.scenes.widgets import Button, Dialog, Label, SpeechBubble  # noqa: E402


def draw_card(
    surface: pygame.Surface,
    face: str,
    center: tuple[float, float],
    angle: float = 0.0,
    copy: int = 0,
    width: float = theme.CARD_WIDTH,
) -> None:
    """One card with a soft shadow, rotated about its centre (logical units)."""
    ruler = Ruler.of(surface)
    image = assets.card_image(face, copy, ruler.px(width))
    shadow, _ = soft_shadow(image.get_size(), ruler.px(6), ruler.px(4), theme.SHADOW)
    if angle:
        image = pygame.transform.rotozoom(image, angle, 1.0)
        shadow = pygame.transform.rotozoom(shadow, angle, 1.0)
    x, y = ruler.point(center)
    surface.blit(shadow, shadow.get_rect(center=(x + ruler.px(2), y + ruler.px(4))))
    surface.blit(image, image.get_rect(center=(x, y)))


def draw_table(surface: pygame.Surface, with_dialog: bool) -> None:
    surface.blit(felt_background(surface.get_size()), (0, 0))

    # Stock and discard pile in the middle.
    for offset in range(4):
        draw_card(surface, "B2", (560 - offset * 1.2, 330 - offset * 1.2))
    draw_card(surface, "D7", (680, 330), angle=-4)
    draw_card(surface, "JK", (690, 334), angle=6, copy=1)

    # A meld on the table (partner's side): overlapping column.
    for index, face in enumerate(["HK", "SK", "DK", "JK", "CK"]):
        draw_card(surface, face, (250 + index * 26, 300), width=72, copy=index)

    # Player's hand, fanned.
    hand = ["HA", "SA", "C10", "DQ", "H3", "S9", "JK", "C2", "D5"]
    middle = (len(hand) - 1) / 2
    for index, face in enumerate(hand):
        spread = index - middle
        draw_card(surface, face, (640 + spread * 48, 628 + abs(spread) ** 1.6 * 3), angle=-spread * 5)

    # Opponent's fanned backs at the top.
    for index in range(7):
        spread = index - 3
        draw_card(surface, "B1", (640 + spread * 22, 60 - abs(spread) ** 1.6 * 2), angle=180 + spread * 4, width=64)

    Label((40, 24, 300, 0), "North · 2 350 points", color=theme.TEXT_ON_FELT, bold=True).draw(surface)
    Label((40, 52, 300, 0), "Needs 90 to meld", size=theme.FONT_SMALL, color=theme.TEXT_ON_FELT).draw(surface)
    Label((900, 470, 340, 0), "卡纳斯塔：你的回合", size=theme.FONT_BODY, color=theme.TEXT_ON_FELT, align="right").draw(
        surface
    )

    SpeechBubble((700, 100), "Canasta! That's five hundred for us — your move.", tail="up", max_width=300).draw(surface)
    SpeechBubble((1160, 380), "Pass.", tail="right").draw(surface)

    meld = Button((1000, 560, 200, theme.BUTTON_HEIGHT), "Meld")
    meld.focused = True
    meld.draw(surface)
    discard = Button((1000, 616, 200, theme.BUTTON_HEIGHT), "Discard", primary=False)
    discard.hovered = True
    discard.draw(surface)
    Button((80, 616, 160, theme.BUTTON_HEIGHT), "Undo", enabled=False).draw(surface)
    pressed = Button((80, 560, 160, theme.BUTTON_HEIGHT), "Sort", primary=False)
    pressed.pressed = True
    pressed.draw(surface)

    if with_dialog:
        Dialog(
            "Take the discard pile?",
            "You need a natural pair of sevens in hand to take a frozen pile. Taking it gives you 14 cards.",
            [("Take pile", None), ("Cancel", None)],
            cancel_index=1,
        ).draw(surface)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("out/demo_widgets.png"))
    parser.add_argument("--scale", type=float, default=1.0, help="canvas pixels per logical unit (1.5 = 1920x1080)")
    parser.add_argument("--dialog", action="store_true", help="draw a modal dialog on top")
    args = parser.parse_args(argv)

    pygame.init()
    size = (round(LOGICAL_SIZE[0] * args.scale), round(LOGICAL_SIZE[1] * args.scale))
    pygame.display.set_mode(size)
    canvas = Canvas(size, args.scale)
    draw_table(canvas, args.dialog)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(canvas, str(args.out))
    print(f"wrote {args.out} ({size[0]}x{size[1]})")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
