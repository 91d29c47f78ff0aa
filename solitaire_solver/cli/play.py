"""``play``: play a deal in the terminal or in the browser, the solver as a coach."""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from typing import Any

from ..errors import BadOptionError
from ..games import PRESETS, Game
from ..pages.terminal import Fair, play_game
from ..pages.web import Table
from ..pages.words import Style
from ..records.deal_files import GameFile, play_mode
from ..request import SolveRequest
from ..search import NO_LIMITS, Limits
from .common import (
    PROG,
    Commands,
    Given,
    add_limit_options,
    check_samples,
    colour_option,
    fair_sampling_options,
    options_going_with,
    positive_int,
    solve_request,
)
from .position import game_title, player_arguments, start_position


def run(args: argparse.Namespace) -> int:
    """``play GAME NUMBER``: play in the terminal, told after each move if it can still be won."""
    if args.file == "-":
        raise BadOptionError(
            "play reads the player's moves from standard input: give the position as a file, "
            "not --file -"
        )
    game, start, deal = start_position(args, "play")
    played: GameFile | None = getattr(args, "game_file", None)
    args.fair_off_at = args.start_file = None
    args.full_sight, args.automatic = False, ()
    if played is not None:
        # The one rule of a game from a file (play_mode): a fair game file goes on fair, a
        # game that showed every card never does (--fair is refused), a deal or position
        # goes on as asked; a position that hides cards is refused.
        args.fair = play_mode(played, args.fair, path=args.file)
        args.fair_off_at, args.full_sight = played.fair_off_at, played.full_sight
        args.automatic = played.automatic
        # A fair game's file names the position file its start came from, for the cards
        # face down there (a game file that named one keeps it).
        args.start_file = played.start_file
        if args.start_file is None and not played.moves:
            args.start_file = os.path.abspath(args.file)
    # The browser's game can turn fair mode on, and its hints then take the samples.
    options_going_with(
        args,
        "--fair or --browser",
        args.fair or args.browser,
        ("--samples", "--seed"),
    )
    check_samples(args, game)
    # Only a full-sight game in the terminal says after each move whether it can be won.
    options_going_with(
        args,
        "play in the terminal without --fair",
        not (args.fair or args.browser),
        ("--check-states",),
    )
    # The requests, built once here: hint and solve with the caller's limits or the preset's
    # defaults, the search after each move with --check-states or the plan's checks.
    request = solve_request(args, game)
    if args.browser:
        return _play_in_browser(args, game, start, deal, request)
    given = NO_LIMITS if args.check_states is None else Limits(max_states=args.check_states)
    return play_game(
        game,
        start,
        sys.stdin,
        sys.stdout,
        request=request,
        check_request=SolveRequest.checks(game, given),
        style=Style.for_stream(sys.stdout, args.colour),
        title=game_title(game, deal, args.file),
        deal=deal,
        fair=Fair(args.samples, args.seed) if args.fair else None,
        moves=getattr(args, "file_moves", ()),
        file=args.file,
        review=_review_command(args, deal),
        fair_off_at=args.fair_off_at,
        automatic=args.automatic,
        start_file=args.start_file,
    )


def _play_in_browser(
    args: argparse.Namespace,
    game: Game[Any, Any],
    start: Any,
    deal: str | None,
    request: SolveRequest,
) -> int:
    """``play --browser``: the game on a local web page, with the solver as a coach."""
    try:
        from ..pages.web.app import play_in_browser
    except ImportError as exc:
        raise BadOptionError(
            f"play --browser needs the browser extra ({exc.name} is missing): "
            "pip install 'solitaire_solver[browser]'"
        ) from None
    table = Table(
        game,
        start,
        deal=deal,
        moves=getattr(args, "file_moves", ()),
        request=request,
        samples=args.samples,
        seed=args.seed,
        fair=args.fair,
        fair_off_at=args.fair_off_at,
        full_sight=args.full_sight,
        automatic=args.automatic,
        start_file=args.start_file,
    )
    return play_in_browser(table)


def _review_command(args: argparse.Namespace, deal: str | None) -> str:
    """The start of the command line that reviews a game played from ``args``' deal or file."""
    if args.file is not None:
        words = [PROG, "review", "--file", args.file]
    else:
        words = [PROG, "review", args.game, deal or args.number]
        for rule in args.rule:
            words += ["--rule", rule]
    return " ".join(shlex.quote(w) for w in words)


def _check_states() -> int | None:
    """The states the search after each move may expand when ``--check-states`` is not given,
    for the help: the figure of every preset's plan (its ``checks``), or ``None`` when they
    differ (or one sets no states limit there), and the help says "the preset plan's"."""
    figures = {preset.solver_plan.checks.max_states for preset in PRESETS.values()}
    return figures.pop() if len(figures) == 1 else None


def register(commands: Commands) -> None:
    """The ``play`` command and its options."""
    states = _check_states()
    p = commands.add_parser(
        "play",
        help="play a deal in the terminal, told after each move whether it can still be won",
        description="Play a deal (or a position from a file) in the terminal: type a move's "
        "number or notation, or hint, undo, solve, save FILE, help, quit. After each move it "
        "says whether the game can still be won, from a search "
        + ("under the preset plan's limits" if states is None else f"of at most {states:,} states")
        + " (see --check-states); hint and solve search under the preset's default limits or "
        "the ones given.",
    )
    player_arguments(p)
    p.add_argument(
        "--fair",
        action="store_true",
        help="play without spoilers: the face-down cards stay hidden, no verdict is shown, "
        "hint is the fair hint (no peeking) and solve is off, in the terminal or the browser; "
        "at the end it says whether the deal could be won and the fair chance you had at the "
        "start. A saved fair game says so in its file, and --file goes on with it fair",
    )
    fair_sampling_options(p, "--fair or --browser")
    p.add_argument(
        "--browser",
        action="store_true",
        help="play on a web page instead, served on this machine (127.0.0.1) and opened in "
        "your browser: click a card, then where it goes; the coach answers when asked",
    )
    p.add_argument(
        "--check-states",
        action=Given,
        type=positive_int,
        metavar="N",
        help="in the terminal without --fair: states the search after each move may expand "
        + ("(default: the preset plan's)" if states is None else f"(default {states:,})"),
    )
    colour_option(p)
    add_limit_options(p)
    p.set_defaults(run=run)
