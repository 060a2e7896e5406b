"""The table's game and turn, without pygame: the game and its bots, the player at the
screen (several in pass-and-play), playing a move, and the messages and refusals (with
their rule ids) the table shows.

The controller owns three parts, each reading it through a small protocol:
`moves` (`player_moves.PlayerMoves`: a click on the stock, cards dropped on a target,
a button, a key turned into a move or a refusal; the staging of initial melds),
`arranger` (`hand_arranger.HandArranger`: sorting and ordering the hand, the cursor
and the selection) and `guide` (`table_guide.TableGuide`: the status line, the staged
count, the hint). The scene calls them and draws what they hold; the controller applies
moves to the engine (`game.rules.Game`) and tells its host, a `table_host.TableHost`,
what to show: the events of a move (to animate), that cards must go to new places, that
the player re-arranged the hand. Tests drive it directly, with no display and bots
answering on the calling thread (`threaded=False`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from game.bots import make_bot
from game.bots.base import private_seed
from game.i18n import _, get_language
from game.note import Note
from game.rules import (
    Card,
    Game,
    GameState,
    IllegalMove,
    Move,
    MoveKind,
    NotationError,
    Observation,
    Phase,
    RulesConfig,
)
from game.rules import events as ev
from game.scenes.bot_runner import BotRunner
from game.scenes.hand_arranger import HandArranger
from game.scenes.hand_state import HandUI, shown_hand
from game.scenes.player_moves import PlayerMoves
from game.scenes.table_guide import TableGuide
from game.scenes.table_host import NoHost, TableHost
from game.scenes.table_source import at_screen, held_back
from game.seat_names import SeatNames, seat_names, typed_names
from game.why_not import NO_MELD_OF_THOSE, Refusal

REFUSAL_SECONDS = 8.0


def people_of(levels: tuple[str | None, ...] | None, human: int, players: int) -> tuple[int, ...]:
    """The seats people play: those with no bot level (`human` when no levels are given)."""
    if levels is None or len(levels) != players:
        return (human,)
    return tuple(seat for seat in range(players) if levels[seat] is None)


class TableBot(Protocol):
    def act(self, observation: Observation, time_budget: float | None = None) -> Move: ...


BotFactory = Callable[[str, int], TableBot]  # (level, seed) -> a bot


class TableController:
    def __init__(
        self,
        config: RulesConfig,
        seed: int = 0,
        level: str = "normal",
        human: int = 0,
        bot_factory: BotFactory = make_bot,
        *,
        levels: tuple[str | None, ...] | None = None,
        threaded: bool = True,
        host: TableHost | None = None,
        person_names: Sequence[str] = (),
    ) -> None:
        self.config = config
        self.bot_factory = bot_factory  # (level, seed) -> bot with act(observation)
        self.seed = seed
        self.level = level
        self.levels = levels
        self.human = human
        # The seats people play: the player's, or several (pass-and-play: a None level), or
        # none (watch the bots: every level given). `human` is the one at the screen.
        self.people: tuple[int, ...] = people_of(levels, human, config.players)
        self.host: TableHost = host or NoHost()
        # Pass-and-play: the names typed for the people's seats ("": "Player N"), shown as typed
        # (never through the catalogs: a person called "North" is not 北家), kept by the save.
        self.person_names = typed_names(config, self.people, person_names)
        self.names = seat_names(config, self.people)
        self.naming = SeatNames(config, tuple(self.names.values()), typed=self.person_names)
        self.runner = BotRunner(threaded)
        # The player's moves pass this first: a note refuses the move (the guided deal's coach).
        self.move_filter: Callable[[Move], Note | None] | None = None
        self.ui = HandUI()
        self.arranger = HandArranger(self)  # sort, order, cursor and selection of the hand
        self.arrangements: dict[int, tuple[str, list[Card]]] = {}  # pass-and-play: each person's sort and order
        # What the table says above the hand, as data (a note, or the refusal shown), put into
        # words when drawn (`message`); the seconds it has left; whether it is a warning.
        self.said: tuple[Note | Refusal, float, bool] | None = None
        self._words: tuple[Note | Refusal, str, str] | None = None  # (what was said, language, its words)
        # The message is a note of whose turn it is (say_waiting): the turn it spoke of, as shown;
        # once the table shows another, the note is out of date and goes (tick).
        self.waiting_on: tuple[bool, int | None] | None = None
        self.refusal: Refusal | None = None
        self.guide = TableGuide(self)  # the status line, the staged count, the hint
        self.moves = PlayerMoves(self)  # gestures, buttons and keys turned into moves
        self.version = 0  # counts the moves and deals: what was computed for an older one is stale
        self.moves_played = 0
        self._legal: tuple[int, list[Move]] = (-1, [])
        self._requested = -1
        self._bot_move: tuple[int, int, Move] | None = None
        # The turn has passed to the person at the screen, but the move that passed it is still
        # flying in (a bot's discard, the deal): the host says so (TableScene.show_events) until
        # the cards land. Meanwhile it is not yet shown as their turn (my_turn, the status line).
        self.landing = False
        self.landing_from: int | None = None  # whose move is landing (None: the deal)
        # The deal's cards are still flying to the seats, whoever leads: the line says
        # "Dealing…" and no seat's tag is lit until they are down.
        self.dealing = False
        # How many moves of the game the screen has finished showing (the host says so once
        # their cards have landed, `mark_shown`; a person's own move at once): what the save
        # records, so that Continue goes on from what the screen showed.
        self.shown = 0
        # Moves already decided that the table is still to play, in order, before any bot
        # is asked or any person may move: those a save held that the screen had not shown
        # (`play_saved`). `ahead` is that saved game, which is what a save keeps meanwhile.
        self.pending: list[Move] = []
        self.ahead: Game | None = None

    # -- game lifecycle ---------------------------------------------------------
    def bot_level(self, seat: int) -> str:
        if self.levels is not None and seat < len(self.levels) and self.levels[seat]:
            return self.levels[seat]  # type: ignore[return-value]
        return self.level

    def start(self, seed: int, game: Game | None = None) -> None:
        """A new game from `seed`, or go on with `game`; the host shows nothing yet."""
        self.seed = seed if game is None else game.seed
        self.game = game if game is not None else Game(self.config, seed)
        self.bots = {
            seat: self.bot_factory(self.bot_level(seat), private_seed(self.seed, seat))
            for seat in range(self.config.players)
            if seat not in self.people
        }
        self.runner.cancel()
        self._forget_person()
        self.arrangements.clear()
        self.version = 0
        self._legal = (-1, [])
        self._requested = -1
        self._bot_move = None
        self.moves_played = 0
        self.shown = len(self.game.history)
        self.pending = []
        self.ahead = None

    def play_saved(self, moves: Sequence[Move], ahead: Game) -> None:
        """Play `moves` (decided already: a save's moves the screen had not shown, `ahead`
        the saved game they lead to) before anything else, as moves are played: their cards
        fly and the log says them. Nothing decides them again: a bot of Hard's clock would
        choose another move."""
        if not moves:
            return
        history = [str(move) for move in self.game.history]
        assert [str(move) for move in ahead.history] == history + [str(move) for move in moves], "not this game's"
        self.pending = list(moves)
        self.ahead = ahead
        self.version += 1

    def saved_game(self) -> Game:
        """The game a save keeps: the table's, or while it still plays moves a save held
        (`pending`), that saved game, so that no move is ever lost."""
        return self.ahead if self.pending and self.ahead is not None else self.game

    def mark_shown(self) -> bool:
        """The screen has finished showing every move played so far; True when that is news."""
        if self.shown == len(self.game.history):
            return False
        self.shown = len(self.game.history)
        return True

    def play_pending(self, may_play: bool) -> None:
        """Play the next of the moves a save held once `may_play` (the last move was shown).
        One the engine refuses (it cannot: they were replayed when the save was read) puts
        the saved game on the table at once rather than lose it."""
        if not self.pending or not may_play:
            return
        move = self.pending.pop(0)
        if not self._apply(move):
            assert self.ahead is not None
            self.game, self.ahead, self.pending = self.ahead, None, []
            self.version += 1
            self.host.cards_moved()
            return
        if not self.pending:
            self.ahead = None

    def load_state(self, state: GameState) -> None:
        """Play on from an engine state (puzzles, tests)."""
        self.game.state = state
        self.version += 1
        self.ui = HandUI()
        self.runner.cancel()
        self._bot_move = None
        self.said = None
        self.refusal = None
        self.guide.hint = None
        self.shown = len(self.game.history)
        self.pending = []
        self.ahead = None

    def next_deal(self) -> None:
        events = self.game.next_deal()
        self.version += 1
        self.ui.clear_staged()
        self.ui.selected.clear()
        self.runner.cancel()
        self._bot_move = None
        self.host.show_events(list(events))

    def close(self) -> None:
        self.runner.close()

    # -- names ------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def human_side(self) -> int:
        return self.config.side_of(self.human)

    def seat_name(self, seat: int) -> str:
        return self.naming.seat_name(seat)

    def side_name(self, side: int) -> str:
        if self.config.partnerships and len(self.people) == 1 and self.human in self.config.seats_of_side(side):
            return _("Us")
        return self.naming.side_name(side)

    # -- messages and refusals ----------------------------------------------------------
    def say(self, said: Note, warn: bool = True, seconds: float = 4.0) -> None:
        """Show a note above the hand (refusals go through refuse()): as data, worded when
        drawn, so a language switch while it shows rewords it."""
        self.said = (said, seconds, warn)
        self.refusal = None
        self.waiting_on = None

    def say_waiting(self, said: Note) -> None:
        """A quiet note of whose turn it is, shown while that turn is the one the table shows:
        "North is playing: your turn comes after East's." went on saying so for three seconds
        over East's turn and even over the player's own (play-test, stop 51)."""
        self.say(said, warn=False, seconds=3.0)
        self.waiting_on = self.shown_turn()

    @property
    def message(self) -> tuple[str, float, bool] | None:
        """What the table says above the hand, in words now (the current language, the seats
        as named now), the seconds it has left, whether it is a warning; None when silent."""
        if self.said is None:
            return None
        said, remaining, warn = self.said
        return self._worded(said), remaining, warn

    def _worded(self, said: Note | Refusal) -> str:
        """A note or a refusal's reason in the current language (kept while the language is
        the same: the panels ask many times a frame)."""
        kept = self._words
        if kept is None or kept[0] is not said or kept[1] != get_language():
            text = said.reason() if isinstance(said, Refusal) else said.text(self)
            kept = self._words = (said, get_language(), text)
        return kept[2]

    def shown_turn(self) -> tuple[bool, int | None]:
        """The turn as the table shows it: (the deal's cards still flying, the seat whose tag is
        lit); while the move that passed the turn to the person at the screen is landing, still
        its maker's."""
        if self.dealing:
            return (True, None)
        return (False, self.landing_from if self.landing else self.game.state.to_act)

    def refuse(self, msgid: str, rule: str | None = None, **args: Any) -> None:
        """Refuse a gesture with one of the table's own reasons (a msgid, formatted with
        `args`) citing `rule`; the cards fly back."""
        self._show_refusal(Refusal(rule, None, msgid, args, self.config.rules))

    def refuse_error(self, error: IllegalMove) -> None:
        """Refuse with the engine's reason and its rule (why_not)."""
        self._show_refusal(Refusal(error.rule, error, rules=self.config.rules))

    def _show_refusal(self, refusal: Refusal) -> None:
        self.said = (refusal, REFUSAL_SECONDS, True)
        self.refusal = refusal
        self.waiting_on = None
        self.host.cards_moved()  # dragged cards fly back to the hand

    def tick(self, dt: float) -> None:
        """Time passes: messages run out; a hint is spent once a move was made."""
        if self.waiting_on is not None and (self.said is None or self.shown_turn() != self.waiting_on):
            self.waiting_on = None
            self.said = None  # (the turn it spoke of is over)
        if self.said is not None:
            said, remaining, warn = self.said
            self.said = (said, remaining - dt, warn) if remaining > dt else None
            if self.said is None:
                self.refusal = None
        if self.guide.hint is not None and self.guide.hint_version != self.version:
            self.guide.clear_hint()

    # -- engine and turn ---------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self._legal[0] != self.version:
            st = self.game.state
            moves = st.legal_moves() if st.to_act is not None else []
            self._legal = (self.version, moves)
        return self._legal[1]

    def can(self, kind: MoveKind) -> bool:
        return any(move.kind is kind for move in self.legal_moves())

    def play(self, move: Move, held: Sequence[Card] = ()) -> bool:
        """Apply a move; on an illegal one show the engine's reason and return False.
        `held`: the cards of the hand the player moved to make it (dragged, staged,
        double-clicked); moves name faces, so the engine may lay another copy of one, and
        the table then shows the card the player moved landing (`_keep_moved`)."""
        withheld, words = held_back(self, move)  # the guided deal's coach; moves a save held (play_pending)
        if withheld:
            if words is not None:
                self.say(words, warn=True, seconds=6.0)
            self.host.cards_moved()
            return False
        return self._apply(move, held)

    def _apply(self, move: Move, held: Sequence[Card] = ()) -> bool:
        mover = self.game.state.to_act
        hand_before = list(self.game.state.hands[self.human]) if held else []
        try:
            events = self.game.apply(move)
        except IllegalMove as error:
            self.refuse_error(error)
            return False
        except NotationError:  # (none comes: see NO_MELD_OF_THOSE)
            self.refuse(NO_MELD_OF_THOSE, "R-MELD")
            return False
        if at_screen(self, mover):  # a person's own move at the screen: they saw it made
            self.shown = len(self.game.history)
        self.version += 1
        self.moves_played += 1
        if self.said is not None and self.said[2]:
            self.said = None
            self.refusal = None
        self._mark_taken(events)
        if held:
            self._keep_moved(hand_before, held)
        self._put_down_at_turn_end(mover, events)
        self.host.show_events(list(events))
        return True

    def _put_down_at_turn_end(self, mover: int | None, events: list[ev.Event]) -> None:
        """The cards the player raised (selected) are put down when their turn ends with their
        discard, and when the deal ends: other cards raised as the player discarded one stayed
        raised into the next turns (play-test). Within the turn the selection stays as the
        player leaves it (after a refused meld, while the partner answers "May I go out?"),
        and so do cards raised while the others play, for the player's coming turn."""
        discarded = at_screen(self, mover) and any(
            isinstance(event, ev.Discarded) and event.seat == mover for event in events
        )
        if discarded or any(isinstance(event, ev.DealEnded) for event in events):
            self.ui.selected.clear()

    def _keep_moved(self, hand_before: list[Card], held: Sequence[Card]) -> None:
        """Where the engine laid another copy of a face than the card the player moved
        (the first in its hand), the two trade places on the table: the joker dragged is
        the joker that lands, and no card flies back to the hand while its twin leaves it."""
        hand = set(self.game.state.hands[self.human])
        went = [card for card in hand_before if card not in hand and card not in held]
        for card in held:
            if card not in hand:
                continue
            twin = next((w for w in went if w.face_card is card.face_card), None)
            if twin is not None:
                went.remove(twin)
                self.ui.swap(card, twin)
                self.host.swap_cards(card, twin)
        self.ui.selected &= hand  # the cards that left cannot stay selected

    def _mark_taken(self, events: list[ev.Event]) -> None:
        """The cards the player picked up with the pile, or drew from the stock, stay marked
        in the hand for the rest of the turn, so they can be told from the cards held before
        (a card drawn went unmarked into its sorted place: which of 12 came? Play-test, first
        game)."""
        for event in events:
            if isinstance(event, ev.PileTaken) and event.seat == self.human:
                self.ui.taken = set(event.cards)
            elif isinstance(event, ev.Drew) and event.seat == self.human:
                self.ui.taken = self.ui.taken | {event.card}
            elif isinstance(event, ev.RedThreeLaid):  # (a red three drawn went to the table)
                self.ui.taken = self.ui.taken - {event.card}
            elif isinstance(event, (ev.Discarded, ev.WentOut, ev.DealEnded, ev.Dealt)):
                self.ui.taken = set()

    def my_turn(self) -> bool:
        """The person at the screen is to act, and the move that gave them the turn has landed."""
        return at_screen(self, self.game.state.to_act) and not self.landing and not self.pending

    def seat_person(self, seat: int) -> None:
        """Pass-and-play: `seat`'s person sits at the screen now; nothing of the previous
        person's (selection, staging, hint, refusal) stays, and their own way of sorting and
        ordering their hand comes back."""
        if seat == self.human:  # the same person (a deal's or a continued game's first screen)
            self.version += 1
            return
        self.arrangements[self.human] = (self.ui.sort_mode, list(self.ui.order))
        self.human = seat
        self._forget_person()
        if seat in self.arrangements:
            self.ui.sort_mode, order = self.arrangements[seat]
            self.ui.order = list(order)
        self.version += 1

    def dismiss_refusal(self) -> bool:
        """Esc over a refusal on screen: it goes (and nothing else); False if none shows."""
        if self.said is None or not self.said[2]:
            return False
        self.said = None
        self.refusal = None
        return True

    def _forget_person(self) -> None:
        """No selection, staging, message, refusal or hint of whoever sat at the screen."""
        self.ui = HandUI()
        self.said = None
        self.refusal = None
        self.guide.forget()

    # -- bots ---------------------------------------------------------------------------
    def drive_bots(self, may_play: bool) -> None:
        """Ask the bot to move when it is its turn; play its move once `may_play` (the
        previous move has been shown). A bot's illegal move never stalls the table."""
        st = self.game.state
        to_act = st.to_act
        if st.phase is Phase.OVER or to_act is None or to_act in self.people:
            return
        if self._requested != self.version:
            self._requested = self.version
            self._bot_move = None
            self.runner.request(to_act, self.bots[to_act], st.observation(to_act))
        if self._bot_move is None:
            answer = self.runner.poll()
            if answer is not None:
                self._bot_move = (self.version, *answer)
        if self._bot_move is not None and may_play:
            version, seat, move = self._bot_move
            self._bot_move = None
            if version == self.version and seat == to_act:
                if self.play(move):
                    explainer = getattr(self.bots[seat], "explain", None)  # a bot that cannot explain says nothing
                    if explainer is not None:
                        self.host.explain_move(seat, explainer())
                else:
                    self.play(st.legal_moves()[0])

    # -- the player's hand ----------------------------------------------------------------
    def hand_cards(self) -> list[Card]:
        """The hand in display order, without staged and dragged cards."""
        return shown_hand(self.game.state.hands[self.human], self.ui)

    def selected_cards(self) -> list[Card]:
        return [c for c in self.hand_cards() if c in self.ui.selected]

    def staging(self) -> bool:
        """True while the player's side has not melded: melds are staged."""
        return not self.game.state.has_melded(self.human_side)
