"""The move log (game/move_log.py): every move of a deal in words, as the player saw it."""

from __future__ import annotations

from game import i18n
from game.bots import make_bot
from game.hints import card_name
from game.move_log import ANSWERED_NO, TAKES, LogEntry, MoveLog
from game.rules import Card, Game, Rank, RulesConfig
from game.rules import events as ev


class Names:
    def seat_name(self, seat: int) -> str:
        return i18n._(("You", "West", "North", "East")[seat])

    def side_name(self, side: int) -> str:
        return i18n._(("Us", "West & East")[side])


def played_deal(seed: int = 4) -> tuple[Game, MoveLog, list[ev.Event]]:
    game = Game(RulesConfig(), seed)
    log = MoveLog(viewer=0)
    seen = list(game.last_deal_events)
    log.record(game.last_deal_events)
    bots = [make_bot("easy", seat) for seat in range(4)]
    while not game.state.is_over:
        seat = game.state.to_act
        events = game.apply(bots[seat].act(game.state.observation(seat)))
        seen += events
        log.record(events)
    return game, log, seen


def test_every_move_of_a_deal_is_in_the_log_newest_first():
    game, log, seen = played_deal()
    names = Names()
    texts = [entry.text(names) for entry in log.newest_first()]
    discards = [e for e in seen if isinstance(e, ev.Discarded)]
    logged = [entry for entry in log.entries if "discarded" in entry.msgid]
    assert [(e.seat, e.cards) for e in logged] == [(d.seat, (d.card,)) for d in discards]
    assert logged[0].text(names) == f"{names.seat_name(discards[0].seat)} discarded {card_name(discards[0].card)}."
    assert texts[0].startswith("The deal ends")
    assert texts[-1].endswith("dealt.")
    assert len([e for e in log.entries if "drew" in e.msgid]) == sum(isinstance(e, ev.Drew) for e in seen)
    turns = [entry.turn for entry in log.entries]
    assert turns == sorted(turns) and turns[-1] > 10


def test_other_seats_draws_are_hidden_and_the_players_own_are_shown():
    game, log, seen = played_deal()
    names = Names()
    for entry in log.entries:
        if "drew" in entry.msgid:
            if entry.seat == 0:
                assert entry.cards and entry.text(names).startswith("You drew ")
            else:
                assert not entry.cards and entry.text(names).endswith("drew a card.")


def test_another_seats_draw_of_two_is_one_line_that_says_two():
    """Two-hand draws two cards: the opponent's label said "drew a card" while its count
    grew by two (play-test, stop 46)."""
    game = Game(RulesConfig.for_variant("two-hand"), 4)
    log = MoveLog(viewer=0)
    log.record(game.last_deal_events)
    bots = [make_bot("easy", seat) for seat in range(2)]
    while game.state.to_act != 1 or game.state.phase.name != "DRAW":
        seat = game.state.to_act
        log.record(game.apply(bots[seat].act(game.state.observation(seat))))
    before = len(game.state.hands[1])
    added = log.record(game.apply("draw"))
    drawn = len(game.state.hands[1]) - before
    assert drawn == 2  # (no red three came: else it is laid between the two draws)
    (entry,) = [e for e in added if e.seat == 1]
    assert entry.text(Names()) == "West drew 2 cards." and log.last_action(1) == entry
    i18n.set_language("zh_CN")
    try:
        assert "2" in entry.text(Names())
    finally:
        i18n.set_language("en")
    mine = log.record(game.apply(bots[1].act(game.state.observation(1))))  # (West melds or discards)
    assert all(e.msgid != entry.msgid for e in mine)


def test_the_last_action_of_each_seat():
    game, log, seen = played_deal()
    last_discard = [e for e in seen if isinstance(e, ev.Discarded) and e.seat == 1][-1]
    west = log.last_action(1)
    assert west is not None and west.seat == 1
    # The newest of West's acts (the deal's last, whatever it was), not an older one.
    assert west == [e for e in log.entries if e.seat == 1 and e.acted][-1]
    if "discarded" in west.msgid:
        assert west.cards == (last_discard.card,)
    older = [e for e in log.entries if e.seat == 1 and e.acted]
    assert len(older) > 1 and older[0] != west  # (so oldest-first would be caught)
    assert log.last_action(0) is not None


