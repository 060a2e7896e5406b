"""Positions: loading never fails with anything but a PositionError; round-trips."""

from __future__ import annotations

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st
from test_rules_cli import POSITION

from game.rules import PositionError, RulesError, position_from_json, position_to_json

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_arbitrary_json_is_refused_cleanly(value):
    try:
        position_from_json(value)
    except PositionError:
        pass


@settings(max_examples=400, deadline=None)
@given(key=st.sampled_from(sorted(POSITION)), value=json_values)
def test_mutated_positions_load_or_are_refused_cleanly(key, value):
    data = copy.deepcopy(POSITION)
    data[key] = value
    try:
        state = position_from_json(data)
    except RulesError:
        return
    again = position_from_json(json.loads(json.dumps(position_to_json(state))))
    assert position_to_json(again) == position_to_json(state)


def test_unplaced_cards_fill_the_stock_from_the_seed():
    a = position_from_json(POSITION)
    b = position_from_json(POSITION)
    c = position_from_json(dict(POSITION, seed=8))
    assert [x.face for x in a.stock] == [x.face for x in b.stock]
    assert [x.face for x in a.stock] != [x.face for x in c.stock]
    assert [x.face for x in reversed(a.stock)][:2] == ["S4", "H9"]
    placed = sum(len(h) for h in a.hands) + len(a.pile) + len(a.stock) + 4 + 1
    assert placed == 108


def test_stock_exact_keeps_only_the_listed_cards():
    state = position_from_json(dict(POSITION, stock_exact=True))
    assert [c.face for c in reversed(state.stock)] == ["S4", "H9"]
