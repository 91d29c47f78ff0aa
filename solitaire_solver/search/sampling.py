"""Sampling: a move's chance estimated over random determinisations of what is hidden.

Where part of a position is hidden, a *determinisation* is one way the
hidden part may be, drawn at random. A :class:`SamplingProblem` draws one
from a random source, settles it before any move (won, lost or unsettled:
a determinisation lost before the move is lost after every one), and
settles it after each candidate move, with full sight. Over K of them, a
move's estimate is the share won after it (:class:`Tally`), with a band
that runs from the low end of its wins' confidence interval to the high
end of its wins' and unsettled determinisations' together: the chance is
at least the one and at most the other, whatever the unsettled ones would
have given. The interval (Wilson's, say) is the caller's
(:data:`Interval`).

The determinisations are drawn first, all K in one order
(:func:`draw_samples`), so the problem may look at all of them before any is
settled (which moves are alike in every one, say); :func:`tally_samples` then
settles them, in batches with a stopping rule between batches
(:func:`told_apart`, or the problem's own), and :func:`sampled_choice` finds the
move of most wins with fewer searches. Every figure after n
determinisations is the one the first n give in a longer run.

How many determinisations are drawn, in what batches and under what limits,
and when the exact expectimax (:func:`~.expectimax.work_out`) takes over
from sampling, is a :class:`FairPlan`: each game's plan holds one
(:attr:`~.plan.Plan.fair`), for its fair hint and fair player.

>>> import random
>>> from solitaire_solver.maths import wilson_interval
>>> from solitaire_solver.search import Status
>>> class Die:
...     '''A hidden die: "high" wins on 4 to 6, "six" on a 6 alone.'''
...     def draw(self, rng):
...         return rng.randint(1, 6)
...     def before(self, roll):
...         return Status.WON
...     def after(self, roll, i):
...         won = roll >= 4 if i == 0 else roll == 6
...         return (Status.WON if won else Status.LOST), True
>>> rolls = draw_samples(Die(), random.Random(1), 32)
>>> t = tally_samples(Die(), rolls, 2, batch=8, stop=told_apart(wilson_interval))
>>> t.used < 32, t.wins[0] > t.wins[1]
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

import attrs

from .result import Limits, Status

S = TypeVar("S")


class SamplingProblem(Protocol[S]):
    """What sampling needs of a problem: determinisations, and their verdicts.

    The candidate moves are numbered from 0; a determinisation (of any
    type) holds whatever its verdicts need, a memo of its searches say.
    """

    def draw(self, rng: random.Random) -> S:
        """One determinisation, drawn from ``rng`` (every draw from it alone)."""
        ...

    def before(self, sample: S) -> Status:
        """The verdict of ``sample`` before any move, with full sight
        (:attr:`~.Status.UNKNOWN`: unsettled); asked once a sample."""
        ...

    def after(self, sample: S, i: int) -> tuple[Status, bool]:
        """The verdict of ``sample`` after move ``i`` (``sample`` not lost before it), and
        whether it took a search (a verdict known already takes none)."""
        ...


StopRule = Callable[["Tally"], bool]
"""A stopping rule: whether the figures so far are enough, asked between batches."""

Interval = Callable[[int, int], tuple[float, float]]
"""A confidence interval of a share: its low and high ends for so many successes of so
many trials."""


@attrs.define
class Tally:
    """Each move's figures over the first :attr:`used` determinisations: the ones won after
    it (``wins``) and the ones left unsettled (``unknown``), and the searches they took."""

    wins: list[int]
    unknown: list[int]
    used: int = 0
    solves: int = 0

    @classmethod
    def of(cls, moves: int) -> Tally:
        """Nothing tallied yet for ``moves`` moves."""
        return cls([0] * moves, [0] * moves)

    def value(self, i: int) -> float:
        """Move ``i``'s share of wins, the unsettled determinisations counted as lost."""
        return self.wins[i] / self.used if self.used else 0.0

    def band(self, i: int, interval: Interval) -> tuple[float, float]:
        """Move ``i``'s band: the low end of ``interval`` over its wins, and the high end
        over its wins and unsettled determinisations (as if every unsettled one were won)."""
        low = interval(self.wins[i], self.used)[0]
        high = interval(self.wins[i] + self.unknown[i], self.used)[1]
        return low, high

    def apart(self, best: int, others: Sequence[int], interval: Interval) -> bool:
        """Whether move ``best``'s band lies wholly above each of ``others``' (its low
        above their highs): an overlap is a tie, so the test errs towards a tie."""
        low = self.band(best, interval)[0]
        return all(self.band(j, interval)[1] < low for j in others)


