"""How Black Hole is solved: the mutable problem whose positions pack into one integer, its
switches (:class:`SearchOptions`) and the plan that runs the engine's incremental depth-first
search with restarts on it."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import attrs

from ...cards import rank_of
from ...search import (
    NO_LIMITS,
    Budget,
    Limits,
    Memo,
    Plan,
    PlanMember,
    Restarts,
    Run,
    Shortest,
    SolveResult,
    Strategy,
    incremental_dfs,
    solve,
    won,
)
from .rules import (
    PLAYS_ON,
    RANK_COUNT,
    BlackHoleMove,
    BlackHoleState,
    dead_end,
)


@attrs.frozen
class SearchOptions:
    """The improvements of :func:`search`; each one can be switched off to check it.

    ``reachability`` and ``euler`` are the dead-end tests of the same names;
    ``dominance`` drops a move that another move of the same rank dominates;
    ``symmetry`` lets piles with the same ranks left stand for each other;
    ``ordering`` tries taller piles first (else pile order); ``restarts``
    runs the search again, in a new order (taller piles still first, a new
    random order among piles of one height), after a growing number of
    expansions, keeping the positions already proved lost.
    Neither the order nor the restarts can change a verdict: every move that
    no sound rule prunes is still tried from every position not proved lost,
    and the budgets grow until one run ends on its own.
    """

    reachability: bool = True
    euler: bool = True
    dominance: bool = True
    ordering: bool = True
    restarts: bool = True
    first_budget: int = 2000
    """Expansions allowed to the first run when ``restarts`` is on."""
    growth: float = 2.0
    """Factor by which each restarted run's budget exceeds the one before."""
    symmetry: bool = True
    """Key positions by the multiset of pile contents, so that piles holding
    the same ranks count as one (else by the pile heights)."""
    seed: int = 0
    """Seed of the move orders of the restarted runs (the first run is deterministic)."""


_DEAD_CACHES: dict[tuple[bool, bool, int], dict[int, bool]] = {}
"""Dead-end verdicts by packed counts and hole rank, per set of tests and packing."""
_DEAD_CACHE_SIZE = 1_000_000
"""Entries a cache may hold before a search empties it (about 100 MB)."""


_HOLE_BITS = 4
"""Bits of the hole's rank at the bottom of a key."""


@attrs.define
class KeyScheme:
    """How :class:`BlackHoleProblem` packs a position into its key.

    With symmetry, ``ids`` numbers every sequence of ranks a pile holds
    (bottom to top) and each number has a field of ``bits`` bits counting
    the piles that hold that sequence; without, pile i's height has field i.
    The hole's rank takes the lowest :data:`_HOLE_BITS` bits, below the
    fields, so that numbering a new sequence changes no key already made:
    one scheme serves every search of positions of one deal, and their keys
    can be shared in a :class:`~solitaire_solver.search.Memo`.
    """

    symmetry: bool
    bits: int
    ids: dict[tuple[int, ...], int] = attrs.field(factory=dict)

    def weight(self, pile: int, ranks: Sequence[int]) -> int:
        """What pile ``pile`` holding ``ranks`` (bottom to top) adds to a key.

        With symmetry, one in the field of that sequence of ranks (numbered
        here when new); without, the pile's height in the pile's own field.
        """
        if self.symmetry:
            ids = self.ids
            return 1 << (self.bits * ids.setdefault(tuple(ranks), len(ids)))
        return len(ranks) << (self.bits * pile)

    @staticmethod
    def key(weights: int, hole: int) -> int:
        """The key of a position: its piles' weights added up, and the hole's rank."""
        return (weights << _HOLE_BITS) | hole

    @classmethod
    def for_start(cls, ranks: Sequence[Sequence[int]], symmetry: bool) -> KeyScheme:
        """A new scheme wide enough for piles ``ranks`` and every position after them."""
        if symmetry:
            # A field counts piles, so it must hold the number of piles.
            return cls(True, max(2, (len(ranks) + 1).bit_length()))
        return cls(False, max(2, max((len(p) for p in ranks), default=0).bit_length()))

    def fits(self, ranks: Sequence[Sequence[int]], symmetry: bool) -> bool:
        """Whether positions with piles ``ranks`` pack into this scheme's fields."""
        if symmetry != self.symmetry:
            return False
        if symmetry:
            return len(ranks) < 1 << self.bits
        return all(len(p) < 1 << self.bits for p in ranks)


