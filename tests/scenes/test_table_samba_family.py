"""Samba, Bolivia and Hand and Foot at the table: melds as a numbered list (runs,
closed sambas and books, several melds of a rank each its own target, a cell for a new
meld), the pile's top card dragged onto a meld (`take +N:`), the keyboard's meld focus,
feet, the books quota, the deal of a game of deals, and what the score sheet, the new
game screen and the rules pages say about them."""

from __future__ import annotations

import pygame
import pytest
from rules_helpers import position

from game.rules import Move, MoveKind, Phase, RulesConfig
from game.rules.melds import MeldKind
from game.rules.variants import VARIANTS
from game.scenes import table_facts
from game.scenes.layout import LOGICAL_SIZE
from game.scenes.score_sheet import ScoreSheetScene, sheet_rows
from game.scenes.table_layout import PILE_POS, drop_target
from tests.table_helpers import card_point, double_click, drag, hand_card, make_table, select, tick

FAMILY = [v.id for v in VARIANTS if v.meld_list]


def samba_table(hands, melds, variant="samba", **kw):
    stack, table = make_table(variant=variant)
    table.load_state(position(hands, melds=melds, variant=variant, **kw))
    return stack, table


def our_slots(table):
    return [slot for slot in table.layout.meld_slots if slot.side == table.human_side]


def draw(table):
    table.view.draw(pygame.Surface(LOGICAL_SIZE))


def slot_point(table, slot):
    """A point of `slot` that no later slot covers (what the driver aims at)."""
    right = [s.rect.x for s in our_slots(table) if s.rect.x > slot.rect.x]
    visible = min([slot.rect.width, *[x - slot.rect.x for x in right]])
    return (slot.rect.x + max(2.0, min(visible - 10, slot.rect.width) / 2), slot.rect.y + 20)


def test_a_sequence_is_drawn_as_a_run_in_rank_order_with_every_index_showing():
    stack, table = samba_table(["C4 C5 C6"], [["H7 H5 H8 H6"], []], phase="meld", discard="S4")
    (slot,) = our_slots(table)
    assert slot.kind is MeldKind.SEQUENCE and slot.number == 0 and slot.count == 4
    cards = table.game.state.side_melds(0)[0].cards
    places = [table.layout.placements[c] for c in cards]
    assert [c.face for c in cards] == ["H5", "H6", "H7", "H8"]  # low to high
    xs = [p.x for p in places]
    assert xs == sorted(xs) and len({p.y for p in places}) == 1  # side by side, one row
    steps = [b - a for a, b in zip(xs, xs[1:])]
    assert min(steps) >= 11  # each card's rank and suit show (meld_row.RUN_STEP_MIN)
    assert [p.z for p in places] == sorted(p.z for p in places)  # the higher card on top


def test_a_closed_samba_is_a_squared_stack_named_samba():
    stack, table = samba_table(["C4 C5 C6"], [["S4 S5 S6 S7 S8 S9 S10", "HK DK SK"], []], phase="meld", discard="S4")
    draw(table)
    samba = next(s for s in our_slots(table) if s.kind is MeldKind.SEQUENCE)
    assert samba.closed and samba.canasta == "sambas" and samba.rect.width < 70  # one card wide
    labels = {slot.number: text for slot, text in table.view.meld_labels if slot.side == 0}
    assert labels[samba.number] == "Samba"
    top = max(table.game.state.side_melds(0)[0].cards, key=lambda c: table.layout.placements[c].z)
    assert top.face == "S10"  # the sequence's highest card shows


def test_bolivia_names_escaleras_and_bolivias():
    melds = [["C5 C6 C7 C8 C9 C10 CJ", "JK D2 C2 H2 S2 JK JK", "D2 JK S2"], []]
    stack, table = samba_table(["C4 C5 C6"], melds, variant="bolivia", phase="meld", discard="S4")
    draw(table)
    labels = sorted(text for slot, text in table.view.meld_labels if slot.side == 0)
    assert labels == ["3", "Bolivia", "Escalera"]
    wild = next(s for s in our_slots(table) if s.kind is MeldKind.WILD and not s.closed)
    assert wild.number == 2


def test_dropping_on_meld_two_of_two_groups_of_a_rank_adds_to_that_one():
    """A canasta of nines (meld 0) and a new group of nines (meld 1): each is its own target."""
    canasta = "C9 D9 H9 S9 C9 D9 H9"
    stack, table = samba_table(["S9 H9 C4 C5"], [[canasta, "C9 D9 S9"], []], phase="meld", discard="S4")
    first, second = sorted((s for s in our_slots(table)), key=lambda s: s.number)
    assert (first.rank, second.rank) == (second.rank, first.rank) and first.canasta == "natural"
    card = hand_card(table, "S9")
    drag(stack, card_point(table, card), slot_point(table, second))
    tick(stack, 0.2)
    melds = table.game.state.side_melds(0)
    assert (len(melds[0].cards), len(melds[1].cards)) == (7, 4), table.message
    card = hand_card(table, "H9")
    first = next(s for s in our_slots(table) if s.number == 0)
    drag(stack, card_point(table, card), slot_point(table, first))
    tick(stack, 0.2)
    melds = table.game.state.side_melds(0)
    assert (len(melds[0].cards), len(melds[1].cards)) == (8, 4), table.message


def test_runs_each_have_their_own_place_while_the_row_has_room():
    """A stacked run shows only its top strip: runs are stacked only when the row is full."""
    melds = [["CK DK SK", "H4 H5 H6", "D9 D10 DJ", "S4 S5 S6"], []]
    stack, table = samba_table(["H8 H9 H10 C4"], melds, phase="meld", discard="S4")
    slots = our_slots(table)
    assert len(slots) == 4 and len({s.rect.x for s in slots}) == 4
    assert len({s.rect.y for s in slots}) == 1  # none above another


def test_the_cell_for_a_new_meld_starts_a_new_sequence_even_in_a_full_row():
    groups = ["CA DA SA", "CK DK SK", "CQ DQ SQ", "CJ DJ SJ", "C10 D10 S10", "C9 D9 S9", "C8 D8 S8", "C7 D7 S7"]
    groups += ["C6 D6 S6", "C5 D5 S5", "H4 H5 H6", "D9 D10 DJ", "S4 S5 S6"]
    stack, table = samba_table(["H8 H9 H10 C4"], [groups, []], phase="meld", discard="S4")
    cell = table.layout.new_meld_rect
    assert cell is not None
    assert drop_target(table.layout, cell.center, 0, []).kind == "new-meld"
    xs = [s.rect.x for s in our_slots(table)]
    assert max(s.rect.right for s in our_slots(table)) < cell.x  # the row squeezes, the cell stays clear
    assert len(xs) == 13 and len(set(xs)) == 12  # two of the three runs in one stack (the row needs no deeper)
    table.view.draw(pygame.Surface(LOGICAL_SIZE))
    assert not table.view.zone_label_boxes[table.human_side].colliderect(cell)  # "Our melds" clear of it
    cards = select(stack, table, ["H8", "H9", "H10"])
    drag(stack, card_point(table, cards[0]), cell.center)
    tick(stack, 0.2)
    kinds = [(m.kind, m.size) for m in table.game.state.side_melds(0)]
    assert kinds[-1] == (MeldKind.SEQUENCE, 3), table.message


def test_a_click_on_the_cell_for_a_new_meld_lays_the_selected_cards_there():
    """The cell looks like a button: selected cards clicked onto it start a meld, as dragged
    there (a click on it cleared the selection, play-test); with none selected it says how."""
    from tests.table_helpers import click

    stack, table = samba_table(["H8 H9 H10 C4 C5"], [["CK DK SK"], []], phase="meld", discard="S4")
    cell = table.layout.new_meld_rect
    assert cell is not None
    click(stack, cell.center)
    tick(stack, 0.2)
    assert table.refusal is None and "new meld" in table.message[0], table.message
    select(stack, table, ["H8", "H9", "H10"])
    click(stack, cell.center)
    tick(stack, 0.2)
    assert table.refusal is None, table.message
    kinds = [(m.kind, m.size) for m in table.game.state.side_melds(0)]
    assert kinds == [(MeldKind.GROUP, 3), (MeldKind.SEQUENCE, 3)]
    assert not table.ui.selected


def test_dragging_the_top_card_onto_a_meld_takes_the_pile_onto_it():
    """Both a sequence and a group could take the H8: the one it is dropped on gets it."""
    melds = [["H5 H6 H7", "C8 D8 S8"], []]
    stack, table = samba_table(["C4 C5", "C6", "C7", "C9"], melds, discard="D4 S5 H8")
    tick(stack, 0.1)
    table.click_pile()  # two melds fit: the table asks which
    assert table.game.state.phase is Phase.DRAW and "several" in table.message[0]
    run = next(s for s in our_slots(table) if s.kind is MeldKind.SEQUENCE)
    drag(stack, PILE_POS, slot_point(table, run))
    tick(stack, 0.2)
    st = table.game.state
    assert st.phase is Phase.MELD and not st.pile
    assert [c.face for c in st.side_melds(0)[0].cards] == ["H5", "H6", "H7", "H8"]
    assert {c.face for c in st.hands[0]} >= {"D4", "S5"}


