"""Typed errors of the rules engine. Every one is a ValueError, so callers that only
want "bad input" can catch that; each carries a plain-language reason."""
from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the rules package raises on bad input."""


class NotationError(RulesError):
    """Text that is not a card, card list, move or rank in the notation of RULES.md §11."""


class PositionError(RulesError):
    """A position (JSON) that is malformed or describes something impossible."""


class IllegalMove(RulesError):
    """A well-formed move that the rules forbid here. The state is left unchanged.

    `rule` is the rule id of RULES.md (e.g. "R-MIN"), `reason` a plain sentence.
    """

    def __init__(self, rule: str, reason: str, move: object = None):
        self.rule = rule
        self.reason = reason
        self.move = move
        super().__init__(f"{rule}: {reason}")
