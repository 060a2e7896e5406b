"""Deal review: step through every move of a deal with every hand face up, forward and
back, with the moves listed; on each of the player's decisions, the Hard bot's choice
and the points the move made is estimated to have gained or lost (game/review.py).

The review is weighed in the background (a `ReviewJob`: a worker thread in the app, a
synchronous fake in tests); `update` polls it and a progress bar shows how far it is.
The three costliest decisions (losses clear of the sampled worlds' noise) are listed first and
jump to their move when clicked; each estimate says how sure it is ("give or take"), that
Hard only leans to a move (a loss said as "about 100, give or take 100" is no clear loss),
or that it is too close to call. A move that was the H hint's own choice at that position
says so, and that the hint is a quick rule of thumb where Hard searches deeper: a learner
who followed the hint is not left wondering which of the two to trust (play-test, stop 54).

Keys: ← → a move, Home / End the deal's start / end, Page Up / Page Down the previous /
next decision, Esc closes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game import assets
from game.hints import card_list, card_name, costly_reason, naming, rank_plural, suggest
from game.i18n import N_, CardText, _, and_list_breaks, format_points, get_language
from game.review import DealPlay, Decision, deal_play, decision_indices, joined_melds, said_margin, said_points
from game.review_worker import FINISHED, ProcessReview, ReviewJob, ReviewProgress, ThreadedReview
from game.rules import Card, GameState, Group, Meld, Move, MoveKind
from game.rules.cards import sort_key
from game.rules.melds import MeldKind
from game.scenes import theme
from game.scenes.base import Scene
from game.scenes.bot_runner import FRAME_GATE
from game.scenes.layout import LOGICAL_SIZE, Canvas, Ruler
from game.scenes.meld_row import MIN_CARD_W, ROW_GAP, TOP_GAP, AreaFit, fit_columns
from game.scenes.menu_widgets import TextButton
from game.scenes.shapes import draw_panel, felt_background
from game.scenes.table_layout import ASPECT, MELD_W
from game.scenes.table_view import RED_INK
from game.scenes.text import (
    blit_in_box,
    blit_text,
    fitting_size,
    one_line,
    text_width,
    wrap_at_clause,
    wrap_sentences_at_most,
    wrap_text,
)
from game.scenes.widgets import Button, WidgetGroup
from game.seat_names import SeatNames

if TYPE_CHECKING:
    from game.rules import Game

JobFactory = Callable[[DealPlay, frozenset[int]], ReviewJob]

PANEL = pygame.FRect(860, 56, 400, 590)
HAND_LEFT, HAND_RIGHT = 150, 840
TABLE_TOP, TABLE_BOTTOM = 52.0, 656.0  # the hands, the melds and the pile: the pile's card ends above the buttons
NAME_W = HAND_LEFT - 30  # the names left of the cards
PITCH = 86.0  # from one hand's row to the next, at most (330 / players when there are many)
PITCH_LEAST = 46.0  # ... at least: a seat's name and card count clear of the next seat's
HAND_GAP = 6.0  # between the last hand and the first side's melds
LABEL_H = 20.4  # under a meld's card, its label (a side's row of the table's meld cards is 96 high)
LOG_LINES = 7
NOTE_LINES = 4  # between the estimate and the move list: the hint's note, then the costly move's reason
REASON_LINES = 3  # ... the reason in at most this many
NOTE_PITCH = 17
LOG_TOP = 417  # the move list's heading, below the panel's top
WILD_PEEK = 0.5  # a mixed meld's wild cards, shown at this part of the meld card's width
PEEK_OUT = (6.0, 4.0)  # ... the last reaching this far right of and below the meld's card
PEEK_STEP = 0.55  # ... each above the next by this part of its width: its index in sight
CANASTA_OUT = 2.0  # a canasta's gold frame, around its card
LOG_PITCH = 21  # a line of the move list: a Chinese line is 21 high at 14
TEXT_W = PANEL.width - 40  # the panel's lines of text


def move_words(move: Move, before: GameState | None = None) -> str:
    """A move in a few words, for the review's list and panel; with the position `before`
    it, a meld or take that adds to a meld names it ("add 2♣ joker to the 10s"), as the
    table's move log does."""
    kind = move.kind
    joined = joined_melds(before, move) if before is not None else ()
    if kind is MoveKind.DRAW:
        return _("draw from the stock")
    if kind is MoveKind.TAKE:
        first = move.groups[0].cards if move.groups else ()
        if first:
            took = _("take the pile with {cards}").format(cards=card_list(first))
        else:
            onto = joined[0] if joined else None
            took = _("take the pile") if onto is None else _take_onto(onto)
        also = joined[1:] if len(joined) == len(move.groups) else (None,) * (len(move.groups) - 1)
        others = [(g, m) for g, m in zip(move.groups[1:], also, strict=True) if g.cards]  # (for the minimum)
        if not others:
            return took
        melds = _melds_words([g for g, _m in others], tuple(m for _g, m in others))
        return _("{take}, and {melds}").format(take=took, melds=melds)
    if kind is MoveKind.MELD:
        return _melds_words(list(move.groups), joined)
    if kind is MoveKind.DISCARD and move.card is not None:
        return _("discard {card}").format(card=card_name(move.card))
    words = {
        MoveKind.ASK: N_("ask “May I go out?”"),
        MoveKind.YES: N_("answer yes"),
        MoveKind.NO: N_("answer no"),
        MoveKind.PASS: N_("pass"),
    }
    return _(words.get(kind, str(move)))


