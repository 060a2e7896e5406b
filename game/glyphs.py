"""Which characters the bundled fonts draw: a person's typed name may hold only those
(the Names page refuses the others), and a name kept from before that holds one is shown
with a "?" in its place, never the font's empty box.

A character shows if a bundled font has it: the Chinese subset (the regular face: bold
text with a character only it has is drawn with it made bold) or the Latin font (in both
weights; in a Chinese sentence its characters are drawn with it too). See
`assets.font_for_text` and `assets.MixedFont`.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

UNSHOWN = "?"  # in place of a kept name's characters no font draws


def drawable(char: str) -> bool:
    """True if `char` shows in any text the game draws it in (see the module's note).
    Control, format and combining characters never count: a name is kept composed (NFC)."""
    if char == " ":
        return True
    if unicodedata.category(char)[0] in "CMZ":  # (a space is the one separator a name keeps)
        return False
    from game import assets  # (here: the table's controller and the seat names import no pygame)

    has_glyph = assets.has_glyph
    latin = assets.LATIN_FONT_FILES
    if has_glyph(latin[False], char) and has_glyph(latin[True], char):
        return True
    return assets.needs_cjk(char) and has_glyph(assets.CJK_FONT_FILES[False], char)


def undrawable(text: str) -> list[str]:
    """The characters of `text` no bundled font draws, each once, in order."""
    return [char for char in dict.fromkeys(text) if not drawable(char)]


def code_points(chars: list[str]) -> str:
    """Characters named so a message can show them without drawing them: "U+1F600"."""
    return " ".join(f"U+{ord(char):04X}" for char in chars)


@lru_cache(maxsize=512)
def shown_name(name: str) -> str:
    """A typed name as drawn: composed (NFC), each run of characters no bundled font draws
    as one "?" (a name kept from before the Names page refused them: an emoji, a rare
    character), so it never shows as boxes."""
    shown: list[str] = []
    for char in unicodedata.normalize("NFC", name):
        if drawable(char):
            shown.append(char)
        elif shown[-1:] != [UNSHOWN]:
            shown.append(UNSHOWN)
    return "".join(shown)
