"""The keyboard controller against its small interface, and the one function that
decides where dropped cards land."""

from __future__ import annotations

import pygame
import pytest
from fallback_bot import FallbackBot

from game.rules import Phase, RulesConfig
from game.scenes.hand_state import HandUI
from game.scenes.table_controller import TableController
from game.scenes.table_keys import KeyboardController
from game.scenes.table_layout import (
    BUTTONS,
    HAND_RECT,
    PILE_POS,
    STOCK_POS,
    TableGeometry,
    TableLayout,
    drop_target,
    hand_drop_index,
)
from game.scenes.widgets import WidgetGroup
from tests.rules_helpers import position


class KeysOnly:
    """A KeyTable: a real controller, no scene; records what only a scene could do."""

    def __init__(self, state) -> None:
        self.controller = TableController(
            RulesConfig.for_variant("classic"), 3, threaded=False, bot_factory=lambda level, seed: FallbackBot(seed)
        )
        self.controller.start(3)
        self.controller.load_state(state)
        self.buttons = WidgetGroup()
        self.calls: list[tuple] = []

    def why_not(self) -> bool:
        self.calls.append(("why_not",))
        return self.controller.refusal is not None

    def open_keys(self) -> None:
        self.calls.append(("open_keys",))

    def escape(self) -> None:
        self.calls.append(("escape",))

    def move_cursor(self, step: int, carry: bool = False) -> None:
        self.calls.append(("move_cursor", step, carry))
        self.controller.arranger.move_cursor(step, carry)

    def skip_animations(self) -> None:
        self.calls.append(("skip_animations",))

    def cycle_speed(self, step: int = 1) -> None:
        self.calls.append(("cycle_speed", step))

    def confirm_new_game(self) -> None:
        self.calls.append(("confirm_new_game",))


def key(k: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode)


def test_keys_map_to_the_controllers_intents_and_the_scenes_few_actions():
    table = KeysOnly(position(["C7 H4 S9 D8", "C4 C6 C8", "C9 C10", "CJ CQ"]))
    keys = KeyboardController(table)
    game = table.controller
    assert keys.handle_key(key(pygame.K_d)) and game.game.state.phase is Phase.MELD  # D draws
    assert keys.handle_key(key(pygame.K_d)) and game.refusal.rule == "R-TURN"  # not twice
    keys.handle_key(key(pygame.K_QUESTION, unicode="?"))
    keys.handle_key(key(pygame.K_RIGHT, pygame.KMOD_SHIFT))
    keys.handle_key(key(pygame.K_UP))
    assert game.selected_cards() == [game.ui.cursor]
    keys.handle_key(key(pygame.K_F1))
    keys.handle_key(key(pygame.K_ESCAPE))
    keys.handle_key(key(pygame.K_PLUS))
    keys.handle_key(key(pygame.K_MINUS))
    keys.handle_key(key(pygame.K_n, pygame.KMOD_CTRL))
    assert table.calls == [
        ("why_not",),
        ("move_cursor", 1, True),
        ("open_keys",),
        ("escape",),
        ("cycle_speed", 1),
        ("cycle_speed", -1),
        ("confirm_new_game",),
    ]
    card = game.ui.cursor
    assert keys.handle_key(key(pygame.K_x)) and game.game.state.pile[-1] is card  # X discards
    assert game.game.state.turn == 1
    keys.handle_key(key(pygame.K_a))  # no asking out of turn: a quiet note, whose turn it is
    assert game.refusal is None and game.message is not None and game.message[0].startswith("West is playing")


@pytest.fixture
def layout():
    state = position(
        ["C7 H4 S9 D8 D9 H9", "C4 C6 C8", "C9 C10", "CJ CQ"],
        melds=[{"K": "CK DK HK"}, {"Q": "CQ DQ HQ"}],
        discard="S4 D5",
        phase="meld",
    )
    return TableLayout(TableGeometry(), state, HandUI(), 0)


def test_a_drop_lands_on_the_pile_a_meld_the_new_meld_area_the_hand_their_meld_or_nowhere(layout):
    cards = layout.hand_cards[:1]
    assert drop_target(layout, PILE_POS, 0, cards).kind == "pile"
    slot = next(s for s in layout.meld_slots if s.side == 0)
    target = drop_target(layout, slot.rect.center, 0, cards)
    assert (target.kind, target.rank, target.staged_index) == ("meld", slot.rank, None)
    area = layout.geometry.meld_areas[0]
    assert drop_target(layout, (area.right - 20, area.centery), 0, cards).kind == "new-meld"
    far_right = (HAND_RECT.right - 4, HAND_RECT.centery)
    target = drop_target(layout, far_right, 0, cards)
    assert target.kind == "hand" and target.index == len(layout.hand_cards) - 1
    assert target.index == hand_drop_index(layout, cards, far_right[0])
    assert drop_target(layout, (HAND_RECT.left + 2, HAND_RECT.centery), 0, cards).index == 0
    theirs = next(s for s in layout.meld_slots if s.side == 1)
    assert drop_target(layout, theirs.rect.center, 0, cards).kind == "their-meld"
    assert drop_target(layout, STOCK_POS, 0, cards).kind == "nowhere"
    assert drop_target(layout, (1270, 300), 0, cards).kind == "nowhere"


def test_every_button_has_its_place_in_the_layout_inside_the_window():
    assert {
        "log",
        "hint",
        "ask",
        "pass",
        "sort_rank",
        "sort_suit",
        "speed",
        "keys",
        "menu",
        "new_game",
        "confirm",
        "cancel",
        "pile",
    } == set(BUTTONS)
    window = pygame.Rect(0, 0, 1280, 720)
    for rect in BUTTONS.values():
        assert window.contains(pygame.Rect(rect))
