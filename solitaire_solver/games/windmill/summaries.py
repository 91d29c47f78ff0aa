"""Windmill's last pass as a pushdown system: an exact search by procedure summaries.

Under restricted foundation moves with no redeal left (the last pass), the
waste behaves as a stack. A deal pushes the stock's next card; a play from
the waste pops its top card, and so does a reserve play, whose gap is
refilled with the waste's top card. Every move depends only on

- the *control*: the rank model's compact position (:data:`.model.Compact`)
  less its waste, that is primary size, flag, secondary sizes, reserve ranks
  and the stock, which on the last pass is fixed by the cards dealt (the
  pass's dealing order never changes again);
- the waste's top card, and only its rank.

A control is the compact form seen so (:meth:`_Summaries.control`, and back
with a waste, :meth:`_Summaries.position`), and the summaries' steps are the
rank model's plays and deal from it (the tests compare them move by move),
their refill and deal the rules' own (:func:`~.rules.refill`,
:func:`~.rules.turn`) on the talon as a summary sees it: the stock, and the
waste cut to its top card.

So the question "which controls can hold when the top card ``t`` leaves the
waste, starting from control ``c`` with ``t`` on top?" has an answer
``exits(c, t)`` that does not depend on the cards under ``t``: while ``t``
is on the waste, no move sees below it (cards dealt on top of it are pushed
and popped above it), and the moment a move takes ``t`` away is the moment
the summary describes. ``exits(c, t)`` is the union of
- the controls after ``t`` goes to a foundation;
- the controls after a reserve card goes to a foundation and ``t`` fills
  its cell;
- ``exits(c2, t)`` for every control ``c2`` a secondary-to-primary move
  gives (the waste is untouched);
- after a deal of the stock's next card ``s`` (control ``c + deal``):
  ``exits(c3, t)`` for every ``c3`` in ``exits(c + deal, s)`` (``s`` has to
  leave before ``t`` is on top again; everything in between is summarised).

A position is won only with the waste empty, so every waste card is taken
away at some point, from the top down. With the waste ``w1 .. wk`` (bottom
to top): ``win(c, w1..wk)`` holds iff some ``c2`` in ``exits(c, wk)`` has
``win(c2, w1..wk-1)``; and ``win(c, empty)`` holds iff ``c`` is won, or a
reserve play (refilled from the stock, or leaving a gap when the stock is
empty), a secondary-to-primary move or a deal leads to a winning control
(a deal of ``s`` reaches the controls of ``exits(c + deal, s)`` with the
waste empty again).

Why memoising is exact: ``exits`` depends on ``(c, t)`` alone (above), and
``win`` on the control and the waste cards below, which the search names by
an interned prefix of the starting waste, so equal keys mean equal
questions. Why the recursions end: every move raises (cards home, primary
size, cards dealt) lexicographically (a play puts a card home; a
secondary-to-primary move keeps the count home and lengthens the primary;
a deal keeps both and deals one more), so every node depends only on nodes
of greater control and the dependency graph has no cycles. The graph is
walked with explicit stacks, not Python recursion: winning lines run to
200 moves and more and summaries nest about as deep as the waste.

The twin rule (with ``prune``, as in :mod:`.pruning`): a position whose
control has the flag set wins only if its twin, the same with the flag
clear, wins (argued at :func:`~.model.unflagged`). Two uses follow. A
``win`` question whose twin is already answered false is false. And an
exit set may drop a flagged exit whose twin is also in it: every true exit
then stays *covered* (it is in the set or its twin is), which is all the
``win`` equations need (an OR over exits loses nothing; and an exit
reached through a dropped ``c3`` is covered by an exit of ``c3``'s twin,
by the same move-for-move argument, so the covering carries through the
deal equation by induction).

A lost verdict comes only when the ``win`` question was answered false
with every node it depends on computed in full, that is everything
reachable. A won verdict is turned into a line by walking the rank model
from the start, taking at each step a move whose resulting position ``win``
holds for (one exists by the equations above); the line is lifted to real
moves and replays through :meth:`~.rules.WindmillProblem.apply` like any
other.

It is not a state-space search, so it keeps its own loops; it is an exact
plug-in of the engine all the same (:func:`summary_run` gives a run). Each
``exits`` or ``win`` node it computes counts as one position expanded and
one key stored (counted when the node is opened, so that the budget's
table limit holds while the node is still open). Before each node it looks
at the budget and, when its turn is over, yields, keeping its stacks and
tables as they are, so a run that takes turns with others does the same
work as one run alone. For the statistics, a node's depth is a lower bound
of the moves that reach its control from the start: each move puts at most
one card home and takes at most one card from the stock.
"""

