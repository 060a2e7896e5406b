"""What the table shows of a drag's verdict (PlayerMoves.verdict, TableScene._preview_drop):
over a target that would refuse the drop, the ring in the refusing colour, a "won't go"
label and, in the refusal's place, why (the refusal the drop then shows, same rule); over
one that takes it, the gold ring and the count as before. The count lies where it hides no
card's index (it hid the rank of our meld's top card), at 800x450, 1280x720 and 1920x1080.
Headless, the clock ticked by hand."""

from __future__ import annotations

import pygame
import pytest

from game import assets
from game.scenes.layout import Canvas, Ruler
from game.scenes.table_layout import PILE_POS
from game.scenes.table_view import DROP_REFUSED
from tests.scenes.test_card_index import rank_box
from tests.scenes.test_table_drag_preview import empty_spot_in_our_area, felt_spot, let_go, move_to
from tests.table_helpers import card_point, hand_card, hold_over, make_table, position, select

SIZES = [((800, 450), 0.625), ((1280, 720), 1.0), ((1920, 1080), 1.5)]
MELDED = dict(melds=[{"9": "C9 D9 D9", "A": "HA DA SA"}, {"5": "C5 D5 H5"}], discard="S4 H9 S7")


def slot_of(table, symbol: str, side: int = 0):
    return next(s for s in table.layout.meld_slots if s.side == side and s.rank is not None and s.rank.symbol == symbol)


def settle(stack) -> None:
    for _ in range(40):  # (the followers fly to their places behind the dragged card)
        stack.update(1 / 60)


def drawn(table, size=(1280, 720), scale=1.0) -> Canvas:
    canvas = Canvas(size, scale)
    table.view.draw(canvas)
    return canvas


@pytest.mark.parametrize("stem", ["S9", "HQ", "D10", "CK"])
@pytest.mark.parametrize("width", [34, 52, 84, 126])
def test_the_index_corner_holds_the_rank_as_drawn(stem, width):
    """assets.index_corner reaches over the rank's ink as the card draws it (the art's
    index, or the larger one of a small card), whole or a meld's strip of it."""
    pygame.display.init()
    for shown in [(None, None), (width, width * 0.42)]:
        rank_px = assets.index_px(width, stem, shown)
        image = assets.card_image(stem, 0, width, index=rank_px)
        corner = pygame.Rect((0, 0), assets.index_corner(width, stem, shown))
        assert corner.contains(rank_box(image, rank_px)), (stem, width, shown)


def test_over_a_refusing_target_the_ring_turns_and_the_panels_say_why_then_the_drop_refuses_so():
    """The K♠ selected, the K♥ dragged where a new meld goes: the two would go together and
    the engine refuses a meld of two (R-MELD); over the pile (a discard) the same K♥ goes."""
    stack, table = make_table()
    table.load_state(position(["HK SK C6 D7 S3 H4"], phase="meld", **MELDED))
    select(stack, table, ("SK",))
    king = hand_card(table, "HK")
    spot = empty_spot_in_our_area(table)
    hold_over(stack, card_point(table, king), spot)
    settle(stack)
    canvas = drawn(table)
    view = table.view
    assert view.drop_refused and view.drop_ring is not None
    assert view.drop_count_text == "2 cards won't go here"
    ring = Ruler.of(canvas).rect(view.drop_ring.inflate(10, 10))
    red, green, _blue, _a = canvas.get_at((ring.centerx, ring.top + 1))
    assert red > 200 and red - green > 80 and DROP_REFUSED.r - DROP_REFUSED.g > 80  # (red, not the gold ring)
    verdict = table.refused_drop()
    assert verdict is not None and verdict.refusal is not None and verdict.refusal.rule == "R-MELD"
    assert "refusal" in view.panels.boxes and table.refusal is None and not table.game.history  # (a preview only)
    move_to(stack, PILE_POS)  # the pile: a discard of the K♥ alone
    settle(stack)
    drawn(table)
    assert not view.drop_refused and view.drop_ring is not None and table.refused_drop() is None
    assert "refusal" not in view.panels.boxes and view.drop_count_text is None  # (one card, alone: no count)
    move_to(stack, spot)
    let_go(stack, spot)
    assert table.refusal is not None and table.refusal.rule == verdict.refusal.rule
    assert table.refusal.headline() == verdict.reason(table) and not table.game.history


