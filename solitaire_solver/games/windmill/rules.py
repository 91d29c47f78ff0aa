"""Windmill's rules: the knobs, a position, a move and its notation, and the moves at work.

Rules (RULES.md, "Windmill"): the ace of clubs of deck 0 goes to the centre
(the primary foundation, built up regardless of suit and wrapping from K to
A); eight reserve cells of one card; four secondary foundations that each
start with any king and build down to the ace; the stock is dealt one card
at a time onto the waste. A reserve gap is refilled at once from the waste
(or the stock when the waste is empty); the refill is part of the move that
opened the gap. With the traditional ``restricted`` foundation moves a secondary's
top card may go to the primary only when the card placed on the primary
before it did not come from a secondary (a flag in the position); with
``free`` moves the top card of any foundation may go to any other foundation
that accepts it. The reversed variation swaps the directions: a king in the
centre built down, secondaries from aces up.

Each rule is stated once here for every form of a position: the foundation
moves in :class:`FoundationRules`, and the talon's (the refill, the deal and
the redeal) in :func:`refill` and :func:`turn`, over packed piles, the form
in which both the real position (a byte a card) and the rank model (four
bits a rank, :mod:`.model`) keep their stock and waste.
:class:`WindmillProblem` puts one variant's rules to work on real positions
(the deal, the legal moves and their effect), for people, files and the
replay of a line; the searches work on the rank model.
"""

from __future__ import annotations

import functools
import re
from array import array
from collections.abc import Iterable, Sequence
from typing import cast

import attrs

from ...cards import Card
from ...errors import BadMoveError
from ...numbering import DealNumber, shuffled_talon
from ..knobs import knob, parse_choice, parse_int_range

RESERVE_CELLS = 8
SECONDARIES = 4
PRIMARY_FULL = 52
SECONDARY_FULL = 13
CARDS = 104
GAP = -1
"""A reserve cell with no card (only once the waste and the stock are both empty)."""

RESTRICTED = "restricted"
FREE = "free"


@attrs.frozen
class WindmillRules:
    """The knobs of Windmill; the defaults are preset ``windmill``."""

    redeals: int = knob(
        0, "times the waste may be turned over into a new stock", parse_int_range(0, 9)
    )
    foundation_moves: str = knob(
        RESTRICTED,
        "restricted: a secondary's top card to the primary, never twice running; "
        "free: any foundation's top card to any foundation that accepts it",
        parse_choice(RESTRICTED, FREE),
    )
    direction: str = knob(
        "up",
        "up: an ace in the centre built up, secondaries from kings down; down: the reverse",
        parse_choice("up", "down"),
    )

    def __attrs_post_init__(self) -> None:
        if self.foundation_moves not in (RESTRICTED, FREE):
            raise ValueError(f"foundation_moves must be {RESTRICTED} or {FREE}")
        if self.direction not in ("up", "down"):
            raise ValueError("direction must be up or down")
        if not 0 <= self.redeals <= 9:
            raise ValueError(f"redeals must be from 0 to 9, not {self.redeals}")


# ------------------------------------------------------------ the talon, on packed piles

EMPTY = 1
"""An empty packed pile.

A pile (the stock or the waste) is packed into one int, a digit of ``width``
bits a card, the top card the lowest digit, above a leading 1 that marks the
bottom: dealing, playing and refilling are then shifts. The real position
keeps its cards a byte each (:data:`CARD_BITS`), the rank model its ranks
four bits each (:data:`RANK_BITS`)."""

CARD_BITS = 8
"""The width of a card in a real position's piles: a byte (:func:`card_pile`)."""

RANK_BITS = 4
"""The width of a rank in the rank model's piles (:func:`.model.pile`)."""


def refill(stock: int, waste: int, width: int) -> tuple[int | None, int, int]:
    """The card that fills a reserve gap, and the stock and the waste after it; ``None``
    leaves the gap.

    The one statement of the refill, for every form of a position. A gap in
    the reserve is filled at once, as part of the move that opened it: by
    the waste's top card, or the stock's next one when the waste is empty;
    with both empty the cell stays a gap.
    """
    if waste != EMPTY:
        return waste & (1 << width) - 1, stock, waste >> width
    if stock != EMPTY:
        return stock & (1 << width) - 1, stock >> width, waste
    return None, stock, waste


