"""Checks and positions shared by the test suite, the benchmarks and the docs' scripts.

Kept with the tests, out of the package users install. Everything here
depends on the package and the standard library alone, so that a benchmark
script run from the project folder (``PYTHONPATH=.``) imports it where
pytest is missing, and a test file never has to import another test file.
What needs pytest or a browser is in :mod:`tests.support` and
:mod:`tests.chromium`.

- :func:`assert_replays_to_win` and :func:`assert_result_sound`: a solver's
  answer checked move by move against the rules.
- :func:`in_turns`: a search driven a few positions at a time, as the
  command line's progress and the web page drive it.
- :func:`few_hidden`: what a player sees late in a won game.
- :mod:`.windmill` and :mod:`.eagle_wing`: hand-made and random positions.
- :mod:`.toy`: search problems with no cards, for the engine alone.
- :mod:`.greedy`: a one-move-ahead player, the yardstick for difficulty.
- :mod:`.chromium`: how Debian's headless Chromium is started.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solitaire_solver.games import Game, Seen, make_game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Budget, Limits, SolveResult, Status, Verdict


def assert_replays_to_win(game: Game[Any, Any], start: Any, moves: Sequence[Any]) -> Any:
    """Play ``moves`` from ``start`` with full legality checks; the end must be won.

    Every move also goes through its notation and back, so a winning line
    that a person copies from the output replays too.
    """
    state = start
    for i, move in enumerate(moves):
        assert game.parse_move(str(move)) == move, f"move {i + 1} {move} does not parse back"
        assert move in game.legal_moves(state), f"move {i + 1} {move} is not legal"
        game.describe(state, move)
        state = game.apply(state, move)
    assert game.is_won(state), "the line does not end in a won position"
    return state


def assert_result_sound(game: Game[Any, Any], start: Any, result: SolveResult[Any]) -> None:
    """A won result must replay to a win; any other result carries no moves."""
    if result.status is Status.WON:
        assert_replays_to_win(game, start, result.moves)
    else:
        assert result.moves == ()


def in_turns(run: Any, b: Budget, turn: int) -> tuple[Verdict[Any] | None, list[tuple[int, int]]]:
    """Drive ``run`` in turns of ``turn`` positions until it ends or a limit stops it: its
    verdict (``None`` when stopped), and the counts at each pause."""
    pauses: list[tuple[int, int]] = []
    while b.limit is None:
        b.begin_turn(turn)
        try:
            next(run)
        except StopIteration as stop:
            b.end_turn()
            return stop.value, pauses
        b.end_turn()
        pauses.append((b.expanded, b.stored))
    return None, pauses


def few_hidden(name: str, number: int, most: int) -> Seen[Any] | None:
    """What a player sees late on a winning line of deal ``number`` of preset ``name``,
    once at most ``most`` cards (and at least two) are hidden; None if no such moment."""
    g = make_game(name)
    s = g.deal(parse_deal_number(number))
    r = g.solve(s, SolveRequest.of(g, Limits(max_states=200_000)))
    if not r.won:
        return None
    for m in r.moves:
        seen = g.seen(s)
        if 2 <= seen.hidden <= most and not g.is_won(s):
            return seen
        s = g.apply(s, m)
    return None
