"""Windmill's last pass as a pushdown system: an exact search by procedure summaries.

Under restricted foundation moves with no redeal left (the last pass), the
waste behaves as a stack. A deal pushes the stock's next card; a play from
the waste pops its top card, and so does a reserve play, whose gap is
refilled with the waste's top card. Every move depends only on

- the *control*: primary size, flag, secondary sizes (sorted), reserve ranks
  (sorted, 13 for a gap) and cards dealt (which fixes the stock, since the
  pass's dealing order never changes again);
- the waste's top card, and only its rank.

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

A lost verdict comes only when the ``win`` question was answered false
with every node it depends on computed in full, that is everything
reachable. A won verdict is turned into real moves by walking the game from
the start, taking at each step a move whose resulting position ``win``
holds for (one exists by the equations above); the line replays through
:meth:`Windmill.apply` like any other.
"""

from __future__ import annotations

from ..search import Limit, Limits, SolveResult, Status
from .windmill import (
    PRIMARY_FULL,
    SECONDARY_FULL,
    Windmill,
    WindmillMove,
    WindmillState,
    _grow,
    _RankModel,
    _Ranks,
    _Search,
)

_Control = tuple[int, bool, _Ranks, _Ranks, int]
"""Primary size, flag, secondary sizes (sorted), reserve ranks (sorted, 13 a gap), cards dealt."""

_ExitKey = tuple[_Control, int]
_WinKey = tuple[_Control, int]
"""A control and the id of a prefix of the starting waste (0 the empty waste)."""

_GAP = 13
_ALL_FULL = (SECONDARY_FULL,) * 4


def applies(game: Windmill, state: WindmillState) -> bool:
    """True when :func:`summary_search` can settle ``state``: restricted rules, last pass."""
    return not game.free and state.redeals_used == game.rules.redeals


def summary_search(
    game: Windmill, start: WindmillState, limits: Limits
) -> SolveResult[WindmillMove]:
    """Settle a last-pass position under restricted rules exactly (see the module docstring).

    Each ``exits`` or ``win`` node computed counts as one expanded state;
    ``limits.max_table`` bounds the nodes stored. Raises :class:`ValueError`
    when the rules are free or a redeal is left (:func:`applies` is false).
    """
    return run_summaries(_Search(game, limits), start)


def run_summaries(search: _Search, start: WindmillState) -> SolveResult[WindmillMove]:
    """:func:`summary_search` sharing the counters and limits of an existing search."""
    if not applies(search.game, start):
        raise ValueError(
            "summary search: only restricted foundation moves on the last pass (no redeal left)"
        )
    return _Summaries(search, start).solve()


class _LimitHit(Exception):
    """A caller's limit stopped the search."""

    def __init__(self, limit: Limit) -> None:
        super().__init__(limit.value)
        self.limit = limit


