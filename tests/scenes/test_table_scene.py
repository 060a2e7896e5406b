"""The table scene, headless, with the clock ticked by hand."""

from __future__ import annotations

import pygame
import pytest

from game.rules import Card, Game, Move, Phase, RulesConfig
from game.rules import events as ev
from game.scenes.animations import Animator, CardSprite, plan_events
from game.scenes.layout import LOGICAL_SIZE, Canvas
from game.scenes.prompts import AnswerPrompt
from game.scenes.score_sheet import ScoreSheetScene
from game.scenes.table_layout import (
    HAND_RECT,
    HAND_W,
    PILE_POS,
    STOCK_POS,
    HandUI,
    Placement,
    TableGeometry,
    TableLayout,
    sort_cards,
)
from tests.table_helpers import (
    DT,
    card_point,
    click,
    deal_over_with_long_hands,
    double_click,
    drag,
    fallback,
    hand_card,
    make_table,
    may_ask_position,
    mouse,
    partner_asks,
    players_turn,
    position,
    select,
    sheet_over,
    texts_drawn,
    tick,
    until,
)


def rest(stack, table):
    until(stack, lambda: table.idle, 30)


# -- layout and animation, pure ------------------------------------------------


def test_every_card_has_one_placement_and_hand_cards_do_not_hide_each_other():
    game = Game(RulesConfig.for_variant("classic"), seed=11)
    layout = TableLayout(TableGeometry(), game.state, HandUI())
    placed = set(layout.placements)
    held = {c for hand in game.state.hands for c in hand}
    assert held | set(game.state.stock) | set(game.state.pile) <= placed
    xs = [layout.placements[c].x for c in layout.hand_cards]
    assert xs == sorted(xs) and min(b - a for a, b in zip(xs, xs[1:])) >= 30  # indexes stay readable


def test_twenty_five_cards_fit_the_hand_strip():
    geometry = TableGeometry()
    xs = geometry.hand_positions(25)
    assert xs[0] - HAND_W / 2 >= 160 and xs[-1] + HAND_W / 2 <= 1070
    assert xs[1] - xs[0] >= 30


def test_sort_by_suit_groups_suits_and_by_rank_groups_ranks():
    cards = [Card.parse(face) for face in ("HK", "C4", "JK", "H4", "D2", "CK")]
    by_rank = [c.face for c in sort_cards(cards, "rank")]
    assert by_rank == ["C4", "H4", "CK", "HK", "D2", "JK"]
    by_suit = [c.face for c in sort_cards(cards, "suit")]
    assert by_suit[:2] == ["C4", "CK"] and by_suit[-2:] == ["D2", "JK"]


def test_frozen_pile_shows_the_wild_card_crosswise():
    state = position(["C9 C9 H4 H5"], discard="D7 JK C8 S9", phase="draw")
    layout = TableLayout(TableGeometry(), state, HandUI())
    joker = next(c for c in state.pile if c.face == "JK")
    assert layout.placements[joker].angle == 90 and layout.placements[joker].visible
    assert layout.placements[state.pile[-1]].angle == 0


def test_sprite_retarget_mid_flight_starts_from_where_it_is():
    a = Placement(0, 0, 80)
    sprite = CardSprite(Card.parse("HA"), a)
    sprite.fly_to(Placement(100, 0, 80), 1.0)
    sprite.update(0.5)
    x_mid = sprite.x
    assert 0 < x_mid < 100
    sprite.fly_to(Placement(100, 100, 80), 1.0)  # interrupted: no jump
    assert sprite.x == pytest.approx(x_mid)
    sprite.update(0.01)
    assert abs(sprite.x - x_mid) < 5
    sprite.update(2.0)
    assert (sprite.x, sprite.y) == (100, 100) and sprite.settled


def test_animator_speed_scales_time():
    for speed, done_after in ((1.0, False), (4.0, True)):
        animator = Animator(speed)
        card = Card.parse("HA")
        animator.sync({card: Placement(0, 0, 80)}, animate=False)
        animator.sprites[card] = CardSprite(card, Placement(0, 0, 80))
        animator.sync({card: Placement(200, 0, 80)}, duration=0.4)
        animator.update(0.15)
        assert (not animator.busy) is done_after


def test_flip_turns_the_card_over_half_way_along_its_path():
    """Edge on half way along (not half way through its time: the ease-out had carried it
    seven eighths of the way, and a drawn card seemed to fly face down)."""
    card = Card.parse("HA")
    sprite = CardSprite(card, Placement(0, 0, 80, face_up=False))
    sprite.fly_to(Placement(100, 0, 80, face_up=True), 1.0)
    sprite.update(0.1)
    assert sprite.face_up is False and 0 < sprite.flip_scale < 1 and sprite.x < 50
    while not sprite.face_up:
        sprite.update(0.01)
    assert 50 <= sprite.x < 55 and sprite.flip_scale < 0.2  # just past half way, still nearly edge on
    sprite.update(0.3)
    assert sprite.face_up is True and sprite.flip_scale > 0.5


def test_deal_events_stagger_the_cards_one_by_one():
    game = Game(RulesConfig.for_variant("classic"), seed=4)
    plan = plan_events(game.last_deal_events)
    dealt = next(e for e in game.last_deal_events if isinstance(e, ev.Dealt))
    first_round = [dealt.hands[(dealt.dealer + 1 + i) % 4][0] for i in range(4)]
    delays = [plan.delays[c] for c in first_round]
    assert plan.deal and delays == sorted(delays) and len(set(delays)) == 4


def test_events_become_bubbles_banners_and_the_score_sheet():
    class Names:
        def seat_name(self, seat: int) -> str:
            return ["You", "West", "North", "East"][seat]

    card = Card.parse("HK")
    plan = plan_events(
        [
            ev.Asked(0),
            ev.Answered(2, True),
            ev.CanastaMade(0, card.rank, True),
            ev.WentOut(0, False),
            ev.DealEnded("went-out", None),
        ]
    )
    shown = [e for e in plan.effects if e.kind != "sound"]
    assert [e.kind for e in shown] == ["bubble", "bubble", "banner", "banner", "deal-over"]
    said = [e.said.text(Names()) for e in shown[:4]]
    assert said == ["May I go out?", "Yes, go out!", "Canasta of kings (natural)!", "You went out!"], said
    sounds = {e.text: e.delay for e in plan.effects if e.kind == "sound"}
    assert set(sounds) == {"canasta", "going_out"}


# -- the scene with the mouse -------------------------------------------------------


def test_click_stock_draws_then_double_click_discards():
    stack, table = make_table(seed=3)
    until(stack, players_turn(stack, table))
    hand_before = len(table.state.hands[0])
    click(stack, STOCK_POS)
    assert table.state.phase is Phase.MELD and len(table.state.hands[0]) == hand_before + 1
    rest(stack, table)
    card = table.layout.hand_cards[0]
    point = card_point(table, card)
    click(stack, point)
    click(stack, point)
    assert table.state.pile[-1] is card and table.state.turn == 1


def test_drag_follows_the_pointer_in_the_same_frame():
    stack, table = make_table(seed=3)
    until(stack, players_turn(stack, table))
    card = table.layout.hand_cards[2]
    start = card_point(table, card)
    stack.handle_event(mouse(pygame.MOUSEBUTTONDOWN, start))
    stack.handle_event(mouse(pygame.MOUSEMOTION, (start[0] + 40, start[1] - 200)))
    sprite = table.animator.sprites[card]
    first = (sprite.x, sprite.y)
    stack.handle_event(mouse(pygame.MOUSEMOTION, (start[0] + 140, start[1] - 250)))
    assert (sprite.x - first[0], sprite.y - first[1]) == pytest.approx((100, -50))  # no update needed
    stack.handle_event(mouse(pygame.MOUSEBUTTONUP, (1000, 40)))  # dropped nowhere: back to the hand
    assert card in table.layout.hand_cards


def test_discard_out_of_turn_is_refused_and_flies_back():
    stack, table = make_table(seed=3)
    until(stack, lambda: table.state.to_act != 0 and table.idle)
    card = table.layout.hand_cards[0]
    drag(stack, card_point(table, card), PILE_POS)
    assert card in table.state.hands[0]
    assert table.message is not None and "turn" in table.message[0]
    assert table.animator.sprites[card].end == table.layout.placements[card]


