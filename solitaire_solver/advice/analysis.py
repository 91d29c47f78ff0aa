"""For players: the verdict of every move of a position, and where a game was lost.

:func:`analyse` answers "can I still win from here, and which moves keep it
winnable?": the position's own verdict and, for every legal move, the
verdict of the position after it, the length of a line that wins after it,
and a recommended move (one that keeps the game won; among those, the one
with the shortest line found).

:func:`review` answers "where did I go wrong?": it replays a game and names
the first move after which a winnable position was lost, with a move that
would have kept it won; or says that the deal was never winnable, or that
the game was won.

>>> from solitaire_solver import analyse, review
>>> a = analyse("decade", 3)
>>> a.status.value, a.recommended is not None and a.recommended.status.value
('won', 'won')
>>> r = review("decade", 3, ["d", "d"])
>>> r.outcome.value
'winnable'

Both share one :class:`~solitaire_solver.search.Memo` across their searches,
so that what one search proves lost the next one skips.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

import attrs

from ..api import (
    GameLike,
    RulesLike,
    StartLike,
    move_list,
    play_line,
    start_of,
)
from ..cards import count_text
from ..games import Game
from ..request import SolveRequest, as_request
from ..search import NO_LIMITS, Limits, Memo, SearchStats, SolveResult, Status, Watcher

# ---------------------------------------------------------------- verdict texts


def verdict_words(result: SolveResult[Any], *, after: bool = False) -> str:
    """A verdict in words: ``won in 51 moves``, ``lost``, ``unknown (stopped by ...)``.

    With ``after``, a won position that is already won (no moves left) reads
    ``won: every card is home``.
    """
    if result.status is Status.WON:
        if not result.moves and after:
            return "won: every card is home"
        fewest = " (fewest)" if result.shortest and result.moves else ""
        return f"won in {count_text(len(result.moves), 'move')}{fewest}"
    if result.status is Status.LOST:
        return "lost"
    return f"unknown (stopped by {result.stop_reason()})"


# ---------------------------------------------------------------- hints


@attrs.frozen
class MoveVerdict:
    """One legal move of an analysed position and the verdict of the position after it.

    ``index`` is the move's place among the position's legal moves
    (:meth:`~solitaire_solver.games.base.Game.legal_moves`), from 0.
    ``result`` is the verdict after the move; when won, ``result.moves`` is
    a line that wins from there (``length`` moves). ``recommended`` marks
    the move :attr:`Analysis.recommended` names. ``twins`` are the indices
    of the other legal moves whose positions after have this move's key
    (:meth:`~solitaire_solver.games.base.Game.key`, which folds the piles
    and cards no rule tells apart, such as Windmill's empty secondaries or
    Eagle Wing's wings): the same position up to symmetry, with one future.
    """

    index: int
    move: Any
    notation: str
    description: str
    result: SolveResult[Any]
    recommended: bool = False
    twins: tuple[int, ...] = ()

    @property
    def status(self) -> Status:
        """The verdict of the position after the move."""
        return self.result.status

    @property
    def length(self) -> int | None:
        """Moves in the line found that wins after the move; ``None`` unless won."""
        return len(self.result.moves) if self.result.won else None

    def verdict_text(self) -> str:
        """``won in 51 moves``, ``lost`` or ``unknown (stopped by ...)``."""
        return verdict_words(self.result, after=True)


@attrs.frozen
class Analysis:
    """The verdict of a position and of every legal move in it.

    ``result`` is the position's own verdict (won with a line, lost, or
    unknown naming the limit); ``rows`` holds one :class:`MoveVerdict` per
    legal move: the recommended move first, then the other winning moves
    by the length of their lines, then the unknown ones and the losing
    ones, each group in the order of the legal moves. ``played`` counts the
    moves played from the start before this position. ``stats`` adds up
    the effort of every search made (``searches`` of them); ``elapsed`` is
    the wall-clock time of the whole analysis.
    """

    game: Game[Any, Any]
    position: Any
    played: int
    result: SolveResult[Any]
    rows: tuple[MoveVerdict, ...]
    stats: SearchStats
    searches: int

    @property
    def status(self) -> Status:
        """The position's verdict."""
        return self.result.status

    @property
    def recommended(self) -> MoveVerdict | None:
        """A move that keeps the game won, with the shortest line found; ``None`` if none."""
        return self.rows[0] if self.rows and self.rows[0].recommended else None

    @property
    def over(self) -> bool:
        """Whether the position is already won (no move is left to play)."""
        return self.game.is_won(self.position)

    def groups(self) -> list[tuple[MoveVerdict, tuple[MoveVerdict, ...]]]:
        """Each group of twin moves (:attr:`MoveVerdict.twins`) once, in the order of the
        rows: its first row, which stands for the group, and its other rows in the order
        of the legal moves. A move with no twin is a group of its own."""
        by_index = {r.index: r for r in self.rows}
        done: set[int] = set()
        out = []
        for r in self.rows:
            if r.index in done:
                continue
            done.update((r.index, *r.twins))
            out.append((r, tuple(by_index[i] for i in sorted(r.twins))))
        return out


