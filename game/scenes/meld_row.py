"""Fitting a side's melds into its meld area, left to right (pure arithmetic, no pygame).

A meld is drawn as a column (a group or a wild meld: its cards cascade downwards), a
run (a sequence: its cards overlap sideways in rank order, each card's index showing)
or a closed stack (a canasta, samba, bolivia or book: squared, one card width). A row
that does not fit its room is squeezed in steps, so what matters stays readable the
longest: first the gaps between melds shrink, then the overlap of a run's cards, and
only then do the melds overlap each other (each later meld covering the right part of
the one before: every card's index, at its top left, stays in sight).
"""

from __future__ import annotations

from dataclasses import dataclass

GAP = 16.0  # between two melds
GAP_MIN = 4.0
RUN_STEP = 18.0  # a run's cards overlap to this step: rank and suit show
RUN_STEP_MIN = 11.0


@dataclass(frozen=True, slots=True)
class RowFit:
    """Where each meld of a row starts (left edges) and the step of every run's cards."""

    lefts: tuple[float, ...]
    run_step: float
    squeezed: bool  # melds overlap each other


def slot_width(card_w: float, run_cards: int, run_step: float) -> float:
    """A meld's width: one card, or a run of `run_cards` cards (0: not a run)."""
    return card_w + max(0, run_cards - 1) * run_step


def fit_row(runs: list[int], card_w: float, left: float, room: float) -> RowFit:
    """Lay out melds left to right from `left` within `room` units. `runs[i]` is the number
    of cards of meld i when it is drawn as a run, 0 for a column or a closed stack."""
    count = len(runs)
    if count == 0:
        return RowFit((), RUN_STEP, False)
    run_cards = sum(max(0, n - 1) for n in runs)

    def total(gap: float, step: float) -> float:
        return count * card_w + run_cards * step + gap * (count - 1)

    gap, step = GAP, RUN_STEP
    if total(GAP, RUN_STEP) > room and count > 1:
        gap = max(GAP_MIN, GAP - (total(GAP, RUN_STEP) - room) / (count - 1))
    if total(gap, step) > room and run_cards:
        step = max(RUN_STEP_MIN, RUN_STEP - (total(gap, RUN_STEP) - room) / run_cards)
    widths = [slot_width(card_w, n, step) for n in runs]
    advances = [w + gap for w in widths[:-1]]
    squeeze = 1.0
    if total(gap, step) > room and advances:
        squeeze = max(0.0, room - widths[-1]) / sum(advances)
    lefts = [left]
    for advance in advances:
        lefts.append(lefts[-1] + advance * squeeze)
    return RowFit(tuple(lefts), step, squeeze < 1.0)
