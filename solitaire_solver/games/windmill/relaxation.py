"""A relaxation of Windmill's last pass that proves losses: a loose game that is quick to search.

The relaxed game, cut at a real position X on its last pass (no redeal
left), keeps of X

- the foundations, as they are;
- the *stack*: X's waste, of which only the top card can be reached;
- the stock, dealt in its order;

and calls the *hand* H every card that is neither on a foundation, nor still
in the stack, nor still in the stock: at X the reserve, later the reserve and
every card dealt since X that has not gone home. Its moves:

- *play from the hand*: any card of H to any foundation that accepts its
  rank (H is a multiset of ranks, every card of it reachable at any time);
- *deal*: the stock's next card joins H;
- *play the stack's top* to a foundation that accepts it, only while H holds
  at most 8 cards;
- *take the stack's top* into H, only while H holds at most 7 cards;
- the moves between foundations of the rules, with no flag: a secondary's
  top card to the primary whenever the primary needs its rank (under
  restricted rules too, where the real game forbids it while the flag is
  set: dropping a rule that only forbids moves loosens the game further,
  which keeps it a relaxation); under free rules also the primary's top card
  to a secondary that accepts it (the primary's base excepted). A card moved
  between two secondaries leaves their sizes as a multiset as they were (the
  one secondary that accepts the top of a pile of size ``k`` is a pile of
  size ``k - 1``), so the relaxed game has no such move.

It is won when every card is on a foundation.

A relaxed position is four small numbers: the foundations (primary size and
the secondaries as a multiset of sizes), the *depth* (cards of the stack
gone), and the *stock index* (cards dealt since X), packed into one integer
as the compiled kernel packs it (:data:`RelaxedState`). H follows from
them: every rank is eight cards of the two decks (seven of the centre
card's rank, the eighth being the primary's base, which is on a foundation),
and the foundations hold the ranks their sizes say, so H's ranks are those of
the whole deck less the foundations', the stack's still there and the
stock's still there. (The search carries H along, since working it out
again would cost more.)

Why a relaxed loss is a real loss. Map every real position Y reachable from
X (on the same pass) to the relaxed position with Y's foundations,
depth the number of X's waste cards no longer on the waste, stock index the
cards dealt since X. In Y the waste is X's waste less its top ``depth``
cards, with the cards dealt since X and still on the waste above it (cards
dealt later lie above cards dealt earlier, and a card leaves the waste only
from the top); so every card of Y that is in the reserve or on the waste
above X's remaining waste cards is in H, and H is exactly those cards. Every
real move maps onto a relaxed line from the image of Y to the image of the
position after it:

- a deal: the relaxed deal (the card goes on the waste above the stack, so
  into H);
- the waste's top card to a foundation: when it was dealt since X, it is in
  H, a play from the hand; when it is X's waste card, every card dealt since
  X has left the waste, so H is the reserve, at most 8 cards, and the
  relaxed game may play the stack's top;
- a reserve card to a foundation: a play from the hand; the gap is filled
  from the waste's top card, which is in H already (dealt since X: nothing
  changes) or is the stack's top (then, as above, H was the reserve, 8 cards
  at most, and 7 at most once the played card left it, so the relaxed game
  may take the stack's top into H), or from the stock when the waste is
  empty (the relaxed deal), or the gap stays when both are empty (nothing);
- a move between foundations: the same move (the relaxed game allows it
  whatever the real flag says); between two secondaries, no move at all
  (sizes as a multiset do not change, see above).

The foundations of the two games change alike, so a real line from X that
wins maps onto a relaxed line from X's image that wins. Contrapositive: when
no relaxed line wins from the image of X, no real line wins from X, and X is
lost. A redeal has no image (H has no order to turn over into a stock), so
the relaxation applies only to positions on the last pass; for ``redeals``
> 0 it applies after the last redeal.

Why no flag. The relaxed game of the rules' restricted moves, with the flag
kept (set by a secondary's card on the primary, cleared by any other card
there), is a relaxation too, and a tighter one; the search then needs the
twin rule (a flagged position whose clear twin was visited adds nothing).
Measured on the 183 deals of 1..1,000 that the solver left unknown under
restricted rules (``windmill`` and ``windmill-reversed``), cut at the
first play with at most 5,000,000 relaxed positions, dropping the flag
proved every loss the flag proved (16), with 7 to 10% fewer relaxed
positions (deal 650: 1,801,960 against 2,009,378), and five more (483,
704 and 954; reversed 41 and 193), which the flagged search did not
finish within the cap.
"More cards home with the same depth and stock index" is *not* a
dominance: a card of rank ``r`` that went from H to a secondary is not there
when the primary needs ``r`` later (a position with that card still in H can
put it on the primary instead), so the search does not use it.

Three more shortcuts, each argued:

- *A dug-out stack is won.* With the stack empty, every card not home is in
  H or the stock, and no move looks at the hand's size any more: deal the
  stock out, and every foundation's next rank is in H. The primary needs
  rank ``r`` with ``k`` < 4 cards of ``r`` in it (it holds 4 of each rank
  when full), and each secondary holds at most one ``r``, so at most
  ``k + 4`` < 8 cards of ``r`` are home and one is in H; a secondary that
  needs ``q`` holds none, so at most 3 + 4 = 7 cards of ``q`` are home. So
  cards go home one by one until all are: the position is won, and the
  search stops there (a won relaxed position has its stack dug out too, so
  "reach an empty stack" is the same question as "reach a win").
- *Taking the stack's top is forced while H holds 7 cards or fewer.* Let B
  be such a position and A the one after the take. Any relaxed line from B
  can be followed from A: moves that do not touch the stack do not look at
  the hand's size, and A has all of B's cards in H and one more; at the
  line's first stack move, playing the top is matched by playing that card
  from A's hand (after which the two positions are equal), and taking it by
  nothing (equal again). So A wins whenever B does, and the search takes
  the top at once, every time it may; its positions hold 8 cards in H or
  more while the stack is not empty, and play the top only with exactly 8.
- *The counting bound* (restricted rules), the one statement of
  :class:`~.pruning.CountingBound`, which argues it for the game itself,
  here with the flag clear: when no card of the rank ``r`` the primary
  needs is in H or the stock, nor on top of a secondary, the primary can
  take no card until the shallowest ``r`` in the stack is reached (a
  secondary's card goes nowhere but the primary, so the secondaries' tops
  stay and no other ``r`` can come anywhere in between). Reaching it at depth ``j``
  takes its ``j - depth`` cards above away (each goes to a secondary or into
  H) and the hand down to 8 cards, so at least ``j - depth + |H| - 8``
  cards go to secondaries, which can take only the ranks they need down to
  (not including) ``r``. When they cannot, or when the stack holds no
  ``r``, the position is lost.

A relaxed search is the engine's depth-first search
(:func:`~solitaire_solver.search.dfs`) over the relaxed game as a
:class:`~solitaire_solver.search.StateGraph` (compiled where the kernel of
:mod:`.kernel` was built: the same search of the same game, which the tests
compare with this one, at a fraction of the cost): a relaxed position is one
packed integer, its own key, and the game gives the positions one move
away, plays before deals, so that relaxed wins, which prove nothing, are
found early and cost little; the forced take and the counting bound are
made as the children are listed, and a child with its stack dug out is the
only child, won. Each relaxed position is expanded at most once.
:class:`Relaxation` is one cut; :func:`relaxed_run` searches it under the
engine's budget (the relaxed positions count as expanded states, and the
plan's cap counts the search's own positions across a portfolio's turns:
:func:`~solitaire_solver.search.capped`), and :class:`RelaxedPruned` uses
it as a dead-end test inside the exact search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from operator import eq

from ...search import LOST, Budget, Run, Verdict, compiled, dfs, within
from . import kernel
from .model import (
    NO_CARD,
    RANK_UNIT,
    SECONDARY_CARDS,
    SORTED_SIZES,
    Compact,
    CompactFoundations,
    RankModel,
    pile_ranks,
)
from .pruning import CountingBound, Pruned
from .rules import (
    PRIMARY_FULL,
    RANK_BITS,
    RESERVE_CELLS,
    SECONDARY_BITS,
    SECONDARY_FULL,
    WindmillProblem,
    WindmillState,
    on_last_pass,
)

HAND_REACH = 8
"""The stack's top may be played only while the hand holds at most this many cards."""

