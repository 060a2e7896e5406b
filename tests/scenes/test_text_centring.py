"""Text centred in a box by its ink, Latin and Chinese alike, at every window size; and the
New game page's seed field laid out as the rows above it (play-test: a Chinese button's label
sat 2 pixels low, an English one's 1; the seed's text started at the left under the others'
centred values)."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import blits_drawn

from game import i18n
from game.app import AppContext
from game.scenes import menu_widgets
from game.scenes.layout import Canvas, Ruler
from game.scenes.menu_widgets import Choice, NumberField
from game.scenes.new_game import NewGameScene
from game.scenes.text import INK_REFERENCE, ink_middle, ink_placed, text_image
from game.scenes.widgets import Button

pytestmark = pytest.mark.usefixtures("display")  # (tests/conftest.py)

SCALES = {"800x450": 0.625, "1280x720": 1.0, "1920x1080": 1.5}
LABELS = {"en": ["Start", "Back", "Menu", "Hint"], "zh": ["开始", "返回", "菜单", "提示"]}
# A menu page's button, the table's column (with its key cap), its top row's (logical)
BUTTONS = [((100, 100, 220, 50), ""), ((100, 100, 188, 40), "L"), ((100, 100, 98, 34), "")]


def ink_rows(drawn: pygame.Surface, blank: pygame.Surface, box: pygame.Rect) -> list[int]:
    """The pixel rows of `box` where `drawn` differs from `blank` (the text's ink)."""
    return [
        y
        for y in range(box.top, box.bottom)
        if any(drawn.get_at((x, y)) != blank.get_at((x, y)) for x in range(box.left, box.right))
    ]


def button_gaps(text: str, scale: float, rect, key: str) -> tuple[int, int]:
    """Pixels from the button's top edge to its label's ink, and from the ink to its bottom
    edge, drawn with the bundled fonts (the key cap's part of the button left out)."""

    def drawn(label: str) -> Canvas:
        canvas = Canvas((round(1280 * scale), round(720 * scale)), scale)
        canvas.fill((0, 0, 0))
        Button(rect, label, key=key).draw(canvas)
        return canvas

    box = Ruler(scale).rect(rect)
    box.width -= round(34 * scale) if key else 0
    rows = ink_rows(drawn(text), drawn(""), box)
    return rows[0] - box.top, box.bottom - 1 - rows[-1]


@pytest.mark.parametrize("size", SCALES)
@pytest.mark.parametrize("language", LABELS)
def test_a_button_s_label_is_centred_by_its_ink(size, language):
    """As much room above the label's ink as below it, to a pixel (an odd room has a pixel
    more on one side): before, a Chinese label had 17 above and 13 below in a menu button at
    1280x720, an English one 19 and 17."""
    for rect, key in BUTTONS:
        for text in LABELS[language]:
            above, below = button_gaps(text, SCALES[size], rect, key)
            assert abs(above - below) <= 1, (text, rect, above, below)


@pytest.mark.parametrize("scale", SCALES.values())
def test_a_centred_line_puts_its_script_s_ink_middle_on_the_point(scale):
    """`ink_placed` (blit_in_box's center / midleft / midright): the reference glyphs' ink of
    either script centred on the point given, to half a pixel; other anchors as pygame's."""
    size_px = Ruler(scale).px(20)
    for chinese, reference in INK_REFERENCE.items():
        image = text_image(reference, size_px, True, (0, 0, 0, 255))
        for anchor in ("center", "midleft", "midright"):
            rect = ink_placed(image, reference, size_px, True, anchor, (300.0, 200.0))
            ink = image.get_bounding_rect().move(rect.topleft)
            assert abs((ink.top + ink.bottom) / 2 - 200.0) <= 0.5, (chinese, anchor)
        assert ink_placed(image, reference, size_px, True, "midtop", (300.0, 200.0)).top == 200
    # Chinese text is placed by the ideographs' ink, Latin by the capitals'.
    assert ink_middle("开始", size_px, True) == ink_middle("中国", size_px, True)
    assert ink_middle("Start", size_px, True) == ink_middle("H", size_px, True)


@pytest.fixture
def app(tmp_path):
    return AppContext.create(tmp_path)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("variant", ["classic", "six-hand"])
@pytest.mark.parametrize("size", SCALES)
def test_the_seed_field_lines_up_with_the_rows_above_it(monkeypatch, app, variant, size, language):
    """The seed field is a row as the choices above it: its label where theirs are, its box
    centred where their values are (between their arrows), the digits or "random" centred in
    it, at every window size and in both languages."""
    i18n.set_language(language)
    scale = SCALES[size]
    page = NewGameScene(app, variant)
    choices = [w for w in page.items.widgets if isinstance(w, Choice)]
    (field,) = [w for w in page.items.widgets if isinstance(w, NumberField)]
    ruler = Ruler(scale)
    box = field.value_box()
    # The rows whose value fits between their arrows (a long one, a variant's name, pushes its
    # left arrow out and is centred in the room it has).
    fitted = [c for c in choices if c.value_geometry(ruler)[0] == menu_widgets.value_span(c.rect)[0]]
    assert len(fitted) >= len(choices) - 1
    for choice in fitted:
        assert box.centerx == pytest.approx(choice.value_geometry(ruler)[1])
        left_arrow, right_arrow = menu_widgets.value_span(choice.rect)
        assert box.left < left_arrow and box.right > right_arrow and field.rect.contains(box)
    drawn = blits_drawn(monkeypatch, menu_widgets)
    for digits in ("", "427"):
        field.digits = digits
        drawn.clear()
        page.draw(Canvas((round(1280 * scale), round(720 * scale)), scale))
        text = digits or i18n._(field.placeholder)
        (shown,) = [rect for said, rect in drawn if said == text]
        (label,) = [rect for said, rect in drawn if said == i18n._(field.label)]
        values = {said: rect for said, rect in drawn if any(said == c.value_text for c in fitted)}
        labels = [rect for said, rect in drawn if any(said == i18n._(c.label) for c in choices)]
        for value in values.values():
            assert abs(shown.centerx - value.centerx) <= 1  # the seed's text under the values
        assert all(label.left == other.left for other in labels)  # its label where theirs are