def test_the_top_card_dragged_onto_a_canasta_is_refused_with_what_would_take_it():
    """Onto a canasta the top card is refused (V-SAMBA-TAKE); the refusal said only that, and
    the player was left to guess (play-test): it names another meld when one takes the card,
    else the natural pair."""
    canasta = "C6 D6 H6 S6 C6 D6 H6"
    for melds, another in (([[canasta, "S8 S9 S10"], []], False), ([[canasta, "S7 S8 S9"], []], True)):
        stack, table = samba_table(["C4 C5", "C7", "C8", "C9"], melds, discard="D4 S6")
        tick(stack, 0.1)
        group = next(s for s in our_slots(table) if s.kind is MeldKind.GROUP)
        drag(stack, PILE_POS, slot_point(table, group))
        tick(stack, 0.2)
        refusal = table.refusal
        assert refusal is not None and refusal.rule == "V-SAMBA-TAKE", table.message
        reason = refusal.headline()
        assert "not yet a canasta" in reason and "natural pair of 6s" in reason, reason
        assert ("another of your side's melds" in reason) is another, reason
        assert table.game.state.phase is Phase.DRAW


def test_a_click_on_the_pile_takes_it_onto_the_one_meld_it_fits():
    stack, table = samba_table(["C4 C5", "C6", "C7", "C9"], [["H5 H6 H7"], []], discard="D4 H8")
    table.click_pile()
    st = table.game.state
    assert st.phase is Phase.MELD and len(st.side_melds(0)[0].cards) == 4


def test_the_keyboard_focuses_a_meld_with_brackets_then_m_and_t_aim_at_it():
    melds = [["H5 H6 H7", "C8 D8 S8"], []]
    stack, table = samba_table(["C4 C5 H4", "C6", "C7", "C9"], melds, discard="D4 S5 H8")
    keys = table.keyboard

    def key(code):
        keys.handle_key(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))

    key(pygame.K_RIGHTBRACKET)
    focus = table.ui.meld_focus
    assert focus is not None and focus.number is not None
    # Right, in display order: the group of eights comes first, then the sequence.
    key(pygame.K_RIGHTBRACKET)
    assert table.ui.meld_focus.number == 0  # the hearts sequence
    key(pygame.K_t)  # take the pile onto the focused sequence
    st = table.game.state
    assert st.phase is Phase.MELD and len(st.side_melds(0)[0].cards) == 4
    select(stack, table, ["H4"])
    key(pygame.K_m)  # the focused meld is still the sequence: the H4 extends it low
    assert [c.face for c in st.side_melds(0)[0].cards][:2] == ["H4", "H5"], table.message
    key(pygame.K_ESCAPE)
    assert table.ui.meld_focus is None


def test_an_unmelded_side_stages_a_sequence_and_a_group_and_lays_them_together():
    stack, table = samba_table(["H9 H10 HJ SK DK CK C4 C5"], [[], []], phase="meld", discard="S4")
    for faces in (["H9", "H10", "HJ"], ["SK", "DK", "CK"]):
        cards = select(stack, table, faces)
        drag(stack, card_point(table, cards[0]), table.geometry.meld_areas[0].center)
        tick(stack, 0.2)
    staged = {s.kind: s.staged_index for s in our_slots(table) if s.staged_index is not None}
    assert staged == {MeldKind.SEQUENCE: 0, MeldKind.GROUP: 1}
    assert table.stage_info()[:2] == (60, 50)
    table.confirm_staged()
    assert [m.kind for m in table.game.state.side_melds(0)] == [MeldKind.SEQUENCE, MeldKind.GROUP], table.message


def test_a_staged_run_that_is_no_sequence_is_refused_with_its_rule():
    stack, table = samba_table(["H9 H10 SQ C4 C5"], [[], []], phase="meld", discard="S4")
    cards = select(stack, table, ["H9", "H10", "SQ"])
    drag(stack, card_point(table, cards[0]), table.geometry.meld_areas[0].center)
    assert not table.ui.staged and table.refusal is not None and table.refusal.rule == "V-SAMBA-MELDS"


@pytest.mark.parametrize("variant", ["samba", "bolivia"])
def test_cards_of_neither_one_rank_nor_one_suit_are_refused_in_the_players_terms(variant):
    """Two kings and a queen, meant as a group of kings with a stray card, were refused
    with "A sequence holds cards of one suit.": true, but the player made no sequence
    (play-test, stop 46). Cards of several ranks and several suits now say they are
    neither; a run of one suit that is no sequence keeps the sequence's own reason."""
    for faces in (["HK", "SK", "HQ"], ["H9", "H10", "SQ"], ["HK", "SK", "HQ", "D2"]):
        stack, table = samba_table(["HK SK HQ H9 H10 SQ HJ D2 C4 C5"], [[], []], variant=variant, phase="meld")
        cards = select(stack, table, faces)
        drag(stack, card_point(table, cards[0]), table.geometry.meld_areas[0].center)
        assert not table.ui.staged and table.refusal is not None and table.refusal.rule == "V-SAMBA-MELDS"
        reason = table.refusal.reason()
        assert reason == "These cards are neither one rank (a group) nor one suit in a row (a sequence).", faces
    stack, table = samba_table(["H9 HJ HK C4 C5"], [[], []], variant=variant, phase="meld", discard="S4")
    cards = select(stack, table, ["H9", "HJ", "HK"])
    drag(stack, card_point(table, cards[0]), table.geometry.meld_areas[0].center)
    assert table.refusal is not None and "consecutive" in table.refusal.reason()


def test_wild_cards_alone_make_a_wild_meld_in_bolivia_only():
    for variant, kind in (("bolivia", MeldKind.WILD), ("samba", None)):
        stack, table = samba_table(["JK D2 C2 C4 C5"], [["HK DK SK"], []], variant=variant, phase="meld", discard="S4")
        cards = select(stack, table, ["JK", "D2", "C2"])
        drag(stack, card_point(table, cards[0]), table.layout.new_meld_rect.center)
        tick(stack, 0.2)
        melds = table.game.state.side_melds(0)
        if kind is None:
            assert len(melds) == 1 and table.refusal is not None and table.refusal.rule == "V-SAMBA-MELDS"
        else:
            assert melds[-1].kind is kind and melds[-1].size == 3, table.message


def test_a_wild_card_buried_in_hand_and_foots_pile_does_not_lie_crosswise():
    """The crosswise card means a frozen pile (R-FROZEN); Hand and Foot's pile never
    freezes (V-HF-TAKE), so a two discarded there and covered lay crosswise as though it
    froze the pile (play-test, stop 48). Samba's pile still shows its freezing card."""
    for variant, crosswise in (("hand-and-foot", False), ("samba", True)):
        kw = {"feet": ["C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA"] * 4} if variant == "hand-and-foot" else {}
        stack, table = samba_table(["D9 D9 H4 H5"], [[], []], variant=variant, discard="D7 C2 S6", **kw)
        two = next(c for c in table.game.state.pile if c.face == "C2")
        assert (table.layout.placements[two].angle == 90) is crosswise, variant
        draw(table)


def hand_and_foot(hands, melds, **kw):
    feet = kw.pop("feet", ["C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA"] * 4)
    return samba_table(hands, melds, variant="hand-and-foot", feet=feet, **kw)


def _pile_notes(table, monkeypatch) -> list[str]:
    from game.scenes import table_view

    texts: list[str] = []
    real_pill = table_view.pill
    monkeypatch.setattr(
        table_view, "pill", lambda surface, text, *a, **k: texts.append(text) or real_pill(surface, text, *a, **k)
    )
    draw(table)
    monkeypatch.setattr(table_view, "pill", real_pill)
    return texts


def test_hand_and_foot_s_pile_note_says_when_the_player_cannot_take_it(monkeypatch):
    """The note by Hand and Foot's pile said "a natural pair takes the top card and 2 more" to
    a player holding no pair of its rank (play-test, stop 54): the player without a natural
    pair (a wild card is not one) reads that the pile is not theirs to take, and why; with a
    pair, what it takes; watching the bots, the rule."""
    pile = "S5 H6 C7 D9"
    stack, table = hand_and_foot(["C9 D2 H4 S5 C6"], [[], []], discard=pile)
    notes = _pile_notes(table, monkeypatch)
    assert "you cannot take it: no natural pair of 9s in your hand" in notes, notes
    assert not any("a natural pair takes" in note for note in notes), notes
    stack, table = hand_and_foot(["C9 H9 H4 S5 C6"], [[], []], discard=pile)
    assert "a natural pair takes the top card and 3 more" in _pile_notes(table, monkeypatch)
    from game.i18n import set_language

    set_language("zh_CN")
    try:
        stack, table = hand_and_foot(["C9 D2 H4 S5 C6"], [[], []], discard=pile)
        assert "你拿不了：手里没有一对自然 9" in _pile_notes(table, monkeypatch)
    finally:
        set_language("en")
    stack, table = make_table(variant="hand-and-foot", seed=3, levels=("easy",) * 4)
    state = position(
        ["C9 D2 H4 S5 C6"],
        [[], []],
        variant="hand-and-foot",
        discard=pile,
        feet=["C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA"] * 4,
    )
    table.load_state(state)
    assert "a natural pair takes the top card and 3 more" in _pile_notes(table, monkeypatch)  # (nobody's hand)


