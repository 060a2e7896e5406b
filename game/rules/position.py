"""Positions as JSON (RULES.md section 11): load with validation, save, round-trip.

`position_to_json(state)` always writes the whole stock with `"stock_exact": true`,
so a saved position reloads to exactly the same deal. Mid-turn facts the notation
does not cover are written as the engine's own optional fields.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from .cards import Card, Rank, format_cards
from .config import RulesConfig
from .errors import IllegalMove, NotationError, PositionError
from .family import FamilyState, meld_from_cards
from .melds import CANASTA_SIZE, Meld, MeldKind, meld_problem, problem_text, sequence_problem, wild_meld_problem
from .moves import Move, MoveKind
from .phase import Phase
from .scoring import EXTRA_SCORE_FIELDS, DealResult, SideScore
from .state import GameState
from .turn import JSON_FIELDS, Drawn, Turn
from .variants import VARIANT_IDS, variant_named

FORMAT = "canasta-position/1"
_KNOWN_FIELDS = {
    "format",
    "variant",
    "target",
    "scores",
    "dealer",
    "turn",
    "phase",
    "hands",
    "melds",
    "red_threes",
    "discard",
    "stock",
    "seed",
    "stock_exact",
    "result",
    # the engine's own optional fields: the turn's facts (game/rules/turn.py) and these
    "laid_in_deal",
    "known",
    "out",
    "feet",
    "deal_no",
} | {spec.key for _, spec in JSON_FIELDS}


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise PositionError(message)


def _int(data: dict[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    _need(isinstance(value, int) and not isinstance(value, bool), f"'{key}' must be an integer")
    return value  # type: ignore[return-value]


def _bool(data: dict[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    _need(isinstance(value, bool), f"'{key}' must be true or false")
    return bool(value)


def _cards(text: Any, where: str) -> list[Card]:
    _need(isinstance(text, str), f"{where} must be a string of cards")
    try:
        return [Card.parse(tok) for tok in text.split()]
    except NotationError as e:
        raise PositionError(f"{where}: {e}") from None


def _list(data: dict[str, Any], key: str, length: int, default: Any = None) -> list[Any]:
    value = data.get(key, default)
    _need(isinstance(value, list), f"'{key}' must be a list")
    _need(len(value) == length, f"'{key}' must have {length} entries, not {len(value)}")
    return list(value)


def position_from_json(data: Any) -> GameState:
    """Build a state from a parsed position; raise PositionError when it is malformed
    or impossible."""
    _need(isinstance(data, dict), "a position is a JSON object")
    fmt = data.get("format", FORMAT)
    _need(fmt == FORMAT, f"unknown format {fmt!r} (expected {FORMAT!r})")
    unknown = set(data) - _KNOWN_FIELDS
    _need(not unknown, f"unknown field(s): {', '.join(sorted(unknown))}")
    variant = data.get("variant", "classic")
    _need(isinstance(variant, str), "'variant' must be a string")
    rules = variant_named(variant)
    _need(rules is not None, f"unknown variant {variant!r} (expected one of {', '.join(VARIANT_IDS)})")
    assert rules is not None
    if rules.deals:  # V-HF-SCORE: a game of deals has no target
        _need(
            data.get("target") is None, f"a {variant} position has no 'target' (it is played over {rules.deals} deals)"
        )
        config = RulesConfig.for_variant(variant)
    else:
        config = RulesConfig.for_variant(variant, _int(data, "target", rules.targets[0]))
    n, sides = config.players, config.sides
    scores = [_points(x, "'scores'") for x in _list(data, "scores", sides, [0] * sides)]
    dealer = _int(data, "dealer", 0)
    _need(0 <= dealer < n, f"'dealer' must be a seat from 0 to {n - 1}")
    out: int | None = None
    if config.rules.sit_out:  # V-FIVE: the seat sitting out, never the dealer
        _need("out" in data, f"a {config.variant} position names the seat sitting out in 'out' (V-FIVE)")
        out = _int(data, "out")
        _need(out in config.rules.sit_out, f"'out' must be one of {', '.join(map(str, config.rules.sit_out))} (V-FIVE)")
        _need(out != dealer, "the dealer never sits out (V-FIVE)")
    else:
        _need(data.get("out") is None, f"nobody sits out in {config.variant} ('out')")
    empty = GameState.empty(config, scores, dealer, out)
    turn = _int(data, "turn", empty.turn)
    _need(0 <= turn < n, f"'turn' must be a seat from 0 to {n - 1}")
    _need(turn != out, "the player to act never sits out (V-FIVE)")
    phase_name = data.get("phase", "draw")
    try:
        phase = Phase(phase_name)
    except ValueError:
        raise PositionError(f"'phase' must be draw, meld, answer or over, not {phase_name!r}") from None
    _need(phase is not Phase.ANSWER or config.ask_allowed, "phase 'answer' exists only with partners (classic)")

    state = empty
    state.turn = turn
    state.phase = phase
    seed = _int(data, "seed", 0)
    state.seed = seed

    # Faces per place; physical copies are assigned afterwards in reading order.
    hands = [_cards(h, f"hands[{i}]") for i, h in enumerate(_list(data, "hands", n))]
    _need(out is None or not hands[out], "the seat sitting out holds no cards (V-FIVE)")
    list_melds = config.rules.meld_list
    melds_data = _list(data, "melds", sides, [[] if list_melds else {} for _ in range(sides)])
    meld_faces: list[dict[Rank, list[Card]]] = []
    meld_lists: list[list[list[Card]]] = []
    for side, md in enumerate(melds_data):
        if list_melds:  # VARIANTS.md section 6: a list of melds per side, in the order laid
            meld_lists.append(_meld_list(md, side, config, phase))
            meld_faces.append({})
            continue
        _need(isinstance(md, dict), f"melds[{side}] must be an object from rank to cards")
        per: dict[Rank, list[Card]] = {}
        for key, text in md.items():
            try:
                rank = Rank.parse(str(key))
            except NotationError:
                raise PositionError(f"melds[{side}]: unknown rank {key!r}") from None
            # Black threes stand in a meld only in the turn of going out (R-BLACK3): from
            # the meld that lays them to the discard that ends the deal.
            _need(
                rank.meldable or (rank == Rank.THREE and phase in (Phase.MELD, Phase.OVER)),
                f"melds[{side}]: no meld of rank {key!r}"
                + (" outside the turn of going out (R-BLACK3)" if rank == Rank.THREE else ""),
            )
            _need(rank not in per, f"melds[{side}]: two melds of rank {rank.symbol}")
            cards = _cards(text, f"melds[{side}][{key!r}]")
            for c in cards:
                _need(
                    c.is_wild or c.rank == rank,
                    f"melds[{side}][{key!r}]: {c.face} does not belong in a meld of {rank.plural}",
                )
                _need(not c.is_red_three, f"melds[{side}]: a red three is never melded")
            wild = sum(1 for c in cards if c.is_wild)
            problem = meld_problem(rank, len(cards) - wild, wild, config.rules, going_out=True)
            if problem is not None:
                raise PositionError(f"melds[{side}][{key!r}]: {problem_text(problem)}")
            per[rank] = cards
        meld_faces.append(per)
    red = [_cards(r, f"red_threes[{i}]") for i, r in enumerate(_list(data, "red_threes", sides, [""] * sides))]
    for i, r in enumerate(red):
        _need(all(c.is_red_three for c in r), f"red_threes[{i}] may hold only red threes")
    for i, h in enumerate(hands):
        _need(not any(c.is_red_three for c in h), f"hands[{i}] holds a red three: red threes are laid at once (R-RED3)")
    feet: list[list[Card] | None] = []
    if config.rules.foot:  # VARIANTS.md section 6: per seat the foot, or null once picked up
        for i, text in enumerate(_list(data, "feet", n, [None] * n)):
            if text is None:
                feet.append(None)
            else:
                foot = _cards(text, f"feet[{i}]")
                _need(len(foot) <= config.rules.foot, f"feet[{i}] holds at most {config.rules.foot} cards (V-HF-DEAL)")
                feet.append(foot)
        deal_no = _int(data, "deal_no", 1)
        _need(1 <= deal_no <= config.rules.deals, f"'deal_no' must be 1 to {config.rules.deals}")
    else:
        _need(data.get("feet") is None and data.get("deal_no") is None, f"{variant} has no 'feet' or 'deal_no'")
    discard = _cards(data.get("discard", ""), "'discard'")
    stock_top = _cards(data.get("stock", ""), "'stock'")
    stock_exact = _bool(data, "stock_exact", False)

    # Copies: never more of a face than the deck holds (R-DECK).
    counts: dict[str, int] = {}
    every = [c for h in hands for c in h] + [c for per in meld_faces for cs in per.values() for c in cs]
    every += [c for side_list in meld_lists for cs in side_list for c in cs]
    every += [c for r in red for c in r] + discard + stock_top
    every += [c for foot in feet if foot for c in foot]
    for c in every:
        counts[c.face] = counts.get(c.face, 0) + 1
    copies = config.copies_of_face
    rule = "R-DECK" if config.rules.packs == 2 else "V-PACKS"
    for face, k in counts.items():
        _need(k <= copies[face], f"{k} copies of {face} but the deck holds {copies[face]} ({rule})")
    next_copy: dict[str, int] = {}

    def physical(face: Card) -> Card:
        k = next_copy.get(face.face, 0)
        next_copy[face.face] = k + 1
        return Card.parse(face.face, copy=k)

    for seat, h in enumerate(hands):
        for c in h:
            state._to_hand(seat, physical(c))
    for side, per in enumerate(meld_faces):
        for rank, cards in per.items():
            state.melds[side][rank] = Meld.of(rank, [physical(c) for c in cards])
    for side, side_list in enumerate(meld_lists):
        melds = []
        for cards in side_list:
            meld = meld_from_cards([physical(c) for c in cards], config.rules.wild_melds, config.rules.sequences)
            assert meld is not None  # checked by _meld_list
            melds.append(meld)
        state._set_side_melds(side, melds)
    if feet:
        assert isinstance(state, FamilyState)
        state.feet = [None if foot is None else [physical(c) for c in foot] for foot in feet]
        state.deal_no = deal_no
    for side, r in enumerate(red):
        state.red_threes[side] = [physical(c) for c in r]
    state.pile = [physical(c) for c in discard]
    state.pile_frozen = sum(1 for c in state.pile if c.is_wild or c.is_red_three)
    top_first = [physical(c) for c in stock_top]
    rest: list[Card] = []
    if not stock_exact:
        rest = [c for c in config.deck if c.copy >= next_copy.get(c.face, 0)]
        random.Random(seed).shuffle(rest)
    state.stock = list(reversed(top_first + rest))  # top of the stock is the list's end

    # The engine's optional mid-turn fields.
    state.this_turn = _turn_from_json(data, phase)
    laid = data.get("laid_in_deal")
    if laid is not None:  # absent: no player has laid a card yet (docs/rules-choices.md)
        _need(
            isinstance(laid, list) and len(laid) == n and all(isinstance(x, bool) for x in laid),
            f"'laid_in_deal' must be a list of {n} booleans",
        )
        state.laid_in_deal = list(laid)
    known = data.get("known")
    if known is not None:
        _need(isinstance(known, list) and len(known) == n, f"'known' must have {n} entries")
        for seat, text in enumerate(known):
            faces: dict[str, int] = {}
            for c in _cards(text, f"known[{seat}]"):
                faces[c.face] = faces.get(c.face, 0) + 1
            state.known[seat] = faces
    if phase is Phase.OVER and data.get("result") is not None:
        state.result = _result(data["result"], config)
    _check_playable(state)
    return state


def _turn_from_json(data: dict[str, Any], phase: Phase) -> Turn:
    """The turn's facts, field by field as game/rules/turn.py declares them. A field left
    out means the start of the phase: in `meld` and `answer` the player drew from the
    stock, in `answer` the player asked (docs/rules-choices.md)."""
    given: dict[str, Any] = {}
    for name, spec in JSON_FIELDS:
        if spec.key in data:
            try:
                given[name] = spec.read(data[spec.key])
            except ValueError as e:
                raise PositionError(str(e)) from None
    start = Turn(drawn=Drawn.STOCK if phase in (Phase.MELD, Phase.ANSWER) else None, asked=phase is Phase.ANSWER)
    return replace(start, **given)


def _turn_to_json(turn: Turn) -> dict[str, Any]:
    return {spec.key: spec.write(getattr(turn, name)) for name, spec in JSON_FIELDS}


def _meld_list(data: Any, side: int, config: RulesConfig, phase: Phase) -> list[list[Card]]:
    """One side's melds in the list notation (VARIANTS.md section 6), each checked:
    a meld kind of the variant, legal, and at most one open group per rank
    (V-SAMBA-RANKS)."""
    rules = config.rules
    _need(isinstance(data, list), f"melds[{side}] must be a list of melds (card lists) in {config.variant}")
    out: list[list[Card]] = []
    open_ranks: set[Rank] = set()
    for i, text in enumerate(data):
        where = f"melds[{side}][{i}]"
        cards = _cards(text, where)
        _need(bool(cards), f"{where}: a meld holds cards")
        _need(not any(c.is_red_three for c in cards), f"melds[{side}]: a red three is never melded")
        meld = meld_from_cards(cards, rules.wild_melds, rules.sequences)
        _need(meld is not None, f"{where}: {' '.join(c.face for c in cards)} is no meld of {config.variant}")
        assert meld is not None
        if meld.kind is MeldKind.SEQUENCE:
            problem = sequence_problem(cards)
        elif meld.kind is MeldKind.WILD:
            problem = wild_meld_problem(len(cards))
        else:
            _need(
                meld.rank.meldable or (meld.rank == Rank.THREE and phase in (Phase.MELD, Phase.OVER)),
                f"{where}: no meld of rank {meld.rank.symbol}"
                + (" outside the turn of going out (V-BLACK3)" if meld.rank == Rank.THREE else ""),
            )
            problem = meld_problem(meld.rank, meld.naturals, meld.wilds, rules, going_out=True)
            _need(
                not rules.group_max or meld.size <= rules.group_max,
                f"{where}: a book closes at {rules.group_max} cards, this one holds {meld.size} (V-HF-BOOKS)",
            )
            if meld.size < CANASTA_SIZE:
                _need(
                    meld.rank not in open_ranks,
                    f"melds[{side}]: two open groups of {meld.rank.plural} (V-SAMBA-RANKS)",
                )
                open_ranks.add(meld.rank)
        if problem is not None:
            raise PositionError(f"{where}: {problem_text(problem)}")
        out.append(cards)
    return out


RESULT_REASONS = ("went-out", "stock-exhausted", "last-red-three")
SIDE_SCORE_FIELDS = ("melds", "hand", "canastas", "red_threes", "going_out")
MAX_POINTS = 10**9  # far beyond any real score; keeps absurd numbers out


def _points(value: Any, where: str) -> int:
    _need(
        isinstance(value, int) and not isinstance(value, bool) and abs(value) < MAX_POINTS,
        f"{where} must be an integer of at most nine digits",
    )
    return int(value)


def _result(data: Any, config: RulesConfig) -> DealResult:
    """The deal's result of an `over` position, every field checked (never a bare KeyError)."""
    _need(isinstance(data, dict), "'result' must be an object")
    unknown = sorted(set(data) - {"reason", "sides", "scores", "winner", "went_out", "concealed"})
    _need(not unknown, f"'result' has unknown field(s): {', '.join(map(str, unknown))}")
    reason = data.get("reason")
    _need(reason in RESULT_REASONS, f"'result.reason' must be one of {', '.join(RESULT_REASONS)}")
    sides = data.get("sides")
    _need(
        isinstance(sides, list) and len(sides) == config.sides,
        f"'result.sides' must be a list of {config.sides} objects",
    )
    side_scores = []
    for index, side in enumerate(sides):
        where = f"result.sides[{index}]"
        # `total` is optional (the engine prints it, RULES.md section 11); if given, it
        # must be the sum of the others, so a printed position reloads.
        _need(
            isinstance(side, dict)
            and set(SIDE_SCORE_FIELDS) <= set(side)
            and set(side) - {"total"} <= set(SIDE_SCORE_FIELDS) | set(EXTRA_SCORE_FIELDS),
            f"'{where}' must be an object with {', '.join(SIDE_SCORE_FIELDS)}"
            f" (and, in the Samba family, any of {', '.join(EXTRA_SCORE_FIELDS)})",
        )
        score = SideScore(
            *(_points(side[name], f"'{where}.{name}'") for name in SIDE_SCORE_FIELDS),
            **{name: _points(side[name], f"'{where}.{name}'") for name in EXTRA_SCORE_FIELDS if name in side},
        )
        _need(
            "total" not in side or _points(side["total"], f"'{where}.total'") == score.total,
            f"'{where}.total' must be the sum of the other points",
        )
        side_scores.append(score)
    scores = data.get("scores")
    _need(
        isinstance(scores, list) and len(scores) == config.sides,
        f"'result.scores' must be a list of {config.sides} integers",
    )
    totals = tuple(_points(value, "'result.scores'") for value in scores)
    winner, went_out, concealed = data.get("winner"), data.get("went_out"), data.get("concealed", False)
    tie = winner == "tie" and bool(config.rules.deals)  # V-HF-SCORE: "tie" after the last deal
    if tie:
        winner = None
    _need(
        winner is None or (isinstance(winner, int) and not isinstance(winner, bool) and 0 <= winner < config.sides),
        f"'result.winner' must be null or a side from 0 to {config.sides - 1}"
        + (' or "tie"' if config.rules.deals else ""),
    )
    _need(
        went_out is None
        or (isinstance(went_out, int) and not isinstance(went_out, bool) and 0 <= went_out < config.players),
        f"'result.went_out' must be null or a seat from 0 to {config.players - 1}",
    )
    _need(isinstance(concealed, bool), "'result.concealed' must be true or false")
    return DealResult(reason, tuple(side_scores), totals, winner, went_out, concealed, tie)