def turn(
    stock: int, waste: int, used: int, redeals: int, width: int
) -> tuple[int, int, int] | None:
    """The stock, the waste and the redeals used after the deal or the redeal, or ``None``
    when neither is legal.

    The one statement of both, for every form of a position. The deal: the
    stock's next card goes onto the waste. With the stock empty, the redeal,
    while the waste holds cards and fewer than ``redeals`` were made: the
    waste turned over is the new stock, its first card (the bottom one)
    dealt first. The redeals used tell the two apart.
    """
    if stock != EMPTY:
        return stock >> width, waste << width | stock & (1 << width) - 1, used
    if waste != EMPTY and used < redeals:
        turned = EMPTY
        while waste != EMPTY:
            turned = turned << width | waste & (1 << width) - 1
            waste >>= width
        return turned, EMPTY, used + 1
    return None


def card_pile(bottom_first: Sequence[int]) -> int:
    """The real cards ``bottom_first`` as a packed pile, a byte a card (:data:`EMPTY`); a
    hidden card is a byte like any other."""
    return int.from_bytes(b"\x01" + array("b", bottom_first).tobytes(), "big")


def pile_cards(pile: int) -> tuple[Card, ...]:
    """The cards of a real packed pile, its bottom first (:func:`card_pile` the other way)."""
    n = (pile.bit_length() - 1) >> 3
    return cast(
        "tuple[Card, ...]", tuple(memoryview(pile.to_bytes(n + 1, "big")).cast("b")[1:].tolist())
    )


def card_at(byte: int) -> Card:
    """The card a byte of a real pile stands for (a card is kept as a signed byte)."""
    return Card(byte - 256 if byte > 127 else byte)


@attrs.frozen(cache_hash=True)
class WindmillState:
    """A Windmill position, for people, files and the replay of a line.

    ``stock_pile`` and ``waste_pile`` are packed piles of cards (see
    :data:`EMPTY`): the stock, its next card on top, and the waste, its top
    card on top; :attr:`stock` and :attr:`waste_cards` list them.
    ``reserve`` holds eight cards or :data:`GAP`; foundations list their
    cards bottom to top; ``flag`` is set when the primary's top card came
    from a secondary (restricted rules only). The searches work on its
    compact form (:func:`.model.compact`).
    """

    primary: tuple[Card, ...]
    secondaries: tuple[tuple[Card, ...], ...]
    reserve: tuple[int, ...]
    stock_pile: int
    waste_pile: int
    flag: bool = False
    redeals_used: int = 0

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, its top (next) card first."""
        return pile_cards(self.stock_pile)[::-1]

    @property
    def waste_cards(self) -> tuple[Card, ...]:
        """The waste, bottom to top."""
        return pile_cards(self.waste_pile)

    @property
    def waste_top(self) -> Card | None:
        """The waste's top card, if any."""
        return None if self.waste_pile == EMPTY else card_at(self.waste_pile & 255)

    @property
    def home(self) -> int:
        """Cards on the foundations."""
        return len(self.primary) + sum(len(s) for s in self.secondaries)


# Move kinds and places.
DEAL, REDEAL, PLAY = 0, 1, 2
PRIMARY, SECONDARY, RESERVE, WASTE = 0, 1, 2, 3


@attrs.frozen
class WindmillMove:
    """A move: deal, redeal, or one card from a place to a foundation.

    Notation: ``d`` deals a card, ``rd`` redeals; a play is ``SOURCE>TARGET``
    with places ``p`` (primary), ``s1``..``s4`` (secondaries), ``r1``..``r8``
    (reserve cells) and ``w`` (waste): ``r3>p``, ``w>s2``, ``s1>p``.
    """

    kind: int
    src: int = 0
    src_index: int = 0
    dst: int = 0
    dst_index: int = 0

    @classmethod
    def parse(cls, text: str) -> WindmillMove:
        """``d``, ``rd`` or ``SOURCE>TARGET`` such as ``r3>p``, ``w>s2``, ``s1>p``.

        ``str`` of a move gives its notation back; :class:`BadMoveError` when
        the text is not a move.
        """
        return parse_move(text)

    def __str__(self) -> str:
        if self.kind == DEAL:
            return "d"
        if self.kind == REDEAL:
            return "rd"
        return f"{place_text(self.src, self.src_index)}>{place_text(self.dst, self.dst_index)}"