class BlackHoleProblem:
    """A Black Hole position as the engine's mutable problem (do/undo).

    The key of a position is the pile heights and the hole's rank (the
    deal fixes everything else), packed into one integer with the rank below
    the piles' fields (see ``options.symmetry`` for what the fields count,
    and :class:`KeyScheme`).
    Every move plays one card, so no position can be met again below itself:
    the positions form a graph without cycles, and a key in the engine's
    table stands for a subtree searched in full or on the current line.
    """

    acyclic = True
    """Every move plays one card, so no key comes back below itself (see the engine's
    ``acyclic``): a search that wins can tell a memo the keys it finished with."""

    def __init__(
        self,
        state: BlackHoleState,
        options: SearchOptions = SearchOptions(),
        scheme: KeyScheme | None = None,
    ) -> None:
        self.options = options
        ranks = [[rank_of(c) for c in pile] for pile in state.piles]
        self.ranks = ranks
        self.start_heights = [len(p) for p in ranks]
        if scheme is None or not scheme.fits(ranks, options.symmetry):
            scheme = KeyScheme.for_start(ranks, options.symmetry)
        self.scheme = scheme
        # weight[i][h]: what pile i at height h adds to the key (KeyScheme.weight).
        # With symmetry the key counts how many piles hold each distinct
        # sequence of ranks (bottom to top): one field of ``bits`` bits per
        # sequence. Sound: two positions with the same hole rank and the same
        # piles up to their order have the same future, move for move with the
        # piles renamed, so one verdict serves both. The encoding is exact (each
        # field can hold more than n), not a hash. The sequences are numbered by
        # the scheme, which a memo shares between the searches of one deal: a
        # new sequence takes a new number and the old ones keep theirs, so a key
        # means the same in each. Without symmetry the fields are the heights.
        weight = [[scheme.weight(i, p[:h]) for h in range(len(p) + 1)] for i, p in enumerate(ranks)]
        # step[i][h]: what playing pile i's top card at height h takes off the key.
        self.step = [[0] + [w[h] - w[h - 1] for h in range(1, len(w))] for w in weight]
        # Counts of the ranks left on the piles, 3 bits a rank (at most 4 each in
        # one deck; 6 bits if a position file has more).
        cbits = (
            3 if all(sum(r == k for p in ranks for r in p) < 8 for k in range(RANK_COUNT)) else 6
        )
        self.cbits = cbits
        self.cunit = [1 << (cbits * r) for r in range(RANK_COUNT)]
        self.cmask = (1 << cbits) - 1
        # The dead-end verdicts depend on nothing but the counts and the hole's
        # rank, not on the deal: one cache serves every search in the process.
        cache = _DEAD_CACHES.setdefault((options.reachability, options.euler, cbits), {})
        if len(cache) > _DEAD_CACHE_SIZE:
            cache.clear()
        self.dead_cache = cache
        self.start_key = sum(w[-1] for w in weight)
        self.start_counts = sum(self.cunit[r] for p in ranks for r in p)
        self.start_hole = state.hole_rank
        self.start_left = sum(self.start_heights)
        self._bind()

    # The position's methods, made by :meth:`_bind`.
    reset: Callable[[], None]
    """Back to the start position."""
    key: Callable[[], int]
    """Pile heights (or pile contents, with symmetry) and the hole's rank."""
    is_won: Callable[[], bool]
    """Every pile empty."""
    children: Callable[[], list[tuple[int, int]]]
    """The piles worth playing, each with the key after it, best first.

    A child that the dead-end tests call lost is left out (they depend only
    on the counts and the hole's rank: see their docstrings)."""
    do: Callable[[int], bool]
    """Play the top card of pile ``i`` to the hole; true when that wins."""
    undo: Callable[[int], None]
    """Put the hole's top card back on pile ``i``."""
    reorder: Callable[[random.Random], None]
    """A random order of the piles for the next run."""

    def dead(self, packed_counts: int, hole: int) -> bool:
        """The dead-end tests of the options, cached by counts and hole rank."""
        ck = (packed_counts << 4) | hole
        verdict = self.dead_cache.get(ck)
        if verdict is None:
            counts = [(packed_counts >> (self.cbits * r)) & self.cmask for r in range(RANK_COUNT)]
            options = self.options
            verdict = dead_end(counts, hole, options.reachability, options.euler)
            self.dead_cache[ck] = verdict
        return verdict

    is_dead: Callable[[], bool]
    """The dead-end tests on the current position."""

    def _bind(self) -> None:
        """Make the position and its methods: closures over local variables.

        The search calls them at every position, and a closure reads its
        variables faster than a method reads attributes. The piles are kept
        as bit masks: which piles show each rank on top, and which have each
        height. A pile's bit is its *label*, the order in which moves are
        tried among piles of one height: pile order in the first run, a
        random order after each restart (:meth:`reorder`), so no run sorts
        anything. Moves and keys are always in terms of the piles themselves.
        """
        ranks, step, cunit = self.ranks, self.step, self.cunit
        pack = KeyScheme.key
        options = self.options
        dominance, ordering = options.dominance, options.ordering
        cache_get = self.dead_cache.get
        dead = self.dead
        start_heights = self.start_heights
        n = len(ranks)
        tallest = max(start_heights, default=0)
        heights = list(start_heights)
        pile_of = list(range(n))  # label -> pile
        bit = [1 << i for i in range(n)]  # pile -> its label's bit
        top = [0] * RANK_COUNT  # top[r]: the labels of the piles whose top card has rank r
        level = [0] * (tallest + 1)  # level[h]: the labels of the piles of height h
        holes: list[int] = []  # the hole's ranks before each card played
        hole, hkey, counts, left = self.start_hole, self.start_key, self.start_counts, 0
        # Heights from the tallest down: taller piles first (their buried
        # cards are the ones at risk of being stranded), else all at once.
        levels = list(range(tallest, 0, -1)) if ordering else []

        def reset() -> None:
            nonlocal hole, hkey, counts, left
            heights[:] = start_heights
            top[:] = [0] * RANK_COUNT
            level[:] = [0] * (tallest + 1)
            for i, p in enumerate(ranks):
                level[len(p)] |= bit[i]
                if p:
                    top[p[-1]] |= bit[i]
            holes.clear()
            hole, hkey = self.start_hole, self.start_key
            counts, left = self.start_counts, self.start_left

        def key() -> int:
            return pack(hkey, hole)

        def is_won() -> bool:
            return left == 0

        def is_dead() -> bool:
            return left > 0 and dead(counts, hole)

        def playable(r: int, labels: int) -> int:
            """The labels of ``labels`` (the piles showing rank r) worth playing.

            The dominance rule: a card that is the last of its pile is not
            played while another card of the same rank is playable. Sound:
            let c be the last card of its pile and d another playable card
            of the same rank. Take any win that plays c now; it plays d at
            some later move u. Play d now and c at move u instead: the
            hole's ranks are the same all along; no move in between touches
            c's pile (it was empty) or d's pile (d was still on it and was
            its top card); so every move stays legal and after move u the
            position is the same. Hence if playing c now wins, playing d now
            wins too. When every card of rank r on offer is the last of its
            pile, one of them is kept.
            """
            if dominance and labels & (labels - 1):
                # The piles of height 1 hold the cards that are the last of their pile.
                tall = labels & ~level[1]
                labels = tall if tall else labels & -labels
            if left != 1:
                # The dead-end tests depend only on the counts and the hole's
                # rank, the same for every card of rank r: cached, once a rank.
                child_counts = counts - cunit[r]
                verdict = cache_get((child_counts << 4) | r)
                if verdict is None:
                    verdict = dead(child_counts, r)
                if verdict:
                    return 0
            return labels

        def children() -> list[tuple[int, int]]:
            ru, rd = PLAYS_ON[hole]
            cand = top[ru]
            if cand:
                cand = playable(ru, cand)
            other = top[rd]
            if other:
                cand |= playable(rd, other)
            out: list[tuple[int, int]] = []
            if not cand:
                return out
            for h in levels:
                bits = cand & level[h]
                while bits:
                    low = bits & -bits
                    bits ^= low
                    i = pile_of[low.bit_length() - 1]
                    out.append((i, pack(hkey - step[i][h], ranks[i][h - 1])))
            if not levels:
                while cand:
                    low = cand & -cand
                    cand ^= low
                    i = pile_of[low.bit_length() - 1]
                    h = heights[i]
                    out.append((i, pack(hkey - step[i][h], ranks[i][h - 1])))
            return out

        def do(i: int) -> bool:
            nonlocal hole, hkey, counts, left
            h = heights[i]
            row = ranks[i]
            r = row[h - 1]
            heights[i] = h - 1
            b = bit[i]
            top[r] ^= b
            if h > 1:
                top[row[h - 2]] |= b
            level[h] ^= b
            level[h - 1] |= b
            hkey -= step[i][h]
            counts -= cunit[r]
            holes.append(hole)
            hole = r
            left -= 1
            return left == 0

        def undo(i: int) -> None:
            nonlocal hole, hkey, counts, left
            h = heights[i] + 1
            row = ranks[i]
            r = row[h - 1]
            heights[i] = h
            b = bit[i]
            if h > 1:
                top[row[h - 2]] ^= b
            top[r] |= b
            level[h - 1] ^= b
            level[h] |= b
            hkey += step[i][h]
            counts += cunit[r]
            hole = holes.pop()
            left += 1

        def reorder(rng: random.Random) -> None:
            # New labels: a random order of the piles among piles of one height.
            rng.shuffle(pile_of)
            for label, i in enumerate(pile_of):
                bit[i] = 1 << label
            reset()

        self.reset, self.key, self.is_won, self.is_dead = reset, key, is_won, is_dead
        self.children = children
        self.do, self.undo, self.reorder = do, undo, reorder
        reset()


