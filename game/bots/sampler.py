"""Determinization: full states consistent with one seat's Observation.

Hidden cards (other hands and the stock) are dealt at random from the cards this
seat has not seen, except that a face known to be in a hand (seen going in with a
pile) is put there, and red threes go to the stock only (they never stay in a hand).
"""
from __future__ import annotations

import random

from game.rules import DECK, Card, GameState, Observation


def sample_world(obs: Observation, rng: random.Random) -> GameState:
    seen: set[Card] = set(obs.hand)
    for side in obs.melds:
        for m in side:
            seen.update(m.cards)
    for r3 in obs.red_threes:
        seen.update(r3)
    seen.update(obs.pile)
    pool = [c for c in DECK if c not in seen]
    players = obs.config.players
    hands: list[list[Card]] = [[] for _ in range(players)]
    hands[obs.seat] = list(obs.hand)
    for seat, faces in enumerate(obs.known):
        if seat == obs.seat:
            continue
        for face, n in faces:
            for _ in range(n):
                for i, c in enumerate(pool):
                    if c.face == face:
                        hands[seat].append(pool.pop(i))
                        break
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
    if len(stock) != obs.stock_size:  # inconsistent bookkeeping: trim or keep what fits
        stock = stock[:obs.stock_size]
    return GameState.from_observation(obs, hands, stock)
