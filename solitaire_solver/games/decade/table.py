"""Decade's exact fair values of every small state, as a table built backwards.

A bound of the expectimax (:mod:`.lines`, "Bounds"): every state worth more
than 0 with at most n unseen cards that fits in one deck, so that absent
means 0. It is built backwards (each state worth more than 0 has a deal
leading to one), and grows so fast that only n = 1 fits in memory (see the
docs), which the closed forms cover already; it is kept as the measured
answer to how far a complete table goes, and it checks the closed forms.
The bit-set problem (:class:`~.lines._Stack`) reads it when
:class:`~.exact.FairSolver` is given one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence

import attrs

from .lines import _Shape, _Stack
from .rules import DecadeRules
from .unseen import (
    _UNIT,
    _VALUES,
    DECK_COUNTS,
    _pack,
    _unpack,
    _within_deck,
    unseen_counts,
)


@attrs.define
class FairTable:
    """Exact values of every information state with at most ``max_unseen`` unseen cards.

    Compulsory rules with runs of two cards or more and no shorter limit
    than the largest sum (preset ``decade``). The table holds every
    run-free line and unseen multiset that fit in one deck together and
    whose value is above 0, keyed as the expectimax keys them; a state that
    fits in one deck and is absent is worth 0. It is built level by level
    backwards (:meth:`build`): a state with n unseen cards is worth more
    than 0 exactly when some deal leads to a state worth more than 0 with
    n - 1 unseen, so the states of level n are the predecessors of level
    n - 1: deal back the line's last card into the stock, or put back a
    run's cards (a run-free extension of the line whose values and the
    dealt card add up to an allowed sum).
    """

    rules: DecadeRules
    max_unseen: int
    values: dict[int, int]
    """Key (see :meth:`~.lines._Stack.key`) -> W, the orders won."""
    level_sizes: list[int]
    """States above 0 per number of unseen cards, from 0."""
    seconds: list[float]
    """Seconds to build each level."""

    @classmethod
    def build(
        cls,
        rules: DecadeRules,
        max_unseen: int,
        *,
        report: Callable[[int, int, float], None] | None = None,
        max_states: int | None = None,
    ) -> FairTable:
        """Build the levels 0 to ``max_unseen``; ``report(level, states, seconds)`` after each.

        Stops early (with fewer levels) when a level would hold more than
        ``max_states`` states.
        """
        shape = _Shape.of(rules)
        if not shape.compulsory or shape.min_run != 2 or shape.limited:
            raise ValueError("the table is made for compulsory rules with runs of 2 cards or more")
        top = shape.top
        engine = _Stack(shape, True)
        values: dict[int, int] = {}
        empty = (1 << top, 0)
        level: list[tuple[int, int]] = [empty]
        values[engine.table_key(*empty)] = 1
        sizes, seconds = [1], [0.0]
        table = cls(rules, 0, values, sizes, seconds)
        for n in range(1, max_unseen + 1):
            t = time.perf_counter()
            found = cls._predecessors(shape, level, max_states)
            if found is None:
                break
            # Values from the levels below, which are complete: absent means 0.
            engine.use_table(values, n - 1)
            level = []
            for full, packed in found:
                counts = _unpack(packed)
                tot = sum(v * c for v, c in enumerate(counts))
                w = engine.wins((full, packed, n, tot))
                if w:
                    values[engine.table_key(full, packed)] = w
                    level.append((full, packed))
            engine.memo.clear()
            sizes.append(len(level))
            seconds.append(time.perf_counter() - t)
            table.max_unseen = n
            if report is not None:
                report(n, len(level), seconds[-1])
        return table

    @staticmethod
    def _predecessors(
        shape: _Shape, level: list[tuple[int, int]], max_states: int | None
    ) -> set[tuple[int, int]] | None:
        top, sums = shape.top, shape.sums
        sum_bits = 0
        for s in sums:
            sum_bits |= 1 << (top - s)
        out: set[tuple[int, int]] = set()
        for full, packed in level:
            line = _Stack.line_of(full, top)
            used = list(_unpack(packed))
            for v in line:
                used[v] += 1
            if line:
                # Deal the last card back: the line without it had no run.
                v = line[-1]
                total = full.bit_length() - 1 - top
                out.add((full ^ (1 << (total + top)), packed + _UNIT[v]))
            for v in _VALUES:
                if used[v] >= DECK_COUNTS[v]:
                    continue
                used[v] += 1
                for s in sums:
                    if s - v >= 1:
                        for grown in _extensions(full, s - v, used, top, sum_bits):
                            out.add((grown, packed + _UNIT[v]))
                used[v] -= 1
            if max_states is not None and len(out) > max_states:
                return None
        return out

    def get(self, line: Sequence[int], unseen: Sequence[int] | Mapping[int, int]) -> int | None:
        """W of a run-free line and unseen multiset from the table; ``None`` when it can't say."""
        counts = unseen_counts(unseen)
        if sum(counts) > self.max_unseen or not _within_deck(line, counts):
            return None
        top = max(self.rules.sums)
        return self.values.get(_Stack.table_key(_Stack.full_of(line, top), _pack(counts)), 0)


def _extensions(full: int, room: int, used: list[int], top: int, sum_bits: int) -> list[int]:
    """Every line that extends ``full`` by cards adding up to ``room``, still without a run.

    ``used`` counts the cards of each value taken already (changed and restored).
    """
    out: list[int] = []

    def extend(full: int, room: int) -> None:
        if room == 0:
            out.append(full)
            return
        total = full.bit_length() - 1 - top
        below = full ^ (1 << (total + top))
        for w in range(1, min(10, room) + 1):
            if used[w] >= DECK_COUNTS[w] or (below >> (total + w)) & sum_bits:
                continue
            used[w] += 1
            extend(full | (1 << (total + w + top)), room - w)
            used[w] -= 1

    extend(full, room)
    return out
