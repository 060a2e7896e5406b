"""The bot thread lets the window's frames go first (bot_runner.FrameGate): a thinking bot
waits at its yield points while a frame is drawn. Each step below waits on an event of the
other thread, never on the clock, so the order is the same on every run."""

from __future__ import annotations

import random
import threading

from game.bots import make_bot
from game.bots.base import Bot
from game.rules import Game, Move, Observation, RulesConfig
from game.scenes.bot_runner import BotRunner, FrameGate

PATIENT = 60.0  # far longer than any of these steps: a wait that ends does so by its event


class Probe(Bot):
    """Stops at one yield point in the middle of its decision."""

    def __init__(self) -> None:
        super().__init__(seed=0)
        self.at_yield = threading.Event()
        self.past_yield = threading.Event()

    def choose(self, observation: Observation, rng: random.Random, time_budget: float | None = None) -> Move:
        self.at_yield.set()
        if self.yield_point is not None:
            self.yield_point()
        self.past_yield.set()
        return observation.legal[0]


def first_observation() -> Observation:
    state = Game(RulesConfig.for_variant("classic"), 5).state
    assert state.to_act is not None
    return state.observation(state.to_act)


def test_a_thinking_bot_waits_while_a_frame_is_drawn_and_goes_on_after_it():
    gate, bot, obs = FrameGate(longest_wait=PATIENT, most_a_decision=PATIENT), Probe(), first_observation()
    runner = BotRunner(threaded=True, gate=gate)
    try:
        with gate.drawing():
            runner.request(obs.seat, bot, obs)
            assert bot.at_yield.wait(PATIENT)
            assert not bot.past_yield.wait(0.05)  # held at the gate while the frame lasts
            assert runner.poll() is None
        assert bot.past_yield.wait(PATIENT)  # the frame is done: the bot goes on
        runner.wait(PATIENT)
        assert runner.poll() == (obs.seat, obs.legal[0])
        assert bot.yield_point is None  # the runner's yield point is the bot's only while it thinks
    finally:
        runner.close()


class Ticks:
    """A clock that moves `step` seconds each time it is read (and counts the readings)."""

    def __init__(self, step: float) -> None:
        self.now, self.step, self.readings = 0.0, step, 0

    def __call__(self) -> float:
        self.now += self.step
        self.readings += 1
        return self.now


def test_a_decision_waits_for_frames_only_so_long_in_all():
    # Frames drawn back to back (a slow machine) must not keep a search by the clock from
    # its worlds: past its allowance a decision thinks through the frames.
    gate, ticks = FrameGate(longest_wait=0.0, most_a_decision=0.02), Ticks(0.005)
    yield_point = gate.allowance(ticks)
    with gate.drawing():
        for _ in range(20):
            yield_point()
    # Each wait reads the clock twice and counts 0.005 s: four waits use the 0.02 s, then none.
    assert ticks.readings == 4 * 2
    fresh = gate.allowance(ticks)  # the next decision has its own allowance
    with gate.drawing():
        fresh()
    assert ticks.readings == 4 * 2 + 2
    fresh()  # between frames: no wait, no reading
    assert ticks.readings == 4 * 2 + 2


def test_a_bot_run_on_the_window_thread_never_waits_for_the_frame():
    # threaded=False runs the bot inside the frame itself: waiting there would wait for ever.
    gate, bot, obs = FrameGate(longest_wait=PATIENT), Probe(), first_observation()
    runner = BotRunner(threaded=False, gate=gate)
    with gate.drawing():
        runner.request(obs.seat, bot, obs)
        assert bot.past_yield.is_set()
        assert runner.poll() == (obs.seat, obs.legal[0])


def a_choice() -> Observation:
    """The first moment of a classic deal, played by Normal, with more than two moves to weigh."""
    game, normal = Game(RulesConfig.for_variant("classic"), 11), make_bot("normal", 1)
    while True:
        state = game.state
        assert state.to_act is not None
        obs = state.observation(state.to_act)
        if len(obs.legal) > 2:
            return obs
        game.apply(normal.act(obs))


def test_hards_playouts_yield_between_moves_and_choose_the_same():
    obs = a_choice()
    steps = []
    plain, polite = (make_bot("hard", 3, iterations=6, horizon=12) for _ in range(2))
    polite.yield_point = lambda: steps.append(1)
    assert plain.choose(obs, random.Random(1)) == polite.choose(obs, random.Random(1))
    assert plain.work == polite.work and len(steps) > 12  # more than one playout's moves


def test_the_window_closes_the_gate_for_exactly_its_frame(monkeypatch):
    from game.scenes.bot_runner import FRAME_GATE
    from game.scenes.layout import LOGICAL_SIZE
    from game.window import MainWindow

    app = MainWindow(seed=1, size=LOGICAL_SIZE)
    try:
        seen = []
        real_present = app.present
        monkeypatch.setattr(app, "present", lambda: (seen.append(FRAME_GATE.in_frame), real_present())[1])
        app.frame(1 / 60)
        assert seen == [True] and not FRAME_GATE.in_frame
    finally:
        app.close()
