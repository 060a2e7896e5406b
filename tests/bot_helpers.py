"""Positions for the bots' tests, from RULES.md section 11 notation."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

from game.bots import make_bot
from game.rules import DECK, Game, GameState, Observation, Phase, RulesConfig, position_from_json


def bots_played(variant: str = "classic", seed: int = 3, moves: int = 30, level: str = "easy") -> Game:
    """A game of `level` bots on every seat, `moves` moves into its first deal (fewer when
    the deal ends first)."""
    config = RulesConfig.for_variant(variant)
    game = Game(config, seed)
    bots = [make_bot(level, seat) for seat in range(config.players)]
    for _ in range(moves):
        if game.state.phase is Phase.OVER:
            break
        seat = game.state.to_act
        game.apply(bots[seat].act(game.state.observation(seat)))
    return game


def unused_faces(*texts: str) -> list[str]:
    """The deck's faces, one per physical card, that `texts` (card lists) do not name, in the
    deck's order (no red threes: a hand or stock made of them needs none)."""
    used: dict[str, int] = {}
    for text in texts:
        for tok in text.split():
            used[tok.upper()] = used.get(tok.upper(), 0) + 1
    free = []
    for c in DECK:
        if c.is_red_three:
            continue
        if used.get(c.face, 0):
            used[c.face] -= 1
        else:
            free.append(c.face)
    return free


def position(
    hands, melds=None, discard="", *, phase="draw", turn=0, fill=10, variant="classic", scores=None, stock="", **extra
):
    """A position from RULES.md §11 notation; empty hands are filled with `fill`
    cards from the rest of the deck (no red threes), the rest is the stock."""
    config = RulesConfig.for_variant(variant)
    players, sides = config.players, config.sides
    hands = list(hands) + [""] * (players - len(hands))
    melds = melds or [{} for _ in range(sides)]
    free = unused_faces(*hands, *(t for side in melds for t in side.values()), discard, stock)
    random.Random(5).shuffle(free)
    for i, h in enumerate(hands):
        if not h:
            hands[i], free = " ".join(free[:fill]), free[fill:]
    data = {
        "format": "canasta-position/1",
        "variant": variant,
        "scores": scores or [0] * sides,
        "dealer": (turn - 1) % players,
        "turn": turn,
        "phase": phase,
        "hands": hands,
        "melds": melds,
        "discard": discard,
        "stock": stock,
        "seed": 3,
    }
    data.update(extra)
    return position_from_json(data)


def feeding_position() -> GameState:
    """Seat 0 to discard. Seat 1 (next) has melded sevens and the pile is not frozen: an
    H7 would give them the pile; the fours are nearly all seen, so D4 is safe."""
    return position(
        ["H7 D4 HQ SQ HK SK"],
        [{"A": "HA CA DA"}, {"7": "C7 D7 S7"}],
        discard="C4 S4 H4 C4 S4 H4 D9 DJ C10 S8 H8",
        phase="meld",
        turn=0,
    )


def answering_position() -> GameState:
    """Seat 0, holding two cards, is asked "May I go out?" by seat 2 (a searching bot deals
    seat 2's hand in each world)."""
    return position(
        ["C8 S9", "", "H9 C4"],
        [{"K": "CK HK SK DK S2 JK D2", "9": "H9 C9 D9"}, {}],
        discard="S6 H7",
        phase="answer",
        turn=2,
        fill=9,
    )


