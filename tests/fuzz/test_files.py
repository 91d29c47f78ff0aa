"""Every file the package reads, real files mutated: cut, cards swapped, duplicated or removed,
lines shuffled, bytes flipped, nested deeply, padded, or replaced by binary or nothing.

Each kind of file is read by the function that reads it (the library's, or the command's
own for moves and plan files) with many inputs, and through a command with fewer; the
property is the door's: the reader's own error, or what it read, which must then be right
(a position reads back the same from its own file, and a line the solver finds from it
replays to a win). A verdict file is tried both as damaged and as damaged then signed again
(its checksum worked out anew, as anyone can), and a store as damaged; whatever a command
makes of either, a store it failed on is left byte for byte as it was.
"""

from __future__ import annotations

import hashlib
import io
import random
import re
import shutil
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, seed
from hypothesis import strategies as st

from solitaire_solver import SolverError, format_deal, load_game, parse_deal
from solitaire_solver.cli.position import moves_from_file
from solitaire_solver.errors import VerdictFileError
from solitaire_solver.games import make_game
from solitaire_solver.reading import TEXT_BYTES
from solitaire_solver.records.plan_files import PlanError, read_plan
from solitaire_solver.records.verdicts import read_verdicts
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Limits, Status
from tests.fuzz.doors import (
    GOOD_FILES,
    TRIED,
    budget,
    call_bounded,
    check_command,
    digests,
    fuzz_seed,
    inside,
    make_workspace,
    run_command,
)
from tests.helpers import assert_replays_to_win

CARD = re.compile(rb"(?<![A-Za-z0-9?])(?:10|[A2-9TJQK])[CSHD](?![A-Za-z0-9])")
"""A card's text in a file (``TD``, ``10D``): what the card mutations move about."""


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("files")
    make_workspace(folder)
    return folder


# ---------------------------------------------------------------- mutations


def cut(data: bytes, at: int) -> bytes:
    return data[: at % (len(data) + 1)]


def flip(data: bytes, at: int, bits: int) -> bytes:
    if not data:
        return data
    i = at % len(data)
    return data[:i] + bytes([data[i] ^ (bits % 255 + 1)]) + data[i + 1 :]


def insert(data: bytes, at: int, junk: bytes) -> bytes:
    i = at % (len(data) + 1)
    return data[:i] + junk + data[i:]


def remove(data: bytes, at: int, length: int) -> bytes:
    i = at % (len(data) + 1)
    return data[:i] + data[i + length % 64 :]


def repeat(data: bytes, at: int, length: int) -> bytes:
    i = at % (len(data) + 1)
    piece = data[i : i + length % 64 + 1]
    return data[:i] + piece + piece + data[i + len(piece) :]


def cards(data: bytes) -> list[re.Match[bytes]]:
    return list(CARD.finditer(data))


def swap_cards(data: bytes, a: int, b: int) -> bytes:
    found = cards(data)
    if len(found) < 2:
        return data
    x, y = sorted((found[a % len(found)], found[b % len(found)]), key=lambda m: m.start())
    if x.start() == y.start():
        return data
    return data[: x.start()] + y.group() + data[x.end() : y.start()] + x.group() + data[y.end() :]


def duplicate_card(data: bytes, a: int, b: int) -> bytes:
    found = cards(data)
    if not found:
        return data
    x, y = found[a % len(found)], found[b % len(found)]
    return data[: y.start()] + x.group() + data[y.end() :]


def drop_card(data: bytes, a: int) -> bytes:
    found = cards(data)
    if not found:
        return data
    x = found[a % len(found)]
    return data[: x.start()] + data[x.end() :]


def move_card(data: bytes, a: int, b: int) -> bytes:
    """A card taken from its place and put after another, in another line maybe: the
    14-card trunk of the issue is this."""
    found = cards(data)
    if len(found) < 2:
        return data
    x, y = found[a % len(found)], found[b % len(found)]
    if x.start() == y.start():
        return data
    without = data[: x.start()] + data[x.end() :]
    at = y.end() - (len(x.group()) if y.start() > x.start() else 0)
    return without[:at] + b" " + x.group() + without[at:]


def shuffle_lines(data: bytes, order: int) -> bytes:
    lines = data.split(b"\n")
    random.Random(order).shuffle(lines)
    return b"\n".join(lines)


def nest(data: bytes, depth: int) -> bytes:
    """A JSON value wrapped in arrays ``depth`` deep, where a value starts after a colon."""
    i = data.find(b": ")
    if i < 0:
        return b"[" * depth + data + b"]" * depth
    j = data.find(b",", i)
    j = len(data) if j < 0 else j
    return data[: i + 2] + b"[" * depth + data[i + 2 : j] + b"]" * depth + data[j:]


