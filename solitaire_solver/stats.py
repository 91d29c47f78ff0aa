"""Exact winnability statistics over many numbered deals.

>>> s = winnability("decade", "1-20")
>>> (s.won + s.lost, s.unknown)
(20, 0)

:func:`run_deals` solves every deal of a range (serially, in a process
pool or on a Dask cluster), keeping each result in a :class:`Store` as it
arrives, skipping what the store already holds, and handing each result on
as it comes; :func:`solve_deals` collects them in the order asked, and
:func:`winnability` summarises them: counts, the win rate with its 95%
Wilson interval, conservative bounds when some deals are unknown, and the
spread of search effort. A range is streamed, never listed: its length
costs no memory. The results do not depend on how the work was spread:
each deal is solved by the same deterministic search wherever it runs.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import contextlib
import ctypes
import hashlib
import math
import multiprocessing
import os
import signal
import socket
import statistics
import sys
import threading
import time
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, overload

import attrs

from .api import GameLike, RulesLike, get_game, make_limits, verify
from .errors import BadDealNumberError, BadOptionError, ClusterError, UnknownGameError
from .games import Game, find_preset, make_game
from .games.base import rules_items
from .maths import Z95, percentile, wilson_interval
from .numbering import MT_THRESHOLD, DealNumber, parse_deal_number
from .players import Player, play
from .search import Limit, Limits, Status
from .store import DealResult, Store, StoreKey

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


Block = tuple[int, int, bool]
"""Consecutive deal numbers ``(low, high, microsoft)``, both ends included."""


def _split_block(low: int, high: int, microsoft: bool) -> list[Block]:
    # Below MT_THRESHOLD every deal is a Microsoft one, written without
    # "ms"; from it up a Microsoft deal is written with "ms". Splitting there
    # keeps one generator and one way of writing the numbers per block.
    if microsoft or low < MT_THRESHOLD:
        parts = [
            (low, min(high, MT_THRESHOLD - 1), True),
            (max(low, MT_THRESHOLD), high, microsoft),
        ]
    else:
        parts = [(low, high, False)]
    return [(lo, hi, ms) for lo, hi, ms in parts if lo <= hi]


def _subtract(block: Block, taken: Block) -> list[Block]:
    """What is left of ``block`` once the deals of ``taken`` are removed."""
    low, high, ms = block
    t_low, t_high, t_ms = taken
    if ms != t_ms or t_high < low or t_low > high:
        return [block]
    left = [(low, t_low - 1, ms), (t_high + 1, high, ms)]
    return [b for b in left if b[0] <= b[1]]


class DealRange(Sequence[DealNumber]):
    """The deals of a range text, held as blocks of consecutive numbers and never listed.

    Length, iteration, indexing and ``in`` all work on the blocks, so a range
    of 10**11 deals costs no more memory than one of ten; iterating yields
    the deals in the order asked. Build one with :func:`parse_deals`.
    """

    def __init__(self, blocks: Iterable[Block], text: str = "") -> None:
        self.blocks: tuple[Block, ...] = tuple(blocks)
        self.text = text

    def __len__(self) -> int:
        return sum(high - low + 1 for low, high, _ in self.blocks)

    def __iter__(self) -> Iterator[DealNumber]:
        for low, high, microsoft in self.blocks:
            for value in range(low, high + 1):
                yield DealNumber(value, microsoft)

    @overload
    def __getitem__(self, index: int) -> DealNumber: ...

    @overload
    def __getitem__(self, index: slice) -> list[DealNumber]: ...

    def __getitem__(self, index: int | slice) -> DealNumber | list[DealNumber]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(f"deal range index {index} out of range")
        for low, high, microsoft in self.blocks:
            if index <= high - low:
                return DealNumber(low + index, microsoft)
            index -= high - low + 1
        raise AssertionError("unreachable: the index was checked against the length")

    def __contains__(self, deal: object) -> bool:
        if not isinstance(deal, DealNumber):
            return False
        return any(
            low <= deal.value <= high and ms == deal.microsoft for low, high, ms in self.blocks
        )

    def __repr__(self) -> str:
        return f"DealRange({self.text!r}, {len(self)} deals)"


def parse_deals(text: str) -> DealRange:
    """The deals of a range list such as ``1-100,200,300-310``, as a :class:`DealRange`.

    Items are separated by commas; each is a deal number (any form that
    :func:`.parse_deal_number` accepts but grouping by commas, ``ms40000``
    too) or ``A-B`` with ``A <= B``, where ``msA-B`` makes both ends
    Microsoft deal numbers. A deal listed twice counts once; the order of
    first mention is kept. Raises :class:`BadDealNumberError` naming the
    item for anything else. The deals are never listed, however many.
    """
    blocks: list[Block] = []
    for item in text.split(","):
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
        new = _split_block(low.value, high.value, ms)
        for taken in blocks:
            new = [part for b in new for part in _subtract(b, taken)]
        blocks.extend(new)
    return DealRange(blocks, text)


def _deal_sequence(deals: Iterable[int | str | DealNumber] | str) -> Sequence[DealNumber]:
    """The deals to solve: a range as blocks, any other collection as a list without repeats."""
    out: Sequence[DealNumber]
    if isinstance(deals, str):
        out = parse_deals(deals)
    elif isinstance(deals, DealRange):
        out = deals
    else:
        out = list(dict.fromkeys(parse_deal_number(d) for d in deals))
    if not out:
        raise BadOptionError("no deals to solve")
    return out


@attrs.frozen
class Spread:
    """The median, 99th percentile (nearest rank) and maximum of some values.

    ``exact`` is false when the values were too many to keep (see
    :class:`SpreadTally`): the median and percentile are then within 0.1%.
    """

    median: float
    p99: float
    maximum: float
    exact: bool = True

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        """The spread of ``values`` (all zero when there are none)."""
        if not values:
            return cls(0.0, 0.0, 0.0)
        return cls(float(statistics.median(values)), percentile(values, 99), float(max(values)))


class SpreadTally:
    """The :class:`Spread` of a stream of non-negative values, in bounded memory.

    The first ``exact_limit`` values are kept and give the exact spread.
    Past that they go into buckets whose ends are a factor ``RATIO`` apart:
    a bucket's middle is within 0.1% of any value in it, so the median and
    percentile are too, while the buckets number a few thousand for any
    values a search produces. The maximum is always exact.
    """

    RATIO = 1.002
    EXACT_LIMIT = 1 << 20

    def __init__(self, exact_limit: int = EXACT_LIMIT) -> None:
        self._limit = exact_limit
        self._values: array[float] | None = array("d")
        self._buckets: dict[int, int] = {}
        self._zeros = 0
        self._count = 0
        self._max = 0.0

    def add(self, value: float) -> None:
        """Count one value."""
        self._count += 1
        self._max = max(self._max, value)
        if self._values is not None:
            self._values.append(value)
            if len(self._values) > self._limit:
                kept, self._values = self._values, None
                for v in kept:
                    self._bucket(v)
        else:
            self._bucket(value)

    def _bucket(self, value: float) -> None:
        if value <= 0:
            self._zeros += 1
            return
        k = math.floor(math.log(value) / math.log(self.RATIO))
        self._buckets[k] = self._buckets.get(k, 0) + 1

    def _rank_value(self, rank: int) -> float:
        """The ``rank``-th smallest value (from 1), as its bucket's middle."""
        seen = self._zeros
        if rank <= seen:
            return 0.0
        for k in sorted(self._buckets):
            seen += self._buckets[k]
            if rank <= seen:
                return min(self._max, float(self.RATIO ** (k + 0.5)))
        return self._max

    def spread(self) -> Spread:
        """The spread of every value counted so far."""
        if self._values is not None:
            return Spread.of(self._values)
        n = self._count
        # The median as statistics.median takes it: the middle value, or
        # the mean of the two middle ones.
        median = (self._rank_value((n + 1) // 2) + self._rank_value(n // 2 + 1)) / 2
        p99 = self._rank_value(max(1, math.ceil(0.99 * n)))
        return Spread(median, p99, self._max, exact=False)


@attrs.frozen
class Summary:
    """Winnability of a set of deals under one game's rules.

    ``win_rate`` and ``interval`` (95% Wilson) count the settled deals only.
    ``bounds`` is the conservative 95% interval over every deal: its lower
    end counts the unknown deals lost, its upper end counts them won; with
    no unknown deals it equals ``interval``. ``lengths`` maps a winning
    line's number of moves to how many deals were won with it. ``reused``
    counts the deals whose result came from the store, ``imported`` those of
    them that came into it from a verdict file (their effort is not known:
    ``states`` and ``seconds`` leave them out). ``unknown_limits`` says which
    limit stopped the unknown deals: pairs of a limit's name (``states``,
    ``time``, ``table``, or ``imported`` for rows from a verdict file, which
    do not say) and the number of deals it stopped.
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
    imported: int = 0
    unknown_limits: tuple[tuple[str, int], ...] = ()

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
            "imported": self.imported,
            "unknown_limits": dict(self.unknown_limits),
        }


class Tally:
    """A :class:`Summary` built one result at a time, in memory that does not grow with them.

    Results may come in any order (a pool returns them as they finish); the
    summary does not depend on it.
    """

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.counts = dict.fromkeys(Status, 0)
        self.states = SpreadTally()
        self.seconds = SpreadTally()
        self.lengths: dict[int, int] = {}
        self.reused = 0
        self.imported = 0
        self.unknown_limits: dict[str, int] = {}

    def add(self, r: DealResult) -> None:
        """Count one deal's result.

        A result imported from a verdict file keeps its verdict and line
        length but not the search's effort: it counts in everything but the
        spreads of states and time.
        """
        self.counts[r.status] += 1
        if r.imported:
            self.imported += 1
        else:
            self.states.add(r.states)
            self.seconds.add(r.seconds)
        self.reused += r.from_store
        if r.status is Status.WON:
            self.lengths[r.length] = self.lengths.get(r.length, 0) + 1
        elif r.status is Status.UNKNOWN:
            which = r.limit.value if r.limit is not None else "imported"
            self.unknown_limits[which] = self.unknown_limits.get(which, 0) + 1

    def summary(self) -> Summary:
        """The summary of every result added so far."""
        return Summary(
            game=self.game.preset,
            fingerprint=self.game.fingerprint,
            deals=sum(self.counts.values()),
            won=self.counts[Status.WON],
            lost=self.counts[Status.LOST],
            unknown=self.counts[Status.UNKNOWN],
            states=self.states.spread(),
            seconds=self.seconds.spread(),
            lengths=tuple(sorted(self.lengths.items())),
            reused=self.reused,
            imported=self.imported,
            unknown_limits=tuple(sorted(self.unknown_limits.items())),
        )


def summarize(game: Game[Any, Any], results: Iterable[DealResult]) -> Summary:
    """The :class:`Summary` of some deals' results under ``game``'s rules."""
    tally = Tally(game)
    for r in results:
        tally.add(r)
    return tally.summary()


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


NOT_WINNABLE = "the published table: lost with full sight"
"""What settles a player's deal that the thoughtful table proves lost (:func:`play_one`)."""

_THOUGHTFUL: dict[str, Any] = {}
"""Each fingerprint's published table (or None), loaded once per process."""


def _thoughtful_status(game: Game[Any, Any], number: DealNumber) -> str | None:
    """The published thoughtful verdict of a plain deal number, if a table holds one."""
    from .verdicts import shipped_table

    if game.fingerprint not in _THOUGHTFUL:
        _THOUGHTFUL[game.fingerprint] = shipped_table(game)
    table = _THOUGHTFUL[game.fingerprint]
    if table is None or not table.first <= number.value <= table.last:
        return None
    if number.microsoft and number.value >= MT_THRESHOLD:
        return None  # the tables hold plain deal numbers, not Microsoft deals beyond them
    status: str | None = table.status(number.value)
    return status


def play_one(game: Game[Any, Any], deal: int | str | DealNumber, player: Player) -> DealResult:
    """Deal ``deal`` and play it with ``player`` (:mod:`.players`).

    Won when the player wins; lost when it does not (the deal may still be
    winnable: what a player wins is a lower bound). ``states`` holds the
    exact solves its hints took and ``unique`` the positions where it had a
    choice. A deal that the published table of the game's rules proves lost
    with full sight is recorded as lost without playing it
    (``settled_by`` :data:`NOT_WINNABLE`): no player can win it.
    """
    t0 = time.perf_counter()
    number = parse_deal_number(deal)
    if _thoughtful_status(game, number) == "lost":
        # No line wins this deal even with every card in sight, so no player
        # can win it: the outcome is known without playing, and recorded as
        # the player's loss. (A player's run spends its time on the deals it
        # could win; in eagle-wing that skips 94% of them.)
        return DealResult(
            deal=str(number),
            number=number.value,
            status=Status.LOST,
            seconds=time.perf_counter() - t0,
            solver_version=_solver_version(),
            settled_by=NOT_WINNABLE,
        )
    played = play(game, game.deal(number), player, deal=str(number))
    return DealResult(
        deal=str(number),
        number=number.value,
        status=Status.WON if played.won else Status.LOST,
        moves=tuple(str(m) for m in played.moves) if played.won else (),
        states=played.solves,
        unique=played.choices,
        seconds=time.perf_counter() - t0,
        solver_version=_solver_version(),
    )


def player_key(game: Game[Any, Any], player: Player | None) -> StoreKey:
    """The store key of a run: the game's, and for a player's run its words too, so that
    a player's results never mix with the solver's or another player's."""
    key = StoreKey.of(game)
    if player is None:
        return key
    return StoreKey(key.preset, key.game, f"{key.fingerprint} player={player}")


def solve_one(game: Game[Any, Any], deal: int | str | DealNumber, limits: Limits) -> DealResult:
    """Deal and solve one numbered deal; the time includes dealing (and the difficulty figure)."""
    t0 = time.perf_counter()
    number = parse_deal_number(deal)
    start = game.deal(number)
    result = game.solve(start, limits)
    difficulty = game.difficulty(start, result)
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
        difficulty=difficulty,
        settled_by=result.settled_by,
    )


_Line = tuple[int, str, tuple[str, ...]]
"""A stored winning line to replay: the deal's number, its text and the moves."""

Failure = tuple[int, str, str]
"""A winning line that does not win: the deal's number, its text and what went wrong."""

_Packed = tuple[
    str, int, str, tuple[str, ...], int, int, float, str | None, int | None, str, str | None
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
    )


_STATUSES = {s.value: s for s in Status}


def _unpack(p: _Packed) -> DealResult:
    deal, number, status, moves, states, unique, seconds, limit, difficulty, version, by = p
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
    )


