"""The state of one deal and every transition of it.

State changes only through `GameState.apply(move)`, which validates the whole move
first (raising `IllegalMove` and leaving the state untouched) and then mutates the
state and returns the events it caused. `copy()` is cheap for search.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from operator import attrgetter
from typing import Any, ClassVar, NoReturn

from .cards import ALL_CARDS, Card, Rank
from .config import RulesConfig
from .errors import N_, IllegalMove
from .events import (
    Answered,
    Asked,
    CanastaMade,
    DealEnded,
    Dealt,
    Discarded,
    Drew,
    Event,
    Melded,
    PileTaken,
    RedThreeLaid,
    TurnPassed,
    UpcardTurned,
    WentOut,
)
from .melds import CANASTA_SIZE, Meld, meld_problem
from .moves import Group, Move, MoveKind, Plan
from .observation import Observation
from .phase import Phase
from .scoring import DealResult, SideScore, game_winner, red_three_score
from .turn import NEW_TURN, Drawn, Turn

_FEW_FACES = 4  # up to this many faces `_pick` scans the hand for each


# Enum members read on every move, bound once: on Python 3.11 reading a member off its
# Enum class costs about ten times reading a module global.
_DRAW_PHASE, _MELD_PHASE, _ANSWER_PHASE, _OVER = Phase.DRAW, Phase.MELD, Phase.ANSWER, Phase.OVER
_DRAW, _TAKE, _MELD, _DISCARD = MoveKind.DRAW, MoveKind.TAKE, MoveKind.MELD, MoveKind.DISCARD
_ASK, _YES, _NO, _PASS = MoveKind.ASK, MoveKind.YES, MoveKind.NO, MoveKind.PASS
_STOCK, _PILE = Drawn.STOCK, Drawn.PILE
_JOKER = Rank.JOKER
# The cards that freeze the pile while in it: wild cards and red threes (R-FROZEN).
_FREEZES_PILE = frozenset(c for c in ALL_CARDS if c.is_wild or c.is_red_three)
_IS_WILD = attrgetter("is_wild")  # (summed: a bool counts 0 or 1)


def _known_items(known: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """A seat's known faces as an observation shows them: sorted (most seats know none)."""
    return tuple(sorted(known.items())) if known else ()


