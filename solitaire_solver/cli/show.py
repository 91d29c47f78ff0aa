"""``show``: a deal in the position file format."""

from __future__ import annotations

import argparse
import sys

from ..api import get_game
from ..games.knobs import parse_rule_assignments
from ..numbering import parse_deal_number
from ..records.deal_files import format_deal
from .common import DEAL_NUMBER_HELP, Commands, add_rule_option


def run(args: argparse.Namespace) -> int:
    """``show GAME NUMBER``: a deal in the position file format."""
    game = get_game(args.game, parse_rule_assignments(args.rule))
    number = parse_deal_number(args.number)
    text = format_deal(game, game.deal(number), deal=number, as_json=args.json)
    sys.stdout.write(text)
    return 0


def register(commands: Commands) -> None:
    """The ``show`` command and its options."""
    p = commands.add_parser(
        "show",
        help="print a deal as a position file, to save, edit and solve with solve --file",
        description="Print a deal in the position file format (see the README).",
    )
    p.add_argument("game", metavar="GAME", help="a game preset, such as decade (see `games`)")
    p.add_argument("number", metavar="NUMBER", help=DEAL_NUMBER_HELP)
    add_rule_option(p)
    p.add_argument("--json", action="store_true", help="print the JSON form of the file")
    p.set_defaults(run=run)
