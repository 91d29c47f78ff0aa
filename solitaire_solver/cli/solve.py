"""``solve``: one deal or position solved exactly, its verdict, moves and search effort."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .. import __version__
from ..cards import count_text
from ..errors import HiddenCardsError
from ..games import Game
from ..games.knobs import rules_items
from ..numbering import MT_THRESHOLD, DealNumber, parse_deal_number
from ..pages.viewer import check_html_path, solution_html, write_html
from ..progress import solve_progress
from ..records.deal_files import load_deal
from ..records.verdicts import shipped_table
from ..request import SolveRequest, raise_option
from ..search import SolveResult
from ..stats.tables import CarriedWin, carried_win
from .common import (
    PROG,
    Commands,
    add_limit_options,
    add_plan_option,
    print_json,
    solve_request,
    with_plan_file,
)
from .position import check_file_options, deal_arguments, game_title, numbered_deal


def result_document(
    game: Game[Any, Any], deal: str | None, start: Any, result: SolveResult[Any]
) -> dict[str, Any]:
    """The JSON form of one solved position."""
    state = start
    moves = []
    for move in result.moves:
        moves.append({"move": str(move), "description": game.describe(state, move)})
        state = game.apply(state, move)
    return {
        "game": game.preset,
        "rules": dict(rules_items(game.rules)),
        "deal": deal,
        "status": result.status.value,
        "limit": result.limit.value if result.limit else None,
        "limit_value": result.limit_value,
        "default_limit": result.default_limit,
        "stopped_by": result.stop_reason() or None,
        "settled_by": result.settled_by,
        "shortest": result.shortest,
        "moves": moves,
        "stats": {
            "expanded": result.stats.expanded,
            "unique": result.stats.unique,
            "max_depth": result.stats.max_depth,
            "elapsed": round(result.stats.elapsed, 6),
        },
        "solver_version": __version__,
    }


def solve_title(game: Game[Any, Any], deal: str | None, start: Any, file: str | None) -> str:
    """What the header calls the position solved: a numbered deal, or a position from a file.

    A file's ``deal:`` line only informs, and a person may have edited the
    cards below it, so the file's position is called that deal only when it
    is that deal's start.
    """
    if file is None:
        return game.preset if deal is None else f"{game.preset} {deal}"
    source = "standard input" if file == "-" else file
    if deal is None:
        return f"{game.preset}: a position from {source}"
    if game.deal(parse_deal_number(deal)) == start:
        return f"{game.preset} {deal}, from {source}"
    return (
        f"{game.preset}: a position from {source} "
        f"(the file names deal {deal}, but this is not its start)"
    )


def _raise_hint(limit: str | None) -> str:
    return f"; raise it with {raise_option(limit)}" if limit else ""


def verdict_text(doc: dict[str, Any]) -> str:
    """The verdict of a solve document in words: ``won in 64 moves``, ``lost (...)``."""
    status = doc["status"]
    if status == "won":
        if not doc.get("shortest_asked"):
            note = ""
        elif doc["shortest"]:
            note = " (a shortest line)"
        elif doc.get("stopped_by"):
            hint = _raise_hint(doc["limit"])
            note = (
                " (not proved shortest: the search for a shorter line was stopped by "
                f"{doc['stopped_by']}{hint})"
            )
        else:
            note = " (not proved shortest)"
        return f"won in {len(doc['moves'])} moves{note}"
    if status == "lost":
        return "lost (no winning line exists)"
    hint = _raise_hint(doc["limit"])
    return f"unknown (stopped by {doc['stopped_by']}{hint})"


def print_result(doc: dict[str, Any], game: Game[Any, Any], start: Any) -> None:
    """The human form of one solved position."""
    rules = " ".join(f"{k}={v}" for k, v in doc["rules"].items())
    title = solve_title(game, doc["deal"], start, doc.get("file"))
    print(f"{title}  ({rules})" if rules else title)
    print(game.show(start))
    print()
    print(f"verdict: {verdict_text(doc)}")
    if doc.get("carried_from"):
        carried = doc["carried_from"]
        print(
            f"from: the published table {carried['table']}, whose rules ({carried['rules']}) "
            "allow at most these: its solver's line, replayed under these rules"
        )
    width = len(str(len(doc["moves"])))
    notation = max((len(m["move"]) for m in doc["moves"]), default=0)
    for i, m in enumerate(doc["moves"], 1):
        print(f"{i:>{width}}. {m['move']:<{notation}}  {m['description']}")
    s = doc["stats"]
    print()
    # A carried line's search is the stricter rules' solve.
    under = " (under those rules)" if doc.get("carried_from") else ""
    print(
        f"search{under}: {count_text(s['expanded'], 'state')} expanded, {s['unique']:,} unique, "
        f"max depth {s['max_depth']:,}, {s['elapsed']:.3f} s"
    )
    if doc.get("settled_by"):
        print(f"settled by: {doc['settled_by']}")


def _carried(game: Game[Any, Any], deal: str | None, request: SolveRequest) -> CarriedWin | None:
    """A won line from the published table of stricter rules, replayed under ``game``'s.

    For a plain deal number and a solve that asks for no shortest line:
    rules that allow at most ``game``'s win the deal, so their solver's
    line, replayed here move by move, is returned at once. Not when the
    table of ``game``'s own rules was made with no limit and holds the deal
    won: its own solver settles the deal, and is asked as it is. A table
    made under limits may hold a deal won that its solver does not win
    within them (a win carried up from stricter rules).
    """
    if deal is None or request.shortest:
        return None
    number = parse_deal_number(deal)
    if number != DealNumber(number.value, number.value < MT_THRESHOLD):
        return None  # a Microsoft deal from 32000 up: in no table
    own = shipped_table(game)
    if own is not None and own.status(number.value) == "won" and not own.limits.any:
        return None
    return carried_win(game, number.value, request.given)


def run(args: argparse.Namespace) -> int:
    """``solve GAME NUMBER`` or ``solve --file PATH`` (``-`` for standard input)."""
    if args.file is not None:
        check_file_options(args)
        game, start, deal = load_deal(args.file)
        if game.has_hidden(start):
            hidden = game.seen(start).hidden
            source = "standard input" if args.file == "-" else args.file
            raise HiddenCardsError(
                f"{source}: the position hides {hidden} card{'s' if hidden != 1 else ''} "
                f"(??): solve needs every card; hint --fair --file {args.file} gives each "
                "move's chance for a player who cannot see them"
            )
    else:
        game, start, deal = numbered_deal(args, "solve")
    game = with_plan_file(args, game)
    # Checked before the search, which may be long, rather than after it.
    html_path = check_html_path(args.html) if args.html is not None else None
    request = solve_request(args, game)
    # A plan of one's own is an experiment with the solver: no line carried from a table.
    plain = args.file is None and args.plan_file is None
    carried = _carried(game, deal, request) if plain else None
    if carried is not None:
        result = carried.result
    else:
        # A long solve shows its progress on a terminal; JSON output is for programs.
        progress = solve_progress(sys.stderr, quiet=args.json)
        try:
            result = game.solve(start, request, watch=progress)
        finally:
            if progress is not None:
                progress.finish()
    doc = result_document(game, deal, start, result)
    doc["carried_from"] = (
        None if carried is None else {"table": carried.table, "rules": carried.rules}
    )
    doc["shortest_asked"] = args.shortest
    if args.file is not None:
        doc["file"] = args.file
    if html_path is not None:
        page = solution_html(
            game,
            start,
            result.moves,
            title=game_title(game, deal, args.file),
            verdict_text=verdict_text(doc),
            status=doc["status"],
        )
        doc["html"] = str(write_html(html_path, page))
        print(f"{PROG}: wrote the page {html_path}", file=sys.stderr)
    if args.json:
        print_json(doc)
    else:
        print_result(doc, game, start)
    return 0


def register(commands: Commands) -> None:
    """The ``solve`` command and its options."""
    p = commands.add_parser(
        "solve",
        help="solve one deal: verdict, winning moves and search statistics",
        description="Solve one deal, or a position from a file, exactly. The verdict is won "
        "(with the moves), lost (the whole state space was searched) or unknown (a limit you "
        "set was reached).",
    )
    deal_arguments(
        p, "solve the deal or position in this file instead (- reads standard input; see `show`)"
    )
    p.add_argument("--shortest", action="store_true", help="find a winning line with fewest moves")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument(
        "--html",
        metavar="PATH",
        help="also write a web page that steps through the winning line (one file, works offline)",
    )
    add_limit_options(p)
    add_plan_option(p)
    p.set_defaults(run=run)
