"""Styles: Normal with a plan, for Hard's policy switching.

A single move continued by Normal cannot show what a plan is worth: holding a pair back as
a key to the pile is undone when Normal melds it next turn. Each style is Normal's judgement
leaning one way (STRATEGY.md), for the rest of the deal; Hard weighs each style's move,
continued by that style for its own side, beside Normal's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache

from .normal import NormalPolicy, NormalWeights

Lean = Callable[[NormalWeights], NormalWeights]


def _keys(w: NormalWeights) -> NormalWeights:
    """Keep natural pairs as keys to the pile and a bigger hand: meld less."""
    return replace(w, new_pair_cost=w.new_pair_cost + 40, reserve_cards=w.reserve_cards + 3, meld_card=w.meld_card / 2)


def _rush(w: NormalWeights) -> NormalWeights:
    """Shed the hand and go out as soon as it may."""
    return replace(
        w,
        out_base=w.out_base + 150,
        out_near4=0.0,
        out_near6=w.out_near6 / 2,
        meld_card=w.meld_card * 2,
        reserve_cards=max(0.0, w.reserve_cards - 3),
    )


def _build(w: NormalWeights) -> NormalWeights:
    """Stay in the deal for more canastas: go out only when it must."""
    return replace(w, out_base=w.out_base - 150, out_near6=w.out_near6 * 2, out_near4=w.out_near4 * 2)


def _grab(w: NormalWeights) -> NormalWeights:
    """Take the pile whenever the rules allow."""
    return replace(w, take_base=w.take_base + 60, take_small=0.0)


def _safe(w: NormalWeights) -> NormalWeights:
    """Discard what the next player can least use."""
    return replace(w, danger_base=w.danger_base * 2, danger_card=w.danger_card * 2, danger_canasta=w.danger_canasta * 2)


# One source for the styles: name and how it leans.
STYLES: tuple[tuple[str, Lean], ...] = (
    ("keys", _keys),
    ("rush", _rush),
    ("build", _build),
    ("grab", _grab),
    ("safe", _safe),
)
STYLE_NAMES = tuple(name for name, _ in STYLES)


@cache
def style_policies(variant: str, fixed: NormalWeights | None = None) -> tuple[NormalPolicy, ...]:
    """A policy for each style, leaning from `fixed` or the variant's own weights."""
    base = fixed if fixed is not None else NormalWeights.for_variant(variant)
    return tuple(NormalPolicy(lean(base)) for _, lean in STYLES)
