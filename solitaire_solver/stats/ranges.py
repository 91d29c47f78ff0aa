"""Deal ranges: the text of a range such as ``1-100,200`` as blocks of numbers, never listed.

>>> deals = parse_deals("1-3,ms40000")
>>> (len(deals), [str(d) for d in deals])
(4, ['1', '2', '3', 'ms40000'])
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator, Sequence
from typing import overload

from ..errors import BadDealNumberError, BadOptionError
from ..numbering import MT_THRESHOLD, DealNumber, parse_deal_number


def _range_end(shown: str, end: str, ms: bool) -> DealNumber:
    """One end of a range item; ``ms`` makes it a Microsoft deal number; ``shown`` is the
    range's text as an error quotes it."""
    word = end.strip()
    if ms and word[:2].lower() != "ms":
        word = "ms" + word
    try:
        return parse_deal_number(word)
    except BadDealNumberError as exc:
        raise BadDealNumberError(
            f"bad deal range {shown}: {_shown(end.strip())} is not a deal number ({exc.why})",
            why=exc.why,
        ) from None


MOST_DEALS = 10**15
"""The most deals a range may hold: a thousand million million, far more than any run
finishes (a million cores for thirty years at a millisecond a deal), and a count that every
part of a run can hold (Python counts a sequence's items in 63 bits). A longer range, such as
``1-100000000000000000000``, is a typing mistake, refused with one line; the deal numbers
themselves may run to PySolFC's largest."""

MOST_ITEMS = 10_000
"""The most items (separated by commas) a range list may have."""

Block = tuple[int, int, bool]
"""Consecutive deal numbers ``(low, high, microsoft)``, both ends included."""


def _split_block(low: int, high: int, microsoft: bool) -> list[Block]:
    # Below MT_THRESHOLD every deal is a Microsoft one, written without
    # "ms"; from it up a Microsoft deal is written with "ms". Splitting there
    # keeps one generator and one way of writing the numbers per block.
    if microsoft or low < MT_THRESHOLD:
        parts = [
            (low, min(high, MT_THRESHOLD - 1), True),
            (max(low, MT_THRESHOLD), high, microsoft),
        ]
    else:
        parts = [(low, high, False)]
    return [(lo, hi, ms) for lo, hi, ms in parts if lo <= hi]


class _Covered:
    """The deals of the items read so far, for each generator as sorted disjoint intervals:
    what is left of a new item once they are taken out is found by bisection, so a list of
    thousands of items costs no more than their number times a logarithm."""

    def __init__(self) -> None:
        self._lows: dict[bool, list[int]] = {True: [], False: []}
        self._highs: dict[bool, list[int]] = {True: [], False: []}

    def take(self, block: Block) -> list[Block]:
        """The parts of ``block`` not covered yet, in order; they are covered from now on."""
        low, high, ms = block
        lows, highs = self._lows[ms], self._highs[ms]
        # The first interval that may overlap: the last starting at or before ``low``,
        # when it reaches it, else the one after.
        first = bisect.bisect_right(lows, low) - 1
        if first < 0 or highs[first] < low:
            first += 1
        parts: list[Block] = []
        at, end = low, first
        while end < len(lows) and lows[end] <= high:
            if at < lows[end]:
                parts.append((at, lows[end] - 1, ms))
            at = max(at, highs[end] + 1)
            end += 1
        if at <= high:
            parts.append((at, high, ms))
        # The intervals first..end-1 and the block become one.
        if end > first:
            low, high = min(low, lows[first]), max(high, highs[end - 1])
        lows[first:end] = [low]
        highs[first:end] = [high]
        return parts


