"""The web app of ``play --browser`` behind Starlette's test client, and served for
real, for the test files that talk to it. Import it only once the browser extra is
known to be there (``pytest.importorskip("starlette")``)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager

with warnings.catch_warnings():
    # Starlette's test client names httpx2 as httpx's successor; httpx works the same here.
    # The warning's class has changed between Starlette releases: match its words.
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from solitaire_solver.pages.web import Table
from solitaire_solver.pages.web import app as web_app

TOKEN = "a-token-for-tests"
HOME = ("127.0.0.1", 50000)
"""The address the test client says it calls from: the player's own machine."""


def client(t: Table, host: tuple[str, int] = HOME) -> TestClient:
    """A test client for the app serving ``t``, calling from ``host``."""
    return TestClient(web_app.make_app(t, TOKEN, hosts={"testserver"}), client=host)


def api(path: str) -> str:
    """The address of the app's ``path`` under the test token."""
    return f"/{TOKEN}/api/{path}"


@contextmanager
def serving(t: Table) -> Iterator[web_app.Server]:
    """A real server of ``t`` on 127.0.0.1, in a thread of the test process, stopped on
    leaving the block."""
    server = web_app.Server(t)
    server.start()
    try:
        yield server
    finally:
        server.stop()
