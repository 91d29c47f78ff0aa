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

:class:`WindmillProblem` puts one variant's rules to work on real positions
(legal moves, their effect, the canonical key): it is the search problem
the rest of the package builds on, and it knows nothing about searching.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Hashable, Iterable, Sequence
from typing import Protocol, TypeVar

import attrs

from ...cards import RANKS, Card
from ...errors import BadMoveError
from ...numbering import DealNumber, shuffled_talon
from ...search import ProblemDefaults
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


@attrs.frozen(eq=False)
class WindmillState:
    """A Windmill position.

    ``seq`` is this pass's dealing order (the deal's waste card first, then
    the stock top first); ``dealt`` of its cards have left the stock and
    ``waste`` is the bit mask of the positions among them still on the waste
    (the highest set bit is the waste's top card). A redeal turns the waste
    into a new ``seq``. ``seq_ranks`` is the text of ``seq``'s ranks, kept for
    the canonical key, and ``ranked_waste`` the waste's canonical mask for the
    key (:func:`ranked_waste`; worked out when not given). ``reserve`` holds
    eight cards or :data:`GAP`; foundations list their cards bottom to top;
    ``flag`` is set when the primary's top card came from a secondary
    (restricted rules only).
    """

    primary: tuple[Card, ...]
    secondaries: tuple[tuple[Card, ...], ...]
    reserve: tuple[int, ...]
    seq: tuple[Card, ...]
    seq_ranks: str
    dealt: int
    waste: int
    flag: bool = False
    redeals_used: int = 0
    ranked_waste: int = attrs.field(
        default=attrs.Factory(
            lambda self: ranked_waste(self.seq_ranks, self.waste), takes_self=True
        )
    )
    _shown: tuple[object, ...] | None = attrs.field(default=None, init=False, repr=False)
    """What the position shows (:meth:`_visible`), once asked: hashing and equality ask it
    again and again where positions are dictionary keys (the fair values' memo)."""

    def restocked(self, seq: tuple[Card, ...], seq_ranks: str) -> WindmillState:
        """This position with another stock: ``seq`` and ``seq_ranks`` keep this one's
        first ``dealt`` cards and ranks (so the waste and its canonical mask stand).

        What :func:`attrs.evolve` would give, made directly: the fair values
        hide and fill stocks hundreds of thousands of times a deal."""
        return WindmillState(
            primary=self.primary,
            secondaries=self.secondaries,
            reserve=self.reserve,
            seq=seq,
            seq_ranks=seq_ranks,
            dealt=self.dealt,
            waste=self.waste,
            flag=self.flag,
            redeals_used=self.redeals_used,
            ranked_waste=self.ranked_waste,
        )

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, its top (next) card first."""
        return self.seq[self.dealt :]

    def _visible(self) -> tuple[object, ...]:
        # Equality is on what the position shows: cards that left the waste
        # for good play no further part (a redeal turns over the waste as it
        # lies), so a position read from a file equals the one written.
        if self._shown is not None:
            return self._shown
        shown = (
            self.primary,
            self.secondaries,
            self.reserve,
            self.waste_cards,
            self.stock,
            self.flag,
            self.redeals_used,
        )
        object.__setattr__(self, "_shown", shown)  # a cache of a frozen position
        return shown

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WindmillState):
            return NotImplemented
        return self._visible() == other._visible()

    def __hash__(self) -> int:
        return hash(self._visible())

    @property
    def waste_cards(self) -> tuple[Card, ...]:
        """The waste, bottom to top."""
        # The set bits, lowest first: a waste is short beside the cards dealt.
        seq, w, out = self.seq, self.waste, []
        while w:
            low = w & -w
            out.append(seq[low.bit_length() - 1])
            w ^= low
        return tuple(out)

    @property
    def waste_top(self) -> Card | None:
        """The waste's top card, if any."""
        return self.seq[self.waste.bit_length() - 1] if self.waste else None

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
    addition. The canonical key, the rank model and the relaxation all pack
    the secondaries this way.
    """
    return sum(map(SIZE_UNIT.__getitem__, sizes))


# Bit layout of the packed canonical key (see WindmillProblem.key): from the low end,
# the waste mask (96 bits), redeals used (4), dealt (7), the reserve as a
# count of cards per rank (4 bits for each of 14 ranks, 13 for a gap), the
# packed secondary sizes (:func:`packed_sizes`), the flag (1), the primary
# size (6). Counts fold the order of the cells and of the secondaries away
# with no sorting.
_WASTE_BITS = 96
_RESERVE_BITS = 4 * 14
_FLAG_SHIFT = _WASTE_BITS + 4 + 7 + _RESERVE_BITS + SECONDARY_BITS
FLAG_BIT = 1 << _FLAG_SHIFT
"""The flag's bit in the packed key (see :meth:`WindmillProblem.key`)."""


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


