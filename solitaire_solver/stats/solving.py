"""One deal's work, wherever it runs: solved, played by a player, its inner optimum for the
upper bound on the fair odds worked out, or its winning line replayed."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from .. import __version__
from ..advice.bounds import UpperBound, Zero, deal_bound, float_above
from ..advice.players import Player, play
from ..api import verify
from ..games import Game
from ..games.seen import Unsettled
from ..numbering import MT_THRESHOLD, DealNumber, parse_deal_number
from ..records.store import DealResult
from ..records.verdicts import table_verdict
from ..request import SolveRequest
from ..search import Limit, SearchStats, Status, limit_text

RunPlayer = Player | UpperBound
"""What plays a run's deals instead of the solver: a player, or the upper bound's inner
search (:class:`~.advice.bounds.UpperBound`)."""

Failure = tuple[int, str, str]
"""A winning line that does not win: the deal's number, its text and what went wrong."""


def _solver_version() -> str:
    return __version__


NOT_WINNABLE = "the published table: lost with full sight"
"""What settles a player's deal that the thoughtful table proves lost (:func:`play_one`)."""

LOST_ON_THE_WAY = "lost with full sight after move {moves}"
"""What settles a fair player's deal whose game reached a position proved lost with full
sight, where the run ended it (:func:`play_one`; the number of moves made fills it in)."""

UNSETTLED = "unsettled: the solve with full sight after move {moves} stopped at {limit}"
"""What a fair player's deal says when its game reached a position with nothing hidden whose
solve every limit stopped (:func:`.players.solve_open`): neither won nor lost, unknown."""


def _thoughtful_status(game: Game[Any, Any], number: DealNumber) -> str | None:
    """The published thoughtful verdict of a plain deal number, if a table holds one.

    The table of the game's rules, or of rules ordered with them: a loss
    under rules that allow at least as much is a loss here (a win under
    stricter rules is also given, unreplayed; only a loss is acted on).
    """
    if number.microsoft and number.value >= MT_THRESHOLD:
        return None  # the tables hold plain deal numbers, not Microsoft deals beyond them
    verdict = table_verdict(game, number.value)
    return None if verdict is None else verdict.status


def play_one(game: Game[Any, Any], deal: int | str | DealNumber, player: Player) -> DealResult:
    """Deal ``deal`` and play it with ``player`` (:mod:`.players`).

    Won when the player wins; lost when it does not (the deal may still be
    winnable: what a player wins is a lower bound). ``states`` holds the
    exact solves its hints took and ``unique`` the positions where it had a
    choice. A deal that the published table of the game's rules proves lost
    with full sight is recorded as lost without playing it
    (``settled_by`` :data:`NOT_WINNABLE`): no player can win it. A fair
    player's game that reaches a position proved lost with full sight ends
    there, lost (``settled_by`` says after which move: :data:`LOST_ON_THE_WAY`).
    One whose solve of a position with nothing hidden stops at its limits
    is unknown, with that limit (``settled_by``: :data:`UNSETTLED`): the
    player did not play it out, so it is not counted lost.
    """
    t0 = time.perf_counter()
    number = parse_deal_number(deal)
    if _thoughtful_status(game, number) == "lost":
        # No line wins this deal even with every card in sight, so no player
        # can win it: the outcome is known without playing, and recorded as
        # the player's loss. (A player's run spends its time on the deals it
        # could win; in eagle-wing that skips 94% of them.)
        return DealResult(
            deal=str(number),
            number=number.value,
            status=Status.LOST,
            seconds=time.perf_counter() - t0,
            solver_version=_solver_version(),
            settled_by=NOT_WINNABLE,
        )
    # The fair player's games end once the real position is proved lost
    # (players.play, stop_when_lost): the same outcome, without the choices
    # after it.
    played = play(game, game.deal(number), player, deal=str(number), stop_when_lost=True)
    lost_at = played.lost_at
    status = Status.WON if played.won else Status.LOST
    settled_by = None if lost_at is None else LOST_ON_THE_WAY.format(moves=lost_at)
    if played.unsettled is not None:
        status = Status.UNKNOWN
        value = played.unsettled_value
        limit = "its limit" if value is None else limit_text(played.unsettled, value)
        settled_by = UNSETTLED.format(moves=len(played.moves), limit=limit)
    return DealResult(
        deal=str(number),
        number=number.value,
        status=status,
        moves=tuple(str(m) for m in played.moves) if played.won else (),
        states=played.solves,
        unique=played.choices,
        seconds=time.perf_counter() - t0,
        limit=played.unsettled,
        solver_version=_solver_version(),
        settled_by=settled_by,
    )


FROM_TABLE = "full-sight verdict from the published table"
"""What says an upper bound's row's status, when the table of the game's rules gives it."""

CAPPED = "the {limit} limit stopped the inner search: its ceiling {value:g} stands"
"""What says an upper bound's row's value is the potential's ceiling, not the optimum."""

OUT_OF_REACH = "a fair value out of reach: {reason}"
"""What an upper bound's deal says when a fair value its potential needs is out of reach."""


