"""Computer players: Easy, Normal (rule-based) and Hard (Monte Carlo over sampled worlds).

Bots receive only an `Observation` (see game.rules.observation); `make_bot` builds one.
"""

from .base import ARENA_LEVELS, LEVEL_NAMES, LEVELS, YARDSTICK_LEVELS, Bot, DecisionRecord, UnknownLevel, make_bot

__all__ = [
    "ARENA_LEVELS",
    "LEVEL_NAMES",
    "LEVELS",
    "YARDSTICK_LEVELS",
    "Bot",
    "DecisionRecord",
    "UnknownLevel",
    "make_bot",
]