def test_over_another_side_s_meld_the_ring_says_won_t_go():
    stack, table = make_table()
    table.load_state(position(["HK SK C6 D7 S3 H4"], phase="meld", **MELDED))
    theirs = slot_of(table, "5", side=1)
    hold_over(stack, card_point(table, hand_card(table, "C6")), theirs.rect.center)
    drawn(table)
    assert table.view.drop_ring == theirs.rect and table.view.drop_refused
    assert table.view.drop_count_text == "Won't go here"
    verdict = table.refused_drop()
    assert verdict is not None and verdict.refusal is not None and verdict.refusal.rule == "R-OWN-MELDS"
    move_to(stack, felt_spot(table))
    drawn(table)
    assert table.view.drop_ring is None and not table.view.drop_refused and table.refused_drop() is None
    let_go(stack, felt_spot(table))


def test_an_accepting_target_keeps_the_gold_ring_and_the_count():
    stack, table = make_table()
    table.load_state(position(["H9 S9 C6 D7 S3 H4"], phase="meld", **MELDED))
    select(stack, table, ("S9",))
    hold_over(stack, card_point(table, hand_card(table, "H9")), slot_of(table, "9").rect.center)
    settle(stack)
    drawn(table)
    assert table.view.drop_count_text == "2 cards" and not table.view.drop_refused
    assert table.refused_drop() is None and "refusal" not in table.view.panels.boxes
    let_go(stack, slot_of(table, "9").rect.center)
    assert len(table.state.melds[0][slot_of(table, "9").rank].cards) == 5


def test_the_pile_in_the_draw_phase_refused_then_accepted_with_the_pair():
    """Not melded: the pair of 7s with the top 7 counts 15, short of 50 (refused, R-TAKE-MIN);
    melded, the same drag takes the pile (accepted)."""
    for melds, refused in (([{}, {}], True), ([{"A": "HA DA SA"}, {}], False)):
        stack, table = make_table()
        table.load_state(position(["C7 H7 H4 S5 D9"], melds=melds, discard="S4 H9 S7", phase="draw"))
        select(stack, table, ("C7",))
        hold_over(stack, card_point(table, hand_card(table, "H7")), PILE_POS)
        settle(stack)
        drawn(table)
        assert table.view.drop_refused is refused
        assert table.view.drop_count_text == ("2 cards won't go here" if refused else "2 cards")
        let_go(stack, PILE_POS)
        assert (table.refusal is not None and table.refusal.rule == "R-TAKE-MIN") is refused
        assert bool(table.game.history) is not refused


def _index_rects(table, ruler: Ruler, skip) -> list[pygame.Rect]:
    """Every face-up card's top left index (pixels), as its card is drawn, but the cards
    `skip`."""
    rects = []
    for card, sprite in table.animator.sprites.items():
        if not sprite.face_up or card in skip:
            continue
        shown = table.layout.shown.get(card, (None, None))
        shown_px = tuple(None if part is None else part * ruler.scale for part in shown)
        width = max(4, ruler.px(sprite.width))
        corner = assets.index_corner(width, assets.card_file_stem(card.face, sprite.look), shown_px)
        x, y = ruler.point((sprite.x - sprite.width / 2, sprite.y - sprite.width * 336 / 240 / 2))
        rects.append(pygame.Rect(x, y, *corner))
    return rects


@pytest.mark.parametrize("size, scale", SIZES)
@pytest.mark.parametrize("where", ["our 9s", "a new meld", "the pile"])
def test_the_count_hides_no_card_s_index(size, scale, where):
    """The count lies beside the cards held, clear of every card's index in sight: our
    meld's top card (under it before), the hand's, the pile's."""
    stack, table = make_table()
    phase = "draw" if where == "the pile" else "meld"
    table.load_state(position(["H9 S9 C7 H7 D7 H4"], phase=phase, **MELDED))
    if where == "the pile":
        faces, dragged, point = ("C7",), "H7", lambda t: PILE_POS
    elif where == "a new meld":
        faces, dragged, point = ("C7", "D7"), "H7", empty_spot_in_our_area
    else:
        faces, dragged, point = ("S9",), "H9", lambda t: slot_of(t, "9").rect.center
    select(stack, table, faces)
    hold_over(stack, card_point(table, hand_card(table, dragged)), point(table))
    settle(stack)
    canvas = drawn(table, size, scale)
    ruler = Ruler.of(canvas)
    box = table.view.drop_count_box
    assert box is not None and table.view.drop_count_text in ("2 cards", "3 cards")
    lead = table.animator.sprites[table.ui.dragging[0]]
    face = ruler.rect(pygame.FRect(lead.x - lead.width / 2, lead.y - lead.width * 0.7, lead.width, lead.width * 1.4))
    shown = [rect for rect in _index_rects(table, ruler, ()) if not face.contains(rect)]
    assert box.inflate(2, 2).collidelist(shown) < 0  # (not touching; an index under the dragged card is hidden)
    assert pygame.Rect((0, 0), size).contains(box)
    let_go(stack, point(table))
