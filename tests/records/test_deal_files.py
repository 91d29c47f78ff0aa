"""Deal and position files: round trips, same verdicts, validation and fuzzing.

The generic properties run over every preset in the registry, so a game whose
file hooks land later is covered as soon as it is registered; presets whose
game has no hooks yet are skipped.
"""

from __future__ import annotations

import io
import json
import random
from collections import deque
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from solitaire_solver import (
    DealFile,
    DealFileError,
    Status,
    dump_deal,
    format_deal,
    format_game,
    load_deal,
    make_game,
    parse_deal,
    parse_game,
)
from solitaire_solver.cards import RANKS, SUITS, card_text, parse_cards
from solitaire_solver.cli import main
from solitaire_solver.games import PRESETS, Game, Preset
from solitaire_solver.games.decade import Decade, DecadeRules, DecadeState
from solitaire_solver.games.fields import FieldReader
from solitaire_solver.games.knobs import rules_knobs
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.records.deal_files import HEADER_LABELS, check_labels
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Limits
from tests.helpers import assert_replays_to_win
from tests.support import ROOT

ALL_PRESETS = list(PRESETS)


def game_with_files(preset: str) -> Game[Any, Any]:
    """The preset's game, or a skip when its game has no file hooks yet."""
    game = make_game(preset)
    try:
        game.position_fields(game.deal(parse_deal_number(1)))
    except NotImplementedError:
        pytest.skip(f"{preset} has no position file format yet")
    return game


def random_position(game: Game[Any, Any], number: int, steps: int, rnd: random.Random) -> Any:
    """The position after up to ``steps`` random legal moves from deal ``number``."""
    state = game.deal(parse_deal_number(number))
    for _ in range(steps):
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.play(state, rnd.choice(moves))
    return state


deal_numbers = st.one_of(st.integers(1, 31999), st.integers(32000, 2**40))
"""Both generators of RULES.md, "Deal numbers"."""

FUZZ = settings(
    max_examples=150,
    deadline=timedelta(seconds=2),  # "never a hang": each input is read quickly
    suppress_health_check=[HealthCheck.too_slow],
)


# ---------------------------------------------------------------- round trips


@pytest.mark.parametrize("preset", ALL_PRESETS)
@settings(max_examples=40, deadline=None)
@given(number=deal_numbers, steps=st.integers(0, 300), seed=st.integers(0, 2**32))
def test_round_trip_of_positions_reached_by_play(
    preset: str, number: int, steps: int, seed: int
) -> None:
    game = game_with_files(preset)
    state = random_position(game, number, steps, random.Random(seed))
    for as_json in (False, True):
        text = format_deal(game, state, deal=number, as_json=as_json)
        note(text)
        loaded = parse_deal(text)
        assert loaded.position == state
        if game.name == "windmill":
            # Windmill's key marks the waste within the pass's dealing order,
            # which a file does not record (cards gone from the waste are not
            # written), so its keys compare only within one search; reading
            # the file again must still give the same key.
            again = parse_deal(format_deal(loaded.game, loaded.position, as_json=as_json))
            assert game.key(again.position) == game.key(loaded.position)
        else:
            assert game.key(loaded.position) == game.key(state)
        assert loaded.game.fingerprint == game.fingerprint
        assert loaded.game.preset == game.preset
        assert loaded.deal == str(parse_deal_number(number))
        # Writing what was read gives the same file again.
        assert format_deal(loaded.game, loaded.position, deal=loaded.deal, as_json=as_json) == text


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_labels_read_back_and_rules_are_all_written(preset: str) -> None:
    game = game_with_files(preset)
    rnd = random.Random(5)
    for number in (1, 2, 123456):
        for steps in (0, 10, 40):
            state = random_position(game, number, steps, rnd)
            labels = [label for label, _ in game.position_fields(state)]
            assert check_labels(game, labels) == []
            assert len(set(labels)) == len(labels)
    text = format_deal(game, game.deal(parse_deal_number(1)))
    rules_line = next(line for line in text.splitlines() if line.startswith("rules:"))
    names = {word.partition("=")[0] for word in rules_line.split()[1:]}
    doc = json.loads(format_deal(game, game.deal(parse_deal_number(1)), as_json=True))
    knobs = {f.name for f in rules_knobs(game.rules_type)}
    assert names == set(doc["rules"]) == knobs


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_changed_knobs_round_trip_and_missing_knobs_take_the_preset(preset: str) -> None:
    game = game_with_files(preset)
    state = game.deal(parse_deal_number(7))
    text = format_deal(game, state)
    lines = [line for line in text.splitlines() if not line.startswith("rules:")]
    loaded = parse_deal("\n".join(lines))
    assert loaded.game.rules == PRESETS[preset].rules
    assert loaded.position == state
    assert loaded.deal is None


