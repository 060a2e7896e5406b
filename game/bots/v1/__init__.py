"""The fixed yardstick: Normal and Hard as they were before issue #11, frozen.

`normal-v1` and `hard-v1` are arena levels only (game.bots.base.YARDSTICK_LEVELS), never
offered in the app. Everything they depend on in game/bots is copied here, so later
changes to normal.py, hard.py, knowledge.py or sampler.py cannot move them; they still
use the rules engine (game.rules), whose legal moves they must follow anyway.

The one edit since the freeze: hard-v1 reads its time budget from the bot's clock
(`Bot.clock`, wall time unless a measurement asks for CPU time) instead of calling
time.perf_counter itself; its play on the same clock is unchanged.
"""
