"""What the table says stays in step with the cards seen moving: the counts (a hand's, the
stock's, the pile's, a meld's) follow the cards as they leave and land, the player's turn
comes when the card that passed it has landed, and the short banners leave the melds and
what is said in sight (play-test: "Pile 0" beside eight cards still on it; "Your turn"
while the bot's discard was still flying; "North went out!" over the player's "Yes, go
out!"). Headless, the clock ticked by hand."""

from __future__ import annotations

import pygame

from game.rules import Card, Game, Move, MoveKind, Phase, RulesConfig
from game.scenes.animations import Animator
from game.scenes.layout import Canvas
from game.scenes.table import TableScene
from game.scenes.table_layout import (
    PILE_POS,
    PILE_ZONE,
    STOCK_POS,
    STOCK_ZONE,
    Placement,
    hand_zone,
    pile_panel_rect,
)
from tests.table_helpers import DT, click, fallback, make_table, position, texts_drawn, until

WEST = 1


def seen_count(table: TableScene, zone) -> int:
    """The count the table draws for `zone` (the stock's, the pile's, a hand's)."""
    if zone == PILE_ZONE:
        return int(table.pile_button.text.split()[-1])
    if zone == STOCK_ZONE:
        return table.animator.count(STOCK_ZONE)
    return int(table.view.seat_tag(zone[1]).rsplit("·", 1)[1])


def still_at(table: TableScene, card: Card, place: Placement) -> bool:
    """The card's sprite lies at `place` (it has not left it yet)."""
    sprite = table.animator.sprites[card]
    return abs(sprite.x - place.x) < 0.5 and abs(sprite.y - place.y) < 0.5


def resting_at(table: TableScene, card: Card, place: Placement) -> bool:
    """The card's sprite has landed at `place`."""
    return still_at(table, card, place) and not table.animator.sprites[card].moving


def step(stack, table) -> None:
    stack.update(DT)
    table.view.draw(Canvas((1280, 720), 1.0))  # (what the player would see this frame)


# -- the counts -------------------------------------------------------------------------


def test_a_card_counts_where_it_is_seen_leaving_flying_and_landing():
    card = Card.parse("HA")
    animator = Animator(1.0)
    here, there = Placement(0, 0, 80), Placement(300, 0, 80)
    animator.sync({card: here}, zones={card: STOCK_ZONE})
    animator.sync({card: there}, delays={card: 0.2}, zones={card: hand_zone(1)}, duration=0.4)
    assert animator.count(STOCK_ZONE) == 1 and animator.count(hand_zone(1)) == 0  # waiting to leave
    animator.update(0.25)
    assert animator.count(STOCK_ZONE) == 0 and animator.count(hand_zone(1)) == 0  # in the air
    animator.update(0.5)
    assert animator.count(STOCK_ZONE) == 0 and animator.count(hand_zone(1)) == 1  # landed


def take_position():
    """West's turn: it holds a pair of fours and the pile has eight cards, a four on top."""
    return position(
        ["C5 C6", "C4 H4 C3 S9", "S6 D8", "C7 C8"],
        melds=[{}, {"4": "D4 S4 D4"}],
        discard="D9 S5 H7 CQ D6 S8 H2 C4",
        phase="draw",
        turn=WEST,
    )


def test_a_bot_s_take_of_the_pile_counts_the_cards_off_the_pile_as_they_leave_and_in_as_they_land():
    stack, table = make_table(speed=1.0)
    table.load_state(take_position())
    table.paused = True  # (this test plays West's move itself)
    st = table.game.state
    pile, hand = list(st.pile), list(st.hands[WEST])
    laid = set(st.side_melds(1)[0].cards)  # (they close up as the meld grows: still its cards)
    places = {card: table.layout.placements[card] for card in pile + hand}
    table.show_events(table.game.apply(Move.parse("take C4 H4")))
    taken = pile[:-1]  # (the top card goes to the meld with the pair)
    melded = [card for card in hand if card not in st.hands[WEST]]
    assert not st.pile and len(melded) == 2 and len(st.hands[WEST]) == len(hand) - 2 + len(taken)
    seen_mid_flight = False
    for frame in range(240):
        step(stack, table)
        on_pile = [card for card in pile if still_at(table, card, places[card])]
        left_hand = [card for card in melded if not still_at(table, card, places[card])]
        landed = [card for card in taken if resting_at(table, card, table.layout.placements[card])]
        assert seen_count(table, PILE_ZONE) == len(on_pile), (frame, on_pile)
        assert seen_count(table, hand_zone(WEST)) == len(hand) - len(left_hand) + len(landed), frame
        fours = next(slot for slot in table.layout.meld_slots if slot.side == 1)  # (now six cards)
        down = [card for card in fours.cards if card in laid or resting_at(table, card, table.layout.placements[card])]
        badge = next(text for slot, text in table.view.meld_labels if slot.side == 1)
        assert badge == str(len(down)), frame  # the meld's count counts the cards that are down
        seen_mid_flight |= 0 < len(on_pile) < len(pile)
        if table.idle:
            break
    assert seen_mid_flight  # the pile was seen going down card by card
    assert seen_count(table, PILE_ZONE) == 0 and seen_count(table, hand_zone(WEST)) == len(st.hands[WEST])


