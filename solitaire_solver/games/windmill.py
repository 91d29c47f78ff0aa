"""Windmill: two decks, one primary foundation of 52 cards and four secondaries of 13.

Rules (RULES.md, "Windmill"): the ace of clubs of deck 0 goes to the centre
(the primary foundation, built up regardless of suit and wrapping from K to
A); eight reserve cells of one card; four secondary foundations that each
start with any king and build down to the ace; the stock is dealt one card
at a time onto the waste. A reserve gap is refilled at once from the waste
(or the stock when the waste is empty); the refill is part of the move that
opened the gap. With the seed's ``restricted`` foundation moves a secondary's
top card may go to the primary only when the card placed on the primary
before it did not come from a secondary (a flag in the position); with
``free`` moves the top card of any foundation may go to any other foundation
that accepts it. The reversed variation swaps the directions: a king in the
centre built down, secondaries from aces up.

Solving (:meth:`Windmill.solve`) runs beam searches of growing width over
a rank-only model, which win most deals; then, on the last pass under
restricted rules, an exact search by procedure summaries (the waste is a
stack there; :mod:`.windmill_summaries`), which settles positions some 22
stock cards from the end; otherwise a best-first search and an exhaustive
depth-first search with sound pruning whose exhaustion proves a loss. See
:func:`search_windmill` and the comments beside each pruning rule.
"""

from __future__ import annotations

import heapq
import itertools
import re
import time
from collections.abc import Hashable, Iterable, Iterator

import attrs

from ..cards import Card, card_text, cards_text, parse_cards, rank_text
from ..errors import BadCardError, BadMoveError
from ..numbering import DealNumber, shuffled_talon
from ..search import Limit, Limits, SearchStats, SolveResult, Status, astar
from .base import Field, FieldReader, Game, Preset, knob, parse_choice, parse_int_range

RESERVE_CELLS = 8
SECONDARIES = 4
PRIMARY_FULL = 52
SECONDARY_FULL = 13
CARDS = 104
GAP = -1
"""A reserve cell with no card (only once the waste and the stock are both empty)."""

RESTRICTED = "restricted"
FREE = "free"

DEFAULT_MAX_STATES = 3_000_000
"""States a solve may expand when the caller gives no limit at all (see :meth:`Windmill.solve`)."""