def _melds_words(groups: list[Group], joined: tuple[Meld | None, ...]) -> str:
    """Groups laid in one go: the new melds ("meld Q♣ Q♦ Q♥ / 5♠ 5♥ 5♦"), then each
    addition with the meld it joins (`joined`: as joined_melds says; () unknown: new)."""
    pairs = list(zip(groups, joined or (None,) * len(groups), strict=True))
    new = [card_list(group.cards) for group, meld in pairs if meld is None]
    parts = [_("meld {cards}").format(cards=CardText(" / ".join(new)))] if new else []
    parts += [_added(card_list(group.cards), meld) for group, meld in pairs if meld is not None]
    return " / ".join(parts)


def _added(cards: CardText, meld: Meld) -> str:
    """Cards added to a meld, the meld named: a group by its rank, a sequence by its ends."""
    if meld.kind is MeldKind.SEQUENCE:
        return _("add {cards} to the sequence {first}–{last}").format(cards=cards, **_ends(meld))
    if meld.kind is MeldKind.WILD:
        return _("add {cards} to the wild meld").format(cards=cards)
    return _("add {cards} to the {ranks}").format(cards=cards, ranks=rank_plural(meld.rank))


def _take_onto(meld: Meld) -> str:
    """A take that adds the top card alone to a meld (`take +N:`, a bare take)."""
    if meld.kind is MeldKind.SEQUENCE:
        return _("take the pile onto the sequence {first}–{last}").format(**_ends(meld))
    return _("take the pile onto the {ranks}").format(ranks=rank_plural(meld.rank))


def _ends(sequence: Meld) -> dict[str, str]:
    """A sequence's first and last cards, named, for the words that name it."""
    return {"first": card_name(sequence.cards[0]), "last": card_name(sequence.cards[-1])}


def meld_label(meld: Meld) -> str:
    """Under a meld's card: its size; a sequence its span, low to high ("5–J")."""
    if meld.kind is MeldKind.SEQUENCE:
        return f"{meld.cards[0].rank.symbol}–{meld.cards[-1].rank.symbol}"
    return f"×{meld.size}"


HINT_TOO = N_("Your move was the hint's (H) too.")
HINT_DEEPER = N_("Your move was the hint's (H) too: a quick rule of thumb, where Hard searches deeper.")
HINT_HARD = N_("Hard's move was the hint's (H) too.")


def hint_note(made: Move, advice: Move, hinted: Move | None) -> str:
    """Whose move the H hint (the Normal bot's quick judgement, game/hints.py) would have
    suggested at the decision, beside Hard's verdict: the move made ("Your move was the
    hint's (H) too."; where Hard would rather play otherwise, with why the two differ: the
    hint is a rule of thumb, Hard a deeper search), Hard's move, or '' (a third move, or
    not known)."""
    if hinted is None:
        return ""
    if hinted == made:
        return _(HINT_TOO) if made == advice else _(HINT_DEEPER)
    return _(HINT_HARD) if hinted == advice else ""


def estimate_lines(decision: Decision) -> tuple[str, str]:
    """Where Hard would rather have played otherwise: the estimate, and how sure it is, in
    words ("About 180 points lost" / "give or take 120, over 48 sampled deals"); an estimate
    not clear of its noise is "Too close to call" (play-test, stop 52: three discards of safe
    singles read "178 / 137 / 136 points lost", from the very worlds Hard had chosen on); one
    clear of it by the statistic but not in round figures only leans ("Hard leans to its own
    move" / "perhaps 100 points lost, give or take 100": `Decision.leans`, play-test stop 54,
    where it read "About 100 points lost · give or take 100" in red)."""
    n = decision.worlds
    if not decision.settled:
        return _("Too close to call"), _("{n} sampled deals could not tell them apart.").format(n=n)
    points = format_points(said_points(decision.gain))
    margin = said_margin(decision.margin)
    if decision.leans:
        if decision.gain < 0:
            sure = _("perhaps {points} points lost, give or take {margin}")
            return _("Hard leans to its own move"), sure.format(points=points, margin=format_points(margin))
        sure = _("perhaps {points} points gained, give or take {margin}")
        return _("Hard leans to your move"), sure.format(points=points, margin=format_points(margin))
    if decision.gain < 0:
        head = _("About {points} points lost").format(points=points)
    else:
        head = _("About {points} points gained").format(points=points)
    if margin <= 0:
        return head, _("the same in each of the {n} sampled deals").format(n=n)
    return head, _("give or take {margin}, over {n} sampled deals").format(margin=format_points(margin), n=n)


