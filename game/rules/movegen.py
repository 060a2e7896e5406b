"""Legal move generation and the going-out planner.

Moves are listed up to the equivalence of same-face cards: suits never matter to the
rules, so for each group the generator names the naturals of a rank in suit order and
the wild cards by kind (twos, jokers). `play` accepts any suits the hand holds.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .cards import MELD_RANKS, Card, Rank
from .melds import CANASTA_SIZE, MAX_WILDS
from .moves import Group, Move, MoveKind

if TYPE_CHECKING:
    from .state import GameState

MAX_OPENINGS = 96  # bound on multi-group openings listed per position
_MAX_NODES = 4000   # bound on the opening search itself

_ASK = Move(MoveKind.ASK)
_YES = Move(MoveKind.YES)
_NO = Move(MoveKind.NO)
_PASS = Move(MoveKind.PASS)
_DRAW = Move(MoveKind.DRAW)
_PLAIN_TAKE = Move(MoveKind.TAKE, ())

_JK = Card.parse("JK")


@lru_cache(maxsize=1024)
def _wild_combos(jokers: int, twos: int, cap: int, at_least: int = 0) -> tuple:
    """(jokers, twos) pairs with at_least <= j + t <= cap, fewest wilds first."""
    out = []
    for total in range(at_least, cap + 1):
        for j in range(min(jokers, total), -1, -1):
            t = total - j
            if t <= twos:
                out.append((j, t))
    return tuple(out)


class _Hand:
    """The player's hand grouped by face, in canonical order."""

    __slots__ = ("naturals", "twos", "jokers", "size", "faces", "black3")

    def __init__(self, hand: list[Card]):
        faces = sorted((c.face_card for c in hand), key=lambda c: c.id)
        self.faces = faces
        self.size = len(faces)
        self.naturals: dict[int, list[Card]] = {}
        self.twos: list[Card] = []
        self.jokers: list[Card] = []
        self.black3: list[Card] = []
        for c in faces:
            r = c.rank
            if r == Rank.JOKER:
                self.jokers.append(c)
            elif r == Rank.TWO:
                self.twos.append(c)
            elif r == Rank.THREE:
                self.black3.append(c)
            else:
                lst = self.naturals.get(r)
                if lst is None:
                    self.naturals[r] = [c]
                else:
                    lst.append(c)

    def group(self, rank: Rank, k: int, j: int, t: int) -> Group:
        nat = self.naturals[rank][:k] if k else []
        return Group(rank, tuple(nat) + tuple(self.twos[:t]) + (_JK,) * j)


# ---------------------------------------------------------------- going out
def go_out_plan(state: "GameState"):
    """A way for the player to act to go out this turn from here, or None.

    Returns (groups, discard) where `groups` meld every card but `discard` (a face
    card or None). Checks R-OUT, R-ASK ("no"), R-MIN/R-MIN-CONCEALED, R-MELD."""
    from .state import Phase
    if state.phase is not Phase.MELD or state.answer is False:
        return None
    seat = state.turn
    side = state.side_of(seat)
    melds = state.melds[side]
    # Quick refusal: every rank held once with no meld to join must be the one discard.
    counts = state.counts[seat]
    stranded = sum(1 for r in range(4, 15) if counts[r] == 1 and Rank(r) not in melds)
    black3 = counts[3]
    if black3 and black3 not in (3, 4):
        if black3 > 1:
            return None
        stranded += 1
    if stranded > 1:
        return None
    need = state.config.canastas_to_go_out
    minimum = 0
    if not melds and not (state.drawn == "stock" and not state.laid_in_deal[seat]):
        minimum = state.minimum(side)
    hand = _Hand(state.hands[seat])
    options: list = [None]
    if hand.twos:
        options.append(hand.twos[0])
    elif hand.jokers:
        options.append(_JK)
    options.extend(lst[0] for lst in hand.naturals.values())
    if hand.black3:
        options.append(hand.black3[0])
    for discard in options:
        plan = _plan_with_discard(hand, melds, need, minimum, discard)
        if plan is not None:
            return plan, discard
    return None


