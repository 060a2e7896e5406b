"""Hard's search quality on fixed decisions, against a reference search (outside CI).

    python tools/bench_hard_regret.py reference --out REF.json [--variant classic]
        [--positions 200] [--worlds 400] [--candidates 8] [--seed 1] [--clairvoyant | --see WHAT]
        [--late FRACTION] [--options NAME=VALUE,...]
    python tools/bench_hard_regret.py score REF.json [--budget 0.5] [--work-us U] [--options NAME=VALUE,...]
        [--level hard|hard-v1] [--save MINE.json] [--against OTHER.json]
    python tools/bench_hard_regret.py agree SAMPLED.json [OTHER.json ...] --truth REAL.json
    python tools/bench_hard_regret.py kinds REF.json [MORE.json ...]
    python tools/bench_hard_regret.py rules SAMPLED.json --truth REAL.json [--worlds 16] [--draws 200]
    python tools/bench_hard_regret.py widths SAMPLED.json --truth REAL.json [--worlds 64] [--at 4] [--draws 200]
    python tools/bench_hard_regret.py paired MINE.json [MORE.json ...] --against OTHER.json [MORE.json ...]
    python tools/bench_hard_regret.py allocate SAMPLED.json (--truth REAL.json | --holdout K) [--worlds 60]
        [--draws 20] [--settle 2,4,8] [--stretch 4,8,16,32]
    python tools/bench_hard_regret.py noise REAL.json [--draws 200] [--seed 1]

A change to how Hard spends its worlds (which candidates, how many worlds each, when to
override Normal) is too small to see in a few hundred arena games. Here the decisions are
fixed (Normal playing itself, as `tools/bench_hard.py` finds them; the reference keeps each
one's position, so a later change to Hard cannot change which are scored), every candidate of each
is valued once with many worlds (`reference`, slow, saved), and then Hard with given
settings decides each at its budget (`score`): its regret is the reference value of the
best candidate minus that of its choice, in points of the deal. The reference uses Hard's
own playouts and evaluation, so this measures the search, not the evaluation.

With `reference --clairvoyant` the candidates are valued in the real deal instead (every
hand as it was, only the stock reshuffled): the best a player could do who saw the other
hands. Regret against it also counts what Hard's sampled worlds get wrong about those
hands, so it shows whether inferring them from the play (the sampler's evidence) helps. `agree`
takes the sampling out of the search's noise: references built with many sampled worlds
(`reference --options left_pair=...`) against the real deal's values, decision by decision.

The decisions come from the first deal of each game, unless `reference --late FRACTION`
takes them from whole games' deals that start that close to the end (a side past
1 - FRACTION of the target). `score --level hard-v1` scores the yardstick on the same
decisions (where its choice is one of the reference's candidates).

`kinds` looks for a fault of Normal's in references already built: every alternative's value
minus Normal's move's (a paired difference, free of the best-of-many bias of a regret), grouped
by the kinds of the two moves, by the pile's size where Normal takes it, and by what the
discarded cards are in the hand. A group whose mean is clearly above 0 is a kind of decision
where Normal's rule is wrong (stop 24: taking a pile of two cards).

`rules` judges how Hard turns its worlds into a choice, with the search's sampling held fixed:
a sampled reference built with `--keep-worlds` holds every world's value of every candidate;
`--draws` times a decision, `--worlds` of them are drawn (the same for every candidate, as
Hard plays them) and each rule of `CHOICE_RULES` chooses from them; its regret is judged by
the real deal's values (`--truth`, a `--clairvoyant` reference of the same decisions). Every
rule sees the same draws, so their differences are paired down to the world.

`widths` asks the same references how many candidates Hard should weigh: Hard's rule over the
first k candidates (Hard's `max_candidates` k weighs exactly those), with as many worlds as the
same time buys, `--worlds` x `--at` / k (a world plays every candidate; at most the worlds kept).

`allocate` asks whether Hard should spend its time across a game's decisions unevenly (stop 62,
not adopted): a time bank ends a decision early once more worlds are worth fewer than `--settle`
points (the standard error of an alternative's paired difference times how near it is to the
line where the choice would change, `se * exp(-(z - 1)^2 / 2)`, the largest over the
alternatives; after six worlds), saves the rest, and lets a decision still worth `--stretch`
points at its budget go on, paid from the savings: 0.2 budgets more at most, up to 2.8 budgets
for at most 4% of all decisions (`--searched` of them searched), so the issue's p95 and maximum
hold. Worlds stand for time; the decisions are taken in a random order as one game's; each row
against Hard's fixed `--worlds`, and the fixed search with more worlds beside them. The truth is
the real deal (`--truth`) or, to see the search's own precision, the mean of each decision's last
`--holdout` sampled worlds (the search draws from the others).

`noise` asks how much of every regret above is the truth's own noise (stop 63): a reference
built with `--keep-worlds` (a `--clairvoyant` one, as `allocate` judges by) is resampled world
by world (bootstrap; the worlds are the same for every candidate); the regret its best candidate
would show against a resampled reference is the amount by which every measured regret is too
high (the best of several noisy means lies above the best true value). Beside it, the regret of
choosing by one half of the worlds, judged by the other half.

`paired` pools `score --save` files of several references (each list of MINE against the
OTHER of the same reference, in order): the mean paired difference over all their decisions.
`score --draw D` searches with another random stream; `paired A0.json+A1.json ...` averages a
reference's draws decision by decision first (a search's own noise, where one choice can be
worth a thousand points, is most of a decision's).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_hard import decision_states, decisions  # noqa: E402
from bench_hard_ceiling import PARTS, seeing_world, seen_seats  # noqa: E402

from game.bots import make_bot  # noqa: E402
from game.bots.arena import parse_settings  # noqa: E402
from game.bots.base import WorkClock  # noqa: E402
from game.bots.hard import HardBot  # noqa: E402
from game.rules import Card, GameState, Observation, position_from_json, position_to_json  # noqa: E402
from game.rules.variants import VARIANT_IDS  # noqa: E402


def parse_options(text: str) -> dict[str, Any]:
    """HardBot settings from `--options` (empty: none), as the arena's `--a-options`."""
    return parse_settings(text) if text else {}


