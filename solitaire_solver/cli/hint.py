"""``hint``: every legal move of a position with its verdict, or its chance under ``--fair``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from .. import __version__
from ..advice.analysis import Analysis, analyse
from ..advice.fair import fair_hint_now
from ..api import play_line
from ..cards import count_text
from ..errors import BadOptionError
from ..games import Game
from ..games.knobs import rules_items, rules_text
from ..pages.words import Style, fair_hint_lines, hint_lines
from ..pages.words import hint_document as fair_hint_document
from ..progress import solve_progress
from ..request import SolveRequest
from .common import (
    Commands,
    add_limit_options,
    check_samples,
    colour_option,
    fair_sampling_options,
    options_going_with,
    print_json,
    search_document,
    solve_request,
)
from .position import game_title, played_moves, player_arguments, start_position


def hint_document(analysis: Analysis, deal: str | None, played: Sequence[Any]) -> dict[str, Any]:
    """The JSON form of an analysed position: every legal move, each with the move listed
    for its group of moves that lead to the same position up to symmetry (``group``, its
    own notation when it stands for the group or has no twin) and the others (``also``)."""
    game, own = analysis.game, analysis.result
    best = analysis.recommended
    group = {
        member.index: (listed, (listed, *others))
        for listed, others in analysis.groups()
        for member in (listed, *others)
    }

    def line(moves: Sequence[Any]) -> list[str]:
        return [str(m) for m in moves]

    return {
        "game": game.preset,
        "rules": dict(rules_items(game.rules)),
        "deal": deal,
        "played": line(played),
        "status": own.status.value,
        "stopped_by": own.stop_reason() or None,
        "moves_to_win": len(own.moves) if own.won else None,
        "line": line(own.moves),
        "recommended": best.notation if best is not None else None,
        "rows": [
            {
                "number": r.index + 1,
                "move": r.notation,
                "description": r.description,
                "status": r.status.value,
                "moves_to_win": r.length,
                "shortest": r.result.shortest if r.result.won else None,
                "stopped_by": r.result.stop_reason() or None,
                "recommended": r.recommended,
                "line": line(r.result.moves),
                "group": group[r.index][0].notation,
                "also": [m.notation for m in group[r.index][1] if m is not r],
            }
            for r in analysis.rows
        ],
        "stats": search_document(analysis.stats, analysis.searches),
        "solver_version": __version__,
    }


def _heading(
    args: argparse.Namespace,
    game: Game[Any, Any],
    deal: str | None,
    moves: Sequence[Any],
    position: Any,
    how: str = "",
) -> Style:
    """Print the game, the moves played, the rules and the position; the style to go on in."""
    style = Style.for_stream(sys.stdout, args.colour)
    rules = rules_text(game.rules)
    where = f"after {count_text(len(moves), 'move')}" if moves else "at the start"
    title = f"{game_title(game, deal, args.file)}, {where}{how}"
    print(f"{title}  ({rules})" if rules else title)
    print(style.cards(game.show(position)))
    print()
    return style


def run(args: argparse.Namespace) -> int:
    """``hint GAME NUMBER [--moves ...]``: every move of a position with its verdict."""
    game, start, deal = start_position(args, "hint")
    request = solve_request(args, game)
    played = played_moves(args, game)
    # A game saved while played fair goes on fair here too: its hint sees what its table shows.
    saved_fair, _ = getattr(args, "file_fair", (False, None))
    fair = args.fair or saved_fair or game.has_hidden(start)
    options_going_with(args, "--fair", fair, ("--samples", "--seed", "--all-samples"))
    if fair:
        check_samples(args, game)
        # The samples' request: the caller's limits, or the plan's fair limits.
        return _fair_hint(
            args, game, start, deal, played, SolveRequest.samples(game, request.given)
        )
    # The searches show their progress on a terminal (a Windmill hint may take minutes).
    progress = solve_progress(sys.stderr, quiet=args.json)
    try:
        analysis = analyse(request, start, played, watch=progress)
    finally:
        if progress is not None:
            progress.finish()
    moves = [m for m, _, _ in play_line(game, start, played)]
    if args.json:
        doc = hint_document(analysis, deal, moves)
        if args.file is not None:
            doc["file"] = args.file
        print_json(doc)
        return 0
    style = _heading(args, game, deal, moves, analysis.position)
    for line in hint_lines(analysis, style):
        print(line)
    s = analysis.stats
    print()
    print(
        f"search: {count_text(analysis.searches, 'search')}, "
        f"{count_text(s.expanded, 'state')} expanded, {s.elapsed:.3f} s"
    )
    return 0


def _fair_hint(
    args: argparse.Namespace,
    game: Game[Any, Any],
    start: Any,
    deal: str | None,
    played: list[str],
    request: SolveRequest,
) -> int:
    """``hint --fair``: each legal move's chance for a player who sees what the game shows."""
    if args.shortest:
        raise BadOptionError("--shortest does not go with --fair (a chance has no line)")
    if played and game.has_hidden(start):
        raise BadOptionError(
            "--moves: the file hides cards, and a move may turn one face up; give the "
            "position as it stands now"
        )
    moves = [m for m, _, _ in play_line(game, start, played)]
    positions = [start]
    for m in moves:
        positions.append(game.apply(positions[-1], m))
    progress = solve_progress(sys.stderr, quiet=args.json)
    try:
        # The moves played are the game's line: among equals, no move back along it.
        seen, hint = fair_hint_now(
            game,
            positions,
            samples=args.samples,
            seed=args.seed,
            request=request,
            quick=not args.all_samples,
            progress=progress,
        )
    finally:
        if progress is not None:
            progress.finish()
    if args.json:
        doc: dict[str, Any] = {
            "game": game.preset,
            "rules": dict(rules_items(game.rules)),
            "deal": deal,
            "played": [str(m) for m in moves],
            **fair_hint_document(game, seen, hint),
            "solver_version": __version__,
        }
        if args.file is not None:
            doc["file"] = args.file
        print_json(doc)
        return 0
    style = _heading(args, game, deal, moves, seen.state, ", as a player sees it")
    for line in fair_hint_lines(game, seen, hint):
        print(style.cards(line))
    print()
    print(
        f"search: {count_text(hint.solves, 'exact solve')}, {hint.seconds:.3f} s "
        "(see docs/guides/players.md: what the figures mean)"
    )
    return 0