HAND_TAKE = 7
"""The stack's top may be taken into the hand only while it holds at most this many cards."""

Foundations = int
"""Primary size and packed secondary sizes (:func:`~.rules.packed_sizes`) in one integer,
``primary << SECONDARY_BITS | secondaries``: the compact foundations less the flag, the
high bits of a relaxed position."""

_SECS = (1 << SECONDARY_BITS) - 1
"""The mask of the secondaries' bits of :data:`Foundations`."""

Entry = tuple[int, int, dict[int, list[Foundations]], list[Foundations]]
"""What a relaxed search needs of a foundation state (see :meth:`RelaxedRules.entry`)."""


class RelaxedRules:
    """The foundation moves of one variant, memoised, for relaxed searches.

    For a foundation state (:data:`Foundations`) it gives the ranks its
    cards have, and for each rank the foundation states after a card of
    that rank goes home, and the foundation states one move between
    foundations away: the rank model's (:class:`~.model.CompactFoundations`)
    with the flag left clear. Many relaxed searches of one solve share it,
    and the counting bound with its memo.
    """

    def __init__(self, problem: WindmillProblem) -> None:
        self.foundations = problem.foundations
        """The rules' foundation moves."""
        self.compact = CompactFoundations(problem.foundations)
        self.bound = CountingBound(problem.foundations)
        """The counting bound (:class:`~.pruning.CountingBound`)."""
        self.free = problem.free
        self.pneed = problem.primary_need
        self.sneed = problem.secondary_need
        self._entries: dict[Foundations, Entry] = {}
        # The ranks (packed as in a hand) of a primary of each size and of a
        # secondary of each size. The primary's base counts like any card:
        # a hand is worked out as a difference from the cut, where the base
        # is on the primary too, so it cancels.
        prim = [0]
        for i in range(PRIMARY_FULL):
            prim.append(prim[-1] + RANK_UNIT[self.pneed[i]])
        self._primary_ranks = tuple(prim)
        sec = [0]
        for i in range(SECONDARY_FULL):
            sec.append(sec[-1] + RANK_UNIT[self.sneed[i]])
        self._secondary_ranks = tuple(sec)

    def entry(self, fd: Foundations) -> Entry:
        """For the foundation state ``fd``: the ranks on the foundations (packed as a
        hand), how many cards they hold, for each rank the foundation states after a card
        of it from H or the stack goes home, and the foundation states one move between
        foundations away (no flag: see the module)."""
        found = self._entries.get(fd)
        if found is not None:
            return found
        p, secs = fd >> SECONDARY_BITS, fd & _SECS
        ranks = self._primary_ranks[p]
        for size in SORTED_SIZES[secs]:
            ranks += self._secondary_ranks[size]
        # The relaxed game has no flag: the rank model's moves with it clear.
        # Worked out afresh: this entry is the memo.
        rank_homes, rank_between = self.compact.unmemoised(p, False, secs)
        homes = {
            rank: [q << SECONDARY_BITS | ns for q, _, ns in targets]
            for rank, targets in rank_homes.items()
        }
        between = [q << SECONDARY_BITS | ns for q, _, ns in rank_between]
        found = (ranks, p + SECONDARY_CARDS[secs], homes, between)
        self._entries[fd] = found
        return found


