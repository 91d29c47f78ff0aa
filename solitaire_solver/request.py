"""One solve request: the game, its limits with the preset's defaults resolved, the options.

Every entry point that solves (:func:`~solitaire_solver.solve`, the
``stats`` runs, the analyses, the command line's commands, a player's
checks) builds a :class:`SolveRequest` once, with
:meth:`SolveRequest.build` or :meth:`SolveRequest.of`, and hands it on. The
limits arrive as one :class:`~solitaire_solver.search.Limits`, which checks
its own values (:func:`user_limits` makes one from values a person gave);
the preset's defaults replace them when none is given, by the one statement
of that rule (:func:`resolve_limits`), and each limit remembers which it
is, so that a search stopped by one says so in the same words everywhere
(:meth:`SolveRequest.stopped_by`).

>>> request = SolveRequest.build("windmill", limits=user_limits(max_states=1000))
>>> request.limits.max_states, request.by_default
(1000, False)
>>> SolveRequest.build("windmill").is_default(Limit.STATES)
True

Two more kinds of request (:class:`Purpose`) take their limits from the
preset's plan instead: the solves of a fair hint's samples
(:meth:`SolveRequest.samples`, the plan's :attr:`~.search.FairPlan.limits`)
and the search after each move of a game in play
(:meth:`SolveRequest.checks`, the plan's ``checks``).

>>> SolveRequest.checks(SolveRequest.build("windmill").game).limits.max_states
200000
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from .errors import BadOptionError
from .games import Game, make_game
from .games.knobs import parse_rule_assignments, rules_items
from .search.plan import Plan, plan_digest
from .search.result import NO_LIMITS, Limit, Limits, stop_text

GameLike = str | Game[Any, Any]
"""A preset name such as ``"decade"``, or a game object."""
RulesLike = Mapping[str, Any] | Iterable[str] | str | None
"""Knob overrides: a mapping, ``name=value`` words, or one text of such words."""

LIMIT_OPTIONS = {Limit.STATES: "--max-states", Limit.TIME: "--timeout", Limit.TABLE: "--max-table"}
"""The command-line option that sets each limit, which the texts of a stop name."""


def _rules_mapping(rules: RulesLike) -> Mapping[str, Any] | None:
    """``rules`` as a mapping of knob names, or :class:`BadOptionError` for another kind."""
    if rules is None or isinstance(rules, Mapping):
        return rules
    if isinstance(rules, str):
        # One text of words, as a position file's 'rules:' line holds them.
        return parse_rule_assignments(rules.split())
    if not isinstance(rules, Iterable):
        raise BadOptionError(
            f"rules: expected a mapping such as {{'redeals': 1}} or words such as "
            f"['redeals=1'], not {rules!r}"
        )
    words = list(rules)
    for word in words:
        if not isinstance(word, str):
            raise BadOptionError(
                f"rules: expected NAME=VALUE words such as 'redeals=1', not {word!r}"
            )
    return parse_rule_assignments(words)


def get_game(game: GameLike, rules: RulesLike = None) -> Game[Any, Any]:
    """A game instance from a preset name (with knob overrides) or a game itself."""
    if isinstance(game, Game):
        if rules:
            raise BadOptionError("rules go with a game name, not with a game instance")
        return game
    if not isinstance(game, str):
        raise BadOptionError(
            f"game: expected a preset name such as 'decade' or a Game, not {game!r}"
        )
    return make_game(game, _rules_mapping(rules))


def user_limits(
    max_states: int | None = None, timeout: float | None = None, max_table: int | None = None
) -> Limits:
    """:class:`Limits` from user values, with :class:`BadOptionError` naming a bad one."""
    try:
        return Limits(max_states, timeout, max_table)
    except ValueError as exc:
        raise BadOptionError(str(exc)) from None


class Purpose(enum.Enum):
    """What a request's solves are for, which says where its limits come from when the
    caller gives none."""

    SOLVE = "solve"
    """A verdict or a line asked for: the preset's default limits."""
    SAMPLE = "sample"
    """One determinisation of a fair hint, solved with full sight: the plan's fair limits."""
    CHECK = "check"
    """The search after each move of a game in play: the plan's ``checks``."""


