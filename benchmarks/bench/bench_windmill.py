"""Windmill: solving fixed deals of each variant, and the cost of one step.

Run: ``pytest benchmarks/bench/bench_windmill.py --benchmark-only``. The deals are
ones the beam search wins at its first widths; the 20,000-state runs show
what a deal that is not won quickly costs before it is reported unknown, and
the beam runs time one width on a deal no narrow beam wins, over the game
and over sub-games that never give a secondary the next one or three ranks
the primary needs. The summary search is timed on a fixed lost position 17
stock cards from the end, alone and in the solver's portfolio. The cost of a
position is timed for the beams and the relaxed search, compiled and in
Python (``extra_info``: positions, microseconds a position).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solitaire_solver import solve
from solitaire_solver.games import make_game
from solitaire_solver.games.windmill import (
    Windmill,
    any_line,
    beam_over,
    beams,
    compact,
    rank_model,
    summary_search,
)
from solitaire_solver.games.windmill import kernel as kernel_module
from solitaire_solver.games.windmill.relaxation import Relaxation, RelaxedRules, first_play
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.search import Budget, Limits, Run, Status, Verdict, drive
from solitaire_solver.search import solve as run_strategy
from tests.helpers.windmill import game, late_positions

VARIANTS = {
    "windmill": ("windmill", None),
    "windmill-reversed": ("windmill-reversed", None),
    "free": ("windmill", ["foundation_moves=free"]),
}


@pytest.mark.parametrize(
    ("variant", "number"), [("windmill", 1), ("windmill-reversed", 9), ("free", 1)]
)
def test_solve_fixed_deal(benchmark: Any, variant: str, number: int) -> None:
    preset, rules = VARIANTS[variant]
    r = benchmark(solve, preset, number, rules=rules, max_states=20_000)
    assert r.status in (Status.WON, Status.UNKNOWN)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_deal_left_unknown_at_20k_states(benchmark: Any, variant: str) -> None:
    preset, rules = VARIANTS[variant]
    r = benchmark.pedantic(
        solve, (preset, 2), {"rules": rules, "max_states": 20_000}, rounds=1, iterations=1
    )
    assert r.status in (Status.WON, Status.UNKNOWN)


def test_moves_apply_key(benchmark: Any) -> None:
    g = make_game("windmill")
    s = g.deal(parse_deal_number(123456))

    def step() -> int:
        n = 0
        state = s
        for _ in range(90):
            moves = g.moves(state)
            state = g.apply(state, moves[-1])
            n += hash(g.key(state)) & 1
        return n

    benchmark(step)


@pytest.mark.parametrize("hold", [0, 1, 3], ids=["game", "hold-1", "hold-3"])
@pytest.mark.parametrize("width", [128, 1024])
def test_beam_one_width_on_deal_2(benchmark: Any, width: int, hold: int) -> None:
    # The sub-game leaves out moves, so its beam may cost less a round.
    g = make_game("windmill")
    assert isinstance(g, Windmill)
    s = g.deal(parse_deal_number(2))
    one = beam_over(rank_model(g.problem, hold=hold), s, width)

    def run() -> Verdict[Any] | None:
        budget = Budget()
        return drive(one(budget), budget)

    # A beam that drops positions and wins nothing ends with no verdict.
    verdict = benchmark.pedantic(run, rounds=3, iterations=1)
    assert verdict is None or verdict.won


def test_rank_model_step(benchmark: Any) -> None:
    g = make_game("windmill")
    assert isinstance(g, Windmill)
    model = rank_model(g.problem)
    start = compact(g.deal(parse_deal_number(123456)))

    def step() -> int:
        n = 0
        st = start
        for _ in range(90):
            children = model.plays(st)
            turned = model.turn(st)
            st = children[0] if children else turned if turned is not None else st
            n += len(children)
        return n

    benchmark(step)


def test_summary_search_late_position(benchmark: Any) -> None:
    # A lost position of deal 2 with 17 stock cards left, which the plain
    # depth-first search does not settle in 20,000 states.
    g = game()
    s = late_positions(g, range(1, 12), left=18, per_deal=1)[2]
    r = benchmark(summary_search, g.problem, s, Limits())
    assert r.status is Status.LOST


@pytest.mark.parametrize("summaries", [True, False], ids=["turns", "beams-alone"])
def test_whole_solver_late_position(benchmark: Any, summaries: bool) -> None:
    # The same position: the beams alone need every width up to 32,768 to
    # prove the loss; taking turns with them, the summaries settle it first.
    g = game()
    s = late_positions(g, range(1, 12), left=18, per_deal=1)[2]
    strategy = any_line(g.problem, s, with_depth_first=False) if summaries else beams(g.problem, s)
    r = benchmark(run_strategy, strategy)
    assert r.status is Status.LOST


def windmill_on(kernel: str, monkeypatch: Any) -> Windmill:
    """Windmill on ``kernel``: ``"python"`` plays it in Python, any other the compiled kernel
    (the benchmark skips where it is not built)."""
    if kernel == "python":
        monkeypatch.setenv(kernel_module.PURE, "1")
    elif not kernel_module.built():
        pytest.skip("the compiled kernel is not built")
    g = make_game("windmill")
    assert isinstance(g, Windmill)
    return g


def cost_per_position(benchmark: Any, search: Callable[[Budget], Run]) -> Verdict[Any] | None:
    """Time ``search`` run to its end with a budget of its own, three rounds; its verdict.

    ``extra_info`` gets the positions the last round expanded and the median
    cost of one in microseconds.
    """
    budgets: list[Budget] = []

    def run() -> Verdict[Any] | None:
        budget = Budget()
        budgets.append(budget)
        return drive(search(budget), budget)

    verdict: Verdict[Any] | None = benchmark.pedantic(run, rounds=3, iterations=1)
    positions = budgets[-1].expanded
    benchmark.extra_info["positions"] = positions
    benchmark.extra_info["us_per_position"] = benchmark.stats.stats.median / positions * 1e6
    return verdict


@pytest.mark.parametrize("kernel", ["compiled", "python"])
def test_beam_cost_per_position(benchmark: Any, kernel: str, monkeypatch: Any) -> None:
    # One beam of width 2,048 on deal 2, which no beam wins: the compiled
    # kernel against the Python rank model, the same positions expanded.
    # ``extra_info`` has the positions and the cost of one in microseconds.
    g = windmill_on(kernel, monkeypatch)
    s = g.deal(parse_deal_number(2))
    one = beam_over(rank_model(g.problem), s, 2048)
    verdict = cost_per_position(benchmark, one)
    assert verdict is None


@pytest.mark.parametrize("kernel", ["compiled", "python"])
def test_relaxed_search_cost_per_position(benchmark: Any, kernel: str, monkeypatch: Any) -> None:
    # The relaxation of deal 598 cut at its first play (lost, about a million
    # relaxed positions): the compiled search against the engine's Python loop.
    g = windmill_on(kernel, monkeypatch)
    cut = first_play(rank_model(g.problem), compact(g.deal(parse_deal_number(598))))
    verdict = cost_per_position(
        benchmark, lambda budget: Relaxation(RelaxedRules(g.problem), cut).run(budget)
    )
    assert verdict is not None and not verdict.won
