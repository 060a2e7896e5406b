"""Why a bot did what it did, in one line: the answer to "May I go out?" and the taking
of a big pile (the explainable partner).

A reason is data, like the engine's refusals: a message id (English msgid, marked for
the app's catalogs) and its arguments; the app puts it into words in the current
language (`text`). `Bot.explain()` returns the reason for the bot's last move, or None.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass, field

from game.rules.moves import whole_number

from .base import N_

BIG_PILE = 5  # a take of a pile this large (or larger) is explained
BIG_LINE = 10  # a take this large with nothing in it that fits is "a pile this big"

# Answers to "May I go out?".
YES_SINGLE_CARD = N_("I hold a single card.")
YES_FEW_CARDS = N_("I hold only {cards} cards: little would count against us.")
YES_FEW_TO_MELD = N_("Another turn would let me meld only {points} points of my {cards} cards.")
YES_NONE_TO_MELD = N_("Another turn would not let me meld any of my {cards} cards.")
YES_STOCK_LOW = N_("The stock is nearly gone.")
YES_STOCK_DOWN = N_("The stock is down to {cards} cards: about {turns} more turns each.")
YES_THREAT = N_("The opponents are close to going out.")
YES_LITTLE_TO_MELD = N_("Little of my hand could still be melded.")
YES_GAME_WON = N_("Going out now wins the game.")
NO_POINTS = N_("I hold {points} points I can still meld.")
NO_CARDS = N_("I still hold {cards} cards to build with.")
NO_CANASTAS = N_("We are close to more canastas.")
NO_GAME_LOST = N_("Going out now would end the game with us behind.")
# Taking a big pile.
TAKE_STOCK_EMPTY = N_("The stock is empty: the pile is all there is.")
TAKE_OPENS = N_("It opens our melds.")
TAKE_OPENS_FIT = N_("It opens our melds and brings {fit} cards we can use.")
TAKE_RED_THREE = N_("It holds a red three.")
TAKE_RED_THREES = N_("It holds {n} red threes.")
TAKE_WILD = N_("It holds a wild card.")
TAKE_WILDS = N_("It holds {n} wild cards.")
TAKE_FIT = N_("{fit} of its cards fit my hand or our melds.")
TAKE_MELD_FIT = N_("{fit} of its cards fit our melds.")
TAKE_PAIRS = N_("{n} of its cards come in pairs, a start for new melds.")
TAKE_TOP = N_("Its top card goes straight into a meld, and the cards under it come with it.")
TAKE_BIG = N_("A pile this big is worth taking.")
# Hard, when its search overrode Normal's judgement.
SEARCHED = N_("I played out {worlds} likely deals: this did best.")
# Easy.
HUNCH = N_("Just a hunch.")
EASY_TAKE = N_("I take big piles when I can.")


# Each reason's short, stable name: how a save keeps it (the English of a msgid may be
# reworded; a save written before that must still read back).
REASON_KEYS: dict[str, str] = {
    "yes-single-card": YES_SINGLE_CARD,
    "yes-few-cards": YES_FEW_CARDS,
    "yes-few-to-meld": YES_FEW_TO_MELD,
    "yes-none-to-meld": YES_NONE_TO_MELD,
    "yes-stock-low": YES_STOCK_LOW,
    "yes-stock-down": YES_STOCK_DOWN,
    "yes-threat": YES_THREAT,
    "yes-little-to-meld": YES_LITTLE_TO_MELD,
    "yes-game-won": YES_GAME_WON,
    "no-points": NO_POINTS,
    "no-cards": NO_CARDS,
    "no-canastas": NO_CANASTAS,
    "no-game-lost": NO_GAME_LOST,
    "take-stock-empty": TAKE_STOCK_EMPTY,
    "take-opens": TAKE_OPENS,
    "take-opens-fit": TAKE_OPENS_FIT,
    "take-red-three": TAKE_RED_THREE,
    "take-red-threes": TAKE_RED_THREES,
    "take-wild": TAKE_WILD,
    "take-wilds": TAKE_WILDS,
    "take-fit": TAKE_FIT,
    "take-meld-fit": TAKE_MELD_FIT,
    "take-pairs": TAKE_PAIRS,
    "take-top": TAKE_TOP,
    "take-big": TAKE_BIG,
    "searched": SEARCHED,
    "hunch": HUNCH,
    "easy-take": EASY_TAKE,
}
_KEY_OF = {msgid: key for key, msgid in REASON_KEYS.items()}
MAX_ARG = 10**6  # a count of cards, points or worlds; anything larger is not ours


def _fields(msgid: str) -> frozenset[str]:
    return frozenset(name for _, name, _, _ in string.Formatter().parse(msgid) if name)


@dataclass(frozen=True, slots=True)
class BotReason:
    """One line of explanation: `msgid` formatted with `args` when shown."""

    msgid: str
    args: tuple[tuple[str, int], ...] = ()
    # What the bot may say of it to the whole table, where that is not the same for every
    # reason of this msgid (`public_form`); not saved (a save keeps the partner's reasons
    # whole and the others' already in their public form) and not compared.
    public: BotReason | None = field(default=None, compare=False)

    @classmethod
    def of(cls, msgid: str, **args: int) -> BotReason:
        return cls(msgid, tuple(sorted(args.items())))

    def said_publicly_as(self, public: BotReason) -> BotReason:
        """This reason, saying `public` to the whole table (`public_form`)."""
        return BotReason(self.msgid, self.args, public)

    def text(self, translate: Callable[[str], str] = str) -> str:
        """The reason in words; `translate` is the app's `_` (English when omitted)."""
        return translate(self.msgid).format(**dict(self.args))

    @property
    def code(self) -> str:
        """The reason as one word of text, e.g. `no-points:points=120` (saves keep it)."""
        return ":".join([_KEY_OF[self.msgid], *(f"{name}={value}" for name, value in self.args)])

    @classmethod
    def from_code(cls, code: str) -> BotReason | None:
        """The reason `code` names, or None when it names none: an unknown key, or
        arguments that are not exactly its message's, as whole numbers."""
        key, *parts = code.split(":")
        msgid = REASON_KEYS.get(key)
        if msgid is None:
            return None
        args: dict[str, int] = {}
        for part in parts:
            name, equals, text = part.partition("=")
            value = whole_number(text, 7, signed=True)
            if not equals or name in args or value is None or abs(value) > MAX_ARG:
                return None
            args[name] = value
        if set(args) != _fields(msgid):
            return None
        return cls.of(msgid, **args)


