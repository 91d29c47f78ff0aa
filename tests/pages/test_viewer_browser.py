"""The solution page in a real browser: Debian's headless Chromium, driven by Playwright.

These tests load pages written by ``solve --html`` from ``file://`` URLs, step
through them with the keys and buttons a person uses, and read what the page
draws (each card carries its pile and card text as ``data-`` attributes).
They skip, saying why, where Chromium or Playwright is missing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solitaire_solver.cards import card_text
from solitaire_solver.games import make_game
from solitaire_solver.numbering import parse_deal_number
from tests.chromium import Browser, check_won, chromium_page
from tests.support import REVIEW_GAMES, run_cli

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    with chromium_page(tmp_path_factory) as page:
        yield Browser(page)


def write_page(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, preset: str, deal: int
) -> tuple[Path, dict[str, Any]]:
    path = tmp_path / f"{preset}-{deal}.html"
    code, out, err = run_cli(capsys, "solve", preset, str(deal), "--json", "--html", str(path))
    assert code == 0, err
    doc: dict[str, Any] = json.loads(out)
    return path, doc


def texts(cards: Any) -> list[str]:
    return [card_text(c) for c in cards]


def check_start(b: Browser, preset: str, state: Any) -> None:
    """What the page draws at the start is the deal, read from the state's own fields."""
    name = make_game(preset).name
    if name == "decade":
        assert b.cards("line") == texts(state.line)
        assert b.down("stock") == len(state.remaining)
        assert b.cards("discarded") == []
    elif name == "black-hole":
        for i, pile in enumerate(state.piles, 1):
            assert b.cards(f"pile{i}") == texts(pile)
        assert b.cards("hole") == ["AS"]
    elif name == "eagle-wing":
        for i, wing in enumerate(state.wings, 1):
            assert b.cards(f"wing{i}") == texts(wing)
        assert b.down("trunk") == len(state.trunk)
        assert b.down("stock") == len(state.stock)
        assert b.cards("waste") == texts(state.waste[-3:])
        first = [i for i in range(4) if state.foundations[i]]
        assert [b.cards(f"foundation{i}") for i in first] == [
            [card_text(first[0] * 13 + state.base)]
        ]
    elif name == "windmill":
        for i, card in enumerate(state.reserve):
            assert b.cards(f"r{i + 1}") == [card_text(card)]
        assert b.cards("primary") == texts(state.primary)
        assert b.down("stock") == len(state.stock)
        assert b.cards("waste") == texts(state.waste_cards)
    else:
        pytest.fail(f"no start check for {name}")


WON = [
    ("decade", 3),
    ("decade-optional", 3),
    ("eagle-wing-coops", 1),
    ("black-hole", 2),
    ("windmill", 1),
]


@pytest.mark.parametrize(("preset", "deal"), WON)
def test_step_through_a_won_deal(
    browser: Browser,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    preset: str,
    deal: int,
) -> None:
    b = browser
    path, doc = write_page(capsys, tmp_path, preset, deal)
    assert doc["status"] == "won"
    moves = doc["moves"]
    n = len(moves)
    start = make_game(preset).deal(parse_deal_number(deal))
    b.open(path)
    assert b.text("#counter") == f"move 0 of {n}"
    assert b.text("#verdict") == f"won in {n} moves"
    check_start(b, preset, start)

    b.press("End")
    assert b.text("#counter") == f"move {n} of {n}"
    assert b.text("#notation") == moves[-1]["move"]
    assert b.text("#text").startswith(moves[-1]["description"])
    assert b.text("#text").endswith("won: every card is home")
    check_won(b, preset)

    b.press("ArrowLeft")
    assert b.text("#counter") == f"move {n - 1} of {n}"
    assert b.text("#text") == moves[-2]["description"]

    b.press("Home")
    assert b.text("#counter") == f"move 0 of {n}"
    check_start(b, preset, start)

    b.page.click("#next")
    assert b.text("#counter") == f"move 1 of {n}"
    assert b.text("#text") == moves[0]["description"]
    assert b.page.query_selector_all(".moved"), "the first move marks no card"

    b.page.click("#last")
    assert b.text("#counter") == f"move {n} of {n}"
    check_won(b, preset)
    assert b.page.is_disabled("#next") and not b.page.is_disabled("#back")

    assert b.errors == []
    assert all(url.startswith(("file:", "data:")) for url in b.requests), b.requests


