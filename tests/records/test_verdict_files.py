"""Verdict files: the format, its refusals, import and export through `stats`, and `deals`."""

from __future__ import annotations

import hashlib
import json
import lzma
import os
import random
from array import array
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_solver import make_game
from solitaire_solver.errors import VerdictFileError
from solitaire_solver.reading import VERDICT_BYTES
from solitaire_solver.records.store import Store, StoreKey
from solitaire_solver.records.verdicts import (
    LOST,
    MAGIC,
    UNKNOWN,
    WON,
    Classes,
    Verdicts,
    dump_verdicts,
    load_verdicts,
    read_verdicts,
    shipped_table,
    shipped_variant_name,
    shipped_verdicts,
    write_verdicts,
)
from solitaire_solver.search import Limits
from solitaire_solver.stats import DealResult, solve_deals
from solitaire_solver.stats.tables import import_verdicts, store_verdicts
from tests.support import ROOT, run_cli


@st.composite
def verdicts(draw: st.DrawFn) -> Verdicts:
    """Any verdicts a file can hold: codes, lengths, figures, limits and classes."""
    first = draw(st.integers(1, 10**9))
    codes = bytes(draw(st.lists(st.integers(0, 3), max_size=300)))
    won = codes.count(WON)
    lengths = array("I", draw(st.lists(st.integers(0, 10**6), min_size=won, max_size=won)))
    figures = bytes(draw(st.lists(st.integers(0, 255), min_size=won, max_size=won)))
    limits = draw(
        st.sampled_from([Limits(), Limits(max_states=3_000_000), Limits(timeout=1.5, max_table=7)])
    )
    easy = draw(st.integers(0, 200))
    medium = draw(st.integers(easy, 254))
    unknown = codes.count(UNKNOWN)
    more = draw(st.sampled_from([(), (Limits(max_states=140_000_000),)])) if unknown else ()
    indices = bytes(draw(st.lists(st.integers(0, 1), min_size=unknown, max_size=unknown)))
    return Verdicts(
        draw(st.sampled_from(["decade", "eagle-wing-coops", "black-hole"])),
        draw(st.text(st.characters(blacklist_categories=["Cc", "Cs"]), min_size=1, max_size=40)),
        first,
        codes,
        lengths,
        figures,
        draw(st.sampled_from(["0.1.0", "1.2.3rc1"])),
        limits,
        Classes(easy, medium),
        more_limits=more,
        unknown_limits=indices if more else b"",
    )


@given(verdicts())
@settings(max_examples=200, deadline=None)
def test_files_round_trip(v: Verdicts) -> None:
    again = load_verdicts(dump_verdicts(v))
    assert again == v
    assert dump_verdicts(again) == dump_verdicts(v)


def test_reading_a_file_answers_by_deal_number() -> None:
    rows = {5: ("won", 60, 3), 6: ("lost", 0, 0), 8: ("unknown", 0, 0), 9: ("won", 61, 9)}
    v = load_verdicts(dump_verdicts(Verdicts.build("decade", "decade x", 5, rows, last=10)))
    assert [v.status(n) for n in range(4, 12)] == [
        None, "won", "lost", None, "unknown", "won", None, None
    ]  # fmt: skip
    assert v.covers(9) and not v.covers(7) and not v.covers(11)
    assert (v.first, v.last) == (5, 10)
    assert [(n, status.value, length, figure) for n, status, length, figure in v.rows()] == [
        (5, "won", 60, 3), (6, "lost", 0, 0), (8, "unknown", 0, 0), (9, "won", 61, 9)
    ]  # fmt: skip
    assert [e[0] for e in v.entries(8)] == [8, 9, 10]