def test_the_pile_s_note_offers_no_take_once_the_player_has_drawn(monkeypatch):
    """After the player had drawn from the stock, Hand and Foot's note offered "a natural pair
    takes the top card and 6 more" once the drawn cards made the pair, though the draw was
    done (play-test, stop 57): on the player's turn after the draw it says the pile cannot be
    taken this turn, and why; before the draw, and on the others' turns, the pair's take.
    Classic's "frozen for us: a natural pair takes it" keeps no promise after the draw either."""
    from tests.table_helpers import position as classic_position

    pile = "S5 H6 C7 D9 D4 D5 D6 S9"
    stack, table = hand_and_foot(["C9 H9 H4 S5 C6"], [[], []], discard=pile, phase="meld")
    notes = _pile_notes(table, monkeypatch)
    assert "you cannot take it: you have drawn this turn" in notes, notes
    assert not any("a natural pair takes" in note for note in notes), notes
    stack, table = hand_and_foot(["C9 H9 H4 S5 C6"], [[], []], discard=pile, phase="meld", drawn="pile")
    assert "you cannot take it again this turn" in _pile_notes(table, monkeypatch)
    stack, table = hand_and_foot(["C9 H9 H4 S5 C6"], [[], []], discard=pile)  # (before the draw)
    assert "a natural pair takes the top card and 6 more" in _pile_notes(table, monkeypatch)
    hands = ["C9 H9 H4 S5 C6", "D4", "D5", "D6"]
    stack, table = hand_and_foot(hands, [[], []], discard=pile, phase="meld", turn=1)  # (West's turn)
    assert "a natural pair takes the top card and 6 more" in _pile_notes(table, monkeypatch)
    from game.i18n import set_language

    set_language("zh_CN")
    try:
        stack, table = hand_and_foot(["C9 H9 H4 S5 C6"], [[], []], discard=pile, phase="meld")
        assert "你拿不了：你这一回合已经摸过牌" in _pile_notes(table, monkeypatch)
    finally:
        set_language("en")
    for phase, note in (("draw", "frozen for us: a natural pair takes it"), ("meld", "frozen for us")):
        stack, table = make_table(seed=5)
        table.load_state(classic_position(["C5 H6 S8", "C4", "C6", "C7"], discard="S3 D9", phase=phase))
        notes = _pile_notes(table, monkeypatch)
        assert note in notes and not any("natural pair" in n for n in notes if n != note), (phase, notes)


def test_hand_and_foot_shows_each_foot_and_who_plays_from_it():
    foot = "D4 D5 D6 D7 D8 D9 D10 DJ DQ DK DA"
    stack, table = hand_and_foot(["C4 C5"], [[], []], feet=[None, foot, foot, foot], phase="meld", discard="S4")
    draw(table)
    assert set(table.layout.foot_spots) == {1, 2, 3}
    assert all(count == 11 for _pos, count in table.layout.foot_spots.values())
    assert table.view.foot_texts == {0: "playing from the foot", 1: "foot 11", 2: "foot 11", 3: "foot 11"}
    table.game.state.feet[1] = None  # West picks it up too (its cards do not matter here)
    table.relayout()
    draw(table)
    assert table.view.foot_texts[1] == "from the foot"
    for seat, box in table.view.foot_boxes.items():  # every label inside the window, none on another
        assert pygame.Rect((0, 0), LOGICAL_SIZE).contains(box)
        assert box.collidelist([b for s, b in table.view.foot_boxes.items() if s != seat]) == -1
    placed = [table.layout.placements[c] for c in table.game.state.feet[2]]
    assert all(not p.face_up for p in placed)  # nobody sees a foot


def test_melding_the_whole_hand_picks_up_the_foot_and_the_table_follows():
    stack, table = hand_and_foot(["C9 D9 S9"], [["HK DK SK"], []], phase="meld", discard="S4")
    table.controller.play(Move.parse("meld C9 D9 S9"))
    tick(stack, 2.0)
    st = table.game.state
    assert st.feet[0] is None and len(st.hands[0]) == 11
    assert set(table.layout.hand_cards) == set(st.hands[0])  # the foot's cards are the hand now
    assert any("picked up the foot" in entry.text(table) for entry in table.move_log.entries)


def test_the_score_panel_says_what_each_side_still_needs_to_go_out():
    def book(rank, wild=""):
        cards = [f"{suit}{rank}" for suit in "CDSHCDS"]
        return " ".join(cards[: 7 - len(wild.split())] + wild.split())

    ours = [book(9), book("K", "D2 JK"), book("Q", "C2")]
    theirs = [book(8), book(7), book("J", "H2"), book(10, "S2 JK")]
    feet = ["H4 H5", "H6 H7", "H8 H10", "HJ HQ"]
    stack, table = hand_and_foot(["C4 C5"], [ours, theirs], feet=feet, phase="meld", discard="S4")
    draw(table)
    assert table.view.need_texts == {0: "to go out: clean 1/2, dirty 2 · met", 1: "ready to go out"}
    stack, table = samba_table(["C4 C5 C6"], [["S4 S5 S6 S7 S8 S9 S10"], []], variant="bolivia", phase="meld")
    draw(table)
    assert table.view.need_texts[0] == "to go out: canastas 1/2, escalera 1 · met"


def test_a_quota_met_with_more_books_reads_met_with_the_real_count():
    """A side with three dirty books read "dirty 2/2" (the count capped at the quota, as if
    the third were not down: play-test, stop 57): a part met reads met, with the count there
    is, in the score panel and in the refusal of "May I go out?"; in Chinese too."""
    from game import i18n

    def book(rank, wild):
        return " ".join([f"{suit}{rank}" for suit in "CDSHCDS"][: 7 - len(wild.split())] + wild.split())

    ours = [book(9, ""), book("K", "D2 JK"), book("Q", "C2"), book("J", "H2")]
    stack, table = hand_and_foot(["C4 C5"], [ours, []], feet=[None, "H6", "H8", "HJ"], phase="meld", discard="S4")
    draw(table)
    assert table.view.need_texts[0] == "to go out: clean 1/2, dirty 3 · met"
    need = table_facts.out_need(table.game.state, 0)
    assert need is not None and not need.met
    refusal = table.controller.moves._why_no_ask()  # (the foot picked up: the quota is what lacks)
    assert refusal is not None and refusal[2]["parts"].text() == "clean 1/2, dirty 3 · met"  # (data: worded when shown)
    i18n.set_language("zh_CN")
    try:
        draw(table)
        assert table.view.need_texts[0] == "出完条件：纯书 1/2，混书 3 · 已达到"
        assert refusal[2]["parts"].text() == "纯书 1/2，混书 3 · 已达到"
    finally:
        i18n.set_language("en")
    canastas = [book(rank, "") for rank in (5, 6, 7)]
    stack, table = samba_table(["C4 C5 C6"], [canastas, []], variant="bolivia", phase="meld")
    draw(table)
    assert table.view.need_texts[0] == "to go out: canastas 3 · met, escalera 0/1"


def test_hand_and_foot_shows_the_deal_and_its_minimum_and_takes_six_cards():
    pile = "D4 D5 D6 D7 D8 D10 DJ DQ HK"
    stack, table = hand_and_foot(["SK CK C4 C5", "C6", "C7", "C8"], [[], []], discard=pile, deal_no=2)
    assert table.game.state.minimum(0) == 90
    cards = select(stack, table, ["SK", "CK"])
    drag(stack, card_point(table, cards[0]), PILE_POS)
    tick(stack, 0.2)
    # The pair and the K make 30: short of the second deal's 90, refused with the rule.
    assert table.refusal is not None and table.refusal.rule == "R-TAKE-MIN"
    stack, table = hand_and_foot(["SK CK C4 C5", "C6", "C7", "C8"], [["HQ DQ SQ"], []], discard=pile, deal_no=2)
    cards = select(stack, table, ["SK", "CK"])
    drag(stack, card_point(table, cards[0]), PILE_POS)
    tick(stack, 0.2)
    st = table.game.state
    assert st.phase is Phase.MELD and [c.face for c in st.pile] == ["D4", "D5"]  # six came, two stay
    assert len(st.hands[0]) == 2 + 6


