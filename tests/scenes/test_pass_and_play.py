"""Pass-and-play and watching the bots (#12): a privacy screen between two people's turns,
each person's hand, hints and refusals theirs alone, the people named; every seat a bot
with pause. Checked on every frame drawn, with the clock ticked by hand."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest
from table_helpers import DT, fallback, make_table, texts_drawn, tick

from game import i18n
from game.move_log import TURN_START
from game.rules import Phase
from game.scenes.layout import LOGICAL_SIZE, Canvas
from game.scenes.pass_and_play import SETTLE_SECONDS, PauseButton, PrivacyScreen
from game.scenes.score_sheet import ScoreSheetScene
from game.session import seat_levels
from game.stats import StatsStore

pytestmark = pytest.mark.usefixtures("display")  # (tests/conftest.py)


def face_up_hand_cards(table) -> dict[int, int]:
    """Seat -> how many of its hand's cards are drawn face up on this frame, beyond those
    everyone saw go into it with the pile (they fly in face up: public cards)."""
    state = table.game.state
    known = state.observation(table.human).known
    shown = {}
    for seat, hand in enumerate(state.hands):
        sprites = [table.animator.sprites.get(card) for card in hand]
        up = Counter(card.face for card, s in zip(hand, sprites) if s is not None and s.visible and s.face_up)
        seen = Counter({face: count for face, count in known[seat]})
        shown[seat] = sum((up - seen).values())
    return shown


def check_frame(stack, table, log: list[str]) -> None:
    """Draw one frame and check it: the table drawn shows no hand face up but the one of
    the person at the screen, and never while another person is to play."""
    canvas = Canvas(LOGICAL_SIZE, 1.0)
    stack.draw(canvas)
    if table not in stack.visible_scenes():
        log.append("hidden")
        return
    state = table.game.state
    if state.phase is Phase.OVER:
        return  # the score sheet shows every hand left: the deal is over
    shown = face_up_hand_cards(table)
    for seat in table.people:
        if seat != table.human:
            assert shown[seat] == 0, f"{table.seat_name(seat)}'s hand drawn face up while {table.human} sits"
    for seat in range(table.config.players):
        if seat not in table.people:
            assert shown[seat] == 0
    assert state.to_act not in table.people or state.to_act == table.human, (
        state.phase,
        [type(s).__name__ for s in stack.scenes],
        log[-3:],
    )
    log.append(f"table:{table.human}")


def play_people(stack, table, turns: int, log: list[str]) -> list[int]:
    """Play until `turns` people's turns have passed, each person's moves through the table
    as clicks would, frames drawn all along; returns who sat at the screen for each turn."""
    movers = {seat: fallback("normal", 100 + seat) for seat in table.people}
    seen: list[int] = []
    for _ in range(20000):
        stack.update(DT)
        check_frame(stack, table, log)
        top = stack.top
        if isinstance(top, PrivacyScreen):
            assert top.seat != table.human
            top.button.click()
            continue
        if isinstance(top, ScoreSheetScene) or table.game.state.phase is Phase.OVER:
            break
        if top is not table:
            top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y", scancode=0))
            continue
        state = table.game.state
        if table.my_turn() and table.idle:
            if not seen or seen[-1] != table.human:
                seen.append(table.human)
                if len(seen) > turns:
                    break
            seat = table.human
            assert table.play(movers[seat].act(state.observation(seat)))
    return seen


def test_people_take_turns_behind_a_privacy_screen():
    stack, table = make_table(seed=11, levels=(None, None, "normal", "normal"))
    assert table.people == (0, 1) and table.human == 0
    assert table.seat_name(0) == "Player 1" and table.seat_name(1) == "Player 2"
    # The screen also says where the person sits, as the New game page named the seat.
    assert table.seat_place(1) == "West" and table.seat_place(0) == "South"
    assert table.side_name(0) == "Player 1 & North" and table.side_name(1) == "Player 2 & East"
    log: list[str] = []
    seen = play_people(stack, table, 6, log)
    # The turn went round: each person in turn at the screen, never the same one twice in a row.
    assert len(seen) >= 4 and set(seen) == {0, 1} and all(a != b for a, b in zip(seen, seen[1:]))
    assert "hidden" in log  # the privacy screen covered the table between them
    # The table turned to West when West sat: West's hand along the bottom, ours on the left.
    assert table.geometry.viewer == table.human
    assert table.geometry.spot(table.human) == "S"


def test_with_bots_between_the_people_the_screen_comes_as_a_turn_ends():
    """South and North are people, West and East bots: South's hand lay face up through
    West's turn (seconds long) while the computer was passed to North (play-test, stop 56).
    The screen now comes as South's turn ends; the bots play once North sits, North seeing
    their moves with its own hand."""
    stack, table = make_table(seed=11, levels=(None, "normal", None, "normal"))
    assert table.people == (0, 2)
    movers = {seat: fallback("normal", 100 + seat) for seat in table.people}
    for _ in range(20000):
        stack.update(DT)
        if table.my_turn() and table.idle:
            break
        if isinstance(stack.top, PrivacyScreen):
            tick(stack, SETTLE_SECONDS)
            stack.top.button.click()
    me = table.human
    other = 2 - me
    while table.game.state.to_act == me:
        assert table.play(movers[me].act(table.game.state.observation(me)))
    assert table.game.state.to_act in (1, 3)  # West or East, a bot, plays next
    stack.update(DT)
    screen = stack.top
    assert isinstance(screen, PrivacyScreen) and screen.seat == other, [type(s).__name__ for s in stack.scenes]
    assert stack.visible_scenes() == [screen]  # the hand of the one who played no longer drawn
    moves, bot = table.moves_played, table.game.state.to_act
    tick(stack, 3.0)
    assert table.moves_played == moves and table.game.state.to_act == bot  # the bot waits for the next person
    screen.button.click()
    assert table.human == other
    for _ in range(20000):  # the bot plays, the next person at the screen: no other screen
        stack.update(DT)
        assert not isinstance(stack.top, PrivacyScreen)
        if table.game.state.to_act == other and table.idle:
            break
    assert table.moves_played > moves and table.my_turn()


def test_the_privacy_screen_hides_everything_until_the_click():
    stack, table = make_table(seed=11, levels=(None, None, "normal", "normal"))
    movers = {seat: fallback("normal", 100 + seat) for seat in table.people}
    for _ in range(20000):
        stack.update(DT)
        if isinstance(stack.top, PrivacyScreen):
            break
        if table.my_turn() and table.idle:
            table.play(movers[table.human].act(table.game.state.observation(table.human)))
    screen = stack.top
    assert isinstance(screen, PrivacyScreen) and screen.seat != table.human
    waiting, sitting = screen.seat, table.human
    assert stack.visible_scenes() == [screen]  # the table is not drawn at all
    moves = table.moves_played
    tick(stack, 3.0)
    assert stack.top is screen and table.human == sitting and table.moves_played == moves  # all waits
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert table.human == waiting and stack.top is table and table.my_turn()


def test_hints_and_refusals_do_not_pass_to_the_next_person():
    stack, table = make_table(seed=11, levels=(None, None, "normal", "normal"))
    tick(stack, 3.0)
    if isinstance(stack.top, PrivacyScreen):
        stack.top.ready()
    tick(stack, 1.0)
    assert table.my_turn()
    table.show_hint()
    assert table.hint is not None
    table.refuse("Wait for your turn: {name} is playing.", "R-TURN", name="West")
    table.seat_person(1 - table.human)
    assert table.hint is None and table.refusal is None and table.message is None
    assert not table.ui.selected and not table.ui.staged


def test_seat_levels_and_stats_name_the_people(tmp_path):
    _stack, table = make_table(seed=11, levels=(None, "easy", None, "easy"))
    assert seat_levels(table) == (None, "easy", None, "easy")
    assert table.side_name(0) == "Player 1 & Player 2"  # partners: both people named
    from game.session import count_deal

    class App:
        stats = StatsStore(tmp_path)

    game = table.game
    while game.state.phase is not Phase.OVER:
        seat = game.state.to_act
        game.apply(fallback("normal", seat).act(game.state.observation(seat)))
    count_deal(table, App(), "easy")  # type: ignore[arg-type]
    count_deal(table, App(), "easy")  # type: ignore[arg-type]  # resumed at the deal's end: counted once
    assert set(App.stats.records) == {"classic/Player 1", "classic/Player 2"}
    assert all(record.deals == 1 for record in App.stats.records.values())


def test_watch_the_bots_plays_itself_and_pauses():
    stack, table = make_table(seed=5, levels=("normal", "normal", "normal", "normal"))
    assert table.people == () and not table.my_turn()
    pause = next(w for w in table.buttons.widgets if isinstance(w, PauseButton))
    assert pause.text == "Pause" and not table.hint_button.visible
    tick(stack, 6.0)
    assert table.moves_played > 0
    pause.click()
    assert pause.text == "Resume"
    tick(stack, 2.0)  # the move in flight lands
    frozen = table.moves_played
    tick(stack, 6.0)
    assert table.moves_played == frozen
    pause.click()
    tick(stack, 6.0)
    assert table.moves_played > frozen
    stack.draw(Canvas(LOGICAL_SIZE, 1.0))


def test_watching_the_bots_the_bottom_seat_is_a_bot_like_the_others(monkeypatch):
    """Every seat a bot: the seat at the bottom is no "you". The line under the stock said
    "Your turn: click the stock to draw" and "Meld if you can" on South's turns, and South's
    tag never said what it did last nor that it was thinking (play-test, stop 46)."""
    import game.scenes.table_view as table_view

    stack, table = make_table(seed=5, levels=("normal", "normal", "normal", "normal"))
    table.game.state.red_threes[0].clear()  # (our side's area empty: it said "Your melds: drag cards here")
    assert [text for side, _rect, text in table.view._zone_texts() if side == 0] == ["South & North"]
    assert table.view.zone_label(0) == "Melds of South & North"  # (it said "Our melds")
    said: set[str] = set()
    for _ in range(4000):
        stack.update(DT)
        if table.game.state.to_act == 0:
            said.add(table.status_text())
        elif said and table.idle:  # South has played its turn
            break
    assert said == {"South to play…"}
    table.view.draw(pygame.Surface(LOGICAL_SIZE))
    assert len(table.view.seat_boxes[0]) == 2  # South's tag, and what it did last above it
    tag = table.view.seat_boxes[0][0]
    drawn = texts_drawn(monkeypatch, table_view)
    monkeypatch.setattr(type(table.runner), "thinking", property(lambda self: True))
    monkeypatch.setattr(type(table.game.state), "to_act", property(lambda self: 0))
    table.view.draw(pygame.Surface(LOGICAL_SIZE))
    assert "thinking…" in drawn  # above South's tag, which keeps its width (beside it lies the hand)
    assert table.view.seat_boxes[0][0] == tag


@pytest.mark.parametrize(("variant", "levels"), [("two-hand", (None, None)), ("three-hand", (None, None, None))])
def test_every_seat_a_person_in_the_smaller_games(variant, levels):
    stack, table = make_table(seed=3, variant=variant, levels=levels)
    assert table.people == tuple(range(len(levels)))
    log: list[str] = []
    seen = play_people(stack, table, 2 * len(levels), log)
    assert set(seen) == set(table.people) and all(a != b for a, b in zip(seen, seen[1:]))
    assert "hidden" in log


def south_may_ask():
    """South (a person) can go out and asks North (a person); West and East are bots."""
    from table_helpers import position

    return position(
        ["HK CK DK S9", "C5 D6 H7", "C8 D8 H8 S5", "S6 H6 C7"],
        melds=[{"Q": "SQ HQ DQ CQ SQ HQ D2", "J": "SJ HJ DJ CJ SJ HJ DJ"}, {}],
        discard="C4",
        stock="C9 D9 H9 S10 C10",
        phase="meld",
    )


def test_partners_ask_and_answer_each_behind_the_screen():

    from game.rules import Move
    from game.scenes.prompts import AnswerPrompt

    stack, table = make_table(seed=2, levels=(None, "easy", None, "easy"))
    # South can go out (two canastas' worth is not needed to ask; the rules allow asking).
    table.load_state(south_may_ask())
    tick(stack, 0.5)
    assert table.human == 0 and table.my_turn()
    assert table.play(Move.parse("ask"))
    stack.update(DT)
    screen = stack.top
    assert isinstance(screen, PrivacyScreen) and screen.seat == 2  # the partner answers, behind the screen
    assert screen.answering  # "Player 3 answers", not "Player 3's turn"
    assert face_up_hand_cards(table)[2] == 0
    screen.ready()
    for _ in range(200):
        stack.update(DT)
        if isinstance(stack.top, AnswerPrompt):
            break
    prompt = stack.top
    assert isinstance(prompt, AnswerPrompt) and table.human == 2
    tick(stack, SETTLE_SECONDS)  # (the question takes no key at once: a double click's second click)
    prompt.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y", scancode=0))
    stack.update(DT)
    screen = stack.top
    assert isinstance(screen, PrivacyScreen) and screen.seat == 0  # back to the asker
    screen.ready()
    assert table.human == 0 and table.game.state.this_turn.answer is True and table.my_turn()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_answering_screen_says_who_asks_what(monkeypatch, language):
    """Handed the computer to answer, a person reads who asks and what, not "Ben answers"
    alone (play-test, stop 58); a person's own turn says no question."""
    from game.rules import Move
    from game.scenes import pass_and_play

    stack, table = make_table(seed=2, levels=(None, "easy", None, "easy"), person_names=("Anna", "", "Ben", ""))
    table.load_state(south_may_ask())
    tick(stack, 0.5)
    assert table.play(Move.parse("ask"))
    stack.update(DT)
    screen = stack.top
    assert isinstance(screen, PrivacyScreen) and screen.seat == 2 and screen.asker == 0
    i18n.set_language(language)
    try:
        drawn = texts_drawn(monkeypatch, pass_and_play)
        screen.draw(Canvas(LOGICAL_SIZE, 1.0))
        question = i18n._("{name} asks: “May I go out?”").format(name="Anna")
        assert i18n._("{name} answers").format(name="Ben") in drawn
        assert any(question in text for text in drawn)
        turn = PrivacyScreen(table, 0)
        drawn.clear()
        turn.draw(Canvas(LOGICAL_SIZE, 1.0))
        assert not turn.answering and not any("Anna" in text and "?" in text for text in drawn)
    finally:
        i18n.set_language("en")


