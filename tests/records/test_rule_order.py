"""Rule sets ordered by what they allow, and the published tables read through the order."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from solitaire_solver import make_game
from solitaire_solver.api import verify
from solitaire_solver.numbering import DealNumber
from solitaire_solver.records.store import Store, StoreKey
from solitaire_solver.records.verdicts import (
    LOST,
    WON,
    Verdicts,
    related_tables,
    shipped_names,
    shipped_verdicts,
    table_game,
    table_verdict,
    write_verdicts,
)
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Limits, Status
from solitaire_solver.stats import solve_deals
from solitaire_solver.stats.tables import carried_win, store_carried
from tests.support import run_cli

FREE = ["foundation_moves=free"]

# ---------------------------------------------------------------- the order, by hand


@pytest.mark.parametrize(
    ("preset", "stricter", "looser"),
    [
        # RULES.md, "Windmill": the flag only forbids; a redeal is only ever allowed more.
        ("windmill", [], FREE),
        ("windmill", [], ["redeals=1"]),
        ("windmill", ["redeals=1"], ["redeals=2", *FREE]),
        ("windmill-reversed", [], FREE),
        # RULES.md, "Eagle Wing": the seed's wings are a case of building.
        ("eagle-wing", [], ["redeals=3"]),
        ("eagle-wing", [], ["wing_capacity=3", "building=down-in-suit"]),
        ("eagle-wing", ["wing_capacity=5"], ["building=down-in-suit"]),  # no building: room 1
        ("eagle-wing-coops", ["wing_capacity=2"], []),
        # RULES.md, "Decade": optional discards allow every compulsory line, and more runs.
        ("decade", [], ["compulsory=false"]),
        ("decade", ["sums=10,20"], ["compulsory=false"]),
        ("decade-optional", ["min_run=3", "max_run=5"], []),
    ],
)
def test_stricter_rules_allow_at_most_the_looser(
    preset: str, stricter: list[str], looser: list[str]
) -> None:
    low, high = make_game(preset, stricter), make_game(preset, looser)
    assert low.allows_at_most(high.rules)
    assert not high.allows_at_most(low.rules)
    assert low.allows_at_most(low.rules)


@pytest.mark.parametrize(
    ("preset", "one", "other"),
    [
        # Another deal: the centre card, or the trunk's size.
        ("windmill", [], ["direction=down"]),
        ("eagle-wing", [], ["trunk_size=15", "redeals=3"]),
        # More moves one way, fewer the other.
        ("windmill", ["redeals=1"], FREE),
        ("eagle-wing", ["redeals=3"], ["building=down-in-suit"]),
        # Compulsory discards: a larger set of sums forbids deals past a run.
        ("decade", ["sums=10,20"], []),
        ("decade", ["min_run=3"], []),
    ],
)
def test_rules_neither_of_which_holds_the_other_are_not_ordered(
    preset: str, one: list[str], other: list[str]
) -> None:
    a, b = make_game(preset, one), make_game(preset, other)
    assert not a.allows_at_most(b.rules) and not b.allows_at_most(a.rules)


def test_black_hole_orders_only_its_own_rules() -> None:
    game = make_game("black-hole")
    assert game.allows_at_most(game.rules)


def _walk_checks_legality(stricter: Any, looser: Any, number: int, seed: int) -> int:
    """Play a random line under ``stricter`` from deal ``number``, checking at each step
    that every move it allows is allowed, with the same effect on the cards left, under
    ``looser``; the number of moves played."""
    rng = random.Random(seed)
    deal = DealNumber(number, True)
    low, high = stricter.deal(deal), looser.deal(deal)
    played = 0
    while True:
        moves = stricter.legal_moves(low)
        allowed = {str(m) for m in looser.legal_moves(high)}
        assert {str(m) for m in moves} <= allowed, (number, played)
        if not moves:
            return played
        move = rng.choice(moves)
        low = stricter.apply(low, move)
        high = looser.apply(high, looser.parse_move(str(move)))
        assert stricter.cards_left(low) == looser.cards_left(high)
        played += 1


@pytest.mark.parametrize(
    ("preset", "stricter", "looser"),
    [
        ("windmill", [], ["redeals=1", *FREE]),
        ("windmill-reversed", [], FREE),
        ("eagle-wing", [], ["redeals=3", "wing_capacity=3", "building=down-in-suit"]),
        ("decade", ["sums=10,20"], ["compulsory=false"]),
    ],
)
def test_every_stricter_move_on_random_lines_is_a_looser_move(
    preset: str, stricter: list[str], looser: list[str]
) -> None:
    low, high = make_game(preset, stricter), make_game(preset, looser)
    assert low.allows_at_most(high.rules)
    played = sum(_walk_checks_legality(low, high, n, n) for n in (1, 2, 3, 4))
    assert played > 40  # lines long enough to reach more than the opening


# ---------------------------------------------------------------- the published tables


def _ordered_pairs() -> list[tuple[str, str]]:
    pairs = []
    for a in shipped_names():
        for b in shipped_names():
            low, high = table_game(a), table_game(b)
            if a != b and low.name == high.name and low.allows_at_most(high.rules):
                pairs.append((a, b))
    return pairs


def test_the_expected_table_pairs_are_ordered() -> None:
    pairs = _ordered_pairs()
    for pair in [
        ("windmill.verdicts", "windmill+foundation_moves=free.verdicts"),
        ("eagle-wing.verdicts", "eagle-wing-coops.verdicts"),
        ("decade.verdicts", "decade-optional.verdicts"),
    ]:
        if all(name in shipped_names() for name in pair):
            assert pair in pairs
    # The reversed Windmill deals other cards: ordered with no other table.
    assert not [p for p in pairs if "windmill-reversed.verdicts" in p]


@pytest.mark.parametrize(("stricter", "looser"), _ordered_pairs())
def test_ordered_tables_agree(stricter: str, looser: str) -> None:
    # Each table finds the other among its related ones, on the right side.
    [up] = [t for t in related_tables(table_game(looser)) if t.name == stricter]
    [down] = [t for t in related_tables(table_game(stricter)) if t.name == looser]
    assert up.stricter and not down.stricter
    low, high = up.verdicts, down.verdicts
    first, last = max(low.first, high.first), min(low.last, high.last)
    a = low.codes[first - low.first : last - low.first + 1]
    b = high.codes[first - high.first : last - high.first + 1]
    won_not_won = [first + i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x == WON != y]
    lost_not_lost = [first + i for i, (x, y) in enumerate(zip(a, b, strict=True)) if y == LOST != x]
    assert won_not_won == [], f"won under {stricter}, not under {looser}"
    assert lost_not_lost == [], f"lost under {looser}, not under {stricter}"


CARRIED = [128, 247, 757]
"""The free table's deals won through the restricted table's line, replayed under free
foundation moves (benchmarks/tables/carry_verdicts.py): the free search left them unknown."""


@pytest.mark.parametrize("number", CARRIED)
def test_a_win_carried_up_replays_and_is_what_the_free_table_holds(number: int) -> None:
    free = make_game("windmill", FREE)
    verdict = table_verdict(free, number)
    assert verdict is not None and verdict.status == "won" and not verdict.carried
    win = carried_win(free, number)
    assert win is not None and win.table == "windmill.verdicts"
    # Replayed again here, from the free deal, by the public checker.
    check = verify(free, DealNumber(number, True), [str(m) for m in win.result.moves])
    assert check.won
    restricted = make_game("windmill")
    start = restricted.deal(DealNumber(number, True))
    assert (verdict.length, verdict.difficulty) == (
        len(win.result.moves),
        restricted.difficulty(start, win.result),
    )


def test_a_win_carried_up_to_rules_with_no_table_replays() -> None:
    # More redeals than the seed's: no table of its own, the seed's table below it.
    looser = make_game("eagle-wing", ["redeals=3"])
    v = shipped_verdicts("eagle-wing")
    if v is None:
        pytest.skip("no published eagle-wing table in this checkout")
    won = [n for n in range(1, 200) if v.status(n) == "won"][:3]
    assert won
    for number in won:
        verdict = table_verdict(looser, number)
        assert verdict is not None and verdict.carried and verdict.status == "won"
        assert verdict.table == "eagle-wing.verdicts"
        win = carried_win(looser, number)
        assert win is not None
        assert verify(looser, DealNumber(number, True), win.result.moves).won
    # A deal the seed's table holds lost carries nothing up.
    lost = next(n for n in range(1, 200) if v.status(n) == "lost")
    assert table_verdict(looser, lost) is None
    assert carried_win(looser, lost) is None


@pytest.mark.parametrize(
    ("preset", "rules", "table"),
    [
        # Below decade-optional (fewer sums, compulsory): a loss there is a loss here.
        ("decade", ["sums=10,20"], "decade-optional.verdicts"),
        # Fewer redeals than the seed's: below eagle-wing and eagle-wing-coops.
        ("eagle-wing", ["redeals=1"], "eagle-wing.verdicts"),
    ],
)
def test_a_loss_carried_down_agrees_with_the_plain_search(
    preset: str, rules: list[str], table: str
) -> None:
    game = make_game(preset, rules)
    [source] = [t for t in related_tables(game) if t.name == table]
    assert not source.stricter
    lost = [n for n in range(1, 400) if source.verdicts.status(n) == "lost"][:4]
    assert lost
    for number in lost:
        verdict = table_verdict(game, number)
        assert verdict is not None and verdict.status == "lost" and verdict.carried
        result = game.solve(game.deal(DealNumber(number, True)), SolveRequest.of(game, Limits()))
        assert result.status is Status.LOST, number


def test_solve_returns_a_stricter_tables_line_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "solve", "windmill", "128", "--rule", FREE[0], "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["status"] == "won"
    assert doc["carried_from"] == {
        "table": "windmill.verdicts",
        "rules": "redeals=0 foundation_moves=restricted direction=up",
    }
    moves = [m["move"] for m in doc["moves"]]
    assert verify(make_game("windmill", FREE), DealNumber(128, True), moves).won
    code, out, _ = run_cli(capsys, "solve", "windmill", "128", "--rule", FREE[0])
    assert code == 0
    assert "from: the published table windmill.verdicts, whose rules (" in out
    # No stricter table: solved as it is.
    code, out, _ = run_cli(capsys, "solve", "windmill", "1", "--json")
    assert json.loads(out)["carried_from"] is None


def test_solve_asks_its_own_solver_where_its_table_was_made_with_no_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Deal 5 is won in both Eagle Wing tables; the coops table settles every deal.
    for preset in ("eagle-wing", "eagle-wing-coops"):
        v = shipped_verdicts(preset)
        if v is None:
            pytest.skip(f"no published {preset} table in this checkout")
    number = next(
        n
        for n in range(1, 1000)
        if all(shipped_verdicts(p).status(n) == "won" for p in ("eagle-wing", "eagle-wing-coops"))  # type: ignore[union-attr]
    )
    code, out, _ = run_cli(capsys, "solve", "eagle-wing-coops", str(number), "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["status"] == "won" and doc["carried_from"] is None
    # Under more redeals (no table) the seed's line comes at once, replayed.
    code, out, _ = run_cli(
        capsys, "solve", "eagle-wing", str(number), "--rule", "redeals=4", "--json"
    )
    doc = json.loads(out)
    assert doc["carried_from"]["table"] == "eagle-wing.verdicts"
    game = make_game("eagle-wing", ["redeals=4"])
    assert verify(game, DealNumber(number, True), [m["move"] for m in doc["moves"]]).won


# ---------------------------------------------------------------- deals, stores and imports


def test_deals_lists_what_ordered_tables_carry(capsys: pytest.CaptureFixture[str]) -> None:
    v = shipped_verdicts("eagle-wing")
    if v is None:
        pytest.skip("no published eagle-wing table in this checkout")
    # Fewer redeals than any table: only the looser tables' losses carry down.
    code, out, _ = run_cli(
        capsys, "deals", "eagle-wing", "--rule", "redeals=1", "--count", "5", "--json"
    )
    assert code == 0
    deals = json.loads(out)["deals"]
    assert [d["status"] for d in deals] == ["lost"] * 5
    assert all(
        d["carried_from"] in ("eagle-wing.verdicts", "eagle-wing-coops.verdicts") for d in deals
    )
    # More redeals: the seed's table's wins carry up, with its lengths.
    code, out, _ = run_cli(capsys, "deals", "eagle-wing", "--rule", "redeals=3", "--count", "3")
    assert code == 0
    won = [n for n in range(v.first, v.last + 1) if v.status(n) == "won"][:3]
    lines = out.splitlines()
    assert "from the published tables of rules ordered with these" in lines[0]
    for n, line in zip(won, lines[1:4], strict=True):
        length = v.lengths[v.won_index(n)]
        assert line.split()[:5] == [str(n), "won", "in", str(length), "moves,"]
        assert line.endswith("from eagle-wing.verdicts (stricter rules)")


def test_a_store_carries_replayed_wins_up_and_losses_down(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "s.sqlite"
    seed = {r.number: r for r in solve_deals("eagle-wing", "1-40", store=db)}
    won = [n for n in sorted(seed) if seed[n].status is Status.WON]
    lost = [n for n in sorted(seed) if seed[n].status is Status.LOST]
    assert won and lost
    with Store(db) as store:
        up, down = make_game("eagle-wing", ["redeals=3"]), make_game("eagle-wing", ["redeals=1"])
        carried = store_carried(store, up, str(won[0]))
        assert carried is not None and carried.status == "won"
        assert carried.fingerprint == make_game("eagle-wing").fingerprint
        assert store_carried(store, up, str(lost[0])) is None
        below = store_carried(store, down, str(lost[0]))
        assert below is not None and below.status == "lost"
        assert store_carried(store, down, str(won[0])) is None
    # `deals --db` lists them once the rules asked about have rows of their own.
    solve_deals("eagle-wing", "1", rules=["redeals=3"], store=db, limits=Limits(max_states=1))
    code, out, _ = run_cli(
        capsys, "deals", "eagle-wing", "--rule", "redeals=3", "--db", str(db), "--json"
    )
    assert code == 0
    listed = {d["deal"]: d for d in json.loads(out)["deals"]}
    assert set(won) <= set(listed)
    assert all(listed[n]["carried_from"] for n in won if n != 1 or seed[1].status is Status.WON)


def _slice(name: str, last: int) -> Verdicts:
    """The first ``last`` deals of a published table, as a file of their own."""
    v = shipped_verdicts(name)
    assert v is not None
    rows = {n: (s.value, length, f) for n, s, length, f in v.rows() if n <= last}
    return Verdicts.build(v.preset, v.fingerprint, 1, rows, solver_version=v.solver_version)


def test_stats_imports_a_looser_files_losses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "optional.verdicts"
    write_verdicts(path, _slice("decade-optional", 60))
    db = tmp_path / "s.sqlite"
    code, _, err = run_cli(
        capsys, "stats", "decade", "--rule", "sums=10,20", "--deals", "1-60", "--db", str(db),
        "--import", str(path), "--jobs", "1",
    )  # fmt: skip
    assert code == 0, err
    game = make_game("decade", ["sums=10,20"])
    lost = [n for n in range(1, 61) if _slice("decade-optional", 60).status(n) == "lost"]
    with Store(db) as store:
        rows = store.get(StoreKey.of(game))
    imported = [r.number for r in rows.values() if r.imported]
    assert sorted(imported) == lost
    # The plain search agrees on every one of them.
    fresh = {r.number: r.status for r in solve_deals(game, lost)}
    assert set(fresh.values()) == {Status.LOST}


def test_stats_imports_a_stricter_files_wins_with_replayed_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    v = _slice("eagle-wing", 40)
    path = tmp_path / "seed.verdicts"
    write_verdicts(path, v)
    db = tmp_path / "s.sqlite"
    code, _, err = run_cli(
        capsys, "stats", "eagle-wing-coops", "--deals", "1-40", "--db", str(db),
        "--import", str(path), "--jobs", "1", "--verify",
    )  # fmt: skip
    assert code == 0, err
    coops = make_game("eagle-wing-coops")
    won = [n for n in range(1, 41) if v.status(n) == "won"]
    assert won
    with Store(db) as store:
        rows = {r.number: r for r in store.get(StoreKey.of(coops)).values()}
    for n in won:
        r = rows[n]
        assert r.status is Status.WON and r.moves and not r.imported
        assert r.settled_by is not None and "stricter rules" in r.settled_by
        assert verify(coops, DealNumber(n, True), r.moves).won


def test_stats_still_refuses_a_file_of_unordered_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "decade.verdicts"
    write_verdicts(path, _slice("decade", 20))
    db = tmp_path / "s.sqlite"
    # Compulsory discards with more sums: neither holds the other.
    code, _, err = run_cli(
        capsys, "stats", "decade", "--rule", "sums=10,20,30,40", "--deals", "1-5",
        "--db", str(db), "--import", str(path),
    )  # fmt: skip
    assert code == 2 and "under other rules" in err and len(err.strip().splitlines()) == 1


def test_a_stats_run_takes_what_the_stores_ordered_rows_settle(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    seed = {r.number: r for r in solve_deals("eagle-wing", "1-40", store=db)}
    # More redeals: the seed's wins carry up with their lines, replayed; the rest is solved.
    up = {r.number: r for r in solve_deals("eagle-wing", "1-40", rules=["redeals=3"], store=db)}
    looser = make_game("eagle-wing", ["redeals=3"])
    for n, r in seed.items():
        if r.status is Status.WON:
            assert up[n].status is Status.WON and up[n].moves == r.moves
            assert (
                up[n].settled_by == f"the line of {make_game('eagle-wing').fingerprint}, replayed"
            )
            assert verify(looser, DealNumber(n, True), up[n].moves).won
        else:
            assert "replayed" not in (up[n].settled_by or "")
    # Fewer redeals: the seed's losses carry down, and the plain search agrees.
    down = {r.number: r for r in solve_deals("eagle-wing", "1-40", rules=["redeals=1"], store=db)}
    lost = [n for n, r in seed.items() if r.status is Status.LOST]
    assert lost
    for n in lost:
        assert down[n].status is Status.LOST
        assert "lost under" in (down[n].settled_by or "")
    plain = solve_deals("eagle-wing", lost[:5], rules=["redeals=1"])
    assert {r.status for r in plain} == {Status.LOST}
