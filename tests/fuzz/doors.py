"""The fuzz suite's harness: how each door is tried, and what it must do with any input.

A door is a way in: a command's arguments, a file the package reads, a route of the
browser game's server, a public function of the library. Every input must end in a clear
error of the package's own kind or a correct answer; never a traceback, never a hang
(:data:`TIME_BOUND` an input), never a read without end, and nothing already stored lost
or changed. The property of each door is checked here (:func:`check_command` for the
command line); the test files say what they try.

Each test runs a fixed number of inputs a door in the default suite and more under
``-m slow`` (:data:`EXAMPLES`), with Hypothesis seeded from the test itself
(``derandomize``), so a run tries the same inputs every time. To try others, set
``FUZZ_SEED`` to any number. :data:`TRIED` counts the inputs each door was tried with; the
suite's summary prints the counts (see conftest.py).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import random
import re
import signal
import sqlite3
import sys
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

import attrs
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from solitaire_solver import dump_deal, dump_game, make_game, solve
from solitaire_solver.cli import main
from solitaire_solver.games import PRESETS
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.reading import VERDICT_BYTES

TIME_BOUND = 30.0
"""Seconds an input may take before it counts as a hang. Every input is built to finish in
well under a second or two (see :data:`SEARCH_GUARD`); the bound is far above that, so that
a loaded machine never fails a test, and far below a hang's forever."""

EXAMPLES: dict[str, tuple[int, int]] = {
    "command": (40, 400),
    "file": (250, 2500),
    "file by command": (60, 600),
    "route": (400, 4000),
    "function": (500, 5000),
}
"""Inputs a door is tried with, per test: (the default suite, the slow run), ten times as
many in the slow run. "command" is per command (nine of them); "file" per test of a kind of
file (three of them); the others in all."""

TRIED: Counter[str] = Counter()
"""The inputs each door has been tried with in this session."""


def budget(door: str, slow: bool) -> settings:
    """The Hypothesis settings of a test of ``door``: its number of inputs, no deadline (the
    time bound is :func:`time_bound`'s), a fixed seed unless ``FUZZ_SEED`` is set."""
    default, long = EXAMPLES[door]
    seed = os.environ.get("FUZZ_SEED")
    return settings(
        max_examples=long if slow else default,
        deadline=None,
        derandomize=seed is None,
        database=None,
        suppress_health_check=list(HealthCheck),
        print_blob=True,
    )


def fuzz_seed() -> int | None:
    """``FUZZ_SEED`` as a number, when set: a run that tries other inputs."""
    seed = os.environ.get("FUZZ_SEED")
    return None if seed is None else int(seed)


class Hang(BaseException):
    """An input that ran past :data:`TIME_BOUND` (a BaseException: no ``except Exception``
    in the package may swallow it)."""


@contextlib.contextmanager
def time_bound(seconds: float = TIME_BOUND) -> Iterator[None]:
    """Raise :class:`Hang` in this (the main) thread once ``seconds`` have passed."""

    def ring(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"still running after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------- the command line


@attrs.frozen
class Outcome:
    """What a command did: its exit status, standard output and standard error."""

    code: int
    out: str
    err: str


def run_command(argv: Sequence[str], stdin: bytes = b"") -> Outcome:
    """The command line run in this process on ``argv``, standard input ``stdin``: its
    outcome. A traceback (any exception out of ``main``) or a hang fails the test at once,
    naming the input.

    The streams encode as a process's do: standard output UTF-8 and strict (text that
    cannot be written, such as a lone surrogate from a file name that is not UTF-8, fails
    there as it would in a terminal), standard error with escapes.
    """
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", newline="\n")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    TRIED["command"] += 1
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), time_bound():
            try:
                code = main(list(argv))
            except SystemExit as exc:  # argparse's own exits: --help, a bad option
                code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
            out.flush()
            err.flush()
    except Hang:
        raise AssertionError(f"hang: {list(argv)!r}") from None
    except BaseException:
        raise AssertionError(
            f"traceback from {list(argv)!r}:\n{traceback.format_exc()}\n{_text(err)}"
        ) from None
    finally:
        sys.stdin = saved
    return Outcome(code, _text(out), _text(err))


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8", "surrogateescape")


ERROR_CHARS = 1500
"""The longest error line: a message quotes long input cut (see ``cli.common.error_line``)."""