def reference_decisions(ref: dict[str, Any]) -> list[Observation]:
    """The decisions a reference valued: kept in it, or (an older file) found again."""
    rows = ref["decisions"]
    if all("position" in row for row in rows):
        states = [position_from_json(row["position"]) for row in rows]
        return [st.observation(st.to_act) for st in states if st.to_act is not None]
    return decisions(ref["variant"], ref["positions"], ref["seed"])


def true_world(state: GameState, rng: random.Random) -> GameState:
    """The deal as it is (every hand), with the stock in an order nobody knows yet."""
    world = state.copy()
    rng.shuffle(world.stock)
    return world


def save(args: argparse.Namespace, rows: list[dict[str, Any]]) -> None:
    """The reference so far, written whole (a new file, then renamed over the old one)."""
    data = {
        "variant": args.variant,
        "positions": len(rows),  # the first decisions of `decisions(variant, positions, seed)`
        "seed": args.seed,
        "worlds": args.worlds,
        "clairvoyant": args.clairvoyant,
        "see_opponents": args.see == "opponents",
        "see": args.see,
        "options": args.options,
        "late": args.late,
        "decisions": rows,
    }
    out = Path(args.out)
    partial = out.with_name(out.name + ".part")
    partial.write_text(json.dumps(data))
    partial.replace(out)


def reference(args: argparse.Namespace) -> int:
    states = decision_states(args.variant, args.positions, args.seed, args.late)
    hard = HardBot(seed=args.seed, **{"max_candidates": args.candidates, **parse_options(args.options)})
    rows: list[dict[str, Any]] = []
    start = time.process_time()
    for i, state in enumerate(states):
        obs = state.observation(state.to_act)
        cands = hard.candidates(obs, hard.policy.choose(obs))
        rng = random.Random(10_000_019 * args.seed + i)  # not the rngs `score` gives Hard
        side = obs.config.side_of(obs.seat)
        values: list[list[float]] = [[] for _ in cands]
        evidence = hard.evidence(obs)  # read once a decision, as Hard does
        while len(values[0]) < args.worlds:
            if args.clairvoyant:
                world = true_world(state, rng)
            elif args.see is not None:
                seen = "opponents" if args.see == "opponent-pairs" else args.see
                world = seeing_world(obs, rng, state, seen_seats(obs, seen), args.see == "opponent-pairs")
            else:
                world = hard.sample(obs, rng, evidence)
            if world is None:
                continue
            for k, move in enumerate(cands):
                value = hard.value_of(world, move, side)
                values[k].append(-1e6 if value is None else value)  # as Hard counts an illegal move
        rows.append(
            {
                "position": position_to_json(state),  # the decision itself: Hard's later changes cannot move it
                "moves": [str(m) for m in cands],
                "values": [statistics.fmean(v) for v in values],
                "se": [statistics.stdev(v) / math.sqrt(len(v)) for v in values],
                **({"world_values": [[round(x, 1) for x in v] for v in values]} if args.keep_worlds else {}),
            }
        )
        print(f"  {i + 1}/{len(states)}", file=sys.stderr, flush=True)
        if (i + 1) % 25 == 0 or i + 1 == len(states):  # a run stopped early keeps what it valued
            save(args, rows)
    print(f"{len(rows)} decisions valued with {args.worlds} worlds each in {time.process_time() - start:.0f} CPU-s")
    return 0


def search_rng(seed: int, decision: int, draw: int) -> random.Random:
    """The rng of a scored search: draw 0 as `score` always gave it, another draw its own stream."""
    return random.Random(seed * 1000 + decision if draw == 0 else f"{seed}/{decision}/{draw}")


