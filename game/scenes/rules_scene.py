"""The rules for players (game.rules_text), in the current language, with small
card pictures; scrolls with the wheel, Up/Down, Page Up/Down, Home/End. A page per
family of variants (Canasta, Samba, Bolivia, Hand and Foot), picked by the tabs at the
left or Left/Right; the table opens the page of the variant it plays."""

from __future__ import annotations

import functools

import pygame

from game import assets
from game.i18n import N_, _, get_language
from game.rules_text import PAGES, Block
from game.scenes import theme
from game.scenes.layout import LOGICAL_SIZE, Ruler
from game.scenes.menu_base import Page
from game.scenes.menu_widgets import TextButton, blit_text
from game.scenes.shapes import cream_panel
from game.scenes.text import fitting_size, render_lines, wrap_text

VIEW = pygame.FRect(170, 116, 940, 520)  # the scrolling text area (logical)
TEXT_MARGIN = 34
CARD_WIDTH, CARD_STEP = 50, 38
LINE_STEP = 40  # logical units per arrow key
TAB_X, TAB_W, TAB_H = 12.0, 150.0, 44.0  # the pages' tabs, left of the text


def layout_blocks(blocks: list[Block], width_px: int, ruler: Ruler) -> tuple[list[tuple[int, pygame.Surface]], int]:
    """Render every block at `width_px`; returns [(y, surface)] and the total height (pixels)."""
    placed: list[tuple[int, pygame.Surface]] = []
    y = 0
    for kind, msgid, cards in blocks:
        text = _(msgid)
        if kind == "h":
            y += ruler.px(18) if placed else 0
            font = assets.font_for_text(text, ruler.px(26), bold=True)
            surface = font.render(text, True, theme.GOLD_DARK)
            gap = ruler.px(8)
        elif kind == "p":
            font = assets.font_for_text(text, ruler.px(19))
            surface = render_lines(wrap_text(text, font, width_px), font, theme.INK, spacing=1.35)
            gap = ruler.px(12)
        else:
            surface = _card_row(cards.split(), text, width_px, ruler)
            gap = ruler.px(10)
        placed.append((y, surface))
        y += surface.get_height() + gap
    return placed, y


