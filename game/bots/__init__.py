"""Computer players: Easy, Normal (rule-based) and Hard (Monte Carlo over sampled worlds).

Bots receive only an `Observation` (see game.rules.observation); `make_bot` builds one.
"""
from .base import LEVELS, Bot, DecisionRecord, make_bot

__all__ = ["LEVELS", "Bot", "DecisionRecord", "make_bot"]