def test_a_million_deals_fit_in_well_under_a_megabyte() -> None:
    # Verdicts drawn like a real table's: a third won, lengths and figures
    # spread as Decade's are.
    rng = random.Random(7)
    rows = {}
    for n in range(1, 1_000_001):
        if rng.random() < 0.34:
            rows[n] = ("won", rng.randint(60, 69), rng.choice((1, 2, 2, 3, 3, 3, 4)))
        else:
            rows[n] = ("lost", 0, 0)
    data = dump_verdicts(Verdicts.build("decade", "decade", 1, rows))
    assert len(data) < 700_000


def sample_file() -> bytes:
    rows = {n: ("won" if n % 3 else "lost", 50 + n % 7, n % 5) for n in range(1, 2001)}
    return dump_verdicts(Verdicts.build("decade", make_game("decade").fingerprint, 1, rows))


def test_a_changed_byte_is_refused() -> None:
    data = bytearray(sample_file())
    data[-10] ^= 1
    with pytest.raises(VerdictFileError, match="checksum mismatch"):
        load_verdicts(bytes(data), "d.verdicts")


def test_a_changed_header_is_refused() -> None:
    # Another preset written over the first one's name: the checksum covers
    # the header, so the file cannot pass for another preset's.
    data = sample_file().replace(b"preset: decade", b"preset: eagle-wing", 1)
    with pytest.raises(VerdictFileError, match=r"^d\.verdicts: checksum mismatch"):
        load_verdicts(data, "d.verdicts")


def test_a_file_cut_short_is_refused() -> None:
    data = sample_file()
    with pytest.raises(VerdictFileError, match="truncated: the body has"):
        load_verdicts(data[:-5], "d.verdicts")
    with pytest.raises(VerdictFileError, match="cut short"):
        load_verdicts(data[:40], "d.verdicts")
    with pytest.raises(VerdictFileError, match="bytes after the end"):
        load_verdicts(data + b"x", "d.verdicts")


def test_other_files_are_refused() -> None:
    with pytest.raises(VerdictFileError, match="not a verdict file"):
        load_verdicts(b"PK\x03\x04 a zip file\n\n", "x.zip")
    with pytest.raises(VerdictFileError, match="not a verdict file"):
        load_verdicts(b"", "empty")
    newer = sample_file().replace(b"verdicts 1\n", b"verdicts 3\n", 1)
    with pytest.raises(VerdictFileError, match=r"format '3'.*newer solitaire_solver"):
        load_verdicts(newer, "d.verdicts")


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(VerdictFileError, match="cannot read the verdict file"):
        read_verdicts(tmp_path / "none.verdicts")


def test_a_file_of_another_preset_is_not_imported(tmp_path: Path) -> None:
    v = load_verdicts(sample_file(), "decade.verdicts")
    with Store(tmp_path / "s.sqlite") as store:
        with pytest.raises(VerdictFileError, match="holds verdicts of decade, not eagle-wing"):
            import_verdicts(store, make_game("eagle-wing"), v, "decade.verdicts")
        with pytest.raises(VerdictFileError, match="under other rules"):
            import_verdicts(store, make_game("decade", ["min_run=3"]), v, "decade.verdicts")
        assert store.count(StoreKey.of(make_game("eagle-wing"))) == 0


def test_a_store_exports_what_it_holds(tmp_path: Path) -> None:
    game = make_game("eagle-wing-coops")
    results = solve_deals(game, "1-20", store=tmp_path / "s.sqlite")
    with Store(tmp_path / "s.sqlite") as store:
        v = store_verdicts(store, game, [(1, 12), (15, 25)], limits=Limits(), solver_version="t")
    assert (v.first, v.last) == (1, 25)
    for r in results:
        if r.number in (13, 14):
            assert v.status(r.number) is None
            continue
        assert v.status(r.number) == r.status.value
        if r.status.value == "won":
            i = v.won_index(r.number)
            assert (v.lengths[i], v.difficulty[i]) == (r.length, r.difficulty)
    assert v.status(21) is None  # not in the store


