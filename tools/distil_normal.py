"""Fit Normal's weights to what Hard's search prefers, on fixed decisions (outside CI).

    python tools/distil_normal.py REF.json [MORE.json ...] [--only name,name] [--passes 2]
                                  [--fit-share 0.5] [--gain 0.5] [--outside worst|skip]

Hard gains over Normal only one decision at a time, at the table, within its budget. Here the
search's verdicts are turned into Normal's own judgement: references of sampled worlds
(`tools/bench_hard_regret.py reference`, without --clairvoyant: the search sees what a player
sees) value up to eight candidates of each decision with many worlds; a coordinate search over
`NormalWeights` (each weight x1.5 and /1.5, a zero one +-2, as `tune_normal.py` does) keeps a
change when Normal's own choice, on the fitting share of the decisions, is worth at least
`--gain` points a decision more by those values. The other decisions are held out: the gain
printed for them is the honest one (a paired mean with its 95% margin over decisions). A
choice that is not one of a decision's candidates counts as its worst candidate
(`--outside worst`), or the decision is left out (`skip`). The arena then judges the weights
(`python -m game.bots.arena --a normal --b normal --a-weights ...`).

The values are the search's, with Normal's present weights playing on: a fitted Normal plays
on differently, so the references must be built again before a second round.

With `--real-deal`, references valued in the real deal (`reference --clairvoyant`) are taken.
That is no cheat on Normal's part: its weights still read only the observation. The decisions
come from real play, so the hidden cards behind them lie as they really do, and the mean over
many decisions of a choice's real-deal value is its expected value given what the player saw.
Sampled worlds deal those cards uniformly instead (pairs kept, singles shed: a uniform deal
holds fewer pairs than real hands do), so their verdicts lean the way the sampler errs; the
real deal's are noisier a decision but lean nowhere.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_hard_regret import reference_decisions  # noqa: E402
from tune_normal import trial_values  # noqa: E402

from game.bots.normal import NormalPolicy, NormalWeights  # noqa: E402
from game.rules import Observation  # noqa: E402

ILLEGAL = 1e5  # a candidate illegal in some world is valued about -1e6 (bench_hard_regret)


@dataclasses.dataclass(frozen=True)
class Decision:
    obs: Observation
    moves: tuple[str, ...]  # the reference's candidates, Normal's move of the time first
    values: tuple[float, ...]  # their mean values over the reference's worlds, points of the deal


def load(paths: list[str], real_deal: bool = False) -> list[Decision]:
    """The references' decisions with two or more legal candidates, Normal's move among them;
    references valued in the real deal only with `real_deal`, never those seeing a part of it
    (the rest dealt uniformly: they lean as the sampler does, only less)."""
    out: list[Decision] = []
    for path in paths:
        ref: dict[str, Any] = json.loads(Path(path).read_text())
        if ref.get("see"):
            raise SystemExit(
                f"{path}: a reference that sees a part of the hidden cards; sampled worlds or the real deal"
            )
        if ref.get("clairvoyant") and not real_deal:
            raise SystemExit(f"{path}: a reference that sees hidden cards (--real-deal takes it)")
        for obs, row in zip(reference_decisions(ref), ref["decisions"]):
            legal = [i for i, v in enumerate(row["values"]) if abs(v) < ILLEGAL]
            if len(legal) > 1 and 0 in legal:
                out.append(
                    Decision(
                        obs,
                        tuple(row["moves"][i] for i in legal),
                        tuple(row["values"][i] for i in legal),
                    )
                )
    return out


def gains(weights: NormalWeights, decisions: list[Decision], outside: str) -> list[float | None]:
    """Per decision: the value of the choice with `weights` minus the reference's Normal move's
    (None: outside the candidates, with --outside skip)."""
    policy = NormalPolicy(weights)
    out: list[float | None] = []
    for d in decisions:
        move = str(policy.choose(d.obs))
        if move in d.moves:
            out.append(d.values[d.moves.index(move)] - d.values[0])
        else:
            out.append(None if outside == "skip" else min(d.values) - d.values[0])
    return out


def outside_count(weights: NormalWeights, decisions: list[Decision]) -> int:
    """Choices with `weights` that are none of their decision's candidates."""
    policy = NormalPolicy(weights)
    return sum(str(policy.choose(d.obs)) not in d.moves for d in decisions)


