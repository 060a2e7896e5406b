"""Legal moves and the going-out planner of the Samba family (game/rules/family.py).

Every listed meld or take is first built from the hand (groups, sequences, wild melds,
additions by number) and then passed through the very validation `apply` uses
(`FamilyState.resolve` / `check_take`), so `legal` lists exactly what `play` accepts. A
group's naturals are listed once per choice of suits where sequences make suits matter
(Samba, Bolivia: `suit_choices`), else in suit order as game/rules/movegen.py does. Additions
to a group the notation names by its rank (`meld HK`, `meld K: D2`) are listed that way;
every other addition names the meld (`meld +N: ...`, `take +N:`).
"""

from __future__ import annotations

from collections.abc import Container
from itertools import combinations, product

from .cards import ALL_CARDS, Card, Rank, Suit, sort_key
from .errors import IllegalMove
from .family import FamilyState, takes_alone
from .melds import CANASTA_SIZE, Meld, MeldKind
from .memo import BoundedMemo
from .movegen import HandByFace, _wild_combos, moves_by_phase, takeable_top
from .moves import Group, Move, MoveKind, Plan
from .phase import Phase
from .plan_memo import remember
from .variants import Variant

# Enum members read in the hot loops, bound once: on Python 3.11 reading a member off
# its Enum class costs about ten times reading a module global.
_GROUP, _SEQUENCE, _WILD_MELD = MeldKind.GROUP, MeldKind.SEQUENCE, MeldKind.WILD
_JOKER, _TWO, _THREE = Rank.JOKER, Rank.TWO, Rank.THREE
_MELD, _TAKE = MoveKind.MELD, MoveKind.TAKE
_MELD_PHASE = Phase.MELD

MAX_OPENINGS = 96  # bound on multi-group openings listed per position (as in classic)
_MAX_NODES = 400  # bound on the opening search itself

_ASK = Move(MoveKind.ASK)
_JK = Card.parse("JK")
ALL_FACES = {c.face_card for c in ALL_CARDS}
_MEMO_LIMIT = 200_000
_MELD_MEMO: BoundedMemo[tuple[Rank, tuple[Card, ...], int | None], Move] = BoundedMemo(_MEMO_LIMIT)
_CHOICE_MEMO: BoundedMemo[tuple[tuple[Card, ...], int], tuple[tuple[Card, ...], ...]] = BoundedMemo(_MEMO_LIMIT)
_NO_LIMIT = 10**6  # a group size no variant closes at
_DISCARD_MEMO: dict[Card, Move] = {face: Move(MoveKind.DISCARD, (), face) for face in ALL_FACES}


class _Hand(HandByFace):
    """The hand by face, with what sequences and wild melds ask of it."""

    __slots__ = ("_by_suit", "_wild_key")

    def __init__(self, hand: list[Card]):
        super().__init__(hand)
        self._by_suit: dict[Suit | None, dict[int, Card]] | None = None
        self._wild_key = (tuple(self.twos), len(self.jokers))

    def has_run(self) -> bool:
        """Three naturals of one suit in consecutive ranks: a new sequence can be laid.
        (The faces are in suit order, each suit's ranks rising.)"""
        suit: Suit | None = None
        rank = 0
        length = 0
        for c in self.faces:
            if not c.is_natural or (c.suit is suit and c.rank == rank):
                continue  # a wild card or a three, or another copy of the last face
            if c.suit is suit and c.rank == rank + 1:
                length += 1
                if length == 3:
                    return True
            else:
                length = 1
            suit = c.suit
            rank = c.rank
        return False

    @property
    def by_suit(self) -> dict[Suit | None, dict[int, Card]]:
        """The naturals by suit, then rank (sequences need them; built when first asked)."""
        suits = self._by_suit
        if suits is None:
            suits = self._by_suit = {}
            for c in self.faces:
                if c.is_natural:
                    suited = suits.get(c.suit)
                    if suited is None:
                        suits[c.suit] = {c.rank: c}
                    else:
                        suited[c.rank] = c
        return suits

    def wilds(self, j: int, t: int) -> tuple[Card, ...]:
        return tuple(self.twos[:t]) + (_JK,) * j

    def wild_sets(self, cap: int, at_least: int) -> tuple[tuple[Card, ...], ...]:
        """The wild cards a meld may take from this hand, every choice from `at_least` to
        `cap` of them, fewest first (in `_wild_combos` order: more jokers first)."""
        key = (self._wild_key, cap, at_least)
        sets = _WILD_SETS.get(key)
        if sets is None:
            combos = _wild_combos(len(self.jokers), len(self.twos), cap, at_least)
            sets = _WILD_SETS.store(key, tuple(self.wilds(j, t) for j, t in combos))
        return sets


# The wild-card choices by (the hand's twos and number of jokers, cap, least): few hands
# differ there, so the listing builds each choice once.
_WILD_SETS: BoundedMemo[tuple[tuple[tuple[Card, ...], int], int, int], tuple[tuple[Card, ...], ...]] = BoundedMemo(
    _MEMO_LIMIT
)


def _valid(state: FamilyState, move: Move) -> bool:
    try:
        if move.kind is _TAKE:
            state.check_take(move)
        else:
            state.resolve(state.turn, move.groups, move)
    except IllegalMove:
        return False
    return True


def suit_choices(cards: list[Card], k: int, by_suit: bool) -> tuple[tuple[Card, ...], ...]:
    """The ways to lay `k` of `cards` (one rank's naturals, in suit order). Where suits
    matter (sequences: Samba, Bolivia) the card kept back may be the one a run needs, so
    each distinct choice of suits is a move of its own, the suit-order one first; elsewhere
    that one alone stands for them all."""
    if not by_suit or k == 0 or k == len(cards) or cards[0] == cards[-1]:
        return (tuple(cards[:k]),)
    key = (tuple(cards), k)
    choices = _CHOICE_MEMO.get(key)
    if choices is None:
        # `combinations` of a sorted list yields sorted tuples: equal choices are equal tuples.
        choices = _CHOICE_MEMO.store(key, tuple(dict.fromkeys(combinations(cards, k))))
    return choices


# ---------------------------------------------------------------- listing
def legal_moves(state: FamilyState) -> list[Move]:
    return moves_by_phase(state, _meld_phase_moves, _take_moves)