def test_a_pass_and_play_game_is_saved_and_continued(tmp_path):
    from game.saves import SaveStore
    from game.scenes.table import TableScene

    _stack, table = make_table(seed=11, levels=(None, None, "normal", "normal"))
    store = SaveStore(tmp_path)
    store.save(table.game, seat_levels(table), table.human)
    saved = store.load()
    assert saved.levels == (None, None, "normal", "normal")
    again = TableScene(game=saved.game, levels=saved.levels, human=saved.human, threaded=False, bot_factory=fallback)
    assert again.people == (0, 1) and again.seat_name(1) == "Player 2"


def first_screen(stack, table) -> PrivacyScreen:
    """The screen the table puts up at its first update (before any frame shows a hand)."""
    stack.update(DT)
    screen = stack.top
    assert isinstance(screen, PrivacyScreen) and stack.visible_scenes() == [screen]
    return screen


def test_a_deal_begun_shows_no_hand_until_its_person_clicks():
    # Everyone may be looking at the screen when a game starts: even when a bot plays first,
    # the person at the screen clicks before their hand is shown.
    for seed in range(1, 40):
        stack, table = make_table(seed=seed, levels=(None, "normal", None, "normal"))
        if table.game.state.to_act not in table.people:
            break
    else:
        raise AssertionError("no deal where a bot plays first")
    screen = first_screen(stack, table)
    # The screen names the first person to play (it named the last one at the screen, and
    # a second screen followed at once, play-test stop 42): the next seat after the bot.
    st = table.game.state
    assert screen.seat == st.next_seat(st.to_act) and screen.seat in table.people
    screen.button.click()
    assert stack.top is table and table.human == screen.seat
    for _ in range(4000):  # the bot plays; then that person's turn, with no second screen
        stack.update(DT)
        assert not isinstance(stack.top, PrivacyScreen)
        if table.my_turn():
            break
    assert table.my_turn() and table.human == screen.seat


