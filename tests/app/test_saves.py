"""Save and resume: every move saved resumes to the identical game; bad saves
are refused cleanly and kept aside; the loader survives fuzzing."""

from __future__ import annotations

import json
import os
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bots import make_bot
from game.rules import Game, RulesConfig, position_to_json
from game.saves import (
    FORMAT,
    MAX_BYTES,
    SaveError,
    SaveStore,
    SaveSummary,
    encode_save,
    parse_save,
    save_body,
    summarize,
)

LEVELS = (None, "easy", "easy", "easy")


def scripted_game(seed: int = 5, moves: int = 400, variant: str = "classic") -> Game:
    """A game of easy bots (seat 0 plays too), `moves` moves long, across deals."""
    game = Game(RulesConfig.for_variant(variant), seed)
    bots = [make_bot("easy", seat) for seat in range(game.config.players)]
    while len(game.history) < moves and not game.is_over:
        if game.state.is_over:
            game.next_deal()
            continue
        seat = game.state.to_act
        game.apply(bots[seat].act(game.state.observation(seat)))
    return game


@pytest.fixture(scope="module")
def game() -> Game:
    return scripted_game()


def test_every_saved_move_resumes_identically(tmp_path):
    store = SaveStore(tmp_path, durable=False)
    live = Game(RulesConfig(), 11)
    bots = [make_bot("easy", seat) for seat in range(4)]
    checked = 0
    while len(live.history) < 300 and not live.is_over:
        if live.state.is_over:
            live.next_deal()  # the table starts the next deal explicitly: saved too
        else:
            seat = live.state.to_act
            live.apply(bots[seat].act(live.state.observation(seat)))
        store.save(live, LEVELS, extra={"sort": "rank"})
        if len(live.history) % 9 == 0 or live.state.is_over:
            saved = store.load()
            assert position_to_json(saved.game.state) == position_to_json(live.state)
            assert saved.game.scores == live.scores and saved.game.deal_number == live.deal_number
            assert [str(m) for m in saved.game.history] == [str(m) for m in live.history]
            assert saved.levels == LEVELS and saved.extra == {"sort": "rank"}
            checked += 1
    assert checked > 20 and live.deal_number >= 1


def test_two_and_three_hand_resume(tmp_path):
    for variant, levels in (("two-hand", (None, "hard")), ("three-hand", (None, "easy", "normal"))):
        live = scripted_game(3, 120, variant)
        store = SaveStore(tmp_path / variant)
        store.save(live, levels)
        saved = store.load()
        assert saved.config == live.config and saved.levels == levels
        assert position_to_json(saved.game.state) == position_to_json(live.state)


def test_a_game_whose_first_dealer_is_not_seat_0_resumes(tmp_path):
    # An opened deal file may name any first dealer: the save keeps the game's own, or the
    # replay at Continue deals other cards and the save is refused as damaged.
    for first_dealer in (1, 2, 3):
        live = Game(RulesConfig.for_variant("classic"), 11, first_dealer)
        bots = [make_bot("easy", seat) for seat in range(4)]
        while len(live.history) < 40:
            seat = live.state.to_act
            live.apply(bots[seat].act(live.state.observation(seat)))
        store = SaveStore(tmp_path / str(first_dealer), durable=False)
        store.save(live, LEVELS)
        saved = store.load()
        assert saved.game.first_dealer == first_dealer
        assert position_to_json(saved.game.state) == position_to_json(live.state)


def _write(store: SaveStore, data: bytes) -> None:
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_bytes(data)


def _refused(store: SaveStore, fragment: str) -> SaveError:
    with pytest.raises(SaveError) as info:
        store.load()
    error = info.value
    assert fragment in error.reason
    assert error.moved_to is not None and error.moved_to.exists() and not store.path.exists()
    return error


