"""The library's front door: solve a deal, replay and verify a line of moves.

>>> from solitaire_solver import solve, verify
>>> result = solve("decade", 3)
>>> result.status.value
'won'
>>> verify("decade", 3, result.moves).won
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from .errors import BadMoveError, BadOptionError, BadRuleError, IllegalMoveError
from .games import Game, make_game
from .numbering import DealNumber, parse_deal_number
from .search import Limits, SolveResult

GameLike = str | Game[Any, Any]
RulesLike = Mapping[str, Any] | Iterable[str] | None


def rule_assignments(words: Iterable[str]) -> dict[str, str]:
    """``name=value`` words (as ``--rule`` takes them) as a dict of knob names to text.

    A knob named twice is an error even with the same value: with two
    values, keeping either one would answer a question nobody asked.
    """
    out: dict[str, str] = {}
    for word in words:
        name, sep, value = word.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name:
            raise BadRuleError(f"bad rule {word!r}: expected NAME=VALUE, such as redeals=1")
        if name in out:
            raise BadRuleError(
                f"rule {name!r} given twice ({name}={out[name]}, then {name}={value}): "
                "give each rule once"
            )
        out[name] = value
    return out


def get_game(game: GameLike, rules: RulesLike = None) -> Game[Any, Any]:
    """A game instance from a preset name (with knob overrides) or a game itself."""
    if isinstance(game, Game):
        if rules:
            raise BadOptionError("rules go with a game name, not with a game instance")
        return game
    if rules is not None and not isinstance(rules, Mapping):
        rules = rule_assignments(rules)
    return make_game(game, rules)


def make_limits(
    max_states: int | None = None, timeout: float | None = None, max_table: int | None = None
) -> Limits:
    """:class:`Limits` from user values, with :class:`BadOptionError` for bad ones."""
    try:
        return Limits(max_states, timeout, max_table)
    except ValueError as exc:
        raise BadOptionError(str(exc)) from None


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
    ``shortest`` the winning line has the fewest moves. The limits, when set,
    make the verdict ``unknown`` once reached.
    """
    g = get_game(game, rules)
    limits = make_limits(max_states, timeout, max_table)
    if position is None:
        if deal is None:
            raise BadOptionError("solve needs a deal number or a position")
        position = g.deal(parse_deal_number(deal))
    return g.solve(position, limits, shortest=shortest)


@attrs.frozen
class Verification:
    """The outcome of replaying a line of moves.

    ``legal`` is true when every move was legal; otherwise ``failed_at`` is
    the 0-based index of the first illegal move and ``reason`` says why.
    ``position`` is the position after the last legal move, and ``won``
    whether it is a won one.
    """

    legal: bool
    won: bool
    position: Any
    played: int
    failed_at: int | None = None
    reason: str = ""


def verify(
    game: GameLike,
    deal: int | str | DealNumber | None,
    moves: Sequence[Any],
    *,
    rules: RulesLike = None,
    position: Any = None,
) -> Verification:
    """Replay ``moves`` (move objects or their notation) from a deal or a position.

    Never raises for an illegal or unparsable move: the first one is
    reported in the result.
    """
    g = get_game(game, rules)
    state = position if position is not None else g.deal(parse_deal_number(deal or 0))
    for i, move in enumerate(moves):
        try:
            m = g.parse_move(move) if isinstance(move, str) else move
            state = g.play(state, m)
        except (BadMoveError, IllegalMoveError) as exc:
            return Verification(False, g.is_won(state), state, i, i, f"move {i + 1}: {exc}")
    return Verification(True, g.is_won(state), state, len(moves))


def replay(game: Game[Any, Any], start: Any, moves: Sequence[Any]) -> list[tuple[Any, str]]:
    """Each move with its description, played from ``start``; raises on an illegal move."""
    out = []
    state = start
    for move in moves:
        out.append((move, game.describe(state, move)))
        state = game.play(state, move)
    return out
