"""What the table tells the player of the turn, and how to play it: the status line
(whose turn, what to do now), the running count of an initial meld being staged, and
the hint (the Normal bot's move for the player, explained; never played). No pygame.

The table controller owns one (`controller.guide`) and drops a spent hint as time
passes (`TableController.tick`); the view reads it through the scene (`TableStatus`).
"""

from __future__ import annotations

from typing import Protocol

from game.bots.base import private_seed
from game.hints import Hint, card_name, explain_hint, make_hint, naming
from game.i18n import N_, _, get_language
from game.note import Note, note
from game.rules import Card, MoveKind, Phase, Rank
from game.rules.melds import meld_problem, sequence_problem, wild_meld_problem
from game.rules.variants import Variant
from game.scenes.table_host import TableCore
from game.scenes.table_source import at_screen
from game.why_not import Refusal


def no_meld_yet(group: list[Card], rules: Variant) -> bool:
    """Whether a staged `group` of three or more cards is no legal meld as it stands (R-MELD,
    V-SAMBA-MELDS, V-BOL-WILD): staging lets a group be built up card by card, but until it is
    a meld it does not count toward the minimum. Black threes are judged when laid (going out)."""
    naturals = [c for c in group if not c.is_wild]
    if not naturals:
        return not rules.wild_melds or wild_meld_problem(len(group)) is not None
    ranks = {c.rank for c in naturals}
    if len(ranks) > 1:  # (staged only where a sequence may be one: the Samba family)
        return sequence_problem(group) is not None
    rank = naturals[0].rank
    if rank == Rank.THREE:
        return False
    return meld_problem(rank, len(naturals), len(group) - len(naturals), rules) is not None


class GuidedTable(TableCore, Protocol):
    """What the guide needs of the table controller beyond its core: the message and the
    refusal (a hint replaces them), and what seeds the hint."""

    said: tuple[Note | Refusal, float, bool] | None  # what the table says above the hand, as data
    refusal: Refusal | None
    landing: bool  # the move that gave the person the turn is still flying in
    landing_from: int | None  # ... whose (None: the deal)
    dealing: bool  # the deal's cards are still flying, whoever leads

    @property
    def seed(self) -> int: ...
    @property
    def moves_played(self) -> int: ...


