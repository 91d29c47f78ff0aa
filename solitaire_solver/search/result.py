"""What a search returns: a frozen result with a status, the moves and statistics."""

from __future__ import annotations

import enum
from typing import Generic, TypeVar

import attrs

from ..errors import BadOptionError

M = TypeVar("M")


class Status(enum.Enum):
    """The verdict of a search."""

    WON = "won"
    """A winning line was found; :attr:`SolveResult.moves` holds it."""
    LOST = "lost"
    """The whole state space was searched and no winning line exists."""
    UNKNOWN = "unknown"
    """A limit stopped the search before a verdict."""


class Limit(enum.Enum):
    """Which limit stopped a search that ended :attr:`Status.UNKNOWN`."""

    STATES = "states"
    TIME = "time"
    TABLE = "table"


_LIMIT_FIELDS = {Limit.STATES: "max_states", Limit.TIME: "timeout", Limit.TABLE: "max_table"}

MOST_STATES = 10**18
"""The largest ``max_states`` or ``max_table``: more states than any search expands or holds
(a billion a second for thirty years), so that a larger one is a typing mistake, and one the
budget's arithmetic (a share of the limit, in floating point) can hold."""

MOST_SECONDS = 10**12
"""The largest finite ``timeout``, some thirty thousand years; ``inf`` stands for none."""


def limit_problem(name: str, value: object, shown: str | None = None) -> str | None:
    """What is wrong with ``value`` for the limit ``name`` (a :class:`Limits` field), or ``None``.

    The one rule for every entry point: the library, the command line and
    :class:`Limits` itself say the same thing about a bad limit. ``shown``
    is how the value was written, when it was text (``'0'``).
    """
    if value is None:
        return None
    text = shown if shown is not None else repr(value)
    # bool is an int to Python, but max_states=True is a mistake, not 1.
    text = text if len(text) <= 40 else text[:37] + "..."
    if name == "timeout":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return f"expected a number of seconds or None, not {text}"
        if not value > 0:
            return f"expected more than 0 seconds, not {text}"
        if value != float("inf") and value > MOST_SECONDS:
            return f"expected at most {MOST_SECONDS:,} seconds (or inf: no limit), not {text}"
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        return f"expected a whole number or None, not {text}"
    if value < 1:
        return f"expected a number of at least 1, not {text}"
    return None if value <= MOST_STATES else f"expected at most {MOST_STATES:,}, not {text}"


@attrs.frozen
class Limits:
    """Limits a caller may set on one search; ``None`` means no limit.

    ``max_states`` bounds the states expanded, ``timeout`` the seconds spent,
    ``max_table`` the keys stored in transposition tables over the whole
    solve (see :class:`SearchStats`).
    """

    max_states: int | None = None
    timeout: float | None = None
    max_table: int | None = None

    def __attrs_post_init__(self) -> None:
        for name in ("max_states", "timeout", "max_table"):
            problem = limit_problem(name, getattr(self, name))
            if problem is not None:
                raise BadOptionError(f"{name}: {problem}")

    @property
    def any(self) -> bool:
        """Whether any limit is set."""
        return not (self.max_states is None and self.timeout is None and self.max_table is None)

    def value(self, limit: Limit) -> int | float | None:
        """The value of one limit (``None`` when it is not set)."""
        value: int | float | None = getattr(self, _LIMIT_FIELDS[limit])
        return value

    def set_items(self) -> list[tuple[str, int | float]]:
        """``(field name, value)`` of each limit set, in field order: what a file or a
        JSON document writes of them."""
        return [
            (name, value)
            for name in _LIMIT_FIELDS.values()
            if (value := getattr(self, name)) is not None
        ]

    def text(self) -> str:
        """The limits set for people, whole numbers with thousands separators:
        ``max_states 140,000,000, timeout 60``, or ``none``."""
        return (
            ", ".join(
                f"{name} {value:,}" if isinstance(value, int) else f"{name} {value:g}"
                for name, value in self.set_items()
            )
            or "none"
        )

    def as_json(self) -> dict[str, int | float]:
        """The limits set as a JSON object (``{}``: none), as a plan or a listing writes them."""
        return dict(self.set_items())


NO_LIMITS = Limits()


@attrs.frozen
class SearchStats:
    """Effort of one solve, with one meaning for every game and every strategy.

    ``expanded`` counts positions whose moves were generated (a position
    expanded again, after a restart or by another strategy, counts again);
    ``unique`` the keys stored in transposition tables, over the whole solve
    (a search stores a key only for a position it expands, so ``unique`` is
    at most ``expanded + 1``); ``max_depth`` the longest line of moves from
    the start that the search explored (the winning line included; 0 when a
    loss was proved with no line of the game, by a relaxed game's search);
    ``elapsed`` the wall-clock seconds.
    """

    expanded: int = 0
    unique: int = 0
    max_depth: int = 0
    elapsed: float = 0.0


def limit_text(limit: Limit, value: int | float) -> str:
    """``3,000,000 states``, ``60 seconds`` or ``1,000 table entries``."""
    if limit is Limit.TIME:
        return f"{value:g} second" if value == 1 else f"{value:g} seconds"
    if limit is Limit.STATES:
        noun = "state" if value == 1 else "states"
    else:
        noun = "table entry" if value == 1 else "table entries"
    return f"{int(value):,} {noun}"


@attrs.frozen
class SolveResult(Generic[M]):
    """The result of solving one position.

    ``moves`` is the winning line when ``status`` is :attr:`Status.WON` and
    empty otherwise. For an unknown result, ``limit`` names the limit that
    stopped the search, ``limit_value`` its value and ``default_limit``
    whether it was a default of the game rather than the caller's.
    ``shortest`` is true when the line is proved to have the fewest moves;
    a won line not proved shortest because a limit stopped the search for a
    shorter one names that limit the same way.
    ``settled_by`` names the part of the solver that reached a won or lost
    verdict, when the solver is a composition that knows (``"beams: width
    8,192"``, ``"relaxation"``), else ``None``.
    """

    status: Status
    moves: tuple[M, ...] = ()
    stats: SearchStats = SearchStats()
    limit: Limit | None = None
    limit_value: int | float | None = None
    default_limit: bool = False
    shortest: bool = False
    settled_by: str | None = None

    @property
    def won(self) -> bool:
        """True when a winning line was found."""
        return self.status is Status.WON

    @property
    def lost(self) -> bool:
        """True when the search proved that no winning line exists."""
        return self.status is Status.LOST

    def stop_reason(self) -> str:
        """Why an unknown search stopped, such as ``the default limit of 3,000,000 states``.

        For a won line, the limit that stopped the search for a shorter one;
        empty when no limit stopped anything (and for a lost result).
        """
        if self.limit is None:
            return ""
        return stop_text(self.limit, self.limit_value, self.default_limit)


def stop_text(limit: Limit, value: int | float | None, default: bool) -> str:
    """The limit that stopped a search, such as ``the default limit of 3,000,000 states``.

    ``default`` says that it was a default of the game, not the caller's.
    The one wording of a stop, for a solve's result and a run's unknown deals.
    """
    if value is None:
        return f"the {limit.value} limit"
    which = "the default limit" if default else "the limit"
    return f"{which} of {limit_text(limit, value)}"