def test_staged_initial_meld_counts_and_takes_back_and_refuses_below_minimum():
    state = position(["HA CA SA HK SK DK C5 D5 H5 H7", "C4 C6", "C7 C8", "C9 C10"], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    fives = select(stack, table, ("C5", "D5", "H5"))
    drag(stack, card_point(table, fives[0]), (400, 480))
    assert [set(g) for g in table.ui.staged] == [set(fives)] and table.stage_info()[:2] == (15, 50)
    assert not table.state.melds[0]  # staged, not laid
    click(stack, table.confirm_button.rect.center)  # 15 < 50: the engine's reason shows
    assert "short of the minimum 50" in table.message[0] and table.ui.staged
    click(stack, table.cancel_button.rect.center)
    assert table.ui.staged == [] and set(fives) <= set(table.layout.hand_cards)
    # Stage aces and kings (80), then lay them with one confirm.
    for faces in (("HA", "CA", "SA"), ("HK", "SK", "DK")):
        cards = select(stack, table, faces)
        drag(stack, card_point(table, cards[0]), (600, 480))
    assert table.stage_info()[:2] == (90, 50) and len(table.ui.staged) == 2
    click(stack, table.confirm_button.rect.center)
    assert set(r.symbol for r in table.state.melds[0]) == {"A", "K"} and not table.ui.staged


def test_add_to_a_meld_by_drag_and_illegal_add_reason():
    state = position(["H9 S9 C5 D7 S3 JK"], melds=[{"9": "C9 D9 D9"}, {}], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    slot = next(s for s in table.layout.meld_slots if s.side == 0)
    nine = hand_card(table, "H9")
    drag(stack, card_point(table, nine), slot.rect.center)
    assert len(table.state.melds[0][nine.rank].cards) == 4
    rest(stack, table)
    five = hand_card(table, "C5")
    drag(stack, card_point(table, five), slot.rect.center)
    assert five in table.state.hands[0] and "do not go with the 9s" in table.message[0]
    rest(stack, table)
    three = hand_card(table, "S3")
    drag(stack, card_point(table, three), slot.rect.center)
    # A black three has its own rule (play-test, stop 56: it was refused as any card of the
    # wrong rank, under R-ADD).
    assert three in table.state.hands[0] and table.controller.refusal.rule == "R-BLACK3"
    assert table.message[0] == "A black three cannot join the 9s."


def test_take_the_pile_by_dropping_a_pair_on_it():
    state = position(["C8 D8 H4 S5 H6", "C4 C6 C7", "C7 C9 C10", "C9 C10 CJ"], discard="S4 H9 S8", phase="draw")
    stack, table = make_table()
    table.load_state(state)
    pair = select(stack, table, ("C8", "D8"))
    assert table.stage_info() is None
    # Not melded yet: the pair plus the top card (30) is short of 50; the engine says so.
    drag(stack, card_point(table, pair[0]), PILE_POS)
    assert "R-TAKE-MIN" not in table.message[0] and "minimum" in table.message[0]
    assert len(table.state.pile) == 3


def test_a_card_dragged_onto_the_pile_takes_it_with_the_selected_cards():
    """7♣ selected, then 7♥ (not selected) dragged onto the 7♠: the pair takes the pile
    (play-test, stop 58: only the 7♥ went, refused as "meld the 7♠ with two natural 7s")."""
    hands = ["C7 H7 H4 S5 D9", "C4 C6 C7", "C9 C10 CQ", "C9 CK CJ"]
    state = position(hands, melds=[{"A": "HA DA SA"}, {}], discard="S4 H9 S7", phase="draw")
    stack, table = make_table()
    table.load_state(state)
    select(stack, table, ("C7",))
    drag(stack, card_point(table, hand_card(table, "H7")), PILE_POS)
    st = table.state
    assert st.phase is Phase.MELD and not st.pile
    assert sorted(c.face for c in st.melds[0][Card.parse("S7").rank].cards) == ["C7", "H7", "S7"]
    assert not table.ui.selected


def test_a_card_that_takes_the_pile_alone_leaves_the_selected_cards():
    """The 7♥ and the 7♠ on top go onto our 7s by themselves: the selected 9 stays in hand."""
    hands = ["H7 D9 S9 H4 S5", "C4 C6 D7", "C9 C10 CQ", "H9 CK CJ"]
    state = position(hands, melds=[{"7": "C7 D7 S7"}, {}], discard="S4 H9 C7", phase="draw")
    stack, table = make_table()
    table.load_state(state)
    select(stack, table, ("D9",))
    drag(stack, card_point(table, hand_card(table, "H7")), PILE_POS)
    st = table.state
    assert st.phase is Phase.MELD and not st.pile
    assert len(st.melds[0][Card.parse("C7").rank].cards) == 5
    assert {"D9", "S9"} <= {c.face for c in st.hands[0]}


def _raised(table) -> set[str]:
    """The faces of the hand's cards drawn raised (selected)."""
    base = table.geometry.hand_y()
    return {card.face for card in table.layout.hand_cards if table.layout.placements[card].y < base - 10}


def test_cards_left_raised_as_the_player_discards_are_put_down_when_the_turn_ends():
    """The 9♦ and the J♥ raised, the 5♣ dragged onto the pile: the turn was over, and the two
    stayed raised into the next turns (play-test). They go down with the discard; a card
    raised while the others play stays raised for the player's turn."""
    hands = ["C5 D9 HJ S9 H4", "C4 C6 C8", "C9 C10 CQ", "CJ CQ D4"]
    state = position(hands, melds=[{"K": "HK DK SK"}, {}], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    tick(stack, 0.5)
    select(stack, table, ("D9", "HJ"))
    assert _raised(table) == {"D9", "HJ"}
    drag(stack, card_point(table, hand_card(table, "C5")), PILE_POS)
    assert table.state.pile[-1].face == "C5" and table.state.turn == 1
    tick(stack, 0.5)
    assert table.ui.selected == set() and _raised(table) == set()
    select(stack, table, ("S9",))  # (while West plays: for the player's coming turn)
    until(stack, players_turn(stack, table))
    assert {card.face for card in table.ui.selected} == {"S9"} and _raised(table) == {"S9"}


def test_cards_raised_when_the_deal_ends_are_put_down():
    """The stock empty, the player passes with a card raised: the deal is over, nothing stays
    raised over the hand counted against the side."""
    hands = ["C5 D9 HJ", "C4 C6 C8", "C9 C10 CQ", "CJ CQ D4"]
    stack, table = make_table()
    table.load_state(position(hands, discard="S4", stock=""))
    tick(stack, 0.5)
    select(stack, table, ("D9",))
    assert table.controller.play(Move.parse("pass"))
    assert table.state.phase is Phase.OVER and table.ui.selected == set()


def _empty_spot_in_our_area(table):
    """A point of our meld area on no meld: where a new meld goes."""
    area = table.layout.geometry.meld_areas[table.human_side]
    slots = [s.rect for s in table.layout.meld_slots if s.side == table.human_side]
    return next(
        (x, area.centery)
        for x in range(int(area.right) - 30, int(area.x), -20)
        if not any(r.inflate(20, 20).collidepoint(x, area.centery) for r in slots)
    )


def test_a_card_dragged_onto_our_meld_area_starts_a_meld_with_the_selected_cards():
    """Our side has melded: 9♣ 9♠ selected, then the 9♥ (not selected) dragged to our meld
    area lays the three 9s (play-test, stop 58: refused as a one-card meld)."""
    state = position(
        ["C9 S9 H9 H4 S5 D7", "C4 C6 C7", "C7 C8 C10", "D8 C10 CJ"],
        melds=[{"A": "HA DA SA"}, {}],
        discard="S4",
        phase="meld",
    )
    stack, table = make_table()
    table.load_state(state)
    select(stack, table, ("C9", "S9"))
    drag(stack, card_point(table, hand_card(table, "H9")), _empty_spot_in_our_area(table))
    nines = table.state.melds[0].get(Card.parse("H9").rank)
    assert nines is not None and sorted(c.face for c in nines.cards) == ["C9", "H9", "S9"]
    assert not table.ui.selected and table.state.phase is Phase.MELD


def test_a_card_dragged_onto_our_meld_lays_off_the_selected_cards_that_fit_it_too():
    state = position(["H9 S9 C5 D7 S3 H4"], melds=[{"9": "C9 D9 D9"}, {}], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    select(stack, table, ("S9",))
    slot = next(s for s in table.layout.meld_slots if s.side == 0)
    drag(stack, card_point(table, hand_card(table, "H9")), slot.rect.center)
    assert sorted(c.face for c in table.state.melds[0][Card.parse("H9").rank].cards) == ["C9", "D9", "D9", "H9", "S9"]
    assert not table.ui.selected


def test_a_card_dragged_onto_our_meld_goes_alone_when_the_selected_cards_do_not_fit_it():
    """The selected 5 is no 9: the 9♥ joins the 9s by itself and the 5 stays raised."""
    state = position(["H9 S9 C5 D7 S3 H4"], melds=[{"9": "C9 D9 D9"}, {}], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    five = select(stack, table, ("C5",))[0]
    slot = next(s for s in table.layout.meld_slots if s.side == 0)
    drag(stack, card_point(table, hand_card(table, "H9")), slot.rect.center)
    assert sorted(c.face for c in table.state.melds[0][Card.parse("H9").rank].cards) == ["C9", "D9", "D9", "H9"]
    assert five in table.state.hands[0] and table.ui.selected == {five}


def test_a_card_dragged_onto_our_meld_leaves_the_selected_card_it_would_need_to_keep():
    """With the 9♠ selected too, only the 7 would be left (R-KEEP-TWO, no canasta): the 9♥,
    a plain addition by itself, goes alone and the 9♠ stays in hand."""
    state = position(["H9 S9 D7"], melds=[{"9": "C9 D9 D9"}, {}], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    select(stack, table, ("S9",))
    slot = next(s for s in table.layout.meld_slots if s.side == 0)
    drag(stack, card_point(table, hand_card(table, "H9")), slot.rect.center)
    assert len(table.state.melds[0][Card.parse("H9").rank].cards) == 4
    assert {c.face for c in table.state.hands[0]} == {"S9", "D7"} and not table.ui.staged


def test_a_card_dragged_onto_our_meld_area_while_staging_the_opening_takes_the_selected_cards():
    """Our side has not melded: A♦ A♥ selected, then the A♠ (not selected) dragged to our
    meld area stages the three aces, as the same drag does once the side has melded
    (play-test, first game: the A♠ was staged alone, "1" under it, the two aces left raised)."""
    state = position(["DA HA SA C9 D9 H9 D7 S4", "C4 C6 C7", "C7 C8 C10", "C9 C10 CJ"], discard="S5", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    aces = select(stack, table, ("DA", "HA"))
    dragged = hand_card(table, "SA")
    drag(stack, card_point(table, dragged), _empty_spot_in_our_area(table))
    assert [set(g) for g in table.ui.staged] == [{*aces, dragged}] and not table.ui.selected
    assert not table.state.melds[0]  # staged, not laid: the opening is laid with one confirm


def test_a_card_dragged_onto_a_staged_group_takes_the_selected_cards_that_fit_it():
    """While staging: the second 9♦ selected, the 9♥ dragged onto the staged 9s joins it with
    the 9♦; an ace selected is no 9 and stays raised."""
    state = position(["C9 S9 D9 H9 D9 DA HA SA S4", "C4 C6 C7", "C7 C8 C10", "C9 C10 CJ"], discard="S5", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    nines = select(stack, table, ("C9", "S9", "D9"))
    drag(stack, card_point(table, nines[0]), _empty_spot_in_our_area(table))
    assert [set(g) for g in table.ui.staged] == [set(nines)]
    rest(stack, table)
    (nine,) = select(stack, table, ("D9",))
    dragged = hand_card(table, "H9")
    staged = next(s for s in table.layout.meld_slots if s.staged_index == 0)
    drag(stack, card_point(table, dragged), staged.rect.center)
    assert [set(g) for g in table.ui.staged] == [{*nines, nine, dragged}] and not table.ui.selected
    rest(stack, table)
    (ace,) = select(stack, table, ("HA",))
    staged = next(s for s in table.layout.meld_slots if s.staged_index == 0)
    drag(stack, card_point(table, hand_card(table, "DA")), staged.rect.center)
    assert [len(g) for g in table.ui.staged] == [5] and table.ui.selected == {ace}  # (the A♦ is no 9 either)


def test_a_card_dragged_while_staging_goes_alone_when_the_selected_cards_make_no_group_with_it():
    state = position(["DA HA SA C9 D9 H9 D7 S4", "C4 C6 C7", "C7 C8 C10", "C9 C10 CJ"], discard="S5", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    aces = select(stack, table, ("DA", "HA", "SA"))
    dragged = hand_card(table, "C9")
    drag(stack, card_point(table, dragged), _empty_spot_in_our_area(table))
    assert [set(g) for g in table.ui.staged] == [{dragged}] and table.ui.selected == set(aces)


def test_take_the_pile_with_staged_melds_for_the_minimum():
    state = position(["C8 D8 HA SA DA H6 S6", "C4 C6 C7", "C7 C9 C10", "C9 C10 CJ"], discard="S4 H9 S8", phase="draw")
    stack, table = make_table()
    table.load_state(state)
    aces = select(stack, table, ("HA", "SA", "DA"))
    drag(stack, card_point(table, aces[0]), (400, 480))
    assert table.stage_info() is not None and table.stage_info()[0] == 60 + 10  # with the top card
    pair = select(stack, table, ("C8", "D8"))
    drag(stack, card_point(table, pair[0]), PILE_POS)
    st = table.state
    assert st.phase is Phase.MELD and not st.pile
    assert {r.symbol for r in st.melds[0]} == {"A", "8"}
    assert {"S4", "H9"} <= {c.face for c in st.hands[0]}


def test_take_the_pile_with_the_pair_and_the_minimums_melds_selected_together():
    """The pair of the top card and the aces for the minimum, selected in one go and clicked
    onto the pile, take it (play-test, stop 56: refused as "cards that meld the 10 on top");
    the two goes with the aces, the pile being frozen for a side that has not melded."""
    hands = ["C10 D10 HA DA C2 H6 S7 S8", "C4 C6 C7", "C7 C9 CQ", "C9 CK CJ"]
    state = position(hands, discard="S4 H9 S10", phase="draw")
    stack, table = make_table()
    table.load_state(state)
    select(stack, table, ("C10", "D10", "HA", "DA", "C2"))
    click(stack, PILE_POS)
    st = table.state
    assert st.phase is Phase.MELD and not st.pile
    melds = {r.symbol: sorted(c.face for c in meld.cards) for r, meld in st.melds[0].items()}
    assert melds == {"10": ["C10", "D10", "S10"], "A": ["C2", "DA", "HA"]}
    assert {c.face for c in st.hands[0]} == {"H6", "S7", "S8", "S4", "H9"}


def test_take_selected_in_one_go_short_of_the_minimum_says_so():
    """Selected together but short of the minimum (10 10 + 6 6 6 on a 10: 45): the engine's
    own reason, the minimum, not "select cards that meld the 10"."""
    hands = ["C10 D10 H6 S6 D6 S7 S8", "C4 C6 C7", "C7 C9 CQ", "C9 CK CJ"]
    state = position(hands, discard="S4 H9 S10", phase="draw")
    stack, table = make_table()
    table.load_state(state)
    select(stack, table, ("C10", "D10", "H6", "S6", "D6"))
    click(stack, PILE_POS)
    assert table.state.phase is Phase.DRAW and len(table.state.pile) == 3
    assert table.message is not None and "minimum" in table.message[0]


def test_ask_button_follows_the_engine_and_the_answer_binds():
    stack, table = make_table()
    table.load_state(may_ask_position())
    tick(stack, DT)
    assert table.ask_button.enabled
    click(stack, table.ask_button.rect.center)
    assert table.state.phase is Phase.ANSWER
    until(stack, lambda: table.state.phase is Phase.MELD, 10)
    assert table.state.this_turn.answer is True  # the stopgap partner holds nothing: yes
    assert any("go out" in b.widget.text.lower() for b in table.bubbles)
    assert not table.ask_button.enabled  # once per turn
    rest(stack, table)
    # Bound by "yes": a discard that does not go out is refused with the engine's reason.
    nine = hand_card(table, "C9")
    click(stack, card_point(table, nine))
    click(stack, card_point(table, nine))
    assert "must go out" in table.message[0] and nine in table.state.hands[0]


def test_the_players_label_says_they_asked_while_the_answer_waits(monkeypatch):
    """The player asked "May I go out?" and the table waits for North: the other seats'
    labels said what each did last, the player's nothing (stop 60). It says the ask in a
    bot's words while the answer waits, and nothing again once North has answered."""
    import game.scenes.table_view as table_view

    stack, table = make_table(speed=1.0)
    table.load_state(may_ask_position())
    tick(stack, DT)
    table.view.draw(pygame.Surface(LOGICAL_SIZE))
    assert len(table.view.seat_boxes[0]) == 1  # the tag alone
    click(stack, table.ask_button.rect.center)
    assert table.state.phase is Phase.ANSWER and table.status_text() == "Waiting for your partner's answer…"
    drawn = texts_drawn(monkeypatch, table_view)
    table.view.draw(pygame.Surface(LOGICAL_SIZE))
    assert "asked: “May I go out?”" in drawn
    tag, line = table.view.seat_boxes[0]
    assert line.bottom <= tag.top  # above the tag, left of the hand
    assert line.right <= HAND_RECT.x  # (a surface of the logical size: its pixels are logical)
    until(stack, lambda: table.state.phase is Phase.MELD, 10)
    drawn.clear()
    table.view.draw(pygame.Surface(LOGICAL_SIZE))
    assert len(table.view.seat_boxes[0]) == 1 and not any("asked" in text for text in drawn)


def test_ask_button_disabled_when_going_out_is_impossible():
    state = position(["C4 D4 H9 C9 S5 H7"], melds=[{"K": "CK DK HK"}, {}], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    tick(stack, DT)
    assert not table.ask_button.enabled


def test_partner_asks_and_the_player_answers_no_through_the_prompt():
    state = partner_asks()
    stack, table = make_table()
    table.load_state(state)
    until(stack, lambda: isinstance(stack.top, AnswerPrompt), 5)
    prompt = stack.top
    assert "North" in prompt.dialog.title and "3 cards" in prompt.dialog.message_label.text
    surface = Canvas((1280, 720), 1.0)
    stack.draw(surface)  # the prompt draws over the table
    no_button = prompt.dialog.buttons.widgets[1]
    tick(stack, 0.5)
    click(stack, no_button.rect.center)
    assert stack.top is table and table.state.this_turn.answer is False and table.state.phase is Phase.MELD


def test_the_question_steps_aside_to_show_the_table_and_y_still_answers():
    """It covered both sides' melds, and L and V did nothing while it showed (keyboard
    play-test, stop 41): T, L or V show the table; a click brings the question back."""

    def key(k):
        stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))

    stack, table = make_table()
    table.load_state(partner_asks())
    until(stack, lambda: isinstance(stack.top, AnswerPrompt), 5)
    prompt = stack.top
    tick(stack, 0.5)
    key(pygame.K_l)
    assert prompt.peeking and table.log_open
    stack.draw(Canvas((1280, 720), 1.0))
    key(pygame.K_RETURN)  # the buttons are out of sight: Enter answers nothing
    assert stack.top is prompt and table.state.phase is Phase.ANSWER
    click(stack, (640, 360))
    assert not prompt.peeking
    key(pygame.K_t)
    assert prompt.peeking
    key(pygame.K_y)
    assert stack.top is table and table.state.this_turn.answer is True


def test_the_answer_buttons_show_their_keys_and_n_answers_no():
    """Y and N answered, but the buttons did not say so (stop 41's left-alone item): each
    button carries its key cap, its label still fits beside it, and N answers no."""
    stack, table = make_table()
    table.load_state(partner_asks())
    until(stack, lambda: isinstance(stack.top, AnswerPrompt), 5)
    prompt = stack.top
    tick(stack, 0.5)
    yes, no = prompt.dialog.button_widgets
    assert (yes.key, no.key) == ("Y", "N")
    surface = Canvas((1280, 720), 1.0)
    stack.draw(surface)
    # The cap is drawn inside the button, at its right end (dark ink on a cream cap).
    cap_x, cap_y = int(no.rect.right - 20), int(no.rect.centery)
    assert surface.get_at((cap_x, cap_y)) != surface.get_at((int(no.rect.left + 6), cap_y))
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0))
    assert stack.top is table and table.state.this_turn.answer is False


def going_out_table():
    """South goes out by discarding its last card (C4) beside a canasta of kings: the deal over."""
    state = position(
        ["C4", "C5 C6 C7", "C8 D8", "C9 C10 CJ"], melds=[{"K": "CK CK DK DK HK HK SK"}, {}], discard="S4", phase="meld"
    )
    stack, table = make_table()
    table.load_state(state)
    double_click(stack, table, "C4")
    return stack, table


def test_deal_end_shows_the_score_sheet_then_the_next_deal():
    stack, table = going_out_table()
    assert table.state.phase is Phase.OVER
    until(stack, lambda: isinstance(stack.top, ScoreSheetScene), 10)
    sheet = stack.top
    assert sheet.result.went_out == 0
    surface = Canvas((1280, 720), 1.0)
    stack.draw(surface)
    click(stack, sheet.buttons.widgets[0].rect.center)  # the first click shows the totals at once
    click(stack, sheet.buttons.widgets[0].rect.center)
    assert stack.top is table and table.game.deal_number == 1 and table.state.phase is Phase.DRAW


def test_the_score_panel_counts_a_deals_end_in_step_with_the_sheet():
    """The top-left panel counted the deal's points on its own clock, the sheet on its own:
    for a second or two they showed different running totals (play-test, stop 56). The
    panel holds the totals before the deal until the sheet opens, then counts with it."""
    stack, table = going_out_table()
    before = list(table.state.scores)
    after = list(table.game.scores)
    assert after != before and table.state.phase is Phase.OVER
    until(stack, lambda: isinstance(stack.top, ScoreSheetScene), 10)
    sheet = stack.top
    counted = set()
    while not sheet.count.done:
        k = sheet.count.value
        for side in range(2):  # the sheet's running total, as it draws it
            assert round(table.shown_scores[side].value) == round(before[side] + (after[side] - before[side]) * k)
        counted.add(round(table.shown_scores[0].value))
        stack.update(1 / 60)
    assert len(counted) > 10 and [round(t.value) for t in table.shown_scores] == after


def test_a_click_that_skips_the_sheets_count_ends_the_score_panels_count_too():
    """A click on the sheet ends its count at once; the panel went on counting (into the
    next deal, "-66" beside "min 15": play-test, stop 58): it ends with the sheet."""
    stack, table = going_out_table()
    until(stack, lambda: isinstance(stack.top, ScoreSheetScene), 10)
    sheet = stack.top
    assert not sheet.count.done and [round(t.value) for t in table.shown_scores] != list(table.game.scores)
    click(stack, (20, 700))  # (outside the sheet's buttons)
    assert sheet.count.done and stack.top is sheet
    assert [round(t.value) for t in table.shown_scores] == list(table.game.scores)


def test_a_click_on_the_tables_menu_button_beside_the_score_sheet_opens_the_menu():
    """The table's Menu button stays in sight beside the sheet and looked live, but a click
    did nothing (play-test, stop 58): it opens the table's menu, as Esc does; Resume comes
    back to the sheet. Other buttons behind the sheet stay out of reach."""
    from game.scenes.table_menu import TableMenuScene

    stack, table = going_out_table()
    until(stack, lambda: isinstance(stack.top, ScoreSheetScene), 10)
    sheet = stack.top
    sheet.count.finish()
    click(stack, table.keys_button.rect.center)  # behind the sheet's dimming: nothing
    assert stack.top is sheet
    press_on_menu = table.menu_button.rect.center
    stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=press_on_menu))
    stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(640, 360)))  # released elsewhere
    assert stack.top is sheet
    click(stack, press_on_menu)
    menu = stack.top
    assert isinstance(menu, TableMenuScene) and sheet in stack.scenes
    menu.close()
    until(stack, lambda: stack.top is sheet, 2)


def test_sort_buttons_and_keys_reorder_the_hand():
    stack, table = make_table(seed=5)
    rest(stack, table)
    click(stack, table.sort_suit_button.rect.center)
    suits = [c.suit for c in table.layout.hand_cards if not c.is_wild and c.rank != 3]  # threes: after the suits
    assert table.ui.sort_mode == "suit" and suits == sorted(suits, key=lambda s: {0: 0, 1: 1, 3: 2, 2: 3}[int(s)])
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
    assert table.ui.sort_mode == "rank"


def test_bots_play_on_while_the_player_waits_and_the_deal_ends():
    stack, table = make_table(seed=9, speed=50)
    until(stack, players_turn(stack, table))
    assert table.game.state.turn == 0 and table.moves_played > 0  # West, North, East played


def test_draw_is_side_effect_free_and_scales():
    stack, table = make_table(seed=3)
    tick(stack, 0.3)  # mid-deal animation
    positions = {c: (s.x, s.y) for c, s in table.animator.sprites.items()}
    for size, scale in (((1280, 720), 1.0), ((1920, 1080), 1.5), ((640, 360), 0.5)):
        surface = Canvas(size, scale)
        stack.draw(surface)
    assert positions == {c: (s.x, s.y) for c, s in table.animator.sprites.items()}


@pytest.mark.parametrize("variant", ["two-hand", "three-hand"])
def test_other_variants_play_to_the_players_turn_and_draw(variant):
    stack, table = make_table(seed=2, variant=variant, speed=50)
    until(stack, players_turn(stack, table))
    click(stack, STOCK_POS)
    assert len(table.state.hands[0]) == table.config.hand_size + 2 - 0 or table.state.phase is Phase.MELD
    stack.draw(Canvas((1280, 720), 1.0))
    assert not table.ask_button.visible


def deciding_deal():
    """Our side at 4900 of 5000, a canasta down, the player to meld: discarding C4 goes out
    and wins the game."""
    return position(
        ["C4", "C5 C6 C7", "C8 D8", "C9 C10 CJ"],
        melds=[{"K": "CK CK DK DK HK HK SK"}, {}],
        discard="S4",
        phase="meld",
        scores=[4900, 3000],
    )


def test_game_end_shows_the_winner_and_offers_a_new_game():
    state = deciding_deal()
    stack, table = make_table()
    seen = []
    table.listeners.append(lambda _table, events: seen.extend(type(e).__name__ for e in events))
    table.load_state(state)
    card = hand_card(table, "C4")
    click(stack, card_point(table, card))
    click(stack, card_point(table, card))
    assert "WentOut" in seen and "DealEnded" in seen
    until(stack, lambda: isinstance(stack.top, ScoreSheetScene), 10)
    sheet = stack.top
    assert sheet.result.winner == 0 and sheet.title == "We win the game!"
    stack.draw(Canvas((1280, 720), 1.0))
    new_game = sheet.buttons.widgets[0]
    click(stack, new_game.rect.center)  # shows the totals at once
    click(stack, new_game.rect.center)
    assert stack.top is table and table.game.scores == (0, 0) and table.seed == 4


def test_per_seat_levels_and_continuing_a_game():
    game = Game(RulesConfig.for_variant("two-hand"), seed=6)
    game.apply("draw")
    stack, table = make_table(game=game, levels=(None, "easy"))
    assert table.config.variant == "two-hand" and table.game is game
    assert table.bot_level(1) == "easy" and set(table.bots) == {1}


@pytest.mark.parametrize(
    "discard,melds,rule,words",
    [
        ("S4 JK D9", [{"K": "CK DK HK"}, {}], "R-FROZEN", "frozen (a wild card or red three is in it)"),
        ("S4 D9", [{}, {}], "R-FROZEN", "frozen for us until we have melded this deal"),
        ("D9 S3", [{"K": "CK DK HK"}, {}], "R-BLOCKED", "A black three is on top of the pile."),
        ("D9 H2", [{"K": "CK DK HK"}, {}], "R-BLOCKED", "A wild card is on top of the pile."),
    ],
)
def test_a_click_on_a_pile_that_cannot_be_taken_says_why(discard, melds, rule, words):
    stack, table = make_table()
    table.load_state(position(["C5 H6 S8", "C4", "C6", "C8"], melds=melds, discard=discard))
    table.click_pile()
    assert table.refusal is not None and table.refusal.rule == rule
    assert words in table.message[0]
    # The reason and the rule's sentence below it say different things (the blocked pile's
    # reason said its rule too, and the panel said it twice: play-test, stop 62).
    explanation = table.refusal.explanation()
    assert explanation is not None and explanation != table.refusal.headline()
    if rule == "R-BLOCKED":
        assert "nobody" not in table.refusal.headline().lower() and "Nobody can take the pile" in explanation


def test_the_pile_is_frozen_for_a_side_that_has_not_melded_this_deal():
    """R-FROZEN is for the deal: "until your side has melded" read as once in the game
    (play-test, stop 46). The rules page, the coach and the engine's refusal say so."""
    from game.coach import TOPICS
    from game.rules import IllegalMove, Move
    from game.rules_text import RULES

    (paragraph,) = [text for _kind, text, _extra in RULES if "frozen for your side" in text]
    assert "frozen for your side while your side has not melded this deal" in paragraph
    (frozen,) = [why for topic, _headline, why in TOPICS if topic == "frozen"]
    assert frozen.startswith("until your side has melded this deal, the pile is frozen for you")
    state = position(["C9 H6 S8", "C4", "C6", "C8"], discard="S4 D9")
    with pytest.raises(IllegalMove) as refused:
        state.apply(Move.parse("take C9"))
    assert refused.value.rule == "R-FROZEN"
    assert "your side has not melded this deal, so the pile is frozen for it" in str(refused.value)


def two_hand_unmelded():
    """Two-hand, neither player melded, a plain pile: frozen for the player, who has no partner."""
    from game.rules.position import position_from_json

    return position_from_json(
        {
            "format": "canasta-position/1",
            "variant": "two-hand",
            "target": 5000,
            "scores": [0, 0],
            "dealer": 1,
            "turn": 0,
            "phase": "draw",
            "hands": ["C5 H6 S8", "C4"],
            "melds": [{}, {}],
            "red_threes": ["", ""],
            "discard": "S4 D9",
            "stock": "HJ SJ DJ CJ HQ SQ",
            "stock_exact": True,
        }
    )


def test_a_player_without_partner_hears_you_not_we_about_the_pile_frozen_for_them(monkeypatch):
    from game.scenes import table_view

    stack, table = make_table(game=Game(RulesConfig.for_variant("two-hand"), seed=6), levels=(None, "easy"))
    table.load_state(two_hand_unmelded())
    table.click_pile()
    assert table.refusal is not None and table.refusal.rule == "R-FROZEN"
    assert "frozen for you until you have melded this deal" in table.message[0], table.message[0]
    texts = []
    real_pill = table_view.pill
    monkeypatch.setattr(
        table_view, "pill", lambda surface, text, *a, **k: texts.append(text) or real_pill(surface, text, *a, **k)
    )
    table.view.draw(Canvas((1280, 720), 1.0))
    assert "frozen for you: a natural pair takes it" in texts and not any("for us" in t for t in texts)


def test_sort_by_suit_files_no_three_or_wild_card_in_a_suit():
    stack, table = make_table()
    table.load_state(position(["S3 HA C2 C4 JK D9 C3 H5 DK"]))
    table.sort_hand("suit")
    assert [c.face for c in table.layout.hand_cards] == ["C4", "D9", "DK", "H5", "HA", "C3", "S3", "C2", "JK"]


def test_scores_are_written_with_thousands_commas():
    from game.i18n import format_points

    assert format_points(1045) == "1,045" and format_points(-2300) == "-2,300" and format_points(50) == "50"


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_seat_labels_stay_inside_the_window_while_a_bot_thinks(monkeypatch, language):
    from game import i18n
    from game.scenes import table_view
    from game.scenes.bot_runner import BotRunner

    stack, table = make_table()
    table.skip_animations()  # (while the deal flies no seat's turn shows: "Dealing…")
    i18n.set_language(language)
    monkeypatch.setattr(BotRunner, "thinking", property(lambda self: True))
    boxes = {}
    real_pill = table_view.pill
    monkeypatch.setattr(
        table_view, "pill", lambda surface, text, *a, **k: boxes.setdefault(text, real_pill(surface, text, *a, **k))
    )
    for seat in (1, 2, 3):
        table.game.state.turn = seat  # each bot in turn is "thinking"
        boxes.clear()
        table.view.draw(Canvas((1280, 720), 1.0))
        label = next(box for text, box in boxes.items() if i18n._("thinking…") in text)
        assert 0 <= label.left and label.right <= 1280, (seat, label)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_meld_area_says_whose_it_is_once_it_holds_melds(monkeypatch, language):
    from game import i18n
    from game.scenes import table_view

    stack, table = make_table()
    table.load_state(position(["C5 H6 S8", "C4", "C6", "C8"], melds=[{"K": "CK DK HK"}, {"7": "S7 D7 H7"}]))
    i18n.set_language(language)
    drawn = []
    real_pill = table_view.pill
    monkeypatch.setattr(
        table_view, "pill", lambda surface, text, *a, **k: (drawn.append(text), real_pill(surface, text, *a, **k))[1]
    )
    table.view.draw(Canvas((1280, 720), 1.0))
    assert i18n._("Our melds") in drawn
    assert i18n._("Melds of {side}").format(side=table.side_name(1)) in drawn


def test_cards_taken_with_the_pile_are_marked_until_the_turn_ends():
    from game.rules import Move

    stack, table = make_table()
    table.load_state(
        position(
            ["C9 D9 H4 S5 C6", "C4 C5 C7", "C6 C8 C10", "CJ CQ CK"],
            melds=[{"K": "CK DK HK"}, {}],
            discard="S4 D5 H9",
        )
    )
    assert table.play(Move.parse("take C9 D9"))
    assert sorted(c.face for c in table.ui.taken) == ["D5", "S4"]
    assert table.ui.taken <= set(table.state.hands[0])
    table.view.draw(Canvas((1280, 720), 1.0))  # the marks are drawn over those cards
    tick(stack, 2.0)
    assert table.play(Move.parse("discard H4"))
    assert table.ui.taken == set()


def test_a_card_drawn_from_the_stock_is_marked_until_the_turn_ends():
    """After a draw the new card could not be told from the others of a sorted hand (play-test,
    first game: which of 12 cards came?): it is marked as cards taken with the pile are, until
    the turn ends. A card another player draws marks nothing."""
    from game.rules import Move
    from game.scenes.table_layout import stock_rect

    stack, table = make_table()
    table.load_state(position(["C9 D9 H4 S5 C6", "C4 C5 C7", "C6 C8 C10", "CJ CQ CK"], discard="S4"))
    held = set(table.state.hands[0])
    click(stack, stock_rect(table.config.rules.packs).center)  # the mouse's draw
    tick(stack, 2.0)
    (drawn,) = set(table.state.hands[0]) - held
    assert table.ui.taken == {drawn}
    table.view.draw(Canvas((1280, 720), 1.0))
    assert table.view.taken_marks == [drawn]
    assert table.play(Move.parse("discard H4"))
    assert table.ui.taken == set()
    until(stack, lambda: table.state.turn == 1 and table.state.phase is Phase.MELD, 30)  # West drew
    assert table.ui.taken == set()


def test_a_red_three_drawn_is_laid_and_its_replacement_is_the_card_marked():
    stack, table = make_table()
    table.load_state(position(["C9 D9 H4 S5 C6", "C4 C5 C7", "C6 C8 C10", "CJ CQ CK"], discard="S4", stock="H3 C8 DJ"))
    assert table.play(Move.parse("draw"))
    tick(stack, 2.0)
    assert [c.face for c in table.state.red_threes[0]] == ["H3"]
    assert [c.face for c in table.ui.taken] == ["C8"]


def test_the_score_sheet_shows_every_hand_left_face_up():
    from game.rules import Move

    stack, table = make_table()
    table.load_state(
        position(
            ["C4 C9 D9 H9", "H4 SJ JK", "S6 D8", "C7 C8 CJ DQ D2"],
            melds=[{"K": "SK SK HK HK CK CK DK"}, {}],
            discard="C6",
            phase="meld",
        )
    )
    assert table.play(Move.parse("meld C9 D9 H9")) and table.play(Move.parse("discard C4"))
    until(stack, lambda: isinstance(stack.top, ScoreSheetScene), 10)
    sheet = stack.top
    left = {seat: [c.face for c in cards] for seat, cards in sheet.left_in_hand}
    assert left == {0: [], 1: ["H4", "SJ", "JK"], 2: ["S6", "D8"], 3: ["C7", "C8", "CJ", "DQ", "D2"]}
    sheet.count.finish()
    stack.draw(Canvas((1280, 720), 1.0))
    assert sheet.panel.bottom <= 720 and sheet.buttons.widgets[0].rect.bottom <= sheet.panel.bottom


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("variant", ["two-hand", "three-hand", "samba", "bolivia"])
def test_the_score_sheet_names_every_card_of_a_long_hand_on_further_lines(variant, language, monkeypatch):
    """Two-hand's sheet showed 15 of the player's 30 cards and "(+15 more)" (play-test, stop
    48): where the sheet has room a seat's cards take further lines, at both window sizes, and
    every card is named (the player held all deal: 30 in two-hand, Samba's past 25)."""
    from game import i18n
    from game.hints import card_list
    from game.scenes import score_sheet
    from game.scenes.layout import LOGICAL_SIZE, Ruler

    game = deal_over_with_long_hands(variant, hoarders={0})
    assert len(game.state.hands[0]) >= 19
    stack, sheet = sheet_over(variant, game)
    i18n.set_language(language)
    try:
        drawn = texts_drawn(monkeypatch, score_sheet)
        seat, cards = sheet.left_in_hand[0]
        assert sheet.hand_line_counts[0] >= 2
        for size in ((1280, 720), (800, 450)):
            drawn.clear()
            scale = size[0] / LOGICAL_SIZE[0]
            stack.draw(Canvas(size, scale))
            fit = sheet._hand_lines(Ruler(scale))[0]
            assert fit.complete and len(fit.lines) >= 2 and fit.size >= score_sheet.HAND_SMALLEST
            assert " ".join(fit.lines) == card_list(cards), (size, fit)
            assert all(line in drawn for line in fit.lines)
            assert sheet.panel.bottom <= LOGICAL_SIZE[1] - 8 and sheet.panel.top >= 8
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_each_bot_seat_shows_what_it_did_last(monkeypatch, language):
    from game import i18n
    from game.scenes import table_view

    stack, table = make_table(seed=7)
    until(stack, players_turn(stack, table))
    i18n.set_language(language)
    drawn = texts_drawn(monkeypatch, table_view)
    table.view.draw(Canvas((1280, 720), 1.0))
    for seat in (1, 2, 3):
        entry = table.move_log.last_action(seat)
        assert entry is not None and entry.seat == seat
        words = entry.text(table_view._Nameless(table)).strip().rstrip(".。")
        assert words and words in drawn, (seat, words)
    assert table.move_log.last_action(3).msgid == "{name} discarded {card}."  # East played just before us


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_bot_s_take_of_the_pile_stays_by_its_name_until_its_next_turn(monkeypatch, language):
    """West took an 8-card pile, added to its meld and discarded: its label said only
    "discarded 3♣", the pile down from eight cards to one and nothing at the table said why
    (play-test, stop 49). The take stays said beside what came after it."""
    from game import i18n
    from game.scenes import table_view

    stack, table = make_table()
    table.load_state(
        position(
            ["C5 C6", "C4 H4 C3 S9", "S6 D8", "C7 C8"],
            melds=[{}, {"4": "D4 S4 D4"}],
            discard="D9 S5 H7 CQ D6 S8 H2 C4",
            phase="draw",
            turn=1,
        )
    )
    table.paused = True  # (the bots wait: this test plays West's moves itself)
    i18n.set_language(language)
    try:
        for move in ("take C4 H4", "discard C3"):
            table.show_events(table.game.apply(Move.parse(move)))
            tick(stack, 3.0)
            drawn = texts_drawn(monkeypatch, table_view)
            table.view.draw(Canvas((1280, 720), 1.0))
            took = "took the pile (8 cards)" if language == "en" else "拿走了弃牌堆（8 张）"
            label = table.view.seat_line(1)  # (its tag and its lines above it, as one text)
            assert took in label and ("3♣" in label) == (move == "discard C3"), label
            words = "".join(drawn).replace(" ", "")
            assert took.replace(" ", "") in words and ("3♣" in words) == (move == "discard C3"), drawn
        assert len(table.game.state.pile) == 1
    finally:
        i18n.set_language("en")


def test_the_move_log_opens_with_l_lists_every_move_newest_first_and_scrolls(monkeypatch):
    from game.scenes import table_view
    from game.scenes.table_layout import LOG_PANEL

    stack, table = make_table(seed=7)
    until(stack, players_turn(stack, table))
    assert not table.log_open
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0))
    assert table.log_open
    drawn = texts_drawn(monkeypatch, table_view)
    table.view.draw(Canvas((1280, 720), 1.0))
    newest = table.move_log.newest_first()[0].text(table)
    assert newest in drawn and newest.startswith("East discarded")
    table.mouse.pointer = LOG_PANEL.center
    stack.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))
    assert table.log_scroll == 2
    stack.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5))
    assert table.log_scroll == 0
    table.log_button.click()
    assert not table.log_open
    assert not LOG_PANEL.colliderect(table.geometry.meld_areas[table.human_side].inflate(12, 8))  # (was over a corner)


