"""What a hint costs: analysing a position against solving it once.

For each won deal of a range, positions along the solver's winning line
(``--per-deal`` of them, evenly spaced from the start) are each:

- solved once, as ``solve`` does (the single solve);
- analysed, as ``hint`` does (:func:`~solitaire_solver.advice.analysis.analyse_position`:
  the position's search, the winning line's first move for free, the other
  moves' searches sharing one memo of keys proved lost);
- analysed with the memo switched off (each search on its own);
- and, as the naive cost, solved with every child solved apart.

Every search runs under the preset's default limits, as the commands do.
Prints one summary line per preset and, with ``--out``, one JSON line per
position. Example (the figures in docs/guides/players.md)::

    nice python benchmarks/fair/hint_cost.py decade decade-optional --deals 1-100
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from solitaire_solver import make_game
from solitaire_solver.advice.analysis import analyse_position
from solitaire_solver.games import PRESETS, Game
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Memo
from solitaire_solver.stats import parse_deals


class NoMemo(Memo):
    """A memo that never learns anything: each search on its own."""

    def add(self, table: Mapping[Hashable, int]) -> None:
        """Forget the keys."""

    def add_keys(self, keys: Iterable[Hashable]) -> None:
        """Forget the keys."""


def timed(fn: Any) -> tuple[Any, float]:
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def measure(game: Game[Any, Any], state: Any) -> dict[str, Any]:
    # The naive searches first: they visit every child, so that the caches a
    # game keeps across searches (Black Hole's dead ends) are as warm for
    # the single solve as for the analyses timed after them.
    t0 = time.perf_counter()
    naive_states = 0
    for move in game.legal_moves(state):
        child = game.apply(state, move)
        if not game.is_won(child):
            naive_states += game.solve(child, SolveRequest.of(game)).stats.expanded
    t_children = time.perf_counter() - t0
    single, t_single = timed(lambda: game.solve(state, SolveRequest.of(game)))
    naive_states += single.stats.expanded
    t_naive = t_children + t_single
    a, t_analyse = timed(lambda: analyse_position(game, state))
    plain, t_plain = timed(lambda: analyse_position(game, state, memo=NoMemo()))
    # The memo never changes a verdict.
    other = {r.index: r.status for r in plain.rows}
    for r in a.rows:
        if "unknown" not in (r.status.value, other[r.index].value):
            assert r.status is other[r.index], (r.notation, r.status, other[r.index])
    return {
        "moves": len(a.rows),
        "status": a.status.value,
        "unknown_rows": sum(r.status.value == "unknown" for r in a.rows),
        "single_s": t_single,
        "single_states": single.stats.expanded,
        "analyse_s": t_analyse,
        "analyse_states": a.stats.expanded,
        "searches": a.searches,
        "no_memo_s": t_plain,
        "no_memo_states": plain.stats.expanded,
        "naive_s": t_naive,
        "naive_states": naive_states,
    }


def positions(game: Game[Any, Any], start: Any, moves: tuple[Any, ...], count: int) -> list[Any]:
    """``count`` positions evenly spaced along ``moves`` from ``start`` (the start first)."""
    wanted = {round(i * len(moves) / count) for i in range(count)}
    out, state = [], start
    for i, move in enumerate(moves):
        if i in wanted:
            out.append(state)
        state = game.apply(state, move)
    return out


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}" if b else "-"


def summary(preset: str, rows: list[dict[str, Any]], deals: int, won: int) -> str:
    if not rows:
        return f"{preset}: no won deal"
    tot = {k: sum(r[k] for r in rows) for k in rows[0] if k.endswith(("_s", "_states"))}
    per = [r["analyse_s"] / r["single_s"] for r in rows if r["single_s"] > 0]
    per_states = [r["analyse_states"] / r["single_states"] for r in rows if r["single_states"] > 0]
    q = statistics.quantiles(per, n=10) if len(per) > 1 else per * 9
    qs = statistics.quantiles(per_states, n=10) if len(per_states) > 1 else per_states * 9
    moves = statistics.mean(r["moves"] for r in rows)
    unknown = sum(r["unknown_rows"] for r in rows)
    return (
        f"{preset}: {deals} deals, {won} won, {len(rows)} positions, {moves:.1f} moves each; "
        f"time: single {tot['single_s']:.2f} s, hint {tot['analyse_s']:.2f} s "
        f"(x{ratio(tot['analyse_s'], tot['single_s'])}; per position median "
        f"x{statistics.median(per):.2f}, 90th pct x{q[8]:.2f}), "
        f"without memo {tot['no_memo_s']:.2f} s (x{ratio(tot['no_memo_s'], tot['single_s'])}), "
        f"naive {tot['naive_s']:.2f} s (x{ratio(tot['naive_s'], tot['single_s'])}); "
        f"states: single {tot['single_states']:,}, hint {tot['analyse_states']:,} "
        f"(x{ratio(tot['analyse_states'], tot['single_states'])}; per position median "
        f"x{statistics.median(per_states):.2f}, 90th pct x{qs[8]:.2f}), without memo "
        f"{tot['no_memo_states']:,} (x{ratio(tot['no_memo_states'], tot['single_states'])}), "
        f"naive {tot['naive_states']:,} (x{ratio(tot['naive_states'], tot['single_states'])}); "
        f"unknown rows {unknown}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", default=list(PRESETS))
    parser.add_argument("--deals", default="1-100")
    parser.add_argument("--per-deal", type=int, default=10, help="positions per won deal")
    parser.add_argument("--out", help="also write one JSON line per position to this file")
    args = parser.parse_args()
    out = open(args.out, "a") if args.out else None  # noqa: SIM115 - kept open for the run
    for preset in args.presets:
        game = make_game(preset)
        rows: list[dict[str, Any]] = []
        deals = list(parse_deals(args.deals))
        won = 0
        for number in deals:
            start = game.deal(number)
            result = game.solve(start, SolveRequest.of(game))
            if not result.won:
                continue
            won += 1
            for k, state in enumerate(positions(game, start, result.moves, args.per_deal)):
                row = measure(game, state)
                row.update(preset=preset, deal=str(number), position=k)
                rows.append(row)
                if out is not None:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
        print(summary(preset, rows, len(deals), won), flush=True)
    if out is not None:
        out.close()


if __name__ == "__main__":
    main()
