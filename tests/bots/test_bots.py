"""Bots: crafted positions with a clear right move, the no-peeking property, and an
arena smoke run in every variant. Strength measurements stay out of this suite
(see game/bots/README.md)."""

from __future__ import annotations

import json
import math
import random

import pytest
from bot_helpers import answering_position, feeding_position, position, tool_module, unused_faces
from hypothesis import given
from hypothesis import strategies as st

from game.bots import make_bot
from game.bots.arena import run
from game.bots.normal import NormalPolicy, NormalWeights
from game.bots.sampler import sample_world
from game.rules import Game, GameState, Move, MoveKind, RulesConfig, position_from_json, position_to_json
from game.rules.variants import VARIANT_IDS

LEVELS = ("easy", "normal", "hard")
SMART = ("normal", "hard")


def bot(level: str, seed: int = 1):
    # Hard with a fixed, small number of worlds: deterministic and fast.
    if level == "hard":
        return make_bot("hard", seed, iterations=12, horizon=24)
    return make_bot(level, seed)


def decide(level: str, state, seed: int = 1):
    seat = state.to_act
    return bot(level, seed).choose(state.observation(seat), random.Random(seed))


# ---------------------------------------------------------------- crafted positions
@pytest.mark.parametrize("level", SMART)
def test_takes_a_rich_pile(level):
    st = position(
        ["C9 H9 D5 SK HQ C6 S7 D8"], [{"K": "DK CK HK"}, {}], discard="C4 H6 DQ SQ JK HJ CJ D10 S10 HA D9", turn=0
    )
    move = decide(level, st)
    assert move.kind is MoveKind.TAKE, str(move)


def test_normal_draws_rather_than_take_a_small_pile_where_two_sides_share_the_pile():
    """A pile of two (its top onto our kings, a junk four under it) is worth less than the
    stock's card in classic and five-hand; a bigger one is taken. Where two opposing sides
    contest the pile (six-hand), Normal takes the small one too."""
    hand, ours = "C9 H9 D5 SK HQ C6 S7 D8", {"K": "DK CK HK"}
    small = position([hand], [ours, {}], discard="D4 SK", turn=0)
    assert decide("normal", small).kind is MoveKind.DRAW
    big = position([hand], [ours, {}], discard="H10 C5 D4 SJ SK", turn=0)
    assert decide("normal", big).kind is MoveKind.TAKE
    six = position([hand], [ours, {}, {}], discard="D4 SK", turn=0, variant="six-hand")
    assert decide("normal", six).kind is MoveKind.TAKE


@pytest.mark.parametrize("level", SMART)
def test_does_not_feed_the_next_opponent(level):
    st = feeding_position()
    move = decide(level, st)
    assert move.kind is MoveKind.DISCARD and move.card.face == "D4", str(move)


def test_does_not_hand_the_next_opponent_a_canasta():
    # Seat 1 (next) has six sevens and the pile is not frozen: the H7 (a single, the cheapest
    # card by keep value and by the pile's size alone) would give them the pile and a
    # canasta. Normal breaks a triple instead (classic: danger_canasta).
    st = position(
        ["H7 SQ HQ CQ SK HK CK"],
        [{"A": "HA CA DA"}, {"7": "C7 D7 S7 S7 C7 D7"}],
        discard="C4 H9 DJ",
        phase="meld",
        turn=0,
    )
    move = decide("normal", st)
    assert move.kind is MoveKind.DISCARD and move.card.face != "H7", str(move)
    # With their sevens two cards shorter (no canasta near), the H7 is the discard.
    st = position(
        ["H7 SQ HQ CQ SK HK CK"],
        [{"A": "HA CA DA"}, {"7": "C7 D7 S7 S7"}],
        discard="C4 H9 DJ",
        phase="meld",
        turn=0,
    )
    move = decide("normal", st)
    assert move.kind is MoveKind.DISCARD and move.card.face == "H7", str(move)


@pytest.mark.parametrize("variant", ["three-hand", "two-hand"])
def test_three_hand_normal_does_not_hand_the_next_player_a_canasta(variant):
    """Stop 53 (two-hand and three-hand watched as an opponent sees them): the next player
    holds six sevens, nines and jacks; every card in our hand fits a meld of theirs, the
    H7 (fewer sevens unseen) the cheapest by its keep and the pile's size alone. Three-hand
    weighs the canasta it would hand over (`danger_gift_alone` 1) and throws another card;
    at 0, and in two-hand (where weighing it did not win), the H7."""
    from dataclasses import replace

    melds = [{"A": "HA CA DA"}, {"7": "C7 D7 S7 S7 C7 D7", "9": "C9 D9 H9", "J": "CJ DJ SJ"}, {}]
    players = RulesConfig.for_variant(variant).players
    st = position(["H7 S9 HJ"], melds[:players], discard="C4 H5 D10", phase="meld", turn=0, variant=variant)
    move = decide("normal", st)
    assert move.kind is MoveKind.DISCARD
    assert (move.card.face != "H7") == (variant == "three-hand"), str(move)
    before = replace(NormalWeights.for_variant(variant), danger_gift_alone=0.0)
    move = make_bot("normal", 1, weights=before).choose(st.observation(0), random.Random(1))
    assert move == Move.parse("discard H7"), str(move)


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_the_canasta_gift_counts_where_it_was_measured(variant):
    # Classic against normal-v1, five-hand and both six-hands against Easy; the other
    # variants play as before.
    from game.bots.normal import partners_classic_deal

    assert partners_classic_deal(RulesConfig.for_variant(variant)) == (
        variant in ("classic", "five-hand", "six-hand", "six-hand-2x3")
    )


@pytest.mark.parametrize("level", LEVELS)
def test_never_discards_a_wild_card_that_freezes_nothing(level):
    st = position(["D2 C5 H9 SK D8 HJ"], [{"A": "HA CA DA"}, {}], discard="C6", phase="meld", turn=0)
    for seed in range(5):
        move = decide(level, st, seed)
        assert not (move.kind is MoveKind.DISCARD and move.card.is_wild), str(move)


@pytest.mark.parametrize("level", SMART)
def test_answers_no_while_holding_many_points(level):
    # The opponents hold little, so going out would cost us more than them.
    st = position(
        ["HA CA SK DK HQ SQ JK D2 C8 S9 H10", "C10 S10 H4", "H9 C4", "D6 S7 H8"],
        [{"K": "CK HK SK DK S2 JK D2", "9": "H9 C9 D9"}, {"5": "C5 D5 H5"}],
        discard="S6 H7",
        phase="answer",
        turn=2,
    )
    assert st.to_act == 0
    assert decide(level, st).kind is MoveKind.NO


@pytest.mark.parametrize("level", SMART)
def test_answers_yes_with_a_small_hand(level):
    st = answering_position()
    assert decide(level, st).kind is MoveKind.YES


@pytest.mark.parametrize("level", ["normal"])
def test_does_not_go_out_early_holding_the_lead(level):
    # One canasta, three melds close to one, a partner with a full hand, a full stock:
    # going out now throws away the deal. Normal's judgement only: Hard's search is split
    # here (before issue #11's classic changes, 12 worlds asked with seeds 2 and 3 and
    # 200 worlds asked with seed 3), so which seed passed was luck.
    st = position(
        ["H8 S8 D8 C6"],
        [
            {"K": "CK HK SK DK S2 JK D2", "9": "H9 C9 D9 S9 C9", "J": "HJ CJ DJ SJ HJ", "Q": "HQ CQ DQ SQ"},
            {"5": "C5 D5 H5"},
        ],
        discard="S6 H7 S4 D10",
        phase="meld",
        turn=0,
        fill=11,
    )
    assert st.can_go_out()
    move = decide(level, st)
    assert move.kind is not MoveKind.ASK
    if move.kind is MoveKind.MELD:
        assert sum(len(g.cards) for g in move.groups) < 3, str(move)


@pytest.mark.parametrize("level", SMART)
def test_goes_out_when_it_pays(level):
    # Stock nearly gone, opponents full of cards, our melds complete: go out.
    st = position(
        ["H8 S8 D8 C6", "", "C7"],
        [{"K": "CK HK SK DK S2 JK D2", "9": "H9 C9 D9"}, {"5": "C5 D5 H5"}],
        discard="S6 H7 S4 D10",
        phase="meld",
        turn=0,
        fill=11,
        stock="HJ SJ",
        stock_exact=True,
    )
    move = decide(level, st)
    assert move.kind in (MoveKind.ASK, MoveKind.MELD), str(move)
    if move.kind is MoveKind.MELD:
        assert sum(len(g.cards) for g in move.groups) == 3


def test_goes_out_exactly_when_that_wins_the_game():
    # The position of test_does_not_go_out_early_holding_the_lead (Normal would play on),
    # near the end of a game: going out ends it, so the cumulative scores decide.
    def game_end(scores):
        return position(
            ["H8 S8 D8 C6"],
            [
                {"K": "CK HK SK DK S2 JK D2", "9": "H9 C9 D9 S9 C9", "J": "HJ CJ DJ SJ HJ", "Q": "HQ CQ DQ SQ"},
                {"5": "C5 D5 H5 S5 D5 H5 S5"},
            ],
            discard="S6 H7 S4 D10",
            phase="meld",
            turn=0,
            fill=11,
            scores=scores,
            target=2500,
        )

    # Ahead: going out takes us past 2500 and wins; no question to the partner (who could say no).
    move = decide("normal", game_end([2100, 1500]))
    assert move.kind is MoveKind.MELD and sum(len(g.cards) for g in move.groups) == 3, str(move)
    # Behind: going out would end the game with the opponents ahead, so play on.
    move = decide("normal", game_end([2100, 2450]))
    assert move.kind is not MoveKind.ASK
    if move.kind is MoveKind.MELD:
        assert sum(len(g.cards) for g in move.groups) < 3, str(move)
    # Behind, but with the stock gone the deal ends anyway, the game with it: going out
    # only adds its bonus (it declined, and lost by more; stop 43's Bolivia games).
    st = game_end([2100, 2450])
    st.stock.clear()
    move = decide("normal", st)
    assert move.kind in (MoveKind.ASK, MoveKind.MELD), str(move)
    if move.kind is MoveKind.MELD:
        assert sum(len(g.cards) for g in move.groups) == 3, str(move)


