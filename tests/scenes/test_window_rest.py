"""The window at rest: while every scene waits for the player (and the player has not touched
anything for a moment) the window draws a few frames a second, woken at once by the next
event; whatever moves by itself (cards in flight, a bot to play, a message running out, a
dialog opening, the score sheet counting) keeps the full rate. The CPU it saves is measured
by `tools/bench_app.py --rest`, not here."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import card_point, make_table, mouse, players_turn, tick, until

from game import window as window_module
from game.rules import MoveKind, Phase
from game.scenes.base import Scene, SceneStack
from game.scenes.layout import LOGICAL_SIZE
from game.scenes.modal import ModalDialogScene
from game.scenes.table_input import DOUBLE_CLICK
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


def test_the_keys_overlay_rests_over_a_resting_table():
    from game.scenes.table_menu import KeysOverlay

    stack, table = make_table(seed=3)
    until(stack, players_turn(stack, table))
    tick(stack, 2.0)
    stack.push(KeysOverlay())
    assert stack.at_rest()


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


def test_a_double_click_begun_at_rest_is_timed_from_when_it_came(monkeypatch):
    """The first click woke the loop after it had waited (up to a tenth of a second): the
    time waited passes before the click is handled, so the second click has the whole
    double-click time (it was timed from the frame before the wait, and a second click
    0.38 s later counted as a click of its own)."""
    app = MainWindow(seed=5, threaded=False, size=LOGICAL_SIZE)
    try:
        table = app.table
        assert table is not None
        for _ in range(100_000):
            if table.my_turn() and table.idle:
                break
            app.frame(1 / 60)
        for _ in range(120):
            app.frame(1 / 60)  # (the last cards settle)
        assert app.stack.at_rest() and table.game.state.phase is Phase.DRAW
        for _ in range(20):
            app.frame(1 / REST_FPS)  # two seconds at rest, nothing touched
        pos = card_point(table, table.layout.hand_cards[0])
        down, up = mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos)
        app.frame(0.099, waited=[down, up])  # the click came at the end of a wait
        assert table.controller.message is None
        for _ in range(23):  # 0.383 s at the full rate: within DOUBLE_CLICK of the first
            app.frame(1 / 60)
        assert 23 / 60 <= DOUBLE_CLICK
        pygame.event.post(down)
        pygame.event.post(up)
        app.frame(1 / 60)
        refusal = table.controller.refusal
        assert refusal is not None and refusal.rule == "R-TURN"  # "Draw first: …" (a double-click)
    finally:
        app.close()
