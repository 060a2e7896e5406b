"""One or more tests per rule id of RULES.md, on positions written in the notation."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from rules_helpers import hand, legal, play, position

from game.rules import CLASSIC, DECK, Card, GameState, IllegalMove, Move, Phase, PositionError, Rank, RulesConfig
from game.rules.events import CanastaMade, DealEnded, Drew, Melded, PileTaken, RedThreeLaid, UpcardTurned, WentOut


def illegal(state: GameState, move: str, rule: str) -> IllegalMove:
    before = str(state.legal_moves()), [list(h) for h in state.hands], list(state.pile)
    with pytest.raises(IllegalMove) as info:
        state.apply(Move.parse(move))
    assert info.value.rule == rule, info.value
    after = str(state.legal_moves()), [list(h) for h in state.hands], list(state.pile)
    assert before == after, "an illegal move must leave the state untouched"
    return info.value


# -- 1. Cards and values -------------------------------------------------------------
def test_R_DECK_108_cards_with_the_right_copies():
    assert len(DECK) == 108
    faces = Counter(c.face for c in DECK)
    assert faces["JK"] == 4
    assert sum(n for f, n in faces.items() if f[1:] == "2") == 8
    assert faces["H3"] + faces["D3"] == 4 and faces["C3"] + faces["S3"] == 4
    for rank in "4 5 6 7 8 9 10 J Q K A".split():
        assert sum(n for f, n in faces.items() if f != "JK" and f[1:] == rank) == 8


def test_R_WILD_jokers_and_twos_only():
    assert {c.face for c in DECK if c.is_wild} == {"JK", "C2", "D2", "H2", "S2"}
    assert not Card.parse("S3").is_wild and not Card.parse("H3").is_natural


@pytest.mark.parametrize(
    "face,value",
    [("JK", 50), ("D2", 20), ("HA", 20), ("SK", 10), ("C8", 10), ("H10", 10), ("D7", 5), ("C4", 5), ("S3", 5)],
)
def test_R_VALUE(face, value):
    assert Card.parse(face).value == value


# -- 2. Seats and deal ---------------------------------------------------------------------
def test_R_SEATS_partners_sit_opposite():
    config = RulesConfig()  # South 0, West 1, North 2, East 3, clockwise
    assert config.partner_of(0) == 2 and config.partner_of(1) == 3
    assert config.next_seat(0) == 1 and config.next_seat(3) == 0
    assert [config.side_of(s) for s in range(4)] == [0, 1, 0, 1]


def test_R_DEAL_and_R_FIRST_eleven_each_from_dealers_left():
    state, events = GameState.deal(RulesConfig(), random.Random(5), dealer=2)
    assert state.turn == 3 and state.phase is Phase.DRAW  # R-FIRST
    dealt = events[0]
    assert [len(h) for h in dealt.hands] == [11] * 4
    placed = (
        sum(len(h) for h in state.hands) + len(state.pile) + len(state.stock) + sum(len(r) for r in state.red_threes)
    )
    assert placed == 108


def test_R_DEAL_dealer_rotates_clockwise():
    from game.rules import Game

    game = Game(RulesConfig(), seed=1)
    dealers = [game.state.dealer]
    rng = random.Random(0)
    for _ in range(3):
        while not game.state.is_over:
            game.apply(rng.choice(game.state.legal_moves()))
        if game.winner is not None:
            break
        game.next_deal()
        dealers.append(game.state.dealer)
    assert dealers == [(dealers[0] + i) % 4 for i in range(len(dealers))]


def test_R_UPCARD_wild_or_red_three_is_buried_and_freezes():
    for seed in range(400):
        state, events = GameState.deal(RulesConfig(), random.Random(seed))
        ups = [e.card for e in events if isinstance(e, UpcardTurned)]
        if len(ups) > 1:
            assert all(c.is_wild or c.is_red_three for c in ups[:-1])
            assert not (ups[-1].is_wild or ups[-1].is_red_three)
            assert state.pile_frozen and state.pile == ups
            return
    pytest.fail("no seed buried an upcard")


def test_R_DEALT_RED3_laid_and_replaced():
    for seed in range(200):
        state, events = GameState.deal(RulesConfig(), random.Random(seed))
        laid = [e for e in events if isinstance(e, RedThreeLaid)]
        if laid:
            assert all(len(h) == 11 for h in state.hands)
            assert not any(c.is_red_three for h in state.hands for c in h)
            assert sum(len(r) for r in state.red_threes) == len(laid)
            return
    pytest.fail("no seed dealt a red three")


# -- 3. A turn -------------------------------------------------------------------------------
def test_R_TURN_draw_then_discard_passes_the_turn():
    s = position(["C5 C6", "D9 D10"], stock="SK S4")
    assert legal(s) == ["draw"]
    play(s, "draw")
    assert s.phase is Phase.MELD and hand(s, 0) == ["C5", "C6", "SK"]
    illegal(s, "draw", "R-TURN")
    play(s, "discard C5")
    assert s.turn == 1 and s.phase is Phase.DRAW and s.pile[-1].face == "C5"


def test_R_RED3_drawn_is_laid_and_replaced():
    s = position(["C5 C6"], stock="H3 SK S4")
    events = play(s, "draw")
    assert [type(e) for e in events] == [Drew, RedThreeLaid, Drew]
    assert [c.face for c in s.red_threes[0]] == ["H3"] and hand(s, 0) == ["C5", "C6", "SK"]


def test_R_RED3_from_the_pile_laid_without_replacement():
    # The buried upcard red three comes with the pile.
    s = position(["C9 C9 C5 C6", "D4 D4"], melds=[{"K": "SK HK DK"}, {}], discard="H3 D9", stock="S4 S5")
    events = play(s, "take C9 C9")
    assert any(isinstance(e, RedThreeLaid) and e.from_pile for e in events)
    assert [c.face for c in s.red_threes[0]] == ["H3"] and hand(s, 0) == ["C5", "C6"]
    assert len(s.stock) == 2


def test_R_LASTRED3_ends_the_deal_at_once():
    s = position(["C5 C6", "D4 D5"], stock="D3")
    events = play(s, "draw")
    assert isinstance(events[-1], DealEnded) and events[-1].reason == "last-red-three"
    assert s.phase is Phase.OVER and len(s.red_threes[0]) == 1


# -- 4. Melds ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "group,ok",
    [
        ("C9 D9 D2", True),
        ("C9 D9 S9 H2 D2 JK", True),
        ("C9 D2 H2", False),
        ("C9 D9 D2 H2 S2", False),
        ("C9 D9", False),
        ("C9 D9 H9 S9 D2 H2 S2 JK", False),
    ],
)
def test_R_MELD(group, ok):
    s = position([group + " C4 C5 C6"], melds=[{"K": "SK HK DK"}, {}], phase="meld")
    if ok:
        play(s, f"meld {group}")
        assert s.melds[0][Rank.NINE].size == len(group.split())
    else:
        illegal(s, f"meld {group}", "R-MELD")


def test_R_ONE_PER_RANK_new_group_merges():
    s = position(["C9 D9 H9 C4 C5"], melds=[{"9": "S9 S9 D2"}, {}], phase="meld")
    events = play(s, "meld C9 D9 H9")
    assert len(s.melds[0]) == 1 and s.melds[0][Rank.NINE].size == 6
    assert isinstance(events[0], Melded) and not events[0].new_meld


def test_R_OWN_MELDS_cannot_add_to_the_opponents():
    s = position(["C9 C4 C5 C6"], melds=[{"K": "SK HK DK"}, {"9": "S9 S9 D9"}], phase="meld")
    illegal(s, "meld C9", "R-MELD")  # a lone 9 only joins our own 9s, which we lack


def test_R_ADD_wild_alone_and_limits():
    s = position(["JK H2 C4 C5 C6"], melds=[{"K": "SK SK D2"}, {}], phase="meld")
    play(s, "meld K: JK")
    illegal(s, "meld K: H2", "R-MELD")  # never more wild cards than natural ones
    assert s.melds[0][Rank.KING].wilds == 2
    s = position(["JK H2 C4 C5 C6"], melds=[{"K": "SK SK CK HK D2 S2"}, {}], phase="meld")
    play(s, "meld K: JK")
    illegal(s, "meld K: H2", "R-MELD")  # three wild cards at most


def test_R_CANASTA_natural_then_mixed_for_good():
    s = position(["CK DK D2 C4 C5 C6"], melds=[{"K": "SK SK HK HK CK"}, {}], phase="meld")
    events = play(s, "meld CK DK")
    canasta = [e for e in events if isinstance(e, CanastaMade)]
    assert canasta and canasta[0].natural and s.melds[0][Rank.KING].bonus == 500
    play(s, "meld K: D2")
    assert s.melds[0][Rank.KING].bonus == 300 and not s.melds[0][Rank.KING].is_natural


def test_R_BLACK3_melded_only_when_going_out():
    s = position(["C3 S3 C3 C4 C5"], melds=[{"K": "SK SK HK HK CK CK DK"}, {}], phase="meld")
    illegal(s, "meld C3 S3 C3", "R-BLACK3")
    s = position(["C3 S3 C3 C4"], melds=[{"K": "SK SK HK HK CK CK DK"}, {}], phase="meld")
    play(s, "meld C3 S3 C3", "discard C4")
    assert s.result is not None and s.result.sides[0].melds == 70 + 15
    s = position(["C3 S3 D2 C4"], melds=[{"K": "SK SK HK HK CK CK DK"}, {}], phase="meld")
    illegal(s, "meld C3 S3 D2", "R-BLACK3")


def test_R_MIN_COUNT_counts_black_threes_laid_in_the_opening_turn():
    """The rules are silent on black threes and the minimum; R-MIN-COUNT's words count
    every card laid in the turn (docs/rules-choices.md): fours 35 + threes 20 = 55 >= 50."""
    s = position(["H4 H4 S4 S4 D4 D4 C3 C3 S3 S3 D9"], discard="C4", scores=[0, 0])
    illegal(s, "take H4 H4 S4 S4 D4 D4", "R-TAKE-MIN")  # 35 without the threes
    play(s, "take H4 H4 S4 S4 D4 D4 / C3 C3 S3 S3", "discard D9")
    assert s.result is not None and s.result.sides[0].melds == 55


def test_R_BLACK3_blocks_the_next_player_only_until_covered():
    s = position(["C9 C9 D5", "H4 H4"], melds=[{"9": "S9 S9 D9"}, {"5": "H5 C5 S5"}], discard="H9 S3", turn=0)
    assert legal(s) == ["draw"]
    illegal(s, "take C9 C9", "R-BLOCKED")
    play(s, "draw", "discard D5")  # covers the black three
    assert "take" in legal(s)


# -- 5. Initial meld --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "score,minimum", [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (9000, 120)]
)
def test_R_MIN_table(score, minimum):
    assert CLASSIC.minimum_for(score) == minimum


def test_R_MIN_refused_with_the_shortfall():
    s = position(["C9 D9 H9 C4 C5 C6"], phase="meld")
    err = illegal(s, "meld C9 D9 H9", "R-MIN")
    assert "20 short of the minimum 50" in err.reason


def test_R_MIN_COUNT_several_groups_combine_and_bonuses_do_not_count():
    s = position(["CA DA HA CK DK SK C4 C5"], phase="meld", red_threes=["H3 D3", ""])
    play(s, "meld CA DA HA / CK DK SK")  # 60 + 30 = 90
    assert s.has_melded(0)
    s = position(["CK DK HK C4 C5 C6"], phase="meld", red_threes=["H3 D3", ""])
    illegal(s, "meld CK DK HK", "R-MIN")  # 30 counts; the 200 of red threes do not


def test_R_MIN_follows_the_score():
    s = position(["CA DA HA CK DK SK C4 C5"], phase="meld", scores=[3000, 0])
    illegal(s, "meld CA DA HA / CK DK SK", "R-MIN")  # 90 < 120


def test_R_MIN_ATOMIC_is_one_action():
    s = position(["C9 D9 H9 CQ DQ HQ C4 C5"], phase="meld")
    illegal(s, "meld C9 D9 H9", "R-MIN")  # 30 now and 30 later is not an initial meld
    play(s, "meld C9 D9 H9 / CQ DQ HQ")  # 60 in one action
    assert s.has_melded(0)


def test_R_MIN_COUNT_take_counts_top_card_and_hand_only():
    # The buried JK (50) in the pile does not count toward the minimum.
    s = position(["CK DK C4 C5", "H4 H4"], discard="JK SK", stock="S4 S5")
    err = illegal(s, "take CK DK", "R-TAKE-MIN")
    assert "counts 30, 20 short of the minimum 50" in err.reason
    s = position(["CA DA C4 C5", "H4 H4"], discard="JK SA", stock="S4 S5")
    play(s, "take CA DA")  # 20 (top) + 40 (hand) = 60
    assert hand(s, 0) == ["C4", "C5", "JK"]


def test_R_TAKE_MIN_reached_with_extra_groups_from_the_hand():
    s = position(["CK DK CQ DQ HQ C4 C5", "H4 H4"], discard="C6 SK", stock="S4 S5")
    play(s, "take CK DK / CQ DQ HQ")  # 30 + 30 = 60
    assert s.has_melded(0) and hand(s, 0) == ["C4", "C5", "C6"]


def test_R_MIN_CONCEALED_waives_the_minimum_after_a_stock_draw():
    # Melds worth 35 < 50: allowed only because this goes out concealed.
    s = position(["C4 D4 H4 S4 C4 D4 H4 C5"], phase="meld", drawn="stock")
    events = play(s, "meld C4 D4 H4 S4 C4 D4 H4", "discard C5")
    out = [e for e in events if isinstance(e, WentOut)]
    assert out and out[0].concealed and s.result.sides[0].going_out == 200


def test_R_MIN_CONCEALED_never_after_taking_the_pile():
    s = position(["C4 D4 H4 S4 C4 D4", "H5 H5"], discard="H4", stock="S6 S7")
    illegal(s, "take C4 D4 H4 S4 C4 D4", "R-TAKE-MIN")


# -- 6. Taking the pile -----------------------------------------------------------------------
def test_R_TAKE_with_natural_and_wild_when_not_frozen():
    s = position(["C9 D2 C4 C5", "H4 H4"], melds=[{"K": "SK HK DK"}, {}], discard="C6 S9")
    play(s, "take C9 D2")
    assert s.melds[0][Rank.NINE].size == 3 and "C6" in hand(s, 0)


def test_R_TAKE_by_adding_to_the_sides_meld():
    s = position(["C4 C5", "H4 H4"], melds=[{"9": "S9 S9 D9"}, {}], discard="C6 H9")
    assert "take" in legal(s)
    events = play(s, "take")
    assert isinstance(events[0], PileTaken) and s.melds[0][Rank.NINE].size == 4
    assert hand(s, 0) == ["C4", "C5", "C6"]


@pytest.mark.parametrize("variant", ["classic", "two-hand", "three-hand"])
def test_R_TAKE_refusal_names_only_the_ways_the_player_has(variant):
    """Taking a 5 with one natural 5 and no meld of 5s said "...or add it to your side's 5
    meld" (play-test, stop 47): the refusal comes only without that meld, so it names
    just the pair and the natural-and-wild ways, in every game's wording."""
    from game.why_not import why_not

    others = [{}] * (RulesConfig.for_variant(variant).sides - 1)
    s = position(["C5 C4 C6", "H4 H4"], melds=[{"K": "SK HK DK"}, *others], discard="C6 S5", variant=variant)
    err = illegal(s, "take C5", "R-TAKE")
    reason = err.reason
    assert reason == "to take the pile, meld the S5 with two natural 5s, or one and a wild card", reason
    text = why_not(err, s.config.rules)
    assert "5 meld" not in text and "side's" not in text and "two natural 5s" in text, text


