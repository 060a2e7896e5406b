"""The real window loop in tests: the title's Continue pressed as a player would."""

from __future__ import annotations

from game.window import MainWindow


def continued() -> MainWindow:
    """The app started again on the title (menu mode), Continue pressed: the saved game's table."""
    app = MainWindow(menu=True, threaded=False)
    assert not app.context.read_only
    for widget in app.stack.top.items.widgets:
        if getattr(widget, "msgid", None) == "Continue":
            widget.click()
            break
    else:
        raise AssertionError("no Continue on the title")
    assert app.table is not None
    return app