DEFAULT_MAX_STATES_FREE = 5_000_000
"""The same under free foundation moves, where the beams search two sets of rules.

There the restricted rules' beams run besides the free ones up to width
8,192 (see :data:`RESTRICTED_UP_TO`); beams up to 2,048 cost about 2.2
million states on a deal none wins, and the two 8,192 beams about 1.0 and
1.7 million more. A beam the limit cuts short wins nothing (wins are
found only once the stock is dealt out), so the limit leaves room for
both.
"""


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
    the canonical key. ``reserve`` holds eight cards or :data:`GAP`;
    foundations list their cards bottom to top; ``flag`` is set when the
    primary's top card came from a secondary (restricted rules only).
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

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, its top (next) card first."""
        return self.seq[self.dealt :]

    def _visible(self) -> tuple[object, ...]:
        # Equality is on what the position shows: cards that left the waste
        # for good play no further part (a redeal turns over the waste as it
        # lies), so a position read from a file equals the one written.
        return (
            self.primary,
            self.secondaries,
            self.reserve,
            self.waste_cards,
            self.stock,
            self.flag,
            self.redeals_used,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WindmillState):
            return NotImplemented
        return self._visible() == other._visible()

    def __hash__(self) -> int:
        return hash(self._visible())

    @property
    def waste_cards(self) -> tuple[Card, ...]:
        """The waste, bottom to top."""
        return tuple(c for i, c in enumerate(self.seq[: self.dealt]) if self.waste >> i & 1)

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

    def __str__(self) -> str:
        if self.kind == DEAL:
            return "d"
        if self.kind == REDEAL:
            return "rd"
        return f"{_place(self.src, self.src_index)}>{_place(self.dst, self.dst_index)}"


def _place(where: int, index: int) -> str:
    if where == PRIMARY:
        return "p"
    if where == WASTE:
        return "w"
    return ("s" if where == SECONDARY else "r") + str(index + 1)


def _place_words(where: int, index: int) -> str:
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


# Bit layout of the packed canonical key (see Windmill.key): from the low end,
# the waste mask (96 bits), redeals used (4), dealt (7), eight reserve ranks
# (4 each, 13 for a gap), four secondary sizes (4 each), the flag (1), the
# primary size (6).
_WASTE_BITS = 96
_FLAG_SHIFT = _WASTE_BITS + 4 + 7 + 8 * 4 + 4 * 4
_FLAG_BIT = 1 << _FLAG_SHIFT


class Windmill(Game[WindmillState, WindmillMove]):
    """The game Windmill under given rules."""

    name = "windmill"
    rules_type = WindmillRules
    rules: WindmillRules

    def __init__(self, rules: WindmillRules, preset: str | None = None) -> None:
        super().__init__(rules, preset)
        self.free = rules.foundation_moves == FREE
        up = rules.direction == "up"
        self.up = up
        # The rank the primary needs once it holds n cards, and the rank a
        # secondary needs once it holds c cards (c < 13).
        self.primary_need = tuple(((n if up else 12 - n) % 13) for n in range(PRIMARY_FULL))
        self.secondary_need = tuple(((12 - c) if up else c) for c in range(SECONDARY_FULL))
        self.centre = Card(0 if up else 12)

    # ------------------------------------------------------------ dealing

    def deal(self, number: DealNumber) -> WindmillState:
        """Centre card, eight reserve cards, one waste card; the rest is the stock."""
        talon = shuffled_talon(number, decks=2)
        talon.remove(self.centre)  # id 0 (AC) or 12 (KC) of deck 0
        talon.append(self.centre)
        order = [Card(c % 52) for c in reversed(talon)]
        seq = tuple(order[1 + RESERVE_CELLS :])
        return WindmillState(
            primary=(order[0],),
            secondaries=((),) * SECONDARIES,
            reserve=tuple(order[1 : 1 + RESERVE_CELLS]),
            seq=seq,
            seq_ranks=_ranks_text(seq),
            dealt=1,
            waste=1,
        )

    # ------------------------------------------------------------ moves

    def _accepts_secondary(self, pile: tuple[Card, ...], rank: int) -> bool:
        n = len(pile)
        return n < SECONDARY_FULL and self.secondary_need[n] == rank

    def legal_moves(self, state: WindmillState) -> list[WindmillMove]:
        """Every legal move, without merging moves that lead to equivalent positions."""
        out: list[WindmillMove] = []
        prim = state.primary
        need = self.primary_need[len(prim)] if len(prim) < PRIMARY_FULL else -1
        secs = state.secondaries
        sources: list[tuple[int, int, int]] = []  # (place, index, rank)
        for i, c in enumerate(state.reserve):
            if c != GAP:
                sources.append((RESERVE, i, c % 13))
        top = state.waste_top
        if top is not None:
            sources.append((WASTE, 0, top % 13))
        for src, si, rank in sources:
            if rank == need:
                out.append(WindmillMove(PLAY, src, si, PRIMARY, 0))
            for j, pile in enumerate(secs):
                if self._accepts_secondary(pile, rank):
                    out.append(WindmillMove(PLAY, src, si, SECONDARY, j))
        for i, pile in enumerate(secs):
            if not pile:
                continue
            rank = pile[-1] % 13
            if rank == need and (self.free or not state.flag):
                out.append(WindmillMove(PLAY, SECONDARY, i, PRIMARY, 0))
            if self.free:
                for j, other in enumerate(secs):
                    if j != i and self._accepts_secondary(other, rank):
                        out.append(WindmillMove(PLAY, SECONDARY, i, SECONDARY, j))
        if self.free and len(prim) > 1:
            rank = prim[-1] % 13
            for j, pile in enumerate(secs):
                if self._accepts_secondary(pile, rank):
                    out.append(WindmillMove(PLAY, PRIMARY, 0, SECONDARY, j))
        if state.dealt < len(state.seq):
            out.append(DEAL_MOVE)
        elif state.waste and state.redeals_used < self.rules.redeals:
            out.append(REDEAL_MOVE)
        return out

    def moves(self, state: WindmillState) -> list[WindmillMove]:
        """The legal moves with equivalent ones merged, plays to the primary first.

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
        The order only decides which line a depth-first search tries first.
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
            d = state.dealt
            return attrs.evolve(state, dealt=d + 1, waste=state.waste | (1 << d))
        if move.kind == REDEAL:
            w = state.waste
            new = tuple(c for i, c in enumerate(seq) if w >> i & 1)
            return attrs.evolve(
                state,
                seq=new,
                seq_ranks=_ranks_text(new),
                dealt=0,
                waste=0,
                redeals_used=state.redeals_used + 1,
            )
        reserve = state.reserve
        waste = state.waste
        dealt = state.dealt
        primary = state.primary
        secs = state.secondaries
        src = move.src
        if src == RESERVE:
            i = move.src_index
            card = Card(reserve[i])
            if waste:
                top = waste.bit_length() - 1
                fill: int = seq[top]
                waste ^= 1 << top
            elif dealt < len(seq):
                fill = seq[dealt]
                dealt += 1
            else:
                fill = GAP
            reserve = (*reserve[:i], fill, *reserve[i + 1 :])
        elif src == WASTE:
            top = waste.bit_length() - 1
            card = seq[top]
            waste ^= 1 << top
        elif src == SECONDARY:
            pile = secs[move.src_index]
            card = pile[-1]
            secs = _replace(secs, move.src_index, pile[:-1])
        else:
            card = primary[-1]
            primary = primary[:-1]
        flag = state.flag
        if move.dst == PRIMARY:
            primary = (*primary, card)
            if not self.free:
                flag = src == SECONDARY
        else:
            j = move.dst_index
            secs = _replace(secs, j, (*secs[j], card))
        return WindmillState(
            primary, secs, reserve, seq, state.seq_ranks, dealt, waste, flag, state.redeals_used
        )

    def is_won(self, state: WindmillState) -> bool:
        """Won when all 104 cards are on the foundations."""
        return len(state.primary) == PRIMARY_FULL and all(
            len(p) == SECONDARY_FULL for p in state.secondaries
        )

    def key(self, state: WindmillState) -> Hashable:
        """A packed integer: sizes, ranks and masks, with suits and cell order folded away.

        No rule looks at a suit, so cards count by rank; a foundation's ranks
        follow from its size; reserve cells are interchangeable (a sorted
        list of ranks) and so are the secondaries (sorted sizes). The waste
        and stock are the positions of this pass's ``seq``; after a redeal
        the ranks of the new ``seq`` join the key.
        """
        k = len(state.primary) << 1 | state.flag
        for n in sorted(len(p) for p in state.secondaries):
            k = k << 4 | n
        for r in sorted(13 if c == GAP else c % 13 for c in state.reserve):
            k = k << 4 | r
        k = (((k << 7 | state.dealt) << 4 | state.redeals_used) << _WASTE_BITS) | state.waste
        if state.redeals_used:
            return (k, state.seq_ranks)
        return k

    # ------------------------------------------------------------ notation

    def parse_move(self, text: str) -> WindmillMove:
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

    def describe(self, state: WindmillState, move: WindmillMove) -> str:
        """For example ``8H from reserve 3 to the primary; 5C from the waste fills reserve 3``."""
        if move.kind == DEAL:
            return f"deal {card_text(state.seq[state.dealt])} onto the waste"
        if move.kind == REDEAL:
            return f"redeal: the waste ({bin(state.waste).count('1')} cards) becomes the stock"
        if move.src == RESERVE:
            card = state.reserve[move.src_index]
        elif move.src == WASTE:
            card = state.waste_top or 0
        elif move.src == SECONDARY:
            card = state.secondaries[move.src_index][-1]
        else:
            card = state.primary[-1]
        text = (
            f"{card_text(card)} from {_place_words(move.src, move.src_index)} "
            f"to {_place_words(move.dst, move.dst_index)}"
        )
        if move.src == RESERVE:
            cell = f"reserve {move.src_index + 1}"
            if state.waste:
                text += f"; {card_text(state.waste_top or 0)} from the waste fills {cell}"
            elif state.dealt < len(state.seq):
                text += f"; {card_text(state.seq[state.dealt])} from the stock fills {cell}"
            else:
                text += f"; {cell} stays empty"
        return text

    def show(self, state: WindmillState) -> str:
        """The foundations, the reserve, the waste and the stock."""
        prim = state.primary
        lines = [
            f"primary:     {card_text(prim[-1])} ({_count(len(prim))})" + self._need_text(state)
        ]
        for i, pile in enumerate(state.secondaries):
            top = f"{card_text(pile[-1])} ({_count(len(pile))})" if pile else "(empty)"
            lines.append(f"secondary {i + 1}: {top}")
        lines.append("reserve:     " + " ".join(_cell(c) for c in state.reserve))
        waste = state.waste_cards
        lines.append(f"waste:       {cards_text(waste[-8:]) or '(empty)'} ({_count(len(waste))})")
        stock = state.stock
        nxt = f", next {card_text(stock[0])}" if stock else ""
        used = f", {state.redeals_used} of {self.rules.redeals} redeals used"
        lines.append(
            f"stock:       {_count(len(stock))}{nxt}" + (used if self.rules.redeals else "")
        )
        return "\n".join(lines)

    def _need_text(self, state: WindmillState) -> str:
        n = len(state.primary)
        if n == PRIMARY_FULL:
            return ", full"
        flag = ", next card must come from the waste or reserve" if state.flag else ""
        return f", needs {rank_text(self.primary_need[n])}{flag}"

    # ------------------------------------------------------------ files

    def position_fields(self, state: WindmillState) -> list[tuple[str, str]]:
        """Labelled lines: foundations bottom to top, reserve, waste bottom to top, stock top first.

        ``--`` marks an empty reserve cell; ``flag`` says whether the
        primary's top card came from a secondary (``set``) or not (``clear``).
        """
        fields = [("primary", cards_text(state.primary))]
        for i, pile in enumerate(state.secondaries):
            fields.append((f"secondary{i + 1}", cards_text(pile)))
        fields += [
            ("flag", "set" if state.flag else "clear"),
            ("reserve", " ".join(_cell(c) for c in state.reserve)),
            ("waste", cards_text(state.waste_cards)),
            ("stock", cards_text(state.stock)),
            ("redeals_used", str(state.redeals_used)),
        ]
        return fields

    def parse_position(self, reader: FieldReader) -> WindmillState:
        """Read the lines of :meth:`position_fields`; every card exactly twice, piles in order."""
        counts: dict[int, int] = {}

        def cards(label: str, default: str | None = None) -> tuple[list[Card], Field]:
            field = reader.take(label, default)
            words = field.text.split()
            out: list[Card] = []
            for w in words:
                if label == "reserve" and w == "--":
                    out.append(Card(GAP))
                    continue
                try:
                    (c,) = parse_cards(w)
                except BadCardError as exc:
                    raise reader.error(f"{label}: {exc}", field) from None
                counts[c] = counts.get(c, 0) + 1
                if counts[c] > 2:
                    raise reader.error(
                        f"card {card_text(c)} appears a third time (in {label}); two decks "
                        "hold two of each card",
                        field,
                    )
                out.append(c)
            return out, field

        primary, pf = cards("primary")
        if not primary:
            raise reader.error("the primary foundation needs at least its centre card", pf)
        if len(primary) > PRIMARY_FULL:
            raise reader.error(f"the primary holds at most {PRIMARY_FULL} cards", pf)
        for n, c in enumerate(primary):
            if c % 13 != self.primary_need[n]:
                raise reader.error(
                    f"card {card_text(c)} cannot be card {n + 1} of the primary: it needs a "
                    f"{rank_text(self.primary_need[n])} there",
                    pf,
                )
        secs: list[tuple[Card, ...]] = []
        for i in range(SECONDARIES):
            pile, sf = cards(f"secondary{i + 1}", "")
            if len(pile) > SECONDARY_FULL:
                raise reader.error(f"a secondary holds at most {SECONDARY_FULL} cards", sf)
            for n, c in enumerate(pile):
                if c % 13 != self.secondary_need[n]:
                    raise reader.error(
                        f"card {card_text(c)} cannot be card {n + 1} of secondary{i + 1}: it "
                        f"needs a {rank_text(self.secondary_need[n])} there",
                        sf,
                    )
            secs.append(tuple(pile))
        flag_field = reader.take("flag", "clear")
        flag_text = flag_field.text.strip().lower()
        if flag_text not in ("set", "clear"):
            raise reader.error(f"flag: expected set or clear, not {flag_field.text!r}", flag_field)
        flag = flag_text == "set"
        if flag and self.free:
            raise reader.error("flag: free foundation moves have no flag", flag_field)
        if flag and len(primary) == 1:
            raise reader.error("flag: the centre card did not come from a secondary", flag_field)
        reserve, rf = cards("reserve")
        if len(reserve) != RESERVE_CELLS:
            raise reader.error(
                f"reserve: expected {RESERVE_CELLS} cells (cards or --), found {len(reserve)}",
                rf,
            )
        waste, _ = cards("waste", "")
        stock, _ = cards("stock", "")
        if GAP in reserve and (waste or stock):
            raise reader.error(
                "reserve: a gap is refilled at once while the waste or the stock has cards",
                rf,
            )
        used_field = reader.take("redeals_used", "0")
        try:
            used = parse_int_range(0, self.rules.redeals)(used_field.text)
        except ValueError as exc:
            raise reader.error(f"redeals_used: {exc}", used_field) from None
        reader.finish()
        missing = [card_text(c) for c in range(52) for _ in range(2 - counts.get(c, 0))]
        if missing:
            raise reader.error(f"{len(missing)} cards missing: {' '.join(missing)}")
        seq = tuple(waste + stock)
        return WindmillState(
            primary=tuple(primary),
            secondaries=tuple(secs),
            reserve=tuple(reserve),
            seq=seq,
            seq_ranks=_ranks_text(seq),
            dealt=len(waste),
            waste=(1 << len(waste)) - 1,
            flag=flag,
            redeals_used=used,
        )

    # ------------------------------------------------------------ solving

    def solve(
        self, state: WindmillState, limits: Limits, *, shortest: bool = False
    ) -> SolveResult[WindmillMove]:
        """Beams for a quick win, then exact searches to settle the rest (:func:`search_windmill`).

        With no limit at all from the caller, at most
        :data:`DEFAULT_MAX_STATES` states (:data:`DEFAULT_MAX_STATES_FREE`
        under free foundation moves) are expanded and a deal still open
        then is ``unknown`` (limit ``states``); pass ``max_states`` (or a
        timeout) to change that. ``shortest`` uses the generic A*.
        """
        limits = self.effective_limits(limits)
        if shortest:
            return astar(self, state, limits)
        return search_windmill(self, state, limits)


