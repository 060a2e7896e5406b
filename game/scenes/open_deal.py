"""Open a shared deal from the title menu: the deal files of the exports folder, newest
first, a page at a time. A file that cannot be opened (corrupt, edited, hostile, a
variant the table does not play) gets a dialog with the reason and changes nothing;
a good one replays and goes to the table (after the same "Replace the saved game?"
question as New game)."""

from __future__ import annotations

import os

import pygame

from game import deal_share
from game.deal_file import DealFileError, read
from game.i18n import N_, _
from game.rules import Game
from game.rules.variants import APP_VARIANT_IDS
from game.scenes import theme
from game.scenes.menu_base import PANEL
from game.scenes.menu_widgets import blit_text
from game.scenes.modal import ModalDialogScene, write_failed
from game.scenes.paged_list import PagedListPage


class OpenDealScene(PagedListPage[deal_share.ExportEntry]):
    title = N_("Open a deal")

    def __init__(self, app) -> None:
        super().__init__(app, deal_share.list_exports(app.config_dir))

    def row_label(self, entry: deal_share.ExportEntry) -> str:
        return entry.name[:64]

    def pick(self, entry: deal_share.ExportEntry) -> None:
        self.open_path(str(entry.path))

    # -- opening -------------------------------------------------------------------
    def open_path(self, path: str) -> None:
        """Replay the file; on any problem say why and change nothing."""
        name = os.path.basename(path) or path
        try:
            shared = read(path)
        except DealFileError as error:
            self._refuse(name, error.message())
            return
        game = shared.game
        assert game is not None  # read() always replays
        if game.config.variant not in APP_VARIANT_IDS:
            self._refuse(name, _("The table does not play {variant} yet.").format(variant=_(game.config.rules.name)))
            return
        self.replacing_the_saved_game(
            _("A game is in progress. Opening this deal replaces it; Continue on the title menu goes on with it."),
            _("Open the deal"),
            lambda: self._open(game),
            over_the_lesson=_(
                "The guided first deal is in progress. Opening this deal replaces it; Continue on the title menu"
                " goes on with it."
            ),
        )

    def _open(self, game: Game) -> None:
        self.back()  # the title menu is under the table, not this list
        self.app.on_open_deal(game)

    def _refuse(self, name: str, reason: str) -> None:
        """Say which file cannot be opened, and why (the file's name first: the player
        may have clicked another row than meant)."""
        if self.stack is not None:
            self.stack.push(
                ModalDialogScene(
                    _("This deal cannot be opened"),
                    _("{file}: {reason}").format(file=name[:64], reason=reason) + "\n" + _("Nothing was changed."),
                    [(_("OK"), None)],
                    width=640,
                    cancel_index=0,
                )
            )

    # -- drawing ---------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        folder = str(deal_share.exports_dir(self.app.config_dir))
        if len(folder) > 70:
            folder = "…" + folder[-69:]
        blit_text(
            surface,
            _("Deal files in {folder}").format(folder=folder),
            theme.FONT_SMALL,
            theme.INK_SOFT,
            midtop=(640, PANEL.y + 24),
        )
        if self.pages > 1:
            blit_text(
                surface,
                _("Page {page} of {pages}").format(page=self.page + 1, pages=self.pages),
                theme.FONT_SMALL,
                theme.INK_SOFT,
                midtop=(640, PANEL.y + 48),
            )
        if not self.entries:
            blit_text(
                surface,
                _("No deal files yet: export one from the table menu or the score sheet."),
                theme.FONT_BODY,
                theme.INK_SOFT,
                midtop=(640, PANEL.y + 200),
            )
        blit_text(
            surface,
            _("Also: canasta DEAL.canasta.txt on the command line"),
            theme.FONT_SMALL,
            theme.INK_SOFT,
            midbottom=(640, PANEL.bottom - 8),
        )


def export_deal_dialog(game: Game, home) -> ModalDialogScene:
    """Write `game` into the exports folder and say where (or why it could not be)."""
    try:
        path = deal_share.export_game(game, home)
    except OSError as error:
        return write_failed(_("The deal was not saved"), error)
    return ModalDialogScene(
        _("Deal saved as a file"),
        _("{file}\nin {folder}\n\nOpen it from the title menu (Open a deal), or pass it to canasta.").format(
            file=path.name, folder=path.parent
        ),
        [(_("OK"), None)],
        width=720,
        cancel_index=0,
    )
