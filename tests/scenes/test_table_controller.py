"""The table controller without a display: no pygame, moves, staging, refusals with
their rule ids, status text, bots driven on the calling thread."""

from __future__ import annotations

import os
import subprocess
import sys

from fallback_bot import FallbackBot

from game.rules import Card, Move, Phase, Rank, RulesConfig, position_to_json
from game.rules import events as ev
from game.scenes.hand_state import DropTarget
from game.scenes.table_controller import TableController
from tests.rules_helpers import position

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# (a pile of five with the discard: worth the question, hints.ASK_PILE)
RISKY = dict(melds=[{"K": "CK DK HK"}, {"7": "S7 D7 H7"}], discard="H5 S6 HJ S4 D5", phase="meld")


class Host:
    """Records what the controller asks its host to show."""

    def __init__(self, confirms: bool = True) -> None:
        self.events: list[list] = []
        self.moved = 0
        self.arranged = 0
        self.cancelled = 0
        self.asked: list = []
        self.confirms = confirms
        self.explained: list = []
        self.swapped: list = []

    def show_events(self, events) -> None:
        self.events.append(list(events))

    def cards_moved(self) -> None:
        self.moved += 1

    def explain_move(self, seat, reason) -> None:
        self.explained.append((seat, reason))

    def hand_arranged(self) -> None:
        self.arranged += 1

    def cancel_gesture(self) -> None:
        self.cancelled += 1

    def confirm_discard(self, card, why, discard) -> bool:
        self.asked.append((card, why, discard))
        return self.confirms

    def swap_cards(self, a, b) -> None:
        self.swapped.append((a, b))


def make(state=None, seed: int = 3, variant: str = "classic", **options) -> tuple[TableController, Host]:
    host = Host()
    controller = TableController(
        RulesConfig.for_variant(variant),
        seed,
        threaded=False,
        host=host,
        bot_factory=lambda level, s: FallbackBot(s),
        **options,
    )
    controller.start(seed)
    if state is not None:
        controller.load_state(state)
    return controller, host


def cards(controller: TableController, *faces: str) -> list:
    hand = list(controller.game.state.hands[controller.human])
    found = []
    for face in faces:
        card = next(c for c in hand if c.face == face and c not in found)
        found.append(card)
    return found


