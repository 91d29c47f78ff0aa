"""The web app of ``play --browser`` under bad requests: it stays up and says little.

Large bodies, long input, malformed JSON, a foreign Host, a page of an older
game, and Ctrl-C. Through Starlette's test client, and through a real server
on 127.0.0.1 where what is measured is the server's own work (what it read,
what it logged). What the app answers to good requests is tests/pages/test_web.py.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="needs the browser extra (pip install starlette uvicorn)")
pytest.importorskip("uvicorn", reason="needs the browser extra (pip install starlette uvicorn)")

import httpx

with warnings.catch_warnings():
    # Starlette's test client names httpx2 as httpx's successor; httpx works the same here.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from solitaire_solver.games import make_game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.pages.web import Table
from solitaire_solver.pages.web import app as web_app
from tests.support import ROOT, default_sigint
from tests.web_client import serving

TOKEN = "a-token-for-tests"
PORT = 8123
BASE = f"http://127.0.0.1:{PORT}"

POST_ROUTES = [
    "move",
    "undo",
    "redo",
    "new",
    "load",
    "restart",
    "settings",
    "coach/winnable",
    "coach/hint",
    "coach/solution",
]
"""The routes that read a JSON body (those a server lacks are skipped)."""

CHANGES = ["move", "undo", "redo", "new", "load", "restart", "settings"]
"""The routes that change the game, and so check the page's version."""


def table(preset: str = "black-hole", deal: int = 2) -> Table:
    game = make_game(preset)
    return Table(game, game.deal(parse_deal_number(deal)), deal=str(deal), samples=2)


def client(t: Table, base_url: str = BASE) -> TestClient:
    app = web_app.make_app(t, TOKEN, hosts=web_app.loopback_hosts(PORT))
    return TestClient(app, base_url=base_url, client=("127.0.0.1", 50000))


def api(path: str) -> str:
    return f"/{TOKEN}/api/{path}"


def legal(c: TestClient) -> list[str]:
    return [m["move"] for m in c.get(api("state")).json()["legal"]]


def assert_short_error(r: httpx.Response, status: int) -> str:
    """``r`` is ``status`` with one short error message, which it returns."""
    assert r.status_code == status, r.text[:300]
    assert len(r.content) < 300, r.content[:300]
    doc = r.json()
    assert list(doc) == ["error"] and isinstance(doc["error"], str) and doc["error"]
    assert "Traceback" not in doc["error"]
    return str(doc["error"])


def longest_run(text: str, char: str) -> int:
    """The longest run of ``char`` in ``text``: how much of a long input of it is quoted."""
    best = run = 0
    for c in text:
        run = run + 1 if c == char else 0
        best = max(best, run)
    return best


@pytest.fixture(scope="module")
def server() -> Iterator[web_app.Server]:
    """A real server on 127.0.0.1, in a thread of the test process."""
    with serving(table()) as s:
        yield s


