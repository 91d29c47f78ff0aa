"""Two checkouts' ``stats`` runs on the same deals, in turns: whole-process CPU time.

    nice python benchmarks/stats/stats_old_new.py --old ../base --new . \\
        --rounds 3 decade 1-2000 eagle-wing-coops 1-200

``--old`` and ``--new`` are project folders, each with its own ``.venv``
(the package installed there, its kernels built). For each preset and deal
range, each round runs ``python -m solitaire_solver stats PRESET --deals
RANGE --jobs 1 --db FRESH --json`` once per checkout, which goes first
alternating from round to round, so that the load of a shared machine falls
on both alike. Each run's CPU time (user and system) is read from
``resource.getrusage(RUSAGE_CHILDREN)`` around it: the process and nothing
else. Printed: each run's seconds, then each checkout's best and median;
the summaries (won, lost, unknown) of the two must be the same, or the
script says so and exits with status 1. ``--more`` adds options to every
run (``--more=--max-states=200000``).
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path


def cpu_of_children() -> float:
    """User and system seconds of the children waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(tree: Path, preset: str, deals: str, more: list[str]) -> tuple[float, tuple[int, int, int]]:
    """One ``stats`` run of ``tree`` into a fresh store: its CPU seconds and its summary."""
    with tempfile.TemporaryDirectory() as tmp:
        before = cpu_of_children()
        done = subprocess.run(
            [str(tree / ".venv" / "bin" / "python"), "-m", "solitaire_solver", "stats", preset,
             "--deals", deals, "--jobs", "1", "--db", str(Path(tmp) / "fresh.sqlite"), "--json",
             *more],
            cwd=tmp, capture_output=True, text=True, check=True,
        )  # fmt: skip
        cpu = cpu_of_children() - before
    doc = json.loads(done.stdout)
    summary = doc.get("summary", doc)
    return cpu, (summary["won"], summary["lost"], summary["unknown"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True)
    parser.add_argument("--new", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--more", default="", help="more options for every run, in one word: '--max-states=1000'"
    )
    parser.add_argument("runs", nargs="+", help="PRESET RANGE pairs")
    args = parser.parse_args()
    if len(args.runs) % 2:
        parser.error("give PRESET RANGE pairs")
    trees = {"old": args.old.resolve(), "new": args.new.resolve()}
    same = True
    for preset, deals in zip(args.runs[::2], args.runs[1::2], strict=True):
        times: dict[str, list[float]] = {"old": [], "new": []}
        found: dict[str, set[tuple[int, int, int]]] = {"old": set(), "new": set()}
        for r in range(args.rounds):
            order = ["old", "new"] if r % 2 == 0 else ["new", "old"]
            for name in order:
                cpu, summary = run(trees[name], preset, deals, args.more.split())
                times[name].append(cpu)
                found[name].add(summary)
                print(f"{preset} {deals} round {r + 1} {name}: {cpu:.2f} s CPU {summary}")
        for name in ("old", "new"):
            t = times[name]
            median = statistics.median(t)
            print(f"{preset} {deals} {name}: best {min(t):.2f} s, median {median:.2f} s")
        if found["old"] != found["new"] or len(found["old"]) != 1:
            print(f"{preset} {deals}: the summaries differ: {found}")
            same = False
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
