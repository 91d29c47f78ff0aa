"""Where a run's deals are solved: in this process, in a local process pool, or on Dask.

A runner takes batches of deals from a run (:class:`Work`), solves them,
and hands the results back to the run, which stores them. Batches go to a
pool's workers as plain values (:class:`_Task`), which a worker unpickles
by the qualified name of :func:`_solve_task`: a Dask cluster's workers must
run the same ``solitaire_solver``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import contextlib
import ctypes
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from typing import Any, Protocol

import attrs

from ..errors import BadOptionError, ClusterError
from ..games import Game
from ..records.store import DealResult
from ..request import SolveRequest
from ..search import Limit, Status
from .solving import Failure, RunPlayer, _replay_failures, parse_run_player, run_one, solve_one

_Line = tuple[int, str, tuple[str, ...]]
"""A stored winning line to replay: the deal's number, its text and the moves."""


class Work(Protocol):
    """What a runner needs of a run: its deals, its settings and where the results go."""

    game: Game[Any, Any]
    request: SolveRequest
    """What each deal's solve is: the game, its limits (defaults resolved), the options."""
    player: RunPlayer | None
    verify: bool
    todo: int
    """The deals to solve (those not already in the store)."""
    stored: int
    """The deals the store already settles, whose lines a ``verify`` run replays."""
    solved: int
    lines: list[_Line] | None
    """Stored winning lines waiting to go to a worker for their replay."""
    failures: list[Failure]

    def take(self, names: Iterator[str | None], size: int) -> tuple[list[str], bool]:
        """Up to ``size`` deals to solve, and whether the range may hold more."""
        ...

    def fresh(self, batch: list[str]) -> tuple[str, ...]:
        """The deals of ``batch`` still unsettled just before they go out."""
        ...

    def arrived(self, results: list[DealResult]) -> None:
        """Results solved by the runner: stored, then passed on."""
        ...


def _one(work: Work, deal: str) -> DealResult:
    """One deal solved, or played by the run's player (or bounded: :func:`run_one`)."""
    if work.player is None:
        return solve_one(work.request, deal)
    return run_one(work.request, deal, work.player)


_Packed = tuple[
    str,
    int,
    str,
    tuple[str, ...],
    int,
    int,
    float,
    str | None,
    int | None,
    str,
    str | None,
    float | None,
]
"""A solved deal as a worker sends it back: a :class:`DealResult`'s fields as plain values."""


def _pack(r: DealResult) -> _Packed:
    # Plain values unpickle in a fifteenth of the time of the attrs object, and
    # the process that owns the store unpickles every result of a run.
    return (
        r.deal,
        r.number,
        r.status.value,
        r.moves,
        r.states,
        r.unique,
        r.seconds,
        None if r.limit is None else r.limit.value,
        r.difficulty,
        r.solver_version,
        r.settled_by,
        r.value,
    )


_STATUSES = {s.value: s for s in Status}


def _unpack(p: _Packed) -> DealResult:
    deal, number, status, moves, states, unique, seconds, limit, difficulty, version, by, value = p
    return DealResult(
        deal,
        number,
        _STATUSES[status],
        moves,
        states,
        unique,
        seconds,
        None if limit is None else Limit(limit),
        version,
        difficulty=difficulty,
        settled_by=by,
        value=value,
    )


def _stored_wins(lines: Iterable[_Line]) -> Iterator[DealResult]:
    """Stored winning lines as the results :func:`replay_win` takes."""
    for number, deal, moves in lines:
        yield DealResult(deal, number, Status.WON, moves, from_store=True)


@attrs.frozen
class _Task:
    """A batch for a worker: deals to solve and, with ``verify``, stored lines to
    replay (its own wins are replayed too); everything as plain picklable values."""

    request: SolveRequest
    """The run's request, which pickles as its preset's name and rules."""
    fingerprint: str
    deals: tuple[str, ...]
    verify: bool = False
    lines: tuple[_Line, ...] = ()
    player: str = ""
    """A player's words (:class:`~.players.Player`, or an upper bound's), to play the deals
    instead of solving."""


_Done = tuple[list[_Packed], list[Failure], int, float]
"""A worker's answer: the deals solved, the lines that failed to replay, how
many deals and lines it took, and the seconds it took."""