def costly_text(decision: Decision) -> str:
    """A costly decision's button: "Move 28 · about 180 points lost"."""
    lost = _("about {points} points lost").format(points=format_points(said_points(decision.gain)))
    return f"{_('Move {n}').format(n=decision.index + 1)} · {lost}"


def peeking_wilds(meld: Meld) -> list[Card]:
    """A mixed meld's wild cards, shown small on its card's corner, one above the other as
    the table's column shows them under its naturals (none: natural, or all wild). One of
    them only was shown: aces with two 2s read as aces with one (play-test, stop 58)."""
    if all(c.is_wild for c in meld.cards):
        return []
    return [c for c in meld.cards if c.is_wild]


def peek_step(width: float, wilds: int) -> float:
    """How far above the next each of `wilds` wild cards lies on the corner of a meld's card
    `width` wide: PEEK_STEP of a small card, closer where more would rise above the card."""
    mini = width * WILD_PEEK
    if wilds < 2:
        return 0.0
    room = width * ASPECT + PEEK_OUT[1] - mini * ASPECT - 2.0  # (the top one below the card's top)
    return min(mini * PEEK_STEP, room / (wilds - 1))


def name_lines(label: str) -> tuple[float, list[str]]:
    """A side's name left of its melds, in NAME_W: on one line, down to 13 units; else on
    two at 14 (it reads at 800x450, play-test stop 54) or 13, or three at 12, each line
    ending at a mark between the seats, "," " &" or "、" (five- and six-hand's sides name two
    or three seats: SeatNames.side_name)."""
    size = fitting_size(label, 16, NAME_W, bold=True, smallest=13)
    if text_width(label, size, bold=True) <= NAME_W:
        return size, [label]
    pieces, glue = and_list_breaks(label)  # English "South-west," "North &" "South-east"; Chinese 南家、北家
    for size, most in ((14, 2), (13, 2), (12, 3)):
        lines: list[str] = []
        for piece in pieces:
            if lines and text_width(f"{lines[-1]}{glue}{piece}", size, bold=True) <= NAME_W:
                lines[-1] = f"{lines[-1]}{glue}{piece}"
            else:
                lines.append(piece)
        if len(lines) <= most and all(text_width(line, size, bold=True) <= NAME_W for line in lines):
            break
    if len(lines) > most:  # (a line still too long ends in "…" when drawn)
        lines = [*lines[: most - 1], glue.join(lines[most - 1 :])]
    return size, lines


def meld_extra(meld: Meld) -> float:
    """How far right of its card a meld reaches: its wild card's corner, its canasta's frame."""
    if peeking_wilds(meld):
        return PEEK_OUT[0]
    return CANASTA_OUT if meld.is_canasta else 0.0


@dataclass(frozen=True, slots=True)
class SideBand:
    """One side's melds across the review's table, its name on their left: `fit` is where
    each meld's card lies (its label under it), in one row or, crowded, in two."""

    side: int
    top: float
    height: float
    fit: AreaFit

    @property
    def rect(self) -> pygame.FRect:
        return pygame.FRect(24, self.top, HAND_RIGHT - 24, self.height)


def side_band(side: int, melds: tuple[Meld, ...], card_w: float, top: float) -> SideBand:
    """A side's melds laid out as the table lays out a crowded classic area (fit_columns):
    the usual step, else narrower gaps and smaller cards, else two rows; each row with
    room for the labels under its cards."""
    row = card_w * ASPECT + LABEL_H
    height = TOP_GAP + 2 * row + ROW_GAP  # (two rows: each one `row` high, so the cards keep `card_w`)
    extras = [meld_extra(meld) for meld in melds]
    # (fit_columns may end the last card at the area's edge: its wild card's corner, in the area too)
    area = (float(HAND_LEFT), top - TOP_GAP, HAND_RIGHT - HAND_LEFT - max(extras, default=0.0), height)
    fit = fit_columns(extras, False, card_w, area, ASPECT)
    return SideBand(side, top, fit.card_w * ASPECT + LABEL_H if fit.rows == 1 else height - TOP_GAP, fit)


