"""The results store: one SQLite row per solved deal, written as each deal finishes.

A winnability run over thousands of deals takes long enough to be
interrupted, so every result is committed as soon as it reaches the process
that owns the store. The file is in write-ahead-log mode: a commit is one
append to the log, a process killed at any moment (even by SIGKILL) leaves
every committed row intact, and readers never block the writer. Several runs
may share one file: each write waits for the lock (a busy timeout) and the
key ``(preset, fingerprint, deal)`` keeps every deal to one row.

Rows are keyed by preset and rules fingerprint (a :class:`StoreKey`), so one
file holds any number of presets and rules side by side, and a summary only
ever reads the rows of the preset and rules it was asked about. A store
written by the first schema (rows keyed by fingerprint alone, one set of
rules per game) is migrated when it is opened, and so is one of the second
(which kept neither a won deal's difficulty figure nor where an imported
row came from), the third (which did not keep the part of the solver that
settled a deal) or the fourth (which kept no real number per deal, as the
upper bound on the fair odds needs: :mod:`~solitaire_solver.advice.bounds`).
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import attrs

from ..errors import StoreError
from ..reading import ReadError, check_regular, parse_json
from ..search import Limit, Limits, Status

if TYPE_CHECKING:
    # Only for annotations: the store sits below the games, which a first-schema
    # store's migration is handed (see Store).
    from ..games import Preset

SCHEMA_VERSION = 5
"""The ``user_version`` of a store file this module writes and reads."""

BUSY_TIMEOUT = 60.0
"""Seconds a write waits for another process that holds the lock."""

_LOOKUP = 500
"""Most deals looked up by key in one query (SQLite allows 999 parameters)."""

_INT64 = 1 << 63
"""SQLite's integers are 64-bit and signed: deal numbers from here up are stored otherwise."""

_WIDE = 9
"""Bytes of a deal number from :data:`_INT64` up, as the store writes it (PySolFC's numbers
reach 10^20, under 2^72)."""


def number_value(number: int) -> int | bytes:
    """A deal number as the ``number`` column holds it: itself below 2^63, else its bytes.

    SQLite cannot hold an integer of 2^63 or more (PySolFC's numbers run to
    10^20), so those are written as :data:`_WIDE` big-endian bytes. The
    order stays the numbers' order: SQLite sorts every integer before every
    blob, and blobs of one width byte by byte, which for big-endian bytes is
    their value's order. So ``ORDER BY number``, ``min``, ``max`` and
    ``BETWEEN`` mean what they say across both kinds (given their bounds
    through this function too), and a store written before keeps its rows as
    they are.
    """
    if number < _INT64:
        return number
    return number.to_bytes(_WIDE, "big")


def number_of(value: int | bytes) -> int:
    """The deal number of a ``number`` column's value (:func:`number_value`)."""
    return value if isinstance(value, int) else int.from_bytes(value, "big")


_SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    preset TEXT NOT NULL,
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
    difficulty INTEGER,
    origin TEXT,
    settled_by TEXT,
    value REAL,
    PRIMARY KEY (preset, fingerprint, deal)
);
CREATE INDEX IF NOT EXISTS results_by_number ON results (preset, fingerprint, number);
"""

_COLUMNS = (
    "preset",
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
    "difficulty",
    "origin",
    "settled_by",
    "value",
)
_ADDED_IN_3 = {"difficulty": "INTEGER", "origin": "TEXT"}
"""The columns the third schema added, with their types (both may be NULL)."""
_ADDED_IN_4 = {"settled_by": "TEXT"}
"""The column the fourth schema added (NULL for rows stored before it, and for
solvers that do not say which of their parts settled a deal)."""
_ADDED_IN_5 = {"value": "REAL"}
"""The column the fifth schema added: a real number per deal, the inner optimum of an
upper bound's run (NULL for every other row, and for rows stored before it)."""
_KEY_COLUMNS = 4
"""The leading columns that name a row: preset, game, fingerprint and deal."""

