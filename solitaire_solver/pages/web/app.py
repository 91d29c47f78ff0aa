"""The web app of ``play --browser``: a Starlette app served by Uvicorn on 127.0.0.1.

One game (a :class:`~.table.Table`) per server. Every address starts with a
random token (``http://127.0.0.1:PORT/TOKEN/``): a request without it, with
another one, or from an address other than the loopback gets 403, so that
neither another user of the machine nor a web page in the browser can play
or read the game. :class:`Server` binds 127.0.0.1 (:func:`bind` refuses any
other address) on a free port (``play --browser`` on :data:`PORT` when it is
free, so that the browser keeps the page's record from game to game), and
stops on Ctrl-C, or once the page has been closed for a while (the page
calls in every few seconds while it is open).

The routes, under the token: ``GET /`` the page; ``GET api/state`` what it
draws; ``POST api/move`` ``{"move": "x3-5"}``; ``POST api/undo`` and
``api/redo`` (``{"steps": N}``, 1 by default); ``POST api/new`` ``{"game":
PRESET, "deal": NUMBER | "random" | "today" | "easy" | "medium" | "hard"}``;
``POST api/load`` ``{"text": GAME-FILE-TEXT}``; ``POST api/restart`` (back to
the deal, every move ready to redo); ``POST api/settings`` ``{"auto": BOOL,
"fair": BOOL}`` (either or both: automatic moves home, fair mode); ``GET api/save`` (the game
file) and ``GET api/export`` (a viewer page of the moves played); ``POST
api/coach/winnable``, ``api/coach/hint``, ``api/coach/solution`` and
``GET api/end``; ``GET api/ping`` and ``POST api/bye`` (the page is open,
or closing). Bad input gets a status and ``{"error": MESSAGE}``: 400 a body
that is not what the route takes or a move that does not parse, 409 a move
that is not legal now (or any move once the game is over).

What the server holds to, whatever it is sent:

- A request whose Host is not the address the server listens on
  (``127.0.0.1:PORT``, ``localhost:PORT`` or ``[::1]:PORT``) gets 403: a web
  page whose own name was made to resolve to 127.0.0.1 (DNS rebinding)
  cannot reach the game.
- A body over :data:`MAX_BODY` bytes gets 413 before it is read: at once for
  a Content-Length over it, and as soon as a body sent in chunks passes it.
  The app never holds more of a body than that.
- A body that is not a JSON object the game reads (not UTF-8, not JSON,
  nested too deeply, NaN or Infinity, a number too long, a lone surrogate,
  a field of the wrong type) gets 400 with one short message, never 500.
- A client that goes away part way through sending a body (a page closed, a
  connection dropped) changes nothing, and the server logs nothing; nor does it
  log a request that is not HTTP it reads (a length that is no number, bad
  chunks), which the server's own parser answers with 400.
- An error message quotes at most :data:`QUOTE_CHARS` characters of any
  input, and is at most :data:`MESSAGE_CHARS` long.
- A request that changes the game (a move, undo, redo, a new deal, a loaded
  game, a restart, a setting) may carry ``"version": N``, the version of the
  game its page shows. If the game has changed since (in another tab), it
  gets 409 with ``{"error": ..., "stale": true, "view": VIEW}`` and nothing
  is done: the page redraws from ``view``, and no click plays on a position
  it never showed.
- Ctrl-C stops the server as it stops every command: one line,
  ``interrupted``, and status 130 (a coach's search under way ends first).
"""

from __future__ import annotations

import ipaddress
import json
import math
import re
import secrets
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Awaitable, Callable, Collection
from typing import Any, TextIO

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.types import ASGIApp, Receive, Scope, Send

from ...errors import BadOptionError, IllegalMoveError, SolverError
from .page import play_page
from .table import Table

IDLE_SECONDS = 150.0
"""How long the server waits for the page after its last call before it stops. Longer than a
minute: a browser calls a page in a background tab at most once a minute."""

CLOSED_SECONDS = 15.0
"""How long the server waits after the page said it was closing (a reload opens it again at
once) before it stops."""

PING_SECONDS = 5
"""How often the open page calls in."""