class DealRange(Sequence[DealNumber]):
    """The deals of a range text, held as blocks of consecutive numbers and never listed.

    Length, iteration, indexing and ``in`` all work on the blocks, so a range
    of 10**11 deals costs no more memory than one of ten; iterating yields
    the deals in the order asked. Build one with :func:`parse_deals`.
    """

    def __init__(self, blocks: Iterable[Block], text: str = "") -> None:
        self.blocks: tuple[Block, ...] = tuple(blocks)
        self.text = text

    def __len__(self) -> int:
        return sum(high - low + 1 for low, high, _ in self.blocks)

    def __iter__(self) -> Iterator[DealNumber]:
        for low, high, microsoft in self.blocks:
            for value in range(low, high + 1):
                yield DealNumber(value, microsoft)

    @overload
    def __getitem__(self, index: int) -> DealNumber: ...

    @overload
    def __getitem__(self, index: slice) -> list[DealNumber]: ...

    def __getitem__(self, index: int | slice) -> DealNumber | list[DealNumber]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(f"deal range index {index} out of range")
        for low, high, microsoft in self.blocks:
            if index <= high - low:
                return DealNumber(low + index, microsoft)
            index -= high - low + 1
        raise AssertionError("unreachable: the index was checked against the length")

    def __contains__(self, deal: object) -> bool:
        if not isinstance(deal, DealNumber):
            return False
        return any(
            low <= deal.value <= high and ms == deal.microsoft for low, high, ms in self.blocks
        )

    def __repr__(self) -> str:
        return f"DealRange({self.text!r}, {len(self)} deals)"


def parse_deals(text: str) -> DealRange:
    """The deals of a range list such as ``1-100,200,300-310``, as a :class:`DealRange`.

    Items are separated by commas; each is a deal number (any form that
    :func:`.parse_deal_number` accepts but grouping by commas, ``ms40000``
    too) or ``A-B`` with ``A <= B``, where ``msA-B`` makes both ends
    Microsoft deal numbers. A deal listed twice counts once; the order of
    first mention is kept. Raises :class:`BadDealNumberError` naming the
    item for anything else. The deals are never listed, however many.
    """
    if not isinstance(text, str):
        raise BadDealNumberError(f"a deal range is text such as '1-100', not {text!r:.60}")
    shown = _shown(text)
    items = text.split(",")
    if len(items) > MOST_ITEMS:
        raise BadDealNumberError(
            f"bad deal range {shown}: {len(items):,} items, more than the {MOST_ITEMS:,} a range "
            "list may have (give runs of deals as A-B)"
        )
    blocks: list[Block] = []
    covered = _Covered()
    for item in items:
        word = item.strip()
        if not word:
            raise BadDealNumberError(f"bad deal range {shown}: empty item")
        ends = word.split("-")
        if len(ends) > 2 or not all(e.strip() for e in ends):
            raise BadDealNumberError(
                f"bad deal range {shown}: {_shown(word)} is not a deal number or A-B"
            )
        ms = any(e.strip()[:2].lower() == "ms" for e in ends)
        low = _range_end(shown, ends[0], ms)
        high = _range_end(shown, ends[-1], ms)
        if low.value > high.value:
            raise BadDealNumberError(f"bad deal range {shown}: {_shown(word)} runs backwards")
        for block in _split_block(low.value, high.value, ms):
            blocks.extend(covered.take(block))
    total = sum(high - low + 1 for low, high, _ in blocks)
    if total > MOST_DEALS:
        raise BadDealNumberError(
            f"bad deal range {shown}: {total:,} deals, more than the {MOST_DEALS:,} a run may "
            "hold (no run would finish)"
        )
    return DealRange(blocks, text)


def _shown(text: str) -> str:
    """A text of the range quoted in an error: the whole, or its start when it is long."""
    return repr(text) if len(text) <= 60 else repr(text[:57]) + "..."


def _deal_sequence(deals: Iterable[int | str | DealNumber] | str) -> Sequence[DealNumber]:
    """The deals to solve: a range as blocks, any other collection as a list without repeats."""
    out: Sequence[DealNumber]
    if isinstance(deals, str):
        out = parse_deals(deals)
    elif isinstance(deals, DealRange):
        out = deals
    elif isinstance(deals, Iterable) and not isinstance(deals, bytes):
        out = list(dict.fromkeys(parse_deal_number(d) for d in deals))
    else:
        raise BadOptionError(
            f"deals: expected a range such as '1-100' or a list of deal numbers, not {deals!r:.60}"
        )
    if not out:
        raise BadOptionError("no deals to solve")
    return out
