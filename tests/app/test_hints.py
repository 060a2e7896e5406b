"""Hints explained in plain words, and the risky-discard check (public facts only)."""

from __future__ import annotations

import pytest

from game import i18n
from game.hints import card_name, costly_reason, discard_risk, explain, hand_cards_for, make_hint
from game.rules import Card, Game, Move, RulesConfig
from tests.rules_helpers import position as rules_position
from tests.rules_helpers import stock_left
from tests.table_helpers import position


def obs(state, seat: int = 0):
    return state.observation(seat)


def test_card_names_use_suit_symbols():
    assert [card_name(f) for f in ("C9", "D10", "HA", "SQ")] == ["9♣", "10♦", "A♥", "Q♠"]
    assert card_name("JK") == "joker"


def test_a_list_of_cards_counts_its_jokers():
    # "Add joker joker to your 8 meld" read as a stammer (play-test, stop 44).
    from game.hints import card_list

    def listed(text: str) -> str:
        return card_list(Card.parse(face) for face in text.split())

    assert listed("S8 JK") == "8♠ joker"
    assert listed("JK S8 JK D2") == "2 jokers 8♠ 2♦"
    assert listed("JK JK JK") == "3 jokers"
    i18n.set_language("zh_CN")
    try:
        assert listed("JK JK") == "2 张王牌"
    finally:
        i18n.set_language("en")


def test_take_the_pile_with_a_pair_names_the_cards_and_the_pile():
    state = position(["C9 D9 H4 S5 H6"], melds=[{"K": "CK DK HK"}, {}], discard="S4 JK H8 H9")
    text = explain(Move.parse("take C9 D9"), obs(state))
    assert text == "Take the pile: meld the 9♥ with your 9♣ 9♦. The pile has 4 cards, 1 of them wild."


def test_take_by_adding_to_our_meld_and_an_opening_take():
    state = position(["C4 H5"], melds=[{"9": "C9 D9 S9"}, {}], discard="S4 H8 H9")
    assert explain(Move.parse("take"), obs(state)).startswith(
        "Take the pile: add the 9♥ to your side's 9 meld. The pile has 3 cards."
    )
    opening = position(["C9 D9 HA SA DA H6"], discard="S4 H8 H9")
    text = explain(Move.parse("take C9 D9 / HA SA DA"), obs(opening))
    assert "Lay A♦ A♥ A♠ with it to reach your minimum of 50." in text


def test_draw_says_why_the_pile_is_not_taken():
    blocked = position(["C9 D9 H4"], melds=[{"9": "C9 D9 S9"}, {}], discard="H9 S3")
    assert explain(Move.draw(), obs(blocked)) == "Draw from the stock: the 3♠ on top blocks the pile."
    frozen = position(["C9 H4 S5"], discard="D7 H9")  # our side has not melded: frozen for us
    assert "frozen" in explain(Move.draw(), obs(frozen))
    empty = position(["C9 H4 S5"])
    assert explain(Move.draw(), obs(empty)) == "Draw from the stock: the pile is empty."


def test_meld_explains_adds_canastas_and_the_first_meld():
    state = position(["HK C5 D5 H5 S9"], melds=[{"K": "CK DK HK SK CK DK"}, {}], discard="S4", phase="meld")
    text = explain(Move.parse("meld HK / C5 D5 H5"), obs(state))
    assert text == (
        "Go out: lay these cards, then discard the 9♠. "  # (the one card it leaves)
        "Add K♥ to your side's king meld. That makes a canasta of kings! Meld 5♣ 5♦ 5♥."
    )
    opening = position(["HA CA SA H4 S9"], discard="S4", phase="meld")
    text = explain(Move.parse("meld HA CA SA"), obs(opening))
    assert "Together they count 60: enough for your first meld (minimum 50)." in text


def test_discards_ask_answers_and_pass():
    state = position(["S3 C9 H4 H5"], melds=[{"K": "CK DK HK"}, {}], discard="S4", phase="meld")
    assert "A black three blocks the pile" in explain(Move.parse("discard S3"), obs(state))
    text = explain(Move.parse("discard C9"), obs(state))
    assert text.startswith("Discard the 9♣. It pairs with nothing in your hand.")
    last = position(["C9"], melds=[{"K": "CK DK HK SK CK DK HK"}, {}], discard="S4", phase="meld")
    assert explain(Move.parse("discard C9"), obs(last)) == "Discard the 9♣ and go out."
    assert "May I go out?" in explain(Move.parse("ask"), obs(state))
    assert explain(Move.parse("yes"), obs(state)).startswith("Answer yes: you hold 4 cards worth only 25 points")
    assert explain(Move.parse("no"), obs(state)).startswith("Answer no")
    assert explain(Move.parse("pass"), obs(state)).startswith("Pass: the stock is empty")


def test_the_answer_counts_a_black_three_left_in_hand_as_bolivia_scores_it():
    """V-BOL-BLACK3: the hint's yes or no to "May I go out?" said a hand of three black
    threes and a 7 was worth 20 points at a Bolivia table: they cost the side 305 (play-test,
    stop 63)."""
    hands = ["C3 S3 C3 D7", "C5 C6", "C8 C9 D9", "D5 D6"]
    melds = [["C7 D7 H7 S7 C7 D7 H7", "H4 H5 H6 H7 H8 H9 H10"], []]
    state = rules_position(hands, melds=melds, discard="S4", phase="meld", variant="bolivia")
    assert explain(Move.parse("no"), obs(state)).startswith("Answer no: you still hold 4 cards worth 305 points")
    assert explain(Move.parse("yes"), obs(state)).startswith("Answer yes: you hold 4 cards worth only 305 points")


def test_asking_in_a_side_of_three_says_whom_and_the_other_partners_cards():
    """V-SIX-ASK: in six-hand-2x3 a player asks the partner who plays next; the other
    partner's cards count against the side too if the player goes out. Classic's hint
    stays as it was."""
    hands = ["C9 C10", "C4 C6", "H4 H5 H6", "D4", "S4 S5 S6 S7 S8", "D5"]
    melds = [{"K": "CK DK HK SK CK DK HK", "7": "C7 D7 H7 S7 C7 D7 H7"}, {}]
    state = rules_position(hands, melds=melds, discard="S4", phase="meld", variant="six-hand-2x3")
    assert explain(Move.parse("ask"), obs(state)) == (
        "Ask your partner who plays next “May I go out?”: you can go out this turn. "
        "Your other partner's 5 cards count against us too if you go out."
    )
    classic = position(["S3 C9 H4 H5"], melds=[{"K": "CK DK HK"}, {}], discard="S4", phase="meld")
    assert explain(Move.parse("ask"), obs(classic)) == ("Ask your partner “May I go out?”: you can go out this turn.")


def test_a_pass_that_declines_a_take_and_hand_and_foots_wild_cards_say_so():
    """The pass hint said "you cannot take the pile" where a take was legal and declined
    (R-EXHAUSTED); Hand and Foot's hints spoke of freezing, which that game does not have
    (rules review, stop 42)."""
    from tests.rules_helpers import position as rules_position

    two = rules_position(
        ["H9 C9 SK", ""], melds=[{"K": "HK DK CK"}, {}], discard="H4 D5 C6 D9", stock="", variant="two-hand"
    )
    assert "pass" in [str(m) for m in two.legal_moves()] and any(m.kind.name == "TAKE" for m in two.legal_moves())
    assert "not worth taking" in explain(Move.parse("pass"), obs(two))
    for seed in range(100):  # a Hand and Foot deal whose player to act holds a wild card
        hf = Game(RulesConfig.for_variant("hand-and-foot"), seed).state
        wild = next((c for c in hf.hands[hf.to_act] if c.is_wild), None)
        if wild is not None:
            break
    else:
        raise AssertionError("no Hand and Foot deal with a wild card in the first hand")
    text = explain(Move.parse(f"discard {wild.face}"), hf.observation(hf.to_act))
    assert "freez" not in text and "blocks the pile" in text
    classic = position(["D2 C9 H4 H5"], melds=[{"K": "CK DK HK"}, {}], discard="S4", phase="meld")
    assert "freezes the pile" in explain(Move.parse("discard D2"), obs(classic))


def test_the_normal_bots_hint_is_legal_lights_hand_cards_and_translates():
    game = Game(RulesConfig(), 7)
    observation = game.state.observation(game.state.to_act)
    hint = make_hint(observation, seed=1)
    assert hint.move in observation.legal and hint.text
    assert all(card in observation.hand for card in hint.cards)
    i18n.set_language("zh_CN")
    chinese = explain(hint.move, observation)
    assert chinese != hint.text and any("\u4e00" <= ch <= "\u9fff" for ch in chinese)


def test_hand_cards_for_picks_distinct_copies():
    hand = [Card.parse("C9"), Card.parse("C9", 1), Card.parse("D9")]
    cards = hand_cards_for(Move.parse("take C9 C9"), hand)
    assert cards == hand[:2] and cards[0] is not cards[1]


# -- risky discards -------------------------------------------------------------------


def test_a_discard_the_next_opponent_can_take_the_pile_with_is_risky():
    # West (seat 1, the next player) is on side 1, which has melded sevens; the pile is not frozen.
    state = position(["C7 H4 S9 D8"], melds=[{}, {"7": "S7 D7 H7"}], discard="S4 D5", phase="meld")
    risk = discard_risk(obs(state), Card.parse("C7"))
    assert risk is not None and risk.kind == "takes" and "7" in risk.text and "3 cards" in risk.text
    assert discard_risk(obs(state), Card.parse("S9")) is None
    assert discard_risk(obs(state), Card.parse("H4")) is None


