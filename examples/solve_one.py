"""Solve one deal and print the winning moves.

    PYTHONPATH=. python examples/solve_one.py                     # decade, deal 3
    PYTHONPATH=. python examples/solve_one.py decade-optional 123456

Any preset works in place of ``decade`` (``solitaire-solver games`` lists them).
"""

from __future__ import annotations

import sys

import solitaire_solver as ss


def main(game_name: str = "decade", number: str = "3") -> None:
    game = ss.make_game(game_name)
    start = ss.start_position(game, number)
    print(f"{game_name} {number}")
    print(game.show(start))
    result = ss.solve(game, number)
    print(f"verdict: {result.status.value}")
    # replay() plays each move with full legality checks and describes it.
    for i, (move, description) in enumerate(ss.replay(game, start, result.moves), 1):
        print(f"{i:3}. {move!s:8} {description}")
    stats = result.stats
    print(f"positions: {stats.expanded}, stored: {stats.unique}, {stats.elapsed * 1000:.1f} ms")


if __name__ == "__main__":
    main(*sys.argv[1:3])
