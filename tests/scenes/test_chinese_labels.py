"""A Chinese player's table and dialogs: short labels that break where a reader expects
(play-test in Simplified Chinese, stop 54)."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import make_table, texts_drawn

import game.scenes.table_view as table_view
from game import assets, i18n
from game.rules import Card
from game.rules import events as ev
from game.scenes.layout import LOGICAL_SIZE, Ruler
from game.scenes.table_layout import SIDE_TEXT_W
from game.scenes.text import wrap_at_clause, wrap_at_most, wrap_text


@pytest.fixture
def chinese():
    i18n.set_language("zh_CN")
    yield
    i18n.set_language("en")


def _west_label(monkeypatch, events) -> list[str]:
    """The lines drawn above West's tag once `events` are West's newest moves."""
    stack, table = make_table(seed=5)
    table.move_log.record(events)
    table.move_log.show_due(float("inf"))  # (the deal's own entries wait for the table's clock)
    drawn = texts_drawn(monkeypatch, table_view)
    table.view.draw(pygame.Surface(LOGICAL_SIZE))
    note = table.move_log.seat_note(1, table_view._Nameless(table))
    assert note is not None
    lines = [text for text in drawn if text and text in note]
    assert "".join(lines).replace(" ", "") == note.replace(" ", "")
    assert len(table.view.seat_boxes[1]) == 1 + len(lines)  # the tag and the lines above it
    return lines


def test_a_red_three_and_its_replacement_fit_one_line_by_west_s_tag(monkeypatch, chinese):
    """West's label said "亮出红3 3♦，并补摸了一" and then "张牌" alone on a second line."""
    lines = _west_label(monkeypatch, [ev.RedThreeLaid(seat=1, side=1, card=Card.parse("D3")), ev.HiddenDraw(seat=1)])
    assert lines == ["亮出红3 3♦，补摸一张"]


def test_a_red_three_and_its_replacement_are_not_cut_by_west_s_tag_in_english(monkeypatch):
    """West's label read "laid the red three 3♦," / "and drew a card in its..." (play-test,
    stop 58): the second line fits whole, the lines clear of the opponents' meld area."""
    lines = _west_label(monkeypatch, [ev.RedThreeLaid(seat=1, side=1, card=Card.parse("D3")), ev.HiddenDraw(seat=1)])
    assert lines == ["laid the red three 3♦,", "and drew a card in its place"]


def test_west_s_and_east_s_widest_lines_keep_clear_of_the_meld_area_above_them():
    stack, table = make_table(seed=5)
    area = table.geometry.meld_areas[1]
    assert table.geometry.spot(1) == "W" and table.geometry.spot(3) == "E"
    left_end = table_view.LABEL_MARGIN + SIDE_TEXT_W  # West's lines start at the margin
    right_start = LOGICAL_SIZE[0] - table_view.LABEL_MARGIN - SIDE_TEXT_W  # East's end there
    assert left_end + 16 <= area.left and area.right + 16 <= right_start


def test_a_take_then_a_discard_break_after_the_comma(monkeypatch, chinese):
    """The label said "拿走了弃牌堆（15 张），然 / 后打出 3♣": it breaks after the clause instead."""
    under = tuple(Card.parse(face) for face in ("D9", "S5", "H7", "CQ", "D6", "S8", "H2", "C9", "D5") * 2)[:14]
    lines = _west_label(
        monkeypatch,
        [
            ev.TurnPassed(seat=1),
            ev.PileTaken(seat=1, top=Card.parse("C4"), cards=under),
            ev.Discarded(seat=1, card=Card.parse("C3")),
        ],
    )
    assert lines == ["拿走了弃牌堆（15 张），", "再打出 3♣"]


def test_a_label_breaks_after_its_last_clause_that_fits():
    latin = assets.font(13, bold=True)
    cjk = assets.font(13, bold=True, cjk=True)
    width = round(SIDE_TEXT_W)
    text = "took the pile (15 cards), then discarded 3♣"
    assert wrap_at_clause(text, latin, width, 2) == ["took the pile (15 cards),", "then discarded 3♣"]
    answer = "回答“我可以出完吗？”：可以"
    assert wrap_at_clause(answer, cjk, cjk.size(answer)[0] - 4, 2) == ["回答“我可以出完吗？”：", "可以"]
    assert wrap_at_clause("打出 3♣", cjk, width, 2) == ["打出 3♣"]  # one line: as it is
    long = "拿走了弃牌堆（13 张），再亮出组牌 Q♠ Q♠ Q♥ Q♦ 王牌 2♣ 2♥ 2♦ 2♠ 王牌"
    assert wrap_at_clause(long, cjk, width, 2) == wrap_at_most(long, cjk, width, 2)  # three lines: cut as before
    no_clause = "一二三四五六七八九十一二三四五六七八九十"
    assert wrap_at_clause(no_clause, cjk, width, 2) == wrap_text(no_clause, cjk, width)