def test_answers_from_the_game_s_end_when_going_out_ends_it():
    """The partner asks "May I go out?" near the game's end (R-GAME). Normal answered from
    its hand alone ("I hold only 2 cards": yes) even when going out ends the game with the
    other side ahead; a Normal asker never asks then, but a person does (stop 47)."""
    from dataclasses import replace

    from game.bots import reasons as why
    from game.bots.reasons import BotReason

    def asked(scores):
        return position(
            ["C8 S9", "", "H9 C4"],
            [{"K": "CK HK SK DK S2 JK D2", "9": "H9 C9 D9"}, {"5": "C5 D5 H5 S5 D5 H5 S5", "Q": "HQ CQ DQ"}],
            discard="S6 H7",
            phase="answer",
            turn=2,
            fill=9,
            scores=scores,
            target=2500,
        )

    def answer(state, weights=None):
        bot = make_bot("normal", 0, weights=weights)
        return bot.act(state.observation(0)).kind, bot.explain()

    assert answer(asked([2100, 2450])) == (MoveKind.NO, BotReason.of(why.NO_GAME_LOST))
    assert answer(asked([2300, 1500])) == (MoveKind.YES, BotReason.of(why.YES_GAME_WON))
    assert answer(asked([1000, 1000])) == (MoveKind.YES, BotReason.of(why.YES_FEW_CARDS, cards=2))
    gone = asked([2100, 2450])
    gone.stock.clear()  # the deal ends anyway: going out adds its bonus
    assert answer(gone)[0] is MoveKind.YES
    before = replace(NormalWeights.for_variant("classic"), answer_game_end=0.0)
    assert answer(asked([2100, 2450]), before) == (MoveKind.YES, BotReason.of(why.YES_FEW_CARDS, cards=2))


@pytest.mark.parametrize("level", SMART)
def test_opens_without_wasting_wild_cards(level):
    # 50 needed: three aces reach it without the joker.
    st = position(["HA CA DA SK DK JK C5 D9 H6"], discard="S6", phase="meld", turn=0)
    move = decide(level, st)
    if level == "normal":  # Hard may judge that opening can wait a turn
        assert move.kind is MoveKind.MELD, str(move)
    assert not any(c.is_wild for g in move.groups for c in g.cards), str(move)


def test_normal_completes_a_canasta_with_the_one_wild_card_it_needs():
    """Six clean queens and a joker and a two in hand, the stock barely touched: one wild card
    makes the canasta; Normal laid both (the second cost only `wild_use_canasta`, as if it
    completed the canasta too). Classic now keeps the spare one (`wild_surplus`, stop 48);
    at 0 it lays both as before."""
    from dataclasses import replace

    st = position(
        ["H8 C7 JK HK S9 D8 H2 C6"],
        [{"Q": "CQ DQ DQ HQ HQ SQ", "A": "CA DA SA"}, {"9": "C9 D9 H9"}],
        discard="C4 H5 DJ S10",
        phase="meld",
        turn=0,
    )
    move = decide("normal", st)
    assert move.kind is MoveKind.MELD and len(move.groups) == 1, str(move)
    assert move.groups[0].rank.name == "QUEEN" and len(move.groups[0].cards) == 1, str(move)
    assert move.groups[0].cards[0].is_wild, str(move)
    before = replace(NormalWeights.for_variant("classic"), wild_surplus=0.0)
    move = make_bot("normal", 1, weights=before).choose(st.observation(0), random.Random(1))
    assert sorted(c.face for g in move.groups for c in g.cards) == ["H2", "JK"], str(move)
    # Late in the deal (the stock nearly gone) a wild card kept counts against the hand: both go.
    late = position(
        ["H8 C7 JK HK S9 D8 H2 C6"],
        [{"Q": "CQ DQ DQ HQ HQ SQ", "A": "CA DA SA"}, {"9": "C9 D9 H9"}],
        discard="C4 H5 DJ S10",
        phase="meld",
        turn=0,
        stock="S4 D6",
        stock_exact=True,
    )
    move = decide("normal", late)
    assert sorted(c.face for g in move.groups for c in g.cards) == ["H2", "JK"], str(move)


