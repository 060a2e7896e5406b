"""The player's hand arranged: sorted (by rank, by suit), re-ordered by hand (cards
dropped within it, or carried with Shift and the arrows), and the keyboard's cursor
and selection over it. No pygame; it changes only the `HandUI`, never the game.

The table controller owns one (`controller.arranger`); the mouse, the keys and the
buttons call it, and it tells the host to re-place the cards (and, for an order the
save keeps, that the hand was arranged).
"""

from __future__ import annotations

from typing import Protocol

from game.rules import Card
from game.scenes.hand_state import HandUI
from game.scenes.table_host import TableHost


class ArrangedTable(Protocol):
    """What the arranger needs of the table controller."""

    @property
    def ui(self) -> HandUI: ...
    @property
    def host(self) -> TableHost: ...
    def hand_cards(self) -> list[Card]: ...


class HandArranger:
    def __init__(self, table: ArrangedTable) -> None:
        self.table = table

    def sort_hand(self, mode: str) -> None:
        """Sort by "rank" or by "suit" (the buttons, R)."""
        self.table.ui.sort_mode = mode
        self.table.host.cards_moved()
        self.table.host.hand_arranged()

    def toggle_sort(self) -> None:
        """S: by suit after by rank, else by rank."""
        self.sort_hand("suit" if self.table.ui.sort_mode == "rank" else "rank")

    def reorder(self, cards: list[Card], index: int) -> None:
        """Put `cards` at `index` among the hand's other cards (a custom order)."""
        shown = [c for c in self.table.hand_cards() if c not in cards]
        self._custom_order(shown[:index] + cards + shown[index:])
        self.table.host.cards_moved()

    def _custom_order(self, order: list[Card]) -> None:
        """The hand in `order` (its cards not in it after), the player's own: a save keeps it."""
        ui = self.table.ui
        ui.order = order + [c for c in ui.order if c not in order]
        ui.sort_mode = "custom"
        self.table.host.hand_arranged()

    def move_cursor(self, step: int, carry: bool = False) -> None:
        """Arrow keys: the focus cursor over the hand; `carry` moves the card along."""
        ui = self.table.ui
        cards = self.table.hand_cards()
        if not cards:
            ui.cursor = None
            return
        if ui.cursor not in cards:  # Home / End go to their ends; an arrow comes in from its side
            ui.cursor = cards[0] if (step > 0) == (abs(step) == 1) else cards[-1]
            self.table.host.cards_moved()
            return
        index = cards.index(ui.cursor)
        target = max(0, min(len(cards) - 1, index + step))
        if carry and target != index:
            order = list(cards)
            order[index], order[target] = order[target], order[index]
            self._custom_order(order)
        else:
            ui.cursor = cards[target]
        self.table.host.cards_moved()

    def select_cursor(self, state: bool | None = None) -> bool:
        """Space / Up / Down: select, toggle or unselect the card under the cursor."""
        ui = self.table.ui
        card = ui.cursor
        if card is None or card not in self.table.hand_cards():
            return False
        if state is None:
            state = card not in ui.selected
        if state:
            ui.selected.add(card)
        else:
            ui.selected.discard(card)
        self.table.host.cards_moved()
        return True

    def clear_selection(self) -> None:
        self.table.ui.selected.clear()
        self.table.host.cards_moved()