class WindmillProblem(ProblemDefaults):
    """One variant's rules at work on real positions: a search problem with no hooks.

    It deals, lists the legal moves (and the merged ones the searches try),
    applies a move with the refill it causes, tells a won position and gives
    the canonical key. The game (:class:`~.game.Windmill`) adds what people
    need; the searches of :mod:`.solver` use this directly.
    """

    def __init__(self, rules: WindmillRules) -> None:
        self.rules = rules
        self.foundations = FoundationRules(rules)
        """The foundation moves (every place that plays by them shares these)."""
        self.free = self.foundations.free
        up = rules.direction == "up"
        self.up = up
        self.primary_need = self.foundations.primary_need
        """The rank the primary needs once it holds n cards (n < 52)."""
        self.secondary_need = self.foundations.secondary_need
        """The rank a secondary needs once it holds c cards (c < 13)."""
        self.centre = Card(0 if up else 12)
        """The card dealt to the centre: id 0 (AC) or 12 (KC) of deck 0."""

    def deal(self, number: DealNumber) -> WindmillState:
        """Centre card, eight reserve cards, one waste card; the rest is the stock."""
        talon = shuffled_talon(number, decks=2)
        talon.remove(self.centre)
        talon.append(self.centre)
        order = [Card(c % 52) for c in reversed(talon)]
        seq = tuple(order[1 + RESERVE_CELLS :])
        return WindmillState(
            primary=(order[0],),
            secondaries=((),) * SECONDARIES,
            reserve=tuple(order[1 : 1 + RESERVE_CELLS]),
            seq=seq,
            seq_ranks=ranks_text(seq),
            dealt=1,
            waste=1,
        )

    def legal_moves(self, state: WindmillState) -> list[WindmillMove]:
        """Every legal move, without merging moves that lead to equivalent positions.

        The plays are those of :class:`FoundationRules` on the piles: each
        reserve card and the waste's top card to every foundation that takes
        its rank, then the moves between foundations.
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
        if state.dealt < len(state.seq):
            out.append(DEAL_MOVE)
        elif state.waste and state.redeals_used < self.rules.redeals:
            out.append(REDEAL_MOVE)
        return out

    def moves(self, state: WindmillState) -> list[WindmillMove]:
        """The legal moves with equivalent ones merged, in a play-first order.

        Plays to the primary come first, then the other plays, and the deal
        (or redeal) last, so that a depth-first search clears what is in
        reach before a deal buries the waste's top card. The order only
        decides which line is tried first; every move is tried.

        Merging is sound because merged moves lead to positions with the same
        canonical key, hence the same future. Moves merge when they send a
        card of the same rank from the same kind of place to the same
        foundation or to secondaries of the same size:
        - two reserve cells of equal rank: the refill is the same card either
          way and the reserve counts as a multiset of ranks;
        - a reserve card and the waste's top card of equal rank: the reserve
          card's cell is refilled with that very waste card, so both moves
          leave the reserve's ranks as they were and take the waste's top;
        - secondaries of equal size (they hold the same ranks) as sources or
          as targets: the key sorts the secondaries by size.
        """
        seen: set[tuple[int, int]] = set()
        first: list[WindmillMove] = []
        rest: list[WindmillMove] = []
        sizes = [len(p) for p in state.secondaries]
        top = state.waste_top
        for m in self.legal_moves(state):
            if m.kind != PLAY:
                rest.append(m)
                continue
            if m.src == RESERVE:
                src_class = state.reserve[m.src_index] % 13
            elif m.src == WASTE:
                src_class = (top or 0) % 13
            elif m.src == SECONDARY:
                src_class = 20 + sizes[m.src_index]
            else:
                src_class = 40
            dst_class = -1 if m.dst == PRIMARY else sizes[m.dst_index]
            sig = (src_class, dst_class)
            if sig in seen:
                continue
            seen.add(sig)
            (first if m.dst == PRIMARY else rest).append(m)
        return first + rest

    def apply(self, state: WindmillState, move: WindmillMove) -> WindmillState:
        """The position after ``move``, with the reserve refill it causes."""
        seq = state.seq
        if move.kind == DEAL:
            talon = (seq, state.seq_ranks, state.dealt, state.waste, state.ranked_waste)
            after = deal(REAL_TALON, talon)
            if after is None:
                raise ValueError("windmill: a deal with the stock empty")
            _card, (_seq, ranks, d, waste, ranked) = after
            return WindmillState(
                state.primary,
                state.secondaries,
                state.reserve,
                seq,
                ranks,
                d,
                waste,
                state.flag,
                state.redeals_used,
                ranked,
            )
        if move.kind == REDEAL:
            w = state.waste
            new = tuple(c for i, c in enumerate(seq) if w >> i & 1)
            return attrs.evolve(
                state,
                seq=new,
                seq_ranks=ranks_text(new),
                dealt=0,
                waste=0,
                redeals_used=state.redeals_used + 1,
                ranked_waste=0,
            )
        reserve = state.reserve
        waste = state.waste
        ranked = state.ranked_waste
        dealt = state.dealt
        primary = state.primary
        secs = state.secondaries
        src = move.src
        if src == RESERVE:
            i = move.src_index
            card = Card(reserve[i])
            talon = (seq, state.seq_ranks, dealt, waste, ranked)
            fill, (_seq, _ranks, dealt, waste, ranked) = refill(REAL_TALON, talon)
            reserve = (*reserve[:i], GAP if fill is None else fill, *reserve[i + 1 :])
        elif src == WASTE:
            talon = (seq, state.seq_ranks, dealt, waste, ranked)
            top = REAL_TALON.waste_top(talon)
            if top is None:
                raise ValueError("windmill: a move from the waste with the waste empty")
            card = Card(top)
            _seq, _ranks, dealt, waste, ranked = REAL_TALON.without_waste_top(talon)
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
        return WindmillState(
            primary,
            secs,
            reserve,
            seq,
            state.seq_ranks,
            dealt,
            waste,
            flag,
            state.redeals_used,
            ranked,
        )

    def is_won(self, state: WindmillState) -> bool:
        """Won when all 104 cards are on the foundations."""
        return len(state.primary) == PRIMARY_FULL and all(
            len(p) == SECONDARY_FULL for p in state.secondaries
        )

    def key(self, state: WindmillState) -> Hashable:
        """The position's compact form (:data:`.model.Compact`), packed for the deal at hand.

        No rule looks at a suit, so cards count by rank; a foundation's ranks
        follow from its size; reserve cells are interchangeable (a count of
        cards per rank) and so are the secondaries (a count of piles per
        size). What is left is the compact form: the foundations' sizes and
        the flag, the reserve's ranks, the stock's ranks and the waste's
        ranks, and the redeals used. Two positions of one deal have the same
        key exactly when they have the same compact form (the tests check
        it), so a search over real positions merges what the rank model
        merges; the key only packs the talon more cheaply:

        - on the first pass the dealing order ``seq`` is the deal's, so the
          stock is told by the cards dealt, and the waste by its canonical
          mask (:func:`ranked_waste`): a function of the waste's ranks alone
          that gives them back. One int, with no pile to build;
        - after a redeal the pass's order is the waste the redeal turned
          over, which differs from one position to another: the stock and
          the waste join the key as their ranks (the pass's cards that left
          the waste for good are not part of the position).
        """
        secs = packed_sizes(map(len, state.secondaries))
        res = 0
        for c in state.reserve:
            res += 1 << 4 * (13 if c == GAP else c % 13)
        k = ((len(state.primary) << 1 | state.flag) << SECONDARY_BITS | secs) << _RESERVE_BITS
        used = state.redeals_used
        if not used:
            return ((k | res) << 11 | state.dealt << 4) << _WASTE_BITS | state.ranked_waste
        # The packed int keeps its layout, with no cards dealt and no mask (FLAG_BIT stands).
        stock = state.seq_ranks[state.dealt :]
        return (((k | res) << 11 | used) << _WASTE_BITS, stock, ranks_text(state.waste_cards))


def ranked_waste(seq_ranks: str, waste: int) -> int:
    """The waste's canonical mask: the greedy leftmost embedding of its ranks into ``seq_ranks``.

    ``waste`` is a mask of places of this pass's dealing order, whose ranks
    are the text ``seq_ranks``. The canonical mask has the waste's ranks,
    bottom to top, each at the first place after the one before that has
    its rank (:func:`canonical_mask`). It is a function of the waste's ranks
    alone (two wastes with the same ranks get the same mask) and gives them
    back (the ranks at its places), so equal canonical masks mean equal
    wastes by rank, and the rules look at nothing more (no rule looks at a
    suit). It exists: the real places are an embedding, and the greedy one
    lies left of every other, place by place.

    It is kept up as play goes (:meth:`WindmillProblem.apply`): the greedy
    embedding of a prefix is the prefix of the embedding, so taking the top
    card off clears the highest bit; a card dealt goes to the first place
    above the top with its rank (:func:`canonical_push`), which is at most
    its real place, the deal's.
    """
    ranks = (seq_ranks[i] for i in range(waste.bit_length()) if waste >> i & 1)
    return canonical_mask(seq_ranks, ranks)


Rank = TypeVar("Rank")
"""A rank as one form keeps a pass's ranks: a letter of a text, or a byte."""


