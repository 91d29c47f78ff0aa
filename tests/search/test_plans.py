"""Plans as data: every number of a solve in the plan, read back from a file, kept apart in
a store; and the kinds of request that take their limits from it."""

from __future__ import annotations

import hashlib
import json
import pickle
from pathlib import Path
from typing import Any

import pytest

from solitaire_solver import PRESETS, SolveRequest, make_game
from solitaire_solver.advice.fair import fair_hint
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.records.plan_files import PlanError, plan_from_json, read_plan
from solitaire_solver.records.store import StoreKey
from solitaire_solver.request import Purpose
from solitaire_solver.search import FairPlan, Limit, Limits, Plan, PlanMember, Shortest, Status
from solitaire_solver.search.plan import plan_digest
from tests.support import run_cli


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_presets_plan_reads_back_from_its_json(preset: str) -> None:
    plan = PRESETS[preset].solver_plan
    back = plan_from_json(json.loads(json.dumps(plan.as_json())))
    assert back == plan
    assert plan_digest(back) == plan_digest(plan)


def test_the_default_limits_are_the_plans_beside_its_members() -> None:
    game = make_game("windmill")
    assert game.plan.limits == Limits(max_states=140_000_000)
    assert game.plan.shortest == Shortest(100_000, game.plan.shortest.members)
    assert game.plan.shortest.states == 100_000
    # Another plan's limits are the game's defaults, marked as defaults.
    small = game.with_plan(game.plan.replace(limits=Limits(max_states=10)))
    request = SolveRequest.of(small)
    assert request.limits == Limits(max_states=10) and request.by_default
    assert request.stopped_by(Limit.STATES) == "the default limit of 10 states"
    # The first pair whose knobs all match wins.
    free = make_game("windmill", {"foundation_moves": "free"})
    when = free.plan.replace(limits_when=(({"foundation_moves": "free"}, Limits(timeout=3)),))
    assert free.with_plan(when).default_limits == Limits(timeout=3)


def test_samples_and_checks_take_the_plans_limits_unless_given() -> None:
    game = make_game("black-hole")
    plan = game.plan.replace(fair=FairPlan(limits=Limits(max_states=7)), checks=Limits(timeout=2))
    g = game.with_plan(plan)
    samples, checks = SolveRequest.samples(g), SolveRequest.checks(g)
    assert (samples.purpose, samples.limits) == (Purpose.SAMPLE, Limits(max_states=7))
    assert (checks.purpose, checks.limits) == (Purpose.CHECK, Limits(timeout=2))
    # They are the command's own limits, named as such when they stop a search (as the
    # play check's and the fair samples' always were), never as defaults of the game.
    assert samples.stopped_by(Limit.STATES) == "the limit of 7 states"
    given = SolveRequest.checks(g, Limits(max_states=50))
    assert given.limits == Limits(max_states=50)
    # Black Hole deal 64 takes far more than 7 states (see test_fair).
    result = g.solve(g.deal(parse_deal_number(64)), samples)
    assert result.status is Status.UNKNOWN and not result.default_limit


def test_the_fair_hint_takes_its_numbers_from_the_plan() -> None:
    game = make_game("decade")
    g = game.with_plan(game.plan.replace(fair=FairPlan(samples=5)))
    seen = g.seen(g.deal(parse_deal_number(3)))
    assert fair_hint(g, seen, seed=1).samples == 5
    assert fair_hint(g, seen, samples=6, seed=1).samples == 6


def test_a_game_solves_requests_not_bare_limits() -> None:
    g = make_game("decade")
    with pytest.raises(TypeError, match="SolveRequest"):
        g.solve(g.deal(parse_deal_number(3)), Limits())  # type: ignore[arg-type]


def test_a_pickled_request_keeps_an_experiments_plan() -> None:
    game = make_game("black-hole")
    other = game.with_plan(game.plan.with_member("depth-first", first=20))
    back = pickle.loads(pickle.dumps(SolveRequest.of(other)))
    assert back.game.plan == other.plan
    assert back.game.plan_digest == other.plan_digest is not None
    own = pickle.loads(pickle.dumps(SolveRequest.of(game)))
    assert own.game.plan_digest is None


