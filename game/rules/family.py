"""The Samba family (VARIANTS.md sections 3-5): a deal whose melds are a numbered list per
side, of three kinds (game/rules/melds.py `MeldKind`): groups of one rank, sequences of one
suit (Samba, Bolivia) and melds of wild cards (Bolivia).

`FamilyState` is a `GameState` (the table, the bots' interfaces and the CLI see one type):
it keeps the classic draw, red threes, ask and answer, and replaces what the list of melds
changes: validating and laying melds (`+N:` addresses meld N), taking the pile
(V-SAMBA-TAKE), the stock running out (V-SAMBA-EXHAUSTED), going out (V-SAMBA-OUT,
V-BOL-OUT) and scoring with every bonus named. Its moves are listed and its going out
planned by game/rules/family_moves.py (game/rules/deals.py binds the two). Classic
variants never reach this module, so their speed is untouched.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from .cards import Card, Rank
from .config import RulesConfig
from .errors import N_, IllegalMove
from .events import (
    CanastaMade,
    DealEnded,
    Drew,
    Event,
    FootPickedUp,
    Melded,
)
from .melds import (
    CANASTA_SIZE,
    Meld,
    MeldKind,
    book_counts,
    meld_problem,
    one_rank_rule,
    sequence_problem,
    wild_meld_problem,
)
from .moves import Group, Move
from .observation import Observation
from .phase import Phase
from .scoring import DealResult, SideScore, game_winner
from .state import GameState

# Enum members read on every move, bound once: on Python 3.11 reading a member off its
# Enum class costs about ten times reading a module global.
_GROUP, _SEQUENCE, _WILD_MELD = MeldKind.GROUP, MeldKind.SEQUENCE, MeldKind.WILD
_JOKER = Rank.JOKER
_DRAW_PHASE, _ANSWER_PHASE, _OVER = Phase.DRAW, Phase.ANSWER, Phase.OVER
_VALUE_OF = attrgetter("value")  # a card's points (R-VALUE)

# One meld a move lays or adds to: (its number before the move or None for a new one, the
# meld after the move, the cards it receives).
Laid = tuple[int | None, Meld, tuple[Card, ...]]


def is_closed(meld: Meld, books: bool = False) -> bool:
    """V-SAMBA-CANASTA, V-BOL-WILD, V-HF-BOOKS: a samba / escalera / bolivia (and, with
    `books`, a Hand-and-Foot book) takes no more cards."""
    return (books or meld.kind is not _GROUP) and meld.naturals + meld.wilds >= CANASTA_SIZE


def open_group(table: Sequence[Meld], rank: Rank) -> int | None:
    """The number of the side's open group of `rank` (not yet a canasta), or None
    (V-SAMBA-RANKS: a side holds at most one)."""
    for i, m in enumerate(table):
        if m.rank == rank and m.kind is _GROUP and m.naturals + m.wilds < CANASTA_SIZE:
            return i
    return None


# Where a group goes (VARIANTS.md section 6): a meld number, or a new meld of a kind,
# ("group", rank), ("sequence", i) or ("wild", i) for the i-th group of a move.
Destination = int | tuple[str, object]


def destination(table: Sequence[Meld], group: Group, cards: Sequence[Card], index: int) -> Destination | None:
    """Where the `index`-th group of a move, laying `cards`, goes: the meld `+N:` names;
    else the side's open group of its naturals' rank (or of the rank wild cards alone
    name), a new group of that rank, a new sequence (naturals of several ranks) or a new
    wild meld (wild cards naming no rank). None: wild cards name a rank the side has no
    open group of. Whether the variant allows it is the caller's to judge."""
    target = group.target
    if target is not None:
        return target
    rank: Rank | None = None  # the naturals' rank (bots ask this of every choice: one pass)
    for c in cards:
        if not c.is_wild:
            if rank is None:
                rank = c.rank
            elif c.rank != rank:
                return ("sequence", index)
    if rank is None:
        if group.rank is _JOKER:
            return ("wild", index)
        return open_group(table, group.rank)
    found = open_group(table, rank)
    return found if found is not None else ("group", rank)


