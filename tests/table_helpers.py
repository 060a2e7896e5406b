"""Shared helpers for the table tests: a headless table, a hand-ticked clock,
synthetic mouse events in logical coordinates."""

from __future__ import annotations

import pygame
from fallback_bot import FallbackBot

from game.rules import position_from_json
from game.scenes.base import SceneStack
from game.scenes.table import TableScene

DT = 1.0 / 60.0


def fallback(level: str, seed: int) -> FallbackBot:
    """Deterministic bots for tests, whatever game.bots becomes."""
    return FallbackBot(seed)


def make_table(seed: int = 3, speed: float = 8.0, **options) -> tuple[SceneStack, TableScene]:
    pygame.font.init()
    stack = SceneStack()
    table = TableScene(seed=seed, speed=speed, threaded=False, bot_factory=fallback, **options)
    stack.push(table)
    return stack, table


def tick(stack: SceneStack, seconds: float) -> None:
    for _ in range(max(1, round(seconds / DT))):
        stack.update(DT)


def until(stack: SceneStack, condition, limit: float = 120.0) -> None:
    waited = 0.0
    while not condition():
        assert waited < limit, "timed out"
        stack.update(DT)
        waited += DT


def players_turn(stack: SceneStack, table: TableScene):
    return lambda: stack.top is table and table.my_turn() and table.idle


def mouse(kind: int, pos, button: int = 1, **extra) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=extra.pop("buttons", (0, 0, 0)), **extra)
    return pygame.event.Event(kind, pos=pos, button=button, **extra)


def click(stack: SceneStack, pos, **extra) -> None:
    stack.handle_event(mouse(pygame.MOUSEMOTION, pos))
    stack.handle_event(mouse(pygame.MOUSEBUTTONDOWN, pos, **extra))
    stack.handle_event(mouse(pygame.MOUSEBUTTONUP, pos, **extra))


def hold_over(stack: SceneStack, start, end, steps: int = 6) -> None:
    """Press at `start` and move to `end` with the button held (a drag not yet let go)."""
    stack.handle_event(mouse(pygame.MOUSEMOTION, start))
    stack.handle_event(mouse(pygame.MOUSEBUTTONDOWN, start))
    for i in range(1, steps + 1):
        k = i / steps
        point = (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k)
        stack.handle_event(mouse(pygame.MOUSEMOTION, point, buttons=(1, 0, 0)))


def drag(stack: SceneStack, start, end, steps: int = 6) -> None:
    hold_over(stack, start, end, steps)
    stack.handle_event(mouse(pygame.MOUSEBUTTONUP, end))


def select(stack: SceneStack, table: TableScene, faces) -> list:
    """Click the hand cards `faces` one by one (slowly: no double-click); return them."""
    cards = []
    for face in faces:
        card = hand_card(table, face, cards)
        click(stack, card_point(table, card))
        tick(stack, 0.5)
        cards.append(card)
    return cards


def card_point(table: TableScene, card) -> tuple[float, float]:
    rect = table.layout.hand_rects[card]
    return (rect.x + min(rect.width, 40) / 2, rect.y + 30)


def hand_card(table: TableScene, face: str, skip=()):
    for card in table.layout.hand_cards:
        if card.face == face and card not in skip:
            return card
    raise AssertionError(f"no {face} in the hand")


def double_click(stack: SceneStack, table: TableScene, face: str):
    """The card `face` of the hand double-clicked (the mouse's discard); the card."""
    card = hand_card(table, face)
    click(stack, card_point(table, card))
    click(stack, card_point(table, card))
    return card


def position(
    hands,
    melds=None,
    discard: str = "",
    stock: str = "HJ SJ DJ CJ HQ SQ",
    *,
    phase: str = "draw",
    turn: int = 0,
    scores=None,
    **extra,
):
    data = {
        "format": "canasta-position/1",
        "variant": "classic",
        "target": 5000,
        "scores": scores or [0, 0],
        "dealer": (turn - 1) % 4,
        "turn": turn,
        "phase": phase,
        "hands": list(hands) + [""] * (4 - len(hands)),
        "melds": melds or [{}, {}],
        "red_threes": ["", ""],
        "discard": discard,
        "stock": stock,
        "stock_exact": True,
    }
    data.update(extra)
    return position_from_json(data)


