"""What the bots know about a variant, in one place: every count they use is derived
here from the variant's rules (game/rules/variants.py), never assumed.

- the deck: copies of each rank and of wild cards (V-PACKS: two or three packs);
- the stock right after the deal (its size measures how far a deal has gone);
- the seating of one deal: who plays in turn order, the next player, the partner a
  player asks "May I go out?" (R-ASK, V-SIX-ASK: the next partner of a side of three;
  V-FIVE: the other player of the side of three who plays this deal), teammates and
  opponents (the seat sitting out, V-FIVE, is neither);
- the canastas a side needs to go out (R-OUT).

A variant with new rules (Samba's sequences, Bolivia, Hand and Foot's feet and books)
adds its facts here, so the policies read one object instead of the variant's id.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from game.rules import RulesConfig

# A table of what some variants play with instead of a bot's defaults (Normal's weights,
# Hard's search shape): each row, the rules it applies to and the settings it changes.
VariantTable = tuple[tuple[Callable[[RulesConfig], bool], dict[str, float]], ...]


def variant_changes(variant: str, table: VariantTable) -> dict[str, float]:
    """The settings `table` changes for `variant`: every row that applies, a later row's
    value over an earlier one's."""
    cfg = RulesConfig.for_variant(variant)
    own: dict[str, float] = {}
    for applies, changed in table:
        if applies(cfg):
            own.update(changed)
    return own


RANKS = 16  # rank indices 0..15 (2..K, A, joker at 15); 0 and 1 unused


@dataclass(frozen=True, slots=True)
class VariantFacts:
    config: RulesConfig
    rank_totals: tuple[int, ...]  # physical copies of each rank index in the deck
    wild_total: int  # twos and jokers
    canastas_to_go_out: int
    # The seating answers below, by (question, seat, out): asked in every decision of every
    # playout, and the same for the whole game.
    _numbers: dict[tuple[str, int, int | None], int] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    _seats: dict[tuple[str, int, int | None], tuple[int, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def full_stock(self, out: int | None) -> int:
        """The stock right after the deal and the upcard (R-DEAL; Hand and Foot deals each
        player a foot as well, V-HF-DEAL)."""
        key = ("stock", -1, out)
        full = self._numbers.get(key)
        if full is None:
            hands = len(self.play_order(out)) * self.config.hand_size
            full = self._numbers[key] = len(self.config.deck) - hands - self.feet_dealt(out) - 1
        return full

    def feet_dealt(self, out: int | None) -> int:
        """The cards dealt face down as feet (V-HF-DEAL; 0 elsewhere)."""
        return len(self.play_order(out)) * self.config.rules.foot

    def stock_share(self, stock: int, out: int | None, with_feet: bool = False) -> float:
        """How much of the stock as dealt `stock` cards are (1 at the start of a deal, 0 when
        empty); `with_feet`: as a share of the stock and the feet as dealt."""
        full = self.full_stock(out) + (self.feet_dealt(out) if with_feet else 0)
        return max(0.0, min(1.0, stock / full))

    def play_order(self, out: int | None) -> tuple[int, ...]:
        return _play_order(self.config, out)

    def next_player(self, seat: int, out: int | None) -> int:
        """Who plays after `seat` in this deal (the one a discard is offered to)."""
        key = ("next", seat, out)
        nxt = self._numbers.get(key)
        if nxt is None:
            order = self.play_order(out)
            nxt = order[(order.index(seat) + 1) % len(order)] if seat in order else self.config.next_seat(seat)
            self._numbers[key] = nxt
        return nxt

    def asked_partner(self, seat: int, out: int | None) -> int | None:
        """The partner `seat` asks "May I go out?" in this deal, None when alone."""
        if out is None:
            return self.config.partner_of(seat)
        others = self.teammates(seat, out)
        return others[0] if len(others) == 1 else None

    def teammates(self, seat: int, out: int | None) -> tuple[int, ...]:
        """The other seats of `seat`'s side that play this deal."""
        key = ("teammates", seat, out)
        seats = self._seats.get(key)
        if seats is None:
            side = self.config.side_of(seat)
            seats = self._seats[key] = tuple(s for s in self.config.seats_of_side(side) if s != seat and s != out)
        return seats

    def opponents(self, seat: int, out: int | None) -> tuple[int, ...]:
        """The seats of every other side that play this deal."""
        key = ("opponents", seat, out)
        seats = self._seats.get(key)
        if seats is None:
            side = self.config.side_of(seat)
            seats = self._seats[key] = tuple(s for s in self.play_order(out) if self.config.side_of(s) != side)
        return seats


@lru_cache(maxsize=64)
def _play_order(config: RulesConfig, out: int | None) -> tuple[int, ...]:
    return config.play_order(out)


@lru_cache(maxsize=32)
def facts_for(config: RulesConfig) -> VariantFacts:
    totals = [0] * RANKS
    for card in config.deck:
        totals[int(card.rank)] += 1
    wild = sum(1 for card in config.deck if card.is_wild)
    return VariantFacts(config, tuple(totals), wild, config.canastas_to_go_out)