def test_a_bot_s_draw_leaves_the_stock_at_once_and_joins_its_hand_when_it_lands():
    stack, table = make_table(speed=1.0)
    table.load_state(take_position())
    table.paused = True
    st = table.game.state
    stock, hand = len(st.stock), len(st.hands[WEST])
    table.show_events(table.game.apply(Move.draw()))
    step(stack, table)
    assert seen_count(table, STOCK_ZONE) == stock - 1  # it has left the stock
    assert seen_count(table, hand_zone(WEST)) == hand  # ... and not yet arrived
    until(stack, lambda: table.idle, 5)
    table.view.draw(Canvas((1280, 720), 1.0))
    assert seen_count(table, STOCK_ZONE) == stock - 1 and seen_count(table, hand_zone(WEST)) == hand + 1


def test_a_deal_counts_up_each_hand_as_its_cards_arrive():
    stack, table = make_table(speed=1.0)
    st = table.game.state
    table.view.draw(Canvas((1280, 720), 1.0))
    assert all(seen_count(table, hand_zone(seat)) == 0 for seat in range(4))  # gathered in the stock first
    assert seen_count(table, STOCK_ZONE) > len(st.stock)
    counts = []
    until(stack, lambda: table.idle, 30)
    for seat in range(4):
        counts.append(seen_count(table, hand_zone(seat)))
    assert counts == [len(hand) for hand in st.hands]
    assert seen_count(table, STOCK_ZONE) == len(st.stock) and seen_count(table, PILE_ZONE) == len(st.pile)


def test_continue_after_a_kill_mid_flight_shows_the_counts_of_the_game_as_saved():
    """The save keeps the game after the move (the listeners hear it as it is applied); a
    table continued from it puts every card in place at once, the counts with them."""
    game = Game(RulesConfig.for_variant("classic"), 5)
    bots = [fallback("normal", seat) for seat in range(4)]
    while not game.history or game.history[-1].kind is not MoveKind.TAKE:
        assert game.state.phase is not Phase.OVER
        seat = game.state.to_act
        game.apply(bots[seat].act(game.state.observation(seat)))
    st = game.state  # (as saved: a table killed while the pile flew to the taker)
    again = TableScene(game=game, threaded=False, bot_factory=fallback)  # Continue
    again.view.draw(Canvas((1280, 720), 1.0))
    assert again.idle
    for seat in range(4):
        assert seen_count(again, hand_zone(seat)) == len(st.hands[seat])
    assert seen_count(again, PILE_ZONE) == len(st.pile) and seen_count(again, STOCK_ZONE) == len(st.stock)


def test_cards_that_landed_stay_counted_when_they_shift_in_their_place():
    """A discard lands; the next one covers it and it squares under it (a small flight within
    the pile): it stays counted there, as a fan's cards do closing up round a card that left."""
    stack, table = make_table(speed=1.0)
    table.load_state(position(["C5 C6 H9", "C4 H4 D7", "S6 D8", "C7 C8 SK"], discard="D9", phase="meld", turn=1))
    table.paused = True
    table.show_events(table.game.apply(Move.parse("discard D7")))  # West's: on the pile
    until(stack, lambda: table.idle, 5)
    table.game.apply(Move.draw())  # North draws (shown at once) and discards
    table.relayout()
    table.animator.finish_all()
    table.show_events(table.game.apply(Move.parse("discard S6")))
    for frame in range(120):
        step(stack, table)
        six = table.animator.sprites[table.game.state.pile[-1]]
        assert seen_count(table, PILE_ZONE) == (3 if not six.moving else 2), frame
        assert seen_count(table, hand_zone(WEST)) == 2 and seen_count(table, hand_zone(2)) == 2, frame
        if table.idle:
            break


def test_through_a_whole_deal_of_bots_the_counts_rest_at_the_engine_s():
    """Whenever nothing moves, what the table counts is what the engine holds; while cards
    fly, a card that stayed where it was (in a hand, on the pile) is counted there all along
    (cards that landed once and close up round one that left, or square under a new one)."""
    stack, table = make_table(seed=4, speed=4.0, levels=("normal",) * 4)  # (watching the bots)
    zones = [STOCK_ZONE, PILE_ZONE, *(hand_zone(seat) for seat in range(4))]
    places = {PILE_ZONE: lambda st: st.pile, **{hand_zone(s): (lambda st, s=s: st.hands[s]) for s in range(4)}}
    held = {zone: set(cards(table.game.state)) for zone, cards in places.items()}
    stayed = dict.fromkeys(places, 0)

    def moved(table, events):  # (each move: what stayed where it was)
        for zone, cards in places.items():
            now = set(cards(table.game.state))
            stayed[zone], held[zone] = len(held[zone] & now), now

    table.listeners.append(moved)
    frames = rests = 0
    while table.game.state.phase is not Phase.OVER or not table.idle:
        stack.update(DT)
        frames += 1
        assert frames < 60 * 60 * 10, "the deal did not end"
        st = table.game.state
        shown = [table.animator.count(zone) for zone in zones]
        for zone in places:
            assert table.animator.count(zone) >= stayed[zone], (frames, zone)
        if not table.animator.busy:
            rests += 1
            assert shown == [len(st.stock), len(st.pile), *(len(hand) for hand in st.hands)], frames
    assert rests > 20  # (the bots paused between their moves: the counts were checked at rest)


