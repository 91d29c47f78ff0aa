"""The compiled rank model and relaxation (``_kernel.c``): when they apply, and positions.

The extension is built from source by ``pip install``. It restates the rank
model of :mod:`.model` in C on the last pass (no redeal left), where the
stock is this pass's dealing order from a point on, and runs the engine's
compiled beam over it (``search/native/beam.h``); and it restates the relaxed
game of :mod:`.relaxation`, searched by the engine's compiled depth-first
search of a state graph (``search/native/graph.h``). What the rules say it
looks up, in tables that :mod:`.rules` works out from its own statements
(:func:`.rules.foundation_tables`): the foundation moves, the counting
bound's room, which pile a refill or a deal takes its card from, and the
twin rule. The Python models stay the reference: the tests check that both
give the same successors in the same order, and that their searches expand
the same positions. The discrepancy search over the rank model is compiled
too (``search/native/lds.h``).

Set the environment variable :data:`~solitaire_solver.search.compiled.PURE`
to ``1`` to leave the compiled kernel out (the whole solver then runs on
the Python model, as it does where the extension was not built).

The kernel takes and gives positions in the rank model's compact form
(:data:`.model.Compact`), the one form the model, the summaries and the
kernel share. Inside, it keeps a position on the last pass in three machine
words: the stock as the cards dealt (on the last pass it is the rest of the
pass's dealing order), the waste as its canonical mask over that order
(:func:`.rules.ranked_waste`, stepped by the places of
:func:`.rules.canonical_places`), the secondaries' sizes as four nibbles;
``_kernel.c`` reads and writes the compact form at its edge, and the tests
check that every position comes back as it went in. Only the shuffled
orders' hash looks at those words (:func:`kernel_words`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ...search.compiled import PURE as PURE
from ...search.compiled import pure
from .model import (
    ALL_FULL,
    EMPTY,
    SECONDARY_CARDS,
    SORTED_SIZES,
    Compact,
    RankModel,
    compact,
)
from .rules import (
    CARDS,
    PRIMARY_FULL,
    SECONDARY_FULL,
    WindmillState,
    canonical_mask,
    canonical_places,
    on_last_pass,
)

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


def can_search(model: RankModel, state: WindmillState) -> bool:
    """Whether the kernel can search ``model`` from ``state``: built, and no redeal left."""
    return built() and on_last_pass(model.problem.rules, state) and len(state.seq) <= MAX_SEQ


PLAIN: int = 0
SHUFFLED: int = 1
BURIED: int = 2
AHEAD: int = 3
NEEDS: int = 4
AHEAD_SHUFFLED: int = 5
"""How a beam orders its candidates, least first (the kernel's ``SCORE_*``):

- ``PLAIN``: fewest cards off the foundations, then the longest primary
  (:func:`.model.beam_score`), ties in the order found;
- ``SHUFFLED``: the same, ties broken by eight bits of a hash of the position
  and a seed (:func:`shuffled_tie`), the rest in the order found;
- ``BURIED``: twice the cards off plus the waste cards above the first card
  the primary needs (:meth:`.model.RankModel.buried`), then the longest
  primary;
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
    bits with the cards dealt, the primary's size, the flag and the secondaries' sizes
    (:func:`nibbles`), then the reserve."""
    p, flag, secs, res, stock, waste, _used = st
    dealt = len(ranks) - (stock.bit_length() - 1) // 4
    tops = []
    while waste != EMPTY:
        tops.append(waste & 15)
        waste >>= 4
    mask = canonical_mask(ranks, reversed(tops))
    high = mask >> 64 | dealt << 32 | p << 39 | int(flag) << 45 | nibbles(SORTED_SIZES[secs]) << 46
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


def beam_order(model: RankModel, kind: int, ranks: bytes, seed: int = 0) -> Any:
    """The number by which a beam of ``kind`` orders a compact position, least first.

    ``ranks`` is the pass's dealing order (:func:`seq_ranks`), which the
    shuffled order needs to hash a position as the kernel does.
    """

    def plain(st: Compact) -> int:
        p = st[0]
        return (CARDS - p - SECONDARY_CARDS[st[2]]) * 53 + PRIMARY_FULL - p

    def shuffled(st: Compact) -> int:
        return plain(st) * 256 + shuffled_tie(kernel_words(st, ranks), seed)

    def buried(st: Compact) -> int:
        p = st[0]
        off = CARDS - p - SECONDARY_CARDS[st[2]]
        return (2 * off + model.buried(st)) * 53 + PRIMARY_FULL - p

    def debt(st: Compact) -> int:
        p = st[0]
        off = CARDS - p - SECONDARY_CARDS[st[2]]
        return (2 * off + waste_debt(st, wanted_ranks(model, kind, st))) * 53 + PRIMARY_FULL - p

    def debt_shuffled(st: Compact) -> int:
        return debt(st) * 256 + shuffled_tie(kernel_words(st, ranks), seed)

    return (plain, shuffled, buried, debt, debt, debt_shuffled)[kind]


def beam(
    model: RankModel, start: WindmillState, width: int, order: int = PLAIN, seed: int = 0
) -> Any:
    """The kernel's beam of ``width`` over ``model`` from ``start``.

    It is the engine's beam as :func:`.solver.beam_over` runs it over the
    Python model (plays within a round, the deal across, the table emptied
    each round, the twin rule as the dominator under restricted rules), run
    by :func:`~solitaire_solver.search.compiled`; its line is the model's
    compact positions.
    """
    assert _kernel is not None
    twin = hasattr(model, "dominators")
    return _kernel.Beam(rules(model, seq_ranks(start), order, seed), compact(start), width, twin)


def discrepancies(model: RankModel, start: WindmillState) -> Any:
    """The kernel's limited discrepancy search over ``model`` from ``start``.

    It expands the same positions in the same order as the engine's
    :func:`~solitaire_solver.search.lds` over :class:`RankGraph`, run by
    :func:`~solitaire_solver.search.compiled`; its line is the model's compact
    positions.
    """
    assert _kernel is not None
    return _kernel.Lds(rules(model, seq_ranks(start)), compact(start))


def relaxed(cut: Relaxation) -> Any:
    """The kernel's depth-first search of the relaxed game ``cut`` (see :mod:`.relaxation`).

    Its positions are packed as the Python search's
    (:data:`.relaxation.RelaxedState`), and it expands the same relaxed
    positions in the same order as the engine's
    :func:`~solitaire_solver.search.dfs` over ``cut``, run by
    :func:`~solitaire_solver.search.compiled`; it gives no line (a relaxed win
    proves nothing).
    """
    assert _kernel is not None
    rules = cut.rules
    every, total = cut.everything
    return _kernel.Relaxed(
        bytes(cut.stack),
        bytes(cut.stock),
        bytes(rules.pneed),
        bytes(rules.sneed),
        rules.foundations.tables,
        rules.free,
        every,
        total - len(cut.stack) - len(cut.stock),
        cut.root,
    )


def nibbles(sizes: Sequence[int]) -> int:
    """The kernel's secondary sizes: the four sizes, smallest first, a nibble each."""
    a, b, c, d = sizes
    return a | b << 4 | c << 8 | d << 12


def seq_ranks(state: WindmillState) -> bytes:
    """The ranks of this pass's dealing order, one byte a card."""
    return bytes(c % 13 for c in state.seq)


@functools.lru_cache(maxsize=16)
def _places(ranks: bytes) -> bytes:
    """:func:`.rules.canonical_places` of the pass ``ranks``, for the kernel: the members of a
    solve make their rules again and again for the one pass of a deal."""
    return canonical_places(ranks, MAX_SEQ)


def rules(model: RankModel, ranks: bytes, order: int = PLAIN, seed: int = 0) -> Any:
    """The kernel's rules of ``model`` (its moves, sub-game included) for the pass ``ranks``,
    with the order a beam keeps its candidates in (:data:`PLAIN`...)."""
    assert _kernel is not None
    return _kernel.Rules(
        ranks,
        _places(ranks),
        bytes(model.pneed),
        bytes(model.sneed),
        model.foundations.rules.tables,
        model.hold,
        model.redeals,
        order,
        seed,
    )


class RankGraph:
    """The rank model's moves on the last pass, made by the kernel, as an engine problem
    given by its successors (:class:`~solitaire_solver.search.Expandable`).

    A position is a compact one (:data:`.model.Compact`), its own canonical
    key; a move is the position it leads to. The successors are
    :meth:`.model.RankModel.moves` in the kernel (the plays in the model's
    order, then the deal), which the tests check against the Python model,
    so a search over this graph expands the positions a search over the
    model expands, in the same order, at a fraction of the cost.
    """

    def __init__(self, model: RankModel, ranks: bytes) -> None:
        """The moves of ``model`` (the game's own or a sub-game's) on the pass ``ranks``."""
        made = rules(model, ranks)
        self._plays = made.plays
        self._across = made.across

    def successors(self, state: Compact) -> list[tuple[Compact, Compact]]:
        """The plays, then the deal, each as ``(move, position)``: the same."""
        out = [(c, c) for c in self._plays(state)]
        dealt = self._across(state)
        if dealt is not None:
            out.append((dealt, dealt))
        return out

    def is_won(self, state: Compact) -> bool:
        """Every card on the foundations."""
        return state[0] == PRIMARY_FULL and state[2] == ALL_FULL

    def key(self, state: Compact) -> Compact:
        """The position is its own canonical key."""
        return state
