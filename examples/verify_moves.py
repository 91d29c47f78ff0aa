"""Replay a list of moves from a deal and report the first illegal one.

    PYTHONPATH=. python examples/verify_moves.py decade 3 x1-2 d d x2-3 ...
    PYTHONPATH=. python examples/verify_moves.py            # a demonstration

Moves are written in the game's notation (Decade: ``d`` deals, ``xA-B``
discards positions A to B). Without moves, the demonstration solves deal 3
of ``decade``, checks the winning line, then checks it again with one move
left out.
"""

from __future__ import annotations

import sys

import solitaire_solver as ss


def report(game_name: str, number: str, moves: list[str]) -> None:
    check = ss.verify(game_name, number, moves)
    if check.legal:
        print(f"all {check.played} moves legal; won: {check.won}")
    else:
        print(f"illegal: {check.reason}")
        print(f"{check.played} moves played before it; won: {check.won}")


def main(argv: list[str]) -> None:
    if len(argv) >= 2:
        report(argv[0], argv[1], argv[2:])
        return
    moves = [str(m) for m in ss.solve("decade", 3).moves]
    print("decade 3, the solver's line:", " ".join(moves))
    report("decade", "3", moves)
    print("the same line without its first move:")
    report("decade", "3", moves[1:])


if __name__ == "__main__":
    main(sys.argv[1:])
