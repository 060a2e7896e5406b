"""A whole game: deals to the target, the dealer rotating (R-DEAL, R-GAME).

One seed plus the list of moves replays a game exactly: every deal is shuffled by
the game's own `random.Random(seed)`, and the next deal starts by itself when a move
is applied after a deal that did not decide the game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from .config import RulesConfig
from .errors import N_, IllegalMove
from .events import Event
from .moves import Move
from .phase import Phase
from .state import GameState


class Game:
    def __init__(self, config: RulesConfig | None = None, seed: int = 0, first_dealer: int = 0):
        self.config = config or RulesConfig()
        self.seed = seed
        self.first_dealer = first_dealer  # with the seed and the history: a replay
        self.rng = random.Random(seed)
        self.deal_number = 0
        self.history: list[Move] = []
        out, dealer = self.config.deal_seating(0, None, first_dealer)
        self.state, self.last_deal_events = GameState.deal(self.config, self.rng, dealer=dealer, out=out)
        self.state.seed = seed

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative scores including the last finished deal."""
        if self.state.result is not None:
            return self.state.result.scores
        return tuple(self.state.scores)

    @property
    def winner(self) -> int | None:
        return self.state.result.winner if self.state.result is not None else None

    @property
    def is_over(self) -> bool:
        """The game is decided: a winner, or (a game of a number of deals) a tie."""
        return self.state.result is not None and self.state.result.game_over

    def next_deal(self) -> list[Event]:
        """Start the next deal after a deal that did not decide the game."""
        st = self.state
        if st.phase is not Phase.OVER or st.result is None:
            raise IllegalMove("R-GAME", N_("the deal is still being played"))
        if st.result.game_over:
            raise IllegalMove("R-GAME", N_("the game is over"))
        self.deal_number += 1
        out, dealer = self.config.deal_seating(self.deal_number, st.dealer)
        self.state, events = GameState.deal(
            self.config, self.rng, st.result.scores, dealer=dealer, out=out, deal_no=self.deal_number + 1
        )
        self.state.seed = self.seed
        self.last_deal_events = events
        return events

    def apply(self, move: Move | str) -> list[Event]:
        if isinstance(move, str):
            move = Move.parse(move)
        events: list[Event] = []
        if self.state.phase is Phase.OVER and self.state.result is not None and not self.state.result.game_over:
            events.extend(self.next_deal())
        events.extend(self.state.apply(move))
        self.history.append(move)
        return events

    @classmethod
    def replay(cls, config: RulesConfig, seed: int, moves: Iterable[Move | str], first_dealer: int = 0) -> Game:
        game = cls(config, seed, first_dealer)
        for move in moves:
            game.apply(move)
        return game
