"""Take the screenshots of docs/guides/viewer.md: the start and the end of one won deal per game.

Run from the project folder, with Debian's Chromium (``apt-get install
chromium``) and the test extras installed::

    PYTHONPATH=. python docs/images/screenshots.py

Each page is written by ``solitaire-solver solve GAME NUMBER --html``, opened
in headless Chromium at 1000 pixels wide, and saved here as a PNG of at most
256 colours (the pages are flat colours, so this loses nothing one sees and
makes the files several times smaller).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

from tests.helpers.chromium import CHROMIUM, launch

HERE = Path(__file__).resolve().parent

DEALS = [
    ("decade", 3),
    ("decade-optional", 3),
    ("eagle-wing-coops", 1),
    ("black-hole", 2),
    ("windmill", 1),
]
MIDDLE = [("eagle-wing-coops", 1, 30)]
"""Pages shown part way through, at the step after a given move."""


def write_page(folder: Path, preset: str, deal: int) -> Path:
    page = folder / f"{preset}-{deal}.html"
    command = [sys.executable, "-m", "solitaire_solver", "solve", preset, str(deal)]
    subprocess.run([*command, "--html", str(page)], check=True, capture_output=True)
    return page


def save(png: bytes, name: str) -> None:
    path = HERE / name
    tmp = path.with_suffix(".tmp.png")
    tmp.write_bytes(png)
    with Image.open(tmp) as image:
        small = image.convert("RGB").quantize(colors=256, dither=Image.Dither.NONE)
        small.save(path, optimize=True)
    tmp.unlink()
    print(f"{path.relative_to(HERE.parent.parent)}: {path.stat().st_size // 1024} KiB")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        folder = Path(tmp)
        context = launch(p, folder / "profile", str(CHROMIUM))
        page = context.new_page()
        shots = [(g, d, "start", "Home") for g, d in DEALS]
        shots += [(g, d, "end", "End") for g, d in DEALS]
        for preset, deal, name, key in shots:
            page.goto(write_page(folder, preset, deal).as_uri())
            page.keyboard.press(key)
            save(page.screenshot(full_page=True), f"{preset}-{deal}-{name}.png")
        for preset, deal, move in MIDDLE:
            page.goto(write_page(folder, preset, deal).as_uri() + f"#{move}")
            page.reload()
            save(page.screenshot(full_page=True), f"{preset}-{deal}-move-{move}.png")
        context.close()


if __name__ == "__main__":
    main()