def _check_playable(state: GameState) -> None:
    """Impossibilities the notation could express but the rules never reach."""
    if state.phase in (Phase.MELD, Phase.ANSWER):
        _need(len(state.hands[state.turn]) > 0, "the player to act holds no cards in the meld phase")
    # A red three is in the pile only as a buried upcard (R-UPCARD); it comes to the top
    # only where a take leaves the bottom of the pile (V-HF-TAKE: the next six).
    _need(
        not state.pile or not state.pile[-1].is_red_three or bool(state.config.rules.take_next),
        "a red three is never the top card of the pile (R-UPCARD)",
    )
    if state.phase is Phase.ANSWER:  # R-ASK: a question the asker could have put, not yet answered
        _need(
            state.this_turn.asked and state.this_turn.answer is None,
            "phase 'answer' needs a question not yet answered ('asked' true, 'answer' null)",
        )
        trial = state.copy()
        trial.phase = Phase.MELD
        trial.this_turn = replace(trial.this_turn, asked=False)
        try:
            trial.apply(Move(MoveKind.ASK))
        except IllegalMove as e:
            raise PositionError(f"phase 'answer', but the player who asked could not have asked: {e}") from None
    if state.phase is not Phase.OVER:  # R-NO-STALL: the player to act has a move
        _need(
            bool(state.legal_moves()),
            "the player to act would have no legal move (R-NO-STALL): the position cannot arise in play",
        )


