"""Scene framework: tweens, scene stack, layout, assets, text wrapping, widgets.

Headless: SDL's dummy video/audio drivers, set before pygame starts a display.
"""

from __future__ import annotations

import math

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import assets
from game.scenes import theme
from game.scenes.base import Scene, SceneStack
from game.scenes.layout import LOGICAL_SIZE, Canvas, Layout, Ruler
from game.scenes.modal import ModalDialogScene
from game.scenes.text import wrap_at_most, wrap_sentences_at_most, wrap_text
from game.scenes.tween import (
    PointTween,
    Tween,
    TweenGroup,
    ease_in_out_cubic,
    ease_out_cubic,
    linear,
)
from game.scenes.widgets import Button, Dialog, Label, SpeechBubble, WidgetGroup

# -- helpers -----------------------------------------------------------------


def mouse(kind: int, pos: tuple[float, float], button: int = 1) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


def key(key_code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=mod, unicode="", scancode=0)


def click(target, pos: tuple[float, float]) -> None:
    target.handle_event(mouse(pygame.MOUSEBUTTONDOWN, pos))
    target.handle_event(mouse(pygame.MOUSEBUTTONUP, pos))


def blank_table(size: tuple[int, int] = LOGICAL_SIZE, scale: float = 1.0) -> Canvas:
    canvas = Canvas(size, scale)
    canvas.fill(theme.FELT)
    return canvas


def changed_pixels(before: pygame.Surface, after: pygame.Surface, rect: pygame.Rect) -> int:
    return sum(
        1
        for x in range(rect.left, rect.right, 2)
        for y in range(rect.top, rect.bottom, 2)
        if before.get_at((x, y)) != after.get_at((x, y))
    )


# -- tweens ------------------------------------------------------------------


def test_easing_functions_hit_endpoints_and_known_midpoints():
    for easing in (linear, ease_out_cubic, ease_in_out_cubic):
        assert easing(0.0) == pytest.approx(0.0)
        assert easing(1.0) == pytest.approx(1.0)
    assert linear(0.3) == pytest.approx(0.3)
    assert ease_out_cubic(0.5) == pytest.approx(0.875)
    assert ease_in_out_cubic(0.5) == pytest.approx(0.5)
    assert ease_in_out_cubic(0.25) == pytest.approx(0.0625)
    samples = [ease_in_out_cubic(i / 20) for i in range(21)]
    assert samples == sorted(samples)


def test_number_tween_values_at_ticked_times():
    tween = Tween(10.0, 30.0, 2.0, linear)
    assert tween.value == 10.0
    tween.update(0.5)
    assert tween.value == pytest.approx(15.0)
    tween.update(1.0)
    assert tween.value == pytest.approx(25.0)
    assert not tween.done
    tween.update(5.0)  # overshooting time lands exactly on the end
    assert tween.done and tween.value == 30.0


def test_ease_out_tween_and_delay_and_on_done_fires_once():
    calls = []
    tween = Tween(0.0, 100.0, 1.0, ease_out_cubic, delay=0.5, on_done=lambda: calls.append(1))
    tween.update(0.5)
    assert tween.value == 0.0  # still waiting out the delay
    tween.update(0.5)
    assert tween.value == pytest.approx(87.5)
    tween.update(0.5)
    tween.update(0.5)
    assert tween.value == 100.0 and calls == [1]


def test_retarget_mid_flight_starts_from_current_value():
    tween = Tween(0.0, 100.0, 1.0, linear)
    tween.update(0.5)
    tween.retarget(0.0, 1.0)
    assert tween.value == pytest.approx(50.0)  # no jump
    tween.update(0.5)
    assert tween.value == pytest.approx(25.0)
    tween.update(0.5)
    assert tween.done and tween.value == 0.0


def test_point_tween_moves_in_a_straight_line_and_retargets():
    tween = PointTween((0, 0), (100, 200), 1.0, linear)
    tween.update(0.25)
    assert tween.value == pytest.approx((25.0, 50.0))
    tween.retarget((25, 150), 2.0)
    assert tween.value == pytest.approx((25.0, 50.0))
    tween.update(1.0)
    assert tween.value == pytest.approx((25.0, 100.0))
    tween.update(1.0)
    assert tween.value == (25.0, 150.0)


@settings(max_examples=60, deadline=None)
@given(
    start=st.floats(-1e4, 1e4),
    end=st.floats(-1e4, 1e4),
    new_end=st.floats(-1e4, 1e4),
    elapsed=st.floats(0, 3),
    duration=st.floats(0.01, 3),
)
def test_retarget_never_jumps(start, end, new_end, elapsed, duration):
    tween = Tween(start, end, duration, ease_in_out_cubic)
    tween.update(elapsed)
    before = tween.value
    tween.retarget(new_end, duration)
    assert tween.value == pytest.approx(before, abs=1e-6)
    tween.update(duration)
    assert tween.value == new_end