def parse_run_player(text: str) -> RunPlayer:
    """A player (:meth:`.players.Player.parse`) or an upper bound
    (:meth:`.bounds.UpperBound.parse`) from the words a store keeps."""
    if text.split(maxsplit=1)[0] == UpperBound.kind:
        return UpperBound.parse(text)
    return Player.parse(text)


def bound_one(request: SolveRequest, deal: int | str | DealNumber, bound: UpperBound) -> DealResult:
    """Deal ``deal`` and work out its inner optimum for the upper bound ``bound``
    (:func:`.bounds.deal_bound`, under ``request``'s limits): the row's ``value``, rounded
    up to a float (:func:`.bounds.float_above`).

    Its status is the deal's verdict with full sight, from the published
    table of the game's rules (``settled_by`` :data:`FROM_TABLE`) or else
    solved under ``request``, so that a run compares the bound with full
    sight deal by deal. A deal whose inner search a limit stopped, or whose
    potential needs a fair value out of reach, holds the potential's ceiling
    (a looser bound, still sound) with the limit, ``settled_by``
    :data:`CAPPED`; without a ceiling it has no value, and is unknown with
    the limit (retried by a run under other limits).
    """
    t0 = time.perf_counter()
    number = parse_deal_number(deal)
    game = request.game
    start = game.deal(number)
    potential = bound.potential(game, request.limits)
    value: float | None = None
    settled_by: str | None = None
    stats: SearchStats | None = None
    thoughtful = _thoughtful_status(game, number)
    limit: Limit | None = None
    if isinstance(potential, Zero) and thoughtful in (Status.WON.value, Status.LOST.value):
        # W = 0: the inner optimum is the verdict with full sight, which the table gives.
        value = 1.0 if thoughtful == Status.WON.value else 0.0
    else:
        try:
            found = deal_bound(game, start, potential, request.limits, request)
        except Unsettled as exc:
            settled_by = OUT_OF_REACH.format(reason=exc)
            limit = Limit.STATES
        else:
            stats = found.stats
            limit = found.limit
            value = None if found.value is None else float_above(found.value)
    if value is None:
        status = Status.UNKNOWN
    elif thoughtful is not None:
        status = Status(thoughtful)
        settled_by = FROM_TABLE
    else:
        status = game.solve(start, request, verdict_only=True).status
    if value is not None and limit is not None:
        settled_by = CAPPED.format(limit=limit.value, value=value)
    return DealResult(
        deal=str(number),
        number=number.value,
        status=status,
        states=0 if stats is None else stats.expanded,
        unique=0 if stats is None else stats.unique,
        seconds=time.perf_counter() - t0,
        limit=limit,
        solver_version=_solver_version(),
        settled_by=settled_by,
        value=value,
    )


def run_one(request: SolveRequest, deal: int | str | DealNumber, player: RunPlayer) -> DealResult:
    """One deal of a player's run: played (:func:`play_one`), or its upper bound's inner
    optimum worked out (:func:`bound_one`)."""
    if isinstance(player, UpperBound):
        return bound_one(request, deal, player)
    return play_one(request.game, deal, player)


def solve_one(request: SolveRequest, deal: int | str | DealNumber) -> DealResult:
    """Deal and solve one numbered deal of ``request``'s game under its limits; the time
    includes dealing (and the difficulty figure)."""
    t0 = time.perf_counter()
    number = parse_deal_number(deal)
    game = request.game
    start = game.deal(number)
    result = game.solve(start, request)
    difficulty = game.difficulty(start, result)
    seconds = time.perf_counter() - t0
    return DealResult(
        deal=str(number),
        number=number.value,
        status=result.status,
        moves=tuple(str(m) for m in result.moves),
        states=result.stats.expanded,
        unique=result.stats.unique,
        seconds=seconds,
        limit=result.limit,
        solver_version=_solver_version(),
        difficulty=difficulty,
        settled_by=result.settled_by,
    )


def replay_win(game: Game[Any, Any], r: DealResult) -> str | None:
    """Replay one won result's line from its deal: ``None`` if it wins, else what went wrong.

    A won verdict is only as good as its line, and a store outlives the
    code that filled it, so a line is replayed move by move from the deal
    (as :func:`.verify` does) and must end in a won position. The message
    names the deal and the first move that went wrong. Results other than
    won ones are not checked, nor are rows imported from a verdict file,
    which keep no line (their file's checksum vouches for them).
    """
    if r.status is not Status.WON or r.imported:
        return None
    check = verify(game, r.deal, r.moves)
    where = "stored" if r.from_store else "found"
    if not check.legal:
        return f"deal {r.deal}: the {where} winning line does not replay: {check.reason}"
    if not check.won:
        return f"deal {r.deal}: the {where} winning line {check.reason}"
    return None


def replay_wins(game: Game[Any, Any], results: Iterable[DealResult]) -> list[str]:
    """:func:`replay_win` for every result: one message per line that fails, in order."""
    return [m for r in results if (m := replay_win(game, r)) is not None]


def _replay_failures(game: Game[Any, Any], results: Iterable[DealResult]) -> list[Failure]:
    """:func:`replay_win` for each result: the lines that do not win."""
    return [(r.number, r.deal, m) for r in results if (m := replay_win(game, r)) is not None]
