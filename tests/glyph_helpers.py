"""Glyph coverage of the bundled fonts as the game draws a text (`assets.font_for_text`):
a character the font picked lacks would show as a .notdef box."""

from __future__ import annotations

from game import assets


def missing_glyphs(text: str, bold: bool = False) -> set[str]:
    """Characters of `text` that the font `font_for_text` would pick cannot draw (a
    `MixedFont` draws what its Chinese face lacks with the Latin font; bold Chinese text
    with a character only the regular face has is drawn with that one made bold)."""
    visible = [ch for ch in dict.fromkeys(text) if not ch.isspace()]
    latin = assets.LATIN_FONT_FILES[bold]
    if not assets.needs_cjk(text):
        return {ch for ch in visible if not assets.has_glyph(latin, ch)}
    emboldened, mixed = assets._cjk_needs(text, bold)
    cjk = assets.CJK_FONT_FILES[bold and not emboldened]
    return {ch for ch in visible if not assets.has_glyph(cjk, ch) and not (mixed and assets.has_glyph(latin, ch))}
