"""The command line: solve, games, and its errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solitaire_solver import verify
from solitaire_solver.games import GAMES, kernels
from solitaire_solver.games.eagle_wing import kernel as eagle_wing_kernel
from solitaire_solver.games.windmill import kernel as windmill_kernel
from tests.support import ROOT, run_cli, run_module


def test_solve_json_is_a_document_whose_moves_replay(capsys: pytest.CaptureFixture[str]) -> None:
    for number in range(1, 40):
        code, out, _ = run_cli(capsys, "solve", "decade", str(number), "--json")
        assert code == 0
        doc = json.loads(out)
        assert doc["game"] == "decade" and doc["deal"] == str(number)
        assert doc["rules"]["compulsory"] == "true"
        assert doc["status"] in ("won", "lost")
        if doc["status"] == "won":
            check = verify("decade", number, [m["move"] for m in doc["moves"]])
            assert check.legal and check.won
            return
    pytest.fail("no won decade deal among 1..39")


def test_solve_prints_deal_verdict_moves_and_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "solve", "decade", "123456")
    assert code == 0
    assert out.startswith("decade 123456")
    assert "line:  3D 2D 2C" in out  # RULES.md: the line starts 3D 2D 2C
    assert "verdict: " in out
    assert "states expanded" in out


def test_unknown_verdict_names_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    # Deal 123456 of decade needs more than one state to settle.
    code, out, _ = run_cli(capsys, "solve", "decade", "123456", "--max-states", "1", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["status"] == "unknown" and doc["limit"] == "states"
    assert doc["moves"] == []


def test_rule_option_changes_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "solve", "decade", "5", "--rule", "min_run=3", "--json")
    assert code == 0
    assert json.loads(out)["rules"]["min_run"] == "3"


def test_games_lists_presets_and_knobs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "games", "--json")
    assert code == 0
    doc = {g["preset"]: g for g in json.loads(out)}
    assert {k["name"]: k["value"] for k in doc["decade-optional"]["rules"]}["compulsory"] == "false"
    code, out, _ = run_cli(capsys, "games")
    assert "decade-optional" in out and "compulsory=false" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "chess", "1"], "unknown game 'chess'"),
        (["solve", "decade", "0"], "bad deal number '0'"),
        (["solve", "decade", "12x"], "bad deal number '12x'"),
        (["solve", "decade", "1-5"], "bad deal number '1-5': "),
        (["solve", "decade", "1.5"], "bad deal number '1.5': "),
        (["solve", "decade", "1,5"], "bad deal number '1,5': "),
        (["solve", "decade", "1_5"], "bad deal number '1_5': "),
        (["solve", "decade", "1 5"], "bad deal number '1 5': "),
        (["solve", "decade", ".7"], "bad deal number '.7': "),
        (["solve", "decade", "1.0"], "bad deal number '1.0': "),
        (["solve", "decade", "12,34"], "bad deal number '12,34': "),
        (["show", "decade", "1-5"], "bad deal number '1-5': "),
        (["solve", "decade", "1", "--rule", "colour=red"], "unknown rule 'colour'"),
        (["solve", "decade", "1", "--rule", "min_run=one"], "bad value 'one' for rule 'min_run'"),
        (["solve", "decade", "1", "--rule", "min_run"], "bad rule 'min_run'"),
        (["solve", "decade", "1", "--rule", "min_run=5", "--rule", "max_run=3"], "max_run 3"),
        (["solve", "decade", "1", "--timeout", "soon"], "--timeout"),
        (
            ["solve", "decade", "1", "--rule", "min_run=2", "--rule", "min_run=3"],
            "rule 'min_run' given twice (min_run=2, then min_run=3)",
        ),
        (
            ["show", "decade", "1", "--rule", "max_run=3", "--rule", " max_run = 3"],
            "rule 'max_run' given twice",
        ),
        (
            ["stats", "decade", "--deals", "1", "--rule", "min_run=2", "--rule", "min_run=3"],
            "rule 'min_run' given twice",
        ),
        (["solve", "decade", "1", "--max-states", "0"], "--max-states"),
        (["solve", "decade"], "solve needs GAME and NUMBER"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("solitaire-solver")
    assert message in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("text", "deal"),
    [
        ("1234", "1234"),
        ("#1234", "1234"),
        ("1,234", "1234"),
        ("1_234", "1234"),
        ("1.234", "1234"),
        ("1 234", "1234"),
        ("ms40000", "ms40000"),
        ("40000", "40000"),
    ],
)
def test_accepted_deal_number_forms(
    capsys: pytest.CaptureFixture[str], text: str, deal: str
) -> None:
    code, out, err = run_cli(capsys, "solve", "decade", text, "--json")
    assert code == 0, err
    assert json.loads(out)["deal"] == deal


def test_a_deal_number_beyond_pysolfc_s_range_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run_cli(capsys, "solve", "decade", "99999999999999999999999999")
    assert (code, out) == (2, "")
    assert err == (
        "solitaire-solver: error: bad deal number '99999999999999999999999999': "
        "deal numbers run from 1 to 100000000000000000000 (10**20, PySolFC's largest)\n"
    )


def test_ms_and_plain_numbers_above_32000_are_different_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, plain, _ = run_cli(capsys, "show", "decade", "40000")
    _, ms, _ = run_cli(capsys, "show", "decade", "ms40000")
    assert "deal: 40000" in plain and "deal: ms40000" in ms
    stock = [line for line in (plain + ms).splitlines() if line.startswith("stock: ")]
    assert len(stock) == 2 and stock[0] != stock[1]


def test_the_only_console_script_is_solitaire_solver() -> None:
    # A script named plain `solve` would shadow other tools of that name on PATH.
    tomllib = pytest.importorskip("tomllib")
    with (ROOT / "pyproject.toml").open("rb") as f:
        scripts = tomllib.load(f)["project"]["scripts"]
    assert scripts == {"solitaire-solver": "solitaire_solver.cli:main"}


def test_python_dash_m_runs_and_fails_cleanly() -> None:
    ok = run_module("solve", "decade", "3", "--json")
    assert ok.returncode == 0 and json.loads(ok.stdout)["deal"] == "3"
    bad = run_module("solve", "decade", "-1")
    assert bad.returncode == 2
    assert bad.stderr.strip() == (
        "solitaire-solver: error: bad deal number '-1': deal numbers start at 1"
    )


def test_solve_says_which_part_of_the_solver_settled_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Windmill's solver is a portfolio: deal 6543 (nothing plays until 54
    # cards are dealt) is proved lost by its relaxation, deal 1 won by its
    # narrowest beam. Decade's plan under compulsory rules is one member,
    # which is named all the same.
    code, out, _ = run_cli(capsys, "solve", "windmill", "6543", "--json")
    doc = json.loads(out)
    assert (code, doc["status"], doc["settled_by"]) == (0, "lost", "relaxation")
    code, out, _ = run_cli(capsys, "solve", "windmill", "1")
    assert code == 0 and "settled by: beams: width 8\n" in out
    code, out, _ = run_cli(capsys, "solve", "decade", "3", "--json")
    assert json.loads(out)["settled_by"] == "depth-first"
    code, out, _ = run_cli(capsys, "solve", "decade", "3")
    assert "settled by: depth-first\n" in out


@pytest.mark.parametrize("pure_env", ["", "1"])
def test_version_names_the_kernels_the_solvers_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, pure_env: str
) -> None:
    """``--version`` says which games run a compiled kernel and which the Python model, as the
    solvers decide it (a kernel built and not turned off)."""
    monkeypatch.setenv("SOLITAIRE_SOLVER_PURE", pure_env)
    code, out, _ = run_cli(capsys, "--version")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("solitaire-solver ")
    for name, module in (("windmill", windmill_kernel), ("eagle-wing", eagle_wing_kernel)):
        compiled = [line for line in lines if line.startswith("compiled kernels:")]
        assert (bool(compiled) and name in compiled[0]) == module.built()
    if pure_env:
        assert lines[-1] == (
            "pure-Python models: eagle-wing, windmill (SOLITAIRE_SOLVER_PURE is set)"
        )


def test_the_kernels_come_from_the_registry() -> None:
    # The games with a kernel module beside their C kernel, in registry
    # order: what --version names, with no list of them in the command line.
    assert kernels() == {"eagle-wing": eagle_wing_kernel, "windmill": windmill_kernel}
    assert list(kernels()) == [
        g.replace("_", "-") for g in GAMES if g in ("eagle_wing", "windmill")
    ]


# ------------------------------------------------- options that go with another, and caps


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("hint", "decade", "7", "--samples", "5"), "--samples goes with --fair"),
        (("hint", "decade", "7", "--seed", "1", "--all-samples"), "--seed and --all-samples go"),
        (("play", "decade", "7", "--samples", "5"), "--samples goes with --fair or --browser"),
        (("play", "decade", "7", "--seed", "0"), "--seed goes with --fair or --browser"),
        (
            ("stats", "decade", "--deals", "1", "--player", "greedy", "--samples", "5"),
            "--samples goes with --player fair",
        ),
        (
            ("stats", "decade", "--deals", "1", "--player", "random", "--samples", "64"),
            "--samples goes with --player fair",
        ),
        (
            ("stats", "decade", "--deals", "1", "--player", "greedy", "--seed", "2"),
            "--seed goes with --player fair or random",
        ),
        (
            ("stats", "decade", "--deals", "1", "--samples", "5", "--sample-states", "9"),
            "--samples and --sample-states go with --player fair",
        ),
        (("deals", "decade", "--seed", "0"), "--seed goes with --verify"),
        (("stats", "decade", "--deals", "1", "--dask-timeout", "5"), "--dask-timeout goes with"),
        (
            ("play", "decade", "7", "--fair", "--check-states", "9"),
            "--check-states goes with play in the terminal without --fair",
        ),
    ],
)
def test_options_that_go_with_another_are_refused_in_the_same_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str, ...], words: str
) -> None:
    # Given with its default value, an option is still given: refused the same.
    db = ("--db", str(tmp_path / "s")) if argv[0] == "stats" else ()
    code, out, err = run_cli(capsys, *argv, *db)
    assert (code, out) == (2, "") and err.count("\n") == 1 and words in err, err


def test_the_random_player_takes_a_seed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ("stats", "black-hole", "--deals", "2", "--player", "random", "--seed", "3")
    code, out, err = run_cli(capsys, *argv, "--db", str(tmp_path / "s"), "--jobs", "1")
    assert code == 0 and "random seed=3" in out, err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("hint", "decade", "7", "--fair", "--samples", "1000000000"), "at most 10,000 samples"),
        (("play", "decade", "7", "--fair", "--samples", "10001"), "at most 10,000 samples"),
        (
            ("stats", "decade", "--deals", "1", "--player", "fair", "--samples", "10001"),
            "at most 10,000 samples",
        ),
        (("stats", "decade", "--deals", "1", "--jobs", "1000000"), "at most 256 worker processes"),
    ],
)
def test_counts_no_run_could_finish_are_refused(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], words: str
) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert (code, out) == (2, "") and err.count("\n") == 1 and words in err, err
    code, out, _ = run_cli(capsys, argv[0], "--help")
    assert "at most" in " ".join(out.split())


def test_the_most_samples_are_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    # Decade's start has one move: the hint names it at once, whatever K.
    code, out, err = run_cli(capsys, "hint", "decade", "7", "--fair", "--samples", "10000")
    assert code == 0 and "the only legal move" in out, err


def test_a_fair_games_help_has_no_solve(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("help\nxyz\nquit\n"))
    code, out, _ = run_cli(capsys, "play", "decade", "7", "--fair", "--samples", "2")
    assert code == 0 and "  hint " in out and "save FILE" in out
    assert "solve" not in out.replace("solitaire-solver", ""), out
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nxyz\nquit\n"))
    code, out, _ = run_cli(capsys, "play", "decade", "7")
    assert code == 0 and "  solve " in out and "hint, undo, solve, save FILE" in out


def test_a_pool_has_no_more_workers_than_deals(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from solitaire_solver.stats import runners

    asked: list[int] = []
    pool = runners.cf.ProcessPoolExecutor

    def recorded(*args: object, max_workers: int, **kwargs: object) -> object:
        asked.append(max_workers)
        return pool(*args, max_workers=max_workers, **kwargs)

    monkeypatch.setattr(runners.cf, "ProcessPoolExecutor", recorded)
    db = str(tmp_path / "s.sqlite")
    code, out, err = run_cli(
        capsys, "stats", "decade", "--deals", "1-3", "--jobs", "256", "--db", db
    )
    assert code == 0 and "3 deals" in out, err
    assert asked == [3]