ERROR_LINE = re.compile(r"^solitaire-solver(?: [a-z]+)?: error: \S.*$")
"""The one line of bad input: the program (and an argparse error's command), the words."""

RUN_LINES = re.compile(
    r"^(?:solitaire-solver: results store |[a-z-]+: \d[\d,]* deals?\b|[a-z-]+: )"
)
"""Lines a ``stats`` run prints as it starts (where it stores, its progress): a run that
stops on a damaged store part way has printed them before its one error line."""


def check_command(argv: Sequence[str], outcome: Outcome) -> None:
    """What every command must do with any input: status 0 or 1 with its answer (one JSON
    document with ``--json``), or status 2 with exactly one error line on standard error
    (after a run's own start lines, when the run had started); no traceback either way."""
    shown = repr(list(argv))[:500]
    assert outcome.code in (0, 1, 2), (shown, outcome)
    assert "Traceback" not in outcome.err, (shown, outcome.err[-2000:])
    if outcome.code == 2:
        lines = outcome.err.splitlines()
        assert lines, (shown, "status 2 with nothing on standard error")
        assert ERROR_LINE.match(lines[-1]), (shown, outcome.err[-1000:])
        # Readable: whatever the input, the line quotes a few hundred characters of it.
        assert len(lines[-1]) <= ERROR_CHARS, (shown, outcome.err[:300])
        assert outcome.err.endswith("\n"), (shown, outcome.err[-200:])
        assert all(RUN_LINES.match(line) for line in lines[:-1]), (shown, outcome.err[-1000:])
        assert sum(": error: " in line for line in lines) == 1, (shown, outcome.err[-1000:])
        return
    if "--json" in argv and "--help" not in argv and "-h" not in argv and outcome.out:
        json.loads(outcome.out)


# ---------------------------------------------------------------- what is stored


