"""The fair player's choice: the move a fair hint would play, at a fraction of its searches.

:func:`fair_choice` ranks the legal moves of what a player sees as
:func:`~.fair.fair_hint` does (its value, then its tie-breaks), working out
only as much of each move as telling the best apart needs (the engine's
:func:`~solitaire_solver.search.sampled_choice`); the fair player of
``stats --player fair`` (:mod:`.players`) plays it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

from ..games import Game, Seen
from ..request import SolveRequest
from ..search import draw_samples, sampled_choice, settle_samples
from .fair import (
    Leaves,
    SampledSeen,
    Steps,
    exact_hint,
    fair_samples,
    legal_moves_seen,
    position_seed,
    sample_request,
    votes_of,
)


def fair_choice(
    game: Game[Any, Any],
    seen: Seen[Any],
    candidates: Sequence[Any],
    tiebreak: Callable[[Any], tuple[int, ...]] | None = None,
    *,
    samples: int | None = None,
    seed: int | str = 0,
    request: SolveRequest | None = None,
    exact_hidden: int | None = None,
    leaves: Leaves | None = None,
    skip_unsettled: bool = False,
    line: Iterable[Hashable] = (),
) -> tuple[Any, int]:
    """The move of ``candidates`` (legal moves of ``seen``) that ranks first by the fair
    hint's :meth:`~FairHint.standing` (its value, then its tie-breaks: returns to ``line``,
    votes, cards home, cards turned up), then ``tiebreak``, then the game's order (the first
    of equals), and the exact solves it took: the choice :func:`fair_hint` leads to, at a
    fraction of its searches.

    The hint solves every move in every sample; a choice needs only the best.
    The moves are worked out one at a time, the most voted first (most often
    the best). A move's wins can grow by at most the samples left that are
    not lost as a whole (a position after a move of a lost one is lost), so
    once a move's best possible rank falls below the best rank found so far
    it is solved no more: a move as voted as the best and no better in its
    tie-breaks is settled without a search when the best wins every sample.
    The samples and each one's memo are the hint's, so every search made is
    one the hint makes, on a memo of other entries (those of the searches
    made before it in this order): a search ends alike whatever the memo
    (won and lost are facts of the position) unless its limits stop it, so
    the choice is the hint's unless a limit is reached at another place (a
    test compares the two along real games). Exact hints (few cards hidden,
    or the game's own values) are worked out whole, as in :func:`fair_hint`;
    ``leaves`` carries what their leaves taught from one choice to the next
    (:func:`exact_values`). ``skip_unsettled`` is the hint's: the samples
    left unknown as a whole are not searched after any move (they win none).
    The numbers not given, and the sample request, are as in :func:`fair_hint`.
    """
    fair = game.plan.fair
    samples = fair_samples(game, samples)
    request = sample_request(game, request)
    exact_hidden = fair.exact_hidden if exact_hidden is None else exact_hidden
    moves = legal_moves_seen(game, seen)
    place = {m: i for i, m in enumerate(moves)}
    stray = [m for m in candidates if m not in place]
    if stray or not candidates:
        raise ValueError(f"{stray[0]!r} is not a legal move" if stray else "no move to choose")
    steps = Steps.of(game, seen, moves, line)
    more = tiebreak if tiebreak is not None else lambda m: ()
    t0 = time.perf_counter()
    hint = exact_hint(game, seen, moves, steps, request, exact_hidden, seed, t0, leaves)
    if hint is not None:
        rank = {m.move: hint.standing(m) for m in hint.moves}
        top = max(candidates, key=lambda m: (*rank[m], *more(m), -place[m]))
        return top, hint.solves
    problem = SampledSeen(game, seen, tuple(moves), request)
    drawn = draw_samples(problem, position_seed(game, seed, seen), samples)
    wholes = settle_samples(problem, drawn)
    votes = votes_of(moves, drawn)
    # The standing less the value (the wins, which sampled_choice counts), the most
    # voted first among the moves that do not return: its wins, once known, rule out
    # the moves that could not reach its rank even winning every sample left.
    order = {
        i: (-steps.returns[i], votes[i], steps.home[i], steps.revealed[i], *more(m), -i)
        for m in candidates
        for i in (place[m],)
    }
    chosen, solves = sampled_choice(problem, drawn, wholes, order, skip_unsettled=skip_unsettled)
    return moves[chosen], len(drawn) + solves
