"""What the keys act on is what the keyboard player points at (keyboard play-test, stop 47):
X discards the card under the cursor, the cursor's ring follows a raised card's outline, the
lines a keyboard player reads name the keys, M adds a card to the one Samba meld it fits, and
the score sheet shows its focus, moves it by the buttons' places and opens the menu on Esc."""

from __future__ import annotations

import pygame
from rules_helpers import position

from game.rules import Phase
from game.scenes.layout import LOGICAL_SIZE
from game.scenes.score_sheet import ScoreSheetScene
from game.scenes.table_layout import card_h
from game.scenes.table_menu import TableMenuScene
from game.scenes.table_view import CURSOR_RING, SELECT_GLOW
from tests.table_helpers import click, make_table, select, tick, until


def press(table, code: int, mod: int = 0) -> None:
    table.keyboard.handle_key(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))


def table_at(hands, **kw):
    stack, table = make_table()
    kw.setdefault("melds", [{"K": "HK DK SK"}, {}])  # (we have melded: M lays at once, no staging)
    table.load_state(position(hands, **kw))
    tick(stack, 1.0)
    return stack, table


def test_x_discards_the_card_under_the_cursor_not_one_left_selected_elsewhere():
    """The J♥ stayed selected after a refused M; the player went Home to the 5♣ and pressed
    X: the J♥ was discarded (a selected card won over the cursor)."""
    stack, table = table_at(["C5 D9 HJ", "C4 C6 C8", "C9 C10", "CJ CQ"], phase="meld", discard="S4")
    press(table, pygame.K_END)
    press(table, pygame.K_SPACE)
    jack = table.ui.cursor
    assert jack.face == "HJ" and table.controller.selected_cards() == [jack]
    press(table, pygame.K_m)  # one jack alone melds nothing: refused, the jack stays selected
    assert table.controller.refusal is not None and table.controller.selected_cards() == [jack]
    press(table, pygame.K_HOME)
    five = table.ui.cursor
    assert five.face == "C5"
    press(table, pygame.K_x)
    st = table.game.state
    assert st.pile[-1] is five and jack in st.hands[0]
    assert table.controller.selected_cards() == []  # (the turn is over: the jack is put down)


def test_after_a_click_x_discards_the_one_selected_card():
    """The mouse takes over from the cursor: then the selection says what X discards."""
    stack, table = table_at(["C5 D9 HJ", "C4 C6 C8", "C9 C10", "CJ CQ"], phase="meld", discard="S4")
    press(table, pygame.K_HOME)
    assert table.ui.cursor is not None
    (nine,) = select(stack, table, ["D9"])  # a click: the cursor goes
    assert table.ui.cursor is None
    press(table, pygame.K_x)
    assert table.game.state.pile[-1] is nine


def test_x_before_drawing_names_the_keys_that_draw():
    stack, table = table_at(["C5 D9 HJ", "C4 C6 C8", "C9 C10", "CJ CQ"], discard="CK")  # (onto our kings)
    assert table.status_text() == "Your turn: click the stock to draw (D), or take the pile (T)."
    press(table, pygame.K_HOME)
    press(table, pygame.K_x)
    assert table.message[0] == "Draw first: click the stock (D) or take the pile (T)."
    assert table.game.state.phase is Phase.DRAW


def test_with_the_pile_blocked_the_turn_names_the_draw_alone():
    """A black three on the pile: the line said "or take the pile (T)", a move the player
    could not make (play-test, stop 52); the draw alone is named, the chip says why."""
    stack, table = table_at(["C5 D9 HJ", "C4 C6 C8", "C9 C10", "CJ CQ"], discard="S3")
    assert table.status_text() == "Your turn: click the stock to draw (D)."
    press(table, pygame.K_HOME)
    press(table, pygame.K_x)
    assert table.message[0] == "Draw first: click the stock (D)."
    assert table.game.state.phase is Phase.DRAW


def test_the_empty_meld_area_says_how_to_meld_with_the_keys_too():
    stack, table = table_at(["C5 D9 HJ", "C4 C6 C8", "C9 C10", "CJ CQ"], melds=[{}, {}])
    texts = {side: text for side, _rect, text in table.view._zone_texts()}
    # (a partnership's area, labelled "Our melds": its words say "Our" too, stop 56)
    assert texts[0] == "Our melds: drag cards here (or select them, then click here or press M)"


def draw(table) -> pygame.Surface:
    surface = pygame.Surface(LOGICAL_SIZE)
    table.view.draw(surface)
    return surface


