"""Where everything sits on the table, in logical 1280x720 units.

Pure geometry: given the engine state and the player's UI state (hand order,
selection, staged melds, cards being dragged), `placements()` says where each
physical card should rest, face up or down, at what angle and size. The
animator moves card sprites towards these resting places, so every move of the
game animates by itself, and hit-testing (which card is under the pointer,
which meld a drop lands on) reads the same numbers the drawing uses.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from game.rules import Card, GameState, Meld, Rank, Variant
from game.rules.cards import sort_key
from game.rules.melds import MeldKind
from game.scenes import table_facts
from game.scenes.hand_state import (  # noqa: F401
    NOWHERE,
    THEIR_MELD,
    DropTarget,
    HandUI,
    shown_hand,
    sort_cards,
    suit_key,
)
from game.scenes.layout import LOGICAL_SIZE
from game.scenes.meld_row import (
    LIFT,
    MIN_CARD_W,
    RED_GAP,
    RUN_STEP,
    AreaFit,
    RowFit,
    fit_columns,
    fit_row,
    shrink_to_fit,
    stack_sizes,
    stack_step,
)

Point = tuple[float, float]

# Card widths (logical). Height is width * 7/5. The "large" card size setting uses
# CARD_SIZES["large"] for the player's hand and the melds.
HAND_W = 84
MELD_W = 54
CARD_SIZES = {"normal": (HAND_W, MELD_W), "large": (100, 62)}
CENTER_W = 74
BACK_W = 46
ASPECT = 336 / 240


def card_h(width: float) -> float:
    return width * ASPECT


@dataclass(frozen=True, slots=True)
class Placement:
    """A card's resting place: centre, width, rotation (degrees), face, z-order."""

    x: float
    y: float
    width: float
    angle: float = 0.0
    face_up: bool = True
    z: float = 0.0
    visible: bool = True

    def rect(self) -> pygame.FRect:
        """What the card covers (logical), turned with it."""
        w, h = self.width, card_h(self.width)
        if abs(self.angle) == 90:
            w, h = h, w
        return pygame.FRect(self.x - w / 2, self.y - h / 2, w, h)


# Where a card lies, as the table's counts name the places (the stock's, the pile's, a seat's
# hand, a foot, a side's red threes or melds): the sprites carry it, and a count shows the
# cards that have arrived there (`Animator.count`), never those still on their way.
Zone = tuple[str, int]
STOCK_ZONE: Zone = ("stock", 0)
PILE_ZONE: Zone = ("pile", 0)


def hand_zone(seat: int) -> Zone:
    return ("hand", seat)


def staged_zone(seat: int) -> Zone:
    """The player's staged cards (HandUI.staged): the engine's hand still holds them, but
    they lie on the table, so the hand's count leaves them out (a player counts the cards
    in the hand row: "You · 12" over eight cards, four staged, play-test stop 64)."""
    return ("staged", seat)


def foot_zone(seat: int) -> Zone:
    return ("foot", seat)


def threes_zone(side: int) -> Zone:
    return ("threes", side)


def card_zones(state: GameState) -> dict[Card, Zone]:
    """The zone of every card in play in `state` (the player's staged and dragged cards are
    still the hand's, as the engine has them)."""
    zones: dict[Card, Zone] = dict.fromkeys(state.stock, STOCK_ZONE)
    zones.update(dict.fromkeys(state.pile, PILE_ZONE))
    for seat, hand in enumerate(state.hands):
        zones.update(dict.fromkeys(hand, hand_zone(seat)))
        zones.update(dict.fromkeys(table_facts.foot(state, seat) or (), foot_zone(seat)))
    for side in range(state.config.sides):
        zones.update(dict.fromkeys(state.red_threes[side], threes_zone(side)))
        for meld in state.side_melds(side):
            zones.update(dict.fromkeys(meld.cards, ("melds", side)))
    return zones


FAN_Z = 200  # the other seats' hands lie at z FAN_Z + index (below the pile's 300 + index)

# Seat spots: "S" is always the human. Per number of seats, seat -> spot. "W" and "E" hang
# their hands down the table's sides; with five or six seats the side columns hold two seats
# each, as compact blocks (name tag, a small fan of backs, the last action below it).
SPOTS = {
    2: {0: "S", 1: "N"},
    3: {0: "S", 1: "W", 2: "E"},
    4: {0: "S", 1: "W", 2: "N", 3: "E"},
    5: {0: "S", 1: "W", 2: "N", 3: "NE", 4: "SE"},
    6: {0: "S", 1: "SW", 2: "NW", 3: "N", 4: "NE", 5: "SE"},
}
# The blocks of five- and six-seat tables: the centre x of the column and the tag's y. The
# right column ends above the button column; the left one starts below the score panel
# (three rows tall with six seats) and ends above our name tag.
BLOCKS: dict[str, Point] = {"NE": (1174.0, 90.0), "SE": (1174.0, 282.0), "NW": (84.0, 262.0), "SW": (84.0, 452.0)}
BLOCK_FAN = 150.0  # the widest a block's fan of backs gets
BLOCK_TEXT_W = 150.0  # the width of a block's last-action lines (the left column is 168 wide)
# East moved out from under the guided deal's coach panel (TableGeometry._make_room): a block
# whose tag lies under North's last move, as wide as its fan and its lines, ending (its two
# lines under the fan, at 238) above the band between the meld areas.
MOVED_BLOCK_Y = 112.0
MOVED_BLOCK_W = max(BLOCK_FAN, BLOCK_TEXT_W)

