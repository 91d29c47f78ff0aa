"""The library's public functions (what ``solitaire_solver`` exports, and the runs of
``solitaire_solver.stats``), called with any arguments.

Each function is called with its own parameters, every one drawn from values of its kind
(a preset or a game for ``game``, a deal number, a position or a file for ``start``, ...)
or from odd values of any kind: ``None``, booleans, numbers of every size, NaN, text,
bytes, lists, an object, a position of another game. The property: a result, or a
:class:`~solitaire_solver.SolverError` (a ``ValueError``) naming what is wrong, and never
anything else. A win is checked too: its line replays.

Parameters a caller hands objects to work with (``memo``, ``watch``, ``progress``,
``player``, ``dask``, ``store``) take ``None`` or a right object: they are collaborators
with methods the library calls, not values it reads. A search is bounded as the commands'
are: ``max_states=2000`` unless a value is drawn for it (small, or bad).
"""

from __future__ import annotations

import inspect
import io
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, seed
from hypothesis import strategies as st

import solitaire_solver
from solitaire_solver import Limits, Memo, SolveRequest, SolverError, make_game, verify
from solitaire_solver.advice.bounds import UpperBound
from solitaire_solver.numbering import DealNumber
from solitaire_solver.search import Status
from solitaire_solver.stats import parse_deals, solve_deals, winnability
from tests.fuzz.doors import (
    ODD_PATHS,
    PRESET_NAMES,
    TRIED,
    budget,
    call_bounded,
    fuzz_seed,
    inside,
    make_workspace,
    nasty_text,
)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("library")
    make_workspace(folder)
    return folder


GAMES = {name: make_game(name) for name in PRESET_NAMES}
STARTS = {name: game.deal(DealNumber(3, True)) for name, game in GAMES.items()}

ODD: list[Any] = [None, True, False, 0, -1, 1.5, math.nan, math.inf, 10**20, 10**400, "",
                  " ", "x", "\x00", b"decade", [], [None], {}, {"x": 1}, (), object(),
                  io.StringIO("game: decade\n"), Limits(max_states=5), DealNumber(3, True),
                  Memo()]  # fmt: skip
"""Values of no parameter's kind: what a caller's slip may hand any function."""


def odd() -> st.SearchStrategy[Any]:
    """An odd value: from :data:`ODD`, a state of some game, or nasty text."""
    return st.one_of(st.sampled_from(ODD), st.sampled_from(list(STARTS.values())), nasty_text())


def of_kind(good: list[Any]) -> st.SearchStrategy[Any]:
    """A value of the kind, two draws in three; else an odd one."""
    return st.one_of(st.sampled_from(good), st.sampled_from(good), odd())


DECADE_MOVES = ["d", "x1-3", "x2-3", "x1-2"]
GAME_FILES = [f"{name}.game" for name in PRESET_NAMES]

PARAMETERS: dict[str, Callable[[], st.SearchStrategy[Any]]] = {
    "game": lambda: of_kind([*PRESET_NAMES, *GAMES.values(), "nope", "DECADE",
                             SolveRequest.build("decade", limits=Limits(max_states=500))]),
    "name": lambda: of_kind([*PRESET_NAMES, "nope", "Eagle Wing"]),
    "start": lambda: of_kind([3, "3", "#3", DealNumber(3, True), *STARTS.values(),
                              "decade.deal", Path("windmill.json"), *GAME_FILES, *ODD_PATHS]),
    "deal": lambda: of_kind([3, "3", "ms3", 100000000000000000000, DealNumber(40000, False)]),
    "position": lambda: of_kind([None, *STARTS.values()]),
    "moves": lambda: of_kind([[], DECADE_MOVES, ["d"] * 60, [3], "d x1-3", ["p1", "w5"],
                              tuple(DECADE_MOVES)]),
    "rules": lambda: of_kind([None, {}, {"redeals": 1}, ["redeals=1"], "sums=10",
                              {"sums": 256}, {"sums": "10,20"}, ["x"], {"redeals": "9"}]),
    "shortest": lambda: of_kind([False, True]),
    "as_json": lambda: of_kind([False, True]),
    "fair": lambda: of_kind([False, True]),
    "fair_off_at": lambda: of_kind([None, 0, 1, 5]),
    "automatic": lambda: of_kind([(), [True], [False, True], "yes", None]),
    "start_file": lambda: of_kind([None, "out.deal", "", "/nonexistent/x"]),
    "max_states": lambda: of_kind([1, 50, 2000]),
    "timeout": lambda: of_kind([0.5, 2.0, 1e-9]),
    "max_table": lambda: of_kind([1, 50, 2000, 10**18]),
    "limits": lambda: of_kind([Limits(max_states=2000), Limits(max_states=1),
                               Limits(max_states=50, timeout=2.0), Limits(max_table=50)]),
    "text": lambda: of_kind(["game: decade\nstock: ??", "", "{}", '{"game": "decade"}']),
    "path": lambda: of_kind(["<text>", "a.deal", ""]),
    "source": lambda: of_kind(["decade.deal", Path("eagle-wing.json"), *GAME_FILES, *ODD_PATHS,
                               io.StringIO("game: decade\n"), "-"]),
    "destination": lambda: of_kind([None, "out.deal", "folder", "", "/nonexistent/x",
                                    io.StringIO()]),
    "deals": lambda: of_kind(["1-2", [1, 2], ["3"], "1-100000000000000000000", "ms3", [0],
                              range(1, 3), "2,1", [DealNumber(1, True)]]),
    "jobs": lambda: of_kind([1, None]),
}  # fmt: skip
"""Values of each parameter's kind, by name; every public function's parameters are here
but those of :data:`COLLABORATORS`."""