def test_a_costly_move_s_reason_says_the_risk_the_pair_or_the_better_move():
    """The deal review's line under "Hard would rather" (stop 47)."""
    state = position(["C7 H4 S9 D9 D8"], melds=[{}, {"7": "S7 D7 H7"}], discard="S4 D5", phase="meld")
    seen = obs(state)
    better = Move.parse("discard D8")
    risky = costly_reason(Move.parse("discard C7"), better, seen)
    assert risky.startswith("The next player's side has a meld of 7s"), risky
    from_pair = costly_reason(Move.parse("discard S9"), better, seen)
    assert from_pair.startswith("The 9♠ was one of a pair in your hand") and "Discard the 8♦." in from_pair
    plain = costly_reason(Move.parse("discard H4"), better, seen)  # (a single nobody can use, as the 8♦)
    assert plain.startswith("From what you could see, your 4♥ was a safe discard too"), plain
    assert "8♦" not in plain  # ("Discard the 8♦. It pairs with nothing ...": as true of the 4♥)


def test_a_costly_safe_single_beside_another_safe_single_says_nothing_told_them_apart():
    """Play-test (stop 52): "Hard would rather: discard 10♠", explained "Discard the 10♠. It
    pairs with nothing in your hand. The next player's side has no meld of 10s." under the
    player's 7♦, of which all that was true as well: the review says the 7♦ was safe too and
    the difference is in Hard's sampled deals. Where the player's card was not such a single,
    or the better one was risky, the line is as before."""
    state = position(["D7 S10 H6 S6 CQ"], melds=[{"A": "CA DA HA"}, {"Q": "SQ DQ HQ"}], discard="S4 D5", phase="meld")
    seen = obs(state)
    alike = costly_reason(Move.parse("discard D7"), Move.parse("discard S10"), seen)
    assert alike.startswith("From what you could see, your 7♦ was a safe discard too"), alike
    assert "sampled deals" in alike
    # Hard's card breaks the pair of 6s: the 7♦ was still a safe single, and so it is said
    broke = costly_reason(Move.parse("discard D7"), Move.parse("discard H6"), seen)
    assert broke.startswith("From what you could see"), broke
    # ... but not of the player's 6♥ from the pair, nor beside a better card the next side takes
    from_pair = costly_reason(Move.parse("discard H6"), Move.parse("discard D7"), seen)
    assert from_pair.startswith("The 6♥ was one of a pair"), from_pair
    risky = costly_reason(Move.parse("discard D7"), Move.parse("discard CQ"), seen)
    assert not risky.startswith("From what you could see"), risky
    i18n.set_language("zh_CN")
    try:
        chinese = costly_reason(Move.parse("discard D7"), Move.parse("discard S10"), seen)
        assert "7♦" in chinese and "From" not in chinese, chinese
    finally:
        i18n.set_language("en")


def test_a_costly_discard_of_a_black_three_from_a_pair_is_not_called_a_natural_pair():
    """Two black threes never take the pile (R-BLACK3): the review's reason said "one of a
    pair ..., and a natural pair can take the pile" of a discarded 3♣ beside the 3♠."""
    state = position(["C3 S3 H4 D8"], melds=[{}, {}], discard="S4 D5", phase="meld")
    seen = obs(state)
    better = Move.parse("discard D8")
    reason = costly_reason(Move.parse("discard C3"), better, seen)
    assert reason == explain(better, seen), reason


def test_a_costly_move_s_reason_never_argues_against_the_better_move():
    """Play-test (stop 47): a lay-off the review found costly, Hard rather discarding the Q♣,
    read "... The next player's side has a meld of Qs: they could take the pile with your Q♣"
    under "points lost": the better move's own risk, said as the reason the player's move
    lost. The review explains the better move without it; the H hint still warns."""
    state = position(["C7 H4 S9 D8 HJ"], melds=[{"J": "CJ DJ SJ"}, {"7": "S7 D7 H7"}], discard="S4 D5", phase="meld")
    seen = obs(state)
    better = Move.parse("discard C7")
    assert "could take the pile with your 7♣" in explain(better, seen)  # the hint warns
    reason = costly_reason(Move.parse("meld HJ"), better, seen)
    assert reason == "Discard the 7♣. It pairs with nothing in your hand.", reason
    # every card a risk: that is why the better move was chosen, and it is said
    state = position(["C7 H7 S7"], melds=[{}, {"7": "S7 D7 H7"}], discard="S4 D5", phase="meld")
    seen = obs(state)
    reason = costly_reason(Move.parse("meld C7 H7 S7"), Move.parse("discard C7"), seen)
    assert reason == "Discard the 7♣. Every card is a risk now; this one gives the least away.", reason


def test_a_player_alone_is_told_of_melds_not_of_sides():
    """Two-hand and three-hand: "the next player's side", "your side's meld" read oddly for
    a player who plays alone (play-test, stop 43)."""
    for variant in ("two-hand", "three-hand"):
        players = RulesConfig.for_variant(variant).players
        hands = ["C7 H4 S9 D8 DK", "C4 C6", "C9 C10"][:players]
        melds = [{"K": "CK HK SK"}, {"7": "S7 D7 H7"}, {}][:players]
        state = rules_position(hands, melds=melds, discard="S4 D5", phase="meld", variant=variant)
        takes = discard_risk(obs(state), Card.parse("C7"))
        player = "The next player" if players == 2 else "West"  # (three-hand names which of the two)
        assert takes is not None and takes.text.startswith(f"{player} has a meld of 7s"), takes.text
        lay_off = discard_risk(obs(state), Card.parse("DK"))
        assert lay_off is not None and "could be added to your king meld" in lay_off.text, lay_off.text
        assert "side" not in takes.text + lay_off.text
    classic = position(["C7 H4 S9 D8 DK"], melds=[{"K": "CK HK SK"}, {"7": "S7 D7 H7"}], discard="S4 D5", phase="meld")
    risk = discard_risk(obs(classic), Card.parse("C7"))
    assert risk is not None and "The next player's side" in risk.text  # (partners: a side)


def test_frozen_pile_wild_and_black_three_are_not_risky_but_a_known_pair_is():
    frozen = position(["C7 S3 D2 H4"], melds=[{}, {"7": "S7 D7 H7"}], discard="S4 JK D5", phase="meld")
    assert discard_risk(obs(frozen), Card.parse("C7")) is None  # frozen: a pair is needed
    assert discard_risk(obs(frozen), Card.parse("S3")) is None  # a black three blocks
    assert discard_risk(obs(frozen), Card.parse("D2")) is None  # a wild card freezes
    # West picked up two eights with a pile earlier: they can take even a frozen pile with a third.
    known = position(
        ["C8 H4 S9", "H8 D8 C5"],
        melds=[{}, {"7": "S7 D7 H7"}],
        discard="S4 JK D5",
        phase="meld",
        known=["", "H8 D8", "", ""],
    )
    risk = discard_risk(obs(known), Card.parse("C8"))
    assert risk is not None and risk.kind == "interest"


def test_a_card_that_could_be_laid_off_is_flagged():
    state = position(["C9 H4 S5 D6"], melds=[{"9": "S9 D9 H9"}, {}], discard="S4", phase="meld")
    risk = discard_risk(obs(state), Card.parse("C9"))
    assert risk is not None and risk.kind == "lay-off" and "9 meld" in risk.text


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_risk_texts_translate(language):
    i18n.set_language(language)
    state = position(["C7 H4"], melds=[{}, {"7": "S7 D7 H7"}], discard="S4 D5", phase="meld")
    text = discard_risk(obs(state), Card.parse("C7")).text
    assert "7♣" in text and (language == "en" or "下家" in text)


def asked(hand: str, stock: str = "D5 H5 S5 D6 S6 D7 H7 S7 D8 H8 S8 D9 H9 S9 DJ HJ SJ CJ HQ SQ DQ"):
    """North (seat 2) asks the player "May I go out?"; the player holds `hand`."""
    from game.rules import Phase

    state = position(
        [hand, "C5 C6 C7", "C4 D4 H4 C9", "C8 C10 CJ"],
        melds=[{"K": "CK CK DK DK HK HK SK"}, {}],
        discard="S4",
        stock=stock,
        phase="meld",
        turn=2,
    )
    state.apply(Move.parse("ask"))
    assert state.phase is Phase.ANSWER and state.to_act == 0
    return state


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("H6", "Answer yes: you hold a single card."),
        ("HA SA DA CA H2 JK D10 S10 H10 CQ SQ", "Answer no: you hold 180 points you can still meld."),
    ],
)
def test_an_answers_hint_says_the_bots_own_reason_to_the_player(hand, expected):
    """The hint for an answer gives the reason Normal answers for (its own words are in
    the first person; the hint says them to the player), and is re-worded in Chinese."""
    observation = asked(hand).observation(0)
    hint = make_hint(observation, seed=1)
    assert hint.reason is not None
    assert hint.text == expected
    assert explain(hint.move, observation, hint.reason) == expected
    i18n.set_language("zh_CN")
    chinese = explain(hint.move, observation, hint.reason)
    assert chinese != expected and "{" not in chinese


def test_the_next_opponent_follows_the_deals_turn_order_in_five_hand():
    """V-FIVE: one player sits out and the four left sit alternately, so the player after
    a seat is not seat + 1 (the discard warnings once watched the one sitting out)."""
    from game.hints import next_opponent

    checked = 0
    for seed in range(6):
        game = Game(RulesConfig.for_variant("five-hand"), seed)
        state = game.state
        assert state.out is not None
        for seat in state.order:
            obs = state.observation(seat)
            after = state.next_seat(seat)
            expected = after if state.config.side_of(after) != state.config.side_of(seat) else None
            assert next_opponent(obs) == expected
            checked += expected != (seat + 1) % 5 if expected is not None else 0
    assert checked  # some seat's next player is not the seat after it


