"""A solver's plan as data: which strategies run, with which numbers, in what shares.

A game's solver is a composition of the engine's strategies and its own
exact plug-ins. The *plan* says which, as a value that prints, compares and
can be changed for an experiment, and :func:`compose` turns it into the
strategy a solve runs:

- :class:`PlanMember`: a named strategy with its parameters (beam widths,
  seeds, a first allowance...), its weight (its share of the budget in the
  portfolio's turns; 0 leaves it out) and an optional :class:`Cap` of its
  own expansions;
- :class:`Screen`: a cheap complete test (a loss prover) run once before
  the members, under a cap of its own (:func:`~.portfolio.screened`);
- :class:`Shortest`: how a shortest solve looks for a shorter line once the
  members have one (:func:`compose_shortest`);
- :class:`Plan`: the members, the screens, the portfolio's first turn and
  growth, and, for a game whose difficulty figure needs a search of its
  own, that search (``difficulty``); beside them, the numbers of the
  game's other searches: sampling's and the exact expectimax's
  (``fair``, a :class:`~.sampling.FairPlan`) and a check's limits
  (``checks``).

The numbers live in the plan; the game gives, for one start, a registry of
*factories* by name: a factory takes a member's parameters as keyword
arguments and returns its strategy (or ``None`` when the member does not
apply to that start: an exact method for the last pass only, say). The
names of the members are the names a result gives in
:attr:`~.result.SolveResult.settled_by`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from .budget import Budget, Run, Strategy, Verdict
from .portfolio import (
    DEFAULT_BASE,
    DEFAULT_GROWTH,
    Member,
    capped,
    named,
    portfolio,
    screened,
    shortened,
)
from .result import NO_LIMITS, Limits
from .sampling import DEFAULT_FAIR, FairPlan

Params = tuple[tuple[str, Any], ...]
"""A member's parameters: ``(name, value)`` pairs, values plain data (numbers, words,
tuples of them)."""

Factory = Callable[..., "Strategy | None"]
"""Makes a member's strategy from its parameters (keyword arguments); ``None`` when the
member does not apply to the start the factory was made for."""


def _params(value: Mapping[str, Any] | Iterable[tuple[str, Any]]) -> Params:
    """Parameters as a tuple of pairs, in the order given (so that a plan stays hashable)."""
    items = value.items() if isinstance(value, Mapping) else value
    return tuple((str(k), v) for k, v in items)


def show_value(value: Any) -> str:
    """A parameter's value for people: whole numbers with thousands separators."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, tuple):
        return "(" + ", ".join(show_value(v) for v in value) + ")"
    return str(value)


def _weight(value: float) -> str:
    """A weight as people read it: ``1``, ``1/512``."""
    if value > 0 and value < 1 and (1 / value).is_integer():
        return f"1/{int(1 / value)}"
    return f"{value:g}"


def json_value(value: Any) -> Any:
    """A parameter's value for JSON (tuples as lists)."""
    return [json_value(v) for v in value] if isinstance(value, tuple) else value


@attrs.frozen
class Cap:
    """A cap on a member's own expansions (counted across its turns: :func:`~.portfolio.capped`).

    ``states`` is the cap; with ``share``, a states limit larger than
    ``states / share`` raises it to that share of the limit (a caller who
    allows more states gives the member more in the same proportion), and
    with no states limit at all (a timeout alone) the member has no cap.
    """

    states: int
    share: float | None = None

    def __attrs_post_init__(self) -> None:
        if self.states < 1:
            raise ValueError(f"a cap must be at least 1 state, not {self.states}")
        if self.share is not None and not 0 < self.share <= 1:
            raise ValueError(f"a cap's share must be more than 0 and at most 1, not {self.share}")

    def for_limits(self, limits: Limits) -> int | None:
        """The cap under ``limits`` (``None``: no cap)."""
        if self.share is None:
            return self.states
        if limits.max_states is None:
            return None
        return max(self.states, int(limits.max_states * self.share))

    def text(self) -> str:
        """``35,000,000 states, or 0.25 of a larger states limit``."""
        out = f"{self.states:,} states"
        if self.share is not None:
            out += f", or {self.share:g} of a larger states limit"
        return out

    def as_json(self) -> dict[str, Any]:
        """The cap as a JSON object."""
        return {"states": self.states, "share": self.share}


