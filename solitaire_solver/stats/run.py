"""A run over many deals: the store, resuming what it holds, the sink, the progress, replays.

:func:`run_deals` reads the store a few hundred deals ahead of the solving,
passes on what it already settles, hands the rest to a runner
(:mod:`.runners`) and stores each result as it comes back, before passing
it on; :func:`solve_deals` and :func:`winnability` are built on it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from ..api import GameLike, RulesLike
from ..errors import BadOptionError, UnknownGameError
from ..games import PRESETS, Game, find_preset
from ..numbering import MT_THRESHOLD, DealNumber
from ..records.store import DealResult, Store, StoreKey
from ..request import SolveRequest, as_request
from ..search import NO_LIMITS, Limits, Status
from .ranges import DealRange, _deal_sequence
from .runners import _Line, run_here, run_pool
from .solving import Failure, RunPlayer, _replay_failures
from .summary import Summary, Tally
from .tables import ordered_keys, store_carried

Progress = Callable[[int, int], None]
"""Called as ``progress(done, todo)``: once with ``done == 0`` before the first
deal is solved, then as results arrive. ``todo`` counts the deals this run
solves (those not already in the store)."""


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


def player_key(game: Game[Any, Any], player: RunPlayer | None) -> StoreKey:
    """The store key of a run: the game's, and for a player's run its words too, so that
    a player's results never mix with the solver's or another player's."""
    key = StoreKey.of(game)
    if player is None:
        return key
    # The words name the numbers the player plays with, its plan's where it gives none.
    words = player.for_game(game)
    return StoreKey(key.preset, key.game, f"{key.fingerprint} player={words}")


Sink = Callable[[DealResult], None]
"""Called with each deal's result as it arrives, solved now or read from the store."""

_SCAN = 500
"""Deals looked up in the store at a time, as the run reaches them."""


@attrs.frozen
class RunCounts:
    """What a run did: ``deals`` asked, ``stored`` of them already in the store at
    the start, ``solved`` by this run, and ``reused`` results read from the store
    (those stored at the start and those another run settled meanwhile).
    ``failures`` are the winning lines that did not win when replayed (a run
    with ``verify`` only), as ``(number, deal, message)`` in deal order."""

    deals: int
    stored: int
    solved: int
    reused: int
    failures: tuple[Failure, ...] = ()


def run_deals(
    game: GameLike | SolveRequest,
    deals: Iterable[int | str | DealNumber] | str,
    sink: Sink,
    *,
    rules: RulesLike = None,
    limits: Limits = NO_LIMITS,
    jobs: int | None = 1,
    store: Store | str | os.PathLike[str] | None = None,
    dask: Any = None,
    progress: Progress | None = None,
    verify: bool = False,
    player: RunPlayer | None = None,
) -> RunCounts:
    """Solve every deal (each once), handing each result to ``sink`` as it arrives.

    The arguments are those of :func:`solve_deals`. With ``verify``, every
    winning line, found now or read from the store, is replayed from its
    deal (see :func:`replay_win`), by the workers when there are any, and
    the lines that do not win are returned in :attr:`RunCounts.failures`
    (each result is still stored and passed on). Results come in the
    order they finish, not the order asked, and nothing is kept here, so a
    range of any length runs in the same memory: a range text is never
    listed, the store is read a few hundred deals ahead of the solving, and
    a bounded number of batches is in flight. ``progress(0, todo)`` is
    called once the store has been counted, before the first deal is solved.
    With a ``player`` the deals are played by it (:func:`play_one`) instead
    of solved, under a store key of their own (:func:`player_key`).
    """
    request = as_request(game, rules=rules, limits=limits)
    numbers = _deal_sequence(deals)
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise BadOptionError(f"jobs must be at least 1, not {jobs!r}")
    if store is None or isinstance(store, Store):
        return _Run(request, store, sink, progress, verify, player).run(numbers, jobs, dask)
    with Store(Path(store), presets=PRESETS.values()) as db:
        return _Run(request, db, sink, progress, verify, player).run(numbers, jobs, dask)