def number_change(data: bytes, at: int, value: str) -> bytes:
    found = list(re.finditer(rb"\d+", data))
    if not found:
        return data
    m = found[at % len(found)]
    return data[: m.start()] + value.encode() + data[m.end() :]


positions = st.integers(0, 10**6)
NUMBERS = ["0", "-1", "99", "13", "14", "52", "53", "105", "4294967296", "9" * 30, "9" * 5000]

MUTATIONS: list[st.SearchStrategy[Callable[[bytes], bytes]]] = [
    st.builds(lambda a: lambda d: cut(d, a), positions),
    st.builds(lambda a, b: lambda d: flip(d, a, b), positions, st.integers(0, 254)),
    st.builds(
        lambda a, j: lambda d: insert(d, a, j),
        positions,
        st.sampled_from([b"\x00", b"\xff\xfe", b"\n", b"??", b"XX ", b"{", b"]", b'"', b"\r"]),
    ),
    st.builds(lambda a, n: lambda d: remove(d, a, n), positions, st.integers(0, 63)),
    st.builds(lambda a, n: lambda d: repeat(d, a, n), positions, st.integers(0, 63)),
    st.builds(lambda a, b: lambda d: swap_cards(d, a, b), positions, positions),
    st.builds(lambda a, b: lambda d: duplicate_card(d, a, b), positions, positions),
    st.builds(lambda a: lambda d: drop_card(d, a), positions),
    st.builds(lambda a, b: lambda d: move_card(d, a, b), positions, positions),
    st.builds(lambda o: lambda d: shuffle_lines(d, o), positions),
    st.builds(lambda n: lambda d: nest(d, n), st.sampled_from([2, 70, 100_000])),
    st.builds(lambda a, v: lambda d: number_change(d, a, v), positions, st.sampled_from(NUMBERS)),
    st.just(lambda d: b""),
    st.builds(lambda n: lambda d: random.Random(n).randbytes(n % 3000), positions),
    st.just(lambda d: d * 3),
]
"""What happens to a file: each draws where it strikes."""


@st.composite
def mutated(draw: st.DrawFn, kind: str) -> tuple[str, bytes]:
    """A good file of ``kind`` (its name) after one to three mutations."""
    name = draw(st.sampled_from(GOOD_FILES[kind]))
    data = WORKSPACE_DATA[name]
    for change in draw(st.lists(st.one_of(MUTATIONS), min_size=1, max_size=3)):
        data = change(data)
    return name, data


WORKSPACE_DATA: dict[str, bytes] = {}
"""The good files' bytes, read once from the workspace."""


@pytest.fixture(scope="module", autouse=True)
def good_files(workspace: Path) -> None:
    for names in GOOD_FILES.values():
        for name in names:
            WORKSPACE_DATA[name] = (workspace / name).read_bytes()


def run(test: Any) -> None:
    (test if fuzz_seed() is None else seed(fuzz_seed())(test))()


# ---------------------------------------------------------------- deal, position, game files


def check_position_file(path: Path) -> None:
    """A deal, position or game file: the library's error, or a position that reads back
    the same from its own file and whose winning line, if a short search finds one,
    replays."""
    TRIED["file"] += 1
    try:
        played = call_bounded(lambda: load_game(path))
    except SolverError:
        return
    game, state = played.game, played.start
    for as_json in (False, True):
        again = parse_deal(format_deal(game, state, deal=played.deal, as_json=as_json))
        assert again.position == state and again.game.fingerprint == game.fingerprint
    if game.has_hidden(state):
        return
    result = call_bounded(lambda: game.solve(state, SolveRequest.of(game, Limits(max_states=2000))))
    if result.status is Status.WON:
        assert_replays_to_win(game, state, result.moves)


KINDS = ["deal", "json deal", "position", "game"]


def fuzz_positions(workspace: Path, slow: bool) -> None:
    @budget("file", slow)
    @given(kind=st.sampled_from(KINDS), data=st.data())
    def one(kind: str, data: st.DataObject) -> None:
        name, text = data.draw(mutated(kind))
        path = workspace / f"mutant-{name}"
        path.write_bytes(text)
        check_position_file(path)

    run(one)


def test_deal_position_and_game_files(workspace: Path) -> None:
    fuzz_positions(workspace, slow=False)


@pytest.mark.slow
def test_deal_position_and_game_files_long(workspace: Path) -> None:
    fuzz_positions(workspace, slow=True)


