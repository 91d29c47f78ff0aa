"""The registry of games and their presets.

Each game module lists its presets in a ``PRESETS`` tuple; this module
gathers them, from the modules named in :data:`GAMES`. :func:`find_preset`
and :func:`make_game` raise :class:`~solitaire_solver.errors.UnknownGameError`
for a name not here.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import Any

from ..errors import BadRuleError, UnknownGameError
from .base import Game, Preset
from .knobs import parse_rule_assignments
from .seen import Seen

GAMES = ("decade", "eagle_wing", "windmill", "black_hole")
"""The game modules (``games/NAME/``), in registry order: their presets are listed in this
order. A new game is one more name here."""

# Each game is loaded by its name, at import time, so that the registry is the one line
# above: an ``import`` statement would name every game twice (once to load it, once for
# the order). tests/test_imports.py reads GAMES to draw these imports in the graph.
_MODULES = tuple(importlib.import_module(f".{name}", __name__) for name in GAMES)

PRESETS: dict[str, Preset] = {p.name: p for m in _MODULES for p in m.PRESETS}
"""Every preset by name, in registry order."""


def kernels() -> dict[str, ModuleType]:
    """Each game's compiled kernel by the game's name (``eagle-wing``), in registry order.

    A game has one when its folder holds a ``kernel`` module (beside its
    ``_kernel.c``, see ``docs/guides/adding-a-game.md``), whose ``built()``
    says whether the extension was built and may be used: ``--version``
    names them from here, so a new kernel needs no edit outside its game.
    """
    out: dict[str, ModuleType] = {}
    for name, module in zip(GAMES, _MODULES, strict=True):
        if importlib.util.find_spec(f"{module.__name__}.kernel") is not None:
            out[name.replace("_", "-")] = importlib.import_module(".kernel", module.__name__)
    return out


def find_preset(name: str) -> Preset:
    """The preset called ``name`` (case and ``_`` versus ``-`` do not matter)."""
    if not isinstance(name, str):
        raise UnknownGameError(f"a game is named by its text, such as 'decade', not {name!r:.60}")
    key = name.strip().lower().replace("_", "-")
    try:
        return PRESETS[key]
    except KeyError:
        known = ", ".join(PRESETS)
        raise UnknownGameError(f"unknown game {name!r} (known: {known})") from None


def make_game(name: str, rules: Mapping[str, Any] | Iterable[str] | None = None) -> Game[Any, Any]:
    """A game from a preset name and knob overrides.

    ``rules`` is a mapping of knob names to values (or their text), or
    ``name=value`` words as the command line takes them.
    """
    preset = find_preset(name)
    if isinstance(rules, str):
        # One text of words, as a position file's 'rules:' line holds them.
        rules = rules.split()
    if rules is not None and not isinstance(rules, (Mapping, Iterable)):
        raise BadRuleError(
            f"rules: expected a mapping such as {{'redeals': 1}} or words such as "
            f"['redeals=1'], not {rules!r:.60}"
        )
    if rules is not None and not isinstance(rules, Mapping):
        rules = parse_rule_assignments(rules)
    return preset.make(rules)


__all__ = ["GAMES", "PRESETS", "Game", "Preset", "Seen", "find_preset", "kernels", "make_game"]
