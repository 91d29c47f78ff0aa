"""Fair odds from above: an upper bound on the best chance of a player who cannot see.

The fair player (:mod:`.players`) gives a lower bound on the fair odds: what
a real non-peeking player wins. The rate with full sight is an upper bound,
and a loose one. This module gives a sound upper bound below it, by
information relaxation with penalties (Brown, Smith and Sun, "Information
relaxations and duality in stochastic dynamic programs", Operations Research
58(4), 2010). The argument, step by step, is in
``docs/design/fair-bounds.md``; in short:

Choose any function W of what the player sees (:class:`Potential`). At each
move that turns a card face up, charge the *penalty* ``c = W(after) -
E[W(after) | what she saw, the move]``, the expectation taken over every
arrangement of the unseen cards, each as likely as any other (exactly: the
shares of :func:`.fair.outcomes`); a move that shows nothing is charged 0. A
player who cannot see chooses her move before the card turns up, so for any
such strategy the penalties add up to 0 on average, and her chance of
winning is the average of ``won - penalties``. Each deal's ``won -
penalties`` is at most the best, over every line of moves from the deal
played with full sight, of the same quantity: the *inner* problem of the
deal, a best-line search over the full-sight positions with a reward on each
move that shows a card (the engine's :func:`~.search.best_path`). So the
average over deals of the inner optimum is an upper bound on every
non-peeking player's chance, the best one's included. W = 0 gives the rate
with full sight; W = the exact fair value gives the fair value itself; the
nearer W is to it, the tighter the bound.

The inner search needs no search where W is the exact fair value V: at a
position with at most ``exact_hidden`` cards hidden a potential's W is V by
definition (:attr:`Potential.exact_hidden`), and there the inner optimum of
every arrangement is V itself (``docs/design/fair-bounds.md``, "Where W is
the fair value"), so such a position is a leaf worth V.

:func:`deal_bound` works out one deal's inner optimum, :func:`exact_bound`
the bound of a position averaged over every arrangement of its hidden cards
(the bound's exact value there, for positions where the fair value is known
too), and :func:`penalties` the penalties along a line a player made (their
mean over many deals is 0 for every non-peeking player, a check of the
construction).

>>> from solitaire_solver import make_game
>>> from solitaire_solver.numbering import parse_deal_number
>>> g = make_game("decade")
>>> start = g.deal(parse_deal_number(3))
>>> won = g.solve(start, SolveRequest.of(g)).won
>>> deal_bound(g, start, potential_for(g, "none")).value == (1 if won else 0)
True
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator, Sequence
from fractions import Fraction
from typing import Any, Protocol

import attrs

from ..errors import BadOptionError
from ..games import Game, Seen
from ..games.seen import Unsettled
from ..request import SolveRequest
from ..search import NO_LIMITS, Limit, Limits, SearchStats, Status
from ..search.bestpath import BestResult, Value, work_out_best
from .fair import Leaves, distinct_orders, exact_values, legal_moves_seen, outcomes


class Potential(Protocol):
    """W: a function of what the player sees, whose changes at the cards turned up are the
    penalties of the bound (see the module docstring).

    ``exact_hidden`` says where W is the exact fair value: at every position
    with at most that many cards hidden (and nowhere else need it be).
    :meth:`value` is W of a position; :meth:`expected` is W's expectation
    after a move, over every arrangement of the unseen cards, exactly.
    Either raises :class:`Unsettled` when a fair value it needs is out of
    reach. ``name`` is how the store's words write it.
    """

    @property
    def name(self) -> str:
        """The potential's name, as the store's words write it."""
        ...

    @property
    def exact_hidden(self) -> int:
        """W is the exact fair value at every position with at most this many hidden."""
        ...

    def value(self, seen: Seen[Any]) -> Value:
        """W of ``seen``."""
        ...

    def expected(self, seen: Seen[Any], move: Any) -> Value:
        """The mean of W over what the player may see after ``move`` from ``seen``."""
        ...


def fair_value(
    game: Game[Any, Any], seen: Seen[Any], request: SolveRequest, leaves: Leaves
) -> Fraction:
    """The exact fair value of ``seen``: won (1) or not (0) with nothing hidden, else the best
    of its moves' exact values (:func:`.fair.exact_values`, or the game's own
    :meth:`~.games.Game.fair_values`); :class:`Unsettled` when a limit stops it."""
    state = game.fill(seen.state, seen.unseen)
    if game.is_won(state):
        return Fraction(1)
    if not seen.hidden:
        found = leaves.verdicts.get(state)
        if found is None:
            r = game.solve(state, request, verdict_only=True)
            if r.status is Status.UNKNOWN:
                raise Unsettled(f"a position with nothing hidden is unsettled at {r.limit}")
            found = leaves.verdicts[state] = r.won
        return Fraction(1 if found else 0)
    fair = game.plan.fair
    # The game's own exact method where the fair hint asks it, under the same cap.
    own = game.fair_values(seen, fair.own_nodes) if seen.hidden <= fair.own_hidden else None
    if own is not None:
        return max(own, default=Fraction(0))
    if not legal_moves_seen(game, seen):
        return Fraction(0)
    got = exact_values(game, seen, request=request, leaves=leaves)
    if got is None:
        raise Unsettled(f"the exact fair value of a position with {seen.hidden} hidden")
    return max(got[0])


@attrs.define
class ExactBelow:
    """W = the exact fair value where at most ``exact_hidden`` cards are hidden, and 0 above:
    the bound of a player who sees every card but the last ``exact_hidden`` to turn up.

    Above the line W is 0, so a move that shows a card there is charged
    nothing unless it crosses into the region below, where it is charged
    ``V(after) - E[V(after)]``: the inner optimum of a deal is the best
    exact value of such a crossing that a player with full sight can reach
    (``docs/design/fair-bounds.md``). The fair values are worked out as
    :func:`fair_value` says, each once (a verdict of a position with nothing
    hidden is kept, a fact of the position; no memo of losses is shared, so
    W of a position never depends on what was worked out before it).
    """

    game: Game[Any, Any]
    exact_hidden: int
    request: SolveRequest
    name: str = "exact"
    leaves: Leaves = attrs.field(factory=lambda: Leaves(lost=None))
    values: dict[Seen[Any], Value] = attrs.field(factory=dict)

    def value(self, seen: Seen[Any]) -> Value:
        """V of ``seen`` with at most ``exact_hidden`` hidden, else 0."""
        if seen.hidden > self.exact_hidden:
            return 0
        got = self.values.get(seen)
        if got is None:
            got = self.values[seen] = fair_value(self.game, seen, self.request, self.leaves)
        return got

    def expected(self, seen: Seen[Any], move: Any) -> Value:
        """The mean of W after ``move``, over :func:`.fair.outcomes`."""
        return sum(
            (share * self.value(after) for after, share in outcomes(self.game, seen, move).items()),
            start=Fraction(0),
        )

    def ceiling(self) -> Value | None:
        """Every inner optimum is at most 1: W is 0 above the region, so the only rewards are
        those of the moves that cross into it, and the best line's worth is a fair value."""
        return 1


