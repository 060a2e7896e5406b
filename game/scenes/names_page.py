"""Pass-and-play's names: a field for each person's seat, opened from the New game page.
Done keeps them in the settings (`person_names`, per seat), where the next game started
takes them; Back (or Esc) leaves them as they were."""

from __future__ import annotations

from game.glyphs import code_points, shown_name, undrawable
from game.i18n import N_, _
from game.player_names import MAX_CHARS, clean_name, too_long, typing_name
from game.rules import RulesConfig
from game.scenes import theme
from game.scenes.menu_base import PANEL, ROW_GAP, ROW_HEIGHT, MenuPage
from game.scenes.menu_widgets import TextButton, TextField, blit_text
from game.seat_names import PERSON_NAMES, seat_names, taken_names, typed_names
from game.settings import MOST_SEATS

SAME_NAME = N_("{name} is already a name at this table. Give each person a name of their own.")
# Typed or pasted text the field refuses (the name stays as it was): the characters named
# by their code ("U+1F600"), since drawn they would be the font's empty box.
CANNOT_DRAW = N_("The game cannot draw {chars}. Type the name without it.")
TOO_LONG = N_("A name has at most {count} characters.")


def vet_name(text: str, added: str) -> str:
    """Why `added` (typed or pasted) cannot join the name `text`, translated ("" if it can):
    a character no bundled font draws (an emoji, a rare Chinese character, Arabic...), or
    the name grown past `MAX_CHARS`. Control characters, a pasted line's end, go quietly
    as `typing_name` drops them. A character the name held already (kept from before
    the fonts were checked) does not count: it shows as "?" and may stay."""
    whole = text + added
    if too_long(whole):
        return _(TOO_LONG).format(count=MAX_CHARS)
    new = [char for char in undrawable(typing_name(whole)) if char not in text]
    if new:
        return _(CANNOT_DRAW).format(chars=code_points(new))
    return ""


class NamesPage(MenuPage):
    title = N_("Players' names")

    def __init__(self, app, variant: str, people: tuple[int, ...]) -> None:
        """`people`: the seats people play in the game being set up (two or more)."""
        self.config = RulesConfig.for_variant(variant)
        self.people = people
        self.problem = ""  # why Done did not close the page (shown while the names are as they were)
        self.problem_names: list[str] = []
        self.fields: dict[int, TextField] = {}
        super().__init__(app)

    def build(self) -> None:
        kept = self.app.settings.value.person_names
        y = PANEL.y + 60
        self.fields = {}
        for number, seat in enumerate(self.people):
            field = TextField(
                (PANEL.x + 60, y, PANEL.width - 120, ROW_HEIGHT),
                self.config.rules.seat_names[seat],
                PERSON_NAMES[number],
                typing_name,
                on_enter=self._next_field,
                vet=vet_name,
                shown=shown_name,
            )
            field.text = kept[seat] if seat < len(kept) else ""
            self.items.add(field)
            self.fields[seat] = field
            y += ROW_HEIGHT + ROW_GAP
        bottom = PANEL.bottom - 36 - 50
        self.items.add(TextButton((640 - 230, bottom, 220, 50), N_("Done"), self.done))
        self.items.add(TextButton((640 + 10, bottom, 220, 50), N_("Back"), self.back, primary=False))

    def _next_field(self) -> None:
        """Enter: the next person's field; after the last one, Done."""
        fields = list(self.fields.values())
        focused = self.items.focused
        if focused is fields[-1]:
            self.done()
        elif focused in fields:
            self.items.set_focus(fields[fields.index(focused) + 1])

    def names(self) -> list[str]:
        """Per seat, the name typed in its field ("" for a seat without one)."""
        fields = self.fields
        return [clean_name(fields[seat].text) if seat in fields else "" for seat in range(self.config.players)]

    def clash(self, typed: list[str], shown: tuple[str, ...]) -> str | None:
        """A name typed (`typed`) that the table could not show (`shown`, by
        seat_names.typed_names): another person's, or another seat's ("Player 2", a bot's
        "East"), if any."""
        defaults = seat_names(self.config, self.people)
        for seat in self.people:
            own = taken_names([defaults[seat]])  # (typing one's own "Player 1" is no clash)
            if typed[seat] and not shown[seat] and typed[seat].casefold() not in own:
                return typed[seat]
        return None

    def done(self) -> None:
        typed = self.names()
        shown = typed_names(self.config, self.people, typed)
        same = self.clash(typed, shown)
        if same is not None:
            self.problem, self.problem_names = _(SAME_NAME).format(name=shown_name(same)), typed
            return
        kept = list(self.app.settings.value.person_names)
        kept += [""] * (MOST_SEATS - len(kept))
        for seat in self.people:
            kept[seat] = shown[seat]  # (one's own "Player 1" is no name; other seats' names stay for later)
        while kept and not kept[-1]:
            kept.pop()
        self.app.settings.set("person_names", tuple(kept))
        self.back()

    def draw_content(self, surface) -> None:
        refused = [field.problem for field in self.fields.values() if field.problem]
        problem = refused[0] if refused else ""
        if not problem and self.problem and self.names() == self.problem_names:  # (a name changed since: gone)
            problem = self.problem
        if problem:
            blit_text(surface, problem, theme.FONT_SMALL, theme.RED_INK, midbottom=(640, PANEL.bottom - 98))
        hint = _("Type each name · Enter: next · Esc: back")
        blit_text(surface, hint, theme.FONT_SMALL, theme.INK_SOFT, midbottom=(640, PANEL.bottom - 8))
