"""The rules for players, in plain words (from shared/RULES.md), as blocks the
rules screen lays out: headings, paragraphs and rows of small card pictures.

Every text is an N_() msgid, so it is extracted into the catalogs and shown
in the current language; the card rows are engine card codes.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_
from game.rules.variants import Variant

Block = tuple[str, str, str]  # (kind, text msgid, cards) with kind "h", "p" or "cards"
FEW_PLAYERS = N_("Two and three players")  # the classic page's sections for other sizes
MANY_PLAYERS = N_("Five and six players")
MELDS_PARAGRAPH = N_(
    "A meld is three or more cards of the same rank, from four up to ace. It needs at "
    "least two natural cards, and it may hold at most three wild cards, never more wild "
    "cards than natural ones. Your side has one meld per rank, shared with your partner: "
    "more cards of that rank are added to it."
)  # (said for two and three players by why_not.ALONE_PARAGRAPHS)
TAKE_PARAGRAPH = N_(
    "Instead of drawing you may take the whole pile, if you can meld its top card at once: "
    "with two natural cards of the same rank from your hand, or, when the pile is not "
    "frozen, with one natural card and a wild card, or by adding it to your side's meld of "
    "that rank. You then take every other card of the pile into your hand."
)  # (this one and the next two said for two and three players by why_not.ALONE_PARAGRAPHS)
FROZEN_PARAGRAPH = N_(
    "The pile is frozen for your side while your side has not melded this deal, and for "
    "everyone while a wild card or a red three lies in it. A frozen pile can only be taken "
    "with a natural pair matching the top card. Nobody can take the pile while a wild card or a black "
    "three is on top."
)
# The take that is the side's first meld (R-TAKE-MIN, R-MIN-COUNT) and R-ONE-CARD: the "Why not?"
# of those refusals quotes the section, which had said neither (play-test, stop 59).
TAKE_MIN_PARAGRAPH = N_(
    "Until your side has melded this deal, the take is also its first meld: the top card and "
    "the cards you lay with it from your hand must reach the minimum (the rest of the pile does "
    "not count). Holding a single card, you may not take a pile of a single card."
)  # (said for two and three players by why_not.ALONE_PARAGRAPHS)

RULES: list[Block] = [
    ("h", N_("The aim"), ""),
    (
        "p",
        N_(
            "Canasta is played with two packs and four jokers (108 cards). Four players play "
            "in two partnerships, partners sitting opposite; you and North are a side (with two "
            "or three players each plays alone: see Two and three players). Your side "
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
            "once and a replacement is drawn (none for a red three taken with the pile). A black "
            "three on the pile blocks the next player from taking it."
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
    ("p", MELDS_PARAGRAPH, ""),
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
    (
        "p",
        N_(
            "One exception: if you drew from the stock and go out concealed in the same turn "
            "(see Going out), you need no minimum. Taking the pile never waives it."
        ),
        "",
    ),
    ("h", N_("Taking the discard pile"), ""),
    (
        "p",
        TAKE_PARAGRAPH,
        "",
    ),
    ("cards", N_("A nine on top: two nines from your hand take the pile"), "D9 S9 H9"),
    (
        "p",
        FROZEN_PARAGRAPH,
        "",
    ),
    ("p", TAKE_MIN_PARAGRAPH, ""),
    ("h", N_("Going out"), ""),
    (
        "p",
        N_(
            "You go out by getting rid of your last card, by melding or by discarding it. Your "
            "side needs at least one canasta first (two in two-hand and six-hand). Until then you "
            "must always keep at least two cards in your hand. Going out ends the deal and scores "
            "100, or 200 if you go out concealed: melding your whole hand in one turn as new melds "
            "only, a canasta included, having laid nothing before (adding to your side's melds "
            "spoils it)."
        ),
        "",
    ),
    (
        "p",
        N_(
            'With a partner you may ask "May I go out?" first: once a turn, right after drawing or '
            "taking the pile and before laying other cards. The answer binds: after yes you must "
            "go out this turn, after no you may not."
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
    ("h", FEW_PLAYERS, ""),
    (
        "p",
        N_(
            "Two-hand: 15 cards each, you draw two cards from the stock and discard one, and you "
            "need two canastas to go out. Three-hand: 13 cards each, draw two and discard one, "
            "everyone plays alone. There is no asking your partner in these games."
        ),
        "",
    ),
    ("h", MANY_PLAYERS, ""),
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

# -- the Samba family: a page each (VARIANTS.md sections 3 to 5) ---------------------------

SAMBA: list[Block] = [
    ("h", N_("Samba"), ""),
    (
        "p",
        N_(
            "Samba is played by four players in two partnerships with three packs and six jokers "
            "(162 cards). Each player gets 15 cards. Each turn you draw two cards from the stock and "
            "discard one (taking the pile replaces the whole draw). The game is to 10000 points. "
            "Everything else is as in Canasta, except what follows."
        ),
        "",
    ),
    ("h", N_("Groups and sequences"), ""),
    (
        "p",
        N_(
            "A meld is a group of one rank, as in Canasta but with at most two wild cards, or a "
            "sequence: three to seven natural cards of one suit in a row, from 4 up to ace (no twos, "
            "threes or jokers). Wild cards are never melded alone. Seven cards make a canasta; a "
            "sequence of seven is a samba (1500 points) and takes no more cards."
        ),
        "",
    ),
    ("cards", N_("A sequence of hearts"), "H5 H6 H7 H8"),
    ("cards", N_("A samba: seven in a row, one suit"), "S8 S9 S10 SJ SQ SK SA"),
    (
        "p",
        N_(
            "Your side may hold any number of sequences, but only one open group of each rank: once "
            "that group is a canasta, you may start another of the same rank. At the table each meld "
            "is its own target: drop cards on the meld you mean, or on the cell for a new meld."
        ),
        "",
    ),
    ("h", N_("Taking the pile in Samba"), ""),
    (
        "p",
        N_(
            "You take the pile with a natural pair matching its top card, or, when the pile is not "
            "frozen for your side, by adding the top card alone to one of your melds that is not yet "
            "a canasta: drag the top card onto that meld. Cards from your hand follow in later melds. "
            "Never with one natural card and a wild card, and never to start a sequence."
        ),
        "",
    ),
    ("h", N_("Going out and scoring in Samba"), ""),
    (
        "p",
        N_(
            "Going out needs two canastas of any kind and scores 200; there is no bonus for going out "
            "concealed. Until your side has two canastas, keep at least two cards after melding. A "
            "samba scores 1500, a natural canasta 500, a mixed one 300. Red threes count 100 each "
            "(1000 for all six), but plus only if your side has two canastas, otherwise minus."
        ),
        "",
    ),
    (
        "p",
        N_(
            "The first meld needs 15 below zero, 50 from 0, 90 from 1500, 120 from 3000 and 160 from "
            "7000 points, even to go out concealed."
        ),
        "",
    ),
    ("h", N_("When the stock runs out in Samba"), ""),
    (
        "p",
        N_(
            "With the stock empty you must take the pile when its top card fits one of your melds "
            "that is not yet a canasta and the pile is not frozen for your side. Otherwise you may take "
            "it with a natural pair, or pass, which ends the deal."
        ),
        "",
    ),
]

BOLIVIA: list[Block] = [
    ("h", N_("Bolivia"), ""),
    (
        "p",
        N_(
            "Bolivia is Samba with wild canastas, played to 15000 points. Everything of Samba holds, "
            "except what follows. A sequence of seven is called an escalera (1500 points)."
        ),
        "",
    ),
    ("h", N_("Wild melds"), ""),
    (
        "p",
        N_(
            "Three to seven wild cards, twos and jokers alike, may be melded on their own as a wild "
            "meld, and wild cards may be added to it. Seven make a bolivia (2500 points), which takes "
            "no more cards. A wild card on top of the pile blocks it, as in Canasta."
        ),
        "",
    ),
    ("cards", N_("A bolivia: seven wild cards"), "JK C2 D2 JK H2 S2 JK"),
    ("h", N_("Going out and black threes in Bolivia"), ""),
    (
        "p",
        N_(
            "Going out needs two canastas, and one of them must be an escalera; a bolivia counts as a "
            "canasta. A black three left in a hand when the deal ends costs 100 points. From 7000 "
            "points the first meld needs 150; as in Samba, even to go out concealed."
        ),
        "",
    ),
]

HAND_AND_FOOT: list[Block] = [
    ("h", N_("Hand and Foot"), ""),
    (
        "p",
        N_(
            "Four players in two partnerships play with five packs (270 cards). Each player gets a "
            "hand of 11 cards and, face down, a foot of 11 more that nobody may look at. A game is "
            "four deals; after the fourth the side with the higher total wins."
        ),
        "",
    ),
    ("h", N_("Books"), ""),
    (
        "p",
        N_(
            "Melds are groups of one rank from 4 to ace: at least two natural cards, at most three "
            "wild cards, never more wild cards than natural ones. Seven cards make a book, which is "
            "closed: a clean book (no wild card) scores 500, a dirty book 300. Your side may hold "
            "several melds of one rank, but only one that is not yet a book. Threes are never melded."
        ),
        "",
    ),
    ("cards", N_("A clean book"), "S9 H9 D9 C9 S9 H9 D9"),
    ("cards", N_("A dirty book"), "SQ HQ DQ CQ SQ JK D2"),
    ("h", N_("A turn in Hand and Foot"), ""),
    (
        "p",
        N_(
            "Draw two cards from the stock, or take the pile with a natural pair matching its top "
            "card: you meld those three cards and take the next six cards of the pile into your "
            "hand; the rest of the pile stays. A wild card or a black three on top blocks the pile. "
            "The first meld of a deal needs 50, 90, 120 and 150 points in deals 1 to 4, even to go "
            "out concealed."
        ),
        "",
    ),
    ("h", N_("The foot"), ""),
    (
        "p",
        N_(
            "When your hand is empty you pick up your foot and play on from it. If you emptied the "
            "hand by melding, you go on in the same turn and still discard; if you emptied it by "
            "discarding, you pick up the foot and your turn ends."
        ),
        "",
    ),
    (
        "p",
        N_(
            "A red three in your foot is laid on the table when you pick the foot up, and replaced "
            "from the stock. One left in a foot never picked up counts 100 against its side."
        ),
        "",
    ),
    ("h", N_("Going out in Hand and Foot"), ""),
    (
        "p",
        N_(
            "You go out from the foot, by melding or discarding your last card, once your side holds "
            'two clean and two dirty books, and only after asking your partner "May I go out?" and '
            "hearing yes. Until then, playing from the foot, keep at least two cards after melding. "
            "Going out scores 100."
        ),
        "",
    ),
    (
        "p",
        N_(
            "Each side scores its books, the values of its melded cards and 100 for each red three "
            "(minus if it melded nothing), minus the cards left in its hands and in feet never picked "
            "up. With the stock empty you may take the pile or pass, which ends the deal."
        ),
        "",
    ),
]


@dataclass(frozen=True)
class RulesPage:
    title: str  # msgid
    blocks: list[Block]


# Every page of the rules for players; each variant reads the page of its family.
PAGES: tuple[RulesPage, ...] = (
    RulesPage(N_("Canasta"), RULES),
    RulesPage(N_("Samba"), SAMBA),
    RulesPage(N_("Bolivia"), BOLIVIA),
    RulesPage(N_("Hand and Foot"), HAND_AND_FOOT),
)


def page_for(rules: Variant) -> int:
    """The page of the rules a variant is played by (from its data, never its id)."""
    if rules.foot:
        return 3
    if rules.wild_melds:
        return 2
    if rules.sequences:
        return 1
    return 0


def opening_heading(rules: Variant) -> str:
    """The heading the rules open at for a game played (its own section of a shared page;
    "": the page's top)."""
    if page_for(rules) != 0 or rules.players == 4:
        return ""
    return FEW_PLAYERS if rules.players < 4 else MANY_PLAYERS


def all_blocks() -> list[Block]:
    return [block for page in PAGES for block in page.blocks]