def test_rules_on_the_file_change_the_game() -> None:
    game = make_game("decade", ["max_run=4", "compulsory=false"])
    state = game.deal(parse_deal_number(3))
    loaded = parse_deal(format_deal(game, state))
    assert loaded.game.rules.max_run == 4 and loaded.game.rules.compulsory is False
    assert loaded.game.preset == "decade"
    # Only the knobs a file names change; the rest come from the preset.
    text = "game: decade-optional\nrules: max_run=5\n" + "\n".join(
        f"{k}: {v}" for k, v in game.position_fields(state)
    )
    loaded = parse_deal(text)
    assert loaded.game.rules == make_game("decade-optional", ["max_run=5"]).rules


# ---------------------------------------------------------------- same verdicts


def verdicts_agree(game: Game[Any, Any], state: Any, limit: int) -> bool:
    """Solve ``state`` in memory and from its file; False when a limit stopped either."""
    mem = game.solve(state, SolveRequest.of(game, Limits(max_states=limit)))
    for as_json in (False, True):
        loaded = parse_deal(format_deal(game, state, as_json=as_json))
        disk = loaded.game.solve(
            loaded.position, SolveRequest.of(loaded.game, Limits(max_states=limit))
        )
        if Status.UNKNOWN in (mem.status, disk.status):
            return False
        assert disk.status == mem.status
        if disk.status is Status.WON:
            assert_replays_to_win(loaded.game, loaded.position, disk.moves)
            # Either line wins from either copy of the position.
            assert_replays_to_win(game, loaded.position, mem.moves)
            assert_replays_to_win(loaded.game, state, disk.moves)
    return True


@pytest.mark.parametrize("preset", ALL_PRESETS)
@settings(max_examples=15, deadline=None)
@given(number=deal_numbers, steps=st.integers(0, 120), seed=st.integers(0, 2**32))
def test_position_solved_from_its_file_gets_the_same_verdict(
    preset: str, number: int, steps: int, seed: int
) -> None:
    game = game_with_files(preset)
    state = random_position(game, number, steps, random.Random(seed))
    verdicts_agree(game, state, 5_000)


def mid_game_verdicts(preset: str, numbers: range, steps: int, limit: int) -> set[Status]:
    """The verdicts on which file and memory agreed, over positions ``steps`` moves in."""
    game = game_with_files(preset)
    statuses = set()
    for number in numbers:
        state = random_position(game, number, steps, random.Random(number))
        if verdicts_agree(game, state, limit):
            statuses.add(game.solve(state, SolveRequest.of(game, Limits(max_states=limit))).status)
    return statuses


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_same_verdict_mid_game_on_fixed_deals(preset: str) -> None:
    statuses = mid_game_verdicts(preset, range(1, 13), 15, 5_000)
    # At least one position must have been decided both ways and compared;
    # for Decade the sample must also hold positions of both verdicts.
    assert statuses
    if preset.startswith("decade"):
        assert statuses == {Status.WON, Status.LOST}


# ---------------------------------------------------------------- every reachable position reads


