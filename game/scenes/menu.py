"""The title menu: Continue (when a save exists), New game, Settings, Rules,
Statistics, Quit. Up/Down/Tab move the focus, Enter picks, Escape quits."""

from __future__ import annotations

import pygame

from game import __version__, assets
from game.i18n import N_, _
from game.notices import shown
from game.rules import RulesConfig
from game.rules.variants import VARIANT_NAMES, variant_named
from game.saves import NEWER_VERSION, SaveError, SaveSummary
from game.scenes import theme
from game.scenes.layout import LOGICAL_SIZE, Ruler
from game.scenes.menu_base import MenuPage, Page
from game.scenes.menu_widgets import TextButton, blit_in_box, blit_text, draw_backdrop
from game.scenes.modal import ModalDialogScene
from game.scenes.shapes import soft_shadow
from game.scenes.text import one_line, text_width, wrap_at_most
from game.scenes.totals import totals_text
from game.seat_names import named_side, seat_names, typed_names

BUTTON_W, BUTTON_H, GAP = 300, 50, 14
FAN = ("HA", "SK", "JK", "DQ", "CA")


NOTICE_LINES = 2  # the title's lines of notices (below its last button)
NOTICE_WIDTH = 1000  # ... each of this width, a notice cut with "…" where it does not fit
COACH_OFFERED = "coach-offered"  # a marker in the data folder: the guided deal was offered once
SAVED_LINE_STEP = 23  # the step between the saved game's two lines beside Continue (a Chinese line's height)


def first_start(app) -> bool:
    """True once: on the first start (nothing played, no save), the guided deal is offered."""
    from game import storage

    folder = app.config_dir if app.config_dir is not None else storage.data_dir()
    marker = folder / COACH_OFFERED
    if storage.is_file(marker) or app.stats.records or app.saves.exists():
        return False
    try:
        storage.atomic_write(marker, b"the guided first deal was offered\n", durable=False)
    except OSError:
        return False  # cannot remember it: better not to ask at every start
    return True


def saved_game_parts(saved: SaveSummary) -> list[str]:
    """Beside Continue, the game and its totals apart (the totals go under the game where the
    whole is too long for one line: a Chinese pass-and-play line lost its totals to "…",
    play-test, stop 58). Which game it goes on with ("Classic · to 2500 · deal 3 · 1,240 to 980":
    how many people share the screen where more than one does, the target where the player
    chose one, as the statistics name it, then the totals so far,
    the player's side first; none before the first deal ends). The guided deal's lesson is
    named as the title's button names it: its game, target and deal are the lesson's own
    ("Classic · to 5000 · deal 1" said nothing of a lesson and its coach; play-test, first game)."""
    if saved.lesson:
        return [_("Guided first deal")]
    rules = variant_named(saved.variant)
    deals = rules.deals if rules is not None else 0  # (a game of a number of deals: "deal 3 of 4")
    deal = _("deal {n} of {deals}").format(n=saved.deal, deals=deals) if deals else _("deal {n}").format(n=saved.deal)
    if saved.over:  # closed at its final sheet: Continue shows it again
        deal = _("game over")
    line = _(VARIANT_NAMES[saved.variant])
    if saved.people > 1:  # pass-and-play: not a game against the bots alone (play-test, stop 56)
        line += " · " + _("{n} people").format(n=saved.people)
    if saved.target and rules is not None and len(rules.targets) > 1:  # (one target: nothing to tell)
        line += " · " + _("to {target}").format(target=saved.target)
    line += f" · {deal}"
    if not (saved.ours or saved.theirs):
        return [line]
    return [line, totals_text(saved.variant, saved.ours, saved.theirs, saved_side_name(saved))]


def saved_game_line(saved: SaveSummary) -> str:
    """`saved_game_parts` on one line: the game, then the totals."""
    return " · ".join(saved_game_parts(saved))


def saved_side_name(saved: SaveSummary) -> str:
    """Pass-and-play: the side whose total comes first on the Continue line, named as the
    table names it ("Anna", "Anna & Ben"); "" with one person (the first is the player's)."""
    if saved.people < 2 or not saved.seats or variant_named(saved.variant) is None:
        return ""
    config = RulesConfig.for_variant(saved.variant)
    if not all(0 <= seat < config.players for seat in saved.seats):
        return ""
    names = tuple(seat_names(config, saved.seats).values())
    return named_side(config, saved.human, names, typed_names(config, saved.seats, saved.typed))


