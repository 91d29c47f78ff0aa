"""``games``: the presets, their rules, their move notation and their solvers' plans."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from ..games import PRESETS, find_preset
from ..games.knobs import rules_knobs
from .common import Commands, print_json


def games_document() -> list[dict[str, Any]]:
    """Every preset with its game, its rules in a player's words, its move notation, the
    page that has the game's details, its knobs and its solver's plan."""
    out = []
    for preset in PRESETS.values():
        knobs = []
        for f in rules_knobs(preset.game.rules_type):
            value = f.metadata["show"](getattr(preset.rules, f.name))
            knobs.append({"name": f.name, "value": value, "doc": f.metadata["doc"]})
        out.append(
            {
                "preset": preset.name,
                "game": preset.game.name,
                "summary": preset.summary,
                "notation": preset.game.notation_for(preset.rules),
                "docs": f"docs/design/games/{preset.game.name}.md",
                "rules": knobs,
                "plan": preset.solver_plan.as_json(),
            }
        )
    return out


def run(args: argparse.Namespace) -> int:
    """``games``: presets and their rules; with ``--plan``, one preset's solver plan."""
    if args.plan is not None:
        preset = find_preset(args.plan)
        if args.json:
            # The form ``solve --plan FILE`` and ``stats --plan FILE`` read back.
            print_json({"preset": preset.name, "plan": preset.solver_plan.as_json()})
            return 0
        print(f"{preset.name}: the solver's plan")
        for line in preset.solver_plan.lines():
            print(f"    {line}")
        return 0
    doc = games_document()
    if args.json:
        print_json(doc)
        return 0
    for i, entry in enumerate(doc):
        if i:
            print()
        print(f"{entry['preset']}  (game {entry['game']})")
        for line in textwrap.wrap(entry["summary"], 76):
            print(f"    {line}")
        moves = f"moves: {entry['notation']} (more in {entry['docs']})"
        for line in textwrap.wrap(moves, 76, subsequent_indent="    "):
            print(f"    {line}")
        for k in entry["rules"]:
            print(f"    {k['name']}={k['value']}  {k['doc']}")
    return 0


def register(commands: Commands) -> None:
    """The ``games`` command and its options."""
    p = commands.add_parser("games", help="list the games, their presets and rules")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument(
        "--plan",
        metavar="PRESET",
        help="print the solver's plan of PRESET: its members, weights, caps and screens, and "
        "the numbers that bound them (with --json, the file solve --plan and stats --plan read)",
    )
    p.set_defaults(run=run)
