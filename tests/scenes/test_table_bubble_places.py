"""Where the seats' speech bubbles lie on a crowded table: clear of every meld card's rank
and suit (its corners as drawn), of the pile's top card and of the meld areas' tabs, and
of the other seats' tags, at every window size a test covers, in both languages."""

from __future__ import annotations

import pygame
import pytest

from game import assets, i18n
from game.rules import RulesConfig
from game.scenes.animations import BUBBLE_WORDS, Effect
from game.scenes.layout import LOGICAL_SIZE, Canvas, Ruler
from game.scenes.table_layout import SPOTS
from tests.meld_helpers import every_rank
from tests.rules_helpers import position, stock_left
from tests.table_helpers import make_table

SIZES = [(800, 450), (1000, 700), (1280, 720)]
# Every side with a meld of every rank (the others' halves of the top full to their right
# end, two rows), red threes, a hand for every seat (North's of `north` cards: its words
# stand by its fan's first card); five-hand with West or North-east out.
CASES = {
    "classic": dict(red_threes=["H3 D3", "H3"]),
    "five-hand": dict(red_threes=["H3", "D3 D3"], out=1),
    "five-hand-ne-out": dict(variant="five-hand", red_threes=["H3", ""], out=3),
    "six-hand": dict(red_threes=["H3", "H3 H3 D3", ""]),
    "six-hand-2x3": dict(red_threes=["H3 H3 H3", "D3"]),
    "classic-north-holds-one": dict(variant="classic", red_threes=["H3", ""], north=1),  # (its fan: one card)
    "six-hand-north-holds-thirty": dict(variant="six-hand", red_threes=["", "D3", "H3"], north=30),
    "samba": dict(red_threes=["H3", "D3"]),
    "bolivia": dict(red_threes=["H3", ""]),
    "hand-and-foot": dict(red_threes=["H3 D3", "D3"]),
}


def _table(case: str):
    spec = dict(CASES[case])
    variant = spec.pop("variant", case)
    config = RulesConfig.for_variant(variant)
    out = spec.get("out")
    north = spec.pop("north", 11)
    melds = [every_rank(3, side, rK="JK H2") for side in range(config.sides)]
    used = [text for meld in melds for text in meld.values()] + ["C3 S3 C3"]
    if config.rules.meld_list:  # (a list of melds, the Samba family's)
        melds = [list(meld.values()) for meld in melds]
    discard = stock_left(variant, used, 2)
    hands = ["C3", *[""] * (config.players - 1)]
    seats = sorted(range(1, config.players), key=lambda seat: SPOTS[config.players][seat] != "N")  # (North's first)
    for seat in seats:  # (the cards the melds leave)
        count = north if SPOTS[config.players][seat] == "N" else 11
        hands[seat] = "" if seat == out else stock_left(variant, [*used, discard, *hands], count)
    state = position(hands, melds=melds, variant=variant, discard=discard, stock="C3 S3", **spec)
    stack, table = make_table(variant=variant)
    table.load_state(state)
    table.animator.finish_all()
    return stack, table


def _meld_corners(table, ruler: Ruler) -> list[pygame.Rect]:
    """Every meld card's and red three's rank and suit as drawn (pixels): its top left index,
    as far as the part of it in sight holds it, and where all of it shows its bottom right one
    (the view's `index_zones`, for these cards alone)."""
    st = table.game.state
    cards = [c for side in range(table.config.sides) for m in st.side_melds(side) for c in m.cards]
    cards += [c for threes in st.red_threes for c in threes]
    corners = []
    for card in cards:
        sprite = table.animator.sprites[card]
        place = table.layout.placements[card].rect()
        shown = table.layout.shown.get(card, (None, None))
        shown_px = tuple(None if part is None else part * ruler.scale for part in shown)
        stem = assets.card_file_stem(card.face, sprite.look)
        wide, tall = (part / ruler.scale for part in assets.index_corner(ruler.px(sprite.width), stem, shown_px))
        corners.append(ruler.rect(pygame.FRect(place.x, place.y, wide, tall)))
        if shown == (None, None):
            corners.append(ruler.rect(pygame.FRect(place.right - wide, place.bottom - tall, wide, tall)))
    assert len(corners) > len(cards)
    return corners


def _covers(body: pygame.Rect, tail, box: pygame.Rect) -> bool:
    """A bubble's body or tail (the triangle as drawn, not the box round it: West's tail runs
    down past its tag's corner) lies on `box`."""
    if body.colliderect(box):
        return True
    around = pygame.Rect(tail[0], (1, 1)).unionall([pygame.Rect(point, (1, 1)) for point in tail])
    part = box.clip(around)
    if not part:
        return False
    shape = pygame.Surface(around.size, pygame.SRCALPHA)
    pygame.draw.polygon(shape, "white", [(x - around.x, y - around.y) for x, y in tail])
    inside = pygame.mask.Mask(part.size, fill=True)
    return pygame.mask.from_surface(shape).overlap(inside, (part.x - around.x, part.y - around.y)) is not None


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("case", list(CASES))
def test_no_bubble_covers_a_meld_card_s_corner_the_pile_or_a_tab(case, size):
    """North's words hung under its tag, over the tops of the others' melds (six-hand at
    800x450: "May I go out?" over the ranks of two melds); North-east's beside its fan over
    the right end of the others' area, South-west's over the first melds of ours. Every seat's
    words, each alone, lie clear of every meld card's corners, the pile's top card, every
    tab, every other seat's tag and lines and the speaker's own tag, inside the window."""
    stack, table = _table(case)
    canvas = Canvas(size, size[0] / LOGICAL_SIZE[0])
    ruler = Ruler.of(canvas)
    st = table.game.state
    try:
        for language in ("en", "zh_CN"):
            i18n.set_language(language)
            for seat in range(table.config.players):
                if seat == st.out:
                    continue
                for code, words in BUBBLE_WORDS.items():
                    table.bubbles.clear()
                    table._fire(Effect("bubble", seat=seat, text=i18n._(words)))
                    stack.draw(canvas)
                    view = table.view
                    keep = [(f"corner {index}", box) for index, box in enumerate(_meld_corners(table, ruler))]
                    keep.append(("the pile's top card", ruler.rect(table.layout.placements[st.pile[-1]].rect())))
                    keep += [(f"tab {side}", box) for side, box in view.zone_label_boxes.items()]
                    for other, boxes in view.seat_boxes.items():
                        keep += [(f"seat {other}", box) for box in (boxes if other != seat else boxes[:1])]
                    body, tail = table.bubbles[-1].widget.placed(canvas)
                    hits = [name for name, box in keep if _covers(body, tail, box)]
                    assert not hits, (language, seat, code, body, tail, hits)
                    assert canvas.get_rect().contains(body), (language, seat, code, body)
    finally:
        i18n.set_language("en")
