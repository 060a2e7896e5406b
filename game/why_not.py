""""Why not?": a refused move explained in plain words, citing the rule.

    except IllegalMove as error:
        show(why_not(error))        # in the current language

The engine's reasons are English sentences, some with numbers or cards in
them, so they cannot all be catalogued; every refusal carries a rule id,
though, and each rule has a plain explanation here. `why_not` gives the
engine's own reason when it is translated exactly (or the language is
English), followed by the rule's explanation.
"""
from __future__ import annotations

from game.i18n import N_, _, get_language
from game.rules import IllegalMove

RULE_EXPLANATIONS: dict[str, str] = {
    "R-TURN": N_("A turn is: draw (or take the pile), then meld if you like, then discard one card."),
    "R-RED3": N_("Red threes are laid on the table at once; they are never melded or discarded."),
    "R-LASTRED3": N_("A red three drawn as the last card of the stock ends the deal."),
    "R-MELD": N_("A meld is three or more cards of one rank with at least two natural cards, "
                 "at most three wild cards, and never more wild cards than natural ones."),
    "R-ONE-PER-RANK": N_("Your side has one meld per rank; more cards of that rank are added to it."),
    "R-OWN-MELDS": N_("You may add cards only to your own side's melds."),
    "R-ADD": N_("A card added to a meld must keep it a legal meld."),
    "R-CANASTA": N_("A canasta is a meld of seven or more cards."),
    "R-BLACK3": N_("Black threes can be melded only when going out, as three or four of them "
                   "with no wild card."),
    "R-MIN": N_("Your side's first meld of the deal must reach the minimum count: 15, 50, 90 or "
                "120 points depending on your score."),
    "R-MIN-COUNT": N_("Only the cards laid in that turn count towards the minimum, not bonuses "
                      "or the buried cards of the pile."),
    "R-MIN-ATOMIC": N_("The first meld is laid in one go, and together it must reach the minimum."),
    "R-MIN-CONCEALED": N_("Going out concealed after drawing from the stock needs no minimum."),
    "R-TAKE": N_("To take the pile you must meld its top card at once: with two natural cards of "
                 "its rank, or one natural and one wild card, or by adding it to your meld."),
    "R-FROZEN": N_("A frozen pile can be taken only with a natural pair matching the top card."),
    "R-BLOCKED": N_("Nobody can take the pile while a wild card or a black three is on top."),
    "R-TAKE-MIN": N_("Before your side has melded, the top card plus the cards you lay with it "
                     "must reach the minimum."),
    "R-ONE-CARD": N_("Holding just one card you may not take a pile of just one card."),
    "R-OUT": N_("Your side needs at least one canasta before anyone can go out."),
    "R-KEEP-TWO": N_("Without a canasta you must keep at least two cards in your hand."),
    "R-ASK": N_("You may ask your partner \"May I go out?\" once, before laying other cards; "
                "the answer binds."),
    "R-CONCEALED": N_("Going out concealed means melding the whole hand in one turn, a canasta "
                      "included, having laid nothing earlier in the deal."),
    "R-EXHAUSTED": N_("With the stock empty you may only take the pile, and must take it when its "
                      "top card fits one of your melds."),
    "R-GAME": N_("The game is over once a side reaches the target score."),
}

# The engine's reasons that have no numbers or cards in them, so they translate exactly.
ENGINE_REASONS = (
    N_("the deal is over"), N_("your partner asked \"May I go out?\": answer yes or no"),
    N_("nobody asked to go out"), N_("draw from the stock or take the pile first"),
    N_("you may pass only instead of drawing from an empty stock"),
    N_("you have drawn already: meld or discard"), N_("the stock is empty: take the pile or pass"),
    N_("you may pass only when the stock is empty"), N_("the discard pile is empty"),
    N_("a wild card on top of the pile blocks it"), N_("a black three on top of the pile blocks it"),
    N_("holding one card you may not take a pile of one card"),
    N_("your partner said no: you may not go out this turn"),
    N_("you may not go out without a canasta"), N_("your partner said yes: you must go out this turn"),
    N_("there is no partner to ask in this variant"), N_("you may ask only once per turn"),
    N_("ask before laying or adding any card this turn"),
    N_("with one card left there is nothing to ask"),
    N_("you could not go out this turn, so you may not ask"),
)


def rule_explanation(rule: str) -> str | None:
    text = RULE_EXPLANATIONS.get(rule)
    return _(text) if text else None


def why_not(error: IllegalMove) -> str:
    """The refusal in plain words, in the current language."""
    reason = error.reason
    translated = _(reason)
    parts: list[str] = []
    if get_language() == "en" or translated != reason:
        parts.append(translated[:1].upper() + translated[1:] + ("" if translated.endswith((".", "。")) else "."))
    explanation = rule_explanation(error.rule)
    if explanation:
        parts.append(explanation)
    parts.append(_("(Rule {rule})").format(rule=error.rule))
    return " ".join(parts)
