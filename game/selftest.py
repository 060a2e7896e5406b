"""The self-test: `python main.py --selftest`, or `canasta --selftest` when frozen.

Starts the real app headless (SDL's dummy video and audio drivers, unless
SDL_VIDEODRIVER / SDL_AUDIODRIVER say otherwise) and, through the real loop and
synthetic input (game.automation, the same events a mouse makes):

1. checks every bundled file loads: the 56 card images, the fonts (the CJK
   one must have its glyphs), the sound effects, the window icon, the
   translation catalogs — all found through the app's own path helpers;
2. on the title menu opens Rules, Statistics and Settings (each drawn, left
   with Escape), then clicks New game, types the deal seed with the keyboard,
   clicks Start;
3. lets the bots play: a bot picks the player's moves and the driver makes
   them with the mouse (checking the engine after each), the table's own bots
   play the other seats on their worker thread, until `MOVES` moves are made;
4. checks the engine advanced, no scene or bot raised, and the autosave loads
   back (replayed and verified) as the game just played — or, when the
   storage folder cannot be written, that the player was told so;
5. saves a screenshot of the table (`--screenshot PATH`, default
   canasta-selftest.png in the temp dir) and checks it is a real picture.

Then prints one line, `selftest ok: ...`, and exits 0; on any failure prints
`selftest FAILED: <why>` on stderr and exits 1. The settings, save and
statistics go to a fresh temporary folder, so the player's own are never
touched; CANASTA_SELFTEST_HOME=user uses the real user folders instead (the
bad-environment tests: read-only home, CANASTA_HOME unwritable).

`--first-frame` (tools/bench_exe.py): start as a player does, at the title
menu; draw the first frame; print `first-frame <unix time>` and exit.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field

from game.automation import Driver, ScriptError

MOVES = 24  # moves on the record before the test stops (all seats)
DEFAULT_SEED = 2024  # the deal; --seed overrides
TIME_LIMIT = 240.0  # wall-clock seconds for the whole run
HOME_ENV = "CANASTA_SELFTEST_HOME"


class SelfTestFailure(Exception):
    pass


@dataclass
class Result:
    seed: int
    moves: int
    player_moves: int
    frames: int
    seconds: float
    bots: list[str]
    files: dict[str, int]
    autosave: str
    screenshot: str
    pages: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    search: str = "not checked"

    def summary(self) -> str:
        from game.paths import how_running

        files = ", ".join(f"{count} {name}" for name, count in self.files.items())
        line = (
            f"selftest ok: {self.moves} moves ({self.player_moves} by the player's mouse, "
            f"{self.moves - self.player_moves} by the bots: {'/'.join(self.bots)}), deal seed {self.seed}, "
            f"menu pages {len(self.pages) + 2} (title, {', '.join(self.pages)}, new game), "
            f"{self.frames} frames in {self.seconds:.1f} s; files: {files}; autosave {self.autosave}; "
            f"screenshot {self.screenshot}; Hard's search workers {self.search}; {how_running()}"
        )
        if self.notices:
            line += "; notices: " + " | ".join(self.notices)
        return line


# -- command line -----------------------------------------------------------------


def main(args: argparse.Namespace) -> int:
    """Entry from main.py for `--selftest` and `--first-frame`."""
    if getattr(args, "first_frame", False):
        return first_frame(args)
    return run_cli(args)


def run_cli(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    seed = args.seed if getattr(args, "seed", None) is not None else DEFAULT_SEED
    screenshot = getattr(args, "screenshot", None) or os.path.join(tempfile.gettempdir(), "canasta-selftest.png")
    size = _size(getattr(args, "size", None))
    temp_home = None
    if os.environ.get(HOME_ENV, "temp") != "user":
        try:
            temp_home = tempfile.mkdtemp(prefix="canasta-selftest-")
            os.environ["CANASTA_HOME"] = temp_home
        except OSError:  # no writable temp dir: run with storage off (a path that can never be made)
            os.environ["CANASTA_HOME"] = os.path.join(os.devnull, "canasta")
    try:
        result = run(seed=seed, screenshot=screenshot, size=size)
    except SelfTestFailure as failure:
        return _fail(str(failure))
    except Exception as error:  # noqa: BLE001 - a crash anywhere in the app is the finding
        traceback.print_exc()
        kind = type(error)
        name = kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__name__}"
        return _fail(f"{name}: {error}")
    finally:
        if temp_home is not None:
            shutil.rmtree(temp_home, ignore_errors=True)
    _say(result.summary(), sys.stdout, fallback=os.path.splitext(screenshot)[0] + ".txt")
    return 0


def _size(size: tuple[int, int] | None) -> tuple[int, int]:
    """main.py's --size, already parsed into (width, height)."""
    return tuple(size) if size else (1280, 720)  # type: ignore[return-value]


