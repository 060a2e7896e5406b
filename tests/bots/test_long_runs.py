"""tools/long_runs.py: the long arena runs listed once and kept going over sessions."""

from __future__ import annotations

import io
import json

import pytest
from bot_helpers import tool_module

from game.bots.arena import run as arena_run

long_runs = tool_module("long_runs")

QUICK = ["--a", "normal", "--b", "easy", "--games", "2", "--variant", "classic", "--seed", "21", "--target", "2500"]


def manifest(tmp_path, runs):
    path = tmp_path / "runs.json"
    path.write_text(json.dumps({"runs": runs}))
    return path


def entry(name, args=QUICK, commit="8c83454", **more):
    return {"name": name, "commit": commit, "args": list(args), **more}


def test_the_manifest_is_read_and_every_fault_is_named(tmp_path):
    good = long_runs.load_manifest(manifest(tmp_path, [entry("a-run", note="why"), entry("b.run")]))
    assert [(r.name, r.note, r.option("--seed")) for r in good] == [("a-run", "why", "21"), ("b.run", "", "21")]
    faults = {
        "the name b is taken": [entry("b"), entry("b")],
        "7-40 hex digits": [entry("x", commit="main")],
        "set by this tool": [entry("x", args=[*QUICK, "--log", "x.log"])],
        "must give --games and --variant": [entry("x", args=QUICK[4:6] + QUICK[8:])],
        "lower-case letters": [entry("Big Run")],
        "an optional note": [{**entry("x"), "seeds": 3}],
        "not-a-variant": [entry("x", args=[*QUICK[:7], "not-a-variant"])],
    }
    for message, runs in faults.items():
        with pytest.raises(long_runs.ManifestError, match=message):
            long_runs.load_manifest(manifest(tmp_path, runs))
    broken = tmp_path / "broken.json"
    broken.write_text('{"runs": [')
    with pytest.raises(long_runs.ManifestError, match="not JSON"):
        long_runs.load_manifest(broken)
    assert long_runs.main(["status", "--manifest", str(broken)]) == 2  # a message, no traceback


def test_a_run_plays_whole_rounds_of_seatings():
    six = long_runs.Run("six", "8c83454", ("--games", "200", "--variant", "six-hand"))
    classic = long_runs.Run("classic", "8c83454", ("--games", "200", "--variant", "classic"))
    assert (six.total, classic.total) == (201, 200)  # three sides: A plays each in turn


