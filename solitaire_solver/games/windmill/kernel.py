"""The compiled rank model and relaxation (``_kernel.c``): when they apply, and positions.

The extension is built from source by ``pip install``. It restates the rank
model of :mod:`.model` in C on the last pass (no redeal left), where the
stock is this pass's dealing order from a point on, and runs the engine's
compiled beam and discrepancy search over it (``search/native/beam.h``,
``lds.h``); and it restates the relaxed game of :mod:`.relaxation`, searched
by the engine's compiled depth-first search of a state graph
(``search/native/graph.h``). The foundation moves and the counting bound's
room it looks up, in tables that :mod:`.rules` works out from its own
statement (:func:`.rules.foundation_tables`); the refill, the deal, the
twin rule, the counting bound and the beams' orders (:func:`beam_order`) it
states once, as the Python modules do. The Python models stay the
reference: the tests check that both give the same successors in the same
order, and that their searches expand the same positions. Set the
environment variable :data:`~solitaire_solver.search.compiled.PURE` to
``1`` to leave the kernel out (the whole solver then runs on the Python
model, as it does where the extension was not built).

The kernel takes and gives the rank model's compact positions
(:data:`.model.Compact`), as bytes (:func:`encode`, :func:`decode`), and
its rules as bytes (:func:`rules`). Inside, it keeps a position of the pass in
three machine words: the stock as the cards dealt of the pass's dealing
order (:func:`pass_ranks`: the start's waste, bottom first, then its stock),
the waste as its canonical mask over that order, the secondaries' sizes as
four nibbles. The canonical mask is the greedy leftmost embedding of the
waste's ranks (bottom to top) into the ranks of the cards dealt so far: it
exists (the waste is a subsequence of the cards dealt), depends on the
waste's ranks and the order alone, and gives the ranks back, so equal masks
mean equal wastes by rank, which is all the rules look at. The embedding of
a prefix is the prefix of the embedding, so taking the top card off clears
the highest bit; a card dealt goes to the first place above the top with
its rank (:func:`canonical_push`, stepped in C by the places of
:func:`canonical_places`). Only the shuffled orders' hash looks at those
words (:func:`kernel_words`).
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ...search.compiled import PURE as PURE
from ...search.compiled import pure
from .model import SORTED_SIZES, Compact, RankModel, pile_ranks
from .rules import EMPTY, NOWHERE, PRIMARY_FULL, SECONDARY_FULL, on_last_pass

if TYPE_CHECKING:
    from .relaxation import Relaxation

_kernel: ModuleType | None
try:
    from . import _kernel  # type: ignore[attr-defined, no-redef]
except ImportError:  # pragma: no cover - the extension is built by pip install
    _kernel = None

MAX_SEQ = 96
"""The most cards a pass's dealing order may hold for the kernel (a deal's holds 95)."""

KernelWords = tuple[int, int, int]
"""A position as the kernel keeps it: three 64-bit words (see ``_kernel.c``)."""


def built() -> bool:
    """Whether the compiled kernel was built and may be used (:data:`PURE` not set)."""
    return _kernel is not None and not pure()


def can_search(model: RankModel, st: Compact) -> bool:
    """Whether the kernel can search ``model`` from ``st``: built, and no redeal left."""
    return built() and on_last_pass(model.problem.rules, st[6]) and len(pass_ranks(st)) <= MAX_SEQ


@functools.lru_cache(maxsize=16)
def pass_ranks(st: Compact) -> bytes:
    """The ranks of the dealing order of ``st``'s pass as the kernel keeps it, one byte a
    card: the waste, bottom first, then the stock, top first (cards that left the waste for
    good play no further part; from a deal, the deal's order). Each beam of a solve asks."""
    return bytes(pile_ranks(st[5])[::-1] + pile_ranks(st[4]))


def canonical_push(dealing: bytes, mask: int, rank: int) -> int:
    """The canonical mask after a card of ``rank`` goes onto a waste of canonical mask
    ``mask``, over a pass whose ranks are ``dealing``.

    The one step of the canonical waste (see the module docstring): the card
    takes the first place above the top with its rank. The compiled kernel
    makes the same step from a table of those places (:func:`canonical_places`;
    the tests hold the two together).
    """
    return mask | 1 << dealing.index(rank, mask.bit_length())


def canonical_places(dealing: bytes, length: int) -> bytes:
    """Where :func:`canonical_push` puts a card: for each rank r from 0 to 13 (13 is no
    card) and each place i from 0 to ``length``, the first place at or after i of the pass
    ``dealing`` with rank r, or :data:`~.rules.NOWHERE`; ``length`` + 1 bytes a rank.

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


def canonical_mask(dealing: bytes, waste: Iterable[int]) -> int:
    """The canonical mask of a waste whose ranks are ``waste`` (bottom to top), over a pass
    whose ranks are ``dealing``: :func:`canonical_push` a card at a time."""
    mask = 0
    for rank in waste:
        mask = canonical_push(dealing, mask, rank)
    return mask


PLAIN: int = 0
SHUFFLED: int = 1
BURIED: int = 2
AHEAD: int = 3
NEEDS: int = 4
AHEAD_SHUFFLED: int = 5
"""How a beam orders its candidates, least first (the kernel's ``SCORE_*``):

- ``PLAIN``: fewest cards off the foundations (:meth:`.model.RankModel.heuristic`),
  then the longest primary, ties in the order found;
- ``SHUFFLED``: the same, ties broken by eight bits of a hash of the position
  and a seed (:func:`shuffled_tie`), the rest in the order found;
- ``BURIED``: twice the cards off plus the waste cards above the first card
  the primary needs, at most 15 (none when the reserve holds one), then the
  longest primary;
- ``AHEAD``: twice the cards off plus the waste cards above the shallowest
  copies of the primary's next three ranks (:func:`waste_debt`), then the
  longest primary;
- ``NEEDS``: the same over the next rank of the primary and of each
  secondary not full;
- ``AHEAD_SHUFFLED``: ``AHEAD``, ties broken as ``SHUFFLED`` breaks them.

Each is a number (:func:`beam_order`), the same in C and in Python, so the
compiled beam and the engine's keep the same candidates."""

_M64 = (1 << 64) - 1


def _mix(h: int, w: int) -> int:
    h ^= (w + 0x632BE59BD9B4E019 + (h << 6) + (h >> 2)) & _M64
    h = h * 0xBF58476D1CE4E5B9 & _M64
    return h ^ h >> 31


def kernel_words(st: Compact, ranks: bytes) -> KernelWords:
    """The three words in which the kernel keeps the compact position ``st`` of the last
    pass ``ranks``, as its hash reads them: the waste's canonical mask, then the mask's high
    bits with the cards dealt, the primary's size, the flag and the secondaries' sizes (four
    nibbles, smallest lowest), then the reserve."""
    p, flag, secs, res, stock, waste, _used = st
    dealt = len(ranks) - (stock.bit_length() - 1) // 4
    mask = canonical_mask(ranks, reversed(pile_ranks(waste)))
    sizes = sum(size << 4 * i for i, size in enumerate(SORTED_SIZES[secs]))
    high = mask >> 64 | dealt << 32 | p << 39 | int(flag) << 45 | sizes << 46
    return (mask & _M64, high, res)


def state_hash(words: KernelWords) -> int:
    """The kernel's 64-bit hash of a position (``beam_hash`` in ``beam.h``)."""
    h = 0x9E3779B97F4A7C15
    for w in words:
        h = _mix(h, w)
    h = h * 0x94D049BB133111EB & _M64
    return h ^ h >> 29


def shuffled_tie(words: KernelWords, seed: int) -> int:
    """Eight bits of a hash of the position and ``seed`` (``shuffled_tie`` in ``_kernel.c``)."""
    x = (state_hash(words) + seed * 0x9E3779B97F4A7C15) & _M64
    x ^= x >> 30
    x = x * 0xBF58476D1CE4E5B9 & _M64
    x ^= x >> 27
    x = x * 0x94D049BB133111EB & _M64
    x ^= x >> 31
    return x >> 56


def waste_debt(st: Compact, wanted: int) -> int:
    """The waste cards above the shallowest copies of the ranks in ``wanted`` (a bit a rank),
    at most 31 (``waste_debt`` in ``_kernel.c``).

    They are the cards a player must move off the waste to reach a card of
    each of those ranks; a rank the waste lacks counts nothing.
    """
    waste = st[5]
    depth = debt = 0
    while wanted and waste != EMPTY:
        bit = 1 << (waste & 15)
        if wanted & bit:
            debt = depth
            wanted &= ~bit
        depth += 1
        waste >>= 4
    return min(debt, 31)


def wanted_ranks(model: RankModel, kind: int, st: Compact) -> int:
    """The ranks whose waste cards the order ``kind`` (:data:`AHEAD`, :data:`AHEAD_SHUFFLED`
    or :data:`NEEDS`) counts a debt for, a bit a rank (``wanted_ranks`` in ``_kernel.c``).

    The primary's next three ranks (``AHEAD``, shuffled or not), or the next rank of the
    primary and of each secondary not full (``NEEDS``); a rank the reserve
    holds is at hand, and left out.
    """
    p = st[0]
    wanted = 0
    for i in range(p, min(p + (1 if kind == NEEDS else 3), PRIMARY_FULL)):
        wanted |= 1 << model.pneed[i]
    if kind == NEEDS:
        for size in SORTED_SIZES[st[2]]:
            if size < SECONDARY_FULL:
                wanted |= 1 << model.sneed[size]
    for r in range(13):
        if st[3] >> (4 * r) & 15:
            wanted &= ~(1 << r)
    return wanted


def beam_order(
    model: RankModel, kind: int, ranks: bytes = b"", seed: int = 0
) -> Callable[[Compact], int]:
    """The number by which a beam of ``kind`` orders a compact position, least first: the
    one statement in Python of each order (:data:`PLAIN`...), ``beam_score`` in
    ``_kernel.c`` the one in C.

    ``ranks`` is the pass's dealing order (:func:`pass_ranks`), which the
    shuffled orders need to hash a position as the kernel does.
    """
    pneed = model.pneed
    off = model.heuristic  # the cards not yet home

    def plain(st: Compact) -> int:
        return off(st) * 53 + PRIMARY_FULL - st[0]

    def shuffled(st: Compact) -> int:
        return plain(st) * 256 + shuffled_tie(kernel_words(st, ranks), seed)

    def buried(st: Compact) -> int:
        p = st[0]
        debt = 0
        if p < PRIMARY_FULL and not st[3] >> 4 * pneed[p] & 15:
            debt = min(waste_debt(st, 1 << pneed[p]), 15)
        return (2 * off(st) + debt) * 53 + PRIMARY_FULL - p

    def debt(st: Compact) -> int:
        wanted = wanted_ranks(model, kind, st)
        return (2 * off(st) + waste_debt(st, wanted)) * 53 + PRIMARY_FULL - st[0]

    def debt_shuffled(st: Compact) -> int:
        return debt(st) * 256 + shuffled_tie(kernel_words(st, ranks), seed)

    return (plain, shuffled, buried, debt, debt, debt_shuffled)[kind]


_HEAD = struct.Struct("<B?BQQ")
_PILE = MAX_SEQ // 2 + 1
_STOCK, _WASTE = _HEAD.size, _HEAD.size + _PILE


def encode(st: Compact) -> bytes:
    """The compact position ``st`` as the kernel reads it (``read_position`` in ``_kernel.c``):
    its ints in little-endian bytes, each pile's packed int as it stands."""
    p, flag, secs, res, stock, waste, used = st
    piles = stock.to_bytes(_PILE, "little") + waste.to_bytes(_PILE, "little")
    return _HEAD.pack(p, flag, used, secs, res) + piles


def decode(b: bytes) -> Compact:
    """The compact position the kernel wrote as ``b`` (:func:`encode`'s bytes)."""
    p, flag, used, secs, res = _HEAD.unpack_from(b)
    stock, waste = int.from_bytes(b[_STOCK:_WASTE], "little"), int.from_bytes(b[_WASTE:], "little")
    return (p, flag, secs, res, stock, waste, used)


def line(records: Sequence[bytes]) -> list[Compact]:
    """A compiled search's line (its records, :func:`decode`)."""
    return [decode(b) for b in records]


def beam(model: RankModel, start: Compact, width: int, order: int = PLAIN, seed: int = 0) -> Any:
    """The kernel's beam of ``width`` over ``model`` from ``start``: the engine's beam as
    :func:`.solver.beam_over` runs it over the Python model (the twin rule as the dominator
    under restricted rules), run by :func:`~solitaire_solver.search.compiled`."""
    assert _kernel is not None
    twin = hasattr(model, "dominators")
    made = rules(model, pass_ranks(start), order, seed)
    return _kernel.Search("beam", made, encode(start), (width, twin))


def discrepancies(model: RankModel, start: Compact) -> Any:
    """The kernel's limited discrepancy search over ``model`` from ``start``: the engine's
    :func:`~solitaire_solver.search.lds` over the model, run by
    :func:`~solitaire_solver.search.compiled`."""
    assert _kernel is not None
    return _kernel.Search("lds", rules(model, pass_ranks(start)), encode(start))


def relaxed(cut: Relaxation) -> Any:
    """The kernel's depth-first search of the relaxed game ``cut`` (see :mod:`.relaxation`).

    Its positions are packed as the Python search's
    (:data:`.relaxation.RelaxedState`; a little-endian word as they cross),
    and it expands the same relaxed positions in the same order as the
    engine's :func:`~solitaire_solver.search.dfs` over ``cut``, run by
    :func:`~solitaire_solver.search.compiled`; it gives no line (a relaxed win
    proves nothing).
    """
    assert _kernel is not None
    rules, (every, total), n = cut.rules, cut.everything, len(cut.stack) + len(cut.stock)
    head = struct.pack("<BB?iQ", len(cut.stack), len(cut.stock), rules.free, total - n, every)
    spec = head + bytes(cut.stack) + bytes(cut.stock) + bytes(rules.pneed) + bytes(rules.sneed)
    made = _kernel.Rules("relaxed", spec + rules.foundations.tables)
    return _kernel.Search("relaxed", made, cut.root.to_bytes(8, "little"))


@functools.lru_cache(maxsize=16)
def _places(ranks: bytes) -> bytes:
    """:func:`.rules.canonical_places` of the pass ``ranks``, for the kernel: the members of a
    solve make their rules again and again for the one pass of a deal."""
    return canonical_places(ranks, MAX_SEQ)


def rules(model: RankModel, ranks: bytes, order: int = PLAIN, seed: int = 0) -> Any:
    """The kernel's rules of ``model`` (its moves, sub-game included) for the pass ``ranks``,
    with the order a beam keeps its candidates in (:data:`PLAIN`...): the bytes
    ``make_rank`` in ``_kernel.c`` reads. Its answers (``ask``) are :func:`encode`'s bytes."""
    assert _kernel is not None
    head = struct.pack("<BBBBQ", len(ranks), model.hold, model.redeals, order, seed)
    tables = bytes(model.pneed) + bytes(model.sneed) + model.foundations.rules.tables
    return _kernel.Rules("rank", head + ranks + _places(ranks) + tables)
