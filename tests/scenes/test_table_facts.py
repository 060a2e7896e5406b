"""What the table says of a side's melds as the cards land (game/scenes/table_facts.py)."""

from __future__ import annotations

from rules_helpers import position

from game.scenes import table_facts


def test_the_minimum_is_met_once_the_opening_is_seen_to_count_it():
    """A "min 50 · met" stood beside "melded 10" while an opening flew in (play-test,
    stop 56): met once the landed cards count the minimum, or all of them have landed."""
    state = position(
        ["C5 H7 S9", "C4", "C6", "C8"], melds=[{"K": "CK DK HK", "A": "CA DA HA"}, {}], discard="S4", phase="meld"
    )
    kings = {c for m in state.side_melds(0) for c in m.cards if c.rank.symbol == "K"}
    aces = {c for m in state.side_melds(0) for c in m.cards if c.rank.symbol == "A"}
    assert table_facts.minimum_met(state, 0, 50)  # (nothing flying)
    assert not table_facts.minimum_met(state, 0, 50, lambda c: False)  # nothing landed yet
    assert not table_facts.minimum_met(state, 0, 50, lambda c: c in kings)  # 30 of 90 down
    assert table_facts.minimum_met(state, 0, 50, lambda c: c in kings or c in aces)  # 90
    one_ace = next(iter(aces))
    assert table_facts.minimum_met(state, 0, 50, lambda c: c in kings or c == one_ace)  # 50: counted
    assert table_facts.minimum_met(state, 0, 120, lambda c: True)  # every card down: met (as the rules say)
    assert not table_facts.minimum_met(state, 1, 50)  # a side with nothing down
