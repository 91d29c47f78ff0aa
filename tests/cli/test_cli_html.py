"""``solve ... --html PATH``: the page is written, the output stays, bad paths fail early."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from solitaire_solver.games.decade import Decade
from solitaire_solver.pages.viewer import check_html_path
from tests.support import network_references, page_data, run_cli, run_module


def test_solve_writes_the_page_and_prints_the_usual_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "decade-3.html"
    code, plain, _ = run_cli(capsys, "solve", "decade", "3")
    assert code == 0
    code, out, err = run_cli(capsys, "solve", "decade", "3", "--html", str(page))
    assert code == 0
    # The same text but the search time, which varies from run to run.
    assert out.rsplit("\nsearch:", 1)[0] == plain.rsplit("\nsearch:", 1)[0]
    assert str(page) in err
    text = page.read_text(encoding="utf-8")
    assert network_references(text) == []
    data = page_data(text)
    assert data["title"] == "decade 3" and data["status"] == "won"
    assert data["verdict"] == "won in 64 moves" and data["moves"] == 64
    for line in out.splitlines():
        # Each move line, "N. MOVE  DESCRIPTION", has its description in the page.
        number, dot, rest = line.strip().partition(". ")
        if dot and number.isdigit():
            assert rest.split(maxsplit=1)[1] in text


def test_json_gains_only_the_html_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "page.html"
    code, out, _ = run_cli(capsys, "solve", "black-hole", "2", "--json")
    assert code == 0
    plain: dict[str, Any] = json.loads(out)
    code, out, _ = run_cli(capsys, "solve", "black-hole", "2", "--json", "--html", str(page))
    assert code == 0
    doc: dict[str, Any] = json.loads(out)
    assert doc.pop("html") == str(page) and page.is_file()
    for d in (doc, plain):
        d["stats"].pop("elapsed")
    assert doc == plain


def test_lost_deal_page_shows_the_verdict_and_no_moves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "lost.html"
    code, _, _ = run_cli(capsys, "solve", "eagle-wing", "1", "--html", str(page))
    assert code == 0
    data = page_data(page.read_text(encoding="utf-8"))
    assert data["status"] == "lost" and data["verdict"] == "lost (no winning line exists)"
    assert len(data["steps"]) == 1


def test_unknown_verdict_page_names_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "unknown.html"
    args = ("solve", "decade", "123456", "--max-states", "1", "--html", str(page))
    code, _, _ = run_cli(capsys, *args)
    assert code == 0
    data = page_data(page.read_text(encoding="utf-8"))
    assert data["status"] == "unknown" and "--max-states" in data["verdict"]
    assert len(data["steps"]) == 1


def test_solve_file_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, deal_text, _ = run_cli(capsys, "show", "windmill", "1")
    assert code == 0
    deal = tmp_path / "windmill-1.txt"
    deal.write_text(deal_text, encoding="utf-8")
    page = tmp_path / "w.html"
    code, out, _ = run_cli(capsys, "solve", "--file", str(deal), "--html", str(page), "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["html"] == str(page) and doc["file"] == str(deal)
    data = page_data(page.read_text(encoding="utf-8"))
    assert doc["deal"] == "1" and data["title"] == "windmill 1"
    assert data["moves"] == len(doc["moves"]) and data["status"] == doc["status"]


def test_solve_a_file_without_a_deal_number_names_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, deal_text, _ = run_cli(capsys, "show", "black-hole", "2")
    assert code == 0
    deal = tmp_path / "my position.txt"
    deal.write_text(deal_text.replace("deal: 2\n", ""), encoding="utf-8")
    page = tmp_path / "b.html"
    code, _, _ = run_cli(capsys, "solve", "--file", str(deal), "--html", str(page))
    assert code == 0
    assert page_data(page.read_text(encoding="utf-8"))["title"] == "black-hole: my position.txt"


def test_solve_from_standard_input_names_it(tmp_path: Path) -> None:
    shown = run_module("show", "decade", "3")
    deal = "\n".join(line for line in shown.stdout.splitlines() if not line.startswith("deal:"))
    page = tmp_path / "stdin.html"
    done = run_module("solve", "--file", "-", "--html", str(page), stdin=deal)
    assert done.returncode == 0, done.stderr
    assert page_data(page.read_text(encoding="utf-8"))["title"].endswith("standard input")


@pytest.fixture
def no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any search of a Decade deal fail the test: bad paths must stop before it."""

    def searched(*args: object, **kwargs: object) -> None:
        pytest.fail("the search ran before the bad path was reported")

    monkeypatch.setattr(Decade, "solve", searched)


def assert_one_line_error(code: int, out: str, err: str, path: Path, reason: str) -> None:
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("solitaire-solver: error: ")
    assert f"'{path}'" in err and reason in err
    assert "Traceback" not in err


@pytest.mark.usefixtures("no_search")
def test_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "no-such-folder" / "page.html"
    code, out, err = run_cli(capsys, "solve", "decade", "3", "--html", str(path))
    assert_one_line_error(code, out, err, path, f"no folder '{path.parent}'")


@pytest.mark.usefixtures("no_search")
def test_a_folder_is_not_a_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "solve", "decade", "3", "--html", str(tmp_path))
    assert_one_line_error(code, out, err, tmp_path, "it is a folder")


@pytest.mark.usefixtures("no_search")
def test_a_file_is_not_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = tmp_path / "plain.txt"
    plain.write_text("x", encoding="utf-8")
    path = plain / "page.html"
    code, out, err = run_cli(capsys, "solve", "decade", "3", "--html", str(path))
    assert_one_line_error(code, out, err, path, "is not a folder")


@pytest.mark.usefixtures("no_search")
def test_no_permission_reported_before_the_search(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The superuser may write anywhere, so the system's answer is stood in for here;
    # the test below checks the real one where the tests run as another user.
    denied = {str(tmp_path), str(tmp_path / "old.html")}
    real_access = os.access

    def access(path: Any, mode: int, **kwargs: Any) -> bool:
        return str(path) not in denied and real_access(path, mode, **kwargs)

    monkeypatch.setattr(os, "access", access)
    path = tmp_path / "new.html"
    code, out, err = run_cli(capsys, "solve", "decade", "3", "--html", str(path))
    assert_one_line_error(code, out, err, path, "no permission to create files in")
    assert not path.exists()
    old = tmp_path / "old.html"
    old.write_text("kept", encoding="utf-8")
    code, out, err = run_cli(capsys, "solve", "decade", "3", "--html", str(old))
    assert_one_line_error(code, out, err, old, "no permission to write it")
    assert old.read_text(encoding="utf-8") == "kept"


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0,
    reason="the superuser may write in any folder, so no folder refuses it",
)
def test_read_only_folder(tmp_path: Path) -> None:
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        path = folder / "page.html"
        done = run_module("solve", "decade", "3", "--html", str(path))
        assert_one_line_error(done.returncode, done.stdout, done.stderr, path, "permission")
    finally:
        folder.chmod(0o700)


def test_bad_path_in_a_new_process_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "missing" / "page.html"
    done = run_module("solve", "decade", "3", "--html", str(path))
    assert_one_line_error(done.returncode, done.stdout, done.stderr, path, "no folder")


def test_the_trial_write_leaves_files_as_they_were(tmp_path: Path) -> None:
    new = tmp_path / "new.html"
    assert check_html_path(new) == new
    assert not new.exists()
    old = tmp_path / "old.html"
    old.write_text("kept", encoding="utf-8")
    assert check_html_path(old) == old
    assert old.read_text(encoding="utf-8") == "kept"
