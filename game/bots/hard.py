"""Hard: flat Monte Carlo over sampled worlds with Normal-guided playouts.

For a decision with more than one sensible option, the candidates are the Normal
policy's move plus its closest alternatives (other takes, other discards, going
out or not, yes/no). Each iteration samples one world consistent with the
observation (see sampler.py) and plays every candidate in that same world (common
random numbers), continuing with the Normal policy for every seat for a bounded
number of moves, then scores the deal for our side (exact when it ended, else a
static evaluation). Normal's move is kept unless an alternative beats it by more
than `confidence` standard errors of the paired differences; an alternative clearly
worse than Normal's move stops early (`prune`), so its worlds go to the others. Beyond
Normal's own move, a wild-card discard is weighed only as a freeze of a big pile. With
`styles`, each style's move (styles.py) is weighed too, played on by that style for our side.
Lent a `search_pool` (the table's), the worlds are played by worker processes and merged
world by world (`merge_runs`; search_pool.py). With `ismcts`, information-set MCTS spends the
worlds instead (ismcts.py: a tree of our own decisions, or a paired duel at the root; off).
"""

from __future__ import annotations

import copy
import math
import random
from dataclasses import dataclass, replace
from functools import cache

from game.rules import Card, GameState, IllegalMove, Move, MoveKind, Observation, Phase, RulesConfig
from game.rules.melds import NATURAL_CANASTA, SEQUENCE_CANASTA, WILD_CANASTA, MeldKind

from . import reasons as why
from .base import CLOCKS, Bot, DecisionRecord, register
from .evaluation import COEFFICIENTS, deal_progress, foot_points, held_points, learned_value, red_three_points
from .inference import DiscardEvidence, PairBelief, WorldEvidence, shape_hands
from .ismcts import DUEL, choose_from_arms, duel_search, tree_search
from .knowledge import Knowledge
from .normal import (
    NormalPolicy,
    NormalWeights,
    partners_classic_deal,
    three_sides_of_partners,
    with_sequences,
    with_wild_melds,
)
from .sampler import PileEvidence, deal_hidden, sample_world
from .styles import style_policies
from .variant_facts import VariantTable, variant_changes

DEFAULT_BUDGET = 0.5  # seconds; p95 stays under 1 s including the last iteration's overrun
PRUNE_OFF = math.inf  # no candidate is ever stopped early


def evaluate(state: GameState, side: int) -> float:
    """Our side's deal points minus the best opponent's: exact when the deal is over,
    else table points, red threes, a discount for cards in hand (and, in Hand and Foot,
    in feet), and near canastas. Every variant's melds, whether by rank or as a list."""
    cfg = state.config
    rules = cfg.rules
    totals: list[float]
    if state.result is not None:
        totals = [s.total for s in state.result.sides]
    else:
        late = deal_progress(state)
        feet = state.foot_sizes()
        totals = []
        for sd in range(cfg.sides):
            melds = state.side_melds(sd)
            t = 0.0
            canastas = 0
            for m in melds:
                t += m.value + m.bonus
                if m.is_canasta:
                    canastas += 1
                elif m.size >= 5:
                    near = 60 if m.size == 5 else 120
                    t += near * _CLOSING_SCALE[m.kind] * (1.0 - late)
            r3 = red_three_points(state, sd)
            plus = bool(melds) and canastas >= rules.red_threes_need_canastas
            t += r3 if plus else -r3 * late
            seats = cfg.seats_of_side(sd)
            hand = sum(held_points(state, s) for s in seats)
            if feet:  # a foot still down counts against its side at the end (V-HF-SCORE)
                hand += sum(foot_points(state, s) for s in seats if feet[s] is not None)
            t -= hand * (0.3 + 0.7 * late)
            totals.append(t)
    mine = totals[side]
    return mine - max(t for i, t in enumerate(totals) if i != side)


def _paired(mine: list[float], base: list[float]) -> tuple[float, float]:
    """Mean and standard error of `mine - base` over the worlds both played (a stopped
    candidate played the first ones)."""
    diffs = [a - b for a, b in zip(mine, base)]
    k = len(diffs)
    mean = sum(diffs) / k
    var = sum((d - mean) ** 2 for d in diffs) / (k - 1) if k > 1 else 0.0
    return mean, (var / k) ** 0.5


