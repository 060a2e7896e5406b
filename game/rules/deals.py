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

from collections.abc import Callable
from typing import TypeVar

from .family import FamilyState
from .family_moves import can_go_out_in_steps
from .family_moves import go_out_plan as family_go_out_plan
from .family_moves import legal_moves as family_legal_moves
from .movegen import go_out_plan as classic_go_out_plan
from .movegen import legal_moves as classic_legal_moves
from .moves import Plan
from .phase import Phase
from .plan_memo import recalled
from .state import GameState

_MELD_PHASE = Phase.MELD  # (an Enum member costs more to read than a global)
S = TypeVar("S", bound=GameState)


def _recalled_or_planned(state: S, planner: Callable[[S], Plan | None]) -> Plan | None:
    """`planner`'s way out for `state`: the one the move listing just made when the state's
    facts are the ones it planned for (game/rules/plan_memo.py), else planned now."""
    if state.phase is _MELD_PHASE:
        found, plan, _ = recalled(state.plan_facts())
        if found:
            return plan
    return planner(state)


class ClassicDeal(GameState, meld_list=False):
    """A deal whose melds are keyed by rank: classic, two- to six-hand."""

    __slots__ = ()
    legal_moves = classic_legal_moves

    def go_out_plan(self) -> Plan | None:
        return _recalled_or_planned(self, classic_go_out_plan)


class FamilyDeal(FamilyState, meld_list=True):
    """A deal of the Samba family: Samba, Bolivia, Hand and Foot."""

    __slots__ = ()
    legal_moves = family_legal_moves

    def go_out_plan(self) -> Plan | None:
        return _recalled_or_planned(self, family_go_out_plan)

    def can_go_out(self) -> bool:
        """Could the player to act go out this turn (R-ASK)? The planner's one move, or a
        few meld moves first (new sequences, closed books: `can_go_out_in_steps`); what the
        move listing just found out, for the facts it planned for."""
        if self.phase is _MELD_PHASE:
            found, plan, out = recalled(self.plan_facts())
            if found and (out is not None or plan is not None):
                return out if out is not None else True
        return can_go_out_in_steps(self)