def resident_mb() -> float:
    """The test process's resident memory now (the server runs in it), in MB."""
    with open("/proc/self/status") as status:
        line = next(x for x in status if x.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


# ---------------------------------------------------------------- the Host


def test_the_loopback_at_the_servers_port_is_answered() -> None:
    t = table()
    for base in (BASE, f"http://localhost:{PORT}", f"http://[::1]:{PORT}"):
        assert client(t, base).get(api("state")).status_code == 200, base
    assert web_app.loopback_hosts(PORT) == {
        f"127.0.0.1:{PORT}",
        f"localhost:{PORT}",
        f"[::1]:{PORT}",
    }
    # Host names are not case sensitive.
    r = client(t).get(api("state"), headers={"Host": f"LocalHost:{PORT}"})
    assert r.status_code == 200


@pytest.mark.parametrize(
    "host",
    [
        f"evil.example:{PORT}",  # DNS rebinding: a foreign name resolved to 127.0.0.1
        "evil.example",
        f"127.0.0.1:{PORT + 1}",  # the loopback, but another port
        "127.0.0.1",
        "localhost",
        f"localhost.:{PORT}",
        f"127.0.0.2:{PORT}",
        f"127.0.0.1:{PORT}.evil.example",
        f"[::1]:{PORT}0",
        "",
    ],
)
def test_a_foreign_host_is_refused(host: str) -> None:
    t = table()
    c = client(t)
    error = assert_short_error(c.get(api("state"), headers={"Host": host}), 403)
    assert "host" in error
    r = c.post(api("move"), json={"move": legal(c)[0]}, headers={"Host": host})
    assert r.status_code == 403
    assert t.view()["played"] == []


def raw_request(port: int, request: bytes) -> bytes:
    """Send ``request`` as is to the server at 127.0.0.1:``port``; its whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def test_a_real_server_refuses_a_foreign_or_missing_host(server: web_app.Server) -> None:
    port = server.sock.getsockname()[1]
    path = f"/{server.token}/api/state".encode()
    ok = raw_request(port, b"GET " + path + b" HTTP/1.0\r\nHost: localhost:%d\r\n\r\n" % port)
    assert ok.startswith(b"HTTP/1.1 200 ")
    # HTTP/1.0 allows a request without a Host.
    for head in (b"", b"Host: attacker.example:%d\r\n" % port):
        answer = raw_request(port, b"GET " + path + b" HTTP/1.0\r\n" + head + b"\r\n")
        assert answer.startswith(b"HTTP/1.1 403 "), answer[:100]
        assert b"another host" in answer and b'"legal"' not in answer


# ---------------------------------------------------------------- the size of a body


def test_a_body_up_to_the_limit_is_read_and_one_byte_more_is_not() -> None:
    c = client(table())
    move = legal(c)[0]
    start = json.dumps({"move": move}).encode()
    exact = start + b" " * (web_app.MAX_BODY - len(start))
    assert len(exact) == web_app.MAX_BODY
    assert c.post(api("move"), content=exact).status_code == 200
    over = exact + b" "
    error = assert_short_error(c.post(api("move"), content=over), 413)
    assert "65,536 bytes" in error
    assert len(c.get(api("state")).json()["played"]) == 1

    # Sent in chunks, with no Content-Length: the same limit.
    def chunks(body: bytes) -> Iterator[bytes]:
        for i in range(0, len(body), 1000):
            yield body[i : i + 1000]

    move = legal(c)[0]
    start = json.dumps({"move": move}).encode()
    exact = start + b" " * (web_app.MAX_BODY - len(start))
    r = c.post(api("move"), content=chunks(exact))
    assert r.status_code == 200 and len(r.json()["played"]) == 2
    assert_short_error(c.post(api("move"), content=chunks(exact + b" ")), 413)
    assert len(c.get(api("state")).json()["played"]) == 2


@pytest.mark.parametrize("with_length", [True, False], ids=["content-length", "chunked"])
def test_a_large_body_is_refused_unread(server: web_app.Server, with_length: bool) -> None:
    size = 100 * 2**20
    sent = 0

    def body() -> Iterator[bytes]:
        nonlocal sent
        chunk = b" " * 65536
        while sent < size:
            sent += len(chunk)
            yield chunk

    headers = {"Content-Length": str(size)} if with_length else {}
    before = resident_mb()
    try:
        r: httpx.Response | None = httpx.post(
            server.url + "api/move", content=body(), headers=headers, timeout=30
        )
    except (httpx.RemoteProtocolError, httpx.WriteError, httpx.ReadError):
        # The server answered and closed while this client was still sending: TCP may then
        # reset the connection before the client reads the answer. Either way the server
        # stopped taking the body early.
        r = None
    after = resident_mb()
    if r is not None:
        assert_short_error(r, 413)
        assert r.headers["connection"] == "close"
    # The server answered long before the client had sent the body, and held none of it.
    assert sent < 16 * 2**20, sent
    assert after - before < 16, (before, after)


def test_a_client_gone_mid_body_changes_nothing_and_logs_nothing(
    server: web_app.Server, capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    # Part of a move's body, then the connection closed: the server once printed a
    # ClientDisconnect traceback of some fifty lines in the player's terminal.
    before = httpx.get(server.url + "api/state", timeout=10).json()
    host, port = server.sock.getsockname()[:2]
    path = urllib.parse.urlsplit(server.url).path + "api/move"
    for sent in (b"", b'{"mo', b'{"move": "p1"'):
        with socket.create_connection((host, port), timeout=10) as conn:
            head = (
                f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
            )
            conn.sendall(head.encode() + sent)
        # The server still answers, and has done nothing.
        assert httpx.get(server.url + "api/state", timeout=10).json() == before
    # The disconnects are handled by the time a later request is answered on the same loop;
    # a moment more for a log line that would follow them.
    time.sleep(0.5)
    _, err = capfd.readouterr()
    assert "Traceback" not in err and "ClientDisconnect" not in err, err[-2000:]
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


# ---------------------------------------------------------------- what errors quote


def test_short_message_cuts_quotes_and_long_runs() -> None:
    q = web_app.QUOTE_CHARS
    long = "x" * 60_000
    message = web_app.short_message(f"bad move {long!r}: expected pN, such as p5")
    assert message == f"bad move '{'x' * q}…': expected pN, such as p5"
    spaced = "p1 " * 20_000
    message = web_app.short_message(f"bad move {spaced!r}: expected pN")
    assert message == f"bad move {spaced[:q]!r}"[:-1] + "…': expected pN"
    message = web_app.short_message(f"line 3: {long} is not a card")
    assert message == f"line 3: {'x' * q}… is not a card"
    # Apostrophes in words are no quotes; short quotes and messages stay whole.
    text = "the game's move 'p1' is not legal: it's Black Hole's rule"
    assert web_app.short_message(text) == text
    words = "word " * 1000
    message = web_app.short_message(words)
    assert len(message) == web_app.MESSAGE_CHARS and message.endswith("…")
    assert web_app.short_message("bad move '\ud800'") == "bad move '\\ud800'"


@pytest.mark.parametrize(
    ("route", "doc", "char"),
    [
        ("move", {"move": "x" * 60_000}, "x"),
        ("move", {"move": "p1 " * 20_000}, "p"),
        ("new", {"deal": "9" * 60_000}, "9"),
        ("new", {"deal": "w" * 60_000}, "w"),
        ("new", {"deal": int("9" * 4000)}, "9"),
        ("new", {"game": "z" * 60_000, "deal": "1"}, "z"),
        ("load", {"text": "q" * 60_000}, "q"),
        ("load", {"text": "game: " + "q" * 60_000}, "q"),
        ("load", {"text": "game: decade\ndeal: 1\n" + "q" * 60_000}, "q"),
        ("load", {"text": '{"game": "decade", "' + "q" * 60_000 + '": 1}'}, "q"),
        ("load", {"text": "n" * 30_000, "name": "q" * 30_000}, "q"),
        ("undo", {"steps": "q" * 60_000}, "q"),
        ("move", {"move": "p1", "version": "q" * 60_000}, "q"),
    ],
)
def test_an_error_quotes_a_short_prefix_of_the_input(
    route: str, doc: dict[str, Any], char: str
) -> None:
    t = table()
    r = client(t).post(api(route), json=doc)
    error = assert_short_error(r, 400)
    assert longest_run(error, char) <= web_app.QUOTE_CHARS, error
    assert t.view()["played"] == [] and t.title == "black-hole 2"


def test_a_ten_megabyte_move_gets_a_short_answer() -> None:
    # In the process, so that the whole request is sent and the answer read whatever the
    # timing (a real server closes at once, and TCP may reset the connection under a client
    # still sending: the test above allows for that).
    body = json.dumps({"move": "x" * 10_000_000}).encode()
    error = assert_short_error(client(table()).post(api("move"), content=body), 413)
    assert "x" not in error


# ---------------------------------------------------------------- malformed bodies


MALFORMED = {
    "not JSON": b"{not json",
    "cut short": b'{"move": "p1"',
    "trailing": b'{"move": "p1"} x',
    "two objects": b"{}{}",
    "deep list": b"[" * 60_000,
    "deep object": b'{"a":' * 10_000 + b"1" + b"}" * 10_000,
    "deep in a field": b'{"move": ' + b"[" * 30_000 + b"]" * 30_000 + b"}",
    "bad UTF-8": b'{"move": "\xff\xfe"}',
    "Latin-1": '{"move": "é"}'.encode("latin-1"),
    "UTF-16": '{"move": "p1"}'.encode("utf-16"),
    "UTF-8 BOM": b'\xef\xbb\xbf{"move": "p1"}',
    "NaN": b'{"move": NaN}',
    "Infinity": b'{"steps": Infinity}',
    "-Infinity": b'{"x": [-Infinity]}',
    "float overflow": b'{"steps": 1e400}',
    "huge int": b'{"steps": ' + b"9" * 5000 + b"}",
    "lone surrogate": b'{"move": "\\ud800"}',
    "lone surrogate key": b'{"\\udc00": 1}',
    "surrogate deep": b'{"a": [[{"b": ["\\udbff"]}]]}',
    "list": b"[1, 2]",
    "text": b'"p1"',
    "number": b"5",
    "null": b"null",
    "true": b"true",
    "NUL": b"\x00",
    "version text": b'{"version": "1"}',
    "version float": b'{"version": 0.0}',
    "version bool": b'{"version": false}',
    "version null": b'{"version": null}',
}
"""Bodies no route reads, whatever it takes (a version is malformed for the routes that change
the game only)."""

FIELDS = {
    "move": [b"{}", b'{"move": 3}', b'{"move": ""}', b'{"move": ["p1"]}', b'{"move": null}'],
    "undo": [b'{"steps": 0}', b'{"steps": "1"}', b'{"steps": 1.0}', b'{"steps": true}'],
    "redo": [b'{"steps": -1}', b'{"steps": [1]}', b'{"steps": {}}'],
    "new": [
        b"{}",
        b'{"deal": 1.5}',
        b'{"deal": [1]}',
        b'{"deal": true}',
        b'{"deal": -1}',
        b'{"game": 5, "deal": "1"}',
        b'{"game": ["decade"], "deal": "1"}',
    ],
    "load": [b"{}", b'{"text": 5}', b'{"text": ""}', b'{"text": "x", "name": 5}'],
    "settings": [
        b'{"auto": "yes"}',
        b'{"fair": 1}',
        b'{"auto": null}',
        b'{"auto": true, "fair": 0}',
    ],
}
"""Bodies that are JSON objects, with a field of the wrong type or value for the route."""


def malformed_cases(route: str) -> list[tuple[str, bytes]]:
    cases = [
        (name, body)
        for name, body in MALFORMED.items()
        if route in CHANGES or not name.startswith("version")
    ]
    return cases + [(f"field {i}", body) for i, body in enumerate(FIELDS.get(route, []))]


def test_every_malformed_body_to_every_route_is_a_400(caplog: pytest.LogCaptureFixture) -> None:
    # The test client raises whatever the app lets escape: a 500 would fail here.
    t = table()
    c = client(t)
    routes = [r for r in POST_ROUTES if c.get(api(r)).status_code == 405]
    assert {"move", "undo", "redo", "new", "load", "coach/hint"} <= set(routes)
    before = c.get(api("state")).json()
    for route in routes:
        for name, body in malformed_cases(route):
            r = c.post(api(route), content=body)
            assert r.status_code == 400, (route, name, r.text[:200])
            assert_short_error(r, 400)
    assert c.get(api("state")).json() == before
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_a_real_server_answers_malformed_bodies_and_logs_nothing(
    server: web_app.Server, capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    before = httpx.get(server.url + "api/state", timeout=10).json()
    with httpx.Client(timeout=30) as c:
        for name, body in malformed_cases("move"):
            r = c.post(server.url + "api/move", content=body)
            assert r.status_code == 400, (name, r.text[:200])
            assert_short_error(r, 400)
    assert httpx.get(server.url + "api/state", timeout=10).json() == before
    # No traceback, no warning: the terminal of ``play --browser`` stays quiet.
    _, err = capfd.readouterr()
    assert "Traceback" not in err and "Exception" not in err, err[-2000:]
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_the_coach_routes_take_an_empty_body() -> None:
    # An empty body is no object, and no malformed one: the coach's buttons send none.
    c = client(table())
    assert c.post(api("coach/winnable")).status_code == 200
    assert c.post(api("coach/winnable"), content=b"  \n").status_code == 200


# ---------------------------------------------------------------- a page of an older game


def test_a_move_from_a_stale_tab_is_refused_and_the_tab_catches_up() -> None:
    t = table("black-hole", 2)
    app = web_app.make_app(t, TOKEN, hosts=web_app.loopback_hosts(PORT))
    tab1 = TestClient(app, base_url=BASE, client=("127.0.0.1", 50001))
    tab2 = TestClient(app, base_url=BASE, client=("127.0.0.1", 50002))
    seen1 = tab1.get(api("state")).json()
    seen2 = tab2.get(api("state")).json()
    assert seen1["version"] == seen2["version"]
    first, second = seen1["legal"][0]["move"], seen1["legal"][1]["move"]

    now = tab1.post(api("move"), json={"move": first, "version": seen1["version"]}).json()
    assert now["version"] != seen2["version"]
    # Tab 2 still shows the start: its click would play on a position it never showed.
    r = tab2.post(api("move"), json={"move": second, "version": seen2["version"]})
    assert r.status_code == 409
    doc = r.json()
    assert doc["stale"] is True and doc["error"] == web_app.STALE
    assert doc["view"] == now == tab1.get(api("state")).json()
    assert [p["move"] for p in t.view()["played"]] == [first]
    # Redrawn from that view, tab 2 plays on.
    again = doc["view"]["legal"][0]["move"]
    r = tab2.post(api("move"), json={"move": again, "version": doc["view"]["version"]})
    assert r.status_code == 200
    assert [p["move"] for p in r.json()["played"]] == [first, again]
    # Now tab 1 is the stale one.
    r = tab1.post(api("undo"), json={"version": now["version"]})
    assert r.status_code == 409 and len(t.view()["played"]) == 2


def test_every_route_that_changes_the_game_checks_the_version() -> None:
    t = table("decade", 3)
    c = client(t)
    routes = [r for r in CHANGES if c.get(api(r)).status_code == 405]
    assert {"move", "undo", "redo", "new", "load"} <= set(routes)
    c.post(api("move"), json={"move": legal(c)[0]})
    c.post(api("move"), json={"move": legal(c)[0]})
    c.post(api("undo"))
    saved = c.get(api("save")).text
    bodies: dict[str, dict[str, Any]] = {
        "move": {"move": legal(c)[0]},
        "undo": {},
        "redo": {},
        "new": {"deal": "4"},
        "load": {"text": saved},
    }
    for route in routes:
        view = c.get(api("state")).json()
        old = view["version"] - 1
        r = c.post(api(route), json={**bodies.get(route, {}), "version": old})
        assert r.status_code == 409, (route, r.text[:200])
        assert r.json()["stale"] is True and r.json()["view"] == view
        assert c.get(api("state")).json() == view, route
    # With the current version (or none, as before), they act.
    for route in ("undo", "redo", "move", "new"):
        version = c.get(api("state")).json()["version"]
        r = c.post(api(route), json={**bodies[route], "version": version})
        assert r.status_code == 200, (route, r.text[:200])
        assert r.json()["version"] != version
    assert c.post(api("load"), json=bodies["load"]).json()["title"] == "decade 3"


def test_the_version_check_and_the_move_are_one_step() -> None:
    # Two tabs sending a move with the same version at once: one is played, the other is stale.
    t = table("black-hole", 2)
    app = web_app.make_app(t, TOKEN, hosts=web_app.loopback_hosts(PORT))
    view = t.view()
    moves = [m["move"] for m in view["legal"]][:8]
    answers: list[int] = []

    def send(move: str) -> None:
        with TestClient(app, base_url=BASE, client=("127.0.0.1", 50003)) as c:
            r = c.post(api("move"), json={"move": move, "version": view["version"]})
            answers.append(r.status_code)

    threads = [threading.Thread(target=send, args=(m,)) for m in moves]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(answers) == [200] + [409] * (len(moves) - 1)
    assert len(t.view()["played"]) == 1


# ---------------------------------------------------------------- Ctrl-C


def test_ctrl_c_stops_the_browser_game_cleanly() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BROWSER": "true"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "solitaire_solver", "play", "decade", "3", "--browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        # Ctrl-C as at a terminal, even when the tests run as a background job (which
        # ignores SIGINT, and the game would then end with 0, not 130).
        preexec_fn=default_sigint,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert " at http://127.0.0.1:" in line, line
        url = line.split(" at ", 1)[1].strip()
        # Serving, with a connection kept open, when Ctrl-C comes.
        with httpx.Client(timeout=10) as c:
            assert c.get(url + "api/state").json()["title"] == "decade 3"
            proc.send_signal(signal.SIGINT)
            out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130, err
    assert err == "solitaire-solver: interrupted\n", out