# ---------------------------------------------------------------- moves and plan files


def fuzz_moves_and_plans(workspace: Path, slow: bool) -> None:
    decade = make_game("decade")
    own = {name: make_game(name).preset_plan for name in ("decade", "windmill", "eagle-wing")}

    @budget("file", slow)
    @given(kind=st.sampled_from(["moves", "plan"]), data=st.data())
    def one(kind: str, data: st.DataObject) -> None:
        name, text = data.draw(mutated(kind))
        path = workspace / f"mutant-{name}"
        path.write_bytes(text)
        TRIED["file"] += 1
        if kind == "moves":
            try:
                moves = call_bounded(lambda: moves_from_file(str(path), decade))
            except SolverError:
                return
            assert all(isinstance(m, str) for m in moves)
            return
        plan_of = name.removesuffix(".plan")
        try:
            call_bounded(lambda: read_plan(path, own=own.get(plan_of)))
        except PlanError as exc:
            assert "\n" not in str(exc)

    run(one)


def test_moves_and_plan_files(workspace: Path) -> None:
    fuzz_moves_and_plans(workspace, slow=False)


@pytest.mark.slow
def test_moves_and_plan_files_long(workspace: Path) -> None:
    fuzz_moves_and_plans(workspace, slow=True)


# ---------------------------------------------------------------- verdict files


def signed_again(data: bytes) -> bytes:
    """A verdict file whose body length and checksum are worked out anew for what it now
    holds (its header lines as they are): damage a checksum cannot catch."""
    head, sep, body = data.partition(b"\n\n")
    if not sep:
        return data
    lines = head.split(b"\n")
    lines = [
        b"body: %d bytes, xz" % len(body) if line.startswith(b"body: ") else line
        for line in lines
        if not line.startswith(b"sha256: ")
    ]
    start = b"\n".join(lines) + b"\n"
    return start + b"sha256: " + hashlib.sha256(start + body).hexdigest().encode() + b"\n\n" + body


def fuzz_verdicts(workspace: Path, slow: bool) -> None:
    @budget("file", slow)
    @given(data=st.data(), sign=st.booleans())
    def one(data: st.DataObject, sign: bool) -> None:
        name, content = data.draw(mutated("verdicts"))
        if sign:
            content = signed_again(content)
        path = workspace / f"mutant-{name}"
        path.write_bytes(content)
        TRIED["file"] += 1
        try:
            v = call_bounded(lambda: read_verdicts(path))
        except VerdictFileError:
            return
        # What was read is what the file says: as many verdicts as deals, and a figure and
        # a length for each won one.
        assert len(v.codes) == v.last - v.first + 1
        assert len(v.lengths) == len(v.difficulty) == v.count(1)

    run(one)


def test_verdict_files(workspace: Path) -> None:
    fuzz_verdicts(workspace, slow=False)


@pytest.mark.slow
def test_verdict_files_long(workspace: Path) -> None:
    fuzz_verdicts(workspace, slow=True)


# ---------------------------------------------------------------- through the commands


COMMANDS: dict[str, list[list[str]]] = {
    "deal": [["solve", "--file", "{}", "--max-states", "2000", "--json"],
             ["hint", "--file", "{}", "--max-states", "500"]],
    "json deal": [["solve", "--file", "{}", "--max-states", "2000"]],
    "position": [["verify", "--file", "{}", "--moves", ""],
                 ["play", "--file", "{}", "--max-states", "200"]],
    "game": [["review", "--file", "{}", "--max-states", "500"],
             ["hint", "--file", "{}", "--fair", "--samples", "1", "--max-states", "500"]],
    "moves": [["verify", "decade", "3", "--moves-file", "{}"],
              ["review", "decade", "3", "--moves-file", "{}", "--max-states", "500"]],
    "plan": [["solve", "decade", "3", "--plan", "{}", "--max-states", "2000"],
             ["stats", "black-hole", "--deals", "1-2", "--jobs", "1", "--plan", "{}",
              "--max-states", "2000", "--db", "plans.sqlite"]],
    "verdicts": [["stats", "decade", "--deals", "1-3", "--jobs", "1", "--import", "{}",
                  "--db", "results.sqlite", "--max-states", "2000"]],
    "store": [["deals", "decade", "--db", "{}"],
              ["stats", "decade", "--deals", "1-14", "--jobs", "1", "--db", "{}",
               "--max-states", "2000"],
              ["deals", "black-hole", "--db", "{}", "--lost", "--json"]],
}  # fmt: skip
"""The commands each kind of file is given to (``{}`` is the file)."""


