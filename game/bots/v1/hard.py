"""FROZEN copy of game/bots/hard.py as of issue #11: the arena level `hard-v1`.
Do not edit: later changes to the live bots must not move the yardstick.

Hard: flat Monte Carlo over sampled worlds with Normal-guided playouts.

For a decision with more than one sensible option, the candidates are the Normal
policy's move plus its closest alternatives (other takes, other discards, going
out or not, yes/no). Each iteration samples one world consistent with the
observation (see sampler.py) and plays every candidate in that same world (common
random numbers), continuing with the Normal policy for every seat for a bounded
number of moves, then scores the deal for our side (exact when it ended, else a
static evaluation). Normal's move is kept unless an alternative beats it by more
than `confidence` standard errors of the paired differences.
"""

from __future__ import annotations

import random

from game.rules import GameState, IllegalMove, Move, MoveKind, Observation, Phase
from game.rules.movegen import go_out_plan

from ..base import Bot, register
from .knowledge import Knowledge
from .normal import NormalPolicy, NormalWeights
from .sampler import sample_world

DEFAULT_BUDGET = 0.5  # seconds; p95 stays under 1 s including the last iteration's overrun


def evaluate(state: GameState, side: int) -> float:
    """Our side's deal points minus the best opponent's: exact when the deal is over,
    else table points, red threes, a discount for cards in hand, and near canastas."""
    cfg = state.config
    totals: list[float]
    if state.result is not None:
        totals = [s.total for s in state.result.sides]
    else:
        full = 108 - cfg.players * cfg.hand_size - 1
        late = 1.0 - min(1.0, len(state.stock) / full)
        totals = []
        for sd in range(cfg.sides):
            melds = state.melds[sd]
            t = 0.0
            for m in melds.values():
                t += m.value + m.bonus
                if not m.is_canasta and m.size >= 5:
                    t += (60 if m.size == 5 else 120) * (1.0 - late)
            n3 = len(state.red_threes[sd])
            r3 = 800 if n3 == 4 else 100 * n3
            t += r3 if melds else -r3 * late
            hand = sum(c.value for s in cfg.seats_of_side(sd) for c in state.hands[s])
            t -= hand * (0.3 + 0.7 * late)
            totals.append(t)
    mine = totals[side]
    return mine - max(t for i, t in enumerate(totals) if i != side)


@register("hard-v1")
class HardV1Bot(Bot):
    def __init__(
        self,
        seed: int = 0,
        budget: float = DEFAULT_BUDGET,
        iterations: int | None = None,
        horizon: int = 40,
        max_candidates: int = 4,
        confidence: float = 1.0,
        weights: NormalWeights | None = None,
    ):
        super().__init__(seed)
        self.budget = budget
        self.iterations = iterations  # fixed worlds per decision (deterministic, for tests)
        self.horizon = horizon  # playout length in moves before the static evaluation
        self.max_candidates = max_candidates
        self.confidence = confidence  # standard errors needed to override Normal's move
        self.policy = NormalPolicy(weights)
        self.last_iterations = 0

    # ------------------------------------------------------------------ decision
    def choose(self, observation: Observation, rng: random.Random, time_budget: float | None = None) -> Move:
        obs = observation
        if len(obs.legal) == 1:
            return obs.legal[0]
        base = self.policy.choose(obs)
        cands = self.candidates(obs, base)
        if len(cands) <= 1:
            return base
        budget = self.budget if time_budget is None else time_budget
        deadline = self.clock() + budget
        side = obs.config.side_of(obs.seat)
        values: list[list[float]] = [[] for _ in cands]
        n = 0
        while True:
            if self.iterations is not None:
                if n >= self.iterations:
                    break
            elif n > 0 and self.clock() >= deadline:
                break
            world = self.sample(obs, rng)
            n += 1
            self.work += 1  # for the work clock (game/bots/base.py); its choices are unchanged
            if world is None:
                continue
            for i, move in enumerate(cands):
                st = world.copy()
                self.work += 1
                try:
                    st.apply(move)
                except IllegalMove:
                    values[i].append(-1e6)
                    continue
                values[i].append(self.playout(st, side))
        self.last_iterations = len(values[0])
        return cands[self.pick(values)]

    def pick(self, values: list[list[float]]) -> int:
        """Index of the chosen candidate: Normal's move (index 0) unless another beats
        it by more than `self.confidence` standard errors of the paired differences
        (the same worlds were used for every candidate), so noise does not override
        a sound heuristic."""
        base = values[0]
        k = len(base)
        if k < 2:
            return 0
        best, best_mean = 0, 0.0
        for i in range(1, len(values)):
            diffs = [a - b for a, b in zip(values[i], base)]
            mean = sum(diffs) / k
            var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
            se = (var / k) ** 0.5
            if mean > self.confidence * se and mean > best_mean:
                best, best_mean = i, mean
        return best

    @staticmethod
    def sample(obs: Observation, rng: random.Random, tries: int = 30) -> GameState | None:
        """A sampled world; when answering, one where the asking partner can go out
        (rejection sampling; None when no such world turned up)."""
        if obs.phase is not Phase.ANSWER:
            return sample_world(obs, rng)
        for _ in range(tries):
            world = sample_world(obs, rng)
            probe = world.copy()
            probe.phase = Phase.MELD
            if go_out_plan(probe) is not None:
                return world
        return None

    def playout(self, st: GameState, side: int) -> float:
        policy = self.policy
        for _ in range(self.horizon):
            if st.phase is Phase.OVER:
                break
            seat = st.to_act
            assert seat is not None  # a deal in play has a player to act
            obs = st.observation(seat)
            if not obs.legal:  # cannot happen in a consistent world; be safe
                break
            st.apply(policy.choose(obs))
            self.work += 1
        return evaluate(st, side)

    # ------------------------------------------------------------------ candidates
    def candidates(self, obs: Observation, base: Move) -> list[Move]:
        policy = self.policy
        kn = Knowledge(obs)
        legal = obs.legal
        out: list[Move] = [base]

        def add(m: Move | None) -> None:
            if m is not None and m not in out and len(out) < self.max_candidates:
                out.append(m)

        if obs.phase is Phase.ANSWER:
            add(Move(MoveKind.NO) if base.kind is MoveKind.YES else Move(MoveKind.YES))
            return out
        if obs.phase is Phase.DRAW:
            for m in legal:
                if m.kind in (MoveKind.DRAW, MoveKind.PASS):
                    add(m)
            takes = sorted((m for m in legal if m.kind is MoveKind.TAKE), key=lambda m: -policy.take_score(kn, m))
            for m in takes[:2]:
                add(m)
            return out
        # Meld phase.
        if obs.this_turn.answer is True:
            return out  # bound to go out: nothing to weigh
        plan = kn.go_out_plan() if obs.this_turn.answer is not False else None
        if plan is not None:
            ask = Move(MoveKind.ASK)
            add(ask if ask in legal else policy.plan_move(kn, plan))
        meld, score = policy.best_meld(kn)
        if meld is not None and score > -40:
            add(meld)
        discards = sorted((m for m in legal if m.kind is MoveKind.DISCARD), key=lambda m: policy.discard_cost(kn, m))
        for m in discards:
            add(m)
        return out
