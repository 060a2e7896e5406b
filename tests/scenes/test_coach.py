"""The guided first deal (#12): the fixed deal meets every basic rule; played to its end by
synthetic mouse events following the coach (every step reached); any other move refused
with a friendly word; Start again and Leave."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import click, tick

from game import i18n
from game.automation import Driver
from game.coach import COACH_SEED, TOPIC_IDS, coached_deal, same_move, topics_met
from game.rules import Move, Phase
from game.scenes.base import SceneStack
from game.scenes.coach_scene import CoachTable
from game.scenes.hand_state import DropTarget
from game.scenes.layout import LOGICAL_SIZE, Canvas
from game.scenes.score_sheet import ScoreSheetScene
from game.scenes.table_layout import PILE_POS

pytestmark = pytest.mark.usefixtures("display")  # (tests/conftest.py)


def test_the_guided_deal_meets_every_basic_rule():
    game, steps = coached_deal()
    assert game.seed == COACH_SEED and game.state.phase is Phase.OVER
    assert topics_met(steps) == set(TOPIC_IDS)
    assert 6 <= len(steps) <= 20  # short enough for a first deal


def test_same_move_ignores_the_order_of_groups_and_cards():
    assert same_move(Move.parse("meld HA CA JK / DJ HJ SJ"), Move.parse("meld SJ HJ DJ / JK CA HA"))
    assert not same_move(Move.parse("discard S3"), Move.parse("discard C3"))


def test_played_to_its_end_by_mouse_following_the_coach():
    from game.window import MainWindow

    app = MainWindow(seed=1, threaded=False, size=LOGICAL_SIZE)
    coach = CoachTable(threaded=False, speed=8.0)
    app.stack.clear()
    app.table = coach
    app.stack.push(coach)
    driver = Driver(app, [])
    played: list[Move] = []

    def follow():
        while True:
            yield from driver.wait_until(
                lambda: (
                    isinstance(app.stack.top, ScoreSheetScene)
                    or (app.stack.top is coach and coach.my_turn() and coach.idle and coach.hint is not None)
                ),
                "the coach's next step",
            )
            if isinstance(app.stack.top, ScoreSheetScene):
                return
            move = coach.hint.move
            before = coach.version
            yield from driver.play_move(move)
            assert coach.version != before, f"the table did not play {move}: {coach.message}"
            played.append(move)

    driver._steps = follow()
    app.feeder = driver.feed
    for _ in range(40_000):
        if driver.done:
            break
        app.frame(1 / 60)
    app.close()
    assert driver.error is None, driver.error
    _game, steps = coached_deal()
    assert [str(m) for m in played] == [str(s.move) for s in steps]
    assert coach.steps_seen == list(range(len(steps)))  # every step shown, in order
    assert coach.game.state.phase is Phase.OVER and not coach.coaching


def make_coach() -> tuple[SceneStack, CoachTable]:
    stack = SceneStack()
    coach = CoachTable(threaded=False, speed=8.0)
    stack.push(coach)
    return stack, coach


def play_to_the_lessons_meld(stack, coach, ticks: int) -> None:
    """The guided deal played as the coach hints until its hint is a meld (at most `ticks`
    tenths of a second)."""
    for _ in range(ticks):
        tick(stack, 0.1)
        if coach.my_turn() and coach.idle and coach.hint is not None:
            if coach.hint.move.kind.name == "MELD":
                break
            coach.controller.play(coach.hint.move)


def test_any_other_move_is_refused_with_a_friendly_word():
    stack, coach = make_coach()
    for _ in range(600):
        tick(stack, 0.1)
        if coach.my_turn() and coach.hint is not None:
            break
    assert coach.hint is not None and coach.hint.move.kind.name == "DRAW"
    state_before = coach.game.state.copy()
    played = len(coach.game.history)
    click(stack, PILE_POS)  # a click on the pile instead of the stock: not the coach's move
    assert coach.message is not None and len(coach.game.history) == played
    wrong = Move.discard(coach.game.state.hands[0][0])
    assert not coach.play(wrong)
    assert coach.message is not None and coach.message[0].startswith("Not this time: in this lesson, draw")
    assert coach.game.state.hands == state_before.hands and len(coach.game.history) == played
    assert coach.hint is not None and coach.hint.move.kind.name == "DRAW"
    for language in ("en", "zh_CN"):
        i18n.set_language(language)
        stack.draw(Canvas(LOGICAL_SIZE, 1.0))


def test_a_drop_the_coach_would_refuse_is_previewed_as_letting_go_shows_it():
    """A card dragged onto the pile when the lesson's move is a meld: the preview said the
    coach's words in a cream note, letting go said them in the refusal's red (stop 60). The
    preview's panel is the drop's: same words, same red."""
    from table_helpers import card_point, hold_over
    from test_table_drag_preview import let_go

    from game.scenes.table_panels import REFUSAL_FILL

    stack, coach = make_coach()
    play_to_the_lessons_meld(stack, coach, 600)
    lesson = {card for group in coach.hint.move.groups for card in group.cards}
    card = next(card for card in coach.layout.hand_cards if card not in lesson)
    hold_over(stack, card_point(coach, card), PILE_POS)
    for _ in range(40):
        stack.update(1 / 60)
    verdict = coach.refused_drop()
    assert verdict is not None and verdict.refusal is None and verdict.note and verdict.warn

    def panel() -> tuple[str, pygame.Color]:
        canvas = Canvas(LOGICAL_SIZE, 1.0)
        stack.draw(canvas)
        box = coach.view.panels.boxes["message"]
        return coach.view.panels._said()[0][0], canvas.get_at((box.x + 6, box.centery))

    previewed = panel()
    assert previewed == (verdict.reason(coach), REFUSAL_FILL)  # (it was cream)
    let_go(stack, PILE_POS)
    assert coach.message is not None and coach.message[0] == verdict.reason(coach) and coach.message[2]
    assert card in coach.game.state.hands[0] and coach.refused_drop() is None
    assert panel() == previewed


def test_start_again_and_leave():
    stack, coach = make_coach()
    left: list[bool] = []
    coach.on_menu = lambda: left.append(True)
    tick(stack, 4.0)
    coach.restart_button.click()
    assert coach.game.seed == COACH_SEED and coach.game.history == [] and coach.coaching
    coach.leave_button.click()
    assert left == [True]


def test_offered_on_first_start_and_from_the_title_menu(tmp_path):
    from game.app import AppContext
    from game.scenes.menu import TitleMenuScene

    started: list[bool] = []
    app = AppContext.create(tmp_path, on_start_coach=lambda: started.append(True))
    try:
        stack = SceneStack()
        stack.push(TitleMenuScene(app))
        menu = stack.top
        assert menu.first_start and menu.items.focused is menu.offer
        assert menu.offer.msgid == "Guided first deal" and menu.offer.primary
        # The one gold button: New game is drawn plain beside the offer (both were gold).
        assert [b.msgid for b in menu.items.widgets if b.primary] == ["Guided first deal"]
        stack.draw(Canvas(LOGICAL_SIZE, 1.0))
        stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        assert started == [True]
        # Back on the title after a deal was played: the offer ends (it held the focus, the
        # gold and the footer for the whole first session, stop 41).
        app.stats.record("classic", "normal")
        menu.on_uncover()
        assert not menu.first_start and not menu.items.focused.msgid == "Guided first deal"
        assert [b.msgid for b in menu.items.widgets if b.primary] == ["New game"]  # (the top one again)
        again = TitleMenuScene(app)  # the next start: offered once only, still on the menu
        assert not again.first_start
        again.guided_deal()
        assert started == [True, True]
    finally:
        app.close()


def test_a_new_game_during_the_lesson_is_not_called_well_done():
    stack, coach = make_coach()
    tick(stack, 2.0)
    coach.new_game()  # the table's New game, confirmed
    tick(stack, 0.5)
    assert not coach.coaching and not coach.lesson_played
    assert "left the lesson" in coach._body_text() and "Well done" not in coach._body_text()
    coach.restart_button.click()
    assert coach.coaching


# The usual window sizes, as the table's scale: 800x450, 1280x720, 1920x1080.
WINDOW_SCALES = (0.625, 1.0, 1.5)


def what_the_panel_must_not_cover(coach: CoachTable, ruler) -> dict[str, list[pygame.FRect]]:
    """Every place of the table a player reads (logical), as last drawn: each seat's tag and
    last move and the cards of its hand, the meld areas and the melds, the stock, the pile, its
    states and its button, the areas' tabs, the turn's instruction, the score panel."""
    from game.scenes.table_layout import BUTTONS, pile_rect, score_panel_rect, stock_rect

    view, layout, st = coach.view, coach.layout, coach.game.state
    places: dict[str, list[pygame.FRect]] = {}
    for seat in range(coach.config.players):
        boxes = [ruler.logical(box) for box in view.seat_boxes.get(seat, [])]
        cards = [layout.placements[card].rect() for card in st.hands[seat] if card in layout.placements]
        places[coach.seat_name(seat)] = boxes + cards
    places["meld areas"] = [area.inflate(12, 8) for area in coach.geometry.meld_areas.values()]
    places["melds"] = [slot.rect for slot in layout.meld_slots]
    places["stock and pile"] = [stock_rect(), pile_rect(), pygame.FRect(BUTTONS["pile"]), *view._pile_state_rects]
    places["tabs"] = [ruler.logical(box) for box in view.zone_label_boxes.values()]
    places["turn"] = [ruler.logical(box) for box in view.status_boxes]
    places["scores"] = [score_panel_rect(coach.config)]
    return places


def test_the_coach_s_panel_covers_no_seat_meld_area_pile_or_stock():
    """The panel lay over East's place: its name, count and last move were said on the panel,
    but a newcomer could not see East's cards or that East was on turn (play-test). At the
    usual window sizes, in English and Chinese, at the lesson's first step, its first meld, the
    black three's discard and while East plays, nothing a player reads lies under it: East sits
    as a block left of it, with its tag, fan and last move, and the meld areas end short of it."""
    from game.scenes.coach_scene import PANEL
    from game.scenes.layout import Ruler

    stack, coach = make_coach()
    east = next(seat for seat in range(4) if coach.seat_name(seat) == "East")
    checked: set[str] = set()

    def check(moment: str) -> None:
        assert coach.covered == PANEL
        for scale in WINDOW_SCALES:
            for language in ("en", "zh_CN"):
                i18n.set_language(language)
                try:
                    stack.draw(Canvas((round(1280 * scale), round(720 * scale)), scale))
                finally:
                    i18n.set_language("en")
                places = what_the_panel_must_not_cover(coach, Ruler(scale))
                assert places["East"], (moment, scale, language)  # (its tag, drawn, and its cards)
                for name, rects in places.items():
                    assert not any(rect.colliderect(PANEL) for rect in rects), (moment, scale, language, name)
                    assert all(pygame.FRect(0, 0, 1280, 720).contains(rect) for rect in rects), (moment, name)
                assert len(coach.view.seat_boxes[east]) >= 2  # its tag and what it did last
        checked.add(moment)

    for _ in range(3000):
        tick(stack, 0.1)
        if not coach.coaching:
            break
        if coach.my_turn() and coach.idle and coach.hint is not None:
            if coach.step_number in (0, 5) and f"step {coach.step_number}" not in checked:
                check(f"step {coach.step_number}")  # (the first draw; the black three's discard)
            if coach.hint.move.kind.name == "MELD" and "meld" not in checked:
                check("meld")
            coach.controller.play(coach.hint.move)
        elif coach.seat_on_turn == east and coach.step_number >= 1 and "East plays" not in checked:
            check("East plays")
        if len(checked) == 4:
            break
    assert checked == {"step 0", "step 5", "meld", "East plays"}


def test_the_coach_s_text_fits_above_its_buttons_at_every_step():
    """Every step's words, and the others' turns' and the deal's end's, end above the panel's
    buttons at the usual window sizes, in English and Chinese (Chinese wraps otherwise)."""
    from game.scenes.coach_scene import BODY_TOP, BUTTON_BOTTOM, PANEL, topic_line
    from game.scenes.widgets import Label

    _stack, coach = make_coach()
    texts_of = [
        lambda: ["\n".join(topic_line(topic) for topic in step.topics) for step in coach.steps],
        lambda: [i18n._("Watch: {name} plays. Your turn comes after {last}'s.").format(name="East", last="North")],
        lambda: [
            i18n._(
                "Well done: you have played a whole deal and met every basic rule. The game goes on "
                "without the coach; Start again replays the lesson."
            )
        ],
    ]
    room = PANEL.height - BUTTON_BOTTOM - BODY_TOP - 4
    for language in ("en", "zh_CN"):
        i18n.set_language(language)
        try:
            for texts in texts_of:
                for text in texts():
                    body = Label(coach.body.rect, text, size=coach.body.size)
                    for scale in WINDOW_SCALES:
                        assert body.height(scale) <= room, (language, scale, text)
        finally:
            i18n.set_language("en")


def test_after_the_lesson_s_deal_the_panel_folds_off_east_s_place():
    """The panel lay over East's hand for the rest of the game, saying the lesson was done
    (play-test, stop 48): from the next deal it keeps only its heading and buttons, East is
    back in its own place (the opponents' area ends short of the folded panel), and Start
    again brings the lesson back with its whole panel, East beside it."""
    from game.scenes.coach_scene import FOLDED, PANEL

    stack, coach = make_coach()
    tick(stack, 0.5)
    assert coach.covered == PANEL
    coach.new_game()  # a game of one's own: its first deal still says the lesson was left
    tick(stack, 0.5)
    assert not coach.coaching and coach.covered == PANEL and "left the lesson" in coach._body_text()
    _play_to_the_next_deal(stack, coach)
    assert coach.game.deal_number == 1 and coach.folded and coach.covered == FOLDED
    east = next(seat for seat in range(4) if coach.geometry.spot(seat) == "E")
    stack.draw(Canvas(LOGICAL_SIZE, 1.0))
    assert east in coach.view.seat_boxes and not any(box.colliderect(FOLDED) for box in coach.view.seat_boxes[east])
    assert not any(area.inflate(12, 8).colliderect(FOLDED) for area in coach.geometry.meld_areas.values())
    for button in (coach.restart_button, coach.leave_button):
        assert FOLDED.contains(button.rect), button.rect
    left: list[bool] = []
    coach.on_menu = lambda: left.append(True)
    coach.toggle_log()  # the folded panel's buttons lie under the open log: out of reach
    click(stack, coach.leave_button.rect.center)
    click(stack, coach.restart_button.rect.center)
    tick(stack, 0.5)
    assert left == [] and not coach.coaching and coach.covered == FOLDED
    coach.toggle_log()
    click(stack, coach.leave_button.rect.center)
    assert left == [True]
    click(stack, coach.restart_button.rect.center)
    tick(stack, 0.5)
    assert coach.coaching and coach.covered == PANEL and PANEL.contains(coach.restart_button.rect)
    stack.draw(Canvas(LOGICAL_SIZE, 1.0))
    assert coach.geometry.is_block(east) and coach.view.seat_boxes[east]
    assert not any(box.colliderect(PANEL) for box in coach.view.seat_boxes[east])


def test_the_move_log_and_the_pile_browser_open_over_the_coach_panel():
    """L and V opened under the coach's panel, which covered most of them (play-test, stop
    53, the guided deal at 800x450): where they meet, what shows is the log's (the pile
    browser's) own drawing, as on a table with no coach; closed, the coach's panel shows."""
    from game.scenes.coach_scene import PANEL
    from game.scenes.table_layout import LOG_PANEL, pile_panel_rect

    stack, coach = make_coach()
    for _ in range(600):
        tick(stack, 0.1)
        if coach.my_turn() and coach.hint is not None and coach.idle:
            break
    assert coach.coaching and coach.covered == PANEL

    def drawn(covering, box: pygame.FRect) -> bytes:
        canvas = Canvas(LOGICAL_SIZE, 1.0)
        coach.view.draw(canvas, covering=covering)
        return pygame.image.tobytes(canvas.subsurface(pygame.Rect(box)), "RGB")

    def log_drawn() -> pygame.FRect:  # (its foot above what it would cut: the pile's states)
        drawn(None, pygame.FRect(0, 0, 1, 1))
        assert coach.view.log_rect is not None and LOG_PANEL.contains(coach.view.log_rect)
        return coach.view.log_rect

    inner = (-30, -30)  # (clear of the rounded corners, where the panel below shows)
    panels = [(log_drawn, coach.toggle_log), (lambda: pile_panel_rect(len(coach.seen_pile)), coach.toggle_pile)]
    for panel, toggle in panels:
        toggle()
        box = panel().clip(PANEL).inflate(*inner)
        assert box.width > 100 and box.height > 50  # (they meet over much of the panel)
        assert drawn(coach._draw_coach, box) == drawn(None, box)  # open: over the coach's panel
        if panel is log_drawn and coach.view.log_rect != LOG_PANEL:  # (cut short: the coach's panel under it shows)
            below = (coach.view.log_rect.centerx, coach.view.log_rect.bottom + 4)
            assert LOG_PANEL.collidepoint(below) and PANEL.collidepoint(below)
            assert not coach._under_open_panel(pygame.event.Event(pygame.MOUSEMOTION, pos=below))  # ... and in reach
        toggle()
        assert drawn(coach._draw_coach, box) != drawn(None, box)  # closed: the coach's panel shows


def _play_to_the_next_deal(stack: SceneStack, coach: CoachTable) -> None:
    """The player's moves chosen by a Normal bot until the deal ends; then the next deal."""
    from game.bots import make_bot

    bot = make_bot("normal", 5)
    for _ in range(20_000):
        if coach.game.state.phase is Phase.OVER:
            break
        if coach.my_turn() and coach.idle and stack.top is coach:
            assert coach.controller.play(bot.act(coach.game.state.observation(coach.human)))
        tick(stack, 0.1)
    assert coach.game.state.phase is Phase.OVER
    if isinstance(stack.top, ScoreSheetScene):
        stack.remove(stack.top)
    coach.next_deal()
    tick(stack, 0.5)


