"""Fit Decade's potential for the upper bound on the fair odds, level by level, and write it.

The model of :mod:`solitaire_solver.games.decade.bounds` (``fitted``): with u cards
to come, W of a run-free line is a linear function of its features, one set of
weights per u. It is fitted backwards. Level ``exact_hidden + 1`` first: its
targets are the exact mean, over the values the next card may have (each weighed
by how many unseen cards have it), of the exact fair value after the deal (the
best of the discards when the card makes runs); then each level above, its
targets the same mean of the model of the level below. The positions are the
run-free lines met before a deal in random play (every choice at random) of deals
100,001 on: none of them is a deal the bound is published for (1..10,000), so W is
a function fixed before any of those deals is looked at, as the bound's
argument needs.

    python benchmarks/fair/fit_decade_potential.py --games 3000 --exact-hidden 10 \\
        --out solitaire_solver/data/decade-fitted.json

prints each level's fit (the root mean square of the residuals, against the
targets' spread) and writes the weights as JSON. Needs numpy (it comes with
matplotlib, the ``plot`` extra). The shipped file took about 50 minutes of one
core at ``--exact-hidden 10``, almost all of it the exact values of the first
level.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

from solitaire_solver import make_game
from solitaire_solver.games.decade.bounds import FEATURES, Model, features
from solitaire_solver.games.decade.exact import FairSolver
from solitaire_solver.games.decade.rules import _all_runs, _RunShape, card_value
from solitaire_solver.numbering import parse_deal_number

FIRST_DEAL = 100_001
"""The first deal whose random play gives positions: far from the published ranges."""

Position = tuple[tuple[int, ...], tuple[int, ...]]


def positions(games: int, exact_hidden: int, seed: int) -> dict[int, list[Position]]:
    """The run-free lines met before a deal, with more than ``exact_hidden`` cards to come,
    in random play of ``games`` deals from :data:`FIRST_DEAL`, by cards to come (each
    position once per level)."""
    game = make_game("decade")
    rng = random.Random(seed)
    levels: dict[int, dict[Position, None]] = {}
    for number in range(FIRST_DEAL, FIRST_DEAL + games):
        state = game.deal(parse_deal_number(number))
        while True:
            moves = game.moves(state)
            if not moves:
                break
            if len(moves) == 1 and moves[0].is_deal:
                u = len(state.stock) - state.dealt
                if u > exact_hidden:
                    counts = [0] * 11
                    for c in state.remaining:
                        counts[card_value(c)] += 1
                    line = tuple(card_value(c) for c in state.line)
                    levels.setdefault(u, {})[(line, tuple(counts))] = None
            state = game.apply(state, rng.choice(moves))
    return {u: list(found) for u, found in sorted(levels.items())}


class Targets:
    """The exact one-step means that each level is fitted to."""

    def __init__(self, exact_hidden: int) -> None:
        self.exact_hidden = exact_hidden
        self.solver = FairSolver(make_game("decade").rules)
        self.shape = _RunShape.of(self.solver.rules)
        self.levels: dict[int, tuple[float, ...]] = {}

    def value(self, line: list[int], counts: list[int]) -> float:
        """W of ``line`` (runs in it or not) with ``counts`` to come: the best of its
        discards with runs; the fair value at the exact levels; else the model so far."""
        runs = _all_runs(line, self.shape)
        if runs:
            return max(self.value(line[:i] + line[i + n :], counts) for i, n in runs)
        u = sum(counts)
        if u <= self.exact_hidden:
            unseen = [v for v in range(1, 11) for _ in range(counts[v])]
            if self.solver.memo_size > 2_000_000:
                self.solver.clear()
            got = self.solver.value(line, unseen, with_moves=False).value
            assert got is not None
            return float(got)
        return Model(self.exact_hidden, self.levels)(line, counts)

    def target(self, line: tuple[int, ...], counts: tuple[int, ...]) -> float:
        """The mean of W after the deal from ``line``, over the next card's values."""
        u = sum(counts)
        total = 0.0
        rest = list(counts)
        for v in range(1, 11):
            if counts[v]:
                rest[v] -= 1
                total += counts[v] * self.value([*line, v], rest)
                rest[v] += 1
        return total / u


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--exact-hidden", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    found = positions(args.games, args.exact_hidden, args.seed)
    sizes = {u: len(p) for u, p in found.items()}
    print(f"positions by cards to come: {sizes}", flush=True)
    targets = Targets(args.exact_hidden)
    fits = {}
    for u, where in found.items():
        x = np.array([features(line, counts) for line, counts in where])
        y = np.array([targets.target(line, counts) for line, counts in where])
        w, *_ = np.linalg.lstsq(x, y, rcond=None)
        targets.levels[u] = tuple(float(a) for a in w)
        rms = float(np.sqrt(np.mean((x @ w - y) ** 2)))
        fits[u] = {"positions": len(where), "rms": rms, "spread": float(y.std())}
        print(
            f"level {u}: {len(where)} positions, residuals {rms:.4f} against a spread of "
            f"{y.std():.4f}, mean target {y.mean():.4f}  ({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
    doc = {
        "about": "Decade's fitted potential for the upper bound on the fair odds "
        "(solitaire_solver/games/decade/bounds.py); made by "
        "benchmarks/fair/fit_decade_potential.py",
        "games": args.games,
        "first_deal": FIRST_DEAL,
        "seed": args.seed,
        "exact_hidden": args.exact_hidden,
        "features": list(FEATURES),
        "levels": {str(u): list(w) for u, w in targets.levels.items()},
        "fits": {str(u): f for u, f in fits.items()},
    }
    args.out.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {args.out} ({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
