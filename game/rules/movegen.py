"""Legal move generation and the going-out planner.

Moves are listed up to the equivalence of same-face cards: suits never matter to the
rules, so for each group the generator names the naturals of a rank in suit order and
the wild cards by kind (twos, jokers). `play` accepts any suits the hand holds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from operator import attrgetter
from typing import Any, TypeVar

from .cards import FACES, MELD_RANKS, Card, Rank
from .errors import IllegalMove
from .melds import CANASTA_SIZE, Meld
from .memo import BoundedMemo
from .moves import Group, Move, MoveKind
from .moves import Plan as Plan  # named from here by the bots (game/bots)
from .phase import Phase
from .plan_memo import remember
from .state import GameState
from .turn import Drawn

# Enum members read on every move, bound once: on Python 3.11 reading a member off its
# Enum class costs about ten times reading a module global.
_MELD_KIND, _TAKE_KIND = MoveKind.MELD, MoveKind.TAKE
_MELD_PHASE, _DRAW_PHASE, _ANSWER_PHASE = Phase.MELD, Phase.DRAW, Phase.ANSWER
_JOKER, _TWO, _THREE = Rank.JOKER, Rank.TWO, Rank.THREE
_STOCK = Drawn.STOCK

MAX_OPENINGS = 96  # bound on multi-group openings listed per position
_MAX_NODES = 4000  # bound on the opening search itself

_ASK = Move(MoveKind.ASK)
_YES = Move(MoveKind.YES)
_NO = Move(MoveKind.NO)
_PASS = Move(MoveKind.PASS)
_DRAW = Move(MoveKind.DRAW)
_PLAIN_TAKE = Move(_TAKE_KIND, ())

_JK = Card.parse("JK")
_NOT_MELDABLE = {_THREE}  # black threes: only R-BLACK3's going-out meld
_JOKERS: tuple[tuple[Card, ...], ...] = tuple((_JK,) * n for n in range(12))

# Moves are immutable values, so the listing reuses them: single-group melds by
# (rank, cards) and discards by face. Building a frozen dataclass costs more than the
# lookup; the memo holds at most a few thousand distinct groups in practice.
_DISCARD_MEMO: dict[Card, Move] = {face: Move(MoveKind.DISCARD, (), face) for face in FACES.values()}
_MEMO_LIMIT = 200_000
_MELD_MEMO: BoundedMemo[tuple[Rank, tuple[Card, ...]], Move] = BoundedMemo(_MEMO_LIMIT)


def _single_meld(rank: Rank, cards: tuple[Card, ...]) -> Move:
    key = (rank, cards)
    move = _MELD_MEMO.get(key)
    if move is None:
        move = _MELD_MEMO.store(key, Move(_MELD_KIND, (Group(rank, cards),)))
    return move


def _group(rank: Rank, cards: tuple[Card, ...]) -> Group:
    return _single_meld(rank, cards).groups[0]


def _discard(face: Card) -> Move:
    return _DISCARD_MEMO[face]


@lru_cache(maxsize=1024)
def _wild_combos(jokers: int, twos: int, cap: int, at_least: int = 0) -> tuple[tuple[int, int], ...]:
    """(jokers, twos) pairs with at_least <= j + t <= cap, fewest wilds first."""
    out = []
    for total in range(at_least, cap + 1):
        for j in range(min(jokers, total), -1, -1):
            t = total - j
            if t <= twos:
                out.append((j, t))
    return tuple(out)


_FACE_ID = attrgetter("id")
_FACE_CARD = attrgetter("face_card")


class HandByFace:
    """The player's hand grouped by face (copy-0 cards), in canonical order. Built once per
    listing (the going-out planner and the move lists share it; family_moves adds to it)."""

    __slots__ = ("naturals", "twos", "jokers", "size", "faces", "black3")

    def __init__(self, hand: list[Card]):
        faces = list(map(_FACE_CARD, hand))
        faces.sort(key=_FACE_ID)
        self.faces = faces
        self.size = len(faces)
        naturals: dict[Rank, list[Card]] = {}
        twos: list[Card] = []
        jokers: list[Card] = []
        black3: list[Card] = []
        for c in faces:
            if c.is_natural:
                same = naturals.get(c.rank)
                if same is None:
                    naturals[c.rank] = [c]
                else:
                    same.append(c)
            elif c.is_wild:
                (twos if c.rank == 2 else jokers).append(c)
            else:
                black3.append(c)
        self.naturals = naturals
        self.twos = twos
        self.jokers = jokers
        self.black3 = black3

    def group(self, rank: Rank, k: int, j: int, t: int) -> Group:
        nat = self.naturals[rank][:k] if k else []
        return Group(rank, tuple(nat) + tuple(self.twos[:t]) + (_JK,) * j)


# ---------------------------------------------------------------- going out
def go_out_plan(state: GameState, hand: HandByFace | None = None) -> Plan | None:
    """A way for the player to act to go out this turn from here, or None.

    Returns (groups, discard) where `groups` meld every card but `discard` (a face
    card or None). Checks R-OUT, R-ASK ("no"), R-MIN/R-MIN-CONCEALED, R-MELD.
    `hand` is the player's hand grouped, when the caller has it already."""
    if state.phase is not _MELD_PHASE or state.this_turn.answer is False:
        return None
    seat = state.turn
    side = state.config.side_of(seat)
    melds = state.melds[side]
    # Quick refusals from the per-rank counts, before grouping the hand.
    # 1. Every rank held once with no meld to join must be the one discard.
    counts = state.counts[seat]
    stranded = 0
    stranded_rank = 0
    for r in range(4, 15):
        if counts[r] == 1 and r not in melds:
            stranded += 1
            stranded_rank = r
    black3 = counts[3]
    b3max = state.config.rules.black_threes_max
    if black3 and not 3 <= black3 <= b3max:  # R-BLACK3: all but the discard must meld
        if black3 != 1 and not 3 <= black3 - 1 <= b3max:
            return None
        stranded += 1
        stranded_rank = 3
    if stranded > 1:
        return None
    # 2. Not enough canastas even if every wild card went to each candidate meld.
    need = state.config.canastas_to_go_out
    have = 0
    wilds = counts[2] + counts[15]
    for m in melds.values():
        if m.naturals + m.wilds >= CANASTA_SIZE:
            have += 1
    if have < need:
        for r in range(4, 15):
            m = melds.get(r)  # type: ignore[call-overload]
            if m is None:
                if counts[r] >= 2 and counts[r] + wilds >= CANASTA_SIZE:
                    have += 1
            elif m.naturals + m.wilds < CANASTA_SIZE <= m.naturals + m.wilds + counts[r] + wilds:
                have += 1
        if have < need:
            return None
    minimum = 0
    if not melds and not (state.this_turn.drawn is _STOCK and not state.laid_in_deal[seat]):
        minimum = state.minimum(side)
    max_wilds = state.config.rules.max_wilds
    if hand is None:
        hand = HandByFace(state.hands[seat])
    options: list[Card | None] = [None]
    if stranded:  # the one card that fits nowhere must be the discard
        options = [hand.black3[0] if stranded_rank == 3 else hand.naturals[Rank(stranded_rank)][0]]
    else:
        if hand.twos:
            options.append(hand.twos[0])
        elif hand.jokers:
            options.append(_JK)
        options.extend(lst[0] for lst in hand.naturals.values())
        if hand.black3:
            options.append(hand.black3[0])
    for discard in options:
        plan = _plan_with_discard(hand, melds, need, minimum, discard, max_wilds, b3max)
        if plan is not None:
            return plan, discard
    return None