def version_label() -> str:
    """The title screen's corner: the one version number (game/__init__.py)."""
    return f"v{__version__}"


def notice_rows(surface: pygame.Surface, notices: list[str]) -> list[str]:
    """The title's lines of notices, top to bottom: the last two notices (a settings file and a
    statistics file may both need a word) on a line each; one alone may take both lines (a
    settings file with many bad values names them all)."""
    last = notices[-NOTICE_LINES:]
    each = NOTICE_LINES // len(last) if last else 0
    ruler = Ruler.of(surface)
    rows: list[str] = []
    for notice in last:
        font = assets.font_for_text(notice, ruler.px(theme.FONT_SMALL))
        rows += wrap_at_most(notice, font, ruler.px(NOTICE_WIDTH), each)
    return rows


class TitleMenuScene(MenuPage):
    title = N_("Canasta")
    panel = None

    def build(self) -> None:
        entries: list[tuple[str, object]] = []
        self.saved = self.app.saves.summary() if self.app.saves.exists() else None
        if self.app.saves.exists():
            entries.append((N_("Continue"), self.continue_game))
        entries += [
            (N_("New game"), self.new_game),
            (N_("Open a deal"), self.open_deal),
            (N_("Guided first deal"), self.guided_deal),
            (N_("Settings"), self.open_settings),
            (N_("Rules"), self.open_rules),
            (N_("Statistics"), self.open_stats),
            (N_("Quit"), self.app.on_quit),
        ]
        height, gap = {6: (44, 10), 7: (44, 10)}.get(len(entries), (BUTTON_H, GAP) if len(entries) < 6 else (40, 8))
        top = {5: 338, 6: 318, 7: 300}.get(len(entries), 296)
        if not hasattr(self, "first_start"):  # once per menu: the marker is written when offered
            self.first_start = not self.app.read_only and first_start(self.app)
        elif self.app.saves.exists() or self.app.stats.records:
            self.first_start = False  # a game was started: the offer (focus, gold, footer) ends
        for index, (text, action) in enumerate(entries):
            rect = (LOGICAL_SIZE[0] / 2 - BUTTON_W / 2, top + index * (height + gap), BUTTON_W, height)
            offered = self.first_start and action == self.guided_deal
            # One default stands out: the first button (Continue, else New game); on the first
            # start the offered guided deal alone (both were gold there: play-test, stop 56).
            primary = offered if self.first_start else index == 0
            button = TextButton(rect, text, action, primary=primary)  # type: ignore[arg-type]
            self.items.add(button)
            if offered:
                self.offer = button

    def on_enter(self) -> None:
        offer = getattr(self, "offer", None)
        if self.first_start and offer is not None:  # the first start: the guided deal has the focus
            self.items.set_focus(offer)
        if self.app.read_only and self.stack is not None:  # say it where it cannot be missed
            self.stack.push(
                ModalDialogScene(
                    _("Canasta is already open"),
                    _(
                        "Another Canasta window keeps your game and statistics. You can play in this "
                        "one too, but nothing it plays is saved."
                    ),
                    [(_("Play without saving"), None), (_("Quit"), self.app.on_quit)],
                    width=640,
                    cancel_index=0,
                )
            )

    def on_uncover(self) -> None:
        offered = self.first_start
        self.rebuild()  # a game may have been saved or finished meanwhile
        if offered and not self.first_start:  # the offer ended: the focus goes to the top
            self.items.set_focus(self.items.widgets[0])

    def back(self) -> None:
        self.app.on_quit()

    # -- actions -----------------------------------------------------------------
    def continue_game(self) -> None:
        try:
            saved = self.app.saves.load()
        except SaveError as error:
            message = _("The saved game cannot be resumed: {reason}.").format(reason=error.message())
            title = _("Saved game damaged")
            if error.moved_to is not None:
                message += "\n" + _("The file was kept as {file}.").format(file=error.moved_to.name)
            elif error.template == NEWER_VERSION:  # sound, only not for this version: not "damaged"
                title = _("Saved by a newer version")
                message += "\n" + _("It is kept for that version; a new game here replaces it.")
            self.rebuild()
            if self.stack is not None:
                self.stack.push(ModalDialogScene(title, message, [(_("OK"), None)], width=640, cancel_index=0))
            return
        self.app.on_continue(saved)

    def new_game(self) -> None:
        from game.scenes.new_game import NewGameScene

        self._push(NewGameScene(self.app))

    def guided_deal(self) -> None:
        """The guided first deal takes the save slot as any game does: a game in progress is
        replaced only once the player says so (as New game and Open a deal ask)."""
        self.replacing_the_saved_game(
            _("A game is in progress. The guided first deal replaces it; Continue on the title menu goes on with it."),
            _("Guided first deal"),
            self.app.on_start_coach,
            over_the_lesson=_(
                "The guided first deal is in progress. Starting it again replaces it; Continue on the title menu"
                " goes on with it."
            ),
        )

    def open_deal(self) -> None:
        from game.scenes.open_deal import OpenDealScene

        self._push(OpenDealScene(self.app))

    def open_settings(self) -> None:
        from game.scenes.settings_scene import SettingsScene

        self._push(SettingsScene(self.app.settings, self.app.sound))

    def open_rules(self) -> None:
        from game.scenes.rules_scene import RulesScene

        self._push(RulesScene())

    def open_stats(self) -> None:
        from game.scenes.stats_scene import StatsScene

        self._push(StatsScene(self.app))

    def _push(self, scene: Page) -> None:
        if self.stack is not None:
            self.stack.push(scene)

    # -- drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, "", None)
        ruler = Ruler.of(surface)
        self._draw_fan(surface, ruler)
        blit_text(surface, _("Canasta"), 64, theme.TEXT_ON_FELT, bold=True, midtop=(640, 172))
        blit_text(
            surface,
            _("Canasta and its family, against the computer or with friends"),
            theme.FONT_BODY,
            theme.GOLD_LIGHT,
            midtop=(640, 258),  # (a Chinese line is taller: clear of Continue's focus ring)
        )
        self.items.draw(surface)
        if self.saved is not None and self.items.widgets:  # (Continue is the first button)
            beside = self.items.widgets[0].rect
            room = LOGICAL_SIZE[0] - 14 - (beside.right + 18)
            parts = saved_game_parts(self.saved)
            if text_width(" · ".join(parts), theme.FONT_SMALL) <= room:
                parts = [" · ".join(parts)]
            step = SAVED_LINE_STEP if len(parts) > 1 else 0
            for row, part in enumerate(parts):
                blit_in_box(  # (beside Continue, on its label's line by the ink)
                    surface,
                    one_line(surface, part, theme.FONT_SMALL, room),
                    theme.FONT_SMALL,
                    theme.GOLD_LIGHT,
                    midleft=(beside.right + 18, beside.centery + (row - (len(parts) - 1) / 2) * step),
                )
        blit_text(
            surface,
            version_label(),
            theme.FONT_SMALL,
            theme.GOLD_LIGHT,
            bottomright=(LOGICAL_SIZE[0] - 14, LOGICAL_SIZE[1] - 10),
        )
        if self.app.notices:
            rows = notice_rows(surface, [shown(notice) for notice in self.app.notices])
            for row, line in enumerate(reversed(rows)):
                blit_text(surface, line, theme.FONT_SMALL, theme.GOLD_LIGHT, midbottom=(640, 712 - row * 19))
        elif self.first_start:
            blit_text(
                surface,
                _("New to Canasta? The guided first deal shows every basic rule on a real game."),
                theme.FONT_SMALL,
                theme.GOLD_LIGHT,
                midbottom=(640, 712),
            )

    @staticmethod
    def _draw_fan(surface: pygame.Surface, ruler: Ruler) -> None:
        width = ruler.px(86)
        middle = (len(FAN) - 1) / 2
        for index, face in enumerate(FAN):
            spread = index - middle
            image = pygame.transform.rotozoom(assets.card_image(face, index, width), -spread * 9, 1.0)
            shadow, _pad = soft_shadow(assets.card_size(width), ruler.px(6), ruler.px(4), theme.SHADOW)
            shadow = pygame.transform.rotozoom(shadow, -spread * 9, 1.0)
            center = ruler.point((640 + spread * 46, 100 + abs(spread) ** 1.5 * 6))
            surface.blit(shadow, shadow.get_rect(center=(center[0] + ruler.px(2), center[1] + ruler.px(4))))
            surface.blit(image, image.get_rect(center=center))
