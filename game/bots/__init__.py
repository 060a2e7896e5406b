"""Computer players: Easy, Normal (rule-based) and Hard (Monte Carlo over sampled worlds).

Bots receive only an `Observation` (see game.rules.observation); `make_bot` builds one.
"""

from .base import LEVEL_NAMES, LEVELS, Bot, DecisionRecord, UnknownLevel, make_bot

__all__ = ["LEVEL_NAMES", "LEVELS", "Bot", "DecisionRecord", "UnknownLevel", "make_bot"]