# A deal already stored as won or lost is final. An unknown one is replaced
# by any later result, so that a rerun with larger limits can settle it; a
# settled row is never overwritten, whichever of two concurrent runs wrote it.
_INSERT = (
    f"INSERT INTO results ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))}) "
    "ON CONFLICT (preset, fingerprint, deal) DO UPDATE SET "
    + ", ".join(f"{c} = excluded.{c}" for c in _COLUMNS[_KEY_COLUMNS:])
    + " WHERE results.status = 'unknown'"
)


@attrs.frozen
class StoreKey:
    """Which rows a run reads and writes: its preset and its rules.

    ``preset`` is the preset's name (``eagle-wing-coops``), ``game`` the
    game's (``eagle-wing``) and ``fingerprint`` the game's name and every
    knob, which tells apart runs of one preset under changed rules.
    """

    preset: str
    game: str
    fingerprint: str

    @classmethod
    def of(cls, game: Any) -> StoreKey:
        """The key of a game object (anything with ``preset``, ``name`` and ``fingerprint``);
        a game under a plan other than its preset's (its ``plan_digest``) has a key of its own."""
        fingerprint = game.fingerprint
        digest = getattr(game, "plan_digest", None)
        if digest is not None:
            fingerprint += f" plan={digest}"
        return cls(game.preset, game.name, fingerprint)


