"""Every command's arguments: each option of each command with any value, options combined at
random, and the result held to :func:`~tests.fuzz.doors.check_command`.

The options are read from the parser itself, so a new option is tried as soon as it exists
(and :func:`test_every_option_has_a_kind` asks for its kind). A value is drawn from what
the option takes (a preset for a game, a path among the workspace's files, a range of deals,
...) or, as often, from :data:`~tests.fuzz.doors.NASTY` and random text.

Two things keep every input short, so that a hang can be told from a long answer:

- a command that searches gets ``--max-states 10000`` first (:data:`SEARCH_GUARD`): an
  option drawn later replaces it, with a small good value or a bad one;
- options whose good values only make a run longer (``--samples``, ``--jobs``, ``--deals``,
  ``--sample``, the limits) take good values among small ones, and their huge values are
  bad ones (over the caps) or tried where the answer comes at once (see
  test_huge_good_values_end_at_once).

``play`` reads its moves from standard input (a few drawn lines, then its end), and
``play --browser`` stops where the server would start (the server is a door of its own).
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, seed
from hypothesis import strategies as st

from solitaire_solver import make_game
from solitaire_solver.cli import build_parser
from solitaire_solver.games import PRESETS
from solitaire_solver.games.knobs import rules_knobs
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.pages.web import app as web_app
from tests.fuzz.doors import (
    ODD_PATHS,
    PRESET_NAMES,
    STORED,
    TRIED,
    WRITE_PATHS,
    budget,
    check_command,
    digests,
    fuzz_seed,
    inside,
    make_workspace,
    nasty_text,
    run_command,
    stored_rows,
)
from tests.support import ROOT

SEARCH_GUARD = ["--max-states", "10000"]
"""Put before the drawn options of a command that searches: no search of an input runs past
10,000 states unless an option drawn says otherwise."""

SEARCHING = {"solve", "hint", "review", "play", "stats"}
"""The commands with ``--max-states``."""

KNOB_VALUES = {
    "sums": ["10", "15", "10,20", "340", "256", "1,2,3", "341"],
    "min_run": ["2", "3", "52", "1"],
    "max_run": ["none", "2", "5", "53"],
    "compulsory": ["true", "false", "yes", "0", "maybe"],
    "trunk_size": ["0", "13", "42", "43"],
    "redeals": ["0", "1", "2", "9", "100"],
    "wing_capacity": ["1", "3", "13", "0"],
    "building": ["none", "down-in-suit", "down_in_suit"],
    "foundation_moves": ["restricted", "free", "FREE"],
    "direction": ["up", "down", "sideways"],
}
"""Values of each knob of every game: good ones and a bad one just past each end."""

MOVES = ["d", "r", "rd", "x1-2", "x3-5", "x0-1", "2f", "w5", "t1", "36", "wf", "tf"]
MOVES += ["r3>p", "w>s2", "s1>p", "p>s1", "p5", "p17", "p0", "q", "f"]
"""Move texts of every game, good in one and bad in the others."""


def played_from_deal_3(preset: str, moves: int = 20) -> list[str]:
    """The notation of up to ``moves`` legal moves from deal 3 of ``preset``, each drawn
    with a fixed seed: moves that go with the deal number 3 and the workspace's files of
    deal 3, so that a run given them goes deep."""
    game = make_game(preset)
    rng = random.Random(preset)
    state, out = game.deal(parse_deal_number(3)), []
    for _ in range(moves):
        legal = game.legal_moves(state)
        if not legal or game.is_won(state):
            break
        move = rng.choice(legal)
        out.append(str(move))
        state = game.apply(state, move)
    return out


PLAYED = {name: played_from_deal_3(name) for name in PRESET_NAMES}
"""Moves played from deal 3 of each preset, for ``--moves``."""

PLAY_WORDS = ["hint", "undo", "solve", "help", "quit", "?", "", "save out.game"]
PLAY_WORDS += [f"save {shlex.quote(p)}" for p in WRITE_PATHS if p and "\x00" not in p]
"""What a player types in ``play`` besides moves (``save`` only where the workspace is)."""


def knob_names() -> list[str]:
    """Every knob of every game."""
    return sorted({f.name for p in PRESETS.values() for f in rules_knobs(p.game.rules_type)})


def rule_value() -> st.SearchStrategy[str]:
    """``NAME=VALUE`` for ``--rule``: a knob and one of the values of the knobs."""
    return st.sampled_from(knob_names()).flatmap(
        lambda name: st.sampled_from(KNOB_VALUES[name]).map(lambda v: f"{name}={v}")
    )


def moves_text() -> st.SearchStrategy[str]:
    """Moves of any game separated by spaces, commas or lines."""
    words = st.lists(st.sampled_from(MOVES), max_size=8)
    return st.tuples(words, st.sampled_from([" ", ",", ", ", "\n"])).map(lambda t: t[1].join(t[0]))


KINDS: dict[str, Any] = {
    # The good values of each option (by its destination); a bad value is any nasty one.
    "game": [*PRESET_NAMES, "DECADE", " decade"],
    "plan": [*PRESET_NAMES, "Windmill"],
    "number": ["3", "3", "1", "#3", "ms3", "3,000", "40000", "ms40000", "100000000000000000000"],
    "start": ["1", "999999", "1000000", "1000001", "ms40000", "100000000000000000000"],
    "file": ["decade.deal", "windmill.json", "eagle-wing-later.deal", "black-hole.game",
             "decade-optional.game", "eagle-wing-coops.json", "windmill-reversed-later.deal",
             *ODD_PATHS],
    "moves_file": ["decade.moves", "decade-solve.json", "decade.game", *ODD_PATHS],
    "plan_file": ["decade.plan", "windmill.plan", "eagle-wing.plan", "black-hole.plan",
                  "decade.deal", *ODD_PATHS],
    "import_files": ["decade.verdicts", "black-hole.verdicts", "decade.deal", *ODD_PATHS],
    "db": ["results.sqlite", "new.sqlite", "other.sqlite", "decade.verdicts", *ODD_PATHS],
    "html": ["out.html", *WRITE_PATHS],
    "csv": ["out.csv", *WRITE_PATHS],
    "plot": ["out.png", "out.svg", "out.unknown", *WRITE_PATHS],
    "export": ["out.verdicts", "decade.verdicts", *WRITE_PATHS],
    "rule": None,  # rule_value()
    "moves": None,  # moves_text()
    "deals": ["1", "1-2", "3", "ms3", "2,1", "1-1", "31999-32000", "0", "5-1", "1,,2",
              "ms1-ms2", "100000000000000000000", "1-100000000000000000000",
              ",".join(["1"] * 20_000)],
    "difficulty": ["easy", "medium", "hard", "0", "3..5", "30..255", "5..3",
                   "0..100000000000000000000", "..", "-1..2"],
    "max_states": ["1", "50", "2000"],
    "max_table": ["1", "50", "2000", "1000000000000000000", "1000000000000000001"],
    "sample_states": ["1", "50", "500"],
    "check_states": ["1", "50", "500"],
    "timeout": ["0.5", "1e-9", "2", "inf"],
    "dask_timeout": ["0.5", "1e-9", "0.2"],
    "samples": ["1", "2", "10001", "100000000000000000000"],
    "sample": ["1", "2"],
    "penalty": ["none", "exact", "fitted", "Fitted", "nope"],
    "exact_hidden": ["0", "2", "10", "100000000000000000000"],
    "seed": ["0", "1", "100000000000000000000", "9" * 400],
    "count": ["1", "3", "100000000000000000000"],
    "jobs": ["1", "257", "100000000000000000000"],
    "dask": ["", "x", "tcp://127.0.0.1:1", "tcp://[::1]:1", "tcp://256.0.0.1:1", "nonsense://",
             "tcp://127.0.0.1:99999", "\x00", "tcp://127.0.0.1:1/" + "x" * 5000],
}  # fmt: skip
"""What each option takes, by its destination: its values worth trying (good ones, and bad
ones of its own kind: odd paths, ranges too long); flags and choices are read from the
parser. ``--dask`` takes none of random text, which could name a host to look up."""

DRAWN = {"rule": rule_value(), "moves": moves_text()}
"""The options whose values are built rather than listed."""


def commands() -> dict[str, argparse.ArgumentParser]:
    """Each command's parser, by name."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


