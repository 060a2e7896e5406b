"""The last going-out plan the move listing made, for the questions asked right after it.

Listing the moves of the meld phase plans a way out (it decides `ask`); then a bot asks for
that plan again, of the state itself or of a stand-in built from its observation (Normal's
`Knowledge.pseudo_state`), and `apply(ask)` asks whether the player can go out. Each
answer is a pure function of a few facts of the state (`GameState.plan_facts`: the hand,
the per-rank counts, the side's melds, the turn, the phase...), so the listing remembers
its answer under those facts, and a later question whose facts are equal gets it back
instead of planning again. Nothing is keyed by a state's identity: a state changed in any
way (by `apply`, or by a test writing its fields) has other facts and plans anew, so a
remembered plan can never be stale.
"""

from __future__ import annotations

from .moves import Plan

# (facts, plan, can go out: True / False, or None when the listing did not find out)
_last: tuple[tuple[object, ...] | None, Plan | None, bool | None] = (None, None, None)


def remember(facts: tuple[object, ...], plan: Plan | None, can_go_out: bool | None) -> None:
    """Keep the listing's plan (and whether the player can go out, when it found out)."""
    global _last
    _last = (facts, _copied(plan), can_go_out)


def recalled(facts: tuple[object, ...]) -> tuple[bool, Plan | None, bool | None]:
    """(found, plan, can go out) remembered for exactly these facts; found False otherwise."""
    entry = _last  # (one read: another thread's `remember` swaps the whole entry)
    if entry[0] is None or entry[0] != facts:
        return False, None, None
    return True, _copied(entry[1]), entry[2]


def forget() -> None:
    """Drop the remembered plan (tests compare with planning afresh)."""
    global _last
    _last = (None, None, None)


def _copied(plan: Plan | None) -> Plan | None:
    """A plan's own list of groups: a caller may change the list it is given."""
    return None if plan is None else (list(plan[0]), plan[1])