def reachable(game: Game[Any, Any], start: Any, cap: int) -> list[Any]:
    """Up to ``cap`` positions reachable from ``start``, breadth first."""
    seen = {start}
    queue = deque([start])
    out = []
    while queue and len(out) < cap:
        state = queue.popleft()
        out.append(state)
        for move in game.legal_moves(state):
            child = game.apply(state, move)
            if child not in seen:
                seen.add(child)
                queue.append(child)
    return out


def check_all_reachable_read_back(preset: str, numbers: range, cap: int) -> int:
    game = game_with_files(preset)
    count = 0
    for number in numbers:
        for state in reachable(game, game.deal(parse_deal_number(number)), cap):
            assert parse_deal(format_deal(game, state)).position == state
            count += 1
    return count


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_no_reachable_position_is_refused_sample(preset: str) -> None:
    """The per-game reachability checks never refuse a position that play reaches."""
    assert check_all_reachable_read_back(preset, range(1, 4), 1500) >= 20 * 3


@pytest.mark.slow
@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_no_reachable_position_is_refused(preset: str) -> None:
    assert check_all_reachable_read_back(preset, range(1, 100), 2_000) >= 20 * 99


# ---------------------------------------------------------------- fuzzing


def read_or_refuse(text: str) -> DealFile | None:
    """Read ``text``; only the library's own errors may come out.

    A position that is accepted must write out and read back equal, and the
    game must be able to list its moves.
    """
    try:
        loaded = parse_deal(text, path="fuzz.txt")
    except DealFileError as exc:
        assert str(exc).startswith("fuzz.txt")
        assert "\n" not in str(exc)
        return None
    again = parse_deal(format_deal(loaded.game, loaded.position, deal=loaded.deal))
    assert again.position == loaded.position
    loaded.game.legal_moves(loaded.position)
    return loaded


def valid_files() -> list[str]:
    """Files of every preset that has a format: deals and positions a few moves in."""
    out = []
    for preset in ALL_PRESETS:
        game = make_game(preset)
        rnd = random.Random(1)
        try:
            for number in (1, 40000):
                for steps in (0, 12):
                    state = random_position(game, number, steps, rnd)
                    for as_json in (False, True):
                        out.append(format_deal(game, state, deal=number, as_json=as_json))
        except (DealFileError, NotImplementedError):
            continue  # this game has no file format (or no deal) yet
    return out


VALID = valid_files()
CARD_WORDS = [r + s for r in RANKS for s in SUITS] + ["10h", "as", "1S", "XX", "AS,"]
ALPHABET = 'game:decade-optional rules= deal#\n\t{}[]",:0123456789ACDHJKQSTX_'


@FUZZ
@given(st.text())
def test_fuzz_random_text(text: str) -> None:
    read_or_refuse(text)


@FUZZ
@given(st.text(alphabet=ALPHABET))
def test_fuzz_text_in_the_file_alphabet(text: str) -> None:
    read_or_refuse("game: decade\n" + text)
    read_or_refuse(text)


@FUZZ
@given(st.sampled_from(VALID), st.data())
def test_fuzz_truncated_files(text: str, data: st.DataObject) -> None:
    cut = data.draw(st.integers(0, len(text)))
    read_or_refuse(text[:cut])


def mutate(text: str, data: st.DataObject) -> str:
    """A few random edits: characters, whole lines, card words."""
    for _ in range(data.draw(st.integers(1, 4))):
        kind = data.draw(st.sampled_from(["char", "insert", "delete", "line", "card", "move"]))
        if kind in ("char", "insert", "delete") and text:
            i = data.draw(st.integers(0, len(text) - 1))
            c = data.draw(st.sampled_from(ALPHABET + "\x00é\r"))
            text = {
                "char": text[:i] + c + text[i + 1 :],
                "insert": text[:i] + c + text[i:],
                "delete": text[:i] + text[i + 1 :],
            }[kind]
        elif kind == "line":
            lines = text.split("\n")
            i = data.draw(st.integers(0, len(lines) - 1))
            how = data.draw(st.sampled_from(["drop", "copy", "swap"]))
            if how == "drop":
                del lines[i]
            elif how == "copy":
                lines.insert(i, lines[i])
            else:
                j = data.draw(st.integers(0, len(lines) - 1))
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        else:
            words = text.split(" ")
            i = data.draw(st.integers(0, len(words) - 1))
            if kind == "card":
                words[i] = data.draw(st.sampled_from(CARD_WORDS))
            else:  # a card moved elsewhere in the file, maybe to another pile
                j = data.draw(st.integers(0, len(words) - 1))
                words.insert(j, words.pop(i))
            text = " ".join(words)
    return text


