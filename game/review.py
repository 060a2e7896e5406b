"""Deal review: each of a player's decisions beside the Hard bot's choice, with the points
the choice made is estimated to have gained or lost.

    play = deal_play(game)                      # the deal as dealt, and its moves
    for index in decision_points(play, {0}):    # the player's real choices (more than one legal move)
        decision = analyse(play, index, worlds=24)
    review = Review(play, decisions)
    review.costliest(3)

How a decision is weighed: Hard chooses in the position as the player saw it (its
Observation), with a fixed number of sampled worlds (`HardBot(iterations=...)`, so the
same position always gets the same answer). Where its move is not the one made, both are
played out by Hard's own `playout` in ESTIMATE_WORLDS other worlds, drawn as Hard draws
them (its public `sample`) but from a generator of their own: not the worlds Hard chose on,
where its move did best by its very choosing (the winner's curse: on those worlds a safe
single discarded where Hard would discard another safe single lost "178 points", play-test
stop 52). The mean of the paired differences is the estimate (negative: points lost by the
move made) and its standard error the `spread`; a loss is `costly` only when it stands
clear of that noise (CLEAR standard errors) and, said in round figures, of its margin
("About 100 points lost · give or take 100" is no clear loss: Hard only leans to its move,
`Decision.leans`). Hard's behaviour is not changed: this module only calls its public
`choose`, `sample` and `value_of`.

No pygame, no threads, no I/O: the scenes run this on a worker (review_worker.py).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from game.bots.hard import HardBot
from game.rules import Card, Game, GameState, Group, Meld, Move, MoveKind, Observation, Phase
from game.rules.family import FamilyState, destination

WORLDS = 24  # sampled worlds Hard chooses on, per decision
ESTIMATE_WORLDS = 48  # other worlds the points lost are estimated on (tools/bench_review.py: a
# whole classic deal still well under 30 s on 2 cores)
HORIZON = 40  # Hard's playout length (its default)
CLEAR = 2.0  # standard errors a loss must stand clear of zero to be called costly
LEAST_LOSS = 10.0  # ... and points it must come to (a few points are no lesson)
METHOD = f"independent-worlds/1:{WORLDS}:{ESTIMATE_WORLDS}:{HORIZON}"  # kept reviews of another are weighed again


@dataclass(frozen=True)
class DealPlay:
    """One deal to review: the position as dealt and the moves played in it, in order."""

    start: GameState
    moves: tuple[Move, ...]

    def positions(self) -> list[GameState]:
        """The position before each move, then the final one (len(moves) + 1 states)."""
        state = self.start.copy()
        out = [state.copy()]
        for move in self.moves:
            state.apply(move)
            out.append(state.copy())
        return out


def joined_melds(state: GameState, move: Move) -> tuple[Meld | None, ...]:
    """For each group of a meld or take played in `state`, the side's meld it is added to
    (None: it starts a meld), as the move list names it: a group of a rank the side holds
    a meld of (classic: one a rank; the Samba family: the open group, VARIANTS.md section
    6), wild cards naming that rank, or the meld `+N:` numbers. A take laying no hand card
    adds the top card to a meld: one entry, that meld. Unknown (not a meld or take, no
    one to act): ()."""
    seat = state.to_act
    if move.kind not in (MoveKind.MELD, MoveKind.TAKE) or seat is None:
        return ()
    side = state.side_of(seat)
    table = state.table[side] if isinstance(state, FamilyState) else None
    ranked = state.melds[side] if table is None else {}

    def joined(group: Group, cards: tuple[Card, ...], index: int) -> Meld | None:
        if table is None:
            naturals = {c.rank for c in cards if not c.is_wild}
            rank = next(iter(naturals)) if len(naturals) == 1 else group.rank
            return ranked.get(rank)
        where = destination(table, group, cards, index)
        return table[where] if isinstance(where, int) and 0 <= where < len(table) else None

    if move.kind is MoveKind.TAKE and not any(group.cards for group in move.groups):
        if not state.pile:
            return ()
        top = state.pile[-1]
        group = move.groups[0] if move.groups else Group(top.rank, ())
        return (joined(group, (top,), 0),)
    return tuple(joined(group, group.cards, index) for index, group in enumerate(move.groups))


def deal_play(game: Game, deal_number: int | None = None) -> DealPlay:
    """Deal `deal_number` (default: the game's current one) of `game`, replayed from its
    seed, first dealer and history. Raises ValueError for a deal the game has not reached."""
    wanted = game.deal_number if deal_number is None else deal_number
    return _deal_of(Game(game.config, game.seed, game.first_dealer), game.history, wanted)


def deal_play_from(config, seed: int, first_dealer: int, history: Iterable[Move], deal_number: int) -> DealPlay:
    """The same from a game's parts (a shared deal file's header and moves)."""
    return _deal_of(Game(config, seed, first_dealer), list(history), deal_number)


def _deal_of(replay: Game, history: Iterable[Move], wanted: int) -> DealPlay:
    start = replay.state.copy() if wanted == 0 else None
    moves: list[Move] = []
    for move in history:
        if replay.state.phase is Phase.OVER and replay.state.result is not None and not replay.state.result.game_over:
            replay.next_deal()  # as Game.apply would, but the dealt position is kept
            if replay.deal_number == wanted:
                start = replay.state.copy()
        if replay.deal_number == wanted:
            moves.append(move)
        replay.apply(move)
        if replay.deal_number > wanted:
            break
    if start is None:
        raise ValueError(f"the game has not reached deal {wanted}")
    return DealPlay(start, tuple(moves))


def decision_points(play: DealPlay, seats: Iterable[int]) -> list[int]:
    """Indices of the moves where one of `seats` had a real choice (more than one legal move)."""
    return decision_indices(play.positions(), seats)


def decision_indices(positions: Sequence[GameState], seats: Iterable[int]) -> list[int]:
    """`decision_points` of a deal whose positions are at hand (the last is its end)."""
    seats = set(seats)
    out = []
    for index, state in enumerate(positions[:-1]):
        seat = state.to_act
        if seat in seats and len(state.observation(seat).legal) > 1:
            out.append(index)
    return out


def said_points(points: float) -> int:
    """An estimate's points as the review says them: to the nearest ten (at least ten)."""
    return max(10, 10 * round(abs(points) / 10))


