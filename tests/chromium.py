"""How the project starts Debian's headless Chromium under Playwright.

One recipe for the browser tests and for ``docs/images/screenshots.py``, so
that the pictures in the docs come from the same browser, flags and window
size as the pages the tests check.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium (``apt-get install chromium``); Playwright's own browser downloads
are never used."""

ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""No sandbox (CI runs as root), no GPU, and nothing that reaches the network
on its own: the pages under test are local files."""

VIEWPORT = {"width": 1000, "height": 760}


def chromium_executable() -> str | None:
    """The Chromium to drive: Debian's at its usual place, else one on ``PATH``, else None."""
    if CHROMIUM.is_file():
        return str(CHROMIUM)
    return shutil.which("chromium")


def launch(playwright: Any, profile: Path, executable: str, **options: Any) -> Any:
    """A persistent headless Chromium context with its profile in ``profile``; ``options``
    go to Playwright (a phone's ``viewport``, ``has_touch`` and ``is_mobile``, say)."""
    settings: dict[str, Any] = {"viewport": VIEWPORT, **options}
    return playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=executable,
        args=ARGS,
        headless=True,
        **settings,
    )


@contextlib.contextmanager
def chromium_page(tmp_path_factory: pytest.TempPathFactory, **options: Any) -> Iterator[Any]:
    """A page of a headless Chromium with a fresh profile, for a test module's fixture; the
    test skips, saying why, where Chromium or Playwright is missing. ``options`` go to
    :func:`launch`."""
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