PORT = 28573
"""The port ``play --browser`` serves on when it is free (else any free port). One address from
run to run is one origin for the browser, which keeps the page's settings and record of games
per origin: on a new port each time, they would start anew at every game."""


MAX_BODY = 65_536
"""The largest request body read, in bytes (a game file takes a few KB). A larger one gets 413,
unread."""

QUOTE_CHARS = 40
"""How much of a bad input an error message quotes: a longer quote is cut, with an ellipsis."""

MESSAGE_CHARS = 200
"""The longest error message sent: a longer one is cut, with an ellipsis."""

STALE = "the game has changed in another tab: the page is redrawn"
"""The error of a request sent from a page that shows an older version of the game."""


class _BadRequest(Exception):
    """A request whose body is not what its route takes: 400 with the message."""

    status = 400


class _TooLarge(_BadRequest):
    """A request whose body is over :data:`MAX_BODY`: 413."""

    status = 413


class _Gone(_BadRequest):
    """A client that went away before its body was all sent: no one reads the answer."""


class _BadNumber(ValueError):
    """A number JSON allows but the game reads nowhere: NaN, Infinity, or a float that overflows."""


# A quoted text in a message, as repr() writes it: from a quote not preceded by a letter (an
# apostrophe in a word is no quote) to the same quote not followed by one. Or else a long run
# without a space: input quoted without quotes.
_QUOTED = re.compile(
    rf"""(?<!\w)(['"])((?:\\.|(?!\1)[^\\])*)\1(?!\w)|\S{{{QUOTE_CHARS + 1},}}""", re.DOTALL
)


def short_message(message: str) -> str:
    """``message`` with each quote of input (and any run without a space) cut to
    :data:`QUOTE_CHARS` characters, and the whole to :data:`MESSAGE_CHARS`, with ellipses;
    lone surrogates are written as escapes, so that it encodes."""

    def cut(quote: re.Match[str]) -> str:
        mark, inside = quote.group(1), quote.group(2)
        if mark is None:
            return quote.group(0)[:QUOTE_CHARS] + "…"
        if len(inside) <= QUOTE_CHARS:
            return quote.group(0)
        return f"{mark}{inside[:QUOTE_CHARS]}…{mark}"

    out = _QUOTED.sub(cut, message)
    if len(out) > MESSAGE_CHARS:
        out = out[: MESSAGE_CHARS - 1] + "…"
    return out.encode("utf-8", "backslashreplace").decode("utf-8")


def _no_constant(name: str) -> Any:
    raise _BadNumber(f"{name} is not a number the game reads")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _BadNumber("a number is too large")
    return value


