"""End of a deal: the score sheet; end of the game: the winner and a new game.

One column per side: melds, cards left in hand, canastas, red threes, going
out, the deal's total and the running game score. Numbers count up when the
sheet opens (click or Space shows them at once).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.hints import card_list
from game.i18n import N_, _, format_points, get_language
from game.native_memory import release_free_memory
from game.rules import Card
from game.rules.cards import sort_key
from game.scenes import table_facts, theme
from game.scenes.base import Scene
from game.scenes.layout import LOGICAL_SIZE, Ruler
from game.scenes.menu_widgets import TextButton
from game.scenes.shapes import cream_panel
from game.scenes.table_source import TableSeats
from game.scenes.table_view import RED_INK
from game.scenes.text import blit_text, fitting_size, one_line, text_width
from game.scenes.tween import Tween, ease_out_cubic
from game.scenes.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.rules import DealResult
    from game.rules.variants import Variant


class SheetTable(TableSeats, Protocol):
    """What the score sheet needs of the table."""

    on_menu: Callable[[], None] | None
    data_home: Path | None  # the app's data folder (None: storage.data_dir())

    @property
    def names(self) -> dict[int, str]: ...
    @property
    def person_names(self) -> tuple[str, ...]: ...
    @property
    def people(self) -> tuple[int, ...]: ...

    def next_deal(self) -> None: ...
    def new_game(self, seed: int | None = None) -> None: ...
    def in_lesson(self) -> bool: ...
    def open_menu(self) -> None: ...


HAND_HEADER = 30  # logical units: the "Left in hand" heading
HAND_LINE = 24  # one seat's cards
EXTRA_ROW = 56  # the row of "review" and "save as a file"

ROWS = (
    ("melds", N_("Melds")),
    ("hand", N_("Cards in hand")),
    ("canastas", N_("Canastas")),
    ("red_threes", N_("Red threes")),
    ("going_out", N_("Going out")),
)
# Every further bonus a result names (VARIANTS.md section 6), in the sheet's order.
EXTRA_ROWS = (
    ("feet", N_("Cards in feet")),
    ("sambas", N_("Sambas")),
    ("escaleras", N_("Escaleras")),
    ("bolivias", N_("Bolivias")),
    ("books_clean", N_("Clean books")),
    ("books_dirty", N_("Dirty books")),
    ("black_threes", N_("Black threes in hand")),
)
ROWS_ROOM = 210.0  # logical units for the rows: 30 each, closer when a variant names more


def sheet_rows(rules: Variant, result: DealResult) -> list[tuple[str, str]]:
    """The rows of a deal's sheet: RULES.md's five, less the canastas of a variant that
    has books instead; then every named bonus the variant scores (from its data) or the
    result holds."""
    scored = {
        "canastas": not rules.foot,
        "feet": rules.foot > 0,
        "sambas": rules.sequences and rules.sequence_name == "sambas",
        "escaleras": rules.sequences and rules.sequence_name == "escaleras",
        "bolivias": rules.wild_melds,
        "books_clean": rules.foot > 0,
        "books_dirty": rules.foot > 0,
        "black_threes": rules.black_three_penalty > 0,
    }
    rows = []
    for key, label in (*ROWS[:3], *EXTRA_ROWS, *ROWS[3:]):
        held = any(getattr(side, key) for side in result.sides)
        if scored.get(key, True) or held:
            rows.append((key, label))
    return rows


REASONS = {
    "went-out": N_("{name} went out"),
    "stock-exhausted": N_("The stock ran out"),
    "last-red-three": N_("The last card was a red three"),
}


HAND_SIZE, HAND_SMALLEST = 16, 12  # the cards left in hand: their sizes, largest first


def hand_text(hand: list[Card], foot: list[Card], room: float) -> str:
    """A seat's cards left at the end, and its foot if never picked up: all of them when
    they fit `room` at the smallest size, else as many as do with the rest counted (Samba
    hands grow past forty cards)."""

    def text(shown: int) -> str:
        parts, left = [], shown
        for cards, label in ((hand, None), (foot, N_("foot: {cards}"))):
            if not cards:
                continue
            part = card_list(cards[: max(1, left)])
            if len(cards) > max(1, left):
                part += " " + _("(+{n} more)").format(n=len(cards) - max(1, left))
            parts.append(part if label is None else _(label).format(cards=part))
            left -= len(cards)
        return " · ".join(parts) if parts else _("no cards")

    shown = len(hand) + len(foot)
    while shown > 1 and text_width(text(shown), HAND_SMALLEST) > room:
        shown -= 1
    return text(shown)


# The arrow keys move the focus to the button that lies that way (the review and export
# buttons sit above the way on, left and right): (dx, dy).
ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}


def quit_game() -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))


class ScoreSheetScene(Scene):
    opaque = False
    COUNT_SECONDS = 1.4

    def __init__(self, table: SheetTable, result: DealResult) -> None:
        super().__init__()
        self.review_options: dict[str, Any] = {}  # tests: a synchronous job_factory
        self.table = table
        self.result = result
        self.count = Tween(0.0, 1.0, self.COUNT_SECONDS, ease_out_cubic)
        sides = table.config.sides
        # Every hand as it stood when the deal ended, the opponents' face up at last (and a
        # foot never picked up, Hand and Foot).
        state = table.game.state
        hands = state.hands
        self.left_in_hand = [(seat, sorted(hands[seat], key=sort_key)) for seat in range(table.config.players)]
        self.feet = {seat: sorted(table_facts.foot(state, seat) or [], key=sort_key) for seat in range(len(hands))}
        self.sitting_out = table.game.state.out  # V-FIVE: this seat held no cards
        self.rows = sheet_rows(table.config.rules, result)
        self._hands: tuple[str, list[tuple[str, float]]] | None = None  # (language, lines)
        self.row_h = min(30.0, ROWS_ROOM / len(self.rows))
        # Side names of five or six seats are long ("South-west & North & South-east").
        self.col_w = 170 if table.config.players <= 4 else (230 if sides == 2 else 210)
        rows_h = len(self.rows) * self.row_h - len(ROWS) * 30
        height = 470 + rows_h + EXTRA_ROW + HAND_HEADER + HAND_LINE * len(self.left_in_hand)
        self.panel = pygame.FRect(0, 0, 300 + self.col_w * sides, height)
        self.panel.center = (LOGICAL_SIZE[0] / 2, LOGICAL_SIZE[1] / 2)
        self.buttons = WidgetGroup(arrow_keys=True)  # one focus ring for all: Tab reaches each
        bottom = self.panel.bottom - 64
        # The labels are msgids (TextButton), so a language switch from the menu over the sheet
        # shows on them at once, as on the rest of the sheet.
        self.export_button = TextButton(
            (self.panel.centerx + 8, bottom - EXTRA_ROW, 250, 40),
            N_("Save the deal as a file"),
            self._export,
            primary=False,
            font_size=17,
        )
        self.review_button = TextButton(
            (self.panel.centerx - 258, bottom - EXTRA_ROW, 250, 40),
            N_("Review this deal"),
            self._review,
            primary=False,
            font_size=17,
        )
        if not result.game_over:
            self.buttons.add(
                TextButton((self.panel.centerx - 100, bottom, 200, 44), N_("Next deal"), self._next_deal, primary=True)
            )
        else:
            self.buttons.add(
                TextButton((self.panel.centerx - 214, bottom, 200, 44), N_("New game"), self._new_game, primary=True)
            )
            if table.on_menu is not None:
                self.buttons.add(
                    TextButton((self.panel.centerx + 14, bottom, 200, 44), N_("Menu"), self._menu, primary=False)
                )
            else:
                self.buttons.add(
                    TextButton((self.panel.centerx + 14, bottom, 200, 44), N_("Quit"), quit_game, primary=False)
                )
        self.buttons.add(self.review_button)  # (after the way on: the first button is Enter's default)
        self.buttons.add(self.export_button)
        # The focus shows on the way on, which Enter presses (it showed nowhere: keyboard
        # play-test, stop 47); a click clears it, as on every page.
        self.buttons.set_focus(self.buttons.widgets[0])

    @property
    def title(self) -> str:
        result = self.result
        if result.tie:  # a game of a number of deals ended level (V-HF-SCORE)
            return _("The game ends in a tie")
        if result.winner is not None:
            if result.winner == self.table.human_side and len(self.table.people) == 1:
                return _("You win the game!") if not self.table.config.partnerships else _("We win the game!")
            if not self.table.config.partnerships:  # (a side of one: "East wins")
                return _("{name} wins the game").format(name=self.table.side_name(result.winner))
            return _("{side} win the game").format(side=self.table.side_name(result.winner))
        return _("Deal {n} is over").format(n=self.table.game.deal_number + 1)

    @property
    def subtitle(self) -> str:
        result = self.result
        text = _(REASONS.get(result.reason, result.reason))
        name = self.table.seat_name(result.went_out) if result.went_out is not None else ""
        text = text.format(name=name)
        if result.concealed:
            text += " " + _("(concealed)")
        deals = table_facts.deals_in_game(self.table.config)
        if deals and result.game_over:  # Hand and Foot: the higher total after the last deal
            text += " · " + _("after {n} deals the higher total wins").format(n=deals)
        if result.winner is not None:
            margin = table_facts.winning_margin(result.scores, result.winner)
            text += " · " + _("won by {points} points").format(points=format_points(margin))
        level = table_facts.level_past_target(self.table.config, result.scores)
        if level is not None and not result.game_over:  # R-GAME: a tie at the top plays on
            text += " · " + _("tied at {points} past the target: another deal decides").format(
                points=format_points(level)
            )
        return text

    def _close(self) -> None:
        if self.stack is not None:
            self.stack.remove(self)

    def _export(self) -> None:
        from game.scenes.open_deal import export_deal_dialog

        if self.stack is not None:
            self.stack.push(export_deal_dialog(self.table.game, self.table.data_home))

    def _review(self) -> None:
        from game.coach import lesson_title
        from game.review import deal_play
        from game.scenes.review_scene import ReviewScene
        from game.seat_names import SeatNames

        table = self.table
        msgids = tuple(table.names[s] for s in range(table.config.players))
        names = SeatNames(table.config, msgids, typed=table.person_names)
        game = table.game
        number = game.deal_number + 1

        def title() -> str:
            return _("Deal {n}").format(n=number)

        if table.in_lesson():
            title = lesson_title
        if self.stack is not None:
            self.stack.push(ReviewScene(deal_play(table.game), table.people, names, title=title, **self.review_options))

    def _next_deal(self) -> None:
        self._close()
        self.table.next_deal()
        release_free_memory()  # a quiet moment: the freed pages of the last deal go back

    def _menu(self) -> None:
        self._close()
        if self.table.on_menu is not None:  # the Menu button exists only then
            self.table.on_menu()

    def _new_game(self) -> None:
        self._close()
        self.table.new_game()
        release_free_memory()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.count.done and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.count.finish()
            if not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            chosen = self.buttons.focused or self.buttons.widgets[0]  # the focused button, else the way on
            assert isinstance(chosen, Button)
            chosen.click()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # The table's menu (keys, rules, settings, a new game, leaving), as at the table and
            # over the partner's question and the pass-and-play screen; Resume comes back here.
            self.table.open_menu()
            return True
        if event.type == pygame.KEYDOWN and event.key in ARROWS:
            if self.buttons.focused is None:  # (after a click) the arrows start at the way on
                self.buttons.set_focus(self.buttons.widgets[0])
            else:
                self.buttons.focus_toward(*ARROWS[event.key])
            return True
        self.buttons.handle_event(event)
        return True  # modal

    def update(self, dt: float) -> None:
        self.count.update(dt)
        self.buttons.update(dt)

    def at_rest(self) -> bool:
        return self.count.done  # (the totals counted up)

    def draw(self, surface: pygame.Surface) -> None:
        ruler = Ruler.of(surface)
        surface.fill((120, 120, 120), special_flags=pygame.BLEND_RGB_MULT)
        panel = self.panel
        cream_panel(surface, ruler.rect(panel), ruler, 8)
        blit_text(surface, self.title, 30, theme.INK, bold=True, midtop=(panel.centerx, panel.y + 22))
        subtitle = self.subtitle  # (with the margin of a won game it may need a smaller size)
        size = fitting_size(subtitle, 17, panel.width - 60, smallest=13)
        blit_text(surface, subtitle, size, theme.INK_SOFT, midtop=(panel.centerx, panel.y + 64))
        pygame.draw.line(
            surface,
            theme.GOLD,
            ruler.point((panel.x + 40, panel.y + 96)),
            ruler.point((panel.right - 40, panel.y + 96)),
            max(1, ruler.px(2)),
        )
        k = self.count.value
        sides = self.table.config.sides
        col0 = panel.x + 40
        col_w = self.col_w
        first_col = panel.x + 290
        y = panel.y + 112
        for side in range(sides):
            name = self.table.side_name(side)
            size = fitting_size(name, 18, col_w - 16, bold=True, smallest=12)
            blit_text(  # (a margin between the columns; a shrunk name on the row's middle line, cut if need be)
                surface,
                one_line(surface, name, size, col_w - 16, bold=True),
                size,
                theme.INK,
                bold=True,
                center=(first_col + side * col_w + col_w / 2 - 20, y + 12),
            )
        y += 36
        size = 17 if self.row_h >= 30 else 16
        for key, label in self.rows:
            blit_text(surface, _(label), size, theme.INK, topleft=(col0, y))
            for side in range(sides):
                value = getattr(self.result.sides[side], key)
                self._number(surface, round(value * k), (first_col + side * col_w + col_w - 40, y), size=size + 1)
            y += self.row_h
        pygame.draw.line(
            surface,
            theme.PANEL_BORDER,
            ruler.point((col0, y + 2)),
            ruler.point((panel.right - 40, y + 2)),
            max(1, ruler.px(1)),
        )
        y += 10
        blit_text(surface, _("This deal"), 18, theme.INK, bold=True, topleft=(col0, y))
        for side in range(sides):
            total = self.result.sides[side].total
            self._number(surface, round(total * k), (first_col + side * col_w + col_w - 40, y), bold=True)
        y += 34
        blit_text(surface, _("Game score"), 18, theme.INK, bold=True, topleft=(col0, y))
        previous = self.table.game.state.scores
        for side in range(sides):
            score = previous[side] + (self.result.scores[side] - previous[side]) * k
            self._number(
                surface,
                round(score),
                (first_col + side * col_w + col_w - 40, y),
                bold=True,
                size=22,
                color=theme.GOLD_DARK,
            )
        y += 44
        blit_text(surface, _("Left in hand"), 17, theme.INK, bold=True, topleft=(col0, y))
        y += HAND_HEADER - 4
        room = panel.right - 40 - (col0 + 140)
        for (seat, _cards), (text, line_size) in zip(self.left_in_hand, self._hand_lines(room)):
            # Name and cards on one middle line (cards shrunk to fit sat high when both hung from the top).
            middle = y + HAND_LINE / 2 - 1
            name = self.table.seat_name(seat)  # (a person's name may be long: shrunk to its column, then cut)
            size = fitting_size(name, 16, 132, smallest=12)
            blit_text(surface, one_line(surface, name, size, 132), size, theme.INK_SOFT, midleft=(col0, middle))
            blit_text(surface, text, line_size, theme.INK, midleft=(col0 + 140, middle))
            y += HAND_LINE
        self.buttons.draw(surface)

    def _hand_lines(self, room: float) -> list[tuple[str, float]]:
        """Each seat's line of cards left and its size, measured once per language."""
        language = get_language()
        if self._hands is None or self._hands[0] != language:
            lines = []
            for seat, cards in self.left_in_hand:
                text = hand_text(cards, self.feet.get(seat, []), room)
                if seat == self.sitting_out:
                    text = _("sat this deal out")
                lines.append((text, fitting_size(text, HAND_SIZE, room, smallest=HAND_SMALLEST)))
            self._hands = (language, lines)
        return self._hands[1]

    @staticmethod
    def _number(surface, value: int, topright, bold: bool = False, size: int = 18, color=None) -> None:
        ink = RED_INK if value < 0 else (color or theme.INK)
        blit_text(surface, format_points(value), size, ink, bold=bold, topright=topright)
