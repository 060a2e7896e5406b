"""A card dragged beside a selection: the selected cards a drop would take along follow the
pointer while it is over a target that takes them (PlayerMoves.landing decides both the
preview and the drop), and fly back to the hand over one that does not. Headless, the clock
ticked by hand."""

from __future__ import annotations

import pygame
from rules_helpers import position as rules_position

from game.rules import Card, Phase
from game.scenes.layout import LOGICAL_SIZE, Ruler
from game.scenes.table_layout import FOLLOW_STEP, PILE_POS, drop_target
from tests.table_helpers import card_point, hand_card, hold_over, make_table, mouse, position, select, tick


def move_to(stack, point) -> None:
    stack.handle_event(mouse(pygame.MOUSEMOTION, point, buttons=(1, 0, 0)))


def let_go(stack, point) -> None:
    stack.handle_event(mouse(pygame.MOUSEBUTTONUP, point))


def laid_from_hand(table, before: list[Card]) -> set[Card]:
    """The hand's cards the last move laid (its groups' cards that were in the hand)."""
    if not table.game.history:
        return set()
    move = table.game.history[-1]
    return {card for group in move.groups for card in group.cards if card in before}


def our_slot(table):
    return next(s for s in table.layout.meld_slots if s.side == table.human_side)


def empty_spot_in_our_area(table):
    area = table.layout.geometry.meld_areas[table.human_side]
    slots = [s.rect for s in table.layout.meld_slots if s.side == table.human_side]
    return next(
        (x, area.centery)
        for x in range(int(area.right) - 30, int(area.x), -20)
        if not any(r.inflate(20, 20).collidepoint(x, area.centery) for r in slots)
    )


def felt_spot(table):
    """A point on the felt where a drop lands nowhere."""
    return next(
        (float(x), float(y))
        for y in range(300, 560, 20)
        for x in range(200, 1100, 20)
        if drop_target(table.layout, (x, y), table.human_side, []).kind == "nowhere"
    )


def drag_and_check(stack, table, selected_faces, dragged_face, where, expected_followers):
    """Select `selected_faces`, drag `dragged_face` over `where(table)`: the cards following
    are `expected_followers`; let go there: the move lays the dragged card and exactly them."""
    selected = select(stack, table, selected_faces)
    dragged = hand_card(table, dragged_face)
    point = where(table)
    hold_over(stack, card_point(table, dragged), point)
    followers = list(table.ui.following)
    assert {c.face for c in followers} == set(expected_followers)
    assert set(followers) <= set(selected)
    before = list(table.state.hands[0])
    let_go(stack, point)
    assert not table.ui.following
    return followers, laid_from_hand(table, before), dragged


def test_onto_the_pile_the_pair_follows_and_takes_it():
    hands = ["C7 H7 H4 S5 D9", "C4 C6 C7", "C9 C10 CQ", "C9 CK CJ"]
    state = position(hands, melds=[{"A": "HA DA SA"}, {}], discard="S4 H9 S7", phase="draw")
    stack, table = make_table()
    table.load_state(state)
    followers, laid, dragged = drag_and_check(stack, table, ("C7",), "H7", lambda t: PILE_POS, {"C7"})
    assert laid == {dragged, *followers} and table.state.phase is Phase.MELD


def test_onto_the_pile_a_card_that_takes_it_alone_goes_alone():
    hands = ["H7 D9 S9 H4 S5", "C4 C6 D7", "C9 C10 CQ", "H9 CK CJ"]
    state = position(hands, melds=[{"7": "C7 D7 S7"}, {}], discard="S4 H9 C7", phase="draw")
    stack, table = make_table()
    table.load_state(state)
    followers, laid, dragged = drag_and_check(stack, table, ("D9",), "H7", lambda t: PILE_POS, set())
    assert laid == {dragged} and table.state.phase is Phase.MELD