def _replay_failures(game: Game[Any, Any], results: Iterable[DealResult]) -> list[Failure]:
    """:func:`replay_win` for each result: the lines that do not win."""
    return [(r.number, r.deal, m) for r in results if (m := replay_win(game, r)) is not None]


def _stored_wins(lines: Iterable[_Line]) -> Iterator[DealResult]:
    """Stored winning lines as the results :func:`replay_win` takes."""
    for number, deal, moves in lines:
        yield DealResult(deal, number, Status.WON, moves, from_store=True)


@attrs.frozen
class _Task:
    """A batch for a worker: deals to solve and, with ``verify``, stored lines to
    replay (its own wins are replayed too); everything as plain picklable values."""

    preset: str
    rules: tuple[tuple[str, str], ...]
    fingerprint: str
    deals: tuple[str, ...]
    limits: Limits
    verify: bool = False
    lines: tuple[_Line, ...] = ()
    player: str = ""
    """A player's words (:class:`~.players.Player`), to play the deals instead of solving."""


_Done = tuple[list[_Packed], list[Failure], int, float]
"""A worker's answer: the deals solved, the lines that failed to replay, how
many deals and lines it took, and the seconds it took."""

_WORKER_GAMES: dict[tuple[str, tuple[tuple[str, str], ...]], Game[Any, Any]] = {}


