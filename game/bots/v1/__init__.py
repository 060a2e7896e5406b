"""The fixed yardstick: Normal and Hard as they were before issue #11, frozen.

`normal-v1` and `hard-v1` are arena levels only (game.bots.base.YARDSTICK_LEVELS), never
offered in the app. Everything they depend on in game/bots is copied here, so later
changes to normal.py, hard.py, knowledge.py or sampler.py cannot move them; they still
use the rules engine (game.rules), whose legal moves they must follow anyway.
"""