def score(args: argparse.Namespace) -> int:
    ref = json.loads(Path(args.reference).read_text())
    found = reference_decisions(ref)
    # The budget in CPU seconds: the same search on a loaded machine (the table uses wall time);
    # with --work-us, in work (base.WorkClock): the same worlds on any machine and every run.
    hard = make_bot(args.level, ref["seed"], budget=args.budget, **parse_options(args.options))
    hard.clock = time.process_time if args.work_us is None else WorkClock(hard, args.work_us / 1e6)
    policy = hard.policy  # hard-v1 searches around v1's Normal, whose move may not be the reference's first
    regrets: list[float | None] = []
    best = normal = missing = other_normal = 0
    normal_alone: list[float] = []
    times: list[float] = []
    worlds: list[int] = []  # the worlds Hard played a decision (searched ones only)
    for i, (obs, row) in enumerate(zip(found, ref["decisions"])):
        # A changed Normal (or v1's) may open the search elsewhere: its choice is still valued
        # when it is one of the reference's candidates.
        first = str(policy.choose(obs))
        other_normal += first != row["moves"][0]
        if first in row["moves"]:  # the searching bot's own Normal alone, against the reference's first
            normal_alone.append(max(row["values"]) - row["values"][row["moves"].index(first)])
        start = time.process_time()
        hard.last_iterations = 0
        move = str(hard.choose(obs, search_rng(ref["seed"], i, args.draw)))
        times.append(time.process_time() - start)
        if hard.last_iterations:
            worlds.append(hard.last_iterations)
        if move not in row["moves"]:
            missing += 1
            regrets.append(None)
            continue
        values = row["values"]
        regret = max(values) - values[row["moves"].index(move)]
        regrets.append(regret)
        best += regret == 0
        normal += move == row["moves"][0]
    valued = [r for r in regrets if r is not None]
    kind = "real-deal" if ref.get("clairvoyant") else "sampled reference"
    n = len(valued)
    level = f", {args.level}" if args.level != "hard" else ""
    se = statistics.stdev(valued) / math.sqrt(n) if n > 1 else 0.0
    base_regret = statistics.fmean(max(r["values"]) - r["values"][0] for r in ref["decisions"])
    print(
        f"{ref['variant']}, {n} decisions ({ref['worlds']} {kind} worlds), budget {args.budget:.2f} s"
        f"{'' if args.work_us is None else f' of work ({args.work_us:g} µs a unit)'}"
        f"{', ' + args.options if args.options else ''}{level}{f', draw {args.draw}' if args.draw else ''}:"
        f" mean regret {statistics.fmean(valued):.1f} ± {1.96 * se:.1f}"
        f" points (Normal's move alone: {base_regret:.1f}); best {best / n:.0%}, Normal's move {normal / n:.0%};"
        f" not a reference candidate {missing}; Normal's move not the reference's {other_normal}"
        f" (its own Normal's move alone: {statistics.fmean(normal_alone) if normal_alone else math.nan:.1f});"
        f" decision CPU time median {statistics.median(times) * 1e3:.0f} ms,"
        f" mean {statistics.fmean(times) * 1e3:.0f} ms"
        f"{_worlds_summary(worlds)}"
    )
    if args.save:
        Path(args.save).write_text(json.dumps(regrets))
    if args.against:
        other = json.loads(Path(args.against).read_text())
        print(f"  paired against {args.against}: {_paired_text(regrets, other)}")
    return 0


def _paired_text(mine: list[float | None], other: list[float | None]) -> str:
    """The mean difference of two settings' regrets on the same decisions (both valued), 95% margin."""
    diffs = [a - b for a, b in zip(mine, other, strict=True) if a is not None and b is not None]
    mean, dse = _mean_se(diffs)
    return f"{mean:+.1f} ± {1.96 * dse:.1f} points a decision ({len(diffs)} decisions)"


def _draws_mean(spec: str) -> list[float | None]:
    """A `score --save` file's regrets, or (A.json+B.json: draws of one reference) each decision's
    mean over the draws that valued it."""
    draws = [json.loads(Path(name).read_text()) for name in spec.split("+")]
    if len({len(d) for d in draws}) != 1:
        raise SystemExit(f"{spec}: draws of other decisions")
    out: list[float | None] = []
    for regrets in zip(*draws):
        valued = [r for r in regrets if r is not None]
        out.append(statistics.fmean(valued) if valued else None)
    return out


def paired(args: argparse.Namespace) -> int:
    if len(args.mine) != len(args.against):
        raise SystemExit("as many --save files of the other setting as of this one (one a reference)")
    mine: list[float | None] = []
    other: list[float | None] = []
    for a, b in zip(args.mine, args.against):
        ours, theirs = _draws_mean(a), _draws_mean(b)
        if len(ours) != len(theirs):
            raise SystemExit(f"{a} and {b} scored other decisions ({len(ours)} and {len(theirs)})")
        mine += ours
        other += theirs
    mean, se = _mean_se([r for r in mine if r is not None])
    print(f"regret {mean:.1f} ± {1.96 * se:.1f}; paired: {_paired_text(mine, other)}")
    return 0


def _worlds_summary(worlds: list[int]) -> str:
    """The worlds a searched decision got: median, quartiles and range (empty: none searched)."""
    if len(worlds) < 2:
        return ""
    low, mid, high = statistics.quantiles(worlds, n=4)
    return f"; worlds a decision median {mid:g} (quartiles {low:g} .. {high:g}, {min(worlds)} .. {max(worlds)})"


