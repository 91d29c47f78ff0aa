"""Take the screenshots of docs/guides/players.md: a game in ``play --browser``, per game.

Run from the project folder, with Debian's Chromium (``apt-get install
chromium``) and the test extras installed::

    PYTHONPATH=. python docs/images/play_screenshots.py

Each game is served as ``play --browser`` serves it (on 127.0.0.1, in a
thread of this process), a few moves of the solver's line are played, a
card is picked so that its targets light up, and the page is saved here as
a PNG of at most 256 colours, as ``screenshots.py`` saves the viewer's.
Then two games on a phone's screen (390 by 844, touch), and the end of a
won Windmill game on a large screen (1280 by 900), as the page shows it
without scrolling.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

# A script's own folder is first on the import path, so its neighbour imports as is.
from screenshots import save  # the same small PNGs

from solitaire_solver.games import make_game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.pages.viewer import move_places
from solitaire_solver.pages.web import Table
from solitaire_solver.pages.web.app import Server
from solitaire_solver.request import SolveRequest
from tests.helpers.chromium import CHROMIUM, launch

GAMES = [("decade", 172, 12), ("eagle-wing", 7732, 20), ("windmill", 45, 30), ("black-hole", 2, 10)]
"""Each game's preset, deal, and the moves played before the picture."""

PHONE_GAMES = [("eagle-wing", 7732, 20), ("black-hole", 2, 10)]
"""The games shown on a phone's screen."""

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LARGE = {"viewport": {"width": 1280, "height": 900}}


def picture(
    page: Any, preset: str, deal: int, played: int, name: str, *, full: bool, auto: bool
) -> None:
    """Serve ``played`` moves of the solver's line of a deal (and, with ``auto``, the
    automatic moves home after them), pick the next move's card, and save the page as
    ``name``."""
    game = make_game(preset)
    start = game.deal(parse_deal_number(deal))
    moves = list(game.solve(start, SolveRequest.of(game)).moves)
    table = Table(game, start, deal=str(deal), moves=moves[:played], samples=2, auto=auto)
    server = Server(table)
    try:
        # The page sends the setting the browser keeps: set first, at an address of the
        # server that is not the page.
        url = server.start()
        page.goto(url + "api/ping")
        page.evaluate(f"localStorage.setItem('solitaire-solver-auto', '{int(auto)}')")
        page.goto(url)
        wanted = "'1'" if auto else "''"
        page.wait_for_function(
            f"document.body.dataset.auto === {wanted} && !document.body.dataset.busy"
        )
        state = table.session.position
        if game.is_won(state):
            page.wait_for_function(
                "document.getElementById('end').dataset.ready === '1'", timeout=60_000
            )
        else:
            # Pick the next move's card, so that the picture shows where it may go.
            places = move_places(game, state, game.solve(state, SolveRequest.of(game)).moves[0])
            if places is not None and places.target is not None:
                pile, index = places.source
                where = f'[data-pile="{pile}"]' + (
                    f'[data-index="{index}"]' if index is not None else ":not(.label)"
                )
                page.locator("#layer " + where).last.click()
        save(page.screenshot(full_page=full), name)
    finally:
        page.goto("about:blank")
        server.stop()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        # On a laptop's screen a card is picked, its places lit up (without the automatic
        # moves, which leave Eagle Wing's next move a deal); on a phone's, as a game plays.
        for options, games, suffix, full, auto in (
            ({}, GAMES, "", True, False),
            (PHONE, PHONE_GAMES, "-phone", False, True),
        ):
            context = launch(p, Path(tmp) / (suffix or "laptop"), str(CHROMIUM), **options)
            page = context.new_page()
            page.goto("about:blank")
            for preset, deal, played in games:
                name = f"play-{preset}-{deal}{suffix}.png"
                picture(page, preset, deal, played, name, full=full, auto=auto)
            context.close()
        # The end of a long game on a large screen: what the window shows, no more.
        context = launch(p, Path(tmp) / "large", str(CHROMIUM), **LARGE)
        page = context.new_page()
        windmill = make_game("windmill")
        line = windmill.solve(windmill.deal(parse_deal_number(45)), SolveRequest.of(windmill))
        name = "play-windmill-45-end.png"
        picture(page, "windmill", 45, len(line.moves), name, full=False, auto=True)
        context.close()


if __name__ == "__main__":
    main()
