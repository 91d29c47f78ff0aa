"""``verify``: replay a line of moves and say whether it wins."""

from __future__ import annotations

import argparse
import re

from .. import __version__
from ..api import verify
from ..cards import count_text
from ..errors import BadMoveError, BadOptionError, HiddenCardsError
from ..games.knobs import rules_items
from .common import EXIT_NOT_WON, Commands, print_json
from .position import game_title, played_moves, player_arguments, start_position


def run(args: argparse.Namespace) -> int:
    """``verify GAME NUMBER --moves ...``: replay a line and say whether it wins."""
    game, start, deal = start_position(args, "verify")
    # A game file (play's save) holds its moves, which are the line unless others are given.
    if args.moves is None and args.moves_file is None and not getattr(args, "file_moves", ()):
        raise BadOptionError(
            'verify needs the moves: --moves "M1 M2 ..." or --moves-file PATH, '
            "or a game file (play's save) with --file"
        )
    if game.has_hidden(start):
        raise HiddenCardsError(
            f"{args.file}: the position hides cards (??): verify needs every card"
        )
    played = played_moves(args, game)
    check = verify(game, start, played)
    title = game_title(game, deal, args.file)
    reason = check.reason
    failed = None
    if check.failed_at is not None:
        failed = played[check.failed_at]
        number, _, rest = reason.partition(":")
        # Every reason starts "move N:"; one that does not quote the move
        # (a move after the game was won) gets it beside its number.
        if not re.search(rf"(?:^|[\s'\"]){re.escape(failed)}(?:$|[\s'\":,])", rest):
            reason = f"{number} ({failed}):{rest}"
    if args.json:
        doc = {
            "game": game.preset,
            "rules": dict(rules_items(game.rules)),
            "deal": deal,
            "moves": len(played),
            "legal": check.legal,
            "won": check.won and check.legal,
            "played": check.played,
            "failed_at": None if check.failed_at is None else check.failed_at + 1,
            "move": failed,
            "reason": reason or None,
            "cards_left": game.cards_left(check.position),
            "solver_version": __version__,
        }
        if args.file is not None:
            doc["file"] = args.file
        print_json(doc)
    if not check.legal:
        raise BadMoveError(f"{title}: {reason}")
    if args.json:
        return 0 if check.won else EXIT_NOT_WON
    if check.won:
        print(f"{title}: the line wins: {count_text(check.played, 'move')}, every one legal")
        return 0
    print(f"{title}: the line does not win: every move is legal, but it {reason}")
    return EXIT_NOT_WON


def register(commands: Commands) -> None:
    """The ``verify`` command and its options."""
    p = commands.add_parser(
        "verify",
        help="replay a line of moves and say whether it wins (exit status 0 won, 1 not won)",
        description="Replay a line of moves from a deal or a position, checking every move, "
        "and say whether it ends in a won position. Exit status 0: it wins; 1: every move "
        "is legal but the game is not won; 2: a move is illegal or unreadable (named with "
        "its number), or other bad input.",
    )
    player_arguments(p)
    p.add_argument(
        "--moves",
        metavar='"M1 M2 ..."',
        help="the moves, in notation, separated by spaces or commas",
    )
    p.add_argument(
        "--moves-file",
        metavar="PATH",
        help="read the moves from a file (words, # comments; or solve --json's output; - for "
        "standard input)",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print one JSON document (for an illegal move too, with the error line)",
    )
    p.set_defaults(run=run)