def test_a_store_keeps_another_plans_results_apart() -> None:
    game = make_game("black-hole")
    other = game.with_plan(game.plan.with_member("depth-first", first=20))
    assert StoreKey.of(game).fingerprint == game.fingerprint
    assert StoreKey.of(other).fingerprint == f"{game.fingerprint} plan={other.plan_digest}"
    # The preset's own plan, read back from its JSON form, is the preset's.
    same = game.with_plan(plan_from_json(game.plan.as_json()))
    assert same.plan_digest is None and StoreKey.of(same) == StoreKey.of(game)


def test_a_plans_digest_is_of_its_json_with_the_fair_numbers_and_the_checks() -> None:
    # A store keys the results of a plan other than the preset's by this digest, so the
    # plan's JSON form may not drift, wherever its parts are defined: the default fair
    # numbers and checks are written out here by hand, in the order sort_keys gives.
    plan = Plan((PlanMember("depth-first", params={"first": 10}),), base=100, growth=2.0)
    text = (
        '{"base":100,"checks":{"max_states":200000},"difficulty":null,'
        '"fair":{"batch":16,"exact_depth":200,"exact_hidden":5,"exact_nodes":20000,'
        '"limits":{"max_states":200000},"most_samples":10000,"own_hidden":0,"own_nodes":20000,'
        '"samples":64,"twin_orders":720},'
        '"growth":2.0,"limits":{},"limits_when":[],'
        '"members":[{"cap":null,"factory":"depth-first","name":"depth-first",'
        '"params":{"first":10},"weight":1.0,"when":null}],'
        '"screens":[],'
        '"shortest":{"every_win":false,"members":[{"cap":null,"factory":"a-star","name":"A*",'
        '"params":{},"weight":1.0,"when":null}],"states":null}}'
    )
    assert plan_digest(plan) == hashlib.sha256(text.encode()).hexdigest()[:12]
    assert plan_digest(plan.replace(checks=Limits(max_states=200_001))) != plan_digest(plan)
    assert plan_digest(plan.replace(fair=FairPlan(batch=8))) != plan_digest(plan)


def _plan_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], preset: str) -> Path:
    code, out, _ = run_cli(capsys, "games", "--plan", preset, "--json")
    assert code == 0
    path = tmp_path / f"{preset}.json"
    path.write_text(out)
    return path


def test_solve_under_a_plan_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _plan_file(tmp_path, capsys, "black-hole")
    code, plain, _ = run_cli(capsys, "solve", "black-hole", "3", "--json")
    assert code == 0
    code, same, _ = run_cli(capsys, "solve", "black-hole", "3", "--json", "--plan", str(path))
    assert code == 0
    a, b = json.loads(plain), json.loads(same)
    assert (a["status"], a["moves"], a["stats"]["expanded"]) == (
        b["status"],
        b["moves"],
        b["stats"]["expanded"],
    )
    # A number changed in the file changes the search, not the verdict (deal 3 is won).
    path.write_text(path.read_text().replace('"first": 2000', '"first": 20'))
    code, changed, _ = run_cli(capsys, "solve", "black-hole", "3", "--json", "--plan", str(path))
    c = json.loads(changed)
    assert code == 0 and c["status"] == "won"
    assert c["stats"]["expanded"] != a["stats"]["expanded"]


def _line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