def test_R_TAKE_group_may_hold_more_hand_cards():
    s = position(["C9 D9 H9 JK C4", "H4 H4"], melds=[{"K": "SK HK DK"}, {}], discard="C6 S9")
    play(s, "take C9 D9 H9 JK")
    assert s.melds[0][Rank.NINE].size == 5


def test_R_FROZEN_wild_in_pile_needs_a_natural_pair():
    s = position(["C9 D2 C4 C5", "H4 H4"], melds=[{"9": "D9 D9 H9"}, {}], discard="D2 C6 S9")
    illegal(s, "take C9 D2", "R-FROZEN")
    illegal(s, "take", "R-FROZEN")
    s = position(["C9 S9 C4 C5", "H4 H4"], melds=[{"9": "D9 D9 H9"}, {}], discard="D2 C6 S9")
    play(s, "take C9 S9")
    assert s.pile == [] and s.pile_frozen == 0  # taking unfreezes (R-FROZEN)


def test_R_FROZEN_for_a_side_that_has_not_melded():
    s = position(["CA D2 CK DK HK", "H4 H4"], discard="C6 SA", stock="S4 S5")
    illegal(s, "take CA D2 / CK DK HK", "R-FROZEN")


def test_R_BLOCKED_wild_on_top():
    s = position(["C9 C9 C4", "H4 H4"], melds=[{"9": "S9 S9 D9"}, {}], discard="H9 JK")
    illegal(s, "take C9 C9", "R-BLOCKED")
    assert legal(s) == ["draw"]


