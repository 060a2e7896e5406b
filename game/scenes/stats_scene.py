"""Statistics per variant and bot level, with a confirmed reset."""

from __future__ import annotations

import pygame

from game.i18n import N_, _, format_points
from game.rules.variants import Variant, variant_named
from game.scenes import theme
from game.scenes.menu_base import MenuPage
from game.scenes.menu_widgets import TextButton, blit_in_box, blit_text
from game.scenes.modal import ModalDialogScene, write_failed
from game.scenes.text import fitting_size, text_width
from game.stats import Record, record_name, record_order, split_key

# (header msgid, x of the column's right edge; the first column is left-aligned)
WIDE_PANEL = pygame.FRect(80, 116, 1120, 580)
COLUMNS = [
    (N_("Game"), 110),
    (N_("Games"), 430),
    (N_("Deals"), 505),  # what Avg. deal, Went out and Concealed count in (a game unfinished: Games 0)
    (N_("Wins"), 570),
    (N_("Win rate"), 660),
    (N_("Avg. deal"), 755),
    (N_("Best deal"), 850),
    (N_("Canastas N/M"), 975),
    (N_("Went out"), 1070),
    (N_("Concealed"), 1170),
]


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:.0f}%"


def _number(value: float | None) -> str:
    """A deal score as the score sheet writes it (4,080; -1,250)."""
    return "–" if value is None else format_points(round(value))


def _variant_of(key: str) -> Variant | None:
    return variant_named(split_key(key)[0])


def _has_concealed(key: str) -> bool:
    """Whether the record's game knows a concealed going out (not the Samba family nor Hand
    and Foot: V-SAMBA-OUT, V-HF-CONCEALED)."""
    variant = _variant_of(key)
    return variant is None or bool(variant.concealed_extra or variant.concealed_waiver)


def _counts_books(key: str) -> bool:
    """Whether the record's canastas are Hand and Foot's clean and dirty books."""
    variant = _variant_of(key)
    return variant is not None and variant.foot > 0


def _plays_alone(key: str) -> bool:
    """Whether the record's game has each player alone (two-hand, three-hand): its deal
    scores are the player's own, not a side's."""
    variant = _variant_of(key)
    return variant is not None and not variant.partnerships


def row_texts(key: str, record: Record) -> list[str]:
    return [
        record_name(key),
        str(record.games),
        str(record.deals),
        str(record.wins),
        _percent(record.win_rate),
        _number(record.average_deal),
        _number(record.best_deal),
        f"{record.canastas_natural}/{record.canastas_mixed}",
        str(record.went_out),
        str(record.concealed_outs) if _has_concealed(key) else "–",
    ]


def stats_note(keys: list[str], page: int, pages: int) -> str:
    """The note in one line (`note_parts` joined)."""
    return NOTE_GAP.join(note_parts(keys, page, pages))


NOTE_GAP = "  ·  "


def note_parts(keys: list[str], page: int, pages: int) -> list[str]:
    """The note under the table, for the records shown: whose deal scores they are (a side's,
    or the player's own in two-hand and three-hand), what N/M counts in Hand and Foot, what a
    "–" under Concealed means, the page."""
    alone = [_plays_alone(key) for key in keys]
    if alone and all(alone):  # two-hand, three-hand only: nobody shares the scores
        parts = [_("Deal scores are your own; N/M: natural/mixed canastas.")]
    elif any(alone):
        parts = [_("Deal scores are your side's (your own in two-hand and three-hand); N/M: natural/mixed canastas.")]
    else:
        parts = [_("Deal scores are your side's; N/M: natural/mixed canastas.")]
    if any(_counts_books(key) for key in keys):
        parts.append(_("In Hand and Foot: clean/dirty books."))
    if not all(_has_concealed(key) for key in keys):
        parts.append(_("Concealed –: no concealed going out in that game."))
    if pages > 1:
        parts.append(_("Page {page} of {pages}").format(page=page + 1, pages=pages))
    return parts


NOTE_WIDTH = WIDE_PANEL.width - 40
NOTE_SMALLEST = 13.0
NOTE_PITCH = 16.0  # a note of two lines (the longest: every kind of game on a page of several)


def note_size(note: str) -> float:
    """The note's size: small, smaller when the page's note is long."""
    return fitting_size(note, theme.FONT_SMALL, NOTE_WIDTH, smallest=NOTE_SMALLEST)


def note_lines(parts: list[str]) -> tuple[float, list[str]]:
    """The note's size and lines: one line, smaller when long; when even the smallest size is
    too wide, two lines broken between its parts (the first holding what fits)."""
    note = NOTE_GAP.join(parts)
    size = note_size(note)

    def fits(text: str) -> bool:
        return text_width(text, size) <= NOTE_WIDTH

    if fits(note):
        return size, [note]
    cut = max((n for n in range(1, len(parts)) if fits(NOTE_GAP.join(parts[:n]))), default=1)
    return size, [NOTE_GAP.join(parts[:cut]), NOTE_GAP.join(parts[cut:])]


