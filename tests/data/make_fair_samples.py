"""Write ``fair_samples.json``: sampled fair hints and fair players' games, to compare against.

For Decade, Eagle Wing and Windmill, a few positions (a deal and the moves
played from it along the solver's winning line), each with the JSON of
:func:`~solitaire_solver.advice.fair.fair_hint` (as ``hint --fair --json`` writes
it, less its seconds) for fixed seeds and a small K: a full hint, a quick
one, and one that skips the unsettled samples under a small state limit;
with each, the choice :func:`~solitaire_solver.advice.fair.fair_choice` makes
among every legal move and the solves it took. Then a few deals played by
the fair player (:func:`~solitaire_solver.advice.players.play`) with a small K:
its moves, whether it won, its choices and solves. The exact values are
kept out (``exact_hidden=0``): this file pins the sampling alone, its
draws, tallies and stopping rule. Run it from the project folder:
``python tests/data/make_fair_samples.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from solitaire_solver import make_game
from solitaire_solver.advice.choice import fair_choice
from solitaire_solver.advice.fair import fair_hint, legal_moves_seen
from solitaire_solver.advice.players import Player, play
from solitaire_solver.games import Game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.pages.words import hint_document
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Limits

WALK = 300
"""The longest line of random moves the positions are taken along."""

HINTS: dict[str, tuple[tuple[int, int], ...]] = {
    # preset: (deal, which position with a choice along a line of random moves) of each
    "decade": ((3, 0), (7, 0), (53, 2)),
    "eagle-wing": ((1, 2), (2, 0), (5, 2)),
    "windmill": ((1, 1), (4, 3)),
}
CHOICE = 2
"""A position with a choice has at least this many legal moves."""
SETTINGS: dict[str, dict[str, Any]] = {
    "full": {"samples": 12, "seed": 7},
    "quick": {"samples": 40, "seed": 3, "quick": True},
    "skip": {"samples": 10, "seed": "x", "skip_unsettled": True, "limits": Limits(max_states=300)},
}
"""The keyword arguments of each hint recorded (``limits`` becomes a sample request)."""

PLAYERS: dict[str, tuple[tuple[int, ...], Player]] = {
    "decade": ((3, 11), Player("fair", samples=4, seed=1)),
    "eagle-wing": ((1, 2), Player("fair", samples=3, seed=2, limits=Limits(max_states=5_000))),
    "windmill": (
        (1,),
        Player("fair", samples=2, seed=5, limits=Limits(max_states=2_000), skip_unsettled=True),
    ),
}


def position(game: Game[Any, Any], deal: int, nth: int) -> tuple[Any, int]:
    """The ``nth`` position (from 0) with at least :data:`CHOICE` legal moves and a card
    hidden along a line of random moves from ``deal`` (drawn from the deal number), and
    the moves played to reach it."""
    rng = random.Random(deal)
    state = game.deal(parse_deal_number(deal))
    for plies in range(WALK):
        seen = game.seen(state)
        moves = legal_moves_seen(game, seen)
        if not moves:
            break
        if seen.hidden and len(moves) >= CHOICE:
            if nth == 0:
                return state, plies
            nth -= 1
        state = game.apply(state, rng.choice(moves))
    raise ValueError(f"deal {deal} has too few positions with a choice")


def hints(preset: str) -> list[dict[str, Any]]:
    """The pinned hints of ``preset``'s positions."""
    game = make_game(preset)
    out: list[dict[str, Any]] = []
    for deal, nth in HINTS[preset]:
        state, plies = position(game, deal, nth)
        seen = game.seen(state)
        row: dict[str, Any] = {"deal": deal, "plies": plies, "hidden": seen.hidden}
        for name, kwargs in SETTINGS.items():
            kwargs = dict(kwargs)
            limits = kwargs.pop("limits", None)
            request = None if limits is None else SolveRequest.samples(game, limits)
            hint = fair_hint(game, seen, exact_hidden=0, request=request, **kwargs)
            document = hint_document(game, seen, hint)
            del document["seconds"]
            moves = legal_moves_seen(game, seen)
            choice, solves = fair_choice(
                game,
                seen,
                moves,
                lambda m: (),
                samples=kwargs["samples"],
                seed=kwargs["seed"],
                request=request,
                exact_hidden=0,
                skip_unsettled=kwargs.get("skip_unsettled", False),
            )
            row[name] = {"hint": document, "choice": str(choice), "choice_solves": solves}
        out.append(row)
        print(preset, deal, plies, flush=True)
    return out


def played_row(game: Game[Any, Any], deal: int, player: Player) -> dict[str, Any]:
    """The pinned game of ``deal`` played by ``player``."""
    played = play(game, game.deal(parse_deal_number(deal)), player, deal=str(deal))
    print(game.preset, deal, player, played.won, f"{played.seconds:.1f}s", flush=True)
    return {
        "deal": deal,
        "player": str(player.for_game(game)),
        "moves": " ".join(str(m) for m in played.moves),
        "won": played.won,
        "choices": played.choices,
        "solves": played.solves,
        "unsettled": None if played.unsettled is None else played.unsettled.value,
    }


def games(preset: str) -> list[dict[str, Any]]:
    """The pinned games of ``preset``'s fair player."""
    game = make_game(preset)
    deals, player = PLAYERS[preset]
    return [played_row(game, deal, player) for deal in deals]


def main() -> None:
    out = {preset: {"hints": hints(preset), "games": games(preset)} for preset in HINTS}
    path = Path(__file__).with_name("fair_samples.json")
    path.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