def twin_indices(signatures: Sequence[Hashable]) -> list[tuple[int, ...]]:
    """For each signature, the indices of the others equal to it, in order.

    >>> twin_indices(["a", "b", "a", "a"])
    [(2, 3), (), (0, 3), (0, 2)]
    """
    where: dict[Hashable, list[int]] = {}
    for i, sig in enumerate(signatures):
        where.setdefault(sig, []).append(i)
    return [tuple(j for j in where[sig] if j != i) for i, sig in enumerate(signatures)]


def _total(results: Iterable[SolveResult[Any]], elapsed: float) -> SearchStats:
    expanded = unique = depth = 0
    for r in results:
        expanded += r.stats.expanded
        unique += r.stats.unique
        depth = max(depth, r.stats.max_depth)
    return SearchStats(expanded, unique, depth, elapsed)


def _with_stats(result: SolveResult[Any], stats: SearchStats) -> SolveResult[Any]:
    return attrs.evolve(result, stats=stats)


def _request(game: Game[Any, Any], request: SolveRequest | None) -> SolveRequest:
    """The request every search of an analysis of ``game`` shares: ``request`` (for
    ``game``), else one resolving the preset's defaults once for them all."""
    if request is None:
        return SolveRequest.of(game)
    return request.for_game(game)