def _meld_phase_moves(state: FamilyState) -> list[Move]:
    seat = state.turn
    side = state.config.side_of(seat)
    table = state.table[side]
    hand = _Hand(state.hands[seat])
    size = len(hand.faces)
    moves: list[Move] = []
    hand_and_foot = state.config.rules.foot > 0
    turn = state.this_turn
    if hand_and_foot:  # V-HF-ASK: from the foot, at any moment of the meld phase
        may_ask = state.feet[seat] is None and not turn.asked and size >= 2
    else:
        may_ask = state.config.ask_allowed and not turn.asked and not turn.laid_other and size >= 2
    planned = may_ask or bool(table)
    plan = go_out_plan(state, hand) if planned else None
    can_out = may_ask and (plan is not None or out_after_a_step(state, hand))
    if can_out:
        moves.append(_ASK)
    if planned:  # asked again next (game/rules/plan_memo.py): of this state, of a stand-in, by `ask`
        remember(state.plan_facts(), plan, can_out if may_ask else (True if plan is not None else None))
    answer = turn.answer
    # Built legal by construction (kinds, sizes, wild limits, the minimum): only a move that
    # leaves fewer than two cards, or follows a "yes", needs the full validation.
    quick = answer is not True
    if table:  # single groups: distinct by construction
        most = size - 2 if quick else -1  # the most cards a move may lay unchecked
        for move in _single_groups(state, hand):
            if len(move.groups[0].cards) <= most or _valid(state, move):
                moves.append(move)
    else:
        found: dict[Move, None] = {}
        _search_openings(state, hand, found)
        for move in found:
            used = sum(len(g.cards) for g in move.groups)
            if (quick and size - used >= 2) or _valid(state, move):
                moves.append(move)
    # Checked by the planner with `resolve`; in Hand and Foot going out also needs a "yes".
    if plan is not None and plan[0] and (answer is True or not hand_and_foot):
        plan_move = Move(_MELD, tuple(plan[0]))
        # An opening of several groups may be listed already; beside melds of the side's the
        # listing holds single groups only, which a plan of several groups never equals.
        if (table and len(plan[0]) > 1) or plan_move not in moves:
            moves.append(plan_move)
    if size == 1:
        if hand_and_foot and state.feet[seat] is not None:  # V-HF-FOOT: then the foot
            moves.append(Move.discard(hand.faces[0]))
        elif answer is not False and state.meets_out(side) and (answer is True or not hand_and_foot):
            moves.append(Move.discard(hand.faces[0]))
        return moves
    if answer is True:
        return moves
    moves.extend(map(_DISCARD_MEMO.__getitem__, dict.fromkeys(hand.faces)))
    return moves


def _meld_move(rank: Rank, cards: tuple[Card, ...], target: int | None = None) -> Move:
    """The one-group meld move (moves are values: the listing reuses them, as
    game/rules/movegen.py does; building a frozen dataclass costs more than the lookup)."""
    key = (rank, cards, target)
    move = _MELD_MEMO.get(key)
    if move is None:
        move = _MELD_MEMO.store(key, Move(_MELD, (Group.to(rank, cards, target),)))
    return move


Unit = tuple[Rank, tuple[Card, ...], bool]  # a new meld: rank, cards, True for a group


def _new_units(state: FamilyState, hand: _Hand, skip: Container[Rank] = (), suits: bool = True) -> list[Unit]:
    """Every new meld the hand can lay on its own: groups (of ranks not in `skip`),
    sequences, wild melds; True marks a group (two of one rank in one move merge).
    `suits` False: a group's naturals in suit order only (`suit_choices`)."""
    rules = state.config.rules
    units: list[Unit] = []
    add = units.append
    max_wilds = rules.max_wilds
    most = rules.group_max or _NO_LIMIT  # V-HF-BOOKS: a book closes at seven
    wild_sets = hand.wild_sets
    # A pair needs a wild card (R-MELD): without one, a group starts at three naturals.
    first = 2 if hand.twos or hand.jokers else 3
    by_suit = suits and rules.sequences
    for rank, cards in hand.naturals.items():
        n = len(cards)
        if n < first or rank in skip:
            continue
        for k in range(first, (n if n < most else most) + 1):
            cap = max_wilds if max_wilds < k else k
            if most - k < cap:
                cap = most - k
            for nat in suit_choices(cards, k, by_suit):
                for wild in wild_sets(cap, 1 if k == 2 else 0):
                    add((rank, nat + wild, True))
    if rules.sequences and hand.has_run():
        for by_rank in hand.by_suit.values():
            if len(by_rank) < 3:
                continue
            for low in sorted(by_rank):
                if low + 2 not in by_rank or low + 1 not in by_rank:
                    continue
                run = [by_rank[low], by_rank[low + 1]]
                rank = run[0].rank
                r = low + 2
                while r in by_rank and len(run) < CANASTA_SIZE:
                    run.append(by_rank[r])
                    add((rank, tuple(run), False))
                    r += 1
    if rules.wild_melds and len(hand.twos) + len(hand.jokers) >= 3:
        for wild in wild_sets(CANASTA_SIZE, 3):
            add((_JOKER, wild, False))
    return units


def _single_groups(state: FamilyState, hand: _Hand) -> list[Move]:
    """Single-group melds and additions for a side that has melded."""
    rules = state.config.rules
    table = state.table[state.config.side_of(state.turn)]
    wild = len(hand.twos) + len(hand.jokers)
    out: list[Move] = []
    add = out.append
    memo = _MELD_MEMO
    open_rank: dict[Rank, int] = {}
    for i, m in enumerate(table):
        if m.kind is _GROUP and m.naturals + m.wilds < CANASTA_SIZE:
            open_rank[m.rank] = i
    # New melds of ranks with no open group (an open group takes the same cards instead).
    for rank, laid, _ in _new_units(state, hand, open_rank):
        move = memo.get((rank, laid, None))
        add(move if move is not None else _meld_move(rank, laid))
    most = rules.group_max or _NO_LIMIT  # V-HF-BOOKS: a book closes at seven
    max_wilds = rules.max_wilds
    naturals = hand.naturals
    wild_sets = hand.wild_sets
    by_suit = rules.sequences
    for i, m in enumerate(table):
        m_nat = m.naturals
        m_wild = m.wilds
        size = m_nat + m_wild
        kind = m.kind
        if kind is _GROUP:
            rank = m.rank
            cards = naturals.get(rank)
            if size >= most or (not cards and (not wild or m_wild >= max_wilds or m_wild >= m_nat)):
                continue  # nothing of the rank, and no room for a wild card
            # An open group is named by its rank, as in classic; any other by its number.
            target = None if open_rank.get(rank) == i else i
            held = tuple(cards) if cards else ()
            key = (rank, held, hand._wild_key, m_nat, m_wild, most, max_wilds, by_suit, target)
            listed = _ADDITIONS.get(key)
            if listed is None:
                listed = _ADDITIONS.store(
                    key, _group_additions(hand, rank, cards, m_nat, m_wild, most, max_wilds, by_suit, target)
                )
            out.extend(listed)
        elif kind is _SEQUENCE:
            if size >= CANASTA_SIZE:
                continue
            suit = m.cards[0].suit
            r = int(m.rank) - 1
            high = int(m.cards[-1].rank) + 1
            for end in (r, high):  # the ranks that extend it, looked up before any index is built
                if any(c.suit is suit for c in naturals.get(end, ())):  # type: ignore[call-overload]
                    break
            else:
                continue  # nothing extends it
            by_rank = hand.by_suit[suit]
            below: list[Card] = []
            while r in by_rank:
                below.insert(0, by_rank[r])
                r -= 1
            above = []
            r = high
            while r in by_rank:
                above.append(by_rank[r])
                r += 1
            room = CANASTA_SIZE - size
            for a in range(len(below) + 1):
                for b in range(len(above) + 1):
                    if 0 < a + b <= room:
                        laid = tuple(below[len(below) - a :]) + tuple(above[:b])
                        add(_meld_move(laid[0].rank, laid, i))
        elif size < CANASTA_SIZE and wild:  # a wild meld under seven
            for laid in wild_sets(CANASTA_SIZE - size, 1):
                add(_meld_move(_JOKER, laid, i))
    black3 = hand.black3  # V-BLACK3: only when going out, onto this turn's meld of threes if laid
    if rules.black_threes_max >= 3 and black3:
        before = next((len(m.cards) for m in table if m.kind is _GROUP and m.rank is _THREE), 0)
        for k in range(1, len(black3) + 1):
            if 3 <= before + k <= rules.black_threes_max and len(hand.faces) - k <= 1:
                add(_meld_move(_THREE, tuple(black3[:k])))
    return out