def test_the_next_deal_shows_no_hand_until_its_person_clicks():
    from table_helpers import position

    stack, table = make_table(seed=2, levels=(None, "easy", None, "easy"))
    # The stock is empty and South cannot take the pile: South's pass ends the deal.
    table.load_state(position(["HK CK DK S9", "C5 D6 H7", "C8 D8 H8 S5", "S6 H6 C7"], discard="C4", stock=""))
    assert table.play(table.game.state.legal_moves()[0]) and table.game.state.phase is Phase.OVER
    from game.scenes.table import Bubble
    from game.scenes.widgets import SpeechBubble

    table.bubbles.append(Bubble(SpeechBubble((640, 360), "May I go out?"), 3.0, 0))  # said just before
    table.next_deal()  # everyone saw the score sheet
    assert table.bubbles == []  # the last deal's words end with it
    screen = first_screen(stack, table)
    assert screen.seat in table.people


def test_a_continued_game_shows_no_hand_and_no_ones_draws_until_a_click(tmp_path):
    from game.saves import SaveStore
    from game.scenes.base import SceneStack
    from game.scenes.table import TableScene

    stack, table = make_table(seed=11, levels=(None, None, "normal", "normal"))
    play_people(stack, table, 3, [])
    store = SaveStore(tmp_path)
    store.save(table.game, seat_levels(table), table.human)
    saved = store.load()
    again = TableScene(game=saved.game, levels=saved.levels, human=saved.human, threaded=False, bot_factory=fallback)
    stack = SceneStack()
    stack.push(again)
    screen = first_screen(stack, again)
    assert screen.seat in again.people
    # The log rebuilt at Continue is everyone's: no person's drawn cards named in it.
    draws = [e.msgid for e in again.move_log.entries if e.seat in again.people and e.msgid in TURN_START]
    assert draws and set(draws) == {"{name} drew a card."}