@dataclass(frozen=True, slots=True)
class TablePlan:
    """The review's table, top to bottom: a row for each hand, `pitch` apart (a row of many
    seats lies partly under the next one: the cards' indices show), each side's melds, the
    pile. Its cards are `card_w` wide (a band's melds no wider)."""

    card_w: float
    pitch: float
    bands: tuple[SideBand, ...]
    pile_y: float

    def hand_y(self, seat: int) -> float:
        return TABLE_TOP + seat * self.pitch


def table_plan(state: GameState) -> TablePlan:
    """The widest cards, from the table's meld width (its images, already scaled, are reused:
    a first frame that scaled ~100 card images and blurred a panel's shadow took 0.7 s) down
    to MIN_CARD_W, at which every hand, meld and the pile fit above the buttons with the
    hands' rows at least PITCH_LEAST apart (six-hand: three sides under six hands)."""
    config = state.config
    players = config.players
    melds = [state.side_melds(side) for side in range(config.sides)]
    width, pitch = float(MELD_W), PITCH_LEAST
    while True:
        card_h = width * ASPECT
        bands = sum(side_band(side, melds[side], width, 0.0).height for side in range(config.sides))
        room = TABLE_BOTTOM - TABLE_TOP - HAND_GAP - bands - card_h  # (the pile's card, last)
        most = room / players if room / players >= card_h else (room - card_h) / max(1, players - 1)
        pitch = min(PITCH, 330.0 / players, most)
        if pitch >= PITCH_LEAST or width - 1 < MIN_CARD_W:
            break
        width -= 1
    top = TABLE_TOP + (players - 1) * pitch + max(pitch, width * ASPECT) + HAND_GAP
    placed = []
    for side in range(config.sides):
        placed.append(side_band(side, melds[side], width, top))
        top += placed[-1].height
    return TablePlan(width, pitch, tuple(placed), top)


def background_job(play: DealPlay, seats: frozenset[int]) -> ReviewJob:
    """A worker process; a thread where no process can be started (it waits while the
    window draws a frame, as a thinking bot does). A deal weighed before in this session
    is not weighed again (`FINISHED`)."""
    known = FINISHED.known(play, seats)
    if known is not None:
        return known
    job: ReviewJob
    try:
        job = ProcessReview(play, seats)
    except (OSError, RuntimeError, ImportError):
        job = ThreadedReview(play, seats, pause=FRAME_GATE.wait)
    return FINISHED.keeping(play, seats, job)


def deal_review(
    game: Game, number: int, people: Iterable[int], names: SeatNames, lesson: bool, **options: Any
) -> ReviewScene:
    """The review of deal `number` of `game` (from 0), titled "Deal N" (the guided deal's
    lesson: as such), as the score sheet and the table menu open it."""

    def title() -> str:
        return _("Deal {n}").format(n=number + 1)

    if lesson:
        from game.coach import lesson_title

        title = lesson_title
    return ReviewScene(deal_play(game, number), people, names, title=title, **options)