def test_the_draw_hint_gives_the_engines_reason_the_pile_may_not_be_taken():
    """A pair of the top card's rank in hand but a first meld short of the minimum
    (R-TAKE-MIN), or one card held and a pile of one (R-ONE-CARD): the hint says so, not
    "you cannot meld it with a natural pair"."""
    short = position(["D5 H5 C4 S6 D7 H8 S9 D10 CJ HQ SK"], discard="C9 C5")
    text = explain(Move.draw(), obs(short))
    assert text.startswith("Draw from the stock: you may not take the pile.") and "short of the minimum 50" in text
    one = position(["S4"], melds=[{"9": "D9 H9 S9"}, {}], discard="C9")
    text = explain(Move.draw(), obs(one))
    assert "you may not take the pile" in text and "one card" in text
    i18n.set_language("zh_CN")
    assert "{" not in explain(Move.draw(), obs(short)) and "最低" in explain(Move.draw(), obs(short))


def test_a_concealed_going_out_below_the_minimum_is_not_called_enough():
    state = position(["C4 C4 D4 D4 H4 H4 S4 S9"], discard="S5", phase="meld")
    text = explain(Move.parse("meld C4 C4 D4 D4 H4 H4 S4"), obs(state))
    assert "enough" not in text and "needs no minimum" in text


def test_a_discard_that_could_be_laid_off_is_not_called_a_risk_like_every_card():
    state = position(["CJ SJ DQ"], melds=[{"Q": "CQ CQ HQ SQ DQ"}, {}], discard="S4", phase="meld")
    text = explain(Move.parse("discard DQ"), obs(state))
    assert "Every card is a risk" not in text


def test_in_samba_a_closed_canasta_of_the_rank_is_not_called_no_meld():
    from game.rules import position_from_json

    state = position_from_json(
        {
            "format": "canasta-position/1",
            "variant": "samba",
            "target": 10000,
            "scores": [0, 0],
            "dealer": 3,
            "turn": 0,
            "phase": "meld",
            "hands": ["C7 D4 H4 S4", "C5 C6", "C8 C9", "D5 D6"],  # (no other single to tell it from)
            "melds": [["HQ SQ DQ"], ["C7 D7 H7 S7 C7 D7 H7"]],
            "red_threes": ["", ""],
            "discard": "S4",
            "stock": "H5 H6 S5 S6 D8 D9",
            "stock_exact": True,
        }
    )
    text = explain(Move.parse("discard C7"), obs(state))
    # Not "no meld of 7s" (they have a canasta of 7s), nor "no meld the 7♣ could join" (a canasta of
    # 7s takes a 7 from the hand, V-SAMBA-CANASTA): what it cannot do is take the pile (stop 57).
    assert text.endswith("No meld of the next player's side could take the pile with the 7♣.")
    assert "could join" not in text


def test_chinese_sentences_follow_each_other_without_a_space():
    """。 is a wide full stop: Chinese puts no space after it (English joins with one)."""
    from game.hints import discard_risk

    state = position(["S3 C9 H4 H5"], melds=[{"K": "CK DK HK"}, {}], discard="S4", phase="meld")
    english = explain(Move.parse("discard C9"), obs(state))
    assert ". " in english
    i18n.set_language("zh_CN")
    for text in (
        explain(Move.parse("discard C9"), obs(state)),
        explain(Move.parse("take C9 D9"), obs(position(["C9 D9 H4 S5 H6"], discard="S4 JK H8 H9"))),
    ):
        assert "。" in text and "。 " not in text, text
    risky = position(["C9 H4 H5"], melds=[{}, {"9": "D9 S9 H9"}], discard="S4 C7 D8", phase="meld")
    risk = discard_risk(obs(risky), Card.parse("C9"))
    assert risk is not None and "。 " not in risk.text


def test_hand_and_foots_discard_hint_gives_no_classic_reason():
    """Hand and Foot's pile is taken only with a natural pair from the hand (V-HF-TAKE):
    no meld on the table takes it, and one known card of the rank is no pair. The discard
    hint said "The next player's side has no meld the 4♥ could join" and called a nine
    risky because West had picked up one nine (play-test, stop 46)."""

    def west_picked_up(nines: str):
        """West holds the `nines` it was seen taking with a pile, and the C5."""
        return rules_position(
            ["C9 H4 SK D6", f"{nines} C5", "C8", "D5"],
            melds=[["HQ SQ DQ"], ["C7 D7 H7"]],
            discard="S4",
            phase="meld",
            variant="hand-and-foot",
            feet=[None, None, None, None],
            deal_no=1,
            known=["", nines, "", ""],
        )

    state = west_picked_up("H9")
    assert explain(Move.parse("discard H4"), obs(state)) == "Discard the 4♥. It pairs with nothing in your hand."
    assert discard_risk(obs(state), Card.parse("C9")) is None  # (one nine known: no natural pair)
    pair = west_picked_up("H9 S9")
    risk = discard_risk(obs(pair), Card.parse("C9"))
    assert risk is not None and risk.kind == "interest"  # (two known nines: a natural pair)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_hand_and_foots_risky_discard_counts_the_cards_the_take_brings_not_the_pile(language):
    """Hand and Foot's take brings the top card and the next six, the rest stays (V-HF-TAKE):
    the risky-discard box said "The pile would then hold 32 cards." as if all of it went
    (play-test, stop 56). A pile the take brings whole still says its size."""

    def risk_of(pile: str) -> str:
        state = rules_position(
            ["C9 H4 SK D6", "H9 S9 C5", "C8", "D5"],
            melds=[["HQ SQ DQ"], ["C7 D7 H7"]],
            discard=pile,
            phase="meld",
            variant="hand-and-foot",
            feet=[None, None, None, None],
            deal_no=1,
            known=["", "H9 S9", "", ""],
        )
        risk = discard_risk(obs(state), Card.parse("C9"))
        assert risk is not None and risk.kind == "interest"
        return risk.text

    i18n.set_language(language)
    try:
        big, small = risk_of("S4 D5 C6 C7 D8 H8 D10 CJ C10 HQ"), risk_of("S4 D5 C6")
    finally:
        i18n.set_language("en")
    if language == "en":
        assert big.endswith("The take would bring them 7 of its 11 cards.") and "would then hold" not in big
        assert small.endswith("The pile would then hold 4 cards.")
    else:
        assert "11 张中的 7 张" in big and "弃牌堆会有 11 张" not in big
        assert "弃牌堆会有 4 张" in small


def test_a_pile_of_one_card_is_one_card_not_one_cards():
    # "Take the pile: meld the 6♥ with your 6♣ 6♦. The pile has 1 cards." (play-test, Samba)
    state = position(["C9 D9 H4 S5 H6"], melds=[{"K": "CK DK HK"}, {}], discard="H9")
    assert (
        explain(Move.parse("take C9 D9"), obs(state))
        == "Take the pile: meld the 9♥ with your 9♣ 9♦. The pile has 1 card."
    )
    drawing = position(["C9 D9 H4 S5 H6"], melds=[{"K": "CK DK HK"}, {}], discard="H9", phase="draw")
    assert explain(Move.draw(), obs(drawing)) == "Draw from the stock: the pile (1 card) is not worth taking now."
    i18n.set_language("zh_CN")
    try:
        assert "1 cards" not in explain(Move.parse("take C9 D9"), obs(state))
    finally:
        i18n.set_language("en")


def test_a_black_three_discard_in_bolivia_says_what_it_would_cost_left_in_the_hand():
    """In Bolivia a black three left in a hand costs its side 100 (V-BOL-BLACK3): the hint's
    reason to discard it said only that it blocks the pile, as in Samba (play-test)."""
    for variant, costs in (("bolivia", True), ("samba", False)):
        state = rules_position(["S3 C9 H4 H5"], melds=[["CK DK HK"], []], discard="S4", phase="meld", variant=variant)
        text = explain(Move.parse("discard S3"), obs(state))
        assert text.startswith("Discard the 3♠. A black three blocks the pile for the next player."), text
        assert ("would count 100 against your side" in text) == costs, text


def _stock_without(*laid: str, n: int = 40) -> str:
    """A stock of `n` cards the position does not hold already (two packs: two of a face)."""
    from collections import Counter

    used = Counter(face for text in laid for face in text.split())
    faces = [suit + rank for rank in ("4", "5", "6", "7", "8", "10", "J", "Q") for suit in "CDHS"]
    return " ".join([face for face in faces for _ in range(2 - used[face])][:n])


def _could_go_out(partner: str, melds: dict[str, str]):
    """Our turn's meld phase with 9♥ A♥ in hand, a canasta and 9s down: 9♥ onto the 9s and
    the A♥ discarded go out (a play-test's case, stop 49); the stock is far from gone."""
    hands = ["H9 HA", "C4 D4 C5 D6", partner, "C10 D10 HJ SJ SK"]
    ours = {"K": "CK DK HK SK CK DK HK", "9": "C9 D9 S9", **melds}
    laid = [*hands, *ours.values(), "CQ DQ HQ S4 C6"]
    return position(hands, melds=[ours, {"Q": "CQ DQ HQ"}], discard="S4 C6", stock=_stock_without(*laid), phase="meld")


def test_a_hint_that_plays_on_says_going_out_was_possible_and_why_not():
    # "Discard the 9♥. It pairs with nothing in your hand." was all the hint said to a player
    # who could go out: now it says so, how, and what Normal weighed against it.
    many = _could_go_out("H6 S7 C8 D10 HJ SQ C7 D6 S5", {})
    hint = make_hint(obs(many))
    assert hint.move == Move.parse("discard H9")
    assert hint.text == (
        "Discard the 9♥. The next player's side has no meld of 9s. You could go out this turn by laying 9♥ and "
        "discarding the A♥, but playing on is worth more. Your partner's 9 cards would count against your side."
    )
    near = _could_go_out("H6 S7", {"5": "C5 D5 H5 S5 H5", "8": "C8 D8 S8 H8 D8"})
    text = make_hint(obs(near)).text
    assert "You could go out this turn by laying 9♥ and discarding the A♥" in text
    assert text.endswith("Your side's melds of 5s & 8s are close to canastas.")  # (it read "5, 8 melds")
    i18n.set_language("zh_CN")  # short items such as ranks are listed with 、 (it read 5，8)
    try:
        assert make_hint(obs(near)).text.endswith("本方的 5、8 组牌都快凑成卡纳斯塔了。")
    finally:
        i18n.set_language("en")
    assert "pairs with nothing" not in text  # (the 9♥ fits our 9s: laying it would go out)
    # explain() alone (the review's better move) stays as it was; the table's hint re-explains
    # with the note (table_guide.hint_text).
    from game.hints import explain_hint

    assert explain_hint(hint.move, obs(many)) == hint.text
    assert "go out" not in explain(hint.move, obs(many))


