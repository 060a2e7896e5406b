"""Free-standing text centred on a line by its script's ink, Latin and Chinese alike, at every
window size: the score sheet's rows (a label beside its numbers), the deal review's rows, the
line beside North's tag, the refusal's chip. Placed by the font's line box, a Chinese label
sat 1-2 pixels lower than an English one (or than the digits beside it), and both sat low.

The ink measured is the script's (`text.INK_REFERENCE`: the capitals' for Latin text, the
ideographs' for Chinese) in the font that draws the text, where the text was drawn."""

from __future__ import annotations

import pygame
import pytest
from fallback_bot import FallbackBot
from table_helpers import deal_over_with_long_hands, make_table, players_turn, sheet_over, until

from game import assets, i18n
from game.i18n import N_
from game.review import deal_play
from game.rules import Game, Phase, RulesConfig
from game.scenes import text as text_module
from game.scenes.layout import Canvas, Ruler
from game.scenes.review_scene import ReviewScene, table_plan
from game.scenes.table_layout import ASPECT
from game.scenes.text import INK_REFERENCE
from game.seat_names import SeatNames

pytestmark = pytest.mark.usefixtures("display")  # (tests/conftest.py)

SCALES = {"800x450": 0.625, "1280x720": 1.0, "1920x1080": 1.5}
LANGUAGES = ["en", "zh_CN"]


class Drawn:
    """One text drawn by `blit_text` or `blit_in_box`: its text, pixel size, weight and box."""

    def __init__(self, text: str, size_px: int, bold: bool, rect: pygame.Rect) -> None:
        self.text, self.size_px, self.bold, self.rect = text, size_px, bold, rect

    def ink(self) -> tuple[int, int]:
        """The pixel rows of its script's ink (top, bottom exclusive), where it was drawn."""
        reference = INK_REFERENCE[any("\u4e00" <= ch <= "\u9fff" for ch in self.text)]
        font = assets.font_for_text(self.text, self.size_px, self.bold)
        ink = font.render(reference, True, (0, 0, 0)).get_bounding_rect()
        return self.rect.top + ink.top, self.rect.top + ink.bottom

    def gaps(self, top: float, bottom: float) -> tuple[float, float]:
        """Pixels from `top` to its ink, and from its ink to `bottom` (pixels, unrounded)."""
        ink_top, ink_bottom = self.ink()
        return ink_top - top, bottom - ink_bottom

    def middle(self) -> float:
        ink_top, ink_bottom = self.ink()
        return (ink_top + ink_bottom) / 2


@pytest.fixture
def drawn(monkeypatch) -> list[Drawn]:
    """Every text drawn from now on (both of `text`'s blits share `_blit`)."""
    texts: list[Drawn] = []
    real = text_module._blit

    def record(surface, text, size, color, bold, anchor, in_box):
        rect = real(surface, text, size, color, bold, anchor, in_box)
        texts.append(Drawn(text, Ruler.of(surface).px(size), bold, rect))
        return rect

    monkeypatch.setattr(text_module, "_blit", record)
    return texts


def the(drawn: list[Drawn], text: str) -> list[Drawn]:
    found = [d for d in drawn if d.text == text]
    assert found, (text, [d.text for d in drawn])
    return found


def centred(item: Drawn, top: float, bottom: float) -> bool:
    """As much room above its ink as below it in `top`..`bottom` (pixels), to a pixel."""
    above, below = item.gaps(top, bottom)
    return abs(above - below) <= 1


def canvas(size: str) -> Canvas:
    scale = SCALES[size]
    return Canvas((round(1280 * scale), round(720 * scale)), scale)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SCALES)
