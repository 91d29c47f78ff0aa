"""The exact search's states with the canonical waste key and with the real waste mask.

Run from the project root::

    PYTHONPATH=. nice python benchmarks/windmill/windmill_keys.py --deals 100-139 --left 14,18,22

For positions of real deals with at most ``left`` cards in the stock (made
as in ``tests/helpers/windmill.py``), in every variant, runs the solver's
depth-first member (the engine's ``dfs`` with the sound prunes) twice: with
the game's key, whose waste part is the canonical mask of the waste's ranks
(``rules.ranked_waste``), and with the key the game had before, the waste's
real mask over the dealing order (which tells apart wastes of the same ranks
that left different cards behind). Prints each position both settled, and
the totals of states expanded over the positions both settled, won and
lost apart; any verdict that differs is an error.
"""

from __future__ import annotations

import argparse
from collections.abc import Hashable

from solitaire_solver.games.windmill import Pruned
from solitaire_solver.games.windmill.rules import WindmillState
from solitaire_solver.search import Limits, depth_first
from tests.helpers.windmill import game, late_positions

VARIANTS = {
    "windmill": {},
    "windmill-reversed": {"direction": "down"},
    "free": {"foundation_moves": "free"},
}


class MaskKey(Pruned):
    """The pruned search with the waste keyed by its real mask (the key before)."""

    def key(self, state: WindmillState) -> Hashable:
        """The game's key with the real waste mask in place of the canonical one."""
        k = super().key(state)
        if isinstance(k, tuple):
            return (k[0] ^ state.ranked_waste ^ state.waste, k[1])
        assert isinstance(k, int)
        return k ^ state.ranked_waste ^ state.waste


def main() -> None:
    """Print one line per position and the totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="100-139", help="FIRST-LAST")
    parser.add_argument("--left", default="14,18,22")
    parser.add_argument("--limit", type=int, default=2_000_000)
    args = parser.parse_args()
    first, last = (int(x) for x in args.deals.split("-"))
    limits = Limits(max_states=args.limit)
    totals: dict[str, list[int]] = {"won": [0, 0, 0], "lost": [0, 0, 0]}
    open_either = 0
    for name, rules in VARIANTS.items():
        g = game(**rules)
        for left in (int(x) for x in args.left.split(",")):
            for s in late_positions(g, range(first, last + 1), left=left, per_deal=1):
                new = depth_first(Pruned(g.rules), s, limits)
                old = depth_first(MaskKey(g.rules), s, limits)
                if "unknown" in (new.status.value, old.status.value):
                    open_either += 1
                    continue
                if new.status != old.status:
                    raise SystemExit(f"verdicts differ: {name} {left} {new.status} {old.status}")
                row = totals[new.status.value]
                row[0] += 1
                row[1] += new.stats.expanded
                row[2] += old.stats.expanded
                print(
                    f"{name} left={left} {new.status.value} canonical={new.stats.expanded} "
                    f"mask={old.stats.expanded}",
                    flush=True,
                )
    for verdict, (n, canonical, mask) in totals.items():
        ratio = mask / canonical if canonical else float("nan")
        print(
            f"{verdict}: {n} positions, {canonical} states with the canonical key, "
            f"{mask} with the mask ({ratio:.2f} times as many)"
        )
    print(f"{open_either} positions left open by either search within {args.limit} states")


if __name__ == "__main__":
    main()