def place_text(where: int, index: int) -> str:
    """A place in move notation: ``p``, ``w``, ``s1``..``s4`` or ``r1``..``r8``."""
    if where == PRIMARY:
        return "p"
    if where == WASTE:
        return "w"
    return ("s" if where == SECONDARY else "r") + str(index + 1)


def place_words(where: int, index: int) -> str:
    """A place for people: ``the primary``, ``secondary 2``, ``reserve 5``, ``the waste``."""
    if where == PRIMARY:
        return "the primary"
    if where == WASTE:
        return "the waste"
    if where == SECONDARY:
        return f"secondary {index + 1}"
    return f"reserve {index + 1}"


DEAL_MOVE = WindmillMove(DEAL)
REDEAL_MOVE = WindmillMove(REDEAL)

_MOVE = re.compile(r"^\s*(?:(d|deal)|(rd|redeal)|([a-z]\d?)\s*>\s*([a-z]\d?))\s*$", re.IGNORECASE)
_PLACE = re.compile(r"^(p|w|s[1-4]|r[1-8])$")


def _parse_place(text: str, move: str) -> tuple[int, int]:
    t = text.lower()
    if not _PLACE.match(t):
        raise BadMoveError(f"bad windmill move {move!r}: no place {text!r} (p, w, s1-s4, r1-r8)")
    if t == "p":
        return PRIMARY, 0
    if t == "w":
        return WASTE, 0
    return (SECONDARY if t[0] == "s" else RESERVE), int(t[1]) - 1


SIZE_BITS = 3
"""Bits of one count in packed secondary sizes (:func:`packed_sizes`)."""

SECONDARY_BITS = SIZE_BITS * (SECONDARY_FULL + 1)
"""Bits of packed secondary sizes: a count for each size from 0 to 13."""

SIZE_UNIT = tuple(1 << SIZE_BITS * size for size in range(SECONDARY_FULL + 1))
"""One secondary of size s in packed secondary sizes."""


def packed_sizes(sizes: Iterable[int]) -> int:
    """The sizes of the four secondaries as one int: a count of secondaries per size.

    Three bits a size (:data:`SIZE_UNIT`), so the order of the secondaries is
    folded away with no sorting and a card going on or off a secondary is an
    addition. The rank model, the summaries and the relaxation all pack the
    secondaries this way.
    """
    return sum(map(SIZE_UNIT.__getitem__, sizes))


def parse_move(text: str) -> WindmillMove:
    """``d``, ``rd`` or ``SOURCE>TARGET`` such as ``r3>p``, ``w>s2``, ``s1>p``."""
    m = _MOVE.match(text)
    if m is None:
        raise BadMoveError(
            f"bad windmill move {text!r}: expected d, rd or SOURCE>TARGET such as r3>p"
        )
    if m.group(1):
        return DEAL_MOVE
    if m.group(2):
        return REDEAL_MOVE
    src, si = _parse_place(m.group(3), text)
    dst, di = _parse_place(m.group(4), text)
    if dst not in (PRIMARY, SECONDARY):
        raise BadMoveError(f"bad windmill move {text!r}: cards only go to foundations")
    if (src, si) == (dst, di):
        raise BadMoveError(f"bad windmill move {text!r}: source and target are the same")
    return WindmillMove(PLAY, src, si, dst, di)