def agree(args: argparse.Namespace) -> int:
    """How close sampled references come to the real deal's values, decision by decision:
    the regret of their best candidate (no search noise: many worlds each) and the error of
    their candidate differences (each candidate against Normal's move), in points."""
    truth = json.loads(Path(args.truth).read_text())
    if not truth.get("clairvoyant"):
        raise SystemExit(f"{args.truth} is not a --clairvoyant reference")
    per_ref: dict[str, tuple[list[float], list[float]]] = {}
    for name in args.references:
        ref = json.loads(Path(name).read_text())
        if (ref["variant"], ref["seed"]) != (truth["variant"], truth["seed"]):
            raise SystemExit(f"{name} values other decisions than {args.truth}")
        regrets: list[float] = []
        errors: list[float] = []
        for row, real in zip(ref["decisions"], truth["decisions"]):
            if row["moves"] != real["moves"]:
                raise SystemExit(f"{name}: other candidates than {args.truth} (other code?)")
            t, v = real["values"], row["values"]
            legal = [i for i in range(len(t)) if abs(t[i]) < 1e5 and abs(v[i]) < 1e5]
            best = max(legal, key=lambda i: v[i])
            regrets.append(max(t[i] for i in legal) - t[best])
            diffs = [((v[i] - v[0]) - (t[i] - t[0])) ** 2 for i in legal if i]
            errors.append(math.sqrt(statistics.fmean(diffs)) if diffs else 0.0)
        per_ref[name] = (regrets, errors)
        opts = ref.get("options") or "uniform worlds"
        print(
            f"{name} ({opts}, {ref['worlds']} worlds): regret of its best {statistics.fmean(regrets):.1f}"
            f" ± {1.96 * statistics.stdev(regrets) / math.sqrt(len(regrets)):.1f}, error of the differences"
            f" {statistics.fmean(errors):.1f} points"
        )
    names = list(per_ref)
    shared = min(len(per_ref[n][0]) for n in names)  # the decisions every reference valued
    for other in names[1:]:
        for k, what in ((0, "regret"), (1, "error")):
            d = [a - b for a, b in zip(per_ref[other][k][:shared], per_ref[names[0]][k][:shared])]
            se = statistics.stdev(d) / math.sqrt(len(d))
            print(
                f"  {other} against {names[0]}, {shared} decisions: {what} {statistics.fmean(d):+.1f} ± {1.96 * se:.1f}"
            )
    return 0


def kind_groups(rows: list[dict[str, Any]]) -> dict[tuple[str, ...], list[float]]:
    """Every alternative's value minus Normal's move's (the first candidate), grouped by
    (phase, Normal's kind, the alternative's kind); for takes against a draw also by the
    pile's size, for two discards also by what each card is in the hand and the pile's size."""
    groups: dict[tuple[str, ...], list[float]] = {}
    for row in rows:
        moves, values, pos = row["moves"], row["values"], row["position"]
        base = moves[0].split()
        pile = pos["discard"].split()
        hand = pos["hands"][pos["turn"]].split()
        for move, value in zip(moves[1:], values[1:]):
            alt = move.split()
            diff = value - values[0]
            groups.setdefault((pos["phase"], base[0], alt[0]), []).append(diff)
            if base[0] == "take" and alt[0] == "draw":
                size = f"pile of {len(pile)}" if len(pile) < 6 else "pile of 6 or more"
                groups.setdefault(("take, or draw instead", size), []).append(diff)
            if base[0] == alt[0] == "discard":
                big = "pile of 6 or more" if len(pile) >= 6 else "pile under 6"
                key = ("discard", card_role(base[1], hand), "instead", card_role(alt[1], hand), big)
                groups.setdefault(key, []).append(diff)
    return groups


def card_role(face: str, hand: list[str]) -> str:
    """What a card is in the hand: wild, black three, single, pair or triple+ of its rank."""
    card = Card.parse(face)
    if card.is_wild:
        return "wild"
    if card.is_black_three:
        return "black three"
    same = sum(1 for f in hand if Card.parse(f).rank == card.rank)
    return "single" if same <= 1 else "pair" if same == 2 else "triple+"


def kinds(args: argparse.Namespace) -> int:
    rows = [row for name in args.references for row in json.loads(Path(name).read_text())["decisions"]]
    print(f"{len(rows)} decisions; an alternative's value minus Normal's move's, points a deal (95% margin)")
    for key, diffs in sorted(kind_groups(rows).items()):
        if len(diffs) < args.least:
            continue
        margin = 1.96 * statistics.pstdev(diffs) / math.sqrt(len(diffs))
        better = sum(d > 0 for d in diffs) / len(diffs)
        print(
            f"  {' / '.join(key):70} {len(diffs):5} {statistics.fmean(diffs):+8.1f} ± {margin:6.1f}"
            f"  alternative better in {better:.0%}"
        )
    return 0


ILLEGAL = -1e5  # below this a world's value marks a candidate illegal there (Hard counts -1e6)

# A way of choosing from a decision's worlds: each candidate's values over the same worlds
# (Normal's move first) -> the index of the candidate chosen.
ChoiceRule = Callable[[list[list[float]]], int]


def _paired_diffs(values: list[list[float]], i: int) -> list[float] | None:
    """Candidate i's values minus Normal's move's, world by world (None: illegal in one)."""
    if min(values[i]) < ILLEGAL:
        return None
    return [a - b for a, b in zip(values[i], values[0])]


