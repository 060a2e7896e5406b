"""Fitting a side's melds into its meld area, left to right (pure arithmetic, no pygame).

A meld is drawn as a column (a group or a wild meld: its cards cascade downwards), a
run (a sequence: its cards overlap sideways in rank order, each card's index showing)
or a closed stack (a canasta, samba, bolivia or book: squared, one card width). A row
that does not fit its room is squeezed in steps, so what matters stays readable the
longest: first the gaps between melds shrink, then the overlap of a run's cards, and
then the row's cards shrink, down to MIN_CARD_W (`shrink_to_fit`), and only then do the
melds overlap each other (each later meld covering the right part of the one before: every
card's index, at its top left, stays in sight).

The classic games' areas (`fit_columns`: the red threes' fan, then a column per rank) never
lay a meld over another: a row that does not fit with the usual gaps gets the smallest gaps
and smaller cards, down to MIN_CARD_W; one that would need smaller cards still wraps into
two rows of squared melds, each with its count on its top card (three- and six-hand split
the top between two sides: 393 units hold six melds a row, eleven ranks and the red threes
two rows).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

GAP = 16.0  # between two melds
GAP_MIN = 4.0
RUN_STEP = 18.0  # a run's cards overlap to this step: rank and suit show
RUN_STEP_MIN = 11.0
MIN_CARD_W = 43.0  # a crowded row's cards shrink to this width (0.8 of the usual: the index stays legible)
RED_GAP = 18.0  # between the red threes and the first meld
TOP_GAP = 2.0  # above the first row
ROW_GAP = 4.0  # between two rows of squared melds
LIFT = 6.0  # a squared meld's cards lie a little offset: its rect is this much larger than a card


@dataclass(frozen=True, slots=True)
class RowFit:
    """Where each meld of a row starts (left edges) and the step of every run's cards."""

    lefts: tuple[float, ...]
    run_step: float
    squeezed: bool  # melds overlap each other


def slot_width(card_w: float, run_cards: int, run_step: float) -> float:
    """A meld's width: one card, or a run of `run_cards` cards (0: not a run)."""
    return card_w + max(0, run_cards - 1) * run_step


def fit_row(runs: list[int], card_w: float, left: float, room: float, lifts: list[float] | None = None) -> RowFit:
    """Lay out melds left to right from `left` within `room` units. `runs[i]` is the number
    of cards of meld i when it is drawn as a run, 0 for a column or a closed stack; `lifts[i]`
    how far meld i reaches right of its cards (a closed stack's LIFT: the gap after it never
    leaves less than GAP_MIN beside it)."""
    count = len(runs)
    if count == 0:
        return RowFit((), RUN_STEP, False)
    run_cards = sum(max(0, n - 1) for n in runs)
    lifts = lifts or [0.0] * count

    def spaces(gap: float) -> list[float]:
        """From each meld's cards to the next meld's."""
        return [max(gap, lift + GAP_MIN) for lift in lifts[:-1]]

    def total(gap: float, step: float) -> float:
        return count * card_w + run_cards * step + sum(spaces(gap)) + lifts[-1]

    gap, step = GAP, RUN_STEP
    if total(GAP, RUN_STEP) > room and count > 1:
        gap = GAP_MIN  # the widest gap that fits, if any does
        low, high = GAP_MIN, GAP
        if total(GAP_MIN, RUN_STEP) <= room:
            for _ in range(24):
                middle = (low + high) / 2
                low, high = (middle, high) if total(middle, RUN_STEP) <= room else (low, middle)
            gap = low
    if total(gap, step) > room and run_cards:
        step = max(RUN_STEP_MIN, RUN_STEP - (total(gap, RUN_STEP) - room) / run_cards)
    widths = [slot_width(card_w, n, step) for n in runs]
    advances = [w + space for w, space in zip(widths, spaces(gap))]
    squeeze = 1.0
    if total(gap, step) > room + 1e-6 and advances:
        squeeze = max(0.0, room - widths[-1] - lifts[-1]) / sum(advances)
    lefts = [left]
    for advance in advances:
        lefts.append(lefts[-1] + advance * squeeze)
    return RowFit(tuple(lefts), step, squeeze < 1.0)