def _melds_json(state: GameState, side: int) -> Any:
    """RULES.md: an object from rank to cards; the Samba family: a list (VARIANTS.md 6)."""
    if state.config.rules.meld_list:
        return [format_cards(m.cards) for m in state.side_melds(side)]
    m = state.melds[side]
    return {r.symbol: format_cards(m[r].cards) for r in sorted(m)}


def position_to_json(state: GameState) -> dict[str, Any]:
    cfg = state.config
    data: dict[str, Any] = {
        "format": FORMAT,
        "variant": cfg.variant,
        "target": cfg.target,
        "scores": list(state.scores),
        "dealer": state.dealer,
        "turn": state.turn,
        "phase": state.phase.value,
        "hands": [format_cards(h) for h in state.hands],
        "melds": [_melds_json(state, side) for side in range(cfg.sides)],
        "red_threes": [format_cards(r) for r in state.red_threes],
        "discard": format_cards(state.pile),
        "stock": format_cards(reversed(state.stock)),
        "stock_exact": True,
        "seed": state.seed,
    }
    for key, value in _turn_to_json(state.this_turn).items():
        if key == "turn_laid":  # the per-seat fact has always stood between the ask and the laying
            data["laid_in_deal"] = list(state.laid_in_deal)
        data[key] = value
    data["known"] = [" ".join(f for f, k in sorted(kn.items()) for _ in range(k)) for kn in state.known]
    if cfg.rules.deals:  # a game of deals has no target (V-HF-SCORE)
        del data["target"]
    if isinstance(state, FamilyState) and cfg.rules.foot:  # VARIANTS.md section 6
        data["feet"] = [None if foot is None else format_cards(foot) for foot in state.feet]
        data["deal_no"] = state.deal_no
    if state.out is not None:  # V-FIVE (VARIANTS.md section 6)
        data["out"] = state.out
    if state.result is not None:
        data["result"] = state.result.to_json()
    return data


__all__ = ["FORMAT", "position_from_json", "position_to_json"]
