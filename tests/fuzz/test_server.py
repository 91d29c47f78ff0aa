"""Every route of the browser game's server, with any method, path, headers and body.

The app is called as the server calls it (ASGI): a request's body arrives in one piece or
several, whole, or cut off by a client that goes away part way through. The property: an
answer below 500, and a refusal (4xx) is short (a JSON ``{"error": ...}`` of a short
message, or the router's few words for an address or a method it has not), leaves the
game as it was, and nothing escapes the app (which the server would print as a
traceback). A few requests go to a real server too, written byte by byte as no HTTP
library would: its own parser answers them, and it logs nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import time
import warnings
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import given, seed
from hypothesis import strategies as st

pytest.importorskip("starlette", reason="needs the browser extra (pip install starlette uvicorn)")
pytest.importorskip("uvicorn", reason="needs the browser extra (pip install starlette uvicorn)")

from solitaire_solver.games import make_game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.pages.web import Table
from solitaire_solver.pages.web import app as web_app
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Limits
from tests.fuzz.doors import (
    PRESET_NAMES,
    TRIED,
    budget,
    fuzz_seed,
    nasty_text,
    time_bound,
)
from tests.web_client import serving

TOKEN = "fuzz-token"
PORT = 8124
HOST = f"127.0.0.1:{PORT}"

ROUTES = ["", "api/state", "api/move", "api/undo", "api/redo", "api/new", "api/load",
          "api/restart", "api/settings", "api/save", "api/export", "api/coach/winnable",
          "api/coach/hint", "api/coach/solution", "api/end", "api/ping", "api/bye"]  # fmt: skip
"""Every route of the app (under the token)."""

METHODS = ["GET", "POST", "POST", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH", "BREW"]


def table(preset: str = "black-hole", deal: int = 2) -> Table:
    """A table whose coach searches little: its requests bounded to 20,000 states."""
    game = make_game(preset)
    request = SolveRequest.build(game, limits=Limits(max_states=20_000))
    start = game.deal(parse_deal_number(deal))
    return Table(game, start, deal=str(deal), samples=2, request=request)


def field_values() -> st.SearchStrategy[Any]:
    """The value of a field of a body: what some route reads there, or anything JSON."""
    good = st.sampled_from(
        ["p1", "p5", "x1-3", "d", "w5", "r3>p", "random", "today", "easy", "hard", "1", "3",
         *PRESET_NAMES, "game: decade\nline: 3D", True, False, 0, 1, 2, -1, 10**20, 1.5, None]
    )  # fmt: skip
    plain = st.one_of(good, nasty_text(), st.integers(), st.floats())
    return st.recursive(plain, lambda inner: st.lists(inner, max_size=3), max_leaves=5)


def json_body() -> st.SearchStrategy[bytes]:
    """A JSON object of the fields the routes read (and others), now and then a game file."""
    keys = st.sampled_from(["move", "steps", "deal", "game", "text", "name", "auto", "fair",
                            "version", "other", ""])  # fmt: skip
    doc = st.dictionaries(keys, field_values(), max_size=4)
    game_file = st.sampled_from(PRESET_NAMES).map(saved_game)
    return st.one_of(
        doc.map(lambda d: json.dumps(d).encode()),
        game_file.map(lambda text: json.dumps({"text": text}).encode()),
    )


def saved_game(preset: str) -> str:
    """The game file of deal 3 of ``preset``, as ``api/save`` writes it."""
    return table(preset, 3).save_text()


MALFORMED = [
    b"", b"{", b"{}{}", b"[" * 50_000, b'{"a":' * 5000 + b"1" + b"}" * 5000,
    b'{"move": "\\ud800"}', b'{"steps": 1e400}', b'{"steps": ' + b"9" * 5000 + b"}",
    b"\xff\xfe", b"null", b'"p1"', b"\x00", b" " * 70_000, b"{" + b" " * 70_000,
]  # fmt: skip
"""Bodies no route reads: cut, deep, huge, not UTF-8, not an object, over the size cap."""


GET_ROUTES = {"", "api/state", "api/save", "api/export", "api/end", "api/ping"}
"""The routes read with GET; the others take a POST."""


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    """A request: method, path, headers, client, and the body in pieces (maybe cut off).

    Half are what the page sends (the token, the loopback, the route's method, the Host
    and length right) with any body, a quarter of those cut off by a client that goes away;
    the rest have anything anywhere.
    """
    body = draw(st.one_of(json_body(), json_body(), st.sampled_from(MALFORMED), st.binary()))
    pieces = draw(st.integers(1, 4))
    size = max(1, len(body) // pieces)
    chunks = [body[i : i + size] for i in range(0, len(body), size)] or [b""]
    if draw(st.booleans()):
        route = draw(st.sampled_from(ROUTES))
        gone = len(chunks) > 1 and draw(st.integers(0, 3)) == 0
        return {
            "method": "GET" if route in GET_ROUTES else "POST",
            "path": f"/{TOKEN}/{route}",
            "headers": [(b"host", HOST.encode()), (b"content-length", b"%d" % len(body))],
            "chunks": chunks[: len(chunks) // 2] if gone else chunks,
            "gone": gone,
            "client": ("127.0.0.1", 50000),
        }
    token = draw(st.sampled_from([TOKEN] * 6 + ["", "x", TOKEN + "x", TOKEN.upper()]))
    route = draw(st.one_of(st.sampled_from(ROUTES), nasty_text().map(lambda t: "api/" + t)))
    path = (
        f"/{token}/{route}"
        if draw(st.integers(0, 9))
        else draw(st.sampled_from(["/", "", "//", f"/{TOKEN}", f"/{TOKEN}/../api/state", "/%00"]))
    )
    hosts = [f"localhost:{PORT}", f"[::1]:{PORT}", "evil.example:80", "", "127.0.0.1", None]
    host = draw(st.sampled_from([HOST] * 6 + hosts))
    headers: list[tuple[bytes, bytes]] = []
    if host is not None:
        headers.append((b"host", host.encode()))
    length = draw(st.sampled_from(["right"] * 4 + [None, "0", "-1", "abc", "99999999999", "5"]))
    if length == "right":
        length = str(len(body))
    if length is not None:
        headers.append((b"content-length", length.encode()))
    if draw(st.booleans()):
        headers.append((b"content-type", b"application/json"))
    gone = draw(st.integers(0, 7)) == 0 and len(chunks) > 1
    client = draw(st.sampled_from([("127.0.0.1", 50000)] * 8 + [("10.0.0.9", 1), None]))
    return {
        "method": draw(st.sampled_from(METHODS)),
        "path": path,
        "headers": headers,
        "chunks": chunks[: len(chunks) // 2] if gone else chunks,
        "gone": gone,
        "client": client,
    }


async def call(app: Any, request: dict[str, Any]) -> tuple[int, dict[bytes, bytes], bytes]:
    """The app's answer to ``request``: its status, headers and body."""
    path = request["path"]
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": request["method"],
        "scheme": "http",
        "path": path,
        "raw_path": path.encode("utf-8", "surrogateescape"),
        "query_string": b"",
        "root_path": "",
        "headers": request["headers"],
        "client": request["client"],
        "server": ("127.0.0.1", PORT),
    }
    messages = [
        {"type": "http.request", "body": chunk, "more_body": i < len(request["chunks"]) - 1}
        for i, chunk in enumerate(request["chunks"])
    ]
    if request["gone"]:
        messages[-1]["more_body"] = True
        messages.append({"type": "http.disconnect"})

    async def receive() -> dict[str, Any]:
        if messages:
            return messages.pop(0)
        await asyncio.sleep(0)
        return {"type": "http.disconnect"}

    status, headers, body = 0, {}, bytearray()

    async def send(message: dict[str, Any]) -> None:
        nonlocal status, headers
        if message["type"] == "http.response.start":
            status = message["status"]
            headers = dict(message.get("headers", []))
        elif message["type"] == "http.response.body":
            body.extend(message.get("body", b""))

    await app(scope, receive, send)
    return status, headers, bytes(body)


