"""A relaxation of Eagle Wing that proves losses before the search: the talon as a pool.

Most lost deals of Eagle Wing are lost in the trunk: its cards come out
one at a time, each when a wing empties, and the wings' cards have nowhere
to go. The talon's order (which the exact search spends most of its time
on) hardly matters to that. The relaxed game below forgets it, and a
search of it settles most lost deals in a few dozen relaxed positions.

The relaxed game G, cut at a real position X. Every card on a wing or in
the trunk at X is *fixed*; every card in the talon at X (waste and stock)
is *loose*, and stays so wherever it goes. The talon is forgotten as a
sequence: its cards form the *pool*, a set, every card of it in reach at
any time. The moves of G:

- every move of the real game other than a deal or a redeal, with any pool
  card allowed wherever the real game lets the waste's top card go (home,
  onto a wing, into an empty wing once the trunk is empty);
- one move more: a loose card on top of a wing may go back to the pool.

G is won as soon as the trunk is empty.

Why a relaxed loss is a real loss. Map every real position Y reachable from
X to the position of G with Y's foundations, trunk and wings, and Y's talon
as the pool. A deal or a redeal maps to no move at all (the pool is a set);
a move of the waste's top card is the same move of that pool card; every
other real move is the same move in G. So a real line from X maps onto a
line of G through the images of its positions, and a real win (all cards
home, so the trunk empty) onto a line of G that empties the trunk, a win
of G. Contrapositive: when no line of G from X empties the trunk, no real
line from X wins, and X is lost. Nothing here depends on the place in the
deal order, the passes left, the trunk's size or the wings' capacity: the
argument holds for every knob of :class:`.rules.EagleWingRules`.

The search does not walk G as it is; three facts shrink it to a few dozen
positions, each argued:

1. *Canonical form: loose cards on top of a wing go back to the pool.* A
   position and the one with a loose top card back in the pool reach each
   other: the return is a move, and while the trunk has cards (G is won
   without) the card lay on the card above it in its suit, with room, so
   building it there again is a move too. So they win alike, and the
   search keeps the canonical form, in which every wing's top card is
   fixed (a wing's bottom card is fixed: a wing is never empty while the
   trunk has cards, so its bottom card came from X's wings or the trunk).
2. *A card built on another card moves only home.* While the trunk has
   cards a wing card goes home, onto a wing whose top is the card above it
   in its suit, or nowhere (there is no empty wing): for a card lying on a
   wing, the one card it fits on is the card under it. So only a wing of
   one card, or the trunk's face-up last card, can move elsewhere than home.
   Its move onto a wing whose canonical top is ``k`` ranks above it, with
   the ``k - 1`` cards in between built there from the pool just before
   (they are loose: canonical form drops them when it can), is one move of
   the search, a *landing*; the wing must have room for all ``k`` cards.
   Every line of G from a canonical position makes, before it changes the
   canonical form, only builds of pool cards and returns (which keep it);
   the first move that changes it is a card home (from the pool, or a fixed
   top) or a fixed card's move onto a wing, whose canonical form is a
   landing (the loose cards it lands on are pool cards of the canonical
   form). So a position of G that wins has a listed child that wins, and
   the search, exhaustive over canonical positions, loses no win.
3. *Safe foundation moves are made at once*: every one without stacking,
   every one but a base card's with it. The argument of
   :func:`.rules.safe_home` holds in G word for word (it does not depend on
   where the card lies, and the pool only adds places; the return move only
   moves the card itself). A canonical position's wing card under its top
   is then never in question: when the top goes home the card under it is
   its suit's next card, not a base card (the card above a suit's last card
   is its base card, home before it), so the whole wing goes home, loose
   cards and fixed alike. The search's position is therefore the
   foundations, the trunk's length and the wings as (top card, size), as
   in :mod:`.model`.

Every move of the search sends a card home or takes a card off the trunk,
so no line comes back to a position: the relaxed space is acyclic and
finite, and the engine's depth-first search
(:func:`~solitaire_solver.search.dfs`) over it, as a
:class:`~solitaire_solver.search.StateGraph`, either finds a line that
empties the trunk (which proves nothing) or exhausts it (which proves X
lost).

Without stacking (the preset ``eagle-wing``: no building, or a capacity of
one) no card lands, every foundation move is safe, and the relaxed game is
the safe moves alone: it is lost when they stop with cards in the trunk.

Measured over deals 1..10,000 (``benchmarks/games/eagle_wing_relaxation.py``;
``docs/design/games/eagle-wing.md`` has the figures and the commands): the
relaxation proves 2,472 of Coops' 2,669 lost deals lost, and 7,896 of the
strict preset's 9,408, and no won deal relaxed lost, as the argument says
none can be.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...search import LOST, Budget, Run, Verdict, dfs
from .rules import (
    PILE_CARDS,
    UNDER,
    UP,
    EagleWingRules,
    EagleWingState,
    built_on,
    cards_after,
    needs,
    pile_code,
    safe,
    single,
)

RelaxedState = tuple[tuple[int, ...], int, tuple[int, ...]]
"""``(need, trunk_left, wings)``: per suit the card its foundation takes next (-1
when full), the trunk's cards left and the wings, each ``top * 16 + size``, sorted."""