def _solve_task(task: _Task) -> _Done:
    """Solve (and with ``verify`` replay) a batch in a worker process (or a Dask worker)."""
    started = time.perf_counter()
    # The request's game was built once in this process, as it was unpickled.
    game = task.request.game
    if game.fingerprint != task.fingerprint:
        # A worker running another version of the game would store results
        # of other rules under this fingerprint.
        raise ClusterError(
            f"a worker builds other rules for {game.preset} ({game.fingerprint}, expected "
            f"{task.fingerprint}): install the same solitaire_solver everywhere"
        )
    if task.player:
        player = parse_run_player(task.player)
        results = [run_one(task.request, d, player) for d in task.deals]
    else:
        results = [solve_one(task.request, d) for d in task.deals]
    failures: list[Failure] = []
    if task.verify:
        # Replayed here rather than where the store is: a replay costs more
        # than a cheap deal's solve, and the process that owns the store is
        # one for all the workers.
        failures = _replay_failures(game, [*results, *_stored_wins(task.lines)])
    items = len(task.deals) + len(task.lines)
    return [_pack(r) for r in results], failures, items, time.perf_counter() - started


_PARENT_POLL = 0.5
"""Seconds between a worker's checks that the process that started it is alive."""


def _end_with_parent(parent: int) -> None:
    """Make this worker process end soon after ``parent``, however that one ends.

    A pool's workers only read their next task when they finish one, so a
    worker whose parent was killed (even with SIGKILL, which runs no
    clean-up) would go on solving a long deal for minutes, re-parented to
    init, with nobody to take its result. Nothing is lost by ending it at
    once: only the parent writes the store.
    """
    # A forked worker inherits the command line's SIGTERM handler, which
    # stops a run in the parent; a worker asked to stop just stops.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            # The kernel sends the signal when the parent dies.
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    # The death signal follows the thread that forked this process, not the
    # parent process, and is not sent if the parent died before it was set:
    # a watch on the parent's id covers both, and other systems.
    if os.getppid() != parent:
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="watch-parent", daemon=True).start()


_PR_SET_PDEATHSIG = 1
"""``prctl`` option: the signal this process gets when its parent dies (Linux)."""


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(_PARENT_POLL)
        if os.getppid() != parent:
            # Re-parented: the parent is gone. _exit, because there is
            # nothing to clean up and the main thread is busy solving.
            os._exit(1)


class _Batcher:
    """Sizes batches so that each takes about ``target`` seconds, within bounds.

    Decade deals take under a millisecond and some Windmill deals minutes:
    one deal per task wastes the pool on messages for the first, a fixed
    large batch starves workers (and widens what a kill loses) for the
    second. The size follows the mean time per item (a deal to solve or a
    line to replay) seen so far. Towards the end of a run batches shrink
    (see :meth:`handed`), so that the workers finish together rather than
    one waiting for the other's last large batch.
    """

    CAP = 4096
    """The most items in a batch. A quarter of a second is some 4,000 Decade
    deals: a task costs the parent (and a Dask scheduler) a fixed amount,
    which a batch of a few hundred cheap deals does not hide."""

    def __init__(self, todo: int, workers: int, target: float = 0.25) -> None:
        self.cap = max(1, min(self.CAP, todo // (4 * workers)))
        self.target = target
        self.workers = workers
        self.left = todo
        self.deals = 0
        self.seconds = 0.0

    def handed(self, items: int) -> None:
        """Count ``items`` sent out: the next batches are at most a share of what is left."""
        self.left -= items

    def record(self, items: int, seconds: float) -> None:
        """Count ``items`` done in ``seconds``."""
        self.deals += items
        self.seconds += seconds

    def size(self) -> int:
        if self.deals == 0 or self.seconds <= 0:
            return 1
        per_deal = self.seconds / self.deals
        # Each batch takes at most 1/(2 workers) of what is left: with two
        # per worker in flight, the last ones shrink by halves.
        share = self.left // (2 * self.workers)
        return max(1, min(self.cap, int(self.target / per_deal), share))


def _cluster_threads(client: Any) -> int:
    try:
        workers = client.scheduler_info().get("workers", {})
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"lost the Dask scheduler at {_where(client)!r}: {exc}") from None
    return max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))


def _where(client: Any) -> str:
    """The scheduler address a client talks to, for messages."""
    try:
        return str(client.scheduler.address)
    except AttributeError:
        return "?"


DASK_TIMEOUT = 10.0
"""Seconds to wait for a Dask scheduler to answer before giving up."""

