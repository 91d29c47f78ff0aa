"""Cards and deal numbers, against RULES.md's known answers and pysol_cards."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_solver import solve
from solitaire_solver.cards import card_text, cards_text, parse_card, parse_cards, rank_of, suit_of
from solitaire_solver.errors import BadCardError, BadDealNumberError
from solitaire_solver.numbering import DealNumber, parse_deal_number, shuffled_talon


def dealt(number: int | str, decks: int = 1) -> list[str]:
    """Card texts in dealing order (top of the talon first)."""
    return [card_text(c) for c in reversed(shuffled_talon(number, decks))]


# ---------------------------------------------------------------- cards


def test_card_ids_follow_the_deck_order() -> None:
    assert parse_card("AC") == 0
    assert parse_card("KC") == 12
    assert parse_card("AS") == 13
    assert parse_card("AH") == 26
    assert parse_card("KD") == 51


@pytest.mark.parametrize("text", ["10d", "td", "TD", " Td "])
def test_card_parsing_accepts_ten_and_lower_case(text: str) -> None:
    assert card_text(parse_card(text)) == "TD"


@pytest.mark.parametrize("text", ["", "1D", "TX", "11H", "KDD", "ZZ", "A"])
def test_bad_card_text_is_named(text: str) -> None:
    with pytest.raises(BadCardError, match="not a card"):
        parse_card(text)


@given(st.integers(0, 51))
def test_card_text_round_trips(card: int) -> None:
    assert parse_card(card_text(card)) == card
    assert rank_of(card) == card % 13 and suit_of(card) == card // 13


def test_two_deck_ids_fold_onto_one_card() -> None:
    assert card_text(52 + 13) == "AS"
    assert parse_cards("AS 2C") == [13, 1]
    assert cards_text([0, 52 + 51]) == "AC KD"


# ---------------------------------------------------------------- numbers


@pytest.mark.parametrize(
    ("text", "value", "microsoft"),
    [
        ("1", 1, True),
        ("31999", 31999, True),
        ("32000", 32000, False),
        ("#123,456", 123456, False),
        ("#123456", 123456, False),
        ("123_456", 123456, False),
        ("123.456", 123456, False),
        ("1 234 567", 1234567, False),
        ("12,345,678", 12345678, False),
        ("1.000", 1000, True),
        (" 42 ", 42, True),
        ("007", 7, True),
        ("ms40000", 40000, True),
        ("MS5", 5, True),
        (77, 77, True),
    ],
)
def test_deal_number_parsing(text: str | int, value: int, microsoft: bool) -> None:
    assert parse_deal_number(text) == DealNumber(value, microsoft)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        # PySolFC strips these separators anywhere, which would read 1-5,
        # 1.5, 1,5, 1_5 and "1 5" as deal 15, .7 as 7 and 1.0 as 10.
        ("1-5", "a range"),
        ("1.5", "groups of three"),
        ("1,5", "groups of three"),
        ("1_5", "groups of three"),
        ("1 5", "groups of three"),
        (".7", "starts with"),
        ("1.0", "groups of three"),
        ("12,34", "groups of three"),
        ("1234,567", "groups of three"),
        ("1,234.567", "one kind of separator"),
        ("1,234,", "ends with"),
        ("1  234", "groups of three"),
        ("##12", "digits"),
        ("12#", "digits"),
        ("ms-5", "after 'ms'"),
        ("ms1,000", "after 'ms'"),
        ("0", "start at 1"),
        ("#0", "start at 1"),
        ("-3", "start at 1"),
        ("abc", "digits"),
        ("", "empty"),
        ("ms", "after 'ms'"),
        ("1.5e3x", "digits"),
        ("ms8589934592", "at most"),
        # PySolFC's game numbers stop at 10**20 (pysol_cards' MAX_SEED).
        ("100000000000000000001", "run from 1 to 100000000000000000000"),
        ("99999999999999999999999999", "run from 1 to 100000000000000000000"),
        ("1" * 5000, "run from 1 to 100000000000000000000"),
        ("ms" + "9" * 5000, "at most 8589934591"),
        ("\u0661\u0662", "digits"),
    ],
)
def test_bad_deal_numbers_are_rejected_with_the_text_and_why(text: str, why: str) -> None:
    with pytest.raises(BadDealNumberError) as error:
        parse_deal_number(text)
    message = str(error.value)
    assert message.startswith(f"bad deal number {text!r}: ")
    assert why in message
    assert "\n" not in message


@pytest.mark.parametrize("value", [0, -1, True, 1.5, None])
def test_bad_deal_number_values(value: object) -> None:
    with pytest.raises(BadDealNumberError, match="bad deal number"):
        parse_deal_number(value)  # type: ignore[arg-type]


def test_the_library_refuses_a_deal_number_out_of_range_as_a_value_error() -> None:
    # The API's callers catch ValueError without importing the errors module.
    with pytest.raises(ValueError, match=r"'100000000000000000001'.*1 to 100000000000000000000"):
        solve("decade", 10**20 + 1)
    assert parse_deal_number(10**20) == DealNumber(10**20, False)


def test_deal_number_prints_back() -> None:
    assert str(parse_deal_number("ms40000")) == "ms40000"
    assert str(parse_deal_number("40000")) == "40000"
    assert str(parse_deal_number("ms7")) == "7"


def test_known_answer_eagle_wing_1() -> None:
    # RULES.md: foundation JD; trunk 2D ... QC; wings AS JS QD 9D KS 2S 3H KH (0..7,
    # dealt 7 first); waste AH; stock 3C 4C 5C TS QH ...
    d = dealt(1)
    assert d[0] == "JD"
    assert d[1:14] == ["2D", "9H", "JC", "5D", "7H", "7C", "5H", "KD", "KC", "9S", "5S", "AD", "QC"]
    assert d[14:22][::-1] == ["AS", "JS", "QD", "9D", "KS", "2S", "3H", "KH"]
    assert d[22] == "AH"
    assert d[23:28] == ["3C", "4C", "5C", "TS", "QH"]


def test_known_answer_decade_123456() -> None:
    assert dealt(123456)[:16] == [
        "3D",
        "2D",
        "2C",
        "9C",
        "AC",
        "6H",
        "4C",
        "KC",
        "6C",
        "TC",
        "8S",
        "8C",
        "9D",
        "TH",
        "2S",
        "JS",
    ]


def test_known_answer_windmill_123456_two_decks() -> None:
    talon = shuffled_talon(123456, decks=2)
    talon.remove(0)
    talon.append(0)  # the ace of clubs of deck 0 goes to the top
    d = [card_text(c) for c in reversed(talon)]
    assert d[0] == "AC"
    assert d[1:9] == ["6H", "4H", "4C", "5S", "AS", "8C", "AH", "QC"]
    assert d[9] == "9S"
    assert d[10:15] == ["7D", "TD", "3C", "KD", "8H"]
    assert len(d) - 10 == 94


def test_known_answer_black_hole_1() -> None:
    talon = shuffled_talon(1)
    talon.remove(13)
    talon.insert(0, 13)  # the ace of spades goes to the bottom, dealt last
    d = [card_text(c) for c in reversed(talon)]
    piles = [[d[i], d[17 + i], d[34 + i]] for i in range(17)]
    assert piles[0] == ["JD", "KS", "TH"]
    assert piles[1] == ["2D", "9D", "8H"]
    assert piles[16] == ["2S", "4S", "6H"]
    assert d[51] == "AS"


def test_talon_is_a_permutation_of_the_decks() -> None:
    for decks in (1, 2):
        for number in (1, 31999, 32000, 10**9):
            assert sorted(shuffled_talon(number, decks)) == list(range(52 * decks))


# ---------------------------------------------------------------- against pysol_cards

pysol_random = pytest.importorskip("pysol_cards.random")
pysol_cards_mod = pytest.importorskip("pysol_cards.cards")


def reference_talon(number: int, decks: int, microsoft: bool) -> list[int]:
    """The same shuffle done by pysol_cards' generators (an independent implementation)."""
    cards = list(range(52 * decks))
    rng = pysol_random.LCRandom31() if microsoft else pysol_random.MTRandom()
    rng.setSeed(number)
    if microsoft:
        cards = pysol_cards_mod.ms_rearrange(cards)
    return list(rng.shuffle(cards))


@pytest.mark.parametrize("decks", [1, 2])
@pytest.mark.parametrize(
    "number",
    [1, 2, 617, 11982, 31999, 32001, 123456, 10**6, 2**31 - 1, 2**40 + 3, 10**15, 10**20],
)
def test_plain_numbers_match_pysol_cards(number: int, decks: int) -> None:
    microsoft = number < 32000
    assert shuffled_talon(number, decks) == reference_talon(number, decks, microsoft)


@pytest.mark.parametrize("decks", [1, 2])
@pytest.mark.parametrize("number", [40000, 2**31, 2**31 + 12345, 2**32, 2**32 + 99, 2**33 - 1])
def test_ms_numbers_match_pysol_cards(number: int, decks: int) -> None:
    assert shuffled_talon(f"ms{number}", decks) == reference_talon(number, decks, True)


@given(st.integers(1, 31999), st.sampled_from([1, 2]))
def test_random_ms_numbers_match_pysol_cards(number: int, decks: int) -> None:
    assert shuffled_talon(number, decks) == reference_talon(number, decks, True)
