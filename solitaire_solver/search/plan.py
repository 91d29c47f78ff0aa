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
  own, that search (``difficulty``).

The numbers live in the plan; the game gives, for one start, a registry of
*factories* by name: a factory takes a member's parameters as keyword
arguments and returns its strategy (or ``None`` when the member does not
apply to that start: an exact method for the last pass only, say). The
names of the members are the names a result gives in
:attr:`~.result.SolveResult.settled_by`.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import os
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from ..errors import BadOptionError
from ..reading import TEXT_BYTES, ReadError, TextError, check_json_depth, decode_text, read_bytes
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


def _show(value: Any) -> str:
    """A parameter's value for people: whole numbers with thousands separators."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, tuple):
        return "(" + ", ".join(_show(v) for v in value) + ")"
    return str(value)


def _weight(value: float) -> str:
    """A weight as people read it: ``1``, ``1/512``."""
    if value > 0 and value < 1 and (1 / value).is_integer():
        return f"1/{int(1 / value)}"
    return f"{value:g}"


def _plain(value: Any) -> Any:
    """A parameter's value for JSON (tuples as lists)."""
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


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
            "params": {k: _plain(v) for k, v in self.params},
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
            "params": {k: _plain(v) for k, v in self.params},
        }


def _limits_json(limits: Limits) -> dict[str, Any]:
    """Limits as a JSON object of the limits set (``{}``: none)."""
    return dict(limits.set_items())


def _limits_text(limits: Limits) -> str:
    """Limits for people: ``max_states 140,000,000``, or ``none``."""
    return ", ".join(f"{k} {_show(v)}" for k, v in limits.set_items()) or "none"


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
            out += [f"        {k} = {_show(v)}" for k, v in m.params]
        return out

    def as_json(self) -> dict[str, Any]:
        """The section as a JSON object."""
        return {
            "states": self.states,
            "every_win": self.every_win,
            "members": [m.as_json() for m in self.members],
        }


SAMPLE_LIMITS = Limits(max_states=200_000)
"""The limits of each exact solve of a fair hint's sample, by default (a fair plan's
``limits``)."""


@attrs.frozen
class FairPlan:
    """The numbers of a fair hint and of the fair player: samples, thresholds and limits.

    ``samples`` is K, the determinisations a hint solves by default, and
    ``most_samples`` the most the commands allow; a quick hint solves them
    ``batch`` at a time. With at most ``exact_hidden`` cards hidden a hint
    works out the exact values, visiting at most ``exact_nodes`` positions
    along lines of at most ``exact_depth`` moves; an exact hint groups its
    moves over at most ``twin_orders`` orders of the unseen cards.
    ``limits`` bound each exact solve of a sample (a sample they leave
    unknown counts apart, never as a win).
    """

    samples: int = 64
    most_samples: int = 10_000
    batch: int = 16
    exact_hidden: int = 5
    exact_nodes: int = 20_000
    exact_depth: int = 200
    twin_orders: int = 720
    limits: Limits = SAMPLE_LIMITS

    def __attrs_post_init__(self) -> None:
        for name in ("samples", "most_samples", "batch", "exact_nodes", "exact_depth"):
            if getattr(self, name) < 1:
                raise ValueError(f"fair {name}: expected at least 1, not {getattr(self, name)}")
        for name in ("exact_hidden", "twin_orders"):
            if getattr(self, name) < 0:
                raise ValueError(f"fair {name}: expected at least 0, not {getattr(self, name)}")
        if self.samples > self.most_samples:
            raise ValueError(
                f"fair samples: {self.samples:,} is more than most_samples {self.most_samples:,}"
            )

    def lines(self) -> list[str]:
        """The fair plan for people, two lines."""
        limits = _limits_text(self.limits)
        return [
            f"fair hint  {self.samples:,} samples (at most {self.most_samples:,}, "
            f"{self.batch:,} a batch), each solved under {limits}",
            f"    exact with at most {self.exact_hidden} hidden: {self.exact_nodes:,} "
            f"positions, {self.exact_depth:,} moves deep, twins over {self.twin_orders:,} orders",
        ]

    def as_json(self) -> dict[str, Any]:
        """The fair plan as a JSON object."""
        out: dict[str, Any] = {k: v for k, v in attrs.asdict(self, recurse=False).items()}
        out["limits"] = _limits_json(self.limits)
        return out