def test_truncated_save(tmp_path, game):
    store = SaveStore(tmp_path)
    store.save(game, LEVELS)
    data = store.path.read_bytes()
    _write(store, data[: len(data) // 2])
    _refused(store, "not valid JSON")


def test_hand_edited_save(tmp_path, game):
    store = SaveStore(tmp_path)
    body = json.loads(encode_save(save_body(game, LEVELS)))
    body["levels"][1] = "hard"
    _write(store, json.dumps(body).encode())
    _refused(store, "changed outside the game")


def test_history_that_does_not_reach_the_position(tmp_path, game):
    store = SaveStore(tmp_path)
    body = save_body(game, LEVELS)
    body["moves"] = body["moves"][:-3]  # consistent checksum, wrong history
    _write(store, encode_save(body))
    _refused(store, "does not match")


def test_illegal_move_in_history(tmp_path, game):
    store = SaveStore(tmp_path)
    body = save_body(game, LEVELS)
    body["moves"][0] = "discard JK"
    _write(store, encode_save(body))
    assert "move 1" in _refused(store, "cannot be replayed").reason


def test_future_version(tmp_path, game):
    store = SaveStore(tmp_path)
    body = save_body(game, LEVELS)
    body["format"] = "canasta-save/7"
    _write(store, encode_save(body))
    with pytest.raises(SaveError) as info:
        store.load()
    assert "newer version" in info.value.reason
    # Not damaged: left in place (the newer Canasta still offers Continue), nothing put aside.
    assert info.value.moved_to is None and store.path.read_bytes() == encode_save(body)
    assert list(tmp_path.iterdir()) == [store.path]


@pytest.mark.parametrize("version", ["²", "①", "٢"])
def test_a_version_written_in_other_digits_is_an_unknown_format(tmp_path, game, version):
    store = SaveStore(tmp_path)
    body = save_body(game, LEVELS)
    body["format"] = "canasta-save/" + version
    _write(store, encode_save(body))
    assert "unknown save format" in _refused(store, "unknown save format").reason


def test_oversized_save(tmp_path):
    store = SaveStore(tmp_path)
    _write(store, b" " * (MAX_BYTES + 1))
    _refused(store, "larger than 5\u00a0MB")


def test_not_a_save_and_missing_save(tmp_path):
    store = SaveStore(tmp_path)
    with pytest.raises(SaveError) as info:
        store.load()
    assert info.value.moved_to is None and "no saved game" in info.value.reason
    _write(store, b'{"format": "canasta-position/1"}')
    _refused(store, "not a saved game")


def test_error_message_is_translated(tmp_path):
    from game import i18n

    i18n.set_language("zh_CN")
    try:
        assert SaveError("the file is larger than {mb}\u00a0MB", mb=5).message() == "文件大于 5\u00a0MB"
    finally:
        i18n.set_language("en")


def test_save_is_atomic_and_discard(tmp_path, game):
    store = SaveStore(tmp_path)
    store.save(game, LEVELS)
    store.save(game, LEVELS)
    assert os.listdir(tmp_path) == ["save.json"] and store.exists()
    assert json.loads(store.path.read_text())["format"] == FORMAT
    store.discard()
    assert not store.exists()


# -- fuzzing: the loader raises SaveError and nothing else ------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_fuzz_random_bytes(data):
    with pytest.raises(SaveError):
        parse_save(data)


@pytest.fixture(scope="module")
def valid_body(game) -> dict:
    return save_body(scripted_game(2, 60), LEVELS)


FIELDS = [
    "format",
    "variant",
    "target",
    "seed",
    "first_dealer",
    "human",
    "levels",
    "deal_number",
    "moves",
    "shown",
    "position",
    "extra",
    "saved_at",
]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(FIELDS), json_values, st.booleans())
def test_fuzz_mutated_fields(valid_body, field, value, checksummed):
    body = dict(valid_body, **{field: value})
    data = encode_save(body) if checksummed else json.dumps(body).encode()
    try:
        saved = parse_save(data, verify_checksum=checksummed)
    except SaveError:
        return
    assert saved.game is not None  # a mutation that still loads must be a coherent game
    # ... the very position the save holds, with fields of the types the table reads.
    assert position_to_json(saved.game.state) == body["position"]
    assert isinstance(saved.saved_at, str)
    assert all(
        isinstance(k, str) and (v is None or isinstance(v, (str, int, float, bool))) for k, v in saved.extra.items()
    )


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_fuzz_mutated_moves(valid_body, data):
    moves = list(valid_body["moves"])
    index = data.draw(st.integers(0, len(moves) - 1))
    moves[index] = data.draw(
        st.sampled_from(
            [
                "draw",
                "discard JK",
                "take",
                "meld HA HA HA",
                "ask",
                "yes",
                "pass",
                "take C5 C5",
                "",
                "meld K: D2",
                "discard H3 H3",
                "x" * 500,
            ]
        )
    )
    body = dict(valid_body, moves=moves)
    try:
        parse_save(encode_save(body))
    except SaveError:
        pass


def test_the_table_session_saves_every_move_and_resumes_identically(tmp_path):
    """Through the real table: session.attach saves after every move the table plays
    (the player's through the table's own path, the bots' through its loop, a new deal
    too); each save resumes to the identical game, and a resumed table shows it."""
    from game import session
    from game.app import AppContext
    from game.scenes.base import SceneStack
    from game.scenes.layout import Canvas
    from game.scenes.score_sheet import ScoreSheetScene
    from game.scenes.table import TableScene

    app = AppContext.create(tmp_path)
    app.saves.durable = False
    levels = (None, "easy", "easy", "easy")
    stack = SceneStack()
    table = TableScene(seed=12, speed=50.0, levels=levels, threaded=False, bot_factory=make_bot)
    stack.push(table)
    session.attach(table, app)
    me = make_bot("easy", 99)
    checked = 0
    last = table.version
    for _ in range(40000):
        if checked >= 150 or table.game.deal_number >= 2:
            break
        top = stack.top
        if isinstance(top, ScoreSheetScene):
            top._next_deal()  # the sheet's "Next deal": a new deal is saved too
        elif table.my_turn() and table.idle and top is table:
            st = table.game.state
            assert table.play(me.act(st.observation(0)))
        else:
            stack.update(1 / 60)
        if table.version != last:
            last = table.version
            saved = app.saves.load()
            live = table.game
            assert position_to_json(saved.game.state) == position_to_json(live.state)
            assert [str(m) for m in saved.game.history] == [str(m) for m in live.history]
            assert saved.game.scores == live.scores and saved.levels == levels
            checked += 1
    assert checked >= 100 and table.game.deal_number >= 1
    # Resume the last save at a new table: the same game, drawn without trouble.
    saved = app.saves.load()
    resumed = TableScene(game=saved.game, levels=saved.levels, human=saved.human, threaded=False)
    assert position_to_json(resumed.game.state) == position_to_json(table.game.state)
    resumed.update(1 / 60)
    resumed.draw(Canvas((1280, 720), 1.0))
    resumed.on_exit()
    table.on_exit()


def test_the_summary_beside_continue_reads_the_save_without_replaying_it(tmp_path, game):
    store = SaveStore(tmp_path)
    assert store.summary() is None  # no save
    store.save(game, LEVELS)
    summary = store.summary()
    scores = game.state.scores
    assert summary == SaveSummary("classic", game.deal_number + 1, scores[0], scores[1], game.config.target)
    assert summary.deal > 1  # (the scripted game crosses deals: the totals are not all 0)
    body = json.loads(store.path.read_bytes())
    body["human"] = 1  # a person in West reads West & East first
    west = SaveSummary("classic", summary.deal, scores[1], scores[0], summary.target)
    assert summarize(json.dumps(body).encode()) == west
    body["levels"] = [None, None, "normal", "normal"]  # pass-and-play: two people
    friends = replace(west, people=2, human=1, seats=(0, 1), typed=("", "", "", ""))
    assert summarize(json.dumps(body).encode()) == friends  # (whose side "ours" is: West's)
    body["extra"] = {**body.get("extra", {}), "names": "Anna\tBen\t\t"}  # the names typed for them
    assert summarize(json.dumps(body).encode()) == replace(friends, typed=("Anna", "Ben", "", ""))
    body["levels"] = "nonsense"  # (the load refuses it; the line just counts one person)
    assert summarize(json.dumps(body).encode()) == west


def test_a_save_at_a_deals_end_is_summarized_with_the_totals_after_it(tmp_path):
    """Continue opens that deal's score sheet: the line beside it said the totals before
    the deal (play-test, stop 46)."""
    game = Game(RulesConfig(), 3)
    bots = [make_bot("easy", seat) for seat in range(4)]
    while not game.state.is_over:
        seat = game.state.to_act
        game.apply(bots[seat].act(game.state.observation(seat)))
    store = SaveStore(tmp_path)
    store.save(game, LEVELS)
    after = game.state.result.scores
    assert after != game.state.scores  # (the totals before the deal: 0 and 0)
    assert store.summary() == SaveSummary("classic", 1, after[0], after[1], 5000)
    assert not store.decided()


def test_a_decided_game_is_summarized_as_over(tmp_path):
    """A decided game stays saved until its final sheet is left: the title says it is over,
    and a new game replaces it without asking (play-test, stop 51)."""
    game = Game(RulesConfig.for_variant("hand-and-foot"), 5)  # (four deals: over after the last)
    bots = [make_bot("easy", seat) for seat in range(4)]
    while not game.is_over:
        if game.state.is_over:
            game.next_deal()
        seat = game.state.to_act
        game.apply(bots[seat].act(game.state.observation(seat)))
    store = SaveStore(tmp_path)
    store.save(game, LEVELS)
    summary = store.summary()
    assert summary is not None and summary.over and summary.deal == 4 and store.decided()


def test_the_summary_says_what_the_game_is_played_to(tmp_path):
    """The title's line said the same of a short game and a long one (stop 47's known item)."""
    short = Game(RulesConfig.for_variant("classic", 2500), 4)
    assert summarize(encode_save(save_body(short, LEVELS))).target == 2500
    body = json.loads(encode_save(save_body(short, LEVELS)))
    body["target"] = 1234  # (not a target of classic: Continue's load refuses it; the line does not repeat it)
    assert summarize(json.dumps(body).encode()).target == 0
    hand_and_foot = Game(RulesConfig.for_variant("hand-and-foot"), 4)
    assert summarize(encode_save(save_body(hand_and_foot, LEVELS))).target == 0  # (a game of four deals)


def test_a_three_handed_summary_weighs_the_best_other_player():
    game = scripted_game(3, 300, "three-hand")
    scores = game.state.scores
    summary = summarize(encode_save(save_body(game, [None, "easy", "easy"])))
    assert summary == SaveSummary("three-hand", game.deal_number + 1, scores[0], max(scores[1:]), game.config.target)


@pytest.mark.parametrize(
    "change",
    [
        {"variant": "pinochle"},
        {"deal_number": -1},
        {"deal_number": "2"},
        {"human": 4},
        {"human": True},
        {"position": {"scores": [1, 2, 3]}},
        {"position": {"scores": [1, 2.5]}},
        {"position": []},
        {"format": "canasta-save/2"},
        {"format": None},
    ],
)
def test_a_summary_of_a_damaged_save_is_none_and_the_file_stays(tmp_path, valid_body, change):
    assert summarize(json.dumps(valid_body).encode()) is not None  # (the body as saved has one)
    store = SaveStore(tmp_path)
    data = json.dumps(dict(valid_body, **change)).encode()
    _write(store, data)
    assert store.summary() is None
    assert store.path.read_bytes() == data  # (Continue's load sets it aside and says why)
    for junk in (b"", b"\xff\xfe", b"[1, 2]", b"{" * 5000):
        assert summarize(junk) is None


def test_a_save_the_disk_refuses_is_kept_in_memory_until_one_is_written(tmp_path, monkeypatch):
    """The newest save, when the disk refused it, is the slot's for this run: exists, its
    summary, load; `flush` writes it once the disk takes it; a save written or the slot
    discarded forgets it (stop 59: Continue went back to the file's older game)."""
    import errno

    from game import storage

    store = SaveStore(tmp_path, durable=False)
    older = scripted_game(moves=20)
    store.save(older, LEVELS)
    newer = scripted_game(moves=40)
    real_write = storage.atomic_write

    def full(path, data, *, durable=True):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage, "atomic_write", full)
    with pytest.raises(OSError):
        store.save(newer, LEVELS)
    assert store.load().game.history == newer.history and store.summary() is not None
    assert SaveStore(tmp_path).load().game.history == older.history  # (the file: the older game)
    with pytest.raises(OSError):
        store.flush()
    monkeypatch.setattr(storage, "atomic_write", real_write)
    store.flush()
    assert store.unwritten is None and SaveStore(tmp_path).load().game.history == newer.history
    monkeypatch.setattr(storage, "atomic_write", full)
    with pytest.raises(OSError):
        store.save(older, LEVELS)
    store.discard()  # (the game left: a decided one, its sheet seen)
    assert not store.exists() and store.unwritten is None
    fresh = SaveStore(tmp_path)
    with pytest.raises(OSError):
        fresh.save(older, LEVELS)
    monkeypatch.setattr(storage, "atomic_write", real_write)
    fresh.save(newer, LEVELS)
    assert fresh.unwritten is None and fresh.load().game.history == newer.history
