"""Word-wrapping and rendering of multi-line text (Latin and CJK).

Latin text breaks at spaces; CJK text may break between any two ideographs,
except that closing punctuation never starts a line.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable
from typing import Any

import pygame

from game import assets
from game.scenes.layout import Ruler
from game.surface_cache import MB, cached_surfaces

# One breakable unit: a single CJK character, a run of spaces, or a word (with any opening marks before it);
# a short quotation in Chinese (a word or a button's name, "点“继续”") is one unit: split, it read
# "点“继 / 续”" (the replace-the-game question, play-test, stop 54).
_CJK = "\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef"  # ideographs, kana, fullwidth forms
_OPENING = "“‘（「『【《〈([{"  # never ends a line: it goes down with what it opens
_SHORT_QUOTE = r"“[^”\s]{1,4}”|「[^」\s]{1,4}」"
# A no-break space (plain, figure, narrow) joins what it stands between: "5\u00a0MB" is one word
# (Python's \s counts it a space: "larger than 5 / MB" broke there, play-test, stop 59).
_GLUE = "\u00a0\u2007\u202f"
# A card's name in Chinese is one unit as 4♠ is: the joker's word 王牌 and a three's colour with its
# digit, 红3 / 黑3 (a hint's "先留着 10♦ 10♠ 2♥ 王 / 牌：" broke the joker's name, play-test, stop 60).
_CARD_WORD = r"王牌|[红黑]3(?!\d)"
_UNITS = re.compile(
    rf"{_SHORT_QUOTE}|[{_OPENING}]*(?:{_CARD_WORD}|[{_CJK}]|(?:[^\s{_CJK}]|[{_GLUE}])+)|(?:(?![{_GLUE}])\s)+"
)
_IDEOGRAPH = re.compile(rf"[{_CJK}]")
_NUMBER = re.compile(r"\d[\d,.]*%?")  # a count or score ("100", "1,500")
_NO_LINE_START = set("，。、；：！？）」』】》〉”’…,.;:!?)]}")


def _split_long(word: str, font: pygame.font.Font, max_width: int) -> list[str]:
    """Hard-break a single word wider than the line (URLs, long names)."""
    pieces, current = [], ""
    for ch in word:
        if current and font.size(current + ch)[0] > max_width:
            pieces.append(current)
            current = ch
        else:
            current += ch
    if current:
        pieces.append(current)
    return pieces


def wrap_text(text: str, font: pygame.font.Font, max_width: int) -> list[str]:
    """Lines of `text` that each fit in `max_width` pixels, but for one closing mark that
    may hang past it (it never starts a line); honours '\\n'. No paragraph ends on a short
    line under a long one: see `_even_last_lines`."""
    return list(_wrapped(text, font, max_width))


def wrap_at_most(text: str, font: pygame.font.Font, max_width: int, most: int) -> list[str]:
    """`wrap_text`, cut to `most` lines, the last ending in "…" when text was left out (the
    line shortened, a unit at a time, until it fits with it: a full line and its "…" ran
    past the width, over the hand at the bottom seat's label, play-test, stop 49)."""
    lines = wrap_text(text, font, max_width)
    if len(lines) > most:  # (cut: its lines filled, none evened, the most text before the "…")
        lines = list(_wrapped(text, font, max_width, False))
        units = _UNITS.findall(lines[most - 1].rstrip())
        while len(units) > 1 and font.size("".join(units).rstrip() + "…")[0] > max_width:
            units.pop()
        lines = [*lines[: most - 1], "".join(units).rstrip() + "…"]
    return lines


# Where a clause ends: a Chinese comma, semicolon or colon, or a Latin one before a space.
_CLAUSE_END = re.compile(r"[，；：](?![”’」』）])|[,;:](?=\s)")


def wrap_at_clause(text: str, font: pygame.font.Font, max_width: int, most: int) -> list[str]:
    """`wrap_at_most` for a short label: a text that takes two lines breaks after a clause's
    mark when both parts fit, the latest such mark ("拿走了弃牌堆（15 张），" / "再打出 3♣"),
    where filling the first line split a word ("然 / 后", "一 / 张牌": a seat's last action,
    play-test, stop 54)."""
    lines = wrap_text(text, font, max_width)
    if most < 2 or len(lines) != 2:
        return wrap_at_most(text, font, max_width, most)
    for end in reversed([m.end() for m in _CLAUSE_END.finditer(text)]):
        head, tail = text[:end].rstrip(), text[end:].strip()
        if tail and font.size(head)[0] <= max_width and font.size(tail)[0] <= max_width:
            return [head, tail]
    return _number_with_its_word(text, lines, font, max_width)


def wrap_centred(text: str, font: pygame.font.Font, max_width: int) -> list[str]:
    """`wrap_text` for a centred block (a dialog's message): a paragraph of two lines breaks
    after a clause's mark, where both parts fit (a sentence's end, a semicolon or a colon
    before a comma, then the mark that makes the two lines the most even), if its second line
    holds little (under a quarter of the width) or it is Chinese, which breaks between any two
    characters (the partner's question left "扣除。" alone under a full line, and split
    答 / “不行”, play-test in Chinese, stop 60)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        wrapped = wrap_text(paragraph, font, max_width)
        filled = _wrapped(paragraph, font, max_width, False)  # (its lines before evening: as short as they came)
        short = len(filled) == 2 and font.size(filled[1])[0] < max_width / 4
        if len(wrapped) == 2 and (short or _IDEOGRAPH.search(paragraph)):
            splits = [(paragraph[:end].rstrip(), paragraph[end:].strip()) for end in _clause_ends(paragraph)]
            # (a sentence's, a semicolon's or a colon's end before a comma's: "…必须现在出完；" /
            # "答“不行”，…")
            order = {
                split: (
                    split[0].rstrip("”’」』）)")[-1:] not in "。！？；：.!?;:",
                    max(font.size(part)[0] for part in split),
                )
                for split in splits
                if split[1]
            }
            fitting = [split for split, (_weak, widest) in order.items() if widest <= max_width]
            if fitting:
                head, tail = min(fitting, key=lambda split: order[split])
                wrapped = [head, tail]
        lines += wrapped
    return lines


def _clause_ends(text: str) -> list[int]:
    """Where a clause or a sentence ends in `text`."""
    ends = {match.end() for pattern in (_CLAUSE_END, _SENTENCE_END) for match in pattern.finditer(text)}
    return sorted(ends)


def _number_with_its_word(text: str, lines: list[str], font: pygame.font.Font, max_width: int) -> list[str]:
    """Two lines of a short label with no count left at the end of the first, away from
    what it counts: the number (with any opening mark before it) goes down where the
    second line still fits ("picked up the foot (11 / cards)", a seat's last action at
    800x450, play-test, stop 57)."""
    units = [u for u in _UNITS.findall(lines[0]) if not u.isspace()]
    if len(units) < 2 or not text.startswith(lines[0]):
        return lines
    if _NUMBER.fullmatch(units[-1].lstrip(_OPENING)) is None:
        return lines
    head = lines[0][: lines[0].rstrip().rfind(units[-1])].rstrip()
    tail = text[len(head) :].strip()
    if head and font.size(tail)[0] <= max_width:
        return [head, tail]
    return lines


# Where a sentence ends: a Latin stop before a space (not 1.5), or a Chinese one; with any
# closing marks after it.
_SENTENCE_END = re.compile(r"[.!?][”’)]*(?=\s)|[。！？][”’」』）]*")


def wrap_sentences_at_most(text: str, font: pygame.font.Font, max_width: int, most: int) -> list[str]:
    """`wrap_text` in at most `most` lines: text that does not fit ends with the last whole
    sentence that does (a costly move's reason cut mid-sentence, "The next player's side has no
    meld…", said nothing, play-test, stop 49); a first sentence too long alone is cut as
    `wrap_at_most` cuts it."""
    lines = wrap_text(text, font, max_width)
    if len(lines) <= most:
        return lines
    for end in reversed([m.end() for m in _SENTENCE_END.finditer(text)]):
        kept = wrap_text(text[:end].rstrip(), font, max_width)
        if len(kept) <= most:
            return kept
    return wrap_at_most(text, font, max_width, most)


def cut_name(name: str, fits: Callable[[str], bool]) -> str:
    """`name` whole if `fits` takes it, else its longest start that `fits` takes, cut with "…"
    (one character at least): a person's long name in a label whose other words stay (a seat's
    tag and its count, the order of play's arrows)."""
    if fits(name):
        return name
    units, cut = list(name), name
    while len(units) > 1:
        units.pop()
        cut = "".join(units).rstrip() + "…"
        if fits(cut):
            break
    return cut


def one_line(surface: pygame.Surface, text: str, size: float, width: float, bold: bool = False) -> str:
    """`text` cut to one line of `width` (logical) at `size` on `surface`, ending in "…" when cut.
    A one-line text that fits by the logical measure (text_width, which fitting_size asks) is
    never cut: a smaller window's whole-pixel font may come out a few per cent wider (five-hand's
    "West & East & South-east" lost its last name on the score sheet at 1024x768, play-test,
    stop 48)."""
    if "\n" not in text and text_width(text, size, bold) <= width:
        return text
    ruler = Ruler.of(surface)
    font = assets.font_for_text(text, ruler.px(size), bold)
    return wrap_at_most(text, font, ruler.px(width), 1)[0]


@functools.lru_cache(maxsize=1024)  # the table wraps the same status, log and labels every frame
def _wrapped(text: str, font: pygame.font.Font, max_width: int, even: bool = True) -> tuple[str, ...]:
    """`wrap_text`'s lines; `even`: each paragraph's last two lines evened (`_even_last_lines`)."""
    # (Keyed by the font object itself, which the cache keeps alive: no id is reused.)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        first = len(lines)  # this paragraph's first line
        units: list[str] = []  # the line's units
        for unit in _UNITS.findall(paragraph):
            if unit.isspace():
                if units:  # no leading spaces on a wrapped line
                    units.append(unit)
                continue
            line = "".join(units).rstrip()
            # (measured with the space before `unit`: without it a line came out a space too wide)
            if units and font.size("".join(units) + unit)[0] > max_width:
                # The line ends before `unit`, but for closing punctuation: one mark hangs
                # past the end; a second takes the character before them down with them
                # (two hung over a panel's border, play-test, stop 44).
                carried = 0
                if unit in _NO_LINE_START and font.size(line)[0] > max_width:
                    carried = _carried(units)
                if unit not in _NO_LINE_START or carried:
                    lines.append("".join(units[: len(units) - carried]).rstrip())
                    units = [u for u in units[len(units) - carried :] if not u.isspace()]
            if not units and font.size(unit)[0] > max_width:
                *full, last = _split_long(unit, font, max_width)
                lines.extend(full)
                units = [last]
            else:
                units.append(unit)
        lines.append("".join(units).rstrip())
        if even and len(lines) - first >= 2:
            lines[-2:] = _even_last_lines(paragraph, lines[-2], lines[-1], font, max_width)
    return tuple(lines)


# What a paragraph's last line holds at least, where the line above can give it more: four
# characters of Chinese, its closing marks aside (the risky-discard question ended on "的最少。"
# alone, play-test in Chinese, stop 65; before that "扣除。", "分。"), or two words of English
# where one word would sit alone in under a quarter of the width ("away.").
SHORT_LAST_CJK = 4
SHORT_LAST_LATIN = 2
_PHRASE_ENDS = "的了"  # (particles that close what comes before them: a line may end on one)


def _content(text: str) -> list[str]:
    """The units of `text` that say something: not its spaces, not its closing marks."""
    return [unit for unit in _UNITS.findall(text) if not unit.isspace() and unit not in _NO_LINE_START]


def _short_last(last: str, cjk: bool, font: pygame.font.Font, max_width: int) -> bool:
    """Whether `last`, a paragraph's last line, holds too little to stand alone."""
    held = len(_content(last))
    if cjk:
        return held < SHORT_LAST_CJK
    return held < SHORT_LAST_LATIN and font.size(last)[0] < max_width / 4


def _even_last_lines(paragraph: str, before: str, last: str, font: pygame.font.Font, max_width: int) -> list[str]:
    """A wrapped paragraph's last two lines, `before` and `last`, with no short last line
    (`_short_last`) where it is no clause of its own: text comes down from the line before,
    after the latest clause's mark that leaves the last line long enough, else at the latest
    space that does, else as little as does (the risky-discard question's "…都有风险；打 8♦
    送给对手" / "的最少。" reads "…都有风险；" / "打 8♦ 送给对手的最少。"). Never past the
    middle (the line before stays the longer), never wider than `max_width`, never a line
    starting with a closing mark, never a count apart from what it counts ("每张 100 /
    分。", the guided deal's red threes, play-test in Chinese, stop 54). Where no break
    leaves the last line long enough, the most even one that keeps to that; where none
    does (a line before as short), the lines as they are. Both lines are of one
    paragraph, the line before whole (not a word cut to fit)."""
    cjk = _IDEOGRAPH.search(before + last) is not None
    if not before or not _short_last(last, cjk, font, max_width):
        return [before, last]
    text = paragraph.rstrip()
    rest = text[: len(text) - len(last)].rstrip()
    if not text.endswith(last) or not rest.endswith(before):
        return [before, last]
    start = len(rest) - len(before)
    units = _UNITS.findall(text[start:])
    ends = [len("".join(units[:count])) for count in range(len(units) + 1)]
    if ends[-1] != len(text) - start or len(before) not in ends:
        return [before, last]  # (a word cut to fit: no unit ends where `before` does)
    clause_ends = set(_clause_ends(text[start:]))
    if len(before) in clause_ends:  # (the last line is a clause of its own: "一二三四五六。" / "七八")
        return [before, last]
    breaks: list[tuple[str, str, bool]] = []  # the lines there may be (and at a space?), the least text moved first
    for count in range(ends.index(len(before)) - 1, 0, -1):  # the units left on the line before
        unit = units[count]
        if unit.isspace() or unit in _NO_LINE_START:
            continue
        head, tail = "".join(units[:count]).rstrip(), "".join(units[count:]).strip()
        head_w, tail_w = font.size(head)[0], font.size(tail)[0]
        if tail_w > max_width or head_w < tail_w:
            break
        apart = count >= 2 and units[count - 1].isspace()
        if not (apart and _NUMBER.fullmatch(units[count - 2].lstrip(_OPENING))):  # (a count stays with its word)
            breaks.append((head, tail, units[count - 1].isspace()))
    if not breaks:
        return [before, last]
    enough = [split for split in breaks if not _short_last(split[1], cjk, font, max_width)]
    if not enough:
        return list(breaks[-1][:2])
    # A clause's end first; then a space (in Chinese, beside a number, a card or a Latin word:
    # a break there splits no word, as one between two characters may); then after 的 or 了,
    # which end what they close ("…我们的" / "分数中扣除。", not "…我们的分" / "数中扣除。");
    # else the least text.
    after_a_clause = [split for split in enough if len(split[0]) in clause_ends]
    at_a_space = [split for split in enough if split[2]]
    after_a_particle = [split for split in enough if split[0][-1:] in _PHRASE_ENDS]
    return list((after_a_clause or at_a_space or after_a_particle or enough)[0][:2])


def _carried(units: list[str]) -> int:
    """How many of a line's last `units` go down to the next line with the closing
    punctuation after them: the last word or character with the closing marks and spaces
    after it; 0 where nothing would stay (the marks then hang past the line's end)."""
    end = len(units)
    while end and (units[end - 1].isspace() or units[end - 1] in _NO_LINE_START):
        end -= 1
    if end <= 1:
        return 0
    return len(units) - (end - 1)


def line_height(font: pygame.font.Font, spacing: float = 1.2) -> int:
    return round(font.get_height() * spacing)


def render_lines(
    lines: list[str], font: pygame.font.Font, color: pygame.Color, align: str = "left", spacing: float = 1.2
) -> pygame.Surface:
    """All lines on one transparent surface, aligned 'left', 'center' or 'right'."""
    step = line_height(font, spacing)
    rendered = [font.render(line, True, color) for line in lines]
    width = max((surface.get_width() for surface in rendered), default=0)
    height = step * (len(lines) - 1) + font.get_height() if lines else 0
    block = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    for index, surface in enumerate(rendered):
        if align == "center":
            x = (width - surface.get_width()) // 2
        elif align == "right":
            x = width - surface.get_width()
        else:
            x = 0
        block.blit(surface, (x, index * step))
    return block


# The glyphs whose ink stands for a line of a script when it is centred in a box: a capital's
# height above the baseline in Latin (descenders hang below a centred line, as in print), an
# ideograph's square in Chinese. A line's own box (the font's ascent and descent) is no guide:
# the Chinese face's is taller above its ideographs than the Latin one's above its capitals, and
# both put the ink below the box's middle (a button's Chinese label sat 2 pixels low, its
# English one 1: play-test).
INK_REFERENCE = {False: "H", True: "中国"}
# Anchors that centre a line vertically: placed by its ink's middle (`ink_placed`).
MIDDLE_ANCHORS = frozenset({"center", "midleft", "midright"})


def ink_middle(text: str, size_px: int, bold: bool = False) -> float:
    """How far below the top of `text` rendered at `size_px` (`text_image`) the middle of its
    script's ink lies, in pixels: the capitals' (H) for Latin text, the ideographs' for text with
    Chinese (the reference glyphs in the font that draws `text`, measured once per font)."""
    reference = INK_REFERENCE[_IDEOGRAPH.search(text) is not None]
    return _ink_middle(assets.font_for_text(text, size_px, bold), reference)


@functools.lru_cache(maxsize=256)
def _ink_middle(font: pygame.font.Font, reference: str) -> float:
    # (Keyed by the font object itself, as `_wrapped`: the font caches keep each alive.)
    image = font.render(reference, True, (0, 0, 0))
    ink = image.get_bounding_rect()
    return (ink.top + ink.bottom) / 2 if ink.height else image.get_height() / 2


def ink_placed(
    image: pygame.Surface, text: str, size_px: int, bold: bool, anchor: str, point: tuple[float, float]
) -> pygame.Rect:
    """Where `image` (`text` rendered at `size_px`) goes with its `anchor` at `point` (pixels,
    unrounded): an anchor that centres it vertically puts its script's ink middle (`ink_middle`)
    on `point`'s y, to the nearest pixel; the other anchors as pygame places them."""
    x, y = point
    rect = image.get_rect(**{anchor: (round(x), round(y))})
    if anchor in MIDDLE_ANCHORS:
        rect.top = math.floor(y - ink_middle(text, size_px, bold) + 0.5)
    return rect


@cached_surfaces(4 * MB)
def text_image(text: str, size_px: int, bold: bool, color: tuple[int, int, int, int]) -> pygame.Surface:
    """`text` rendered at `size_px` pixels (cached: scenes redraw the same labels every
    frame; callers must not draw onto the shared surface)."""
    return assets.font_for_text(text, size_px, bold).render(text, True, color)


def blit_text(
    surface: pygame.Surface,
    text: str,
    size: float,
    color: pygame.typing.ColorLike,
    *,
    bold: bool = False,
    **anchor: Any,
) -> pygame.Rect:
    """Render `text` at a logical `size`, placed by one rect anchor given in
    logical units (e.g. midleft=(x, y)). Returns the pixel rect drawn."""
    return _blit(surface, text, size, color, bold, anchor, in_box=False)


def blit_in_box(
    surface: pygame.Surface,
    text: str,
    size: float,
    color: pygame.typing.ColorLike,
    *,
    bold: bool = False,
    **anchor: Any,
) -> pygame.Rect:
    """`blit_text` for text centred in a box or on a line (a menu's row, beside a key cap, a
    score sheet's row with its numbers, beside a seat's tag): an anchor that centres it
    vertically (center, midleft, midright) puts its ink in the middle (`ink_placed`), as a
    button's label, so that Chinese and Latin text beside each other share a middle. (Lines
    laid out by their line box, a wrapped block, a seat's last action above its tag, keep
    `blit_text`.)"""
    return _blit(surface, text, size, color, bold, anchor, in_box=True)


def _blit(
    surface: pygame.Surface,
    text: str,
    size: float,
    color: pygame.typing.ColorLike,
    bold: bool,
    anchor: dict[str, Any],
    in_box: bool,
) -> pygame.Rect:
    ruler = Ruler.of(surface)
    size_px = ruler.px(size)
    image = text_image(text, size_px, bold, tuple(pygame.Color(color)))
    ((name, (x, y)),) = anchor.items()
    if in_box:
        rect = ink_placed(image, text, size_px, bold, name, (x * ruler.scale, y * ruler.scale))
    else:
        rect = image.get_rect(**{name: ruler.point((x, y))})
    surface.blit(image, rect)
    return rect


@functools.lru_cache(maxsize=1024)  # the score panel measures its names and scores every frame
def text_width(text: str, size: float, bold: bool = False) -> float:
    """Logical width of `text` at `size` (measured at 4x, for steady rounding)."""
    return assets.font_for_text(text, round(size * 4), bold).size(text)[0] / 4


@functools.lru_cache(maxsize=1024)
def fitting_size(text: str, size: float, max_width: float, bold: bool = False, smallest: float = 11) -> float:
    """The largest logical size from `size` down to `smallest` at which `text` fits in
    `max_width` logical units (long side names of five- and six-seat tables). Remembered:
    labels, badges and buttons ask it in every frame."""
    while size > smallest:
        if text_width(text, size, bold) <= max_width:
            break
        size -= 1
    return size
