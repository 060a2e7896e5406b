"""The drag preview's verdict (PlayerMoves.verdict): the drop tried quietly on a stand-in
for the table (game/scenes/dry_drop.py) says refused exactly when the real drop then
refuses, with the same rule and reason, and accepted exactly when it plays or stages; it
changes nothing, says nothing and plays nothing. Each case asks the verdict, checks that
nothing changed, then lets the cards go for real on the same table."""

from __future__ import annotations

import pytest

from game.rules import Rank
from game.scenes.hand_state import THEIR_MELD, DropTarget
from tests.rules_helpers import position
from tests.scenes.test_table_controller import cards, make

PILE = DropTarget("pile")
NEW = DropTarget("new-meld")


def nines(number=None):
    return DropTarget("meld", Rank(9), number=number)


def snapshot(controller):
    ui = controller.ui
    return (
        [str(m) for m in controller.game.history],
        controller.game.state.phase,
        sorted(c.face for c in controller.game.state.hands[controller.human]),
        set(ui.selected),
        [list(g) for g in ui.staged],
        controller.message,
        controller.refusal,
        controller.version,
    )


def judge_then_drop(controller, host, dragged, target, selected=(), top=False):
    """The verdict of dragging `dragged` (faces; `selected` selected beside them) onto
    `target`, that nothing changed by asking it, and what the real drop then did:
    (verdict, accepted by the real drop)."""
    chosen = cards(controller, *selected)
    controller.ui.selected = set(chosen)
    held = [c for c in cards(controller, *selected, *dragged) if c not in chosen]
    before = snapshot(controller)
    moved, events = host.moved, len(host.events)
    verdict = controller.moves.top_verdict(target) if top else controller.moves.verdict(held, target)
    assert snapshot(controller) == before and host.moved == moved and len(host.events) == events  # quiet
    assert (controller.moves.top_verdict(target) if top else controller.moves.verdict(held, target)) is verdict
    staged = [list(g) for g in controller.ui.staged]
    if top:
        controller.moves.take_onto(target)
    else:
        controller.moves.drop(held, target)
    accepted = controller.version != before[-1] or [list(g) for g in controller.ui.staged] != staged
    assert verdict is not None and verdict.accepted == accepted
    if not accepted:
        if controller.refusal is not None:
            assert verdict.refusal is not None
            assert verdict.refusal.rule == controller.refusal.rule
            assert verdict.reason(controller) == controller.refusal.headline()
        else:
            assert verdict.refusal is None and verdict.reason(controller) == controller.message[0]
            assert verdict.warn == controller.message[2]  # (the preview's look is the drop's)
    return verdict


MELDED = dict(melds=[{"9": "C9 D9 D9", "A": "HA DA SA"}, {"5": "C5 D5 H5"}], discard="S4 H9 S7")


def test_the_pile_in_the_draw_phase_with_a_pair_that_takes_it_is_accepted():
    controller, host = make(position(["C7 H7 H4 S5 D9"], discard="S4 H9 S7", **{"melds": [{"A": "HA DA SA"}, {}]}))
    verdict = judge_then_drop(controller, host, ["H7"], PILE, selected=["C7"])
    assert verdict.accepted and controller.game.state.phase.name == "MELD"


def test_the_pile_in_the_draw_phase_without_a_fitting_pair_is_refused():
    controller, host = make(position(["C7 H4 S5 D9 DK"], discard="S4 H9 S7", melds=[{"A": "HA DA SA"}, {}]))
    verdict = judge_then_drop(controller, host, ["H4"], PILE)
    assert not verdict.accepted and verdict.refusal is not None and verdict.reason(controller)


def test_the_pile_with_a_pair_short_of_the_first_meld_s_minimum_is_refused():
    """Not melded yet: the pair of 7s and the top 7 count 15, short of 50."""
    controller, host = make(position(["C7 H7 H4 S5 D9"], discard="S4 H9 S7"))
    verdict = judge_then_drop(controller, host, ["H7"], PILE, selected=["C7"])
    assert not verdict.accepted and verdict.refusal is not None
    assert verdict.refusal.rule in ("R-TAKE-MIN", "R-MIN")


def test_our_meld_takes_a_card_that_fits_and_refuses_one_that_does_not():
    controller, host = make(position(["H9 S9 C5 D7 S3 H4"], phase="meld", **MELDED))
    assert judge_then_drop(controller, host, ["H9"], nines()).accepted
    controller, host = make(position(["H9 S9 C6 D7 S3 H4"], phase="meld", **MELDED))
    verdict = judge_then_drop(controller, host, ["C6"], nines())
    assert not verdict.accepted and verdict.refusal is not None and verdict.refusal.rule == "R-ADD"