def test_an_answer_says_what_was_asked():
    """After Continue no bubble shows the question: the partner's label read only
    "answered: yes" (play-test, stop 46). The answer names the question itself."""
    log = MoveLog(viewer=0)
    log.record([ev.Asked(seat=0), ev.Answered(seat=2, yes=True), ev.Answered(seat=3, yes=False)])
    north, east = log.last_action(2), log.last_action(3)
    assert north is not None and north.text(Names()) == "North answered “May I go out?”: yes."
    assert east is not None and east.text(Names()) == "East answered “May I go out?”: no."
    i18n.set_language("zh_CN")
    try:
        assert "我可以出完吗" in north.text(Names()) and "我可以出完吗" in east.text(Names())
    finally:
        i18n.set_language("en")


def test_a_language_switch_rewrites_the_log():
    game, log, seen = played_deal()
    entry = next(e for e in log.entries if "discarded" in e.msgid)
    english = entry.text(Names())
    i18n.set_language("zh_CN")
    chinese = entry.text(Names())
    assert chinese != english and "打出" in chinese


def test_a_new_deal_starts_a_new_log():
    game, log, seen = played_deal()
    if game.winner is None:
        log.record(game.next_deal())
        assert all(entry.turn == 1 for entry in log.entries)
        assert log.entries[0].text(Names()).endswith("dealt.")


def normal_deal(seed: int):
    """A classic deal about to be played by four Normal bots, its log seen from seat 0."""
    game = Game(RulesConfig(), seed)
    log = MoveLog(viewer=0)
    log.record(game.last_deal_events)
    return game, log, [make_bot("normal", seat) for seat in range(4)]


def test_bots_explain_their_answers_and_big_takes_in_the_log():
    """The explainable partner: after each bot move the table hands the bot's reason to
    the log (MoveLog.explain); answers to "May I go out?" and takes of 5+ cards carry one,
    in both languages."""
    from game.bots.reasons import BIG_PILE

    explained = {"take": 0, "answer": 0}
    for seed in range(12):
        game, log, bots = normal_deal(seed)
        while not game.state.is_over:
            seat = game.state.to_act
            obs = game.state.observation(seat)
            move = bots[seat].act(obs)
            log.record(game.apply(move))
            reason = bots[seat].explain()
            if move.kind.name == "TAKE" and len(obs.pile) >= BIG_PILE or move.kind.name in ("YES", "NO"):
                assert reason is not None, move
                assert log.explain(seat, reason)
                explained["answer" if move.kind.name in ("YES", "NO") else "take"] += 1
                entry = next(e for e in reversed(log.entries) if e.seat == seat and e.reason is not None)
                english = entry.full_text(Names())
                assert english.startswith(entry.text(Names())) and english.endswith(f'"{reason.text()}"')
                i18n.set_language("zh_CN")
                assert entry.reason_text() != reason.text() and "{" not in entry.full_text(Names())
                i18n.set_language("en")
            else:
                assert reason is None or not log.explain(seat, reason), move
    assert explained["take"] >= 3 and explained["answer"] >= 1, explained


def test_a_bots_reason_reads_as_its_own_words_in_the_log():
    """ "North took the pile: the 6♠ and 6 more cards. 2 of its cards fit my hand or our
    melds." read as the player's hand (play-test, stop 55): the bot's first-person reason
    stands in quotes after its move, in both languages (straight in English: a line with a
    suit is drawn in the CJK font, whose curly quotes are full-width)."""
    from game.bots import reasons as why
    from game.bots.reasons import BotReason
    from game.move_log import TAKE_PILE

    entry = LogEntry(7, 2, TAKE_PILE, cards=(Card.parse("S6"),), count=6, reason=BotReason.of(why.TAKE_FIT, fit=2))
    assert entry.full_text(Names()) == (
        'North took the pile: the 6♠ and 6 more cards. "2 of its cards fit my hand or our melds."'
    )
    answer = LogEntry(9, 2, ANSWERED_NO, reason=BotReason.of(why.NO_POINTS, points=95))
    assert answer.full_text(Names()).endswith('no. "I hold 95 points I can still meld."')
    try:
        i18n.set_language("zh_CN")
        text = entry.full_text(Names())
        assert text.startswith(entry.text(Names())) and text.endswith("“" + entry.reason_text() + "”")
    finally:
        i18n.set_language("en")