RelaxedState = int
"""A relaxed position for the engine, packed into one integer, its own key: the
foundations (:data:`Foundations`), then the depth into the stack and the stock
index, 7 bits each (``(foundations << 7 | depth) << 7 | stock index``). The
hand follows from them (module docstring). The compiled kernel packs its
relaxed positions the same way (``relaxed_key`` in ``_kernel.c``), so the two
searches name every position alike."""

WON: RelaxedState = (1 << 64) - 1
"""A relaxed position with its stack dug out, which is won (module docstring):
all such positions are one to the search, which stops at the first. No other
position has all 64 bits set (the primary's size, the highest part, is at most 52)."""


class Relaxation:
    """The relaxed game cut at one compact position (see the module docstring), as an
    engine problem.

    ``stack`` is the waste's ranks, top first; ``stock`` the stock's ranks in
    dealing order; ``root`` the cut position's image, its forced takes made
    (:data:`WON` when that digs the stack out). The problem is a
    :class:`~solitaire_solver.search.StateGraph` (positions are packed
    integers, their own keys): the forced take and the counting bound are
    made inside :attr:`next_states`, and a child with its stack dug out is
    the only child, won. :meth:`run` searches it with the engine's
    depth-first search.
    """

    def __init__(self, rules: RelaxedRules, st: Compact) -> None:
        self.rules = rules
        p, _flag, secs, res, stock, waste, _used = st
        self.stack = pile_ranks(waste)
        self.stock = pile_ranks(stock)
        # The hand is packed as the compact form packs the reserve, a count
        # per rank (four bits a rank), its gaps left out.
        hand = res & RANK_UNIT[NO_CARD] - 1
        count = RESERVE_CELLS - (res >> 4 * NO_CARD)
        fd0 = p << SECONDARY_BITS | secs
        n = len(self.stack)
        # For each depth, the depth of the first card of each rank from there
        # down (n when there is none); for each rank, its last place in the stock.
        below = [n] * 13
        firsts = [tuple(below)]
        for depth in range(n - 1, -1, -1):
            below[self.stack[depth]] = depth
            firsts.append(tuple(below))
        firsts.reverse()
        self.first_below = tuple(firsts)
        last = [-1] * 13
        for i, r in enumerate(self.stock):
            last[r] = i
        self.last_in_stock = tuple(last)
        # The ranks still in the stack from each depth, and in the stock from
        # each index, packed as a hand: the hand of any relaxed position is
        # every card not on the foundations, in the stack or in the stock,
        # worked out as a difference from the cut's.
        self.stack_from = _suffix_sums(self.stack)
        self.stock_from = _suffix_sums(self.stock)
        self.hand0 = (hand, count)
        """The hand at the cut (the reserve) and its size, before any take."""
        ranks0, cards0, _, _ = rules.entry(fd0)
        self.everything = (
            hand + ranks0 + self.stack_from[0] + self.stock_from[0],
            count + cards0 + n + len(self.stock),
        )
        """The ranks (packed) and the number of the cards in the hand, on the
        foundations, in the stack and in the stock at the cut: the same in every
        relaxed position."""
        d0 = 0
        while count <= HAND_TAKE and d0 < n:
            hand += RANK_UNIT[self.stack[d0]]
            count += 1
            d0 += 1
        self.root: RelaxedState = WON if d0 == n else (fd0 << 7 | d0) << 7
        self.is_won: Callable[[RelaxedState], bool] = partial(eq, WON)
        """Whether the stack is dug out (:data:`WON`)."""
        self.next_states: Callable[[RelaxedState], Sequence[RelaxedState]] = self._next_states()
        """The relaxed moves' results, in the order they are tried (plays first, the deal last)."""

    def _next_states(self) -> Callable[[RelaxedState], Sequence[RelaxedState]]:
        """The successor function, with what it reads bound as locals (it is the hot loop)."""
        entry = self.rules.entry
        entries = self.rules._entries
        stack, stock = self.stack, self.stock
        n_stack, n_stock = len(stack), len(stock)
        unit = RANK_UNIT
        restricted = not self.rules.free
        pneed = self.rules.pneed
        lost = self.rules.bound.lost
        first_below, last_in_stock = self.first_below, self.last_in_stock
        stack_from, stock_from = self.stack_from, self.stock_from
        every, total = self.everything
        total -= n_stack + n_stock
        won = (WON,)

        def next_states(state: RelaxedState) -> Sequence[RelaxedState]:
            s = state & 127
            d = state >> 7 & 127
            fd = state >> 14
            held, cards, fhomes, fbetween = entries.get(fd) or entry(fd)
            hand = every - held - stack_from[d] - stock_from[s]
            count = total - cards + d + s
            # Children listed in the reverse of the order they are tried (and
            # gone through backwards): the deal last tried, plays to the
            # foundations first.
            found: list[tuple[int, int, int, int, int]] = []
            if s < n_stock:
                found.append((fd, hand + unit[stock[s]], count + 1, d, s + 1))
            # Positions are kept with 8 cards or more in the hand (the take
            # is forced below that), so the stack's top may be played with
            # exactly 8, and is never taken here.
            if count <= HAND_REACH:
                for f in fhomes.get(stack[d], ()):
                    found.append((f, hand, count, d + 1, s))
            for f in fbetween:
                found.append((f, hand, count, d, s))
            for rank, targets in fhomes.items():
                if hand >> 4 * rank & 15:
                    u = unit[rank]
                    for f in targets:
                        found.append((f, hand - u, count - 1, d, s))
            out: list[RelaxedState] = []
            for f, h, c, cd, cs in reversed(found):
                while c <= HAND_TAKE and cd < n_stack:
                    # Taking the stack's top is forced (see the module docstring).
                    h += unit[stack[cd]]
                    c += 1
                    cd += 1
                if cd == n_stack:
                    return won  # the stack is dug out: won
                q = f >> SECONDARY_BITS
                if restricted and q < PRIMARY_FULL:
                    # The counting bound (see the module docstring), with no card
                    # of the rank in the hand or the stock.
                    r = pneed[q]
                    if not (h >> 4 * r & 15 or last_in_stock[r] >= cs):
                        j = first_below[cd][r]
                        depth = -1 if j == n_stack else j - cd
                        if lost(False, f & _SECS, r, depth, c - HAND_REACH):
                            continue
                out.append((f << 7 | cd) << 7 | cs)
            return out

        return next_states

    def run(self, budget: Budget) -> Run:
        """Search the relaxed game: ``LOST`` when no relaxed line wins (the cut is lost).

        Returns ``None`` when a relaxed line wins (which proves nothing). It
        is the engine's depth-first search over the relaxed positions
        (:func:`~solitaire_solver.search.dfs`): each relaxed position
        expanded counts as one state expanded and one key stored, and the
        depth of its lines is not the game's (``lines`` false).
        """
        verdict: Verdict[object] | None
        if kernel.built():
            verdict = yield from compiled(kernel.relaxed(self), budget)
        else:
            verdict = yield from dfs(self, self.root, budget, lines=False)
        return LOST if verdict is not None and not verdict.won else None


