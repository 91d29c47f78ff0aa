"""Winnability statistics: deal ranges, intervals, summaries and executors."""

from __future__ import annotations

import itertools
import json
import math
import multiprocessing
import random
import sqlite3
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_solver import make_game, solve
from solitaire_solver.errors import BadDealNumberError, BadOptionError
from solitaire_solver.numbering import DealNumber, parse_deal_number
from solitaire_solver.records.store import Store
from solitaire_solver.search import Limit, Limits, Status
from solitaire_solver.stats import (
    Z95,
    DealResult,
    Spread,
    SpreadTally,
    default_store_path,
    parse_deals,
    percentile,
    run_deals,
    runners,
    solve_deals,
    summarize,
    wilson_interval,
    winnability,
)
from solitaire_solver.stats.runners import _Batcher
from tests.helpers import assert_replays_to_win
from tests.support import run_cli

# ---------------------------------------------------------------- Wilson intervals


def wilson_by_quadratic(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson interval as the two roots p of (k/n - p)^2 = z^2 p (1 - p) / n.

    Written from the definition (the score test inverted), not from the
    closed form that the library uses.
    """
    a = n + z * z
    b = -(2 * k + z * z)
    c = k * k / n
    disc = math.sqrt(max(0.0, b * b - 4 * a * c))
    return ((-b - disc) / (2 * a), (-b + disc) / (2 * a))


def test_wilson_fifty_of_a_hundred() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=5e-5)
    assert high == pytest.approx(0.5962, abs=5e-5)


def test_wilson_none_won() -> None:
    # With k = 0 the roots are 0 and z^2 / (n + z^2): 0 of 10 gives 0 to 0.2775.
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=5e-5)
    assert wilson_interval(0, 1000)[1] == pytest.approx(Z95**2 / (1000 + Z95**2))


def test_wilson_all_won() -> None:
    # Mirror image of none won: 10 of 10 gives 0.7225 to 1.
    low, high = wilson_interval(10, 10)
    assert low == pytest.approx(0.7225, abs=5e-5)
    assert high == 1.0
    assert wilson_interval(1000, 1000)[0] == pytest.approx(1000 / (1000 + Z95**2))


def test_wilson_no_trials_is_everything() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError, match="not between"):
        wilson_interval(5, 4)


@given(st.integers(1, 10**6).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_matches_the_quadratic(kn: tuple[int, int]) -> None:
    k, n = kn
    low, high = wilson_interval(k, n)
    want_low, want_high = wilson_by_quadratic(k, n)
    assert low == pytest.approx(want_low, abs=1e-9)
    assert high == pytest.approx(want_high, abs=1e-9)
    assert 0.0 <= low <= k / n <= high <= 1.0


def test_percentile_nearest_rank() -> None:
    values = list(range(1, 101))  # 1..100
    assert percentile(values, 99) == 99
    assert percentile(values, 50) == 50
    assert percentile(values, 100) == 100
    assert percentile([7.0], 99) == 7.0
    assert percentile([3, 1, 2], 99) == 3


# ---------------------------------------------------------------- deal ranges


def test_parse_deals_ranges() -> None:
    deals = parse_deals("1-10000")
    assert len(deals) == 10000
    assert [d.value for d in deals[:3]] == [1, 2, 3]
    assert deals[-1].value == 10000
    mixed = [d.value for d in parse_deals("1-100,200,300-310")]
    assert mixed == [*range(1, 101), 200, *range(300, 311)]


def test_parse_deals_ends_are_deal_numbers() -> None:
    # Each end of a range is a deal number in any accepted form.
    assert [d.value for d in parse_deals("1_000-1_003")] == [1000, 1001, 1002, 1003]
    assert [d.value for d in parse_deals("#7")] == [7]
    assert [d.value for d in parse_deals("1-5")] == [1, 2, 3, 4, 5]


def test_a_range_is_never_listed() -> None:
    deals = parse_deals("1-10000000000000")
    assert len(deals) == 10**13
    assert deals[0] == DealNumber(1, True)
    assert deals[-1] == DealNumber(10**13, False)
    assert deals[31999] == DealNumber(32000, False)
    assert DealNumber(5 * 10**12, False) in deals
    assert DealNumber(5 * 10**12, True) not in deals
    assert [d.value for d in itertools.islice(deals, 3)] == [1, 2, 3]


def test_a_range_no_run_could_finish_is_refused_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 10^20 deals: "OverflowError: cannot fit 'int' into an index-sized integer" once. The
    # deal numbers themselves are fine (PySolFC's go to 10^20), the count is not.
    with pytest.raises(BadDealNumberError, match=r"100,000,000,000,000,000,000 deals, more than"):
        parse_deals("1-100000000000000000000")
    assert len(parse_deals("99999999999999999990-100000000000000000000")) == 11
    store = tmp_path / "s.sqlite"
    code, out, err = run_cli(
        capsys, "stats", "decade", "--deals", "1-100000000000000000000", "--db", str(store)
    )
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "1,000,000,000,000,000 a run may hold" in err
    assert not store.exists()


def test_a_long_list_of_items_reads_in_one_pass() -> None:
    # Ten thousand items, each taken out of those before it by bisection: the deals in the
    # order asked, each once.
    text = ",".join(str(n) for n in range(9_999, 0, -1)) + ",1-20000"
    deals = parse_deals(text)
    assert [d.value for d in deals] == [*range(9_999, 0, -1), *range(10_000, 20_001)]
    with pytest.raises(BadDealNumberError, match=r"10,001 items, more than the 10,000"):
        parse_deals(text + ",5")
    # An error quotes the start of a long text, not all of it.
    with pytest.raises(BadDealNumberError) as info:
        parse_deals(text.replace("5000,", "x,"))
    assert len(str(info.value)) < 200 and "'x' is not a deal number" in str(info.value)


def test_overlapping_items_count_each_deal_once() -> None:
    assert [d.value for d in parse_deals("1-10,5-15,3")] == list(range(1, 16))
    assert [d.value for d in parse_deals("20-30,1-25")] == [*range(20, 31), *range(1, 20)]
    # Below 32000 a plain number and ms<N> are the same deal; above, not.
    assert len(parse_deals("5,ms5,ms1-ms9")) == 9
    assert len(parse_deals("40000,ms40000")) == 2


def test_a_range_across_32000_changes_generator() -> None:
    plain = parse_deals("31998-32001")
    assert [(d.value, d.microsoft) for d in plain] == [
        (31998, True),
        (31999, True),
        (32000, False),
        (32001, False),
    ]
    ms = parse_deals("ms31998-ms32001")
    assert [str(d) for d in ms] == ["31998", "31999", "ms32000", "ms32001"]
    assert list(plain) == [parse_deal_number(str(d)) for d in plain]


def test_parse_deals_counts_a_deal_once_and_keeps_order() -> None:
    assert [d.value for d in parse_deals("5,1-3,2,5")] == [5, 1, 2, 3]


def test_parse_deals_generators() -> None:
    # 40000 is a Mersenne Twister deal; ms40000 the Microsoft one.
    plain, ms = parse_deals("40000,ms40000")
    assert (plain.value, plain.microsoft) == (40000, False)
    assert (ms.value, ms.microsoft) == (40000, True)
    assert [str(d) for d in parse_deals("ms40000-ms40001")] == ["ms40000", "ms40001"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("10-1", "runs backwards"),
        ("abc", "'abc' is not a deal number"),
        ("", "empty item"),
        ("1,,3", "empty item"),
        ("0-5", "start at 1"),
        ("5-", "is not a deal number"),
        ("1-2-3", "is not a deal number"),
        ("1.5", "groups of three"),
        ("1.0-3", "groups of three"),
        (".7", "starts with"),
        ("1_5-9", "groups of three"),
    ],
)
def test_parse_deals_errors(text: str, words: str) -> None:
    with pytest.raises(BadDealNumberError, match=words):
        parse_deals(text)


# ---------------------------------------------------------------- summaries


def _result(deal: int, status: Status, moves: int = 0, states: int = 1) -> DealResult:
    return DealResult(str(deal), deal, status, tuple("d" for _ in range(moves)), states)


def test_summary_counts_and_bounds() -> None:
    game = make_game("decade")
    results = [
        *(_result(i, Status.WON, moves=60 + i % 2, states=10) for i in range(1, 31)),
        *(_result(i, Status.LOST, states=20) for i in range(31, 91)),
        *(_result(i, Status.UNKNOWN, states=1000) for i in range(91, 101)),
    ]
    s = summarize(game, results)
    assert (s.deals, s.won, s.lost, s.unknown) == (100, 30, 60, 10)
    assert s.win_rate == pytest.approx(30 / 90)
    assert s.interval == pytest.approx(wilson_by_quadratic(30, 90))
    # Conservative: unknowns lost for the low end (30 of 100), won for the high (40 of 100).
    assert s.bounds[0] == pytest.approx(wilson_by_quadratic(30, 100)[0])
    assert s.bounds[1] == pytest.approx(wilson_by_quadratic(40, 100)[1])
    assert s.lengths == ((60, 15), (61, 15))
    assert s.states.median == 20
    assert s.states.p99 == 1000
    assert s.states.maximum == 1000
    assert s.game == "decade"
    assert s.fingerprint == game.fingerprint


def test_summary_without_unknowns_bounds_equal_interval() -> None:
    game = make_game("decade")
    s = summarize(game, [_result(1, Status.WON, 3), _result(2, Status.LOST)])
    assert s.bounds == s.interval
    assert s.win_rate == 0.5
    doc = s.as_dict()
    assert doc["won"] == 1
    assert doc["lengths"] == {"3": 1}


def test_summary_nothing_settled() -> None:
    s = summarize(make_game("decade"), [_result(1, Status.UNKNOWN)])
    assert s.win_rate is None
    assert s.interval == (0.0, 1.0)
    assert s.bounds == (0.0, 1.0)


def test_spread_tally_is_exact_while_the_values_fit() -> None:
    values = [float(v) for v in (5, 1, 9, 300, 7, 7, 2, 0)]
    tally = SpreadTally(exact_limit=100)
    for v in values:
        tally.add(v)
    assert tally.spread() == Spread.of(values)
    assert tally.spread().exact


def test_spread_tally_past_its_limit_is_within_a_tenth_of_a_percent() -> None:
    rng = random.Random(7)
    values = [rng.lognormvariate(8, 2) for _ in range(40_000)] + [0.0] * 10
    tally = SpreadTally(exact_limit=1000)
    for v in values:
        tally.add(v)
    got, want = tally.spread(), Spread.of(values)
    assert not got.exact
    assert got.maximum == want.maximum
    assert got.median == pytest.approx(want.median, rel=1e-3)
    assert got.p99 == pytest.approx(want.p99, rel=1e-3)
    # Bounded: the values went into buckets, far fewer than the values.
    assert len(tally._buckets) < 10_000 and tally._values is None


# ---------------------------------------------------------------- solving


def check_results_agree_with_solve_and_replay(first: int, last: int) -> None:
    game = make_game("decade")
    results = solve_deals(game, f"{first}-{last}", jobs=2)
    assert [r.number for r in results] == list(range(first, last + 1))
    for r in results:
        direct = solve("decade", r.number)
        assert r.status is direct.status
        assert r.moves == tuple(str(m) for m in direct.moves)
        assert r.states == direct.stats.expanded
        if r.status is Status.WON:
            start = game.deal(parse_deals(r.deal)[0])
            assert_replays_to_win(game, start, [game.parse_move(m) for m in r.moves])
    assert {r.status for r in results} == {Status.WON, Status.LOST}


def test_results_agree_with_solve_and_replay() -> None:
    check_results_agree_with_solve_and_replay(1, 40)


@pytest.mark.slow
def test_results_agree_with_solve_and_replay_many() -> None:
    check_results_agree_with_solve_and_replay(1, 2000)


def test_limits_give_unknown() -> None:
    s = winnability("decade", "1-20", limits=Limits(max_states=3))
    assert s.unknown > 0
    results = solve_deals("decade", "1-20", limits=Limits(max_states=3))
    assert all(r.limit is Limit.STATES for r in results if r.status is Status.UNKNOWN)


def test_bad_options() -> None:
    with pytest.raises(BadOptionError, match="jobs"):
        solve_deals("decade", "1-2", jobs=0)
    with pytest.raises(BadOptionError, match="no deals"):
        solve_deals("decade", [])
    with pytest.raises(BadOptionError, match="max_states"):
        solve_deals("decade", "1-2", limits=Limits(max_states=0))


def test_progress_is_reported() -> None:
    calls: list[tuple[int, int]] = []
    solve_deals("decade", "1-25", progress=lambda done, todo: calls.append((done, todo)))
    assert calls[0] == (0, 25)
    assert calls[-1] == (25, 25)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_default_store_path() -> None:
    assert default_store_path(make_game("decade")) == Path("decade.stats.sqlite")
    changed = default_store_path(make_game("decade", {"min_run": 3}), "/tmp")
    assert changed.parent == Path("/tmp")
    assert changed.name.startswith("decade-")
    assert changed != default_store_path(make_game("decade", {"min_run": 4}), "/tmp")
    assert changed == default_store_path(make_game("decade", ["min_run=3"]), "/tmp")


# ---------------------------------------------------------------- executors


def stored_rows(path: Path) -> list[dict[str, Any]]:
    """Every stored row without the fields that depend on when and how fast it ran."""
    with Store(path) as store:
        rows = store.rows()
    for r in rows:
        del r["seconds"], r["finished"]
    return rows


def check_identical_rows(tmp_path: Path, deals: str) -> None:
    pytest.importorskip("distributed")
    from distributed import Client, LocalCluster

    serial = winnability("decade", deals, jobs=1, store=tmp_path / "serial.sqlite")
    pool = winnability("decade", deals, jobs=2, store=tmp_path / "pool.sqlite")
    with (
        LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        dask = winnability("decade", deals, dask=client, store=tmp_path / "dask.sqlite")
        by_address = solve_deals("decade", deals, dask=cluster.scheduler_address)
    rows = stored_rows(tmp_path / "serial.sqlite")
    assert len(rows) == serial.deals == len(parse_deals(deals))
    assert stored_rows(tmp_path / "pool.sqlite") == rows
    assert stored_rows(tmp_path / "dask.sqlite") == rows
    assert by_address == solve_deals("decade", deals)
    for s in (pool, dask):
        assert (s.won, s.lost, s.unknown, s.lengths, s.states) == (
            serial.won,
            serial.lost,
            serial.unknown,
            serial.lengths,
            serial.states,
        )


def test_serial_pool_and_dask_store_identical_rows(tmp_path: Path) -> None:
    check_identical_rows(tmp_path, "1-150,20000-20050")


@pytest.mark.slow
def test_serial_pool_and_dask_store_identical_rows_many(tmp_path: Path) -> None:
    check_identical_rows(tmp_path, "1-3000")


def test_pool_with_limits_matches_serial() -> None:
    serial = solve_deals("decade", "1-60", limits=Limits(max_states=5))
    assert any(r.status is Status.UNKNOWN for r in serial)
    assert solve_deals("decade", "1-60", jobs=2, limits=Limits(max_states=5)) == serial


# ---------------------------------------------------------------- replaying in the workers


def damage_two_lines(path: Path) -> tuple[str, str]:
    """Cut the last move off the first stored won line and give the second the third's line.

    Returns the two damaged deals.
    """
    with sqlite3.connect(path) as db:
        won = db.execute("SELECT deal, moves FROM results WHERE status = 'won' ORDER BY number")
        (short, short_moves), (other, _), (_, third_moves) = won.fetchall()[:3]
        cut = json.dumps(json.loads(short_moves)[:-1])
        db.execute("UPDATE results SET moves = ? WHERE deal = ?", (cut, short))
        db.execute("UPDATE results SET moves = ? WHERE deal = ?", (third_moves, other))
    return short, other


def test_verify_replays_stored_lines_in_the_workers(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    # More stored deals than one look-up in the store reads, so that the
    # rerun with nothing to solve replays them in a pool too.
    first = run_deals("decade", "1-600", lambda r: None, jobs=1, store=db)
    assert (first.solved, first.failures) == (600, ())
    short, other = damage_two_lines(db)
    expected = [
        (int(short), short, f"deal {short}: the stored winning line ends after"),
        (int(other), other, f"deal {other}: the stored winning line does not replay: move "),
    ]
    for deals, jobs in (("1-700", 2), ("1-600", 2), ("1-600", 1)):
        seen: list[DealResult] = []
        counts = run_deals("decade", deals, seen.append, jobs=jobs, store=db, verify=True)
        assert counts.stored == 600
        assert len(seen) == len(parse_deals(deals))
        assert [(n, d) for n, d, _ in counts.failures] == [(n, d) for n, d, _ in expected]
        for (_, _, message), (_, _, start) in zip(counts.failures, expected, strict=True):
            assert message.startswith(start)
    # Without verify nothing is replayed.
    assert run_deals("decade", "1-600", lambda r: None, jobs=2, store=db).failures == ()


@pytest.mark.skipif(
    "fork" not in multiprocessing.get_all_start_methods(),
    reason="the workers must inherit the damaged solve_one",
)
@pytest.mark.parametrize("jobs", [1, 2])
def test_verify_replays_found_lines_where_they_were_found(
    monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    real = runners.solve_one

    def cut(request: Any, deal: Any) -> DealResult:
        r = real(request, deal)
        return attrs.evolve(r, moves=r.moves[:-1]) if r.moves else r

    # Patched where the runners look it up, in this process and in forked workers.
    monkeypatch.setattr(runners, "solve_one", cut)
    seen: list[DealResult] = []
    counts = run_deals("decade", "1-60", seen.append, jobs=jobs, verify=True)
    won = sorted((r.number, r.deal) for r in seen if r.status is Status.WON)
    assert len(won) > 10
    assert [(n, d) for n, d, _ in counts.failures] == won
    for _, deal, message in counts.failures:
        assert message.startswith(f"deal {deal}: the found winning line ends after")


def test_batches_shrink_towards_the_end_of_a_run() -> None:
    batcher = _Batcher(10_000, 2)
    assert batcher.size() == 1  # nothing timed yet
    batcher.record(100, 0.001)  # cheap deals: time alone would allow the cap
    sizes = []
    while batcher.left > 0:
        sizes.append(batcher.size())
        batcher.handed(sizes[-1])
    assert sizes[0] == 10_000 // 8
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[-4:] == [1, 1, 1, 1]
    assert sum(sizes) == 10_000
    # Slow deals: a quarter of a second of work a batch.
    slow = _Batcher(10_000, 2)
    slow.record(10, 1.0)
    assert slow.size() == 2


def test_verify_on_dask_replays_found_and_stored_lines(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    from distributed import Client, LocalCluster

    db = tmp_path / "s.sqlite"
    run_deals("decade", "1-600", lambda r: None, jobs=1, store=db)
    short, other = damage_two_lines(db)
    with (
        LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        seen: list[DealResult] = []
        counts = run_deals("decade", "1-650", seen.append, dask=client, store=db, verify=True)
    assert (counts.stored, counts.solved, len(seen)) == (600, 50, 650)
    assert [d for _, d, _ in counts.failures] == sorted([short, other], key=int)
    assert all("the stored winning line" in message for _, _, message in counts.failures)
