"""Help at the table, headless: the hint, "why not?" on a refused move, the risky-discard
question, the keyboard, and every setting applied at once in both languages."""

from __future__ import annotations

import pygame
import pytest
from glyph_helpers import missing_glyphs

from game import assets, i18n
from game.app import bind_shared
from game.observable_settings import ObservableSettings
from game.rules import Move, Phase
from game.scenes.layout import Canvas
from game.scenes.table_layout import CARD_SIZES, PILE_POS, card_h
from game.scenes.table_menu import KeysOverlay, RiskyDiscardDialog, RuleDialog, TableMenuScene
from game.scenes.text import text_image
from game.settings import CHOICES, Settings
from game.sound import SoundPlayer
from tests.table_helpers import (
    DT,
    card_point,
    click,
    double_click,
    drag,
    hand_card,
    make_table,
    may_ask_position,
    players_turn,
    position,
    tick,
    until,
)


def key(code: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=0)


def press(stack, *codes: int) -> None:
    for code in codes:
        stack.handle_event(key(code))


def draw(stack) -> Canvas:
    canvas = Canvas((1280, 720), 1.0)
    stack.draw(canvas)
    return canvas


# -- hint -----------------------------------------------------------------------------


def test_hint_key_and_button_show_the_move_explained_and_never_play_it():
    stack, table = make_table(seed=3)
    until(stack, players_turn(stack, table))
    before = (table.version, len(table.state.hands[0]))
    press(stack, pygame.K_h)
    hint = table.hint
    assert hint is not None and table.hint_text() == hint.text and hint.move.kind.value in ("draw", "take")
    assert (table.version, len(table.state.hands[0])) == before  # shown, not played
    assert table.ui.hinted == set(hint.cards)
    draw(stack)
    press(stack, pygame.K_ESCAPE)
    assert table.hint is None and not table.ui.hinted
    click(stack, table.hint_button.rect.center)
    assert table.hint is not None
    click(stack, PILE_POS if hint.move.kind.value == "take" else (556, 322))  # any move spends it
    tick(stack, DT)
    if table.version != before[0]:
        assert table.hint is None


