"""``play --browser`` in a real browser: Debian's headless Chromium, driven by Playwright.

For each preset, a won deal is played to the end by clicking cards and
places as a person does, following the solver's line: half of it, then
undo and redo, each of the coach's buttons, a save, another deal, the saved
game loaded back and the page reloaded, then the rest of the line to the
win and the end of game's review. The server runs in a thread of the test
process on 127.0.0.1. They skip, saying why, where Chromium, Playwright or
the browser extra is missing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="needs the browser extra (pip install starlette uvicorn)")
pytest.importorskip("uvicorn", reason="needs the browser extra (pip install starlette uvicorn)")

from solitaire_solver.deal_files import load_game
from solitaire_solver.games import make_game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.viewer import Place, move_places
from solitaire_solver.web import Table
from solitaire_solver.web.app import Server

from .chromium import chromium_page
from .test_viewer_browser import Browser, check_won

pytestmark = pytest.mark.browser

WON = [
    ("decade", 172),
    ("decade-optional", 3),
    ("eagle-wing", 7732),
    ("eagle-wing-coops", 98),
    ("windmill", 45),
    ("windmill-reversed", 44),
    ("black-hole", 2),
]
"""A won deal of each preset, easy and short (``deals PRESET --winnable --difficulty easy``)."""


@pytest.fixture(scope="module")
def player(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    """One page of the headless Chromium the viewer's tests drive, for the whole module."""
    with chromium_page(tmp_path_factory) as page:
        yield Browser(page)


def wait_played(page: Any, n: int) -> None:
    page.wait_for_function(
        f"document.body.dataset.played === '{n}' && !document.body.dataset.busy", timeout=20_000
    )


def click_place(page: Any, place: Place) -> None:
    pile, index = place
    if index is not None:
        page.locator(f'#layer [data-pile="{pile}"][data-index="{index}"]').click()
    else:
        # The pile's top item: its last card, its face-down part, or its empty place.
        page.locator(f'#layer [data-pile="{pile}"]:not(.label)').last.click()


def click_move(page: Any, game: Any, state: Any, move: Any, played: int) -> Any:
    """Make ``move`` by clicking its source, then (if it has one) its target."""
    places = move_places(game, state, move)
    assert places is not None
    click_place(page, places.source)
    if places.target is not None:
        # The place clicked first is picked and the move's target lights up.
        assert page.locator("#layer .picked").count() >= 1
        assert page.locator("#layer .target").count() >= 1
        click_place(page, places.target)
    wait_played(page, played + 1)
    return game.apply(state, move)


def ask(page: Any, button: str, kind: str) -> str:
    page.click(button)
    page.wait_for_function(
        f"document.getElementById('coach').dataset.kind === '{kind}'", timeout=60_000
    )
    text: str = page.text_content("#coach") or ""
    return text


@pytest.mark.parametrize(("preset", "deal"), WON)
def test_play_a_won_deal_by_clicking(
    player: Browser, tmp_path: Path, preset: str, deal: int
) -> None:
    b = player
    page = b.page
    game = make_game(preset)
    start = game.deal(parse_deal_number(deal))
    moves = list(game.solve(start).moves)
    server = Server(Table(game, start, deal=str(deal), samples=2))
    url = server.start()
    try:
        b.errors.clear()
        b.requests.clear()
        page.goto(url)
        wait_played(page, 0)
        assert b.text("#title") == f"{preset} {deal}"
        state = start
        half = len(moves) // 2
        for i, move in enumerate(moves[:half]):
            state = click_move(page, game, state, move, i)
        assert b.text("#played li.last code") == str(moves[half - 1])
        assert b.text("#count") == f"({half})"

        # Undo and redo, by button and by key.
        page.click("#undo")
        wait_played(page, half - 1)
        b.press("ArrowRight")
        wait_played(page, half)
        b.press("ArrowLeft")
        wait_played(page, half - 1)
        page.click("#redo")
        wait_played(page, half)
        assert page.is_disabled("#redo")

        # The coach, one button at a time; nothing is said before it is asked.
        assert page.is_hidden("#coach")
        assert "can still be won" in ask(page, "#ask-winnable", "winnable")
        hint = ask(page, "#ask-hint", "hint")
        assert "Best move:" in hint and "Fair hint (no peeking):" in hint
        assert page.locator("#legal button.hinted").count() == 1
        solution = ask(page, "#ask-solution", "solution")
        assert "a winning line of" in solution
        assert page.locator("#coach ol li").count() >= 1

        # Save, play another deal, load the saved game back, reload the page: the game goes on.
        with page.expect_download() as download:
            page.click("#save")
        saved = tmp_path / "saved.json"
        download.value.save_as(saved)
        kept = load_game(saved)
        assert kept.deal == str(deal) and list(kept.moves) == moves[:half]
        page.click("#random")
        wait_played(page, 0)
        assert b.text("#title") != f"{preset} {deal}"
        page.set_input_files("#load-file", str(saved))
        wait_played(page, half)
        assert b.text("#title") == f"{preset} {deal}"
        page.reload()
        wait_played(page, half)

        for i, move in enumerate(moves[half:], half):
            state = click_move(page, game, state, move, i)
        assert game.is_won(state)
        page.wait_for_function("document.body.dataset.over === 'won'")
        assert b.text("#verdict") == "won: every card is home"
        check_won(b, preset)
        page.wait_for_function(
            "document.getElementById('end').dataset.ready === '1'", timeout=60_000
        )
        end = b.text("#end")
        assert "You won!" in end and f"the game was won, in {len(moves)} moves" in end
        assert "Your fair chance at the start:" in end
        assert page.locator("#legal button").count() == 0

        assert b.errors == []
        assert all(u.startswith(url.rsplit("/", 2)[0]) for u in b.requests), b.requests
    finally:
        # Leave the page while its server still answers: a page left open calls
        # the server on a timer and says goodbye when unloaded, and those calls
        # to a stopped server would show as errors in the next test's page.
        page.goto("about:blank")
        server.stop()


def test_a_click_where_no_move_starts_says_so(player: Browser) -> None:
    b = player
    page = b.page
    game = make_game("black-hole")
    server = Server(Table(game, game.deal(parse_deal_number(2)), deal="2", samples=2))
    url = server.start()
    try:
        page.goto(url)
        wait_played(page, 0)
        page.locator('#layer [data-pile="hole"]:not(.label)').last.click()
        assert b.text("#message") == "no move starts there"
        # A legal move's button plays it as a click on the table does.
        first = page.locator("#legal button").first
        first.click()
        wait_played(page, 1)
    finally:
        page.goto("about:blank")
        server.stop()
