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
import re
import string
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
            table = po.read(catalog_path(language)).translations()
        except (OSError, po.PoError) as error:
            notices.append(f"translations for {language} could not be loaded: {error}")
            table = {}
        if language in NO_SPACE_BETWEEN_WORDS:
            table = {key: CardsPlaced(text) for key, text in table.items()}
        _cache[language] = table
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
# Languages written without spaces between words: a list of cards sits in their sentences by
# `place_cards`'s rule (docs/i18n.md).
NO_SPACE_BETWEEN_WORDS = frozenset({"zh_CN"})


class CardText(str):
    """Card names as a sentence holds them ("9♣ 王牌", "4♠": game.hints.card_list and
    card_name make them): a translated text's `format` sets the spaces at its two edges
    (`place_cards`)."""


_FORMATTER = string.Formatter()
_IDEOGRAPH = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_WIDE_MARK = r"\u3000-\u303f\uff00-\uffef\u2018-\u201f"  # full-width punctuation, brackets, quotes


def _is(char: str, chars: str) -> bool:
    return bool(char) and re.fullmatch(f"[{chars}]", char) is not None


def _gap(card_edge: str, neighbour: str) -> str | None:
    """The space between a card list's edge character and the text's next non-space one:
    None to leave the text's own (anything not Chinese)."""
    if _is(neighbour, _WIDE_MARK):
        return ""  # 。，：（ are wide: no space beside them
    if _is(neighbour, _IDEOGRAPH):
        return "" if _is(card_edge, _IDEOGRAPH) else " "  # 王牌 is a word of the sentence; 4♠ is not
    return None


def place_cards(template: str, args: tuple, kwargs: dict) -> str:
    """`template.format(*args, **kwargs)`, each card list (`CardText`) spaced as a language
    without spaces between words writes it: one space between a card face and a Chinese
    character (打出 4♠), none between the joker's word and one (把 9♣ 王牌加到), none beside
    full-width punctuation (（9♣ 王牌）, 4♠。). Whatever stands beside a card list in the
    template (a space or none) is set by this rule, so every sentence follows it."""
    pieces: list[tuple[str, bool]] = []  # (text, is a card list)
    auto = 0
    for literal, field, spec, conversion in _FORMATTER.parse(template):
        if literal:
            pieces.append((literal, False))
        if field is None:
            continue
        if field == "":
            field, auto = str(auto), auto + 1
        value, _key = _FORMATTER.get_field(field, args, kwargs)
        value = _FORMATTER.convert_field(value, conversion)
        text = _FORMATTER.format_field(value, _FORMATTER.vformat(spec or "", args, kwargs))
        pieces.append((text, isinstance(value, CardText) and bool(text)))
    for index, (text, cards) in enumerate(pieces):
        if not cards:
            continue
        if index > 0 and not pieces[index - 1][1]:
            before = pieces[index - 1][0]
            kept = before.rstrip(" ")
            gap = _gap(text[0], kept[-1:]) if kept else None
            if gap is not None:
                pieces[index - 1] = (kept + gap, False)
        if index + 1 < len(pieces) and not pieces[index + 1][1]:
            after = pieces[index + 1][0]
            kept = after.lstrip(" ")
            gap = _gap(text[-1], kept[:1]) if kept else None
            if gap is not None:
                pieces[index + 1] = (gap + kept, False)
    return "".join(text for text, _cards in pieces)


class CardsPlaced(str):
    """A translated text of a language without spaces between words: its `format` places
    card lists by `place_cards`."""

    def format(self, *args: object, **kwargs: object) -> str:
        return place_cards(self, args, kwargs)


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


def _and_marks(english: bool = False) -> tuple[str, str]:
    """What stands between two names of a list read as one group (a side's seats), and what
    before its last: ", " and " & " in English (the table names a side of two "West & East"),
    、 and 、 in Chinese."""
    if english:
        return ", ", " & "
    return pgettext("a list ending in &", ", "), _(" & ")


def join_and(names: Iterable[str], english: bool = False) -> str:
    """Names read as one group, as the current language lists them (`english`: in English
    whatever the language): "West & East", "South-west, North & South-east" (three names
    read "South-west & North & South-east"); Chinese 西家、东家, 西南家、北家、东南家."""
    items = list(names)
    between, last = _and_marks(english)
    if len(items) < 3:
        return last.join(items)
    return between.join(items[:-1]) + last + items[-1]


def and_list_breaks(text: str) -> tuple[list[str], str]:
    """`text`, a list `join_and` made, cut where a line may break: after each of its marks.
    The pieces keep their marks, without the spaces after them ("South-west," "North &"
    "South-east"; 西南家、 北家、 东南家), and the second value joins two pieces on one
    line (a space; nothing in Chinese)."""
    between, last = _and_marks()
    marks = sorted({between, last}, key=len, reverse=True)
    parts = re.split("(" + "|".join(re.escape(mark) for mark in marks) + ")", text)
    pieces = [part + mark.rstrip() for part, mark in zip(parts[0::2], [*parts[1::2], ""])]
    return pieces, last[len(last.rstrip()) :]


def format_points(value: int) -> str:
    """A score as people write it: 1,045 and -2,300 (both languages group by thousands
    with a comma)."""
    return f"{value:,}"