def test_a_deal_in_progress_is_not_saved_as_a_file_with_several_people():
    """A deal file holds the seed, so every hidden card: with several people at the screen
    the table menu offers it only once the deal is over (one person: always)."""
    from game.scenes.table_menu import TableMenuScene

    _stack, table = make_table(seed=11, levels=(None, None, "normal", "normal"))
    labels = [w.msgid for w in TableMenuScene(table).items.widgets]
    assert "Save the deal as a file" not in labels and "New game" in labels
    _stack, alone = make_table(seed=11)
    assert "Save the deal as a file" in [w.msgid for w in TableMenuScene(alone).items.widgets]


def test_each_person_finds_their_hand_sorted_their_way():
    """Sorting by suit was lost at every handover (play-test, stop 42)."""
    stack, table = make_table(seed=11, levels=(None, None, "normal", "normal"))
    table.controller.ui.sort_mode = "suit"
    table.seat_person(1)
    assert table.controller.ui.sort_mode == "rank"  # the next person's own (the default)
    table.seat_person(0)
    assert table.controller.ui.sort_mode == "suit"


def test_what_was_said_stays_by_whoever_said_it_when_the_table_turns():
    """A bubble kept the place of its seat before the table turned, so Player 1's question
    pointed at Player 2's own hand (play-test, stop 42)."""
    from game.scenes.animations import Effect

    stack, table = make_table(seed=11, levels=(None, None, "normal", "normal"))
    table._fire(Effect("bubble", seat=0, text="May I go out?"))
    bubble = table.bubbles[-1].widget
    assert (bubble.anchor, bubble.tail) == table.geometry.bubble_anchor(0) and table.geometry.spot(0) == "S"
    table.seat_person(1)
    assert table.geometry.spot(0) != "S"
    assert (bubble.anchor, bubble.tail) == table.geometry.bubble_anchor(0)


def test_esc_on_the_privacy_screen_opens_the_menu_without_the_table():
    from game.scenes.table_menu import TableMenuScene

    stack, table = make_table(seed=11, levels=(None, None, "normal", "normal"))
    screen = first_screen(stack, table)
    screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert isinstance(stack.top, TableMenuScene)
    assert table not in stack.visible_scenes()  # the menu lies over the screen, not the table
    stack.top.close()
    assert stack.top is screen


