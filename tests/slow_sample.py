"""The sample of the slow checks that CI runs: ``python -m pytest -m sample``.

The slow checks (``-m slow``) are exhaustive comparisons over many deals that
take hours together on the project's 2-core machine; CI runs this sample of
them, each of which takes seconds to a few minutes, chosen so that every kind
of slow check (each game's pruned against plain search, the relaxations, the
fair games, the published rates, the stores, the fuzz suite's long run) has at
least one member in it. The tests keep their ``slow`` mark; the hook below adds
``sample`` to those named here before pytest selects by mark. A name here that
its file no longer collects is an error, so that renaming a test cannot shrink
the sample unseen.
"""

from __future__ import annotations

import pytest

SAMPLE = (
    "tests/advice/test_difficulty.py::test_hard_deals_are_the_ones_a_greedy_player_loses"
    "[decade-1-10000]",
    "tests/advice/test_fair.py::test_fair_players_games_match_the_pinned_ones[eagle-wing-1]",
    "tests/advice/test_fair_games.py::test_following_the_fair_hint_ends_the_game_over_many_deals"
    "[black-hole]",
    "tests/games/decade/test_decade.py::test_decade_agrees_with_plain_recursion_full",
    "tests/games/decade/test_decade.py::test_agrees_with_the_generic_search[decade]",
    "tests/games/eagle_wing/test_eagle_wing.py::test_search_agrees_with_the_plain_search_part_way"
    "[eagle-wing]",
    "tests/games/eagle_wing/test_eagle_wing.py::test_a_strict_win_is_a_coops_win_many",
    "tests/games/eagle_wing/test_eagle_wing_relaxation.py::test_never_lost_for_a_won_deal"
    "[eagle-wing]",
    "tests/games/eagle_wing/test_eagle_wing_relaxation.py::test_relaxed_losses_part_way_are_losses"
    "[eagle-wing]",
    "tests/games/windmill/test_windmill.py::test_pruned_search_agrees_with_plain_search_many"
    "[rules0]",
    "tests/games/windmill/test_windmill_relaxation.py::"
    "test_the_relaxed_search_gives_the_relaxed_games_own_verdict_many[rules0]",
    "tests/games/windmill/test_windmill_relaxation.py::test_relaxation_against_plain_search_many"
    "[rules0]",
    "tests/games/windmill/test_windmill_relaxation.py::"
    "test_deal_551_is_relaxed_lost_within_the_solvers_cap",
    "tests/games/windmill/test_windmill_summaries.py::test_agrees_with_plain_dfs_and_reference_many"
    "[6-windmill]",
    "tests/games/windmill/test_windmill_summaries.py::"
    "test_settles_what_the_plain_dfs_does_not_far_from_the_end[18-3]",
    "tests/records/test_deal_files.py::test_no_reachable_position_is_refused[decade]",
    "tests/records/test_verdict_files.py::test_published_rates_are_reproduced_on_a_sample[decade]",
    "tests/records/test_verdicts_kept.py::test_every_recorded_verdict_is_kept[black-hole]",
    "tests/stats/test_stats.py::test_results_agree_with_solve_and_replay_many",
    "tests/stats/test_stats.py::test_serial_pool_and_dask_store_identical_rows_many",
)
"""Node ids of the slow checks in CI's sample, as pytest names them from the project's
folder. Every slow test of ``tests/fuzz/`` is in it too: its long run is CI's."""

WHOLE_FOLDERS = ("tests/fuzz/",)
"""Folders whose slow tests are all in the sample."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the sample ``sample`` before ``-m`` deselects, and refuse names gone stale."""
    collected = {item.nodeid for item in items}
    files = {nodeid.split("::", 1)[0] for nodeid in collected}
    stale = [
        nodeid for nodeid in SAMPLE if nodeid.split("::", 1)[0] in files and nodeid not in collected
    ]
    if stale:
        raise pytest.UsageError(f"tests/slow_sample.py names tests that do not exist: {stale}")
    for item in items:
        in_folder = item.nodeid.startswith(WHOLE_FOLDERS) and item.get_closest_marker("slow")
        if item.nodeid in SAMPLE or in_folder:
            item.add_marker(pytest.mark.sample)