def test_status_and_table_read_the_logs_and_name_what_is_left(tmp_path, capsys):
    path = manifest(tmp_path, [entry("done-run"), entry("new-run", args=[*QUICK[:5], "4", *QUICK[6:]])])
    runs = long_runs.load_manifest(path)
    s = arena_run("classic", "normal", "easy", games=2, seed=21, target=2500, log=long_runs.log_path(runs[0], path))
    first, second = (long_runs.progress_of(r, path) for r in runs)
    assert (first.games, first.wins, first.done) == (2, s.wins, True)
    assert (second.games, second.done) == (0, False)
    assert long_runs.main(["status", "--manifest", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"done-run [done] 2/2 games: {s.wins}/2 (") and "problems 0" in lines[0]
    assert lines[1] == "new-run [waiting] 0/4 games: no games yet; problems 0"
    assert long_runs.main(["table", "--manifest", str(path)]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 2 + 2 and "**2 of 2 (done)**" in rows[2] and "| 0 of 4 | no games yet |" in rows[3]


def test_start_takes_the_unfinished_runs_in_order_up_to_the_cores(tmp_path):
    path = manifest(tmp_path, [entry("first"), entry("second"), entry("third")])
    runs = long_runs.load_manifest(path)
    out = io.StringIO()
    assert long_runs.start(runs, 2, tmp_path / "trees", path, dry_run=True, out=out) == ["first", "second"]
    assert long_runs.start(runs, 1, tmp_path, path, dry_run=True, out=out, skip={"first"}) == ["second"]
    command = long_runs.arena_command(runs[0], long_runs.log_path(runs[0], path), python="py")
    assert command[:6] == ["nice", "-n", "10", "py", "-m", "game.bots.arena"]
    assert command[-3:] == ["--log", str(long_runs.log_path(runs[0], path).resolve()), "--progress"]
    assert f"first: from {tmp_path / 'trees' / 'run-8c83454'}: nice -n 10" in out.getvalue()


def test_a_running_run_is_found_by_its_log(tmp_path):
    log = tmp_path / "x.log"
    processes = [
        (11, ["python", "-m", "game.bots.arena", "--games", "2", "--log", str(log.resolve()), "--progress"]),
        (12, ["python", "-m", "game.bots.arena", "--log", str(tmp_path / "other.log")]),
        (13, ["vim", "--log", str(log.resolve())]),
        (14, ["python", "-m", "game.bots.arena", "--log"]),
    ]
    assert long_runs.running_pids(log, lambda: processes) == [11]


def test_keep_going_gives_up_on_a_run_that_ends_without_a_game(tmp_path, monkeypatch):
    path = manifest(tmp_path, [entry("refused")])
    starts: list[list[str]] = []

    def fake_start(runs, cores, worktrees, manifest, dry_run, out, skip=()):
        names = [r.name for r in runs if r.name not in skip]
        starts.append(names)
        return names

    monkeypatch.setattr(long_runs, "start", fake_start)
    monkeypatch.setattr(long_runs, "running_pids", lambda log: [])  # it ended at once
    out = io.StringIO()
    long_runs.keep_going(2, tmp_path, path, sleep=lambda s: None, out=out)
    assert starts == [["refused"], []]  # started once, then left alone: the loop ends
    assert "refused ended without a game: not started again" in out.getvalue()


def test_keep_going_reads_the_manifest_again_each_round(tmp_path, monkeypatch):
    path = manifest(tmp_path, [entry("first")])
    rounds: list[list[str]] = []

    def fake_start(runs, cores, worktrees, manifest, dry_run, out, skip=()):
        rounds.append([r.name for r in runs])
        return []

    def sleep(seconds):
        if len(rounds) == 1:
            path.write_text(json.dumps({"runs": [entry("first"), entry("added")]}))
        elif len(rounds) == 2:
            path.write_text("{spoilt")  # a bad edit: the last good manifest goes on
        else:
            arena_run("classic", "normal", "easy", games=2, seed=21, target=2500, log=tmp_path / "first.log")
            arena_run("classic", "normal", "easy", games=2, seed=21, target=2500, log=tmp_path / "added.log")

    monkeypatch.setattr(long_runs, "start", fake_start)
    out = io.StringIO()
    long_runs.keep_going(2, tmp_path, path, sleep=sleep, out=out)
    assert rounds == [["first"], ["first", "added"], ["first", "added"], ["first", "added"]]
    assert "not JSON" in out.getvalue() and "going on with the manifest as it was" in out.getvalue()


def test_a_run_plays_from_a_worktree_at_its_commit(tmp_path):
    import shutil
    import subprocess

    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path / "repo"
    repo.mkdir()

    def git(*args):
        return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout

    git("init", "-q")
    commits = []
    for text in ("one", "two"):
        (repo / "f.txt").write_text(text)
        git("add", "f.txt")
        git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", text)
        commits.append(git("rev-parse", "HEAD").strip())
    first = long_runs.Run("r", commits[0][:10], ("--games", "2", "--variant", "classic"))
    tree = long_runs.ensure_worktree(first, tmp_path / "trees", repo)
    assert tree == tmp_path / "trees" / f"run-{commits[0][:10]}" and (tree / "f.txt").read_text() == "one"
    assert long_runs.ensure_worktree(first, tmp_path / "trees", repo) == tree  # made once, then reused
    subprocess.run(["git", "-C", str(tree), "checkout", "-q", "--detach", commits[1]], check=True)
    with pytest.raises(long_runs.ManifestError, match="not the run's commit"):
        long_runs.ensure_worktree(first, tmp_path / "trees", repo)


def test_compare_pairs_the_games_of_the_same_deals(tmp_path, capsys):
    from game.bots.arena import GameResult

    def game(seed, seating, won, margin):
        return GameResult(seed, seating, a_won=won, margin=margin)

    first = [game(1, 0, True, 100), game(1, 1, False, -50), game(2, 0, True, 30), game(9, 0, True, 10)]
    second = [game(1, 0, True, 300), game(1, 1, True, 50), game(2, 0, False, -30), game(3, 0, True, 0)]
    c = long_runs.compare(first, second)
    # Seeds 1 and 2 are in both (seed 9 and 3 are not): one game each way, the rest alike.
    assert (c.games, c.first_wins, c.second_wins, c.first_only, c.second_only) == (3, 2, 2, 1, 1)
    assert c.diff == 0.0 and c.diff_95 == pytest.approx(1.96 * 2**0.5 / 3)
    assert c.margin_diff == pytest.approx((200 + 100 - 60) / 3)
    assert long_runs.compare(first, []).games == 0

    path = manifest(tmp_path, [entry("one"), entry("two")])
    runs = long_runs.load_manifest(path)
    for run in runs:
        arena_run("classic", "normal", "easy", games=2, seed=21, target=2500, log=long_runs.log_path(run, path))
    assert long_runs.main(["compare", "one", "two", "--manifest", str(path)]) == 0
    assert "2 games on the same deals" in capsys.readouterr().out  # the same bots and deals: no difference
    assert long_runs.main(["compare", "one", "three", "--manifest", str(path)]) == 2
    assert "two runs of the manifest" in capsys.readouterr().err
    other = manifest(tmp_path, [entry("one"), entry("five", args=[*QUICK[:7], "five-hand", *QUICK[8:]])])
    assert long_runs.main(["compare", "one", "five", "--manifest", str(other)]) == 2
    assert "--variant differs" in capsys.readouterr().err
    assert long_runs.main(["status", "one", "--manifest", str(path)]) == 2


def test_merge_copies_a_helper_runs_games_into_the_run(tmp_path, capsys, monkeypatch):
    # The run plays seeds 21-22; its helper the same bots on seed 22 alone.
    whole = [*QUICK[:5], "4", *QUICK[6:]]
    helper_args = [*QUICK[:9], "22", *QUICK[10:]]
    path = manifest(
        tmp_path,
        [
            entry("run", args=whole),
            entry("helper", args=helper_args),
            entry("stranger", args=[*helper_args, "--budget", "0.01"]),
            entry("beyond", args=[*QUICK[:9], "24", *QUICK[10:]]),  # 23 would grow the run (split)
        ],
    )
    runs = {r.name: r for r in long_runs.load_manifest(path)}
    assert long_runs.main(["merge", "run", "helper", "--manifest", str(path)]) == 0
    assert "helper has no games yet: nothing merged" in capsys.readouterr().out
    arena_run("classic", "normal", "easy", games=2, seed=21, target=2500, log=long_runs.log_path(runs["run"], path))
    arena_run("classic", "normal", "easy", games=2, seed=22, target=2500, log=long_runs.log_path(runs["helper"], path))
    helper_games = long_runs.results_of(runs["helper"], path)
    assert long_runs.main(["merge", "run", "helper", "--manifest", str(path)]) == 0
    assert "2 games of helper merged into run (0 already there, the same)" in capsys.readouterr().out
    merged = long_runs.results_of(runs["run"], path)
    assert sorted((g.seed, g.seating) for g in merged) == [(21, 0), (21, 1), (22, 0), (22, 1)]
    assert long_runs.progress_of(runs["run"], path).done
    # The run itself, played on, skips the merged games: its log is one it can continue.
    log = long_runs.log_path(runs["run"], path)
    again = arena_run("classic", "normal", "easy", games=4, seed=21, target=2500, log=log)
    assert again.games == 4 and len(long_runs.results_of(runs["run"], path)) == 4
    # Merging again adds nothing; the games both hold agree (but for the wall time they took).
    assert long_runs.main(["merge", "run", "helper", "--manifest", str(path)]) == 0
    assert "0 games of helper merged into run (2 already there, the same)" in capsys.readouterr().out

    before = long_runs.log_path(runs["run"], path).read_bytes()
    changed = [*helper_games[:1], long_runs.GameResult(**{**vars(helper_games[1]), "margin": 1e6})]
    helper_log = long_runs.log_path(runs["helper"], path)
    head = helper_log.read_text().splitlines()[0]
    helper_log.write_text("\n".join([head, *(json.dumps(vars(g)) for g in changed)]) + "\n")
    faults = {
        ("run", "helper"): "went otherwise in run than in helper",
        ("run", "stranger"): "is not run on other seeds",
        ("run", "beyond"): "plays seeds run does not (24 ..)",
        ("run", "nobody"): "two runs of the manifest",
    }
    for (first, second), message in faults.items():
        assert long_runs.main(["merge", first, second, "--manifest", str(path)]) == 2
        assert message in capsys.readouterr().err
    monkeypatch.setattr(long_runs, "running_pids", lambda log: [99])
    assert long_runs.main(["merge", "run", "helper", "--manifest", str(path)]) == 2
    assert "run is playing: stop it first" in capsys.readouterr().err
    assert long_runs.log_path(runs["run"], path).read_bytes() == before  # every refusal left the log as it was


def test_split_gives_the_later_seeds_to_a_helper_and_merge_gives_them_back(tmp_path, capsys, monkeypatch):
    # Six games: seeds 21, 22, 23, each with A on both sides; seed 21 is played already.
    six = [*QUICK[:5], "6", *QUICK[6:]]
    path = manifest(tmp_path, [entry("run", args=six, note="why"), entry("next")])
    runs = {r.name: r for r in long_runs.load_manifest(path)}
    arena_run("classic", "normal", "easy", games=2, seed=21, target=2500, log=long_runs.log_path(runs["run"], path))
    before = path.read_bytes()
    monkeypatch.setattr(long_runs, "running_pids", lambda log: [99] if log.name == "run.log" else [])
    assert long_runs.main(["split", "run", "--manifest", str(path)]) == 2
    assert "run is playing: stop it first" in capsys.readouterr().err
    monkeypatch.undo()
    for at, message in (("21", "seeds 22..23 (keeping one at least), not from 21"), ("24", "not from 24")):
        assert long_runs.main(["split", "run", "--at", at, "--manifest", str(path)]) == 2  # 21: played already
        assert message in capsys.readouterr().err
    assert long_runs.main(["split", "nobody", "--manifest", str(path)]) == 2
    assert "split takes one run of the manifest" in capsys.readouterr().err
    assert path.read_bytes() == before  # every refusal left the manifest as it was

    # By default the helper takes the later half of the seeds not played: 23 here.
    assert long_runs.main(["split", "run", "--manifest", str(path)]) == 0
    assert "run plays seeds 21-22 (4 games), run-b seeds 23-23 (2)" in capsys.readouterr().out
    runs = {r.name: r for r in long_runs.load_manifest(path)}
    assert list(runs) == ["run", "run-b", "next"]  # the helper is started next, when a core is free
    assert list(long_runs.seeds_of(runs["run"])) == [21, 22] and list(long_runs.seeds_of(runs["run-b"])) == [23]
    assert long_runs._without_seeds(runs["run-b"].args) == long_runs._without_seeds(runs["run"].args)
    assert runs["run"].note == "why | split: plays seeds 21-22, run-b the rest"

    # The helper's seeds come after the run's: merged only once it is done, and then the run
    # plays them again no more, since they are its own again (and in its log).
    assert long_runs.main(["merge", "run", "run-b", "--manifest", str(path)]) == 2
    assert "merge it when it is done (0/2 games)" in capsys.readouterr().err
    arena_run("classic", "normal", "easy", games=2, seed=23, target=2500, log=long_runs.log_path(runs["run-b"], path))
    assert long_runs.main(["merge", "run", "run-b", "--manifest", str(path)]) == 0
    assert "2 games of run-b merged into run (0 already there, the same); run now plays 6 games (seeds to 23)" in (
        capsys.readouterr().out
    )
    runs = {r.name: r for r in long_runs.load_manifest(path)}
    assert list(long_runs.seeds_of(runs["run"])) == [21, 22, 23] and runs["run"].note.endswith("run-b merged")
    left = long_runs.progress_of(runs["run"], path)
    assert (left.games, left.done) == (4, False)  # seed 22 is still to play, by the run itself
    again = arena_run(
        "classic", "normal", "easy", games=6, seed=21, target=2500, log=long_runs.log_path(runs["run"], path)
    )
    assert again.games == 6 and long_runs.progress_of(runs["run"], path).done
    # Nothing is left to give once every seed is played.
    assert long_runs.main(["split", "run", "--manifest", str(path)]) == 2
    assert "run has played every one of its seeds" in capsys.readouterr().err


def test_pool_sums_pairs_of_runs_with_their_helpers(tmp_path, capsys):
    # The same bots on the same deals throughout. a's seed 22 is played by its helper a-b and
    # counts; c's seed 22 only by c-b, another run named like a helper, and does not.
    four = [*QUICK[:5], "4", *QUICK[6:]]
    path = manifest(
        tmp_path,
        [
            entry("a", args=four),
            entry("a-b", args=[*QUICK[:9], "22", *QUICK[10:]]),
            entry("b", args=four),
            entry("c", args=four),
            entry("c-b", args=[*four, "--budget", "0.01"]),
        ],
    )
    runs = {r.name: r for r in long_runs.load_manifest(path)}
    for name, seed, games in (("a", 21, 2), ("a-b", 22, 2), ("b", 21, 4), ("c", 21, 2), ("c-b", 22, 2)):
        log = long_runs.log_path(runs[name], path)
        arena_run("classic", "normal", "easy", games=games, seed=seed, target=2500, log=log)
    assert long_runs.main(["pool", "a", "b", "c", "b", "--manifest", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("4 games on the same deals") and lines[1].startswith("2 games on the same deals")
    assert lines[2] == (
        "pooled: 6 games; only the first runs won 0, only the second 0:"
        " first minus second +0.0% ± 0.0%; sign test z 0.00"
    )
    for bad in (["a"], ["a", "b", "a"], ["a", "nobody"]):
        assert long_runs.main(["pool", *bad, "--manifest", str(path)]) == 2
        assert "pool takes pairs of runs of the manifest" in capsys.readouterr().err