def test_a_topic_that_is_a_question_takes_no_colon():
    """ "May I go out?: Before going out…" (play-test, stop 42)."""
    from game import i18n
    from game.scenes.coach_scene import TOPIC_TEXT, topic_line

    for language in ("en", "zh_CN"):
        i18n.set_language(language)
        lines = [topic_line(topic) for topic in TOPIC_TEXT]
        assert not any(mark in line for line in lines for mark in ("?:", "?：", "？:", "？："))
        asked = topic_line("ask")
        assert asked.startswith(i18n._("May I go out?")) and len(asked) > len(i18n._("May I go out?")) + 5
    i18n.set_language("en")


def test_a_topic_line_goes_on_from_its_headline_after_the_colon():
    """ "A red three: Red threes are laid…", a capital after the colon and the headline said
    twice (play-test, stop 47): after a colon the line goes on in lower case; a question's
    is a sentence of its own."""
    from game import i18n
    from game.scenes.coach_scene import TOPIC_TEXT, topic_line

    for topic, (headline, why) in TOPIC_TEXT.items():
        line = topic_line(topic)
        if headline.endswith("?"):
            assert line == f"{headline} {why}" and why[0].isupper(), line
        else:
            assert line.startswith(f"{headline}: ") and why[0].islower() and why.endswith("."), line
    assert not topic_line("red-three").lower().count("red three") > 1
    i18n.set_language("zh_CN")
    try:
        for topic in TOPIC_TEXT:
            line = topic_line(topic)
            assert "：" in line or "？" in line, line
            assert not any(word in line for word in ("stock", "meld", "pile")), line
    finally:
        i18n.set_language("en")