# Hand and Foot, the bot game of stop 52 (seed 11): South to meld, West & East with one book
# (a dirty one), West holding 3 cards and East 2, both feet still down, 120 cards in the stock.
HF_ONE_BOOK_HANDS = ["C9 S8 C8 H4 D8", "D4 C7 C4", "S5 S9 SA S10 H9 DA C8 S5 D10", "CA D4"]
HF_ONE_BOOK_MELDS = [
    ["CJ DJ SJ JK CJ DJ SJ", "CK SK SK CK HK HK C2", "H7 S7 S7 C7 C7 H7", "DA DA HA"],
    ["CQ SQ JK CQ DQ S2 JK", "C9 D9 H9 S9", "C6 H6 S6 D6 H6 S6", "D5 C5 H5 H5", "D10 D10 H10 S10"]
    + ["DJ HJ HJ SJ SJ", "C8 H8 S8 D8 S8 S8"],
]
HF_ONE_BOOK_PILE = "JK CQ S3 D5 H6 H10 DJ D5 CJ DQ C6 DK CQ HK S10 SK S6 DQ CQ CK SQ DK"
HF_FEET = ["DQ S2 JK D2 DQ HQ HA C6 C3 SQ S3", "DK D8 CJ H9 H4 D10 H10 DJ D2 D2 HQ"]
HF_FEET += ["C9 C3 H9 C4 H8 D6 H3 S9 C2 CA JK", "C3 C9 D8 D8 C8 D6 SK S4 C4 S7 D7"]
HF_THREES = ["H3 H3 D3 D3", "H3 H3"]
# West & East's quota (V-HF-OUT): two clean books and two dirty ones.
HF_QUOTA = ["C6 D6 H6 S6 C6 D6 H6", "C7 D7 H7 S7 C7 D7 H7", "CQ DQ HQ SQ CQ JK S2", "CJ DJ HJ SJ CJ D2 JK"]


def hand_and_foot_table(hands, melds, pile, west_foot_down=True, stock=120) -> GameState:
    """South to meld (its stock drawn) in the first deal of Hand and Foot, the feet HF_FEET:
    West's still down, or picked up (West's hand is then played from its foot)."""
    from rules_helpers import position as rules_position
    from rules_helpers import stock_left

    feet = [HF_FEET[0], HF_FEET[1] if west_foot_down else None, *HF_FEET[2:]]
    texts = [*hands, *(m for side in melds for m in side), *HF_THREES, pile, *(f for f in feet if f)]
    return rules_position(
        hands, melds, pile, stock_left("hand-and-foot", texts, stock), phase="meld", variant="hand-and-foot",
        dealer=0, red_threes=HF_THREES, feet=feet, deal_no=1, drawn="stock",
    )  # fmt: skip


def hand_and_foot_one_book(west_foot_down=True) -> GameState:
    """Stop 52's table (West & East: one book; West 3 cards, East 2)."""
    return hand_and_foot_table(HF_ONE_BOOK_HANDS, HF_ONE_BOOK_MELDS, HF_ONE_BOOK_PILE, west_foot_down)


def hand_and_foot_quota(books=HF_QUOTA, west_foot_down=True) -> GameState:
    """West & East holding `books` (the quota unless fewer are given) beside a group of fives,
    West 3 cards and East 2 (East's foot down); South holds three aces, the pile 19 cards under
    a joker, the stock 150 (lateness 0.11)."""
    hands = ["CA DA SA H4 C5", "D4 S10 C4", "S5 S9 H10", "CA D4"]
    melds = [["C8 H8 S8 D8", "DK HK SK"], [*books, "D5 H5 S5"]]
    pile = "JK S3 D5 H6 H10 DJ D5 CJ DQ C6 DK CQ HK S10 SK S6 DQ CQ CK"
    return hand_and_foot_table(hands, melds, pile, west_foot_down, stock=150)


def tool_module(name: str) -> ModuleType:
    """A module of tools/ (they are scripts, not a package)."""
    path = Path(__file__).resolve().parents[1] / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def hard_decision(seed: int, candidates: int = 2, after: int = 0) -> Observation:
    """The first decision of a classic game (Normal playing every seat) past its `after`-th
    move where Hard weighs `candidates` moves or more."""
    from game.bots import make_bot

    game = Game(RulesConfig.for_variant("classic"), seed)
    normal = make_bot("normal", 1)
    hard = make_bot("hard", 1)
    while True:
        st = game.state
        obs = st.observation(st.to_act)
        move = normal.act(obs)
        if len(game.history) >= after and len(hard.candidates(obs, move)) >= candidates:  # type: ignore[attr-defined]
            return obs
        game.apply(move)
