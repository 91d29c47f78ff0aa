"""The library's front door: solve a deal, replay and verify a line of moves.

>>> from solitaire_solver import solve, verify
>>> result = solve("decade", 3)
>>> result.status.value
'won'
>>> verify("decade", 3, result.moves).won
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from .cards import count_text
from .errors import (
    BadDealNumberError,
    BadMoveError,
    BadOptionError,
    IllegalMoveError,
)
from .games import Game
from .numbering import DealNumber, parse_deal_number
from .records.deal_files import load_deal
from .request import GameLike as GameLike
from .request import RulesLike as RulesLike
from .request import SolveRequest, user_limits
from .request import get_game as get_game
from .search import SolveResult

StartLike = int | str | DealNumber | os.PathLike[str] | Any
"""Where a line of moves starts: a deal number, a position, or a deal or position file."""


def start_position(game: GameLike, deal: int | str | DealNumber, rules: RulesLike = None) -> Any:
    """The position at the start of play of a numbered deal."""
    return get_game(game, rules).deal(parse_deal_number(deal))


def solve(
    game: GameLike,
    deal: int | str | DealNumber | None = None,
    *,
    rules: RulesLike = None,
    position: Any = None,
    shortest: bool = False,
    max_states: int | None = None,
    timeout: float | None = None,
    max_table: int | None = None,
) -> SolveResult[Any]:
    """Solve a numbered deal (or any ``position``) of a game.

    ``game`` is a preset name such as ``"decade"`` or ``"eagle-wing-coops"``;
    ``rules`` overrides knobs (``{"redeals": 1}`` or ``["redeals=1"]``). With
    ``shortest`` the winning line has the fewest moves when the result says
    so (``result.shortest``): a limit that stops the search for a shorter
    line keeps the line found first, not marked shortest, and the result
    names that limit (``stop_reason()``). Otherwise the limits, when set,
    make the verdict ``unknown`` once reached.
    """
    limits = user_limits(max_states, timeout, max_table)
    request = SolveRequest.build(game, rules=rules, limits=limits, shortest=shortest)
    g = request.game
    if position is None:
        if deal is None:
            raise BadOptionError("solve needs a deal number or a position")
        position = g.deal(parse_deal_number(deal))
    else:
        g.check_position(position)
    return g.solve(position, request)


@attrs.frozen
class Verification:
    """The outcome of replaying a line of moves.

    ``legal`` is true when every move was legal; otherwise ``failed_at`` is
    the 0-based index of the first move that could not be played (an
    illegal or unparsable one, or any move after the game was won) and
    ``reason`` says why. ``position`` is the position after the last legal
    move, and ``won`` whether it is a won one. A legal line that ends in a
    position that is not won has a ``reason`` too, with the cards left.
    """

    legal: bool
    won: bool
    position: Any
    played: int
    failed_at: int | None = None
    reason: str = ""


def cards_left(game: GameLike, position: Any) -> int:
    """How many cards of ``position`` are still in play: not on a foundation nor discarded."""
    g = get_game(game)
    g.check_position(position)
    return g.cards_left(position)


def start_of(game: Game[Any, Any], start: StartLike) -> tuple[Game[Any, Any], Any]:
    """The game and position a line starts from: a deal number, a position or a file.

    A file (a path, or text that is not a deal number but names a file)
    holds its own game and rules, which must play like ``game``; the file's
    game is returned. Raises :class:`BadOptionError` naming ``start`` for
    anything else.
    """
    kinds = "a deal number, a position or a deal or position file path"
    if isinstance(start, bool) or start is None or isinstance(start, (float, bytes)):
        raise BadOptionError(f"start: expected {kinds}, not {start!r}")
    if isinstance(start, (int, DealNumber)):
        return game, game.deal(parse_deal_number(start))
    path: str | os.PathLike[str]
    if isinstance(start, str):
        try:
            return game, game.deal(parse_deal_number(start))
        except BadDealNumberError as exc:
            if not os.path.isfile(start):
                raise BadOptionError(
                    f"start {start!r}: not a deal number ({exc.why}) and no such file"
                ) from None
        path = start
    elif isinstance(start, os.PathLike):
        path = start
    else:
        game.check_position(start, "start")
        return game, start
    loaded = load_deal(path)
    if loaded.game.fingerprint != game.fingerprint:
        raise BadOptionError(
            f"start: {os.fspath(path)} holds a {loaded.game.preset} position under other "
            f"rules ({loaded.game.fingerprint}) than {game.preset} ({game.fingerprint})"
        )
    return loaded.game, loaded.position


def move_list(moves: Any) -> list[Any]:
    """``moves`` as a list: notation texts or move objects, never one text.

    Raises :class:`BadOptionError` for a single string (say, ``"d x1-2"``,
    which would be read a character at a time) or anything not iterable.
    """
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
        raise BadOptionError(
            "moves: expected a list of moves (notation such as ['d', 'x1-3'] or move objects), "
            f"not {moves!r}"
        )
    return list(moves)


def play_line(game: Game[Any, Any], start: Any, moves: list[Any]) -> Iterator[tuple[Any, str, Any]]:
    """Each move played from ``start``, checked: the move, its description, the position after.

    Raises :class:`BadMoveError` or :class:`IllegalMoveError` with the
    move's number (from 1) for the first that cannot be played, a move
    after the game is won included.
    """
    for before, m, after in _played(game, start, moves):
        yield m, game.describe(before, m), after


def _played(game: Game[Any, Any], start: Any, moves: list[Any]) -> Iterator[tuple[Any, Any, Any]]:
    """:func:`play_line` without the descriptions: the position before, the move, the one after.

    Replaying a stored line needs no words for people, and describing a
    move costs a fifth of a cheap game's replay.
    """
    state = start
    for i, move in enumerate(moves):
        if game.is_won(state):
            when = f"at move {i}" if i else "at the start"
            raise IllegalMoveError(f"move {i + 1}: the game was already won {when}")
        try:
            m = game.parse_move(move) if isinstance(move, str) else move
            after = game.play(state, m)
        except BadMoveError as exc:
            raise BadMoveError(f"move {i + 1}: {exc}") from None
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"move {i + 1}: {exc}") from None
        yield state, m, after
        state = after


def verify(
    game: GameLike,
    start: StartLike,
    moves: Iterable[Any],
    *,
    rules: RulesLike = None,
    position: Any = None,
) -> Verification:
    """Replay ``moves`` from ``start`` and say whether the line is legal and wins.

    ``game`` is a preset name or a game; ``start`` a deal number, a position
    or a deal or position file (see :func:`start_of`); ``moves`` notation
    texts or move objects. (``position=`` is the older spelling of a
    position start.) Never raises for an illegal or unparsable move: the
    first one is reported in the result. Bad arguments raise
    :class:`~solitaire_solver.errors.SolverError` subclasses naming them.
    """
    g = get_game(game, rules)
    if position is not None:
        if start is not None:
            raise BadOptionError("give start or position=, not both")
        start = position
    g, first = start_of(g, start)
    state, played = first, 0
    try:
        for _, _, after in _played(g, first, move_list(moves)):
            state, played = after, played + 1
    except (BadMoveError, IllegalMoveError) as exc:
        return Verification(False, g.is_won(state), state, played, played, str(exc))
    if g.is_won(state):
        return Verification(True, True, state, played)
    left = g.cards_left(state)
    why = f"ends after {count_text(played, 'move')} in a position that is not won"
    why += f": {count_text(left)} left"
    return Verification(True, False, state, played, reason=why)


def replay(
    game: GameLike, start: StartLike, moves: Iterable[Any], *, rules: RulesLike = None
) -> list[tuple[Any, str]]:
    """Each move (as a move object) with its description, played from ``start``.

    Takes the same arguments as :func:`verify`. Raises
    :class:`~solitaire_solver.errors.BadMoveError` or
    :class:`~solitaire_solver.errors.IllegalMoveError`, naming the move's
    number, at the first move that cannot be played.
    """
    g, state = start_of(get_game(game, rules), start)
    return [(m, text) for m, text, _ in play_line(g, state, move_list(moves))]