@attrs.frozen
class PlanMember:
    """A member of a plan: a named strategy, its parameters, its weight and its cap.

    ``factory`` is the name of the game's factory that makes it (the
    member's own name by default, so that two members can be one factory
    with other parameters). ``weight`` is its share of the budget in the
    portfolio (0 leaves it out); ``cap``, when given, bounds its own
    expansions. ``when`` says, for people, where the member applies when
    not everywhere (its factory decides: ``"on the last pass"``).
    """

    name: str
    weight: float = 1.0
    params: Params = attrs.field(default=(), converter=_params)
    cap: Cap | None = None
    factory: str | None = None
    when: str | None = None

    def __attrs_post_init__(self) -> None:
        if not self.weight >= 0:
            raise ValueError(f"member {self.name!r}: weight must be at least 0, not {self.weight}")

    @property
    def maker(self) -> str:
        """The name of the factory that makes this member."""
        return self.factory or self.name

    def param(self, name: str) -> Any:
        """The value of parameter ``name``."""
        for k, v in self.params:
            if k == name:
                return v
        raise KeyError(f"member {self.name!r} has no parameter {name!r}")

    def text(self) -> str:
        """One line: name, weight, cap, then the parameters."""
        out = f"{self.name}  weight {_weight(self.weight)}"
        if self.cap is not None:
            out += f", cap {self.cap.text()}"
        if self.factory:
            out += f", as {self.factory}"
        if self.when:
            out += f" ({self.when})"
        return out

    def as_json(self) -> dict[str, Any]:
        """The member as a JSON object."""
        return {
            "name": self.name,
            "factory": self.maker,
            "weight": self.weight,
            "cap": None if self.cap is None else self.cap.as_json(),
            "params": {k: json_value(v) for k, v in self.params},
            "when": self.when,
        }


@attrs.frozen
class Screen:
    """A cheap complete test run before the members, under at most ``cap`` expansions.

    See :func:`~.portfolio.screened`: its work counts only when it settles
    the position.
    """

    name: str
    cap: int
    params: Params = attrs.field(default=(), converter=_params)
    factory: str | None = None

    def __attrs_post_init__(self) -> None:
        if self.cap < 1:
            raise ValueError(f"screen {self.name!r}: a cap must be at least 1, not {self.cap}")

    @property
    def maker(self) -> str:
        """The name of the factory that makes this screen."""
        return self.factory or self.name

    def as_json(self) -> dict[str, Any]:
        """The screen as a JSON object."""
        return {
            "name": self.name,
            "factory": self.maker,
            "cap": self.cap,
            "params": {k: json_value(v) for k, v in self.params},
        }


def _limits_when(
    pairs: Iterable[tuple[Mapping[str, Any] | Iterable[tuple[str, Any]], Limits]],
) -> tuple[tuple[Params, Limits], ...]:
    """A plan's ``limits_when`` as pairs of knob values (as parameters) and limits."""
    return tuple((_params(knobs), limits) for knobs, limits in pairs)


A_STAR = PlanMember("A*", factory="a-star")
"""The shortest solve's member of a game that names no other: the engine's A* over the
game's positions (:func:`~.astar.best_first`, a shortest line with the game's admissible
heuristic), made by the game's ``a-star`` factory."""