class _Summaries:
    """The memo tables of one position and the two explicit-stack evaluators."""

    def __init__(self, search: _Search, start: WindmillState) -> None:
        game = search.game
        self.search = search
        self.game = game
        self.start = start
        self.homes = _RankModel(game)._homes
        self.pneed = game.primary_need
        self.sneed = game.secondary_need
        self.seq = tuple(c % 13 for c in start.seq)
        self.exits: dict[_ExitKey, frozenset[_Control]] = {}
        self.wins: dict[_WinKey, bool] = {}
        # Prefixes of waste stacks, interned: id -> (id of the prefix one
        # shorter, its top rank); id 0 is the empty waste.
        self.prefixes: dict[tuple[int, int], int] = {}
        self.prefix_of: list[tuple[int, int]] = [(-1, -1)]
        self.max_table = search.limits.max_table

    # ------------------------------------------------------------ driving

    def solve(self) -> SolveResult[WindmillMove]:
        search = self.search
        try:
            won = self.win(self.key_of(self.start))
            if not won:
                return self.finish(Status.LOST, [])
            line = self.line()
        except _LimitHit as hit:
            return self.finish(Status.UNKNOWN, [], hit.limit)
        search.max_depth = max(search.max_depth, len(line))
        return self.finish(Status.WON, line)

    def finish(
        self, status: Status, moves: list[WindmillMove], limit: Limit | None = None
    ) -> SolveResult[WindmillMove]:
        search = self.search
        search.unique = max(search.unique, len(self.exits) + len(self.wins))
        return search.result(status, moves, limit)

    def expand(self) -> None:
        """Count one node, or raise when a limit is reached."""
        search = self.search
        limit = search.over()
        if (
            limit is None
            and self.max_table is not None
            and len(self.exits) + len(self.wins) >= self.max_table
        ):
            limit = Limit.TABLE
        if limit is not None:
            raise _LimitHit(limit)
        search.expanded += 1

    def key_of(self, state: WindmillState) -> _WinKey:
        """The ``win`` question for a real position."""
        control: _Control = (
            len(state.primary),
            state.flag,
            tuple(sorted(len(p) for p in state.secondaries)),
            tuple(sorted(_GAP if c < 0 else c % 13 for c in state.reserve)),
            state.dealt,
        )
        pid = 0
        for c in state.waste_cards:
            pid = self.push(pid, c % 13)
        return control, pid

    def push(self, pid: int, rank: int) -> int:
        """The id of the waste ``pid`` with ``rank`` on top."""
        k = (pid, rank)
        got = self.prefixes.get(k)
        if got is None:
            got = self.prefixes[k] = len(self.prefix_of)
            self.prefix_of.append(k)
        return got

    def line(self) -> list[WindmillMove]:
        """Real moves from the start to a win, each to a position the summaries call won."""
        game = self.game
        state = self.start
        moves: list[WindmillMove] = []
        while not game.is_won(state):
            for move in game.moves(state):
                child = game.apply(state, move)
                if self.win(self.key_of(child)):
                    moves.append(move)
                    state = child
                    break
            else:  # pragma: no cover - the equations promise a winning move
                raise RuntimeError("windmill summaries: a won position with no winning move")
        return moves

    # ------------------------------------------------------------ the rules on controls

    def direct(self, c: _Control, t: int) -> list[_Control]:
        """Controls right after ``t``, the waste's top, leaves: played, or refilling a cell."""
        p, flag, secs, res, d = c
        homes = self.homes
        out = [(np_, nf, ns, res, d) for np_, nf, ns in homes(p, flag, secs, t)]
        last = -1
        for i, r in enumerate(res):
            if r in (last, _GAP):
                continue
            last = r
            hs = homes(p, flag, secs, r)
            if hs:
                nres = tuple(sorted((*res[:i], *res[i + 1 :], t)))
                out += [(np_, nf, ns, nres, d) for np_, nf, ns in hs]
        return out

    def stays(self, c: _Control) -> list[_Control]:
        """Controls after a secondary's top card goes to the primary (the waste untouched)."""
        p, flag, secs, res, d = c
        if flag or p >= PRIMARY_FULL:
            return []
        need = self.pneed[p]
        sneed = self.sneed
        out: list[_Control] = []
        last = -1
        for i, s in enumerate(secs):
            if s in (last, 0):
                continue
            last = s
            if sneed[s - 1] == need:
                out.append((p + 1, True, _grow(secs, i, -1), res, d))
        return out

    # ------------------------------------------------------------ exits

    def exits_of(self, key: _ExitKey) -> frozenset[_Control]:
        """``exits(c, t)``, computing every node it needs with an explicit stack."""
        memo = self.exits
        got = memo.get(key)
        if got is not None:
            return got
        seq = self.seq
        n = len(seq)
        # A frame: its key, the exits found so far, and what remains to be
        # merged in: (key, True) for a deal's exits, each of which asks a
        # further ``exits(c3, t)``; (key, False) for exits to add as they are.
        stack: list[tuple[_ExitKey, set[_Control], list[tuple[_ExitKey, bool]]]] = []

        def open_frame(k: _ExitKey) -> None:
            self.expand()
            c, t = k
            todo: list[tuple[_ExitKey, bool]] = [((c2, t), False) for c2 in self.stays(c)]
            p, flag, secs, res, d = c
            if d < n:
                todo.append((((p, flag, secs, res, d + 1), seq[d]), True))
            stack.append((k, set(self.direct(c, t)), todo))

        open_frame(key)
        while stack:
            k, out, todo = stack[-1]
            while todo:
                sub, via_deal = todo[-1]
                got = memo.get(sub)
                if got is None:
                    open_frame(sub)
                    break
                todo.pop()
                if via_deal:
                    t = k[1]
                    todo += [((c3, t), False) for c3 in got]
                else:
                    out |= got
            else:
                memo[k] = frozenset(out)
                stack.pop()
        return memo[key]

    # ------------------------------------------------------------ win

    def win(self, key: _WinKey) -> bool:
        """``win(c, waste)``, with an explicit stack of frames (an OR over children)."""
        memo = self.wins
        got = memo.get(key)
        if got is not None:
            return got
        # A frame: its key and the children still to try: (key, -1) a win
        # question; (exit key, pid) stands for the win questions (c2, pid) of
        # every c2 in that node's exits.
        stack: list[tuple[_WinKey, list[tuple[_ExitKey | _WinKey, int]]]] = []

        def open_frame(k: _WinKey) -> None:
            self.expand()
            children = self.win_children(k)
            if children is None:
                memo[k] = True
            else:
                stack.append((k, children))

        open_frame(key)
        while stack:
            k, todo = stack[-1]
            value = False
            while todo:
                sub, pid = todo[-1]
                if pid >= 0:
                    todo.pop()
                    todo += [((c2, pid), -1) for c2 in self.exits_of(sub)]
                    continue
                got = memo.get(sub)
                if got is None:
                    open_frame(sub)
                    break
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
        return memo[key]

    def win_children(self, k: _WinKey) -> list[tuple[_ExitKey | _WinKey, int]] | None:
        """What ``win(k)`` is the OR of; None when ``k`` is won as it stands."""
        c, pid = k
        if pid:
            below, t = self.prefix_of[pid]
            return [((c, t), below)]
        p, flag, secs, res, d = c
        if p == PRIMARY_FULL and secs == _ALL_FULL:
            return None
        todo: list[tuple[_ExitKey | _WinKey, int]] = []
        seq = self.seq
        if d < len(seq):
            todo.append((((p, flag, secs, res, d + 1), seq[d]), 0))
        todo += [((c2, 0), -1) for c2 in self.stays(c)]
        # Reserve plays with the waste empty: the stock's next card (or a
        # gap, once the stock is empty) fills the cell.
        fill, nd = (seq[d], d + 1) if d < len(seq) else (_GAP, d)
        homes = self.homes
        last = -1
        for i, r in enumerate(res):
            if r in (last, _GAP):
                continue
            last = r
            hs = homes(p, flag, secs, r)
            if hs:
                nres = tuple(sorted((*res[:i], *res[i + 1 :], fill)))
                todo += [(((np_, nf, ns, nres, nd), 0), -1) for np_, nf, ns in hs]
        return todo
