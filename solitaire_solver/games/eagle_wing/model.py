"""The compact model of Eagle Wing that the depth-first search works on.

A position of the model is a pair ``(arrangement, place)``. The
*arrangement* is a tuple ``(need, trunk_left, wings, talon)``: ``need``
holds, per suit, the card its foundation takes next (-1 when full),
``trunk_left`` how many trunk cards are left (the trunk is always a bottom
part of the starting trunk), ``wings`` the non-empty piles in sorted order
(wings are interchangeable) and ``talon`` the waste and stock in the order
one pass deals them, as bytes (cheap to slice and search, and a bytes
object keeps its hash, which the table asks for often). A pile is built
down in suit, so its top card and its size say which cards it holds: it is
stored as ``top * 16 + size``. The *place* is the position in the deal
order, ``redeals_used * 64 + waste_size`` (a talon holds fewer than 64
cards). The foundations are whatever is not elsewhere.

Moves are named by cards, not wings: ``(kind, card, onto, talon_index,
length)``, ``onto`` being the card it goes onto (or -1) and ``length`` the
number of game moves the search move stands for (its deals and redeal, the
card move itself and the safe moves that follow it).

Five reductions keep the verdict; each is argued beside the hook that makes
it:

1. After every player move the safe foundation moves are made at once, as
   one step (:meth:`EagleWingModel.successors`).
2. An arrangement is searched from the earliest place it is reached at, and
   skipped at later ones (:meth:`EagleWingModel.place`).
3. With building on, dealing is not a move of its own: a move takes any
   talon card with the deals that bring it to the top of the waste
   (:meth:`EagleWingModel.successors`).
4. A position is skipped when the same position with a wanted card taken
   home from the talon was searched at the same place or earlier
   (:meth:`EagleWingModel.dominators`).
5. With building on, a move whose deals would bury a card that could go
   home is not made: taking that card home first does better
   (:meth:`EagleWingModel.successors`).

Soundness, in one argument for 2 to 5 (counting card moves only, deals
being free). If the search ends "lost" while some position it expanded is
winnable, take such a position P with the fewest card moves, m, to a win.
Its first card move, made after some deals, can also be made, without
those deals or after fewer of them, from P itself (moves away from the
waste do not depend on the place): it gives a position winnable in m - 1
card moves, as is its closure (the safe moves keep a win and take no more
card moves, see :func:`.rules.safe_home`). If reduction 5 leaves that move
out, its deals bury cards that could go home; the move that takes the first
of them, c, home is made (its deals bury no such card), and that move
followed by the left-out one reaches the left-out move's position with c
taken home, a dominator of it (4), winnable in m - 2 card moves; so this
other child is winnable in m - 1. Either way P has a child, winnable in
m - 1 card moves, that the search generated. That child was either
expanded, or skipped because its arrangement was in the table at its place
or an earlier one, or because a dominator was: the table holds only
positions expanded (the engine stores a key only when it expands its
position), each winnable, from its stored place, in as few card moves as
the child (2) or fewer (4). Either way an expanded position wins in fewer
than m card moves: a contradiction. When deals are moves of their own
(without building), the chain of deals from the earliest place is searched
up to where an earlier search of the same arrangement began, so the place
where that card move is made was searched too, or its closure, which has a
card move fewer.

A dominated child is skipped without being stored (the engine stores
nothing for a position it does not expand), so no other position is
skipped on its account: a position whose only dominator would be such a
child is searched, which costs pruning but never changes a verdict, and
the argument above needs no skipped position to stand for a searched one.
Reduction 5 makes up for that pruning: most positions a stored child
would dominate are children it does not make.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ...search import ProblemDefaults
from .rules import (
    DEAL,
    FOUNDATION,
    REDEAL,
    TRUNK,
    UNDER,
    UP,
    WASTE,
    WINGS,
    EagleWingMove,
    EagleWingRules,
    EagleWingState,
    apply_move,
    built_on,
    cards_after,
    needs,
    pile_code,
    safe,
    single,
)

Arrangement = tuple[tuple[int, ...], int, tuple[int, ...], bytes]
"""``(need, trunk_left, wings, talon)``: the key of a position."""
Position = tuple[Arrangement, int]
"""``(arrangement, place)``."""
CardMove = tuple[int, int, int, int, int]
"""``(kind, card, onto, talon_index, length)``; see the module's docstring."""

