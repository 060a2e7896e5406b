"""Translations: catalogs complete and consistent, glyphs present, switching works."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from glyph_helpers import missing_glyphs

from game import i18n, po

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import extract_strings  # noqa: E402

PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.fixture(scope="module")
def messages() -> dict[str, list[str]]:
    return extract_strings.extract(ROOT)[0]


@pytest.fixture(scope="module")
def zh() -> po.Catalog:
    return po.read(i18n.catalog_path("zh_CN"))


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_every_string_in_the_code_is_translated(messages, zh):
    translations = zh.translations()
    lacking = [m for m in messages if m not in translations]
    assert not lacking, (
        f"untranslated (run tools/extract_strings.py, translate, then tools/make_cjk_font.py): {lacking[:10]}"
    )


def test_placeholders_match(zh):
    for entry in zh.entries:
        if entry.msgid and entry.msgstr:
            assert sorted(PLACEHOLDER.findall(entry.msgid)) == sorted(PLACEHOLDER.findall(entry.msgstr)), entry.msgid


@pytest.mark.parametrize("bold", [False, True])
def test_bundled_fonts_have_every_catalog_glyph(zh, bold):
    texts = [t for e in zh.entries if e.msgid for t in (e.msgid, e.msgstr)]
    texts += list(i18n.LANGUAGES.values())
    problems = {t[:40]: "".join(sorted(missing_glyphs(t, bold))) for t in texts if missing_glyphs(t, bold)}
    assert not problems, f"glyphs missing (re-run tools/make_cjk_font.py?): {problems}"


def test_set_language_switches_at_once():
    assert i18n._("New game") == "New game"
    assert i18n.set_language("zh_CN") == "zh_CN"
    assert i18n._("New game") == "新游戏"
    assert i18n._("not in any catalog") == "not in any catalog"
    i18n.set_language("en")
    assert i18n._("New game") == "New game"


def test_unknown_language_falls_back_to_english():
    assert i18n.set_language("xx") == "en"
    assert i18n.get_language() == "en"


def test_install_override_still_works():
    i18n.install(str.upper)
    try:
        assert i18n._("quit") == "QUIT"
    finally:
        i18n.install(None)
    assert i18n._("quit") == "quit"


def test_po_round_trip_and_escapes():
    text = (
        'msgid ""\nmsgstr "Language: zh_CN\\n"\n\n#: a.py:1\n#, fuzzy\nmsgid "fuzzy one"\nmsgstr "x"\n\n'
        'msgid "say \\"hi\\"\\n"\n"second line"\nmsgstr "说\\"你好\\"\\n"\n"第二行"\n\n'
        'msgctxt "menu"\nmsgid "Open"\nmsgstr "打开"\n\n'
        'msgid "one"\nmsgid_plural "many"\nmsgstr[0] "个"\n\n#~ msgid "gone"\n#~ msgstr "没了"\n'
    )
    catalog = po.parse(text)
    table = catalog.translations()
    assert table['say "hi"\nsecond line'] == '说"你好"\n第二行'
    assert "fuzzy one" not in table
    assert table["menu\x04Open"] == "打开" and table["one"] == "个"
    again = po.parse(po.format_catalog(catalog))
    assert again.translations() == table and again.obsolete == catalog.obsolete


def test_po_errors_are_reported():
    with pytest.raises(po.PoError):
        po.parse('msgid "unterminated\nmsgstr ""\n')


def test_extractor_reads_literals_only():
    source = 'from game.i18n import _, N_\nx = _("a" "b")\ny = N_("c")\nz = _(name)\nw = other("d")\n'
    found, warnings = extract_strings.extract_from_source(source, "m.py")
    assert [m for m, _line in found] == ["ab", "c"]
    assert len(warnings) == 1


def test_glyph_check_detects_a_missing_glyph():
    assert missing_glyphs("snow \u2603") == {"\u2603"}
    assert missing_glyphs("卡纳斯塔") == set()


def test_why_not_explains_with_the_rule():
    from game.rules import Game, IllegalMove, RulesConfig
    from game.why_not import RULE_EXPLANATIONS, why_not

    game = Game(RulesConfig(), 1)
    with pytest.raises(IllegalMove) as info:
        game.apply("discard JK")  # before drawing
    english = why_not(info.value)
    assert english.startswith("Draw from the stock or take the pile first.") and "(Rule R-TURN)" in english
    i18n.set_language("zh_CN")
    chinese = why_not(info.value)
    assert chinese.startswith("请先从牌库摸牌或拿取弃牌堆") and "（规则 R-TURN）" in chinese
    unknown = why_not(IllegalMove("R-MIN", "a message no catalog holds: {n}", n=40))
    assert "40" not in unknown and i18n._(RULE_EXPLANATIONS["R-MIN"]) in unknown


def test_refusals_are_data_translated_by_message_id():
    from rules_helpers import position

    from game.rules import IllegalMove, Move
    from game.why_not import reason_text

    state = position(["C9 D9 H9 C4 C5 C6"], phase="meld")
    with pytest.raises(IllegalMove) as info:
        state.apply(Move.parse("meld C9 D9 H9"))
    error = info.value
    assert error.rule == "R-MIN"
    assert error.message_id == "the initial meld counts {count}, {short} short of the minimum {minimum}"
    assert error.params == {"count": 30, "short": 20, "minimum": 50}
    assert error.reason == "the initial meld counts 30, 20 short of the minimum 50"
    assert reason_text(error) == "The initial meld counts 30, 20 short of the minimum 50."
    i18n.set_language("zh_CN")
    chinese = reason_text(error)
    assert chinese and all(n in chinese for n in ("30", "20", "50")) and "initial" not in chinese
    with pytest.raises(IllegalMove) as info:
        position(["C9 D9 H9"], phase="draw", discard="C4", melds=[{"4": "S4 S4 H4"}, {}]).apply(
            Move.parse("take C9 D9")
        )
    assert info.value.rule == "R-TAKE" and info.value.params == {"card": "C4", "ranks": "4"}
    text = reason_text(info.value)
    assert text and "C4" not in text  # the card is named as the table names it


def test_every_engine_refusal_is_marked_for_the_catalogs():
    """No English sentence is built in the engine: each IllegalMove names an N_-marked
    message id, so tools/extract_strings.py catalogues every one."""
    import ast

    for path in sorted((ROOT / "game" / "rules").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalMove" and len(node.args) >= 2:
                message = node.args[1]
                marked = isinstance(message, ast.Call) and getattr(message.func, "id", "") == "N_"
                assert marked or isinstance(message, ast.Name), f"{path.name}:{node.lineno}"


def test_every_meld_problem_s_message_is_marked_for_the_catalogs():
    """The refusals that pass a name on (`IllegalMove(rule, message)`) take it from the
    `*_problem` functions: each of their messages must be N_-marked too, or a Chinese player
    loses the refusal's reason (test review, stop 43)."""
    import ast

    checked = 0
    for path in sorted((ROOT / "game" / "rules").glob("*.py")):
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(function, ast.FunctionDef) and function.name.endswith("_problem")):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
                    message = node.value.elts[1]
                    marked = isinstance(message, ast.Call) and getattr(message.func, "id", "") == "N_"
                    assert marked, f"{path.name}:{node.lineno}"
                    checked += 1
    assert checked >= 15  # (meld_problem, sequence_problem, wild_meld_problem)


