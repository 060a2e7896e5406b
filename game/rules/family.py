"""The Samba family (VARIANTS.md sections 3-5): a deal whose melds are a numbered list per
side, of three kinds (game/rules/melds.py `MeldKind`): groups of one rank, sequences of one
suit (Samba, Bolivia) and melds of wild cards (Bolivia).

`FamilyState` is a `GameState` (the table, the bots' interfaces and the CLI see one type):
it keeps the classic draw, red threes, ask and answer, and replaces what the list of melds
changes: validating and laying melds (`+N:` addresses meld N), taking the pile
(V-SAMBA-TAKE), the stock running out (V-SAMBA-EXHAUSTED), going out (V-SAMBA-OUT,
V-BOL-OUT) and scoring with every bonus named. Classic variants never reach this module,
so their speed is untouched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import Card, Rank
from .config import RulesConfig
from .errors import N_, IllegalMove
from .events import CanastaMade, Event, Melded, PileTaken, RedThreeLaid
from .melds import (
    CANASTA_SIZE,
    Meld,
    MeldKind,
    meld_problem,
    sequence_problem,
    wild_meld_problem,
)
from .moves import Group, Move
from .phase import Phase
from .scoring import DealResult, SideScore, game_winner
from .state import GameState

if TYPE_CHECKING:
    from .family_moves import Plan

# One meld a move lays or adds to: (its number before the move or None for a new one, the
# meld after the move, the cards it receives).
Laid = tuple[int | None, Meld, tuple[Card, ...]]


def is_closed(meld: Meld) -> bool:
    """V-SAMBA-CANASTA, V-BOL-WILD: a samba / escalera / bolivia takes no more cards."""
    return meld.kind is not MeldKind.GROUP and meld.naturals + meld.wilds >= CANASTA_SIZE


def open_group(table: Sequence[Meld], rank: Rank) -> int | None:
    """The number of the side's open group of `rank` (not yet a canasta), or None
    (V-SAMBA-RANKS: a side holds at most one)."""
    for i, m in enumerate(table):
        if m.rank == rank and m.kind is MeldKind.GROUP and m.naturals + m.wilds < CANASTA_SIZE:
            return i
    return None


def meld_from_cards(cards: Sequence[Card], rules_wild_melds: bool, rules_sequences: bool) -> Meld | None:
    """The meld a position's card list describes (VARIANTS.md section 6), or None when the
    cards are no meld kind of the variant: all wild, a wild meld; natural cards of several
    ranks, a sequence; otherwise a group of the rank of its naturals."""
    if not cards:
        return None
    naturals = {c.rank for c in cards if not c.is_wild}
    if not naturals:
        return Meld.of(Rank.JOKER, cards, MeldKind.WILD) if rules_wild_melds else None
    if len(naturals) > 1:
        return Meld.of(min(naturals), cards, MeldKind.SEQUENCE) if rules_sequences else None
    return Meld.of(next(iter(naturals)), cards)


class FamilyState(GameState):
    """One deal of Samba or Bolivia. `table[side]` lists the side's melds in the order
    they were laid; a meld's index there is its number."""

    __slots__ = ("table",)

    table: list[list[Meld]]

    @classmethod
    def empty(
        cls, config: RulesConfig, scores: Sequence[int] | None = None, dealer: int = 0, out: int | None = None
    ) -> FamilyState:
        s = object.__new__(cls)
        s._init_empty(config, scores, dealer, out)
        s.table = [[] for _ in range(config.sides)]
        return s

    def copy(self) -> FamilyState:
        s = super().copy()
        assert isinstance(s, FamilyState)
        s.table = [t[:] for t in self.table]
        return s

    def _set_side_melds(self, side: int, melds: Sequence[Meld]) -> None:
        self.table[side] = list(melds)

    def side_melds(self, side: int) -> tuple[Meld, ...]:
        return tuple(self.table[side])

    # ------------------------------------------------------------ public facts
    def has_melded(self, side: int) -> bool:
        return bool(self.table[side])

    def canastas(self, side: int) -> int:
        return sum(1 for m in self.table[side] if m.naturals + m.wilds >= CANASTA_SIZE)

    def meets_out(self, side: int) -> bool:
        """V-SAMBA-OUT / V-BOL-OUT: two canastas (one an escalera in Bolivia)."""
        return self._meets(self.table[side])

    def _meets(self, melds: Sequence[Meld]) -> bool:
        rules = self.config.rules
        canastas = [m for m in melds if m.naturals + m.wilds >= CANASTA_SIZE]
        if len(canastas) < rules.canastas_to_go_out:
            return False
        return not rules.out_needs_sequence or any(m.kind is MeldKind.SEQUENCE for m in canastas)

    def pile_frozen_for(self, side: int) -> bool:
        return self.pile_frozen > 0 or not self.table[side]

    def legal_moves(self) -> list[Move]:
        from .family_moves import legal_moves

        return legal_moves(self)

    def plan(self) -> Plan | None:
        from .family_moves import go_out_plan

        return go_out_plan(self)

    def can_go_out(self) -> bool:
        return self.phase is Phase.MELD and self.plan() is not None

    # ------------------------------------------------------------------ melds
    def resolve(
        self,
        seat: int,
        groups: Sequence[Group],
        move: Move,
        top: Card | None = None,
        brought: int = 0,
        check_answer: bool = True,
    ) -> list[Laid]:
        """Validate laying `groups` (for a take, `top` joins the first group and `brought`
        cards of the pile come into the hand) and return what to lay. Raises IllegalMove
        (V-SAMBA-MELDS, V-SAMBA-CANASTA, V-SAMBA-RANKS, V-BOL-WILD, R-ADD, R-MIN,
        R-TAKE-MIN, V-KEEP-TWO, R-ASK)."""
        rules = self.config.rules
        side = self.side_of(seat)
        table = self.table[side]
        faces = [c for g in groups for c in g.cards]
        physical = self._pick(seat, faces)
        if physical is None:
            raise IllegalMove("R-TURN", N_("you do not hold {cards}"), move, cards=" ".join(c.face for c in faces))
        it = iter(physical)
        dests: dict[object, list[Card]] = {}
        for gi, g in enumerate(groups):
            cards = [next(it) for _ in g.cards]
            if gi == 0 and top is not None:
                cards.insert(0, top)
            naturals = {c.rank for c in cards if not c.is_wild}
            key: object
            if g.target is not None:
                if g.target >= len(table):
                    raise IllegalMove("R-ADD", N_("your side has no meld number {n}"), move, n=g.target)
                key = g.target
            elif not naturals:
                if g.rank is Rank.JOKER:
                    if not rules.wild_melds:
                        raise IllegalMove("V-SAMBA-MELDS", N_("wild cards are never melded alone"), move)
                    key = ("wild", gi)
                else:
                    found = open_group(table, g.rank)
                    if found is None:
                        raise IllegalMove(
                            "R-ADD",
                            N_("your side has no open meld of {rank}s to add to: name a meld with +N:"),
                            move,
                            rank=g.rank.symbol,
                        )
                    key = found
            elif len(naturals) > 1:
                key = ("sequence", gi)
            else:
                rank = next(iter(naturals))
                found = open_group(table, rank)
                key = found if found is not None else ("group", rank)
            dests.setdefault(key, []).extend(cards)

        hand_after = len(self.hands[seat]) - len(faces) + brought
        going_out = hand_after <= 1
        laid: list[Laid] = []
        value = 0
        after = list(table)
        for key, cards in dests.items():
            value += sum(c.value for c in cards)
            index = key if isinstance(key, int) else None
            if index is not None:
                old = table[index]
                if is_closed(old):
                    raise IllegalMove(
                        "V-SAMBA-CANASTA" if old.kind is MeldKind.SEQUENCE else "V-BOL-WILD",
                        N_("meld number {n} is complete (seven cards) and takes no more cards"),
                        move,
                        n=index,
                    )
                new = old.plus(cards)
                if old.kind is MeldKind.GROUP:
                    for c in cards:
                        if not c.is_wild and c.rank != old.rank:
                            raise IllegalMove(
                                "R-ADD",
                                N_("{card} does not belong in meld number {n}, a meld of {rank}s"),
                                move,
                                card=c.face,
                                n=index,
                                rank=old.rank.symbol,
                            )
                    problem = meld_problem(old.rank, new.naturals, new.wilds, rules, going_out)
                elif old.kind is MeldKind.SEQUENCE:
                    problem = sequence_problem(new.cards)
                else:
                    if any(not c.is_wild for c in cards):
                        raise IllegalMove("V-BOL-WILD", N_("meld number {n} holds wild cards only"), move, n=index)
                    problem = wild_meld_problem(new.size)
                after[index] = new
            else:
                assert isinstance(key, tuple)
                if key[0] == "group":
                    new = Meld.of(key[1], cards)
                    problem = meld_problem(new.rank, new.naturals, new.wilds, rules, going_out)
                elif key[0] == "sequence":
                    if not rules.sequences:
                        raise IllegalMove("R-MELD", N_("a meld holds cards of one rank"), move)
                    problem = sequence_problem(cards)
                    if problem is not None:
                        rule, message_id, params = problem
                        raise IllegalMove(rule, message_id, move, **params)
                    new = Meld.of(Rank.JOKER, cards, MeldKind.SEQUENCE)
                else:
                    new = Meld.of(Rank.JOKER, cards, MeldKind.WILD)
                    problem = wild_meld_problem(len(cards))
                after.append(new)
            if problem is not None:
                rule, message_id, params = problem
                raise IllegalMove(rule, message_id, move, **params)
            laid.append((index, new, tuple(cards)))
        if going_out:
            if self.answer is False:
                raise IllegalMove(
                    "R-ASK", N_("your partner said no: you may not go out this turn, so keep at least two cards"), move
                )
            if not self._meets(after):
                if rules.out_needs_sequence:
                    raise IllegalMove(
                        "V-KEEP-TWO",
                        N_("without two canastas, one of them an escalera, keep at least two cards in your hand"),
                        move,
                    )
                raise IllegalMove(
                    "V-KEEP-TWO",
                    N_("without {n} canastas you may not go out: keep at least two cards in your hand"),
                    move,
                    n=rules.canastas_to_go_out,
                )
        if not table:  # R-MIN with V-SAMBA-MIN's table, laid as one action (R-MIN-ATOMIC)
            minimum = self.minimum(side)
            if value < minimum:
                raise IllegalMove(
                    "R-TAKE-MIN" if top is not None else "R-MIN",
                    N_("the initial meld counts {count}, {short} short of the minimum {minimum}"),
                    move,
                    count=value,
                    short=minimum - value,
                    minimum=minimum,
                )
        if check_answer and self.answer is True and not going_out:
            trial = self.copy()
            trial._lay_family(seat, laid, dry=True)
            if trial.plan() is None:
                raise IllegalMove(
                    "R-ASK",
                    N_("your partner said yes: you must go out this turn, and this meld would leave you unable to"),
                    move,
                )
        return laid

    def _lay_family(
        self, seat: int, laid: list[Laid], top: Card | None = None, other: bool = True, dry: bool = False
    ) -> list[Event]:
        side = self.side_of(seat)
        table = self.table[side]
        events: list[Event] = []
        for index, new, cards in laid:
            for c in cards:
                if c is not top:
                    self._from_hand(seat, c)
            if index is None:
                table.append(new)
                before = 0
            else:
                before = table[index].size
                table[index] = new
            if not dry:
                events.append(Melded(seat, side, new.rank, cards, index is None))
                if before < CANASTA_SIZE <= new.size:
                    events.append(CanastaMade(side, new.rank, new.wilds == 0))
        if dry:
            return events
        self.turn_laid = True
        if other:
            self.turn_laid_other = True
        if not self.hands[seat]:
            events.extend(self._go_out(seat))
        return events

    def _apply_meld(self, move: Move) -> list[Event]:
        laid = self.resolve(self.turn, move.groups, move)
        return self._lay_family(self.turn, laid)

    # ------------------------------------------------------------------- take
    def _check_take(self, move: Move) -> dict[Rank, list[Card]]:  # the base's entry point
        self.check_take(move)
        return {}

    def check_take(self, move: Move) -> list[Laid]:
        """V-SAMBA-TAKE: a natural pair from the hand, or (pile not frozen for the side)
        the top card alone onto a meld that is not yet a canasta (`take +N:`)."""
        seat = self.turn
        side = self.side_of(seat)
        table = self.table[side]
        if not self.pile:
            raise IllegalMove("R-TAKE", N_("the discard pile is empty"), move)
        top = self.pile[-1]
        if top.is_wild:
            raise IllegalMove("R-BLOCKED", N_("a wild card on top of the pile blocks it"), move)
        if top.is_black_three:
            raise IllegalMove("R-BLOCKED", N_("a black three on top of the pile blocks it"), move)
        if len(self.hands[seat]) == 1 and len(self.pile) == 1:
            raise IllegalMove("R-ONE-CARD", N_("holding one card you may not take a pile of one card"), move)
        groups = list(move.groups)
        if not groups:  # a bare take: onto the open group of the top card's rank
            found = open_group(table, top.rank)
            if found is None:
                raise IllegalMove(
                    "V-SAMBA-TAKE",
                    N_(
                        "to take the pile, meld its top card {card} with a natural pair of {rank}s from your "
                        "hand, or add it to a meld of your side that is not yet a canasta (take +N:)"
                    ),
                    move,
                    card=top.face,
                    rank=top.rank.symbol,
                )
            groups = [Group.to(Rank.JOKER, (), found)]
        own = groups[0]
        if own.target is not None:
            if own.cards or len(groups) > 1:
                raise IllegalMove(
                    "V-SAMBA-TAKE",
                    N_("take +N: adds the top card alone: meld cards from your hand in a later move"),
                    move,
                )
            if self.pile_frozen_for(side):
                self._refuse_frozen(move, top)
            if own.target < len(table) and table[own.target].size >= CANASTA_SIZE:
                raise IllegalMove(
                    "V-SAMBA-TAKE",
                    N_("the top card may be added only to a meld that is not yet a canasta"),
                    move,
                )
        else:
            for c in own.cards:
                if not c.is_wild and c.rank != top.rank:
                    raise IllegalMove(
                        "R-TAKE",
                        N_("the top card is {card}: the take's cards must be {rank}s or wild cards"),
                        move,
                        card=top.face,
                        rank=top.rank.symbol,
                    )
            if sum(1 for c in own.cards if not c.is_wild) < 2:
                if self.pile_frozen_for(side):
                    self._refuse_frozen(move, top)
                raise IllegalMove(
                    "V-SAMBA-TAKE",
                    N_(
                        "to take the pile, meld its top card {card} with a natural pair of {rank}s from your "
                        "hand, or add it to a meld of your side that is not yet a canasta (take +N:)"
                    ),
                    move,
                    card=top.face,
                    rank=top.rank.symbol,
                )
            groups[0] = Group(top.rank, own.cards)
        brought = sum(1 for c in self.pile[:-1] if not c.is_red_three)
        return self.resolve(seat, groups, move, top=top, brought=brought)

    def _refuse_frozen(self, move: Move, top: Card) -> None:
        if self.pile_frozen:
            raise IllegalMove(
                "R-FROZEN",
                N_("the pile is frozen: take it only with a natural pair of {rank}s from your hand"),
                move,
                rank=top.rank.symbol,
            )
        raise IllegalMove(
            "R-FROZEN",
            N_(
                "your side has not melded yet, so the pile is "
                "frozen for it: take it only with a natural "
                "pair of {rank}s from your hand"
            ),
            move,
            rank=top.rank.symbol,
        )

    def _apply_take(self, move: Move) -> list[Event]:
        laid = self.check_take(move)
        seat = self.turn
        side = self.side_of(seat)
        top = self.pile[-1]
        rest = self.pile[:-1]
        self.pile = []
        self.pile_frozen = 0
        events: list[Event] = [PileTaken(seat, top, tuple(rest))]
        known = self.known[seat]
        for card in rest:
            if card.is_red_three:  # R-RED3: a red three taken with the pile, no replacement
                self.red_threes[side].append(card)
                events.append(RedThreeLaid(seat, side, card, from_pile=True))
                continue
            self._to_hand(seat, card)
            known[card.face] = known.get(card.face, 0) + 1
        self.drawn = "pile"
        self.phase = Phase.MELD
        events.extend(self._lay_family(seat, laid, top=top, other=len(move.groups) > 1))
        return events

    def take_forced(self) -> bool:
        """V-SAMBA-EXHAUSTED: with the stock empty the take is forced only when the top
        card may go alone onto a meld that is not yet a canasta."""
        if self.stock or not self.pile:
            return False
        for index, m in enumerate(self.table[self.side_of(self.turn)]):
            if m.size < CANASTA_SIZE:
                try:
                    self.check_take(Move.take(Group.to(Rank.JOKER, (), index)))
                except IllegalMove:
                    continue
                return True
        return False

    def _apply_pass(self) -> list[Event]:
        if self.stock:
            raise IllegalMove("R-EXHAUSTED", N_("you may pass only when the stock is empty"))
        if self.take_forced():
            raise IllegalMove(
                "V-SAMBA-EXHAUSTED",
                N_("the stock is empty and the top card fits a meld of your side that is not yet a canasta: take it"),
            )
        return self._end_deal("stock-exhausted")

    # ---------------------------------------------------------------- the end
    def _check_out_requirement(self, side: int, move: Move) -> None:
        if not self.meets_out(side):
            if self.config.rules.out_needs_sequence:
                raise IllegalMove("V-BOL-OUT", N_("going out needs two canastas, one of them an escalera"), move)
            raise IllegalMove("V-SAMBA-OUT", N_("going out needs {n} canastas"), move, n=self.config.canastas_to_go_out)

    def _end_deal(self, reason: str, went_out: int | None = None, concealed: bool = False) -> list[Event]:
        """V-SAMBA-SCORE, V-SAMBA-RED3, V-BOL-BLACK3: every bonus by name."""
        from .events import DealEnded

        cfg = self.config
        rules = cfg.rules
        sides = []
        for side in range(cfg.sides):
            table = self.table[side]
            hand = 0
            black = 0
            for seat in cfg.seats_of_side(side):
                for c in self.hands[seat]:
                    if c.is_black_three and rules.black_three_penalty:
                        black -= rules.black_three_penalty
                    else:
                        hand += c.value
            sequences = sum(m.bonus for m in table if m.kind is MeldKind.SEQUENCE)
            red = len(self.red_threes[side])
            red_points = rules.red_three_points(red) if red else 0
            if self.canastas(side) < rules.red_threes_need_canastas:
                red_points = -red_points
            sides.append(
                SideScore(
                    melds=sum(m.value for m in table),
                    hand=-hand,
                    canastas=sum(m.bonus for m in table if m.kind is MeldKind.GROUP),
                    red_threes=red_points,
                    going_out=rules.going_out if went_out is not None and cfg.side_of(went_out) == side else 0,
                    sambas=sequences if rules.sequence_name == "sambas" else 0,
                    escaleras=sequences if rules.sequence_name == "escaleras" else 0,
                    bolivias=sum(m.bonus for m in table if m.kind is MeldKind.WILD),
                    black_threes=black,
                )
            )
        scores = tuple(s + d.total for s, d in zip(self.scores, sides))
        self.result = DealResult(reason, tuple(sides), scores, game_winner(scores, cfg.target), went_out, concealed)
        self.phase = Phase.OVER
        return [DealEnded(reason, self.result)]