def test_a_bot_answering_the_asker_hands_the_screen_to_the_asker():
    """Continued while a bot partner answers "May I go out?": the screen named the person
    after the bot, not the asker who plays on (review, stop 42)."""
    from table_helpers import position

    from game.rules import MoveKind
    from game.scenes.base import SceneStack
    from game.scenes.table import TableScene

    levels = (None, None, "normal", "normal")
    _stack, table = make_table(seed=5, levels=levels)
    table.load_state(
        position(
            ["C5 D6 H7 S9", "C4 D4 H4 C9", "C8 D8 H8 S5", "S6 H6 C7"],
            melds=[{}, {"K": "CK CK DK DK HK HK SK"}],
            discard="S4",
            phase="meld",
            turn=1,
        )
    )
    st = table.game.state
    st.apply(next(m for m in st.legal_moves() if m.kind is MoveKind.ASK))
    assert st.phase is Phase.ANSWER and st.to_act not in table.people
    again = TableScene(game=table.game, levels=levels, human=0, threaded=False, bot_factory=fallback)
    stack = SceneStack()
    stack.push(again)
    stack.update(DT)
    assert isinstance(stack.top, PrivacyScreen) and stack.top.seat == st.turn == 1


def test_new_game_from_the_menu_over_the_screen_leaves_no_old_screen():
    """Esc on the screen, then New game: the old deal's screen stayed under the new one's
    and seated its person (review, stop 42)."""
    from game.scenes.modal import ModalDialogScene
    from game.scenes.table_menu import TableMenuScene

    stack, table = make_table(seed=11, levels=(None, None, "normal", "normal"))
    old = first_screen(stack, table)
    old.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    menu = stack.top
    assert isinstance(menu, TableMenuScene)
    next(w for w in menu.items.widgets if w.msgid == "New game").click()
    assert isinstance(stack.top, ModalDialogScene)
    stack.top.dialog.button_widgets[0].click()  # "New game"
    assert old not in stack.scenes
    screen = first_screen(stack, table)  # the new game's own
    assert screen is not old and screen.seat == table.next_person()


def test_continue_keeps_the_staging_and_everyones_sort(tmp_path):
    """Continued in pass-and-play, the first screen's click wiped what was staged, and only
    the person at the screen kept their sort (review, stop 42)."""
    from table_helpers import position

    from game.scenes.base import SceneStack
    from game.scenes.table import TableScene

    levels = (None, None, "normal", "normal")
    _stack, table = make_table(seed=5, levels=levels)
    table.load_state(position(["D9 C9 H9 S4 C4", "C5 D6 H7", "C8 D8 H8 S5", "S6 H6 C7"], discard="D5", phase="meld"))
    table.seat_person(1)
    table.controller.ui.sort_mode = "suit"
    table.seat_person(0)
    nines = [c for c in table.game.state.hands[0] if c.rank == 9]
    table.controller.moves._drop_new_meld(nines)
    assert table.ui.staged
    extra = table.saved_extra()
    again = TableScene(game=table.game, levels=levels, human=0, threaded=False, bot_factory=fallback)
    stack = SceneStack()
    stack.push(again)
    again.restore_extra(extra)
    first_screen(stack, again).button.click()
    assert [sorted(c.face for c in g) for g in again.ui.staged] == [sorted(c.face for c in nines)]
    assert again.controller.arrangements[1][0] == "suit"
    again.seat_person(1)
    assert again.controller.ui.sort_mode == "suit"


class _NamedTable:
    """The little the privacy screen asks of the table, with one person's long name."""

    def __init__(self, name: str) -> None:
        self.name = name

    def seat_name(self, seat: int) -> str:
        return self.name

    def seat_place(self, seat: int) -> str:
        return "West"

    def seat_person(self, seat: int) -> None:
        pass

    def open_menu(self) -> None:
        pass


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_privacy_screen_says_whom_to_pass_to_in_readable_text_however_long_the_name(language):
    # Play-test (stop 45): a name of 14 characters shrank the "Pass the computer to ..."
    # sentence (it names the person twice) to 12 units, 7 pixels high in an 800x450 window.
    from game.scenes import theme
    from game.scenes.text import text_width

    i18n.set_language(language)
    long_name = "欧阳娜娜娜娜娜娜娜娜娜娜娜娜" if language == "zh_CN" else "Maximiliana Wu"
    room = PrivacyScreen.PANEL.width - 48
    for name in ("Bob", long_name):
        screen = PrivacyScreen(_NamedTable(name), 1)
        size, lines = screen.passing_lines()
        assert size >= theme.FONT_SMALL and 1 <= len(lines) <= 2, (name, size, lines)
        assert all(text_width(line, size) <= room + size for line in lines), lines  # (one closing mark may hang)
        assert name in " ".join(lines)
        # The line under it stays clear of the button.
        assert screen.everyone_y() + theme.FONT_BODY * 1.4 <= screen.button.rect.top
        screen.draw(Canvas(LOGICAL_SIZE, 1.0))