def test_a_reason_attaches_only_to_the_move_it_explains():
    from game.bots.reasons import TAKE_BIG, BotReason

    game, log, seen = played_deal()
    assert not log.explain(1, None)
    for seat in range(4):
        # The seat's last turn began with a draw or a take; only a take takes a reason.
        start = next(e for e in reversed(log.entries) if e.seat == seat and ("drew" in e.msgid or e.explainable))
        attached = log.explain(seat, BotReason.of(TAKE_BIG))
        assert attached == start.explainable
        if attached:
            assert any(e.reason == BotReason.of(TAKE_BIG) and e.seat == seat for e in log.entries)


def test_every_reason_has_a_code_that_reads_back():
    """A save keeps the bots' reasons by code (BotReason.code): every reason a bot gives
    has one, and it reads back to the same reason."""
    from game.bots import reasons

    msgids = {value for name, value in vars(reasons).items() if name.isupper() and isinstance(value, str)}
    assert msgids == set(reasons.REASON_KEYS.values())
    for msgid in msgids:
        fields = reasons._fields(msgid)
        reason = reasons.BotReason.of(msgid, **{name: 12 for name in fields})
        assert reasons.BotReason.from_code(reason.code) == reason
    assert reasons.BotReason.of(reasons.NO_POINTS, points=-5).code == "no-points:points=-5"


def test_a_code_that_names_no_reason_reads_as_none():
    from game.bots.reasons import BotReason

    for code in (
        "",
        "nonsense",
        "no-points",  # its number missing
        "no-points:points=",
        "no-points:points=x",
        "no-points:points=1:points=2",
        "no-points:points=1:cards=2",  # a number it does not name
        "no-points:cards=2",
        "no-points:points=99999999999",
        "no-points:points=١٢",  # digits, but not ASCII ones
        "hunch:n=1",
        "{name}",
    ):
        assert BotReason.from_code(code) is None, code


def test_the_reasons_come_back_with_a_log_rebuilt_from_the_moves():
    """A continued game's log (MoveLog.of_game) holds the bots' reasons again once the
    save's `saved_reasons` are restored; anything odd in the text is left out."""
    for seed in range(12):
        game, log, bots = normal_deal(seed)
        while not game.state.is_over:
            seat = game.state.to_act
            log.record(game.apply(bots[seat].act(game.state.observation(seat))))
            log.explain(seat, bots[seat].explain())
        saved = log.saved_reasons()
        if saved:
            break
    assert saved
    rebuilt = MoveLog.of_game(game, viewer=0)
    assert rebuilt.entries != log.entries
    rebuilt.restore_reasons(saved + " 0=hunch 99999=hunch 3 =hunch x=hunch 2=nonsense")
    assert rebuilt.entries == log.entries
    for junk in (None, 7, "", "   "):
        again = MoveLog.of_game(game, viewer=0)
        again.restore_reasons(junk)
        assert all(entry.reason is None for entry in again.entries)


def test_only_the_partner_says_what_its_hidden_hand_holds():
    """A reason that counts a bot's hidden cards ("I hold 80 points I can still meld", "3 of
    its cards fit my hand") is its partner's to hear; an opponent says only the public part
    (a take "opens our melds", "a pile this big") or nothing."""
    from game.bots import reasons as why
    from game.bots.reasons import BotReason, public_form

    hidden = [
        BotReason.of(why.NO_POINTS, points=80),
        BotReason.of(why.NO_CANASTAS),
        BotReason.of(why.NO_CARDS, cards=9),
        BotReason.of(why.YES_FEW_CARDS, cards=4),
    ]
    assert all(public_form(reason) is None for reason in hidden)
    assert public_form(BotReason.of(why.TAKE_FIT, fit=3)) == BotReason.of(why.TAKE_BIG)
    assert public_form(BotReason.of(why.TAKE_OPENS_FIT, fit=4)) == BotReason.of(why.TAKE_OPENS)
    for public in (
        BotReason.of(why.TAKE_WILDS, n=2),
        BotReason.of(why.YES_STOCK_LOW),
        BotReason.of(why.YES_FEW_CARDS, cards=2),
    ):
        assert public_form(public) == public
    # Every reason a bot gives is sorted one way or the other (a new one must be too).
    for msgid in why.REASON_KEYS.values():
        reason = BotReason.of(msgid, **{name: 2 for name in why._fields(msgid)})
        assert public_form(reason) in (None, reason) or msgid in (why.TAKE_FIT, why.TAKE_OPENS_FIT)


