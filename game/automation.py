"""Scripted automation: synthetic mouse and keyboard events driving the real scenes.

A script is a text file, one command per line (`#` starts a comment), or a JSON
list of such lines. Low-level commands post raw events; high-level ones are
translated into the clicks and drags a player would make, aimed at where the
cards are drawn *right now* (so they exercise hit-testing, dragging and the
table's own rules, exactly like a mouse):

    wait 0.5                 simulated seconds
    wait_turn                until the player is to act and nothing moves
    wait_prompt / wait_sheet until the partner's question / the score sheet shows
    wait_idle                until no animation runs
    click X Y · move X Y · drag X1 Y1 X2 Y2 · key NAME · shift_click X Y
    type TEXT                text typed into the focused field (a name: "type Li Wei")
    setting NAME VALUE       change a setting (language zh_CN, four_colour_deck on, ...)
    draw                     click the stock
    select HA CA ...         click those hand cards (adds to the selection)
    drag HA CA D2 -> meld    select the cards, drag them onto the table
    drag S7 -> meld:7        ... onto our meld (or staged group) of sevens
    drag H8 -> meld#2        ... onto our meld number 2 (the Samba family's list, from 0)
    drag_top meld#2          drag the pile's top card onto our meld number 2 (take +2:)
    drag C9 C9 -> pile       ... onto the pile (take it, or discard one card)
    discard C5               double-click a card
    button NAME              ask, confirm, cancel, sort_rank, sort_suit, speed, pass, new_game,
                             hint, keys, menu, pile, log; discard_anyway / keep in a risky-discard question
    answer yes|no            click the prompt's button
    next                     click the score sheet's first button
    play MOVE                do an engine move (RULES.md notation) by mouse gestures
    autoplay [N]             let a bot choose the player's moves and do them by mouse,
                             for N deals (default 1), answering prompts too
    autoplay_until EXPR      the same, stopping at the player's turn once EXPR holds
    screenshot PATH          the canvas (1280x720 at scale 1) · screenshot_window PATH
    assert EXPR              Python expression over table, state, hand, phase, top
    quit

Coordinates are logical (1280x720); events are posted in window coordinates
and go through `pygame.event.get()` like real input.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pygame

from game.rules import Card, Move, MoveKind, Phase, Rank
from game.scenes.table_layout import PILE_POS, STOCK_POS, TableLayout

Frames = Iterator[None]  # a command: yields once per frame until it is done
WAIT_LIMIT = 600.0  # simulated seconds a wait may take before the script fails


class ScriptError(RuntimeError):
    pass


def load_script(path: str) -> list[str]:
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    if text.lstrip().startswith("["):
        return [str(line) for line in json.loads(text)]
    return text.splitlines()


def differences(expected, actual, seat: int) -> str:
    """What differs between two states as the table shows them ('' if nothing)."""

    def faces(cards):
        return sorted(c.face for c in cards)

    def melds(state):  # every side's melds, in the order the engine keeps them
        return [[faces(m.cards) for m in state.side_melds(side)] for side in range(state.config.sides)]

    checks = {
        "phase": (expected.phase, actual.phase),
        "turn": (expected.turn, actual.turn),
        "hand": (faces(expected.hands[seat]), faces(actual.hands[seat])),
        "pile": ([c.face for c in expected.pile], [c.face for c in actual.pile]),
        "melds": (melds(expected), melds(actual)),
        "answer": (expected.this_turn.answer, actual.this_turn.answer),
    }
    return "; ".join(f"{name}: expected {a}, got {b}" for name, (a, b) in checks.items() if a != b)


class Driver:
    """Runs script lines against a MainWindow, one frame at a time."""

    def __init__(self, app, lines: list[str], dt: float = 1.0 / 60.0, bot=None) -> None:
        self.app = app
        self.bot = bot  # chooses the player's moves in `autoplay` (default: a table bot)
        self.played: list[Move] = []  # moves autoplay did by mouse, in order
        self.gestures: dict[str, int] = {}  # how often each gesture kind was used
        self._drag_next_discard = False
        self.dt = dt
        self.lines = [(number, line.split("#", 1)[0].strip()) for number, line in enumerate(lines, 1)]
        self.lines = [(n, line) for n, line in self.lines if line]
        self.done = False
        self.error: str | None = None
        self._steps = self._run()

    # -- plumbing ------------------------------------------------------------------
    @property
    def table(self):
        return self.app.table

    def feed(self) -> None:
        """Called by the app once per frame, before it reads events."""
        if self.done:
            return
        try:
            next(self._steps)
        except StopIteration:
            self.done = True
        except ScriptError as error:
            self.error = str(error)
            self.done = True

    def _run(self) -> Frames:
        for number, line in self.lines:
            try:
                yield from self.command(line)
            except ScriptError as error:
                raise ScriptError(f"line {number}: {line}: {error}") from None
            except Exception as error:  # noqa: BLE001 - report, do not crash the window
                raise ScriptError(f"line {number}: {line}: {type(error).__name__}: {error}") from None

    def post(self, kind: int, pos=None, **attributes) -> None:
        if pos is not None:
            window = self.app.layout.logical_to_window(pos)
            attributes["pos"] = (round(window[0]), round(window[1]))
        if kind == pygame.MOUSEMOTION:
            attributes.setdefault("rel", (0, 0))
            attributes.setdefault("buttons", (0, 0, 0))
        pygame.event.post(pygame.event.Event(kind, attributes))

    # -- low-level gestures --------------------------------------------------------------
    def click(self, pos, mod: int = 0) -> Frames:
        self.post(pygame.MOUSEMOTION, pos)
        yield
        self.post(pygame.MOUSEBUTTONDOWN, pos, button=1, mod=mod)
        self.post(pygame.MOUSEBUTTONUP, pos, button=1, mod=mod)
        yield

    def double_click(self, pos) -> Frames:
        self.post(pygame.MOUSEMOTION, pos)
        yield
        for _ in range(2):
            self.post(pygame.MOUSEBUTTONDOWN, pos, button=1)
            self.post(pygame.MOUSEBUTTONUP, pos, button=1)
        yield

    def drag(self, start, end, steps: int = 8) -> Frames:
        self.post(pygame.MOUSEMOTION, start)
        yield
        self.post(pygame.MOUSEBUTTONDOWN, start, button=1)
        yield
        for i in range(1, steps + 1):
            k = i / steps
            point = (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k)
            self.post(pygame.MOUSEMOTION, point, buttons=(1, 0, 0))
            yield
        self.post(pygame.MOUSEBUTTONUP, end, button=1)
        yield

    def key(self, name: str) -> Frames:
        code = pygame.key.key_code(name)
        self.post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)
        yield

    def wait(self, seconds: float) -> Frames:
        frames = max(1, round(seconds / self.dt))
        for _ in range(frames):
            yield

    def wait_until(self, condition: Callable[[], bool], what: str) -> Frames:
        waited = 0.0
        while not condition():
            if waited > WAIT_LIMIT:
                raise ScriptError(f"timed out waiting for {what}")
            waited += self.dt
            yield

    # -- what is where --------------------------------------------------------------------
    def _layout(self) -> TableLayout:
        return self.table.layout

    def hand_card(self, face: str, skip: set[Card] | None = None) -> Card:
        face = Card.parse(face).face
        for card in self._layout().hand_cards:
            if card.face == face and (skip is None or card not in skip):
                return card
        raise ScriptError(f"no {face} in the hand")

    def card_point(self, card: Card) -> tuple[float, float]:
        rect = self._layout().hand_rects.get(card)
        if rect is None:  # (staged, dragged or gone since it was picked)
            raise ScriptError(f"the {card.face} is not in the hand as shown")
        return (rect.x + min(rect.width, 40) / 2, rect.y + 30)

    def slot_point(self, slot) -> tuple[float, float]:
        """A point of a meld that no meld laid over it covers (squeezed rows overlap)."""
        right = [s.rect.x for s in self._layout().meld_slots if s.side == slot.side and s.rect.x > slot.rect.x]
        visible = min([slot.rect.width, *[x - slot.rect.x for x in right]])
        return (slot.rect.x + max(2.0, min(visible - 10, slot.rect.width) / 2), slot.rect.y + 20)

    def meld_point(self, target: str) -> tuple[float, float]:
        table = self.table
        side = table.human_side
        if target == "meld":
            cell = self._layout().new_meld_rect
            if cell is not None:  # the Samba family: the cell for a new meld
                return cell.center
            area = table.geometry.meld_areas[side]
            slots = [s for s in self._layout().meld_slots if s.side == side]
            x = (max(s.rect.right for s in slots) + 60) if slots else area.centerx
            return (min(x, area.right - 30), area.centery)
        if target.startswith("meld#"):
            number = int(target[5:])
            for slot in self._layout().meld_slots:
                if slot.side == side and slot.number == number and slot.staged_index is None:
                    return self.slot_point(slot)
            raise ScriptError(f"no {target} on the table")
        if target == "pile":
            return PILE_POS
        if target == "hand":
            return (640.0, 650.0)
        if target.startswith("meld:") or target.startswith("staged:"):
            kind, _, value = target.partition(":")
            for slot in self._layout().meld_slots:
                if slot.side != side:
                    continue
                if kind == "staged" and slot.staged_index == int(value):
                    return self.slot_point(slot)
                if kind == "meld" and slot.rank.symbol == value.upper():
                    return self.slot_point(slot)
            raise ScriptError(f"no {target} on the table")
        raise ScriptError(f"unknown drop target {target!r}")

    def button(self, name: str):
        top = self.app.stack.top
        if name in ("yes", "no"):
            from game.scenes.prompts import AnswerPrompt

            if not isinstance(top, AnswerPrompt):
                raise ScriptError("no question is being asked")
            return top.dialog.buttons.widgets[0 if name == "yes" else 1]
        if name in ("discard_anyway", "keep"):
            if not self._risky_open():
                raise ScriptError("no risky discard is being confirmed")
            return top.dialog.buttons.widgets[0 if name == "discard_anyway" else 1]
        if name == "next":
            from game.scenes.score_sheet import ScoreSheetScene

            if not isinstance(top, ScoreSheetScene):
                raise ScriptError("no score sheet is showing")
            return top.buttons.widgets[0]
        table = self.table
        buttons = {
            "ask": table.ask_button,
            "confirm": table.confirm_button,
            "cancel": table.cancel_button,
            "hint": table.hint_button,
            "keys": table.keys_button,
            "menu": table.menu_button,
            "sort_rank": table.sort_rank_button,
            "sort_suit": table.sort_suit_button,
            "speed": table.speed_button,
            "pass": table.pass_button,
            "new_game": table.new_game_button,
            "pile": table.pile_button,
            "log": table.log_button,
        }
        if name not in buttons:
            raise ScriptError(f"unknown button {name!r}")
        return buttons[name]

    # -- high-level gestures --------------------------------------------------------------
    def select(self, cards: list[Card]) -> Frames:
        for card in cards:
            if card not in self.table.ui.selected:
                yield from self.click(self.card_point(card))
                yield from self.wait(0.45)  # not a double-click

    def drag_cards(self, cards: list[Card], target: str) -> Frames:
        if len(cards) > 1:
            yield from self.select(cards)
        elif cards[0] in self.table.ui.selected and len(self.table.ui.selected) > 1:
            yield from self.click(self.card_point(cards[0]))  # drag it alone
            yield from self.wait(0.45)
        start = self.card_point(cards[0])
        end = self.meld_point(target)
        yield from self.drag(start, end)

    def pick(self, faces: list[str]) -> list[Card]:
        used: set[Card] = set()
        cards = []
        for face in faces:
            card = self.hand_card(face, used)
            used.add(card)
            cards.append(card)
        return cards

    def click_button(self, name: str) -> Frames:
        button = self.button(name)
        if not button.visible or not button.enabled:
            raise ScriptError(f"button {name!r} is not enabled")
        yield from self.click(button.rect.center)

    def play_move(self, move: Move) -> Frames:
        """Do an engine move the way a player would, with the mouse."""
        table = self.table
        st = table.game.state
        kind = move.kind
        if kind is MoveKind.DRAW:
            self._count("draw")
            yield from self.click(STOCK_POS)
        elif kind is MoveKind.DISCARD:
            card = self.pick([move.card.face])[0]  # type: ignore[union-attr]
            if self._flip():
                self._count("discard by drag")
                yield from self.drag_cards([card], "pile")
            else:
                self._count("discard by double-click")
                yield from self.double_click(self.card_point(card))
            if self._risky_open():  # the setting "confirm a risky discard" asks first
                self._count("confirm a risky discard")
                yield from self.wait(0.2)
                yield from self.click_button("discard_anyway")
        elif kind is MoveKind.ASK:
            self._count("ask")
            yield from self.click_button("ask")
        elif kind in (MoveKind.YES, MoveKind.NO):
            self._count("answer")
            yield from self.wait_until(lambda: self._prompt_open(), "the question")
            yield from self.click_button("yes" if kind is MoveKind.YES else "no")
        elif kind is MoveKind.PASS:
            self._count("pass")
            yield from self.click_button("pass")
        elif kind is MoveKind.TAKE:
            for group in move.laid_groups:
                yield from self._stage_group(group)
            onto = move.groups[0].target if move.groups else None
            if move.take_cards:
                self._count("take by drop")
                cards = self.pick([c.face for c in move.take_cards])
                yield from self.drag_cards(cards, "pile")
            elif onto is not None:
                self._count("take onto a meld by dragging the top card")
                yield from self.drag(PILE_POS, self.meld_point(f"meld#{onto}"))
            else:
                self._count("take by click")
                yield from self.click(PILE_POS)
        elif kind is MoveKind.MELD:
            staging = not st.has_melded(table.human_side)
            for group in move.groups:
                if staging:
                    yield from self._stage_group(group)
                else:
                    cards = self.pick([c.face for c in group.cards])
                    where = self._meld_target(group)
                    self._count("new meld" if where == "meld" else "add to meld")
                    yield from self.drag_cards(cards, where)
                    yield from self.wait(0.02)
            if staging:
                self._count("lay staged melds")
                yield from self.click_button("confirm")

    def _meld_target(self, group) -> str:
        """Where a player drops a group of a `meld` move: the meld it names (`+N:`), the
        side's meld of its rank (an open group in the Samba family), else a new meld."""
        from game.rules.family import open_group

        st = self.table.game.state
        side = self.table.human_side
        if group.target is not None:
            return f"meld#{group.target}"
        if not st.config.rules.meld_list:
            return f"meld:{group.rank.symbol}" if group.rank in st.melds[side] else "meld"
        if group.is_run or group.wild_only and group.rank is Rank.JOKER:
            return "meld"  # a new sequence, a new wild meld
        number = open_group(st.side_melds(side), group.rank)
        return "meld" if number is None else f"meld#{number}"

    def _count(self, gesture: str) -> None:
        self.gestures[gesture] = self.gestures.get(gesture, 0) + 1

    def _flip(self) -> bool:
        """Alternate discard gestures (drag, double-click) so both are exercised."""
        self._drag_next_discard = not self._drag_next_discard
        return self._drag_next_discard

    def _stage_group(self, group) -> Frames:
        naturals = [c.face for c in group.cards if not c.is_wild]
        wilds = [c.face for c in group.cards if c.is_wild]
        staged = self.table.ui.staged

        def same_rank(cards) -> bool:  # a staged group of the group's rank (never a sequence)
            ranks = {c.rank for c in cards if not c.is_wild}
            return ranks == {group.rank}

        index = None if group.is_run else next((i for i, g in enumerate(staged) if same_rank(g)), None)
        if group.is_run or group.wild_only and group.rank is Rank.JOKER:  # a sequence, a wild meld: new
            self._count("stage a sequence" if group.is_run else "stage a wild meld")
            cards = self.pick([c.face for c in group.cards])
            yield from self.drag_cards(cards, "meld")
            return
        if naturals:
            self._count("stage meld")
            cards = self.pick(naturals)
            yield from self.drag_cards(cards, "meld" if index is None else f"staged:{index}")
            index = next((i for i, g in enumerate(staged) if cards[0] in g), None)
            if index is None:
                raise ScriptError(f"{' '.join(c.face for c in cards)} were not staged (message: {self.table.message})")
        if wilds:
            if index is None:
                raise ScriptError("wild cards alone cannot start a staged meld")
            cards = self.pick(wilds)
            yield from self.drag_cards(cards, f"staged:{index}")

    def _risky_open(self) -> bool:
        from game.scenes.table_menu import RiskyDiscardDialog

        return isinstance(self.app.stack.top, RiskyDiscardDialog)

    def _prompt_open(self) -> bool:
        from game.scenes.prompts import AnswerPrompt

        return isinstance(self.app.stack.top, AnswerPrompt)

    def _sheet_open(self) -> bool:
        from game.scenes.score_sheet import ScoreSheetScene

        return isinstance(self.app.stack.top, ScoreSheetScene)

    def _players_turn(self) -> bool:
        table = self.table
        return (
            self.app.stack.top is table
            and table.my_turn()
            and table.idle
            and table.game.state.phase is not Phase.ANSWER
        )

    def autoplay(self, deals: int = 1, until: str | None = None) -> Frames:
        """A bot picks the player's moves; the driver does them with the mouse.
        Stops after `deals` deals, or at the player's turn once `until` holds."""
        from game.bots import make_bot

        bot = self.bot or make_bot(self.table.level, 4242)
        finished = 0
        while finished < deals:
            yield from self.wait_until(
                lambda: self._players_turn() or self._prompt_open() or self._sheet_open(), "the player's turn"
            )
            # (Only at the player's turn, as the command says: stopped at the partner's question,
            # a script's next `wait_turn` waited for a turn the open question held back.)
            if until is not None and self._players_turn() and eval(until, {}, self.namespace()):  # noqa: S307
                return
            if self._sheet_open():
                finished += 1
                if finished >= deals:
                    return
                yield from self.click_button("next")
                yield from self.wait(0.1)
                continue
            st = self.table.game.state
            observation = st.observation(self.table.human)
            ask = next((m for m in observation.legal if m.kind is MoveKind.ASK), None)
            move = ask or bot.act(observation)  # always ask when allowed: it shows the feature
            expected = st.copy()
            expected.apply(move)
            before = self.table.version
            yield from self.play_move(move)
            if self.table.version == before:
                raise ScriptError(f"the table did not play {move} (message: {self.table.message})")
            problem = differences(expected, self.table.game.state, self.table.human)
            if problem:
                raise ScriptError(f"after {move} by mouse the engine differs: {problem}")
            self.played.append(move)
            yield from self.wait(0.05)

    # -- commands ----------------------------------------------------------------------------
    def command(self, line: str) -> Frames:
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        args = rest.split()
        if word == "wait":
            yield from self.wait(float(args[0]))
        elif word == "wait_turn":
            yield from self.wait_until(self._players_turn, "the player's turn")
        elif word == "wait_idle":
            yield from self.wait_until(lambda: self.table.idle, "the animations to end")
        elif word == "wait_prompt":
            yield from self.wait_until(self._prompt_open, "the partner's question")
        elif word == "wait_sheet":
            yield from self.wait_until(self._sheet_open, "the score sheet")
        elif word == "click":
            yield from self.click((float(args[0]), float(args[1])))
        elif word == "shift_click":
            yield from self.click((float(args[0]), float(args[1])), mod=pygame.KMOD_LSHIFT)
        elif word == "move":
            self.post(pygame.MOUSEMOTION, (float(args[0]), float(args[1])))
            yield
        elif word == "drag" and "->" in rest:
            faces, _, target = rest.partition("->")
            yield from self.drag_cards(self.pick(faces.split()), target.strip())
        elif word == "drag":
            x1, y1, x2, y2 = (float(a) for a in args)
            yield from self.drag((x1, y1), (x2, y2))
        elif word == "key":
            yield from self.key(args[0])
        elif word == "type":  # text typed into the focused field (as the keyboard's text input)
            self.post(pygame.TEXTINPUT, text=rest)
            yield
        elif word == "setting":
            self.change_setting(args[0], rest.split(None, 1)[1])
            yield
        elif word == "draw":
            yield from self.click(STOCK_POS)
        elif word == "drag_top":
            yield from self.drag(PILE_POS, self.meld_point(args[0]))
        elif word == "select":
            yield from self.select(self.pick(args))
        elif word == "discard":
            yield from self.double_click(self.card_point(self.pick(args)[0]))
        elif word == "button":
            yield from self.click_button(args[0])
        elif word == "answer":
            yield from self.wait_until(self._prompt_open, "the partner's question")
            yield from self.click_button(args[0])
        elif word == "next":
            yield from self.wait_until(self._sheet_open, "the score sheet")
            yield from self.click_button("next")
        elif word == "play":
            yield from self.play_move(Move.parse(rest))
        elif word == "autoplay":
            yield from self.autoplay(int(args[0]) if args else 1)
        elif word == "autoplay_until":
            yield from self.autoplay(1000, until=rest)
        elif word == "screenshot":
            yield
            self.app.screenshot(rest)
        elif word == "screenshot_window":  # the real window's pixels, letterbox included
            yield
            window = pygame.display.get_surface()
            if window is None:
                raise ScriptError("screenshot_window: there is no window")
            pygame.image.save(window, rest)
        elif word == "assert":
            if not eval(rest, {}, self.namespace()):  # noqa: S307 - scripts are the developer's own
                raise ScriptError("assertion failed")
        elif word == "quit":
            self.app.running = False
            yield
        else:
            raise ScriptError(f"unknown command {word!r}")

    def change_setting(self, name: str, text: str) -> None:
        """`setting NAME VALUE`: change a setting as the Settings page does (applied at once)."""
        settings = self.app.settings
        try:
            current = settings.get(name)
            value: object = text.strip()
            if isinstance(current, bool):
                value = text.strip().lower() in ("1", "true", "on", "yes")
            elif isinstance(current, float):
                value = float(text)
            settings.set(name, value)
        except ValueError as error:  # SettingError, or not a number
            raise ScriptError(f"setting {name} {text!r}: {error}") from error

    def namespace(self) -> dict:
        table = self.table
        st = table.game.state
        return {
            "table": table,
            "state": st,
            "game": table.game,
            "phase": st.phase.value,
            "hand": [c.face for c in st.hands[table.human]],
            "top": type(self.app.stack.top).__name__,
            "melds": {r.symbol: len(m.cards) for r, m in st.melds[table.human_side].items()},
            "side_melds": [len(m.cards) for m in st.side_melds(table.human_side)],
        }
