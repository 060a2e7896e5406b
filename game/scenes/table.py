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

from dataclasses import dataclass

import pygame

from game.i18n import N_, _
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

UI_FLIGHT = 0.16      # hand re-arranging (select, hover, sort)
BOT_PAUSE = 0.35      # seconds between two bot moves, at speed 1
SPEEDS = (0.5, 1.0, 2.0, 4.0)


@dataclass
class Bubble:
    widget: SpeechBubble
    remaining: float


def seat_names(players: int) -> dict[int, str]:
    """Seat -> name msgid (translated when shown, so a language switch applies at once)."""
    if players == 4:
        return {0: N_("You"), 1: N_("West"), 2: N_("North"), 3: N_("East")}
    if players == 2:
        return {0: N_("You"), 1: N_("North")}
    return {0: N_("You"), 1: N_("West"), 2: N_("East")}


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
        self.on_menu = None  # set by the app in menu mode: a "Menu" button leaves the table
        self.names = seat_names(self.config.players)
        self.geometry = TableGeometry(self.config.players, self.config.sides, self.config.partnerships)
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
        self._show(self.game.last_deal_events)

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
        self._bot_ready_at = self.clock + (plan.total + FLIGHT + BOT_PAUSE) / speed

    def _fire(self, effect: Effect) -> None:
        if effect.kind == "bubble":
            anchor, tail = self.geometry.bubble_anchor(effect.seat)  # type: ignore[arg-type]
            self.bubbles = [b for b in self.bubbles if b.widget.anchor != anchor]
            self.bubbles.append(Bubble(SpeechBubble(anchor, effect.text, tail=tail), 3.0))
        elif effect.kind in ("banner", "flash"):
            self.banner = (effect.text, 2.0 if effect.kind == "banner" else 1.2, effect.data)
            self.banner_high = effect.side is not None and effect.side != self.human_side
        elif effect.kind == "deal-over":
            self.sheet_pending = effect.data

    def say(self, text: str, warn: bool = True, seconds: float = 4.0) -> None:
        """Show a message above the hand (an illegal move's reason, a hint)."""
        self.message = (text, seconds, warn)

    def refuse(self, reason: str) -> None:
        self.say(reason[:1].upper() + reason[1:], warn=True)
        self.relayout()  # dragged cards fly back to the hand

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
            self.refuse(_(error.reason))
            return False
        except NotationError as error:
            self.refuse(_(str(error)))
            return False
        self.version += 1
        self.moves_played += 1
        for index, score in enumerate(self.game.scores):
            tween = self.shown_scores[index]
            if tween.end != score:
                self.shown_scores[index] = Tween(tween.value, score, 1.2, ease_out_cubic)
        if self.message is not None and self.message[2]:
            self.message = None
        self._show(events)
        return True

    def my_turn(self) -> bool:
        return self.game.state.to_act == self.human

    def _not_now(self) -> bool:
        """True (after telling the player why) when it is not the player's move."""
        st = self.game.state
        if st.phase is Phase.OVER:
            self.refuse(_("The deal is over."))
            return True
        if st.to_act != self.human:
            if st.phase is Phase.ANSWER and st.turn == self.human:
                self.refuse(_("Wait for your partner's answer."))
            else:
                self.refuse(_("Wait for your turn: {name} is playing.").format(
                    name=self.seat_name(st.to_act)))  # type: ignore[arg-type]
            return True
        if st.phase is Phase.ANSWER:
            self.refuse(_("Your partner asked \"May I go out?\": answer first."))
            return True
        return False

    # -- player intents (from the hand controller and the buttons) ----------------------
    def click_stock(self) -> None:
        if self._not_now():
            return
        st = self.game.state
        if st.phase is not Phase.DRAW:
            self.refuse(_("You have drawn already: meld, then discard."))
            return
        if not st.stock:
            self.refuse(_("The stock is empty: take the pile or pass."))
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
                self.say(_("To take the pile, select the cards that meld its top card and "
                           "drop them on the pile."), warn=False)
        elif len(selected) == 1:
            self._discard(selected[0])
        else:
            self.say(_("Drag one card onto the pile (or double-click it) to discard."), warn=False)

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
            self.refuse(_("Draw first: click the stock or take the pile."))
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
                self.refuse(_("Discard one card at a time; drop several cards on the table to meld."))
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

    def _group(self, cards: list[Card], rank=None) -> Group | None:
        try:
            return Group.of(cards, rank)
        except NotationError:
            if rank is not None:
                self.refuse(_("Those cards do not go with the {rank}s.").format(rank=rank.symbol))
            elif all(c.is_wild for c in cards):
                self.refuse(_("Wild cards alone go onto a meld: drop them on one."))
            else:
                self.refuse(_("A meld holds cards of one rank (plus wild cards)."))
            return None

    def _staging(self) -> bool:
        """True while the player's side has not melded: melds are staged."""
        return not self.game.state.has_melded(self.human_side)

    def _drop_new_meld(self, cards: list[Card]) -> None:
        if self._not_now():
            return
        if any(c.rank == 3 for c in cards) and not all(c.is_black_three for c in cards):
            self.refuse(_("Black threes meld only as three or four of them when going out."))
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
            self.refuse(_("Draw first: click the stock or take the pile."))
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
            self.refuse(_("The discard pile is empty."))
            return
        top = st.pile[-1]
        groups: list[Group] = []
        if cards:
            try:
                groups.append(Group.of(cards, top.rank if top.rank.meldable else None))
            except NotationError:
                self.refuse(_("To take the pile, drop cards that meld the {card} on top.").format(card=top.face))
                return
        staged = [self._group(g) for g in self.ui.staged]
        if any(g is None for g in staged):
            return
        if staged and not groups:
            self.refuse(_("Drop the cards that meld the top card on the pile to take it."))
            return
        move = Move.take(*groups, *staged)  # type: ignore[arg-type]
        if self.play(move):
            self.ui.staged.clear()
            self.ui.selected.clear()
            self.relayout()

    def _discard(self, card: Card) -> None:
        if self.play(Move.discard(card)):
            self.ui.staged.clear()
            self.ui.selected.discard(card)
            self.relayout()

    def confirm_staged(self) -> None:
        if not self.ui.staged or self._not_now():
            return
        if self.game.state.phase is Phase.DRAW:
            self.refuse(_("Draw first, or take the pile by dropping the cards that meld its "
                          "top card on it: your staged melds go with the take."))
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
            self.refuse(_("Take back your staged melds before asking."))
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

    def cycle_speed(self, step: int = 1) -> None:
        speeds = list(SPEEDS)
        current = min(range(len(speeds)), key=lambda i: abs(speeds[i] - self.animator.speed))
        self.animator.speed = speeds[max(0, min(len(speeds) - 1, current + step))]

    def skip_animations(self) -> None:
        self.animator.finish_all()
        for due, effect in sorted(self.timeline, key=lambda item: item[0]):
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
        self.ask_button = make(520, _("May I go out?"), self.ask_partner, True)
        self.pass_button = make(520, _("Pass (end the deal)"), self.pass_turn, True)
        self.sort_rank_button = make(570, _("Sort by rank"), lambda: self.sort_hand("rank"))
        self.sort_suit_button = make(618, _("Sort by suit"), lambda: self.sort_hand("suit"))
        self.speed_button = make(666, "", lambda: self.cycle_speed(1 if self.animator.speed < 4 else -3))
        panel = STAGE_PANEL
        self.confirm_button = self.buttons.add(Button((panel.x + 10, panel.bottom - 44, 134, 34),
                                                      _("Lay melds"), self.confirm_staged, primary=True,
                                                      font_size=15))
        self.cancel_button = self.buttons.add(Button((panel.x + 152, panel.bottom - 44, 128, 34), _("Take back"),
                                                     self.cancel_staged, primary=False, font_size=15))
        self.new_game_button = self.buttons.add(Button((1150, 12, 118, 34), _("New game"),
                                                       self._confirm_new_game, primary=False, font_size=15))
        self.menu_button = self.buttons.add(Button((1044, 12, 98, 34), _("Menu"),
                                                   lambda: self.on_menu and self.on_menu(),
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
              "new_game_button": N_("New game"), "menu_button": N_("Menu")}

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
        self.menu_button.visible = self.on_menu is not None
        staging = bool(self.ui.staged)
        self.confirm_button.visible = self.cancel_button.visible = staging
        self.confirm_button.enabled = staging and mine and st.phase is Phase.MELD

    # -- scene hooks ------------------------------------------------------------------------
    def on_cover(self) -> None:
        self.controller.cancel()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if self.buttons.handle_event(event):
            return True
        return self.controller.handle_event(event)

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_r:
            self.sort_hand("rank")
        elif key == pygame.K_s:
            self.sort_hand("suit")
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.ui.staged:
            self.confirm_staged()
        elif key == pygame.K_ESCAPE:
            self.controller.cancel()
            if self.ui.staged:
                self.cancel_staged()
            else:
                self.ui.selected.clear()
                self.relayout()
        elif key == pygame.K_SPACE:
            self.skip_animations()
        elif key == pygame.K_d:
            self.click_stock()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.cycle_speed(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.cycle_speed(-1)
        else:
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
        if self._bot_move is not None and self.idle and self.clock >= self._bot_ready_at:
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