def test_a_long_going_out_is_not_spelled_out(monkeypatch):
    # A Samba hand of thirty cards listed them all, the discard after them.
    import game.hints as hints

    monkeypatch.setattr(hints, "LISTED_CARDS", 0)
    text = make_hint(obs(_could_go_out("H6 S7 C8 D10 HJ SQ C7 D6 S5", {}))).text
    assert "You could go out this turn, but playing on is worth more. Your partner's 9 cards" in text


def test_a_meld_that_leaves_one_card_says_it_goes_out():
    # "Add 9♠ to your side's 9 meld." did not say that the Q♠ left is then discarded to go out.
    state = _could_go_out("H6 S7", {})
    text = explain(Move.parse("meld H9"), obs(state))
    assert text == "Go out: lay these cards, then discard the A♥. Add 9♥ to your side's 9 meld."


def test_a_discard_that_fits_our_meld_says_why_it_is_not_laid():
    # "It pairs with nothing in your hand." of a card that fits our meld read as if it were useless.
    state = position(["C9 H4 H5 S6"], melds=[{"9": "C9 D9 S9"}, {}], discard="S4", phase="meld")
    text = explain(Move.parse("discard C9"), obs(state))
    assert text.startswith(
        "Discard the 9♣. It would fit your side's 9 meld. Laying it as well would leave you only 2 cards; "
        "keep more to take the pile with."
    )
    assert "pairs with nothing" not in text


def _family(variant: str, hand: str, melds, discard: str, phase: str = "meld", **extra):
    """Seat 0 of a Samba-family position; Hand and Foot's feet are all picked up."""
    if variant == "hand-and-foot":
        extra = {"feet": [None, None, None, None], "deal_no": 1, **extra}
    return rules_position(
        [hand, "C5 C6", "C8 C9", "D5 D6"], melds=melds, discard=discard, phase=phase, variant=variant, **extra
    )


def test_wild_cards_added_to_a_meld_make_a_canasta_of_the_meld_s_rank():
    # "Add 2♥ to your meld of Js. That makes a canasta of JKs!" (play-test, Samba, stop 49): the
    # wild cards' own group names no rank.
    samba = _family("samba", "H2 C9 D9 S9", [["CJ DJ SJ HJ HJ CJ"], []], "S4")
    text = explain(Move.parse("meld +0: H2 / C9 D9 S9"), obs(samba))
    assert "Add 2♥ to your meld of jacks. That makes a canasta of jacks!" in text
    assert "JKs" not in text and "jokers" not in text


def test_hand_and_foot_names_a_book_clean_or_dirty():
    # The quota counts clean and dirty books apart (V-HF-OUT): "That makes a book of 9s!" did
    # not say which the meld becomes.
    state = _family("hand-and-foot", "C9 H2 S5 S6 D7", [["C9 D9 H9 S9 D9 S9"], []], "S4")
    assert explain(Move.parse("meld +0: C9"), obs(state)).endswith("That makes a clean book of 9s!")
    assert explain(Move.parse("meld +0: H2"), obs(state)).endswith("That makes a dirty book of 9s!")
    dirty = _family("hand-and-foot", "C9 S5 S6 D7", [["C9 D9 H9 S9 JK S9"], []], "S4")
    assert explain(Move.parse("meld +0: C9"), obs(dirty)).endswith("That makes a dirty book of 9s!")


def test_the_samba_familys_draw_hint_says_its_own_take_rule():
    """ "Draw from the stock: you cannot meld the A♦ on top of the pile." was said in Samba
    beside our canasta of aces, and in Hand and Foot beside our open meld of jacks: the card
    fits, but a canasta takes no card from the pile (V-SAMBA-TAKE) and Hand and Foot's pile is
    taken only with a natural pair (V-HF-TAKE) (play-test, stop 49)."""
    canasta = _family("samba", "C9 D4 H7", [["CA DA HA SA CA DA JK"], []], "S4 DA", phase="draw")
    assert explain(Move.draw(), obs(canasta)) == (
        "Draw from the stock: you hold no natural pair of aces, and the A♦ fits only a canasta, "
        "which takes no card from the pile."
    )
    one_and_wild = _family("bolivia", "C9 D4 HA JK", [["CK DK HK"], []], "S4 DA", phase="draw")
    assert explain(Move.draw(), obs(one_and_wild)) == (
        "Draw from the stock: you hold no natural pair of aces, and the A♦ fits no meld of your side "
        "that is not yet a canasta."
    )
    hf = _family("hand-and-foot", "C9 D4 HJ", [["CJ DJ SJ"], []], "S4 DJ", phase="draw")
    assert explain(Move.draw(), obs(hf)) == (
        "Draw from the stock: only a natural pair from your hand takes the pile, and you hold no pair of jacks."
    )
    for state in (canasta, one_and_wild, hf):  # (and the Normal bot draws there)
        assert make_hint(obs(state)).move == Move.draw()
    classic = position(["C9 D4 H7"], melds=[{"K": "CK DK HK"}, {}], discard="S4 DA")
    assert explain(Move.draw(), obs(classic)) == "Draw from the stock: you cannot meld the A♦ on top of the pile."


def test_hand_and_foots_take_says_which_cards_of_the_pile_come():
    # "You take the next 0 cards of the pile; the rest stays." of a pile of one card, and "the
    # rest stays" of a pile of four that comes whole (play-test, stop 49).
    def take(pile: str, melds=None) -> str:
        state = _family("hand-and-foot", "CQ SQ D4 S5 D6 H7", melds or [["CK DK HK"], []], pile, phase="draw")
        return explain(Move.parse("take CQ SQ"), obs(state))

    assert take("HQ") == "Take the pile: meld the Q♥ with your Q♣ Q♠."
    assert (
        take("D4 S5 C6 HQ") == "Take the pile: meld the Q♥ with your Q♣ Q♠. You take the other 3 cards of the pile too."
    )
    assert take("C6 HQ") == "Take the pile: meld the Q♥ with your Q♣ Q♠. You take the other card of the pile too."
    ten = "D4 S5 C6 C7 D8 H8 D10 CJ C10 HQ"
    assert take(ten).endswith("You take the next 6 cards of the pile; the rest stays.")
    # The pair and the top card join our open meld of queens (VARIANTS.md section 6), here a book.
    joined = take(ten, [["CQ DQ HQ JK"], []])
    assert joined.startswith(
        "Take the pile: add the Q♥ and your Q♣ Q♠ to your meld of queens. That makes a dirty book of queens!"
    )


def test_hand_and_foots_play_on_note_speaks_of_books_and_asking(monkeypatch):
    """Hand and Foot's note said "You could go out this turn" though going out waits for the
    partner's yes, and "4 of your side's melds are close to canastas" (play-test, stop 49)."""
    from game.bots.normal import NormalPolicy, OutWeighing
    from game.hints import explain_hint

    books = ["CK DK HK SK CK DK HK", "CA DA HA SA CA DA HA", "C8 D8 H8 S8 C8 JK D2", "C7 D7 H7 S7 C7 JK D2"]
    state = _family(
        "hand-and-foot", "C9 D9 S9 H5", [[*books, "C6 D6 H6 S6 C6"], []], "S4", feet=[None, "C4", "C5", "C6"]
    )
    assert Move.parse("ask") in obs(state).legal
    near = ((obs(state).melds[0][4], 5),)

    def weigh(self, kn, plan=None):
        return OutWeighing(False, 0, 0.0, near, 10.0, 0.0, None)

    monkeypatch.setattr(NormalPolicy, "weigh_going_out", weigh)
    text = explain_hint(Move.parse("discard H5"), obs(state))
    assert "You could ask your partner “May I go out?” now, but playing on is worth more." in text
    assert text.endswith("One of your side's melds is close to a book.")
    assert "canasta" not in text


# ---------------------------------------------------------------- why this discard (stop 49)
def test_a_discard_that_breaks_a_pair_says_why_normal_breaks_it():
    """About a fifth of Hand and Foot's discard hints read only "Discard the Q♣." (a pair
    broken, no word why), and in classic, Samba and Bolivia one in seven said only that the
    next player has no meld of its rank. The reason is what Normal weighed against its
    cheapest single card: the next player's melds, or (Hand and Foot's five packs) the single
    worth more to keep for the copies of its rank still unseen."""
    melds = [{"10": "C10 D10 H10", "K": "CK DK HK"}, {"7": "C7 D7 H7", "9": "C9 D9 S9", "J": "CJ DJ SJ"}]

    def hint(hand: str, card: str = "C4") -> str:
        state = position([hand], melds=melds, discard="S5 D6", phase="meld")
        made = make_hint(obs(state))
        assert made.move == Move.parse(f"discard {card}")
        return made.text

    assert hint("H9 S4 C4 DQ SQ", "DQ") == (
        "Discard the Q♦. It breaks your pair of queens. It is safer than your 9♥: the next player's side has a "
        "meld of 9s. The next player's side has no meld of queens."
    )
    # (what fits none of their melds, not a card they "could not take the pile with": a pair in
    # their hand takes it too; play-test, stop 59)
    assert hint("H9 S4 C4 HJ") == (
        "Discard the 4♣. It breaks your pair of 4s. It is the only card that fits none of the next player's "
        "side's melds: with your 9♥ J♥ they could take the pile."
    )
    # The cards named in rank order, however they came to the hand (two-hand play-test, stop 53:
    # "your 8♥ K♠ K♣ 8♥ 9♠ J♣ fit its melds").
    assert hint("HJ S4 C4 H9") == hint("H9 S4 C4 HJ")
    # (a joker blocks the pile too: the 4♣ is not the only card they could not take it with;
    # with no meld of ours and a minimum of 120 the joker is not laid)
    unmelded = position(["H9 S4 JK C4 HJ"], melds=[{}, melds[1]], discard="S5 D6", phase="meld", scores=[3000, 0])
    assert make_hint(obs(unmelded)).text == (
        "Discard the 4♣. It breaks your pair of 4s. The next player's side could take the pile with any of "
        "your 9♥ J♥: they fit its melds."
    )
    hf = _family("hand-and-foot", "CQ DQ D8 S5 S5 DJ DJ", [[], []], "H5 D7")
    made = make_hint(obs(hf))
    assert made.move == Move.parse("discard CQ")
    assert made.text == (
        "Discard the Q♣. It breaks your pair of queens. Your 8♦ is worth more to keep: 19 more 8s are still unseen."
    )


