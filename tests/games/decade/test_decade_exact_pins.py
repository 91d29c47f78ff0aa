"""Decade's exact fair values against the figures pinned in ``tests/data/decade_exact.json``.

The file was written by ``tests/data/make_decade_exact.py`` from the engines
as they stood before they became problems of the engine's counting search
(:mod:`solitaire_solver.search.counting`): the values, best moves, states
expanded and memo sizes of fixed positions under several knobs, with and
without bounds, under node limits, at the start of small games, over a
series of calls to one solver, and the table's levels. The search may be
written anew; not one of these figures may change.
"""

from __future__ import annotations

import hashlib
import json
import runpy
from collections.abc import Callable
from typing import Any

import pytest

from solitaire_solver.games.decade import DecadeRules
from solitaire_solver.games.decade.exact import FairSolver, MoveValue
from solitaire_solver.games.decade.table import FairTable
from tests.support import DATA

PINS = json.loads((DATA / "decade_exact.json").read_text())

# The script's own knobs and calls, so that the test asks exactly what was pinned.
SCRIPT = runpy.run_path(str(DATA / "make_decade_exact.py"))
KNOBS: dict[str, tuple[DecadeRules, bool]] = SCRIPT["KNOBS"]
solve: Callable[..., dict[str, Any]] = SCRIPT["solve"]
moves: Callable[[list[MoveValue]], list[list[Any]]] = SCRIPT["moves"]


def test_the_file_holds_positions_worth_working_out() -> None:
    """The pins are worth something: positions that expand states, won and lost ones,
    and calls that the node limit stops."""
    rows = [r for rows in PINS["positions"].values() for r in rows if "value" in r]
    assert sum(r["value"]["nodes"] > 100 for r in rows) >= 10
    assert any(r["value"]["wins"] == 0 for r in rows)
    assert any(0 < r["value"]["wins"] < r["value"]["orders"] for r in rows)
    assert any(r.get("half", {}).get("wins", 0) is None for r in rows)


@pytest.mark.parametrize("name", list(KNOBS))
def test_positions_give_the_pinned_figures(name: str) -> None:
    rules, fast = KNOBS[name]
    for row in PINS["positions"][name]:
        line, unseen = row["line"], row["unseen"]
        where = (name, line, unseen)
        if "start" in row:
            assert solve(rules, fast, line, unseen, start=True) == row["start"], where
            continue
        assert solve(rules, fast, line, unseen) == row["value"], where
        assert solve(rules, fast, line, unseen, with_moves=False) == row["alone"], where
        got = FairSolver(rules, fast=fast).move_values(line, unseen)
        assert moves(got) == row["moves"], where
        if "unbounded" in row:
            assert solve(rules, fast, line, unseen, bounds=False) == row["unbounded"], where
        nodes = row["value"]["nodes"]
        for label, most in (("just enough", nodes), ("one short", nodes - 1), ("half", nodes // 2)):
            # A limit of 0 nodes was pinned too; a budget's limits are 1 or more.
            if label in row and most >= 1:
                got_limited = solve(rules, fast, line, unseen, max_nodes=most)
                assert got_limited == row[label], (*where, label)


@pytest.mark.parametrize("name", list(PINS["series"]))
def test_one_solver_over_a_series_gives_the_pinned_figures(name: str) -> None:
    rules, fast = KNOBS[name]
    solver = FairSolver(rules, fast=fast)
    pinned = PINS["series"][name]
    for asked, after in zip(pinned["asked"], pinned["after"], strict=True):
        got = solver.value(asked["line"], asked["unseen"])
        figures = {
            "wins": got.wins,
            "nodes": got.nodes,
            "memo": got.memo_size,
            "total": solver.nodes,
        }
        assert figures == after, asked


def test_the_table_gives_the_pinned_levels() -> None:
    built = FairTable.build(DecadeRules(), 1)
    digest = hashlib.sha256(repr(sorted(built.values.items())).encode()).hexdigest()
    got = {"max_unseen": built.max_unseen, "levels": built.level_sizes, "digest": digest}
    assert got == PINS["table"]