@attrs.frozen
class Zero:
    """W = 0: no penalty, and the bound is the rate with full sight. Every reward of the
    inner problem is 0, so a deal's inner optimum is 1 when some line wins it with full
    sight, else 0: the game's own verdict, which :func:`deal_bound` asks its solver for
    (``exact_hidden`` -1: W is nowhere taken for the fair value)."""

    name: str = "none"
    exact_hidden: int = -1

    def value(self, seen: Seen[Any]) -> Value:
        """0 (see the class)."""
        return 0

    def expected(self, seen: Seen[Any], move: Any) -> Value:
        """0 (see the class)."""
        return 0

    def ceiling(self) -> Value:
        """Every inner optimum is at most 1: with no penalty a line is worth won or not."""
        return 1


POTENTIALS = ("none", "exact")
"""The potentials every game has: W = 0 (the rate with full sight), and the exact fair
value where few cards are hidden (:class:`ExactBelow`); a game may add its own
(:meth:`~.games.Game.bound_potential`)."""


def potential_for(
    game: Game[Any, Any],
    name: str,
    exact_hidden: int | None = None,
    request: SolveRequest | None = None,
    max_nodes: int | None = None,
) -> Potential:
    """The potential ``name`` of ``game``: the game's own when it has one by that name
    (:meth:`~.games.Game.bound_potential`), else one of :data:`POTENTIALS`.
    ``exact_hidden`` defaults to the game's (:meth:`~.games.Game.bound_default`);
    ``request`` is that of the solves of positions with nothing hidden (the plan's
    sample request by default); ``max_nodes`` caps the states a game's own exact values
    expand, each (beyond, :class:`Unsettled`; the general ones keep the fair plan's cap).
    """
    hidden = game.bound_default()[1] if exact_hidden is None else exact_hidden
    if hidden < 0:
        raise BadOptionError(f"exact_hidden must be at least 0, not {hidden}")
    if max_nodes is not None and max_nodes < 1:
        raise BadOptionError(f"max_nodes must be at least 1, not {max_nodes}")
    own = game.bound_potential(name, hidden, max_nodes)
    if own is not None:
        potential: Potential = own
        return potential
    if name == "none":
        return Zero()
    if name == "exact":
        req = SolveRequest.samples(game) if request is None else request.for_game(game)
        return ExactBelow(game, hidden, req)
    known = ", ".join((*POTENTIALS, *game.bound_potentials))
    raise BadOptionError(f"unknown penalty {name!r} for {game.preset} (known: {known})")


