"""Overlays of the table: the table menu (Esc), the list of keys (F1), the rule
behind a refused move ("why not?", the ? key) and the risky-discard question.

All texts are msgids translated when drawn, so they follow a language switch.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from game.i18n import N_, _
from game.scenes import theme
from game.scenes.base import Scene
from game.scenes.layout import LOGICAL_SIZE, Ruler
from game.scenes.menu_widgets import FocusList, TextButton
from game.scenes.modal import ModalDialogScene
from game.scenes.shapes import cream_panel
from game.scenes.text import blit_in_box, blit_text
from game.scenes.widgets import key_cap

if TYPE_CHECKING:
    from game.observable_settings import ObservableSettings
    from game.rules import Game
    from game.rules.variants import Variant
    from game.sound import SoundPlayer


class MenuTable(Protocol):
    """What the table menu needs of the table."""

    settings: ObservableSettings | None  # the player's settings, None in bare tests
    sound: SoundPlayer | None  # the effects' player (Settings says when it has no device), None in bare tests
    on_menu: Callable[[], None] | None
    data_home: Path | None  # the app's data folder (None: storage.data_dir())

    @property
    def game(self) -> Game: ...
    @property
    def people(self) -> tuple[int, ...]: ...  # the seats people play (none: watching the bots)

    def confirm_new_game(self) -> None: ...
    def may_export_deal(self) -> bool: ...
    def reviewed_deal(self) -> int | None: ...
    def review_deal(self, number: int) -> None: ...


def dim(surface: pygame.Surface) -> None:
    keep = round(255 * (1.0 - theme.MODAL_DIM.a / 255))
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)


class TableMenuScene(Scene):
    """Esc at the table: resume, keys, rules, settings, the last deal's review, new game,
    the title menu. The bots wait while it is open."""

    opaque = False
    WIDTH, ROW, GAP = 380, 46, 10

    def __init__(self, table: MenuTable) -> None:
        super().__init__()
        self.table = table
        entries: list[tuple[str, object]] = [
            (N_("Resume"), self.close),
            (N_("Keys · F1"), self.keys),
            (N_("Rules"), self.rules),
        ]
        if table.settings is not None:
            entries.append((N_("Settings"), self.settings))
        if table.reviewed_deal() is not None:
            entries.append((N_("Review the last deal"), self.review_last_deal))
        if table.may_export_deal():
            entries.append((N_("Save the deal as a file"), self.export_deal))
        entries.append((N_("New game"), self.new_game))
        if table.on_menu is not None:
            entries.append((N_("Main menu"), self.main_menu))
        height = 86 + len(entries) * (self.ROW + self.GAP) + 14
        self.panel = pygame.FRect(0, 0, self.WIDTH, height)
        self.panel.center = (LOGICAL_SIZE[0] / 2, LOGICAL_SIZE[1] / 2)
        self.items = FocusList()
        y = self.panel.y + 86
        for index, (text, action) in enumerate(entries):
            self.items.add(
                TextButton(
                    (self.panel.x + 40, y, self.WIDTH - 80, self.ROW),
                    text,
                    action,  # type: ignore[arg-type]
                    primary=index == 0,
                )
            )
            y += self.ROW + self.GAP
        self.items.focus_first()

    # -- actions -------------------------------------------------------------------
    def close(self) -> None:
        if self.stack is not None:
            self.stack.remove(self)

    def _push(self, scene: Scene) -> None:
        if self.stack is not None:
            self.stack.push(scene)

    def keys(self) -> None:
        self._push(KeysOverlay(asking=self.table.game.config.ask_allowed, watching=not self.table.people))

    def rules(self) -> None:
        from game.rules_text import opening_heading, page_for
        from game.scenes.rules_scene import RulesScene

        rules = self.table.game.config.rules
        self._push(RulesScene(page_for(rules), opening_heading(rules)))  # the page (and section) of the game played

    def settings(self) -> None:
        from game.scenes.settings_scene import SettingsScene

        if self.table.settings is not None:
            self._push(SettingsScene(self.table.settings, self.table.sound))

    def export_deal(self) -> None:
        from game.scenes.open_deal import export_deal_dialog

        stack = self.stack
        self.close()
        if stack is not None:
            stack.push(export_deal_dialog(self.table.game, self.table.data_home))

    def review_last_deal(self) -> None:
        number = self.table.reviewed_deal()
        self.close()
        if number is not None:
            self.table.review_deal(number)

    def new_game(self) -> None:
        self.close()
        self.table.confirm_new_game()

    def main_menu(self) -> None:
        self.close()
        if self.table.on_menu is not None:
            self.table.on_menu()

    # -- scene -----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
            if event.key == pygame.K_F1:
                self.keys()
                return True
        self.items.handle_event(event)
        return True  # modal

    def update(self, dt: float) -> None:
        self.items.update(dt)

    def at_rest(self) -> bool:
        return True  # (its widgets change only with input)

    def draw(self, surface: pygame.Surface) -> None:
        ruler = Ruler.of(surface)
        dim(surface)
        cream_panel(surface, ruler.rect(self.panel), ruler)
        blit_text(
            surface, _("Menu"), theme.FONT_TITLE, theme.INK, bold=True, midtop=(self.panel.centerx, self.panel.y + 22)
        )
        y = ruler.px(self.panel.y + 68)
        center = ruler.px(self.panel.centerx)
        pygame.draw.line(
            surface, theme.GOLD, (center - ruler.px(100), y), (center + ruler.px(100), y), max(1, ruler.px(2))
        )
        self.items.draw(surface)


ASK_KEY = N_("Ask your partner “May I go out?”")
ANSWER_KEYS = N_("Answer your partner: yes or no (T: see the table first)")
SCROLL_KEYS = N_("Scroll the open move log or discard pile")
# Keys at the table: (key names, what they do). Key names that are words are msgids too.
KEYS: list[tuple[str, str]] = [
    ("D / P", N_("Draw from the stock (P: pass, when it is empty)")),
    ("T", N_("Take the pile with the selected or lit cards, else your pair of its top card")),
    ("← →", N_("Move the cursor over your cards (Home / End: first / last)")),
    (N_("Space"), N_("Select or unselect the card under the cursor (↑ selects, ↓ unselects)")),
    (N_("Shift + ← →"), N_("Move the card under the cursor within your hand")),
    ("M", N_("Meld or add the selected cards (or those the hint lights)")),
    ("[ ]", N_("Focus one of your melds: M adds to it, T takes the pile onto it")),
    ("X", N_("Discard the card under the cursor, else the selected or lit one")),
    (N_("Enter"), N_("Lay the staged melds; press the focused button")),
    ("S / R", N_("Sort by suit or by rank (R: by rank)")),
    ("H", N_("Hint: what the Normal computer player would do")),
    ("A", ASK_KEY),
    ("Y / N", ANSWER_KEYS),
    ("?", N_("Why not? The rule behind a refused move")),
    ("Tab", N_("Move the focus over the buttons")),
    ("+ -", N_("Animation speed")),
    ("Esc", N_("Cancel, one step at a time; then the menu (Ctrl + N: a new game)")),
    ("F1", N_("This list of keys")),
    ("L", N_("The move log: every move of this deal, newest first")),
    ("V", N_("The discard pile: every card in it, newest first")),
    ("PgUp PgDn", SCROLL_KEYS),
    ("F11", N_("Full screen on or off")),
]
# Watching the bots: the keys that act (table_keys.WATCH_KEYS), none of a player's moves.
WATCH_KEYS: list[tuple[str, str]] = [
    ("P", N_("Pause the bots, or let them play on")),
    (N_("Space"), N_("Finish the cards' flights at once")),
    ("S / R", N_("Sort the hand at the bottom by suit or by rank (R: by rank)")),
    ("L", N_("The move log: every move of this deal, newest first")),
    ("V", N_("The discard pile: every card in it, newest first")),
    ("PgUp PgDn", SCROLL_KEYS),
    ("+ -", N_("Animation speed")),
    ("Tab", N_("Move the focus over the buttons")),
    (N_("Enter"), N_("Press the focused button")),
    ("Esc", N_("Close the log or the pile; then the menu (Ctrl + N: a new game)")),
    ("F1", N_("This list of keys")),
    ("F11", N_("Full screen on or off")),
]


class KeysOverlay(Scene):
    """F1: every key of the table, in the current language. Any key or click closes it."""

    opaque = False
    PANEL = pygame.FRect(190, 14, 900, 692)
    ROW = 25.0  # (every key, the mouse's line and "press any key" fit the panel, the caps apart)

    def __init__(self, asking: bool = True, watching: bool = False) -> None:
        """`asking`: the game has partners to ask (not two-hand or three-hand); `watching`:
        every seat is a bot, so only a spectator's keys act (none of a player's moves)."""
        super().__init__()
        self.watching = watching
        if watching:
            self.keys = list(WATCH_KEYS)
        else:
            self.keys = [row for row in KEYS if asking or row[1] not in (ASK_KEY, ANSWER_KEYS)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
            if self.stack is not None:
                self.stack.remove(self)
        return True

    def at_rest(self) -> bool:
        return True  # (a page of text: it changes only when closed)

    def draw(self, surface: pygame.Surface) -> None:
        ruler = Ruler.of(surface)
        dim(surface)
        panel = self.PANEL
        cream_panel(surface, ruler.rect(panel), ruler)
        blit_text(
            surface,
            _("Keys at the table"),
            theme.FONT_TITLE,
            theme.INK,
            bold=True,
            midtop=(panel.centerx, panel.y + 18),
        )
        y = panel.y + 62
        key_x = panel.x + 200
        for key, action in self.keys:
            label = _(key)
            key_cap(surface, label, (key_x, y + self.ROW / 2 - 2), anchor="midright")
            blit_in_box(surface, _(action), 17, theme.INK, midleft=(key_x + 18, y + self.ROW / 2 - 2))
            y += self.ROW
        pygame.draw.line(
            surface,
            theme.GOLD,
            ruler.point((panel.x + 60, y + 8)),
            ruler.point((panel.right - 60, y + 8)),
            max(1, ruler.px(1)),
        )
        mouse = _(
            "Mouse: click the stock to draw, drag cards onto the table or the pile; double-click a card to discard it."
        )
        blit_text(
            surface,
            _("Watching the bots: they play every seat; the mouse presses the buttons.") if self.watching else mouse,
            15,
            theme.INK_SOFT,
            midtop=(panel.centerx, y + 16),
        )
        blit_text(
            surface, _("Press any key to close"), 15, theme.INK_SOFT, midbottom=(panel.centerx, panel.bottom - 10)
        )


class RuleDialog(ModalDialogScene):
    """ "Why not?": the rule behind a refused move, in its longer words (rules_text)."""

    def __init__(self, rule: str, reason: str = "", rules: Variant | None = None) -> None:
        from game.why_not import game_rule, rule_section

        heading, paragraphs = rule_section(rule, rules)
        parts = ([reason] if reason else []) + paragraphs
        self.rule = rule
        title = _("Why not? {heading} ({rule})").format(heading=heading, rule=game_rule(rule, rules))
        super().__init__(title, "\n\n".join(parts), [(_("OK"), None)], width=860, cancel_index=0)
        label = self.dialog.message_label  # long text reads best left-aligned, a little smaller
        label.align, label.size = "left", 18
        self.dialog._layout()
        self.dialog.buttons.set_focus(self.dialog.button_widgets[0])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_QUESTION or event.dict.get("unicode") == "?"):
            self.dialog.button_widgets[0].click()
            return True
        return super().handle_event(event)


class RiskyDiscardDialog(ModalDialogScene):
    """Setting "confirm a risky discard": Discard anyway (Enter) / Cancel (Esc). Space does
    nothing here: at the table it finishes the cards' flights, and X then Space (a discard,
    then hurrying the cards) had confirmed the risky discard unread (play-test, stop 47)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.dialog.buttons.set_focus(self.dialog.button_widgets[0])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            return True
        return super().handle_event(event)