COMMANDS = commands()


def actions(command: str) -> list[argparse.Action]:
    """The options and positionals of ``command``, without ``--help``."""
    return [a for a in COMMANDS[command]._actions if not isinstance(a, argparse._HelpAction)]


def value_of(action: argparse.Action, bad: bool) -> st.SearchStrategy[str]:
    """A value for an option or positional that takes one: one it lists (or builds), or
    with ``bad`` any nasty one instead, half the time."""
    if action.dest in DRAWN:
        good = DRAWN[action.dest]
    elif action.choices is not None:
        good = st.sampled_from([str(c) for c in action.choices])
    else:
        good = st.sampled_from(KINDS[action.dest])
    if action.dest == "dask":
        return good
    return st.one_of(good, nasty_text()) if bad else good


MODES = ["good", "one bad", "any"]
"""How an input is drawn: every value one the option lists (a run that goes deep), one
value of them nasty (the error of that one), or any value nasty and junk besides."""


def argv_of(command: str) -> st.SearchStrategy[list[str]]:
    """The arguments of one run of ``command``.

    In the modes "good" and "one bad" a run is about one preset: its name and a deal number,
    or one of its files; rules of its own knobs; moves of its deal played so far
    (:data:`PLAYED`); the options the command requires; up to five more. In the mode "any",
    any option with any value, junk besides. The options come in any order, now and then
    one twice; a command that searches has its guard first.
    """
    positionals = [a for a in actions(command) if not a.option_strings]
    options = [a for a in actions(command) if a.option_strings]
    by_dest = {a.dest: a for a in options}
    required = [a for a in options if a.required]
    about_a_game = {"rule", "file", "moves", "moves_file"}
    others = [a for a in options if a.dest not in about_a_game]

    @st.composite
    def build(draw: st.DrawFn) -> list[str]:
        mode = draw(st.sampled_from(MODES))
        words = [command]
        parts: list[list[str]] = []
        if mode == "any":
            for action in positionals:
                if draw(st.integers(0, 9)) < 9:
                    words.append(draw(value_of(action, bad=True)))
            picked = required + draw(st.lists(st.sampled_from(options), max_size=6))
            for action in picked:
                parts.append(draw(option_words(action, bad=True)))
            parts += draw(st.lists(st.sampled_from([["--bogus"], ["extra"], ["-x"], ["--"]])))
        else:
            preset = draw(st.sampled_from(PRESET_NAMES))
            from_file = "file" in by_dest and draw(st.booleans())
            if from_file:
                kind = draw(st.sampled_from([".deal", ".json", "-later.deal", ".game"]))
                parts.append(["--file", preset + kind])
            else:
                for action in positionals:
                    value = preset if action.dest == "game" else draw(value_of(action, False))
                    words.append(value)
            if "rule" in by_dest and not from_file and draw(st.booleans()):
                parts.append(["--rule", draw(rule_of(preset))])
            if "moves" in by_dest and draw(st.integers(0, 3)) > 0:
                played = draw(st.integers(0, len(PLAYED[preset])))
                parts.append(["--moves", " ".join(PLAYED[preset][:played])])
            picked = required + draw(st.lists(st.sampled_from(others), max_size=5))
            parts += [draw(option_words(action, bad=False)) for action in picked]
            if mode == "one bad":
                words, parts = draw(one_spoilt(words, parts))
        if command in SEARCHING:
            words += SEARCH_GUARD
        for part in draw(st.permutations(parts)):
            words += part
        return shortened(words)

    return build()


