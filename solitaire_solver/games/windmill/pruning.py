"""Windmill's sound prunes, as the depth-first searches' hooks on the rank model, each argued.

:class:`Pruned` is the rank model (:class:`~.model.RankModel`) with the two
hooks the depth-first searches use: ``is_dead`` (the counting bound,
:class:`CountingBound`) and ``dominators`` (the twin rule,
:func:`~.model.unflagged`, restricted rules only). Neither changes a
verdict; the tests compare the pruned search with a plain one on late
positions of real deals. Pruning that is not sound is not used: "play the
card the primary needs from the reserve whenever no secondary accepts its
rank" loses deal 44's late position that a secondary's card wins (see the
tests).
"""

from __future__ import annotations

from .model import SIZES, SORTED_SIZES, Compact, RestrictedRankModel, compact
from .rules import PRIMARY_FULL, FoundationRules, WindmillProblem, WindmillState, on_last_pass


class CountingBound:
    """The counting bound, stated once for the rank model's searches (:class:`Pruned`) and
    for the relaxation (:mod:`.relaxation`), with its room and tops memoised by packed
    secondary sizes.

    It applies under restricted foundation moves with no redeal left. Let
    ``r`` be the rank the primary needs. If no card of rank ``r`` is at hand
    (in the reserve or the stock, or in the relaxed game in the hand or the
    stock: the caller looks), and none is the top of a secondary that may
    give it up now (the flag clear), the primary can only advance by digging
    a card of rank ``r`` out of the waste. Until then:

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
    - so each of the ``depth`` cards above the shallowest ``r`` in the
      waste costs one card placed on a secondary, and no ``r`` can be placed
      on a secondary before the dig is over. (In the relaxed game, where a
      card may wait in a hand of any size but the stack's top is reached
      only with 8 cards in it, a hand of ``8 + spare`` cards costs ``spare``
      more: see :mod:`.relaxation`.)

    A secondary of size ``c`` can take the ranks it needs from ``c`` on, up
    to 13 cards, stopping before the first ``r``
    (:meth:`~.rules.FoundationRules.room`). When the secondaries cannot take
    that many cards in total (or no ``r`` lies in the waste at all) the
    primary never gets its next card, and the position cannot be won.
    """

    def __init__(self, foundations: FoundationRules) -> None:
        self.foundations = foundations
        self._room: dict[int, int] = {}
        self._tops: dict[int, int] = {}

    def tops(self, secs: int) -> int:
        """The ranks on the tops of secondaries of packed sizes ``secs``, a bit a rank."""
        found = self._tops.get(secs)
        if found is None:
            need = self.foundations.secondary_need
            found = self._tops[secs] = sum({1 << need[s - 1] for s in SIZES[secs] if s})
        return found

    def room(self, secs: int, rank: int) -> int:
        """Cards secondaries of packed sizes ``secs`` can take, each up to the first card of
        ``rank`` it needs."""
        key = secs << 4 | rank
        found = self._room.get(key)
        if found is None:
            found = self._room[key] = self.foundations.room(SORTED_SIZES[secs], rank)
        return found

    def lost(self, flag: bool, secs: int, rank: int, depth: int, spare: int = 0) -> bool:
        """Whether the bound proves a position lost, where the primary needs ``rank`` and no
        card of it is at hand (the caller has looked): its flag, its packed secondary sizes
        ``secs``, the ``depth`` cards above the shallowest ``rank`` in the waste (below 0:
        none there), and ``spare`` more cards that must go to the secondaries before it."""
        if not flag and self.tops(secs) >> rank & 1:
            return False
        return depth < 0 or self.room(secs, rank) < depth + spare


class Pruned(RestrictedRankModel):
    """The game's rank model with the sound prunes as hooks: a dead end and the twin rule.

    ``is_dead`` is the counting bound (:class:`CountingBound`, restricted
    rules, last pass). ``dominators`` is the twin rule (argued at
    :func:`~.model.unflagged`; under free rules the flag is never set and
    it gives nothing): the clear twin is never an ancestor of the flagged
    position, so when the depth-first search finds it in its table, the
    twin's search is finished, and lost (a win would have ended the
    search): the flagged position is lost too.
    """

    def __init__(self, problem: WindmillProblem) -> None:
        super().__init__(problem)
        self.bound = CountingBound(problem.foundations)

    @property
    def acyclic(self) -> bool:
        """True under restricted rules, where every move raises (cards home, primary size,
        redeals used, cards dealt) lexicographically: no key comes back, and a search that
        wins can tell a memo the keys it finished with (the engine's ``acyclic``). Under
        free rules cards move between foundations back and forth."""
        return not self.free

    def root(self, start: WindmillState) -> Compact:
        """The position a search with these hooks starts from: ``start``'s compact form."""
        return compact(start)

    def is_dead(self, st: Compact) -> bool:
        """The counting bound: no card of the rank the primary needs in the reserve or the
        stock, and the secondaries cannot take the waste cards above the shallowest one."""
        p, flag, secs, res, stock, waste, used = st
        if self.free or p == PRIMARY_FULL or not on_last_pass(self.problem.rules, used):
            return False
        r = self.pneed[p]
        if res >> 4 * r & 15:
            return False
        digit = f"{r:x}"  # a rank's digit in a packed pile written in hexadecimal
        if f"{stock:x}".find(digit, 1) > 0:  # past the leading 1
            return False
        text = f"{waste:x}"
        at = text.rfind(digit, 1)
        return self.bound.lost(flag, secs, r, len(text) - 1 - at if at > 0 else -1)