@pytest.mark.parametrize(
    ("old", "new", "field", "why"),
    [
        ('"first": 2000', '"first": "x"', "plan.members[0].params.first", "expected a value"),
        ('"first": 2000', '"firsts": 2', "plan.members[0].params.firsts", "no parameter"),
        ('"samples": 64', '"sample": 64', "plan.fair.sample", "not a field here"),
        ('"weight": 1.0', '"weight": -1', "plan.members[0].weight", "at least 0"),
        ('"max_states": 200000', '"max_states": 0', "plan.checks.max_states", "at least 1"),
        ('"own_hidden": 0', '"own_hidden": -1', "plan.fair.own_hidden", "at least 0"),
        ('"own_nodes": 20000', '"own_nodes": "x"', "plan.fair.own_nodes", "a whole number"),
    ],
)
def test_a_bad_plan_file_is_named_by_file_line_and_field(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    old: str,
    new: str,
    field: str,
    why: str,
) -> None:
    path = _plan_file(tmp_path, capsys, "black-hole")
    text = path.read_text()
    # The checks' limit comes last in the file; the others once.
    at = text.rindex(old)
    path.write_text(text[:at] + new + text[at + len(old) :])
    line = _line_of(path, new) if old != '"max_states": 200000' else text.count("\n", 0, at) + 1
    code, _, err = run_cli(capsys, "solve", "black-hole", "3", "--plan", str(path))
    assert code == 2
    assert err.startswith(f"solitaire-solver: error: --plan {path}, line {line}: {field}: ")
    assert why in err and len(err.strip().splitlines()) == 1


def test_a_plan_file_that_is_not_json_or_not_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.json"
    path.write_text('{\n  "members": [\n    {"name": "depth-first"}\n  ]\n  "base": 3\n}\n')
    with pytest.raises(PlanError, match=r"p\.json, line 5: not JSON"):
        read_plan(path)
    code, _, err = run_cli(capsys, "stats", "black-hole", "--deals", "1", "--plan", str(path))
    assert code == 2 and "line 5: not JSON" in err
    code, _, err = run_cli(capsys, "solve", "black-hole", "3", "--plan", str(tmp_path / "no"))
    assert code == 2 and "cannot read the plan" in err
    # Another game's plan names members this solver cannot make.
    decade = _plan_file(tmp_path, capsys, "decade")
    code, _, err = run_cli(capsys, "solve", "black-hole", "3", "--plan", str(decade))
    assert code == 2 and "no factory" in err


@pytest.mark.parametrize(
    "switch", ["reachability", "euler", "dominance", "ordering", "restarts", "symmetry"]
)
def test_black_holes_switches_are_plan_parameters(switch: str) -> None:
    # Each improvement of the search can be turned off from the plan; none changes a
    # verdict (deal 3 is won, deal 1 lost: the published table's).
    game = make_game("black-hole")
    assert game.plan.member("depth-first").param(switch) is True
    switches: dict[str, Any] = {switch: False}
    off = game.with_plan(game.plan.with_member("depth-first", **switches))
    assert off.solve(off.deal(parse_deal_number(3)), SolveRequest.of(off)).status is Status.WON
    assert off.solve(off.deal(parse_deal_number(1)), SolveRequest.of(off)).status is Status.LOST


def test_a_shortest_solve_runs_the_plans_shortest_section() -> None:
    # Decade deal 3 is won; under compulsory rules the section's A* proves a line shortest,
    # and the verdict is named by the section's member.
    game = make_game("decade")
    start = game.deal(parse_deal_number(3))
    own = game.solve(start, SolveRequest.of(game, shortest=True))
    assert own.won and own.shortest and own.settled_by == "A*"
    renamed = Shortest(members=(PlanMember("plain A*", factory="a-star"),))
    other = game.with_plan(game.plan.replace(shortest=renamed))
    result = other.solve(start, SolveRequest.of(other, shortest=True))
    assert result.won and result.shortest and result.settled_by == "plain A*"
    assert result.moves == own.moves
    # A section whose every win is a shortest one runs no second search: the
    # first line comes back marked, with the work of the first search alone.
    marked = game.with_plan(game.plan.replace(shortest=Shortest(members=(), every_win=True)))
    first = game.solve(start, SolveRequest.of(game))
    result = marked.solve(start, SolveRequest.of(marked, shortest=True))
    assert result.shortest and result.moves == first.moves
    assert result.stats.expanded == first.stats.expanded < own.stats.expanded


def test_a_shortest_section_needs_a_search_or_every_win() -> None:
    with pytest.raises(ValueError, match="every_win"):
        Shortest(members=())
    with pytest.raises(ValueError, match="no member searches"):
        Shortest(every_win=True)
    with pytest.raises(ValueError, match="twice"):
        Shortest(members=(PlanMember("A*", factory="a-star"),) * 2)


