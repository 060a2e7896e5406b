"""The game's command line: `canasta`, `python -m game` and `python main.py` all run `main`.

    canasta                            the title menu: new game, continue, settings...
    canasta --table                    straight to a table (a new shuffle each time)
    canasta --seed 7 --variant two-hand  that deal at once, saved as any game (with a game
                                       in progress: the New game page set to it)
    canasta --seed 3 --script demo.txt --screenshot out.png
    canasta --seed 3 --frames 300 --screenshot out.png --headless
    canasta DEAL.txt                   replay a shared deal file and play on (game/deal_file.py)
    canasta --selftest                 headless self-check (exit 0 when all is well)
    canasta --version

With --script or --frames the game runs in automation mode: fixed time steps,
as fast as the machine allows, then exits (status 1 if the script failed).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

from game import __version__
from game.bots.base import LEVELS
from game.rules.config import TARGETS
from game.rules.variants import APP_VARIANT_IDS, variant_named
from game.settings import CHOICES, Settings, read_settings


def window_size(text: str) -> tuple[int, int]:
    """WIDTHxHEIGHT, each at least 320x240 (argparse reports anything else clearly); a
    size larger than the screen is reduced to fit when the window opens."""
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1600x900, not {text!r}") from None
    if width < 320 or height < 240 or width > 100_000 or height > 100_000:
        raise argparse.ArgumentTypeError(f"window size {text} is out of range (320x240 and up)")
    return width, height


def settings_for_a_shared_deal(by_a_person: bool) -> Settings | None:
    """The table's settings for a deal file opened on the command line: a person's (no
    script, no frame count) is in the player's language, card back, deck and speed, read
    and never written (the table keeps the saved game and the settings as they are: the
    Open a deal page names this command; a Chinese player got an English table, play-test
    stop 58); automation's are the defaults (None)."""
    if not by_a_person:
        return None
    return read_settings()


MAX_SEED = 2**63 - 1  # what a save and a deal file keep (game/saves.py, game/deal_file.py)


def seed_number(text: str) -> int:
    """A shuffle seed a save can keep: a game dealt from a larger one could not be continued."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if abs(seed) > MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is at most {MAX_SEED} either side of 0")
    return seed


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="canasta", description="Canasta and its family against bots.")
    parser.add_argument("--version", action="version", version=f"canasta {__version__}")
    parser.add_argument(
        "deal",
        nargs="?",
        help="a shared deal file (see game/deal_file.py) to replay and play on from (without touching your saved game)",
    )
    parser.add_argument("--seed", type=seed_number, default=None, help="shuffle seed (default: random)")
    parser.add_argument("--variant", default="classic", choices=APP_VARIANT_IDS)
    parser.add_argument(
        "--level",
        default=None,
        choices=LEVELS,
        help="bot level (default normal; at the title, every bot seat of the New game page)",
    )
    parser.add_argument("--target", type=int, default=None, choices=TARGETS, help="(default: the variant's)")
    parser.add_argument(
        "--speed",
        type=float,
        default=None,
        help="animation speed (2 = twice as fast; default 1, or for a game you play your Speed setting, which"
        " a speed given here changes: 0.5, 1, 2 or 4)",
    )
    parser.add_argument(
        "--size", type=window_size, help="window size, e.g. 1600x900 (default: as you left it, or 1280x720)"
    )
    parser.add_argument("--script", help="automation script (see game/automation.py)")
    parser.add_argument("--screenshot", help="save the final frame to this PNG")
    parser.add_argument("--frames", type=int, help="run this many frames, then exit")
    parser.add_argument("--autoplay", action="store_true", help="a bot plays your seat too (demo)")
    parser.add_argument("--table", action="store_true", help="skip the title menu, deal at once")
    parser.add_argument("--headless", action="store_true", help="no window (SDL dummy driver)")
    parser.add_argument("--realtime", action="store_true", help="automation at real speed (to watch it)")
    parser.add_argument(
        "--selftest",
        action="store_true",
        help="headless check: menus, a few bot moves, screenshot; exit 0 if all is well",
    )
    parser.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)  # tools/bench_exe.py
    return parser.parse_args(argv)


@contextmanager
def one_interrupt() -> Iterator[None]:
    """Within the block, the first Ctrl+C raises KeyboardInterrupt and any later one is
    ignored: the app then closes whole (its save, its worker processes). A terminal's Ctrl+C
    reaches the one-file executable twice: the terminal sends it to every process of the
    group, and the launcher passes its own copy on to the game a moment later, in the middle
    of closing (a traceback and "Failed to execute script"). The handler before is put back
    at the end unless a Ctrl+C came (the process is ending). Only the main thread can set a
    handler: elsewhere the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    interrupted = False

    def first_interrupt(signum: int, frame: FrameType | None) -> None:
        nonlocal interrupted
        interrupted = True
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the launcher's copy of this Ctrl+C comes next
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, first_interrupt)
    try:
        yield
    finally:
        if not interrupted:
            signal.signal(signal.SIGINT, previous)


CLOSING_SIGNALS = ("SIGTERM", "SIGHUP")  # asked to end (kill, timeout, a closed terminal): closed whole