def test_the_move_log_says_what_is_scrolled_away_at_its_foot(monkeypatch):
    from game.scenes import table_view
    from game.scenes.base import SceneStack
    from game.scenes.table import TableScene
    from game.scenes.table_layout import LOG_PANEL

    game = Game(RulesConfig(), 7)
    bots = [fallback("easy", seat) for seat in range(4)]
    while len(game.history) < 80 or game.state.to_act != 0:  # a long deal, at the player's turn
        seat = game.state.to_act
        game.apply(bots[seat].act(game.state.observation(seat)))
    assert not game.state.is_over
    stack = SceneStack()
    table = TableScene(game=game, seed=7, speed=8.0, threaded=False, bot_factory=fallback)
    stack.push(table)
    until(stack, players_turn(stack, table))
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0))
    drawn = texts_drawn(monkeypatch, table_view)

    def foot() -> str:
        drawn.clear()
        table.view.draw(Canvas((1280, 720), 1.0))
        return next(text for text in drawn if "the wheel or PgUp / PgDn scrolls" in text)

    entries = len(table.move_log.entries)
    first = foot()
    assert first.startswith("↓ ") and "newer" not in first
    older = int(first.split()[1])
    assert 10 < older < entries  # the first screenful is shown, the rest counted
    table.mouse.pointer = LOG_PANEL.center
    stack.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
    assert foot() == f"↑ 3 newer · ↓ {older - 3} older · the wheel or PgUp / PgDn scrolls"
    stack.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-(10**4)))  # the oldest at the top
    assert foot() == f"↑ {entries - 1} newer · the wheel or PgUp / PgDn scrolls"


