"""Glyph coverage of the bundled fonts, via pygame.freetype (None = no glyph:
the text would show a .notdef box)."""

from __future__ import annotations

from functools import cache

import pygame.freetype

from game import assets


@cache
def _face(cjk: bool, bold: bool) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    files = assets.CJK_FONT_FILES if cjk else assets.LATIN_FONT_FILES
    return pygame.freetype.Font(str(assets.asset_path("fonts", files[bold])), 16)


def missing_glyphs(text: str, bold: bool = False) -> set[str]:
    """Characters of `text` that the font `font_for_text` would pick cannot draw."""
    face = _face(assets.needs_cjk(text), bold)
    visible = [ch for ch in dict.fromkeys(text) if not ch.isspace()]
    if not visible:
        return set()
    metrics = face.get_metrics("".join(visible))
    return {ch for ch, metric in zip(visible, metrics, strict=True) if metric is None}