def test_tween_group_speed_multiplier_keys_and_cleanup():
    group = TweenGroup(speed=2.0)
    first = group.animate("card", (0.0, 0.0), (100.0, 0.0), 1.0, linear)
    group.update(0.25)  # 0.5 s of tween time at double speed
    assert first.value == pytest.approx((50.0, 0.0))
    again = group.animate("card", (0.0, 0.0), (50.0, 100.0), 1.0, linear)
    assert again is first and len(group) == 1  # re-targeted, not duplicated
    assert group.busy
    group.update(0.5)
    assert first.value == (50.0, 100.0)
    assert not group.busy and len(group) == 0 and group.get("card") is None


def test_tween_group_infinite_speed_and_finish_all_complete_chains():
    group = TweenGroup(speed=math.inf)
    order = []
    second = Tween(0.0, 1.0, 5.0, on_done=lambda: order.append("second"))
    group.add(Tween(0.0, 1.0, 5.0, on_done=lambda: (order.append("first"), group.add(second))))
    group.update(0.016)
    group.update(0.016)
    assert order == ["first", "second"] and len(group) == 0

    group = TweenGroup()
    chained = Tween(0.0, 1.0, 9.0)
    group.add(Tween(0.0, 1.0, 9.0, on_done=lambda: group.add(chained)))
    group.finish_all()
    assert chained.done and chained.value == 1.0 and len(group) == 0


def test_tween_group_speed_zero_pauses():
    group = TweenGroup(speed=0.0)
    tween = group.add(Tween(0.0, 1.0, 1.0, linear))
    group.update(10.0)
    assert tween.value == 0.0 and group.busy


# -- scene stack -------------------------------------------------------------


class RecordingScene(Scene):
    def __init__(
        self, name: str, log: list[str], *, opaque: bool = True, covered_updates: bool = False, consume: bool = True
    ) -> None:
        super().__init__()
        self.name = name
        self.log = log
        self.opaque = opaque
        self.updates_when_covered = covered_updates
        self.consume = consume

    def on_enter(self):
        self.log.append(f"{self.name}:enter")

    def on_exit(self):
        self.log.append(f"{self.name}:exit")

    def on_cover(self):
        self.log.append(f"{self.name}:cover")

    def on_uncover(self):
        self.log.append(f"{self.name}:uncover")

    def handle_event(self, event):
        self.log.append(f"{self.name}:event")
        return self.consume

    def update(self, dt):
        self.log.append(f"{self.name}:update")

    def draw(self, surface):
        self.log.append(f"{self.name}:draw")


def test_scene_stack_lifecycle_and_replace():
    log: list[str] = []
    stack = SceneStack()
    table, menu, options = (RecordingScene(n, log) for n in ("table", "menu", "options"))
    stack.push(table)
    stack.push(menu)
    assert stack.top is menu and menu.stack is stack and len(stack) == 2
    old = stack.replace(options)
    assert old is menu and menu.stack is None
    assert stack.pop() is options
    assert stack.top is table
    assert log == [
        "table:enter",
        "table:cover",
        "menu:enter",
        "menu:exit",
        "options:enter",
        "options:exit",
        "table:uncover",
    ]
    stack.clear()
    assert stack.top is None and not stack
    with pytest.raises(IndexError):
        stack.pop()


def test_events_go_to_top_scene_only():
    log: list[str] = []
    stack = SceneStack()
    stack.push(RecordingScene("table", log))
    stack.push(RecordingScene("dialog", log, opaque=False, consume=True))
    log.clear()
    assert stack.handle_event(key(pygame.K_a)) is True
    assert log == ["dialog:event"]
    assert SceneStack().handle_event(key(pygame.K_a)) is False


def test_update_goes_to_top_and_scenes_that_ask_for_it():
    log: list[str] = []
    stack = SceneStack()
    stack.push(RecordingScene("menu", log))
    stack.push(RecordingScene("table", log, covered_updates=True))
    stack.push(RecordingScene("dialog", log, opaque=False))
    log.clear()
    stack.update(0.016)
    assert log == ["table:update", "dialog:update"]


def test_draw_starts_at_highest_opaque_scene():
    log: list[str] = []
    stack = SceneStack()
    stack.push(RecordingScene("title", log))
    stack.push(RecordingScene("table", log))
    stack.push(RecordingScene("dialog", log, opaque=False))
    stack.push(RecordingScene("toast", log, opaque=False))
    log.clear()
    stack.draw(pygame.Surface((4, 4)))
    assert log == ["table:draw", "dialog:draw", "toast:draw"]


def test_scene_may_pop_itself_during_update():
    stack = SceneStack()

    class SelfClosing(Scene):
        def update(self, dt):
            self.stack.pop()

    stack.push(Scene())
    stack.push(SelfClosing())
    stack.update(0.016)
    assert len(stack) == 1


# -- layout ------------------------------------------------------------------


def test_layout_identity_at_logical_size():
    layout = Layout()
    assert layout.scale == 1.0 and layout.viewport == pygame.Rect(0, 0, 1280, 720)
    assert layout.window_to_logical((100, 200)) == (100.0, 200.0)


