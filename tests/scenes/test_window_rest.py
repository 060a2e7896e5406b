"""The window at rest: while every scene waits for the player (and the player has not touched
anything for a moment) the window draws a few frames a second, woken at once by the next
event; whatever moves by itself (cards in flight, a bot to play, a message running out, a
dialog opening, the score sheet counting) keeps the full rate. The CPU it saves is measured
by `tools/bench_app.py --rest`, not here."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import make_table, players_turn, tick, until

from game import window as window_module
from game.rules import MoveKind, Phase
from game.scenes.base import Scene, SceneStack
from game.scenes.layout import LOGICAL_SIZE
from game.scenes.modal import ModalDialogScene
from game.window import QUIET_AFTER, REST_FPS, MainWindow, resting

pytestmark = pytest.mark.usefixtures("display")  # (tests/conftest.py)


def test_the_window_rests_only_when_every_scene_does_and_input_has_been_quiet():
    assert resting(True, QUIET_AFTER)
    assert not resting(True, QUIET_AFTER - 0.01)  # (a hover, a card put back: drawn in full)
    assert not resting(False, 60.0)


class _Still(Scene):
    def at_rest(self) -> bool:
        return True


def test_a_stack_rests_when_every_scene_does_covered_ones_too():
    stack = SceneStack()
    assert stack.at_rest()  # (nothing to draw)
    stack.push(Scene())
    stack.push(_Still())
    assert not stack.at_rest()  # a scene that does not say is drawn in full
    stack.pop()
    stack.pop()
    stack.push(_Still())
    assert stack.at_rest()


def test_the_table_rests_on_the_players_turn_and_not_while_anything_moves():
    stack, table = make_table(seed=3)
    assert not table.at_rest()  # the deal flies out
    until(stack, players_turn(stack, table))
    tick(stack, 2.0)  # (the last cards settled, the score panel counted)
    assert table.at_rest() and stack.at_rest()
    table.controller.play(next(m for m in table.controller.legal_moves() if m.kind is MoveKind.DRAW))
    assert not table.at_rest()  # the card in flight
    until(stack, lambda: table.idle)
    tick(stack, 1.0)
    assert table.at_rest()  # the player's turn goes on: meld or discard
    table.controller.refuse("The discard pile is empty.", "R-TAKE")
    assert not table.at_rest()  # a message runs out by itself
    tick(stack, 10.0)
    assert table.message is None and table.at_rest()
    discard = next(m for m in table.controller.legal_moves() if m.kind is MoveKind.DISCARD)
    table.controller.play(discard)
    until(stack, lambda: table.idle)
    assert table.game.state.to_act != table.human and table.game.state.phase is not Phase.OVER
    assert not table.at_rest()  # a bot is about to play
    table.paused = True
    tick(stack, 1.0)
    assert table.at_rest()  # paused: nothing moves until Resume


def test_a_dialog_rests_once_it_has_opened():
    stack = SceneStack()
    dialog = ModalDialogScene("Title", "Message", [("OK", None)])
    stack.push(dialog)
    assert not stack.at_rest()
    tick(stack, 1.0)
    assert stack.at_rest()


class _Recorder:
    """pygame.event.wait in place: the timeouts asked, and a key press to hand back once."""

    def __init__(self, event: pygame.event.Event | None = None) -> None:
        self.timeouts: list[int] = []
        self.event = event

    def __call__(self, timeout: int = 0) -> pygame.event.Event:
        self.timeouts.append(timeout)
        event, self.event = self.event, None
        return event or pygame.event.Event(pygame.NOEVENT)


def test_at_rest_the_loop_waits_for_an_event_and_handles_it_first(monkeypatch):
    app = MainWindow(seed=1, threaded=False, size=LOGICAL_SIZE)
    try:
        seen: list[int] = []
        scene = _Still()
        scene.handle_event = lambda event: seen.append(event.type) or True  # type: ignore[method-assign]
        app.stack.clear()
        app.stack.push(scene)
        monkeypatch.setattr(window_module, "QUIET_AFTER", 0.0)
        key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
        wait = _Recorder(key)
        monkeypatch.setattr(pygame.event, "wait", wait)
        app.run(max_frames=app.frames + 3)
        assert wait.timeouts and set(wait.timeouts) == {1000 // REST_FPS}
        assert pygame.KEYDOWN in seen  # the event that woke the loop was not lost
        # A scene that moves by itself: no waiting.
        app.stack.clear()
        app.stack.push(Scene())
        wait.timeouts.clear()
        app.run(max_frames=app.frames + 3)
        assert wait.timeouts == []
    finally:
        app.close()