WingBuild = tuple[int, int, int, int]
"""A wing card onto another wing: ``(from pile, card, onto card, to pile)``."""
WingInfo = tuple[
    dict[int, int], tuple[int, ...], tuple[int, ...], tuple[WingBuild, ...], tuple[int, ...]
]
"""Of a set of wings: by card, the pile that takes it (its index), the top
cards in wing order, the cards that fit on a pile with room, the moves of a wing
card onto another wing (from, card, onto, to) and the tops of piles of two or more."""

WING_INFO_KEPT = 2048
"""How many wings' :data:`WingInfo` a model keeps at most; when full it starts
afresh. Most searches meet a few thousand wings again and again (with other
talons), one part of the search after another; some meet new wings at nearly
every position, and keeping all of those costs more than it saves. Over Coops
deals 1..300 (673,247 positions expanded) the wings were worked out 158,863
times this way, 148,990 times keeping every one and 217,924 times keeping the
first 2,048 only."""

HOME, ONTO, GAP, DEALS, REDEALS = range(5)
"""Kinds of move: a card home, onto a wing's top, to an empty wing; a deal; a redeal."""

PLACE = 64
"""Places are ``redeals_used * PLACE + waste_size``."""

_ALL_HOME = (-1, -1, -1, -1)

_BYTE = tuple(bytes((c,)) for c in range(52))
"""Each card as a one-byte string: ``talon.replace(_BYTE[c], b"")`` takes card ``c`` out."""

_WITH = (
    lambda n, x: (x, n[1], n[2], n[3]),
    lambda n, x: (n[0], x, n[2], n[3]),
    lambda n, x: (n[0], n[1], x, n[3]),
    lambda n, x: (n[0], n[1], n[2], x),
)
"""``_WITH[s](need, x)``: ``need`` with suit ``s``'s entry replaced by ``x``."""

DOWN = tuple(s * 13 + (r - 1) % 13 for s in range(4) for r in range(13))
"""The card one rank down in the same suit, wrapping A -> K: the card that fits on ``c``."""


