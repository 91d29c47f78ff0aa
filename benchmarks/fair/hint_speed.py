"""How long a player waits for a fair hint, on positions along real games.

For each deal of a range, a real game: the solver's winning line when the
deal is won (under the preset's default limits), else the greedy player's
game (:mod:`solitaire_solver.advice.players`). Every ``--every``-th position of it
with cards still hidden gets the hint ``play --fair`` and ``hint --fair``
give (:func:`~solitaire_solver.advice.fair.fair_hint` with ``quick``: a forced move
at once, samples in batches until the best move is told apart, unsettled
samples not searched after a move), or with ``--all-samples`` the full hint
(every move, all K samples). Forced positions count: a player asks for a
hint there too. Prints, per preset, the positions, how many were forced,
the mean samples used, and the mean, median and largest seconds a hint
took (wall clock), over every position and over those with a choice, and
the CPU seconds of the process over all of them. Example (the figures in
docs/results/measurements.md)::

    python benchmarks/fair/hint_speed.py windmill decade eagle-wing --deals 1-5 --every 10
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from solitaire_solver import make_game
from solitaire_solver.advice.fair import SAMPLES, fair_hint
from solitaire_solver.advice.players import Player, play
from solitaire_solver.games import Game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.request import SolveRequest


def real_game(game: Game[Any, Any], start: Any) -> list[Any]:
    """The solver's winning line of ``start``, or the greedy player's game when it has none."""
    result = game.solve(start, SolveRequest.of(game))
    return list(result.moves) if result.won else list(play(game, start, Player("greedy")).moves)


def figures(seconds: list[float]) -> str:
    """``mean 0.123 s, median 0.045 s, max 1.234 s`` (or ``none`` for no positions)."""
    if not seconds:
        return "none"
    return (
        f"mean {statistics.mean(seconds):.3f} s, median {statistics.median(seconds):.3f} s, "
        f"max {max(seconds):.3f} s"
    )


def main() -> None:
    """Time the hints and print one block per preset."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("presets", nargs="+")
    ap.add_argument("--deals", default="1-5", help="a range A-B")
    ap.add_argument("--every", type=int, default=10, help="every k-th position of the game")
    ap.add_argument("--samples", type=int, default=SAMPLES, help=f"K (default {SAMPLES})")
    ap.add_argument("--all-samples", action="store_true", help="the full hint, not the quick one")
    args = ap.parse_args()
    low, high = (int(x) for x in args.deals.split("-"))
    for preset in args.presets:
        g = make_game(preset)
        every: list[float] = []
        choice: list[float] = []
        used: list[int] = []
        forced = 0
        cpu = 0.0
        for n in range(low, high + 1):
            s = g.deal(parse_deal_number(n))
            for j, m in enumerate(real_game(g, s)):
                seen = g.seen(s)
                if seen.hidden and j % args.every == 0:
                    t, c = time.perf_counter(), time.process_time()
                    hint = fair_hint(
                        g, seen, samples=args.samples, seed=n, quick=not args.all_samples
                    )
                    spent = time.perf_counter() - t
                    cpu += time.process_time() - c
                    every.append(spent)
                    forced += hint.forced
                    if len(hint.moves) > 1:
                        choice.append(spent)
                    if not hint.exact and not hint.forced:
                        used.append(hint.samples)
                s = g.apply(s, m)
        kind = "full" if args.all_samples else "quick"
        mean_used = f"{statistics.mean(used):.1f}" if used else "-"
        print(
            f"{preset}, {kind} hints, K={args.samples}: {len(every)} positions, {forced} forced, "
            f"{mean_used} samples used on average (sampled ones)",
            flush=True,
        )
        print(f"  every position:       {figures(every)}; CPU {cpu:.1f} s in all", flush=True)
        print(f"  positions with a choice ({len(choice)}): {figures(choice)}", flush=True)


if __name__ == "__main__":
    main()