def test_R_ONE_CARD():
    s = position(["C4", "H4 H4"], melds=[{"9": "S9 S9 D9"}, {}], discard="H9")
    illegal(s, "take", "R-ONE-CARD")
    s = position(["C4", "H4 H4"], melds=[{"9": "S9 S9 D9"}, {}], discard="C6 H9")
    play(s, "take")
    assert hand(s, 0) == ["C4", "C6"]


def test_unfrozen_take_counts_perft():
    """Perft-like: the exact set of ways to take this pile."""
    s = position(["C9 D9 D2 C4", "H4 H4"], melds=[{"9": "S9 S9 C9"}, {}], discard="C6 H9", stock="S4")
    assert legal(s) == ["draw", "take", "take D2", "take C9", "take C9 D2", "take C9 D9", "take C9 D9 D2"]


# -- 7. Going out -------------------------------------------------------------------------------
CANASTA = {"K": "SK SK HK HK CK CK DK"}


def test_R_OUT_needs_a_canasta():
    s = position(["C9 D9 H9 C4"], melds=[{"K": "SK SK HK"}, {}], phase="meld")
    illegal(s, "meld C9 D9 H9", "R-KEEP-TWO")
    s = position(["C9 D9 H9 C4"], melds=[CANASTA, {}], phase="meld")
    events = play(s, "meld C9 D9 H9", "discard C4")
    assert any(isinstance(e, WentOut) for e in events) and s.phase is Phase.OVER


