"""Write ``exact_values.json``: the exact fair values of late positions, to compare against.

For each preset that hides cards, positions late on the solver's winning
lines of a few deals (at most a few cards hidden), each given by its deal
and the moves played to reach it; with each, what
:func:`~solitaire_solver.advice.fair.exact_values` returned when the file was
written: the values and the positions visited, under its own limits, under
node limits just large enough and one short, and under a state limit
small enough to leave a leaf unknown (``null`` when it gave up). The file pins the
expectimax: a change to how it runs must not change one figure. Run it from
the project folder: ``python tests/data/make_exact_values.py``.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from solitaire_solver import make_game
from solitaire_solver.advice.fair import exact_values
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Limits

PRESETS = {
    # preset: (deals, the most cards hidden, positions per deal)
    "decade": (range(1, 30), 5, 2),
    "decade-optional": (range(1, 30), 4, 1),
    "eagle-wing": (range(1, 200), 5, 2),
    "eagle-wing-coops": (range(1, 30), 5, 2),
    "windmill": (range(1, 30), 4, 2),
}
PER_PRESET = 8
"""Positions kept of each preset."""
SETTINGS: dict[str, dict[str, Any]] = {
    "own": {},
    "few states": {"limits": Limits(max_states=3)},
}
"""The keyword arguments of each call of :func:`exact_values` recorded, besides two at
the edge of the node limit: as many nodes as the call with its own limits visited
(``"just enough"``), and one fewer (``"one short"``)."""


def figures(got: tuple[list[Fraction], int] | None) -> dict[str, Any] | None:
    """What one call returned, as JSON: its values as fractions ``"p/q"`` and its nodes."""
    if got is None:
        return None
    values, nodes = got
    return {"values": [str(v) for v in values], "nodes": nodes}


def positions(preset: str) -> list[dict[str, Any]]:
    """The positions of ``preset`` to pin, with their figures."""
    deals, most, per_deal = PRESETS[preset]
    game = make_game(preset)
    out: list[dict[str, Any]] = []
    for deal in deals:
        state = game.deal(deal)
        r = game.solve(state, SolveRequest.of(game, Limits(max_states=200_000)))
        if not r.won:
            continue
        played: list[str] = []
        taken = 0
        for m in r.moves:
            seen = game.seen(state)
            if 1 <= seen.hidden <= most and not game.is_won(state):
                row: dict[str, Any] = {"deal": deal, "moves": " ".join(played)}
                for name, kwargs in SETTINGS.items():
                    row[name] = figures(exact_values(game, seen, **kwargs))
                if row["own"] is not None:
                    nodes = row["own"]["nodes"]
                    for name, most_nodes in (("just enough", nodes), ("one short", nodes - 1)):
                        row[name] = figures(exact_values(game, seen, max_nodes=most_nodes))
                    out.append(row)
                    taken += 1
                    print(preset, deal, len(played), row["own"]["nodes"], flush=True)
                    if len(out) == PER_PRESET:
                        return out
                if taken == per_deal:
                    break
            played.append(str(m))
            state = game.apply(state, m)
    return out


def main() -> None:
    out = {preset: positions(preset) for preset in PRESETS}
    path = Path(__file__).with_name("exact_values.json")
    path.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
