"""Compiled strategies under the engine's budget.

A game may give the engine a search written in C (a beam over its own
compact states, say: ``search/native/beam.h``), for speed. Such a search is
an object with the small interface of :class:`Compiled`: it expands at most a
given number of positions per call and keeps everything between calls.
:func:`compiled` runs it as a strategy like any other: it counts its
expansions on the budget, yields when the budget interrupts it (a limit, or
the end of its turn in a portfolio), and gives back its verdict. A search
that may expand a position more than once (the discrepancy search's
iterations, ``search/native/lds.h``) also says how many it stored, as
``stored``; otherwise every expansion is a position stored.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .budget import LOST, Budget, Run, won

PURE = "SOLITAIRE_SOLVER_PURE"
"""An environment variable: ``1`` leaves every game's compiled kernel out (the solvers
then run on their Python models, as they do where the extensions were not built)."""


def pure() -> bool:
    """Whether :data:`PURE` asks for the Python models alone."""
    return os.environ.get(PURE, "") not in ("", "0")


PAUSED, WON, DONE = 0, 1, 2
"""What :meth:`Compiled.run` returns: it expanded what it was allowed to, it
reached a won position, or it has nothing left to expand."""

SLICE = 1 << 16
"""The most positions one call may expand: the process answers a signal (Ctrl-C)
between calls, so a compiled search is never deaf for more than a fraction of a
second."""


class Compiled(Protocol):
    """A compiled search at work (see the module docstring)."""

    @property
    def expanded(self) -> int:
        """Positions expanded so far (each also stored in a table once)."""
        ...

    @property
    def max_depth(self) -> int:
        """The longest line explored, in moves."""
        ...

    @property
    def truncated(self) -> bool:
        """Whether the search left reachable positions out (so its end proves nothing)."""
        ...

    def run(self, n: int) -> int:
        """Expand at most ``n`` positions; :data:`PAUSED`, :data:`WON` or :data:`DONE`."""
        ...

    def line(self) -> Sequence[Any]:
        """Once won: the won line, as the search's moves."""
        ...


def compiled(
    search: Compiled,
    budget: Budget,
    *,
    exact: bool = True,
    moves: Callable[[Sequence[Any]], Sequence[Any]] = tuple,
) -> Run:
    """Run ``search`` under ``budget``; its line goes through ``moves`` on a win.

    Returns ``LOST`` when it ran out of positions having left none out and
    ``exact`` says its moves are every legal move; ``None`` when it left
    positions out (or its moves are not all the game's).
    """
    b = budget
    while True:
        while b.expanded >= b.checkpoint and b.interrupted():
            yield
        before = search.expanded
        kept: int | None = getattr(search, "stored", None)
        status = search.run(min(b.checkpoint - b.expanded, SLICE))
        done = search.expanded - before
        b.expanded += done
        now: int | None = getattr(search, "stored", None)
        b.stored += done if kept is None or now is None else now - kept
        b.reach(search.max_depth)
        if status == WON:
            return won(moves(search.line()))
        if status == DONE:
            return None if search.truncated or not exact else LOST