def mean_gain(values: list[float | None]) -> float:
    known = [v for v in values if v is not None]
    return statistics.fmean(known) if known else 0.0


def paired_text(mine: list[float | None], base: list[float | None]) -> str:
    diffs = [a - b for a, b in zip(mine, base) if a is not None and b is not None]
    if len(diffs) < 2:
        return "too few decisions"
    se = statistics.stdev(diffs) / math.sqrt(len(diffs))
    changed = sum(1 for a, b in zip(mine, base) if a != b)
    mean = statistics.fmean(diffs)
    return f"{mean:+.1f} ± {1.96 * se:.1f} points a decision ({changed} of {len(diffs)} choices changed)"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("references", nargs="+")
    p.add_argument("--variant", default="classic", help="whose weights to start from")
    p.add_argument("--only", default="", help="comma-separated weight names (default: all)")
    p.add_argument("--passes", type=int, default=2)
    p.add_argument("--fit-share", type=float, default=0.5, help="the share of decisions fitted on (every k-th)")
    p.add_argument("--gain", type=float, default=0.5, help="points a decision a change must gain to be kept")
    p.add_argument("--outside", choices=("worst", "skip"), default="worst")
    p.add_argument("--real-deal", action="store_true", help="take references valued in the real deal (--clairvoyant)")
    args = p.parse_args(argv)

    decisions = load(args.references, args.real_deal)
    step = max(1, round(1 / args.fit_share)) if args.fit_share < 1 else 1
    fit = [d for i, d in enumerate(decisions) if i % step == 0]
    held = [d for i, d in enumerate(decisions) if i % step != 0] if step > 1 else []
    start_weights = best = NormalWeights.for_variant(args.variant)
    base_fit = gains(best, fit, args.outside)
    base_held = gains(best, held, args.outside)
    best_score = mean_gain(base_fit)
    print(
        f"{len(decisions)} decisions ({len(fit)} fitted, {len(held)} held out); the present weights:"
        f" fitted {best_score:+.1f}, held out {mean_gain(base_held):+.1f} points a decision"
        f" against the references' Normal move ({outside_count(best, decisions)} choices outside the candidates)",
        flush=True,
    )
    names = [n for n in NormalWeights.names() if not args.only or n in args.only.split(",")]
    started = time.perf_counter()
    for pass_no in range(args.passes):
        kept = 0
        for name in names:
            current = getattr(best, name)
            for value in trial_values(current):
                cand = dataclasses.replace(best, **{name: value})
                score = mean_gain(gains(cand, fit, args.outside))
                keep = score >= best_score + args.gain
                print(
                    f"pass {pass_no} {name:20s} {current:>9} -> {value:>9}: fitted {score:+.1f}"
                    + ("  KEEP" if keep else ""),
                    flush=True,
                )
                if keep:
                    best, best_score, kept = cand, score, kept + 1
                    break
        if not kept:
            break
    changed = {
        f.name: getattr(best, f.name)
        for f in dataclasses.fields(best)
        if getattr(best, f.name) != getattr(start_weights, f.name)
    }
    print(
        f"\n# fitted in {time.perf_counter() - started:.0f} s;"
        f" {outside_count(best, decisions)} choices outside the candidates"
    )
    print("changed:", ",".join(f"{k}={v:g}" for k, v in changed.items()) or "nothing")
    print(f"fitted decisions: {paired_text(gains(best, fit, args.outside), base_fit)}")
    if held:
        print(f"held-out decisions: {paired_text(gains(best, held, args.outside), base_held)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
