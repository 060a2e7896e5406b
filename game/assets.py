"""Finding and loading bundled assets: card images and fonts.

Works from a source checkout and from a PyInstaller one-file bundle, where
data files are unpacked under `sys._MEIPASS` (the spec must add the
`assets` folder as `assets`). Loaded images and fonts are cached: call
`clear_caches()` after changing the display mode so images get re-converted
to the new screen format.
"""

from __future__ import annotations

import itertools
import math
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    import pygame.freetype

from game.paths import resource_path
from game.surface_cache import MB, SurfaceCache

CARD_NATIVE_SIZE: tuple[int, int] = (240, 336)  # the PNGs' size; 5:7
SUITS = "CDHS"
# Engine rank notation -> file-name rank ("T" accepted as an alias of 10).
_RANK_TO_FILE = {
    "A": "a",
    "J": "j",
    "Q": "q",
    "K": "k",
    "T": "10",
    **{str(number): str(number) for number in range(2, 11)},
}
JOKER_FACES = ("JK",)
JOKER_STEMS = ("J1", "J2")
# The jokers' corner index (the art has none): JOKER down the corner in tall narrow
# capitals, as printed decks write it, in each joker's own ink (the coloured one red, the
# outlined one black). Sizes in px of the native 240 wide card: a letter is about two
# thirds of a rank's height in the other indices (35) and as narrow as a "10".
JOKER_INDEX_INK = {"J1": (214, 24, 30), "J2": (0, 0, 0)}
JOKER_INDEX_FONT = 26  # bold, its capitals 19 px tall
JOKER_LETTER = (0.6, 25)  # each capital's width scaled as its height, times this; its height
JOKER_INDEX_STEP = 28  # from one letter's top to the next (the column ends 150 px down)
JOKER_TOP = 10  # the column's top
BACK_FACES = ("B1", "B2")
# A small card's corner index, drawn larger than the art's (`index_px`): at 800x450 a meld's
# card is 34 px wide and its rank 4.5 px tall, too small to tell a 6 from an 8 (a
# play-tester laid cards on the wrong meld twice, stop 57). The art's thin strokes fade to
# a smudge when they are merely scaled (an 8 read as a 9 at 6 px), so the rank is set in
# the bold UI font, in the suit's ink, and the suit cut from the art under it, on the
# card's white. Sizes in px of the native card: the art's index (its rank from y 12 to
# 44, the suit under it) and its suit; where the larger one starts; the jokers' JOKER
# column (with_joker_index), which is scaled as it is (bold already).
INDEX_RANK = (12, 12, 31, 44)  # the art's rank: left, top, right, bottom
INDEX_RANK_H = INDEX_RANK[3] - INDEX_RANK[1]
INDEX_ART = (8, 8, 28, 70)  # the art's whole index, with a little white around it
INDEX_SUIT = (11, 50, 22, 25)  # ... its suit
INDEX_AT = (6, 5)
JOKER_INDEX_BOX = (5, 8, 26, 141)
INDEX_INK = {"H": (255, 0, 0), "D": (255, 0, 0), "S": (0, 0, 0), "C": (0, 0, 0)}
# The larger index in heights of its rank (the bold font's capitals): a rank is at most this
# wide (a "10" narrowed to it), the suit's top lies this far under the rank's top (below a
# Q's tail), and it is this tall.
INDEX_COLUMN = 0.8
INDEX_TAIL = 0.0  # a Q's tail squeezed to end this far below the line (the font's reaches 0.24; the art's Q ends on it)
INDEX_SUIT_TOP = 1.32
INDEX_SUIT_H = 0.72
MIN_INDEX_PX = 10  # a face-up card's rank is drawn at least this many pixels tall (where it shows)
INDEX_GROWTH_MIN = 1.1  # less than this much larger: the art's own index
INDEX_GROWTH_MAX = 2.8  # at most this much (the index then takes a little over half the card's height)

LATIN_FONT_FILES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}
CJK_FONT_FILES = {False: "NotoSansSC-subset.otf", True: "NotoSansSC-Bold-subset.otf"}


def asset_path(*parts: str) -> Path:
    """Path of a bundled asset, e.g. asset_path("cards", "Sa.png"); source or frozen
    alike (game/paths.py holds the one rule)."""
    return resource_path("assets", *parts)


