"""What the app does around a table: sounds, the autosave, statistics.

`attach(table, app_context)` gives the table the app's sounds (the table plays
each effect as its card lands, see animations.plan_events) and adds one listener
to the table; after every move (and every new deal) it saves the game to the
save slot (so Continue resumes exactly there), and counts a finished deal in the
statistics. A game that is decided is removed from the save slot.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import events as ev

if TYPE_CHECKING:
    from game.app import AppContext
    from game.scenes.table import TableScene

SOUNDS = ((ev.Dealt, "shuffle"), (ev.WentOut, "going_out"), (ev.CanastaMade, "canasta"),
          (ev.Melded, "meld"), (ev.PileTaken, "meld"), (ev.Discarded, "discard"), (ev.Drew, "draw"))


def sound_for(events: list[ev.Event]) -> str | None:
    """The most notable sound of a batch of events (the table times each sound itself)."""
    for kind, name in SOUNDS:
        if any(isinstance(event, kind) for event in events):
            return name
    return None


def seat_levels(table: "TableScene") -> tuple[str | None, ...]:
    return tuple(None if seat == table.human else table.bot_level(seat)
                 for seat in range(table.config.players))


def attach(table: "TableScene", app: "AppContext") -> None:
    levels = seat_levels(table)
    level_name = "/".join(sorted({level for level in levels if level}))

    def play_sound(name: str) -> None:
        if not app.sound.play(name) and app.sound.enabled:
            for text in app.sound.notices:  # no audio device: say so once
                app.notice(text)

    table.play_sound = play_sound  # the table plays each effect as its card lands

    def on_events(table: "TableScene", events: list[ev.Event]) -> None:
        game = table.game
        try:
            if game.winner is not None:
                app.saves.discard()
            else:
                app.saves.save(game, levels, table.human)
            if any(isinstance(event, ev.DealEnded) for event in events):
                app.stats.record_deal(game.state, table.human, level_name,
                                      f"{game.seed}:{game.deal_number}")
        except OSError as error:  # a full or read-only disk must not stop the game
            if not app.storage_problems:  # (else the player was told at start)
                app.notice(f"the game could not be saved: {error}")

    table.listeners.append(on_events)
