"""Windmill's sound prunes on real positions, as the engine's hooks, each with its argument.

:class:`Pruned` is :class:`~.rules.WindmillProblem` with two hooks the
depth-first search uses: ``is_dead`` (:func:`stuck_and_lost`, a counting
bound) and ``dominators`` (the twin rule, restricted rules only). Neither
changes a verdict; the tests compare the pruned search with a plain one on
late positions of real deals. Pruning that is not sound is not used: "play
the card the primary needs from the reserve whenever no secondary accepts
its rank" loses deal 44's late position that a secondary's card wins (see
the tests).
"""

from __future__ import annotations

from collections.abc import Hashable

from .rules import GAP, PRIMARY_FULL, WindmillProblem, WindmillState, clear_twin, on_last_pass


def stuck_and_lost(problem: WindmillProblem, state: WindmillState) -> bool:
    """True only when the primary can never take the rank it needs (a sound dead end).

    Applies under restricted foundation moves with no redeal left. Let ``r``
    be the rank the primary needs. If no card of rank ``r`` is in the
    reserve or the stock, and none is the top of a secondary that may give
    it up now (the flag clear), the primary can only advance by digging a
    card of rank ``r`` out of the waste. Until then:
    - no card reaches the primary (it takes only ``r``), so the secondaries
      lose no cards (under restricted rules a secondary's card only goes to
      the primary) and the flag, if set, stays set (only a waste or reserve
      card on the primary clears it), so a buried ``r`` in a secondary, or
      one on top under a set flag, stays where it is;
    - a waste card leaves the waste only by going to a secondary or by
      refilling a reserve gap, and a gap opens only when a reserve card goes
      to a secondary (the reserve holds no ``r``, and gets one only from
      the waste's top, which means the dig is over); dealing only buries
      the waste further; there is no redeal;
    - so each of the ``d`` cards above the shallowest ``r`` in the waste
      costs one card placed on a secondary, and no ``r`` can be placed on a
      secondary before the dig is over.
    A secondary of size ``c`` can take the ranks it needs from ``c`` on, up
    to 13 cards, stopping before the first ``r``
    (:meth:`~.rules.FoundationRules.room`). When the secondaries cannot take
    ``d`` cards in total (or no ``r`` lies in the waste at all) the primary
    never gets its next card, and the deal cannot be won.
    """
    n = len(state.primary)
    if n == PRIMARY_FULL or problem.free or not on_last_pass(problem.rules, state):
        return False
    r = problem.primary_need[n]
    for c in state.reserve:
        if c != GAP and c % 13 == r:
            return False
    seq = state.seq
    for i in range(state.dealt, len(seq)):
        if seq[i] % 13 == r:
            return False
    if not state.flag:
        for pile in state.secondaries:
            if pile and pile[-1] % 13 == r:
                return False
    # Depth of the shallowest r in the waste: cards above it.
    w = state.waste
    depth = 0
    found = False
    while w:
        top = w.bit_length() - 1
        if seq[top] % 13 == r:
            found = True
            break
        depth += 1
        w ^= 1 << top
    if not found:
        return True
    return problem.foundations.room(map(len, state.secondaries), r) < depth


class Pruned(WindmillProblem):
    """The rules with the sound prunes as hooks: a dead end and the twin rule.

    ``is_dead`` is :func:`stuck_and_lost` (argued there). ``dominators``
    is the twin rule (argued at :func:`~.rules.twin`): the clear twin
    is never an ancestor of the flagged position, so when the depth-first
    search finds it in its table, the twin's search is finished, and lost (a
    win would have ended the search): the flagged position is lost too.
    """

    @property
    def acyclic(self) -> bool:
        """True under restricted rules: every move raises the lexicographic value above.

        So no key comes back below itself, and a clear twin (of the same
        value) is never an ancestor; a search that wins can then tell a memo
        the keys it finished with (see the engine's ``acyclic``). Under
        free rules cards move between foundations back and forth.
        """
        return not self.free

    def is_dead(self, state: WindmillState) -> bool:
        """The counting bound (:func:`stuck_and_lost`)."""
        return stuck_and_lost(self, state)

    def dominators(self, state: WindmillState) -> tuple[tuple[Hashable, int], ...]:
        """The key of the flagged position's clear twin (see the class docstring)."""
        if not state.flag:
            return ()
        return ((clear_twin(self.key(state)), 0),)
