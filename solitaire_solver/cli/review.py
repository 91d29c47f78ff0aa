"""``review``: the first move that lost a won game, and one that would have kept it."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .. import __version__
from ..advice.analysis import Outcome, Review, review_line
from ..api import play_line
from ..cards import count_text
from ..errors import BadOptionError
from ..games.knobs import rules_items, rules_text
from ..pages.viewer import check_html_path, solution_html, write_html
from ..progress import solve_progress
from .common import (
    PROG,
    Commands,
    add_limit_options,
    print_json,
    search_document,
    solve_request,
)
from .position import game_title, played_moves, player_arguments, start_position


def _outcome_status(outcome: Outcome) -> str:
    if outcome in (Outcome.WON, Outcome.WINNABLE):
        return "won"
    if outcome in (Outcome.NEVER, Outcome.LOST_AT):
        return "lost"
    return "unknown"


def review_document(result: Review, deal: str | None) -> dict[str, Any]:
    """The JSON form of a review."""
    game = result.game

    losing = result.moves[result.losing] if result.losing is not None else None

    def move_doc(index: int | None, move: Any) -> dict[str, Any] | None:
        if index is None or move is None:
            return None
        return {
            "number": index + 1,
            "move": str(move),
            "description": game.describe(result.positions[index], move),
        }

    return {
        "game": game.preset,
        "rules": dict(rules_items(game.rules)),
        "deal": deal,
        "moves": len(result.moves),
        "outcome": result.outcome.value,
        "summary": result.summary(),
        "losing_move": move_doc(result.losing, losing),
        "keeping_move": move_doc(result.losing, result.keeping),
        "keeping_line": [str(m) for m in result.keeping_line],
        "won_at": result.won_at,
        "lost_at": result.lost_at,
        "stopped_by": result.stopped_by or None,
        "searched": {str(i): r.status.value for i, r in sorted(result.verdicts.items())},
        "stats": search_document(result.stats, result.searches),
        "solver_version": __version__,
    }


def run(args: argparse.Namespace) -> int:
    """``review GAME NUMBER --moves ...``: the move that lost a won game, if one did."""
    game, start, deal = start_position(args, "review")
    request = solve_request(args, game)
    if args.moves is None and args.moves_file is None and not getattr(args, "file_moves", ()):
        raise BadOptionError(
            'review needs the moves played: --moves "M1 M2 ..." or --moves-file PATH, '
            "or a game file that play saved as --file"
        )
    played = played_moves(args, game)
    moves = [m for m, _, _ in play_line(game, start, played)]
    # Checked before the searches, which may be long, rather than after them.
    html_path = check_html_path(args.html) if args.html is not None else None
    progress = solve_progress(sys.stderr, quiet=args.json)
    try:
        result = review_line(game, start, moves, request=request, watch=progress)
    finally:
        if progress is not None:
            progress.finish()
    doc = review_document(result, deal)
    if args.file is not None:
        doc["file"] = args.file
    if html_path is not None:
        marks = {}
        if result.losing is not None:
            note = "this move lost a won game"
            if result.keeping is not None:
                note += f"; {result.keeping_text()} kept it won"
            marks[result.losing + 1] = note
        page = solution_html(
            game,
            start,
            moves,
            title=f"{game_title(game, deal, args.file)}: review",
            verdict_text=result.summary(),
            status=_outcome_status(result.outcome),
            marks=marks,
        )
        doc["html"] = str(write_html(html_path, page))
        print(f"{PROG}: wrote the page {html_path}", file=sys.stderr)
    if args.json:
        print_json(doc)
        return 0
    rules = rules_text(game.rules)
    title = f"{game_title(game, deal, args.file)}: review of {count_text(len(moves), 'move')}"
    print(f"{title}  ({rules})" if rules else title)
    print(f"verdict: {result.summary()}")
    if result.keeping_line:
        line = " ".join(str(m) for m in result.keeping_line)
        print(f"a winning line from before move {(result.losing or 0) + 1}: {line}")
    # A won game needs no search, so it may have no settled position to list.
    if result.verdicts:
        settled = ", ".join(f"{i} {r.status.value}" for i, r in sorted(result.verdicts.items()))
        print(f"positions settled (moves played, verdict): {settled}")
    s = result.stats
    print(
        f"search: {count_text(result.searches, 'search')}, "
        f"{count_text(s.expanded, 'state')} expanded, {s.elapsed:.3f} s"
    )
    return 0


def register(commands: Commands) -> None:
    """The ``review`` command and its options."""
    p = commands.add_parser(
        "review",
        help="replay a game and name the first move that lost a won game",
        description="Replay a game and name the first move after which a winnable position "
        "was lost, with a move that would have kept it won; or say that the deal was never "
        "winnable, that no move lost it, or that the game was won. Each verdict is exact "
        "(unless a limit stops a search, which is then named); the search bisects the line.",
    )
    player_arguments(p)
    p.add_argument(
        "--moves",
        metavar='"M1 M2 ..."',
        help="the moves played, in notation, separated by spaces or commas",
    )
    p.add_argument(
        "--moves-file",
        metavar="PATH",
        help="read the moves from a file (words, # comments; or solve --json's output; - for "
        "standard input)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument(
        "--html",
        metavar="PATH",
        help="also write a web page that steps through the game, the losing move marked",
    )
    add_limit_options(p)
    p.set_defaults(run=run)