def test_while_the_others_play_the_coach_says_when_the_player_s_turn_comes():
    """ "Watch: West plays. Your turn comes next." while West played, with North and East
    still to come (play-test, stop 46): "next" only when the seat after is the player's."""
    stack, coach = make_coach()
    said: dict[int, tuple[str, str]] = {}  # seat: (English, Chinese)
    for _ in range(6000):
        tick(stack, 0.02)
        st = coach.game.state
        if coach.coaching and not coach.my_turn() and st.phase is not Phase.ANSWER:
            english = coach._body_text()
            i18n.set_language("zh_CN")
            try:
                said[st.to_act] = (english, coach._body_text())
            finally:
                i18n.set_language("en")
        if len(said) == 3:
            break
        if coach.my_turn() and coach.hint is not None and coach.idle:
            coach.controller.play(coach.hint.move)
    seats = {coach.seat_name(seat): seat for seat in range(4)}  # (East sits as a block beside the panel)
    assert said[seats["East"]] == ("Watch: East plays. Your turn comes next.", "请看：东家出牌。接下来轮到你。")
    for name in ("West", "North"):
        english, chinese = said[seats[name]]
        assert english == f"Watch: {name} plays. Your turn comes after East's."
        assert chinese.endswith("东家之后轮到你。") and "接下来" not in chinese


