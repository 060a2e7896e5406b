"""The table scene: a whole game of Canasta against bots, played with the mouse.

The engine (`game.rules.Game`) holds the truth; this scene only turns the
player's gestures into moves, applies them (an illegal one is refused with the
engine's own reason, and the cards fly back), and animates what the events
say happened. Bots think on a worker thread (bot_runner) and their moves are
played one at a time, after the previous animation, so the player can follow.

Initial melds are *staged*: while the side has not melded, cards dropped on
the table wait there with a running count against the minimum, and are laid
together with one confirm (or taken back); the same staged groups go with a
take of the pile.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game import assets
from game.hints import Hint, card_name, discard_risk, explain, make_hint
from game.i18n import N_, _, get_language
from game.rules import (Card, Game, Group, IllegalMove, Move, MoveKind, NotationError, Phase,
                        RulesConfig)
from game.scenes.animations import FLIGHT, Animator, Effect, plan_events
from game.scenes.base import Scene
from game.scenes.bot_runner import BotRunner
from game.scenes.fallback_bot import make_table_bot
from game.scenes.table_input import HandController
from game.scenes.table_layout import (BUTTON_COLUMN_X, HAND_RECT, STAGE_PANEL, HandUI, MeldSlot,
                                      TableGeometry, TableLayout, pile_rect)
from game.scenes.table_view import TableView
from game.scenes.tween import Tween, ease_out_cubic
from game.scenes.widgets import Button, SpeechBubble, WidgetGroup

if TYPE_CHECKING:
    from game.session import StorageProblem

UI_FLIGHT = 0.16      # hand re-arranging (select, hover, sort)
BOT_PAUSE = 0.35      # seconds between two bot moves, at speed 1 and the normal bot pace
SPEEDS = (0.5, 1.0, 2.0, 4.0)
BOT_PACE = {"slow": 2.0, "normal": 1.0, "fast": 0.4}  # as game.settings.BOT_PACE_FACTOR
REFUSAL_SECONDS = 8.0


@dataclass
class Bubble:
    widget: SpeechBubble
    remaining: float


@dataclass
class Refusal:
    """A refused move, shown with its rule ("why not?"); rendered in the current
    language each time it is drawn. Either the engine's IllegalMove, or one of the
    table's own checks (a msgid, its arguments and the rule it applies)."""
    rule: str | None
    error: IllegalMove | None = None
    msgid: str = ""
    args: dict = field(default_factory=dict)

    def reason(self) -> str:
        from game.why_not import reason_text, rule_explanation, sentence
        if self.error is not None:
            text = reason_text(self.error)
            if text is None:  # an engine sentence without a translation: the rule says it
                text = rule_explanation(self.error.rule) or self.error.reason
            return text
        text = _(self.msgid)
        return sentence(text.format(**self.args) if self.args else text)

    def explanation(self) -> str | None:
        from game.why_not import rule_explanation
        if self.rule is None:
            return None
        text = rule_explanation(self.rule)
        return None if text == self.reason() else text


def seat_names(config: RulesConfig) -> dict[int, str]:
    """Seat -> name msgid (translated when shown, so a language switch applies at once);
    the player at seat 0 is "You"."""
    names = dict(enumerate(config.rules.seat_names))
    names[0] = N_("You")
    return names


