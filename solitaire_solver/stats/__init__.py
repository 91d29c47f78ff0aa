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

The modules, one job each:

- :mod:`.ranges`: range texts such as ``1-100,200`` as blocks of deals;
- :mod:`.summary`: the summary of a run's results and the tallies that build it;
- :mod:`.solving`: one deal solved, played by a player, or its line replayed;
- :mod:`.runners`: where the deals are solved: here, a process pool or Dask;
- :mod:`.run`: the run itself: the store, resuming, the sink, progress and replays.
"""

from __future__ import annotations

from ..maths import Z95, percentile, wilson_interval
from ..records.store import DealResult, Store
from .ranges import Block, DealRange, parse_deals
from .run import (
    Progress,
    RunCounts,
    Sink,
    default_store_path,
    player_key,
    run_deals,
    solve_deals,
    winnability,
)
from .runners import DASK_TIMEOUT, close_dask, connect_dask
from .solving import (
    LOST_ON_THE_WAY,
    NOT_WINNABLE,
    UNSETTLED,
    Failure,
    play_one,
    replay_win,
    replay_wins,
    solve_one,
)
from .summary import Spread, SpreadTally, Summary, Tally, summarize

__all__ = [
    "DASK_TIMEOUT",
    "LOST_ON_THE_WAY",
    "NOT_WINNABLE",
    "UNSETTLED",
    "Z95",
    "Block",
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
    "play_one",
    "player_key",
    "replay_win",
    "replay_wins",
    "run_deals",
    "solve_deals",
    "solve_one",
    "summarize",
    "wilson_interval",
    "winnability",
]