def option_words(action: argparse.Action, bad: bool) -> st.SearchStrategy[list[str]]:
    """An option as its words: the flag alone, or the option and a value."""
    name = action.option_strings[0]
    if action.nargs == 0:
        return st.just([name])
    return value_of(action, bad).map(lambda value: [name, value])


def one_spoilt(
    words: list[str], parts: list[list[str]]
) -> st.SearchStrategy[tuple[list[str], list[list[str]]]]:
    """``words`` (the command and its positionals) and ``parts`` (the options) with one
    value, a positional's or an option's, replaced by a nasty one."""
    places = [("word", i) for i in range(1, len(words))]
    places += [("part", i) for i, part in enumerate(parts) if len(part) == 2]
    if not places:
        return st.just((words, parts))

    def spoil(choice: tuple[tuple[str, int], str]) -> tuple[list[str], list[list[str]]]:
        (where, i), value = choice
        w, p = list(words), [list(part) for part in parts]
        if where == "word":
            w[i] = value
        else:
            p[i][1] = value
        return w, p

    return st.tuples(st.sampled_from(places), nasty_text()).map(spoil)


def rule_of(preset: str) -> st.SearchStrategy[str]:
    """``NAME=VALUE`` with a knob of ``preset``'s game and one of the values of the knobs."""
    names = [f.name for f in rules_knobs(PRESETS[preset].game.rules_type)]
    if not names:
        return rule_value()
    return st.sampled_from(names).flatmap(
        lambda name: st.sampled_from(KNOB_VALUES[name]).map(lambda v: f"{name}={v}")
    )


