"""Windmill by ranks alone: a compact position and the rules played on it, for the engine.

No rule looks at a suit, so a position's future depends only on ranks, and
only on the sizes of the foundations (their ranks follow from their sizes).
:func:`compact` keeps exactly that; :class:`RankModel` plays on compact
positions, much faster than on real ones, and is an engine problem: its
moves are the child positions themselves, the plays stay within a beam's
round and a deal or redeal goes across to the next one (:meth:`RankModel.within`,
:meth:`RankModel.across`). Under restricted rules the twin rule is its
``dominators`` hook (:class:`RestrictedRankModel`). A line it finds is
lifted back to real moves (:func:`lifted`).

Every member of the solver searches it (:mod:`.solver`); the real position
(:class:`~.rules.WindmillState`) is for people, files and the replay of a
line, and a position's key is its compact form
(:meth:`~.game.Windmill.key`). Its foundation moves are those of
:class:`~.rules.FoundationRules`, the rules' own statement, seen on packed
sizes (:class:`CompactFoundations`), and its refill, deal and redeal are
:func:`~.rules.refill` and :func:`~.rules.turn` on piles of ranks; what it
states itself is how a play moves a card between its packed parts. Two
checks tie it to the rules: the tests compare its successors with the
compact forms of :meth:`~.rules.WindmillProblem.legal_moves` on many
positions, and every line it finds is lifted into real moves that must be
legal (the lift fails loudly otherwise, and the tests replay every won
line).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import TypeVar

from ...search import ProblemDefaults, Strategy, projected
from .rules import (
    CARDS,
    EMPTY,
    GAP,
    PRIMARY,
    PRIMARY_FULL,
    RANK_BITS,
    SECONDARIES,
    SECONDARY,
    SECONDARY_BITS,
    SECONDARY_FULL,
    SIZE_UNIT,
    WASTE,
    FoundationRules,
    WindmillMove,
    WindmillProblem,
    WindmillState,
    packed_sizes,
    refill,
    turn,
)

Compact = tuple[int, bool, int, int, int, int, int]
"""A position by ranks alone: primary size, flag, secondary sizes, reserve
ranks, stock, waste, redeals used. Two positions with the same compact form
have the same future: no rule looks at a suit, so cards count by rank; a
foundation's ranks follow from its size; reserve cells are interchangeable
and so are the secondaries; and the cards that left the waste for good play
no further part (a redeal turns the waste over as it lies).