def _replace(
    piles: tuple[tuple[Card, ...], ...], i: int, pile: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return (*piles[:i], pile, *piles[i + 1 :])


def _ranks_text(cards: tuple[Card, ...]) -> str:
    return "".join(rank_text(c % 13) for c in cards)


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _cell(card: int) -> str:
    return "--" if card == GAP else card_text(card)


# ---------------------------------------------------------------- the rank model and the beam

_Ranks = tuple[int, ...]
_Compact = tuple[int, bool, _Ranks, _Ranks, int, int, int]
"""A position by ranks alone: primary size, flag, secondary sizes (sorted),
reserve ranks (sorted, 13 for a gap), stock, waste, redeals used. Two
positions with the same compact form have the same future, for the reasons
:meth:`Windmill.key` gives.

The stock and the waste are piles of ranks packed four bits a card into an
int whose lowest digit is the top card, above a leading 1 that marks the
bottom (so ``1`` is an empty pile): dealing, playing and refilling are then
a shift, and hashing is cheap (see :func:`_pile`)."""

_NO_CARD = 13
_Homes = tuple[int, bool, _Ranks]
"""Primary size, flag and secondary sizes after a card goes home."""


def compact(state: WindmillState) -> _Compact:
    """The rank-only form of a position that the beam search works on."""
    return (
        len(state.primary),
        state.flag,
        tuple(sorted(len(p) for p in state.secondaries)),
        tuple(sorted(_NO_CARD if c == GAP else c % 13 for c in state.reserve)),
        _pile(reversed(state.stock)),
        _pile(state.waste_cards),
        state.redeals_used,
    )


_EMPTY = 1
"""An empty packed pile."""


def _pile(bottom_to_top: Iterable[int]) -> int:
    """Pack the ranks of a pile given bottom card first; the top becomes the lowest digit."""
    pile = _EMPTY
    for c in bottom_to_top:
        pile = pile << 4 | c % 13
    return pile


def _turned_over(pile: int) -> int:
    """The pile turned over: its bottom card becomes the top."""
    out = _EMPTY
    while pile != _EMPTY:
        out = out << 4 | pile & 15
        pile >>= 4
    return out


class _RankModel:
    """The rules of Windmill restated on compact positions, for speed.

    It is a second statement of the rules, so two checks tie it to the
    first: the tests compare its successors with those of
    :meth:`Windmill.legal_moves` on many positions, and every line it finds
    is turned back into real moves (:func:`_real_line`) that must be legal.
    """

    def __init__(self, game: Windmill, *, free: bool | None = None, hold: int = 0) -> None:
        """The rules of ``game``, or a sub-game of them (see :attr:`sub_game`).

        ``free`` false on a game with free foundation moves gives its
        restricted moves (each of them is a free move too); ``hold`` = k
        forbids placing on a secondary a waste or reserve card of any of
        the next k ranks the primary needs.
        """
        if free and not game.free:
            raise ValueError("a rank model may only remove moves of its game")
        if hold < 0:
            raise ValueError(f"hold must be 0 or more, not {hold}")
        self.pneed = game.primary_need
        self.sneed = game.secondary_need
        self.free = game.free if free is None else free
        self.hold = hold
        # With some legal moves left out, a win is still a real line of
        # the game, but having searched everything proves nothing.
        self.sub_game = hold > 0 or self.free != game.free
        self.redeals = game.rules.redeals
        self._home_cache: dict[tuple[int, bool, _Ranks], dict[int, list[_Homes]]] = {}

    def _homes(self, p: int, flag: bool, secs: _Ranks) -> dict[int, list[_Homes]]:
        """For each rank a waste or reserve card may have, the foundations after it goes home.

        Memoised: a search meets the same few thousand foundation states
        again and again.
        """
        key = (p, flag, secs)
        found = self._home_cache.get(key)
        if found is not None:
            return found
        out: dict[int, list[_Homes]] = {}
        if p < PRIMARY_FULL:
            out[self.pneed[p]] = [(p + 1, False, secs)]
        held = self.pneed[p : p + self.hold]
        last = -1
        for i, s in enumerate(secs):
            if s != last and s < SECONDARY_FULL and self.sneed[s] not in held:
                out.setdefault(self.sneed[s], []).append((p, flag, _grow(secs, i, 1)))
            last = s
        self._home_cache[key] = out
        return out

    def plays(self, st: _Compact) -> list[_Compact]:
        """Every position one play away (no deal, no redeal)."""
        p, flag, secs, res, stock, waste, used = st
        out: list[_Compact] = []
        targets = self._homes(p, flag, secs)
        if waste != _EMPTY:
            for np_, nf, ns in targets.get(waste & 15, ()):
                out.append((np_, nf, ns, res, stock, waste >> 4, used))
        last = -1
        for i, r in enumerate(res):
            if r == last:
                continue
            last = r
            homes = targets.get(r)
            if homes is None:
                continue
            nstock, nwaste = stock, waste
            if waste != _EMPTY:
                fill, nwaste = waste & 15, waste >> 4
            elif stock != _EMPTY:
                fill, nstock = stock & 15, stock >> 4
            else:
                fill = _NO_CARD
            nres = tuple(sorted((*res[:i], *res[i + 1 :], fill)))
            for np_, nf, ns in homes:
                out.append((np_, nf, ns, nres, nstock, nwaste, used))
        need = self.pneed[p] if p < PRIMARY_FULL else -1
        last = -1
        for i, s in enumerate(secs):
            if s in (last, 0):
                continue
            last = s
            top = self.sneed[s - 1]
            if top == need and (self.free or not flag):
                out.append((p + 1, not self.free, _grow(secs, i, -1), res, stock, waste, used))
            if self.free:
                last_j = -1
                for j, t in enumerate(secs):
                    if j != i and t != last_j and t < SECONDARY_FULL and self.sneed[t] == top:
                        moved = list(secs)
                        moved[i] -= 1
                        moved[j] += 1
                        out.append((p, flag, tuple(sorted(moved)), res, stock, waste, used))
                    last_j = t
        if self.free and p > 1:
            top = self.pneed[p - 1]
            last = -1
            for i, s in enumerate(secs):
                if s != last and s < SECONDARY_FULL and self.sneed[s] == top:
                    out.append((p - 1, flag, _grow(secs, i, 1), res, stock, waste, used))
                last = s
        return out

    def turn(self, st: _Compact) -> _Compact | None:
        """The position after dealing a card or redealing, if either is legal."""
        p, flag, secs, res, stock, waste, used = st
        if stock != _EMPTY:
            return (p, flag, secs, res, stock >> 4, waste << 4 | stock & 15, used)
        if waste != _EMPTY and used < self.redeals:
            # The waste turned over is the new stock, its first card dealt first.
            return (p, flag, secs, res, _turned_over(waste), _EMPTY, used + 1)
        return None


def _grow(secs: _Ranks, i: int, by: int) -> _Ranks:
    return tuple(sorted((*secs[:i], secs[i] + by, *secs[i + 1 :])))


def _unflagged(st: _Compact) -> _Compact:
    """The same compact position with the flag clear (its twin)."""
    return (st[0], False, *st[2:])


def _is_won_compact(st: _Compact) -> bool:
    return st[0] == PRIMARY_FULL and all(s == SECONDARY_FULL for s in st[2])


def _beam_score(st: _Compact) -> tuple[int, int]:
    """Fewest cards off the foundations, then the longest primary.

    Among positions with the same cards dealt, cards off the foundations
    differ only by the waste, so this keeps the positions with the least
    buried. Wins on deals 1..100 with one beam of width 32 / 100 / 400:
    this order 63 / 69 / 79; the shortest primary first 65 / 73 / 79; the
    flag as a last key 63 / 69 / 79; a penalty for waste cards the primary
    needs next, by depth, 68 / 74 / 79. The orders differ at narrow widths
    only, and the deals that are hard to win are settled by wide beams.
    """
    home = st[0] + sum(st[2])
    return (CARDS - home, -st[0])


_Node = tuple[_Compact, "_Node | None"]
"""A position and the node it came from, so that a line can be read back."""


BEAM_WIDTHS = (8, 32, 128, 512, 2048, 8192, 32768)
"""Beam widths tried in turn before the exhaustive search (each four times the last)."""

SUB_GAMES_UP_TO = 2048
"""The widest beam also run over sub-games (see :func:`search_windmill`)."""

RESTRICTED_UP_TO = 8192
"""Under free rules, the widest beam also run over the restricted rules (sub-game 0).

Measured on the 72 deals of 1..1,000 that the free solver left unknown
with 3,000,000 states (when it ran the restricted rules' beams only up to
2,048, after the free ones): the restricted 8,192 beam won 5 of them
(deals 383, 688, 859, 915 and 945, all won under restricted rules), for
about 1.0 million states each, against 1.5 to 1.8 million for the free
8,192 beam. On the hard free wins (deals 584, 319 and 645) the
restricted 2,048 beam was the one that won.
"""

SUB_GAME_HOLDS = (1, 2, 3)
"""The sub-games' numbers of held ranks, one beam each (under free rules,
taken over the restricted rules, which are a sub-game of their own: see
:data:`RESTRICTED_UP_TO`).

Measured on deals 1..1,000 of ``windmill`` with beams up to 2,048 wide: of
the 110 deals that the game's beams up to 8,192 left unknown, holding 1
rank won 10; of the 101 still unknown then, holding 2 won 10, 3 won 12
and 5 won 8 (18 of them together, 16 with 2 and 3). Each costs about
300,000 states on a deal it does not win, against about 1.1 million for
the game's 8,192 beam. Different sub-games win different deals, which is
why there are several.
"""

SUMMARIES_FROM_WIDTH = 32768
"""Where the summary search starts taking turns with the beams (see :func:`search_windmill`).

Beams up to 8,192 wide, with the sub-games' beams up to 2,048, win nine
deals in ten and cost about 2 million states on a deal they do not win
(deal 2: 1,119,416 for the game's beams and 913,349 for the sub-games');
the 32,768 beam needs about 4 million more. Under the default limit of
3,000,000 states that beam never finishes, so the summaries get what is
left instead, and wins of the narrower beams cost exactly what they did
without the summaries. A turn before the 8,192 beam would have settled
some late positions sooner, but it made hard wins on deals 1..1,000 cost
about a quarter more states, pushing some past the default limit. With a
larger limit the summaries have as many states as the beams before the
32,768 beam runs.
"""


def _read_back(node: _Node) -> list[_Compact]:
    """The compact positions from the root to ``node``."""
    line: list[_Compact] = []
    at: _Node | None = node
    while at is not None:
        line.append(at[0])
        at = at[1]
    line.reverse()
    return line


def _real_line(game: Windmill, start: WindmillState, line: list[_Compact]) -> list[WindmillMove]:
    """The real moves that take ``start`` through the compact positions of ``line``."""
    moves: list[WindmillMove] = []
    state = start
    for target in line[1:]:
        if game.free:
            # Free rules never set the flag; a line of their restricted
            # sub-game does, and no free move looks at it.
            target = _unflagged(target)
        for move in game.legal_moves(state):
            child = game.apply(state, move)
            if compact(child) == target:
                moves.append(move)
                state = child
                break
        else:  # pragma: no cover - the tests tie the two models together
            raise RuntimeError("windmill: the rank model made a move the rules do not allow")
    return moves


# ---------------------------------------------------------------- the solver


def stuck_and_lost(game: Windmill, state: WindmillState) -> bool:
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
    to 13 cards, stopping before the first ``r``. When the secondaries
    cannot take ``d`` cards in total (or no ``r`` lies in the waste at all)
    the primary never gets its next card, and the deal cannot be won.
    """
    n = len(state.primary)
    if n == PRIMARY_FULL or game.free or state.redeals_used < game.rules.redeals:
        return False
    r = game.primary_need[n]
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
    room = 0
    need = game.secondary_need
    for pile in state.secondaries:
        for size in range(len(pile), SECONDARY_FULL):
            if need[size] == r:
                break
            room += 1
        if room >= depth:
            return False
    return room < depth


def _priority(state: WindmillState) -> int:
    """Best-first order: fewest cards off the foundations and buried in the waste.

    Each card still to go home costs 4 and each card on the waste 1 more
    (a card under others is hard to reach); a redeal costs more than any
    position of the pass before it, so it is never mistaken for progress;
    ties go to fewer cards dealt. Measured on deals 1..40 with 20,000
    states: 14 wins, against 13 for cards home alone. Only the order of
    exploration depends on it, never a verdict.
    """
    burden = (CARDS - state.home) * 4 + state.waste.bit_count() + state.redeals_used * 1024
    return burden * 128 + state.dealt


class _Search:
    """One solve: a best-first phase and an exhaustive depth-first phase sharing limits."""

    def __init__(self, game: Windmill, limits: Limits, prune: bool = True) -> None:
        self.game = game
        self.prune = prune
        self.limits = limits
        self.t0 = time.perf_counter()
        self.deadline = None if limits.timeout is None else self.t0 + limits.timeout
        self.expanded = 0
        self.unique = 0
        self.max_depth = 0
        # Soundness of the twin rule rests on the game having no cycles,
        # which holds under restricted rules (see search_windmill).
        self.twins = prune and not game.free
        # One rank model for the beams and the summary search, so that its
        # memo of foundation moves serves every width; and the sub-games
        # whose beams look for wins the full beam's order misses.
        self.model = _RankModel(game)
        self.restricted = _RankModel(game, free=False) if game.free else None
        self.sub_models = [_RankModel(game, free=False, hold=k) for k in SUB_GAME_HOLDS]

    def over(self) -> Limit | None:
        """The limit reached, if any (checked once per expansion)."""
        lim = self.limits
        if lim.max_states is not None and self.expanded >= lim.max_states:
            return Limit.STATES
        if (
            self.deadline is not None
            and self.expanded % 256 == 0
            and time.perf_counter() > self.deadline
        ):
            return Limit.TIME
        return None

    def result(
        self, status: Status, moves: list[WindmillMove], limit: Limit | None = None
    ) -> SolveResult[WindmillMove]:
        stats = SearchStats(
            self.expanded, self.unique, self.max_depth, time.perf_counter() - self.t0
        )
        return SolveResult(status, tuple(moves), stats, limit)

    def pruned(self, state: WindmillState, k: Hashable, seen: set[Hashable]) -> bool:
        """The twin rule and the counting bound (both argued in search_windmill)."""
        if not self.prune:
            return False
        if self.twins and state.flag and isinstance(k, int) and (k & ~_FLAG_BIT) in seen:
            return True
        if self.twins and state.flag and isinstance(k, tuple) and (k[0] & ~_FLAG_BIT, k[1]) in seen:
            return True
        return stuck_and_lost(self.game, state)

    def best_first(self, start: WindmillState, budget: int) -> SolveResult[WindmillMove] | None:
        """Expand at most ``budget`` states, best first; None when the budget ran out."""
        game = self.game
        key, apply, moves = game.key, game.apply, game.moves
        k0 = key(start)
        seen: set[Hashable] = {k0}
        parent: dict[Hashable, tuple[Hashable, WindmillMove]] = {}
        counter = itertools.count()
        heap: list[tuple[int, int, Hashable, WindmillState]] = []
        if not self.pruned(start, k0, set()):
            heap.append((_priority(start), 0, k0, start))
        stop = self.expanded + budget
        while heap:
            _p, _n, k, state = heapq.heappop(heap)
            if self.twins and state.flag and self.pruned(state, k, seen):
                continue
            limit = self.over()
            if limit is not None:
                self.unique = max(self.unique, len(seen))
                return self.result(Status.UNKNOWN, [], limit)
            if self.expanded >= stop:
                self.unique = max(self.unique, len(seen))
                return None
            self.expanded += 1
            for move in moves(state):
                child = apply(state, move)
                ck = key(child)
                if ck in seen:
                    continue
                seen.add(ck)
                parent[ck] = (k, move)
                if game.is_won(child):
                    line: list[WindmillMove] = []
                    g: Hashable = ck
                    while g in parent:
                        g, m = parent[g]
                        line.append(m)
                    line.reverse()
                    self.max_depth = max(self.max_depth, len(line))
                    self.unique = max(self.unique, len(seen))
                    return self.result(Status.WON, line)
                if self.prune and stuck_and_lost(game, child):
                    continue
                heapq.heappush(heap, (_priority(child), -next(counter), ck, child))
        self.unique = max(self.unique, len(seen))
        return self.result(Status.LOST, [])

    def beam(
        self, start: WindmillState, width: int, model: _RankModel | None = None
    ) -> SolveResult[WindmillMove] | None:
        """A beam search keeping ``width`` positions per deal; None if it neither won nor finished.

        Each round takes every position reachable from the kept ones by plays
        alone, deals (or redeals) once from each, and keeps the ``width``
        best of the results by :func:`_beam_score`. A round with no more
        than ``width`` results keeps them all; when no round dropped a
        position, every reachable position was visited, so no win means the
        position is lost. The one position skipped besides repeats is a
        flagged one whose twin without the flag is in the same round (restricted
        rules): a win from it is a win from the twin (argued in
        :func:`search_windmill`), and the twin is expanded whenever the
        round drops nothing.

        ``model`` (default: the game's own) may be a sub-game
        (:attr:`_RankModel.sub_game`): its wins are wins of the game, and a
        beam over it that drops nothing returns None, not a loss.
        """
        model = self.model if model is None else model
        plays, turn = model.plays, model.turn
        twins = self.twins
        max_table = self.limits.max_table
        layer: list[_Node] = [(compact(start), None)]
        truncated = False
        while layer:
            seen: dict[_Compact, _Node] = {node[0]: node for node in layer}
            todo = list(layer)
            nxt: dict[_Compact, _Node] = {}
            while todo:
                node = todo.pop()
                limit = self.over()
                if limit is None and max_table is not None and len(seen) + len(nxt) >= max_table:
                    limit = Limit.TABLE
                if limit is not None:
                    self.unique = max(self.unique, len(seen) + len(nxt))
                    return self.result(Status.UNKNOWN, [], limit)
                self.expanded += 1
                st = node[0]
                for child in plays(st):
                    if child in seen:
                        continue
                    if twins and child[1] and _unflagged(child) in seen:
                        continue
                    child_node: _Node = (child, node)
                    if _is_won_compact(child):
                        self.unique = max(self.unique, len(seen) + len(nxt))
                        line = _read_back(child_node)
                        self.max_depth = max(self.max_depth, len(line) - 1)
                        return self.result(Status.WON, _real_line(self.game, start, line))
                    seen[child] = child_node
                    todo.append(child_node)
                turned = turn(st)
                if turned is not None and turned not in nxt:
                    nxt[turned] = (turned, node)
            self.unique = max(self.unique, len(seen) + len(nxt))
            if twins:
                for st in [st for st in nxt if st[1] and _unflagged(st) in nxt]:
                    del nxt[st]
            if len(nxt) > width:
                truncated = True
                layer = heapq.nsmallest(width, nxt.values(), key=lambda n: _beam_score(n[0]))
            else:
                layer = list(nxt.values())
        return None if truncated or model.sub_game else self.result(Status.LOST, [])

    def depth_first(self, start: WindmillState) -> SolveResult[WindmillMove]:
        """Exhaustive depth-first search with the transposition table and the sound prunes."""
        game = self.game
        key, apply, moves, is_won = game.key, game.apply, game.moves, game.is_won
        k0 = key(start)
        seen: set[Hashable] = {k0}
        if is_won(start):
            return self.result(Status.WON, [])
        if self.pruned(start, k0, set()):
            return self.result(Status.LOST, [])
        path: list[WindmillMove] = []
        stack: list[Iterator[tuple[WindmillMove, WindmillState]]] = []

        def children(state: WindmillState) -> Iterator[tuple[WindmillMove, WindmillState]]:
            return ((m, apply(state, m)) for m in moves(state))

        self.expanded += 1
        stack.append(children(start))
        while stack:
            for move, child in stack[-1]:
                k = key(child)
                if k in seen:
                    continue
                if is_won(child):
                    path.append(move)
                    self.max_depth = max(self.max_depth, len(path))
                    self.unique = max(self.unique, len(seen))
                    return self.result(Status.WON, path)
                if self.limits.max_table is not None and len(seen) >= self.limits.max_table:
                    self.unique = max(self.unique, len(seen))
                    return self.result(Status.UNKNOWN, [], Limit.TABLE)
                seen.add(k)
                if self.pruned(child, k, seen):
                    continue
                limit = self.over()
                if limit is not None:
                    self.unique = max(self.unique, len(seen))
                    return self.result(Status.UNKNOWN, [], limit)
                self.expanded += 1
                path.append(move)
                stack.append(children(child))
                if len(path) > self.max_depth:
                    self.max_depth = len(path)
                break
            else:
                stack.pop()
                if path:
                    path.pop()
        self.unique = max(self.unique, len(seen))
        return self.result(Status.LOST, [])


def search_windmill(
    game: Windmill,
    start: WindmillState,
    limits: Limits,
    *,
    best_first_budget: int = 20_000,
    beam_widths: tuple[int, ...] = BEAM_WIDTHS,
    prune: bool = True,
    summaries: bool = True,
    sub_games: bool = True,
) -> SolveResult[WindmillMove]:
    """Solve a Windmill position: beams, summaries, best-first for wins, then depth-first.

    The beam widths are tried in turn (see :meth:`_Search.beam`). After
    each beam up to :data:`SUB_GAMES_UP_TO` wide, beams of the same width
    run over sub-games, rules with some moves left out: for each k of
    :data:`SUB_GAME_HOLDS`, one where no waste or reserve card of the next
    k ranks the primary needs goes to a secondary (taken over the
    restricted rules under free rules). Under free rules the restricted
    rules are a sub-game too, and their beam runs before the game's at
    each width up to :data:`RESTRICTED_UP_TO`. A beam keeps
    the positions that look best, and in the full game those are often
    positions that gave the primary's next cards to secondaries, or under
    free rules that shuffled cards between foundations; the sub-games
    cannot, so their beams keep other positions. Every line of a sub-game
    is a line of the game (its moves are moves of the game), so their wins
    are real wins; they never prove a loss. On the last pass under
    restricted rules and with ``summaries`` true, the exact summary search
    of :mod:`.windmill_summaries` takes turns with them: before each beam
    from :data:`SUMMARIES_FROM_WIDTH` on it may expand
    states until it has had as many as the beams, keeping its tables from
    turn to turn, and after the last beam it settles the position within
    the limits that remain (all share one count of states and one clock).
    Its verdict is final. Otherwise the best-first phase
    expands up to ``best_first_budget`` states in order of fewest cards off
    the foundations; if it empties its queue the position is lost, if it
    finds a win the line is returned. Otherwise the depth-first phase
    searches the whole space again (sharing the limits) and its exhaustion
    proves the loss. Soundness of the summaries is argued in their module.

    Soundness of "lost". Both phases generate every position reachable
    through :meth:`Windmill.moves` (which merges only moves with equal keys),
    skipping a position only when
    - its key is already in the table (same future, already or being
      searched; the usual graph-search argument covers cycles, which occur
      only under free rules);
    - the counting bound :func:`stuck_and_lost` holds (argued there);
    - the twin rule (restricted rules only): the position's flag is set and
      the same position with the flag clear is in the table. The flag only
      removes moves (secondary to primary), and every other move gives the
      same position or the same twin pair, so a win from the flagged
      position is a win from its twin. Under restricted rules every move
      raises (cards home, primary size, redeals used, cards dealt)
      lexicographically, so the game has no cycles and the twin, having the
      same value, is not an ancestor of the flagged position: in the
      depth-first phase it is finished and lost; in the best-first phase it
      is searched in full whenever the search ends "lost" (a won position
      skipped this way has a won twin in the table of the same value, and
      a won position of greatest value in the table would be expanded and
      have a won child of greater value in the table, a contradiction).

    With ``prune`` false both rules are off (the plain search the tests
    compare against); with ``sub_games`` false only the game's own beams
    run.
    """
    search = _Search(game, limits, prune)
    if game.is_won(start):
        return search.result(Status.WON, [])
    from .windmill_summaries import SummaryRun, applies  # it imports this module

    run = SummaryRun(search, start) if summaries and applies(game, start) else None
    for width in beam_widths:
        if run is not None and width >= SUMMARIES_FROM_WIDTH:
            # Take turns: before each beam this wide the summaries may
            # expand states until they have had as many as the beams
            # (their tables stay between turns), so from here on a
            # position either settles costs at most about twice what that
            # one alone would.
            res = run.advance(until=search.expanded + max(0, search.expanded - 2 * run.nodes))
            if res is not None:
                return res
        if sub_games and search.restricted is not None and width <= RESTRICTED_UP_TO:
            # Free rules: the restricted rules' beam first. It costs about
            # 60% of the free one and won more of the hard deals (see
            # RESTRICTED_UP_TO).
            res = search.beam(start, width, search.restricted)
            if res is not None:
                return res
        res = search.beam(start, width)
        if res is not None:
            return res
        if sub_games and width <= SUB_GAMES_UP_TO:
            for model in search.sub_models:
                res = search.beam(start, width, model)
                if res is not None:
                    return res
    if run is not None:
        return run.settle()
    if best_first_budget > 0:
        res = search.best_first(start, best_first_budget)
        if res is not None:
            return res
    return search.depth_first(start)


PRESETS = (
    Preset(
        "windmill",
        Windmill,
        WindmillRules(),
        "Windmill as in the seed: two decks, an ace in the centre, secondaries from kings down",
        Limits(max_states=DEFAULT_MAX_STATES),
        (({"foundation_moves": FREE}, Limits(max_states=DEFAULT_MAX_STATES_FREE)),),
    ),
    Preset(
        "windmill-reversed",
        Windmill,
        WindmillRules(direction="down"),
        "the seed's variation: a king in the centre built down, secondaries from aces up",
        Limits(max_states=DEFAULT_MAX_STATES),
        (({"foundation_moves": FREE}, Limits(max_states=DEFAULT_MAX_STATES_FREE)),),
    ),
)
