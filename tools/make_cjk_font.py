#!/usr/bin/env python3
"""Subset Noto Sans CJK SC to the characters the game's text actually uses.

Usage:
    python tools/make_cjk_font.py [FILE ...] [--text STR] [--out-dir DIR]

With no FILEs, every *.po file under game/locale/ is read. Printable ASCII and
a few symbols (suits, arrows) are always included. Writes NotoSansSC-subset.otf and
NotoSansSC-Bold-subset.otf into assets/fonts/ (the licence, NotoSansSC-OFL.txt,
already lives there). Re-run whenever a translation catalog changes.

Source: Debian `fonts-noto-cjk` ships the CJK faces as .ttc collections; the
Simplified Chinese face is picked out by its PostScript name. The full face is
~16 MB per weight; a subset for a few hundred characters is a few tens of KB.
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CATALOG_DIR = PROJECT_ROOT / "game" / "locale"
DEFAULT_OUT_DIR = PROJECT_ROOT / "assets" / "fonts"
NOTO_CJK_DIR = Path("/usr/share/fonts/opentype/noto")

# weight -> (Debian collection file, PostScript name of the SC face, output file)
WEIGHTS: dict[str, tuple[str, str, str]] = {
    "Regular": ("NotoSansCJK-Regular.ttc", "NotoSansCJKsc-Regular", "NotoSansSC-subset.otf"),
    "Bold": ("NotoSansCJK-Bold.ttc", "NotoSansCJKsc-Bold", "NotoSansSC-Bold-subset.otf"),
}
PRINTABLE_ASCII = "".join(chr(code) for code in range(0x20, 0x7F))
# Symbols the game writes outside the catalogs (card names "9♣", key names): kept always.
SYMBOLS = "♠♣♥♦←↑→↓×·–—…“”"


def collect_characters(paths: list[Path], extra_text: list[str]) -> set[str]:
    """Every visible character in the given files and strings, plus ASCII."""
    chars = set(PRINTABLE_ASCII) | set(SYMBOLS)
    for path in paths:
        chars.update(path.read_text(encoding="utf-8"))
    for text in extra_text:
        chars.update(text)
    # Control characters (newlines, tabs) need no glyphs.
    return {ch for ch in chars if not unicodedata.category(ch).startswith("C")}


def load_face(collection_path: Path, postscript_name: str) -> TTFont:
    collection = TTCollection(str(collection_path), lazy=False)
    for face in collection.fonts:
        if face["name"].getDebugName(6) == postscript_name:
            return face
    raise SystemExit(f"{postscript_name} not found in {collection_path}")


def make_subset(face: TTFont, chars: set[str], out_path: Path) -> None:
    options = subset.Options()
    options.name_IDs = ["*"]  # keep copyright/licence name records
    options.name_languages = ["*"]
    options.notdef_outline = True  # missing glyphs show as a box, not nothing
    options.glyph_names = False
    subsetter = subset.Subsetter(options=options)
    subsetter.populate(unicodes=sorted(ord(ch) for ch in chars))
    subsetter.subset(face)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    face.save(str(out_path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "files", nargs="*", type=Path, help="text files whose characters to keep (default: game/locale/**/*.po)"
    )
    parser.add_argument("--text", action="append", default=[], help="extra characters to keep (repeatable)")
    parser.add_argument("--out-dir", type=Path, default=DEFAULT_OUT_DIR)
    parser.add_argument(
        "--font-dir", type=Path, default=NOTO_CJK_DIR, help="folder holding NotoSansCJK-{Regular,Bold}.ttc"
    )
    parser.add_argument("--weights", nargs="+", choices=sorted(WEIGHTS), default=list(WEIGHTS))
    args = parser.parse_args(argv)

    files: list[Path] = args.files or sorted(DEFAULT_CATALOG_DIR.rglob("*.po"))
    if not files and not args.text:
        print(f"note: no catalogs under {DEFAULT_CATALOG_DIR}; subsetting ASCII only", file=sys.stderr)
    chars = collect_characters(files, args.text)

    for weight in args.weights:
        collection_name, postscript_name, out_name = WEIGHTS[weight]
        collection_path = args.font_dir / collection_name
        if not collection_path.exists():
            raise SystemExit(f"{collection_path} missing: apt-get install fonts-noto-cjk")
        out_path = args.out_dir / out_name
        make_subset(load_face(collection_path, postscript_name), chars, out_path)
        print(f"{out_path}: {len(chars)} characters, {out_path.stat().st_size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