def test_an_export_keeps_the_limits_each_unknown_deal_reached(tmp_path: Path) -> None:
    # Windmill deals 2 and 55 are far from settled within 1,000 states, so a
    # run at that limit stores them unknown; a second run at 2,000 states
    # replaces deal 55's row only. The file says which limits each reached,
    # whatever the first set it names, and a store it is imported into
    # skips each deal only under its own limits.
    game = make_game("windmill")
    db = tmp_path / "s.sqlite"
    small, larger = Limits(max_states=1000), Limits(max_states=2000)
    first = solve_deals(game, "2,55", store=db, limits=Limits(max_states=1000))
    assert [r.status.value for r in first] == ["unknown", "unknown"]
    solve_deals(game, "55", store=db, limits=Limits(max_states=2000))
    with Store(db) as store:
        files = [
            store_verdicts(store, game, [(2, 55)], limits=limits, solver_version="t")
            for limits in (small, larger, Limits())
        ]
    for v in files:
        again = load_verdicts(dump_verdicts(v))
        assert (again.status(2), again.status(55)) == ("unknown", "unknown")
        assert (again.limits_of(2), again.limits_of(55)) == (small, larger)
        assert again.limits_of(3) == again.limits  # not unknown: the file's first set
    assert dump_verdicts(files[0]).startswith(f"{MAGIC} 2\n".encode())
    assert b"limits: max_states=1000 | max_states=2000\n" in dump_verdicts(files[0])
    assert b"limits: max_states=2000 | max_states=1000\n" in dump_verdicts(files[1])
    with Store(tmp_path / "new.sqlite") as store:
        import_verdicts(store, game, files[1], "rerun.verdicts")
        key = StoreKey.of(game)
        assert set(store.settled(key, ["2", "55"], larger)) == {"55"}
        assert set(store.settled(key, ["2", "55"], small)) == {"2"}


def test_a_file_of_one_set_of_limits_keeps_the_first_layout() -> None:
    rows = {5: ("won", 60, 3), 8: ("unknown", 0, 0)}
    v = Verdicts.build("decade", "decade x", 5, rows, limits=Limits(max_states=10))
    data = dump_verdicts(v)
    assert data.startswith(f"{MAGIC} 1\n".encode()) and b"limits: max_states=10\n" in data
    assert load_verdicts(data).unknown_limits == b""


def test_import_then_extend_gives_the_rows_of_one_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    part, rest, whole = (tmp_path / n for n in ("part.sqlite", "rest.sqlite", "whole.sqlite"))
    code, _, err = run_cli(
        capsys, "stats", "decade", "--deals", "1-300", "--db", str(part), "--export",
        str(tmp_path / "part.verdicts"),
    )  # fmt: skip
    assert code == 0 and "wrote the verdicts of 1-300" in err
    code, out, err = run_cli(
        capsys, "stats", "decade", "--deals", "1-500", "--db", str(rest), "--import",
        str(tmp_path / "part.verdicts"), "--export", str(tmp_path / "rest.verdicts"), "--verify",
    )  # fmt: skip
    assert code == 0
    assert "300 deals of 1-300, 300 new to the store" in err
    assert "300 from the store (300 imported from verdict files), 200 solved now" in out
    assert "imported wins have no line here to replay" in err
    code, _, _ = run_cli(
        capsys, "stats", "decade", "--deals", "1-500", "--db", str(whole), "--export",
        str(tmp_path / "whole.verdicts"),
    )  # fmt: skip
    assert code == 0
    assert (tmp_path / "rest.verdicts").read_bytes() == (tmp_path / "whole.verdicts").read_bytes()
    # The imported rows count as stored: a rerun solves nothing.
    code, out, _ = run_cli(capsys, "stats", "decade", "--deals", "1-500", "--db", str(rest))
    assert "500 from the store" in out and "0 solved now" in out