def _suffix_sums(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """For each index ``i`` (and the end), the ranks from ``i`` on, packed as a hand."""
    out = [0]
    for r in reversed(ranks):
        out.append(out[-1] + RANK_UNIT[r])
    out.reverse()
    return tuple(out)


def first_play(model: RankModel, st: Compact) -> Compact:
    """The first position on from ``st`` where a play is possible, dealing until there.

    Until a play is possible the only move is the deal, so every line from
    ``st`` passes through this position (or it is ``st`` itself).
    """
    while not model.is_won(st) and not model.plays(st):
        turned = model.turn(st)
        if turned is None or turned[6] != st[6]:
            return st  # no move at all, or a redeal
        st = turned
    return st


def relaxed_run(model: RankModel, start: Compact, budget: Budget) -> Run:
    """A complete loss prover: ``LOST`` when the relaxation cut at the first play is lost.

    The cut is made at :func:`first_play` from ``start`` (every line passes
    there), with the moves of ``model``, the game's rank model. Returns
    ``None`` (no verdict) when the relaxation is won or does not apply (a
    redeal is left), since that proves nothing.
    """
    cut = first_play(model, start)
    if not on_last_pass(model.problem.rules, cut[6]):
        return None
    return (yield from Relaxation(RelaxedRules(model.problem), cut).run(budget))


class Dealt(tuple[int, bool, int, int, int, int, int]):
    """A compact position whose waste's top card is the last one dealt (:class:`RelaxedPruned`
    marks them); equal to, and hashing as, the same position unmarked."""


class RelaxedPruned(Pruned):
    """:class:`~.pruning.Pruned` with one dead-end test more: the relaxation of a deep waste.

    A position on the last pass with at least ``deep`` cards on the waste,
    whose waste's top card is the last card dealt (it was just dealt, or
    only foundation moves came since: :class:`Dealt`, as :meth:`moves` and
    :meth:`root` mark them; with ``after_deals`` false, whatever its top
    card), is cut and its relaxation searched under at most ``states``
    relaxed positions (a share of the solve's budget, charged to it). A
    relaxed loss proves the position lost (module docstring), so the exact
    search may skip it; a relaxed win or a search cut short says nothing.
    The argument holds for a cut at any position on the last pass, so where
    the test fires (``deep``, ``after_deals``) and its budget (``states``)
    change only what it costs and how often it proves something, never
    whether a proof is sound. Verdicts are cached by the compact position,
    which fixes the relaxed game; the cache lives as long as the problem, so
    searches that share it share answers.
    """

    searching_dead = True
    """The dead-end test searches: the engine gives it the budget of the search that asks
    (:func:`~solitaire_solver.search.dead_test`)."""

    def __init__(
        self,
        problem: WindmillProblem,
        *,
        deep: int,
        states: int,
        after_deals: bool = True,
    ) -> None:
        super().__init__(problem)
        self.after_deals = after_deals
        """Ask only where the waste's top card is the last one dealt (else wherever the
        waste is deep enough)."""
        self.relaxed_rules = RelaxedRules(problem)
        self.deep = deep
        self.states = states
        self.cache: dict[Compact, bool] = {}
        self.tests = 0
        """Relaxed searches asked for (not answered from the cache)."""
        self.proved = 0
        """Positions the relaxation proved lost (searches and cache answers)."""

    def root(self, start: WindmillState) -> Compact:
        """``start``'s compact form marked :class:`Dealt`: a search's start is always asked."""
        return Dealt(super().root(start))

    def moves(self, state: Compact) -> list[Compact]:
        """The rank model's moves, with the deal's position marked :class:`Dealt`, and (from
        a :class:`Dealt` position) those of moves between foundations."""
        out = super().moves(state)
        if type(state) is Dealt:
            # Moves between foundations leave the reserve and the talon as they were.
            out = [Dealt(c) if c[3:] == state[3:] else c for c in out]
        turned = self.turn(state)
        if turned is not None and turned[6] == state[6]:
            out[-1] = Dealt(turned)  # the deal, tried last
        return out

    def is_dead(self, state: Compact, budget: Budget | None = None) -> bool:
        """The counting bound, then the relaxation of a deep waste (see the class docstring),
        its search charged to ``budget`` (with none, under a budget of its own)."""
        if super().is_dead(state):
            return True
        if (
            (self.after_deals and type(state) is not Dealt)
            or state[5].bit_length() <= RANK_BITS * self.deep
            or not on_last_pass(self.problem.rules, state[6])
        ):
            return False
        known = self.cache.get(state)
        if known is None:
            # The relaxed search runs under a share of the budget and its
            # positions are charged to it (:func:`~solitaire_solver.search.within`),
            # so they count like any other work of the solve.
            self.tests += 1
            cut = Relaxation(self.relaxed_rules, state)
            verdict, cut_short = within(
                cut.run, budget if budget is not None else Budget(), self.states
            )
            if verdict is None and cut_short:
                return False  # not settled within its share: it says nothing
            known = self.cache[state] = verdict is not None
        if known:
            self.proved += 1
        return known