def test_a_short_quotation_is_never_split_across_lines():
    """The replace-the-game question broke "点“继 / 续”可接着玩": a quoted word or button
    name stays whole; a long quotation still breaks."""
    font = assets.font(20, cjk=True)
    text = "有一场游戏正在进行。开始新游戏会替换它；在主菜单点“继续”可接着玩。"
    for width in range(120, font.size(text)[0], 5):
        lines = wrap_text(text, font, width)
        assert "".join(lines) == text
        assert any("“继续”" in line for line in lines), (width, lines)
    question = "北家问“我可以出完吗？”，你要回答"
    lines = wrap_text(question, font, font.size("北家问“我可以")[0] + 2)
    assert "".join(lines) == question and len(lines) > 2


def test_a_number_goes_down_with_its_measure_word():
    """The guided deal's panel ended "每张 100" and put "分。" alone on the next line: the
    number goes down with it (and here, a last line of four characters being wanted, the
    clause it ends); a number joined to its Chinese ("红3") is not taken apart."""
    from game.scenes.text import _even_last_lines

    font = assets.font(20, cjk=True)
    text = "红3：要立即亮在桌上，每张 100 分。"
    width = font.size("红3：要立即亮在桌上，每张 100")[0] + 2
    assert wrap_text(text, font, width) == ["红3：要立即亮在桌上，", "每张 100 分。"]
    counted = "一二三四五六七八九十共 100 张牌和王。"  # (four characters down would leave "共 100")
    before = "一二三四五六七八九十共 100 张牌和"
    assert _even_last_lines(counted, before, "王。", font, font.size(counted)[0]) == [
        "一二三四五六七八九十共",
        "100 张牌和王。",
    ]
    joined = "要立即亮在桌上的红3扣。"
    lines = wrap_text(joined, font, font.size(joined[:-2])[0] + 2)
    assert "".join(lines) == joined and lines[-1] != "3 扣。"


def test_the_turn_line_breaks_after_its_clause(monkeypatch, chinese):
    """The turn line broke as "…或拿取弃牌" / "堆（T）。": it breaks after the clause."""
    stack, table = make_table(seed=5)
    monkeypatch.setattr(type(table), "status_text", lambda self: "轮到你了：点击牌库摸牌（D），或拿取弃牌堆（T）。")
    drawn = texts_drawn(monkeypatch, table_view)
    table.view._status(pygame.Surface(LOGICAL_SIZE), Ruler.of(pygame.Surface(LOGICAL_SIZE)))
    assert drawn == ["轮到你了：点击牌库摸牌（D），", "或拿取弃牌堆（T）。"]


def test_a_label_keeps_a_count_with_what_it_counts():
    """At 800x450 West's label read "picked up the foot (11" / "cards)" (play-test, stop 57)."""
    latin = assets.font(13, bold=True)
    cjk = assets.font(13, bold=True, cjk=True)
    text = "picked up the foot (11 cards)"
    width = latin.size("picked up the foot (11")[0] + 1
    assert wrap_text(text, latin, width) == ["picked up the foot (11", "cards)"]  # (as it wrapped)
    assert wrap_at_clause(text, latin, width, 2) == ["picked up the foot", "(11 cards)"]
    plain = "took 7 cards of the pile"
    narrow = latin.size("took 7 cards of")[0] + 1
    assert wrap_at_clause(plain, latin, narrow, 2) == wrap_text(plain, latin, narrow)  # no count at a line's end
    counted = "drew 2 cards"
    tight = latin.size("2 cards")[0] + 1
    assert wrap_at_clause(counted, latin, tight, 2) == ["drew", "2 cards"]
    chinese = "拿起了脚牌（11 张）"
    cut = cjk.size("拿起了脚牌（11")[0] + 1
    assert wrap_at_clause(chinese, cjk, cut, 2) == ["拿起了脚牌", "（11 张）"]


def test_a_lone_character_after_an_empty_line_is_left_as_it_is():
    from game.scenes.text import _even_last_lines

    font = assets.font(20, cjk=True)
    assert _even_last_lines("扣", "", "扣", font, 100) == ["", "扣"]  # (nothing above to carry down: no IndexError)