def test_every_note_s_message_is_marked_for_the_catalogs():
    """A note the table says (game.note.note) is a message id, translated when drawn: each is
    written N_("...") where it is said (or passed on in a name holding one), so that
    tools/extract_strings.py catalogues it; and what the table says (`say`, `say_waiting`) is
    such a note, never text translated when said (it stayed in that language: stop 65)."""
    import ast

    notes = says = 0
    unmarked = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            first = node.args[0]
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if getattr(node.func, "id", "") == "note":
                notes += 1
                marked = isinstance(first, ast.Call) and getattr(first.func, "id", "") == "N_"
                if not (marked or isinstance(first, ast.Name)):
                    unmarked.append(where)
            elif getattr(node.func, "attr", "") in ("say", "say_waiting"):
                says += 1
                if not (isinstance(first, ast.Call) and getattr(first.func, "id", "") == "note"):
                    if not isinstance(first, ast.Name):  # (a note made a line above, or passed on)
                        unmarked.append(where)
    assert notes > 20 and says > 15 and not unmarked, unmarked


def test_no_text_is_built_inside_a_translation_call():
    """`_(f"...")`, `_("..." + x)` or `_("...".format())` is never in a catalog: the player
    would read English whatever the language (the extractor only warns; test review, stop 43)."""
    import ast

    built = []
    calls = 0
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = getattr(node.func, "id", "") if isinstance(node, ast.Call) else ""
            if name in ("_", "N_", "pgettext") and len(node.args) > (name == "pgettext"):
                calls += 1
                text = node.args[-1]  # (pgettext's text follows its context)
                formatted = isinstance(text, ast.Call) and getattr(text.func, "attr", "") == "format"
                if isinstance(text, (ast.JoinedStr, ast.BinOp)) or formatted:
                    built.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert calls > 500 and not built, built