def test_the_cursor_ring_follows_a_raised_card_above_its_neighbour():
    """The ring went round the raised card's uncovered strip only, and its part above the next
    card showed with the gold glow alone: it read as two cards."""
    stack, table = table_at(["C5 D9 HJ S4 S6", "C4 C6 C8", "C9 C10", "CJ CQ"], phase="meld", discard="S4")
    press(table, pygame.K_HOME)
    press(table, pygame.K_RIGHT)
    press(table, pygame.K_SPACE)  # (by rank: 4♠ 5♣ 6♠ 9♦ J♥) the 5♣, raised
    tick(stack, 2.0)
    cards = table.layout.hand_cards
    raised, after = cards[1], cards[2]
    assert raised is table.ui.cursor and raised in table.ui.selected
    top = table.animator.sprites[raised]
    beside = table.animator.sprites[after]
    assert beside.y > top.y + 10  # the neighbour lies lower: the raised card shows above it
    surface = draw(table)
    ring_y = round(top.y - card_h(top.width) / 2 - 2.5)
    # Above the neighbour, where only the glow showed, the ring runs on along the top edge...
    above = (round((beside.x - beside.width / 2 + top.x + top.width / 2) / 2), ring_y)
    assert surface.get_at(above)[:3] == tuple(CURSOR_RING)[:3]
    # ... and down the raised card's right side, to the neighbour's top.
    right = (round(top.x + top.width / 2 + 2.5), round(top.y - 20))
    assert surface.get_at(right)[:3] == tuple(CURSOR_RING)[:3], surface.get_at(right)
    assert surface.get_at(right)[:3] != tuple(SELECT_GLOW)[:3]


def test_the_cursor_ring_of_a_level_card_stays_on_its_uncovered_strip():
    stack, table = table_at(["C5 D9 HJ S4 S6", "C4 C6 C8", "C9 C10", "CJ CQ"], phase="meld", discard="S4")
    press(table, pygame.K_HOME)
    press(table, pygame.K_RIGHT)
    tick(stack, 2.0)
    cards = table.layout.hand_cards
    focused, after = table.animator.sprites[cards[1]], table.animator.sprites[cards[2]]
    surface = draw(table)
    ring_y = round(focused.y - card_h(focused.width) / 2 - 2.5)
    assert surface.get_at((round(focused.x - focused.width / 2 + 10), ring_y))[:3] == tuple(CURSOR_RING)[:3]
    # Over the neighbour (level with it) the ring does not run on: it would ring two cards.
    assert surface.get_at((round(after.x + 10), ring_y))[:3] != tuple(CURSOR_RING)[:3]


def samba_at(hands, melds, **kw):
    stack, table = make_table(variant="samba")
    table.load_state(position(hands, melds=melds, variant="samba", **kw))
    tick(stack, 1.0)
    return stack, table


def test_m_on_a_single_card_adds_it_to_the_one_sequence_it_extends():
    """Samba: M on a card that extends our sequence started a new meld (refused) instead."""
    melds = [["H5 H6 H7", "C9 D9 S9"], []]
    stack, table = samba_at(["H8 C4 C5 DK", "C6", "C7", "C9"], melds, phase="meld", discard="S4")
    select(stack, table, ["H8"])
    press(table, pygame.K_m)
    st = table.game.state
    assert [c.face for c in st.side_melds(0)[0].cards] == ["H5", "H6", "H7", "H8"], table.message
    assert len(st.side_melds(0)) == 2


def test_m_on_a_card_that_fits_two_sequences_leaves_the_choice_to_the_player():
    """Two runs the 8♥ extends (one low, one high): ambiguous, as before (a new meld of one
    card: refused with the reason); [ and ] pick the meld."""
    melds = [["H5 H6 H7", "H9 H10 HJ"], []]
    stack, table = samba_at(["H8 C4 C5 DK", "C6", "C7", "C9"], melds, phase="meld", discard="S4")
    select(stack, table, ["H8"])
    press(table, pygame.K_m)
    st = table.game.state
    assert [len(m.cards) for m in st.side_melds(0)] == [3, 3] and table.controller.refusal is not None


