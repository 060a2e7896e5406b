"""What one seat at the table can see (OpenSpiel style): its own hand and every public
fact, nothing hidden. Bots receive only this; `GameState.observation(seat)` makes it."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Rank
from .config import RulesConfig
from .fast_init import store_fields_directly
from .melds import Meld
from .moves import Move
from .phase import Phase
from .turn import Turn


@store_fields_directly
@dataclass(frozen=True, slots=True)
class Observation:
    seat: int
    config: RulesConfig
    hand: tuple[Card, ...]  # this seat's own cards
    hand_sizes: tuple[int, ...]  # every seat's hand size
    melds: tuple[tuple[Meld, ...], ...]  # per side
    red_threes: tuple[tuple[Card, ...], ...]  # per side
    pile: tuple[Card, ...]  # bottom first; every card was seen face up
    pile_frozen: bool  # frozen for everyone (wild or red three in it)
    stock_size: int
    scores: tuple[int, ...]  # cumulative, at the start of the deal
    dealer: int
    turn: int
    phase: Phase
    to_act: int | None
    this_turn: Turn  # what the player whose turn it is has done this turn (the state's own value)
    laid_in_deal: tuple[bool, ...]  # per seat, laid a card in an earlier turn
    out: int | None  # V-FIVE: the seat sitting out this deal
    known: tuple[tuple[tuple[str, int], ...], ...]  # per seat: faces seen entering the hand
    legal: tuple[Move, ...]  # legal moves, when this seat is to act
    # V-HF-DEAL: per seat, the cards in its face-down foot, None once picked up (empty
    # where the variant has no feet); and the deal's number (V-HF-MIN), 1 elsewhere.
    feet: tuple[int | None, ...] = ()
    deal_no: int = 1

    @property
    def side(self) -> int:
        return self.config.side_of(self.seat)

    def melds_of(self, side: int) -> dict[Rank, Meld]:
        return {m.rank: m for m in self.melds[side]}

    def hidden_cards(self) -> tuple[list[list[Card]], list[Card]]:
        """The physical cards this seat has not seen placed (other hands and the stock),
        split into those known to be in each other seat's hand (faces seen going in with
        a pile; one physical copy each) and the rest."""
        seen = set(self.hand)
        for side in self.melds:
            for m in side:
                seen.update(m.cards)
        for r in self.red_threes:
            seen.update(r)
        seen.update(self.pile)
        unknown = [c for c in self.config.deck if c not in seen]
        known: list[list[Card]] = [[] for _ in self.hand_sizes]
        for seat, faces in enumerate(self.known):
            if seat == self.seat:
                continue
            for face, n in faces:
                for _ in range(n):
                    for i, c in enumerate(unknown):
                        if c.face == face:
                            known[seat].append(unknown.pop(i))
                            break
        return known, unknown

    def unseen_cards(self) -> list[Card]:
        """Hidden cards not known to be in any particular hand."""
        return self.hidden_cards()[1]