# The additions to a group by what they depend on (the rank, its naturals held, the wild
# cards held, the group's counts, the variant's limits, how the group is named): few hands
# differ there, so the listing builds each list once.
_ADDITIONS: BoundedMemo[tuple[object, ...], tuple[Move, ...]] = BoundedMemo(_MEMO_LIMIT)


def _group_additions(
    hand: _Hand,
    rank: Rank,
    cards: list[Card] | None,
    m_nat: int,
    m_wild: int,
    most: int,
    max_wilds: int,
    by_suit: bool,
    target: int | None,
) -> tuple[Move, ...]:
    """The single-group moves adding naturals of `rank` and/or wild cards to a group of
    `m_nat` naturals and `m_wild` wild cards (`target` None: named by its rank), fewer
    naturals first, then fewer wild cards."""
    out: list[Move] = []
    size = m_nat + m_wild
    memo = _MELD_MEMO
    have = len(cards) if cards else 0
    for k in range(min(have, most - size) + 1):
        cap = min(max_wilds, m_nat + k) - m_wild
        if cap > most - size - k:
            cap = most - size - k
        named = rank if k or target is None else _JOKER
        for nat in suit_choices(cards, k, by_suit) if cards else ((),):
            for extra in hand.wild_sets(cap if cap > 0 else 0, 1 if k == 0 else 0):
                laid = nat + extra
                move = memo.get((named, laid, target))
                out.append(move if move is not None else _meld_move(named, laid, target))
    return tuple(out)


def _search_openings(
    state: FamilyState,
    hand: _Hand,
    found: dict[Move, None],
    take_group: Group | None = None,
    top: Card | None = None,
    passes: tuple[bool, ...] = (False, True),
    units_made: OpeningUnits | None = None,
) -> None:
    """Initial melds (R-MIN, R-MIN-ATOMIC): single and multi-group sets of new melds
    whose count reaches the minimum, bounded (for a take, beside the take's own group).
    `passes`: search with the groups' naturals in suit order (False), then with every
    choice of suits (True), each pass with a bound of its own. `units_made`: the new
    melds, when the caller has them already (`_opening_units`)."""
    minimum = state.minimum(state.config.side_of(state.turn))
    have: dict[Card, int] = {}
    for face in hand.faces:
        have[face] = have.get(face, 0) + 1
    value0 = 0
    if take_group is not None and top is not None:
        value0 = top.value
        for c in take_group.cards:
            have[c] -= 1
            value0 += c.value
    # Hand and Foot takes exactly a pair (V-HF-TAKE); more of the rank from the hand go in a
    # group of their own, which joins it (V-HF-MERGE), checked as `play` checks it.
    exact_pair = not state.config.rules.take_onto_meld
    if units_made is None:
        unit_hand = hand
        if exact_pair and take_group is not None:  # the further groups are made of what the pair leaves
            rest = list(hand.faces)
            for c in take_group.cards:
                rest.remove(c)
            unit_hand = _Hand(rest)
        units_made = _opening_units(state, unit_hand, top if not exact_pair else None)
    units, first_units = units_made
    n_units = first_units
    # Every search node counts against _MAX_NODES, a budget for each pass: the root of each
    # depth and every set of melds chosen on the way (the leaves are counted, and checked,
    # without a call).
    nodes = [0]

    def emit(chosen: list[Group]) -> None:
        if take_group is not None:
            move = Move(_TAKE, (take_group, *chosen))
            if exact_pair and any(g.rank == take_group.rank for g in chosen) and not _valid(state, move):
                return  # the joined group would be too big or too wild
            found.setdefault(move, None)
        elif chosen:
            found.setdefault(Move(_MELD, tuple(chosen)), None)

    def dfs(start: int, chosen: list[Group], ranks: set[Rank], value: int, depth: int) -> None:
        """Extend `chosen` (fewer than `depth` melds) by the units from `start` on."""
        leaf = len(chosen) + 1 == depth
        for idx in range(start, n_units):
            if nodes[0] >= _MAX_NODES or len(found) >= MAX_OPENINGS:
                return  # the bound is reached: the search stops
            rank, group, is_group, unit_value, needs = units[idx]
            if is_group and rank in ranks:
                continue  # two groups of one rank merge: listed as one group
            for face, n in needs:
                if have[face] < n:
                    break
            else:
                nodes[0] += 1
                if leaf:
                    if value + unit_value >= minimum:
                        emit(chosen + [group])
                    continue
                for face, n in needs:
                    have[face] -= n
                dfs(idx + 1, chosen + [group], ranks | {rank} if is_group else ranks, value + unit_value, depth)
                for face, n in needs:
                    have[face] += n

    if take_group is not None and value0 >= minimum:
        emit([])
    # Fewer groups first, so single-meld openings are always listed; then pairs, triples;
    # then the same with the other choices of suits, with a bound of their own.
    spans = [(0, first_units)] if False in passes else []
    if True in passes and len(units) > first_units:
        spans.append((first_units, len(units)))
    for start, upto in spans:
        if take_group is None:
            for _, group, _, unit_value, _ in units[start:upto]:
                if unit_value >= minimum:
                    emit([group])
        n_units = upto  # read by dfs
        nodes[0] = 0
        for depth in (1, 2, 3) if take_group is not None else (2, 3):
            nodes[0] += 1
            if nodes[0] <= _MAX_NODES and len(found) < MAX_OPENINGS:
                dfs(0, [], set(), value0, depth)