def may_ask_position():
    """The player's meld phase with a canasta down and four cards left: asking the partner
    "May I go out?" is allowed."""
    return position(
        ["C4 D4 H4 C9", "C5 C6 C7", "", "C8 C10 CJ"],
        melds=[{"K": "CK CK DK DK HK HK SK"}, {}],
        discard="S4",
        phase="meld",
    )


def texts_drawn(monkeypatch, module) -> list[str]:
    """Every text `module` draws with its `blit_text` from now on, in order (still drawn)."""
    return record_blits(monkeypatch, module, lambda _surface, text, _rect: text)


def blits_drawn(monkeypatch, module) -> list[tuple[str, pygame.Rect]]:
    """Every text `module` draws with its `blit_text` from now on, with its box (in pixels)."""
    return record_blits(monkeypatch, module, lambda _surface, text, rect: (text, rect))


def record_blits(monkeypatch, module, keep) -> list:
    """`module`'s `blit_text` (and `blit_in_box`, where it has it: text centred in a box)
    still draws, and each call's `keep(surface, text, rect)` is kept."""
    drawn: list = []

    def recording(real):
        def record(surface, text, *args, **kwargs):
            rect = real(surface, text, *args, **kwargs)
            drawn.append(keep(surface, text, rect))
            return rect

        return record

    for name in ("blit_text", "blit_in_box"):
        if hasattr(module, name):
            monkeypatch.setattr(module, name, recording(getattr(module, name)))
    return drawn


def partner_asks():
    """North has asked the player "May I go out?" (the side has a canasta; three cards each)."""
    return position(
        ["C4 D4 H9", "C5 C6 C7", "C8 D8 H8 S9", "C9 C10 CJ"],
        melds=[{"K": "CK CK DK DK HK HK SK"}, {}],
        discard="S4",
        phase="answer",
        turn=2,
    )


def deal_over_with_long_hands(variant: str, hoarders, seed: int = 1):
    """A finished first deal of `variant` (a Game) where the seats in `hoarders` only drew and
    discarded (never melded, never said yes), their hands growing all deal: two-hand leaves
    some thirty cards, Samba and Hand and Foot as many at three seats."""
    from game.rules import Game, MoveKind, Phase, RulesConfig

    config = RulesConfig.for_variant(variant)
    game = Game(config, seed)
    bots = [FallbackBot(seat) for seat in range(config.players)]
    quiet = (MoveKind.DRAW, MoveKind.DISCARD, MoveKind.NO, MoveKind.PASS)
    while game.state.phase is not Phase.OVER:
        seat = game.state.to_act
        observation = game.state.observation(seat)
        keep = [move for move in observation.legal if move.kind in quiet]
        game.apply(keep[0] if seat in hoarders and keep else bots[seat].act(observation))
    return game


def sheet_over(variant: str, game):
    """A table showing `game`'s finished deal, and its score sheet on top (counted up)."""
    from game.scenes.score_sheet import ScoreSheetScene

    stack, table = make_table(variant=variant)
    table.controller.game = game
    table.load_state(game.state)
    sheet = ScoreSheetScene(table, game.state.result)
    sheet.count.finish()
    stack.push(sheet)
    return stack, sheet


def following(language: str, **options):
    """A table that follows settings in `language` (as the app binds them)."""
    from game.app import bind_shared
    from game.observable_settings import ObservableSettings
    from game.settings import Settings
    from game.sound import SoundPlayer

    stack, table = make_table(**options)
    settings = ObservableSettings(Settings(language=language))
    bind_shared(settings, SoundPlayer(enabled=False))
    table.follow(settings)
    return stack, table, settings


def red_three_on_every_side(table: TableScene) -> None:
    """A red three (from the stock or a hand) laid for each side that has none."""
    st = table.game.state
    for side in range(table.config.sides):
        if st.red_threes[side]:
            continue
        for cards in [st.stock, *st.hands]:
            card = next((c for c in cards if c.is_red_three), None)
            if card is not None:
                cards.remove(card)
                st.red_threes[side].append(card)
                break