@pytest.mark.parametrize("variant", FAMILY)
def test_the_score_sheet_names_every_bonus_the_variant_scores(variant):
    rules = RulesConfig.for_variant(variant).rules
    stack, table = make_table(variant=variant, seed=3)
    state = table.game.state
    while state.phase is not Phase.OVER:  # the fallback bots play every seat
        table.controller.play(state.legal_moves()[-1])
    names = [key for key, _label in sheet_rows(rules, state.result)]
    assert names[:2] == ["melds", "hand"] and "going_out" in names and "red_threes" in names
    assert ("canastas" in names) is (not rules.foot)
    assert ("books_clean" in names and "books_dirty" in names and "feet" in names) is bool(rules.foot)
    assert (rules.sequence_name in names) is rules.sequences
    assert ("bolivias" in names and "black_threes" in names) is rules.wild_melds
    sheet = ScoreSheetScene(table, state.result)
    surface = pygame.Surface(LOGICAL_SIZE)
    sheet.draw(surface)
    assert pygame.Rect((0, 0), LOGICAL_SIZE).contains(sheet.panel)  # every row fits the window


@pytest.mark.parametrize("variant", [v.id for v in VARIANTS])
def test_the_score_sheet_says_why_red_threes_count_minus(variant):
    """Samba's sheet showed "Red threes -100" with no word why, which surprises a classic
    player (play-test, stop 52): beside the row, the variant's condition, only when a side's
    red threes count minus (V-SAMBA-RED3: two canastas; R-SCORE, V-SIX-RED3, V-HF-SCORE: a meld)."""
    import dataclasses

    from game.rules.scoring import DealResult, SideScore

    stack, table = make_table(variant=variant, seed=3)
    sides = table.config.sides
    plus = SideScore(100, 0, 0, 100, 0)
    minus = dataclasses.replace(plus, red_threes=-100)
    result = DealResult("stock-exhausted", (plus,) * (sides - 1) + (minus,), (0,) * sides, None, None)
    sheet = ScoreSheetScene(table, result)
    if table.config.rules.red_threes_need_canastas:
        assert sheet.red_three_words == "minus without 2 canastas"
    else:
        assert sheet.red_three_words == "minus without a meld"
    surface = pygame.Surface(LOGICAL_SIZE)
    sheet.count.finish()
    sheet.draw(surface)
    calm = DealResult("stock-exhausted", (plus,) * sides, (0,) * sides, None, None)
    assert ScoreSheetScene(table, calm).red_three_words == ""  # (no red three minus: no note)


def test_the_last_deal_of_hand_and_foot_names_the_winner_and_offers_a_new_game():
    from game.rules.scoring import DealResult, SideScore

    stack, table = make_table(variant="hand-and-foot", seed=3)
    score = SideScore(100, 0, 0, 0, 0)
    won = DealResult("stock-exhausted", (score, score), (900, 400), 0, None)
    tie = DealResult("stock-exhausted", (score, score), (900, 900), None, None, tie=True)
    assert ScoreSheetScene(table, won).title == "We win the game!"
    sheet = ScoreSheetScene(table, tie)
    assert sheet.title == "The game ends in a tie" and "4 deals" in sheet.subtitle
    assert sheet.buttons.widgets[0].text == "New game"  # not "Next deal": the game is over


def test_the_new_game_screen_plays_hand_and_foot_over_four_deals():
    from game.scenes.new_game import target_choices

    rules = next(v for v in VARIANTS if v.deals)
    (choice,) = target_choices(rules.id)
    assert choice[0] == 0 and choice[1].format(deals=rules.deals) == "4 deals (the higher total wins)"
    for variant in VARIANTS:
        assert [value for value, _ in target_choices(variant.id)] == list(variant.targets or (0,))


def test_every_variant_has_its_rules_page_and_every_v_rule_its_section():
    import ast
    from pathlib import Path

    from game.rules_text import PAGES, page_for
    from game.why_not import RULE_EXPLANATIONS, RULE_SECTIONS, rule_section

    assert {page_for(v) for v in VARIANTS} == set(range(len(PAGES)))
    root = Path(__file__).resolve().parents[2]
    cited = set()
    for path in (root / "game" / "rules").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("V-"):
                if node.value[2:].replace("-", "").isalnum() and node.value.isupper():
                    cited.add(node.value)
    cited.discard("V-PACKS")  # a position's error, never a refusal at the table
    assert cited and cited <= set(RULE_EXPLANATIONS) and cited <= set(RULE_SECTIONS)
    for rule in cited:
        heading, paragraphs = rule_section(rule)
        assert paragraphs and heading != f"Rule {rule}", rule


def test_no_refusal_at_the_table_speaks_of_meld_numbers():
    """Every engine reason that speaks the command line's notation (`+N:`, "meld number")
    has the table's own wording, in both languages."""
    import ast
    from pathlib import Path

    from game import i18n
    from game.rules.errors import IllegalMove
    from game.why_not import TABLE_WORDING, reason_text

    root = Path(__file__).resolve().parents[2]
    notational = set()
    for path in (root / "game" / "rules").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "N_" and node.args:
                text = node.args[0]
                if isinstance(text, ast.Constant) and ("+N" in text.value or "meld number" in text.value):
                    notational.add(text.value)
    assert notational and notational <= set(TABLE_WORDING)
    for language in ("en", "zh_CN"):
        i18n.set_language(language)
        try:
            for msgid in notational:
                params = {"n": 1, "ranks": "9", "card": "H9", "cards": "H9"}
                text = reason_text(IllegalMove("R-ADD", msgid, None, **params))
                assert text is not None and "+N" not in text and "number" not in text, (language, text)
        finally:
            i18n.set_language("en")


def test_a_long_row_squeezes_gaps_then_runs_then_overlaps():
    from game.scenes.meld_row import GAP, GAP_MIN, RUN_STEP, RUN_STEP_MIN, fit_row

    roomy = fit_row([0, 0, 4], 54, 0, 1000)
    assert not roomy.squeezed and roomy.run_step == RUN_STEP and roomy.lefts[1] - roomy.lefts[0] == 54 + GAP
    tight = fit_row([0] * 10 + [6], 54, 0, 10 * 54 + 5 * RUN_STEP + 54 + 10 * GAP_MIN)  # exactly at the smallest gap
    assert not tight.squeezed and tight.run_step == RUN_STEP
    assert abs((tight.lefts[1] - tight.lefts[0]) - (54 + GAP_MIN)) < 1e-6
    crowded = fit_row([0] * 10 + [6, 6], 54, 0, 700)
    assert crowded.squeezed and crowded.run_step == RUN_STEP_MIN
    ends = [left + 54 + (5 * RUN_STEP_MIN if i >= 10 else 0) for i, left in enumerate(crowded.lefts)]
    assert max(ends) <= 700 + 1e-6 and crowded.lefts == tuple(sorted(crowded.lefts))


def test_hints_name_the_family_s_melds_in_words_and_ring_them_by_number():
    from game.hints import explain, targets_for

    state = position(
        ["C4 C5", "C6", "C7", "C9"], melds=[["H5 H6 H7", "C8 D8 S8"], []], variant="samba", discard="D4 H8"
    )
    obs = state.observation(0)
    take = Move.parse("take +0:")
    assert explain(take, obs).startswith("Take the pile: add the 8♥ to your 5♥–7♥ sequence.")
    assert targets_for(take, obs) == {"pile", "meld#0"}
    state = position(["C4 C5 C6 H4 S8"], melds=[["H5 H6 H7", "C8 D8 S8"], []], variant="samba", phase="meld")
    obs = state.observation(0)
    meld = Move.parse("meld +0: H4 / S8")  # onto the sequence, and the eight joins the open group of eights
    assert explain(meld, obs) == "Add 4♥ to your 5♥–7♥ sequence. Add 8♠ to your meld of 8s."
    assert targets_for(meld, obs) == {"meld#0", "meld#1"}
    feet = ["C4 C5 C6 C7", "C8 C9 C10 CJ", "S4 S5 S6 S7", "S8 S9 S10 SJ"]
    hf = position(
        ["SK CK C4 C5", "C6", "C7", "C8"],
        melds=[["HQ DQ SQ"], []],
        variant="hand-and-foot",
        discard="D4 D5 D6 D7 D8 D10 DJ DQ HK",
        feet=feet,
    )
    text = explain(Move.parse("take SK CK"), hf.observation(0))
    assert "You take the next 6 cards of the pile; the rest stays." in text


def test_a_long_hand_on_the_score_sheet_fits_its_line_with_the_rest_counted():
    from game.rules import Card
    from game.scenes.score_sheet import HAND_SMALLEST, hand_lines
    from game.scenes.text import text_width

    pygame.font.init()
    hand = [Card.parse(face) for face in ("C4 D5 H6 S7 C8 D9 H10 SJ CQ DK HA S4 C5 D6 H7 S8 C9 D10 HJ SQ " * 2).split()]
    (text,) = hand_lines(hand, [], 400).lines
    assert text_width(text, HAND_SMALLEST) <= 400 and text.endswith("more)")
    shown = len(text.split("(")[0].split())
    assert f"(+{len(hand) - shown} more)" in text  # every card is either named or counted
    short = hand_lines(hand[:3], hand[3:5], 400).lines
    assert short == ["4♣ 5♦ 6♥ · foot: 7♠ 8♣"]