class WindmillProblem:
    """One variant's rules at work on real positions: the deal, the legal moves and their
    effect, and a won position.

    The game (:class:`~.game.Windmill`) adds what people need; the solver
    (:mod:`.solver`) searches the rank model and replays its lines through
    these moves.
    """

    def __init__(self, rules: WindmillRules) -> None:
        self.rules = rules
        self.foundations = FoundationRules(rules)
        """The foundation moves (every form of a position plays by these)."""
        self.free = self.foundations.free
        self.primary_need = self.foundations.primary_need
        """The rank the primary needs once it holds n cards (n < 52)."""
        self.secondary_need = self.foundations.secondary_need
        """The rank a secondary needs once it holds c cards (c < 13)."""
        self.centre = Card(0 if rules.direction == "up" else 12)
        """The card dealt to the centre: id 0 (AC) or 12 (KC) of deck 0."""

    def deal(self, number: DealNumber) -> WindmillState:
        """Centre card, eight reserve cards, one waste card; the rest is the stock."""
        talon = shuffled_talon(number, decks=2)
        talon.remove(self.centre)
        talon.append(self.centre)
        order = [Card(c % 52) for c in reversed(talon)]
        waste = 1 + RESERVE_CELLS
        return WindmillState(
            primary=(order[0],),
            secondaries=((),) * SECONDARIES,
            reserve=tuple(order[1:waste]),
            stock_pile=card_pile(order[:waste:-1]),
            waste_pile=card_pile(order[waste : waste + 1]),
        )

    def legal_moves(self, state: WindmillState) -> list[WindmillMove]:
        """Every legal move.

        The plays are those of :class:`FoundationRules` on the piles: each
        reserve card and the waste's top card to every foundation that takes
        its rank, then the moves between foundations; then the deal or the
        redeal (:func:`turn`).
        """
        out: list[WindmillMove] = []
        foundations = self.foundations
        p = len(state.primary)
        sizes = tuple(map(len, state.secondaries))
        homes = foundations.homes(p, sizes)
        for i, c in enumerate(state.reserve):
            if c != GAP:
                for dst, di in homes.get(c % 13, ()):
                    out.append(WindmillMove(PLAY, RESERVE, i, dst, di))
        top = state.waste_top
        if top is not None:
            for dst, di in homes.get(top % 13, ()):
                out.append(WindmillMove(PLAY, WASTE, 0, dst, di))
        for (src, si), (dst, di) in foundations.between(p, state.flag, sizes):
            out.append(WindmillMove(PLAY, src, si, dst, di))
        used = state.redeals_used
        turned = turn(state.stock_pile, state.waste_pile, used, self.rules.redeals, CARD_BITS)
        if turned is not None:
            out.append(DEAL_MOVE if turned[2] == used else REDEAL_MOVE)
        return out

    def apply(self, state: WindmillState, move: WindmillMove) -> WindmillState:
        """The position after ``move``, with the reserve refill it causes."""
        stock, waste = state.stock_pile, state.waste_pile
        if move.kind != PLAY:
            used = state.redeals_used
            turned = turn(stock, waste, used, self.rules.redeals, CARD_BITS)
            if turned is None or (turned[2] != used) != (move.kind == REDEAL):
                raise ValueError(f"windmill: {move} is not a move of this position")
            stock, waste, used = turned
            return attrs.evolve(state, stock_pile=stock, waste_pile=waste, redeals_used=used)
        reserve = state.reserve
        primary = state.primary
        secs = state.secondaries
        src = move.src
        if src == RESERVE:
            i = move.src_index
            card = Card(reserve[i])
            fill, stock, waste = refill(stock, waste, CARD_BITS)
            reserve = (*reserve[:i], GAP if fill is None else card_at(fill), *reserve[i + 1 :])
        elif src == WASTE:
            if waste == EMPTY:
                raise ValueError("windmill: a move from the waste with the waste empty")
            card = card_at(waste & 255)
            waste >>= CARD_BITS
        elif src == SECONDARY:
            pile = secs[move.src_index]
            card = pile[-1]
            secs = replace_pile(secs, move.src_index, pile[:-1])
        else:
            card = primary[-1]
            primary = primary[:-1]
        flag = self.foundations.flag_after(state.flag, src, move.dst)
        if move.dst == PRIMARY:
            primary = (*primary, card)
        else:
            j = move.dst_index
            secs = replace_pile(secs, j, (*secs[j], card))
        return WindmillState(primary, secs, reserve, stock, waste, flag, state.redeals_used)

    def is_won(self, state: WindmillState) -> bool:
        """Won when all 104 cards are on the foundations."""
        return len(state.primary) == PRIMARY_FULL and all(
            len(p) == SECONDARY_FULL for p in state.secondaries
        )


def on_last_pass(rules: WindmillRules, used: int) -> bool:
    """Whether a position with ``used`` redeals used is on its last pass: every redeal the
    rules allow is used.

    The waste is then a stack for good (no redeal turns it over), which the
    counting bound, the relaxation, the summaries and the compiled kernel
    all need.
    """
    return used == rules.redeals


Place = tuple[int, int]
"""A foundation as a place of a move: ``(PRIMARY, 0)`` or ``(SECONDARY, index)``."""