@attrs.frozen
class Shortest:
    """The shortest solve's section of a plan: how a shortest line is searched for.

    A shortest solve runs the plan's members for a line first, then the
    section's ``members`` (made by the game's factories, like the plan's,
    after the plan's screens; :func:`compose_shortest`) look for a shorter
    one: each proves its line shortest (A* with an admissible heuristic,
    say), and a limit that stops them leaves the first line, not marked
    shortest. With ``every_win`` there is no second search: every win of
    the game is a shortest one (one move a card, say), so the first line
    is marked shortest. ``states``, when the caller sets no limit, bounds
    the states the second search may expand once there is a line
    (``None``: only the default limits bound it; see
    :meth:`~solitaire_solver.games.base.Game.solve`).
    """

    states: int | None = None
    members: tuple[PlanMember, ...] = (A_STAR,)
    every_win: bool = False

    def __attrs_post_init__(self) -> None:
        if self.states is not None and self.states < 1:
            raise ValueError(f"shortest states: expected at least 1, not {self.states}")
        if self.every_win and self.members:
            raise ValueError("shortest: every win is a shortest one, so no member searches")
        if not self.every_win and not any(m.weight > 0 for m in self.members):
            raise ValueError("shortest: a member of weight more than 0 is needed, or every_win")
        names = [m.name for m in self.members]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(f"shortest: the section names {name!r} twice")

    def lines(self) -> list[str]:
        """The section for people: what a shortest solve runs after the line, and its bound."""
        if self.every_win:
            return ["shortest  every win is a shortest one: the line is marked so"]
        out = ["shortest  after the members' line, a search for a shorter one"]
        if self.states is not None:
            out[0] += f" of at most {self.states:,} states more"
        for m in self.members:
            out.append(f"    member {m.text()}")
            out += [f"        {k} = {show_value(v)}" for k, v in m.params]
        return out

    def as_json(self) -> dict[str, Any]:
        """The section as a JSON object."""
        return {
            "states": self.states,
            "every_win": self.every_win,
            "members": [m.as_json() for m in self.members],
        }


CHECK_LIMITS = Limits(max_states=200_000)
"""The limits of a check by default (a plan's ``checks``): a solve that says only whether a
position can still be won (:attr:`~solitaire_solver.request.Purpose.CHECK`, the one after each
move of a game in play). Short, so that the answer comes at once (a fraction of a second to
about a second, depending on the game); most positions settle well within it."""


_KEEP: Any = object()


