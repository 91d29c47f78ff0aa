"""``play --browser`` in a real browser: Debian's headless Chromium, driven by Playwright.

For each preset, a won deal is played to the end by dragging cards with the
mouse as a person does, following the solver's line, with automatic moves
home on: half of it, then undo and redo, each of the coach's buttons, a
save, another deal, the saved game loaded back and the page reloaded, then
the rest of the line to the win, the end of game's review and the record of
games kept in the browser. Other tests play Windmill's deal 7 counting the
gestures, a game by touch on a phone's screen (and check that every
preset fits one), and try the double-click, a card dropped where it cannot
go, the automatic moves on and off, the slides of a move, the end box on a
large screen, the keyboard, the restart, a stale page and the fair mode's
box. Then the record of games (each deal counted once), End as a jump and
a key that ends the slides, the controls' sizes and every answer of the
coach in view on a phone (390x844, touch) and a large screen (1280x900, a
mouse), and axe-core's accessibility rules on both. The server runs
in a thread of the test process on 127.0.0.1, so that the tests read the
table it serves. They skip, saying why, where Chromium, Playwright or the
browser extra is missing.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="needs the browser extra (pip install starlette uvicorn)")
pytest.importorskip("uvicorn", reason="needs the browser extra (pip install starlette uvicorn)")

from solitaire_solver.games import PRESETS, make_game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.pages.viewer import Place, move_places
from solitaire_solver.pages.web import Table
from solitaire_solver.pages.web.app import Server
from solitaire_solver.records.deal_files import format_game, load_game
from solitaire_solver.request import SolveRequest
from tests.chromium import Browser, check_won, chromium_executable, launch

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

PHONE = {"width": 390, "height": 844}
"""A phone's screen, in CSS pixels."""


@pytest.fixture(scope="module")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., Browser]]:
    """Pages of Debian's headless Chromium, for the whole module: one Playwright (it runs
    once per thread), each page in a context of its own with the options given."""
    executable = chromium_executable()
    if executable is None:
        pytest.skip("needs Chromium at /usr/bin/chromium (apt-get install chromium)")
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="needs Playwright (pip install playwright)"
    )
    contexts: list[Any] = []
    with sync_api.sync_playwright() as p:

        def open_page(**options: Any) -> Browser:
            profile = tmp_path_factory.mktemp("chromium-profile")
            context = launch(p, profile, executable, **options)
            contexts.append(context)
            return Browser(context.new_page())

        try:
            yield open_page
        finally:
            for context in contexts:
                context.close()


@pytest.fixture(scope="module")
def player(chromium: Callable[..., Browser]) -> Browser:
    """A page the size of a laptop's window, for the whole module."""
    return chromium()


@pytest.fixture(scope="module")
def phone(chromium: Callable[..., Browser]) -> Browser:
    """A page of Chromium as a phone shows it: 390x844, touch, a mobile viewport."""
    return chromium(viewport=PHONE, has_touch=True, is_mobile=True)


class Served:
    """A table served to the page, and the solver's line the test follows on it."""

    def __init__(self, b: Browser, preset: str, deal: int, *, auto: bool = True) -> None:
        self.b = b
        self.page = b.page
        self.game = make_game(preset)
        start = self.game.deal(parse_deal_number(deal))
        self.table = Table(self.game, start, deal=str(deal), samples=2, auto=auto)
        self.server = Server(self.table)
        self.url = self.server.start()
        self.plan: list[Any] = []
        self.expected: Any = None
        self.gestures = 0
        self.pressed: tuple[Place, float] | None = None
        """The place pressed last, and when."""
        b.errors.clear()
        b.requests.clear()
        # The page sends the player's setting, kept by the browser, when it opens: it is set
        # first, from an address of the same origin that is not the page.
        self.page.goto(self.url + "api/ping")
        self.page.evaluate(f"localStorage.setItem('solitaire-solver-auto', '{int(auto)}')")
        self.page.goto(self.url)
        self.page.wait_for_function(
            f"document.body.dataset.auto === '{'1' if auto else ''}'"
            " && !document.body.dataset.busy",
            timeout=20_000,
        )
        assert self.table.auto is auto
        # The address of the first visit has no icon: the browser's ask for one was refused.
        b.errors.clear()
        b.requests.clear()

    def close(self) -> None:
        # Leave the page while its server still answers: a page left open calls
        # the server on a timer and says goodbye when unloaded, and those calls
        # to a stopped server would show as errors in the next test's page.
        self.page.goto("about:blank")
        self.server.stop()

    @property
    def position(self) -> Any:
        return self.table.session.position

    def next_move(self) -> Any:
        """The next move of a winning line from the table's position: the line followed so
        far, or (once the table's automatic moves left it) a new one from here."""
        here = self.position
        if here != self.expected:
            state, skipped = self.expected, 0
            while state is not None and state != here and skipped < len(self.plan):
                state = self.game.apply(state, self.plan[skipped])
                skipped += 1
            if state == here:
                self.plan = self.plan[skipped:]
            else:
                result = self.game.solve(here, SolveRequest.of(self.game))
                assert result.won, "the automatic moves lost a won game"
                self.plan = list(result.moves)
            self.expected = here
        return self.plan[0]

    def step(self, how: str = "drag") -> Any:
        """Make the line's next move on the page (``drag``, ``click`` or ``tap``); it."""
        move = self.next_move()
        with self.next_version():
            self.gesture(move, how)
        self.expected = self.game.apply(self.expected, move)
        self.plan = self.plan[1:]
        return move

    @contextmanager
    def next_version(self) -> Iterator[None]:
        """Around what the page does to change the game: once done, until the page shows
        the table's next version (:meth:`wait`)."""
        before = self.table.version
        yield
        self.wait(before)

    def wait(self, before: int) -> None:
        """Until the page shows a version after ``before``, drawn and still."""
        self.page.wait_for_function(
            f"Number(document.body.dataset.version) > {before} && !document.body.dataset.busy",
            timeout=20_000,
        )
        assert self.page.evaluate("Number(document.body.dataset.version)") == self.table.version

    def gesture(self, move: Any, how: str) -> None:
        places = move_places(self.game, self.position, move)
        assert places is not None
        self.gestures += 1
        if places.target is None:
            self.press(places.source, how)
        elif how == "drag":
            drag(self.page, places.source, places.target)
        else:
            self.press(places.source, how)
            # The place pressed first is picked and the move's target lights up.
            assert self.page.locator("#layer .picked").count() >= 1
            assert self.page.locator("#layer .target").count() >= 1
            self.press(places.target, how)
            self.gestures += 1

    def press(self, place: Place, how: str) -> None:
        # Two taps on one place make a double-tap: a tap on the place tapped last waits that
        # out (two clicks on the stock deal twice, a double-click there sends nothing home).
        if how == "tap" and self.pressed is not None and self.pressed[0] == place:
            wait = 0.45 - (time.monotonic() - self.pressed[1])
            if wait > 0:
                self.page.wait_for_timeout(1000 * wait)
        item = locate(self.page, place)
        if how == "tap":
            item.tap()
        else:
            item.click()
        self.pressed = (place, time.monotonic())

    def play_out(self, how: str = "drag") -> None:
        while not self.game.is_won(self.position):
            self.step(how)
        self.page.wait_for_function("document.body.dataset.over === 'won'")

    def automatic(self) -> int:
        return self.table.automatic.count(True)


