"""The speed-up of ``stats`` with more workers, and where cheap deals spend their time.

Solves one range of deals (by default Decade 1..20,000, a few hundredths of
a millisecond of search each) in turns of four ways, each into a fresh store
in a temporary folder:

- ``solve``: the games' own solves in this process, no store, nothing
  around them (dealing, search, difficulty figure): the solver's share;
- ``jobs=1``: ``run_deals`` in this process with a store: the solver plus
  the store and the bookkeeping;
- ``jobs=2``: two worker processes, results sent back to this one, which
  stores them;
- ``dask``: a Dask ``LocalCluster`` of two single-threaded worker processes.

It prints the wall-clock time of each, deals per second, the speed-up
against ``jobs=1``, and the time per deal that each adds to the one before.
On a machine shared with other work the wall clock says more about the
others than about the run, so it also prints the CPU time a deal costs
this process (for ``jobs=2`` and Dask: the parent's receiving, storing and
counting, with the scheduling) and, for ``jobs=2``, the worker processes:
the overhead per deal whatever the load.

Run from the project folder (needs the ``dask`` extra):
``PYTHONPATH=. python benchmarks/stats/scaling.py decade 1-20000 --rounds 2``;
with ``PYTHONPATH=OTHER`` it measures another checkout's code the same way
(it uses only ``run_deals`` and the store, which every version has).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solitaire_solver import make_game
from solitaire_solver.records.store import DealResult, Store
from solitaire_solver.request import SolveRequest
from solitaire_solver.stats import parse_deals, run_deals


def solve_only(preset: str, deals: str) -> int:
    """Deal, solve and figure every deal in this process: nothing else."""
    game = make_game(preset)
    numbers = list(parse_deals(deals))
    for number in numbers:
        start = game.deal(number)
        result = game.solve(start, SolveRequest.of(game))
        game.difficulty(start, result)
    return len(numbers)


def with_store(preset: str, deals: str, folder: Path, **how: Any) -> int:
    """``run_deals`` into a fresh store: the way ``stats`` runs."""
    seen = 0

    def sink(_: DealResult) -> None:
        nonlocal seen
        seen += 1

    with Store(folder / f"run-{time.monotonic_ns()}.sqlite") as store:
        run_deals(preset, deals, sink, store=store, **how)
    return seen


def cpu_seconds(who: int) -> float:
    """User and system CPU seconds of this process (``RUSAGE_SELF``, every thread) or
    of its finished children (``RUSAGE_CHILDREN``)."""
    use = resource.getrusage(who)
    return use.ru_utime + use.ru_stime


def main(argv: list[str] | None = None) -> int:
    """Time each way in turns and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("preset", nargs="?", default="decade")
    parser.add_argument("deals", nargs="?", default="1-20000")
    parser.add_argument("--rounds", type=int, default=2, help="turns of the four ways (2)")
    parser.add_argument("--no-dask", action="store_true", help="leave out the Dask cluster")
    args = parser.parse_args(argv)

    client: Any = None
    cluster: Any = None
    if not args.no_dask:
        from distributed import Client, LocalCluster

        cluster = LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    times: dict[str, list[float]] = {}
    parent_cpu: dict[str, list[float]] = {}
    child_cpu: dict[str, list[float]] = {}
    count = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        ways: dict[str, Callable[[], int]] = {
            "solve": lambda: solve_only(args.preset, args.deals),
            "jobs=1": lambda: with_store(args.preset, args.deals, folder, jobs=1),
            "jobs=2": lambda: with_store(args.preset, args.deals, folder, jobs=2),
        }
        if client is not None:
            ways["dask"] = lambda: with_store(args.preset, args.deals, folder, dask=client)
        for _ in range(args.rounds):
            for name, way in ways.items():
                cpu = cpu_seconds(resource.RUSAGE_SELF)
                children = cpu_seconds(resource.RUSAGE_CHILDREN)
                started = time.perf_counter()
                count = way()
                times.setdefault(name, []).append(time.perf_counter() - started)
                parent_cpu.setdefault(name, []).append(cpu_seconds(resource.RUSAGE_SELF) - cpu)
                # A pool's workers are waited for when it shuts down; a Dask
                # cluster's only when it closes, so they show here as none.
                spent = cpu_seconds(resource.RUSAGE_CHILDREN) - children
                child_cpu.setdefault(name, []).append(spent)
    if client is not None:
        client.close()
        cluster.close()
    best = {name: min(t) for name, t in times.items()}
    print(
        f"{args.preset} {args.deals}: {count} deals, {args.rounds} rounds in turns; "
        "best and median wall clock"
    )
    base = best["jobs=1"]
    for name, t in times.items():
        print(
            f"  {name:<7} best {best[name]:7.2f} s  median {statistics.median(t):7.2f} s  "
            f"{count / best[name]:8.0f} deals/s  speed-up {base / best[name]:5.2f}  "
            f"{best[name] / count * 1e6:7.1f} us/deal"
        )
    print("  CPU time a deal (the least of the rounds): this process, worker processes")
    for name in times:
        workers = min(child_cpu[name]) / count * 1e6
        print(
            f"  {name:<7} {min(parent_cpu[name]) / count * 1e6:7.1f} us  "
            + (f"{workers:7.1f} us" if workers else "      -")
        )
    print(
        f"  the store and bookkeeping in this process add "
        f"{(best['jobs=1'] - best['solve']) / count * 1e6:.1f} us a deal to the solving "
        f"(wall clock), {(min(parent_cpu['jobs=1']) - min(parent_cpu['solve'])) / count * 1e6:.1f}"
        " us (CPU)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