def test_the_player_s_count_leaves_out_the_staged_cards_as_they_leave_the_hand():
    """An opening being staged: the engine's hand still holds the staged cards, but they lie
    on the table; the tag under the hand counts the cards in the hand row ("You · 12" over
    eight cards, four staged, play-test stop 64), dropping as each leaves it, back up as
    Take back's land, and the same once the melds are laid."""
    from tests.table_helpers import card_point, drag, select

    stack, table = make_table(speed=1.0)
    table.load_state(position(["CK DK HK CA DA HA C5 D9", "C4", "C7", "C8"], phase="meld", discard="S4"))
    table.animator.finish_all()
    assert seen_count(table, hand_zone(0)) == 8
    for faces in (["CK", "DK", "HK"], ["CA", "DA", "HA"]):
        cards = select(stack, table, faces)
        drag(stack, card_point(table, cards[0]), table.geometry.meld_areas[0].center)
        for _frame in range(120):  # never more than the hand row's cards and those still on their way
            step(stack, table)
            shown = len(table.layout.hand_cards)
            assert shown <= seen_count(table, hand_zone(0)) <= shown + len(cards)
    until(stack, lambda: table.idle, 5)
    assert len(table.ui.staged) == 2 and len(table.game.state.hands[0]) == 8
    assert seen_count(table, hand_zone(0)) == len(table.layout.hand_cards) == 2
    table.cancel_staged()  # Take back: counted again as they land in the hand
    until(stack, lambda: table.idle, 5)
    assert seen_count(table, hand_zone(0)) == 8
    for faces in (["CK", "DK", "HK"], ["CA", "DA", "HA"]):
        drag(stack, card_point(table, select(stack, table, faces)[0]), table.geometry.meld_areas[0].center)
    table.confirm_staged()  # Lay melds: the engine's hand is what the tag said
    until(stack, lambda: table.idle, 5)
    assert not table.ui.staged and len(table.game.state.hands[0]) == 2 == seen_count(table, hand_zone(0))


def test_a_black_three_blocks_the_pile_once_it_lies_on_it():
    stack, table = make_table(speed=1.0)
    melds = [{"K": "CK DK HK"}, {}]  # (our side has melded: nothing else is said by the pile)
    table.load_state(position(["C5 C6 H9", "C4 H4", "S6 D8", "C7 C8 S3"], melds, "D9", phase="meld", turn=3))
    table.paused = True
    table.show_events(table.game.apply(Move.parse("discard S3")))
    three = table.animator.sprites[table.game.state.pile[-1]]
    step(stack, table)
    assert three.moving and table.view._pile_state_rects == []  # (nothing said of the pile's top yet)
    until(stack, lambda: not three.moving, 3)
    step(stack, table)
    assert len(table.view._pile_state_rects) == 1  # BLOCKED: black three


# -- the turn ---------------------------------------------------------------------------


def last_discard_position():
    """East (seat 3) is to discard; then it is the player's turn."""
    return position(["C5 C6 H9", "C4 H4", "S6 D8", "C7 C8 SK"], discard="D9 S5", phase="meld", turn=3)


def east_discards(stack, table):
    table.load_state(last_discard_position())
    table.paused = True
    table.show_events(table.game.apply(Move.parse("discard SK")))
    table.paused = False
    assert table.game.state.to_act == 0
    return next(card for card in table.game.state.pile if card.face == "SK")


def test_your_turn_shows_once_the_bot_s_discard_has_landed():
    stack, table = make_table(speed=1.0)
    king = east_discards(stack, table)
    sprite = table.animator.sprites[king]
    step(stack, table)
    assert sprite.moving  # (in flight)
    frames = 0
    while sprite.moving:
        assert not table.my_turn() and not table.hint_button.enabled, frames
        assert not table.status_text().startswith("Your turn"), table.status_text()
        assert table.seat_on_turn == 3  # East's tag stays lit while its card flies
        step(stack, table)
        frames += 1
    assert frames > 5
    step(stack, table)
    assert table.my_turn() and table.status_text().startswith("Your turn") and table.hint_button.enabled
    assert table.seat_on_turn == 0


