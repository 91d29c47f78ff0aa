"""Black Hole's rules: the deal, a position, a move and its notation, and the dead ends a
position can be proved lost by (RULES.md, "Black Hole")."""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from ...cards import Card, rank_of
from ...errors import BadMoveError

PILES = 17
"""Piles in the layout."""
PILE_SIZE = 3
"""Cards dealt to each pile."""
HOLE_CARD = Card(13)
"""The ace of spades, which starts the hole."""

RANK_COUNT = 13


PLAYS_ON = tuple(((hole + 1) % RANK_COUNT, (hole - 1) % RANK_COUNT) for hole in range(RANK_COUNT))
"""By the rank of the hole's top card, the two ranks a card may have to go onto it: one
up and one down, K and A counting as adjacent. The move rule of the game, for the
game's moves and for the search's problem alike."""


def adjacent(a: int, b: int) -> bool:
    """Whether ranks ``a`` and ``b`` are one apart, K and A counting as adjacent."""
    return a in PLAYS_ON[b]


# ---------------------------------------------------------------- dead ends
#
# Both tests look only at how many cards of each rank are left on the piles
# (``counts``, indexed by rank) and the rank of the hole's top card. Each
# card played moves the hole's rank one step round the cycle of 13 ranks,
# and a step onto rank r plays a card of rank r.


def reachability_dead(counts: Sequence[int], hole: int) -> bool:
    """True when some rank left on the piles can no longer be reached from ``hole``.

    Sound: the hole's rank walks round the cycle of ranks one step per card,
    and stepping onto rank r uses up a card of rank r. A rank with no cards
    left can therefore never be stepped on, so the walk stays for ever in the
    run of ranks with cards left that touches the hole's rank on either side
    (and it can come back to the hole's own rank only from such a rank).
    Cards of any other rank can never be played. This is the prune of the
    established C solver.
    """
    total = sum(counts)
    if total == 0:
        return False
    reached = 0
    r = (hole + 1) % RANK_COUNT
    while r != hole and counts[r]:
        reached += counts[r]
        r = (r + 1) % RANK_COUNT
    if r != hole:  # the run upwards stopped at an empty rank: walk downwards too
        r = (hole - 1) % RANK_COUNT
        while counts[r]:
            reached += counts[r]
            r = (r - 1) % RANK_COUNT
    if reached:
        reached += counts[hole]
    return reached != total


def euler_dead(counts: Sequence[int], hole: int) -> bool:
    """True when no sequence of ranks plays exactly the cards left, pile order aside.

    Sound, and stronger than :func:`reachability_dead`: forget the piles and
    suppose any card left could be played at any time. A win is then a walk
    on the cycle of ranks from ``hole`` that visits rank r exactly
    ``counts[r]`` times after the start, that is an Euler trail in the
    multigraph of the steps it takes. Let e[r] be how often the walk crosses
    between ranks r and r+1, and t the rank it ends on (a rank with a card
    left). Every visit to a rank enters and leaves it, except the start and
    the end, so e[r-1] + e[r] = 2*counts[r] + [r == hole] - [r == t]. On a
    cycle of odd length these 13 equations have exactly one solution,
    2*e[r] = d[r+1] - d[r+2] + ... + d[r+13] (indices mod 13), and a trail
    exists exactly when, for some t, that solution is made of whole numbers
    >= 0 and the crossings join every rank with cards left to the hole's
    rank (Euler's theorem). If no t works, no order of play can empty the
    piles, whatever their order, so the position is lost.
    """
    if sum(counts) == 0:
        return False
    for end in range(RANK_COUNT):
        if counts[end] == 0:
            continue
        d = [2 * c for c in counts]
        d[hole] += 1
        d[end] -= 1
        alt = 0
        for j in range(RANK_COUNT):
            alt += d[(1 + j) % RANK_COUNT] if j % 2 == 0 else -d[(1 + j) % RANK_COUNT]
        if alt < 0 or alt % 2:
            continue
        e = [alt // 2] + [0] * (RANK_COUNT - 1)
        for r in range(1, RANK_COUNT):
            e[r] = d[r] - e[r - 1]
        if min(e) < 0:
            continue
        joined = {hole}
        r = hole
        while e[r] and (r + 1) % RANK_COUNT not in joined:
            r = (r + 1) % RANK_COUNT
            joined.add(r)
        r = hole
        while e[(r - 1) % RANK_COUNT] and (r - 1) % RANK_COUNT not in joined:
            r = (r - 1) % RANK_COUNT
            joined.add(r)
        if all(counts[r] == 0 or r in joined for r in range(RANK_COUNT)):
            return False
    return True


def dead_end(
    counts: Sequence[int], hole: int, reachability: bool = True, euler: bool = True
) -> bool:
    """The dead-end tests (those switched on) of a position with ``counts`` cards of each
    rank left on the piles and the hole's rank ``hole``: for the game and the problem."""
    return (reachability and reachability_dead(counts, hole)) or (
        euler and euler_dead(counts, hole)
    )


# ---------------------------------------------------------------- the game


@attrs.frozen
class BlackHoleRules:
    """Black Hole has no knobs: RULES.md fixes every rule."""


@attrs.frozen
class BlackHoleState:
    """A Black Hole position: the piles (each bottom to top) and the hole (bottom to top).

    The hole is never empty: it starts with the ace of spades.
    """

    piles: tuple[tuple[Card, ...], ...]
    hole: tuple[Card, ...]

    @property
    def hole_rank(self) -> int:
        """The rank of the hole's top card."""
        return rank_of(self.hole[-1])


@attrs.frozen(order=True)
class BlackHoleMove:
    """Play the top card of pile ``pile`` to the hole.

    ``pile`` is the index into :attr:`BlackHoleState.piles` (from 0); people
    count piles from 1, so the notation ``p5`` plays the top card of pile 5,
    ``BlackHoleMove(4)``.
    """

    pile: int

    @classmethod
    def parse(cls, text: str) -> BlackHoleMove:
        """``p5`` (also ``5`` or ``pile 5``): the top card of pile 5 to the hole.

        Piles count from 1 to 17; ``str`` of a move gives its notation back.
        :class:`BadMoveError` when the text is not a move.
        """
        m = _MOVE.match(text)
        if m is None:
            raise BadMoveError(f"bad black-hole move {text!r}: expected pN, such as p5")
        number = int(m.group(1))
        if not 1 <= number <= PILES:
            raise BadMoveError(
                f"bad black-hole move {text!r}: piles count from 1 to {PILES}, such as p5"
            )
        return cls(number - 1)

    def __str__(self) -> str:
        return f"p{self.pile + 1}"


_MOVE = re.compile(r"^\s*(?:p|pile)?\s*(\d+)\s*$", re.IGNORECASE)
