"""Drawing the table: felt, cards, badges, labels, the score panel.

Reads the table scene and never changes it (`draw` may run twice a frame for a
screenshot). Everything is drawn at the canvas's real pixel size via `Ruler`,
so cards and text stay crisp at any window size. Rendered pieces (rotated card
images, text) are cached by their exact pixel parameters.

The hint, refusal and message panels are a section of their own (`table_panels`): the
view draws them over the table, telling them what it drew that they keep clear of.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game import assets
from game.hints import rank_plural
from game.i18n import _, format_points, join_and, pgettext
from game.move_log import ASKED
from game.rules import Drawn, Phase
from game.scenes import table_facts, theme
from game.scenes.animations import CardSprite
from game.scenes.layout import LOGICAL_SIZE, Canvas, Ruler, box_middle
from game.scenes.shapes import draw_panel, fading_panel, felt_background, rounded_panel, soft_shadow
from game.scenes.table_layout import (
    BLOCK_FAN,
    BLOCK_TEXT_W,
    BUTTONS,
    CENTER_W,
    FAN_Z,
    HAND_RECT,
    LOG_PANEL,
    PILE_CARD_W,
    PILE_CARD_W_MIN,
    PILE_POS,
    PILE_STRIP,
    SCORE_ROW,
    SEAT_LINE,
    SEAT_LINES_TOP,
    SIDE_TEXT_W,
    STAGE_PANEL,
    STAGING_STATUS_Y,
    STATUS_RECT,
    STOCK_LABEL_GAP,
    STOCK_POS,
    STOCK_ZONE,
    STORAGE_WARNING_POS,
    MeldSlot,
    Placement,
    card_h,
    drop_place,
    foot_zone,
    hand_zone,
    lies_crosswise,
    log_panel_rect,
    pile_browser_fit,
    pile_browser_last_scroll,
    pile_browser_places,
    pile_card_shown,
    pile_panel_rect,
    pile_rect,
    score_panel_rect,
    score_row_height,
    stock_bottom,
    stock_rect,
    threes_zone,
)
from game.scenes.table_panels import REFUSAL_FILL, DrawnPieces, TablePanels
from game.scenes.table_source import at_screen
from game.scenes.text import (
    blit_in_box,
    blit_text,
    cut_name,
    fitting_size,
    ink_placed,
    one_line,
    text_image,
    text_width,
    wrap_at_clause,
    wrap_at_most,
    wrap_text,
)
from game.surface_cache import MB, cached_surfaces

if TYPE_CHECKING:
    from game.rules import Card
    from game.scenes.table_source import TableSource

BACK = "B2"
RED_INK = theme.RED_INK
HELD_RING = pygame.Color(250, 243, 226, 170)  # theme.CREAM, half clear: a held click, quietly
LABEL_MARGIN = 6  # logical units between a seat's label and the window's edge
TAG_PAD = 18.0  # a seat's tag: how much wider than its text
SIDE_MARK_W = 12.0  # a tag of the player's side: this much wider, for the gold dot left of its name
SIDE_MARK_R = 4.5  # the dot's radius (logical)
SIDE_TAG_W = 200.0  # West's and East's tags at most (clear of the meld areas)
NORTH_TAG_W = 300.0  # North's tag at most (its last action goes on right of it)
BLOCK_LINES = 3  # a block seat's last action under its cards: lines at most (room before the next tag)
BLACK_INK = pygame.Color(30, 30, 30)
ICE = pygame.Color(120, 190, 235)
ZONE = pygame.Color(0, 0, 0, 38)
ZONE_LINE = pygame.Color(255, 255, 255, 40)
ZONE_LABEL = pygame.Color(8, 40, 24, 200)  # the tab naming whose meld area it is
ZONE_LABEL_LINE = pygame.Color(255, 255, 255, 120)
NEW_CELL = pygame.Color(255, 255, 255, 26)  # our cell for a new meld
SELECT_GLOW = pygame.Color(255, 214, 92)
# The pile browser's frame round the cards a take brings in Hand and Foot (V-HF-TAKE), and
# how far it stands off them.
TAKE_FRAME = pygame.Color(214, 120, 20)
TAKE_FRAME_GAP = 5.0
SITTING_OUT = pygame.Color(40, 64, 52)  # the tag of a seat that sits this deal out
TAKEN_MARK = pygame.Color(255, 196, 40)  # the dot over a card just drawn or taken with the pile
TAKEN_DOT_R = 5.5  # its radius (its dark ring's), logical
CURSOR_RING = pygame.Color(255, 255, 255)  # the keyboard's card cursor
CURSOR_EDGE = pygame.Color(20, 40, 30)
INDEX_CLEARANCE = 3.0  # the drag's label keeps this far from a card's index (logical): never touching it
DROP_REFUSED = pygame.Color(244, 112, 96)  # the ring over where a drop would be refused (PlayerMoves.verdict)
CURSOR_OUT = 4.0  # the cursor's ring lies this far outside the card (logical), its dark edge beyond


# -- cached rendering ------------------------------------------------------


# Bounded by bytes, not entries: a card in flight passes through many widths,
# angles and flip stages, and each of those images is a new entry.
@cached_surfaces(12 * MB)
def _card_pixels(
    stem: str, width_px: int, angle: int, squash: int, four_colour: bool = False, index: int = 0
) -> pygame.Surface:
    # Keyed by the image file's stem (not face + copy): the two copies of a card share one image.
    # `four_colour` is part of the cache key: assets.card_image follows assets.four_colour().
    # `index`: a small card's rank drawn that many pixels tall (assets.index_px).
    image = assets.card_image(stem, 0, width_px, index)
    if squash < 100:
        w, h = image.get_size()
        image = pygame.transform.smoothscale(image, (max(1, w * squash // 100), h))
    if angle:
        image = pygame.transform.rotate(image, angle)
    return image


@cached_surfaces(8 * MB)
def _card_shadow(size: tuple[int, int], angle: int, blur: int, radius: int) -> tuple[pygame.Surface, int]:
    shadow, pad = soft_shadow(size, radius, blur, theme.SHADOW)
    if angle:
        shadow = pygame.transform.rotate(shadow, angle)
    return shadow, pad


def draw_card(
    surface: pygame.Surface,
    sprite: CardSprite,
    lifted: bool = False,
    back: str = BACK,
    shadow: bool = True,
    shown: tuple[float | None, float | None] = (None, None),
) -> None:
    """A card; a small one with its corner index larger, as large as the part of it that
    shows holds (`shown`: its logical width and height from the top left corner, None: all
    of it; TableLayout.shown)."""
    ruler = Ruler.of(surface)
    face = sprite.card.face if sprite.face_up else back
    width_px = max(4, ruler.px(sprite.width))
    angle = int(round(sprite.angle)) % 360
    squash = int(round(sprite.flip_scale * 20)) * 5  # 5 % steps keep the cache small
    if squash < 5:
        return
    stem = assets.card_file_stem(face, sprite.look)
    shown_w, shown_h = (None if part is None else part * ruler.scale for part in shown)
    index = assets.index_px(width_px, stem, (shown_w, shown_h)) if sprite.face_up else 0
    image = _card_pixels(stem, width_px, angle, squash, assets.four_colour(), index)
    center = ruler.point((sprite.x, sprite.y))
    height_px = round(width_px * 336 / 240)
    if shadow:
        shadow_size = (max(1, width_px * squash // 100), height_px)
        blur = ruler.px(6 if lifted else 3)
        image_shadow, _pad = _card_shadow(shadow_size, angle, blur, max(1, width_px // 14))
        drop = ruler.px(6 if lifted else 2)
        surface.blit(image_shadow, image_shadow.get_rect(center=(center[0] + drop // 2, center[1] + drop)))
    surface.blit(image, image.get_rect(center=center))


# The kinds of closed meld named in one size, side by side (the wider's fit).
KIND_PAIRS = {kind: pair for pair in (("book-clean", "book-dirty"), ("natural", "mixed")) for kind in pair}
# A closed meld's kind: the sizes and paddings it tries, largest first (a narrower padding
# before a smaller font), and the smallest font it is read in, in the window's pixels (below
# it, a kind with a short name takes that).
KIND_SIZES = [(size, pad) for size in (12.0, 11.0, 10.0, 9.0, 8.0) for pad in (7.0, 5.0, 3.0)]
KIND_MIN_PX = 8


def pill(
    surface: pygame.Surface,
    text: str,
    center,
    *,
    size: float = 14,
    fill=theme.CREAM,
    ink=theme.INK,
    border=theme.PANEL_BORDER,
    bold: bool = True,
    pad: float = 7,
    anchor: str = "center",
    dot=None,
) -> pygame.Rect:
    """A small rounded label (counts, states), placed by its `anchor` point; `dot`: a dot of
    that colour left of the text (the pill SIDE_MARK_W wider: a seat tag of the player's side)."""
    ruler = Ruler.of(surface)
    size_px = ruler.px(size)
    image = text_image(text, size_px, bold, tuple(pygame.Color(ink)))
    lead = SIDE_MARK_W if dot is not None else 0.0
    box = pill_box(ruler, text, center, size=size, bold=bold, pad=pad, anchor=anchor, lead=lead)
    surface.blit(rounded_panel(box.size, box.height // 2, fill, border, max(1, ruler.px(1.5))), box)
    middle = box_middle(box)  # (the text's ink centred in it, as a button's)
    if dot is None:
        surface.blit(image, ink_placed(image, text, size_px, bold, "center", middle))
        return box
    surface.blit(image, ink_placed(image, text, size_px, bold, "midright", (box.right - ruler.px(pad), middle[1])))
    pygame.draw.aacircle(surface, dot, side_dot_centre(ruler, box, image, pad), max(2, ruler.px(SIDE_MARK_R)))
    return box


def side_dot_centre(ruler: Ruler, box: pygame.Rect, image: pygame.Surface, pad: float = 7) -> tuple[int, int]:
    """Where `pill` puts its dot (pixels), the text `image` right of it in `box`."""
    return (box.right - ruler.px(pad) - image.get_width() - ruler.px(SIDE_MARK_R + 4), box.centery)


def zone_text_size(text: str, area: pygame.FRect) -> float:
    """The size of what an empty meld area says in its middle (narrow areas: five or six seats)."""
    return fitting_size(text, 17, area.width - 24, smallest=11)


def zone_text_rect(text: str, area: pygame.FRect) -> pygame.FRect:
    """Where an empty meld area's words lie (logical)."""
    size = zone_text_size(text, area)
    box = pygame.FRect(0, 0, text_width(text, size), size * 1.5)
    box.center = area.center
    return box


def pill_box(
    ruler: Ruler,
    text: str,
    center,
    *,
    size: float = 14,
    bold: bool = True,
    pad: float = 7,
    anchor: str = "center",
    lead: float = 0.0,
) -> pygame.Rect:
    """Where `pill` draws (pixels); `lead`: room left of the text (logical)."""
    font = assets.font_for_text(text, ruler.px(size), bold)
    w = font.size(text)[0] + 2 * ruler.px(pad) + ruler.px(lead)
    h = font.get_height() + ruler.px(2)
    box = pygame.Rect(0, 0, max(w, h), h)
    setattr(box, anchor, ruler.point(center))
    return box


def _card_box(sprite: CardSprite) -> pygame.FRect:
    """Where a (level) card lies, logical."""
    box = pygame.FRect(0, 0, sprite.width, card_h(sprite.width))
    box.center = (sprite.x, sprite.y)
    return box


def _disk(radius: int) -> pygame.mask.Mask:
    disk = pygame.mask.Mask((2 * radius + 1, 2 * radius + 1))
    for x in range(2 * radius + 1):
        for y in range(2 * radius + 1):
            if (x - radius) ** 2 + (y - radius) ** 2 <= radius * radius:
                disk.set_at((x, y))
    return disk


def _grown(mask: pygame.mask.Mask, radius: int) -> pygame.mask.Mask:
    """`mask` grown by `radius` pixels all round (its corners rounded), same size and place."""
    if radius <= 0:
        return mask.copy()
    return mask.convolve(_disk(radius), pygame.mask.Mask(mask.get_size()), (-radius, -radius))


def cursor_ring(
    ruler: Ruler, card: pygame.FRect, covers: tuple[pygame.FRect, ...]
) -> tuple[pygame.Surface, tuple[int, int]]:
    """The keyboard cursor's ring (and its dark edge) round what shows of `card` under the
    cards lying over it (`covers`), logical: the ring's image and where it goes (pixels).
    The cards drawn later hide what of it falls on them."""
    box = ruler.rect(card)
    out = ruler.px(CURSOR_OUT)
    ring_w = max(2, ruler.px(3))
    edge_w = max(1, ruler.px(2))
    margin = out + edge_w + 1
    shape = pygame.Surface((box.width + 2 * margin, box.height + 2 * margin), pygame.SRCALPHA)
    origin = (box.x - margin, box.y - margin)
    pygame.draw.rect(shape, (255, 255, 255), box.move(-origin[0], -origin[1]), border_radius=ruler.px(5))
    for cover in covers:
        shape.fill((0, 0, 0, 0), ruler.rect(cover).move(-origin[0], -origin[1]))
    shown = pygame.mask.from_surface(shape)
    ring = _grown(shown, out)
    edge = _grown(shown, out + edge_w)
    edge.erase(ring, (0, 0))
    ring.erase(_grown(shown, out - ring_w), (0, 0))
    image = edge.to_surface(setcolor=CURSOR_EDGE, unsetcolor=(0, 0, 0, 0))
    image.blit(ring.to_surface(setcolor=CURSOR_RING, unsetcolor=(0, 0, 0, 0)), (0, 0))
    return image, origin


def _taken_dot(sprite: CardSprite) -> pygame.FRect:
    """The box of the dot over a card just taken (above its top, on its left strip), logical."""
    box = pygame.FRect(0, 0, 2 * TAKEN_DOT_R, 2 * TAKEN_DOT_R)
    box.center = (sprite.x - sprite.width / 2 + 12, sprite.y - card_h(sprite.width) / 2 - 7)
    return box


def _fanned(sprite: CardSprite, in_hand: bool) -> bool:
    """One of the other seats' fans: one shadow under the first card only (each card's own
    would fall on the next card of the fan; six seats' fans made frames slow)."""
    return not sprite.face_up and FAN_Z < sprite.z < FAN_Z + 100 and not in_hand


class PileFit(NamedTuple):
    """Where the open pile browser lies (logical), the seats whose tags it lies over (a line
    each under its heading), the lowest its foot goes, and how many rows of cards it shows."""

    rect: pygame.FRect
    seats: list[int]
    bottom: float
    rows: int
    lines: int = 0  # the lines under its heading: the seats', and Hand and Foot's take (`pile_take_note`)
    strip: float = PILE_STRIP  # its rows at their closest, at the window's size (`pile_strip`)


@functools.lru_cache(maxsize=16)
def pile_strip(scale: float) -> float:
    """How much of a pile browser's card shows at least above the next row (logical) in a
    window at `scale`: its top left index, rank over suit, as drawn there (its rank is
    MIN_INDEX_PX pixels tall however small the card: at 800x450 the index takes 40 units of a
    card, at 1280x720 25), for the browser's largest and smallest cards, and a pixel under it."""
    tallest = max(
        assets.index_corner(max(4, round(width * scale)), "S10")[1] for width in (PILE_CARD_W, PILE_CARD_W_MIN)
    )
    return (tallest + 1) / scale


def score_panel_title(table: TableSource) -> str:
    """The score panel's first line: the deal and what the game is played to; a deal played
    because the leaders are level past the target says so (R-GAME: it reads otherwise as a
    game that forgot to end)."""
    st = table.game.state
    deals = table_facts.deals_in_game(table.config)
    if deals:  # Hand and Foot: four deals, the minimum rising deal by deal
        return _("Deal {n} of {deals} · minimum {minimum}").format(
            n=table_facts.deal_no(st, table.game.deal_number), deals=deals, minimum=st.minimum(table.human_side)
        )
    title = _("Deal {n} · to {target}").format(n=table.game.deal_number + 1, target=table.config.target)
    if table_facts.level_past_target(table.config, st.scores) is not None:
        title += " · " + _("tie-break")
    return title


class TableView:
    """Draws the table scene, read through TableSource."""

    def __init__(self, table: TableSource) -> None:
        self.table = table
        self.panels = TablePanels(table)  # the hint, refusal and message panels (their own section)
        self._pile_state_rects: list[pygame.FRect] = []  # FROZEN, BLOCKED ... by the pile, as last drawn
        self.scale = 1.0  # the window's scale, as last drawn (the pile browser's rows: `pile_strip`)
        # The still layer (its key, the surface) and how many times it was built (for tests).
        self._still: tuple[tuple, pygame.Surface] | None = None
        self.still_builds = 0
        # The keyboard cursor's ring as last drawn: (its key, the image, where it goes).
        self._cursor_ring: tuple[tuple, pygame.Surface, tuple[int, int]] | None = None

    def draw(self, surface: pygame.Surface, covering: Callable[[pygame.Surface], None] | None = None) -> None:
        """The table; `covering` draws what lies over part of it (`table.covered`: the guided
        deal's coach panel), above the table's own panels and bubbles, under the move log and
        the pile browser the player opened (they hid under the coach's panel, play-test stop 53)."""
        table = self.table
        ruler = Ruler.of(surface)
        self.scale = ruler.scale
        self.seat_boxes: dict[int, list[pygame.Rect]] = {}  # what each seat's tag and lines cover
        self.zone_label_boxes: dict[int, pygame.Rect] = {}
        self.foot_boxes: dict[int, pygame.Rect] = {}  # each seat's foot label, as drawn
        self.foot_texts: dict[int, str] = {}
        self.block_lines: dict[int, list[str]] = {}  # a block seat's last action, line by line, as drawn
        self.meld_labels: list[tuple[MeldSlot, str]] = []  # each meld's badge text, as drawn
        self.meld_badge_boxes: list[tuple[MeldSlot | None, pygame.Rect]] = []  # ... where (None: red threes')
        self.stock_label_box: pygame.Rect | None = None  # the stock's count, as drawn
        self.log_rect: pygame.FRect | None = None  # the move log's panel, as drawn
        self.log_lines_end = 0.0  # where its last line of entries ends (logical y), as drawn
        self.need_texts: dict[int, str] = {}  # what each side still needs to go out, as drawn
        self.covered_seat_texts: dict[int, str] = {}  # the seats under the open log, as it says them
        self.pile_take_text: str | None = None  # the pile browser's line of what a take brings, as drawn
        self.pile_take_marks: list[pygame.FRect] = []  # the frames round the cards a take brings (logical), a
        # rectangle for each height of the part in sight (a strip where the row below lies over them)
        self.pile_take_marked: list[int] = []  # ... the pile indices of the cards framed, as drawn
        self.status_boxes: list[pygame.Rect] = []  # the turn instruction's lines, as drawn
        self.drop_ring: pygame.FRect | None = None  # where dragged cards would land, as ringed
        self.drop_count_text: str | None = None  # how many cards land there, as said over the ring
        self.drop_count_box: pygame.Rect | None = None  # ... where (pixels)
        self.drop_refused = False  # the drop there would be refused (PlayerMoves.verdict): ringed in DROP_REFUSED
        self.held_ring: pygame.FRect | None = None  # where a click held while cards land aimed, as ringed
        self.marked_score_row: int | None = None  # the score panel's row with the gold bar (ours), as drawn
        self.marked_tags: dict[int, tuple[int, int]] = {}  # the seats whose tags have the side's dot: where, as drawn
        resting: list[CardSprite] = []
        moving: list[CardSprite] = []
        for sprite in table.animator.draw_order():
            (moving if sprite.z >= 5000 else resting).append(sprite)
        # The felt, the zones and the cards below the first hand card (stock, pile, the
        # other seats' fans, the melds) come from one cached layer.
        hand = table.layout.hand_rects
        still = 0
        while still < len(resting) and resting[still].card not in hand:
            still += 1
        surface.blit(self._still_layer(surface, ruler, resting[:still]), (0, 0))
        selected = table.ui.selected
        hinted = table.ui.hinted
        taken = table.ui.taken
        cursor = table.ui.cursor
        back = table.card_back
        # The dots over cards just taken: each with its card, but one a raised card (selected,
        # a step to its left) would lie over goes under it, drawn before that card.
        marks = {s.card: s for s in resting[still:] if s.card in hand and s.card in taken}
        self.taken_marks: list[Card] = []  # the dots, in the order drawn
        for index, sprite in enumerate(resting[still:], still):
            in_hand = sprite.card in hand
            if in_hand:
                face = _card_box(sprite).inflate(8, 8)  # (with its glow)
                for card, marked in list(marks.items()):
                    if card != sprite.card and _taken_dot(marked).colliderect(face):
                        self._taken_mark(surface, ruler, marks.pop(card))
            if in_hand and sprite.card in selected:
                self._glow(surface, ruler, sprite)
            elif in_hand and sprite.card in hinted:
                self._glow(surface, ruler, sprite, theme.HINT_GLOW)
            draw_card(surface, sprite, back=back, shadow=not _fanned(sprite, in_hand), shown=self._shown(sprite))
            if sprite.card in marks:
                self._taken_mark(surface, ruler, marks.pop(sprite.card))
            if sprite.card is cursor and in_hand:
                later = [_card_box(s) for s in resting[index + 1 :] if s.card in hand]
                self._cursor(surface, ruler, sprite, later)
        self._hint_targets(surface, ruler)
        self._drop_ring(surface, ruler)
        self._held_ring(surface, ruler)
        self._meld_badges(surface, ruler)
        self._feet(surface, ruler)
        self._center_badges(surface, ruler)
        if table.log_open:  # (before the tabs and seats, which keep out from under it)
            self.log_rect = log_panel_rect(self._pile_state_rects + self._tag_places())
        self._zone_labels(surface)
        self._seat_labels(surface, ruler)
        self._score_panel(surface, ruler)
        self._storage_warning(surface)
        self._status(surface, ruler)
        self._stage_panel(surface, ruler)
        table.buttons.draw(surface)
        for sprite in moving:
            draw_card(surface, sprite, lifted=True, back=back, shown=self._shown(sprite))
        self._drop_count(surface, ruler)
        marquee = table.mouse.marquee
        if marquee is not None:
            box = ruler.rect(marquee)
            overlay = pygame.Surface(box.size, pygame.SRCALPHA)
            overlay.fill((255, 230, 150, 40))
            surface.blit(overlay, box)
            pygame.draw.rect(surface, theme.GOLD_LIGHT, box, max(1, ruler.px(1.5)))
        # The hint and refusal panels (beside the log and the pile browser, never under
        # them), then what the players say over them: a bubble lasts a moment, and an
        # answer to "May I go out?" hid under the hint (play-test, stop 42).
        self.panels.draw(surface, ruler, self._drawn_pieces(ruler))
        for bubble in table.bubbles:
            bubble.widget.draw(surface)
        if covering is not None:
            covering(surface)
        if table.log_open:
            self._move_log(surface, ruler)
        if table.pile_open:
            self._pile_browser(surface, ruler)
        self._banner(surface, ruler)  # (clear of the hint where there is room, else see-through over it)

    def _drawn_pieces(self, ruler: Ruler) -> DrawnPieces:
        """What this frame drew that the panels keep clear of (logical): the seats' tags and
        lines, the pile's states, the meld areas' tabs."""
        seats = [ruler.logical(box) for boxes in self.seat_boxes.values() for box in boxes]
        tabs = [ruler.logical(box) for box in self.zone_label_boxes.values()]
        return DrawnPieces(seats, self._pile_state_rects, tabs)

    def _shown(self, sprite: CardSprite) -> tuple[float | None, float | None]:
        """How much of a card shows from its top left corner (TableLayout.shown: a meld's card
        under the next one): its index is drawn as large as that holds."""
        return self.table.layout.shown.get(sprite.card, (None, None))

    # -- the still layer -------------------------------------------------------
    def _still_layer(self, surface: pygame.Surface, ruler: Ruler, sprites: list[CardSprite]) -> pygame.Surface:
        """The felt, the zones and `sprites` (none of them in the hand), drawn in that order
        into a surface of the canvas's own format, kept until what it shows changes. The
        key is what is drawn: each card as it is drawn (with its picture: a joker may show its
        twin's, `CardSprite.look`), the zones' texts, the size, scale, card back and deck
        colours (so a meld laid, a card drawn, a resize or a setting rebuilds it)."""
        back = self.table.card_back
        cards = tuple(
            (
                s.card,
                s.look,
                s.face_up,
                s.x,
                s.y,
                s.width,
                s.angle,
                s.flip_scale,
                s.z,
                _fanned(s, False),
                self._shown(s),
            )
            for s in sprites
        )
        zones = self._zone_texts(tuple(ruler.logical(box) for box in self.panels.boxes.values()))
        key = (surface.get_size(), ruler.scale, surface.get_bitsize(), back, assets.four_colour(), zones, cards)
        if self._still is not None and self._still[0] == key:
            return self._still[1]
        layer = Canvas(surface.get_size(), ruler.scale, surface.get_flags() & pygame.SRCALPHA)
        layer.blit(felt_background(layer.get_size(), theme.FELT_LIGHT, theme.FELT_DARK), (0, 0))
        self._zones(layer, ruler, zones)
        for sprite in sprites:
            draw_card(layer, sprite, back=back, shadow=not _fanned(sprite, False), shown=self._shown(sprite))
        self._still = (key, layer)
        self.still_builds += 1
        return layer

    def _zone_texts(
        self, panels: tuple[pygame.FRect, ...] = ()
    ) -> tuple[tuple[int, tuple[float, float, float, float], str | None], ...]:
        """Each meld area (side, rect) and what its middle says while it has no meld
        (`middle_words`); then our cell for a new meld (side -1), when there is one. Not under a
        panel (`panels`, as last drawn): a hint beside the opponents' melds left the "Y" of
        "Your melds: drag cards here" peeking out at its edge (three-hand, play-test, stop 50)."""
        table = self.table
        out = []
        for side, area in table.geometry.meld_areas.items():
            text = self.middle_words(side)
            if text is not None and any(zone_text_rect(text, area).colliderect(rect) for rect in panels):
                text = None
            out.append((side, (area.x, area.y, area.width, area.height), text))
        cell = table.layout.new_meld_rect
        if cell is not None:
            out.append((-1, (cell.x, cell.y, cell.width, cell.height), _("new meld")))
        return tuple(out)

    def middle_words(self, side: int) -> str | None:
        """What `side`'s meld area says in its middle while it has no meld (panels aside), and
        then its tab is not drawn (`_zone_labels`): the others' name, or our "Our melds: drag
        cards here …". Beside red threes, ours only, where the words miss them (a deal begun
        with one showed our area without a word, where a first meld goes; play-test, stop 55):
        the others' red threes are named by the tab, as their melds will be; it said the
        side's name twice, in the middle and on the tab "Melds of …" (stop 65)."""
        table = self.table
        st = table.game.state
        if st.side_melds(side) or (side == table.human_side and table.ui.staged):
            return None
        yours = side == table.human_side and table.people  # (watching the bots: no one's)
        if st.red_threes[side] and not yours:
            return None
        # (the keyboard's way beside the mouse's: a keyboard player read only "drag")
        # (named as the area's label names it: "Our melds" with a partner)
        text = (
            (
                _("Our melds: drag cards here (or select them, then click here or press M)")
                if table.config.partnerships
                else _("Your melds: drag cards here (or select them, then click here or press M)")
            )
            if yours
            else table.side_name(side)
        )
        placed = (table.layout.placements.get(c) for c in st.red_threes[side])  # (not yet laid out: none)
        words = zone_text_rect(text, table.geometry.meld_areas[side])
        if any(place is not None and words.colliderect(place.rect()) for place in placed):
            return None
        return text

    # -- pieces ----------------------------------------------------------------
    def _zones(self, surface: pygame.Surface, ruler: Ruler, zones) -> None:
        for side, rect, text in zones:
            area = pygame.FRect(rect)
            if side < 0:  # our cell for a new meld: an outline with a plus, named under it
                box = ruler.rect(area)
                surface.blit(rounded_panel(box.size, ruler.px(9), NEW_CELL, ZONE_LABEL_LINE, max(1, ruler.px(2))), box)
                blit_text(surface, "+", 30, theme.TEXT_ON_FELT, bold=True, center=(area.centerx, area.y + 34))
                size = fitting_size(text, 12, area.width - 6, bold=True, smallest=9)
                blit_text(surface, text, size, theme.TEXT_ON_FELT, bold=True, midtop=(area.centerx, area.y + 58))
                continue
            box = ruler.rect(area.inflate(12, 8))
            surface.blit(rounded_panel(box.size, ruler.px(14), ZONE, ZONE_LINE, max(1, ruler.px(1))), box)
            if text is not None:
                blit_in_box(surface, text, zone_text_size(text, area), (255, 255, 255, 90), center=area.center)
        # Empty stock / pile outlines.
        for pos in (STOCK_POS, PILE_POS):
            rect = pygame.FRect(0, 0, CENTER_W, card_h(CENTER_W))
            rect.center = pos
            box = ruler.rect(rect)
            surface.blit(rounded_panel(box.size, ruler.px(7), ZONE, ZONE_LINE, max(1, ruler.px(1.5))), box)

    def _zone_labels(self, surface: pygame.Surface) -> None:
        """Whose melds each area holds, at all times: a tab on the area's edge, drawn over
        the cards (ours on the top edge, the others' on the bottom edge, away from North)."""
        table = self.table
        st = table.game.state
        ruler = Ruler.of(surface)
        for side in table.geometry.meld_areas:
            if self.middle_words(side) is not None:
                continue  # the area says it in its middle (once: stop 65)
            point, anchor = table.geometry.zone_label_anchor(side, table.human_side)
            area = table.geometry.meld_areas[side]
            if table.covered is not None and anchor == "midright" and table.covered.collidepoint(point):
                # Moved left, just clear of the panel: still at the area's right, away from its
                # left end, where the turn's instruction and the staging panel rise (#12).
                point = (max(area.x + 4, table.covered.left - 12), point[1])
            label = self.zone_label(side)
            label, point, anchor = self._tab_off_the_centre(ruler, side, label, point, anchor)
            if point[1] > area.bottom:  # on the bottom edge: below the counts of the melds over it
                box = pill_box(ruler, label, point, size=12, anchor=anchor)
                over = [badge.bottom for _slot, badge in self.meld_badge_boxes if badge.colliderect(box)]
                if over:
                    point = (point[0], point[1] + (max(over) + ruler.px(1) - box.top) / ruler.scale)
            elif point[1] < area.top and st.config.rules.meld_list:  # on the top edge: above
                # the melds under it (the Samba family's row reaches under its right end, where
                # the tab lay over a card's top corner; the classic tables keep their tabs where
                # they were, in the band the hint's and the refusal's places are fitted to)
                tab = ruler.logical(pill_box(ruler, label, point, size=12, anchor=anchor))
                tops = [s.rect.top for s in table.layout.meld_slots if s.side == side and s.rect.colliderect(tab)]
                if tops:
                    point = (point[0], point[1] - (tab.bottom - min(tops)) - 1 / ruler.scale)
            panel = self._open_panel()
            if panel is not None and panel.colliderect(
                ruler.logical(pill_box(ruler, label, point, size=12, anchor=anchor))
            ):
                # Under the log or the pile browser (over the top right with three sides) only
                # its end peeked out; moved left it lay on the pile (six-hand, play-test stop 54).
                continue
            self.zone_label_boxes[side] = pill(
                surface,
                label,
                point,
                size=12,
                fill=ZONE_LABEL,
                ink=theme.TEXT_ON_FELT,
                border=ZONE_LINE,
                anchor=anchor,
            )

    def _tab_off_the_centre(
        self, ruler: Ruler, side: int, label: str, point: tuple[float, float], anchor: str
    ) -> tuple[str, tuple[float, float], str]:
        """A meld area's tab and where it goes: off the stock and the pile, on the area's top edge at
        its left (as the tab of the left half of the top does with three sides) where its
        place lies on them and that spot is free. The log or the pile browser open narrows the
        others' area, and a long name at its right end ("Melds of West, East & South-east")
        lay over the pile's top card, its rank hidden (play-test, stop 63). Six-hand's right
        half has no such spot (North's tag is over it): there the top edge's right end, named
        by the side alone to fit between North's tag and the log, where North's last action
        yields to it (the open log says it too)."""
        table = self.table
        centre = [stock_rect(table.config.rules.packs), pile_rect()]
        if ruler.logical(pill_box(ruler, label, point, size=12, anchor=anchor)).collidelist(centre) == -1:
            return label, point, anchor
        area = table.geometry.meld_areas[side]
        panel = self._open_panel()
        tags = self._tag_places()
        drawn = area.inflate(12, 8)  # (the area's panel as `_zones` draws it)
        left, right = ((area.x + 4, area.top - 4), "midleft"), ((drawn.right - 2, area.top - 4), "midright")
        for text, (moved, to) in ((label, left), (label, right), (table.side_name(side), right)):
            tab = ruler.logical(pill_box(ruler, text, moved, size=12, anchor=to))
            if tab.left < drawn.left or tab.right > drawn.right or (panel is not None and tab.colliderect(panel)):
                continue
            if tab.collidelist(centre) == -1 and tab.collidelist(tags) == -1:
                return text, moved, to
        return label, point, anchor

    def _taken_mark(self, surface: pygame.Surface, ruler: Ruler, sprite: CardSprite) -> None:
        """A dot above a card just drawn or picked up with the pile, on the strip of it that shows."""
        center = ruler.point(_taken_dot(sprite).center)
        pygame.draw.circle(surface, theme.INK, center, ruler.px(TAKEN_DOT_R))
        pygame.draw.circle(surface, TAKEN_MARK, center, ruler.px(4))
        self.taken_marks.append(sprite.card)

    def _asking(self, seat: int) -> bool:
        """The player at `seat` asked "May I go out?" and the answer waits: their label says
        they asked, as a bot's does (the other seats' labels said what each did, the player's
        nothing, while the table waited: stop 60)."""
        st = self.table.game.state
        if st.phase is not Phase.ANSWER or st.turn != seat:
            return False
        entry = self.table.move_log.last_action(seat)
        return entry is not None and entry.msgid == ASKED

    def _last_action(
        self, surface: pygame.Surface, ruler: Ruler, seat: int, tag: pygame.Rect, thinking: bool = False
    ) -> None:
        """What a bot seat did last, by its name tag, so a quick turn is not missed (the
        bottom seat's, watching the bots: "thinking…" while it thinks, its tag is short; the
        player's only while their question waits: `_asking`)."""
        note = self.table.move_log.seat_note(seat, _Nameless(self.table))
        if thinking:
            text = _("thinking…")
        elif note is None:
            return
        else:
            text = note
        spot = self.table.geometry.spot(seat)
        y = box_middle(tag)[1] / ruler.scale
        if spot == "N":  # beside the tag: below it is the meld area
            left = tag.right / ruler.scale + 8
            room = pygame.FRect(left, y - 10, text_width(text, 13, True), 20)
            if (panel := self._open_panel()) is not None and panel.colliderect(room):
                return  # its end would run under the open log or pile browser (which says it)
            if room.collidelist([ruler.logical(tab) for tab in self.zone_label_boxes.values()]) != -1:
                return  # a meld area's tab moved off the pile (six-hand, the log open: it says it)
            self._seat_text(  # (its ink on the tag's label's middle, as the label's in the tag)
                surface,
                seat,
                blit_in_box(surface, text, 13, theme.GOLD_LIGHT, bold=True, midleft=(left, y)),
            )
            return
        # W and E: above the tag (below it hang the seat's cards), at most two lines from the
        # window's edge, clear of the meld areas; S (watching the bots) likewise, left of the hand.
        font = assets.font_for_text(text, ruler.px(13), True)
        width = HAND_RECT.x - 2 * LABEL_MARGIN if spot == "S" else SIDE_TEXT_W
        lines = wrap_at_clause(text, font, ruler.px(width), 2)
        y = tag.top / ruler.scale - 10 - 17 * (len(lines) - 1)
        for line in lines:
            if spot in ("W", "S"):
                where = {"midleft": (LABEL_MARGIN, y)}
            else:
                where = {"midright": (LOGICAL_SIZE[0] - LABEL_MARGIN, y)}
            self._seat_text(surface, seat, blit_text(surface, line, 13, theme.GOLD_LIGHT, bold=True, **where))
            y += 17

    def _tag_places(self) -> list[pygame.FRect]:
        """Where the seats' name tags lie (logical, about: as `_seat_labels` draws them); a
        block seat's, with its fan and the lines under it."""
        places = []
        for seat in range(self.table.config.players):
            x, y = self.table.geometry.label_anchor(seat)
            text, size = self.fitted_tag(seat)
            w = text_width(text, size, True) + TAG_PAD + self.mark_width(seat)
            if self.table.geometry.spot(seat) == "S":
                x, y = x - w / 2, y - 6
            place = pygame.FRect(0, 0, w, 24)
            place.center = (max(w / 2 + LABEL_MARGIN, min(LOGICAL_SIZE[0] - w / 2 - LABEL_MARGIN, x)), y)
            if self.table.geometry.is_block(seat):  # a block: its tag, fan and lines, as one
                bottom = self.table.geometry.action_anchor(seat)[1] + 17 * BLOCK_LINES
                place = place.union(pygame.FRect(x - BLOCK_FAN / 2, y, BLOCK_FAN, bottom - y))
            places.append(place)
        return places

    def log_place(self) -> pygame.FRect:
        """Where the open move log lies, as last drawn (its foot above the pile's states)."""
        return self.log_rect or pygame.FRect(LOG_PANEL)

    def pile_place(self) -> pygame.FRect:
        """Where the pile browser lies (logical): in the move log's place, its foot no lower
        than the log's (clear of the pile's states and of the seats' tags it would cut: with
        six seats it lay over "BLOCKED: black three" and South-east's tag), as tall as the
        pile's rows and the lines under its heading for the seats whose tags it lies over
        (East's, as the open log says them: it covered East's tag and said nothing of it)."""
        return self.pile_fit().rect

    def pile_fit(self) -> PileFit:
        """`pile_place`, the seats it lies over, its foot's limit and the rows it shows (the
        seats' lines make it taller: it may then lie over another's tag, which has its line too)."""
        count = len(self.table.seen_pile)
        bottom = log_panel_rect(self._pile_state_rects + self._tag_places()).bottom
        note = 0 if self.pile_take_note() is None else 1  # (Hand and Foot's line of the take)
        strip = pile_strip(self.scale)
        seats: list[int] = []
        for _tries in range(3):
            panel = pile_panel_rect(count, len(seats) + note, bottom, strip)
            covered = self.covered_seats(panel)
            if covered == seats:
                break
            seats = covered
        rows = pile_browser_fit(count, len(seats) + note, bottom, strip).rows
        return PileFit(panel, seats, bottom, rows, len(seats) + note, strip)

    def pile_take_note(self) -> str | None:
        """Hand and Foot's line under the pile browser's heading: how many of the pile's cards a
        take brings, framed in the browser (the top card and the next six, V-HF-TAKE), and how
        many stay; or that the card on top blocks the pile. None where a take brings the whole
        pile, and for a pile of one card. (The browser listed the whole pile with nothing to say
        that a take there brings seven cards at most: play-test, stop 60.)"""
        table = self.table
        if not table_facts.take_next(table.config):
            return None
        pile = table.seen_pile
        if len(pile) < 2:
            return None
        if pile[-1].is_wild or pile[-1].is_black_three:  # (as GameState.pile_blocked)
            return _("The card on top blocks the pile: nobody may take it.")
        brought = table_facts.take_brings(table.config, len(pile))
        left = len(pile) - brought
        if left == 0:
            return (
                _("A take brings both cards.") if brought == 2 else _("A take brings all {n} cards.").format(n=brought)
            )
        if left == 1:
            return _("A take brings the {n} framed cards; 1 stays.").format(n=brought)
        return _("A take brings the {n} framed cards; {left} stay.").format(n=brought, left=left)

    def pile_take_count(self) -> int:
        """How many of the browser's cards, from the top, are framed as a take's (none where a
        take brings the whole pile, or the pile is blocked: `pile_take_note`)."""
        table = self.table
        pile = table.seen_pile
        if not table_facts.take_next(table.config) or len(pile) < 2 or pile[-1].is_wild or pile[-1].is_black_three:
            return 0
        return table_facts.take_brings(table.config, len(pile))

    def _open_panel(self) -> pygame.FRect | None:
        """The move log's or the pile browser's place while one is open (logical)."""
        table = self.table
        if table.log_open:
            return self.log_place()
        if table.pile_open:
            return self.pile_place()
        return None

    def _under_panel(self, ruler: Ruler, tag: pygame.Rect) -> bool:
        """The move log or the pile browser lies over the seat's tag or the lines above it (East's,
        at the top right): its last action is not said there, where its end would peek out at
        the panel's side (the log says it)."""
        table = self.table
        box = ruler.logical(tag)
        place = box.union(box.move(0, -2 * 17 - 10))  # the tag and the lines above it (_last_action)
        if table.log_open and self.log_place().colliderect(place):
            return True
        return table.pile_open and self.pile_place().colliderect(place)

    def _seat_text(self, surface: pygame.Surface, seat: int, box: pygame.Rect) -> None:
        """Note what was drawn for a seat (pixels), for the layout tests."""
        self.seat_boxes.setdefault(seat, []).append(box)

    def _move_log(self, surface: pygame.Surface, ruler: Ruler) -> None:
        """Every move of the deal in words, newest first (the wheel or Page Up / Down scroll it)."""
        table = self.table
        panel = self.log_place()
        draw_panel(surface, ruler.rect(panel), ruler.px(12), theme.CREAM, theme.PANEL_BORDER, ruler.px(2))
        blit_text(surface, _("Move log"), 17, theme.INK, bold=True, topleft=(panel.x + 14, panel.y + 10))
        blit_text(surface, _("L: close"), 12, theme.INK_SOFT, topright=(panel.right - 14, panel.y + 14))
        y = self._covered_seat_lines(surface, ruler, panel, panel.y + SEAT_LINES_TOP)
        entries = table.move_log.newest_first()[table.log_scroll :]
        if not entries:
            blit_text(
                surface,
                _("Nothing has happened yet in this deal."),
                14,
                theme.INK_SOFT,
                topleft=(panel.x + 14, y + 2),
            )
            return
        font = assets.font_for_text("9♣", ruler.px(14))
        width = ruler.px(panel.width - 28 - 34)
        bottom = panel.bottom - 26  # (the foot's line below)
        shown = 0
        for entry in entries:
            text = entry.full_text(table)
            lines = wrap_text(text, font, width)
            room = int((bottom - y) // 19)
            if room < 1:
                break
            cut = len(lines) > room
            if cut:
                # The entry that does not fit whole shows what fits, its last line cut with "…",
                # down to the panel's foot: the log stopped above it, leaving up to three lines
                # empty (play-test, stop 56). It counts among the older ones still to scroll to.
                lines = wrap_at_most(text, font, width, room)
            blit_text(surface, str(entry.turn), 12, theme.INK_SOFT, topright=(panel.x + 40, y + 2))
            for line in lines:
                blit_text(surface, line, 14, theme.INK, topleft=(panel.x + 48, y))
                y += 19
            self.log_lines_end = y
            if cut:
                break
            y += 4
            shown += 1
        # What is scrolled away, at the panel's foot, as the pile browser says it.
        parts = []
        if table.log_scroll:
            parts.append(pgettext("move log", "↑ {n} newer").format(n=table.log_scroll))
        if len(entries) > shown:
            parts.append(pgettext("move log", "↓ {n} older").format(n=len(entries) - shown))
        if parts:
            text = " · ".join([*parts, _("the wheel or PgUp / PgDn scrolls")])
            blit_text(surface, text, 12, theme.INK_SOFT, midbottom=(panel.centerx, panel.bottom - 6))

    def covered_seats(self, panel: pygame.FRect) -> list[int]:
        """The seats whose tags `panel` (logical) lies over: East's, under the open move log
        (five- and six-hand's block at the top right, with its fan)."""
        places = self._tag_places()
        return [seat for seat in range(self.table.config.players) if panel.colliderect(places[seat])]

    def _covered_seat_lines(self, surface: pygame.Surface, ruler: Ruler, panel: pygame.FRect, y: float) -> float:
        """Under the move log's heading, each seat it lies over: its tag (the cards it holds)
        and its last move, on one line (the log hid East's card count, play-test, stop 57).
        Returns where the log goes on."""
        seats = self.covered_seats(panel)
        width = panel.width - 28
        for seat in seats:
            text = self.seat_line(seat)
            size = fitting_size(text, 13, width, bold=True)
            line = one_line(surface, text, size, width, bold=True)
            self.covered_seat_texts[seat] = line
            blit_text(surface, line, size, theme.INK_SOFT, bold=True, topleft=(panel.x + 14, y))
            y += SEAT_LINE
        if seats:
            y += 4
            start, end = ruler.point((panel.x + 14, y - 3)), ruler.point((panel.right - 14, y - 3))
            pygame.draw.line(surface, theme.PANEL_BORDER, start, end, max(1, ruler.px(1)))
        return y + 2

    def _pile_browser(self, surface: pygame.Surface, ruler: Ruler) -> None:
        """The whole discard pile, newest first (the top card ringed), scrolled by the wheel or
        Page Up / Down: as it is seen, a discard on its way not yet on it, a take's cards until
        each has left it (as the Pile N button counts)."""
        table = self.table
        pile = table.seen_pile
        panel, seats, bottom, rows, lines, strip = self.pile_fit()
        draw_panel(surface, ruler.rect(panel), ruler.px(12), theme.CREAM, theme.PANEL_BORDER, ruler.px(2))
        title = _("Discard pile · 1 card") if len(pile) == 1 else _("Discard pile · {n} cards").format(n=len(pile))
        blit_text(surface, title, 17, theme.INK, bold=True, topleft=(panel.x + 14, panel.y + 10))
        blit_text(surface, _("V: close"), 12, theme.INK_SOFT, topright=(panel.right - 14, panel.y + 14))
        # The seats it lies over, as the move log says them (East's tag was hidden).
        below = self._covered_seat_lines(surface, ruler, panel, panel.y + SEAT_LINES_TOP)
        self.pile_take_text = note = self.pile_take_note()
        self.pile_take_marks, self.pile_take_marked = [], []
        if note is not None:  # Hand and Foot: what a take brings, the cards framed below
            width = panel.width - 28
            size = fitting_size(note, 13, width, bold=True)
            self.pile_take_text = line = one_line(surface, note, size, width, bold=True)
            blit_text(surface, line, size, theme.INK, bold=True, topleft=(panel.x + 14, below))
        if not pile:
            where = (panel.x + 14, max(below, panel.y + 44))
            blit_text(surface, _("The pile is empty."), 14, theme.INK_SOFT, topleft=where)
            return
        # (a pile taken while the browser was scrolled down: its new cards, from the top)
        scroll = min(table.pile_scroll, pile_browser_last_scroll(len(pile), rows))
        places = pile_browser_places(len(pile), scroll, lines, bottom, strip)
        grid = pile_browser_fit(len(pile), lines, bottom, strip)
        width = grid.card_w
        framed = self.pile_take_count()  # (from the top: a take's cards)
        row: list[tuple[int, pygame.FRect]] = []  # the framed cards of the row being drawn, the part in sight of each
        for at, (index, x, y) in enumerate(places):
            card = pile[index]
            # What of it is in sight (the next card of its row and the row below lie over the rest):
            # its index is drawn as large as that holds.
            shown = pile_card_shown(at, len(places), grid)
            seen = pygame.FRect(x - width / 2, y - card_h(width) / 2, shown[0] or width, shown[1] or card_h(width))
            if index == len(pile) - 1:  # the top card: the one a take is about, ringed as far as it shows
                ring = pygame.FRect(seen.x - 4, seen.y - 4, width + 8, seen.height + 8)
                surface.blit(rounded_panel(ruler.size(ring.size), ruler.px(8), SELECT_GLOW), ruler.rect(ring))
            draw_card(surface, CardSprite(card, Placement(x, y, width)), back=table.card_back, shown=shown)
            if index >= len(pile) - framed:
                row.append((index, seen))
            following = places[at + 1] if at + 1 < len(places) else None
            if row and (following is None or following[2] != y or following[0] < len(pile) - framed):
                # The row's framed cards end here: their frame, over them, before the next row
                # (which lies over its foot where the rows are close) and up to the next card's edge.
                self._take_frame(surface, ruler, row, ends_at_next=following is not None and following[2] == y)
                row = []
        # What is scrolled away, at the panel's foot.
        newer = places[0][0] < len(pile) - 1
        older = places[-1][0] > 0
        if newer or older:
            parts = []
            if newer:
                parts.append(pgettext("pile browser", "↑ {n} newer").format(n=len(pile) - 1 - places[0][0]))
            if older:
                parts.append(pgettext("pile browser", "↓ {n} older").format(n=places[-1][0]))
            text = " · ".join(parts) + " · " + _("the wheel or PgUp / PgDn scrolls")
            blit_text(surface, text, 12, theme.INK_SOFT, midbottom=(panel.centerx, panel.bottom - 6))
        else:
            blit_text(surface, _("Newest first"), 12, theme.INK_SOFT, midbottom=(panel.centerx, panel.bottom - 6))

    def _take_frame(
        self, surface: pygame.Surface, ruler: Ruler, row: list[tuple[int, pygame.FRect]], ends_at_next: bool
    ) -> None:
        """A frame round the cards of one row of the pile browser that a take brings (Hand and
        Foot: the top card and the next six), round the part of each in sight (`row`: each
        one's pile index and that part, left to right): a strip where the row below lies over
        the rest (the frame went down their whole height, its side showing beside the rows
        under them), the whole card where none does; ending where the next card of the row,
        which stays (`ends_at_next`), begins: it shows only its index strip, and the frame
        crosses none of it."""
        gap = TAKE_FRAME_GAP
        parts: list[pygame.FRect] = []  # the frame's rectangles, one per height, left to right
        for _index, seen in row:
            if parts and abs(parts[-1].bottom - (seen.bottom + gap)) < 0.01:  # (as high as the last one)
                parts[-1].width = seen.right - parts[-1].x
            else:
                parts.append(pygame.FRect(seen.x, seen.y - gap, seen.width, seen.height + 2 * gap))
        parts[0].x -= gap
        parts[0].width += gap
        if not ends_at_next:
            parts[-1].width += gap
        for first, second in zip(parts, parts[1:]):  # the taller's side beside the lower one, clear of the index
            if first.height < second.height:
                second.x -= gap
                second.width += gap
            else:
                first.width += gap
        # Each part a ring on one layer, the lower of two side by side reaching into the other past
        # its rounded corners (their edges run on unbroken), then what lies inside the frame
        # cleared: each part's inside and, between two of them, the inside of both as high as the
        # lower one (no edge between them).
        bounds = ruler.rect(parts[0].unionall(parts[1:]))
        layer = pygame.Surface(bounds.size, pygame.SRCALPHA)
        border, radius = ruler.px(3), ruler.px(8)
        boxes = [ruler.rect(part).move(-bounds.x, -bounds.y) for part in parts]
        rings = [box.copy() for box in boxes]
        for box, next_box, ring, next_ring in zip(boxes, boxes[1:], rings, rings[1:]):
            if box.height < next_box.height:
                ring.width += 2 * radius
            else:
                next_ring.x -= 2 * radius
                next_ring.width += 2 * radius
        for box in rings:
            layer.blit(rounded_panel(box.size, radius, pygame.Color(0, 0, 0, 0), TAKE_FRAME, border), box)
        insides = [box.inflate(-2 * border, -2 * border) for box in boxes]
        clear = pygame.Color(0, 0, 0, 0)
        for inside in insides:
            layer.fill(clear, inside)
        for inside, next_inside in zip(insides, insides[1:]):
            top, bottom = max(inside.top, next_inside.top), min(inside.bottom, next_inside.bottom)
            layer.fill(clear, pygame.Rect(inside.left, top, next_inside.right - inside.left, bottom - top))
        surface.blit(layer, bounds)
        self.pile_take_marks.extend(parts)
        self.pile_take_marked.extend(index for index, _seen in row)

    def zone_label(self, side: int) -> str:
        """The label of a side's meld area: ours, or the opponents' by their names (every
        side's, watching the bots)."""
        table = self.table
        if side == table.human_side and table.people:
            return _("Our melds") if table.config.partnerships else _("Your melds")
        return _("Melds of {side}").format(side=table.side_name(side))

    def _glow(
        self, surface: pygame.Surface, ruler: Ruler, sprite: CardSprite, color: pygame.Color = SELECT_GLOW
    ) -> None:
        w = ruler.px(sprite.width + 8)
        h = ruler.px(card_h(sprite.width) + 8)
        box = pygame.Rect(0, 0, w, h)
        box.center = ruler.point((sprite.x, sprite.y))
        surface.blit(rounded_panel(box.size, ruler.px(9), color), box)

    def _cursor(self, surface: pygame.Surface, ruler: Ruler, sprite: CardSprite, later: list[pygame.FRect]) -> None:
        """The keyboard's focus on a hand card: a bright ring round the part of it in sight
        (the cards drawn `later`, over it, hide the rest) and a caret over it. A raised
        (selected) card shows above its neighbours too: the ring follows that outline, not
        only its uncovered strip (it read as two cards, keyboard play-test, stop 47)."""
        card = _card_box(sprite)
        covers = tuple(box for box in later if box.colliderect(card))
        key = (tuple(ruler.rect(card)), tuple(tuple(ruler.rect(box)) for box in covers), ruler.scale)
        if self._cursor_ring is None or self._cursor_ring[0] != key:
            self._cursor_ring = (key, *cursor_ring(ruler, card, covers))
        _key, image, topleft = self._cursor_ring
        surface.blit(image, topleft)
        # The caret: over the middle of the card's top edge as far as it shows.
        top = [box.left for box in covers if box.top <= card.top + 1 and box.left > card.left]
        right = min([card.right, *top])
        x = ruler.px((card.left + right) / 2)
        y = ruler.px(card.top) - ruler.px(CURSOR_OUT) - max(1, ruler.px(2)) - ruler.px(2)
        size = ruler.px(8)
        points = [(x - size, y - size), (x + size, y - size), (x, y)]
        pygame.draw.polygon(surface, CURSOR_RING, points)
        pygame.draw.polygon(surface, CURSOR_EDGE, points, max(1, ruler.px(1.5)))

    def _hint_targets(self, surface: pygame.Surface, ruler: Ruler) -> None:
        """Ring what a hint points at: the stock, the pile, a meld, the ask button."""
        hint = self.table.hint
        if hint is None:
            return
        rings: list[pygame.FRect] = []
        if "stock" in hint.targets:
            rings.append(stock_rect(self.table.config.rules.packs))
        if "pile" in hint.targets:
            rings.append(pile_rect())
        if "ask" in hint.targets:
            rings.append(self.table.ask_button.rect.inflate(6, 6))
        side = self.table.human_side
        for slot in self.table.layout.meld_slots:
            if slot.side != side or slot.staged_index is not None:
                continue
            key = f"meld#{slot.number}" if slot.number is not None else f"meld:{slot.rank.symbol}"
            if key in hint.targets:
                rings.append(slot.rect.inflate(12, 12))
        for rect in rings:
            box = ruler.rect(rect)
            surface.blit(
                rounded_panel(box.size, ruler.px(10), pygame.Color(0, 0, 0, 0), theme.HINT_GLOW, max(2, ruler.px(3))),
                box,
            )

    def _drop_ring(self, surface: pygame.Surface, ruler: Ruler) -> None:
        """While cards are dragged: ring where they would land if let go now (the meld they
        would join, the place of a new meld, the pile), so a drop among close melds (the
        Samba family's runs side by side) is never a guess."""
        table = self.table
        ui = table.ui
        if not (ui.dragging or ui.dragging_top):
            return
        target, rect = drop_place(table.layout, ui.drag_pos, table.human_side, list(ui.dragging))
        if rect is None or (ui.dragging_top and target.kind != "meld"):
            return  # (the pile's top card is only let go onto a meld: TableScene.drop_top)
        verdict = table.drop_verdict(target)
        self.drop_refused = verdict is not None and not verdict.accepted
        self.drop_ring = rect
        box = ruler.rect(rect.inflate(10, 10))
        colour = DROP_REFUSED if self.drop_refused else theme.GOLD_LIGHT
        surface.blit(
            rounded_panel(box.size, ruler.px(10), pygame.Color(0, 0, 0, 0), colour, max(2, ruler.px(3))),
            box,
        )

    def _drop_count(self, surface: pygame.Surface, ruler: Ruler) -> None:
        """While selected cards follow the dragged one to where the drop ring is (they would go
        with it, PlayerMoves.landing): how many cards a drop there lays or takes with; where
        the drop would be refused (PlayerMoves.verdict), that it won't go, in the refusing
        colour (the panels say why). Beside the cards held, where it hides no card's index
        (`_clear_of_indices`: over the fan it hid the rank of our meld's top card)."""
        table = self.table
        ui = table.ui
        if self.drop_ring is None or not (ui.dragging or ui.dragging_top):
            return
        if not ui.following and not self.drop_refused:
            return
        sprites = table.animator.sprites
        held = [*ui.dragging, *ui.following] if ui.dragging else table.game.state.pile[-1:]
        boxes = [_card_box(sprites[card]) for card in held if card in sprites]
        if not boxes:
            return
        count = len(held)
        if not self.drop_refused:
            text, fill, ink = _("{n} cards").format(n=count), theme.GOLD_LIGHT, theme.INK
        else:
            text = _("Won't go here") if count == 1 else _("{n} cards won't go here").format(n=count)
            fill, ink = REFUSAL_FILL, theme.CREAM
        anchor, point = self._clear_of_indices(ruler, text, boxes, set(held))
        self.drop_count_box = pill(surface, text, point, size=14, fill=fill, ink=ink, anchor=anchor)
        self.drop_count_text = text

    def _clear_of_indices(
        self, ruler: Ruler, text: str, fan: list[pygame.FRect], held: set[Card]
    ) -> tuple[str, tuple[float, float]]:
        """Where the drag's label goes (its anchor and point, logical): the first place beside
        the cards held (`fan`: the dragged card first) that lies on the table and over no card's
        index, INDEX_CLEARANCE apart (`index_zones`: the cards held's own, and every other card's in sight);
        above them, right of them, left, below; failing all, on the dragged card's face, under
        its top index."""
        box = fan[0].unionall(fan[1:])
        size = pill_box(ruler, text, (0, 0), size=14)
        w, h = size.width / ruler.scale, size.height / ruler.scale
        gap = 4.0
        places = [
            ("midbottom", (box.centerx, box.top - gap)),
            ("topleft", (box.right + gap, box.top + gap)),
            ("topright", (box.left - gap, box.top + gap)),
            ("midtop", (box.centerx, box.bottom + gap)),
            ("midleft", (box.right + gap, box.centery)),
            ("midright", (box.left - gap, box.centery)),
            ("bottomleft", (box.right + gap, box.bottom - gap)),
            ("bottomright", (box.left - gap, box.bottom - gap)),
        ]
        reach = box.inflate(2 * (w + gap) + 2, 2 * (h + gap) + 2)  # (where a place may lie: the cards there)
        zones = self.index_zones(ruler, held, fan[0], reach)
        table_rect = pygame.FRect((0, 0), LOGICAL_SIZE)
        for anchor, point in places:
            rect = pygame.FRect(0, 0, w, h)
            setattr(rect, anchor, point)
            clear = rect.inflate(2 * INDEX_CLEARANCE, 2 * INDEX_CLEARANCE).collidelist(zones) < 0
            if clear and table_rect.contains(rect):
                return anchor, point
        return "center", fan[0].center

    def index_zones(
        self, ruler: Ruler, held: set[Card], over: pygame.FRect | None = None, near: pygame.FRect | None = None
    ) -> list[pygame.FRect]:
        """Where the cards' indices lie (logical): each face-up card's top left index as drawn
        (assets.index_corner, as far as the part of it that shows holds it) and, where all of
        it shows, its bottom right one; the cards `held` (dragged, following) and, but for
        those `over` (the dragged card) hides, every other card's; only the cards that reach
        into `near`, if given (a frame asks: the places beside the cards held)."""
        zones: list[pygame.FRect] = []
        for card, sprite in self.table.animator.sprites.items():
            if not sprite.face_up or sprite.flip_scale < 1.0:
                continue
            face = _card_box(sprite)
            if near is not None and not near.colliderect(face):
                continue
            if over is not None and card not in held and over.contains(face):
                continue  # (under the card dragged: hidden already)
            shown = self._shown(sprite)
            shown_px = tuple(None if part is None else part * ruler.scale for part in shown)
            width_px = max(4, ruler.px(sprite.width))
            stem = assets.card_file_stem(card.face, sprite.look)
            wide, tall = (part / ruler.scale for part in assets.index_corner(width_px, stem, shown_px))
            zones.append(pygame.FRect(face.x, face.y, wide, tall))
            if shown == (None, None):
                zones.append(pygame.FRect(face.right - wide, face.bottom - tall, wide, tall))
        return zones

    def _held_ring(self, surface: pygame.Surface, ruler: Ruler) -> None:
        """A click held while the turn's cards land (TableScene._hold): a thin, half-clear
        cream ring where it aimed, until it acts or is dropped: the player sees it was taken
        and waits, where the hint's blue and the drop's gold rings ask for something."""
        rect = self.table.held_mark()
        self.held_ring = rect
        if rect is None:
            return
        box = ruler.rect(rect)
        surface.blit(
            rounded_panel(box.size, ruler.px(10), pygame.Color(0, 0, 0, 0), HELD_RING, max(1, ruler.px(2))),
            box,
        )

    def _meld_badges(self, surface: pygame.Surface, ruler: Ruler) -> None:
        table = self.table
        layout = table.layout
        slots = layout.meld_slots
        listed = table_facts.listed(table.config)
        for index, slot in enumerate(slots):
            # How wide a label may be: the Samba family's, as wide as the meld's own part of
            # the row (many melds, squeezed rows); a crowded classic row's, as the gaps beside
            # them allow (badge_room); other classic ones, centred, as wide as the distance to
            # their neighbours' (_centred_room).
            after = slots[index + 1] if index + 1 < len(slots) else None
            room = slot.rect.width + 10 if listed else 1e9
            if listed and after is not None and after.side == slot.side and after.rect.x > slot.rect.x:
                room = min(room, after.rect.x - slot.rect.x - 2)
            if slot.badge_room is not None:
                room = min(room, slot.badge_room)
            elif not listed:  # centred: two canastas' kinds side by side share the gap between them
                room = min(room, self._centred_room(slots, index))
            below = (
                slot.rect.x + min(slot.rect.width, room) / 2 if listed else slot.rect.centerx,
                slot.rect.bottom + 10 if slot.badge_y is None else slot.badge_y,
            )
            # The cards that have landed (a bot's meld flying in counts up; its canasta is named
            # once the last card is down).
            count = sum(1 for card in slot.cards if table.animator.arrived(card)) if slot.cards else slot.count
            # A run's count at its end, on its top strip (a stacked run shows no more of itself).
            at, anchor = (below, "center") if slot.badge_right is None else ((slot.badge_right, below[1]), "midright")
            if slot.staged_index is not None:
                box = ruler.rect(slot.rect.inflate(8, 8))
                pygame.draw.rect(surface, theme.GOLD_LIGHT, box, max(1, ruler.px(2)), border_radius=ruler.px(7))
                box = pill(surface, str(slot.count), at, size=13, fill=theme.GOLD_LIGHT, anchor=anchor)
                self.meld_labels.append((slot, str(slot.count)))
            elif not count:  # none of its cards there yet
                continue
            elif slot.canasta is not None and count == slot.count:
                text, box = self._canasta_badge(surface, slot, below, room)
                self.meld_labels.append((slot, text))
            elif not slot.badge:
                continue
            else:
                box = pill(surface, str(count), at, size=13, anchor=anchor)
                self.meld_labels.append((slot, str(count)))
            self.meld_badge_boxes.append((slot, box))
        focus = table.ui.meld_focus
        if focus is not None:
            for slot in slots:
                if slot.side == table.human_side and slot.target == focus:
                    box = ruler.rect(slot.rect.inflate(10, 10))
                    surface.blit(
                        rounded_panel(
                            box.size, ruler.px(9), pygame.Color(0, 0, 0, 0), CURSOR_RING, max(2, ruler.px(3))
                        ),
                        box,
                    )
        for side, spot in layout.red_three_spots.items():
            count = table.animator.count(threes_zone(side))
            if not count:  # the first on its way: its label comes with it
                continue
            label = _("red 3s ×{n}").format(n=count)
            fan_room = layout.red_three_rooms.get(side)  # (a crowded row: as the gap beside them allows)
            size = 12.0 if fan_room is None else fitting_size(label, 12, max(24.0, fan_room - 10), True, 8)
            box = pill(surface, label, spot, size=size, fill=theme.CREAM, ink=RED_INK, pad=7 if size >= 12 else 4)
            self.meld_badge_boxes.append((None, box))

    @staticmethod
    def _centred_room(slots: Sequence[MeldSlot], index: int) -> float:
        """The room for a centred label under slot `index`: as wide as the distance to the
        centre of the next labelled meld in its row on either side, less the pill's padding
        beyond the fitted text, so two neighbours' labels never touch."""
        slot = slots[index]
        room = 1e9
        for near in (slots[index - 1] if index else None, slots[index + 1] if index + 1 < len(slots) else None):
            if near is None or near.side != slot.side or near.staged_index is not None:
                continue
            if abs(near.rect.top - slot.rect.top) < slot.rect.height / 2:  # the same row
                room = min(room, abs(near.rect.centerx - slot.rect.centerx) - 6)
        return room

    def _canasta_badge(
        self, surface: pygame.Surface, slot: MeldSlot, below: tuple[float, float], room: float
    ) -> tuple[str, pygame.Rect]:
        """A canasta's kind under it: "7 · natural", "samba", "clean book" ... (red for the
        natural and clean kinds, black for the mixed and dirty ones, gold for a samba,
        escalera or bolivia)."""
        kind = slot.canasta or ""
        ruler = Ruler.of(surface)
        limit = max(ruler.px(24.0), ruler.px(room) - 2)

        def named(kind: str, short: bool = False) -> str:
            names = table_facts.CLOSED_SHORT_NAMES if short else table_facts.CLOSED_NAMES
            name = _(names.get(kind, table_facts.CLOSED_NAMES.get(kind, kind)))
            return name if slot.closed else f"{slot.count} · {name}"

        def fitted(short: bool) -> tuple[str, float, float]:
            # The pill as drawn, in the window's whole pixels (its font's size rounded, its
            # padding on both sides), a pixel clear of `room` on each side: the largest size,
            # with the usual padding where it fits, else a narrower one (the text alone was
            # fitted to room - 10 in logical units: at 800x450 the Chinese "9 · 混合" touched
            # the next kind). Fitted as the wider of the pair would be, so that a clean and a
            # dirty book (a natural and a mixed canasta) side by side are named in one size
            # ("clean book", two pixels wider, fell two sizes below "dirty book").
            peers = [named(k, short) for k in KIND_PAIRS.get(kind, (kind,))]
            fits = (
                c
                for c in KIND_SIZES
                if all(pill_box(ruler, t, below, size=c[0], pad=c[1]).width <= limit for t in peers)
            )
            size, pad = next(fits, KIND_SIZES[-1])
            return named(kind, short), size, pad

        # The name in a readable size, else its short form: in a row of twelve Hand and Foot
        # melds at 800x450 "clean book" and "dirty book" fell to 5 pixels (play-test, stop 57);
        # "clean" and "dirty" are read in 8.
        text, size, pad = fitted(False)
        if ruler.px(size) < KIND_MIN_PX and kind in table_facts.CLOSED_SHORT_NAMES:
            text, size, pad = fitted(True)
        fill = {"natural": RED_INK, "book-clean": RED_INK, "mixed": BLACK_INK, "book-dirty": BLACK_INK}.get(kind)
        ink = theme.CREAM if fill is not None else theme.INK
        box = pill(
            surface,
            text,
            below,
            size=size,
            fill=fill if fill is not None else theme.GOLD_LIGHT,
            ink=ink,
            border=theme.GOLD,
            pad=pad,
        )
        return text, box

    def _feet(self, surface: pygame.Surface, ruler: Ruler) -> None:
        """Hand and Foot: each foot lying face down with its count; once picked up, that the
        seat plays from it."""
        table = self.table
        st = table.game.state
        if not table_facts.has_feet(table.config):
            return
        geo = table.geometry
        for seat in range(table.config.players):
            spot = table.layout.foot_spots.get(seat)
            count = table.animator.count(foot_zone(seat))  # (dealt one by one; picked up, until its cards leave)
            if spot is not None or count:
                x, y = geo.foot_anchor(seat)
                self.foot_texts[seat] = _("foot {n}").format(n=count)
                self.foot_boxes[seat] = pill(
                    surface, self.foot_texts[seat], (x, y + 18), size=12, fill=theme.CREAM, pad=5
                )
            elif table_facts.playing_from_foot(st, seat):
                x, y = geo.foot_anchor(seat)
                mine = seat == table.human  # (beside the other seats' fans the label is short)
                text = self.foot_texts[seat] = _("playing from the foot") if mine else _("from the foot")
                size = fitting_size(text, 12, 132 if mine else 84, bold=True, smallest=9)
                self.foot_boxes[seat] = pill(
                    surface, text, (x, y), size=size, fill=theme.GOLD_LIGHT, ink=theme.INK, border=theme.GOLD, pad=5
                )

    def _stock_label(self, surface: pygame.Surface, ruler: Ruler, text: str) -> pygame.Rect:
        """The stock's count under it, clear of the full stack's slanted bottom edge (it touched
        it at 800x450, play-test stop 54) and above our meld area: the largest size that fits
        between them, in the window's whole pixels (at least two clear ones under the stack)."""
        stack = math.ceil(stock_bottom(self.table.config.rules.packs) * ruler.scale)
        top = (stack + max(2, ruler.px(STOCK_LABEL_GAP))) / ruler.scale
        floor = ruler.point((0, self.table.geometry.meld_areas[self.table.geometry.viewer_side].top))[1] - 1
        sizes = (14.0, 13.0, 12.0)
        at = (STOCK_POS[0], top)
        size = next((s for s in sizes if pill_box(ruler, text, at, size=s, anchor="midtop").bottom <= floor), sizes[-1])
        return pill(surface, text, at, size=size, anchor="midtop")

    def _center_badges(self, surface: pygame.Surface, ruler: Ruler) -> None:
        st = self.table.game.state
        states: list[pygame.Rect] = []
        stock = self.table.animator.count(STOCK_ZONE)  # (the cards seen there: one drawn counts once it leaves)
        self.stock_label_box = self._stock_label(surface, ruler, _("Stock {n}").format(n=stock))
        # Pile states, stacked to the right of the pile: of the pile as it is seen (a wild card
        # discarded freezes it once it is down; a take's cards keep it frozen until the one that
        # froze it has left), its top once landed (a black three blocks it).
        seen = self.table.seen_pile
        frozen = sum(1 for card in seen if card.is_wild or card.is_red_three)  # (as GameState.pile_frozen)
        pile = [card for card in st.pile if self.table.animator.arrived(card)]
        blocked = bool(pile) and (pile[-1].is_wild or pile[-1].is_black_three)  # (as GameState.pile_blocked)
        crosswise = any(lies_crosswise(c, st.config.rules) for c in seen[:-1])
        x, y = PILE_POS[0] + (102 if crosswise else CENTER_W / 2 + 14), PILE_POS[1] - 26
        take_next = table_facts.take_next(self.table.config)
        if take_next:  # Hand and Foot: no freezing, always a natural pair
            if pile and not blocked:
                box = pill(
                    surface,
                    self._foot_pile_note(pile[-1], min(take_next, len(pile) - 1)),
                    (x, y),
                    size=12,
                    fill=theme.CREAM,
                    ink=theme.INK,
                    border=ICE,
                    anchor="midleft",
                )
                states.append(box)
                y += 28
        elif frozen > 0:
            box = pill(
                surface,
                _("FROZEN"),
                (x, y),
                size=14,
                fill=ICE,
                ink=theme.INK,
                border=pygame.Color(60, 120, 170),
                anchor="midleft",
            )
            states.append(box)
            y += 28
        elif seen and not table_facts.has_melded(st, self.table.human_side, self.table.animator.arrived):
            box = pill(
                surface,
                self._frozen_for_us(blocked),
                (x, y),
                size=12,
                fill=theme.CREAM,
                ink=pygame.Color(40, 90, 140),
                border=ICE,
                anchor="midleft",
            )
            states.append(box)
            y += 28
        if blocked:
            top = pile[-1]
            why = _("BLOCKED: black three") if top.is_black_three else _("BLOCKED: wild card")
            box = pill(
                surface, why, (x, y), size=13, fill=BLACK_INK, ink=theme.CREAM, border=theme.GOLD, anchor="midleft"
            )
            states.append(box)
        self._pile_state_rects = [ruler.logical(box) for box in states]  # (the hint and refusal keep clear)

    def _foot_pile_note(self, top: Card, more: int) -> str:
        """The note by Hand and Foot's pile (V-HF-TAKE: only a natural pair of the top card's
        rank takes it). It stated the rule to a player holding no such pair (play-test, stop
        54): the player at the screen without one reads that the pile is not theirs to take,
        and why; with one, or watching the bots, what the pair takes."""
        table = self.table
        drawn = self._drawn_this_turn()
        if drawn is not None:  # the note offered the pair's take after the draw (play-test, stop 57)
            if drawn is Drawn.PILE:
                return _("you cannot take it again this turn")
            return _("you cannot take it: you have drawn this turn")
        if at_screen(table, table.human):
            hand = table.game.state.hands[table.human]
            if not table_facts.holds_natural_pair(hand, top.rank):
                return _("you cannot take it: no natural pair of {ranks} in your hand").format(
                    ranks=rank_plural(top.rank)
                )
        if more:
            return _("a natural pair takes the top card and {n} more").format(n=more)
        return _("a natural pair takes the top card")

    def _drawn_this_turn(self) -> Drawn | None:
        """How the person at the screen drew this turn, on their turn (None before the draw,
        on another seat's turn, watching the bots): the pile is not theirs to take again
        before their next turn, and its note promises no take."""
        st = self.table.game.state
        if st.phase is Phase.OVER or not at_screen(self.table, st.turn):
            return None
        return st.this_turn.drawn

    def _frozen_for_us(self, blocked: bool = False) -> str:
        """The note by the pile while our side has not melded (R-FROZEN); watching the bots,
        nobody's "us": the bottom side by its name. While a black three or wild card on top
        blocks the pile (R-BLOCKED) it does not promise that a pair takes it: "a natural pair
        takes it" beside "BLOCKED: black three" said two things at once (play-test, stop 52);
        nor once the player has drawn this turn (the pile waits for a next turn)."""
        table = self.table
        if blocked or self._drawn_this_turn() is not None:
            if not table.people:
                return _("frozen for {side}").format(side=table.side_name(table.human_side))
            return _("frozen for us") if table.config.partnerships else _("frozen for you")
        if not table.people:
            return _("frozen for {side}: a natural pair takes it").format(side=table.side_name(table.human_side))
        if table.config.partnerships:
            return _("frozen for us: a natural pair takes it")
        return _("frozen for you: a natural pair takes it")

    def _seat_labels(self, surface: pygame.Surface, ruler: Ruler) -> None:
        table = self.table
        geo = table.geometry
        st = table.game.state
        active = table.seat_on_turn  # (the turn passes with the cards: once they have landed)
        for seat in range(table.config.players):
            x, y = geo.label_anchor(seat)
            out = st.out == seat  # V-FIVE: this seat sits this deal out
            on = active == seat
            person = at_screen(table, seat)  # (watching the bots: none)
            thinking = on and not person and table.bot_thinking
            bottom = geo.spot(seat) == "S"  # a bot when watching: it thinks above its tag, left of the hand
            text, size = self.fitted_tag(seat, thinking and not bottom)
            fill = theme.GOLD if on else (SITTING_OUT if out else pygame.Color(16, 60, 38))
            ink = theme.INK if on else theme.TEXT_ON_FELT
            image = text_image(text, ruler.px(size), True, tuple(ink))
            mark = self.mark_width(seat)
            w = image.get_width() / ruler.scale + TAG_PAD + mark
            if table.geometry.spot(seat) == "S":
                x, y = x - w / 2, y - 6
            # A long label (Chinese, "thinking…") stays inside the window at the side seats.
            x = max(w / 2 + LABEL_MARGIN, min(LOGICAL_SIZE[0] - w / 2 - LABEL_MARGIN, x))
            border = theme.GOLD_LIGHT if on else (theme.GOLD if mark else theme.GOLD_DARK)
            dot = (theme.INK if on else theme.GOLD_LIGHT) if mark else None  # (dark on the gold tag on turn)
            tag = pill(surface, text, (x, y), size=size, fill=fill, ink=ink, border=border, dot=dot)
            if mark:
                self.marked_tags[seat] = side_dot_centre(ruler, tag, image)
            self._seat_text(surface, seat, tag)
            if not person and geo.is_block(seat):
                self._block_line(surface, ruler, seat, thinking, out)
            elif (not person or self._asking(seat)) and not out and not self._under_panel(ruler, tag):
                self._last_action(surface, ruler, seat, tag, thinking and bottom)
            elif out:  # no cards in its place: the deal's order of play there
                self._order_by_tag(surface, ruler, seat, tag)

    def play_order(self) -> list[str]:
        """V-FIVE: who plays after whom this deal, from the player, when a seat sits out (the
        turn then skips round the table: with West out, You, East, North, South-east); []
        when everyone plays."""
        table = self.table
        st = table.game.state
        if st.out is None:
            return []
        order = list(st.order)
        start = order.index(table.human) if table.human in order else 0
        return [table.seat_name(seat) for seat in order[start:] + order[:start]]

    def _order_by_tag(self, surface: pygame.Surface, ruler: Ruler, seat: int, tag: pygame.Rect) -> None:
        """The order of play by a sitting-out seat's tag outside a block: West's under the
        tag from the window's edge; North's (pass-and-play turns the table: the seat out may
        sit there) above it, its lines rising, for under it lies the meld area."""
        if self.table.geometry.spot(seat) == "W":
            self._order_lines(surface, ruler, seat, (LABEL_MARGIN, tag.bottom / ruler.scale + 12), SIDE_TEXT_W)
            return
        x, top = tag.centerx / ruler.scale, tag.top / ruler.scale
        # Between the score panel and the buttons at the top right, centred on the tag.
        width = 2 * min(x - score_panel_rect(self.table.config).right, BUTTONS["speed"][0] - x) - 24
        lines = self.order_lines(ruler, width, heading_alone=False)
        self._order_lines(surface, ruler, seat, (x, top - 6 - 17 * len(lines)), width, lines)

    def order_lines(self, ruler: Ruler, width: float, heading_alone: bool = True) -> list[str]:
        """The deal's order of play in lines `width` wide: a heading (on a line of its own,
        or leading the first), then the names joined by arrows, a line broken only between
        names; [] when everyone plays."""
        names = self.play_order()
        if not names:
            return []
        font = assets.font_for_text(" → ".join(names), ruler.px(13), True)
        lines = [_("Order of play:"), ""] if heading_alone else [_("Order of play:")]

        def fits(shown: str, tail: str) -> bool:
            return font.size(shown + tail)[0] <= ruler.px(width)

        for index, name in enumerate(names):
            tail = "" if index == len(names) - 1 else " →"
            piece = cut_name(name, functools.partial(fits, tail=tail)) + tail  # (a person's long name)
            wider = f"{lines[-1]} {piece}".strip()
            if lines[-1] and font.size(wider)[0] > ruler.px(width):
                lines.append(piece)
            else:
                lines[-1] = wider
        return lines

    def _order_lines(
        self,
        surface: pygame.Surface,
        ruler: Ruler,
        seat: int,
        at: tuple[float, float],
        width: float,
        lines: list[str] | None = None,
    ) -> None:
        """The deal's order of play in the sitting-out seat's empty place (`lines`, else
        `order_lines` at `width`). `at`: the first line's left end (West's place) or its
        top centre (a block: `width` is the column's; North's)."""
        lines = self.order_lines(ruler, width) if lines is None else lines
        x, y = at
        where = "midleft" if self.table.geometry.spot(seat) == "W" else "midtop"
        for line in lines:
            box = blit_text(surface, line, 13, theme.TEXT_ON_FELT, bold=True, **{where: (x, y)})
            self._seat_text(surface, seat, box)
            y += 17

    def side_seats(self) -> frozenset[int]:
        """The seats whose tags carry the gold dot of the player's side: the player's and its
        partners' (six-hand-2x3: North-west and North-east; six-hand: North-west), as the
        rules' sides say, so partners read at a glance round the table, as the score panel's
        gold bar marks the side's row (play-test, stop 56). None without partnerships, or
        watching the bots (a spectator has no side)."""
        table = self.table
        if not table.config.partnerships or not table.people:
            return frozenset()
        return frozenset(table.config.seats_of_side(table.human_side))

    def mark_width(self, seat: int) -> float:
        """How much wider a seat's tag is for the side's dot (logical): 0 for other seats."""
        return SIDE_MARK_W if seat in self.side_seats() else 0.0

    def seat_tag(self, seat: int, thinking: bool = False, name: str | None = None) -> str:
        """A seat's name tag: its name (`name`: shortened) and card count, or that it sits
        this deal out; "thinking…" too, except in a block (which says it under its cards)."""
        table = self.table
        name = table.seat_name(seat) if name is None else name
        if table.game.state.out == seat:  # V-FIVE
            return _("{name} · sits out").format(name=name)
        text = f"{name} · {table.animator.count(hand_zone(seat))}"  # (the cards arrived)
        if thinking and not table.geometry.is_block(seat):
            text += " · " + _("thinking…")
        return text

    def tag_room(self, seat: int) -> float:
        """How wide a seat's tag may be (logical): the bottom seat's ends left of the hand, a
        block's and West's and East's keep to their columns, North's between the score panel
        and the buttons."""
        geo = self.table.geometry
        spot = geo.spot(seat)
        if spot == "S":
            return HAND_RECT.x - 6 - LABEL_MARGIN
        if spot in ("NW", "SW"):
            return HAND_RECT.x - 2 * LABEL_MARGIN
        if spot in ("NE", "SE"):
            return 2 * (LOGICAL_SIZE[0] - LABEL_MARGIN - geo.label_anchor(seat)[0])
        if spot in ("W", "E"):
            return SIDE_TAG_W
        return NORTH_TAG_W

    def fitted_tag(self, seat: int, thinking: bool = False) -> tuple[str, float]:
        """A seat's tag and its size, as wide as `tag_room` at most: smaller, down to 13, then
        its name cut short with "…" (a person's long name, pass-and-play: a 16-character
        Chinese name ran over the hand and the next column, play-test stop 54)."""
        room = self.tag_room(seat) - TAG_PAD - self.mark_width(seat)
        text = self.seat_tag(seat, thinking)
        size = fitting_size(text, 15, room, bold=True, smallest=13)
        if text_width(text, size, True) <= room:  # (most tags, every frame: no cutting asked)
            return text, size

        def fits(name: str) -> bool:
            return text_width(self.seat_tag(seat, thinking, name), size, True) <= room

        return self.seat_tag(seat, thinking, cut_name(self.table.seat_name(seat), fits)), size

    def seat_line(self, seat: int) -> str:
        """A seat's tag and what it did last, as one text (for a place drawn over: the move
        log and the pile browser lie on East's)."""
        table = self.table
        person = at_screen(table, seat)
        thinking = table.game.state.to_act == seat and not person and table.bot_thinking
        text = self.seat_tag(seat, thinking)
        note = table.move_log.seat_note(seat, _Nameless(table))
        if note is None or table.game.state.out == seat:
            return text
        return text + " · " + note

    def _block_line(self, surface: pygame.Surface, ruler: Ruler, seat: int, thinking: bool, out: bool) -> None:
        """Under a block seat's cards: "thinking…" while it thinks, else what it did last
        (BLOCK_LINES lines at most, the column is narrow: on two, "laid the red three 3♦, and
        drew a card in its…" was cut, play-test stop 53). A seat sitting the deal out (V-FIVE) has no
        cards: its tag says so ("South-east · sits out"), and the deal's order of play lies
        right under it (a line "sits out this deal" there said it twice)."""
        x, y = self.table.geometry.action_anchor(seat)
        if out:
            self._order_lines(surface, ruler, seat, (x, self.table.geometry.label_anchor(seat)[1] + 20), BLOCK_TEXT_W)
            return
        if thinking:
            text = _("thinking…")
        else:
            note = self.table.move_log.seat_note(seat, _Nameless(self.table))
            if note is None:
                return
            text = note
        font = assets.font_for_text(text, ruler.px(13), True)
        lines = wrap_at_most(text, font, ruler.px(BLOCK_TEXT_W), BLOCK_LINES)
        panel = self._open_panel()
        place = pygame.FRect(x - BLOCK_TEXT_W / 2, y, BLOCK_TEXT_W, 17 * len(lines))
        if panel is not None and panel.colliderect(place):
            return  # the log says it; its lines peeked out cut under the panel (six-hand, stop 54)
        self.block_lines[seat] = lines
        for line in lines:
            self._seat_text(surface, seat, blit_text(surface, line, 13, theme.GOLD_LIGHT, bold=True, midtop=(x, y)))
            y += 17

    def score_row_names(self) -> list[str]:
        """The score panel's rows' names: the sides' names ("Us" for the player's), but at a
        table of five or six our row names the partners too, "You, North-west & North-east"
        beside "South-west, North & South-east": with two sides of three the partners sit
        every other seat, and "Us" did not say who they were (play-test, stop 50)."""
        table = self.table
        config = table.config
        names = [table.side_name(side) for side in range(config.sides)]
        if config.players > 4 and config.partnerships and len(table.people) == 1:
            seats = config.seats_of_side(table.human_side)
            names[table.human_side] = join_and(table.seat_name(seat) for seat in seats)
        return names

    def _score_panel(self, surface: pygame.Surface, ruler: Ruler) -> None:
        table = self.table
        st = table.game.state
        rows = table.config.sides
        panel = score_panel_rect(table.config)
        row_h = score_row_height(table.config)
        box = ruler.rect(panel)
        draw_panel(
            surface,
            box,
            ruler.px(theme.RADIUS),
            theme.CREAM,
            theme.PANEL_BORDER,
            ruler.px(theme.BORDER),
            theme.SHADOW,
            ruler.px(3),
            ruler.px(6),
        )
        blit_text(surface, score_panel_title(table), 13, theme.INK_SOFT, bold=True, topleft=(panel.x + 12, panel.y + 8))
        pygame.draw.line(
            surface,
            theme.GOLD,
            ruler.point((panel.x + 10, panel.y + 28)),
            ruler.point((panel.right - 10, panel.y + 28)),
            max(1, ruler.px(1.5)),
        )
        # Long side names (five or six seats, or people's names in pass-and-play): the name
        # has the row's first line to itself and the score goes to the second.
        names = self.score_row_names()
        name_room = panel.width - 24
        scores_w = max(text_width(format_points(round(table.shown_scores[s].value)), 22, True) for s in range(rows))
        wide = table.config.players > 4 or any(text_width(n, 16, True) > name_room - scores_w - 10 for n in names)
        # The lines of a row (logical y under its top); the Samba family's fourth line, what
        # the side still needs to go out, packs them closer.
        need_line = row_h > SCORE_ROW
        state_y, detail_y, need_y = (19, 36, 53) if need_line else (22, 39, 0)  # (17 apart: Chinese lines are tall)
        for side in range(rows):
            top = panel.y + 34 + side * row_h
            ours = side == table.human_side and bool(table.people)  # (watching the bots: nobody's row)
            size = fitting_size(names[side], 16, name_room, bold=True) if wide else 16
            name = one_line(surface, names[side], size, name_room, bold=True)  # (people's long names: cut with "…")
            blit_text(surface, name, size, theme.INK, bold=True, topleft=(panel.x + 12, top))
            score = round(table.shown_scores[side].value)
            blit_text(
                surface,
                format_points(score),
                17 if wide else 22,
                RED_INK if score < 0 else theme.INK,
                bold=True,
                topright=(panel.right - 12, top + 19 if wide else top - 3),
            )
            minimum = st.minimum(side)
            # What the side has down as it is seen: a meld flying in counts as its cards land.
            arrived = table.animator.arrived
            if table_facts.minimum_met(st, side, minimum, arrived):
                state_text, color = _("min {n} · met").format(n=minimum), pygame.Color(30, 110, 60)
            else:
                state_text, color = _("min {n} · not met").format(n=minimum), pygame.Color(150, 90, 20)
            blit_text(surface, state_text, 13, color, bold=True, topleft=(panel.x + 12, top + state_y))
            melded = table_facts.melded_points(st, side, arrived)
            canastas = table_facts.canastas(st, side, arrived)
            if table_facts.has_feet(table.config):
                detail = _("melded {points} · books {c}").format(points=melded, c=canastas)
            else:
                detail = _("melded {points} · canastas {c}").format(points=melded, c=canastas)
            blit_text(surface, detail, 13, theme.INK_SOFT, topleft=(panel.x + 12, top + detail_y))
            need = table_facts.out_need(st, side, arrived)
            if need is not None:  # what the side still lacks to go out (books, canastas, an escalera)
                if need.met:
                    text, color = _("ready to go out"), pygame.Color(30, 110, 60)
                else:
                    text, color = _("to go out: {parts}").format(parts=need.text()), pygame.Color(150, 90, 20)
                size = fitting_size(text, 13, name_room, bold=True, smallest=10)
                blit_text(surface, text, size, color, bold=True, topleft=(panel.x + 12, top + need_y))
                self.need_texts[side] = text
            if ours:
                marker = pygame.Rect(ruler.px(panel.x + 3), ruler.px(top + 2), ruler.px(3), ruler.px(row_h - 12))
                pygame.draw.rect(surface, theme.GOLD, marker)
                self.marked_score_row = side

    def _storage_warning(self, surface: pygame.Surface) -> None:
        """The game is not being kept (disk full, another window): said for as long as it lasts."""
        problem = self.table.storage_problem
        if problem is not None:
            pill(
                surface,
                problem.message(),
                STORAGE_WARNING_POS,
                size=13,
                fill=RED_INK,
                ink=theme.CREAM,
                border=theme.CREAM,
                anchor="midleft",
            )

    def _status(self, surface: pygame.Surface, ruler: Ruler) -> None:
        text = self.table.status_text()
        if not text:
            return
        staging = bool(self.table.ui.staged)  # the staging panel is under it: smaller, higher
        size, spacing = (14.0, 18) if staging else (16.0, 22)
        centre = STAGING_STATUS_Y if staging else STATUS_RECT.centery
        font = assets.font_for_text(text, ruler.px(size), True)
        lines = wrap_text(text, font, ruler.px(STATUS_RECT.width))
        if len(lines) == 2:  # after its clause ("…（D），" / "或拿取弃牌堆（T）。", not "弃牌 / 堆")
            lines = wrap_at_clause(text, font, ruler.px(STATUS_RECT.width), 2)
        y = centre - (len(lines) - 1) * spacing / 2
        self.status_boxes = []
        for line in lines:
            box = blit_text(surface, line, size, theme.TEXT_ON_FELT, bold=True, center=(STATUS_RECT.centerx, y))
            self.status_boxes.append(box)
            y += spacing

    def _stage_panel(self, surface: pygame.Surface, ruler: Ruler) -> None:
        table = self.table
        info = table.stage_info()
        if info is None:
            return
        count, minimum, hint = info
        panel = STAGE_PANEL
        box = ruler.rect(panel)
        draw_panel(
            surface,
            box,
            ruler.px(theme.RADIUS),
            theme.CREAM,
            theme.GOLD,
            ruler.px(2),
            theme.SHADOW,
            ruler.px(3),
            ruler.px(6),
        )
        met = count >= minimum
        color = pygame.Color(30, 110, 60) if met else RED_INK
        blit_text(surface, _("Initial meld"), 14, theme.INK_SOFT, bold=True, topleft=(panel.x + 12, panel.y + 6))
        blit_text(surface, f"{count} / {minimum}", 20, color, bold=True, topright=(panel.right - 12, panel.y + 2))
        if hint:
            size = fitting_size(hint, 12, panel.width - 24, smallest=9)
            blit_text(surface, hint, size, theme.INK_SOFT, topleft=(panel.x + 12, panel.y + 25))  # (above the buttons)

    def _banner(self, surface: pygame.Surface, ruler: Ruler) -> None:
        """The short banners (a canasta, going out, a red three): over the side's meld area
        where that is free, else where the table has room for them (`banner_place`), smaller if
        need be; only where nothing is free, see-through over what they lie on."""
        self.banner_box: pygame.FRect | None = None  # (logical, as drawn)
        self.banner_faded = False
        banner = self.table.banner
        if banner is None:
            return
        words, remaining, natural = banner
        text = words.text(self.table)  # (in the language of this frame: a switch while it shows rewords it)
        alpha = max(0.0, min(1.0, remaining / 0.4))
        boxes = []
        for size in BANNER_SIZES:
            image = text_image(text, ruler.px(size), True, tuple(theme.INK))
            boxes.append((image, image.get_rect().inflate(ruler.px(48 * size / BANNER_SIZES[0]), ruler.px(22))))
        sizes = [ruler.logical(box).size for _image, box in boxes]
        found = banner_place(
            sizes, self.table.banner_high, self._banner_regions(), self._banner_obstacles(surface, ruler)
        )
        if found is None:  # nowhere free: the usual place, see-through
            found = (0, (640.0, 220.0 if self.table.banner_high else 470.0))
            alpha *= BANNER_SEE_THROUGH
            self.banner_faded = True
        index, place = found
        image, box = boxes[index]
        box.center = ruler.point(place)
        self.banner_box = ruler.logical(box)
        fill = theme.GOLD_LIGHT if natural is not False else theme.CREAM
        fading_panel(surface, image, box, box.height // 2, fill, theme.GOLD_DARK, alpha)

    def _banner_regions(self) -> list[pygame.FRect]:
        """Where a banner may go, in order: the side's meld area (the player's for a deal's
        end), the band between the meld areas, then the others."""
        table = self.table
        areas = table.geometry.meld_areas
        ours = areas[table.human_side]
        theirs = [area for side, area in sorted(areas.items()) if side != table.human_side]
        top = max(area.bottom for area in theirs)
        band = pygame.FRect(ours.x, top, ours.width, ours.top - top)
        return [*theirs, band, ours] if table.banner_high else [ours, band, *theirs]

    def _banner_obstacles(self, surface: pygame.Surface, ruler: Ruler) -> list[pygame.FRect]:
        """What a banner keeps clear of (logical): every card where it rests (melds, hands,
        stock, pile), what this frame drew beside them (tags, counts, the turn's instruction,
        the pile's states), the speech bubbles, the hint and message panels, the coach's panel,
        and an open log or staging panel."""
        table = self.table
        rects = [place.rect() for place in table.layout.placements.values() if place.visible]
        rects += [stock_rect(table.config.rules.packs), pile_rect()]  # (their places, also empty)
        drawn = [*(box for boxes in self.seat_boxes.values() for box in boxes), *self.zone_label_boxes.values()]
        drawn += [box for _slot, box in self.meld_badge_boxes] + self.status_boxes + list(self.foot_boxes.values())
        rects += [ruler.logical(box) for box in drawn] + list(self._pile_state_rects)
        rects += [ruler.logical(bubble.widget.placed(surface)[0]) for bubble in table.bubbles]
        # The hint and message panels as this frame drew them: a banner over the hint hid its
        # advice while it showed (the guided deal's step 4, stop 63).
        rects += [ruler.logical(box) for box in self.panels.boxes.values()]
        if table.ui.staged:
            rects.append(pygame.FRect(STAGE_PANEL))
        if table.covered is not None:  # (the coach's panel lies over it)
            rects.append(pygame.FRect(table.covered))
        if table.log_open:
            rects.append(pygame.FRect(LOG_PANEL))
        if table.pile_open:
            rects.append(self.pile_place())
        return rects


BANNER_SIZES = (30, 24, 20)  # the banner's text: its size, smaller where that finds it a free place
BANNER_SEE_THROUGH = 0.5  # how opaque a banner is at most where no place is free


def banner_place(
    sizes: Sequence[tuple[float, float]],
    high: bool,
    regions: Sequence[pygame.FRect],
    obstacles: Sequence[pygame.FRect],
) -> tuple[int, tuple[float, float]] | None:
    """A free place for a banner: (which of `sizes` it takes, its centre), logical. Its usual
    place (the middle of the player's meld area, or of the others' when `high`) at its first
    size when that is clear of every one of `obstacles`; else the first clear place in
    `regions`, each in turn at each size (scanned from its middle outwards, then along its top
    and bottom edges); None where there is none."""
    usual = (640.0, 220.0 if high else 470.0)
    tries: list[tuple[int, tuple[float, float]]] = [(0, usual)]
    for region in regions:
        for index, (w, h) in enumerate(sizes):
            if region.width < w or region.height < h:
                continue
            half = (region.width - w) / 2
            xs = [region.centerx]
            for step in range(1, int(half // 24) + 1):
                xs += [region.centerx - 24 * step, region.centerx + 24 * step]
            xs += [region.left + w / 2, region.right - w / 2]
            ys = [region.centery, region.top + h / 2 + 4, region.bottom - h / 2 - 4]
            tries += [(index, (x, y)) for y in ys for x in xs]
    for index, center in tries:
        w, h = sizes[index]
        box = pygame.FRect(0, 0, w + 8, h + 8)  # (a little room round it)
        box.center = center
        if box.collidelist(obstacles) < 0:
            return index, center
    return None


class _Nameless:
    """Names for a seat's own last-action line: the tag beside it already says who."""

    def __init__(self, table: TableSource) -> None:
        self.table = table

    def seat_name(self, seat: int) -> str:
        return ""

    def side_name(self, side: int) -> str:
        return self.table.side_name(side)
