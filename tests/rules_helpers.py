"""Build positions from the notation of RULES.md section 11, for the rules tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from game.rules import GameState, Move, RulesConfig, position_from_json

FILLER_STOCK = "HJ SJ DJ CJ HQ SQ"


def position(
    hands,
    melds=None,
    discard: str = "",
    stock: str = FILLER_STOCK,
    *,
    phase: str = "draw",
    turn: int = 0,
    dealer: int | None = None,
    scores=None,
    variant: str = "classic",
    red_threes=None,
    exact: bool = True,
    **extra,
) -> GameState:
    """A state from notation. Hands may be short; the stock is exact unless asked."""
    config = RulesConfig.for_variant(variant)
    players, sides = config.players, config.sides
    hands = list(hands) + [""] * (players - len(hands))
    data = {
        "format": "canasta-position/1",
        "variant": variant,
        "target": extra.pop("target", config.target),
        "scores": scores or [0] * sides,
        "dealer": (turn - 1) % players if dealer is None else dealer,
        "turn": turn,
        "phase": phase,
        "hands": hands,
        "melds": melds or [{} for _ in range(sides)],
        "red_threes": red_threes or [""] * sides,
        "discard": discard,
        "stock": stock,
        "stock_exact": exact,
    }
    if config.rules.deals and data["target"] == 0:
        del data["target"]  # a game of deals (Hand and Foot) has no target
    data.update(extra)
    return position_from_json(data)


def stock_left(variant: str, texts: Iterable[str], n: int) -> str:
    """`n` stock cards of the variant's deck, in its order, that `texts` (hands, melds, pile,
    feet in notation) leave; red threes left out."""
    used = Counter(face for text in texts for face in text.split())
    left = []
    for card in RulesConfig.for_variant(variant).deck:
        if used[card.face]:
            used[card.face] -= 1
        elif not card.is_red_three:
            left.append(card.face)
    return " ".join(left[:n])


def play(state: GameState, *moves: str):
    """Apply moves in notation; return the events of the last one."""
    events = []
    for text in moves:
        events = state.apply(Move.parse(text))
    return events


def legal(state: GameState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def hand(state: GameState, seat: int) -> list[str]:
    return sorted(c.face for c in state.hands[seat])