def locate(page: Any, place: Place) -> Any:
    """The element of a place: its card, or the pile's top item (its last card, its
    face-down part, or its empty place)."""
    pile, index = place
    if index is not None:
        return page.locator(f'#layer [data-pile="{pile}"][data-index="{index}"]')
    return page.locator(f'#layer [data-pile="{pile}"]:not(.label)').last


def centre(page: Any, place: Place) -> tuple[float, float]:
    box = locate(page, place).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Any, source: Place, target: Place) -> None:
    """Press on ``source``, move to ``target`` and let go, as a mouse does."""
    sx, sy = centre(page, source)
    tx, ty = centre(page, target)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move((sx + tx) / 2, (sy + ty) / 2, steps=3)
    page.mouse.move(tx, ty, steps=3)
    page.mouse.up()


def stats(page: Any, preset: str) -> dict[str, int]:
    kept = page.evaluate("localStorage.getItem('solitaire-solver-stats')")
    found: dict[str, int] = json.loads(kept or "{}").get(
        preset, {"played": 0, "won": 0, "streak": 0, "best": 0}
    )
    return found


def ask(page: Any, button: str, kind: str) -> str:
    page.click(button)
    page.wait_for_function(
        f"document.getElementById('coach').dataset.kind === '{kind}'", timeout=60_000
    )
    text: str = page.text_content("#coach") or ""
    return text


