"""The cost of the results store: the same Decade deals solved with and without it.

Each result is committed on its own (so that a killed run loses only the
deals in flight); this measures what that costs against solving alone.

Run: ``pytest benchmarks/bench/bench_stats.py --benchmark-only``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solitaire_solver.stats import solve_deals

DEALS = "1-300"


def test_solve_without_store(benchmark: Any) -> None:
    results = benchmark(solve_deals, "decade", DEALS)
    assert len(results) == 300


def test_solve_with_store(benchmark: Any, tmp_path: Path) -> None:
    runs = iter(range(10**6))

    def fresh_store() -> tuple[tuple[Any, ...], dict[str, Any]]:
        # A new file every round: a store already holding the deals skips them.
        return ("decade", DEALS), {"store": tmp_path / f"run{next(runs)}.sqlite"}

    results = benchmark.pedantic(solve_deals, setup=fresh_store, rounds=5)
    assert len(results) == 300