def canonical_push(dealing: Sequence[Rank], mask: int, rank: Rank) -> int:
    """The canonical mask after a card of ``rank`` goes onto a waste of canonical mask
    ``mask``, over a pass whose ranks are ``dealing``.

    The one step of the canonical waste (:func:`ranked_waste`): the card
    takes the first place above the top with its rank. The compiled kernel
    makes the same step from a table of those places (``next_of`` in
    ``_kernel.c``; the tests hold the two together).
    """
    return mask | 1 << dealing.index(rank, mask.bit_length())


NOWHERE = 255
"""No place: a rank that does not come again in :func:`canonical_places`."""


def canonical_places(dealing: Sequence[int], length: int) -> bytes:
    """Where :func:`canonical_push` puts a card: for each rank r from 0 to 13 (13 is no
    card) and each place i from 0 to ``length``, the first place at or after i of the pass
    ``dealing`` with rank r, or :data:`NOWHERE`; ``length`` + 1 bytes a rank.

    The compiled kernel steps its canonical wastes by this table (``next_of`` in
    ``_kernel.c``); the tests check it against :func:`canonical_push` place by place. It is
    made a run at a time (every place from just after one card of r to the next holds the
    next), since a solve makes it for every deal.
    """
    out = bytearray([NOWHERE]) * (14 * (length + 1))
    starts = [0] * 14
    for at, rank in enumerate(dealing):
        row = rank * (length + 1)
        out[row + starts[rank] : row + at + 1] = bytes([at]) * (at + 1 - starts[rank])
        starts[rank] = at + 1
    return bytes(out)


