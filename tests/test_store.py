"""The SQLite results store: resuming, rules, crashes and concurrent runs."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solitaire_solver import make_game
from solitaire_solver.errors import StoreError
from solitaire_solver.search import Limits, Status
from solitaire_solver.stats import solve_deals, winnability
from solitaire_solver.store import DealResult, Store

ROOT = Path(__file__).resolve().parent.parent


def row_count(path: Path) -> int:
    """Rows in a store another process may be writing; 0 before the table exists."""
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10) as db:
            return int(db.execute("SELECT count(*) FROM results").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


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
        assert store.count(make_game("decade").fingerprint) == 50
    assert again.won + again.lost == 50


def test_stored_results_read_back_equal(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    fresh = solve_deals("decade", "1-40", store=db)
    back = solve_deals("decade", "1-40", store=db)
    assert all(r.from_store for r in back)
    assert not any(r.from_store for r in fresh)
    assert back == fresh
    assert any(r.status is Status.WON and r.moves for r in back)


def test_other_rules_for_the_same_game_are_refused(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    winnability("decade", "1-3", store=db)
    with pytest.raises(StoreError, match="other rules"):
        winnability("decade", "1-3", rules={"min_run": 3}, store=db)
    # The refused run wrote nothing.
    assert row_count(db) == 3


def test_unknowns_are_retried_under_other_limits(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    limited = winnability("decade", "1-20", max_states=3, store=db)
    assert limited.unknown > 0
    same = winnability("decade", "1-20", max_states=3, store=db)
    assert same.reused == 20
    full = winnability("decade", "1-20", store=db)
    assert full.unknown == 0
    assert full.reused == limited.won + limited.lost
    # A later limited run does not overwrite settled rows with unknowns.
    assert winnability("decade", "1-20", max_states=2, store=db).unknown == 0


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
        preset = attrs.evolve(PRESETS["windmill"], default_limits=Limits(max_states=states))
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
    game = make_game("decade")
    won = DealResult("1", 1, Status.WON, ("d",), 5)
    with Store(tmp_path / "s.sqlite") as store:
        store.add(game.name, game.fingerprint, [won], Limits())
        store.add(game.name, game.fingerprint, [DealResult("1", 1, Status.LOST)], Limits())
        assert store.get(game.fingerprint) == {"1": won}


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
    with pytest.raises(StoreError, match="something else"):
        Store(path)


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
        resumed = store.get(make_game("decade").fingerprint)
    clean = solve_deals("decade", "1-1200")
    assert [resumed[r.deal] for r in clean] == clean


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
        stored = store.get(make_game("decade").fingerprint)
    clean = solve_deals("decade", "1-400")
    assert [stored[r.deal] for r in clean] == clean


def test_concurrent_runs_with_other_rules_cannot_both_write(tmp_path: Path) -> None:
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
    outcomes = []
    for run in runs:
        _, err = run.communicate(timeout=120)
        outcomes.append((run.returncode, err))
    assert sorted(code for code, _ in outcomes) == [0, 2]
    refused = next(err for code, err in outcomes if code == 2)
    assert "other rules" in refused
    assert len(refused.strip().splitlines()) == 1
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(DISTINCT fingerprint) FROM results").fetchone()[0] == 1