def _plan_with_discard(
    hand: HandByFace,
    melds: Mapping[Rank, Meld],
    need: int,
    minimum: int,
    discard: Card | None,
    max_wilds: int,
    b3max: int,
) -> list[Group] | None:
    # The hand's own lists, read only; the discard's list is replaced by one without it.
    twos, jokers, nat, black3 = hand.twos, hand.jokers, hand.naturals, hand.black3
    if discard is not None:
        r = discard.rank
        if r == _TWO:
            twos = twos[:-1]
        elif r == _JOKER:
            jokers = jokers[:-1]
        elif r == _THREE:
            black3 = black3[:-1]
        else:
            nat = dict(nat)
            nat[r] = nat[r][:-1]
            if not nat[r]:
                del nat[r]
    if black3 and not 3 <= len(black3) <= b3max:
        return None
    # slots: rank -> [naturals from hand, size before wilds, wild capacity]
    slots: list[list[Any]] = []
    value = 5 * len(black3)
    canastas = 0
    for r, m in sorted(melds.items()):  # rank order: the same plan after a reload
        if r not in nat:
            cap = min(max_wilds, m.naturals) - m.wilds
            if m.size >= CANASTA_SIZE:
                canastas += 1
            slots.append([r, [], m.size, cap, True])
    for r, cards in nat.items():
        old = melds.get(r)
        value += cards[0].value * len(cards)
        if old is not None:
            n = old.naturals + len(cards)
            slots.append([r, cards, n + old.wilds, min(max_wilds, n) - old.wilds, True])
        elif len(cards) >= 2:
            slots.append([r, cards, len(cards), min(max_wilds, len(cards)), False])
        else:
            return None
    wilds = len(twos) + len(jokers)
    if sum(s[3] for s in slots) < wilds:
        return None
    value += 20 * len(twos) + 50 * len(jokers)
    if value < minimum:
        return None
    # A new meld of two naturals needs a wild card to reach three cards (R-MELD).
    alloc = {s[0]: 0 for s in slots}
    left = wilds
    for s in slots:
        if not s[4] and s[2] < 3:
            alloc[s[0]] = 3 - s[2]
            left -= 3 - s[2]
            s[2] = 3
            s[3] -= alloc[s[0]]
    if left < 0:
        return None
    # Then give wild cards to the melds closest to a canasta.
    for s in sorted(slots, key=lambda s: CANASTA_SIZE - s[2]):
        size, cap = s[2], s[3]
        if size >= CANASTA_SIZE:
            if s[1] or not (s[0] in melds and melds[s[0]].size >= CANASTA_SIZE):
                canastas += 1
            continue
        deficit = CANASTA_SIZE - size
        if deficit <= cap and deficit <= left:
            alloc[s[0]] += deficit
            s[3] -= deficit
            left -= deficit
            canastas += 1
    if canastas < need:
        return None
    for s in slots:  # the rest of the wild cards wherever there is room
        give = min(s[3], left)
        alloc[s[0]] += give
        left -= give
    groups = []
    wild_pool = twos + jokers
    for s in slots:
        w = alloc[s[0]]
        if not s[1] and not w:
            continue
        given, wild_pool = wild_pool[:w], wild_pool[w:]
        groups.append(Group(s[0], tuple(s[1]) + tuple(sorted(given, key=_wild_order))))
    if black3:
        groups.append(Group(_THREE, tuple(black3)))
    return groups


