#!/usr/bin/env python3
"""Benchmark of the table (printed, not asserted):

- frame time (update + draw + present) p50/p95/max at 1280x720 in a busy
  mid-game position: every rank melded by both sides, canastas, 22 cards in
  hand, a frozen pile, with the hand re-sorting every 20 frames so animations
  are always running, plus a card dragged across the table; the same in a busy
  six-hand deal (six seats, three sides' melds, three packs), its move log open; a
  busy Samba deal (runs, canastas) and a busy Hand and Foot deal (books, feet, five
  packs);
- start-to-interactive: wall time of `python main.py --headless --frames 1`
  (interpreter start, imports, window, first deal, first frame, exit), classic and
  Hand and Foot;
- resident memory (peak RSS) of this process after the run;
- with --hard: the busy mid-game again while a Hard bot (its 0.5 s default budget) thinks
  without pause on the table's own bot thread (game/scenes/bot_runner.py), one decision
  after another over the observations of a classic deal, as when the bots play: its worlds
  played on that thread, and (where the machine has two cores or more) by the app's worker
  processes (game/bots/search_pool.py), with the worlds each decision got.

    python tools/bench_table.py [--frames 600] [--hard]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def busy_position():
    from game.rules import DECK, MELD_RANKS, position_from_json

    pool = Counter(card.face for card in DECK)

    def take(rank_symbol: str, n: int) -> list[str]:
        out = []
        for suit in "CDHS" * 2:
            face = "JK" if rank_symbol == "JK" else suit + rank_symbol
            if len(out) < n and pool[face] > 0:
                pool[face] -= 1
                out.append(face)
        return out

    ours, theirs = {}, {}
    for rank in MELD_RANKS:
        sym = rank.symbol
        ours[sym] = take(sym, 3)
        theirs[sym] = take(sym, 3)
    ours["Q"] += take("Q", 2) + take("2", 2)  # mixed canasta (5+2)
    theirs["K"] += take("K", 1) + take("JK", 2) + take("2", 1)  # mixed canasta (4+3)
    hand = []
    for rank in MELD_RANKS:
        hand += take(rank.symbol, 2)
    hand = hand[:20] + take("2", 2)
    discard = take("7", 0) + take("JK", 1) + take("3", 2)[:1] + [f for f in take("2", 1)]
    melds = [{k: " ".join(v) for k, v in ours.items()}, {k: " ".join(v) for k, v in theirs.items()}]
    data = {
        "format": "canasta-position/1",
        "variant": "classic",
        "target": 5000,
        "scores": [1520, 1340],
        "dealer": 3,
        "turn": 0,
        "phase": "meld",
        "hands": [" ".join(hand), "", "", ""],
        "melds": melds,
        "red_threes": ["H3 D3", "H3"],
        "discard": " ".join(discard),
        "stock": "",
        "stock_exact": False,
    }
    # Give the other seats some cards from what is left (so their fans are drawn too).
    leftovers = [face for face, n in pool.items() for _ in range(n) if face not in ("H3", "D3")]
    for seat in (1, 2, 3):
        data["hands"][seat] = " ".join(leftovers[:12])
        leftovers = leftovers[12:]
    return position_from_json(data)


def busy_six_hand():
    """A six-hand deal well under way (normal bots play every seat from a fixed seed until
    the stock is down by half and the player has drawn): six seats, three sides' melds."""
    from game.bots import make_bot
    from game.rules import Game, Phase, RulesConfig
    from game.rules.variants import VARIANTS

    six = next(v for v in VARIANTS if v.players == 6 and len(v.sides) == 3)  # (ids live in variants.py only)
    config = RulesConfig.for_variant(six.id)
    for seed in range(1, 50):
        game = Game(config, seed)
        bots = [make_bot("normal", seat) for seat in range(config.players)]
        while game.state.phase is not Phase.OVER:
            st = game.state
            if st.to_act == 0 and st.phase is Phase.MELD and len(st.stock) < 45:
                if sum(1 for side in st.melds if side) == 3:
                    return st, six.id
                break
            seat = st.to_act
            assert seat is not None
            game.apply(bots[seat].act(st.observation(seat)))
    raise RuntimeError("no busy six-hand deal found")


