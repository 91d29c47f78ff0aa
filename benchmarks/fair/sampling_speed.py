"""The sampled fair hint and choice against an earlier ``fair.py``, in one run.

Loads a copy of ``solitaire_solver/advice/fair.py`` from before a change (``--before``,
say ``git show REV:solitaire_solver/advice/fair.py > /tmp/fair_before.py``) beside the
package's own, and on the same positions (along a line of random moves from
each deal, those with a card hidden and a choice of moves) times each one's
sampled hint (the exact values kept out: ``exact_hidden=0``), full and quick,
and its choice (:func:`~solitaire_solver.advice.fair.fair_choice`), the two in turn,
``--rounds`` times after one untimed round. Prints, per preset and kind, the positions, the median
seconds of each, the median of the per-position ratios new / old, and
whether every hint's figures (its JSON less the seconds) and every choice
were the same. Example::

    python benchmarks/fair/sampling_speed.py decade eagle-wing windmill \\
        --before /tmp/fair_before.py --deals 1-6 --samples 16
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import random
import statistics
import time
from collections.abc import Callable
from types import ModuleType, SimpleNamespace
from typing import Any

from solitaire_solver import make_game
from solitaire_solver.advice import choice, fair
from solitaire_solver.games import Game, Seen
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.pages import words

NEW = SimpleNamespace(
    fair_hint=fair.fair_hint,
    fair_choice=choice.fair_choice,
    hint_document=words.hint_document,
    legal_moves_seen=fair.legal_moves_seen,
)
"""Today's hint, choice and hint's JSON (in modules of their own since the earlier copies)."""

WALK = 200
"""The longest line of random moves the positions are taken along."""


def load_before(path: str) -> ModuleType:
    """The module in ``path``, as a sibling of :mod:`solitaire_solver.advice.fair` (its relative
    imports reach the package)."""
    spec = importlib.util.spec_from_file_location("solitaire_solver.advice._fair_before", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def positions(game: Game[Any, Any], deal: int, per_deal: int) -> list[Seen[Any]]:
    """Up to ``per_deal`` positions with a card hidden and two moves or more, along a line
    of random moves from ``deal`` (drawn from the deal number)."""
    rng = random.Random(deal)
    state = game.deal(parse_deal_number(deal))
    out: list[Seen[Any]] = []
    for _ in range(WALK):
        seen = game.seen(state)
        moves = fair.legal_moves_seen(game, seen)
        if not moves or len(out) == per_deal:
            break
        if seen.hidden and len(moves) >= 2:
            out.append(seen)
        state = game.apply(state, rng.choice(moves))
    return out


def timed(work: Callable[[], Any]) -> tuple[float, Any]:
    """The seconds ``work`` took, and what it returned."""
    t0 = time.perf_counter()
    got = work()
    return time.perf_counter() - t0, got


def main() -> None:
    """Time old and new in turn on every position and print one block per preset."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("presets", nargs="+")
    ap.add_argument("--before", required=True, help="a copy of fair.py from before")
    ap.add_argument("--deals", default="1-6", help="a range A-B")
    ap.add_argument("--per-deal", type=int, default=2, help="positions of each deal")
    ap.add_argument("--samples", type=int, default=16, help="K")
    ap.add_argument("--rounds", type=int, default=3, help="times each is run")
    args = ap.parse_args()
    before = load_before(args.before)
    low, high = (int(x) for x in args.deals.split("-"))
    for preset in args.presets:
        game = make_game(preset)
        seens = [s for d in range(low, high + 1) for s in positions(game, d, args.per_deal)]
        for kind in ("full", "quick", "choice"):
            ratios: list[float] = []
            olds: list[float] = []
            news: list[float] = []
            same = True
            for j, seen in enumerate(seens):
                runs: dict[str, list[float]] = {"old": [], "new": []}
                got: dict[str, Any] = {}
                pair = [("old", before), ("new", NEW)]
                # A first round untimed (the game's caches fill), then the two
                # in turn, each going first every other round.
                for r in range(args.rounds + 1):
                    for name, module in pair if r % 2 else pair[::-1]:
                        work = functools.partial(run, module, kind, game, seen, j, args)
                        seconds, got[name] = timed(work)
                        if r:
                            runs[name].append(seconds)
                same = same and got["old"] == got["new"]
                old, new = statistics.median(runs["old"]), statistics.median(runs["new"])
                olds.append(old)
                news.append(new)
                ratios.append(new / old)
            print(
                f"{preset:12} {kind:6} {len(seens)} positions: old median "
                f"{statistics.median(olds):.4f} s, new median {statistics.median(news):.4f} s, "
                "ratio median "
                f"{statistics.median(ratios):.3f} (min {min(ratios):.3f}, max {max(ratios):.3f}), "
                f"{'same figures' if same else 'FIGURES DIFFER'}",
                flush=True,
            )


def run(
    module: ModuleType, kind: str, game: Game[Any, Any], seen: Seen[Any], j: int, args: Any
) -> Any:
    """One hint or choice of ``module``'s, as JSON-like figures to compare."""
    if kind == "choice":
        moves = module.legal_moves_seen(game, seen)
        move, solves = module.fair_choice(
            game, seen, moves, lambda m: (), samples=args.samples, seed=j, exact_hidden=0
        )
        return str(move), solves
    hint = module.fair_hint(
        game, seen, samples=args.samples, seed=j, exact_hidden=0, quick=kind == "quick"
    )
    document = module.hint_document(game, seen, hint)
    del document["seconds"]
    return document


if __name__ == "__main__":
    main()