def _plan_with_discard(hand: _Hand, melds, need: int, minimum: int, discard: Card | None):
    twos = list(hand.twos)
    jokers = list(hand.jokers)
    nat = {r: list(v) for r, v in hand.naturals.items()}
    black3 = list(hand.black3)
    if discard is not None:
        r = discard.rank
        if r == Rank.TWO:
            twos.pop()
        elif r == Rank.JOKER:
            jokers.pop()
        elif r == Rank.THREE:
            black3.pop()
        else:
            nat[r].pop()
            if not nat[r]:
                del nat[r]
    if black3 and len(black3) not in (3, 4):
        return None
    # slots: rank -> [naturals from hand, size before wilds, wild capacity]
    slots = []
    value = 5 * len(black3)
    canastas = 0
    for r, m in melds.items():
        if r not in nat:
            cap = min(MAX_WILDS, m.naturals) - m.wilds
            if m.size >= CANASTA_SIZE:
                canastas += 1
            slots.append([r, [], m.size, cap, True])
    for r, cards in nat.items():
        m = melds.get(r)
        value += cards[0].value * len(cards)
        if m is not None:
            n = m.naturals + len(cards)
            slots.append([r, cards, n + m.wilds, min(MAX_WILDS, n) - m.wilds, True])
        elif len(cards) >= 2:
            slots.append([r, cards, len(cards), min(MAX_WILDS, len(cards)), False])
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
        groups.append(Group(Rank.THREE, tuple(black3)))
    return groups


def _wild_order(card: Card) -> int:
    return 100 if card.rank == Rank.JOKER else card.id


# ---------------------------------------------------------------- legal moves
def legal_moves(state: "GameState") -> list[Move]:
    from .state import Phase
    phase = state.phase
    if phase is Phase.MELD:
        return _meld_phase_moves(state)
    if phase is Phase.DRAW:
        takes = _take_moves(state)
        if state.stock:
            return [_DRAW] + takes
        if takes and state.take_forced():
            return takes
        return takes + [_PASS]
    if phase is Phase.ANSWER:
        return [_YES, _NO]
    return []


def _meld_phase_moves(state: "GameState") -> list[Move]:
    seat = state.turn
    side = state.side_of(seat)
    melds = state.melds[side]
    hand = _Hand(state.hands[seat])
    answer = state.answer
    moves: list[Move] = []
    if (state.config.ask_allowed and not state.asked and not state.turn_laid_other
            and hand.size >= 2 and go_out_plan(state) is not None):
        moves.append(_ASK)
    if melds:
        moves.extend(_group_moves(state, hand, melds))
    else:
        moves.extend(_opening_moves(state, hand))
    if answer is True:
        if hand.size == 1:
            moves.append(Move(MoveKind.DISCARD, (), hand.faces[0]))
        return moves
    if hand.size == 1:
        if answer is not False and state.canastas(side) >= state.config.canastas_to_go_out:
            moves.append(Move(MoveKind.DISCARD, (), hand.faces[0]))
        return moves
    last = None
    for face in hand.faces:
        if face is not last:
            moves.append(Move(MoveKind.DISCARD, (), face))
            last = face
    return moves


def _after_ok(state: "GameState", hand_after: int, canastas_after: int) -> bool:
    """R-KEEP-TWO / R-OUT / R-ASK for a move that leaves `hand_after` cards."""
    if hand_after <= 1:
        return state.answer is not False and canastas_after >= state.config.canastas_to_go_out
    return True


def _keeps_going_out(state: "GameState", move: Move) -> bool:
    """After "yes": the move must leave the player able to go out (checked by the
    same validation `apply` uses)."""
    from .errors import IllegalMove
    try:
        state._check_groups(state.turn, list(move.groups), move)
    except IllegalMove:
        return False
    return True


