"""The rules for players, in plain words (from shared/RULES.md), as blocks the
rules screen lays out: headings, paragraphs and rows of small card pictures.

Every text is an N_() msgid, so it is extracted into the catalogs and shown
in the current language; the card rows are engine card codes.
"""

from __future__ import annotations

from game.i18n import N_

Block = tuple[str, str, str]  # (kind, text msgid, cards) with kind "h", "p" or "cards"

RULES: list[Block] = [
    ("h", N_("The aim"), ""),
    (
        "p",
        N_(
            "Canasta is played with two packs and four jokers (108 cards). Four players play "
            "in two partnerships, partners sitting opposite; you and North are a side. Your side "
            "scores by laying melds, above all canastas, and the first side to reach 5000 points "
            "(2500 in a short game) after a deal wins."
        ),
        "",
    ),
    ("h", N_("Wild cards and threes"), ""),
    (
        "p",
        N_(
            "Jokers and twos are wild: they can stand for any rank in a meld. Threes are "
            "special and never wild. A red three is a bonus card: it is laid on the table at "
            "once and a replacement is drawn. A black three on the pile blocks the next player "
            "from taking it."
        ),
        "",
    ),
    ("cards", N_("Wild cards: jokers and twos"), "JK C2 H2"),
    ("cards", N_("Red threes are bonuses; black threes block the pile"), "H3 D3 C3 S3"),
    ("h", N_("Card values"), ""),
    (
        "p",
        N_(
            "Joker 50. Ace and two 20. King down to eight 10. Seven down to four, and a black "
            "three, 5. A red three is worth 100 as a bonus, never as a card."
        ),
        "",
    ),
    ("h", N_("A turn"), ""),
    (
        "p",
        N_(
            "Each turn you first draw the top card of the stock, or take the whole discard pile "
            "(see below). Then you may lay new melds and add cards to your side's melds. Last, "
            "you discard one card onto the pile, unless you go out by melding every card."
        ),
        "",
    ),
    ("h", N_("Melds"), ""),
    (
        "p",
        N_(
            "A meld is three or more cards of the same rank, from four up to ace. It needs at "
            "least two natural cards, and it may hold at most three wild cards, never more wild "
            "cards than natural ones. Your side has one meld per rank, shared with your partner: "
            "more cards of that rank are added to it."
        ),
        "",
    ),
    ("cards", N_("A meld: three nines"), "S9 H9 D9"),
    ("cards", N_("Also a meld: two natural nines and a wild card"), "S9 H9 C2"),
    ("cards", N_("Not a meld: more wild cards than natural ones"), "S9 C2 JK"),
    ("h", N_("Canastas"), ""),
    (
        "p",
        N_(
            "A meld of seven or more cards is a canasta. With no wild card it is natural "
            "(500 points); with wild cards it is mixed (300 points). You can keep adding to a "
            "canasta."
        ),
        "",
    ),
    ("cards", N_("A natural canasta"), "SK HK DK CK SK HK DK"),
    ("cards", N_("A mixed canasta"), "SQ HQ DQ CQ SQ JK D2"),
    ("h", N_("The first meld"), ""),
    (
        "p",
        N_(
            "Until your side has melded in a deal, the first melds one player lays in a turn must "
            "together be worth a minimum, which depends on your side's score: 15 below zero, 50 "
            "from 0, 90 from 1500, and 120 from 3000. Only the cards laid in that turn count, "
            "not bonuses."
        ),
        "",
    ),
    ("h", N_("Taking the discard pile"), ""),
    (
        "p",
        N_(
            "Instead of drawing you may take the whole pile, if you can meld its top card at once: "
            "with two natural cards of the same rank from your hand, or, when the pile is not "
            "frozen, with one natural card and a wild card, or by adding it to your side's meld of "
            "that rank. You then take every other card of the pile into your hand."
        ),
        "",
    ),
    ("cards", N_("A nine on top: two nines from your hand take the pile"), "D9 S9 H9"),
    (
        "p",
        N_(
            "The pile is frozen for your side until your side has melded, and for everyone while a "
            "wild card or a red three lies in it. A frozen pile can only be taken with a natural "
            "pair matching the top card. Nobody can take the pile while a wild card or a black "
            "three is on top."
        ),
        "",
    ),
    ("h", N_("Going out"), ""),
    (
        "p",
        N_(
            "You go out by getting rid of your last card, by melding or by discarding it. Your "
            "side needs at least one canasta first. Without one you must always keep at least two "
            "cards in your hand. Going out ends the deal and scores 100, or 200 if you go out "
            "concealed: melding your whole hand in one turn, a canasta included, having laid "
            "nothing before."
        ),
        "",
    ),
    (
        "p",
        N_(
            'In the four-player game you may ask your partner "May I go out?" first. The answer '
            "binds: after yes you must go out this turn, after no you may not."
        ),
        "",
    ),
    ("h", N_("When the stock runs out"), ""),
    (
        "p",
        N_(
            "With the stock empty, play goes on only by taking the pile. You must take it when its "
            "top card fits one of your side's melds and the pile is not frozen for you. A player "
            "who cannot or will not take it ends the deal."
        ),
        "",
    ),
    ("h", N_("Scoring a deal"), ""),
    (
        "p",
        N_(
            "Each side scores the value of its melded cards, minus the value of the cards left in "
            "its hands, plus 500 for each natural canasta and 300 for each mixed one, 100 for each "
            "red three (800 for all four, but negative if the side melded nothing), and 100 for "
            "going out (200 concealed)."
        ),
        "",
    ),
    ("h", N_("Two and three players"), ""),
    (
        "p",
        N_(
            "Two-hand: 15 cards each, you draw two cards from the stock and discard one, and you "
            "need two canastas to go out. Three-hand: 13 cards each, draw two and discard one, "
            "everyone plays alone. There is no asking your partner in these games."
        ),
        "",
    ),
    ("h", N_("Five and six players"), ""),
    (
        "p",
        N_(
            "Five-hand: you and North against a side of three. One of the three sits out each deal, "
            "in turn (South-east, then East, then West); the four who play sit alternately, and the "
            "deal is a classic one. The side of three shares its score."
        ),
        "",
    ),
    (
        "p",
        N_(
            "Six-hand: three packs (162 cards), 13 cards each, draw one, two canastas to go out. Red "
            "threes count 100 each up to four, 1000 for five and 1200 for six. Three sides of two "
            "(partners sit opposite) play to 7500. With two sides of three (every other seat) the "
            "game is to 10000, you ask the partner who plays after you, and from 7500 points the "
            "first meld needs 150."
        ),
        "",
    ),
]