@FUZZ
@given(st.sampled_from(VALID), st.data())
def test_fuzz_mutated_files(text: str, data: st.DataObject) -> None:
    read_or_refuse(mutate(text, data))


@FUZZ
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=20,
    ),
    st.sampled_from(ALL_PRESETS),
)
def test_fuzz_json_shapes(value: Any, preset: str) -> None:
    for doc in (
        value,
        {"game": preset, "rules": value},
        {"game": preset, "deal": value},
        {"game": preset, "position": value},
        {"game": preset, "position": {"line": value, "stock": value}},
    ):
        text = json.dumps(doc)
        if text.startswith("{"):
            read_or_refuse(text)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        "{" + '"a": [' * 100_000,
        '{"game": "decade", "deal": ' + "9" * 10_000 + "}",
        '{"game": "decade", "position": {"line": ' + "[" * 50_000 + "]" * 50_000 + "}}",
        "game: decade\nline: " + "AS " * 100_000,
        "game: decade\n" + "x: y\n" * 50_000,
        "\x00\x01\x02",
        "game: decade\u2028line: AS",
    ],
    ids=lambda text: f"{len(text)} chars",
)
def test_hostile_inputs_are_refused_cleanly(text: str) -> None:
    with pytest.raises(DealFileError):
        parse_deal(text)


# ---------------------------------------------------------------- errors, one by one


def decade_text(
    line: str,
    stock: str | None = None,
    discarded: str = "",
    header: str = "game: decade",
) -> str:
    """A Decade file; by default the stock holds every card not named elsewhere."""
    if stock is None:
        named = set(parse_cards(line)) | set(parse_cards(discarded))
        stock = " ".join(card_text(c) for c in range(52) if c not in named)
    return f"{header}\nline: {line}\nstock: {stock}\ndiscarded: {discarded}\n"


ERRORS = [
    # (text, line, words the message must contain)
    ("game: decade\nline: 3D ZZ 2C\n", 2, ["ZZ", "not a card"]),
    ("game: decade\nline: 3D 2D\nstock: 2D\n", 3, ["2D", "twice", "line and stock"]),
    ("game: decade\nline: 3D 3D\n", 2, ["3D", "twice"]),
    ("game: decade\nline: 3D 2D\n\n# end\n", 2, ["50 cards missing", "AC", "KD"]),
    (decade_text("3D 2D 9C").replace("\nline:", "\nwing 3: AS\nline:"), 2, ["wing 3", "label"]),
    ("# hello\ngame: eagle wings\nline: AS\n", 2, ["eagle wings", "unknown game"]),
    ("game:\nline: AS\n", 1, ["no game"]),
    (decade_text("3D 2D 9C", header="game: decade\nrules: redeals=2"), 2, ["redeals", "rule"]),
    (decade_text("3D 2D 9C", header="game: decade\nrules: max_run=1"), 2, ["max_run", "'1'"]),
    (decade_text("3D 2D 9C", header="game: decade\nrules: compulsory"), 2, ["compulsory"]),
    (decade_text("3D 2D", header="game: decade\nrules: min_run=3 min_run=2"), 2, ["twice"]),
    (decade_text("3D 2D 9C", header="game: decade\ndeal: twelve"), 2, ["twelve", "deal"]),
    (decade_text("3D 2D 9C", header="game: decade\ndeal: 1\ndeal: 2"), 3, ["deal", "twice"]),
    (decade_text("3D 2D 9C") + "deal: 5\n", 5, ["deal", "come first"]),
    ("line: 3D\ngame: decade\n", 1, ["must start with 'game"]),
    ("game: decade\n3D 2D 9C\n", 2, ["expected LABEL: TEXT", "3D 2D 9C"]),
    ("game: decade\nline: 3D\nLine: 2D\n", 3, ["line", "twice"]),
    # Positions that no play reaches.
    (decade_text("3D 2D 9C", discarded="KD"), 4, ["1 cards discarded", "at least 2"]),
    (decade_text("3D 2D 9C", discarded="KD 5H"), 4, ["add up to 15", "10, 20, 30"]),
    (
        decade_text("3D 2D 9C", discarded="KD 5H 5C", header="game: decade\nrules: max_run=2"),
        5,
        ["3 cards discarded", "exactly 2 cards"],
    ),
    (decade_text("5H 5C 2D 3D"), 2, ["run 5H 5C", "compulsory"]),
    (decade_text("3D 3C AH 4H 5S 7C"), 2, ["run AH 4H 5S", "compulsory"]),
]