def test_a_score_sheet_row_s_label_and_numbers_are_centred_in_the_row(drawn, size, language):
    """Each row's label and numbers centred in the row by their ink (they hung from its top:
    a Chinese label's ink 0.5-1 pixel lower than an English one's beside the same digits, and
    all of it 1.5-2 pixels above the row's middle); the totals' labels on their numbers' line
    ("Game score" sat 3 pixels above its larger digits); each seat's name and cards left on one
    line, in the middle of theirs."""
    game = deal_over_with_long_hands("classic", hoarders=(1, 3))
    stack, sheet = sheet_over("classic", game)
    i18n.set_language(language)
    surface = canvas(size)
    scale = surface.scale
    sheet.draw(surface)
    result = sheet.result
    first_row = sheet.panel.y + 148  # (under the title and the sides' names)
    for index, (key, label) in enumerate(sheet.rows):
        top = (first_row + index * sheet.row_h) * scale
        bottom = top + sheet.row_h * scale
        row = the(drawn, i18n._(label))[:1]
        numbers = [d for d in drawn if d.text in {i18n.format_points(getattr(s, key)) for s in result.sides}]
        row += [d for d in numbers if abs(d.middle() - (top + bottom) / 2) < sheet.row_h * scale / 2]
        assert len(row) >= 2, (label, [d.text for d in numbers])
        for item in row:
            assert centred(item, top, bottom), (size, language, item.text, item.gaps(top, bottom))
    for label, points in ((N_("This deal"), result.sides[0].total), (N_("Game score"), result.scores[0])):
        (total,) = the(drawn, i18n._(label))
        digits = [d for d in the(drawn, i18n.format_points(points)) if abs(d.rect.centery - total.rect.centery) < 20]
        assert digits and abs(digits[0].middle() - total.middle()) <= 1, (size, language, label)
    names = [d for d in drawn if d.text in {sheet.table.seat_name(seat) for seat, _cards in sheet.left_in_hand}]
    assert len(names) == len(sheet.left_in_hand)
    for name in names:  # (the name's line: the seat's first line of cards beside it)
        cards = [d for d in drawn if d.rect.left > name.rect.right and abs(d.rect.centery - name.rect.centery) < 6]
        assert cards and abs(cards[0].middle() - name.middle()) <= 1, (size, language, name.text)


class NoReview:
    """A review that weighs nothing (the table's rows are what is tested)."""

    def poll(self):
        from game.review_worker import ReviewProgress

        return ReviewProgress(0, 0, ())

    def cancel(self) -> None:
        pass


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SCALES)
def test_the_review_s_rows_and_counter_are_centred_by_their_ink(drawn, size, language):
    """A seat's name centred in the strip of its row that shows, its count in the strip right
    of its cards, the move counter on the buttons' line beside them (by the line box the names
    sat 1-2 pixels low, an English one lower than a Chinese one at 1280x720)."""
    config = RulesConfig.for_variant("classic")
    game = Game(config, 3)
    bots = [FallbackBot(seat) for seat in range(config.players)]
    for _move in range(40):
        game.apply(bots[game.state.to_act].act(game.state.observation(game.state.to_act)))
    assert game.state.phase is not Phase.OVER
    i18n.set_language(language)
    scene = ReviewScene(deal_play(game), {0}, SeatNames.default(config), job_factory=lambda p, s: NoReview())
    scene.cursor = 20
    surface = canvas(size)
    scale = surface.scale
    scene._draw_still(surface)
    state = scene.state
    plan = table_plan(state)
    card_h = plan.card_w * ASPECT
    last = config.players - 1
    for seat in range(config.players):
        y = plan.hand_y(seat)
        (name,) = the(drawn, scene.names.seat_name(seat))
        assert centred(name, y * scale, (y + min(plan.pitch, card_h)) * scale), (size, language, seat)
        n = len(state.hands[seat])
        (count,) = the(drawn, i18n._("1 card") if n == 1 else i18n._("{n} cards").format(n=n))
        high = y + (max(0.0, card_h - plan.pitch) if seat else 0.0)
        low = y + (min(plan.pitch, card_h) if seat < last else card_h)
        assert centred(count, high * scale, low * scale), (size, language, seat, count.gaps(high * scale, low * scale))
    (counter,) = the(drawn, i18n._("Move {n} of {total}").format(n=21, total=scene.count))
    button = Ruler(scale).rect(scene.buttons.widgets[0].rect)
    assert centred(counter, button.top, button.bottom), (size, language, counter.gaps(button.top, button.bottom))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SCALES)