def solve_deals(
    game: GameLike | SolveRequest,
    deals: Iterable[int | str | DealNumber] | str,
    *,
    rules: RulesLike = None,
    limits: Limits = NO_LIMITS,
    jobs: int | None = 1,
    store: Store | str | os.PathLike[str] | None = None,
    dask: Any = None,
    progress: Progress | None = None,
    player: RunPlayer | None = None,
) -> list[DealResult]:
    """Solve every deal (each once) and return the results in the order asked.

    ``game`` is a preset name (with ``rules``) or a game, and ``limits``
    the caller's (a :class:`~solitaire_solver.search.Limits`; none set: the
    preset's defaults); or ``game`` is a
    :class:`~solitaire_solver.request.SolveRequest`, which holds them all
    (the keywords are a shorthand for building one). ``deals`` is an
    iterable of deal numbers or a range text such as ``"1-100,200"``.
    ``jobs`` is the number of worker processes (``None``: one per core;
    1: solve in this process). ``dask`` is a Dask scheduler
    address (``"tcp://host:8786"``) or a ``distributed.Client``; the work
    then goes to its workers instead. With a ``store`` (a :class:`Store` or
    a path) each result is written as it arrives and deals already settled
    there are not solved again. Limits make a deal ``unknown`` when reached.

    The list holds every result; for ranges too long for that, use
    :func:`run_deals` (or :func:`winnability` for the summary alone).
    """
    request = as_request(game, rules=rules, limits=limits)
    numbers = _deal_sequence(deals)
    found: dict[str, DealResult] = {}

    def keep(r: DealResult) -> None:
        found[r.deal] = r

    run_deals(
        request,
        numbers,
        keep,
        jobs=jobs,
        store=store,
        dask=dask,
        progress=progress,
        player=player,
    )
    return [found[str(n)] for n in numbers]


def _count_stored(db: Store, key: StoreKey, deals: Sequence[DealNumber], limits: Limits) -> int:
    """How many of ``deals`` the store already settles for a run under ``limits``."""
    if isinstance(deals, DealRange):
        # Counted by number range in the database, without listing a deal.
        return db.count_settled(
            key, [(lo, hi, ms and lo >= MT_THRESHOLD) for lo, hi, ms in deals.blocks], limits
        )
    names = [str(d) for d in deals]
    return len(db.settled(key, names, limits))


