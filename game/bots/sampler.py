"""Determinization: full states consistent with one seat's Observation.

Hidden cards (other hands and the stock) are dealt at random from the cards this
seat has not seen, except that a face known to be in a hand (seen going in with a
pile) is put there, and red threes go to the stock only (they never stay in a hand).
In Hand and Foot the feet still face down (the observer's own too) are dealt from the
same unseen cards, red threes included (V-HF-DEAL lays them when the foot is picked up).
"""

from __future__ import annotations

import random

from game.rules import Card, GameState, Observation


def sample_world(obs: Observation, rng: random.Random) -> GameState:
    players = obs.config.players
    known, pool = obs.hidden_cards()
    hands: list[list[Card]] = [list(cards) for cards in known]
    hands[obs.seat] = list(obs.hand)
    free = [c for c in pool if not c.is_red_three]
    reds = [c for c in pool if c.is_red_three]
    rng.shuffle(free)
    for seat in range(players):
        if seat == obs.seat:
            continue
        need = obs.hand_sizes[seat] - len(hands[seat])
        if need > 0:
            hands[seat].extend(free[:need])
            del free[:need]
    stock = free + reds
    rng.shuffle(stock)
    feet: list[list[Card] | None] | None = None
    if obs.feet:
        feet = []
        for size in obs.feet:
            if size is None:
                feet.append(None)
            else:
                feet.append(stock[:size])
                del stock[:size]
    if len(stock) != obs.stock_size:  # inconsistent bookkeeping: trim or keep what fits
        stock = stock[: obs.stock_size]
    return GameState.from_observation(obs, hands, stock, feet)
