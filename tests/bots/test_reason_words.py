"""The explainable partner's words (stop 59's play-test): a "yes" from a small hand says
what one more turn would gain (the points it could still meld), not only how many cards
it holds; a take of a small pile says what it brings that fits (naturals for our melds,
pairs) or that its top card goes into a meld at once, and "a pile this big" is kept for
big piles. What the others at the table are told stays what the table's facts give."""

from __future__ import annotations

import pytest
from bot_helpers import position
from rules_helpers import position as rules_position

from game.bots import make_bot
from game.bots import reasons as why
from game.bots.reasons import BotReason, public_form
from game.rules import MoveKind


def asked(hand: str):
    """South (seat 0) holds `hand` and is asked "May I go out?" by North; our kings and a
    canasta of nines are down, most of the stock is left."""
    return position(
        [hand, "", "H9 C4"],
        [{"K": "CK HK SK DK S2 JK D2", "9": "H9 C9 D9"}, {}],
        discard="S6 H7",
        phase="answer",
        turn=2,
        fill=9,
    )


def answer(state):
    bot = make_bot("normal", 0)
    return bot.act(state.observation(0)).kind, bot.explain()


def test_a_yes_from_a_small_hand_says_what_another_turn_would_meld():
    # SK joins our kings (10), S9 our nines (10); the rest melds nowhere: 20 points, below
    # `answer_points` (70), in six cards.
    kind, reason = answer(asked("SK S9 H4 C6 D8 HJ"))
    assert kind is MoveKind.YES
    assert reason == BotReason.of(why.YES_FEW_TO_MELD, points=20, cards=6)
    assert reason.text() == "Another turn would let me meld only 20 points of my 6 cards."
    kind, reason = answer(asked("H4 C6 D8 HJ S7 CQ"))
    assert kind is MoveKind.YES and reason == BotReason.of(why.YES_NONE_TO_MELD, cards=6)
    assert reason.text() == "Another turn would not let me meld any of my 6 cards."
    # (the hand is hidden: the others at the table are told nothing of it)
    assert public_form(reason) is None


def test_the_answer_hint_says_the_same_to_the_player():
    from game import i18n
    from game.hints import explain_hint
    from game.rules import Move

    i18n.set_language("en")
    obs = asked("SK S9 H4 C6 D8 HJ").observation(0)
    reason = BotReason.of(why.YES_FEW_TO_MELD, points=20, cards=6)
    text = explain_hint(Move(MoveKind.YES), obs, reason)
    assert "another turn would let you meld only 20 points of your 6 cards" in text


MELDS = [{"K": "DK CK HK", "8": "C8 D8 S8"}, {}]


def take(hand: str, pile: str, melds=MELDS):
    """Normal's draw with `pile` down (its top card last), and its reason."""
    st = position([hand], melds, discard=pile, turn=0)
    bot = make_bot("normal", 0)
    move = bot.act(st.observation(0))
    assert move.kind is MoveKind.TAKE, str(move)
    return bot.explain()


@pytest.mark.parametrize(
    ("hand", "pile", "said", "public"),
    [
        # Nothing under the top card fits (H4 C6 D9 S10 alone): the take itself, in words.
        ("SQ HQ C5 D7 HA", "H4 C6 D9 S10 CQ", BotReason.of(why.TAKE_TOP), BotReason.of(why.TAKE_TOP)),
        # SK and H8 join our melds: the partner hears the fit, the table the melds' part.
        (
            "SQ HQ C5 D7 HA",
            "SK C6 H8 S10 CQ",
            BotReason.of(why.TAKE_FIT, fit=2),
            BotReason.of(why.TAKE_MELD_FIT, fit=2),
        ),
        # A pair of sixes and a pair of tens under the top card.
        ("SQ HQ C5 D7 HA", "C6 S10 H6 D10 CQ", BotReason.of(why.TAKE_PAIRS, n=4), BotReason.of(why.TAKE_PAIRS, n=4)),
        # C5 and D7 of the hand match two cards under it: the partner hears it; the table is
        # told what the pile alone says (as it would be told of a hand matching nothing).
        ("SQ HQ C5 D7 HA", "H4 S5 H7 S10 CQ", BotReason.of(why.TAKE_FIT, fit=2), BotReason.of(why.TAKE_TOP)),
        # Ten cards and nothing fits: "a pile this big".
        ("SQ HQ", "H4 C5 D6 S7 H9 C3 C10 DJ SA CQ", BotReason.of(why.TAKE_BIG), BotReason.of(why.TAKE_BIG)),
        # Ten cards with pairs in them: still "a pile this big" (not "8 of its cards come in pairs").
        ("SQ HQ", "H4 C4 D6 S6 H9 S9 C10 D10 SA CQ", BotReason.of(why.TAKE_BIG), BotReason.of(why.TAKE_BIG)),
    ],
)
def test_a_take_says_what_it_brings(hand, pile, said, public):
    reason = take(hand, pile)
    assert reason == said
    assert public_form(reason) == public


