"""Fit Hard's pair belief (inference.PairBelief) to Normal's self-play: a logistic regression.

    python tools/fit_pair_belief.py [--games 300] [--seed 1000] [--every 2]

Normal plays the first deal of `--games` classic games against itself. Every `--every` moves
(not answers), for the player to act, each opponent and each rank 4..A: PAIR_FEATURES as the
player sees them (`inference.pair_features`, the uniform deal's chance) and whether that
opponent really holds two or more naturals of the rank. A logistic regression is fitted on the
first 80% of the games (Newton's method, standard library only); it prints, on the other 20%,
the log-loss of the uniform deal's chance, of the fitted model and of the weights Hard uses
now, the rates by what the table shows, and the weights to paste into PAIR_WEIGHTS.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fit_evaluation import solve  # noqa: E402

from game.bots.inference import PAIR_FEATURES, PAIR_WEIGHTS, pair_chances, pair_features  # noqa: E402
from game.bots.normal import NormalPolicy  # noqa: E402
from game.rules import Game, GameState, Observation, Phase, RulesConfig  # noqa: E402

Row = tuple[tuple[float, ...], int]  # the features (PAIR_FEATURES) and the label (0 / 1)


def rows_of(state: GameState, obs: Observation) -> list[Row]:
    """One row per opponent of the player to act and rank whose pair is not certain either way."""
    features = pair_features(obs)
    chances = pair_chances(obs)
    out: list[Row] = []
    for seat, by_rank in chances.items():
        real = Counter(int(c.rank) for c in state.hands[seat] if c.is_natural)
        for rank, p0 in by_rank.items():
            if 0.0 < p0 < 1.0:
                x = (1.0, math.log(p0 / (1.0 - p0)), *features[seat][rank])
                out.append((x, int(real[rank] >= 2)))
    return out


def collect(games: int, seed: int, every: int) -> list[list[Row]]:
    """Per game, the rows of its first deal."""
    policy = NormalPolicy()
    per_game: list[list[Row]] = []
    for g in range(games):
        game = Game(RulesConfig.for_variant("classic"), seed + g, first_dealer=0)
        rows: list[Row] = []
        step = 0
        while not game.state.is_over:
            st = game.state
            assert st.to_act is not None  # a deal in play has a player to act
            obs = st.observation(st.to_act)
            move = policy.choose(obs)
            step += 1
            if step % every == 0 and obs.phase is not Phase.ANSWER:
                rows += rows_of(st, obs)
            game.apply(move)
        per_game.append(rows)
    return per_game


def predict(w: tuple[float, ...] | list[float], x: tuple[float, ...]) -> float:
    z = sum(a * b for a, b in zip(w, x))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def log_loss(rows: list[Row], chance: list[float]) -> float:
    eps = 1e-9
    return -sum(math.log(max(eps, p if y else 1.0 - p)) for (_, y), p in zip(rows, chance)) / len(rows)


def fit(rows: list[Row], ridge: float = 1e-4, steps: int = 25) -> list[float]:
    """Logistic regression by Newton's method (a small ridge keeps the system solvable)."""
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in rows:
            p = predict(w, x)
            g, h = p - y, p * (1.0 - p)
            for i in range(k):
                grad[i] += g * x[i]
                hx = h * x[i]
                for j in range(i, k):
                    hess[i][j] += hx * x[j]
        n = len(rows)
        for i in range(k):
            grad[i] = grad[i] / n + ridge * w[i]
            for j in range(i, k):
                hess[i][j] = hess[j][i] = hess[i][j] / n + (ridge if i == j else 0.0)
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--every", type=int, default=2)
    args = p.parse_args(argv)
    per_game = collect(args.games, args.seed, args.every)
    cut = int(len(per_game) * 0.8)
    train = [r for rows in per_game[:cut] for r in rows]
    test = [r for rows in per_game[cut:] for r in rows]
    w = fit(train)
    uniform = [1.0 / (1.0 + math.exp(-x[1])) for x, _ in test]
    print(f"{len(train)} rows to fit, {len(test)} held out; a pair held in {sum(y for _, y in test) / len(test):.1%}")
    print(
        f"held-out log-loss: the uniform deal's chance {log_loss(test, uniform):.4f}, the fit"
        f" {log_loss(test, [predict(w, x) for x, _ in test]):.4f}, PAIR_WEIGHTS now"
        f" {log_loss(test, [predict(PAIR_WEIGHTS, x) for x, _ in test]):.4f}"
    )
    for i, name in enumerate(PAIR_FEATURES[2:5], start=2):  # the rates by what the table shows
        for value in (0.0, 1.0):
            group = [(x, y) for x, y in test if (x[i] > 0) == (value > 0)]
            if group:
                real = sum(y for _, y in group) / len(group)
                dealt = sum(1.0 / (1.0 + math.exp(-x[1])) for x, _ in group) / len(group)
                shown = "yes" if value else "no "
                print(f"  {name} {shown}: {len(group):6} rows, real {real:.3f}, uniform deal {dealt:.3f}")
    for name, value in zip(PAIR_FEATURES, w):
        print(f"  {name:32} {value:+.3f}")
    print("PAIR_WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
