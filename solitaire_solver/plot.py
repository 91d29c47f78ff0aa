"""Pictures of a winnability run (needs the optional ``plot`` extra: matplotlib).

The left panel is the running win rate over the deals in the order asked,
with its 95% Wilson band: it shows how quickly the estimate settles. The
right panel is a histogram of search effort (states expanded per deal, on a
logarithmic scale), stacked by verdict.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .errors import BadOptionError
from .search import Status
from .stats import Z95, Summary
from .store import DealResult

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
    if not p.parent.is_dir():
        raise BadOptionError(f"plot folder '{p.parent}' does not exist (for {p})")
    kinds = FigureCanvasBase.get_supported_filetypes()
    if p.suffix.lower().lstrip(".") not in kinds:
        raise BadOptionError(
            f"cannot draw '{p}': name it with a picture suffix such as .png or .svg"
        )
    return p


def plot_run(path: str | os.PathLike[str], summary: Summary, results: Sequence[DealResult]) -> None:
    """Write the running win rate and the effort histogram of ``results`` to ``path``.

    The file type follows the suffix (``.png``, ``.svg``, ``.pdf``, ...).
    """
    p = check_plot_path(path)
    import numpy as np
    from matplotlib.figure import Figure

    fig = Figure(figsize=(12, 4.5), layout="constrained")
    rate_ax, effort_ax = fig.subplots(1, 2)
    _running_rate(rate_ax, results, np)
    _effort(effort_ax, results, np)
    rate = "" if summary.win_rate is None else f", win rate {100 * summary.win_rate:.2f}%"
    fig.suptitle(f"{summary.fingerprint}: {summary.deals} deals{rate}")
    try:
        fig.savefig(p)
    except (ValueError, OSError) as exc:
        raise BadOptionError(f"cannot write plot '{p}': {exc}") from None


def _running_rate(ax: Any, results: Sequence[DealResult], np: Any) -> None:
    won = np.array([r.status is Status.WON for r in results], dtype=float)
    settled = np.array([r.status is not Status.UNKNOWN for r in results], dtype=float)
    x = np.arange(1, len(results) + 1)
    k = np.cumsum(won)
    n = np.cumsum(settled)
    keep = n > 0
    x, k, n = x[keep], k[keep], n[keep]
    # The Wilson interval (as in stats.wilson_interval), for every prefix at once.
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


def _effort(ax: Any, results: Sequence[DealResult], np: Any) -> None:
    efforts = [max(r.states, 1) for r in results] or [1]
    low, high = min(efforts), max(efforts)
    bins = np.logspace(np.log10(low), np.log10(high + 1), 40)
    data, labels, colours = [], [], []
    for status in Status:
        values = [max(r.states, 1) for r in results if r.status is status]
        if values:
            data.append(values)
            labels.append(f"{status.value} ({len(values)})")
            colours.append(_COLOURS[status])
    ax.hist(data, bins=bins, stacked=True, label=labels, color=colours)
    ax.set_xscale("log")
    ax.set_xlabel("states expanded per deal")
    ax.set_ylabel("deals")
    ax.set_title("search effort")
    ax.legend()
    ax.grid(alpha=0.3)
