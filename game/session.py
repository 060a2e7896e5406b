"""What the app does around a table: sounds, the autosave, statistics.

`attach(table, app_context)` gives the table the app's sounds (the table plays
each effect as its card lands, see animations.plan_events) and adds one listener
to the table; when a new game starts and after every move (and every new deal) it
saves the game to the save slot (so Continue resumes exactly there), and counts a finished deal in the
statistics. A game that is decided stays in the save slot until the player leaves its
final sheet (`leave`: Menu, or a new game in its place): closed or killed before that,
even before the sheet showed, Continue opens that sheet again.

The save also says how many of the moves the screen had finished showing (the table's
`shown_moves`: a bot's move is shown once its cards have landed, when the save is written
again; a person's own move at once): a bot's move is saved as it is applied, while its
cards fly a moment later, so Continue rebuilds the table where the screen was and plays the
rest again (saves.SavedGame.unshown, TableScene.play_saved). Meanwhile each save keeps the
whole saved game (`saved_game`): nothing saved is ever lost or decided again.

The order makes every moment safe to die in: the save is written first, then the
statistics (keyed by the deal, so counting twice is a no-op). A game resumed at
the end of a deal (the app died while the score sheet showed, or between the two
writes) counts that deal at once.

Keeping fails sometimes (a full disk, a save path that became a folder, another
window holding the save): the table shows a `StorageProblem` for as long as it
lasts, and the player gets one notice per kind of failure, not one per move.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game import storage
from game.i18n import N_
from game.notices import Notice
from game.player_names import stats_name
from game.rules import Game, Phase
from game.rules import events as ev
from game.stats import level_key

if TYPE_CHECKING:
    from game.app import AppContext
    from game.scenes.table import TableScene


@dataclass(frozen=True)
class StorageProblem:
    """Why the game (or its statistics) is not being kept: a message id and the
    system's reason, translated when shown."""

    msgid: str
    reason: str = ""
    also: StorageProblem | None = None  # the statistics' problem too, when the save failed as well

    def message(self) -> str:
        return self.notice().text()

    def notice(self) -> Notice:
        """For the title menu's line: translated when shown (a reason we name is a msgid too)."""
        if self.also is not None:  # (BOTH_FAILED_APART names the statistics' reason too; BOTH_FAILED ignores it)
            return Notice(self.msgid, reason=Notice(self.reason), stats=Notice(self.also.reason))
        return Notice(self.msgid, reason=Notice(self.reason))

    def with_statistics(self, stats: StorageProblem | None) -> StorageProblem:
        """The table's one chip when the statistics failed too: both named ("Not saved,
        statistics not kept: the disk is full"; each reason when they differ)."""
        if stats is None:
            return self
        if stats.reason == self.reason:
            return StorageProblem(BOTH_FAILED, self.reason, also=stats)
        return StorageProblem(BOTH_FAILED_APART, self.reason, also=stats)


SAVE_FAILED = N_("Not saved: {reason}")
STATS_FAILED = N_("Statistics not kept: {reason}")
READ_ONLY = N_("Not saved: Canasta is open in another window")
BOTH_FAILED = N_("Not saved, statistics not kept: {reason}")
BOTH_FAILED_APART = N_("Not saved: {reason}; statistics not kept: {stats}")


def seat_levels(table: TableScene) -> tuple[str | None, ...]:
    return tuple(None if seat in table.people else table.bot_level(seat) for seat in range(table.config.players))


def count_deal(table: TableScene, app: AppContext, level_name: str) -> None:
    """The statistics of a finished deal: the player's; with several people, each person's
    under their name; none when only bots played (watching them), nor for the guided deal's
    lesson (the coach chose its moves; also when it is finished after Continue)."""
    people = table.people
    if not people or table.in_lesson():
        return
    players = [(people[0], level_name)] if len(people) == 1 else [(seat, person_record(table, seat)) for seat in people]
    app.stats.record_deals(table.game.state, players, deal_key(table.game))  # one write for everyone


def person_record(table: TableScene, seat: int) -> str:
    """Pass-and-play: the record a person's deals count in: their typed name's, else the
    seat's "Player N"."""
    typed = table.person_names[seat]
    return stats_name(typed) if typed else table.names[seat]