@attrs.frozen
class Plan:
    """A solver as data: members in a portfolio, screens before them, and their numbers.

    ``base`` and ``growth`` are the portfolio's (:func:`~.portfolio.portfolio`:
    a member of weight 1 expands up to ``base`` states in the first round,
    ``growth`` times more each round). A plan with one member (of weight
    more than 0, and that applies) runs it alone, with no turns.
    ``difficulty``, when given, is a search the game runs after a won solve
    to measure the deal's difficulty (a game whose solver is not a search:
    see its :meth:`~solitaire_solver.games.base.Game.difficulty`), with its
    cap as its states limit. ``fair`` holds the numbers of sampling and
    of the exact expectimax where part of a position is hidden
    (:class:`~.sampling.FairPlan`: the fair hint's and player's), and
    ``checks`` the limits of a check (:data:`CHECK_LIMITS`: the search after
    each move of a game in play). ``limits`` are the limits a solve
    works under when the caller sets none, or the first of ``limits_when``
    whose knobs all match the rules (pairs of knob values and limits);
    ``shortest`` is the shortest solve's section (:class:`Shortest`).
    """

    members: tuple[PlanMember, ...]
    screens: tuple[Screen, ...] = ()
    base: int = DEFAULT_BASE
    growth: float = DEFAULT_GROWTH
    difficulty: PlanMember | None = None
    fair: FairPlan = DEFAULT_FAIR
    checks: Limits = CHECK_LIMITS
    limits: Limits = NO_LIMITS
    limits_when: tuple[tuple[Params, Limits], ...] = attrs.field(default=(), converter=_limits_when)
    shortest: Shortest = Shortest()

    def __attrs_post_init__(self) -> None:
        names = [m.name for m in self.members] + [s.name for s in self.screens]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(f"a plan names {name!r} twice")
        if not any(m.weight > 0 for m in self.members):
            raise ValueError("a plan needs a member of weight more than 0")
        if self.base < 1 or not self.growth > 1:
            raise ValueError("a plan needs base >= 1 and growth > 1")

    def limits_for(self, rules: Any) -> Limits:
        """The default limits of a solve under ``rules`` (a rules value with the knobs
        :attr:`limits_when` names)."""
        for knobs, limits in self.limits_when:
            if all(getattr(rules, k) == v for k, v in knobs):
                return limits
        return self.limits

    def member(self, name: str) -> PlanMember:
        """The member called ``name``; ``ValueError`` naming the members when there is none."""
        for m in self.members:
            if m.name == name:
                return m
        known = ", ".join(m.name for m in self.members)
        raise ValueError(f"no member {name!r} in the plan (its members: {known})")

    def screen(self, name: str) -> Screen:
        """The screen called ``name``; ``ValueError`` naming the screens when there is none."""
        for s in self.screens:
            if s.name == name:
                return s
        known = ", ".join(s.name for s in self.screens) or "none"
        raise ValueError(f"no screen {name!r} in the plan (its screens: {known})")

    def replace(self, **changes: Any) -> Plan:
        """A copy with fields of the plan replaced (``base``, ``members``...)."""
        return attrs.evolve(self, **changes)

    def with_member(
        self,
        name: str,
        *,
        weight: float | None = None,
        cap: Cap | None = _KEEP,
        **params: Any,
    ) -> Plan:
        """A copy with member ``name`` changed: its weight, its cap, and parameters given as
        keywords (each must be one it has)."""
        old = self.member(name)
        for k in params:
            old.param(k)  # raises for a parameter the member does not have
        new = attrs.evolve(
            old,
            weight=old.weight if weight is None else weight,
            cap=old.cap if cap is _KEEP else cap,
            params=tuple((k, params.get(k, v)) for k, v in old.params),
        )
        return self.replace(members=tuple(new if m.name == name else m for m in self.members))

    def without(self, name: str) -> Plan:
        """A copy with member or screen ``name`` left out."""
        if any(s.name == name for s in self.screens):
            return self.replace(screens=tuple(s for s in self.screens if s.name != name))
        self.member(name)
        return self.replace(members=tuple(m for m in self.members if m.name != name))

    def lines(self) -> list[str]:
        """The plan for people, a line each: screens, members with their parameters, and
        the portfolio's numbers."""
        out = []
        for s in self.screens:
            out.append(f"screen {s.name}  cap {s.cap:,} states")
            out += [f"    {k} = {show_value(v)}" for k, v in s.params]
        active = [m for m in self.members if m.weight > 0]
        if len(active) > 1:
            turn = f"first turn {self.base:,} states a weight, growth {self.growth:g}"
            out.append(f"portfolio of the members that apply  {turn}")
        for m in self.members:
            out.append(f"member {m.text()}")
            out += [f"    {k} = {show_value(v)}" for k, v in m.params]
        if self.difficulty is not None:
            d = self.difficulty
            cap = "" if d.cap is None else f", limit {d.cap.text()}"
            when = f" ({d.when})" if d.when else ""
            out.append(f"difficulty {d.name}{cap}{when}")
            out += [f"    {k} = {show_value(v)}" for k, v in d.params]
        out.append(f"default limits  {self.limits.text()}")
        for knobs, limits in self.limits_when:
            when = " ".join(f"{k}={show_value(v)}" for k, v in knobs)
            out.append(f"    with {when}: {limits.text()}")
        out += self.shortest.lines()
        out += self.fair.lines()
        out.append(f"checks after each move  limits {self.checks.text()}")
        return out

    def as_json(self) -> dict[str, Any]:
        """The plan as a JSON object."""
        return {
            "members": [m.as_json() for m in self.members],
            "screens": [s.as_json() for s in self.screens],
            "base": self.base,
            "growth": self.growth,
            "difficulty": None if self.difficulty is None else self.difficulty.as_json(),
            "limits": self.limits.as_json(),
            "limits_when": [
                {"rules": {k: json_value(v) for k, v in knobs}, "limits": limits.as_json()}
                for knobs, limits in self.limits_when
            ],
            "shortest": self.shortest.as_json(),
            "fair": self.fair.as_json(),
            "checks": self.checks.as_json(),
        }


