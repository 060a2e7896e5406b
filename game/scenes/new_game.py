"""New game: variant, target, each bot seat's level, an optional deal seed.
Start hands the choice to `app.on_start_game(config, seed, levels)`."""

from __future__ import annotations

import functools
import random

import pygame

from game.bots.base import LEVEL_NAMES
from game.i18n import N_, _
from game.rules import RulesConfig
from game.rules.variants import VARIANTS
from game.scenes import theme
from game.scenes.menu_base import PANEL, ROW_GAP, ROW_HEIGHT, MenuPage
from game.scenes.menu_widgets import Choice, NumberField, TextButton, blit_text
from game.scenes.names_page import NamesPage
from game.settings import MOST_SEATS

VARIANT_CHOICES = [(v.id, v.long_name) for v in VARIANTS if v.in_app]
TARGET_NAMES = {
    5000: N_("5000 points"),
    2500: N_("2500 points (short game)"),
    7500: N_("7500 points"),
    10000: N_("10000 points"),
    15000: N_("15000 points"),
}
DEALS = N_("{deals} deals (the higher total wins)")  # a game of a number of deals: no target
LEVEL_CHOICES = list(LEVEL_NAMES.items())
PERSON = "person"  # a seat played by a person at this computer (pass-and-play), not a bot
SEAT_CHOICES = [(PERSON, N_("Person")), *LEVEL_CHOICES]
SEAT_VALUES = frozenset(value for value, _name in SEAT_CHOICES)


def seats_at_level(saved: str, level: str) -> str:
    """The New game page's remembered seats (`Settings.new_game_seats`) with every bot at
    `level` and every person kept: `canasta --level hard` at the title."""
    seats = [PERSON, *("normal",) * (MOST_SEATS - 1)]
    for seat, value in enumerate(saved.split()[:MOST_SEATS]):
        if value in SEAT_VALUES:
            seats[seat] = value
    return " ".join(value if value == PERSON else level for value in seats)


def target_choices(variant: str) -> list[tuple[int, str]]:
    """What a game of `variant` is played to: its targets, or (Hand and Foot) its deals."""
    rules = RulesConfig.for_variant(variant).rules
    if rules.deals:
        return [(0, DEALS)]
    return [(t, TARGET_NAMES[t]) for t in rules.targets]


def seat_labels(variant: str) -> dict[int, str]:
    """Every seat of a variant as a translated row label (partner and opponent of seat 0)."""
    config = RulesConfig.for_variant(variant)
    labels = {0: _(config.rules.seat_names[0])}
    for seat in range(1, config.players):
        name = _(config.rules.seat_names[seat])
        if config.side_of(seat) == config.side_of(0):
            labels[seat] = _("{seat} (partner)").format(seat=name)
        else:
            labels[seat] = _("{seat} (opponent)").format(seat=name)
    return labels


ROW_X, ROW_W = PANEL.x + 60, PANEL.width - 120


