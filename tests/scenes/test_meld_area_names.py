"""Whose meld area each is, said once: in the area's middle while it has no meld, else on its
tab; an area holding only red threes said it twice."""

from __future__ import annotations

import pytest

from game import i18n
from game.rules.variants import APP_VARIANT_IDS
from game.scenes.layout import LOGICAL_SIZE, Canvas, Ruler
from tests.table_helpers import make_table, red_three_on_every_side

SIZES = [(800, 450), (1000, 700), (1280, 720)]


def _red_threes_only(variant: str):
    """A table just dealt (no meld yet) where every side has a red three down."""
    stack, table = make_table(variant=variant, seed=5)
    table.animator.finish_all()
    st = table.game.state
    assert not any(st.side_melds(side) for side in range(table.config.sides))
    red_three_on_every_side(table)
    table.relayout()
    table.animator.finish_all()
    return stack, table


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("variant", APP_VARIANT_IDS)
def test_an_area_holding_only_red_threes_names_its_side_once(variant, language):
    """The others' area with their red threes and no meld said "South-west & North-east" in
    its middle (an empty area's words, said beside red threes since stop 55) and "Melds of
    South-west & North-east" on its tab; ours "Our melds: drag cards here …" and "Our melds".
    Each area says it once, at every window size: the others' on the tab, as their melds
    will be named (the hint's usual place is over their area's middle, and a panel keeps
    clear of a tab), ours in its middle, where the first meld goes."""
    i18n.set_language(language)
    try:
        stack, table = _red_threes_only(variant)
        view = table.view
        for size in SIZES:
            canvas = Canvas(size, size[0] / LOGICAL_SIZE[0])
            ruler = Ruler.of(canvas)
            stack.draw(canvas)
            panels = tuple(ruler.logical(box) for box in view.panels.boxes.values())
            middle = {side: text for side, _rect, text in view._zone_texts(panels) if side >= 0}
            for side in range(table.config.sides):
                assert table.game.state.red_threes[side]
                tab = side in view.zone_label_boxes
                if side == table.human_side:
                    assert middle[side] is not None and middle[side].startswith(view.zone_label(side)), (size, middle)
                    assert not tab, size
                else:
                    assert middle[side] is None, (size, middle[side])
                    assert tab, size
                    assert table.side_name(side) in view.zone_label(side)
    finally:
        i18n.set_language("en")
