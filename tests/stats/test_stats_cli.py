"""``solitaire-solver stats``: output, files, bad input, and the progress report."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path

import attrs
import pytest

from solitaire_solver import SolveRequest, make_game, solve
from solitaire_solver.cli import length_lines, main, unknown_text
from solitaire_solver.progress import ProgressBar
from solitaire_solver.search import Limits
from solitaire_solver.stats import summarize
from tests.support import run_cli


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return run_cli(capsys, "stats", *args)


def test_json_summary_and_default_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "decade", "--deals", "1-30", "--jobs", "1", "--json")
    assert code == 0
    doc = json.loads(out)
    verdicts = [solve("decade", n).status.value for n in range(1, 31)]
    assert doc["won"] == verdicts.count("won")
    assert doc["lost"] == verdicts.count("lost")
    assert doc["unknown"] == 0
    assert doc["deals"] == 30
    assert doc["rules"]["compulsory"] == "true"
    default = tmp_path / "decade.stats.sqlite"
    assert doc["store"] == str(default)
    assert default.exists()
    assert str(default) in err
    # Not a terminal here: plain lines, the last one saying it is done.
    assert "30 deals, 30 to solve" in err
    assert "30/30 100%" in err


def test_human_summary_and_rerun(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "decade", "--deals", "1-20", "--jobs", "1")
    assert code == 0
    assert "win rate: " in out
    assert "95% Wilson interval" in out
    code, out, err = run(capsys, "decade", "--deals", "1-25", "--jobs", "1")
    assert code == 0
    assert "20 already stored, 5 to solve" in err
    assert "25 deals, 20 from the store, 5 solved now" in out


def test_unknowns_show_conservative_bounds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "decade", "--deals", "1-10", "--jobs", "1", "--max-states", "3")
    assert code == 0
    assert "unknown" in out
    assert "conservative 95% bounds" in out


def test_unknowns_name_the_limit_that_stopped_them(capsys: pytest.CaptureFixture[str]) -> None:
    unknown = sum(solve("decade", n, max_states=3).status.value == "unknown" for n in range(1, 11))
    assert 0 < unknown < 10
    code, out, _ = run(capsys, "decade", "--deals", "1-10", "--jobs", "1", "--max-states", "3")
    assert code == 0
    assert (
        f"unknown deals stopped: {unknown} at the limit of 3 states (--max-states raises it)" in out
    )
    code, out, _ = run(capsys, "decade", "--deals", "1-10", "--max-states", "3", "--json")
    doc = json.loads(out)
    assert doc["unknown_limits"] == {"states": unknown}
    assert doc["limits"] == {"max_states": 3, "timeout": None, "max_table": None, "default": False}


def test_the_text_of_default_and_imported_limits() -> None:
    summary = summarize(make_game("decade"), [])
    summary = attrs.evolve(summary, unknown=7, unknown_limits=(("imported", 2), ("time", 5)))
    game = make_game("decade")
    text = unknown_text(summary, SolveRequest(game, Limits(timeout=1.5), Limits()))
    assert text == (
        "2 imported from verdict files, under their limits; "
        "5 at the default limit of 1.5 seconds (--timeout raises it)"
    )


def test_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deals.csv"
    code, _, _ = run(capsys, "decade", "--deals", "1-12", "--jobs", "2", "--csv", str(path))
    assert code == 0
    with path.open() as f:
        rows = list(csv.DictReader(f))
    assert [r["deal"] for r in rows] == [str(n) for n in range(1, 13)]
    for r in rows:
        direct = solve("decade", int(r["deal"]))
        assert r["status"] == direct.status.value
        assert r["moves"].split() == [str(m) for m in direct.moves]
        assert int(r["length"]) == len(direct.moves)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_verify_replays_found_and_stored_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], jobs: str
) -> None:
    code, out, err = run(capsys, "decade", "--deals", "1-20", "--jobs", jobs, "--verify", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["won"] > 2  # the damage below needs two won deals
    assert doc["verified"] == doc["won"]
    assert f"replayed {doc['won']} winning lines: every one wins" in err
    # Damage the store: one line loses its last move, another gets a line
    # that belongs to a different deal.
    db = sqlite3.connect(tmp_path / "decade.stats.sqlite")
    won = db.execute("SELECT deal, moves FROM results WHERE status = 'won' ORDER BY number")
    (short, short_moves), (other, _), (_, third_moves) = won.fetchall()[:3]
    with db:
        db.execute(
            "UPDATE results SET moves = ? WHERE deal = ?",
            (json.dumps(json.loads(short_moves)[:-1]), short),
        )
        db.execute("UPDATE results SET moves = ? WHERE deal = ?", (third_moves, other))
    db.close()
    code, out, err = run(capsys, "decade", "--deals", "1-20", "--jobs", jobs, "--verify")
    assert code == 1
    assert "from the store" in out
    assert f"error: deal {short}: the stored winning line ends after" in err
    assert "not won" in err
    assert f"error: deal {other}: the stored winning line does not replay: move " in err
    # Without --verify nothing is replayed, and the damage goes unnoticed.
    code, _, err = run(capsys, "decade", "--deals", "1-20", "--jobs", "1")
    assert code == 0
    assert "replayed" not in err


def test_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "run.png"
    code, _, _ = run(capsys, "decade", "--deals", "1-40", "--jobs", "1", "--plot", str(path))
    assert code == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--deals", "10-1"], "runs backwards"),
        (["--deals", "abc"], "'abc' is not a deal number"),
        (["--deals", "1-5", "--db", "missing/s.sqlite"], "folder 'missing' does not exist"),
        (["--deals", "1-5", "--csv", "missing/d.csv"], "no folder 'missing'"),
        (["--deals", "1-5", "--rule", "nosuch=1"], "unknown rule 'nosuch'"),
        (["--deals", "1-5", "--plot", "picture.nosuchformat"], "picture suffix"),
    ],
)
def test_bad_input(capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    code, _, err = run(capsys, "decade", *args)
    assert code == 2
    assert words in err
    assert len(err.strip().splitlines()) == 1


def test_bad_option_value_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["stats", "decade", "--deals", "1-5", "--jobs", "0"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--jobs: expected a number of at least 1" in err
    assert len(err.strip().splitlines()) == 1


def test_both_eagle_wing_presets_share_one_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "s.sqlite")
    args = ["--deals", "1-5", "--jobs", "1", "--db", db, "--json"]
    code, out, err = run(capsys, "eagle-wing", *args)
    assert code == 0, err
    plain = json.loads(out)
    code, out, err = run(capsys, "eagle-wing-coops", *args)
    assert code == 0, err
    coops = json.loads(out)
    assert (plain["game"], coops["game"]) == ("eagle-wing", "eagle-wing-coops")
    assert plain["reused"] == coops["reused"] == 0
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT preset, game, count(*) FROM results GROUP BY preset ORDER BY preset"
        ).fetchall()
    assert rows == [("eagle-wing", "eagle-wing", 5), ("eagle-wing-coops", "eagle-wing", 5)]
    # A rerun of each finds its own results, and reports them alone.
    code, out, err = run(capsys, "eagle-wing-coops", *args)
    assert code == 0
    again = json.loads(out)
    assert again["reused"] == 5 and "5 already stored" in err
    assert {k: again[k] for k in ("won", "lost", "unknown")} == {
        k: coops[k] for k in ("won", "lost", "unknown")
    }
    # The default store of changed rules is still another file.
    code, _, err = run(capsys, "decade", "--deals", "1-3", "--jobs", "1", "--rule", "min_run=3")
    assert code == 0, err
    assert len(list(tmp_path.glob("decade-*.stats.sqlite"))) == 1


# ---------------------------------------------------------------- progress


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_plain_progress_lines() -> None:
    out = io.StringIO()
    clock = Clock()
    bar = ProgressBar(out, label="decade", total=120, tty=False, every=10, clock=clock)
    bar(0, 100)
    clock.now += 5
    bar(50, 100)  # within 10 s of the last line: nothing
    clock.now += 5
    bar(50, 100)
    clock.now += 10
    bar(100, 100)
    bar.finish()
    lines = out.getvalue().splitlines()
    # No carriage returns in a file or a pipe: one plain line each time.
    assert "\r" not in out.getvalue()
    assert lines == [
        "decade: 120 deals, 20 already stored, 100 to solve",
        "decade: 50/100  50%  5.00 deals/s  00:10 left",
        "decade: 100/100 100%  5.00 deals/s  done in 00:20",
    ]


def test_plain_progress_lines_of_a_slow_run_give_seconds_a_deal() -> None:
    out = io.StringIO()
    clock = Clock()
    bar = ProgressBar(out, label="windmill", total=10, tty=False, every=10, clock=clock)
    bar(0, 10)
    clock.now += 90
    bar(3, 10)
    lines = out.getvalue().splitlines()
    # 3 deals in 90 s: 30 s a deal, and 7 deals (210 s) left.
    assert lines[-1] == "windmill: 3/10  30% 30.00 s/deal  03:30 left"


def test_terminal_bar_is_drawn_by_tqdm() -> None:
    out = io.StringIO()
    bar = ProgressBar(out, label="decade", total=5, tty=True, width=70)
    bar(0, 4)
    bar(1, 4)
    bar(4, 4)
    bar.finish()
    text = out.getvalue()
    # The plan is a line of its own; then tqdm redraws one line in place.
    plan, drawn = text.split("\n", 1)
    assert plan == "decade: 5 deals, 1 already stored, 4 to solve"
    frames = drawn.rstrip("\n").split("\r")[1:]
    assert frames[0].startswith("decade:   0%|")
    assert frames[-1].startswith("decade: 100%|")
    assert "| 4/4 [" in frames[-1] and " deals/s]" in frames[-1]
    assert all(len(f.rstrip()) <= 70 for f in frames)
    assert drawn.endswith("\n") and drawn.count("\n") == 1


def test_terminal_with_nothing_to_solve_draws_no_bar() -> None:
    out = io.StringIO()
    bar = ProgressBar(out, label="decade", total=3, tty=True)
    bar(0, 0)
    bar.finish()
    assert out.getvalue() == "decade: 3 deals, 3 already stored, 0 to solve\n"


# ---------------------------------------------------------------- lengths of the winning lines


def test_lengths_read_as_quartiles_and_a_few_binned_lines() -> None:
    # Four wins, of 10, 20, 20 and 30 moves: by nearest rank the quartiles
    # are the 1st, 2nd and 3rd of the four; bins five moves wide (the
    # narrowest of 1, 2, 5, ... giving at most eight bins from 10 to 30)
    # hold 1, 0, 2, 0 and 1 deals, the last one only 30.
    assert length_lines(((10, 1), (20, 2), (30, 1))) == [
        "moves to win: min 10, lower quartile 10, median 20, upper quartile 20, max 30 "
        "(4 deals won)",
        "  10-14  1  " + "#" * 15,
        "  15-19  0",
        "  20-24  2  " + "#" * 30,
        "  25-29  0",
        "     30  1  " + "#" * 15,
    ]
    assert length_lines(((60, 15),)) == [
        "moves to win: min 60, lower quartile 60, median 60, upper quartile 60, max 60 "
        "(15 deals won)",
        "  60  15  " + "#" * 30,
    ]


def test_many_lengths_stay_a_few_lines() -> None:
    # 1..1000 moves, one deal each: quartiles 250, 500, 750; bins of 200.
    lines = length_lines(tuple((n, 1) for n in range(1, 1001)))
    assert lines[0] == (
        "moves to win: min 1, lower quartile 250, median 500, upper quartile 750, max 1000 "
        "(1,000 deals won)"
    )
    assert [line.split()[:2] for line in lines[1:]] == [
        ["1-199", "199"],
        ["200-399", "200"],
        ["400-599", "200"],
        ["600-799", "200"],
        ["800-999", "200"],
        ["1000", "1"],
    ]


def test_the_summary_shows_the_spread_of_lengths_and_json_keeps_every_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lengths = sorted(
        len(r.moves) for r in (solve("decade", n) for n in range(1, 41)) if r.status.value == "won"
    )
    assert len(set(lengths)) > 3  # enough lengths for a list to be longer than a spread
    code, out, _ = run(capsys, "decade", "--deals", "1-40", "--jobs", "1")
    assert code == 0
    assert "moves: deals" not in out
    assert f"moves to win: min {lengths[0]}, " in out
    assert f", max {lengths[-1]} ({len(lengths)} deals won)" in out
    assert len(out.splitlines()) <= 8 + 8
    code, out, _ = run(capsys, "decade", "--deals", "1-40", "--json")
    assert json.loads(out)["lengths"] == {str(n): lengths.count(n) for n in sorted(set(lengths))}
