"""What the browser tests share: a Chromium page that skips where the browser is
missing, and a page wrapper that reads what the page draws.

The launcher itself is :mod:`tests.helpers.chromium`, shared with
the scripts that draw the docs' pictures; this adds what needs pytest.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solitaire_solver.games import make_game
from tests.helpers.chromium import CHROMIUM, chromium_executable, launch

__all__ = [
    "CHROMIUM",
    "Browser",
    "check_won",
    "chromium_executable",
    "chromium_page",
    "launch",
]


@contextlib.contextmanager
def chromium_page(tmp_path_factory: pytest.TempPathFactory, **options: Any) -> Iterator[Any]:
    """A page of a headless Chromium with a fresh profile, for a test module's fixture; the
    test skips, saying why, where Chromium or Playwright is missing. ``options`` go to
    :func:`launch`."""
    # Looked up here at each call, so that a test may stand in a missing browser.
    executable = chromium_executable()
    if executable is None:
        pytest.skip("needs Chromium at /usr/bin/chromium (apt-get install chromium)")
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="needs Playwright (pip install playwright)"
    )
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_api.sync_playwright() as p:
        context = launch(p, profile, executable, **options)
        try:
            yield context.new_page()
        finally:
            context.close()


class Browser:
    """One page of a headless Chromium, with what it did besides drawing."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on("console", self._console)
        page.on("request", lambda r: self.requests.append(r.url))

    def _console(self, message: Any) -> None:
        """Keep what the page's script logs as an error."""
        if message.type == "error":
            self.errors.append(message.text)

    def open(self, path: Path, step: int | None = None) -> None:
        """Load the page at ``path``, at ``step`` when given, forgetting earlier errors."""
        self.errors.clear()
        self.requests.clear()
        url = path.as_uri() + ("" if step is None else f"#{step}")
        self.page.goto(url)
        if step is not None:
            self.page.reload()  # a new fragment alone does not load the page again

    def cards(self, pile: str) -> list[str]:
        """The face-up cards drawn for ``pile``, bottom to top."""
        found: list[str] = self.page.eval_on_selector_all(
            f'[data-pile="{pile}"][data-card]', "els => els.map(e => e.dataset.card)"
        )
        return found

    def down(self, pile: str) -> int:
        """How many face-down cards ``pile`` says it holds (0 when none are drawn)."""
        counts: list[int] = self.page.eval_on_selector_all(
            f'[data-pile="{pile}"][data-down]', "els => els.map(e => Number(e.dataset.down))"
        )
        assert len(counts) <= 1
        return counts[0] if counts else 0

    def label(self, pile: str) -> str:
        """The label drawn beside ``pile``."""
        text: str = self.page.text_content(f'text.label[data-pile="{pile}"]')
        return text

    def text(self, selector: str) -> str:
        """The text of the element ``selector`` finds, empty when it has none."""
        found: str = self.page.text_content(selector) or ""
        return found

    def press(self, key: str) -> None:
        """Press ``key`` as a person would."""
        self.page.keyboard.press(key)


# The piles that hold every card of a won game, and the count each label then shows.
HOME = {
    "decade": {"discarded": "52"},
    "black-hole": {"hole": "52/52"},
    "eagle-wing": {f"foundation{i}": "13/13" for i in range(4)},
    "windmill": {"primary": "52/52", **{f"s{i}": "13/13" for i in range(1, 5)}},
}


def check_won(b: Browser, preset: str) -> None:
    """Every card drawn lies on a foundation, which are full, and nothing is face down."""
    home = HOME[make_game(preset).name]
    piles = b.page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.pile)")
    assert set(piles) <= set(home), "cards are drawn away from the foundations"
    assert b.page.query_selector_all("[data-down]") == []
    for pile, count in home.items():
        assert b.label(pile).endswith(" " + count)