class TableScene(Scene):
    opaque = True
    updates_when_covered = True  # cards keep moving under a dialog

    def __init__(self, variant: str = "classic", seed: int = 0, level: str = "normal",
                 speed: float = 1.0, threaded: bool = True, target: int = 5000,
                 human: int = 0, bot_factory=make_table_bot, *, config: RulesConfig | None = None,
                 levels: tuple[str | None, ...] | None = None, game: Game | None = None) -> None:
        """`config` overrides variant/target; `levels` gives each seat's bot level (None for
        the player), else every bot plays `level`; `game` continues a game (a saved one)."""
        super().__init__()
        self.bot_factory = bot_factory  # (level, seed) -> bot with act(observation)
        self.config = config or (game.config if game is not None else RulesConfig.for_variant(variant, target))
        self.seed = seed
        self.level = level
        self.levels = levels
        self.human = human
        # Called as listener(table, events) after every move and new deal (saving, sounds, stats).
        self.listeners: list = []
        self.on_menu = None  # set by the app in menu mode: the table menu can leave the table
        # The app's settings (an AppContext, or game.local_settings.LocalSettings): .settings and
        # .update_setting(name, value); None in bare tests. See apply_settings().
        self.host = None
        self.play_sound = None  # callable(effect name): the sound plays as the card lands
        # Why the game is not being kept right now (set by game.session after each move; shown
        # at the table until a save succeeds); None when all is well.
        self.storage_problem: StorageProblem | None = None
        self.pace = 1.0      # bot pause factor (setting bot_pace)
        self.confirm_risky = False  # setting confirm_risky_discard (off without settings)
        self.card_back = "B2"
        self.names = seat_names(self.config)
        self.geometry = TableGeometry(self.config.players, self.config.sides, self.config.partnerships)
        self.hint: Hint | None = None
        self.refusal: Refusal | None = None
        self.animator = Animator(speed)
        self.runner = BotRunner(threaded)
        self.controller = HandController(self)
        self.view = TableView(self)
        self.buttons = WidgetGroup()
        self._make_buttons()
        self.clock = 0.0
        self._new_game(seed, game)

    # -- game lifecycle ---------------------------------------------------------
    def bot_level(self, seat: int) -> str:
        if self.levels is not None and seat < len(self.levels) and self.levels[seat]:
            return self.levels[seat]  # type: ignore[return-value]
        return self.level

    def _new_game(self, seed: int, game: Game | None = None) -> None:
        self.seed = seed if game is None else game.seed
        self.game = game if game is not None else Game(self.config, seed)
        self.bots = {seat: self.bot_factory(self.bot_level(seat), self.seed * 10 + seat)
                     for seat in range(self.config.players) if seat != self.human}
        self.runner.cancel()
        self.ui = HandUI()
        self.bubbles: list[Bubble] = []
        self.banner: tuple[str, float, object] | None = None
        self.banner_high = False
        self.message: tuple[str, float, bool] | None = None
        self.refusal = None
        self.hint = None
        self._hint_text: tuple[tuple, str] | None = None
        self._hint_version = -1
        self.timeline: list[tuple[float, Effect]] = []
        self.shown_scores = [Tween(s, s, 0.0) for s in self.game.scores]
        self.sheet_pending = None
        self.answer_prompt_open = False
        self.version = 0
        self._legal: tuple[int, list[Move]] = (-1, [])
        self._requested = -1
        self._bot_move: tuple[int, int, Move] | None = None
        self._bot_ready_at = 0.0
        self.moves_played = 0
        self.animator.sprites.clear()
        if game is None:
            self._show(self.game.last_deal_events)
        else:
            self._resume()

    def saved_extra(self) -> dict[str, str]:
        """What of the player's own arrangement a save keeps: how the hand is sorted, and
        its order (a sort leaves cards of equal rank or suit as they were)."""
        hand = set(self.game.state.hands[self.human])
        return {"sort": self.ui.sort_mode,
                "hand_order": " ".join(c.face for c in self.ui.order if c in hand)}

    def restore_extra(self, extra: dict) -> None:
        """The player's arrangement from a save (anything odd in it is ignored)."""
        mode = extra.get("sort")
        if mode not in ("rank", "suit", "custom"):
            return
        order: list[Card] = []
        unused = list(self.game.state.hands[self.human])
        faces = extra.get("hand_order")
        for face in faces.split() if isinstance(faces, str) else ():
            card = next((c for c in unused if c.face == face), None)
            if card is not None:
                unused.remove(card)
                order.append(card)
        self.ui.sort_mode = mode
        self.ui.order = order
        self.relayout()
        self.animator.finish_all()

    def _resume(self) -> None:
        """A saved game goes on exactly where it was: the cards are in place at once
        (nothing is dealt again), and a deal that had ended shows its score sheet."""
        self.relayout()
        self.animator.finish_all()
        state = self.game.state
        if state.phase is Phase.OVER:
            self.sheet_pending = state.result

    def load_state(self, state) -> None:
        """Play on from an engine state (puzzles, tests): the cards jump into place."""
        self.game.state = state
        self.version += 1
        self.ui = HandUI()
        self.runner.cancel()
        self._bot_move = None
        self.timeline.clear()
        self.bubbles.clear()
        self.banner = self.message = self.sheet_pending = None
        self.refusal = self.hint = None
        self.shown_scores = [Tween(s, s, 0.0) for s in self.game.scores]
        self.animator.sprites.clear()
        self.relayout()
        self.animator.finish_all()

    def new_game(self, seed: int | None = None) -> None:
        self._new_game(self.seed + 1 if seed is None else seed)

    def next_deal(self) -> None:
        events = self.game.next_deal()
        self.version += 1
        self.ui.staged.clear()
        self.ui.selected.clear()
        self.runner.cancel()
        self._bot_move = None
        self._show(events)

    def on_exit(self) -> None:
        self.runner.close()

    # -- names ------------------------------------------------------------------
    @property
    def human_side(self) -> int:
        return self.config.side_of(self.human)

    def seat_name(self, seat: int) -> str:
        return _(self.names[seat])

    def side_name(self, side: int) -> str:
        seats = self.config.seats_of_side(side)
        if not self.config.partnerships:
            return self.seat_name(seats[0])
        if self.human in seats:
            return _("Us")
        return " & ".join(self.seat_name(s) for s in seats)

    # -- layout & animation ---------------------------------------------------------
    def relayout(self, delays: dict[Card, float] | None = None, deal: bool = False,
                 duration: float | None = None) -> None:
        """Recompute where every card rests and send the sprites there."""
        self.layout = TableLayout(self.geometry, self.game.state, self.ui, self.human)
        flight = UI_FLIGHT if duration is None else duration
        self.animator.sync(self.layout.placements, delays, deal=deal, duration=flight)
        if self.ui.dragging:
            self.animator.place_now(self.layout.placements, self.ui.dragging)
        self._refresh_buttons()

    def _show(self, events) -> None:
        """Animate a batch of engine events (and tell the listeners)."""
        events = list(events)
        for listener in self.listeners:
            listener(self, events)
        plan = plan_events(events, {seat: self.seat_name(seat) for seat in self.names})
        self.relayout(plan.delays, deal=plan.deal, duration=FLIGHT)
        speed = max(0.01, self.animator.speed)
        for effect in plan.effects:
            self.timeline.append((self.clock + effect.delay / speed, effect))
        self._bot_ready_at = self.clock + (plan.total + FLIGHT + BOT_PAUSE * self.pace) / speed

    def _fire(self, effect: Effect) -> None:
        if effect.kind == "sound":
            if self.play_sound is not None:
                self.play_sound(effect.text)
        elif effect.kind == "bubble":
            anchor, tail = self.geometry.bubble_anchor(effect.seat)  # type: ignore[arg-type]
            self.bubbles = [b for b in self.bubbles if b.widget.anchor != anchor]
            self.bubbles.append(Bubble(SpeechBubble(anchor, effect.text, tail=tail), 3.0))
        elif effect.kind in ("banner", "flash"):
            self.banner = (effect.text, 2.0 if effect.kind == "banner" else 1.2, effect.data)
            self.banner_high = effect.side is not None and effect.side != self.human_side
        elif effect.kind == "deal-over":
            self.sheet_pending = effect.data

    def say(self, text: str, warn: bool = True, seconds: float = 4.0) -> None:
        """Show a message above the hand (a note; refusals go through refuse())."""
        self.message = (text, seconds, warn)
        self.refusal = None

    def refuse(self, msgid: str, rule: str | None = None, **args) -> None:
        """Refuse a gesture with one of the table's own reasons (a msgid, formatted with
        `args`) citing `rule`; the cards fly back."""
        self._show_refusal(Refusal(rule, None, msgid, args))

    def refuse_error(self, error: IllegalMove) -> None:
        """Refuse with the engine's reason and its rule (why_not)."""
        self._show_refusal(Refusal(error.rule, error))

    def _show_refusal(self, refusal: Refusal) -> None:
        self.message = (refusal.reason(), REFUSAL_SECONDS, True)
        self.refusal = refusal
        self.relayout()  # dragged cards fly back to the hand

    def why_not(self) -> bool:
        """Show the longer text of the rule behind the last refusal (the "?" key)."""
        refusal = self.refusal
        if refusal is None or refusal.rule is None or self.message is None or self.stack is None:
            return False
        from game.scenes.table_menu import RuleDialog
        self.controller.cancel()
        self.stack.push(RuleDialog(refusal.rule, refusal.reason()))
        return True

    # -- engine ---------------------------------------------------------------------
    @property
    def state(self):
        return self.game.state

    def legal_moves(self) -> list[Move]:
        if self._legal[0] != self.version:
            st = self.game.state
            moves = st.legal_moves() if st.to_act is not None else []
            self._legal = (self.version, moves)
        return self._legal[1]

    def can(self, kind: MoveKind) -> bool:
        return any(move.kind is kind for move in self.legal_moves())

    def play(self, move: Move) -> bool:
        """Apply a move; on an illegal one show the engine's reason and return False."""
        try:
            events = self.game.apply(move)
        except IllegalMove as error:
            self.refuse_error(error)
            return False
        except NotationError as error:
            self.refuse(str(error), "R-MELD")
            return False
        self.version += 1
        self.moves_played += 1
        for index, score in enumerate(self.game.scores):
            tween = self.shown_scores[index]
            if tween.end != score:
                self.shown_scores[index] = Tween(tween.value, score, 1.2, ease_out_cubic)
        if self.message is not None and self.message[2]:
            self.message = None
            self.refusal = None
        self._show(events)
        return True

    def my_turn(self) -> bool:
        return self.game.state.to_act == self.human

    def _not_now(self) -> bool:
        """True (after telling the player why) when it is not the player's move."""
        st = self.game.state
        if st.phase is Phase.OVER:
            self.refuse(N_("The deal is over."), "R-GAME")
            return True
        if st.to_act != self.human:
            if st.phase is Phase.ANSWER and st.turn == self.human:
                self.refuse(N_("Wait for your partner's answer."), "R-ASK")
            else:
                self.refuse(N_("Wait for your turn: {name} is playing."), "R-TURN",
                            name=self.seat_name(st.to_act))  # type: ignore[arg-type]
            return True
        if st.phase is Phase.ANSWER:
            self.refuse(N_("Your partner asked \"May I go out?\": answer first."), "R-ASK")
            return True
        return False

    # -- player intents (from the hand controller and the buttons) ----------------------
    def click_stock(self) -> None:
        if self._not_now():
            return
        st = self.game.state
        if st.phase is not Phase.DRAW:
            self.refuse(N_("You have drawn already: meld, then discard."), "R-TURN")
            return
        if not st.stock:
            self.refuse(N_("The stock is empty: take the pile or pass."), "R-EXHAUSTED")
            return
        self.play(Move.draw())

    def click_pile(self) -> None:
        if self._not_now():
            return
        st = self.game.state
        selected = [c for c in self.layout.hand_cards if c in self.ui.selected]
        if st.phase is Phase.DRAW:
            if selected or self.ui.staged:
                self._take(selected)
            elif any(m.kind is MoveKind.TAKE and not m.groups for m in self.legal_moves()):
                self.play(Move.take())
            else:
                self._why_no_take()
        elif len(selected) == 1:
            self._discard(selected[0])
        else:
            self.say(_("Drag one card onto the pile (or double-click it) to discard."), warn=False)

    def _why_no_take(self) -> None:
        """A click on a pile that cannot be taken as it is: say what stands in the way."""
        st = self.game.state
        if not st.pile:
            self.refuse(N_("The discard pile is empty."), "R-TAKE")
        elif st.pile_blocked():
            top = st.pile[-1]
            if top.is_black_three:
                self.refuse(N_("A black three on top blocks the pile: nobody may take it while it "
                               "is on top."), "R-BLOCKED")
            else:
                self.refuse(N_("A wild card on top blocks the pile: nobody may take it while it "
                               "is on top."), "R-BLOCKED")
        elif st.pile_frozen > 0:
            self.refuse(N_("The pile is frozen (a wild card or red three is in it): only a natural "
                           "pair of the top card takes it. Select the pair and drop it on the pile."),
                        "R-FROZEN")
        elif st.pile_frozen_for(self.human_side):
            self.refuse(N_("The pile is frozen for us until we have melded: only a natural pair of "
                           "the top card takes it, with the initial meld. Select the pair and drop "
                           "it on the pile."), "R-FROZEN")
        else:
            self.say(_("To take the pile, select the cards that meld its top card and "
                       "drop them on the pile."), warn=False)

    def click_meld(self, slot: MeldSlot) -> None:
        if slot.staged_index is not None:
            del self.ui.staged[slot.staged_index]
            self.relayout()
            return
        selected = [c for c in self.layout.hand_cards if c in self.ui.selected]
        if selected:
            self._drop_on_meld(selected, slot)

    def double_click(self, card: Card) -> None:
        if self._not_now():
            return
        if self.game.state.phase is not Phase.MELD:
            self.refuse(N_("Draw first: click the stock or take the pile."), "R-TURN")
            return
        self._discard(card)

    def drop(self, cards: list[Card], pos: tuple[float, float]) -> None:
        side = self.human_side
        if pile_rect().collidepoint(pos):
            if self._not_now():
                return
            if self.game.state.phase is Phase.DRAW:
                self._take(cards)
            elif len(cards) != 1:
                self.refuse(N_("Discard one card at a time; drop several cards on the table to meld."),
                            "R-TURN")
            else:
                self._discard(cards[0])
            return
        slot = self.layout.meld_slot_at(pos, side)
        if slot is not None:
            self._drop_on_meld(cards, slot)
            return
        if self.geometry.meld_areas[side].inflate(16, 24).collidepoint(pos):
            self._drop_new_meld(cards)
            return
        if HAND_RECT.inflate(0, 60).collidepoint(pos):
            self._reorder(cards, pos[0])
            return
        self.relayout()  # nowhere: back to the hand

    def _reorder(self, cards: list[Card], x: float) -> None:
        shown = [c for c in self.layout.hand_cards if c not in cards]
        xs = self.geometry.hand_positions(len(shown) + len(cards))
        index = sum(1 for cx in xs[:len(shown)] if cx < x - 20)
        order = shown[:index] + cards + shown[index:]
        rest = [c for c in self.ui.order if c not in order]
        self.ui.order = order + rest
        self.ui.sort_mode = "custom"
        self.relayout()
        self._arranged()

    def _group(self, cards: list[Card], rank=None) -> Group | None:
        try:
            return Group.of(cards, rank)
        except NotationError:
            if rank is not None:
                self.refuse(N_("Those cards do not go with the {rank}s."), "R-ADD", rank=rank.symbol)
            elif all(c.is_wild for c in cards):
                self.refuse(N_("Wild cards alone go onto a meld: drop them on one."), "R-MELD")
            else:
                self.refuse(N_("A meld holds cards of one rank (plus wild cards)."), "R-MELD")
            return None

    def _staging(self) -> bool:
        """True while the player's side has not melded: melds are staged."""
        return not self.game.state.has_melded(self.human_side)

    def _drop_new_meld(self, cards: list[Card]) -> None:
        if self._not_now():
            return
        if any(c.rank == 3 for c in cards) and not all(c.is_black_three for c in cards):
            self.refuse(N_("Black threes meld only as three or four of them when going out."), "R-BLACK3")
            return
        if self._staging():
            group = self._group(cards)
            if group is None:
                return
            for staged in self.ui.staged:  # one meld per rank: merge into the staged one
                naturals = [c for c in staged if not c.is_wild]
                if naturals and naturals[0].rank == group.rank:
                    staged.extend(cards)
                    break
            else:
                self.ui.staged.append(list(cards))
            self.ui.selected -= set(cards)
            self.relayout()
            return
        self._meld_now(cards)

    def _meld_now(self, cards: list[Card], rank=None) -> None:
        """Lay `cards` as one group at once (the side has melded): new, or added to `rank`."""
        if self.game.state.phase is not Phase.MELD:
            self.refuse(N_("Draw first: click the stock or take the pile."), "R-TURN")
            return
        group = self._group(cards, rank)
        if group is not None and self.play(Move.meld(group)):
            self.ui.selected -= set(cards)

    def _drop_on_meld(self, cards: list[Card], slot: MeldSlot) -> None:
        if self._not_now():
            return
        if slot.staged_index is not None:
            staged = self.ui.staged[slot.staged_index]
            if self._group(staged + cards) is not None:
                staged.extend(cards)
                self.ui.selected -= set(cards)
                self.relayout()
            return
        self._meld_now(cards, slot.rank)

    def _take(self, cards: list[Card]) -> None:
        st = self.game.state
        if not st.pile:
            self.refuse(N_("The discard pile is empty."), "R-TAKE")
            return
        top = st.pile[-1]
        groups: list[Group] = []
        if cards:
            try:
                groups.append(Group.of(cards, top.rank if top.rank.meldable else None))
            except NotationError:
                self.refuse(N_("To take the pile, drop cards that meld the {card} on top."), "R-TAKE",
                            card=card_name(top))
                return
        staged = [self._group(g) for g in self.ui.staged]
        if any(g is None for g in staged):
            return
        if staged and not groups:
            self.refuse(N_("Drop the cards that meld the top card on the pile to take it."), "R-TAKE")
            return
        move = Move.take(*groups, *staged)  # type: ignore[arg-type]
        if self.play(move):
            self.ui.staged.clear()
            self.ui.selected.clear()
            self.relayout()

    def _discard(self, card: Card, confirmed: bool = False) -> None:
        # The hint's own discard was weighed already: following it needs no warning.
        hinted = self.hint is not None and str(self.hint.move) == str(Move.discard(card))
        if not confirmed and not hinted and self.confirm_risky and self.stack is not None \
                and Move.discard(card) in self.legal_moves():
            risk = discard_risk(self.game.state.observation(self.human), card)
            if risk is not None:
                self._confirm_discard(card, risk.text)
                return
        if self.play(Move.discard(card)):
            self.ui.staged.clear()
            self.ui.selected.discard(card)
            self.relayout()

    def _confirm_discard(self, card: Card, why: str) -> None:
        """Setting "confirm a risky discard": ask before giving the pile away."""
        from game.scenes.table_menu import RiskyDiscardDialog
        self.controller.cancel()
        version = self.version

        def discard_anyway() -> None:
            if self.version == version:
                self._discard(card, confirmed=True)

        question = _("Discard the {card} anyway?").format(card=card_name(card))
        self.stack.push(RiskyDiscardDialog(_("A risky discard"), f"{why}\n{question}",  # type: ignore[union-attr]
                                           [(_("Discard anyway"), discard_anyway),
                                            (_("Cancel"), self.relayout)], width=620, cancel_index=1))

    def confirm_staged(self) -> None:
        if not self.ui.staged or self._not_now():
            return
        if self.game.state.phase is Phase.DRAW:
            self.refuse(N_("Draw first, or take the pile by dropping the cards that meld its "
                           "top card on it: your staged melds go with the take."), "R-TURN")
            return
        groups = [self._group(g) for g in self.ui.staged]
        if any(g is None for g in groups):
            return
        if self.play(Move.meld(*groups)):  # type: ignore[arg-type]
            self.ui.staged.clear()
            self.relayout()

    def cancel_staged(self) -> None:
        if self.ui.staged:
            self.ui.staged.clear()
            self.relayout()

    def ask_partner(self) -> None:
        if self._not_now():
            return
        if self.ui.staged:
            self.refuse(N_("Take back your staged melds before asking."), "R-ASK")
            return
        self.play(Move(MoveKind.ASK))

    def answer(self, yes: bool) -> None:
        self.answer_prompt_open = False
        st = self.game.state
        if st.phase is Phase.ANSWER and st.to_act == self.human:
            self.play(Move(MoveKind.YES if yes else MoveKind.NO))

    def pass_turn(self) -> None:
        if not self._not_now():
            self.play(Move(MoveKind.PASS))

    def sort_hand(self, mode: str) -> None:
        self.ui.sort_mode = mode
        self.relayout()
        self._arranged()

    def _arranged(self) -> None:
        """The player re-arranged the hand: the save keeps it (listeners hear no events)."""
        for listener in self.listeners:
            listener(self, [])

    def toggle_sort(self) -> None:
        self.sort_hand("suit" if self.ui.sort_mode == "rank" else "rank")

    # -- hint -------------------------------------------------------------------------------
    def show_hint(self) -> bool:
        """Ask the Normal bot for the player's move and show it explained, with the cards
        it uses lit; it is never played for the player."""
        st = self.game.state
        if st.to_act != self.human or st.phase is Phase.OVER:
            self.say(_("A hint is for your turn."), warn=False, seconds=3.0)
            return False
        self.controller.cancel()
        hint = make_hint(st.observation(self.human), seed=self.seed * 1000 + self.moves_played)
        self.hint = hint
        self._hint_version = self.version
        self._hint_text = None
        self.ui.hinted = set(hint.cards)
        self.message = self.refusal = None
        self.relayout()
        return True

    def hint_text(self) -> str:
        """The hint in the current language (re-explained after a language switch)."""
        hint = self.hint
        if hint is None:
            return ""
        key = (get_language(), self._hint_version)
        if self._hint_text is None or self._hint_text[0] != key:
            text = explain(hint.move, self.game.state.observation(self.human))
            self._hint_text = (key, text)
        return self._hint_text[1]

    def clear_hint(self) -> None:
        if self.hint is not None or self.ui.hinted:
            self.hint = None
            self.ui.hinted = set()
            self.relayout()

    # -- keyboard -----------------------------------------------------------------------------
    def move_cursor(self, step: int, carry: bool = False) -> None:
        """Arrow keys: the focus cursor over the hand; `carry` moves the card along."""
        cards = self.layout.hand_cards
        if not cards:
            self.ui.cursor = None
            return
        self.buttons.set_focus(None)
        if self.ui.cursor not in cards:
            self.ui.cursor = cards[0] if step > 0 else cards[-1]
            self.relayout()
            return
        index = cards.index(self.ui.cursor)  # type: ignore[arg-type]
        target = max(0, min(len(cards) - 1, index + step))
        if carry and target != index:
            order = list(cards)
            order[index], order[target] = order[target], order[index]
            rest = [c for c in self.ui.order if c not in order]
            self.ui.order = order + rest
            self.ui.sort_mode = "custom"
            self._arranged()
        else:
            self.ui.cursor = cards[target]
        self.relayout()

    def select_cursor(self, state: bool | None = None) -> bool:
        """Space / Up / Down: select, toggle or unselect the card under the cursor."""
        card = self.ui.cursor
        if card is None or card not in self.layout.hand_cards:
            return False
        if state is None:
            state = card not in self.ui.selected
        if state:
            self.ui.selected.add(card)
        else:
            self.ui.selected.discard(card)
        self.relayout()
        return True

    def selected_cards(self) -> list[Card]:
        return [c for c in self.layout.hand_cards if c in self.ui.selected]

    def key_take(self) -> None:
        """T: take the pile with the selected cards (or by adding it to our meld)."""
        if self._not_now():
            return
        if self.game.state.phase is not Phase.DRAW:
            self.refuse(N_("You have drawn already: meld, then discard."), "R-TURN")
            return
        selected = self.selected_cards()
        if selected or self.ui.staged:
            self._take(selected)
        else:
            self.play(Move.take())

    def key_meld(self) -> None:
        """M: meld the selected cards: onto our meld of their rank, or as a new (staged) meld."""
        cards = self.selected_cards()
        if not cards:
            self.say(_("Select cards first (arrow keys and Space), then press M to meld them."),
                     warn=False)
            return
        naturals = {c.rank for c in cards if not c.is_wild}
        side = self.human_side
        rank = next(iter(naturals)) if len(naturals) == 1 else None
        if rank is not None:
            slot = next((s for s in self.layout.meld_slots if s.side == side and s.rank == rank
                         and (s.staged_index is not None or not self._staging())), None)
            if slot is not None:
                self._drop_on_meld(cards, slot)
                return
        self._drop_new_meld(cards)

    def key_discard(self) -> None:
        """X: discard the selected card (or the one under the cursor)."""
        if self._not_now():
            return
        cards = self.selected_cards()
        if not cards and self.ui.cursor in self.layout.hand_cards:
            cards = [self.ui.cursor]  # type: ignore[list-item]
        if len(cards) != 1:
            self.refuse(N_("Select one card to discard (arrow keys and Space), then press X."), "R-TURN")
            return
        if self.game.state.phase is not Phase.MELD:
            self.refuse(N_("Draw first: click the stock or take the pile."), "R-TURN")
            return
        self._discard(cards[0])

    def escape(self) -> None:
        """Esc: cancel what is in progress, one thing at a time; else open the menu."""
        if self.ui.dragging or self.controller.press is not None:
            self.controller.cancel()
        elif self.hint is not None:
            self.clear_hint()
        elif self.ui.staged:
            self.cancel_staged()
        elif self.ui.selected:
            self.ui.selected.clear()
            self.relayout()
        elif self.buttons.focused is not None or self.ui.cursor is not None:
            self.buttons.set_focus(None)
            self.ui.cursor = None
            self.relayout()
        else:
            self.open_menu()

    def open_menu(self) -> None:
        from game.scenes.table_menu import TableMenuScene
        if self.stack is not None:
            self.controller.cancel()
            self.stack.push(TableMenuScene(self))

    def open_keys(self) -> None:
        from game.scenes.table_menu import KeysOverlay
        if self.stack is not None:
            self.controller.cancel()
            self.stack.push(KeysOverlay())

    # -- settings ----------------------------------------------------------------------------
    def apply_settings(self, settings, name: str | None = None) -> None:
        """Apply the app's settings at once (`name`: the one that changed; None: all)."""
        if name in (None, "animation_speed"):
            self.animator.speed = settings.animation_speed
        self.pace = BOT_PACE.get(settings.bot_pace, 1.0)
        self.card_back = settings.card_back
        self.confirm_risky = bool(settings.confirm_risky_discard)
        assets.set_four_colour(settings.four_colour_deck)
        if settings.card_size != self.geometry.card_size:
            self.geometry = TableGeometry(self.config.players, self.config.sides,
                                          self.config.partnerships, settings.card_size)
        if hasattr(self, "layout"):
            self.relayout()

    def cycle_speed(self, step: int = 1) -> None:
        speeds = list(SPEEDS)
        current = min(range(len(speeds)), key=lambda i: abs(speeds[i] - self.animator.speed))
        self.animator.speed = speeds[max(0, min(len(speeds) - 1, current + step))]

    def skip_animations(self) -> None:
        self.animator.finish_all()
        for due, effect in sorted(self.timeline, key=lambda item: item[0]):
            if effect.kind != "sound":  # skipped cards land silently
                self._fire(effect)
        self.timeline.clear()
        self._bot_ready_at = self.clock

    # -- what the view shows ----------------------------------------------------------
    def status_text(self) -> str:
        st = self.game.state
        if st.phase is Phase.OVER:
            return _("The deal is over.")
        to_act = st.to_act
        if to_act != self.human:
            if st.phase is Phase.ANSWER and st.turn == self.human:
                return _("Waiting for your partner's answer…")
            return _("{name} to play…").format(name=self.seat_name(to_act))  # type: ignore[arg-type]
        if st.phase is Phase.ANSWER:
            return _("{name} asks: may I go out?").format(name=self.seat_name(st.turn))
        if st.phase is Phase.DRAW:
            if not st.stock:
                return _("The stock is empty: take the pile or pass.")
            return _("Your turn: click the stock to draw, or take the pile.")
        if st.answer is True:
            return _("Your partner said yes: you must go out this turn.")
        if st.answer is False:
            return _("Your partner said no: you may not go out this turn.")
        return _("Meld if you can, then discard a card onto the pile.")

    def stage_info(self) -> tuple[int, int, str] | None:
        """(count, minimum, hint) while an initial meld is being staged."""
        if not self.ui.staged:
            return None
        st = self.game.state
        count = sum(c.value for group in self.ui.staged for c in group)
        hint = ""
        if st.phase is Phase.DRAW and st.pile:
            top = st.pile[-1]
            count += top.value
            hint = _("incl. the {card} on the pile: drop the take's cards on it").format(card=top.face)
        return count, st.minimum(self.human_side), hint

    # -- buttons ----------------------------------------------------------------------------
    def _make_buttons(self) -> None:
        x, w = BUTTON_COLUMN_X, 188
        make = lambda y, text, action, primary=False: self.buttons.add(  # noqa: E731
            Button((x, y, w, 40), text, action, primary=primary, font_size=17))
        self.hint_button = make(522, _("Hint"), self.show_hint)
        self.ask_button = make(570, _("May I go out?"), self.ask_partner, True)
        self.pass_button = make(570, _("Pass (end the deal)"), self.pass_turn, True)
        self.sort_rank_button = make(618, _("Sort by rank"), lambda: self.sort_hand("rank"))
        self.sort_suit_button = make(666, _("Sort by suit"), lambda: self.sort_hand("suit"))
        small = lambda x, w, text, action: self.buttons.add(  # noqa: E731
            Button((x, 12, w, 34), text, action, primary=False, font_size=15))
        self.speed_button = small(832, 98, "", lambda: self.cycle_speed(1 if self.animator.speed < 4 else -3))
        self.keys_button = small(938, 98, _("Keys · F1"), self.open_keys)
        panel = STAGE_PANEL
        self.confirm_button = self.buttons.add(Button((panel.x + 10, panel.bottom - 44, 134, 34),
                                                      _("Lay melds"), self.confirm_staged, primary=True,
                                                      font_size=15))
        self.cancel_button = self.buttons.add(Button((panel.x + 152, panel.bottom - 44, 128, 34), _("Take back"),
                                                     self.cancel_staged, primary=False, font_size=15))
        self.new_game_button = self.buttons.add(Button((1150, 12, 118, 34), _("New game"),
                                                       self._confirm_new_game, primary=False, font_size=15))
        self.menu_button = self.buttons.add(Button((1044, 12, 98, 34), _("Menu"), self.open_menu,
                                                   primary=False, font_size=15))

    def _confirm_new_game(self) -> None:
        from game.scenes.modal import ModalDialogScene
        if self.stack is None:
            self.new_game()
            return
        self.controller.cancel()
        self.stack.push(ModalDialogScene(_("New game?"), _("The current game will be lost."),
                                         [(_("New game"), self.new_game), (_("Keep playing"), None)],
                                         cancel_index=1))

    # Fixed button labels (msgids), re-translated every frame so a language switch shows at once.
    LABELS = {"ask_button": N_("May I go out?"), "pass_button": N_("Pass (end the deal)"),
              "confirm_button": N_("Lay melds"), "cancel_button": N_("Take back"),
              "new_game_button": N_("New game"), "menu_button": N_("Menu"), "hint_button": N_("Hint"),
              "keys_button": N_("Keys · F1")}
    # The key shown on each button (drawn as a small key cap by the view).
    KEYS = {"hint_button": "H", "ask_button": "A", "pass_button": "P"}

    def _refresh_buttons(self) -> None:
        for attribute, label in self.LABELS.items():
            getattr(self, attribute).text = _(label)
        st = self.game.state
        mine = self.my_turn()
        can_pass = mine and st.phase is Phase.DRAW and not st.stock and self.can(MoveKind.PASS)
        self.pass_button.visible = can_pass
        self.ask_button.visible = self.config.ask_allowed and not can_pass
        self.ask_button.enabled = mine and self.can(MoveKind.ASK)
        self.sort_rank_button.text = _("Sort by rank")
        self.sort_suit_button.text = _("Sort by suit")
        self.sort_rank_button.primary = self.ui.sort_mode == "rank"  # the current order is gold
        self.sort_suit_button.primary = self.ui.sort_mode == "suit"
        self.speed_button.text = _("Speed {x}×").format(x=f"{self.animator.speed:g}")
        self.hint_button.enabled = mine and st.phase is not Phase.OVER
        staging = bool(self.ui.staged)
        self.confirm_button.visible = self.cancel_button.visible = staging
        self.confirm_button.enabled = staging and mine and st.phase is Phase.MELD

    # -- scene hooks ------------------------------------------------------------------------
    def on_cover(self) -> None:
        self.controller.cancel()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if self.ui.cursor is not None:  # the mouse takes over from the keyboard cursor
                self.ui.cursor = None
                self.relayout()
            if event.button == 1 and self._banner_hit(event.pos):
                return self.why_not()
        if self.buttons.handle_event(event):
            return True
        return self.controller.handle_event(event)

    def _banner_hit(self, pos) -> bool:
        box = self.view.refusal_rect()
        return box is not None and box.collidepoint(pos)

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        mod = getattr(event, "mod", 0)
        shift = bool(mod & pygame.KMOD_SHIFT)
        focused = self.buttons.focused
        if focused is not None and focused.visible and getattr(focused, "enabled", True) \
                and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.buttons.handle_event(event)  # the focused button
        if key == pygame.K_QUESTION or (key == pygame.K_SLASH and shift) or event.dict.get("unicode") == "?":
            if not self.why_not():
                self.say(_("Nothing was refused: “?” explains the rule behind a refused move."),
                         warn=False, seconds=3.0)
        elif key == pygame.K_F1:
            self.open_keys()
        elif key == pygame.K_ESCAPE:
            self.escape()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_cursor(-1 if key == pygame.K_LEFT else 1, carry=shift)
        elif key in (pygame.K_HOME, pygame.K_END):
            self.move_cursor(-999 if key == pygame.K_HOME else 999)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            if not self.select_cursor(key == pygame.K_UP):
                self.move_cursor(1)
        elif key == pygame.K_SPACE:
            if not self.select_cursor():
                self.skip_animations()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.ui.staged:
                self.confirm_staged()
            elif self.selected_cards() and self.game.state.phase is Phase.MELD:
                self.key_meld()
        elif key == pygame.K_s:
            self.toggle_sort()
        elif key == pygame.K_r:
            self.sort_hand("rank")
        elif key == pygame.K_d:
            self.click_stock()
        elif key == pygame.K_t:
            self.key_take()
        elif key == pygame.K_m:
            self.key_meld()
        elif key in (pygame.K_x, pygame.K_DELETE):
            self.key_discard()
        elif key == pygame.K_h:
            self.show_hint()
        elif key == pygame.K_a:
            if self.ask_button.visible and self.ask_button.enabled:
                self.ask_partner()
            elif not self.config.ask_allowed:
                self.refuse(N_("there is no partner to ask in this variant"), "R-ASK")
            elif not self._not_now():
                self.refuse(N_("You may not ask now: you could not go out this turn."), "R-ASK")
        elif key == pygame.K_p and self.pass_button.visible:
            self.pass_turn()
        elif key == pygame.K_n and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self._confirm_new_game()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.cycle_speed(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.cycle_speed(-1)
        else:
            if key == pygame.K_TAB:
                self.ui.cursor = None
            return self.buttons.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        self.clock += dt
        self.controller.update(dt)
        self.animator.update(dt)
        for tween in self.shown_scores:
            tween.update(dt)
        if self.timeline:
            due = [item for item in self.timeline if item[0] <= self.clock]
            if due:
                self.timeline = [item for item in self.timeline if item[0] > self.clock]
                for _when, effect in sorted(due, key=lambda item: item[0]):
                    self._fire(effect)
        for bubble in self.bubbles:
            bubble.remaining -= dt
            bubble.widget.alpha = max(0.0, min(1.0, bubble.remaining / 0.4))
        self.bubbles = [b for b in self.bubbles if b.remaining > 0]
        if self.banner is not None:
            text, remaining, data = self.banner
            self.banner = (text, remaining - dt, data) if remaining > dt else None
        if self.message is not None:
            text, remaining, warn = self.message
            self.message = (text, remaining - dt, warn) if remaining > dt else None
            if self.message is None:
                self.refusal = None
        if self.hint is not None and self._hint_version != self.version:
            self.clear_hint()  # a move was made: the hint is spent
        self._refresh_buttons()
        self.buttons.update(dt)
        self._drive_game()

    @property
    def idle(self) -> bool:
        """Nothing is moving and no effect is waiting: the next move may be shown."""
        return not self.animator.busy and not self.timeline

    def _drive_game(self) -> None:
        st = self.game.state
        covered = self.stack is not None and self.stack.top is not self
        if st.phase is Phase.OVER:
            if self.sheet_pending is not None and self.idle and not covered:
                result, self.sheet_pending = self.sheet_pending, None
                self._open_score_sheet(result)
            return
        to_act = st.to_act
        if to_act == self.human:
            if st.phase is Phase.ANSWER and not self.answer_prompt_open and self.idle and not covered:
                self._open_answer_prompt()
            return
        if to_act is None:
            return
        if self._requested != self.version:
            self._requested = self.version
            self._bot_move = None
            self.runner.request(to_act, self.bots[to_act], st.observation(to_act))
        if self._bot_move is None:
            answer = self.runner.poll()
            if answer is not None:
                self._bot_move = (self.version, *answer)
        if self._bot_move is not None and self.idle and self.clock >= self._bot_ready_at and not covered:
            version, seat, move = self._bot_move
            self._bot_move = None
            if version == self.version and seat == to_act:
                if not self.play(move):  # a bot bug: never stall the table
                    fallback = st.legal_moves()[0]
                    self.play(fallback)

    def _open_answer_prompt(self) -> None:
        from game.scenes.prompts import AnswerPrompt
        self.answer_prompt_open = True
        self.controller.cancel()
        if self.stack is None:
            return
        self.stack.push(AnswerPrompt(self))

    def _open_score_sheet(self, result) -> None:
        from game.scenes.score_sheet import ScoreSheetScene
        self.controller.cancel()
        if self.stack is not None:
            self.stack.push(ScoreSheetScene(self, result))

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
