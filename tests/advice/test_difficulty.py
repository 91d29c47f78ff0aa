"""The difficulty figure: what it is, and that it means something to a player."""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_solver import make_game
from solitaire_solver.games.decade import HOLDING_BACK
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.records.verdicts import Classes
from solitaire_solver.request import SolveRequest
from solitaire_solver.stats import solve_deals
from tests.helpers.greedy import greedy_wins


def test_the_figure_is_the_binary_digits_of_the_search() -> None:
    game = make_game("eagle-wing-coops")
    for number in (1, 2, 4):
        start = game.deal(parse_deal_number(number))
        result = game.solve(start, SolveRequest.of(game))
        figure = game.difficulty(start, result)
        if result.won:
            assert figure == result.stats.expanded.bit_length()
            assert 2 ** (figure - 1) <= result.stats.expanded < 2**figure
        else:
            assert figure is None


def test_optional_decade_asks_the_compulsory_search() -> None:
    optional, compulsory = make_game("decade-optional"), make_game("decade")
    both = neither = 0
    for number in range(1, 60):
        start = optional.deal(parse_deal_number(number))
        result = optional.solve(start, SolveRequest.of(optional))
        figure = optional.difficulty(start, result)
        if not result.won:
            assert figure is None
            continue
        strict = compulsory.solve(start, SolveRequest.of(compulsory))
        if strict.won:
            # Won while always discarding: the compulsory search's own figure.
            assert figure == compulsory.difficulty(start, strict)
            both += 1
        else:
            # Won only by leaving a run alone: beyond every such figure.
            assert figure is not None and figure >= HOLDING_BACK
            neither += 1
    assert both and neither


def greedy_by_class(preset: str, deals: str) -> dict[str, tuple[int, int]]:
    """Greedy wins and won deals in each class (thirds of the won deals' figures)."""
    game = make_game(preset)
    won = [r for r in solve_deals(game, deals) if r.status.value == "won"]
    classes = Classes.of(r.difficulty or 0 for r in won)
    tally: dict[str, list[int]] = {"easy": [0, 0], "medium": [0, 0], "hard": [0, 0]}
    for r in won:
        entry = tally[classes.name_of(r.difficulty or 0)]
        entry[0] += greedy_wins(game, r.deal)
        entry[1] += 1
    return {name: (w, n) for name, (w, n) in tally.items()}


def rates(tally: dict[str, tuple[int, int]]) -> list[float]:
    return [tally[name][0] / tally[name][1] for name in ("easy", "medium", "hard")]


def check_hard_is_harder(tally: dict[str, Any]) -> None:
    easy, medium, hard = rates(tally)
    assert all(tally[name][1] >= 20 for name in tally), tally
    assert easy > medium > hard, tally


def test_hard_decade_deals_are_the_ones_a_greedy_player_loses() -> None:
    check_hard_is_harder(greedy_by_class("decade", "1-1500"))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("preset", "deals"),
    [
        ("decade", "1-10000"),
        ("decade-optional", "1-5000"),
        ("eagle-wing", "1-20000"),
        ("eagle-wing-coops", "1-2000"),
    ],
)
def test_hard_deals_are_the_ones_a_greedy_player_loses(preset: str, deals: str) -> None:
    tally = greedy_by_class(preset, deals)
    if preset == "decade-optional":
        # The greedy player discards whenever it can, so it never wins a
        # deal that needs a run left alone: those are all hard, and it wins
        # none of them.
        easy, medium, hard = rates(tally)
        assert easy > medium >= hard, tally
    else:
        check_hard_is_harder(tally)