def _group_moves(state: "GameState", hand: _Hand, melds) -> list[Move]:
    """Single-group melds and additions for a side that has melded."""
    out: list[Move] = []
    canastas = state.canastas(state.side_of(state.turn))
    size = hand.size
    n_j, n_t = len(hand.jokers), len(hand.twos)
    answer_yes = state.answer is True
    def consider(rank: Rank, k: int, j: int, t: int, makes_canasta: bool) -> None:
        used = k + j + t
        if not _after_ok(state, size - used, canastas + makes_canasta):
            return
        move = Move(MoveKind.MELD, (hand.group(rank, k, j, t),))
        if answer_yes and size - used >= 2 and not _keeps_going_out(state, move):
            return
        out.append(move)

    for rank in MELD_RANKS:
        cards = hand.naturals.get(rank)
        have = len(cards) if cards else 0
        m = melds.get(rank)
        if m is not None:  # add naturals and/or wild cards to the side's meld (R-ADD)
            was_canasta = m.size >= CANASTA_SIZE
            for k in range(0, have + 1):
                cap = min(MAX_WILDS, m.naturals + k) - m.wilds
                for j, t in _wild_combos(n_j, n_t, cap, 1 if k == 0 else 0):
                    consider(rank, k, j, t,
                             not was_canasta and m.size + k + j + t >= CANASTA_SIZE)
        elif have >= 2:  # a new meld
            for k in range(2, have + 1):
                for j, t in _wild_combos(n_j, n_t, min(MAX_WILDS, k), max(0, 3 - k)):
                    consider(rank, k, j, t, k + j + t >= CANASTA_SIZE)
    if len(hand.black3) >= 3:  # R-BLACK3: only when going out with them
        for k in (3, 4):
            if k <= len(hand.black3) and size - k <= 1 and _after_ok(state, size - k, canastas):
                out.append(Move(MoveKind.MELD, (Group(Rank.THREE, tuple(hand.black3[:k])),)))
    return out


def _new_group_options(hand: _Hand, rank: Rank, jokers: int, twos: int):
    """(k, j, t) for a new meld of `rank` from the hand, fewest wilds first."""
    have = len(hand.naturals.get(rank, ()))
    opts = []
    for k in range(2, have + 1):
        for j, t in _wild_combos(jokers, twos, min(MAX_WILDS, k), max(0, 3 - k)):
            opts.append((k, j, t))
    return opts


def _opening_moves(state: "GameState", hand: _Hand) -> list[Move]:
    """Initial melds (R-MIN, R-MIN-ATOMIC): single and multi-group, bounded, plus a
    concealed going out (R-MIN-CONCEALED) when one exists."""
    side = state.side_of(state.turn)
    minimum = state.minimum(side)
    found: dict[Move, None] = {}
    _search_openings(state, hand, minimum, found)
    plan = go_out_plan(state)
    if plan is not None:
        groups, _ = plan
        if groups:
            found.setdefault(Move(MoveKind.MELD, tuple(groups)), None)
    return list(found)


