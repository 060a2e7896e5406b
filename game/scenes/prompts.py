"""The partner's "May I go out?" put to the player: a prompt with Yes / No.

It shows what the answer hangs on: what the player still holds (those points
count against the side if the partner goes out now; in Hand and Foot a foot not yet
picked up too; with partners of three, the third partner's cards), the side's canastas
and the score. The player's hand stays lit under the dimmed table, so the cards
themselves are in view while deciding. The answer binds the partner (R-ASK). Y and N
answer, H shows what the Normal computer player would answer and why, T, L and V show the
table, the move log and the pile (Page Up / Down scroll those), F1 lists the keys, Esc opens
the table's menu (the question comes back when it closes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.i18n import _, format_points, join_names, join_sentences
from game.rules.melds import CANASTA_SIZE
from game.scenes import theme
from game.scenes.modal import ModalDialogScene
from game.scenes.table_source import TableSeats
from game.scenes.table_view import draw_card, pill
from game.scenes.widgets import Dialog

if TYPE_CHECKING:
    from game.scenes.animations import Animator
    from game.scenes.table_layout import TableLayout


class AnswerTable(TableSeats, Protocol):
    """What the answer prompt needs of the table."""

    @property
    def seed(self) -> int: ...

    layout: TableLayout
    animator: Animator

    answer_prompt_open: bool

    def answer(self, yes: bool) -> None: ...
    def open_menu(self) -> None: ...
    def open_keys(self) -> None: ...
    def toggle_log(self) -> None: ...
    def toggle_pile(self) -> None: ...
    def scroll_panel(self, pages: int) -> None: ...


def answer_facts(table: AnswerTable) -> str:
    st = table.game.state
    asker = st.turn
    side = table.human_side
    scores = [format_points(score) for score in table.game.scores]  # as the score panel writes them
    hand = st.hands[table.human]
    value = sum(table.config.rules.held_cost(c) for c in hand)  # (V-BOL-BLACK3: a black three 100)
    lines = [
        _("Your answer binds {name}: yes means {name} must go out now, no means not this turn.").format(
            name=table.seat_name(asker)
        ),
        _hand_line(len(hand), value, table.seat_name(asker)),
    ]
    for other in _other_partners(table, asker):  # V-SIX-ASK: a side of three
        lines.append(_others_line(table.seat_name(other), len(st.hands[other])))
    feet = st.foot_sizes()
    foot = feet[table.human] if feet else None
    if foot:  # V-HF-SCORE: a foot never picked up counts against the side too
        lines.append(_("Your foot of {n} cards, not yet picked up, counts against us too.").format(n=foot))
    lines.append(_side_line(table, asker, side))
    others = [other for other in range(table.config.sides) if other != side]
    if len(others) == 1:
        lines.append(_("Score: us {ours}, them {theirs}.").format(ours=scores[side], theirs=scores[others[0]]))
    else:  # six-hand: three sides of two, each named
        each = [_("{side} {score}").format(side=table.side_name(other), score=scores[other]) for other in others]
        lines.append(_("Score: us {ours}, {others}.").format(ours=scores[side], others=join_names(each)))
    return "\n".join(lines)


def _hand_line(cards: int, points: int, asker: str) -> str:
    if cards == 1:
        return _("You hold 1 card worth {points} points; it counts against us if {name} goes out.").format(
            points=points, name=asker
        )
    return _("You hold {n} cards worth {points} points; they count against us if {name} goes out.").format(
        n=cards, points=points, name=asker
    )


def _other_partners(table: AnswerTable, asker: int) -> list[int]:
    """The side's players other than the asker and the one asked, who hold cards this deal
    (six-hand-2x3's third partner; nobody in a side of two or in five-hand, whose third
    player sits the deal out): their cards count against the side too if the asker goes out."""
    st = table.game.state
    side = table.config.side_of(asker)
    return [seat for seat in table.config.seats_of_side(side) if seat not in (asker, table.human, st.out)]


def _others_line(name: str, cards: int) -> str:
    if cards == 1:
        return _("{name}'s 1 card counts against us too.").format(name=name)
    return _("{name}'s {n} cards count against us too.").format(name=name, n=cards)


def _holds(name: str, cards: int) -> str:
    return (
        _("{name} holds 1 card.").format(name=name)
        if cards == 1
        else _("{name} holds {n} cards.").format(name=name, n=cards)
    )


def _side_line(table: AnswerTable, asker: int, side: int) -> str:
    """The asker's cards and what the side has down: its canastas; Hand and Foot's books
    against their quota (V-HF-OUT), the words of that game."""
    st = table.game.state
    name, cards = table.seat_name(asker), len(st.hands[asker])
    rules = table.config.rules
    if rules.foot:
        books = [m for m in st.side_melds(side) if m.size >= CANASTA_SIZE]
        clean = sum(1 for m in books if m.is_natural)
        # Each count with its quota, no-break spaces between ("2 dirty (2 / needed)" broke at
        # 1280x720), on a line of its own (Chinese broke "混书 2 / 本": play-test, stop 59).
        books_line = _(
            "Our books: {clean}\u00a0clean\u00a0({clean_need}\u00a0needed), "
            "{dirty}\u00a0dirty\u00a0({dirty_need}\u00a0needed)."
        ).format(
            clean=clean,
            clean_need=rules.books_quota[0],
            dirty=len(books) - clean,
            dirty_need=rules.books_quota[1],
        )
        return f"{_holds(name, cards)}\n{books_line}"
    return join_sentences([_holds(name, cards), _("Our canastas: {c}.").format(c=st.canastas(side))])


class RaisedDialog(Dialog):
    """A Dialog centred `lift` units above the middle (to keep the hand in view)."""

    lift = 70.0

    def _layout(self) -> None:
        super()._layout()
        self.rect.y -= self.lift
        self.rule_y -= self.lift
        for widget in (self.title_label, self.message_label, *self.buttons.widgets):
            widget.rect.y -= self.lift


class AnswerPrompt(ModalDialogScene):
    dialog_type = RaisedDialog
    OPEN_SECONDS = 0.2

    def __init__(self, table: AnswerTable, settle: float = 0.0) -> None:
        self.table = table
        # Pass-and-play: opened at once after the partner's "Show my cards", the question
        # takes no click or key for a moment (the second click of a double click there
        # would answer it unread; pass_and_play.SETTLE_SECONDS).
        self.settle = settle
        asker = table.seat_name(table.game.state.turn)
        super().__init__(
            _("{name} asks: “May I go out?”").format(name=asker),
            answer_facts(table),
            [(_("Yes, go out"), lambda: table.answer(True)), (_("No, not yet"), lambda: table.answer(False))],
            width=600,
            keys=("Y", "N"),
        )
        self.dialog.buttons.set_focus(self.dialog.button_widgets[0])  # Enter answers, arrows choose
        # T (or L, V): the question steps aside so the whole table shows (the melds under it,
        # the move log, the pile); Y and N still answer, T brings the question back.
        self.peeking = False

    def update(self, dt: float) -> None:
        self.settle -= dt
        super().update(dt)

    def at_rest(self) -> bool:
        return self.settle <= 0 and super().at_rest()

    def handle_event(self, event: pygame.event.Event) -> bool:
        from game.scenes.pass_and_play import settling

        if self.settle > 0 and settling(event):
            return True
        if self.dialog.press_key(event):  # Y or N answers, also while peeking
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t:
            self.peeking = not self.peeking
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_l, pygame.K_v):
            self.peeking = True
            (self.table.toggle_log if event.key == pygame.K_l else self.table.toggle_pile)()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.table.scroll_panel(-1 if event.key == pygame.K_PAGEUP else 1)  # (the log or pile shows)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self.peeking = False
            self.show_hint()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.table.open_keys()  # (over the question, which stays owed)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_table_menu()
            return True
        if self.peeking:  # the buttons are out of sight: nothing presses them now
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.peeking = False  # a click anywhere: the question again
            return True
        return super().handle_event(event)

    def open_table_menu(self) -> None:
        """Esc: the table's menu (keys, rules, settings, leaving), as at the table. The
        answer is still owed (R-ASK): the question comes back once the table shows again."""
        if self.stack is not None:
            self.stack.remove(self)
        self.table.answer_prompt_open = False
        self.table.open_menu()

    def show_hint(self) -> None:
        """H: what the Normal computer player would answer, and why (never answered for you)."""
        from game.hints import make_hint

        table = self.table
        st = table.game.state
        if st.to_act != table.human:
            return
        hint = make_hint(st.observation(table.human), seed=table.seed)
        label = self.dialog.message_label
        label.text = answer_facts(table) + "\n\n" + _("Hint: {text}").format(text=hint.text)
        self.dialog._layout()

    def draw(self, surface: pygame.Surface) -> None:
        if self.peeking:
            asker = self.table.seat_name(self.table.game.state.turn)
            text = _("{name} asks “May I go out?” · Y: yes · N: no · T: the question").format(name=asker)
            pill(surface, text, (640, 560), size=15, fill=theme.GOLD_LIGHT, ink=theme.INK, border=theme.GOLD_DARK)
            return
        super().draw(surface)
        for card in self.table.layout.hand_cards:  # the hand stays lit: it is what matters
            sprite = self.table.animator.sprites.get(card)
            if sprite is not None:
                draw_card(surface, sprite)