class FoundationRules:
    """Windmill's foundation moves, stated once for every form of a position.

    Which foundation takes a card of a rank, which top card may move from
    one foundation to another, what the flag becomes, and how many cards the
    secondaries can take before they need a rank (the counting bound's
    room). The foundations are seen as the primary's size, the flag and the
    secondaries' sizes (a foundation's ranks follow from its size, and no
    rule looks at a suit), so the real rules (:meth:`WindmillProblem.legal_moves`
    and :meth:`WindmillProblem.apply`, on piles), the rank model, the
    summaries and the relaxation (:class:`~.model.CompactFoundations`, on
    packed sizes) and the counting bound (:class:`~.pruning.CountingBound`)
    all play by the same statement, and the compiled kernel by its tables
    (:func:`foundation_tables`).
    ``free`` false on a game with free foundation moves gives its
    restricted moves (for the rank model's sub-games).
    """

    def __init__(self, rules: WindmillRules, *, free: bool | None = None) -> None:
        self._rules = rules
        self.free = rules.foundation_moves == FREE if free is None else free
        """Free foundation moves: any top card to any foundation that takes it."""
        up = rules.direction == "up"
        self.primary_need = tuple((n if up else 12 - n) % 13 for n in range(PRIMARY_FULL))
        """The rank the primary needs once it holds n cards (n < 52)."""
        self.secondary_need = tuple(12 - c if up else c for c in range(SECONDARY_FULL))
        """The rank a secondary needs once it holds c cards (c < 13)."""

    def homes(self, p: int, sizes: Sequence[int]) -> dict[int, list[Place]]:
        """For each rank, the foundations that take a card of it from the waste or the reserve.

        ``p`` is the primary's size and ``sizes`` the secondaries'. The
        primary comes first, then the secondaries in the order of ``sizes``;
        a full foundation takes nothing.
        """
        out: dict[int, list[Place]] = {}
        if p < PRIMARY_FULL:
            out[self.primary_need[p]] = [(PRIMARY, 0)]
        need = self.secondary_need
        for j, size in enumerate(sizes):
            if size < SECONDARY_FULL:
                out.setdefault(need[size], []).append((SECONDARY, j))
        return out

    def between(self, p: int, flag: bool, sizes: Sequence[int]) -> list[tuple[Place, Place]]:
        """The moves between foundations, each as (source, target).

        In order: for each secondary, its top card to the primary when the
        primary needs that rank (under restricted rules only with the flag
        clear), then, under free rules, to each other secondary that takes
        it; last, under free rules, the primary's top card (never its base)
        to each secondary that takes it.
        """
        out: list[tuple[Place, Place]] = []
        free = self.free
        sneed = self.secondary_need
        need = self.primary_need[p] if p < PRIMARY_FULL else -1
        for i, size in enumerate(sizes):
            if not size:
                continue
            top = sneed[size - 1]
            if top == need and (free or not flag):
                out.append(((SECONDARY, i), (PRIMARY, 0)))
            if free:
                for j, other in enumerate(sizes):
                    if j != i and other < SECONDARY_FULL and sneed[other] == top:
                        out.append(((SECONDARY, i), (SECONDARY, j)))
        if free and p > 1:
            top = self.primary_need[p - 1]
            for j, other in enumerate(sizes):
                if other < SECONDARY_FULL and sneed[other] == top:
                    out.append(((PRIMARY, 0), (SECONDARY, j)))
        return out

    def flag_after(self, flag: bool, src: int, dst: int) -> bool:
        """The flag after a card goes from a place of kind ``src`` to one of kind ``dst``.

        Under restricted rules a card on the primary sets the flag when it
        came from a secondary and clears it otherwise; no other move changes
        it, and free rules never set it.
        """
        if dst == PRIMARY and not self.free:
            return src == SECONDARY
        return flag

    @property
    def tables(self) -> bytes:
        """These moves as lookup tables, for the compiled kernel (:func:`foundation_tables`)."""
        return foundation_tables(self._rules, self.free)

    def room(self, sizes: Iterable[int], rank: int) -> int:
        """Cards secondaries of ``sizes`` can take, each up to (not including) the first
        card of ``rank`` it needs: the counting bound's room (:class:`~.pruning.CountingBound`)."""
        need = self.secondary_need
        room = 0
        for size in sizes:
            for c in range(size, SECONDARY_FULL):
                if need[c] == rank:
                    break
                room += 1
        return room


