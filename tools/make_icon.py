"""Make the window/app icon `assets/icon.png` (256x256) from the bundled card art:
two cards fanned on a rounded felt-green tile. Run from the project root."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from game.assets import asset_path  # noqa: E402

SIZE = 256


def main() -> None:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.rect(icon, (22, 101, 62), icon.get_rect(), border_radius=48)
    pygame.draw.rect(icon, (212, 175, 55), icon.get_rect(), width=8, border_radius=48)
    for name, angle, dx in (("Sa.png", 14, -34), ("Ha.png", -12, 34)):
        card = pygame.image.load(str(asset_path("cards", name))).convert_alpha()
        card = pygame.transform.smoothscale(card, (112, 157))
        card = pygame.transform.rotozoom(card, angle, 1.0)
        rect = card.get_rect(center=(SIZE // 2 + dx, SIZE // 2 + 6))
        icon.blit(card, rect)
    out = asset_path("icon.png")
    pygame.image.save(icon, str(out))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
