"""The table's game logic, without pygame: the game and its bots, the player's staging,
refusals with their rule ids, the hint, the status text.

The table scene turns gestures into calls on this controller (a click on the stock,
cards dropped on a target, a key) and draws what it holds; the controller applies
moves to the engine (`game.rules.Game`) and tells its host, a `TableHost`, what to
show: the events of a move (to animate), that cards must go to new places, that the
player re-arranged the hand. Tests drive it directly, with no display and bots
answering on the calling thread (`threaded=False`).

Initial melds are *staged*: while the side has not melded, cards dropped on the
table wait there with a running count against the minimum, and are laid together
with one confirm (or taken back); the same staged groups go with a take of the pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from game.bots import make_bot
from game.bots.base import private_seed
from game.hints import card_name, discard_risk, rank_name
from game.i18n import N_, _
from game.rules import (
    Card,
    Game,
    GameState,
    Group,
    IllegalMove,
    Move,
    MoveKind,
    NotationError,
    Observation,
    Phase,
    Rank,
    RulesConfig,
)
from game.rules import events as ev
from game.rules.family import open_group
from game.rules.melds import CANASTA_SIZE, Problem, sequence_problem, wild_meld_problem
from game.scenes import table_facts
from game.scenes.bot_runner import BotRunner
from game.scenes.hand_arranger import HandArranger
from game.scenes.hand_state import DropTarget, HandUI, shown_hand
from game.scenes.table_guide import TableGuide
from game.scenes.table_host import NoHost, TableHost
from game.seat_names import SeatNames, seat_names, typed_names
from game.why_not import Refusal

REFUSAL_SECONDS = 8.0
# Refusals of a single addition that another laid with it may lift: it is held (staged).
HELD_BY = frozenset({"R-KEEP-TWO", "V-KEEP-TWO"})


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
        self.confirm_risky = False  # setting confirm_risky_discard (off without settings)
        # The player's moves pass this first: a text refuses the move (the guided deal's coach).
        self.move_filter: Callable[[Move], str | None] | None = None
        self.ui = HandUI()
        self.arranger = HandArranger(self)  # sort, order, cursor and selection of the hand
        self.arrangements: dict[int, tuple[str, list[Card]]] = {}  # pass-and-play: each person's sort and order
        self.message: tuple[str, float, bool] | None = None  # (text, seconds left, is a warning)
        self.refusal: Refusal | None = None
        self.guide = TableGuide(self)  # the status line, the staged count, the hint
        self.version = 0  # counts the moves and deals: what was computed for an older one is stale
        self.moves_played = 0
        self._legal: tuple[int, list[Move]] = (-1, [])
        self._requested = -1
        self._bot_move: tuple[int, int, Move] | None = None

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

    def load_state(self, state: GameState) -> None:
        """Play on from an engine state (puzzles, tests)."""
        self.game.state = state
        self.version += 1
        self.ui = HandUI()
        self.runner.cancel()
        self._bot_move = None
        self.message = None
        self.refusal = None
        self.guide.hint = None

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
    def say(self, text: str, warn: bool = True, seconds: float = 4.0) -> None:
        """Show a message above the hand (a note; refusals go through refuse())."""
        self.message = (text, seconds, warn)
        self.refusal = None

    def refuse(self, msgid: str, rule: str | None = None, **args: Any) -> None:
        """Refuse a gesture with one of the table's own reasons (a msgid, formatted with
        `args`) citing `rule`; the cards fly back."""
        self._show_refusal(Refusal(rule, None, msgid, args))

    def refuse_error(self, error: IllegalMove) -> None:
        """Refuse with the engine's reason and its rule (why_not)."""
        self._show_refusal(Refusal(error.rule, error))

    def _show_refusal(self, refusal: Refusal) -> None:
        self.message = (refusal.reason(), REFUSAL_SECONDS, True)
        self.refusal = refusal
        self.host.cards_moved()  # dragged cards fly back to the hand

    def tick(self, dt: float) -> None:
        """Time passes: messages run out; a hint is spent once a move was made."""
        if self.message is not None:
            text, remaining, warn = self.message
            self.message = (text, remaining - dt, warn) if remaining > dt else None
            if self.message is None:
                self.refusal = None
        if self.guide.hint is not None and self.guide.hint_version != self.version:
            self.guide.clear_hint()

    # -- engine ---------------------------------------------------------------------
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
        if self.move_filter is not None and self.my_turn():
            refusal = self.move_filter(move)  # the guided deal: only the coach's move
            if refusal is not None:
                self.say(refusal, warn=True, seconds=6.0)
                self.host.cards_moved()
                return False
        hand_before = list(self.game.state.hands[self.human]) if held else []
        try:
            events = self.game.apply(move)
        except IllegalMove as error:
            self.refuse_error(error)
            return False
        except NotationError as error:
            self.refuse(str(error), "R-MELD")
            return False
        self.version += 1
        self.moves_played += 1
        if self.message is not None and self.message[2]:
            self.message = None
            self.refusal = None
        self._mark_taken(events)
        if held:
            self._keep_moved(hand_before, held)
        self.host.show_events(list(events))
        return True

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
        """The cards the player picked up with the pile stay marked in the hand for the
        rest of the turn, so they can be told from the cards held before."""
        for event in events:
            if isinstance(event, ev.PileTaken) and event.seat == self.human:
                self.ui.taken = set(event.cards)
            elif isinstance(event, (ev.Discarded, ev.WentOut, ev.DealEnded, ev.Dealt)):
                self.ui.taken = set()

    def my_turn(self) -> bool:
        return self.game.state.to_act == self.human and self.human in self.people

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
        if self.message is None or not self.message[2]:
            return False
        self.message = None
        self.refusal = None
        return True

    def _forget_person(self) -> None:
        """No selection, staging, message, refusal or hint of whoever sat at the screen."""
        self.ui = HandUI()
        self.message = None
        self.refusal = None
        self.guide.forget()

    def pass_offered(self) -> bool:
        """The stock is empty and the player may pass (the Pass button shows)."""
        st = self.game.state
        return self.my_turn() and st.phase is Phase.DRAW and not st.stock and self.can(MoveKind.PASS)

    def not_now(self) -> bool:
        """True (after telling the player why) when it is not the player's move."""
        st = self.game.state
        if st.phase is Phase.OVER:
            self.refuse(N_("The deal is over."), "R-GAME")
            return True
        if st.to_act != self.human:
            if st.phase is Phase.ANSWER and st.turn == self.human:
                self.refuse(N_("Wait for your partner's answer."), "R-ASK")
            else:
                self.refuse(N_("Wait for your turn: {name} is playing."), "R-TURN", name=self.seat_name(st.to_act))  # type: ignore[arg-type]
            return True
        if st.phase is Phase.ANSWER:
            self.refuse(N_('Your partner asked "May I go out?": answer first.'), "R-ASK")
            return True
        return False

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

    # -- player intents (mouse, keys and buttons) ---------------------------------------
    def click_stock(self) -> None:
        if self.not_now():
            return
        st = self.game.state
        if st.phase is not Phase.DRAW:
            self.refuse(N_("You have drawn already: meld, then discard."), "R-TURN")
            return
        if not st.stock:
            self.refuse(self.guide.empty_stock_msgid(), self._exhausted_rule())
            return
        self.play(Move.draw())

    def _exhausted_rule(self) -> str:
        """The rule of an empty stock: R-EXHAUSTED, or the Samba family's own."""
        rules = self.config.rules
        if rules.foot:
            return "V-HF-STOCK"
        return "V-SAMBA-EXHAUSTED" if rules.meld_list else "R-EXHAUSTED"

    def click_pile(self) -> None:
        if self.not_now():
            return
        st = self.game.state
        selected = self.selected_cards()
        if st.phase is Phase.DRAW:
            onto = self._takes_onto_melds()
            if selected or self.ui.staged:
                self._take(selected)
            elif any(m.kind is MoveKind.TAKE and not m.groups for m in self.legal_moves()):
                self.play(Move.take())
            elif len(onto) == 1:
                self.play(onto[0])  # the top card fits one of our melds: take it onto that one
            elif onto:
                self.say(
                    _(
                        "The {card} fits several of your melds: drag it from the pile onto the one you want "
                        "(or pick the meld with [ and ], then press T)."
                    ).format(card=card_name(st.pile[-1])),
                    warn=False,
                    seconds=6.0,
                )
            else:
                self._why_no_take()
        elif len(selected) == 1:
            self.discard(selected[0])
        else:
            self.say(_("Drag one card onto the pile (or double-click it) to discard."), warn=False)

    def _takes_onto_melds(self) -> list[Move]:
        """The legal takes of the pile's top card alone onto one of our melds (`take +N:`)."""
        return [
            m
            for m in self.legal_moves()
            if m.kind is MoveKind.TAKE and len(m.groups) == 1 and m.groups[0].target is not None
        ]

    def _why_no_take(self) -> None:
        """A click on a pile that cannot be taken as it is: say what stands in the way."""
        st = self.game.state
        if not st.pile:
            self.refuse(N_("The discard pile is empty."), "R-TAKE")
        elif st.pile_blocked():
            top = st.pile[-1]
            if top.is_black_three:
                self.refuse(
                    N_("A black three on top blocks the pile: nobody may take it while it is on top."), "R-BLOCKED"
                )
            else:
                self.refuse(
                    N_("A wild card on top blocks the pile: nobody may take it while it is on top."), "R-BLOCKED"
                )
        elif not self.config.rules.take_onto_meld:  # Hand and Foot: no freezing, always the pair
            self.refuse(
                N_(
                    "Only a natural pair of the top card takes the pile in this game: select the pair "
                    "and drop it on the pile."
                ),
                "V-HF-TAKE",
            )
        elif st.pile_frozen > 0:
            self.refuse(
                N_(
                    "The pile is frozen (a wild card or red three is in it): only a natural "
                    "pair of the top card takes it. Select the pair and drop it on the pile."
                ),
                "R-FROZEN",
            )
        elif st.pile_frozen_for(self.human_side):
            self.refuse(
                N_(
                    "The pile is frozen for us until we have melded: only a natural pair of "
                    "the top card takes it, with the initial meld. Select the pair and drop "
                    "it on the pile."
                ),
                "R-FROZEN",
            )
        else:
            self.say(
                _("To take the pile, select the cards that meld its top card and drop them on the pile."), warn=False
            )

    def click_meld(self, target: DropTarget) -> None:
        """A click on one of our meld columns: a staged one goes back to the hand; else the
        selected cards go onto it."""
        if target.staged_index is not None:
            if self.ui.unstage(target.staged_index):  # (none: laid since the press began)
                self.host.cards_moved()
            return
        selected = self.selected_cards()
        if selected:
            self._drop_on_meld(selected, target)

    def double_click(self, card: Card) -> None:
        if self.not_now():
            return
        if self.game.state.phase is not Phase.MELD:
            self.refuse(N_("Draw first: click the stock or take the pile."), "R-TURN")
            return
        self.discard(card)

    def drop(self, cards: list[Card], target: DropTarget) -> None:
        """`cards` let go on `target` (see table_layout.drop_target)."""
        if target.kind == "pile":
            if self.not_now():
                return
            if self.game.state.phase is Phase.DRAW:
                self._take(cards)
            elif len(cards) != 1:
                self.refuse(N_("Discard one card at a time; drop several cards on the table to meld."), "R-TURN")
            else:
                self.discard(cards[0])
        elif target.kind == "meld":
            self._drop_on_meld(cards, target)
        elif target.kind == "new-meld":
            self._drop_new_meld(cards)
        elif target.kind == "hand":
            self.arranger.reorder(cards, target.index)
        elif target.kind == "their-meld":
            # R-OWN-MELDS (cards let go on another side's meld flew back without a word).
            if self.config.partnerships:
                self.refuse(
                    N_("You may add only to your side's melds: drop the cards in your side's area."), "R-OWN-MELDS"
                )
            else:
                self.refuse(N_("You may add only to your own melds: drop the cards in your area."), "R-OWN-MELDS")
        else:
            self.host.cards_moved()  # nowhere: back to the hand

    @property
    def listed(self) -> bool:
        """The side's melds are a numbered list (the Samba family): each meld is addressed
        by its number (`+N:`), and sequences and wild melds may be laid."""
        return table_facts.listed(self.config)

    def _group(self, cards: list[Card], rank: Rank | None = None, number: int | None = None) -> Group | None:
        """The group `cards` make (onto meld `number`, or the meld of `rank`), or None after
        saying why they make none. In the Samba family any shape goes to the engine, which
        judges it (a sequence, a wild meld); only what is no meld at all is refused here."""
        if self.listed and rank is None:
            problem = self._shape_problem(cards) if number is None else None
            if problem is not None:
                self.refuse_error(problem)
                return None
            return Group.parsed(cards, None, number)
        try:
            return Group.of(cards, rank)
        except NotationError:
            if rank is not None:
                self.refuse(N_("Those cards do not go with the {rank}s."), "R-ADD", rank=rank.symbol)
            elif all(c.is_wild for c in cards):
                self.refuse(N_("Wild cards alone go onto a meld: drop them on one."), "R-MELD")
            else:
                self.refuse(N_("A meld holds cards of one rank (plus wild cards)."), "R-MELD")
            return None

    def _shape_problem(self, cards: list[Card]) -> IllegalMove | None:
        """Why `cards` cannot start a meld of the Samba family's kinds (V-SAMBA-MELDS,
        V-BOL-WILD), judged before they are staged; None when they may."""
        rules = self.config.rules
        naturals = {c.rank for c in cards if not c.is_wild}
        problem: Problem | None = None
        if len(naturals) > 1:
            if not rules.sequences:
                problem = ("R-MELD", N_("a meld holds cards of one rank"), {})
            else:
                problem = sequence_problem(cards)
        elif not naturals:
            if not rules.wild_melds:
                problem = ("V-SAMBA-MELDS", N_("wild cards are never melded alone"), {})
            elif len(cards) > CANASTA_SIZE:
                problem = wild_meld_problem(len(cards))
        if problem is None:
            return None
        rule, message_id, params = problem
        return IllegalMove(rule, message_id, None, **params)

    def staging(self) -> bool:
        """True while the player's side has not melded: melds are staged."""
        return not self.game.state.has_melded(self.human_side)

    def _drop_new_meld(self, cards: list[Card]) -> None:
        if self.not_now():
            return
        if any(c.rank == 3 for c in cards) and not all(c.is_black_three for c in cards):
            rules = self.config.rules
            if rules.black_threes_max < 3:  # Hand and Foot: threes never meld
                self.refuse(N_("threes are never melded in Hand and Foot"), "V-HF-BOOKS")
            elif rules.black_threes_max == 4:
                self.refuse(N_("Black threes meld only as three or four of them when going out."), "R-BLACK3")
            else:  # three packs
                self.refuse(
                    N_("black threes are melded only as three to {max} of them"),
                    "V-BLACK3",
                    max=rules.black_threes_max,
                )
            return
        if self.staging():
            group = self._group(cards)
            if group is None:
                return
            single = len({c.rank for c in cards if not c.is_wild}) == 1
            for staged in self.ui.staged:  # one meld per rank: merge into the staged one
                naturals = [c for c in staged if not c.is_wild]
                if single and naturals and len({c.rank for c in naturals}) == 1 and naturals[0].rank == group.rank:
                    staged.extend(cards)
                    break
            else:
                self.ui.stage(list(cards))
            self.ui.selected -= set(cards)
            self.host.cards_moved()
            return
        self._meld_now(cards)

    def _meld_now(self, cards: list[Card], rank: Rank | None = None, number: int | None = None) -> None:
        """Lay `cards` as one group at once (the side has melded): new, or added to `rank`'s
        meld, or (the Samba family) to meld `number`. An addition that alone would leave one
        card (R-KEEP-TWO, V-KEEP-TWO) is held, staged, and laid with the next ones in one
        move: going out may need two additions at once (a king and a queen onto two melds)."""
        if self.game.state.phase is not Phase.MELD:
            self.refuse(N_("Draw first: click the stock or take the pile."), "R-TURN")
            return
        onto = (None if number is not None else rank, number)
        group = self._group(cards, *onto)
        held = self._staged_groups()
        if group is None or held is None:
            return
        move = Move.meld(*held, group)
        refusal = self._refusal_of(move)
        if refusal is not None and refusal.rule in HELD_BY and self._part_of_a_meld_move([*held, group]):
            self.ui.stage(list(cards), *onto)
            self.ui.selected -= set(cards)
            self.say(
                _(
                    "Held: alone it would leave you one card. Add the rest of your going out, "
                    "then Lay melds; Take back returns it to your hand."
                ),
                warn=False,
                seconds=6.0,
            )
            self.host.cards_moved()
            return
        if self.play(move, [*self.ui.staged_cards(), *cards]):
            self.ui.clear_staged()
            self.ui.selected -= set(cards)
            self.host.cards_moved()

    def _staged_groups(self) -> list[Group] | None:
        """The staged groups as the engine's groups, each onto its target; None after saying
        why one makes none."""
        groups = [self._group(cards, *self.ui.onto(index)) for index, cards in enumerate(self.ui.staged)]
        return None if any(g is None for g in groups) else groups  # type: ignore[return-value]

    def _part_of_a_meld_move(self, groups: list[Group]) -> bool:
        """Whether some legal meld move lays `groups` and more with them (going out by two
        additions): only then is a refused addition held (else the refusal says why)."""
        wanted = Counter(str(g) for g in groups)
        return any(
            move.kind is MoveKind.MELD and not wanted - Counter(str(g) for g in move.groups)
            for move in self.legal_moves()
        )

    def _refusal_of(self, move: Move) -> IllegalMove | None:
        """Why the engine would refuse `move` now (tried on a copy), or None."""
        try:
            self.game.state.copy().apply(move)
        except IllegalMove as error:
            return error
        return None

    def _drop_on_meld(self, cards: list[Card], target: DropTarget) -> None:
        if self.not_now():
            return
        if target.staged_index is not None:
            if target.staged_index >= len(self.ui.staged):
                self.host.cards_moved()  # laid since: back to the hand
                return
            staged = self.ui.staged[target.staged_index]
            if self._group(staged + cards, *self.ui.onto(target.staged_index)) is not None:
                staged.extend(cards)
                self.ui.selected -= set(cards)
                self.host.cards_moved()
            return
        self._meld_now(cards, target.rank, target.number)

    def take_onto(self, target: DropTarget) -> None:
        """The pile's top card onto one of our melds (dragged there, or the keyboard's
        focused meld): `take +N:` in the Samba family (V-SAMBA-TAKE b), the plain take
        adding it to our meld of its rank in the classic variants."""
        if self.not_now():
            return
        st = self.game.state
        if st.phase is not Phase.DRAW:
            self.refuse(N_("You have drawn already: meld, then discard."), "R-TURN")
            return
        if target.staged_index is not None:
            self.refuse(N_("Drop the cards that meld the top card on the pile to take it."), "R-TAKE")
            return
        if target.number is not None:
            move = Move.take(Group.to(Rank.JOKER, (), target.number))
        # (A wild card or black three on top blocks the pile: the engine's own refusal says so.)
        elif st.pile and target.rank is not None and target.rank != st.pile[-1].rank and st.pile[-1].rank.meldable:
            top = st.pile[-1]
            if top.rank in st.melds[self.config.side_of(st.turn)]:
                self.refuse(
                    N_("The {card} on top goes only onto your meld of its rank."), "R-TAKE", card=card_name(top)
                )
            else:  # (no meld of its rank: saying "its meld" would suggest there is one)
                self.refuse(
                    N_(
                        "You have no meld of {rank}s: to take the pile, select cards of your hand that meld "
                        "the {card}, then press T or drop them on the pile."
                    ),
                    "R-TAKE",
                    rank=rank_name(top.rank),
                    card=card_name(top),
                )
            return
        else:
            move = Move.take()
        if self.play(move):
            self.ui.selected.clear()
            self.host.cards_moved()

    def _take(self, cards: list[Card]) -> None:
        st = self.game.state
        if not st.pile:
            self.refuse(N_("The discard pile is empty."), "R-TAKE")
            return
        top = st.pile[-1]
        groups: list[Group] = []
        if cards:
            try:
                groups.append(Group.of(cards, top.rank if top.rank.meldable else None))
            except NotationError:
                self.refuse(
                    N_("To take the pile, drop cards that meld the {card} on top."), "R-TAKE", card=card_name(top)
                )
                return
        staged = self._staged_groups()
        if staged is None:
            return
        if staged and not groups:
            self.refuse(N_("Drop the cards that meld the top card on the pile to take it."), "R-TAKE")
            return
        move = Move.take(*groups, *staged)
        if self.play(move, [*cards, *self.ui.staged_cards()]):
            self.ui.clear_staged()
            self.ui.selected.clear()
            self.host.cards_moved()

    def discard(self, card: Card, confirmed: bool = False) -> None:
        if self.ui.staged:  # a discard ends the turn: staged melds would be lost unlaid
            self.refuse(N_("Lay your staged cards first (Lay melds), or take them back, then discard."))
            return
        # The hint's own discard was weighed already: following it needs no warning.
        hint = self.guide.hint
        hinted = hint is not None and str(hint.move) == str(Move.discard(card))
        if not confirmed and not hinted and self.confirm_risky and Move.discard(card) in self.legal_moves():
            risk = discard_risk(self.game.state.observation(self.human), card)
            if risk is not None:
                version = self.version

                def discard_anyway() -> None:
                    if self.version == version:
                        self.discard(card, confirmed=True)

                if self.host.confirm_discard(card, risk.text, discard_anyway):
                    return
        if self.play(Move.discard(card), [card]):
            self.ui.clear_staged()
            self.ui.selected.discard(card)
            # The turn is over: the hand closes up at once, though the pointer rests on it
            # (it held still only so that quick clicks in the turn hit the cards aimed at).
            self.ui.hold = None
            self.host.cards_moved()

    def confirm_staged(self) -> None:
        if not self.ui.staged or self.not_now():
            return
        if self.game.state.phase is Phase.DRAW:
            self.refuse(
                N_(
                    "Draw first, or take the pile by dropping the cards that meld its "
                    "top card on it: your staged melds go with the take."
                ),
                "R-TURN",
            )
            return
        groups = self._staged_groups()
        if groups is None:
            return
        if self.play(Move.meld(*groups), list(self.ui.staged_cards())):
            self.ui.clear_staged()
            self.host.cards_moved()

    def cancel_staged(self) -> None:
        if self.ui.staged:
            self.ui.clear_staged()
            self.host.cards_moved()

    def ask_partner(self) -> None:
        if self.not_now():
            return
        if self.ui.staged:
            self.refuse(N_("Take back your staged melds before asking."), "R-ASK")
            return
        self.play(Move(MoveKind.ASK))

    def ask_offered(self) -> bool:
        """The "May I go out?" button shows and may be pressed."""
        return self.config.ask_allowed and not self.pass_offered() and self.my_turn() and self.can(MoveKind.ASK)

    def key_ask(self) -> None:
        """A: ask the partner, or say why not."""
        if self.ask_offered():
            self.ask_partner()
        elif not self.config.ask_allowed:
            self.refuse(N_("there is no partner to ask in this variant"), "R-ASK")
        elif not self.not_now():
            if self.can(MoveKind.ASK):  # legal, but the table offers a pass instead
                self.refuse(N_("You may not ask now: you could not go out this turn."), "R-ASK")
            else:
                self.play(Move(MoveKind.ASK))  # refused: the engine's own reason (asked already, ...)

    def answer(self, yes: bool) -> None:
        st = self.game.state
        if st.phase is Phase.ANSWER and st.to_act == self.human:
            self.play(Move(MoveKind.YES if yes else MoveKind.NO))

    def pass_turn(self) -> None:
        if not self.not_now():
            self.play(Move(MoveKind.PASS))

    def key_take(self) -> None:
        """T: take the pile with the selected cards (or by adding it to our meld)."""
        if self.not_now():
            return
        if self.game.state.phase is not Phase.DRAW:
            self.refuse(N_("You have drawn already: meld, then discard."), "R-TURN")
            return
        selected = self.selected_cards()
        if selected or self.ui.staged:
            self._take(selected)
        elif self.ui.meld_focus is not None:
            self.take_onto(self.ui.meld_focus)
        elif self.listed and not any(m.kind is MoveKind.TAKE and not m.groups for m in self.legal_moves()):
            self.click_pile()  # the one meld the top card fits, or why not
        else:
            self.play(Move.take())

    def key_meld(self) -> None:
        """M: meld the selected cards: onto the meld the keyboard focuses ([ and ]), else onto
        our meld of their rank, or as a new (staged) meld."""
        cards = self.selected_cards()
        if not cards:
            self.say(_("Select cards first (arrow keys and Space), then press M to meld them."), warn=False)
            return
        if self.ui.meld_focus is not None:
            self._drop_on_meld(cards, self.ui.meld_focus)
            return
        naturals = {c.rank for c in cards if not c.is_wild}
        rank = next(iter(naturals)) if len(naturals) == 1 else None
        if rank is not None:
            target = self._meld_of_rank(rank)
            if target is not None:
                self._drop_on_meld(cards, target)
                return
        self._drop_new_meld(cards)

    def _meld_of_rank(self, rank: Rank) -> DropTarget | None:
        """Our column of `rank` the M key adds to: a laid meld (once we have melded), else a
        staged group (as the table shows them: laid melds first, then staged groups)."""
        st = self.game.state
        if not self.staging() and self.listed:
            number = open_group(st.side_melds(self.human_side), rank)
            if number is not None:
                return DropTarget("meld", rank, number=number)
        elif not self.staging() and rank in st.melds[self.human_side]:
            return DropTarget("meld", rank)
        for index, group in enumerate(g for g in self.ui.staged if g):
            naturals = [c for c in group if not c.is_wild]
            if naturals and naturals[0].rank == rank:
                return DropTarget("meld", rank, index)
        return None

    def key_discard(self) -> None:
        """X: discard the selected card (or the one under the cursor)."""
        if self.not_now():
            return
        cards = self.selected_cards()
        if not cards and self.ui.cursor in self.hand_cards():
            cards = [self.ui.cursor]
        if len(cards) != 1:
            self.refuse(N_("Select one card to discard (arrow keys and Space), then press X."), "R-TURN")
            return
        if self.game.state.phase is not Phase.MELD:
            self.refuse(N_("Draw first: click the stock or take the pile."), "R-TURN")
            return
        self.discard(cards[0])

    # -- what is shown ------------------------------------------------------------------