# The new melds an opening may lay: (rank, group, True for a group, count, the faces it needs
# with their copies), the groups' naturals in suit order first; and how many come first.
OpeningUnits = tuple[list[tuple[Rank, Group, bool, int, tuple[tuple[Card, int], ...]]], int]


def _opening_units(state: FamilyState, hand: _Hand, top: Card | None) -> OpeningUnits:
    """Each new meld `hand` can lay beside an opening (and, with `top`, beside a take of that
    card, whose group holds every card of its rank it may in Samba and Bolivia: no second group
    of that rank), with its count and the faces it needs, checked before it is chosen. The
    groups' naturals in suit order come first and are searched first, so that what the bounds
    let through is every kind of opening before its choices of suits (`suit_choices`)."""
    skip = (top.rank,) if top is not None else ()
    every = _new_units(state, hand, skip, suits=False)
    first = len(every)
    if state.config.rules.sequences:
        listed = set(every)
        every += [u for u in _new_units(state, hand, skip) if u not in listed]
    units = [
        (rank, Group(rank, cards), is_group, sum(c.value for c in cards), _needs(cards))
        for rank, cards, is_group in every
    ]
    return units, first


def _needs(cards: tuple[Card, ...]) -> tuple[tuple[Card, int], ...]:
    """The faces `cards` holds, each with its number of copies."""
    counted: dict[Card, int] = {}
    for c in cards:
        counted[c] = counted.get(c, 0) + 1
    return tuple(counted.items())


def _take_moves(state: FamilyState) -> list[Move]:
    """V-SAMBA-TAKE: a natural pair (maybe more cards of the rank and wild cards), or
    `take +N:` onto each meld that is not yet a canasta when the pile is not frozen."""
    top = takeable_top(state)
    if top is None:
        return []
    pile = state.pile
    seat = state.turn
    side = state.config.side_of(seat)
    table = state.table[side]
    rules = state.config.rules
    found: dict[Move, None] = {}
    counts = state.counts[seat]
    if not rules.take_onto_meld:  # V-HF-TAKE: a natural pair, joining an open group that fits
        if counts[top.rank] < 2 or top.rank is _THREE:  # threes never meld (a red three left on top)
            return []
        hand = _Hand(state.hands[seat])
        group = Group(top.rank, tuple(hand.naturals[top.rank][:2]))
        old = None
        for m in table:
            if m.kind is _GROUP and m.rank == top.rank and m.size < CANASTA_SIZE:
                old = m
        if old is not None and old.size + 3 > rules.group_max:
            return []
        if table:
            found[Move(_TAKE, (group,))] = None
        else:
            _search_openings(state, hand, found, group, top)
        brought = sum(1 for c in pile[max(0, len(pile) - 1 - rules.take_next) : -1] if not c.is_red_three)
        size = len(state.hands[seat]) + brought
        return [move for move in found if size - sum(len(g.cards) for g in move.groups) >= 2 or _valid(state, move)]
    if counts[top.rank] >= 2:
        hand = _Hand(state.hands[seat])
        cards = hand.naturals[top.rank]
        old = None
        for m in table:
            if m.kind is _GROUP and m.rank == top.rank and m.size < CANASTA_SIZE:
                old = m
        base_n, base_w = (old.naturals, old.wilds) if old is not None else (0, 0)
        units: OpeningUnits | None = None
        # Every size's naturals in suit order first, each with further melds in suit order;
        # then the other choices of suits (so the openings' bound lets every kind through).
        for in_order_round in (True, False):
            for k in range(2, len(cards) + 1):
                cap = min(rules.max_wilds, base_n + 1 + k) - base_w
                for i, nat in enumerate(suit_choices(cards, k, rules.sequences)):
                    in_order = i == 0
                    if in_order_round and not in_order:
                        break
                    if table and in_order and not in_order_round:
                        continue  # listed in the first round
                    passes = (False,) if in_order_round else (True,) if in_order else (False, True)
                    for wild in hand.wild_sets(max(cap, 0), 0):
                        group = Group(top.rank, nat + wild)
                        if table:
                            found.setdefault(Move(_TAKE, (group,)), None)
                        else:  # the melds beside the take are the same for every take group
                            if units is None:
                                units = _opening_units(state, hand, top)
                            _search_openings(state, hand, found, group, top, passes, units)
    if not state.pile_frozen_for(side):
        for index, m in enumerate(table):
            if takes_alone(m, top):
                found.setdefault(Move(_TAKE, (Group.to(_JOKER, (), index),)), None)
    # As for melds: built legal, so only a take that leaves fewer than two cards is checked.
    size = len(state.hands[seat]) + sum(1 for c in pile[:-1] if not c.is_red_three)
    return [move for move in found if size - sum(len(g.cards) for g in move.groups) >= 2 or _valid(state, move)]