@attrs.define
class InnerProblem:
    """A deal's inner problem for the best-line search (:mod:`~.search.bestpath`): the
    full-sight positions from it, each move rewarded with minus its penalty.

    A won position is a leaf worth 1; a position with at most
    ``potential.exact_hidden`` cards hidden a leaf worth W (the fair value
    there). Every legal move is followed (none is left out as a search for a
    win may: a move that keeps every win may still change what W charges).
    Positions are their own keys: within one deal, what the player sees
    fixes the position, so the key adds nothing, and a game's keys, which
    treat alike positions that differ only in what no rule tells apart,
    may tell apart what W does not. A potential may give a ceiling on every
    inner optimum (:meth:`ExactBelow.ceiling`), which the search uses to
    stop early.
    """

    game: Game[Any, Any]
    potential: Potential
    seen_of: dict[Any, Seen[Any]] = attrs.field(factory=dict)
    top: Value | None = None

    def __attrs_post_init__(self) -> None:
        self.top = ceiling_of(self.potential)

    def seen(self, state: Any) -> Seen[Any]:
        """What the player sees of ``state``, worked out once."""
        got = self.seen_of.get(state)
        if got is None:
            got = self.seen_of[state] = self.game.seen(state)
        return got

    def end(self, state: Any) -> Value | None:
        """1 when won; W (the exact fair value) with at most ``exact_hidden`` hidden."""
        if self.game.is_won(state):
            return 1
        seen = self.seen(state)
        if seen.hidden <= self.potential.exact_hidden:
            return self.potential.value(seen)
        return None

    def moves(self, state: Any) -> list[Any]:
        """Every legal move."""
        return self.game.legal_moves(state)

    def step(self, state: Any, move: Any) -> tuple[Any, Value]:
        """The position after ``move``, and minus the move's penalty."""
        child = self.game.apply(state, move)
        before, after = self.seen(state), self.seen(child)
        if after.hidden == before.hidden:
            return child, 0
        return child, self.potential.expected(before, move) - self.potential.value(after)

    def key(self, state: Any) -> Hashable:
        """The position itself."""
        return state  # type: ignore[no-any-return]

    def ceiling(self, state: Any) -> Value | None:
        """The potential's ceiling on every inner optimum, if it gives one."""
        return self.top


def deal_bound(
    game: Game[Any, Any],
    start: Any,
    potential: Potential,
    limits: Limits = NO_LIMITS,
    request: SolveRequest | None = None,
) -> BestResult[Any]:
    """The inner optimum of one deal (or any position with every card known): the best,
    over every line of moves from ``start``, of won minus the penalties of ``potential``.

    ``limits`` bound the positions the search expands. With W = 0
    (:class:`Zero`) the optimum is the deal's verdict with full sight, which
    the game's solver gives under ``request`` (by default the preset's
    limits); its statistics are the solve's.

    A limit never leaves a guess. The bound needs, for every deal, a number
    at least the deal's inner optimum (their mean is then at least the mean
    of the optima, itself at least the fair odds: ``docs/design/fair-bounds.md``,
    step 5); a line found before the limit gives a number at most the
    optimum, the wrong side, so it is never used. When the search stops at a
    limit, or a fair value W needs is out of reach (:class:`Unsettled`),
    the result holds the potential's ceiling (:func:`ceiling_of`), a number
    every inner optimum is at most, with the ``limit`` that stopped it (a
    fair value out of reach stopped at the fair plan's node limit, a limit
    on states): a looser bound for that deal, still sound. A potential
    without a ceiling gives no value then (``None``, or :class:`Unsettled`
    raised), and the deal is unknown.
    """
    top = ceiling_of(potential)
    try:
        if isinstance(potential, Zero):
            r = game.solve(start, SolveRequest.of(game) if request is None else request)
            value = None if r.status is Status.UNKNOWN else (1 if r.won else 0)
            found: BestResult[Any] = BestResult(value, r.stats, r.limit)
        else:
            found = work_out_best(InnerProblem(game, potential), start, limits)
    except Unsettled:
        if top is None:
            raise
        return BestResult(top, SearchStats(), Limit.STATES)
    if found.value is None:
        return BestResult(top, found.stats, found.limit)
    return found


