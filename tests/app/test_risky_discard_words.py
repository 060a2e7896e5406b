"""When every card of the hand is a risk, the hint and the risky-discard question say only
what is true of the cards they name (play-test: "the 9♠ gives the least away" of a 9♠ that
handed the next player the very pile the player's 7♣ did).

What a card gives away is what the Normal bot weighs as its danger: the chance the next
player could take the pile with it on top, times what the take would bring them (the pile,
a canasta it would finish or bring within a card). The positions: West, the next player,
has melds of most of the player's ranks, so every card would let West take the pile."""

from __future__ import annotations

import pytest

from game import i18n
from game.discard_weighings import weigh_discards
from game.hints import discard_question, explain
from game.rules import Card, Move
from tests.rules_helpers import position

OTHERS = ["C4 C6 C8", "C9 C10", "CJ CQ"]  # West's, North's and East's hands
WEST_BIG = ["C4 C6 C8 D9 S10 H10 DJ SQ HQ CA DA", "C9 C10", "CJ CQ"]  # West holds a 9 (it took one with the pile)
PILE = "H5 S6 HJ S4 D5"  # with the discard, six cards: worth the question (hints.ASK_PILE)
THREES = {"7": "S7 D7 H7", "4": "S4 D4 C4", "9": "H9 D9 C9", "8": "S8 H8 C8"}  # a take adds one: no canasta
SEVENS_NEAR = "S7 D7 H7 C7 S2"  # five: a take with a 7 brings West's sevens within a card of a canasta


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def seen(hand: str, west_melds: dict[str, str], others=OTHERS, **extra):
    state = position([hand, *others], melds=[{"K": "CK DK HK"}, west_melds], discard=PILE, phase="meld", **extra)
    return state.observation(0)


def hint_for(obs) -> str:
    """The H hint's words for its discard (the Normal bot's choice of the cheapest)."""
    choice = weigh_discards(obs).choice
    assert choice is not None
    return explain(Move.discard(choice), obs)


def test_a_card_that_gives_the_same_pile_as_the_hint_s_is_not_asked_about():
    """Every card lets West take the same pile of six, with no canasta: the 7♣ gives no more
    away than the 8♦ or the 9♠ (the discards the hint weighs cheapest), so the box has nothing
    better to offer and does not ask (it said "the 9♠ gives the least away"). The hint says
    of its card that none gives less away."""
    obs = seen("C7 H4 S9 D8", THREES)
    assert [c.face for c in weigh_discards(obs).cheapest()] == ["D8", "S9"]  # (the singles fewest could pair)
    for face in ("C7", "H4"):
        assert discard_question(obs, Card.parse(face)) is None, face
    assert hint_for(obs).endswith("Every card is a risk now; none gives less away than this one."), hint_for(obs)


def test_a_card_that_gives_more_away_is_asked_about_and_the_least_named():
    """West's sevens are five cards: the 7♣ would bring them within a card of a canasta, more
    than any other card gives. The box asks about it, naming the 8♦, the hint's card, which
    gives the least away (as the 4♥ and the 9♠ do: about them it does not ask). With West's
    fours and eights as near, the hint's 9♠ alone gives the least away, and the hint says so."""
    obs = seen("C7 H4 S9 D8", {**THREES, "7": SEVENS_NEAR})
    text = discard_question(obs, Card.parse("C7"))
    assert text is not None and "meld of 7s" in text, text
    assert text.endswith("Every card in your hand is a risk now; the 8♦ gives the least away."), text
    assert discard_question(obs, Card.parse("H4")) is None and discard_question(obs, Card.parse("S9")) is None
    assert hint_for(obs).endswith("Every card is a risk now; none gives less away than this one."), hint_for(obs)
    alone = seen("C7 H4 S9 D8", {**THREES, "7": SEVENS_NEAR, "4": "S4 D4 C4 H4 H2", "8": "S8 H8 C8 D8 S2"})
    assert hint_for(alone).endswith("Every card is a risk now; this one gives the least away."), hint_for(alone)
    for face in ("C7", "H4", "D8"):
        text = discard_question(alone, Card.parse(face))
        assert text is not None and text.endswith("the 9♠ gives the least away."), (face, text)
    i18n.set_language("zh_CN")
    text = discard_question(obs, Card.parse("C7"))
    assert text is not None and text.endswith("现在手里打哪张牌都有风险；打 8♦ 送给对手的最少。"), text


def test_a_safer_pair_kept_is_said_so_and_the_card_named_gives_less_not_the_least():
    """West took a 9 with the pile and has melded no 9s: the player's pair of 9s gives less
    away than the singles (West may not hold a second 9), yet the hint keeps the pair and
    discards the 8♦; it said "this one gives the least away". It says the safer cards are
    worth more in the hand; the box, asked about the 7♣ (which would bring West's sevens
    within a card of a canasta), names the 8♦ as giving less away, not the least."""
    known = ["", "D9", "", ""]
    obs = seen("C7 H4 S9 H9 D8", {"7": SEVENS_NEAR, "4": "S4 D4 C4", "8": "S8 H8 C8"}, WEST_BIG, known=known)
    assert [c.face for c in weigh_discards(obs).cheapest()] == ["D8"]
    hint = hint_for(obs)
    assert hint.endswith("Every card is a risk now; those that give less away are worth more in your hand."), hint
    text = discard_question(obs, Card.parse("C7"))
    assert text is not None and text.endswith("Every card in your hand is a risk now; the 8♦ gives less away."), text
    assert discard_question(obs, Card.parse("H4")) is None  # (the same pile as the 8♦)
    assert discard_question(obs, Card.parse("S9")) is None  # (less than the 8♦)
    i18n.set_language("zh_CN")
    text = discard_question(obs, Card.parse("C7"))
    assert text is not None and text.endswith("现在手里打哪张牌都有风险；打 8♦ 送给对手的更少。"), text
    assert hint_for(obs).endswith("现在打哪张都有风险，送给对手更少的牌留在手里更有用。"), hint_for(obs)
    same = seen("C7 H4 S9 D8", THREES)
    assert hint_for(same).endswith("现在打哪张都有风险，没有哪张比这张送给对手的更少。"), hint_for(same)