def resolve_limits(
    plan: Plan, rules: Any, given: Limits, purpose: Purpose = Purpose.SOLVE
) -> tuple[Limits, int | None]:
    """The limits solves for ``purpose`` work under when the caller gives ``given``, under a
    game's ``plan`` and ``rules``; and the states the search for a shorter line may expand
    once a line is found (``None``: only the limits bound it).

    The one statement of the rule: any limit given replaces every default,
    and the defaults apply only when none is. A solve's defaults are the
    plan's limits for the rules (:meth:`~.search.Plan.limits_for`) and its
    shortest section's states; a fair hint's sample's, the plan's fair
    limits; a check's, the plan's ``checks``. Called where a request is made
    (:meth:`SolveRequest.of`), and nowhere else.
    """
    if given.any:
        return given, None
    if purpose is Purpose.SAMPLE:
        return plan.fair.limits, None
    if purpose is Purpose.CHECK:
        return plan.checks, None
    return plan.limits_for(rules), plan.shortest.states


@attrs.frozen(getstate_setstate=False)
class SolveRequest:
    """What to solve under which limits: built once by :meth:`build`, used by every solve.

    ``game`` is the game with its rules; ``limits`` the limits every solve
    of the request works under (the caller's, or when the caller gives
    none, the preset's defaults for these rules); ``given`` the limits the
    caller gave (none set: the defaults apply). ``shortest`` asks for a
    line with the fewest moves; ``shortest_states`` bounds the states the
    search for a shorter line may expand once a line is found (the
    preset's, only when the caller gives no limit). ``purpose`` says what
    the solves are for (:class:`Purpose`). A request pickles as
    its preset's name and rules (a worker builds the game once), so it
    travels cheaply to a process pool or a Dask cluster.
    """

    game: Game[Any, Any]
    limits: Limits
    given: Limits
    shortest: bool = False
    shortest_states: int | None = None
    purpose: Purpose = Purpose.SOLVE

    @classmethod
    def build(
        cls,
        game: GameLike,
        *,
        rules: RulesLike = None,
        limits: Limits = NO_LIMITS,
        shortest: bool = False,
    ) -> SolveRequest:
        """The request for ``game`` (a preset name with ``rules``, or a game) under the
        caller's ``limits`` (none set: the preset's defaults).

        Raises :class:`~solitaire_solver.errors.BadOptionError` for limits that
        are not a :class:`Limits`, and the errors of :func:`get_game` for a bad
        game or rule.
        """
        if not isinstance(limits, Limits):
            raise BadOptionError(
                f"limits: expected Limits such as Limits(max_states=1000), not {limits!r}"
            )
        return cls.of(get_game(game, rules), limits, shortest=shortest)

    @classmethod
    def of(
        cls,
        game: Game[Any, Any],
        given: Limits = NO_LIMITS,
        *,
        shortest: bool = False,
        purpose: Purpose = Purpose.SOLVE,
    ) -> SolveRequest:
        """The request for a game object and limits already made (a :class:`Limits` checks
        its own values), resolved by :func:`resolve_limits`: where every kind of request is
        made.

        A sample's and a check's defaults, once resolved, stand as the limits
        asked for (a search they stop names them as the command's own, not as
        a default of the game).
        """
        limits, shortest_states = resolve_limits(game.plan, game.rules, given, purpose)
        if purpose is not Purpose.SOLVE:
            given = limits
        return cls(game, limits, given, bool(shortest), shortest_states, purpose)

    @classmethod
    def samples(cls, game: Game[Any, Any], given: Limits = NO_LIMITS) -> SolveRequest:
        """The request of each sample of a fair hint of ``game``: ``given``, or when none is
        set the plan's fair limits (:attr:`~.search.FairPlan.limits`)."""
        return cls.of(game, given, purpose=Purpose.SAMPLE)

    @classmethod
    def checks(cls, game: Game[Any, Any], given: Limits = NO_LIMITS) -> SolveRequest:
        """The request of the search after each move of a game of ``game`` in play: ``given``,
        or when none is set the plan's ``checks``."""
        return cls.of(game, given, purpose=Purpose.CHECK)

    def __reduce__(self) -> tuple[Any, ...]:
        # A game object may hold tables and compiled kernels; its preset's
        # name and rules rebuild it anywhere (a worker checks the fingerprint).
        g = self.game
        fields = (self.limits, self.given, self.shortest, self.shortest_states, self.purpose)
        # A plan other than the preset's (an experiment's) travels with it.
        plan = None if g.plan_digest is None else g.plan
        return (_rebuilt, (g.preset, tuple(rules_items(g.rules)), *fields, plan))

    def for_game(self, game: Game[Any, Any]) -> SolveRequest:
        """This request for ``game`` (a position file's game, say, that plays like this one's):
        itself for its own game, else the caller's limits with ``game``'s defaults."""
        if game is self.game:
            return self
        return SolveRequest.of(game, self.given, shortest=self.shortest, purpose=self.purpose)

    @property
    def rules(self) -> Any:
        """The game's rules value."""
        return self.game.rules

    @property
    def by_default(self) -> bool:
        """Whether the limits are the preset's defaults (and some are set), not the caller's."""
        return self.limits.any and not self.given.any

    def is_default(self, limit: Limit) -> bool:
        """Whether ``limit`` is set by the preset's defaults rather than by the caller."""
        return not self.given.any and self.limits.value(limit) is not None

    def stopped_by(self, limit: Limit) -> str:
        """The limit of this request that stopped a search, in words: ``the default limit of
        140,000,000 states`` (see :func:`~solitaire_solver.search.result.stop_text`)."""
        return stop_text(limit, self.limits.value(limit), self.is_default(limit))