def _wild_order(card: Card) -> int:
    return 100 if card.rank == _JOKER else card.id


# ---------------------------------------------------------------- legal moves
S = TypeVar("S", bound=GameState)  # the state of one family of rules


def legal_moves(state: GameState) -> list[Move]:
    return moves_by_phase(state, _meld_phase_moves, _take_moves)


def moves_by_phase(
    state: S, meld_phase_moves: Callable[[S], list[Move]], take_moves: Callable[[S], list[Move]]
) -> list[Move]:
    """The legal moves of `state`'s phase, given how its family lists melds and takes:
    draw or take (R-EXHAUSTED: with the stock gone, a forced take or a pass), ask and
    answer."""
    phase = state.phase
    if phase is _MELD_PHASE:
        return meld_phase_moves(state)
    if phase is _DRAW_PHASE:
        takes = take_moves(state)
        if state.stock:
            return [_DRAW] + takes
        if takes and state.take_forced():
            return takes
        return takes + [_PASS]
    if phase is _ANSWER_PHASE:
        return [_YES, _NO]
    return []


def _meld_phase_moves(state: GameState) -> list[Move]:
    seat = state.turn
    side = state.config.side_of(seat)
    melds = state.melds[side]
    hand = HandByFace(state.hands[seat])
    turn = state.this_turn
    answer = turn.answer
    moves: list[Move] = []
    # The going-out plan decides `ask` and, for a side that has melded, supplies the one
    # multi-group meld listed: going out may need several groups at once (two canastas
    # completed by two additions, say), which single groups cannot reach under R-KEEP-TWO.
    planned = bool(melds) or (state.config.ask_allowed and not turn.asked and not turn.laid_other)
    plan = go_out_plan(state, hand) if planned else None
    if planned:  # asked again next, of this state or a stand-in from its observation
        remember(state.plan_facts(), plan, None)
    if state.config.ask_allowed and not turn.asked and not turn.laid_other and hand.size >= 2 and plan is not None:
        moves.append(_ASK)
    if melds:
        moves.extend(_group_moves(state, hand, melds))
        if plan is not None and len(plan[0]) > 1:
            moves.append(Move(_MELD_KIND, tuple(plan[0])))
    else:
        moves.extend(_opening_moves(state, hand, plan if planned else go_out_plan(state, hand)))
    if answer is True:
        if hand.size == 1:
            moves.append(_discard(hand.faces[0]))
        return moves
    if hand.size == 1:
        if answer is not False and state.canastas(side) >= state.config.canastas_to_go_out:
            moves.append(_discard(hand.faces[0]))
        return moves
    # One discard per face, in the hand's canonical order (dict keeps first-seen order).
    moves.extend(map(_DISCARD_MEMO.__getitem__, dict.fromkeys(hand.faces)))
    return moves