def test_R_OUT_canasta_completed_this_turn_counts():
    s = position(["DK HK"], melds=[{"K": "SK SK HK CK CK"}, {}], phase="meld")
    events = play(s, "meld DK HK")
    assert any(isinstance(e, WentOut) for e in events)


def test_R_KEEP_TWO_without_canasta():
    s = position(["C9 D9 H9 C4 C5"], melds=[{"K": "SK SK HK"}, {}], phase="meld")
    play(s, "meld C9 D9 H9")  # keeps two
    assert len(s.hands[0]) == 2
    s = position(["C9 D9 H9 C4 JK"], melds=[{"K": "SK SK HK"}, {}], phase="meld")
    illegal(s, "meld C9 D9 H9 JK", "R-KEEP-TWO")  # would leave one card without a canasta
    # One card in the meld phase without a canasta: neither discarding nor melding is
    # allowed, so the position cannot arise and is refused (R-NO-STALL).
    with pytest.raises(PositionError, match="R-NO-STALL"):
        position(["C4"], melds=[{"K": "SK SK HK"}, {}], phase="meld")


def test_R_ASK_yes_binds():
    s = position(["C9 D9 H9 C4 C5 C6"], melds=[CANASTA, {"5": "D5 H5 S5"}], phase="meld")
    illegal(s, "ask", "R-ASK")  # 4 5 6 cannot all go: could not go out
    s = position(["C9 D9 H9 C4 C4 C6 D2"], melds=[CANASTA, {}], phase="meld")
    assert "ask" in legal(s)
    play(s, "ask")
    assert s.phase is Phase.ANSWER and s.to_act == 2 and legal(s) == ["yes", "no"]
    play(s, "yes")
    illegal(s, "discard C6", "R-ASK")  # must go out
    illegal(s, "meld C9 D9 H9 D2", "R-ASK")  # would strand C4 C4 C6
    play(s, "meld C4 C4 D2", "meld C9 D9 H9", "discard C6")
    assert s.result.went_out == 0


