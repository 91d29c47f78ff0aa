"""Refresh a Windmill table's winning lines and difficulty figures with today's solver.

A verdict file keeps, for each won deal, the length of the line the solver
found and its difficulty figure (the positions it expanded before the win),
and both depend on the solver's plan: when the plan changes, a fresh solve
of the same deal may find another line after another number of positions,
and the table no longer says what ``solve`` says. Won and lost stay facts.

This script takes a table (``--table``, a verdict file; or ``--store``, a
results store holding the shipped table imported and a rerun of its
unknown deals under larger limits, written out over ``--range`` with
``--max-states`` as the file's first limit, every unknown deal under the
limits it reached, without solving anything) and a
store of today's solves of some of its won deals (``--fresh``, made with
``stats PRESET --deals WON --max-states N --db FRESH`` under the table's
first limits, then, for the deals left unknown there, ``stats PRESET
--deals THOSE --db FRESH`` under the default limits: the order in which
the reproduction test in ``tests/test_verdict_files.py`` solves them), and
writes the table with each such deal's length and figure replaced by the
fresh solve's; won deals the store does not hold are left as they are. A
deal the store holds but does not win keeps its row and is listed on
standard error. Nothing else changes:
the other verdicts, the limits each unknown deal reached, the classes.
Example (docs/tables.md)::

    python benchmarks/tables/windmill_refresh.py --store rerun.sqlite --preset windmill \\
        --range 1-10000 --max-states 1000000 --fresh fresh.sqlite --out windmill.verdicts
"""

from __future__ import annotations

import argparse
import sys
from array import array

import attrs

from solitaire_solver import __version__, make_game
from solitaire_solver.search import Limits
from solitaire_solver.store import Store, StoreKey
from solitaire_solver.verdicts import WON, read_verdicts, store_verdicts, write_verdicts


def main() -> int:
    """Write the refreshed table; exit status 1 when the fresh store leaves a won deal unwon."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", help="the verdict file to refresh")
    ap.add_argument("--store", help="or a results store to write out and refresh")
    ap.add_argument("--preset", help="with --store: the preset")
    ap.add_argument("--range", help="with --store: the deals, A-B")
    ap.add_argument("--max-states", type=int, help="with --store: the file's first limit")
    ap.add_argument("--fresh", required=True, help="a store of today's solves of its won deals")
    ap.add_argument("--out", required=True, help="where to write the refreshed file")
    args = ap.parse_args()
    if (args.table is None) == (args.store is None):
        ap.error("give --table or --store")
    if args.table is not None:
        v = read_verdicts(args.table)
        game = make_game(v.preset)
    else:
        if args.preset is None or args.range is None or args.max_states is None:
            ap.error("--store needs --preset, --range and --max-states")
        game = make_game(args.preset)
        low, high = (int(x) for x in args.range.split("-"))
        with Store(args.store) as source:
            v = store_verdicts(
                source,
                game,
                [(low, high)],
                limits=Limits(max_states=args.max_states),
                solver_version=__version__,
            )
    fresh: dict[int, tuple[int, int] | None] = {}
    with Store(args.fresh) as store:
        for number, status, length, figure, _ in store.verdict_rows(
            StoreKey.of(game), v.first, v.last
        ):
            won = status == "won" and figure is not None
            fresh[number] = (length, figure or 0) if won else None
    lengths = array("I", v.lengths)
    figures = bytearray(v.difficulty)
    changed = 0
    missing: list[int] = []
    i = 0
    for number, code, _, _ in v.entries():
        if code != WON:
            continue
        found = fresh.get(number, ())
        if found is None:
            missing.append(number)
        elif found and (lengths[i], figures[i]) != (found[0], min(255, found[1])):
            lengths[i], figures[i] = found[0], min(255, found[1])
            changed += 1
        i += 1
    out = attrs.evolve(
        v, lengths=lengths, difficulty=bytes(figures), solver_version=__version__, sha256=""
    )
    write_verdicts(args.out, out)
    print(
        f"{v.preset}: {changed} of {v.count(WON)} won deals got today's line length or "
        f"figure; {len(missing)} not won afresh",
        file=sys.stderr,
    )
    if missing:
        print("not won afresh: " + ",".join(map(str, missing)), file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