def test_a_single_discard_names_the_sequence_it_could_start_and_a_closed_book():
    """Samba's "It pairs with nothing in your hand" said nothing of the 6♠ beside the 5♠
    (Normal weighs pairs, not the start of a sequence); Hand and Foot's Normal lets go a
    card of a rank its side has a closed book of first (V-HF-BOOKS)."""
    samba = _family("samba", "S5 S6 D9 D9 HK HK C4 C4", [[], []], "H5 D7")
    assert explain(Move.parse("discard S5"), obs(samba)).startswith(
        "Discard the 5♠. It pairs with nothing in your hand; with your 6♠ it would only start a sequence."
    )
    alone = _family("samba", "S6 D9 D9 HK HK C4 C4 H8", [[], []], "H5 D7")
    assert explain(Move.parse("discard H8"), obs(alone)).startswith(
        "Discard the 8♥. It pairs with nothing and fits no sequence in your hand."
    )
    hf = _family("hand-and-foot", "CQ DQ D8 S7 S5 S5", [["C7 D7 H7 S7 C7 D7 H7"], []], "H5 D7")
    made = make_hint(obs(hf))
    assert made.move == Move.parse("discard S7")
    assert made.text == "Discard the 7♠. It pairs with nothing in your hand. Your side already has a book of 7s."


def test_safer_is_not_said_of_a_meld_the_discard_fits_too():
    """Six-hand-2x3 (play-test, stop 53): "Discard the Q♣. It is safer than your 5♠: the next
    player's side has a meld of 5s. The next player's side has a meld of queens: they could
    take the pile with your Q♣." Both fit a meld of theirs; what Normal weighed was the 5s'
    meld of five, which the take would bring to a canasta, or close to one."""
    ours = {"6": "D6 H6 S6 H6", "J": "CJ HJ SJ DJ"}
    theirs = {"5": "C5 D5 H5 D5 C5", "Q": "HQ CQ C2 DQ CQ HQ C2", "K": "HK SK SK DK CK DK S2"}
    state = rules_position(
        ["DK HK S5 DQ D2 CQ"], [ours, theirs], "C3", "H9", exact=False, phase="meld", variant="six-hand-2x3"
    )
    made = make_hint(obs(state))
    assert made.move == Move.parse("discard CQ")
    assert "has a meld of 5s" not in made.text
    assert made.text.startswith(
        "Discard the Q♣. It breaks your pair of queens. It is safer than your 5♠: with that one the next "
        "player's side could take the pile and bring its meld of 5s to a canasta, or close to one. The next "
        "player's side has a meld of queens: they could take the pile with your Q♣."
    )


def test_no_discard_reason_is_claimed_for_a_card_normal_would_not_discard():
    """The review explains a better move that may not be Normal's (Hard's): Normal's weighing
    gives no reason for a card it would not discard."""
    state = position(["H9 S4 C4 DK SK"], melds=[{}, {"9": "C9 D9 S9"}], discard="S5 D6", phase="meld")
    assert make_hint(obs(state)).move == Move.parse("discard DK")
    assert "It is safer than your 9♥" in explain(Move.parse("discard DK"), obs(state))
    text = explain(Move.parse("discard S4"), obs(state))  # (the 4s weigh more: no reason is Normal's)
    assert text == "Discard the 4♠. The next player's side has no meld of 4s."


def test_why_a_pair_is_broken_in_chinese():
    hf = _family("hand-and-foot", "CQ DQ D8 S5 S5 DJ DJ", [[], []], "H5 D7")
    i18n.set_language("zh_CN")
    try:
        text = make_hint(obs(hf)).text
    finally:
        i18n.set_language("en")
    assert text == "打出 Q♣。这会拆开你的一对 Q。你的 8♦ 更值得留下：还有 19 张 8 没有露面。", text


def test_the_upcard_is_nobody_s_discard():
    """Six-hand's hint said "It is safer than your 6♠: the next player discarded a 5 onto this
    pile." of the deal's upcard, the 5♠ at the bottom (play-test, stop 50): Normal's count of
    the pile, a discard a turn from the top, may count the upcard. The hint claims only what
    the pile shows: the next player's discard above the upcard."""
    hands = [
        "C7 DJ C5 CA S6 SA HJ C10 SQ CQ H5",
        "D4 JK C8 S3 D7 S7 D6 H5 DA C7 SA D9 S6",
        "C10 D8 C4 D4 S2 C9 C8 DQ HJ",
        "HA S2 HJ H9 D10 DK S7 H2 S3 H2 D7 CQ SQ",
        "CJ HA SJ C10 H7 H4 H10 S2 HQ C2",
        "HA S5 CJ CA JK H2 D5 HQ H8",
    ]
    melds = [{"8": "D8 S8 S8", "K": "CK HK SK JK CK SK JK"}, {"4": "H4 S4 S4 JK"}]

    def hint(pile: str) -> str:
        state = rules_position(
            hands, melds, pile, "D2 H8 S9", phase="meld", variant="six-hand-2x3", dealer=1, exact=False
        )
        made = make_hint(obs(state))
        assert made.move == Move.parse("discard C5")
        return made.text

    upcard = hint("S5 S5 C3 C6 C3")  # (the 5♠ under four discards: the upcard; North-west threw the other)
    assert "discarded the" not in upcard
    assert "It is safer than your 6♠: fewer 5s are still unseen (8, against 10)" in upcard
    assert "the next player discarded the 5♠ onto this pile" in hint("D9 S5 S5 C3 C6 C3")  # (the card: not "a 8")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_three_hand_s_hint_names_the_next_player(language):
    """Play-test (stop 50): three-hand's hint said "the next player", leaving the player to
    work out which of West and East plays next; it names the seat (the table's name for it
    where the table words the hint: a person's name in pass-and-play)."""
    from game.hints import naming

    state = rules_position(
        ["S3 C7 H4 S9 D8", "C4 C6", "C9 C10"],
        melds=[{"K": "CK HK SK"}, {"7": "S7 D7 H7"}, {}],
        discard="S4 D5",
        phase="meld",
        variant="three-hand",
    )
    i18n.set_language(language)
    try:
        west, east = i18n._("West"), i18n._("East")
        risk = discard_risk(obs(state), Card.parse("C7"))
        assert risk is not None and west in risk.text and east not in risk.text, risk.text
        blocks = explain(Move.parse("discard S3"), obs(state))
        assert west in blocks and ("next player" not in blocks and "下家" not in blocks), blocks
        with naming(lambda seat: ["You", "Anna", "Ben"][seat]):
            named = discard_risk(obs(state), Card.parse("C7"))
        assert named is not None and "Anna" in named.text and west not in named.text
        if language == "zh_CN":
            assert "组牌" in risk.text and "组牌" in named.text  # (translated, not the English with 西家 in it)
    finally:
        i18n.set_language("en")


def test_the_chinese_take_hint_has_no_space_before_yu():
    """The take hint read "用你的 9♣ 王牌 与 9♥ 组牌": where the list of cards ends in a joker
    (王牌), a space stood between two Chinese words, and spaced like the list the 与 read as
    one more item of it. The list stands in brackets, a card still apart from the words."""
    state = position(["C9 D9 JK H4 S5 H6 CK"], melds=[{"K": "CK DK HK"}, {}], discard="D5 S7 C8 D10 H9")
    i18n.set_language("zh_CN")
    try:
        pair = explain(Move.parse("take C9 D9"), obs(state))
        joker = explain(Move.parse("take C9 JK"), obs(state))
    finally:
        i18n.set_language("en")
    assert "用你的牌（9♣ 9♦）与 9♥ 组牌" in pair, pair
    assert "（9♣ 王牌）与 9♥" in joker and " 与" not in joker, joker


# -- what decided: the deal's pressure on melding, the fact that told singles apart (stop 52) --

FACES = [suit + rank for suit in "CDHS" for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]


def _stock(hands, melds, discard: str, n: int) -> str:
    """`n` stock cards from what the rest of the deck holds (red threes left out)."""
    from collections import Counter

    used = Counter(c for text in (*hands, discard, *(v for side in melds for v in side.values())) for c in text.split())
    left = []
    for face in FACES * 2 + ["JK"] * 4:
        if used[face]:
            used[face] -= 1
        elif face not in ("D3", "H3"):
            left.append(face)
    return " ".join(left[:n])


# Play-test h17/h20: our side holds Q♥ Q♥ and a joker; West & East have two canastas.
THREAT_MELDS = [
    {"A": "CA DA HA JK", "9": "C9 D9 H9 S9 C9 D9 D2"},
    {"8": "C8 D8 H8 S8", "7": "C7 D7 H7 S7 S7", "5": "C5 D5 H5 S5 C5 D2 H2", "4": "C4 D4 H4 S4 D4 S4 S2 H2"},
]
THREAT_PILE = "D10 H10 S5 CJ DJ S8 C6 C7 H10"


