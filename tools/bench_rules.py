"""Benchmark of the rules engine: random-legal-move playouts of whole deals.

    python tools/bench_rules.py [--deals 400] [--variant classic|all] [--seed 1]
    python tools/bench_rules.py --compare REV [--variant classic|all] [--rounds 6] [--deals 100]

The first form prints, per variant, deals/s and moves/s (CPU time of this process, so
other load on the machine does not count), mean moves per deal, and the median time of
`legal_moves`, `apply` and `copy` (measured separately on positions sampled from the same
playouts, so timer overhead does not distort the throughput figures).

`--compare REV` measures this tree against the engine at git revision REV (extracted to
a temporary directory with `git archive`) side by side in one run: each round runs one
worker process per tree, alternating which goes first, each playing the same seeded
deals and reporting its CPU time. It prints both rates, their ratio, and whether both
engines listed exactly the same moves (a digest of every legal-move list).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _rules(root: str):  # type: ignore[no-untyped-def]
    """The rules package of the tree at `root` (this process imports only one tree)."""
    sys.path.insert(0, root)
    import game.rules as rules

    return rules


def playouts(
    rules,
    variant: str,
    deals: int,
    seed: int,
    sample_every: int = 0,  # type: ignore[no-untyped-def]
    digest_moves: bool = False,
):
    """Play `deals` random deals; return (CPU seconds, moves, digest, sampled states).
    The digest (of every legal-move list) is computed only when asked: it costs time."""
    config = rules.RulesConfig.for_variant(variant)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    samples = []
    moves = 0
    start = time.process_time()
    for d in range(deals):
        state, _ = rules.GameState.deal(config, rng, dealer=d % config.players)
        while not state.is_over:
            legal = state.legal_moves()
            if sample_every and moves % sample_every == 0:
                samples.append(state.copy())
            if digest_moves:
                digest.update("\n".join(map(str, legal)).encode())
            state.apply(legal[rng.randrange(len(legal))])
            moves += 1
    return time.process_time() - start, moves, digest.hexdigest()[:16], samples


def median_us(fn, items, repeat: int = 5) -> float:  # type: ignore[no-untyped-def]
    """Median over items of the best of `repeat` timings of fn(item)."""
    times = []
    for item in items:
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            fn(item)
            best = min(best, time.perf_counter() - t0)
        times.append(best)
    return statistics.median(times) * 1e6


def apply_median_us(pairs) -> float:  # type: ignore[no-untyped-def]
    """Median time of `apply` alone: each timing runs on a fresh copy made beforehand."""
    times = []
    for state, move in pairs:
        best = float("inf")
        for _ in range(5):
            trial = state.copy()
            t0 = time.perf_counter()
            trial.apply(move)
            best = min(best, time.perf_counter() - t0)
        times.append(best)
    return statistics.median(times) * 1e6


def report(rules, variant: str, deals: int, seed: int) -> None:  # type: ignore[no-untyped-def]
    playouts(rules, variant, max(2, deals // 20), seed + 1000)  # warm-up
    cpu, moves, _digest, _ = playouts(rules, variant, deals, seed)
    _, _, _, samples = playouts(rules, variant, max(4, deals // 8), seed + 1, sample_every=7)
    live = [s for s in samples if not s.is_over]
    rng = random.Random(seed)
    pairs = [(s, rng.choice(s.legal_moves())) for s in live]
    print(f"variant            {variant}")
    print(f"deals              {deals}")
    print(f"deals/CPU-s        {deals / cpu:.1f}")
    print(f"moves/CPU-s        {moves / cpu:.0f}")
    print(f"mean moves/deal    {moves / deals:.1f}")
    print(f"legal_moves median {median_us(lambda s: s.legal_moves(), live):.1f} us (over {len(live)} positions)")
    print(f"apply median       {apply_median_us(pairs):.1f} us")
    print(f"copy median        {median_us(lambda s: s.copy(), live):.1f} us")
    print()


# ------------------------------------------------------------------ comparison
def worker(root: str, variant: str, deals: int, seed: int) -> None:
    rules = _rules(root)
    playouts(rules, variant, 3, seed + 1000)  # warm-up
    cpu, moves, _, _ = playouts(rules, variant, deals, seed)
    _, _, digest, _ = playouts(rules, variant, deals, seed, digest_moves=True)  # not timed
    print(json.dumps({"cpu": cpu, "moves": moves, "digest": digest}))


def extract(rev: str, into: str) -> str:
    """The tree of git revision `rev` (its game/ package) in a new directory under `into`."""
    archive = os.path.join(into, "rev.tar")
    with open(archive, "wb") as f:
        subprocess.run(["git", "-C", ROOT, "archive", "--format=tar", rev, "game"], stdout=f, check=True)
    root = os.path.join(into, "rev")
    with tarfile.open(archive) as tar:
        tar.extractall(root, filter="data")
    return root


def run_worker(root: str, variant: str, deals: int, seed: int) -> dict:
    proc = subprocess.run(
        [
            sys.executable,
            os.path.abspath(__file__),
            "--worker",
            root,
            "--variant",
            variant,
            "--deals",
            str(deals),
            "--seed",
            str(seed),
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def compare(rev: str, variant: str, rounds: int, deals: int, seed: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        old_root = extract(rev, tmp)
        trees = {"before": old_root, "after": ROOT}
        totals = {name: [0.0, 0] for name in trees}
        digests: dict[str, set[str]] = {name: set() for name in trees}
        for r in range(rounds):
            order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
            for name in order:
                res = run_worker(trees[name], variant, deals, seed + r)
                totals[name][0] += res["cpu"]
                totals[name][1] += deals
                digests[name].add(f"{r}:{res['digest']}")
        rate = {name: n / cpu for name, (cpu, n) in totals.items()}
        print(f"variant            {variant}")
        print(f"rounds x deals     {rounds} x {deals} per tree, alternating, CPU time")
        print(f"before ({rev[:12]}) {rate['before']:.1f} deals/CPU-s")
        print(f"after (this tree)  {rate['after']:.1f} deals/CPU-s")
        print(f"speed-up           {rate['after'] / rate['before']:.2f}x")
        same = digests["before"] == digests["after"]
        print(f"same legal moves   {'yes' if same else 'NO (the engines list different moves)'}")


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--variant", default="classic", help="a variant id, or 'all'")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--compare", metavar="REV", help="git revision to measure against")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.worker, args.variant, args.deals, args.seed)
        return
    rules = _rules(ROOT)
    variants = rules.VARIANT_IDS if args.variant == "all" else (args.variant,)
    for variant in variants:
        if args.compare:
            compare(args.compare, variant, args.rounds, args.deals, args.seed)
            print()
        else:
            report(rules, variant, args.deals, args.seed)


if __name__ == "__main__":
    main()
