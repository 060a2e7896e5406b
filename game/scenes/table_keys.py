"""The keyboard at the table: every key the F1 overlay lists, mapped to an intent.

Arrow keys move a focus cursor over the hand (Shift carries the card along),
Space / Up / Down select, Enter lays, D draws, T takes, M melds, X discards,
S / R sort, H hints, A asks, P passes, L shows the move log, V the discard pile,
[ and ] move a focus over our melds (M and T then aim at the focused one),
Page Up / Page Down scroll the open log or pile, ? explains the last refusal, +/- pace
the animations, Esc backs out one step at a time, Tab walks the buttons.

Watching the bots (no person at the table) only the keys of a spectator act (`WATCH_KEYS`,
the F1 overlay lists them): P pauses and resumes, the sort, log, pile, speed, menu and
button keys; the keys of a player's moves do nothing (South is a bot like the others).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.i18n import N_
from game.note import note
from game.rules import Phase
from game.scenes.table_controller import TableController
from game.scenes.widgets import WidgetGroup


class KeyTable(Protocol):
    """What the keyboard needs of the table scene: the controller for the game's
    intents, the buttons (focus), and the few things only the scene can do."""

    controller: TableController
    buttons: WidgetGroup
    paused: bool

    def why_not(self) -> bool: ...
    def open_keys(self) -> None: ...
    def escape(self) -> None: ...
    def move_cursor(self, step: int, carry: bool = False) -> None: ...
    def skip_animations(self) -> None: ...
    def cycle_speed(self, step: int = 1) -> None: ...
    def confirm_new_game(self) -> None: ...
    def toggle_log(self) -> None: ...
    def toggle_pile(self) -> None: ...
    def scroll_panel(self, pages: int) -> None: ...
    def move_meld_cursor(self, step: int) -> None: ...


ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
# Watching the bots: the keys that act (the rest are a player's: moves, the hand's cursor, hints).
WATCH_KEYS = frozenset(
    {
        pygame.K_F1,
        pygame.K_ESCAPE,
        pygame.K_SPACE,  # (no cursor: it finishes the cards' flights)
        pygame.K_s,
        pygame.K_r,
        pygame.K_l,
        pygame.K_v,
        pygame.K_PAGEUP,
        pygame.K_PAGEDOWN,
        pygame.K_n,  # (with Ctrl: a new game)
        pygame.K_PLUS,
        pygame.K_EQUALS,
        pygame.K_KP_PLUS,
        pygame.K_MINUS,
        pygame.K_KP_MINUS,
        pygame.K_TAB,
    }
)


class KeyboardController:
    def __init__(self, table: KeyTable) -> None:
        self.table = table

    def handle_key(self, event: pygame.event.Event) -> bool:
        table, game = self.table, self.table.controller
        key = event.key
        mod = getattr(event, "mod", 0)
        shift = bool(mod & pygame.KMOD_SHIFT)
        focused = table.buttons.focused
        if (
            focused is not None
            and focused.visible
            and getattr(focused, "enabled", True)
            and key in (*ENTER_KEYS, pygame.K_SPACE)
        ):
            return table.buttons.handle_event(event)  # the focused button
        if not game.people:  # watching the bots
            if key == pygame.K_p:
                table.paused = not table.paused
                return True
            if key not in WATCH_KEYS:
                return False
        if key == pygame.K_QUESTION or (key == pygame.K_SLASH and shift) or event.dict.get("unicode") == "?":
            if not table.why_not():
                game.say(
                    note(N_("Nothing was refused: “?” explains the rule behind a refused move.")),
                    warn=False,
                    seconds=3.0,
                )
        elif key == pygame.K_F1:
            table.open_keys()
        elif key == pygame.K_ESCAPE:
            table.escape()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            table.move_cursor(-1 if key == pygame.K_LEFT else 1, carry=shift)
        elif key in (pygame.K_HOME, pygame.K_END):
            table.move_cursor(-999 if key == pygame.K_HOME else 999)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            if not game.arranger.select_cursor(key == pygame.K_UP):
                table.move_cursor(1)
        elif key == pygame.K_SPACE:
            if not game.arranger.select_cursor():
                table.skip_animations()
        elif key in ENTER_KEYS:
            if game.ui.staged:
                game.moves.confirm_staged()
            elif game.selected_cards() and game.game.state.phase is Phase.MELD:
                game.moves.key_meld()
        elif key == pygame.K_s:
            game.arranger.toggle_sort()
        elif key == pygame.K_r:
            game.arranger.sort_hand("rank")
        elif key == pygame.K_d:
            game.moves.click_stock()
        elif key == pygame.K_t:
            game.moves.key_take()
        elif key == pygame.K_m:
            game.moves.key_meld()
        elif key in (pygame.K_x, pygame.K_DELETE):
            game.moves.key_discard()
        elif key == pygame.K_l:
            table.toggle_log()
        elif key == pygame.K_v:
            table.toggle_pile()
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            table.scroll_panel(-1 if key == pygame.K_PAGEUP else 1)  # (down: older moves and cards)
        elif key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            table.move_meld_cursor(-1 if key == pygame.K_LEFTBRACKET else 1)
        elif key == pygame.K_h:
            game.guide.show_hint()
        elif key == pygame.K_a:
            game.moves.key_ask()
        elif key == pygame.K_p:
            game.moves.pass_turn()  # (refused with the engine's reason when passing is not allowed)
        elif key == pygame.K_n and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            table.confirm_new_game()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            table.cycle_speed(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            table.cycle_speed(-1)
        else:
            if key == pygame.K_TAB:
                game.ui.cursor = None
            return table.buttons.handle_event(event)
        return True