def test_a_long_hand_on_the_score_sheet_takes_further_lines_never_breaking_a_count():
    from game.rules import Card
    from game.scenes.score_sheet import HAND_WRAPPED, hand_lines, lines_wanted, share_lines
    from game.scenes.text import text_width

    pygame.font.init()
    faces = "C4 D5 H6 S7 C8 D9 H10 SJ CQ DK HA S4 C5 D6 H7 S8 C9 D10 HJ SQ JK JK "
    hand = [Card.parse(face) for face in (faces * 2).split()]
    foot = hand[:11]
    fit = hand_lines(hand, foot, 400, 4)
    assert fit.complete and len(fit.lines) == 4 and fit.size <= HAND_WRAPPED
    assert all(text_width(line, fit.size) <= 400 for line in fit.lines)
    words = " ".join(fit.lines)
    assert words.count("4 jokers") == 1 and "· foot: 4♣" in words and len(words.split()) == 40 + 2 + 2 + 11
    assert not any(line.startswith(("jokers", "·")) for line in fit.lines[1:])  # (broken between words)
    cut = hand_lines(hand, foot, 400, 2)
    assert not cut.complete and len(cut.lines) == 2 and "more)" in cut.lines[-1]
    assert not any(line.startswith("more)") for line in cut.lines)
    assert lines_wanted(hand[:8], [], 400, 4) == 1 and lines_wanted(hand[:24], [], 400, 4) == 2
    assert share_lines([5, 2, 1], 2) == [2, 2, 1]  # (one line to the seat it completes, one to the other)
    assert share_lines([3, 3], 5) == [3, 3]


@pytest.mark.parametrize("variant", ["six-hand", "samba"])
def test_going_out_by_two_additions_at_once_holds_the_first(variant):
    """Two canastas to go out, six kings and six queens down, HK HQ in hand: the way out is
    both additions in one move (each alone leaves one card: R-KEEP-TWO / V-KEEP-TWO). After
    a "yes" it is the only legal move, so the table must be able to make it: the first
    addition is held, the second lays both."""
    if variant == "samba":
        melds = [["CK DK SK CK DK SK", "CQ DQ SQ CQ DQ SQ"], []]
        hands = ["HK HQ", "C4", "C6 C7 C8", "C5"]
    else:
        melds = [{"K": "CK DK SK CK DK SK", "Q": "CQ DQ SQ CQ DQ SQ"}, {}, {}]
        hands = ["HK HQ", "C4", "C5", "C6 C7 C8", "C9", "C10"]
    stack, table = make_table(variant=variant)
    table.load_state(position(hands, melds=melds, variant=variant, phase="meld", discard="S4"))
    table.controller.moves.ask_partner()
    tick(stack, 0.1)
    for _ in range(300):
        if table.game.state.phase is not Phase.ANSWER and table.idle:
            break
        tick(stack, 0.05)
    assert table.game.state.this_turn.answer is True  # the partner (a bot) says yes: one card left
    assert [str(m) for m in table.legal_moves()] == [
        ("meld HQ / HK" if variant == "six-hand" else "meld +0: HK / +1: HQ")
    ]
    for face in ("HK", "HQ"):
        slot = next(s for s in our_slots(table) if s.rank.symbol == face[1:])
        drag(stack, card_point(table, hand_card(table, face)), slot_point(table, slot))
        tick(stack, 0.2)
        if face == "HK":
            assert table.ui.staged == [[hand_card_of(table, "HK")]] and table.message is not None
            assert "Held" in table.message[0]
            assert table.stage_info() is None  # (no "initial meld" count: the side has melded)
    assert table.game.state.phase is Phase.OVER and table.game.state.result.went_out == 0


def hand_card_of(table, face: str):
    return next(c for c in table.game.state.hands[0] if c.face == face)


def test_selected_cards_clicked_onto_a_meld_go_onto_that_meld():
    """Select, then click a meld (instead of dragging): the meld's number goes with it, so
    a card reaches a sequence, and a canasta rather than an open group of the same rank."""
    from tests.table_helpers import click

    melds = [["H5 H6 H7", "CK DK SK CK DK SK HK", "CK DK SK"], []]
    stack, table = samba_table(["H8 HK C4 C5"], melds, phase="meld", discard="S4")
    for face, number in (("H8", 0), ("HK", 1)):
        select(stack, table, [face])
        slot = next(s for s in our_slots(table) if s.number == number)
        click(stack, slot_point(table, slot))
        tick(stack, 0.2)
        assert table.refusal is None, table.message
    sizes = [m.size for m in table.game.state.side_melds(0)]
    assert sizes == [4, 8, 3]


def test_an_addition_that_leads_nowhere_is_refused_not_held():
    """One canasta short with no way to make it this turn: the addition that would leave one
    card is refused with its rule (V-KEEP-TWO), not held."""
    melds = [["CK DK SK CK DK SK", "CQ DQ SQ"], []]
    stack, table = samba_table(["HK C5", "C4", "C6 C7 C8", "D5"], melds, phase="meld", discard="S4")
    slot = next(s for s in our_slots(table) if s.rank.symbol == "K")
    drag(stack, card_point(table, hand_card(table, "HK")), slot_point(table, slot))
    tick(stack, 0.2)
    assert not table.ui.staged and table.refusal is not None and table.refusal.rule == "V-KEEP-TWO"


@pytest.mark.parametrize("variant", ["classic", "bolivia"])
def test_black_threes_laid_before_the_rest_of_going_out_are_held(variant):
    """Going out with three black threes, a king and a card to discard: black threes meld
    only in the move that goes out (R-BLACK3), so laid first (as a player does, play-test in
    Bolivia, stop 59) they were refused "only when going out" while going out. They are held
    now, and the king onto the kings lays both; the discard goes out."""
    if variant == "bolivia":
        melds = [["C5 C6 C7 C8 C9 C10 CJ", "CK DK SK CK DK SK"], []]
    else:
        melds = [{"K": "CK DK SK CK DK SK", "A": "CA DA SA CA DA SA HA"}, {}]
    stack, table = make_table(variant=variant)
    hands = ["C3 C3 S3 HK C4", "D4", "C6 C7 C8", "D5"]
    table.load_state(position(hands, melds=melds, variant=variant, phase="meld", discard="S4"))
    threes = select(stack, table, ["C3", "C3", "S3"])
    cell = table.layout.new_meld_rect if variant == "bolivia" else table.geometry.meld_areas[0]
    assert cell is not None
    drag(stack, card_point(table, threes[0]), cell.center)
    tick(stack, 0.2)
    assert table.refusal is None and table.message is not None, table.message
    assert table.message[0].startswith("Held: black threes")
    assert [sorted(c.face for c in g) for g in table.ui.staged] == [["C3", "C3", "S3"]]
    kings = next(s for s in our_slots(table) if s.rank.symbol == "K")
    drag(stack, card_point(table, hand_card(table, "HK")), slot_point(table, kings))
    tick(stack, 0.2)
    assert table.refusal is None, table.message
    assert [c.face for c in table.game.state.hands[0]] == ["C4"] and not table.ui.staged
    double_click(stack, table, "C4")
    for _ in range(100):
        if table.game.state.phase is Phase.OVER:
            break
        tick(stack, 0.05)
    assert table.game.state.phase is Phase.OVER and table.game.state.result.went_out == 0


def test_black_threes_with_no_way_out_this_turn_are_refused_not_held():
    """One canasta in Bolivia (two are needed): the threes lead to no going out, so they are
    refused with their rule, not held."""
    melds = [["C5 C6 C7 C8 C9 C10 CJ", "CK DK SK CK DK SK"], []]
    hands = ["C3 C3 S3 HQ C4", "D4", "C6 C7 C8", "D5"]
    stack, table = samba_table(hands, melds, variant="bolivia", phase="meld", discard="S4")
    threes = select(stack, table, ["C3", "C3", "S3"])
    drag(stack, card_point(table, threes[0]), table.layout.new_meld_rect.center)
    tick(stack, 0.2)
    assert not table.ui.staged and table.refusal is not None and table.refusal.rule == "R-BLACK3"