def _lone_surrogate(doc: Any) -> bool:
    """Whether a text in ``doc`` (a key or a value, at any depth) holds half a surrogate pair:
    JSON's escapes allow it, UTF-8 cannot write it."""
    # A stack, not recursion: the document may be nested as deep as json.loads allows.
    stack = [doc]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def parse_body(raw: bytes) -> dict[str, Any]:
    """The JSON object of a request body (``{}`` when it is empty); :class:`_BadRequest`, with
    a reason that quotes none of it, for anything else."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _BadRequest("the body is not UTF-8 text") from None
    if not text.strip():
        return {}
    try:
        doc = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as exc:
        raise _BadRequest(
            f"the body is not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:
        raise _BadRequest("the body is not JSON the game reads: it is nested too deeply") from None
    except _BadNumber as exc:
        raise _BadRequest(f"the body is not JSON the game reads: {exc}") from None
    except ValueError:
        # Python refuses to read an int of more than 4,300 digits.
        raise _BadRequest("the body is not JSON the game reads: a number is too long") from None
    if not isinstance(doc, dict):
        raise _BadRequest("the body must be a JSON object")
    if _lone_surrogate(doc):
        raise _BadRequest("the body is not JSON the game reads: a text holds a lone surrogate")
    return doc


def loopback_hosts(port: int) -> frozenset[str]:
    """The Host headers of a request to this machine's loopback at ``port``."""
    return frozenset({f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"})


def is_loopback(host: str | None) -> bool:
    """Whether ``host`` (an address, or ``localhost``) is this machine's loopback."""
    if host is None:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Watch:
    """When the page last called in, and whether it said it was closing."""

    def __init__(self) -> None:
        self.last: float | None = None
        self.closing = False

    def seen(self) -> None:
        """The page called in."""
        self.last = time.monotonic()
        self.closing = False

    def idle(self, now: float) -> bool:
        """Whether the page has been gone long enough to stop (never before its first call)."""
        if self.last is None:
            return False
        wait = CLOSED_SECONDS if self.closing else IDLE_SECONDS
        return now - self.last > wait


def make_app(
    table: Table, token: str, watch: Watch | None = None, *, hosts: Collection[str]
) -> ASGIApp:
    """The app that serves ``table`` under ``/TOKEN/``; ``watch`` learns of the page's calls.

    ``hosts`` are the Host headers it answers (:func:`loopback_hosts` of the server's port):
    a request with any other, or none, gets 403.
    """
    lock = threading.RLock()
    watch = watch if watch is not None else Watch()
    allowed = frozenset(host.lower() for host in hosts)

    def error(status: int, message: str, *, close: bool = False) -> JSONResponse:
        # Every message that reaches the page goes through here: whatever it quotes, it is short.
        headers = {"Connection": "close"} if close else None
        return JSONResponse({"error": short_message(message)}, status_code=status, headers=headers)

    async def body(request: Request) -> dict[str, Any]:
        # The gate refused a Content-Length over the limit; a body sent in chunks, with none,
        # is read up to the limit and no further.
        raw = bytearray()
        try:
            async for chunk in request.stream():
                if len(raw) + len(chunk) > MAX_BODY:
                    raise _TooLarge(f"the body is over {MAX_BODY:,} bytes")
                raw += chunk
        except ClientDisconnect:
            # The page was closed (or the connection dropped) part way through a body:
            # nothing is done, and nothing is logged.
            raise _Gone("the client went away before the body was sent") from None
        return parse_body(bytes(raw))

    def version_field(doc: dict[str, Any]) -> int | None:
        if "version" not in doc:
            return None
        value = doc["version"]
        if not isinstance(value, int) or isinstance(value, bool):
            raise _BadRequest("expected 'version': the number of the game's version on the page")
        return value

    def text_field(doc: dict[str, Any], name: str, *, required: bool = True) -> str | None:
        value = doc.get(name)
        if value is None and not required:
            return None
        if not isinstance(value, str) or (required and not value.strip()):
            raise _BadRequest(f"expected {name!r}: a text")
        return value

    def steps_field(doc: dict[str, Any]) -> int:
        value = doc.get("steps", 1)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise _BadRequest("expected 'steps': a whole number from 1")
        return value

    Handler = Callable[[Request], Awaitable[Response]]

    def guarded(
        work: Callable[[dict[str, Any]], Any],
        *,
        reads_body: bool = True,
        checks_version: bool = False,
    ) -> Handler:
        """A route that runs ``work`` on the table under the lock, and says what went wrong.

        With ``checks_version`` (the routes that change the game), a body's ``"version"`` other
        than the table's gets 409 and the table's view, and nothing is done: the request came
        from a page that shows an older game (another tab moved since).
        """

        async def handler(request: Request) -> Response:
            watch.seen()
            try:
                doc = await body(request) if reads_body else {}
                expected = version_field(doc) if checks_version else None
            except _Gone:
                return Response(status_code=400, headers={"Connection": "close"})
            except _BadRequest as exc:
                return error(exc.status, str(exc), close=exc.status == 413)

            def run() -> Any:
                with lock:
                    # Under the lock: no other request changes the game between the check and
                    # the work.
                    if expected is not None and expected != table.version:
                        stale = {"error": STALE, "stale": True, "view": table.view()}
                        return JSONResponse(stale, status_code=409)
                    return work(doc)

            try:
                # The coach's searches take seconds: off the event loop, so that the page's
                # calls in go on being answered.
                out = await run_in_threadpool(run)
            except _BadRequest as exc:
                return error(exc.status, str(exc))
            except IllegalMoveError as exc:
                return error(409, str(exc))
            except SolverError as exc:
                return error(400, str(exc))
            if isinstance(out, Response):
                return out
            return JSONResponse(out)

        return handler

    def state(doc: dict[str, Any]) -> Any:
        return table.view()

    def move(doc: dict[str, Any]) -> Any:
        table.play(text_field(doc, "move") or "")
        return table.view()

    def undo(doc: dict[str, Any]) -> Any:
        if not table.undo(steps_field(doc)):
            raise IllegalMoveError("nothing to undo: no move has been played")
        return table.view()

    def redo(doc: dict[str, Any]) -> Any:
        if not table.redo(steps_field(doc)):
            raise IllegalMoveError("nothing to redo: no move has been taken back")
        return table.view()

    def new(doc: dict[str, Any]) -> Any:
        deal = doc.get("deal")
        if isinstance(deal, int) and not isinstance(deal, bool):
            deal = str(deal)
        if not isinstance(deal, str) or not deal.strip():
            raise _BadRequest("expected 'deal': a deal number, random, today, easy, medium or hard")
        table.new_deal(text_field(doc, "game", required=False), deal)
        return table.view()

    def load(doc: dict[str, Any]) -> Any:
        # A file sent without its name is still named in the errors, as "the file".
        name = text_field(doc, "name", required=False) or "the file"
        table.load(text_field(doc, "text") or "", name)
        return table.view()

    def restart(doc: dict[str, Any]) -> Any:
        table.restart()
        return table.view()

    def settings(doc: dict[str, Any]) -> Any:
        # Both read before either is set: a bad value changes nothing.
        wanted = {}
        for name in ("auto", "fair"):
            if name in doc:
                if not isinstance(doc[name], bool):
                    raise _BadRequest(f"expected {name!r}: true or false")
                wanted[name] = doc[name]
        # Fair mode first: it may be refused (the game has shown every card), and then
        # nothing changes.
        if "fair" in wanted:
            table.set_fair(wanted["fair"])
        if "auto" in wanted:
            table.set_auto(wanted["auto"])
        return table.view()

    def save(doc: dict[str, Any]) -> Any:
        return Response(
            table.save_text(),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{table.file_name(".json")}"'},
        )

    def export(doc: dict[str, Any]) -> Any:
        return HTMLResponse(
            table.export_html(),
            headers={"Content-Disposition": f'attachment; filename="{table.file_name(".html")}"'},
        )

    async def page(request: Request) -> Response:
        watch.seen()
        return HTMLResponse(play_page(PING_SECONDS))

    async def ping(request: Request) -> Response:
        watch.seen()
        return JSONResponse({"version": table.version})

    async def bye(request: Request) -> Response:
        watch.seen()
        watch.closing = True
        return Response(status_code=204)

    routes = [
        Route("/", page),
        Route("/api/state", guarded(state, reads_body=False)),
        Route("/api/move", guarded(move, checks_version=True), methods=["POST"]),
        Route("/api/undo", guarded(undo, checks_version=True), methods=["POST"]),
        Route("/api/redo", guarded(redo, checks_version=True), methods=["POST"]),
        Route("/api/new", guarded(new, checks_version=True), methods=["POST"]),
        Route("/api/load", guarded(load, checks_version=True), methods=["POST"]),
        Route("/api/restart", guarded(restart, checks_version=True), methods=["POST"]),
        Route("/api/settings", guarded(settings, checks_version=True), methods=["POST"]),
        Route("/api/save", guarded(save, reads_body=False)),
        Route("/api/export", guarded(export, reads_body=False)),
        Route("/api/coach/winnable", guarded(lambda d: table.winnable()), methods=["POST"]),
        Route("/api/coach/hint", guarded(lambda d: table.hint()), methods=["POST"]),
        Route("/api/coach/solution", guarded(lambda d: table.solution()), methods=["POST"]),
        Route("/api/end", guarded(lambda d: table.end(), reads_body=False)),
        Route("/api/ping", ping),
        Route("/api/bye", bye, methods=["POST"]),
    ]
    app = Starlette(routes=[Mount(f"/{token}", routes=routes)])

    async def gate(scope: Scope, receive: Receive, send: Send) -> None:
        # Everything is refused before routing: a request from another machine, or one that
        # does not carry the token, learns nothing (not even which addresses exist).
        # A refused request's body is never read: the answer closes the connection, so that
        # the server does not go on receiving it.
        if scope["type"] == "http":
            client = scope.get("client")
            headers = dict(scope.get("headers") or [])
            if not is_loopback(client[0] if client else None):
                refused = error(403, "refused: this server answers this machine only", close=True)
                await refused(scope, receive, send)
                return
            # A web page whose name was made to resolve to 127.0.0.1 (DNS rebinding) sends
            # its own name as the Host.
            if headers.get(b"host", b"").decode("latin-1").lower() not in allowed:
                refused = error(403, "refused: the request names another host", close=True)
                await refused(scope, receive, send)
                return
            first = str(scope.get("path", "")).split("/", 2)[1:2] or [""]
            if not secrets.compare_digest(first[0].encode(), token.encode()):
                refused = error(403, "refused: the address lacks this game's token", close=True)
                await refused(scope, receive, send)
                return
            # The server has checked that a Content-Length is a number.
            length = headers.get(b"content-length", b"0")
            if length.isdigit() and int(length) > MAX_BODY:
                refused = error(413, f"the body is over {MAX_BODY:,} bytes", close=True)
                await refused(scope, receive, send)
                return
        await app(scope, receive, send)

    return gate


def new_token() -> str:
    """A random token for the address: 128 bits, URL-safe."""
    return secrets.token_urlsafe(16)


def bind(host: str = "127.0.0.1", port: int = 0) -> socket.socket:
    """A listening socket on ``host`` (loopback only: :class:`BadOptionError` for any other)
    at ``port`` (0: a free one)."""
    if not is_loopback(host):
        raise BadOptionError(
            f"refusing to serve on {host!r}: the game is served on this machine only (127.0.0.1)"
        )
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise BadOptionError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.listen(64)
    return sock


class Server:
    """A Uvicorn server of one table on a socket from :func:`bind`, in this thread
    (:meth:`run`) or another (:meth:`start`, :meth:`stop`)."""

    def __init__(self, table: Table, *, host: str = "127.0.0.1", port: int = 0) -> None:
        import uvicorn

        self.sock = bind(host, port)
        self.token = new_token()
        self.watch = Watch()
        address = self.sock.getsockname()
        shown = f"[{address[0]}]" if ":" in address[0] else address[0]
        self.url = f"http://{shown}:{address[1]}/{self.token}/"
        app = make_app(table, self.token, self.watch, hosts=loopback_hosts(address[1]))
        # Errors only: a request that is not HTTP at all gets the server's 400, and one
        # warning line a request would be noise in the player's terminal.
        config = uvicorn.Config(app, log_level="error", lifespan="off", access_log=False)
        self.server = uvicorn.Server(config)
        self._thread: threading.Thread | None = None
        self._stopper = threading.Thread(target=self._stop_when_idle, daemon=True)

    def _stop_when_idle(self) -> None:
        while not self.server.should_exit:
            if self.watch.idle(time.monotonic()):
                self.server.should_exit = True
            time.sleep(0.5)

    def run(self) -> None:
        """Serve until Ctrl-C, or until the page has been closed for a while."""
        self._stopper.start()
        try:
            self.server.run(sockets=[self.sock])
        finally:
            self.server.should_exit = True
            self.sock.close()

    def start(self) -> str:
        """Serve in a thread of its own; the page's address."""
        self._thread = threading.Thread(target=self.run, daemon=True)
        self._thread.start()
        while not self.server.started and self._thread.is_alive():
            time.sleep(0.02)
        return self.url

    def stop(self) -> None:
        """Stop serving (after :meth:`start`) and wait for the thread."""
        self.server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)


def play_in_browser(table: Table, *, out: TextIO | None = None, open_page: bool = True) -> int:
    """``play --browser``: serve ``table``, open the page, and return 0 once the server stops."""
    out = out if out is not None else sys.stdout
    try:
        server = Server(table, port=PORT)
    except BadOptionError:
        # Taken (another game served, say): any free port, with a record of its own.
        server = Server(table)
    opened = False
    if open_page:
        try:
            opened = webbrowser.open(server.url)
        except webbrowser.Error:
            opened = False
    what = "the game is open in your browser at" if opened else "open the game in a browser at"
    out.write(f"{what} {server.url}\n")
    out.write("it stops with Ctrl-C, or a while after the page is closed\n")
    out.flush()
    server.run()
    return 0