@pytest.mark.parametrize(
    ("language", "name", "expected"),
    [
        ("en", "Player 2", ["Pass the computer to Player 2.", "The table stays hidden until Player 2 clicks."]),
        ("en", "Bob", ["Pass the computer to Bob. The table stays hidden until Bob clicks."]),
        ("zh_CN", "Maximiliana Wu", ["请把电脑交给Maximiliana Wu。", "在Maximiliana Wu点击之前，牌桌保持隐藏。"]),
    ],
)
def test_the_passing_sentence_breaks_between_its_two_sentences(language, name, expected):
    """Play-test (stop 56): at 1280x720 "Pass the computer to Player 2. The table stays
    hidden until Player 2" filled the first line and left "clicks." alone on the second;
    two lines break where the first sentence ends, when each sentence fits its line (one
    line that holds both stays one)."""
    i18n.set_language(language)
    screen = PrivacyScreen(_NamedTable(name), 1)
    _size, lines = screen.passing_lines()
    assert lines == expected


def _pills_drawn(table, monkeypatch) -> list[str]:
    from game.scenes import table_view

    texts: list[str] = []
    real_pill = table_view.pill
    monkeypatch.setattr(
        table_view, "pill", lambda surface, text, *a, **k: texts.append(text) or real_pill(surface, text, *a, **k)
    )
    table.view.draw(Canvas(LOGICAL_SIZE, 1.0))
    return texts


def test_watching_the_bots_the_pile_frozen_for_the_bottom_side_names_it(monkeypatch):
    """Every seat a bot: the note by the pile said "frozen for us: a natural pair takes it",
    and "frozen for you" without partners, with nobody at the table (play-test, stop 46)."""
    from table_helpers import position

    from game.rules import Game, RulesConfig, position_from_json

    stack, table = make_table(seed=5, levels=("normal", "normal", "normal", "normal"))
    table.load_state(position(["C5 H6 S8", "C4", "C6", "C7"], discard="S4 D9"))
    texts = _pills_drawn(table, monkeypatch)
    assert "frozen for South & North: a natural pair takes it" in texts, texts
    assert not any("for us" in text or "for you" in text for text in texts)
    stack, table = make_table(game=Game(RulesConfig.for_variant("two-hand"), seed=6), levels=("easy", "easy"))
    two_hand = {"variant": "two-hand", "dealer": 1, "turn": 0, "phase": "draw", "target": 5000, "scores": [0, 0]}
    cards = {"hands": ["C5 H6 S8", "C4"], "melds": [{}, {}], "red_threes": ["", ""], "discard": "S4 D9"}
    stock = {"stock": "HJ SJ DJ CJ HQ SQ", "stock_exact": True}
    table.load_state(position_from_json({"format": "canasta-position/1", **two_hand, **cards, **stock}))
    texts = _pills_drawn(table, monkeypatch)
    assert "frozen for South: a natural pair takes it" in texts, texts


def test_watching_the_bots_south_asking_waits_for_north_by_name():
    """Every seat a bot: South asked "May I go out?" and the line said "Waiting for your
    partner's answer…" (nobody's partner); now it says whose turn it is, as for any seat."""
    from table_helpers import may_ask_position

    from game.rules import MoveKind

    _stack, table = make_table(seed=5, levels=("normal",) * 4)
    table.load_state(may_ask_position())
    st = table.game.state
    st.apply(next(m for m in st.legal_moves() if m.kind is MoveKind.ASK))
    assert st.phase is Phase.ANSWER and st.turn == 0
    assert table.status_text() == "North to play…"


@pytest.mark.parametrize("variant", ["classic", "three-hand", "samba", "six-hand-2x3"])
def test_watching_the_bots_the_button_column_has_no_players_button_and_no_hole(variant):
    """Every seat a bot: "May I go out?" stayed, greyed, between Pause and the sort buttons
    (only a player asks), and without partners Pause lay over the Move log (play-test, stop
    46). The column holds the Move log, Pause and the two sorts (South's hand shows face up:
    a watcher may order it), one under the other, from the bottom slot up, none over another."""
    from game.rules import Game, RulesConfig
    from game.scenes.table_layout import BUTTON_COLUMN_X, BUTTONS

    config = RulesConfig.for_variant(variant)
    stack, table = make_table(game=Game(config, seed=5), levels=("normal",) * config.players)
    stack.update(DT)
    assert not table.ask_button.visible and not table.pass_button.visible and not table.hint_button.visible
    column = sorted(
        (w for w in table.buttons.widgets if w.visible and w.rect.x == BUTTON_COLUMN_X), key=lambda w: w.rect.y
    )
    names = [w.text for w in column]
    assert names == ["Move log", "Pause", "Sort by rank", "Sort by suit"], names
    assert column[-1].rect.bottom == BUTTONS["sort_suit"][1] + BUTTONS["sort_suit"][3]
    for upper, lower in zip(column, column[1:]):
        assert lower.rect.top - upper.rect.bottom == 8, (upper.text, lower.text)  # no hole, no overlap


