"""The fair player's choice against the full fair hint, on positions along real games.

For each deal of a range the greedy player plays the deal; at every third
position of its line with a choice and hidden cards, the full hint
(:func:`~solitaire_solver.advice.fair.fair_hint`) and the choice
(:func:`~solitaire_solver.advice.fair.fair_choice`, the fair player's) are worked
out with the same samples. Prints the positions, the seconds and searches of
each, and how many positions they chose differently (the hint's choice: the
highest value, then votes, then the player's tie-break). Example (the
figures in docs/results/measurements.md)::

    python benchmarks/fair/choice_cost.py eagle-wing-coops --deals 1-6 --samples 16
"""

from __future__ import annotations

import argparse
import functools
import time

from solitaire_solver import make_game
from solitaire_solver.advice.choice import fair_choice
from solitaire_solver.advice.fair import fair_hint, legal_moves_seen
from solitaire_solver.advice.players import Player, _progress, play
from solitaire_solver.numbering import parse_deal_number


def main() -> None:
    """Measure and print one line."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("preset")
    ap.add_argument("--deals", default="1-6", help="a range A-B")
    ap.add_argument("--samples", type=int, default=16)
    args = ap.parse_args()
    low, high = (int(x) for x in args.deals.split("-"))
    g = make_game(args.preset)
    positions = []
    for n in range(low, high + 1):
        s = g.deal(parse_deal_number(n))
        for j, m in enumerate(play(g, s, Player("greedy")).moves):
            seen = g.seen(s)
            if seen.hidden and len(g.legal_moves(s)) > 1 and j % 3 == 0:
                positions.append((n, seen))
            s = g.apply(s, m)
    hint_s = choice_s = 0.0
    hint_n = choice_n = differ = 0
    for n, seen in positions:
        legal = legal_moves_seen(g, seen)
        tiebreak = functools.partial(_progress, g, seen)
        t = time.perf_counter()
        hint = fair_hint(g, seen, samples=args.samples, seed=n)
        rank = {x.move: (x.value, x.votes) for x in hint.moves}
        want = max(legal, key=lambda m: (*rank[m], *tiebreak(m)))
        hint_s += time.perf_counter() - t
        hint_n += hint.solves
        t = time.perf_counter()
        got, solves = fair_choice(g, seen, legal, tiebreak, samples=args.samples, seed=n)
        choice_s += time.perf_counter() - t
        choice_n += solves
        differ += got != want
    print(
        f"{args.preset} deals {args.deals}, K={args.samples}: {len(positions)} positions; "
        f"hint {hint_s:.2f} s, {hint_n} searches; choice {choice_s:.2f} s, {choice_n} "
        f"searches; chose differently at {differ}"
    )


if __name__ == "__main__":
    main()