def search(
    state: BlackHoleState, limits: Limits = NO_LIMITS, options: SearchOptions = SearchOptions()
) -> SolveResult[BlackHoleMove]:
    """Decide ``state`` exactly with the engine's incremental depth-first search.

    A won result carries a line that replays. With ``options.restarts`` the
    search restarts after a growing number of expansions (see
    :class:`~solitaire_solver.search.Restarts`).
    """
    result: SolveResult[BlackHoleMove] = solve(strategy_for(state, options), limits)
    return result


def strategy_for(
    state: BlackHoleState, options: SearchOptions, memo: Memo | None = None
) -> Strategy:
    restarts = (
        Restarts(options.first_budget, options.growth, options.seed) if options.restarts else None
    )
    # The memo keeps the key scheme of the deal's searches, so that their keys agree.
    name = f"black-hole key scheme, symmetry={options.symmetry}"

    def run(budget: Budget) -> Run:
        scheme: KeyScheme | None = memo.notes.get(name) if memo is not None else None
        problem = BlackHoleProblem(state, options, scheme)
        shared = memo
        if memo is not None:
            if scheme is None:
                memo.notes[name] = problem.scheme
            elif problem.scheme is not scheme:
                shared = None  # a start the deal's scheme cannot pack: its keys mean otherwise
        verdict = yield from incremental_dfs(problem, budget, restarts=restarts, memo=shared)
        if verdict is not None and verdict.won:
            return won([BlackHoleMove(i) for i in verdict.moves])
        return verdict

    return run