def test_the_move_log_fills_its_panel_to_the_foot(monkeypatch):
    """Play-test, stop 56: where the next entry did not fit whole, the log stopped above it and
    left up to three lines empty at its foot. Whatever the scroll, the entries now reach the
    foot (less than a line and the gap between entries is left), the one that does not fit
    whole showing its first lines, the last cut with "…"."""
    from dataclasses import replace

    from game.bots import reasons as why
    from game.bots.reasons import BotReason
    from game.scenes import table_view
    from game.scenes.base import SceneStack
    from game.scenes.table import TableScene

    game = Game(RulesConfig(), 7)
    bots = [fallback("easy", seat) for seat in range(4)]
    while len(game.history) < 80 or game.state.to_act != 0:  # a long deal, at the player's turn
        seat = game.state.to_act
        game.apply(bots[seat].act(game.state.observation(seat)))
    stack = SceneStack()
    table = TableScene(game=game, seed=7, speed=8.0, threaded=False, bot_factory=fallback)
    stack.push(table)
    until(stack, players_turn(stack, table))
    table.log_open = True
    # Entries of one, two and three lines, as a log with the bots' reasons reads.
    log = table.move_log.entries
    for index, entry in enumerate(log):
        if index % 3 == 1:
            log[index] = replace(entry, reason=BotReason.of(why.YES_STOCK_DOWN, cards=12, turns=3))
        elif index % 5 == 2:
            log[index] = replace(entry, reason=BotReason.of(why.TAKE_OPENS_FIT, fit=4))
    drawn = texts_drawn(monkeypatch, table_view)
    cut = 0
    for scroll in range(12):
        table.log_scroll = scroll
        drawn.clear()
        table.view.draw(Canvas((1280, 720), 1.0))
        foot = table.view.log_place().bottom - 26  # (the scroll line below)
        assert 0 <= foot - table.view.log_lines_end < 19 + 4, (scroll, foot, table.view.log_lines_end)
        cut += any(text.endswith("…") for text in drawn)
    assert cut  # (some scroll cut an entry that did not fit whole)


