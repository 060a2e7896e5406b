"""Card tracking from public information: what one seat can infer from its Observation.

Everything here is derived from the Observation only (own hand, melds, pile, red
threes, hand sizes, and the faces seen going into other hands with a pile).
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from operator import sub

from game.rules import Card, GameState, Meld, MoveKind, Observation, Phase, Rank, Suit
from game.rules.family import takes_alone
from game.rules.melds import MeldKind, book_counts
from game.rules.movegen import Plan

from .variant_facts import VariantFacts, facts_for

JOKER, TWO, THREE = 15, 2, 3
RANK_OF_FACE: dict[str, int] = {}


def _rank_of_face(face: str) -> int:
    r = RANK_OF_FACE.get(face)
    if r is None:
        from game.rules import Card

        r = RANK_OF_FACE[face] = int(Card.parse(face).rank)
    return r


@lru_cache(maxsize=4096)
def p_at_least(k: int, n: int, good: int, pool: int) -> float:
    """Hypergeometric P(X >= k): X = good cards among n drawn from pool."""
    if k <= 0:
        return 1.0
    if n <= 0 or good <= 0 or pool <= 0 or k > min(n, good):
        return 0.0
    n = min(n, pool)
    total = comb(pool, n)
    miss = sum(comb(good, i) * comb(pool - good, n - i) for i in range(0, k))
    return max(0.0, 1.0 - miss / total)


class Knowledge:
    """Derived facts for the observing seat (computed once per decision)."""

    __slots__ = (
        "obs",
        "cfg",
        "facts",
        "seat",
        "side",
        "hand_counts",
        "pile_counts",
        "seen",
        "unseen",
        "pool",
        "known_counts",
        "unknown_in_hand",
        "_pseudo",
        "_urgency",
        "_declined",
        "_fits",
        "_by_rank",
        "_next",
        "_canastas",
        "_short",
        "_books",
    )

    def __init__(self, obs: Observation):
        self.obs = obs
        cfg = self.cfg = obs.config
        facts: VariantFacts = facts_for(cfg)
        self.facts = facts
        self.seat = obs.seat
        self.side = cfg.side_of(obs.seat)
        hc = [0] * 16
        for c in obs.hand:
            hc[c.rank] += 1
        self.hand_counts = hc
        seen = hc[:]
        for side_melds in obs.melds:
            for m in side_melds:
                if m.kind is MeldKind.GROUP:  # its naturals are all of its rank: count only the wild cards
                    seen[m.rank] += m.naturals
                    if m.wilds:
                        for c in m.cards:
                            if c.is_wild:
                                seen[c.rank] += 1
                else:
                    for c in m.cards:
                        seen[c.rank] += 1
        pile_counts = [0] * 16
        for c in obs.pile:
            pile_counts[c.rank] += 1
            seen[c.rank] += 1
        self.pile_counts = pile_counts
        for r3 in obs.red_threes:
            seen[THREE] += len(r3)
        known_counts: list[list[int]] = []
        unknown: list[int] = []
        for s, faces in enumerate(obs.known):
            kc = [0] * 16
            if s == obs.seat:
                unknown.append(0)  # our own hand is all known
            else:
                in_hand = 0
                for face, n in faces:
                    r = _rank_of_face(face)
                    kc[r] += n
                    seen[r] += n
                    in_hand += n
                unknown.append(obs.hand_sizes[s] - in_hand)
            known_counts.append(kc)
        self.known_counts = known_counts
        self.unknown_in_hand = unknown
        self.seen = seen
        unseen: list[int] = list(map(sub, facts.rank_totals, seen))  # (both 16 long)
        self.unseen = unseen
        if min(unseen) < 0:  # more seen than the packs hold: only in a position built by hand
            self.unseen = unseen = [n if n > 0 else 0 for n in unseen]
        self.pool = sum(unseen)
        self._pseudo: GameState | None = None
        # ((threat scale, feet, foot, books), urgency)
        self._urgency: tuple[tuple[float, float, float, float], float] | None = None
        self._declined: tuple[frozenset[int], frozenset[int]] | None = None
        self._by_rank: dict[int, dict[Rank, Meld]] = {}  # melds_by_rank, per side asked
        self._fits: dict[int, tuple[frozenset[int], frozenset[tuple[Suit | None, int]]]] = {}  # fits_meld, per side
        self._next: int | None = None
        self._canastas: dict[int, int] = {}  # canastas, per side asked
        self._short: dict[int, int] = {}  # books_short, per side asked
        self._books: dict[int, tuple[int, int]] = {}  # book_counts, per side asked

    # ---------------------------------------------------------------- probabilities
    def p_holds(self, seat: int, rank: int, k: int) -> float:
        """P(seat holds at least k cards of `rank`), from public information."""
        have = self.known_counts[seat][rank]
        return p_at_least(k - have, self.unknown_in_hand[seat], self.unseen[rank], self.pool)

    def p_holds_wild(self, seat: int) -> float:
        kc = self.known_counts[seat]
        if kc[TWO] or kc[JOKER]:
            return 1.0
        return p_at_least(1, self.unknown_in_hand[seat], self.unseen[TWO] + self.unseen[JOKER], self.pool)

    def p_can_take(self, seat: int, rank: int, pile_frozen: bool, card: Card | None = None) -> float:
        """P(seat could take the pile if a natural of `rank` (`card`, when known) were on top)."""
        side = self.cfg.side_of(seat)
        melds = self.obs.melds[side]
        frozen = pile_frozen or not melds
        rules = self.cfg.rules
        if rules.meld_list:
            if not rules.take_onto_meld:  # V-HF-TAKE: only with a natural pair
                return self.p_holds(seat, rank, 2)
            # V-SAMBA-TAKE (b): onto a meld that is not yet a canasta (a group, a sequence end)
            if not frozen and card is not None and any(takes_alone(m, card) for m in melds):
                return 1.0
            pair = self.p_holds(seat, rank, 2)
            return pair * 0.6 if not melds else pair
        if not frozen and rank in self.melds_by_rank(side):
            return 1.0
        pair = self.p_holds(seat, rank, 2)
        if frozen:
            if not melds:  # must also reach the minimum: a pair alone rarely does
                pair *= 0.6
            return pair
        one = self.p_holds(seat, rank, 1)
        return min(1.0, pair + (one - pair) * self.p_holds_wild(seat))

    def next_declined(self) -> tuple[frozenset[int], frozenset[int]]:
        """What the pile shows about the next player: (ranks it was offered on top of the
        pile and did not take, ranks it discarded), both since the pile was last taken.
        Every turn ends with one discard, so counted down from the top the pile's cards
        were discarded by the players before this one in turn order, cyclically (the
        deal's upcard at the bottom may be counted as a discard: a harmless error)."""
        if self._declined is None:
            order = self.facts.play_order(self.obs.out)
            n = len(order)
            pile = self.obs.pile
            offered: set[int] = set()
            discarded: set[int] = set()
            if self.seat in order and n > 1:
                for k in range(n, len(pile) + 1, n):  # our own discards: offered to the next player
                    c = pile[-k]
                    if c.is_natural:
                        offered.add(int(c.rank))
                for k in range(n - 1, len(pile) + 1, n):  # the next player's discards
                    c = pile[-k]
                    if c.is_natural:
                        discarded.add(int(c.rank))
            self._declined = (frozenset(offered), frozenset(discarded))
        return self._declined

    # ---------------------------------------------------------------- planning
    def pseudo_state(self) -> GameState:
        """A state with this seat's hand and all public facts, other hands empty.
        Good for questions about this seat's own options (never about others)."""
        if self._pseudo is None:
            obs = self.obs
            hands = [list(obs.hand) if s == obs.seat else [] for s in range(self.cfg.players)]
            self._pseudo = GameState.from_observation(obs, hands, [])
        return self._pseudo

    def must_ask(self) -> bool:
        """V-HF-OUT: going out needs the partner's "yes" in this turn first."""
        return bool(self.cfg.rules.foot) and self.obs.this_turn.answer is not True

    def go_out_plan(self) -> Plan | None:
        """(groups, discard) to go out this turn, or None. Where going out needs the
        partner's "yes" first (`must_ask`), a plan means "ask"."""
        obs = self.obs
        if obs.phase is not Phase.MELD or obs.to_act != self.seat:
            return None
        if self.must_ask() and not any(m.kind is MoveKind.ASK for m in obs.legal):
            return None
        if (
            self.cfg.ask_allowed
            and not obs.this_turn.asked
            and not obs.this_turn.laid_other
            and len(obs.hand) >= 2
            and not any(m.kind is MoveKind.ASK for m in obs.legal)
        ):
            return None  # the engine lists "ask" exactly when a plan exists here
        # The deal's own planner (the Samba family has its own: melds by number, books).
        return self.pseudo_state().go_out_plan()

    # ---------------------------------------------------------------- summaries
    def stock_fraction(self, with_feet: bool = False) -> float:
        """How much of the stock is left (1 at the start of a deal, 0 when empty); `with_feet`:
        as a share of the stock and the feet as dealt (Hand and Foot's Normal weighs it so)."""
        return self.facts.stock_share(self.obs.stock_size, self.obs.out, with_feet)

    def canastas(self, side: int) -> int:
        made = self._canastas.get(side)
        if made is None:
            made = self._canastas[side] = sum(1 for m in self.obs.melds[side] if m.is_canasta)
        return made

    def has_foot(self) -> bool:
        """V-HF-FOOT: this seat's foot is still face down (emptying the hand picks it up)."""
        feet = self.obs.feet
        return bool(feet) and feet[self.seat] is not None

    def clean_books_needed(self) -> bool:
        """V-HF-OUT: our side still lacks clean books for its quota."""
        quota = self.cfg.rules.books_quota[0]
        return bool(quota) and self.books(self.side)[0] < quota

    def books(self, side: int) -> tuple[int, int]:
        """`side`'s (clean, dirty) books (V-HF-BOOKS: `book_counts`), counted once."""
        counts = self._books.get(side)
        if counts is None:
            counts = self._books[side] = book_counts(self.obs.melds[side])
        return counts

    def books_short(self, side: int) -> int:
        """The books (canastas) `side` still lacks to go out: Hand and Foot's quota of clean
        and dirty books counted apart (V-HF-OUT: a clean book does not stand for a dirty one),
        elsewhere the canastas going out needs (R-OUT, V-SAMBA-OUT)."""
        short = self._short.get(side)
        if short is None:
            clean_need, dirty_need = self.cfg.rules.books_quota
            if clean_need or dirty_need:
                clean, dirty = self.books(side)
                short = max(0, clean_need - clean) + max(0, dirty_need - dirty)
            else:
                short = max(0, self.cfg.canastas_to_go_out - self.canastas(side))
            self._short[side] = short
        return short

    def dirty_books_made(self) -> bool:
        """V-HF-OUT: our side has the dirty books its quota needs."""
        quota = self.cfg.rules.books_quota[1]
        return bool(quota) and self.books(self.side)[1] >= quota

    def opponents(self) -> tuple[int, ...]:
        """The seats of the other sides that play this deal."""
        return self.facts.opponents(self.seat, self.obs.out)

    def partner(self) -> int | None:
        """The partner this seat asks "May I go out?" (None when alone)."""
        return self.facts.asked_partner(self.seat, self.obs.out)

    def teammates(self) -> tuple[int, ...]:
        """The other seats of this side that play this deal."""
        return self.facts.teammates(self.seat, self.obs.out)

    def next_player(self) -> int:
        """The seat that plays after this one (the discard is offered to it)."""
        if self._next is None:
            self._next = self.facts.next_player(self.seat, self.obs.out)
        return self._next

    def fits_meld(self, side: int, card: Card) -> bool:
        """The natural `card` joins one of `side`'s melds: a group of its rank, or, where melds
        are sequences too (Samba, Bolivia), a sequence of its suit not yet a canasta whose end
        it extends. (`melds_by_rank` keys a sequence by its lowest rank: any card of that rank
        would match it, and a group of that rank could be hidden by it.)"""
        fits = self._fits.get(side)
        if fits is None:
            melds = self.obs.melds[side]
            groups = frozenset(int(m.rank) for m in melds if m.kind is MeldKind.GROUP)
            ends = frozenset(
                (m.cards[0].suit, end)
                for m in melds
                if m.kind is MeldKind.SEQUENCE and not m.is_canasta
                for end in (int(m.rank) - 1, int(m.high) + 1)
            )
            fits = self._fits[side] = (groups, ends)
        groups, ends = fits
        return int(card.rank) in groups or (card.suit, int(card.rank)) in ends

    def run_extended(self, side: int, card: Card) -> int:
        """The size of `side`'s longest sequence not yet a canasta whose end the natural
        `card` extends (Samba, Bolivia); 0 when it extends none."""
        if not card.is_natural:
            return 0
        rank = int(card.rank)
        return max(
            (
                m.size
                for m in self.obs.melds[side]
                if m.kind is MeldKind.SEQUENCE
                and not m.is_canasta
                and m.cards[0].suit == card.suit
                and rank in (int(m.rank) - 1, int(m.high) + 1)
            ),
            default=0,
        )

    def melds_by_rank(self, side: int) -> dict[Rank, Meld]:
        """`side`'s melds by rank (Observation.melds_of, made once a decision: Normal asks
        for each candidate meld and discard). Read only."""
        melds = self._by_rank.get(side)
        if melds is None:
            melds = self._by_rank[side] = self.obs.melds_of(side)
        return melds