def with_stock(n: int, *texts: str) -> str:
    """`n` cards for an exact stock, none of them named in `texts` (no red threes)."""
    free = unused_faces(*texts)
    return " ".join(free[:: max(1, len(free) // n)][:n])


@pytest.mark.parametrize(("variant", "stock"), [("two-hand", 30), ("three-hand", 16)])
def test_normal_takes_a_pile_it_can_use_in_two_and_three_hand(variant, stock):
    """Stop 50: two-hand's and three-hand's Normal drew instead of a pile of seven whose top
    goes onto its nines and which brings a ten and a jack for its melds (and four cards it
    cannot use yet) in the second half of the deal: a natural it can use counted 6, so the
    take scored below the draw of two. It counts 12 there now (`take_card`); at 6, the draw."""
    from dataclasses import replace

    hands = ["D6 D8 S8 SJ SQ DK", "C4 H7 DA C8 H8 D4 S6 H4", "C6 H6 C8 H5 C10 CA S5 S4"]
    melds = [
        {"9": "C9 D9 D9 S9 H9", "10": "H10 S10 D10", "J": "CJ DJ HJ"},
        {"7": "C7 D7 S7 S7 D2 H2 JK", "Q": "CQ DQ SQ"},
        {"K": "CK HK SK"},
    ]
    players = RulesConfig.for_variant(variant).players
    hands, melds = hands[:players], melds[:players]
    pile = "C5 S4 H7 HA D10 HJ H9"
    texts = [*hands, *(t for side in melds for t in side.values()), pile]
    st = position(
        hands, melds, discard=pile, turn=0, variant=variant, stock=with_stock(stock, *texts), stock_exact=True
    )
    assert st.observation(0).stock_size == stock
    move = decide("normal", st)
    assert move.kind is MoveKind.TAKE and not move.groups, str(move)  # onto our nines
    before = replace(NormalWeights.for_variant(variant), take_card=6.0)
    move = make_bot("normal", 1, weights=before).choose(st.observation(0), random.Random(1))
    assert move.kind is MoveKind.DRAW, str(move)
    assert NormalWeights.for_variant("classic").take_card == 6.0  # the partnership variants keep 6


# ---------------------------------------------------------------- no peeking
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_no_peeking(level, variant):
    """States that differ only in hidden cards give the same decision with the same
    seed: the decision depends on the observation alone."""
    config = RulesConfig.for_variant(variant)
    game = Game(config, seed=11)
    players = [make_bot("normal", s) for s in range(config.players)]
    rng = random.Random(4)
    checked = 0
    for step in range(400):
        st = game.state
        if st.is_over:
            break
        seat = st.to_act
        obs = st.observation(seat)
        if step % 9 == 0 and len(obs.legal) > 1:
            other = sample_world(obs, rng)  # same public facts, other hidden cards
            assert other.hands != st.hands or other.stock != st.stock
            obs2 = other.observation(seat)
            assert obs2 == obs
            a = bot(level, 7).choose(obs, random.Random(7))
            b = bot(level, 7).choose(obs2, random.Random(7))
            assert a == b
            checked += 1
            if checked >= 4:
                break
        game.apply(players[seat].choose(obs, random.Random(step)))
    assert checked >= 2


# ---------------------------------------------------------------- arena smoke
@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_arena_smoke(variant):
    """Easy, Normal and Hard play full games of every variant (to its shortest target)
    with no exception, illegal move or stall; the long runs are in game/bots/README.md."""
    target = min(RulesConfig.for_variant(variant).rules.targets, default=None)  # (none: a game of deals)
    s = run(variant, "normal", "easy", games=2, seed=3, target=target)
    assert s.exceptions == s.illegal == s.stalls == 0, s.errors
    assert s.games >= 2 and s.times["A"] and s.times["B"]
    s = run(
        variant,
        "hard",
        "normal",
        games=1,
        seed=5,
        target=target,
        budget=0.001,
        options={"A": {"horizon": 6, "max_candidates": 2}},
    )
    assert s.exceptions == s.illegal == s.stalls == 0, s.errors


def test_the_arena_counts_head_to_head_with_three_sides():
    """With three sides a game is one win in three by chance; the arena also reports how
    often A finished above each B side (a win is above both, a last place above none)."""
    from game.bots.arena import play_game, summarize

    results = [
        play_game(("three-hand", 2500, seed, seating, "normal", "easy", None, {}, "wall"))
        for seed in (4, 5)
        for seating in range(3)
    ]
    for r in results:
        assert r.ahead in (0.0, 0.25, 0.5, 0.75, 1.0)
        if r.a_won:
            assert r.ahead == 1.0
    assert {r.ahead for r in results} - {1.0}, "some game where A did not finish first"
    s = summarize(results, 1.0)
    assert s.ahead == pytest.approx(sum(r.ahead for r in results) / len(results))
    assert s.ahead >= s.rate


def test_a_logged_arena_run_goes_on_where_it_stopped(tmp_path):
    """A long run over several sittings: games in the log are not played again, a last
    line cut short by a kill is played again, and the summary is the fresh run's."""
    from game.bots.arena_log import ArenaLogError

    log = tmp_path / "run.log"
    fresh = run("classic", "normal", "easy", games=6, seed=21, target=2500)
    first = run("classic", "normal", "easy", games=4, seed=21, target=2500, log=log)
    assert first.resumed == 0 and len(log.read_text().splitlines()) == 1 + 4
    with log.open("a") as f:
        f.write('{"seed": 23, "seating"')  # the game in play when the process was killed
    second = run("classic", "normal", "easy", games=6, seed=21, target=2500, log=log)
    assert second.resumed == 4 and len(log.read_text().splitlines()) == 1 + 6
    assert (second.wins, second.deals, second.margin) == (fresh.wins, fresh.deals, fresh.margin)
    third = run("classic", "normal", "easy", games=6, seed=21, target=2500, log=log)
    assert third.resumed == 6 and (third.wins, third.margin) == (fresh.wins, fresh.margin)
    with pytest.raises(ArenaLogError, match="another run"):  # other levels, target or code: never mixed
        run("classic", "normal", "easy", games=6, seed=21, target=5000, log=log)
    lines = log.read_text().splitlines()
    log.write_text("\n".join([lines[0], lines[1][:-5], *lines[2:]]) + "\n")
    with pytest.raises(ArenaLogError, match="line 2"):
        run("classic", "normal", "easy", games=6, seed=21, target=2500, log=log)


def test_the_report_of_a_log_is_the_runs_report_and_plays_nothing(tmp_path, capsys, monkeypatch):
    import json

    from game.bots import arena

    log = tmp_path / "run.log"
    played = run("classic", "normal", "easy", games=4, seed=21, target=2500, log=log)
    monkeypatch.setattr(arena, "play_game", lambda task: pytest.fail("a report plays no game"))
    assert arena.main(["--report", str(log)]) == 0
    out = capsys.readouterr().out
    assert f"{log}: the bots' own budget on the wall clock; this code" in out
    assert f"A win rate: {played.rate:.1%}" in out and f"{played.wins}/4)" in out
    assert f"mean score margin A-B: {played.margin:+.0f}" in out
    # Another code's log is reported too, and named as such; the log is not touched.
    lines = log.read_text().splitlines()
    head = json.loads(lines[0])
    head["code"] = "0123456789abcdef"
    log.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n" + '{"seed": 23')  # and a cut-off line
    before = log.read_bytes()
    assert arena.main(["--report", str(log)]) == 0
    assert "code 0123456789abcdef, not this code" in capsys.readouterr().out
    assert log.read_bytes() == before
    # Bad logs: a clear message and exit status 2, never a traceback.
    empty, junk, damaged = tmp_path / "empty.log", tmp_path / "junk.log", tmp_path / "damaged.log"
    empty.write_text("")
    junk.write_text("hello\n")
    damaged.write_text("\n".join([lines[0], lines[1][:-5], *lines[2:]]) + "\n")
    for bad, message in (
        (empty, "no games logged"),
        (junk, "line 1 is not JSON"),
        (damaged, "line 2 is not a game result"),
        (tmp_path / "missing.log", "No such file"),
    ):
        with pytest.raises(SystemExit) as exit_:
            arena.main(["--report", str(bad)])
        assert exit_.value.code == 2
        assert message in capsys.readouterr().err


def test_variant_facts_follow_the_variant():
    from game.bots.variant_facts import facts_for

    by_id = {v: facts_for(RulesConfig.for_variant(v)) for v in VARIANT_IDS}
    for variant, facts in by_id.items():
        cfg = facts.config
        packs = cfg.rules.packs
        assert facts.rank_totals[14] == 8 * packs // 2 and facts.rank_totals[15] == 2 * packs, variant
        assert facts.wild_total == 6 * packs and sum(facts.rank_totals) == 54 * packs
        assert facts.canastas_to_go_out == cfg.canastas_to_go_out
        out = cfg.rules.sit_out[0] if cfg.rules.sit_out else None
        playing = len(cfg.play_order(out))
        assert facts.full_stock(out) == 54 * packs - playing * (cfg.hand_size + cfg.rules.foot) - 1
        for seat in cfg.play_order(out):
            assert facts.asked_partner(seat, out) in (*facts.teammates(seat, out), None)
            assert out not in facts.opponents(seat, out) + facts.teammates(seat, out)
    # The engine's own answers for the deal: next player and the asked partner.
    for variant in VARIANT_IDS:
        game = Game(RulesConfig.for_variant(variant), seed=2)
        st = game.state
        facts = by_id[variant]
        for seat in st.order:
            assert facts.next_player(seat, st.out) == st.next_seat(seat), variant
            assert facts.asked_partner(seat, st.out) == st.partner_of(seat), variant


def test_hand_and_foots_full_stock_leaves_out_the_feet():
    """V-HF-DEAL deals each player a foot of 11 too: the stock as dealt is 270 - 4 * 22 - 1,
    so a deal starts with the whole stock left, not four fifths of it (the feet were counted
    as stock, and a Normal partner answered "the stock is nearly gone" with a quarter of it
    left; play-test, stop 48)."""
    from game.bots.knowledge import Knowledge
    from game.bots.variant_facts import facts_for

    cfg = RulesConfig.for_variant("hand-and-foot")
    assert facts_for(cfg).full_stock(None) == 181
    for seed in range(4):
        st = Game(cfg, seed=seed).state
        replaced = sum(len(threes) for threes in st.red_threes)  # dealt red threes, replaced from the stock
        assert len(st.stock) + replaced == 181
        assert Knowledge(st.observation(st.to_act)).stock_fraction() > 0.95


def test_hand_and_foots_normal_weighs_the_stock_with_the_feet():
    """Hand and Foot's Normal was measured weighing the stock left against the stock and the
    feet as dealt (225 cards), and with the stock's true share it lost to itself (47.2% of
    2,000 games, stop 48): it keeps that share (`late_feet`), and so does Hard's evaluation;
    the other tables weigh the stock alone."""
    from game.bots.evaluation import deal_progress
    from game.bots.knowledge import Knowledge
    from game.bots.normal import NormalWeights, lateness

    assert NormalWeights.for_variant("hand-and-foot").late_feet == 1.0
    assert all(NormalWeights.for_variant(v).late_feet == 0.0 for v in ("classic", "samba", "bolivia", "six-hand"))
    st = Game(RulesConfig.for_variant("hand-and-foot"), seed=1).state
    kn = Knowledge(st.observation(st.to_act))
    assert kn.stock_fraction(with_feet=True) == len(st.stock) / 225
    assert lateness(kn, 1.0) == (1 - len(st.stock) / 225) ** 2 > lateness(kn)
    assert deal_progress(st) == 1 - len(st.stock) / 225
    classic = Game(RulesConfig(), seed=1).state
    assert deal_progress(classic) == 1 - len(classic.stock) / 63  # (108 - 4 x 11 - 1)


@pytest.mark.parametrize("out,dealer", [(4, 0), (3, 1), (1, 2)])
def test_five_hand_knowledge_matches_the_deal_in_every_rotation(out, dealer):
    """V-FIVE: with seat 4, 3 or 1 out, Knowledge's next player, asked partner, teammates,
    opponents, unseen cards and full stock agree with the engine's deal (the seat out
    holds nothing and is nobody's teammate, opponent or next player)."""
    from game.bots.knowledge import Knowledge
    from game.rules import Card, GameState, Phase

    five = RulesConfig.for_variant("five-hand")
    state, _ = GameState.deal(five, random.Random(out), dealer=dealer, out=out)
    rng = random.Random(7)
    checked = 0
    while not state.is_over and checked < 150:
        seat = state.to_act
        obs = state.observation(seat)
        kn = Knowledge(obs)
        order = state.order
        assert out not in order and obs.hand_sizes[out] == 0
        assert kn.next_player() == order[(order.index(seat) + 1) % 4]
        if obs.phase is not Phase.ANSWER:
            assert kn.partner() == state.partner_of(seat)
        side = five.side_of(seat)
        assert set(kn.teammates()) == {s for s in order if s != seat and five.side_of(s) == side}
        assert set(kn.opponents()) == {s for s in order if five.side_of(s) != side}
        assert kn.facts.full_stock(obs.out) == 108 - 4 * 11 - 1
        hidden = [0] * 16  # every card this seat cannot see: other hands (less known faces) and the stock
        for s in order:
            if s != seat:
                for c in state.hands[s]:
                    hidden[c.rank] += 1
                for face, n in obs.known[s]:
                    hidden[Card.parse(face).rank] -= n
        for c in state.stock:
            hidden[c.rank] += 1
        assert kn.unseen == hidden
        state.apply(rng.choice(state.legal_moves()))
        checked += 1
    assert checked >= 40


def test_five_and_six_hand_have_their_own_threat_opening_and_going_out():
    """Five-hand and six-hand play with some weights of their own (VARIANT_WEIGHTS, measured
    against Easy); classic and six-hand-2x3 keep the defaults; weights given to the policy
    hold in every variant (tuning, arena --a-weights)."""
    from dataclasses import replace

    from game.bots.knowledge import Knowledge

    w = NormalWeights()
    assert (w.threat_scale, w.open_bonus, w.out_base) == (0.5, 70.0, 30.0)
    given = replace(w, open_bonus=99.0)
    for variant, values in (
        ("five-hand", (1.0, 150.0, 100.0)),
        ("six-hand", (1.0, 150.0, 100.0)),
        ("classic", (0.5, 70.0, 30.0)),
        ("six-hand-2x3", (0.5, 70.0, 30.0)),
    ):
        kn = Knowledge(Game(RulesConfig.for_variant(variant), seed=4).state.observation(0))
        own = NormalPolicy().weights(kn)
        assert own == NormalWeights.for_variant(variant)
        assert (own.threat_scale, own.open_bonus, own.out_base) == values, variant
        assert NormalPolicy(given).weights(kn) == given
    tables = ("classic", "five-hand", "six-hand-2x3", "six-hand", "three-hand", "two-hand", "samba", "hand-and-foot")
    small = {v: NormalWeights.for_variant(v) for v in tables}
    assert {v: (w.take_small, w.take_small_size) for v, w in small.items()} == {
        "classic": (60.0, 4.0),
        "five-hand": (60.0, 4.0),
        "six-hand-2x3": (60.0, 2.0),
        **{v: (0.0, 4.0) for v in ("six-hand", "three-hand", "two-hand", "samba", "hand-and-foot")},
    }


# ---------------------------------------------------------------- the yardstick
def test_the_yardstick_levels_are_arena_only_and_play():
    from game.bots import ARENA_LEVELS, LEVEL_NAMES, LEVELS, YARDSTICK_LEVELS

    assert set(YARDSTICK_LEVELS) == {"normal-v1", "hard-v1"}
    assert not set(YARDSTICK_LEVELS) & set(LEVEL_NAMES)  # never offered in the app
    assert ARENA_LEVELS == LEVELS + YARDSTICK_LEVELS
    s = run("classic", "normal", "normal-v1", games=2, seed=3, target=2500)
    assert s.exceptions == s.illegal == s.stalls == 0, s.errors
    s = run(
        "classic", "hard-v1", "normal-v1", games=1, seed=5, target=2500, budget=0.001, options={"A": {"horizon": 6}}
    )
    assert s.exceptions == s.illegal == s.stalls == 0, s.errors


def test_the_yardstick_depends_on_no_live_bot_module():
    """game/bots/v1 is a frozen copy: it may import the rules engine, the standard
    library, the bot interface (base) and itself, never normal/hard/knowledge/sampler."""
    import ast
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "game" / "bots" / "v1"
    allowed_relative = {(2, "base"), (1, "knowledge"), (1, "normal"), (1, "sampler"), (1, "hard")}
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    assert (node.level, node.module) in allowed_relative, f"{path.name}: {ast.unparse(node)}"
                else:
                    assert node.module is not None and not node.module.startswith("game.bots"), path.name
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("game.bots") for a in node.names), path.name


# ---------------------------------------------------------------- the explainable partner
def test_answers_no_when_the_hand_can_finish_a_canasta():
    from game.bots.reasons import NO_CANASTAS

    # Our nines have 5 cards; the hand holds two more and little else of value. (North, who
    # asks, could go out: the HK on the kings, the C5 discarded.)
    st = position(
        ["C9 S9 C4 H5 D6", "", "HK C5"],
        [{"K": "CK HK SK DK S2 JK D2", "9": "H9 C9 D9 S9 H9"}, {"5": "C5 D5 H5"}],
        discard="S6 H7",
        phase="answer",
        turn=2,
        fill=9,
    )
    normal = make_bot("normal", 1)
    assert normal.act(st.observation(0)).kind is MoveKind.NO
    assert normal.explain() is not None and normal.explain().msgid == NO_CANASTAS


def test_normal_explains_its_answers():
    from game.bots.reasons import NO_POINTS, YES_FEW_CARDS

    st = position(
        ["HA CA SK DK HQ SQ JK D2 C8 S9 H10", "C10 S10 H4", "H9 C4", "D6 S7 H8"],
        [{"K": "CK HK SK DK S2 JK D2", "9": "H9 C9 D9"}, {"5": "C5 D5 H5"}],
        discard="S6 H7",
        phase="answer",
        turn=2,
    )
    normal = make_bot("normal", 1)
    assert normal.act(st.observation(0)).kind is MoveKind.NO
    reason = normal.explain()
    assert reason is not None and reason.msgid == NO_POINTS
    # Meldable: SK DK (kings melded) 20, S9 (nines melded) 10, the joker and D2 70; the rest cannot be.
    assert reason.text() == "I hold 100 points I can still meld."
    st = answering_position()  # (two cards left: the few-cards yes)
    assert normal.act(st.observation(0)).kind is MoveKind.YES
    assert normal.explain() is not None and normal.explain().msgid == YES_FEW_CARDS
    assert normal.explain().text() == "I hold only 2 cards: little would count against us."


def five_hand_position(hands, melds, discard, *, phase, turn, dealer) -> GameState:
    """A five-hand position, South-east (seat 4) out, the rest of the pack the stock."""
    stock = unused_faces(*hands, *(t for side in melds for t in side.values()), discard)
    random.Random(5).shuffle(stock)
    data = {
        "format": "canasta-position/1",
        "variant": "five-hand",
        "scores": [0, 0],
        "dealer": dealer,
        "turn": turn,
        "phase": phase,
        "out": 4,
        "hands": [*hands, ""],
        "melds": melds,
        "discard": discard,
        "stock": " ".join(stock),
        "seed": 3,
    }
    return position_from_json(data)


def five_hand_asked(partner_hand: str) -> GameState:
    """Five-hand, South-east (seat 4) out: North (seat 2) holds two cards and asks "May I go
    out?"; South (seat 0) answers with `partner_hand`. Our kings (4), aces (3) and a canasta
    of queens are down; the opponents have a meld of fives and no canasta; most of the stock
    is left."""
    hands = [partner_hand, "C7 S8 H10 D4 S5 HJ", "HK C5", "D7 C8 S10 C4 D5 SJ"]
    melds = [{"K": "CK HK SK DK", "A": "HA CA DA", "Q": "HQ DQ SQ HQ DQ SQ CQ"}, {"5": "C5 D5 H5"}]
    return five_hand_position(hands, melds, "S6 H7", phase="answer", turn=2, dealer=1)


def test_five_hand_normal_freezes_a_pile_every_natural_would_hand_over():
    """Stop 55 (five-hand watched): West, next, has melded sevens, nines and jacks, and the
    pile holds nine cards; South's every natural would give West the pile. Five-hand throws
    the two, freezing it (`wild_freeze` 1: a wild card keeps less by the least danger of the
    hand's naturals); at 0, Normal before, a natural."""
    from dataclasses import replace

    melds = [{"K": "CK HK SK"}, {"7": "C7 D7 H7", "9": "C9 D9 S9", "J": "CJ HJ SJ"}]
    pile = "C4 H5 D6 S8 C10 HQ DA S4 H8"
    others = ["", "C5 D8 H10 S10 DQ CA HA D4", "S5 H6 C8 D10 SQ SA H4 C6", "D5 S6 H10 C10 CQ DA SA D6"]

    def discard(hand, weights=None):
        st = five_hand_position([hand, *others[1:]], melds, pile, phase="meld", turn=0, dealer=3)
        assert st.to_act == 0
        move = make_bot("normal", 0, weights=weights).act(st.observation(0))
        assert move.kind is MoveKind.DISCARD, str(move)
        return move.card.face

    before = replace(NormalWeights.for_variant("five-hand"), wild_freeze=0.0)
    assert discard("C2 S7 H9 DJ") == "C2"
    assert discard("C2 S7 H9 DJ", before) != "C2"
    assert NormalWeights.for_variant("classic").wild_freeze == 0.0


# Where `wild_freeze` won against Normal without it (README, stop 55): five-hand, six-hand-2x3.
WILD_FREEZE = ("five-hand", "six-hand-2x3")


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_wild_freeze_is_set_where_it_was_measured_to_win(variant):
    assert NormalWeights.for_variant(variant).wild_freeze == (1.0 if variant in WILD_FREEZE else 0.0)


def test_six_hand_2x3_normal_freezes_a_pile_every_natural_would_hand_over():
    """Stop 55 (the other variants): as in five-hand, West, next, has melded sevens, nines
    and jacks, the pile holds nine cards and South's every natural would give West the
    pile. Six-hand-2x3 throws the two, freezing it (`wild_freeze` 1: 53.5% of 4,000 games
    against Normal without it); at 0, Normal before, a natural."""
    from dataclasses import replace

    melds = [{"K": "CK HK SK"}, {"7": "C7 D7 H7", "9": "C9 D9 S9", "J": "CJ HJ SJ"}]
    pile = "C4 H5 D6 S8 C10 HQ DA S4 H8"
    st = position(["C2 S7 H9 DJ"], melds, discard=pile, phase="meld", turn=0, variant="six-hand-2x3")
    assert st.to_act == 0 and st.config.side_of(1) == 1

    def discard(weights=None):
        move = make_bot("normal", 0, weights=weights).act(st.observation(0))
        assert move.kind is MoveKind.DISCARD, str(move)
        return move.card.face

    assert discard() == "C2"
    assert discard(replace(NormalWeights.for_variant("six-hand-2x3"), wild_freeze=0.0)) != "C2"


def test_five_hand_partner_says_no_for_the_wild_cards_it_could_meld():
    """Stop 55 (five-hand watched): South holds a joker and a two beside four cards that fit
    nothing of ours, and says "no" for the wild cards (70 points it could meld; held when
    North goes out they count against us). `answer_wild` 0, the experiment not kept (played
    out from the real deal, "no" was better by about 240 points a case), counts none: yes. A
    wild card that would finish a canasta says no either way (`completes_canasta_next`)."""
    from dataclasses import replace

    from game.bots import reasons as why
    from game.bots.reasons import BotReason

    def answer(state, weights=None):
        bot = make_bot("normal", 0, weights=weights)
        assert state.to_act == 0
        return bot.act(state.observation(0)).kind, bot.explain()

    st = five_hand_asked("JK C2 S4 H6 D9 DJ")
    assert answer(st) == (MoveKind.NO, BotReason.of(why.NO_POINTS, points=70))
    none = replace(NormalWeights.for_variant("five-hand"), answer_wild=0.0)
    assert answer(st, none) == (MoveKind.YES, BotReason.of(why.YES_NONE_TO_MELD, cards=6))
    # The two wild cards and a king finish our kings: no, whatever the wild cards' count.
    st = five_hand_asked("JK C2 DK H6 D9 DJ")
    assert answer(st) == answer(st, none) == (MoveKind.NO, BotReason.of(why.NO_CANASTAS))
    assert all(NormalWeights.for_variant(v).answer_wild == 1.0 for v in VARIANT_IDS)


def test_the_watch_prints_the_decisions_of_interest(capsys):
    """`tools/watch_normal.py` (stop 55): Normal on every seat, the decisions of interest
    printed with the seat's view (the seat sitting out, the order of play, the partner, the
    next player), and every kind counted."""
    watch = tool_module("watch_normal")
    assert watch.main(["--variant", "five-hand", "--seeds", "55017", "55018", "--deals", "2"]) == 0
    out = capsys.readouterr().out
    assert "== seed 55017 deal 0 ends: went-out" in out and "deal ends: went-out: 2" in out
    assert "out=4 order=(0, 1, 2, 3)" in out and "out=3 order=(0, 1, 2, 4)" in out
    assert "ANSWER yes" in out and "answer yes: 2" in out


def test_the_black_threes_count_counts_each_deal_to_the_games_end(capsys):
    """`tools/black_threes.py` (stop 57): Normal on every seat in Bolivia; every deal's end
    counted, a game's last one too, with the black threes the sides held and what they cost
    (100 each, V-BOL-BLACK3)."""
    count = tool_module("black_threes")
    assert count.main(["--variant", "bolivia", "--seeds", "57000", "57001", "--deals", "4"]) == 0
    out = capsys.readouterr().out
    assert "deals 3, sides' ends 6" in out
    assert "held at a deal's end: 0: 5, 5: 1" in out and "black threes 5, points 500" in out


def test_the_playout_plays_a_kind_of_decision_out_both_ways(capsys):
    """`tools/playout_normal.py` (stop 55): each decision of the kind played to the deal's end
    both ways; the summary counts the cases."""
    playout = tool_module("playout_normal")
    argv = ["--variant", "five-hand", "--seeds", "55017", "55018", "--continuations", "2"]
    assert playout.main([*argv, "--kind", "no", "--weights", "answer_wild=0"]) == 0
    out = capsys.readouterr().out
    assert "seed 55017 deal 1 seat 2" in out and ": no / yes: " in out
    assert "no: 2 cases, the other move - Normal's = " in out


@pytest.mark.parametrize("level", LEVELS)
def test_a_big_take_is_explained_and_other_moves_are_not(level):
    from game.bots.reasons import TAKE_WILD

    st = position(
        ["C9 H9 D5 SK HQ C6 S7 D8"], [{"K": "DK CK HK"}, {}], discard="C4 H6 DQ SQ JK HJ CJ D10 S10 HA D9", turn=0
    )
    b = bot(level)
    move = b.act(st.observation(0))
    if move.kind is MoveKind.TAKE:
        assert b.explain() is not None
        if level == "normal":
            assert b.explain().msgid == TAKE_WILD and b.explain().text() == "It holds a wild card."
    st = position(["D2 C5 H9 SK D8 HJ"], [{"A": "HA CA DA"}, {}], discard="C6", phase="meld", turn=0)
    b.act(st.observation(0))
    assert b.explain() is None


def test_the_arena_takes_weights_for_a_and_refuses_unknown_ones(capsys):
    from game.bots.arena import main

    with pytest.raises(SystemExit):
        main(["--a", "normal", "--b", "easy", "--games", "2", "--a-weights", "no_such_weight=1"])
    with pytest.raises(SystemExit):
        main(["--a", "easy", "--b", "normal", "--games", "2", "--a-weights", "take_base=12"])
    assert (
        main(["--a", "normal", "--b", "normal-v1", "--games", "2", "--target", "2500", "--a-weights", "take_base=12"])
        == 0
    )
    assert "A's weights changed: take_base=12" in capsys.readouterr().out


def test_the_arena_plays_a_game_of_a_number_of_deals_and_refuses_a_target_for_it(capsys):
    from game.bots.arena import main

    argv = ["--a", "normal", "--b", "easy", "--games", "1", "--variant", "hand-and-foot"]
    with pytest.raises(SystemExit):
        main([*argv, "--target", "5000"])
    assert "played over 4 deals, not to a target" in capsys.readouterr().err
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "hand-and-foot, 4 deals a game: 2 games, 8 deals" in out  # duplicate deals: a pair


def test_the_arena_takes_settings_for_a_and_refuses_unknown_ones(capsys):
    from game.bots.arena import main

    for bad in ("no_such_setting=1", "prune", "prune=many"):
        with pytest.raises(SystemExit):
            main(["--a", "hard", "--b", "normal", "--games", "2", "--a-options", bad])
    argv = ["--a", "hard", "--b", "normal", "--games", "2", "--target", "2500", "--budget", "0.002"]
    assert main([*argv, "--a-options", "prune=2,max_candidates=6,left_pair=0.25"]) == 0
    assert "A's settings changed: prune=2,max_candidates=6,left_pair=0.25" in capsys.readouterr().out


# ---------------------------------------------------------------- Hard's search settings
class TickingClock:
    """A clock that moves `step` seconds each time it is read: a search's length on it
    depends on the code alone, never on the machine."""

    def __init__(self, step: float):
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize("level", ("hard", "hard-v1"))
def test_the_search_budget_runs_on_the_bots_clock(level):
    # The clock is read for the deadline (0.1 + 0.35) and then after each world: the
    # readings 0.2, 0.3 and 0.4 let a world more be played, 0.5 ends the search at four.
    st = position(["H7 D4 HQ SQ HK SK"], [{"A": "HA CA DA"}, {"7": "C7 D7 S7"}], discard="C4 D9", phase="meld")
    hard = make_bot(level, 1, budget=0.35, horizon=4)
    hard.clock = TickingClock(0.1)
    hard.choose(st.observation(0), random.Random(1))
    assert hard.last_iterations == 4


def test_the_arena_runs_the_bots_on_the_clock_it_is_given(monkeypatch):
    from game.bots import arena

    seen: set[object] = set()
    real = arena.make_bot

    def spy(*args, **kwargs):
        made = real(*args, **kwargs)
        original = made.choose

        def choose(*a, **k):
            seen.add(made.clock)
            return original(*a, **k)

        made.choose = choose
        return made

    monkeypatch.setattr(arena, "make_bot", spy)
    arena.play_game(("classic", 2500, 7, 0, "normal", "easy", None, {}, "cpu"))
    assert seen == {arena.CLOCKS["cpu"]}


def test_hard_stops_searching_once_every_alternative_is_clearly_worse():
    from game.bots.hard import PRUNE_OFF

    # Feeding the next opponent's melded sevens (or the pile's tens and nines) is far worse
    # than D4: with pruning on, those candidates stop after their first worlds and, Normal's
    # move being the only one left, the search ends long before its 200 worlds.
    obs = feeding_position().observation(0)
    searched = make_bot("hard", 1, iterations=200, horizon=16, prune=PRUNE_OFF)
    pruned = make_bot("hard", 1, iterations=200, horizon=16, prune=1.0, prune_after=6)
    assert searched.choose(obs, random.Random(2)) == pruned.choose(obs, random.Random(2))
    assert searched.last_iterations == 200
    assert pruned.last_iterations < 200


def test_the_arena_report_to_a_reader_that_left_ends_quietly():
    """`python -m game.bots.arena ... | head -1`: no BrokenPipeError traceback, exit 141."""
    import os
    import subprocess
    import sys

    from game.rules.cli import BROKEN_PIPE

    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will ever read: the report's flush fails
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "game.bots.arena", "--a", "easy", "--b", "easy", "--games", "1", "--target", "2500"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
        )
    finally:
        os.close(write_end)
    assert proc.returncode == BROKEN_PIPE and proc.stderr == "", proc.stderr


def test_the_pile_tells_who_left_and_who_discarded_each_rank():
    # Seat 0 to draw; from the top down the pile's cards were discarded by seats 3, 2, 1
    # and 0, and each was left on top by the next player (seat 0's own facts are not kept).
    from game.bots.sampler import PileEvidence

    st = position(["H7 D4 HQ SQ HK SK"], discard="C4 H6 D9 SK", turn=0)
    ev = PileEvidence.read(st.observation(0), 0.25, 0.5)
    assert ev is not None
    assert ev.left == (frozenset(), frozenset({4}), frozenset({6}), frozenset({9}))
    assert ev.discarded == (frozenset(), frozenset({6}), frozenset({9}), frozenset({13}))
    assert PileEvidence.read(st.observation(1), 0.25, 0.5) is None  # not seat 1's turn


def test_sampled_hands_follow_the_evidence_of_the_pile():
    # Seat 3 left a nine on top of the pile: with inference, its sampled hands hold a pair
    # of nines far less often than uniform worlds give it one.
    from game.bots.sampler import PileEvidence

    st = position(["H7 D4 HQ SQ HK SK C5 D6 S8 H10 CJ"], discard="C4 H6 D9 SK", turn=0, fill=11)
    obs = st.observation(0)
    ev = PileEvidence.read(obs, 0.0, 1.0)

    def pairs_of_nines(evidence) -> int:
        rng = random.Random(4)
        worlds = (sample_world(obs, rng, evidence) for _ in range(300))
        return sum(sum(1 for c in w.hands[3] if c.rank == 9) >= 2 for w in worlds)

    uniform, inferred = pairs_of_nines(None), pairs_of_nines(ev)
    assert uniform > 40 and inferred < uniform / 4, (uniform, inferred)


def test_hard_weighs_freezing_a_big_pile_with_a_wild_card():
    # Normal never throws a wild card away, so it ranks last among its discards: with
    # `freeze_pile`, a big unfrozen pile makes the cheapest wild discard a candidate anyway.
    from game.bots.hard import HardBot

    st = position(["D2 C5 H9 SK D8 HJ C4"], [{"A": "HA CA DA"}, {}], discard="C6 D9 S8 H7 C10 S6", phase="meld")
    obs = st.observation(0)
    plain, freezing = HardBot(seed=1, max_candidates=4, freeze_pile=0), HardBot(seed=1, max_candidates=4, freeze_pile=5)
    base = plain.policy.choose(obs)

    def wild_discards(bot: HardBot) -> list[str]:
        return [str(m) for m in bot.candidates(obs, base) if m.kind is MoveKind.DISCARD and m.card.is_wild]

    assert wild_discards(plain) == []
    assert wild_discards(freezing) == ["discard D2"]
    assert wild_discards(HardBot(seed=1, max_candidates=4, freeze_pile=7)) == []  # a pile of six is not big enough


def test_hard_searches_classic_with_its_own_shape_unless_told_otherwise():
    # Classic searches as hard-v1 does (40-move playouts, four candidates, none stopped, no
    # freezing discard: measured against hard-v1, stop 31), five-hand and six-hand too (stop 36);
    # Samba its 40-move playouts alone (stop 56); the other tables the general shape.
    from game.bots.hard import PRUNE_OFF, HardBot, SearchShape
    from game.rules.variants import VARIANT_IDS

    def shape(bot: HardBot) -> tuple:
        return (bot.horizon, bot.max_candidates, bot.prune, bot.freeze_pile)

    obs = feeding_position().observation(0)
    assert obs.config.rules.id == "classic"
    default = HardBot(seed=1, iterations=8)
    told = HardBot(seed=1, iterations=8, horizon=12, freeze_pile=7)
    outright = HardBot(seed=1, iterations=8, horizon=40, max_candidates=4, prune=PRUNE_OFF, freeze_pile=0)
    assert shape(default) == (80, 6, 2.0, 5)  # before a decision: the general shape
    moves = [bot.choose(obs, random.Random(2)) for bot in (default, told, outright)]
    assert shape(default) == (40, 4, PRUNE_OFF, 0)
    assert shape(told) == (12, 4, PRUNE_OFF, 7)  # what it was given stays
    assert moves[0] == moves[2] and default.last_iterations == outright.last_iterations == 8
    # Five-hand and six-hand (stop 36) search as classic does, six-hand's playouts 60 moves.
    assert SearchShape.for_variant("five-hand") == SearchShape(40, 4, PRUNE_OFF, 0)
    assert SearchShape.for_variant("six-hand") == SearchShape(60, 4, PRUNE_OFF, 0)
    # Samba (stop 56): 40-move playouts, the general shape otherwise; not Bolivia, where no shape
    # chose better (stop 57, as in six-hand-2x3).
    assert SearchShape.for_variant("samba") == SearchShape(40, 6, 2.0, 5)
    own = ("classic", "five-hand", "six-hand", "samba")
    others = {v: SearchShape.for_variant(v) for v in VARIANT_IDS if v not in own}
    assert "bolivia" in others and "hand-and-foot" in others
    assert all(s == SearchShape() for s in others.values()), others


def test_hard_s_playouts_by_rounds_end_where_the_deciding_player_s_turn_comes_round(monkeypatch):
    # With `rounds`, every candidate is judged at the deciding player's next draw (or the deal's
    # end), however many moves it took; without, after `horizon` moves.
    from game.bots import hard as hard_module
    from game.rules import Phase

    st = feeding_position()
    seat = st.to_act
    ends: list[tuple[Phase, int | None]] = []
    real = hard_module.evaluate

    def judged(state, side):
        ends.append((state.phase, state.to_act))
        return real(state, side)

    monkeypatch.setattr(hard_module, "evaluate", judged)
    obs = st.observation(seat)
    side = obs.config.side_of(seat)
    for rounds in (1, 2):
        bot = hard_module.HardBot(seed=1, horizon=200, rounds=rounds)
        bot.adopt_shape(hard_module.SearchShape())
        rng = random.Random(3)
        for move in obs.legal[:6]:
            ends.clear()
            world = bot.sample(obs, rng)
            moves_before = bot.work
            assert bot.value_of(world, move, side) is not None
            assert ends == [(Phase.DRAW, seat)] or ends[0][0] is Phase.OVER
            if rounds == 2:  # two turns of every other player at least
                assert bot.work - moves_before > 2 * (obs.config.players - 1)
    plain = hard_module.HardBot(seed=1, horizon=5)
    plain.adopt_shape(hard_module.SearchShape(horizon=5))
    before = plain.work
    plain.value_of(plain.sample(obs, random.Random(3)), obs.legal[0], side)
    assert plain.work - before == 1 + 5  # the move itself, then five


def test_the_learned_evaluation_judges_a_playout_cut_short_and_values_what_a_hand_holds(monkeypatch):
    from game.bots import evaluation
    from game.bots import hard as hard_module

    early = position(["S9 H9 D9 SK HK JK D5", "C4 D6"], [{}, {}], discard="C7 H8", phase="draw", turn=1)
    coefficients = evaluation.COEFFICIENTS["classic"]
    assert len(coefficients) == len(evaluation.EVAL_FEATURES)
    # Early in the deal a hand of pairs and a joker is worth more than two odd cards; `evaluate`
    # counts every held card against its side.
    assert evaluation.learned_value(early, 0, coefficients) > 0 > hard_module.evaluate(early, 0)
    assert evaluation.learned_value(early, 1, coefficients) == -evaluation.learned_value(early, 0, coefficients)
    judged: list[int] = []
    real = evaluation.learned_value

    def counted(state, side, coefs):
        judged.append(side)
        return real(state, side, coefs)

    monkeypatch.setattr(hard_module, "learned_value", counted)
    obs = feeding_position().observation(0)
    for learned in (0, 1):
        bot = hard_module.HardBot(seed=1, iterations=3, learned=learned)
        bot.choose(obs, random.Random(2))
        assert bool(judged) is bool(learned)  # every playout cut short, and only with `learned`


def test_draw_streams_give_each_seat_its_own_cards_of_the_stock_whatever_was_played_before():
    from game.bots.hard import DrawStreams, HardBot

    world = HardBot(seed=1).sample(feeding_position().observation(0), random.Random(5))
    order = world.stock[::-1]  # the top first
    streams = DrawStreams(world.stock, first=0, players=4)
    st = world.copy()
    st.stock.pop()  # a card gone meanwhile (a red three's replacement, say)
    streams.arrange(st, 2)
    assert st.stock[-1] == order[2]  # seat 2's first draw: the third card, as if seat 0 and 1 drew first
    st.stock.pop()
    streams.arrange(st, 2)
    assert st.stock[-1] == order[2 + 4]  # its second: one round of draws later
    left = [str(c) for c in world.stock]
    for gone in (order[0], order[2]):  # the two cards popped: the top, then seat 2's first
        left.remove(str(gone))
    assert sorted(map(str, st.stock)) == sorted(left)  # otherwise only the order changes
    # In a search, every candidate's playout starts from the same streams: the same cards each.
    bot = HardBot(seed=1, iterations=4, streams=1)
    assert bot.choose(feeding_position().observation(0), random.Random(2)) in feeding_position().observation(0).legal


def test_with_opponent_styles_each_world_s_opponents_play_normal_or_a_style(monkeypatch):
    # `opponent_styles`: per world, each seat of another side plays Normal or one of its styles
    # in every candidate's playout (the same draw for every candidate: paired); our side Normal.
    from collections import Counter

    from game.bots import hard as hard_module
    from game.bots.styles import style_policies

    obs = feeding_position().observation(0)
    bot = hard_module.HardBot(seed=1, iterations=12, opponent_styles=1)
    drawn = [bot.opponent_policies(obs, random.Random(k)) for k in range(30)]
    assert all(sorted(d) == [1, 3] for d in drawn)  # the seats of the other side only
    styles = style_policies("classic", None)
    used = {id(p) for d in drawn for p in d.values()}
    assert used == {id(bot.policy), *map(id, styles)}  # Normal and every style come up

    seen: list[dict | None] = []  # each playout's `theirs`, kept alive so identities differ

    real = hard_module.HardBot.playout

    def watched(self, st, side, ours=None, until=None, streams=None, theirs=None):
        seen.append(theirs)
        return real(self, st, side, ours, until, streams, theirs)

    monkeypatch.setattr(hard_module.HardBot, "playout", watched)
    move = bot.choose(obs, random.Random(2))
    assert move in obs.legal and bot.last_iterations == 12
    assert all(t is not None and sorted(t) == [1, 3] for t in seen)
    assert len({id(t) for t in seen}) == 12  # one draw a world, shared by that world's candidates
    per_world = Counter(id(t) for t in seen)
    assert len(set(per_world.values())) == 1 and len(seen) > 12  # every candidate in every world
    seen.clear()
    hard_module.HardBot(seed=1, iterations=3).choose(obs, random.Random(2))
    assert seen and all(t is None for t in seen)  # off: Normal everywhere


@pytest.mark.parametrize("gain, kept", [(2.0, False), (-1.0, True)])
def test_the_tuner_against_a_fixed_opponent_keeps_a_change_only_for_the_gain(capsys, gain, kept):
    """`--against LEVEL`: the same deals for every trial, and a change kept only when it wins
    `--gain` more of them (an impossible gain keeps nothing; a negative one the first trial)."""
    tune = tool_module("tune_normal")
    argv = ["--against", "easy", "--games", "2", "--target", "2500", "--jobs", "1", "--only", "keep_wild"]
    assert tune.main([*argv, "--gain", str(gain)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("start: win ")
    trials = [line for line in out.splitlines() if line.startswith("pass 0 keep_wild")]
    assert len(trials) == (1 if kept else 2)  # a kept change ends the weight's trials
    assert ("KEEP" in trials[0]) is kept
    assert f"keep_wild: float = {165.0 if kept else 110.0!r}" in out


def test_the_evaluation_fit_recovers_a_linear_model_and_reports_both_evaluations(capsys):
    fitting = tool_module("fit_evaluation")
    rng = random.Random(3)
    rows = []
    for _ in range(200):
        x = [rng.uniform(-5, 5) for _ in range(3)]
        rows.append((x, 3.0 * x[0] - 2.0 * x[1] + 0.5 * x[2], 0.0))
    assert [round(c, 6) for c in fitting.fit(rows, ridge=0.0)] == [3.0, -2.0, 0.5]
    assert fitting.main(["--deals", "20", "--every", "8"]) == 0
    out = capsys.readouterr().out
    assert "held out: fitted R² " in out and "evaluate() R² " in out
    assert out.count("  # ") == len(fitting.EVAL_FEATURES)  # one coefficient a feature


def test_late_decisions_come_from_the_deals_near_the_games_end():
    bench = tool_module("bench_hard")
    late = bench.decision_states("classic", 6, 1, late=0.2)
    assert len(late) == 6
    assert all(bench.near_the_end(st, 0.2) and max(st.scores) >= 4000 for st in late)
    # Without `late`, the decisions of first deals, as every reference before it.
    assert all(st.scores == [0, 0] for st in bench.decision_states("classic", 6, 1))


def test_decisions_of_two_seeds_come_from_other_games():
    bench = tool_module("bench_hard")
    one, two = (bench.decision_states("classic", 30, seed) for seed in (1, 2))
    assert len(one) == len(two) == 30
    assert not any(position_to_json(a) == position_to_json(b) for a in one for b in two)


def test_reference_kinds_group_each_alternative_against_normals_move(capsys, tmp_path):
    regret = tool_module("bench_hard_regret")

    def row(phase, hand, pile, moves, values):
        position = {"phase": phase, "turn": 1, "hands": ["", hand], "discard": pile}
        return {"position": position, "moves": moves, "values": values}

    rows = [
        row("draw", "S9 H9 D5", "C4 SK", ["take SK", "draw"], [100.0, 160.0]),
        row("draw", "S9 H9 D5", "C4 D4 H4 S4 C5 SK", ["take SK", "draw"], [100.0, 40.0]),
        row("meld", "S9 H9 D5 S3", "C4 C6 D6 H6 S7 C8", ["discard S9", "discard D5", "discard S3"], [0.0, 80.0, -5.0]),
    ]
    groups = regret.kind_groups(rows)
    assert groups[("draw", "take", "draw")] == [60.0, -60.0]
    assert groups[("take, or draw instead", "pile of 2")] == [60.0]
    assert groups[("take, or draw instead", "pile of 6 or more")] == [-60.0]
    assert groups[("meld", "discard", "discard")] == [80.0, -5.0]
    assert groups[("discard", "pair", "instead", "single", "pile of 6 or more")] == [80.0]
    assert groups[("discard", "pair", "instead", "black three", "pile of 6 or more")] == [-5.0]
    ref = tmp_path / "ref.json"
    ref.write_text(json.dumps({"decisions": rows}))
    assert regret.main(["kinds", str(ref), "--least", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 decisions;")
    assert "draw / take / draw" in out and "pile of 2" not in out  # one decision: below --least


def test_scoring_a_reference_on_the_work_clock_repeats_exactly(capsys, tmp_path):
    regret = tool_module("bench_hard_regret")
    ref = tmp_path / "ref.json"
    assert regret.main(["reference", "--out", str(ref), "--positions", "3", "--worlds", "2", "--seed", "4"]) == 0
    capsys.readouterr()
    argv = ["score", str(ref), "--budget", "0.02", "--work-us", "100"]
    outs, worlds = [], []
    for _ in range(2):
        assert regret.main(argv) == 0
        out = capsys.readouterr().out
        outs.append(out.split("; decision CPU time")[0])  # the times are the machine's
        worlds.append(out.split("; worlds a decision")[1])  # the worlds are the work clock's
    assert outs[0] == outs[1] and "budget 0.02 s of work (100 µs a unit)" in outs[0]
    assert worlds[0] == worlds[1] and worlds[0].startswith(" median ")


def test_paired_pools_the_saved_regrets_of_several_references(capsys, tmp_path):
    regret = tool_module("bench_hard_regret")
    saves = {}
    for name, values in {"a1": [10.0, None], "a2": [0.0, 30.0], "b1": [20.0, 5.0], "b2": [10.0, 0.0]}.items():
        saves[name] = tmp_path / f"{name}.json"
        saves[name].write_text(json.dumps(values))
    argv = ["paired", str(saves["a1"]), str(saves["a2"]), "--against", str(saves["b1"]), str(saves["b2"])]
    assert regret.main(argv) == 0
    out = capsys.readouterr().out
    # The decision A did not value drops out of the pair: -10, -10, +30 over three decisions.
    assert out.startswith("regret 13.3 ± ") and "paired: +3.3 ± " in out and "(3 decisions)" in out
    with pytest.raises(SystemExit, match="as many"):
        regret.main(["paired", str(saves["a1"]), "--against", str(saves["b1"]), str(saves["b2"])])
    # Two draws of a reference are averaged decision by decision before the pair: 0 and 17.5.
    joined = f"{saves['a2']}+{saves['b1']}"
    assert regret.main(["paired", joined, "--against", str(saves["b2"])]) == 0
    assert "paired: +8.8 ± " in capsys.readouterr().out
    assert regret.search_rng(4, 2, 0).random() == random.Random(4002).random()  # draw 0: as always
    assert regret.search_rng(4, 2, 1).random() != regret.search_rng(4, 2, 2).random()


def test_distilling_normal_values_its_choices_by_a_references_candidates(capsys, tmp_path):
    regret = tool_module("bench_hard_regret")
    distil = tool_module("distil_normal")
    ref = tmp_path / "ref.json"
    assert regret.main(["reference", "--out", str(ref), "--positions", "4", "--worlds", "2", "--seed", "4"]) == 0
    capsys.readouterr()
    decisions = distil.load([str(ref)])
    assert decisions and all(d.moves[0] == str(NormalPolicy().choose(d.obs)) for d in decisions)
    weights = NormalWeights.for_variant("classic")
    assert distil.gains(weights, decisions, "worst") == [0.0] * len(decisions)  # the reference's own Normal
    # A choice none of the candidates: the worst of them, or left out.
    d = decisions[0]
    elsewhere = [distil.Decision(d.obs, ("draw x", *d.moves[1:]), d.values)]
    assert distil.gains(weights, elsewhere, "worst") == [min(d.values) - d.values[0]]
    assert distil.gains(weights, elsewhere, "skip") == [None]
    assert distil.outside_count(weights, elsewhere) == 1
    assert distil.main([str(ref), "--only", "keep_wild", "--passes", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{len(decisions)} decisions (") and "held-out decisions:" in out
    seeing = tmp_path / "seeing.json"
    seeing.write_text(json.dumps({**json.loads(ref.read_text()), "clairvoyant": True}))
    with pytest.raises(SystemExit, match="sees hidden cards"):
        distil.load([str(seeing)])
    assert [d.values for d in distil.load([str(seeing)], real_deal=True)] == [d.values for d in decisions]
    partly = tmp_path / "partly.json"
    partly.write_text(json.dumps({**json.loads(ref.read_text()), "see": "next"}))
    with pytest.raises(SystemExit, match="a part of the hidden cards"):
        distil.load([str(partly)], real_deal=True)


def test_choice_rules_pick_normal_s_move_unless_the_worlds_clearly_say_otherwise():
    regret = tool_module("bench_hard_regret")
    rules = regret.CHOICE_RULES
    normal = [0.0, 10.0, -10.0, 5.0, 0.0, 20.0]
    steady = [x + d for x, d in zip(normal, [10.0, 12.0, 9.0, 11.0, 10.0, 13.0])]  # better in every world
    even = [x + d for x, d in zip(normal, [-5.0, 5.0, -4.0, 4.0, 0.0, 1.0])]
    values = [normal, even, steady]
    assert rules["mean, 1 SE (today's)"](values) == 2
    assert rules["Normal's move"](values) == 0
    assert rules["sign, z 2"](values) == 2  # 6 worlds won of 6
    assert rules["mean, 1 SE (today's)"]([normal, even]) == 0
    # One huge world carries the mean but neither the sign test nor a clipped mean.
    base = [0.0] * 8
    lucky = [2000.0] + [-10.0] * 7
    assert rules["mean, 0 SE"]([base, lucky]) == 1
    assert rules["sign, z 1"]([base, lucky]) == 0
    assert rules["clipped at 300, 1 SE"]([base, lucky]) == 0
    assert regret._winsorized([1.0, 2.0, 3.0, 4.0, 100.0], 0.2) == [2.0, 2.0, 3.0, 4.0, 4.0]
    # A candidate illegal in one of the drawn worlds (Hard counts -1e6) is never chosen.
    illegal = [50.0, -1e6, 50.0]
    for rule in rules.values():
        assert rule([[0.0, 0.0, 0.0], illegal]) == 0
    assert regret._paired_diffs([[0.0, 0.0], [50.0, 50.0]], 1) == [50.0, 50.0]


def test_rules_judge_the_choice_rules_on_kept_worlds_against_the_real_deal(capsys, tmp_path):
    regret = tool_module("bench_hard_regret")
    sampled, real = tmp_path / "sampled.json", tmp_path / "real.json"
    common = ["--positions", "3", "--candidates", "3", "--seed", "4"]
    assert regret.main(["reference", "--out", str(sampled), "--worlds", "6", "--keep-worlds", *common]) == 0
    assert regret.main(["reference", "--out", str(real), "--worlds", "2", "--clairvoyant", *common]) == 0
    rows = json.loads(sampled.read_text())["decisions"]
    assert all(len(v) == 6 for row in rows for v in row["world_values"])
    capsys.readouterr()
    assert regret.main(["rules", str(sampled), "--truth", str(real), "--worlds", "4", "--draws", "5"]) == 0
    out = capsys.readouterr().out
    assert "4 of 6 sampled worlds drawn 5 times a decision" in out
    assert all(name in out for name in regret.CHOICE_RULES)
    assert "paired   +0.0 ±   0.0" in out  # today's rule against itself
    with pytest.raises(SystemExit, match="without --keep-worlds"):
        regret.main(["rules", str(real), "--truth", str(real)])
    # widths: Hard's rule over the first k candidates, with the worlds the same time buys.
    assert (
        regret.main(["widths", str(sampled), "--truth", str(real), "--worlds", "2", "--at", "3", "--draws", "3"]) == 0
    )
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "(2 at 3)" in lines[0]
    assert lines[1].split("regret")[0].strip() == "3 candidates, 2 worlds"  # today's width first
    assert lines[2].split("regret")[0].strip() == "2 candidates, 3 worlds"
    assert "paired   +0.0 ±   0.0" in lines[1]


@given(st.text(max_size=60))
def test_reading_a_reasons_code_never_fails(code):
    from game.bots.reasons import BotReason

    reason = BotReason.from_code(code)
    assert reason is None or "{" not in reason.text()


@pytest.mark.parametrize("variant", ["classic", "samba", "bolivia", "hand-and-foot"])
def test_a_discard_s_weighing_adds_up_to_its_cost(variant):
    """The H hint says why Normal discards a card from `weigh_discard`'s parts: they are the
    very cost Normal discards by (keep + danger), and the card it discards costs least."""
    from game.bots.knowledge import Knowledge
    from game.rules import Phase

    cfg = RulesConfig.for_variant(variant)
    game = Game(cfg, 7)
    bots = [make_bot("normal", i) for i in range(cfg.players)]
    policy, seen = NormalPolicy(), 0
    for _ in range(400):
        state = game.state
        if state.phase is Phase.OVER:
            break
        obs = state.observation(state.to_act)
        move = bots[state.to_act].act(obs)
        if move.kind is MoveKind.DISCARD and len(obs.legal) > 1:
            kn = Knowledge(obs)
            costs = {}
            for m in obs.legal:
                if m.kind is MoveKind.DISCARD:
                    weighed = policy.weigh_discard(kn, m.card)
                    assert weighed.cost == policy.discard_cost(kn, m)
                    assert weighed.cost == weighed.keep + weighed.danger
                    assert weighed.kept_as in ("wild", "black three", "meld", "triple", "pair", "single")
                    costs[m.card] = weighed.cost
            assert costs[move.card] == min(costs.values())
            seen += 1
        game.apply(move)
    assert seen >= 10


def test_hard_counts_the_game_won_or_lost_when_a_playout_ends_it():
    # Stop 50: Hard judged a playout by the deal's points alone, so a going out that wins the
    # game now could weigh less than playing on for more points (a Hard partner once said "no"
    # where going out won). With `game_win` a deal that ends the game counts that much more for
    # our side's win and less for a loss; a deal that does not end it, nothing.
    from game.bots.hard import HardBot

    melds = [{"K": "DK DK CK HK SK CK SK"}, {"9": "C9 D9 H9"}]
    st = position(["C5"], melds, discard="C6", phase="meld", scores=[2000, 2300], target=2500)
    out = Move.parse("discard C5")
    plain, counting = HardBot(seed=1), HardBot(seed=1, game_win=800)
    assert counting.value_of(st, out, 0) == plain.value_of(st, out, 0) + 800  # 2000 + 670: the game is ours
    assert counting.value_of(st, out, 1) == plain.value_of(st, out, 1) - 800  # the other side's view
    short = position(["C5"], melds, discard="C6", phase="meld", scores=[0, 0], target=2500)
    assert counting.value_of(short, out, 0) == plain.value_of(short, out, 0)  # the game goes on


def test_the_time_bank_of_allocate_keeps_the_issues_limits_and_the_games_time():
    # `allocate` (stop 62): a decision ends early once more worlds are worth little, and a close
    # one goes on with what was saved; never past 2.8 budgets, at most 4% of all decisions past
    # 1.2 budgets, and never more worlds over the game than the fixed search's.
    regret = tool_module("bench_hard_regret")
    rng = random.Random(3)
    bank = regret._Bank(settle=4.0, stretch=8.0, budget=60, searched=0.69)
    used = []
    for d in range(400):
        settled = d % 3 == 0
        worth = [math.inf] * 5 + [1.0 if settled else rng.uniform(5.0, 40.0) for _ in range(235)]
        used.append(bank.worlds(worth))
        assert max(used) <= 2.8 * 60
        assert sum(used) <= 60 * len(used)
    assert min(used) == 6  # a settled decision: its first six worlds only
    assert max(used) > 1.2 * 60  # some close ones went long
    assert bank.long <= 0.04 * len(used) / 0.69
    # The choices and worth after each world, on two candidates: Normal's move kept until the
    # other is a standard error ahead, and a decision settled once the other is far behind.
    normal = [float(x % 7) for x in range(40)]
    worse = [x - 500.0 + (i % 3) for i, x in enumerate(normal)]
    choices, worth = regret._choices_and_worth([normal, worse], list(range(40)))
    assert choices == [0] * 40 and worth[0] == math.inf and worth[-1] < 1e-6
    better = [x + 50.0 + (i % 3) for i, x in enumerate(normal)]
    choices, _ = regret._choices_and_worth([normal, better], list(range(40)))
    assert choices[-1] == 1


def test_allocate_prints_each_setting_against_the_fixed_search(capsys, tmp_path):
    regret = tool_module("bench_hard_regret")
    rng = random.Random(5)
    rows, real_rows = [], []
    for d in range(12):
        shared = [rng.gauss(0, 100) for _ in range(30)]
        means = [0.0, 40.0 if d % 2 else -300.0]
        rows.append({"moves": ["a", "b"], "world_values": [[x + m + rng.gauss(0, 60) for x in shared] for m in means]})
        real_rows.append({"moves": ["a", "b"], "values": means})
    sampled, truth = tmp_path / "s.json", tmp_path / "t.json"
    sampled.write_text(json.dumps({"worlds": 30, "decisions": rows}))
    truth.write_text(json.dumps({"worlds": 200, "clairvoyant": True, "decisions": real_rows}))
    argv = ["allocate", str(sampled), "--truth", str(truth), "--worlds", "10", "--draws", "3", "--settle", "4"]
    assert regret.main([*argv, "--stretch", "8"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("12 decisions as one game, 3 draws")
    for row in ("fixed 10 ", "fixed 20 ", "bank: settle 4, stretch 8", "Normal's move", "best mean of all 30 worlds"):
        assert row in out
    assert "Normal's move                  regret   20.0" in out  # 40 short of the best in half of them
    assert regret.main(["allocate", str(sampled), "--holdout", "10", "--worlds", "10", "--draws", "2"]) == 0
    assert "the mean of each decision's last 10 sampled worlds" in capsys.readouterr().out


def test_noise_measures_what_a_references_own_worlds_add_to_every_regret(capsys, tmp_path):
    # `noise` (stop 63): a candidate far ahead in every world is chosen by any half of them and
    # stays best in every resample (no excess); two candidates alike but for each world's noise
    # show a regret from the noise alone.
    regret = tool_module("bench_hard_regret")
    rng = random.Random(7)
    shared = [rng.gauss(0, 100) for _ in range(40)]
    far = [[x for x in shared], [x - 1000.0 for x in shared]]
    assert regret._noise_of(far, random.Random(1), 20) == (0.0, 0.0)
    alike = [[x + rng.gauss(0, 50) for x in shared] for _ in range(3)]
    boot, half = regret._noise_of(alike, random.Random(1), 50)
    assert 0.0 < boot < half  # chosen by half the worlds: noisier than the bootstrap's choice
    illegal = [*alike, [-1e6] * 40]  # an illegal candidate is left out, not the worst value
    assert regret._noise_of(illegal, random.Random(1), 50) == (boot, half)
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"decisions": [{"moves": ["a", "b", "c"], "world_values": alike}] * 3}))
    assert regret.main(["noise", str(path), "--draws", "10"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 decisions, 40 worlds each, 10 draws")
    assert "chosen by 20 worlds, judged by the other 20: regret" in out
    path.write_text(json.dumps({"decisions": [{"moves": ["a", "b"], "values": [0.0, 1.0]}]}))
    with pytest.raises(SystemExit, match="without --keep-worlds"):
        regret.main(["noise", str(path)])