def canonical_mask(dealing: Sequence[Rank], waste: Iterable[Rank]) -> int:
    """The canonical mask of a waste whose ranks are ``waste`` (bottom to top), over a pass
    whose ranks are ``dealing``: :func:`canonical_push` a card at a time."""
    mask = 0
    for rank in waste:
        mask = canonical_push(dealing, mask, rank)
    return mask


@functools.cache
def primary_needs(rules: WindmillRules) -> tuple[int, ...]:
    """The rank the primary needs once it holds n cards, for n from 0 to 51."""
    up = rules.direction == "up"
    return tuple(((n if up else 12 - n) % 13) for n in range(PRIMARY_FULL))


@functools.cache
def secondary_needs(rules: WindmillRules) -> tuple[int, ...]:
    """The rank a secondary needs once it holds c cards, for c from 0 to 12."""
    up = rules.direction == "up"
    return tuple(((12 - c) if up else c) for c in range(SECONDARY_FULL))


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
    and :meth:`WindmillProblem.apply`, on piles), the rank model and the
    summaries (:class:`~.model.CompactFoundations`, on packed sizes), the
    relaxation (:class:`~.relaxation.RelaxedRules`) and the counting bound
    (:func:`~.pruning.stuck_and_lost`) all play by the same statement.
    ``free`` false on a game with free foundation moves gives its
    restricted moves (for the rank model's sub-games).
    """

    def __init__(self, rules: WindmillRules, *, free: bool | None = None) -> None:
        self._rules = rules
        self.free = rules.foundation_moves == FREE if free is None else free
        """Free foundation moves: any top card to any foundation that takes it."""
        self.primary_need = primary_needs(rules)
        """The rank the primary needs once it holds n cards (n < 52)."""
        self.secondary_need = secondary_needs(rules)
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
        card of ``rank`` it needs: the counting bound's room (:func:`~.pruning.stuck_and_lost`)."""
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
TABLE_REFILL = TABLE_ROOM + 13 * (SECONDARY_FULL + 1)
"""Offset of, by whether the waste and the stock hold cards (two times the waste's bit plus
the stock's), where a refill takes its card: :data:`TALON_WASTE`, :data:`TALON_STOCK`, or
:data:`NOWHERE` (the gap stays)."""
TABLE_DEAL = TABLE_REFILL + 4
"""Offset of, by whether the stock holds cards, where a dealt card comes from:
:data:`TALON_STOCK`, or :data:`NOWHERE` (no deal)."""
TABLE_TWIN = TABLE_DEAL + 2
"""Offset of, by flag, the flag of the position's twin (:func:`twin`)."""
TABLE_SIZE = TABLE_TWIN + 2
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

    The last parts are the talon's steps and the twin rule, which the kernel
    looks up too (:func:`talon_tables`), so that it states none of the
    rules itself.
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
    out[TABLE_REFILL:] = talon_tables()
    return bytes(out)


Talon = TypeVar("Talon")
"""One form's stock and waste, as :class:`TalonView` reads them."""


class TalonView(Protocol[Talon]):
    """How one form of a position holds the stock and the waste, as the refill and the deal
    see them.

    Each form (the real position, the rank model's packed piles, the
    summaries' control) keeps the talon its own way; :func:`refill` and
    :func:`deal` state the rules once over this view. A card is whatever
    the form keeps (a card, or a rank); ``None`` is an empty pile.
    """

    def waste_top(self, talon: Talon) -> int | None:
        """The waste's top card, or ``None`` when the waste is empty."""
        ...

    def stock_top(self, talon: Talon) -> int | None:
        """The stock's next card, or ``None`` when the stock is empty."""
        ...

    def without_waste_top(self, talon: Talon) -> Talon:
        """The talon with the waste's top card taken away."""
        ...

    def without_stock_top(self, talon: Talon) -> Talon:
        """The talon with the stock's next card taken away."""
        ...

    def with_on_waste(self, talon: Talon, card: int) -> Talon:
        """The talon with ``card``, just taken off the stock, on the waste's top."""
        ...


def deal(view: TalonView[Talon], talon: Talon) -> tuple[int, Talon] | None:
    """The card dealt and the talon after it, or ``None`` when the stock is empty.

    The one statement of the deal for every form of a position: the
    stock's next card goes onto the waste.
    """
    card = view.stock_top(talon)
    if card is None:
        return None
    return card, view.with_on_waste(view.without_stock_top(talon), card)


def refill(view: TalonView[Talon], talon: Talon) -> tuple[int | None, Talon]:
    """The card that fills a reserve gap, and the talon after it; ``None`` leaves the gap.

    The one statement of the refill for every form of a position. A gap in
    the reserve is filled at once, as part of the move that opened it: by
    the waste's top card, or the stock's next one when the waste is empty;
    with both empty the cell stays a gap.
    """
    card = view.waste_top(talon)
    if card is not None:
        return card, view.without_waste_top(talon)
    card = view.stock_top(talon)
    if card is not None:
        return card, view.without_stock_top(talon)
    return None, talon


RealTalon = tuple[tuple[Card, ...], str, int, int, int]
"""A real position's talon: ``seq``, ``seq_ranks``, ``dealt``, ``waste`` and
``ranked_waste`` (see :class:`WindmillState`)."""


class RealTalonView:
    """The refill's and the deal's view of a real position's talon (:data:`RealTalon`)."""

    def waste_top(self, talon: RealTalon) -> int | None:
        """The waste's top card (the highest bit of its mask), if any."""
        seq, _ranks, _dealt, waste, _ranked = talon
        return seq[waste.bit_length() - 1] if waste else None

    def stock_top(self, talon: RealTalon) -> int | None:
        """The next card of this pass's dealing order, if any is left."""
        seq, _ranks, dealt, _waste, _ranked = talon
        return seq[dealt] if dealt < len(seq) else None

    def without_waste_top(self, talon: RealTalon) -> RealTalon:
        """The highest bit off the waste's mask and off its canonical one (:func:`ranked_waste`)."""
        seq, ranks, dealt, waste, ranked = talon
        return (
            seq,
            ranks,
            dealt,
            waste ^ 1 << waste.bit_length() - 1,
            ranked ^ 1 << ranked.bit_length() - 1,
        )

    def without_stock_top(self, talon: RealTalon) -> RealTalon:
        """One card more dealt out of the stock (not onto the waste)."""
        seq, ranks, dealt, waste, ranked = talon
        return seq, ranks, dealt + 1, waste, ranked

    def with_on_waste(self, talon: RealTalon, card: int) -> RealTalon:
        """The card just dealt (the last place dealt) set in the waste's mask.

        In the canonical mask it goes to the first place above the top with
        its rank (see :func:`ranked_waste`).
        """
        seq, ranks, dealt, waste, ranked = talon
        at = dealt - 1
        return seq, ranks, dealt, waste | 1 << at, canonical_push(ranks, ranked, ranks[at])


REAL_TALON = RealTalonView()
"""The refill's and the deal's view of a real position."""


def on_last_pass(rules: WindmillRules, state: WindmillState) -> bool:
    """Whether ``state`` is on its last pass: every redeal the rules allow is used.

    The waste is then a stack for good (no redeal turns it over), which the
    counting bound, the relaxation, the summaries and the compiled kernel
    all need.
    """
    return state.redeals_used == rules.redeals


Flagged = TypeVar("Flagged")
"""One form of a position, or of its foundations, as :class:`FlagView` reads it."""


class FlagView(Protocol[Flagged]):
    """Where one form of a position keeps the flag, as the twin rule sees it."""

    def flag_clear(self, position: Flagged) -> Flagged:
        """``position`` with the flag clear, all else the same."""
        ...


def twin(view: FlagView[Flagged], position: Flagged) -> Flagged:
    """The twin of a flagged position, which dominates it: the same with the flag clear.

    The twin rule, stated and argued once for every form and every search
    that uses it: the depth-first search's hook in :mod:`.pruning`, on the
    canonical key (:func:`clear_twin`); the rank model's dominators in
    :mod:`.model`, on compact positions (:func:`~.model.unflagged`); the
    summaries' exit sets in :mod:`.summaries`, on foundations; the compiled
    beam. Under restricted rules call a position with the flag set and the
    same position with the flag clear twins. The flag only removes moves
    (a secondary's card to the primary); every other move leads both twins
    to the same position (a waste or reserve card on the primary clears the
    flag either way) or to twins again (other plays and deals keep the
    flag). So a win from the flagged twin is, move for move, a win from the
    other: the clear twin dominates the flagged one. Every move raises
    (cards home, primary size, redeals used, cards dealt)
    lexicographically, so the game has no cycles and domination never goes
    round in a circle (it only points from a flagged position to a clear
    one, of the same value, never an ancestor). Under free rules the flag
    is never set and the rule says nothing.
    """
    return view.flag_clear(position)


class KeyFlagView:
    """The twin rule's view of a canonical key (:meth:`WindmillProblem.key`): the flag is
    :data:`FLAG_BIT` of the packed int, which comes first in a key of a later pass."""

    def flag_clear(self, position: Hashable) -> Hashable:
        """The key with :data:`FLAG_BIT` clear."""
        if isinstance(position, int):
            return position & ~FLAG_BIT
        assert isinstance(position, tuple)
        return (position[0] & ~FLAG_BIT, *position[1:])


KEY_FLAG = KeyFlagView()
"""The twin rule's view of a canonical key."""


def clear_twin(key: Hashable) -> Hashable:
    """The canonical key of the flagged position ``key``'s twin (:func:`twin`)."""
    return twin(KEY_FLAG, key)


TALON_WASTE = 0
"""In :func:`talon_tables`: the card comes off the waste's top."""
TALON_STOCK = 1
"""In :func:`talon_tables`: the card comes off the stock."""

SourceTalon = tuple[bool, bool]
"""A talon seen only as whether the waste and the stock hold cards (:class:`SourceTalonView`)."""


class SourceTalonView:
    """The refill's and the deal's view of a talon that keeps only whether each pile holds
    cards, and calls a card by the pile it came from (:data:`TALON_WASTE`,
    :data:`TALON_STOCK`).

    Through it :func:`refill` and :func:`deal` say where their card comes
    from, which is all a form with its own piles needs to know to take the
    card itself: the compiled kernel reads it from :func:`talon_tables`.
    """

    def waste_top(self, talon: SourceTalon) -> int | None:
        """:data:`TALON_WASTE` when the waste holds a card."""
        return TALON_WASTE if talon[0] else None

    def stock_top(self, talon: SourceTalon) -> int | None:
        """:data:`TALON_STOCK` when the stock holds a card."""
        return TALON_STOCK if talon[1] else None

    def without_waste_top(self, talon: SourceTalon) -> SourceTalon:
        """The talon as it was: what lies under the top is not known here, nor needed."""
        return talon

    def without_stock_top(self, talon: SourceTalon) -> SourceTalon:
        """The talon as it was (see :meth:`without_waste_top`)."""
        return talon

    def with_on_waste(self, talon: SourceTalon, card: int) -> SourceTalon:
        """The waste holds a card now."""
        return True, talon[1]


SOURCE_TALON = SourceTalonView()
"""The refill's and the deal's view of a talon by the piles' being empty or not."""


class FlagBitView:
    """The twin rule's view (:class:`FlagView`) of the flag alone, as 0 or 1."""

    def flag_clear(self, position: int) -> int:
        """The flag clear: 0."""
        return 0


FLAG_BIT_VIEW = FlagBitView()
"""The twin rule's view of the flag alone."""


@functools.cache
def talon_tables() -> bytes:
    """The refill, the deal and the twin rule as lookup tables: the last parts of
    :func:`foundation_tables`, from :data:`TABLE_REFILL` on.

    Worked out by running :func:`refill` and :func:`deal` over
    :data:`SOURCE_TALON` on each pair of empty or not, and :func:`twin` over
    :data:`FLAG_BIT_VIEW` on each flag, so that the kernel takes its card
    from the pile these name and never restates the steps.
    """
    refills = bytearray([NOWHERE]) * (TABLE_DEAL - TABLE_REFILL)
    for waste in (False, True):
        for stock in (False, True):
            card, _after = refill(SOURCE_TALON, (waste, stock))
            if card is not None:
                refills[2 * waste + stock] = card
    deals = bytearray([NOWHERE]) * (TABLE_TWIN - TABLE_DEAL)
    for stock in (False, True):
        # The deal does not look at the waste.
        dealt = deal(SOURCE_TALON, (False, stock))
        if dealt is not None:
            deals[stock] = dealt[0]
    twins = bytes(twin(FLAG_BIT_VIEW, flag) for flag in (0, 1))
    return bytes(refills + deals + twins)


def replace_pile(
    piles: tuple[tuple[Card, ...], ...], i: int, pile: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """``piles`` with pile ``i`` replaced."""
    return (*piles[:i], pile, *piles[i + 1 :])


def ranks_text(cards: tuple[Card, ...]) -> str:
    """The ranks of ``cards`` as one word, such as ``A7TK``."""
    return "".join([RANKS[c % 13] for c in cards])
