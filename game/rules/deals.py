"""The kinds of deal the engine plays: each the rules of its deal bound to its move listing
and going-out planner.

`GameState` (game/rules/state.py) holds the rules every variant shares and `FamilyState`
(game/rules/family.py) the Samba family's; neither imports its listing, which needs them
(the listing checks moves with the rules' own validation, and the rules ask the planner
whether the player may still go out). The two meet here, above both, so no module of the
rules imports another in a circle. `GameState.empty` (and so `deal`, `from_observation`
and positions) builds the kind that declares the variant's `meld_list`.
"""

from __future__ import annotations

from .family import FamilyState
from .family_moves import can_go_out_in_steps
from .family_moves import go_out_plan as family_go_out_plan
from .family_moves import legal_moves as family_legal_moves
from .movegen import go_out_plan as classic_go_out_plan
from .movegen import legal_moves as classic_legal_moves
from .state import GameState


class ClassicDeal(GameState, meld_list=False):
    """A deal whose melds are keyed by rank: classic, two- to six-hand."""

    __slots__ = ()
    legal_moves = classic_legal_moves
    go_out_plan = classic_go_out_plan


class FamilyDeal(FamilyState, meld_list=True):
    """A deal of the Samba family: Samba, Bolivia, Hand and Foot."""

    __slots__ = ()
    legal_moves = family_legal_moves
    go_out_plan = family_go_out_plan

    def can_go_out(self) -> bool:
        """Could the player to act go out this turn (R-ASK)? The planner's one move, or a
        few meld moves first (new sequences, closed books: `can_go_out_in_steps`)."""
        return can_go_out_in_steps(self)