def test_stats_refuses_bad_verdict_files_before_solving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.verdicts"
    bad.write_bytes(sample_file()[:-3])
    db = tmp_path / "s.sqlite"
    code, _, err = run_cli(capsys, "stats", "decade", "--deals", "1-5", "--db", str(db),
                           "--import", str(bad))  # fmt: skip
    assert code == 2 and "truncated" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not db.exists()
    damaged = bytearray(sample_file())
    damaged[-10] ^= 1
    bad.write_bytes(bytes(damaged))
    code, _, err = run_cli(capsys, "stats", "decade", "--deals", "1-5", "--db", str(db),
                           "--import", str(bad))  # fmt: skip
    assert code == 2 and "checksum mismatch" in err and len(err.strip().splitlines()) == 1
    assert not db.exists()
    good = tmp_path / "good.verdicts"
    good.write_bytes(sample_file())
    code, _, err = run_cli(capsys, "stats", "eagle-wing", "--deals", "1-5", "--db", str(db),
                           "--import", str(good))  # fmt: skip
    assert code == 2 and "holds verdicts of decade, not eagle-wing" in err
    code, _, err = run_cli(capsys, "stats", "decade", "--deals", "ms40000", "--db", str(db),
                           "--export", str(good))  # fmt: skip
    assert code == 2 and "plain deal numbers" in err


def test_deals_from_a_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "s.sqlite"
    results = {r.number: r for r in solve_deals("decade", "1-200", store=db)}
    code, out, _ = run_cli(capsys, "deals", "decade", "--db", str(db), "--winnable", "--count", "3")
    won = [n for n in sorted(results) if results[n].status.value == "won"][:3]
    assert code == 0
    assert [int(line.split()[0]) for line in out.splitlines()[1:]] == won
    code, out, _ = run_cli(capsys, "deals", "decade", "--db", str(db), "--lost", "--from", "195",
                           "--count", "10")  # fmt: skip
    lost = [n for n in range(195, 201) if results[n].status.value == "lost"]
    assert [int(line.split()[0]) for line in out.splitlines()[1:-1]] == lost
    assert "ends at deal 200" in out.splitlines()[-1]