def test_the_stock_is_one_word_in_chinese(zh):
    """The table labels the stock 牌库; a hint or a bot's reason that calls it 牌堆 reads
    as the discard pile (弃牌堆) to a player."""
    for entry in zh.entries:
        if entry.msgid and re.search(r"\bstock\b", entry.msgid, re.IGNORECASE):
            assert "牌库" in entry.msgstr, entry.msgid
        assert not re.search(r"(?<!弃)牌堆", entry.msgstr), entry.msgstr


def test_a_meld_is_one_word_in_chinese(zh):
    """The table, the rules and the hints call a meld 组牌; two of the bots' reasons in the move
    log said 牌组 ("可以用来组新的牌组", play-test, stop 60). (牌组成, "the cards form", is no
    noun: "把堆顶的牌组成组牌".)"""
    for entry in zh.entries:
        if entry.msgid:
            assert not re.search(r"牌组(?!成)", entry.msgstr), (entry.msgid, entry.msgstr)


def test_the_log_counts_its_older_entries_not_cards():
    i18n.set_language("zh_CN")
    footer = i18n.pgettext("move log", "↓ {n} older").format(n=28)
    assert "28 条" in footer and "张" not in footer  # 张 counts cards
    pile = i18n.pgettext("pile browser", "↓ {n} older").format(n=28)  # (the same English: cards)
    assert "28 张" in pile and "条" not in pile


def test_a_text_with_a_context_is_extracted_and_translated_by_it():
    source = 'x = pgettext("move log", "↓ {n} older")\ny = pgettext("pile", name)\nz = _("↓ {n} older")\n'
    found, warnings = extract_strings.extract_from_source(source, "m.py")
    assert [m for m, _line in found] == ["move log\x04↓ {n} older", "↓ {n} older"] and len(warnings) == 1
    entry = extract_strings._entry(found[0][0], msgstr="x")
    assert (entry.msgctxt, entry.msgid, entry.key) == ("move log", "↓ {n} older", found[0][0])
    assert extract_strings._entry("plain").msgctxt is None
    assert i18n.pgettext("move log", "Untranslated") == "Untranslated"


def test_an_answer_hint_reads_as_one_sentence_after_its_label():
    """The partner's question shows the hint as "Hint: {text}"; in Chinese a hint that
    itself starts "回答可以：" made two colons in a row and an unquoted answer."""
    from game.hints import ANSWER_HINTS

    i18n.set_language("zh_CN")
    for msgid in ANSWER_HINTS.values():
        shown = i18n._("Hint: {text}").format(text=i18n._(msgid))
        assert shown.count("：") == 1, shown
        assert "“可以”" in shown or "“不行”" in shown, shown


def test_one_word_each_for_our_side_a_turn_a_pass_and_the_first_meld_in_chinese(zh):
    """A new player met 本方, 我方 and 你方 for the same side (the score box said 我方, the
    coach beside it 本方, the hint 你方), a turn as 回合 and as 一轮 (Hand and Foot's
    rules), passing as 过牌 and as 放弃 (the button), the first meld as 首次亮牌 (the
    table) and as 首次组牌 (the coach), and a game as 短局 though 局 is a deal."""
    mixed = {
        "我方": "本方",
        "你方": "本方",
        "一轮": "回合",
        "本轮": "本回合",
        "每轮": "每回合",
        "放弃": "过牌",
        "首次组牌": "首次亮牌",
        "短局": "快速赛",
        "局游戏": "场游戏",
    }
    for entry in zh.entries:
        if entry.msgid:
            found = [word for word in mixed if word in entry.msgstr]
            assert not found, (entry.msgid, [f"{word} -> {mixed[word]}" for word in found])


