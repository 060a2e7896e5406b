"""Why a bot did what it did, in one line: the answer to "May I go out?" and the taking
of a big pile (the explainable partner).

A reason is data, like the engine's refusals: a message id (English msgid, marked for
the app's catalogs) and its arguments; the app puts it into words in the current
language (`text`). `Bot.explain()` returns the reason for the bot's last move, or None.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .base import N_

BIG_PILE = 5  # a take of a pile this large (or larger) is explained

# Answers to "May I go out?".
YES_SINGLE_CARD = N_("I hold a single card.")
YES_FEW_CARDS = N_("I hold only {cards} cards.")
YES_STOCK_LOW = N_("The stock is nearly gone.")
YES_THREAT = N_("The opponents are close to going out.")
NO_POINTS = N_("I hold {points} points I can still meld.")
NO_CARDS = N_("I still hold {cards} cards to build with.")
NO_CANASTAS = N_("We are close to more canastas.")
# Taking a big pile.
TAKE_STOCK_EMPTY = N_("The stock is empty: the pile is all there is.")
TAKE_OPENS = N_("It opens our melds.")
TAKE_OPENS_FIT = N_("It opens our melds and brings {fit} cards we can use.")
TAKE_RED_THREE = N_("It holds a red three.")
TAKE_RED_THREES = N_("It holds {n} red threes.")
TAKE_WILD = N_("It holds a wild card.")
TAKE_WILDS = N_("It holds {n} wild cards.")
TAKE_FIT = N_("{fit} of its cards fit my hand or our melds.")
TAKE_BIG = N_("A pile this big is worth taking.")
# Hard, when its search overrode Normal's judgement.
SEARCHED = N_("I played out {worlds} likely deals: this did best.")
# Easy.
HUNCH = N_("Just a hunch.")
EASY_TAKE = N_("I take big piles when I can.")


@dataclass(frozen=True, slots=True)
class BotReason:
    """One line of explanation: `msgid` formatted with `args` when shown."""

    msgid: str
    args: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, msgid: str, **args: int) -> BotReason:
        return cls(msgid, tuple(sorted(args.items())))

    def text(self, translate: Callable[[str], str] = str) -> str:
        """The reason in words; `translate` is the app's `_` (English when omitted)."""
        return translate(self.msgid).format(**dict(self.args))
