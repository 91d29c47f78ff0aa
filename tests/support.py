"""Helpers the test files share that need pytest or the test data.

What benchmarks need too (replay assertions, positions, toy problems) is in
:mod:`tests.helpers`; a test file imports from there or from here,
never from another test file.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solitaire_solver.cli import main


def project_root() -> Path:
    """The folder that holds ``pyproject.toml``, found upwards from this file."""
    here = Path(__file__).resolve().parent
    for folder in (here, *here.parents):
        if (folder / "pyproject.toml").is_file():
            return folder
    raise RuntimeError(f"no pyproject.toml above {here}")


ROOT = project_root()
"""The project root, put on ``PYTHONPATH`` for subprocesses. Test files find their
data from here (``ROOT / "tests" / "data"``), so they may sit in any folder."""

DATA = ROOT / "tests" / "data"
"""The tests' data files, and the scripts that make them."""


def run_module(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m solitaire_solver ARGV`` in a new process, as a user would."""
    return subprocess.run(
        [sys.executable, "-m", "solitaire_solver", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line in this process: exit status, standard output and error."""
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own exits
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


WON_DEALS = {
    "decade": 3,
    "decade-optional": 3,
    "eagle-wing": 12,
    "eagle-wing-coops": 1,
    "windmill": 1,
    "windmill-reversed": 1,
    "black-hole": 2,
}
"""A won deal per preset that its solver wins in well under a second."""

REVIEW_GAMES: dict[str, dict[str, Any]] = json.loads((DATA / "review_games.json").read_text())
"""A game per preset that loses a won deal at a known move (tests/data/make_review_games.py)."""


def default_sigint() -> None:
    """In a child before it runs the command: SIGINT's default action, even if the tests ignore
    it (a shell's background job does, and an ignored signal stays ignored in a child; Python
    then raises ``KeyboardInterrupt`` for it, as at a terminal). For ``preexec_fn``."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def row_count(path: Path) -> int:
    """Rows in a store another process may be writing; 0 before the table exists."""
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10) as db:
            return int(db.execute("SELECT count(*) FROM results").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def page_data(page: str) -> dict[str, Any]:
    """The JSON a solution page's script reads."""
    m = re.search(r'<script type="application/json" id="line-data">(.*?)</script>', page, re.S)
    assert m is not None
    data: dict[str, Any] = json.loads(m.group(1))
    return data


def network_references(page: str) -> list[str]:
    """Everything in ``page`` that would make a browser fetch something."""
    found = re.findall(r"https?:|//cdn|<link\b|@import|<iframe|<img|<object|<embed", page, re.I)
    found += [
        s for s in re.findall(r"\bsrc\s*=\s*[\"']?([^\"'\s>]*)", page) if not s.startswith("data:")
    ]
    found += [u for u in re.findall(r"url\(\s*[\"']?([^)\"']*)", page) if not u.startswith("#")]
    found += re.findall(r"\b(?:fetch|XMLHttpRequest|WebSocket|EventSource|importScripts)\b", page)
    return found
