"""How the project starts Debian's headless Chromium under Playwright.

One recipe for the browser tests and for the scripts that draw the docs'
pictures (``docs/images/``), so that the pictures come from the same
browser, flags and window size as the pages the tests check. Playwright is
handed in by the caller, so that importing this module needs neither it nor
a browser.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

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
