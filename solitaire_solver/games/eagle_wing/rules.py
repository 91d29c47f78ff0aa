"""The rules of Eagle Wing: knobs, positions, moves and what a move does.

Everything here is a fact of RULES.md ("Eagle Wing"); the game class
(:mod:`.game`), the compact model the search works on (:mod:`.model`) and
the relaxation (:mod:`.relaxation`) are all built on it. Which wing takes a
card is stated once, :meth:`EagleWingRules.takes`, and the legal moves of a
position are :func:`legal_moves`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

import attrs

from ...cards import Card
from ...errors import BadMoveError
from ..knobs import knob, parse_int_range

WINGS = 8
"""Wings 0-3 form the left wing, 4-7 the right."""

NO_BUILDING = "none"
DOWN_IN_SUIT = "down-in-suit"
BUILDINGS = (NO_BUILDING, DOWN_IN_SUIT)


def _parse_building(text: str) -> str:
    value = text.strip().lower().replace("_", "-").replace(" ", "-")
    if value not in BUILDINGS:
        raise ValueError("expected one of " + ", ".join(BUILDINGS))
    return value


@attrs.frozen
class EagleWingRules:
    """The knobs of Eagle Wing; the defaults are the traditional rules (preset ``eagle-wing``)."""

    trunk_size: int = knob(13, "cards dealt face down to the trunk", parse_int_range(0, 42))
    redeals: int = knob(
        2, "times the waste may be turned over into a new stock", parse_int_range(0, 99)
    )
    wing_capacity: int = knob(1, "most cards one wing holds", parse_int_range(1, 13))
    building: str = knob(
        NO_BUILDING, "building on the wings: none, or down-in-suit (wrapping)", _parse_building
    )

    def __attrs_post_init__(self) -> None:
        # The command line parses text; these checks catch bad values given in code.
        if not 0 <= self.trunk_size <= 42:
            raise ValueError(f"trunk_size must be from 0 to 42, not {self.trunk_size}")
        if not 0 <= self.redeals <= 99:
            raise ValueError(f"redeals must be from 0 to 99, not {self.redeals}")
        if not 1 <= self.wing_capacity <= 13:
            raise ValueError(f"wing_capacity must be from 1 to 13, not {self.wing_capacity}")
        if self.building not in BUILDINGS:
            raise ValueError(f"building must be one of {', '.join(BUILDINGS)}, not {self.building}")

    @property
    def builds(self) -> bool:
        """Whether cards may be built on the wings (needs room for two cards)."""
        return self.building == DOWN_IN_SUIT

    @property
    def stacks(self) -> bool:
        """Whether cards can stack on a wing: building, and room for two."""
        return self.builds and self.wing_capacity > 1

    @property
    def capacity(self) -> int:
        """The most cards one wing holds: ``wing_capacity`` with building, else one.

        Without building nothing is ever put on a wing's card, whatever the knob says.
        """
        return self.wing_capacity if self.builds else 1

    def unsafe_rank(self, base: int) -> int:
        """The rank whose cards are not sent home unasked, or -1 when every card is.

        With stacking a base card may still have its suit's last card built
        on it, so it is the one card :func:`safe_home` leaves alone.
        """
        return base if self.stacks else -1

    def takes(self, wing: int, card: int, count: int = 1) -> bool:
        """Whether a wing takes ``card`` built on it, with ``count - 1`` cards under ``card``.

        The one statement of which wing takes a card, for every view of the
        game. ``wing`` is the wing's code, ``top * 16 + size``
        (:func:`pile_code`); an empty wing is a gap, which these rules do
        not cover (:func:`accepts`). Usually one card moves, and it goes on
        the card one rank up in its suit. The relaxation lands ``count``
        cards at once, built down in suit with ``card`` on top, so the
        wing's top must be ``count`` ranks up from ``card``. Either way the
        wing needs room for them all: without building the capacity is one,
        so a wing's card takes nothing.
        """
        top = card
        for _ in range(count):
            top = UP[top]
        return wing >> 4 == top and (wing & 15) + count <= self.capacity


@attrs.frozen
class EagleWingState:
    """An Eagle Wing position.

    ``foundations`` counts the cards on each suit's foundation (suits C S H
    D), all of which start at rank ``base``. ``trunk`` lists the trunk from
    bottom to top, face-down cards included. ``wings`` holds eight piles,
    each bottom to top. ``talon`` is the waste (bottom to top) followed by
    the stock (top first), that is, every card still in the stock or waste in
    the order one pass deals them; the first ``waste_size`` are the waste.
    """

    base: int
    foundations: tuple[int, int, int, int]
    trunk: tuple[Card, ...]
    wings: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    waste_size: int
    redeals_used: int = 0

    @property
    def waste(self) -> tuple[Card, ...]:
        """The waste, bottom to top."""
        return self.talon[: self.waste_size]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, its top (the next card dealt) first."""
        return self.talon[self.waste_size :]

    def next_needed(self, suit: int) -> int | None:
        """The card the foundation of ``suit`` takes next, or ``None`` when it is full."""
        count = self.foundations[suit]
        if count == 13:
            return None
        return suit * 13 + (self.base + count) % 13