def said_margin(margin: float) -> int:
    """An estimate's margin as said: up to the next ten (never surer than it is)."""
    return 10 * math.ceil(margin / 10 - 1e-9)


@dataclass(frozen=True)
class Decision:
    """A decision of the deal: the move made, Hard's choice, and the estimated points the
    move made gained (positive) or lost (negative) against Hard's choice, with the
    estimate's standard error (`spread`: the sampled worlds' noise)."""

    index: int  # the move's index in the deal
    seat: int
    made: Move
    advice: Move
    gain: float
    worlds: int  # worlds the estimate rests on
    spread: float = 0.0  # the estimate's standard error

    @property
    def agrees(self) -> bool:
        return self.made == self.advice

    @property
    def margin(self) -> float:
        """How far the estimate may be off ("give or take"): CLEAR standard errors."""
        return CLEAR * self.spread

    @property
    def settled(self) -> bool:
        """The sampled worlds told the two moves apart: the estimate stands clear of zero
        by more than its margin, and by LEAST_LOSS points (else: too close to call)."""
        return not self.agrees and self.worlds >= 2 and abs(self.gain) > max(self.margin, LEAST_LOSS)

    @property
    def clear(self) -> bool:
        """Settled, and so in the words the player reads: the points said less the margin
        said (`said_points`, `said_margin`) still LEAST_LOSS or more. A loss of 105 with a
        margin of 91 read "About 100 points lost · give or take 100", beside a move the H
        hint had suggested (play-test, stop 54): a reader takes that for maybe nothing."""
        return self.settled and said_points(self.gain) - said_margin(self.margin) >= LEAST_LOSS

    @property
    def leans(self) -> bool:
        """Settled, but not clear as said: Hard leans to one of the two moves, no more."""
        return self.settled and not self.clear

    @property
    def costly(self) -> bool:
        """A loss clear of the noise: listed among the costliest decisions."""
        return self.clear and self.gain < 0