def test_a_lost_deal_shows_the_deal_and_the_verdict(
    browser: Browser, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    b = browser
    path, doc = write_page(capsys, tmp_path, "black-hole", 1)
    assert doc["status"] == "lost"
    b.open(path)
    assert b.text("#verdict") == "lost (no winning line exists)"
    assert b.text("#counter") == "move 0 of 0"
    # RULES.md, "Black Hole": the known start of deal 1.
    # RULES.md's piles 0, 1 and 16, which people count as piles 1, 2 and 17.
    assert b.cards("pile1") == ["JD", "KS", "TH"]
    assert b.cards("pile2") == ["2D", "9D", "8H"]
    assert b.cards("pile17") == ["2S", "4S", "6H"]
    assert b.cards("hole") == ["AS"]
    for button in ("#first", "#back", "#play", "#next", "#last"):
        assert b.page.is_disabled(button)
    b.press("End")
    assert b.text("#counter") == "move 0 of 0"
    assert b.errors == []


def test_the_known_eagle_wing_layout(
    browser: Browser, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # RULES.md, "Deal numbers": eagle-wing 1's foundation card, wings and waste.
    b = browser
    path, _ = write_page(capsys, tmp_path, "eagle-wing-coops", 1)
    b.open(path)
    wings = [c for i in range(1, 9) for c in b.cards(f"wing{i}")]
    assert wings == ["AS", "JS", "QD", "9D", "KS", "2S", "3H", "KH"]
    assert b.cards("foundation3") == ["JD"]
    assert b.cards("waste") == ["AH"]
    assert b.down("trunk") == 13 and b.down("stock") == 29
    assert b.label("stock") == "stock 29"


def test_play_runs_by_itself_and_a_link_opens_a_step(
    browser: Browser, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    b = browser
    path, doc = write_page(capsys, tmp_path, "decade", 3)
    n = len(doc["moves"])
    b.open(path, step=5)
    assert b.text("#counter") == f"move 5 of {n}"
    assert b.text("#text") == doc["moves"][4]["description"]
    b.page.click("#play")
    assert b.text("#play") == "Pause"
    b.page.wait_for_function(
        f"document.getElementById('counter').textContent === 'move 7 of {n}'", timeout=10_000
    )
    b.press(" ")
    assert b.text("#play") == "Play"
    b.press("ArrowRight")
    after = b.text("#counter")
    b.page.wait_for_timeout(1_000)
    assert b.text("#counter") == after, "the line went on playing after the pause"
    assert b.errors == []


def test_the_address_follows_the_steps_and_moves_the_page(
    browser: Browser, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    b = browser
    path, doc = write_page(capsys, tmp_path, "decade", 3)
    n = len(doc["moves"])

    def hash_now() -> str:
        found: str = b.page.evaluate("location.hash")
        return found

    b.open(path)
    assert hash_now() == "#0"
    history = b.page.evaluate("history.length")
    # Stepping writes the move shown into the address, so it can be copied as a link.
    b.press("ArrowRight")
    b.press("ArrowRight")
    assert hash_now() == "#2"
    b.press("PageDown")
    assert b.text("#counter") == f"move 12 of {n}" and hash_now() == "#12"
    b.page.click("#last")
    assert hash_now() == f"#{n}"
    # ... replacing the entry: the browser's Back button still leaves the page.
    assert b.page.evaluate("history.length") == history
    # A number typed into the address moves the page there, loading nothing.
    b.page.evaluate("location.hash = '#7'")
    b.page.wait_for_function(
        f"document.getElementById('counter').textContent === 'move 7 of {n}'", timeout=10_000
    )
    assert b.text("#text") == doc["moves"][6]["description"]
    b.page.goto(path.as_uri() + "#20")  # a link within the same page
    b.page.wait_for_function(
        f"document.getElementById('counter').textContent === 'move 20 of {n}'", timeout=10_000
    )
    # The copied address opens the same move.
    copied = b.page.url
    assert copied.endswith("#20")
    b.press("Home")
    assert hash_now() == "#0"
    b.page.goto(copied)
    b.page.reload()
    assert b.text("#counter") == f"move 20 of {n}"
    assert b.errors == []
    assert all(url.startswith(("file:", "data:")) for url in b.requests), b.requests


def test_a_review_page_opens_at_the_losing_move_and_marks_it(
    browser: Browser, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    b = browser
    data = REVIEW_GAMES["black-hole"]
    path = tmp_path / "review.html"
    args = ["review", "black-hole", str(data["deal"]), "--moves", data["moves"]]
    code, _, _ = run_cli(capsys, *args, "--html", str(path))
    assert code == 0
    k = data["losing"]
    b.open(path)
    assert b.text("#counter") == f"move {k} of {len(data['moves'].split())}"
    mark = b.text("#text .mark")
    assert mark.startswith("this move lost a won game; ") and mark.endswith(" kept it won")
    assert b.text("#verdict").startswith(f"move {k}, ")
    b.press("ArrowRight")
    assert b.page.query_selector("#text .mark") is None
    assert b.errors == [] and b.requests == [path.as_uri()]
