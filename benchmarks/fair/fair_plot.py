"""Draw the fair odds beside the thoughtful rate, per preset, from `stats --json` outputs.

Each argument is ``LABEL=THOUGHTFUL.json,FAIR.json``: two documents that
``solitaire-solver stats ... --json`` printed over the same deals, the first
without ``--player``, the second with ``--player fair``. The bars are the win
rates, the whiskers their 95% Wilson intervals. Where a document leaves
deals unknown (Windmill's thoughtful table), a hatched bar stacks them on the
wins: the true rate lies within the two. Example (the picture in
docs/results/fair-odds.md)::

    python benchmarks/fair/fair_plot.py docs/images/fair-odds.png \\
        decade=d-thoughtful.json,d-fair.json decade-optional=o-thoughtful.json,o-fair.json
"""

from __future__ import annotations

import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from solitaire_solver.maths import wilson_interval


def rate(path: str) -> tuple[float, float, float, int, float]:
    """The win rate of a stats document, its interval, its deals and the share unknown."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    won, deals = int(doc["won"]), int(doc["deals"])
    low, high = wilson_interval(won, deals)
    return won / deals, low, high, deals, int(doc.get("unknown", 0)) / deals


def main(argv: list[str]) -> None:
    """Write the picture to ``argv[0]`` from the pairs that follow."""
    out, pairs = argv[0], argv[1:]
    fig, ax = plt.subplots(figsize=(7, 3.8))
    labels: list[str] = []
    unknown_shown = False
    for i, pair in enumerate(pairs):
        label, files = pair.split("=", 1)
        for j, (path, colour, name) in enumerate(
            zip(
                files.split(","), ("#4477aa", "#ee6677"), ("thoughtful", "fair player"), strict=True
            )
        ):
            r, low, high, deals, unknown = rate(path)
            x = i + (j - 0.5) * 0.38
            ax.bar(x, r * 100, 0.36, color=colour, label=name if i == 0 else None)
            if unknown:
                ax.bar(
                    x,
                    unknown * 100,
                    0.36,
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
            ax.text(x, top * 100 + 1.5, f"{r:.1%}", ha="center", fontsize=8)
        labels.append(f"{label}\n{deals:,} deals")
    ax.set_xticks(range(len(pairs)), labels)
    ax.set_ylabel("deals won (%)")
    ax.set_ylim(0, 108)
    ax.legend(loc="upper left", fontsize=8)
    ax.set_title("Win rate with full sight (thoughtful) and for a player who cannot see")
    fig.tight_layout()
    fig.savefig(out, dpi=110)


if __name__ == "__main__":
    main(sys.argv[1:])