def merge_runs(runs: list[list[list[float]]]) -> tuple[list[list[float]], list[list[float]]]:
    """Several searches' values of the same candidates (a pool's workers, each its own
    worlds) as one: each candidate's values in every world it played, and beside them
    Normal's move's values in those same worlds (a candidate stopped early in a run played
    that run's first worlds), so the differences stay paired world by world."""
    count = len(runs[0])
    values: list[list[float]] = [[] for _ in range(count)]
    bases: list[list[float]] = [[] for _ in range(count)]
    for run in runs:
        for i in range(count):
            values[i].extend(run[i])
            bases[i].extend(run[0][: len(run[i])])
    return values, bases


class DrawStreams:
    """Common random numbers for a world's candidates: seat s's n-th draw from the stock takes
    the card at place n x players + (s - the deciding seat) of the world's stock order (from
    the top), whatever was played before it, so a pile taken instead of a draw in one
    candidate's playout does not shift every later card. Each draw is still a card nobody has
    seen, uniformly (the stock's order is unknown): the same worlds, paired more closely."""

    def __init__(self, stock: list[Card], first: int, players: int):
        self.order = stock[::-1]  # the stock's top first
        self.first = first
        self.players = players
        self.drawn = [0] * players

    def arrange(self, st: GameState, seat: int) -> None:
        """Before `seat` draws in `st`: its next cards of the order put on top of the stock
        (where still there; red threes drawn meanwhile take what lies under them)."""
        stock = st.stock
        need = st.config.draw_count
        k = self.drawn[seat]
        self.drawn[seat] += need
        rel = (seat - self.first) % self.players
        for i in range(need):
            place = (k + i) * self.players + rel
            top = len(stock) - 1 - i
            if place >= len(self.order) or top < 0:
                return
            card = self.order[place]
            for j in range(top, -1, -1):
                if stock[j] == card:
                    stock[j], stock[top] = stock[top], stock[j]
                    break


# A meld of 5-6 is worth its canasta's bonus in proportion: a samba / escalera is three
# canastas' worth, a bolivia five.
_CLOSING_SCALE = {
    MeldKind.GROUP: 1,
    MeldKind.SEQUENCE: SEQUENCE_CANASTA // NATURAL_CANASTA,
    MeldKind.WILD: WILD_CANASTA // NATURAL_CANASTA,
}


@dataclass(frozen=True)
class SearchShape:
    """How wide and how deep Hard searches a decision."""

    # Playout length in moves before the static evaluation: 80 chose better than 40 against
    # how the deals really end with Normal playing on (README, stop 21); the whole deal is no
    # better. Classic, five-hand and Samba play 40, six-hand 60 (VARIANT_SEARCH).
    horizon: int = 80
    max_candidates: int = 6
    prune: float = 2.0  # standard errors below Normal's move that stop a candidate
    freeze_pile: int = 5  # a pile this large: a wild discard is a candidate (0: never)

    @classmethod
    def for_variant(cls, variant: str) -> SearchShape:
        """The shape a variant searches with: the defaults above and its own in VARIANT_SEARCH."""
        return _variant_shape(variant)


def classic_four(cfg: RulesConfig) -> bool:
    """Classic: four players in two partnerships, one card drawn, melds by rank."""
    return cfg.players == 4 and partners_classic_deal(cfg)


def five_in_partnerships(cfg: RulesConfig) -> bool:
    """Five-hand: a classic deal for the four who play, the fifth sitting out."""
    return cfg.players == 5 and partners_classic_deal(cfg)


def samba_table(cfg: RulesConfig) -> bool:
    """Samba: melds of a rank and sequences of a suit, no melds of wild cards alone (Bolivia's)."""
    return with_sequences(cfg) and not with_wild_melds(cfg)