def test_the_table_shows_an_opponents_reason_only_in_its_public_form():
    from game.bots import reasons as why
    from game.bots.reasons import BotReason
    from tests.table_helpers import make_table, players_turn, until

    stack, table = make_table()
    until(stack, players_turn(stack, table))
    for seat, answered in ((1, ANSWERED_NO), (2, ANSWERED_NO)):
        table.move_log.entries.append(LogEntry(1, seat, answered))
        table.explain_move(seat, BotReason.of(why.NO_POINTS, points=80))
    west, north = table.move_log.entries[-2:]
    assert west.reason is None  # West: an opponent
    assert north.reason == BotReason.of(why.NO_POINTS, points=80)  # North: the partner


def test_a_log_rebuilt_when_the_next_deal_has_begun_is_that_deal_s():
    """Next deal, then saved (or a deal file) before any move: the rebuilt log showed the
    deal before, and the labels its last discards (play-test, stop 43)."""
    game, _log, _seen = played_deal()
    assert not game.is_over
    events = game.next_deal()
    fresh = MoveLog(viewer=0)
    fresh.record(events)
    rebuilt = MoveLog.of_game(game, viewer=0)
    assert rebuilt.entries == fresh.entries
    assert not any("discarded" in entry.msgid for entry in rebuilt.entries)  # no move of this deal yet


def test_a_take_of_one_or_no_card_beside_the_top_reads_as_such():
    """ "East took the pile: the 10♣ and 0 more cards." (a play-test, stop 47), and "1 more
    cards"; Hand and Foot's take of part of the pile likewise."""
    from game.rules import Card
    from game.rules.variants import variant_named

    names = Names()
    ten, four = Card.parse("C10"), Card.parse("H4")

    def taken(rest: tuple[Card, ...], variant: str = "classic") -> str:
        log = MoveLog(viewer=0, rules=variant_named(variant))
        (entry,) = log.record([ev.PileTaken(3, ten, rest)])
        assert entry.explainable  # (a bot's reason may follow any take)
        return entry.text(names)

    assert taken(()) == "East took the pile: the 10♣, all it held."
    assert taken((four,)) == "East took the pile: the 10♣ and one more card."
    assert taken((four, four)) == "East took the pile: the 10♣ and 2 more cards."
    assert taken((four,), "hand-and-foot") == "East took 2 cards of the pile: the 10♣ and the next\u00a0one."
    assert taken((four, four), "hand-and-foot") == "East took 3 cards of the pile: the 10♣ and the next\u00a02."
    assert taken((), "hand-and-foot") == "East took the pile: the 10♣, all it held."  # (not "the next 0 cards")


class Nameless(Names):
    """As a seat's label names the seat: by nothing (its tag beside it says who)."""

    def seat_name(self, seat: int) -> str:
        return ""


def _west_takes_the_pile(log: MoveLog, more: int = 7) -> None:
    """West's turn: the 4♣ and `more` cards under it taken, a meld with it."""
    four = Card.parse("C4")
    under = tuple(Card.parse(face) for face in ("D9", "S5", "H7", "CQ", "D6", "S8", "H2")[:more])
    log.record([ev.TurnPassed(seat=1), ev.PileTaken(seat=1, top=four, cards=under)])
    log.record([ev.Melded(seat=1, side=1, rank=Rank.FOUR, cards=(four, four, Card.parse("H4")), new_meld=True)])


