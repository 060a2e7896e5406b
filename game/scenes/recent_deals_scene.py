"""Statistics → Recent deals: the last 20 deals played (game/recent_deals.py), newest
first; one click opens its review (game/scenes/review_scene.py)."""

from __future__ import annotations

import functools
import time
from typing import Any

import pygame

from game.deal_file import DealFileError
from game.i18n import N_, _, format_points
from game.recent_deals import RecentDeal, RecentDeals
from game.rules.variants import VARIANTS
from game.scenes import theme
from game.scenes.menu_base import PANEL, MenuPage
from game.scenes.menu_widgets import TextButton, blit_text
from game.scenes.modal import ModalDialogScene
from game.scenes.widgets import Button

VARIANT_NAMES = {v.id: v.name for v in VARIANTS}
PER_PAGE = 9
ROW_H, ROW_GAP = 42, 6


def entry_text(entry: RecentDeal) -> str:
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.when))
    variant = _(VARIANT_NAMES.get(entry.variant, entry.variant))
    deal = _("deal {n}").format(n=entry.deal + 1)
    return f"{when} · {variant} · {deal} · {format_points(entry.points)}"


class RecentDealsScene(MenuPage):
    title = N_("Recent deals")

    def __init__(self, app, review_options: dict[str, Any] | None = None) -> None:
        self.page = 0
        self.entries = RecentDeals(app.config_dir).load()
        self.review_options = review_options or {}  # tests: a synchronous job_factory
        super().__init__(app)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.entries) // PER_PAGE))

    def build(self) -> None:
        y = PANEL.y + 60
        for entry in self.entries[self.page * PER_PAGE : (self.page + 1) * PER_PAGE]:
            self.items.add(
                Button(
                    (PANEL.x + 60, y, PANEL.width - 120, ROW_H),
                    entry_text(entry),
                    functools.partial(self.review, entry),
                    primary=False,
                    font_size=17,
                )
            )
            y += ROW_H + ROW_GAP
        bottom = PANEL.bottom - 30 - 46
        if self.pages > 1:
            self.items.add(TextButton((PANEL.x + 60, bottom, 160, 46), N_("Newer"), self.newer, enabled=self.page > 0))
            self.items.add(
                TextButton(
                    (PANEL.right - 220, bottom, 160, 46), N_("Older"), self.older, enabled=self.page < self.pages - 1
                )
            )
        self.items.add(self.back_button(bottom, N_("Back")))

    def newer(self) -> None:
        self.page = max(0, self.page - 1)
        self.rebuild()

    def older(self) -> None:
        self.page = min(self.pages - 1, self.page + 1)
        self.rebuild()

    def review(self, entry: RecentDeal) -> None:
        from game.scenes.review_scene import ReviewScene, SeatNames

        if self.stack is None:
            return
        try:
            play = entry.play()
        except (DealFileError, ValueError) as error:
            reason = error.message() if isinstance(error, DealFileError) else str(error)
            self.stack.push(
                ModalDialogScene(
                    _("This deal cannot be reviewed"), reason, [(_("OK"), None)], width=640, cancel_index=0
                )
            )
            return
        config = play.start.config
        names = entry.names if len(entry.names) == config.players else tuple(config.rules.seat_names)
        seats = tuple(s for s in entry.people if s < config.players) or (0,)
        scene = ReviewScene(play, seats, SeatNames(config, names), title=entry_text(entry), **self.review_options)
        self.stack.push(scene)

    def draw_content(self, surface: pygame.Surface) -> None:
        if not self.entries:
            blit_text(
                surface,
                _("No deal played yet: each deal you finish is kept here for a review."),
                theme.FONT_BODY,
                theme.INK_SOFT,
                midtop=(640, PANEL.y + 200),
            )
        else:
            blit_text(
                surface,
                _("The last {n} deals: click one to review it with the Hard bot.").format(n=len(self.entries)),
                theme.FONT_SMALL,
                theme.INK_SOFT,
                midtop=(640, PANEL.y + 24),
            )
