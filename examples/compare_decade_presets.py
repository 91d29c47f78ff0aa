"""Compare the two Decade presets on a range of deals.

    PYTHONPATH=. python examples/compare_decade_presets.py            # deals 1..200
    PYTHONPATH=. python examples/compare_decade_presets.py 1 2000

``decade`` makes the player discard a run as soon as one exists;
``decade-optional`` (PySolFC's rules) lets the player deal instead. Every
line of play of the first is a line of play of the second, so a deal won
under ``decade`` is won under ``decade-optional`` too.
"""

from __future__ import annotations

import sys

import solitaire_solver as ss

PRESETS = ("decade", "decade-optional")


def main(first: int = 1, last: int = 200) -> None:
    games = {name: ss.make_game(name) for name in PRESETS}
    won: dict[str, set[int]] = {name: set() for name in PRESETS}
    for number in range(first, last + 1):
        for name, game in games.items():
            if ss.solve(game, number).won:
                won[name].add(number)
    total = last - first + 1
    print(f"deals {first}..{last} ({total} deals)")
    for name in PRESETS:
        print(f"{name:16} won {len(won[name]):5} ({len(won[name]) / total:.1%})")
    only_optional = sorted(won["decade-optional"] - won["decade"])
    only_compulsory = sorted(won["decade"] - won["decade-optional"])
    print(f"won only with optional discards: {len(only_optional)}, first few: {only_optional[:5]}")
    print(f"won only with compulsory discards: {len(only_compulsory)}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