def test_two_kings_sent_together_where_a_meld_needs_three_are_refused():
    """The K♠ selected, the K♥ dragged to where a new meld goes: the drop sends them
    together (landing), and the engine refuses a meld of two."""
    controller, host = make(position(["HK SK C6 D7 S3 H4"], phase="meld", **MELDED))
    assert controller.moves.followers(cards(controller, "HK"), NEW) == []  # (nothing selected yet)
    verdict = judge_then_drop(controller, host, ["HK"], NEW, selected=["SK"])
    assert not verdict.accepted and verdict.refusal is not None and verdict.reason(controller)


def test_a_new_meld_below_the_minimum_is_staged_so_the_drop_is_accepted():
    """Before our side has melded a new meld is staged (laid with Lay melds, where the
    minimum is judged): short of it, the drop still goes."""
    controller, host = make(position(["HK SK DK C6 D7 S3 H4"], phase="meld", discard="S4"))
    verdict = judge_then_drop(controller, host, ["HK", "SK", "DK"], NEW)
    assert verdict.accepted and len(controller.ui.staged) == 1


def test_three_cards_of_no_meld_are_refused_as_a_new_meld():
    controller, host = make(position(["HK S9 DQ C6 D7 S3 H4"], phase="meld", **MELDED))
    verdict = judge_then_drop(controller, host, ["HK", "DQ", "C6"], NEW)
    assert not verdict.accepted and verdict.refusal is not None


def test_another_side_s_meld_is_refused_with_its_rule():
    controller, host = make(position(["H9 S9 C6 D7 S3 H4"], phase="meld", **MELDED))
    verdict = judge_then_drop(controller, host, ["C6"], THEIR_MELD)
    assert not verdict.accepted and verdict.refusal is not None and verdict.refusal.rule == "R-OWN-MELDS"


def test_in_the_draw_phase_our_meld_refuses_until_the_player_draws():
    controller, host = make(position(["H9 S9 C6 D7 S3 H4"], phase="draw", **MELDED))
    verdict = judge_then_drop(controller, host, ["H9"], nines())
    assert not verdict.accepted and verdict.refusal is not None and verdict.refusal.rule == "R-TURN"


@pytest.mark.parametrize("dragged, selected, accepted", [(["C6"], (), True), (["C6"], ["D7"], True)])
def test_the_pile_in_the_meld_phase_takes_one_discard(dragged, selected, accepted):
    """A card dragged beside a selection goes alone onto the pile (a discard)."""
    controller, host = make(position(["H9 S9 C6 D7 S3 H4"], phase="meld", **MELDED))
    assert judge_then_drop(controller, host, dragged, PILE, selected=selected).accepted is accepted


def test_two_cards_dragged_onto_the_pile_to_discard_are_refused():
    controller, host = make(position(["H9 S9 C6 D7 S3 H4"], phase="meld", **MELDED))
    verdict = judge_then_drop(controller, host, ["C6", "D7"], PILE)
    assert not verdict.accepted and verdict.refusal is not None and verdict.refusal.rule == "R-TURN"


def test_not_the_player_s_move_the_drop_only_says_whose_turn_it_is():
    controller, host = make(position(["H9 S9 C6 D7 S3 H4", "C4 C6 C7"], phase="meld", turn=1, **MELDED))
    verdict = judge_then_drop(controller, host, ["H9"], nines())
    assert not verdict.accepted and verdict.refusal is None and verdict.note


def test_the_pile_s_top_card_onto_our_meld_of_its_rank_and_another():
    controller, host = make(position(["H4 S5 C6 D7"], phase="draw", **MELDED))
    verdict = judge_then_drop(controller, host, [], DropTarget("meld", Rank.ACE), top=True)
    assert not verdict.accepted and verdict.refusal is not None and verdict.refusal.rule == "R-TAKE"
    controller, host = make(position(["H4 S5 C6 D7"], phase="draw", melds=MELDED["melds"], discard="S4 H9 C9"))
    assert judge_then_drop(controller, host, [], nines(), top=True).accepted


def test_an_addition_that_would_leave_one_card_is_refused_as_the_drop_refuses_it():
    """R-KEEP-TWO: the 9 added alone would leave one card, and nothing goes out with it."""
    controller, host = make(position(["H9 D7"], phase="meld", melds=[{"9": "C9 D9 D9"}, {}], discard="S4"))
    verdict = judge_then_drop(controller, host, ["H9"], nines())
    assert not verdict.accepted and verdict.refusal is not None and verdict.refusal.rule == "R-KEEP-TWO"