# -- cards -------------------------------------------------------------------


def card_file_stem(face: str, copy: int = 0) -> str:
    """Image name for an engine card code.

    "HA" -> "Ha", "C10" -> "C10", "SQ" -> "Sq"; "JK" -> "J1"/"J2" alternating
    by `copy` so the two jokers of a deck look different; "B1"/"B2" backs.
    """
    code = face.strip().upper()
    if code in JOKER_FACES:
        return f"J{copy % 2 + 1}"
    if code in BACK_FACES or code in JOKER_STEMS:
        return code
    suit, rank = code[:1], code[1:]
    if suit not in SUITS or rank not in _RANK_TO_FILE:
        raise ValueError(f"not a card face code: {face!r}")
    return suit + _RANK_TO_FILE[rank]


def card_size(width: int) -> tuple[int, int]:
    """Pixel size of a card drawn `width` pixels wide (keeps 5:7)."""
    return (width, round(width * CARD_NATIVE_SIZE[1] / CARD_NATIVE_SIZE[0]))


# The 240 px masters (one per image file, and its four-colour recolouring): a fixed set.
_masters: dict[tuple[str, bool], pygame.Surface] = {}
# Scaled copies: cards in flight pass through many widths, so bounded by bytes (LRU).
_scaled = SurfaceCache(12 * MB, "assets.card_image")
_four_colour = False

# Four-colour deck: diamonds blue, clubs green (hearts stay red, spades black).
FOUR_COLOUR = {"D": ((255, 0, 0), (28, 86, 206)), "C": ((0, 0, 0), (18, 128, 56))}
_GRADES = 24  # anti-aliased edges: this many steps between white and the suit colour


def set_four_colour(on: bool) -> None:
    """Draw diamonds blue and clubs green from now on (images are recoloured once, cached)."""
    global _four_colour
    _four_colour = bool(on)


def four_colour() -> bool:
    return _four_colour


def _lerp(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int, int]:
    return (*(round(a[i] + (b[i] - a[i]) * t) for i in range(3)), 255)  # type: ignore[return-value]


def _graded_replace(pixels: pygame.PixelArray, source: tuple[int, int, int], target: tuple[int, int, int]) -> None:
    """Every colour between white and `source` becomes the same shade between white and
    `target` (keeps the anti-aliasing)."""
    white = (255, 255, 255)
    for step in range(_GRADES, 0, -1):
        t = step / _GRADES
        pixels.replace(_lerp(white, source, t), _lerp(white, target, t), distance=0.5 / _GRADES)


def recolour_card(image: pygame.Surface, stem: str) -> pygame.Surface:
    """The four-colour version of a card image (a copy). Pip cards are recoloured
    whole; court cards only in their corner indices and the big suit pips, so the
    picture keeps its colours."""
    suit = stem[:1]
    if suit not in FOUR_COLOUR or stem in JOKER_STEMS:
        return image
    source, target = FOUR_COLOUR[suit]
    out = image.copy()
    width, height = out.get_size()
    if stem[1:].lower() not in ("j", "q", "k"):
        pixels = pygame.PixelArray(out)
        _graded_replace(pixels, source, target)
        pixels.close()
        return out
    scale = width / CARD_NATIVE_SIZE[0]
    areas = [
        pygame.Rect(0, 0, round(38 * scale), round(100 * scale)),
        pygame.Rect(width - round(38 * scale), height - round(100 * scale), round(38 * scale), round(100 * scale)),
    ]
    mask = pygame.mask.from_threshold(out, (*source, 255), (90, 90, 90, 255))
    low, high = 24 * scale, 70 * scale
    for part in mask.connected_components(round(40 * scale * scale)):
        boxes = part.get_bounding_rects()
        if not boxes:
            continue
        box = boxes[0]
        fill = part.count() / max(1, box.w * box.h)
        near_edge = box.bottom < height * 0.32 or box.top > height * 0.68
        if low <= box.w <= high and low <= box.h <= high and 0.6 <= box.w / box.h <= 1.5 and fill > 0.35 and near_edge:
            areas.append(box.inflate(4, 4))
    for area in areas:
        area = area.clip(out.get_rect())
        if area.w and area.h:
            pixels = pygame.PixelArray(out.subsurface(area))  # a view: the card's own pixels change
            _graded_replace(pixels, source, target)
            pixels.close()
    return out