def as_request(
    game: GameLike | SolveRequest,
    *,
    rules: RulesLike = None,
    limits: Limits = NO_LIMITS,
    shortest: bool = False,
) -> SolveRequest:
    """``game`` when it is a request, else the request :meth:`SolveRequest.build` makes of
    the keywords: where the keyword forms of the library's functions become a request.

    A request holds its rules, limits and options already, so giving any of
    them beside one raises :class:`~solitaire_solver.errors.BadOptionError`.
    """
    if not isinstance(game, SolveRequest):
        return SolveRequest.build(game, rules=rules, limits=limits, shortest=shortest)
    if rules is not None or shortest or limits != NO_LIMITS:
        raise BadOptionError("a request holds its rules, limits and options: give them to build it")
    return game


def raise_option(limit: Limit | str) -> str:
    """The command-line option that raises ``limit`` (a :class:`Limit` or its value)."""
    return LIMIT_OPTIONS[Limit(limit)]


_GAMES: dict[tuple[str, tuple[tuple[str, str], ...], str | None], Game[Any, Any]] = {}
"""The games unpickled requests built in this process, by preset, rules and plan digest."""


def _rebuilt(
    preset: str,
    rules: tuple[tuple[str, str], ...],
    limits: Limits,
    given: Limits,
    shortest: bool,
    shortest_states: int | None,
    purpose: Purpose = Purpose.SOLVE,
    plan: Plan | None = None,
) -> SolveRequest:
    """A pickled request, with its game built once per process (see ``__reduce__``)."""
    key = (preset, rules, None if plan is None else plan_digest(plan))
    game = _GAMES.get(key)
    if game is None:
        game = make_game(preset, dict(rules))
        if plan is not None:
            game = game.with_plan(plan)
        _GAMES[key] = game
    return SolveRequest(game, limits, given, shortest, shortest_states, purpose)
