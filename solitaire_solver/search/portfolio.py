"""Putting strategies together: in turns (a portfolio), one after another, or on a model.

:func:`portfolio` runs its members in turns, each turn a share of expansions
that grows from round to round, and keeps each member's run (a generator,
with its tables) between its turns. It stops at the first verdict: a won
line, or a loss proved by a complete member (a member returns ``LOST`` only
when it searched everything), named by the member that reached it
(:attr:`~.budget.Verdict.by`). A member that ends without a verdict leaves
the portfolio.

No member starves. In round ``r`` member ``i`` may expand up to
``base * w_i * growth**r`` states, ``w_i`` being its weight. Say member ``i``
settles the position within ``n`` of its own expansions. Its own total
through round ``R`` is ``C(R) = base * w_i * (growth**(R+1) - 1) / (growth - 1)``,
and it settles in the first round ``R`` with ``C(R) >= n``; as
``C(R) = growth * C(R-1) + base * w_i`` and ``C(R-1) < n``, the member had
fewer than ``growth * n + base * w_i`` expansions offered by then, and every
other member ``j`` at most ``w_j / w_i`` times as many. So the portfolio
settles within::

    n + (W - w_i) / w_i * (growth * n + base * w_i)

expansions in all, ``W`` being the sum of the weights: with two members of
equal weight and ``growth`` 2, within ``3 n + base``.

:func:`chain` runs strategies one after another; :func:`capped` runs a
strategy under a cap of its own expansions, counted across the turns of a
portfolio; :func:`screened` runs a cheap complete test (a loss prover, say)
before a strategy, counting its work only when it settles the position;
:func:`within` runs a strategy to its end at once under a share of the budget
(for a search inside a hook); :func:`projected` runs a strategy on a compact
model of the game and lifts its line back to the game's own moves;
:func:`shortened` finds a line, then looks for a shortest one, keeping the
first when a limit stops the second; :func:`named` names the verdicts of a
strategy, so that a result can say which part of a composition settled it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal

import attrs

from .budget import Budget, Run, Strategy, Verdict, drive
from .result import Limit


@attrs.frozen
class Member:
    """A strategy in a portfolio, with a name (for people) and a weight (its share)."""

    name: str
    strategy: Strategy
    weight: float = 1.0

    def __attrs_post_init__(self) -> None:
        if not self.weight > 0:
            raise ValueError(f"member {self.name!r}: weight must be more than 0")


DEFAULT_BASE = 1000
"""Expansions of a member of weight 1 in the first round."""
DEFAULT_GROWTH = 2.0
"""Factor by which the shares grow from one round to the next."""


def portfolio(
    members: Sequence[Member],
    budget: Budget,
    *,
    base: int = DEFAULT_BASE,
    growth: float = DEFAULT_GROWTH,
) -> Run:
    """Run ``members`` in turns of growing shares until one reaches a verdict.

    Returns ``None`` when every member ended without a verdict.
    """
    if base < 1 or not growth > 1:
        raise ValueError("a portfolio needs base >= 1 and growth > 1")
    runs: list[Run | None] = [None] * len(members)
    active = list(range(len(members)))
    round_ = 0
    try:
        while active:
            for i in list(active):
                member = members[i]
                share = int(base * member.weight * growth**round_)
                budget.begin_turn(share)
                try:
                    run = runs[i]
                    if run is None:
                        run = runs[i] = member.strategy(budget)
                    next(run)
                except StopIteration as stop:
                    budget.end_turn()
                    verdict: Verdict[Any] | None = stop.value
                    if verdict is not None:
                        return verdict.named(member.name)
                    active.remove(i)
                    runs[i] = None
                    continue
                budget.end_turn()
                # The member yielded: its turn is over, or the turn of this
                # portfolio (when it is itself a member) is, or a limit was reached.
                while budget.paused():
                    yield
            round_ += 1
        return None
    finally:
        for run in runs:
            if run is not None:
                run.close()


def chain(strategies: Iterable[Strategy], budget: Budget) -> Run:
    """Run ``strategies`` one after another until one reaches a verdict.

    ``strategies`` may be a generator: each strategy is then made only when
    its turn comes, so a long ladder whose first rung settles the position
    costs no more than that rung.
    """
    for strategy in strategies:
        verdict = yield from strategy(budget)
        if verdict is not None:
            return verdict
    return None


def capped(strategy: Strategy, budget: Budget, cap: int) -> Run:
    """Run ``strategy`` until it has expanded ``cap`` states of its own, then give up.

    Only the strategy's own expansions count: in a portfolio, the states
    other members expand between its turns do not (a loss prover that must
    not spend more than ``cap`` whatever the others do, say). Returns the
    strategy's verdict, or ``None`` once the cap is reached without one.
    """
    if cap < 1:
        raise ValueError("a cap must be at least 1")
    run = strategy(budget)
    used = 0
    try:
        while True:
            # A turn within the turn around it: the run yields at the cap at
            # the latest, having expanded exactly that many.
            budget.begin_turn(cap - used)
            before = budget.expanded
            try:
                next(run)
            except StopIteration as stop:
                verdict: Verdict[Any] | None = stop.value
                return verdict
            finally:
                budget.end_turn()
            used += budget.expanded - before
            if used >= cap:
                return None
            # Not the cap: the turn around it is over, or a limit was reached.
            while budget.paused():
                yield
    finally:
        run.close()


def screened(screen: Strategy, strategy: Strategy, cap: int) -> Strategy:
    """``strategy``, after ``screen`` has had a try of at most ``cap`` expansions of its own.

    ``screen`` is a cheap complete test run once before the search: a loss
    prover that returns ``LOST`` when it proves the position lost and
    ``None`` when it cannot tell (a verdict it returns is taken as it is,
    so it must be sound, as any strategy's). It runs to its end at once, under
    a share of the budget (:meth:`~.budget.Budget.share`: at most ``cap``
    expansions and never more room than the budget has left).

    What counts. When the screen settles the position, its work is charged
    to the budget (:meth:`~.budget.Budget.charge`): its expansions are then
    the whole proof. When it does not, its work is left out, and
    ``strategy`` runs under the budget exactly as it would alone: the same
    expansions, the same line, the same statistics. So a figure read off
    the statistics of a won position (how many positions the search
    expanded before it found the win, say) does not depend on whether a
    screen ran before it. The work left out is bounded: at most ``cap``
    expansions, so a state or table limit may be exceeded by at most that
    much, by a screen that fails; the clock is common to both (a screen
    stopped by it is charged, so that the solve stops at its next look).
    """
    if cap < 1:
        raise ValueError("a cap must be at least 1")

    def run(budget: Budget) -> Run:
        verdict, _ = within(screen, budget, cap, charge="settled")
        if verdict is not None:
            return verdict
        verdict = yield from strategy(budget)
        return verdict

    return run


def within(
    strategy: Strategy, budget: Budget, cap: int, *, charge: Literal["always", "settled"] = "always"
) -> tuple[Verdict[Any] | None, bool]:
    """Run ``strategy`` to its end at once, under a share of ``budget`` of at most ``cap``
    expansions: its verdict, and whether a limit cut it short.

    For a search made inside another strategy or a hook (a screen before a
    search, a dead-end test that searches a relaxation): it does not wait
    for the turns of a portfolio, and the share
    (:meth:`~.budget.Budget.share`) never has more room than ``budget`` has
    left (no room at all counts as cut short, with no verdict). Its work is
    charged to ``budget`` (:meth:`~.budget.Budget.charge`), or with
    ``charge="settled"`` only when it reached a verdict or the clock stopped
    it (see :func:`screened` for why).
    """
    if cap < 1:
        raise ValueError("a cap must be at least 1")
    sub = budget.share(cap)
    if sub is None:
        return None, True
    verdict = drive(strategy(sub), sub)
    if charge == "always" or verdict is not None or sub.limit is Limit.TIME:
        budget.charge(sub)
    return verdict, sub.limit is not None


def shortened(first: Strategy, exact: Strategy, *, more: int | None = None) -> Strategy:
    """A line by ``first``, then a shortest one by ``exact``, or ``first``'s when a limit
    stops ``exact``.

    ``first`` finds some line quickly (a depth-first search, say); ``exact``
    proves its line shortest (A* with an admissible heuristic) but may take
    far longer, and a limit would otherwise throw a known win away. A lost
    or unknown verdict of ``first`` is final, and so is a line it marks
    shortest itself. Once ``first`` has a line, ``exact`` runs under what
    is left of the budget; ``more``, when given, is a default of the game:
    the state limit is lowered to that many expansions from there
    (:meth:`~.budget.Budget.narrow`). When a limit stops ``exact``, the line
    of ``first`` comes back, not marked shortest, and the result names the
    limit (:meth:`~.budget.Budget.result`), so that a caller knows which to
    raise. ``exact`` runs in the turns of any portfolio around this one.
    """

    def run(budget: Budget) -> Run:
        line = yield from first(budget)
        if line is None or not line.won or line.shortest:
            return line
        if not line.moves:
            return Verdict(True, (), True, line.by)
        if more is not None:
            budget.narrow(more, default=True)
        search = exact(budget)
        try:
            while True:
                try:
                    next(search)
                except StopIteration as stop:
                    found: Verdict[Any] | None = stop.value
                    break
                if budget.limit is not None:
                    # Returning now, not yielding: a run that yields at a
                    # limit ends the solve with no verdict, and this one has
                    # a line.
                    return line
                yield
        finally:
            search.close()
        if found is not None and found.won and len(found.moves) <= len(line.moves):
            return found
        return line

    return run


def named(strategy: Strategy, name: str) -> Strategy:
    """``strategy``, its verdicts named ``name`` (:meth:`~.budget.Verdict.named`): which
    strategy of a composition reached a verdict, for people and records."""

    def run(budget: Budget) -> Run:
        verdict = yield from strategy(budget)
        return None if verdict is None else verdict.named(name)

    return run


def projected(
    strategy: Strategy,
    lift: Callable[[tuple[Any, ...]], Sequence[Any]],
    first: Callable[[tuple[Any, ...]], Sequence[Any]] | None = None,
) -> Strategy:
    """``strategy`` (working on a compact model) with its winning line lifted to real moves.

    ``lift`` turns the model's line into the game's moves; the game's tests
    replay every such line under the game's own rules. Lifting replays the
    line under the game's rules, which can cost more than a small search,
    so the budget's :attr:`Budget.wants_line` is heeded: for the verdict
    alone the won verdict carries no line; for the first move, ``first``
    (when the game gives one) turns the model's line into its first real
    move alone, the very move ``lift`` would start with (the game's tests
    compare the two), and without it the whole line is lifted and cut.
    """

    def run(budget: Budget) -> Run:
        verdict = yield from strategy(budget)
        if verdict is not None and verdict.won:
            wanted = budget.wants_line
            if wanted == "none":
                line: tuple[Any, ...] = ()
            elif wanted == "first" and first is not None:
                line = tuple(first(verdict.moves))
            else:
                line = tuple(lift(verdict.moves))
                if wanted == "first":
                    line = line[:1]
            return Verdict(True, line, verdict.shortest, verdict.by)
        return verdict

    return run
