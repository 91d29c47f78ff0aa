"""Write ``decade_exact.json``: Decade's exact fair values of fixed positions, to compare against.

For each set of knobs (and each way of keeping compulsory lines), positions
of random play on shuffled decks, each given by its line and its unseen
values; with each, what :class:`~solitaire_solver.games.decade.exact.FairSolver`
returned when the file was written: the value in whole orders won, the best
moves, the states expanded and the memo's size; the value after every legal
move; the value with every bound turned off (small positions only); and the
value under node limits just large enough, one short and half as large
(``null`` where the limit stopped it, with the states it had expanded).
Besides: the start of small games (cards dealt up to three first), one
solver asked about a series of positions (its memo serving them all), and
the table of states worth more than 0 with at most one unseen card. The
file pins the engines: a change to how they run must not change one figure.
Run it from the project folder: ``python tests/data/make_decade_exact.py``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from solitaire_solver.games.decade import DecadeRules
from solitaire_solver.games.decade.exact import FairSolver, MoveValue
from solitaire_solver.games.decade.table import FairTable

DECK = [min(r + 1, 10) for r in range(13)] * 4

KNOBS: dict[str, tuple[DecadeRules, bool]] = {
    # name: (rules, whether compulsory lines are kept as bit sets)
    "decade": (DecadeRules(), True),
    "decade as tuples": (DecadeRules(), False),
    "decade-optional": (DecadeRules(compulsory=False), True),
    "min run 3": (DecadeRules(min_run=3), True),
    "max run 3": (DecadeRules(max_run=3), True),
    "sums 10": (DecadeRules(sums=frozenset({10})), True),
    "optional max run 4": (DecadeRules(max_run=4, compulsory=False), True),
    "optional min run 3": (DecadeRules(min_run=3, compulsory=False), True),
}
SIZES = (3, 4, 5, 6, 7, 8, 9)
"""Unseen cards of the positions, one position of each size per set of knobs."""
UNBOUNDED_UP_TO = 5
"""The most unseen cards of a position also worked out with every bound turned off."""


def runs(line: list[int], rules: DecadeRules) -> list[tuple[int, int]]:
    """Every run of ``line`` as (i, j): ``line[i:j]``, found by trying every stretch."""
    hi = len(line) if rules.max_run is None else rules.max_run
    return [
        (i, j)
        for i in range(len(line))
        for j in range(i + rules.min_run, min(len(line), i + hi) + 1)
        if sum(line[i:j]) in rules.sums
    ]


def random_position(
    rng: random.Random, rules: DecadeRules, unseen: int
) -> tuple[list[int], list[int]]:
    """Random legal play on a shuffled deck until the stock holds ``unseen`` cards.

    Under compulsory rules the position has no run left; under optional
    ones it may.
    """
    deck = DECK[:]
    rng.shuffle(deck)
    line, k = deck[:3], 3
    while True:
        found = runs(line, rules)
        there = 52 - k == unseen
        if there and not (found and rules.compulsory):
            return line, deck[k:]
        if found and (there or rules.compulsory or rng.random() < 0.6):
            i, j = rng.choice(found)
            del line[i:j]
        else:
            line.append(deck[k])
            k += 1


def moves(values: list[MoveValue]) -> list[list[Any]]:
    """Move values as JSON: (move, orders won) pairs."""
    return [[str(m.move), m.wins] for m in values]


def solve(
    rules: DecadeRules, fast: bool, line: list[int], unseen: list[int], **kw: Any
) -> dict[str, Any]:
    """One call of :meth:`FairSolver.value` on a new solver, as JSON."""
    bounds = kw.pop("bounds", True)
    max_nodes = kw.pop("max_nodes", None)
    got = FairSolver(rules, fast=fast, bounds=bounds, max_nodes=max_nodes).value(line, unseen, **kw)
    return {
        "wins": got.wins,
        "orders": got.orders,
        "best": [str(m) for m in got.best_moves],
        "nodes": got.nodes,
        "memo": got.memo_size,
    }


def positions(name: str) -> list[dict[str, Any]]:
    """The positions of one set of knobs, with their figures."""
    rules, fast = KNOBS[name]
    rng = random.Random(name)
    out: list[dict[str, Any]] = []
    for size in SIZES:
        line, unseen = random_position(rng, rules, size)
        row: dict[str, Any] = {"line": line, "unseen": sorted(unseen)}
        row["value"] = own = solve(rules, fast, line, unseen)
        row["alone"] = solve(rules, fast, line, unseen, with_moves=False)
        row["moves"] = moves(FairSolver(rules, fast=fast).move_values(line, unseen))
        if size <= UNBOUNDED_UP_TO:
            row["unbounded"] = solve(rules, fast, line, unseen, bounds=False)
        nodes = own["nodes"]
        for label, most in (("just enough", nodes), ("one short", nodes - 1), ("half", nodes // 2)):
            if most >= 0:
                row[label] = solve(rules, fast, line, unseen, max_nodes=most)
        out.append(row)
        print(name, size, nodes, flush=True)
    # The start of small games: the first cards are dealt up to three.
    for size in (5, 7):
        deck = DECK[:]
        rng.shuffle(deck)
        line = deck[: rng.randint(0, 2)]
        unseen = sorted(deck[len(line) : len(line) + size])
        out.append(
            {"line": line, "unseen": unseen, "start": solve(rules, fast, line, unseen, start=True)}
        )
    return out


def series(name: str) -> dict[str, Any]:
    """One solver asked about several positions in turn: its counts after each."""
    rules, fast = KNOBS[name]
    rng = random.Random(f"series {name}")
    solver = FairSolver(rules, fast=fast)
    asked, after = [], []
    for size in (6, 8, 6, 9, 7):
        line, unseen = random_position(rng, rules, size)
        got = solver.value(line, unseen)
        asked.append({"line": line, "unseen": sorted(unseen)})
        after.append(
            {"wins": got.wins, "nodes": got.nodes, "memo": got.memo_size, "total": solver.nodes}
        )
    return {"asked": asked, "after": after}


def table() -> dict[str, Any]:
    """The table of preset ``decade`` up to one unseen card: its levels and a digest."""
    built = FairTable.build(DecadeRules(), 1)
    digest = hashlib.sha256(repr(sorted(built.values.items())).encode()).hexdigest()
    return {"max_unseen": built.max_unseen, "levels": built.level_sizes, "digest": digest}


def main() -> None:
    out = {
        "positions": {name: positions(name) for name in KNOBS},
        "series": {
            name: series(name) for name in ("decade", "decade as tuples", "decade-optional")
        },
        "table": table(),
    }
    path = Path(__file__).with_name("decade_exact.json")
    path.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
