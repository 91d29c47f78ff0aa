"""Solve a range of Windmill deals and summarise the verdicts.

Run from the project root, for example::

    PYTHONPATH=. nice python benchmarks/run_windmill.py windmill --deals 1-1000 \\
        --max-states 20000 --timeout 60 --jobs 2 --out benchmarks/results/windmill.csv

One line per deal goes to ``--out`` (deal, status, limit, expanded, unique,
seconds); deals already in that file are skipped, so a stopped run resumes.
The summary counts settled (won or lost), won, lost and unknown deals and
gives the median and slowest time and the largest state count.
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire_solver import solve

FIELDS = ["deal", "status", "limit", "expanded", "unique", "seconds"]


def one(job: tuple[str, list[str], int, int | None, float | None]) -> list[str]:
    """Solve one deal and return its CSV row."""
    preset, rules, number, max_states, timeout = job
    t0 = time.perf_counter()
    r = solve(preset, number, rules=rules, max_states=max_states, timeout=timeout)
    seconds = time.perf_counter() - t0
    limit = r.limit.value if r.limit else ""
    return [
        str(number),
        r.status.value,
        limit,
        str(r.stats.expanded),
        str(r.stats.unique),
        f"{seconds:.4f}",
    ]


def summarise(path: Path) -> str:
    """The summary line of a results file."""
    with path.open() as f:
        rows = list(csv.DictReader(f))
    if not rows:
        return "no deals"
    times = [float(r["seconds"]) for r in rows]
    won = sum(r["status"] == "won" for r in rows)
    lost = sum(r["status"] == "lost" for r in rows)
    unknown = len(rows) - won - lost
    limits = sorted({r["limit"] for r in rows if r["limit"]})
    biggest = max(rows, key=lambda r: int(r["unique"]))
    slowest = max(rows, key=lambda r: float(r["seconds"]))
    wins = [r for r in rows if r["status"] == "won"]
    won_text = ""
    if wins:
        won_times = [float(r["seconds"]) for r in wins]
        won_states = [int(r["expanded"]) for r in wins]
        won_text = (
            f"; won deals: median {statistics.median(won_times) * 1000:.0f} ms and "
            f"{statistics.median(won_states):.0f} states expanded, "
            f"at most {max(won_times):.2f} s and {max(won_states)} states"
        )
    return (
        f"{len(rows)} deals: settled {won + lost}, won {won}, lost {lost}, "
        f"unknown {unknown} (limits reached: {', '.join(limits) or 'none'}); "
        f"median {statistics.median(times) * 1000:.0f} ms, "
        f"slowest {float(slowest['seconds']):.2f} s (deal {slowest['deal']}), "
        f"largest state count {biggest['unique']} (deal {biggest['deal']})" + won_text
    )


def main() -> None:
    """Parse the arguments, solve the deals not yet in the file, print the summary."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("preset", help="windmill or windmill-reversed")
    ap.add_argument("--rule", action="append", default=[], help="knob=value, as on the cli")
    ap.add_argument("--deals", default="1-1000", help="FIRST-LAST")
    ap.add_argument("--max-states", type=int, default=None)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per deal")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    first, _, last = args.deals.partition("-")
    numbers = range(int(first), int(last or first) + 1)
    done: set[int] = set()
    if args.out.exists():
        with args.out.open() as f:
            done = {int(r["deal"]) for r in csv.DictReader(f)}
    else:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        with args.out.open("w", newline="") as f:
            csv.writer(f).writerow(FIELDS)
    jobs = [(args.preset, args.rule, n, args.max_states, args.timeout) for n in numbers]
    jobs = [j for j in jobs if j[2] not in done]
    with Pool(args.jobs) as pool, args.out.open("a", newline="") as f:
        writer = csv.writer(f)
        for row in pool.imap(one, jobs):
            writer.writerow(row)
            f.flush()
            os.fsync(f.fileno())
    print(summarise(args.out))


if __name__ == "__main__":
    main()