from __future__ import annotations

from collections.abc import Generator

from ...search import LOST, Budget, Limits, Run, SolveResult, solve, won
from .model import (
    ALL_FULL,
    NO_CARD,
    RANK_UNIT,
    SECONDARY_CARDS,
    Compact,
    RankModel,
    compact,
    lifted,
    pile_ranks,
    rank_model,
    unflagged,
)
from .rules import (
    EMPTY,
    PRIMARY_FULL,
    RANK_BITS,
    WindmillMove,
    WindmillProblem,
    WindmillState,
    on_last_pass,
    refill,
    turn,
)

_Foundations = tuple[int, bool, int]
"""Primary size, flag and secondary sizes (packed as in :data:`.model.Compact`)."""

# A control (the compact form less its waste) is packed in one int, so
# that the memo tables hash it at no cost: the id of its foundations
# (interned), the id of its reserve ranks (interned) and the cards dealt
# (for its stock). An ``exits`` key is a control and a top rank; a ``win``
# key a control and the id of a waste prefix.
_DEALT_BITS = 8
_RES_BITS = 32
_FND_SHIFT = _DEALT_BITS + _RES_BITS
_DEALT_MASK = (1 << _DEALT_BITS) - 1
_RES_MASK = (1 << _RES_BITS) - 1
_LOW_MASK = (1 << _FND_SHIFT) - 1
_PID_BITS = 32
_WIN_SHIFT = _PID_BITS + _FND_SHIFT
_WIN_LOW_MASK = (1 << _WIN_SHIFT) - 1


def can_summarise(problem: WindmillProblem, state: WindmillState) -> bool:
    """True when the summaries can settle ``state``: restricted rules, last pass."""
    return not problem.free and on_last_pass(problem.rules, state.redeals_used)


def summary_run(
    problem: WindmillProblem,
    start: WindmillState,
    budget: Budget,
    *,
    prune: bool = True,
    model: RankModel | None = None,
) -> Run:
    """The summary search of ``start`` as a run: won with a line, lost, or paused.

    It works on ``start``'s compact form with the moves of ``model`` (by
    default a new rank model; the solver lends the game's, so that the
    beams and the summaries share its memo of foundation moves), and lifts
    a won line to real moves. ``prune`` false switches the twin rule off.
    Raises :class:`ValueError` at once when the rules are free or a redeal
    is left (:func:`can_summarise` is false).
    """
    if not can_summarise(problem, start):
        raise ValueError(
            "summary search: only restricted foundation moves on the last pass (no redeal left)"
        )
    own = model or rank_model(problem)

    def run(b: Budget) -> Run:
        return _Summaries(own, compact(start), b, prune).run()

    return lifted(run, own, start)(budget)


def summary_search(
    problem: WindmillProblem, start: WindmillState, limits: Limits, *, prune: bool = True
) -> SolveResult[WindmillMove]:
    """Settle a last-pass position under restricted rules exactly, alone under ``limits``
    (:class:`ValueError` when :func:`can_summarise` is false)."""
    result: SolveResult[WindmillMove] = solve(
        lambda budget: summary_run(problem, start, budget, prune=prune), limits
    )
    return result