def test_while_cards_are_dragged_the_table_rings_where_they_would_land():
    from game.scenes.table_layout import pile_rect

    stack, table = make_table(seed=7)
    until(stack, players_turn(stack, table))
    table.click_stock()
    tick(stack, 1.5)
    card = table.layout.hand_cards[0]
    start = card_point(table, card)
    stack.handle_event(mouse(pygame.MOUSEMOTION, start))
    stack.handle_event(mouse(pygame.MOUSEBUTTONDOWN, start))

    def ring_at(point) -> pygame.FRect | None:
        stack.handle_event(mouse(pygame.MOUSEMOTION, point, buttons=(1, 0, 0)))
        table.view.draw(Canvas((1280, 720), 1.0))
        return table.view.drop_ring

    area = table.geometry.meld_areas[table.human_side]
    assert ring_at(area.center) == area  # (no meld of ours yet: a new meld, anywhere in the area)
    assert ring_at(pile_rect().center) == pile_rect()
    assert ring_at((start[0] + 40, start[1])) is None  # over the hand: its own order, no ring
    assert ring_at(area.center) == area
    stack.handle_event(mouse(pygame.MOUSEBUTTONUP, area.center))
    table.view.draw(Canvas((1280, 720), 1.0))
    assert table.view.drop_ring is None  # let go: nothing held, nothing ringed