def test_why_not_opens_the_games_own_section():
    """The dialog chose its section by rule alone: Hand and Foot's "keep two cards" showed
    Samba's going out, Samba's minimum the classic table (rules review, stop 42). Each
    variant's own page says it now, and every section it names exists on some page."""
    from game.rules import RulesConfig
    from game.rules_text import all_blocks
    from game.why_not import FEW_SECTIONS, MANY_SECTIONS, PAGE_SECTIONS, rule_section

    headings = {msgid for kind, msgid, _cards in all_blocks() if kind == "h"}
    for table in (*PAGE_SECTIONS.values(), FEW_SECTIONS, MANY_SECTIONS):
        assert set(table.values()) <= headings
    expected = {
        ("hand-and-foot", "V-KEEP-TWO"): "Going out in Hand and Foot",
        ("hand-and-foot", "R-ASK"): "Going out in Hand and Foot",
        ("bolivia", "V-KEEP-TWO"): "Going out and black threes in Bolivia",
        ("samba", "R-MIN"): "Going out and scoring in Samba",
        ("six-hand-2x3", "R-MIN"): "Five and six players",
        ("two-hand", "R-KEEP-TWO"): "Two and three players",
        ("six-hand", "V-KEEP-TWO"): "Five and six players",
        ("six-hand-2x3", "V-BLACK3"): "Five and six players",
        ("five-hand", "R-KEEP-TWO"): "Going out",  # (a classic deal: classic's section says it)
        ("five-hand", "R-MIN"): "The first meld",
        ("samba", "V-BLACK3"): "Wild cards and threes",
        ("classic", "R-KEEP-TWO"): "Going out",
        ("classic", "R-MIN"): "The first meld",
    }
    for (variant, rule), heading in expected.items():
        shown, paragraphs = rule_section(rule, RulesConfig.for_variant(variant).rules)
        assert shown == heading and paragraphs, (variant, rule)


def _may_cite(rule: str, rules) -> bool:
    """`rule` is one the engine of `rules`' game may cite (VARIANTS.md's rules only in the
    games that have them; the base rules in every game)."""
    if rule == "V-KEEP-TWO":
        return rules.variant_keep_two
    if rule == "V-BLACK3":
        return rules.black_threes_max > 4
    prefixes = {"V-SAMBA-": rules.sequences, "V-BOL-": rules.wild_melds, "V-HF-": rules.foot > 0}
    return next((has for prefix, has in prefixes.items() if rule.startswith(prefix)), True)


@pytest.mark.parametrize("variant", [v.id for v in VARIANTS])
def test_every_why_not_opens_a_section_of_the_game_s_own_rules(variant):
    """Six-hand's "keep two cards" refusal opened Samba's going out (the engine cited V-KEEP-TWO
    nowhere, R-KEEP-TWO under "Five and six players": play-test, stop 54); Samba's black
    threes, the section on five and six players. Every rule a game's refusal may cite opens
    its own page, or the classic page its page builds on, never a section on another number
    of players; its line names no other game's requirement."""
    from game.rules_text import FEW_PLAYERS, MANY_PLAYERS, PAGES, page_for
    from game.why_not import RULE_EXPLANATIONS, game_rule, rule_explanation, section_heading

    rules = RulesConfig.for_variant(variant).rules
    page = page_for(rules)
    pages = {0, page} | ({1} if page == 2 else set())  # (Bolivia's page amends Samba's)
    headings = {msgid for number in pages for kind, msgid, _cards in PAGES[number].blocks if kind == "h"}
    for rule in filter(lambda rule: _may_cite(rule, rules), RULE_EXPLANATIONS):
        heading = section_heading(rule, rules)
        assert heading in headings, (rule, heading)
        assert heading != MANY_PLAYERS or rules.players > 4, (rule, heading)
        assert heading != FEW_PLAYERS or rules.players < 4, (rule, heading)
        assert _may_cite(game_rule(rule, rules), rules), rule
        line = rule_explanation(rule, rules) or ""
        others = {"escalera": rules.out_needs_sequence, "books": rules.foot > 0, "samba": rules.sequences}
        if rule.endswith("KEEP-TWO") or rule.endswith("-OUT"):
            assert not any(word in line for word, own in others.items() if not own), (rule, line)


@pytest.mark.parametrize(
    "variant,rule,heading,says",
    [
        ("six-hand", "V-KEEP-TWO", "Five and six players", "two canastas"),
        ("six-hand-2x3", "V-KEEP-TWO", "Five and six players", "two canastas"),
        ("five-hand", "R-KEEP-TWO", "Going out", "the canastas it needs"),
    ],
)
def test_keep_two_refused_at_a_six_hand_table_cites_the_variant_s_rule(variant, rule, heading, says):
    """Six-hand's refusal to meld down to one card cited R-KEEP-TWO ("without a canasta")
    under "Five and six players" (play-test, stop 54): VARIANTS.md's V-KEEP-TWO says what six
    players need (two canastas). Five-hand plays a classic deal: R-KEEP-TWO, classic's section."""
    from game.scenes.table_menu import RuleDialog

    config = RulesConfig.for_variant(variant)
    hands = ["C9 D9 H9 C4"] + [f"S{n} H{n}" for n in range(4, 4 + config.players - 1)]
    melds = [{"K": "SK HK CK" if variant == "five-hand" else "SK SK HK HK CK CK DK"}] + [{}] * (config.sides - 1)
    extra = {}
    if variant == "five-hand":  # (South-east sits out: no cards)
        hands[4], extra = "", {"out": 4, "dealer": 3}
    stack, table = make_table(variant=variant)
    table.load_state(position(hands, melds=melds, variant=variant, phase="meld", discard="D5", **extra))
    tick(stack, 0.1)
    select(stack, table, ["C9", "D9", "H9"])
    table.controller.moves.key_meld()
    table.controller.moves.confirm_staged()
    refusal = table.refusal
    assert refusal is not None and refusal.rule == rule and refusal.shown_rule() == rule
    line = refusal.explanation() or ""
    assert says in line and not any(word in line for word in ("escalera", "samba", "books")), line
    dialog = RuleDialog(refusal.rule, refusal.reason(), config.rules)
    assert dialog.dialog.title == f"Why not? {heading} ({rule})", dialog.dialog.title


def test_a_refusal_explains_the_rule_as_the_samba_family_has_it():
    """A group with one natural card was refused in Samba with classic's sentence under it:
    "... at most three wild cards ..." (Samba allows two, V-SAMBA-MELDS); a take with one
    natural and a wild card, "or one natural and one wild card" (never in Samba,
    V-SAMBA-TAKE); and Bolivia's sequence refusals said "wild cards never meld alone",
    though Bolivia melds them (V-BOL-WILD) (play-test). The refusal's sentence is now the
    game's own."""
    for variant in ("samba", "bolivia"):
        stack, table = samba_table(["H9 D2 C2 C4 C5 C6"], [["HK DK SK"], []], variant=variant, phase="meld")
        cards = select(stack, table, ["H9", "D2", "C2"])
        drag(stack, card_point(table, cards[0]), table.layout.new_meld_rect.center)
        tick(stack, 0.2)
        refusal = table.refusal
        assert refusal is not None and refusal.rule == "R-MELD", table.message
        explanation = refusal.explanation()
        assert explanation is not None and "two wild cards at most" in explanation, explanation
        assert "three wild cards" not in explanation
        assert ("on their own" in explanation) == (variant == "bolivia"), explanation
        assert "never meld alone" not in explanation or variant == "samba"

    stack, table = samba_table(["H9 H10 SQ C4 C5"], [[], []], variant="bolivia", phase="meld", discard="S4")
    cards = select(stack, table, ["H9", "H10", "SQ"])
    drag(stack, card_point(table, cards[0]), table.geometry.meld_areas[0].center)
    assert table.refusal is not None and table.refusal.rule == "V-SAMBA-MELDS"
    assert "never meld alone" not in (table.refusal.explanation() or ""), table.refusal.explanation()


def test_a_take_refused_by_the_table_names_samba_s_take_on_its_chip():
    """The table's own take refusals cite R-TAKE, and their rule line gives Samba's take:
    the chip read "Rule R-TAKE" above it (play-test, stop 48). It names V-SAMBA-TAKE, and so
    does the "Why not?" dialog's title."""
    from game.scenes.layout import Ruler
    from game.scenes.table_menu import RuleDialog

    stack, table = samba_table(["C4 H9 HQ", "C6", "C7", "C9"], [[], []], discard="D5 C4")
    tick(stack, 0.1)
    select(stack, table, ["C4", "H9"])
    table.keyboard.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode=""))
    refusal = table.refusal
    assert refusal is not None and refusal.rule == "R-TAKE", table.message
    footer = table.view.panels._refusal_parts(Ruler(1.0), 400, False)[1]
    assert footer.startswith("Rule V-SAMBA-TAKE ·"), footer
    dialog = RuleDialog(refusal.rule, refusal.reason(), table.config.rules)
    assert "(V-SAMBA-TAKE)" in dialog.dialog.title, dialog.dialog.title


