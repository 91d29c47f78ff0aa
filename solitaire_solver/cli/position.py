"""Where a command starts: GAME NUMBER or a file, and the moves played."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

from ..api import get_game
from ..errors import BadOptionError
from ..games import PRESETS, Game
from ..games.knobs import parse_rule_assignments
from ..numbering import parse_deal_number
from ..reading import JsonError, parse_json
from ..records.deal_files import load_game, read_text
from .common import DEAL_NUMBER_HELP, add_rule_option


def deal_arguments(p: argparse.ArgumentParser, file_help: str) -> None:
    """GAME and NUMBER, or ``--file`` (``file_help`` says what it holds), and --rule."""
    p.add_argument(
        "game", metavar="GAME", nargs="?", help="a game preset, such as decade (see `games`)"
    )
    p.add_argument("number", metavar="NUMBER", nargs="?", help=DEAL_NUMBER_HELP)
    p.add_argument("--file", metavar="PATH", help=file_help)
    add_rule_option(p)


def player_arguments(p: argparse.ArgumentParser) -> None:
    """GAME, NUMBER, --file and --rule, as solve takes them."""
    deal_arguments(
        p,
        "start from the deal, position or saved game (play's save) in this file instead "
        "(- reads standard input)",
    )


def check_file_options(args: argparse.Namespace) -> None:
    """A file names its game and rules: ``--file`` takes neither GAME nor ``--rule``."""
    if args.game is not None:
        raise BadOptionError("give GAME and NUMBER or --file, not both (the file names the game)")
    if args.rule:
        raise BadOptionError("--rule does not go with --file: change the file's 'rules:' line")


def numbered_deal(args: argparse.Namespace, command: str) -> tuple[Game[Any, Any], Any, str]:
    """The game, the start position and the deal number of ``GAME NUMBER``."""
    if args.game is None or args.number is None:
        raise BadOptionError(f"{command} needs GAME and NUMBER, or --file PATH")
    game = get_game(args.game, parse_rule_assignments(args.rule))
    number = parse_deal_number(args.number)
    return game, game.deal(number), str(number)


def start_position(
    args: argparse.Namespace, command: str
) -> tuple[Game[Any, Any], Any, str | None]:
    """The game, the start position and the deal number of ``GAME NUMBER`` or ``--file``."""
    if args.file is not None:
        check_file_options(args)
        if args.file == "-" and getattr(args, "moves_file", None) == "-":
            raise BadOptionError("--file - and --moves-file - cannot both read standard input")
        played = load_game(args.file)
        # A game file (play's save) holds the moves played as well: hint, review and
        # play take them as the moves played unless --moves or --moves-file says others.
        args.file_moves = played.moves
        # And whether it is played fair, for play to go on the same way.
        args.file_fair = (played.fair, played.fair_off_at)
        # The whole record, for play (its mode, its automatic moves, a fair start's file).
        args.game_file = played
        return played.game, played.start, played.deal
    return numbered_deal(args, command)


def game_title(game: Game[Any, Any], deal: str | None, file: str | None) -> str:
    """What a command calls its game: the preset and the deal number, or the file's name."""
    if deal is not None:
        return f"{game.preset} {deal}"
    source = "standard input" if file == "-" else Path(file or "").name
    return f"{game.preset}: {source}"


_MOVE_SEPARATORS = re.compile(r"[\s,]+")


def moves_from_text(text: str) -> list[str]:
    """Move notation from ``--moves`` text: separated by spaces or commas."""
    return [w for w in _MOVE_SEPARATORS.split(text) if w]


def moves_from_file(path: str, game: Game[Any, Any] | None = None) -> list[str]:
    """Move notation from a file: words separated by spaces, commas or lines.

    ``#`` starts a comment. A JSON document such as ``solve --json`` prints
    (an object with a ``moves`` list of notation texts, or of objects with a
    ``move``) is read too, so a solution can be reviewed as it was saved.
    When it names its game (``solve --json``'s ``game``) and that is not
    ``game``'s, the file is refused at once: its moves are another game's
    notation, which would fail late, or worse, parse as something else. A
    preset of the same game under other rules is fine (a line can be checked
    under looser rules).
    """
    # Read as deal files are, so that a file that is not text gets one message.
    text = read_text(path, "moves file")
    if text.lstrip().startswith("{"):
        try:
            doc = parse_json(text)
        except JsonError as exc:
            where = "" if exc.line is None else f", line {exc.line}"
            raise BadOptionError(f"moves file '{path}'{where}: not JSON ({exc.why})") from None
        moves = doc.get("moves") if isinstance(doc, dict) else None
        named = doc.get("game") if isinstance(doc, dict) else None
        if game is not None and isinstance(named, str) and _game_of(named) != game.name:
            raise BadOptionError(
                f"moves file '{path}': this line is for {named[:40]}, not {game.preset}"
            )
        if not isinstance(moves, list):
            raise BadOptionError(f"moves file '{path}': a JSON file needs a 'moves' list")
        out = []
        for i, m in enumerate(moves, 1):
            if isinstance(m, dict):
                m = m.get("move")
            if not isinstance(m, str):
                raise BadOptionError(
                    f"moves file '{path}': move {i} is not a move's notation: {m!r}"
                )
            out.append(m)
        return out
    words: list[str] = []
    for line in text.splitlines():
        words += moves_from_text(line.partition("#")[0])
    return words


def _game_of(name: str) -> str:
    """The game a preset (or a game's own name) plays; the name itself when it is neither."""
    found = PRESETS.get(name)
    return found.game.name if found is not None else name


def played_moves(args: argparse.Namespace, game: Game[Any, Any]) -> list[str]:
    """The moves played in ``game``, in notation: ``--moves``, ``--moves-file`` or a game
    file's own."""
    if args.moves is not None and args.moves_file is not None:
        raise BadOptionError("give --moves or --moves-file, not both")
    if args.moves_file is not None:
        return moves_from_file(args.moves_file, game)
    if args.moves is None:
        return [str(m) for m in getattr(args, "file_moves", ())]
    return moves_from_text(args.moves)