def test_layout_scales_and_letterboxes():
    layout = Layout(window_size=(1920, 1080))
    assert layout.scale == pytest.approx(1.5)
    assert layout.viewport == pygame.Rect(0, 0, 1920, 1080)
    assert layout.window_to_logical((960, 540)) == pytest.approx((640, 360))

    layout.resize((1000, 1000))  # too tall: bars above and below
    assert layout.scale == pytest.approx(1000 / 1280)
    assert layout.viewport.width == 1000 and layout.viewport.height == 562
    assert layout.viewport.y == (1000 - 562) // 2
    assert layout.window_to_logical((0, layout.viewport.y)) == pytest.approx((0, 0))
    assert not layout.in_logical_bounds(layout.window_to_logical((500, 5)))  # on a bar

    layout.resize((2000, 720))  # too wide: bars left and right
    assert layout.viewport == pygame.Rect(360, 0, 1280, 720)
    assert layout.window_to_logical((360, 0)) == (0.0, 0.0)


def test_layout_hidpi_uses_drawable_pixels_but_window_points_for_mouse():
    layout = Layout(window_size=(1280, 720), drawable_size=(2560, 1440))
    assert layout.pixel_ratio == (2.0, 2.0)
    assert layout.scale == pytest.approx(2.0)
    assert layout.canvas_size == (2560, 1440)
    assert layout.window_to_logical((640, 360)) == pytest.approx((640, 360))
    assert layout.logical_to_drawable((640, 360)) == pytest.approx((1280, 720))


@settings(max_examples=60, deadline=None)
@given(
    window=st.tuples(st.integers(200, 4000), st.integers(200, 3000)),
    ratio=st.sampled_from([1.0, 1.25, 2.0]),
    point=st.tuples(st.floats(0, 1280), st.floats(0, 720)),
)
def test_layout_round_trips(window, ratio, point):
    drawable = (round(window[0] * ratio), round(window[1] * ratio))
    layout = Layout(window_size=window, drawable_size=drawable)
    there = layout.logical_to_window(point)
    assert layout.window_to_logical(there) == pytest.approx(point, abs=1e-6)
    assert layout.viewport.width <= drawable[0] and layout.viewport.height <= drawable[1]


def test_translate_event_maps_mouse_positions_only():
    layout = Layout(window_size=(1920, 1080))
    moved = layout.translate_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 150), rel=(3, 6), buttons=(0, 0, 0))
    )
    assert moved.pos == pytest.approx((200, 100)) and moved.rel == pytest.approx((2, 4))
    assert moved.window_pos == (300, 150)
    pressed = layout.translate_event(mouse(pygame.MOUSEBUTTONDOWN, (1920 - 3, 0)))
    assert pressed.pos == pytest.approx((1278, 0)) and pressed.button == 1
    key_event = key(pygame.K_a)
    assert layout.translate_event(key_event) is key_event


def test_present_letterboxes_canvas_into_window():
    layout = Layout(window_size=(200, 200))
    canvas = layout.make_canvas()
    assert canvas.get_size() == layout.viewport.size and canvas.scale == layout.scale
    canvas.fill((255, 0, 0))
    window = pygame.Surface((200, 200))
    layout.present(canvas, window, bar_color=(0, 0, 9))
    assert window.get_at((100, 100))[:3] == (255, 0, 0)
    assert window.get_at((100, 2))[:3] == (0, 0, 9)
    stale = Canvas((64, 36), 0.05)
    stale.fill((0, 255, 0))
    layout.present(stale, window)  # wrong size gets stretched, not cropped
    assert window.get_at(layout.viewport.center)[:3] == (0, 255, 0)


def test_present_can_draw_the_canvas_edge_on_into_the_bars():
    """A 4:3 or portrait window: the felt goes on past the table, darkening toward the
    window's edge, and follows the canvas (a dialog's dimming) rather than a cached copy."""
    layout = Layout(window_size=(400, 300))  # 4:3: bars above and below
    top, bottom = layout.viewport.top, layout.viewport.bottom
    assert top > 10 and bottom < 290
    canvas = layout.make_canvas()
    canvas.fill((40, 120, 80))
    window = pygame.Surface((400, 300))
    layout.present(canvas, window, bar_color=(0, 0, 0), continue_edges=True)
    beside = window.get_at((200, top - 1))[:3]
    assert all(abs(a - b) <= 3 for a, b in zip(beside, (40, 120, 80), strict=True))  # no seam
    for far in ((200, 0), (200, 299)):
        assert sum(window.get_at(far)[:3]) < sum(beside) / 4  # dark at the window's edge
    canvas.fill((20, 60, 40))  # dimmed by a dialog
    layout.present(canvas, window, bar_color=(0, 0, 0), continue_edges=True)
    assert all(abs(a - b) <= 3 for a, b in zip(window.get_at((200, bottom))[:3], (20, 60, 40), strict=True))
    wide = Layout(window_size=(600, 200))  # bars left and right
    wide_canvas = wide.make_canvas()
    wide_canvas.fill((40, 120, 80))
    wide_window = pygame.Surface((600, 200))
    wide.present(wide_canvas, wide_window, bar_color=(0, 0, 0), continue_edges=True)
    left, right = wide.viewport.left, wide.viewport.right
    assert left > 10
    assert all(abs(a - b) <= 3 for a, b in zip(wide_window.get_at((left - 1, 100))[:3], (40, 120, 80), strict=True))
    assert all(abs(a - b) <= 3 for a, b in zip(wide_window.get_at((right, 100))[:3], (40, 120, 80), strict=True))
    assert sum(wide_window.get_at((599, 100))[:3]) < 60