def test_a_deal_the_player_leads_is_theirs_once_dealt():
    from tests.table_helpers import deal_over_with_long_hands

    game = deal_over_with_long_hands("two-hand", hoarders=())  # (two-hand: the second deal is the player's lead)
    stack, table = make_table(variant="two-hand", speed=1.0)
    table.controller.game = game
    table.load_state(game.state)
    table.next_deal()
    assert table.game.state.to_act == 0
    step(stack, table)
    assert not table.my_turn() and table.status_text() == "Dealing…" and table.seat_on_turn is None
    until(stack, lambda: not table.animator.busy, 10)
    step(stack, table)
    assert table.my_turn() and table.status_text().startswith("Your turn")


def test_a_click_on_the_pile_or_stock_before_the_discard_lands_waits_for_it():
    stack, table = make_table(speed=1.0)
    king = east_discards(stack, table)
    sprite = table.animator.sprites[king]
    stock = len(table.game.state.stock)
    step(stack, table)
    click(stack, STOCK_POS)  # the player is quick: the card is still on its way
    step(stack, table)
    assert sprite.moving and len(table.game.state.stock) == stock and table.game.state.phase is Phase.DRAW
    assert table.message is None  # (held, not refused)
    until(stack, lambda: not sprite.moving, 3)
    step(stack, table)
    st = table.game.state
    assert len(st.stock) == stock - 1 and st.phase is Phase.MELD  # played once the card had landed
    assert st.pile[-1] is king and resting_at(table, king, table.layout.placements[king])


def test_space_lands_the_cards_at_once_and_the_turn_is_the_player_s():
    stack, table = make_table(speed=1.0)
    east_discards(stack, table)
    step(stack, table)
    assert not table.my_turn()
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    step(stack, table)
    assert table.my_turn() and table.status_text().startswith("Your turn")


def test_the_player_s_own_moves_are_never_held():
    stack, table = make_table(speed=1.0)
    table.load_state(last_discard_position())
    table.paused = True
    until(stack, lambda: table.idle, 3)
    table.load_state(position(["C5 C6 H9", "C4 H4", "S6 D8", "C7 C8 SK"], discard="D9 S5", phase="draw"))
    click(stack, STOCK_POS)
    assert table.game.state.phase is Phase.MELD
    step(stack, table)
    assert table.my_turn()  # (drawing keeps the turn: nothing to wait for)
    click(stack, PILE_POS)  # (a refusal, at once: one card is discarded by dragging it)
    assert table.message is not None


# -- the banners ------------------------------------------------------------------------


def melds_across_our_area():
    """Our side has melded six ranks (the usual place of a banner lies on them); the player has
    just answered North's "May I go out?"."""
    melds = {rank: f"C{rank} D{rank} H{rank}" for rank in ("4", "5", "6", "7", "8", "9")}
    return position(
        ["C10 D10", "C5 C6 C7", "C8 D8 H8 S9", "C9 C10 CJ"],
        melds=[melds, {"K": "CK DK HK SK HK"}],
        discard="S4",
        phase="meld",
        turn=2,
    )


def banner_shown(table, text: str, side: int | None, seat: int | None = None):
    from game.scenes.animations import Effect

    table._fire(Effect("banner", 0.0, seat, side, text))
    table.view.draw(Canvas((1280, 720), 1.0))
    return table.view.banner_box


def test_north_went_out_leaves_the_player_s_yes_and_our_melds_in_sight():
    from game.scenes.animations import Effect

    stack, table = make_table()
    table.load_state(melds_across_our_area())
    table.paused = True
    table._fire(Effect("bubble", 0.0, 0, None, "Yes, go out!"))  # (the player's answer, by their seat)
    box = banner_shown(table, "North went out!", None, 2)
    assert box is not None and not table.view.banner_faded
    bubble = table.bubbles[0].widget.placed(Canvas((1280, 720), 1.0))[0]  # (scale 1: logical)
    assert not box.colliderect(bubble)
    for slot in table.layout.meld_slots:
        assert not box.colliderect(slot.rect), slot.rank
    for _slot, badge in table.view.meld_badge_boxes:
        assert not box.colliderect(badge)
    assert not any(box.colliderect(line) for line in table.view.status_boxes)


def test_their_canasta_banner_leaves_their_melds_in_sight():
    stack, table = make_table()
    melds = {rank: f"C{rank} D{rank} H{rank}" for rank in ("4", "5", "6", "7", "8", "9", "10")}
    table.load_state(position(["SK SA", "S5 S6 S7", "SA SK", "S8 S9"], melds=[{}, melds]))
    table.paused = True
    box = banner_shown(table, "Canasta of 9s (natural)!", 1)
    assert box is not None and not table.view.banner_faded
    for slot in table.layout.meld_slots:
        assert not box.colliderect(slot.rect), slot.rank


