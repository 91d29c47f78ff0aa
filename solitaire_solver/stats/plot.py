"""Pictures of a winnability run (needs the optional ``plot`` extra: matplotlib).

The left panel is the running win rate over the deals in the order asked,
with its 95% Wilson band: it shows how quickly the estimate settles. The
right panel is a histogram of search effort (states expanded per deal, on a
logarithmic scale), stacked by verdict.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..cards import count_text
from ..errors import BadOptionError, UnknownGameError
from ..games import find_preset
from ..reading import write_problem
from ..records.store import DealResult
from ..search import Status
from . import Z95, Summary

_COLOURS = {Status.WON: "tab:green", Status.LOST: "tab:red", Status.UNKNOWN: "tab:gray"}


def check_plot_path(path: str | os.PathLike[str]) -> Path:
    """``path`` if a plot can be written there: matplotlib present, folder existing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise BadOptionError(
            "--plot needs matplotlib: pip install 'solitaire_solver[plot]'"
        ) from None
    from matplotlib.backend_bases import FigureCanvasBase

    p = Path(path)
    problem = write_problem(path)
    if problem is not None:
        raise BadOptionError(f"--plot: cannot write '{os.fspath(path)}': {problem}")
    kinds = FigureCanvasBase.get_supported_filetypes()
    if p.suffix.lower().lstrip(".") not in kinds:
        raise BadOptionError(
            f"cannot draw '{p}': name it with a picture suffix such as .png or .svg"
        )
    return p


_POINTS = 2000
"""Most points drawn on the running win rate: enough for a smooth line, whatever the range."""
_BINS_PER_DECADE = 10
"""Bins of the effort histogram per factor of ten in states."""


class _RunningRate:
    """The running win rate, kept at evenly spaced deals only."""

    def __init__(self, deals: int) -> None:
        self.step = max(1, math.ceil(deals / _POINTS))
        self.seen = self.won = self.settled = 0
        self.points: list[tuple[int, int, int]] = []

    def add(self, r: DealResult) -> None:
        self.seen += 1
        self.won += r.status is Status.WON
        self.settled += r.status is not Status.UNKNOWN
        if self.seen % self.step == 0:
            self.points.append((self.seen, self.won, self.settled))

    def finish(self) -> list[tuple[int, int, int]]:
        if not self.points or self.points[-1][0] != self.seen:
            self.points.append((self.seen, self.won, self.settled))
        return self.points


class _Effort:
    """How many deals of each verdict fall in each logarithmic bin of states expanded."""

    def __init__(self) -> None:
        self.counts: dict[Status, dict[int, int]] = {status: {} for status in Status}

    def add(self, r: DealResult) -> None:
        b = math.floor(math.log10(max(r.states, 1)) * _BINS_PER_DECADE)
        bins = self.counts[r.status]
        bins[b] = bins.get(b, 0) + 1


def _changed_rules(summary: Summary) -> list[str]:
    """The ``name=value`` knobs of the summary's rules that differ from its preset's."""
    try:
        preset = find_preset(summary.game).make().fingerprint.split()[1:]
    except UnknownGameError:
        preset = []
    return [word for word in summary.fingerprint.split()[1:] if word not in preset]


def _percent(x: float) -> str:
    return f"{100 * x:.2f}%"


def plot_title(summary: Summary) -> str:
    """The title of a run's picture: the preset (and any changed rule) and the win rate.

    With unknown deals the rate is given as the conservative bounds, won
    over all deals and won plus unknown over all: the rate of the settled
    deals alone would claim more than is known.
    """
    changed = _changed_rules(summary)
    name = summary.game + (f" with {' '.join(changed)}" if changed else "")
    head = f"{name}: {count_text(summary.deals, 'deal')}"
    if summary.unknown:
        low = summary.won / summary.deals
        high = (summary.won + summary.unknown) / summary.deals
        return (
            f"{head}, {summary.unknown:,} unknown: win rate {_percent(low)} to {_percent(high)} "
            "(unknowns counted lost, then won)"
        )
    if summary.win_rate is None:
        return head
    low, high = summary.interval
    return (
        f"{head}, win rate {_percent(summary.win_rate)} "
        f"(95% Wilson {_percent(low)} to {_percent(high)})"
    )


def plot_run(path: str | os.PathLike[str], summary: Summary, results: Iterable[DealResult]) -> None:
    """Write the running win rate and the effort histogram of ``results`` to ``path``.

    ``results`` are the deals' results in the order asked, read once: what
    is drawn is kept in memory that does not grow with the range. The file
    type follows the suffix (``.png``, ``.svg``, ``.pdf``, ...).
    """
    p = check_plot_path(path)
    import numpy as np
    from matplotlib.figure import Figure

    rate = _RunningRate(summary.deals)
    effort = _Effort()
    for r in results:
        rate.add(r)
        effort.add(r)
    fig = Figure(figsize=(12, 4.5), layout="constrained")
    rate_ax, effort_ax = fig.subplots(1, 2)
    _running_rate(rate_ax, rate.finish(), np)
    _effort(effort_ax, effort, np)
    fig.suptitle(plot_title(summary))
    try:
        fig.savefig(p)
    except (ValueError, OSError) as exc:
        raise BadOptionError(f"cannot write plot '{p}': {exc}") from None


def _running_rate(ax: Any, points: list[tuple[int, int, int]], np: Any) -> None:
    x, k, n = (np.array(column, dtype=float) for column in zip(*points, strict=True))
    keep = n > 0
    x, k, n = x[keep], k[keep], n[keep]
    # The Wilson interval (as in stats.wilson_interval), for every point at once.
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    ax.fill_between(x, np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1), alpha=0.3)
    ax.plot(x, p, linewidth=1)
    ax.set_xlabel("deals solved (in the order asked)")
    ax.set_ylabel("win rate (settled deals)")
    ax.set_title("running win rate with 95% Wilson interval")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)


def _effort(ax: Any, effort: _Effort, np: Any) -> None:
    used = [b for bins in effort.counts.values() for b in bins] or [0]
    low, high = min(used), max(used)
    edges = 10.0 ** (np.arange(low, high + 2) / _BINS_PER_DECADE)
    middles = np.sqrt(edges[:-1] * edges[1:])
    data, weights, labels, colours = [], [], [], []
    for status in Status:
        bins = effort.counts[status]
        if bins:
            data.append(middles)
            weights.append([bins.get(b, 0) for b in range(low, high + 1)])
            labels.append(f"{status.value} ({sum(bins.values()):,})")
            colours.append(_COLOURS[status])
    if data:
        ax.hist(data, bins=edges, weights=weights, stacked=True, label=labels, color=colours)
        ax.legend()
    ax.set_xscale("log")
    ax.set_xlabel("states expanded per deal")
    ax.set_ylabel("deals")
    ax.set_title("search effort")
    ax.grid(alpha=0.3)
