"""`legal` lists exactly the moves `play` accepts (issue 9, item 6), on positions where the
two used to disagree, checked against every single-group move built from the hand."""

from __future__ import annotations

import itertools

import pytest
from rules_helpers import legal, position

from game.rules import Group, IllegalMove, Move, MoveKind, PositionError, Rank

CANASTA = {"K": "SK SK HK HK CK CK DK"}


def signature(move: Move) -> tuple:
    """A move up to the suits of its cards (suits never matter to the rules)."""
    groups = tuple(
        sorted(
            (
                g.rank,
                sum(not c.is_wild for c in g.cards),
                sum(c.rank == Rank.JOKER for c in g.cards),
                sum(c.rank == Rank.TWO for c in g.cards),
            )
            for g in move.groups
        )
    )
    return move.kind, groups, move.card.face if move.card else None


def single_group_melds(state) -> list[Move]:
    """Every single-group meld of the hand: each rank (black threes included) with any
    number of its naturals, twos and jokers."""
    hand = [c.face_card for c in state.hands[state.turn]]
    twos = [c for c in hand if c.rank == Rank.TWO]
    jokers = [c for c in hand if c.rank == Rank.JOKER]
    ranks = {c.rank for c in hand if not c.is_wild} | set(state.melds[state.side_of(state.turn)])
    moves = []
    for rank in sorted(ranks):
        naturals = [c for c in hand if c.rank == rank]
        for k, t, j in itertools.product(range(len(naturals) + 1), range(len(twos) + 1), range(len(jokers) + 1)):
            if k + t + j:
                moves.append(Move(MoveKind.MELD, (Group.of(naturals[:k] + twos[:t] + jokers[:j], rank),)))
    return moves


def assert_legal_equals_play(state) -> None:
    listed = {signature(m) for m in state.legal_moves() if len(m.groups) <= 1}
    for move in single_group_melds(state):
        try:
            state.copy().apply(move)
            accepted = True
        except IllegalMove:
            accepted = False
        assert accepted == (signature(move) in listed), (str(move), accepted)
    for move in state.legal_moves():
        state.copy().apply(move)  # every listed move applies


def test_R_ASK_after_yes_an_unmelded_side_lists_only_openings_that_keep_going_out():
    # Six aces and the joker make the canasta; K K K JK would count 80 but leave the
    # aces unable to become a canasta, so after "yes" play refuses it, and legal omits it.
    s = position(["CA DA HA SA CA DA JK CK DK HK C5"], phase="meld", asked=True, answer=True)
    assert "meld CK DK HK JK" not in legal(s)
    with pytest.raises(IllegalMove) as e:
        s.copy().apply(Move.parse("meld CK DK HK JK"))
    assert e.value.rule == "R-ASK"
    assert "meld CA CA DA DA HA SA JK" in legal(s)
    assert_legal_equals_play(s)


def test_R_MIN_CONCEALED_every_single_group_that_goes_out_is_listed():
    # Seven-card groups of fours count 35 to 155, some below the minimum 50; each goes
    # out concealed after a stock draw (the last card is the discard), so each is legal.
    s = position(["C4 D4 H4 S4 C4 D2 JK H2"], phase="meld", drawn="stock")
    moves = legal(s)
    for text in (
        "meld C4 C4 D4 H4 S4 D2 JK",
        "meld C4 C4 D4 H4 S4 D2 H2",
        "meld C4 C4 D4 H4 S4 D2 H2 JK",
        "meld C4 C4 D4 H4 D2 H2 JK",
    ):
        assert text in moves, text
    assert_legal_equals_play(s)


def test_R_MIN_CONCEALED_below_the_minimum_only_after_a_stock_draw_by_a_fresh_player():
    seven_fours = "meld C4 C4 D4 D4 H4 H4 S4"  # counts 35, under the minimum 50
    s = position(["C4 D4 H4 S4 C4 D4 H4 C9"], phase="meld", drawn="stock")
    assert seven_fours in legal(s)
    assert_legal_equals_play(s)
    # Eight fours (40): melding all eight, or seven and discarding the last, both go out.
    s = position(["C4 D4 H4 S4 C4 D4 H4 S4"], phase="meld", drawn="stock")
    assert seven_fours in legal(s) and seven_fours + " S4" in legal(s)
    assert_legal_equals_play(s)
    for extra in ({"laid_in_deal": [True, False, False, False]}, {"drawn": "pile"}):
        s = position(["C4 D4 H4 S4 C4 D4 H4 C9"], phase="meld", **{"drawn": "stock", **extra})
        assert seven_fours not in legal(s)
        with pytest.raises(IllegalMove) as e:
            s.copy().apply(Move.parse(seven_fours))
        assert e.value.rule == "R-MIN"
        assert_legal_equals_play(s)