class TableGuide:
    def __init__(self, table: GuidedTable) -> None:
        self.table = table
        self.hint: Hint | None = None
        self.hint_version = -1  # the controller's version the hint was made for
        self._hint_text: tuple[tuple[str, int], str] | None = None

    def forget(self) -> None:
        """No hint (another person sits at the screen, or a new game)."""
        self.hint = None
        self._hint_text = None
        self.hint_version = -1

    def show_hint(self) -> bool:
        """Ask the Normal bot for the player's move and show it explained, with the cards
        it uses lit; it is never played for the player."""
        table = self.table
        st = table.game.state
        if not at_screen(table, st.to_act) or st.phase is Phase.OVER:  # (watching the bots: nobody's turn)
            table.say(note(N_("A hint is for your turn.")), warn=False, seconds=3.0)
            return False
        table.host.cancel_gesture()
        with naming(table.seat_name):
            hint = make_hint(
                st.observation(table.human), seed=private_seed(table.seed, table.human, table.moves_played)
            )
        self.hint = hint
        self.hint_version = table.version
        self._hint_text = ((get_language(), table.version), hint.text)  # (explained once: the hand weighed once)
        table.ui.hinted = set(hint.cards)
        table.said = table.refusal = None
        table.host.cards_moved()
        return True

    def hint_text(self) -> str:
        """The hint in the current language (re-explained after a language switch)."""
        hint = self.hint
        if hint is None:
            return ""
        key = (get_language(), self.hint_version)
        if self._hint_text is None or self._hint_text[0] != key:
            with naming(self.table.seat_name):
                text = explain_hint(hint.move, self.table.game.state.observation(self.table.human), hint.reason)
            self._hint_text = (key, text)
        return self._hint_text[1]

    def clear_hint(self) -> None:
        if self.hint is not None or self.table.ui.hinted:
            self.hint = None
            self.table.ui.hinted = set()
            self.table.host.cards_moved()

    def status_text(self) -> str:
        """The turn's instruction under the hand: whose turn it is, what to do now."""
        st = self.table.game.state
        if st.phase is Phase.OVER:
            return _("The deal is over.")
        to_act = st.to_act
        asked = self.named_partner()
        if self.table.dealing:  # (a bot's lead too: its turn shows once the cards are down)
            return _("Dealing…")
        if self.table.landing and at_screen(self.table, to_act):  # not yet: the cards are still landing
            mover = self.table.landing_from
            if mover is None:
                return _("Dealing…")
            return _("{name} to play…").format(name=self.table.seat_name(mover))
        if not at_screen(self.table, to_act):  # (watching the bots: South is one)
            if st.phase is Phase.ANSWER and at_screen(self.table, st.turn):
                if asked is not None:
                    return _("Waiting for {name}'s answer…").format(name=asked)
                return _("Waiting for your partner's answer…")
            return _("{name} to play…").format(name=self.table.seat_name(to_act))  # type: ignore[arg-type]
        if st.phase is Phase.ANSWER:
            return _("{name} asks: may I go out?").format(name=self.table.seat_name(st.turn))
        if st.phase is Phase.DRAW:
            if not st.stock:
                return _(self.empty_stock_msgid())
            if not self.table.can(MoveKind.TAKE):  # (blocked, frozen without a pair, empty: the chip says why)
                return _("Your turn: click the stock to draw (D).")
            return _("Your turn: click the stock to draw (D), or take the pile (T).")
        if st.this_turn.answer is True:
            if asked is not None:
                return _("{name} said yes: you must go out this turn.").format(name=asked)
            return _("Your partner said yes: you must go out this turn.")
        if st.this_turn.answer is False:
            if asked is not None:
                return _("{name} said no: you may not go out this turn.").format(name=asked)
            return _("Your partner said no: you may not go out this turn.")
        selected = len(self.table.ui.selected)
        if selected == 1:  # how to play the raised card: a mouse player may not know the drag
            st = self.table.game.state
            if not st.side_melds(self.table.config.side_of(st.turn)):  # (no meld to add it to yet)
                return _("Drag the card onto the pile to discard it (X), or select more cards to meld with it.")
            return _("Drag the card onto a meld to add it (M), or onto the pile to discard it (X).")
        if selected > 1:
            return _("Click your melds area (or drag the cards there) to meld them (M).")
        return _("Meld if you can, then discard a card onto the pile.")

    def named_partner(self) -> str | None:
        """The partner the player asks, by name, where "your partner" could be either of two
        (six-hand-2x3: the partner who plays next, V-SIX-ASK); None elsewhere."""
        partner = self.partner_to_name()
        return None if partner is None else self.table.seat_name(partner)

    def partner_to_name(self) -> int | None:
        """`named_partner`'s seat (a note names it when drawn)."""
        table = self.table
        if not table.config.rules.ask_next_partner:
            return None
        return table.game.state.partner_of(table.human)

    def draw_first_msgid(self) -> str:
        """The refusal of a meld or discard before the draw: the pile named only when the
        player may take it (a black three, a frozen pile without the pair: the draw alone)."""
        if self.table.can(MoveKind.TAKE):
            return N_("Draw first: click the stock (D) or take the pile (T).")
        return N_("Draw first: click the stock (D).")

    def empty_stock_msgid(self) -> str:
        """What the player may do when the stock is empty: take or pass, or only take (the
        top card fits the side's meld: R-EXHAUSTED)."""
        if self.table.can(MoveKind.PASS):
            return N_("The stock is empty: take the pile or pass.")
        return N_("The stock is empty and the top card fits your meld: you must take the pile.")

    def stage_info(self) -> tuple[int, int, str] | None:
        """(count, minimum, hint) while an initial meld is being staged (not for additions
        held on a side that has melded)."""
        if not self.table.ui.staged or not self.table.staging():
            return None
        st = self.table.game.state
        groups = self.table.ui.staged
        short = st.phase is Phase.MELD and any(len(group) < 3 for group in groups)
        # A group of three or more that is no meld yet (one natural and two wild cards, say)
        # does not count either: the count showed it met, and Lay melds was refused (stop 57).
        unfit = st.phase is Phase.MELD and any(
            len(group) >= 3 and no_meld_yet(group, st.config.rules) for group in groups
        )
        if short or unfit:  # a group of one or two cards is no meld: it does not count (R-MELD)
            groups = [group for group in groups if len(group) >= 3 and not no_meld_yet(group, st.config.rules)]
        count = sum(c.value for group in groups for c in group)
        hint = (
            _("a group of fewer than three cards does not count")
            if short
            else _("a group that is no meld yet does not count")
            if unfit
            else ""
        )
        if st.phase is Phase.DRAW and st.pile and not st.pile_blocked():  # (a blocked pile is not taken)
            top = st.pile[-1]
            count += top.value
            hint = _("incl. the {card} on the pile: drop the take's cards on it").format(card=card_name(top))
        return count, st.minimum(self.table.human_side), hint
