"""The table's panels: the hint, the refusal of a move and the last message (a note), where
each lies so that it covers no meld, and how each is drawn.

`TablePanels` is a section of the table's view with its own drawing (`draw`, called by the
view after the cards and labels, with `DrawnPieces`: what the view drew that the panels keep
clear of) and its own input (`refusal_hit`: a click on the refusal opens the rule). It reads
the table through `PanelsSource`, a small protocol, never the view or the scene (no import
circle), and changes nothing it reads. Rendered panels and their measured sizes are kept
until what they show, the language or the scale changes.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple, Protocol

import pygame

from game import assets
from game.i18n import _, get_language
from game.scenes import theme
from game.scenes.layout import LOGICAL_SIZE, Ruler, box_middle
from game.scenes.shapes import fading_panel, rounded_panel
from game.scenes.table_layout import (
    BAND_MIN_W,
    BUTTONS,
    HAND_RECT,
    HAND_Y,
    LOG_PANEL,
    MESSAGE_TOP,
    PANEL_GAP,
    PANEL_LEFT,
    PANEL_MARGIN,
    PANEL_TOP_MIN,
    PANEL_WIDTHS,
    RAISE,
    SCORE_PANEL,
    STAGE_PANEL,
    STATUS_RECT,
    PanelSpot,
    card_h,
    free_place,
    free_places,
    meld_footprint,
    pile_rect,
    place_panel,
    stock_rect,
)
from game.scenes.table_source import TableSeats, TableStatus
from game.scenes.text import ink_placed, line_height, render_lines, text_image, wrap_text

if TYPE_CHECKING:
    from game.rules import Card
    from game.scenes.hand_state import HandUI
    from game.scenes.table_input import HandController
    from game.scenes.table_layout import TableGeometry, TableLayout
    from game.why_not import Refusal

HINT_INK = pygame.Color(20, 96, 120)
REFUSAL_FILL = pygame.Color(150, 40, 36)
PREVIEW_SECONDS = 1.0  # (a drag's preview shows whole while it lasts: `_said`)
MESSAGE_WIDTH = 640  # logical width of the refusal / hint panels (their usual place)
PEEK_ALPHA = 0.25  # a panel covering part of a meld, under the pointer
# The refusal's chip ("Rule R-TAKE · Why not? ..."): this far from the panel's right edge,
# and its text at most the panel's width less these margins (the panel's text margin at the
# left, the chip's padding, CHIP_RIGHT)
CHIP_RIGHT = 14
CHIP_MARGINS = 16 + 2 * 8 + CHIP_RIGHT
CHIP_SIZE = 13  # its text's (bold)
HINT_SPACING = 1.25  # the hint's lines (their pitch, a multiple of the font's height)
FOOT_SPACING = 1.15  # its foot's


class PanelsSource(TableSeats, TableStatus, Protocol):
    """What the panels read of the table: the game from the player's seat, what it says
    (the message, the refusal, the hint), and where things lie (the layout, an open log or
    pile browser, the coach's panel, the pointer)."""

    log_open: bool
    pile_open: bool
    layout: TableLayout
    geometry: TableGeometry
    mouse: HandController
    covered: pygame.FRect | None  # logical: a panel lying over part of the table (the coach's)

    @property
    def ui(self) -> HandUI: ...
    @property
    def seen_pile(self) -> list[Card]: ...  # the pile as it is seen (its browser's size)
    def pile_place(self) -> pygame.FRect: ...  # where the open pile browser lies


class DrawnPieces(NamedTuple):
    """What the view drew that the panels keep clear of (logical), as last drawn."""

    seats: list[pygame.FRect]  # the other seats' tags and lines (last actions)
    pile_states: list[pygame.FRect]  # FROZEN, BLOCKED ... by the pile
    tabs: list[pygame.FRect]  # the meld areas' tabs


class PanelPlace(NamedTuple):
    """Where the hint or the message panel lies (logical), and whether in its short form
    (without the hint's last line of help, or the refusal's explanation)."""

    rect: pygame.FRect
    short: bool
    room: float  # the width it was given (a note is as wide as its lines)
    covering: bool = False  # no place was free: it covers part of a meld (see through it under the pointer)


class HintLines(NamedTuple):
    """The hint panel's text (its font, its lines) and its foot (none in the short form)."""

    body: tuple[pygame.font.Font, list[str]]
    foot: tuple[pygame.font.Font, list[str]] | None


def _block_height(font: pygame.font.Font, lines: list[str], spacing: float) -> int:
    """The height of `lines` as `render_lines` renders them (1 pixel for none)."""
    return max(1, line_height(font, spacing) * (len(lines) - 1) + font.get_height() if lines else 0)


def _whole_pixels(ruler: Ruler, width: float) -> int:
    """A panel's width in pixels, never wider than `width` (logical): rounded up, a panel
    the band right of the pile fitted exactly reached over the window's margin at 800x450
    (508 units, 317.5 pixels) and the band was lost."""
    return max(1, math.floor(width * ruler.scale + 1e-6))


class TablePanels:
    """The hint, refusal and message panels: placed clear of the melds, drawn, clicked."""

    def __init__(self, table: PanelsSource) -> None:
        self.table = table
        # The last refusal, note and hint panels rendered (per kind: its key, the surface):
        # redrawn only when what it shows, the language or the scale changes; two may show at once.
        self._panels: dict[object, tuple[tuple, pygame.Surface]] = {}
        self._sizes: dict[tuple, tuple[float, float]] = {}  # the panels' sizes, by what they show and width
        self._scale = 1.0  # the last canvas's scale (refusal_rect places the banner as drawn)
        self._drawn = DrawnPieces([], [], [])  # what the view drew, as last drawn
        self.boxes: dict[str, pygame.Rect] = {}  # the hint and message panels, as drawn (pixels)
        self._preview: tuple[tuple[object, str], tuple[str, float, bool]] | None = None  # (a verdict, its words)
        self._words: tuple[Refusal, str, str, str | None] | None = None  # (a refusal, language, headline, explanation)

    def _cached_panel(self, key: tuple, render) -> pygame.Surface:
        kept = self._panels.get(key[0])
        if kept is None or kept[0] != key:
            kept = self._panels[key[0]] = (key, render())
        return kept[1]

    def draw(self, surface: pygame.Surface, ruler: Ruler, drawn: DrawnPieces) -> None:
        """The hint (while one is open), and the last message or refusal (beside the hint where
        there is room): a refused move is always said, also while a hint (or the guided
        deal's) is showing. Where each lies: panel_places, clear of `drawn` too."""
        self.boxes = {}
        self._scale = ruler.scale
        self._drawn = drawn
        hint_place, message_place = self._places(ruler)
        message, refusal, _preview = self._said()
        alpha = 0.0 if message is None else max(0.0, min(1.0, message[1] / 0.5))
        if hint_place is not None:
            over = message_place is not None and message_place.rect.colliderect(hint_place.rect)
            if not over or alpha < 1.0:  # (under a message lying over it, it shows as that fades)
                self.boxes["hint"] = self._hint_panel(surface, ruler, hint_place, self._peek(hint_place))
        if message is None or message_place is None:
            return
        alpha *= self._peek(message_place)
        text, _remaining, warn = message
        if refusal is not None:
            self.boxes["refusal"] = self._refusal_panel(surface, ruler, alpha, message_place)
            return
        key = ("note", text, warn, get_language(), ruler.scale, message_place.room)  # (a few seconds of frames)
        block = self._cached_panel(key, lambda: self._note_block(ruler, text, warn, message_place.room))
        box = block.get_rect().inflate(ruler.px(32), ruler.px(16))
        box.topleft = ruler.point(message_place.rect.topleft)
        fill = REFUSAL_FILL if warn else theme.CREAM
        fading_panel(surface, block, box, ruler.px(12), fill, theme.GOLD, alpha)
        self.boxes["message"] = box

    def _said(self) -> tuple[tuple[str, float, bool] | None, Refusal | None, bool]:
        """The message and the refusal the panels show, and whether they are a drag's
        preview: while cards are dragged over a target that would refuse them, what letting
        go there would say (TableScene.refused_drop, PlayerMoves.verdict), in the refusal's
        place, over the last message; else the last message and refusal."""
        table = self.table
        verdict = table.refused_drop()
        if verdict is None:
            return table.message, table.refusal, False
        key = (verdict, get_language())
        if self._preview is None or self._preview[0] != key:  # (a frame asks many times: said once)
            if verdict.refusal is not None:
                said = (verdict.refusal.headline(), PREVIEW_SECONDS, True)
            else:  # (the coach's: red, as on letting go)
                said = (verdict.reason(table) or "", PREVIEW_SECONDS, verdict.warn)
            self._preview = (key, said)
        return self._preview[1], verdict.refusal, True

    def _peek(self, place: PanelPlace) -> float:
        """How opaque a panel is: one covering part of a meld (a table too crowded for any
        free place) lets it show through while the pointer rests on it."""
        return PEEK_ALPHA if place.covering and place.rect.collidepoint(self.table.mouse.pointer) else 1.0

    def message_width(self) -> float:
        """The refusal and hint panels' usual width: narrower while the move log or the pile
        browser is open, so they fit between it and the score panel (none hides another)."""
        if self.table.log_open or self.table.pile_open:
            return min(MESSAGE_WIDTH, LOG_PANEL.left - SCORE_PANEL.right - 24)
        return MESSAGE_WIDTH

    def panel_top(self) -> tuple[float, float]:
        """The hint panel's (or, with none, the message and refusal panels') usual place
        (logical midtop): over the opponents' side of the table, between the score panel and
        the move log or the pile browser while one is open."""
        x, y = MESSAGE_TOP
        if self.table.log_open or self.table.pile_open:
            x = min(x, LOG_PANEL.left - 12 - self.message_width() / 2)
        return x, y

    # -- where the hint and the message lie ----------------------------------------------
    def panel_places(self, ruler: Ruler | None = None) -> tuple[pygame.FRect | None, pygame.FRect | None]:
        """Where the hint panel and the message (or refusal) panel lie (logical), None for one
        not showing (see `_places`)."""
        hint, message = self._places(ruler or Ruler(self._scale))
        return (hint.rect if hint else None), (message.rect if message else None)

    def _places(self, ruler: Ruler) -> tuple[PanelPlace | None, PanelPlace | None]:
        """Where the hint panel and the message (or refusal) panel lie. Each takes the first
        of `panel_spots` that covers no meld (nor its label), red three, new-meld cell or
        area tab: the usual place over the opponents' side while no meld lies there, so a
        player reads a hint or a rule with every meld in sight (they covered the opponents'
        melds, play-test, stop 44); the message goes under the hint or beside it, whole or
        short, else beside the hint's short form, and only where none of that fits where it
        would go with no hint, over the hint (it lasts a few seconds, the hint shows again as
        it fades). Where neither fits whole, its short form (without the hint's last line of
        help, or the refusal's explanation: a click shows the rule); where that does not fit
        either (a crowded table), the short form where it covers least. Neither ever covers
        the stock, the pile, the hand, the turn's instruction, the seats, the buttons, an open
        log or pile browser, or (but for a message over the hint, which then hides) the other
        panel."""
        table = self.table
        hard, soft = self._panel_obstacles()
        spots = self.panel_spots(hard)
        hint = None
        if table.hint is not None:

            def hint_size(width: float, short: bool) -> tuple[float, float]:
                return self._hint_size(ruler, width, short)

            hint = self._own_place(hint_size, spots, hard, soft)
        message, refusal, _preview = self._said()
        if message is None:
            return hint, None

        def size(width: float, short: bool) -> tuple[float, float]:
            if refusal is not None:
                return self._refusal_size(ruler, width, short)
            return self._note_size(ruler, message[0], width)

        if hint is None:
            return hint, self._own_place(size, spots, hard, soft)
        # Both in sight where they can be: the message beside the hint, whole or short; else
        # beside the hint's short form, where the hint is or where else it fits (whole again
        # once the message is gone); only then over the hint, for the message's few seconds.
        shorter = (
            PanelPlace(rect, True, width)
            for rect, width in free_places(lambda width: hint_size(width, True), spots, hard, soft)
        )
        for shown in [hint, *shorter]:
            under, beside = self._beside_hint(shown, spots, hard)
            place = self._first_free(size, [(False, under, beside), (True, under, beside)], soft)
            if place is not None:
                return shown, place
        # Else its place as if no hint showed, over the hint, before it covers a meld: a
        # six-hand refusal lay over three of our melds, in full, while its short form fitted
        # in the band right of the pile where the hint was (play-test, stop 44).
        return hint, self._own_place(size, spots, hard, soft)

    def _own_place(
        self, size, spots: list[PanelSpot], hard: list[pygame.FRect], soft: list[pygame.FRect]
    ) -> PanelPlace:
        """A panel's place as if it were alone: the first free spot, whole, then short; else
        the place covering least."""
        place = self._first_free(size, [(False, spots, hard), (True, spots, hard)], soft)
        return place or self._fallback(size, spots, hard, soft)

    @staticmethod
    def _beside_hint(
        hint: PanelPlace, spots: list[PanelSpot], hard: list[pygame.FRect]
    ) -> tuple[list[PanelSpot], list[pygame.FRect]]:
        """The message's spots beside the hint (under it first), and what it keeps clear of."""
        shown = hint.rect
        under = [("midtop", (shown.centerx, shown.bottom + PANEL_GAP), (shown.width,)), *spots]
        return under, [*hard, shown.inflate(4, 4)]

    @staticmethod
    def _first_free(size, attempts, soft: list[pygame.FRect]) -> PanelPlace | None:
        """The first place of `attempts` (short form or not, spots, what it must not cover)
        clear of `soft` too."""
        for short, spots, hard in attempts:
            found = free_place(lambda width, short=short: size(width, short), spots, hard, soft)
            if found is not None:
                return PanelPlace(found[0], short, found[1])
        return None

    def _fallback(self, size, spots: list[PanelSpot], hard: list[pygame.FRect], soft: list[pygame.FRect]) -> PanelPlace:
        """The place covering least (`place_panel`), in the short form (no taller than the
        full one at any spot, so it covers no more of the melds): least of our own melds and
        new-meld cell first (where the player's cards go: on a crowded Bolivia
        table the hint lay over our tab, the new-meld cell and the tops of our runs while it
        could have covered a corner of the others' melds, play-test), then least of the rest
        (our tab among them: a panel touching it covers no card)."""
        area = self.table.geometry.meld_areas[self.table.human_side]
        ours = [rect for rect in soft if rect.colliderect(area) and rect not in self._drawn.tabs]
        rect, width = place_panel(lambda width: size(width, True), spots, hard, soft, ours)
        return PanelPlace(rect, True, width, covering=True)

    def panel_spots(self, hard: list[pygame.FRect] | None = None) -> list[PanelSpot]:
        """Where the hint and refusal panels may lie, in order (an anchor, its point, the
        widths to try): the usual place over the opponents' side; the right of the
        opponents' area, beside their melds; the right of our area, beside our melds and
        above the hand; the band right of the pile, between the two areas."""
        table = self.table
        geometry = table.geometry
        usual = self.message_width()
        widths = (usual, *[width for width in PANEL_WIDTHS if width < usual])
        ours = geometry.meld_areas[table.human_side]
        others = [area for side, area in geometry.meld_areas.items() if side != table.human_side]
        right = LOGICAL_SIZE[0] - PANEL_MARGIN
        if table.log_open or table.pile_open:
            right = min(right, LOG_PANEL.left - 12)
        if table.covered is not None:
            right = min(right, table.covered.left - 12)
        cell = table.layout.new_meld_rect
        our_right = min(right, cell.left - 10 if cell is not None else ours.right - 6)
        spots: list[PanelSpot] = [
            ("midtop", self.panel_top(), (usual,)),
            ("topright", (min(right, max(area.right for area in others) - 6), min(a.top for a in others) + 6), widths),
            ("topright", (our_right, ours.top + 12), widths),
        ]
        band_left = BUTTONS["pile"][0] + BUTTONS["pile"][2] + 10
        band_top = max(area.bottom for area in others) + 6
        for tab in self._drawn.tabs:  # under the opponents' tabs beside the band
            if tab.bottom < ours.top and tab.right > band_left:
                band_top = max(band_top, tab.bottom + 4)
        # ... under the pile's states (FROZEN, BLOCKED ...) or right of them, as far right as
        # the seats there leave free (East's fan, a column of blocks)
        hard = self._panel_obstacles()[0] if hard is None else hard
        states = [rect for rect in self._drawn.pile_states if rect.right > band_left]
        corners = [(band_left, max([band_top, *[rect.bottom + 6 for rect in states]]))]
        if states:
            corners.append((max(rect.right for rect in states) + 10, band_top))
        for left, top in corners:
            band = pygame.FRect(left, top, right - left, ours.top - top)
            end = min([right, *[rect.left - 10 for rect in hard if rect.colliderect(band) and rect.left > left]])
            if end - left >= BAND_MIN_W:
                spots.append(("topleft", (left, top), (end - left,)))
        return spots

    def _panel_obstacles(self) -> tuple[list[pygame.FRect], list[pygame.FRect]]:
        """What the hint and refusal panels keep clear of (logical). Hard, always: the stock
        and its count, the pile and its button, the hand (a card raised), the turn's
        instruction and the staging panel, every button, the other seats (tags, last actions
        as last drawn, fans, feet), the left column, the top strip (North), an open log or
        pile browser, the coach's panel. Soft, covered
        only when no place is clear of them: every meld with its label, the red threes and
        theirs, the new-meld cell, the areas' tabs."""
        table = self.table
        layout = table.layout
        stock = stock_rect(table.config.rules.packs)
        stock.height += 22
        hand_top = HAND_Y - RAISE - card_h(table.geometry.hand_w) / 2 - 4
        width, height = LOGICAL_SIZE
        hard = [
            stock,
            pile_rect(),
            pygame.FRect(HAND_RECT.x, hand_top, HAND_RECT.width, height - hand_top),
            STATUS_RECT,
            pygame.FRect(0, 0, PANEL_LEFT, height),
            pygame.FRect(width - PANEL_MARGIN, 0, PANEL_MARGIN, height),
            pygame.FRect(0, 0, width, PANEL_TOP_MIN),
        ]
        hard += [pygame.FRect(rect) for name, rect in BUTTONS.items() if name not in ("confirm", "cancel")]
        hard += self._drawn.pile_states
        hard += self._drawn.seats
        st = table.game.state
        feet = getattr(st, "feet", None) or [None] * len(st.hands)
        for seat, hand in enumerate(st.hands):  # the other seats' fans and feet
            if seat == table.human:
                continue
            for card in [*hand, *(feet[seat] or [])]:
                place = layout.placements.get(card)
                if place is not None and place.visible:
                    hard.append(place.rect())
        if table.ui.staged:
            hard.append(STAGE_PANEL)
        if table.log_open:
            hard.append(LOG_PANEL)
        if table.pile_open:
            hard.append(table.pile_place())
        if table.covered is not None:
            hard.append(pygame.FRect(table.covered))
        soft = [meld_footprint(slot) for slot in layout.meld_slots]
        for cards in table.game.state.red_threes:
            for card in cards:
                place = layout.placements.get(card)
                if place is not None:
                    soft.append(place.rect())
        for x, y in layout.red_three_spots.values():
            soft.append(pygame.FRect(x - 44, y - 11, 88, 22))
        if layout.new_meld_rect is not None:
            soft.append(layout.new_meld_rect)
        soft.extend(self._drawn.tabs)
        return hard, soft

    # -- "why not?" and hints ------------------------------------------------------------
    def _sized(self, key: tuple, measure) -> tuple[float, float]:
        """A panel's logical size, remembered (placing one may measure a few widths a frame)."""
        size = self._sizes.get(key)
        if size is None:
            if len(self._sizes) > 256:
                self._sizes.clear()
            size = self._sizes[key] = measure()
        return size

    @staticmethod
    def _note_lines(ruler: Ruler, text: str, width: float) -> tuple[pygame.font.Font, list[str]]:
        """A note's font and its lines in a panel at most `width` wide."""
        font = assets.font_for_text(text, ruler.px(16), True)
        return font, wrap_text(text, font, ruler.px(min(560.0, width - 32)))

    def _note_block(self, ruler: Ruler, text: str, warn: bool, width: float) -> pygame.Surface:
        font, lines = self._note_lines(ruler, text, width)
        return render_lines(lines, font, theme.CREAM if warn else theme.INK, "center", 1.2)

    def _note_size(self, ruler: Ruler, text: str, width: float) -> tuple[float, float]:
        """A note's panel at most `width` wide: as wide as its lines."""

        def measure() -> tuple[float, float]:
            font, lines = self._note_lines(ruler, text, width)
            w = max((font.size(line)[0] for line in lines), default=1)
            h = line_height(font, 1.2) * (len(lines) - 1) + font.get_height() if lines else 1
            return (max(1, w) + ruler.px(32)) / ruler.scale, (max(1, h) + ruler.px(16)) / ruler.scale

        return self._sized(("note", text, get_language(), ruler.scale, width), measure)

    def _refusal_parts(
        self, ruler: Ruler, width: float, short: bool = False
    ) -> tuple[list[tuple[pygame.font.Font, list[str], pygame.Color]], str]:
        """The reason, the rule's explanation (not in the short form), the footer."""
        _message, refusal, preview = self._said()
        assert refusal is not None
        inner = ruler.px(width - 32)
        reason = refusal.headline()
        bold = assets.font_for_text(reason, ruler.px(16), True)
        parts = [(bold, wrap_text(reason, bold, inner), theme.CREAM)]
        if preview:  # (a drag over a target that refuses it: nothing refused yet, said so)
            lead = _("Let go here and it is refused:")
            small = assets.font_for_text(lead, ruler.px(13), True)
            parts.insert(0, (small, wrap_text(lead, small, inner), pygame.Color(246, 214, 200)))
        explanation = refusal.explanation()
        if explanation and not short and not preview:
            font = assets.font_for_text(explanation, ruler.px(14))
            parts.append((font, wrap_text(explanation, font, inner), pygame.Color(246, 214, 200)))
        footer = ""
        if refusal.rule and preview:
            footer = _("Rule {rule}").format(rule=refusal.shown_rule())
        elif refusal.rule:
            footer = _("Rule {rule} · Why not? Click or [?]").format(rule=refusal.shown_rule())
        return parts, footer

    @staticmethod
    def _refusal_chip(ruler: Ruler, width: float, footer: str) -> tuple[pygame.font.Font, list[str], pygame.Rect]:
        """The footer's chip in a refusal `width` wide: its font, its lines and its size
        (pixels). One line where it fits beside the panel's margins, else the rule and the
        way to it on lines of their own (in a narrow place it was cut at its left end:
        'e V-SAMBA-MELDS · Why not?...', play-test, stop 44)."""
        font = assets.font_for_text(footer, ruler.px(CHIP_SIZE), True)
        room = ruler.px(width - CHIP_MARGINS)
        lines = [footer]
        if font.size(footer)[0] > room:
            lines = [line for piece in footer.split(" · ") for line in wrap_text(piece.strip(), font, room)]
        text_w = max(font.size(line)[0] for line in lines)
        text_h = line_height(font, 1.1) * (len(lines) - 1) + font.get_height()
        return font, lines, pygame.Rect(0, 0, text_w + 2 * ruler.px(8), text_h + ruler.px(4))

    def _refusal_pixels(self, ruler: Ruler, width: float, short: bool = False) -> tuple[int, int]:
        parts, footer = self._refusal_parts(ruler, width, short)
        height = ruler.px(10)  # (the first line's top, as drawn)
        for font, lines, _color in parts:
            height += line_height(font, 1.2) * (len(lines) - 1) + font.get_height() + ruler.px(4)
        if footer:
            font, lines, _chip = self._refusal_chip(ruler, width, footer)
            height += ruler.px(26) + line_height(font, 1.1) * (len(lines) - 1)
        return _whole_pixels(ruler, width), height + ruler.px(8)

    def _refusal_size(self, ruler: Ruler, width: float, short: bool = False) -> tuple[float, float]:
        _message, refusal, preview = self._said()
        assert refusal is not None
        kept = self._words
        if kept is None or kept[0] is not refusal or kept[1] != get_language():  # (asked many times a frame)
            kept = self._words = (refusal, get_language(), refusal.headline(), refusal.explanation())
        key = ("refusal", kept[2], kept[3], refusal.rule, preview, ruler.scale, width, short)
        return self._sized(key, lambda: self._logical(ruler, self._refusal_pixels(ruler, width, short)))

    @staticmethod
    def _logical(ruler: Ruler, size: tuple[int, int]) -> tuple[float, float]:
        return size[0] / ruler.scale, size[1] / ruler.scale

    def refusal_rect(self) -> pygame.FRect | None:
        """Where the refusal banner is (logical); None when none shows."""
        place = self._refusal_place()
        return place.rect if place is not None else None

    def _refusal_place(self) -> PanelPlace | None:
        if self.table.refusal is None or self.table.message is None:
            return None
        return self._places(Ruler(self._scale))[1]

    def refusal_hit(self, pos: tuple[float, float]) -> bool:
        """Whether a click at `pos` (logical) is on the refusal (it opens the rule). Where the
        refusal covers part of our melds (no place was free) it shows them through under the
        pointer: a meld of ours seen there takes the click (as it would with no refusal)."""
        place = self._refusal_place()
        if place is None or not place.rect.collidepoint(pos):
            return False
        return not place.covering or self.table.layout.meld_slot_at(pos, self.table.human_side) is None

    def _refusal_panel(self, surface: pygame.Surface, ruler: Ruler, alpha: float, place: PanelPlace) -> pygame.Rect:
        """A refused move: the reason, the rule in one line, and the way to the rule's text."""
        width, short = place.room, place.short
        _message, refusal, preview = self._said()
        key = ("refusal", refusal, preview, get_language(), ruler.scale, width, short)  # (kept alive: no id reuse)
        content = self._cached_panel(key, lambda: self._refusal_content(ruler, width, short))
        box = content.get_rect()
        box.topleft = ruler.point(place.rect.topleft)
        fading_panel(surface, content, box, ruler.px(12), REFUSAL_FILL, theme.GOLD, alpha)
        return box

    def _refusal_content(self, ruler: Ruler, width: float, short: bool) -> pygame.Surface:
        parts, footer = self._refusal_parts(ruler, width, short)
        size = self._refusal_pixels(ruler, width, short)
        content = pygame.Surface(size, pygame.SRCALPHA)
        y = ruler.px(10)
        for font, lines, color in parts:
            block = render_lines(lines, font, color, "left", 1.2)
            content.blit(block, (ruler.px(16), y))
            y += block.get_height() + ruler.px(4)
        if footer:
            font, lines, tag = self._refusal_chip(ruler, width, footer)
            image = render_lines(lines, font, theme.INK, "center", 1.1)
            tag.topright = (size[0] - ruler.px(CHIP_RIGHT), y + ruler.px(2))
            radius = min(tag.height // 2, ruler.px(12))
            content.blit(rounded_panel(tag.size, radius, theme.GOLD_LIGHT, theme.GOLD_DARK, max(1, ruler.px(1))), tag)
            # Its lines' ink centred in it, as a pill's (a Chinese chip's text sat 2 pixels low):
            # the first line's ink middle half the lines' pitches above the chip's middle.
            middle_x, middle_y = box_middle(tag)
            first = (middle_x, middle_y - line_height(font, 1.1) * (len(lines) - 1) / 2)
            content.blit(image, ink_placed(image, footer, ruler.px(CHIP_SIZE), True, "center", first))
        return content

    def _hint_panel(self, surface: pygame.Surface, ruler: Ruler, place: PanelPlace, alpha: float) -> pygame.Rect:
        """Draw the hint at `place`; returns its box (pixels)."""
        width, short = place.room, place.short
        key = ("hint", self.table.hint, self.table.hint_version, get_language(), ruler.scale, width, short)
        content = self._cached_panel(key, lambda: self._hint_content(ruler, width, short))
        box = content.get_rect()
        box.topleft = ruler.point(place.rect.topleft)
        fading_panel(surface, content, box, ruler.px(12), theme.CREAM, theme.HINT_GLOW, alpha)
        return box

    def _hint_lines(self, ruler: Ruler, width: float, short: bool = False) -> HintLines:
        """The hint's text and its foot as lines (wrapped in a narrow panel; no foot in the
        short form), measured, not rendered: placing the panel tries a few widths and forms,
        and each rendered its whole text (a hint's lines rendered up to 7 times in one draw).
        The foot says the cards to use are lit only where some are: "Draw from the stock"
        lights none (play-test, stop 44)."""
        text = self.table.hint_text()
        inner = ruler.px(width - 32)
        font = assets.font_for_text(text, ruler.px(16), True)
        body = (font, wrap_text(text, font, inner))
        if short:
            return HintLines(body, None)
        if self.table.ui.hinted:
            foot_text = _("The cards to use are lit in blue. Esc closes the hint.")
        else:
            foot_text = _("Esc closes the hint.")
        small = assets.font_for_text(foot_text, ruler.px(12))
        return HintLines(body, (small, wrap_text(foot_text, small, inner)))

    @staticmethod
    def _hint_head(ruler: Ruler) -> pygame.Surface:
        """The hint's title (text_image: rendered once, kept)."""
        return text_image(_("Hint"), ruler.px(13), True, tuple(HINT_INK))

    def _hint_pixels(self, ruler: Ruler, width: float, lines: HintLines) -> tuple[int, int]:
        """The hint panel's size (pixels) holding its title and `lines`, as `_hint_content`
        draws them."""
        font, body = lines.body
        height = ruler.px(10) + self._hint_head(ruler).get_height() + ruler.px(4)
        height += _block_height(font, body, HINT_SPACING)
        if lines.foot is not None:
            small, foot = lines.foot
            height += ruler.px(6) + _block_height(small, foot, FOOT_SPACING)
        return _whole_pixels(ruler, width), height + ruler.px(10)

    def _hint_size(self, ruler: Ruler, width: float, short: bool = False) -> tuple[float, float]:
        key = ("hint", self.table.hint_text(), bool(self.table.ui.hinted), get_language(), ruler.scale, width, short)
        return self._sized(
            key, lambda: self._logical(ruler, self._hint_pixels(ruler, width, self._hint_lines(ruler, width, short)))
        )

    def _hint_content(self, ruler: Ruler, width: float, short: bool) -> pygame.Surface:
        lines = self._hint_lines(ruler, width, short)
        head = self._hint_head(ruler)
        content = pygame.Surface(self._hint_pixels(ruler, width, lines), pygame.SRCALPHA)
        y = ruler.px(10)
        content.blit(head, (ruler.px(16), y))
        y += head.get_height() + ruler.px(4)
        font, body = lines.body
        block = render_lines(body, font, theme.INK, "left", HINT_SPACING)
        content.blit(block, (ruler.px(16), y))
        if lines.foot is not None:
            small, foot = lines.foot
            y += block.get_height() + ruler.px(6)
            content.blit(render_lines(foot, small, theme.INK_SOFT, "left", FOOT_SPACING), (ruler.px(16), y))
        return content
