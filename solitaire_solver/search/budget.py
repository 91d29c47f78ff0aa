"""The budget of one solve, and how strategies run under it.

Every strategy of the engine, and every exact plug-in of a game, is a
*run*: a generator that works under a :class:`Budget` and returns a
:class:`Verdict` (or ``None`` when it finished without one). A run counts
its work on the budget and, whenever the budget says so, yields: either a
limit was reached (the driver then stops everything) or its turn in a
:func:`~.portfolio.portfolio` is over (it is resumed later with everything
it had). The pattern, before each expansion::

    while budget.expanded >= budget.checkpoint and budget.interrupted():
        yield
    budget.expanded += 1

:func:`solve` drives a strategy to its end and makes the
:class:`~.result.SolveResult`. The budget is the one place where limits are
decided and statistics made, so they mean the same for every game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Sequence
from typing import Any, Generic, Literal, TypeVar

from .result import NO_LIMITS, Limit, Limits, SearchStats, SolveResult, Status

M = TypeVar("M")

CLOCK_EVERY = 512
"""Expansions between two looks at the clock."""

WATCH_EVERY = 4096
"""Expansions between two calls of a budget's watcher: often enough for a display
redrawn a few times a second, rare enough that a compiled search, which runs
from one checkpoint to the next, is not slowed by crossing into C more often."""

_NEVER = 1 << 62


class Verdict(Generic[M]):
    """What a run concludes: won with a line of moves, or lost (only from a complete run).

    ``shortest`` says that the line is proved to have the fewest moves;
    ``by`` names the strategy that reached it, when a composition knows (a
    portfolio's member, say: see :func:`~.portfolio.portfolio`), for people
    and records, not for comparisons. A plain slotted class rather than an
    attrs one: solves of small deals make few of anything else, and this one
    is made once per run.
    """

    __slots__ = ("by", "moves", "shortest", "won")

    def __init__(
        self,
        won: bool,
        moves: tuple[M, ...] = (),
        shortest: bool = False,
        by: str | None = None,
    ) -> None:
        self.won = won
        self.moves = moves
        self.shortest = shortest
        self.by = by

    def named(self, name: str) -> Verdict[M]:
        """The same verdict, reached by ``name`` (in front of the name it had: ``a: b``)."""
        return Verdict(
            self.won, self.moves, self.shortest, name if not self.by else f"{name}: {self.by}"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Verdict):
            return NotImplemented
        return (self.won, self.moves, self.shortest) == (other.won, other.moves, other.shortest)

    def __hash__(self) -> int:
        return hash((self.won, self.moves, self.shortest))

    def __repr__(self) -> str:
        by = "" if self.by is None else f", by={self.by!r}"
        return f"Verdict(won={self.won}, moves={self.moves!r}, shortest={self.shortest}{by})"


LOST: Verdict[Any] = Verdict(False)
"""The verdict of a run that searched everything and found no win."""


def won(moves: Sequence[M], *, shortest: bool = False) -> Verdict[M]:
    """The verdict of a run that found the winning line ``moves``."""
    return Verdict(True, tuple(moves), shortest)


Run = Generator[None, None, "Verdict[Any] | None"]
"""A strategy at work: yields when interrupted, returns its verdict or ``None``."""

Strategy = Callable[["Budget"], Run]
"""A strategy with its problem and start bound: give it a budget and it runs."""

Watcher = Callable[["Budget"], None]
"""Told of a solve's progress: called with its budget every :data:`WATCH_EVERY`
expansions or so (to show the states expanded and the limits on a terminal)."""

LineWanted = Literal["whole", "first", "none"]
"""How much of a won line a solve's caller wants: all of it, its first move (a won
verdict may then carry that move alone: the fair hint's votes read no more), or none
(the verdict alone)."""


class Budget:
    """Counts the effort of one solve and decides when a limit is reached.

    ``expanded`` counts positions whose moves were generated, ``stored`` the
    keys put into transposition tables (only for positions expanded), and
    ``max_depth`` the longest line explored; runs update them directly.
    ``checkpoint`` is the count of expansions at which a run must call
    :meth:`interrupted`; it is kept below the state limit, the next look at
    the clock, the end of the current turn and the room left in the table.
    ``watch``, when given, is called with the budget every
    :data:`WATCH_EVERY` expansions (at a checkpoint), whatever the limits;
    it must not change the budget. ``wants_line`` says how much of a won
    line the caller wants (:data:`LineWanted`): a run whose line costs work
    of its own to turn into the game's moves (:func:`~.portfolio.projected`)
    may give a won verdict its first move alone, or no line at all.
    """

    __slots__ = (
        "_clock_at",
        "_turns",
        "_watch_at",
        "checkpoint",
        "deadline",
        "default",
        "expanded",
        "limit",
        "limits",
        "max_depth",
        "stored",
        "t0",
        "wants_line",
        "watch",
    )

    def __init__(
        self,
        limits: Limits = NO_LIMITS,
        *,
        default: bool = False,
        watch: Watcher | None = None,
        wants_line: LineWanted = "whole",
    ) -> None:
        self.limits = limits
        self.wants_line = wants_line
        self.default = default
        """The limits are the game's defaults, not the caller's."""
        self.expanded = 0
        self.stored = 0
        self.max_depth = 0
        self.t0 = time.perf_counter()
        self.deadline = None if limits.timeout is None else self.t0 + limits.timeout
        self.limit: Limit | None = None
        """The limit reached, once one is."""
        self._turns: list[int] = []
        self._clock_at = CLOCK_EVERY
        self.watch = watch
        self._watch_at = WATCH_EVERY
        self.checkpoint = _NEVER
        if limits.any or watch is not None:
            self._aim()

    def _aim(self) -> None:
        """Put the checkpoint at the nearest place where something must be decided."""
        at = self._clock_at if self.deadline is not None else _NEVER
        lim = self.limits
        if lim.max_states is not None:
            at = min(at, lim.max_states)
        if lim.max_table is not None:
            # Keys are stored only for positions expanded, at most one each,
            # so the table cannot fill before this many more expansions.
            at = min(at, self.expanded + max(0, lim.max_table - self.stored))
        if self._turns:
            at = min(at, self._turns[-1])
        if self.watch is not None:
            at = min(at, self._watch_at)
        self.checkpoint = at

    def interrupted(self) -> bool:
        """Whether the run asking must yield now: a limit is reached or its turn is over.

        Call it when ``expanded`` has reached ``checkpoint``, before expanding.
        """
        if self.limit is not None:
            return True
        if self.watch is not None and self.expanded >= self._watch_at:
            self._watch_at = self.expanded + WATCH_EVERY
            self.watch(self)
        lim = self.limits
        if lim.max_states is not None and self.expanded >= lim.max_states:
            self.limit = Limit.STATES
        elif lim.max_table is not None and self.stored >= lim.max_table:
            self.limit = Limit.TABLE
        elif self.deadline is not None and self.expanded >= self._clock_at:
            if time.perf_counter() >= self.deadline:
                self.limit = Limit.TIME
            self._clock_at = self.expanded + CLOCK_EVERY
        if self.limit is not None:
            self.checkpoint = 0
            return True
        if self._turns and self.expanded >= self._turns[-1]:
            return True
        self._aim()
        return False

    def table_full(self) -> bool:
        """For runs that store keys ahead of expanding them: whether the table limit is reached."""
        lim = self.limits
        if lim.max_table is not None and self.stored >= lim.max_table:
            self.limit = Limit.TABLE
            self.checkpoint = 0
            return True
        return False

    def narrow(self, more: int, *, default: bool) -> None:
        """Lower the state limit to ``more`` expansions from now, unless it is lower already.

        For a part of a solve that may go on for far longer than the rest
        (the search for a shorter line after a line is found, say: see
        :func:`~.portfolio.shortened`). The lowered limit is an ordinary
        one from then on: a result it stops names it, with its value (the
        expansions so far plus ``more``), and ``default`` says whether it
        is a default of the game rather than the caller's (the flag is the
        budget's, for all its limits: narrow a budget whose limits are all
        of one kind).
        """
        if more < 1:
            raise ValueError(f"more must be at least 1, not {more}")
        at = self.expanded + more
        if self.limits.max_states is not None and self.limits.max_states <= at:
            return
        self.limits = Limits(at, self.limits.timeout, self.limits.max_table)
        self.default = default
        self._aim()

    # -- turns

    @property
    def turn_end(self) -> int:
        """The count of expansions at which the current turn ends (very large outside turns)."""
        return self._turns[-1] if self._turns else _NEVER

    def begin_turn(self, share: int) -> None:
        """Start a turn of at most ``share`` expansions, within the turn around it, if any."""
        self._turns.append(min(self.turn_end, self.expanded + max(1, share)))
        self._aim()

    def end_turn(self) -> None:
        """End the current turn."""
        self._turns.pop()
        self._aim()

    def paused(self) -> bool:
        """For a run that holds runs of its own, after one of them yielded: whether it must
        yield too, because a limit was reached or the turn around it is over."""
        return self.limit is not None or self.expanded >= self.turn_end

    # -- searches inside hooks

    def share(self, max_states: int) -> Budget | None:
        """A budget for a search made inside a hook (a dead-end test that searches, say).

        It may expand at most ``max_states`` states, and never more than this
        budget has room for: states, table and clock. ``None`` when there is
        no room left. The hook charges the work done with :meth:`charge`, so
        that it counts like any other; it does not wait for the end of a
        turn, so a turn may run over by at most one such search.
        """
        lim = self.limits
        states = max_states
        if lim.max_states is not None:
            states = min(states, lim.max_states - self.expanded)
        table = None
        if lim.max_table is not None:
            table = lim.max_table - self.stored
            if table < 1:
                return None
        timeout = None
        if self.deadline is not None:
            timeout = self.deadline - time.perf_counter()
            if not timeout > 0:
                return None
        if states < 1:
            return None
        return Budget(Limits(max_states=states, timeout=timeout, max_table=table))

    def charge(self, sub: Budget) -> None:
        """Count the work of a search made under ``sub`` (from :meth:`share`) as this budget's.

        Its expansions and stored keys count here; its depth does not (a
        hook's search is not a line of the game). When the clock stopped it,
        the next look at this budget looks at the clock too.
        """
        self.expanded += sub.expanded
        self.stored += sub.stored
        if sub.limit is Limit.TIME:
            self._clock_at = self.expanded
            self.checkpoint = min(self.checkpoint, self.expanded)

    # -- statistics

    def reach(self, depth: int) -> None:
        """Note that a line of ``depth`` moves from the start was explored."""
        if depth > self.max_depth:
            self.max_depth = depth

    def stats(self) -> SearchStats:
        """The statistics so far."""
        return SearchStats(
            self.expanded, self.stored, self.max_depth, time.perf_counter() - self.t0
        )

    def result(self, verdict: Verdict[M] | None) -> SolveResult[M]:
        """The result of a solve that ended with ``verdict`` (``None``: no verdict).

        A won verdict reached although a limit was reached is a line found
        before a limit stopped the search for a shorter one
        (:func:`~.portfolio.shortened`): the result names that limit too.
        """
        stats = self.stats()
        value = None if self.limit is None else self.limits.value(self.limit)
        by_default = self.default and value is not None
        if verdict is None:
            if self.limit is None:
                # Every strategy gave up without a limit: only incomplete ones ran.
                raise RuntimeError("no strategy reached a verdict and no limit was reached")
            return SolveResult(Status.UNKNOWN, (), stats, self.limit, value, by_default)
        if verdict.won:
            if verdict.shortest or self.limit is None:
                return SolveResult(
                    Status.WON,
                    verdict.moves,
                    stats,
                    shortest=verdict.shortest,
                    settled_by=verdict.by,
                )
            return SolveResult(
                Status.WON,
                verdict.moves,
                stats,
                limit=self.limit,
                limit_value=value,
                default_limit=by_default,
                settled_by=verdict.by,
            )
        return SolveResult(Status.LOST, (), stats, settled_by=verdict.by)


def drive(run: Run, budget: Budget) -> Verdict[Any] | None:
    """Run ``run`` to its end; ``None`` when a limit stopped it (or it found nothing)."""
    try:
        while True:
            next(run)
            if budget.limit is not None:
                run.close()
                return None
    except StopIteration as stop:
        verdict: Verdict[Any] | None = stop.value
        return verdict


def solve(
    strategy: Strategy,
    limits: Limits = NO_LIMITS,
    *,
    default: bool = False,
    watch: Watcher | None = None,
    wants_line: LineWanted = "whole",
) -> SolveResult[Any]:
    """Run ``strategy`` under ``limits`` and make the result.

    ``default`` says that the limits are the game's defaults, so that an
    unknown result can say so; ``watch`` is told of the progress (see
    :class:`Budget`), and once more at the end, so that a watcher of many
    short searches sees each of them whole. ``wants_line`` asks for less
    than the whole line of a win (see :class:`Budget`).
    """
    budget = Budget(limits, default=default, watch=watch, wants_line=wants_line)
    result = budget.result(drive(strategy(budget), budget))
    if watch is not None:
        watch(budget)
    return result
