"""What a run's results come to: counts, the win rate and its intervals, the spread of effort.

The interval and percentile maths is :mod:`solitaire_solver.maths`; this
module holds what is particular to a run of deals: the summary, and the
tallies that build it one result at a time in bounded memory.
"""

from __future__ import annotations

import math
import statistics
from array import array
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ..games import Game
from ..maths import nearest_rank, percentile, t_interval, wilson_interval
from ..records.store import DealResult
from ..search import Status


@attrs.frozen
class Spread:
    """The median, 99th percentile (nearest rank) and maximum of some values.

    ``exact`` is false when the values were too many to keep (see
    :class:`SpreadTally`): the median and percentile are then within 0.1%.
    """

    median: float
    p99: float
    maximum: float
    exact: bool = True

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        """The spread of ``values`` (all zero when there are none)."""
        if not values:
            return cls(0.0, 0.0, 0.0)
        return cls(float(statistics.median(values)), percentile(values, 99), float(max(values)))


class SpreadTally:
    """The :class:`Spread` of a stream of non-negative values, in bounded memory.

    The first ``exact_limit`` values are kept and give the exact spread.
    Past that they go into buckets whose ends are a factor ``RATIO`` apart:
    a bucket's middle is within 0.1% of any value in it, so the median and
    percentile are too, while the buckets number a few thousand for any
    values a search produces. The maximum is always exact.
    """

    RATIO = 1.002
    EXACT_LIMIT = 1 << 20

    def __init__(self, exact_limit: int = EXACT_LIMIT) -> None:
        self._limit = exact_limit
        self._values: array[float] | None = array("d")
        self._buckets: dict[int, int] = {}
        self._zeros = 0
        self._count = 0
        self._max = 0.0

    def add(self, value: float) -> None:
        """Count one value."""
        self._count += 1
        self._max = max(self._max, value)
        if self._values is not None:
            self._values.append(value)
            if len(self._values) > self._limit:
                kept, self._values = self._values, None
                for v in kept:
                    self._bucket(v)
        else:
            self._bucket(value)

    def _bucket(self, value: float) -> None:
        if value <= 0:
            self._zeros += 1
            return
        k = math.floor(math.log(value) / math.log(self.RATIO))
        self._buckets[k] = self._buckets.get(k, 0) + 1

    def _rank_value(self, rank: int) -> float:
        """The ``rank``-th smallest value (from 1), as its bucket's middle."""
        seen = self._zeros
        if rank <= seen:
            return 0.0
        for k in sorted(self._buckets):
            seen += self._buckets[k]
            if rank <= seen:
                return min(self._max, float(self.RATIO ** (k + 0.5)))
        return self._max

    def spread(self) -> Spread:
        """The spread of every value counted so far."""
        if self._values is not None:
            return Spread.of(self._values)
        n = self._count
        # The median as statistics.median takes it: the middle value, or
        # the mean of the two middle ones.
        median = (self._rank_value((n + 1) // 2) + self._rank_value(n // 2 + 1)) / 2
        p99 = self._rank_value(nearest_rank(99, n))
        return Spread(median, p99, self._max, exact=False)


@attrs.frozen
class Mean:
    """The mean of real numbers, one per deal, with its 95% t interval (:func:`.t_interval`):
    ``count`` values from ``minimum`` to ``maximum``, sample standard deviation ``sd``."""

    count: int
    mean: float
    sd: float
    minimum: float
    maximum: float

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% t interval of the mean (the whole line with fewer than two values)."""
        return t_interval(self.count, self.mean, self.sd)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form (an interval end that is infinite is ``None``)."""
        ends = [x if math.isfinite(x) else None for x in self.interval]
        return {
            "count": self.count,
            "mean": self.mean,
            "sd": self.sd,
            "interval": ends,
            "min": self.minimum,
            "max": self.maximum,
        }


class MeanTally:
    """A :class:`Mean` built one value at a time (Welford's running mean and variance)."""

    def __init__(self) -> None:
        self.count = 0
        self.mean = 0.0
        self.m2 = 0.0
        self.minimum = math.inf
        self.maximum = -math.inf

    def add(self, x: float) -> None:
        """Count one value."""
        self.count += 1
        delta = x - self.mean
        self.mean += delta / self.count
        self.m2 += delta * (x - self.mean)
        self.minimum = min(self.minimum, x)
        self.maximum = max(self.maximum, x)

    def summary(self) -> Mean | None:
        """The mean so far, or ``None`` with no value."""
        if not self.count:
            return None
        sd = math.sqrt(self.m2 / (self.count - 1)) if self.count > 1 else 0.0
        return Mean(self.count, self.mean, sd, self.minimum, self.maximum)


@attrs.frozen
class Summary:
    """Winnability of a set of deals under one game's rules.

    ``win_rate`` and ``interval`` (95% Wilson) count the settled deals only.
    ``bounds`` is the conservative 95% interval over every deal: its lower
    end counts the unknown deals lost, its upper end counts them won; with
    no unknown deals it equals ``interval``. ``lengths`` maps a winning
    line's number of moves to how many deals were won with it. ``reused``
    counts the deals whose result came from the store, ``imported`` those of
    them that came into it from a verdict file (their effort is not known:
    ``states`` and ``seconds`` leave them out). ``unknown_limits`` says which
    limit stopped the unknown deals: pairs of a limit's name (``states``,
    ``time``, ``table``, or ``imported`` for rows from a verdict file, which
    do not say) and the number of deals it stopped. An upper bound's run (its
    rows carry a ``value``) has the mean of those values (``values``), and the
    mean of each value less the deal's verdict with full sight (1 won, 0
    lost) over the deals that have both (``paired``): how far the bound lies
    below the rate with full sight, deal by deal; ``capped`` counts the deals
    whose value is the potential's ceiling, a limit having stopped their inner
    search, and :attr:`bound` is the mean when every deal has a value.
    """

    game: str
    fingerprint: str
    deals: int
    won: int
    lost: int
    unknown: int
    states: Spread
    seconds: Spread
    lengths: tuple[tuple[int, int], ...] = ()
    reused: int = 0
    imported: int = 0
    unknown_limits: tuple[tuple[str, int], ...] = ()
    values: Mean | None = None
    paired: Mean | None = None
    capped: int = 0

    @property
    def bound(self) -> float | None:
        """An upper bound's run: the mean of the deals' values, which is an upper bound on
        the fair odds over these deals only when every deal has one (``None`` when some
        deal has none: the mean of the others bounds nothing)."""
        if self.values is None or self.values.count < self.deals:
            return None
        return self.values.mean

    @property
    def settled(self) -> int:
        """Deals with a verdict: won plus lost."""
        return self.won + self.lost

    @property
    def win_rate(self) -> float | None:
        """Won over settled deals (``None`` when none is settled)."""
        return self.won / self.settled if self.settled else None

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate over settled deals."""
        return wilson_interval(self.won, self.settled)

    @property
    def bounds(self) -> tuple[float, float]:
        """The conservative 95% interval: unknowns lost for the low end, won for the high."""
        return (
            wilson_interval(self.won, self.deals)[0],
            wilson_interval(self.won + self.unknown, self.deals)[1],
        )

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form of the summary."""
        return {
            "game": self.game,
            "fingerprint": self.fingerprint,
            "deals": self.deals,
            "won": self.won,
            "lost": self.lost,
            "unknown": self.unknown,
            "win_rate": self.win_rate,
            "interval": list(self.interval),
            "bounds": list(self.bounds),
            "states": attrs.asdict(self.states),
            "seconds": attrs.asdict(self.seconds),
            "lengths": {str(k): v for k, v in self.lengths},
            "reused": self.reused,
            "imported": self.imported,
            "unknown_limits": dict(self.unknown_limits),
            "values": None if self.values is None else self.values.as_dict(),
            "paired": None if self.paired is None else self.paired.as_dict(),
            "capped": self.capped,
            "bound": self.bound,
        }


class Tally:
    """A :class:`Summary` built one result at a time, in memory that does not grow with them.

    Results may come in any order (a pool returns them as they finish); the
    summary does not depend on it.
    """

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.counts = dict.fromkeys(Status, 0)
        self.states = SpreadTally()
        self.seconds = SpreadTally()
        self.lengths: dict[int, int] = {}
        self.reused = 0
        self.imported = 0
        self.unknown_limits: dict[str, int] = {}
        self.values = MeanTally()
        self.paired = MeanTally()
        self.capped = 0

    def add(self, r: DealResult) -> None:
        """Count one deal's result.

        A result imported from a verdict file keeps its verdict and line
        length but not the search's effort: it counts in everything but the
        spreads of states and time.
        """
        self.counts[r.status] += 1
        if r.imported:
            self.imported += 1
        else:
            self.states.add(r.states)
            self.seconds.add(r.seconds)
        self.reused += r.from_store
        if r.status is Status.WON and r.value is None:
            # An upper bound's won rows are the verdicts with full sight: no line.
            self.lengths[r.length] = self.lengths.get(r.length, 0) + 1
        elif r.status is Status.UNKNOWN:
            which = r.limit.value if r.limit is not None else "imported"
            self.unknown_limits[which] = self.unknown_limits.get(which, 0) + 1
        if r.value is not None:
            self.values.add(r.value)
            self.capped += r.limit is not None
            if r.status is not Status.UNKNOWN:
                self.paired.add(r.value - (r.status is Status.WON))

    def summary(self) -> Summary:
        """The summary of every result added so far."""
        return Summary(
            game=self.game.preset,
            fingerprint=self.game.fingerprint,
            deals=sum(self.counts.values()),
            won=self.counts[Status.WON],
            lost=self.counts[Status.LOST],
            unknown=self.counts[Status.UNKNOWN],
            states=self.states.spread(),
            seconds=self.seconds.spread(),
            lengths=tuple(sorted(self.lengths.items())),
            reused=self.reused,
            imported=self.imported,
            unknown_limits=tuple(sorted(self.unknown_limits.items())),
            values=self.values.summary(),
            paired=self.paired.summary(),
            capped=self.capped,
        )


def summarize(game: Game[Any, Any], results: Iterable[DealResult]) -> Summary:
    """The :class:`Summary` of some deals' results under ``game``'s rules."""
    tally = Tally(game)
    for r in results:
        tally.add(r)
    return tally.summary()