def test_deals_says_when_no_deal_has_the_difficulty_asked_for(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The published table of Coops has no won deal of figure 30 or more: it once said it
    # "ends at deal 1,000,000: 0 of the 3 deals asked for are there", as if the next
    # million might hold them.
    v = shipped_table(make_game("eagle-wing-coops"))
    assert v is not None
    highest = max(v.difficulty)
    code, out, _ = run_cli(capsys, "deals", "eagle-wing-coops", "--winnable", "--difficulty",
                           f"{highest + 1}..255", "--count", "3")  # fmt: skip
    assert code == 0
    note = out.splitlines()[-1]
    assert note.startswith(f"note: no winnable deal of difficulty {highest + 1}..255 in ")
    assert f"run from {min(v.difficulty)} to {highest}" in note
    assert "asked for are there" not in note
    # Some, but fewer than asked: the table's end is what stops the list, said as before.
    code, out, _ = run_cli(capsys, "deals", "eagle-wing-coops", "--difficulty",
                           f"{highest}..255", "--count", "100000")  # fmt: skip
    assert code == 0 and "of the 100,000 deals asked for" in out.splitlines()[-1]


def test_deals_says_when_the_start_is_below_the_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "s.sqlite"
    results = solve_deals("decade", "10-30", store=db)
    code, out, _ = run_cli(capsys, "deals", "decade", "--db", str(db), "--count", "50", "--json")
    doc = json.loads(out)
    assert code == 0 and not doc["complete"]
    assert [e["deal"] for e in doc["deals"]] == [r.number for r in results]
    assert doc["note"].startswith("deals 1-9 are not covered")


def test_deals_counts_unknown_and_unsolved_deals_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "s.sqlite"
    # Three states settle some Decade deals and leave others unknown; deals
    # 6 and 7 are not solved at all.
    results = solve_deals("decade", "1-5,8-10", store=db, limits=Limits(max_states=3))
    unknown = sum(r.status.value == "unknown" for r in results)
    assert 0 < unknown < len(results)
    code, out, _ = run_cli(capsys, "deals", "decade", "--db", str(db), "--json")
    doc = json.loads(out)
    assert code == 0
    assert [e["deal"] for e in doc["deals"]] == [
        r.number for r in results if r.status.value != "unknown"
    ]
    assert doc["note"].endswith(
        f"of deals 1-10, {unknown} unknown (they reached the limits they were solved under) "
        "and 2 not solved there: left out, never guessed"
    )


def test_deals_lists_unknown_deals_with_the_limits_each_reached(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A store with unknown rows under two limits (Windmill deals 2 and 55 at
    # 1,000 states, then 55 at 2,000), and the same as a verdict file:
    # `--unknown` lists them, each with its own limits.
    game = make_game("windmill")
    db = tmp_path / "s.sqlite"
    first = solve_deals(game, "2,55", store=db, limits=Limits(max_states=1000))
    assert [r.status.value for r in first] == ["unknown", "unknown"]
    solve_deals(game, "55", store=db, limits=Limits(max_states=2000))
    code, out, _ = run_cli(capsys, "deals", "windmill", "--db", str(db), "--unknown", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["filter"] == "unknown"
    listed = {e["deal"]: e["limits"] for e in doc["deals"] if e["status"] == "unknown"}
    assert listed == {2: {"max_states": 1000}, 55: {"max_states": 2000}}
    assert [e["deal"] for e in doc["deals"]] == [2, 55]
    code, out, _ = run_cli(capsys, "deals", "windmill", "--db", str(db), "--unknown")
    assert "        55  unknown (reached the limit of 2,000 states)" in out.splitlines()
    # The published table's unknown deals are its own.
    v = shipped_verdicts("windmill")
    assert v is not None
    code, out, _ = run_cli(capsys, "deals", "windmill", "--unknown", "--count", "5", "--json")
    deals = json.loads(out)["deals"]
    assert len(deals) == 5 and all(v.status(e["deal"]) == "unknown" for e in deals)
    lowest = next(n for n in range(v.first, v.last + 1) if v.status(n) == "unknown")
    assert deals[0]["deal"] == lowest
    assert all(e["limits"] == {"max_states": v.limits_of(e["deal"]).max_states} for e in deals)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--difficulty", "hard", "--lost"], "--difficulty goes with won deals"),
        (["--difficulty", "easy", "--unknown"], "not with --unknown"),
        (["--verify", "--unknown"], "not unknown ones"),
        (["--unknown", "--lost"], "not allowed with argument"),
        (["--difficulty", "3..1"], "0 <= N <= M"),
        (["--difficulty", "tricky"], "expected easy, medium, hard"),
        (["--from", "ms40000"], "plain deal numbers"),
        (["--from", "0"], "deal numbers start at 1"),
        (["--winnable", "--lost"], "not allowed with argument"),
        # Compulsory discards with more sums: no table of these rules nor of ordered ones.
        (["--rule", "sums=10,20,30,40"], "no published table for decade under these rules"),
        (["--db", "/nonexistent/s.sqlite"], "no results store"),
    ],
)
def test_deals_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run_cli(capsys, "deals", "decade", *args)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_deals_never_guesses_beyond_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    v = shipped_verdicts("decade")
    if v is None:
        pytest.skip("no published decade table in this checkout")
    code, out, _ = run_cli(capsys, "deals", "decade", "--from", str(v.last + 1))
    assert code == 0
    assert out.splitlines()[1:] == [
        f"note: deal {v.last + 1:,} is beyond the published table of deals "
        f"{v.first:,}-{v.last:,} (solver {v.solver_version}, sha256 {v.sha256[:12]}), "
        f"which ends at {v.last:,}"
    ]


EXACT = ["decade", "decade-optional", "eagle-wing", "eagle-wing-coops", "black-hole"]
"""The presets whose published tables settle every deal (solved with no limit)."""
LIMITED = ["windmill", "windmill-reversed"]
"""The presets whose tables were made in two passes, leaving deals unknown at the first
pass's limit (docs/results/tables.md, "Windmill")."""
PUBLISHED = EXACT + LIMITED


@pytest.mark.parametrize("preset", PUBLISHED)
def test_published_tables_are_in_the_package_and_small(preset: str) -> None:
    v = shipped_verdicts(preset)
    if v is None:
        pytest.skip(f"no published {preset} table in this checkout")
    assert v.preset == preset
    assert v.fingerprint == make_game(preset).fingerprint
    assert v.count(WON) + v.count(LOST) + v.count(UNKNOWN) == len(v.codes)
    if preset in EXACT:
        assert v.count(UNKNOWN) == 0 and not v.limits.any
    else:
        # Unknown means a limit was reached: the header must say which.
        assert v.limits.max_states is not None
    path = ROOT / "solitaire_solver" / "data"
    assert (path / f"{preset}.verdicts").stat().st_size < 1_000_000


def settled_again(preset: str, v: Verdicts, fresh: list[DealResult]) -> list[DealResult]:
    """``fresh``, with each deal it leaves unknown that ``v`` says lost or won solved again
    under the preset's default limits (where a rerun of the table settled it)."""
    again = [
        r.number
        for r in fresh
        if r.status.value == "unknown" and v.status(r.number) in ("lost", "won")
    ]
    if not again:
        return fresh
    assert v.limits.any, "with no limit nothing is unknown"
    return [r for r in fresh if r.number not in again] + solve_deals(preset, again)


def check_against_fresh_solves(preset: str, numbers: list[int], tmp_path: Path) -> None:
    """The published verdicts, lengths and figures of ``numbers`` are what a fresh run finds.

    The fresh run has the file's limits (an unknown deal, those it
    reached). A deal it leaves unknown that the file says lost or won must
    come out so under the preset's default limits: the second pass of a
    two-pass table (docs/results/tables.md) proved its losses there, and a rerun of
    a table's unknown deals won some there.
    """
    v = shipped_verdicts(preset)
    if v is None:
        pytest.skip(f"no published {preset} table in this checkout")
    numbers = [n for n in numbers if v.first <= n <= v.last]
    fresh = []
    # An unknown deal is solved again under the limits it reached (a rerun
    # table names two sets); the others under the file's first.
    for limits in v.all_limits:
        group = [n for n in numbers if v.limits_of(n) == limits]
        if not group:
            continue
        fresh += solve_deals(
            preset,
            group,
            limits=Limits(
                max_states=limits.max_states, timeout=limits.timeout, max_table=limits.max_table
            ),
        )
    for r in settled_again(preset, v, fresh):
        assert v.status(r.number) == r.status.value, r.deal
        if r.status.value == "won":
            i = v.won_index(r.number)
            assert (v.lengths[i], v.difficulty[i]) == (r.length, r.difficulty), r.deal


@pytest.mark.parametrize("preset", PUBLISHED)
def test_deals_answers_agree_with_a_fresh_run_on_a_sample(
    preset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # What `deals` prints for a sampled number is what `stats` finds for it
    # in a fresh store (under the file's limits). A Windmill table's
    # unknown deals spend its whole limit and its lost ones the default
    # limit: the sample there is of won deals, the slow test below takes
    # every kind. A won deal the file's limits leave unknown was won by a
    # rerun under the default limits, and is solved again under those
    # (settled_again).
    count = {"eagle-wing-coops": 4, "black-hole": 4}.get(preset, 25 if preset in EXACT else 4)
    v = shipped_verdicts(preset)
    if v is None:
        pytest.skip(f"no published {preset} table in this checkout")
    rng = random.Random(preset)
    pool = range(v.first, v.last + 1)
    if preset in LIMITED:
        pool = [n for n in pool if v.status(n) == "won"]  # type: ignore[assignment]
    numbers = sorted(rng.sample(pool, count))
    db = tmp_path / "fresh.sqlite"
    text = ",".join(map(str, numbers))
    limits = [] if v.limits.max_states is None else ["--max-states", str(v.limits.max_states)]
    code, _, _ = run_cli(
        capsys, "stats", preset, "--deals", text, "--db", str(db), "--jobs", "1", *limits
    )
    assert code == 0
    solved = solve_deals(preset, numbers, store=db, limits=Limits(max_states=v.limits.max_states))
    fresh = {r.number: r for r in settled_again(preset, v, solved)}
    for n in numbers:
        code, out, _ = run_cli(capsys, "deals", preset, "--from", str(n), "--count", "1", "--json")
        assert code == 0
        [entry] = json.loads(out)["deals"]
        r = fresh[n]
        assert (entry["deal"], entry["status"]) == (n, r.status.value)
        if r.status.value == "won":
            assert (entry["length"], entry["difficulty"]) == (r.length, r.difficulty), n


@pytest.mark.slow
@pytest.mark.parametrize("preset", PUBLISHED)
def test_published_rates_are_reproduced_on_a_sample(preset: str, tmp_path: Path) -> None:
    # A few thousand deals of each published table, spread over the whole
    # range, solved again from nothing.
    v = shipped_verdicts(preset)
    if v is None:
        pytest.skip(f"no published {preset} table in this checkout")
    count = {"eagle-wing-coops": 1000, "black-hole": 1000}.get(preset, 3000)
    if preset in LIMITED:
        count = 200
    rng = random.Random(f"{preset} slow")
    check_against_fresh_solves(
        preset, sorted(rng.sample(range(v.first, v.last + 1), count)), tmp_path
    )


def test_write_replaces_a_file_whole(tmp_path: Path) -> None:
    path = tmp_path / "d.verdicts"
    path.write_text("an older file")
    v = load_verdicts(sample_file())
    write_verdicts(path, v)
    assert read_verdicts(path) == v
    assert [p.name for p in tmp_path.iterdir()] == ["d.verdicts"]


@given(st.lists(st.integers(0, 20), max_size=60))
def test_classes_split_the_figures_as_evenly_as_whole_figures_allow(figures: list[int]) -> None:
    classes = Classes.of(figures)

    def sizes(c: Classes) -> list[int]:
        return [sum(c.name_of(f) == name for f in figures) for name in ("easy", "medium", "hard")]

    got = sizes(classes)
    assert sum(got) == len(figures)
    if len(set(figures)) >= 3:
        assert min(got) > 0
        # No other split has a larger smallest class.
        best = max(min(sizes(Classes(e, m))) for e in range(21) for m in range(e, 21))
        assert min(got) == best


FREE = ("windmill", ["foundation_moves=free"])
"""The one table shipped under changed rules: Windmill with free foundation moves."""


def test_a_variant_table_is_found_by_its_changed_knobs_only() -> None:
    free = make_game(*FREE)
    v = shipped_table(free)
    if v is None:
        pytest.skip("no published free-moves table in this checkout")
    assert shipped_variant_name("windmill", free.changed_rules()) == (
        "windmill+foundation_moves=free.verdicts"
    )
    assert (v.preset, v.fingerprint) == ("windmill", free.fingerprint)
    # Unknown means a limit was reached, and the header names it.
    assert v.count(UNKNOWN) > 0 and v.limits.max_states is not None
    # The preset's own rules find the preset's own table, and rules with no
    # table find none (not the nearest table).
    assert shipped_table(make_game("windmill")) == shipped_verdicts("windmill")
    assert shipped_table(make_game("windmill", ["direction=down"])) is None
    assert shipped_table(make_game("windmill", ["foundation_moves=free", "direction=down"])) is None


def test_deals_reads_the_variant_table(capsys: pytest.CaptureFixture[str]) -> None:
    v = shipped_table(make_game(*FREE))
    if v is None:
        pytest.skip("no published free-moves table in this checkout")
    code, out, _ = run_cli(
        capsys, "deals", "windmill", "--rule", FREE[1][0], "--lost", "--count", "3", "--json"
    )
    assert code == 0
    deals = json.loads(out)["deals"]
    assert [d["status"] for d in deals] == ["lost"] * 3
    lost = [n for n in range(v.first, v.last + 1) if v.status(n) == "lost"]
    assert [d["deal"] for d in deals] == lost[:3]


def test_the_variant_table_agrees_with_a_fresh_run_on_a_sample() -> None:
    v = shipped_table(make_game(*FREE))
    if v is None:
        pytest.skip("no published free-moves table in this checkout")
    rng = random.Random("free")
    # Deals 128, 247 and 757 are won through the restricted table's line, and 399
    # by a wide beam, which the free search did not find within the table's limits
    # (docs/results/games/windmill-open.md).
    pool = [n for n in range(v.first, v.last + 1) if v.status(n) == "won"]
    won = rng.sample([n for n in pool if n not in (128, 247, 399, 757)], 6)
    fresh = solve_deals(
        "windmill", won, rules=FREE[1], limits=Limits(max_states=v.limits.max_states)
    )
    for r in fresh:
        assert r.status.value == "won", r.deal
        i = v.won_index(r.number)
        assert (v.lengths[i], v.difficulty[i]) == (r.length, r.difficulty), r.deal


# ---------------------------------------------------------------- files made to mislead


def forged(first: int, last: int, counts: tuple[int, int, int], raw: bytes) -> bytes:
    """A verdict file with a good checksum around any header and body: what a file made to
    mislead can be, since anyone can work a checksum out."""
    body = lzma.compress(raw, format=lzma.FORMAT_XZ)
    lines = [
        "solitaire-solver verdicts 1",
        "preset: decade",
        f"fingerprint: {make_game('decade').fingerprint}",
        f"range: {first}-{last}",
        "counts: won {}, lost {}, unknown {}".format(*counts),
        "solver: 0.1.0",
        "limits: none",
        "difficulty: 1 (easy 0-0, medium 0-0, hard 1-255)",
        f"body: {len(body)} bytes, xz",
    ]
    head = "".join(line + "\n" for line in lines).encode()
    return head + f"sha256: {hashlib.sha256(head + body).hexdigest()}\n\n".encode() + body


def test_a_forged_file_is_refused_before_it_is_unpacked() -> None:
    # Each forgery is small; unpacked as its header says, the first would take 4 GB of codes
    # and the second 100 MB of a body the counts do not allow. Neither is unpacked that far.
    assert load_verdicts(forged(1, 4, (1, 0, 0), b"\x01\x05\x00")).status(1) == "won"
    cases = {
        "4,294,967,295 deals, more than the 100,000,000": forged(1, 2**32 - 1, (0, 0, 0), b""),
        "the body holds more": forged(1, 4, (0, 0, 0), bytes(100 * 2**20)),
        "the range 0-4": forged(0, 4, (0, 0, 0), b"\x00"),
        "5 verdicts for 4 deals": forged(1, 4, (5, 0, 0), b"\x00"),
        # A length of five bytes that does not fit the lengths' 32 bits.
        "do not add up": forged(1, 4, (1, 0, 0), b"\x01\xff\xff\xff\xff\x7f\x00"),
    }
    for words, data in cases.items():
        with pytest.raises(VerdictFileError) as info:
            load_verdicts(data)
        assert words in str(info.value)


def test_a_verdict_file_over_the_cap_or_not_a_file_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.verdicts"
    with open(big, "wb") as f:
        f.truncate(VERDICT_BYTES + 1)
    fifo = tmp_path / "fifo.verdicts"
    os.mkfifo(fifo)
    for path, words in ((big, "larger than 64 MiB"), (fifo, "FIFO"), (Path("/dev/zero"), "device")):
        with pytest.raises(VerdictFileError, match=words):
            read_verdicts(path)