COLLABORATORS = {"memo": [None, Memo()], "watch": [None], "progress": [None],
                 "player": [None, UpperBound("none"), UpperBound("exact", 1)], "dask": [None],
                 "store": [None, "lib.sqlite"]}  # fmt: skip
"""Parameters that take an object the library works with: ``None`` or a right one."""


def functions() -> dict[str, Callable[..., Any]]:
    """Every public function: what the package exports, the runs of stats, the request."""
    out = {
        name: getattr(solitaire_solver, name)
        for name in solitaire_solver.__all__
        if inspect.isfunction(getattr(solitaire_solver, name))
    }
    out.update(
        {
            "winnability": winnability,
            "solve_deals": solve_deals,
            "parse_deals": parse_deals,
            "SolveRequest.build": SolveRequest.build,
            "Limits": Limits,
        }
    )
    return out


FUNCTIONS = functions()


@st.composite
def call_of(draw: st.DrawFn, name: str) -> tuple[list[Any], dict[str, Any]]:
    """Arguments for ``name``: each parameter it requires, and each optional one half the
    time, positional or keyword as the signature allows; a search bounded."""
    function = FUNCTIONS[name]
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for parameter in inspect.signature(function).parameters.values():
        required = parameter.default is inspect.Parameter.empty
        if not required and not draw(st.booleans()):
            continue
        if parameter.name in COLLABORATORS:
            value = draw(st.sampled_from(COLLABORATORS[parameter.name]))
        else:
            value = draw(PARAMETERS[parameter.name]())
        if parameter.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD and required:
            args.append(value)
        else:
            kwargs[parameter.name] = value
    game = args[0] if args else None
    if not isinstance(game, SolveRequest):
        # A search bounded: by the keyword where the function takes the limits one by one,
        # else by a Limits.
        parameters = inspect.signature(function).parameters
        if "max_states" in parameters and "max_states" not in kwargs:
            kwargs["max_states"] = 2000
        elif "limits" in parameters and "limits" not in kwargs:
            kwargs["limits"] = Limits(max_states=2000)
    return args, kwargs


def fuzz_functions(workspace: Path, slow: bool) -> None:
    @budget("function", slow)
    @given(name=st.sampled_from(sorted(FUNCTIONS)), data=st.data())
    def one(name: str, data: st.DataObject) -> None:
        args, kwargs = data.draw(call_of(name))
        TRIED["function"] += 1
        TRIED[f"function {name}"] += 1
        with inside(workspace):
            try:
                result = call_bounded(lambda: FUNCTIONS[name](*args, **kwargs))
            except SolverError:
                return
            except BaseException as exc:
                raise AssertionError(
                    f"{type(exc).__name__} from {name}(*{args!r:.300}, **{kwargs!r:.300}): "
                    f"{exc!s:.300}"
                ) from exc
        if name == "solve" and result.status is Status.WON:
            deal = args[1] if len(args) > 1 else kwargs.get("deal")
            start = kwargs.get("position")
            game = args[0] if args else kwargs["game"]
            rules = kwargs.get("rules")
            where = start if start is not None else deal
            assert verify(game, where, result.moves, rules=rules).won, (args, kwargs)

    (one if fuzz_seed() is None else seed(fuzz_seed())(one))()


def test_every_public_function_with_any_arguments(workspace: Path) -> None:
    fuzz_functions(workspace, slow=False)


@pytest.mark.slow
def test_every_public_function_with_any_arguments_long(workspace: Path) -> None:
    fuzz_functions(workspace, slow=True)


def test_every_parameter_has_a_kind() -> None:
    # A new function, or a new parameter, is fuzzed with values of its kind: say which.
    missing = [
        f"{name}({p})"
        for name, function in FUNCTIONS.items()
        for p in inspect.signature(function).parameters
        if p not in PARAMETERS and p not in COLLABORATORS
    ]
    assert missing == []


FOUND: list[tuple[str, Callable[[], Any]]] = [
    ("a limit of True", lambda: Limits(max_table=True)),
    ("no position to write", lambda: solitaire_solver.dump_deal(make_game("windmill"), None)),
    ("a preset's name for a game", lambda: solitaire_solver.format_deal("decade", None)),
    ("no position to count", lambda: solitaire_solver.cards_left("decade", None)),
    ("a path that is no text", lambda: solitaire_solver.parse_deal("game: decade", path=True)),
    ("rules that are no words", lambda: make_game("decade", rules=True)),
    ("rules of a number", lambda: make_game("decade", [3])),
    ("a range that is no text", lambda: parse_deals(None)),  # type: ignore[arg-type]
    ("deals that are nothing", lambda: solve_deals("decade", None)),  # type: ignore[arg-type]
    ("a game named by a number", lambda: solitaire_solver.find_preset(5)),  # type: ignore[arg-type]
    ("a move no game makes", lambda: solitaire_solver.format_game(
        make_game("decade"), STARTS["decade"], ["x9-9"])),
    ("a position of another game", lambda: solitaire_solver.solve(
        "decade", position=STARTS["windmill"], max_states=10)),
    ("a limit of 400 digits", lambda: solitaire_solver.analyse(
        "windmill", "2", limits=Limits(max_states=10**400))),
    ("a timeout of 400 digits", lambda: solitaire_solver.solve("decade", 3, timeout=10**400)),
    ("a stream of bytes", lambda: solitaire_solver.load_deal(io.BytesIO(b"game: decade"))),  # type: ignore[arg-type]
]  # fmt: skip
"""Calls the fuzz found that once raised Python's own errors (an AttributeError, a TypeError,
a plain ValueError) rather than the library's."""


@pytest.mark.parametrize(("why", "call"), FOUND, ids=[why for why, _ in FOUND])
def test_calls_the_fuzz_found(why: str, call: Callable[[], Any]) -> None:
    with pytest.raises(SolverError):
        call()
