"""Properties over many seeded random games, in every variant."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import (
    DECK,
    VARIANT_IDS,
    Game,
    GameState,
    Group,
    IllegalMove,
    Move,
    MoveKind,
    Phase,
    Rank,
    RulesConfig,
    position_from_json,
    position_to_json,
)
from game.rules.melds import MeldKind
from game.rules.scoring import EXTRA_SCORE_FIELDS

VARIANTS = list(VARIANT_IDS)
MOVE_CAP = 3000  # no deal comes near this; reaching it would be a stall (R-NO-STALL)


def all_cards(state: GameState) -> list:
    cards = [c for h in state.hands for c in h] + list(state.pile) + list(state.stock)
    cards += [c for side in range(state.config.sides) for m in state.side_melds(side) for c in m.cards]
    cards += [c for r in state.red_threes for c in r]
    cards += [c for foot in getattr(state, "feet", ()) if foot for c in foot]  # Hand and Foot
    return cards


def check_conservation(state: GameState) -> None:
    cards = all_cards(state)
    deck = state.config.deck  # 108 cards, 162 with three packs, 270 with five (V-PACKS)
    assert len(cards) == len(deck) == state.config.rules.deck_size and set(cards) == set(deck)
    for seat, hand in enumerate(state.hands):
        counts = Counter(int(c.rank) for c in hand)
        assert all(state.counts[seat][r] == counts.get(r, 0) for r in range(16))


def check_result(state: GameState) -> None:
    res = state.result
    assert res is not None
    for start, side, end in zip(state.scores, res.sides, res.scores):
        parts = side.to_json()
        assert side.total == parts.pop("total") == sum(parts.values())
        assert set(parts) <= {"melds", "hand", "canastas", "red_threes", "going_out", *EXTRA_SCORE_FIELDS}
        assert end == start + side.total
        assert side.hand <= 0 and side.black_threes <= 0 and side.feet <= 0
    melded = [sum(m.value for m in state.side_melds(side)) for side in range(state.config.sides)]
    assert [s.melds for s in res.sides] == melded


def random_deal(variant: str, seed: int, heavy: bool = False) -> GameState:
    config = RulesConfig.for_variant(variant)
    rng = random.Random(seed)
    state, _ = GameState.deal(config, rng, dealer=seed % config.players)
    for _step in range(MOVE_CAP):
        if state.is_over:
            check_result(state)
            return state
        legal = state.legal_moves()
        assert legal, f"R-NO-STALL: no legal move in phase {state.phase}"
        assert len(set(legal)) == len(legal), "duplicate legal moves"
        if heavy:
            heavy_checks(state, legal, rng)
        state.apply(rng.choice(legal))
        # Every card, counted after each move of the rank-keyed variants; the Samba
        # family's 162 and 270 cards every fifth move and at the end (the check, not the
        # engine, dominated their time).
        if not state.config.rules.meld_list or state.is_over or _step % 5 == 0:
            check_conservation(state)
    pytest.fail(f"R-NO-STALL: {variant} seed {seed} did not end within {MOVE_CAP} moves")


def heavy_checks(state: GameState, legal: list[Move], rng: random.Random) -> None:
    for move in legal:
        assert Move.parse(str(move)) == move  # notation round-trips
        trial = state.copy()
        trial.apply(move)  # every listed move applies
    # Positions round-trip, and the reloaded position has the same legal moves.
    data = position_to_json(state)
    again = position_from_json(data)
    assert position_to_json(again) == data
    assert again.legal_moves() == legal
    # Completeness: moves built at random from the hand are legal only if listed.
    listed = {signature(m, state) for m in legal}
    for move in candidate_moves(state, rng):
        trial = state.copy()
        try:
            trial.apply(move)
        except IllegalMove:
            continue
        assert signature(move, state) in listed, f"legal but not listed: {move}"


def signature(move: Move, state: GameState | None = None):
    """A move up to the suits of its cards where suits never matter to the rules; where
    sequences make them matter (Samba, Bolivia), with the suits of its naturals."""
    by_suit = state is not None and state.config.rules.sequences
    groups = []
    for i, g in enumerate(move.groups):
        nat = sum(1 for c in g.cards if not c.is_wild)
        suits = tuple(sorted(c.face for c in g.cards if not c.is_wild)) if by_suit else ()
        jk = sum(1 for c in g.cards if c.rank == Rank.JOKER)
        rank = None if (move.kind is MoveKind.TAKE and i == 0) else g.rank
        if state is not None and state.config.rules.meld_list and rank is not None:
            rank = destination(state, g)  # `+N:` and a named rank may address the same meld
        groups.append((rank, nat, jk, len(g.cards) - nat - jk, suits))
    if move.kind is MoveKind.TAKE and not move.groups:
        groups = [(None, 0, 0, 0, ())]
    card = move.card.face if move.card else None
    return move.kind, tuple(sorted(groups, key=str)), card


def destination(state: GameState, group: Group):
    """The Samba family: the meld number a group goes to, or the kind of new meld."""
    if group.target is not None:
        return group.target
    melds = state.side_melds(state.side_of(state.turn))
    naturals = {c.rank for c in group.cards if not c.is_wild}
    if len(naturals) > 1:
        return ("sequence", min(naturals))
    rank = next(iter(naturals)) if naturals else group.rank
    for i, m in enumerate(melds):
        if m.kind is MeldKind.GROUP and m.rank == rank and m.size < 7:
            return i
    return ("new", rank)


def family_candidates(state: GameState):
    """The Samba family: additions by number, new sequences and wild melds, `take +N:`."""
    hand = state.hands[state.turn]
    melds = state.side_melds(state.side_of(state.turn))
    faces = sorted({c.face_card for c in hand}, key=lambda c: c.id)
    if state.phase is Phase.DRAW:
        for i in range(len(melds)):
            yield Move.take(Group.to(Rank.JOKER, (), i))
        return
    for i in range(len(melds)):
        for face in faces:
            yield Move(MoveKind.MELD, (Group.parsed([face], None, i),))
    by_suit: dict = {}
    for face in faces:
        if face.is_natural:
            by_suit.setdefault(face.suit, {})[int(face.rank)] = face
    for ranks in by_suit.values():
        for low in ranks:
            run = [ranks[r] for r in range(low, low + 3) if r in ranks]
            if len(run) == 3:
                yield Move(MoveKind.MELD, (Group.parsed(run),))
    wild = [c.face_card for c in hand if c.is_wild]
    if len(wild) >= 3:
        yield Move(MoveKind.MELD, (Group.parsed(wild[:3]),))


def candidate_moves(state: GameState, rng: random.Random):
    """Single-group melds, adds and takes built straight from the hand."""
    if state.phase is Phase.OVER or state.phase is Phase.ANSWER:
        return
    hand = state.hands[state.turn]
    by_rank: dict[Rank, list] = {}
    wilds = [c.face_card for c in hand if c.is_wild]
    for c in hand:
        if not c.is_wild:
            by_rank.setdefault(c.rank, []).append(c.face_card)
    if state.config.rules.meld_list:
        yield from family_candidates(state)
    melded = state.side_melds(state.side_of(state.turn))
    by_suit = state.config.rules.sequences  # any suits of the rank, not only the first ones
    for rank in list(by_rank) + [m.rank for m in melded if m.kind is MeldKind.GROUP]:
        nat = by_rank.get(rank, [])
        for k in range(0, len(nat) + 1):
            for w in range(0, min(3, len(wilds)) + 1):
                chosen = (sorted(rng.sample(nat, k), key=lambda c: c.id) if by_suit else nat[:k]) + rng.sample(wilds, w)
                if state.phase is Phase.MELD and chosen and (rank.meldable or rank == Rank.THREE):
                    yield Move(MoveKind.MELD, (Group.of(chosen, rank),))
                if state.phase is Phase.DRAW and state.pile and rank == state.pile[-1].rank:
                    yield Move.take(
                        Group(
                            Rank.JOKER if k == 0 else rank,
                            tuple(sorted(chosen, key=lambda c: (c.is_wild, c.rank == Rank.JOKER, c.id))),
                        )
                    )


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_thousands_of_random_deals(variant):
    """Card conservation, every chosen legal move applies, no stall, scores add up."""
    ends = Counter()
    for seed in range(600):
        ends[random_deal(variant, seed).result.reason] += 1
    assert sum(ends.values()) == 600
    assert ends["stock-exhausted"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("variant", [v for v in VARIANTS if RulesConfig.for_variant(v).rules.meld_list])
def test_heavy_properties_of_the_samba_family(variant, seed):
    """As below, for each list-meld variant: also additions by number, new sequences and
    wild melds, and `take +N:` built from the hand are legal only if listed."""
    random_deal(variant, 7000 + seed, heavy=True)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32 - 1))
def test_heavy_properties(variant, seed):
    """Every listed move applies and round-trips; positions round-trip; no legal move
    built from the hand is missing from the list."""
    random_deal(variant, seed, heavy=True)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_move_notation_round_trips(data):
    faces = sorted({c.face for c in DECK})
    cards = data.draw(st.lists(st.sampled_from(faces), min_size=1, max_size=6))
    text = data.draw(st.sampled_from(["discard", "meld", "take"]))
    if text == "discard":
        move_text = f"discard {cards[0]}"
    else:
        naturals = [f for f in cards if f != "JK" and f[1:] not in ("2", "3")]
        rank = naturals[0][1:] if naturals else "K"
        group = [f for f in cards if f == "JK" or f[1:] == "2" or f[1:] == rank]
        if not group:
            return
        move_text = (
            f"{text} {rank}: " + " ".join(group)
            if text == "meld" and all(f == "JK" or f[1:] == "2" for f in group)
            else f"{text} " + " ".join(group)
        )
    move = Move.parse(move_text)
    assert Move.parse(str(move)) == move
    assert eval(repr(move), {"Move": Move}) == move
    assert Move.parse(str(move).lower()) == move


def test_replay_reproduces_a_whole_game():
    config = RulesConfig.for_variant("classic", target=2500)
    rng = random.Random(11)
    game = Game(config, seed=99)
    for _ in range(20000):
        if game.is_over:
            break
        if game.state.is_over:
            game.next_deal()
        game.apply(rng.choice(game.state.legal_moves()))
    again = Game.replay(config, 99, [str(m) for m in game.history])
    assert position_to_json(again.state) == position_to_json(game.state)
    assert again.scores == game.scores and again.deal_number == game.deal_number


def test_perft_counts_of_fixed_positions():
    """python-chess style: these positions have exactly N legal moves."""
    from rules_helpers import position

    opening = position(["CA DA HA CK DK HK CQ DQ D2 JK C5"], phase="meld")
    melded = position(["C9 D9 H9 C4 C4 D2 JK C6"], phase="meld", melds=[{"K": "SK HK DK CK", "4": "D4 H4 S4"}, {}])
    frozen = position(["C9 D9 D2 C4", "H4 H4"], melds=[{"9": "S9 S9 C9"}, {}], discard="JK C6 H9", stock="S4")
    counts = [len(opening.legal_moves()), len(melded.legal_moves()), len(frozen.legal_moves())]
    assert counts == PERFT_COUNTS, counts


# Counted by hand:
# opening: 11 discards; single groups reaching 50: aces 7, kings 5, queens 2; two groups
#   (wild cards disjoint): A+K 21, A+Q 7, K+Q 7; three groups keeping two cards: 6. 66.
# melded: ask 1; 7 discards; add to 4s: 3 (wild only) + 4 + 4; new 9s: 3 + 4; wild to Ks: 3;
#   the going-out plan as one multi-group meld (9s, 4s with both wild cards; discard C6): 1. 30.
# frozen: draw, take C9 D9, take C9 D9 D2. 3.
PERFT_COUNTS = [66, 30, 3]