def test_hint_lights_the_cards_of_a_meld_and_follows_a_language_switch():
    state = position(["HK C5 D5 H5 S9 D4"], melds=[{"K": "CK DK HK SK CK DK"}, {}], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    assert table.show_hint()
    kinds = {c.face for c in table.ui.hinted}
    assert table.hint.move.kind.value == "meld" and kinds and kinds <= {"HK", "C5", "D5", "H5"}
    english = table.hint_text()
    i18n.set_language("zh_CN")
    chinese = table.hint_text()
    assert chinese != english and "组牌" in chinese
    draw(stack)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_hint_says_cards_are_lit_only_where_it_lights_some(language, monkeypatch):
    """ "Draw from the stock" lights no card: its hint said "The cards to use are lit in
    blue" all the same (play-test, stop 44). A meld's hint still says it."""
    from game.scenes import table_panels

    wrapped: list[str] = []
    wrap = table_panels.wrap_text
    monkeypatch.setattr(table_panels, "wrap_text", lambda text, *rest: wrapped.append(text) or wrap(text, *rest))
    i18n.set_language(language)
    try:
        lit, esc = i18n._("The cards to use are lit in blue. Esc closes the hint."), i18n._("Esc closes the hint.")
        stack, table = make_table()
        table.load_state(position(["HK C5 S9 D4"], discard="S3", phase="draw"))  # the black three blocks the pile
        assert table.show_hint() and table.hint.move.kind.value == "draw" and not table.ui.hinted
        draw(stack)
        assert esc in wrapped and lit not in wrapped
        table.load_state(position(["HK C5 D5 H5 S9 D4"], discard="S4", phase="meld"))
        assert table.show_hint() and table.ui.hinted
        wrapped.clear()
        draw(stack)
        assert lit in wrapped
    finally:
        i18n.set_language("en")


# -- why not? ---------------------------------------------------------------------------


def test_an_illegal_drop_shows_why_not_with_the_rule_and_the_longer_text():
    state = position(["C8 H4 S5 H6"], melds=[{"K": "CK DK HK"}, {}], discard="S4 H9 S7", phase="draw")
    stack, table = make_table()
    table.load_state(state)
    card = hand_card(table, "C8")
    drag(stack, card_point(table, card), PILE_POS)  # an 8 cannot take a 7
    assert card in table.state.hands[0] and len(table.state.pile) == 3
    refusal = table.refusal
    assert refusal is not None and refusal.rule == "R-TAKE"
    assert table.message[0] == "To take the pile, select or drop cards that meld the 7♠ on top."
    assert "To take the pile you must meld its top card at once" in refusal.explanation()
    banner = table.view.panels.refusal_rect()
    assert banner is not None
    draw(stack)
    click(stack, banner.center)  # clicking the banner: the rule's longer text
    dialog = stack.top
    assert isinstance(dialog, RuleDialog) and dialog.rule == "R-TAKE"
    assert "Taking the discard pile" in dialog.dialog.title
    assert "Instead of drawing you may take the whole pile" in dialog.dialog.message_label.text
    draw(stack)
    press(stack, pygame.K_ESCAPE)
    assert stack.top is table


def test_an_engine_refusal_cites_its_rule_in_both_languages():
    state = position(["HA CA C5 D5 H5 H7"], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    table.ui.staged.append([hand_card(table, f) for f in ("C5", "D5", "H5")])
    table.relayout()
    table.confirm_staged()  # 15 < 50
    assert table.refusal.rule == "R-MIN" and not table.state.melds[0]
    assert table.message[0] == "The initial meld counts 15, 35 short of the minimum 50."
    i18n.set_language("zh_CN")
    reason = table.refusal.reason()
    assert "15" in reason and "50" in reason and "首次亮牌" in reason
    draw(stack)
    stack.handle_event(key(pygame.K_SLASH, pygame.KMOD_SHIFT, "?"))
    assert isinstance(stack.top, RuleDialog) and "首次亮牌" in stack.top.dialog.title
    draw(stack)


# -- risky discard -----------------------------------------------------------------------

# (a pile of five with the discard: worth the question, hints.ASK_PILE)
RISKY = dict(melds=[{"K": "CK DK HK"}, {"7": "S7 D7 H7"}], discard="H5 S6 HJ S4 D5", phase="meld")


def risky_table(hand: str = "C7 H4 S9 D8", confirm: bool = True, **where):
    """The player's turn with `hand` against the next player's meld of 7s (RISKY, or `where`),
    the setting "confirm a risky discard" as `confirm` says."""
    stack, table = make_table()
    table.confirm_risky = confirm
    table.load_state(position([hand, "C4 C6 C8", "C9 C10", "CJ CQ"], **{**RISKY, **where}))
    return stack, table


def test_a_risky_discard_asks_first_and_cancel_changes_nothing():
    stack, table = risky_table()
    before = (table.version, [c.face for c in table.state.pile], sorted(c.face for c in table.state.hands[0]))
    seven = double_click(stack, table, "C7")
    assert isinstance(stack.top, RiskyDiscardDialog)
    assert "meld of 7s" in stack.top.dialog.message_label.text
    draw(stack)
    press(stack, pygame.K_ESCAPE)  # Cancel
    assert stack.top is table
    after = (table.version, [c.face for c in table.state.pile], sorted(c.face for c in table.state.hands[0]))
    assert after == before and seven in table.layout.hand_cards
    tick(stack, 0.5)
    # Space (the table's "finish the flights") does not confirm it unread (play-test, stop 47).
    double_click(stack, table, "C7")
    press(stack, pygame.K_SPACE)
    assert isinstance(stack.top, RiskyDiscardDialog) and seven in table.layout.hand_cards
    press(stack, pygame.K_ESCAPE)
    tick(stack, 0.5)
    # Again, and discard anyway.
    double_click(stack, table, "C7")
    stack.top.dialog.button_widgets[0].click()
    assert table.state.pile[-1] is seven and table.state.turn == 1


def test_cancelling_a_risky_discard_leaves_the_selection_as_it_was():
    """A double-click's first click selects the card; Cancel must not leave it raised (it
    stayed selected into the next turn and went along with the next drag; play-test, stop 57)."""
    stack, table = risky_table()
    double_click(stack, table, "C7")
    assert isinstance(stack.top, RiskyDiscardDialog)
    press(stack, pygame.K_ESCAPE)  # Cancel
    assert stack.top is table and table.ui.selected == set()
    # Cards selected before the double-click stay selected; the one double-clicked as it was.
    nine = hand_card(table, "S9")
    click(stack, card_point(table, nine))
    tick(stack, 0.5)
    double_click(stack, table, "C7")
    press(stack, pygame.K_ESCAPE)
    assert table.ui.selected == {nine}
    # A discard refused (not the player's draw yet) leaves it as it was too.
    tick(stack, 0.5)
    table.load_state(position(["C7 H4 S9 D8", "C4 C6 C8", "C9 C10", "CJ CQ"], **{**RISKY, "phase": "draw"}))
    double_click(stack, table, "C7")
    assert table.ui.selected == set()


def test_a_safe_discard_or_the_setting_off_discards_at_once():
    stack, table = risky_table()
    nine = double_click(stack, table, "S9")
    assert stack.top is table and table.state.pile[-1] is nine
    stack, table = risky_table(confirm=False)
    seven = double_click(stack, table, "C7")
    assert stack.top is table and table.state.pile[-1] is seven


def test_a_small_pile_goes_unasked_and_the_box_names_the_black_three_to_discard_instead():
    """Play-test, stop 56: the box asked before a pile of three, and with a black three in hand
    it did not point at it. A small pile goes without a question; a pile of five asks, and
    says which card blocks the next player."""
    stack, table = risky_table("C7 H4 S9 D8 S3", discard="S4 D5")
    seven = double_click(stack, table, "C7")
    assert stack.top is table and table.state.pile[-1] is seven  # (a pile of three: no question)
    stack, table = risky_table("C7 H4 S9 D8 S3")
    double_click(stack, table, "C7")
    assert isinstance(stack.top, RiskyDiscardDialog)
    text = stack.top.dialog.message_label.text
    assert "meld of 7s" in text and "Your 3♠ would block the pile for the next player instead." in text, text
    assert text.endswith("Discard the 7♣ anyway?")
    draw(stack)


# -- keyboard ------------------------------------------------------------------------------


def test_the_keyboard_drives_a_whole_turn():
    stack, table = make_table(seed=3)
    until(stack, players_turn(stack, table))
    hand = len(table.state.hands[0])
    press(stack, pygame.K_d)  # draw
    assert table.state.phase is Phase.MELD and len(table.state.hands[0]) == hand + 1
    until(stack, lambda: table.idle, 10)
    press(stack, pygame.K_RIGHT)  # the cursor appears on the first card
    assert table.ui.cursor is table.layout.hand_cards[0]
    press(stack, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT)
    target = table.layout.hand_cards[1]
    assert table.ui.cursor is target
    draw(stack)  # the cursor ring draws
    press(stack, pygame.K_SPACE)  # select it
    assert table.ui.selected == {target}
    press(stack, pygame.K_x)  # discard it
    if isinstance(stack.top, RiskyDiscardDialog):
        press(stack, pygame.K_RETURN)  # "Discard anyway" has the focus
    assert table.state.pile[-1] is target and table.state.turn == 1


def test_tab_focus_ring_sort_toggle_menu_and_keys_overlay():
    stack, table = make_table(seed=5)
    until(stack, players_turn(stack, table))
    press(stack, pygame.K_TAB)
    assert table.buttons.focused is not None
    draw(stack)
    focused = table.buttons.focused
    assert focused.focused
    mode = table.ui.sort_mode
    press(stack, pygame.K_s)
    assert table.ui.sort_mode != mode
    press(stack, pygame.K_s)
    assert table.ui.sort_mode == mode
    press(stack, pygame.K_ESCAPE)  # first Esc: drops the focus
    assert table.buttons.focused is None
    press(stack, pygame.K_ESCAPE)  # nothing left to cancel: the menu
    assert isinstance(stack.top, TableMenuScene)
    covered_version = table.version
    tick(stack, 2.0)
    assert table.version == covered_version or table.my_turn()  # the bots wait under the menu
    draw(stack)
    press(stack, pygame.K_F1)
    assert isinstance(stack.top, KeysOverlay)
    draw(stack)
    press(stack, pygame.K_ESCAPE)
    assert isinstance(stack.top, TableMenuScene)
    press(stack, pygame.K_ESCAPE)
    assert stack.top is table


def test_ask_and_take_keys():
    stack, table = make_table()
    table.load_state(may_ask_position())
    tick(stack, DT)
    press(stack, pygame.K_a)
    assert table.state.phase is Phase.ANSWER
    state = position(["C8 D8 H4 S5"], melds=[{"K": "CK DK HK"}, {}], discard="S4 H9 S8", phase="draw")
    table.load_state(state)
    for face in ("C8", "D8"):
        table.ui.cursor = hand_card(table, face)
        press(stack, pygame.K_SPACE)
    press(stack, pygame.K_t)
    assert table.state.phase is Phase.MELD and not table.state.pile and "8" in {r.symbol for r in table.state.melds[0]}


# -- settings -------------------------------------------------------------------------------

VALUES = {
    "four_colour_deck": (True, False),
    "sound": (False, True),
    "fullscreen": (False,),
    "confirm_risky_discard": (False, True),
}


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_setting_applies_at_once_and_re_renders_in_both_languages(monkeypatch, language):
    seen: list[tuple[str, bool]] = []
    real = assets.font_for_text

    def recording(text, size, bold=False):
        seen.append((text, bold))
        return real(text, size, bold)

    monkeypatch.setattr(assets, "font_for_text", recording)
    text_image.cache_clear()
    stack, table = make_table(seed=8)
    settings, sound = ObservableSettings(Settings(language=language)), SoundPlayer()
    bind_shared(settings, sound)
    table.follow(settings)
    until(stack, players_turn(stack, table))
    table.show_hint()
    draw(stack)
    for name, values in {**{n: c for n, c in CHOICES.items() if n != "language"}, **VALUES}.items():
        for value in values:
            settings.set(name, value)
            tick(stack, 0.1)
            draw(stack)
            assert settings.get(name) == value
    # What each one does, visibly.
    settings.set("card_size", "large")
    tick(stack, 2.0)
    card = table.layout.hand_cards[0]
    assert table.layout.placements[card].width == CARD_SIZES["large"][0]
    assert table.animator.sprites[card].width == CARD_SIZES["large"][0]
    # The keyboard cursor's ring (6 px around a hand card) stays inside the window.
    bottom = table.layout.placements[card].y + card_h(CARD_SIZES["large"][0]) / 2
    assert bottom + 6 <= 720
    settings.set("four_colour_deck", True)
    diamond = assets.card_image("D7", 0, 120)
    blue = max(diamond.get_at((x, y)).b - diamond.get_at((x, y)).r for x in range(120) for y in range(0, 168, 3))
    assert blue > 100  # a diamond is blue now
    settings.set("card_back", "B2")
    assert table.card_back == "B2"
    settings.set("animation_speed", 0.5)
    assert table.animator.speed == 0.5
    settings.set("bot_pace", "slow")
    assert table.pace == 2.0
    settings.set("sound", False)
    assert sound.enabled is False
    settings.set("confirm_risky_discard", True)
    assert table.confirm_risky
    other = "en" if language == "zh_CN" else "zh_CN"
    settings.set("language", other)  # without a restart
    draw(stack)
    assert i18n.get_language() == other and table.hint_button.text == i18n._("Hint")
    missing = {text[:30]: "".join(missing_glyphs(text, bold)) for text, bold in seen if missing_glyphs(text, bold)}
    assert not missing
    assert any("提示" in text for text, _bold in seen)


def test_sounds_play_when_the_cards_land():
    stack, table = make_table(seed=3, speed=1.0)
    played: list[tuple[str, float]] = []
    table.play_sound = lambda name: played.append((name, table.clock))
    until(stack, players_turn(stack, table), 60)
    played.clear()
    start = table.clock
    table.click_stock()
    assert not played  # the move is applied, the card is still in the air
    tick(stack, 1.0)
    names = [name for name, _when in played]
    assert names[:1] == ["draw"] and played[0][1] - start >= 0.4


def test_in_the_app_the_table_menu_opens_settings_and_the_table_follows_them(tmp_path, monkeypatch):
    from game.rules import RulesConfig
    from game.scenes.settings_scene import SettingsScene
    from game.window import MainWindow

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    app = MainWindow(menu=True, threaded=False)
    try:
        app.start_game(RulesConfig(), 5, (None, "easy", "easy", "easy"))
        table = app.table
        assert table.settings is app.context.settings and table.play_sound is not None
        table.open_menu()
        menu = app.stack.top
        assert isinstance(menu, TableMenuScene)
        labels = [w.msgid for w in menu.items.widgets]
        assert labels == [
            "Resume",
            "Keys · F1",
            "Rules",
            "Settings",
            "Save the deal as a file",
            "New game",
            "Main menu",
        ]
        menu.settings()
        assert isinstance(app.stack.top, SettingsScene)
        app.settings.set("card_size", "large")
        app.settings.set("four_colour_deck", True)
        app.settings.set("language", "zh_CN")
        assert table.geometry.card_size == "large" and assets.four_colour()
        app.stack.top.back()
        assert app.stack.top is menu
        app.frame(1 / 60)
        menu.main_menu()
        assert app.table is None and app.stack.top.__class__.__name__ == "TitleMenuScene"
    finally:
        app.close()


def test_following_the_hints_own_discard_raises_no_warning():
    # (every card a risk; the 7♣ gives the most away: it would bring the 7s within a card of a canasta)
    every = [{"K": "CK DK HK"}, {"7": "S7 D7 H7 C7 S2", "4": "S4 D4 C4", "9": "H9 D9 C9", "8": "S8 H8 C8"}]
    stack, table = risky_table(melds=every)
    assert table.show_hint() and table.hint.move.kind.name == "DISCARD"
    hinted = table.hint.move.card
    assert hinted.face != "C7"
    double_click(stack, table, "C7")  # not the hint's card, and it gives more away: the warning stands
    assert isinstance(stack.top, RiskyDiscardDialog)
    press(stack, pygame.K_ESCAPE)
    tick(stack, 0.5)
    double_click(stack, table, hinted.face)
    assert stack.top is table and table.state.pile[-1].face == hinted.face


def test_a_refusal_whose_rule_sentence_continues_it_says_it_once():
    """R-BLACK3's reason ("Black threes can be melded only when going out.") is the start
    of its rule's sentence: the banner shows the longer sentence once, no body repeating it."""
    from game.rules import IllegalMove
    from game.why_not import Refusal

    refusal = Refusal("R-BLACK3", IllegalMove("R-BLACK3", "black threes can be melded only when going out"))
    assert refusal.headline().startswith("Black threes can be melded only when going out, as a group of their own")
    assert refusal.explanation() is None
    other = Refusal("R-TAKE-TOP", IllegalMove("R-TAKE-TOP", "the top card must be melded"))
    assert other.headline() == other.reason()


def test_esc_closes_the_move_log_before_it_opens_the_menu():
    stack, table = make_table()
    until(stack, players_turn(stack, table))
    press(stack, pygame.K_l)
    assert table.log_open
    press(stack, pygame.K_ESCAPE)
    assert not table.log_open and stack.top is table
    press(stack, pygame.K_ESCAPE)
    assert isinstance(stack.top, TableMenuScene)


def test_a_refusal_hangs_left_of_the_open_move_log():
    """The banner of a refused move and the move log (or the pile browser) never cover each
    other: with the log open the banner moves left of it."""
    from game.scenes.table_layout import LOG_PANEL, SCORE_PANEL

    stack, table = make_table()
    until(stack, players_turn(stack, table))
    table.controller.refuse("Hold on.", "R-TURN")
    centred = table.view.panels.refusal_rect()
    assert centred is not None and centred.right > LOG_PANEL.left
    press(stack, pygame.K_l)
    assert table.log_open
    moved = table.view.panels.refusal_rect()
    assert moved is not None and moved.right <= LOG_PANEL.left and moved.left >= SCORE_PANEL.right


def _staged_opening():
    """An unmelded side with two groups staged (90 points, minimum 50), not laid yet."""
    from tests.table_helpers import select

    stack, table = make_table()
    table.load_state(position(["CK DK HK CA DA HA C5 D9", "C4", "C7", "C8"], phase="meld", discard="S4"))
    for faces in (["CK", "DK", "HK"], ["CA", "DA", "HA"]):
        cards = select(stack, table, faces)
        drag(stack, card_point(table, cards[0]), table.geometry.meld_areas[0].center)
        tick(stack, 0.3)
    assert len(table.ui.staged) == 2
    return stack, table


def test_cards_selected_then_a_click_on_a_staged_group_join_it():
    """Select cards, click a staged group: they join it, as onto a laid meld (the click sent
    the staged group back to the hand, the opening being built gone, play-test stop 56); a
    card that does not go with it is refused and the staging stays; with nothing selected
    the click still takes the group back."""
    from tests.table_helpers import select

    stack, table = make_table()
    table.load_state(position(["CK DK HK CA DA HA SK C5 D9", "C4", "C7", "C8"], phase="meld", discard="S4"))
    for faces in (["CK", "DK", "HK"], ["CA", "DA", "HA"]):
        cards = select(stack, table, faces)
        drag(stack, card_point(table, cards[0]), table.geometry.meld_areas[0].center)
        tick(stack, 0.3)

    def kings():
        slot = next(s for s in table.layout.meld_slots if s.staged_index is not None and s.rank.symbol == "K")
        return slot.rect.x + 10, slot.rect.y + 20

    select(stack, table, ["C5"])
    click(stack, kings())
    tick(stack, 0.3)
    assert [len(group) for group in table.ui.staged] == [3, 3] and table.message is not None  # refused
    click(stack, card_point(table, hand_card(table, "C5")))  # (deselected)
    select(stack, table, ["SK"])
    click(stack, kings())
    tick(stack, 0.3)
    assert sorted(len(group) for group in table.ui.staged) == [3, 4]
    assert {"CK", "DK", "HK", "SK"} in [{c.face for c in group} for group in table.ui.staged]
    assert not table.ui.selected and not table.state.melds[0], "staged, not laid"
    click(stack, kings())  # nothing selected: the kings go back to the hand
    tick(stack, 0.3)
    assert [{c.face for c in group} for group in table.ui.staged] == [{"CA", "DA", "HA"}]


def test_a_discard_with_melds_staged_is_refused_not_a_lost_opening():
    stack, table = _staged_opening()
    double_click(stack, table, "C5")
    tick(stack, 0.2)
    assert table.state.turn == 0 and table.state.phase is Phase.MELD
    assert len(table.ui.staged) == 2 and table.message is not None and "staged" in table.message[0]


def test_a_mouse_release_on_a_staged_group_laid_meanwhile_is_harmless():
    """Press on a staged group, Enter lays the staged melds while the button is held, then
    release: once an IndexError that closed the app."""
    from tests.table_helpers import mouse

    stack, table = _staged_opening()
    slot = next(s for s in table.layout.meld_slots if s.staged_index is not None)
    point = (slot.rect.x + 10, slot.rect.y + 20)
    stack.handle_event(mouse(pygame.MOUSEMOTION, point))
    stack.handle_event(mouse(pygame.MOUSEBUTTONDOWN, point))
    press(stack, pygame.K_RETURN)
    assert table.state.melds[0] and not table.ui.staged
    stack.handle_event(mouse(pygame.MOUSEMOTION, (point[0] + 40, point[1] + 40)))
    stack.handle_event(mouse(pygame.MOUSEBUTTONUP, point))
    tick(stack, 0.2)
    assert not table.ui.dragging and len(table.state.melds[0]) == 2


def test_a_forced_take_says_so_and_p_says_why_not():
    """R-EXHAUSTED: the stock is empty and the top card fits our meld: the take is forced,
    so the table does not offer passing, and P explains instead of doing nothing."""
    stack, table = make_table()
    table.load_state(position(["C5 D6 S7", "C4", "C7", "C8"], melds=[{"K": "CK DK SK"}, {}], discard="D4 HK", stock=""))
    assert [str(m) for m in table.legal_moves()] == ["take"]
    assert "you must take the pile" in table.status_text()
    table.click_stock()
    assert "you must take the pile" in table.message[0] and table.refusal.rule == "R-EXHAUSTED"
    press(stack, pygame.K_p)
    assert table.refusal is not None and table.refusal.rule == "R-EXHAUSTED"
    assert table.state.phase is Phase.DRAW


@pytest.mark.parametrize(
    ("variant", "rule"), [("classic", "R-BLACK3"), ("samba", "V-BLACK3"), ("hand-and-foot", "V-HF-BOOKS")]
)
def test_a_three_mixed_into_a_meld_is_refused_with_the_variants_rule(variant, rule):
    from rules_helpers import position as any_position

    from tests.table_helpers import select

    stack, table = make_table(variant=variant)
    melds = [{}, {}] if variant == "classic" else [[], []]
    extra = {"feet": ["", "", "", ""]} if variant == "hand-and-foot" else {}
    table.load_state(
        any_position(["C3 S3 D5 C9", "C4", "C7", "C8"], melds=melds, variant=variant, phase="meld", **extra)
    )
    cards = select(stack, table, ["C3", "S3", "D5"])
    drag(stack, card_point(table, cards[0]), table.geometry.meld_areas[0].center)
    tick(stack, 0.2)
    assert table.refusal is not None and table.refusal.rule == rule


def test_a_searching_bot_takes_its_whole_budget_for_every_move():
    """How long Hard thinks must not tell whether it had a choice (a forced draw is answered
    at once, a take to weigh takes the budget): at the table every move of a searching bot
    waits its budget, and it shows "thinking…" all that time."""
    from fallback_bot import FallbackBot

    from game.scenes.base import SceneStack
    from game.scenes.table import TableScene

    class InstantSearcher(FallbackBot):
        searches = True
        budget = 0.5

    stack = SceneStack()
    table = TableScene(seed=3, speed=8.0, threaded=False, bot_factory=lambda level, seed: InstantSearcher(seed))
    stack.push(table)
    until(stack, players_turn(stack, table))
    table.play(table.legal_moves()[0])  # the player draws...
    until(stack, lambda: table.state.phase is Phase.MELD and table.idle)
    discard = next(m for m in table.legal_moves() if m.kind.name == "DISCARD")
    table.play(discard)  # ...and discards: West (a bot) is to act
    shown_at = table.clock
    moved_at = None
    history = len(table.game.history)
    while moved_at is None:
        tick(stack, DT)
        if len(table.game.history) > history:
            moved_at = table.clock
        else:
            assert table.bot_thinking
    assert moved_at - shown_at >= InstantSearcher.budget - 1e-9


def test_a_refusal_is_shown_beside_an_open_hint():
    """With the hint box open (the guided deal keeps one open all along), a refused move
    still shows its banner, beside the hint: it once showed nothing at all."""
    stack, table = make_table()
    until(stack, players_turn(stack, table))
    press(stack, pygame.K_h)
    assert table.hint is not None
    draw(stack)
    table.controller.refuse("Hold on.", "R-TURN")
    canvas = draw(stack)
    boxes = table.view.panels.boxes
    assert set(boxes) == {"hint", "refusal"}
    box = boxes["refusal"]
    assert not box.colliderect(boxes["hint"])  # beside the hint, not under it
    assert canvas.get_at((box.centerx, box.top + 12))[:3] != (0, 0, 0)


def test_two_hand_has_no_partner_to_ask_on_the_keys_page_or_the_meld_tab():
    """Two-hand lists no A or Y / N key, and the player's meld area is "Your melds"
    (it said "Our melds" and "Ask your partner", play-test stop 41)."""
    from game.scenes.table_menu import ASK_KEY, KEYS

    stack, table = make_table(variant="two-hand")
    press(stack, pygame.K_F1)
    overlay = stack.top
    assert isinstance(overlay, KeysOverlay)
    assert ASK_KEY not in {action for _key, action in overlay.keys} and len(overlay.keys) == len(KEYS) - 2
    assert table.view.zone_label(table.human_side) == "Your melds"
    stack, table = make_table()
    press(stack, pygame.K_F1)
    assert stack.top.keys == KEYS and table.view.zone_label(table.human_side) == "Our melds"


def test_a_click_on_the_greyed_ask_button_says_why_not():
    """It did nothing at all (play-test, stop 41); now it says what A says."""
    from table_helpers import click, players_turn, until

    stack, table = make_table()
    until(stack, players_turn(stack, table))
    assert table.ask_button.visible and not table.ask_button.enabled
    assert table.refusal is None
    click(stack, table.ask_button.rect.center)
    assert table.refusal is not None and table.refusal.rule == "R-TURN"  # the engine's: draw first
    assert table.message is not None and "draw" in table.message[0].lower()


def test_home_and_end_go_to_their_ends_and_the_cursor_stays_on_the_hand():
    """With no cursor, Home went to the last card and End to the first; a melded or
    discarded card took the cursor with it (keyboard play-test, stop 41)."""
    state = position(
        ["HA CA SA C5 D9 H7", "C4 C6", "C7 C8", "C9 C10"], discard="S4", phase="meld", melds=[{"K": "CK DK HK"}, {}]
    )
    stack, table = make_table()
    table.load_state(state)
    tick(stack, DT)
    shown = table.layout.hand_cards
    press(stack, pygame.K_HOME)
    assert table.ui.cursor is shown[0]
    table.ui.cursor = None
    press(stack, pygame.K_END)
    assert table.ui.cursor is shown[-1]
    table.ui.cursor = hand_card(table, "CA")
    place = table.layout.hand_cards.index(table.ui.cursor)
    for face in ("HA", "CA", "SA"):
        table.ui.selected.add(hand_card(table, face))
    press(stack, pygame.K_m)
    assert table.state.melds[0] and table.ui.cursor is not None
    assert table.ui.cursor is table.layout.hand_cards[min(place, len(table.layout.hand_cards) - 1)]


def test_esc_over_a_refusal_closes_it_and_keeps_the_staged_melds():
    state = position(["C5 D5 H5 HA H7 S9 D9", "C4 C6", "C7 C8", "C9 C10"], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    tick(stack, DT)
    for face in ("C5", "D5", "H5"):
        table.ui.selected.add(hand_card(table, face))
    press(stack, pygame.K_m)
    assert len(table.ui.staged) == 1
    press(stack, pygame.K_RETURN)  # 15 points: short of the minimum, refused
    assert table.refusal is not None and table.message is not None
    press(stack, pygame.K_ESCAPE)
    assert table.message is None and len(table.ui.staged) == 1  # the message went, the melds stay
    press(stack, pygame.K_ESCAPE)
    assert not table.ui.staged


def test_a_one_card_staged_group_does_not_count_towards_the_minimum():
    """It showed "65 / 50" in green though Lay melds was refused (keyboard play-test, stop 41)."""
    state = position(["C8 D8 H8 CJ SJ HJ S7 D4", "C4 C6", "C7 C8", "C9 C10"], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    tick(stack, DT)
    for group in (("C8", "D8", "H8"), ("CJ", "SJ", "HJ"), ("S7",)):
        for face in group:
            table.ui.selected.add(hand_card(table, face))
        press(stack, pygame.K_m)
    count, minimum, hint = table.stage_info()
    assert (count, minimum) == (60, 50) and "fewer than three" in hint  # the 7♠ left out


def test_without_a_partner_the_button_column_closes_up():
    """Two-hand has no "May I go out?": the column left a hole where it stood (play-test)."""
    from game.scenes.table_layout import BUTTONS

    stack, table = make_table(variant="two-hand")
    assert not table.ask_button.visible
    assert table.hint_button.rect == pygame.FRect(BUTTONS["ask"]) and table.log_button.rect == pygame.FRect(
        BUTTONS["hint"]
    )
    column = [b.rect for b in (table.pass_button, table.log_button, table.hint_button, table.sort_rank_button)]
    assert all(not a.colliderect(b) for i, a in enumerate(column) for b in column[i + 1 :])
    stack, table = make_table()
    assert table.hint_button.rect == pygame.FRect(BUTTONS["hint"])


def test_the_keyboard_ring_goes_round_all_of_the_last_card():
    """The ring on the last card of the hand was as wide as the others' visible strip, so
    the rest of the card looked like a second card behind it (keyboard play-test, stop 43)."""
    state = position(["HA CA SA C5 D9 H7", "C4 C6", "C7 C8", "C9 C10"], discard="S4", phase="meld")
    stack, table = make_table()
    table.load_state(state)
    tick(stack, DT)
    press(stack, pygame.K_END)
    last = table.ui.cursor
    assert last is table.layout.hand_cards[-1]
    sprite = table.animator.sprites[last]
    canvas = Canvas((1280, 720), 1.0)
    stack.draw(canvas)
    right = round(sprite.x + sprite.width / 2)
    ring = [canvas.get_at((x, round(sprite.y)))[:3] for x in range(right, right + 6)]
    assert (255, 255, 255) in ring  # the ring's white, just right of the card's edge


def test_tab_goes_through_the_top_row_of_buttons_left_to_right():
    """Tab went from Keys to New game, then back left to Menu (keyboard play-test, stop 43)."""
    _stack, table = make_table()
    order = [w for w in table.buttons._focus_candidates() if w.rect.y < 60]  # the top row
    assert len(order) >= 4
    assert [w.rect.x for w in order] == sorted(w.rect.x for w in order)


def test_with_the_move_log_open_easts_last_action_does_not_peek_out_beside_it():
    """East's last action ends at the window's edge, right of the open log (or pile browser),
    which covers East's tag: its last glyph peeked out beside the panel (play-test, stop 46).
    With a panel over the tag the line is not drawn (the log says it); closed, it is."""
    from game.scenes.table_layout import LOG_PANEL, pile_panel_rect

    stack, table = make_table()
    east = next(seat for seat in range(table.config.players) if table.geometry.spot(seat) == "E")
    until(stack, lambda: players_turn(stack, table)() and table.move_log.last_action(east) is not None)
    draw(stack)
    assert len(table.view.seat_boxes[east]) >= 2  # its tag, and what it did last above it
    assert max(box.right for box in table.view.seat_boxes[east]) > LOG_PANEL.right  # (to the window's edge)
    for toggle in (pygame.K_l, pygame.K_v):
        press(stack, toggle)
        draw(stack)
        tag, *lines = table.view.seat_boxes[east]
        panel = LOG_PANEL if table.log_open else pile_panel_rect(len(table.game.state.pile))
        assert panel.colliderect(tag.inflate(0, 60)) and lines == []
        press(stack, toggle)
    draw(stack)
    assert len(table.view.seat_boxes[east]) >= 2


@pytest.mark.parametrize("size", [(800, 450), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("variant", ["classic", "six-hand"])
def test_the_open_move_log_says_the_seat_it_lies_over(monkeypatch, variant, size):
    """The open log lies over East's place: East's tag, with the cards it holds, and its last
    move were hidden (play-test at 800x450, stop 57). Under the log's heading each seat it
    covers is said on one line, as the guided deal's panel says East's (six-hand: the block
    at the top right); the moves follow below it, inside the panel."""
    from game.scenes import table_view
    from game.scenes.layout import Layout, Ruler
    from tests.table_helpers import blits_drawn

    stack, table = make_table(variant=variant, seed=5)
    until(stack, lambda: players_turn(stack, table)() and len(table.move_log.entries) >= 3)
    press(stack, pygame.K_l)
    assert table.log_open
    layout = Layout(window_size=size)
    drawn = blits_drawn(monkeypatch, table_view)
    table.view.draw(Canvas(layout.viewport.size, layout.scale))
    panel = table.view.log_place()
    (seat,) = table.view.covered_seats(panel)
    assert table.geometry.spot(seat) == ("E" if variant == "classic" else "NE")
    line = table.view.covered_seat_texts[seat]
    tag = table.view.seat_tag(seat)
    assert line.startswith(tag) and tag.endswith(str(len(table.game.state.hands[seat])))
    ruler = Ruler(layout.scale)
    boxes = [(text, ruler.logical(box)) for text, box in drawn]
    (box,) = [box for text, box in boxes if text == line]
    assert panel.contains(box)
    heading = next(b for text, b in boxes if text == "Move log")
    moves = [b for text, b in boxes if panel.contains(b) and b.top > heading.bottom and text != line]
    assert moves and all(b.top >= box.bottom for b in moves)
    press(stack, pygame.K_l)  # closed: the tag is on the table again, the log says nothing
    table.view.draw(Canvas(layout.viewport.size, layout.scale))
    assert not table.log_open and table.view.covered_seat_texts == {}


def test_with_the_move_log_open_norths_long_last_action_does_not_run_under_it(monkeypatch):
    """North's last action is written right of its tag; a long one ("took the pile (5 cards),
    then discarded 3♣") ran under the open log, cut off mid-word ("then di", play-test, stop
    55). Under an open panel it is not drawn (the log says it); a short one, clear of the
    panel, still is; with the log closed the long one is drawn whole."""
    from game.scenes.table_layout import LOG_PANEL

    stack, table = make_table()
    north = next(seat for seat in range(table.config.players) if table.geometry.spot(seat) == "N")
    until(stack, players_turn(stack, table))
    long_note = "took the pile (5 cards), then discarded 3♣"
    note = {"text": long_note}
    monkeypatch.setattr(table.move_log, "seat_note", lambda seat, _names: note["text"] if seat == north else None)
    draw(stack)
    tag, line = table.view.seat_boxes[north]
    assert line.right > LOG_PANEL.left  # (long enough to reach the panel's place)
    press(stack, pygame.K_l)
    assert table.log_open
    draw(stack)
    assert table.view.seat_boxes[north] == [tag]  # the tag alone
    note["text"] = "discarded 3♣"
    draw(stack)
    boxes = table.view.seat_boxes[north]
    assert len(boxes) == 2 and boxes[1].right < LOG_PANEL.left
    note["text"] = long_note
    press(stack, pygame.K_l)
    draw(stack)
    assert len(table.view.seat_boxes[north]) == 2


def _frozen_take(variant: str, hands: list[str], dealer: int):
    from game.rules import position_from_json

    state = position_from_json(
        {
            "format": "canasta-position/1",
            "variant": variant,
            "target": 5000,
            "scores": [0] * len(hands) if variant != "classic" else [0, 0],
            "dealer": dealer,
            "turn": 0,
            "phase": "draw",
            "hands": hands,
            "melds": [{} for _ in hands] if variant != "classic" else [{}, {}],
            "red_threes": ["" for _ in hands] if variant != "classic" else ["", ""],
            "discard": "C4 HJ",
            "stock": "HJ SJ DJ CJ HQ SQ",
            "stock_exact": True,
        }
    )
    stack, table = make_table(variant=variant)
    table.load_state(state)
    table.relayout()
    press(stack, pygame.K_t)
    return table


@pytest.mark.parametrize("variant, seats", [("two-hand", 2), ("three-hand", 3)])
def test_where_each_plays_alone_a_refusal_says_you_not_your_side(variant, seats):
    """Two-hand and three-hand have no partners: T on a pile frozen for the player said
    "Your side has not melded this deal, so the pile is frozen for it" (play-test, stop 47);
    the rule sentences under refusals said "your side" too."""
    from game.rules import RulesConfig
    from game.why_not import rule_explanation

    table = _frozen_take(variant, ["SJ C5 D7 H9 SK C6 D8", "C7 C8 C9", "H7 H8 H9"][:seats], seats - 1)
    assert table.refusal is not None and table.refusal.rule == "R-FROZEN"
    # (T with one J: the table's own words, stop 52; the engine's below.)
    reason = table.refusal.reason()
    assert reason.startswith("The pile is frozen for you until you have melded") and "no pair of jacks" in reason
    table.play(Move.take())
    reason = table.refusal.reason()
    assert reason.startswith("You have not melded this deal, so the pile is frozen for you")
    rules = RulesConfig.for_variant(variant).rules
    for rule in ("R-MIN", "R-OUT", "R-KEEP-TWO", "R-ONE-PER-RANK", "R-OWN-MELDS", "R-TAKE-MIN"):
        assert "side" not in (rule_explanation(rule, rules) or "side"), rule
    i18n.set_language("zh_CN")
    assert "你" in table.refusal.reason() and "本方" not in table.refusal.reason()
    i18n.set_language("en")
    # With partners the side is still named.
    table = _frozen_take("classic", ["SJ C5 D7 H9 SK C6 D8", "C7 C8 C9", "H7 H8 H9", "S7 S8 S9"], 3)
    assert table.refusal.reason().startswith("The pile is frozen for us until we have melded")
    table.play(Move.take())
    assert table.refusal.reason().startswith("Your side has not melded this deal")
    assert "side" in rule_explanation("R-MIN", RulesConfig.for_variant("classic").rules)


def test_the_ask_rule_under_a_refusal_is_the_games_own():
    """The rule line under a refused "May I go out?" in the classic games (the short game,
    five-hand) said "(in Hand and Foot, from the foot, at any time of the turn)" (play-test,
    stop 53); Hand and Foot's says its own, and where each plays alone there is no partner."""
    from game.rules import RulesConfig
    from game.why_not import rule_explanation

    state = position(
        ["C4 D5 H9 S10", "C5 C6 C7", "", "C8 C10 CJ"], melds=[{"K": "CK CK DK DK HK HK SK"}, {}], phase="meld"
    )
    stack, table = make_table()
    table.load_state(state)
    press(stack, pygame.K_a)  # four cards no meld takes: no going out, so no question
    assert table.refusal is not None and table.refusal.rule == "R-ASK"
    line = table.refusal.explanation() or ""
    assert "right after drawing or taking the pile" in line and "Hand and Foot" not in line
    assert "from the foot" in (rule_explanation("R-ASK", RulesConfig.for_variant("hand-and-foot").rules) or "")
    for variant in ("two-hand", "three-hand"):
        alone = rule_explanation("R-ASK", RulesConfig.for_variant(variant).rules) or ""
        assert "plays alone" in alone and "your partner" not in alone
    i18n.set_language("zh_CN")
    assert "手脚" not in (table.refusal.explanation() or "手脚")
    i18n.set_language("en")


def test_why_not_quotes_the_melds_rule_without_a_partner_where_each_plays_alone():
    """Three-hand, a group of mixed ranks refused: "Why not?" quoted the rules' Melds section,
    "Your side has one meld per rank, shared with your partner" (play-test, stop 53: nobody has
    a partner there). With partners the sentence stands."""
    from game.rules import position_from_json

    for variant, seats, partner in (("three-hand", 3, False), ("two-hand", 2, False), ("classic", 4, True)):
        state = position_from_json(
            {
                "format": "canasta-position/1",
                "variant": variant,
                "target": 5000,
                "scores": [0] * (seats if seats < 4 else 2),
                "dealer": seats - 1,
                "turn": 0,
                "phase": "meld",
                "hands": ["D4 H4 H7 C9 S10", *["C5 C6 C7", "D5 D6 D7", "H5 H6 H8"][: seats - 1]],
                "melds": [{} for _ in range(seats if seats < 4 else 2)],
                "red_threes": ["" for _ in range(seats if seats < 4 else 2)],
                "discard": "S4",
                "stock": "HJ SJ DJ CJ HQ SQ",
                "stock_exact": True,
            }
        )
        stack, table = make_table(variant=variant)
        table.load_state(state)
        table.ui.staged.append([hand_card(table, f) for f in ("D4", "H4", "H7")])
        table.relayout()
        table.confirm_staged()
        assert table.refusal is not None and table.refusal.rule == "R-MELD", variant
        draw(stack)
        stack.handle_event(key(pygame.K_SLASH, pygame.KMOD_SHIFT, "?"))
        dialog = stack.top
        assert isinstance(dialog, RuleDialog) and "Melds" in dialog.dialog.title, variant
        text = dialog.dialog.message_label.text
        assert ("shared with your partner" in text) is partner, variant
        assert partner or "You have one meld per rank" in text
        draw(stack)


def hinted_take_position():
    """The player's draw: the hint takes the five-card pile with the 9♣ 9♦ (no meld of 9s:
    a plain take, T's without selected cards, is refused)."""
    return position(
        ["C9 D9 H4 S5 H6 CK", "C4 C6 C8", "C9 C10", "CJ CQ"],
        melds=[{"K": "CK DK HK"}, {}],
        discard="D5 S7 C8 D10 H9",
        phase="draw",
    )


@pytest.mark.parametrize("how", ["T", "click"])
def test_t_or_a_click_on_the_pile_with_a_take_hinted_takes_it_with_the_hinted_cards(how):
    """Play-test (stop 50): with the hint "Take the pile: meld the 9♥ with your 9♣ 9♦." showing
    and its cards lit, T tried a plain take and was refused: it follows the hint."""
    stack, table = make_table()
    table.load_state(hinted_take_position())
    table.paused = True
    table.show_hint()
    assert str(table.hint.move) == "take C9 D9"
    pair = list(table.hint.cards)
    if how == "T":
        press(stack, pygame.K_t)
    else:
        click(stack, PILE_POS)
    st = table.game.state
    assert table.refusal is None and st.phase is Phase.MELD and not st.pile
    assert not any(card in st.hands[0] for card in pair) and len(st.side_melds(0)) == 2  # the 9s melded


def meld_hint_position():
    """The player's meld phase: the hint melds the 5s (and adds the K♥ to the kings)."""
    return position(["HK C5 D5 H5 S9 D4"], melds=[{"K": "CK DK HK SK CK DK"}, {}], discard="S4", phase="meld")


def test_m_with_a_meld_hinted_lays_the_hinted_cards():
    """Play-test (stop 52): with the hint "Meld 9♦ 9♥ 9♥." showing and its cards lit, M said
    "Select cards first" (T takes with the lit cards): M lays the hint's meld."""
    stack, table = make_table()
    table.load_state(meld_hint_position())
    table.paused = True
    table.show_hint()
    hint = table.hint
    assert hint.move.kind.value == "meld" and hint.cards
    lit = list(hint.cards)
    press(stack, pygame.K_m)
    st = table.game.state
    assert table.refusal is None and not any(card in st.hands[0] for card in lit)
    assert st.phase is Phase.MELD and len(st.hands[0]) == 6 - len(lit)  # laid, not yet discarded


def test_m_with_other_cards_selected_melds_those_not_the_hinted_ones():
    stack, table = make_table()
    table.load_state(meld_hint_position())
    table.paused = True
    table.show_hint()
    assert {c.face for c in table.hint.cards} != {"S9"}
    click(stack, card_point(table, hand_card(table, "S9")))  # the player's own choice
    tick(stack, 0.5)
    press(stack, pygame.K_m)
    assert len(table.game.state.hands[0]) == 6  # one 9 melds nothing: nothing laid
    assert hand_card(table, "S9") is not None


def test_x_with_a_discard_hinted_and_nothing_selected_discards_the_lit_card():
    """Play-test (stop 52): with "Discard the 8♦." showing and the 8♦ lit, X was refused
    ("Select one card to discard", under rule R-TURN): X discards the lit card."""
    stack, table = make_table()
    table.load_state(position(["C5 D8 S9 HK"], melds=[{"A": "CA DA HA"}, {}], discard="S4", phase="meld"))
    table.paused = True
    table.show_hint()
    hint = table.hint
    assert hint.move.kind.value == "discard"
    card = hint.cards[0]
    press(stack, pygame.K_x)
    st = table.game.state
    assert table.refusal is None and st.pile and st.pile[-1] == card and card not in st.hands[0]


def test_x_with_nothing_selected_and_no_hint_says_quietly_what_x_does():
    """Play-test (stop 52): X with no card selected and no hint showing was refused in red
    under rule R-TURN, which is no rule: a quiet note says what X does, as the wait notes
    are said; with two cards selected, that X discards one. Before drawing, the draw-first
    refusal (a rule) as before."""
    stack, table = make_table()
    table.load_state(position(["C5 D8 S9 HK"], melds=[{"A": "CA DA HA"}, {}], discard="S4", phase="meld"))
    table.paused = True
    press(stack, pygame.K_x)
    text, _seconds, warn = table.message
    assert table.refusal is None and not warn and "X discards the card you select" in text
    assert len(table.game.state.hands[0]) == 4
    click(stack, card_point(table, hand_card(table, "C5")))
    tick(stack, 0.5)
    click(stack, card_point(table, hand_card(table, "HK")))
    tick(stack, 0.5)
    press(stack, pygame.K_x)
    text, _seconds, warn = table.message
    assert table.refusal is None and not warn and "2 are selected" in text
    drawing = make_table()[1]
    drawing.load_state(position(["C5 D8 S9 HK"], melds=[{"A": "CA DA HA"}, {}], discard="S4"))
    drawing.paused = True
    drawing.controller.moves.key_discard()
    assert drawing.refusal is not None and drawing.refusal.rule == "R-TURN"


def test_t_with_other_cards_selected_takes_with_those_not_the_hinted_ones():
    stack, table = make_table()
    table.load_state(hinted_take_position())
    table.paused = True
    table.show_hint()
    click(stack, card_point(table, hand_card(table, "C9")))  # one of the pair alone: the player's choice
    tick(stack, 0.5)
    press(stack, pygame.K_t)
    assert table.game.state.phase is Phase.DRAW and table.refusal is not None  # (one card takes nothing)


def test_a_take_short_of_the_first_meld_s_why_not_says_the_minimum_of_the_take():
    """Play-test (stop 59): a take with a natural pair short of the first meld's minimum was refused
    (R-TAKE-MIN), and its "Why not?" quoted "Taking the discard pile", which said nothing of the
    minimum: the section says it (the top card and the cards from the hand count, not the rest of
    the pile), and the one-card rule (R-ONE-CARD) too; a player alone reads it without a side."""
    from game.rules import RulesConfig
    from game.why_not import rule_section

    stack, table = make_table()
    table.load_state(position(["C6 S6 H9 SK", "C4", "C8", "CJ"], discard="D4 H6", phase="draw"))
    press(stack, pygame.K_t)  # no card selected: the pair of 6s takes, 15 short of 50
    assert table.refusal is not None and table.refusal.rule == "R-TAKE-MIN"
    assert len(table.state.pile) == 2 and len(table.state.hands[0]) == 4
    draw(stack)
    stack.handle_event(key(pygame.K_SLASH, pygame.KMOD_SHIFT, "?"))
    dialog = stack.top
    assert isinstance(dialog, RuleDialog) and "Taking the discard pile" in dialog.dialog.title
    text = dialog.dialog.message_label.text
    assert "the take is also its first meld" in text and "must reach the minimum" in text
    assert "the rest of the pile does not count" in text and "a pile of a single card" in text
    draw(stack)
    _heading, alone = rule_section("R-TAKE-MIN", RulesConfig.for_variant("two-hand").rules)
    assert any(p.startswith("Until you have melded this deal, the take is also your first meld") for p in alone)
    assert alone and not any("your side" in p for p in alone)  # (the take and the frozen pile too)
    assert any(p.startswith("The pile is frozen for you while you have not melded this deal") for p in alone)
    i18n.set_language("zh_CN")
    try:
        _heading, chinese = rule_section("R-ONE-CARD", RulesConfig.for_variant("classic").rules)
        assert any("首次亮牌" in p and "只有一张牌的弃牌堆" in p for p in chinese)
    finally:
        i18n.set_language("en")