def test_a_banner_keeps_clear_of_the_open_hint():
    """Play-test (the guided deal's step 4): "Canasta of kings (mixed)!" lay over the hint's
    advice for as long as it showed."""
    stack, table = make_table()
    melds = {rank: f"C{rank} D{rank} H{rank}" for rank in ("4", "5", "6", "7", "8", "9", "10")}
    table.load_state(position(["SK SA", "S5 S6 S7", "SA SK", "S8 S9"], melds=[{}, melds]))
    table.paused = True
    assert table.show_hint()
    box = banner_shown(table, "Canasta of 9s (natural)!", 1)
    hint = table.view.panels.boxes["hint"]  # (pixels at scale 1: logical)
    assert box is not None and not table.view.banner_faded
    assert not box.colliderect(hint)
    for slot in table.layout.meld_slots:
        assert not box.colliderect(slot.rect), slot.rank


def test_a_banner_with_no_free_place_is_see_through():
    from game.scenes.table_view import banner_place

    regions = [pygame.FRect(0, 0, 1280, 720)]
    assert banner_place([(300, 60)], False, regions, [pygame.FRect(0, 0, 1280, 720)]) is None
    assert banner_place([(300, 60)], False, regions, []) == (0, (640.0, 470.0))  # (its usual place, when free)


# -- what waits for the landing, and what does not ----------------------------------------


def key_down(stack, code: int) -> None:
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def test_a_card_dragged_across_the_hand_while_the_discard_lands_follows_the_pointer():
    """Play-test: a card pressed while East's discard flew in stayed put under the moving
    pointer, then jumped there once the card had landed (the press and the drag were held).
    Re-arranging the hand plays no move: it goes on at once."""
    from tests.table_helpers import card_point, hand_card, mouse

    stack, table = make_table(speed=1.0)
    king = east_discards(stack, table)
    step(stack, table)
    card = hand_card(table, "C5")
    start = card_point(table, card)
    stack.handle_event(mouse(pygame.MOUSEMOTION, start))
    stack.handle_event(mouse(pygame.MOUSEBUTTONDOWN, start))
    end = (start[0] + 180, start[1] - 10)
    for i in range(1, 7):
        point = (start[0] + (end[0] - start[0]) * i / 6, start[1] + (end[1] - start[1]) * i / 6)
        stack.handle_event(mouse(pygame.MOUSEMOTION, point, buttons=(1, 0, 0)))
        step(stack, table)
    assert table.animator.sprites[king].moving and table.controller.landing  # (still on its way)
    assert table.ui.dragging == [card]  # the card is held by the pointer, where the pointer is
    assert abs(table.animator.sprites[card].x - table.layout.placements[card].x) < 1
    stack.handle_event(mouse(pygame.MOUSEBUTTONUP, end))  # let go in the hand: re-arranged at once
    assert not table.ui.dragging and table.layout.hand_cards.index(card) > 0
    assert table.game.state.phase is Phase.DRAW and table.message is None


def test_two_slow_clicks_held_behind_a_draw_are_no_double_click():
    """A click on the stock while the discard lands, then a card clicked twice, half a
    second apart (selected, then put back): played at once when the card was down, the two
    clicks read as a double-click, which discarded the card."""
    from tests.table_helpers import card_point, hand_card

    stack, table = make_table(speed=0.5)  # (a slow landing: 0.84 s)
    king = east_discards(stack, table)
    step(stack, table)
    click(stack, STOCK_POS)  # held: the pile's card is on its way
    card = hand_card(table, "C5")
    click(stack, card_point(table, card))
    for _frame in range(30):  # half a second
        step(stack, table)
    assert table.animator.sprites[king].moving  # (still landing: both clicks wait)
    click(stack, card_point(table, card))
    until(stack, lambda: not table.controller.landing, 3)
    st = table.game.state
    assert st.phase is Phase.MELD and card in st.hands[0] and card not in table.ui.selected
    assert st.pile[-1] is king


def test_a_click_held_while_the_discard_lands_is_ringed_until_it_acts():
    """A click on the stock while East's discard flew in gave no sign it was taken (stop
    51): the stock is ringed, quietly, from the click until the draw is played; a click on
    the felt, held for nothing, rings nothing."""
    from game.scenes.table_layout import stock_rect

    stack, table = make_table(speed=0.5)
    king = east_discards(stack, table)
    step(stack, table)
    canvas = Canvas((1280, 720), 1.0)
    stack.draw(canvas)
    assert table.view.held_ring is None
    click(stack, STOCK_POS)  # held: the pile's card is on its way
    for _frame in range(10):
        step(stack, table)
        stack.draw(canvas)
        assert table.animator.sprites[king].moving and table.view.held_ring == stock_rect()
    until(stack, lambda: not table.controller.landing, 3)
    stack.draw(canvas)
    assert table.game.state.phase is Phase.MELD and table.view.held_ring is None  # drawn: gone


