"""The player's moves: gestures and keys turned into the engine's moves, or refused
with a reason and its rule. No pygame.

A click on the stock or the pile, cards dropped on a target (`DropTarget`, decided by
`table_layout.drop_target`), a double-click, the buttons (Lay melds, Take back, May I
go out?, Pass, the answer) and the keys of the moves (T, M, X, A) come here; a move
goes to the table controller's `play`, a refusal to its `refuse`.

Initial melds are *staged*: while the side has not melded, cards dropped on the
table wait there with a running count against the minimum, and are laid together
with one confirm (or taken back); the same staged groups go with a take of the pile.
An addition that alone would leave one card is held the same way (`HELD_BY`), and so are
black threes laid before the rest of a going out (R-BLACK3 judges them in the move that
goes out).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from game.hints import discard_question, naming
from game.i18n import N_
from game.note import SeatName, note
from game.rules import Card, Group, IllegalMove, Move, MoveKind, NotationError, Phase, Rank
from game.rules.family import open_group
from game.rules.melds import CANASTA_SIZE, Problem, one_rank_rule, sequence_problem, wild_meld_problem
from game.scenes import table_facts
from game.scenes.drop_verdict import DropVerdict
from game.scenes.dry_drop import DryTable
from game.scenes.hand_state import DropTarget
from game.scenes.moves_table import MovesTable

# Refusals of a single addition that another laid with it may lift: it is held (staged).
# R-BLACK3: black threes meld only in the move that goes out, so laid first they wait for
# the rest of it (a play-test in Bolivia, stop 59: a player told "yes" was refused them).
HELD_BY = frozenset({"R-KEEP-TWO", "V-KEEP-TWO", "R-BLACK3"})
# The drops a drag's preview judges (`PlayerMoves.verdict`): those that make a move or refuse
# one (onto the hand the cards are re-arranged; nowhere, they fly back).
JUDGED_DROPS = frozenset({"pile", "meld", "new-meld", "their-meld"})


class PlayerMoves:
    def __init__(self, table: MovesTable) -> None:
        self.table = table
        self.confirm_risky = False  # setting confirm_risky_discard (off without settings)
        self.by_key = False  # the move in hand came from a key (M): a refusal names the keys
        self._followers: tuple[tuple[object, ...], list[Card]] | None = None  # (what it was asked for, the answer)
        self._verdict: tuple[tuple[object, ...], DropVerdict | None] | None = None  # (the same)

    def not_now(self) -> bool:
        """True (after telling the player why) when it is not the player's move."""
        st = self.table.game.state
        if st.phase is Phase.OVER:
            self.table.refuse(N_("The deal is over."), "R-GAME")
            return True
        if not self.table.people:  # watching the bots: South's cards are a bot's, not the watcher's
            self.table.say(note(N_("Watching the bots: they play every seat.")), warn=False, seconds=3.0)
            return True
        if st.to_act != self.table.human:
            self._wait_note()
            return True
        if st.phase is Phase.ANSWER:
            self.table.refuse(N_('Your partner asked "May I go out?": answer first.'), st.ask_rule())
            return True
        return False

    def _wait_note(self) -> None:
        """A move tried while another seat plays (or answers, or the deal is still flying): said
        calmly, as a note where the table's messages show, not as a refusal with its rule; the
        cards fly back and nothing is kept. What is made once the card that passes the turn is on its
        way is held instead and played when it lands (TableScene._hold): only then is the turn
        certain to be the player's (docs/table.md, "The player's turn comes with the card")."""
        table = self.table
        st = table.game.state
        human = table.human
        if table.dealing:
            said = note(N_("The cards are being dealt: {name} plays first."), name=SeatName(st.to_act))  # type: ignore[arg-type]
        elif st.phase is Phase.ANSWER and st.turn == human:  # (the line under the hand says whose answer
            asked = table.guide.partner_to_name()  # is awaited: the note says what comes of it)
            if asked is not None:
                said = note(N_("Your turn goes on once {name} has answered."), name=SeatName(asked))
            else:
                said = note(N_("Your turn goes on once your partner has answered."))
        else:
            order = st.order
            before = order[order.index(human) - 1] if human in order else None
            name = SeatName(st.turn)
            if st.turn == before:
                said = note(N_("{name} is playing: your turn comes next."), name=name)
            elif before is not None:
                said = note(N_("{name} is playing: your turn comes after {last}'s."), name=name, last=SeatName(before))
            else:
                said = note(N_("{name} is playing."), name=name)
        table.say_waiting(said)  # (it goes when the turn it speaks of is over)
        table.host.cards_moved()  # (cards dropped fly back to the hand)

    def pass_offered(self) -> bool:
        """The stock is empty and the player may pass (the Pass button shows)."""
        st = self.table.game.state
        return self.table.my_turn() and st.phase is Phase.DRAW and not st.stock and self.table.can(MoveKind.PASS)

    def not_draw_time(self) -> bool:
        """True (after telling the player why) unless the player may draw or take now."""
        if self.not_now():
            return True
        if self.table.game.state.phase is not Phase.DRAW:
            self.table.refuse(N_("You have drawn already: meld, then discard."), "R-TURN")
            return True
        return False

    def click_stock(self) -> None:
        if self.not_draw_time():
            return
        st = self.table.game.state
        if not st.stock:
            self.table.refuse(self.table.guide.empty_stock_msgid(), self._exhausted_rule())
            return
        self.table.play(Move.draw())

    def _exhausted_rule(self) -> str:
        """The rule of an empty stock: R-EXHAUSTED, or the Samba family's own."""
        rules = self.table.config.rules
        if rules.foot:
            return "V-HF-STOCK"
        return "V-SAMBA-EXHAUSTED" if rules.meld_list else "R-EXHAUSTED"

    def click_pile(self) -> None:
        if self.not_now():
            return
        st = self.table.game.state
        selected = self.table.selected_cards()
        if st.phase is Phase.DRAW:
            onto = self._takes_onto_melds()
            if self._play_hinted_take():
                return
            if selected or self.table.ui.staged:
                self._take(selected)
            elif any(m.kind is MoveKind.TAKE and not m.groups for m in self.table.legal_moves()):
                self.table.play(Move.take())
            elif len(onto) == 1:
                self.table.play(onto[0])  # the top card fits one of our melds: take it onto that one
            elif onto:
                self.table.say(
                    note(
                        N_(
                            "The {card} fits several of your melds: drag it from the pile onto the one you want "
                            "(or pick the meld with [ and ], then press T)."
                        ),
                        card=st.pile[-1],
                    ),
                    warn=False,
                    seconds=6.0,
                )
            elif (pair := self._pair_that_takes()) is not None:
                self._take(pair)
            else:
                self._why_no_take()
        elif len(selected) == 1:
            self.discard(selected[0])
        else:
            self.table.say(note(N_("Drag one card onto the pile (or double-click it) to discard.")), warn=False)

    def _play_hinted_take(self) -> bool:
        """T, or a click on the pile, while the hint shows a take: the hint's take, with the
        hand cards it lights (the pair that melds the top card, and any groups laid with it),
        unless the player chose otherwise (other cards selected, groups staged, a meld
        focused). True when it was played."""
        return self._play_hinted(MoveKind.TAKE)

    def _play_hinted(self, kind: MoveKind) -> bool:
        """The hint's move of `kind` (T: a take, M: a meld), with the hand cards it lights,
        unless the player chose otherwise (other cards selected, groups staged, a meld
        focused) or it is no longer legal. True when it was played."""
        hint = self.table.guide.hint
        ui = self.table.ui
        if hint is None or hint.move.kind is not kind or ui.staged or ui.meld_focus is not None:
            return False
        selected = set(self.table.selected_cards())
        if selected and selected != set(hint.cards):
            return False
        if hint.move not in self.table.legal_moves():  # (a hint of before: not what the table shows now)
            return False
        if self.table.play(hint.move, hint.cards):
            ui.selected.clear()
            self.table.host.cards_moved()
        return True

    def _hinted_discard(self) -> Card | None:
        """The card the hint's discard lights, while it shows and is still legal (X with no
        card pointed at or selected discards it, as T takes with the lit cards)."""
        hint = self.table.guide.hint
        if hint is None or hint.move.kind is not MoveKind.DISCARD or len(hint.cards) != 1:
            return None
        if hint.move not in self.table.legal_moves() or hint.cards[0] not in self.table.hand_cards():
            return None
        return hint.cards[0]

    def _pair_that_takes(self) -> list[Card] | None:
        """The naturals of the top card's rank in hand that take the pile as they are, when
        only a natural pair takes it (Hand and Foot; a frozen pile): two of them, else all of
        them (an initial meld the pair alone falls short of); when neither is a legal take,
        with the fewest wild cards that make one (`_pair_with_wilds`), else the pair, for the
        engine to say why (the minimum, say). None without a natural pair.
        A click on the pile (or T) with nothing selected takes it so, as the prompt
        "or take the pile (T)" promised; it refused with "select the pair and drop it on the
        pile" to a player holding the pair (play-test at 800x450, stop 57)."""
        st = self.table.game.state
        if not st.pile or st.pile_blocked():
            return None
        top = st.pile[-1]
        naturals = [c for c in self.table.hand_cards() if not c.is_wild and c.rank == top.rank]
        if len(naturals) < 2:
            return None
        for cards in (naturals[:2], naturals) if len(naturals) > 2 else (naturals,):
            group = self._quiet_group(cards, top.rank)
            if group is not None and self._refusal_of(Move.take(group)) is None:
                return cards
        return self._pair_with_wilds(naturals, top.rank) or naturals[:2]

    def _pair_with_wilds(self, naturals: list[Card], rank: Rank) -> list[Card] | None:
        """`naturals` with the fewest, then cheapest, wild cards of the hand that make a legal
        take, where the naturals alone fall short (the first meld's minimum): a pair of 7s
        and the joker reach 50 where the pair's 15 does not. After Esc put the hint away, T
        took with the bare pair and was refused as 35 short (play-test, stop 59)."""
        wilds = sorted((c for c in self.table.hand_cards() if c.is_wild), key=lambda c: c.value)
        for count in range(1, min(len(wilds), len(naturals) + 1) + 1):
            for extra in sorted(set(combinations(wilds, count)), key=lambda cards: sum(c.value for c in cards)):
                cards = [*naturals, *extra]
                group = self._quiet_group(cards, rank)
                if group is not None and self._refusal_of(Move.take(group)) is None:
                    return cards
        return None

    def _takes_onto_melds(self) -> list[Move]:
        """The legal takes of the pile's top card alone onto one of our melds (`take +N:`)."""
        return [
            m
            for m in self.table.legal_moves()
            if m.kind is MoveKind.TAKE and len(m.groups) == 1 and m.groups[0].target is not None
        ]

    def _why_no_take(self) -> None:
        """A click on a pile that cannot be taken as it is: say what stands in the way."""
        st = self.table.game.state
        if not st.pile:
            self.table.refuse(N_("The discard pile is empty."), "R-TAKE")
        elif st.pile_blocked():
            # The fact here, the rule in the refusal's next line (R-BLOCKED's sentence): the
            # reason said the rule too, and the panel said it twice (play-test, stop 62).
            if st.pile[-1].is_black_three:
                self.table.refuse(N_("A black three is on top of the pile."), "R-BLOCKED")
            else:
                self.table.refuse(N_("A wild card is on top of the pile."), "R-BLOCKED")
        elif not self._holds_pair():  # (the refusals below asked for a pair the player does not hold)
            self._no_pair()
        elif not self.table.config.rules.take_onto_meld:  # Hand and Foot: no freezing, always the pair
            self.table.refuse(
                N_(
                    "Only a natural pair of the top card takes the pile in this game: select the pair "
                    "and drop it on the pile."
                ),
                "V-HF-TAKE",
            )
        elif st.pile_frozen > 0:
            self.table.refuse(
                N_(
                    "The pile is frozen (a wild card or red three is in it): only a natural "
                    "pair of the top card takes it. Select the pair and drop it on the pile."
                ),
                "R-FROZEN",
            )
        elif st.pile_frozen_for(self.table.human_side):
            self.table.refuse(
                N_(
                    "The pile is frozen for us until we have melded this deal: only a natural pair "
                    "of the top card takes it, with the initial meld. Select the pair and "
                    "drop it on the pile."
                )
                if self.table.config.partnerships
                else N_(  # (two-hand, three-hand: nobody has a partner)
                    "The pile is frozen for you until you have melded this deal: only a natural pair "
                    "of the top card takes it, with the initial meld. Select the pair and "
                    "drop it on the pile."
                ),
                "R-FROZEN",
            )
        elif self.table.config.rules.meld_list:
            # The Samba family: no pair in hand (a click holding one takes with it) and no meld
            # of ours takes the top card, so nothing takes the pile; "select the cards that meld
            # its top card" sent the player hunting for cards that do not exist (play-test, stop 58).
            top = st.pile[-1]
            self.table.refuse(
                N_(
                    "Nothing takes this pile: you hold no natural pair of {ranks}, and no meld of your side "
                    "that is not yet a canasta takes the {card}. Draw from the stock."
                ),
                "V-SAMBA-TAKE",
                ranks=top.rank,
                card=top,
            )
        else:
            self.table.say(
                note(N_("To take the pile, select the cards that meld its top card and drop them on the pile.")),
                warn=False,
            )

    def _holds_pair(self) -> bool:
        """Whether the pile is taken with a pair only (Hand and Foot, a frozen pile) and the
        player holds a natural pair of its top card's rank; True where more takes it."""
        st = self.table.game.state
        top = st.pile[-1]
        pair_only = not self.table.config.rules.take_onto_meld or st.pile_frozen_for(self.table.human_side)
        held = sum(1 for c in st.hands[self.table.human] if not c.is_wild and c.rank == top.rank)
        return not pair_only or held >= 2

    def _no_pair(self) -> None:
        """The pile taken only with a natural pair of its top card, which the player does not
        hold: said so, and that nothing else takes it (it said "select the pair and drop it on
        the pile" to a player with no pair, play-test, stop 52)."""
        st = self.table.game.state
        top = st.pile[-1]
        args = {"ranks": top.rank}
        if not self.table.config.rules.take_onto_meld:  # Hand and Foot: no freezing, always the pair
            msgid = N_(
                "Only a natural pair of the top card takes the pile in this game, and you hold no pair "
                "of {ranks}: draw from the stock."
            )
            self.table.refuse(msgid, "V-HF-TAKE", **args)
        elif st.pile_frozen > 0:
            msgid = N_(
                "The pile is frozen (a wild card or red three is in it): only a natural pair of the top "
                "card takes it, and you hold no pair of {ranks}. Draw from the stock."
            )
            self.table.refuse(msgid, "R-FROZEN", **args)
        elif self.table.config.partnerships:
            msgid = N_(
                "The pile is frozen for us until we have melded this deal: only a natural pair of the "
                "top card takes it, and you hold no pair of {ranks}. Draw from the stock."
            )
            self.table.refuse(msgid, "R-FROZEN", **args)
        else:  # (two-hand, three-hand: nobody has a partner)
            msgid = N_(
                "The pile is frozen for you until you have melded this deal: only a natural pair of the "
                "top card takes it, and you hold no pair of {ranks}. Draw from the stock."
            )
            self.table.refuse(msgid, "R-FROZEN", **args)

    def click_meld(self, target: DropTarget) -> None:
        """A click on one of our meld columns: the selected cards go onto it, a staged group
        too (select, then click: as onto a laid meld; it once sent the staged group back to
        the hand, the opening the player was building gone, play-test stop 56); with none
        selected, a staged group goes back to the hand."""
        selected = self.table.selected_cards()
        if selected:
            self._drop_on_meld(selected, target)
        elif target.staged_index is not None and self.table.ui.unstage(target.staged_index):
            self.table.host.cards_moved()  # (none: laid since the press began)

    def click_new_meld(self) -> None:
        """A click on our cell for a new meld: the selected cards start a meld there, as if
        dragged onto it; with none selected, how to use the cell."""
        selected = self.table.selected_cards()
        if selected:
            self.drop(selected, DropTarget("new-meld"))
        elif not self.not_now():
            self.table.say(
                note(N_("Select cards in your hand, then click here (or drag them here) to start a new meld.")),
                warn=False,
                seconds=4.0,
            )

    def double_click(self, card: Card) -> None:
        if self.not_now():
            return
        if self.table.game.state.phase is not Phase.MELD:
            self.table.refuse(self.table.guide.draw_first_msgid(), "R-TURN")
            return
        self.discard(card)

    def landing(self, cards: list[Card], target: DropTarget) -> list[Card]:
        """The cards that go when `cards` (dragged) are let go on `target`: the one place that
        decides it, for the drop and for what follows the pointer while they are dragged (the
        selected cards that would go along, fanned behind the dragged one: the player sees what
        a drop takes before letting go). A card dragged beside a selection takes it along onto
        the pile when they take it together (`_with_the_raised`), onto our melds where they make
        the meld or all fit it (`_with_the_selected`); elsewhere, and when it is not the
        player's move (the drop is refused then), the dragged cards alone. Says nothing."""
        if not self._dragged_beside_the_selected(cards) or not self._my_move():
            return list(cards)
        if target.kind == "pile":
            return self._with_the_raised(cards) if self.table.game.state.phase is Phase.DRAW else list(cards)
        if target.kind in ("meld", "new-meld"):
            return self._with_the_selected(cards, target)
        return list(cards)

    def followers(self, cards: list[Card], target: DropTarget) -> list[Card]:
        """The selected cards that would go with `cards` (dragged) let go on `target` now, as
        `landing` decides (asked again only when the target, the selection, the staged
        groups or the game changed: the pointer moves many times over one target)."""
        key = self._drag_key(cards, target)
        if self._followers is None or self._followers[0] != key:
            self._followers = (key, [card for card in self.landing(cards, target) if card not in cards])
        return list(self._followers[1])

    def _drag_key(self, cards: Sequence[Card], target: DropTarget, *more: object) -> tuple[object, ...]:
        """What a drag's preview depends on: the game, the target, the cards dragged, the
        selection and the staged groups (the pointer moves many times over one target)."""
        ui = self.table.ui
        staged = tuple(map(tuple, ui.staged))
        return (self.table.version, target, tuple(cards), frozenset(ui.selected), staged, *more)

    def verdict(self, cards: list[Card], target: DropTarget) -> DropVerdict | None:
        """What letting `cards` (dragged) go on `target` now would do, found by making that
        drop quietly (`dry_drop.DryTable`: the same code, the engine judging on a copy of its
        state, nothing changed, shown or said): accepted, or refused and why. None where
        a drop makes no move (the hand, nowhere). Asked again only when `followers` is."""
        key = self._drag_key(cards, target, self.table.dealing)  # (the deal's cards landing: a note, then a move)
        if self._verdict is None or self._verdict[0] != key:
            judged = target.kind in JUDGED_DROPS
            self._verdict = (key, self._dry(lambda moves: moves.drop(list(cards), target)) if judged else None)
        return self._verdict[1]

    def top_verdict(self, target: DropTarget) -> DropVerdict | None:
        """`verdict` for the pile's top card dragged onto `target` (TableScene.drop_top: onto
        one of our melds it takes the pile, `take_onto`); None elsewhere (it goes back)."""
        key = self._drag_key((), target, "top", self.table.dealing)
        if self._verdict is None or self._verdict[0] != key:
            judged = target.kind == "meld"
            self._verdict = (key, self._dry(lambda moves: moves.take_onto(target)) if judged else None)
        return self._verdict[1]

    def _dry(self, act: Callable[[PlayerMoves], None]) -> DropVerdict:
        """`act` made by the player's moves over a `DryTable`: its verdict."""
        dry = DryTable(self.table)
        moves = PlayerMoves(dry.as_table())
        act(moves)
        return dry.verdict()

    def _my_move(self) -> bool:
        """`not_now`'s question without a word: whether the player may move now."""
        table = self.table
        st = table.game.state
        return bool(table.people) and st.phase not in (Phase.OVER, Phase.ANSWER) and st.to_act == table.human

    def drop(self, cards: list[Card], target: DropTarget) -> None:
        """`cards` let go on `target` (see table_layout.drop_target); what goes with them is
        `landing`'s to say."""
        if target.kind == "pile":
            if self.not_now():
                return
            if self.table.game.state.phase is Phase.DRAW:
                self._take(self.landing(cards, target))
            elif len(cards) != 1:
                self.table.refuse(N_("Discard one card at a time; drop several cards on the table to meld."), "R-TURN")
            else:
                self.discard(cards[0])
        elif target.kind == "meld":
            self._drop_on_meld(self.landing(cards, target), target)
        elif target.kind == "new-meld":
            self._drop_new_meld(self.landing(cards, target))
        elif target.kind == "hand":
            self.table.arranger.reorder(cards, target.index)
        elif target.kind == "their-meld":
            # R-OWN-MELDS (cards let go on another side's meld flew back without a word).
            if self.table.config.partnerships:
                self.table.refuse(
                    N_("You may add only to your side's melds: drop the cards in your side's area."), "R-OWN-MELDS"
                )
            else:
                self.table.refuse(N_("You may add only to your own melds: drop the cards in your area."), "R-OWN-MELDS")
        else:
            self.table.host.cards_moved()  # nowhere: back to the hand

    @property
    def listed(self) -> bool:
        """The side's melds are a numbered list (the Samba family): each meld is addressed
        by its number (`+N:`), and sequences and wild melds may be laid."""
        return table_facts.listed(self.table.config)

    def _group(self, cards: list[Card], rank: Rank | None = None, number: int | None = None) -> Group | None:
        """The group `cards` make (onto meld `number`, or the meld of `rank`), or None after
        saying why they make none. In the Samba family any shape goes to the engine, which
        judges it (a sequence, a wild meld); only what is no meld at all is refused here."""
        if self.listed and rank is None:
            problem = self._shape_problem(cards) if number is None else None
            if problem is not None:
                self.table.refuse_error(problem)
                return None
            return Group.parsed(cards, None, number)
        try:
            return Group.of(cards, rank)
        except NotationError:
            if rank is not None and any(c.is_black_three for c in cards):  # (its own rule, not R-ADD's)
                self.table.refuse(N_("A black three cannot join the {ranks}."), "R-BLACK3", ranks=rank)
            elif rank is not None:
                self.table.refuse(N_("Those cards do not go with the {ranks}."), "R-ADD", ranks=rank)
            elif all(c.is_wild for c in cards) and self.by_key:
                self.table.refuse(
                    N_("Wild cards alone join a meld: pick one with [ and ], then press M."),
                    one_rank_rule(self.table.config.rules),
                )
            elif all(c.is_wild for c in cards):  # (dragged or clicked: the mouse's words, stop 56)
                # (the melds as the table labels their area: "Our melds" with a partner)
                self.table.refuse(
                    N_("Wild cards alone join a meld: drag them onto one of our melds, or click the meld.")
                    if self.table.config.partnerships
                    else N_("Wild cards alone join a meld: drag them onto one of your melds, or click the meld."),
                    one_rank_rule(self.table.config.rules),
                )
            else:
                rule = one_rank_rule(self.table.config.rules)
                self.table.refuse(N_("A meld holds cards of one rank (plus wild cards)."), rule)
            return None

    def _shape_problem(self, cards: list[Card]) -> IllegalMove | None:
        """Why `cards` cannot start a meld of the Samba family's kinds (V-SAMBA-MELDS,
        V-BOL-WILD), judged before they are staged; None when they may."""
        rules = self.table.config.rules
        naturals = {c.rank for c in cards if not c.is_wild}
        problem: Problem | None = None
        if len(naturals) > 1:
            if not rules.sequences:
                problem = (one_rank_rule(rules), N_("a meld holds cards of one rank"), {})
            elif len({c.suit for c in cards if not c.is_wild}) > 1:  # (the player's terms, not a sequence's)
                problem = (
                    "V-SAMBA-MELDS",
                    N_("these cards are neither one rank (a group) nor one suit in a row (a sequence)"),
                    {},
                )
            else:
                problem = sequence_problem(cards)
        elif not naturals:
            if not rules.wild_melds:
                problem = ("V-SAMBA-MELDS", N_("wild cards are never melded alone"), {})
            elif len(cards) > CANASTA_SIZE:
                problem = wild_meld_problem(len(cards))
        if problem is None:
            return None
        rule, message_id, params = problem
        return IllegalMove(rule, message_id, None, **params)

    def _drop_new_meld(self, cards: list[Card]) -> None:
        if self.not_now():
            return
        if any(c.rank == 3 for c in cards) and not all(c.is_black_three for c in cards):
            rules = self.table.config.rules
            if rules.black_threes_max < 3:  # Hand and Foot: threes never meld
                self.table.refuse(N_("threes are never melded in Hand and Foot"), "V-HF-BOOKS")
            elif rules.black_threes_max == 4:
                self.table.refuse(N_("Black threes meld only as three or four of them when going out."), "R-BLACK3")
            else:  # three packs
                self.table.refuse(
                    N_("black threes are melded only as three to {max} of them"),
                    "V-BLACK3",
                    max=rules.black_threes_max,
                )
            return
        if self.table.staging():
            group = self._group(cards)
            if group is None:
                return
            single = len({c.rank for c in cards if not c.is_wild}) == 1
            for staged in self.table.ui.staged:  # one meld per rank: merge into the staged one
                naturals = [c for c in staged if not c.is_wild]
                if single and naturals and len({c.rank for c in naturals}) == 1 and naturals[0].rank == group.rank:
                    staged.extend(cards)
                    break
            else:
                self.table.ui.stage(list(cards))
            self.table.ui.selected -= set(cards)
            self.table.host.cards_moved()
            return
        self._meld_now(cards)

    def _meld_now(self, cards: list[Card], rank: Rank | None = None, number: int | None = None) -> None:
        """Lay `cards` as one group at once (the side has melded): new, or added to `rank`'s
        meld, or (the Samba family) to meld `number`. An addition that alone would leave one
        card (R-KEEP-TWO, V-KEEP-TWO) is held, staged, and laid with the next ones in one
        move: going out may need two additions at once (a king and a queen onto two melds).
        Black threes laid before the rest of a going out are held the same way (R-BLACK3)."""
        if self.table.game.state.phase is not Phase.MELD:
            self.table.refuse(self.table.guide.draw_first_msgid(), "R-TURN")
            return
        onto = (None if number is not None else rank, number)
        group = self._group(cards, *onto)
        held = self._staged_groups()
        if group is None or held is None:
            return
        move = Move.meld(*held, group)
        refusal = self._refusal_of(move)
        if refusal is not None and refusal.rule in HELD_BY and self._part_of_a_meld_move([*held, group]):
            self.table.ui.stage(list(cards), *onto)
            self.table.ui.selected -= set(cards)
            if refusal.rule == "R-BLACK3":
                said = N_(
                    "Held: black threes meld only with the last cards of your going out. Add the rest "
                    "of it, then Lay melds; Take back returns them to your hand."
                )
            else:
                said = N_(
                    "Held: alone it would leave you one card. Add the rest of your going out, "
                    "then Lay melds; Take back returns it to your hand."
                )
            self.table.say(note(said), warn=False, seconds=6.0)
            self.table.host.cards_moved()
            return
        if self.table.play(move, [*self.table.ui.staged_cards(), *cards]):
            self.table.ui.clear_staged()
            self.table.ui.selected -= set(cards)
            self.table.host.cards_moved()

    def _staged_groups(self) -> list[Group] | None:
        """The staged groups as the engine's groups, each onto its target; None after saying
        why one makes none."""
        groups = [self._group(cards, *self.table.ui.onto(index)) for index, cards in enumerate(self.table.ui.staged)]
        return None if any(g is None for g in groups) else groups  # type: ignore[return-value]

    def _part_of_a_meld_move(self, groups: list[Group]) -> bool:
        """Whether some legal meld move lays `groups` and more with them (going out by two
        additions): only then is a refused addition held (else the refusal says why)."""
        wanted = Counter(str(g) for g in groups)
        return any(
            move.kind is MoveKind.MELD and not wanted - Counter(str(g) for g in move.groups)
            for move in self.table.legal_moves()
        )

    def _refusal_of(self, move: Move) -> IllegalMove | None:
        """Why the engine would refuse `move` now (tried on a copy), or None."""
        try:
            self.table.game.state.copy().apply(move)
        except IllegalMove as error:
            return error
        return None

    def _drop_on_meld(self, cards: list[Card], target: DropTarget) -> None:
        if self.not_now():
            return
        if target.staged_index is not None:
            if target.staged_index >= len(self.table.ui.staged):
                self.table.host.cards_moved()  # laid since: back to the hand
                return
            staged = self.table.ui.staged[target.staged_index]
            if self._group(staged + cards, *self.table.ui.onto(target.staged_index)) is not None:
                staged.extend(cards)
                self.table.ui.selected -= set(cards)
                self.table.host.cards_moved()
            return
        self._meld_now(cards, target.rank, target.number)

    def take_onto(self, target: DropTarget) -> None:
        """The pile's top card onto one of our melds (dragged there, or the keyboard's
        focused meld): `take +N:` in the Samba family (V-SAMBA-TAKE b), the plain take
        adding it to our meld of its rank in the classic variants."""
        if self.not_draw_time():
            return
        st = self.table.game.state
        if target.staged_index is not None:
            self.table.refuse(
                N_("To take it, select the cards that meld the top card and press T, or drop them on the pile."),
                "R-TAKE",
            )
            return
        if target.number is not None:
            move = Move.take(Group.to(Rank.JOKER, (), target.number))
        # (A wild card or black three on top blocks the pile: the engine's own refusal says so.)
        elif st.pile and target.rank is not None and target.rank != st.pile[-1].rank and st.pile[-1].rank.meldable:
            top = st.pile[-1]
            if top.rank in st.melds[self.table.config.side_of(st.turn)]:
                self.table.refuse(N_("The {card} on top goes only onto your meld of its rank."), "R-TAKE", card=top)
            else:  # (no meld of its rank: saying "its meld" would suggest there is one)
                self.table.refuse(
                    N_(
                        "You have no meld of {ranks}: to take the pile, select cards of your hand that meld "
                        "the {card}, then press T or drop them on the pile."
                    ),
                    "R-TAKE",
                    ranks=top.rank,
                    card=top,
                )
            return
        else:
            move = Move.take()
        if self.table.play(move):
            self.table.ui.selected.clear()
            self.table.host.cards_moved()

    def _take(self, cards: list[Card]) -> None:
        st = self.table.game.state
        if not st.pile:
            self.table.refuse(N_("The discard pile is empty."), "R-TAKE")
            return
        top = st.pile[-1]
        groups: list[Group] = []
        if cards:
            try:
                groups.append(Group.of(cards, top.rank if top.rank.meldable else None))
            except NotationError:
                split = self._split_take(cards)
                if split is None:
                    self.table.refuse(
                        N_("To take the pile, select or drop cards that meld the {card} on top."),
                        "R-TAKE",
                        card=top,
                    )
                    return
                groups = split
        staged = self._staged_groups()
        if staged is None:
            return
        if staged and not groups:
            self.table.refuse(
                N_("To take it, select the cards that meld the top card and press T, or drop them on the pile."),
                "R-TAKE",
            )
            return
        move = Move.take(*groups, *staged)
        if self.table.play(move, [*cards, *self.table.ui.staged_cards()]):
            self.table.ui.clear_staged()
            self.table.ui.selected.clear()
            self.table.host.cards_moved()

    def _with_the_raised(self, cards: list[Card]) -> list[Card]:
        """Cards dropped on the pile to take it, and the selected cards with them when the one
        dragged was not selected (a card not selected is dragged alone) and does not take the
        pile alone: the raised cards go along. Play-test, stop 58: 7♣ selected, then 7♥ dragged
        onto a 7♠ was refused as "meld the 7♠ with two natural 7s", the pair in hand."""
        pile = self.table.game.state.pile
        if pile and pile[-1].rank.meldable:  # (else the pile is blocked: no take alone)
            alone = self._quiet_group(cards, pile[-1].rank)
            if alone is not None and self._refusal_of(Move.take(alone)) is None:
                return cards  # (a card and the top card onto our meld of their rank)
        return [*self.table.selected_cards(), *cards]

    def _dragged_beside_the_selected(self, cards: list[Card]) -> bool:
        """Whether `cards` were dragged while other cards are selected: a card not selected
        is dragged alone, and `landing` decides which of the selected cards go with it."""
        selected = self.table.ui.selected
        return bool(selected) and not all(card in selected for card in cards)

    def _with_the_selected(self, cards: list[Card], target: DropTarget) -> list[Card]:
        """Cards dropped on our melds after our side has melded (onto a meld, or where a new
        one goes), and the selected cards with them when the one dragged was not selected (it
        is dragged alone) and together they are what the player plainly means: a new meld
        (one card never makes one), or an addition that the selected cards fit too. The
        dragged card alone where the selected cards do not fit the target, or where together
        they would be held (R-KEEP-TWO) or go out while the card alone is a plain addition
        (the cards kept back are the player's to lay); while the side stages its opening, and
        onto a staged group, `_with_the_selected_staged` decides. Play-test, stop 58: 9♣
        selected, the 9♥ dragged onto our meld area was refused as a one-card meld."""
        ui = self.table.ui
        st = self.table.game.state
        if st.phase is not Phase.MELD:
            return cards  # (draw first: said for the dragged card)
        if target.staged_index is not None or self.table.staging():
            return self._with_the_selected_staged(cards, target)
        onto = (
            (None, None)
            if target.kind == "new-meld"
            else (None if target.number is not None else target.rank, target.number)
        )
        together = [*self.table.selected_cards(), *cards]
        group = self._quiet_group(together, *onto)
        held = [self._quiet_group(staged, *ui.onto(index)) for index, staged in enumerate(ui.staged)]
        if group is None or any(g is None for g in held):
            return cards
        groups: list[Group] = [g for g in held if g is not None]
        alone = self._quiet_group(cards, *onto) if target.kind != "new-meld" else None
        if alone is None or self._refusal_of(Move.meld(*groups, alone)) is not None:
            return together  # (the card alone is refused: the cards together say what was meant)
        out = len(st.hands[self.table.human]) == len(ui.staged_cards()) + len(together)
        if self._refusal_of(Move.meld(*groups, group)) is None and not out:
            return together
        return cards

    def _with_the_selected_staged(self, cards: list[Card], target: DropTarget) -> list[Card]:
        """`_with_the_selected` while the opening is staged, or onto a staged group: the
        selected cards go along where together with the dragged ones they make a group (a new
        staged group where a new meld goes, or with the staged group dropped on), else the
        dragged cards alone (a staged group is also built a card at a time). Nothing is laid
        until the player confirms, so no card is held back here. Play-test, first game: A♦ A♥
        selected, the A♠ dragged onto our meld area before our side had melded was staged
        alone ("1" under it, the two aces left raised), where once the side has melded the
        same drag lays the three aces."""
        ui = self.table.ui
        together = [*self.table.selected_cards(), *cards]
        if target.staged_index is None:
            fits = target.kind == "new-meld" and self._quiet_group(together) is not None
        elif target.staged_index < len(ui.staged):
            staged = ui.staged[target.staged_index]
            fits = self._quiet_group(staged + together, *ui.onto(target.staged_index)) is not None
        else:
            fits = False  # (laid since: the drop sends the cards back)
        return together if fits else cards

    def _quiet_group(self, cards: list[Card], rank: Rank | None = None, number: int | None = None) -> Group | None:
        """`_group` without a word: the group `cards` make, or None."""
        if self.listed and rank is None:
            if number is None and self._shape_problem(cards) is not None:
                return None
            try:
                return Group.parsed(cards, None, number)
            except NotationError:
                return None
        try:
            return Group.of(cards, rank)
        except NotationError:
            return None

    def _split_take(self, cards: list[Card]) -> list[Group] | None:
        """A take selected in one go: the pair that melds the top card and, with it, other
        groups for the minimum ("10 10 A A 2" on a 10): one group for each natural rank, the
        top card's first, the wild cards with one of them (the first way the engine accepts,
        else the first way, for the engine's own reason). None when the selection holds no
        natural of the top card's rank, or of no other (play-test, stop 56: the pair and the aces selected
        together were refused as "cards that meld the 10 on top")."""
        top = self.table.game.state.pile[-1]
        ranks: dict[Rank, list[Card]] = {}
        wild: list[Card] = []
        for card in cards:
            if card.is_wild:
                wild.append(card)
            else:
                ranks.setdefault(card.rank, []).append(card)
        if top.rank not in ranks or len(ranks) < 2:
            return None
        order = [top.rank, *(rank for rank in ranks if rank != top.rank)]
        staged = self._staged_groups() or []
        ways: list[list[Group]] = []
        homes = [*order[1:], order[0]] if wild else order[:1]  # the wild cards with one group, the pair's last
        for home in homes:
            try:
                ways.append([Group.of(ranks[rank] + (wild if rank == home else []), rank) for rank in order])
            except NotationError:
                return None
        for way in ways:
            if self._refusal_of(Move.take(*way, *staged)) is None:
                return way
        # Refused every way: the engine says why (short of the minimum, say), unless the
        # cards may be a sequence (the Samba family), which this split never makes.
        return None if self.table.config.rules.meld_list else ways[0]

    def discard(self, card: Card, confirmed: bool = False) -> None:
        if self.table.ui.staged:  # a discard ends the turn: staged melds would be lost unlaid
            self.table.refuse(N_("Lay your staged cards first (Lay melds), or take them back, then discard."))
            return
        # The hint's own discard was weighed already: following it needs no warning.
        hint = self.table.guide.hint
        hinted = hint is not None and str(hint.move) == str(Move.discard(card))
        if not confirmed and not hinted and self.confirm_risky and Move.discard(card) in self.table.legal_moves():
            obs = self.table.game.state.observation(self.table.human)
            # Asked only where the pile is worth it, naming a safer card in hand; never about
            # the card the hint would discard, asked for or not (play-test, stop 54). Of tied
            # cards it names the one the hint would (Normal's tie-break, hint open or not: it
            # named the 9♠, the hint then said "Discard the 8♦").
            with naming(self.table.seat_name):
                why = discard_question(obs, card)
            if why is not None:
                version = self.table.version

                def discard_anyway() -> None:
                    if self.table.version == version:
                        self.discard(card, confirmed=True)

                if self.table.host.confirm_discard(card, why, discard_anyway):
                    return
        if self.table.play(Move.discard(card), [card]):
            self.table.ui.clear_staged()
            self.table.ui.selected.discard(card)
            # The turn is over: the hand closes up at once, though the pointer rests on it
            # (it held still only so that quick clicks in the turn hit the cards aimed at).
            self.table.ui.hold = None
            self.table.host.cards_moved()

    def confirm_staged(self) -> None:
        if not self.table.ui.staged or self.not_now():
            return
        if self.table.game.state.phase is Phase.DRAW:
            self.table.refuse(
                N_(
                    "Draw first (D), or take the pile with cards that meld its top card (select "
                    "them, then press T, or drop them on the pile): your staged melds go with the take."
                ),
                "R-TURN",
            )
            return
        groups = self._staged_groups()
        if groups is None:
            return
        if self.table.play(Move.meld(*groups), list(self.table.ui.staged_cards())):
            self.table.ui.clear_staged()
            self.table.host.cards_moved()

    def cancel_staged(self) -> None:
        if self.table.ui.staged:
            self.table.ui.clear_staged()
            self.table.host.cards_moved()

    def ask_partner(self) -> None:
        if self.not_now():
            return
        if self.table.ui.staged:
            self.table.refuse(N_("Take back your staged melds before asking."), self.table.game.state.ask_rule())
            return
        self.table.play(Move(MoveKind.ASK))

    def ask_offered(self) -> bool:
        """The "May I go out?" button shows and may be pressed."""
        return (
            self.table.config.ask_allowed
            and not self.pass_offered()
            and self.table.my_turn()
            and self.table.can(MoveKind.ASK)
        )

    def key_ask(self) -> None:
        """A: ask the partner, or say why not."""
        if self.ask_offered():
            self.ask_partner()
        elif not self.table.config.ask_allowed:
            self.table.refuse(N_("there is no partner to ask in this variant"), "R-ASK")
        elif not self.not_now():
            if self.table.can(MoveKind.ASK):  # legal, but the table offers a pass instead
                rule = self.table.game.state.ask_rule()  # (Hand and Foot's own: V-HF-ASK, as the engine's)
                self.table.refuse(N_("You may not ask now: you could not go out this turn."), rule)
            elif (why := self._why_no_ask()) is not None:
                self.table.refuse(why[0], why[1], **why[2])
            else:
                self.table.play(Move(MoveKind.ASK))  # refused: the engine's own reason (asked already, ...)

    def _why_no_ask(self) -> tuple[str, str, dict[str, Any]] | None:
        """The Samba family, when the engine would refuse the question (as (msgid, rule,
        arguments) for the refusal), where the player might otherwise ask (not asked yet this
        turn; in Hand and Foot, playing from the foot: else V-HF-ASK, the engine's own words).
        The side lacking what going out needs (V-SAMBA-OUT, V-BOL-OUT, V-HF-OUT): what is
        missing in the score panel's words ("canastas 1/2"), before the engine's "ask before
        laying", which read as if asking earlier would have let the player go out (play-test).
        With that met, when only the hand cannot go out this turn: the cards no meld takes,
        when more than the one discard, else that the hand cannot all be laid (Hand and Foot
        said only "You could not go out this turn, so you may not ask", play-test, stop 52).
        None otherwise: the engine's own reason stands."""
        table = self.table
        st = table.game.state
        rules = table.config.rules
        human = table.human
        need = table_facts.out_need(st, st.side_of(human))
        if need is None or st.this_turn.asked:
            return None
        if rules.foot and not table_facts.playing_from_foot(st, human):
            return None
        if not need.met:
            rule = "V-HF-OUT" if rules.foot else "V-BOL-OUT" if rules.out_needs_sequence else "V-SAMBA-OUT"
            return N_("You may not ask: you could not go out this turn (to go out: {parts})."), rule, {"parts": need}
        if st.phase is not Phase.MELD or (not rules.foot and st.this_turn.laid_other):
            return None
        if len(st.hands[human]) < 2 or st.can_go_out():
            return None
        rule = st.ask_rule()
        loose = table_facts.cards_fitting_nowhere(st, human)
        if len(loose) >= 2:
            msgid = N_(
                "You may not ask: you could not go out this turn. {cards} fit none of our melds, "
                "and only one card may be discarded."
            )
            return msgid, rule, {"cards": tuple(loose)}
        msgid = N_(
            "You may not ask: you could not go out this turn. The cards in your hand cannot all be "
            "melded with at most one left to discard."
        )
        return msgid, rule, {}

    def answer(self, yes: bool) -> None:
        st = self.table.game.state
        if st.phase is Phase.ANSWER and st.to_act == self.table.human:
            self.table.play(Move(MoveKind.YES if yes else MoveKind.NO))

    def pass_turn(self) -> None:
        if not self.not_now():
            self.table.play(Move(MoveKind.PASS))

    def key_take(self) -> None:
        """T: take the pile with the selected cards (or by adding it to our meld)."""
        if self.not_draw_time():
            return
        if self._play_hinted_take():
            return
        selected = self.table.selected_cards()
        if selected or self.table.ui.staged:
            self._take(selected)
        elif self.table.ui.meld_focus is not None:
            self.take_onto(self.table.ui.meld_focus)
        elif self.listed and not any(m.kind is MoveKind.TAKE and not m.groups for m in self.table.legal_moves()):
            self.click_pile()  # the one meld the top card fits, or why not
        elif (st := self.table.game.state).pile and not st.pile_blocked() and not self._holds_pair():
            self._no_pair()  # (classic's frozen pile: the engine asked for a pair of 7s the player lacks)
        elif Move.take() not in self.table.legal_moves() and (pair := self._pair_that_takes()) is not None:
            self._take(pair)  # (as a click on the pile: the top card fits no meld of ours, the pair takes it)
        else:
            self.table.play(Move.take())

    def key_meld(self) -> None:
        """M: meld the selected cards: onto the meld the keyboard focuses ([ and ]), else onto
        our meld of their rank, or as a new (staged) meld. With the hint's meld showing and
        no other cards selected, that meld, with the cards it lights. A refusal is worded for
        the keys (`by_key`); the mouse's gestures get the mouse's words."""
        self.by_key = True
        try:
            self._key_meld()
        finally:
            self.by_key = False

    def _key_meld(self) -> None:
        cards = self.table.selected_cards()
        if self.table.game.state.phase is Phase.MELD and self._play_hinted(MoveKind.MELD):
            return  # the meld the hint lights (play-test, stop 52: M refused it while T took)
        if not cards:
            self.table.say(
                note(N_("Select cards first (arrow keys and Space), then press M to meld them.")), warn=False
            )
            return
        naturals = {c.rank for c in cards if not c.is_wild}
        rank = next(iter(naturals)) if len(naturals) == 1 else None
        focus = self.table.ui.meld_focus
        if focus is not None and not self.listed and rank is not None and focus.rank not in (None, rank):
            # The focus stays on a meld after M or T aimed there (a joker onto the queens); sixes
            # selected next go to our sixes, not refused at the queens (play-test, stop 48). (The
            # Samba family's melds are numbered: a card may extend the focused sequence.)
            self.table.ui.meld_focus = focus = None
        if focus is not None:
            self._drop_on_meld(cards, focus)
            return
        if rank is not None:
            target = self._meld_of_rank(rank)
            if target is not None:
                self._drop_on_meld(cards, target)
                return
        fits = self._melds_that_take(cards)
        if len(fits) == 1:  # (several: which one is the player's to say, with [ and ])
            self._drop_on_meld(cards, DropTarget("meld", number=fits[0]))
            return
        self._drop_new_meld(cards)

    def _melds_that_take(self, cards: list[Card]) -> list[int]:
        """The Samba family: the numbers of our melds `cards` may be added to now, as a drop
        on each would add them (or hold them for going out), when they may not start a meld
        of their own: a card that extends a sequence at one end is added there by M as the
        mouse would (keyboard play-test, stop 47). None elsewhere, and before drawing."""
        st = self.table.game.state
        if not self.listed or self.table.staging() or st.phase is not Phase.MELD:
            return []
        held = self._staged_groups()
        if held is None:
            return []
        new = Move.meld(*held, Group.parsed(cards)) if self._shape_problem(cards) is None else None
        if new is not None and self._refusal_of(new) is None:
            return []  # they may start a meld: M does that, as before
        fits = []
        for number in range(len(st.side_melds(self.table.human_side))):
            groups = [*held, Group.parsed(cards, None, number)]
            refusal = self._refusal_of(Move.meld(*groups))
            if refusal is None or (refusal.rule in HELD_BY and self._part_of_a_meld_move(groups)):
                fits.append(number)
        return fits

    def _meld_of_rank(self, rank: Rank) -> DropTarget | None:
        """Our column of `rank` the M key adds to: a laid meld (once we have melded), else a
        staged group (as the table shows them: laid melds first, then staged groups)."""
        st = self.table.game.state
        if not self.table.staging() and self.listed:
            number = open_group(st.side_melds(self.table.human_side), rank)
            if number is not None:
                return DropTarget("meld", rank, number=number)
        elif not self.table.staging() and rank in st.melds[self.table.human_side]:
            return DropTarget("meld", rank)
        for index, group in enumerate(g for g in self.table.ui.staged if g):
            naturals = [c for c in group if not c.is_wild]
            if naturals and naturals[0].rank == rank:
                return DropTarget("meld", rank, index)
        return None

    def key_discard(self) -> None:
        """X: discard the card the player points at: the one under the keyboard's cursor while
        it shows (its latest focus: a card left selected elsewhere, after a refused M, is not
        what the player points at), else the one selected card, else the card the hint's
        discard lights. (The mouse clears the cursor: after a click, the selection decides.)"""
        if self.not_now():
            return
        cursor = self.table.ui.cursor
        cards = [cursor] if cursor is not None and cursor in self.table.hand_cards() else self.table.selected_cards()
        hinted = self._hinted_discard() if not cards else None
        if hinted is not None:  # the card the hint lights (play-test, stop 52: X refused it)
            cards = [hinted]
        if len(cards) != 1 and self.table.game.state.phase is Phase.MELD:
            # Not a rule broken but a key not yet understood: said quietly, as the wait notes
            # are, not as a red refusal under R-TURN (play-test, stop 52).
            if cards:
                said = note(N_("X discards one card: {n} are selected. Keep one selected, then press X."), n=len(cards))
            else:
                said = note(
                    N_("X discards the card you select: pick one (arrow keys and Space, or a click), then press X.")
                )
            self.table.say(said, warn=False, seconds=4.0)
            return
        if self.table.game.state.phase is not Phase.MELD:
            self.table.refuse(self.table.guide.draw_first_msgid(), "R-TURN")
            return
        self.discard(cards[0])