def check_answer(
    request: dict[str, Any], status: int, headers: dict[bytes, bytes], body: bytes
) -> None:
    """Below 500; a refusal short and in the app's words (or the router's)."""
    shown = {k: (v if k != "chunks" else [c[:60] for c in v]) for k, v in request.items()}
    assert 200 <= status < 500, (status, body[:300], shown)
    if status < 400 or request["gone"]:
        return
    if not headers.get(b"content-type", b"").startswith(b"application/json"):
        assert len(body) < 100, (status, body[:300], shown)  # the router's "Not Found"
        return
    doc = json.loads(body)
    assert isinstance(doc.get("error"), str) and doc["error"], (body[:300], shown)
    assert len(doc["error"]) <= web_app.MESSAGE_CHARS, (body[:300], shown)
    # The error alone, or with the game's view for a page that showed an older version.
    assert set(doc) == {"error"} or (
        doc.get("stale") is True and set(doc) == {"error", "stale", "view"}
    ), (body[:300], shown)


@pytest.fixture
def quiet_log(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    with caplog.at_level(logging.WARNING):
        yield caplog


def fuzz_routes(slow: bool) -> None:
    t = table()
    app = web_app.make_app(t, TOKEN, hosts=web_app.loopback_hosts(PORT))

    @budget("route", slow)
    @given(request=requests())
    def one(request: dict[str, Any]) -> None:
        TRIED["route"] += 1
        before = t.view()
        try:
            with time_bound():
                status, headers, body = asyncio.run(call(app, request))
        except BaseException as exc:
            raise AssertionError(f"{type(exc).__name__} out of the app: {request}") from exc
        check_answer(request, status, headers, body)
        if status >= 400:
            assert t.view() == before, (status, body[:300])

    (one if fuzz_seed() is None else seed(fuzz_seed())(one))()


def test_every_route_with_any_request(quiet_log: pytest.LogCaptureFixture) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fuzz_routes(slow=False)
    assert [r.getMessage() for r in quiet_log.records if r.levelno >= logging.WARNING] == []


@pytest.mark.slow
def test_every_route_with_any_request_long(quiet_log: pytest.LogCaptureFixture) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fuzz_routes(slow=True)
    assert [r.getMessage() for r in quiet_log.records if r.levelno >= logging.WARNING] == []


# ---------------------------------------------------------------- a real server


@pytest.fixture(scope="module")
def server() -> Iterator[web_app.Server]:
    with serving(table()) as s:
        yield s


def raw(server: web_app.Server, data: bytes, *, close_early: bool = False) -> bytes:
    """Send ``data`` as it is to the server; what it answers (nothing when closed early)."""
    host, port = server.sock.getsockname()[:2]
    with socket.create_connection((host, port), timeout=10) as conn:
        conn.sendall(data)
        if close_early:
            return b""
        # Read until the server closes, or says no more for a moment (a request it is
        # still waiting on the rest of).
        conn.settimeout(1.0)
        answer = bytearray()
        try:
            while chunk := conn.recv(65536):
                answer += chunk
        except TimeoutError:
            pass
        return bytes(answer)


RAW = {
    "length not a number": b"Content-Length: abc\r\n\r\n{}",
    "length negative": b"Content-Length: -1\r\n\r\n{}",
    "length past the body": b"Content-Length: 50\r\n\r\n{}",
    "chunked, bad size": b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
    "chunked, cut": b'Transfer-Encoding: chunked\r\n\r\n10\r\n{"mo',
    "two lengths": b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
    "a long header": b"X-Long: " + b"x" * 100_000 + b"\r\nContent-Length: 2\r\n\r\n{}",
    "not HTTP": b"",
}
"""What a real server's own parser sees, after a request line and a Host (the last is no
request line at all)."""


@pytest.mark.parametrize("name", list(RAW))
def test_a_real_server_answers_malformed_requests_and_logs_nothing(
    name: str,
    server: web_app.Server,
    capfd: pytest.CaptureFixture[str],
    quiet_log: pytest.LogCaptureFixture,
) -> None:
    TRIED["raw request"] += 1
    path = f"/{server.url.rstrip('/').rsplit('/', 1)[1]}/api/move"
    host, port = server.sock.getsockname()[:2]
    head = f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\n".encode()
    data = head + RAW[name] if name != "not HTTP" else b"\x16\x03\x01\x00\xa5\x01\x00\x00"
    answer = raw(server, data, close_early=name == "chunked, cut")
    if answer:
        status = int(answer.split(b" ", 2)[1])
        assert 400 <= status < 500, answer[:300]
    # The server still answers, and printed nothing.
    state = httpx.get(server.url + "api/state", timeout=10)
    assert state.status_code == 200
    time.sleep(0.2)
    _, err = capfd.readouterr()
    assert "Traceback" not in err, err[-2000:]
    assert [r.getMessage() for r in quiet_log.records if r.levelno >= logging.WARNING] == []
