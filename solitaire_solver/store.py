"""The results store: one SQLite row per solved deal, written as each deal finishes.

A winnability run over thousands of deals takes long enough to be
interrupted, so every result is committed as soon as it reaches the process
that owns the store. The file is in write-ahead-log mode: a commit is one
append to the log, a process killed at any moment (even by SIGKILL) leaves
every committed row intact, and readers never block the writer. Several runs
may share one file: each write waits for the lock (a busy timeout) and the
key ``(fingerprint, deal)`` keeps every deal to one row.

Rows of one game under different rules must never be mixed in one summary,
so a store binds each game name to one rules fingerprint the first time it
is used, and refuses any other rules for that game afterwards.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from .errors import StoreError
from .search import Limit, Limits, Status

SCHEMA_VERSION = 1
"""The ``user_version`` of a store file this module writes and reads."""

BUSY_TIMEOUT = 60.0
"""Seconds a write waits for another process that holds the lock."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    game TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    game TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    deal TEXT NOT NULL,
    number INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('won', 'lost', 'unknown')),
    limit_hit TEXT,
    moves TEXT NOT NULL,
    length INTEGER NOT NULL,
    states INTEGER NOT NULL,
    unique_states INTEGER NOT NULL,
    seconds REAL NOT NULL,
    max_states INTEGER,
    timeout REAL,
    max_table INTEGER,
    solver_version TEXT NOT NULL,
    finished TEXT NOT NULL,
    PRIMARY KEY (fingerprint, deal)
);
"""

_COLUMNS = (
    "game",
    "fingerprint",
    "deal",
    "number",
    "status",
    "limit_hit",
    "moves",
    "length",
    "states",
    "unique_states",
    "seconds",
    "max_states",
    "timeout",
    "max_table",
    "solver_version",
    "finished",
)

# A deal already stored as won or lost is final. An unknown one is replaced
# by any later result, so that a rerun with larger limits can settle it; a
# settled row is never overwritten, whichever of two concurrent runs wrote it.
_INSERT = (
    f"INSERT INTO results ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))}) "
    "ON CONFLICT (fingerprint, deal) DO UPDATE SET "
    + ", ".join(f"{c} = excluded.{c}" for c in _COLUMNS[4:])
    + " WHERE results.status = 'unknown'"
)


@attrs.frozen
class DealResult:
    """The outcome of solving one numbered deal, as the store keeps it.

    ``deal`` is the deal number as text (``"123"``, ``"ms40000"``), ``moves``
    the winning line in the game's notation (empty unless won), ``states``
    the states expanded, ``unique`` the distinct positions stored and
    ``seconds`` the wall-clock time of dealing and solving. ``from_store`` is
    true for a result read back from a store rather than solved in this run.
    Neither the time nor ``from_store`` takes part in comparisons: two
    results of a deal are equal when the search's outcome is.
    """

    deal: str
    number: int
    status: Status
    moves: tuple[str, ...] = ()
    states: int = 0
    unique: int = 0
    seconds: float = attrs.field(default=0.0, eq=False)
    limit: Limit | None = None
    solver_version: str = ""
    from_store: bool = attrs.field(default=False, eq=False)

    @property
    def length(self) -> int:
        """The number of moves in the winning line (0 unless won)."""
        return len(self.moves)


def _check_folder(path: Path) -> None:
    folder = path.parent
    if not folder.is_dir():
        raise StoreError(f"database folder '{folder}' does not exist (for {path})")


def _limits_key(limits: Limits) -> tuple[int | None, float | None, int | None]:
    return (limits.max_states, limits.timeout, limits.max_table)


class Store:
    """An open results database at ``path`` (created when missing).

    Use it as a context manager, or call :meth:`close`. Raises
    :class:`StoreError` for a missing folder or a file that is not a store.
    """

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.path = Path(path)
        _check_folder(self.path)
        if self.path.is_dir():
            raise StoreError(f"database '{self.path}' is a folder, not a file")
        try:
            # isolation_level=None: no implicit transactions; writes open
            # their own with BEGIN IMMEDIATE so that the lock is taken (and
            # waited for) before anything is read that the write depends on.
            self._db = sqlite3.connect(self.path, timeout=busy_timeout, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open database '{self.path}': {exc}") from None
        # Switching a new file to WAL can report "database is locked" at
        # once, without waiting, while another process is creating or
        # switching the same file; setting up again shortly after succeeds.
        deadline = time.monotonic() + busy_timeout
        while True:
            try:
                self._setup()
                break
            except sqlite3.OperationalError as exc:
                if "locked" in str(exc) and time.monotonic() < deadline:
                    time.sleep(0.02)
                    continue
                self._db.close()
                raise StoreError(f"'{self.path}' is not a results database: {exc}") from None
            except sqlite3.DatabaseError as exc:
                self._db.close()
                raise StoreError(f"'{self.path}' is not a results database: {exc}") from None

    def _setup(self) -> None:
        db = self._db
        # WAL survives the death of the process at any point; NORMAL sync
        # skips the fsync per commit, which only matters for power loss.
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version == SCHEMA_VERSION:
            return
        if version != 0:
            raise StoreError(
                f"'{self.path}' is a results database of schema {version}, "
                f"this solver reads schema {SCHEMA_VERSION}"
            )
        db.execute("BEGIN IMMEDIATE")
        try:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if tables - {"games", "results"}:
                raise StoreError(f"'{self.path}' is an SQLite file of something else, not a store")
            # One statement at a time: executescript would commit first.
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- rules

    def bind(self, game: str, fingerprint: str) -> None:
        """Claim ``game`` for the rules ``fingerprint``; :class:`StoreError` if it holds others.

        The check and the claim are one transaction, so two runs with
        different rules started together cannot both get in.
        """
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            row = db.execute("SELECT fingerprint FROM games WHERE game = ?", (game,)).fetchone()
            if row is None:
                db.execute("INSERT INTO games VALUES (?, ?)", (game, fingerprint))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        if row is not None and row[0] != fingerprint:
            theirs = row[0].removeprefix(game).strip()
            ours = fingerprint.removeprefix(game).strip()
            raise StoreError(
                f"'{self.path}' holds {game} results under other rules ({theirs}); "
                f"not mixing them with ({ours}): use another database"
            )

    # -- reading

    def _select(self, fingerprint: str, deals: Iterable[str] | None) -> list[dict[str, Any]]:
        query = f"SELECT {', '.join(_COLUMNS)} FROM results WHERE fingerprint = ?"
        if deals is None:
            cur = self._db.execute(query + " ORDER BY number, deal", (fingerprint,))
            return [dict(zip(_COLUMNS, row, strict=True)) for row in cur]
        wanted = list(deals)
        if len(wanted) > 500:
            # A large request reads the whole game once rather than by key.
            every = {r["deal"]: r for r in self._select(fingerprint, None)}
            return [every[d] for d in wanted if d in every]
        if not wanted:
            return []
        marks = ", ".join("?" * len(wanted))
        cur = self._db.execute(query + f" AND deal IN ({marks})", (fingerprint, *wanted))
        return [dict(zip(_COLUMNS, row, strict=True)) for row in cur]

    def get(self, fingerprint: str, deals: Iterable[str] | None = None) -> dict[str, DealResult]:
        """Stored results under ``fingerprint``, by deal text; only ``deals`` when given."""
        return {r["deal"]: _result(r) for r in self._select(fingerprint, deals)}

    def settled(
        self, fingerprint: str, deals: Iterable[str], limits: Limits
    ) -> dict[str, DealResult]:
        """The stored results that a run with ``limits`` need not solve again.

        Won and lost are final. An unknown result counts only if it was
        reached under the same limits: a run with other limits retries it.
        """
        want = _limits_key(limits)
        return {
            r["deal"]: _result(r)
            for r in self._select(fingerprint, deals)
            if r["status"] != "unknown" or (r["max_states"], r["timeout"], r["max_table"]) == want
        }

    def rows(self, fingerprint: str | None = None) -> list[dict[str, Any]]:
        """Every row (of one fingerprint when given) as a dict, in deal order."""
        query = f"SELECT {', '.join(_COLUMNS)} FROM results"
        args: tuple[str, ...] = ()
        if fingerprint is not None:
            query += " WHERE fingerprint = ?"
            args = (fingerprint,)
        cur = self._db.execute(query + " ORDER BY fingerprint, number, deal", args)
        return [dict(zip(_COLUMNS, row, strict=True)) for row in cur]

    def count(self, fingerprint: str) -> int:
        """How many deals are stored under ``fingerprint``."""
        return int(
            self._db.execute(
                "SELECT count(*) FROM results WHERE fingerprint = ?", (fingerprint,)
            ).fetchone()[0]
        )

    # -- writing

    def add(
        self, game: str, fingerprint: str, results: Sequence[DealResult], limits: Limits
    ) -> None:
        """Store ``results`` in one transaction; a settled row already there is kept."""
        if not results:
            return
        finished = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        rows = [
            (
                game,
                fingerprint,
                r.deal,
                r.number,
                r.status.value,
                r.limit.value if r.limit else None,
                json.dumps(list(r.moves)),
                r.length,
                r.states,
                r.unique,
                r.seconds,
                *_limits_key(limits),
                r.solver_version,
                finished,
            )
            for r in results
        ]
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.executemany(_INSERT, rows)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise


def _result(r: dict[str, Any]) -> DealResult:
    return DealResult(
        deal=r["deal"],
        number=r["number"],
        status=Status(r["status"]),
        moves=tuple(json.loads(r["moves"])),
        states=r["states"],
        unique=r["unique_states"],
        seconds=r["seconds"],
        limit=Limit(r["limit_hit"]) if r["limit_hit"] else None,
        solver_version=r["solver_version"],
        from_store=True,
    )
