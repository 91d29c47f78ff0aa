"""Decade under optional rules: deal everything, then an interval dynamic programme.

Not a search over positions: a winning line still wins with every deal
moved to its front, so the question is whether the full line splits into
groups that never cross (:func:`_optional_groups`; :func:`_fewest_groups`
for a shortest line). :func:`optional_plug_in` runs either as an exact
plug-in of the engine, counting its table's entries against the budget.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from ...search import LOST, Budget, Run, won
from .rules import DEAL, DecadeMove, _move, _RunShape

_Groups = Generator[None, None, "list[list[int]] | None"]
"""A run of the dynamic programme: the groups discarded, or ``None`` when the line cannot empty."""


def _group_masks(shape: _RunShape) -> tuple[int, int, list[int], list[int]] | None:
    """Bit sets for the (cards, total) of a group being built: see :func:`_optional_groups`.

    Bit ``(c - 1) * width + s`` stands for a group of c cards adding up to s.
    Counts are kept exactly up to a cap; without a longest run, every count
    from min_run up behaves alike and is folded into the cap's row. Returns
    ``width``, the bits of a group that may be discarded, and per card value
    v the bits that grow into the next row and those that stay in the cap's
    row (both only where the total stays at most ``top``); ``None`` when no
    group is possible at all.
    """
    width = shape.top + 1
    unlimited = shape.max_run >= shape.top
    cap = shape.min_run if unlimited else shape.max_run
    if cap > shape.top:
        return None  # no group can hold that many cards
    good = 0
    for c in range(shape.min_run, cap + 1):
        for s in shape.sums:
            good |= 1 << ((c - 1) * width + s)
    grow_low: list[int] = [0] * 11
    grow_cap: list[int] = [0] * 11
    for v in range(1, 11):
        fit = (1 << max(0, width - v)) - 1  # totals that stay at most ``top`` after v
        low = 0
        for c in range(1, cap):
            low |= fit << ((c - 1) * width)
        grow_low[v] = low
        grow_cap[v] = (fit << ((cap - 1) * width)) if unlimited else 0
    return width, good, grow_low, grow_cap


def _optional_groups(values: Sequence[int], shape: _RunShape, budget: Budget) -> _Groups:
    """Whether the whole line ``values`` can be discarded, by interval dynamic programming.

    A run (see :func:`optional_plug_in`): returns the groups of positions
    discarded, in an order that discards each one while its cards stand
    side by side, or ``None``. Each group state stored and extended (a start
    ``i`` and an end ``q``) counts as one position expanded and one key
    stored; the count lives in locals and reaches the budget at its
    checkpoints, where the run yields when the budget says so.

    Why this is the whole question for optional rules: a run stays a run
    when cards are added at the right end (the cards between two of its
    cards were dealt between them, so they are in the line already), so any
    winning line of play still wins with every deal moved to the front. And
    a set of discards empties the full line exactly when its groups (each of
    2 or more cards adding up to an allowed sum) never cross: a group is
    discarded when everything between its cards is gone, so another group
    with a card in between lies wholly in that gap, and conversely groups
    that do not cross can be discarded innermost first.

    The table: ``ends[q]`` is the set of ``t`` such that positions
    ``q .. t-1`` can be emptied on their own (``t == q`` included). For a
    start ``i``, ``grow[q]`` is a bit set of (cards, total) of a group that
    begins at ``i`` and whose last card so far is at ``q - 1``, the gaps
    between its cards each emptied on their own. A group that adds up to an
    allowed sum with enough cards closes, and then ``i .. t-1`` empties for
    every ``t`` in ``ends[q]``. Starts are taken from the right, so
    ``ends[q]`` is complete for every ``q > i`` when start ``i`` needs it.
    """
    n = len(values)
    if n == 0:
        return []
    masks = _group_masks(shape)
    if masks is None:
        return None
    width, good, grow_low, grow_cap = masks
    b = budget
    b.reach(n)  # every line this table stands for deals every card first
    exp, checkpoint = b.expanded, b.checkpoint
    ends: list[set[int]] = [set() for _ in range(n + 1)]
    ends[n].add(n)
    grows: list[list[int]] = [[] for _ in range(n)]
    for i in range(n - 1, -1, -1):
        grow = [0] * (n + 1)
        grows[i] = grow
        grow[i + 1] = 1 << values[i]
        reach = ends[i]
        reach.add(i)
        for q in range(i + 1, n + 1):
            bits = grow[q]
            if not bits:
                continue
            if exp >= checkpoint:
                b.stored += exp - b.expanded
                b.expanded = exp
                while b.expanded >= b.checkpoint and b.interrupted():
                    yield
                exp, checkpoint = b.expanded, b.checkpoint
            exp += 1
            after = ends[q]
            if bits & good:
                reach |= after
            for t in after:
                if t < n:
                    v = values[t]
                    more = ((bits & grow_low[v]) << (width + v)) | ((bits & grow_cap[v]) << v)
                    if more:
                        grow[t + 1] |= more
    b.stored += exp - b.expanded
    b.expanded = exp
    if n not in ends[0]:
        return None

    def advance(bit: int, v: int) -> int:
        return ((bit & grow_low[v]) << (width + v)) | ((bit & grow_cap[v]) << v)

    def group_of(i: int, q: int, bit: int) -> tuple[list[int], list[tuple[int, int]]]:
        """The cards of a group from ``i`` whose last card is ``q - 1``, in state ``bit``
        (one bit of ``grows[i][q]``), and the gaps between them: the table walked back."""
        cards = [q - 1]
        gaps = []
        while cards[-1] != i:
            last = cards[-1]
            v = values[last]
            # The state before ``last`` came one row lower, or from the same
            # (folded) row when counts from min_run up are alike.
            before = [b for b in (bit >> (width + v), bit >> v) if b and advance(b, v) == bit]
            for p in range(last, i, -1):  # p - 1: the group's card before ``last``
                if last in ends[p]:
                    here = grows[i][p]
                    b = next((b for b in before if here & b), 0)
                    if b:
                        break
            else:  # pragma: no cover - every bit in the table was reached
                raise AssertionError("decade table walk-back failed")
            cards.append(p - 1)
            gaps.append((p, last))
            bit = b
        cards.reverse()
        return cards, gaps

    order: list[list[int]] = []

    def empty(i: int, t: int) -> None:
        """Append to ``order`` the groups that empty ``i .. t-1``, innermost first."""
        while i < t:
            for q in range(i + 1, t + 1):
                bits = grows[i][q] & good
                if bits and t in ends[q]:
                    break
            else:  # pragma: no cover - the table says the interval empties
                raise AssertionError("decade table has no group to close")
            cards, gaps = group_of(i, q, 1 << (bits.bit_length() - 1))
            for a, b in gaps:
                empty(a, b)
            order.append(cards)
            i = q

    empty(0, n)
    return order


def _fewest_groups(values: Sequence[int], shape: _RunShape, budget: Budget) -> _Groups:
    """Like :func:`_optional_groups`, with the fewest groups: a shortest win.

    Every win deals every card, so lines of play differ in length only by
    their number of discards, and dealing first keeps that number (see
    :func:`_optional_groups`): the fewest groups in a non-crossing split of
    the full line give a shortest win. The same table, holding for each
    interval the fewest groups that empty it, and for each group state the
    fewest groups spent in its gaps, with the step it came from.
    """
    n = len(values)
    if n == 0:
        return []
    masks = _group_masks(shape)
    if masks is None:
        return None
    width, good, grow_low, grow_cap = masks
    b = budget
    b.reach(n)  # every line this table stands for deals every card first
    exp, checkpoint = b.expanded, b.checkpoint
    # best[q][t] = (groups, q2, bit): the fewest groups emptying q .. t-1, the
    # first group (from q) closing with its last card at q2 - 1 in state bit.
    best: list[dict[int, tuple[int, int, int]]] = [{} for _ in range(n + 1)]
    best[n][n] = (0, -1, 0)
    # came[i][q][bit] = (groups in the gaps, previous q, previous bit): -1 at the start.
    came: list[list[dict[int, tuple[int, int, int]]]] = [[] for _ in range(n)]
    for i in range(n - 1, -1, -1):
        at: list[dict[int, tuple[int, int, int]]] = [{} for _ in range(n + 1)]
        came[i] = at
        at[i + 1][1 << values[i]] = (0, -1, 0)
        row = best[i]
        row[i] = (0, -1, 0)
        for q in range(i + 1, n + 1):
            for bit, (g, _, _) in at[q].items():
                if exp >= checkpoint:
                    b.stored += exp - b.expanded
                    b.expanded = exp
                    while b.expanded >= b.checkpoint and b.interrupted():
                        yield
                    exp, checkpoint = b.expanded, b.checkpoint
                exp += 1
                after = best[q]
                if bit & good:
                    for t, (c, _, _) in after.items():
                        old = row.get(t)
                        if old is None or g + 1 + c < old[0]:
                            row[t] = (g + 1 + c, q, bit)
                for t, (c, _, _) in after.items():
                    if t < n:
                        v = values[t]
                        more = ((bit & grow_low[v]) << (width + v)) | ((bit & grow_cap[v]) << v)
                        if more:
                            old = at[t + 1].get(more)
                            if old is None or g + c < old[0]:
                                at[t + 1][more] = (g + c, q, bit)
    b.stored += exp - b.expanded
    b.expanded = exp
    if n not in best[0]:
        return None

    order: list[list[int]] = []

    def empty(i: int, t: int) -> None:
        """Append to ``order`` the groups that empty ``i .. t-1``, innermost first."""
        while i < t:
            _, q, bit = best[i][t]
            cards, gaps = [], []
            last = q
            while last != -1:
                _, before, bit_before = came[i][last][bit]
                cards.append(last - 1)
                if before != -1:
                    gaps.append((before, last - 1))
                last, bit = before, bit_before
            for a, b in gaps:
                empty(a, b)
            order.append(cards[::-1])
            i = q

    empty(0, n)
    return order


def optional_plug_in(
    line: bytes, stock: bytes, shape: _RunShape, budget: Budget, *, fewest: bool = False
) -> Run:
    """The exact plug-in for optional rules: deal everything, then interval DP.

    ``line`` and ``stock`` are card values (bytes). Not a state-space search: see
    :func:`_optional_groups` for why the question reduces to the full line,
    and :func:`_fewest_groups` for the shortest line.
    """
    method = _fewest_groups if fewest else _optional_groups
    groups = yield from method(line + stock, shape, budget)
    if groups is None:
        return LOST
    moves = _optional_moves(len(line), groups)
    budget.reach(len(moves))
    return won(moves, shortest=fewest)


def _optional_moves(in_line: int, groups: list[list[int]]) -> list[DecadeMove]:
    """Deal everything, then discard ``groups`` (positions in the full line) in order."""
    alive = list(range(sum(len(g) for g in groups)))
    moves = [DEAL] * (len(alive) - in_line)
    for group in groups:
        at = alive.index(group[0])
        # Each group stands side by side when its turn comes (see _optional_groups).
        assert alive[at : at + len(group)] == group
        del alive[at : at + len(group)]
        moves.append(_move(at, len(group)))
    return moves