def test_a_staged_first_meld_leaves_the_moved_tabs_in_sight():
    """With the coach's panel over the right end of the meld areas their tabs went to the left
    end, where the turn's instruction rises over a staged meld: it was written across "Melds of
    West & East", and the staging panel lay on "Our melds" (play-test, stop 46)."""
    from game.scenes.coach_scene import PANEL
    from game.scenes.table_layout import STAGE_PANEL

    stack, coach = make_coach()
    play_to_the_lessons_meld(stack, coach, 3000)
    for group in coach.hint.move.groups:
        coach.controller.moves.drop(list(group.cards), DropTarget("new-meld"))
    assert coach.ui.staged
    for language in ("en", "zh_CN"):
        i18n.set_language(language)
        try:
            stack.draw(Canvas(LOGICAL_SIZE, 1.0))
        finally:
            i18n.set_language("en")
        tabs = coach.view.zone_label_boxes
        assert len(tabs) == 2
        for tab in tabs.values():
            assert not tab.colliderect(PANEL) and not tab.colliderect(STAGE_PANEL), language
            assert not any(tab.colliderect(line) for line in coach.view.status_boxes), language


def test_while_east_s_discard_lands_the_coach_says_east_plays():
    """Play-test: while the card that passed the turn flew in, the panel said "Watch: You
    plays. Your turn comes after East's." (the turn was the player's, not yet shown as theirs)."""
    from table_helpers import DT

    stack, coach = make_coach()
    for _frame in range(60 * 120):
        stack.update(DT)
        if coach.controller.landing:
            break
    assert coach.controller.landing and coach.seat_on_turn is not None
    name = coach.seat_name(coach.seat_on_turn)
    assert coach._body_text() == f"Watch: {name} plays. Your turn comes next."