class _Summaries:
    """The memo tables of one position and the two explicit-stack evaluators."""

    def __init__(self, model: RankModel, start: Compact, budget: Budget, prune: bool) -> None:
        self.model = model
        self.start = start
        self.budget = budget
        # The pass's ranks in dealing order, as far as the start shows them:
        # its waste, bottom first, then its stock (the cards that left the
        # waste play no further part), and the stock left after each card
        # dealt. A control's cards dealt count in this order.
        waste, stock = pile_ranks(start[5])[::-1], pile_ranks(start[4])
        self.seq = waste + stock
        self.stocks = [EMPTY]
        for rank in reversed(self.seq):
            self.stocks.append(self.stocks[-1] << RANK_BITS | rank)
        self.stocks.reverse()
        self.exits: dict[int, tuple[int, ...]] = {}
        self.wins: dict[int, bool] = {}
        # Interned foundations, with per id (once worked out): the ids after
        # a waste or reserve card of each rank goes home (index 13, a gap,
        # goes nowhere) and the ids after a secondary-to-primary move; and
        # the cards home, for the statistics.
        self.fnd_ids: dict[_Foundations, int] = {}
        self.fnd_of: list[_Foundations] = []
        self.fnd_homes: list[tuple[tuple[int, ...], ...] | None] = []
        self.fnd_stays: list[tuple[int, ...] | None] = []
        self.fnd_home: list[int] = []
        # The id of the same foundations with the flag clear, for flagged
        # ones (-1 for the others): the twin (:func:`.model.unflagged`),
        # used only by the twin rule.
        self.fnd_twin: list[int] = []
        self.twins = prune
        # Interned reserves (sorted ranks), with their distinct ranks other
        # than a gap, and the id after one of them leaves and a card fills.
        self.res_ids: dict[int, int] = {}
        self.res_of: list[int] = []
        self.res_ranks: list[tuple[int, ...]] = []
        self.res_swaps: dict[tuple[int, int, int], int] = {}
        # Prefixes of waste stacks, interned: id -> (id of the prefix one
        # shorter, its top rank); id 0 is the empty waste.
        self.prefixes: dict[tuple[int, int], int] = {}
        self.prefix_of: list[tuple[int, int]] = [(-1, -1)]
        self.home0 = start[0] + SECONDARY_CARDS[start[2]]
        self.dealt0 = len(waste)

    # ------------------------------------------------------------ driving

    def run(self) -> Run:
        """The verdict: won with a line, or lost; yields whenever the budget says so."""
        is_won = yield from self.win(self.key_of(self.start))
        if not is_won:
            return LOST
        line = yield from self.line()
        self.budget.reach(len(line))
        return won(line)

    def opened(self, c: int) -> None:
        """Note the depth of a node of control ``c`` (a lower bound, see the module docstring)."""
        depth = max((c & _DEALT_MASK) - self.dealt0, self.fnd_home[c >> _FND_SHIFT] - self.home0)
        b = self.budget
        if depth > b.max_depth:
            b.max_depth = depth

    def key_of(self, st: Compact) -> int:
        """The ``win`` question for a compact position: its control and waste."""
        return self.control(st) << _PID_BITS | self.stack_id(st[5])

    def control(self, st: Compact) -> int:
        """The control of the compact position ``st`` on this pass: its foundations and
        reserve ranks (interned) and the cards dealt, which its stock gives."""
        p, flag, secs, res, stock = st[:5]
        dealt = len(self.seq) - (stock.bit_length() - 1) // 4
        return self.fnd((p, flag, secs)) << _FND_SHIFT | self.res(res) << _DEALT_BITS | dealt

    def position(self, c: int, waste: int) -> Compact:
        """The compact position of the control ``c`` with the packed ``waste`` (see
        :func:`.model.pile`): :meth:`control` the other way."""
        p, flag, secs = self.fnd_of[c >> _FND_SHIFT]
        res = self.res_of[c >> _DEALT_BITS & _RES_MASK]
        return (p, flag, secs, res, self.stocks[c & _DEALT_MASK], waste, self.start[6])

    def stack_id(self, waste: int) -> int:
        """The id of the packed ``waste`` (see :func:`.model.pile`), its cards pushed bottom
        first."""
        pid = 0
        for rank in reversed(pile_ranks(waste)):
            pid = self.push(pid, rank)
        return pid

    def push(self, pid: int, rank: int) -> int:
        """The id of the waste ``pid`` with ``rank`` on top."""
        k = (pid, rank)
        got = self.prefixes.get(k)
        if got is None:
            got = self.prefixes[k] = len(self.prefix_of)
            self.prefix_of.append(k)
        return got

    def line(self) -> Generator[None, None, list[Compact]]:
        """Compact positions from the start to a win, each one the summaries call won.

        The moves are tried plays to the primary first (then the other plays,
        then the deal): each is asked whether it wins, which may cost a
        summary of its own, and a card on the primary is the likeliest to.
        """
        model = self.model
        st = self.start
        line: list[Compact] = []
        while not model.is_won(st):
            children = model.moves(st)
            p = st[0]
            for child in [c for c in children if c[0] > p] + [c for c in children if c[0] <= p]:
                if (yield from self.win(self.key_of(child))):
                    line.append(child)
                    st = child
                    break
            else:  # pragma: no cover - the equations promise a winning move
                raise RuntimeError("windmill summaries: a won position with no winning move")
        return line

    # ------------------------------------------------------------ the talon, as a summary sees it

    def dealt(self, d: int) -> tuple[int, int] | None:
        """The card a deal (:func:`~.rules.turn`) brings onto the waste with ``d`` cards
        dealt, and the cards dealt after it; ``None`` with the stock empty."""
        turned = turn(self.stocks[d], EMPTY, 0, 0, RANK_BITS)
        return None if turned is None else (turned[1] & 15, d + 1)

    def refilled(self, top: int | None, d: int) -> tuple[int | None, int]:
        """The card that fills a reserve gap (:func:`~.rules.refill`; ``None``: none) and the
        cards dealt after it, with ``top`` on the waste (``None``: empty) and ``d`` dealt."""
        stock = self.stocks[d]
        fill, left, _ = refill(stock, EMPTY if top is None else EMPTY << RANK_BITS | top, RANK_BITS)
        return fill, d if left == stock else d + 1

    # ------------------------------------------------------------ the rules, interned

    def fnd(self, f: _Foundations) -> int:
        """The id of foundations ``f``."""
        got = self.fnd_ids.get(f)
        if got is None:
            got = self.fnd_ids[f] = len(self.fnd_of)
            self.fnd_of.append(f)
            self.fnd_homes.append(None)
            self.fnd_stays.append(None)
            self.fnd_twin.append(-1)
            p, flag, secs = f
            self.fnd_home.append(p + SECONDARY_CARDS[secs])
            if flag:
                self.fnd_twin[got] = self.fnd(unflagged(f))
        return got

    def successors(self, fid: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """Foundations ``fid`` after a card of each rank goes home, and after each stay move.

        Worked out on first use (interning every reachable foundation up
        front would cost more than the search).
        """
        homes = self.fnd_homes[fid]
        stays = self.fnd_stays[fid]
        if homes is not None and stays is not None:
            return homes, stays
        p, flag, secs = self.fnd_of[fid]
        rank_homes, between = self.model.foundations.moves(p, flag, secs)
        homes = (
            *(tuple(self.fnd(h) for h in rank_homes.get(rank, ())) for rank in range(13)),
            (),  # a gap goes nowhere
        )
        # Under restricted rules the moves between foundations are a
        # secondary's top card to the primary (with the flag clear).
        stays = self.fnd_stays[fid] = tuple(self.fnd(f) for f in between)
        self.fnd_homes[fid] = homes
        return homes, stays

    def res(self, r: int) -> int:
        """The id of the reserve ranks ``r`` (packed as in :data:`.model.Compact`)."""
        got = self.res_ids.get(r)
        if got is None:
            got = self.res_ids[r] = len(self.res_of)
            self.res_of.append(r)
            self.res_ranks.append(self.model.cards_in(r))
        return got

    def swap(self, rid: int, out: int, fill: int) -> int:
        """The reserve ``rid`` after a card of rank ``out`` leaves and ``fill`` takes its cell."""
        k = (rid, out, fill)
        got = self.res_swaps.get(k)
        if got is None:
            got = self.res_swaps[k] = self.res(self.res_of[rid] - RANK_UNIT[out] + RANK_UNIT[fill])
        return got

    def direct(self, c: int, t: int) -> list[int]:
        """Controls right after ``t``, the waste's top, leaves: played, or refilling a cell."""
        fid = c >> _FND_SHIFT
        low = c & _LOW_MASK
        homes = self.fnd_homes[fid] or self.successors(fid)[0]
        # A reserve card's gap is refilled with t: the cards dealt stay.
        played = [f << _FND_SHIFT | low for f in homes[t]]
        return played + self.reserve_plays(homes, low >> _DEALT_BITS, t, low & _DEALT_MASK)

    def reserve_plays(
        self, homes: tuple[tuple[int, ...], ...], rid: int, top: int | None, d: int
    ) -> list[int]:
        """Controls after each reserve card of ``rid`` that can go home does (``homes``: the
        foundations after each rank does), its cell refilled (:meth:`refilled`) from a
        talon with ``top`` on the waste (``None``: empty) and ``d`` cards dealt."""
        fill, nd = self.refilled(top, d)
        into = NO_CARD if fill is None else fill
        out: list[int] = []
        for r in self.res_ranks[rid]:
            hs = homes[r]
            if hs:
                low = self.swap(rid, r, into) << _DEALT_BITS | nd
                out += [f << _FND_SHIFT | low for f in hs]
        return out

    # ------------------------------------------------------------ exits

    def exits_of(self, key: int) -> Generator[None, None, tuple[int, ...]]:
        """``exits(c, t)`` (key ``c << 4 | t``), computing what it needs with an explicit stack."""
        memo = self.exits
        got = memo.get(key)
        if got is not None:
            return got
        deals = self.dealt
        successors = self.successors
        direct = self.direct
        twins = self.twins
        twin_of = self.fnd_twin
        opened = self.opened
        b = self.budget
        # A frame: its key, the exits found so far, and what remains to be
        # merged in: (key, True) for a deal's exits, each of which asks a
        # further ``exits(c3, t)``; (key, False) for exits to add as they are.
        stack: list[tuple[int, set[int], list[tuple[int, bool]]]] = []

        def open_frame(k: int) -> None:
            c = k >> 4
            t = k & 15
            opened(c)
            low = c & _LOW_MASK
            fid = c >> _FND_SHIFT
            todo = [((f << _FND_SHIFT | low) << 4 | t, False) for f in successors(fid)[1]]
            d = c & _DEALT_MASK
            dealt = deals(d)
            if dealt is not None:
                card, nd = dealt
                todo.append(((c - d + nd) << 4 | card, True))
            stack.append((k, set(direct(c, t)), todo))

        while b.expanded >= b.checkpoint and b.interrupted():
            yield
        b.expanded += 1
        b.stored += 1
        open_frame(key)
        while stack:
            k, out, todo = stack[-1]
            while todo:
                sub, via_deal = todo[-1]
                got = memo.get(sub)
                if got is None:
                    while b.expanded >= b.checkpoint and b.interrupted():
                        yield
                    b.expanded += 1
                    b.stored += 1
                    open_frame(sub)
                    break
                todo.pop()
                if via_deal:
                    t = k & 15
                    todo += [(c3 << 4 | t, False) for c3 in got]
                else:
                    out.update(got)
            else:
                if twins and len(out) > 1:
                    # The twin rule (module docstring): a flagged exit whose
                    # twin is also an exit adds nothing.
                    out.difference_update(
                        [
                            c
                            for c in out
                            if (f := twin_of[c >> _FND_SHIFT]) >= 0
                            and f << _FND_SHIFT | (c & _LOW_MASK) in out
                        ]
                    )
                # Tuples: a third of the memory of frozensets, and they are
                # only ever iterated.
                memo[k] = tuple(out)
                stack.pop()
        return memo[key]

    # ------------------------------------------------------------ win

    def twin_lost(self, k: int) -> bool:
        """The twin rule for a ``win`` question: the same one with the flag clear is lost."""
        f = self.fnd_twin[k >> _WIN_SHIFT]
        return f >= 0 and self.wins.get(f << _WIN_SHIFT | (k & _WIN_LOW_MASK)) is False

    def win(self, key: int) -> Generator[None, None, bool]:
        """``win(c, waste)`` (key ``c << 32 | pid``), with an explicit stack of OR frames."""
        memo = self.wins
        got = memo.get(key)
        if got is not None:
            return got
        twins = self.twins
        if twins and self.twin_lost(key):
            return False
        exits = self.exits
        b = self.budget
        # A frame: its key and the children still to try: (key, -1) a win
        # question; (exit key, pid) stands for the win questions (c2, pid)
        # of every c2 in that node's exits. A question settled by the twin
        # rule is not stored: it is asked again at the cost of one look-up.
        stack: list[tuple[int, list[tuple[int, int]]]] = []

        while b.expanded >= b.checkpoint and b.interrupted():
            yield
        b.expanded += 1
        b.stored += 1
        self.opened(key >> _PID_BITS)
        children = self.win_children(key)
        if children is None:
            memo[key] = True
            return True
        stack.append((key, children))
        while stack:
            k, todo = stack[-1]
            value = False
            while todo:
                sub, pid = todo[-1]
                if pid >= 0:
                    todo.pop()
                    found = exits.get(sub)
                    if found is None:
                        found = yield from self.exits_of(sub)
                    todo += [(c2 << _PID_BITS | pid, -1) for c2 in found]
                    continue
                got = memo.get(sub)
                if got is None:
                    if twins and self.twin_lost(sub):
                        got = False
                    else:
                        while b.expanded >= b.checkpoint and b.interrupted():
                            yield
                        b.expanded += 1
                        b.stored += 1
                        self.opened(sub >> _PID_BITS)
                        children = self.win_children(sub)
                        if children is not None:
                            stack.append((sub, children))
                            break
                        got = memo[sub] = True
                todo.pop()
                if got:
                    value = True
                    break
            else:
                memo[k] = False
                stack.pop()
                continue
            if value:
                memo[k] = True
                stack.pop()
            # Otherwise a new frame was opened on top: it is worked on next.
        return memo[key]

    def win_children(self, k: int) -> list[tuple[int, int]] | None:
        """What ``win(k)`` is the OR of; None when ``k`` is won as it stands."""
        c = k >> _PID_BITS
        pid = k & ((1 << _PID_BITS) - 1)
        if pid:
            below, t = self.prefix_of[pid]
            return [(c << 4 | t, below)]
        fid = c >> _FND_SHIFT
        p, _flag, secs = self.fnd_of[fid]
        if p == PRIMARY_FULL and secs == ALL_FULL:
            return None
        homes, stays = self.successors(fid)
        rid = (c >> _DEALT_BITS) & _RES_MASK
        d = c & _DEALT_MASK
        # Tried last to first: a deal last, plays first.
        todo: list[tuple[int, int]] = []
        dealt = self.dealt(d)
        if dealt is not None:
            card, nd = dealt
            todo.append(((c - d + nd) << 4 | card, 0))
        low = c & _LOW_MASK
        todo += [((f << _FND_SHIFT | low) << _PID_BITS, -1) for f in stays]
        # Reserve plays with the waste empty: the stock's next card (or a
        # gap, once the stock is empty) fills the cell.
        todo += [(c2 << _PID_BITS, -1) for c2 in self.reserve_plays(homes, rid, None, d)]
        return todo