@attrs.frozen
class DealResult:
    """The outcome of solving one numbered deal, as the store keeps it.

    ``deal`` is the deal number as text (``"123"``, ``"ms40000"``), ``moves``
    the winning line in the game's notation (empty unless won), ``states``
    the states expanded, ``unique`` the distinct positions stored and
    ``seconds`` the wall-clock time of dealing and solving. ``from_store`` is
    true for a result read back from a store rather than solved in this run.
    ``difficulty`` is the won deal's difficulty figure (see
    :meth:`.Game.difficulty`; ``None`` when not won, or for a row stored before
    the store kept it). ``origin`` names the verdict file a row was imported
    from (``None`` for a deal solved into the store): such a row keeps the
    line's length (``line_length``) but not its moves or effort.
    ``settled_by`` names the part of the solver that settled the deal, when
    the solver says (:attr:`~.search.SolveResult.settled_by`). ``value`` is a
    real number the run worked out for the deal, when it is a run of the
    upper bound on the fair odds (the deal's inner optimum:
    :mod:`~solitaire_solver.advice.bounds`; ``None`` for every other run).
    Neither the time, ``from_store``, ``origin`` nor ``settled_by`` takes part
    in comparisons: two results of a deal are equal when the search's outcome is.
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
    difficulty: int | None = None
    line_length: int | None = None
    origin: str | None = attrs.field(default=None, eq=False)
    settled_by: str | None = attrs.field(default=None, eq=False)
    value: float | None = None

    @property
    def length(self) -> int:
        """The number of moves in the winning line (0 unless won)."""
        return len(self.moves) if self.line_length is None else self.line_length

    @property
    def imported(self) -> bool:
        """Whether the result came from a verdict file (no moves, no effort kept)."""
        return self.origin is not None


def _check_folder(path: Path) -> None:
    folder = path.parent
    try:
        there = folder.is_dir()
    except (OSError, ValueError) as exc:  # a name too long, a NUL
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise StoreError(f"database '{path}': {why}") from None
    if not there:
        raise StoreError(f"database folder '{folder}' does not exist (for {path})")


_SETTLED_UNDER = "(status != 'unknown' OR (max_states IS ? AND timeout IS ? AND max_table IS ?))"
"""The condition on a row that a run under some limits takes as it is (their
values follow, from :func:`_limits_key`): won and lost rows always, unknown
ones reached under the same limits."""


def _limits_key(limits: Limits) -> tuple[int | None, float | None, int | None]:
    return (limits.max_states, limits.timeout, limits.max_table)


_DAMAGE = (sqlite3.Error, UnicodeDecodeError)
"""What SQLite raises for a file that is damaged or not a database (a damaged page may even
make its message undecodable), or that stays locked past the busy timeout."""
_BAD_ROW = (*_DAMAGE, ValueError, TypeError, KeyError, OverflowError)
"""What reading a row raises besides, when its values are not what the store writes (a
status that is no status, moves that are not JSON, a limit below 1)."""

P = ParamSpec("P")
R = TypeVar("R")


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, UnicodeDecodeError):
        return "its pages are damaged (SQLite's own message about them is not text)"
    return " ".join(str(exc).split()) or type(exc).__name__


def _reading(method: Callable[P, R]) -> Callable[P, R]:
    """A read of the store whose every failure from the file is a :class:`StoreError`."""

    @functools.wraps(method)
    def read(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except _BAD_ROW as exc:
            store = args[0]
            assert isinstance(store, Store)
            raise store.damaged(exc) from None

    return read


class Store:
    """An open results database at ``path`` (created when missing, or empty, unless
    ``create`` is false: a command that only reads a store makes none).

    Use it as a context manager, or call :meth:`close`. Raises
    :class:`StoreError` for a missing folder or a file that is not a store.
    ``presets`` are the presets a first-schema store's rows are filed under
    when it is migrated (the registry's,
    :data:`~solitaire_solver.games.PRESETS`); without them such a store is
    refused rather than filed under guesses.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        busy_timeout: float = BUSY_TIMEOUT,
        presets: Iterable[Preset] = (),
        create: bool = True,
    ) -> None:
        self.path = Path(path)
        self._presets = tuple(presets)
        self._create_new = create
        _check_folder(self.path)
        try:
            # SQLite would open a FIFO or a device too, and wait on it or read it.
            check_regular(self.path)
        except ReadError as exc:
            raise StoreError(f"database '{self.path}': {exc}") from None
        if not create and not self.path.exists():
            # Connecting would make an empty file.
            raise StoreError(f"no results store at '{self.path}'")
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
                raise StoreError(
                    f"'{self.path}' is not a results database: {_one_line(exc)}"
                ) from None
            except _DAMAGE as exc:
                self._db.close()
                raise StoreError(
                    f"'{self.path}' is not a results database: {_one_line(exc)}"
                ) from None
            except BaseException:
                self._db.close()
                raise

    def _setup(self) -> None:
        db = self._db
        # What the file is, read before anything is written to it: a file that is not a
        # store is left as it was (switching it to WAL would change its header).
        self._check_kind(*self._kind())
        # WAL survives the death of the process at any point; NORMAL sync
        # skips the fsync per commit, which only matters for power loss.
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        if self._version() == SCHEMA_VERSION:
            return
        try:
            # BEGIN inside the try, as in add().
            db.execute("BEGIN IMMEDIATE")
            # Read again under the lock: another process may have set the
            # file up (or migrated it) while this one waited.
            version, tables = self._kind()
            self._check_kind(version, tables)
            if version == 0:
                self._create()
            elif version == 1:
                self._migrate_from_1()
            elif version == 2:
                self._migrate_from_2()
            elif version == 3:
                self._migrate_from_3()
            elif version == 4:
                self._migrate_from_4()
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            _roll_back(db)
            raise

    def _version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def _kind(self) -> tuple[int, bool]:
        """The file's schema version and whether it holds any table, read in one statement.

        One statement reads one snapshot of the file. Read apart, another process
        creating the store could commit between the two, and a file of version 0 (read
        first) would then show the new store's tables (read second): a store taken for
        a file of something else.
        """
        version, tables = self._db.execute(
            "SELECT (SELECT user_version FROM pragma_user_version), "
            "EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table')"
        ).fetchone()
        return int(version), bool(tables)

    def _check_kind(self, version: int, tables: bool) -> None:
        """Refuse an SQLite file of something else (``tables`` but no version), a store of
        a newer schema, and with ``create`` false, an empty file (or none) too."""
        if version == 0:
            if tables:
                raise StoreError(f"'{self.path}' is an SQLite file of something else, not a store")
            if not self._create_new:
                raise StoreError(f"'{self.path}' is no results store: it holds nothing")
        elif not 0 < version <= SCHEMA_VERSION:
            raise StoreError(
                f"'{self.path}' is a results database of schema {version}, and this "
                f"solver reads schema {SCHEMA_VERSION}: use a newer solitaire_solver "
                "or another --db"
            )

    def damaged(self, exc: BaseException) -> StoreError:
        """The error of a read or write the file failed: damaged, not a store, or locked."""
        return StoreError(f"the results database '{self.path}' cannot be used: {_one_line(exc)}")

    def _create(self) -> None:
        # One statement at a time: executescript would commit first.
        for statement in _SCHEMA.split(";"):
            if statement.strip():
                self._db.execute(statement)

    def _migrate_from_1(self) -> None:
        """Rewrite a first-schema store: each row gains the preset it belongs to.

        That schema kept the game's name (``eagle-wing`` for either Eagle
        Wing preset) and the fingerprint. A fingerprint that is a preset's
        own rules names that preset; rows under changed rules cannot say
        which preset was asked for, and go to the game's first preset.
        """
        if not self._presets:
            raise StoreError(
                f"'{self.path}' is a results database of schema 1, which only a store opened "
                "with the games' presets can migrate (winnability and the command line do)"
            )
        db = self._db
        db.execute("ALTER TABLE results RENAME TO results_v1")
        # The old table's index keeps its name through the rename.
        self._create()
        later = (*_ADDED_IN_3, *_ADDED_IN_4, *_ADDED_IN_5)
        old = [c for c in _COLUMNS if c not in ("preset", *later)]
        new = [c for c in _COLUMNS if c not in later]
        pairs = db.execute("SELECT DISTINCT game, fingerprint FROM results_v1").fetchall()
        for game, fingerprint in pairs:
            db.execute(
                f"INSERT INTO results ({', '.join(new)}) "
                f"SELECT ?, {', '.join(old)} FROM results_v1 WHERE game = ? AND fingerprint = ?",
                (_preset_of(game, fingerprint, self._presets), game, fingerprint),
            )
        db.execute("DROP TABLE results_v1")
        db.execute("DROP TABLE IF EXISTS games")

    def _migrate_from_2(self) -> None:
        """Add the columns of the third schema and those after: rows already there have none."""
        for column in _ADDED_IN_3:
            self._db.execute(f"ALTER TABLE results ADD COLUMN {column} {_ADDED_IN_3[column]}")
        self._migrate_from_3()

    def _migrate_from_3(self) -> None:
        """Add the column of the fourth schema (rows already there do not say what settled
        them) and the fifth's."""
        for column in _ADDED_IN_4:
            self._db.execute(f"ALTER TABLE results ADD COLUMN {column} {_ADDED_IN_4[column]}")
        self._migrate_from_4()

    def _migrate_from_4(self) -> None:
        """Add the column of the fifth schema: rows already there hold no real number."""
        for column in _ADDED_IN_5:
            self._db.execute(f"ALTER TABLE results ADD COLUMN {column} {_ADDED_IN_5[column]}")

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading

    def _select(self, key: StoreKey, deals: Iterable[str] | None) -> list[dict[str, Any]]:
        query = f"SELECT {', '.join(_COLUMNS)} FROM results WHERE preset = ? AND fingerprint = ?"
        head = (key.preset, key.fingerprint)
        if deals is None:
            cur = self._db.execute(query + " ORDER BY number, deal", head)
            return [_row(row) for row in cur]
        wanted = list(deals)
        out: list[dict[str, Any]] = []
        # By key, a bounded number at a time: a store may hold far more
        # rows than a run asks about, and a run far more deals than a query
        # takes parameters.
        for i in range(0, len(wanted), _LOOKUP):
            part = wanted[i : i + _LOOKUP]
            marks = ", ".join("?" * len(part))
            cur = self._db.execute(query + f" AND deal IN ({marks})", (*head, *part))
            out.extend(_row(row) for row in cur)
        return out

    @_reading
    def get(self, key: StoreKey, deals: Iterable[str] | None = None) -> dict[str, DealResult]:
        """Stored results of ``key``'s preset and rules, by deal text; only ``deals`` when given."""
        return {r["deal"]: _result(r) for r in self._select(key, deals)}

    @_reading
    def settled(self, key: StoreKey, deals: Iterable[str], limits: Limits) -> dict[str, DealResult]:
        """The stored results that a run with ``limits`` need not solve again.

        Won and lost are final. An unknown result counts only if it was
        reached under the same limits: a run with other limits retries it.
        """
        want = _limits_key(limits)
        return {
            r["deal"]: _result(r)
            for r in self._select(key, deals)
            if r["status"] != "unknown" or (r["max_states"], r["timeout"], r["max_table"]) == want
        }

    @_reading
    def count_settled(
        self, key: StoreKey, blocks: Iterable[tuple[int, int, bool]], limits: Limits
    ) -> int:
        """How many deals of some blocks of numbers a run with ``limits`` need not solve.

        Each block is ``(low, high, ms)``: the deals ``low`` to ``high`` as
        the store writes them, with ``ms`` when their text starts with
        ``ms``. The blocks must not overlap. Counted in the database by
        number, so a block of any length costs one query.
        """
        query = (
            "SELECT count(*) FROM results WHERE preset = ? AND fingerprint = ? "
            "AND number BETWEEN ? AND ? AND (substr(deal, 1, 2) = 'ms') = ? "
            f"AND {_SETTLED_UNDER}"
        )
        total = 0
        for low, high, ms in blocks:
            args = (
                key.preset,
                key.fingerprint,
                number_value(low),
                number_value(high),
                int(ms),
                *_limits_key(limits),
            )
            total += int(self._db.execute(query, args).fetchone()[0])
        return total

    @_reading
    def rows(self, key: StoreKey | None = None) -> list[dict[str, Any]]:
        """Every row (of one preset and rules when given) as a dict, in deal order."""
        query = f"SELECT {', '.join(_COLUMNS)} FROM results"
        args: tuple[str, ...] = ()
        if key is not None:
            query += " WHERE preset = ? AND fingerprint = ?"
            args = (key.preset, key.fingerprint)
        cur = self._db.execute(query + " ORDER BY preset, fingerprint, number, deal", args)
        return [_row(row) for row in cur]

    @_reading
    def count(self, key: StoreKey) -> int:
        """How many deals are stored under ``key``'s preset and rules."""
        return int(
            self._db.execute(
                "SELECT count(*) FROM results WHERE preset = ? AND fingerprint = ?",
                (key.preset, key.fingerprint),
            ).fetchone()[0]
        )

    @_reading
    def keys(self, game: str) -> list[StoreKey]:
        """Every key the store holds rows of for the game named ``game``, sorted."""
        cur = self._db.execute(
            "SELECT DISTINCT preset, game, fingerprint FROM results WHERE game = ? "
            "ORDER BY preset, fingerprint",
            (game,),
        )
        return [StoreKey(*row) for row in cur]

    @_reading
    def number_span(self, key: StoreKey) -> tuple[int, int] | None:
        """The lowest and highest plain deal numbers stored under ``key`` (``None``: none)."""
        low, high = self._db.execute(
            "SELECT min(number), max(number) FROM results WHERE preset = ? AND fingerprint = ? "
            "AND substr(deal, 1, 2) != 'ms'",
            (key.preset, key.fingerprint),
        ).fetchone()
        return None if low is None else (number_of(low), number_of(high))

    def verdict_rows(
        self, key: StoreKey, low: int, high: int
    ) -> Iterator[tuple[int, str, int, int | None, Limits]]:
        """``(number, status, length, difficulty, limits)`` of the plain deal numbers
        ``low`` to ``high`` stored under ``key``, in order, read as they are needed.

        Plain numbers are those written without ``ms`` (the Microsoft deals
        from 32000 up are other deals and are left out): what a verdict file
        holds, without the moves, so a million rows cost no memory. ``limits``
        are those the row was solved under (what an unknown row reached).
        """
        try:
            yield from self._verdict_rows(key, low, high)
        except _BAD_ROW as exc:
            raise self.damaged(exc) from None

    def _verdict_rows(
        self, key: StoreKey, low: int, high: int
    ) -> Iterator[tuple[int, str, int, int | None, Limits]]:
        cur = self._db.execute(
            "SELECT number, status, length, difficulty, max_states, timeout, max_table "
            "FROM results WHERE preset = ? AND fingerprint = ? AND number BETWEEN ? AND ? "
            "AND substr(deal, 1, 2) != 'ms' ORDER BY number",
            (key.preset, key.fingerprint, number_value(low), number_value(high)),
        )
        seen: dict[tuple[Any, ...], Limits] = {}  # one object per set of limits
        while rows := cur.fetchmany(10_000):
            for number, status, length, figure, *bounds in rows:
                limits = seen.get(key_of := tuple(bounds))
                if limits is None:
                    limits = seen[key_of] = Limits(*bounds)
                yield number_of(number), status, length, figure, limits

    # -- writing

    def add(self, key: StoreKey, results: Sequence[DealResult], limits: Limits) -> None:
        """Store ``results`` in one transaction; a settled row already there is kept."""
        if not results:
            return
        finished = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        head = (key.preset, key.game, key.fingerprint)
        bounds = _limits_key(limits)
        rows = [
            (
                *head,
                r.deal,
                number_value(r.number),
                r.status.value,
                r.limit.value if r.limit else None,
                encode_moves(r.moves),
                r.length,
                r.states,
                r.unique,
                r.seconds,
                *bounds,
                r.solver_version,
                finished,
                r.difficulty,
                r.origin,
                r.settled_by,
                r.value,
            )
            for r in results
        ]
        db = self._db
        try:
            # BEGIN inside the try: an interrupt raised as BEGIN returns must roll back
            # too, or the transaction stays open and the next write (the results a run
            # stores as it stops) fails to begin its own.
            try:
                db.execute("BEGIN IMMEDIATE")
                db.executemany(_INSERT, rows)
                db.execute("COMMIT")
            except BaseException:
                _roll_back(db)
                raise
        except _DAMAGE as exc:
            raise self.damaged(exc) from None