def register(commands: Commands) -> None:
    """The ``hint`` command and its options."""
    p = commands.add_parser(
        "hint",
        help="every legal move of a position with its verdict, the recommended move first",
        description="The position after the moves played (checked as they are played), then "
        "every legal move with the verdict of the position after it (won, with the length of "
        "a winning line; lost; or unknown, naming the limit) and a recommended move: one that "
        "keeps the game won, with the shortest line found.",
    )
    player_arguments(p)
    p.add_argument(
        "--moves",
        metavar='"M1 M2 ..."',
        help="the moves played so far, in notation, separated by spaces or commas",
    )
    p.add_argument(
        "--moves-file",
        metavar="PATH",
        help="read the moves played from a file (words, # comments; or solve --json's output)",
    )
    p.add_argument(
        "--shortest",
        action="store_true",
        help="search for the fewest moves after each move (slower; said where proved)",
    )
    p.add_argument(
        "--fair",
        action="store_true",
        help="each move's chance for a player who cannot see the face-down cards (no peeking): "
        "K deals of the hidden cards at random, each solved after every move, or the exact "
        "value where few are hidden; implied by a file with hidden cards (??) and by a game "
        "saved while played fair",
    )
    fair_sampling_options(p)
    p.add_argument(
        "--all-samples",
        action="store_true",
        help="with --fair: solve all K samples after every move, even once the best move is "
        "told apart, a forced move's and the unsettled ones too (by default a hint stops "
        "there, names a forced move at once and leaves a sample unsettled as a whole "
        "unsettled after every move)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON document")
    colour_option(p)
    add_limit_options(p)
    p.set_defaults(run=run)