def analyse_position(
    game: Game[Any, Any],
    position: Any,
    *,
    request: SolveRequest | None = None,
    memo: Memo | None = None,
    played: int = 0,
    watch: Watcher | None = None,
) -> Analysis:
    """:func:`analyse` for a game object and a position.

    ``request`` (a :class:`~solitaire_solver.request.SolveRequest`) brings
    the limits of each search and ``shortest`` (``None``: no limit given,
    the preset's default limits when it has some). ``memo`` may be shared with other
    analyses of positions of the same deal (a new one by default).
    ``watch`` is told of each search's progress (as by :meth:`.Game.solve`).
    """
    t0 = time.perf_counter()
    request = _request(game, request)
    memo = memo if memo is not None else Memo()
    results: list[SolveResult[Any]] = []

    def solve(state: Any) -> SolveResult[Any]:
        r: SolveResult[Any] = game.solve(state, request, memo=memo, watch=watch)
        results.append(r)
        return r

    if game.is_won(position):
        own: SolveResult[Any] = SolveResult(Status.WON, (), SearchStats(), shortest=True)
        return Analysis(game, position, played, own, (), _total((), 0.0), 0)
    own = solve(position)
    legal = game.legal_moves(position)
    # Children with one key have one future; a won line is reused only for
    # an equal position (a key may fold symmetric piles that moves name).
    seen: dict[Any, tuple[Any, SolveResult[Any]]] = {}
    found: list[SolveResult[Any]] = []
    keys: list[Hashable] = []
    for move in legal:
        child = game.apply(position, move)
        k = game.key(child)
        keys.append(k)
        if own.lost:
            # Every position after a lost one is lost: no search needed.
            r: SolveResult[Any] = SolveResult(Status.LOST)
        elif own.won and own.moves and move == own.moves[0]:
            r = SolveResult(Status.WON, own.moves[1:], shortest=own.shortest)
        elif game.is_won(child):
            r = SolveResult(Status.WON, (), shortest=True)
        else:
            twin = seen.get(k)
            if twin is not None and (not twin[1].won or twin[0] == child):
                r = twin[1]
            else:
                r = solve(child)
                seen[k] = (child, r)
        found.append(r)
    stats = _total(results, time.perf_counter() - t0)
    # The position is won when some move wins, lost when every move loses:
    # a child's verdict can settle what the position's own search could not,
    # and a child's line can be shorter than the one the position's search found.
    wins = [(len(r.moves), i) for i, r in enumerate(found) if r.won]
    if wins and not own.shortest:
        n, i = min(wins)
        if not own.won or n + 1 < len(own.moves):
            own = SolveResult(Status.WON, (legal[i], *found[i].moves))
    elif not own.won and not own.lost and legal and all(r.lost for r in found):
        own = SolveResult(Status.LOST)
    own = _with_stats(own, stats)
    order = sorted(range(len(legal)), key=lambda i: _rank(found[i], i))
    best = order[0] if order and found[order[0]].won else None
    twins = twin_indices(keys)
    rows = tuple(
        MoveVerdict(
            i,
            legal[i],
            str(legal[i]),
            game.describe(position, legal[i]),
            found[i],
            recommended=i == best,
            twins=twins[i],
        )
        for i in order
    )
    return Analysis(game, position, played, own, rows, stats, len(results))


def _rank(result: SolveResult[Any], index: int) -> tuple[int, int, int]:
    """Sort key of a row: won (shortest line first), then unknown, then lost; then legal order."""
    if result.won:
        return (0, len(result.moves), index)
    if result.lost:
        return (2, 0, index)
    return (1, 0, index)


def analyse(
    game: GameLike | SolveRequest,
    start: StartLike,
    moves: Iterable[Any] = (),
    *,
    rules: RulesLike = None,
    shortest: bool = False,
    limits: Limits = NO_LIMITS,
    memo: Memo | None = None,
    watch: Watcher | None = None,
) -> Analysis:
    """The verdict of the position after ``moves`` and of every legal move in it.

    ``game``, ``start`` and ``moves`` are as for :func:`~solitaire_solver.verify`
    (a preset name or a game; a deal number, a position or a file; notation
    or move objects), and ``moves`` are checked as ``verify`` checks them:
    an illegal or unparsable one raises
    :class:`~solitaire_solver.errors.BadMoveError` or
    :class:`~solitaire_solver.errors.IllegalMoveError` naming its number.
    ``limits`` (a :class:`~solitaire_solver.search.Limits`) apply to each
    search (none set: the preset's default limits, when it has some); a
    verdict they cut short is unknown and
    names the limit. With ``shortest`` each line is a shortest one where
    the game can prove it (the result says so). ``watch`` is told of each
    search's progress (a :class:`~solitaire_solver.progress.SolveProgress`
    shows it on a terminal).

    Cost: one search of the position settles every move when it is lost,
    and the move its winning line starts with; the other moves take one
    search each, sharing one memo of the keys proved lost.
    """
    request = as_request(game, rules=rules, limits=limits, shortest=shortest)
    g, position = start_of(request.game, start)
    line = move_list(moves)
    played = 0
    for _, _, after in play_line(g, position, line):
        position, played = after, played + 1
    return analyse_position(
        g, position, request=request.for_game(g), memo=memo, played=played, watch=watch
    )


# ---------------------------------------------------------------- review


class Outcome(enum.Enum):
    """What a review of a game found."""

    WON = "won"
    """The game was won."""
    NEVER = "never winnable"
    """The deal (or the start position) was lost before any move."""
    LOST_AT = "lost at a move"
    """A move turned a winnable position into a lost one."""
    WINNABLE = "winnable"
    """The game was not finished, and its last position can still be won."""
    UNKNOWN = "unknown"
    """A limit stopped a search that the answer needs."""