def test_the_bars_go_on_with_the_felt_not_with_what_touches_the_edge():
    """At 1000x600 the player's name tag lay on the canvas's last row and the bar under it
    drew it on to the window's edge, a gold streak (play-test, stop 49); the felt's shading
    along the edge still goes on into the bar."""
    layout = Layout(window_size=(1000, 600))
    canvas = layout.make_canvas()
    width, height = canvas.get_size()
    for x in range(width):  # the felt, lighter toward the middle
        shade = 60 + 60 * (1 - abs(x - width / 2) / (width / 2))
        pygame.draw.line(canvas, (20, int(shade), 40), (x, 0), (x, height - 1))
    tag = pygame.Rect(layout.scale * 90, height - 20, layout.scale * 70, 20)  # on the last row
    canvas.fill((238, 204, 118), tag)
    window = pygame.Surface((1000, 600))
    layout.present(canvas, window, bar_color=(0, 0, 0), continue_edges=True)
    below = layout.viewport.bottom
    under_tag = window.get_at((layout.viewport.left + tag.centerx, below))[:3]
    felt_there = canvas.get_at((tag.centerx, 0))[:3]
    assert all(abs(a - b) <= 8 for a, b in zip(under_tag, felt_there, strict=True)), (under_tag, felt_there)
    middle = window.get_at((500, below))[:3]
    assert all(abs(a - b) <= 8 for a, b in zip(middle, canvas.get_at((width // 2, height - 1))[:3], strict=True))


def test_ruler_converts_without_gaps():
    ruler = Ruler(1.5)
    left, right = ruler.rect((0, 0, 33.3, 10)), ruler.rect((33.3, 0, 33.3, 10))
    assert left.right == right.left
    assert ruler.px(0.1) == 1 and ruler.px(0) == 0 and ruler.point((10, 20)) == (15, 30)
    assert Ruler.of(pygame.Surface((2, 2))).scale == 1.0
    assert Ruler.of(Canvas((2, 2), 2.5)).scale == 2.5


# -- assets ------------------------------------------------------------------


def test_asset_path_from_source_and_from_bundle(monkeypatch, tmp_path):
    assert assets.asset_path("cards", "Sa.png").is_file()
    assert assets.asset_path("fonts").is_dir()
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert assets.asset_path("cards", "Sa.png") == tmp_path / "assets" / "cards" / "Sa.png"


@pytest.mark.parametrize(
    "face, copy, stem",
    [
        ("HA", 0, "Ha"),
        ("C10", 0, "C10"),
        ("SQ", 0, "Sq"),
        ("DK", 0, "Dk"),
        ("CJ", 0, "Cj"),
        ("H2", 0, "H2"),
        ("st", 0, "S10"),
        ("JK", 0, "J1"),
        ("JK", 1, "J2"),
        ("JK", 2, "J1"),
        ("B1", 0, "B1"),
        ("B2", 5, "B2"),
    ],
)
def test_card_codes_map_to_file_names(face, copy, stem):
    assert assets.card_file_stem(face, copy) == stem


@pytest.mark.parametrize("bad", ["", "X5", "H1", "H11", "HZ", "JK2"])
def test_bad_card_codes_are_rejected(bad):
    with pytest.raises(ValueError):
        assets.card_file_stem(bad)


def test_every_card_face_and_back_loads():
    faces = assets.all_card_faces()
    assert len(faces) == 53 and len(set(faces)) == 53
    stems = set()
    for face in faces + ["B1", "B2"]:
        for copy in (0, 1):
            image = assets.card_image(face, copy)
            assert image.get_size() == assets.CARD_NATIVE_SIZE
            stems.add(assets.card_file_stem(face, copy))
    assert len(stems) == 52 + 2 + 2  # two joker arts, two backs


def _inked(image: pygame.Surface, area: pygame.Rect) -> int:
    """How many pixels of `area` are not the card's white."""
    pixels = ((x, y) for x in range(area.left, area.right) for y in range(area.top, area.bottom))
    return sum(1 for pixel in pixels if min(image.get_at(pixel)[:3]) < 200)


@pytest.mark.parametrize("copy", [0, 1])
def test_a_joker_has_corner_indices_as_every_card(copy):
    # A crowded hand shows each card's left strip (about 75 of its 240 px with 32 cards,
    # less at more), a meld column each card's top strip: the corner index is what tells a
    # card there. The joker art has none, and its left strip was a sliver of hat outline.
    joker = assets.card_image("JK", copy)
    plain = pygame.image.load(str(assets.asset_path("cards", f"J{copy + 1}.png")))
    w, h = assets.CARD_NATIVE_SIZE
    top_left = pygame.Rect(6, 8, 18, 92)
    ace = _inked(assets.card_image("HA"), top_left)
    assert _inked(joker, top_left) >= ace  # as much ink in the corner as the ace's A and heart
    assert _inked(joker, pygame.Rect(w - 24, h - 100, 18, 92)) >= ace  # and upside down, bottom right
    # The picture itself is untouched.
    assert all(joker.get_at((x, y)) == plain.get_at((x, y)) for x in range(24, w - 24, 3) for y in range(0, h, 3))


def test_ace_of_spades_has_no_qr_code_or_web_address():
    ace = assets.card_image("SA")
    # Where the source art had a white QR code inside the big spade: all black now.
    assert not any(ace.get_at((x, y)).r > 128 for x in range(100, 141) for y in range(135, 180))
    # Where it had "www.me.uk /cards/" below the spade: blank card now.
    assert not any(ace.get_at((x, y)).r < 128 for x in range(60, 181) for y in range(250, 295))
    # Still an ace: the big spade is there.
    assert ace.get_at((120, 168))[:3] == (0, 0, 0)


def test_card_images_scale_and_cache_per_size():
    small = assets.card_image("HA", width=90)
    assert small.get_size() == (90, 126) == assets.card_size(90)
    assert assets.card_image("HA", width=90) is small
    assert assets.card_image("HA", width=120).get_size() == (120, 168)
    # Fully opaque face (no see-through from scaling loss), transparent corner.
    assert all(small.get_at((x, y)).a == 255 for x in range(5, 85, 7) for y in range(5, 120, 7))
    assert small.get_at((0, 0)).a < 128
    assert assets.card_image("B1", width=90).get_at((45, 3))[:3] == (255, 255, 255)


def test_card_images_load_after_display_mode_is_set():
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        assets.clear_caches()
        assert assets.card_image("JK", 1, 80).get_size() == (80, 112)
    finally:
        assets.clear_caches()
        pygame.display.quit()


def test_fonts_load_and_cjk_font_has_chinese_glyphs():
    latin, bold = assets.font(20), assets.font(20, bold=True)
    assert assets.font(20) is latin and latin is not bold
    assert latin.size("Canasta")[0] > 0
    cjk = assets.font(20, cjk=True)
    missing = "\ue000"  # private-use: never in any font, renders as .notdef

    def pixels(font: pygame.font.Font, text: str) -> bytes:
        return pygame.image.tobytes(font.render(text, True, "black"), "RGBA")

    assert pixels(cjk, "牌") != pixels(cjk, missing)
    assert pixels(latin, "牌") == pixels(latin, missing)  # Latin font: tofu box
    assert assets.needs_cjk("你好") and not assets.needs_cjk("Canasta — 500 ‘pts’")
    assert assets.font_for_text("你好", 20) is cjk


# -- text --------------------------------------------------------------------


def test_wrap_text_fits_width_and_keeps_words():
    font = assets.font(20)
    text = "Taking the discard pile lets you pick up every card in it at once."
    lines = wrap_text(text, font, 200)
    assert len(lines) > 1
    assert all(font.size(line)[0] <= 200 for line in lines)
    assert " ".join(lines) == text
    assert wrap_text("one\n\ntwo", font, 500) == ["one", "", "two"]
    long_word = wrap_text("Supercalifragilisticexpialidocious", font, 60)
    assert "".join(long_word) == "Supercalifragilisticexpialidocious"
    assert all(font.size(line)[0] <= 60 for line in long_word)


def test_every_wrapped_line_fits_with_the_spaces_inside_it():
    """A line was measured without the space before its last word, so it could come out a
    space too wide ("took the pile" 83 px in 81, play-test, stop 49)."""
    text = "took the pile (8 cards), then discarded 3♣ and the next player drew from the stock"
    for font in (assets.font(13, bold=True), assets.font(16), assets.font(20, bold=True)):
        for width in range(40, 400, 3):
            for line in wrap_text(text, font, width):
                assert font.size(line)[0] <= width or " " not in line, (width, line)


def test_a_no_break_space_keeps_a_number_with_its_unit():
    """The damaged save's "larger than 5 MB" broke between "5" and "MB" (Python counts the
    no-break space a space; play-test, stop 59): it joins them at every width, Latin and
    Chinese, while the plain spaces still break."""
    for font, text in (
        (assets.font(20), "the file is larger than 5\u00a0MB"),
        (assets.font(20, cjk=True), "文件大于 5\u00a0MB"),
    ):
        for width in range(font.size("5\u00a0MB")[0], font.size(text)[0] + 1, 3):
            lines = wrap_text(text, font, width)
            assert any(line.endswith("5\u00a0MB") for line in lines), (width, lines)
            assert "".join(lines).replace(" ", "") == text.replace(" ", ""), (width, lines)
    assert wrap_text("larger than 5 MB", assets.font(20), assets.font(20).size("larger than 5")[0]) == [
        "larger than 5",
        "MB",
    ]


def test_a_text_cut_to_some_lines_ends_in_an_ellipsis_inside_the_width():
    """The last line's "…" came after a full line, past the width (a seat's label ran over
    the hand, play-test, stop 49)."""
    for font, text in (
        (assets.font(13, bold=True), "took the pile (13 cards), then melded Q♠ Q♠ Q♥ Q♦ Joker 2♣ 2♥"),
        (assets.font(13, bold=True, cjk=True), "拿走了弃牌堆（13 张），然后亮出组牌 Q♠ Q♠ Q♥ Q♦ 王牌 2♣ 2♥"),
    ):
        for width in range(60, 240, 7):
            lines = wrap_at_most(text, font, width, 2)
            assert len(lines) <= 2 and font.size(lines[-1])[0] <= width, (text, width, lines)
            if len(wrap_text(text, font, width)) > 2:
                assert lines[-1].endswith("…") and len(lines[-1]) > 1


def test_a_reason_cut_to_some_lines_ends_with_its_last_whole_sentence():
    """The review's costly-move reason was cut mid-sentence ("The next player's side has no
    meld…", play-test, stop 49): what does not fit is whole sentences left out; only a first
    sentence too long alone is cut with "…"."""
    first, second = "Discard the 8♣.", "It would fit your side's 8 meld: keep it to take the pile with."
    third = "The next player's side has no meld of 8s: they cannot take the pile with it."
    font = assets.font(14)
    text = " ".join([first, second, third])
    for width in range(120, 420, 9):
        lines = wrap_sentences_at_most(text, font, width, 3)
        assert len(lines) <= 3 and all(font.size(line)[0] <= width for line in lines), (width, lines)
        kept = " ".join(lines)
        if len(wrap_text(text, font, width)) <= 3:
            assert kept == text
        elif len(wrap_text(f"{first} {second}", font, width)) <= 3:
            assert kept == f"{first} {second}", (width, lines)
        else:
            assert kept == first or kept.endswith("…"), (width, lines)
    narrow = wrap_sentences_at_most(text, font, 60, 1)  # not even the first sentence fits
    assert narrow == wrap_at_most(text, font, 60, 1) and narrow[0].endswith("…")
    cjk = assets.font(14, cjk=True)
    chinese = "打出 8♣。它能加到本方的 8 组牌上。下家那一方没有 8 的组牌：他们不能用它拿走弃牌堆。"
    width = cjk.size("打出 8♣。它能加到本方的 8 组牌上。")[0] + 2
    assert wrap_sentences_at_most(chinese, cjk, width, 1) == ["打出 8♣。它能加到本方的 8 组牌上。"]
    assert wrap_sentences_at_most("Take 1.5 more. Then wait.", font, 10_000, 1) == ["Take 1.5 more. Then wait."]


def test_wrap_text_breaks_cjk_without_spaces_and_respects_punctuation():
    font = assets.font(20, cjk=True)
    text = "你的回合，请抽牌或者拿走弃牌堆。对手已经组成了一个卡纳斯塔！"
    lines = wrap_text(text, font, 130)
    assert len(lines) > 2 and "".join(lines) == text
    assert not any(line[0] in "，。！" for line in lines)


def test_closing_punctuation_hangs_one_mark_at_most():
    """A refusal's Chinese reason hung two closing marks past its line's end, over the
    panel's border (play-test, stop 44): one may hang (it never starts a line); a second
    takes the character before them down with them."""
    font = assets.font(20, cjk=True)
    text = "顺子只能用自然牌（不能用 2、3 或王）。"
    width = font.size(text[:-1])[0]  # room for all but the full stop: it hangs
    assert wrap_text(text, font, width) == [text]
    width = font.size(text[:-2])[0] + 2  # ... nor the bracket: both would hang
    lines = wrap_text(text, font, width)
    # (and no short last line: "或王）。" came down with what stood before it, at the space)
    assert lines == ["顺子只能用自然牌（不能用", "2、3 或王）。"]
    assert all(font.size(line[:-1])[0] <= width for line in lines)
    assert wrap_text("一）。", font, font.size("一")[0]) == ["一）。"]  # nothing to take down: they hang


def test_no_chinese_character_is_left_alone_on_a_paragraphs_last_line():
    """The partner's question ended a line with 扣 and put 除。 alone on the next (play-test,
    stop 46): text before it goes down with it, four characters at least (stop 65), after 的
    rather than inside 分数."""
    font = assets.font(20, cjk=True)
    text = "如果北家出完，这些牌会从我们的分数中扣除。"
    width = font.size(text[:-2])[0] + 2  # room for all but 除。
    lines = wrap_text(text, font, width)
    assert lines == [text[:-6], text[-6:]] and "".join(lines) == text
    assert all(font.size(line)[0] <= width for line in lines)
    two = wrap_text("一二三四五六。七八", font, font.size("一二三四五六。")[0])
    assert two == ["一二三四五六。", "七八"]  # a clause of its own after a full stop: as it is
    latin = assets.font(20)
    narrow = latin.size("Latin words stay as")[0]  # "are" alone on the last line: a word comes down
    assert wrap_text("Latin words stay as are", latin, narrow) == ["Latin words stay", "as are"]
    wide = latin.size("Latin words stay as are")[0] - 2  # (a long last word: as it is)
    assert wrap_text("Latin words stay as understanding", latin, wide)[-1] == "understanding"
    assert wrap_text("一二\n三", font, 500) == ["一二", "三"]  # a paragraph of its own is not wrapped


def test_an_opening_quotation_mark_never_ends_a_line():
    """Hand and Foot's rules ended a line with 先问搭档“ (play-test, stop 43): an opening
    mark goes down with what it opens."""
    font = assets.font(20, cjk=True)
    width = font.size("一二三四“")[0] + 2  # room for the mark, not for the word it opens
    assert wrap_text("一二三四“五六”", font, width) == ["一二三四", "“五六”"]
    for text in ("一二三四（五六）", "一二三四「五六」"):
        lines = wrap_text(text, font, font.size(text[:5])[0] + 2)
        assert "".join(lines) == text and not any(line[-1] in "“（「" for line in lines)


# -- widgets -----------------------------------------------------------------


def test_button_clicks_on_release_inside_only():
    clicks = []
    button = Button((100, 100, 160, 44), "Meld", lambda: clicks.append("meld"))
    button.handle_event(mouse(pygame.MOUSEMOTION, (120, 120)))
    assert button.hovered
    assert button.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (120, 120))) is True
    assert button.pressed and clicks == []
    button.handle_event(mouse(pygame.MOUSEBUTTONUP, (120, 120)))
    assert clicks == ["meld"] and not button.pressed

    button.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (120, 120)))
    button.handle_event(mouse(pygame.MOUSEBUTTONUP, (500, 500)))  # dragged off: cancelled
    assert clicks == ["meld"] and not button.pressed

    assert button.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (10, 10))) is False
    assert button.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (120, 120), button=3)) is False
    button.handle_event(mouse(pygame.MOUSEMOTION, (500, 500)))
    assert not button.hovered