# Shapes some tables search with instead of the defaults, each measured there (README).
# Classic, stop 31: hard-v1's shape (40-move playouts, four candidates, none stopped, no
# freezing discard), so about twice the worlds, won more against hard-v1 on the same deals.
# Five-hand and six-hand, stop 36: the same shape (six-hand's playouts as many turns long: 60
# moves for six players) won more against Normal on the same deals in all three tables, pooled
# significant (game/bots/README.md, stop 36); each table alone was within its noise.
# Samba, stop 56: 40-move playouts (the other settings the general ones) chose better on
# real-deal references (250 decisions, three searches each, 0.5 s of work): -17.9 ± 12.8 points
# a decision against the general shape; classic's whole shape -11.6 ± 14.8, within its noise;
# in Hand and Foot no shape chose better (40-move playouts worse). Arena runs confirm or not.
# Bolivia and six-hand-2x3, stop 57 (the same references, 250 decisions each): neither 40-move
# playouts (+10.8 ± 25.3, +2.7 ± 11.6 points a decision) nor classic's shape chose better; both
# keep the general shape.
_CLASSIC_SHAPE: dict[str, float] = {"horizon": 40, "max_candidates": 4, "prune": PRUNE_OFF, "freeze_pile": 0}
VARIANT_SEARCH: VariantTable = (
    (classic_four, _CLASSIC_SHAPE),
    (five_in_partnerships, _CLASSIC_SHAPE),
    (three_sides_of_partners, {**_CLASSIC_SHAPE, "horizon": 60}),
    (samba_table, {"horizon": 40}),
)


@cache
def _variant_shape(variant: str) -> SearchShape:
    base = SearchShape()
    own = variant_changes(variant, VARIANT_SEARCH)
    return replace(base, **{k: type(getattr(base, k))(v) for k, v in own.items()})


