"""Exact winnability statistics over many numbered deals.

>>> s = winnability("decade", "1-20")
>>> (s.won + s.lost, s.unknown)
(20, 0)

:func:`solve_deals` solves every deal of a range (serially, in a process
pool or on a Dask cluster), keeping each result in a :class:`Store` as it
arrives and skipping what the store already holds; :func:`winnability`
summarises the results: counts, the win rate with its 95% Wilson interval,
conservative bounds when some deals are unknown, and the spread of search
effort. The results do not depend on how the work was spread: each deal is
solved by the same deterministic search wherever it runs.
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import math
import multiprocessing
import os
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from .api import GameLike, RulesLike, get_game, make_limits, verify
from .errors import BadDealNumberError, BadOptionError, UnknownGameError
from .games import Game, find_preset, make_game
from .games.base import rules_items
from .numbering import DealNumber, parse_deal_number
from .search import Limits, Status
from .store import DealResult, Store, StoreKey

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

Progress = Callable[[int, int], None]
"""Called as ``progress(done, todo)``: once with ``done == 0`` before the first
deal is solved, then as results arrive. ``todo`` counts the deals this run
solves (those not already in the store)."""

# ---------------------------------------------------------------- deal ranges


def _range_end(text: str, end: str, ms: bool) -> DealNumber:
    """One end of a range item; ``ms`` makes it a Microsoft deal number."""
    word = end.strip()
    if ms and word[:2].lower() != "ms":
        word = "ms" + word
    try:
        return parse_deal_number(word)
    except BadDealNumberError as exc:
        raise BadDealNumberError(
            f"bad deal range {text!r}: {end.strip()!r} is not a deal number ({exc.why})",
            why=exc.why,
        ) from None


def parse_deals(text: str) -> list[DealNumber]:
    """Deal numbers from a range list such as ``1-100,200,300-310``.

    Items are separated by commas; each is a deal number (any form that
    :func:`.parse_deal_number` accepts but grouping by commas, ``ms40000``
    too) or ``A-B`` with ``A <= B``, where ``msA-B`` makes both ends
    Microsoft deal numbers. A deal listed twice counts once; the order of
    first mention is kept. Raises :class:`BadDealNumberError` naming the
    item for anything else.
    """
    out: dict[DealNumber, None] = {}
    items = text.split(",")
    for item in items:
        word = item.strip()
        if not word:
            raise BadDealNumberError(f"bad deal range {text!r}: empty item")
        ends = word.split("-")
        if len(ends) > 2 or not all(e.strip() for e in ends):
            raise BadDealNumberError(
                f"bad deal range {text!r}: {word!r} is not a deal number or A-B"
            )
        ms = any(e.strip()[:2].lower() == "ms" for e in ends)
        low = _range_end(text, ends[0], ms)
        high = _range_end(text, ends[-1], ms)
        if low.value > high.value:
            raise BadDealNumberError(f"bad deal range {text!r}: {word!r} runs backwards")
        for value in range(low.value, high.value + 1):
            out[parse_deal_number(f"ms{value}" if ms else value)] = None
    return list(out)


def _deal_list(deals: Iterable[int | str | DealNumber] | str) -> list[DealNumber]:
    if isinstance(deals, str):
        return parse_deals(deals)
    out = list(dict.fromkeys(parse_deal_number(d) for d in deals))
    if not out:
        raise BadOptionError("no deals to solve")
    return out


# ---------------------------------------------------------------- intervals


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default).

    With no trials it is the whole range ``(0, 1)``. The ends are exactly 0
    with no successes and exactly 1 with no failures.
    """
    if not 0 <= successes <= trials:
        raise ValueError(f"successes {successes} not between 0 and trials {trials}")
    if trials == 0:
        return (0.0, 1.0)
    n = trials
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def percentile(values: Sequence[float], p: float) -> float:
    """The nearest-rank ``p``-th percentile: the smallest value with p% at or below it."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return float(ordered[rank - 1])


@attrs.frozen
class Spread:
    """The median, 99th percentile (nearest rank) and maximum of some values."""

    median: float
    p99: float
    maximum: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        """The spread of ``values`` (all zero when there are none)."""
        if not values:
            return cls(0.0, 0.0, 0.0)
        return cls(float(statistics.median(values)), percentile(values, 99), float(max(values)))


@attrs.frozen
class Summary:
    """Winnability of a set of deals under one game's rules.

    ``win_rate`` and ``interval`` (95% Wilson) count the settled deals only.
    ``bounds`` is the conservative 95% interval over every deal: its lower
    end counts the unknown deals lost, its upper end counts them won; with
    no unknown deals it equals ``interval``. ``lengths`` maps a winning
    line's number of moves to how many deals were won with it. ``reused``
    counts the deals whose result came from the store.
    """

    game: str
    fingerprint: str
    deals: int
    won: int
    lost: int
    unknown: int
    states: Spread
    seconds: Spread
    lengths: tuple[tuple[int, int], ...] = ()
    reused: int = 0

    @property
    def settled(self) -> int:
        """Deals with a verdict: won plus lost."""
        return self.won + self.lost

    @property
    def win_rate(self) -> float | None:
        """Won over settled deals (``None`` when none is settled)."""
        return self.won / self.settled if self.settled else None

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate over settled deals."""
        return wilson_interval(self.won, self.settled)

    @property
    def bounds(self) -> tuple[float, float]:
        """The conservative 95% interval: unknowns lost for the low end, won for the high."""
        return (
            wilson_interval(self.won, self.deals)[0],
            wilson_interval(self.won + self.unknown, self.deals)[1],
        )

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form of the summary."""
        return {
            "game": self.game,
            "fingerprint": self.fingerprint,
            "deals": self.deals,
            "won": self.won,
            "lost": self.lost,
            "unknown": self.unknown,
            "win_rate": self.win_rate,
            "interval": list(self.interval),
            "bounds": list(self.bounds),
            "states": attrs.asdict(self.states),
            "seconds": attrs.asdict(self.seconds),
            "lengths": {str(k): v for k, v in self.lengths},
            "reused": self.reused,
        }


def summarize(game: Game[Any, Any], results: Iterable[DealResult]) -> Summary:
    """The :class:`Summary` of some deals' results under ``game``'s rules."""
    counts = dict.fromkeys(Status, 0)
    states: list[float] = []
    seconds: list[float] = []
    lengths: dict[int, int] = {}
    reused = 0
    for r in results:
        counts[r.status] += 1
        states.append(r.states)
        seconds.append(r.seconds)
        reused += r.from_store
        if r.status is Status.WON:
            lengths[r.length] = lengths.get(r.length, 0) + 1
    return Summary(
        game=game.preset,
        fingerprint=game.fingerprint,
        deals=len(states),
        won=counts[Status.WON],
        lost=counts[Status.LOST],
        unknown=counts[Status.UNKNOWN],
        states=Spread.of(states),
        seconds=Spread.of(seconds),
        lengths=tuple(sorted(lengths.items())),
        reused=reused,
    )


# ---------------------------------------------------------------- solving


def default_store_path(game: Game[Any, Any], folder: str | os.PathLike[str] = ".") -> Path:
    """The store file a run uses unless told otherwise: one per preset and rules.

    ``decade.stats.sqlite`` for a preset's own rules; with changed knobs the
    name gains a short digest of the rules. One file can hold any number of
    presets and rules (see :mod:`.store`); separate files by default keep
    each one easy to find, copy or delete.
    """
    name = game.preset
    try:
        preset_rules = find_preset(game.preset).rules
    except UnknownGameError:
        preset_rules = None
    if game.rules != preset_rules:
        digest = hashlib.sha256(game.fingerprint.encode()).hexdigest()[:8]
        name = f"{name}-{digest}"
    return Path(folder) / f"{name}.stats.sqlite"


def _solver_version() -> str:
    # Imported here: the package's __init__ sets the version after importing
    # the modules this one depends on.
    from . import __version__

    return __version__


def solve_one(game: Game[Any, Any], deal: int | str | DealNumber, limits: Limits) -> DealResult:
    """Deal and solve one numbered deal; the time includes dealing."""
    t0 = time.perf_counter()
    number = parse_deal_number(deal)
    result = game.solve(game.deal(number), limits)
    seconds = time.perf_counter() - t0
    return DealResult(
        deal=str(number),
        number=number.value,
        status=result.status,
        moves=tuple(str(m) for m in result.moves),
        states=result.stats.expanded,
        unique=result.stats.unique,
        seconds=seconds,
        limit=result.limit,
        solver_version=_solver_version(),
    )


@attrs.frozen
class _Task:
    """A batch of deals for a worker: everything it needs, as plain picklable values."""

    preset: str
    rules: tuple[tuple[str, str], ...]
    fingerprint: str
    deals: tuple[str, ...]
    limits: Limits


_WORKER_GAMES: dict[tuple[str, tuple[tuple[str, str], ...]], Game[Any, Any]] = {}


def _solve_task(task: _Task) -> list[DealResult]:
    """Solve a batch in a worker process (or a Dask worker)."""
    key = (task.preset, task.rules)
    game = _WORKER_GAMES.get(key)
    if game is None:
        game = _WORKER_GAMES[key] = make_game(task.preset, dict(task.rules))
    if game.fingerprint != task.fingerprint:
        # A worker running another version of the game would store results
        # of other rules under this fingerprint.
        raise RuntimeError(
            f"worker builds {game.fingerprint!r} for {task.preset}, expected {task.fingerprint!r}"
        )
    return [solve_one(game, d, task.limits) for d in task.deals]


class _Batcher:
    """Sizes batches so that each takes about ``target`` seconds, within bounds.

    Decade deals take under a millisecond and some Windmill deals minutes:
    one deal per task wastes the pool on messages for the first, a fixed
    large batch starves workers (and widens what a kill loses) for the
    second. The size follows the mean time per deal seen so far.
    """

    def __init__(self, todo: int, workers: int, target: float = 0.25) -> None:
        self.cap = max(1, min(256, todo // (4 * workers)))
        self.target = target
        self.deals = 0
        self.seconds = 0.0

    def record(self, results: Sequence[DealResult]) -> None:
        self.deals += len(results)
        self.seconds += sum(r.seconds for r in results)

    def size(self) -> int:
        if self.deals == 0 or self.seconds <= 0:
            return 1
        per_deal = self.seconds / self.deals
        return max(1, min(self.cap, int(self.target / per_deal)))


def _cluster_threads(client: Any) -> int:
    workers = client.scheduler_info().get("workers", {})
    return max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))


def solve_deals(
    game: GameLike,
    deals: Iterable[int | str | DealNumber] | str,
    *,
    rules: RulesLike = None,
    max_states: int | None = None,
    timeout: float | None = None,
    max_table: int | None = None,
    jobs: int | None = 1,
    store: Store | str | os.PathLike[str] | None = None,
    dask: Any = None,
    progress: Progress | None = None,
) -> list[DealResult]:
    """Solve every deal (each once) and return the results in the order asked.

    ``deals`` is an iterable of deal numbers or a range text such as
    ``"1-100,200"``. ``jobs`` is the number of worker processes (``None``:
    one per core; 1: solve in this process). ``dask`` is a Dask scheduler
    address (``"tcp://host:8786"``) or a ``distributed.Client``; the work
    then goes to its workers instead. With a ``store`` (a :class:`Store` or
    a path) each result is written as it arrives and deals already settled
    there are not solved again. Limits make a deal ``unknown`` when reached.
    """
    g = get_game(game, rules)
    limits = make_limits(max_states, timeout, max_table)
    numbers = _deal_list(deals)
    if jobs is not None and jobs < 1:
        raise BadOptionError(f"jobs must be at least 1, not {jobs}")
    if store is None or isinstance(store, Store):
        return _solve_all(g, numbers, limits, jobs, store, dask, progress)
    with Store(Path(store)) as db:
        return _solve_all(g, numbers, limits, jobs, db, dask, progress)


def _solve_all(
    game: Game[Any, Any],
    numbers: list[DealNumber],
    limits: Limits,
    jobs: int | None,
    db: Store | None,
    dask: Any,
    progress: Progress | None,
) -> list[DealResult]:
    # The limits the solves work under, defaults included: the store keeps
    # these with each result, so an unknown reached under an older default
    # is retried.
    limits = game.effective_limits(limits)
    key = StoreKey.of(game)
    names = [str(n) for n in numbers]
    found: dict[str, DealResult] = {}
    if db is not None:
        found.update(db.settled(key, names, limits))
    todo = [n for n in names if n not in found]
    done = 0
    if progress is not None:
        progress(0, len(todo))

    def arrived(results: list[DealResult]) -> None:
        nonlocal done
        if db is not None:
            db.add(key, [r for r in results if not r.from_store], limits)
        for r in results:
            found[r.deal] = r
        done += len(results)
        if progress is not None:
            progress(done, len(todo))

    def fresh(batch: list[str]) -> tuple[str, ...]:
        # Another run on the same store may have settled some of these
        # meanwhile: take its results rather than solving them again.
        if db is None:
            return tuple(batch)
        other = db.settled(key, batch, limits)
        if other:
            arrived(list(other.values()))
        return tuple(d for d in batch if d not in other)

    if todo:
        if dask is None and (jobs == 1 or len(todo) == 1):
            _run_here(game, todo, limits, fresh, arrived)
        else:
            _run_pool(game, todo, limits, jobs, dask, fresh, arrived)
    return [found[n] for n in names]


def _run_here(
    game: Game[Any, Any],
    todo: list[str],
    limits: Limits,
    fresh: Callable[[list[str]], tuple[str, ...]],
    arrived: Callable[[list[DealResult]], None],
) -> None:
    batcher = _Batcher(len(todo), 1)
    i = 0
    while i < len(todo):
        batch = todo[i : i + batcher.size()]
        i += len(batch)
        for d in fresh(batch):
            result = solve_one(game, d, limits)
            batcher.record([result])
            arrived([result])


def _run_pool(
    game: Game[Any, Any],
    todo: list[str],
    limits: Limits,
    jobs: int | None,
    dask: Any,
    fresh: Callable[[list[str]], tuple[str, ...]],
    arrived: Callable[[list[DealResult]], None],
) -> None:
    items = tuple(rules_items(game.rules))
    client = None
    executor: cf.Executor
    if dask is not None:
        client = connect_dask(dask)
        executor = client.get_executor(pure=False)
        workers = _cluster_threads(client)
    else:
        workers = jobs or os.cpu_count() or 1
        # Fork where there is fork: workers start at once and need nothing
        # from the parent but the solver; elsewhere the platform's default.
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        executor = cf.ProcessPoolExecutor(max_workers=workers, mp_context=context)
    batcher = _Batcher(len(todo), workers)
    pending: set[cf.Future[list[DealResult]]] = set()
    i = 0
    try:
        while i < len(todo) or pending:
            # Keep two batches per worker in flight: enough to hide the
            # round trip, few enough that a kill loses little.
            while i < len(todo) and len(pending) < 2 * workers:
                batch = todo[i : i + batcher.size()]
                i += len(batch)
                deals = fresh(batch)
                if deals:
                    task = _Task(game.preset, items, game.fingerprint, deals, limits)
                    pending.add(executor.submit(_solve_task, task))
            if not pending:
                continue
            finished, pending = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for future in finished:
                results = future.result()
                batcher.record(results)
                arrived(results)
    finally:
        for future in pending:
            future.cancel()
        if client is None:
            executor.shutdown(wait=True, cancel_futures=True)
        else:
            # The Dask executor has no cancel_futures; its futures were
            # cancelled above.
            executor.shutdown(wait=False)
        if client is not None and client is not dask:
            client.close()


def connect_dask(dask: Any) -> Any:
    """A ``distributed.Client`` for a scheduler address, or the client given.

    Raises :class:`BadOptionError` when ``distributed`` is not installed or
    the scheduler cannot be reached.
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
    try:
        return client_type(str(dask), timeout="20s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise BadOptionError(f"cannot reach the Dask scheduler at {dask!r}: {exc}") from None


def replay_wins(game: Game[Any, Any], results: Iterable[DealResult]) -> list[str]:
    """Replay every won result's line from its deal; one message per line that fails.

    A won verdict is only as good as its line, and a store outlives the
    code that filled it, so a line is replayed move by move from the deal
    (as :func:`.verify` does) and must end in a won position. The messages
    name the deal and the first move that went wrong; an empty list means
    every line replayed.
    """
    failures = []
    for r in results:
        if r.status is not Status.WON:
            continue
        check = verify(game, r.deal, r.moves)
        where = "stored" if r.from_store else "found"
        if not check.legal:
            failures.append(
                f"deal {r.deal}: the {where} winning line does not replay: {check.reason}"
            )
        elif not check.won:
            failures.append(f"deal {r.deal}: the {where} winning line {check.reason}")
    return failures


def winnability(
    game: GameLike,
    deals: Iterable[int | str | DealNumber] | str,
    *,
    rules: RulesLike = None,
    max_states: int | None = None,
    timeout: float | None = None,
    max_table: int | None = None,
    jobs: int | None = 1,
    store: Store | str | os.PathLike[str] | None = None,
    dask: Any = None,
    progress: Progress | None = None,
) -> Summary:
    """Solve every deal (see :func:`solve_deals`) and summarise the results."""
    g = get_game(game, rules)
    results = solve_deals(
        g,
        deals,
        max_states=max_states,
        timeout=timeout,
        max_table=max_table,
        jobs=jobs,
        store=store,
        dask=dask,
        progress=progress,
    )
    return summarize(g, results)


__all__ = [
    "Z95",
    "DealResult",
    "Progress",
    "Spread",
    "Store",
    "Summary",
    "connect_dask",
    "default_store_path",
    "parse_deals",
    "percentile",
    "solve_deals",
    "solve_one",
    "summarize",
    "wilson_interval",
    "winnability",
]