@pytest.mark.parametrize("variant", ["samba", "bolivia"])
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_take_refusal_offers_dragging_onto_a_meld_only_when_one_takes_the_top_card(variant, language):
    """One natural 4 dropped on the 4 of the pile, the side holding jacks and eights: the
    refusal offered "or drag it onto a meld of your side that is not yet a canasta", a meld
    there was not (play-test, stops 47 and 48). It names the pair alone and why, and the
    rule line under it says Samba's take, never with one natural card and a wild card."""
    from game import i18n

    i18n.set_language(language)
    try:
        for melds, offers in (([["CJ DJ SJ", "C8 D8 H8"], []], False), ([["C5 C6 C7"], []], True)):
            stack, table = samba_table(["C4 D2 H9 HQ", "C6", "C7", "C9"], melds, variant=variant, discard="D5 C4")
            tick(stack, 0.1)
            cards = select(stack, table, ["C4"])
            drag(stack, card_point(table, cards[0]), PILE_POS)
            tick(stack, 0.1)
            refusal = table.refusal
            assert refusal is not None and refusal.rule == "V-SAMBA-TAKE"
            reason, line = refusal.headline(), refusal.explanation() or ""
            onto = {"en": "not yet a canasta", "zh_CN": "还不是卡纳斯塔"}[language]
            none = {"en": "no meld of your side takes it", "zh_CN": "没有"}[language]
            assert (onto in reason) == offers and (none in reason) == (not offers), reason
            assert {"en": "never one natural and a wild card", "zh_CN": "不能"}[language] in line, line
            assert "4" in reason and "4♣" in reason, reason
    finally:
        i18n.set_language("en")


def test_the_samba_family_says_its_own_take_and_empty_stock_under_a_classic_rule_id():
    from game.rules import IllegalMove
    from game.why_not import Refusal, rule_explanation

    samba = RulesConfig.for_variant("samba").rules
    bolivia = RulesConfig.for_variant("bolivia").rules
    classic = RulesConfig.for_variant("classic").rules
    take = Refusal("R-TAKE", IllegalMove("R-TAKE", "the discard pile is empty"), rules=samba)
    assert "one natural and one wild card" not in (take.explanation() or "")
    assert take.explanation() == rule_explanation("V-SAMBA-TAKE")
    assert rule_explanation("R-EXHAUSTED", samba) == rule_explanation("V-SAMBA-EXHAUSTED")
    assert rule_explanation("R-OUT", bolivia) == rule_explanation("V-BOL-OUT")
    assert rule_explanation("R-TAKE", classic) == rule_explanation("R-TAKE")  # classic keeps its own
    assert rule_explanation("R-TAKE") == rule_explanation("R-TAKE", None)
    # The chip names the rule its line gives (it read R-TAKE above Samba's take: play-test)
    assert take.shown_rule() == "V-SAMBA-TAKE"
    assert Refusal("R-OUT", rules=bolivia).shown_rule() == "V-BOL-OUT"
    assert Refusal("R-TAKE", rules=classic).shown_rule() == "R-TAKE"
    assert Refusal("R-TAKE", rules=RulesConfig.for_variant("hand-and-foot").rules).shown_rule() == "R-TAKE"


def test_why_not_in_bolivia_says_what_bolivia_changes_in_samba_s_melds():
    """Bolivia's "Why not?" for a meld opened Samba's "Groups and sequences" alone: "Wild
    cards are never melded alone ... a sequence of seven is a samba", both untrue there
    (V-BOL-WILD, V-BOL-ESCALERA; play-test). Bolivia's own words follow it now."""
    from game.why_not import rule_section

    bolivia = RulesConfig.for_variant("bolivia").rules
    for rule in ("V-SAMBA-MELDS", "R-MELD"):
        heading, paragraphs = rule_section(rule, bolivia)
        text = " ".join(paragraphs)
        assert heading == "Groups and sequences" and "escalera" in text and "wild meld" in text, rule
    heading, paragraphs = rule_section("V-SAMBA-MELDS", RulesConfig.for_variant("samba").rules)
    assert "escalera" not in " ".join(paragraphs) and "wild meld" not in " ".join(paragraphs)


def test_every_rewording_starts_from_a_message_the_engine_or_the_table_gives():
    """TABLE_WORDING's keys are the engine's message ids, ALONE_WORDING's the engine's or
    TABLE_WORDING's words: an engine message reworded, a rewording left behind would stop
    applying without a word (review, stop 47)."""
    import ast
    from pathlib import Path

    from game.why_not import ALONE_WORDING, TABLE_WORDING

    root = Path(__file__).resolve().parents[2]
    engine = set()
    for path in (root / "game" / "rules").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "N_" and node.args:
                if isinstance(node.args[0], ast.Constant):
                    engine.add(node.args[0].value)
    assert set(TABLE_WORDING) <= engine, set(TABLE_WORDING) - engine
    assert set(ALONE_WORDING) <= engine | set(TABLE_WORDING.values()), (
        set(ALONE_WORDING) - engine - set(TABLE_WORDING.values())
    )


@pytest.mark.parametrize(
    "variant,says,never",
    [
        ("samba", ["two canastas", "samba counts"], ["escalera", "books", "Bolivia"]),
        ("bolivia", ["escalera", "bolivia counts"], ["books", "samba"]),
        ("hand-and-foot", ["two clean and two dirty books", "foot"], ["escalera", "canasta"]),
    ],
)
def test_keep_two_s_rule_line_says_the_game_s_own_requirement(variant, says, never):
    """V-KEEP-TWO's line under a refusal in Samba read "Until your side can go out (two
    canastas, one an escalera in Bolivia, or the books quota)..." (play-test, stop 48):
    each game says its own requirement."""
    from game.why_not import rule_explanation

    line = rule_explanation("V-KEEP-TWO", RulesConfig.for_variant(variant).rules) or ""
    assert all(word in line for word in says) and not any(word in line for word in never), line
    assert "keep at least two cards" in line


def test_keep_two_refused_at_the_table_shows_samba_s_line():
    stack, table = samba_table(
        ["S9 H4", "C6 C6", "C7 C7", "C8 C8"], [["CK DK HK SK CK DK HK", "C9 D9 H9"], []], phase="meld", discard="D5"
    )
    tick(stack, 0.1)
    slot = next(s for s in our_slots(table) if s.number == 1)
    cards = select(stack, table, ["S9"])
    drag(stack, card_point(table, cards[0]), (slot.rect.centerx, slot.rect.y + 20))
    tick(stack, 0.1)
    assert table.refusal is not None and table.refusal.rule == "V-KEEP-TWO"
    line = table.refusal.explanation() or ""
    assert "samba counts" in line and "escalera" not in line and "books" not in line, line


@pytest.mark.parametrize(
    "variant, melds, discard, rule, words",
    [
        (
            "hand-and-foot",
            [[], []],
            "S4 S7",
            "V-HF-TAKE",
            "Only a natural pair of the top card takes the pile in this game",
        ),
        ("samba", [["CK DK HK"], []], "D2 S7", "R-FROZEN", "The pile is frozen (a wild card"),
        ("classic", [{"K": "CK DK HK"}, {}], "D2 S7", "R-FROZEN", "The pile is frozen (a wild card"),
        ("classic", None, "S4 S7", "R-FROZEN", "The pile is frozen for us until we have melded"),
        ("two-hand", None, "S4 S7", "R-FROZEN", "The pile is frozen for you until you have melded"),
    ],
)
def test_t_without_the_pair_the_pile_needs_says_the_player_holds_none(variant, melds, discard, rule, words):
    """T (or a click on the pile) where only a natural pair of the top card takes it said
    "select the pair and drop it on the pile" to a player holding no pair (Hand and Foot,
    play-test, stop 52); classic's T asked for "a natural pair of 7s from your hand". Both say
    the player holds no pair of 7s, and to draw: nothing else takes that pile."""
    from rules_helpers import position

    feet = {"feet": ["C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA"] * 4} if variant == "hand-and-foot" else {}
    players = RulesConfig.for_variant(variant).players
    hands = ["D5 D6 D9 H9", "D4", "D6", "D7"][:players]
    stack, table = make_table(variant=variant)
    table.load_state(position(hands, melds=melds, variant=variant, discard=discard, **feet))
    tick(stack, 0.1)
    for act in (table.controller.moves.key_take, table.controller.moves.click_pile):
        table.controller.said = None
        act()
        assert table.refusal is not None and table.refusal.rule == rule, table.message
        text = table.message[0]
        assert text.startswith(words) and "you hold no pair of 7s" in text and "draw from the stock" in text.lower()
        assert "select the pair" not in text.lower()
    # With the pair in hand the old words stand: select it and drop it on the pile.
    stack, table = make_table(variant=variant)
    table.load_state(
        position(["D7 H7 D9 H9", "D4", "D6", "C7"][:players], melds=melds, variant=variant, discard=discard, **feet)
    )
    tick(stack, 0.1)
    table.controller.moves.click_pile()
    assert "you hold no pair" not in (table.message[0] if table.message else "")


