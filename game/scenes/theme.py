"""The look: one palette and a few sizes, shared by every widget and scene.

Green felt table, cream paper panels, gold accents, warm dark ink. Sizes are
logical units (see layout.py); fonts are pixel sizes at scale 1.
"""

from __future__ import annotations

from pygame import Color

# Table felt.
FELT = Color(28, 102, 62)
FELT_LIGHT = Color(44, 128, 80)
FELT_DARK = Color(12, 58, 36)
LETTERBOX = Color(8, 30, 20)

# Paper panels (dialogs, bubbles, secondary buttons).
CREAM = Color(250, 243, 226)
CREAM_SHADE = Color(236, 224, 196)
PANEL_BORDER = Color(196, 160, 82)

# Gold accents (primary buttons, highlights, focus).
GOLD = Color(214, 170, 66)
GOLD_LIGHT = Color(238, 204, 118)
GOLD_DARK = Color(156, 116, 36)
FOCUS_RING = Color(255, 240, 170)
FOCUS_EDGE = Color(110, 70, 10)  # the focus ring's outer edge: it shows on cream too

# Text.
INK = Color(44, 36, 28)
INK_SOFT = Color(104, 92, 76)
RED_INK = Color(178, 34, 34)  # red cards' marks, negative scores, what went wrong
TEXT_ON_FELT = Color(244, 238, 220)
HINT_GLOW = Color(96, 214, 232)  # the hint: its panel's border, the cards and places it points at

# Disabled controls.
DISABLED_FILL = Color(196, 192, 180)
DISABLED_TEXT = Color(132, 126, 116)

# Shadows and dimming (RGBA).
SHADOW = Color(0, 0, 0, 110)
MODAL_DIM = Color(0, 0, 0, 130)

# Shape and type scale (logical units).
RADIUS_SMALL = 8
RADIUS = 12
RADIUS_LARGE = 18
BORDER = 2
SHADOW_OFFSET = 3
SHADOW_BLUR = 6
PADDING = 16

FONT_SMALL = 16
FONT_BODY = 20
FONT_BUTTON = 20
FONT_TITLE = 28

BUTTON_HEIGHT = 44
CARD_WIDTH = 90  # a card on the table, logical units