def told_apart(interval: Interval, twins: Sequence[Sequence[int]] = ()) -> StopRule:
    """The stopping rule "the best move is told apart from every other".

    The best is the first move of the most wins; it is told apart when its
    band lies above every other move's (:meth:`Tally.apart`, by
    ``interval``) but its
    ``twins`` (moves with one verdict in every determinisation, which no
    count can separate). Moves of equal wins are never told apart, so which
    of them is the best changes nothing.
    """

    def stop(t: Tally) -> bool:
        moves = range(len(t.wins))
        if not moves:
            return False
        best = max(moves, key=lambda i: (t.wins[i], -i))
        alike = set(twins[best]) if twins else set()
        return t.apart(best, [j for j in moves if j != best and j not in alike], interval)

    return stop


def draw_samples(problem: SamplingProblem[S], rng: random.Random, samples: int) -> list[S]:
    """``samples`` determinisations of ``problem``, drawn from ``rng`` one after another."""
    return [problem.draw(rng) for _ in range(samples)]


def _open(whole: Status, skip_unsettled: bool) -> bool:
    """Whether a determinisation of verdict ``whole`` before any move is settled after
    each move: not when it is lost (so is every position after a move), nor, with
    ``skip_unsettled``, when it is unsettled (it counts as unsettled after every move)."""
    if whole is Status.LOST:
        return False
    return not (skip_unsettled and whole is Status.UNKNOWN)


def tally_samples(
    problem: SamplingProblem[S],
    drawn: Sequence[S],
    moves: int,
    *,
    batch: int | None = None,
    stop: StopRule | None = None,
    skip_unsettled: bool = False,
    counted: Callable[[int, int], None] | None = None,
) -> Tally:
    """The figures of ``moves`` moves over ``drawn``, settled in order.

    Each determinisation is settled before any move, then after every move
    (:func:`_open` says when not). With ``batch``, ``batch`` of them at a
    time, and ``stop`` asked after each batch: the tally ends there when it
    says so, else when every one is used. ``counted`` is told
    ``(done, len(drawn))`` at the start and as each is settled.
    """
    t = Tally.of(moves)
    if counted is not None:
        counted(0, len(drawn))
    while True:
        chunk = drawn[t.used : t.used + batch] if batch else drawn
        # One determinisation at a time, before the move then after every
        # move: the count done moves on steadily.
        for done, d in enumerate(chunk, t.used + 1):
            whole = problem.before(d)
            t.solves += 1
            if not _open(whole, skip_unsettled):
                if whole is Status.UNKNOWN:
                    t.unknown = [u + 1 for u in t.unknown]
            else:
                for i in range(moves):
                    status, solved = problem.after(d, i)
                    t.solves += solved
                    if status is Status.WON:
                        t.wins[i] += 1
                    elif status is Status.UNKNOWN:
                        t.unknown[i] += 1
            if counted is not None:
                counted(done, len(drawn))
        t.used += len(chunk)
        if t.used >= len(drawn) or (stop is not None and stop(t)):
            return t


def settle_samples(problem: SamplingProblem[S], drawn: Sequence[S]) -> list[Status]:
    """The verdict of each of ``drawn`` before any move, in order."""
    return [problem.before(d) for d in drawn]


def sampled_choice(
    problem: SamplingProblem[S],
    drawn: Sequence[S],
    wholes: Sequence[Status],
    rank: Mapping[int, tuple[int, ...]],
    *,
    skip_unsettled: bool = False,
) -> tuple[int, int]:
    """The move of ``rank``'s (its keys are the candidates) with the most wins over
    ``drawn`` (settled before any move as ``wholes`` say), then the highest ``rank``; and
    the searches it took after the moves.

    :func:`tally_samples` settles every move in every determinisation; a choice
    needs only the best. The moves are worked out one at a time, the
    highest ranked first (most often the best, when ``rank`` leads with
    what the problem expects of them). A move's wins can grow by at most
    the determinisations left that are open after a move (:func:`_open`),
    so once its best possible (wins, rank) falls below the best found so
    far it is settled no further. A move's figures do not depend on the
    others', so the choice is :func:`tally_samples`'s best by the same order.
    """
    open_samples = [d for d, w in zip(drawn, wholes, strict=True) if _open(w, skip_unsettled)]
    best: tuple[int, ...] | None = None
    chosen = next(iter(rank))
    solves = 0
    for i in sorted(rank, key=lambda i: rank[i], reverse=True):
        wins = 0
        for done, d in enumerate(open_samples):
            if best is not None and (wins + len(open_samples) - done, *rank[i]) < best:
                break
            status, solved = problem.after(d, i)
            solves += solved
            wins += status is Status.WON
        else:
            if best is None or (wins, *rank[i]) > best:
                best, chosen = (wins, *rank[i]), i
    return chosen, solves