def shortened(words: list[str]) -> list[str]:
    """``words`` with a run that is long for good reason made short: ``deals --verify``
    solves its sample again under the preset's limits, where one Windmill deal may take
    minutes (a long answer, printed a deal at a time, and no hang), so Decade takes
    Windmill's place there."""
    verify = words[0] == "deals" and "--verify" in words and len(words) > 1
    if verify and words[1].strip().lower().startswith("windmill"):
        words = ["deals", "decade", *words[2:]]
    return words


def play_input() -> st.SearchStrategy[bytes]:
    """What a player types: a few lines of moves and commands, then the end of input."""
    words = st.one_of(st.sampled_from(MOVES), st.sampled_from(PLAY_WORDS), nasty_text())
    lines = st.lists(words, max_size=6)
    return lines.map(lambda ls: "".join(f"{line}\n" for line in ls).encode("utf-8", "replace"))


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files the commands read, made once for the module."""
    folder = tmp_path_factory.mktemp("commands")
    make_workspace(folder)
    return folder


@pytest.fixture(autouse=True)
def no_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``play --browser`` runs up to the server's start, which returns at once."""
    monkeypatch.setattr(web_app, "play_in_browser", lambda table, **kw: 0)
    yield


def try_command(workspace: Path, argv: list[str], stdin: bytes) -> None:
    """One input of the command door: the command's property, and the stored files kept."""
    kept = [workspace / name for name in STORED]
    before = digests(kept)
    rows = stored_rows(workspace / "results.sqlite")
    with inside(workspace):
        outcome = run_command(argv, stdin)
    check_command(argv, outcome)
    if outcome.code == 2:
        assert digests(kept) == before, (argv, outcome.err)
    # Whatever a command did, nothing stored was lost.
    assert stored_rows(workspace / "results.sqlite") >= rows, argv


def fuzz(command: str, workspace: Path, slow: bool) -> None:
    """Try ``command`` with its budget of drawn inputs."""

    @budget("command", slow)
    @given(argv=argv_of(command), stdin=play_input() if command == "play" else st.just(b""))
    def one(argv: list[str], stdin: bytes) -> None:
        TRIED[f"command {command}"] += 1
        try_command(workspace, argv, stdin)

    run = one if fuzz_seed() is None else seed(fuzz_seed())(one)
    run()


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_with_any_arguments(command: str, workspace: Path) -> None:
    fuzz(command, workspace, slow=False)


@pytest.mark.slow
@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_with_any_arguments_long(command: str, workspace: Path) -> None:
    fuzz(command, workspace, slow=True)


def test_every_option_has_a_kind() -> None:
    # A new option is fuzzed with values of its kind: say which kind it takes.
    missing = [
        f"{command} {a.option_strings or a.dest}"
        for command in COMMANDS
        for a in actions(command)
        if a.nargs != 0 and a.choices is None and a.dest not in KINDS
    ]
    assert missing == []


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "decade", "3", "--max-states", "1000000000000000000"],
        ["solve", "windmill", "3", "--max-table", "1000000000000000000", "--max-states", "9"],
        ["solve", "decade", "3", "--timeout", "1e308"],
        ["hint", "decade", "3", "--seed", "9" * 400],
        ["deals", "decade", "--count", "100000000000000000000", "--from", "999990"],
        ["deals", "decade", "--from", "100000000000000000000"],
        [
            "stats",
            "decade",
            "--deals",
            "1",
            "--jobs",
            "1",
            "--seed",
            "9" * 400,
            "--player",
            "random",
            "--db",
            "big-seed.sqlite",
        ],
        [
            "stats",
            "decade",
            "--deals",
            "99999999999999999999-100000000000000000000",
            "--jobs",
            "1",
            "--max-states",
            "100000000000000000000",
            "--db",
            "big-numbers.sqlite",
        ],
    ],
)
def test_huge_good_values_end_at_once(argv: list[str], workspace: Path) -> None:
    # Huge values an option takes, where the answer comes at once however large they are.
    try_command(workspace, argv, b"")


