"""Two versions of the solver on the same deals, in turns: speed figures that compare.

    nice python benchmarks/engine/side_by_side.py eagle-wing-coops 1 10000 --old ../base --new .

``--old`` and ``--new`` are source trees (folders holding the package
``solitaire_solver``). Each runs in a process of its own, importing the
package from its tree; the deals go to them in blocks, one version at a
time, the other waiting, and which version goes first alternates from block
to block. On a machine shared with other work, the load then falls on both
alike, which two runs one after the other do not give.

Every deal is solved with no limit. Printed: for each version, the won and
lost counts, the mean CPU time and wall-clock time per deal, the median,
the slowest deal and how many took over 5 s; then every deal whose verdict
differs (there must be none). ``--out`` keeps one line per deal and version.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any


def worker() -> None:
    """Solve the deal numbers read from standard input, one JSON line each on standard output."""
    from solitaire_solver.games import make_game
    from solitaire_solver.numbering import parse_deal_number
    from solitaire_solver.request import SolveRequest

    preset = sys.stdin.readline().strip()
    game = make_game(preset)
    print("ready", flush=True)
    for line in sys.stdin:
        numbers = [int(w) for w in line.split()]
        out = []
        for n in numbers:
            start = game.deal(parse_deal_number(n))
            c0, t0 = time.process_time(), time.perf_counter()
            result = game.solve(start, SolveRequest.of(game))
            cpu, wall = time.process_time() - c0, time.perf_counter() - t0
            out.append([n, result.status.value, result.stats.expanded, cpu, wall])
        print(json.dumps(out), flush=True)


class Version:
    """One version's worker process and its results."""

    def __init__(self, name: str, tree: Path, preset: str) -> None:
        self.name = name
        env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.send(preset)
        assert self.read() == "ready"
        self.rows: list[list[Any]] = []

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline().strip()

    def solve(self, numbers: list[int]) -> None:
        self.send(" ".join(map(str, numbers)))
        self.rows.extend(json.loads(self.read()))

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()

    def report(self) -> str:
        rows = self.rows
        cpu = [r[3] for r in rows]
        wall = [r[4] for r in rows]
        won = sum(r[1] == "won" for r in rows)
        lost = sum(r[1] == "lost" for r in rows)
        slow = max(rows, key=lambda r: r[3])
        return (
            f"{self.name}: won {won}, lost {lost}; per deal mean "
            f"{1000 * statistics.fmean(cpu):.2f} ms CPU, "
            f"{1000 * statistics.fmean(wall):.2f} ms wall; median "
            f"{1000 * statistics.median(cpu):.2f} ms CPU; slowest deal {slow[0]} "
            f"({slow[3]:.2f} s CPU, {slow[2]} states); over 5 s CPU: "
            f"{sum(c > 5 for c in cpu)}"
        )


def main(argv: list[str] | None = None) -> int:
    """Run both versions over the deals in turns and print the comparison."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("preset")
    ap.add_argument("first", type=int)
    ap.add_argument("last", type=int)
    ap.add_argument("--old", required=True, type=Path, help="the source tree of the old version")
    ap.add_argument("--new", required=True, type=Path, help="the source tree of the new version")
    ap.add_argument("--block", type=int, default=50, help="deals per turn (default 50)")
    ap.add_argument("--out", type=Path, help="one line per deal and version")
    args = ap.parse_args(argv)
    versions = [Version("old", args.old, args.preset), Version("new", args.new, args.preset)]
    t0 = time.perf_counter()
    try:
        for k, low in enumerate(range(args.first, args.last + 1, args.block)):
            numbers = list(range(low, min(args.last, low + args.block - 1) + 1))
            for v in versions if k % 2 == 0 else versions[::-1]:
                v.solve(numbers)
    finally:
        for v in versions:
            v.close()
    print(
        f"{args.preset} deals {args.first}..{args.last}, in turns of {args.block} deals "
        f"({time.perf_counter() - t0:.0f} s in all)"
    )
    for v in versions:
        print(v.report())
    old, new = ({r[0]: r[1] for r in v.rows} for v in versions)
    differ = [n for n in old if old[n] != new[n]]
    print(f"verdicts that differ: {len(differ)}" + (f" (deals {differ[:20]})" if differ else ""))
    if args.out:
        out: IO[str]
        with args.out.open("w") as out:
            for v in versions:
                for r in v.rows:
                    print(v.name, *r, file=out)
    return 1 if differ else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        worker()
    else:
        sys.exit(main())
