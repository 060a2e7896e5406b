"""The listing's bounded memo (game/rules/memo.py): it keeps what it is given until full, then
starts afresh, so memory stays bounded and what it returns is always what was stored."""

from game.rules.memo import BoundedMemo


def test_a_memo_keeps_its_entries_until_full_then_starts_afresh():
    memo: BoundedMemo[int, str] = BoundedMemo(3)
    for k in range(3):
        assert memo.store(k, str(k)) == str(k)
    assert dict(memo) == {0: "0", 1: "1", 2: "2"}
    assert memo.store(3, "3") == "3"
    assert dict(memo) == {3: "3"}  # full: emptied before the new entry
    for k in range(10):
        memo.store(k, str(k))
        assert len(memo) <= 3 and memo[k] == str(k)