def _fail(reason: str) -> int:
    _say(f"selftest FAILED: {reason}", sys.stderr)
    return 1


def _say(line: str, stream, fallback: str | None = None) -> None:
    """Print; a windowed Windows build has no stdout, so write `fallback` then."""
    if stream is not None:
        print(line, file=stream, flush=True)
    elif fallback is not None:
        try:
            with open(fallback, "w", encoding="utf-8") as handle:
                handle.write(line + "\n")
        except OSError:
            pass


# -- the test ------------------------------------------------------------------------


def run(
    *,
    seed: int = DEFAULT_SEED,
    moves: int = MOVES,
    screenshot: str,
    size: tuple[int, int] = (1280, 720),
    time_limit: float = TIME_LIMIT,
) -> Result:
    """The self-test proper (in-process: tests call it too). Raises SelfTestFailure."""
    start = time.perf_counter()
    from game.rules import position_to_json
    from game.window import MainWindow

    app = MainWindow(seed=seed, size=size, menu=True)
    try:
        files = check_bundle()
        driver = SelfTestDriver(app, seed, moves)
        app.feeder = driver.feed
        deadline = time.monotonic() + time_limit
        while app.running and not driver.done:
            app.frame(driver.dt)
            if time.monotonic() > deadline:
                raise SelfTestFailure(f"timed out after {time_limit:.0f} s waiting for {driver.stage}")
        if driver.error is not None:
            raise SelfTestFailure(f"at {driver.stage}: {driver.error}")
        if not driver.done:
            raise SelfTestFailure(f"the app quit at {driver.stage}")
        table = app.table
        if table is None:
            raise SelfTestFailure("no table after the game started")
        game = table.game
        if table.runner.last_error:
            raise SelfTestFailure("a bot raised: " + table.runner.last_error.strip().splitlines()[-1])
        if len(game.history) < moves:
            raise SelfTestFailure(f"only {len(game.history)} of {moves} moves were played")
        player_moves = len(driver.played)
        if player_moves == 0 or player_moves == len(game.history):
            raise SelfTestFailure(
                f"{player_moves} of {len(game.history)} moves by the player: the bots or the player did not play"
            )
        if position_to_json(game.state) == driver.dealt_position:
            raise SelfTestFailure("the engine state did not change")
        assert app.context is not None
        autosave = _check_autosave(app.context, game)
        app.screenshot(screenshot)
        _check_screenshot(screenshot, app.layout.viewport.size)
        bots = sorted({type(bot).__name__ for bot in table.bots.values()})
        search = _check_search_workers()
        return Result(
            seed=seed,
            moves=len(game.history),
            player_moves=player_moves,
            frames=app.frames,
            seconds=time.perf_counter() - start,
            bots=bots,
            files=files,
            autosave=autosave,
            screenshot=screenshot,
            pages=driver.pages,
            notices=list(app.context.notices),
            search=search,
        )
    finally:
        app.close()


WORKER_START = 60.0  # seconds for a spawned worker to import the bots (a cold, frozen start)


def _check_search_workers() -> str:
    """Hard's worker processes (game/bots/search_pool.py) start and answer a search: in the
    frozen executable they are spawned from it, so this is where a packaging fault shows."""
    import random

    from game.bots.hard import HardBot
    from game.bots.search_pool import SearchPool, workers_for_this_machine
    from game.rules import Game, RulesConfig

    workers = workers_for_this_machine()
    if workers == 0:
        return "none (one core: Hard searches on its own thread)"
    pool = SearchPool(1)  # one shows they run
    try:
        if not pool.wait_ready(WORKER_START):
            raise SelfTestFailure("Hard's search worker process did not start")
        state = Game(RulesConfig.for_variant("classic"), DEFAULT_SEED).state
        assert state.to_act is not None  # a new deal has a player to act
        obs = state.observation(state.to_act)
        bot = HardBot(seed=1, iterations=2)
        runs = pool.search(bot, obs, [obs.legal[0], obs.legal[0]], 1.0, random.Random(1))
        if runs is None or len(runs[0][0]) != 2:
            raise SelfTestFailure(f"Hard's search worker did not answer ({pool.last_error or 'no reply'})")
    finally:
        pool.close()
    return f"ok (a worker answered; a table starts {workers})"


