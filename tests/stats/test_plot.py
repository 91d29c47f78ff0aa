"""The pictures of a run: what their titles say."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from solitaire_solver import make_game
from solitaire_solver.records.store import DealResult
from solitaire_solver.search import Status
from solitaire_solver.stats import summarize

matplotlib = pytest.importorskip("matplotlib")

from solitaire_solver.stats.plot import plot_run  # noqa: E402  (needs matplotlib)


@pytest.fixture(autouse=True)
def _svg_text() -> Iterator[None]:
    # Text as text in SVG files, so that a test can read the title.
    with matplotlib.rc_context({"svg.fonttype": "none"}):
        yield


def results(won: int, lost: int, unknown: int) -> list[DealResult]:
    statuses = [Status.WON] * won + [Status.LOST] * lost + [Status.UNKNOWN] * unknown
    return [
        DealResult(str(i), i, s, ("d",) * (s is Status.WON), states=10 * i)
        for i, s in enumerate(statuses, 1)
    ]


def title_of(path: Path) -> str:
    """The figure's title: the one text of the picture that counts the deals."""
    texts = [html.unescape(t) for t in re.findall(r"<text[^>]*>(.*?)</text>", path.read_text())]
    (title,) = [t for t in texts if " deals" in t and ":" in t]
    return title


def draw(tmp_path: Path, preset: str, rules: dict[str, str] | None, rs: list[DealResult]) -> str:
    game = make_game(preset, rules)
    path = tmp_path / "run.svg"
    plot_run(path, summarize(game, rs), iter(rs))
    return title_of(path)


def test_title_names_the_preset_and_the_rate(tmp_path: Path) -> None:
    title = draw(tmp_path, "eagle-wing-coops", None, results(30, 10, 0))
    assert title == "eagle-wing-coops: 40 deals, win rate 75.00% (95% Wilson 59.81% to 85.81%)"
    assert "trunk_size" not in title


def test_title_names_changed_rules(tmp_path: Path) -> None:
    title = draw(tmp_path, "decade", {"min_run": "3"}, results(1, 3, 0))
    assert title.startswith("decade with min_run=3: 4 deals, win rate 25.00%")


def test_title_with_unknowns_gives_the_conservative_bounds(tmp_path: Path) -> None:
    # 30 won, 60 lost, 10 unknown: 30% if every unknown is lost, 40% if won;
    # the 33.33% of settled deals alone would overstate what is known.
    title = draw(tmp_path, "windmill", None, results(30, 60, 10))
    assert title == (
        "windmill: 100 deals, 10 unknown: win rate 30.00% to 40.00% "
        "(unknowns counted lost, then won)"
    )