HEIGHTS = KeyScheme(False, 6)
"""The keys of :meth:`BlackHole.key`: pile heights in fields of six bits (a pile of a
position file may hold all 51 cards), no symmetry."""


_RESTARTS = SearchOptions()
_SWITCHES = ("reachability", "euler", "dominance", "ordering", "restarts", "symmetry")
"""The switches of :class:`SearchOptions`, each a parameter of the plan's member."""
PLAN = Plan(
    (
        PlanMember(
            "depth-first",
            1.0,
            # The restarts of SearchOptions, stated there: the first run may
            # expand 2,000 positions, each next one twice as many, in orders
            # drawn from seed 0. Then its switches, each improvement on: an
            # experiment turns one off in a plan file (solve --plan).
            {
                "first": _RESTARTS.first_budget,
                "growth": _RESTARTS.growth,
                "seed": _RESTARTS.seed,
                **{name: getattr(_RESTARTS, name) for name in _SWITCHES},
            },
        ),
    ),
    # Every win has the same length, one move a card: any win is a shortest one.
    shortest=Shortest(members=(), every_win=True),
)
"""Black Hole's solver as data: the incremental depth-first search with restarts
(:meth:`BlackHole.factories`), its numbers those of the restarts and its switches those of
:class:`SearchOptions`; every win is a shortest one, so a shortest solve marks its line."""