def with_joker_index(image: pygame.Surface, stem: str) -> pygame.Surface:
    """A joker with its corner indices (a copy): JOKER in a column at the top left, and
    upside down at the bottom right. A crowded hand shows only a card's left strip and a
    meld column only its top strip; the art alone showed a sliver of the jester's hat
    there (the outlined joker: a few thin lines), so a joker was hard to tell in either."""
    out = image.copy()
    glyph_font = font(JOKER_INDEX_FONT, bold=True)
    cap = glyph_font.render("O", True, (0, 0, 0)).get_bounding_rect().height
    narrow, tall = JOKER_LETTER
    column = pygame.Surface((round(cap * 1.1), JOKER_INDEX_STEP * 4 + tall), pygame.SRCALPHA)
    for row, letter in enumerate("JOKER"):
        glyph = glyph_font.render(letter, True, JOKER_INDEX_INK[stem])
        ink = glyph.subsurface(glyph.get_bounding_rect())  # (the J's tail: every letter as tall)
        letter_image = pygame.transform.smoothscale(ink, (max(1, round(ink.get_width() * tall / cap * narrow)), tall))
        column.blit(letter_image, letter_image.get_rect(midtop=(column.get_width() // 2, row * JOKER_INDEX_STEP)))
    width, height = out.get_size()
    out.blit(column, (6, JOKER_TOP))
    out.blit(pygame.transform.rotate(column, 180), column.get_rect(bottomright=(width - 6, height - 10)))
    return out


def _prepare(surface: pygame.Surface) -> pygame.Surface:
    # convert_alpha needs a display mode; without one (tests, tools) keep as is.
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def index_px(width: int, stem: str = "", shown: tuple[float | None, float | None] = (None, None)) -> int:
    """How tall (px) a card `width` pixels wide draws its rank in its top left index when
    it is small (`card_image(index=...)`), 0 for the art's own: MIN_INDEX_PX, as far as the
    part of the card that shows (`shown`: its width and height in px from the top left
    corner, None: all of it; a meld's card under the next one) holds the whole rank (a J's
    and a Q's tail too), and no more than INDEX_GROWTH_MAX times the art's (a joker's JOKER
    column no longer than the card). Backs have none."""
    if stem in BACK_FACES:
        return 0
    scale = max(1, width) / CARD_NATIVE_SIZE[0]
    own = INDEX_RANK_H * scale
    rank = min(float(MIN_INDEX_PX), INDEX_GROWTH_MAX * own)
    left, top = round(INDEX_AT[0] * scale), round(INDEX_AT[1] * scale)
    if stem in JOKER_STEMS:  # the whole column on the card, its first letter where it shows
        _x, box_y, box_w, box_h = JOKER_INDEX_BOX
        rank = min(rank, own * (CARD_NATIVE_SIZE[1] - INDEX_AT[1] - box_y) / box_h)
        wide, tall = box_w / INDEX_RANK_H, (JOKER_TOP + JOKER_LETTER[1] - box_y) / INDEX_RANK_H  # (its J)
    else:
        wide, tall = rank_shape(stem[1:].upper())
    shown_w, shown_h = shown
    if shown_w is not None:
        rank = min(rank, (shown_w - 1 - left) / wide)
    if shown_h is not None:
        rank = min(rank, (shown_h - 1 - top) / tall)
    if rank < INDEX_GROWTH_MIN * own:
        return 0
    return int(rank)


@lru_cache(maxsize=4096)
def index_corner(
    width: int, stem: str = "", shown: tuple[float | None, float | None] = (None, None)
) -> tuple[int, int]:
    """How far (px, from the card's top left corner) the top left index of a card `width`
    pixels wide reaches as drawn: the art's, or the larger one (`index_px`, as far as
    `shown` holds it), the white behind it included; the bottom right index is the art's,
    as far from that corner. (0, 0) for a back. What a label over the cards keeps clear of
    (the drag's count: it hid the rank of a meld's top card)."""
    if stem in BACK_FACES:
        return (0, 0)
    scale = max(1, width) / CARD_NATIVE_SIZE[0]
    box = JOKER_INDEX_BOX if stem in JOKER_STEMS else INDEX_ART
    art_w, art_h = (box[0] + box[2]) * scale, (box[1] + box[3]) * scale
    rank = index_px(width, stem, shown)
    if not rank:
        return (math.ceil(art_w), math.ceil(art_h))
    left, top = INDEX_AT[0] * scale, INDEX_AT[1] * scale
    if stem in JOKER_STEMS:
        growth = rank / (INDEX_RANK_H * scale)
        wide, tall = left + box[2] * scale * growth, top + box[3] * scale * growth
    else:
        column = max(INDEX_COLUMN, INDEX_SUIT[2] / INDEX_SUIT[3] * INDEX_SUIT_H) * rank
        wide, tall = left + column + 2, top + (INDEX_SUIT_TOP + INDEX_SUIT_H) * rank + 2
    return (math.ceil(max(art_w, wide)), math.ceil(max(art_h, tall)))


def _rank_font(size: int, text: str) -> pygame.font.Font:
    """The bold UI font for a rank; a J's from the Chinese one, whose J stands on the line
    (the Latin one's hangs below it, and a J is drawn on a meld's strip)."""
    return font(size, bold=True, cjk=text == "J")


@cache
def rank_shape(text: str) -> tuple[float, float]:
    """How wide the larger index of a card of rank `text` is (its rank in the bold UI font,
    a "10" narrowed to INDEX_COLUMN, or the suit under it if that is wider) and how far down
    its rank reaches (a Q's tail, squeezed to INDEX_TAIL, below the capitals), in heights of
    its capitals."""
    reference = _rank_font(100, text)
    cap = reference.render("H", True, (0, 0, 0)).get_bounding_rect()
    ink = reference.render(text, True, (0, 0, 0)).get_bounding_rect()
    suit_w = INDEX_SUIT[2] / INDEX_SUIT[3] * INDEX_SUIT_H
    tall = min((ink.bottom - cap.top) / cap.height, 1.0 + INDEX_TAIL)
    return max(min(ink.width / cap.height, INDEX_COLUMN), suit_w), tall


def _rank_image(text: str, rank_px: int, ink: tuple[int, int, int]) -> pygame.Surface:
    """`text` in the bold UI font, its capitals `rank_px` tall (a Q's tail squeezed to
    INDEX_TAIL of that below them), cropped to its ink, no wider than INDEX_COLUMN of its
    height."""
    size = max(1, round(rank_px / 0.72))
    for _ in range(4):  # the font size whose capitals are rank_px tall, to the pixel
        cap = _rank_font(size, text).render("H", True, ink).get_bounding_rect()
        if cap.height == rank_px or size <= 1:
            break
        size += 1 if cap.height < rank_px else -1
    glyphs = _rank_font(size, text).render(text, True, ink)
    ink_box = glyphs.get_bounding_rect()
    ink_box.height = ink_box.bottom - cap.top
    ink_box.top = cap.top
    image = glyphs.subsurface(ink_box.clip(glyphs.get_rect()))
    widest = max(1, round(INDEX_COLUMN * rank_px))
    tallest = max(1, round((1.0 + INDEX_TAIL) * rank_px))
    if image.get_width() > widest or image.get_height() > tallest:
        fitted = (min(widest, image.get_width()), min(tallest, image.get_height()))
        image = pygame.transform.smoothscale(image, fitted)
    return image


def with_large_index(
    image: pygame.Surface, master: pygame.Surface, stem: str, rank_px: int, four: bool = False
) -> pygame.Surface:
    """`image` (the card scaled from `master`) with a larger top left index, its rank
    `rank_px` tall: the rank in the bold UI font in the suit's ink (four-colour too), the
    suit cut from the master under it, on the card's white over the art's index (a copy);
    a joker's JOKER column scaled."""
    out = image.copy()
    scale = image.get_width() / CARD_NATIVE_SIZE[0]
    left, top = round(INDEX_AT[0] * scale), round(INDEX_AT[1] * scale)
    if stem in JOKER_STEMS:
        growth = rank_px / (INDEX_RANK_H * scale)
        x, y, w, h = JOKER_INDEX_BOX
        size = (max(1, round(w * scale * growth)), max(1, round(h * scale * growth)))
        out.blit(_smoothscale_full_range(master.subsurface((x, y, w, h)), size), (left, top))
        return out
    suit = stem[:1]
    ink = FOUR_COLOUR[suit][1] if four and suit in FOUR_COLOUR else INDEX_INK[suit]
    rank = _rank_image(stem[1:].upper(), rank_px, ink)
    x, y, w, h = INDEX_SUIT
    suit_h = max(1, round(INDEX_SUIT_H * rank_px))
    pip = _smoothscale_full_range(master.subsurface((x, y, w, h)), (max(1, round(w * suit_h / h)), suit_h))
    column = max(rank.get_width(), pip.get_width())
    suit_top = top + round(INDEX_SUIT_TOP * rank_px)
    art = pygame.Rect([round(part * scale) for part in INDEX_ART])
    white = pygame.Rect(left - 1, top - 1, max(column, pip.get_width()) + 2, suit_top + suit_h + 1 - (top - 1))
    white = white.union(art).clip(pygame.Rect(1, 1, out.get_width() - 2, out.get_height() - 2))
    out.fill((255, 255, 255), white, special_flags=pygame.BLEND_RGB_MAX)  # (its alpha kept: the corner's curve)
    out.blit(rank, (left + (column - rank.get_width()) // 2, top))
    out.blit(pip, (left + (column - pip.get_width()) // 2, suit_top))
    return out


def card_image(face: str, copy: int = 0, width: int | None = None, index: int = 0) -> pygame.Surface:
    """The card's image, `width` pixels wide (default: native 240); `index`: its top left
    index drawn larger, its rank that many pixels tall (`index_px`; 0: the art's own).

    Scaled down with smoothscale from the 240 px master and cached per size,
    so ask for the pixel width you will draw at (logical width x canvas scale).
    Callers must not draw onto the returned surface (it is shared).
    """
    stem = card_file_stem(face, copy)
    width = CARD_NATIVE_SIZE[0] if width is None else max(1, int(width))
    four = _four_colour and stem[:1] in FOUR_COLOUR and stem not in JOKER_STEMS
    index = index if stem not in BACK_FACES and width < CARD_NATIVE_SIZE[0] else 0
    key = (stem, width, four) if not index else (stem, width, four, index)
    cached = _scaled.get(key)
    if cached is not None:
        return cached
    master = _masters.get((stem, four))
    if master is None:
        master = _masters.get((stem, False))
        if master is None:
            master = _prepare(pygame.image.load(str(asset_path("cards", f"{stem}.png"))))
            if stem in JOKER_STEMS:
                master = with_joker_index(master, stem)
            _masters[(stem, False)] = master
        if four:
            master = recolour_card(master, stem)
            _masters[(stem, True)] = master
    if width == CARD_NATIVE_SIZE[0]:
        return master
    scaled = _smoothscale_full_range(master, card_size(width))
    if index:
        scaled = with_large_index(scaled, master, stem, index, four)
    _scaled.put(key, scaled)
    return scaled


def readable_card(
    face: str, copy: int, width: int, shown: tuple[float | None, float | None] = (None, None)
) -> pygame.Surface:
    """A face-up card as the table draws it: `width` px wide, its index drawn larger where it
    is small (`index_px`; `shown`: the part of the card in sight, as there)."""
    return card_image(face, copy, width, index_px(width, card_file_stem(face, copy), shown))


def _smoothscale_full_range(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """smoothscale, then undo its rounding loss (it turns 255 into 253, which
    would make cards faintly see-through): add back ~value*2/255 per channel."""
    scaled = pygame.transform.smoothscale(surface, size)
    correction = scaled.copy()
    correction.fill((2, 2, 2, 2), special_flags=pygame.BLEND_RGBA_MULT)
    scaled.blit(correction, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return scaled


def all_card_faces() -> list[str]:
    """Every engine face code: 52 suited cards then the joker."""
    ranks = ["A", *(str(n) for n in range(2, 11)), "J", "Q", "K"]
    return [suit + rank for suit in SUITS for rank in ranks] + list(JOKER_FACES)


# -- fonts -------------------------------------------------------------------

_font_cache: dict[tuple[int, bool, bool], pygame.font.Font] = {}


# Symbols the Latin font lacks but the CJK subset has (tools/make_cjk_font.py keeps them).
CJK_FONT_SYMBOLS = frozenset("♠♣♥♦←↑→↓")


CJK_FIRST = 0x2E80  # the first code point of the CJK blocks (radicals, ideographs, fullwidth forms after it)


def needs_cjk(text: str) -> bool:
    """True if `text` has characters the Latin UI font lacks (CJK, fullwidth, suits, arrows)."""
    return any(ord(ch) >= CJK_FIRST or ch in CJK_FONT_SYMBOLS for ch in text)


def font(size: int, bold: bool = False, cjk: bool = False) -> pygame.font.Font:
    """The UI font at `size` pixels. `cjk` picks the Noto Sans SC subset
    (which also covers ASCII); if it is missing, falls back to the Latin font."""
    size = max(1, int(size))
    key = (size, bold, cjk)
    cached = _font_cache.get(key)
    if cached is not None:
        return cached
    if not pygame.font.get_init():
        pygame.font.init()
    loaded = _load_font(size, bold, cjk)
    _font_cache[key] = loaded
    return loaded


def _load_font(size: int, bold: bool, cjk: bool, emboldened: bool = False) -> pygame.font.Font:
    if cjk:
        path = asset_path("fonts", CJK_FONT_FILES[bold])
        if path.exists() and not emboldened:
            return pygame.font.Font(str(path), size)
        regular = asset_path("fonts", CJK_FONT_FILES[False])
        if regular.exists():  # no bold subset (or it lacks a character): FreeType emboldens
            loaded = pygame.font.Font(str(regular), size)
            loaded.bold = bold
            return loaded
    return pygame.font.Font(str(asset_path("fonts", LATIN_FONT_FILES[bold])), size)


def font_for_text(text: str, size: int, bold: bool = False) -> pygame.font.Font:
    """The font able to show `text`: CJK subset if needed, else the Latin one. Bold text
    with a Chinese character only the regular subset has (GB 2312's rarer level, in a
    person's name) gets the regular face made bold by FreeType; Chinese text with a
    character only the Latin font has (a person's name, "José", in a Chinese sentence)
    gets a `MixedFont`, which draws those with the Latin font."""
    if not needs_cjk(text):
        return font(size, bold, False)
    emboldened, mixed = _cjk_needs(text, bold)
    if not (emboldened or mixed):
        return font(size, bold, True)
    size = max(1, int(size))
    key = (size, bold, emboldened, mixed)
    cached = _special_fonts.get(key)
    if cached is None:
        if not pygame.font.get_init():
            pygame.font.init()
        if mixed:
            cached = MixedFont(size, bold, emboldened)
        else:
            cached = _load_font(size, True, True, emboldened=True)
        _special_fonts[key] = cached
    return cached


_special_fonts: dict[tuple[int, bool, bool, bool], pygame.font.Font] = {}


# Characters tools/make_cjk_font.py always keeps in both Chinese subsets: no need to ask.
CJK_SUBSET_ALWAYS = frozenset(chr(code) for code in range(0x20, 0x7F)) | frozenset("♠♣♥♦←↑→↓×·–—…“”")


def _gb2312_rare(char: str) -> bool:
    """True for GB 2312's second level (rows 0xD8 on), which only the regular subset holds."""
    try:
        encoded = char.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return len(encoded) == 2 and encoded[0] >= 0xD8


@lru_cache(maxsize=4096)
def _cjk_needs(text: str, bold: bool) -> tuple[bool, bool]:
    """For Chinese text: whether the bold subset lacks a character of it the regular one
    has (when `bold`), and whether it has a character only the Latin font has. The fonts
    are asked (`has_glyph`) only about characters that may be such: a start in Chinese
    reads no font twice."""
    regular = CJK_FONT_FILES[False]
    chars = [char for char in dict.fromkeys(text) if not char.isspace()]
    emboldened = bold and any(
        _gb2312_rare(char) and not has_glyph(CJK_FONT_FILES[True], char) and has_glyph(regular, char) for char in chars
    )
    cjk = regular if emboldened or not bold else CJK_FONT_FILES[True]
    latin = LATIN_FONT_FILES[bold]
    mixed = any(
        ord(char) < CJK_FIRST and char not in CJK_SUBSET_ALWAYS and not has_glyph(cjk, char) and has_glyph(latin, char)
        for char in chars
    )
    return emboldened, mixed


class MixedFont(pygame.font.Font):
    """The Chinese subset, drawing the characters it lacks but the Latin font has with
    that one, on the same baseline (a person's name "Łukasz" or "Zoë" in a Chinese
    sentence). Measures and renders by runs; its height and lines are the Chinese face's."""

    def __init__(self, size: int, bold: bool, emboldened: bool) -> None:
        self.file = CJK_FONT_FILES[bold and not emboldened]
        path = asset_path("fonts", self.file)
        if not path.exists():
            self.file = LATIN_FONT_FILES[bold]
            path = asset_path("fonts", self.file)
        super().__init__(str(path), size)
        self.bold = emboldened
        self.latin = font(size, bold, False)
        self.latin_file = LATIN_FONT_FILES[bold]

    def runs(self, text: str) -> list[tuple[pygame.font.Font, str]]:
        """`text` cut where the font drawing it changes: a word of Latin letters (no space,
        nothing Chinese) with one the Chinese face lacks is drawn whole with the Latin
        font ("Zoë", not "Zo" and "ë" in two designs)."""
        runs: list[tuple[pygame.font.Font, str]] = []
        for latin, chars in itertools.groupby(text, lambda char: ord(char) < CJK_FIRST and not char.isspace()):
            part = "".join(chars)
            lacking = any(not has_glyph(self.file, char) and has_glyph(self.latin_file, char) for char in part)
            face: pygame.font.Font = self.latin if latin and lacking else self
            if runs and runs[-1][0] is face:
                runs[-1] = (face, runs[-1][1] + part)
            else:
                runs.append((face, part))
        return runs

    def _run_size(self, face: pygame.font.Font, run: str) -> tuple[int, int]:
        return super().size(run) if face is self else face.size(run)

    def _run_image(self, face: pygame.font.Font, run: str, antialias: bool, color: Any, bgcolor: Any) -> pygame.Surface:
        if face is self:
            return super().render(run, antialias, color, bgcolor)
        return face.render(run, antialias, color, bgcolor)

    def size(self, text: str | bytes) -> tuple[int, int]:
        text = text.decode() if isinstance(text, bytes) else text
        width = sum(self._run_size(face, run)[0] for face, run in self.runs(text))
        return width, self.get_height()

    def render(
        self,
        text: str | bytes | None,
        antialias: bool,
        color: Any,
        bgcolor: Any = None,
        wraplength: int = 0,
    ) -> pygame.Surface:
        text = text.decode() if isinstance(text, bytes) else (text or "")
        runs = self.runs(text)
        if len(runs) < 2:
            return super().render(text, antialias, color, bgcolor, wraplength)
        ascent = max(self.get_ascent(), self.latin.get_ascent())
        images = [
            (self._run_image(face, run, antialias, color, bgcolor), ascent - face.get_ascent()) for face, run in runs
        ]
        height = max(self.get_height(), *(image.get_height() + top for image, top in images))
        surface = pygame.Surface((sum(image.get_width() for image, _top in images), height), pygame.SRCALPHA)
        ink = pygame.Color(color)
        surface.fill(pygame.Color(bgcolor) if bgcolor is not None else (ink.r, ink.g, ink.b, 0))
        x = 0
        for image, top in images:  # (runs side by side: each pixel's greatest alpha is its own)
            surface.blit(image, (x, top), special_flags=0 if bgcolor is not None else pygame.BLEND_RGBA_MAX)
            x += image.get_width()
        return surface


@cache
def _coverage_face(file: str) -> pygame.freetype.Font:
    """Font `file` from assets/fonts for coverage questions (the Latin one of the same
    weight when it is missing, as `font` falls back)."""
    import pygame.freetype  # (only when asked: a start in English never needs it)

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    path = asset_path("fonts", file)
    if not path.exists():
        bold = file in (CJK_FONT_FILES[True], LATIN_FONT_FILES[True])
        path = asset_path("fonts", LATIN_FONT_FILES[bold])
    return pygame.freetype.Font(str(path), 16)


@lru_cache(maxsize=65536)
def has_glyph(file: str, char: str) -> bool:
    """True if the bundled font `file` (a name from LATIN_FONT_FILES or CJK_FONT_FILES)
    has a glyph for `char`, one character (FreeType gives no metrics for a missing one)."""
    return _coverage_face(file).get_metrics(char)[0] is not None


def clear_caches() -> None:
    _masters.clear()
    _scaled.clear()
    _font_cache.clear()
    _special_fonts.clear()
