#!/usr/bin/env python3
"""Rasterize the card SVGs into the PNGs the game ships (assets/cards/).

Usage:  python tools/make_card_images.py [--src DIR] [--out DIR]

Uses cairosvg when importable, else Debian's `rsvg-convert` (librsvg2-bin).
Cards are rendered at the SVG's native 240x336: the game only ever scales
them *down* (80-100 px on a 1280x720 table, more for "large cards"/HiDPI),
which keeps them crisp.

The ace of spades in the source art carries a QR code and a web address;
they are removed here before rasterizing (the art is CC0, so edits are fine).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SRC = PROJECT_ROOT.parent / "shared" / "art" / "cards-svg"
DEFAULT_OUT = PROJECT_ROOT / "assets" / "cards"
CARD_SIZE = (240, 336)  # native SVG size, 5:7

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
# Keep the plain prefixes when re-serializing (otherwise ElementTree writes ns0:).
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)


def strip_ace_of_spades_extras(svg_text: str) -> str:
    """Drop the QR code and the web address from the ace of spades.

    In the source, the QR code is a single white <path> drawn straight onto
    the root over the big spade, and the address is two <text> lines below it.
    Everything else (spade, corner indices) is kept untouched.
    """
    root = ET.fromstring(svg_text)
    doomed = [
        child
        for child in root
        if child.tag == f"{{{SVG_NS}}}text" or (child.tag == f"{{{SVG_NS}}}path" and child.get("fill") == "#fff")
    ]
    # Fail loudly if the source art changed shape, rather than ship a QR code.
    if len(doomed) != 3:
        raise RuntimeError(f"Sa.svg: expected 1 QR path + 2 text lines, found {len(doomed)} candidates")
    for element in doomed:
        root.remove(element)
    return ET.tostring(root, encoding="unicode")


# Per-card source edits, keyed by file stem.
def coarsen_back_pattern(svg_text: str) -> str:
    """Scale the backs' diamond lattice up three times.

    The source lattice repeats every 6 units: at the 60-90 px a card is drawn at the
    table that is 2 px, and smoothscaling averages it to a flat grey or pink. At 18
    units the diamonds stay visible at table size."""
    marker = 'patternUnits="userSpaceOnUse"'
    if svg_text.count(marker) != 1:
        raise SystemExit("card back: expected one lattice <pattern>; the source art changed")
    return svg_text.replace(marker, marker + ' patternTransform="scale(3)"')


SVG_EDITS: dict[str, Callable[[str], str]] = {
    "Sa": strip_ace_of_spades_extras,
    "B1": coarsen_back_pattern,
    "B2": coarsen_back_pattern,
}


def rasterize_with_cairosvg(svg_text: str, out_path: Path) -> None:
    import cairosvg  # imported lazily so the rsvg fallback works without it

    cairosvg.svg2png(
        bytestring=svg_text.encode("utf-8"),
        write_to=str(out_path),
        output_width=CARD_SIZE[0],
        output_height=CARD_SIZE[1],
    )


def rasterize_with_rsvg(svg_text: str, out_path: Path) -> None:
    subprocess.run(
        ["rsvg-convert", "-w", str(CARD_SIZE[0]), "-h", str(CARD_SIZE[1]), "-f", "png", "-o", str(out_path)],
        input=svg_text.encode("utf-8"),
        check=True,
    )


def pick_rasterizer() -> tuple[str, Callable[[str, Path], None]]:
    try:
        import cairosvg  # noqa: F401

        return "cairosvg", rasterize_with_cairosvg
    except (ImportError, OSError):  # OSError: cairocffi can't find libcairo
        if shutil.which("rsvg-convert"):
            return "rsvg-convert", rasterize_with_rsvg
    sys.exit("Need cairosvg (pip install -r requirements-tools.txt) or rsvg-convert (apt-get install librsvg2-bin).")


def optimize_png(path: Path) -> None:
    """Losslessly recompress with Pillow if it is around (cairosvg pulls it in)."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        image.load()
    image.save(path, optimize=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=DEFAULT_SRC, help="folder of card SVGs")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder for the PNGs")
    args = parser.parse_args(argv)

    svgs = sorted(args.src.glob("*.svg"))
    if not svgs:
        sys.exit(f"No SVGs found in {args.src}")
    args.out.mkdir(parents=True, exist_ok=True)
    name, rasterize = pick_rasterizer()

    total_bytes = 0
    for svg_path in svgs:
        svg_text = svg_path.read_text(encoding="utf-8")
        edit = SVG_EDITS.get(svg_path.stem)
        if edit is not None:
            svg_text = edit(svg_text)
        out_path = args.out / f"{svg_path.stem}.png"
        rasterize(svg_text, out_path)
        optimize_png(out_path)
        total_bytes += out_path.stat().st_size

    licence = args.src / "LICENSE-CC0"
    if licence.exists():
        shutil.copyfile(licence, args.out / "LICENSE-CC0")
    print(f"{len(svgs)} cards rasterized with {name} into {args.out} ({total_bytes / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
