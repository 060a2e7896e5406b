"""Information-set Monte Carlo tree search for Hard (`HardBot(ismcts=...)`; off by default).

Hard's own search (hard.py) is flat: every candidate is played in every sampled world and
judged by the paired differences. Two other ways of spending the same worlds are here:

`TREE` (`ismcts=1`): single-observer ISMCTS (Cowling, Powley and Whitehouse 2012). Each
iteration samples one world consistent with the observation (Hard's own sampler: the known
faces, and when answering "May I go out?" only worlds where the partner can go out) and
plays ONE line in it. The tree holds only the deciding player's own decisions: the root's
candidates are Hard's (`HardBot.candidates`: Normal's move and its closest alternatives),
and each later decision of the same seat within the playout, up to `tree_depth` decisions
deep, is a node whose moves are the candidates of that world's observation (so a node's
moves differ between worlds: a move is chosen by UCB over the ones available in this
world, its exploration term counting the iterations it was available, not the node's).
One node is added an iteration; past it, and for every other seat (partner included),
Normal plays on as in Hard's playouts, for `horizon` moves in all, then Hard's evaluation.
A playout's value goes to every move of the path.

`DUEL` (`ismcts=2`): the root alone, but paired. Each iteration plays Normal's move and one
challenger in the same world; the challenger is chosen by UCB over the paired differences
(a challenger that loses to Normal's move is soon left alone), so each world costs two
playouts instead of one a candidate and the promising alternative gets most of them.

Both keep Normal's move unless an alternative beats it by `confidence` standard errors (the
tree: of the difference of two independent means; the duel: of the paired differences), as
Hard does. The exploration constant is `ucb` times the spread (standard deviation) of the
playout values seen so far in the decision.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.rules import GameState, IllegalMove, Move, Observation, Phase

if TYPE_CHECKING:
    from .hard import HardBot

TREE = 1
DUEL = 2
ROOT_VISITS = 2  # each root move's playouts before UCB chooses (a spread for the final test)
ILLEGAL = -1e6  # a move illegal in a world (cannot happen at the root: its moves are our own)


@dataclass
class Arm:
    """One move at a node: how often it was played and available, and its values' sums."""

    visits: int = 0
    available: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, value: float) -> None:
        self.visits += 1
        self.total += value
        self.squares += value * value

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def variance(self) -> float:
        """The sample variance of the values (0 below two)."""
        if self.visits < 2:
            return 0.0
        return max(0.0, (self.squares - self.total * self.total / self.visits) / (self.visits - 1))


@dataclass
class Node:
    """A decision of the deciding player: its moves' statistics and the nodes after them."""

    arms: dict[Move, Arm] = field(default_factory=dict)
    children: dict[Move, Node] = field(default_factory=dict)


class Spread:
    """The running standard deviation of every playout value seen in a decision (Welford):
    the scale of the exploration term, so `ucb` is in standard deviations, not points."""

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        delta = value - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (value - self.mean)

    @property
    def scale(self) -> float:
        if self.n < 2:
            return 100.0  # points: about a deal's swing in a few turns, before anything is seen
        return max(1.0, math.sqrt(self.m2 / (self.n - 1)))


class Worlds:
    """The worlds a search plays, sampled until `bot.more_worlds` says no; `sampled` counts
    every draw, the ones the sampler gave up on included (each costs a unit of work)."""

    def __init__(self, bot: HardBot, obs: Observation, rng: random.Random, deadline: float) -> None:
        self.bot, self.obs, self.rng, self.deadline = bot, obs, rng, deadline
        self.sampled = 0

    def __iter__(self) -> Iterator[GameState]:
        bot = self.bot
        evidence = bot.evidence(self.obs)
        while bot.more_worlds(self.sampled, self.deadline):
            if bot.yield_point is not None:
                bot.yield_point()
            world = bot.sample(self.obs, self.rng, evidence)
            self.sampled += 1
            bot.work += 1
            if world is not None:
                yield world


def select(node: Node, moves: list[Move], c: float, least: int = 1) -> tuple[Move, bool]:
    """The move to play at `node` among `moves` (those available in this world, Normal's
    first), and whether it is new there (expanded: the tree ends with it this iteration).
    Counts one availability for each of `moves`; a move played fewer than `least` times goes
    first, in order (the root: twice each, so Normal's move has a spread to be judged by
    however soon UCB leaves it)."""
    for m in moves:
        node.arms.setdefault(m, Arm()).available += 1
    for m in moves:
        visits = node.arms[m].visits
        if visits < least:
            return m, visits == 0
    best, best_score = moves[0], -math.inf
    for m in moves:
        arm = node.arms[m]
        score = arm.mean + c * math.sqrt(math.log(arm.available) / arm.visits)
        if score > best_score:
            best, best_score = m, score
    return best, False