def _threat_position(east: str, stock: int):
    hands = ["C4 H6 S6 SJ HQ HQ SK JK", "D8 DJ C10 S10 DK", "CQ SQ HK CK", east]
    return position(hands, THREAT_MELDS, THREAT_PILE, _stock(hands, THREAT_MELDS, THREAT_PILE, stock), phase="meld")


def test_a_meld_laid_because_the_opponents_could_go_out_says_so():
    hint = make_hint(obs(_threat_position("HJ SA CA", 60)))  # East holds 3 cards, their side 2 canastas
    assert hint.move == Move.parse("meld HQ HQ JK")
    assert hint.text == "Meld Q♥ Q♥ joker. West & East could go out soon: meld while you can."
    i18n.set_language("zh_CN")
    try:
        from game.hints import explain_hint

        text = explain_hint(hint.move, obs(_threat_position("HJ SA CA", 60)))
        assert text == "亮出 Q♥ Q♥ 王牌。西家、东家可能很快出完：趁还来得及，先亮出来。"
    finally:
        i18n.set_language("en")


def test_a_meld_tipped_by_a_side_one_canasta_short_says_so():
    """Three naturals laid only because West (4 cards) is a canasta short of going out; with
    the canasta made it could go out soon (the real window's game: a 6 meld tipped by it)."""
    melds = [
        {"A": "CA DA HA SA JK", "J": "CJ DJ HJ", "9": "C9 D9 H9 S9", "8": "C8 S8 C2", "5": "D5 D5 H5"},
        {"9": "C9 H9 S9 JK", "7": "C7 C7 D7 H7 S7 S2", "4": "C4 D4 H4 S4"},
    ]
    hands = ["C6 H6 H6 S7 D10 H10 D2", "DK CK HK SK", "CQ DQ HQ SQ", "CA DA HA SA DJ HJ SJ C5 S5"]

    def hint_for(their_sevens: str):
        table = [melds[0], {**melds[1], "7": their_sevens}]
        return make_hint(obs(position(hands, table, "S6 DK", _stock(hands, table, "S6 DK", 48), phase="meld")))

    short = hint_for("C7 C7 D7 H7 S7 S2")
    assert short.text == "Meld 6♣ 6♥ 6♥. West & East could go out after one more canasta: meld while you can."
    made = hint_for("C7 C7 D7 H7 S7 D7 S2")
    assert made.text == "Meld 6♣ 6♥ 6♥. West & East could go out soon: meld while you can."


def test_a_meld_laid_because_the_stock_runs_low_says_so():
    hint = make_hint(obs(_threat_position("HJ SA CA C3 S3 H9 S9", 10)))
    assert hint.move == Move.parse("meld HQ HQ JK")
    assert hint.text.endswith("Meld Q♥ Q♥ joker. The stock is down to 10 cards: meld while you can.")
    assert "could go out soon" not in hint.text


def test_a_meld_held_back_while_nothing_presses_says_what_keeping_it_is_worth():
    hint = make_hint(obs(_threat_position("HJ SA CA C3 S3 H9 S9", 37)))  # play-test h17
    assert hint.move == Move.parse("discard SJ")
    assert (
        "Keep Q♥ Q♥ joker: your pair of queens is a key to the pile, and wild cards are worth more kept for a canasta."
        in hint.text
    )
    assert "Nothing presses enough yet." in hint.text  # (West's 5 cards press a little)
    assert "meld while you can" not in hint.text


def test_a_meld_laid_either_way_says_nothing_of_the_pressure():
    melds = [{"A": "CA DA HA", "K": "CK DK SK"}, {}]
    hands = ["HK DK C9 D9 C10 D10", "C4 D4 H4 S4 CK", "C5 D5 H5 S5", "CQ DQ HQ SQ SK"]
    pile = "D6 D7 S4 C8 DQ SJ"
    hint = make_hint(obs(position(hands, melds, pile, _stock(hands, melds, pile, 40), phase="meld")))
    assert hint.text == "Add K♦ to your side's king meld."  # (it read "your side's K meld")


def _singles(hand: str, pile: str):
    melds = [{"A": "CA DA HA"}, {}]
    hands = [hand, "C4 D4 H4 S4 CK", "C5 D5 H5 S5", "CQ DQ HQ SQ SK"]
    return make_hint(obs(position(hands, melds, pile, _stock(hands, melds, pile, 40), phase="meld")))


def test_a_single_discarded_over_another_says_the_fact_that_decided():
    dead = _singles("S6 H7 C9 D9 C10 D10", "C6 D6 H6 S6 C6 D6 H6 SJ")  # every other 6 in the pile
    assert (
        dead.text
        == "Discard the 6♠. It pairs with nothing in your hand. Every other 6 is already seen: nobody can pair it."
    )
    # West (next) discarded a 6 onto this pile: less likely to hold a pair of them.
    thrown = _singles("S6 H7 C9 D9 C10 D10", "S4 D7 C8 H6 DQ SJ")
    assert thrown.text == (
        "Discard the 6♠. It pairs with nothing in your hand. "
        "It is safer than your 7♥: the next player discarded the 6♥ onto this pile."
    )
    # West let the pile go with our 8♦ on top: the card named ("a 8" read wrong, stop 52).
    offered = _singles("S8 H7 C9 D9 C10 D10", "S4 D7 D8 HK DQ SJ")
    assert offered.text.endswith("It is safer than your 7♥: the next player let the pile go with the 8♦ on top.")
    fewer = _singles("S6 H7 C9 D9 C10 D10", "D6 H6 S4 C8 D7 SJ")  # two 6s seen, one 7
    # ("Only 5 more 6s are unseen, against 6 7s" ran two numbers together: stop 52's proof-read)
    assert fewer.text.endswith("Fewer 6s are still unseen than 7s (5, against 6): it is less likely to pair.")


def test_singles_alike_get_no_deciding_fact():
    alike = _singles("S6 H7 C9 D9 C10 D10", "D6 D7 S4 C8 DQ SJ")  # a 6 and a 7 seen, neither by West
    assert alike.text == "Discard the 7♥. It pairs with nothing in your hand. The next player's side has no meld of 7s."


def test_hand_and_foot_keeps_its_wild_cards_for_a_book():
    from game.hints import _held_back

    held = Move.parse("meld CA CA C2")
    for variant, word in (("hand-and-foot", "book"), ("samba", "canasta")):
        seen = Game(RulesConfig.for_variant(variant, None), 0).state.observation(0)
        text = _held_back(held, {"wild": 30.0, "pair": 20.0}, seen, 0.0)
        assert text == (
            "Nothing presses yet. Keep A♣ A♣ 2♣: your pair of aces is a key to the pile, "
            f"and wild cards are worth more kept for a {word}."
        )


@pytest.mark.parametrize(
    ("variant", "word"),
    [("classic", "canasta"), ("samba", "canasta"), ("bolivia", "canasta"), ("hand-and-foot", "book")],
)
def test_a_reason_about_wild_cards_names_only_the_cards_it_covers(variant, word):
    """Stop 59's play-test: "Keep 5♦ 5♠ 2♣ 2♥: wild cards are worth more kept for a canasta."
    named two fives in a reason about wild cards. A bare pair held with them says its own
    reason beside theirs; naturals that are no bare pair of a new meld are not named."""
    from game.hints import _held_back

    seen = Game(RulesConfig.for_variant(variant, None), 0).state.observation(0)
    pair = _held_back(Move.parse("meld D5 S5 C2 H2"), {"wild": 40.0, "pair": 20.0}, seen, 0.0)
    assert pair == (
        "Nothing presses yet. Keep 5♦ 5♠ 2♣ 2♥: your pair of 5s is a key to the pile, "
        f"and wild cards are worth more kept for a {word}."
    )
    # Three naturals of a new meld and a wild card: the wild card alone is named.
    three = _held_back(Move.parse("meld D5 S5 H5 C2"), {"wild": 40.0, "new": 20.0}, seen, 0.0)
    assert three == f"Nothing presses yet. Keep 2♣: wild cards are worth more kept for a {word}."
    # Wild cards alone, as before.
    alone = _held_back(Move.parse("meld JK C2"), {"wild": 40.0}, seen, 0.0)
    assert alone == f"Nothing presses yet. Keep 2♣ joker: wild cards are worth more kept for a {word}."
    # The pair's own reason first, when it weighs more: unchanged.
    first = _held_back(Move.parse("meld D5 S5 C2"), {"wild": 10.0, "pair": 20.0}, seen, 0.0)
    assert first == "Nothing presses yet. Keep 5♦ 5♠ 2♣: your pair of 5s is a key to the pile."


# -- the pressure clauses proof-read on bot games (stop 52) ------------------------------


def test_nothing_presses_is_not_said_with_an_opponent_at_two_cards():
    """West holds 2 cards (its side has no canasta, so Normal's urgency stays low): "Nothing
    presses yet." read false to a player who sees the 2 cards; the kept meld's worth stays."""
    melds = [THREAT_MELDS[0], {"8": "C8 D8 H8 S8", "7": "C7 D7 H7 S7 S7"}]

    def hint_for(west: str):
        hands = ["C4 H6 S6 SJ HQ HQ SK JK", west, "CQ SQ HK CK", "HJ SA CA C3 S3 H9 S9"]
        return make_hint(obs(position(hands, melds, THREAT_PILE, _stock(hands, melds, THREAT_PILE, 60), phase="meld")))

    close = hint_for("D8 DJ")
    assert close.move == Move.parse("discard SJ")
    assert close.text.endswith(
        "Keep Q♥ Q♥ joker: your pair of queens is a key to the pile, and wild cards are worth more kept for a canasta."
    ), close.text
    assert "Nothing presses" not in close.text
    assert "Nothing presses yet. Keep Q♥ Q♥ joker" in hint_for("D8 DJ C10 S10 DK").text  # (5 cards: calm)


