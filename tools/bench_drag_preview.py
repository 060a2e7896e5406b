#!/usr/bin/env python3
"""Benchmark of the drag preview (printed, not asserted): in bench_table's busy mid-game
(every rank melded by both sides, 22 cards in hand), a card dragged beside a selection
across the table, the pointer on a new target every few frames (our melds, the new-meld
area, the pile, the opponents' melds, the felt):

- the verdict of a drop on a target asked fresh (PlayerMoves.verdict, the drop tried on a
  DryTable: the engine on a copy of its state), and asked again over the same target (kept);
- a frame's time (update + draw + present; wall clock and this process's CPU time) at
  1280x720 while dragging, with the preview, and with the verdict left out (no refusing
  ring, label or panel), for comparison. Over a refusing target the preview shows a panel
  in the refusal's place, which costs what a refusal shown there costs.

    python tools/bench_drag_preview.py [--frames 600]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench_table import busy_position, p95, spread  # noqa: E402


def targets(table) -> list[tuple[float, float]]:
    """Points over different drop targets: each of our melds, each of theirs, the pile, the felt."""
    from game.scenes.table_layout import PILE_POS

    slots = table.layout.meld_slots
    ours = [slot.rect.center for slot in slots if slot.side == table.human_side]
    theirs = [slot.rect.center for slot in slots if slot.side != table.human_side]
    points = [p for pair in zip(ours, theirs, strict=False) for p in pair]
    return [*points, PILE_POS, (640.0, 330.0)]


def run(frames: int, preview: bool) -> tuple[list[float], list[float], list[float], list[float]]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.scenes.player_moves import PlayerMoves
    from game.scenes.table_layout import drop_target
    from game.window import MainWindow

    app = MainWindow(seed=1, size=(1280, 720), variant="classic")
    table = app.table
    table.load_state(busy_position())
    moves = table.controller.moves
    if not preview:
        moves.verdict = lambda cards, target: None  # type: ignore[method-assign]
    for _ in range(30):
        app.frame(1 / 60)
    hand = table.layout.hand_cards
    table.ui.selected = {hand[2], hand[3]}  # selected beside the card dragged: they may follow
    table.relayout()
    for _ in range(30):
        app.frame(1 / 60)
    card = table.layout.hand_cards[len(hand) // 2]
    rect = table.layout.hand_rects[card]
    start = (rect.x + 10, rect.y + 30)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame(1 / 60)
    points = targets(table)
    times: list[float] = []
    cpu: list[float] = []
    fresh: list[float] = []
    kept: list[float] = []
    for index in range(frames):
        point = points[(index // 6) % len(points)]
        jitter = (index % 6) * 2.0  # (the pointer moves on over the same target)
        pos = (point[0] + jitter, point[1])
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(2, 0), buttons=(1, 0, 0)))
        start_time, start_cpu = time.perf_counter(), time.process_time()
        app.frame(1 / 60)
        times.append(time.perf_counter() - start_time)
        cpu.append(time.process_time() - start_cpu)
        if preview and index % 6 == 0 and table.ui.dragging:
            dragged = list(table.ui.dragging)
            target = drop_target(table.layout, pos, table.human_side, dragged)
            probe = PlayerMoves(table.controller)  # (its own cache: asked fresh)
            began = time.perf_counter()
            probe.verdict(dragged, target)
            fresh.append(time.perf_counter() - began)
            began = time.perf_counter()
            probe.verdict(dragged, target)
            kept.append(time.perf_counter() - began)
    app.close()
    return times, cpu, fresh, kept


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    args = parser.parse_args()
    with_preview, cpu_with, fresh, kept = run(args.frames, True)
    without, cpu_without, _fresh, _kept = run(args.frames, False)
    fresh_ms = [t * 1000 for t in fresh]
    kept_ms = [t * 1000 for t in kept]
    print(
        f"verdict of a drop asked fresh ({len(fresh)} targets): p50 {statistics.median(fresh_ms):.2f} ms, "
        f"p95 {p95(fresh_ms):.2f} ms, max {max(fresh_ms):.2f} ms; kept (same target): "
        f"p50 {statistics.median(kept_ms) * 1000:.1f} µs"
    )
    runs = (("with the preview", with_preview, cpu_with), ("without the verdict", without, cpu_without))
    for label, wall, cpu in runs:
        print(
            f"frame time at 1280x720 dragging beside a selection, {label} ({len(wall)} frames): {spread(wall)}; "
            f"CPU time {spread(cpu)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
