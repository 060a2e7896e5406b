"""The window and the main loop: one scene stack, fixed time steps, never blocking.

Events are read every frame, the scenes advance in fixed steps (`STEP`
seconds, so animations and tests are frame-rate independent), bots think on
their own thread, and each frame is drawn on a canvas the size of the
letterboxed viewport (crisp on HiDPI) then shown.

`MainWindow` is the window and its loop; the app's services (settings, saves,
statistics, sound) are `game.app.AppContext`, made here in menu mode.
`MainWindow.frame(dt)` runs one frame; `run()` loops. Automation (`--script`, tests,
the benchmark) posts synthetic events that come through `pygame.event.get()`
in `frame`, the very path the mouse takes.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.assets import asset_path
from game.exit_record import ExitLog, event_words
from game.i18n import _
from game.observable_settings import ObservableSettings
from game.player_names import parse_names
from game.rules import Phase
from game.scenes import theme
from game.scenes.base import SceneStack
from game.scenes.bot_runner import FRAME_GATE, SEARCH_POOL
from game.scenes.layout import LOGICAL_SIZE, Layout
from game.scenes.table import TableScene
from game.settings import Settings, window_size_of
from game.sound import SoundPlayer

if TYPE_CHECKING:
    from game.app import AppContext

STEP = 1.0 / 120.0
# Bots think on a worker thread; a short GIL switch interval (default 5 ms) lets the
# frame loop take its turn sooner while they do (p95 frame time halves with the hard bot).
GIL_SWITCH_INTERVAL = 0.001
MAX_FRAME = 0.25  # a stalled frame (window dragged, debugger) is not replayed in full
# At rest (every scene waits for the player, who has not touched anything for QUIET_AFTER
# seconds) the window draws REST_FPS frames a second, woken at once by any event: at 60 a
# player thinking over a turn kept a core busy (44% of one under Xvfb at the title).
QUIET_AFTER = 1.0
REST_FPS = 10


# The largest window made when the screen's size is unknown (the dummy driver of
# automation): a 10000x10000 window took 2.2 GB and ~3 s a frame.
MAX_WINDOW = (3840, 2160)
HEADLESS_DRIVERS = ("dummy", "offscreen")


def fit_window_size(requested: tuple[int, int], desktops: list[tuple[int, int]], driver: str) -> tuple[int, int]:
    """The window size to open: never larger than the largest screen (a real display)
    or MAX_WINDOW (no display to measure); the layout letterboxes what is left."""
    if driver in HEADLESS_DRIVERS or not desktops:
        limit = MAX_WINDOW
    else:
        limit = (max(w for w, _h in desktops), max(h for _w, h in desktops))
    return (min(requested[0], limit[0]), min(requested[1], limit[1]))


def set_window_icon() -> None:
    """The window's (and taskbar's) icon: assets/icon.png. A missing icon costs only the icon."""
    try:
        pygame.display.set_icon(pygame.image.load(str(asset_path("icon.png"))))
    except (pygame.error, OSError) as error:
        print(f"canasta: no window icon ({error})", file=sys.stderr)


FROM_OUTSIDE = "QUIT event from outside the app with no window close before it"
# What the exit record names as the last input (last_exit.txt).
INPUT_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.TEXTINPUT)

MIN_WINDOW = (800, 450)  # the smallest window a player may drag it to (the table at 0.625 scale)


def resting(at_rest: bool, quiet_for: float) -> bool:
    """Whether the window waits for an event (at most 1/REST_FPS s) before its next frame:
    every scene at rest and no event for QUIET_AFTER seconds (so what a click or a key
    starts, a hover or a card put back, is drawn at the full rate)."""
    return at_rest and quiet_for >= QUIET_AFTER


class MainWindow:
    def __init__(
        self,
        *,
        variant: str = "classic",
        seed: int = 0,
        level: str = "normal",
        speed: float = 1.0,
        target: int | None = None,  # None: the variant's own
        size: tuple[int, int] | None = None,  # None: the size the player left it at, else 1280x720
        threaded: bool = True,
        vsync: bool = False,
        bot_factory=None,
        menu: bool = False,
        game=None,
        settings: Settings | None = None,
    ) -> None:
        """`menu`: start at the title menu (settings, saves, statistics, sounds); else
        straight at a table with these options (automation, tests, `--seed`), or at `game`
        (a shared deal, replayed) where it stands. `settings`: the table's without the
        menus (a shared deal a person opens: the player's, read), else the defaults."""
        sys.setswitchinterval(GIL_SWITCH_INTERVAL)
        pygame.display.init()
        pygame.font.init()
        set_window_icon()  # before set_mode: some platforms ignore a later icon
        self._vsync = vsync
        fitted = self._open_window(size or LOGICAL_SIZE)
        self.layout = Layout()
        self.layout.sync_with_display()
        self.canvas = self.layout.make_canvas()
        self.stack = SceneStack()
        self.threaded = threaded
        self.context: AppContext | None = None  # the menus' AppContext, in menu mode
        self.table: TableScene | None = None
        self.running = True
        self.stop_reason: str | None = None  # why the loop stopped (`stop`), kept at close (last_exit.txt)
        self._stop_unexpected = False
        self.exit_log = ExitLog(None)
        self._last_event: tuple[pygame.event.Event, float, str] | None = None  # (event, when, top scene)
        self._window_closed_at: float | None = None  # a WINDOWCLOSE's time: the QUIT after it is its
        self.fullscreen = False
        self._windowed_size: tuple[int, int] = fitted  # what leaving full screen comes back to
        self._maximised = False
        self._before_last_resize = fitted  # (what a maximised window comes back to)
        self._resized_in_frame = -1
        if menu:
            self.context = self._open_menu()
            self.settings, self.sound = self.context.settings, self.context.sound
            if not self.context.read_only:  # (another Canasta keeps the folder: its record, not ours)
                from game import storage

                self.exit_log = ExitLog(self.context.config_dir or storage.data_dir())
                self.exit_log.begin()
            kept = window_size_of(self.settings.value.window_size)
            if size is None and kept is not None and kept != fitted:  # (before the first frame is shown)
                self._windowed_size = self._before_last_resize = self._open_window(kept)
                self.layout.sync_with_display()
        else:
            # A table without the menus (automation, tests, a shared deal): the default
            # settings (a shared deal a person opens: the player's, as read), never written
            # to the player's file, at the command line's speed.
            from dataclasses import replace

            from game.app import bind_shared

            self.settings = ObservableSettings(replace(settings or Settings(), animation_speed=speed))
            self.sound = SoundPlayer(self.settings.value.sound)
            bind_shared(self.settings, self.sound)
        self.settings.bind("fullscreen", self._set_fullscreen)
        self.settings.bind("language", self._set_caption)
        if not menu:
            options = {} if bot_factory is None else {"bot_factory": bot_factory}
            if game is not None:  # a shared deal, replayed: play on from there
                options["game"] = game
            table = TableScene(variant=variant, seed=seed, level=level, threaded=threaded, target=target, **options)
            table.play_sound = self.sound.play
            table.sound = self.sound
            self._play(table)
        self._accumulator = 0.0
        self.frames = 0
        self.last_input = -1  # the frame that last handled an event
        self.feeder: Callable[[], None] | None = None  # automation: called once per frame before events

    def _open_window(self, size: tuple[int, int]) -> tuple[int, int]:
        """Open the window (or make it this size) at `size`, fitted to the screen; its size."""
        fitted = fit_window_size(size, pygame.display.get_desktop_sizes(), pygame.display.get_driver())
        if fitted != tuple(size):
            print(f"canasta: a {size[0]}x{size[1]} window does not fit; using {fitted[0]}x{fitted[1]}", file=sys.stderr)
        self.window = pygame.display.set_mode(fitted, pygame.RESIZABLE, vsync=1 if self._vsync else 0)
        self._least = (min(MIN_WINDOW[0], fitted[0]), min(MIN_WINDOW[1], fitted[1]))  # (--size may ask less)
        self._keep_readable()
        return fitted

    def _window_resized(self, event: pygame.event.Event) -> None:
        """Follow the window's size as the player leaves it (dragged, not full screen nor
        maximised): leaving full screen, and the next start, come back to it."""
        if event.type == pygame.WINDOWMAXIMIZED:
            self._maximised = True
            if self._resized_in_frame == self.frames:  # its new size came first, in this frame's events
                self._windowed_size = self._before_last_resize
        elif event.type == pygame.WINDOWRESTORED:
            self._maximised = False
        elif not (self.fullscreen or self._maximised):  # (VIDEORESIZE or WINDOWSIZECHANGED)
            size = pygame.display.get_window_size()
            if size != self._windowed_size:
                self._before_last_resize, self._windowed_size = self._windowed_size, size
                self._resized_in_frame = self.frames

    def keep_window_size(self) -> None:
        """The window's size as the player left it, kept in the settings for the next start."""
        kept = "{}x{}".format(*self._windowed_size) if self._windowed_size != LOGICAL_SIZE else ""
        if self.context is not None and (not kept or window_size_of(kept) is not None):
            self.settings.set("window_size", kept)

    # -- menu mode ----------------------------------------------------------------
    def _open_menu(self) -> AppContext:
        from game.app import AppContext
        from game.scenes.menu import TitleMenuScene

        context = AppContext.create(
            on_start_game=self.start_game,
            on_continue=self.continue_game,
            on_open_deal=self.open_deal,
            on_start_coach=self.start_coach,
            on_quit=self.quit,
        )
        if not context.read_only:  # finished reviews kept beside the recent deals (another Canasta: this session only)
            from game import storage
            from game.review_worker import FINISHED

            FINISHED.attach(context.config_dir or storage.data_dir())
        self.stack.push(TitleMenuScene(context))
        return context

    def _play(self, table: TableScene) -> None:
        """Put `table` up; it follows the settings from now until it leaves the stack."""
        if self.context is not None:
            from game import session

            session.attach(table, self.context)
            table.on_menu = self.back_to_menu
        table.follow(self.settings)
        self.table = table
        self.stack.push(table)

    def start_game(self, config, seed: int, levels) -> None:
        human = next((seat for seat, level in enumerate(levels) if level is None), 0)  # first person, if any
        names = self.settings.value.person_names  # pass-and-play's names, as the Names page left them
        self._play(
            TableScene(config=config, seed=seed, levels=levels, human=human, threaded=self.threaded, person_names=names)
        )

    def continue_game(self, saved) -> None:
        names = parse_names(saved.extra.get("names"), saved.config.players)
        scene: type[TableScene] = TableScene
        if saved.extra.get("lesson_game") is True:  # the guided deal's game: its coach comes back too
            from game.scenes.coach_scene import CoachTable

            scene = CoachTable
        # The table is rebuilt as the screen showed it; the moves it had not finished showing
        # (a bot's turn flying when the app was killed) are played again from there.
        table = scene(
            game=saved.at_shown(), levels=saved.levels, human=saved.human, threaded=self.threaded, person_names=names
        )
        table.restore_extra(saved.extra)
        assert saved.game is not None
        table.play_saved(saved.unshown(), saved.game)
        self._play(table)

    def open_deal(self, game) -> None:
        """A shared deal, replayed: play on from where it stands (the saved game it replaces,
        the player was asked about, is replaced at once)."""
        table = TableScene(game=game, threaded=self.threaded)
        table.replaces_saved_game = True
        if game.state.phase is Phase.OVER:  # ended before the player had it: never theirs to count
            from game.session import deal_key

            table.uncounted_deal = deal_key(game)
        self._play(table)

    def open_game(self, variant: str, seed: int, target: int, level: str) -> None:
        """`canasta --seed 7 --variant two-hand` in menu mode: that game at once, with the
        player's settings and save slot; with a game in progress, the New game page set to
        it instead (Start asks before the saved game is replaced: it is never lost)."""
        from game.rules import RulesConfig
        from game.scenes.new_game import NewGameScene

        context = self.context
        assert context is not None, "menu mode only"
        config = RulesConfig.for_variant(variant, target)
        if not context.saves.exists() or context.saves.decided():
            self.start_game(config, seed, (None, *(level,) * (config.players - 1)))
            return
        page = NewGameScene(context, variant, target)
        for seat in range(1, config.players):
            page.levels[seat] = level
        digits = str(seed)
        page.seed_digits = digits if digits.isdigit() and len(digits) <= page.seed_field.max_digits else ""
        page.rebuild()
        self.stack.push(page)

    def start_coach(self) -> None:
        """The guided first deal (game/scenes/coach_scene.py)."""
        from game.scenes.coach_scene import CoachTable

        self._play(CoachTable(threaded=self.threaded))

    def back_to_menu(self) -> None:
        """Leave the table for the title menu, whichever page led to the table (New game,
        Open a deal): "Main menu" means the title. The game stays in the save slot; a decided
        one leaves it (session.leave)."""
        from game.scenes.menu import TitleMenuScene

        if self.table is not None and self.context is not None:
            from game import session

            session.leave(self.table, self.context)  # a decided game: its save goes
        if self.table is not None and self.table in self.stack.scenes:
            while self.stack.top is not self.table:
                self.stack.pop()
            self.stack.pop()
            while len(self.stack.scenes) > 1 and not isinstance(self.stack.top, TitleMenuScene):
                self.stack.pop()
        self.table = None

    def quit(self) -> None:
        """The app's own Quit (the title menu's button, its Escape, the second window's dialog)."""
        self.stop(f"quit() on {self._top_name()}")

    def stop(self, reason: str, *, unexpected: bool = False) -> None:
        """End the loop; `reason` is kept (the first one given) and written at close, and
        said on stderr too when `unexpected` (not the player's doing: a signal, a QUIT from
        outside, an empty stack)."""
        if self.stop_reason is None:
            self.stop_reason, self._stop_unexpected = reason, unexpected
        self.running = False

    def _top_name(self) -> str:
        top = self.stack.top
        return "an empty scene stack" if top is None else type(top).__name__

    def exit_words(self) -> str:
        """Why the app stops, with what was on top and the last input (last_exit.txt's line)."""
        words = [self.stop_reason or "closed by its caller (the loop ended: automation, frames or script done)"]
        words.append(f"top scene {self._top_name()}")
        if self._last_event is not None:
            event, when, top = self._last_event
            words.append(f"last input {event_words(event)} on {top}, {time.monotonic() - when:.1f} s before")
        words.append(f"frame {self.frames}")
        return "; ".join(words)

    def _set_caption(self, language: str) -> None:
        pygame.display.set_caption(_("Canasta"))

    def _set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:  # (the window opens windowed)
            return
        self.fullscreen = on
        if on and not self._maximised:  # the window's size as the player left it, to come back to
            self._windowed_size = pygame.display.get_window_size()
        size = (0, 0) if on else self._windowed_size
        flags = pygame.FULLSCREEN if on else pygame.RESIZABLE
        self.window = pygame.display.set_mode(size, flags)
        self._keep_readable()
        self.layout.sync_with_display()

    def _keep_readable(self) -> None:
        """The window is not resized below MIN_WINDOW (smaller, the table's small labels
        cannot be read), where the platform lets a program say so."""
        with warnings.catch_warnings():  # (pygame-ce marks display-module windows as the old way)
            warnings.simplefilter("ignore", DeprecationWarning)
            try:
                pygame.Window.from_display_module().minimum_size = self._least
            except (pygame.error, AttributeError, ValueError):
                pass

    # -- one frame ---------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            words = self._quit_words(event)
            self.stop(words, unexpected=words.startswith(FROM_OUTSIDE))
            return
        if event.type == pygame.WINDOWCLOSE:
            self._window_closed_at = time.monotonic()
        elif event.type in INPUT_EVENTS:  # (a position in the table's 1280x720 units, as the scenes see it)
            self._last_event = (self.layout.translate_event(event), time.monotonic(), self._top_name())
        if event.type in (pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
            self._window_resized(event)
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._window_resized(event)
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWDISPLAYCHANGED):
            self.layout.sync_with_display()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            # Anywhere, as in most desktop programs; the setting is kept like the Settings switch.
            self.settings.set("fullscreen", not self.settings.value.fullscreen)
            return
        event = self.layout.translate_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and not self.layout.in_logical_bounds(event.pos):
            return  # a click on the letterbox bars
        self.stack.handle_event(event)

    def _quit_words(self, event: pygame.event.Event) -> str:
        """Where a QUIT event came from, as far as can be told."""
        source = event.dict.get("source")
        if source:
            return f"QUIT event from {source}"
        closed = self._window_closed_at
        if closed is not None and time.monotonic() - closed < 2.0:
            return "QUIT event after a WINDOWCLOSE: the window was closed (its close button, or a tool closing it)"
        return f"{FROM_OUTSIDE} (SDL's: a SIGTERM or SIGINT before the app's own handler, or the system logging out)"

    def frame(self, dt: float, waited: Sequence[pygame.event.Event] = ()) -> None:
        """One frame of `dt` seconds; `waited`: events taken from the queue while waiting
        for it (`run` at rest), handled first, once the time waited has passed."""
        with FRAME_GATE.drawing():  # a bot thinking on its thread waits until the frame is done
            self._frame(dt, waited)

    def _frame(self, dt: float, waited: Sequence[pygame.event.Event] = ()) -> None:
        if self.feeder is not None:
            self.feeder()
        if waited:  # (the time waited passes first: the event is handled when it came)
            self._advance(dt)
            dt = 0.0
        for event in [*waited, *pygame.event.get()]:
            self.last_input = self.frames
            self.dispatch(event)
        self._advance(dt)
        if not self.stack:
            self.stop("the scene stack emptied (nothing left to show)", unexpected=True)
            return
        self.present()
        self.frames += 1

    def _advance(self, dt: float) -> None:
        """The scenes' time moves on by `dt` (at most MAX_FRAME), in fixed steps. After a
        rest it moves on before the event that woke the loop is handled: handled first, the
        event was timed up to a tenth of a second early (a double-click begun at rest needed
        its second click that much sooner)."""
        self._accumulator += min(dt, MAX_FRAME)
        while self._accumulator >= STEP:
            self.stack.update(STEP)
            self._accumulator -= STEP

    def render(self) -> pygame.Surface:
        """Draw the scenes onto the canvas (at the viewport's pixel size)."""
        if not self.layout.canvas_fits(self.canvas):
            self.canvas = self.layout.make_canvas()
        self.stack.draw(self.canvas)
        return self.canvas

    def present(self) -> None:
        window = pygame.display.get_surface()
        if window is None:  # the display was closed (quitting)
            return
        if self.layout.viewport == window.get_rect() and self.layout.scale == 1.0:
            self.stack.draw(window)  # the window is exactly the logical size: no canvas copy
        else:
            self.layout.present(self.render(), window, theme.LETTERBOX, continue_edges=True)
        pygame.display.flip()

    def screenshot(self, path: str) -> None:
        directory = os.path.dirname(path)
        if directory:
            os.makedirs(directory, exist_ok=True)
        pygame.image.save(self.render(), path)

    # -- loops ----------------------------------------------------------------------
    def run(self, max_frames: int | None = None, fixed_dt: float | None = None) -> None:
        """The main loop. `fixed_dt`: advance exactly that much per frame, as fast as
        possible (automation); otherwise real time, capped at 60 frames a second."""
        clock = pygame.time.Clock()
        last = quiet_since = time.perf_counter()
        seen = self.last_input
        while self.running and (max_frames is None or self.frames < max_frames):
            waited: list[pygame.event.Event] = []
            if fixed_dt is None:
                if seen != self.last_input:  # (an event came in the last frame)
                    seen, quiet_since = self.last_input, last
                if resting(self.stack.at_rest(), last - quiet_since):
                    event = pygame.event.wait(1000 // REST_FPS)  # woken at once by the next event
                    waited = [event] if event.type != pygame.NOEVENT else []
                clock.tick(60)
                now = time.perf_counter()
                dt, last = now - last, now
            else:
                dt = fixed_dt
            self.frame(dt, waited)

    def close(self) -> None:
        words = self.exit_words()
        self.exit_log.end(words)  # first: whatever fails below, the reason is kept
        if self._stop_unexpected:
            print(f"canasta: stopped: {words}", file=sys.stderr)
        self.keep_window_size()
        self.stack.clear()
        if self.context is not None:
            self.context.close()
        SEARCH_POOL.close()  # Hard's worker processes, if a table started them
        pygame.display.quit()