def float_above(value: Value) -> float:
    """The least float at least ``value``: an exact fraction rounded up, never down, so that
    a deal's number stays on the bound's side (a float, or an int, as it is).

    >>> float_above(Fraction(1, 3)) > Fraction(1, 3) > float(Fraction(1, 3))
    True
    """
    x = float(value)
    if isinstance(value, Fraction) and x < value:
        x = math.nextafter(x, math.inf)
    return x


def ceiling_of(potential: Potential) -> Value | None:
    """A number every inner optimum of ``potential`` is at most, when it gives one
    (``ceiling()``), else ``None``."""
    top = getattr(potential, "ceiling", None)
    return None if top is None else top()


def exact_bound(game: Game[Any, Any], seen: Seen[Any], potential: Potential) -> Fraction:
    """The bound at ``seen`` exactly: the inner optimum averaged over every arrangement of
    its unseen cards (:func:`.fair.distinct_orders`, each as likely as any other).

    For small positions only: one inner search per arrangement.
    """
    total = Fraction(0)
    count = 0
    for order in distinct_orders(seen.unseen):
        r = deal_bound(game, game.fill(seen.state, order), potential)
        assert r.value is not None  # no limits
        total += Fraction(r.value)
        count += 1
    return total / count


def penalties(
    game: Game[Any, Any], start: Any, moves: Sequence[Any], potential: Potential
) -> Iterator[Value]:
    """The penalty of each move of the line ``moves`` from ``start`` (0 for a move that shows
    nothing): ``W(after) - E[W(after)]``, as the bound charges it."""
    state = start
    seen = game.seen(state)
    for move in moves:
        state = game.apply(state, move)
        after = game.seen(state)
        if after.hidden == seen.hidden:
            yield 0
        else:
            yield potential.value(after) - potential.expected(seen, move)
        seen = after


@attrs.frozen
class UpperBound:
    """The upper bound's run over many deals (``stats --player upper``): its potential by
    name (``penalty``, :func:`potential_for`) and where W is exact (``exact_hidden``),
    each ``None`` until :meth:`for_game` writes in the game's default
    (:meth:`~.games.Game.bound_default`). ``str()`` gives the words a store keeps.

    Not a player: it plays no game, and works out each deal's inner optimum
    (:func:`deal_bound`), whose mean over the deals is the bound. It stands
    where the players stand in a run (the store keys its rows by its words).
    """

    penalty: str | None = None
    exact_hidden: int | None = None

    kind = "upper"
    """What a run calls it, beside the players' kinds."""

    def __attrs_post_init__(self) -> None:
        if self.exact_hidden is not None and self.exact_hidden < 0:
            raise BadOptionError(f"exact hidden must be at least 0, not {self.exact_hidden}")

    def for_game(self, game: Game[Any, Any]) -> UpperBound:
        """This bound with what it leaves to the game written in, its penalty checked."""
        name, hidden = game.bound_default()
        out = UpperBound(
            self.penalty or name, hidden if self.exact_hidden is None else self.exact_hidden
        )
        known = (*POTENTIALS, *game.bound_potentials)
        if out.penalty not in known:
            raise BadOptionError(
                f"unknown penalty {out.penalty!r} for {game.preset} (known: {', '.join(known)})"
            )
        potential_for(game, out.penalty or "none", out.exact_hidden)  # its own checks, now
        return out

    def potential(self, game: Game[Any, Any], limits: Limits = NO_LIMITS) -> Potential:
        """The potential of this bound for ``game`` (its defaults written in); a run's
        ``limits`` cap, with their ``max_states``, the states each exact value it works out
        may expand (:func:`potential_for`'s ``max_nodes``)."""
        resolved = self.for_game(game)
        return potential_for(
            game,
            resolved.penalty or "none",
            resolved.exact_hidden,
            max_nodes=limits.max_states,
        )

    def __str__(self) -> str:
        words = ["upper"]
        if self.penalty is not None:
            words.append(f"penalty={self.penalty}")
        if self.exact_hidden is not None and self.penalty not in (None, "none"):
            words.append(f"hidden={self.exact_hidden}")
        return " ".join(words)

    @classmethod
    def parse(cls, text: str) -> UpperBound:
        """The bound of the words :meth:`__str__` writes (``upper penalty=exact hidden=10``)."""
        kind, *words = text.split()
        if kind != "upper":
            raise BadOptionError(f"not an upper bound's words: {text!r}")
        fields: dict[str, Any] = {}
        for w in words:
            name, _, value = w.partition("=")
            if name == "penalty" and value:
                fields["penalty"] = value
            elif name == "hidden" and value.isdigit():
                fields["exact_hidden"] = int(value)
            else:
                raise BadOptionError(f"bad word {w!r} in {text!r}")
        return cls(**fields)