Every part is a plain int, so that hashing a compact position (which the
beams do for every position they reach) is cheap. The secondaries are a
multiset of sizes, packed as a count of secondaries per size, three bits a
size (see :func:`~.rules.packed_sizes`); the reserve a multiset of ranks, a count
per rank, four bits a rank, 13 standing for a gap (see :func:`reserve_ranks`).
A card going home or leaving the reserve is then an addition, and the order
of the cells and of the secondaries is folded away. The stock and the waste
are packed piles of ranks (:data:`~.rules.EMPTY`, four bits a card; see
:func:`pile`)."""

NO_CARD = 13
"""The rank of a reserve gap in a compact position."""

Homes = tuple[int, bool, int]
"""Primary size, flag and secondary sizes after a card goes home."""

SIZE_UP = tuple(SIZE_UNIT[s + 1] - SIZE_UNIT[s] for s in range(SECONDARY_FULL))
"""Added to packed secondary sizes, grows one secondary of size s by a card."""

SIZE_DOWN = (0, *(SIZE_UNIT[s - 1] - SIZE_UNIT[s] for s in range(1, SECONDARY_FULL + 1)))
"""Added to packed secondary sizes, takes a card off one secondary of size s."""

RANK_UNIT = tuple(1 << (RANK_BITS * r) for r in range(NO_CARD + 1))
"""A reserve card of rank r (13: a gap) in packed reserve ranks."""

ALL_FULL = SECONDARIES * SIZE_UNIT[SECONDARY_FULL]
"""Packed secondary sizes with every secondary full."""


def _secondary_tables() -> tuple[
    dict[int, tuple[int, ...]], dict[int, tuple[int, ...]], dict[int, int]
]:
    every: dict[int, tuple[int, ...]] = {}
    sizes: dict[int, tuple[int, ...]] = {}
    totals: dict[int, int] = {}
    for combo in itertools.combinations_with_replacement(range(SECONDARY_FULL + 1), SECONDARIES):
        packed = packed_sizes(combo)
        every[packed] = combo
        sizes[packed] = tuple(sorted(set(combo)))
        totals[packed] = sum(combo)
    return every, sizes, totals


SORTED_SIZES, SIZES, SECONDARY_CARDS = _secondary_tables()
"""For packed secondary sizes: the four sizes, smallest first; the distinct sizes,
smallest first; and the cards they hold."""


def reserve_ranks(ranks: Iterable[int]) -> int:
    """Pack the ranks of the eight reserve cells (13 for a gap)."""
    return sum(RANK_UNIT[r] for r in ranks)


def compact(state: WindmillState) -> Compact:
    """The rank-only form of a real position."""
    return (
        len(state.primary),
        state.flag,
        packed_sizes(map(len, state.secondaries)),
        reserve_ranks(NO_CARD if c == GAP else c % 13 for c in state.reserve),
        _ranks_of(state.stock_pile),
        _ranks_of(state.waste_pile),
        state.redeals_used,
    )


_HEX_RANKS = bytes.maketrans(bytes(range(52)), bytes(b"0123456789abc"[c % 13] for c in range(52)))
"""A card's byte to its rank's hexadecimal digit."""


def _ranks_of(cards: int) -> int:
    """A real pile (a byte a card) as a pile of ranks: the bytes, bottom card first, read
    as hexadecimal digits of ranks under the leading 1."""
    n = (cards.bit_length() - 1) >> 3
    return int(b"1" + cards.to_bytes(n + 1, "big")[1:].translate(_HEX_RANKS), 16)


def pile(bottom_to_top: Iterable[int]) -> int:
    """Pack the ranks of a pile given bottom card first; the top becomes the lowest digit."""
    packed = EMPTY
    for c in bottom_to_top:
        packed = packed << RANK_BITS | c % 13
    return packed


def pile_ranks(packed: int) -> tuple[int, ...]:
    """The ranks of a packed pile, its top first: :func:`pile` the other way round."""
    out = []
    while packed != EMPTY:
        out.append(packed & 15)
        packed >>= RANK_BITS
    return tuple(out)


Twin = TypeVar("Twin", Compact, Homes)
"""A compact position, or its foundations alone: what the twin rule compares."""


def unflagged(position: Twin) -> Twin:
    """The twin of a flagged compact position (or of its foundations alone), which
    dominates it: the same with the flag clear.

    The twin rule, stated and argued once for every search that uses it:
    the rank model's dominators (:class:`RestrictedRankModel`), the
    depth-first searches' hook (:class:`~.pruning.Pruned`), the summaries'
    exit sets in :mod:`.summaries`, and the compiled beam (``beam_dominator``
    in ``_kernel.c``). Under restricted rules call a position with the flag
    set and the same position with the flag clear twins. The flag only
    removes moves (a secondary's card to the primary); every other move
    leads both twins to the same position (a waste or reserve card on the
    primary clears the flag either way) or to twins again (other plays and
    deals keep the flag). So a win from the flagged twin is, move for move,
    a win from the other: the clear twin dominates the flagged one. Every
    move raises (cards home, primary size, redeals used, cards dealt)
    lexicographically, so the game has no cycles and domination never goes
    round in a circle (it only points from a flagged position to a clear
    one, of the same value, never an ancestor). Under free rules the flag
    is never set and the rule says nothing.
    """
    return (position[0], False, *position[2:])


Moves = tuple[dict[int, list[Homes]], list[Homes]]
"""Compact foundations' moves (:meth:`CompactFoundations.moves`): for each rank, the
foundations after a card of it goes home; and the foundations after each move
between foundations."""


class CompactFoundations:
    """The foundation moves of :class:`~.rules.FoundationRules` on compact foundations, memoised.

    Compact foundations are the primary's size, the flag and the packed
    secondary sizes (:data:`Compact`'s first three parts). The secondaries
    go to the rules smallest first; moves that differ only by which of two
    secondaries of one size they touch lead to the same compact position
    and are one move here, listed where the first of them is. A card moved
    between two secondaries (free rules) is no move here: the one secondary
    that takes the top of a pile of size k is one of size k - 1, so the
    sizes as a multiset stay as they were and the move leads back to the
    position itself. The rank model, the summaries and the relaxation take
    their foundation moves from here; a search meets the same few thousand
    foundation states again and again, hence the memo.
    """

    def __init__(self, rules: FoundationRules, hold: int = 0) -> None:
        """The moves of ``rules``, less (with ``hold`` = k) a waste or reserve card put on a
        secondary when it is of any of the next k ranks the primary needs."""
        self.rules = rules
        self.hold = hold
        self.memo: dict[int, Moves] = {}
        """The moves worked out so far, by ``(p << 1 | flag) << SECONDARY_BITS | secs``."""

    def moves(self, p: int, flag: bool, secs: int) -> Moves:
        """The foundation moves of compact foundations ``p``, ``flag``, ``secs``.

        First, for each rank a waste or reserve card may have, the
        foundations after it goes home: the primary first (when it takes the
        rank), then the secondaries by size, smallest first. Then the
        foundations after each move between foundations, in the rules' order.
        """
        key = (p << 1 | flag) << SECONDARY_BITS | secs
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self.unmemoised(p, flag, secs)
        return found

    def unmemoised(self, p: int, flag: bool, secs: int) -> Moves:
        """:meth:`moves` worked out afresh, for a caller that keeps its own memo."""
        sizes = SORTED_SIZES[secs]
        return self._homes(p, flag, secs, sizes), self._between(p, flag, secs, sizes)

    def _homes(
        self, p: int, flag: bool, secs: int, sizes: tuple[int, ...]
    ) -> dict[int, list[Homes]]:
        rules = self.rules
        held = rules.primary_need[p : p + self.hold]
        on_primary = (p + 1, rules.flag_after(flag, WASTE, PRIMARY), secs)
        out: dict[int, list[Homes]] = {}
        for rank, places in rules.homes(p, sizes).items():
            targets: list[Homes] = []
            for dst, j in places:
                if dst == PRIMARY:
                    targets.append(on_primary)
                elif rank not in held and (j == 0 or sizes[j - 1] != sizes[j]):
                    targets.append((p, flag, secs + SIZE_UP[sizes[j]]))
            if targets:
                out[rank] = targets
        return out

    def _between(self, p: int, flag: bool, secs: int, sizes: tuple[int, ...]) -> list[Homes]:
        rules = self.rules
        seen: set[tuple[int, int, int, int]] = set()
        out: list[Homes] = []
        for (src, i), (dst, j) in rules.between(p, flag, sizes):
            if src == dst:
                continue  # between two secondaries: the position itself (see the class)
            # Places of secondaries by their size: equal sizes are one move.
            si = sizes[i] if src == SECONDARY else -1
            di = sizes[j] if dst == SECONDARY else -1
            if (src, si, dst, di) in seen:
                continue
            seen.add((src, si, dst, di))
            q = p + (dst == PRIMARY) - (src == PRIMARY)
            after = secs + (SIZE_DOWN[si] if src == SECONDARY else 0)
            after += SIZE_UP[di] if dst == SECONDARY else 0
            out.append((q, rules.flag_after(flag, src, dst), after))
        return out


def rank_model(problem: WindmillProblem, *, free: bool | None = None, hold: int = 0) -> RankModel:
    """The rank model of ``problem``'s rules, or of a sub-game of them (see :class:`RankModel`).

    Under restricted rules it carries the twin rule
    (:class:`RestrictedRankModel`).
    """
    if problem.free:
        return RankModel(problem, free=free, hold=hold)
    return RestrictedRankModel(problem, free=free, hold=hold)


FIRST_MOVE_READS = 1
"""How many positions of a line :func:`lifted` reads for the first real move alone: a
compact move is one real move. A compiled search converts no more of its line than this
when the first move is all the caller wants."""


class RankModel(ProblemDefaults):
    """The rules of Windmill restated on compact positions, as an engine problem.

    A move is the child position itself. The heuristic (cards not yet
    home) is admissible: a move puts at most one card on the foundations
    (a play from the waste or the reserve puts one; a deal, a redeal and a
    card moved between foundations put none), so a won position is at
    least that many moves away. It is consistent too, changing by at most
    one a move.
    """

    def __init__(
        self, problem: WindmillProblem, *, free: bool | None = None, hold: int = 0
    ) -> None:
        """The rules of ``problem``, or a sub-game of them (see :attr:`sub_game`).

        ``free`` false on a game with free foundation moves gives its
        restricted moves (each of them is a free move too); ``hold`` = k
        forbids placing on a secondary a waste or reserve card of any of
        the next k ranks the primary needs.
        """
        if free and not problem.free:
            raise ValueError("a rank model may only remove moves of its game")
        if hold < 0:
            raise ValueError(f"hold must be 0 or more, not {hold}")
        self.problem = problem
        self.pneed = problem.primary_need
        self.sneed = problem.secondary_need
        self.free = problem.free if free is None else free
        self.hold = hold
        self.sub_game = hold > 0 or self.free != problem.free
        """Some legal moves are left out: a win is still a real line of the
        game, but having searched everything proves nothing."""
        parts = ["restricted rules"] if self.free != problem.free else []
        if hold:
            parts.append(f"holding {hold} rank{'s' if hold > 1 else ''}")
        self.label = ", ".join(parts)
        """The sub-game in words (empty for the game's own rules)."""
        self.redeals = problem.rules.redeals
        self.foundations = CompactFoundations(
            FoundationRules(problem.rules, free=self.free), hold=hold
        )
        """The foundation moves of this (sub-)game on compact foundations."""
        self._known = self.foundations.memo.get
        self._reserve_cache: dict[int, tuple[int, ...]] = {}

    def cards_in(self, res: int) -> tuple[int, ...]:
        """The distinct ranks of the cards in packed reserve ranks (no gap), lowest first."""
        found = self._reserve_cache.get(res)
        if found is None:
            found = self._reserve_cache[res] = tuple(
                r for r in range(NO_CARD) if res >> (RANK_BITS * r) & 15
            )
        return found

    def plays(self, st: Compact) -> list[Compact]:
        """Every position one play away (no deal, no redeal)."""
        return [c for c, _ in self.within(st)]

    def within(self, st: Compact) -> list[tuple[Compact, Compact]]:
        """A beam's moves within a round: the plays, each as (move, position), the same.

        The plays come in a fixed order (the waste's card, then the reserve's
        by rank, then the secondaries' by size), which decides the order in
        which a beam meets positions and so how it breaks ties.
        """
        p, flag, secs, res, stock, waste, used = st
        out: list[tuple[Compact, Compact]] = []
        add = out.append
        # The memo looked up here first (the beams' hottest step), by its key.
        found = self._known((p << 1 | flag) << SECONDARY_BITS | secs)
        targets, between = found or self.foundations.moves(p, flag, secs)
        if waste != EMPTY:
            for np_, nf, ns in targets.get(waste & 15, ()):
                c = (np_, nf, ns, res, stock, waste >> 4, used)
                add((c, c))
        ranks = self._reserve_cache.get(res) or self.cards_in(res)
        # The refill is the same whichever reserve card leaves: worked out
        # once, when the first one can.
        refilled: tuple[int, int, int] | None = None
        for r in ranks:
            homes = targets.get(r)
            if homes is None:
                continue
            if refilled is None:
                fill, nstock, nwaste = refill(stock, waste, RANK_BITS)
                refilled = (RANK_UNIT[NO_CARD if fill is None else fill], nstock, nwaste)
            unit, nstock, nwaste = refilled
            nres = res - RANK_UNIT[r] + unit
            for np_, nf, ns in homes:
                c = (np_, nf, ns, nres, nstock, nwaste, used)
                add((c, c))
        for np_, nf, ns in between:
            c = (np_, nf, ns, res, stock, waste, used)
            add((c, c))
        return out

    def turn(self, st: Compact) -> Compact | None:
        """The position after dealing a card or redealing, if either is legal."""
        across = self.across(st)
        return across[0][1] if across else None

    # ------------------------------------------------------------ the engine's protocol

    def moves(self, state: Compact) -> list[Compact]:
        """The plays, then the deal or redeal; each move is the position it leads to."""
        out = self.plays(state)
        turned = self.turn(state)
        if turned is not None:
            out.append(turned)
        return out

    def apply(self, state: Compact, move: Compact) -> Compact:
        """The position ``move`` leads to: the move itself."""
        return move

    def is_won(self, state: Compact) -> bool:
        """Every card on the foundations."""
        return state[0] == PRIMARY_FULL and state[2] == ALL_FULL

    def key(self, state: Compact) -> Compact:
        """The compact position is its own canonical key."""
        return state

    def heuristic(self, state: Compact) -> int:
        """Cards not yet on the foundations: admissible (see the class docstring)."""
        return CARDS - state[0] - SECONDARY_CARDS[state[2]]

    def across(self, state: Compact) -> tuple[tuple[Compact, Compact], ...]:
        """A beam's moves across rounds: the deal or the redeal (:func:`~.rules.turn`), so a
        round is a card dealt."""
        p, flag, secs, res, stock, waste, used = state
        turned = turn(stock, waste, used, self.redeals, RANK_BITS)
        if turned is None:
            return ()
        stock, waste, used = turned
        c = (p, flag, secs, res, stock, waste, used)
        return ((c, c),)


class RestrictedRankModel(RankModel):
    """A rank model of restricted rules, with the twin rule as the engine's ``dominators`` hook.

    The clear twin of a flagged position dominates it (argued at
    :func:`unflagged`). A beam skips a flagged position whose twin
    it has already reached in the round, or kept among the candidates: the
    twin's line is followed instead.
    """

    def dominators(self, state: Compact) -> tuple[tuple[Compact, int], ...]:
        """The clear twin of a flagged position (:func:`unflagged`)."""
        if state[1]:
            return ((unflagged(state), 0),)
        return ()


def real_line(
    problem: WindmillProblem, start: WindmillState, targets: Sequence[Compact]
) -> list[WindmillMove]:
    """The real moves that take ``start`` through the compact positions ``targets`` in turn."""
    moves: list[WindmillMove] = []
    state = start
    for target in targets:
        if problem.free:
            # Free rules never set the flag; a line of their restricted
            # sub-game does, and no free move looks at it.
            target = unflagged(target)
        for move in problem.legal_moves(state):
            child = problem.apply(state, move)
            if compact(child) == target:
                moves.append(move)
                state = child
                break
        else:  # pragma: no cover - the tests tie the two models together
            raise RuntimeError("windmill: the rank model made a move the rules do not allow")
    return moves


def lifted(strategy: Strategy, model: RankModel, start: WindmillState) -> Strategy:
    """``strategy``, a search of ``model`` from ``compact(start)``, with its win lifted to
    the real moves from ``start`` (:func:`real_line`); when the caller wants the first move
    alone, only the first is lifted, at the cost of one step
    (:func:`~solitaire_solver.search.projected`)."""

    def line(targets: Sequence[Compact]) -> list[WindmillMove]:
        return real_line(model.problem, start, targets)

    def first(targets: Sequence[Compact]) -> list[WindmillMove]:
        return real_line(model.problem, start, targets[:FIRST_MOVE_READS])

    return projected(strategy, line, first)