@pytest.mark.parametrize(("language", "paused"), [("en", "Paused"), ("zh_CN", "已暂停")])
def test_watching_the_bots_paused_says_so_where_the_turn_is_said(language, paused, monkeypatch):
    """Every seat a bot, paused: only the Resume button said so, and the line by the stock
    still said "West to play…" (play-test, stop 46). It says "Paused" until resumed."""
    from game.scenes import table_view

    i18n.set_language(language)
    try:
        stack, table = make_table(seed=5, levels=("normal",) * 4)
        pause = next(w for w in table.buttons.widgets if isinstance(w, PauseButton))
        tick(stack, 1.0)
        pause.click()
        tick(stack, 3.0)  # the move in flight lands
        playing = table.controller.guide.status_text()
        assert table.status_text() == paused
        drawn = texts_drawn(monkeypatch, table_view)
        table.view.draw(pygame.Surface(LOGICAL_SIZE))
        assert paused in drawn and len(table.view.status_boxes) == 1
        pause.click()
        assert table.status_text() == playing  # (no move was made while paused)
    finally:
        i18n.set_language("en")


def _key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def _souths_draw_waiting(stack, table) -> None:
    """Watching the bots: run until South (a bot) is to draw, nothing moving; then pause."""
    for _ in range(6000):
        st = table.game.state
        if st.to_act == 0 and st.phase is Phase.DRAW and table.idle:
            table.paused = True
            return
        stack.update(DT)
    raise AssertionError("South never came to draw")


def test_watching_the_bots_the_keys_are_a_spectators(monkeypatch):
    """F1 listed the player's keys (draw, meld, discard, ask...) while watching, and they
    acted: D on South's turn drew for the bot, H hinted it (play-test, stop 46). The overlay
    lists the keys that act; P pauses; the player's keys and the stock do nothing."""
    import game.scenes.table_menu as table_menu
    from game.scenes.table_menu import KEYS, WATCH_KEYS, KeysOverlay

    stack, table = make_table(seed=5, levels=("normal", "normal", "normal", "normal"))
    stack.handle_event(_key(pygame.K_F1))
    overlay = stack.top
    assert isinstance(overlay, KeysOverlay) and overlay.keys == WATCH_KEYS
    players = {key for key, _action in KEYS} - {key for key, _action in WATCH_KEYS}
    assert {"D / P", "T", "M", "X", "H", "A", "Y / N", "?", "[ ]"} <= players
    drawn = texts_drawn(monkeypatch, table_menu)
    overlay.draw(Canvas(LOGICAL_SIZE, 1.0))
    assert not any(text.startswith("Mouse: click the stock") for text in drawn)
    assert "Watching the bots: they play every seat; the mouse presses the buttons." in drawn
    stack.handle_event(_key(pygame.K_F1))  # (any key closes it)
    assert stack.top is table

    _souths_draw_waiting(stack, table)
    played = table.moves_played
    for code in (pygame.K_d, pygame.K_t, pygame.K_m, pygame.K_x, pygame.K_h, pygame.K_a, pygame.K_RIGHT):
        stack.handle_event(_key(code))
    table.controller.moves.click_stock()  # (the mouse on the stock)
    assert table.moves_played == played and table.hint is None and table.ui.cursor is None
    assert table.message is not None and table.message[0] == "Watching the bots: they play every seat."
    stack.handle_event(_key(pygame.K_p))
    assert not table.paused
    stack.handle_event(_key(pygame.K_p))
    assert table.paused
    pause = next(w for w in table.buttons.widgets if isinstance(w, PauseButton))
    assert pause.key == "P"


def test_a_person_still_sees_every_key_of_the_table():
    from game.scenes.table_menu import KEYS, KeysOverlay

    stack, table = make_table(seed=5)
    stack.handle_event(_key(pygame.K_F1))
    assert isinstance(stack.top, KeysOverlay) and stack.top.keys == KEYS


def test_watching_the_bots_no_row_of_the_score_panel_is_ours():
    """The gold bar marked South & North's row as "ours" while every seat is a bot (play-test,
    stop 46); a spectator has no side, and the row names South's side by its seats."""
    _stack, table = make_table(seed=5, levels=("normal", "normal", "normal", "normal"))
    table.view.draw(Canvas(LOGICAL_SIZE, 1.0))
    assert table.view.marked_score_row is None
    assert table.side_name(0) == "South & North"
    _stack, playing = make_table(seed=5)
    playing.view.draw(Canvas(LOGICAL_SIZE, 1.0))
    assert playing.view.marked_score_row == 0 and playing.side_name(0) == "Us"


