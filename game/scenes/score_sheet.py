"""End of a deal: the score sheet; end of the game: the winner and a new game.

One column per side: melds, cards left in hand, canastas, red threes, going
out, the deal's total and the running game score. Numbers count up when the
sheet opens (click or Space shows them at once).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import pygame

from game import assets
from game.hints import card_names
from game.i18n import N_, _, format_points, get_language
from game.native_memory import release_free_memory
from game.rules import Card
from game.rules.cards import sort_key
from game.scenes import table_facts, theme
from game.scenes.base import Scene
from game.scenes.layout import LOGICAL_SIZE, Ruler
from game.scenes.menu_widgets import TextButton
from game.scenes.shapes import cream_panel
from game.scenes.table_layout import BUTTONS
from game.scenes.table_source import TableSeats
from game.scenes.table_view import RED_INK
from game.scenes.text import blit_in_box, blit_text, fitting_size, one_line
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
    def settle_scores(self) -> None: ...


# The totals' lines, under each total's top (logical units): its label and numbers centred on
# it by their ink, where the numbers' ink lay when they hung from the top ("Game score"'s label
# sat 3 pixels above its larger digits).
DEAL_TOTAL_MIDDLE = 13.5
GAME_SCORE_MIDDLE = 16.5
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
# When the cards left in hand want more lines than the sheet has room for, the rows close up to
# ROW_CLOSE and the gap between the cards and the buttons below from HANDS_GAP to HANDS_GAP_CLOSE
# (Bolivia's and Hand and Foot's sheets are as tall as the window allows with one line a seat).
ROW_CLOSE = 24.0
HANDS_GAP, HANDS_GAP_CLOSE = 24, 12


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


def red_three_note(rules: Variant, result: DealResult) -> str:
    """Why a side's red threes count minus, beside the row when one does (a classic player met
    Samba's "Red threes -100" with no word why, play-test, stop 52): V-SAMBA-RED3 wants two
    canastas; R-SCORE, V-SIX-RED3 and V-HF-SCORE a meld. A msgid, or "" when none is minus."""
    if not any(side.red_threes < 0 for side in result.sides):
        return ""
    if rules.red_threes_need_canastas:
        return N_("minus without {n} canastas")
    return N_("minus without a meld")


REASONS = {
    "went-out": N_("{name} went out"),
    "stock-exhausted": N_("The stock ran out"),
    "last-red-three": N_("The last card was a red three"),
}


HAND_SIZE, HAND_SMALLEST = 16, 12  # the cards left in hand: their sizes, largest first
# A seat's cards shrink on one line to this size before they take a second, and lines of them
# are no larger: a line's box is 1.45 times its size high (Noto), so they stack clear of each
# other HAND_MORE_LINE apart.
HAND_WRAPPED = 14
HAND_MORE_LINE = 21  # logical units: each further line of a seat's cards
# The tallest the hands may make the sheet (the window's 720 less 8 at either edge); a sheet
# taller with one line a seat (Hand and Foot's, six-hand's) keeps one line a seat.
PANEL_MOST = 704

Measure = Callable[[str, float], float]  # (text, logical size) -> logical width


def logical_width(text: str, size: float) -> float:
    """`text_width` unremembered (the sheet measures many prefixes of many lines, once)."""
    return assets.font_for_text(text, round(size * 4)).size(text)[0] / 4


class HandLines(NamedTuple):
    lines: list[str]
    size: float
    complete: bool  # every card named (else the rest counted: "(+N more)")


def _hand_words(hand: list[Card], foot: list[Card], shown: int) -> list[str]:
    """The words of a seat's cards (the first `shown` named, the rest counted), each a place
    a line may break after: a card, "2 jokers", "(+N more)"."""
    words: list[str] = []
    left = shown
    for cards, label in ((hand, None), (foot, N_("foot: {cards}"))):
        if not cards:
            continue
        part = card_names(cards[: max(1, left)])
        if len(cards) > max(1, left):
            part.append(_("(+{n} more)").format(n=len(cards) - max(1, left)))
        if label is not None:  # ("foot: " before the first card, whatever the language puts after the last)
            before, _cards, after = _(label).partition("{cards}")
            part[0], part[-1] = before + part[0], part[-1] + after
        if words:
            words[-1] += " ·"
        words.extend(part)
        left -= len(cards)
    return words or [_("no cards")]


def _packed(words: list[str], size: float, room: float, measure: Measure) -> list[str]:
    lines: list[str] = []
    for word in words:
        if lines and measure(lines[-1] + " " + word, size) <= room:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def hand_lines(
    hand: list[Card], foot: list[Card], room: float, most: int = 1, measure: Measure = logical_width
) -> HandLines:
    """A seat's cards left at the end, and its foot if never picked up, in at most `most`
    lines of `room`: all of them at the largest size that fits, else as many as fit at the
    smallest with the rest counted (two-hand leaves thirty cards, Samba hands grow past forty);
    more than one line at HAND_WRAPPED or smaller."""
    words = _hand_words(hand, foot, len(hand) + len(foot))
    for size in range(HAND_SIZE, HAND_SMALLEST - 1, -1):
        lines = _packed(words, size, room, measure)
        fits = len(lines) == 1 or (len(lines) <= most and size <= HAND_WRAPPED)
        if fits and all(measure(line, size) <= room for line in lines):
            return HandLines(lines, size, True)
    shown = len(hand) + len(foot)
    while shown > 1:
        shown -= 1
        lines = _packed(_hand_words(hand, foot, shown), HAND_SMALLEST, room, measure)
        if len(lines) <= most and all(measure(line, HAND_SMALLEST) <= room for line in lines):
            break
    return HandLines(lines[:most], HAND_SMALLEST, False)


def lines_wanted(hand: list[Card], foot: list[Card], room: float, most: int) -> int:
    """How many lines (up to `most`) a seat's cards want: one while they fit it at
    HAND_WRAPPED or larger, else as few as show every card at that size."""
    for count in range(1, most + 1):  # (a twentieth spare: a window's whole-pixel font may come out wider)
        fit = hand_lines(hand, foot, room * 0.95, count)
        if fit.complete and fit.size >= HAND_WRAPPED:
            return count
    return most


def share_lines(wanted: list[int], spare: int) -> list[int]:
    """Each seat's lines: one, and the `spare` further lines given one at a time to the seat
    that lacks fewest (the first such seat on a tie): as many seats as can show every card."""
    lines = [1] * len(wanted)
    while spare > 0:
        lacking = [(want - have, seat) for seat, (want, have) in enumerate(zip(wanted, lines)) if want > have]
        if not lacking:
            break
        lines[min(lacking)[1]] += 1
        spare -= 1
    return lines


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
        self.red_three_note = red_three_note(table.config.rules, result)
        self._hands: tuple[tuple[str, float], list[HandLines]] | None = None  # ((language, scale), lines)
        self.row_h = min(30.0, ROWS_ROOM / len(self.rows))
        # Side names of five or six seats are long ("South-west, North & South-east").
        self.col_w = 170 if table.config.players <= 4 else (230 if sides == 2 else 210)
        rows_h = len(self.rows) * self.row_h - len(ROWS) * 30
        height = 446 + HANDS_GAP + rows_h + EXTRA_ROW + HAND_HEADER + HAND_LINE * len(self.left_in_hand)
        width = 300 + self.col_w * sides
        self.hand_room = width - 220  # (the cards' column: from the names' 140 to 40 short of the edge)
        # A seat whose cards do not fit one line takes further lines while the sheet has room
        # (two-hand showed 15 of 30 cards and "(+15 more)", play-test, stop 48).
        closing = len(self.rows) * max(0.0, self.row_h - ROW_CLOSE) + HANDS_GAP - HANDS_GAP_CLOSE
        spare = max(0, int((PANEL_MOST - height) // HAND_MORE_LINE))
        most = max(spare, int((PANEL_MOST - height + closing) // HAND_MORE_LINE))
        wanted = [
            1 if seat == self.sitting_out else lines_wanted(cards, self.feet.get(seat, []), self.hand_room, 1 + most)
            for seat, cards in self.left_in_hand
        ]
        if sum(wanted) - len(wanted) > spare and most > spare:  # (what closing up gives)
            self.row_h, height, spare = min(self.row_h, ROW_CLOSE), height - closing, most
        self.hand_line_counts = share_lines(wanted, spare)
        height += HAND_MORE_LINE * (sum(self.hand_line_counts) - len(self.hand_line_counts))
        self.panel = pygame.FRect(0, 0, width, height)
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
        # The table's Menu button stays in sight beside the sheet: a click on it opens the menu,
        # as Esc does (it looked live and did nothing, play-test, stop 58).
        self.table_menu_rect = pygame.FRect(BUTTONS["menu"])
        self._menu_pressed = False

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

    @property
    def red_three_words(self) -> str:
        """The red threes' note as the sheet shows it ("" when none counts minus)."""
        if not self.red_three_note:
            return ""
        return _(self.red_three_note).format(n=self.table.config.rules.red_threes_need_canastas)

    def _close(self) -> None:
        if self.stack is not None:
            self.stack.remove(self)

    def _export(self) -> None:
        from game.scenes.open_deal import export_deal_dialog

        if self.stack is not None:
            self.stack.push(export_deal_dialog(self.table.game, self.table.data_home))

    def _review(self) -> None:
        from game.scenes.review_scene import deal_review
        from game.seat_names import SeatNames

        table = self.table
        msgids = tuple(table.names[s] for s in range(table.config.players))
        names = SeatNames(table.config, msgids, typed=table.person_names)
        game = table.game
        if self.stack is not None:
            scene = deal_review(game, game.deal_number, table.people, names, table.in_lesson(), **self.review_options)
            self.stack.push(scene)

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
            self.table.settle_scores()  # the score panel counts in step: it ends with the sheet
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
        if self._table_menu_button(event):
            return True
        self.buttons.handle_event(event)
        return True  # modal

    def _table_menu_button(self, event: pygame.event.Event) -> bool:
        """Whether a left press or release was the table's Menu button's (outside the sheet);
        a release on it after a press on it opens the table's menu."""
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button != 1:
            return False
        on_it = self.table_menu_rect.collidepoint(event.pos) and not self.panel.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._menu_pressed = on_it
            return on_it
        pressed, self._menu_pressed = self._menu_pressed, False
        if pressed and on_it:
            self.table.open_menu()
        return pressed

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
            blit_in_box(  # (a margin between the columns; a shrunk name on the row's middle line, cut if need be)
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
            # Each row's label and numbers centred on its middle by their ink (a Chinese label
            # hung from the row's top sat lower than the digits beside it).
            middle = y + self.row_h / 2
            drawn = blit_in_box(surface, _(label), size, theme.INK, midleft=(col0, middle))
            if key == "red_threes" and self.red_three_note:
                self._note(surface, ruler, drawn, middle, first_col + col_w - 100)
            for side in range(sides):
                value = getattr(self.result.sides[side], key)
                self._number(surface, round(value * k), (first_col + side * col_w + col_w - 40, middle), size=size + 1)
            y += self.row_h
        pygame.draw.line(
            surface,
            theme.PANEL_BORDER,
            ruler.point((col0, y + 2)),
            ruler.point((panel.right - 40, y + 2)),
            max(1, ruler.px(1)),
        )
        y += 10
        middle = y + DEAL_TOTAL_MIDDLE
        blit_in_box(surface, _("This deal"), 18, theme.INK, bold=True, midleft=(col0, middle))
        for side in range(sides):
            total = self.result.sides[side].total
            self._number(surface, round(total * k), (first_col + side * col_w + col_w - 40, middle), bold=True)
        y += 34
        middle = y + GAME_SCORE_MIDDLE
        blit_in_box(surface, _("Game score"), 18, theme.INK, bold=True, midleft=(col0, middle))
        previous = self.table.game.state.scores
        for side in range(sides):
            score = previous[side] + (self.result.scores[side] - previous[side]) * k
            self._number(
                surface,
                round(score),
                (first_col + side * col_w + col_w - 40, middle),
                bold=True,
                size=22,
                color=theme.GOLD_DARK,
            )
        y += 44
        blit_text(surface, _("Left in hand"), 17, theme.INK, bold=True, topleft=(col0, y))
        y += HAND_HEADER - 4
        hands = zip(self.left_in_hand, self._hand_lines(ruler), self.hand_line_counts)
        for (seat, _cards), fit, line_count in hands:
            # Name and cards on one middle line, by their ink (cards shrunk to fit sat high when
            # both hung from the top).
            middle = y + HAND_LINE / 2
            name = self.table.seat_name(seat)  # (a person's name may be long: shrunk to its column, then cut)
            size = fitting_size(name, 16, 132, smallest=12)
            blit_in_box(surface, one_line(surface, name, size, 132), size, theme.INK_SOFT, midleft=(col0, middle))
            for index, line in enumerate(fit.lines):
                blit_in_box(surface, line, fit.size, theme.INK, midleft=(col0 + 140, middle + index * HAND_MORE_LINE))
            # The next seat follows the lines drawn: a second line given by `lines_wanted`'s
            # twentieth spare that the window's font did not need stayed blank under the cards
            # (Hand and Foot, a hand and a foot on one line at 1280x720, play-test, stop 59);
            # what is left over lies under the last seat, above the buttons.
            y += HAND_LINE + HAND_MORE_LINE * (min(line_count, len(fit.lines)) - 1)
        self.buttons.draw(surface)

    def _note(self, surface: pygame.Surface, ruler: Ruler, label: pygame.Rect, middle: float, right: float) -> None:
        """The red threes' note after their label, small and soft, on the row's `middle` line,
        shrunk to end short of the first column's numbers (`right`)."""
        text = self.red_three_words
        left = label.right / ruler.scale + 8
        size = fitting_size(text, 14, right - left, smallest=11)
        text = one_line(surface, text, size, right - left)
        blit_in_box(surface, text, size, theme.INK_SOFT, midleft=(left, middle))

    def _hand_lines(self, ruler: Ruler) -> list[HandLines]:
        """Each seat's lines of cards left and their size, in the lines the sheet gave it, measured
        once per language and window size in the window's whole-pixel fonts (at 800x450 a
        size-12 line of cards is drawn at 8 pixels, a fifteenth wider than its logical measure)."""
        key = (get_language(), ruler.scale)
        if self._hands is None or self._hands[0] != key:

            def measure(text: str, size: float) -> float:
                return assets.font_for_text(text, ruler.px(size)).size(text)[0] / ruler.scale

            fits = []
            for (seat, cards), most in zip(self.left_in_hand, self.hand_line_counts):
                if seat == self.sitting_out:
                    text = _("sat this deal out")
                    size = fitting_size(text, HAND_SIZE, self.hand_room, smallest=HAND_SMALLEST)
                    fits.append(HandLines([text], size, True))
                else:
                    fits.append(hand_lines(cards, self.feet.get(seat, []), self.hand_room, most, measure))
            self._hands = (key, fits)
        return self._hands[1]

    @staticmethod
    def _number(surface, value: int, midright, bold: bool = False, size: int = 18, color=None) -> None:
        ink = RED_INK if value < 0 else (color or theme.INK)
        blit_in_box(surface, format_points(value), size, ink, bold=bold, midright=midright)
