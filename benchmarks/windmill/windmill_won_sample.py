"""Won Windmill deals solved again with the whole solver: verdict, states and CPU time.

Run from the project root, with the package to measure first on the path::

    PYTHONPATH=. nice python benchmarks/windmill/windmill_won_sample.py --per-variant 200 \\
        --out won.csv

For each variant, the first ``--per-variant`` deals that
``benchmarks/results/<variant>.csv`` records won within 2 seconds, and
every won deal on which the relaxation at the first play takes more than
8,192 relaxed positions (``benchmarks/results/windmill-relaxation-won-deals.csv``):
each solved with the default limits, its line replayed from the deal. A
row: variant, deal, status, states expanded, CPU seconds, whether the line
replays. The script stops with an error when a deal is not won.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from pathlib import Path

from solitaire_solver import api

RESULTS = Path(__file__).resolve().parents[1] / "results"

VARIANTS = {
    "windmill": ("windmill", None),
    "windmill-reversed": ("windmill-reversed", None),
    "windmill-free": ("windmill", {"foundation_moves": "free"}),
}


def sample(variant: str, per_variant: int) -> list[int]:
    """The quick won deals and the won deals with a costly relaxation."""
    with (RESULTS / f"{variant}.csv").open() as f:
        quick = [
            int(r["deal"])
            for r in csv.DictReader(f)
            if r["status"] == "won" and float(r["seconds"]) <= 2.0
        ]
    with (RESULTS / "windmill-relaxation-won-deals.csv").open() as f:
        costly = [
            int(r["deal"])
            for r in csv.DictReader(f)
            if r["variant"] == variant and int(r["relaxed"]) > 8192
        ]
    return sorted(set(quick[:per_variant]) | set(costly))


def main() -> None:
    """Solve the sample of each variant and write a row per deal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-variant", type=int, default=200)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    with args.out.open("w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["variant", "deal", "status", "expanded", "seconds", "replays"])
        for variant, (preset, rules) in VARIANTS.items():
            times = []
            for deal in sample(variant, args.per_variant):
                t0 = time.process_time()
                r = api.solve(preset, deal, rules=rules)
                seconds = time.process_time() - t0
                check = api.verify(preset, deal, r.moves, rules=rules)
                if not (r.won and check.legal and check.won):
                    raise AssertionError(f"{variant} {deal}: {r.status}")
                times.append(seconds)
                out.writerow([variant, deal, "won", r.stats.expanded, f"{seconds:.4f}", "yes"])
                f.flush()
            print(
                f"{variant}: {len(times)} won, median {statistics.median(times) * 1000:.1f} ms,"
                f" slowest {max(times):.2f} s",
                file=sys.stderr,
            )


if __name__ == "__main__":
    main()
