"""The fast shuffle loop of numbering.py against the generator as RULES.md states it."""

from __future__ import annotations

import random

import pytest

from solitaire_solver.numbering import shuffled_talon


def rules_md_talon(n: int, decks: int, microsoft: bool) -> list[int]:
    """RULES.md, "Deal numbers", steps 2 to 5, written out plainly."""
    cards = list(range(52 * decks))
    if microsoft:
        if decks == 1:
            cards = [cards[i + off] for i in range(13) for off in (0, 39, 26, 13)]
        x = n - 2**32 if n >= 2**32 else n

        def randint(k: int) -> int:
            nonlocal x
            x = (x * 214013 + 2531011) % 2**33
            if n >= 2**32:
                r = ((x >> 16) & 0xFFFF) + 1
            else:
                r = (x >> 16) & 0x7FFF
                if n >= 2**31:
                    r |= 0x8000
            return r % (k + 1)

    else:
        rng = random.Random(n)

        def randint(k: int) -> int:
            return int(rng.random() * (k + 1))

    for k in range(len(cards) - 1, 0, -1):
        j = randint(k)
        cards[k], cards[j] = cards[j], cards[k]
    return cards


@pytest.mark.parametrize("decks", [1, 2])
def test_microsoft_numbers_match_the_plain_generator(decks: int) -> None:
    numbers = [*range(1, 400), 31999, 2**31 - 1, 2**31, 2**31 + 9, 2**32 - 1, 2**32, 2**33 - 1]
    for n in numbers:
        assert shuffled_talon(f"ms{n}", decks) == rules_md_talon(n, decks, True), n
    for n in range(1, 400):
        assert shuffled_talon(n, decks) == rules_md_talon(n, decks, True), n


@pytest.mark.parametrize("decks", [1, 2])
def test_twister_numbers_match_the_plain_generator(decks: int) -> None:
    for n in [32000, 32001, 123456, 10**9, 2**40]:
        assert shuffled_talon(n, decks) == rules_md_talon(n, decks, False), n
