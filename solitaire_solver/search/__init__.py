"""The generic search core: it knows nothing about cards.

A game (or a toy puzzle) implements :class:`SearchProblem`; :func:`depth_first`
decides whether a position can be won, :func:`astar` finds a shortest win.
"""

from .astar import astar
from .dfs import depth_first
from .protocol import ProblemDefaults, SearchProblem
from .result import NO_LIMITS, Limit, Limits, SearchStats, SolveResult, Status

__all__ = [
    "NO_LIMITS",
    "Limit",
    "Limits",
    "ProblemDefaults",
    "SearchProblem",
    "SearchStats",
    "SolveResult",
    "Status",
    "astar",
    "depth_first",
]