def _after_ok(state: GameState, hand_after: int, canastas_after: int) -> bool:
    """R-KEEP-TWO / R-OUT / R-ASK for a move that leaves `hand_after` cards."""
    if hand_after <= 1:
        return state.this_turn.answer is not False and canastas_after >= state.config.canastas_to_go_out
    return True


def _keeps_going_out(state: GameState, move: Move) -> bool:
    """After "yes": the move must leave the player able to go out (checked by the
    same validation `apply` uses)."""
    try:
        state._check_groups(state.turn, list(move.groups), move)
    except IllegalMove:
        return False
    return True


def _group_moves(state: GameState, hand: HandByFace, melds: Mapping[Rank, Meld]) -> list[Move]:
    """Single-group melds and additions for a side that has melded."""
    out: list[Move] = []
    canastas = state.canastas(state.config.side_of(state.turn))
    size = hand.size
    twos = tuple(hand.twos)
    n_j, n_t = len(hand.jokers), len(twos)
    answer = state.this_turn.answer
    answer_yes = answer is True
    may_out = answer is not False
    need = state.config.canastas_to_go_out
    max_wilds = state.config.rules.max_wilds
    naturals = hand.naturals
    # Only ranks with naturals in hand, or with a meld when there are wild cards to add.
    ranks = sorted((naturals.keys() | melds.keys()) - _NOT_MELDABLE) if n_j or n_t else sorted(naturals)
    for rank in ranks:
        cards = naturals.get(rank)
        m = melds.get(rank)
        if m is None and (cards is None or len(cards) < 2):
            continue  # no meld to add to, and no pair to start one
        # Add naturals and/or wild cards to the side's meld (R-ADD), or a new meld.
        before = m.naturals + m.wilds if m is not None else 0
        moves, laid, most = _rank_options(rank, tuple(cards) if cards else (), twos, n_j, max_wilds, m)
        if size - most >= 2 and not answer_yes:  # (the usual case: every option keeps two cards)
            out.extend(moves)
            continue
        grows = before < CANASTA_SIZE  # completing it would add a canasta
        for move, used in zip(moves, laid):
            if size - used <= 1 and not (  # R-KEEP-TWO / R-OUT / R-ASK
                may_out and canastas + (grows and before + used >= CANASTA_SIZE) >= need
            ):
                continue
            if answer_yes and size - used >= 2 and not _keeps_going_out(state, move):
                continue
            out.append(move)
    black3 = hand.black3
    if black3:  # R-BLACK3 / V-BLACK3: three or more black threes, only when going out
        m3 = melds.get(_THREE)
        before3 = m3.size if m3 is not None else 0
        for k in range(1, len(black3) + 1):
            if (
                3 <= before3 + k <= state.config.rules.black_threes_max
                and size - k <= 1
                and _after_ok(state, size - k, canastas)
            ):
                out.append(Move(_MELD_KIND, (Group(_THREE, tuple(black3[:k])),)))
    return out


# The single-group moves of one rank, by what they depend on: the rank, its naturals held,
# the twos and jokers held, the wild card limit, the side's meld of the rank (None: a new
# meld). Few hands differ there, so the listing builds each list once.
_RANK_OPTIONS: BoundedMemo[tuple[object, ...], tuple[tuple[Move, ...], tuple[int, ...], int]] = BoundedMemo(50_000)