def test_a_held_click_s_ring_goes_when_what_was_held_is_dropped():
    """A held Esc opens the menu once the cards land and drops the click held after it: its
    ring goes with it (it never acts)."""
    from game.scenes.table_layout import pile_rect
    from game.scenes.table_menu import TableMenuScene

    stack, table = make_table(speed=1.0)
    east_discards(stack, table)
    step(stack, table)
    key_down(stack, pygame.K_d)  # held: the draw
    key_down(stack, pygame.K_ESCAPE)  # held behind it
    click(stack, PILE_POS)  # held behind them
    assert table.held_mark() == pile_rect()
    until(stack, lambda: not table.controller.landing, 3)
    assert isinstance(stack.top, TableMenuScene) and table.game.state.phase is Phase.MELD
    assert table.held_mark() is None


def test_esc_while_the_discard_lands_opens_the_menu_at_once():
    from game.scenes.table_menu import TableMenuScene

    stack, table = make_table(speed=1.0)
    east_discards(stack, table)
    step(stack, table)
    key_down(stack, pygame.K_ESCAPE)
    assert isinstance(stack.top, TableMenuScene) and table.controller.landing  # (the cards land under it)


def test_the_log_and_the_pile_open_while_the_discard_lands_and_a_draw_waits_for_it():
    stack, table = make_table(speed=1.0)
    east_discards(stack, table)
    step(stack, table)
    key_down(stack, pygame.K_l)
    assert table.log_open  # only looks: at once
    key_down(stack, pygame.K_d)  # a move: waits for the card
    key_down(stack, pygame.K_v)  # behind it, in order
    assert table.log_open and not table.pile_open and table.game.state.phase is Phase.DRAW
    until(stack, lambda: not table.controller.landing, 3)
    assert table.game.state.phase is Phase.MELD and table.pile_open


def test_a_held_esc_that_opens_the_menu_drops_what_was_held_after_it():
    """Esc held behind a held click (the draw) opens the menu when the card is down; what was
    held after it was made looking at the table, which the menu now covers: it is dropped,
    neither played on the table out of sight nor on the menu's buttons."""
    from game.scenes.table_menu import TableMenuScene

    stack, table = make_table(speed=1.0)
    east_discards(stack, table)
    step(stack, table)
    click(stack, STOCK_POS)  # held
    key_down(stack, pygame.K_ESCAPE)  # held behind it (it might have cancelled the click)
    key_down(stack, pygame.K_l)  # held behind them
    until(stack, lambda: not table.controller.landing, 3)
    assert table.game.state.phase is Phase.MELD  # the draw, played
    assert isinstance(stack.top, TableMenuScene) and not table.log_open  # the menu; L dropped


# -- the pile browser, the freeze, the feet, what the seats did ---------------------------------


def test_the_pile_browser_lists_the_pile_as_it_is_seen():
    """V listed the engine's pile: a discard still flying was on it, a pile being taken
    was gone from it with eight cards still lying there."""
    from game.scenes import table_view

    stack, table = make_table(speed=1.0)
    table.load_state(take_position())
    table.paused = True
    table.toggle_pile()
    listed: list[Card] = []
    real = table_view.draw_card

    def listing(surface, sprite, **kw):
        if pile_panel_rect(len(table.seen_pile)).collidepoint(sprite.x, sprite.y):  # (the browser's)
            listed.append(sprite.card)
        return real(surface, sprite, **kw)

    import pytest

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(table_view, "draw_card", listing)
        table.show_events(table.game.apply(Move.parse("take C4 H4")))
        frames = 0
        while not table.idle:
            stack.update(DT)
            listed.clear()
            table.view.draw(Canvas((1280, 720), 1.0))
            seen = seen_count(table, PILE_ZONE)
            assert len(listed) == seen, frames  # the browser's cards are those the button counts
            assert listed == table.seen_pile[::-1]  # (newest first)
            frames += 1
        assert frames > 10


def frozen_pile_position():
    """West's turn, both sides melded; the pile frozen by a two lying crosswise under it."""
    return position(
        ["C5 C6", "C4 H4 C3 S9", "S6 D8", "C7 C8"],
        melds=[{"K": "CK DK HK"}, {"4": "D4 S4 D4"}],
        discard="D9 S5 H7 CQ H2 D6 S8 C4",
        phase="draw",
        turn=WEST,
    )


def pile_states(table, monkeypatch) -> list[str]:
    from game.scenes import table_view

    said: list[str] = []
    real = table_view.pill

    def saying(surface, text, center, **kw):
        said.append(text)
        return real(surface, text, center, **kw)

    monkeypatch.setattr(table_view, "pill", saying)
    table.view.draw(Canvas((1280, 720), 1.0))
    return said


def test_frozen_stays_while_the_card_that_froze_the_pile_lies_on_it(monkeypatch):
    stack, table = make_table(speed=1.0)
    table.load_state(frozen_pile_position())
    table.paused = True
    two = next(card for card in table.game.state.pile if card.face == "H2")
    assert "FROZEN" in pile_states(table, monkeypatch)
    table.show_events(table.game.apply(Move.parse("take C4 H4")))
    frames = 0
    while not table.idle:
        stack.update(DT)
        on_pile = table.animator.sprites[two].counted_in == PILE_ZONE
        assert ("FROZEN" in pile_states(table, monkeypatch)) == on_pile, frames
        frames += 1
    assert frames > 10 and "FROZEN" not in pile_states(table, monkeypatch)