@attrs.frozen
class Review:
    """Where a game was lost: the result of :func:`review`.

    ``positions`` holds the start and the position after each move
    (``positions[i]`` after ``i`` moves); ``verdicts`` the verdicts the
    review settled, by that index (from a search, or from a winning line
    the player's moves followed). With :attr:`Outcome.LOST_AT`, move number
    ``losing + 1`` (``moves[losing]``) turned the won ``positions[losing]``
    into the lost ``positions[losing + 1]``, and ``keeping`` is a move of
    ``positions[losing]`` that keeps it won, ``keeping_line`` a winning line
    from there that starts with it. With :attr:`Outcome.UNKNOWN`, ``won_at``
    and ``lost_at`` bound where the game was lost, as far as it is known.
    """

    game: Game[Any, Any]
    moves: tuple[Any, ...]
    positions: tuple[Any, ...]
    outcome: Outcome
    verdicts: dict[int, SolveResult[Any]]
    stats: SearchStats
    searches: int
    losing: int | None = None
    keeping: Any = None
    keeping_line: tuple[Any, ...] = ()
    won_at: int | None = None
    lost_at: int | None = None
    stopped_by: str = ""

    def losing_text(self) -> str:
        """``8C from reserve 3 to the primary``: the losing move described, or ``""``."""
        if self.losing is None:
            return ""
        return self.game.describe(self.positions[self.losing], self.moves[self.losing])

    def keeping_text(self) -> str:
        """The description of the move that would have kept the game won, or ``""``."""
        if self.losing is None or self.keeping is None:
            return ""
        return self.game.describe(self.positions[self.losing], self.keeping)

    def summary(self) -> str:
        """The finding in one sentence."""
        n = len(self.moves)
        if self.outcome is Outcome.WON:
            return f"the game was won, in {count_text(n, 'move')}"
        if self.outcome is Outcome.NEVER:
            return "the deal was never winnable: no line of play wins it"
        if self.outcome is Outcome.WINNABLE:
            after = f"after {count_text(n, 'move')}" if n else "at the start"
            return f"no move lost the game: it can still be won {after}"
        if self.outcome is Outcome.LOST_AT:
            assert self.losing is not None
            text = f"move {self.losing + 1}, {self.losing_text()}, lost a won game"
            if self.keeping is not None:
                text += f"; {self.keeping_text()} kept it won"
            return text
        if self.won_at is not None and self.lost_at is not None:
            return (
                f"the game was lost by one of moves {self.won_at + 1} to {self.lost_at}: "
                f"the positions between could not be settled (stopped by {self.stopped_by})"
            )
        return f"cannot tell (stopped by {self.stopped_by})"


UNKNOWN_TRIES = 6
"""Searches a review lets a limit stop before it names the limit and gives up."""