class ReviewScene(Scene):
    opaque = True

    def __init__(
        self,
        play: DealPlay,
        seats: Iterable[int],
        names: SeatNames,
        *,
        title: Callable[[], str] = str,
        job_factory: JobFactory = background_job,
    ) -> None:
        super().__init__()
        self.play = play
        self.seats = frozenset(seats)
        self.names = names
        self.title = title  # the deal's name in the player's language at the moment (drawn each frame)
        self.positions: list[GameState] = play.positions()
        self.decisions = decision_indices(self.positions, self.seats)  # where Page Up / Down stop
        self._hints: dict[int, Move | None] = {}  # the H hint's move at a decision (hinted)
        self.cursor = 0  # the position before move `cursor` (len(moves): the deal's end; its hint asked)
        self.job = job_factory(play, self.seats)
        self.progress: ReviewProgress = self.job.poll()
        self.top_buttons: list[Button] = []
        self._cache: tuple[object, pygame.Surface] | None = None  # see draw()
        self._make_top_buttons()
        self.buttons = WidgetGroup()
        bar_y = 662
        for x, text, action in (  # (msgids of their own: the menus' "Back" leaves a page, "Start" begins a game)
            (150, N_("Beginning"), self.first),
            (280, N_("Previous"), lambda: self.step(-1)),
            (410, N_("Next"), lambda: self.step(1)),
            (540, N_("End"), self.last),
        ):
            self.buttons.add(TextButton((x, bar_y, 120, 42), text, action, primary=False, font_size=18))
        self.buttons.add(TextButton((1100, bar_y, 160, 42), N_("Close"), self.close, font_size=18))

    # -- state -------------------------------------------------------------------------
    @property
    def count(self) -> int:
        return len(self.play.moves)

    @property
    def cursor(self) -> int:
        """The position before move `cursor` (len(moves): the deal's end)."""
        return self._cursor

    @cursor.setter
    def cursor(self, index: int) -> None:
        # The shown move changes here, so its hint is asked here: the draw only reads it (a
        # draw must change nothing, game/scenes/base.py).
        self._cursor = index
        self.hinted(index)

    @property
    def state(self) -> GameState:
        return self.positions[self.cursor]

    @property
    def decision(self) -> Decision | None:
        """The weighed decision at the cursor (None: not the player's, or not weighed yet)."""
        return next((d for d in self.progress.decisions if d.index == self.cursor), None)

    @property
    def hint(self) -> Move | None:
        """The H hint's move at the cursor, asked when the cursor came onto it (read only)."""
        return self._hints.get(self.cursor)

    def hinted(self, index: int) -> Move | None:
        """The move the H hint would have suggested before move `index` (the Normal bot's
        choice, game/hints.py `suggest`, as the table's H asks it: Normal decides on the
        player's Observation alone, whatever its seed); None where no player of the review
        decided. Asked once a move (a few milliseconds), when the cursor comes onto it."""
        if index not in self._hints:
            state = self.positions[index] if 0 <= index < self.count else None
            seat = None if state is None else state.to_act
            hinted = None
            if state is not None and seat is not None and seat in self.seats and index in self.decisions:
                hinted = suggest(state.observation(seat))
            self._hints[index] = hinted
        return self._hints[index]

    def costliest(self, count: int = 3) -> list[Decision]:
        """The losses clear of the noise (Decision.costly), worst first."""
        losing = [d for d in self.progress.decisions if d.costly]
        return sorted(losing, key=lambda d: (d.gain, d.index))[:count]

    def go(self, index: int) -> None:
        self.cursor = max(0, min(self.count, index))

    def step(self, delta: int) -> None:
        self.go(self.cursor + delta)

    def first(self) -> None:
        self.go(0)

    def last(self) -> None:
        self.go(self.count)

    def jump_decision(self, direction: int) -> None:
        """The previous or next move where the player decided (a forced move is skipped:
        there was nothing to weigh)."""
        ahead = [i for i in self.decisions if (i - self.cursor) * direction > 0]
        if ahead:
            self.go(min(ahead) if direction > 0 else max(ahead))

    def close(self) -> None:
        if self.stack is not None:
            self.stack.remove(self)

    def on_exit(self) -> None:
        self.job.cancel()

    # -- scene -----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_LEFT: lambda: self.step(-1),
                pygame.K_RIGHT: lambda: self.step(1),
                pygame.K_HOME: self.first,
                pygame.K_END: self.last,
                pygame.K_PAGEUP: lambda: self.jump_decision(-1),
                pygame.K_PAGEDOWN: lambda: self.jump_decision(1),
                pygame.K_ESCAPE: self.close,
            }
            action = keys.get(event.key)
            if action is not None:
                action()
                return True
        if self.buttons.handle_event(event):
            return True
        for button in self.top_buttons:
            if button.handle_event(event):
                return True
        return True  # nothing under the review takes input

    def at_rest(self) -> bool:
        return self.progress.finished  # (while Hard weighs the deal, its count goes up)

    def update(self, dt: float) -> None:
        before = self.progress.done
        if not self.progress.finished or self.progress.total == 0:
            self.progress = self.job.poll()
        if self.progress.done != before or self._language != get_language():
            self._make_top_buttons()
        self.buttons.update(dt)
        for button in self.top_buttons:
            button.update(dt)

    def _make_top_buttons(self) -> None:
        self._language = get_language()  # the labels are words: made again on a language switch
        self.top_buttons = []
        y = PANEL.y + 86
        for decision in self.costliest():
            self.top_buttons.append(
                Button(
                    (PANEL.x + 20, y, PANEL.width - 40, 36),
                    costly_text(decision),
                    functools.partial(self.go, decision.index),
                    primary=False,
                    font_size=16,
                )
            )
            y += 42

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        # The table and the panel change only with the cursor, the review's progress and the
        # language: drawn once into a cached image, so a frame is one blit and the buttons
        # (the worker has the CPU it needs, the window stays light).
        scale = Ruler.of(surface).scale
        key = (self.cursor, self.progress, get_language(), surface.get_size(), scale)
        if self._cache is None or self._cache[0] != key:
            image = Canvas(surface.get_size(), scale)
            self._draw_still(image)
            self._cache = (key, image)
        surface.blit(self._cache[1], (0, 0))
        self.buttons.draw(surface)
        for button in self.top_buttons:
            button.draw(surface)

    def _draw_still(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        name = self.title()
        heading = _("Deal review") + (f" · {name}" if name else "")
        size = fitting_size(heading, 26, LOGICAL_SIZE[0] - 48, bold=True, smallest=16)  # (long people's names)
        blit_text(surface, heading, size, theme.TEXT_ON_FELT, bold=True, topleft=(24, 12))
        self._draw_table(surface)
        self._draw_panel(surface)
        counter = _("Move {n} of {total}").format(n=min(self.cursor + 1, self.count), total=self.count)
        if self.cursor >= self.count:
            counter = _("The deal is over")
        # (on the buttons' middle line, by its ink as their labels)
        blit_in_box(surface, counter, 18, theme.TEXT_ON_FELT, bold=True, midleft=(690, 683))

    def _draw_table(self, surface: pygame.Surface) -> None:
        ruler = Ruler.of(surface)
        state = self.state
        plan = table_plan(state)
        acting = state.to_act if self.cursor < self.count else None
        card_h = plan.card_w * ASPECT
        for seat in range(state.config.players):
            y = plan.hand_y(seat)
            color = theme.GOLD_LIGHT if seat == acting else theme.TEXT_ON_FELT
            name = self.names.seat_name(seat)  # (a person's name may be long: it stops short of the cards)
            size = fitting_size(name, 18, NAME_W, bold=True, smallest=12)
            name = one_line(surface, name, size, NAME_W, bold=True)
            cards = sorted(state.hands[seat], key=sort_key)
            count = _("1 card") if len(cards) == 1 else _("{n} cards").format(n=len(cards))
            if seat == state.out:  # V-FIVE: not "0 cards", as if the seat had gone out (play-test, stop 48)
                count = _("sits out this deal")
            # The cards leave room for the count at its size (a two-hand hand of 15 fanned to
            # HAND_RIGHT pushed "15 cards" off the row, stop 54).
            reserve = text_width(count, 16) + 10
            right = self._card_row(surface, ruler, cards, HAND_LEFT, y, plan.card_w, HAND_RIGHT - reserve)
            # The name alone left of the row; the count right of its cards, in the strip of the
            # row no other row's cards cover (under the name it took a second line: six seats'
            # rows at 800x450 were a tight stack of small lines, play-test stop 54). Both centred
            # by their ink, a Chinese name as an English one.
            low = y + (min(plan.pitch, card_h) if seat < state.config.players - 1 else card_h)
            high = y + (max(0.0, card_h - plan.pitch) if seat else 0.0)
            blit_in_box(surface, name, size, color, bold=True, midleft=(24, y + min(plan.pitch, card_h) / 2))
            left = right + 10
            size = fitting_size(count, 16, HAND_RIGHT - left, smallest=11)
            blit_in_box(
                surface,
                one_line(surface, count, size, HAND_RIGHT - left),
                size,
                theme.TEXT_ON_FELT,
                midleft=(left, (high + low) / 2),
            )
        for band in plan.bands:
            self._draw_side(surface, ruler, band)
        # The pile and the stock.
        y = plan.pile_y
        blit_text(
            surface,
            (_("Pile: 1 card · stock: {s}") if len(state.pile) == 1 else _("Pile: {n} cards · stock: {s}")).format(
                n=len(state.pile), s=len(state.stock)
            ),
            16,
            theme.TEXT_ON_FELT,
            topleft=(24, y + 8),
        )
        if state.pile:
            image = assets.readable_card(state.pile[-1].face, 0, ruler.px(plan.card_w))
            surface.blit(image, ruler.point((HAND_LEFT + 150, y)))

    def _draw_side(self, surface: pygame.Surface, ruler: Ruler, band: SideBand) -> None:
        """A side's name (on two or three lines when it is long: five- and six-hand's are)
        and its red threes, then every meld, one card each (classic's by rank, the Samba
        family's as laid), where the table's meld_row.fit_columns puts it."""
        state = self.state
        size, lines = name_lines(self.names.side_name(band.side))
        y = band.top + (4 if len(lines) == 1 else 2)
        for line in lines:
            blit_text(
                surface, one_line(surface, line, size, NAME_W, True), size, theme.GOLD_LIGHT, bold=True, topleft=(24, y)
            )
            y += 22 if len(lines) == 1 else size + 5
        threes = len(state.red_threes[band.side])
        if threes:
            blit_text(surface, _("red threes: {n}").format(n=threes), 14, theme.TEXT_ON_FELT, topleft=(24, y))
        fit = band.fit
        width = fit.card_w
        for meld, (x, y), room in zip(state.side_melds(band.side), fit.places, fit.rooms, strict=True):
            face = next((c for c in meld.cards if not c.is_wild), meld.cards[0])
            image = assets.readable_card(face.face, 0, ruler.px(width))
            box = surface.blit(image, ruler.point((x, y)))
            wilds = peeking_wilds(meld)
            step = peek_step(width, len(wilds))
            out_x, out_y = PEEK_OUT
            for index, wild in enumerate(wilds):  # a mixed meld's wild cards, small, on its corner
                up = (len(wilds) - 1 - index) * step
                shown = (None, ruler.px(step) if index < len(wilds) - 1 else None)  # (its index drawn larger)
                mini = assets.readable_card(wild.face, 0, ruler.px(width * WILD_PEEK), shown)
                surface.blit(
                    mini, mini.get_rect(bottomright=box.bottomright).move(ruler.px(out_x), ruler.px(out_y - up))
                )
            if meld.is_canasta:
                frame = ruler.px(2 * CANASTA_OUT)
                pygame.draw.rect(surface, theme.GOLD, box.inflate(frame, frame), max(1, ruler.px(3)))
            text = meld_label(meld)
            # (a crowded row's label as wide as the gaps beside it allow: centred on the card,
            # not on the card and its wild card, so a wild card's width less)
            size = 14 if room is None else fitting_size(text, 14, room - PEEK_OUT[0], bold=True, smallest=9)
            blit_text(surface, text, size, theme.TEXT_ON_FELT, bold=True, midtop=(x + width / 2, y + width * ASPECT))

    def _card_row(self, surface, ruler: Ruler, cards, left: float, y: float, width: float, right: float) -> float:
        """A hand's cards from `left`, fanned to end before `right`: where they end."""
        if not cards:
            return left
        step = min(width * 0.7, (right - left - width) / max(1, len(cards) - 1))
        shown = (ruler.px(step), None) if len(cards) > 1 else (None, None)  # (every card sized as the fan shows it)
        for index, card in enumerate(cards):
            image = assets.readable_card(card.face, 0, ruler.px(width), shown)
            surface.blit(image, ruler.point((left + index * step, y)))
        return left + (len(cards) - 1) * step + width

    def _draw_panel(self, surface: pygame.Surface) -> None:
        ruler = Ruler.of(surface)
        draw_panel(
            surface,
            ruler.rect(PANEL),
            ruler.px(theme.RADIUS_LARGE),
            theme.CREAM,
            theme.PANEL_BORDER,
            ruler.px(theme.BORDER),
        )
        x, y = PANEL.x + 20, PANEL.y + 14
        progress = self.progress
        if not self.seats:  # watching the bots: no person's decisions, nothing weighed
            text = _("Only bots played this deal: no one's decisions to weigh.")
            font = assets.font_for_text(text, ruler.px(16), False)
            for row, line in enumerate(wrap_text(text, font, ruler.px(PANEL.width - 40))):
                blit_text(surface, line, 16, theme.INK_SOFT, topleft=(x, y + row * 22))
        elif not progress.finished:
            blit_text(
                surface,
                _("Hard is weighing your decisions… {done} of {total}").format(
                    done=progress.done, total=progress.total
                ),
                16,
                theme.INK,
                topleft=(x, y),
            )
            bar = pygame.FRect(x, y + 26, PANEL.width - 40, 12)
            pygame.draw.rect(surface, theme.CREAM_SHADE, ruler.rect(bar), border_radius=ruler.px(6))
            filled = pygame.FRect(bar.x, bar.y, bar.width * progress.fraction, bar.height)
            if filled.width > 0:
                pygame.draw.rect(surface, theme.GOLD, ruler.rect(filled), border_radius=ruler.px(6))
        elif progress.error is not None:
            blit_text(
                surface, _("The review stopped: {error}").format(error=progress.error[:60]), 15, RED_INK, topleft=(x, y)
            )
        else:
            blit_text(
                surface,
                _("{n} decisions weighed").format(n=progress.total),
                16,
                theme.INK_SOFT,
                topleft=(x, y),
            )
        y += 46
        if self.seats:
            blit_text(surface, _("Costliest decisions"), 18, theme.INK, bold=True, topleft=(x, y - 4))
        if not self.top_buttons and self.seats:
            text = (
                _("None so far") if not progress.finished else _("None: Hard found no choice that clearly lost points")
            )
            blit_text(surface, text, 15, theme.INK_SOFT, topleft=(x, y + 24))
        y = PANEL.y + 86 + 3 * 42 + 8
        pygame.draw.line(
            surface, theme.GOLD, ruler.point((x, y)), ruler.point((PANEL.right - 20, y)), max(1, ruler.px(2))
        )
        y += 10
        self._draw_move(surface, x, y)
        self._draw_log(surface, x, PANEL.y + LOG_TOP)

    def _draw_move(self, surface: pygame.Surface, x: float, y: float) -> None:
        if self.cursor >= self.count:
            result = self.state.result
            blit_text(surface, _("The deal is over"), 18, theme.INK, bold=True, topleft=(x, y))
            if result is not None:
                for side, score in enumerate(result.sides):
                    text = _("{side}: {points}").format(
                        side=self.names.side_name(side), points=format_points(score.total)
                    )
                    blit_text(
                        surface, one_line(surface, text, 16, TEXT_W), 16, theme.INK, topleft=(x, y + 28 + side * 22)
                    )
            return
        seat = self.state.to_act
        move = self.play.moves[self.cursor]
        who = self.names.seat_name(seat) if seat is not None else ""
        blit_text(
            surface,
            one_line(
                surface,
                _("Next: {name}: {move}").format(name=who, move=move_words(move, self.state)),
                17,
                TEXT_W,
                bold=True,
            ),
            17,
            theme.INK,
            bold=True,
            topleft=(x, y),
        )
        decision = self.decision
        if decision is not None:
            note = hint_note(move, decision.advice, self.hint)
            if decision.agrees:
                blit_text(surface, _("Hard would play the same."), 16, theme.GOLD_DARK, topleft=(x, y + 28))
                self._draw_notes(surface, note, "", x, y + 54)
            else:
                advice = _("Hard would rather: {move}").format(move=move_words(decision.advice, self.state))
                blit_text(surface, one_line(surface, advice, 16, TEXT_W), 16, theme.INK, topleft=(x, y + 28))
                head, sure = estimate_lines(decision)
                color = (RED_INK if decision.gain < 0 else theme.GOLD_DARK) if decision.clear else theme.INK
                blit_text(surface, one_line(surface, head, 18, TEXT_W, True), 18, color, bold=True, topleft=(x, y + 54))
                blit_text(surface, one_line(surface, sure, 14, TEXT_W), 14, theme.INK_SOFT, topleft=(x, y + 80))
                reason = ""
                if decision.costly and seat is not None:  # why it may have cost points, in the hint's words
                    with naming(self.names.seat_name):
                        reason = costly_reason(move, decision.advice, self.state.observation(seat))
                self._draw_notes(surface, note, reason, x, y + 101)
        elif seat in self.seats and not self.progress.finished:
            blit_text(surface, _("Hard has not weighed this move yet."), 15, theme.INK_SOFT, topleft=(x, y + 28))

    def _draw_notes(self, surface: pygame.Surface, note: str, reason: str, x: float, top: float) -> None:
        """Below the estimate, above the move list: the hint's note (on two lines broken after
        a clause: "经验判 / 断" split a word), then the costly move's reason in whole sentences
        (at most REASON_LINES), NOTE_LINES in all."""
        ruler = Ruler.of(surface)
        row = 0
        for text, color, wrap, most in (
            (note, theme.INK_SOFT, wrap_at_clause, 2),
            (reason, theme.INK, wrap_sentences_at_most, REASON_LINES),
        ):
            if not text:
                continue
            font = assets.font_for_text(text, ruler.px(14))
            for line in wrap(text, font, ruler.px(TEXT_W), min(most, NOTE_LINES - row)):
                blit_text(surface, line, 14, color, topleft=(x, top + row * NOTE_PITCH))
                row += 1

    def _draw_log(self, surface: pygame.Surface, x: float, y: float) -> None:
        blit_text(surface, _("Moves"), 16, theme.INK, bold=True, topleft=(x, y))
        y += 24
        first = max(0, min(self.cursor - LOG_LINES // 2, self.count - LOG_LINES))
        positions = self.positions
        for index in range(first, min(self.count, first + LOG_LINES)):
            seat = positions[index].to_act
            name = self.names.seat_name(seat) if seat is not None else ""
            text = _("{number}. {name}: {move}").format(
                number=index + 1, name=name, move=move_words(self.play.moves[index], positions[index])
            )
            current = index == self.cursor
            if current:  # (inside its own line's pitch: the line above keeps its descenders)
                box = pygame.FRect(x - 6, y - 1, PANEL.width - 28, LOG_PITCH - 1)
                pygame.draw.rect(surface, theme.GOLD_LIGHT, Ruler.of(surface).rect(box), border_radius=4)
            shown = one_line(surface, text, 14, TEXT_W - 20, bold=current)  # (room for the red dot)
            drawn = blit_text(surface, shown, 14, theme.INK, bold=current, topleft=(x, y))
            if any(d.index == index and d.costly for d in self.progress.decisions):
                ruler = Ruler.of(surface)  # a red dot: a decision that lost points, clear of the noise
                pygame.draw.circle(surface, RED_INK, (drawn.right + ruler.px(10), drawn.centery), ruler.px(4))
            y += LOG_PITCH