def test_a_foot_is_counted_by_its_place_until_its_cards_leave_after_the_hand_s_last():
    """Hand and Foot: the foot's label went the moment it was picked up, its cards flying to
    the hand before the melds that emptied it had left."""
    from rules_helpers import position as family_position

    from game.scenes.table_layout import foot_zone

    stack, table = make_table(variant="hand-and-foot", speed=1.0)
    foot = "C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA"
    table.load_state(
        family_position(
            ["C9 D9 S9"], [["HK DK SK"], []], variant="hand-and-foot", feet=[foot] * 4, phase="meld", discard="S4"
        )
    )
    table.paused = True
    melded = list(table.game.state.hands[0])
    feet = list(table.animator.seen(foot_zone(0)))
    table.show_events(table.game.apply(Move.parse("meld C9 D9 S9")))
    frames = 0
    while not table.idle:
        stack.update(DT)
        table.view.draw(Canvas((1280, 720), 1.0))
        lying = sum(1 for card in feet if table.animator.sprites[card].counted_in == foot_zone(0))
        in_hand = sum(1 for card in melded if table.animator.sprites[card].counted_in == hand_zone(0))
        if lying:
            assert table.view.foot_texts[0] == f"foot {lying}", frames
        if in_hand:
            assert lying == len(feet), frames  # the foot waits for the hand's last card
        frames += 1
    assert table.view.foot_texts[0] == "playing from the foot"


def test_a_take_is_said_as_its_cards_leave_and_its_meld_as_the_meld_s_cards_do():
    """West's label said "took the pile (8 cards), then added 4♣ 4♥ 4♣ to the 4s" (and the
    log its two lines) before a card had moved: each line now comes as its cards start to move."""
    stack, table = make_table(speed=1.0)
    table.load_state(take_position())
    table.paused = True
    hand = list(table.game.state.hands[WEST])
    table.show_events(table.game.apply(Move.parse("take C4 H4")))
    pair = [card for card in hand if card not in table.game.state.hands[WEST]]
    notes = []
    while not table.idle:
        left = any(table.animator.sprites[card].counted_in != hand_zone(WEST) for card in pair)
        note = table.move_log.seat_note(WEST, table)
        newest = table.move_log.newest_first()[0].text(table)
        notes.append(note)
        assert note is not None and "took the pile" in note
        assert ("then" in note) == left and newest.startswith("West added" if left else "West took")
        stack.update(DT)
    assert any("then" not in note for note in notes) and "then" in notes[-1]


# -- the score panel, the deal's line, a click while a bot plays (stop 51) -------------------


def panel_details(table, monkeypatch) -> list[str]:
    """The score panel's lines for each side as drawn this frame ("melded 20 · canastas 0")."""
    from game.scenes import table_view

    real = table_view.blit_text
    drawn = texts_drawn(monkeypatch, table_view)
    table.view.draw(Canvas((1280, 720), 1.0))
    monkeypatch.setattr(table_view, "blit_text", real)
    return [text for text in drawn if text.startswith("min ") or (text.startswith("melded") and "· canastas" in text)]


def test_the_score_panel_counts_a_meld_as_its_cards_land(monkeypatch):
    """Play-test (stop 50): "melded 20 · canastas 0" became "melded 55 · canastas 1" the
    moment West's move was applied, its cards still in West's hand: the panel follows the
    cards down, as the meld's badge does, and the canasta counts once its seventh card lands."""
    stack, table = make_table(speed=1.0)
    table.load_state(
        position(
            ["C5 C6", "C4 H4 S9 C9", "S6 D8", "C7 C8"],
            melds=[{}, {"4": "D4 S4 D4 S4 H4"}],
            discard="D9",
            phase="meld",
            turn=WEST,
        )
    )
    table.paused = True
    assert panel_details(table, monkeypatch)[2:] == ["min 50 · met", "melded 25 · canastas 0"]
    st = table.game.state
    hand = list(st.hands[WEST])
    table.show_events(table.game.apply(Move.parse("meld C4 H4")))
    laid = [card for card in hand if card not in st.hands[WEST]]
    seen = set()
    frames = 0
    while not table.idle:
        stack.update(DT)
        down = sum(1 for card in laid if table.animator.arrived(card))
        seen.add(down)
        canastas = 1 if down == 2 else 0
        assert panel_details(table, monkeypatch)[3] == f"melded {25 + 5 * down} · canastas {canastas}", frames
        frames += 1
    assert seen == {0, 1, 2} or seen == {0, 2}  # (counted up as they landed)
    assert panel_details(table, monkeypatch)[3] == "melded 35 · canastas 1"