def test_a_refusal_never_covers_our_melds_or_the_hand():
    from game.scenes.table_layout import HAND_RECT

    stack, table = make_table(seed=7)
    until(stack, players_turn(stack, table))
    table.click_stock()
    tick(stack, 1.5)
    table.drop(table.layout.hand_cards[:2], (700, 480))  # two odd cards dropped on our melds: refused
    box = table.view.panels.refusal_rect()
    assert table.refusal is not None and box is not None
    assert not box.colliderect(table.geometry.meld_areas[table.human_side]) and not box.colliderect(HAND_RECT)


def test_esc_in_the_answer_prompt_opens_the_table_menu_and_the_question_comes_back():
    """The answer is owed (R-ASK), but Esc still reaches the table's menu (keys, rules,
    leaving); Resume brings the question back, still unanswered."""
    from game.scenes.table_menu import TableMenuScene

    state = partner_asks()
    stack, table = make_table()
    table.load_state(state)
    until(stack, lambda: isinstance(stack.top, AnswerPrompt), 5)
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    menu = stack.top
    assert isinstance(menu, TableMenuScene)
    assert not any(isinstance(scene, AnswerPrompt) for scene in stack.scenes)
    tick(stack, 1.0)  # the menu covers the table: nothing is asked again, nobody plays
    assert stack.top is menu and table.state.phase is Phase.ANSWER
    menu.close()
    until(stack, lambda: isinstance(stack.top, AnswerPrompt), 5)
    assert table.state.phase is Phase.ANSWER and table.state.this_turn.answer is None


def test_the_answer_prompt_names_each_sides_score_in_six_hand():
    from types import SimpleNamespace

    from game.i18n import set_language
    from game.scenes.prompts import answer_facts

    class SixHandTable:
        def __init__(self) -> None:
            game = Game(RulesConfig.for_variant("six-hand"), 3)
            self.game = SimpleNamespace(state=game.state, scores=(1200, 900, 450))
            self.config = game.config
            self.human, self.human_side = 0, self.config.side_of(0)

        def seat_name(self, seat: int) -> str:
            return f"P{seat}"

        def side_name(self, side: int) -> str:
            return f"S{side}"

    table = SixHandTable()
    others = [side for side in range(3) if side != table.human_side]
    facts = answer_facts(table)  # type: ignore[arg-type]
    line = facts.splitlines()[-1]
    ours = table.game.scores[table.human_side]
    assert line == f"Score: us {ours:,}, " + ", ".join(f"S{s} {table.game.scores[s]:,}" for s in others) + "."
    set_language("zh_CN")
    assert answer_facts(table).splitlines()[-1].startswith(f"比分：本方 {ours:,}，S{others[0]}")  # type: ignore[arg-type]


SIX_NAMES = ("You", "South-west", "North-west", "North", "North-east", "South-east")


def _question_facts(
    hands: list[str], melds: object, names: tuple[str, ...] = ("You", "West", "North", "East"), **extra: object
) -> str:
    """What the partner's question says where North asks (South holds `hands[0]`), at a
    table of classic or of `extra`'s variant (its `turn`: who asks)."""
    from types import SimpleNamespace

    from game.rules import position_from_json
    from game.scenes.prompts import answer_facts

    state = position_from_json(
        {
            "format": "canasta-position/1",
            "scores": [0, 0],
            "dealer": 1,
            "turn": 2,
            "phase": "meld",
            "hands": hands,
            "melds": melds,
            "red_threes": ["", ""],
            "discard": "S4",
            "stock": "H5 H6 S5 S6 D8",
            "stock_exact": True,
            **extra,
        }
    )

    class Table:
        game = SimpleNamespace(state=state, scores=(0, 0))
        config = state.config
        human, human_side = 0, 0

        def seat_name(self, seat: int) -> str:
            return names[seat]

        def side_name(self, side: int) -> str:
            return ("Us", "Them")[side]

    return answer_facts(Table())  # type: ignore[arg-type]


def _hand_and_foot_question(hands: list[str], feet: list[str | None]) -> str:
    """The question at a Hand and Foot table (our side has a clean book, a dirty book and
    three kings)."""
    books = [["C7 D7 H7 S7 C7 D7 H7", "CQ DQ HQ SQ CQ D2 H2", "HK SK DK"], []]
    return _question_facts(hands, books, variant="hand-and-foot", feet=feet)


def test_the_hand_and_foot_question_counts_books_against_the_quota():
    """V-HF-OUT: the side needs two clean and two dirty books, so the question says books,
    not canastas."""
    facts = _hand_and_foot_question(["C4 D5", "C5 C6", "C8 C9 D9", "D5 D6"], ["", "", "", ""])
    lines = [line.replace("\u00a0", " ") for line in facts.splitlines()]
    assert "North holds 3 cards." in lines
    assert "Our books: 1 clean (2 needed), 1 dirty (2 needed)." in lines


def test_the_books_line_of_the_question_keeps_each_quota_with_its_count():
    """At 1280x720 "(2 needed)" broke onto a line of its own ("... 2 dirty / (2 needed).",
    and in Chinese "混书 2 / 本"): the books have a line of their own, each count joined to
    its quota by no-break spaces; at any width a line that says "needed" says what is needed
    where it fits (play-test, stop 59)."""
    from game import assets, i18n
    from game.scenes.text import wrap_text

    facts = _hand_and_foot_question(["C4 D5", "C5 C6", "C8 C9 D9", "D5 D6"], ["", "", "", ""])
    books = next(line for line in facts.splitlines() if line.startswith("Our books"))
    font = assets.font(20)
    narrowest = font.size("1\u00a0clean\u00a0(2\u00a0needed),")[0]  # (narrower: a hard break)
    for width in range(narrowest, font.size(books)[0] + 10, 5):
        for line in wrap_text(books, font, width):
            text = line.replace("\u00a0", " ")
            assert "needed" not in text or "clean (2 needed)" in text or "dirty (2 needed)" in text, (width, text)
    i18n.set_language("zh_CN")
    try:
        facts = _hand_and_foot_question(["C4 D5", "C5 C6", "C8 C9 D9", "D5 D6"], ["", "", "", ""])
        line = next(line for line in facts.splitlines() if line.startswith("本方的书"))
        assert line == "本方的书：纯书 1 本（需 2 本），混书 1 本（需 2 本）。"
    finally:
        i18n.set_language("en")


def test_the_question_counts_a_single_card_and_a_foot_not_yet_picked_up():
    """V-HF-SCORE: a foot never picked up counts against the side too, so the question says
    so beside the hand; one card is "1 card" (it was "1 cards")."""
    foot = "C4 C5 C6 C8 C9 C10 CJ CK CA D4 D5"
    lines = _hand_and_foot_question(["C4", "C5 C6", "C8 C9 D9", "D5 D6"], [foot, None, None, None]).splitlines()
    assert "You hold 1 card worth 5 points; it counts against us if North goes out." in lines
    assert "Your foot of 11 cards, not yet picked up, counts against us too." in lines
    lines = _hand_and_foot_question(["C4 D5", "C5 C6", "C8 C9 D9", "D5 D6"], [None, None, None, None]).splitlines()
    assert "You hold 2 cards worth 10 points; they count against us if North goes out." in lines
    assert not any("foot" in line for line in lines)  # picked up: the hand says it all
    classic = _question_facts(["C4 D5", "C5 C6", "C8", "D5 D6"], [{"7": "C7 D7 H7 S7 C7 D7 H7"}, {}])
    assert "North holds 1 card. Our canastas: 1." in classic.splitlines()


def test_the_bolivia_question_counts_a_black_three_in_hand_as_the_deal_will():
    """V-BOL-BLACK3: a black three left in a hand costs its side 100, not its 5. North's
    "May I go out?" at a Bolivia table said "You hold 4 cards worth 20 points" of three black
    threes and a 7, which cost 305 if North goes out (play-test, stop 63). Classic's black
    three still counts 5."""
    hands = ["C3 S3 C3 D7", "C5 C6", "C8 C9 D9", "D5 D6"]
    melds = [["C7 D7 H7 S7 C7 D7 H7", "H4 H5 H6 H7 H8 H9 H10"], []]
    lines = _question_facts(hands, melds, variant="bolivia", target=15000).splitlines()
    assert "You hold 4 cards worth 305 points; they count against us if North goes out." in lines
    classic = _question_facts(hands, [{"K": "CK DK HK SK CK DK HK"}, {}]).splitlines()
    assert "You hold 4 cards worth 20 points; they count against us if North goes out." in classic


def test_the_question_in_a_side_of_three_counts_the_third_partners_cards():
    """V-SIX-ASK: in six-hand-2x3 North-east (seat 4) asks South; North-west's cards count
    against the side too if North-east goes out, so the question says how many they are."""
    hands = ["C4 D5", "C5 C6", "C8 C9 D9 D10", "D5 D6", "H8", "S5 S6"]
    melds = [{"7": "C7 D7 H7 S7 C7 D7 H7", "K": "CK DK HK SK CK DK HK"}, {}]
    lines = _question_facts(hands, melds, variant="six-hand-2x3", turn=4, names=SIX_NAMES).splitlines()
    assert "You hold 2 cards worth 10 points; they count against us if North-east goes out." in lines
    assert "North-west's 4 cards count against us too." in lines
    hands[2] = "C8"
    lines = _question_facts(hands, melds, variant="six-hand-2x3", turn=4, names=SIX_NAMES).splitlines()
    assert "North-west's 1 card counts against us too." in lines


def test_enter_on_the_score_sheet_presses_the_focused_button_and_tab_reaches_every_one():
    state = deciding_deal()
    stack, table = make_table()
    table.on_menu = lambda: seen.append("menu")
    seen: list[str] = []
    table.load_state(state)
    card = hand_card(table, "C4")
    click(stack, card_point(table, card))
    click(stack, card_point(table, card))
    until(stack, lambda: isinstance(stack.top, ScoreSheetScene), 10)
    sheet = stack.top
    sheet.count.finish()

    def key(code: int) -> None:
        stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))

    reached = set()
    for _ in range(len(sheet.buttons.widgets) + 1):
        key(pygame.K_TAB)
        reached.add(sheet.buttons.focused.text)
    assert {"New game", "Menu", "Review this deal", "Save the deal as a file"} <= reached
    while sheet.buttons.focused.text != "Menu":
        key(pygame.K_TAB)
    key(pygame.K_RETURN)
    assert seen == ["menu"] and table.game.scores != (0, 0)  # not a new game


def test_a_single_players_win_is_said_in_the_singular():
    import dataclasses

    stack, table = make_table(variant="three-hand", seed=3)
    state = table.game.state
    while state.phase is not Phase.OVER:
        table.controller.play(state.legal_moves()[-1])
    result = dataclasses.replace(state.result, winner=2, went_out=2, reason="went-out")
    assert ScoreSheetScene(table, result).title == "East wins the game"