ENTRY_POINTS = [
    ["solve", "decade", "3", "--rule", "sums=256"],
    ["solve", "--file", "/dev/zero"],
    ["stats", "decade", "--deals", "1-100000000000000000000", "--db", "s.sqlite"],
    ["deals", "eagle-wing-coops", "--winnable", "--difficulty", "30..255", "--count", "3"],
    ["solve", "decade", "3", "--plan", "deep.json"],
    ["show", "windmill", "\udcff"],
]
"""Inputs tried through the real entry points as well: each of the issue's, and one whose
argument is bytes that are not UTF-8."""


@pytest.mark.parametrize("argv", ENTRY_POINTS)
def test_the_real_entry_points_behave_the_same(argv: list[str], workspace: Path) -> None:
    # In this process as the suite tries everything, and as a user runs it: the script
    # pip installs and python -m. The same status, output and error.
    with inside(workspace):
        here = run_command(argv)
    check_command(argv, here)
    script = Path(sys.executable).with_name("solitaire-solver")
    for command in ([str(script)], [sys.executable, "-m", "solitaire_solver"]):
        TRIED["entry point"] += 1
        done = subprocess.run(
            [*command, *argv],
            cwd=workspace,
            capture_output=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            timeout=120,
            check=False,
        )
        out = done.stdout.decode("utf-8", "surrogateescape")
        err = done.stderr.decode("utf-8", "surrogateescape")
        assert (done.returncode, out, err) == (here.code, here.out, here.err), command


FOUND = [
    # A line break in an argument once made argparse's error two lines.
    (["show", "decade", "--", "--rule", "\r"], b"", 2),
    (["games", "--plan", "decade", "a\nb"], b"", 2),
    # A folder to write to was found only at the end of the run: a traceback.
    (["stats", "decade", "--deals", "1", "--jobs", "1", "--export", "folder"], b"", 2),
    (["stats", "decade", "--deals", "1", "--jobs", "1", "--csv", "."], b"", 2),
    # Deal numbers past what a verdict file holds, found when it was written.
    (["stats", "decade", "--deals", "100000000000000000000", "--export", "out.verdicts"], b"", 2),
    # A name too long for the file system, where the store was looked for.
    (["deals", "decade", "--db", "x" * 300], b"", 2),
    (["stats", "decade", "--deals", "1", "--jobs", "1", "--db", "x" * 300], b"", 2),
    # A move number of five thousand digits typed in play, and a digit of another script:
    # play says there is no such move and goes on.
    (["play", "decade", "1"], b"9" * 5000 + b"\n", 0),
    (["play", "decade", "1"], "\u2460\n".encode(), 0),
    # A file name of a space, shown as nothing.
    (["solve", "--file", " "], b"", 2),
    # An empty --plot was taken as no --plot.
    (["stats", "decade", "--deals", "1", "--jobs", "1", "--plot", ""], b"", 2),
    # Rules with no table of their own, listed from a stricter table's wins: each win's
    # place among the table's was counted from the table's start, minutes in all.
    (["deals", "decade", "--rule", "compulsory=false", "--lost"], b"", 0),
    # A limit of 400 digits: an OverflowError where the plan takes a share of it.
    (["solve", "windmill", "2", "--max-states", "9" * 400], b"", 2),
    # The upper bound's exact values of Decade, with every card counted exactly: the
    # counting took no limit, and ran for ever past --max-states.
    (
        shlex.split(
            "stats decade --deals 1 --jobs 1 --player upper --penalty exact --max-states 10000 "
            "--exact-hidden 100000000000000000000"
        ),
        b"",
        0,
    ),
]
"""Inputs the fuzz found that once broke their door (two ran past the time bound),
kept as tests."""


@pytest.mark.parametrize(("argv", "stdin", "code"), FOUND)
def test_inputs_the_fuzz_found(argv: list[str], stdin: bytes, code: int, workspace: Path) -> None:
    with inside(workspace):
        outcome = run_command(argv, stdin)
    check_command(argv, outcome)
    assert outcome.code == code, outcome
    try_command(workspace, argv, stdin)