def test_R_ASK_no_binds():
    s = position(["C9 D9 H9 C4"], melds=[CANASTA, {}], phase="meld")
    play(s, "ask", "no")
    illegal(s, "meld C9 D9 H9", "R-ASK")  # would leave one card: going out
    assert legal(s) == ["discard C4", "discard C9", "discard D9", "discard H9"]
    play(s, "discard C4")
    assert s.turn == 1


def test_R_ASK_only_once_and_before_laying():
    s = position(["C9 D9 H9 C4 C5 D5 H5"], melds=[CANASTA, {}], phase="meld")
    play(s, "meld C9 D9 H9")
    illegal(s, "ask", "R-ASK")
    s = position(["C9 D9 H9 C4"], melds=[CANASTA, {}], phase="meld")
    play(s, "ask", "no")
    illegal(s, "ask", "R-ASK")


def test_R_ASK_not_in_two_hand():
    s = position(["C9 D9 H9 C4", "H4 H4"], melds=[CANASTA, {}], phase="meld", variant="two-hand")
    illegal(s, "ask", "R-ASK")


def test_R_ASK_allowed_right_after_taking_the_pile():
    s = position(["C9 C9 C4 C4 D2", "H4 H4"], melds=[CANASTA, {}], discard="C5 H9")
    play(s, "take C9 C9")
    assert "ask" in legal(s)