def test_a_side_of_partners_lists_its_seats_as_chinese_lists_names():
    """The score box, the score sheet and the melds' labels named a side "西家 & 东家"."""
    from game.rules import RulesConfig
    from game.scenes.review_scene import name_lines
    from game.seat_names import SeatNames

    names = SeatNames.default(RulesConfig.for_variant("classic", None))
    assert names.side_name(1) == "West & East"
    i18n.set_language("zh_CN")
    assert names.side_name(1) == "西家、东家"
    five = SeatNames.default(RulesConfig.for_variant("five-hand", None))
    label = five.side_name(1)
    assert label.count("、") == 2 and "&" not in label, label
    _size, lines = name_lines("东南家、东家、西家、东北家、西北家")  # too long for one line: split after 、
    assert len(lines) > 1 and all(line.endswith("、") for line in lines[:-1]) and " " not in "".join(lines), lines
    i18n.set_language("en")
    _size, lines = name_lines("South-east, East, West & North-west")
    assert len(lines) > 1 and all(line.endswith((",", " &")) for line in lines[:-1]), lines
    assert " ".join(lines) == "South-east, East, West & North-west"


# A card list's placeholder in the catalog ({cards} as a number of cards is not one).
CARD_FIELD = re.compile(r"\{(card|top|cards)\}(?! cards)")
IDEOGRAPH = "[\u4e00-\u9fff]"
WIDE = "[\u3000-\u303f\uff00-\uffef\u201c\u201d]"


@pytest.mark.parametrize("cards", ["9♣ 王牌", "2 张王牌", "王牌 4♠", "4♠", "王牌"])
def test_every_chinese_sentence_places_a_card_list_by_one_rule(zh, cards):
    """docs/i18n.md's rule: a card face stands a space apart from a Chinese character (打出 4♠),
    the joker's word 王牌 joins it (把 9♣ 王牌加到, not 王牌 加到: stop 51 bracketed the take
    hint's list for it, the other sentences kept the space), nothing stands beside full-width
    punctuation; the catalog's own spaces around a placeholder do not matter."""
    i18n.set_language("zh_CN")
    checked = 0
    for entry in zh.entries:
        if not (entry.msgid and entry.msgstr and CARD_FIELD.search(entry.msgid)):
            continue
        names = re.findall(r"\{(\w+)\}", entry.msgstr)
        values = {name: i18n.CardText(cards) if CARD_FIELD.fullmatch(f"{{{name}}}") else "X" for name in names}
        text = i18n._(entry.msgid).format(**values)
        at = text.index(cards)
        before, after = text[:at], text[at + len(cards) :]
        for outside, edge, gap in (
            (before.rstrip(" ")[-1:], cards[0], before[len(before.rstrip(" ")) :]),
            (after.lstrip(" ")[:1], cards[-1], after[: len(after) - len(after.lstrip(" "))]),
        ):
            if re.fullmatch(WIDE, outside):
                assert gap == "", text
            elif re.fullmatch(IDEOGRAPH, outside):
                assert gap == ("" if re.fullmatch(IDEOGRAPH, edge) else " "), text
        checked += 1
    assert checked > 60


def test_a_card_list_is_placed_by_the_rule_wherever_the_template_put_it():
    """The rule sets the gap whatever space the template left (none, one, two)."""
    i18n.set_language("zh_CN")
    place = lambda template, **values: i18n.place_cards(template, (), values)  # noqa: E731
    cards, joker = i18n.CardText("9♣ 9♥"), i18n.CardText("9♣ 王牌")
    assert place("把{c}加到", c=cards) == place("把  {c} 加到", c=cards) == "把 9♣ 9♥ 加到"
    assert place("把{c}加到", c=joker) == place("把 {c} 加到", c=joker) == "把 9♣ 王牌加到"
    assert place("打出 {c}。", c=i18n.CardText("王牌")) == "打出王牌。"
    assert place("（ {c} ）与", c=joker) == "（9♣ 王牌）与"
    assert place("{name} {c}：{n} 张", name="Anna", c=cards, n=3) == "Anna 9♣ 9♥：3 张"  # a name is not Chinese
    assert place("打出 {c}", c="王牌") == "打出 王牌"  # only card lists (CardText) are placed
    i18n.set_language("en")
    assert i18n._("Discard the {card}.").format(card=i18n.CardText("joker")) == "Discard the joker."


