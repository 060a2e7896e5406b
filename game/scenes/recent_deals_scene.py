"""Statistics → Recent deals: the last 20 deals played (game/recent_deals.py), newest
first; one click opens its review (game/scenes/review_scene.py)."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.deal_file import DealFileError
from game.i18n import N_, _, format_points
from game.recent_deals import RecentDeal, RecentDeals
from game.rules import RulesConfig
from game.rules.variants import VARIANT_NAMES, variant_named
from game.scenes import theme
from game.scenes.menu_base import PANEL
from game.scenes.menu_widgets import blit_text
from game.scenes.modal import ModalDialogScene
from game.scenes.paged_list import PagedListPage
from game.scenes.totals import totals_text
from game.seat_names import SeatNames, named_side

GUIDED_DEAL = N_("Guided first deal")  # (the main menu's name for the lesson)


def entry_text(entry: RecentDeal) -> str:
    """The row: when, which game and deal, both sides' totals. The guided deal's lesson is
    named as the main menu names it, as its review's title marks it (the coach chose the
    player's moves there)."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.when))
    points = format_points(entry.points)
    if entry.theirs is not None:  # (older entries kept only the player's side's)
        # (pass-and-play: whose side the first total is, "Anna: -555 to 1,105")
        points = totals_text(entry.variant, entry.points, entry.theirs, people_side_name(entry))
    if entry.lesson:
        return f"{when} · {_(GUIDED_DEAL)} · {points}"
    variant = _(VARIANT_NAMES.get(entry.variant, entry.variant))
    rules = variant_named(entry.variant)
    target = entry.target
    if rules is not None and target and len(rules.targets) > 1 and target != rules.targets[0]:
        # the short game, as Statistics and Continue name it (a 2500 deal read "Classic" alone)
        variant += " · " + _("to {target}").format(target=target)
    deal = _("deal {n}").format(n=entry.deal + 1)
    return f"{when} · {variant} · {deal} · {points}"


def people_side_name(entry: RecentDeal) -> str:
    """Pass-and-play: the side whose total comes first (the first person's), named as the
    table and the review name it ("Anna", "Anna & Ben"); "" with one person (the first total
    is the player's). "-555 to 1,105" alone said nothing of whose (play-test, stop 58)."""
    if len(entry.people) < 2 or variant_named(entry.variant) is None:
        return ""
    return named_side(RulesConfig.for_variant(entry.variant), entry.people[0], entry.names, entry.typed)


class RecentDealsScene(PagedListPage[RecentDeal]):
    title = N_("Recent deals")
    per_page, row_height, row_gap, list_top, footer = 9, 42, 6, 60, 30

    def __init__(self, app, review_options: dict[str, Any] | None = None) -> None:
        self.review_options = review_options or {}  # tests: a synchronous job_factory
        entries = RecentDeals(app.config_dir).read()
        self.unreadable = entries is None  # a damaged file: said, not shown as "no deal yet"
        super().__init__(app, entries or [])

    def row_label(self, entry: RecentDeal) -> str:
        return entry_text(entry)

    def pick(self, entry: RecentDeal) -> None:
        self.review(entry)

    def review(self, entry: RecentDeal) -> None:
        from game.coach import lesson_title
        from game.scenes.review_scene import ReviewScene

        if self.stack is None:
            return
        try:
            play, seed = entry.replay()
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
        title: Callable[[], str] = functools.partial(entry_text, entry)
        if entry.lesson:
            title = lesson_title
        typed = entry.typed if len(entry.typed) == config.players else ()
        scene = ReviewScene(play, seats, SeatNames(config, names, typed=typed), title=title, **self.review_options)
        self.stack.push(scene)

    def draw_content(self, surface: pygame.Surface) -> None:
        if not self.entries:
            blit_text(
                surface,
                _("The list of recent deals could not be read. It is kept aside when your next deal ends.")
                if self.unreadable
                else _("No deal played yet: each deal you finish is kept here for a review."),
                theme.FONT_BODY,
                theme.INK_SOFT,
                midtop=(640, PANEL.y + 200),
            )
        else:
            blit_text(
                surface,
                (
                    _("The last deal: click it to review it with the Hard bot.")
                    if len(self.entries) == 1
                    else _("The last {n} deals: click one to review it with the Hard bot.").format(n=len(self.entries))
                ),
                theme.FONT_SMALL,
                theme.INK_SOFT,
                midtop=(640, PANEL.y + 24),
            )