def test_R_BLACK3_adding_to_the_black_threes_laid_this_turn_is_listed():
    s = position(
        ["C3 S10"],
        melds=[{**CANASTA, "3": "S3 S3 C3"}, {}],
        phase="meld",
        turn_laid=True,
        turn_laid_other=True,
        turn_new=["3"],
    )
    assert "meld C3" in legal(s)
    assert_legal_equals_play(s)


@pytest.mark.parametrize(
    "hand,melds",
    [
        ("C9 D9 H9 C4 C4 D2 JK C6", [{"K": "SK HK DK CK", "4": "D4 H4 S4"}, {}]),
        ("C9 D9 H9 S9 C9 D2 JK C6", [CANASTA, {}]),
        ("S3 S3 C3 C9", [CANASTA, {}]),
        ("S3 S3 C3 C3 C9 C9", [CANASTA, {}]),
        ("CA DA HA CK DK HK CQ DQ D2 JK C5", None),
    ],
)
def test_single_groups_listed_exactly_when_play_accepts_them(hand, melds):
    assert_legal_equals_play(position([hand], melds=melds, phase="meld"))


def test_R_NO_STALL_positions_without_a_legal_move_are_refused():
    # "Yes" binds to going out, but nothing can go out here.
    with pytest.raises(PositionError, match="R-NO-STALL"):
        position(["C9 C4 C5"], melds=[CANASTA, {}], phase="meld", asked=True, answer=True)
    # One card, no canasta: neither a discard (R-OUT) nor a meld is possible.
    with pytest.raises(PositionError, match="R-NO-STALL"):
        position(["C4"], melds=[{"K": "SK SK HK"}, {}], phase="meld")


def test_black_three_melds_exist_only_in_the_turn_of_going_out():
    with pytest.raises(PositionError, match="R-BLACK3"):
        position(["C9 D9"], melds=[{"3": "S3 S3 C3"}, {}])


@pytest.mark.parametrize("variant,extra", [("two-hand", {}), ("six-hand", {"asked": True, "answer": True})])
def test_R_OUT_going_out_that_needs_two_groups_at_once_is_listed(variant, extra):
    # Two canastas are needed; each card completes one. Laid one at a time, the first
    # would leave one card without two canastas (R-KEEP-TWO, V-KEEP-TWO), so only the two groups in
    # one move go out; after "yes" (six-hand) it is the only legal move.
    melds = [{"10": "S10 S10 JK H10 D2 S2", "5": "H5 C5 S5 H5 D5 S5"}, {}]
    if variant == "six-hand":
        melds.append({})
    s = position(["D10 C5"], melds=melds, variant=variant, phase="meld", **extra)
    multi = [m for m in s.legal_moves() if len(m.groups) == 2]
    assert len(multi) == 1 and {str(g) for g in multi[0].groups} == {"D10", "C5"}
    if extra:
        assert s.legal_moves() == multi
    s.apply(multi[0])
    assert s.is_over and s.result.went_out == 0 and s.result.sides[0].canastas == 300 + 500  # mixed tens, natural fives


@pytest.mark.parametrize("variant,need", [("classic", 1), ("two-hand", 2)])
def test_R_OUT_the_refusal_names_the_canastas_the_variant_needs(variant, need):
    # A last card never reaches the discard without the canastas (R-KEEP-TWO keeps two cards
    # and a position with no legal move is refused), so the check is asked directly: its
    # message must not say "a canasta" where two-hand needs two.
    melds = [CANASTA, {}] if variant == "two-hand" else [{"K": "SK HK DK"}, {}]
    s = position(["C4 C9"], melds=melds, variant=variant, phase="meld")
    with pytest.raises(IllegalMove) as refused:
        s._check_out_requirement(0, Move.parse("discard C4"))
    assert refused.value.rule == "R-OUT"
    assert refused.value.params.get("n") == (None if need == 1 else 2)
