"""What a deal in play is worth: the helpers of Hard's `evaluate` (hard.py), and an evaluation
learned from how deals end, for Hard's playouts (`HardBot(learned=1)`).

`evaluate` in hard.py is a guess at how a deal will end, written by hand. This one is fitted
to how Normal's deals do end (`tools/fit_evaluation.py`: least squares over self-play): per
side a handful of features (`eval_features`), and our side's value is the coefficients times
our features minus the best rival's. It values what a hand holds early in the deal (pairs,
cards that fit our melds, wild cards: the makings of canastas and the keys to the pile) and
counts it against its side late, where `evaluate` counts every held card against its side:
a playout cut short after a pile was taken then sees what the pile brought.
"""

from __future__ import annotations

from game.rules import GameState, Phase
from game.rules.family import FamilyState

from .normal import NormalWeights
from .variant_facts import facts_for


def deal_progress(state: GameState) -> float:
    """0 with the stock as dealt .. 1 with the stock gone, its share counted as Normal counts
    it (`late_feet`: Hand and Foot's with the feet as dealt)."""
    with_feet = bool(NormalWeights.for_variant(state.config.variant).late_feet)
    return 1.0 - facts_for(state.config).stock_share(len(state.stock), state.out, with_feet)


def red_three_points(state: GameState, side: int) -> int:
    """What `side`'s red threes score (R-SCORE), before the sign for a side without melds."""
    rules = state.config.rules
    n3 = len(state.red_threes[side])
    return rules.red_three_points(min(n3, len(rules.red_three_points_by_count) - 1))


def held_points(state: GameState, seat: int) -> int:
    """What the cards in `seat`'s hand would count against its side at the deal's end."""
    cost = state.config.rules.held_cost
    return sum(cost(c) for c in state.hands[seat])


def foot_points(state: GameState, seat: int) -> int:
    """What `seat`'s foot still down would count against its side (V-HF-SCORE)."""
    cards = state.feet[seat] if isinstance(state, FamilyState) else None
    return sum(100 if c.is_red_three else c.value for c in cards or ())


# What eval_features measures of one side, in order.
EVAL_FEATURES = (
    "meld points",
    "canasta bonuses",
    "melds of 4",
    "melds of 5-6",
    "melds of 5-6 x late",
    "red three points",
    "red three points x no meld",
    "hand points",
    "hand cards",
    "hand points x late",
    "hand cards x late",
    "hand cards that fit our melds",
    "natural pairs in hand",
    "wild cards in hand",
    "may go out",
    "may go out x late",
    "to act",
    "pile cards if to draw",
    "foot points",
)


def eval_features(state: GameState, side: int) -> list[float]:
    """The features of EVAL_FEATURES for `side` in a deal in play (every hand seen)."""
    cfg = state.config
    late = deal_progress(state)
    melds = state.side_melds(side)
    points = bonuses = fours = nears = canastas = 0
    ranks = set()
    for m in melds:
        points += m.value
        bonuses += m.bonus
        if m.is_canasta:
            canastas += 1
        elif m.size >= 5:
            nears += 1
        elif m.size == 4:
            fours += 1
        if m.rank is not None:
            ranks.add(m.rank)
    r3 = red_three_points(state, side)
    seats = cfg.seats_of_side(side)
    hand_points = sum(held_points(state, s) for s in seats)
    hand_cards = fit = pairs = wilds = 0
    for s in seats:
        counts: dict[int, int] = {}
        for c in state.hands[s]:
            hand_cards += 1
            if c.is_wild:
                wilds += 1
            elif c.is_natural:
                if c.rank in ranks:
                    fit += 1
                counts[c.rank] = counts.get(c.rank, 0) + 1
        pairs += sum(1 for n in counts.values() if n >= 2)
    feet = state.foot_sizes()
    foot = sum(foot_points(state, s) for s in seats if feet and feet[s] is not None)
    may_out = 1.0 if canastas >= cfg.canastas_to_go_out else 0.0
    to_act = state.to_act is not None and cfg.side_of(state.to_act) == side
    drawing = to_act and state.phase is Phase.DRAW
    return [
        points,
        bonuses,
        fours,
        nears,
        nears * late,
        r3,
        r3 * late if not melds else 0.0,
        hand_points,
        hand_cards,
        hand_points * late,
        hand_cards * late,
        fit,
        pairs,
        wilds,
        may_out,
        may_out * late,
        1.0 if to_act else 0.0,
        len(state.pile) if drawing else 0.0,
        foot,
    ]


# Fitted by `python tools/fit_evaluation.py --deals 5000` (seed 1, every 4th move; held out:
# R² 0.405 against evaluate's 0.315). One entry a variant; a variant without one keeps
# `evaluate`.
COEFFICIENTS: dict[str, tuple[float, ...]] = {
    "classic": (
        2.093,  # meld points
        0.7892,  # canasta bonuses
        52.46,  # melds of 4
        77.54,  # melds of 5-6
        -9.288,  # melds of 5-6 x late
        1.082,  # red three points
        -2.009,  # red three points x no meld
        0.09832,  # hand points
        11.39,  # hand cards
        1.384,  # hand points x late
        -35.6,  # hand cards x late
        48.11,  # hand cards that fit our melds
        19.52,  # natural pairs in hand
        108.2,  # wild cards in hand
        -28.54,  # may go out
        144.3,  # may go out x late
        -4.218,  # to act
        5.668,  # pile cards if to draw
        0.0,  # foot points
    ),
}


def learned_value(state: GameState, side: int, coefficients: tuple[float, ...]) -> float:
    """Our side's value minus the best rival's, by the fitted model (a deal in play)."""
    sides = state.config.sides
    values = [sum(c * f for c, f in zip(coefficients, eval_features(state, sd))) for sd in range(sides)]
    return values[side] - max(v for sd, v in enumerate(values) if sd != side)