def deal_key(game: Game) -> str:
    """What makes a finished deal the same one when counted again (a game resumed at its
    end): its seed, its number and the moves that led to it, so the same seed played
    again (the guided deal, a seed typed twice) is another deal."""
    moves = zlib.crc32(" ".join(str(move) for move in game.history).encode("utf-8"))
    return f"{game.seed}:{game.deal_number}:{len(game.history)}:{moves:08x}"


def remember_deal(table: TableScene, app: AppContext) -> None:
    """Keep the deal for Statistics' reviews (the last 20); losing one is no reason to
    bother the player."""
    from game.recent_deals import RecentDeals

    people = tuple(table.people)
    if not people:  # only bots played (watching them): nothing of anyone's to review
        return
    names = tuple(table.names[seat] for seat in range(table.config.players))
    try:
        RecentDeals(app.config_dir).add(table.game, people, names, lesson=table.in_lesson(), typed=table.person_names)
    except OSError:
        pass


def attach(table: TableScene, app: AppContext) -> None:
    table.data_home = app.config_dir  # shared deals go beside the saved game
    levels = seat_levels(table)
    level_name = level_key(levels)  # ("easy/normal" was written, and shown untranslated: play-test, stop 54)

    def play_sound(name: str) -> None:
        if not app.sound.play(name) and app.sound.enabled:
            for text in app.sound.notices:  # no audio device: say so once
                app.notice(text)

    table.play_sound = play_sound  # the table plays each effect as its card lands
    table.sound = app.sound

    def failed(msgid: str, error: OSError) -> StorageProblem:
        problem = StorageProblem(msgid, storage.write_reason(error))  # (one notice per kind: no temp file named)
        if not app.storage_problems:  # (else the player was told at start)
            app.notice(problem.notice())
        return problem

    def keep(table: TableScene, deal_ended: bool) -> None:
        if app.read_only:
            table.storage_problem = StorageProblem(READ_ONLY)
            return
        game = table.saved_game()  # (after Continue, with the moves the screen is still to show)
        problem = stats_problem = None
        # Saved first, even the move that decides the game: killed before its deal is
        # counted, the app continues at that deal's end and counts it then; an earlier
        # position would give a game the statistics call decided. A decided game stays
        # saved (its final sheet comes back after a close) until the player leaves it.
        try:
            app.saves.save(game, levels, table.human, extra=table.saved_extra(), shown=table.shown_moves)
        except OSError as error:  # a full or read-only disk must not stop the game
            problem = failed(SAVE_FAILED, error)
        if deal_ended:
            try:
                count_deal(table, app, level_name)
            except OSError as error:
                stats_problem = failed(STATS_FAILED, error)
            remember_deal(table, app)
        elif app.stats.unsaved:
            # A deal the statistics counted but could not write is written once the disk takes
            # it (the count is kept in memory, keyed, so it is never counted twice; a last try
            # when the app closes); until then the table says so.
            try:
                app.stats.save_unsaved()
            except OSError as error:
                stats_problem = failed(STATS_FAILED, error)
        table.storage_problem = problem.with_statistics(stats_problem) if problem is not None else stats_problem

    def on_events(table: TableScene, events: list[ev.Event]) -> None:
        keep(table, any(isinstance(event, ev.DealEnded) for event in events))

    table.listeners.append(on_events)
    if table.game.state.phase is Phase.OVER:  # resumed at a deal's end: count it (once)
        keep(table, deal_key(table.game) != table.uncounted_deal)  # (not one opened from a file at its end)
    elif not table.game.history or table.replaces_saved_game or app.saves.unwritten is not None:
        # A new game, or a deal opened from a file, replaces the saved one at once: closed
        # before its first move, the app would otherwise offer the game the player chose
        # to give up (a deal opened that way came back as the old game: play-test, stop 58).
        # A game the disk refused, continued in the same run, is tried again at once: the
        # table says "Not saved" from the start if it still is not (stop 59).
        keep(table, False)


def leave(table: TableScene, app: AppContext) -> None:
    """The player leaves the table for the title menu: a decided game leaves the save slot
    (its final sheet was there to see; Continue would offer nothing more). A game still
    being played stays for Continue. (A game of a number of deals may end in a tie: over,
    no winner.)"""
    if app.read_only or not table.game.is_over:
        return
    try:
        app.saves.discard()
    except OSError:
        pass  # (Continue then shows the decided game's sheet again: nothing is lost)