class _Run:
    """One run's bookkeeping: the store, the sink, the progress counts and the replays."""

    def __init__(
        self,
        request: SolveRequest,
        db: Store | None,
        sink: Sink,
        progress: Progress | None,
        verify: bool = False,
        player: RunPlayer | None = None,
    ) -> None:
        # The limits the solves work under, defaults included: the store
        # keeps these with each result, so an unknown reached under an
        # older default is retried.
        self.request = request
        self.game = game = request.game
        self.limits = request.limits
        self.player = player
        self.key = player_key(game, player)
        self.db = db
        self.sink = sink
        self.progress = progress
        self.verify = verify
        self.stored = 0
        self.todo = 0
        self.solved = 0
        self.seen = 0  # stored results met while reading ahead
        self.meanwhile = 0  # results another run stored after this one read ahead
        self.reported = 0  # the last ``done`` passed to progress
        self.failures: list[Failure] = []
        # Stored winning lines waiting to go to a worker for their replay;
        # ``None`` while this process replays them as they are met.
        self.lines: list[_Line] | None = None
        # The store's rows of rules ordered with the run's, whose verdicts carry
        # (the solver's rows only: what a player won says nothing of the rules).
        self.ordered = [] if db is None or player is not None else ordered_keys(db, game)

    def run(self, deals: Sequence[DealNumber], jobs: int | None, dask: Any) -> RunCounts:
        total = len(deals)
        if self.db is not None:
            self.stored = _count_stored(self.db, self.key, deals, self.limits)
        self.todo = total - self.stored
        if self.progress is not None:
            self.progress(0, self.todo)
        names = self._unsettled(deals)
        # With (almost) nothing to solve, a few stored lines are replayed
        # here: a pool would cost more than it saves.
        replays = self.stored if self.verify else 0
        if dask is None and (jobs == 1 or (self.todo <= 1 and replays <= _SCAN)):
            run_here(self, names)
        else:
            self.lines = []
            run_pool(self, names, jobs, dask)
        reused = self.seen + self.meanwhile
        return RunCounts(total, self.stored, self.solved, reused, tuple(sorted(self.failures)))

    def _report(self) -> None:
        if self.progress is not None:
            # Results stored before the run started were counted out of
            # ``todo``; any met beyond them another run has just settled.
            done = min(self.todo, self.solved + self.meanwhile + max(0, self.seen - self.stored))
            if done != self.reported:
                self.reported = done
                self.progress(done, self.todo)

    def _unsettled(self, deals: Iterable[DealNumber]) -> Iterator[str | None]:
        """The deals still to solve, in order, with ``None`` after each look-up in the store.

        Stored results go to the sink on the way. The ``None`` lets the
        reader stop between look-ups (see :meth:`take`) even when nothing
        of a stretch is left to solve.
        """
        chunk: list[str] = []
        for deal in deals:
            chunk.append(str(deal))
            if len(chunk) == _SCAN:
                yield from self._scan(chunk)
                yield None
                chunk = []
        yield from self._scan(chunk)

    def take(self, names: Iterator[str | None], size: int) -> tuple[list[str], bool]:
        """Up to ``size`` deals to solve, and whether the range may hold more.

        Fewer when as many stored lines already wait for their replay: they
        go out first, so that a rerun over a full store keeps a bounded
        number of them in memory.
        """
        batch: list[str] = []
        for name in names:
            if name is not None:
                batch.append(name)
                if len(batch) >= size:
                    return batch, True
            elif self.lines is not None and len(self.lines) >= size:
                return batch, True
        return batch, False

    def _met(self, r: DealResult) -> None:
        """A result read from the store: passed on, and with ``verify`` its line replayed."""
        self.sink(r)
        if self.verify and r.status is Status.WON and not r.imported:
            if self.lines is None:
                self.failures.extend(_replay_failures(self.game, [r]))
            else:
                self.lines.append((r.number, r.deal, r.moves))

    def _scan(self, chunk: list[str]) -> list[str]:
        if self.db is None or not chunk:
            return chunk
        found = self.db.settled(self.key, chunk, self.limits)
        for name in chunk:
            if name in found:
                self.seen += 1
                self._met(found[name])
        if found:
            self._report()
        left = [name for name in chunk if name not in found]
        if not self.ordered:
            return left
        carried = [r for name in left if (r := self._carried(name)) is not None]
        if carried:
            self.arrived(carried)
        taken = {r.deal for r in carried}
        return [name for name in left if name not in taken]

    def _carried(self, name: str) -> DealResult | None:
        """Deal ``name``'s result from the store's rows of ordered rules, when one carries: a
        stricter rules' won line that replays under the run's rules, or a looser rules' loss."""
        assert self.db is not None
        found = store_carried(self.db, self.game, name, self.ordered)
        if found is None:
            return None
        row = found.result
        if found.status == "won":
            return attrs.evolve(
                row,
                seconds=0.0,
                from_store=False,
                origin=None,
                settled_by=f"the line of {found.fingerprint}, replayed",
            )
        return DealResult(
            deal=row.deal,
            number=row.number,
            status=Status.LOST,
            solver_version=row.solver_version,
            settled_by=f"lost under {found.fingerprint}",
        )

    def fresh(self, batch: list[str]) -> tuple[str, ...]:
        """The deals of ``batch`` still unsettled just before they go out."""
        # Another run on the same store may have settled some since they
        # were read ahead: take its results rather than solving them again.
        if self.db is None or not batch:
            return tuple(batch)
        other = self.db.settled(self.key, batch, self.limits)
        for name in batch:
            if name in other:
                self.meanwhile += 1
                self._met(other[name])
        if other:
            self._report()
        return tuple(d for d in batch if d not in other)

    def arrived(self, results: list[DealResult]) -> None:
        """Results solved by this run: stored first (so a kill keeps them), then passed on."""
        if self.db is not None:
            self.db.add(self.key, results, self.limits)
        for r in results:
            self.sink(r)
        self.solved += len(results)
        self._report()


def winnability(
    game: GameLike | SolveRequest,
    deals: Iterable[int | str | DealNumber] | str,
    *,
    rules: RulesLike = None,
    limits: Limits = NO_LIMITS,
    jobs: int | None = 1,
    store: Store | str | os.PathLike[str] | None = None,
    dask: Any = None,
    progress: Progress | None = None,
    player: RunPlayer | None = None,
) -> Summary:
    """Solve every deal (see :func:`solve_deals`) and summarise the results.

    The results are counted as they arrive and not kept, so any range fits
    in memory.
    """
    request = as_request(game, rules=rules, limits=limits)
    tally = Tally(request.game)
    run_deals(
        request,
        deals,
        tally.add,
        jobs=jobs,
        store=store,
        dask=dask,
        progress=progress,
        player=player,
    )
    return tally.summary()