def test_watching_the_bots_souths_draw_turns_face_up_on_its_way():
    """A bot South's draw flew face down into its face-up hand and turned only as it landed
    (play-test, stop 46): it turns over half way along its path."""
    import game.rules.events as ev

    stack, table = make_table(seed=5, speed=1.0, levels=("normal", "normal", "normal", "normal"))
    _souths_draw_waiting(stack, table)
    drawn: list = []
    shown = table.show_events

    def spy(events) -> None:
        shown(events)
        drawn.extend(e.card for e in events if isinstance(e, ev.Drew) and e.seat == 0)

    table.show_events = spy  # type: ignore[method-assign]
    table.paused = False
    until_drawn = 0
    while not drawn:
        stack.update(DT)
        until_drawn += 1
        assert until_drawn < 3000
    sprite = table.animator.sprites[drawn[0]]
    start, end = (sprite.start.x, sprite.start.y), (sprite.end.x, sprite.end.y)
    assert sprite.flip_from is False and sprite.end.face_up  # it leaves the stock face down
    path = ((end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2) ** 0.5
    while not sprite.face_up:
        stack.update(DT)
    gone = ((sprite.x - start[0]) ** 2 + (sprite.y - start[1]) ** 2) ** 0.5
    assert gone <= 0.6 * path  # face up from (about) half way: it was seven eighths


def click_at(stack, point) -> None:
    """A whole click (press and release) at a logical point, through the stack."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        stack.handle_event(pygame.event.Event(kind, button=1, pos=point))


def press(stack, key: int, unicode: str = "") -> None:
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0))


def test_the_last_persons_double_click_or_second_key_does_not_open_the_next_persons_hand():
    """Play-test, stop 47: South double-clicked "Discard anyway" (the risky-discard dialog's
    button lies where "Show my cards" comes up) and the second click pressed "Show my cards"
    at once: West's hand showed to South, still at the computer. A screen just put up takes
    no click and no Enter or Space for a moment; Esc (the menu, no hand) still works."""
    from game.scenes.table_menu import TableMenuScene

    stack, table = make_table(seed=11, levels=(None, None, "normal", "normal"))
    movers = {seat: fallback("normal", 100 + seat) for seat in table.people}
    for _ in range(20000):
        stack.update(DT)
        if isinstance(stack.top, PrivacyScreen) and table.moves_played:
            break
        if isinstance(stack.top, PrivacyScreen):
            tick(stack, SETTLE_SECONDS)
            stack.top.button.click()
        if table.my_turn() and table.idle:
            table.play(movers[table.human].act(table.game.state.observation(table.human)))
    screen = stack.top
    assert isinstance(screen, PrivacyScreen) and screen.seat != table.human
    sitting = table.human
    click_at(stack, screen.button.rect.center)  # the second click of the double click
    press(stack, pygame.K_RETURN, "\r")
    press(stack, pygame.K_SPACE, " ")  # ("finish the cards' flights" at the table)
    assert stack.top is screen and table.human == sitting and stack.visible_scenes() == [screen]
    press(stack, pygame.K_ESCAPE)
    assert isinstance(stack.top, TableMenuScene) and table not in stack.visible_scenes()
    stack.top.close()
    tick(stack, SETTLE_SECONDS)
    click_at(stack, screen.button.rect.center)  # the next person's click, once settled
    assert table.human == screen.seat and stack.top is table


def test_a_double_click_on_show_my_cards_does_not_answer_the_partners_question():
    """Play-test, stop 47: North's double click on "Show my cards" answered South's "May I go
    out?" with "Yes, go out" (the button lies under it), binding and unread. The question
    takes no click or key until "Show my cards" has settled; then Y answers as before."""

    from game.rules import Move
    from game.scenes.prompts import AnswerPrompt

    stack, table = make_table(seed=2, levels=(None, "easy", None, "easy"))
    table.load_state(south_may_ask())
    tick(stack, 0.5)
    assert table.human == 0 and table.play(Move.parse("ask"))
    stack.update(DT)
    screen = stack.top
    assert isinstance(screen, PrivacyScreen) and screen.seat == 2
    tick(stack, SETTLE_SECONDS)
    click_at(stack, screen.button.rect.center)  # North's first click
    assert table.human == 2
    for _ in range(20):
        stack.update(DT)
        if isinstance(stack.top, AnswerPrompt):
            break
    prompt = stack.top
    assert isinstance(prompt, AnswerPrompt)
    yes = prompt.dialog.button_widgets[0]
    assert yes.rect.colliderect(screen.button.rect)  # (why the double click reached it)
    click_at(stack, yes.rect.center)  # the double click's second click
    press(stack, pygame.K_RETURN, "\r")
    press(stack, pygame.K_y, "y")
    assert stack.top is prompt and table.game.state.phase is Phase.ANSWER
    tick(stack, SETTLE_SECONDS)
    press(stack, pygame.K_n, "n")
    assert table.game.state.this_turn.answer is False


def test_a_blocked_pile_frozen_for_us_promises_no_pair(monkeypatch):
    """A black three on a pile frozen for us: "frozen for us: a natural pair takes it" beside
    "BLOCKED: black three" promised what this turn cannot do (play-test, stop 52). While the
    pile is blocked the note says only that it is frozen for us; once a card covers the three
    the pair's promise comes back."""
    from table_helpers import position

    stack, table = make_table(seed=5)
    table.load_state(position(["C5 H6 S8", "C4", "C6", "C7"], discard="D9 S3"))
    texts = _pills_drawn(table, monkeypatch)
    assert "BLOCKED: black three" in texts and "frozen for us" in texts, texts
    assert not any("natural pair" in text for text in texts), texts
    table.load_state(position(["C5 H6 S8", "C4", "C6", "C7"], discard="S3 D9"))
    texts = _pills_drawn(table, monkeypatch)
    assert "frozen for us: a natural pair takes it" in texts and not any("BLOCKED" in t for t in texts), texts
