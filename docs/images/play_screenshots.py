"""Take the screenshots of docs/players.md: a game in progress in ``play --browser``, per game.

Run from the project folder, with Debian's Chromium (``apt-get install
chromium``) and the test extras installed::

    python docs/images/play_screenshots.py

Each game is served as ``play --browser`` serves it (on 127.0.0.1, in a
thread of this process), a few moves of the solver's line are played, a
card is picked so that its targets light up, and the page is saved here as
a PNG of at most 256 colours, as ``screenshots.py`` saves the viewer's.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))  # the project folder, for the tests' browser recipe
sys.path.insert(0, str(HERE))

from screenshots import save  # noqa: E402  (beside this file: the same small PNGs)

from solitaire_solver.games import make_game  # noqa: E402
from solitaire_solver.numbering import parse_deal_number  # noqa: E402
from solitaire_solver.viewer import move_places  # noqa: E402
from solitaire_solver.web import Table  # noqa: E402
from solitaire_solver.web.app import Server  # noqa: E402
from tests.chromium import CHROMIUM, launch  # noqa: E402

GAMES = [("decade", 172, 12), ("eagle-wing", 7732, 20), ("windmill", 45, 30), ("black-hole", 2, 10)]
"""Each game's preset, deal, and the moves played before the picture."""


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        context = launch(p, Path(tmp), str(CHROMIUM))
        page = context.new_page()
        for preset, deal, played in GAMES:
            game = make_game(preset)
            start = game.deal(parse_deal_number(deal))
            moves = list(game.solve(start).moves)
            table = Table(game, start, deal=str(deal), moves=moves[:played], samples=2)
            server = Server(table)
            try:
                page.goto(server.start())
                page.wait_for_function(f"document.body.dataset.played === '{played}'")
                state = table.session.position
                # Pick the next move's card, so that the picture shows where it may go.
                places = move_places(game, state, moves[played])
                if places is not None and places.target is not None:
                    pile, index = places.source
                    where = f'[data-pile="{pile}"]' + (
                        f'[data-index="{index}"]' if index is not None else ":not(.label)"
                    )
                    page.locator("#layer " + where).last.click()
                save(page.screenshot(full_page=True), f"play-{preset}-{deal}.png")
            finally:
                server.stop()
        context.close()


if __name__ == "__main__":
    main()