# Move sources and targets. Wings are 0..7.
WASTE = 8
"""Source: the waste's top card."""
TRUNK = 9
"""Source: the trunk's last card (face up when it is the only one left)."""
FOUNDATION = 8
"""Target: the foundation of the card's suit."""
DEAL_SOURCE = 10
"""The source of the move that deals a card (:data:`DEAL`)."""
REDEAL_SOURCE = 11
"""The source of the move that turns the waste over (:data:`REDEAL`)."""

# People count wings from 1: wing index i is written i + 1.
_SOURCE_TEXT = {**{i: str(i + 1) for i in range(WINGS)}, WASTE: "w", TRUNK: "t"}
_TARGET_TEXT = {**{i: str(i + 1) for i in range(WINGS)}, FOUNDATION: "f"}


@attrs.frozen
class EagleWingMove:
    """One player move.

    ``source`` and ``target`` are indices (a wing from 0, or one of the
    constants); people count wings from 1. Notation: ``d`` deals a card,
    ``r`` redeals; otherwise a source and a target: the source ``w``
    (waste), ``t`` (the trunk's last card) or a wing digit ``1``-``8``; the
    target ``f`` (foundation) or a wing digit. So ``3f`` plays wing 3's top
    card home (index 2), ``w5`` moves the waste's top card onto wing 5,
    ``26`` moves wing 2's top card onto wing 6.
    """

    source: int
    target: int = -1

    @classmethod
    def parse(cls, text: str) -> EagleWingMove:
        """``d``, ``r``, or source then target, such as ``3f``, ``w5``, ``t2``, ``26``.

        Wings count from 1 to 8; ``str`` of a move gives its notation back.
        :class:`BadMoveError` when the text is not a move.
        """
        m = MOVE_TEXT.match(text)
        if m is None:
            raise BadMoveError(
                f"bad eagle-wing move {text!r}: expected d, r, or a source (w, t, 1-{WINGS}) "
                f"then a target (f, 1-{WINGS}), such as 3f or w5"
            )
        if m.group("deal"):
            return DEAL
        if m.group("redeal"):
            return REDEAL
        src, dst = m.group("src").lower(), m.group("dst").lower()
        for digit in (src, dst):
            if digit.isdigit() and not 1 <= int(digit) <= WINGS:
                raise BadMoveError(
                    f"bad eagle-wing move {text!r}: wings count from 1 to {WINGS}, such as 3f"
                )
        source = WASTE if src == "w" else TRUNK if src == "t" else int(src) - 1
        target = FOUNDATION if dst == "f" else int(dst) - 1
        if source < WINGS and source == target:
            raise BadMoveError(f"bad eagle-wing move {text!r}: a wing cannot move onto itself")
        return cls(source, target)

    @property
    def is_deal(self) -> bool:
        """Whether this move deals a card from the stock."""
        return self.source == DEAL_SOURCE

    @property
    def is_redeal(self) -> bool:
        """Whether this move turns the waste over into a new stock."""
        return self.source == REDEAL_SOURCE

    def __str__(self) -> str:
        if self.source == DEAL_SOURCE:
            return "d"
        if self.source == REDEAL_SOURCE:
            return "r"
        return _SOURCE_TEXT[self.source] + _TARGET_TEXT[self.target]


DEAL = EagleWingMove(DEAL_SOURCE)
"""Deal one card from the stock onto the waste."""
REDEAL = EagleWingMove(REDEAL_SOURCE)
"""Turn the waste over into a new stock."""

MOVE_TEXT = re.compile(
    r"^\s*(?:(?P<deal>d|deal)|(?P<redeal>r|redeal)"
    r"|(?P<src>[wt0-9])\s*(?:-|>|to)?\s*(?P<dst>[f0-9]))\s*$",
    re.IGNORECASE,
)
"""The notation of a move (see :class:`EagleWingMove`)."""

