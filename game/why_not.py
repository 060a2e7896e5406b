""" "Why not?": a refused move explained in plain words, citing the rule.

    except IllegalMove as error:
        show(why_not(error))        # in the current language

Every refusal carries its rule id, a message id (an English template, marked
in the engine for the catalogs) and the message's arguments, so the reason is
translated by id, never parsed back from English. `why_not` gives that reason
followed by the rule's plain explanation. A `Refusal` is what the table shows of a
refused gesture: the engine's IllegalMove, or one of the table's own checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.i18n import N_, CardText, _, get_language, join_sentences
from game.note import said_values
from game.notices import Notice
from game.rules import IllegalMove, NotationError, Rank, RulesError
from game.rules.variants import CLASSIC_RULES, Variant
from game.rules_text import (
    FEW_PLAYERS,
    FROZEN_PARAGRAPH,
    MANY_PLAYERS,
    MELDS_PARAGRAPH,
    TAKE_MIN_PARAGRAPH,
    TAKE_PARAGRAPH,
)

RULE_EXPLANATIONS: dict[str, str] = {
    "R-TURN": N_("A turn is: draw (or take the pile), then meld if you like, then discard one card."),
    "R-RED3": N_("Red threes are laid on the table at once; they are never melded or discarded."),
    "R-LASTRED3": N_("A red three drawn as the last card of the stock ends the deal."),
    "R-MELD": N_(
        "A meld is three or more cards of one rank with at least two natural cards, "
        "at most three wild cards, and never more wild cards than natural ones."
    ),
    "R-ONE-PER-RANK": N_("Your side has one meld per rank; more cards of that rank are added to it."),
    "R-OWN-MELDS": N_("You may add cards only to your own side's melds."),
    "R-ADD": N_("A card added to a meld must keep it a legal meld."),
    "R-CANASTA": N_("A canasta is a meld of seven or more cards."),
    "R-BLACK3": N_(
        "Black threes can be melded only when going out, as a group of their own with no wild card "
        "(three or four; up to six with three packs)."
    ),
    "R-MIN": N_(
        "Your side's first meld of the deal must reach the minimum count, which grows with your "
        "side's score (the rules list it for each game)."
    ),
    "R-MIN-COUNT": N_(
        "Only the cards laid in that turn count towards the minimum, not bonuses or the buried cards of the pile."
    ),
    "R-MIN-ATOMIC": N_("The first meld is laid in one go, and together it must reach the minimum."),
    "R-MIN-CONCEALED": N_("Going out concealed after drawing from the stock needs no minimum."),
    "R-TAKE": N_(
        "To take the pile you must meld its top card at once: with two natural cards of "
        "its rank, or one natural and one wild card, or by adding it to your meld."
    ),
    "R-FROZEN": N_("A frozen pile can be taken only with a natural pair matching the top card."),
    "R-BLOCKED": N_("Nobody can take the pile while a wild card or a black three is on top."),
    "R-TAKE-MIN": N_(
        "Before your side has melded, the top card plus the cards you lay with it must reach the minimum."
    ),
    "R-ONE-CARD": N_("Holding just one card you may not take a pile of just one card."),
    "R-OUT": N_("Your side needs its canastas before anyone can go out (one; two in two-hand and six-hand)."),
    "R-KEEP-TWO": N_("Until your side has the canastas it needs to go out, keep at least two cards in your hand."),
    "R-ASK": N_(
        'You may ask your partner "May I go out?" once a turn, right after drawing or taking the pile '
        "and before laying other cards; the answer binds."
    ),
    "R-CONCEALED": N_(
        "Going out concealed means melding the whole hand in one turn, a canasta "
        "included, having laid nothing earlier in the deal."
    ),
    "R-EXHAUSTED": N_(
        "With the stock empty you may only take the pile, and must take it when its top card fits one of your "
        "melds and the pile is not frozen for you."
    ),
    "R-GAME": N_(
        "The game ends with the deal in which a side reaches the target: the higher total wins, "
        "and a tie plays another deal."
    ),
    # The rest of the family (VARIANTS.md): every rule a refusal of the engine cites.
    "V-KEEP-TWO": N_(
        "Until your side can go out (two canastas, one an escalera in Bolivia, or the books quota), "
        "keep at least two cards after melding."
    ),
    "V-BLACK3": N_("With three packs, black threes are melded only when going out: three to six, no wild card."),
    "V-SAMBA-MELDS": N_(
        "A meld is a group of one rank (two natural cards at least, two wild cards at most) or a "
        "sequence of three to seven natural cards of one suit in a row; wild cards never meld alone."
    ),
    "V-SAMBA-CANASTA": N_("Seven cards make a canasta; a sequence of seven is a samba and takes no more cards."),
    "V-SAMBA-RANKS": N_(
        "Your side holds one open group of each rank; once it is a canasta you may start another. "
        "Sequences are not limited."
    ),
    "V-SAMBA-TAKE": N_(
        "Take the pile with a natural pair of its top card (never one natural and a wild card) or, "
        "unless it is frozen for you, by adding the top card alone to a meld not yet a canasta."
    ),
    "V-SAMBA-EXHAUSTED": N_(
        "With the stock empty you must take the pile when its top card fits one of your melds "
        "that is not yet a canasta; otherwise you may pass."
    ),
    "V-SAMBA-OUT": N_("Going out needs two canastas of any kind."),
    "V-BOL-WILD": N_("Three to seven wild cards may be melded alone; seven make a bolivia, which takes no more cards."),
    "V-BOL-OUT": N_("Going out needs two canastas, one of them an escalera (a sequence of seven)."),
    # (said whole: a sequence or a third wild card is refused under it, not under R-MELD: stop 59)
    "V-HF-BOOKS": N_(
        "Melds are groups of one rank, never sequences: at least two natural cards, at most three wild "
        "cards, never more wild cards than natural ones. Seven cards make a book, which is closed. Threes never meld."
    ),
    "V-HF-MERGE": N_("Cards of a rank join your side's open meld of that rank, which holds at most seven cards."),
    "V-HF-TAKE": N_(
        "Take the pile only with a natural pair matching its top card: you meld the three and take the next six cards."
    ),
    "V-HF-ASK": N_(
        'Only a player playing from the foot asks "May I go out?", once a turn, and the answer binds: '
        "until it is yes keep two cards; after a yes go out this turn."
    ),
    "V-HF-OUT": N_("Going out needs two clean and two dirty books, from the foot, after your partner says yes."),
    "V-HF-FOOT": N_("When your hand is empty you pick up your foot and play on from it."),
    "V-HF-MIN": N_("The first meld of a deal needs 50, 90, 120 and 150 points in deals 1 to 4."),
    "V-HF-STOCK": N_("With the stock empty you may take the pile with a natural pair, or pass, which ends the deal."),
}

# Each rule's section in the rules for players (game/rules_text.py): the longer text.
RULE_SECTIONS: dict[str, str] = {
    "R-TURN": N_("A turn"),
    "R-RED3": N_("Wild cards and threes"),
    "R-LASTRED3": N_("Wild cards and threes"),
    "R-MELD": N_("Melds"),
    "R-ONE-PER-RANK": N_("Melds"),
    "R-OWN-MELDS": N_("Melds"),
    "R-ADD": N_("Melds"),
    "R-CANASTA": N_("Canastas"),
    "R-BLACK3": N_("Wild cards and threes"),
    "R-MIN": N_("The first meld"),
    "R-MIN-COUNT": N_("The first meld"),
    "R-MIN-ATOMIC": N_("The first meld"),
    "R-MIN-CONCEALED": N_("Going out"),
    "R-TAKE": N_("Taking the discard pile"),
    "R-FROZEN": N_("Taking the discard pile"),
    "R-BLOCKED": N_("Taking the discard pile"),
    "R-TAKE-MIN": N_("Taking the discard pile"),
    "R-ONE-CARD": N_("Taking the discard pile"),
    "R-OUT": N_("Going out"),
    "R-KEEP-TWO": N_("Going out"),
    "R-ASK": N_("Going out"),
    "R-CONCEALED": N_("Going out"),
    "R-EXHAUSTED": N_("When the stock runs out"),
    "R-GAME": N_("The aim"),
    "V-KEEP-TWO": N_("Going out and scoring in Samba"),
    "V-BLACK3": N_("Wild cards and threes"),  # (six-hand: MANY_SECTIONS)
    "V-SAMBA-MELDS": N_("Groups and sequences"),
    "V-SAMBA-CANASTA": N_("Groups and sequences"),
    "V-SAMBA-RANKS": N_("Groups and sequences"),
    "V-SAMBA-TAKE": N_("Taking the pile in Samba"),
    "V-SAMBA-EXHAUSTED": N_("When the stock runs out in Samba"),
    "V-SAMBA-OUT": N_("Going out and scoring in Samba"),
    "V-BOL-WILD": N_("Wild melds"),
    "V-BOL-OUT": N_("Going out and black threes in Bolivia"),
    "V-HF-BOOKS": N_("Books"),
    "V-HF-MERGE": N_("Books"),
    "V-HF-TAKE": N_("A turn in Hand and Foot"),
    "V-HF-ASK": N_("Going out in Hand and Foot"),
    "V-HF-OUT": N_("Going out in Hand and Foot"),
    "V-HF-FOOT": N_("The foot"),
    "V-HF-MIN": N_("A turn in Hand and Foot"),
    "V-HF-STOCK": N_("Going out in Hand and Foot"),
}

# Engine reasons that speak the command line's notation (meld numbers, `+N:`), said the
# table's way: the player aims at a meld by dropping cards on it, never by its number.
TABLE_WORDING: dict[str, str] = {
    "meld number {n} is complete (seven cards) and takes no more cards": N_(
        "that meld is complete (seven cards) and takes no more cards"
    ),
    "{card} does not belong in meld number {n}, a meld of {ranks}": N_(
        "the {card} does not belong in a meld of {ranks}"
    ),
    "meld number {n} holds wild cards only": N_("a wild meld holds wild cards only"),
    "your side has no meld number {n}": N_("that meld is not one of your side's"),
    "your side has no open meld of {ranks} to add to: name a meld with +N:": N_(
        "your side has no open meld of {ranks}: drop the cards on the meld you mean"
    ),
    "take +N: adds the top card alone: meld cards from your hand in a later move": N_(
        "the top card goes onto your meld alone: meld cards from your hand afterwards"
    ),
    "to take the pile, meld its top card {card} with a natural pair of {ranks} from your hand, or add it to a meld "
    "of your side that is not yet a canasta (take +N:)": N_(
        "to take the pile, meld its top card {card} with a natural pair of {ranks} from your hand, or drag it "
        "onto a meld of your side that is not yet a canasta"
    ),
}


# Where each player is a side of their own (two-hand, three-hand: RULES.md section 10) the
# sentences that speak of "your side" say "you" instead: no partner shares the melds there.
ALONE_WORDING: dict[str, str] = {
    "your side has not melded this deal, so the pile is frozen for it: take it only with a natural "
    "pair of {ranks} from your hand": N_(
        "you have not melded this deal, so the pile is frozen for you: take it only with a natural "
        "pair of {ranks} from your hand"
    ),
    "the stock is empty and the top card fits your side's meld: you must take the pile": N_(
        "the stock is empty and the top card fits your meld: you must take the pile"
    ),
    "that meld is not one of your side's": N_("that meld is not one of yours"),
    "your side has no open meld of {ranks}: drop the cards on the meld you mean": N_(
        "you have no open meld of {ranks}: drop the cards on the meld you mean"
    ),
    "to take the pile, meld its top card {card} with a natural pair of {ranks} from your hand, or drag it "
    "onto a meld of your side that is not yet a canasta": N_(
        "to take the pile, meld its top card {card} with a natural pair of {ranks} from your hand, or drag it "
        "onto one of your melds that is not yet a canasta"
    ),
}
ALONE_EXPLANATIONS: dict[str, str] = {
    "R-ONE-PER-RANK": N_("You have one meld per rank; more cards of that rank are added to it."),
    "R-OWN-MELDS": N_("You may add cards only to your own melds."),
    "R-MIN": N_(
        "Your first meld of the deal must reach the minimum count, which grows with your "
        "score (the rules list it for each game)."
    ),
    "R-TAKE-MIN": N_("Before you have melded, the top card plus the cards you lay with it must reach the minimum."),
    "R-OUT": N_("You need your canastas before you can go out (two in two-hand, one in three-hand)."),
    "R-KEEP-TWO": N_("Until you have the canastas you need to go out, keep at least two cards in your hand."),
    "R-ASK": N_("Each player plays alone in this game: you go out without asking anyone."),
}
# Hand and Foot asks its own way (V-HF-ASK): the question comes from the foot, at any time of
# the turn. The classic sentence (before laying other cards) said it in a parenthesis under
# every refusal of the classic games too, five-hand and the short game (play-test, stop 53).
FOOT_EXPLANATIONS: dict[str, str] = {
    "R-ASK": N_(
        'You may ask your partner "May I go out?" once a turn, playing from the foot, at any time '
        "of the turn; the answer binds."
    ),
}


def plays_alone(rules: Variant | None) -> bool:
    """Each player is a side of their own (two-hand, three-hand): no partner, no "your side"."""
    return rules is not None and not rules.partnerships


# Base rules the Samba family's refusals cite (VARIANTS.md: "or the base rule they keep"),
# said as that family has them: classic's sentences name what it does not allow there (a
# third wild card, a take with one natural and a wild card, a forced take onto a canasta).
SAMBA_RULES: dict[str, str] = {
    "R-MELD": "V-SAMBA-MELDS",
    "R-TAKE": "V-SAMBA-TAKE",
    "R-EXHAUSTED": "V-SAMBA-EXHAUSTED",
    "R-OUT": "V-SAMBA-OUT",
}
# Bolivia melds wild cards on their own (V-BOL-WILD): Samba's sentence says they never are.
BOLIVIA_MELDS = N_(
    "A meld is a group of one rank (two natural cards at least, two wild cards at most), a "
    "sequence of three to seven natural cards of one suit in a row, or three to seven wild cards "
    "on their own."
)


# V-KEEP-TWO said for the game it is cited in: one sentence for them all listed Bolivia's
# escalera and Hand and Foot's books under a refusal in Samba (play-test).
KEEP_TWO_SAMBA = N_(
    "Going out needs two canastas of any kind (a samba counts); until then keep at least two cards "
    "after melding, one to discard and one to keep."
)
KEEP_TWO_BOLIVIA = N_(
    "Going out needs two canastas, one an escalera (a bolivia counts as a canasta); until then keep "
    "at least two cards after melding."
)
KEEP_TWO_SIX = N_(
    "Going out needs two canastas; until then keep at least two cards after melding, one to discard and one to keep."
)
KEEP_TWO_FOOT = N_(
    "Going out needs two clean and two dirty books; until then, playing from the foot, keep at least "
    "two cards after melding."
)


def game_rule(rule: str, rules: Variant | None = None) -> str:
    """The id under which the game of `rules` states `rule`: Samba's and Bolivia's own rule
    for a base rule they say their way (a Samba take refused under R-TAKE is V-SAMBA-TAKE to
    the player, whose rule line gives Samba's take)."""
    if rules is not None and rules.sequences and not rules.foot:
        rule = SAMBA_RULES.get(rule, rule)
        if rules.wild_melds and rule == "V-SAMBA-OUT":
            rule = "V-BOL-OUT"
    return rule


def rule_explanation(rule: str, rules: Variant | None = None) -> str | None:
    """The rule in a sentence; in the game of `rules` when given (the Samba family's own
    words for the base rules it keeps, Bolivia's melds, V-KEEP-TWO's requirement)."""
    if rules is not None and rule == "V-KEEP-TWO" and rules.variant_keep_two:
        if not rules.meld_list:  # six-hand's two canastas (V-SIX)
            return _(KEEP_TWO_SIX)
        return _(KEEP_TWO_FOOT if rules.foot else KEEP_TWO_BOLIVIA if rules.out_needs_sequence else KEEP_TWO_SAMBA)
    rule = game_rule(rule, rules)
    if rules is not None and rules.wild_melds and rule == "V-SAMBA-MELDS":
        return _(BOLIVIA_MELDS)
    text = ALONE_EXPLANATIONS.get(rule) if plays_alone(rules) else None
    text = text or (FOOT_EXPLANATIONS.get(rule) if rules is not None and rules.foot else None)
    text = text or RULE_EXPLANATIONS.get(rule)
    return _(text) if text else None


def _pretty(name: str, value: str) -> str:
    from game.hints import card_name, rank_plural

    try:
        if name == "card":
            return card_name(value)
        if name == "cards":
            return CardText(" ".join(card_name(face) for face in value.split()))
        if name == "ranks":  # a rank named in the plural: "a pair of kings"
            return rank_plural(Rank.parse(value))
    except NotationError:
        pass
    return value


def sentence(text: str) -> str:
    """Capitalised, with a full stop (。 in Chinese) unless it has one."""
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    if text.endswith((".", "。", "!", "！", "?", "？")):
        return text
    return text + ("。" if get_language() == "zh_CN" else ".")


def reason_text(error: IllegalMove, rules: Variant | None = None) -> str | None:
    """The engine's reason in the current language, as a sentence: its message id
    translated, with its arguments (cards named as the table names them); said without
    "your side" where each plays alone (`rules`: the game's). None for a message id the
    catalogs lack (every engine message is in them; tests check it): then the rule's
    explanation says it instead of an English sentence."""
    text = plain_reason(error, rules)
    return None if text is None else sentence(text)


def plain_reason(error: IllegalMove, rules: Variant | None = None) -> str | None:
    """`reason_text` as a clause (to follow a colon): not capitalised, no full stop."""
    message_id = TABLE_WORDING.get(error.message_id, error.message_id)
    if plays_alone(rules):
        message_id = ALONE_WORDING.get(message_id, message_id)
    translated = _(message_id)
    if translated == message_id and get_language() != "en":
        return None
    values = {name: _pretty(name, str(value)) for name, value in error.params.items()}
    return translated.format(**values)


# What the table says of a move the engine could not read (a NotationError), with rule R-MELD:
# a fallback that no gesture reaches. The table builds its moves of the cards it has grouped
# (`Group.of`, `Group.parsed`), and the notation's refusals come there, before a move exists,
# where the player's moves word each in the player's terms ("A meld holds cards of one rank
# (plus wild cards).", "Wild cards alone join a meld: ..."); a move built is refused by the
# engine with an IllegalMove only. Were one read wrong all the same, the table says this
# rather than the notation's English ("a group holds cards of one rank only: C5 H6").
NO_MELD_OF_THOSE = N_("Those cards do not make a meld.")


class RefusedMove(Notice):
    """Why a move written in a file (a deal file, a save) cannot be played, for a message
    that names it: English as a `str` (the engine's own reason, without its rule id), and
    in the player's language when shown, from the engine's message id, never parsed back
    from its English."""

    error: RulesError

    def __new__(cls, error: RulesError) -> RefusedMove:
        english = error.reason if isinstance(error, IllegalMove) else str(error)
        refused = str.__new__(cls, english)
        refused.msgid, refused.args, refused.error = english, {}, error
        return refused

    def text(self) -> str:
        error = self.error
        if isinstance(error, IllegalMove):
            return plain_reason(error) or _("it breaks rule {rule}").format(rule=error.rule)
        if get_language() == "en":  # (the notation's own words, in English only: no message id)
            return str(error)
        return _("it is not written as a move")


@dataclass(frozen=True)
class WhyNot:
    """A refusal, ready to show: the reason, the rule's one-line explanation, its id."""

    reason: str | None
    explanation: str | None
    rule: str

    @property
    def rule_label(self) -> str:
        return _("(Rule {rule})").format(rule=self.rule)


def explain(error: IllegalMove, rules: Variant | None = None) -> WhyNot:
    return WhyNot(reason_text(error, rules), rule_explanation(error.rule, rules), error.rule)


def why_not(error: IllegalMove, rules: Variant | None = None) -> str:
    """The refusal in plain words, in the current language (in the game of `rules`)."""
    parts = explain(error, rules)
    return join_sentences((parts.reason, parts.explanation, parts.rule_label))


@dataclass
class Refusal:
    """A refused move, shown with its rule ("why not?"); rendered in the current
    language each time it is drawn. Either the engine's IllegalMove, or one of the
    table's own checks (a msgid, its arguments and the rule it applies; the arguments as
    data, a card or a rank named when drawn: game.note.said_value)."""

    rule: str | None
    error: IllegalMove | None = None
    msgid: str = ""
    args: dict[str, Any] = field(default_factory=dict)
    rules: Variant | None = None  # the game's (its rule said its way: rule_explanation)

    def reason(self) -> str:
        if self.error is not None:
            text = reason_text(self.error, self.rules)
            if text is None:  # an engine sentence without a translation: the rule says it
                text = rule_explanation(self.error.rule, self.rules) or self.error.reason
            return text
        text = _(self.msgid)  # (its arguments are data too, in words now: a card, a rank)
        return sentence(text.format(**said_values(self.args)) if self.args else text)

    def shown_rule(self) -> str | None:
        """The rule's id as the player's game states it (`game_rule`)."""
        return game_rule(self.rule, self.rules) if self.rule is not None else None

    def explanation(self) -> str | None:
        """The rule in a sentence, when it says more than the reason; None when it says the
        same (the reason itself, or the reason continued: `headline` shows that instead)."""
        if self.rule is None:
            return None
        text = rule_explanation(self.rule, self.rules)
        if text is None or _continues(text, self.reason()):
            return None
        return text

    def headline(self) -> str:
        """The refusal's bold line: the reason, or the rule's sentence when that sentence is
        the reason continued ("Black threes can be melded only when going out, as three or
        four of them..."): said once, not twice."""
        reason = self.reason()
        text = rule_explanation(self.rule, self.rules) if self.rule is not None else None
        return text if text is not None and _continues(text, reason) else reason


def _continues(text: str, reason: str) -> bool:
    """`text` says `reason` (a sentence of some length) and perhaps more."""
    stem = reason.rstrip(".。")
    return len(stem) >= 10 and text.startswith(stem)


# Where a variant's own page says a rule its way (the page of rules_text.page_for, then the
# section): Samba's minimum and going out, Bolivia's escalera, Hand and Foot's books and foot.
SAMBA_SECTIONS: dict[str, str] = {
    "R-MIN": N_("Going out and scoring in Samba"),
    "R-OUT": N_("Going out and scoring in Samba"),
    "R-KEEP-TWO": N_("Going out and scoring in Samba"),
    "R-MELD": N_("Groups and sequences"),
    "R-TAKE": N_("Taking the pile in Samba"),
    "R-FROZEN": N_("Taking the pile in Samba"),
    # (classic's section offered a take with one natural card and a wild card, which Samba
    # never allows, under a black three's refusal: play-test in Chinese, stop 54)
    "R-BLOCKED": N_("Taking the pile in Samba"),
    "R-EXHAUSTED": N_("When the stock runs out in Samba"),
}
# Rules a game's own section quotes without saying them (the Samba family's take of the pile says
# nothing of a black three on top): their sentence comes first.
STATED_FIRST = frozenset({"R-BLOCKED"})
PAGE_SECTIONS: dict[int, dict[str, str]] = {
    1: SAMBA_SECTIONS,
    2: {
        **SAMBA_SECTIONS,
        "R-MIN": N_("Going out and black threes in Bolivia"),
        "R-OUT": N_("Going out and black threes in Bolivia"),
        "R-KEEP-TWO": N_("Going out and black threes in Bolivia"),
        "V-KEEP-TWO": N_("Going out and black threes in Bolivia"),
        "V-SAMBA-OUT": N_("Going out and black threes in Bolivia"),
    },
    3: {
        "R-MIN": N_("A turn in Hand and Foot"),
        "R-OUT": N_("Going out in Hand and Foot"),
        "R-KEEP-TWO": N_("Going out in Hand and Foot"),
        "V-KEEP-TWO": N_("Going out in Hand and Foot"),
        "R-ASK": N_("Going out in Hand and Foot"),
        "R-MELD": N_("Books"),
        "R-TAKE": N_("A turn in Hand and Foot"),
        "R-EXHAUSTED": N_("Going out in Hand and Foot"),
    },
}
# Samba's sections that Bolivia's page amends (its sequence of seven, its wild melds): its
# "Why not?" reads them after Samba's, as its rules page says ("everything of Samba holds,
# except what follows").
BOLIVIA_AMENDS: dict[str, list[str]] = {
    "Groups and sequences": ["Bolivia", "Wild melds"],
}
# The classic page's sections for the games of other sizes, for the rules those games change:
# two-hand's two canastas; six-hand's two canastas (V-KEEP-TWO), three packs' black threes
# (V-BLACK3) and the 2x3 game's minimum. Five-hand plays a classic deal in every respect
# (V-FIVE): its refusals open classic's sections, whose paragraphs say the rule.
FEW_SECTIONS = {"R-OUT": FEW_PLAYERS, "R-KEEP-TWO": FEW_PLAYERS}
MANY_SECTIONS = {"R-MIN": MANY_PLAYERS, "R-OUT": MANY_PLAYERS, "V-KEEP-TWO": MANY_PLAYERS, "V-BLACK3": MANY_PLAYERS}


def _changes(rule: str, rules: Variant) -> bool:
    """`rules` (a game of five or six) says `rule` otherwise than classic does."""
    if rule == "R-MIN":
        return rules.minimum_steps != CLASSIC_RULES.minimum_steps
    if rule == "R-OUT":
        return rules.canastas_to_go_out != CLASSIC_RULES.canastas_to_go_out
    return True


# The rules for players speak of four players in partnerships; a paragraph a "Why not?" quotes
# in two-hand or three-hand says it without the partner there is not (the Melds section's "one
# meld per rank, shared with your partner", under a refusal in three-hand: play-test, stop 53).
ALONE_PARAGRAPHS: dict[str, str] = {
    MELDS_PARAGRAPH: N_(
        "A meld is three or more cards of the same rank, from four up to ace. It needs at "
        "least two natural cards, and it may hold at most three wild cards, never more wild "
        "cards than natural ones. You have one meld per rank: more cards of that rank are "
        "added to it."
    ),
    TAKE_PARAGRAPH: N_(
        "Instead of drawing you may take the whole pile, if you can meld its top card at once: "
        "with two natural cards of the same rank from your hand, or, when the pile is not "
        "frozen, with one natural card and a wild card, or by adding it to your meld of "
        "that rank. You then take every other card of the pile into your hand."
    ),
    FROZEN_PARAGRAPH: N_(
        "The pile is frozen for you while you have not melded this deal, and for everyone "
        "while a wild card or a red three lies in it. A frozen pile can only be taken with a "
        "natural pair matching the top card. Nobody can take the pile while a wild card or a "
        "black three is on top."
    ),
    TAKE_MIN_PARAGRAPH: N_(
        "Until you have melded this deal, the take is also your first meld: the top card and "
        "the cards you lay with it from your hand must reach the minimum (the rest of the pile "
        "does not count). Holding a single card, you may not take a pile of a single card."
    ),
}


def section_heading(rule: str, rules: Variant | None = None) -> str:
    """The msgid of the heading of the section that explains `rule` in `rules`' game."""
    from game.rules_text import page_for

    if rules is not None:
        page = page_for(rules)
        if page in PAGE_SECTIONS and rule in PAGE_SECTIONS[page]:
            return PAGE_SECTIONS[page][rule]
        if page == 0 and rules.players < 4 and rule in FEW_SECTIONS:
            return FEW_SECTIONS[rule]
        if page == 0 and rules.players > 4 and rule in MANY_SECTIONS and _changes(rule, rules):
            return MANY_SECTIONS[rule]
    return RULE_SECTIONS.get(rule, "")


def rule_section(rule: str, rules: Variant | None = None) -> tuple[str, list[str]]:
    """The longer text of a rule (its section of the rules for players, in the game of
    `rules` when given): the heading and its paragraphs, translated."""
    from game.rules_text import all_blocks, page_for

    heading = section_heading(rule, rules)
    headings = [heading]
    if rules is not None and page_for(rules) == 2:  # Bolivia amends Samba's section
        headings += BOLIVIA_AMENDS.get(heading, [])
    paragraphs: list[str] = []
    alone = plays_alone(rules)
    for wanted in headings:
        inside = False
        for kind, msgid, _cards in all_blocks():
            if kind == "h":
                inside = msgid == wanted
            elif inside and kind == "p":
                paragraphs.append(_(ALONE_PARAGRAPHS.get(msgid, msgid) if alone else msgid))
    if not paragraphs:
        explanation = rule_explanation(rule, rules)
        paragraphs = [explanation] if explanation else []
    elif rule in STATED_FIRST and heading != RULE_SECTIONS.get(rule):  # (a section that does not say it)
        paragraphs.insert(0, rule_explanation(rule, rules) or "")
    return (_(heading) if heading else _("Rule {rule}").format(rule=rule)), paragraphs
