"""Why the app stopped (last_exit.txt in the data folder): a window that vanished under
Xvfb without a window manager left no trace (stop 52), so every way the app stops says so
in one line, and SIGTERM/SIGHUP close it whole with their name kept."""

from __future__ import annotations

import signal

import pygame
import pytest

from game import storage
from game.exit_record import FILE_NAME, KEEP, MAX_BYTES, RUNNING, ExitLog, event_words, process_words
from game.scenes.menu import TitleMenuScene
from game.settings import Settings, save_settings
from game.window import STEP, MainWindow

pytestmark = pytest.mark.usefixtures("display")  # (tests/conftest.py)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    save_settings(Settings(sound=False), tmp_path)
    return tmp_path


def record(home) -> list[str]:
    return (home / FILE_NAME).read_text(encoding="utf-8").splitlines()


def click(app: MainWindow, pos) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.dispatch(pygame.event.Event(kind, pos=pos, button=1))


def title_button(app: MainWindow, label: str):
    top = app.stack.top
    assert isinstance(top, TitleMenuScene)
    return next(w for w in top.items.widgets if getattr(w, "msgid", None) == label)


# -- the file ---------------------------------------------------------------------------
def test_a_run_is_running_until_it_closes_then_says_why(tmp_path):
    log = ExitLog(tmp_path)
    log.begin()
    assert record(tmp_path) == [f"{log.mark}: {RUNNING}"]  # killed now: this line stays
    log.end("quit() on TitleMenuScene")
    log.end("a later reason")  # (the first one stands)
    (line,) = record(tmp_path)
    assert line.startswith(log.mark + ", stopped ") and line.endswith(": quit() on TitleMenuScene")


def test_the_newest_runs_are_kept_and_a_reason_is_one_line(tmp_path):
    for n in range(KEEP + 3):
        log = ExitLog(tmp_path)
        log.mark = f"run {n:02d}"  # (runs within one second share a time and a pid)
        log.begin()
        log.end(f"reason {n}\nsecond line")
    lines = record(tmp_path)
    assert len(lines) == KEEP
    assert lines[0].startswith("run 03,") and lines[-1].startswith("run 12,")
    assert lines[-1].endswith("reason 12 second line")


def test_a_file_that_cannot_be_read_or_written_costs_only_the_record(tmp_path):
    (tmp_path / FILE_NAME).write_bytes(b"\xff\xfe garbage \x00" * 10)
    log = ExitLog(tmp_path)
    log.begin()  # unreadable bytes are kept as text, never a crash
    assert record(tmp_path)[-1] == f"{log.mark}: {RUNNING}"
    (tmp_path / FILE_NAME).write_bytes(b"x" * (MAX_BYTES + 1))
    log.end("closed")  # too large: started again
    assert len(record(tmp_path)) == 1
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    ExitLog(blocked).begin()  # a folder that cannot be made
    ExitLog(blocked).end("closed")
    ExitLog(None).end("closed")  # (automation: nothing written)


def test_events_and_processes_in_a_few_words():
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(812.4, 160), button=1)
    assert event_words(click) == "MOUSEBUTTONDOWN button 1 at (812, 160)"
    assert event_words(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)) == "KEYDOWN escape"
    assert process_words(999_999_999) == "pid 999999999"  # (gone, or no /proc)


# -- the window's ways to stop --------------------------------------------------------------
def test_the_title_menus_quit_button_is_recorded_with_the_click(home, capsys):
    app = MainWindow(menu=True, threaded=False)
    assert record(home)[-1].endswith(RUNNING)
    click(app, title_button(app, "Quit").rect.center)
    assert not app.running
    app.close()
    line = record(home)[-1]
    assert ": quit() on TitleMenuScene; top scene TitleMenuScene; last input MOUSEBUTTONUP button 1 at" in line
    assert "canasta: stopped" not in capsys.readouterr().err  # (the player's own doing: not said)


def test_the_last_click_is_recorded_in_table_units_whatever_the_windows_size(home):
    app = MainWindow(menu=True, threaded=False, size=(800, 450))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 225), button=1))  # (the middle)
    app.close()
    assert "last input MOUSEBUTTONDOWN button 1 at (640, 360) on TitleMenuScene" in record(home)[-1]


