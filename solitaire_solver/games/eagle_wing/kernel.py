"""The compiled compact model (``_kernel.c``) and the engine's depth-first search over it.

The extension is built from source by ``pip install``. It restates
:class:`.model.EagleWingModel` in C (the same positions, moves, reductions
and order) and runs the engine's compiled depth-first search over it
(``search/native/dfs.h``): the same search as
:func:`~solitaire_solver.search.dfs` over the Python model, with the same
counts and the same line. The Python model stays the reference; the tests
compare the two.

Positions and moves cross over as the Python model writes them
(:data:`.model.Position`, :data:`.model.CardMove`), so the won line is lifted
to game moves by :meth:`.model.EagleWingModel.lift` as before. Keys proved
lost are kept in C (``_kernel.Lost``), in the
:class:`~solitaire_solver.search.Memo`'s compiled tables under :data:`NAME`,
so searches that share a memo share them too.

Set the environment variable :data:`~solitaire_solver.search.compiled.PURE`
to ``1`` to leave the kernel out.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ...search import Memo
from ...search.compiled import pure
from .model import EagleWingModel, Position
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


def rules(model: EagleWingModel) -> Any:
    """The kernel's rules for ``model``: its trunk, the card each wing takes
    (:func:`.rules.wing_takes`), building, redeals, the rank not sent home unasked and each
    card's successor on its foundation."""
    assert _kernel is not None
    return _kernel.Rules(
        tuple(model.trunk),
        wing_takes(model.rules),
        model.macro,
        model.redeals,
        model.unsafe_rank,
        model.after,
    )


def lost(memo: Memo | None) -> Any:
    """The kernel's keys proved lost that ``memo`` carries (made on first use), or None."""
    assert _kernel is not None
    if memo is None:
        return None
    table = memo.compiled.get(NAME)
    if table is None:
        table = memo.compiled[NAME] = _kernel.Lost()
    return table


def dfs(model: EagleWingModel, root: Position, depth: int, memo: Memo | None = None) -> Any:
    """The kernel's depth-first search over ``model`` from ``root``, sharing ``memo``.

    ``depth`` is the game moves made to reach ``root`` (the model's first
    safe moves), as :func:`~solitaire_solver.search.dfs` takes it. Run it with
    :func:`~solitaire_solver.search.compiled`; its line is the model's card
    moves.
    """
    assert _kernel is not None
    return _kernel.Dfs(rules(model), root, depth, lost(memo))