def test_hints_log_lines_refusals_and_review_lines_place_a_joker_by_the_rule():
    """Each way a card list reaches a Chinese sentence follows the rule: a hint, a log line,
    an engine refusal and the review's move list wrote "把 9♣ 王牌 加到" (stop 51)."""
    from game.hints import explain
    from game.move_log import LogEntry
    from game.rules import Card, IllegalMove, Move, Rank
    from game.scenes.review_scene import move_words
    from game.why_not import reason_text
    from tests.table_helpers import position

    state = position(["C9 JK H4 S5 H6", "C4"], melds=[{"9": "S9 D9 H9"}, {}], discard="S4 H10", phase="meld")
    names = type("Names", (), {"seat_name": lambda self, seat: "西家", "side_name": lambda self, side: ""})()
    entry = LogEntry(3, 1, "{name} added {cards} to the {ranks}.", (Card.parse("C9"), Card.parse("JK")), rank=Rank.NINE)
    refusal = IllegalMove("R-TURN", "you do not hold {cards}", Move.parse("meld S9 JK"), cards="S9 JK")
    i18n.set_language("zh_CN")
    assert explain(Move.parse("meld 9: C9 JK"), state.observation(0)).startswith("把 9♣ 王牌加到")
    assert entry.text(names) == "西家把 9♣ 王牌加到 9 的组牌上。"
    assert reason_text(refusal) == "你手里没有 9♠ 王牌。"
    assert move_words(Move.parse("meld 9: C9 JK"), state) == "把 9♣ 王牌加到 9 的组牌上"
    assert move_words(Move.parse("discard S4")) == "打出 4♠"


def test_a_red_or_black_three_is_one_word_with_the_chinese_after_it(zh):
    """The catalog writes 红3要立即…, 黑3只能…; five rules texts had 黑3 扣 / 红3 每张 with a
    space, as a card (4♠) takes one, so the same page wrote it both ways."""
    for entry in zh.entries:
        if entry.msgid and entry.msgstr:
            assert not re.search("[红黑]3 [\u4e00-\u9fff]", entry.msgstr), entry.msgstr


def test_one_next_player_is_neither_he_nor_they_in_chinese(zh):
    """A hint or risky-discard question about one next player names them and says no pronoun:
    "Anna有 Q 的组牌：他可以用你的 Q♦ 拿走弃牌堆" called a person's typed name "he" (the English
    says "they"), and the unnamed next player was 他 in one sentence and 他们 in another."""
    about_one = re.compile(r"^\{seat\}|[Tt]he next player(?!'s side)")
    checked = 0
    for entry in zh.entries:
        if entry.msgid and entry.msgstr and about_one.search(entry.msgid) and re.search(r"\bthey\b", entry.msgid):
            checked += 1
            assert "他" not in entry.msgstr.replace("其他", ""), (entry.msgid, entry.msgstr)
    assert checked >= 6
    i18n.set_language("zh_CN")
    assert (
        i18n._("{seat} has a meld of {ranks}: they could take the pile with your {card}.").format(
            seat="Anna", ranks="Q", card="Q♦"
        )
        == "Anna有 Q 的组牌，可以用你的 Q♦ 拿走弃牌堆。"
    )


def test_no_sentence_makes_a_plural_by_an_s_after_a_placeholder(messages):
    """ "Your pair of {rank}s" read "your pair of As" (62 catalogued sentences, stop 53): a
    rank named in the plural is a {ranks} placeholder (game.hints.rank_plural: "aces", "7s"),
    never a placeholder with an s after it, in a catalogued sentence or an f-string of a rank."""
    import ast

    glued = re.compile(r"\{[^{}]*\}s\b")
    assert not [m for m in messages if glued.search(m)]
    assert not [m for m in messages if m.startswith("{ranks")]  # (lower-case "aces": never a sentence's start)
    built = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for value, after in zip(node.values, node.values[1:]):
                    if (
                        isinstance(value, ast.FormattedValue)
                        and "rank" in ast.unparse(value.value)
                        and isinstance(after, ast.Constant)
                        and re.match(r"s\b", str(after.value))
                    ):
                        built.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not built
    assert {"aces", "kings", "queens", "jacks", "7s", "10s"} <= set(messages)