@pytest.mark.parametrize(("text", "line", "words"), ERRORS)
def test_each_error_names_the_file_line_and_card(text: str, line: int, words: list[str]) -> None:
    with pytest.raises(DealFileError) as info:
        parse_deal(text, path="my.deal")
    message = str(info.value)
    assert message.startswith(f"my.deal, line {line}: "), message
    assert info.value.path == "my.deal" and info.value.line == line
    for word in words:
        assert word in message, message
    assert "\n" not in message


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", ["no 'game: NAME' line"]),
        ("# only a comment\n\n", ["no 'game: NAME' line"]),
        ('{"game": "decade",}', ["bad JSON", "line 1"]),
        ('{"game": "decade", "game": "decade"}', ["'game' given twice"]),
        ('["decade"]', ["expected LABEL"]),
        ('{"game": 5}', ['"game"']),
        ('{"game": "decade", "colour": "red"}', ["colour"]),
        ('{"game": "nope"}', ["nope", "unknown game"]),
        ('{"game": "decade", "rules": [1]}', ['"rules"']),
        ('{"game": "decade", "rules": {"sums": {"a": 1}}}', ['"rules": "sums"']),
        ('{"game": "decade", "rules": {"speed": 1}}', ["speed"]),
        ('{"game": "decade", "deal": true}', ['"deal"']),
        ('{"game": "decade", "deal": "0"}', ["deal", "'0'"]),
        ('{"game": "decade", "position": []}', ['"position"']),
        ('{"game": "decade", "position": {"line": 3}}', ['"position": "line"']),
        ('{"game": "decade", "position": {"line": ["AS", "1X"]}}', ["1X", '"line"']),
        ('{"game": "decade", "position": {"wing": "AS"}}', ["wing", "unknown label"]),
        ('{"game": "decade", "position": {"line": "AS"}}', ["51 cards missing"]),
    ],
)
def test_json_and_whole_file_errors(text: str, words: list[str]) -> None:
    with pytest.raises(DealFileError) as info:
        parse_deal(text, path="my.json")
    message = str(info.value)
    assert message.startswith("my.json"), message
    for word in words:
        assert word in message, message


def test_json_with_card_lists_and_knob_values_of_any_type() -> None:
    game = make_game("decade")
    state = random_position(game, 11, 9, random.Random(0))
    fields = dict(game.position_fields(state))
    doc = {
        "game": "decade",
        "rules": {"sums": [10, 20, 30], "max_run": None, "compulsory": True, "min_run": 2},
        "deal": 11,
        "position": {k: v.split() for k, v in fields.items()},
    }
    loaded = parse_deal(json.dumps(doc))
    assert loaded.position == state and loaded.deal == "11"
    assert loaded.game.rules == game.rules


# ---------------------------------------------------------------- Decade positions by hand