def test_escape_at_the_title_is_recorded_as_the_key_that_quit(home):
    app = MainWindow(menu=True, threaded=False)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))
    app.close()
    assert "quit() on TitleMenuScene" in record(home)[-1] and "last input KEYDOWN escape" in record(home)[-1]


@pytest.mark.parametrize(
    ("events", "words", "said"),
    [
        ([pygame.WINDOWCLOSE, pygame.QUIT], "QUIT event after a WINDOWCLOSE: the window was closed", False),
        ([pygame.QUIT], "QUIT event from outside the app with no window close before it", True),
    ],
)
def test_a_quit_event_says_whether_the_window_was_closed(home, capsys, events, words, said):
    app = MainWindow(menu=True, threaded=False)
    for kind in events:
        pygame.event.post(pygame.event.Event(kind))
    app.frame(STEP)
    assert not app.running
    app.close()
    assert f": {words}" in record(home)[-1]
    assert (f"canasta: stopped: {words}" in capsys.readouterr().err) is said  # (on stderr when unexpected)


def test_the_apps_own_quit_event_names_itself(home):
    from game.app import _post_quit

    app = MainWindow(menu=True, threaded=False)
    _post_quit()
    app.frame(STEP)
    app.close()
    assert ": QUIT event from the app's Quit;" in record(home)[-1]


def test_an_empty_scene_stack_is_recorded(home, capsys):
    app = MainWindow(menu=True, threaded=False)
    app.stack.clear()
    app.frame(STEP)
    assert not app.running
    app.close()
    assert ": the scene stack emptied" in record(home)[-1]
    assert "canasta: stopped: the scene stack emptied" in capsys.readouterr().err


def test_a_second_window_leaves_the_first_ones_record_alone(home):
    first = MainWindow(menu=True, threaded=False)
    before = record(home)
    second = MainWindow(menu=True, threaded=False)
    assert second.context is not None and second.context.read_only
    second.close()
    assert record(home) == before
    first.close()


# -- the command line: signals and exceptions ------------------------------------------------
@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_a_closing_signal_closes_the_app_whole_and_is_named(home, monkeypatch, capsys, name):
    """SIGTERM reached SDL as a QUIT no different from the close button; SIGHUP ended the
    process on the spot. Now either closes the app (its close runs) and the record names it."""
    from game import cli

    real_run, closed = MainWindow.run, []

    def run(self, **kwargs):
        signal.raise_signal(getattr(signal, name))
        real_run(self, max_frames=100, fixed_dt=STEP)  # (stops at once: the handler said so)
        assert self.frames <= 1

    real_close = MainWindow.close
    monkeypatch.setattr(MainWindow, "run", run)
    monkeypatch.setattr(MainWindow, "close", lambda self: (closed.append(True), real_close(self)))
    number = getattr(signal, name)
    inherited = signal.signal(number, signal.SIG_DFL)  # (a suite run under nohup ignores SIGHUP: the app would too)
    try:
        assert cli.main(["--headless"]) == 0
        assert closed and signal.getsignal(number) == signal.SIG_DFL  # (put back)
    finally:
        signal.signal(number, inherited)
    line = record(home)[-1]
    assert f": signal {name} (the app's parent: pid " in line
    assert f"canasta: stopped: signal {name}" in capsys.readouterr().err


def test_a_signal_ignored_before_stays_ignored(monkeypatch):
    from game import cli

    stopped = []
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # (nohup)
    try:
        with cli.closing_signals(stopped.append):
            assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
            signal.raise_signal(signal.SIGHUP)
        assert stopped == [] and signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGHUP, before)


def test_an_exception_and_ctrl_c_are_recorded(home, monkeypatch):
    from game import cli

    def boom(self, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(MainWindow, "run", boom)
    with pytest.raises(RuntimeError):
        cli.main(["--headless"])
    assert record(home)[-1].split("stopped ", 1)[1].split(": ", 1)[1].startswith("an exception: RuntimeError: boom;")
    monkeypatch.setattr(MainWindow, "run", lambda self, **kwargs: (_ for _ in ()).throw(KeyboardInterrupt()))
    assert cli.main(["--headless"]) == 130
    assert ": Ctrl+C (SIGINT);" in record(home)[-1]
    assert len(record(home)) == 2  # a line for each run
