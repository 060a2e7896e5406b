"""The guided first deal (#12): a real classic deal from a fixed seed, in which the player,
following the coach, meets every basic rule. No pygame (game/scenes/coach_scene.py shows it).

At each of the player's turns the coach proposes the Normal bot's move (what the Hint
button would say), says why, and names the rule it teaches when the move is the first of
its kind; another move is refused with a friendly word. The seed was chosen by
`tools/find_coach_seed.py` so that, with the bots of the table (Normal, seeded as the table
seeds them), the deal shows: a draw, an initial meld against the minimum, adding to a meld,
a canasta, taking the pile with a pair, a frozen pile, a red three, a black three discarded
and asking "May I go out?". `topics_of` says which of them a move shows; a test replays the
deal and checks they all come up.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.i18n import N_, _
from game.rules import Game, GameState, Move, MoveKind, Observation, Phase, Rank, RulesConfig
from game.rules import events as ev

COACH_SEED = 1811  # tools/find_coach_seed.py: every topic, in a short deal (56 moves) that opens with a draw
# A review of the lesson's deal says whose moves they were: the coach chose them to show the
# rules, not the best play, and the review weighs them against Hard all the same.
LESSON_REVIEW_TITLE = N_("The guided deal: your moves were the coach's")


def lesson_title() -> str:
    """The lesson's review title, in the player's language now."""
    return _(LESSON_REVIEW_TITLE)


def is_lesson_deal(variant: str, seed: int, deal_number: int) -> bool:
    """Whether a finished deal is the guided deal's lesson (its first deal)."""
    return variant == "classic" and seed == COACH_SEED and deal_number == 0


COACH_LEVELS: tuple[str | None, ...] = (None, "normal", "normal", "normal")
PLAYER = 0

# Each rule the deal teaches: (id, headline msgid, why msgid). The panel shows them as one line,
# "headline: why", so a why goes on from its headline in lower case (a question's why is a
# sentence of its own: "May I go out? Before going out, ...").
TOPICS: tuple[tuple[str, str, str], ...] = (
    ("draw", N_("Draw a card"), N_("each turn starts with a card from the stock (or the whole pile).")),
    (
        "red-three",
        N_("A red three"),
        N_(
            "it goes face up on the table at once and is replaced from the stock (not one taken with the "
            "pile); each is worth 100 points."
        ),
    ),
    (
        "frozen",
        N_("A frozen pile"),
        N_(
            "until your side has melded this deal, the pile is frozen for you, and only a natural pair "
            "matching its top card can take it."
        ),
    ),
    (
        "initial-meld",
        N_("Your first meld"),
        N_("the first cards your side lays in a deal must count at least the minimum (50 at the start of the game)."),
    ),
    ("add", N_("Add to a meld"), N_("cards of a rank your side has melded can be added in any of your turns.")),
    ("take-pair", N_("Take the pile"), N_("a natural pair matching the top card takes the whole pile.")),
    (
        "canasta",
        N_("A canasta"),
        N_("seven cards of one rank, worth 500 points natural, 300 with wild cards."),
    ),
    (
        "black-three",
        N_("Discard a black three"),
        N_("on top of the pile, it stops the next player from taking the pile."),
    ),
    (
        "ask",
        N_("May I go out?"),
        N_("Before going out, you may ask your partner; the answer binds you."),
    ),
)
TOPIC_IDS = tuple(topic for topic, _headline, _why in TOPICS)


def config() -> RulesConfig:
    return RulesConfig.for_variant("classic")


def is_pair_take(move: Move) -> bool:
    if move.kind is not MoveKind.TAKE or not move.groups:
        return False
    naturals = [c for c in move.groups[0].cards if not c.is_wild]
    return len(naturals) >= 2


def topics_of(before: GameState, move: Move | None, events: Iterable[ev.Event], seat: int = PLAYER) -> list[str]:
    """The rules a move of `seat` (or the deal, `move` None) shows, in TOPICS' order."""
    events = list(events)
    side = before.config.side_of(seat)
    found: set[str] = set()
    for event in events:
        if isinstance(event, ev.RedThreeLaid) and event.seat == seat:
            found.add("red-three")
        elif isinstance(event, ev.Melded) and event.seat == seat and not event.new_meld:
            found.add("add")
        elif isinstance(event, ev.CanastaMade) and event.side == side and move is not None:
            found.add("canasta")
    if move is not None:
        if move.kind is MoveKind.DRAW:
            found.add("draw")
            if before.pile and before.pile_frozen_for(side):
                found.add("frozen")
        if move.kind in (MoveKind.MELD, MoveKind.TAKE) and not before.has_melded(side):
            found.add("initial-meld")
        if is_pair_take(move):
            found.add("take-pair")
            if before.pile_frozen_for(side):
                found.add("frozen")
        if move.kind is MoveKind.DISCARD and move.card is not None:
            card = move.card
            if card.rank is Rank.THREE and card.suit is not None and not card.suit.is_red:
                found.add("black-three")
        if move.kind is MoveKind.ASK:
            found.add("ask")
    return [topic for topic in TOPIC_IDS if topic in found]


def coach_move(observation: Observation, moves_played: int, seed: int = COACH_SEED) -> Move:
    """What the coach proposes: the Hint button's move at that point of the game (the table
    seeds its hint with the game's seed and the number of moves played)."""
    from game.hints import suggest

    return suggest(observation, seed=seed * 1000 + moves_played)


def same_move(a: Move, b: Move) -> bool:
    """The same move whatever the order of its groups and cards."""

    def key(move: Move) -> tuple[object, ...]:
        groups = sorted(tuple(sorted(c.face for c in g.cards)) for g in move.groups)
        return (move.kind, move.card.face if move.card is not None else None, tuple(groups))

    return key(a) == key(b)


@dataclass(frozen=True)
class Step:
    """One of the player's moves in the guided deal: where it comes in the game's history,
    the move the coach proposes, and the rules it shows first."""

    index: int
    move: Move
    topics: tuple[str, ...]


def coached_deal(seed: int = COACH_SEED) -> tuple[Game, list[Step]]:
    """The first deal of a game from `seed`, the player following the coach and the bots
    as the table makes them: the game at the deal's end and the player's steps."""
    from game.bots import make_bot

    game = Game(config(), seed)
    bots = {seat: make_bot(level, seed * 10 + seat) for seat, level in enumerate(COACH_LEVELS) if level is not None}
    met = set(topics_of(game.state, None, game.last_deal_events))
    steps: list[Step] = []
    pending = sorted(met, key=TOPIC_IDS.index)  # a red three dealt: told at the first step
    while game.state.phase is not Phase.OVER:
        state = game.state
        seat = state.to_act
        assert seat is not None
        obs = state.observation(seat)
        before = state.copy()
        index = len(game.history)
        move = coach_move(obs, index, seed) if seat == PLAYER else bots[seat].act(obs)
        events = game.apply(move)
        if seat == PLAYER:
            new = [t for t in topics_of(before, move, events) if t not in met]
            met.update(new)
            steps.append(Step(index, move, tuple(pending + new)))
            pending = []
        else:
            new = [t for t in topics_of(before, None, events) if t not in met]
            met.update(new)
            pending += new
    return game, steps


def topics_met(steps: Iterable[Step]) -> set[str]:
    return {topic for step in steps for topic in step.topics}