def test_decade_reachable_positions_by_hand_are_accepted() -> None:
    # A run that ends at the last card: 2D 9D 5H had none, 5C was dealt.
    assert parse_deal(decade_text("2D 9D 5H 5C")).position.line == tuple(parse_cards("2D 9D 5H 5C"))
    # The first three cards may hold a run: no discard comes before them.
    parse_deal(decade_text("5H 5C 2D"))
    # After a discard the line may hold any runs (closing up makes them).
    parse_deal(decade_text("5H 5C 2D 3D", discarded="KD QD"))
    parse_deal(decade_text("5H 5C 2D 3D", discarded="AC 9C 5S 5D KS"))
    # Optional discards: a run may stay while cards are dealt.
    parse_deal(decade_text("5H 5C 2D 3D", header="game: decade-optional"))
    # Other sums and lengths from the rules line.
    parse_deal(decade_text("3D", discarded="KD 5H", header="game: decade\nrules: sums=15"))
    parse_deal(decade_text("3D", discarded="KD 5H 5C", header="game: decade\nrules: max_run=3"))
    # Everything discarded: the won position.
    won = parse_deal(decade_text("", stock="", discarded=" ".join(card_text(c) for c in range(52))))
    assert make_game("decade").is_won(won.position)


def test_decade_deal_given_as_a_stock_alone_starts_with_three_cards() -> None:
    game = make_game("decade")
    start = game.deal(parse_deal_number(123456))
    order = start.line + start.remaining
    loaded = parse_deal(f"game: decade\nstock: {' '.join(card_text(c) for c in order)}\n")
    assert loaded.position == start
    # RULES.md, "Known answers": decade 123456 starts 3D 2D 2C 9C AC 6H.
    assert loaded.position.line == tuple(parse_cards("3D 2D 2C"))
    assert loaded.position.remaining[:3] == tuple(parse_cards("9C AC 6H"))


def test_decade_states_are_equal_when_line_and_stock_are() -> None:
    line = tuple(parse_cards("3D 2D"))
    # The same position reached by discarding KD QD or QD KD.
    a = DecadeState(line, tuple(parse_cards("KD QD 3D 2D 9C")), 4)
    b = DecadeState(line, tuple(parse_cards("QD KD 3D 2D 9C")), 4)
    c = DecadeState(line, tuple(parse_cards("KD QD 3D 2D 8C")), 4)
    assert a == b and hash(a) == hash(b)
    assert a != c
    game = make_game("decade")
    assert game.key(a) == game.key(b)


# ---------------------------------------------------------------- paths and streams


