"""Finding and loading bundled assets: card images and fonts.

Works from a source checkout and from a PyInstaller one-file bundle, where
data files are unpacked under `sys._MEIPASS` (the spec must add the
`assets` folder as `assets`). Loaded images and fonts are cached: call
`clear_caches()` after changing the display mode so images get re-converted
to the new screen format.
"""

from __future__ import annotations

from pathlib import Path

import pygame

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
BACK_FACES = ("B1", "B2")

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
    out.blit(column, (6, 10))
    out.blit(pygame.transform.rotate(column, 180), column.get_rect(bottomright=(width - 6, height - 10)))
    return out


def _prepare(surface: pygame.Surface) -> pygame.Surface:
    # convert_alpha needs a display mode; without one (tests, tools) keep as is.
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def card_image(face: str, copy: int = 0, width: int | None = None) -> pygame.Surface:
    """The card's image, `width` pixels wide (default: native 240).

    Scaled down with smoothscale from the 240 px master and cached per size,
    so ask for the pixel width you will draw at (logical width x canvas scale).
    Callers must not draw onto the returned surface (it is shared).
    """
    stem = card_file_stem(face, copy)
    width = CARD_NATIVE_SIZE[0] if width is None else max(1, int(width))
    four = _four_colour and stem[:1] in FOUR_COLOUR and stem not in JOKER_STEMS
    key = (stem, width, four)
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
    _scaled.put(key, scaled)
    return scaled


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


def needs_cjk(text: str) -> bool:
    """True if `text` has characters the Latin UI font lacks (CJK, fullwidth, suits, arrows)."""
    return any(ord(ch) >= 0x2E80 or ch in CJK_FONT_SYMBOLS for ch in text)


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


def _load_font(size: int, bold: bool, cjk: bool) -> pygame.font.Font:
    if cjk:
        path = asset_path("fonts", CJK_FONT_FILES[bold])
        if path.exists():
            return pygame.font.Font(str(path), size)
        regular = asset_path("fonts", CJK_FONT_FILES[False])
        if regular.exists():  # no bold subset: let FreeType embolden
            loaded = pygame.font.Font(str(regular), size)
            loaded.bold = bold
            return loaded
    return pygame.font.Font(str(asset_path("fonts", LATIN_FONT_FILES[bold])), size)


def font_for_text(text: str, size: int, bold: bool = False) -> pygame.font.Font:
    """The font able to show `text`: CJK subset if needed, else the Latin one."""
    return font(size, bold, cjk=needs_cjk(text))


def clear_caches() -> None:
    _masters.clear()
    _scaled.clear()
    _font_cache.clear()
