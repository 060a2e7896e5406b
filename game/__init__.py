"""Canasta: a desktop card game. `game.rules` is the pure rules engine."""