@pytest.mark.parametrize("variant", ["classic", "two-hand"])
def test_t_with_a_pair_short_of_the_first_meld_takes_with_the_wild_cards_that_reach_it(variant):
    """The side has not melded (the pile frozen for it): a pair of 7s and the 7 on top make
    15, short of 50. After Esc put the hint away, T took with the bare pair and was refused
    as 35 short (play-test, stop 59): T (and a click on the pile) take with the fewest, then
    cheapest, wild cards of the hand that reach the minimum: the joker (65), not a 2 (35)."""
    players = RulesConfig.for_variant(variant).players
    hands = ["D7 H7 C2 JK D9 H5 S4", "D4", "D6", "D8"][:players]
    for act in ("key_take", "click_pile"):
        stack, table = make_table(variant=variant)
        table.load_state(position(hands, variant=variant, discard="S4 S7"))
        tick(stack, 0.1)
        getattr(table.controller.moves, act)()
        assert table.refusal is None, table.message
        st = table.game.state
        (meld,) = st.melds[0].values()
        assert not st.pile and [str(c) for c in meld.cards if c.is_wild] == ["JK"], meld
        assert "C2" in [str(c) for c in st.hands[0]]
    # With no wild card that reaches it, the refusal says how short the pair falls, as before.
    stack, table = make_table(variant=variant)
    table.load_state(position(["D7 H7 C2 D9 H5 S4", "D4", "D6", "D8"][:players], variant=variant, discard="S4 S7"))
    tick(stack, 0.1)
    table.controller.moves.key_take()
    assert table.refusal is not None and table.refusal.rule == "R-TAKE-MIN", table.message


@pytest.mark.parametrize("variant", ["samba", "bolivia"])
@pytest.mark.parametrize("hand", ["D5 D6 D9 H9", "D5 D7 D9 H2"])
def test_a_pile_nothing_takes_in_samba_says_so_rather_than_select_the_cards(variant, hand):
    """Samba, a pile not frozen, a 7 on top: the player holds no pair of 7s (one 7 and a wild
    card do not take it, V-SAMBA-TAKE) and no meld of the side takes the 7. T, or a click on
    the pile, said "To take the pile, select the cards that meld its top card and drop them on
    the pile." (play-test, stop 58): there were no such cards. It says what takes the pile here,
    that the player has neither, and to draw."""
    stack, table = make_table(variant=variant)
    table.load_state(position([hand, "D4", "D6", "C7"], melds=[["CK DK HK"], []], variant=variant, discard="S4 S7"))
    tick(stack, 0.1)
    assert not any(m.kind is MoveKind.TAKE for m in table.legal_moves())  # (truly nothing takes it)
    for act in (table.controller.moves.key_take, table.controller.moves.click_pile):
        table.controller.said = None
        act()
        assert table.refusal is not None and table.refusal.rule == "V-SAMBA-TAKE", table.message
        text = table.message[0]
        assert text.startswith("Nothing takes this pile: you hold no natural pair of 7s"), text
        assert "that is not yet a canasta takes the 7\u2660" in text
        assert text.endswith("Draw from the stock.") and "select the cards" not in text
    # Where a meld of ours takes the top card, the click takes the pile onto it, as before.
    stack, table = make_table(variant=variant)
    table.load_state(position([hand, "D4", "D6", "C7"], melds=[["D7 H7 C7"], []], variant=variant, discard="S4 S7"))
    tick(stack, 0.1)
    table.controller.moves.click_pile()
    assert table.refusal is None and len(table.game.state.pile) == 0


def test_asking_with_the_books_quota_met_says_what_stands_in_the_way():
    """Hand and Foot from the foot with two clean and two dirty books: the greyed "May I go
    out?" said only "You could not go out this turn, so you may not ask." (play-test, stop 52):
    it names the cards no meld of ours takes (a queen where the queens are a closed book, a
    four with no fours down), or says the hand cannot all be laid with one left to discard."""
    books = ["D9 H9 S9 D9 H9 S9 D9", "DQ HQ SQ DQ HQ SQ CQ", "D8 H8 S8 D8 H8 S8 JK", "D7 H7 S7 D7 H7 S7 H2"]
    feet = [None, *["C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA"] * 3]
    hands = ["S4 C5 H5 CK CK DQ", "D4", "S6", "H5"]
    stack, table = hand_and_foot(hands, [books, []], feet=feet, phase="meld", discard="S4")
    assert table_facts.out_need(table.game.state, 0).met and not table.can(MoveKind.ASK)
    table.controller.moves.key_ask()
    assert table.refusal is not None and table.refusal.rule == "V-HF-ASK"
    assert table.message[0] == (
        "You may not ask: you could not go out this turn. 4♠ Q♦ fit none of our melds, "
        "and only one card may be discarded."
    ), table.message
    # Pairs with no wild card to meld them: nothing fits nowhere, yet the hand cannot all go.
    stack, table = hand_and_foot(["C5 H5 CJ DJ", "D4", "S6", "H5"], [books, []], feet=feet, phase="meld", discard="S4")
    table.controller.moves.key_ask()
    assert table.refusal.rule == "V-HF-ASK" and "cannot all be melded" in table.message[0], table.message
    # Able to go out: the question is asked.
    stack, table = hand_and_foot(["C9 D9 H9 S4", "D4", "S6", "H5"], [books, []], feet=feet, phase="meld", discard="S4")
    table.controller.moves.key_ask()
    assert table.refusal is None and table.game.state.phase is Phase.ANSWER


def test_asking_without_the_canastas_or_books_says_what_going_out_still_needs():
    """The greyed "May I go out?" (or A) in the Samba family names what the side still lacks,
    under the game's going-out rule: after a card was laid the engine's "ask before laying"
    read as if asking earlier would have let the player go out (play-test)."""
    melds = [["CK DK SK CK DK SK HK", "CQ DQ SQ"], []]
    stack, table = samba_table(["HQ C5 C6 D9 D9", "C4", "C6 C7 C8", "D5"], melds, phase="meld", discard="S4")
    moves = table.controller.moves
    moves.key_ask()
    assert table.refusal is not None and table.refusal.rule == "V-SAMBA-OUT"
    assert "canastas 1/2" in table.message[0], table.message
    assert table.controller.play(Move.parse("meld +1: HQ"))
    moves.key_ask()
    assert table.refusal.rule == "V-SAMBA-OUT" and "canastas 1/2" in table.message[0], table.message
    # Hand and Foot: from the foot, the books; from the hand, the engine's own reason.
    books = [["D9 H9 S9 D9 H9 S9 D9", "D8 H8 S8 D8 H8 S8 JK"], []]
    feet = [None, *["C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA"] * 3]
    stack, table = hand_and_foot(["D5 H6 D7 S4", "D4", "S6", "H5"], books, feet=feet, phase="meld", discard="S4")
    table.controller.moves.key_ask()
    assert table.refusal.rule == "V-HF-OUT" and "clean 1/2, dirty 1/2" in table.message[0], table.message
    stack, table = hand_and_foot(["D5 H6 D7 S4", "D4", "S6", "H5"], books, phase="meld", discard="S4")
    table.controller.moves.key_ask()
    assert table.refusal.rule == "V-HF-ASK", table.message


@pytest.mark.parametrize("variant", ["samba", "bolivia"])
def test_a_blocked_pile_s_why_not_quotes_the_samba_family_s_take(variant):
    """Samba's "Why not?" under a black three on the pile quoted classic's "Taking the discard
    pile", which offers a take with one natural card and a wild card, never allowed in Samba
    (play-test in Chinese, stop 54): it says the rule, then the Samba family's take of the pile."""
    from game.rules_text import PAGES
    from game.why_not import rule_section

    rules = RulesConfig.for_variant(variant).rules
    heading, paragraphs = rule_section("R-BLOCKED", rules)
    assert heading == "Taking the pile in Samba"
    classic_take = next(msgid for kind, msgid, _cards in PAGES[0].blocks if kind == "p" and "one natural card" in msgid)
    assert paragraphs and classic_take not in paragraphs
    assert any("Never with one natural card and a wild card" in paragraph for paragraph in paragraphs)
    assert paragraphs[0] == "Nobody can take the pile while a wild card or a black three is on top."
    classic_heading, classic = rule_section("R-BLOCKED", RulesConfig.for_variant("classic").rules)
    assert classic_heading == "Taking the discard pile" and paragraphs[0] not in classic  # (its section says it)
    assert any(paragraphs[0] in paragraph for paragraph in classic)


def test_a_sequence_dropped_in_hand_and_foot_cites_its_books_rule():
    """A sequence dropped in Hand and Foot was refused citing R-MELD, classic's rule; V-HF-BOOKS
    says "no sequences" there, and its sentence under the refusal says so (play-test, stop 59)."""
    from game.scenes.table_menu import RuleDialog

    stack, table = hand_and_foot(["C4 C5 C6 C9 HK"], [[], []], phase="meld")
    cards = select(stack, table, ["C4", "C5", "C6"])
    drag(stack, card_point(table, cards[0]), table.geometry.meld_areas[0].center)
    tick(stack, 0.2)
    refusal = table.refusal
    assert refusal is not None and refusal.rule == "V-HF-BOOKS", table.message
    assert refusal.shown_rule() == "V-HF-BOOKS"
    explanation = refusal.explanation() or ""
    assert "never sequences" in explanation, explanation
    dialog = RuleDialog(refusal.rule, refusal.reason(), table.config.rules)
    assert dialog.dialog.title == "Why not? Books (V-HF-BOOKS)", dialog.dialog.title
    assert len(table.game.state.hands[0]) == 5  # nothing laid