def test_a_small_take_no_longer_reads_as_a_big_pile():
    reason = take("SQ HQ C5 D7 HA", "H4 C6 D9 S10 CQ")
    assert reason.text() == "Its top card goes straight into a meld, and the cards under it come with it."
    assert "big" not in reason.text()
    assert take("SQ HQ C5 D7 HA", "SK C6 H8 S10 CQ").text() == "2 of its cards fit my hand or our melds."


def test_every_reason_key_reads_back_and_the_new_ones_are_public_or_hidden_as_meant():
    for msgid in (why.TAKE_TOP, why.TAKE_MELD_FIT, why.TAKE_PAIRS, why.YES_FEW_TO_MELD, why.YES_NONE_TO_MELD):
        assert msgid in why.REASON_KEYS.values()
    fit = BotReason.of(why.TAKE_FIT, fit=3).said_publicly_as(BotReason.of(why.TAKE_PAIRS, n=2))
    assert fit == BotReason.of(why.TAKE_FIT, fit=3)  # (what it says to others is not part of it)
    assert BotReason.from_code(fit.code) == BotReason.of(why.TAKE_FIT, fit=3)
    assert BotReason.from_code("take-pairs:n=4") == BotReason.of(why.TAKE_PAIRS, n=4)
    assert BotReason.from_code("yes-few-to-meld:cards=6:points=20") == BotReason.of(
        why.YES_FEW_TO_MELD, points=20, cards=6
    )


HF_FEET = ["D4 D5 D6 D7 D8 S4 S5 S6 S7 S8 H4"] * 4


@pytest.mark.parametrize(
    ("hand", "pile", "said", "public"),
    [
        # Two red threes and three wild cards lie deep in the pile; the take brings H4 C6 JK
        # S10 D9 H5 under the CQ: one wild card ("It holds 2 red threes." before, stop 60).
        (
            "SQ HQ C5 D7 HA S6 D10",
            "JK D2 H3 D3 C2 S9 H4 C6 JK S10 D9 H5 CQ",
            BotReason.of(why.TAKE_WILD),
            BotReason.of(why.TAKE_WILD),
        ),
        (
            "SQ HQ C5 D7 HA S6 D10",
            "JK D2 H3 D3 C2 S9 H4 JK C2 S10 D9 H5 CQ",
            BotReason.of(why.TAKE_WILDS, n=2),
            BotReason.of(why.TAKE_WILDS, n=2),
        ),
        # The red threes stay down: the fit of the six that come (C6 D5 S10 H5), and to the
        # table their pair of fives.
        (
            "SQ HQ C5 D7 HA S6 D10",
            "S9 C7 H3 D3 H4 C6 D5 S10 D9 H5 CQ",
            BotReason.of(why.TAKE_FIT, fit=4),
            BotReason.of(why.TAKE_PAIRS, n=2),
        ),
        # Ten cards or more down, seven come: never "a pile this big".
        (
            "SQ HQ C5 D7 HA",
            "H6 C8 D9 SJ C4 H4 C6 D9 S10 HA H7 CQ",
            BotReason.of(why.TAKE_FIT, fit=2),
            BotReason.of(why.TAKE_TOP),
        ),
        ("SQ HQ", "H4 C4 D6 S6 H9 S9 C10 D10 SA CQ", BotReason.of(why.TAKE_PAIRS, n=4), None),
    ],
)
def test_a_hand_and_foot_take_counts_only_the_cards_it_brings(hand, pile, said, public):
    """V-HF-TAKE: a take brings the top card and the next six; the partner's line counted the
    red threes, wild cards, fits and size of the whole pile (play-test, stop 60)."""
    st = rules_position(
        [hand], melds=[["DK CK HK"], []], variant="hand-and-foot", feet=list(HF_FEET), discard=pile, turn=0
    )
    bot = make_bot("normal", 0)
    move = bot.act(st.observation(0))
    assert move.kind is MoveKind.TAKE, str(move)
    reason = bot.explain()
    assert reason == said
    assert public_form(reason) == (public or said)
    assert "big" not in reason.text() and "big" not in public_form(reason).text()