def test_a_first_meld_is_met_on_the_panel_once_its_cards_are_down(monkeypatch):
    stack, table = make_table(speed=1.0)
    table.load_state(position(["C5 C6", "CA HA SA S9 C9", "S6 D8", "C7 C8"], discard="D9", phase="meld", turn=WEST))
    table.paused = True
    table.show_events(table.game.apply(Move.parse("meld CA HA SA")))
    step(stack, table)
    assert panel_details(table, monkeypatch)[2:] == ["min 50 · not met", "melded 0 · canastas 0"]
    until(stack, lambda: table.idle, 5)
    assert panel_details(table, monkeypatch)[2:] == ["min 50 · met", "melded 60 · canastas 0"]


def test_a_deal_a_bot_leads_says_dealing_until_its_cards_have_landed():
    """Play-test (stop 50): West led the deal and the line said "West to play…" (West's tag
    lit) while the cards were still flying to the seats; the player's lead said "Dealing…"."""
    stack, table = make_table(speed=1.0)
    assert table.game.state.to_act == WEST  # (the first deal: West leads)
    frames = 0
    while table.animator.busy:
        assert table.status_text() == "Dealing…" and table.seat_on_turn is None, frames
        step(stack, table)
        frames += 1
    assert frames > 30
    step(stack, table)
    assert table.status_text() == "West to play…" and table.seat_on_turn == WEST


def test_a_click_while_a_bot_plays_is_a_calm_note_and_is_not_kept():
    """A click on the stock during East's turn, before its discard leaves, was refused with a
    red banner and a rule ("Wait for your turn: East is playing.", R-TURN), while one a
    moment later, the discard on its way, was held and played when it landed. Until the turn
    is certain to be the player's, such a click gets a quiet note and nothing is kept."""
    stack, table = make_table(speed=1.0)
    table.load_state(last_discard_position())
    until(stack, lambda: table.idle, 3)
    assert table.game.state.to_act == 3
    table.paused = True  # (East waits: the player clicks while it thinks)
    stock = len(table.game.state.stock)
    click(stack, STOCK_POS)
    assert table.refusal is None and table.message is not None
    text, _seconds, warn = table.message
    assert text == "East is playing: your turn comes next." and not warn
    table.show_events(table.game.apply(Move.parse("discard SK")))
    table.paused = False
    until(stack, lambda: not table.controller.landing, 3)
    for _frame in range(30):
        step(stack, table)
    assert table.game.state.phase is Phase.DRAW and len(table.game.state.stock) == stock  # not played later


def test_a_click_while_the_deal_a_bot_leads_flies_is_a_calm_note():
    stack, table = make_table(speed=1.0)
    step(stack, table)
    click(stack, PILE_POS)
    assert table.refusal is None and table.message is not None
    assert table.message[0] == "The cards are being dealt: West plays first." and not table.message[2]


def test_the_deal_s_note_goes_once_the_deal_is_down():
    """Play-test (stop 51): "The cards are being dealt: West plays first." stayed three seconds,
    over West's turn with the deal long down."""
    stack, table = make_table(speed=1.0)
    step(stack, table)
    click(stack, PILE_POS)
    assert table.message is not None and table.message[0].startswith("The cards are being dealt")
    table.paused = True  # (West waits: its turn shows)
    while table.animator.busy:
        step(stack, table)
    step(stack, table)
    assert table.controller.guide.status_text() == "West to play…" and table.message is None


def test_a_note_of_whose_turn_it_is_goes_when_that_turn_is_over():
    """Play-test (stop 51): "North is playing: your turn comes after East's." stayed over East's
    turn, and "East is playing: your turn comes next." over the player's own."""
    stack, table = make_table(speed=1.0)
    table.load_state(last_discard_position())
    until(stack, lambda: table.idle, 3)
    table.paused = True
    click(stack, STOCK_POS)
    assert table.message is not None and table.message[0] == "East is playing: your turn comes next."
    step(stack, table)
    assert table.message is not None  # (it stays while East plays)
    table.show_events(table.game.apply(Move.parse("discard SK")))
    assert table.controller.landing  # the discard flies: the table still shows East's turn
    step(stack, table)
    assert table.message is not None and table.message[0].startswith("East is playing")
    until(stack, lambda: not table.controller.landing, 3)
    step(stack, table)
    assert table.message is None and table.controller.guide.status_text().startswith("Your turn")
    # A note said in the middle of North's turn goes when North's discard passes it to East.
    table.load_state(position(["C5 C6 H9", "C4 H4", "S6 D8 SQ", "C7 C8 SK"], discard="D9 S5", phase="meld", turn=2))
    until(stack, lambda: table.idle, 3)
    click(stack, STOCK_POS)
    assert table.message is not None and table.message[0] == "North is playing: your turn comes after East's."
    table.show_events(table.game.apply(Move.parse("discard SQ")))
    step(stack, table)
    assert table.seat_on_turn == 3 and table.message is None
