"""The web app of ``play --browser``: a Starlette app served by Uvicorn on 127.0.0.1.

One game (a :class:`~.table.Table`) per server. Every address starts with a
random token (``http://127.0.0.1:PORT/TOKEN/``): a request without it, with
another one, or from an address other than the loopback gets 403, so that
neither another user of the machine nor a web page in the browser can play
or read the game. :func:`serve` binds 127.0.0.1 (it refuses any other
address) on a free port, and stops on Ctrl-C, or once the page has been
closed for a while (the page calls in every few seconds while it is open).

The routes, under the token: ``GET /`` the page; ``GET api/state`` what it
draws; ``POST api/move`` ``{"move": "x3-5"}``; ``POST api/undo`` and
``api/redo`` (``{"steps": N}``, 1 by default); ``POST api/new`` ``{"game":
PRESET, "deal": NUMBER | "random" | "today" | "easy" | "medium" | "hard"}``;
``POST api/load`` ``{"text": GAME-FILE-TEXT}``; ``GET api/save`` (the game
file) and ``GET api/export`` (a viewer page of the moves played); ``POST
api/coach/winnable``, ``api/coach/hint``, ``api/coach/solution`` and
``GET api/end``; ``GET api/ping`` and ``POST api/bye`` (the page is open,
or closing). Bad input gets a status and ``{"error": MESSAGE}``: 400 a body
that is not what the route takes or a move that does not parse, 409 a move
that is not legal now (or any move once the game is over).
"""

from __future__ import annotations

import ipaddress
import json
import secrets
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Awaitable, Callable
from typing import Any, TextIO

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.types import ASGIApp, Receive, Scope, Send

from ..errors import BadOptionError, IllegalMoveError, SolverError
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


class _BadRequest(Exception):
    """A request whose body is not what its route takes: 400 with the message."""


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


def make_app(table: Table, token: str, watch: Watch | None = None) -> ASGIApp:
    """The app that serves ``table`` under ``/TOKEN/``; ``watch`` learns of the page's calls."""
    lock = threading.RLock()
    watch = watch if watch is not None else Watch()

    def error(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if not raw.strip():
            return {}
        try:
            doc = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise _BadRequest(f"the body is not JSON: {exc}") from None
        if not isinstance(doc, dict):
            raise _BadRequest("the body must be a JSON object")
        return doc

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

    def guarded(work: Callable[[dict[str, Any]], Any], *, reads_body: bool = True) -> Handler:
        """A route that runs ``work`` on the table under the lock, and says what went wrong."""

        async def handler(request: Request) -> Response:
            watch.seen()
            try:
                doc = await body(request) if reads_body else {}
            except _BadRequest as exc:
                return error(400, str(exc))

            def run() -> Any:
                with lock:
                    return work(doc)

            try:
                # The coach's searches take seconds: off the event loop, so that the page's
                # calls in go on being answered.
                out = await run_in_threadpool(run)
            except _BadRequest as exc:
                return error(400, str(exc))
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
        table.load(text_field(doc, "text") or "", text_field(doc, "name", required=False) or "")
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
        Route("/api/move", guarded(move), methods=["POST"]),
        Route("/api/undo", guarded(undo), methods=["POST"]),
        Route("/api/redo", guarded(redo), methods=["POST"]),
        Route("/api/new", guarded(new), methods=["POST"]),
        Route("/api/load", guarded(load), methods=["POST"]),
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
        if scope["type"] == "http":
            client = scope.get("client")
            if not is_loopback(client[0] if client else None):
                refused = error(403, "refused: this server answers this machine only")
                await refused(scope, receive, send)
                return
            first = str(scope.get("path", "")).split("/", 2)[1:2] or [""]
            if not secrets.compare_digest(first[0].encode(), token.encode()):
                refused = error(403, "refused: the address lacks this game's token")
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
        app = make_app(table, self.token, self.watch)
        config = uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False)
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