def test_the_controller_and_the_hand_state_import_without_pygame():
    code = (
        "import sys\n"
        "import game.scenes.table_controller, game.scenes.hand_state\n"
        "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)\n"
        "print('no pygame')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "no pygame"


def test_bots_are_driven_on_the_calling_thread_up_to_the_players_turn():
    controller, host = make(seed=5)
    st = controller.game.state
    assert st.to_act != controller.human or st.phase is Phase.DRAW
    for _ in range(50):
        if controller.my_turn():
            break
        seat = controller.game.state.to_act
        before = controller.version
        controller.drive_bots(False)  # the bot has its move, but the previous one is still shown
        assert controller.version == before and controller.game.state.to_act == seat
        controller.drive_bots(True)
        assert controller.version == before + 1
    assert controller.my_turn() and controller.game.state.phase is Phase.DRAW
    assert controller.moves_played == len(host.events) >= 3  # West, North, East moved; one show each
    assert controller.guide.status_text() == "Your turn: click the stock to draw (D), or take the pile (T)."
    controller.drive_bots(True)  # the player's turn: the bots wait
    assert controller.my_turn()
    controller.moves.click_stock()
    assert controller.game.state.phase is Phase.MELD
    assert any(isinstance(e, ev.Drew) for e in host.events[-1])
    assert controller.guide.status_text() == "Meld if you can, then discard a card onto the pile."


def test_play_a_move_and_the_status_follows_the_turn():
    state = position(["C7 H4 S9 D8", "C4 C6 C8", "C9 C10", "CJ CQ"], **RISKY)
    controller, host = make(state)
    (nine,) = cards(controller, "S9")
    version = controller.version
    controller.moves.double_click(nine)
    st = controller.game.state
    assert st.pile[-1] is nine and st.turn == 1 and controller.version == version + 1
    assert isinstance(host.events[-1][0], ev.Discarded)
    assert controller.guide.status_text() == "West to play…"
    controller.drive_bots(True)
    assert controller.game.state.turn == 1 and controller.game.state.phase is Phase.MELD


def test_the_status_names_the_partner_asked_in_a_side_of_three():
    """V-SIX-ASK: with two partners "your partner" did not say which one was asked; the
    status names them (the partner who plays next). Classic keeps "your partner"."""
    hands = ["SK C10", "C4 C6", "H4 H5 H6", "D4", "S4 S5 S6", "D5"]  # (the asker could go out)
    melds = [{"K": "CK DK HK SK CK DK HK", "7": "C7 D7 H7 S7 C7 D7 H7"}, {}]
    state = position(hands, melds=melds, discard="S4", phase="answer", variant="six-hand-2x3")
    controller, _host = make(state, variant="six-hand-2x3")
    assert controller.guide.status_text() == "Waiting for North-west's answer…"
    controller.moves.click_stock()  # a click meanwhile: a note of what comes, not the line again
    assert controller.refusal is None and controller.message is not None
    assert controller.message[0] == "Your turn goes on once North-west has answered."
    controller.game.apply(Move.parse("yes"))
    assert controller.guide.status_text() == "North-west said yes: you must go out this turn."
    classic = position(["SK C10", "C4 C6", "H4 H5 H6", "D4"], melds=[{"K": "CK DK HK SK CK DK HK"}, {}], phase="answer")
    controller, _host = make(classic)
    assert controller.guide.status_text() == "Waiting for your partner's answer…"
    controller.moves.click_stock()
    assert controller.message is not None
    assert controller.message[0] == "Your turn goes on once your partner has answered."
    controller.game.apply(Move.parse("no"))
    assert controller.guide.status_text() == "Your partner said no: you may not go out this turn."


def test_a_move_before_answering_the_partner_cites_the_variants_ask_rule():
    """North asked "May I go out?" and the player owes the answer: a click on the stock was
    refused under R-ASK in Hand and Foot too, where the question is V-HF-ASK's (play-test,
    stop 60). Classic keeps R-ASK."""
    books = ["CK DK HK SK CK DK HK", "CQ DQ HQ SQ CQ DQ HQ", "CJ DJ HJ SJ CJ D2 JK", "C9 D9 H9 S9 C9 D2 C2"]
    feet = ["C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA", "C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA", None, "D4 D5 D6 D7 D8 S4"]
    foot = position(
        ["C4 C5", "C6 C7", "H5 H5 H5 C9", "D4"],
        melds=[books, []],
        feet=feet,
        variant="hand-and-foot",
        turn=2,
        phase="answer",
        discard="S4",
    )
    classic = position(
        ["C4 C6", "C6 C7", "SK C10 D10 H10", "D4"], melds=[{"K": "CK DK HK SK CK DK HK"}, {}], turn=2, phase="answer"
    )
    for variant, state, rule in (("hand-and-foot", foot, "V-HF-ASK"), ("classic", classic, "R-ASK")):
        controller, _host = make(state, variant=variant)
        assert controller.game.state.to_act == controller.human
        controller.moves.click_stock()
        assert controller.refusal is not None and controller.refusal.rule == rule, variant
        assert controller.message[0] == 'Your partner asked "May I go out?": answer first.'
        controller.moves.answer(True)
        assert controller.game.state.phase is Phase.MELD and controller.game.state.this_turn.answer is True


def test_cards_let_go_on_another_sides_meld_are_refused_with_R_OWN_MELDS():
    # They flew back without a word (play-test, stop 44); two-hand's player is a side alone.
    for variant, words in (("classic", "your side's melds"), ("two-hand", "your own melds")):
        state = position(["C5 H6 SK"], melds=[{}, {"K": "CK DK HK"}], phase="meld", variant=variant)
        controller, host = make(state, variant=variant)
        before = position_to_json(controller.game.state)
        controller.moves.drop(cards(controller, "SK"), DropTarget("their-meld"))
        assert controller.refusal.rule == "R-OWN-MELDS" and words in controller.message[0]
        assert host.moved == 1 and position_to_json(controller.game.state) == before


def test_a_lone_wild_card_s_refusal_names_the_melds_as_their_area_is_labelled():
    """It said "your melds" in partnerships, where the area's label reads "Our melds"
    (play-test, stop 56): a side of one's own player hears "your", a partnership "our"."""
    for variant, hands, words in (
        ("two-hand", ["C5 H6 JK", "C4"], "one of your melds"),
        ("three-hand", ["C5 H6 JK", "C4", "C6"], "one of your melds"),
        ("classic", ["C5 H6 JK", "C4", "C6", "C8"], "one of our melds"),
        ("six-hand-2x3", ["C5 H6 JK", "C4", "C6", "C8", "C9", "C10"], "one of our melds"),
    ):
        state = position(hands, discard="S4", phase="meld", variant=variant)
        controller, host = make(state, variant=variant)
        controller.moves.drop(cards(controller, "JK"), DropTarget("new-meld"))
        assert controller.refusal is not None and controller.refusal.rule == "R-MELD", variant
        assert words in controller.message[0], (variant, controller.message[0])
        assert len(controller.game.state.hands[0]) == 3


def test_refusals_carry_their_rule_and_change_nothing():
    controller, host = make(position(["C5 H6 S8 S3 D8 JK", "C4", "C6", "C8"], turn=1))
    before = position_to_json(controller.game.state)
    controller.moves.click_stock()  # West's turn: a quiet note, no refusal (a click while a bot plays)
    assert controller.refusal is None and controller.message == (
        "West is playing: your turn comes after East's.",
        3.0,
        False,
    )
    assert host.moved == 1  # the cards fly back
    assert position_to_json(controller.game.state) == before
    controller.load_state(position(["C5 H6 S8 S3 D8 JK", "C4", "C6", "C8"], discard="S4", phase="meld"))
    controller.moves.click_stock()
    assert controller.refusal.rule == "R-TURN" and "drawn already" in controller.message[0]
    controller.moves.drop(cards(controller, "C5", "H6"), DropTarget("pile"))
    assert controller.refusal.rule == "R-TURN" and "one card at a time" in controller.message[0]
    controller.moves.drop(cards(controller, "S3", "D8"), DropTarget("new-meld"))
    assert controller.refusal.rule == "R-BLACK3"
    controller.moves.drop(cards(controller, "JK"), DropTarget("new-meld"))
    # Dropped by the mouse: the mouse's words, no keys named (play-test, stop 56); the melds
    # named as the table labels their area, "Our melds" with a partner.
    assert controller.refusal.rule == "R-MELD" and controller.message[0] == (
        "Wild cards alone join a meld: drag them onto one of our melds, or click the meld."
    )
    controller.moves.drop(cards(controller, "C5", "H6"), DropTarget("new-meld"))
    assert controller.refusal.rule == "R-MELD" and "one rank" in controller.message[0]
    assert not controller.ui.staged and len(controller.game.state.hands[0]) == 6
    controller.load_state(position(["C5 H6 S8", "C4", "C6", "C8"], discard="S4 JK D9", melds=[{"K": "CK DK HK"}, {}]))
    controller.moves.click_pile()
    assert controller.refusal.rule == "R-FROZEN"
    controller.load_state(position(["C5 H6 S8", "C4", "C6", "C8"], stock=""))
    controller.moves.click_stock()
    assert controller.refusal.rule == "R-EXHAUSTED"
    controller.moves.key_ask()
    assert controller.refusal.rule == "R-TURN"  # before drawing: the engine's reason, not a guess
    # A: the engine's own reason. After the partner's yes, asking again is refused for having
    # asked already, not for a going out the player is bound to make.
    going_out = dict(melds=[{"Q": "SQ HQ DQ CQ SQ HQ D2", "J": "SJ HJ DJ CJ SJ HJ DJ"}, {}], stock="C9 D9 H9")
    controller.load_state(position(["HK CK DK S9", "C5 D6 H7", "C8 D8 H8 S5", "S6 H6 C7"], phase="meld", **going_out))
    assert controller.play(Move.parse("ask")) and controller.play(Move.parse("yes"))
    controller.moves.key_ask()
    assert controller.refusal.rule == "R-ASK" and "could not go out" not in controller.message[0]
    controller.load_state(position(["HK CK S9 C5 C6", "C5 D6 H7", "C8 D8 H8 S5", "S6 H6 C7"], phase="meld"))
    controller.moves.key_ask()
    assert controller.refusal.rule == "R-ASK" and "could not go out" in controller.message[0]


def test_staging_before_a_take_counts_the_top_card_only_when_the_pile_can_be_taken():
    """Before drawing, staged groups wait for a take: the count includes the pile's top card,
    which the take melds, but not a black three or a wild card that blocks the pile (R-BLOCKED)."""
    for discard, counted in (("D5 C9", True), ("D9 S3", False), ("D9 H2", False)):
        state = position(["C9 D9 HA CA SA C5", "C4 C6", "C7 C8", "C10 CJ"], discard=discard)
        controller, host = make(state)
        nines = cards(controller, "C9", "D9")
        controller.moves.drop(nines, DropTarget("new-meld"))
        count, minimum, hint = controller.guide.stage_info()
        top = controller.game.state.pile[-1]
        assert count == 20 + (top.value if counted else 0), (discard, count)
        assert (top.face in hint or "pile" in hint) == counted, (discard, hint)


def test_a_staged_group_that_is_no_meld_yet_does_not_count():
    """One natural and two wild cards staged showed "135 / 50" in green beside the aces, and
    Lay melds was refused (R-MELD; play-test, stop 57): until the group is a meld it does not
    count, and the panel says why; built up into a meld, it counts."""
    state = position(["C6 H6 S6 C2 D2 HA SA JK C9 D9", "C4 C5", "C7 C8", "C10 CJ"], discard="S4", phase="meld")
    controller, _host = make(state)
    controller.moves.drop(cards(controller, "C6", "C2", "D2"), DropTarget("new-meld"))
    controller.moves.drop(cards(controller, "HA", "SA", "JK"), DropTarget("new-meld"))
    count, minimum, hint = controller.guide.stage_info()
    assert (count, minimum) == (90, 50) and hint == "a group that is no meld yet does not count"
    controller.moves.drop(cards(controller, "H6", "S6"), DropTarget("meld", staged_index=0))
    assert controller.guide.stage_info() == (90 + 3 * 5 + 2 * 20, 50, "")
    controller.moves.confirm_staged()
    assert {r.symbol for r in controller.game.state.melds[0]} == {"6", "A"}


def test_staging_counts_against_the_minimum_and_lays_with_one_confirm():
    state = position(["HA CA SA HK SK DK C5 D5 H5 H7 JK", "C4 C6", "C7 C8", "C9 C10"], discard="S4", phase="meld")
    controller, host = make(state)
    fives = cards(controller, "C5", "D5", "H5")
    controller.ui.selected |= set(fives)
    controller.moves.drop(fives, DropTarget("new-meld"))
    assert controller.ui.staged == [fives] and not controller.ui.selected
    assert controller.guide.stage_info()[:2] == (15, 50) and not controller.game.state.melds[0]
    controller.moves.confirm_staged()  # 15 < 50: the engine's reason and rule
    assert controller.refusal is not None and controller.refusal.rule.startswith("R-")
    assert "short of the minimum 50" in controller.message[0] and controller.ui.staged
    controller.moves.cancel_staged()
    assert controller.ui.staged == [] and set(fives) <= set(controller.hand_cards())
    controller.moves.drop(cards(controller, "HA", "CA"), DropTarget("new-meld"))
    controller.moves.drop(cards(controller, "SA"), DropTarget("new-meld"))  # merged: one meld per rank
    controller.ui.selected = set(cards(controller, "HK", "SK", "DK"))
    controller.moves.key_meld()  # M: a new staged meld of kings
    controller.ui.selected = set(cards(controller, "JK"))
    controller.moves.key_meld()  # M with a wild card alone: refused, in the keys' words
    assert controller.refusal.rule == "R-MELD"
    assert controller.message[0] == "Wild cards alone join a meld: pick one with [ and ], then press M."
    controller.moves.click_new_meld()  # the same card clicked onto the new meld's cell: the mouse's words
    assert controller.message[0].endswith("drag them onto one of our melds, or click the meld.")
    assert not controller.moves.by_key
    controller.moves.drop(cards(controller, "JK"), DropTarget("meld", staged_index=1))  # onto the kings
    assert [len(g) for g in controller.ui.staged] == [3, 4]
    assert controller.guide.stage_info()[:2] == (3 * 20 + 3 * 10 + 50, 50)
    version = controller.version
    controller.moves.confirm_staged()
    assert {r.symbol for r in controller.game.state.melds[0]} == {"A", "K"}
    assert not controller.ui.staged and controller.version == version + 1
    assert any(isinstance(e, ev.Melded) for e in host.events[-1])


def test_reorder_sort_and_cursor_change_only_the_players_arrangement():
    state = position(["C7 H4 S9 D8", "C4 C6 C8", "C9 C10", "CJ CQ"], **RISKY)
    controller, host = make(state)
    version = controller.version
    shown = controller.hand_cards()
    assert [c.face for c in shown] == ["H4", "C7", "D8", "S9"]
    controller.arranger.reorder([shown[0]], 3)
    assert [c.face for c in controller.hand_cards()] == ["C7", "D8", "S9", "H4"]
    assert controller.ui.sort_mode == "custom" and host.arranged == 1
    controller.arranger.move_cursor(1)
    assert controller.ui.cursor is controller.hand_cards()[0]
    controller.arranger.move_cursor(1, carry=True)
    assert [c.face for c in controller.hand_cards()] == ["D8", "C7", "S9", "H4"] and host.arranged == 2
    assert controller.arranger.select_cursor() and controller.selected_cards() == [controller.ui.cursor]
    controller.arranger.sort_hand("rank")
    assert [c.face for c in controller.hand_cards()] == ["H4", "C7", "D8", "S9"]
    assert controller.version == version and not host.events  # no move was made


def test_a_risky_discard_asks_the_host_and_goes_ahead_only_when_confirmed():
    state = position(["C7 H4 S9 D8", "C4 C6 C8", "C9 C10", "CJ CQ"], **RISKY)
    controller, host = make(state)
    controller.moves.confirm_risky = True
    (seven,) = cards(controller, "C7")
    controller.moves.double_click(seven)
    ((card, why, discard),) = host.asked
    assert card is seven and "meld of 7s" in why and seven in controller.game.state.hands[0]
    discard()
    assert controller.game.state.pile[-1] is seven and controller.game.state.turn == 1
    # A host that cannot ask: the discard goes ahead at once.
    controller, host = make(position(["C7 H4 S9 D8", "C4 C6 C8", "C9 C10", "CJ CQ"], **RISKY))
    host.confirms = False
    controller.moves.confirm_risky = True
    (seven,) = cards(controller, "C7")
    controller.moves.double_click(seven)
    assert len(host.asked) == 1 and controller.game.state.pile[-1] is seven


# West (the next player) has melded every rank of the player's hand: any discard lets it take
# the pile; the 7♣ would also bring its sevens (five cards) within a card of a canasta.
EVERY_RANK = {"7": "S7 D7 H7 C7 S2", "4": "S4 D4 C4", "9": "H9 D9 C9", "8": "S8 H8 C8"}


def test_the_risky_discard_box_says_when_every_card_is_a_risk():
    """A play-test: the box asked to confirm the card the hint had chosen as giving the least
    away, as if a safe card were left; with none left it says so."""
    every = dict(RISKY, melds=[{"K": "CK DK HK"}, EVERY_RANK])
    controller, host = make(position(["C7 H4 S9 D8", "C4 C6 C8", "C9 C10", "CJ CQ"], **every))
    controller.moves.confirm_risky = True
    (seven,) = cards(controller, "C7")
    controller.moves.double_click(seven)
    ((_card, why, _discard),) = host.asked
    assert "meld of 7s" in why and why.endswith("Every card in your hand is a risk now; the 8♦ gives the least away.")
    controller, host = make(position(["C7 H4 S9 D8", "C4 C6 C8", "C9 C10", "CJ CQ"], **RISKY))
    controller.moves.confirm_risky = True
    (seven,) = cards(controller, "C7")
    controller.moves.double_click(seven)
    ((_card, why, _discard),) = host.asked
    assert "Every card" not in why  # (the 4, the 9 and the 8 are safe)


def test_the_risky_discard_box_names_the_open_hint_s_card():
    """The 9♠ and the 8♦ give the least away alike and weigh the same for the hand; the hint
    open said "Discard the 8♦" and the box, asked about the 7♣, named the 9♠. It names the
    hint's own card."""
    every = dict(RISKY, melds=[{"K": "CK DK HK"}, EVERY_RANK])
    controller, host = make(position(["C7 H4 S9 D8", "C4 C6 C8", "C9 C10", "CJ CQ"], **every))
    assert controller.guide.show_hint() and controller.guide.hint is not None
    assert str(controller.guide.hint.move) == "discard D8"
    controller.moves.confirm_risky = True
    controller.moves.double_click(cards(controller, "C7")[0])
    ((_card, why, _discard),) = host.asked
    assert why.endswith("Every card in your hand is a risk now; the 8♦ gives the least away."), why


def test_with_no_hint_open_the_box_names_the_card_the_hint_then_discards():
    """The 9♠ and the 8♦ give West the same pile and weigh the same for the hand (two singles,
    as many of each rank unseen): the box, asked about the 7♣ with no hint open, named the 9♠
    (the first of the two in the hand's order), and the hint the player asked for next said
    "Discard the 8♦" (the Normal bot takes the first in the hand's canonical order). One
    tie-break, the bot's: the box names the card the hint discards."""
    from game.bots.knowledge import Knowledge
    from game.bots.normal import NormalPolicy
    from game.hints import card_name

    every = dict(RISKY, melds=[{"K": "CK DK HK"}, EVERY_RANK])
    controller, host = make(position(["C7 H4 S9 D8", "C4 C6 C8", "C9 C10", "CJ CQ"], **every))
    kn = Knowledge(controller.game.state.observation(0))
    nine, eight = (NormalPolicy().weigh_discard(kn, Card.parse(face)) for face in ("S9", "D8"))
    assert (nine.cost, nine.danger) == (eight.cost, eight.danger)  # (equally safe, equally cheap: a tie)
    assert controller.guide.hint is None
    controller.moves.confirm_risky = True
    controller.moves.double_click(cards(controller, "C7")[0])
    ((_card, why, _discard),) = host.asked  # (the 7♣ still in hand: the box waits)
    assert controller.guide.show_hint() and controller.guide.hint is not None
    hinted = controller.guide.hint.move.card
    assert hinted is not None and controller.guide.hint_text().startswith(f"Discard the {card_name(hinted)}.")
    assert why.endswith(f"Every card in your hand is a risk now; the {card_name(hinted)} gives the least away."), (
        why,
        hinted,
    )


def test_the_hand_s_discards_are_weighed_once_a_question_and_once_a_hint(monkeypatch):
    """The risky-discard box weighed every discard of the hand twice (the cheapest cards,
    then what each gives away) and the H hint four times (its words, made twice, each
    weighing the hand twice). Once each: the box and the hint read one weighing."""
    from game.bots.normal import NormalPolicy

    weighed: list[str] = []
    weigh = NormalPolicy.weigh_discard
    monkeypatch.setattr(
        NormalPolicy, "weigh_discard", lambda self, kn, card: weighed.append(card.face) or weigh(self, kn, card)
    )
    every = dict(RISKY, melds=[{"K": "CK DK HK"}, EVERY_RANK])
    controller, host = make(position(["C7 H4 S9 D8", "C4 C6 C8", "C9 C10", "CJ CQ"], **every))
    controller.moves.confirm_risky = True
    controller.moves.double_click(cards(controller, "C7")[0])
    assert host.asked and sorted(weighed) == ["C7", "D8", "H4", "S9"]
    weighed.clear()
    assert controller.guide.show_hint() and controller.guide.hint_text()
    assert sorted(weighed) == ["C7", "D8", "H4", "S9"]


def test_the_card_the_hint_would_discard_is_not_asked_about():
    """A play-test (stop 54): with every card a risk, the box asked to confirm the very card
    the hint gives as the one that gives the least away, and said "Every card in your hand
    is a risk now" to it. The card the hint would discard (the Normal bot's cheapest, asked
    for or not) goes without a question, and so does one that gives no more away (the 4♥:
    the same pile); another says which card gives the least away, in both languages."""
    from game.discard_weighings import weigh_discards
    from game.i18n import set_language

    every = dict(RISKY, melds=[{"K": "CK DK HK"}, EVERY_RANK])
    hands = ["C7 H4 S9 D8", "C4 C6 C8", "C9 C10", "CJ CQ"]
    controller, host = make(position(hands, **every))
    obs = controller.game.state.observation(0)
    assert [c.face for c in weigh_discards(obs).cheapest()] == ["D8", "S9"]  # (a tie: either goes unasked)
    assert controller.guide.hint is None  # (no hint asked for)
    controller.moves.confirm_risky = True
    (nine,) = cards(controller, "S9")
    controller.moves.double_click(nine)
    assert not host.asked and controller.game.state.pile[-1] is nine
    controller, host = make(position(hands, **every))
    controller.moves.confirm_risky = True
    (four,) = cards(controller, "H4")
    controller.moves.double_click(four)
    assert not host.asked and controller.game.state.pile[-1] is four
    set_language("zh_CN")
    try:
        controller, host = make(position(hands, **every))
        controller.moves.confirm_risky = True
        controller.moves.double_click(cards(controller, "C7")[0])
        ((_card, why, _discard),) = host.asked
        assert why.endswith("现在手里打哪张牌都有风险；打 8♦ 送给对手的最少。"), why
    finally:
        set_language("en")


def test_the_hint_is_spent_by_a_move():
    state = position(["C7 H4 S9 D8", "C4 C6 C8", "C9 C10", "CJ CQ"], **RISKY)
    controller, host = make(state)
    assert controller.guide.show_hint() and controller.guide.hint is not None and controller.ui.hinted
    assert controller.guide.hint_text() and host.cancelled == 1
    controller.tick(0.1)
    assert controller.guide.hint is not None
    (nine,) = cards(controller, "S9")
    controller.moves.double_click(nine)
    controller.tick(0.1)
    assert controller.guide.hint is None and not controller.ui.hinted
    assert not controller.guide.show_hint() and controller.message[0] == "A hint is for your turn."


def test_a_mistyped_bot_level_is_an_error_not_a_weaker_bot():
    import pytest

    from game.bots import UnknownLevel
    from game.rules import RulesConfig
    from game.scenes.table_controller import TableController

    controller = TableController(RulesConfig.for_variant("classic"), 3, level="nromal", threaded=False)
    with pytest.raises(UnknownLevel, match="unknown bot level 'nromal'") as refused:
        controller.start(3)
    assert refused.value.level == "nromal" and isinstance(refused.value, ValueError)
    # The same for one seat's level among several (a saved game's levels, the new-game page's).
    mixed = TableController(RulesConfig(), 3, levels=(None, "easy", "hrad", "easy"), threaded=False)
    with pytest.raises(UnknownLevel, match="'hrad'"):
        mixed.start(3)


def test_the_bots_reasons_reach_the_host():
    """After a bot's move the controller hands the host the bot's reason (or None), so
    the table's move log can show why a bot took a big pile or answered the ask."""
    from game.bots import make_bot

    host = Host()
    controller = TableController(
        RulesConfig.for_variant("classic"),
        9,
        threaded=False,
        host=host,
        bot_factory=lambda level, s: make_bot("normal", s),
    )
    controller.start(9)
    me = FallbackBot(1)
    for _ in range(400):
        st = controller.game.state
        if st.is_over:
            break
        if st.to_act == controller.human:
            controller.play(me.act(st.observation(controller.human)))
        else:
            controller.drive_bots(True)
    reasons = [reason for _, reason in host.explained if reason is not None]
    assert host.explained and all(seat != controller.human for seat, _ in host.explained)
    assert reasons, "no bot took a big pile or answered in this deal"


# -- the Samba family: melds by number, sequences, wild melds, take +N:, feet ------------


def family(variant: str, state) -> tuple[TableController, Host]:
    host = Host()
    controller = TableController(
        RulesConfig.for_variant(variant), 3, threaded=False, host=host, bot_factory=lambda level, s: FallbackBot(s)
    )
    controller.start(3)
    controller.load_state(state)
    return controller, host


def test_a_drop_on_meld_number_n_lays_plus_n_without_a_display():
    nines = "C9 D9 H9 S9 C9 D9 H9"
    state = position(["S9 H9 C4 C5"], melds=[[nines, "C9 D9 S9"], []], variant="samba", phase="meld", discard="S4")
    controller, host = family("samba", state)
    controller.moves.drop(cards(controller, "S9"), DropTarget("meld", number=0))  # onto the canasta, not the open group
    melds = controller.game.state.side_melds(0)
    assert [m.size for m in melds] == [8, 3] and host.events
    assert str(controller.game.history[-1]) == "meld +0: S9"


def test_take_onto_a_meld_and_the_refusals_of_the_family_cite_their_rules():
    state = position(
        ["C4 C5", "C6", "C7", "C9"], melds=[["H5 H6 H7", "C8 D8 S8"], []], variant="samba", discard="D4 H8"
    )
    controller, _host = family("samba", state)
    controller.moves.take_onto(DropTarget("meld", number=0))
    assert str(controller.game.history[-1]) == "take +0:" and controller.game.state.phase is Phase.MELD
    state = position(["C4 C5 C6"], melds=[["S4 S5 S6 S7 S8 S9 S10"], []], variant="samba", phase="meld", discard="S4")
    controller, _host = family("samba", state)
    controller.moves.drop(cards(controller, "C4"), DropTarget("meld", number=0))  # a samba takes no more cards
    assert controller.refusal is not None and controller.refusal.rule == "V-SAMBA-CANASTA"
    assert "complete" in controller.refusal.reason() and "number" not in controller.refusal.reason()


def test_staging_a_sequence_and_laying_it_without_a_display():
    state = position(["H9 H10 HJ HQ C4 C5"], melds=[[], []], variant="samba", phase="meld", discard="S4")
    controller, _host = family("samba", state)
    controller.moves.drop(cards(controller, "H9", "H10", "HJ"), DropTarget("new-meld"))
    controller.moves.drop(cards(controller, "HQ"), DropTarget("meld", staged_index=0))
    assert [len(g) for g in controller.ui.staged] == [4] and controller.guide.stage_info()[:2] == (40, 50)
    controller.moves.confirm_staged()  # 40 < 50: refused by the engine with its rule
    assert controller.refusal is not None and controller.refusal.rule == "R-MIN" and controller.ui.staged


def test_hand_and_foot_status_take_and_empty_stock_rule():
    feet = ["D4 D5 D6 D7 D8 D9 D10 DJ DQ DK DA"] * 4
    state = position(
        ["SK CK C4 C5", "C6", "C7", "C8"],
        melds=[["HQ DQ SQ"], []],
        variant="hand-and-foot",
        discard="D4 D5 HK",
        stock="",
        feet=feet,
    )
    controller, _host = family("hand-and-foot", state)
    controller.moves.click_stock()
    assert controller.refusal is not None and controller.refusal.rule == "V-HF-STOCK"
    controller.moves.drop(cards(controller, "SK", "CK"), DropTarget("pile"))
    st = controller.game.state
    assert st.phase is Phase.MELD and not st.pile and {c.face for c in st.hands[0]} >= {"D4", "D5"}


def test_hand_and_foot_a_click_on_the_pile_takes_it_with_the_pair_held():
    """The prompt said "or take the pile (T)"; a click on the pile (or T) with nothing
    selected, holding the natural pair of its top card, refused "select the pair and drop it
    on the pile" (play-test at 800x450, stop 57). It takes the pile with the pair now."""
    feet = ["D4 D5 D6 D7 D8 D9 D10 DJ DQ DK DA"] * 4
    for press in ("click", "key"):
        state = position(
            ["SK CK C4 C5", "C6", "C7", "C8"],
            melds=[["HQ DQ SQ"], []],
            variant="hand-and-foot",
            discard="D4 D5 HK",
            feet=feet,
        )
        controller, _host = family("hand-and-foot", state)
        controller.moves.click_pile() if press == "click" else controller.moves.key_take()
        st = controller.game.state
        assert controller.refusal is None, press
        assert st.phase is Phase.MELD and not st.pile
        assert sorted(c.face for c in st.hands[0]) == ["C4", "C5", "D4", "D5"]
        kings = [m for m in st.side_melds(0) if any(c.rank is Rank.KING for c in m.cards)]
        assert len(kings) == 1 and sorted(c.face for c in kings[0].cards) == ["CK", "HK", "SK"]


def test_hand_and_foot_a_click_on_the_pile_without_the_pair_still_says_why():
    feet = ["D4 D5 D6 D7 D8 D9 D10 DJ DQ DK DA"] * 4
    state = position(
        ["SK C4 C5 D2", "C6", "C7", "C8"],
        melds=[["HQ DQ SQ"], []],
        variant="hand-and-foot",
        discard="D4 D5 HK",
        feet=feet,
    )
    controller, _host = family("hand-and-foot", state)
    controller.moves.click_pile()  # one natural king and a two: no natural pair
    assert controller.refusal is not None and controller.refusal.rule == "V-HF-TAKE"
    assert len(controller.game.state.pile) == 3


def test_the_saves_text_of_staging_and_arrangements_round_trips_and_refuses_odd_text():
    from game.rules import Card, Rank
    from game.scenes.hand_state import (
        HandUI,
        arrangements_text,
        parse_arrangements,
        parse_staging,
        staging_text,
    )

    hand = [Card.parse(face) for face in "D9 C9 H9 SK HK D2 C4".split()]
    ui = HandUI()
    ui.stage(hand[:3])
    ui.stage([hand[3], hand[5]], Rank.parse("K"), 2)
    text = staging_text(ui)
    assert text == "- - D9 C9 H9 / K 2 SK D2"
    assert parse_staging(text, hand) == [(hand[:3], None, None), ([hand[3], hand[5]], Rank.parse("K"), 2)]
    for odd in ("- - D9 C9 H9 / K 2 SK SK", "x - D9", "- - ", "- y D9 C9", 7, None, ""):
        assert parse_staging(odd, hand) == []  # nothing staged rather than part of it
    hands = [hand, [Card.parse("C5")]]
    kept = arrangements_text({0: ("suit", hand[::-1]), 1: ("custom", hands[1])}, hands)
    assert parse_arrangements(kept, hands, {0, 1}) == {0: ("suit", hand[::-1]), 1: ("custom", hands[1])}
    assert parse_arrangements(kept, hands, {1}) == {1: ("custom", hands[1])}
    assert parse_arrangements("0 sideways C4 / 9 rank C4 / x", hands, {0, 1, 9}) == {}


def test_the_top_card_dropped_on_a_meld_of_another_rank_says_whether_we_have_its_meld():
    """T on a focused meld of sevens with the Q♣ on top said "goes only onto your meld of
    its rank" with no meld of queens at all (keyboard play-test, stop 43)."""
    no_queens = position(["C4 C5 C9"], melds=[{"7": "S7 D7 H7"}, {}], discard="S4 CQ")
    controller, _host = make(no_queens)
    controller.moves.take_onto(DropTarget("meld", rank=Rank.SEVEN))
    assert controller.refusal is not None and controller.refusal.rule == "R-TAKE"
    assert "no meld of queens" in controller.refusal.reason() and controller.game.state.phase is Phase.DRAW
    queens = position(["C4 C5 C9"], melds=[{"7": "S7 D7 H7", "Q": "HQ DQ SQ"}, {}], discard="S4 CQ")
    controller, _host = make(queens)
    controller.moves.take_onto(DropTarget("meld", rank=Rank.SEVEN))
    assert controller.refusal is not None and "onto your meld of its rank" in controller.refusal.reason()


def test_a_blocked_pile_dropped_on_a_meld_says_it_is_blocked():
    """With a wild card or a black three on top, the advice to meld it with cards of the hand
    could not work: the engine's own reason (the pile is blocked) is said (review, stop 43)."""
    for top in ("C2", "S3", "JK"):
        state = position(["C4 C5 C9"], melds=[{"7": "S7 D7 H7"}, {}], discard=f"S4 {top}")
        controller, _host = make(state)
        controller.moves.take_onto(DropTarget("meld", rank=Rank.SEVEN))
        assert controller.refusal is not None and controller.refusal.rule == "R-BLOCKED", top
        assert "no meld of" not in controller.refusal.reason()


def _copies(controller: TableController, face: str) -> list:
    return [c for c in controller.game.state.hands[controller.human] if c.face == face]


def test_the_keys_move_the_copy_they_name_and_the_hand_state_follows():
    """M and X name the card under the cursor or selected; the engine lays the first copy of
    its face: the two copies trade places in the hand's state and on the table (the host)."""
    state = position(["JK JK H5 H5 C9 D10 SK", "C4 C6", "C7 C8", "C9 C10"], melds=[{"8": "H8 C8 D8"}, {}], phase="meld")
    controller, host = make(state)
    first, second = _copies(controller, "JK")
    controller.ui.selected, controller.ui.cursor = {second}, second
    controller.ui.meld_focus = DropTarget("meld", Rank.EIGHT)
    controller.moves.key_meld()  # M onto the focused meld
    assert [c for c in controller.game.state.melds[0][Rank.EIGHT].cards if c.face == "JK"] == [first]
    assert host.swapped == [(second, first)] and second in controller.game.state.hands[0]
    assert controller.ui.selected == set() and controller.ui.cursor is first  # the cursor's card left
    five, other = _copies(controller, "H5")
    controller.ui.cursor = other
    controller.moves.key_discard()  # X: the card under the cursor
    assert controller.game.state.pile[-1] is five and host.swapped[-1] == (other, five)


def test_staged_copies_and_the_taken_marks_follow_the_cards_laid():
    """Lay melds swaps the staged copies as a drop does; a card marked as taken with the pile
    keeps its mark on the sprite that moves (the copy that stays in the hand is unmarked)."""
    state = position(["SK HK JK JK C5 D9 S6", "C4 C6", "C7 C8", "C9 C10"], phase="meld")
    controller, host = make(state)
    first, second = _copies(controller, "JK")
    controller.moves.drop([*cards(controller, "SK", "HK"), second], DropTarget("new-meld"))
    controller.moves.confirm_staged()
    assert first in controller.game.state.melds[0][Rank.KING].cards and second in controller.game.state.hands[0]
    assert host.swapped == [(second, first)] and not controller.ui.staged
    # The pile holds the other H5: taken, it is marked; laid, the mark goes with it.
    state = position(
        ["H5 C5 D5 SK HK C9", "C4 C6", "C7 C8", "C9 C10"], melds=[{"7": "H7 C7 D7"}, {}], discard="H5 S9 DK"
    )
    controller, host = make(state)
    controller.moves.drop(cards(controller, "SK", "HK"), DropTarget("pile"))
    held, picked = _copies(controller, "H5")
    assert picked in controller.ui.taken and held not in controller.ui.taken
    controller.moves.drop([picked, *cards(controller, "C5", "D5")], DropTarget("new-meld"))
    assert held in controller.game.state.melds[0][Rank.FIVE].cards and picked in controller.game.state.hands[0]
    assert host.swapped == [(picked, held)]
    assert held in controller.ui.taken and picked not in controller.ui.taken


def test_classic_a_click_on_the_pile_takes_it_with_the_pair_when_no_meld_of_its_rank():
    """Classic, melded, no meld of sevens: a click on the pile with the pair of sevens held
    takes it with that pair (it said "select the cards ... and drop them on the pile")."""
    for press in ("click", "key"):
        state = position(["S7 C7 C4 C9"], melds=[{"K": "SK HK DK"}, {}], discard="S4 D7")
        controller, _host = make(state)
        controller.moves.click_pile() if press == "click" else controller.moves.key_take()
        st = controller.game.state
        assert controller.refusal is None and st.phase is Phase.MELD and not st.pile, press
        assert sorted(c.face for c in st.hands[0]) == ["C4", "C9", "S4"]
        assert Rank.SEVEN in {m.rank for m in st.side_melds(0)}


def test_hand_and_foot_a_click_on_the_pile_short_of_the_minimum_says_so():
    """The pair held but the three kings short of deal 1's 50: the engine's minimum is the
    reason given, not "select the pair and drop it on the pile"."""
    feet = ["D4 D5 D6 D7 D8 D9 D10 DJ DQ DK DA"] * 4
    state = position(
        ["SK CK C4 C5", "C6", "C7", "C8"], melds=[[], []], variant="hand-and-foot", discard="D4 D5 HK", feet=feet
    )
    controller, _host = family("hand-and-foot", state)
    controller.moves.click_pile()
    assert controller.refusal is not None and controller.refusal.rule == "R-TAKE-MIN"
    assert len(controller.game.state.pile) == 3


def test_a_move_the_engine_could_not_read_is_refused_in_the_players_words(monkeypatch):
    """A NotationError out of the engine was refused with its English text as the message id
    ("a group holds cards of one rank only: ..."): English on a Chinese table. It is refused
    with a message of the catalogs, the drop's preview (`DryTable`) as the drop itself."""
    from game.i18n import set_language
    from game.rules import GameState, NotationError
    from game.why_not import NO_MELD_OF_THOSE

    def unreadable(self, move):  # (for any move: the route is what is tried)
        raise NotationError("a group of only wild cards must name its rank, e.g. 'K: D2'")

    controller, _host = make(position(["C8 D8 H8 C5 H6", "C4", "C6", "C9"], **RISKY))
    monkeypatch.setattr(GameState, "apply", unreadable)
    set_language("zh_CN")
    try:
        five = cards(controller, "C5")
        verdict = controller.moves.verdict(five, DropTarget("pile"))
        assert verdict is not None and not verdict.accepted and verdict.refusal is not None
        assert verdict.refusal.msgid == NO_MELD_OF_THOSE and verdict.refusal.rule == "R-MELD"
        assert verdict.refusal.reason() == "这些牌凑不成组牌。"
        controller.moves.drop(five, DropTarget("pile"))
        assert controller.refusal is not None and controller.refusal.msgid == NO_MELD_OF_THOSE
        assert controller.message is not None and controller.message[0] == "这些牌凑不成组牌。"
    finally:
        set_language("en")
    assert controller.message is not None and controller.message[0] == "Those cards do not make a meld."


def test_no_drop_of_the_hand_s_cards_reaches_the_engine_unreadable():
    """Why the refusal above is a fallback: the table builds its moves of the cards it has
    grouped, and what makes no group is refused there, in the player's words, before a move
    exists; the engine refuses a built move with an IllegalMove only. Every drop of one to
    three cards of a hand (classic, melded or not, before and after drawing; Samba) on every
    target a drop can have, tried quietly as the drag's preview tries it: none is refused
    with the fallback, none raises."""
    from itertools import combinations

    from game.why_not import NO_MELD_OF_THOSE

    hand = "C8 D8 H8 S9 JK D2 S3 H5"
    classic = dict(melds=[{"K": "CK DK HK"}, {"7": "S7 D7 H7"}], discard="H5 S6 HJ S4 D5")
    samba_melds = [["H5 H6 H7", "C8 D8 S8"], ["S4 S5 S6"]]
    tables = [
        make(position([hand, "C4", "C6", "C9"], **classic))[0],
        make(position([hand, "C4", "C6", "C9"], **dict(classic, phase="meld")))[0],
        make(position([hand, "C4", "C6", "C9"], discard="H5 S6 HJ S4 D8", phase="meld"))[0],
        family("samba", position([hand, "C4", "C6", "C9"], melds=samba_melds, variant="samba", discard="D4 H8"))[0],
        family(
            "samba", position([hand, "C4", "C6", "C9"], melds=samba_melds, variant="samba", phase="meld", discard="S4")
        )[0],
    ]
    refusals = 0
    for controller in tables:
        targets = [DropTarget("new-meld"), DropTarget("pile")]
        if controller.config.rules.meld_list:
            targets += [DropTarget("meld", number=n) for n in range(len(controller.game.state.side_melds(0)))]
        else:
            targets += [DropTarget("meld", rank=rank) for rank in controller.game.state.melds[0]]
        held = list(controller.game.state.hands[0])
        for size in (1, 2, 3):
            for chosen in combinations(held, size):
                for target in targets:
                    verdict = controller.moves.verdict(list(chosen), target)
                    if verdict is not None and verdict.refusal is not None:
                        refusals += 1
                        assert verdict.refusal.msgid != NO_MELD_OF_THOSE, (chosen, target)
    assert refusals > 100  # (the drops tried were refused many ways: the test tried some)
