"""The compiled compact model (``_kernel.c``) and the engine's depth-first search over it.

The extension is built from source by ``pip install``. It restates
:class:`.model.EagleWingModel` in C (the same positions, moves, reductions
and order) and runs the engine's compiled depth-first search over it
(``search/native/dfs.h``): the same search as
:func:`~solitaire_solver.search.dfs` over the Python model, with the same
counts and the same line. The Python model stays the reference; the tests
compare the two.

Positions and moves cross over as bytes (:func:`encode`, :func:`moves`),
read back as the Python model writes them (:data:`.model.Position`,
:data:`.model.CardMove`), so the won line is lifted to game moves by
:meth:`.model.EagleWingModel.lift` as before. Keys proved lost are kept in C
(a ``_kernel.Table``), in the
:class:`~solitaire_solver.search.Memo`'s compiled tables under :data:`NAME`,
so searches that share a memo share them too.

Set the environment variable :data:`~solitaire_solver.search.compiled.PURE`
to ``1`` to leave the kernel out.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from ...search import Memo
from ...search.compiled import pure
from .model import CardMove, EagleWingModel, Position
from .rules import wing_takes

_kernel: ModuleType | None
try:
    from . import _kernel  # type: ignore[attr-defined, no-redef]
except ImportError:  # pragma: no cover - the extension is built by pip install
    _kernel = None

NAME = "eagle-wing"
"""Where a memo keeps the kernel's keys proved lost (:attr:`.Memo.compiled`)."""


def built() -> bool:
    """Whether the compiled kernel was built and may be used (``PURE`` not set)."""
    return _kernel is not None and not pure()


_MOVE = struct.Struct("<4bh")


def encode(pos: Position) -> bytes:
    """``pos`` as the kernel takes it (``read_pos`` in ``_kernel.c``): its place, each suit's
    next card, the trunk cards left, the wings and the talon."""
    (need, trunk_left, wings, talon), place = pos
    head = struct.pack(f"<i4bBB{len(wings)}H", place, *need, trunk_left, len(wings), *wings)
    return head + talon


def decode(b: bytes) -> Position:
    """The position the kernel wrote as ``b`` (:func:`encode`'s bytes)."""
    place, *need, trunk_left, n = struct.unpack_from("<i4bBB", b)
    wings = struct.unpack_from(f"<{n}H", b, 10)
    return (tuple(need), trunk_left, wings, b[10 + 2 * n :]), place


def moves(records: Sequence[bytes]) -> tuple[CardMove, ...]:
    """The kernel's moves (a won line's records) as the Python model writes them."""
    return tuple(_MOVE.unpack_from(r) for r in records)


def rules(model: EagleWingModel) -> Any:
    """The kernel's rules for ``model``: building, redeals, the rank not sent home unasked,
    its trunk, each card's successor on its foundation and the card each wing takes
    (:func:`.rules.wing_takes`); the bytes ``make_rules`` in ``_kernel.c`` reads."""
    assert _kernel is not None
    head = struct.pack("<?BbB", model.macro, model.redeals, model.unsafe_rank, len(model.trunk))
    after = struct.pack("<52b", *model.after)
    return _kernel.Rules("model", head + bytes(model.trunk) + after + wing_takes(model.rules))


def lost(memo: Memo | None) -> Any:
    """The kernel's keys proved lost that ``memo`` carries (made on first use), or None."""
    assert _kernel is not None
    if memo is None:
        return None
    table = memo.compiled.get(NAME)
    if table is None:
        table = memo.compiled[NAME] = _kernel.Table()
    return table


def dfs(model: EagleWingModel, root: Position, depth: int, memo: Memo | None = None) -> Any:
    """The kernel's depth-first search over ``model`` from ``root``, sharing ``memo``.

    ``depth`` is the game moves made to reach ``root`` (the model's first
    safe moves), as :func:`~solitaire_solver.search.dfs` takes it. Run it with
    :func:`~solitaire_solver.search.compiled`, its line through :func:`moves`:
    the model's card moves.
    """
    assert _kernel is not None
    return _kernel.Search("dfs", rules(model), encode(root), (depth,), lost(memo))