@contextmanager
def closing_signals(stop: Callable[[str], None]) -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP close the app whole (`stop`, then its close:
    the save, the statistics, the worker processes), and the record says which signal
    came and whose child the app was (a `timeout`, a shell: last_exit.txt). Without this,
    SIGTERM reached SDL, which turned it into a QUIT no different from the window's close
    button, and SIGHUP ended the process on the spot. A signal ignored before (nohup) stays
    ignored; the handlers before are put back at the end. Only the main thread can set a
    handler: elsewhere the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    from game.exit_record import process_words

    def closing(signum: int, frame: FrameType | None) -> None:
        name = signal.Signals(signum).name
        stop(f"signal {name} (the app's parent: {process_words(os.getppid())})")

    previous: dict[signal.Signals, Callable[[int, FrameType | None], object] | int | None] = {}
    for name in CLOSING_SIGNALS:
        number = getattr(signal, name, None)
        if number is None or signal.getsignal(number) == signal.SIG_IGN:
            continue
        previous[number] = signal.signal(number, closing)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)  # (None: SDL's own, in C)


def main(argv: list[str] | None = None) -> int:
    import multiprocessing

    multiprocessing.freeze_support()  # the deal review's worker process, in the frozen executable
    args = parse_args(argv)
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.selftest or args.first_frame:
        from game import selftest

        return selftest.main(args)
    from game.automation import Driver, load_script
    from game.window import MainWindow

    lines: list[str] = []
    if args.script:
        try:
            lines = load_script(args.script)
        except (OSError, UnicodeDecodeError, ValueError) as e:
            print(f"error: cannot read the script {args.script}: {e}", file=sys.stderr)
            return 2
    elif args.autoplay:
        lines = ["autoplay 1000"]
    shared = None
    if args.deal:
        from game.deal_file import DealFileError, read

        try:
            shared = read(args.deal)
        except DealFileError as error:
            print(f"error: cannot open the deal {args.deal}: {error}", file=sys.stderr)
            return 2
        if shared.game is not None and shared.game.config.variant not in APP_VARIANT_IDS:
            print(
                f"error: cannot open the deal {args.deal}: the table plays "
                f"{', '.join(APP_VARIANT_IDS)}, not {shared.game.config.variant}",
                file=sys.stderr,
            )
            return 2
    rules = variant_named(args.variant)
    assert rules is not None  # argparse checked the choice
    targets = rules.targets or (0,)  # a game of a number of deals (Hand and Foot) has no target
    if args.target is None:
        args.target = targets[0]
    elif args.target not in targets:
        print(f"error: {args.variant} plays to {', '.join(map(str, targets))}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    level = args.level or "normal"
    straight_to_table = (
        args.table
        or args.seed is not None
        or args.script
        or args.frames is not None
        or args.autoplay
        or shared is not None
        or "--variant" in (argv if argv is not None else sys.argv)
    )
    # Played by a person (no script, frame count or deal file): the player's settings and
    # save slot, as from the title menu; automation gets a bare table of default settings,
    # a deal file a person opens a bare table in the player's settings, read, never written.
    by_a_person = not lines and args.frames is None  # (no script, no frame count)
    person = straight_to_table and by_a_person and shared is None
    players_settings = not straight_to_table or person  # the title menu, or a game a person plays
    deal_settings = settings_for_a_shared_deal(shared is not None and by_a_person)
    speeds = CHOICES["animation_speed"]
    if players_settings and args.speed is not None and args.speed not in speeds:
        print(f"error: the speed of a game you play is one of {', '.join(f'{x:g}' for x in speeds)}", file=sys.stderr)
        return 2
    app = MainWindow(
        variant=args.variant,
        seed=seed,
        level=level,
        speed=args.speed if args.speed is not None else deal_settings.animation_speed if deal_settings else 1.0,
        target=args.target,
        size=args.size,
        menu=players_settings,
        game=shared.game if shared is not None else None,
        settings=deal_settings,
    )
    if players_settings and args.speed is not None:  # the player's Speed setting, as the Speed button sets it
        app.settings.set("animation_speed", args.speed)
    if not straight_to_table and args.level is not None:  # the New game page's bots, as its rows set them
        from game.scenes.new_game import seats_at_level

        app.settings.set("new_game_seats", seats_at_level(app.settings.value.new_game_seats, args.level))
    if person:
        app.open_game(args.variant, seed, args.target, level)
    driver = Driver(app, lines) if lines else None
    if driver is not None:
        app.feeder = driver.feed
    automated = driver is not None or args.frames is not None
    with one_interrupt(), closing_signals(lambda reason: app.stop(reason, unexpected=True)):
        try:
            if driver is not None and args.frames is None and not args.autoplay:
                while app.running and not driver.done:
                    app.run(max_frames=app.frames + 1, fixed_dt=None if args.realtime else driver.dt)
            else:
                fixed = None if (args.realtime or not automated) else 1.0 / 60.0
                app.run(max_frames=args.frames, fixed_dt=fixed)
            if args.screenshot:
                app.screenshot(args.screenshot)
        except KeyboardInterrupt:  # Ctrl+C in a terminal: closed as the window's close button does
            app.stop("Ctrl+C (SIGINT)")
            return 130
        except BaseException as error:  # the traceback follows; the record names it too
            app.stop(f"an exception: {type(error).__name__}: {error}")
            raise
        finally:
            app.close()
    if driver is not None and driver.error:
        print(f"script failed: {driver.error}", file=sys.stderr)
        return 1
    return 0