def _check_autosave(context, game) -> str:
    """The save slot holds this very game (when the storage folder is writable)."""
    if context.storage_problems:
        if not any(problem in context.notices for problem in context.storage_problems):
            raise SelfTestFailure("saving is off but the player was not told")
        return "off (storage not writable; the player is told)"
    if not context.saves.exists():
        raise SelfTestFailure(f"no autosave at {context.saves.path}")
    saved = context.saves.load()  # replays and verifies; raises SaveError if bad
    played = [str(move) for move in game.history]
    kept = [str(move) for move in saved.game.history]
    if not kept or kept != played[: len(kept)]:
        raise SelfTestFailure(f"the autosave ({len(kept)} moves) is not the game played ({len(played)} moves)")
    return f"ok ({len(kept)} moves, resumed and verified)"


def _check_screenshot(path: str, size: tuple[int, int]) -> None:
    import pygame

    try:
        picture = pygame.image.load(path)
    except (pygame.error, OSError) as error:
        raise SelfTestFailure(f"the screenshot {path} cannot be read back: {error}") from None
    if picture.get_size() != tuple(size):
        raise SelfTestFailure(f"the screenshot is {picture.get_size()}, expected {tuple(size)}")
    width, height = picture.get_size()
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, width, 17) for y in range(0, height, 13)}
    if len(colours) < 32:
        raise SelfTestFailure(f"the screenshot looks blank ({len(colours)} colours)")


# -- the bundled files ---------------------------------------------------------------

CJK_SAMPLE = "卡纳斯塔新游戏"


def check_bundle() -> dict[str, int]:
    """Load every file the game ships, by the paths the game itself uses; counts by kind."""
    import pygame

    from game import assets, i18n, po, sound

    if not pygame.font.get_init():
        pygame.font.init()
    missing: list[str] = []

    def need(path, what: str) -> bool:
        if not path.is_file():
            missing.append(f"{what} ({path})")
            return False
        return True

    stems = set()
    faces = [(face, 0) for face in assets.all_card_faces()] + [("JK", 1)] + [(b, 0) for b in assets.BACK_FACES]
    for face, copy in faces:
        stem = assets.card_file_stem(face, copy)
        if need(assets.asset_path("cards", f"{stem}.png"), f"card {stem}"):
            image = assets.card_image(face, copy)
            if image.get_size() != assets.CARD_NATIVE_SIZE:
                missing.append(f"card {stem} is {image.get_size()}")
            stems.add(stem)
    fonts = 0
    for files, sample in ((assets.LATIN_FONT_FILES, "Canasta 5000"), (assets.CJK_FONT_FILES, CJK_SAMPLE)):
        for name in files.values():
            path = assets.asset_path("fonts", name)
            if need(path, f"font {name}"):
                loaded = pygame.font.Font(str(path), 24)
                if any(metric is None for metric in loaded.metrics(sample)):
                    missing.append(f"glyphs of {sample!r} in {name}")
                loaded.render(sample, True, (0, 0, 0))
                fonts += 1
    # A typed name's characters are checked against the fonts with pygame.freetype (a
    # module the bundle must hold); the regular Chinese face holds GB 2312's rarer level.
    try:
        if not assets.has_glyph(assets.CJK_FONT_FILES[False], "昊"):
            missing.append(f"glyph 昊 in {assets.CJK_FONT_FILES[False]}")
    except (ImportError, pygame.error) as error:
        missing.append(f"font coverage (pygame.freetype): {error}")
    sounds = 0
    for name in sound.EFFECTS:
        path = assets.asset_path("sounds", f"{name}.wav")
        if need(path, f"sound {name}"):
            with open(path, "rb") as handle:
                header = handle.read(12)
            if header[:4] != b"RIFF" or header[8:12] != b"WAVE":
                missing.append(f"sound {name} is not a WAV file")
            sounds += 1
    if need(assets.asset_path("icon.png"), "window icon"):
        icon = pygame.image.load(str(assets.asset_path("icon.png")))
        if min(icon.get_size()) < 32:
            missing.append(f"the icon is only {icon.get_size()}")
    catalogs = 0
    for language in i18n.LANGUAGES:
        if language == i18n.DEFAULT_LANGUAGE:
            continue
        path = i18n.catalog_path(language)
        if need(path, f"{language} translations"):
            if not po.read(path).translations().get("New game"):
                missing.append(f"{language} translations lack 'New game'")
            catalogs += 1
    if missing:
        raise SelfTestFailure("bundled files missing or broken: " + "; ".join(missing))
    return {"card images": len(stems), "fonts": fonts, "sounds": sounds, "icon": 1, "catalogs": catalogs}