def test_a_stock_past_half_is_not_called_running_low():
    """Samba (bot game, seed 11): a 4♥ laid onto the meld of 4s from Normal's lateness with
    61 cards in the stock said "The stock is down to 61 cards: meld while you can."; the
    stock is named from a quarter of the deal's lateness on, as "Nothing presses yet" is not."""
    hands = ["C5 DJ H4 H5", "S4 C4 S6 S3 S3 S9 C3 C3", "S7 S2 CJ JK SJ C5 H10 C10", "H2 D2 C2 S2 HA"]
    melds = [
        ["C4 D4 D4 C4", "CQ DQ HQ CQ", "CA DA HA SA", "D9 D10 DJ", "C6 D6 D6 S6 H6 D2 S2", "C8 H8 S8 C8 D8 H8 H2"],
        ["D5 H5 S5 JK D5", "CK DK HK SK CK CK C2 JK DK", "CJ HJ SJ CJ", "D8 H8 S8", "C7 C7 D7 S7", "C10 C10 S10"]
        + ["DQ HQ JK SQ", "H9 S9 S9", "D4 H4 JK"],
    ]
    threes = ["H3 D3 H3", "D3 D3 H3"]
    pile = "C3 D9 D6"
    texts = [*hands, *(m for side in melds for m in side), *threes, pile]

    def hint_for(stock: int):
        state = rules_position(
            hands, melds, pile, stock_left("samba", texts, stock), phase="meld", variant="samba", dealer=1,
            red_threes=threes, known=["", "C3 C3 S3 S3 S9", "", ""], scores=[1680, 1770],
        )  # fmt: skip
        return make_hint(obs(state))

    assert hint_for(61).text == "Add 4♥ to your meld of 4s."
    assert hint_for(40).text == "Add 4♥ to your meld of 4s. The stock is down to 40 cards: meld while you can."


def test_five_hands_side_close_to_going_out_leaves_out_the_player_sitting_out():
    """Five-hand (bot game, seed 12): South-east sits this deal out, yet the hint read "West &
    East & South-east could go out soon"."""
    hands = ["D4 S9 H2 SQ S9", "C10 D10 HA", "S7 S6 H6 CQ", "H8 CJ CJ S8", ""]
    melds = [
        {"8": "C8 D8 S2 H8", "J": "HJ HJ SJ JK JK DJ D2", "A": "DA SA SA"},
        {"4": "C4 C4 H4 H4", "5": "C5 H5 H5 S5 S5", "6": "D6 H6 S6 JK C6 C2 H2", "7": "D7 H7 S7 C7"}
        | {"9": "C9 D9 H9", "Q": "CQ HQ SQ", "K": "DK DK SK"},
    ]
    threes, pile = ["D3", "H3 D3"], "C3 H10 CK C7 S3 S10 S10"
    texts = [*hands, *(m for side in melds for m in side.values()), *threes, pile]
    state = rules_position(
        hands, melds, pile, stock_left("five-hand", texts, 39), phase="meld", variant="five-hand", dealer=0,
        red_threes=threes, out=4,
    )  # fmt: skip
    hint = make_hint(obs(state))
    assert hint.text == "Meld 9♠ 9♠ 2♥. West & East could go out soon: meld while you can."


@pytest.mark.parametrize("measure", ["true", "false"])
def test_hand_and_foots_opponents_need_their_books_and_their_feet_to_go_out_soon(measure, monkeypatch):
    """Hand and Foot (bot game, seed 11): West holds 3 cards and East 2, both feet still down
    (an empty hand picks up the foot: V-HF-FOOT), their side one book; the hint read "West & East
    could go out soon". Going out needs the side's quota of two clean and two dirty books
    (V-HF-OUT) and the foot played. The clause reads Normal's own measure (`threat`:
    `threat_foot`, `threat_books`), so the hint and the play agree. With the true one (Hand and
    Foot's own since stop 53) Normal lays 8♣ 8♦ 8♠ for its eagerness to meld as the deal goes
    on (`meld_eager`) and the hint names no threat; with the quota made and West playing from
    its foot, West & East could go out soon; a book short, after one more book. With the false
    one (`threat_foot` 0, `threat_books` 0, `meld_eager` 0: stop 52's) the hint still names no
    player whose foot is down, and calls one book enough."""
    from dataclasses import replace

    from bot_helpers import HF_QUOTA, hand_and_foot_one_book, hand_and_foot_quota

    from game.bots import normal

    if measure == "false":
        own = normal._variant_weights
        false = dict(threat_foot=0.0, threat_books=0.0, meld_eager=0.0)
        monkeypatch.setattr(normal, "_variant_weights", lambda variant: replace(own(variant), **false))
    for west_foot_down in (True, False):
        hint = make_hint(obs(hand_and_foot_one_book(west_foot_down)))
        assert hint.move == Move.parse("meld C8 D8 S8")
        if measure == "true" or west_foot_down:
            assert hint.text == "Meld 8♣ 8♦ 8♠.", hint.text
        else:  # (West at 3 cards and one book: "about to go out", the false measure)
            assert hint.text == "Meld 8♣ 8♦ 8♠. West & East could go out soon: meld while you can."
    if measure == "false":
        return
    # The quota made: West, its foot picked up, at 3 cards could go out soon; with West's foot
    # down no one can this turn (the meld is laid for the deal's pressure all the same).
    assert make_hint(obs(hand_and_foot_quota())).text == "Meld A♣ A♦ A♠."
    up = make_hint(obs(hand_and_foot_quota(west_foot_down=False)))
    assert up.text == "Meld A♣ A♦ A♠. West & East could go out soon: meld while you can."
    # A dirty book short (Hand and Foot's canastas are books).
    short = make_hint(obs(hand_and_foot_quota(HF_QUOTA[:3], west_foot_down=False)))
    assert short.text == "Meld A♣ A♦ A♠. West & East could go out after one more book: meld while you can."
    i18n.set_language("zh_CN")
    try:
        zh = make_hint(obs(hand_and_foot_quota(HF_QUOTA[:3], west_foot_down=False))).text
    finally:
        i18n.set_language("en")
    assert "再凑成一本书就能出完" in zh, zh


def test_a_rank_in_the_plural_reads_as_players_write_it():
    """ "Your pair of As", "a natural canasta of Ks!" read the rank's symbol with an s: a rank's
    plural is one function (rank_plural) every sentence's {ranks} takes, "aces", "kings", "7s";
    Chinese writes the rank as it did ("一对 A"). Real hints, a log line and a refusal."""
    from game.hints import rank_plural
    from game.move_log import MoveLog
    from game.rules import IllegalMove, Rank
    from game.why_not import reason_text

    english = [rank_plural(rank) for rank in Rank]
    assert english == "2s 3s 4s 5s 6s 7s 8s 9s 10s jacks queens kings aces jokers".split()
    kings = position(["HK C5 D5 H5"], melds=[{"K": "CK DK SK HK CK DK"}, {}], discard="S4", phase="meld")
    assert explain(Move.parse("meld K: HK"), obs(kings)).endswith("That makes a canasta of kings!")
    sevens = position(["H7 C5 D5 H5"], melds=[{"7": "C7 D7 S7 H7 C7 JK"}, {}], discard="S4", phase="meld")
    assert explain(Move.parse("meld 7: H7"), obs(sevens)).endswith("That makes a canasta of 7s!")
    melds = [{"10": "C10 D10 H10", "K": "CK DK HK"}, {"7": "C7 D7 H7", "9": "C9 D9 S9", "J": "CJ DJ SJ"}]
    pair = position(["H9 S4 C4 DA SA"], melds=melds, discard="S5 D6", phase="meld")
    assert make_hint(obs(pair)).text == (
        "Discard the A♦. It breaks your pair of aces. It is safer than your 9♥: the next player's side has a "
        "meld of 9s. The next player's side has no meld of aces."
    )
    log = MoveLog(viewer=0)
    (line,) = [e for e in log.record(kings.apply(Move.parse("meld K: HK"))) if "canasta" in e.msgid]
    names = type("Names", (), {"seat_name": lambda self, seat: "You", "side_name": lambda self, side: "Us"})()
    assert line.text(names) == "Us: a natural canasta of kings!"
    frozen = position(["SA JK S5"], discard="D7 HA")  # our side has not melded: frozen for us
    with pytest.raises(IllegalMove) as refused:
        frozen.apply(Move.parse("take SA JK"))
    assert refused.value.params["ranks"] == "A"  # (data: the rank's symbol)
    assert "natural pair of aces" in refused.value.reason
    assert "natural pair of aces from your hand" in (reason_text(refused.value) or "")
    i18n.set_language("zh_CN")
    try:
        chinese = [rank_plural(rank) for rank in (Rank.ACE, Rank.KING, Rank.SEVEN, Rank.TEN, Rank.JOKER)]
        assert chinese == ["A", "K", "7", "10", "王牌"]
        assert make_hint(obs(pair)).text == (
            "打出 A♦。这会拆开你的一对 A。它比你的 9♥ 安全：下家一方有 9 的组牌。下家一方没有 A 的组牌。"
        )
        assert line.text(names).endswith("：K 的纯卡纳斯塔！"), line.text(names)
        assert "一对自然 A" in (reason_text(refused.value) or "")
    finally:
        i18n.set_language("en")


# -- the risky-discard question (setting "confirm a risky discard") ---------------------

# West (the next player) has melded sevens: a seven hands it the pile. Partners (classic).
SEVENS = [{"K": "CK DK HK"}, {"7": "S7 D7 H7"}]