def _rank_options(
    rank: Rank, cards: tuple[Card, ...], twos: tuple[Card, ...], n_j: int, max_wilds: int, meld: Meld | None
) -> tuple[tuple[Move, ...], tuple[int, ...], int]:
    """The moves adding to `meld` (R-ADD) or, with None, starting a meld of `rank` (R-MELD),
    in listing order (fewer naturals first, then fewer wild cards), the cards each lays from
    the hand and the most any of them lays; whether each may be played is the caller's to
    judge."""
    m_nat, m_wild = (meld.naturals, meld.wilds) if meld is not None else (-1, 0)
    key = (rank, cards, twos, n_j, max_wilds, m_nat, m_wild)
    found = _RANK_OPTIONS.get(key)
    if found is not None:
        return found
    n_t = len(twos)
    moves: list[Move] = []
    used: list[int] = []
    if meld is not None:
        for k in range(0, len(cards) + 1):
            cap = min(max_wilds, m_nat + k) - m_wild
            for j, t in _wild_combos(n_j, n_t, cap, 1 if k == 0 else 0):
                moves.append(_single_meld(rank, cards[:k] + twos[:t] + _JOKERS[j]))
                used.append(k + j + t)
    else:
        for k in range(2, len(cards) + 1):
            for j, t in _wild_combos(n_j, n_t, min(max_wilds, k), max(0, 3 - k)):
                moves.append(_single_meld(rank, cards[:k] + twos[:t] + _JOKERS[j]))
                used.append(k + j + t)
    return _RANK_OPTIONS.store(key, (tuple(moves), tuple(used), max(used, default=0)))


@lru_cache(maxsize=4096)
def _new_group_options(have: int, jokers: int, twos: int, max_wilds: int) -> tuple[tuple[int, int, int], ...]:
    """(k, j, t) for a new meld of `have` naturals of a rank, fewest wilds first."""
    opts = []
    for k in range(2, have + 1):
        for j, t in _wild_combos(jokers, twos, min(max_wilds, k), max(0, 3 - k)):
            opts.append((k, j, t))
    return tuple(opts)


def _opening_moves(state: GameState, hand: HandByFace, plan: Plan | None) -> list[Move]:
    """Initial melds (R-MIN, R-MIN-ATOMIC): single and multi-group, bounded, plus a
    concealed going out (R-MIN-CONCEALED) when one exists (`plan`, the planner's)."""
    seat = state.turn
    side = state.config.side_of(seat)
    minimum = state.minimum(side)
    found: dict[Move, None] = {}
    _search_openings(state, hand, minimum, found)
    # R-MIN-CONCEALED: every single group that goes out concealed needs no minimum.
    turn = state.this_turn
    if (
        turn.drawn is _STOCK
        and not state.laid_in_deal[seat]
        and turn.answer is not False
        and state.config.canastas_to_go_out <= 1
    ):
        for rank, cards in hand.naturals.items():
            for k, j, t in _new_group_options(
                len(cards), len(hand.jokers), len(hand.twos), state.config.rules.max_wilds
            ):
                used = k + j + t
                if hand.size - used <= 1 and used >= CANASTA_SIZE:
                    found.setdefault(_single_meld(rank, tuple(cards[:k]) + tuple(hand.twos[:t]) + _JOKERS[j]), None)
    if plan is not None:
        groups, _ = plan
        if groups:
            found.setdefault(Move(_MELD_KIND, tuple(groups)), None)
    if turn.answer is True:  # R-ASK: after "yes", only openings that keep going out possible
        return [m for m in found if _keeps_going_out(state, m)]
    return list(found)


