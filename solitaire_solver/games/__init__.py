"""The registry of games and their presets.

Each game module lists its presets in a ``PRESETS`` tuple; this module
gathers them. :func:`find_preset` and :func:`make_game` raise
:class:`~solitaire_solver.errors.UnknownGameError` for a name not here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import UnknownGameError
from . import black_hole, decade, eagle_wing, windmill
from .base import Game, Preset
from .knobs import parse_rule_assignments
from .seen import Seen

_MODULES = (decade, eagle_wing, windmill, black_hole)

PRESETS: dict[str, Preset] = {p.name: p for m in _MODULES for p in m.PRESETS}
"""Every preset by name, in registry order."""


def find_preset(name: str) -> Preset:
    """The preset called ``name`` (case and ``_`` versus ``-`` do not matter)."""
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
    if rules is not None and not isinstance(rules, Mapping):
        rules = parse_rule_assignments(rules)
    return preset.make(rules)


__all__ = ["PRESETS", "Game", "Preset", "Seen", "find_preset", "make_game"]