# ---------------------------------------------------------------- going out
def go_out_plan(state: FamilyState, hand: _Hand | None = None) -> Plan | None:
    """A way for the player to act to go out this turn, or None: one meld move laying
    every card but at most one, which is discarded. Greedy (each natural goes to its
    rank's open group, a new group, a group canasta or a sequence end; wild cards go
    where they complete canastas first), and checked by `resolve`, so a plan it returns
    is always playable; it may miss ways that need new sequences from the hand."""
    if state.phase is not _MELD_PHASE or state.this_turn.answer is False:
        return None
    seat = state.turn
    if state.config.rules.foot and state.feet[seat] is not None:
        return None  # V-HF-OUT: only the foot goes out (its cards are unknown before)
    side = state.config.side_of(seat)
    table = state.table[side]
    if hand is None:
        hand = _Hand(state.hands[seat])
    size = len(hand.faces)
    if size == 1:
        return ([], hand.faces[0]) if state.meets_out(side) else None
    # Quick refusal: black threes all meld (three or more, V-BLACK3) or one is the discard.
    rules = state.config.rules
    black3 = hand.black3
    stray3 = _stray_three(len(black3), rules.black_threes_max)  # the one black three that cannot meld: the discard
    if stray3 is None:
        return None
    # Quick refusal: naturals held once that fit no meld must all be the one discard.
    fits: set[tuple[Suit | None, int]] = set()  # (suit, rank) a sequence end accepts
    group_ranks = set()
    for m in table:
        if m.kind is _GROUP:
            group_ranks.add(m.rank)
        elif m.kind is _SEQUENCE and m.naturals + m.wilds < CANASTA_SIZE:
            suit = m.cards[0].suit
            fits.add((suit, int(m.rank) - 1))
            fits.add((suit, int(m.cards[-1].rank) + 1))
    loose: list[Card] = []
    most_loose = 0 if stray3 else 1
    for rank, cards in hand.naturals.items():
        if len(cards) == 1 and rank not in group_ranks and (cards[0].suit, rank) not in fits:
            if len(loose) == most_loose:
                return None  # two cards that fit nowhere
            loose.append(cards[0])
    if stray3:
        loose.append(black3[0])
    # Quick refusal: each pair of a rank with no group needs a wild card (or is the
    # discard's pair, once): more such pairs than wild cards cannot all meld.
    wilds = len(hand.twos) + len(hand.jokers)
    pairs = sum(1 for rank, cards in hand.naturals.items() if len(cards) == 2 and rank not in group_ranks)
    if pairs > wilds + (0 if loose else 1):
        return None
    # Quick refusal: too few canastas even if every wild card went to each meld in turn.
    need = sum(rules.books_quota) if rules.foot else rules.canastas_to_go_out
    reach = 0
    has_sequence = False
    for m in table:
        if m.size >= CANASTA_SIZE:
            reach += 1
            has_sequence = has_sequence or m.kind is _SEQUENCE
        elif m.kind is _GROUP:
            room = max(0, min(rules.max_wilds, m.naturals + len(hand.naturals.get(m.rank, ()))) - m.wilds)
            if m.size + len(hand.naturals.get(m.rank, ())) + min(room, wilds) >= CANASTA_SIZE:
                reach += 1
        elif m.kind is _SEQUENCE:
            if m.size == CANASTA_SIZE - 1 and any(
                (c.suit, c.rank) in fits for c in (cs[0] for cs in hand.naturals.values())
            ):
                reach += 1
                has_sequence = True
        elif m.size + wilds >= CANASTA_SIZE:
            reach += 1
    group_ranks_open = {m.rank for m in table if m.kind is _GROUP and m.size < CANASTA_SIZE}
    for rank, cards in hand.naturals.items():
        if (
            rank not in group_ranks_open
            and len(cards) >= 2
            and len(cards) + min(wilds, rules.max_wilds) >= CANASTA_SIZE
        ):
            reach += 1
    if rules.wild_melds and wilds >= CANASTA_SIZE:
        reach += 1
    if reach < need or (rules.out_needs_sequence and not has_sequence):
        return None
    options: list[Card | None]
    if loose:
        options = [loose[0]]
    else:
        options = [None]
        if hand.twos:
            options.append(hand.twos[0])
        elif hand.jokers:
            options.append(_JK)
        options.extend(cards[0] for cards in hand.naturals.values())
        if hand.black3:
            options.append(hand.black3[0])
    facts = _PlanTable(table, rules)
    # Each new group of two naturals needs a wild card (R-MELD): a discard that leaves
    # more such pairs than wild cards has no plan, so it is not tried.
    open_group = facts.open_group
    new_pairs = sum(1 for rank, cards in hand.naturals.items() if len(cards) == 2 and rank not in open_group)
    for discard in options:
        pairs, wild_left = new_pairs, wilds
        if discard is not None:
            if discard.is_wild:
                wild_left -= 1
            elif discard.rank is not _THREE and discard.rank not in open_group:
                held = len(hand.naturals[discard.rank])
                pairs += (held == 3) - (held == 2)
        if pairs > wild_left:
            continue
        # Bolivia: the wild cards may also go out as a wild meld of their own (a bolivia of
        # seven is a canasta; filling groups first left five and no way out).
        for wild_meld_first in (False, True) if facts.wild_melds else (False,):
            if wild_meld_first and wild_left - pairs < 3:  # (no wild meld of three left over)
                break
            groups = _plan_groups(facts, hand, discard, wild_meld_first)
            if groups is None:
                continue
            move = Move(_MELD, tuple(groups))
            try:
                state.resolve(seat, groups, move, check_answer=False)
            except IllegalMove:
                continue
            return groups, discard
    return None


def _stray_three(count: int, most: int) -> bool | None:
    """Going out with `count` black threes (R-BLACK3, V-BLACK3: three to `most` of them
    meld): whether one must be the discard, or None when neither way works."""
    if count == 0 or 3 <= count <= most:
        return False
    if count == 1 or 3 <= count - 1 <= most:
        return True
    return None


class _PlanTable:
    """What the planner needs of the side's melds, found once per plan rather than once per
    discard it tries: the open group of each rank, the first group of each rank (a group
    canasta a lone natural may join), the sequences under seven (their suit and the ranks
    their ends accept), and the melds that may take wild cards."""

    __slots__ = ("open_group", "first_group", "sequences", "wild_takers", "max_wilds", "wild_melds", "black3_ok")

    def __init__(self, table: list[Meld], rules: Variant):
        books = rules.group_max > 0
        self.max_wilds = rules.max_wilds
        self.wild_melds = rules.wild_melds
        self.black3_ok = rules.black_threes_max >= 3  # V-HF-BOOKS: threes never meld
        self.open_group: dict[Rank, int] = {}
        self.first_group: dict[Rank, int] = {}
        self.sequences: list[tuple[int, Suit | None, int, int]] = []
        # (number, size, naturals, wild cards, True for a group) of each meld taking wild cards
        self.wild_takers: list[tuple[int, int, int, int, bool]] = []
        for i, m in enumerate(table):
            kind = m.kind
            size = m.naturals + m.wilds
            if kind is _GROUP:
                if size < CANASTA_SIZE:
                    self.open_group[m.rank] = i
                if not books:
                    self.first_group.setdefault(m.rank, i)
                if not (books and size >= CANASTA_SIZE):
                    self.wild_takers.append((i, size, m.naturals, m.wilds, True))
            elif kind is _SEQUENCE:
                if size < CANASTA_SIZE:
                    self.sequences.append((i, m.cards[0].suit, int(m.rank) - 1, int(m.high) + 1))
            elif size < CANASTA_SIZE:
                self.wild_takers.append((i, size, m.naturals, m.wilds, False))

    def lone_natural_meld(self, card: Card, additions: dict[int, list[Card]]) -> int | None:
        """The meld a lone natural joins: the first, in the side's order, of a group of its
        rank and a sequence under seven of its suit whose end it extends (a sequence takes
        one such card per plan)."""
        group = self.first_group.get(card.rank)
        rank = int(card.rank)
        for i, suit, below, above in self.sequences:
            if group is not None and i > group:
                break
            if suit == card.suit and rank in (below, above) and not additions.get(i):
                return i
        return group