DEFAULT_FAIR = FairPlan()
"""The fair plan of every preset today."""

CHECK_LIMITS = Limits(max_states=200_000)
"""The limits of the search after each move of a game in play that says whether it can still
be won, by default (a plan's ``checks``). Short, so that the answer comes at once (a fraction
of a second to about a second, depending on the game); most positions settle well within it."""


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
    cap as its states limit. ``fair`` holds the numbers of the fair hint
    and player (:class:`FairPlan`), and ``checks`` the limits of the search
    after each move of a game in play. ``limits`` are the limits a solve
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
            out += [f"    {k} = {_show(v)}" for k, v in s.params]
        active = [m for m in self.members if m.weight > 0]
        if len(active) > 1:
            turn = f"first turn {self.base:,} states a weight, growth {self.growth:g}"
            out.append(f"portfolio of the members that apply  {turn}")
        for m in self.members:
            out.append(f"member {m.text()}")
            out += [f"    {k} = {_show(v)}" for k, v in m.params]
        if self.difficulty is not None:
            d = self.difficulty
            cap = "" if d.cap is None else f", limit {d.cap.text()}"
            when = f" ({d.when})" if d.when else ""
            out.append(f"difficulty {d.name}{cap}{when}")
            out += [f"    {k} = {_show(v)}" for k, v in d.params]
        out.append(f"default limits  {_limits_text(self.limits)}")
        for knobs, limits in self.limits_when:
            when = " ".join(f"{k}={_show(v)}" for k, v in knobs)
            out.append(f"    with {when}: {_limits_text(limits)}")
        out += self.shortest.lines()
        out += self.fair.lines()
        out.append(f"checks after each move  limits {_limits_text(self.checks)}")
        return out

    def as_json(self) -> dict[str, Any]:
        """The plan as a JSON object."""
        return {
            "members": [m.as_json() for m in self.members],
            "screens": [s.as_json() for s in self.screens],
            "base": self.base,
            "growth": self.growth,
            "difficulty": None if self.difficulty is None else self.difficulty.as_json(),
            "limits": _limits_json(self.limits),
            "limits_when": [
                {"rules": {k: _plain(v) for k, v in knobs}, "limits": _limits_json(limits)}
                for knobs, limits in self.limits_when
            ],
            "shortest": self.shortest.as_json(),
            "fair": self.fair.as_json(),
            "checks": _limits_json(self.checks),
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


# -- a plan from its JSON form


class PlanError(BadOptionError):
    """A JSON document that does not make a plan; ``field`` names the place, as
    ``members[1].weight`` (empty: the document as a whole). A :class:`BadOptionError`: a
    plan file is an option's value."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"{field}: {why}" if field else why)
        self.field = field
        self.why = why


def _at(field: str, key: str | int) -> str:
    """The name of ``key`` inside ``field``: ``members[1]``, ``members[1].weight``."""
    if isinstance(key, int):
        return f"{field}[{key}]"
    return f"{field}.{key}" if field else key


def _kind(value: Any) -> str:
    """A JSON value's kind in words, for an error."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the text {value!r}"
    return "a list" if isinstance(value, list) else "an object"


def _object(
    doc: Any, field: str, known: Iterable[str], needed: Iterable[str] = ()
) -> dict[str, Any]:
    """``doc`` as a JSON object with only ``known`` keys and every ``needed`` one."""
    if not isinstance(doc, dict):
        raise PlanError(field, f"expected an object, not {_kind(doc)}")
    allowed = list(known)
    for key in doc:
        if key not in allowed:
            raise PlanError(_at(field, key), f"not a field here (the fields: {', '.join(allowed)})")
    for key in needed:
        if key not in doc:
            raise PlanError(_at(field, key), "missing")
    return doc


def _whole(value: Any, field: str, least: int) -> int:
    """``value`` as a whole number of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PlanError(field, f"expected a whole number, not {_kind(value)}")
    if value < least:
        raise PlanError(field, f"expected at least {least}, not {value}")
    return value


def _number(value: Any, field: str) -> float:
    """``value`` as a number."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PlanError(field, f"expected a number, not {_kind(value)}")
    return value


def _text(value: Any, field: str) -> str:
    """``value`` as a text that is not empty."""
    if not isinstance(value, str) or not value:
        raise PlanError(field, f"expected a name, not {_kind(value)}")
    return value


def _optional(doc: dict[str, Any], key: str, field: str, read: Callable[[Any, str], Any]) -> Any:
    """``read`` of ``doc[key]``, or ``None`` when it is missing or null."""
    value = doc.get(key)
    return None if value is None else read(value, _at(field, key))


def _param_value(value: Any, field: str) -> Any:
    """A parameter's value: numbers, texts, true and false, lists of them (as tuples)."""
    if isinstance(value, list):
        return tuple(_param_value(v, _at(field, i)) for i, v in enumerate(value))
    if value is None or isinstance(value, dict):
        raise PlanError(
            field, f"expected a number, a text, true, false or a list, not {_kind(value)}"
        )
    return value


def _params_of(value: Any, field: str) -> Params:
    """A member's ``params`` object."""
    doc = _object(value, field, value if isinstance(value, dict) else ())
    return tuple((k, _param_value(v, _at(field, k))) for k, v in doc.items())


def _limits_of(value: Any, field: str) -> Limits:
    """Limits from ``{"max_states": N, "timeout": S, "max_table": N}`` (any of them)."""
    doc = _object(value, field, ("max_states", "timeout", "max_table"))
    try:
        return Limits(**doc)
    except ValueError as exc:
        name, _, why = str(exc).partition(": ")
        raise PlanError(_at(field, name), why) from None


def _cap_of(value: Any, field: str) -> Cap:
    doc = _object(value, field, ("states", "share"), ("states",))
    states = _whole(doc["states"], _at(field, "states"), 1)
    share = _optional(doc, "share", field, _number)
    if share is not None and not 0 < share <= 1:
        raise PlanError(_at(field, "share"), f"expected more than 0 and at most 1, not {share}")
    return Cap(states, share)


def _member_of(value: Any, field: str) -> PlanMember:
    keys = ("name", "factory", "weight", "cap", "params", "when")
    doc = _object(value, field, keys, ("name",))
    name = _text(doc["name"], _at(field, "name"))
    factory = _optional(doc, "factory", field, _text)
    weight = _number(doc.get("weight", 1.0), _at(field, "weight"))
    if weight < 0:
        raise PlanError(_at(field, "weight"), f"expected at least 0, not {weight}")
    return PlanMember(
        name,
        weight,
        _params_of(doc.get("params", {}), _at(field, "params")),
        _optional(doc, "cap", field, _cap_of),
        None if factory == name else factory,
        _optional(doc, "when", field, _text),
    )


def _screen_of(value: Any, field: str) -> Screen:
    doc = _object(value, field, ("name", "factory", "cap", "params"), ("name", "cap"))
    name = _text(doc["name"], _at(field, "name"))
    factory = _optional(doc, "factory", field, _text)
    return Screen(
        name,
        _whole(doc["cap"], _at(field, "cap"), 1),
        _params_of(doc.get("params", {}), _at(field, "params")),
        None if factory == name else factory,
    )


def _list_of(value: Any, field: str, read: Callable[[Any, str], Any]) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise PlanError(field, f"expected a list, not {_kind(value)}")
    return tuple(read(v, _at(field, i)) for i, v in enumerate(value))


def _fair_of(value: Any, field: str) -> FairPlan:
    names = [a.name for a in attrs.fields(FairPlan)]
    doc = _object(value, field, names)
    least = {"exact_hidden": 0, "twin_orders": 0}
    given: dict[str, Any] = {}
    for name in names:
        if name in doc:
            place = _at(field, name)
            if name == "limits":
                given[name] = _limits_of(doc[name], place)
            else:
                given[name] = _whole(doc[name], place, least.get(name, 1))
    try:
        return FairPlan(**given)
    except ValueError as exc:
        raise PlanError(field, str(exc)) from None


def _when_of(value: Any, field: str) -> tuple[Params, Limits]:
    doc = _object(value, field, ("rules", "limits"), ("rules", "limits"))
    return _params_of(doc["rules"], _at(field, "rules")), _limits_of(
        doc["limits"], _at(field, "limits")
    )


def _shortest_of(value: Any, field: str) -> Shortest:
    doc = _object(value, field, ("states", "every_win", "members"))
    every_win = doc.get("every_win", False)
    if not isinstance(every_win, bool):
        raise PlanError(_at(field, "every_win"), f"expected true or false, not {_kind(every_win)}")
    given: dict[str, Any] = {"every_win": every_win}
    if "members" in doc:
        given["members"] = _list_of(doc["members"], _at(field, "members"), _member_of)
    elif every_win:
        given["members"] = ()
    try:
        return Shortest(_optional(doc, "states", field, _positive), **given)
    except ValueError as exc:
        raise PlanError(field, str(exc).removeprefix("shortest: ")) from None


def plan_from_json(doc: Any) -> Plan:
    """The plan of a JSON document in the form :meth:`Plan.as_json` writes.

    Every field but ``members`` may be left out (the defaults of
    :class:`Plan`); a field the form does not have, or a value of the wrong
    kind, raises :class:`PlanError` naming it.
    """
    keys = [a.name for a in attrs.fields(Plan)]
    top = _object(doc, "", keys, ("members",))
    fields: dict[str, Any] = {"members": _list_of(top["members"], "members", _member_of)}
    if "screens" in top:
        fields["screens"] = _list_of(top["screens"], "screens", _screen_of)
    if "base" in top:
        fields["base"] = _whole(top["base"], "base", 1)
    if "growth" in top:
        fields["growth"] = _number(top["growth"], "growth")
        if not fields["growth"] > 1:
            raise PlanError("growth", f"expected more than 1, not {fields['growth']}")
    fields["difficulty"] = _optional(top, "difficulty", "", _member_of)
    if "fair" in top:
        fields["fair"] = _fair_of(top["fair"], "fair")
    if "checks" in top:
        fields["checks"] = _limits_of(top["checks"], "checks")
    if "limits" in top:
        fields["limits"] = _limits_of(top["limits"], "limits")
    if "limits_when" in top:
        fields["limits_when"] = _list_of(top["limits_when"], "limits_when", _when_of)
    if "shortest" in top:
        fields["shortest"] = _shortest_of(top["shortest"], "shortest")
    try:
        return Plan(**fields)
    except ValueError as exc:
        raise PlanError("", str(exc)) from None


def _positive(value: Any, field: str) -> int:
    return _whole(value, field, 1)


def plan_digest(plan: Plan) -> str:
    """A short digest of ``plan`` (of its JSON form): the same for the same plan however it
    was written."""
    text = json.dumps(plan.as_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


_SPACE = re.compile(r"[ \t\n\r]*")


def _located(text: str) -> tuple[Any, dict[str, int]]:
    """The JSON value of ``text`` and the line each field of it starts on, by field name
    (as :class:`PlanError` names them: ``members[1].weight``); ``json.JSONDecodeError``
    for text that is not JSON."""
    decoder = json.JSONDecoder()
    lines: dict[str, int] = {}
    newlines = [i for i, ch in enumerate(text) if ch == "\n"]

    def line(at: int) -> int:
        return bisect.bisect_right(newlines, at - 1) + 1

    def skip(i: int) -> int:
        # Past the white space at i (the pattern matches an empty run too).
        m = _SPACE.match(text, i)
        return i if m is None else m.end()

    def value(i: int, field: str) -> tuple[Any, int]:
        i = skip(i)
        lines[field] = line(i)
        opening = text[i : i + 1]
        if opening not in ("{", "["):
            return decoder.raw_decode(text, i)
        closing = "}" if opening == "{" else "]"
        out_list: list[Any] = []
        out_dict: dict[str, Any] = {}
        i = skip(i + 1)
        if text[i : i + 1] == closing:
            return ({} if opening == "{" else []), i + 1
        while True:
            if opening == "{":
                i = skip(i)
                if text[i : i + 1] != '"':
                    raise json.JSONDecodeError("Expecting property name in double quotes", text, i)
                key, i = decoder.raw_decode(text, i)
                i = skip(i)
                if text[i : i + 1] != ":":
                    raise json.JSONDecodeError("Expecting ':' delimiter", text, i)
                out_dict[key], i = value(i + 1, _at(field, key))
            else:
                item, i = value(i, _at(field, len(out_list)))
                out_list.append(item)
            i = skip(i)
            if text[i : i + 1] == closing:
                return (out_dict if opening == "{" else out_list), i + 1
            if text[i : i + 1] != ",":
                raise json.JSONDecodeError("Expecting ',' delimiter", text, i)
            i += 1

    doc, end = value(0, "")
    if skip(end) != len(text):
        raise json.JSONDecodeError("Extra data", text, end)
    return doc, lines


def _same_kind(value: Any, like: Any) -> bool:
    """Whether a parameter's ``value`` is of the kind of ``like``, the game's own value: a
    whole number for a whole number, any number for a fraction, a list of the kind of the
    first item of the game's list."""
    if isinstance(like, bool) or isinstance(value, bool):
        return isinstance(like, bool) and isinstance(value, bool)
    if isinstance(like, int):
        return isinstance(value, int)
    if isinstance(like, float):
        return isinstance(value, (int, float))
    if isinstance(like, tuple):
        if not isinstance(value, tuple):
            return False
        return not like or all(_same_kind(v, like[0]) for v in value)
    return isinstance(value, type(like))


def check_fits(plan: Plan, own: Plan) -> None:
    """Raise :class:`PlanError` for a member, screen or difficulty search of ``plan`` that a
    game whose own plan is ``own`` cannot make: a factory ``own`` does not name, or a
    parameter no member of that factory in ``own`` has, or of another kind than its own."""
    known: dict[str, dict[str, Any]] = {}
    parts: list[PlanMember | Screen] = [*own.members, *own.screens, *own.shortest.members]
    if own.difficulty is not None:
        parts.append(own.difficulty)
    for part in parts:
        known.setdefault(part.maker, {}).update(part.params)
    places: list[tuple[str, PlanMember | Screen]] = [
        *((f"members[{i}]", m) for i, m in enumerate(plan.members)),
        *((f"screens[{i}]", s) for i, s in enumerate(plan.screens)),
        *((f"shortest.members[{i}]", m) for i, m in enumerate(plan.shortest.members)),
    ]
    if plan.difficulty is not None:
        places.append(("difficulty", plan.difficulty))
    for field, part in places:
        if part.maker not in known:
            where = _at(field, "factory" if part.factory else "name")
            raise PlanError(
                where,
                f"no factory {part.maker!r} in this solver (its factories: {', '.join(known)})",
            )
        for k, v in part.params:
            place = _at(_at(field, "params"), k)
            if k not in known[part.maker]:
                have = ", ".join(sorted(known[part.maker])) or "none"
                why = f"{part.maker} has no parameter {k!r} (its parameters: {have})"
                raise PlanError(place, why)
            like = known[part.maker][k]
            if not _same_kind(v, like):
                raise PlanError(
                    place, f"expected a value like {_show(like)}, not {_kind(_plain(v))}"
                )


def read_plan(path: str | os.PathLike[str], own: Plan | None = None) -> Plan:
    """The plan in the JSON file at ``path`` (the form ``games --plan NAME --json`` prints,
    or its ``plan`` object alone); with ``own``, a plan for the game whose own plan that is
    (:func:`check_fits`).

    Raises :class:`PlanError` with the file, the line and the field of the
    first problem: ``plan.json, line 7: members[0].weight: expected a number,
    not the text 'a'``.
    """
    name = os.fspath(path)
    try:
        text = decode_text(read_bytes(name, TEXT_BYTES, "plan"))
        # Depth first: the scanner below recurses once a level.
        check_json_depth(text)
    except TextError as exc:
        raise PlanError("", f"{name}, line {exc.line}: {exc.why}") from None
    except ReadError as exc:
        raise PlanError("", f"{name}: {exc}") from None
    try:
        doc, lines = _located(text)
    except json.JSONDecodeError as exc:
        raise PlanError("", f"{name}, line {exc.lineno}: not JSON ({exc.msg})") from None
    except ValueError:
        # Python refuses integers of more than 4,300 digits.
        raise PlanError(
            "", f"{name}: not JSON this reads (a number thousands of digits long)"
        ) from None
    prefix = ""
    if isinstance(doc, dict) and "plan" in doc and "members" not in doc:
        # The document of ``games --plan NAME --json``: its plan object.
        doc, prefix = doc["plan"], "plan"
    try:
        plan = plan_from_json(doc)
        if own is not None:
            check_fits(plan, own)
        return plan
    except PlanError as exc:
        field = _at(prefix, exc.field) if prefix and exc.field else exc.field or prefix
        # The line of the field, or of the nearest field around it that the file has.
        at = field
        while at and at not in lines:
            at = at.rpartition("[")[0] if at.endswith("]") else at.rpartition(".")[0]
        where = f"{name}, line {lines.get(at, 1)}"
        error = PlanError("", f"{where}: {field + ': ' if field else ''}{exc.why}")
        error.field = field
        raise error from None