def _the_lessons_first_step_played(window) -> CoachTable:
    """The guided deal started in `window`, the bots' turns watched and the player's first
    step played: the lesson's table."""
    window.start_coach()
    coach = window.table
    assert isinstance(coach, CoachTable)
    coach.animator.speed = 8.0
    for _ in range(600):  # the bots' turns, then the player's first step; play it
        tick(window.stack, 0.1)
        if coach.my_turn() and coach.idle and coach.hint is not None:
            break
    assert coach.play(coach.hint.move)
    return coach


def test_continue_brings_the_lesson_back_with_its_coach(tmp_path, monkeypatch):
    """Closed mid-lesson, Continue goes on with the coach at the same step (play-test, stop 51:
    the lesson came back as a plain table, its panel and lit moves gone)."""
    from game.window import MainWindow

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    window = MainWindow(menu=True, threaded=False)
    try:
        context = window.context
        assert context is not None
        coach = _the_lessons_first_step_played(window)
        step = coach.step_number
        assert step == 1 and context.saves.exists()
        window.back_to_menu()
        window.continue_game(context.saves.load())
        table = window.table
        assert isinstance(table, CoachTable) and table.coaching and table.lesson_game
        assert table.step_number == step and table.game.history == coach.game.history
        for _ in range(100):
            tick(window.stack, 0.1)
            if table.hint is not None:
                break
        assert table.hint is not None and table.hint.move == table.steps[step].move  # lit again
    finally:
        window.close()