def test_a_small_pile_is_not_worth_the_question_a_pile_of_five_is():
    """Play-test, stop 56: the box asked before piles of one to four cards. A pile of five with
    the discard (hints.ASK_PILE, the take the bots explain) is asked about; a smaller one is not."""
    from game.hints import ASK_PILE, discard_question

    assert ASK_PILE == 5
    for pile, asked in (("", False), ("S4", False), ("S4 D5 H6", False), ("H5 S6 HJ S4", True)):
        state = position(["C7 H4 S9 D8", "C4 C6 C8", "C9 C10", "CJ CQ"], melds=SEVENS, discard=pile, phase="meld")
        assert discard_risk(obs(state), Card.parse("C7")) is not None  # (risky all the same)
        text = discard_question(obs(state), Card.parse("C7"))
        assert (text is not None) == asked, (pile, text)
        if asked:
            assert "meld of 7s" in text and "The pile would then hold 5 cards." in text, text


def test_a_small_pile_is_asked_about_when_frozen_or_when_the_take_finishes_a_canasta():
    """A small pile still matters when it holds a wild card (frozen: a natural pair takes it,
    and the wild card goes with it) or when taking it would finish the next side's canasta."""
    from game.hints import discard_question

    frozen = position(
        ["C8 H4 S9", "H8 D8 C5"], melds=SEVENS, discard="S4 JK", phase="meld", known=["", "H8 D8", "", ""]
    )
    text = discard_question(obs(frozen), Card.parse("C8"))
    assert text is not None and "picked up 8s" in text, text
    near = [{"K": "CK DK HK"}, {"7": "S7 D7 H7 C7 D2"}]  # five cards: the discard and one more make seven
    state = position(["S9 H4 D8 H7", "C4 C6 C8", "C9 C10", "CJ CQ"], melds=near, discard="D5 S7", phase="meld")
    text = discard_question(obs(state), Card.parse("H7"))
    assert text is not None and "With the pile the next player's side would finish a canasta of 7s." in text, text
    short = position(["S9 H4 D8 H7", "C4 C6 C8", "C9 C10", "CJ CQ"], melds=near, discard="D5 S5", phase="meld")
    assert discard_question(obs(short), Card.parse("H7")) is None  # (six: not a canasta, a pile of three)


def test_the_question_names_a_black_three_or_a_safe_card_to_discard_instead():
    """The box said what was risky and not what to do: a black three in hand blocks the next
    player (R-BLACK3) and is named first; else the safe card the hint weighs cheapest."""
    from game.hints import discard_question

    pile = "H5 S6 HJ S4"
    three = position(["C7 H4 S9 D8 S3", "C4 C6 C8", "C9 C10", "CJ CQ"], melds=SEVENS, discard=pile, phase="meld")
    text = discard_question(obs(three), Card.parse("C7"))
    assert text is not None and text.endswith("Your 3♠ would block the pile for the next player instead."), text
    plain = position(["C7 H4 S9 D8", "C4 C6 C8", "C9 C10", "CJ CQ"], melds=SEVENS, discard=pile, phase="meld")
    text = discard_question(obs(plain), Card.parse("C7"))
    assert text is not None and text.endswith("looks safe to discard instead."), text
    assert text.split("Your ")[-1].split(" looks")[0] in ("4♥", "9♠", "8♦")  # (the safe ones)
    i18n.set_language("zh_CN")
    try:
        text = discard_question(obs(three), Card.parse("C7"))
        assert text is not None and text.endswith("改打你的 3♠ 能封住弃牌堆，下家拿不走。"), text
    finally:
        i18n.set_language("en")


def test_a_card_to_lay_off_is_asked_about_whatever_the_pile():
    """A card that could go onto the side's own meld is a waste whatever the pile holds: the
    question stands on a small pile, and names no other card (it is about this one)."""
    from game.hints import discard_question

    # (a pile of four with the discard; the black three is the hint's discard, not the king)
    state = position(["C7 S3 S9 DK", "C4 C6 C8", "C9 C10", "CJ CQ"], melds=SEVENS, discard="S4 D5 H6", phase="meld")
    text = discard_question(obs(state), Card.parse("DK"))
    assert text is not None and "could be added to your side's king meld" in text and "instead." in text
    assert "3♠" not in text and "safe to discard" not in text, text


# -- wild cards kept off a clean meld ("mix": Normal's `mix_natural`), stop 60 ----------------
HF_MIX_MELDS = [
    [
        "C7 C7 C7 S2 S7 C2 D2",
        "CK DK SK CK SK HK H2",
        "D8 H8 S8 C8 D8 D8",
        "DA DA SA DA SA DA CA",
        "C10 H10 JK D2 D10 H10",
        "C6 D6 H6 H6",
        "C9 D9 S9 S9 S9",
    ],
    ["DK HK JK SK CK D2 H2", "C5 C5 H5 H5 H5 H2 S2", "C10 D10 S10 S10 D10 C10", "C4 D4 D4 S4 D4", "H9 H9 S9 C9 D9"],
]
HF_MIX_PILE = (
    "C2 CQ D5 CJ S3 S3 DJ HJ D7 C6 DQ S7 H6 C3 D6 CQ H7 C3 S6 H5 S6 D7 S7 DJ S6 H7 SJ SQ S7 CQ C5 HJ D5 HK S5 C4 CQ C3"
    " SK"
)


def test_hand_and_foot_keeps_wild_cards_off_a_clean_meld_and_names_them_and_the_meld():
    """A Normal game of Hand and Foot (seed 19, North's meld phase): the hint discards the
    3♠ and, kept back, the wild cards Normal would lay on the clean meld of 6s. It said "Keep
    2♥ 2 jokers: wild cards would spoil a clean meld." (and named natural cards laid with
    wild ones, "Keep 7♠ 2♣"): it names the meld and what it would become, a dirty book."""
    hands = ["HJ H4 DJ C2 CK", "SA DQ C8 CA CJ D8", "JK C4 S2 JK H2 S3", "CJ DA JK D2 SQ"]
    feet = [
        None,
        "H7 C8 HA JK S2 C3 H10 H8 DJ S5 S5",
        "C4 DK S3 C9 H2 D10 JK D7 D3 H6 C3",
        "SQ HA S3 HQ HK SQ D7 CJ S7 C10 DQ",
    ]
    texts = [*hands, *(f for f in feet if f), *(m for side in HF_MIX_MELDS for m in side), HF_MIX_PILE]
    texts += ["H3 D3", "H3 H3 D3 H3"]
    state = rules_position(
        hands,
        melds=HF_MIX_MELDS,
        discard=HF_MIX_PILE,
        stock=stock_left("hand-and-foot", texts, 98),
        variant="hand-and-foot",
        phase="meld",
        turn=2,
        dealer=0,
        red_threes=["H3 D3", "H3 H3 D3 H3"],
        feet=feet,
        laid_in_deal=[True] * 4,
        turn_laid=True,
        turn_laid_other=True,
    )
    hint = make_hint(obs(state, 2))
    assert hint.move == Move.parse("discard S3")
    assert hint.text.endswith(
        "Nothing presses enough yet. Keep 2♥ 2 jokers: any wild card on your meld of 6s would make its book dirty, "
        "not clean."
    ), hint.text
    i18n.set_language("zh_CN")
    try:
        text = make_hint(obs(state, 2)).text
    finally:
        i18n.set_language("en")
    assert text.endswith("先留着 2♥ 2 张王牌：把百搭牌加到本方 6 的组牌上，它就只能凑成混书，凑不成纯书。"), text


@pytest.mark.parametrize(
    ("variant", "melds", "said"),
    [
        (
            "classic",
            [{"7": "C7 D7 H7 S7"}, {}],
            "any wild card on your side's 7 meld would make its canasta mixed, not natural.",
        ),
        (
            "two-hand",
            [{"7": "C7 D7 H7 S7"}, {}],
            "any wild card on your 7 meld would make its canasta mixed, not natural.",
        ),
        ("samba", [["C7 D7 H7 S7"], []], "any wild card on your meld of 7s would make its canasta mixed, not natural."),
        (
            "hand-and-foot",
            [["C7 D7 H7 S7"], []],
            "any wild card on your meld of 7s would make its book dirty, not clean.",
        ),
    ],
)
def test_wild_cards_kept_off_a_clean_meld_are_named_alone_with_the_meld(variant, melds, said):
    """ "Keep 7♠ 2♣: wild cards would spoil a clean meld." named the 7♠, which spoils
    nothing, and "a clean meld" is Hand and Foot's word: the wild cards alone are named, the
    meld they would join, and what it would become in the variant's words."""
    from game.hints import _held_back

    extra = {"feet": ["C4 C5 C6 C8 C9 C10 CJ CQ CK CA D4"] * 4} if variant == "hand-and-foot" else {}
    players = RulesConfig.for_variant(variant).players
    hands = ["S7 C2 H4 H9", "D4 D5 D6 S4 S5", "D8 D9 D10 S9 S10", "DJ DQ DK SJ SQ"][:players]
    seen = rules_position(hands, melds=melds, variant=variant, phase="meld", **extra).observation(0)
    text = _held_back(Move.parse("meld S7 C2"), {"mix": 40.0, "wild": 30.0}, seen, 0.0)
    assert text == f"Nothing presses yet. Keep 2♣: {said}"
    # Wild cards on two clean melds: no one meld to name; the wild cards alone, as before.
    two = (
        [{"7": "C7 D7 H7", "8": "C8 D8 H8"}, {}]
        if variant in ("classic", "two-hand")
        else [["C7 D7 H7", "C8 D8 H8"], []]
    )
    seen = rules_position(hands, melds=two, variant=variant, phase="meld", **extra).observation(0)
    text = _held_back(Move.parse("meld S7 C2 / S8 D2"), {"mix": 40.0}, seen, 0.0)
    assert text == "Nothing presses yet. Keep 2♣ 2♦: wild cards would spoil a clean meld."