def _plan_groups(
    facts: _PlanTable, hand: _Hand, discard: Card | None, wild_meld_first: bool = False
) -> list[Group] | None:
    """The groups of one meld laying the whole hand but `discard`, or None. The wild cards
    go where they complete canastas first, then wherever there is room; with
    `wild_meld_first` (variants with wild melds) all those not needed by a new group of two
    naturals form one wild meld instead."""
    twos, jokers, black3 = hand.twos, hand.jokers, hand.black3
    dropped: Rank | None = None  # the rank of a natural discard: its first card stays in hand
    if discard is not None:
        if discard.rank == _TWO:
            twos = twos[:-1]
        elif discard.rank == _JOKER:
            jokers = jokers[:-1]
        elif discard.rank == _THREE:
            black3 = black3[:-1]
        else:
            dropped = discard.rank
    if black3 and not facts.black3_ok:
        return None
    additions: dict[int, list[Card]] = {}
    new_groups: dict[Rank, list[Card]] = {}
    open_group = facts.open_group
    for rank, cards in hand.naturals.items():
        if rank is dropped:
            cards = cards[1:]
            if not cards:
                continue
        index = open_group.get(rank)
        if index is None:
            if len(cards) >= 2:
                new_groups[rank] = cards
                continue
            index = facts.lone_natural_meld(cards[0], additions)  # a group canasta, or a sequence end
            if index is None:
                return None
        additions.setdefault(index, []).extend(cards)
    wilds = twos + jokers
    max_wilds = facts.max_wilds
    # Wild capacity per destination; new groups of two naturals need one first.
    slots: list[_Slot] = []
    for i, size, naturals, wild, is_group in facts.wild_takers:
        if is_group:
            added = len(additions.get(i, ()))
            slots.append(_Slot(i, size + added, min(max_wilds, naturals + added) - wild))
        else:
            slots.append(_Slot(i, size, CANASTA_SIZE - size))
    for rank, cards in new_groups.items():
        slots.append(_Slot(-1 - int(rank), len(cards), min(max_wilds, len(cards))))
    given: dict[int, list[Card]] = {}
    for slot in slots:  # a new group of two naturals needs a wild card first
        if slot.size < 3:
            if not wilds or slot.room <= 0:
                return None
            given.setdefault(slot.key, []).append(wilds.pop())
            slot.size += 1
            slot.room -= 1
    # The wild cards no meld has room for: a wild meld of three or more, or no plan. The
    # passes below place exactly min(wild cards, room), so this is known before them.
    if wild_meld_first:
        if len(wilds) < 3:
            return None
        slots = []  # (none of them takes more: the wild cards left make the wild meld)
    left = len(wilds) - sum(slot.room for slot in slots if slot.room > 0)
    if left > 0 and not (facts.wild_melds and left >= 3):
        return None
    for slot in sorted(slots, key=lambda s: CANASTA_SIZE - s.size):  # complete canastas first
        deficit = CANASTA_SIZE - slot.size
        if 0 < deficit <= min(slot.room, len(wilds)):
            for _ in range(deficit):
                given.setdefault(slot.key, []).append(wilds.pop())
            slot.size += deficit
            slot.room -= deficit
    for slot in slots:
        while wilds and slot.room > 0:
            given.setdefault(slot.key, []).append(wilds.pop())
            slot.room -= 1
    groups: list[Group] = []
    if wilds:  # three or more (checked above): a wild meld
        groups.append(Group(_JOKER, tuple(sorted(wilds, key=_wild_order))))
    for i in sorted(set(additions) | {k for k in given if k >= 0}):
        laid = tuple(additions.get(i, ())) + tuple(sorted(given.get(i, ()), key=_wild_order))
        naturals_in = [c for c in laid if not c.is_wild]
        rank = min(c.rank for c in naturals_in) if naturals_in else _JOKER
        groups.append(Group.to(rank, tuple(sorted(laid, key=sort_key)), i))
    for rank, cards in new_groups.items():
        groups.append(Group(rank, tuple(cards) + tuple(sorted(given.get(-1 - int(rank), ()), key=_wild_order))))
    if black3:
        groups.append(Group(_THREE, tuple(black3)))
    return groups


class _Slot:
    """Where the planner may put wild cards: a meld number (new groups: -1 - rank), its
    size so far and the wild cards it may still take."""

    __slots__ = ("key", "size", "room")

    def __init__(self, key: int, size: int, room: int):
        self.key = key
        self.size = size
        self.room = room


def _wild_order(card: Card) -> int:
    return 100 if card.rank == _JOKER else card.id


# ---------------------------------------------------------------- going out in steps
def can_go_out_in_steps(state: FamilyState) -> bool:
    """Whether the player could go out this turn (R-ASK, V-HF-ASK): `go_out_plan`'s one
    greedy move, or `out_after_a_step`."""
    return go_out_plan(state) is not None or out_after_a_step(state)


def out_after_a_step(state: FamilyState, hand: _Hand | None = None) -> bool:
    """Whether melds laid first let the planner go out where its single greedy move missed a
    way: with sequences (Samba, Bolivia; V-SAMBA-MELDS, V-BOL-ESCALERA) every way of laying
    the hand's naturals as new sequences and lengthening the side's (`_out_with_sequences`);
    in Hand and Foot one or two books closed with naturals, so the rest of their ranks and
    the wild cards go elsewhere (V-HF-BOOKS; `STEPS_DEEP`). `hand`: the player's, when the
    caller has it grouped already."""
    seat = state.turn
    if state.phase is not _MELD_PHASE or state.this_turn.answer is False:
        return False
    if state.config.rules.foot and state.feet[seat] is not None:
        return False  # V-HF-OUT: only the foot goes out
    hand = hand or _Hand(state.hands[seat])
    if state.config.rules.sequences:
        return _out_with_sequences(state, hand)
    return _out_in_steps(state, hand, STEPS_DEEP)