def test_a_rank_in_the_singular_is_its_word_not_its_symbol(messages):
    """ "Your side's A meld", "every other K is already seen" (play-test, stop 54): a rank a
    sentence names in the singular is a {rank} placeholder filled by game.hints.rank_singular
    (the engine's English, Rank.singular: "ace", "king", "7"; Chinese writes the rank), and a
    list of ranks ("your melds of 7s, 9s & kings") is listed by i18n.join_and. Every call that
    fills a {rank} or a list of ranks in the app's code is checked, so a symbol cannot creep
    back in."""
    import ast

    from game.hints import rank_plural, rank_singular
    from game.rules import Rank

    assert [rank_singular(r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.SEVEN)] == [
        "ace",
        "king",
        "queen",
        "jack",
        "10",
        "7",
    ]
    assert i18n._("Your side's {rank} meld is close to a canasta.").format(rank=rank_singular(Rank.ACE)) == (
        "Your side's ace meld is close to a canasta."
    )
    ranks = i18n.join_and(rank_plural(r) for r in (Rank.SEVEN, Rank.NINE, Rank.KING))
    assert i18n._("Your melds of {ranks} are close to canastas.").format(ranks=ranks) == (
        "Your melds of 7s, 9s & kings are close to canastas."
    )
    i18n.set_language("zh_CN")
    assert rank_singular(Rank.ACE) == "A" and rank_singular(Rank.JOKER) == "王牌"
    ranks = i18n.join_and(rank_plural(r) for r in (Rank.SEVEN, Rank.NINE, Rank.KING))
    assert (
        i18n._("Your melds of {ranks} are close to canastas.").format(ranks=ranks)
        == "你的 7、9、K 组牌都快凑成卡纳斯塔了。"
    )
    i18n.set_language("en")
    assert not [m for m in messages if "{rank_list}" in m]  # (it read "your 5, 8 melds")
    filled = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        if "rules" in path.relative_to(ROOT).parts:  # (the engine's params are data: why_not spells them)
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
                for keyword in node.keywords:
                    value = ast.unparse(keyword.value) if keyword.value is not None else ""
                    if keyword.arg == "rank" and not value.startswith("rank_singular("):
                        filled.append(f"{path.relative_to(ROOT)}:{node.lineno} rank={value}")
                    if keyword.arg == "ranks" and ".symbol" in value:
                        filled.append(f"{path.relative_to(ROOT)}:{node.lineno} ranks={value}")
    assert not filled


def test_three_names_read_as_a_list_and_two_as_a_pair_in_both_languages():
    """Six-hand-2x3's opponents read "South-west & North & South-east" (stop 53): a list of
    three or more puts commas between and " & " before the last, as English lists names;
    Chinese lists every one with 、. One function (i18n.join_and) for every such list: a
    side's name, the hints' sides, the score panel's row, a notice's values."""
    from game.notices import Listing
    from game.rules import RulesConfig
    from game.scenes.review_scene import name_lines
    from game.seat_names import SeatNames

    assert i18n.join_and([]) == "" and i18n.join_and(["West"]) == "West"
    assert i18n.join_and(["West", "East"]) == "West & East"
    assert i18n.join_and(["South-west", "North", "South-east"]) == "South-west, North & South-east"
    assert i18n.join_and("abcd") == "a, b, c & d"
    six = SeatNames.default(RulesConfig.for_variant("six-hand-2x3", None))
    assert six.side_name(1) == "South-west, North & South-east"
    assert i18n.and_list_breaks(six.side_name(1)) == (["South-west,", "North &", "South-east"], " ")
    listing = Listing(["wins", "losses", "draws"], and_list=True)
    assert listing == "wins, losses & draws" and listing.text() == "wins, losses & draws"
    i18n.set_language("zh_CN")
    assert i18n.join_and(["西家", "东家"]) == "西家、东家"
    assert six.side_name(1) == "西南家、北家、东南家"
    assert i18n.and_list_breaks("西南家、北家、东南家") == (["西南家、", "北家、", "东南家"], "")
    assert listing == "wins, losses & draws" and listing.text() == "wins、losses、draws"  # (English as a str)
    _size, lines = name_lines("东南家、东家、西家、东北家、西北家")
    assert "".join(lines) == "东南家、东家、西家、东北家、西北家"