def _search_openings(
    state: GameState,
    hand: HandByFace,
    minimum: int,
    found: dict[Move, None],
    take_group: Group | None = None,
    top: Card | None = None,
    brought: int = 0,
) -> None:
    """Enumerate sets of new groups whose count reaches `minimum`, bounded.

    For a take, `take_group` holds the hand cards melding `top`, and `brought` is the
    number of cards the rest of the pile brings into the hand."""
    ranks = [r for r in MELD_RANKS if len(hand.naturals.get(r, ())) >= 2]
    taken_rank = top.rank if top is not None else None
    first = take_group.cards if take_group is not None else ()
    n_j0 = len(hand.jokers) - sum(1 for c in first if c.rank == _JOKER)
    n_t0 = len(hand.twos) - sum(1 for c in first if c.rank == _TWO)
    size0 = hand.size + brought - len(first)
    value0 = (top.value if top is not None else 0) + sum(c.value for c in first)
    canastas0 = 1 if top is not None and len(first) + 1 >= CANASTA_SIZE else 0
    need = state.config.canastas_to_go_out
    max_wilds = state.config.rules.max_wilds
    may_out = state.this_turn.answer is not False
    naturals = hand.naturals
    twos = tuple(hand.twos)
    n_twos = len(twos)
    nodes = [0]

    def emit(chosen: list[Group], value: int, size_after: int, canastas: int) -> None:
        if value < minimum or (not chosen and take_group is None):
            return
        if size_after <= 1 and not (may_out and canastas >= need):
            return
        if take_group is not None:
            found.setdefault(Move(_TAKE_KIND, (take_group, *chosen)), None)
        else:
            found.setdefault(Move(_MELD_KIND, tuple(chosen)), None)

    def dfs(
        i: int, chosen: list[Group], value: int, n_j: int, n_t: int, size_after: int, canastas: int, depth: int
    ) -> None:
        nodes[0] += 1
        if nodes[0] > _MAX_NODES or len(found) >= MAX_OPENINGS:
            return
        if len(chosen) == depth:
            emit(chosen, value, size_after, canastas)
            return
        used_t = n_twos - n_t  # twos already given to earlier groups
        for idx in range(i, len(ranks)):
            rank = ranks[idx]
            if rank == taken_rank:
                continue
            nat_cards = naturals[rank]
            nat_value = nat_cards[0].value
            for k, j, t in _new_group_options(len(nat_cards), n_j, n_t, max_wilds):
                if nodes[0] >= _MAX_NODES or len(found) >= MAX_OPENINGS:
                    return  # the bound is reached: every further call would stop at once
                g = _group(rank, tuple(nat_cards[:k]) + twos[used_t : used_t + t] + _JOKERS[j])
                used = k + j + t
                dfs(
                    idx + 1,
                    chosen + [g],
                    value + k * nat_value + 20 * t + 50 * j,
                    n_j - j,
                    n_t - t,
                    size_after - used,
                    canastas + (1 if used >= CANASTA_SIZE else 0),
                    depth,
                )

    # Fewer groups first, so the simple openings are always listed within the bound.
    for depth in range(0, len(ranks) + 1):
        dfs(0, [], value0, n_j0, n_t0, size0, canastas0, depth)


def takeable_top(state: GameState) -> Card | None:
    """The pile's top card when the player to act might take the pile, else None: an empty
    pile, a wild card or a black three on top (R-BLOCKED), or one card in hand against a
    pile of one (R-ONE-CARD) rule every take out."""
    pile = state.pile
    if not pile:
        return None
    top = pile[-1]
    if top.is_wild or top.is_black_three:
        return None
    if len(state.hands[state.turn]) == 1 and len(pile) == 1:
        return None
    return top


def _take_moves(state: GameState) -> list[Move]:
    """Ways to take the pile (R-TAKE, R-FROZEN, R-BLOCKED, R-TAKE-MIN, R-ONE-CARD)."""
    top = takeable_top(state)
    if top is None:
        return []
    seat = state.turn
    hand_cards = state.hands[seat]
    side = state.config.side_of(seat)
    melds = state.melds[side]
    rank = top.rank
    frozen = state.pile_frozen_for(side)
    m = melds.get(rank)
    # Quick refusal from the per-rank counts, before grouping the hand (R-TAKE, R-FROZEN).
    counts = state.counts[seat]
    have = counts[rank]
    if have < 2 and (frozen or (m is None and not (have and counts[2] + counts[15]))):
        return []
    hand = HandByFace(hand_cards)
    n_j, n_t = len(hand.jokers), len(hand.twos)
    max_wilds = state.config.rules.max_wilds
    brought = sum(1 for c in state.pile[:-1] if not c.is_red_three)
    canastas = state.canastas(side)
    out: list[Move] = []
    base_n = (m.naturals if m else 0) + 1
    base_w = m.wilds if m else 0
    min_k = 2 if frozen else (0 if m else 1)
    for k in range(min_k, have + 1):
        nat = base_n + k
        cap = min(max_wilds, nat) - base_w
        least = 1 if (k == 1 and m is None) else 0
        for j, t in _wild_combos(n_j, n_t, cap, least):
            if nat + base_w + j + t < 3:
                continue
            group = hand.group(rank, k, j, t)
            if k == 0:  # the take's own cards name no rank: the top card gives it
                group = Group(_JOKER, group.cards)
            used = k + j + t
            size_after = len(hand_cards) - used + brought
            new_size = nat + base_w + j + t
            c_after = canastas + (1 if new_size >= CANASTA_SIZE and not (m and m.size >= CANASTA_SIZE) else 0)
            if melds:
                if _after_ok(state, size_after, c_after):
                    out.append(Move(_TAKE_KIND, (group,)) if group.cards else _PLAIN_TAKE)
                continue
            # R-TAKE-MIN: an unmelded side opens with the take, maybe with more groups.
            found: dict[Move, None] = {}
            _search_openings(state, hand, state.minimum(side), found, group, top, brought)
            out.extend(found)
    return out