def test_north_s_last_action_is_on_its_tag_s_line(drawn, size, language):
    """What North did last, beside its tag, on the line of the tag's label: its ink centred in
    the tag's height as the label's is (by the line box, 2 pixels low in English at 1280x720,
    2.5 in Chinese), a Chinese word with a card's digit as a Latin line."""
    stack, table = make_table(seed=5)
    until(stack, players_turn(stack, table))  # (North has played: "discarded 7♠")
    i18n.set_language(language)
    table.view.draw(canvas(size))
    north = 2
    tag, box = table.view.seat_boxes[north][:2]  # (the tag, then the line beside it)
    (line,) = [d for d in drawn if d.rect == box]
    assert line.rect.left > tag.right
    assert centred(line, tag.top, tag.bottom), (size, language, line.text, line.gaps(tag.top, tag.bottom))


def first_glyph_rows(content: pygame.Surface, inner: pygame.Rect, em: int) -> list[int]:
    """The rows of `inner` where the first glyph of its text (dark ink on the chip's gold) has
    ink: the half em of columns from the text's leftmost ink (a capital's or an ideograph's,
    not the lower case's descenders further on)."""

    def dark(x: int, y: int) -> bool:
        r, g, b, _a = content.get_at((x, y))
        return r + g + b < 400

    left = min(x for x in range(inner.left, inner.right) for y in range(inner.top, inner.bottom) if dark(x, y))
    columns = range(left, left + em // 2)
    return [y for y in range(inner.top, inner.bottom) if any(dark(x, y) for x in columns)]


@pytest.mark.parametrize("lines", [1, 2])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SCALES)
def test_the_refusal_s_chip_centres_its_text_by_its_ink(monkeypatch, size, language, lines):
    """The chip under a refusal ("Rule R-TAKE · Why not? ..."), on one line or on two (a narrow
    place): as many pixels from the chip's top to its first line's first glyph (R, 规) as from
    its last line's first glyph (W, 为) to its bottom, as drawn (a Chinese chip's text sat 2
    pixels low)."""
    from scenes.test_table_panels import _refuse, _spread_table

    from game.scenes import table_panels

    chips: list = []
    real_chip = table_panels.TablePanels._refusal_chip
    real_content = table_panels.TablePanels._refusal_content

    def chip(ruler, width, footer):
        font, wrapped, tag = real_chip(ruler, width, footer)
        chips.append((wrapped, tag))  # (the tag placed in the content afterwards: the same rect)
        return font, wrapped, tag

    def content(self, *args):
        chips.append(real_content(self, *args))
        return chips[-1]

    monkeypatch.setattr(table_panels.TablePanels, "_refusal_chip", staticmethod(chip))
    monkeypatch.setattr(table_panels.TablePanels, "_refusal_content", content)
    if lines == 2:  # (room for the longer of the rule and the way to it only)
        monkeypatch.setattr(table_panels, "CHIP_MARGINS", table_panels.CHIP_MARGINS + 400)
    i18n.set_language(language)
    stack, table = _spread_table("classic")
    _refuse(stack, table)
    surface = canvas(size)
    table.view.draw(surface)
    (wrapped, tag), drawn_content = chips[-2:]
    assert len(wrapped) == lines, wrapped
    ruler = Ruler.of(surface)
    border = max(1, ruler.px(1)) + 1
    inner = tag.inflate(-2 * min(tag.height // 2, ruler.px(12)), -2 * border)
    upper, lower = inner.copy(), inner.copy()
    upper.height = lower.height = inner.height // 2
    lower.bottom = inner.bottom
    em = ruler.px(13)  # (the chip text's size, CHIP_SIZE)
    top = first_glyph_rows(drawn_content, upper if lines > 1 else inner, em)[0]
    bottom = first_glyph_rows(drawn_content, lower if lines > 1 else inner, em)[-1]
    above, below = top - tag.top, tag.bottom - 1 - bottom
    assert abs(above - below) <= 1, (size, language, above, below)