_SOCKET_SCHEMES = ("tcp", "tls", "ws", "wss")
"""Dask address schemes that name a host and port."""


def _scheduler_address(text: str) -> tuple[str, str, int] | None:
    """Scheme, host and port of a scheduler address (``None`` for the port-less kinds).

    Raises :class:`ClusterError` for an address Dask would refuse, before a
    client exists: a client that fails to start waits twice its timeout
    in its clean-up, at the end of the program.
    """
    from distributed.comm.addressing import get_address_host_port, parse_address
    from distributed.comm.registry import backends

    try:
        scheme, _ = parse_address(text)
        if scheme not in backends:
            known = ", ".join(sorted(backends))
            raise ValueError(f"unknown scheme {scheme!r} (known: {known})")
        if scheme not in _SOCKET_SCHEMES:
            return None
        host, port = get_address_host_port(text)
        if not 0 < port < 65536:
            raise ValueError(f"port {port} is not between 1 and 65535")
    except ValueError as exc:
        raise ClusterError(
            f"bad Dask scheduler address {text!r}: {exc} (expected tcp://HOST:PORT)"
        ) from None
    return scheme, host, port


def _handshake(address: str, timeout: float) -> None:
    """Open and close one Dask connection to ``address``, within ``timeout`` seconds."""
    import distributed.comm.core

    connect: Any = distributed.comm.core.connect

    async def hello() -> None:
        # connect's own timeout does not cover a peer that accepts the
        # connection and then says nothing.
        comm = await asyncio.wait_for(connect(address, timeout=timeout), timeout)
        await comm.close()

    # In a thread of its own: the caller may be running an event loop.
    with cf.ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, hello()).result()


def connect_dask(dask: Any, timeout: float = DASK_TIMEOUT) -> Any:
    """A ``distributed.Client`` for a scheduler address, or the client given.

    The address is checked, then the scheduler asked for an answer within
    ``timeout`` seconds, before a client is made. Raises
    :class:`BadOptionError` when ``distributed`` is not installed and
    :class:`ClusterError` for a bad address or a scheduler that cannot be
    reached or does not answer, at once and in one line.
    """
    try:
        import distributed
    except ImportError:
        raise BadOptionError(
            "--dask needs the 'distributed' package: pip install 'solitaire_solver[dask]'"
        ) from None
    client_type: Any = distributed.Client
    if isinstance(dask, client_type):
        return dask
    if not isinstance(dask, str):
        raise ClusterError(
            f"dask: expected a scheduler address such as tcp://host:8786 or a "
            f"distributed.Client, not {dask!r}"
        )
    address = dask.strip()
    where = _scheduler_address(address)
    try:
        if where is not None:
            # A plain connection first: a refused one fails at once, where
            # Dask would retry until its timeout.
            socket.create_connection(where[1:], timeout=timeout).close()
            if where[0] == "tcp":
                _handshake(address, timeout)
        return client_type(address, timeout=timeout, set_as_default=False)
    except (TimeoutError, asyncio.TimeoutError):
        raise ClusterError(
            f"the Dask scheduler at {dask!r} did not answer within {timeout:g} s"
        ) from None
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ClusterError(f"cannot reach the Dask scheduler at {dask!r}: {reason}") from None


def close_dask(client: Any, timeout: float = 2.0) -> None:
    """Close a client made by :func:`connect_dask`, waiting at most ``timeout`` seconds.

    A client whose scheduler has gone waits for it otherwise (twice its
    connection timeout); nothing is left to say to it, so any error is
    ignored.
    """
    with contextlib.suppress(Exception):
        client.close(timeout=timeout)


def run_here(work: Work, names: Iterator[str | None]) -> None:
    """Solve the run's deals in this process, in batches, storing each batch as it is done."""
    # Results are committed in batches of about a quarter of a second of
    # solving, as a pool's batches are: one commit a deal cost more than
    # the solving itself for the cheapest games (docs/guides/statistics.md), and
    # a kill loses no more than a pool's batch in flight would.
    batcher = _Batcher(work.todo, 1)
    more = True
    while more:
        batch, more = work.take(names, batcher.size())
        started = time.perf_counter()
        results = [_one(work, d) for d in work.fresh(batch)]
        work.arrived(results)
        if work.verify:
            work.failures.extend(_replay_failures(work.game, results))
        if results:
            batcher.record(len(results), time.perf_counter() - started)