@pytest.mark.parametrize(("preset", "deal"), WON)
def test_play_a_won_deal_by_dragging(
    player: Browser, tmp_path: Path, preset: str, deal: int
) -> None:
    b = player
    page = b.page
    # The slides are tested on their own; here they would only slow the game down.
    page.emulate_media(reduced_motion="reduce")
    g = Served(b, preset, deal)
    try:
        was = stats(page, preset)
        assert b.text("#title") == f"{preset} {deal}"
        # At the start the table has played the moves home the game proves safe, and no
        # other move.
        start = g.table.session.start
        assert g.table.session.moves == g.game.auto_moves(start)
        assert g.automatic() == len(g.table.session.moves)
        line = len(g.game.solve(g.position, SolveRequest.of(g.game)).moves)
        for _ in range(line // 2):
            g.step()
        moves = list(g.table.session.moves)
        made = g.table.player_moves
        assert b.text("#moves").startswith(f"{made} move")
        assert b.text("#played li.last code") == str(moves[-1])
        assert stats(page, preset)["played"] == was["played"] + 1

        # Undo and redo, by button and by key: each takes back (or plays again) a move of
        # the player's with the automatic moves after it.
        before_last = moves[: len(moves) - 1 - list(reversed(g.table.automatic)).index(False)]
        with g.next_version():
            page.click("#undo")
        assert g.table.session.moves == before_last
        with g.next_version():
            b.press("ArrowRight")
        assert g.table.session.moves == moves
        with g.next_version():
            b.press("ArrowLeft")
        with g.next_version():
            page.click("#redo")
        assert g.table.session.moves == moves
        assert page.is_disabled("#redo")

        # The coach, one button at a time; nothing is said before it is asked.
        assert page.is_hidden("#coach")
        assert "can still be won" in ask(page, "#ask-winnable", "winnable")
        hint = ask(page, "#ask-hint", "hint")
        assert "Fair hint (no peeking):" in hint
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
        assert kept.deal == str(deal) and list(kept.moves) == moves
        with g.next_version():
            page.click("#random")
        assert b.text("#title") != f"{preset} {deal}"
        with g.next_version():
            page.set_input_files("#load-file", str(saved))
        assert b.text("#title") == f"{preset} {deal}"
        assert g.table.session.moves == moves
        page.reload()
        page.wait_for_function("!document.body.dataset.busy && document.body.dataset.version")
        assert page.evaluate("Number(document.body.dataset.played)") == len(moves)
        g.expected = None

        g.play_out()
        assert b.text("#verdict") == "won: every card is home"
        check_won(b, preset)
        page.wait_for_function(
            "document.getElementById('end').dataset.ready === '1'", timeout=60_000
        )
        end = b.text("#end")
        n = len(g.table.session.moves)
        assert "You won!" in end and f"the game was won, in {n} moves" in end
        assert "Your fair chance at the start:" in end
        assert page.locator("#legal button").count() == 0

        # The record of games kept in the browser counts this one, played once and won.
        now = stats(page, preset)
        assert now["played"] == was["played"] + 1 and now["won"] == was["won"] + 1
        assert now["streak"] == was["streak"] + 1 and now["best"] >= now["streak"]
        assert f"{now['won']} won" in b.text("#stats")
        # The clock stops at the end.
        shown = b.text("#clock")
        page.wait_for_timeout(1100)
        assert b.text("#clock") == shown

        assert b.errors == []
        assert all(u.startswith(g.url.rsplit("/", 2)[0]) for u in b.requests), b.requests
    finally:
        page.emulate_media(reduced_motion="no-preference")
        g.close()


def test_windmill_deal_7_takes_one_gesture_per_card_moved(
    player: Browser, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's game: Windmill deal 7 by mouse, automatic moves home on."""
    b = player
    page = b.page
    page.emulate_media(reduced_motion="reduce")
    g = Served(b, "windmill", 7)
    try:
        line = list(g.game.solve(g.position, SolveRequest.of(g.game)).moves)
        # What the page of clicks asked for the same line: one click for a deal, two for a
        # card (the card, then its place).
        state, clicks = g.position, 0
        for move in line:
            places = move_places(g.game, state, move)
            assert places is not None
            clicks += 1 if places.target is None else 2
            state = g.game.apply(state, move)
        g.play_out()
        made = g.table.player_moves
        assert g.gestures == made
        assert made + g.automatic() == len(g.table.session.moves) == len(line)
        assert g.gestures < clicks
        with capsys.disabled():
            print(
                f"\nwindmill 7: {len(line)} moves, {g.gestures} gestures (one per move the "
                f"player chose, {g.automatic()} automatic); {clicks} clicks by click-then-target"
            )
        assert b.errors == []
    finally:
        page.emulate_media(reduced_motion="no-preference")
        g.close()


def card_widths(page: Any) -> list[float]:
    widths: list[float] = page.eval_on_selector_all(
        "#layer .card, #layer .down, #layer .empty",
        "els => els.map(e => e.getBoundingClientRect().width)",
    )
    return widths


def check_fits(page: Any) -> None:
    """Every card at least 40 px wide, and nothing wider than the screen."""
    # A resize the page answers after a pause redraws the board; on a busy machine the
    # check may come while the cards are being drawn again, with no size yet: it waits
    # for the drawing (any width), then asks for the sizes a player sees.
    page.wait_for_function(
        "(els => els.length > 0 && els.every(e => e.getBoundingClientRect().width > 0))"
        "([...document.querySelectorAll('#layer .card, #layer .down, #layer .empty')])",
        timeout=10_000,
    )
    widths = card_widths(page)
    assert widths and min(widths) >= 40, min(widths)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # The board stacks above the panel.
    board = page.locator("#board").bounding_box()
    side = page.locator("#side").bounding_box()
    assert side["y"] >= board["y"] + board["height"]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_fits_a_phone(phone: Browser, preset: str) -> None:
    deal = dict(WON).get(preset, 2)
    g = Served(phone, preset, deal)
    try:
        check_fits(g.page)
        assert phone.errors == []
    finally:
        g.close()


def test_a_game_by_touch_on_a_phone(phone: Browser) -> None:
    b = phone
    page = b.page
    page.emulate_media(reduced_motion="reduce")
    g = Served(b, "black-hole", 2)
    try:
        check_fits(page)
        moves = 0
        while not g.game.is_won(g.position):
            # A tap on the card, a tap on its place; now and then, a finger's drag.
            if moves % 10 == 5:
                touch_drag(page, g)
            else:
                g.step("tap")
            moves += 1
            if moves % 10 == 0:
                check_fits(page)
        page.wait_for_function("document.body.dataset.over === 'won'")
        check_fits(page)
        assert b.errors == []
    finally:
        page.emulate_media(reduced_motion="no-preference")
        g.close()


def touch_drag(page: Any, g: Served) -> None:
    """The line's next move by a finger dragging the card to its place (touch events, as a
    phone sends them)."""
    move = g.next_move()
    places = move_places(g.game, g.position, move)
    assert places is not None and places.target is not None
    # A finger touches what the screen shows: the board from its top.
    page.evaluate("document.getElementById('board').scrollIntoView({ block: 'start' })")
    (sx, sy), (tx, ty) = centre(page, places.source), centre(page, places.target)
    cdp = page.context.new_cdp_session(page)
    before = g.table.version
    n = len(g.table.session.moves)
    try:
        for kind, points in (
            ("touchStart", [(sx, sy)]),
            ("touchMove", [((sx + tx) / 2, (sy + ty) / 2)]),
            ("touchMove", [(tx, ty)]),
            ("touchEnd", []),
        ):
            cdp.send(
                "Input.dispatchTouchEvent",
                {"type": kind, "touchPoints": [{"x": x, "y": y} for x, y in points]},
            )
            page.wait_for_timeout(30)
    finally:
        cdp.detach()
    g.wait(before)
    assert g.table.session.moves[n] == move
    g.expected = g.game.apply(g.expected, move)
    g.plan = g.plan[1:]


def test_a_double_click_sends_a_card_home(player: Browser) -> None:
    b = player
    page = b.page
    g = Served(b, "eagle-wing", 7732, auto=False)
    try:
        # A card the foundation takes: the move home from its place is played.
        legal = [m for m in g.game.legal_moves(g.position) if g.game.goes_home(g.position, m)]
        assert legal
        move = legal[0]
        places = move_places(g.game, g.position, move)
        assert places is not None
        with g.next_version():
            locate(page, places.source).dblclick()
        assert g.table.session.moves == [move]
        # Where no move starts (a foundation), a double-click plays nothing.
        locate(page, ("foundation0", None)).dblclick()
        page.wait_for_timeout(300)
        assert g.table.session.moves == [move]
        assert b.text("#message") == "no move starts there"
        assert b.errors == []
    finally:
        g.close()


def test_a_double_click_that_could_mean_two_moves_asks(player: Browser) -> None:
    """decade-optional 2: the first card starts the runs x1-2 and x1-3, both discards. A
    double-click plays neither: the card is picked, the last card of each run lights up, and
    the page asks; a click on one plays that run."""
    b = player
    page = b.page
    g = Served(b, "decade-optional", 2, auto=False)
    try:
        homes = [m for m in g.game.legal_moves(g.position) if g.game.goes_home(g.position, m)]
        assert sorted(str(m) for m in homes) == ["x1-2", "x1-3", "x2-3"]
        locate(page, ("line", 0)).dblclick()
        page.wait_for_timeout(500)
        assert g.table.session.moves == []
        assert b.text("#message").startswith("x1-2 or x1-3?")
        assert page.locator("#layer .picked").count() == 1
        lit = page.eval_on_selector_all(
            "#layer .target", "els => els.map(e => Number(e.dataset.index))"
        )
        assert sorted(lit) == [1, 2]
        # The run that clears the line's first three cards, as the player chose.
        with g.next_version():
            locate(page, ("line", 2)).click()
        assert [str(m) for m in g.table.session.moves] == ["x1-3"]
        assert b.errors == []
    finally:
        g.close()


def test_a_card_dropped_where_it_cannot_go_slides_back(player: Browser) -> None:
    b = player
    page = b.page
    g = Served(b, "black-hole", 2, auto=False)
    try:
        move = g.next_move()
        places = move_places(g.game, g.position, move)
        assert places is not None and places.target is not None
        card = locate(page, places.source)
        where = card.get_attribute("transform")
        # Onto another pile: no move goes there.
        other = next(f"pile{i}" for i in range(1, 18) if f"pile{i}" != places.source[0])
        drag(page, places.source, (other, None))
        page.wait_for_function("!document.body.dataset.busy")
        page.wait_for_timeout(300)
        assert g.table.session.moves == []
        assert b.text("#message") == "that card cannot go there"
        assert card.get_attribute("transform") == where
        assert page.locator("#layer .dragging, #layer .picked").count() == 0
        # Off the board (onto the title): it goes back, and the old message goes too.
        sx, sy = centre(page, places.source)
        title = page.locator("#title").bounding_box()
        assert title is not None
        page.mouse.move(sx, sy)
        page.mouse.down()
        page.mouse.move(sx, sy - 40, steps=3)
        page.mouse.move(title["x"] + 10, title["y"] + title["height"] / 2, steps=5)
        page.mouse.up()
        page.wait_for_function("!document.body.dataset.busy")
        page.wait_for_timeout(300)
        assert g.table.session.moves == []
        assert b.text("#message") == ""
        assert card.get_attribute("transform") == where
        # Then onto its place: the move is played.
        with g.next_version():
            drag(page, places.source, places.target)
        assert g.table.session.moves == [move]
        assert b.errors == []
    finally:
        g.close()


def test_automatic_moves_on_and_off(player: Browser) -> None:
    b = player
    page = b.page
    g = Served(b, "eagle-wing", 7732, auto=False)
    try:
        start = g.table.session.start
        safe = g.game.auto_moves(start)
        assert safe, "the deal has safe moves home at the start"
        assert g.table.session.moves == []
        assert not page.is_checked("#auto")
        # Turned on, the table plays them at once, and the page keeps the setting.
        with g.next_version():
            page.check("#auto")
        assert g.table.session.moves == safe and g.table.automatic == [True] * len(safe)
        assert page.evaluate("localStorage.getItem('solitaire-solver-auto')") == "1"
        assert page.locator("#played li.auto").count() == len(safe)
        # An undo has nothing of the player's to take back.
        assert page.is_disabled("#undo")
        # Turned off, a move is followed by nothing, and the setting outlives a reload.
        with g.next_version():
            page.uncheck("#auto")
        page.reload()
        page.wait_for_function("!document.body.dataset.busy && document.body.dataset.version")
        assert not page.is_checked("#auto") and g.table.auto is False
        while not g.game.auto_moves(g.game.apply(g.position, g.next_move())):
            g.step()
        played = len(g.table.session.moves)
        g.step()
        assert len(g.table.session.moves) == played + 1
        # On again: the safe moves of the position now are played.
        waiting = g.game.auto_moves(g.position)
        with g.next_version():
            page.check("#auto")
        assert g.table.session.moves[played + 1 :] == waiting
        assert b.errors == []
    finally:
        page.evaluate("localStorage.setItem('solitaire-solver-auto', '1')")
        g.close()


def test_a_move_slides_then_its_automatic_moves(player: Browser) -> None:
    b = player
    page = b.page
    g = Served(b, "eagle-wing", 7732)
    try:
        # Find a move after which the table plays moves home.
        while not g.game.auto_moves(g.game.apply(g.position, g.next_move())):
            g.step()
        page.evaluate(
            """() => {
              window.slid = [];
              window.delays = {};
              window.seen = false;
              const counted = new WeakSet();
              new MutationObserver((changes) => {
                for (const c of changes) {
                  if (c.target.classList && c.target.classList.contains('sliding')
                      && !counted.has(c.target)) {
                    counted.add(c.target);
                    window.slid.push(c.target.dataset.card);
                    window.delays[c.target.dataset.card] = c.target.style.transitionDelay;
                  }
                }
                if (document.body.dataset.animating === '1') window.seen = true;
              }).observe(document.body, { attributes: true, subtree: true,
                                           attributeFilter: ['class', 'data-animating'] });
            }"""
        )
        here = g.position
        move = g.next_move()
        after = g.game.apply(here, move)
        follow = g.game.auto_moves(after)
        with g.next_version():
            started = time.monotonic()
            g.gesture(move, "drag")
            page.wait_for_function("document.body.dataset.animating === '1'", timeout=5_000)
        took = time.monotonic() - started
        assert page.evaluate("window.seen")
        slid = page.evaluate("window.slid")
        # Each card slid in turn: the player's, then each card the table sent home.
        moved = [card_of(g.game, here, move)]
        fills = refill(g.game, here, move)
        state = after
        for m in follow:
            moved.append(card_of(g.game, state, m))
            fills += refill(g.game, state, m)
            state = g.game.apply(state, m)
        assert [c for c in slid if c in moved][: len(moved)] == moved
        # A card moved by a move goes at once; a card that fills the gap it left, after it.
        delays = page.evaluate("window.delays")
        assert all(delays[c] == "0ms" for c in moved)
        assert fills and all(delays[c] == "170ms" for c in fills), (fills, delays)
        # One short slide a step.
        assert took < 0.4 * (1 + len(follow)) + 1.5
        assert page.locator("#layer .sliding").count() == 0
        # With reduced motion, nothing slides.
        page.emulate_media(reduced_motion="reduce")
        page.evaluate("window.slid = []")
        g.step()
        assert page.evaluate("window.slid") == []
        assert b.errors == []
    finally:
        page.emulate_media(reduced_motion="no-preference")
        g.close()


def refill(game: Any, state: Any, move: Any) -> list[str]:
    """The card that fills the gap ``move`` leaves, if it leaves one (Eagle Wing's words:
    ``...; trunk's 4H fills wing 2``)."""
    found = re.search(r"trunk's (?:last card )?(\w\w) fills", game.describe(state, move))
    return [found.group(1)] if found else []


def card_of(game: Any, state: Any, move: Any) -> str:
    """The text of the card ``move`` takes, from the move's own words (Eagle Wing's: ``deal
    5D``, ``7S from wing 8 to foundation``)."""
    words: list[str] = game.describe(state, move).split()
    return words[1] if words[0] == "deal" else words[0]


def test_the_end_box_is_in_view_on_a_large_screen(player: Browser, tmp_path: Path) -> None:
    b = player
    page = b.page
    page.set_viewport_size({"width": 1280, "height": 900})
    page.emulate_media(reduced_motion="reduce")
    g = Served(b, "windmill", 45)
    try:
        # A long game: every move of the line but the last, loaded from a file.
        line = list(g.game.solve(g.table.session.start, SolveRequest.of(g.game)).moves)
        saved = tmp_path / "long.json"
        saved.write_text(
            format_game(g.game, g.table.session.start, line[:-1], deal="45"), encoding="utf-8"
        )
        with g.next_version():
            page.set_input_files("#load-file", str(saved))
        g.expected = None
        g.play_out()
        page.wait_for_function(
            "document.getElementById('end').dataset.ready === '1'", timeout=60_000
        )
        box = page.locator("#end").bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= 900
        assert "You won!" in b.text("#end")
        assert b.errors == []
    finally:
        page.emulate_media(reduced_motion="no-preference")
        page.set_viewport_size({"width": 1000, "height": 760})
        g.close()


def test_play_by_keyboard(player: Browser) -> None:
    b = player
    page = b.page
    g = Served(b, "black-hole", 2, auto=False)
    try:
        page.focus("#board")
        for _ in range(6):
            move = g.next_move()
            places = move_places(g.game, g.position, move)
            assert places is not None and places.target is not None
            wanted = f"{places.source[0]}:{json.dumps(places.source[1])}"
            # Down arrow: the ring goes over the cards that can move, one after another.
            rings = []
            for _ in range(20):
                b.press("ArrowDown")
                rings.append(page.evaluate("document.body.dataset.ring"))
                if rings[-1] == wanted:
                    break
            assert rings[-1] == wanted, rings
            # A screen reader hears what the ring is on: the card and its pile.
            name = locate(page, places.source).locator("title").text_content()
            assert name and " of " in name  # "queen of hearts"
            pile = b.label(places.source[0]).split()
            said = b.text("#ring-text")
            assert said == f"{name}, {pile[0]} {pile[1]}: Enter picks it", said
            with g.next_version():
                b.press("Enter")
                # Picked: the ring is on the place it may go; Enter drops it there.
                assert page.evaluate("document.body.dataset.ring") == "hole:null"
                assert page.locator("#layer .picked").count() == 1
                assert b.text("#ring-text").endswith(f"Enter plays {name} here")
                b.press("Enter")
            assert g.table.session.moves[-1] == move
            g.expected = g.game.apply(g.expected, move)
            g.plan = g.plan[1:]
        assert b.errors == []
    finally:
        g.close()


def test_restart_and_a_stale_page(player: Browser) -> None:
    b = player
    page = b.page
    page.emulate_media(reduced_motion="reduce")
    g = Served(b, "eagle-wing", 7732)
    try:
        start_moves = list(g.table.session.moves)
        for _ in range(5):
            g.step()
        played = list(g.table.session.moves)
        assert page.is_enabled("#restart")
        with g.next_version():
            page.click("#restart")
        # Back to the deal as the table starts it; every move can be played again.
        assert g.table.session.moves == start_moves
        assert b.text("#moves").startswith("0 moves")
        assert b.text("#clock") == "0:00"
        with g.next_version():
            b.press("End")
        assert g.table.session.moves == played

        # Another tab plays a move: this page's next move is refused, and it shows the game
        # as it now is.
        other = g.game.legal_moves(g.position)[-1]
        g.table.play(str(other))
        now = g.table.version
        page.locator("#legal button").first.click()
        page.wait_for_function(
            f"document.body.dataset.version === '{now}' && !document.body.dataset.busy"
        )
        assert "changed" in b.text("#message")
        assert page.evaluate("Number(document.body.dataset.played)") == len(g.table.session.moves)
        assert g.table.version == now
        # The browser logs the refusal; nothing else went wrong.
        assert all("409" in e for e in b.errors) and len(b.errors) == 1, b.errors
    finally:
        page.emulate_media(reduced_motion="no-preference")
        g.close()


def test_the_fair_mode_box(player: Browser) -> None:
    b = player
    page = b.page
    g = Served(b, "eagle-wing", 7732)
    try:
        assert not page.is_checked("#fair") and g.table.fair is False
        # Play to a position with a choice, for the hint to weigh (on the table: the moves
        # played by hand are another test's).
        advance(g, lambda: len(g.game.legal_moves(g.position)) >= 2)
        reload(page)
        with g.next_version():
            page.check("#fair")
        assert g.table.fair is True
        # The full-sight coach waits for the end; the hint is the fair hint alone, a bar for
        # each move it weighed.
        assert page.is_disabled("#ask-winnable") and page.is_disabled("#ask-solution")
        with page.expect_response(lambda r: r.url.endswith("api/coach/hint")) as answer:
            hint = ask(page, "#ask-hint", "hint")
        assert "Fair hint (no peeking):" in hint and "Best move:" not in hint
        fair = answer.value.json()["fair"]
        listed = [r["move"] for r in fair["moves"] if r["group"] == r["move"]]
        assert len(fair["moves"]) > 1
        # The moves in the answer's order, and the best named is the answer's move.
        assert page.locator("#coach .bars li code").all_text_contents() == listed
        best = next(r["group"] for r in fair["moves"] if r["move"] == fair["move"])
        assert page.locator("#coach .bars li.best code").all_text_contents() == [best]
        assert page.locator("#coach p.fair code").text_content() == fair["move"]
        # Turned off, the game records it and the coach speaks; on again, it is refused and
        # the box says the game's mode.
        with g.next_version():
            page.uncheck("#fair")
        assert g.table.fair is False and g.table.fair_off_at == len(g.table.session.moves)
        assert page.is_enabled("#ask-winnable")
        # A click, not check(): the page turns the box back off as soon as the table
        # refuses, which check() (that waits to see it on) takes for a failed click.
        page.click("#fair")
        page.wait_for_function(
            "!document.getElementById('fair').checked && document.getElementById('message')"
            ".textContent.includes('fair mode starts with a new deal')"
        )
        assert g.table.fair is False
        assert all("409" in e for e in b.errors), b.errors
    finally:
        g.close()


# ---------------------------------------------------------------- the record of games


def reset_record(page: Any) -> None:
    """Forget the record of games the browser keeps (the module's pages share one profile)."""
    page.evaluate(
        "localStorage.removeItem('solitaire-solver-stats');"
        "localStorage.removeItem('solitaire-solver-games'); sessionStorage.clear()"
    )


def reload(page: Any) -> None:
    page.reload()
    page.wait_for_function("!document.body.dataset.busy && document.body.dataset.version")


def advance(g: Served, until: Callable[[], bool]) -> None:
    """Play the solver's line on the table itself, not on the page, until ``until()``; the
    page is then reloaded by the caller, as after a game played in another tab."""
    while not until():
        move = g.next_move()
        g.table.play(str(move))
        g.expected = g.game.apply(g.expected, move)
        g.plan = g.plan[1:]


def finish(g: Served, how: str = "drag") -> None:
    """Play the line on the table to its last move, then that move on the page (``drag``,
    ``click`` or ``tap``): the game ends on the page, as the player's."""
    advance(g, lambda: g.game.is_won(g.game.apply(g.position, g.next_move())))
    reload(g.page)
    g.play_out(how)


def record(page: Any, preset: str) -> tuple[int, int, int, int]:
    kept = stats(page, preset)
    return kept["played"], kept["won"], kept["streak"], kept["best"]


def test_the_record_counts_each_game_once(player: Browser, tmp_path: Path) -> None:
    """The issue's fake: a game won, then Restart and End three times, made "4 played, 4
    won, streak 4". Each deal counts once, when its first game begun here ends; a game won
    after the coach showed its winning line counts as played, not won; a game that came
    with moves played elsewhere counts nothing."""
    b = player
    page = b.page
    page.emulate_media(reduced_motion="reduce")
    g = Served(b, "black-hole", 2, auto=False)
    try:
        reset_record(page)
        reload(page)
        assert record(page, "black-hole") == (0, 0, 0, 0)
        g.step()
        assert record(page, "black-hole") == (1, 0, 0, 0)
        finish(g)
        assert record(page, "black-hole") == (1, 1, 1, 1)
        assert "1 played, 1 won (100%), streak 1, best 1" in b.text("#stats")
        # Its moves replayed are the same game: Restart then End, three times, and an undo
        # then a redo.
        for _ in range(3):
            with g.next_version():
                page.click("#restart")
            with g.next_version():
                b.press("End")
            assert g.table.over() == "won"
        with g.next_version():
            b.press("ArrowLeft")
        with g.next_version():
            page.click("#redo")
        assert record(page, "black-hole") == (1, 1, 1, 1)
        assert page.evaluate("document.body.dataset.counted") == "won"
        assert "playing it again counts nothing new" in b.text("#counted")
        # The same deal dealt again and won again: a replay.
        with g.next_version():
            page.fill("#deal-number", "2")
            page.click("#deal")
        g.expected = None
        finish(g)
        assert record(page, "black-hole") == (1, 1, 1, 1)

        # Deal 3, its winning line shown by the coach, then won: played, not won.
        with g.next_version():
            page.fill("#deal-number", "3")
            page.click("#deal")
        g.expected = None
        g.step()
        assert record(page, "black-hole") == (2, 1, 1, 1)
        assert page.evaluate("document.body.dataset.counted") == "open"
        ask(page, "#ask-solution", "solution")
        finish(g)
        assert record(page, "black-hole") == (2, 1, 0, 1)
        assert page.evaluate("document.body.dataset.counted") == "solved"
        assert "played, not won" in b.text("#counted")

        # Deal 4 from a file one move from its end, played elsewhere: not counted.
        start = g.game.deal(parse_deal_number(4))
        line = list(g.game.solve(start, SolveRequest.of(g.game)).moves)
        saved = tmp_path / "elsewhere.json"
        saved.write_text(format_game(g.game, start, line[:-1], deal="4"), encoding="utf-8")
        with g.next_version():
            page.set_input_files("#load-file", str(saved))
        g.expected = None
        g.play_out()
        assert record(page, "black-hole") == (2, 1, 0, 1)
        assert page.evaluate("document.body.dataset.counted") == "elsewhere"
        assert b.errors == []
    finally:
        page.emulate_media(reduced_motion="no-preference")
        g.close()


# ---------------------------------------------------------------- jumps and slides


def count_redraws(page: Any) -> None:
    """From now on, ``window.redraws`` lists when the board was drawn anew (its cards
    replaced), and ``window.keyAt`` when a key was last pressed."""
    page.evaluate(
        """() => {
          window.redraws = [];
          window.keyAt = null;
          document.addEventListener('keydown', () => { window.keyAt = performance.now(); });
          new MutationObserver((changes) => {
            if (changes.some((c) => c.removedNodes.length > 5)) {
              window.redraws.push(performance.now());
            }
          }).observe(document.getElementById('layer'), { childList: true });
        }"""
    )


def test_end_jumps_to_the_end_at_once(player: Browser) -> None:
    """The issue's freeze: windmill 7 won, restarted, then End replayed every move's slide
    one after another (50 s of no input). A jump is drawn once."""
    b = player
    page = b.page
    g = Served(b, "windmill", 7, auto=False)
    try:
        advance(g, lambda: g.game.is_won(g.position))
        n = len(g.table.session.moves)
        g.table.restart()
        reload(page)
        assert page.is_disabled("#undo") and page.is_enabled("#redo")
        count_redraws(page)
        version = g.table.version
        b.press("End")
        # Well within the time one slide a move would take (a page that replays each move's
        # slide never gets here before the wait gives up).
        page.wait_for_function(
            f"Number(document.body.dataset.version) > {version} && !document.body.dataset.busy",
            timeout=10_000,
        )
        assert len(g.table.session.moves) == n
        assert page.evaluate("window.redraws.length") <= 1
        check_won(b, "windmill")
        # Home, the other way.
        page.wait_for_function("document.getElementById('end').dataset.ready === '1'")
        page.evaluate("window.redraws = []")
        with g.next_version():
            b.press("Home")
        assert g.table.session.moves == []
        assert page.evaluate("window.redraws.length") <= 1
        assert b.errors == []
    finally:
        g.close()


def test_a_key_ends_the_slides_of_a_move(player: Browser) -> None:
    """Windmill 7 near its end: a deal after which the table plays nine moves home, each
    sliding in turn; a key pressed meanwhile ends the slides and draws where they end."""
    b = player
    page = b.page
    g = Served(b, "windmill", 7)
    try:
        advance(g, lambda: len(g.game.auto_moves(g.game.apply(g.position, g.next_move()))) >= 5)
        reload(page)
        move = g.next_move()
        follow = g.game.auto_moves(g.game.apply(g.position, move))
        count_redraws(page)
        with g.next_version():
            g.gesture(move, "click")
            page.wait_for_function("document.body.dataset.animating === '1'", timeout=5_000)
            b.press("Escape")
        assert len(g.table.session.moves) >= len(follow) + 1
        drawn = page.evaluate("window.redraws")
        at = page.evaluate("window.keyAt")
        # The steps before the key slid one after another; after it, the end at once.
        assert len(drawn) < len(follow) + 1
        assert len([t for t in drawn if t > at]) <= 1
        # Every pile is drawn as the table now holds it, nothing left mid-slide.
        for pile, (cards, *_) in g.table.view()["step"]["piles"].items():
            assert b.cards(pile) == cards, pile
        assert page.locator("#layer .sliding").count() == 0
        assert b.errors == []
    finally:
        g.close()


# ---------------------------------------------------------------- every screen, every player

CONTROLS = "button, select, input:not([type=file]), a.button, label.button, .settings label"
"""What a player presses: buttons (the legal moves' and the end box's too), the lists, the
deal number, the links and labels drawn as buttons, the checkboxes and their labels."""


def small_controls(page: Any, least: float) -> list[str]:
    """The controls drawn whose smaller side is under ``least`` CSS pixels, as ``NAME WxH``."""
    found: list[str] = page.eval_on_selector_all(
        CONTROLS,
        """(els, least) => els
            .map((e) => [e.id || e.textContent.trim(), e.getBoundingClientRect()])
            .filter(([, r]) => r.width > 0 && Math.min(r.width, r.height) < least)
            .map(([name, r]) => `${name} ${r.width}x${r.height}`)""",
        least,
    )
    return found


def overlapping_controls(page: Any) -> list[str]:
    """Pairs of controls drawn over each other (a control and one inside it aside)."""
    found: list[str] = page.eval_on_selector_all(
        CONTROLS,
        """(els) => {
          const drawn = els.map((e) => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width);
          const name = (e) => e.id || e.textContent.trim();
          const out = [];
          for (const [a, r] of drawn) {
            for (const [b, q] of drawn) {
              // Each pair once (b after a), a control and one inside it aside.
              if (a === b || a.contains(b) || b.contains(a)) continue;
              if (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_PRECEDING) continue;
              const x = Math.min(r.right, q.right) - Math.max(r.left, q.left);
              const y = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
              if (x > 1 && y > 1) out.push(`${name(a)} / ${name(b)}`);
            }
          }
          return out;
        }""",
    )
    return found


def in_view(page: Any, selector: str) -> bool:
    """Whether the element ``selector`` finds is drawn whole on the screen as it is scrolled."""
    found: bool = page.evaluate(
        """(selector) => {
          const r = document.querySelector(selector).getBoundingClientRect();
          return r.height > 0 && r.top >= 0 && r.left >= 0
            && r.bottom <= innerHeight && r.right <= innerWidth;
        }""",
        selector,
    )
    return found


def check_every_answer_in_view(b: Browser, g: Served, least: float, how: str) -> None:
    """Every control at least ``least`` pixels, and each answer of the coach, then the end of
    the game, drawn whole on the screen as it comes, with no scrolling by the player."""
    page = b.page
    assert small_controls(page, least) == []
    assert overlapping_controls(page) == []
    for button, kind in (
        ("#ask-winnable", "winnable"),
        ("#ask-hint", "hint"),
        ("#ask-solution", "solution"),
    ):
        ask(page, button, kind)
        assert in_view(page, "#coach"), kind
        assert small_controls(page, least) == []
    finish(g, how)
    page.wait_for_function("document.getElementById('end').dataset.ready === '1'", timeout=60_000)
    assert in_view(page, "#end")
    assert small_controls(page, least) == []
    assert overlapping_controls(page) == []
    assert b.errors == []


def test_a_phone_shows_the_board_first_and_every_answer(phone: Browser) -> None:
    """The issue's phone: windmill 7 on a 390x844 screen with touch, after 20 moves. The board
    comes first, every control is at least 44 pixels high and wide (a thumb's), and every
    answer of the coach is brought into view."""
    b = phone
    page = b.page
    page.emulate_media(reduced_motion="reduce")
    g = Served(b, "windmill", 7, auto=False)
    try:
        advance(g, lambda: len(g.table.session.moves) >= 20)
        reload(page)
        assert page.evaluate("scrollY") == 0
        board = page.locator("#board").bounding_box()
        assert board is not None and board["y"] < 100  # under the title alone
        tops: list[float] = page.eval_on_selector_all(
            CONTROLS,
            "els => els.filter((e) => e.getClientRects().length)"
            ".map((e) => e.getBoundingClientRect().top)",
        )
        assert tops and min(tops) >= board["y"] + board["height"]
        check_every_answer_in_view(b, g, 44, "tap")
    finally:
        page.emulate_media(reduced_motion="no-preference")
        g.close()


def test_a_large_screen_shows_every_answer(player: Browser) -> None:
    """The same at 1280x900 by mouse: the board whole on the screen, each answer in view, and
    every control at least 24 pixels (the smallest target WCAG 2.2 allows)."""
    b = player
    page = b.page
    page.set_viewport_size({"width": 1280, "height": 900})
    page.emulate_media(reduced_motion="reduce")
    g = Served(b, "windmill", 7, auto=False)
    try:
        advance(g, lambda: len(g.table.session.moves) >= 20)
        reload(page)
        # The board is seen whole under the controls, and so at the module's 1000x760.
        assert in_view(page, "#board")
        page.set_viewport_size({"width": 1000, "height": 760})
        page.wait_for_timeout(400)  # the page lays itself out again a moment after a resize
        assert in_view(page, "#board")
        page.set_viewport_size({"width": 1280, "height": 900})
        page.wait_for_timeout(400)
        check_every_answer_in_view(b, g, 24, "drag")
    finally:
        page.emulate_media(reduced_motion="no-preference")
        page.set_viewport_size({"width": 1000, "height": 760})
        g.close()


def serious_findings(page: Any) -> list[str]:
    """What axe-core's rules find serious or critical on the page as it is now."""
    axe = pytest.importorskip(
        "axe_playwright_python.sync_playwright",
        reason="needs axe-playwright-python (the test extra)",
    )
    found = axe.Axe().run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("screen", ["large", "phone"])
def test_the_page_passes_an_accessibility_check(
    chromium: Callable[..., Browser], player: Browser, phone: Browser, screen: str
) -> None:
    """axe-core's rules find nothing serious at the deal, with each answer of the coach, and
    at the end; the keyboard's controls are named for a screen reader."""
    b = player if screen == "large" else phone
    page = b.page
    page.emulate_media(reduced_motion="reduce")
    g = Served(b, "black-hole", 2, auto=False)
    try:
        assert serious_findings(page) == []
        # The board names itself and its keys; the buttons say what they do, the legal
        # moves in words.
        board = page.get_by_role("application", name="the cards in play")
        assert board.count() == 1
        described = board.get_attribute("aria-describedby")
        assert "Enter or Space picks the card" in b.text(f"#{described}")
        for name in ("Undo", "Redo", "Restart", "Hint"):
            assert page.get_by_role("button", name=name, exact=True).count() == 1, name
        for m in g.table.view()["legal"]:
            name = f"{m['move']}: {m['text']}"
            assert page.get_by_role("button", name=name, exact=True).count() == 1, name
        ask(page, "#ask-hint", "hint")
        assert serious_findings(page) == []
        ask(page, "#ask-solution", "solution")
        assert serious_findings(page) == []
        finish(g, "click")
        page.wait_for_function(
            "document.getElementById('end').dataset.ready === '1'", timeout=60_000
        )
        assert serious_findings(page) == []
        assert b.errors == []
    finally:
        page.emulate_media(reduced_motion="no-preference")
        g.close()