ROWS = 12  # records a page (more pages: each variant and level, each person's name)
ROW_PITCH = 32
NAME_WIDTH = COLUMNS[1][1] - 72 - COLUMNS[0][1]  # the game's name, clear of "Games" and its figures
BUTTONS_UP = 96  # the buttons' top above the panel's bottom: room for the note under them


class StatsScene(MenuPage):
    title = N_("Statistics")
    panel = WIDE_PANEL

    def __init__(self, app) -> None:
        self.page = 0
        super().__init__(app)
        self.items.set_focus(self.back_widget)  # Enter leaves; Reset… is never the default

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.app.stats.records) // ROWS))

    def build(self) -> None:
        bottom = WIDE_PANEL.bottom - BUTTONS_UP  # (the note goes under the buttons, clear of them)
        self.page = min(self.page, self.pages - 1)
        if self.pages > 1:
            self.items.add(
                TextButton(
                    (120, bottom, 160, 46), N_("Previous page"), self.previous, primary=False, enabled=self.page > 0
                )
            )
        self.reset_button = TextButton(
            (640 - 345, bottom, 220, 46),
            N_("Reset…"),
            self.confirm_reset,
            primary=False,
            enabled=bool(self.app.stats.records),
        )
        self.items.add(self.reset_button)
        self.items.add(TextButton((640 - 110, bottom, 220, 46), N_("Recent deals"), self.recent_deals, primary=False))
        self.back_widget = TextButton((640 + 125, bottom, 220, 46), N_("Back"), self.back)
        self.items.add(self.back_widget)
        if self.pages > 1:
            self.items.add(
                TextButton(
                    (1000, bottom, 160, 46),
                    N_("Next page"),
                    self.next,
                    primary=False,
                    enabled=self.page < self.pages - 1,
                )
            )

    def previous(self) -> None:
        self.page = max(0, self.page - 1)
        self.rebuild()

    def next(self) -> None:
        self.page = min(self.pages - 1, self.page + 1)
        self.rebuild()

    def recent_deals(self) -> None:
        from game.scenes.recent_deals_scene import RecentDealsScene

        if self.stack is not None:
            self.stack.push(RecentDealsScene(self.app))

    def confirm_reset(self) -> None:
        if self.stack is None:
            return
        self.stack.push(
            ModalDialogScene(
                _("Reset statistics?"),
                _("Every game and deal counted so far will be forgotten."),
                [(_("Keep them"), None), (_("Reset"), self.reset)],
                cancel_index=0,
            )
        )

    def reset(self) -> None:
        try:
            self.app.stats.reset()
        except OSError as error:  # a full or read-only disk: nothing was forgotten
            if self.stack is not None:
                self.stack.push(write_failed(_("Statistics not reset"), error))
            return
        self.page = 0
        self.rebuild()

    def draw_content(self, surface: pygame.Surface) -> None:
        records = sorted(self.app.stats.records.items(), key=lambda item: record_order(item[0]))
        y = WIDE_PANEL.y + 30
        if not records:
            blit_text(
                surface, _("No games played yet."), theme.FONT_BODY, theme.INK_SOFT, midtop=(640, WIDE_PANEL.y + 200)
            )
            return
        for index, (header, x) in enumerate(COLUMNS):
            anchor = {"topleft": (x, y)} if index == 0 else {"topright": (x, y)}
            blit_text(surface, _(header), theme.FONT_SMALL, theme.INK_SOFT, bold=True, **anchor)
        y += 30
        shown = records[self.page * ROWS : (self.page + 1) * ROWS]
        for key, record in shown:
            for index, text in enumerate(row_texts(key, record)):
                x = COLUMNS[index][1]
                middle = y + ROW_PITCH / 2 - 3  # cells centred on the row by their ink: a shrunk name too
                anchor = {"midleft": (x, middle)} if index == 0 else {"midright": (x, middle)}
                size: float = theme.FONT_BODY
                if index == 0:  # a long game name (six-hand's, a person's) shrinks to its column
                    size = fitting_size(text, size, NAME_WIDTH, bold=True, smallest=13)
                blit_in_box(surface, text, size, theme.INK, bold=index == 0, **anchor)
            y += ROW_PITCH
        size, lines = note_lines(note_parts([key for key, _record in shown], self.page, self.pages))
        for row, line in enumerate(reversed(lines)):  # (from the bottom up)
            blit_text(surface, line, size, theme.INK_SOFT, midbottom=(640, self.panel.bottom - 8 - row * NOTE_PITCH))
