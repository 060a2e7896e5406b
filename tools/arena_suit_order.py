"""The arena with the B side seeing the Samba family's listing of before stop 44 (an
experiment, outside CI).

    python tools/arena_suit_order.py --a normal --b normal --variant samba --games 2000 --seed 144000

Since stop 44, `legal` lists each choice of suits for a group's naturals in Samba and Bolivia
(`game.rules.family_moves.suit_choices`). Here the B seats are shown the listing as it was
before, each group's naturals in suit order only (the same listing with `suit_choices` told
suits never matter: move for move what the older engine listed), the A seats today's. Both
play in one process on one engine, so the run measures what the choices are worth to a bot
that chooses from its observation's listing: Easy and Normal. (Hard's playouts list moves from
their own worlds, so a B-side Hard would search with today's listing.) Every other argument is
the arena's (`python -m game.bots.arena --help`); `--jobs` must be 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game.rules.family_moves as family_moves  # noqa: E402
from game.bots import arena  # noqa: E402
from game.rules import RulesConfig  # noqa: E402
from game.rules.state import GameState  # noqa: E402

_b_seats: set[int] = set()
_suit_order = [False]  # while a B seat's observation is built
_choices = family_moves.suit_choices
_observation = GameState.observation
_play_game = arena.play_game


def suit_choices(cards: list[Any], k: int, by_suit: bool) -> tuple[tuple[Any, ...], ...]:
    return _choices(cards, k, by_suit and not _suit_order[0])


def observation(self: GameState, seat: int) -> Any:
    _suit_order[0] = seat in _b_seats
    try:
        return _observation(self, seat)
    finally:
        _suit_order[0] = False


def play_game(task: Any) -> Any:
    variant, target, _seed, seating = task[:4]
    config = RulesConfig.for_variant(variant, target)
    _b_seats.clear()
    _b_seats.update(set(range(config.players)) - arena.a_seats(config, seating))
    return _play_game(task)


def main(argv: list[str]) -> int:
    jobs = argparse.ArgumentParser(add_help=False)
    jobs.add_argument("--jobs", type=int, default=1)  # as the arena reads it (--jobs 2, --jobs=2)
    if jobs.parse_known_args(argv)[0].jobs != 1:
        sys.exit("--jobs 1 only: the B side's listing is switched inside this process")
    family_moves.suit_choices = suit_choices  # type: ignore[assignment]
    GameState.observation = observation  # type: ignore[method-assign]
    arena.play_game = play_game  # type: ignore[assignment]
    return arena.main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
