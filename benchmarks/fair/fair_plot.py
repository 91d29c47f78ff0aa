"""Draw the fair odds between their bounds, per preset, from `stats --json` outputs.

Each argument is ``LABEL=THOUGHTFUL,FAIR[,UPPER]``: what ``solitaire-solver
stats ... --json`` printed over the same deals, without ``--player``, with
``--player fair`` and with ``--player upper``. THOUGHTFUL and FAIR may also
be written ``WON/DEALS`` or ``WON/DEALS+UNKNOWN`` (a figure published
without its document). The first two bars are win rates with their 95%
Wilson intervals; where deals are unknown (Windmill's thoughtful table), a
hatched bar stacks them on the wins: the true rate lies within the two. The
third is the upper bound on the fair odds, the mean over the deals of each
deal's inner optimum, with its 95% t interval over the deals. Example (the
picture in docs/results/fair-odds.md)::

    python benchmarks/fair/fair_plot.py docs/images/fair-odds.png \\
        decade=d-thoughtful.json,d-fair.json,d-upper.json \\
        decade-optional=8635/10000,8635/10000,o-upper.json
"""

from __future__ import annotations

import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from solitaire_solver.maths import wilson_interval


def rate(source: str) -> tuple[float, float, float, int, float]:
    """The win rate of a stats document (or of ``WON/DEALS[+UNKNOWN]``), its interval, its
    deals and the share unknown."""
    if source[:1].isdigit():
        won_text, _, rest = source.partition("/")
        deals_text, _, unknown_text = rest.partition("+")
        won, deals, unknown = int(won_text), int(deals_text), int(unknown_text or 0)
    else:
        with open(source, encoding="utf-8") as f:
            doc = json.load(f)
        won, deals, unknown = int(doc["won"]), int(doc["deals"]), int(doc.get("unknown", 0))
    low, high = wilson_interval(won, deals)
    return won / deals, low, high, deals, unknown / deals


def bound(path: str) -> tuple[float, float, float]:
    """The upper bound of a ``--player upper`` document and its 95% t interval."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if doc.get("bound") is None:
        raise SystemExit(f"{path}: no bound (a deal has no value)")
    low, high = doc["values"]["interval"]
    return float(doc["bound"]), float(low), float(high)


COLOURS = ("#4477aa", "#ee6677", "#228833")
NAMES = ("thoughtful (full sight)", "fair player (lower bound)", "upper bound")
WIDTH = 0.27


def main(argv: list[str]) -> None:
    """Write the picture to ``argv[0]`` from the pairs that follow."""
    out, pairs = argv[0], argv[1:]
    fig, ax = plt.subplots(figsize=(8, 4))
    labels: list[str] = []
    unknown_shown = False
    for i, pair in enumerate(pairs):
        label, files = pair.split("=", 1)
        sources = files.split(",")
        for j, source in enumerate(sources):
            x = i + (j - 1) * WIDTH
            colour, name = COLOURS[j], NAMES[j]
            if j == 2:
                r, low, high = bound(source)
                unknown = 0.0
            else:
                r, low, high, deals, unknown = rate(source)
            ax.bar(x, r * 100, WIDTH * 0.95, color=colour, label=name if i == 0 else None)
            if unknown:
                ax.bar(
                    x,
                    unknown * 100,
                    WIDTH * 0.95,
                    bottom=r * 100,
                    color="white",
                    edgecolor=colour,
                    hatch="///",
                    label=None if unknown_shown else "unknown",
                )
                unknown_shown = True
            ax.errorbar(
                x, r * 100, [[(r - low) * 100], [(high - r) * 100]], color="black", capsize=3
            )
            top = max(high, r + unknown)
            ax.text(x, top * 100 + 1.5, f"{r:.1%}", ha="center", fontsize=7)
        labels.append(f"{label}\n{deals:,} deals")
    ax.set_xticks(range(len(pairs)), labels)
    ax.set_ylabel("deals won (%)")
    ax.set_ylim(0, 128)
    ax.legend(loc="upper left", fontsize=8, ncol=4)
    ax.set_title("The fair odds between a fair player's wins and the upper bound")
    fig.tight_layout()
    fig.savefig(out, dpi=110)


if __name__ == "__main__":
    main(sys.argv[1:])