def digests(paths: Sequence[Path]) -> dict[str, str | None]:
    """Each file's SHA-256 (``None``: not there), to tell whether anything changed."""
    out: dict[str, str | None] = {}
    for path in paths:
        try:
            out[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            out[str(path)] = None
    return out


@contextlib.contextmanager
def inside(folder: Path) -> Iterator[None]:
    """Run in ``folder`` (where a command writes what it writes by default)."""
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


# ---------------------------------------------------------------- values


NASTY = [
    "",
    " ",
    "\t",
    "-",
    "--",
    "0",
    "-1",
    "-0",
    "00",
    "1.5",
    "1e3",
    "1e400",
    "nan",
    "inf",
    "-inf",
    "0x10",
    "1_000",
    "٣",
    "①",
    "½",
    "100000000000000000000",
    "100000000000000000001",
    "9" * 400,
    "9" * 5000,
    "-" + "9" * 30,
    "1-100000000000000000000",
    "1..2",
    "=",
    "a=b",
    "\x00",
    "a\x00b",
    "\u200b",
    "é",
    "💩",
    "\udcff",
    "x" * 10_000,
    "%s%n",
    "{}",
    "[]",
    "null",
    "true",
    "'",
    '"',
    "\\",
    "../",
    "~",
    "a\nb",
    "\r\n",
    "--json",
    "-h",
]
"""Text that has broken programs before: empty, signs, numbers too long or in other scripts,
NUL, lone surrogates (what Python makes of bytes that are not UTF-8 in ``argv``), control
characters, very long."""


def nasty_text() -> st.SearchStrategy[str]:
    """Any of :data:`NASTY`, random text, or a number of any size or kind."""
    return st.one_of(
        st.sampled_from(NASTY),
        st.text(max_size=24),
        st.integers(-(10**30), 10**30).map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
    )


def good_or_bad(good: Sequence[str]) -> st.SearchStrategy[str]:
    """One of ``good`` two draws in three, else a nasty value."""
    return st.one_of(st.sampled_from(list(good)), st.sampled_from(list(good)), nasty_text())


def flatten(chunks: Sequence[Sequence[str]]) -> list[str]:
    """The words of several groups of arguments, in order."""
    return [word for chunk in chunks for word in chunk]


def call_bounded(function: Callable[[], Any]) -> Any:
    """``function()`` under :func:`time_bound`; a hang fails the test."""
    try:
        with time_bound():
            return function()
    except Hang:
        raise AssertionError(f"hang: {function!r}") from None


# ---------------------------------------------------------------- the files of a run

PRESET_NAMES = list(PRESETS)
"""Every preset, the games commands and files name."""

GOOD_FILES = {
    "deal": [f"{name}.deal" for name in PRESET_NAMES],
    "json deal": [f"{name}.json" for name in PRESET_NAMES],
    "position": [f"{name}-later.deal" for name in PRESET_NAMES],
    "game": [f"{name}.game" for name in PRESET_NAMES],
    "moves": ["decade.moves", "decade-solve.json"],
    "plan": ["decade.plan", "windmill.plan", "eagle-wing.plan", "black-hole.plan"],
    "verdicts": ["decade.verdicts", "black-hole.verdicts"],
    "store": ["results.sqlite"],
}
"""The files of a workspace (:func:`make_workspace`) by kind, each as a command writes it."""

STORED = ["results.sqlite", "decade.verdicts", "black-hole.verdicts", "other.sqlite"]
"""What the workspace keeps that a command given bad input must leave as it was."""

ODD_PATHS = [
    "",
    "-",
    ".",
    "missing.txt",
    "folder",
    "fifo",
    "empty",
    "binary.bin",
    "huge.txt",
    "deep.json",
    "other.sqlite",
    "text.txt",
    "/dev/zero",
    "/dev/urandom",
    "/dev/null",
    "/nonexistent/file",
    "x" * 300,
    "a\x00b",
    "\udcff.deal",
]
"""Paths that are no good file of any kind: missing, a folder, a FIFO, devices, empty,
binary, over every cap, nested past every depth, another SQLite file, a name too long,
a NUL, bytes that are not UTF-8."""

WRITE_PATHS = [
    "out.file",
    "sub/out.file",
    "folder",
    "folder/out.file",
    "",
    "/dev/null",
    "/nonexistent/out.file",
    "x" * 300,
    "a\x00b",
    "\udcff.out",
    "written.before",
    ".",
]
"""Where a command may be told to write: all inside the workspace or harmless, a file there
already among them (a FIFO is left out: writing to one waits for its reader, as it does for
any program; and so is a stored file, which a command told to write over replaces)."""


def make_workspace(folder: Path) -> None:
    """Good files of every kind a command reads, and the odd paths of :data:`ODD_PATHS`."""
    with inside(folder):
        later = random.Random(7)
        for name in PRESET_NAMES:
            game = make_game(name)
            start = game.deal(parse_deal_number(3))
            dump_deal(game, start, f"{name}.deal", deal=3)
            dump_deal(game, start, f"{name}.json", deal=3, as_json=True)
            state, moves = start, []
            for _ in range(12):
                legal = game.legal_moves(state)
                if not legal:
                    break
                moves.append(later.choice(legal))
                state = game.apply(state, moves[-1])
            dump_deal(game, state, f"{name}-later.deal")
            dump_game(game, start, moves, f"{name}.game", deal=3)
        line = [str(m) for m in solve("decade", 3).moves]
        Path("decade.moves").write_text("# decade 3\n" + "\n".join(line) + "\n")
        outcome = run_command(["solve", "decade", "3", "--json"])
        Path("decade-solve.json").write_text(outcome.out)
        for name in ("decade", "windmill", "eagle-wing", "black-hole"):
            Path(f"{name}.plan").write_text(run_command(["games", "--plan", name, "--json"]).out)
        for name in ("decade", "black-hole"):
            done = run_command(
                [
                    "stats",
                    name,
                    "--deals",
                    "1-12",
                    "--jobs",
                    "1",
                    "--db",
                    "results.sqlite",
                    "--export",
                    f"{name}.verdicts",
                ]
            )
            assert done.code == 0, done
        Path("folder").mkdir()
        os.mkfifo("fifo")
        Path("empty").write_bytes(b"")
        Path("binary.bin").write_bytes(random.Random(1).randbytes(4096))
        with open("huge.txt", "wb") as huge:  # over every cap, and takes no room (sparse)
            huge.write(b"game: decade\n# ")
            huge.truncate(VERDICT_BYTES + 1)
        Path("deep.json").write_text("[" * 100_000 + "]" * 100_000)
        with sqlite3.connect("other.sqlite") as db:
            db.execute("CREATE TABLE notes (words TEXT)")
        Path("text.txt").write_text("not any file the package reads\n")
        Path("written.before").write_text("a file a command may be told to write over\n")


def stored_rows(path: Path) -> int:
    """The rows of a store, read without touching it (0 when it is not one)."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            return int(db.execute("SELECT count(*) FROM results").fetchone()[0])
    except sqlite3.Error:
        return 0