def test_a_plan_files_shortest_section_is_honoured(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Decade under optional rules keeps the fewest discards for a shortest line: the
    # section names that plug-in. A file that names the ordinary plug-in instead gets its
    # line, not proved shortest (deal 4: 63 moves; the fewest take 61).
    path = _plan_file(tmp_path, capsys, "decade-optional")
    code, out, _ = run_cli(capsys, "solve", "decade-optional", "4", "--shortest", "--json")
    own = json.loads(out)
    assert code == 0 and own["shortest"] and len(own["moves"]) == 61
    doc = json.loads(path.read_text())
    section = doc["plan"]["shortest"]
    assert [m["factory"] for m in section["members"]] == ["a-star", "fewest intervals"]
    section["members"][1]["factory"] = "intervals"
    path.write_text(json.dumps(doc, indent=2))
    args = ("solve", "decade-optional", "4", "--shortest", "--json", "--plan", str(path))
    code, out, _ = run_cli(capsys, *args)
    changed = json.loads(out)
    assert code == 0 and changed["status"] == "won"
    assert not changed["shortest"] and len(changed["moves"]) == 63
    # A factory the solver does not have is named by its place in the file.
    section["members"][1]["factory"] = "fastest"
    path.write_text(json.dumps(doc, indent=2))
    code, _, err = run_cli(capsys, *args)
    assert code == 2 and "plan.shortest.members[1].factory: no factory 'fastest'" in err


def test_a_plan_files_windmill_switch_changes_the_solve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The beams over sub-games are a switch of the beams member: on deal 3 a beam over a
    # sub-game wins at the first width; without them, only a wider beam of the game does.
    path = _plan_file(tmp_path, capsys, "windmill")
    doc = json.loads(path.read_text())
    beams = doc["plan"]["members"][0]
    assert beams["name"] == "beams" and beams["params"]["sub_games"] is True
    code, out, _ = run_cli(capsys, "solve", "windmill", "3", "--json")
    own = json.loads(out)
    assert code == 0 and own["settled_by"] == "beams: width 8, holding 1 rank"
    beams["params"]["sub_games"] = False
    path.write_text(json.dumps(doc, indent=2))
    code, out, _ = run_cli(capsys, "solve", "windmill", "3", "--json", "--plan", str(path))
    off = json.loads(out)
    assert code == 0 and off["status"] == "won"
    assert off["settled_by"] == "beams: width 32"
    assert off["stats"]["expanded"] != own["stats"]["expanded"]
    # The same switch of the library's solver, as a change of its plan.
    game = make_game("windmill")
    plan = game.plan.with_member("beams", sub_games=False)
    other = game.with_plan(plan)
    result = other.solve(other.deal(parse_deal_number(3)), SolveRequest.of(other))
    assert (result.settled_by, result.stats.expanded) == (
        off["settled_by"],
        off["stats"]["expanded"],
    )


def test_decades_own_exact_numbers_are_in_its_plan_and_its_plan_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Decade's own exact method: at most 10 cards hidden, 300,000 states (docs/design/games/
    # decade.md); the other presets have none.
    fair = PRESETS["decade"].solver_plan.fair
    assert (fair.own_hidden, fair.own_nodes) == (10, 300_000)
    assert PRESETS["windmill"].solver_plan.fair.own_hidden == 0
    code, out, _ = run_cli(capsys, "games", "--plan", "decade", "--json")
    assert code == 0
    shown = json.loads(out)["plan"]["fair"]
    assert (shown["own_hidden"], shown["own_nodes"]) == (10, 300_000)
    code, text, _ = run_cli(capsys, "games", "--plan", "decade")
    assert "own exact method first with at most 10 hidden: 300,000 positions" in text
    # Read back from the file, and changed there.
    path = tmp_path / "decade.json"
    path.write_text(out.replace('"own_hidden": 10', '"own_hidden": 3'))
    plan = read_plan(path, own=PRESETS["decade"].solver_plan)
    assert (plan.fair.own_hidden, plan.fair.own_nodes) == (3, 300_000)