class NewGameScene(MenuPage):
    title = N_("New game")

    def __init__(self, app, variant: str | None = None, target: int | None = None) -> None:
        """`variant` and `target`: the page's first choice; by default the last game started
        from it (the settings keep it), seats included."""
        last = app.settings.value
        self.variant = variant or last.new_game_variant
        targets = RulesConfig.for_variant(self.variant).rules.targets or (0,)  # (none: a game of deals)
        chosen = target if target is not None else last.new_game_target
        self.target = chosen if chosen in targets else targets[0]
        # Per seat: a bot level, or PERSON. One person is the usual game; several share the
        # computer (pass-and-play); none is "watch the bots".
        self.levels: dict[int, str] = {0: PERSON, **{seat: "normal" for seat in range(1, MOST_SEATS)}}
        if variant is None:
            for seat, level in enumerate(last.new_game_seats.split()[:MOST_SEATS]):
                if level in SEAT_VALUES:
                    self.levels[seat] = level
        self.seed_digits = ""
        super().__init__(app)

    def build(self) -> None:
        y = PANEL.y + 36
        # Six seats' rows, the seed's and the buttons fit the panel only a little closer.
        crowded = RulesConfig.for_variant(self.variant).players > 4
        height = ROW_HEIGHT - 4 if crowded else ROW_HEIGHT
        spacer = 0 if crowded else 12

        def row(widget):
            nonlocal y
            self.items.add(widget)
            y += height + ROW_GAP
            return widget

        row(Choice((ROW_X, y, ROW_W, height), N_("Game"), VARIANT_CHOICES, self.variant, self._set_variant))
        row(
            Choice(
                (ROW_X, y, ROW_W, height),
                N_("Play to"),
                target_choices(self.variant),
                self.target,
                self._set_target,
                value_args={"deals": RulesConfig.for_variant(self.variant).rules.deals},
            )
        )
        y += spacer
        for seat, label in seat_labels(self.variant).items():
            row(
                Choice(
                    (ROW_X, y, ROW_W, height),
                    label,
                    SEAT_CHOICES,
                    self.levels[seat],
                    functools.partial(self._set_seat, seat),
                )
            )
        y += spacer
        self.seed_field = row(NumberField((ROW_X, y, ROW_W, height), N_("Deal seed (optional)"), N_("random")))
        self.seed_field.digits = self.seed_digits
        bottom = PANEL.bottom - 36 - 50
        if len(self.people()) > 1:  # pass-and-play: the people's names, on a page of their own
            self.items.add(TextButton((640 - 345, bottom, 220, 50), N_("Start"), self.start))
            self.items.add(TextButton((640 - 110, bottom, 220, 50), N_("Names…"), self.open_names, primary=False))
            self.items.add(TextButton((640 + 125, bottom, 220, 50), N_("Back"), self.back, primary=False))
            return
        self.items.add(TextButton((640 - 230, bottom, 220, 50), N_("Start"), self.start))
        self.items.add(TextButton((640 + 10, bottom, 220, 50), N_("Back"), self.back, primary=False))

    def people(self) -> tuple[int, ...]:
        """The seats people play in the chosen variant."""
        players = RulesConfig.for_variant(self.variant).players
        return tuple(seat for seat in range(players) if self.levels[seat] == PERSON)

    def _set_seat(self, seat: int, level: str) -> None:
        several = len(self.people()) > 1
        self.levels[seat] = level
        if (len(self.people()) > 1) != several:  # the Names button comes or goes
            self.seed_digits = self.seed_field.digits
            self.rebuild()

    def open_names(self) -> None:
        if self.stack is not None:
            self.stack.push(NamesPage(self.app, self.variant, self.people()))

    def _set_variant(self, variant: str) -> None:
        self.variant = variant
        targets = RulesConfig.for_variant(variant).rules.targets or (0,)  # (no target: a game of deals)
        if self.target not in targets:
            self.target = targets[0]
        self.seed_digits = self.seed_field.digits
        self.rebuild()  # the bot seats differ per variant

    def _set_target(self, target: int) -> None:
        self.target = target

    def chosen(self) -> tuple[RulesConfig, int, tuple[str | None, ...]]:
        """(config, seed, levels per seat with None for the player)."""
        config = RulesConfig.for_variant(self.variant, self.target)
        seed = self.seed_field.value
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        levels = tuple(None if self.levels[seat] == PERSON else self.levels[seat] for seat in range(config.players))
        return config, seed, levels

    def start(self) -> None:
        """Start the chosen game; a game in progress is replaced only once the player says so."""
        self.replacing_the_saved_game(
            _("A game is in progress. Starting a new one replaces it; Continue on the title menu goes on with it."),
            _("New game"),
            self._start,
            over_the_lesson=_(
                "The guided first deal is in progress. Starting a new game replaces it; Continue on the title menu"
                " goes on with it."
            ),
        )

    def _start(self) -> None:
        config, seed, levels = self.chosen()
        settings = self.app.settings
        settings.set("new_game_variant", self.variant)
        settings.set("new_game_target", self.target)
        settings.set("new_game_seats", " ".join(self.levels[seat] for seat in sorted(self.levels)))
        self.app.on_start_game(config, seed, levels)

    def draw_content(self, surface: pygame.Surface) -> None:
        players = RulesConfig.for_variant(self.variant).players
        people = len(self.people())
        hint = _("Up/Down: move · Left/Right: change · Esc: back")
        if people != 1:
            note = (
                _("Watch the bots: every seat is a bot.")
                if people == 0
                else _(
                    "Pass-and-play: {n} people share this computer; a screen hides the table between their turns."
                ).format(n=people)
            )
            if players > 4:  # six seats' rows leave no room above the buttons: the note takes the keys' line
                blit_text(surface, note, theme.FONT_SMALL, theme.GOLD_DARK, midbottom=(640, PANEL.bottom - 8))
                return
            blit_text(surface, note, theme.FONT_SMALL, theme.GOLD_DARK, midbottom=(640, PANEL.bottom - 98))
        blit_text(surface, hint, theme.FONT_SMALL, theme.INK_SOFT, midbottom=(640, PANEL.bottom - 8))