def test_onto_our_meld_area_the_selected_cards_making_the_meld_follow():
    state = position(
        ["C9 S9 H9 H4 S5 D7", "C4 C6 C7", "C7 C8 C10", "D8 C10 CJ"],
        melds=[{"A": "HA DA SA"}, {}],
        discard="S4",
        phase="meld",
    )
    stack, table = make_table()
    table.load_state(state)
    followers, laid, dragged = drag_and_check(stack, table, ("C9", "S9"), "H9", empty_spot_in_our_area, {"C9", "S9"})
    assert laid == {dragged, *followers}


def test_onto_our_meld_the_selected_cards_that_fit_follow_and_others_stay():
    state = position(["H9 S9 C5 D7 S3 H4"], melds=[{"9": "C9 D9 D9"}, {}], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    followers, laid, dragged = drag_and_check(stack, table, ("S9",), "H9", lambda t: our_slot(t).rect.center, {"S9"})
    assert laid == {dragged, *followers}


def test_onto_our_meld_a_selected_card_that_does_not_fit_stays_in_the_hand():
    state = position(["H9 S9 C5 D7 S3 H4"], melds=[{"9": "C9 D9 D9"}, {}], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    followers, laid, dragged = drag_and_check(stack, table, ("C5",), "H9", lambda t: our_slot(t).rect.center, set())
    assert laid == {dragged}


def test_onto_our_meld_the_card_kept_to_go_out_with_stays():
    """R-KEEP-TWO: with the 9♠ too only the 7 would be left; the 9♥ goes alone."""
    state = position(["H9 S9 D7"], melds=[{"9": "C9 D9 D9"}, {}], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    followers, laid, dragged = drag_and_check(stack, table, ("S9",), "H9", lambda t: our_slot(t).rect.center, set())
    assert laid == {dragged}


def test_over_nothing_none_follow_and_the_card_flies_back():
    state = position(["H9 S9 C5 D7 S3 H4"], melds=[{"9": "C9 D9 D9"}, {}], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    followers, laid, dragged = drag_and_check(stack, table, ("S9",), "H9", felt_spot, set())
    assert laid == set() and dragged in table.state.hands[0] and not table.game.history


def test_the_followers_change_with_the_target_under_the_pointer():
    """Over our 9s the selected 9♠ follows; over the felt it goes back to its place in the
    hand (raised, still selected); over the 9s again it follows again."""
    state = position(["H9 S9 C5 D7 S3 H4"], melds=[{"9": "C9 D9 D9"}, {}], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    (nine,) = select(stack, table, ("S9",))
    slot = our_slot(table).rect.center
    hold_over(stack, card_point(table, hand_card(table, "H9")), slot)
    assert table.ui.following == [nine] and nine not in table.layout.hand_cards
    move_to(stack, felt_spot(table))
    assert table.ui.following == [] and nine in table.layout.hand_cards and nine in table.ui.selected
    move_to(stack, slot)
    assert table.ui.following == [nine]
    let_go(stack, slot)
    assert len(table.state.melds[0][nine.rank].cards) == 5


def test_the_followers_fly_behind_the_dragged_card_and_back():
    """The follower flies (not jumps) to its place behind the dragged card, fanned to its
    left and under it; once the pointer leaves the target it flies back to the hand."""
    state = position(["H9 S9 C5 D7 S3 H4"], melds=[{"9": "C9 D9 D9"}, {}], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    (nine,) = select(stack, table, ("S9",))
    tick(stack, 1.0)
    in_hand = table.animator.sprites[nine]
    home = (in_hand.x, in_hand.y)
    dragged = hand_card(table, "H9")
    slot = our_slot(table).rect.center
    hold_over(stack, card_point(table, dragged), slot)
    sprite, lead = table.animator.sprites[nine], table.animator.sprites[dragged]
    assert sprite.moving and (sprite.x, sprite.y) == home  # (on its way: no jump)
    stack.update(1 / 60)
    assert sprite.moving and sprite.z < lead.z  # (under the card it follows while it flies)
    for _ in range(30):
        stack.update(1 / 60)
    place = table.layout.placements[nine]
    assert not sprite.moving and (sprite.x, sprite.y) == (place.x, place.y)
    assert sprite.x == lead.x - FOLLOW_STEP and sprite.z < lead.z  # fanned behind, to the left
    move_to(stack, felt_spot(table))
    assert table.animator.sprites[nine].moving
    for _ in range(30):
        stack.update(1 / 60)
    place = table.layout.placements[nine]
    assert (sprite.x, sprite.y) == (place.x, place.y) and nine in table.layout.hand_cards
    let_go(stack, felt_spot(table))


def test_a_selected_card_dragged_takes_the_selection_and_none_follow():
    """The dragged card selected: the whole selection is dragged already; nothing follows."""
    state = position(["H9 S9 C5 D7 S3 H4"], melds=[{"9": "C9 D9 D9"}, {}], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    nines = select(stack, table, ("S9", "H9"))
    slot = our_slot(table).rect.center
    hold_over(stack, card_point(table, nines[0]), slot)
    assert set(table.ui.dragging) == set(nines) and table.ui.following == []
    let_go(stack, slot)
    assert len(table.state.melds[0][nines[0].rank].cards) == 5


def test_not_the_players_move_none_follow():
    state = position(
        ["H9 S9 C5 D7 S3 H4", "C4 C6 C7"], melds=[{"9": "C9 D9 D9"}, {}], discard="S4", phase="meld", turn=1
    )
    stack, table = make_table()
    table.load_state(state)
    table.paused = True  # (West does not move: the table waits)
    select(stack, table, ("S9",))
    hold_over(stack, card_point(table, hand_card(table, "H9")), our_slot(table).rect.center)
    assert table.ui.following == []
    let_go(stack, our_slot(table).rect.center)


def test_samba_onto_our_run_the_selected_card_that_extends_it_with_the_dragged_one_follows():
    """The Samba family's numbered melds: the 9♥ selected, the 10♥ dragged onto the run of
    hearts 6-8: both extend it together (the 10 alone would not), so the 9 follows."""
    stack, table = make_table(variant="samba")
    table.load_state(
        rules_position(
            ["H9 H10 C4 S5 D7 SK", "C4 C6 C7"], melds=[["H6 H7 H8"], []], variant="samba", phase="meld", discard="S4"
        )
    )
    followers, laid, dragged = drag_and_check(stack, table, ("H9",), "H10", lambda t: our_slot(t).rect.center, {"H9"})
    assert laid == {dragged, *followers}
    assert len(table.state.side_melds(0)[0].cards) == 5


def test_the_drop_ring_says_how_many_cards_go_there(monkeypatch):
    """Over our 9s with the 9♠ following: "2 cards" by the ring; over the felt, nothing."""
    state = position(["H9 S9 C5 D7 S3 H4"], melds=[{"9": "C9 D9 D9"}, {}], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    select(stack, table, ("S9",))
    slot = our_slot(table).rect.center
    hold_over(stack, card_point(table, hand_card(table, "H9")), slot)
    for _ in range(30):  # (the 9♠ flies to its place behind the 9♥)
        stack.update(1 / 60)
    surface = pygame.Surface(LOGICAL_SIZE)
    table.view.draw(surface)
    assert table.view.drop_count_text == "2 cards" and table.view.drop_ring is not None
    box = table.view.drop_count_box
    dragged = Ruler.of(surface).rect(table.layout.placements[table.ui.dragging[0]].rect())
    assert box is not None and not box.colliderect(dragged)  # (beside the cards held, test_drop_preview_view)
    move_to(stack, felt_spot(table))
    table.view.draw(surface)
    assert table.view.drop_count_text is None
    let_go(stack, felt_spot(table))
