"""The table scene: a whole game of Canasta against bots, played with the mouse.

The engine (`game.rules.Game`) holds the truth; the table controller
(`table_controller.TableController`, no pygame) holds the game, the bots, the
refusals, and its parts: the player's moves and staging (`controller.moves`), the
hand's arrangement (`controller.arranger`), the status text and hint
(`controller.guide`). This scene wires it to the screen: the mouse
(`table_input.HandController`) and the keyboard (`table_keys`) turn gestures into
the controller's intents, the view (`table_view`) draws, and the
scene animates what the events say happened. Bots think on a worker thread
(bot_runner) and their moves are played one at a time, after the previous
animation, so the player can follow.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.bots import make_bot
from game.bots.reasons import public_form
from game.coach import is_lesson_deal
from game.i18n import N_, _, sentence_gap
from game.move_log import MoveLog
from game.note import Note, note
from game.observable_settings import ObservableSettings
from game.player_names import names_text
from game.rules import Card, Game, Move, MoveKind, Phase, RulesConfig
from game.scenes import theme
from game.scenes.animations import (
    BUBBLE_WORDS,
    FLIGHT,
    Animator,
    Effect,
    Words,
    bubbles_text,
    looks_text,
    parse_bubbles,
    parse_looks,
    plan_events,
)
from game.scenes.base import Scene
from game.scenes.drop_verdict import DropVerdict
from game.scenes.hand_state import (
    SORT_MODES,
    DropTarget,
    arrangements_text,
    cards_text,
    parse_arrangements,
    parse_cards,
    parse_staging,
    staging_text,
    take_faces,
)
from game.scenes.shapes import felt_background
from game.scenes.table_controller import TableController
from game.scenes.table_input import HandController
from game.scenes.table_keys import KeyboardController
from game.scenes.table_layout import (
    BUBBLE_KEEP_CLEAR,
    BUTTONS,
    LOG_PAGE,
    LOG_PANEL,
    PILE_ZONE,
    MeldSlot,
    TableGeometry,
    TableLayout,
    drop_target,
    foot_zone,
    hand_drop_index,
    pile_browser_last_scroll,
    pile_rect,
    stock_rect,
)
from game.scenes.table_source import at_screen
from game.scenes.table_view import TableView
from game.scenes.tween import Tween, ease_out_cubic
from game.scenes.widgets import Button, SpeechBubble, WidgetGroup
from game.settings import BOT_PACE_FACTOR, CHOICES

if TYPE_CHECKING:
    from game.saves import Scalar
    from game.session import StorageProblem
    from game.sound import SoundPlayer

UI_FLIGHT = 0.16  # hand re-arranging (select, hover, sort)
BUBBLE_SECONDS = 3.0  # how long a speech bubble shows (also one put back by Continue: to be read)
BOT_PAUSE = 0.35  # seconds between two bot moves, at speed 1 and the normal bot pace
SPEEDS: tuple[float, ...] = CHOICES["animation_speed"]  # the settings' list is the one source


@dataclass
class Bubble:
    widget: SpeechBubble
    remaining: float
    seat: int  # who speaks: the bubble moves with the seat when the table turns (pass-and-play)
    code: str | None = None  # what it says (animations.BUBBLE_WORDS; None: words the save does not keep)
    move: int = 0  # the moves played when the move it goes with was shown (the save keeps it)
    words: Words | None = None  # what it says, put into the widget's text again at a language switch


class TableScene(Scene):
    opaque = True
    updates_when_covered = True  # cards keep moving under a dialog
    layout: TableLayout  # where every card rests now (relayout)
    _log_open = False
    _pile_open = False

    def __init__(
        self,
        variant: str = "classic",
        seed: int = 0,
        level: str = "normal",
        speed: float = 1.0,
        threaded: bool = True,
        target: int | None = None,  # None: the variant's own
        human: int = 0,
        bot_factory=make_bot,
        *,
        config: RulesConfig | None = None,
        levels: tuple[str | None, ...] | None = None,
        game: Game | None = None,
        person_names: Sequence[str] = (),
    ) -> None:
        """`config` overrides variant/target; `levels` gives each seat's bot level (None for
        the player), else every bot plays `level`; `game` continues a game (a saved one);
        `person_names` the names typed for the seats of pass-and-play (per seat)."""
        super().__init__()
        config = config or (game.config if game is not None else RulesConfig.for_variant(variant, target))
        self.controller = TableController(
            config,
            seed,
            level,
            human,
            bot_factory,
            levels=levels,
            threaded=threaded,
            host=self,
            person_names=person_names,
        )
        # Called as listener(table, events) after every move and new deal (saving, sounds, stats).
        self.listeners: list = []
        self.lesson_game = False  # the guided deal's game (CoachTable; after Continue, as the save says)
        self._kept_staging = ""  # the staged groups as the save last kept them (staging_text)
        self._kept_marks: tuple[str, str] = ("", "")  # the selection and the bubbles, as the save last kept them
        # Set by the app in menu mode: the table menu can leave the table.
        self.on_menu: Callable[[], None] | None = None
        # The player's settings, which the table follows (see follow()); None in bare tests.
        self.settings: ObservableSettings | None = None
        self._unfollow: list[Callable[[], None]] = []
        self.play_sound: Callable[[str], object] | None = None  # play_sound(effect): as the card lands
        self.sound: SoundPlayer | None = None  # the player of those effects (the Settings page asks it)
        # Why the game is not being kept right now (set by game.session after each move; shown
        # at the table until a save succeeds); None when all is well.
        self.storage_problem: StorageProblem | None = None
        self._covered: pygame.FRect | None = None  # a panel lying over the table (CoachTable's)
        self.data_home: Path | None = None  # where shared deals are written (None: storage.data_dir())
        self.pace = 1.0  # bot pause factor (setting bot_pace)
        self.card_back = "B2"
        self.geometry = TableGeometry.for_table(config, human)
        self._log_open = self._pile_open = False  # (the move log stays open from game to game)
        self.animator = Animator(speed)
        self.mouse = HandController(self)
        self.keyboard = KeyboardController(self)
        self.view = TableView(self)
        self.buttons = WidgetGroup()
        self._make_buttons()
        self.paused = False  # watch the bots: the bots wait while paused
        if not self.people:
            from game.scenes.pass_and_play import add_watch_controls

            add_watch_controls(self)
        self.clock = 0.0
        # The person's input while the move that gave them the turn lands: played once it has.
        self._held: list[pygame.event.Event] = []
        self._seated_at = -1e9  # pass-and-play: the clock when a person last clicked "Show my cards"
        self._new_game(seed, game)

    # -- what the controller holds (read through the scene by the view, tools and tests) -----
    config = property(lambda self: self.controller.config)
    game = property(lambda self: self.controller.game)
    bots = property(lambda self: self.controller.bots)
    runner = property(lambda self: self.controller.runner)
    ui = property(lambda self: self.controller.ui)
    names = property(lambda self: self.controller.names)
    person_names = property(lambda self: self.controller.person_names)
    human = property(lambda self: self.controller.human)
    people = property(lambda self: self.controller.people)
    level = property(lambda self: self.controller.level)
    levels = property(lambda self: self.controller.levels)
    seed = property(lambda self: self.controller.seed)
    version = property(lambda self: self.controller.version)
    moves_played = property(lambda self: self.controller.moves_played)
    message = property(lambda self: self.controller.message)
    refusal = property(lambda self: self.controller.refusal)
    hint = property(lambda self: self.controller.guide.hint)
    hint_version = property(lambda self: self.controller.guide.hint_version)

    @property
    def confirm_risky(self) -> bool:
        """Setting confirm_risky_discard (off without settings)."""
        return self.controller.moves.confirm_risky

    @confirm_risky.setter
    def confirm_risky(self, value: bool) -> None:
        self.controller.moves.confirm_risky = value

    @property
    def state(self):
        return self.controller.game.state

    @property
    def human_side(self) -> int:
        return self.controller.human_side

    def bot_level(self, seat: int) -> str:
        return self.controller.bot_level(seat)

    def seat_name(self, seat: int) -> str:
        return self.controller.seat_name(seat)

    def seat_place(self, seat: int) -> str:
        """Where `seat` sits, as the New game page names it ("North"), whoever plays it."""
        return _(self.config.rules.seat_names[seat])

    def side_name(self, side: int) -> str:
        return self.controller.side_name(side)

    def legal_moves(self) -> list[Move]:
        return self.controller.legal_moves()

    def can(self, kind: MoveKind) -> bool:
        return self.controller.can(kind)

    def play(self, move: Move) -> bool:
        """Apply a move; on an illegal one show the engine's reason and return False."""
        return self.controller.play(move)

    def my_turn(self) -> bool:
        return self.controller.my_turn()

    @property
    def seat_on_turn(self) -> int | None:
        """Whose turn the table shows: while the move that passed the turn to the person at
        the screen is landing, still its maker's (None: the deal's)."""
        return self.controller.shown_turn()[1]  # (None while the deal flies, whoever leads)

    def say(self, said: Note, warn: bool = True, seconds: float = 4.0) -> None:
        self.controller.say(said, warn, seconds)

    def refuse(self, msgid: str, rule: str | None = None, **args) -> None:
        self.controller.refuse(msgid, rule, **args)

    def status_text(self) -> str:
        if self.paused:  # watching the bots: the line says so, not whose turn it is
            return _("Paused")
        return self.controller.guide.status_text()

    def stage_info(self) -> tuple[int, int, str] | None:
        return self.controller.guide.stage_info()

    def hint_text(self) -> str:
        return self.controller.guide.hint_text()

    # -- game lifecycle ---------------------------------------------------------
    def _new_game(self, seed: int, game: Game | None = None) -> None:
        self.controller.start(seed, game)
        self.move_log = MoveLog(self.log_viewer, self.config.rules)  # what each seat did, in words (game/move_log.py)
        self.log_scroll = 0  # entries scrolled past (newest first)
        self.pile_open = False  # the pile browser (V) shows
        self.pile_scroll = 0  # its rows scrolled past (newest first)
        self.bubbles: list[Bubble] = []
        # While cards are dragged: where a drop now would land and what it would do there
        # (PlayerMoves.verdict, asked as the pointer moves: `_preview_drop`).
        self._drop_verdict: tuple[DropTarget, DropVerdict | None] | None = None
        # The banner showing: what it says (in words when drawn), its seconds left, whether natural.
        self.banner: tuple[Words, float, object] | None = None
        self.banner_high = False
        self.timeline: list[tuple[float, Effect]] = []
        self.shown_scores = [Tween(s, s, 0.0) for s in self.game.scores]
        self.sheet_pending: object | None = None  # the DealResult whose sheet opens once idle
        self.answer_prompt_open = False
        self._bot_ready_at = 0.0
        self._think_until = 0.0
        # The deal key (session.deal_key) of a deal opened from a file at its end: played by
        # someone else (or before), so the statistics never count it, even after Continue.
        self.uncounted_deal: str | None = None
        # A shared deal opened from the title (window.open_deal): it replaces the saved game
        # at once, as a new game does (session.attach), not at its first move.
        self.replaces_saved_game = False
        # Pass-and-play: a deal begun or a game continued shows no hand until its person
        # clicks (everyone may be looking at the screen).
        self.screen_first = len(self.people) > 1
        self._drop_privacy_screens()
        self.animator.forget()
        self._to_act_shown: int | None = None  # whose turn the last batch of events left it
        self._land()
        if game is None:
            self.show_events(self.game.last_deal_events)
        else:
            self._resume()

    def saved_extra(self) -> dict[str, Scalar]:
        """What of the player's own arrangement a save keeps: how the hand is sorted, and
        its order (a sort leaves cards of equal rank or suit as they were)."""
        hand = set(self.game.state.hands[self.human])
        return {
            "sort": self.ui.sort_mode,
            "hand_order": " ".join(c.face for c in self.ui.order if c in hand),
            "staged": self.staging_text(),  # cards staged for a meld: Continue puts them back
            "taken": cards_text(self.ui.taken & hand),  # drawn or picked up with the pile this turn: still marked
            # pass-and-play: the other people's sorts
            "arrangements": arrangements_text(
                {seat: a for seat, a in self.controller.arrangements.items() if seat != self.human},
                self.game.state.hands,
            ),
            "lesson_game": self.lesson_game,
            "log_reasons": self.move_log.saved_reasons(),  # the bots' whys, lost otherwise
            "uncounted_deal": self.uncounted_deal,
            "names": names_text(self.controller.person_names),  # pass-and-play's typed names
            "looks": looks_text(self.animator.looks),  # cards showing their twin's picture (a swap)
            # What shows over the cards: the raised (selected) cards and what the seats are
            # saying (the partner's "Yes, go out!"): Continue puts them back (play-test, stop 60).
            "selected": self.marks()[0],
            "bubbles": self.marks()[1],
        }

    def marks(self) -> tuple[str, str]:
        """The selected cards (`cards_text`, staged ones apart) and the speech bubbles
        (`bubbles_text`) as the save keeps them."""
        hand = set(self.game.state.hands[self.human]) - self.ui.staged_cards()
        said = [(b.seat, b.code, b.move) for b in self.bubbles if b.code is not None]
        return cards_text(self.ui.selected & hand), bubbles_text(said)

    def in_lesson(self) -> bool:
        """The guided deal's lesson is being played (its first deal, in its own game: a seed
        typed by hand that happens to be the coach's is a game like any other)."""
        game = self.game
        return self.lesson_game and is_lesson_deal(game.config.variant, game.seed, game.deal_number)

    def staging_text(self) -> str:
        return staging_text(self.ui)

    def restore_extra(self, extra: dict) -> None:
        """The player's arrangement and the log's reasons from a save (anything odd in it
        is ignored)."""
        self.move_log.restore_reasons(extra.get("log_reasons"))
        self.animator.restore_looks(parse_looks(extra.get("looks")))
        self.lesson_game = extra.get("lesson_game") is True
        others = set(self.people) - {self.human}
        self.controller.arrangements.update(
            parse_arrangements(extra.get("arrangements"), self.game.state.hands, others)
        )
        uncounted = extra.get("uncounted_deal")
        self.uncounted_deal = uncounted if isinstance(uncounted, str) else None
        # What the seats were saying, for the moves the screen had shown (one it had not is
        # played again, and says it then), each for a bubble's whole time: to be read.
        for seat, code, move in parse_bubbles(extra.get("bubbles"), self.config.players, len(self.game.history)):
            self._say(seat, code, move)
        self._restore_arrangement(extra)
        self.ui.selected = parse_cards(extra.get("selected"), self.game.state.hands[self.human])
        self.ui.selected -= self.ui.staged_cards()
        self._kept_staging, self._kept_marks = self.staging_text(), self.marks()
        self.relayout()
        self.animator.finish_all()

    def _restore_arrangement(self, extra: dict) -> None:
        """The hand's sort and order, the staged groups and the cards taken with the pile."""
        mode = extra.get("sort")
        if mode not in SORT_MODES:
            return
        faces = extra.get("hand_order")
        order = take_faces(faces.split() if isinstance(faces, str) else [], list(self.game.state.hands[self.human]))
        self.ui.sort_mode = mode
        self.ui.order = order
        st = self.game.state
        # Staged groups come back on the player's own turn (in the draw phase too: an initial
        # meld that goes with a take of the pile); the save's other moments had none.
        if st.to_act == self.human and st.phase in (Phase.DRAW, Phase.MELD):
            for cards, rank, number in parse_staging(extra.get("staged"), st.hands[self.human]):
                self.ui.stage(cards, rank, number)
        # The turn the pile was taken, also while the partner answers its question.
        if st.turn == self.human and st.phase in (Phase.MELD, Phase.ANSWER):
            self.ui.taken = parse_cards(extra.get("taken"), st.hands[self.human])

    def _resume(self) -> None:
        """A saved game goes on exactly where it was: the cards are in place at once
        (nothing is dealt again), and a deal that had ended shows its score sheet."""
        self.move_log = MoveLog.of_game(self.game, self.log_viewer)  # the deal so far, from the save's moves
        self.relayout()
        self.animator.finish_all()
        self._to_act_shown = self.game.state.to_act
        # A bot to move waits a moment, as after a live move: the table shows first as it was
        # left, then the move comes (the partner's answer the app closed waiting for came in
        # the very first frame, "Waiting for your partner's answer…" never seen; stop 60).
        self._bot_ready_at = self.clock + (FLIGHT + BOT_PAUSE * self.pace) / max(0.01, self.animator.speed)
        state = self.game.state
        if state.phase is Phase.OVER:
            self.sheet_pending = state.result

    def play_saved(self, moves: Sequence[Move], ahead: Game) -> None:
        """Continue: the moves of the saved game `ahead` that the screen had not finished
        showing when the app closed (saves.SavedGame.unshown) are played from here, one after
        another, after a moment to see the table, each once the last one's cards have
        landed (decided already: no bot's pace or thinking again, see show_events);
        meanwhile the save keeps `ahead` (saved_game)."""
        self.controller.play_saved(moves, ahead)
        if moves:
            self._bot_ready_at = self.clock + (FLIGHT + BOT_PAUSE * self.pace) / max(0.01, self.animator.speed)

    def saved_game(self) -> Game:
        """The game the save keeps (with the moves a save held still to be played, if any)."""
        return self.controller.saved_game()

    @property
    def shown_moves(self) -> int:
        """How many of the game's moves the screen has finished showing (the save keeps it)."""
        return self.controller.shown

    @property
    def pending_moves(self) -> list[Move]:
        """The moves a save held that the table is still to play (Continue)."""
        return self.controller.pending

    def load_state(self, state) -> None:
        """Play on from an engine state (puzzles, tests): the cards jump into place."""
        self.controller.load_state(state)
        self.screen_first = False  # a position set up on purpose: shown as its caller seats it
        self.move_log = MoveLog(self.log_viewer, self.config.rules)
        self.timeline.clear()
        self.bubbles.clear()
        self.banner = self.sheet_pending = None
        self.shown_scores = [Tween(s, s, 0.0) for s in self.game.scores]
        self.animator.forget()
        self.relayout()
        self.animator.finish_all()
        self._to_act_shown = self.game.state.to_act
        self._land()

    @property
    def log_viewer(self) -> int:
        """Whose drawn cards the log names: the one player's; with several people, nobody's
        (the log is shared by everyone at the screen)."""
        return self.human if len(self.people) == 1 else -1

    def seat_person(self, seat: int) -> None:
        """Pass-and-play: `seat`'s person sits at the screen; the table turns to them (their
        hand at the bottom, face up; every other hand face down), cards in place at once."""
        self.controller.seat_person(seat)
        self._seated_at = self.clock
        self._set_geometry(viewer=seat)
        self.mouse.cancel()
        self._held.clear()  # (nothing of the previous person's)
        self.relayout()
        self.animator.finish_all()
        self.move_log.show_all()  # (the moves made behind the screen: all said)

    def new_game(self, seed: int | None = None) -> None:
        self._new_game(self.seed + 1 if seed is None else seed)

    def next_deal(self) -> None:
        self.bubbles.clear()  # the last deal's words ("May I go out?") end with it
        self.banner = None  # (one that waited under the score sheet too)
        self.log_scroll = self.pile_scroll = 0  # an open log or pile browser: the new deal's newest
        self.controller.next_deal()
        self.screen_first = len(self.people) > 1  # everyone saw the score sheet: no hand shown yet
        self._drop_privacy_screens()

    def _drop_privacy_screens(self) -> None:
        """A screen waiting for a person of the game or deal before (New game from the menu
        opened over it) goes: the new one puts up its own. So does the last deal's score
        sheet (the menu opens over it with Esc)."""
        from game.scenes.pass_and_play import PrivacyScreen
        from game.scenes.score_sheet import ScoreSheetScene

        stack = getattr(self, "stack", None)  # (none yet while the scene is being made)
        if stack is None:
            return
        kinds = (PrivacyScreen, ScoreSheetScene)
        for scene in [s for s in stack.scenes if isinstance(s, kinds) and getattr(s, "table", None) is self]:
            stack.remove(scene)

    def on_exit(self) -> None:
        self.controller.close()
        for unbind in self._unfollow:
            unbind()
        self._unfollow.clear()

    # -- the controller's host (TableHost) ------------------------------------------------
    @property
    def log_open(self) -> bool:
        """The move log shows (L), over the top right."""
        return self._log_open

    @log_open.setter
    def log_open(self, shown: bool) -> None:
        self._log_open = shown
        self._fit_to_panels()

    @property
    def pile_open(self) -> bool:
        """The pile browser shows (V), in the log's place."""
        return self._pile_open

    @pile_open.setter
    def pile_open(self, shown: bool) -> None:
        self._pile_open = shown
        self._fit_to_panels()

    def _fit_to_panels(self) -> None:
        """The others' melds end short of the log or the pile browser while one is open (the
        table's geometry: TableGeometry's `panel_left`), and spread out again once it closes."""
        if self.geometry.panel_left == self._panel_left():
            return
        self._set_geometry()
        if hasattr(self, "layout"):  # (none before the first deal lands)
            self.relayout()

    def _panel_left(self) -> float | None:
        """The left edge of the log or the pile browser while one is open, else None."""
        return LOG_PANEL.left if self._log_open or self._pile_open else None

    @property
    def covered(self) -> pygame.FRect | None:
        """A panel lying over the right of the table for good (the guided deal's coach): the
        table makes room for it (TableGeometry's `covered`)."""
        return self._covered

    @covered.setter
    def covered(self, panel: pygame.FRect | None) -> None:
        if panel == self._covered:
            return
        self._covered = None if panel is None else pygame.FRect(panel)
        self._set_geometry()
        if hasattr(self, "layout"):  # (none before the first deal lands)
            self.relayout()

    def _set_geometry(self, viewer: int | None = None, card_size: str | None = None) -> None:
        """The table's geometry made again, as it is but for what is given, short of the
        open log or pile browser and with room for the panel over it (`covered`); what the
        seats were saying stays by them (the table turned, a seat moved from under the panel)."""
        geometry = self.geometry
        self.geometry = TableGeometry.for_table(
            self.config,
            geometry.viewer if viewer is None else viewer,
            card_size or geometry.card_size,
            self._panel_left(),
            self._covered,
        )
        for bubble in self.bubbles:
            self._place_bubble(bubble.widget, bubble.seat)

    def toggle_log(self) -> None:
        """L / the Move log button: show or hide every move of the deal, newest first."""
        self.log_open = not self.log_open
        self.log_scroll = 0
        self.pile_open = False  # the two share one place

    def toggle_pile(self) -> None:
        """V / the pile's button: every card of the discard pile, newest first."""
        self.pile_open = not self.pile_open
        self.pile_scroll = 0
        if self.pile_open:
            self.log_open = False

    @property
    def seen_pile(self) -> list[Card]:
        """The discard pile as the table shows it, bottom first (Animator.seen): a discard
        still flying is not on it yet, the cards of a take are until each leaves it."""
        return self.animator.seen(PILE_ZONE)

    def scroll_pile(self, steps: int) -> None:
        last = pile_browser_last_scroll(len(self.seen_pile), self.view.pile_fit().rows)
        self.pile_scroll = min(last, max(0, self.pile_scroll + steps))

    def scroll_log(self, steps: int) -> None:
        self.log_scroll = max(0, min(len(self.move_log.shown) - 1, self.log_scroll + steps))

    def scroll_panel(self, pages: int) -> None:
        """Page Up / Page Down: scroll the open move log (LOG_PAGE entries a page) or pile
        browser (a row a page), as the wheel does; with neither open, say where they are."""
        if self.pile_open:
            self.scroll_pile(pages)
        elif self.log_open:
            self.scroll_log(pages * LOG_PAGE)
        else:
            self.controller.say(
                note(N_("Page Up / Page Down scroll the move log (L) or the discard pile (V).")),
                warn=False,
                seconds=3.0,
            )

    def swap_cards(self, a: Card, b: Card) -> None:
        self.animator.swap(a, b)
        self.mouse.swap(a, b)

    def show_events(self, events) -> None:
        """Animate a batch of engine events (and tell the listeners)."""
        events = list(events)
        plan = plan_events(events, self.config.rules)
        speed = max(0.01, self.animator.speed)
        # Each move is said (the log, the seat's label) as its cards start to move.
        self.move_log.record(events, [self.clock + at / speed for at in plan.times])
        self.move_log.show_due(self.clock)
        if self.game.state.phase is not Phase.OVER:  # (a deal's end counts up with its sheet: _open_score_sheet)
            self._count_scores(1.2)
        for listener in self.listeners:
            listener(self, events)
        for seat, at in plan.feet.items():  # a foot picked up: its cards leave once the hand is empty
            for card in self.animator.seen(foot_zone(seat)):
                plan.delays.setdefault(card, at)
        self.relayout(plan.delays, deal=plan.deal, duration=FLIGHT)
        # The turn passes to the person at the screen with this move (or the deal): it is theirs
        # to play once its cards have landed (update ends the landing, see _land).
        st = self.game.state
        before, self._to_act_shown = self._to_act_shown, st.to_act
        passed = plan.deal or before != st.to_act
        landing = passed and bool(plan.delays) and at_screen(self, st.to_act) and st.phase is not Phase.OVER
        self.controller.landing = landing and self.animator.busy
        self.controller.landing_from = None if plan.deal else before
        if plan.deal:
            self.controller.dealing = self.animator.busy
        for effect in plan.effects:
            if effect.kind == "bubble":
                effect.move = len(self.game.history)  # (Continue puts it back only once this move shows)
            self.timeline.append((self.clock + effect.delay / speed, effect))
        # The next move is one a save held (Continue, play_saved): decided already, it waits for
        # these cards to land, not for the bots' pace nor for a search to be seen thinking again.
        replaying = bool(self.controller.pending)
        pause = 0.0 if replaying else BOT_PAUSE * self.pace
        self._bot_ready_at = self.clock + (plan.total + FLIGHT + pause) / speed
        # A bot that searches (Hard) takes its whole budget for every move, forced or not: how
        # long it thinks must not tell the player whether it had a choice (a pair for the pile).
        bot = self.controller.bots.get(self.game.state.to_act) if self.game.state.to_act is not None else None
        least = float(getattr(bot, "budget", 0.0)) if getattr(bot, "searches", False) and not replaying else 0.0
        self._think_until = self.clock + least
        self._bot_ready_at = max(self._bot_ready_at, self._think_until)

    @property
    def bot_thinking(self) -> bool:
        """The bot to act is thinking, as the table shows it: while it computes, and for a
        bot that searches, for its whole budget (see show_events)."""
        return self.runner.thinking or self.clock < self._think_until

    def explain_move(self, seat: int, reason) -> None:
        """A bot's one-line why goes beside its move in the log (game/move_log.py); the
        save is written again to keep it (the move was saved before the bot said why). Only
        the player's partner says what its hidden hand holds; to anyone else (opponents,
        several people at the screen) a bot says only the public part (reasons.public_form)."""
        partner = len(self.people) == 1 and self.config.side_of(seat) == self.human_side
        if self.move_log.explain(seat, reason if partner else public_form(reason)):
            for listener in self.listeners:
                listener(self, [])

    def cards_moved(self) -> None:
        self.relayout()
        staging = self.staging_text()
        if staging != self._kept_staging:  # staged or taken back: the save keeps it at once
            self._kept_staging = staging
            self.hand_arranged()

    def hand_arranged(self) -> None:
        """The player re-arranged the hand: the save keeps it (listeners hear no events)."""
        for listener in self.listeners:
            listener(self, [])

    def cancel_gesture(self) -> None:
        self.mouse.cancel()

    def confirm_discard(self, card: Card, why: str, discard: Callable[[], None]) -> bool:
        """Setting "confirm a risky discard": ask before giving the pile away."""
        if self.stack is None:
            return False
        from game.hints import card_name
        from game.scenes.table_menu import RiskyDiscardDialog

        self.mouse.cancel()
        self.relayout()  # a card dropped on the pile waits in the hand while the player is asked
        question = _("Discard the {card} anyway?").format(card=card_name(card))
        self.stack.push(
            RiskyDiscardDialog(
                _("A risky discard"),
                f"{why}\n{question}",
                [(_("Discard anyway"), discard), (_("Cancel"), self.relayout)],
                width=620,
                cancel_index=1,
            )
        )
        return True

    # -- layout & animation ---------------------------------------------------------
    def relayout(
        self, delays: dict[Card, float] | None = None, deal: bool = False, duration: float | None = None
    ) -> None:
        """Recompute where every card rests and send the sprites there."""
        before = self.layout.hand_cards if hasattr(self, "layout") else []  # (none before the first)
        self._preview_drop()
        self.layout = TableLayout(self.geometry, self.game.state, self.ui, self.human)
        for bubble in self.bubbles:  # (North's fan grown or shrunk: its words keep by it)
            self._place_bubble(bubble.widget, bubble.seat)
        self._keep_cursor(before)
        focus = self.ui.meld_focus
        if focus is not None and focus not in {slot.target for slot in self.layout.meld_slots}:
            self.ui.meld_focus = None  # the focused meld is gone (a staged group laid, a new deal)
        flight = UI_FLIGHT if duration is None else duration
        self.animator.sync(self.layout.placements, delays, deal=deal, duration=flight, zones=self.layout.zones)
        if self.ui.dragging:
            self.animator.place_now(self.layout.placements, self.ui.dragging)
        if self.ui.dragging_top and self.game.state.pile:
            self.animator.place_now(self.layout.placements, [self.game.state.pile[-1]])
        self._refresh_buttons()

    def _preview_drop(self) -> None:
        """While hand cards are dragged: the selected cards a drop where the pointer is would
        take along (PlayerMoves.landing, which the drop asks too) follow them (`ui.following`)."""
        ui = self.ui
        self._drop_verdict = None
        if ui.dragging_top and hasattr(self, "layout"):
            target = drop_target(self.layout, ui.drag_pos, self.human_side, [])
            self._drop_verdict = (target, self.controller.moves.top_verdict(target))
        if not ui.dragging or not hasattr(self, "layout"):
            ui.following = []
            return
        target = drop_target(self.layout, ui.drag_pos, self.human_side, ui.dragging)
        ui.following = self.controller.moves.followers(list(ui.dragging), target)
        self._drop_verdict = (target, self.controller.moves.verdict(list(ui.dragging), target))

    def drop_verdict(self, target: DropTarget) -> DropVerdict | None:
        """What letting the dragged cards (or the pile's top card) go on `target` would do,
        as judged while the pointer came there (`_preview_drop`); None: not judged (the
        hand, nowhere, nothing dragged)."""
        kept = self._drop_verdict
        held = self.ui.dragging or self.ui.dragging_top
        return kept[1] if held and kept is not None and kept[0] == target else None

    def refused_drop(self) -> DropVerdict | None:
        """The verdict of a drop where the pointer is now, while it would be refused (the
        panels say why, in the refusal's place); None otherwise."""
        kept = self._drop_verdict
        if kept is None or kept[1] is None or kept[1].accepted:
            return None
        return self.drop_verdict(kept[0])

    def _keep_cursor(self, before: list[Card]) -> None:
        """The keyboard's cursor stays on the hand when its card leaves it (melded, staged,
        discarded): on the card now at that place, so the next key goes on from there."""
        cursor = self.ui.cursor
        shown = self.layout.hand_cards
        if cursor is None or cursor in shown:
            return
        self.ui.cursor = shown[min(before.index(cursor), len(shown) - 1)] if shown and cursor in before else None

    def _fire(self, effect: Effect) -> None:
        if effect.kind == "sound":
            if self.play_sound is not None:
                self.play_sound(effect.text)
        elif effect.kind == "bubble":
            code = effect.data if effect.data in BUBBLE_WORDS else None
            self._say(effect.seat, code, effect.move or 0, effect.said)  # type: ignore[arg-type]
        elif effect.kind in ("banner", "flash"):
            self.banner = (effect.said, 2.0 if effect.kind == "banner" else 1.2, effect.data)
            self.banner_high = effect.side is not None and effect.side != self.human_side
        elif effect.kind == "deal-over":
            self.sheet_pending = effect.data

    def _say(self, seat: int, code: str | None, move: int, words: Words | None = None) -> None:
        """A speech bubble by `seat`: the words of `code` (BUBBLE_WORDS), else `words`; it
        replaces the seat's last one."""
        self.bubbles = [b for b in self.bubbles if b.seat != seat]
        said = Words(BUBBLE_WORDS[code]) if code is not None else words or Words("")
        bubble = SpeechBubble((0, 0), said.text(self), keep_clear=BUBBLE_KEEP_CLEAR)
        self._place_bubble(bubble, seat)
        self.bubbles.append(Bubble(bubble, BUBBLE_SECONDS, seat, code, move, said))

    def _place_bubble(self, bubble: SpeechBubble, seat: int) -> None:
        """`seat`'s words by its place at the table (the table turned: by its new one), in
        its room (`bubble_room`: the player's in its corner, North's left of its fan, ...), a
        size smaller than the body text to keep to one line there."""
        cards = len(self.game.state.hands[seat])  # (North's fan as laid out: its tail touches it)
        bubble.anchor, bubble.tail = self.geometry.bubble_anchor(seat, cards)
        bubble.room = self.geometry.bubble_room(seat, cards)
        bubble.size = theme.FONT_SMALL

    def why_not(self) -> bool:
        """Show the longer text of the rule behind the last refusal (the "?" key)."""
        refusal = self.refusal
        if refusal is None or refusal.rule is None or self.message is None or self.stack is None:
            return False
        from game.scenes.table_menu import RuleDialog

        self.mouse.cancel()
        self.stack.push(RuleDialog(refusal.rule, refusal.reason(), self.config.rules))
        return True

    # -- player intents (from the hand controller, the keyboard and the buttons) ----------
    def click_stock(self) -> None:
        self.controller.moves.click_stock()

    def click_pile(self) -> None:
        self.controller.moves.click_pile()

    def click_meld(self, slot: MeldSlot) -> None:
        self.controller.moves.click_meld(slot.target)  # (with its number: the Samba family addresses melds so)

    def click_new_meld(self) -> None:
        self.controller.moves.click_new_meld()

    def double_click(self, card: Card) -> None:
        self.controller.moves.double_click(card)

    def drop(self, cards: list[Card], pos: tuple[float, float]) -> None:
        self.ui.following = []  # (what goes is the move's to say now: those left fly back to the hand)
        self.controller.moves.drop(cards, drop_target(self.layout, pos, self.human_side, cards))

    def drop_kind(self, cards: list[Card], pos: tuple[float, float]) -> str:
        """Where `cards` let go at `pos` would go: "hand" (re-arranged), "pile", a meld ..."""
        return drop_target(self.layout, pos, self.human_side, cards).kind

    def may_drag_top(self) -> bool:
        """The pile's top card may be picked up to drop onto a meld (the player's draw)."""
        st = self.game.state
        return self.my_turn() and st.phase is Phase.DRAW and bool(st.pile)

    def drop_top(self, pos: tuple[float, float]) -> None:
        """The pile's top card let go at `pos`: onto one of our melds takes the pile with it;
        anywhere else it goes back."""
        target = drop_target(self.layout, pos, self.human_side, [])
        if target.kind == "meld":
            self.controller.moves.take_onto(target)
        else:
            self.controller.say(
                note(N_("Drop the top card on one of your melds to take the pile with it.")), warn=False, seconds=3.0
            )
        self.relayout()

    def move_meld_cursor(self, step: int) -> None:
        """[ and ]: the keyboard's focus over our side's melds (M adds the selected cards to
        the focused meld, T takes the pile onto it)."""
        side = self.human_side
        slots = [slot for slot in self.layout.meld_slots if slot.side == side]
        slots.sort(key=lambda slot: slot.rect.x)
        if not slots:
            self.ui.meld_focus = None
            if self.config.partnerships:
                self.controller.say(note(N_("Your side has no melds yet.")), warn=False, seconds=3.0)
            else:
                self.controller.say(note(N_("You have no melds yet.")), warn=False, seconds=3.0)
            return
        targets = [slot.target for slot in slots]
        focus = self.ui.meld_focus
        if focus not in targets:
            self.ui.meld_focus = targets[0 if step > 0 else -1]
        else:
            index = targets.index(focus) + step
            self.ui.meld_focus = targets[index] if 0 <= index < len(targets) else None
        self.relayout()

    def _reorder(self, cards: list[Card], x: float) -> None:
        self.controller.arranger.reorder(cards, hand_drop_index(self.layout, cards, x))

    def confirm_staged(self) -> None:
        self.controller.moves.confirm_staged()

    def cancel_staged(self) -> None:
        self.controller.moves.cancel_staged()

    def ask_partner(self) -> None:
        self.controller.moves.ask_partner()

    def answer(self, yes: bool) -> None:
        self.answer_prompt_open = False
        self.controller.moves.answer(yes)

    def pass_turn(self) -> None:
        self.controller.moves.pass_turn()

    def sort_hand(self, mode: str) -> None:
        self.controller.arranger.sort_hand(mode)

    def show_hint(self) -> bool:
        return self.controller.guide.show_hint()

    def clear_hint(self) -> None:
        self.controller.guide.clear_hint()

    def move_cursor(self, step: int, carry: bool = False) -> None:
        """Arrow keys: the focus cursor over the hand (the buttons lose the focus)."""
        if self.layout.hand_cards:
            self.buttons.set_focus(None)
        self.controller.arranger.move_cursor(step, carry)

    def escape(self) -> None:
        """Esc: cancel what is in progress, one thing at a time; else open the menu."""
        if self.ui.dragging or self.ui.dragging_top or self.mouse.press is not None:
            self.mouse.cancel()
        elif self.hint is not None:
            self.clear_hint()
        elif self.controller.dismiss_refusal():  # (the red message first: staged melds stay)
            pass
        elif self.pile_open:
            self.toggle_pile()
        elif self.log_open:
            self.toggle_log()
        elif self.ui.staged:
            self.cancel_staged()
        elif self.ui.selected:
            self.controller.arranger.clear_selection()
        elif self.buttons.focused is not None or self.ui.cursor is not None or self.ui.meld_focus is not None:
            self.buttons.set_focus(None)
            self.ui.cursor = None
            self.ui.meld_focus = None
            self.relayout()
        else:
            self.open_menu()

    def open_menu(self) -> None:
        from game.scenes.table_menu import TableMenuScene

        if self.stack is not None:
            self.mouse.cancel()
            self.stack.push(TableMenuScene(self))

    def reviewed_deal(self) -> int | None:
        """The deal the table menu's "Review the last deal" opens (from 0): the one just over,
        else the one before this; None in the first deal, and when only bots play (nobody's
        decisions to weigh). After "Next deal" the last deal's review was reachable only
        through the title's Statistics → Recent deals (play-test, stop 52)."""
        if not self.people:
            return None
        game = self.game
        if game.state.phase is Phase.OVER:
            return game.deal_number
        return game.deal_number - 1 if game.deal_number > 0 else None

    def review_deal(self, number: int, **options: Any) -> None:
        """Open the review of deal `number` of this game over the table (the bots wait)."""
        from game.scenes.review_scene import deal_review
        from game.seat_names import SeatNames

        if self.stack is None:
            return
        game = self.game
        names = SeatNames(
            self.config, tuple(self.names[s] for s in range(self.config.players)), typed=self.person_names
        )
        lesson = self.lesson_game and is_lesson_deal(game.config.variant, game.seed, number)
        self.mouse.cancel()
        self.stack.push(deal_review(game, number, self.people, names, lesson, **options))

    def open_keys(self) -> None:
        from game.scenes.table_menu import KeysOverlay

        if self.stack is not None:
            self.mouse.cancel()
            self.stack.push(KeysOverlay(asking=self.config.ask_allowed, watching=not self.people))

    # -- settings ----------------------------------------------------------------------------
    def follow(self, settings: ObservableSettings) -> None:
        """Follow the settings the table depends on: each applied now, then on each change,
        until the table leaves the stack. (The catalog, the deck's colours and the sound are
        the app's: game.app.bind_shared.)"""
        self.settings = settings
        self._unfollow = [
            settings.bind("animation_speed", self._set_speed),
            settings.bind("bot_pace", self._set_pace),
            settings.bind("card_back", self._set_card_back),
            settings.bind("confirm_risky_discard", self._set_confirm_risky),
            settings.bind("card_size", self._set_card_size),
            settings.bind("language", self._set_language, now=False),  # the button labels, before a draw
        ]

    def _set_speed(self, speed: float) -> None:
        self.animator.speed = speed

    def _set_pace(self, pace: str) -> None:
        self.pace = BOT_PACE_FACTOR[pace]

    def _set_card_back(self, back: str) -> None:
        self.card_back = back

    def _set_confirm_risky(self, on: bool) -> None:
        self.confirm_risky = on

    def _set_language(self, language: str) -> None:
        self._refresh_buttons()
        for bubble in self.bubbles:  # (what a seat is saying, in the new words at once; a banner is worded as drawn)
            if bubble.words is not None:
                bubble.widget.text = bubble.words.text(self)

    def _set_card_size(self, size: str) -> None:
        if size != self.geometry.card_size:
            self._set_geometry(card_size=size)
            self.relayout()

    def cycle_speed(self, step: int = 1) -> None:
        speeds = list(SPEEDS)
        current = min(range(len(speeds)), key=lambda i: abs(speeds[i] - self.animator.speed))
        speed = speeds[max(0, min(len(speeds) - 1, current + step))]
        if self.settings is not None:  # the player's setting: kept, as the Settings page keeps it
            self.settings.set("animation_speed", speed)
        self.animator.speed = speed

    def skip_animations(self) -> None:
        self.animator.finish_all()
        self.move_log.show_all()
        self._land()
        for _due, effect in sorted(self.timeline, key=lambda item: item[0]):
            if effect.kind != "sound":  # skipped cards land silently
                self._fire(effect)
        self.timeline.clear()
        self._bot_ready_at = self.clock

    # -- buttons ----------------------------------------------------------------------------
    def _make_buttons(self) -> None:
        def make(name: str, text: str, action, primary: bool = False, size: int = 15) -> Button:
            button = Button(BUTTONS[name], text, action, primary=primary, font_size=size)
            self.buttons.add(button)
            return button

        self.log_button = make("log", _("Move log"), self.toggle_log, size=17)
        self.pile_button = make("pile", "", self.toggle_pile, size=14)
        self.hint_button = make("hint", _("Hint"), self.show_hint, size=17)
        self.ask_button = make("ask", _("May I go out?"), self.ask_partner, True, size=17)
        self.ask_button.on_disabled_click = self.controller.moves.key_ask  # greyed: a click says why not (as A does)
        self.pass_button = make("pass", _("Pass (end the deal)"), self.pass_turn, True, size=15)  # (its key cap)
        self.sort_rank_button = make("sort_rank", _("Sort by rank"), lambda: self.sort_hand("rank"), size=17)
        self.sort_suit_button = make("sort_suit", _("Sort by suit"), lambda: self.sort_hand("suit"), size=17)
        self.speed_button = make("speed", "", lambda: self.cycle_speed(1 if self.animator.speed < 4 else -3))
        self.keys_button = make("keys", _("Keys · F1"), self.open_keys)
        self.confirm_button = make("confirm", _("Lay melds"), self.confirm_staged, True)
        self.cancel_button = make("cancel", _("Take back"), self.cancel_staged)
        # (Made in the order Tab goes through them: the top row left to right.)
        self.menu_button = make("menu", _("Menu"), self.open_menu)
        self.new_game_button = make("new_game", _("New game"), self.confirm_new_game)
        # No partner to ask, or nobody to ask (watching the bots): the column closes up over its place.
        if not self.config.ask_allowed or not self.people:
            for button, slot in ((self.hint_button, "ask"), (self.log_button, "hint"), (self.pass_button, "log")):
                button.rect = pygame.FRect(BUTTONS[slot])

    def may_export_deal(self) -> bool:
        """A deal file holds its seed, so every hidden card: with several people at one
        screen it is saved only once the deal is over (the score sheet offers it)."""
        return len(self.people) <= 1 or self.game.state.phase is Phase.OVER

    def new_game_question(self) -> str:
        """What the New game button deals (the same game again, a new shuffle) and where
        another game is chosen, so nobody expects the New game page and loses a game."""
        from game.rules.variants import variant_named

        variant = variant_named(self.config.variant)
        text = _("The current game will be lost. A new game of {game} is dealt, with the same players.").format(
            game=_(variant.name) if variant is not None else self.config.variant
        )
        if self.on_menu is not None:
            text += sentence_gap() + _("To choose another game, open Menu, then Main menu.")
        return text

    def confirm_new_game(self) -> None:
        from game.scenes.modal import ModalDialogScene

        if self.stack is None:
            self.new_game()
            return
        self.mouse.cancel()
        self.stack.push(
            ModalDialogScene(
                _("New game?"),
                self.new_game_question(),
                [(_("New game"), self.new_game), (_("Keep playing"), None)],
                cancel_index=1,
            )
        )

    # Fixed button labels (msgids), re-translated every frame so a language switch shows at once.
    LABELS = {
        "ask_button": N_("May I go out?"),
        "pass_button": N_("Pass (end the deal)"),
        "confirm_button": N_("Lay melds"),
        "cancel_button": N_("Take back"),
        "new_game_button": N_("New game"),
        "menu_button": N_("Menu"),
        "hint_button": N_("Hint"),
        "log_button": N_("Move log"),
        "keys_button": N_("Keys · F1"),
    }
    # The key shown on each button (its key cap); S on the sort button not in use.
    KEYS = {"hint_button": "H", "ask_button": "A", "pass_button": "P", "log_button": "L", "pile_button": "V"}

    def _refresh_buttons(self) -> None:
        for attribute, label in self.LABELS.items():
            getattr(self, attribute).text = _(label)
        for attribute, key in self.KEYS.items():
            getattr(self, attribute).key = key
        s_sorts_by = "suit" if self.ui.sort_mode == "rank" else "rank"  # as HandArranger.toggle_sort does
        self.sort_rank_button.key = "S" if s_sorts_by == "rank" else ""
        self.sort_suit_button.key = "S" if s_sorts_by == "suit" else ""
        st = self.game.state
        mine = self.my_turn()
        can_pass = self.controller.moves.pass_offered()
        self.pass_button.visible = can_pass
        self.ask_button.visible = self.config.ask_allowed and bool(self.people) and not can_pass
        self.ask_button.enabled = mine and self.can(MoveKind.ASK)
        self.sort_rank_button.text = _("Sort by rank")
        self.sort_suit_button.text = _("Sort by suit")
        self.sort_rank_button.primary = self.ui.sort_mode == "rank"  # the current order is gold
        self.sort_suit_button.primary = self.ui.sort_mode == "suit"
        self.speed_button.text = _("Speed {x}×").format(x=f"{self.animator.speed:g}")
        self.pile_button.text = _("Pile {n}").format(n=self.animator.count(PILE_ZONE))  # (as the cards land)
        self.pile_button.primary = self.pile_open
        self.hint_button.enabled = mine and st.phase is not Phase.OVER
        staging = bool(self.ui.staged)
        self.confirm_button.visible = self.cancel_button.visible = staging
        self.confirm_button.enabled = staging and mine and st.phase is Phase.MELD

    # -- scene hooks ------------------------------------------------------------------------
    def on_cover(self) -> None:
        self.mouse.cancel()

    # Input held while the turn's cards land (see _hold); the keys of the cards' pace go through.
    HELD_INPUT = frozenset(
        {
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEMOTION,
            pygame.MOUSEWHEEL,
            pygame.KEYDOWN,
            pygame.KEYUP,
            pygame.TEXTINPUT,
        }
    )
    PACE_KEYS = frozenset(
        {pygame.K_SPACE, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS}
    )
    # Keys that only look or arrange, never a move, a hint or a question: the menu, the keys'
    # list, the log, the pile, the sorts, the hand's cursor (and selecting with it), the meld
    # focus, scrolling, the buttons' focus.
    LOOKING_KEYS = frozenset(
        {
            pygame.K_ESCAPE,
            pygame.K_F1,
            pygame.K_l,
            pygame.K_v,
            pygame.K_s,
            pygame.K_r,
            pygame.K_PAGEUP,
            pygame.K_PAGEDOWN,
            pygame.K_LEFT,
            pygame.K_RIGHT,
            pygame.K_UP,
            pygame.K_DOWN,
            pygame.K_HOME,
            pygame.K_END,
            pygame.K_LEFTBRACKET,
            pygame.K_RIGHTBRACKET,
            pygame.K_TAB,
        }
    )

    def _hold(self, event: pygame.event.Event) -> bool:
        """While the move that gave the person the turn is landing (a bot's discard flying to
        the pile), what could act on the game waits (in order) and is played once the cards
        have landed: a click on the pile or the stock acts on the pile they see. Space (finish
        the flights) and + / - (the speed) go through at once, and so does what only points,
        arranges or looks (see _acts_on_game) while nothing waits before it: a card dragged
        across the hand follows the pointer, Esc opens the menu. True when `event` was held."""
        if not self.controller.landing or event.type not in self.HELD_INPUT:
            return False
        if (
            event.type == pygame.KEYDOWN
            and event.key in self.PACE_KEYS
            and self.ui.cursor is None
            and self.buttons.focused is None
        ):
            return False
        if not self._held and not self._acts_on_game(event):
            return False
        event.held_at = self.mouse.clock  # (when it was made: two clicks held apart are no double-click)
        if event.type == pygame.MOUSEMOTION and self._held and self._held[-1].type == pygame.MOUSEMOTION:
            self._held[-1] = event  # (only where the pointer went matters)
        else:
            self._held.append(event)
        return True

    def _acts_on_game(self, event: pygame.event.Event) -> bool:
        """Whether `event` may play a move or ask for one (a click on the stock, the pile, a
        meld or a button, cards dropped on the pile or a meld, a double-click, the keys of
        moves, hints and questions), rather than only point, select, drag or sort the hand,
        scroll, or open what only looks (the log, the pile, the keys, the menu)."""
        if event.type == pygame.KEYDOWN:
            return event.key not in self.LOOKING_KEYS
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button != 1:
            return False  # (pointing, the wheel, right-click: the selection cleared, keys let go)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if any(b.visible and b.rect.collidepoint(event.pos) for b in self.buttons.widgets if hasattr(b, "rect")):
                return True
            if self.view.panels.refusal_hit(event.pos):
                return True
            card = self.layout.hand_card_at(event.pos)
            if card is not None:  # a card of the hand, once every card of it is in its place
                return not all(self.animator.arrived(c) for c in self.layout.hand_cards)
            return self.mouse.press_target(event.pos) != "felt"
        return self.mouse.release_acts(event.pos)

    def held_mark(self) -> pygame.FRect | None:
        """Where the first click held while the cards land aimed (a button, a card of the hand,
        the stock, the pile, one of our melds): the view rings it, quietly, until the click acts
        or is dropped, so a held click shows it was taken (it gave no sign). None otherwise."""
        press = next((e for e in self._held if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1), None)
        if press is None:
            return None
        pos = press.pos
        for button in self.buttons.widgets:
            if getattr(button, "visible", False) and hasattr(button, "rect") and button.rect.collidepoint(pos):
                return pygame.FRect(button.rect).inflate(6, 6)
        card = self.layout.hand_card_at(pos)
        if card is not None:
            return self.layout.hand_rects[card].inflate(8, 8)
        for rect in (stock_rect(self.config.rules.packs), pile_rect()):
            if rect.collidepoint(pos):
                return rect
        slot = self.layout.meld_slot_at(pos, self.human_side)
        return None if slot is None else slot.rect.inflate(12, 12)

    def _land(self) -> None:
        """The turn's cards have landed (or were put in place at once): it is the person's
        turn now, and what they did meanwhile is played, in order, on the table as it is now.
        Once one of them has opened a dialog (a held Esc the menu, a held click on a button
        its dialog), the rest is dropped: it was made looking at the table, which the dialog
        now covers; played into the dialog it would press buttons the person never saw (the
        menu's New game, Main menu), played on the table behind it it would act out of sight.
        (Esc is held only behind other held input: alone, it opens the menu at once.)"""
        self.controller.landing = self.controller.dealing = False
        held, self._held = self._held, []
        for event in held:
            if self.stack is not None and self.stack.top is not self:
                break  # (a dialog opened, by one of them or by itself: the rest were meant for the table)
            self.handle_event(event)

    def pile_place(self) -> pygame.FRect:
        """Where the open pile browser lies (with the lines of the seats it lies over)."""
        return self.view.pile_place()

    def log_place(self) -> pygame.FRect:
        """Where the open move log lies, as last drawn (its foot above the pile's states)."""
        return self.view.log_place()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._hold(event):
            return True
        if event.type == pygame.KEYDOWN:
            return self.keyboard.handle_key(event)
        if event.type == pygame.MOUSEWHEEL and self.log_open and self.log_place().collidepoint(self.mouse.pointer):
            self.scroll_log(-int(event.y))  # wheel up: towards the newest
            return True
        pile_panel = self.pile_place()
        if event.type == pygame.MOUSEWHEEL and self.pile_open and pile_panel.collidepoint(self.mouse.pointer):
            self.scroll_pile(-int(event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if self.ui.cursor is not None:  # the mouse takes over from the keyboard cursor
                self.ui.cursor = None
                self.relayout()
            if event.button == 1 and self.view.panels.refusal_hit(event.pos):
                return self.why_not()
        if self.buttons.handle_event(event):
            return True
        return self.mouse.handle_event(event)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.mouse.update(dt)
        self.animator.update(dt)
        self.move_log.show_due(self.clock)
        if self.controller.landing and not self.animator.busy:
            self._land()
        if self.controller.dealing and not self.animator.busy:
            self.controller.dealing = False
        for tween in self.shown_scores:
            tween.update(dt)
        if self.timeline:
            due = [item for item in self.timeline if item[0] <= self.clock]
            if due:
                self.timeline = [item for item in self.timeline if item[0] > self.clock]
                for _when, effect in sorted(due, key=lambda item: item[0]):
                    self._fire(effect)
        reading = 0.0 if self.words_wait() else dt  # (the cards above still fly: `updates_when_covered`)
        for bubble in self.bubbles:
            bubble.remaining -= reading
            bubble.widget.alpha = max(0.0, min(1.0, bubble.remaining / 0.4))
        self.bubbles = [b for b in self.bubbles if b.remaining > 0]
        marks = self.marks()
        if marks != self._kept_marks:  # a card raised or lowered, a bubble said or gone: the save keeps it
            self._kept_marks = marks
            self.hand_arranged()
        if self.banner is not None and reading:
            text, remaining, data = self.banner
            self.banner = (text, remaining - reading, data) if remaining > reading else None
        self.controller.tick(reading)
        self._refresh_buttons()
        self.buttons.update(dt)
        if self.idle and self.controller.mark_shown():
            for listener in self.listeners:  # the save says so: Continue goes on from here
                listener(self, [])
        self._drive_game()

    def words_wait(self) -> bool:
        """What the table says for a few seconds (the players' speech bubbles, a banner, a
        message) does not run out while nobody can read it: under the menu or a dialog (the
        player opened the menu as North said "No": the answer is there when it closes; it
        faded unseen before, play-test stop 62) and while the bots are paused. Cards in flight
        land all the same."""
        return self.paused or (self.stack is not None and self.stack.top is not self)

    @property
    def idle(self) -> bool:
        """Nothing is moving and no effect is waiting: the next move may be shown."""
        return not self.animator.busy and not self.timeline

    def at_rest(self) -> bool:
        """Waiting for a person (the player's turn, the question, a dialog over the table) or
        paused, with nothing in flight: no card, effect, score, speech bubble, banner or
        message that runs out, and no bot about to move or thinking."""
        if not self.idle:
            return False
        if (self.bubbles or self.banner is not None or self.message is not None) and not self.words_wait():
            return False  # (words that wait for a reader do not move)
        if self.move_log.due:  # (a move still to be said)
            return False
        if any(not tween.done for tween in self.shown_scores) or self.bot_thinking:
            return False
        st = self.game.state
        covered = self.stack is not None and self.stack.top is not self
        waiting = st.phase is Phase.OVER or st.to_act in self.people or covered or self.paused
        return waiting and not (st.phase is Phase.OVER and self.sheet_pending is not None)

    def _drive_game(self) -> None:
        st = self.game.state
        covered = self.stack is not None and self.stack.top is not self
        if st.phase is Phase.OVER:
            if self.sheet_pending is not None and self.idle and not covered:
                result, self.sheet_pending = self.sheet_pending, None
                self._open_score_sheet(result)
            return
        if self.screen_first and not covered and self.stack is not None:
            from game.scenes.pass_and_play import PrivacyScreen

            self.screen_first = False
            self.mouse.cancel()
            seat = self.next_person()
            asker = st.turn if seat == st.to_act and st.phase is Phase.ANSWER else None
            self.stack.push(PrivacyScreen(self, seat, asker=asker))
            return
        if self.controller.pending:  # a save's moves the screen had not shown: played first, as a bot's are
            self.controller.play_pending(
                self.idle and self.clock >= self._bot_ready_at and not covered and not self.paused
            )
            return
        if st.to_act in self.people and st.to_act != self.human:  # pass-and-play: the next person
            if not covered and self.stack is not None:  # at once: the last move lands behind the screen
                from game.scenes.pass_and_play import PrivacyScreen

                self.mouse.cancel()
                self.stack.push(PrivacyScreen(self, st.to_act, asker=st.turn if st.phase is Phase.ANSWER else None))
            return
        if at_screen(self, st.to_act):
            if st.phase is Phase.ANSWER and not self.answer_prompt_open and self.idle and not covered:
                self._open_answer_prompt()
            return
        if len(self.people) > 1 and not covered and self.stack is not None and self.next_person() != self.human:
            # Pass-and-play: a person's turn ended and bots play before another person: the
            # screen comes at once, the bots play once that person sits. The hand of the one
            # who had played lay face up through the bots' turns, seconds long, while the
            # computer was passed on (play-test, stop 56).
            from game.scenes.pass_and_play import PrivacyScreen

            self.mouse.cancel()
            self.stack.push(PrivacyScreen(self, self.next_person()))
            return
        self.controller.drive_bots(self.idle and self.clock >= self._bot_ready_at and not covered and not self.paused)
        after = self.game.state.to_act  # (the state changes in place)
        if after in self.people and after != self.human:
            self._drive_game()  # a bot's move passed the turn to the next person: hide the table now

    def next_person(self) -> int:
        """Pass-and-play: the first person to play from here, in this deal's turn order
        (bots may play first: the screen names who will see their cards)."""
        st = self.game.state
        seat = st.to_act
        if st.phase is Phase.ANSWER and seat not in self.people:
            seat = st.turn  # a bot answers: the asker plays on
        for _step in range(self.config.players):
            if seat in self.people:
                return seat
            seat = st.next_seat(seat)
        return self.human

    def _open_answer_prompt(self) -> None:
        from game.scenes.pass_and_play import SETTLE_SECONDS
        from game.scenes.prompts import AnswerPrompt

        self.answer_prompt_open = True
        self.mouse.cancel()
        if self.stack is None:
            return
        # Just after "Show my cards", the question waits out the rest of the screen's settling
        # time: that click's double would answer it unread.
        self.stack.push(AnswerPrompt(self, settle=self._seated_at + SETTLE_SECONDS - self.clock))

    def _count_scores(self, seconds: float) -> None:
        """The score panel's totals count up to the game's over `seconds`."""
        for index, score in enumerate(self.game.scores):
            tween = self.shown_scores[index]
            if tween.end != score:
                self.shown_scores[index] = Tween(tween.value, score, seconds, ease_out_cubic)

    def settle_scores(self) -> None:
        """The score panel's totals at once at the game's (the sheet's count skipped by a click:
        the panel went on counting into the next deal, "-66" under "min 15", play-test, stop 58)."""
        for tween in self.shown_scores:
            tween.finish()

    def _open_score_sheet(self, result) -> None:
        from game.scenes.score_sheet import ScoreSheetScene

        self.mouse.cancel()
        if self.stack is not None:
            # The panel counts in step with the sheet's totals (the two showed different
            # running numbers for a second or two: play-test, stop 56).
            self._count_scores(ScoreSheetScene.COUNT_SECONDS)
            self.stack.push(ScoreSheetScene(self, result))

    def draw(self, surface: pygame.Surface) -> None:
        if self.screen_first and self.game.state.phase is not Phase.OVER:
            # Pass-and-play: the privacy screen comes at the table's first update, and a click
            # at a menu at rest (Continue, Start) is handled in a frame drawn without one: that
            # frame showed the last person's hand face up (play-test, stop 59). The felt alone.
            surface.blit(felt_background(surface.get_size()), (0, 0))
            return
        self.view.draw(surface)