def _card_row(faces: list[str], caption: str, width_px: int, ruler: Ruler) -> pygame.Surface:
    card_w = ruler.px(CARD_WIDTH)
    card_h = assets.card_size(card_w)[1]
    step = ruler.px(CARD_STEP)
    cards_w = card_w + step * (len(faces) - 1)
    font = assets.font_for_text(caption, ruler.px(17))
    lines = wrap_text(caption, font, max(ruler.px(120), width_px - cards_w - ruler.px(40)))
    text = render_lines(lines, font, theme.INK_SOFT)
    row = pygame.Surface((width_px, max(card_h, text.get_height()) + ruler.px(4)), pygame.SRCALPHA)
    for index, face in enumerate(faces):
        row.blit(assets.card_image(face, index, card_w), (ruler.px(16) + index * step, 0))
    row.blit(text, text.get_rect(midleft=(ruler.px(16) + cards_w + ruler.px(24), card_h // 2)))
    return row


class RulesScene(Page):
    title = N_("Rules")
    panel = None

    def __init__(self, page: int = 0, heading: str = "") -> None:
        """`page`: rules_text.PAGES's index (page_for(variant)); `heading`: a heading's msgid
        on it to open at (the section of the game played), else its top."""
        self.page = max(0, min(len(PAGES) - 1, page))
        self.opening_heading = heading  # scrolled to once the page is laid out
        self.scroll = 0.0  # logical units from the top
        # The page as last drawn: (key, [(y, block)], height in pixels, scale). Only `draw`
        # fills it (the layout needs the window's scale); `update` and the input read it.
        self._cache: tuple[tuple, list[tuple[int, pygame.Surface]], int, float] | None = None
        super().__init__()

    def build(self) -> None:
        self.items.add(self.back_button(VIEW.bottom + 18))
        for index, page in enumerate(PAGES):  # the pages' tabs, down the left
            rect = (TAB_X, VIEW.y + index * (TAB_H + 10), TAB_W, TAB_H)
            button = TextButton(rect, page.title, functools.partial(self.show_page, index), primary=index == self.page)
            self.items.add(button)

    def show_page(self, page: int) -> None:
        if 0 <= page < len(PAGES) and page != self.page:
            self.page = page
            self.scroll = 0.0
            self.opening_heading = ""
            self._cache = None
            self.rebuild()

    @property
    def content_height(self) -> float:
        """The page's height in logical units (0 until it is first drawn)."""
        return 0.0 if self._cache is None else self._cache[2] / self._cache[3]

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content_height - VIEW.height + 2 * TEXT_MARGIN)

    @property
    def shown_scroll(self) -> float:
        """Where the page shows from: the opening heading until the page has been laid out
        and scrolled there (by `update`), clamped to the page (after a language change)."""
        scroll = self.scroll
        if self.opening_heading and self._cache is not None:
            blocks = PAGES[self.page].blocks
            placed, scale = self._cache[1], self._cache[3]
            at = [y for (y, _block), (_kind, msgid, _cards) in zip(placed, blocks) if msgid == self.opening_heading]
            scroll = at[0] / scale if at else scroll
        return min(self.max_scroll, max(0.0, scroll))

    def scroll_by(self, delta: float) -> None:
        self._settle()
        self.scroll = min(self.max_scroll, max(0.0, self.scroll + delta))

    def _settle(self) -> None:
        """Make the page's position what it shows: the opening heading once (then the reader
        scrolls), the scroll kept within the page."""
        if self._cache is not None:
            self.scroll = self.shown_scroll
            self.opening_heading = ""

    def update(self, dt: float) -> None:
        super().update(dt)
        self._settle()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * LINE_STEP * 1.5)
            return True
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_UP: -LINE_STEP,
                pygame.K_DOWN: LINE_STEP,
                pygame.K_PAGEUP: -(VIEW.height - 60),
                pygame.K_PAGEDOWN: VIEW.height - 60,
                pygame.K_HOME: -1e9,
                pygame.K_END: 1e9,
            }
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.show_page(self.page + (1 if event.key == pygame.K_RIGHT else -1))
                return True
        return super().handle_event(event)

    def _laid_out(self, ruler: Ruler) -> tuple[list[tuple[int, pygame.Surface]], int]:
        width = ruler.px(VIEW.width - 2 * TEXT_MARGIN - 16)
        key = (get_language(), ruler.scale, width, self.page)
        if self._cache is None or self._cache[0] != key:
            placed, height = layout_blocks(PAGES[self.page].blocks, width, ruler)
            self._cache = (key, placed, height, ruler.scale)
        return self._cache[1], self._cache[2]

    def draw_content(self, surface: pygame.Surface) -> None:
        ruler = Ruler.of(surface)
        view = ruler.rect(VIEW)
        cream_panel(surface, view, ruler)
        placed, _height = self._laid_out(ruler)
        inner = view.inflate(-2 * ruler.px(TEXT_MARGIN) + ruler.px(8), -ruler.px(12))
        top = view.y + ruler.px(TEXT_MARGIN) - ruler.px(self.shown_scroll)
        previous_clip = surface.get_clip()
        surface.set_clip(inner.clip(previous_clip) if previous_clip else inner)
        for y, block in placed:
            if top + y + block.get_height() >= inner.top and top + y <= inner.bottom:
                surface.blit(block, (view.x + ruler.px(TEXT_MARGIN), top + y))
        surface.set_clip(previous_clip)
        self._draw_scrollbar(surface, ruler, view)

    def _draw_scrollbar(self, surface: pygame.Surface, ruler: Ruler, view: pygame.Rect) -> None:
        if self.max_scroll <= 0:
            return
        track = pygame.Rect(view.right - ruler.px(16), view.y + ruler.px(16), ruler.px(6), view.height - ruler.px(32))
        visible = VIEW.height / (self.content_height + 2 * TEXT_MARGIN)
        thumb_h = max(ruler.px(30), round(track.height * visible))
        thumb_y = track.y + round((track.height - thumb_h) * self.shown_scroll / self.max_scroll)
        pygame.draw.rect(surface, theme.CREAM_SHADE, track, border_radius=track.width // 2)
        pygame.draw.rect(surface, theme.GOLD, (track.x, thumb_y, track.width, thumb_h), border_radius=track.width // 2)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        hint = _("Scroll: mouse wheel, Up/Down, Page Up/Down · Left/Right: page · Esc: back")
        room = LOGICAL_SIZE[0] / 2 - 112 - 24 - 12  # left of the Back button (centred, 224 wide)
        size = fitting_size(hint, theme.FONT_SMALL, room, smallest=11)
        blit_text(surface, hint, size, theme.TEXT_ON_FELT, bottomleft=(24, 712))