# ---------------------------------------------------------------- going out with sequences
def _out_with_sequences(state: FamilyState, hand: _Hand) -> bool:
    """Whether new sequences from the hand and cards lengthening the side's sequences, laid
    first in one meld, let the planner go out (Samba, Bolivia). Every way of laying each
    suit's naturals as sequences is tried (`_suit_ways`). A combination of ways is laid on
    a copy and handed to `go_out_plan` (so a way found is always playable) unless what it
    leaves fails the planner's own first refusals (`_leftover_refused`)."""
    if _short_of_canastas(state, hand) or _two_strays(state, hand):
        return False
    rules = state.config.rules
    stray3 = _stray_three(len(hand.black3), rules.black_threes_max)
    if stray3 is None:
        return False
    seat = state.turn
    table = state.table[state.config.side_of(seat)]
    side = _SideFacts(table, most_loose=0 if stray3 else 1)
    suits: dict[Suit | None, dict[int, list[Card]]] = {}
    for rank, faces in hand.naturals.items():  # (faces, as moves name them)
        for c in faces:
            suits.setdefault(c.suit, {}).setdefault(int(rank), []).append(c)
    sequences: dict[Suit | None, list[tuple[int, int, int, int]]] = {}  # suit -> (number, low, high, size)
    for i, m in enumerate(table):
        if m.kind is _SEQUENCE and m.size < CANASTA_SIZE:
            sequences.setdefault(m.cards[0].suit, []).append((i, int(m.rank), int(m.high), m.size))
    per_suit = [_suit_ways(cards, sequences.get(suit, [])) for suit, cards in suits.items()]
    if all(len(ways) == 1 for ways in per_suit):
        return False  # nothing to lay as a sequence: the planner alone, tried before
    wilds = len(hand.twos) + len(hand.jokers)
    tried = 0
    for combo in product(*per_suit):
        groups = tuple(g for way in combo for g in way.groups)
        if not groups or _leftover_refused(combo, suits, side, wilds, rules):
            continue  # (laying nothing: the planner alone, tried before)
        tried += 1
        if tried > MOST_SEQUENCE_WAYS:
            return False
        trial = state.copy()
        try:
            trial._lay_family(seat, trial.resolve(seat, groups, Move(_MELD, groups), check_answer=False))
        except IllegalMove:
            continue
        if trial.phase is Phase.OVER:  # the sequences themselves went out
            if trial.result is not None and trial.result.went_out == seat:
                return True
            continue
        if trial.turn == seat and go_out_plan(trial) is not None:
            return True
    return False


# A bound on the combinations `_out_with_sequences` lays on a copy. Random play's hands
# (80 deals of Samba and Bolivia, stop 41) had at most 408 combinations a question, and far
# fewer passed `_leftover_refused`; only a hand of a whole pack's suits comes near.
MOST_SEQUENCE_WAYS = 4096


class _SuitWay:
    """One way to lay a suit's naturals as sequences: the groups, the cards each rank gives
    them, the ranks the suit's sequences under seven then accept at their ends, and the
    sequences it closes at seven."""

    __slots__ = ("groups", "used", "ends", "closed")

    def __init__(self, groups: tuple[Group, ...], used: dict[int, int], ends: frozenset[int], closed: int):
        self.groups = groups
        self.used = used
        self.ends = ends
        self.closed = closed  # the sequences it brings to seven (new ones, or the side's lengthened)


class _SideFacts:
    """What `_leftover_refused` asks of the side's melds, found once per question."""

    __slots__ = ("grouped", "open_groups", "canastas", "sequence_canasta", "open_wild_melds", "most_loose")

    def __init__(self, table: list[Meld], most_loose: int):
        self.most_loose = most_loose  # naturals that may fit nowhere: the discard, unless a black three is
        self.grouped = frozenset(m.rank for m in table if m.kind is _GROUP)
        self.open_groups = {int(m.rank): m.size for m in table if m.kind is _GROUP and m.size < CANASTA_SIZE}
        self.canastas = sum(1 for m in table if m.size >= CANASTA_SIZE)
        self.sequence_canasta = any(m.kind is _SEQUENCE and m.size >= CANASTA_SIZE for m in table)
        self.open_wild_melds = [m.size for m in table if m.kind is _WILD_MELD and m.size < CANASTA_SIZE]


def _leftover_refused(
    combo: tuple[_SuitWay, ...],
    suits: dict[Suit | None, dict[int, list[Card]]],
    side: _SideFacts,
    wilds: int,
    rules: Variant,
) -> bool:
    """`go_out_plan`'s first refusals, asked of what a combination of suit ways leaves in
    the hand (the same answers, without laying it on a copy): two naturals held once that
    fit no group and no sequence end (one, if a black three is the discard); more pairs of
    ranks with no group than wild cards (one more when nothing else is the discard: it may
    split one); too few canastas even if every wild card went to each meld in turn."""
    grouped = side.grouped
    left: dict[int, int] = {}
    alone: dict[int, bool] = {}  # a rank held once: whether it fits a sequence end of its suit
    for way, cards in zip(combo, suits.values()):
        for rank, copies in cards.items():
            n = len(copies) - way.used.get(rank, 0)
            if n:
                left[rank] = left.get(rank, 0) + n
                alone[rank] = rank in way.ends
    loose = 0
    pairs = 0
    for rank, n in left.items():
        if Rank(rank) in grouped:
            continue
        if n == 1 and not alone[rank]:
            loose += 1
            if loose > side.most_loose:
                return True
        elif n == 2:
            pairs += 1
    if pairs > wilds + (0 if loose or not side.most_loose else 1):
        return True
    reach = side.canastas + sum(way.closed for way in combo)
    for rank, n in left.items():
        size = side.open_groups.get(rank)
        if size is not None:
            reach += size + n + wilds >= CANASTA_SIZE
        elif n >= 2 and Rank(rank) not in grouped:
            reach += n + min(wilds, rules.max_wilds) >= CANASTA_SIZE
    reach += sum(1 for size in side.open_wild_melds if size + wilds >= CANASTA_SIZE)
    if rules.wild_melds and wilds >= CANASTA_SIZE:
        reach += 1
    sequence = side.sequence_canasta or any(way.closed for way in combo)
    return reach < rules.canastas_to_go_out or (rules.out_needs_sequence and not sequence)