def fuzz_by_command(workspace: Path, slow: bool) -> None:
    @budget("file by command", slow)
    @given(kind=st.sampled_from(list(COMMANDS)), data=st.data(), sign=st.booleans())
    def one(kind: str, data: st.DataObject, sign: bool) -> None:
        name, content = data.draw(mutated(kind))
        if kind == "verdicts" and sign:
            content = signed_again(content)
        path = workspace / f"mutant-{name}"
        path.write_bytes(content)
        argv = [w.replace("{}", path.name) for w in data.draw(st.sampled_from(COMMANDS[kind]))]
        kept = [path, workspace / "results.sqlite"]
        before = digests(kept)
        TRIED["file by command"] += 1
        with inside(workspace):
            outcome = run_command(argv)
        check_command(argv, outcome)
        if outcome.code == 2:
            assert digests(kept) == before, (argv, outcome.err)

    run(one)


def test_every_kind_of_file_through_its_commands(workspace: Path) -> None:
    fuzz_by_command(workspace, slow=False)


@pytest.mark.slow
def test_every_kind_of_file_through_its_commands_long(workspace: Path) -> None:
    fuzz_by_command(workspace, slow=True)


def test_a_damaged_store_is_left_as_it_was(workspace: Path) -> None:
    # The store of a real run, damaged in its last pages: every command that fails on it
    # leaves it byte for byte; one that does not fail has read it whole.
    damaged = workspace / "damaged.sqlite"
    data = bytearray((workspace / "results.sqlite").read_bytes())
    for offset in range(len(data) // 2, len(data), 53):
        data[offset] ^= 0xA5
    damaged.write_bytes(data)
    for argv in COMMANDS["store"]:
        argv = [w.replace("{}", damaged.name) for w in argv]
        with inside(workspace):
            outcome = run_command(argv)
        check_command(argv, outcome)
        assert outcome.code == 2 and damaged.read_bytes() == bytes(data), outcome
    shutil.copyfile(workspace / "results.sqlite", damaged)


def test_files_the_fuzz_found(workspace: Path) -> None:
    # A verdict file whose first line is empty: an IndexError once.
    good = WORKSPACE_DATA["decade.verdicts"]
    first = workspace / "found-1.verdicts"
    first.write_bytes(b"\n" + good)
    with pytest.raises(VerdictFileError, match="not a verdict file"):
        read_verdicts(first)
    # A body size of five thousand digits: Python's refusal to read such a number, once.
    head, _, body = good.partition(b"\n\n")
    lines = [b"body: " + b"9" * 5000 + b" bytes, xz" if x.startswith(b"body:") else x
             for x in head.split(b"\n")]  # fmt: skip
    second = workspace / "found-2.verdicts"
    second.write_bytes(b"\n".join(lines) + b"\n\n" + body)
    with pytest.raises(VerdictFileError, match="bad 'body' line"):
        read_verdicts(second)
    # An empty file given to deals --db, which only reads: once made a store of it.
    empty = workspace / "found-3.sqlite"
    empty.write_bytes(b"")
    argv = ["deals", "decade", "--db", empty.name]
    with inside(workspace):
        outcome = run_command(argv)
    check_command(argv, outcome)
    assert outcome.code == 2 and "holds nothing" in outcome.err
    assert empty.read_bytes() == b""


READERS: dict[str, Callable[[str], Any]] = {
    "deal file": load_game,
    "moves file": lambda path: moves_from_file(path, make_game("decade")),
    "plan": read_plan,
    "verdict file": read_verdicts,
}
"""Each reader of a file a person names."""


@pytest.mark.parametrize("reader", list(READERS))
@pytest.mark.parametrize("source", ["/dev/zero", "/dev/urandom", "huge.txt", "stdin", "fifo"])
def test_a_read_holds_no_more_than_its_cap(
    reader: str, source: str, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Devices and FIFOs are refused before a byte is read, a file over the cap before it
    # is read; standard input without end is read one byte past the cap. What the read
    # held at its most is measured, not guessed.
    TRIED["file"] += 1
    path = source
    if source == "stdin":
        if reader == "verdict file":
            pytest.skip("a verdict file is read from a path only")
        zeros = open("/dev/zero", "rb")  # noqa: SIM115 (closed below)
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(zeros, encoding="latin-1"))
        path = "-"
    with inside(workspace):
        tracemalloc.start()
        try:
            with pytest.raises(SolverError) as info:
                call_bounded(lambda: READERS[reader](path))
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
            if source == "stdin":
                zeros.close()
    assert "\n" not in str(info.value)
    assert peak < 3 * TEXT_BYTES, (reader, source, peak)
