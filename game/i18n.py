"""Translation of every string the player sees: English and Simplified Chinese.

    from game.i18n import _, N_
    label = _("New game")            # call at draw time: the language can change
    CHOICES = [N_("Easy"), ...]      # marks a constant for extraction; _() it when shown

Catalogs are standard gettext .po files in game/locale/<lang>/LC_MESSAGES/
canasta.po, read directly by game.po (no compiled .mo: nothing to go stale,
no build step). English is the source language (msgids), so it needs no
catalog. `set_language()` switches at once; a missing or untranslated string
falls back to English. `tools/extract_strings.py` refreshes the catalogs from
the code. (A PyInstaller bundle must add game/locale as data "game/locale".)
"""

from __future__ import annotations

import locale
import os
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from game import po
from game.paths import resource_path

DOMAIN = "canasta"
DEFAULT_LANGUAGE = "en"
# Each language's name in that language, so anyone can find their own.
LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文"}


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The player's system language as one of ours: Chinese for a Chinese locale, else
    English. Read as gettext does (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), then the
    system's own locale (Windows and macOS set no variables)."""
    env = os.environ if environ is None else environ
    names = [env.get(name, "") for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    if environ is None:
        try:
            names.append(locale.getlocale()[0] or "")
        except ValueError:  # an odd locale name
            pass
    for name in names:
        first = name.split(":")[0].strip().lower()
        if first and first not in ("c", "posix") and not first.startswith("c."):
            return "zh_CN" if first.startswith(("zh", "chinese")) else DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def locale_dir() -> Path:
    """game/locale, from source or from the bundle (game.paths; the bundle adds it
    as data "game/locale")."""
    return resource_path("game", "locale")


def catalog_path(language: str) -> Path:
    return locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.po"


_language = DEFAULT_LANGUAGE
_table: dict[str, str] = {}
_cache: dict[str, dict[str, str]] = {}
_override: Callable[[str], str] | None = None
notices: list[str] = []  # problems met while loading catalogs (shown by the app, never raised)


def _load(language: str) -> dict[str, str]:
    if language == DEFAULT_LANGUAGE:
        return {}
    if language not in _cache:
        try:
            _cache[language] = po.read(catalog_path(language)).translations()
        except (OSError, po.PoError) as error:
            notices.append(f"translations for {language} could not be loaded: {error}")
            _cache[language] = {}
    return _cache[language]


def _(text: str) -> str:
    """The player-visible `text` in the current language (English if untranslated)."""
    if _override is not None:
        return _override(text)
    return _table.get(text, text) if _table else text


def pgettext(context: str, text: str) -> str:
    """`text` as `context` reads it (gettext's msgctxt; the catalog keys it "context\\x04text"):
    one English text two places need told apart in another language ("↓ {n} older": the move
    log counts entries, the pile browser cards)."""
    if _override is not None:
        return _override(text)
    return _table.get(f"{context}\x04{text}", text) if _table else text


def N_(text: str) -> str:
    """Marks `text` for extraction without translating it now (module constants)."""
    return text


def set_language(language: str) -> str:
    """Switch the language of every later `_()` call; unknown codes fall back to
    English. Returns the language now in use."""
    global _language, _table
    if language not in LANGUAGES:
        notices.append(f"unknown language {language!r}; using English")
        language = DEFAULT_LANGUAGE
    _table = _load(language)
    _language = language
    return language


def get_language() -> str:
    return _language


def reload_catalogs() -> None:
    """Forget loaded catalogs (after editing a .po while the app runs)."""
    _cache.clear()
    set_language(_language)


def install(translate: Callable[[str], str] | None) -> None:
    """Route `_()` through `translate` (tests, pseudo-localisation); None resets
    to the catalogs."""
    global _override
    _override = translate


# Languages whose sentences follow each other with no space (their full stop is wide: 。).
NO_SPACE_BETWEEN_SENTENCES = frozenset({"zh_CN"})


def sentence_gap() -> str:
    """What goes between two sentences in the current language: a space, or nothing."""
    return "" if _language in NO_SPACE_BETWEEN_SENTENCES else " "


def join_sentences(parts: Iterable[str | None]) -> str:
    """Sentences one after another, as the current language writes them (empty parts left out)."""
    return sentence_gap().join(part for part in parts if part)


def join_names(names: Iterable[str]) -> str:
    """Names (or any short items) listed as the current language lists them: "a, b, c" in
    English, "a，b，c" in Chinese (the catalogue's ", ")."""
    return _(", ").join(names)


def format_points(value: int) -> str:
    """A score as people write it: 1,045 and -2,300 (both languages group by thousands
    with a comma)."""
    return f"{value:,}"