NOWHERE = 255
"""In :func:`foundation_tables`: no rank, or no size."""

TABLE_PRIMARY = 0
"""Offset in :func:`foundation_tables` of, for each primary size, the rank it takes."""
TABLE_SECONDARY = TABLE_PRIMARY + PRIMARY_FULL + 1
"""Offset of, for each rank, the size of a secondary that takes it."""
TABLE_LIFT = TABLE_SECONDARY + 13
"""Offset of, for each primary size, the size of a secondary whose top card it takes."""
TABLE_LOWER = TABLE_LIFT + PRIMARY_FULL + 1
"""Offset of, for each primary size, the size of a secondary that takes the primary's top."""
TABLE_LIFT_OK = TABLE_LOWER + PRIMARY_FULL + 1
"""Offset of, by flag, whether a secondary's top card may go to the primary (0 or 1)."""
TABLE_FLAG_LIFTED = TABLE_LIFT_OK + 2
"""Offset of, by flag, the flag after a secondary's top card goes to the primary."""
TABLE_FLAG_PLAYED = TABLE_FLAG_LIFTED + 2
"""Offset of, by flag, the flag after a waste or reserve card goes to the primary."""
TABLE_ROOM = TABLE_FLAG_PLAYED + 2
"""Offset of, by secondary size and rank (``13 * size + rank``), the cards a secondary of
that size can take before it needs a card of that rank (:meth:`FoundationRules.room`)."""
TABLE_SIZE = TABLE_ROOM + 13 * (SECONDARY_FULL + 1)
"""The length of :func:`foundation_tables`."""


@functools.cache
def foundation_tables(rules: WindmillRules, free: bool) -> bytes:
    """The foundation moves of :class:`FoundationRules` as lookup tables, one byte an entry.

    Worked out once per rule set by asking the rules themselves about one
    secondary at a time (the secondaries move independently of each other),
    so the compiled kernel looks moves up instead of stating the rules
    again. The parts, at the ``TABLE_*`` offsets: by primary size, the rank
    the primary takes; by rank, the size of a secondary that takes it; by
    primary size, the size of a secondary whose top card the primary takes,
    and the size of one that takes the primary's top card; by flag, whether
    a secondary's top card may go to the primary, the flag after it does,
    and the flag after a waste or reserve card does; by size and rank, the
    counting bound's room of one secondary (the room of several is the sum).
    :data:`NOWHERE` stands for no rank or no size. A card put on a
    secondary leaves the flag as it is (:meth:`FoundationRules.flag_after`).
    """
    rules_of = FoundationRules(rules, free=free)
    out = bytearray([NOWHERE]) * TABLE_SIZE
    primary, secondary = (PRIMARY, 0), (SECONDARY, 0)
    for p in range(PRIMARY_FULL):
        for rank, places in rules_of.homes(p, ()).items():
            if primary in places:
                out[TABLE_PRIMARY + p] = rank
    for size in range(SECONDARY_FULL):
        for rank, places in rules_of.homes(PRIMARY_FULL, (size,)).items():
            if secondary in places:
                out[TABLE_SECONDARY + rank] = size
    lift_ok = [0, 0]
    for p in range(PRIMARY_FULL + 1):
        for size in range(SECONDARY_FULL + 1):
            for flag in (False, True):
                moves = rules_of.between(p, flag, (size,))
                if (secondary, primary) in moves:
                    out[TABLE_LIFT + p] = size
                    lift_ok[flag] = 1
                if (primary, secondary) in moves:
                    out[TABLE_LOWER + p] = size
    for flag in (False, True):
        out[TABLE_LIFT_OK + flag] = lift_ok[flag]
        out[TABLE_FLAG_LIFTED + flag] = rules_of.flag_after(flag, SECONDARY, PRIMARY)
        out[TABLE_FLAG_PLAYED + flag] = rules_of.flag_after(flag, WASTE, PRIMARY)
    for size in range(SECONDARY_FULL + 1):
        for rank in range(13):
            out[TABLE_ROOM + 13 * size + rank] = rules_of.room((size,), rank)
    return bytes(out)


def replace_pile(
    piles: tuple[tuple[Card, ...], ...], i: int, pile: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """``piles`` with pile ``i`` replaced."""
    return (*piles[:i], pile, *piles[i + 1 :])
