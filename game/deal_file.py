"""A deal to share: a small text file that replays to the very same position.

    # Canasta deal
    format: canasta-deal/1
    variant: classic
    target: 5000
    seed: 7
    first_dealer: 0
    deal: 0
    moves:
    draw
    meld HA CA D2
    discard C5

The header is `name: value` lines, then `moves:` and one move a line in the
engine's notation (RULES.md section 11); `#` starts a comment, blank lines are
ignored. Opening replays the moves from the seed (the engine is deterministic),
so nothing in the file is ever executed and a file cannot describe an impossible
position: an edited, truncated or hostile file is refused with a `DealFileError`
(a message id, its arguments and the line it concerns) and nothing changes.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from typing import Any

from game import storage
from game.i18n import N_, _
from game.notices import Notice, shown
from game.rules import Game, Move, RulesConfig, RulesError
from game.rules.moves import whole_number
from game.rules.variants import VARIANT_IDS, variant_named
from game.why_not import RefusedMove

FORMAT_PREFIX = "canasta-deal/"
VERSION = 1
FORMAT = f"{FORMAT_PREFIX}{VERSION}"
SUFFIX = ".canasta.txt"
MAX_BYTES = 2 * 1024 * 1024  # a whole game is a few thousand short lines
MAX_MOVES = 100_000
MAX_LINE = 400
HEADER_FIELDS = ("format", "variant", "target", "seed", "first_dealer", "deal")


class DealFileError(ValueError):
    """A deal file that cannot be opened: `msgid` with `args`, and the line (1-based) it
    concerns, or 0 for the file as a whole."""

    def __init__(self, msgid: str, line: int = 0, **args: Any) -> None:
        self.msgid = msgid
        self.line = line
        self.args_ = args
        super().__init__(msgid.format(**args) + (f" (line {line})" if line else ""))

    def message(self) -> str:
        text = _(self.msgid).format(**{name: shown(value) for name, value in self.args_.items()})
        return _("{text} (line {line})").format(text=text, line=self.line) if self.line else text


@dataclass
class SharedDeal:
    """What a deal file holds; `game` is the replayed engine game."""

    config: RulesConfig
    seed: int
    first_dealer: int = 0
    deal_number: int = 0
    moves: list[str] = field(default_factory=list)
    game: Game | None = None


def export_text(game: Game) -> str:
    """The file's text for `game` as it stands (in progress or finished), its first dealer
    the game's own."""
    lines = [
        "# Canasta deal: open it in Canasta (or pass it on the command line) to replay it",
        f"format: {FORMAT}",
        f"variant: {game.config.variant}",
        f"target: {game.config.target}",
        f"seed: {game.seed}",
        f"first_dealer: {game.first_dealer}",
        f"deal: {game.deal_number}",
        "moves:",
    ]
    lines += [str(move) for move in game.history]
    return "\n".join(lines) + "\n"


def _integer(text: str, name: str, line: int, low: int, high: int) -> int:
    value = whole_number(text, 19, signed=True)
    if value is None or not low <= value <= high:
        raise DealFileError(
            N_("'{name}' must be a whole number from {low} to {high}"), line, name=name, low=low, high=high
        )
    return value


def parse_text(data: bytes) -> SharedDeal:
    """Check a deal file's bytes and replay it. Raises DealFileError (only)."""
    try:
        return _parse_text(data)
    except DealFileError:
        raise
    except Exception as error:  # last resort: a file handed to us must never crash the app
        raise DealFileError(N_("the file could not be understood ({error})"), error=type(error).__name__) from None