def test_disabled_button_ignores_input():
    clicks = []
    button = Button((0, 0, 100, 40), "Undo", lambda: clicks.append(1), enabled=False)
    click(button, (50, 20))
    button.focused = True
    button.handle_event(key(pygame.K_RETURN))
    assert clicks == [] and not button.hovered


def test_keyboard_focus_cycles_and_activates():
    clicks = []
    first = Button((0, 0, 100, 40), "One", lambda: clicks.append("one"))
    skipped = Button((0, 50, 100, 40), "Off", lambda: clicks.append("off"), enabled=False)
    last = Button((0, 100, 100, 40), "Two", lambda: clicks.append("two"))
    group = WidgetGroup([first, skipped, last])
    group.handle_event(key(pygame.K_TAB))
    assert group.focused is first
    group.handle_event(key(pygame.K_TAB))
    assert group.focused is last
    group.handle_event(key(pygame.K_RETURN))
    group.handle_event(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert group.focused is first
    group.handle_event(key(pygame.K_SPACE))
    assert clicks == ["two", "one"]
    group.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (900, 900)))
    assert group.focused is None  # mouse use hides the focus ring


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_widgets_render_inside_their_rects(scale):
    size = (round(1280 * scale), round(720 * scale))
    button = Button((100, 100, 180, 44), "Meld")
    button.focused = True
    widgets = [
        button,
        Button((100, 200, 180, 44), "Undo", enabled=False),
        Button((100, 300, 180, 44), "Sort", primary=False),
        Label((400, 100, 200, 0), "A label long enough to wrap onto several lines."),
        SpeechBubble((800, 400), "Canasta!", tail="down"),
        SpeechBubble((5, 5), "Clamped to the screen", tail="up"),
    ]
    for widget in widgets:
        before = blank_table(size, scale)
        after = Canvas(size, scale)
        after.blit(before, (0, 0))
        widget.draw(after)
        if isinstance(widget, SpeechBubble):
            area = after.get_rect()
        elif isinstance(widget, Label):
            area = Ruler(scale).rect(widget.rect)
            area.height = Ruler(scale).px(widget.height(scale))
        else:
            area = Ruler(scale).rect(widget.rect).clip(after.get_rect())
        assert changed_pixels(before, after, area) > 20, widget


