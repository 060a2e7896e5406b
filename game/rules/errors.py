"""Typed errors of the rules engine. Every one is a ValueError, so callers that only
want "bad input" can catch that; each carries a plain-language reason, and a refused
move (IllegalMove) carries it as data: rule id, message id, arguments."""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the rules package raises on bad input."""


class NotationError(RulesError):
    """Text that is not a card, card list, move or rank in the notation of RULES.md §11."""


class PositionError(RulesError):
    """A position (JSON) that is malformed or describes something impossible."""


class IllegalMove(RulesError):
    """A well-formed move that the rules forbid here. The state is left unchanged.

    Errors as data, the way game/saves.py's SaveError is: `rule` is the rule id of
    RULES.md / VARIANTS.md (e.g. "R-MIN"), `message_id` an English template that is also
    the app's catalog key (marked with N_), `params` its arguments (card faces such as
    "C9", rank symbols such as "K", numbers; a rank the sentence names in the plural is a
    `ranks` param, its symbol: "a pair of {ranks}" reads "a pair of kings"). `reason` is the
    English sentence. Nobody needs to parse `reason` back: the app translates `message_id`
    and formats `params`.
    """

    def __init__(self, rule: str, message_id: str, move: object = None, **params: object):
        self.rule = rule
        self.message_id = message_id
        self.params = dict(params)
        self.reason = message_id.format(**english_params(self.params))
        self.move = move
        super().__init__(f"{rule}: {self.reason}")


def N_(text: str) -> str:
    """Mark a message id for the app's catalogs (tools/extract_strings.py); the engine
    itself never translates."""
    return text


# Each rank's plural as English players write it, by the rank's symbol (Rank.plural; a
# message id, which the app translates: game.hints.rank_plural). Here, not in cards.py: a
# refusal's English reason reads its `ranks` param with it, and cards.py imports this module.
# Each written out, so the catalogs hold every one (a translator may want a word for a 7 too).
RANK_PLURALS = {
    "JK": N_("jokers"),
    "A": N_("aces"),
    "K": N_("kings"),
    "Q": N_("queens"),
    "J": N_("jacks"),
    "10": N_("10s"),
    "9": N_("9s"),
    "8": N_("8s"),
    "7": N_("7s"),
    "6": N_("6s"),
    "5": N_("5s"),
    "4": N_("4s"),
    "3": N_("3s"),
    "2": N_("2s"),
}


# Each rank's singular as an English sentence names it (Rank.singular; translated by
# game.hints.rank_singular): one card of it ("every other king"), or its meld ("your ace meld",
# "your 7 meld"). Beside the plurals: one list of the rank's words.
RANK_SINGULARS = {
    "JK": N_("joker"),
    "A": N_("ace"),
    "K": N_("king"),
    "Q": N_("queen"),
    "J": N_("jack"),
    "10": N_("10"),
    "9": N_("9"),
    "8": N_("8"),
    "7": N_("7"),
    "6": N_("6"),
    "5": N_("5"),
    "4": N_("4"),
    "3": N_("3"),
    "2": N_("2"),
}


def english_params(params: dict[str, object]) -> dict[str, object]:
    """`params` as the English reason reads them: a `ranks` param (a rank symbol) as the
    rank's plural, "kings", "7s"."""
    if "ranks" not in params:
        return params
    return {**params, "ranks": RANK_PLURALS[str(params["ranks"])]}