def test_left_mid_lesson_the_title_says_continue_goes_on_with_the_guided_deal(tmp_path, monkeypatch):
    """Left mid-lesson, the line beside Continue names the guided deal, in either language: it
    read "Classic · to 5000 · deal 1", a game the player never started (play-test, first
    game). A game started after the lesson is named as any game is."""
    from game.scenes.menu import TitleMenuScene, saved_game_line
    from game.window import MainWindow

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    window = MainWindow(menu=True, threaded=False)
    try:
        context = window.context
        assert context is not None
        _the_lessons_first_step_played(window)
        window.back_to_menu()
        title = window.stack.top
        assert isinstance(title, TitleMenuScene) and title.saved is not None
        assert saved_game_line(title.saved) == "Guided first deal"
        # Replacing it asks over the lesson, not over "a game" (play-test, stop 62).
        from game.scenes.modal import ModalDialogScene
        from game.scenes.new_game import NewGameScene

        new_game = NewGameScene(context)
        for page, ask in ((title, title.guided_deal), (new_game, new_game.start)):
            if window.stack.top is not page:
                window.stack.push(page)
            ask()
            dialog = window.stack.top
            assert isinstance(dialog, ModalDialogScene)
            assert dialog.dialog.message_label.text.startswith("The guided first deal is in progress.")
            window.stack.pop()
        window.stack.pop()  # (New game's page)
        i18n.set_language("zh_CN")
        try:
            assert saved_game_line(title.saved) == i18n._("Guided first deal") != "Guided first deal"
        finally:
            i18n.set_language("en")
        from game.rules import RulesConfig

        window.start_game(RulesConfig.for_variant("classic"), 5, (None, "normal", "normal", "normal"))
        for _ in range(300):  # a game of its own replaces the lesson, saved after its first move
            tick(window.stack, 0.1)
            if window.table is not None and window.table.game.history:
                break
        window.back_to_menu()
        title = window.stack.top
        title.on_uncover()
        assert isinstance(title, TitleMenuScene) and title.saved is not None
        assert saved_game_line(title.saved).startswith("Classic · to 5000 · deal 1")
    finally:
        window.close()