def _make(factories: Mapping[str, Factory], maker: str, name: str, params: Params) -> Any:
    """The strategy of one member or screen from the game's factories."""
    factory = factories.get(maker)
    if factory is None:
        known = ", ".join(factories)
        raise ValueError(f"no factory {maker!r} for {name!r} (the game's factories: {known})")
    return factory(**dict(params))


def member_strategy(member: PlanMember, factories: Mapping[str, Factory]) -> Strategy | None:
    """One member's strategy, under its cap when it has one; ``None`` when it does not apply."""
    strategy: Strategy | None = _make(factories, member.maker, member.name, member.params)
    if strategy is None or member.cap is None:
        return strategy
    inner, cap = strategy, member.cap

    def run(budget: Budget) -> Run:
        states = cap.for_limits(budget.limits)
        if states is None:
            verdict = yield from inner(budget)
        else:
            verdict = yield from capped(inner, budget, states)
        return verdict

    return run


def with_screens(plan: Plan, factories: Mapping[str, Factory], strategy: Strategy) -> Strategy:
    """``strategy`` after the plan's screens, each named (:func:`~.portfolio.screened`)."""
    for s in reversed(plan.screens):
        test: Strategy | None = _make(factories, s.maker, s.name, s.params)
        if test is not None:
            strategy = screened(named(test, s.name), strategy, s.cap)
    return strategy


def _together(
    plan: Plan, parts: Iterable[PlanMember], factories: Mapping[str, Factory]
) -> Strategy:
    """The members ``parts`` that apply, alone or in a portfolio with the plan's turns, after
    the plan's screens."""
    members = []
    for m in parts:
        if m.weight > 0:
            strategy = member_strategy(m, factories)
            if strategy is not None:
                members.append(Member(m.name, strategy, m.weight))
    if not members:
        raise ValueError("no member of the plan applies to this position")
    if len(members) == 1:
        composed = named(members[0].strategy, members[0].name)
    else:
        base, growth = plan.base, plan.growth

        def composed(budget: Budget) -> Run:
            return portfolio(members, budget, base=base, growth=growth)

    return with_screens(plan, factories, composed)


def compose(plan: Plan, factories: Mapping[str, Factory]) -> Strategy:
    """The strategy of ``plan`` with the members the game's ``factories`` make.

    Members of weight 0, and those whose factory says they do not apply,
    are left out; one member left runs alone, several in a portfolio in the
    plan's order. Every verdict is named by the member (or screen) that
    reached it. Raises ``ValueError`` for a member no factory makes.
    """
    return _together(plan, plan.members, factories)


def compose_shortest(
    plan: Plan, factories: Mapping[str, Factory], first: Strategy, *, more: int | None = None
) -> Strategy:
    """The shortest solve of ``plan``: ``first`` (the plan's composition, :func:`compose`)
    for a line, then the plan's :class:`Shortest` section.

    The section's members are composed as :func:`compose` composes the
    plan's (after the plan's screens, in a portfolio when several apply)
    and look for a shorter line once ``first`` has one, within ``more``
    states (:func:`~.portfolio.shortened`); with ``every_win``, ``first``'s
    win is marked shortest as it is.
    """
    if not plan.shortest.every_win:
        return shortened(first, _together(plan, plan.shortest.members, factories), more=more)

    def marked(budget: Budget) -> Run:
        verdict = yield from first(budget)
        if verdict is not None and verdict.won:
            return Verdict(True, verdict.moves, True, verdict.by)
        return verdict

    return marked


def plan_digest(plan: Plan) -> str:
    """A short digest of ``plan`` (of its JSON form): the same for the same plan however it
    was written."""
    text = json.dumps(plan.as_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]