UP = tuple(s * 13 + (r + 1) % 13 for s in range(4) for r in range(13))
"""The card one rank up in the same suit, wrapping K -> A, by card.

A card ``c`` may be built on a wing whose top is ``UP[c]``; on the
foundations the card after ``c`` is ``UP[c]`` too.
"""


def cards_after(base: int) -> tuple[int, ...]:
    """By card, the card its foundation takes after it (foundations start at rank
    ``base``), or -1 after its suit's last card."""
    return tuple(-1 if (c % 13 + 1) % 13 == base else UP[c] for c in range(52))


# A wing is built down in suit, so its top card and its size say which cards it
# holds. The compact model and the relaxation both store a wing as one number,
# ``top * 16 + size`` (a wing holds at most 13 cards).


def pile_code(pile: Sequence[Card]) -> int:
    """A non-empty wing (bottom to top) as ``top * 16 + size``."""
    return (pile[-1] << 4) + len(pile)


WING_CODES = 52 * 16
"""Every wing code (:func:`pile_code`) is below this: a card times 16 plus a size below 16."""

TAKES_NOTHING = 255
"""In :func:`wing_takes`: the wing takes no card."""


@functools.cache
def wing_takes(rules: EagleWingRules) -> bytes:
    """For each wing code (:func:`pile_code`), the one card that wing takes, or
    :data:`TAKES_NOTHING`: :meth:`EagleWingRules.takes` as a table, one byte a code.

    Worked out once per rule set by asking :meth:`EagleWingRules.takes`
    about every card, so that the compiled kernel looks its wing test up
    instead of stating it again. A wing takes one card at most (the card
    under its top in suit), which is what lets one byte say it.
    """
    out = bytearray([TAKES_NOTHING]) * WING_CODES
    for code in range(WING_CODES):
        if not code & 15:
            continue  # no wing holds no cards: an empty one is a gap
        for card in range(52):
            if rules.takes(code, card):
                assert out[code] == TAKES_NOTHING, "a wing takes two cards"
                out[code] = card
    return bytes(out)


def single(card: int) -> int:
    """The wing code of ``card`` alone on a wing (one the trunk fills, or a gap filled)."""
    return (card << 4) + 1


def _under() -> tuple[int, ...]:
    out = [0] * (52 * 16)
    for top in range(52):
        for size in range(2, 14):
            out[top * 16 + size] = (UP[top] << 4) + size - 1
    return tuple(out)


UNDER = _under()
"""By wing code, the wing of two or more cards with its top card taken off: the card
under the top is the one above it in its suit (0 for a wing of one, which empties)."""


def _pile_cards() -> tuple[int, ...]:
    out = [0] * (52 * 16)
    for top in range(52):
        bits = 0
        c = top
        for size in range(1, 14):
            bits |= 1 << c
            out[top * 16 + size] = bits
            c = UP[c]
    return tuple(out)


PILE_CARDS = _pile_cards()
"""By wing code, the cards of the wing as a bit mask (bit ``c`` for card ``c``)."""


def built_on(pile: int, card: int, count: int = 1) -> int:
    """The wing code ``pile`` with ``count`` cards built on it, ``card`` on top."""
    return (card << 4) + (pile & 15) + count


def card_at(state: EagleWingState, source: int) -> Card | None:
    """The card a move from ``source`` would take, or ``None`` when there is none.

    The trunk gives a card only when one is left: that card lies face up.
    """
    if source == WASTE:
        return state.talon[state.waste_size - 1] if state.waste_size else None
    if source == TRUNK:
        return state.trunk[0] if len(state.trunk) == 1 else None
    pile = state.wings[source]
    return pile[-1] if pile else None