def busy_family(rules_test, melds_each: int):
    """A deal of the Samba family well under way (normal bots from fixed seeds until the
    stock is down by half, the player in the meld phase and each side holding
    `melds_each` melds or more): runs, canastas, books, feet. `rules_test` picks the
    variant from its data (variant ids live in game/rules/variants.py only)."""
    from game.bots import make_bot
    from game.rules import Game, Phase, RulesConfig
    from game.rules.variants import VARIANTS

    rules = next(v for v in VARIANTS if rules_test(v))
    config = RulesConfig.for_variant(rules.id)
    for seed in range(1, 50):
        game = Game(config, seed)
        bots = [make_bot("normal", seat) for seat in range(config.players)]
        full = len(game.state.stock)
        while game.state.phase is not Phase.OVER:
            st = game.state
            if st.to_act == 0 and st.phase is Phase.MELD and len(st.stock) < full // 2:
                if all(len(st.side_melds(side)) >= melds_each for side in range(config.sides)):
                    return st, rules.id
                break
            seat = st.to_act
            assert seat is not None
            game.apply(bots[seat].act(st.observation(seat)))
    raise RuntimeError(f"no busy {rules.id} deal found")


def melds_of(state) -> int:
    return sum(len(state.side_melds(side)) for side in range(state.config.sides))


def thinking_observations(count: int = 60) -> list:
    """Observations of a classic deal where the player to act has a choice to weigh."""
    from game.bots import make_bot
    from game.rules import Game, RulesConfig

    game = Game(RulesConfig.for_variant("classic"), 11)
    bot = make_bot("normal", seed=1)
    found = []
    while len(found) < count:
        state = game.state
        if state.is_over:
            game.next_deal()
            continue
        obs = state.observation(state.to_act)
        if len(obs.legal) > 2:
            found.append(obs)
        game.apply(bot.act(obs))
    return found


class HardThinking:
    """A Hard bot deciding without pause on the table's bot thread: its worlds played on
    that thread (`workers` 0) or by that many worker processes (the app's way where the
    machine has the cores, game/bots/search_pool.py)."""

    def __init__(self, workers: int = 0) -> None:
        from game.bots import make_bot
        from game.scenes.bot_runner import BotRunner, SharedSearchPool

        self.pool = SharedSearchPool(workers) if workers else None
        if self.pool is not None:
            pool = self.pool.get()
            if pool is None or not pool.wait_ready(30.0):  # timed from the first decision on
                raise SystemExit(f"the search pool's workers did not start: {self.pool.failed}")
        self.runner = BotRunner(threaded=True, search_pool=self.pool)
        self.bot = make_bot("hard", seed=3)
        self.worlds: list[int] = []
        self.observations = thinking_observations()
        self.decisions = 0
        self.runner.request(0, self.bot, self.observations[0])

    def poll(self) -> None:
        if self.runner.poll() is not None:
            self.worlds.append(self.bot.last_iterations)  # type: ignore[attr-defined]
            self.decisions += 1
            obs = self.observations[self.decisions % len(self.observations)]
            self.runner.request(obs.seat, self.bot, obs)

    def close(self) -> list[float]:
        self.runner.close()
        if self.pool is not None:
            self.pool.close()
        return list(self.bot.record.times)


def p95(values: list[float]) -> float:
    """The 95th percentile of `values` (sorted or not); 0 when there are none."""
    ordered = sorted(values)
    return ordered[int(len(ordered) * 0.95) - 1] if ordered else 0.0