def _solve_task(task: _Task) -> _Done:
    """Solve (and with ``verify`` replay) a batch in a worker process (or a Dask worker)."""
    started = time.perf_counter()
    key = (task.preset, task.rules)
    game = _WORKER_GAMES.get(key)
    if game is None:
        game = _WORKER_GAMES[key] = make_game(task.preset, dict(task.rules))
    if game.fingerprint != task.fingerprint:
        # A worker running another version of the game would store results
        # of other rules under this fingerprint.
        raise ClusterError(
            f"a worker builds other rules for {task.preset} ({game.fingerprint}, expected "
            f"{task.fingerprint}): install the same solitaire_solver everywhere"
        )
    if task.player:
        player = Player.parse(task.player)
        results = [play_one(game, d, player) for d in task.deals]
    else:
        results = [solve_one(game, d, task.limits) for d in task.deals]
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
    game: GameLike,
    deals: Iterable[int | str | DealNumber] | str,
    sink: Sink,
    *,
    rules: RulesLike = None,
    max_states: int | None = None,
    timeout: float | None = None,
    max_table: int | None = None,
    jobs: int | None = 1,
    store: Store | str | os.PathLike[str] | None = None,
    dask: Any = None,
    progress: Progress | None = None,
    verify: bool = False,
    player: Player | None = None,
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
    g = get_game(game, rules)
    limits = make_limits(max_states, timeout, max_table)
    numbers = _deal_sequence(deals)
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise BadOptionError(f"jobs must be at least 1, not {jobs!r}")
    if store is None or isinstance(store, Store):
        return _Run(g, limits, store, sink, progress, verify, player).run(numbers, jobs, dask)
    with Store(Path(store)) as db:
        return _Run(g, limits, db, sink, progress, verify, player).run(numbers, jobs, dask)


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
    player: Player | None = None,
) -> list[DealResult]:
    """Solve every deal (each once) and return the results in the order asked.

    ``deals`` is an iterable of deal numbers or a range text such as
    ``"1-100,200"``. ``jobs`` is the number of worker processes (``None``:
    one per core; 1: solve in this process). ``dask`` is a Dask scheduler
    address (``"tcp://host:8786"``) or a ``distributed.Client``; the work
    then goes to its workers instead. With a ``store`` (a :class:`Store` or
    a path) each result is written as it arrives and deals already settled
    there are not solved again. Limits make a deal ``unknown`` when reached.

    The list holds every result; for ranges too long for that, use
    :func:`run_deals` (or :func:`winnability` for the summary alone).
    """
    numbers = _deal_sequence(deals)
    found: dict[str, DealResult] = {}

    def keep(r: DealResult) -> None:
        found[r.deal] = r

    run_deals(
        game,
        numbers,
        keep,
        rules=rules,
        max_states=max_states,
        timeout=timeout,
        max_table=max_table,
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
        game: Game[Any, Any],
        limits: Limits,
        db: Store | None,
        sink: Sink,
        progress: Progress | None,
        verify: bool = False,
        player: Player | None = None,
    ) -> None:
        # The limits the solves work under, defaults included: the store
        # keeps these with each result, so an unknown reached under an
        # older default is retried.
        self.game = game
        self.limits = game.effective_limits(limits)
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
            self._run_here(names)
        else:
            self.lines = []
            self._run_pool(names, jobs, dask)
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
        reader stop between look-ups (see :meth:`_take`) even when nothing
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

    def _take(self, names: Iterator[str | None], size: int) -> tuple[list[str], bool]:
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
        return [name for name in chunk if name not in found]

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

    def _one(self, deal: str) -> DealResult:
        """One deal solved, or played by this run's player."""
        if self.player is None:
            return solve_one(self.game, deal, self.limits)
        return play_one(self.game, deal, self.player)

    def _run_here(self, names: Iterator[str | None]) -> None:
        # Results are committed in batches of about a quarter of a second of
        # solving, as a pool's batches are: one commit a deal cost more than
        # the solving itself for the cheapest games (docs/statistics.md), and
        # a kill loses no more than a pool's batch in flight would.
        batcher = _Batcher(self.todo, 1)
        more = True
        while more:
            batch, more = self._take(names, batcher.size())
            started = time.perf_counter()
            results = [self._one(d) for d in self.fresh(batch)]
            self.arrived(results)
            if self.verify:
                self.failures.extend(_replay_failures(self.game, results))
            if results:
                batcher.record(len(results), time.perf_counter() - started)

    def _collect(
        self, pending: set[cf.Future[_Done]], batcher: _Batcher, client: Any
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
            self._take_in(done, batcher)
            pending.discard(future)
        if lost:
            raise ClusterError(
                f"lost the Dask scheduler at {_where(client)!r} during the run{reason}: "
                f"{self.solved} deals solved now are stored, the "
                f"{lost + len(pending)} batches in flight are not"
            )
        return pending

    def _take_in(self, done: _Done, batcher: _Batcher) -> None:
        """Store and count the results of one finished batch."""
        packed, failures, items, seconds = done
        batcher.record(items, seconds)
        self.arrived([_unpack(p) for p in packed])
        self.failures.extend(failures)

    def _run_pool(self, names: Iterator[str | None], jobs: int | None, dask: Any) -> None:
        game = self.game
        items = tuple(rules_items(game.rules))
        lines = self.lines
        assert lines is not None  # set by run() for a pool
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
            executor = cf.ProcessPoolExecutor(
                max_workers=workers,
                mp_context=context,
                initializer=_end_with_parent,
                initargs=(os.getpid(),),
            )
        batcher = _Batcher(self.todo + (self.stored if self.verify else 0), workers)
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
                        batch, more = self._take(names, size)
                    deals = self.fresh(batch)
                    replays = tuple(lines[:size])
                    del lines[:size]
                    if deals or replays:
                        task = _Task(
                            game.preset,
                            items,
                            game.fingerprint,
                            deals,
                            self.limits,
                            self.verify,
                            replays,
                            "" if self.player is None else str(self.player),
                        )
                        pending.add(executor.submit(_solve_task, task))
                        batcher.handed(len(deals) + len(replays))
                if pending:
                    pending = self._collect(pending, batcher, client)
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
                            self._take_in(future.result(), batcher)
            else:
                # The Dask executor has no cancel_futures; its futures were
                # cancelled above.
                with contextlib.suppress(Exception):
                    executor.shutdown(wait=False)
                if client is not dask:
                    close_dask(client)


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


def replay_win(game: Game[Any, Any], r: DealResult) -> str | None:
    """Replay one won result's line from its deal: ``None`` if it wins, else what went wrong.

    A won verdict is only as good as its line, and a store outlives the
    code that filled it, so a line is replayed move by move from the deal
    (as :func:`.verify` does) and must end in a won position. The message
    names the deal and the first move that went wrong. Results other than
    won ones are not checked, nor are rows imported from a verdict file,
    which keep no line (their file's checksum vouches for them).
    """
    if r.status is not Status.WON or r.imported:
        return None
    check = verify(game, r.deal, r.moves)
    where = "stored" if r.from_store else "found"
    if not check.legal:
        return f"deal {r.deal}: the {where} winning line does not replay: {check.reason}"
    if not check.won:
        return f"deal {r.deal}: the {where} winning line {check.reason}"
    return None


def replay_wins(game: Game[Any, Any], results: Iterable[DealResult]) -> list[str]:
    """:func:`replay_win` for every result: one message per line that fails, in order."""
    return [m for r in results if (m := replay_win(game, r)) is not None]


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
    player: Player | None = None,
) -> Summary:
    """Solve every deal (see :func:`solve_deals`) and summarise the results.

    The results are counted as they arrive and not kept, so any range fits
    in memory.
    """
    g = get_game(game, rules)
    tally = Tally(g)
    run_deals(
        g,
        deals,
        tally.add,
        max_states=max_states,
        timeout=timeout,
        max_table=max_table,
        jobs=jobs,
        store=store,
        dask=dask,
        progress=progress,
        player=player,
    )
    return tally.summary()


__all__ = [
    "Z95",
    "DealRange",
    "DealResult",
    "Failure",
    "Progress",
    "RunCounts",
    "Sink",
    "Spread",
    "SpreadTally",
    "Store",
    "Summary",
    "Tally",
    "close_dask",
    "connect_dask",
    "default_store_path",
    "parse_deals",
    "percentile",
    "replay_win",
    "replay_wins",
    "run_deals",
    "solve_deals",
    "solve_one",
    "summarize",
    "wilson_interval",
    "winnability",
]
