"""The fair player's cost, deal by deal: CPU seconds and a digest of its moves.

Plays each deal as a ``stats --player fair`` run does (refereed: the game
ends where the real position is proved lost), with the player of the
Windmill fair table by default (K = 16, seed 1, 1,000,000 states a solve,
samples left unknown as a whole unsearched). Prints one line a deal: the
deal, won, moves, where the referee stopped it, a digest of the moves and
the CPU seconds. Two versions of the code that keep every decision print
the same digests. Example (the figures in docs/results/measurements.md)::

    PYTHONPATH=. python benchmarks/fair/play_cost.py windmill 516 517 520 521
"""

from __future__ import annotations

import argparse
import hashlib
import time

from solitaire_solver import make_game
from solitaire_solver.advice.players import Player, play
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.search import Limits


def main() -> None:
    """Play the deals and print a line each, then the total."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("preset")
    ap.add_argument("deals", nargs="+", type=int)
    ap.add_argument("--samples", type=int, default=16)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sample-states", type=int, default=1_000_000)
    ap.add_argument("--search-unsettled", action="store_true")
    args = ap.parse_args()
    game = make_game(args.preset)
    player = Player(
        "fair",
        samples=args.samples,
        seed=args.seed,
        limits=Limits(max_states=args.sample_states),
        skip_unsettled=not args.search_unsettled,
    )
    total = 0.0
    for n in args.deals:
        t0 = time.process_time()
        r = play(game, game.deal(parse_deal_number(n)), player, deal=str(n), stop_when_lost=True)
        spent = time.process_time() - t0
        total += spent
        digest = hashlib.sha1(repr(r.moves).encode()).hexdigest()[:10]
        print(n, r.won, len(r.moves), r.lost_at, digest, f"{spent:.2f}", flush=True)
    print("total", f"{total:.2f}")


if __name__ == "__main__":
    main()