def test_the_game_over_sheet_says_by_how_much_the_game_was_won():
    """The sheet named the winner but not the margin (play-test, stop 46): the subtitle
    gives the winner's lead over the next best total."""
    import dataclasses

    stack, table = make_table(variant="three-hand", seed=3)
    state = table.game.state
    while state.phase is not Phase.OVER:
        table.controller.play(state.legal_moves()[-1])
    result = dataclasses.replace(state.result, winner=2, scores=(5210, 4910, 5350), reason="stock-exhausted")
    assert ScoreSheetScene(table, result).subtitle == "The stock ran out · won by 140 points"
    going_on = dataclasses.replace(result, winner=None, scores=(3210, 2910, 3350))
    assert ScoreSheetScene(table, going_on).subtitle == "The stock ran out"  # (no game decided: no margin)


def test_the_score_sheets_buttons_follow_a_language_switch_made_over_it():
    """Esc over the score sheet opens the menu, whose Settings switch the language: the
    sheet's words followed but its buttons stayed in the old language ("复盘这一局" beside
    "Deal 1 is over", play-test, stop 49)."""
    import dataclasses

    from game import i18n

    stack, table = make_table(variant="three-hand", seed=3)
    state = table.game.state
    while state.phase is not Phase.OVER:
        table.controller.play(state.legal_moves()[-1])
    for winner in (None, 2):  # the deal's sheet (Next deal) and the game's (New game, Quit)
        sheet = ScoreSheetScene(table, dataclasses.replace(state.result, winner=winner))
        english = [button.text for button in sheet.buttons.widgets]
        assert "Review this deal" in english and "Save the deal as a file" in english
        i18n.set_language("zh_CN")
        chinese = [button.text for button in sheet.buttons.widgets]
        assert chinese == [i18n._(text) for text in english] and set(chinese).isdisjoint(english)
        assert "复盘这一局" in chinese
        i18n.set_language("en")
        assert [button.text for button in sheet.buttons.widgets] == english


def test_a_tie_past_the_target_says_another_deal_decides():
    """Both sides at 3020 in a game to 2500: the sheet said only "Deal 4 is over" and the
    score panel "Deal 5 · to 2500", which read as a game that forgot to end (play-test,
    stop 46). R-GAME: a tie at or above the target plays another deal."""
    import dataclasses

    from game.scenes.table_view import score_panel_title

    stack, table = make_table(target=2500)
    table.load_state(position(["C4 C5", "C6 C7", "C8 C9", "C10 CJ"], scores=[3020, 3020], target=2500))
    assert score_panel_title(table) == "Deal 1 · to 2500 · tie-break"
    state = table.game.state
    while state.phase is not Phase.OVER:
        table.controller.play(state.legal_moves()[-1])
    level = dataclasses.replace(state.result, winner=None, scores=(3050, 3050), reason="stock-exhausted")
    sheet = ScoreSheetScene(table, level)
    assert sheet.title == "Deal 1 is over" and sheet.buttons.widgets[0].text == "Next deal"
    assert sheet.subtitle == "The stock ran out · tied at 3,050 past the target: another deal decides"
    table.load_state(position(["C4 C5", "C6 C7", "C8 C9", "C10 CJ"], scores=[3020, 2990], target=2500))
    assert score_panel_title(table) == "Deal 1 · to 2500"  # (a lead past the target ends the game at once)


def test_a_players_bubble_shows_over_the_hint_panel():
    """North's "Yes" to the player's question hid under the hint panel (play-test, stop 42):
    what a player says is drawn over the hint and refusal panels. (North's words no longer
    hang where the hint lies, stop 65: a bubble is laid on the hint here.)"""
    from game.scenes.animations import Effect

    stack, table = make_table()
    until(stack, players_turn(stack, table))
    assert table.show_hint()
    without = Canvas((1280, 720), 1.0)
    stack.draw(without)
    hint, _message = table.view.panels.panel_places()
    assert hint is not None
    north = next(seat for seat in range(4) if table.geometry.spot(seat) == "N")
    table._fire(Effect("bubble", seat=north, text="Yes"))
    bubble = table.bubbles[-1].widget
    bubble.anchor, bubble.tail, bubble.room = (hint.centerx, hint.top + 4), "up", None
    with_bubble = Canvas((1280, 720), 1.0)
    stack.draw(with_bubble)
    body, _tail = bubble.placed(with_bubble)
    assert hint.contains(body)
    inside = [(x, y) for x in range(body.left + 2, body.right - 2, 3) for y in range(body.top + 2, body.bottom - 2, 3)]
    assert any(with_bubble.get_at(point) != without.get_at(point) for point in inside)


def test_north_s_bubble_leaves_its_name_tag_whole():
    """The tail of North's "Yes, go out!" rose into its name tag, over the "r" of "North"
    (play-test, stop 58): the tag is drawn the same with the bubble and without it."""
    from game.scenes.animations import Effect

    stack, table = make_table()
    until(stack, players_turn(stack, table))
    north = next(seat for seat in range(4) if table.geometry.spot(seat) == "N")
    without = Canvas((1280, 720), 1.0)
    stack.draw(without)
    table._fire(Effect("bubble", seat=north, text="Yes, go out!"))
    with_bubble = Canvas((1280, 720), 1.0)
    stack.draw(with_bubble)
    tag = table.view._tag_places()[north]
    inside = [(x, y) for x in range(int(tag.left), int(tag.right)) for y in range(int(tag.top), int(tag.bottom))]
    assert not [point for point in inside if with_bubble.get_at(point) != without.get_at(point)]
    body, _tail = table.bubbles[-1].widget.placed(with_bubble)
    assert with_bubble.get_at(body.center) != without.get_at(body.center)  # (the bubble is there)


def test_what_the_table_says_waits_while_the_menu_is_open():
    """North's "No" to "May I go out?", a refusal and a banner kept running out under the
    table's menu (play-test, stop 62): opened as they were said, they had faded by Resume.
    Under the menu (or any dialog) and while paused they wait; the cards in flight land all
    the same, and the window may rest meanwhile, as nothing runs out."""
    from game.scenes.animations import Effect
    from game.scenes.table import BUBBLE_SECONDS
    from game.scenes.table_menu import TableMenuScene

    stack, table = make_table()
    until(stack, players_turn(stack, table))
    tick(stack, 2.0)
    north = next(seat for seat in range(4) if table.geometry.spot(seat) == "N")
    table._fire(Effect("bubble", seat=north, data="no"))
    table._fire(Effect("banner", text="Canasta!"))
    table.controller.refuse("The discard pile is empty.", "R-TAKE")
    table.open_menu()  # (the Menu button: Esc would first put the refusal away)
    assert isinstance(stack.top, TableMenuScene)
    tick(stack, 3 * BUBBLE_SECONDS)
    assert [b.widget.alpha for b in table.bubbles] == [1.0]  # North's answer, whole
    assert table.banner is not None and table.message is not None
    assert stack.at_rest()  # (nothing runs out: the window may rest)
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert stack.top is table  # Resume: the words are there to be read, then run out
    assert table.bubbles and table.banner is not None and table.message is not None
    assert not table.at_rest()
    tick(stack, BUBBLE_SECONDS + 0.5)
    assert not table.bubbles and table.banner is None
    table.controller.refuse("The discard pile is empty.", "R-TAKE")
    table.paused = True  # (watching the bots: Pause)
    tick(stack, 3 * BUBBLE_SECONDS)
    assert table.message is not None


def test_a_meld_staged_to_take_the_pile_comes_back_on_continue():
    """Staged in the draw phase (an initial meld that goes with a take): saved, but not
    staged again on Continue (review, stop 42)."""
    from game.scenes.base import SceneStack
    from game.scenes.table import TableScene
    from tests.table_helpers import fallback

    stack, table = make_table(seed=5)
    table.load_state(position(["HK CK DK SK D9 C9 H9 S4", "C5 D6 H7", "C8 D8 H8 S5", "S6 H6 C7"], discard="DK HK"))
    assert table.game.state.phase is Phase.DRAW and table.my_turn()
    nines = [c for c in table.game.state.hands[0] if c.rank == 9]
    table.controller.moves._drop_new_meld(nines)
    assert table.ui.staged
    again = TableScene(game=table.game, threaded=False, bot_factory=fallback)
    SceneStack().push(again)
    again.restore_extra(table.saved_extra())
    assert [sorted(c.face for c in g) for g in again.ui.staged] == [sorted(c.face for c in nines)]


def test_the_cards_taken_with_the_pile_stay_marked_after_continue():
    """The dots over the cards just picked up with the pile are kept by the save for the
    rest of the turn: after a close (or a kill) and Continue, the player still tells them
    from the hand held before (play-test: they were gone)."""
    state = position(
        ["C8 D8 H4 S5 H6", "C4 C6 C7", "C7 C9 C10", "C9 C10 CJ"],
        melds=[{"K": "HK CK DK"}, {}],
        discard="S4 H9 S7 S8",
    )
    stack, table = make_table()
    table.load_state(state)
    pair = select(stack, table, ("C8", "D8"))
    drag(stack, card_point(table, pair[0]), PILE_POS)
    assert table.game.state.phase is Phase.MELD
    taken = sorted(c.face for c in table.ui.taken)
    assert taken == ["H9", "S4", "S7"]  # (the top card went to the new meld of eights)

    def continued(extra):
        _stack, again = make_table()
        again.load_state(table.state.copy())
        again.restore_extra(extra)
        return again

    again = continued(table.saved_extra())
    assert sorted(c.face for c in again.ui.taken) == taken
    assert again.ui.taken <= set(again.state.hands[0])
    # Once the turn is over nothing is marked, also on Continue.
    assert table.play(Move.parse("discard H4"))
    assert not table.ui.taken and not continued(table.saved_extra()).ui.taken


def test_the_s_key_cap_sits_on_the_sort_that_s_does():
    """In a custom order the cap was on "Sort by suit" while S sorted by rank (review, stop 42)."""
    stack, table = make_table()
    for mode, capped in (("rank", "suit"), ("suit", "rank"), ("custom", "rank")):
        table.ui.sort_mode = mode
        table.relayout()
        assert (table.sort_rank_button.key, table.sort_suit_button.key) == (
            ("S", "") if capped == "rank" else ("", "S")
        ), mode
        table.controller.arranger.toggle_sort()
        assert table.ui.sort_mode == capped


def _own_meld_point(table):
    slot = next(slot for slot in table.layout.meld_slots if slot.target.rank is not None)
    return slot.rect.center


