"""What a search returns: a frozen result with a status, the moves and statistics."""

from __future__ import annotations

import enum
from typing import Generic, TypeVar

import attrs

M = TypeVar("M")


class Status(enum.Enum):
    """The verdict of a search."""

    WON = "won"
    """A winning line was found; :attr:`SolveResult.moves` holds it."""
    LOST = "lost"
    """The whole state space was searched and no winning line exists."""
    UNKNOWN = "unknown"
    """A limit set by the caller stopped the search before a verdict."""


class Limit(enum.Enum):
    """Which caller-set limit stopped a search that ended :attr:`Status.UNKNOWN`."""

    STATES = "states"
    TIME = "time"
    TABLE = "table"


@attrs.frozen
class Limits:
    """Limits a caller may set on one search; ``None`` means no limit.

    ``max_states`` bounds the states expanded, ``timeout`` the seconds spent,
    ``max_table`` the entries of the transposition table.
    """

    max_states: int | None = None
    timeout: float | None = None
    max_table: int | None = None

    def __attrs_post_init__(self) -> None:
        for name in ("max_states", "max_table"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise ValueError(f"{name} must be at least 1, not {value}")
        if self.timeout is not None and not self.timeout > 0:
            raise ValueError(f"timeout must be more than 0 seconds, not {self.timeout}")


NO_LIMITS = Limits()


@attrs.frozen
class SearchStats:
    """Effort of one search.

    ``expanded`` counts states whose moves were generated, ``unique`` the
    distinct canonical keys stored, ``max_depth`` the longest line examined
    and ``elapsed`` the wall-clock seconds.
    """

    expanded: int = 0
    unique: int = 0
    max_depth: int = 0
    elapsed: float = 0.0


@attrs.frozen
class SolveResult(Generic[M]):
    """The result of solving one position.

    ``moves`` is the winning line when ``status`` is :attr:`Status.WON` and
    empty otherwise; ``limit`` names the limit that stopped an unknown search.
    """

    status: Status
    moves: tuple[M, ...] = ()
    stats: SearchStats = SearchStats()
    limit: Limit | None = None

    @property
    def won(self) -> bool:
        """True when a winning line was found."""
        return self.status is Status.WON

    @property
    def lost(self) -> bool:
        """True when the search proved that no winning line exists."""
        return self.status is Status.LOST