SAMPLE_LIMITS = Limits(max_states=200_000)
"""The limits of each determinisation's exact solve, by default (a :class:`FairPlan`'s
``limits``)."""


@attrs.frozen
class FairPlan:
    """The numbers of a choice where part of the position is hidden: the determinisations
    drawn and their limits, and the thresholds and limits of the exact expectimax.

    Sampling: ``samples`` is K, the determinisations drawn by default
    (:func:`draw_samples`), and ``most_samples`` the most a caller may ask
    for; a quick estimate settles them ``batch`` at a time with a stopping
    rule between batches (:func:`tally_samples`). ``limits`` bound the exact
    solve of each determinisation (one they leave unsettled counts apart,
    never as a win: :class:`Tally`). With at most ``exact_hidden`` items
    hidden, the exact expectimax (:func:`~.expectimax.work_out`) gives the
    values instead, visiting at most ``exact_nodes`` nodes along lines of at
    most ``exact_depth`` moves, and the moves alike in every order of the
    hidden items (twins) are found over at most ``twin_orders`` of those
    orders. A problem with an exact method of its own (a game's
    :meth:`~solitaire_solver.games.Game.fair_values`: Decade's) runs it
    first with at most ``own_hidden`` items hidden (0: never), visiting at
    most ``own_nodes`` nodes before the general methods.

    The fair hint and the fair player are what use these numbers (each
    preset's plan holds its own, :attr:`~.plan.Plan.fair`); :meth:`lines`
    words them as a plan prints them.
    """

    samples: int = 64
    most_samples: int = 10_000
    batch: int = 16
    exact_hidden: int = 5
    exact_nodes: int = 20_000
    exact_depth: int = 200
    twin_orders: int = 720
    limits: Limits = SAMPLE_LIMITS
    own_hidden: int = 0
    own_nodes: int = 20_000

    def __attrs_post_init__(self) -> None:
        names = ("samples", "most_samples", "batch", "exact_nodes", "exact_depth", "own_nodes")
        for name in names:
            if getattr(self, name) < 1:
                raise ValueError(f"fair {name}: expected at least 1, not {getattr(self, name)}")
        for name in ("exact_hidden", "twin_orders", "own_hidden"):
            if getattr(self, name) < 0:
                raise ValueError(f"fair {name}: expected at least 0, not {getattr(self, name)}")
        if self.samples > self.most_samples:
            raise ValueError(
                f"fair samples: {self.samples:,} is more than most_samples {self.most_samples:,}"
            )

    def lines(self) -> list[str]:
        """The numbers for people, two lines (three with a problem's own exact method), under
        the name of their user, the fair hint."""
        out = [
            f"fair hint  {self.samples:,} samples (at most {self.most_samples:,}, "
            f"{self.batch:,} a batch), each solved under {self.limits.text()}",
            f"    exact with at most {self.exact_hidden} hidden: {self.exact_nodes:,} "
            f"positions, {self.exact_depth:,} moves deep, twins over {self.twin_orders:,} orders",
        ]
        if self.own_hidden:
            out.append(
                f"    the game's own exact method first with at most {self.own_hidden} hidden: "
                f"{self.own_nodes:,} positions"
            )
        return out

    def as_json(self) -> dict[str, Any]:
        """The numbers as a JSON object (a plan's ``fair``)."""
        out: dict[str, Any] = {k: v for k, v in attrs.asdict(self, recurse=False).items()}
        out["limits"] = self.limits.as_json()
        return out


DEFAULT_FAIR = FairPlan()
"""The default numbers: a plan's ``fair`` when it gives none (every preset's but Decade's)."""