def test_the_joker_dragged_is_the_joker_that_lands():
    """Moves name faces and the engine lays the first copy of a face in its hand: the
    second joker dragged onto a meld used to fly back to the hand while the first left it,
    the picture changing on the way (the two jokers differ). The dragged card now lands."""
    state = position(["JK JK H5 H6 C9 D10 SK", "C4 C6", "C7 C8", "C9 C10"], melds=[{"8": "H8 C8 D8"}, {}], phase="meld")
    stack, table = make_table()
    table.load_state(state)
    tick(stack, 1)
    first, second = [card for card in table.layout.hand_cards if card.face == "JK"]
    assert table.state.hands[0][0] is first  # the engine would lay this one
    dragged, kept = table.animator.sprites[second], table.animator.sprites[first]
    kept_at = (kept.x, kept.y)
    drag(stack, card_point(table, second), _own_meld_point(table))
    tick(stack, 2)
    laid = [card for card in table.state.melds[0][8].cards if card.face == "JK"]
    assert laid == [first] and second in table.state.hands[0]
    assert table.animator.sprites[first] is dragged and dragged.card is first  # the dragged one landed
    assert table.animator.sprites[second] is kept and kept.card is second
    assert (dragged.look, kept.look) == (second.copy, first.copy)  # each keeps its picture
    assert dragged.end == table.layout.placements[first] and (kept.x, kept.y) == pytest.approx(kept_at, abs=60)


def test_the_card_last_clicked_follows_the_copy_that_moved():
    """The shift-click's anchor is the card clicked: once it has landed on a meld, a
    shift-click selects one card, not a run from the other copy left in its place."""
    state = position(["JK JK H5 H6 C9 D10 SK", "C4 C6", "C7 C8", "C9 C10"], melds=[{"8": "H8 C8 D8"}, {}], phase="meld")
    stack, table = make_table()
    table.load_state(state)
    tick(stack, 1)
    first, second = [card for card in table.layout.hand_cards if card.face == "JK"]
    click(stack, card_point(table, second))
    assert table.mouse.anchor is second and table.ui.selected == {second}
    drag(stack, card_point(table, second), _own_meld_point(table))
    tick(stack, 2)
    assert table.mouse.anchor is first and first in table.state.melds[0][8].cards
    end = table.layout.hand_cards[-1]
    click(stack, card_point(table, end), mod=pygame.KMOD_SHIFT)
    assert table.ui.selected == {end}


def test_the_copy_double_clicked_is_the_copy_discarded():
    state = position(["H5 H5 C9 D10 SK", "C4 C6", "C7 C8", "C9 C10"], phase="meld", discard="S4")
    stack, table = make_table()
    table.load_state(state)
    tick(stack, 1)
    fives = [card for card in table.layout.hand_cards if card.face == "H5"]
    clicked = fives[1] if table.state.hands[0][0] is fives[0] else fives[0]
    sprite = table.animator.sprites[clicked]
    point = card_point(table, clicked)
    click(stack, point)
    click(stack, point)
    discarded = table.state.pile[-1]
    assert discarded.face == "H5" and discarded is not clicked  # the engine's first copy
    assert table.animator.sprites[discarded] is sprite and sprite.end == table.layout.placements[discarded]


def test_hand_ui_swap_trades_two_cards_everywhere_in_place():
    a, b, c = Card.parse("JK"), Card.parse("JK", copy=1), Card.parse("H5")
    ui = HandUI(order=[a, c, b], selected={a}, taken={b}, hinted={a, c})
    ui.stage([b, c])
    order, staged = ui.order, ui.staged[0]
    ui.hold, ui.hover, ui.cursor = {a: 10.0, b: 20.0}, b, c
    ui.swap(a, b)
    assert ui.order is order and order == [b, c, a] and staged == [a, c]
    assert ui.selected == {b} and ui.taken == {a} and ui.hinted == {b, c}
    assert ui.hold == {b: 10.0, a: 20.0} and ui.hover is a and ui.cursor is c


def test_the_jokers_keep_their_pictures_after_continue():
    """A save keeps which cards show their twin's picture (after a swap), so Continue draws
    the laid joker as the joker that was dragged."""
    state = position(["JK JK H5 H6 C9 D10 SK", "C4 C6", "C7 C8", "C9 C10"], melds=[{"8": "H8 C8 D8"}, {}], phase="meld")
    stack, table = make_table()
    table.load_state(state)
    tick(stack, 1)
    first, second = [card for card in table.layout.hand_cards if card.face == "JK"]
    drag(stack, card_point(table, second), _own_meld_point(table))
    extra = table.saved_extra()
    assert extra["looks"] == f"JK:{first.copy}:{second.copy} JK:{second.copy}:{first.copy}"
    _stack, again = make_table()
    again.load_state(table.state.copy())
    tick(_stack, 0.5)
    again.restore_extra(extra)
    tick(_stack, 0.5)
    assert again.animator.sprites[first].look == second.copy and again.animator.sprites[second].look == first.copy


def test_looks_read_back_leniently():
    from game.scenes.animations import looks_text, parse_looks

    joker, five = Card.parse("JK", copy=1), Card.parse("H5")
    assert parse_looks(looks_text({joker: 0, five: 1})) == {joker: 0, five: 1}
    assert parse_looks("JK:1:0 XX:0:1 JK:99:0 JK:0 H5:0:12 JK:a:1 :: ") == {joker: 0}
    assert parse_looks(None) == {} and parse_looks(7) == {}


def test_the_move_log_of_a_new_deal_opens_at_its_newest(monkeypatch):
    """Scrolled to a deal's oldest moves, the open log kept its scroll into the next deal,
    past the few entries of a new deal: it said "Nothing has happened yet in this deal."
    over a deal already dealt and played (review, stop 46)."""
    from game.scenes import table_view

    stack, table = make_table(seed=7, speed=50)
    until(stack, players_turn(stack, table))
    table.toggle_log()
    table.scroll_log(100)
    assert table.log_scroll == len(table.move_log.entries) - 1 > 5
    state = table.game.state
    while state.phase is not Phase.OVER:
        table.controller.play(state.legal_moves()[0])
    table.next_deal()
    drawn = texts_drawn(monkeypatch, table_view)
    table.view.draw(Canvas((1280, 720), 1.0))
    assert "Nothing has happened yet in this deal." not in drawn
    assert table.move_log.newest_first()[0].text(table) in drawn


def test_the_cards_taken_with_the_pile_stay_marked_after_continue_while_the_partner_answers():
    """Asked "May I go out?" after a take, the partner answers on the same turn: a close (or a
    kill) and Continue while the question was open lost the dots, which the turn keeps until
    its discard (review, stop 46)."""
    state = position(
        ["C8 D8 C9 D9 S4", "C4 C6 C7", "C7 C10 H10", "S9 C10 CJ"],
        melds=[{"K": "HK CK DK SK HK CK DK"}, {}],
        discard="H9 S8",
    )
    stack, table = make_table()
    table.load_state(state)
    pair = select(stack, table, ("C8", "D8"))
    drag(stack, card_point(table, pair[0]), PILE_POS)
    assert [c.face for c in table.ui.taken] == ["H9"]
    assert table.play(Move.parse("ask"))
    assert table.state.phase is Phase.ANSWER and table.state.to_act == 2 and table.ui.taken  # (kept while asking)
    _stack, again = make_table()
    again.load_state(table.state.copy())
    again.restore_extra(table.saved_extra())
    assert [c.face for c in again.ui.taken] == ["H9"]
    assert again.ui.taken <= set(again.state.hands[0])


def test_a_raised_cards_face_is_clear_of_its_neighbours_taken_dots():
    """The dot over a card just taken sits above its left strip: the card to its left,
    raised (selected), lies there, and the dot was drawn over its face (play-test, stop 46).
    It goes under the raised card; the other dots still show."""
    from game.rules import Move
    from game.scenes.table_view import TAKEN_MARK, _card_box, _taken_dot

    stack, table = make_table()
    table.load_state(
        position(
            ["C9 D9 H4 S5 C6 H7", "C4 C5 C7", "C6 C8 C10", "CJ CQ CK"],
            melds=[{"K": "CK DK HK"}, {}],
            discard="S4 D5 H9",
        )
    )
    assert table.play(Move.parse("take C9 D9"))
    tick(stack, 2.0)
    shown = table.layout.hand_cards
    taken = [card for card in shown if card in table.ui.taken]
    right = next(card for card in taken if shown.index(card) > 0)
    left = shown[shown.index(right) - 1]
    others = [card for card in taken if card is not right and shown.index(card) != shown.index(left) + 1]
    table.ui.selected = {left}
    table.relayout()
    tick(stack, 1.0)
    canvas = Canvas((1280, 720), 1.0)
    table.view.draw(canvas)
    sprites = table.animator.sprites
    raised = sprites[left]
    dot = _taken_dot(sprites[right])
    assert raised.y < sprites[right].y and _card_box(raised).collidepoint(dot.center)
    assert canvas.get_at((round(dot.centerx), round(dot.centery))) != TAKEN_MARK  # the raised card's face
    assert set(table.view.taken_marks) == set(taken)  # every dot is drawn ...
    for card in others:  # ... and those in the open show
        centre = _taken_dot(sprites[card]).center
        assert canvas.get_at((round(centre[0]), round(centre[1]))) == TAKEN_MARK


def test_a_click_in_our_empty_meld_area_lays_the_selected_cards_as_a_drop_there_would():
    """Classic has no cell for a new meld: a click in our meld area with cards selected
    cleared the selection, where a player clicks to put them (play-test, stop 55); it now
    does what dropping them there does. Elsewhere on the felt a click still clears."""
    state = position(["HA SA DA C5 D7 H9", "C4 C6 C7", "C7 C9 C10", "C9 C10 CJ"], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    area = table.layout.geometry.meld_areas[table.human_side]
    aces = select(stack, table, ("HA", "SA", "DA"))
    assert table.mouse.release_acts((area.centerx, area.centery)) is False  # no press yet
    click(stack, (area.centerx, area.centery))
    assert [set(g) for g in table.ui.staged] == [set(aces)] and not table.ui.selected
    rest(stack, table)
    select(stack, table, ("C5",))
    felt = (area.x + 40, area.y - 60)  # between the pile and our area: not in it
    assert not area.collidepoint(felt)
    click(stack, felt)
    assert not table.ui.selected and [set(g) for g in table.ui.staged] == [set(aces)]


def test_new_game_says_what_it_deals_and_where_another_game_is_chosen():
    from game import i18n
    from game.scenes.modal import ModalDialogScene

    stack, table = make_table(variant="samba")
    table.confirm_new_game()
    dialog = stack.top
    assert isinstance(dialog, ModalDialogScene)
    assert "A new game of Samba is dealt" in dialog.dialog.message_label.text
    assert "Main menu" not in dialog.dialog.message_label.text  # no main menu to go back to here
    stack.remove(dialog)
    table.on_menu = lambda: None
    try:
        i18n.set_language("zh_CN")
        table.confirm_new_game()
        message = stack.top.dialog.message_label.text
        assert "桑巴" in message and "主菜单" in message
    finally:
        i18n.set_language("en")


def test_new_game_in_chinese_deals_a_game_named_as_one_name_not_a_deal():
    """The question read "重新发一局六人，两队各三人": a deal (局) where a whole game is
    dealt, and a name holding a comma that split the sentence (play-test, stop 58): it now
    starts a game (场) of the name in quotes."""
    from game import i18n

    _stack, table = make_table(variant="six-hand-2x3")
    try:
        i18n.set_language("zh_CN")
        message = table.new_game_question()
    finally:
        i18n.set_language("en")
    assert "一场“六人，两队各三人”" in message
    assert "一局" not in message