def key_event(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def finished_deal():
    """A table whose deal just ended (South went out) with its score sheet on top."""
    stack, table = make_table()
    table.load_state(
        position(
            ["C5", "C4 C6 C8", "C9 C10", "CJ CQ"],
            melds=[{"K": "HK DK SK CK HK DK S2"}, {}],
            phase="meld",
            discard="S4",
        )
    )
    tick(stack, 1.0)
    select(stack, table, ["C5"])
    press(table, pygame.K_x)
    until(stack, lambda: isinstance(stack.top, ScoreSheetScene), limit=60)
    sheet = stack.top
    sheet.count.finish()
    return stack, table, sheet


def test_the_score_sheet_shows_the_focus_on_the_way_on_and_arrows_follow_the_places():
    stack, table, sheet = finished_deal()
    next_deal, review, export = sheet.buttons.widgets
    assert sheet.buttons.focused is next_deal  # Enter's default, with its ring
    stack.handle_event(key_event(pygame.K_RIGHT))
    assert sheet.buttons.focused is export  # above, on the right (it went to Review, left)
    stack.handle_event(key_event(pygame.K_LEFT))
    assert sheet.buttons.focused is review  # beside it, on its row
    stack.handle_event(key_event(pygame.K_RIGHT))
    assert sheet.buttons.focused is export
    stack.handle_event(key_event(pygame.K_RIGHT))
    assert sheet.buttons.focused is export  # nothing further right: it stays
    stack.handle_event(key_event(pygame.K_DOWN))
    assert sheet.buttons.focused is next_deal
    stack.handle_event(key_event(pygame.K_UP))
    assert sheet.buttons.focused is review
    click(stack, (5, 5))  # a click anywhere: no ring (the mouse's way), Enter still goes on
    assert sheet.buttons.focused is None
    stack.handle_event(key_event(pygame.K_DOWN))
    assert sheet.buttons.focused is next_deal  # the arrows start again at the way on


def test_esc_on_the_score_sheet_opens_the_tables_menu_and_resume_comes_back():
    stack, table, sheet = finished_deal()
    stack.handle_event(key_event(pygame.K_ESCAPE))
    assert isinstance(stack.top, TableMenuScene)
    stack.handle_event(key_event(pygame.K_ESCAPE))  # Resume
    assert stack.top is sheet


def test_a_new_game_from_the_menu_over_the_score_sheet_closes_the_sheet():
    from game.scenes.modal import ModalDialogScene

    stack, table, sheet = finished_deal()
    old = table.game
    stack.handle_event(key_event(pygame.K_ESCAPE))
    menu = stack.top
    next(w for w in menu.items.widgets if w.msgid == "New game").click()  # the menu's own button
    assert isinstance(stack.top, ModalDialogScene) and menu not in stack.scenes
    stack.top.dialog.button_widgets[0].click()  # "New game", confirmed
    assert sheet not in stack.scenes and stack.top is table
    assert table.game is not old and table.game.state.phase is not Phase.OVER
    tick(stack, 1.0)
    assert stack.top is table  # (no sheet of the old deal comes back)


def test_m_on_a_lone_wild_card_names_the_keys_that_pick_its_meld():
    """A keyboard player selected the joker the hint lit and pressed M: the refusal said only
    "drop them on one", the mouse's way; it names [ and ] then M, and they add it."""
    stack, table = table_at(
        ["C5 D9 JK", "C4 C6 C8", "C9 C10", "CJ CQ"],
        phase="meld",
        discard="S4",
        melds=[{"K": "HK DK SK", "Q": "HQ DQ SQ"}, {}],
    )
    press(table, pygame.K_END)
    press(table, pygame.K_SPACE)
    joker = table.ui.cursor
    assert joker.face == "JK"
    press(table, pygame.K_m)
    assert table.controller.refusal is not None and "[ and ], then press M" in table.message[0], table.message
    press(table, pygame.K_RIGHTBRACKET)
    press(table, pygame.K_m)
    assert any(joker in meld.cards for meld in table.game.state.melds[0].values())


def test_m_after_the_focus_served_a_wild_card_sends_other_naturals_to_their_own_meld():
    """Play-test: ] then M put the joker on the queens; the two sixes selected next went to the
    still focused queens with M and were refused ("do not go with the Qs") though our sixes
    lay beside them."""
    stack, table = table_at(
        ["C6 C6 JK D9 H10 S4", "C4 C5 C8", "C9 C10", "CJ CQ"],
        phase="meld",
        discard="S4",
        melds=[{"Q": "HQ DQ SQ", "6": "H6 D6 S6"}, {}],
    )
    melds = table.game.state.melds[0]
    (joker,) = select(stack, table, ["JK"])
    while table.ui.meld_focus is None or table.ui.meld_focus.rank is not melds_rank(melds, "Q"):
        press(table, pygame.K_RIGHTBRACKET)
    press(table, pygame.K_m)
    assert joker in table.game.state.melds[0][melds_rank(melds, "Q")].cards
    sixes = select(stack, table, ["C6", "C6"])
    press(table, pygame.K_m)
    assert table.controller.refusal is None, table.message
    assert set(sixes) <= set(table.game.state.melds[0][melds_rank(melds, "6")].cards)
    assert table.ui.meld_focus is None  # (the focus moved off the queens with them)


def melds_rank(melds, symbol: str):
    return next(rank for rank in melds if rank.symbol == symbol)