# -- the driver: the menus by mouse and keyboard, then autoplay -----------------------


class SelfTestDriver(Driver):
    """game.automation.Driver with a fixed programme instead of script lines."""

    def __init__(self, app, seed: int, moves: int) -> None:
        super().__init__(app, [])
        self.seed = seed
        self.moves = moves
        self.stage = "the title menu"
        self.dealt_position: dict | None = None
        self.pages: list[str] = []  # the menu pages visited
        self._steps = self._programme()

    def namespace(self) -> dict:
        return {**super().namespace(), "played": len(self.played)}

    def _top(self):
        return self.app.stack.top

    def _button(self, msgid: str):
        from game.scenes.menu_widgets import TextButton

        top = self._top()
        items = getattr(top, "items", None)
        for widget in items.widgets if items is not None else []:
            if isinstance(widget, TextButton) and widget.msgid == msgid and widget.visible:
                return widget
        raise ScriptError(f"no {msgid!r} button on {type(top).__name__}")

    def _programme(self):
        import pygame

        from game.rules import position_to_json
        from game.scenes.menu import TitleMenuScene
        from game.scenes.menu_widgets import NumberField
        from game.scenes.new_game import NewGameScene

        def on_title() -> bool:
            return isinstance(self._top(), TitleMenuScene)

        yield from self.wait_until(on_title, "the title menu")
        yield from self.wait(0.2)
        for page in ("Rules", "Statistics", "Settings"):  # each page opens, draws, and Escape leaves it
            self.stage = f"the {page} page"
            yield from self.click(self._button(page).rect.center)
            yield from self.wait_until(lambda: not on_title(), f"the {page} page")
            yield from self.wait(0.1)
            self.pages.append(type(self._top()).__name__)
            yield from self.key("escape")
            yield from self.wait_until(on_title, f"the title menu after {page}")
        self.stage = "the title menu"
        yield from self.click(self._button("New game").rect.center)
        self.stage = "the New game page"
        yield from self.wait_until(lambda: isinstance(self._top(), NewGameScene), "the New game page")
        page = self._top()
        for _ in range(len(page.items.widgets) + 1):  # the seed field, by keyboard
            if isinstance(page.items.focused, NumberField):
                break
            yield from self.key("down")
        else:
            raise ScriptError("the seed field cannot be reached with the keyboard")
        for digit in str(self.seed):
            self.post(pygame.KEYDOWN, key=pygame.K_0 + int(digit), mod=0, unicode=digit, scancode=0)
        yield
        if page.seed_field.value != self.seed:
            raise ScriptError(f"typed seed {self.seed}, the field shows {page.seed_field.value}")
        yield from self.click(self._button("Start").rect.center)
        self.stage = "the table"
        yield from self.wait_until(lambda: self.table is not None and self._top() is self.table, "the table")
        if self.table.game.seed != self.seed:
            raise ScriptError(f"the table dealt seed {self.table.game.seed}, not {self.seed}")
        self.dealt_position = position_to_json(self.table.game.state)
        self.stage = f"the bots playing {self.moves} moves"
        yield from self.autoplay(1000, until=f"len(game.history) >= {self.moves} and played > 0")
        self.stage = "the animations to end"
        yield from self.wait_until(lambda: self.table.idle, "the animations to end")


# -- cold start probe -----------------------------------------------------------------


def first_frame(args: argparse.Namespace) -> int:
    """Start at the title menu exactly as a player does, draw one frame, print when."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.scenes.menu import TitleMenuScene
    from game.window import MainWindow

    app = MainWindow(size=_size(getattr(args, "size", None)), menu=True)
    try:
        app.frame(0.0)
        stamp = time.time()
        if not isinstance(app.stack.top, TitleMenuScene) or app.frames != 1:
            return _fail(f"the first frame showed {type(app.stack.top).__name__}, not the title menu")
    finally:
        app.close()
    _say(f"first-frame {stamp:.6f}", sys.stdout)
    return 0
