"""The SQLite results store: resuming, rules, crashes and concurrent runs."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_solver import PRESETS, make_game
from solitaire_solver.advice.bounds import UpperBound
from solitaire_solver.errors import StoreError
from solitaire_solver.records.store import SCHEMA_VERSION, DealResult, Store, StoreKey, encode_moves
from solitaire_solver.search import Limits, Status
from solitaire_solver.stats import solve_deals, winnability
from tests.support import ROOT, default_sigint, row_count, run_cli


def deals_in(path: Path) -> list[str]:
    with sqlite3.connect(path) as db:
        return [r[0] for r in db.execute("SELECT deal FROM results")]


def integrity(path: Path) -> str:
    with sqlite3.connect(path) as db:
        return str(db.execute("PRAGMA integrity_check").fetchone()[0])


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "solitaire_solver", "stats", *args]


def cli_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def test_rerun_skips_what_is_stored(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    first = winnability("decade", "1-30", store=db)
    assert first.reused == 0
    solved: list[int] = []
    again = winnability("decade", "1-50", store=db, progress=lambda done, todo: solved.append(todo))
    assert again.reused == 30
    assert solved[0] == 20
    assert again.deals == 50
    with Store(db) as store:
        assert store.count(StoreKey.of(make_game("decade"))) == 50
    assert again.won + again.lost == 50


def test_stored_results_read_back_equal(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    fresh = solve_deals("decade", "1-40", store=db)
    back = solve_deals("decade", "1-40", store=db)
    assert all(r.from_store for r in back)
    assert not any(r.from_store for r in fresh)
    assert back == fresh
    assert any(r.status is Status.WON and r.moves for r in back)


def test_presets_and_rules_share_one_store(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    plain = winnability("decade", "1-30", store=db)
    other = winnability("decade", "1-30", rules={"min_run": 3}, store=db)
    optional = winnability("decade-optional", "1-30", store=db)
    # Each run solved its own deals: none took another's results.
    assert (plain.reused, other.reused, optional.reused) == (0, 0, 0)
    assert row_count(db) == 90
    # Under optional discards more deals are won than under compulsory ones;
    # a store that mixed them would report the same counts for both.
    assert optional.won > plain.won
    for summary, rules in ((plain, None), (other, {"min_run": 3}), (optional, None)):
        again = winnability(summary.game, "1-30", rules=rules, store=db)
        assert again.reused == 30
        assert (again.won, again.lost) == (summary.won, summary.lost)
    with sqlite3.connect(db) as con:
        groups = con.execute(
            "SELECT preset, game, count(*) FROM results GROUP BY preset, fingerprint "
            "ORDER BY preset, fingerprint"
        ).fetchall()
    assert groups == [
        ("decade", "decade", 30),
        ("decade", "decade", 30),
        ("decade-optional", "decade", 30),
    ]


OLD_SCHEMA = """
CREATE TABLE games (game TEXT PRIMARY KEY, fingerprint TEXT NOT NULL);
CREATE TABLE results (
    game TEXT NOT NULL, fingerprint TEXT NOT NULL, deal TEXT NOT NULL,
    number INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('won', 'lost', 'unknown')),
    limit_hit TEXT, moves TEXT NOT NULL, length INTEGER NOT NULL, states INTEGER NOT NULL,
    unique_states INTEGER NOT NULL, seconds REAL NOT NULL, max_states INTEGER, timeout REAL,
    max_table INTEGER, solver_version TEXT NOT NULL, finished TEXT NOT NULL,
    PRIMARY KEY (fingerprint, deal)
);
PRAGMA user_version = 1;
"""
"""The first store schema: rows keyed by fingerprint, each game bound to one set of rules."""


def write_old_store(path: Path, preset: str, rules: dict[str, int] | None, deals: str) -> None:
    game = make_game(preset, rules)
    results = solve_deals(game, deals)
    with sqlite3.connect(path) as con:
        con.executescript(OLD_SCHEMA)
        con.execute("INSERT INTO games VALUES (?, ?)", (game.name, game.fingerprint))
        con.executemany(
            "INSERT INTO results VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, NULL, NULL, NULL, "
            "'0.1.0', '2024-01-01T00:00:00Z')",
            [
                (
                    game.name,
                    game.fingerprint,
                    r.deal,
                    r.number,
                    r.status.value,
                    json.dumps(list(r.moves)),
                    r.length,
                    r.states,
                    r.unique,
                    r.seconds,
                )
                for r in results
            ],
        )


def test_an_old_store_is_migrated_with_each_row_under_its_preset(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    write_old_store(db, "eagle-wing-coops", None, "1-4")
    # The old store said 'eagle-wing' for the Coops preset's rows.
    with sqlite3.connect(db) as con:
        assert {r[0] for r in con.execute("SELECT game FROM results")} == {"eagle-wing"}
    coops = winnability("eagle-wing-coops", "1-6", store=db)
    assert coops.reused == 4
    # The other Eagle Wing preset now fits beside it.
    plain = winnability("eagle-wing", "1-4", store=db)
    assert plain.reused == 0
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        groups = con.execute(
            "SELECT preset, game, count(*) FROM results GROUP BY preset ORDER BY preset"
        ).fetchall()
    assert tables == {"results"}
    assert groups == [("eagle-wing", "eagle-wing", 4), ("eagle-wing-coops", "eagle-wing", 6)]
    assert integrity(db) == "ok"


def test_an_old_store_opened_without_the_presets_is_refused_and_left_as_it_was(
    tmp_path: Path,
) -> None:
    # The store sits below the games: it files old rows under the presets it
    # is handed, and guesses none.
    db = tmp_path / "old.sqlite"
    write_old_store(db, "eagle-wing-coops", None, "1-2")
    with pytest.raises(StoreError, match="schema 1, which only a store opened with the games"):
        Store(db)
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == 1
        assert con.execute("SELECT count(*) FROM results").fetchone()[0] == 2
    with Store(db, presets=PRESETS.values()) as store:
        assert store.count(StoreKey.of(make_game("eagle-wing-coops"))) == 2


def test_old_rows_under_changed_rules_go_to_the_game_preset(tmp_path: Path) -> None:
    # No preset has these rules, so the rows cannot say which one was asked
    # for; they are filed under the preset named after the game.
    db = tmp_path / "old.sqlite"
    write_old_store(db, "decade", {"min_run": 3}, "1-5")
    again = winnability("decade", "1-5", rules={"min_run": 3}, store=db)
    assert again.reused == 5


SECOND_SCHEMA = """
CREATE TABLE results (
    preset TEXT NOT NULL, game TEXT NOT NULL, fingerprint TEXT NOT NULL, deal TEXT NOT NULL,
    number INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('won', 'lost', 'unknown')),
    limit_hit TEXT, moves TEXT NOT NULL, length INTEGER NOT NULL, states INTEGER NOT NULL,
    unique_states INTEGER NOT NULL, seconds REAL NOT NULL, max_states INTEGER, timeout REAL,
    max_table INTEGER, solver_version TEXT NOT NULL, finished TEXT NOT NULL,
    PRIMARY KEY (preset, fingerprint, deal)
);
CREATE INDEX results_by_number ON results (preset, fingerprint, number);
PRAGMA user_version = 2;
"""
"""The second store schema: no difficulty figure, no origin of imported rows."""


def test_a_second_schema_store_gains_the_new_columns(tmp_path: Path) -> None:
    db = tmp_path / "second.sqlite"
    game = make_game("decade")
    results = solve_deals(game, "1-6")
    with sqlite3.connect(db) as con:
        con.executescript(SECOND_SCHEMA)
        con.executemany(
            "INSERT INTO results VALUES ('decade', 'decade', ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, "
            "NULL, NULL, NULL, '0.1.0', '2024-01-01T00:00:00Z')",
            [
                (
                    game.fingerprint,
                    r.deal,
                    r.number,
                    r.status.value,
                    json.dumps(list(r.moves)),
                    r.length,
                    r.states,
                    r.unique,
                    r.seconds,
                )
                for r in results
            ],
        )
    # Every row is still settled; the old ones have no figure, new ones do.
    again = solve_deals("decade", "1-8", store=db)
    assert [r.from_store for r in again] == [True] * 6 + [False] * 2
    assert all(r.difficulty is None for r in again[:6])
    assert [r.difficulty is not None for r in again[6:]] == [
        r.status.value == "won" for r in again[6:]
    ]
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert integrity(db) == "ok"


def test_a_newer_store_is_refused_with_what_to_do(tmp_path: Path) -> None:
    db = tmp_path / "new.sqlite"
    with sqlite3.connect(db) as con:
        con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match=f"schema {SCHEMA_VERSION + 1}.*newer solitaire_solver"):
        Store(db)


def test_unknowns_are_retried_under_other_limits(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    limited = winnability("decade", "1-20", store=db, limits=Limits(max_states=3))
    assert limited.unknown > 0
    plans: list[tuple[int, int]] = []
    same = winnability(
        "decade", "1-20", store=db, progress=lambda *a: plans.append(a), limits=Limits(max_states=3)
    )
    assert same.reused == 20
    assert plans == [(0, 0)]
    full = winnability("decade", "1-20", store=db, progress=lambda *a: plans.append(a))
    # The plan, counted in the database, leaves out exactly the settled deals.
    assert plans[1] == (0, limited.unknown)
    assert full.unknown == 0
    assert full.reused == limited.won + limited.lost
    # A later limited run does not overwrite settled rows with unknowns.
    assert winnability("decade", "1-20", store=db, limits=Limits(max_states=2)).unknown == 0


def test_unknowns_are_retried_when_the_default_limit_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Windmill's presets set a state limit when the caller sets none. The
    # store keeps the limit a deal was solved under, so an unknown reached
    # under an older default is solved again, and one under the current
    # default not.
    import attrs

    from solitaire_solver.games import PRESETS

    def default_limit(states: int) -> None:
        plan = PRESETS["windmill"].solver_plan.replace(limits=Limits(max_states=states))
        preset = attrs.evolve(PRESETS["windmill"], plan=plan)
        monkeypatch.setitem(PRESETS, "windmill", preset)

    db = tmp_path / "s.sqlite"
    default_limit(300)
    first = winnability("windmill", "2", store=db, jobs=1)
    assert first.unknown == 1
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT max_states, states FROM results").fetchall() == [(300, 300)]
    assert winnability("windmill", "2", store=db, jobs=1).reused == 1
    default_limit(400)
    again = winnability("windmill", "2", store=db, jobs=1)
    assert again.reused == 0 and again.unknown == 1
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT max_states, states FROM results").fetchall() == [(400, 400)]


def test_a_settled_row_is_never_overwritten(tmp_path: Path) -> None:
    key = StoreKey.of(make_game("decade"))
    won = DealResult("1", 1, Status.WON, ("d",), 5)
    with Store(tmp_path / "s.sqlite") as store:
        store.add(key, [won], Limits())
        store.add(key, [DealResult("1", 1, Status.LOST)], Limits())
        assert store.get(key) == {"1": won}


class InterruptedAfter:
    """A store's connection that raises ``KeyboardInterrupt`` once, as its first statement
    that starts with ``statement`` returns: where Python raises a Ctrl-C that arrived
    during that call."""

    def __init__(self, db: sqlite3.Connection, statement: str) -> None:
        self.db = db
        self.statement = statement
        self.fired = False

    def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
        cursor = self.db.execute(sql, *args)
        if sql.startswith(self.statement) and not self.fired:
            self.fired = True
            raise KeyboardInterrupt
        return cursor

    def __getattr__(self, name: str) -> object:
        return getattr(self.db, name)


def test_an_interrupt_just_after_a_commit_stays_an_interrupt(tmp_path: Path) -> None:
    # Python runs a signal's handler once the C call it arrived in returns:
    # a Ctrl-C during COMMIT is raised after the commit has happened, when
    # there is no transaction left to roll back.
    key = StoreKey.of(make_game("decade"))
    won = DealResult("1", 1, Status.WON, ("d",), 5)
    with Store(tmp_path / "s.sqlite") as store:
        real = store._db
        store._db = InterruptedAfter(real, "COMMIT")  # type: ignore[assignment]
        with pytest.raises(KeyboardInterrupt):
            store.add(key, [won], Limits())
        store._db = real
        assert store.get(key) == {"1": won}


def test_an_interrupt_as_a_write_begins_leaves_no_transaction_open(tmp_path: Path) -> None:
    # A run stopped by Ctrl-C stores what it finished: that write must find no transaction
    # left open by the one the interrupt cut short (it once failed: "cannot start a
    # transaction within a transaction", status 2 where 130 was due).
    key = StoreKey.of(make_game("decade"))
    with Store(tmp_path / "s.sqlite") as store:
        real = store._db
        store._db = InterruptedAfter(real, "BEGIN")  # type: ignore[assignment]
        with pytest.raises(KeyboardInterrupt):
            store.add(key, [DealResult("1", 1, Status.LOST)], Limits())
        assert not real.in_transaction
        store.add(key, [DealResult("2", 2, Status.LOST)], Limits())
        store._db = real
        assert sorted(store.get(key)) == ["2"]


def test_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match=r"folder .* does not exist"):
        Store(tmp_path / "nowhere" / "s.sqlite")


def test_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database at all, just some words\n" * 10)
    with pytest.raises(StoreError, match="not a results database"):
        Store(path)


def test_another_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE people (name TEXT)")
    before = path.read_bytes()
    with pytest.raises(StoreError, match="something else"):
        Store(path)
    # Left as it was: it was once switched to WAL before it was looked at.
    assert path.read_bytes() == before


def test_a_fifo_or_a_device_is_no_store(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path, kind in ((fifo, "FIFO"), (Path("/dev/zero"), "character device")):
        with pytest.raises(StoreError, match=f"it is a {kind}"):
            Store(path)


def test_a_damaged_store_is_one_line_and_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.sqlite"
    solve_deals("decade", "1-40", store=good)
    data = bytearray(good.read_bytes())
    # Damage past the header: pages of the table and its index, or a row's values.
    for offset in range(len(data) // 2, len(data), 97):
        data[offset] ^= 0x5A
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(data)
    for argv in (
        ["deals", "decade", "--db", str(bad)],
        ["stats", "decade", "--deals", "1-40", "--jobs", "1", "--db", str(bad)],
    ):
        code, out, err = run_cli(capsys, *argv)
        lines = [line for line in err.splitlines() if not line.endswith(f"store {bad}")]
        assert code == 2, (argv, out, err)
        assert len(lines) == 1 and lines[0].startswith("solitaire-solver: error: "), err
        assert "Traceback" not in err
        assert bad.read_bytes() == bytes(data)


def test_sigkill_loses_only_deals_in_flight(tmp_path: Path) -> None:
    db = tmp_path / "killed.sqlite"
    args = cli("decade", "--deals", "1-1200", "--db", str(db), "--jobs", "2")
    proc = subprocess.Popen(
        args,
        cwd=tmp_path,
        env=cli_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while row_count(db) < 100:
            assert proc.poll() is None, "the run ended before it could be killed"
            assert time.monotonic() < deadline, "the run stored nothing for a minute"
            time.sleep(0.01)
    finally:
        # The whole process group: the run and its worker processes.
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    stored = row_count(db)
    assert 100 <= stored < 1200
    assert integrity(db) == "ok"

    rerun = subprocess.run(args, cwd=tmp_path, env=cli_env(), capture_output=True, text=True)
    assert rerun.returncode == 0, rerun.stderr
    assert "already stored" in rerun.stderr
    deals = deals_in(db)
    assert len(deals) == 1200
    assert sorted(deals, key=int) == [str(n) for n in range(1, 1201)]
    with Store(db) as store:
        resumed = store.get(StoreKey.of(make_game("decade")))
    clean = solve_deals("decade", "1-1200")
    assert [resumed[r.deal] for r in clean] == clean


def children_of(pid: int) -> set[int]:
    """The live processes whose parent is ``pid`` (read from /proc)."""
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and process_state(int(entry.name)) not in ("", "Z"):
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.add(int(entry.name))
    return out


def process_state(pid: int) -> str:
    """A process's state letter (``Z`` for a zombie); ``""`` once it is gone."""
    try:
        return (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split() or [""])[0]
    except OSError:
        return ""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_workers_end_when_the_run_is_killed(tmp_path: Path) -> None:
    # Eagle Wing Coops deals take seconds each, so a worker that did not
    # notice its parent's death would go on solving for minutes.
    db = tmp_path / "orphans.sqlite"
    args = cli("eagle-wing-coops", "--deals", "1001-1400", "--db", str(db), "--jobs", "2")
    proc = subprocess.Popen(
        args,
        cwd=tmp_path,
        env=cli_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 30
        while len(workers) < 2:
            assert proc.poll() is None, "the run ended before it could be killed"
            assert time.monotonic() < deadline, "no two workers after 30 s"
            time.sleep(0.05)
            workers = children_of(proc.pid)
        time.sleep(1)  # both busy with a deal
        proc.kill()
        proc.wait()
        deadline = time.monotonic() + 3
        while {w for w in workers if process_state(w) not in ("", "Z")}:
            if time.monotonic() > deadline:
                break
            time.sleep(0.05)
        alive = {w for w in workers if process_state(w) not in ("", "Z")}
        assert not alive, f"workers {alive} outlived the run by 3 s"
    finally:
        for w in workers:
            if process_state(w) not in ("", "Z"):
                os.kill(w, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert integrity(db) == "ok"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_sigterm_stops_cleanly_and_keeps_what_was_solved(tmp_path: Path) -> None:
    db = tmp_path / "term.sqlite"
    proc = subprocess.Popen(
        cli("decade", "--deals", "1-1000000", "--db", str(db), "--jobs", "2"),
        cwd=tmp_path,
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        while row_count(db) < 50:
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.02)
        workers = children_of(proc.pid)
        proc.terminate()
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 128 + signal.SIGTERM
    assert out == ""
    assert err.splitlines()[-1] == "solitaire-solver: terminated"
    assert "Traceback" not in err
    assert not {w for w in workers if process_state(w) not in ("", "Z")}
    assert integrity(db) == "ok"
    with Store(db) as store:
        stored = store.get(StoreKey.of(make_game("decade")))
    assert len(stored) >= 50
    sample = sorted(int(d) for d in stored)[:: max(1, len(stored) // 50)]
    assert [stored[str(n)] for n in sample] == solve_deals("decade", sample)


WATCHED_CHILD = """
import os, sys, time
from solitaire_solver.stats import runners
runners.sys.platform = sys.argv[1]  # 'other': the watch on the parent's id alone
parent = os.getpid()
child = os.fork()
if child == 0:
    runners._end_with_parent(parent)
    time.sleep(60)
    os._exit(0)
print(child, flush=True)
time.sleep(0.3)
os._exit(0)  # the parent goes, with no clean-up
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks")
@pytest.mark.parametrize("platform", ["linux", "other"])
def test_a_worker_ends_soon_after_its_parent(platform: str) -> None:
    # Both guards on their own: the death signal (Linux) and the watch on
    # the parent's id (everywhere, and for a death the signal misses).
    if platform == "linux" and not sys.platform.startswith("linux"):
        pytest.skip("the death signal is Linux's")
    run = subprocess.run(
        [sys.executable, "-c", WATCHED_CHILD, platform],
        env=cli_env(),
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    child = int(run.stdout)
    ended = time.monotonic()
    deadline = ended + 3
    while process_state(child) not in ("", "Z") and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        assert process_state(child) in ("", "Z"), "the child outlived its parent by 3 s"
    finally:
        if process_state(child) not in ("", "Z"):
            os.kill(child, signal.SIGKILL)


def _open_at_once(path: Path, barrier: Any, errors: Any) -> None:
    """Open (and so create) the store at ``path`` once every process is ready; put the
    error's text, or ``""``."""
    barrier.wait()
    try:
        Store(path).close()
        errors.put("")
    except StoreError as exc:
        errors.put(str(exc))


def test_processes_creating_one_new_store_at_once_all_open_it(tmp_path: Path) -> None:
    # A process that read the new file's version (0) before another committed the new
    # store, and its tables after, once took the store for an SQLite file of something
    # else (16 of 100 rounds of four processes failed so). Forked processes start at once.
    fork = multiprocessing.get_context("fork")
    for n in range(25):
        barrier, errors = fork.Barrier(4), fork.Queue()
        path = tmp_path / f"new-{n}.sqlite"
        runs = [fork.Process(target=_open_at_once, args=(path, barrier, errors)) for _ in range(4)]
        for run in runs:
            run.start()
        said = [errors.get(timeout=60) for _ in runs]
        for run in runs:
            run.join(timeout=60)
        assert said == [""] * 4, said
        assert integrity(path) == "ok"


def test_two_concurrent_runs_share_one_file(tmp_path: Path) -> None:
    db = tmp_path / "shared.sqlite"
    args = cli("decade", "--deals", "1-400", "--db", str(db), "--jobs", "1")
    runs = [
        subprocess.Popen(
            args, cwd=tmp_path, env=cli_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        for _ in range(2)
    ]
    for run in runs:
        _, err = run.communicate(timeout=120)
        assert run.returncode == 0, err
    assert integrity(db) == "ok"
    deals = deals_in(db)
    assert sorted(deals, key=int) == [str(n) for n in range(1, 401)]
    with Store(db) as store:
        stored = store.get(StoreKey.of(make_game("decade")))
    clean = solve_deals("decade", "1-400")
    assert [stored[r.deal] for r in clean] == clean


def test_concurrent_runs_with_other_rules_both_write(tmp_path: Path) -> None:
    db = tmp_path / "shared.sqlite"
    runs = [
        subprocess.Popen(
            cli("decade", "--deals", "1-3", "--db", str(db), "--jobs", "1", *extra),
            cwd=tmp_path,
            env=cli_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for extra in ([], ["--rule", "min_run=3"])
    ]
    for run in runs:
        _, err = run.communicate(timeout=120)
        assert run.returncode == 0, err
    with sqlite3.connect(db) as conn:
        counts = conn.execute("SELECT count(*) FROM results GROUP BY fingerprint").fetchall()
    assert counts == [(3,), (3,)]


# ---------------------------------------------------------------- huge ranges


def peak_memory_kib(pid: int) -> int:
    """The high-water mark of a process's resident memory (VmHWM), in KiB; 0 once it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


class LineReader:
    """Collects a pipe's lines in a thread, so the test can wait for one without blocking."""

    def __init__(self, stream: IO[str]) -> None:
        self.lines: list[str] = []
        self.thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.thread.start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.append(line)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_a_huge_range_streams_in_flat_memory(tmp_path: Path) -> None:
    # 10**9 deals: listing them would take tens of gigabytes and hours before
    # the first deal. The plan must come at once, memory stay flat, and what
    # was solved before the interruption be in the store.
    db = tmp_path / "huge.sqlite"
    proc = subprocess.Popen(
        cli("decade", "--deals", "1-1000000000", "--db", str(db), "--jobs", "2"),
        cwd=tmp_path,
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # Ctrl-C as at a terminal: a test run started in the background of a
        # shell ignores SIGINT, and an ignored signal stays ignored in a child.
        preexec_fn=default_sigint,
    )
    assert proc.stderr is not None
    err = LineReader(proc.stderr)
    peak = 0
    try:
        deadline = time.monotonic() + 20
        while not any("to solve" in line for line in err.lines):
            assert proc.poll() is None, "".join(err.lines)
            assert time.monotonic() < deadline, "no plan line after 20 s"
            peak = max(peak, peak_memory_kib(proc.pid))
            time.sleep(0.02)
        # Let it solve for a while, watching its memory.
        solving = time.monotonic() + 3
        while time.monotonic() < solving or row_count(db) < 100:
            assert proc.poll() is None, "".join(err.lines)
            assert time.monotonic() < deadline + 20, "stored under 100 deals in 20 s"
            peak = max(peak, peak_memory_kib(proc.pid))
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    err.thread.join(timeout=5)
    assert proc.returncode == 130, "".join(err.lines)
    lines = [line.strip() for line in err.lines]
    assert lines[0] == f"solitaire-solver: results store {db}"
    assert lines[1] == "decade: 1,000,000,000 deals, 1,000,000,000 to solve"
    assert lines[-1] == "solitaire-solver: interrupted"
    assert peak < 300 * 1024, f"peak memory {peak} KiB"
    # The results stored before the interruption are deals 1..N without a
    # gap: the batches running then were finished and stored, and only ones
    # not started yet (the last handed out) were dropped. Each is as a clean
    # run gives it.
    with Store(db) as store:
        stored = store.get(StoreKey.of(make_game("decade")))
    assert len(stored) >= 100
    numbers = sorted(int(d) for d in stored)
    assert numbers == list(range(1, len(numbers) + 1))
    sample = numbers[:: max(1, len(numbers) // 100)]
    assert [stored[str(n)] for n in sample] == solve_deals("decade", sample)
    # A rerun's plan counts them as stored, without listing the range.
    rerun = subprocess.Popen(
        cli("decade", "--deals", "1-1000000000", "--db", str(db), "--jobs", "1"),
        cwd=tmp_path,
        env=cli_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert rerun.stderr is not None
    try:
        rerun.stderr.readline()
        plan = rerun.stderr.readline().strip()
    finally:
        rerun.kill()
        rerun.communicate()
    left = 10**9 - len(stored)
    assert plan == f"decade: 1,000,000,000 deals, {len(stored):,} already stored, {left:,} to solve"


@given(st.lists(st.text(max_size=6)))
def test_moves_are_written_as_json_writes_them(moves: list[str]) -> None:
    # Stores written before the joined form came in hold json.dumps's text,
    # and every reader parses the column as JSON.
    assert encode_moves(tuple(moves)) == json.dumps(moves)
    assert json.loads(encode_moves(tuple(moves))) == moves


@pytest.mark.parametrize("moves", [["d", "x1-3"], ['a"b'], ["a\\b"], ["\x7f"], ["é"], ["", " "]])
def test_moves_that_need_escaping_are_written_as_json_writes_them(moves: list[str]) -> None:
    assert encode_moves(tuple(moves)) == json.dumps(moves)


def test_a_third_schema_store_gains_settled_by_and_keeps_it(tmp_path: Path) -> None:
    # A store of the third schema (made here by dropping the columns the fourth
    # and fifth added) is migrated when opened: its rows say nothing of what
    # settled them, and the rows solved afterwards keep the solver's word.
    db = tmp_path / "third.sqlite"
    first = solve_deals("windmill", "1-3", store=db, limits=Limits(max_states=20_000))
    assert all(
        r.settled_by and r.settled_by.startswith("beams") for r in first if r.status.value == "won"
    )
    with sqlite3.connect(db) as con:
        con.execute("ALTER TABLE results DROP COLUMN settled_by")
        con.execute("ALTER TABLE results DROP COLUMN value")
        con.execute("PRAGMA user_version = 3")
    again = solve_deals("windmill", "1-5", store=db, limits=Limits(max_states=20_000))
    assert [r.from_store for r in again] == [True] * 3 + [False] * 2
    assert all(r.settled_by is None for r in again[:3])
    assert [r.settled_by is not None for r in again[3:]] == [
        r.status.value != "unknown" for r in again[3:]
    ]
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        stored = dict(con.execute("SELECT deal, settled_by FROM results"))
    assert stored["4"] == again[3].settled_by
    assert integrity(db) == "ok"


def test_a_fourth_schema_store_gains_values_and_an_upper_bound_s_run_resumes_on_it(
    tmp_path: Path,
) -> None:
    # A store of the fourth schema (made by dropping the fifth's column) is
    # migrated when opened: its rows keep their verdicts and hold no value, and
    # an upper bound's run then stores a value per deal beside them, read back
    # as it was written.
    db = tmp_path / "fourth.sqlite"
    first = solve_deals("decade", "1-3", store=db)
    with sqlite3.connect(db) as con:
        con.execute("ALTER TABLE results DROP COLUMN value")
        con.execute("PRAGMA user_version = 4")
    again = solve_deals("decade", "1-3", store=db)
    assert again == first
    assert [r.value for r in again] == [None] * 3
    bound = UpperBound("exact", 4)
    values = solve_deals("decade", "1-3", store=db, player=bound)
    assert all(r.value is not None and 0 <= r.value <= 1 for r in values)
    stored = solve_deals("decade", "1-3", store=db, player=bound)
    assert [r.from_store for r in stored] == [True] * 3
    assert [r.value for r in stored] == [r.value for r in values]
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert integrity(db) == "ok"


BIG = 1 << 63
"""The first deal number SQLite's integers cannot hold."""


def test_deal_numbers_past_sqlite_integers_are_stored_in_order(tmp_path: Path) -> None:
    """Deal numbers from 2^63 to PySolFC's 10^20 are stored and read back exactly, and every
    query by number (order, span, blocks, verdict rows) keeps their order across 2^63."""
    numbers = [5, BIG - 2, BIG - 1, BIG, BIG + 1, 10**19, 10**20 - 1, 10**20]
    game = make_game("decade")
    key = StoreKey.of(game)
    results = [
        DealResult(deal=str(n), number=n, status=Status.LOST, moves=(), states=1, unique=1)
        for n in numbers
    ]
    with Store(tmp_path / "s.sqlite") as store:
        store.add(key, results[::-1], Limits())
        assert [r.number for r in store.get(key).values()] == numbers
        assert store.get(key, [str(BIG + 1)])[str(BIG + 1)].number == BIG + 1
        assert store.number_span(key) == (5, 10**20)
        assert [row[0] for row in store.verdict_rows(key, BIG - 1, 10**19)] == [
            BIG - 1,
            BIG,
            BIG + 1,
            10**19,
        ]
        blocks = [(1, BIG - 1, False), (BIG, 10**19, False), (10**19 + 1, 10**20, False)]
        assert store.count_settled(key, blocks, Limits()) == len(numbers)
        assert store.count_settled(key, [(BIG - 1, BIG, False)], Limits()) == 2
        assert [r["number"] for r in store.rows(key)] == numbers


def test_stats_runs_and_resumes_deals_past_sqlite_integers(tmp_path: Path) -> None:
    """``stats`` over deal numbers that ``solve`` accepts but SQLite's integers do not hold
    stores them and, run again, takes them from the store."""
    db = tmp_path / "s.sqlite"
    deals = f"{BIG - 1}-{BIG + 1},{10**20}"
    first = winnability("decade", deals, store=db)
    assert (first.deals, first.reused) == (4, 0)
    again = winnability("decade", deals, store=db)
    assert (again.deals, again.reused) == (4, 4)
    assert (again.won, again.lost) == (first.won, first.lost)
    single = subprocess.run(
        cli("decade", "--deals", str(BIG), "--db", str(db), "--json"),
        capture_output=True,
        text=True,
        env=cli_env(),
        check=False,
    )
    assert single.returncode == 0, single.stderr
    assert json.loads(single.stdout)["reused"] == 1


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("moves", "[" * 100_000 + "]" * 100_000),
        ("moves", "not JSON"),
        ("status", "wxn"),
        ("limit_hit", "speed"),
    ],
)
def test_a_row_that_is_not_what_the_store_writes_is_one_error(
    tmp_path: Path, column: str, value: str
) -> None:
    # Damage inside a row that SQLite reads well: a RecursionError, a JSONDecodeError or a
    # ValueError once, from deep in the reading of the row.
    path = tmp_path / "s.sqlite"
    solve_deals("decade", "1-3", store=path)
    with sqlite3.connect(path) as db:
        if column == "status":
            # The table's CHECK holds for SQL; a flipped byte in the file need not.
            db.execute("PRAGMA ignore_check_constraints = ON")
        db.execute(f"UPDATE results SET {column} = ? WHERE deal = '2'", (value,))
    with Store(path) as store, pytest.raises(StoreError, match="cannot be used"):
        store.get(StoreKey.of(make_game("decade")))