def test_load_and_dump_through_paths_streams_and_standard_io(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = make_game("decade-optional")
    state = random_position(game, 99, 20, random.Random(3))
    path = tmp_path / "p.deal"
    text = dump_deal(game, state, path, deal=99)
    assert path.read_text(encoding="utf-8") == text
    assert load_deal(path).position == state
    assert load_deal(str(path)).position == state
    with open(path, encoding="utf-8") as f:
        assert load_deal(f).position == state
    json_path = tmp_path / "p.json"
    dump_deal(game, state, json_path, as_json=True)
    assert load_deal(json_path).position == state
    out = io.StringIO()
    dump_deal(game, state, out, deal=99)
    assert out.getvalue() == text
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    loaded = load_deal("-")
    assert loaded.position == state and loaded.deal == "99"
    dump_deal(game, state, "-", deal=99)
    assert capsys.readouterr().out == text


def test_unreadable_files_are_file_errors(tmp_path: Path) -> None:
    with pytest.raises(DealFileError, match="cannot read"):
        load_deal(tmp_path / "missing.deal")
    with pytest.raises(DealFileError, match="cannot read"):
        load_deal(tmp_path)
    binary = tmp_path / "latin1.deal"
    binary.write_bytes(b"game: decade\n# caf\xe9\n")
    with pytest.raises(DealFileError, match="UTF-8"):
        load_deal(binary)
    with pytest.raises(DealFileError, match="cannot write"):
        dump_deal(make_game("decade"), make_game("decade").deal(parse_deal_number(1)), tmp_path)


def test_header_labels_are_reserved() -> None:
    assert set(HEADER_LABELS) == {"game", "rules", "deal"}
    for preset in ALL_PRESETS:
        game = make_game(preset)
        try:
            labels = [k for k, _ in game.position_fields(game.deal(parse_deal_number(1)))]
        except NotImplementedError:
            continue
        assert not set(labels) & {*HEADER_LABELS, "position"}


def test_documented_examples_read() -> None:
    """The JSON example of docs/reference/files.md is a valid file, equal to its text form there
    and in the README."""
    page = (ROOT / "docs" / "reference" / "files.md").read_text(encoding="utf-8")
    block = page.split("```json\n", 1)[1].split("```", 1)[0]
    loaded = parse_deal(block)
    assert loaded.game.preset == "decade" and loaded.deal == "3"
    fields = dict(loaded.game.position_fields(loaded.position))
    line = f"line: {fields['line']}"
    assert line in page
    assert line in (ROOT / "README.md").read_text(encoding="utf-8")


class _NoFiles(Decade):
    """Decade without file hooks, as a game that has not written them yet."""

    def position_fields(self, state: DecadeState) -> list[tuple[str, str]]:
        return Game.position_fields(self, state)

    def parse_position(self, reader: FieldReader) -> DecadeState:
        return Game.parse_position(self, reader)


def test_a_game_without_file_hooks_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(PRESETS, "no-files", Preset("no-files", _NoFiles, DecadeRules(), "test"))
    game = make_game("no-files")
    with pytest.raises(DealFileError, match="no-files: no position file format yet"):
        format_deal(game, game.deal(parse_deal_number(1)))
    with pytest.raises(DealFileError, match=r"x\.deal, line 2: no-files has no position file"):
        parse_deal("# test\ngame: no-files\nline: AS\n", path="x.deal")
    assert main(["show", "no-files", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("solitaire-solver: error: no-files: no position")


def test_byte_order_mark_and_windows_line_ends_are_read(tmp_path: Path) -> None:
    game = make_game("decade")
    state = random_position(game, 21, 12, random.Random(2))
    for as_json in (False, True):
        path = tmp_path / "windows.deal"
        text = format_deal(game, state, as_json=as_json).replace("\n", "\r\n")
        path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
        assert load_deal(path).position == state


def test_the_documented_game_file_reads() -> None:
    """The game file example of docs/reference/files.md: the deal, and the moves played from it."""
    page = (ROOT / "docs" / "reference" / "files.md").read_text(encoding="utf-8")
    section = page.split("## Game files", 1)[1]
    block = section.split("```json\n", 1)[1].split("```", 1)[0]
    game, start, deal, moves, *_ = parse_game(block)
    assert deal == "3" and start == game.deal(parse_deal_number(3))
    assert [str(m) for m in moves] == ["d", "d", "d"]
    # Read as a position, the file is where the moves lead: three cards dealt.
    assert len(parse_deal(block).position.line) == 6
    again = parse_game(format_game(game, start, moves, deal=deal))
    assert again.game.preset == game.preset and again.game.rules == game.rules
    assert again[1:4] == (start, deal, moves)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_file_with_a_deal_and_no_position_is_that_deal(preset: str) -> None:
    """A file that names a deal and gives no position lines starts from the deal, in the
    text form as in JSON (a fair game file is written so); with neither, it says what it
    needs, not which 52 cards are missing."""
    game = make_game(preset)
    dealt = game.deal(parse_deal_number(7))
    text = f"game: {preset}\ndeal: 7\n"
    assert game.key(parse_deal(text).position) == game.key(dealt)
    doc = json.dumps({"game": preset, "deal": 7})
    assert game.key(parse_deal(doc).position) == game.key(dealt)
    with pytest.raises(DealFileError, match="has no position: give 'deal: NUMBER'") as text_error:
        parse_deal(f"game: {preset}\n", path="f.txt")
    assert "missing" not in str(text_error.value)
    with pytest.raises(DealFileError, match='needs "position"') as json_error:
        parse_deal(json.dumps({"game": preset}), path="f.json")
    assert "missing" not in str(json_error.value)