def encode_moves(moves: Sequence[str]) -> str:
    """A line of moves as the store's ``moves`` column holds it: a JSON list of texts.

    The same text as ``json.dumps(list(moves))``, made by joining when no
    move needs escaping (every game's notation is plain printable ASCII),
    which costs a fifth of the encoder's time: a long run of cheap deals
    stores thousands of lines a second in one process. Anything else goes through
    the encoder.
    """
    if not moves:
        return "[]"
    text = "".join(moves)
    # JSON writes printable ASCII as it is, but for the quote and the backslash.
    if text.isascii() and text.isprintable() and '"' not in text and "\\" not in text:
        return '["' + '", "'.join(moves) + '"]'
    return json.dumps(list(moves))


def _roll_back(db: sqlite3.Connection) -> None:
    """Roll back the open transaction, if there still is one.

    Python raises a signal's exception (Ctrl-C, or SIGTERM on the command
    line) once the C call it arrived in returns: one that lands during
    COMMIT is raised after the commit, with no transaction left, and a
    ROLLBACK then would replace the interrupt with an error of its own.
    """
    if db.in_transaction:
        db.execute("ROLLBACK")


def _preset_of(game: str, fingerprint: str, presets: Iterable[Preset]) -> str:
    """The preset of ``presets`` a first-schema row of ``game`` under ``fingerprint`` belongs
    to (the game's first for changed rules; the game's name for a game none is of)."""
    mine = [p for p in presets if p.game.name == game]
    for preset in mine:
        if preset.make().fingerprint == fingerprint:
            return preset.name
    return mine[0].name if mine else game


def _row(values: Sequence[Any]) -> dict[str, Any]:
    """A row read with every column of :data:`_COLUMNS`, by name, its number as a number."""
    row = dict(zip(_COLUMNS, values, strict=True))
    row["number"] = number_of(row["number"])
    return row


def _result(r: dict[str, Any]) -> DealResult:
    return DealResult(
        deal=r["deal"],
        number=r["number"],
        status=Status(r["status"]),
        moves=tuple(parse_json(r["moves"])),
        states=r["states"],
        unique=r["unique_states"],
        seconds=r["seconds"],
        limit=Limit(r["limit_hit"]) if r["limit_hit"] else None,
        solver_version=r["solver_version"],
        from_store=True,
        difficulty=r["difficulty"],
        line_length=r["length"] if r["origin"] is not None else None,
        origin=r["origin"],
        settled_by=r["settled_by"],
        value=r["value"],
    )