def _collect(
    work: Work, pending: set[cf.Future[_Done]], batcher: _Batcher, client: Any
) -> set[cf.Future[_Done]]:
    """Wait for a batch to finish, take in every finished one; the batches still out.

    With Dask, a batch cancelled by anyone but this run means the
    scheduler has gone (a client cancels every future it loses track
    of): a :class:`ClusterError`, after what finished was stored.
    """
    # The finished futures die with this frame: a Dask executor's
    # shutdown cancels every future still referenced, and cancelling
    # finished ones only sends the scheduler needless messages. Each
    # leaves ``pending`` once it is taken in (stored), so that what the
    # caller still holds after an interruption is what was not: an
    # interruption most often comes while a batch is being written, and
    # the store's transaction is then rolled back.
    finished, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
    lost = 0
    for future in finished:
        try:
            done = future.result()
        except (cf.CancelledError, OSError) as exc:
            if client is None:
                raise
            pending.discard(future)
            lost += 1
            # A cancelled batch says nothing more; a closed connection may.
            reason = "" if isinstance(exc, cf.CancelledError) else f" ({exc})"
            continue
        _take_in(work, done, batcher)
        pending.discard(future)
    if lost:
        raise ClusterError(
            f"lost the Dask scheduler at {_where(client)!r} during the run{reason}: "
            f"the deals solved now are stored ({work.solved:,}), the batches in flight "
            f"({lost + len(pending):,}) are not"
        )
    return pending


def _take_in(work: Work, done: _Done, batcher: _Batcher) -> None:
    """Store and count the results of one finished batch."""
    packed, failures, items, seconds = done
    batcher.record(items, seconds)
    work.arrived([_unpack(p) for p in packed])
    work.failures.extend(failures)


def run_pool(work: Work, names: Iterator[str | None], jobs: int | None, dask: Any) -> None:
    """Solve the run's deals, and replay its stored lines, in a process pool of ``jobs``
    workers (``None``: one per core) or, with ``dask``, on that Dask cluster."""
    game = work.game
    lines = work.lines
    assert lines is not None  # set by run() for a pool
    client = None
    executor: cf.Executor
    if dask is not None:
        client = connect_dask(dask)
        executor = client.get_executor(pure=False)
        workers = _cluster_threads(client)
    else:
        # No more workers than deals to solve and lines to replay: each is a process.
        items = work.todo + (work.stored if work.verify else 0)
        workers = max(1, min(jobs or os.cpu_count() or 1, items))
        # Fork where there is fork: workers start at once and need nothing
        # from the parent but the solver; elsewhere the platform's default.
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        executor = cf.ProcessPoolExecutor(
            max_workers=workers,
            mp_context=context,
            initializer=_end_with_parent,
            initargs=(os.getpid(),),
        )
    batcher = _Batcher(work.todo + (work.stored if work.verify else 0), workers)
    pending: set[cf.Future[_Done]] = set()
    more = True
    interrupted = False
    try:
        while more or lines or pending:
            # Keep two batches per worker in flight: enough to hide the
            # round trip, few enough that a kill loses little.
            while (more or lines) and len(pending) < 2 * workers:
                size = batcher.size()
                batch: list[str] = []
                if more:
                    batch, more = work.take(names, size)
                deals = work.fresh(batch)
                replays = tuple(lines[:size])
                del lines[:size]
                if deals or replays:
                    task = _Task(
                        work.request,
                        game.fingerprint,
                        deals,
                        work.verify,
                        replays,
                        "" if work.player is None else str(work.player),
                    )
                    pending.add(executor.submit(_solve_task, task))
                    batcher.handed(len(deals) + len(replays))
            if pending:
                pending = _collect(work, pending, batcher, client)
    except KeyboardInterrupt:
        interrupted = True
        raise
    finally:
        for future in pending:
            future.cancel()
        if client is None:
            executor.shutdown(wait=True, cancel_futures=True)
            if interrupted:
                # The batches already running when the run was stopped
                # finished during the shutdown: store them too, so that
                # an interruption loses only batches that had not
                # started (the last ones handed out), and the store holds
                # the first deals of the range without a gap.
                for future in pending:
                    if not future.cancelled() and future.exception() is None:
                        _take_in(work, future.result(), batcher)
        else:
            # The Dask executor has no cancel_futures; its futures were
            # cancelled above.
            with contextlib.suppress(Exception):
                executor.shutdown(wait=False)
            if client is not dask:
                close_dask(client)