@register("hard")
class HardBot(Bot):
    searches = True

    def __init__(
        self,
        seed: int = 0,
        budget: float = DEFAULT_BUDGET,
        iterations: int | None = None,
        horizon: int | None = None,
        max_candidates: int | None = None,
        confidence: float = 1.0,
        weights: NormalWeights | None = None,
        prune: float | None = None,
        prune_after: int = 6,
        freeze_pile: int | None = None,
        left_pair: float = 1.0,
        discarded_pair: float = 1.0,
        discard_temperature: float = 0.0,
        inference_tries: int = 6,
        styles: int = 0,
        shape: int = 0,
        shape_extra: int = 3,
        pair_worlds: int = 0,
        rounds: int = 0,
        learned: int = 0,
        streams: int = 0,
        opponent_styles: int = 0,
        game_win: float = 0.0,
        ismcts: int = 0,
        ucb: float = 0.7,
        tree_depth: int = 3,
    ):
        super().__init__(seed)
        self.budget = budget
        self.iterations = iterations  # fixed worlds per decision (deterministic, for tests)
        # The search's shape (SearchShape): the settings given here, the rest the variant's
        # own, set at each decision (`adopt_shape`); until then the general defaults.
        self.given_shape = (horizon, max_candidates, prune, freeze_pile)
        self.adopt_shape(SearchShape())
        self.confidence = confidence  # standard errors needed to override Normal's move
        self.prune_after = prune_after  # worlds before any candidate is stopped
        # Inference (sampler.PileEvidence): the chance a sampled hand keeps a natural pair
        # of a rank its player left on top of the pile / discarded (1: uniform worlds).
        self.left_pair = left_pair
        self.discarded_pair = discarded_pair
        # Inference (inference.DiscardEvidence): how sharply a world is judged by the other
        # players' last discards (0: not at all), and how many worlds are drawn for one kept.
        self.discard_temperature = discard_temperature
        self.inference_tries = inference_tries
        # Policy switching (styles.py): besides single moves continued by Normal, weigh each
        # style's own move continued by that style for our side (0: off).
        self.styles = styles
        # Worlds dealt as Normal keeps its hand (inference.shape_hands; 0: uniform deals), with
        # `shape_extra` cards drawn and thrown back per hand.
        self.shape = shape
        self.shape_extra = shape_extra
        # The pair belief (inference.PairBelief): worlds drawn for each one played, resampled
        # by how well their opponents' pairs fit what the table shows (0: off).
        self.pair_worlds = pair_worlds
        # Playouts that end when the deciding player's turn comes round this many times
        # (0: after `horizon` moves only): every candidate is judged at the same point of the
        # table's turn, whatever number of moves it took to get there; `horizon` stays a cap.
        self.rounds = rounds
        # A playout cut short is judged by the evaluation fitted to how Normal's deals end
        # (evaluation.py), where the variant has one (0: `evaluate`, written by hand).
        self.learned = learned
        # Common random numbers for the candidates: in a world, each seat's n-th draw from the
        # stock is the same card whatever was played before it (`DrawStreams`; 0: off).
        self.streams = streams
        # The other sides' players in a world's playouts: each plays Normal or one of its styles
        # (styles.py), drawn per world (0: Normal for every seat). Hard does not know how the
        # opponents play; one policy for them all is a model it would trust too much.
        self.opponent_styles = opponent_styles
        # A playout whose deal ends the game counts this many points more for our side's win,
        # less for a loss (0: the deal's points alone). The arena and the player count games
        # won, not points: a going out that wins the game now can be worth less in points than
        # playing on, and playing on can lose the game.
        self.game_win = game_win
        # Information-set MCTS instead of the flat search (ismcts.py, stop 51): 1 a tree of the
        # deciding player's own decisions, `tree_depth` deep; 2 the root alone, Normal's move
        # and one challenger a world, chosen by UCB over the paired differences (0: off). `ucb`
        # is the exploration constant in standard deviations of the playout values.
        self.ismcts = ismcts
        self.ucb = ucb
        self.tree_depth = tree_depth
        self.policy = NormalPolicy(weights)
        self.last_iterations = 0

    # ------------------------------------------------------------------ decision
    def choose(self, observation: Observation, rng: random.Random, time_budget: float | None = None) -> Move:
        obs = observation
        if len(obs.legal) == 1:
            return obs.legal[0]
        self.adopt_shape(SearchShape.for_variant(obs.config.rules.id))
        base = self.policy.choose(obs)
        self.last_reason = self.policy.reason
        cands: list[tuple[Move, NormalPolicy | None]] = [(m, None) for m in self.candidates(obs, base)]
        if self.styles:
            cands += self.style_candidates(obs, base)
        if len(cands) <= 1:
            return base
        budget = self.budget if time_budget is None else time_budget
        deadline = self.clock() + budget
        if self.ismcts and not self.styles:
            chosen = self.tree_choice(obs, [move for move, _ in cands], rng, deadline)
            if chosen:
                explained = obs.phase is Phase.ANSWER or (
                    cands[chosen][0].kind is MoveKind.TAKE and len(obs.pile) >= why.BIG_PILE
                )
                self.last_reason = why.BotReason.of(why.SEARCHED, worlds=self.last_iterations) if explained else None
            return cands[chosen][0]
        runs = None
        if self.search_pool is not None and not self.styles:
            left = max(0.0, deadline - self.clock())
            runs = self.search_pool.search(self, obs, [move for move, _ in cands], left, rng)
        if runs is None:  # no pool, or none of its workers could answer: search here
            runs = [self.play_worlds(obs, cands, rng, deadline)]
        values, bases = merge_runs(runs)
        self.last_iterations = len(values[0])
        chosen = self.pick(values, bases)
        if chosen:
            explained = obs.phase is Phase.ANSWER or (
                cands[chosen][0].kind is MoveKind.TAKE and len(obs.pile) >= why.BIG_PILE
            )
            self.last_reason = why.BotReason.of(why.SEARCHED, worlds=len(values[0])) if explained else None
        return cands[chosen][0]

    def tree_choice(self, obs: Observation, moves: list[Move], rng: random.Random, deadline: float) -> int:
        """The index in `moves` that information-set MCTS chooses (`ismcts`; ismcts.py), played
        here (a search pool's workers play flat worlds only)."""
        if self.ismcts == DUEL:
            values, bases = duel_search(self, obs, moves, rng, deadline)
            self.last_iterations = len(values[0])
            return self.pick(values, bases)
        arms, self.last_iterations = tree_search(self, obs, moves, rng, deadline)
        return choose_from_arms(arms, self.confidence)

    def more_worlds(self, n: int, deadline: float) -> bool:
        """Whether a search that has sampled `n` worlds samples another: `iterations` of them,
        else until the clock reaches `deadline` (at least one)."""
        if self.iterations is not None:
            return n < self.iterations
        return n == 0 or self.clock() < deadline

    def play_worlds(
        self,
        obs: Observation,
        cands: list[tuple[Move, NormalPolicy | None]],
        rng: random.Random,
        deadline: float,
        finish_by: bool = False,
    ) -> list[list[float]]:
        """Each candidate's value in each world played (the same worlds for all; a candidate
        stopped early played the first ones): until `deadline` on the bot's clock, or
        `iterations` worlds, or until only Normal's move (index 0) is left. With `finish_by`,
        no world is begun that would likely end past `deadline` (a pool's worker: its answer
        still has to travel back, and a slow variant's last world would take the decision
        past its time)."""
        side = obs.config.side_of(obs.seat)
        values: list[list[float]] = [[] for _ in cands]
        alive = list(range(len(cands)))  # Normal's move (0) always plays; a clearly worse one stops
        evidence = self.evidence(obs)
        n = 0
        start = self.clock() if finish_by else 0.0  # (a ticking test clock: no extra reading)
        while len(alive) > 1:  # only Normal's move left: the decision is settled
            if self.iterations is not None:
                if n >= self.iterations:
                    break
            elif n > 0:
                now = self.clock()
                if now >= deadline or (finish_by and now + (now - start) / n > deadline):
                    break
            if self.yield_point is not None:
                self.yield_point()
            world = self.sample(obs, rng, evidence)
            n += 1
            self.work += 1
            if world is None:
                continue
            theirs = self.opponent_policies(obs, rng) if self.opponent_styles else None
            for i in alive:
                move, ours = cands[i]
                value = self.value_of(world, move, side, ours, theirs)
                values[i].append(-1e6 if value is None else value)
            if len(values[0]) >= self.prune_after:
                alive = [i for i in alive if i == 0 or not self.clearly_worse(values[i], values[0])]
        return values

    def worker_copy(self, iterations: int | None) -> HardBot:
        """This bot as a search pool's worker plays it (game/bots/search_pool.py): the same
        settings and search shape, `iterations` worlds (None: by the budget), on the wall
        clock, with nothing of the table's (no yield point, no pool, no record)."""
        clone = copy.copy(self)
        clone.iterations = iterations
        clone.clock = CLOCKS["wall"]
        clone.yield_point = None
        clone.search_pool = None
        clone.record = DecisionRecord()
        clone.rng = random.Random(0)
        clone.last_reason = None
        return clone

    def worlds_for(self, obs: Observation, moves: list[Move], rng: random.Random, budget: float) -> list[list[float]]:
        """In a pool's worker: `moves`' values in the worlds that fit in `budget` seconds (or
        this copy's `iterations` worlds)."""
        return self.play_worlds(obs, [(move, None) for move in moves], rng, self.clock() + budget, finish_by=True)

    def opponent_policies(self, obs: Observation, rng: random.Random) -> dict[int, NormalPolicy]:
        """For one world: each seat of another side plays Normal or one of its styles, at random."""
        policies = (self.policy, *style_policies(obs.config.rules.id, self.policy.fixed))
        mine = obs.config.side_of(obs.seat)
        return {s: rng.choice(policies) for s in range(obs.config.players) if obs.config.side_of(s) != mine}

    def adopt_shape(self, shape: SearchShape) -> None:
        """Search with `shape`, but for the settings this bot was given."""
        horizon, max_candidates, prune, freeze_pile = self.given_shape
        self.horizon = shape.horizon if horizon is None else horizon
        self.max_candidates = shape.max_candidates if max_candidates is None else max_candidates
        self.prune = shape.prune if prune is None else prune
        self.freeze_pile = shape.freeze_pile if freeze_pile is None else freeze_pile

    def style_candidates(self, obs: Observation, base: Move) -> list[tuple[Move, NormalPolicy | None]]:
        """Each style's move where it differs from Normal's, to be continued by that style
        for our side: a plan (hold the pairs, go out soon, ...) a single move continued by
        Normal cannot show, since Normal undoes it on its next turn."""
        out: list[tuple[Move, NormalPolicy | None]] = []
        for policy in style_policies(obs.config.rules.id, self.policy.fixed):
            move = policy.choose(obs)
            if move != base:
                out.append((move, policy))
        return out

    def pick(self, values: list[list[float]], bases: list[list[float]] | None = None) -> int:
        """Index of the chosen candidate: Normal's move (index 0) unless another beats
        it by more than `self.confidence` standard errors of the paired differences
        (the same worlds were used for every candidate), so noise does not override
        a sound heuristic. `bases[i]`: Normal's values in the worlds candidate i played
        (`merge_runs`; None: the first ones of `values[0]`)."""
        if len(values[0]) < 2:
            return 0
        best, best_mean = 0, 0.0
        for i in range(1, len(values)):
            if len(values[i]) < 2:
                continue
            mean, se = _paired(values[i], values[0] if bases is None else bases[i])
            if mean > self.confidence * se and mean > best_mean:
                best, best_mean = i, mean
        return best

    def clearly_worse(self, mine: list[float], base: list[float]) -> bool:
        """A candidate whose paired mean is below Normal's move by more than `prune`
        standard errors: its worlds go to the others (successive rejection), and once
        every other is stopped the search ends early."""
        mean, se = _paired(mine, base)
        return mean + self.prune * se < 0

    def evidence(self, obs: Observation) -> WorldEvidence | None:
        """What the pile says about the other hands, when this bot infers from it."""
        pile = None
        if self.left_pair < 1.0 or self.discarded_pair < 1.0:
            pile = PileEvidence.read(obs, self.left_pair, self.discarded_pair)
        discards = None
        if self.discard_temperature > 0:
            discards = DiscardEvidence.read(obs, self.discard_temperature)
        pairs = PairBelief.read(obs) if self.pair_worlds > 1 and obs.phase is not Phase.ANSWER else None
        if pile is None and discards is None and pairs is None:
            return None
        return WorldEvidence(pile, discards, pairs)

    def sample(
        self, obs: Observation, rng: random.Random, evidence: WorldEvidence | None = None, tries: int = 30
    ) -> GameState | None:
        """A sampled world (the other hands as `evidence` suggests, when given); when
        answering, one where the asking partner can go out (rejection sampling; None
        when no such world turned up)."""
        pile = evidence.pile if evidence is not None else None
        if obs.phase is not Phase.ANSWER:
            if evidence is not None and evidence.pairs is not None:
                return self.believed_world(obs, rng, pile, evidence.pairs)
            if evidence is None or evidence.discards is None:
                return self.dealt(obs, rng, pile)
            return self.weighed_world(obs, rng, pile, evidence.discards)
        for _ in range(tries):
            world = self.dealt(obs, rng, pile)
            probe = world.copy()
            probe.phase = Phase.MELD
            if probe.go_out_plan() is not None:
                return world
        return None

    def dealt(self, obs: Observation, rng: random.Random, pile: PileEvidence | None) -> GameState:
        """One world dealt from the unseen cards (as Normal keeps its hand, with `shape`)."""
        if not self.shape:
            return sample_world(obs, rng, pile)
        hands, stock, feet = deal_hidden(obs, rng, pile)
        self.work += 2 * shape_hands(hands, stock, obs, self.policy, rng, self.shape_extra)
        return GameState.from_observation(obs, hands, stock, feet)

    def weighed_world(
        self, obs: Observation, rng: random.Random, pile: PileEvidence | None, discards: DiscardEvidence
    ) -> GameState:
        """A world kept with the chance its hands give the other players' last discards
        (rejection sampling; after `inference_tries` worlds the likeliest one seen)."""
        best, best_weight = None, -1.0
        for _ in range(max(1, self.inference_tries)):
            world = self.dealt(obs, rng, pile)
            weight = discards.weight(world.hands, self.policy)
            self.work += 2 * len(discards.discards)  # a judged discard costs about two playout moves
            if rng.random() < weight:
                return world
            if weight > best_weight:
                best, best_weight = world, weight
        assert best is not None  # at least one world was drawn
        return best

    def believed_world(
        self, obs: Observation, rng: random.Random, pile: PileEvidence | None, pairs: PairBelief
    ) -> GameState:
        """One of `pair_worlds` worlds drawn, picked with a chance in proportion to the weight
        the pair belief gives it (importance resampling)."""
        worlds = [self.dealt(obs, rng, pile) for _ in range(self.pair_worlds)]
        self.work += self.pair_worlds - 1  # the world played counts one unit in `choose`
        logs = [pairs.log_weight(w.hands) for w in worlds]
        top = max(logs)
        weights = [math.exp(v - top) for v in logs]
        return rng.choices(worlds, weights)[0]

    def value_of(
        self,
        world: GameState,
        move: Move,
        side: int,
        ours: NormalPolicy | None = None,
        theirs: dict[int, NormalPolicy] | None = None,
    ) -> float | None:
        """`move` played in a copy of `world`, then the playout's value for `side`, whose
        players follow `ours` (Normal when None), the seats in `theirs` their own policies
        (None when the move is illegal there)."""
        st = world.copy()
        self.work += 1
        seat = st.to_act  # the deciding player (the one answering, when asked)
        assert seat is not None  # a decision has a player to make it
        streams = DrawStreams(world.stock, seat, world.config.players) if self.streams else None
        try:
            if streams is not None and move.kind is MoveKind.DRAW:
                streams.arrange(st, seat)
            st.apply(move)
        except IllegalMove:
            return None
        return self.playout(st, side, ours, seat if self.rounds else None, streams, theirs)

    def playout(
        self,
        st: GameState,
        side: int,
        ours: NormalPolicy | None = None,
        until: int | None = None,
        streams: DrawStreams | None = None,
        theirs: dict[int, NormalPolicy] | None = None,
    ) -> float:
        """Normal (`ours` for our side's seats, `theirs` for the seats it names) plays on for
        `horizon` moves, or, with `until`, until that seat's turn has come round `rounds` times;
        then `evaluate` (with `learned`, the fitted evaluation where the variant has one)."""
        cfg = st.config
        pause = self.yield_point
        turns = 0
        for _ in range(self.horizon):
            if st.phase is Phase.OVER:
                break
            if until is not None and st.phase is Phase.DRAW and st.to_act == until:
                turns += 1
                if turns >= self.rounds:
                    break
            if pause is not None:
                pause()
            seat = st.to_act
            assert seat is not None  # a deal in play has a player to act
            player = None
            if ours is not None and cfg.side_of(seat) == side:
                player = ours
            elif theirs is not None:
                player = theirs.get(seat)
            move = self.normal_move(st, player)
            if move is None:  # cannot happen in a consistent world; be safe
                break
            if streams is not None and move.kind is MoveKind.DRAW:
                streams.arrange(st, seat)
            st.apply(move)
            self.work += 1
        return self.judge(st, side)

    def normal_move(self, st: GameState, player: NormalPolicy | None = None) -> Move | None:
        """The move `player` (Normal when None) makes for the seat to act in a playout: a
        forced draw without building an observation (most draws have no pile to weigh); None
        when there is no legal move."""
        seat = st.to_act
        assert seat is not None  # a deal in play has a player to act
        if st.phase is Phase.DRAW:
            legal = st.legal_moves()
            if len(legal) == 1:
                return legal[0]  # what every policy plays when it has one move
        obs = st.observation(seat)
        if not obs.legal:
            return None
        return (self.policy if player is None else player).choose(obs, explain=False)

    def judge(self, st: GameState, side: int) -> float:
        """A playout's value for `side` where it stopped: `evaluate` (with `learned`, the fitted
        evaluation where the variant has one, for a deal still in play) and the game's odds."""
        coefficients = COEFFICIENTS.get(st.config.rules.id) if self.learned else None
        if coefficients is None or st.result is not None:
            return evaluate(st, side) + self.game_value(st, side)
        return learned_value(st, side, coefficients)

    def game_value(self, st: GameState, side: int) -> float:
        """`game_win` for our side's win of the game this playout's deal ended, minus it for
        another side's (0: the game goes on, a tie, or `game_win` 0)."""
        result = st.result
        if not self.game_win or result is None or result.winner is None:
            return 0.0
        return self.game_win if result.winner == side else -self.game_win

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
        if self.freeze_pile and not obs.pile_frozen and len(obs.pile) >= self.freeze_pile:
            # Freezing a big pile with a wild card (STRATEGY.md) is never Normal's choice and
            # ranks last among its discards: weighed here before the ordinary discards.
            add(next((m for m in discards if m.card is not None and m.card.is_wild), None))
        for m in discards:
            if m.card is None or not m.card.is_wild:  # a wild card thrown away only to freeze (above)
                add(m)
        return out
