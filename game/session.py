"""What the app does around a table: sounds, the autosave, statistics.

`attach(table, app_context)` adds one listener to the table; after every move
(and every new deal) it plays the events' sounds, saves the game to the save
slot (so Continue resumes exactly there), and counts a finished deal in the
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
    """The one sound a batch of events makes: the most notable event wins."""
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

    def on_events(table: "TableScene", events: list[ev.Event]) -> None:
        name = sound_for(events)
        if name is not None:
            app.sound.play(name)
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
            app.notices.append(f"the game could not be saved: {error}")

    table.listeners.append(on_events)