STOCK_POS: Point = (556.0, 322.0)  # the stock's top card (the stack's thickness lies right of it and lower)
STOCK_SLANT = 0.25  # each unit of thickness right, a quarter of one down
STOCK_LABEL_GAP = 3.0  # between the full stock's bottom edge and its "Stock N" label
PILE_POS: Point = (686.0, 322.0)
HAND_RECT = pygame.FRect(168, 572, 896, 148)
HAND_Y = 646.0
RAISE = 22.0  # a selected card rises this much
RAISED_CLEAR = 2.0  # between our melds' count badges and the top of a raised hand card
FOLLOW_STEP = 18.0  # how far apart the selected cards a drag takes along fan out behind it
DRAG_Z = 20050  # dragged cards and, under them, those following them: over every card resting or in flight
HAND_RING_ROOM = 8.0  # below the hand: the keyboard cursor's ring and its dark edge
STATUS_RECT = pygame.FRect(168, 276, 320, 92)
# While an initial meld is staged the turn instruction moves up to the band's top
# (STAGING_STATUS_Y, smaller) and the staging panel sits under it: both show.
STAGING_STATUS_Y = 290.0
STAGE_PANEL = pygame.FRect(178, 312, 300, 80)
SCORE_PANEL = pygame.FRect(12, 12, 236, 170)
# What the players' speech bubbles keep clear of: the turn's instruction (with the staging
# panel under it while a first meld is staged) and the player's hand.
BUBBLE_KEEP_CLEAR = (STATUS_RECT.union(STAGE_PANEL), HAND_RECT)
# The player's own words go in the corner left of the hand, over its name tag (or, in Hand
# and Foot, over its foot there), the tail pointing down at it: over the hand's middle they
# lay over the count tags under our melds (play-test stop 64). The corner's column, between
# the window's margin and our meld area, holds the bubble's body; its words are written a
# size smaller there, most of them on one line ("I pick up my foot." and "不行，还不到时候。" on two).
SOUTH_BUBBLE_X = HAND_RECT.x - 46  # inside the tag however short ("你 · 8"), which ends 6 left of the hand
SOUTH_TAG_TOP = 694.0  # (the tag's box, about: 24 high round y 706)
SOUTH_BUBBLE_ROOM = pygame.FRect(8, 400, HAND_RECT.x - 10 - 8, SOUTH_TAG_TOP - 400)  # (its height: to the tail's tip)
# The other seats' words likewise keep to rooms of their own (`TableGeometry.bubble_room`),
# clear of every meld card, the pile and the meld areas' tabs, at every window size: North's
# hung under its tag over the tops of the others' melds (six-hand at 800x450, two melds' ranks
# hidden), North-east's beside its fan over the right end of their area, South-west's over
# our first melds, East's on the tab of the others' area (stop 65). North speaks in the top
# strip left of its fan (of its foot, in Hand and Foot), the tail pointing at it; a block seat
# (five and six seats) under its tag, over its own fan; West above the turn's instruction,
# left of the others' area; East in the band right of the pile, under the others' tab.
BUBBLE_MARGIN = 8.0  # a room's distance from the window's edges (SpeechBubble.MARGIN)
NORTH_BUBBLE_Y = 46.0  # the middle of North's fan
NORTH_BUBBLE_GAP = 4.0  # between the tail's tip and North's first card
NORTH_BUBBLE_X_FEET = 424.0  # Hand and Foot: left of North's foot (its "from the foot" reaches 428)
NORTH_BUBBLE_BOTTOM = 80.0  # above the others' tabs on their top edge (three sides: the left half's, from 84)
BLOCK_BUBBLE_HALF = 100.0  # a block's room: at most this far either side of its middle
TAB_BAND = 20.0  # below a meld area's bottom edge, the tab on it
EAST_BUBBLE_LEFT = 900.0  # right of the pile's states ("BLOCKED: black three" ends at 883)
SCORE_ROW = 62.0  # one side's rows in the score panel
SCORE_PANEL_PAD = 4.0  # under the last row: its last line clear of the panel's edge
SCORE_ROW_NEED = 74.0  # ... with a line saying what the side still needs to go out
# Where a failure to keep the game is shown (left end, vertical centre): the top bar, right of
# the score panel, clear of every card and meld area.
STORAGE_WARNING_POS = (262, 29)
BUTTON_COLUMN_X = 1080.0
# The table's buttons (logical x, y, width, height): a column at the right, a small row at
# the top right, and the staging panel's two.
BUTTON_COLUMN_W = 188.0
BUTTONS: dict[str, tuple[float, float, float, float]] = {
    "log": (BUTTON_COLUMN_X, 474, BUTTON_COLUMN_W, 40),
    "hint": (BUTTON_COLUMN_X, 522, BUTTON_COLUMN_W, 40),
    "ask": (BUTTON_COLUMN_X, 570, BUTTON_COLUMN_W, 40),
    "pass": (BUTTON_COLUMN_X, 570, BUTTON_COLUMN_W, 40),  # shown instead of "ask"
    "sort_rank": (BUTTON_COLUMN_X, 618, BUTTON_COLUMN_W, 40),
    "sort_suit": (BUTTON_COLUMN_X, 666, BUTTON_COLUMN_W, 40),
    "speed": (832, 12, 98, 34),
    "keys": (938, 12, 98, 34),
    "menu": (1044, 12, 98, 34),
    "new_game": (1150, 12, 118, 34),
    # Under the pile, in place of its count: opens the pile browser (V).
    "pile": (PILE_POS[0] - 68, PILE_POS[1] + CENTER_W * ASPECT / 2 + 1, 136, 24),
    "confirm": (STAGE_PANEL.x + 10, STAGE_PANEL.bottom - 36, 136, 30),
    "cancel": (STAGE_PANEL.x + 154, STAGE_PANEL.bottom - 36, 136, 30),
}
# Hand and Foot: where each seat's foot lies (its centre), by the seat's spot.
FOOT_SPOTS: dict[str, Point] = {"S": (84.0, 604.0), "N": (470.0, 46.0), "W": (134.0, 372.0), "E": (1146.0, 372.0)}
FOOT_W = BACK_W
# Our side's cell for a new meld, at the right end of our area (the Samba family, whose
# melds may fill the area): cards dropped there always start a new meld.
NEW_MELD_W = 62.0
NEW_MELD_TOP = 12.0  # below the area's top edge, clear of the "Our melds" tab on that edge
RUN_ROW = 30.0  # the runs of one stack lie this far apart: each one's top strip shows
TAB_CLEAR = 8.0  # the runs of the others' stacks end this far above their area's bottom edge (its tab)
RUN_BADGE_INSET = 3.0  # a run's count ends this far left of its last card's right edge
SIDE_HAND_TOP = 256.0  # West's and East's hands start here
SIDE_UNDER_SCORES = 70.0  # from the score panel's bottom to a side hand's top: two lines and the tag
SIDE_FAN_BOTTOM = 466.0  # ... and end above the button column, however many cards they hold
SIDE_TEXT_W = 190.0  # the width of West's and East's last-action lines (clear of the meld areas, 262 and 1064)
# Refusals, hints and notes: their usual place (midtop), over the opponents' side of the table,
# while no meld lies there; else the first place that covers no meld (TablePanels.panel_places),
# never the hand the player is working in.
MESSAGE_TOP = (640.0, 100.0)
PANEL_WIDTHS = (560.0, 480.0, 400.0, 340.0, 300.0)  # narrower panels, where the usual width finds no room
PANEL_GAP = 8.0  # between the hint and the message under it
BAND_MIN_W = 280.0  # the band right of the pile holds a panel this wide at least
PANEL_LEFT = 256.0  # the panels stay right of the score panel and the left column of seats,
PANEL_TOP_MIN = 94.0  # below North's seat and the top row of buttons,
PANEL_MARGIN = 8.0  # and this far from the window's right edge (and clear of the seats there)
# The move log (L): over East's seat while open; never over our melds (it ends above their
# area, which reaches x 1064) or the hand.
LOG_PANEL = pygame.FRect(876, 56, 392, 326)
PANEL_CLEAR = 12.0  # the others' meld areas end this far left of the open log (their frame's edge: 6)
LOG_PAGE = 8  # Page Up / Down scroll the log this many entries (it shows about 11: some stay in view)
# The pile browser (V) takes the same place (one of the two shows at a time).
PILE_PANEL = LOG_PANEL
PILE_CARD_W = 54.0
PILE_STEP = 30.0  # each card shows its index strip; the last of a row shows whole
PILE_ROW = 84.0
PILE_PER_ROW = int((PILE_PANEL.width - 28 - PILE_CARD_W) // PILE_STEP) + 1
PILE_ROWS = int((PILE_PANEL.height - 48 - 26) // PILE_ROW)
# Under the heading of the move log and of the pile browser, a line for each seat whose tag the
# panel lies over (East's: its cards and last move), and a rule under them.
SEAT_LINES_TOP = 40.0  # from the panel's top
SEAT_LINE = 18.0


def seat_lines_room(lines: int) -> float:
    """How much lower the pile browser's cards start for `lines` seats' lines above them."""
    return 4.0 + SEAT_LINE * lines if lines else 0.0


# The pile browser's rows at their closest: as much of each card shows above the next row as
# holds its index, rank over suit, as drawn at the window's size (TableView.pile_strip: the rank
# is as many pixels tall at 800x450 as at 1280x720, so there it takes more of the card). This is
# 1280x720's, for a caller that knows no window. (A fixed 36 units cut the suits at 800x450, and
# left Hand and Foot's browser, a line longer and ending above the note by the pile, one row of
# a pile of 34 cards at every size: play-test.)
PILE_STRIP = 25.0
PILE_CARD_W_MIN = MIN_CARD_W  # short of room, its cards shrink to this width for a row more (as a crowded meld row's)
PILE_ROW_GAP = PILE_ROW - card_h(PILE_CARD_W)  # below the last row


class PileGrid(NamedTuple):
    """How the pile browser lays out a pile: how many rows it shows, from one row to the
    next, and how wide the cards are (logical)."""

    rows: int
    step: float
    card_w: float = PILE_CARD_W


@functools.lru_cache(maxsize=64)  # (asked several times a frame while the browser is open: its panel, rows, places)
def pile_browser_fit(
    count: int, lines: int = 0, bottom: float = PILE_PANEL.bottom, strip: float = PILE_STRIP
) -> PileGrid:
    """How the pile browser lays out a pile of `count` cards: as many rows as the pile fills,
    at most PILE_ROWS, and as many as fit between the seats' `lines` under its heading and its
    foot at `bottom` (kept clear of what it would cut, as the move log's: TableView.pile_place)
    with `strip` between them (each card's index in sight), as far apart as fits, up to
    PILE_ROW. Where fewer rows fit than the pile fills, the pile wraps onto more of them with
    smaller cards, down to PILE_CARD_W_MIN, where that makes a row more: the largest cards
    that show the most rows."""
    needed = max(1, min(PILE_ROWS, pile_browser_rows(count)))
    best: PileGrid | None = None
    width = PILE_CARD_W
    while width >= PILE_CARD_W_MIN:
        area = bottom - PILE_PANEL.y - 48 - seat_lines_room(lines) - 26 - card_h(width)
        rows = max(1, min(needed, 1 + max(0, int(area // strip))))
        if best is None or rows > best.rows:
            step = PILE_ROW if rows == 1 else max(strip, min(PILE_ROW, area / (rows - 1)))
            best = PileGrid(rows, step, width)
        if best.rows == needed:
            break
        width -= 1.0
    assert best is not None
    return best


def score_row_height(config) -> float:
    """A side's rows in the score panel: one more line in the Samba family, for what the
    side still needs to go out (table_facts.out_need)."""
    return SCORE_ROW_NEED if config.rules.meld_list else SCORE_ROW


def score_panel_rect(config) -> pygame.FRect:
    """The score panel: the title and a block of rows per side."""
    panel = SCORE_PANEL.copy()
    panel.height = 34 + config.sides * score_row_height(config) + SCORE_PANEL_PAD
    return panel


LOG_MIN_BOTTOM = 250.0  # the log cut short shows six entries at least


def log_panel_rect(keep_clear: list[pygame.FRect]) -> pygame.FRect:
    """The move log's panel: LOG_PANEL, its foot above what of `keep_clear` (the pile's
    states, FROZEN, BLOCKED..., the seats' tags) it would cut: with six seats "BLOCKED: black
    three" ran under it (play-test stop 54). What it covers whole (East's tag, a block's at
    the top right) it covers."""
    panel = LOG_PANEL.copy()
    while True:
        cut = [r.top for r in keep_clear if r.colliderect(panel) and not panel.contains(r)]
        bottom = max(LOG_MIN_BOTTOM, min(cut, default=panel.bottom + 6) - 6)
        if bottom >= panel.bottom or panel.bottom <= LOG_MIN_BOTTOM:
            return panel
        panel.height = bottom - panel.y


def pile_browser_places(
    count: int, scroll: int, lines: int = 0, bottom: float = PILE_PANEL.bottom, strip: float = PILE_STRIP
) -> list[tuple[int, float, float]]:
    """Where the pile browser shows a pile of `count` cards with `scroll` rows scrolled
    past: (index in the pile, x, y centres), newest (the top card) first, row by row;
    `lines`, `bottom` and `strip` as `pile_browser_fit` (which says the cards' width)."""
    places = []
    first = scroll * PILE_PER_ROW
    grid = pile_browser_fit(count, lines, bottom, strip)
    top = PILE_PANEL.y + 48 + seat_lines_room(lines) + card_h(grid.card_w) / 2
    for shown, age in enumerate(range(first, min(count, first + grid.rows * PILE_PER_ROW))):
        row, column = divmod(shown, PILE_PER_ROW)
        x = PILE_PANEL.x + 14 + grid.card_w / 2 + column * PILE_STEP
        y = top + row * grid.step
        places.append((count - 1 - age, x, y))
    return places


def pile_card_shown(shown: int, count_shown: int, grid: PileGrid) -> tuple[float | None, float | None]:
    """How much of the browser's `shown`-th card (of the `count_shown` it shows) is in sight
    from its top left corner (logical; None: all of it), as TableLayout.shown says it of a
    meld's card: the next card of its row leaves a strip PILE_STEP wide, the row below one
    `grid.step` tall (its index is drawn as large as that holds)."""
    column = shown % PILE_PER_ROW
    beside = column < PILE_PER_ROW - 1 and shown + 1 < count_shown
    # (the row below covers it from the card under it, or the one under its left neighbour)
    below = shown + PILE_PER_ROW - (1 if column else 0) < count_shown and grid.step < card_h(grid.card_w)
    return (PILE_STEP if beside else None, grid.step if below else None)


def pile_browser_rows(count: int) -> int:
    """How many rows a pile of `count` cards fills in the browser."""
    return -(-count // PILE_PER_ROW)


def pile_browser_last_scroll(count: int, rows: int = PILE_ROWS) -> int:
    """The most rows the browser scrolls past for a pile of `count` cards, showing `rows`
    rows (the oldest row then shows at its bottom)."""
    return max(0, pile_browser_rows(count) - rows)


def pile_panel_rect(
    count: int, lines: int = 0, bottom: float = PILE_PANEL.bottom, strip: float = PILE_STRIP
) -> pygame.FRect:
    """The pile browser's panel: as tall as the rows it shows (it covers no more of the
    table than it must), its foot at `bottom` at most; `lines`: the lines under its heading
    for the seats whose tags it lies over (TableView.pile_place); `strip` as `pile_browser_fit`."""
    rows, step, card_w = pile_browser_fit(count, lines, bottom, strip)
    panel = PILE_PANEL.copy()
    height = 48 + seat_lines_room(lines) + (rows - 1) * step + card_h(card_w) + PILE_ROW_GAP + 26
    panel.height = min(bottom - PILE_PANEL.y, height)
    return panel


class TableGeometry:
    """Fixed geometry of one variant's table."""

    def __init__(
        self,
        players: int = 4,
        sides: int = 2,
        partnerships: bool = True,
        card_size: str = "normal",
        viewer: int = 0,
        viewer_side: int | None = None,
        score_bottom: float = 0.0,
        panel_left: float | None = None,
        covered: pygame.FRect | None = None,
        feet: bool = False,
    ) -> None:
        """`viewer`: the seat at the bottom of the screen (pass-and-play turns the table to
        whoever plays; seat 0 otherwise); `viewer_side`: its side (RulesConfig.side_of; by
        default seats alternate, which five-hand's seat 4 does not); `panel_left`: the left
        edge of a panel open at the top right (the move log, the pile browser), which the
        others' meld areas end short of; `covered`: a panel lying over the right of the table
        for good (the guided deal's coach), which the table makes room for (`_make_room`);
        `feet`: Hand and Foot's, each seat's lying by it (the player's in its corner)."""
        self.card_size = card_size if card_size in CARD_SIZES else "normal"
        self.hand_w, self.meld_w = CARD_SIZES[self.card_size]
        self.players = players
        self.sides = sides
        self.feet = feet
        self.score_bottom = score_bottom
        self.partnerships = partnerships
        self.viewer = viewer
        self.spots = {seat: SPOTS[players][(seat - viewer) % players] for seat in range(players)}
        self.blocks = dict(BLOCKS)  # where each block seat's tag is (a seat moved by `_make_room` too)
        # West's and East's hands hang from here (lower with three score rows above, or the
        # Samba family's taller rows: the last action's two lines go between the score panel,
        # ending at `score_bottom`, and the name tag).
        self.side_hand_top = max(SIDE_HAND_TOP + (56.0 if sides > 2 else 0.0), score_bottom + SIDE_UNDER_SCORES)
        # Meld areas per side: ours along the bottom, the others' along the top.
        bottom = pygame.FRect(168, 400, 896, 172)
        top = pygame.FRect(262, 98, 802, 168)
        mine = viewer % sides if viewer_side is None else viewer_side  # the viewer's side melds along the bottom
        self.viewer_side = mine
        if sides == 2:
            self.meld_areas = {mine: bottom, 1 - mine: top}
        else:  # three-hand: the left opponent's melds on the left half, the right one's on the right
            half = (top.width - 16) / 2
            self.meld_areas = {
                mine: bottom,
                (mine + 1) % sides: pygame.FRect(top.x, top.y, half, top.height),
                (mine + 2) % sides: pygame.FRect(top.x + half + 16, top.y, half, top.height),
            }
        # The move log or the pile browser open over the top right: the others' areas under
        # it end short of it, their melds fitted to what shows (with three sides a fifth meld
        # of the right half lay under the log, play-test stop 54; classic's tenth likewise).
        self.panel_left = panel_left
        if panel_left is not None:
            self._end_short_of(panel_left, [area for side, area in self.meld_areas.items() if side != mine])
        self.covered = covered
        if covered is not None:
            self._make_room(covered)
        self.seat_of_spot = {spot: seat for seat, spot in self.spots.items()}

    def _make_room(self, covered: pygame.FRect) -> None:
        """Room for a panel lying over the right of the table for good (the guided deal's coach,
        284 x 410 at the top right, and its folded heading): no free place on the table holds
        it (every part of the window has a seat, a meld area, the pile's band or the buttons),
        so the table lends it one. The meld areas beside it end short of it, their melds fitted
        to what shows; East, whose tag, last move and fan hung down under it, sits as a block
        (its tag, a small fan, its last move under it) at the right end of the opponents' side
        of the table, left of the panel and of the move log, the opponents' area ending short
        of that block. Under the coach's panel East's tag and last move were said on the panel,
        but not the cards it held, nor that it was on turn (play-test)."""
        beside = [area for area in self.meld_areas.values() if area.top < covered.bottom and covered.top < area.bottom]
        self._end_short_of(covered.left, beside)
        for seat, spot in self.spots.items():
            if spot == "E" and covered.collidepoint(self.hand_anchor(seat)):
                # Left of the move log's place too: the open log stops above a block it would
                # cut (log_panel_rect), and half over it, it showed six moves.
                x = min(covered.left, LOG_PANEL.left) - PANEL_CLEAR - MOVED_BLOCK_W / 2
                self.spots[seat] = "NE"  # (a table with a seat East has no blocks)
                self.blocks["NE"] = (x, MOVED_BLOCK_Y)
                theirs = [area for side, area in self.meld_areas.items() if side != self.viewer_side]
                self._end_short_of(x - MOVED_BLOCK_W / 2, theirs)  # (the opponents' areas lie along the top)

    @staticmethod
    def _end_short_of(left: float, areas: list[pygame.FRect]) -> None:
        """Each of `areas` reaching past PANEL_CLEAR short of `left` ends there (its melds are
        fitted to what is left)."""
        for area in areas:
            if area.right > left - PANEL_CLEAR:
                area.width = left - PANEL_CLEAR - area.x

    @classmethod
    def for_table(
        cls,
        config,
        viewer: int,
        card_size: str = "normal",
        panel_left: float | None = None,
        covered: pygame.FRect | None = None,
    ) -> TableGeometry:
        """The geometry of `config`'s table seen from `viewer`'s seat (`panel_left`,
        `covered`: see `__init__`)."""
        return cls(
            config.players,
            config.sides,
            config.partnerships,
            card_size,
            viewer=viewer,
            viewer_side=config.side_of(viewer),
            score_bottom=score_panel_rect(config).bottom,
            panel_left=panel_left,
            covered=covered,
            feet=table_facts.has_feet(config),
        )

    # -- seats --------------------------------------------------------------
    def spot(self, seat: int) -> str:
        return self.spots[seat]

    def is_block(self, seat: int) -> bool:
        """The seat sits in a side column's compact block (five or six seats)."""
        return self.spot(seat) in self.blocks

    def hand_anchor(self, seat: int) -> Point:
        """Centre of a seat's hand (where its name label hangs)."""
        spot = self.spot(seat)
        if spot in self.blocks:
            x, y = self.blocks[spot]
            return (x, y + 22 + card_h(BACK_W) / 2)
        return {"S": (HAND_RECT.centerx, HAND_Y), "N": (640.0, 46.0), "W": (64.0, 330.0), "E": (1216.0, 330.0)}[spot]

    def label_anchor(self, seat: int) -> Point:
        """Where a seat's name tag is drawn (centre)."""
        spot = self.spot(seat)
        if spot in self.blocks:
            return self.blocks[spot]
        side_y = self.side_hand_top - 24
        return {"S": (HAND_RECT.x - 6, 712.0), "N": (640.0, 83.0), "W": (64.0, side_y), "E": (1216.0, side_y)}[spot]

    def foot_anchor(self, seat: int) -> Point:
        """Where a seat's foot lies face down (Hand and Foot): the player's left of the hand,
        North's left of its fan, West's and East's beside their fans, towards the centre."""
        spot = self.spot(seat)
        if spot in self.blocks:  # (no variant with feet has five or six seats)
            x, y = self.hand_anchor(seat)
            return (x + (BLOCK_FAN / 2 + 30 if x < 640 else -BLOCK_FAN / 2 - 30), y)
        return FOOT_SPOTS[spot]

    def action_anchor(self, seat: int) -> Point:
        """Where a block seat's last action (or "thinking…") starts: centred under its fan."""
        x, y = self.hand_anchor(seat)
        return (x, y + card_h(BACK_W) / 2 + 6)

    def bubble_anchor(self, seat: int, cards: int = 0) -> tuple[Point, str]:
        """Point a speech bubble's tail touches, and the tail direction (the bubble keeps its
        body in `bubble_room`, clear of BUBBLE_KEEP_CLEAR); `cards`: how many the seat holds
        (North's tail touches its fan's first card)."""
        spot = self.spot(seat)
        if spot in self.blocks:  # under its tag (24 high), over its fan
            x, y = self.blocks[spot]
            return ((x, y + 13), "up")
        if spot == "S" and self.feet:  # over the foot (its label, once picked up, lies over its place)
            x, y = FOOT_SPOTS["S"]
            return ((x, y - card_h(FOOT_W) / 2 - 6), "down")
        if spot == "N":
            x, _y = self.hand_anchor(seat)
            fan_left = x - top_fan_span(cards) / 2 - BACK_W / 2
            return ((NORTH_BUBBLE_X_FEET if self.feet else fan_left - NORTH_BUBBLE_GAP, NORTH_BUBBLE_Y), "right")
        return {
            "S": ((SOUTH_BUBBLE_X, SOUTH_TAG_TOP - 4), "down"),
            "W": ((100.0, 300.0), "left"),
            "E": ((1180.0, 300.0), "right"),
        }[spot]

    def bubble_room(self, seat: int, cards: int = 0) -> pygame.FRect:
        """Where a speech bubble's body stays (logical, reaching the tail's tip): the
        player's in the corner left of the hand and of our meld area, above what it points at;
        the others' as SOUTH_BUBBLE_ROOM's note says (`cards`: as `bubble_anchor`'s)."""
        spot = self.spot(seat)
        (x, y), _tail = self.bubble_anchor(seat, cards)
        if spot == "S":
            room = SOUTH_BUBBLE_ROOM
            return pygame.FRect(room.x, room.y, room.width, y - room.y)
        if spot == "N":
            return pygame.FRect(PANEL_LEFT, BUBBLE_MARGIN, x - PANEL_LEFT, NORTH_BUBBLE_BOTTOM - BUBBLE_MARGIN)
        if spot in self.blocks:
            return self._block_bubble_room(seat, x, y)
        others = [area for side, area in self.meld_areas.items() if side != self.viewer_side]
        if spot == "W":  # (its last action's lines, over its tag, it may cover)
            top = self.score_bottom + 4
            right = min(area.left for area in others) - 8  # (the area's frame: 6 left of it)
            return pygame.FRect(x, top, right - x, STATUS_RECT.top - 4 - top)
        top = max(area.bottom for area in others) + TAB_BAND + 4
        bottom = self.meld_areas[self.viewer_side].top - 6
        return pygame.FRect(EAST_BUBBLE_LEFT, top, x - EAST_BUBBLE_LEFT, bottom - top)

    def _block_bubble_room(self, seat: int, x: float, top: float) -> pygame.FRect:
        """A block seat's room, from the tail's tip under its tag (`x`, `top`) down over its fan
        and its last action's first line, as wide as its column is between the window's edge
        and the meld areas (their frames) or the turn's instruction beside it."""
        bottom = self.action_anchor(seat)[1] + 17
        left, right = x - BLOCK_BUBBLE_HALF, x + BLOCK_BUBBLE_HALF
        beside = [area.inflate(12, 8) for area in self.meld_areas.values()] + list(BUBBLE_KEEP_CLEAR)
        for rect in beside:
            if rect.top < bottom and rect.bottom > top:
                if rect.right <= x:
                    left = max(left, rect.right + 2)
                elif rect.left >= x:
                    right = min(right, rect.left - 2)
        left, right = max(left, BUBBLE_MARGIN), min(right, LOGICAL_SIZE[0] - BUBBLE_MARGIN)
        return pygame.FRect(left, top, right - left, bottom - top)

    def zone_label_anchor(self, side: int, human_side: int) -> tuple[Point, str]:
        """Where the tab naming a meld area's side goes (a point and the pill's anchor): on
        our area's top edge at the right; on the others' bottom edge at the right, but for the
        left half of the top with three sides, on its top edge at the left (its bottom left is
        where the turn's instruction rises over a staged meld; its top is clear of North's tag)."""
        area = self.meld_areas[side]
        if side == human_side:
            return (area.right - 4, area.top - 4), "midright"
        if area.centerx < 640 and area.width < 600:  # the left half of the top, with three sides
            return (area.x + 4, area.top - 4), "midleft"
        return (area.right - 4, area.bottom + 4), "midright"

    # -- the player's hand ----------------------------------------------------
    def hand_y(self) -> float:
        """The centre y of the player's hand cards at rest. Large cards sit higher, so that
        the focus ring around one (HAND_RING_ROOM) stays inside the window."""
        return min(HAND_Y, 720.0 - HAND_RING_ROOM - card_h(self.hand_w) / 2)

    def raised_hand_top(self) -> float:
        """The top of a selected (raised) hand card."""
        return self.hand_y() - card_h(self.hand_w) / 2 - RAISE

    def meld_room(self, side: int) -> pygame.FRect:
        """The part of `side`'s meld area its melds and their count badges take: ours ends
        above the raised hand cards (with Large cards a selected card covered the counts of
        the melds over it, play-test stop 54); the others' is the whole area."""
        area = self.meld_areas[side].copy()
        if side == self.viewer_side:
            area.height = min(area.height, self.raised_hand_top() - RAISED_CLEAR - area.y)
        return area

    def hand_step(self, count: int) -> float:
        if count <= 1:
            return 0.0
        widest = 56.0 if self.hand_w == HAND_W else 64.0
        return min(widest, (HAND_RECT.width - self.hand_w) / (count - 1))

    def hand_positions(self, count: int) -> list[float]:
        """x centres of `count` hand cards, centred in the hand strip."""
        step = self.hand_step(count)
        span = step * (count - 1)
        start = HAND_RECT.centerx - span / 2
        return [start + i * step for i in range(count)]

    # -- melds ----------------------------------------------------------------
    def meld_fit(self, side: int, canastas: list[bool], red_threes: int) -> AreaFit:
        """Where `side`'s red threes (when it has any) and its melds go (`canastas`: for each,
        whether it is squared), and how wide their cards are (meld_row.fit_columns: a crowded
        area's cards shrink, then wrap into two rows of squared melds; no meld ever lies over
        another)."""
        area = self.meld_room(side)
        extras = [LIFT if canasta else 0.0 for canasta in canastas]
        if red_threes:
            extras.insert(0, red_three_step(red_threes) * (red_threes - 1))
        return fit_columns(extras, red_threes > 0, self.meld_w, (area.x, area.y, area.width, area.height), ASPECT)

    def meld_step(self, side: int, cards: int, width: float | None = None) -> float:
        """The step of a column of `cards` cards `width` wide (the area's usual by default)."""
        area = self.meld_room(side)
        room = area.height - card_h(width or self.meld_w) - 22  # keep room for the count badge
        return min(22.0, room / max(1, cards - 1))


def top_fan_span(count: int) -> float:
    """How far apart the middles of the end cards of North's fan of `count` backs lie (at most
    260 units)."""
    step = 11.0 if count < 24 else 260 / count
    return step * (count - 1) if count > 1 else 0.0


def red_three_step(count: int) -> float:
    """The step of a side's fan of red threes (Hand and Foot's ten red threes keep it short)."""
    return min(14.0, 56.0 / max(1, count - 1))


def lies_crosswise(card: Card, rules: Variant) -> bool:
    """A card buried in the pile is drawn crosswise when it freezes the pile (a wild card or a
    red three, R-FROZEN); Hand and Foot's pile never freezes (V-HF-TAKE): none lies so there."""
    return rules.freezes and (card.is_wild or card.is_red_three)


def held_positions(shown: list[Card], hold: dict[Card, float] | None) -> list[float] | None:
    """The x of each shown hand card while the pointer holds the hand still (`HandUI.hold`),
    or None when the hold does not fit the hand: a new card, or a new order."""
    if not hold or not shown or any(card not in hold for card in shown):
        return None
    xs = [hold[card] for card in shown]
    if any(b <= a for a, b in zip(xs, xs[1:])):
        return None
    return xs


def meld_card_order(cards) -> list[Card]:
    """Naturals first (by suit), wild cards at the bottom of the column."""
    return sorted(cards, key=lambda c: (c.is_wild, sort_key(c), c.id))


def canasta_top(meld) -> Card:
    """The card shown on a closed canasta: red natural for natural, black for mixed."""
    naturals = [c for c in meld.cards if not c.is_wild]
    want_red = meld.is_natural
    for card in naturals:
        if card.suit is not None and card.suit.is_red == want_red:
            return card
    return naturals[0] if naturals else meld.cards[0]


@dataclass
class MeldSlot:
    """A meld on the table: for hit-testing and labels."""

    side: int
    rank: Rank
    rect: pygame.FRect
    count: int
    canasta: str | None  # a canasta's kind (table_facts.CLOSED_NAMES: "natural", "samba", ...) or None
    staged_index: int | None = None  # a staged (not yet laid) group
    number: int | None = None  # the meld's number in the side's list (the Samba family: `+N:`)
    kind: MeldKind = MeldKind.GROUP
    closed: bool = False  # takes no more cards (a samba, bolivia or book)
    badge: bool = True  # its count is shown (under it; a run's at its end)
    badge_y: float | None = None  # the badge's centre when it is on the meld (squared in two rows, a run), not under it
    badge_right: float | None = None  # a run's badge ends here, on its last card's top right (its top strip)
    badge_room: float | None = None  # how wide its badge may be (a crowded row), None: as wide as it likes
    cards: tuple[Card, ...] = ()  # its cards (the badge counts those that have landed: Animator.arrived)

    @property
    def target(self) -> DropTarget:
        """What dropping cards on this meld aims at."""
        return DropTarget("meld", self.rank, self.staged_index, number=self.number)


class TableLayout:
    """Placements for one frame's worth of state, plus what hit-testing needs."""

    def __init__(self, geometry: TableGeometry, state: GameState, ui: HandUI, human: int = 0) -> None:
        self.geometry = geometry
        self.state = state
        self.ui = ui
        self.human = human
        self.placements: dict[Card, Placement] = {}
        self.hand_cards: list[Card] = []  # the human's hand in display order (not dragged/staged)
        self.hand_rects: dict[Card, pygame.FRect] = {}
        self.meld_slots: list[MeldSlot] = []
        self.red_three_spots: dict[int, Point] = {}  # side -> the centre of its "red 3s" label
        self.red_three_rooms: dict[int, float] = {}  # ... and how wide the label may be
        self.new_meld_rect: pygame.FRect | None = None  # our side's cell for a new meld (listed melds)
        self.foot_spots: dict[int, tuple[Point, int]] = {}  # seat -> (centre, cards) of a foot lying down
        # How much of a meld's card shows from its top left corner (logical width and height,
        # None: all of it) where the next card lies over it: its index is drawn as large as
        # that part holds (assets.index_px). Cards not listed show whole.
        self.shown: dict[Card, tuple[float | None, float | None]] = {}
        self.zones = card_zones(state)  # where each card lies, for the counts (Animator.count)
        staged = ui.staged_cards() & set(state.hands[human])  # (laid, still staged a moment: the melds')
        self.zones.update(dict.fromkeys(staged, staged_zone(human)))
        self._build()

    # -- building -----------------------------------------------------------
    def _build(self) -> None:
        st = self.state
        out = self.placements
        # Stock: a squared stack, thicker with more cards (three and five packs: thicker
        # still); only edges are drawn. Its top card lies at STOCK_POS and the cards under it
        # step right and a little down (STOCK_SLANT): lifted up and left, Hand and Foot's
        # thick stack reached into the opponents' meld area, under their count badges
        # (play-test, stop 52); the band between the meld areas holds the card and its count.
        count = len(st.stock)
        thickest = stock_thickness(st.config.rules.packs)
        for index, card in enumerate(st.stock):
            depth = count - 1 - index
            step = min(thickest, depth / 10)
            out[card] = Placement(
                STOCK_POS[0] + step,
                STOCK_POS[1] + step * STOCK_SLANT,
                CENTER_W,
                0.0,
                False,
                100 + index,
                visible=depth < 2 or index % 10 == 0,
            )
        # Pile: jittered, the cards that freeze it buried crosswise (`lies_crosswise`).
        count = len(st.pile)
        for index, card in enumerate(st.pile):
            top = index == count - 1
            crosswise = not top and lies_crosswise(card, st.config.rules)
            jitter = ((card.id * 37) % 9 - 4) * 1.5
            dx = ((card.id * 13) % 5 - 2) * 1.2
            angle = 90.0 if crosswise else (0.0 if top else jitter)
            if crosswise:  # the freezing card sticks out to the right, face visible
                dx += 34.0
            out[card] = Placement(
                PILE_POS[0] + (0 if top else dx),
                PILE_POS[1] + (8 if crosswise else 0),
                CENTER_W,
                angle,
                True,
                300 + index,
                visible=top or crosswise or count - index <= 4,
            )
        if self.ui.dragging_top and st.pile:  # the top card dragged towards one of our melds
            px, py = self.ui.drag_pos
            out[st.pile[-1]] = Placement(px, py, self.geometry.meld_w, 0.0, True, 5000)
        # Feet (Hand and Foot): squared and face down, each by its seat.
        for seat in range(st.config.players):
            foot = table_facts.foot(st, seat)
            if foot:
                self._foot(seat, foot)
        # Hands.
        for seat, hand in enumerate(st.hands):
            if seat == self.human:
                self._human_hand(hand)
            else:
                self._other_hand(seat, hand)
        # Melds and red threes per side.
        listed = table_facts.listed(st.config)
        for side in range(st.config.sides):
            if listed:
                self._listed_melds(side)
            else:
                self._side_melds(side)

    def _foot(self, seat: int, foot: list[Card]) -> None:
        x, y = self.geometry.foot_anchor(seat)
        for index, card in enumerate(foot):
            lift = min(4.0, index / 3)
            self.placements[card] = Placement(
                x - lift, y - lift, FOOT_W, 0.0, False, 150 + index, visible=index >= len(foot) - 2 or index % 4 == 0
            )
        self.foot_spots[seat] = ((x, y), len(foot))

    def _human_hand(self, hand: list[Card]) -> None:
        ui, geo = self.ui, self.geometry
        following = ui.following if ui.dragging else []
        shown = [card for card in shown_hand(hand, ui) if card not in following]
        self.hand_cards = shown
        xs = held_positions(shown, ui.hold) or geo.hand_positions(len(shown))
        width = geo.hand_w
        h = card_h(width)
        base_y = geo.hand_y()
        for index, (card, x) in enumerate(zip(shown, xs)):
            lift = RAISE if card in ui.selected else (6.0 if card is ui.hover else 0.0)
            y = base_y - lift
            self.placements[card] = Placement(x, y, width, 0.0, True, 1000 + index)
            visible_w = width if index == len(shown) - 1 else min(width, xs[index + 1] - x)
            self.hand_rects[card] = pygame.FRect(x - width / 2, y - h / 2, visible_w, h + lift)
        # Cards being dragged follow the pointer, fanned slightly.
        px, py = ui.drag_pos
        gx, gy = ui.drag_grab
        for index, card in enumerate(ui.dragging):
            self.placements[card] = Placement(
                px - gx + index * 26, py - gy + index * 2, geo.hand_w, 0.0, True, DRAG_Z + index
            )
        # The selected cards a drop here would take along, fanned behind them (they fly there
        # and back as the pointer moves over a target that takes them or not).
        for index, card in enumerate(reversed(following), start=1):
            self.placements[card] = Placement(
                px - gx - index * FOLLOW_STEP, py - gy - index * 4, geo.hand_w, -3.0 * index, True, DRAG_Z - index
            )

    def _other_hand(self, seat: int, hand: list[Card]) -> None:
        spot = self.geometry.spot(seat)
        ax, ay = self.geometry.hand_anchor(seat)
        count = len(hand)
        if spot in ("W", "E"):
            room = SIDE_FAN_BOTTOM - self.geometry.side_hand_top - BACK_W
            step = min(11.0, room / max(1, count - 1))
            span = step * (count - 1)
        else:
            span = top_fan_span(count)
            step = span / max(1, count - 1)
        if self.geometry.is_block(seat):  # a small upright fan under the name tag
            step = min(8.0, (BLOCK_FAN - BACK_W) / max(1, count - 1))
            span = step * (count - 1)
            for index, card in enumerate(hand):
                self.placements[card] = Placement(ax - span / 2 + index * step, ay, BACK_W, 0.0, False, FAN_Z + index)
            return
        for index, card in enumerate(hand):
            if spot == "N":
                place = Placement(ax - span / 2 + index * step, ay, BACK_W, 0.0, False, FAN_Z + index)
            else:  # West and East hang down from under their name tags
                angle = 90.0 if spot == "W" else -90.0
                place = Placement(
                    ax, self.geometry.side_hand_top + BACK_W / 2 + index * step, BACK_W, angle, False, FAN_Z + index
                )
            self.placements[card] = place

    def _side_melds(self, side: int) -> None:
        """The classic games: the red threes' fan, then a column per rank, highest first, then
        the staged groups; canastas squared. A crowded area's cards are smaller, or lie in two
        rows, every meld squared with its count on it (TableGeometry.meld_fit)."""
        st, ui, geo = self.state, self.ui, self.geometry
        melds = st.melds[side]
        ranks = sorted(melds, reverse=True)
        staged: list[list[Card]] = []
        if side == st.side_of(self.human):
            staged = [g for g in ui.staged if g]
        reds = st.red_threes[side]
        groups: list[tuple[Rank, list[Card], Meld | None, int | None]] = [
            (rank, list(melds[rank].cards), melds[rank], None) for rank in ranks
        ]
        for index, group in enumerate(staged):
            naturals = [c for c in group if not c.is_wild]
            groups.append((naturals[0].rank if naturals else Rank.JOKER, group, None, index))
        fit = geo.meld_fit(side, [meld is not None and meld.is_canasta for _r, _c, meld, _i in groups], len(reds))
        width = fit.card_w
        height = card_h(width)
        places = list(zip(fit.places, fit.rooms))
        # Red threes: a short horizontal fan at the start of the area.
        if reds:
            ((left, top), room), places = places[0], places[1:]
            red_step = red_three_step(len(reds))
            y = top + height / 2
            for index, card in enumerate(reds):
                self.placements[card] = Placement(left + width / 2 + index * red_step, y, width, 0.0, True, 400 + index)
            below = y + height / 2 - 13 if fit.squared else y + height / 2 + 10
            self.red_three_spots[side] = (left + width / 2 + red_step / 2 * (len(reds) - 1), below)
            if room is not None:
                self.red_three_rooms[side] = room
        for column, ((rank, cards, meld, staged_index), ((left, top), room)) in enumerate(zip(groups, places)):
            x, y = left + width / 2, top + height / 2
            z = 500 + column * 20
            if meld is not None and meld.is_canasta or fit.squared:
                shown_top = canasta_top(meld) if meld is not None else meld_card_order(cards)[0]
                rest = [c for c in cards if c is not shown_top]
                for index, card in enumerate(rest):
                    lift = min(3, index) * 1.5
                    self.placements[card] = Placement(
                        x + lift, y + lift, width, 0.0, True, z + index, visible=index < 3
                    )
                self.placements[shown_top] = Placement(x, y, width, 0.0, True, z + 19)
                rect = pygame.FRect(left, top, width + LIFT, height + LIFT)
                kind = None if meld is None or not meld.is_canasta else "natural" if meld.is_natural else "mixed"
                badge_y = top + height - 13 if fit.squared else None
                self.meld_slots.append(
                    MeldSlot(
                        side,
                        rank,
                        rect,
                        len(cards),
                        kind,
                        staged_index,
                        badge_y=badge_y,
                        badge_room=room,
                        cards=tuple(cards),
                    )
                )
            else:
                self._column(side, rank, meld_card_order(cards), x, y, z, staged_index, width=width, room=room)

    def _listed_melds(self, side: int) -> None:
        """The Samba family: every meld of the side's list, each its own target. Groups
        (canastas and books among them) by rank, highest first, then wild melds, then the
        open sequences as runs in rank order, stacked a few in one place (each run's top
        strip shows every card's rank and suit); staged groups last; the row squeezed to
        fit the area, its cards smaller when it is crowded (game/scenes/meld_row.py)."""
        st, ui, geo = self.state, self.ui, self.geometry
        rules = st.config.rules
        area = geo.meld_areas[side]
        reds = st.red_threes[side]
        red_step = red_three_step(len(reds))
        melds = list(enumerate(st.side_melds(side)))
        melds.sort(key=lambda item: _listed_order(item[1], item[0]))
        mine = side == st.side_of(self.human)
        staged = [g for g in ui.staged if g] if mine else []
        # The row, left to right: melds and staged groups drawn alone, then stacks of runs.
        alone: list[tuple[int | None, Meld | None, int | None, list[Card]]] = []  # number, meld, staged, cards
        runs: list[tuple[int | None, int | None, list[Card]]] = []  # number, staged index, cards
        for laid_number, laid in melds:
            if laid.kind is MeldKind.SEQUENCE and not table_facts.is_closed(laid, rules):
                runs.append((laid_number, None, list(laid.cards)))
            else:
                alone.append((laid_number, laid, None, list(laid.cards)))
        for staged_index, group in enumerate(staged):
            if _is_run(group):
                runs.append((None, staged_index, sorted(group, key=lambda c: (int(c.rank), c.id))))
            else:
                alone.append((None, None, staged_index, group))
        right = area.right
        if mine and (melds or staged):
            self.new_meld_rect = pygame.FRect(
                area.right - NEW_MELD_W, area.y + NEW_MELD_TOP, NEW_MELD_W, card_h(geo.meld_w) + 24
            )
            right = self.new_meld_rect.x - 10

        squared = [meld is not None and _squared(meld, rules) for _n, meld, _i, _c in alone]

        def start(width: float) -> float:
            """Where the melds start, right of the red threes' fan."""
            return area.x + (width + red_step * (len(reds) - 1) + RED_GAP if reds else 0.0)

        Stack = list[tuple[int | None, int | None, list[Card]]]

        def arranged(per_stack: int, width: float) -> tuple[list[Stack], RowFit]:
            stacks: list[Stack] = []
            for size in stack_sizes(len(runs), per_stack):
                first = sum(len(stack) for stack in stacks)
                stacks.append(runs[first : first + size])
            widths = [0] * len(alone) + [max(len(cards) for _n, _i, cards in stack) for stack in stacks]
            lifts = [LIFT if is_squared else 0.0 for is_squared in squared] + [0.0] * len(stacks)
            return stacks, fit_row(widths, width, start(width), right - start(width), lifts)

        # Each run in its own place while the row has room for that; else stacked as few in
        # one place as let the row fit with the usual step (two a stack lie one above the
        # other, whole, where the area is tall enough; more show a strip of each, as tall as
        # the area allows); only with the most a stack holds do the runs' overlap and then the
        # cards shrink. (Play-test, stop 60: the others' runs lay three a stack, a strip of
        # each showing, beside half of their area left empty.)
        width = float(geo.meld_w)
        most = self._runs_per_stack(area, width)
        for per_stack in range(1, max(1, min(most, len(runs))) + 1):
            stacks, fit = arranged(per_stack, width)
            if not fit.squeezed and fit.run_step >= RUN_STEP:
                break
        else:
            width, fit = shrink_to_fit(lambda w: arranged(self._runs_per_stack(area, w), w)[1], width)
            stacks, fit = arranged(self._runs_per_stack(area, width), width)
        top = area.y + card_h(width) / 2 + 2
        # A stack's runs spread down the area: 2 clear above the first one, 2 below the last,
        # and the others' a tab's half more (the tab naming them lies on their bottom edge).
        stack_room = geo.meld_room(side).height - 4
        if geo.zone_label_anchor(side, geo.viewer_side)[0][1] > area.bottom:
            stack_room -= TAB_CLEAR
        for red_index, card in enumerate(reds):
            self.placements[card] = Placement(
                area.x + width / 2 + red_index * red_step, top, width, 0.0, True, 400 + red_index
            )
        if reds:
            fan_middle = area.x + width / 2 + red_step * (len(reds) - 1) / 2
            self.red_three_spots[side] = (fan_middle, top + card_h(width) / 2 + 10)
        for column, ((number, meld, index, cards), x) in enumerate(zip(alone, fit.lefts)):
            z = 500 + column * 20
            cx = x + width / 2
            if meld is None:  # a staged group
                naturals = [c for c in cards if not c.is_wild]
                rank = naturals[0].rank if naturals else Rank.JOKER
                shape = MeldKind.GROUP if naturals else MeldKind.WILD
                self._column(side, rank, meld_card_order(cards), cx, top, z, index, None, shape, width)
                continue
            assert number is not None
            closed = table_facts.is_closed(meld, rules)
            if _squared(meld, rules):
                name = table_facts.canasta_name(meld, rules)
                self._closed_stack(side, meld, cx, top, z, name, number, closed, width)
            else:
                self._column(side, meld.rank, meld_card_order(meld.cards), cx, top, z, None, number, meld.kind, width)
        for column, (stack, x) in enumerate(zip(stacks, fit.lefts[len(alone) :]), len(alone)):
            row_step = stack_step(stack_room, card_h(width), len(stack), RUN_ROW)
            for row, (run_number, run_index, run_cards) in enumerate(stack):
                # The lower run covers the rest of this one, unless they lie a whole card apart.
                strip = None if row == len(stack) - 1 or row_step >= card_h(width) else row_step
                y = top + row * row_step
                z = 500 + column * 20 + row * 8
                rank = run_cards[0].rank
                self._run(side, rank, run_cards, x, y, z, fit.run_step, run_index, run_number, strip, width)

    def _runs_per_stack(self, area: pygame.FRect, width: float) -> int:
        """How many runs of cards `width` wide one stack holds in `area`: each shows a strip,
        the last one whole."""
        return max(1, int((area.height - 4 - card_h(width)) // RUN_ROW) + 1)

    def _closed_stack(
        self,
        side: int,
        meld: Meld,
        x: float,
        top: float,
        z: float,
        kind: str | None,
        number: int,
        closed: bool,
        width: float,
    ) -> None:
        """A canasta squared: its telling card on top (a sequence's highest, a book's or a
        canasta's red or black natural), the kind named under it by the view."""
        shown_top = meld.cards[-1] if meld.kind is MeldKind.SEQUENCE else canasta_top(meld)
        rest = [c for c in meld.cards if c is not shown_top]
        for index, card in enumerate(rest):
            lift = min(3, index) * 1.5
            self.placements[card] = Placement(x + lift, top + lift, width, 0.0, True, z + index, visible=index < 3)
        self.placements[shown_top] = Placement(x, top, width, 0.0, True, z + 19)
        rect = pygame.FRect(x - width / 2, top - card_h(width) / 2, width + 6, card_h(width) + 6)
        self.meld_slots.append(
            MeldSlot(side, meld.rank, rect, meld.size, kind, None, number, meld.kind, closed, cards=meld.cards)
        )

    def _run(
        self,
        side: int,
        rank: Rank,
        cards: list[Card],
        left: float,
        top: float,
        z: float,
        step: float,
        staged_index: int | None,
        number: int | None,
        strip: float | None,
        width: float,
    ) -> None:
        """A sequence: its cards side by side in rank order, low to high, each overlapping the
        one before so that every card's rank and suit show. `strip`: the height of it that
        shows above the next run of its stack (its target), None for the whole card. Its count
        at its end, in its top strip (over its last card's top right: a stacked run shows no
        more; its first and last ranks are the cards' own indices at either end)."""
        for index, card in enumerate(cards):
            self.placements[card] = Placement(left + width / 2 + index * step, top, width, 0.0, True, z + index)
            if strip is not None or index < len(cards) - 1:
                self.shown[card] = (step if index < len(cards) - 1 else None, strip)
        height = card_h(width) if strip is None else strip
        rect = pygame.FRect(left, top - card_h(width) / 2, width + step * (len(cards) - 1), height)
        slot = MeldSlot(
            side,
            rank,
            rect,
            len(cards),
            None,
            staged_index,
            number,
            MeldKind.SEQUENCE,
            badge_y=rect.top + RUN_ROW / 2,
            badge_right=rect.right - RUN_BADGE_INSET,
            cards=tuple(cards),
        )
        self.meld_slots.append(slot)

    def _column(
        self,
        side: int,
        rank: Rank,
        cards: list[Card],
        x: float,
        top: float,
        z: float,
        staged_index: int | None,
        number: int | None = None,
        kind: MeldKind = MeldKind.GROUP,
        width: float | None = None,
        room: float | None = None,
    ) -> None:
        """A group or a wild meld: its cards cascade downwards from (`x`, `top`), centres,
        `width` wide (the area's usual by default); `room`: how wide its badge may be."""
        width = width or self.geometry.meld_w
        step = self.geometry.meld_step(side, len(cards), width)
        for index, card in enumerate(cards):
            self.placements[card] = Placement(x, top + index * step, width, 0.0, True, z + index)
            if index < len(cards) - 1:
                self.shown[card] = (None, step)
        height = card_h(width) + step * (len(cards) - 1)
        rect = pygame.FRect(x - width / 2, top - card_h(width) / 2, width, height)
        self.meld_slots.append(
            MeldSlot(
                side, rank, rect, len(cards), None, staged_index, number, kind, badge_room=room, cards=tuple(cards)
            )
        )

    # -- hit-testing ----------------------------------------------------------
    def hand_card_at(self, pos: Point) -> Card | None:
        for card in reversed(self.hand_cards):
            if self.hand_rects[card].collidepoint(pos):
                return card
        return None

    def meld_slot_at(self, pos: Point, side: int) -> MeldSlot | None:
        """`side`'s meld at `pos`: the one whose rect holds it, else the nearest around it
        (the margin of a stack's lower run lay over the bottom of the strip above it, and a
        point there hit the lower run)."""
        slots = [slot for slot in reversed(self.meld_slots) if slot.side == side]
        for slot in slots:
            if slot.rect.collidepoint(pos):
                return slot
        for slot in slots:
            if slot.rect.inflate(12, 16).collidepoint(pos):
                return slot
        return None


def _squared(meld: Meld, rules) -> bool:
    """The Samba family's melds drawn squared: a canasta of a group, a closed one of any kind."""
    return meld.is_canasta and (table_facts.is_closed(meld, rules) or meld.kind is MeldKind.GROUP)


def _is_run(cards: list[Card]) -> bool:
    """Natural cards of more than one rank: a sequence (being) laid."""
    return len({c.rank for c in cards if not c.is_wild}) > 1


def _listed_order(meld: Meld, number: int) -> tuple[int, int, int, int]:
    """Groups by rank, highest first (a rank's melds side by side, in the order laid); then
    wild melds; then sequences by suit and lowest rank."""
    if meld.kind is MeldKind.GROUP:
        return (0, -int(meld.rank), number, 0)
    if meld.kind is MeldKind.WILD:
        return (1, 0, number, 0)
    suit = meld.cards[0].suit
    return (2, int(suit) if suit is not None else 0, int(meld.rank), number)


# A place a panel may take: its anchor ("midtop", "topright", ...), the anchor's point, the
# widths to try there (the widest first).
PanelSpot = tuple[str, Point, tuple[float, ...]]


def free_place(
    size, spots: list[PanelSpot], hard: list[pygame.FRect], soft: list[pygame.FRect]
) -> tuple[pygame.FRect, float] | None:
    """The first of `spots` (each of its widths in turn; `size(width)` is the panel's
    (width, height) there) where a panel overlaps none of `hard` and none of `soft`: the
    panel's rect and the width it was given."""
    return next(free_places(size, spots, hard, soft), None)


def free_places(
    size, spots: list[PanelSpot], hard: list[pygame.FRect], soft: list[pygame.FRect]
) -> Iterator[tuple[pygame.FRect, float]]:
    """Every place `free_place` may give, in order."""
    for rect, width in _spot_rects(size, spots):
        if rect.collidelist(hard) == -1 and rect.collidelist(soft) == -1:
            yield rect, width


def place_panel(
    size,
    spots: list[PanelSpot],
    hard: list[pygame.FRect],
    soft: list[pygame.FRect],
    first: Sequence[pygame.FRect] = (),
) -> tuple[pygame.FRect, float]:
    """`free_place`; where every spot clear of `hard` overlaps some of `soft`, the one
    overlapping least of `first` (the player's own melds, where the cards go), then least
    of the rest of `soft`; where none is clear of `hard`, the first."""

    def area(rect: pygame.FRect, others: Sequence[pygame.FRect]) -> float:
        clips = [rect.clip(other) for other in others]
        return sum(clip.width * clip.height for clip in clips)

    best: tuple[tuple[float, float], pygame.FRect, float] | None = None
    places = list(_spot_rects(size, spots))
    for rect, width in places:
        if rect.collidelist(hard) != -1:
            continue
        covered = (area(rect, first), area(rect, soft))
        if best is None or covered < best[0]:
            best = (covered, rect, width)
    return (best[1], best[2]) if best is not None else places[0]


def _spot_rects(size, spots: list[PanelSpot]):
    for anchor, point, widths in spots:
        for width in widths:
            w, h = size(width)
            rect = pygame.FRect(0, 0, w, h)
            setattr(rect, anchor, point)
            yield rect, width


def meld_footprint(slot: MeldSlot) -> pygame.FRect:
    """What a meld takes on the table (logical): its cards and its count or kind under it
    (or on it, squared in two rows), a little wider than the widest such label."""
    rect = slot.rect.copy()
    if slot.badge_right is not None:  # a run's count lies on its cards
        return rect
    if slot.badge or slot.canasta is not None or slot.staged_index is not None:
        half = 46.0 if slot.canasta is not None else 16.0
        y = slot.rect.bottom + 10 if slot.badge_y is None else slot.badge_y
        rect = rect.union(pygame.FRect(slot.rect.centerx - half, y - 11, 2 * half, 22))
    return rect


def stock_thickness(packs: int) -> float:
    """How far right of its top card a full stock of `packs` packs reaches (STOCK_SLANT of it down)."""
    return 3.0 * packs


def stock_bottom(packs: int) -> float:
    """The lowest edge of a full stock of `packs` packs (its bottom card, slanted down)."""
    return STOCK_POS[1] + card_h(CENTER_W) / 2 + stock_thickness(packs) * STOCK_SLANT


def stock_rect(packs: int = 2) -> pygame.FRect:
    """The stock's place (clicks, rings, what panels keep clear of): its top card and the
    thickness of a full stack of `packs` packs under it, with a margin."""
    w, h = CENTER_W, card_h(CENTER_W)
    thick = stock_thickness(packs)
    return pygame.FRect(
        STOCK_POS[0] - w / 2 - 8, STOCK_POS[1] - h / 2 - 8, w + 16 + thick, h + 16 + thick * STOCK_SLANT
    )


def pile_rect() -> pygame.FRect:
    h = card_h(CENTER_W)  # square: the crosswise (frozen) cards count too
    return pygame.FRect(PILE_POS[0] - h / 2 - 6, PILE_POS[1] - h / 2 - 6, h + 12, h + 12)


def hand_drop_index(layout: TableLayout, cards: list[Card], x: float) -> int:
    """Where among the hand's other cards `cards` let go at `x` go."""
    shown = [c for c in layout.hand_cards if c not in cards]
    xs = layout.geometry.hand_positions(len(shown) + len(cards))
    return sum(1 for cx in xs[: len(shown)] if cx < x - 20)


def drop_target(layout: TableLayout, pos: Point, side: int, cards: list[Card]) -> DropTarget:
    """The one place that decides where `cards` let go at `pos` land (`side`: the player's)."""
    return drop_place(layout, pos, side, cards)[0]


def drop_place(layout: TableLayout, pos: Point, side: int, cards: list[Card]) -> tuple[DropTarget, pygame.FRect | None]:
    """`drop_target`, and what the table rings while cards are held there: the pile, the
    meld they would join, where a new meld would go, or another side's meld (refused);
    None: the hand, or nowhere to drop."""
    pile = pile_rect()
    if pile.collidepoint(pos):
        return DropTarget("pile"), pile
    new_meld = layout.new_meld_rect
    if new_meld is not None and new_meld.inflate(8, 8).collidepoint(pos):
        return DropTarget("new-meld"), new_meld
    slot = layout.meld_slot_at(pos, side)
    if slot is not None:
        return slot.target, slot.rect
    area = layout.geometry.meld_areas[side]
    if area.inflate(16, 24).collidepoint(pos):
        return DropTarget("new-meld"), new_meld if new_meld is not None else area
    if HAND_RECT.inflate(0, 60).collidepoint(pos):
        return DropTarget("hand", index=hand_drop_index(layout, cards, pos[0])), None
    theirs = next((slot for slot in layout.meld_slots if slot.side != side and slot.rect.collidepoint(pos)), None)
    if theirs is not None:  # (refused: ringed in the refusing colour, with why, as the drop would say)
        return THEIR_MELD, theirs.rect
    return NOWHERE, None