def stack_sizes(count: int, per_stack: int) -> list[int]:
    """How many of `count` runs each stack holds when a stack holds at most `per_stack`: as
    few stacks as that allows, as even as they can be (the first ones the fuller), so that
    no stack is deeper than it needs to be (7 runs, 3 a stack: 3, 2, 2)."""
    if count <= 0:
        return []
    stacks = -(-count // max(1, per_stack))
    return [count // stacks + (1 if index < count % stacks else 0) for index in range(stacks)]


def stack_step(height: float, card_h: float, runs: int, least: float) -> float:
    """How far apart the runs of a stack of `runs` lie in `height` units (their first card
    at the top, the last one whole at the bottom): spread over the height there is, no
    further than a card and ROW_GAP (no overlap), no closer than `least` (a strip that
    shows every card's rank and suit)."""
    if runs <= 1:
        return card_h + ROW_GAP
    return max(least, min(card_h + ROW_GAP, (height - card_h) / (runs - 1)))


def shrink_to_fit(fit_at: Callable[[float], RowFit], card_w: float) -> tuple[float, RowFit]:
    """The largest card width, from `card_w` down to MIN_CARD_W (whole units), at which the
    row `fit_at(width)` lays out does not overlap its melds; the smallest, overlapping, when
    none does."""
    width = card_w
    fit = fit_at(width)
    while fit.squeezed and width - 1 >= MIN_CARD_W:
        width -= 1
        fit = fit_at(width)
    return width, fit


@dataclass(frozen=True, slots=True)
class AreaFit:
    """A classic meld area's slots (the red threes' fan first, when there are any, then a
    column per meld): the cards' width, each slot's top left corner, the rows, and how wide
    each slot's label may be (None: as wide as it likes, the row has its usual gaps)."""

    card_w: float
    places: tuple[tuple[float, float], ...]
    rows: int
    rooms: tuple[float | None, ...]

    @property
    def squared(self) -> bool:
        """Two rows: every meld squared, its count on its top card."""
        return self.rows > 1


def fit_columns(
    extras: list[float], reds: bool, card_w: float, area: tuple[float, float, float, float], aspect: float
) -> AreaFit:
    """Lay out a classic meld area's slots in `area` (x, y, width, height) with cards `card_w`
    wide. `extras[i]`: how much wider than a card slot i is (a canasta squared: LIFT; the
    red threes' fan, the first slot when `reds`, RED_GAP before the melds). At the usual
    step when the row has room for it; else with the smallest gaps and smaller cards; else
    in two rows of squared melds (every meld LIFT wider, no taller than a row)."""
    x, y, width, height = area
    top = y + TOP_GAP
    slots = len(extras)
    melds = slots - reds
    fan = extras[0] if reds else 0.0

    def single(w: float, gap: float, usual: bool) -> AreaFit:
        """One row: the usual layout steps evenly (as the table always did); a shrunk one
        leaves `gap` between every two slots."""
        start = x + (w + fan + RED_GAP if reds else 0.0)
        places = [(x, top)] if reds else []
        advances = [w + extra + gap for extra in extras[reds:-1]]
        if usual:  # (as the table always laid them out, to the unit)
            step = min(w + gap, (x + width - w - start) / max(1, melds - 1))
            advances = [step] * (melds - 1)
            places += [(start + i * step, top) for i in range(melds)]
        else:
            left = start
            for advance in [*advances, 0.0][:melds]:
                places.append((left, top))
                left += advance
        if usual and all(advance >= w + GAP for advance in advances):
            return AreaFit(w, tuple(places), 1, (None,) * slots)  # labels as wide as they like
        spans = [(left, left + w + extra) for (left, _top), extra in zip(places, extras)]
        return AreaFit(w, tuple(places), 1, tuple(label_rooms(spans)))

    if melds <= 1:
        return single(card_w, GAP, True)
    usual = single(card_w, GAP, True)
    lefts = [left for left, _top in usual.places[reds:]]
    if all(b - a >= card_w + extra + GAP_MIN for a, b, extra in zip(lefts, lefts[1:], extras[reds:])):
        return usual
    fixed = sum(extras) + (RED_GAP if reds else 0.0)
    shrunk = min(card_w, (width - fixed - (melds - 1) * GAP_MIN) / slots)
    if shrunk >= min(card_w, MIN_CARD_W):  # the widest gaps that fit, up to the usual
        return single(shrunk, min(GAP, (width - fixed - slots * shrunk) / (melds - 1)), False)
    # Two rows, the first one the longer; squared melds no taller than a row.
    firsts = -(-slots // 2)
    row_h = (height - TOP_GAP - ROW_GAP) / 2
    rows = [list(range(firsts)), list(range(firsts, slots))]
    wider = [fan if reds and index == 0 else LIFT for index in range(slots)]
    w = min(card_w, (row_h - LIFT) / aspect)
    for row in rows:
        w = min(w, (width - sum(wider[i] for i in row) - (len(row) - 1) * GAP_MIN) / len(row))
    gap = GAP
    for row in rows:
        if len(row) > 1:
            gap = min(gap, (width - sum(w + wider[i] for i in row)) / (len(row) - 1))
    places: list[tuple[float, float]] = []
    rooms: list[float | None] = []
    for number, row in enumerate(rows):
        left = x
        spans = []
        for index in row:
            places.append((left, top + number * (row_h + ROW_GAP)))
            spans.append((left, left + w + wider[index]))
            left += w + wider[index] + gap
        rooms += label_rooms(spans)
    return AreaFit(w, tuple(places), 2, tuple(rooms))


def label_rooms(spans: list[tuple[float, float]]) -> list[float | None]:
    """How wide the label centred under each slot of a row (its left and right) may be: out
    to the middle of the gap on either side (None: a slot alone in its row)."""
    rooms: list[float | None] = []
    for index, (left, right) in enumerate(spans):
        middle = (left + right) / 2
        halves = []
        if index > 0:
            halves.append(middle - (spans[index - 1][1] + left) / 2)
        if index + 1 < len(spans):
            halves.append((right + spans[index + 1][0]) / 2 - middle)
        rooms.append(2 * min(halves) - 1 if halves else None)
    return rooms