def _search_openings(state: "GameState", hand: _Hand, minimum: int, found: dict,
                     take_group: Group | None = None, top: Card | None = None,
                     brought: int = 0) -> None:
    """Enumerate sets of new groups whose count reaches `minimum`, bounded.

    For a take, `take_group` holds the hand cards melding `top`, and `brought` is the
    number of cards the rest of the pile brings into the hand."""
    ranks = [r for r in MELD_RANKS if len(hand.naturals.get(r, ())) >= 2]
    taken_rank = top.rank if top is not None else None
    first = take_group.cards if take_group is not None else ()
    n_j0 = len(hand.jokers) - sum(1 for c in first if c.rank == Rank.JOKER)
    n_t0 = len(hand.twos) - sum(1 for c in first if c.rank == Rank.TWO)
    size0 = hand.size + brought - len(first)
    value0 = (top.value if top is not None else 0) + sum(c.value for c in first)
    canastas0 = 1 if top is not None and len(first) + 1 >= CANASTA_SIZE else 0
    need = state.config.canastas_to_go_out
    may_out = state.answer is not False
    nodes = [0]

    def emit(chosen: list, value: int, size_after: int, canastas: int) -> None:
        if value < minimum or (not chosen and take_group is None):
            return
        if size_after <= 1 and not (may_out and canastas >= need):
            return
        if take_group is not None:
            found.setdefault(Move(MoveKind.TAKE, (take_group, *chosen)), None)
        else:
            found.setdefault(Move(MoveKind.MELD, tuple(chosen)), None)

    def dfs(i: int, chosen: list, value: int, n_j: int, n_t: int, size_after: int,
            canastas: int, depth: int) -> None:
        nodes[0] += 1
        if nodes[0] > _MAX_NODES or len(found) >= MAX_OPENINGS:
            return
        if len(chosen) == depth:
            emit(chosen, value, size_after, canastas)
            return
        used_t = len(hand.twos) - n_t  # twos already given to earlier groups
        for idx in range(i, len(ranks)):
            rank = ranks[idx]
            if rank == taken_rank:
                continue
            for k, j, t in _new_group_options(hand, rank, n_j, n_t):
                nat = hand.naturals[rank][:k]
                g = Group(rank, tuple(nat) + tuple(hand.twos[used_t:used_t + t]) + (_JK,) * j)
                used = k + j + t
                dfs(idx + 1, chosen + [g], value + sum(c.value for c in g.cards), n_j - j,
                    n_t - t, size_after - used, canastas + (1 if used >= CANASTA_SIZE else 0),
                    depth)

    # Fewer groups first, so the simple openings are always listed within the bound.
    for depth in range(0, len(ranks) + 1):
        dfs(0, [], value0, n_j0, n_t0, size0, canastas0, depth)


def _take_moves(state: "GameState") -> list[Move]:
    """Ways to take the pile (R-TAKE, R-FROZEN, R-BLOCKED, R-TAKE-MIN, R-ONE-CARD)."""
    pile = state.pile
    if not pile:
        return []
    top = pile[-1]
    if top.is_wild or top.is_black_three:
        return []
    seat = state.turn
    hand_cards = state.hands[seat]
    if len(hand_cards) == 1 and len(pile) == 1:
        return []
    side = state.side_of(seat)
    melds = state.melds[side]
    rank = top.rank
    hand = _Hand(hand_cards)
    have = len(hand.naturals.get(rank, ()))
    frozen = state.pile_frozen_for(side)
    m = melds.get(rank)
    if frozen and have < 2:
        return []
    n_j, n_t = len(hand.jokers), len(hand.twos)
    brought = sum(1 for c in pile[:-1] if not c.is_red_three)
    canastas = state.canastas(side)
    out: list[Move] = []
    base_n = (m.naturals if m else 0) + 1
    base_w = m.wilds if m else 0
    min_k = 2 if frozen else (0 if m else 1)
    for k in range(min_k, have + 1):
        nat = base_n + k
        cap = min(MAX_WILDS, nat) - base_w
        least = 1 if (k == 1 and m is None) else 0
        for j, t in _wild_combos(n_j, n_t, cap, least):
            if nat + base_w + j + t < 3:
                continue
            group = hand.group(rank, k, j, t)
            if k == 0:  # the take's own cards name no rank: the top card gives it
                group = Group(Rank.JOKER, group.cards)
            used = k + j + t
            size_after = len(hand_cards) - used + brought
            new_size = nat + base_w + j + t
            c_after = canastas + (1 if new_size >= CANASTA_SIZE and
                                  not (m and m.size >= CANASTA_SIZE) else 0)
            if melds:
                if _after_ok(state, size_after, c_after):
                    out.append(Move(MoveKind.TAKE, (group,)) if group.cards else _PLAIN_TAKE)
                continue
            # R-TAKE-MIN: an unmelded side opens with the take, maybe with more groups.
            found: dict[Move, None] = {}
            _search_openings(state, hand, state.minimum(side), found, group, top, brought)
            out.extend(found)
    return out