def test_R_CONCEALED_spoiled_by_adding_to_the_partners_meld():
    s = position(["C9 D9 H9 S9 C9 D9 H9 CK C4"], melds=[{"K": "SK SK HK"}, {}], phase="meld")
    play(s, "meld C9 D9 H9 S9 C9 D9 H9", "meld CK", "discard C4")
    assert not s.result.concealed and s.result.sides[0].going_out == 100


def test_R_CONCEALED_not_after_laying_earlier_in_the_deal():
    s = position(
        ["C9 D9 H9 S9 C9 D9 H9 C4"],
        melds=[{"K": "SK SK HK"}, {}],
        phase="meld",
        laid_in_deal=[True, False, False, False],
    )
    play(s, "meld C9 D9 H9 S9 C9 D9 H9", "discard C4")
    assert not s.result.concealed


def test_R_CONCEALED_with_the_partner_having_melded():
    s = position(["C9 D9 H9 S9 C9 D9 H9 C4"], melds=[{"K": "SK SK HK"}, {}], phase="meld")
    play(s, "meld C9 D9 H9 S9 C9 D9 H9", "discard C4")
    assert s.result.concealed and s.result.sides[0].going_out == 200


# -- 8. The exhausted stock ---------------------------------------------------------------------
def test_R_EXHAUSTED_forced_take():
    s = position(["C4 C5", "H4 H4"], melds=[{"9": "S9 S9 D9"}, {}], discard="C6 H9", stock="")
    assert "pass" not in legal(s) and "take" in legal(s)
    illegal(s, "pass", "R-EXHAUSTED")
    illegal(s, "draw", "R-EXHAUSTED")


def test_R_EXHAUSTED_may_decline_and_the_deal_ends_without_bonus():
    s = position(["C9 C9 C5", "H4 H4"], melds=[{"K": "SK HK DK"}, {}], discard="C6 H9", stock="")
    assert legal(s)[-1] == "pass" and "take C9 C9" in legal(s)
    events = play(s, "pass")
    assert events[-1].reason == "stock-exhausted"
    assert all(side.going_out == 0 for side in s.result.sides)


def test_R_EXHAUSTED_forced_not_when_frozen():
    s = position(["C9 C9 C5", "H4 H4"], melds=[{"9": "S9 S9 D9"}, {}], discard="D2 C6 H9", stock="")
    assert "pass" in legal(s)