def frame_times(
    frames: int, position, variant: str = "classic", log: bool = False, hard: HardThinking | None = None
) -> tuple[list[float], list[float], object]:
    """Wall-clock and CPU seconds of each frame (CPU time: this process's, which a machine
    shared with other work disturbs less), and whether animations still ran at the end."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.note import note
    from game.scenes.layout import LOGICAL_SIZE
    from game.window import MainWindow

    app = MainWindow(seed=1, size=LOGICAL_SIZE, variant=variant)
    table = app.table
    table.load_state(position)
    table.log_open = log
    for _ in range(30):
        app.frame(1 / 60)
    times = []
    cpu = []
    hand = table.layout.hand_cards
    for index in range(frames):
        if index % 20 == 0:
            table.sort_hand("suit" if table.ui.sort_mode != "suit" else "rank")
        if index % 120 == 0:
            table.say(note("The initial meld counts 40, 10 short of the minimum 50"), seconds=10)
        # A drag in progress: press on a hand card, then move across the table.
        if index % 60 == 0:
            card = table.layout.hand_cards[len(hand) // 2]
            rect = table.layout.hand_rects[card]
            pos = app.layout.logical_to_window((rect.x + 10, rect.y + 30))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        elif index % 60 == 59:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(1000, 40), button=1))
        else:
            x = 200 + (index % 60) * 14
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=(x, 300 + (index % 7) * 10), rel=(14, 0), buttons=(1, 0, 0))
            )
        if hard is not None:
            hard.poll()
        start, start_cpu = time.perf_counter(), time.process_time()
        app.frame(1 / 60)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        if hard is not None:  # the window's pace: the rest of the 60 Hz frame, while Hard thinks
            time.sleep(max(0.0, 1 / 60 - times[-1]))
    busy = table.animator.busy
    app.close()
    return times, cpu, busy


def start_time(runs: int = 3, variant: str | None = None) -> float:
    best = float("inf")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    extra = ["--variant", variant] if variant else []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--headless", "--frames", "1", "--seed", "1", *extra],
            check=True,
            env=env,
            capture_output=True,
        )
        best = min(best, time.perf_counter() - start)
    return best


def spread(seconds: list[float]) -> str:
    """Frame times as the budget reads them: median, p95 and max in milliseconds."""
    ms = sorted(t * 1000 for t in seconds)
    return f"p50 {statistics.median(ms):.2f} ms, p95 {p95(ms):.2f} ms, max {ms[-1]:.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--hard", action="store_true", help="also the busy table while Hard thinks")
    args = parser.parse_args()
    from game.bots.search_pool import workers_for_this_machine

    six, variant = busy_six_hand()
    samba, samba_id = busy_family(lambda v: v.sequences and not v.wild_melds, 7)
    feet, feet_id = busy_family(lambda v: v.foot > 0, 6)
    for label, position, name, log in (
        ("busy mid-game", busy_position(), "classic", False),
        ("busy six-hand deal, move log open", six, variant, True),
        (f"busy Samba deal ({melds_of(samba)} melds: runs, canastas; three packs)", samba, samba_id, False),
        (f"busy Hand and Foot deal ({melds_of(feet)} melds: books; feet; five packs)", feet, feet_id, False),
    ):
        times, cpu, busy = frame_times(args.frames, position, name, log)
        cpu_ms = [t * 1000 for t in cpu]
        print(
            f"frame time at 1280x720, {label} ({len(times)} frames): {spread(times)} "
            f"(budget 8 ms; animations running at the end: {busy}); "
            f"CPU time p50 {statistics.median(cpu_ms):.2f} ms, p95 {p95(cpu_ms):.2f} ms"
        )
    if args.hard:
        for workers in sorted({0, workers_for_this_machine()}):
            hard = HardThinking(workers)
            times, cpu, busy = frame_times(args.frames, busy_position(), "classic", False, hard)
            think = [t * 1000 for t in hard.close()]
            where = f"in {workers} worker processes" if workers else "on the bot thread"
            print(
                f"frame time at 1280x720, busy mid-game while Hard thinks, its worlds {where} ({len(times)} frames"
                f" at 60 Hz, {len(think)} Hard decisions, p95 {p95(think):.0f} ms, worlds a decision median"
                f" {statistics.median(hard.worlds or [0]):.0f}): {spread(times)} (budget 8 ms)"
            )
    print(
        f"start to interactive (python main.py --headless --frames 1, best of 3): {start_time():.2f} s (budget 1.5 s)"
    )
    print(
        f"start to interactive, Hand and Foot (--variant {feet_id}, 270 cards, best of 3): "
        f"{start_time(variant=feet_id):.2f} s (budget 1.5 s)"
    )
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory: {rss_mb:.0f} MB (budget 200 MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