def _mean_se(d: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(d)
    return mean, (statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else 0.0)


def _winsorized(d: list[float], share: float) -> list[float]:
    """The differences with the lowest and highest `share` of them set to the nearest kept one."""
    k = int(len(d) * share)
    if k == 0:
        return d
    order = sorted(d)
    low, high = order[k], order[-k - 1]
    return [min(max(x, low), high) for x in d]


def _clipped(d: list[float], limit: float) -> list[float]:
    return [min(max(x, -limit), limit) for x in d]


def _best_passing(values: list[list[float]], score: Callable[[list[float]], float | None]) -> int:
    """Normal's move (0) unless some candidate's paired differences get a positive `score`
    (None: it does not clearly beat Normal's move); then the one with the highest. A candidate
    illegal in one of the worlds is never chosen."""
    best, best_score = 0, 0.0
    for i in range(1, len(values)):
        d = _paired_diffs(values, i)
        if d is None:
            continue
        s = score(d)
        if s is not None and s > best_score:
            best, best_score = i, s
    return best


def _by_mean(k: float, transform: Callable[[list[float]], list[float]]) -> ChoiceRule:
    """Normal's move unless a candidate's paired mean of `transform`ed differences beats it by
    more than k standard errors; then the best such mean."""

    def score(d: list[float]) -> float | None:
        mean, se = _mean_se(transform(d))
        return mean if mean > k * se else None

    return lambda values: _best_passing(values, score)


def _by_sign(z: float) -> ChoiceRule:
    """Normal's move unless a candidate beats it in more worlds than it loses, by z of the sign
    test; then the one with the most net worlds won."""

    def score(d: list[float]) -> float | None:
        wins, losses = sum(x > 0 for x in d), sum(x < 0 for x in d)
        net = wins - losses
        return float(net) if net > z * math.sqrt(wins + losses) else None

    return lambda values: _best_passing(values, score)


def _with_confidence(k: float) -> ChoiceRule:
    """Hard's own rule (`HardBot.pick`) at another confidence."""
    return HardBot(confidence=k).pick


# The ways of choosing from a decision's worlds; the first is Hard's, as it plays today.
CHOICE_RULES: dict[str, ChoiceRule] = {
    "mean, 1 SE (today's)": HardBot().pick,
    "Normal's move": lambda values: 0,
    "mean, 0 SE": _with_confidence(0.0),
    "mean, 2 SE": _with_confidence(2.0),
    "winsorized 10%, 1 SE": _by_mean(1.0, lambda d: _winsorized(d, 0.1)),
    "winsorized 25%, 1 SE": _by_mean(1.0, lambda d: _winsorized(d, 0.25)),
    "clipped at 300, 1 SE": _by_mean(1.0, lambda d: _clipped(d, 300.0)),
    "clipped at 600, 1 SE": _by_mean(1.0, lambda d: _clipped(d, 600.0)),
    "sign, z 1": _by_sign(1.0),
    "sign, z 2": _by_sign(2.0),
}


def rules(args: argparse.Namespace) -> int:
    sampled, truth, kept = _kept_decisions(args)
    regrets: dict[str, list[float]] = {name: [] for name in CHOICE_RULES}
    overridden = dict.fromkeys(CHOICE_RULES, 0.0)
    rng = random.Random(args.seed)
    for values, real in kept:
        total = dict.fromkeys(CHOICE_RULES, 0.0)
        for _ in range(args.draws):
            worlds = rng.sample(range(len(values[0])), min(args.worlds, len(values[0])))
            drawn = [[v[w] for w in worlds] for v in values]
            for name, rule in CHOICE_RULES.items():
                chosen = rule(drawn)
                total[name] += _regret(real, chosen)
                overridden[name] += (chosen != 0) / (len(kept) * args.draws)
        for name in CHOICE_RULES:
            regrets[name].append(total[name] / args.draws)
    print(
        f"{len(kept)} decisions with two candidates or more, {args.worlds} of {sampled['worlds']} sampled worlds"
        f" drawn {args.draws} times a decision; regret against {truth['worlds']} real-deal worlds (95% margins)"
    )
    _report(regrets, overridden)
    return 0


def _kept_decisions(
    args: argparse.Namespace,
) -> tuple[dict[str, Any], dict[str, Any], list[tuple[list[list[float]], list[float]]]]:
    """The two references and, for each decision with two candidates or more that Normal's move
    is legal in, its kept worlds' values and its real-deal values."""
    sampled = json.loads(Path(args.sampled).read_text())
    truth = json.loads(Path(args.truth).read_text())
    if not truth.get("clairvoyant"):
        raise SystemExit(f"{args.truth} is not a --clairvoyant reference")
    out = []
    for row, real in zip(sampled["decisions"], truth["decisions"]):
        if row["moves"] != real["moves"]:
            raise SystemExit(f"{args.sampled}: other candidates than {args.truth} (other code?)")
        values = row.get("world_values")
        if values is None:
            raise SystemExit(f"{args.sampled} was built without --keep-worlds")
        if real["values"][0] > ILLEGAL and len(values) > 1:
            out.append((values, real["values"]))
    return sampled, truth, out


def _regret(real: list[float], pick: int) -> float:
    """The real deal's best value minus that of the candidate picked (an illegal one: the worst)."""
    legal = [x for x in real if x > ILLEGAL]
    return max(legal) - (real[pick] if real[pick] > ILLEGAL else min(legal))


def _report(rows: dict[str, list[float]], counts: dict[str, float]) -> None:
    """Each row's mean regret and its difference from the first row's, decision by decision."""
    base = next(iter(rows.values()))
    for name, r in rows.items():
        _, se = _mean_se(r)
        dm, dse = _mean_se([a - b for a, b in zip(r, base)])
        print(
            f"  {name:24} regret {statistics.fmean(r):6.1f} ± {1.96 * se:5.1f}  paired {dm:+6.1f} ± {1.96 * dse:5.1f}"
            f"  Normal's move overridden {counts[name]:4.0%}"
        )


def widths(args: argparse.Namespace) -> int:
    sampled, truth, kept = _kept_decisions(args)
    most = max(len(values) for values, _ in kept)
    ks = [args.at] + [k for k in range(2, most + 1) if k != args.at]  # today's width first
    names = {k: f"{k} candidates, {min(round(args.worlds * args.at / k), sampled['worlds'])} worlds" for k in ks}
    regrets: dict[str, list[float]] = {names[k]: [] for k in ks}
    overridden = dict.fromkeys(regrets, 0.0)
    rng = random.Random(args.seed)
    pick = HardBot().pick
    for values, real in kept:
        total = dict.fromkeys(regrets, 0.0)
        for _ in range(args.draws):
            order = rng.sample(range(len(values[0])), len(values[0]))
            for k in ks:
                worlds = order[: round(args.worlds * args.at / k)]
                chosen = pick([[v[w] for w in worlds] for v in values[:k]])
                total[names[k]] += _regret(real, chosen)
                overridden[names[k]] += (chosen != 0) / (len(kept) * args.draws)
        for name in regrets:
            regrets[name].append(total[name] / args.draws)
    print(
        f"{len(kept)} decisions; Hard's rule over the first k candidates with the worlds the same time buys"
        f" ({args.worlds} at {args.at}), drawn {args.draws} times a decision; regret against"
        f" {truth['worlds']} real-deal worlds (95% margins)"
    )
    _report(regrets, overridden)
    return 0


class _Bank:
    """`allocate`'s time bank, counted in worlds (see the module's docstring)."""

    least, over, longest, long_share, keep = 6, 0.2, 2.8, 0.04, 2.0

    def __init__(self, settle: float, stretch: float, budget: int, searched: float) -> None:
        self.settle, self.stretch, self.budget, self.searched = settle, stretch, budget, searched
        self.saved, self.decisions, self.long = 0.0, 0.0, 0

    def worlds(self, worth: list[float]) -> int:
        """The worlds one decision plays, `worth[n - 1]` its worth of more after n."""
        self.decisions += 1 / self.searched  # the decisions of one move between searched ones count too
        extra = self.over * self.budget
        if self.long + 1 <= self.long_share * self.decisions:
            extra = (self.longest - 1) * self.budget
        latest = self.budget + min(self.saved, extra)
        n = self.least
        while n < len(worth):
            if n < self.budget:
                if worth[n - 1] < self.settle:
                    break
            elif n >= latest or worth[n - 1] < self.stretch:
                break
            n += 1
        self.saved = min(self.keep * self.budget, max(0.0, self.saved + self.budget - n))
        self.long += n > (1 + self.over) * self.budget
        return n


def _choices_and_worth(values: list[list[float]], order: list[int]) -> tuple[list[int], list[float]]:
    """After each world of `order`: Hard's choice (`HardBot.pick`'s rule, one standard error) and
    the decision's worth of more worlds (`allocate`)."""
    alternatives = [i for i in range(1, len(values)) if min(values[i]) > ILLEGAL]
    diffs = [[values[i][w] - values[0][w] for w in order] for i in alternatives]
    sums, squares = [0.0] * len(alternatives), [0.0] * len(alternatives)
    choices, worth = [], []
    for n in range(1, len(order) + 1):
        best, best_mean, most = 0, 0.0, (math.inf if n < 2 else 0.0)
        for j, i in enumerate(alternatives):
            d = diffs[j][n - 1]
            sums[j] += d
            squares[j] += d * d
            if n < 2:
                continue
            mean = sums[j] / n
            se = math.sqrt(max(0.0, (squares[j] - n * mean * mean) / (n - 1)) / n)
            if mean > se and mean > best_mean:
                best, best_mean = i, mean
            if se > 0:
                most = max(most, se * math.exp(-0.5 * (mean / se - 1.0) ** 2))
        choices.append(best)
        worth.append(most)
    return choices, worth


def allocate(args: argparse.Namespace) -> int:
    sampled = json.loads(Path(args.sampled).read_text())
    kept: list[tuple[list[list[float]], list[float]]] = []
    if args.holdout:
        for row in sampled["decisions"]:
            values = row.get("world_values")
            if values is None:
                raise SystemExit(f"{args.sampled} was built without --keep-worlds")
            if len(values) > 1 and min(values[0]) > ILLEGAL:
                k = args.holdout
                kept.append(([v[:-k] for v in values], [statistics.fmean(v[-k:]) for v in values]))
        truth_text = f"the mean of each decision's last {args.holdout} sampled worlds"
    else:
        if args.truth is None:
            raise SystemExit("allocate needs --truth REAL.json or --holdout K")
        _, truth, kept = _kept_decisions(args)
        truth_text = f"{truth['worlds']} real-deal worlds"
    kept = [(values, real) for values, real in kept if any(min(v) > ILLEGAL for v in values[1:])]
    w = args.worlds
    # Each row: a fixed number of worlds a decision, or a bank's (settle, stretch).
    rows: dict[str, int | tuple[float, float]] = {f"fixed {n}": n for n in (w, *(round(w * m) for m in (1.25, 1.5, 2)))}
    for settle in (float(x) for x in args.settle.split(",")):
        for stretch in (float(x) for x in args.stretch.split(",")):
            if stretch >= settle:
                rows[f"bank: settle {settle:g}, stretch {stretch:g}"] = (settle, stretch)
    regrets = {name: [0.0] * len(kept) for name in rows}
    worlds = dict.fromkeys(rows, 0.0)
    long = dict.fromkeys(rows, 0)
    rng = random.Random(args.seed)
    for _ in range(args.draws):
        order = list(range(len(kept)))
        rng.shuffle(order)  # the decisions as one game's, in a random order
        banks = {name: _Bank(*spec, w, args.searched) for name, spec in rows.items() if isinstance(spec, tuple)}
        for d in order:
            values, real = kept[d]
            choices, worth = _choices_and_worth(values, rng.sample(range(len(values[0])), len(values[0])))
            for name, spec in rows.items():
                n = min(banks[name].worlds(worth) if isinstance(spec, tuple) else spec, len(choices))
                regrets[name][d] += _regret(real, choices[n - 1]) / args.draws
                worlds[name] += n / (args.draws * len(kept))
                long[name] += n > 1.2 * w
    print(
        f"{len(kept)} decisions as one game, {args.draws} draws; Hard's rule with {w} worlds a decision, or a time"
        f" bank; regret against {truth_text} (95% margins); long: decisions past 1.2 budgets, of all"
        f" decisions ({args.searched:.0%} searched)"
    )
    base = regrets[f"fixed {w}"]
    # Beside them, what no spending of time changes: Normal's own move, and the best candidate by
    # the mean of every kept world (the search's ceiling with these worlds).
    every = len(kept[0][0][0])
    regrets["Normal's move"] = [_regret(real, 0) for _, real in kept]
    regrets[f"best mean of all {every} worlds"] = [
        _regret(real, max(range(len(values)), key=lambda i: statistics.fmean(values[i]))) for values, real in kept
    ]
    worlds.update({"Normal's move": 0.0, f"best mean of all {every} worlds": float(every)})
    long.update(dict.fromkeys(list(regrets)[-2:], 0))
    for name, r in regrets.items():
        dm, dse = _mean_se([a - b for a, b in zip(r, base)])
        share = long[name] / (args.draws * len(kept)) * args.searched
        print(
            f"  {name:30} regret {statistics.fmean(r):6.1f}  paired {dm:+5.2f} ± {1.96 * dse:4.2f}"
            f"  worlds {worlds[name]:6.1f}  long {share:5.1%}"
        )
    return 0


def _noise_of(values: list[list[float]], rng: random.Random, draws: int) -> tuple[float, float]:
    """For one decision's kept worlds (the same worlds for every candidate): the mean regret of
    the best candidate judged by a bootstrap of the worlds, and that of the candidate best in one
    random half of the worlds judged by the other half."""
    n = min(len(v) for v in values)
    legal = [v[:n] for v in values if statistics.fmean(v[:n]) > ILLEGAL]
    best = max(range(len(legal)), key=lambda j: statistics.fmean(legal[j]))
    boot = half = 0.0
    for _ in range(draws):
        picks = [rng.randrange(n) for _ in range(n)]
        means = [sum(v[i] for i in picks) for v in legal]
        boot += (max(means) - means[best]) / n
        order = list(range(n))
        rng.shuffle(order)
        first, second = order[: n // 2], order[n // 2 :]
        chosen = max(range(len(legal)), key=lambda j: sum(legal[j][i] for i in first))
        judged = [sum(v[i] for i in second) for v in legal]
        half += (max(judged) - judged[chosen]) / len(second)
    return boot / draws, half / draws


def noise(args: argparse.Namespace) -> int:
    ref = json.loads(Path(args.sampled).read_text())
    rows = [row["world_values"] for row in ref["decisions"] if row.get("world_values") and len(row["moves"]) > 1]
    if not rows:
        raise SystemExit(f"{args.sampled} was built without --keep-worlds")
    rng = random.Random(args.seed)
    pairs = [_noise_of(values, rng, args.draws) for values in rows]
    boot, half = ([p[i] for p in pairs] for i in (0, 1))
    worlds = min(len(v) for values in rows for v in values)
    print(f"{len(rows)} decisions, {worlds} worlds each, {args.draws} draws")
    for label, d in (
        ("the best candidate, judged by a bootstrap of the worlds (every regret's excess)", boot),
        (f"chosen by {worlds // 2} worlds, judged by the other {worlds - worlds // 2}", half),
    ):
        mean, se = _mean_se(d)
        print(f"  {label}: regret {mean:.1f} ± {1.96 * se:.1f}")
    return 0


def kept_worlds_parser(
    sub: Any, name: str, *, draws: int, truth: bool = True, truth_required: bool = True
) -> argparse.ArgumentParser:
    """A subcommand that reads a reference built with --keep-worlds (and, with `truth`, a
    --clairvoyant one of the same decisions to judge by), drawing from its worlds `--draws`
    times with `--seed`."""
    parser: argparse.ArgumentParser = sub.add_parser(name)
    parser.add_argument("sampled", help="a reference built with --keep-worlds")
    if truth:
        parser.add_argument(
            "--truth",
            required=truth_required,
            default=None,
            help="a --clairvoyant reference of the same decisions",
        )
    parser.add_argument("--draws", type=int, default=draws, help="draws from each decision's kept worlds")
    parser.add_argument("--seed", type=int, default=1)
    return parser


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("reference")
    r.add_argument("--out", required=True)
    r.add_argument("--variant", default="classic", choices=VARIANT_IDS)
    r.add_argument("--positions", type=int, default=200)
    r.add_argument("--worlds", type=int, default=400)
    r.add_argument("--candidates", type=int, default=8)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--options", default="", help="HardBot settings for the sampled worlds, e.g. left_pair=0.25")
    r.add_argument(
        "--late",
        type=float,
        default=None,
        help="only decisions of deals that start this close to the game's end, as a fraction of the target"
        " (of the deals, in a game of a number of deals)",
    )
    r.add_argument(
        "--clairvoyant",
        action="store_true",
        help="value the candidates in the real deal (every hand as it is, the stock reshuffled), not in sampled"
        " worlds: the regret then counts what the sampling gets wrong too",
    )
    r.add_argument(
        "--see-opponents",
        dest="see",
        action="store_const",
        const="opponents",
        help="worlds with the opponents' real hands, the partner's and the stock dealt (how much of the"
        " sampling's error the opponents' hands explain; bench_hard_ceiling.py)",
    )
    r.add_argument(
        "--see",
        choices=("opponents", *PARTS),
        default=None,
        help="worlds with a part of the real deal: the opponents' hands, the next or the previous"
        " opponent's only, or only the opponents' natural pairs (and more)",
    )
    r.add_argument(
        "--keep-worlds", action="store_true", help="keep every world's value of every candidate (for `rules`)"
    )
    s = sub.add_parser("score")
    s.add_argument("reference")
    s.add_argument("--budget", type=float, default=0.5)
    s.add_argument(
        "--work-us",
        type=float,
        default=None,
        help="the budget on the work clock, U microseconds a unit (bench_hard.py --calibrate), not CPU time",
    )
    s.add_argument("--options", default="", help="HardBot settings, e.g. max_candidates=6,confidence=0.5")
    s.add_argument(
        "--level",
        default="hard",
        choices=("hard", "hard-v1"),
        help="the searching bot scored: hard-v1 (the yardstick) chooses among the reference's candidates"
        " only where its choice is one of them (the others are counted as not a reference candidate)",
    )
    s.add_argument("--against", default=None, help="a --save of another setting: the mean paired difference")
    s.add_argument("--save", default=None, help="write each decision's regret (for --against)")
    s.add_argument(
        "--draw", type=int, default=0, help="the searches' random stream (0: as always); other draws for `paired`"
    )
    g = sub.add_parser("agree")
    g.add_argument("references", nargs="+", help="sampled references of the same decisions (the first is the base)")
    g.add_argument("--truth", required=True, help="a --clairvoyant reference of the same decisions")
    k = sub.add_parser("kinds")
    k.add_argument("references", nargs="+", help="references (--clairvoyant ones judge Normal against the real deal)")
    k.add_argument("--least", type=int, default=15, help="groups with fewer decisions are not printed")
    u = kept_worlds_parser(sub, "rules", draws=200)
    u.add_argument("--worlds", type=int, default=16, help="worlds a decision, as many as Hard gets at its budget")
    w = kept_worlds_parser(sub, "widths", draws=200)
    w.add_argument("--worlds", type=int, default=64, help="worlds a decision with --at candidates")
    w.add_argument("--at", type=int, default=4, help="the candidates Hard weighs today (the first row)")
    q = sub.add_parser("paired")
    q.add_argument("mine", nargs="+", help="score --save files, one a reference (A.json+B.json: draws, averaged)")
    q.add_argument("--against", nargs="+", required=True, help="the other setting's, the same references in order")
    a = kept_worlds_parser(sub, "allocate", draws=20, truth_required=False)
    a.add_argument("--holdout", type=int, default=0, help="judge by the mean of each decision's last K sampled worlds")
    a.add_argument("--worlds", type=int, default=60, help="Hard's worlds a decision at its budget (the time unit)")
    a.add_argument("--searched", type=float, default=0.69, help="the share of a game's decisions Hard searches")
    a.add_argument("--settle", default="2,4,8")
    a.add_argument("--stretch", default="4,8,16,32")
    kept_worlds_parser(sub, "noise", draws=200, truth=False)
    args = p.parse_args(argv)
    commands = {
        "reference": reference,
        "score": score,
        "agree": agree,
        "kinds": kinds,
        "rules": rules,
        "widths": widths,
        "paired": paired,
        "allocate": allocate,
        "noise": noise,
    }
    return commands[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