def test_R_EXHAUSTED_cannot_take_ends_the_deal():
    s = position(["C5 C7", "H4 H4"], melds=[{"9": "S9 S9 D9"}, {}], discard="C6 HK", stock="")
    assert legal(s) == ["pass"]


# -- 9. Scoring ---------------------------------------------------------------------------------
def test_R_SCORE_components():
    s = position(
        ["C9 D9 H9 C4", "JK H4", "HA", "S5"],
        melds=[{"K": "SK SK HK HK CK CK DK", "Q": "CQ DQ D2"}, {"5": "D5 H5 S5"}],
        red_threes=["H3 D3", "H3"],
        phase="meld",
    )
    play(s, "meld C9 D9 H9", "discard C4")
    mine, theirs = s.result.sides
    assert mine.melds == 70 + 40 + 30 and mine.canastas == 500
    assert mine.hand == -20 and mine.red_threes == 200 and mine.going_out == 100
    assert mine.total == 140 + 500 - 20 + 200 + 100
    assert theirs.melds == 15 and theirs.hand == -(50 + 5 + 5) and theirs.red_threes == 100
    assert s.result.scores == (mine.total, theirs.total)


def test_R_SCORE_red_threes_negative_without_a_meld_and_800_for_four():
    s = position(["C9 D9 H9 C4", "H4 H4"], melds=[CANASTA, {}], red_threes=["", "H3 H3 D3 D3"], phase="meld")
    play(s, "meld C9 D9 H9", "discard C4")
    assert s.result.sides[1].red_threes == -800
    s = position(
        ["C9 D9 H9 C4", "H4 H4"], melds=[CANASTA, {"5": "D5 H5 S5"}], red_threes=["", "H3 H3 D3 D3"], phase="meld"
    )
    play(s, "meld C9 D9 H9", "discard C4")
    assert s.result.sides[1].red_threes == 800


def test_R_GAME_winner_and_tie():
    s = position(["C9 D9 H9 C4", "H4 H4"], melds=[CANASTA, {}], phase="meld", scores=[4500, 4000])
    play(s, "meld C9 D9 H9", "discard C4")
    assert s.result.winner == 0
    # A tie at or above the target plays another deal.
    s = position(["C9 D9 H9 C4", "H4 H4"], melds=[CANASTA, {}], phase="meld", scores=[0, 0])
    play(s, "meld C9 D9 H9", "discard C4")
    gained = s.result.sides[0].total - s.result.sides[1].total
    s = position(["C9 D9 H9 C4", "H4 H4"], melds=[CANASTA, {}], phase="meld", scores=[5000, 5000 + gained])
    play(s, "meld C9 D9 H9", "discard C4")
    assert s.result.scores[0] == s.result.scores[1] >= 5000 and s.result.winner is None


# -- 10. Variants -------------------------------------------------------------------------------
def test_two_hand_draws_two_and_needs_two_canastas():
    s = position(["C4 C5", "D4 D5"], variant="two-hand", stock="SK SQ SJ")
    play(s, "draw")
    assert hand(s, 0) == ["C4", "C5", "SK", "SQ"]
    s = position(["C9 D9 H9 C4"], melds=[CANASTA, {}], phase="meld", variant="two-hand")
    illegal(s, "meld C9 D9 H9", "R-KEEP-TWO")


def test_two_hand_draws_one_when_one_is_left():
    s = position(["C4 C5", "D4 D5"], variant="two-hand", stock="SK")
    play(s, "draw")
    assert hand(s, 0) == ["C4", "C5", "SK"]


def test_three_hand_minimum_by_own_score():
    s = position(["CA DA HA CK DK SK C4 C5"], phase="meld", variant="three-hand", scores=[0, 3000, 3000])
    play(s, "meld CA DA HA / CK DK SK")
    assert s.has_melded(0)
    s = position(["", "CA DA HA CK DK SK C4 C5"], phase="meld", variant="three-hand", turn=1, scores=[0, 3000, 3000])
    illegal(s, "meld CA DA HA / CK DK SK", "R-MIN")