def _suit_ways(cards: dict[int, list[Card]], sequences: list[tuple[int, int, int, int]]) -> list[_SuitWay]:
    """Every way to lay one suit's naturals (`cards`: rank -> the copies held) as sequences:
    each of the side's sequences of the suit (`sequences`) lengthened below and above, and
    new runs of three to seven. The first way lays nothing."""
    left = {rank: len(copies) for rank, copies in cards.items()}
    laid_spans = [(low, high) for _number, low, high, _size in sequences]
    if not any(  # no run of three and no card at a sequence's end: only the way that lays nothing
        (rank + 1 in left and rank + 2 in left) or any(rank in (low - 1, high + 1) for low, high in laid_spans)
        for rank in left
    ):
        return [_SuitWay((), {}, frozenset(e for low, high in laid_spans for e in (low - 1, high + 1)), 0)]
    ways: list[_SuitWay] = []

    def take(rank: int) -> Card:
        left[rank] -= 1
        return cards[rank][left[rank]]

    def lengthen(k: int, laid: list[Group], spans: list[tuple[int, int]]) -> None:
        if k == len(sequences):
            runs(4, CANASTA_SIZE, laid, spans)
            return
        number, low, high, size = sequences[k]
        room = CANASTA_SIZE - size
        for below in range(room + 1):
            if any(not left.get(low - d) for d in range(1, below + 1)):
                break
            for above in range(room - below + 1):
                if any(not left.get(high + d) for d in range(1, above + 1)):
                    break
                chain = [take(low - d) for d in range(1, below + 1)] + [take(high + d) for d in range(1, above + 1)]
                span = [(low - below, high + above)]
                if chain:
                    chain.sort(key=lambda c: int(c.rank))
                    lengthen(k + 1, [*laid, Group.to(chain[0].rank, tuple(chain), number)], spans + span)
                else:
                    lengthen(k + 1, laid, spans + span)
                for c in chain:
                    left[int(c.rank)] += 1

    def runs(low: int, longest: int, laid: list[Group], spans: list[tuple[int, int]]) -> None:
        """New runs starting at `low` or above (at `low` no longer than `longest`, so each
        set of runs comes once)."""
        while low <= Rank.ACE and not left.get(low):  # no card left to start a run here
            low, longest = low + 1, CANASTA_SIZE
        if low > Rank.ACE:
            used = {rank: len(cards[rank]) - n for rank, n in left.items() if n < len(cards[rank])}
            ends = frozenset(e for a, b in spans if b - a + 1 < CANASTA_SIZE for e in (a - 1, b + 1))
            closed = sum(1 for a, b in spans if b - a + 1 >= CANASTA_SIZE)
            ways.append(_SuitWay(tuple(laid), used, ends, closed))
            return
        runs(low + 1, CANASTA_SIZE, laid, spans)
        for length in range(3, min(longest, Rank.ACE - low + 1) + 1):
            if any(not left.get(low + d) for d in range(length)):
                break
            run = tuple(take(low + d) for d in range(length))
            runs(low, length, [*laid, Group(Rank(low), run)], [*spans, (low, low + length - 1)])
            for c in run:
                left[int(c.rank)] += 1

    lengthen(0, [], [])
    return ways


# Books closed one after another before the planner (Hand and Foot).
STEPS_DEEP = 2


def _out_in_steps(state: FamilyState, hand: _Hand, depth: int) -> bool:
    seat = state.turn
    steps = _first_steps(state, hand)
    if not steps or _short_of_canastas(state, hand) or _two_strays(state, hand):
        return False
    for move in steps:
        trial = state.copy()
        try:
            trial._lay_family(seat, trial.resolve(seat, move.groups, move, check_answer=False))
        except IllegalMove:
            continue
        if trial.phase is Phase.OVER:  # the step itself went out
            return trial.result is not None and trial.result.went_out == seat
        if trial.turn != seat:
            continue
        if go_out_plan(trial) is not None:
            return True
        if depth > 1 and _out_in_steps(trial, _Hand(trial.hands[seat]), depth - 1):
            return True
    return False


def _short_of_canastas(state: FamilyState, hand: _Hand) -> bool:
    """Too few canastas (books) for going out even if every card of the hand went where it
    helps most (generous again: each meld counted as if it had every wild card)."""
    rules = state.config.rules
    need = sum(rules.books_quota) if rules.foot else rules.canastas_to_go_out
    wilds = len(hand.twos) + len(hand.jokers)
    held = hand.naturals
    by_suit = hand.by_suit
    reach = 0
    sequence = False
    grouped: set[Rank] = set()
    for m in state.table[state.config.side_of(state.turn)]:
        if m.kind is _GROUP:
            grouped.add(m.rank)
        if m.size >= CANASTA_SIZE:
            reach += 1
            sequence = sequence or m.kind is _SEQUENCE
        elif m.kind is _GROUP:
            reach += m.size + len(held.get(m.rank, ())) + wilds >= CANASTA_SIZE
        elif m.kind is _SEQUENCE:
            if m.size + len(by_suit.get(m.cards[0].suit, ())) >= CANASTA_SIZE:
                reach += 1
                sequence = True
        else:
            reach += m.size + wilds >= CANASTA_SIZE
    for rank, cards in held.items():
        if rank not in grouped and len(cards) >= 2:
            reach += len(cards) + wilds >= CANASTA_SIZE
    if rules.sequences:
        for ranks in by_suit.values():
            if len(ranks) >= CANASTA_SIZE:  # perhaps a sequence of seven from the hand
                reach += 1
                sequence = True
    if rules.wild_melds:
        reach += wilds >= CANASTA_SIZE
    return reach < need or (rules.out_needs_sequence and not sequence)


def _two_strays(state: FamilyState, hand: _Hand) -> bool:
    """Two naturals, each held once, that no meld, run or sequence of any length could take:
    one of them would have to stay in the hand (a quick refusal, generous to the hand, so it
    never refuses a way out: most hands in play end here)."""
    table = state.table[state.config.side_of(state.turn)]
    grouped = {m.rank for m in table if m.kind is _GROUP}
    near: dict[Suit | None, list[tuple[int, int]]] = {}  # suit -> (low, high) reach of each sequence
    for m in table:
        if m.kind is _SEQUENCE and m.size < CANASTA_SIZE:
            room = CANASTA_SIZE - m.size
            low, high = int(m.cards[0].rank), int(m.cards[-1].rank)
            near.setdefault(m.cards[0].suit, []).append((low - room, high + room))
    sequences = state.config.rules.sequences
    by_suit = hand.by_suit
    strays = 0
    for rank, cards in hand.naturals.items():
        if len(cards) > 1 or rank in grouped:
            continue
        if sequences:
            c, r = cards[0], int(rank)
            own = by_suit.get(c.suit, {})
            if any(low <= r <= high for low, high in near.get(c.suit, ())):
                continue
            if (r - 1 in own and r + 1 in own) or (r - 2 in own and r - 1 in own) or (r + 1 in own and r + 2 in own):
                continue  # in a run of three
        strays += 1
        if strays == 2:
            return True
    return False


def _first_steps(state: FamilyState, hand: _Hand) -> list[Move]:
    """The meld moves `_out_in_steps` tries in Hand and Foot: a book closed with naturals;
    cards as faces, as moves name them."""
    table = state.table[state.config.side_of(state.turn)]
    steps: list[Move] = []
    for index, meld in enumerate(table):
        if not state.config.rules.group_max or meld.kind is not _GROUP or meld.size >= CANASTA_SIZE:
            continue  # (groups close at seven only as books: elsewhere the planner adds to them)
        naturals = hand.naturals.get(meld.rank, [])
        room = CANASTA_SIZE - meld.size
        if len(naturals) >= room:  # closed with naturals: wild cards and the rest of the rank go elsewhere
            steps.append(Move(_MELD, (Group.to(meld.rank, tuple(naturals[:room]), index),)))
    return steps