def test_a_card_s_chinese_name_is_never_split_across_lines():
    """A hint kept "10♦ 10♠ 2♥ 王" on one line and put "牌：" on the next (play-test, stop 60): the
    joker's word 王牌 stays whole as 4♠ does, and so does a red or black three (红3, 黑3)."""
    font = assets.font(20, cjk=True)
    hint = "先留着 10♦ 10♠ 2♥ 王牌：你的一对 10 是拿取弃牌堆的钥匙。"
    cut = font.size("先留着 10♦ 10♠ 2♥ 王")[0] + 1
    lines = wrap_text(hint, font, cut)
    assert lines[0] == "先留着 10♦ 10♠ 2♥" and lines[1].startswith("王牌：")
    assert "".join(lines) == hint.replace("2♥ ", "2♥")
    three = "弃牌堆顶上的黑3会阻止下一位玩家拿取弃牌堆。"
    for width in range(font.size("弃牌堆")[0], font.size(three)[0], 3):
        lines = wrap_text(three, font, width)
        assert "".join(lines) == three
        assert any("黑3" in line for line in lines), (width, lines)
    assert wrap_text("王牌王牌", font, font.size("王牌王")[0] + 1) == ["王牌", "王牌"]


def _status_msgids() -> list[str]:
    """Every text the turn line under the hand may show (the literals of TableGuide's
    status_text and empty_stock_msgid)."""
    import ast
    import inspect

    from game.scenes.table_guide import TableGuide

    found = []
    for method in (TableGuide.status_text, TableGuide.empty_stock_msgid):
        for node in ast.walk(ast.parse(inspect.getsource(method).strip().replace("\n    ", "\n"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("_", "N_"):
                found += [arg.value for arg in node.args if isinstance(arg, ast.Constant)]
    return found


@pytest.mark.parametrize("small", [False, True])
def test_every_turn_line_of_two_lines_breaks_after_a_clause(monkeypatch, chinese, small):
    """The turn line read "点击本方组牌区（或把牌拖过去）即可亮" / "牌（M）。" (play-test, stop 60):
    in Chinese, every text of the turn line that takes two lines, with or without the staging
    panel under it, breaks after a clause's mark."""
    msgids = _status_msgids()
    assert "Click your melds area (or drag the cards there) to meld them (M)." in msgids and len(msgids) > 12
    stack, table = make_table(seed=5)
    if small:
        monkeypatch.setattr(table.ui, "staged", [[Card.parse("C9")]])  # (the smaller, higher line)
    surface = pygame.Surface(LOGICAL_SIZE)
    for msgid in msgids:
        text = i18n._(msgid).format(name="西南家")
        monkeypatch.setattr(type(table), "status_text", lambda self, text=text: text)
        drawn = texts_drawn(monkeypatch, table_view)
        table.view._status(surface, Ruler.of(surface))
        assert "".join(drawn) == text and len(drawn) <= 2, drawn
        if len(drawn) == 2:
            assert drawn[0][-1] in "，：；。", (msgid, drawn)


def test_a_centred_paragraph_leaves_no_short_last_line_under_a_full_one():
    """The partner's question read "你手中有 3 张牌，共 25 分；如果北家出完，这些分要从本方" over
    "扣除。" alone (play-test, stop 60): a centred paragraph of two lines whose second holds
    little breaks after a clause instead; one whose second line is long enough is left as it is."""
    from game.scenes.text import _wrapped, wrap_centred
    from game.scenes.widgets import Label

    font = assets.font(20, cjk=True)
    text = "你手中有 3 张牌，共 25 分；如果北家出完，这些分要从本方扣除。"
    width = font.size(text[:-3])[0] + 2
    assert _wrapped(text, font, width, False)[1] == "扣除。"  # (as it wrapped, then)
    assert wrap_centred(text, font, width) == ["你手中有 3 张牌，共 25 分；", "如果北家出完，这些分要从本方扣除。"]
    both = "比分：本方 1,440，对方 1,490。\n" + text
    assert wrap_centred(both, font, width) == ["比分：本方 1,440，对方 1,490。", *wrap_centred(text, font, width)]
    binding = "你的回答对北家有约束力：答“可以”，北家必须现在出完；答“不行”，本回合就不能出完。"
    narrow = font.size(binding[: binding.index("“不行”")])[0] + 2  # (no short last line, but 答 / “不行”)
    assert _wrapped(binding, font, narrow, False)[1].startswith("“不行”")
    cut = binding.index("答“不行”")
    assert wrap_centred(binding, font, narrow) == [binding[:cut], "答“不行”，本回合就不能出完。"]
    replace = "有一场游戏正在进行。入门教学牌局将替换它；选择主菜单上的“继续”则接着玩。"
    lines = wrap_centred(replace, font, font.size(replace)[0] * 3 // 4)
    assert lines == ["有一场游戏正在进行。入门教学牌局将替换它；", "选择主菜单上的“继续”则接着玩。"]
    latin = assets.font(20)
    english = "Your answer binds North: yes, and North must go out now; no, and North may not go out."
    wide = latin.size(english)[0] * 2 // 3
    assert wrap_centred(english, latin, wide) == wrap_text(english, latin, wide)  # (a long last line: as it was)
    label = Label((0, 0, width, 0), text, size=20, align="center")
    assert label.lines() == wrap_centred(text, font, width)
    assert Label((0, 0, width, 0), text, size=20).lines() == wrap_text(text, font, width)  # (left-aligned: as before)


def test_a_paragraph_ends_on_no_short_line_in_either_language():
    """The risky-discard question, every card a risk, ended "…都有风险；打 8♦ 送给对手" over
    "的最少。" alone (play-test in Chinese, stop 65). A wrapped paragraph's last line holds
    four characters of Chinese at least, or two words of English where one would sit alone in
    under a quarter of the line: text comes down from the line before, a clause whole where one
    ends there, else as little as does; never more lines, never a line wider than the width."""
    from game.scenes.text import _wrapped, wrap_centred

    cjk = assets.font(20, cjk=True)
    risk = "那时弃牌堆会有 6 张牌。现在手里打哪张牌都有风险；打 8♦ 送给对手的最少。"
    width = cjk.size(risk[: risk.index("的最少")])[0] + 2
    assert _wrapped(risk, cjk, width, False)[-1] == "的最少。"  # (as it wrapped)
    evened = ["那时弃牌堆会有 6 张牌。现在手里打哪张牌都有风险；", "打 8♦ 送给对手的最少。"]
    assert wrap_text(risk, cjk, width) == evened
    plain = "一二三四五六七八九十" * 2 + "一二三。"  # (no clause's end: as little as makes four)
    width = cjk.size(plain[:20])[0] + 2
    assert wrap_text(plain, cjk, width) == [plain[:19], plain[19:]]
    latin = assets.font(20)
    away = "Every card in your hand is a risk now and the 8♦ gives the least away."
    width = latin.size(away[: away.index(" away")])[0] + 2
    assert _wrapped(away, latin, width, False)[-1] == "away."
    assert wrap_text(away, latin, width) == [away[: away.index(" least")], "least away."]
    clause = "Every card in your hand is a risk now; the 8♦ gives the least away."
    width = latin.size(clause[: clause.index(" away")])[0] + 2
    assert wrap_text(clause, latin, width) == ["Every card in your hand is a risk now;", "the 8♦ gives the least away."]
    long = "The pile would then hold six cards, which is a great deal of understanding."  # (a long word: left)
    width = latin.size(long[: long.index(" understanding")])[0] + 2
    assert wrap_text(long, latin, width) == list(_wrapped(long, latin, width, False))
    for text, font in ((risk, cjk), (plain, cjk), (away, latin), (clause, latin)):
        for width in range(font.size(text[:6])[0], font.size(text)[0] + 20, 7):
            lines, filled = wrap_text(text, font, width), _wrapped(text, font, width, False)
            assert len(lines) == len(filled) and "".join(lines).replace(" ", "") == text.replace(" ", "")
            assert all(font.size(line.rstrip("。；，.;,"))[0] <= width for line in lines), (width, lines)
    cut = wrap_at_most(plain, cjk, cjk.size(plain[:20])[0] + 2, 1)  # (cut to a line: filled first)
    assert cut == [plain[:19] + "…"]
    # A centred title whose last line held little still breaks after its sentence (wrap_centred
    # judges the lines as they came, not as evened: "Why not? Going out and black threes in" /
    # "Bolivia (V-BOL-OUT)" under the rule dialog's rule, a review).
    title = "Why not? Going out and black threes in Bolivia (V-BOL-OUT)"
    heading = assets.font(28, bold=True)
    assert wrap_centred(title, heading, 804) == ["Why not?", "Going out and black threes in Bolivia (V-BOL-OUT)"]