def takes_alone(meld: Meld, card: Card) -> bool:
    """V-SAMBA-TAKE (b): the natural `card` joins `meld`, not yet a canasta, alone (a group
    of its rank, or a sequence of its suit whose end it extends)."""
    if meld.naturals + meld.wilds >= CANASTA_SIZE:
        return False
    if meld.kind is _GROUP:
        return meld.rank == card.rank
    if meld.kind is _SEQUENCE:
        return meld.cards[0].suit == card.suit and int(card.rank) in (int(meld.rank) - 1, int(meld.high) + 1)
    return False


def meld_from_cards(cards: Sequence[Card], rules_wild_melds: bool, rules_sequences: bool) -> Meld | None:
    """The meld a position's card list describes (VARIANTS.md section 6), or None when the
    cards are no meld kind of the variant: all wild, a wild meld; natural cards of several
    ranks, a sequence; otherwise a group of the rank of its naturals."""
    if not cards:
        return None
    naturals = {c.rank for c in cards if not c.is_wild}
    if not naturals:
        return Meld.of(_JOKER, cards, _WILD_MELD) if rules_wild_melds else None
    if len(naturals) > 1:
        return Meld.of(min(naturals), cards, _SEQUENCE) if rules_sequences else None
    return Meld.of(next(iter(naturals)), cards)


def _is_canasta(meld: Meld) -> bool:
    return meld.naturals + meld.wilds >= CANASTA_SIZE


