"""The solve request: limits checked once, the preset's defaults resolved once and marked."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from solitaire_solver import PRESETS, SolveRequest, make_game, solve
from solitaire_solver.errors import BadOptionError
from solitaire_solver.games.windmill.game import DEFAULT_MAX_STATES
from solitaire_solver.request import (
    Purpose,
    as_request,
    raise_option,
    resolve_limits,
    user_limits,
)
from solitaire_solver.search import Limit, Limits
from solitaire_solver.search.result import limit_problem
from solitaire_solver.stats import solve_deals, winnability
from tests.support import run_cli


def test_a_presets_default_is_marked_default_and_a_user_value_is_not() -> None:
    by_default = SolveRequest.build("windmill")
    assert by_default.limits == Limits(max_states=DEFAULT_MAX_STATES)
    assert by_default.given == Limits()
    assert by_default.by_default and by_default.is_default(Limit.STATES)
    assert not by_default.is_default(Limit.TIME)  # no default time limit
    assert by_default.stopped_by(Limit.STATES) == (
        f"the default limit of {DEFAULT_MAX_STATES:,} states"
    )
    given = SolveRequest.build("windmill", limits=Limits(max_states=1000))
    assert given.limits == given.given == Limits(max_states=1000)
    assert not given.by_default and not given.is_default(Limit.STATES)
    assert given.stopped_by(Limit.STATES) == "the limit of 1,000 states"
    # Any limit given replaces every default, as it always has.
    timed = SolveRequest.build("windmill", limits=Limits(timeout=5))
    assert timed.limits == Limits(timeout=5) and not timed.by_default
    # A preset with no default limits has none to mark.
    assert not SolveRequest.build("decade").by_default


def test_the_result_names_the_limit_as_the_request_does() -> None:
    game = make_game("windmill")
    given = SolveRequest.build(game, limits=Limits(max_states=1000))
    result = game.solve(game.deal(parse(5)), given)
    assert result.status.value == "unknown"
    assert result.stop_reason() == given.stopped_by(Limit.STATES)
    # The preset's default, made small here (a game with another plan), is named as a default.
    game = game.with_plan(game.plan.replace(limits=Limits(max_states=1000), limits_when=()))
    default = SolveRequest.build(game)
    result = game.solve(game.deal(parse(5)), SolveRequest.of(game))
    assert result.default_limit and default.is_default(Limit.STATES)
    assert result.stop_reason() == default.stopped_by(Limit.STATES)
    assert result.stop_reason() == "the default limit of 1,000 states"
    assert raise_option(Limit.STATES) == raise_option("states") == "--max-states"


def parse(n: int) -> Any:
    from solitaire_solver.numbering import parse_deal_number

    return parse_deal_number(n)


@pytest.mark.parametrize(
    ("name", "value", "option", "text"),
    [
        ("max_states", 0, "--max-states", "0"),
        ("timeout", -1, "--timeout", "-1"),
        ("max_table", 0, "--max-table", "0"),
    ],
)
def test_bad_limits_are_refused_with_one_message(
    capsys: pytest.CaptureFixture[str], name: str, value: int, option: str, text: str
) -> None:
    problem = limit_problem(name, value)
    assert problem is not None
    expected = f"{name}: {problem}"
    limit: dict[str, Any] = {name: value}
    # The two doors that take the values one by one: the library's solve and user_limits
    # (the command line's and any caller's way to a Limits).
    for attempt in (lambda: user_limits(**limit), lambda: solve("decade", 3, **limit)):
        with pytest.raises(BadOptionError) as caught:
            attempt()
        assert str(caught.value) == expected
    with pytest.raises(ValueError, match=expected):
        Limits(**limit)
    # Below the doors only a Limits travels: anything else is refused by name.
    for refused in (
        lambda: SolveRequest.build("decade", limits=limit),  # type: ignore[arg-type]
        lambda: solve_deals("decade", "1-2", limits=limit),  # type: ignore[arg-type]
        lambda: winnability("decade", "1-2", limits=limit),  # type: ignore[arg-type]
    ):
        with pytest.raises(BadOptionError, match=r"limits: expected Limits such as"):
            refused()
    # The command line says the same of the text it was given.
    code, _, err = run_cli(capsys, "solve", "decade", "3", option, text)
    assert code == 2
    assert f"argument {option}: {limit_problem(name, value, shown=repr(text))}" in err
    assert problem.replace(str(value), repr(text)) in err


def test_a_request_is_given_whole_or_built_from_keywords() -> None:
    request = SolveRequest.build("decade", limits=Limits(max_states=3))
    assert as_request(request) is request
    with pytest.raises(BadOptionError, match="a request holds"):
        as_request(request, limits=Limits(max_states=5))
    with pytest.raises(BadOptionError, match="a request holds"):
        solve_deals(request, "1-2", rules={"min_run": 3})
    assert solve_deals(request, "1-10") == solve_deals(
        "decade", "1-10", limits=Limits(max_states=3)
    )
    whole, keywords = (
        winnability(request, "1-10"),
        winnability("decade", "1-10", limits=Limits(max_states=3)),
    )
    assert (whole.won, whole.lost, whole.unknown) == (keywords.won, keywords.lost, keywords.unknown)
    with pytest.raises(BadOptionError, match="rules go with a game name"):
        SolveRequest.build(make_game("decade"), rules={"min_run": 3})


def test_a_request_pickles_small_and_rebuilds_its_game() -> None:
    request = SolveRequest.build("windmill", rules={"foundation_moves": "free"}, shortest=True)
    data = pickle.dumps(request)
    assert len(data) < 1000  # the preset's name and rules, not the game's tables
    back = pickle.loads(data)
    assert back.game.fingerprint == request.game.fingerprint
    assert (back.limits, back.given, back.shortest, back.shortest_states) == (
        request.limits,
        request.given,
        request.shortest,
        request.shortest_states,
    )
    assert back.by_default == request.by_default
    # One game per process for the requests of a run.
    assert pickle.loads(data).game is back.game


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_kind_of_request_is_resolved_by_one_rule(preset: str) -> None:
    game = make_game(preset)
    plan = game.plan
    # The defaults of each purpose, written out from the plan's fields.
    defaults = {
        Purpose.SOLVE: (plan.limits_for(game.rules), plan.shortest.states),
        Purpose.SAMPLE: (plan.fair.limits, None),
        Purpose.CHECK: (plan.checks, None),
    }
    for purpose, (limits, more) in defaults.items():
        for given in (Limits(), Limits(max_states=1000), Limits(timeout=5)):
            request = SolveRequest.of(game, given, shortest=True, purpose=purpose)
            resolved = resolve_limits(plan, game.rules, given, purpose)
            assert (request.limits, request.shortest_states) == resolved
            # Any limit given replaces every default; the defaults apply only when none is.
            assert resolved == ((given, None) if given.any else (limits, more))
    # The preset's own rules change nothing; a knob set otherwise is named.
    assert game.changed_rules() == []


def test_changed_rules_are_named_against_the_presets_own() -> None:
    free = make_game("windmill", {"foundation_moves": "free"})
    assert free.changed_rules() == [("foundation_moves", "free")]
    # The reversed preset's own rules are not changes to it, though they differ from windmill's.
    reversed_ = make_game("windmill-reversed")
    assert reversed_.changed_rules() == []
    assert make_game("windmill").fingerprint != reversed_.fingerprint
