"""Does the difficulty figure mean something? Greedy wins by difficulty class.

For a preset with a published table (``solitaire_solver/data``), draws won
deals at random from the whole table, plays each with the greedy player of
``tests/helpers/greedy.py`` (the first legal move in a fixed order
of preference, never back into a position already seen) and prints, for the easy, medium
and hard classes of the table's header, how many of the drawn deals the
greedy player wins, with the 95% Wilson interval. A figure that measures
how hard a deal is gives falling rates from easy to hard.

Run from the project folder:
``PYTHONPATH=. python benchmarks/tables/difficulty_vs_greedy.py decade --sample 3000``
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from solitaire_solver import make_game
from solitaire_solver.records.verdicts import WON, shipped_verdicts
from solitaire_solver.stats import wilson_interval
from tests.helpers.greedy import greedy_wins


def main(argv: list[str] | None = None) -> int:
    """Print the greedy player's win rate in each difficulty class of a published table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("preset", help="a preset with a published table, such as decade")
    parser.add_argument("--sample", type=int, default=2000, help="won deals drawn (default 2000)")
    parser.add_argument("--seed", default="greedy", help="seed of the draw (default 'greedy')")
    args = parser.parse_args(argv)
    table = shipped_verdicts(args.preset)
    if table is None:
        print(f"no published table for {args.preset}", file=sys.stderr)
        return 2
    won = [table.first + i for i, code in enumerate(table.codes) if code == WON]
    rng = random.Random(args.seed)
    drawn = sorted(rng.sample(won, min(args.sample, len(won))))
    game = make_game(args.preset)
    tally = {name: [0, 0] for name in ("easy", "medium", "hard")}
    started = time.perf_counter()
    # The won deals are listed in deal order, so the figure of the k-th one
    # is the k-th figure of the file: one pass over both lists.
    index = {n: k for k, n in enumerate(won)}
    for number in drawn:
        figure = table.difficulty[index[number]]
        entry = tally[table.classes.name_of(figure)]
        entry[0] += greedy_wins(game, number)
        entry[1] += 1
    seconds = time.perf_counter() - started
    print(
        f"{args.preset}: {len(drawn)} won deals drawn from {table.first}-{table.last} "
        f"(seed {args.seed!r}), classes {table.classes.text()}; {seconds:.1f} s"
    )
    for name, (wins, deals) in tally.items():
        if deals == 0:
            print(f"  {name:<6}  no deal drawn")
            continue
        low, high = wilson_interval(wins, deals)
        print(
            f"  {name:<6}  greedy wins {wins:>5} of {deals:>5}  {wins / deals:7.2%}"
            f"  (95% {low:.2%} to {high:.2%})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