def review_line(
    game: Game[Any, Any],
    start: Any,
    moves: Sequence[Any],
    *,
    request: SolveRequest | None = None,
    memo: Memo | None = None,
    watch: Watcher | None = None,
) -> Review:
    """:func:`review` for a game object, a start position and move objects already checked,
    each search as ``request`` asks (``None``: no limit given, the preset's defaults).

    How it searches. Along a line of play, a lost position is followed only
    by lost positions (whatever is played from a lost position stays lost)
    and a won one is preceded only by won ones (a won position makes every
    position before it winnable). So the verdicts along the line are some
    won positions, then only lost ones: exactly one move turns won into
    lost, when the first is won and the last lost. The review settles the
    end and the start, then bisects: the verdict of the position in the
    middle of the stretch still in doubt halves it, so a game of n moves
    takes about log2(n) searches besides the two ends. Each verdict is
    exact (a complete search, or a won line), unless a limit stops a
    search: then the review tries the other positions of the stretch,
    nearest the middle first, and after :data:`UNKNOWN_TRIES` such stops
    names the limit and the stretch. A won verdict also settles the
    positions after it for as long as the player's moves follow its winning
    line. Every search shares one memo of keys proved lost.
    """
    t0 = time.perf_counter()
    request = _request(game, request)
    memo = memo if memo is not None else Memo()
    positions = [start]
    for move in moves:
        positions.append(game.apply(positions[-1], move))
    n = len(moves)
    verdicts: dict[int, SolveResult[Any]] = {}
    results: list[SolveResult[Any]] = []
    lo = -1  # the last position known won (-1: none yet)
    hi = n + 1  # the first position known lost (n + 1: none yet)
    stopped: list[SolveResult[Any]] = []

    def settle(i: int) -> SolveResult[Any]:
        nonlocal lo, hi
        r: SolveResult[Any] = game.solve(positions[i], request, memo=memo, watch=watch)
        results.append(r)
        verdicts[i] = r
        if r.won:
            # The positions the player reached by following the line are won too.
            j = 0
            while i + j < n and j < len(r.moves) and moves[i + j] == r.moves[j]:
                j += 1
                verdicts.setdefault(i + j, SolveResult(Status.WON, r.moves[j:]))
            lo = max(lo, i + j)
        elif r.lost:
            hi = min(hi, i)
        else:
            stopped.append(r)
        return r

    def done(outcome: Outcome, **more: Any) -> Review:
        return Review(
            game,
            tuple(moves),
            tuple(positions),
            outcome,
            verdicts,
            _total(results, time.perf_counter() - t0),
            len(results),
            **more,
        )

    if game.is_won(positions[-1]):
        return done(Outcome.WON, won_at=n)
    # The end first: a game that is still winnable needs no other search.
    if settle(n).won:
        return done(Outcome.WINNABLE, won_at=n)
    if n and settle(0).lost:
        return done(Outcome.NEVER, lost_at=0)
    if hi == 0:
        return done(Outcome.NEVER, lost_at=0)
    tried = set(verdicts)
    while hi - lo > 1 and len(stopped) < UNKNOWN_TRIES:
        middle = (max(lo, 0) + min(hi, n)) / 2
        doubt = [i for i in range(lo + 1, hi) if i not in tried]
        if not doubt:
            break
        mid = min(doubt, key=lambda i: (abs(i - middle), i))
        tried.add(mid)
        settle(mid)
    if lo >= 0 and hi <= n and hi - lo == 1:
        keep = verdicts[lo].moves
        return done(
            Outcome.LOST_AT,
            losing=lo,
            keeping=keep[0] if keep else None,
            keeping_line=keep,
            won_at=lo,
            lost_at=hi,
        )
    return done(
        Outcome.UNKNOWN,
        won_at=lo if lo >= 0 else None,
        lost_at=hi if hi <= n else None,
        stopped_by=stopped[-1].stop_reason() if stopped else "",
    )


def review(
    game: GameLike | SolveRequest,
    start: StartLike,
    moves: Iterable[Any],
    *,
    rules: RulesLike = None,
    limits: Limits = NO_LIMITS,
    watch: Watcher | None = None,
) -> Review:
    """Replay a game and name the first move after which a winnable position was lost.

    ``game``, ``start`` and ``moves`` are as for :func:`~solitaire_solver.verify`,
    and the moves are checked as ``verify`` checks them (an illegal or
    unparsable one raises, naming its number). The result says that the
    game was won, that the deal was never winnable, that no move lost it
    (its last position can still be won), or which move lost a won game and
    which move would have kept it won (:meth:`Review.summary`). ``limits``
    apply to each search (none set: the preset's default limits, when it
    has some); ``watch`` is told of each search's progress. See
    :func:`review_line` for how it searches.
    """
    request = as_request(game, rules=rules, limits=limits)
    g, position = start_of(request.game, start)
    played = [m for m, _, _ in play_line(g, position, move_list(moves))]
    return review_line(g, position, played, request=request.for_game(g), watch=watch)
