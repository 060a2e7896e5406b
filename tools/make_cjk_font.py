#!/usr/bin/env python3
"""Subset Noto Sans CJK SC to the characters the game's text uses, and the common ones.

Usage:
    python tools/make_cjk_font.py [FILE ...] [--text STR] [--out-dir DIR]

With no FILEs, every *.po file under game/locale/ is read. Printable ASCII and
a few symbols (suits, arrows) are always included. Writes NotoSansSC-subset.otf and
NotoSansSC-Bold-subset.otf into assets/fonts/ (the licence, NotoSansSC-OFL.txt,
already lives there). Re-run whenever a translation catalog changes.

Source: Debian `fonts-noto-cjk` ships the CJK faces as .ttc collections; the
Simplified Chinese face is picked out by its PostScript name. The full face is
~16 MB per weight. Both subsets hold the catalogs' characters and GB 2312's first level
(so a person's name typed in Chinese shows): about 1.7 MB. The regular one also holds
GB 2312's second level (3,008 rarer characters, many of them in names, such as 昊):
about 3.2 MB; bold text with one of them is drawn with the regular face made bold
(game/assets.py), which keeps the download 1.5 MB smaller than two full weights.
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


def common_hanzi(rows: range = range(0xB0, 0xD8)) -> str:
    """GB 2312's first level: the 3,755 most used Chinese characters, so a name typed in
    Chinese (pass-and-play's Names page) shows, not only the catalogs' words. With
    `RARE_ROWS`, its second level: 3,008 rarer ones."""
    chars = []
    for high in rows:
        for low in range(0xA1, 0xFF):
            try:
                chars.append(bytes((high, low)).decode("gb2312"))
            except UnicodeDecodeError:  # the level's last row is shorter
                continue
    return "".join(chars)


RARE_ROWS = range(0xD8, 0xF8)


def collect_characters(paths: list[Path], extra_text: list[str], common: bool = True) -> set[str]:
    """Every visible character in the given files and strings, plus ASCII (and, with
    `common`, the common Chinese characters)."""
    chars = set(PRINTABLE_ASCII) | set(SYMBOLS) | (set(common_hanzi()) if common else set())
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
    parser.add_argument(
        "--no-common", action="store_true", help="only the texts' characters, not GB 2312's (both levels)"
    )
    args = parser.parse_args(argv)

    files: list[Path] = args.files or sorted(DEFAULT_CATALOG_DIR.rglob("*.po"))
    if not files and not args.text:
        print(f"note: no catalogs under {DEFAULT_CATALOG_DIR}; subsetting ASCII only", file=sys.stderr)
    chars = collect_characters(files, args.text, common=not args.no_common)

    for weight in args.weights:
        collection_name, postscript_name, out_name = WEIGHTS[weight]
        collection_path = args.font_dir / collection_name
        if not collection_path.exists():
            raise SystemExit(f"{collection_path} missing: apt-get install fonts-noto-cjk")
        out_path = args.out_dir / out_name
        face = load_face(collection_path, postscript_name)
        kept = set(chars)
        if weight == "Regular" and not args.no_common:
            kept |= set(common_hanzi(RARE_ROWS))
        make_subset(face, kept, out_path)
        print(f"{out_path}: {len(kept)} characters, {out_path.stat().st_size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
