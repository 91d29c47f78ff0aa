"""The search engine every game runs on; it knows nothing about cards.

A game (or a toy puzzle) implements :class:`SearchProblem` and the optional
hooks of :mod:`.protocol`. A *strategy* is a function of a problem, a start
and a :class:`Budget` that returns a *run* (a generator that yields when the
budget interrupts it and returns a :class:`Verdict`):

- :func:`dfs`: depth-first search with a transposition table;
- :func:`incremental_dfs`: the same over a mutable position, with restarts;
- :func:`best_first`: A* (:func:`astar_order`), weighted A*
  (:func:`weighted_order`) and greedy best-first (:func:`greedy_order`);
- :func:`beam`: beam search with a width and a score (and, for a game
  that writes its rules in C, the same beam compiled: ``native/beam.h``,
  run by :func:`compiled`);
- :func:`restarted` (attempts in new orders, with growing allowances) and
  :func:`lds` (limited discrepancy search): other lines early;
- :func:`portfolio`, :func:`chain`, :func:`capped`, :func:`screened`,
  :func:`projected`, :func:`shortened` and :func:`named` put strategies
  (and a game's own exact plug-ins, which are runs too) together, and
  :func:`within` runs one to its end inside a hook, under a share;
- :class:`Plan` says as data which members (:class:`PlanMember`), screens
  (:class:`Screen`) and caps (:class:`Cap`) a game's solver has, and
  :func:`compose` makes the strategy from it and the game's factories.

:func:`expectimax` works out the best chance of winning where some moves
are left to chance (a :class:`ChanceProblem`: choices, weighted outcomes,
leaf values), under a budget like the other runs; :func:`work_out` runs it
under :class:`Limits` and returns a :class:`ChanceResult`. Where chance
is a shuffled stock, :class:`Counting` does the same in whole numbers (the
orders of the stock won) for a :class:`CountingProblem` (with its
:class:`Steps` and :data:`Looked` values), fast enough for millions of
nodes. Where the hidden part is too large for either, sampling
estimates each move's chance over random determinisations of it (a
:class:`SamplingProblem`): :func:`draw_samples`, then :func:`tally_samples`
with a stopping rule such as :func:`told_apart`, or :func:`sampled_choice`.
A :class:`FairPlan` holds the numbers of sampling and of the exact
expectimax that replaces it when little is hidden: the determinisations
drawn, their batches and limits, and when and how far the expectimax runs.

A :class:`Memo` carries the keys one depth-first search proved lost to the
next search of a position with the same keys (the children of one position,
the positions along one game).

:func:`solve` runs a strategy under :class:`Limits` and returns a
:class:`SolveResult`; :func:`depth_first` and :func:`astar` are the two
plain searches ready to run.
"""

from .astar import astar, astar_order, best_first, greedy_order, weighted_order
from .beam import beam
from .budget import LOST, Budget, LineWanted, Run, Strategy, Verdict, Watcher, drive, solve, won
from .compiled import Compiled, compiled
from .counting import Counting, CountingProblem, Looked, OutOfBudget, Steps
from .dfs import depth_first, dfs, successors_of
from .expectimax import (
    UNSETTLED,
    ChanceProblem,
    ChanceResult,
    ChanceRun,
    Leaf,
    Stop,
    expectimax,
    work_out,
)
from .incremental import Restarts, incremental_dfs
from .memo import Memo
from .plan import (
    Cap,
    Factory,
    Plan,
    PlanMember,
    Screen,
    Shortest,
    compose,
    compose_shortest,
    member_strategy,
    with_screens,
)
from .portfolio import (
    Member,
    capped,
    chain,
    named,
    portfolio,
    projected,
    screened,
    shortened,
    within,
)
from .protocol import (
    Dominated,
    IncrementalProblem,
    Placed,
    ProblemDefaults,
    SearchProblem,
    StateGraph,
    dead_test,
    overrides,
)
from .restart import lds, restarted
from .result import NO_LIMITS, Limit, Limits, SearchStats, SolveResult, Status, limit_text
from .sampling import (
    FairPlan,
    Interval,
    SamplingProblem,
    StopRule,
    Tally,
    draw_samples,
    sampled_choice,
    settle_samples,
    tally_samples,
    told_apart,
)

__all__ = [
    "LOST",
    "NO_LIMITS",
    "UNSETTLED",
    "Budget",
    "Cap",
    "ChanceProblem",
    "ChanceResult",
    "ChanceRun",
    "Compiled",
    "Counting",
    "CountingProblem",
    "Dominated",
    "Factory",
    "FairPlan",
    "IncrementalProblem",
    "Interval",
    "Leaf",
    "Limit",
    "Limits",
    "LineWanted",
    "Looked",
    "Member",
    "Memo",
    "OutOfBudget",
    "Placed",
    "Plan",
    "PlanMember",
    "ProblemDefaults",
    "Restarts",
    "Run",
    "SamplingProblem",
    "Screen",
    "SearchProblem",
    "SearchStats",
    "Shortest",
    "SolveResult",
    "StateGraph",
    "Status",
    "Steps",
    "Stop",
    "StopRule",
    "Strategy",
    "Tally",
    "Verdict",
    "Watcher",
    "astar",
    "astar_order",
    "beam",
    "best_first",
    "capped",
    "chain",
    "compiled",
    "compose",
    "compose_shortest",
    "dead_test",
    "depth_first",
    "dfs",
    "draw_samples",
    "drive",
    "expectimax",
    "greedy_order",
    "incremental_dfs",
    "lds",
    "limit_text",
    "member_strategy",
    "named",
    "overrides",
    "portfolio",
    "projected",
    "restarted",
    "sampled_choice",
    "screened",
    "settle_samples",
    "shortened",
    "solve",
    "successors_of",
    "tally_samples",
    "told_apart",
    "weighted_order",
    "with_screens",
    "within",
    "won",
    "work_out",
]