def test_a_seat_s_label_keeps_its_take_of_the_pile_for_the_rest_of_its_turn():
    """West took an 8-card pile, melded and discarded: its label said only "discarded 3♣",
    and nothing at the table said why the pile had shrunk to one card (play-test, stop 49)."""
    log = MoveLog(viewer=0)
    _west_takes_the_pile(log)
    assert log.seat_note(1, Nameless()) == "took the pile (8 cards), then melded 4♣ 4♣ 4♥"
    log.record([ev.Discarded(seat=1, card=Card.parse("C3"))])
    assert log.seat_note(1, Nameless()) == "took the pile (8 cards), then discarded 3♣"
    i18n.set_language("zh_CN")
    try:
        note = log.seat_note(1, Nameless())
        assert note is not None and "8" in note and "3♣" in note and "took" not in note
    finally:
        i18n.set_language("en")
    # The take alone says itself; the next turn of West's says only what came after.
    log = MoveLog(viewer=0)
    log.record([ev.TurnPassed(seat=1), ev.PileTaken(seat=1, top=Card.parse("C4"), cards=())])
    assert log.seat_note(1, Nameless()) == "took the pile: the 4♣, all it held"
    log.record([ev.Discarded(seat=1, card=Card.parse("C3"))])
    assert log.seat_note(1, Nameless()) == "took the pile (1 card), then discarded 3♣"
    log.record([ev.TurnPassed(seat=2), ev.TurnPassed(seat=3), ev.TurnPassed(seat=0), ev.TurnPassed(seat=1)])
    log.record([ev.HiddenDraw(seat=1)])
    assert log.seat_note(1, Nameless()) == "drew a card"
    assert log.seat_note(2, Nameless()) is None


def test_a_seats_label_after_the_card_drawn_for_a_red_three_says_the_red_three():
    """East laid a dealt red three and drew its replacement: its label said "drew a card" while
    South-east played the first turn, as if East had played out of turn (five-hand play-test,
    stop 53). It says the red three too; a draw of its own turn later says only the draw."""
    log = MoveLog(viewer=0)
    log.record(
        [
            ev.RedThreeLaid(seat=3, side=1, card=Card.parse("H3")),
            ev.HiddenDraw(seat=3),
            ev.TurnPassed(seat=0),
            ev.HiddenDraw(seat=1),
            ev.Discarded(seat=1, card=Card.parse("C9")),
        ]
    )
    assert log.seat_note(3, Nameless()) == "laid the red three 3♥, and drew a card in its place"
    assert log.seat_note(1, Nameless()) == "discarded 9♣"
    i18n.set_language("zh_CN")
    try:
        note = log.seat_note(3, Nameless()) or ""
        assert "3♥" in note and "红3" in note and "drew" not in note
    finally:
        i18n.set_language("en")
    log.record([ev.TurnPassed(seat=1), ev.TurnPassed(seat=2), ev.HiddenDraw(seat=3)])
    assert log.seat_note(3, Nameless()) == "drew a card"


def test_hand_and_foot_s_take_of_part_of_the_pile_is_said_as_such():
    log = MoveLog(viewer=0, rules=RulesConfig.for_variant("hand-and-foot").rules)
    _west_takes_the_pile(log, more=6)
    assert log.seat_note(1, Nameless()) == "took 7 cards of the pile, then melded 4♣ 4♣ 4♥"


def test_hand_and_foot_s_take_counts_the_same_cards_in_the_log_and_the_seat_s_label():
    """The label said "took 7 cards of the pile" and the log "took the 4♣ and the next 6 cards":
    both right, read as two different takes (play-test, stop 59). The log counts the cards in
    all first, as the label does, in both languages."""
    for language, total in (("en", "took 7 cards of the pile"), ("zh_CN", "从弃牌堆拿走 7 张")):
        i18n.set_language(language)
        try:
            log = MoveLog(viewer=0, rules=RulesConfig.for_variant("hand-and-foot").rules)
            _west_takes_the_pile(log, more=6)
            take = next(entry for entry in log.entries if entry.msgid in TAKES)
            line = take.text(Names())
            assert total in line and total in (log.seat_note(1, Nameless()) or ""), (line, log.seat_note(1, Nameless()))
            assert "6" in line.split(total)[1]  # the next six named after the top card
        finally:
            i18n.set_language("en")