class FamilyState(GameState):
    """One deal of Samba, Bolivia or Hand and Foot. `table[side]` lists the side's melds
    in the order they were laid; a meld's index there is its number. Hand and Foot also
    keeps each player's `feet` (None once picked up) and the game's `deal_no` (1..4)."""

    __slots__ = ("table", "feet", "deal_no")

    table: list[list[Meld]]
    feet: list[list[Card] | None]
    deal_no: int

    def _init_empty(self, config: RulesConfig, scores: Sequence[int] | None, dealer: int, out: int | None) -> None:
        super()._init_empty(config, scores, dealer, out)
        self.table = [[] for _ in range(config.sides)]
        self.feet = [None] * config.players
        self.deal_no = 1

    def _start_deal(self, deal_no: int, order: Sequence[int]) -> None:
        """V-HF-DEAL: a foot of 11 for each player, face down."""
        self.deal_no = deal_no
        if self.config.rules.foot:
            feet: list[list[Card]] = [[] for _ in range(self.config.players)]
            for _ in range(self.config.rules.foot):
                for seat in order:
                    feet[seat].append(self.stock.pop())
            self.feet = list(feet)

    def copy(self) -> FamilyState:
        s = super().copy()
        assert isinstance(s, FamilyState)
        s.table = [t[:] for t in self.table]
        s.feet = [None if f is None else f[:] for f in self.feet]
        s.deal_no = self.deal_no
        return s

    def foot_sizes(self) -> tuple[int | None, ...]:
        if not self.config.rules.foot:
            return ()
        return tuple(None if f is None else len(f) for f in self.feet)

    @property
    def deal_number(self) -> int:
        return self.deal_no

    def _restore_feet(self, obs: Observation, feet: Sequence[Sequence[Card] | None] | None) -> None:
        self.deal_no = obs.deal_no
        if not obs.feet:
            return
        if feet is None:  # a planning stand-in: who still has a foot matters, not its cards
            self.feet = [None if n is None else [] for n in obs.feet]
        else:
            self.feet = [None if n is None else list(f or ()) for n, f in zip(obs.feet, feet, strict=True)]

    @property
    def hand_and_foot(self) -> bool:
        return self.config.rules.foot > 0

    def in_foot(self, seat: int) -> bool:
        """V-HF-FOOT: the player has picked up the foot (plays from it)."""
        return self.config.rules.foot > 0 and self.feet[seat] is None

    def minimum(self, side: int) -> int:
        """V-HF-MIN: by the deal's number; otherwise by the side's score (V-SAMBA-MIN)."""
        by_deal = self.config.rules.minimum_by_deal
        if by_deal:
            return by_deal[min(self.deal_no, len(by_deal)) - 1]
        return super().minimum(side)

    def _set_side_melds(self, side: int, melds: Sequence[Meld]) -> None:
        self.table[side] = list(melds)

    def side_melds(self, side: int) -> tuple[Meld, ...]:
        return tuple(self.table[side])

    def plan_facts(self) -> tuple[object, ...]:
        """The classic facts, and the side's list of melds, the foot and the deal's number."""
        seat = self.turn
        side = self.config.side_of(seat)
        return super().plan_facts() + (tuple(self.table[side]), self.feet[seat] is None, self.deal_no)

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
        if rules.foot:  # V-HF-OUT: two clean and two dirty books
            clean, dirty = book_counts(melds)
            return clean >= rules.books_quota[0] and dirty >= rules.books_quota[1]
        if not self._canastas_enough(melds):
            return False
        return not rules.out_needs_sequence or any(m.kind is _SEQUENCE and _is_canasta(m) for m in melds)

    def _canastas_enough(self, melds: Sequence[Meld]) -> bool:
        """As many canastas as going out needs (V-SAMBA-OUT), whatever their kind."""
        return sum(1 for m in melds if _is_canasta(m)) >= self.config.rules.canastas_to_go_out

    def pile_frozen_for(self, side: int) -> bool:
        return self.pile_frozen > 0 or not self.table[side]

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
        # check_answer=False: the going-out planner asks "could this go out?", before any answer.
        """Validate laying `groups` (for a take, `top` joins the first group and `brought`
        cards of the pile come into the hand) and return what to lay. Raises IllegalMove
        (V-SAMBA-MELDS, V-SAMBA-CANASTA, V-SAMBA-RANKS, V-BOL-WILD, R-ADD, R-MIN,
        R-TAKE-MIN, V-KEEP-TWO, R-ASK)."""
        rules = self.config.rules
        side = self.config.side_of(seat)
        table = self.table[side]
        faces = [c for g in groups for c in g.cards]
        physical = self._pick(seat, faces)
        if physical is None:
            raise IllegalMove("R-TURN", N_("you do not hold {cards}"), move, cards=" ".join(c.face for c in faces))
        at = 0
        dests: dict[Destination, list[Card]] = {}
        for gi, g in enumerate(groups):
            cards = physical[at : at + len(g.cards)]  # (the faces' physical cards, in order)
            at += len(cards)
            if gi == 0 and top is not None:
                cards.insert(0, top)
            key = destination(table, g, cards, gi)
            if isinstance(key, int):
                if key >= len(table):
                    raise IllegalMove("R-ADD", N_("your side has no meld number {n}"), move, n=key)
            elif key is None:
                raise IllegalMove(
                    "R-ADD",
                    N_("your side has no open meld of {ranks} to add to: name a meld with +N:"),
                    move,
                    ranks=g.rank.symbol,
                )
            elif key[0] == "wild" and not rules.wild_melds:
                raise IllegalMove("V-SAMBA-MELDS", N_("wild cards are never melded alone"), move)
            dests.setdefault(key, []).extend(cards)

        books = rules.group_max > 0
        hand_after = len(self.hands[seat]) - len(faces) + brought
        # V-HF-FOOT: emptying the hand (not the foot) picks up the foot, never goes out.
        going_out = hand_after <= 1 and not (rules.foot and self.feet[seat] is not None)
        laid: list[Laid] = []
        value = 0
        after = list(table)
        for key, cards in dests.items():
            value += sum(map(_VALUE_OF, cards))
            index = key if isinstance(key, int) else None
            if index is not None:
                old = table[index]
                if is_closed(old, books):
                    raise IllegalMove(
                        "V-HF-BOOKS" if books else "V-SAMBA-CANASTA" if old.kind is _SEQUENCE else "V-BOL-WILD",
                        N_("meld number {n} is complete (seven cards) and takes no more cards"),
                        move,
                        n=index,
                    )
                new = old.plus(cards)
                if old.kind is _GROUP:
                    for c in cards:
                        if not c.is_wild and c.rank != old.rank:
                            raise IllegalMove(
                                "R-ADD",
                                N_("{card} does not belong in meld number {n}, a meld of {ranks}"),
                                move,
                                card=c.face,
                                n=index,
                                ranks=old.rank.symbol,
                            )
                    problem = meld_problem(old.rank, new.naturals, new.wilds, rules, going_out)
                elif old.kind is _SEQUENCE:
                    problem = sequence_problem(new.cards)
                else:
                    if any(not c.is_wild for c in cards):
                        raise IllegalMove("V-BOL-WILD", N_("meld number {n} holds wild cards only"), move, n=index)
                    problem = wild_meld_problem(new.size)
                after[index] = new
            else:
                assert isinstance(key, tuple)
                if key[0] == "group":
                    assert isinstance(key[1], Rank)  # ("group", rank): see `destination`
                    if books and key[1] == Rank.THREE:
                        raise IllegalMove("V-HF-BOOKS", N_("threes are never melded in Hand and Foot"), move)
                    new = Meld.of(key[1], cards)
                    problem = meld_problem(new.rank, new.naturals, new.wilds, rules, going_out)
                elif key[0] == "sequence":
                    if not rules.sequences:  # (Hand and Foot: V-HF-BOOKS says "no sequences")
                        raise IllegalMove(one_rank_rule(rules), N_("a meld holds cards of one rank"), move)
                    problem = sequence_problem(cards)
                    if problem is not None:
                        rule, message_id, params = problem
                        raise IllegalMove(rule, message_id, move, **params)
                    new = Meld.of(_JOKER, cards, _SEQUENCE)
                else:
                    new = Meld.of(_JOKER, cards, _WILD_MELD)
                    problem = wild_meld_problem(len(cards))
                after.append(new)
            if problem is None and books and new.kind is _GROUP:
                if new.size > rules.group_max:
                    problem = (
                        "V-HF-MERGE",
                        N_("a meld of {ranks} would hold {n} cards: a book is closed at seven"),
                        {"ranks": new.rank.symbol, "n": new.size},
                    )
            if problem is not None:
                rule, message_id, params = problem
                raise IllegalMove(rule, message_id, move, **params)
            laid.append((index, new, tuple(cards)))
        if going_out:
            if self.this_turn.answer is False:
                raise IllegalMove(
                    self.ask_rule(),
                    N_("your partner said no: you may not go out this turn, so keep at least two cards"),
                    move,
                )
            if rules.foot and not self._meets(after):  # (said first: without the books no "yes" helps)
                raise IllegalMove(
                    "V-KEEP-TWO",
                    N_("without two clean and two dirty books keep at least two cards in your foot"),
                    move,
                )
            if rules.foot and self.this_turn.answer is not True and check_answer:  # V-HF-ASK: until "yes", keep two
                raise IllegalMove(
                    "V-HF-ASK",
                    N_("playing from your foot, keep at least two cards until your partner says yes"),
                    move,
                )
            if not self._meets(after):
                if rules.out_needs_sequence and self._canastas_enough(after):  # (only the escalera lacks)
                    raise IllegalMove(
                        "V-KEEP-TWO",
                        N_("your side's canastas hold no escalera yet: keep at least two cards in your hand"),
                        move,
                    )
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
                by_deal = "V-HF-MIN" if self.config.rules.minimum_by_deal else "R-MIN"  # (not by score)
                raise IllegalMove(
                    "R-TAKE-MIN" if top is not None else by_deal,
                    N_("the initial meld counts {count}, {short} short of the minimum {minimum}"),
                    move,
                    count=value,
                    short=minimum - value,
                    minimum=minimum,
                )
        if check_answer and self.this_turn.answer is True and not going_out:
            trial = self.copy()
            trial._lay_family(seat, laid, dry=True)
            if not trial.can_go_out():
                raise IllegalMove(
                    self.ask_rule(),
                    N_("your partner said yes: you must go out this turn, and this meld would leave you unable to"),
                    move,
                )
        return laid

    def _lay_family(
        self, seat: int, laid: list[Laid], top: Card | None = None, other: bool = True, dry: bool = False
    ) -> list[Event]:
        side = self.config.side_of(seat)
        table = self.table[side]
        events: list[Event] = []
        for index, new, cards in laid:
            for c in cards:
                if c is not top:
                    self._from_hand(seat, c)
            if index is None:
                table.append(new)
                before = 0
                number = len(table) - 1
            else:
                before = table[index].size
                table[index] = new
                number = index
            if not dry:
                events.append(Melded(seat, side, new.rank, cards, index is None, number, new.kind))
                if before < CANASTA_SIZE <= new.size:
                    events.append(CanastaMade(side, new.rank, new.wilds == 0, number, new.kind))
        if dry:
            return events
        self.this_turn = self.this_turn.laid_cards((), False, other)
        if not self.hands[seat]:
            if self.config.rules.foot and self.feet[seat] is not None:
                events.extend(self._pick_up_foot(seat))  # V-HF-FOOT: play on from the foot
            else:
                events.extend(self._go_out(seat))
        return events

    def _pick_up_foot(self, seat: int) -> list[Event]:
        """V-HF-FOOT, V-HF-DEAL: the foot becomes the hand; its red threes are laid and
        replaced from the stock (without replacement once it is empty, V-HF-STOCK)."""
        foot = self.feet[seat] or []
        self.feet[seat] = None
        events: list[Event] = [FootPickedUp(seat, len(foot))]
        last_red_three = False
        for card in foot:
            if card.is_red_three:
                laid = self._lay_red_three_and_replace(seat, card)
                drawn = [e.card for e in laid if isinstance(e, Drew)]
                last_red_three = last_red_three or (not self.stock and bool(drawn) and drawn[-1].is_red_three)
                events.extend(laid)
            else:
                self._to_hand(seat, card)
        if last_red_three:  # R-LASTRED3: the stock's last card, drawn here, was a red three
            events.extend(self._end_deal("last-red-three"))
        return events

    def _apply_meld(self, move: Move) -> list[Event]:
        laid = self.resolve(self.turn, move.groups, move)
        return self._lay_family(self.turn, laid)

    # ------------------------------------------------------------------- take
    def check_take(self, move: Move) -> list[Laid]:
        """V-SAMBA-TAKE: a natural pair from the hand, or (pile not frozen for the side)
        the top card alone onto a meld that is not yet a canasta (`take +N:`)."""
        seat = self.turn
        side = self.config.side_of(seat)
        table = self.table[side]
        top = self._pile_top_to_take(move)
        groups = list(move.groups)
        rules = self.config.rules
        if not rules.take_onto_meld:  # V-HF-TAKE: a natural pair, and only that
            own = groups[0] if groups else None
            if (
                own is None
                or own.target is not None
                or len(own.cards) != 2
                or any(c.is_wild or c.rank != top.rank for c in own.cards)
            ):
                raise IllegalMove(
                    "V-HF-TAKE",
                    N_("take the pile only with a natural pair of {ranks} from your hand"),
                    move,
                    ranks=top.rank.symbol,
                )
            groups[0] = Group(top.rank, own.cards)
            taken = self.pile[max(0, len(self.pile) - 1 - rules.take_next) : -1]
            return self.resolve(seat, groups, move, top=top, brought=sum(1 for c in taken if not c.is_red_three))
        if not groups:  # a bare take: onto the open group of the top card's rank
            found = open_group(table, top.rank)
            if found is None:
                raise self._no_samba_take(move, top)
            groups = [Group.to(_JOKER, (), found)]
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
                # (with what would take it instead: the bare rule left the player guessing, play-test)
                if self._takes_onto_a_meld():
                    raise IllegalMove(
                        "V-SAMBA-TAKE",
                        N_(
                            "the top card may be added only to a meld that is not yet a canasta: add it to "
                            "another of your side's melds, or meld it with a natural pair of {ranks} from your hand"
                        ),
                        move,
                        ranks=top.rank.symbol,
                    )
                raise IllegalMove(
                    "V-SAMBA-TAKE",
                    N_(
                        "the top card may be added only to a meld that is not yet a canasta: to take the pile, "
                        "meld {card} with a natural pair of {ranks} from your hand"
                    ),
                    move,
                    card=top.face,
                    ranks=top.rank.symbol,
                )
        else:
            for c in own.cards:
                if not c.is_wild and c.rank != top.rank:
                    raise IllegalMove(
                        "R-TAKE",
                        N_("the top card is {card}: the take's cards must be {ranks} or wild cards"),
                        move,
                        card=top.face,
                        ranks=top.rank.symbol,
                    )
            if sum(1 for c in own.cards if not c.is_wild) < 2:
                if self.pile_frozen_for(side):
                    self._refuse_frozen(move, top)
                raise self._no_samba_take(move, top)
            groups[0] = Group(top.rank, own.cards)
        brought = sum(1 for c in self.pile[:-1] if not c.is_red_three)
        return self.resolve(seat, groups, move, top=top, brought=brought)

    def _no_samba_take(self, move: Move, top: Card) -> IllegalMove:
        """The refusal of a take that neither melds the top card with a natural pair nor adds it
        to an unfinished meld (V-SAMBA-TAKE), naming only the ways there are: adding the top
        card to a meld is offered only when one of the side's melds takes it now (offering
        it when none fits misled, play-test); a pile frozen for the side says so (R-FROZEN)."""
        if self._takes_onto_a_meld():
            return IllegalMove(
                "V-SAMBA-TAKE",
                N_(
                    "to take the pile, meld its top card {card} with a natural pair of {ranks} from your "
                    "hand, or add it to a meld of your side that is not yet a canasta (take +N:)"
                ),
                move,
                card=top.face,
                ranks=top.rank.symbol,
            )
        if self.pile_frozen_for(self.config.side_of(self.turn)):
            self._refuse_frozen(move, top)
        return IllegalMove(
            "V-SAMBA-TAKE",
            N_(
                "to take the pile, meld its top card {card} with a natural pair of {ranks} from your hand "
                "(no meld of your side takes it)"
            ),
            move,
            card=top.face,
            ranks=top.rank.symbol,
        )

    def _takes_onto_a_meld(self) -> bool:
        """V-SAMBA-TAKE (b): the top card may go alone onto one of the side's melds now
        (`take +N:` onto a meld that is not yet a canasta is accepted)."""
        for index, m in enumerate(self.table[self.config.side_of(self.turn)]):
            if m.size < CANASTA_SIZE:
                try:
                    self.check_take(Move.take(Group.to(_JOKER, (), index)))
                except IllegalMove:
                    continue
                return True
        return False

    def _apply_take(self, move: Move) -> list[Event]:
        laid = self.check_take(move)
        seat = self.turn
        top = self.pile[-1]
        keep = (
            self.pile[: max(0, len(self.pile) - 1 - self.config.rules.take_next)] if self.config.rules.take_next else []
        )
        rest = self.pile[len(keep) : -1]  # V-HF-TAKE: the next six; otherwise the whole pile
        self.pile = keep
        self.pile_frozen = sum(1 for c in keep if c.is_wild or c.is_red_three)
        events = self._bring_in_pile(seat, top, rest)
        events.extend(self._lay_family(seat, laid, top=top, other=len(move.groups) > 1))
        return events

    def take_forced(self) -> bool:
        """V-SAMBA-EXHAUSTED: with the stock empty the take is forced only when the top
        card may go alone onto a meld that is not yet a canasta."""
        if self.stock or not self.pile or not self.config.rules.take_onto_meld:
            return False  # V-HF-STOCK: Hand and Foot never forces the take
        return self._takes_onto_a_meld()

    def _apply_pass(self) -> list[Event]:
        if self.stock:
            raise IllegalMove("R-EXHAUSTED", N_("you may pass only when the stock is empty"))
        if self.take_forced():
            raise IllegalMove(
                "V-SAMBA-EXHAUSTED",
                N_("the stock is empty and the top card fits a meld of your side that is not yet a canasta: take it"),
            )
        return self._end_deal("stock-exhausted")

    # ---------------------------------------------------------------- discard, ask
    def _last_card_goes_out(self, seat: int) -> bool:
        """V-HF-FOOT: a player with a foot still down picks it up instead."""
        return not self.config.rules.foot or self.feet[seat] is None

    def _check_going_out(self, seat: int, move: Move) -> None:
        if self.config.rules.foot and self.this_turn.answer is None:
            raise IllegalMove("V-HF-ASK", N_("ask your partner first: you go out only after a yes"), move)
        super()._check_going_out(seat, move)

    def _hand_emptied(self, seat: int) -> list[Event]:
        """V-HF-FOOT: the hand emptied by the discard: pick up the foot; the turn ends."""
        return self._pick_up_foot(seat)

    def _apply_ask(self) -> list[Event]:
        if not self.config.rules.foot:
            return super()._apply_ask()
        if not self.in_foot(self.turn):  # V-HF-ASK
            raise IllegalMove("V-HF-ASK", N_("only a player playing from the foot asks to go out"))
        if self.this_turn.asked:
            raise IllegalMove("V-HF-ASK", N_("you may ask only once per turn"))
        return self._ask()

    # ---------------------------------------------------------------- the end
    def _check_out_requirement(self, side: int, move: Move) -> None:
        if not self.meets_out(side):
            if self.config.rules.foot:
                raise IllegalMove("V-HF-OUT", N_("going out needs two clean and two dirty books"), move)
            if self.config.rules.out_needs_sequence and self._canastas_enough(self.table[side]):
                raise IllegalMove("V-BOL-OUT", N_("going out needs an escalera among your side's canastas"), move)
            if self.config.rules.out_needs_sequence:
                raise IllegalMove("V-BOL-OUT", N_("going out needs two canastas, one of them an escalera"), move)
            raise IllegalMove("V-SAMBA-OUT", N_("going out needs {n} canastas"), move, n=self.config.canastas_to_go_out)

    def _end_deal(self, reason: str, went_out: int | None = None, concealed: bool = False) -> list[Event]:
        """V-SAMBA-SCORE, V-SAMBA-RED3, V-BOL-BLACK3, V-HF-SCORE: every bonus by name."""
        cfg = self.config
        rules = cfg.rules
        books = rules.foot > 0
        sides = []
        for side in range(cfg.sides):
            table = self.table[side]
            hand = 0
            black = 0
            feet = 0
            red = len(self.red_threes[side])
            for seat in cfg.seats_of_side(side):
                for c in self.hands[seat]:
                    if c.is_black_three and rules.black_three_penalty:
                        black -= rules.black_three_penalty
                    else:
                        hand += c.value
                for c in self.feet[seat] or ():  # V-HF-SCORE: a foot never picked up counts too
                    feet -= 100 if c.is_red_three else c.value
            red_points = rules.red_three_points(red) if red else 0
            if not table or self.canastas(side) < rules.red_threes_need_canastas:
                red_points = -red_points
            groups = [m for m in table if m.kind is _GROUP]
            sequences = sum(m.bonus for m in table if m.kind is _SEQUENCE)
            sides.append(
                SideScore(
                    melds=sum(m.value for m in table),
                    hand=-hand,
                    canastas=0 if books else sum(m.bonus for m in groups),
                    red_threes=red_points,
                    going_out=rules.going_out if went_out is not None and cfg.side_of(went_out) == side else 0,
                    sambas=sequences if rules.sequence_name == "sambas" else 0,
                    escaleras=sequences if rules.sequence_name == "escaleras" else 0,
                    bolivias=sum(m.bonus for m in table if m.kind is _WILD_MELD),
                    books_clean=sum(m.bonus for m in groups if m.wilds == 0) if books else 0,
                    books_dirty=sum(m.bonus for m in groups if m.wilds > 0) if books else 0,
                    black_threes=black,
                    feet=feet,
                )
            )
        scores = tuple(s + d.total for s, d in zip(self.scores, sides))
        winner: int | None
        tie = False
        if rules.deals:  # V-HF-SCORE: after the last deal the higher total wins
            winner = None
            if self.deal_no >= rules.deals:
                best = max(scores)
                leaders = [i for i, total in enumerate(scores) if total == best]
                winner = leaders[0] if len(leaders) == 1 else None
                tie = len(leaders) > 1
        else:
            winner = game_winner(scores, cfg.target)
        self.result = DealResult(reason, tuple(sides), scores, winner, went_out, concealed, tie)
        self.phase = _OVER
        return [DealEnded(reason, self.result)]