class GameState:
    """One deal of Canasta. Build with `GameState.deal(...)` or from a position.

    The rules of a deal and its transitions live here; listing the legal moves and
    planning a way out are each kind of deal's own (game/rules/deals.py binds them:
    classic's game/rules/movegen.py, the Samba family's game/rules/family_moves.py), so
    this module imports neither. Every state is of one of those kinds: `empty`, `deal`
    and `from_observation` pick it from the variant."""

    __slots__ = (
        "config",
        "out",
        "order",
        "scores",
        "dealer",
        "turn",
        "phase",
        "hands",
        "counts",
        "melds",
        "red_threes",
        "pile",
        "pile_frozen",
        "stock",
        "laid_in_deal",
        "known",
        "this_turn",
        "result",
        "seed",
    )

    config: RulesConfig
    out: int | None  # V-FIVE: the seat sitting out this deal
    order: tuple[int, ...]  # the seats that play this deal, in turn order
    scores: list[int]  # each side's cumulative score at the start of the deal
    dealer: int
    turn: int  # whose turn it is (the asker, in the answer phase)
    phase: Phase
    hands: list[list[Card]]
    counts: list[list[int]]  # per seat, cards in hand per rank index (2..15)
    melds: list[dict[Rank, Meld]]
    red_threes: list[list[Card]]
    pile: list[Card]  # bottom first
    pile_frozen: int  # wild cards and red threes in the pile (R-FROZEN)
    stock: list[Card]  # top of the stock is the LAST element
    laid_in_deal: list[bool]  # per seat: laid or added a card in an earlier turn
    known: list[dict[str, int]]  # per seat: faces seen going into the hand with a pile
    this_turn: Turn  # what the player whose turn it is has done this turn
    result: DealResult | None
    seed: int

    # The kind of deal for each value of `Variant.meld_list`: the classes that declare it
    # (`class ClassicDeal(GameState, meld_list=False)`, game/rules/deals.py).
    _KINDS: ClassVar[dict[bool, type[GameState]]] = {}

    def __init_subclass__(cls, meld_list: bool | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if meld_list is not None:
            GameState._KINDS[meld_list] = cls

    # ------------------------------------------------------------------ setup
    @classmethod
    def empty(
        cls, config: RulesConfig, scores: Sequence[int] | None = None, dealer: int = 0, out: int | None = None
    ) -> GameState:
        """A deal with no cards anywhere yet, of the kind the variant plays."""
        kind = GameState._KINDS.get(config.rules.meld_list)
        assert kind is not None, "game/rules/deals.py declares the kinds of deal (game/rules/__init__.py imports it)"
        s = object.__new__(kind)
        s._init_empty(config, scores, dealer, out)
        return s

    def _init_empty(self, config: RulesConfig, scores: Sequence[int] | None, dealer: int, out: int | None) -> None:
        s = self
        n, sides = config.players, config.sides
        s.config = config
        s.out = out
        s.order = config.play_order(out)
        s.scores = list(scores) if scores is not None else [0] * sides
        s.dealer = dealer
        s.turn = s.next_seat(dealer)
        s.phase = _DRAW_PHASE
        s.hands = [[] for _ in range(n)]
        s.counts = [[0] * 16 for _ in range(n)]
        s.melds = [{} for _ in range(sides)]
        s.red_threes = [[] for _ in range(sides)]
        s.pile = []
        s.pile_frozen = 0
        s.stock = []
        s.laid_in_deal = [False] * n
        s.known = [{} for _ in range(n)]
        s.result = None
        s.seed = 0
        s._reset_turn()

    @classmethod
    def deal(
        cls,
        config: RulesConfig,
        rng: random.Random,
        scores: Sequence[int] | None = None,
        dealer: int = 0,
        out: int | None = None,
        deal_no: int = 1,
    ) -> tuple[GameState, list[Event]]:
        """Shuffle and deal a new deal (R-DEAL, R-UPCARD, R-DEALT-RED3, R-FIRST). V-FIVE:
        `out` sits out (by default the first of the rotation who is not the dealer).
        `deal_no` (from 1) matters to variants played over a number of deals (V-HF-MIN)."""
        if config.rules.sit_out and out is None:
            out = next(seat for seat in config.rules.sit_out if seat != dealer)
        s = cls.empty(config, scores, dealer, out)
        stock = list(config.deck)
        rng.shuffle(stock)
        s.stock = stock
        n = len(s.order)
        at = s.order.index(dealer)
        order = [s.order[(at + 1 + i) % n] for i in range(n)]
        for _ in range(config.hand_size):
            for seat in order:
                s._to_hand(seat, stock.pop())
        s._start_deal(deal_no, order)
        events: list[Event] = [Dealt(dealer, tuple(tuple(h) for h in s.hands))]
        while True:  # R-UPCARD: a wild or red three upcard is buried under another
            card = stock.pop()
            s.pile.append(card)
            events.append(UpcardTurned(card))
            if card.is_wild or card.is_red_three:
                s.pile_frozen += 1
            else:
                break
        for seat in order:  # R-DEALT-RED3, in seat order from the first player
            for card in [c for c in s.hands[seat] if c.is_red_three]:
                s._from_hand(seat, card)
                events.extend(s._lay_red_three_and_replace(seat, card))
        return s, events

    def _start_deal(self, deal_no: int, order: Sequence[int]) -> None:
        """After the hands are dealt: what a variant deals beside them (V-HF-DEAL)."""

    @classmethod
    def from_observation(
        cls,
        obs: Observation,
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        feet: Sequence[Sequence[Card] | None] | None = None,
    ) -> GameState:
        """A full state consistent with `obs`, with the hidden cards as given: `hands`
        for every seat (the observer's own hand must match), `stock` top first and, in
        Hand and Foot, the `feet` still face down (None: empty stand-ins of no card).
        Bots use this to play out sampled worlds (determinization)."""
        s = cls.empty(obs.config, obs.scores, obs.dealer, obs.out)
        s.turn = obs.turn
        s.phase = obs.phase
        for seat, hand in enumerate(hands):
            if hand:  # (as `_to_hand` card by card)
                held = s.hands[seat]
                held.extend(hand)
                counts = s.counts[seat]
                for card in held:
                    counts[card.rank] += 1
        for side, melds in enumerate(obs.melds):
            s._set_side_melds(side, melds)
        s.red_threes = [list(r) for r in obs.red_threes]
        s.pile = list(obs.pile)
        s.pile_frozen = sum(map(_FREEZES_PILE.__contains__, s.pile))
        s.stock = list(reversed(stock))
        s.laid_in_deal = list(obs.laid_in_deal)
        s.known = [dict(k) for k in obs.known]
        s.this_turn = obs.this_turn
        s._restore_feet(obs, feet)
        return s

    def _restore_feet(self, obs: Observation, feet: Sequence[Sequence[Card] | None] | None) -> None:
        """The Samba family keeps feet and the deal's number; the classic deal has neither."""

    def _reset_turn(self) -> None:
        self.this_turn = NEW_TURN

    def _set_side_melds(self, side: int, melds: Sequence[Meld]) -> None:
        self.melds[side] = {m.rank: m for m in melds}

    def side_melds(self, side: int) -> tuple[Meld, ...]:
        """A side's melds: by rank here; in the order they were laid in the Samba family."""
        m = self.melds[side]
        return tuple(map(m.__getitem__, sorted(m)))

    def copy(self) -> GameState:
        s = object.__new__(self.__class__)
        s.config = self.config
        s.out = self.out
        s.order = self.order
        s.scores = self.scores[:]
        s.dealer = self.dealer
        s.turn = self.turn
        s.phase = self.phase
        s.hands = [h[:] for h in self.hands]
        s.counts = [c[:] for c in self.counts]
        s.melds = [dict(m) for m in self.melds]
        s.red_threes = [r[:] for r in self.red_threes]
        s.pile = self.pile[:]
        s.pile_frozen = self.pile_frozen
        s.stock = self.stock[:]
        s.laid_in_deal = self.laid_in_deal[:]
        s.known = [dict(k) for k in self.known]
        s.this_turn = self.this_turn  # frozen: shared, never copied
        s.result = self.result
        s.seed = self.seed
        return s

    # ------------------------------------------------------------ public facts
    @property
    def to_act(self) -> int | None:
        """The seat that must move now (the partner, in the answer phase)."""
        if self.phase is _OVER:
            return None
        if self.phase is _ANSWER_PHASE:
            return self.partner_of(self.turn)
        return self.turn

    def next_seat(self, seat: int) -> int:
        """The player after `seat` in this deal's turn order (clockwise; V-FIVE)."""
        order = self.order
        return order[(order.index(seat) + 1) % len(order)]

    def partner_of(self, seat: int) -> int | None:
        """The partner `seat` asks "May I go out?" in this deal (R-ASK, V-SIX-ASK, V-FIVE:
        the other player of the side of three who plays this deal)."""
        if self.out is None:
            return self.config.partner_of(seat)
        others = [s for s in self.config.seats_of_side(self.config.side_of(seat)) if s != seat and s != self.out]
        return others[0] if len(others) == 1 else None

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    def side_of(self, seat: int) -> int:
        return self.config.side_of(seat)

    def has_melded(self, side: int) -> bool:
        return bool(self.melds[side])

    def minimum(self, side: int) -> int:
        """R-MIN: the initial-meld minimum of a side for this deal."""
        return self.config.rules.minimum_for(self.scores[side])

    def canastas(self, side: int) -> int:
        n = 0
        for m in self.melds[side].values():
            if m.naturals + m.wilds >= CANASTA_SIZE:
                n += 1
        return n

    def pile_frozen_for(self, side: int) -> bool:
        """R-FROZEN: frozen for everyone while it holds a wild or red three, and for a
        side that has not melded."""
        return self.pile_frozen > 0 or not self.melds[side]

    def pile_blocked(self) -> bool:
        """R-BLOCKED: a wild card or black three on top."""
        if not self.pile:
            return False
        top = self.pile[-1]
        return top.is_wild or top.is_black_three

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to act (the kind of deal's listing)."""
        raise NotImplementedError("a kind of deal lists its moves (game/rules/deals.py)")

    def go_out_plan(self) -> Plan | None:
        """A way for the player to act to go out this turn, or None (the kind of deal's
        planner): the groups of one meld move and the card to discard after it."""
        raise NotImplementedError("a kind of deal plans going out (game/rules/deals.py)")

    def can_go_out(self) -> bool:
        """Could the player to act go out this turn from here (R-ASK)?"""
        return self.phase is _MELD_PHASE and self.go_out_plan() is not None

    def plan_facts(self) -> tuple[object, ...]:
        """Every fact of this state the going-out planner reads, for the player to act in the
        meld phase (game/rules/plan_memo.py): two states with equal facts plan alike."""
        seat = self.turn
        side = self.config.side_of(seat)
        return (
            self.__class__,
            self.config,
            self.phase,
            seat,
            self.this_turn,
            self.laid_in_deal[seat],
            self.scores[side],  # (the initial meld's minimum)
            tuple(self.hands[seat]),
            tuple(self.counts[seat]),
            dict(self.melds[side]),  # (equal whatever the order the ranks were melded in)
        )

    def observation(self, seat: int) -> Observation:
        """What `seat` sees: its own hand and every public fact (the legal moves when it
        is to act)."""
        to_act = self.to_act
        # Positional, in the order of Observation's fields: built for every move of a
        # playout, and a call by keyword costs about twice as much.
        return Observation(
            seat,
            self.config,
            tuple(self.hands[seat]),
            tuple(map(len, self.hands)),  # hand_sizes
            tuple(map(self.side_melds, range(self.config.sides))),  # melds
            tuple(map(tuple, self.red_threes)),
            tuple(self.pile),
            self.pile_frozen > 0,
            len(self.stock),  # stock_size
            tuple(self.scores),
            self.dealer,
            self.turn,
            self.phase,
            to_act,
            self.this_turn,
            tuple(self.laid_in_deal),
            self.out,
            tuple(map(_known_items, self.known)),  # known
            tuple(self.legal_moves()) if to_act == seat else (),  # legal
            self.foot_sizes(),  # feet
            self.deal_number,  # deal_no
        )

    def foot_sizes(self) -> tuple[int | None, ...]:
        """Per seat, the cards of its face-down foot (None once picked up); empty where
        the variant has no feet (V-HF-DEAL)."""
        return ()

    @property
    def deal_number(self) -> int:
        """The deal's number in a game of a fixed number of deals (V-HF-MIN), else 1."""
        return 1

    # ------------------------------------------------------------- hand helpers
    def _to_hand(self, seat: int, card: Card) -> None:
        self.hands[seat].append(card)
        self.counts[seat][card.rank] += 1

    def _from_hand(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self.counts[seat][card.rank] -= 1
        known = self.known[seat]
        if known:
            n = known.get(card.face)
            if n:
                if n == 1:
                    del known[card.face]
                else:
                    known[card.face] = n - 1

    def _pick(self, seat: int, faces: Sequence[Card]) -> list[Card] | None:
        """Physical cards of the hand matching `faces` (face cards), or None: for each
        face in turn, the first card of the hand with that face not picked already."""
        hand = self.hands[seat]
        if len(faces) <= _FEW_FACES:  # a discard or a small meld: scanning is cheapest
            used: list[Card] = []
            for face in faces:
                for card in hand:
                    if card.face_card is face and card not in used:
                        used.append(card)
                        break
                else:
                    return None
            return used
        # Many faces (a going-out meld): the hand's copies of each face, first at the end.
        copies: dict[Card, list[Card]] = {}
        for card in reversed(hand):
            face_copies = copies.get(card.face_card)
            if face_copies is None:
                copies[card.face_card] = [card]
            else:
                face_copies.append(card)
        picked: list[Card] = []
        for face in faces:
            face_copies = copies.get(face)
            if not face_copies:
                return None
            picked.append(face_copies.pop())
        return picked

    def _lay_red_three_and_replace(self, seat: int, card: Card) -> list[Event]:
        """Lay a red three from the hand or stock and draw a replacement (R-RED3)."""
        side = self.config.side_of(seat)
        events: list[Event] = []
        while True:
            self.red_threes[side].append(card)
            events.append(RedThreeLaid(seat, side, card))
            if not self.stock:
                return events
            card = self.stock.pop()
            events.append(Drew(seat, card))
            if not card.is_red_three:
                self._to_hand(seat, card)
                return events

    # ------------------------------------------------------------------ apply
    def apply(self, move: Move) -> list[Event]:
        """Apply a legal move and return its events; raise IllegalMove otherwise."""
        kind = move.kind
        phase = self.phase
        if phase is _OVER:
            raise IllegalMove("R-GAME", N_("the deal is over"), move)
        if phase is _ANSWER_PHASE:
            if kind is _YES or kind is _NO:
                return self._apply_answer(kind is _YES)
            raise IllegalMove(self.ask_rule(), N_('your partner asked "May I go out?": answer yes or no'), move)
        if kind is _YES or kind is _NO:
            raise IllegalMove(self.ask_rule(), N_("nobody asked to go out"), move)
        if phase is _DRAW_PHASE:
            if kind is _DRAW:
                return self._apply_draw()
            if kind is _TAKE:
                return self._apply_take(move)
            if kind is _PASS:
                return self._apply_pass()
            raise IllegalMove("R-TURN", N_("draw from the stock or take the pile first"), move)
        # _MELD_PHASE
        if kind is _DISCARD:
            return self._apply_discard(move)
        if kind is _MELD:
            return self._apply_meld(move)
        if kind is _ASK:
            return self._apply_ask()
        if kind is _PASS:
            raise IllegalMove("R-EXHAUSTED", N_("you may pass only instead of drawing from an empty stock"), move)
        raise IllegalMove("R-TURN", N_("you have drawn already: meld or discard"), move)

    # -- draw
    def _apply_draw(self) -> list[Event]:
        if not self.stock:
            raise IllegalMove("R-EXHAUSTED", N_("the stock is empty: take the pile or pass"))
        seat = self.turn
        events: list[Event] = []
        need = self.config.draw_count
        while need and self.stock:
            card = self.stock.pop()
            events.append(Drew(seat, card))
            if card.is_red_three:  # R-RED3: laid at once, draw again
                self.red_threes[self.config.side_of(seat)].append(card)
                events.append(RedThreeLaid(seat, self.config.side_of(seat), card))
                if not self.stock:  # R-LASTRED3
                    events.extend(self._end_deal("last-red-three"))
                    return events
                continue
            self._to_hand(seat, card)
            need -= 1
        self.phase = _MELD_PHASE
        self.this_turn = self.this_turn.drew(_STOCK)
        return events

    # -- pass
    def _apply_pass(self) -> list[Event]:
        if self.stock:
            raise IllegalMove("R-EXHAUSTED", N_("you may pass only when the stock is empty"))
        if self.take_forced():
            raise IllegalMove(
                "R-EXHAUSTED", N_("the stock is empty and the top card fits your side's meld: you must take the pile")
            )
        return self._end_deal("stock-exhausted")

    def take_forced(self) -> bool:
        """R-EXHAUSTED: stock empty, pile not frozen for the side, top card addable."""
        if self.stock or not self.pile:
            return False
        try:
            self._check_take(Move(_TAKE, ()))
        except IllegalMove:
            return False
        return True

    # -- take
    def _refuse_frozen(self, move: Move, top: Card) -> NoReturn:
        """R-FROZEN: a frozen pile is taken only with a natural pair of the top card's rank;
        the refusal says why it is frozen (for everyone, or for a side that has not melded)."""
        if self.pile_frozen:
            raise IllegalMove(
                "R-FROZEN",
                N_("the pile is frozen: take it only with a natural pair of {ranks} from your hand"),
                move,
                ranks=top.rank.symbol,
            )
        raise IllegalMove(
            "R-FROZEN",
            N_(
                "your side has not melded this deal, so the pile is "
                "frozen for it: take it only with a natural "
                "pair of {ranks} from your hand"
            ),
            move,
            ranks=top.rank.symbol,
        )

    def _pile_top_to_take(self, move: Move) -> Card:
        """The pile's top card, once the pile may be taken at all this turn (whatever the take's
        cards): not empty, not blocked (R-BLOCKED), not one card to a player holding one."""
        if not self.pile:
            raise IllegalMove("R-TAKE", N_("the discard pile is empty"), move)
        top = self.pile[-1]
        if top.is_wild:
            raise IllegalMove("R-BLOCKED", N_("a wild card on top of the pile blocks it"), move)
        if top.is_black_three:
            raise IllegalMove("R-BLOCKED", N_("a black three on top of the pile blocks it"), move)
        if len(self.hands[self.turn]) == 1 and len(self.pile) == 1:
            raise IllegalMove("R-ONE-CARD", N_("holding one card you may not take a pile of one card"), move)
        return top

    def _check_take(self, move: Move) -> dict[Rank, list[Card]]:
        """Validate a take; return what applying it needs."""
        seat = self.turn
        side = self.config.side_of(seat)
        top = self._pile_top_to_take(move)
        rank = top.rank
        take_cards = move.take_cards
        if move.groups and move.groups[0].target is not None:
            self._refuse_shape(move.groups[0], move)
        for c in take_cards:
            if not c.is_wild and c.rank != rank:
                raise IllegalMove(
                    "R-TAKE",
                    N_("the top card is {card}: the take's cards must be {ranks} or wild cards"),
                    move,
                    card=top.face,
                    ranks=rank.symbol,
                )
        naturals = sum(1 for c in take_cards if not c.is_wild)
        wilds = len(take_cards) - naturals
        melds = self.melds[side]
        frozen = self.pile_frozen_for(side)
        if frozen:
            if naturals < 2:
                self._refuse_frozen(move, top)
        elif naturals < 2 and rank not in melds and not (naturals == 1 and wilds >= 1):
            # No meld of the rank to add the top card to: only the ways the player has are named.
            raise IllegalMove(
                "R-TAKE",
                N_("to take the pile, meld the {card} with two natural {ranks}, or one and a wild card"),
                move,
                card=top.face,
                ranks=rank.symbol,
            )
        groups = [Group(rank, (top,) + take_cards)] + list(move.laid_groups)
        return self._check_groups(seat, groups, move, from_pile=top)

    def _apply_take(self, move: Move) -> list[Event]:
        plan = self._check_take(move)
        seat = self.turn
        top = self.pile[-1]
        rest = self.pile[:-1]
        self.pile = []
        self.pile_frozen = 0
        events = self._bring_in_pile(seat, top, rest)
        events.extend(self._lay(seat, plan, from_pile=top, other=bool(move.laid_groups)))
        return events

    def _bring_in_pile(self, seat: int, top: Card, rest: Sequence[Card]) -> list[Event]:
        """The pile's cards below `top` into `seat`'s hand (red threes to its side's table),
        and the turn on to melding: what every take shares before its melds are laid."""
        side = self.config.side_of(seat)
        events: list[Event] = [PileTaken(seat, top, tuple(rest))]
        known = self.known[seat]
        for card in rest:
            if card.is_red_three:  # R-RED3: a red three taken with the pile, no replacement
                self.red_threes[side].append(card)
                events.append(RedThreeLaid(seat, side, card, from_pile=True))
                continue
            self._to_hand(seat, card)
            known[card.face] = known.get(card.face, 0) + 1
        self.this_turn = self.this_turn.drew(_PILE)
        self.phase = _MELD_PHASE
        return events

    # -- meld
    def _apply_meld(self, move: Move) -> list[Event]:
        plan = self._check_groups(self.turn, list(move.groups), move)
        return self._lay(self.turn, plan)

    def _check_groups(
        self, seat: int, groups: list[Group], move: Move, from_pile: Card | None = None
    ) -> dict[Rank, list[Card]]:
        """Validate laying `groups` (the first holding `from_pile` for a take) and
        return the physical cards to lay per rank (R-MELD, R-ONE-PER-RANK, R-MIN,
        R-KEEP-TWO or V-KEEP-TWO, R-ASK)."""
        side = self.config.side_of(seat)
        melds = self.melds[side]
        # For a take, the pile's top card is the first card of the first group.
        if len(groups) == 1 and from_pile is None:  # (most melds: one group)
            faces = list(groups[0].cards)
        else:
            skip = 1 if from_pile is not None else 0
            faces = [c for i, g in enumerate(groups) for c in (g.cards[skip:] if i == 0 else g.cards)]
        physical = self._pick(seat, faces)
        if physical is None:
            raise IllegalMove("R-TURN", N_("you do not hold {cards}"), move, cards=" ".join(c.face for c in faces))
        # R-ONE-PER-RANK: groups of one rank merge; map faces onto physical cards, in order.
        at = 0
        per_rank: dict[Rank, list[Card]] = {}
        for i, g in enumerate(groups):
            rank = g.rank
            if g.__class__ is not Group or rank is _JOKER or g.is_run:  # no such meld here
                self._refuse_shape(g, move)
            lst = per_rank.get(rank)
            if lst is None:
                lst = per_rank[rank] = []
            n = len(g.cards)
            if i == 0 and from_pile is not None:
                lst.append(from_pile)
                n -= 1
            lst.extend(physical[at : at + n])
            at += n
        hand_after = len(self.hands[seat]) - len(faces)
        if from_pile is not None:  # the rest of the pile comes into the hand
            hand_after += sum(1 for c in self.pile[:-1] if not c.is_red_three)
        going_out = hand_after <= 1
        canastas_after = self.canastas(side)
        for rank, cards in per_rank.items():
            old = melds.get(rank)
            wild = sum(map(_IS_WILD, cards))
            nat = len(cards) - wild
            if old is not None:
                nat += old.naturals
                wild += old.wilds
            problem = meld_problem(rank, nat, wild, self.config.rules, going_out)
            if problem:
                rule, message_id, params = problem
                raise IllegalMove(rule, message_id, move, **params)
            if nat + wild >= CANASTA_SIZE and (old is None or old.size < CANASTA_SIZE):
                canastas_after += 1
        if going_out:
            if self.this_turn.answer is False:
                raise IllegalMove(
                    "R-ASK", N_("your partner said no: you may not go out this turn, so keep at least two cards"), move
                )
            need = self.config.canastas_to_go_out
            if canastas_after < need:
                keep_two = "V-KEEP-TWO" if self.config.rules.variant_keep_two else "R-KEEP-TWO"  # (six-hand's)
                if need == 1:
                    raise IllegalMove(
                        keep_two,
                        N_("without a canasta you may not go out: keep at least two cards in your hand"),
                        move,
                    )
                raise IllegalMove(
                    keep_two,
                    N_("without {n} canastas you may not go out: keep at least two cards in your hand"),
                    move,
                    n=need,
                )
        if not melds:  # R-MIN: the initial meld, laid as one action (R-MIN-ATOMIC)
            count = sum(c.value for cards in per_rank.values() for c in cards)
            minimum = self.minimum(side)
            if count < minimum:
                # R-MIN-CONCEALED: going out concealed after drawing from the stock.
                waived = (
                    from_pile is None and self.this_turn.drawn is _STOCK and going_out and not self.laid_in_deal[seat]
                )
                if not waived:
                    rule = "R-TAKE-MIN" if from_pile is not None else "R-MIN"
                    raise IllegalMove(
                        rule,
                        N_("the initial meld counts {count}, {short} short of the minimum {minimum}"),
                        move,
                        count=count,
                        short=minimum - count,
                        minimum=minimum,
                    )
        if self.this_turn.answer is True and not going_out:
            trial = self.copy()
            trial._lay(seat, per_rank, dry=True)
            if trial.go_out_plan() is None:
                raise IllegalMove(
                    "R-ASK",
                    N_("your partner said yes: you must go out this turn, and this meld would leave you unable to"),
                    move,
                )
        return per_rank

    @staticmethod
    def _refuse_shape(group: Group, move: Move) -> None:
        """Groups the rank-keyed variants have no meld for (VARIANTS.md section 6)."""
        if group.target is not None:
            raise IllegalMove("R-ONE-PER-RANK", N_("melds are named by rank in this variant, not by number"), move)
        if group.rank is Rank.JOKER:
            raise IllegalMove("R-MELD", N_("a group of only wild cards must name its rank, e.g. 'K: D2'"), move)
        raise IllegalMove("R-MELD", N_("a meld holds cards of one rank (no sequences in this variant)"), move)

    def _lay(
        self,
        seat: int,
        per_rank: dict[Rank, list[Card]],
        from_pile: Card | None = None,
        other: bool = True,
        dry: bool = False,
    ) -> list[Event]:
        """Lay validated cards. `other`: the move lays more than a take's own meld."""
        side = self.config.side_of(seat)
        melds = self.melds[side]
        events: list[Event] = []
        turn = self.this_turn
        started: list[Rank] = []
        added_old = False
        for rank, cards in per_rank.items():
            for c in cards:
                if c is not from_pile:
                    self._from_hand(seat, c)
            old = melds.get(rank)
            if old is None:
                melds[rank] = new = Meld.of(rank, cards)
                started.append(rank)
            else:
                melds[rank] = new = old.plus(cards)
                if rank not in turn.new_ranks:
                    added_old = True
            if not dry:
                events.append(Melded(seat, side, rank, tuple(cards), old is None))
                if new.size >= CANASTA_SIZE and (old is None or old.size < CANASTA_SIZE):
                    events.append(CanastaMade(side, rank, new.wilds == 0))
        if dry:  # a trial: the melds it started or grew, and no more
            self.this_turn = replace(
                turn, new_ranks=turn.new_ranks.union(started), added_old=turn.added_old or added_old
            )
            return events
        self.this_turn = turn.laid_cards(started, added_old, other)
        if not self.hands[seat]:
            events.extend(self._go_out(seat))
        return events

    # -- discard
    def _apply_discard(self, move: Move) -> list[Event]:
        seat = self.turn
        assert move.card is not None  # a discard names its card
        picked = self._pick(seat, [move.card])
        if picked is None:
            raise IllegalMove("R-TURN", N_("you do not hold {cards}"), move, cards=move.card.face)
        card = picked[0]
        last = len(self.hands[seat]) == 1
        going_out = last and self._last_card_goes_out(seat)
        if going_out:
            self._check_going_out(seat, move)
        elif self.this_turn.answer is True:
            raise IllegalMove(self.ask_rule(), N_("your partner said yes: you must go out this turn"), move)
        self._from_hand(seat, card)
        self.pile.append(card)
        if card.is_wild:
            self.pile_frozen += 1
        events: list[Event] = [Discarded(seat, card)]
        if going_out:
            events.extend(self._go_out(seat))
            return events
        if last:  # the hand emptied without going out (a kind of deal with feet)
            events.extend(self._hand_emptied(seat))
            if self.phase is _OVER:  # the last red three of the stock (R-LASTRED3)
                return events
        if self.this_turn.laid:
            self.laid_in_deal[seat] = True
        self.turn = self.next_seat(seat)
        self.phase = _DRAW_PHASE
        self._reset_turn()
        events.append(TurnPassed(self.turn))
        return events

    def _last_card_goes_out(self, seat: int) -> bool:
        """Whether discarding `seat`'s last card goes out (it always does here)."""
        return True

    def _check_going_out(self, seat: int, move: Move) -> None:
        """Going out by the discard `move`: not after the partner's no (R-ASK), and only
        with what the side needs to go out."""
        if self.this_turn.answer is False:
            raise IllegalMove(self.ask_rule(), N_("your partner said no: you may not go out this turn"), move)
        self._check_out_requirement(self.config.side_of(seat), move)

    def _hand_emptied(self, seat: int) -> list[Event]:
        """The hand emptied by a discard that did not go out: never here (see
        `_last_card_goes_out`); a kind of deal with feet picks one up."""
        return []

    def _check_out_requirement(self, side: int, move: Move) -> None:
        """R-OUT: going out by the discard needs the side's canastas."""
        need = self.config.canastas_to_go_out
        if self.canastas(side) < need:
            if need == 1:
                raise IllegalMove("R-OUT", N_("you may not go out without a canasta"), move)
            raise IllegalMove("R-OUT", N_("you may not go out without {n} canastas"), move, n=need)

    # -- ask / answer
    def _apply_ask(self) -> list[Event]:
        if not self.config.ask_allowed:
            raise IllegalMove("R-ASK", N_("there is no partner to ask in this variant"))
        if self.this_turn.asked:
            raise IllegalMove("R-ASK", N_("you may ask only once per turn"))
        if self.this_turn.laid_other:
            raise IllegalMove("R-ASK", N_("ask before laying or adding any card this turn"))
        return self._ask()

    def _ask(self) -> list[Event]:
        """The question, after the variant's own checks: what every variant asks of it."""
        if len(self.hands[self.turn]) < 2:
            raise IllegalMove(self.ask_rule(), N_("with one card left there is nothing to ask"))
        if not self.can_go_out():
            raise IllegalMove(self.ask_rule(), N_("you could not go out this turn, so you may not ask"))
        self.this_turn = replace(self.this_turn, asked=True)
        self.phase = _ANSWER_PHASE
        return [Asked(self.turn)]

    def ask_rule(self) -> str:
        """The rule a refusal of the question, of answering it or of its binding answer cites:
        Hand and Foot's own (V-HF-ASK: from the foot, once a turn, the answer binds for the rest
        of the turn), else R-ASK. (A discard after the partner's yes cited R-ASK and keeping two
        cards V-HF-ASK, in one game: play-test, stop 59; a move other than the answer, or an
        answer nobody asked for, still cited R-ASK: stop 60.)"""
        return "V-HF-ASK" if self.config.rules.foot else "R-ASK"

    def _apply_answer(self, yes: bool) -> list[Event]:
        self.this_turn = replace(self.this_turn, answer=yes)
        self.phase = _MELD_PHASE
        return [Answered(self.partner_of(self.turn), yes)]  # type: ignore[arg-type]

    # ---------------------------------------------------------------- the end
    def _go_out(self, seat: int) -> list[Event]:
        turn = self.this_turn
        concealed = (
            not self.laid_in_deal[seat]
            and not turn.added_old
            and any(self.melds[self.config.side_of(seat)][r].size >= CANASTA_SIZE for r in turn.new_ranks)
        )
        self.laid_in_deal[seat] = True
        events: list[Event] = [WentOut(seat, concealed)]
        events.extend(self._end_deal("went-out", seat, concealed))
        return events

    def _end_deal(self, reason: str, went_out: int | None = None, concealed: bool = False) -> list[Event]:
        cfg = self.config
        sides = []
        for side in range(cfg.sides):
            melds = self.melds[side].values()
            hand = sum(c.value for seat in cfg.seats_of_side(side) for c in self.hands[seat])
            bonus = 0
            if went_out is not None and cfg.side_of(went_out) == side:
                bonus = cfg.rules.going_out + (cfg.rules.concealed_extra if concealed else 0)
            sides.append(
                SideScore(
                    melds=sum(m.value for m in melds),
                    hand=-hand,
                    canastas=sum(m.bonus for m in melds),
                    red_threes=red_three_score(cfg.rules, len(self.red_threes[side]), bool(self.melds[side])),
                    going_out=bonus,
                )
            )
        scores = tuple(s + d.total for s, d in zip(self.scores, sides))
        self.result = DealResult(reason, tuple(sides), scores, game_winner(scores, cfg.target), went_out, concealed)
        self.phase = _OVER
        return [DealEnded(reason, self.result)]
