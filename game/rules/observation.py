"""What one seat at the table can see (OpenSpiel style): its own hand and every public
fact, nothing hidden. Bots receive only this."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card, Rank
from .config import RulesConfig
from .melds import Meld
from .moves import Move

if TYPE_CHECKING:
    from .phase import Phase
    from .state import GameState


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
    drawn: str | None  # how the player whose turn it is drew
    asked: bool
    answer: bool | None
    laid_in_deal: tuple[bool, ...]  # per seat, laid a card in an earlier turn
    turn_laid: bool
    turn_laid_other: bool
    turn_new: tuple[Rank, ...]  # ranks of melds started this turn
    turn_added_old: bool
    out: int | None  # V-FIVE: the seat sitting out this deal
    known: tuple[tuple[tuple[str, int], ...], ...]  # per seat: faces seen entering the hand
    legal: tuple[Move, ...]  # legal moves, when this seat is to act

    @classmethod
    def of(cls, state: GameState, seat: int) -> Observation:
        acting = state.to_act == seat
        return cls(
            seat=seat,
            config=state.config,
            hand=tuple(state.hands[seat]),
            hand_sizes=tuple(len(h) for h in state.hands),
            melds=tuple(state.side_melds(side) for side in range(state.config.sides)),
            red_threes=tuple(tuple(r) for r in state.red_threes),
            pile=tuple(state.pile),
            pile_frozen=state.pile_frozen > 0,
            stock_size=len(state.stock),
            scores=tuple(state.scores),
            dealer=state.dealer,
            turn=state.turn,
            phase=state.phase,
            to_act=state.to_act,
            drawn=state.drawn,
            asked=state.asked,
            answer=state.answer,
            laid_in_deal=tuple(state.laid_in_deal),
            turn_laid=state.turn_laid,
            turn_laid_other=state.turn_laid_other,
            turn_new=tuple(sorted(state.turn_new)),
            turn_added_old=state.turn_added_old,
            out=state.out,
            known=tuple(tuple(sorted(k.items())) for k in state.known),
            legal=tuple(state.legal_moves()) if acting else (),
        )

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