def test_button_looks_differ_by_state():
    def render(**state) -> bytes:
        button = Button((10, 10, 160, 44), "Meld")
        for name, value in state.items():
            setattr(button, name, value)
        canvas = blank_table((200, 80))
        button.draw(canvas)
        return pygame.image.tobytes(canvas, "RGB")

    looks = [render(), render(hovered=True), render(pressed=True), render(enabled=False), render(focused=True)]
    assert len(set(looks)) == len(looks)


def test_label_height_grows_with_wrapping():
    short = Label((0, 0, 400, 0), "Short")
    long = Label((0, 0, 400, 0), "Much longer text " * 10)
    assert len(long.lines()) > 1 and long.height() > short.height() * 2
    assert long.height(2.0) == pytest.approx(long.height(), rel=0.15)


def test_dialog_is_modal_and_escape_cancels():
    pressed = []
    dialog = Dialog(
        "Quit?",
        "Your game will be lost.",
        [("Quit", lambda: pressed.append("quit")), ("Stay", lambda: pressed.append("stay"))],
        cancel_index=1,
    )
    assert dialog.rect.center == pytest.approx((640, 360))
    assert dialog.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (5, 5))) is True  # swallowed
    dialog.handle_event(key(pygame.K_ESCAPE))
    click(dialog, dialog.buttons.widgets[0].rect.center)
    assert pressed == ["stay", "quit"]
    # Enter and Space press the cancel button too: an "OK" box closes on Enter (it did not,
    # play-test stop 42), and Enter never does the risky thing by default.
    fresh = Dialog(
        "Quit?",
        "",
        [("Quit", lambda: pressed.append("quit")), ("Stay", lambda: pressed.append("stay"))],
        cancel_index=1,
    )
    fresh.handle_event(key(pygame.K_RETURN))
    fresh.handle_event(key(pygame.K_SPACE))
    assert pressed == ["stay", "quit", "stay", "stay"]
    ok: list[str] = []
    alone = Dialog("Saved game damaged", "Kept as a copy.", [("OK", lambda: ok.append("ok"))], cancel_index=0)
    alone.handle_event(key(pygame.K_KP_ENTER))
    assert ok == ["ok"]


