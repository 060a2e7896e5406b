"""The Normal bot's weighing of every discard in the player's hand, made once from an
observation and passed to whatever reads it: the risky-discard box (game/hints.py
`discard_question`), the card it names instead, and the H hint's words for a discard.

    weighed = weigh_discards(observation)
    weighed.choice                 # the card Normal would discard (its tie-break among equal costs)
    weighed.cheapest()             # that card and those tied with it, Normal's first
    weighed.giving_less(card)      # the discards that give the next player less away than it

Before, on a risky discard the box weighed the hand twice a click (its cheapest cards,
then what each gives away or the safer card to name) and the H hint four times (its words
made twice, each weighing twice); and among tied cards the box named the first in the
hand's order, the hint Normal's: the box named the 9♠, the hint then said "Discard the 8♦"
(stop 65). One weighing a question or a hint, one tie-break: the card the box names is the
card the hint discards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules import Card, MoveKind, Observation

if TYPE_CHECKING:
    from game.bots.normal import DiscardWeighing


@dataclass(frozen=True)
class DiscardWeighings:
    """What Normal weighed each legal discard of one observation at, by face, in the legal
    moves' order (the hand's canonical order, in which Normal breaks ties); empty when the
    bot could not weigh them (a bot bug says nothing more, it never breaks the table)."""

    by_face: Mapping[str, DiscardWeighing]

    def get(self, card: Card) -> DiscardWeighing | None:
        return self.by_face.get(card.face)

    @property
    def choice(self) -> Card | None:
        """The card Normal discards of these (`first_cheapest`: the first of the cheapest in
        the legal moves' order), the one the hint names; None when none was weighed."""
        from game.bots.normal import first_cheapest

        return first_cheapest((w.card, w.cost) for w in self.by_face.values())

    def cheapest(self) -> list[Card]:
        """The discards of the least cost (ties all), `choice` first: the cards the hint
        would as soon discard; [] when none was weighed."""
        choice = self.choice
        if choice is None:
            return []
        least = self.by_face[choice.face].cost
        return [choice, *(w.card for w in self.by_face.values() if w.cost <= least and w.card != choice)]

    def is_cheapest(self, card: Card) -> bool:
        """`card` is one of `cheapest`: Normal would as soon discard it."""
        return any(c.face == card.face for c in self.cheapest())

    def giving_less(self, card: Card, or_as_little: bool = False) -> list[Card]:
        """The discards that give the next player less away than `card` (with `or_as_little`,
        those of other ranks that give as little too: one of its own rank giving the same is
        the same card to them, not another as safe); what a card gives away is Normal's
        `danger`, the chance they could take the pile with it on top times what the take would
        bring them. [] when `card` was not weighed. The one comparison behind the box's "the
        least" or "less" and the hint's "gives the least away" or "none gives less"."""
        mine = self.get(card)
        if mine is None:
            return []
        return [
            w.card
            for w in self.by_face.values()
            if w.card.face != card.face
            and (
                _gives_more(mine.danger, w.danger)
                or (or_as_little and w.card.rank != card.rank and not _gives_more(w.danger, mine.danger))
            )
        ]


def weigh_discards(obs: Observation) -> DiscardWeighings:
    """Normal's `weigh_discard` of each legal discard of `obs` (one Knowledge, one policy with
    the variant's weights, as the hint's bot plays: game/hints.py `HINT_LEVEL`)."""
    try:
        from game.bots.knowledge import Knowledge
        from game.bots.normal import NormalPolicy

        kn, policy = Knowledge(obs), NormalPolicy()
        weighed: dict[str, DiscardWeighing] = {}
        for move in obs.legal:
            if move.kind is MoveKind.DISCARD and move.card is not None and move.card.face not in weighed:
                weighed[move.card.face] = policy.weigh_discard(kn, move.card)
    except Exception:  # noqa: BLE001 - a bot bug must not break the hint: say nothing more
        return DiscardWeighings({})
    return DiscardWeighings(weighed)


def _gives_more(danger: float, than: float) -> bool:
    """`danger` is more than `than`: two cards that offer the same pile with the same chance
    weigh the same (computed alike, up to the last bits of a float)."""
    return danger > than + 1e-9 * max(1.0, abs(than))
