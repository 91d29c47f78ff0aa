"""Write ``review_games.json``: for each preset, a game that loses a won deal at a known move.

Each game is built as a player might have played it: from a won deal, at
each move a move that keeps the game won, drawn at random among those that
do (so that it strays from the solver's own line, and a review must bisect);
then, at a chosen move, a move that loses; then a few more legal moves.
Every verdict it relies on comes from a complete search. Run it from the
project folder: ``python tests/data/make_review_games.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from solitaire_solver import make_game
from solitaire_solver.advice.analysis import analyse_position
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Limits, Status

# Deals whose winning lines have a losing move part way along (found by search).
DEALS = {
    "decade": 7,
    "decade-optional": 2,
    "black-hole": 2,
    "eagle-wing": 12,
    "eagle-wing-coops": 3,
    "windmill": 5,
    "windmill-reversed": 1,
}
LIMITS = Limits(max_states=200_000)
"""Each search's limit: a move whose verdict it leaves unknown is not chosen."""
AFTER = 10
"""Legal moves played after the losing one."""


def build(preset: str, deal: int, rng: random.Random) -> dict[str, Any]:
    """A game of ``deal`` with its losing move (the first chance 15 moves in), by trials."""
    for _ in range(20):
        try:
            return attempt(preset, deal, rng)
        except LookupError:
            continue
    raise LookupError(f"{preset} {deal}: no game with a losing move found")


def attempt(preset: str, deal: int, rng: random.Random) -> dict[str, Any]:
    game = make_game(preset)
    state = game.deal(deal)
    moves: list[Any] = []
    losing = None
    while not game.is_won(state):
        a = analyse_position(game, state, request=SolveRequest.of(game, LIMITS))
        assert a.status is Status.WON
        won = [r for r in a.rows if r.status is Status.WON]
        lost = [r for r in a.rows if r.status is Status.LOST]
        if lost and len(moves) >= 15:
            move = rng.choice(lost).move
            losing = len(moves) + 1
            moves.append(move)
            state = game.apply(state, move)
            break
        move = rng.choice(won).move
        moves.append(move)
        state = game.apply(state, move)
    if losing is None:
        raise LookupError("no losing move on the way")
    for _ in range(AFTER):
        legal = game.legal_moves(state)
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(move)
        state = game.apply(state, move)
    return {"deal": deal, "losing": losing, "moves": " ".join(str(m) for m in moves)}


def main() -> None:
    rng = random.Random(17)
    out = {}
    for preset, deal in DEALS.items():
        out[preset] = build(preset, deal, rng)
        print(preset, out[preset]["losing"], flush=True)
    path = Path(__file__).with_name("review_games.json")
    path.write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