def _parse_text(data: bytes) -> SharedDeal:
    if len(data) > MAX_BYTES:
        raise DealFileError(N_("the file is larger than {size}: not a deal"), size="2\u00a0MB")
    try:
        text = data.decode("utf-8-sig")  # (a byte order mark, as some Windows editors write)
    except UnicodeDecodeError:
        raise DealFileError(N_("the file is not UTF-8 text")) from None
    header: dict[str, tuple[str, int]] = {}
    moves: list[tuple[str, int]] = []
    in_moves = False
    for number, raw in enumerate(text.splitlines(), start=1):
        if len(raw) > MAX_LINE:
            raise DealFileError(N_("a line is longer than {n} characters"), number, n=MAX_LINE)
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if in_moves:
            if len(moves) >= MAX_MOVES:
                raise DealFileError(N_("more than {n} moves"), number, n=MAX_MOVES)
            moves.append((line, number))
        elif line.lower() == "moves:":
            in_moves = True
        else:
            name, colon, value = line.partition(":")
            name = name.strip().lower()
            if not colon or name not in HEADER_FIELDS:
                raise DealFileError(N_("unknown line {text!r} before 'moves:'"), number, text=line[:40])
            if name in header:
                raise DealFileError(N_("'{name}' is given twice"), number, name=name)
            header[name] = (value.strip(), number)
    written, format_line = header.get("format", ("", 0))
    if written != FORMAT and written.startswith(FORMAT_PREFIX):
        version = whole_number(written[len(FORMAT_PREFIX) :])
        if version is not None and version > VERSION:
            raise DealFileError(
                N_("the deal was written by a newer version of Canasta ({format})"), format_line, format=written[:40]
            )
    if written != FORMAT:
        raise DealFileError(
            N_("the file is not a Canasta deal (it must say 'format: {format}')"),
            header.get("format", ("", 0))[1],
            format=FORMAT,
        )
    if not in_moves:
        raise DealFileError(N_("the file has no 'moves:' line"))
    for name in ("variant", "seed"):
        if name not in header:
            raise DealFileError(N_("'{name}' is missing"), name=name)
    variant_text, variant_line = header["variant"]
    rules = variant_named(variant_text)
    if rules is None:
        raise DealFileError(
            N_("unknown variant {name!r} (one of: {names})"),
            variant_line,
            name=variant_text[:40],
            names=", ".join(VARIANT_IDS),
        )
    allowed = rules.targets or (0,)  # a game of a number of deals (Hand and Foot) has target 0
    target_text, target_line = header.get("target", (str(allowed[0]), 0))
    target = _integer(target_text, "target", target_line, 0, 10**6)
    if target not in allowed:
        raise DealFileError(
            N_("a {variant} game is played to {targets}, not {target}"),
            target_line,
            variant=Notice(rules.name),
            targets=" / ".join(map(str, allowed)),
            target=target,
        )
    config = RulesConfig.for_variant(rules.id, target)
    seed_text, seed_line = header["seed"]
    seed = _integer(seed_text, "seed", seed_line, -(2**63) + 1, 2**63 - 1)
    dealer_text, dealer_line = header.get("first_dealer", ("0", 0))
    first_dealer = _integer(dealer_text, "first_dealer", dealer_line, 0, config.players - 1)
    deal_text, deal_line = header.get("deal", ("-1", 0))
    deal = _integer(deal_text, "deal", deal_line, -1, 10**4)
    game = Game(config, seed, first_dealer)
    for text, number in moves:
        try:
            game.apply(Move.parse(text))
        except RulesError as error:
            raise DealFileError(
                N_("the move {move!r} cannot be played here: {reason}"),
                number,
                move=text[:40],
                reason=RefusedMove(error),
            ) from None
    if deal >= 0:
        while game.deal_number < deal and game.state.result is not None and not game.is_over:
            game.next_deal()  # the next deal had begun, with no move yet
        if game.deal_number != deal:
            raise DealFileError(
                N_("the moves end in deal {actual}, the file says deal {deal}"),
                deal_line,
                actual=game.deal_number,
                deal=deal,
            )
    return SharedDeal(config, seed, first_dealer, game.deal_number, [t for t, _n in moves], game)


def read(path: str) -> SharedDeal:
    """Open a deal file. Raises DealFileError, never anything else."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a folder, a pipe, a device: never wait on it
            raise DealFileError(N_("{name} is not a file"), name=os.path.basename(path) or path)
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise DealFileError(N_("the file cannot be read ({error})"), error=storage.error_reason(error)) from None
    return parse_text(data)