def tree_search(
    bot: HardBot, obs: Observation, cands: list[Move], rng: random.Random, deadline: float
) -> tuple[list[Arm], int]:
    """TREE: the root's arms, one for each of `cands` in order, and the worlds sampled."""
    root = Node()
    spread = Spread()
    side = obs.config.side_of(obs.seat)
    worlds = Worlds(bot, obs, rng, deadline)
    for world in worlds:
        spread.add(descend(bot, root, world, cands, obs.seat, side, bot.ucb * spread.scale))
    return [root.arms.get(m, Arm()) for m in cands], worlds.sampled


def descend(bot: HardBot, root: Node, world: GameState, cands: list[Move], seat: int, side: int, c: float) -> float:
    """One iteration in `world`: down the tree by UCB over our own decisions, one node added,
    Normal for everything else; the value, added to every arm of the path."""
    st = world.copy()
    bot.work += 1
    path: list[Arm] = []
    node: Node | None = root
    moves: list[Move] | None = cands
    depth = 0
    played = 0
    value: float | None = None
    pause = bot.yield_point
    while True:
        if pause is not None and played:
            pause()
        if moves is not None and node is not None:  # a decision of ours in the tree
            move, new = select(node, moves, c, ROOT_VISITS if depth == 0 else 1)
            path.append(node.arms[move])
            depth += 1
            node = None if new or depth >= bot.tree_depth else node.children.setdefault(move, Node())
        else:
            chosen = bot.normal_move(st)
            if chosen is None:  # no legal move: cannot happen in a consistent world; be safe
                break
            move = chosen
        try:
            st.apply(move)
        except IllegalMove:
            value = ILLEGAL
            break
        if played:
            bot.work += 1  # a playout move (the root's move is counted with the world's copy)
        played += 1
        if played > bot.horizon or st.phase is Phase.OVER:
            break
        moves = None
        if node is not None and st.to_act == seat:
            moves = our_candidates(bot, st, seat)
    if value is None:
        value = bot.judge(st, side)
    for arm in path:
        arm.add(value)
    return value


def our_candidates(bot: HardBot, st: GameState, seat: int) -> list[Move] | None:
    """The candidates of our seat's decision in this world (None: a single move, no choice)."""
    if st.phase is Phase.DRAW and len(st.legal_moves()) == 1:
        return None
    obs = st.observation(seat)
    if len(obs.legal) <= 1:
        return None
    bot.work += 1  # Normal's choice and its alternatives: about a playout move's work
    moves = bot.candidates(obs, bot.policy.choose(obs))
    return moves if len(moves) > 1 else None


def choose_from_arms(arms: list[Arm], confidence: float) -> int:
    """The tree's choice at the root: Normal's move (0) unless another's mean beats it by more
    than `confidence` standard errors of the difference of the two means (independent worlds)."""
    base = arms[0]
    if base.visits < 2:
        return 0
    best, best_gain = 0, 0.0
    for i, arm in enumerate(arms[1:], start=1):
        if arm.visits < 2:
            continue
        gain = arm.mean - base.mean
        se = math.sqrt(arm.variance() / arm.visits + base.variance() / base.visits)
        if gain > confidence * se and gain > best_gain:
            best, best_gain = i, gain
    return best


def duel_search(
    bot: HardBot, obs: Observation, cands: list[Move], rng: random.Random, deadline: float
) -> tuple[list[list[float]], list[list[float]]]:
    """DUEL: each candidate's values and, beside them, Normal's move's in the same worlds
    (as `hard.merge_runs` gives them: ready for `HardBot.pick`)."""
    values: list[list[float]] = [[] for _ in cands]
    bases: list[list[float]] = [[] for _ in cands]
    arms = [Arm() for _ in cands]  # the challengers' paired differences
    spread = Spread()
    side = obs.config.side_of(obs.seat)
    played = 0
    for world in Worlds(bot, obs, rng, deadline):
        c = bot.ucb * spread.scale
        pick, fresh = 1, False
        for i in range(1, len(cands)):
            if arms[i].visits == 0:
                pick, fresh = i, True
                break
        if not fresh:
            log_t = math.log(played)
            pick = max(range(1, len(cands)), key=lambda i: arms[i].mean + c * math.sqrt(log_t / arms[i].visits))
        base = bot.value_of(world, cands[0], side)
        mine = bot.value_of(world, cands[pick], side)
        base_value = ILLEGAL if base is None else base
        value = ILLEGAL if mine is None else mine
        values[0].append(base_value)
        bases[0].append(base_value)
        values[pick].append(value)
        bases[pick].append(base_value)
        arms[pick].add(value - base_value)
        spread.add(value - base_value)
        played += 1
    return values, bases