def analyse(play: DealPlay, index: int, worlds: int = WORLDS, seed: int = 0) -> Decision:
    """Weigh the move at `index` of the deal (see the module's docstring)."""
    return analyse_position(play.positions()[index], play.moves[index], index, worlds, seed)


def analyse_position(
    state: GameState,
    made: Move,
    index: int = 0,
    worlds: int = WORLDS,
    seed: int = 0,
    pause: Callable[[], None] | None = None,
    estimate_worlds: int = ESTIMATE_WORLDS,
) -> Decision:
    """`pause`, when given, is the review's Hard's yield point (Bot.yield_point: before each
    of its own worlds and each playout move): a review on the window's process waits there
    while a frame is drawn."""
    seat = state.to_act
    assert seat is not None, "a decision needs a player to act"
    obs = state.observation(seat)
    world_seed = seed * 1_000_003 + index
    hard = HardBot(seed=world_seed, iterations=worlds, horizon=HORIZON)
    hard.yield_point = pause
    advice = hard.choose(obs, random.Random(world_seed))
    if advice == made:
        return Decision(index, seat, made, advice, 0.0, worlds)
    gain, spread, n = estimate(hard, obs, made, advice, random.Random(f"review-estimate:{world_seed}"), estimate_worlds)
    return Decision(index, seat, made, advice, gain, n, spread)


def estimate(
    hard: HardBot, obs: Observation, made: Move, advice: Move, rng: random.Random, worlds: int = ESTIMATE_WORLDS
) -> tuple[float, float, int]:
    """Points `made` gains against `advice` (negative: loses), as (mean, standard error,
    worlds) of the paired playout differences in `worlds` worlds drawn with `rng` (one
    independent of the worlds Hard chose on; a world where either move is illegal is
    skipped)."""
    side = obs.config.side_of(obs.seat)
    evidence = hard.evidence(obs)
    diffs: list[float] = []
    for _ in range(worlds):
        world = hard.sample(obs, rng, evidence)
        if world is None:
            continue
        mine = hard.value_of(world, made, side)
        if mine is None:
            continue
        best = hard.value_of(world, advice, side)
        if best is not None:
            diffs.append(mine - best)
    n = len(diffs)
    if not n:
        return 0.0, 0.0, 0
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, (variance / n) ** 0.5, n


@dataclass(frozen=True)
class Review:
    play: DealPlay
    decisions: tuple[Decision, ...]

    def costliest(self, count: int = 3) -> list[Decision]:
        """The decisions that lost the most points against Hard's choice, clear of the
        noise (`Decision.costly`), worst first."""
        losing = [d for d in self.decisions if d.costly]
        return sorted(losing, key=lambda d: (d.gain, d.index))[:count]

    def at(self, index: int) -> Decision | None:
        return next((d for d in self.decisions if d.index == index), None)


def review_steps(
    play: DealPlay,
    seats: Iterable[int],
    worlds: int = WORLDS,
    seed: int = 0,
    pause: Callable[[], None] | None = None,
    estimate_worlds: int = ESTIMATE_WORLDS,
) -> Iterator[Decision]:
    """Every decision of `seats` in the deal, weighed one at a time (a worker reports
    progress between two; `pause` as in `analyse_position`)."""
    positions = play.positions()
    for index in decision_points(play, seats):
        yield analyse_position(positions[index], play.moves[index], index, worlds, seed, pause, estimate_worlds)


def review(play: DealPlay, seats: Iterable[int], worlds: int = WORLDS, seed: int = 0) -> Review:
    """Every decision of `seats` in the deal, weighed (synchronously)."""
    return Review(play, tuple(review_steps(play, seats, worlds, seed)))