def accepts(rules: EagleWingRules, state: EagleWingState, card: Card, target: int) -> bool:
    """Whether ``target`` (the foundation or a wing) takes ``card``; the source is not checked."""
    if target == FOUNDATION:
        return state.next_needed(card // 13) == card
    pile = state.wings[target]
    if not pile:
        # An empty wing is filled by the player only once the trunk is empty.
        return not state.trunk
    return rules.takes(pile_code(pile), card)


def legal_moves(rules: EagleWingRules, state: EagleWingState) -> list[EagleWingMove]:
    """Every legal move, each empty wing counted separately.

    Card moves come first, by source (waste, trunk, wings) then target
    (foundation, wings), and the deal or redeal last.
    """
    out = []
    for source in (WASTE, TRUNK, *range(WINGS)):
        card = card_at(state, source)
        if card is None:
            continue
        if accepts(rules, state, card, FOUNDATION):
            out.append(EagleWingMove(source, FOUNDATION))
        for target in range(WINGS):
            if target == source:
                continue
            # Filling a gap: from the waste always; from a wing only where
            # building is allowed; never from the trunk, which cannot
            # coexist with a gap.
            if not state.wings[target] and (
                source == TRUNK or (source < WINGS and not rules.builds)
            ):
                continue
            if accepts(rules, state, card, target):
                out.append(EagleWingMove(source, target))
    if state.waste_size < len(state.talon):
        out.append(DEAL)
    elif state.waste_size and state.redeals_used < rules.redeals:
        out.append(REDEAL)
    return out


def needs(state: EagleWingState) -> tuple[int, ...]:
    """Per suit, the card its foundation takes next, or -1 when it is full."""
    return tuple(-1 if (n := state.next_needed(s)) is None else n for s in range(4))


def apply_move(state: EagleWingState, move: EagleWingMove) -> EagleWingState:
    """The position after ``move`` (not checked for legality).

    A wing that empties takes the trunk's top card at once: the fill is part
    of the move, not a move of its own.
    """
    if move.source == DEAL_SOURCE:
        return attrs.evolve(state, waste_size=state.waste_size + 1)
    if move.source == REDEAL_SOURCE:
        return attrs.evolve(state, waste_size=0, redeals_used=state.redeals_used + 1)
    trunk = state.trunk
    wings = list(state.wings)
    talon = state.talon
    waste_size = state.waste_size
    if move.source == WASTE:
        card = talon[waste_size - 1]
        talon = talon[: waste_size - 1] + talon[waste_size:]
        waste_size -= 1
    elif move.source == TRUNK:
        card = trunk[0]
        trunk = ()
    else:
        pile = wings[move.source]
        card = pile[-1]
        pile = pile[:-1]
        if not pile and trunk:
            pile = (trunk[-1],)
            trunk = trunk[:-1]
        wings[move.source] = pile
    foundations = state.foundations
    if move.target == FOUNDATION:
        f = list(foundations)
        f[card // 13] += 1
        foundations = (f[0], f[1], f[2], f[3])
    else:
        wings[move.target] = (*wings[move.target], card)
    return EagleWingState(
        state.base,
        foundations,
        trunk,
        tuple(wings),
        talon,
        waste_size,
        state.redeals_used,
    )


def safe(need: Sequence[int], card: int, unsafe: int) -> bool:
    """Whether ``card`` may go home now, and doing so keeps every win (:func:`safe_home`).

    The kernel of the safe moves home for every view of the game: ``need``
    holds per suit the card its foundation takes next (:func:`needs`) and
    ``unsafe`` is :meth:`EagleWingRules.unsafe_rank`. The compact model and
    the relaxation call it with their own ``need``; where a card lies plays
    no part.
    """
    return need[card // 13] == card and card % 13 != unsafe


def safe_home(state: EagleWingState, card: int, rules: EagleWingRules) -> bool:
    """Whether ``card`` may go home now and doing so keeps every win.

    The test itself is :func:`safe`: every foundation move without
    stacking, every one but a base card's with it
    (:meth:`EagleWingRules.unsafe_rank`).

    Why this is sound. Let A be a position where card c can go home and
    B the position after c goes home. Take any winning line from A and
    play it from B, leaving out every move of c and every deal or redeal
    of c (B's talon is A's less c, with the same cards at the top of the
    waste otherwise). Throughout, B equals A with c taken out, except
    that where A still has c alone on a wing, B may have there the card
    A's trunk gives next (B's trunk is one card shorter), or, once B's
    trunk is empty, a gap. Each difference only adds options to B: a
    card out of the trunk is at least as free as in it, a gap can take
    any card the player wants there and is never filled against the
    player's will once the trunk is empty, and B's foundation of c's
    suit is one card further. The one thing A can do with c that B
    cannot copy is build on it. That needs the card below c in its suit,
    which is already home whenever c can go home, except when c is a
    base card (the first card of its foundation): the foundation's last
    card can then still be built on c. So every foundation move is safe
    without building, and every one but a base card's with building.
    The same mapping makes B's line no longer than A's, so a shortest
    line is kept too. Nothing in the argument depends on where c lies,
    in the talon included (the model's dominated check relies on that).
    """
    return safe(needs(state), card, rules.unsafe_rank(state.base))