def test_modal_dialog_scene_overlays_table_and_closes_itself():
    stack = SceneStack()
    table_draws = []

    class Table(Scene):
        def draw(self, surface):
            table_draws.append(1)
            surface.fill(theme.FELT)

    stack.push(Table())
    chosen = []
    modal = ModalDialogScene(
        "Take the pile?", "Fourteen cards.", [("Take", lambda: chosen.append("take")), ("Cancel", None)]
    )
    stack.push(modal)
    for _ in range(20):
        stack.update(0.02)
    assert modal.dialog.appear == 1.0
    canvas = blank_table()
    stack.draw(canvas)
    assert table_draws  # translucent: the table is drawn under the dialog
    corner = canvas.get_at((5, 5))
    assert corner[1] < theme.FELT.g  # dimmed
    assert canvas.get_at(modal.dialog.rect.center)[:3] == tuple(theme.CREAM)[:3]
    click(stack, modal.dialog.buttons.widgets[0].rect.center)
    assert chosen == ["take"] and modal.result == "Take" and len(stack) == 1


def test_a_speech_bubble_moves_off_what_it_keeps_clear_of_the_lesser_way_its_tail_still_at_the_speaker():
    pygame.font.init()
    instruction = pygame.FRect(168, 276, 320, 92)
    bubble = SpeechBubble((100, 300), "Yes, go out!", tail="left", keep_clear=[instruction])
    canvas = Canvas(LOGICAL_SIZE, 1.0)
    body, tail = bubble.placed(canvas)
    assert not body.colliderect(instruction) and body.bottom <= instruction.top  # (up: the lesser way)
    assert tail[2] == (100, 300) and body.left > 100
    low = SpeechBubble((100, 350), "Yes, go out!", tail="left", keep_clear=[instruction])
    body, tail = low.placed(canvas)
    assert body.top >= instruction.bottom and tail[2] == (100, 350)  # (down, now the lesser way)
    free = SpeechBubble((100, 500), "Yes, go out!", tail="left", keep_clear=[instruction])
    assert free.placed(canvas) == SpeechBubble((100, 500), "Yes, go out!", tail="left").placed(canvas)


def test_a_speech_bubble_given_a_room_keeps_its_body_inside_it_wrapped_to_its_width():
    """The player's words go in the corner left of the hand (TableGeometry.bubble_room): the
    body stays inside the room, its words on as many lines as its width needs, the tail still
    at the speaker."""
    pygame.font.init()
    room = pygame.FRect(8, 400, 150, 290)
    canvas = Canvas(LOGICAL_SIZE, 1.0)
    wide = SpeechBubble((122, 690), "I pick up my foot, then I go out.", tail="down")
    assert wide.placed(canvas)[0].width > room.width  # (without a room: one wide line)
    bubble = SpeechBubble((122, 690), "I pick up my foot, then I go out.", tail="down", room=room)
    body, tail = bubble.placed(canvas)
    assert room.contains(body) and body.height > wide.placed(canvas)[0].height
    assert tail[2] == (122, 690) and body.bottom < 690