WON: RelaxedState = ((-1, -1, -1, -1), 0, ())
"""The one relaxed position with an empty trunk the search makes: every such
position is won, so they are all one."""


class Relaxation:
    """The relaxed game cut at one real position (see the module docstring), as an
    engine problem (a :class:`~solitaire_solver.search.StateGraph`).

    ``root`` is the cut's relaxed position with its safe moves made (``WON`` when
    they empty the trunk). :meth:`next_states` lists the base cards sent home and the
    landings, each child with its safe moves made; :meth:`run` searches it.
    """

    def __init__(self, rules: EagleWingRules, state: EagleWingState) -> None:
        self.rules = rules
        self.trunk = state.trunk
        base = state.base
        # Without stacking no card lands (a capacity of one leaves no room).
        self.cap = rules.capacity
        self.unsafe = rules.unsafe_rank(base)
        self.after = cards_after(base)
        # rest[c]: c and the cards after it in its suit, as bits: the cards of
        # a suit not yet home when its foundation needs c. rest[-1] (the last
        # entry) is 0, for a full foundation.
        rest = [0] * 53
        for c in range(52):
            bits = 0
            x = c
            while x >= 0:
                bits |= 1 << x
                x = self.after[x]
            rest[c] = bits
        self.rest = tuple(rest)
        # The trunk's cards when tl are left (its bottom tl cards), as bits.
        below = [0]
        for c in self.trunk:
            below.append(below[-1] | 1 << c)
        self.trunk_cards = tuple(below)
        need = list(needs(state))
        piles = [pile_code(p) for p in state.wings if p]
        self.root = self.settle(need, len(self.trunk), piles) if self.trunk else WON

    @staticmethod
    def is_won(state: RelaxedState) -> bool:
        """Won when the trunk is empty."""
        return state[1] == 0

    def settle(self, need: list[int], tl: int, piles: list[int]) -> RelaxedState:
        """Send home every card that may go safely, until none is left; the canonical position.

        ``need`` and ``piles`` are changed in place. A card goes home from the
        pool, from a wing's top (a wing that empties takes the trunk's top
        card) or as the trunk's face-up last card; a card in the trunk or
        under a wing's top stays. ``WON`` as soon as the trunk empties.
        """
        trunk, after, unsafe, trunk_cards = self.trunk, self.after, self.unsafe, self.trunk_cards
        changed = True
        while changed:
            changed = False
            for s in range(4):
                x = need[s]
                while x >= 0 and safe(need, x, unsafe):
                    if tl == 1 and trunk[0] == x:
                        return WON
                    if trunk_cards[tl] >> x & 1:
                        break
                    stuck = False
                    for i, p in enumerate(piles):
                        if p >> 4 == x:
                            if p & 15 > 1:
                                piles[i] = UNDER[p]
                            else:
                                tl -= 1
                                if tl == 0:
                                    return WON
                                piles[i] = single(trunk[tl])
                                # A card new in view: it (or, with one trunk
                                # card left, that card) may be another suit's.
                                changed = True
                            break
                        if PILE_CARDS[p] >> x & 1:
                            stuck = True  # under the wing's top
                            break
                    if stuck:
                        break
                    x = need[s] = after[x]
        piles.sort()
        return (tuple(need), tl, tuple(piles))

    def next_states(self, state: RelaxedState) -> Sequence[RelaxedState]:
        """The relaxed moves of a canonical position with its safe moves made, each child
        settled: base cards home (with stacking), then landings."""
        need, tl, piles = state
        trunk, rest, settle = self.trunk, self.rest, self.settle
        held = self.trunk_cards[tl]
        for p in piles:
            held |= PILE_CARDS[p]
        pool = (rest[need[0]] | rest[need[1]] | rest[need[2]] | rest[need[3]]) & ~held
        out: list[RelaxedState] = []
        if self.unsafe >= 0:
            # The position is settled: a needed card in reach is a base card.
            for s, x in enumerate(need):
                if x < 0:
                    continue
                if tl == 1 and trunk[0] == x:
                    return [WON]
                n = list(need)
                n[s] = self.after[x]
                if pool >> x & 1:
                    out.append(settle(n, tl, list(piles)))
                    continue
                for i, p in enumerate(piles):
                    if p >> 4 == x:
                        ps = list(piles)
                        if p & 15 > 1:
                            ps[i] = UNDER[p]
                            out.append(settle(n, tl, ps))
                        elif tl == 1:
                            return [WON]
                        else:
                            ps[i] = single(trunk[tl - 1])
                            out.append(settle(n, tl - 1, ps))
                        break
        cap = self.cap
        if cap < 2:
            return out
        takes = self.rules.takes
        tops = {p >> 4: i for i, p in enumerate(piles)}
        # The cards that may land: a wing's lone card, the trunk's face-up last one.
        movers = [(i, p >> 4) for i, p in enumerate(piles) if p & 15 == 1]
        if tl == 1:
            movers.append((-1, trunk[0]))
        for i, c in movers:
            u = UP[c]
            for k in range(1, cap):
                j = tops.get(u)
                if j is not None and takes(piles[j], c, k):
                    if tl == 1:
                        return [WON]  # the trunk's last card lands, or fills c's wing
                    ps = list(piles)
                    ps[j] = built_on(piles[j], c, k)
                    ps[i] = single(trunk[tl - 1])
                    out.append(settle(list(need), tl - 1, ps))
                if not pool >> u & 1:
                    break  # the card between is not in the pool: no longer landing
                u = UP[u]
        return out

    def run(self, budget: Budget) -> Run:
        """Search the relaxed game: ``LOST`` when no relaxed line empties the trunk (the
        cut is lost), ``None`` when one does (which proves nothing) or the budget ran out.

        The engine's depth-first search over the relaxed positions; each one
        expanded counts as a state expanded and a key stored, and the depth
        of its lines is not the game's (``lines`` false).
        """
        if self.is_won(self.root):
            return None
        verdict: Verdict[object] | None = yield from dfs(self, self.root, budget, lines=False)
        return LOST if verdict is not None and not verdict.won else None


def relaxed_run(rules: EagleWingRules, start: EagleWingState, budget: Budget) -> Run:
    """A complete loss prover: ``LOST`` when the relaxation cut at ``start`` is lost.

    Returns ``None`` (no verdict) when the relaxation is won, or the budget
    ran out first, since that proves nothing.
    """
    verdict = yield from Relaxation(rules, start).run(budget)
    return verdict