class EagleWingModel(ProblemDefaults):
    """The search's view of one Eagle Wing deal: compact positions, card moves and reductions.

    ``origin`` is the game position the search starts from; its trunk and
    base rank are fixed for the whole search. :meth:`start` gives the
    model's position of a game position and :meth:`lift` turns a line of
    the model back into game moves from ``origin``.
    """

    pairs = True
    """A position is the pair ``(key, place)`` (see :mod:`~solitaire_solver.search.protocol`)."""

    def __init__(self, rules: EagleWingRules, origin: EagleWingState) -> None:
        self.origin = origin
        self.rules = rules
        self.trunk = origin.trunk
        self.cap = rules.capacity
        self.stacks = rules.stacks
        # With building, talon cards are moved with their deals (reduction 3).
        self.macro = rules.builds
        self.redeals = rules.redeals
        self.base = origin.base
        # The card after c on its foundation, -1 after the suit's last card.
        self.after = cards_after(origin.base)
        # What the wings allow, by wings (see WingInfo): searches meet the same
        # wings over and over with other talons.
        self._wing_info: dict[tuple[int, ...], WingInfo] = {}
        # The rank the safe moves leave alone (rules.safe_home), or -1.
        self.unsafe_rank = rules.unsafe_rank(self.base)

    # -------------------------------------------------------------- positions

    def position(self, state: EagleWingState) -> Position:
        """The model's position of a game position, as it is (safe moves not made)."""
        need = needs(state)
        wings = tuple(sorted(pile_code(p) for p in state.wings if p))
        return (
            (need, len(state.trunk), wings, bytes(state.talon)),
            state.redeals_used * PLACE + state.waste_size,
        )

    def start(self, state: EagleWingState) -> tuple[Position, int]:
        """The position the search starts from, with the game moves made to reach it.

        The safe foundation moves of ``state`` are made first (every search
        position is closed), so the search starts that many moves in.
        """
        return self.close(self.position(state))

    # -------------------------------------------------------------- the protocol

    def key(self, pos: Position) -> Arrangement:
        """The arrangement: everything but the place in the deal order."""
        return pos[0]

    def place(self, pos: Position) -> int:
        """The place in the deal order: ``redeals_used * 64 + waste_size``.

        Why places are sound (reduction 2). The places of one arrangement
        form a single chain: dealing (and, at the end of the stock,
        redealing) leads from each place to the next, and changes nothing
        else. So from an arrangement at one place, every later place of it
        can be reached with deals alone, and anything won from the later
        place is won from the earlier one by dealing first; the module's
        docstring argues the whole search. A deal that changes nothing but
        the place is a waiting move, followed by the search only until it
        reaches a place an earlier search of the arrangement began from.
        """
        return pos[1]

    def is_won(self, pos: Position) -> bool:
        """Won when every foundation is full."""
        return pos[0][0] == _ALL_HOME

    def move_length(self, move: CardMove) -> int:
        """The game moves a search move stands for: deals, redeal, card move and safe moves."""
        return move[4]

    def successors(self, pos: Position) -> Iterable[tuple[CardMove, Position]]:
        """Each player move of a closed position with its closed result, the most promising first.

        Reduction 1: after every player move the safe foundation moves are
        made at once, as one step; :func:`.rules.safe_home` argues why each
        is safe and keeps a shortest line, so the closed position wins in
        no more card moves than the position before its safe moves.
        """
        if self.macro:
            return self._built_successors(pos)
        return self._stepped(pos)

    def _stepped(self, pos: Position) -> Iterator[tuple[CardMove, Position]]:
        """:meth:`successors` without building: :meth:`children` then :meth:`step`."""
        step = self.step
        for mv in self.children(pos):
            child, n = step(pos, mv)
            if n:
                mv = (mv[0], mv[1], mv[2], mv[3], mv[4] + n)
            yield mv, child

    def _built_successors(self, pos: Position) -> Iterator[tuple[CardMove, Position]]:
        """:meth:`successors` with building: the one list of the moves, each made as it is listed.

        Reduction 3: dealing is not a move of its own: a move may take any
        talon card, with the deals (and the redeal) that bring it to the
        top of the waste, at the earliest place from which it is on top. By
        reduction 2 a later place would reach nothing more. (Without
        building the talon's only non-safe use is parking on an empty wing,
        and plain deal moves were measured faster: :meth:`children`.)

        Reduction 5: the talon cards are offered in the order the deals
        reach them, up to the first card that could go home (safely, as
        :func:`.rules.safe_home` says) and no further: a move of a later
        card would deal that card onto the waste, under others. Why no win
        is lost. Say card c could go home, and a move m of a later card
        deals past it. Taking c home (a move that is made, when c is the
        first such card) and then making m gives, at the same place, the
        position m gives with c taken home from the waste, which wins
        whenever m's position wins, in fewer card moves (reduction 4). So
        the child that takes c home wins whenever m's child does, in at
        most as many card moves, and the module's argument goes through.

        The order: a card home from the trunk or a wing (closed, so only a
        base card can be), the trunk's card onto a wing, a wing card onto
        another wing, then the talon cards nearest first (this pass from
        the waste's top on, then the cards before the top when a redeal is
        left), each home then onto a wing, and last every move to a gap.

        The three kinds that make up nearly all of a search (a talon card
        home, a talon card onto a wing, a wing card onto another wing) are
        made here, as :meth:`step` makes them but without its general
        bookkeeping: a card home from the talon leaves the wings as they
        are, and a card built on a wing keeps the wings' order unless the
        build wraps (a king on an ace), because no other pile's top lies
        between the old top and the new one. The rest go through
        :meth:`step`; the tests check every child against :meth:`step`.
        """
        (need, tl, wings, talon), place = pos
        red, ws = divmod(place, PLACE)
        trunk, after, unsafe, settle, step = (
            self.trunk,
            self.after,
            self.unsafe_rank,
            self.settle,
            self.step,
        )
        later: list[CardMove] = []
        trunk_card = trunk[0] if tl == 1 else -1
        gap = tl == 0 and len(wings) < WINGS
        info = self._wing_info.get(wings)
        if info is None:
            info = self._wings_of(wings)
            if len(self._wing_info) >= WING_INFO_KEPT:
                self._wing_info.clear()  # a search moves on to other wings
            self._wing_info[wings] = info
        takers, tops, fits, builds, tall = info
        if trunk_card >= 0 and need[trunk_card // 13] == trunk_card:
            mv = (HOME, trunk_card, -1, -1, 1)
            child, n = step(pos, mv)
            yield (mv if not n else (HOME, trunk_card, -1, -1, 1 + n)), child
        # A wing card that can go home is a base card (the position is
        # closed); in wing order, which is the order of the top cards.
        for c in sorted(need):
            if c >= 0 and c in tops:
                mv = (HOME, c, -1, -1, 1)
                child, n = step(pos, mv)
                yield (mv if not n else (HOME, c, -1, -1, 1 + n)), child
        if trunk_card >= 0 and trunk_card in takers:
            mv = (ONTO, trunk_card, UP[trunk_card], -1, 1)
            child, n = step(pos, mv)
            yield (mv if not n else (ONTO, trunk_card, UP[trunk_card], -1, 1 + n)), child
        for j, c, up, k in builds:
            piles = list(wings)
            piles[k] = built_on(wings[k], c)
            todo: list[int] = []
            tl2 = self._uncover(piles, j, tl, todo)
            for x in todo:
                if safe(need, x, unsafe):
                    child, n = settle(list(need), tl2, piles, talon, place, todo, None)
                    yield (ONTO, c, up, -1, 1 + n), child
                    break
            else:
                piles.sort()
                yield (ONTO, c, up, -1, 1), ((need, tl2, tuple(piles), talon), place)
        if gap:
            for c in tall:
                later.append((GAP, c, -1, -1, 1))
        # Talon cards, in the order children() offers them: this pass from
        # the waste's top on (scan ranks 0, 1, ...), then, with a redeal left,
        # the cards before the top (ranks from len(talon) on). Only a card the
        # foundations want or one that fits on a pile with room has a move
        # other than to a gap, and there are at most a dozen of those: they
        # are found with bytes.find and sorted into that order, instead of
        # the whole talon being walked card by card.
        size = len(talon)
        first = ws - 1 if ws else 0
        redeal = red < self.redeals and first > 0
        ranks: list[int] = []
        for c in need:
            if c >= 0:
                i = talon.find(c)
                if i >= first:
                    ranks.append(i - first)
                elif i >= 0 and redeal:
                    ranks.append(i + size)
        for c in fits:
            i = talon.find(c)
            if i >= first:
                ranks.append(i - first)
            elif i >= 0 and redeal:
                ranks.append(i + size)
        ranks.sort()
        cut = 1 << 30  # the last rank offered, when reduction 5 stops the scan
        last = -1
        for r in ranks:
            if r == last:
                continue  # wanted, and fits on a pile: one card, both moves
            last = r
            if r >= size:
                behind = True
                i = r - size
                length = i + size - ws + 3
                at = (red + 1) * PLACE + i
            else:
                behind = False
                i = r + first
                length = i + 2 - ws
                at = red * PLACE + i
            c = talon[i]
            s = c // 13
            wanted = need[s] == c
            k = takers.get(c, -1)
            # The deals (and redeal) that bring c to the waste's top, then c
            # taken away: the card below it becomes the top.
            rest = talon.replace(_BYTE[c], b"")
            below = talon[i - 1] if i else -1
            if wanted:
                nx = after[c]
                n4 = _WITH[s](need, nx)
                # Safe now: the new top of the waste, or c's successor if
                # it is in view (never a base card: it follows c).
                if (below >= 0 and safe(n4, below, unsafe)) or (
                    nx >= 0 and (nx in (below, trunk_card) or nx in tops)
                ):
                    todo = [below, nx] if i else [nx]
                    child, n = settle(list(n4), tl, list(wings), rest, at, todo, None)
                    yield (HOME, c, -1, i, length + n), child
                else:
                    yield (HOME, c, -1, i, length), ((n4, tl, wings, rest), at)
            if k >= 0:
                up = UP[c]
                piles = list(wings)
                piles[k] = built_on(wings[k], c)
                if (below >= 0 and safe(need, below, unsafe)) or (wanted and safe(need, c, unsafe)):
                    todo = [below, c] if i else [c]
                    child, n = settle(list(need), tl, piles, rest, at, todo, None)
                    yield (ONTO, c, up, i, length + n), child
                else:
                    if up < c:
                        piles.sort()  # a king on an ace
                    yield (ONTO, c, up, i, length), ((need, tl, tuple(piles), rest), at)
            if wanted and safe(need, c, unsafe) and (behind or i >= ws):
                # Reduction 5: later cards would bury c.
                cut = r
                break
        if gap:
            # Every talon card up to the cut may go to a gap, in scan order.
            for i in range(first, size):
                if i - first > cut:
                    break
                later.append((GAP, talon[i], -1, i, i + 2 - ws))
            if redeal and cut >= size:
                for i in range(first):
                    if i + size > cut:
                        break
                    later.append((GAP, talon[i], -1, i, i + size - ws + 3))
        for mv in later:
            child, n = step(pos, mv)
            yield (mv if not n else (GAP, mv[1], -1, mv[3], mv[4] + n)), child

    def dominators(self, pos: Position) -> list[Position]:
        """The same position with one wanted card taken home from the talon, safe moves made.

        Reduction 4: by the argument of :func:`.rules.safe_home`, which
        holds wherever that card lies, the position with the card home
        wins whenever this one wins, in fewer card moves (a win from this
        one moves the card home at some point, and the other leaves that
        move out), so the search's soundness argument (the module's
        docstring) goes through. A base card under building is not taken
        home: it is not safe. Each dominator is a position, that is a key
        with its place.
        """
        (need, tl, wings, talon), place = pos
        out: list[Position] = []
        ws = place % PLACE
        unsafe, after = self.unsafe_rank, self.after
        view: list[int] | None = None
        for c in need:
            if c < 0 or not safe(need, c, unsafe):
                continue
            i = talon.find(c)
            if i < 0:
                continue
            rest = talon.replace(_BYTE[c], b"")
            at = place - 1 if i < ws else place
            s = c // 13
            nxt = after[c]
            # c was not in view (the position is closed), so taking it away
            # shows nothing new: only its successor may now be safe.
            if nxt >= 0:
                if view is None:
                    view = [p >> 4 for p in wings]
                    if tl == 1:
                        view.append(self.trunk[0])
                    if ws:
                        view.append(talon[ws - 1])
                if nxt in view:
                    n = list(need)
                    n[s] = nxt
                    out.append(self.settle(n, tl, list(wings), rest, at, [nxt], None)[0])
                    continue
            out.append(((_WITH[s](need, nxt), tl, wings, rest), at))
        return out

    # -------------------------------------------------------------- moves

    def children(self, pos: Position) -> list[CardMove]:
        """The player's moves in a closed position without building, dealing last.

        Without building the talon's only use other than going home (which
        a closed position has already made, every such move being safe) is
        parking the waste's top card on an empty wing; a wing's card moves
        only home. With building the moves are listed by
        :meth:`successors` alone (reductions 3 and 5).
        """
        (_need, tl, wings, talon), place = pos
        red, ws = divmod(place, PLACE)
        out: list[CardMove] = []
        if ws and tl == 0 and len(wings) < WINGS:
            out.append((GAP, talon[ws - 1], -1, ws - 1, 1))
        if ws < len(talon):
            out.append((DEALS, -1, -1, -1, 1))
        elif ws and red < self.redeals:
            out.append((REDEALS, -1, -1, -1, 1))
        return out

    def step(
        self, pos: Position, mv: CardMove, record: list[CardMove] | None = None
    ) -> tuple[Position, int]:
        """One move of :meth:`children` on a closed position, and the safe moves that follow it.

        Returns the closed position and the number of safe moves made; with
        ``record`` they are also written down. A wing that empties takes the
        trunk's top card at once.
        """
        (need, tl, wings, talon), place = pos
        kind, c, onto, ti, _length = mv
        if kind == DEALS:
            x = talon[place % PLACE]
            place += 1
            if not safe(need, x, self.unsafe_rank):
                return ((need, tl, wings, talon), place), 0
            return self.settle(list(need), tl, list(wings), talon, place, [x], record)
        if kind == REDEALS:
            return ((need, tl, wings, talon), place - place % PLACE + PLACE), 0
        # The cards that may have become safe to send home: the position was
        # closed, so only a card newly in view or newly wanted can be.
        todo: list[int] = []
        piles = list(wings)
        if ti >= 0:
            # Deal (and redeal when the card is behind the waste's top) until c
            # is on top of the waste, then take it; the card below comes in view.
            red, ws = divmod(place, PLACE)
            if ti < ws - 1:
                red += 1
            talon = talon[:ti] + talon[ti + 1 :]
            place = red * PLACE + ti
            if ti:
                todo.append(talon[ti - 1])
        elif tl == 1 and self.trunk[0] == c:
            tl = 0
        else:
            for i, p in enumerate(piles):
                if p >> 4 == c:
                    tl = self._uncover(piles, i, tl, todo)
                    break
        if kind == HOME:
            n = list(need)
            n[c // 13] = self.after[c]
            need = (n[0], n[1], n[2], n[3])
            todo.append(self.after[c])
        elif kind == ONTO:
            for i, p in enumerate(piles):
                if p >> 4 == onto:
                    piles[i] = built_on(p, c)
                    break
            todo.append(c)
        else:
            piles.append(single(c))
            todo.append(c)
        unsafe = self.unsafe_rank
        for x in todo:
            if x >= 0 and safe(need, x, unsafe):
                return self.settle(list(need), tl, piles, talon, place, todo, record)
        piles.sort()
        return ((need, tl, tuple(piles), talon), place), 0

    def settle(
        self,
        need: list[int],
        tl: int,
        piles: list[int],
        talon: bytes,
        place: int,
        todo: list[int],
        record: list[CardMove] | None,
    ) -> tuple[Position, int]:
        """Send home every safe card, starting from the cards in ``todo``.

        The parts are those of a position that was closed except for the
        cards in ``todo`` (``need`` and ``piles`` are changed in place).
        Each card sent home brings its successor into question, and the card
        that comes in view where it was. Returns the closed position and the
        number of cards sent home, written down in ``record`` when given.
        """
        n = 0
        unsafe, after, trunk, uncover = self.unsafe_rank, self.after, self.trunk, self._uncover
        while todo:
            x = todo.pop()
            if x < 0 or not safe(need, x, unsafe):
                continue
            ws = place % PLACE
            if ws and talon[ws - 1] == x:
                talon = talon[: ws - 1] + talon[ws:]
                place -= 1
                if ws > 1:
                    todo.append(talon[ws - 2])
                mv = (HOME, x, -1, ws - 1, 1)
            elif tl == 1 and trunk[0] == x:
                tl = 0
                mv = (HOME, x, -1, -1, 1)
            else:
                for i, p in enumerate(piles):
                    if p >> 4 == x:
                        tl = uncover(piles, i, tl, todo)
                        break
                else:
                    continue  # not in view
                mv = (HOME, x, -1, -1, 1)
            need[x // 13] = after[x]
            todo.append(after[x])
            n += 1
            if record is not None:
                record.append(mv)
        piles.sort()
        return ((tuple(need), tl, tuple(piles), talon), place), n

    def _wings_of(self, wings: tuple[int, ...]) -> WingInfo:
        """What :meth:`_built_successors` needs to know of ``wings`` alone: a :data:`WingInfo`."""
        takes = self.rules.takes
        takers: dict[int, int] = {}
        tops: list[int] = []
        fits: list[int] = []
        tall: list[int] = []
        for j, p in enumerate(wings):
            c = p >> 4
            tops.append(c)
            # The one card a pile could take is the one that fits on its top.
            if takes(p, DOWN[c]):
                takers[DOWN[c]] = j
                fits.append(DOWN[c])
            if p & 15 > 1:
                tall.append(c)
        builds: list[WingBuild] = []
        for j, c in enumerate(tops):
            k = takers.get(c)
            if k is not None:
                # Only from a pile of one: under a taller pile's top c lies
                # UP[c], which is the other pile's top, and a card lies in one
                # place. So the pile k is not the pile j.
                builds.append((j, c, UP[c], k))
        return takers, tuple(tops), tuple(fits), tuple(builds), tuple(tall)

    def _uncover(self, piles: list[int], i: int, tl: int, todo: list[int]) -> int:
        """Take the top card off pile ``i``; returns the trunk cards left.

        The one place a wing gives up its top card, whether the card goes
        home, onto another wing or to a gap. The card under it is the one
        above it in its suit (built down in suit): not wanted, unless the
        top card goes home, and then it is the top card's successor, which
        the caller looks at anyway. A pile that empties takes the trunk's
        top card at once, and that card is written into ``todo`` (it may go
        home), as is the trunk's last card when it comes face up; with the
        trunk gone the pile is removed.
        """
        p = piles[i]
        if p & 15 > 1:
            piles[i] = UNDER[p]
        elif tl:
            tl -= 1
            fill = self.trunk[tl]
            piles[i] = single(fill)
            todo.append(fill)
            if tl == 1:
                todo.append(self.trunk[0])  # now face up
        else:
            del piles[i]
        return tl

    def close(self, pos: Position, record: list[CardMove] | None = None) -> tuple[Position, int]:
        """Make safe foundation moves until none is left; the position and how many were made.

        Looks at every card in view: for a position that may not be closed
        at all (the start). :meth:`step` keeps positions closed looking only
        at the cards a move changes.
        """
        (need, tl, wings, talon), place = pos
        ws = place % PLACE
        todo = [p >> 4 for p in wings]
        if tl == 1:
            todo.append(self.trunk[0])
        if ws:
            todo.append(talon[ws - 1])
        return self.settle(list(need), tl, list(wings), talon, place, todo, record)

    # -------------------------------------------------------------- back to game moves

    def lift(self, line: Sequence[CardMove]) -> list[EagleWingMove]:
        """The game moves of ``line`` from ``origin``, with the safe moves, deals and redeals."""
        card_moves: list[CardMove] = []
        pos, _ = self.close(self.position(self.origin), card_moves)
        for mv in line:
            card_moves.append(mv)
            pos, _ = self.step(pos, mv, card_moves)
        out: list[EagleWingMove] = []
        state = self.origin
        for mv in card_moves:
            for move in self._game_moves(state, mv):
                out.append(move)
                state = apply_move(state, move)
        return out

    def _game_moves(self, state: EagleWingState, mv: CardMove) -> list[EagleWingMove]:
        """The game moves of one card move (with its deals and redeal) in ``state``."""
        kind, c, onto, ti, _length = mv
        if kind == DEALS:
            return [DEAL]
        if kind == REDEALS:
            return [REDEAL]
        out = []
        if ti >= 0:
            ws, n = state.waste_size, len(state.talon)
            if ti < ws - 1:
                out.extend([DEAL] * (n - ws))
                out.append(REDEAL)
                ws = 0
            out.extend([DEAL] * (ti + 1 - ws))
            source = WASTE
        elif len(state.trunk) == 1 and state.trunk[0] == c:
            source = TRUNK
        else:
            source = next(i for i, p in enumerate(state.wings) if p and p[-1] == c)
        if kind == HOME:
            target = FOUNDATION
        elif kind == ONTO:
            target = next(i for i, p in enumerate(state.wings) if p and p[-1] == onto)
        else:
            target = next(i for i, p in enumerate(state.wings) if not p)
        out.append(EagleWingMove(source, target))
        return out