# What anyone at the table may be told of a reason: the facts everyone sees (the pile, the
# stock, hand sizes, the melds). A reason that counts the bot's own hidden cards (points it
# can meld, cards that fit its hand, canastas it is close to) is for its partner only; to
# the others it says what the public part of it says, or nothing. (A reason chosen because a
# hidden count was low would tell that too: such a take is named as the one chosen when it
# was high. A take whose hidden count was high carries the line the table's facts alone give,
# `BotReason.public`, and says that one to the others: the line a low count would have said.)
_PUBLIC = frozenset(
    {
        YES_SINGLE_CARD,
        YES_STOCK_LOW,
        YES_STOCK_DOWN,
        YES_THREAT,
        TAKE_STOCK_EMPTY,
        TAKE_OPENS,
        TAKE_RED_THREE,
        TAKE_RED_THREES,
        TAKE_WILD,
        TAKE_WILDS,
        TAKE_MELD_FIT,
        TAKE_PAIRS,
        TAKE_TOP,
        TAKE_BIG,
        SEARCHED,
        HUNCH,
        EASY_TAKE,
    }
)
_PUBLIC_PART = {TAKE_OPENS_FIT: TAKE_OPENS, TAKE_FIT: TAKE_BIG}


def public_form(reason: BotReason | None) -> BotReason | None:
    """`reason` as the bot may say it to the whole table (opponents, several people at one
    screen), or None when all of it is the bot's own hidden hand."""
    if reason is None:
        return None
    if reason.msgid in _PUBLIC:
        return reason
    if reason.public is not None:
        return reason.public
    if reason.msgid in _PUBLIC_PART:
        return BotReason.of(_PUBLIC_PART[reason.msgid])
    if reason.msgid == YES_FEW_CARDS and dict(reason.args).get("cards") == 2:
        return reason  # (said for any hand of two, before anything hidden is weighed)
    return None
