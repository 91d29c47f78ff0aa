"""The command line: ``solitaire-solver solve|hint|review|play|games|...``.

Every command prints what a person reads by default and one JSON document
with ``--json``. Bad input prints one line, ``solitaire-solver: error: ...``,
on standard error and exits with status 2.

A module per command adds its parser (``register``) and runs it (``run``);
``common`` holds what they share and ``position`` where the commands for
players start. The names below are the ones this module has always offered.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .. import __version__
from ..games import kernels as game_kernels
from ..search.compiled import pure
from . import deals, games, hint, play, review, show, solve, stats, verify
from .common import (
    DEAL_NUMBER_HELP,
    EXIT_BAD_INPUT,
    EXIT_BAD_LINE,
    EXIT_DISAGREES,
    EXIT_NOT_WON,
    PROG,
    Parser,
    Terminated,
    add_limit_options,
    add_rule_option,
    default_limits_text,
    run_command,
)
from .deals import DEFAULT_COUNT, DEFAULT_SAMPLE
from .games import games_document
from .hint import hint_document
from .position import moves_from_file, moves_from_text
from .review import review_document
from .solve import print_result, result_document, solve_title, verdict_text
from .stats import (
    HISTOGRAM_BAR,
    HISTOGRAM_BINS,
    length_lines,
    plain_blocks,
    print_summary,
    stats_player,
    stored_in_order,
    unknown_text,
    write_csv,
)

__all__ = [
    "DEAL_NUMBER_HELP",
    "DEFAULT_COUNT",
    "DEFAULT_SAMPLE",
    "EXIT_BAD_INPUT",
    "EXIT_BAD_LINE",
    "EXIT_DISAGREES",
    "EXIT_NOT_WON",
    "HISTOGRAM_BAR",
    "HISTOGRAM_BINS",
    "PROG",
    "Terminated",
    "add_limit_options",
    "add_rule_option",
    "build_parser",
    "default_limits_text",
    "games_document",
    "hint_document",
    "length_lines",
    "main",
    "moves_from_file",
    "moves_from_text",
    "plain_blocks",
    "print_result",
    "print_summary",
    "result_document",
    "review_document",
    "solve_title",
    "stats_player",
    "stored_in_order",
    "unknown_text",
    "verdict_text",
    "write_csv",
]

_COMMANDS = (solve, stats, deals, games, show, hint, review, verify, play)
"""The commands' modules, in the order ``--help`` lists them."""


def version_text() -> str:
    """``--version``: the version, and which compiled kernels this install has (the games'
    kernels in registry order, :func:`~solitaire_solver.games.kernels`).

    A kernel missing (no C compiler at install) or turned off (``SOLITAIRE_SOLVER_PURE=1``)
    leaves its game on the pure-Python model: the same verdicts, slower.
    """
    kernels = game_kernels()
    built = [name for name, module in kernels.items() if module.built()]
    missing = [name for name in kernels if name not in built]
    lines = [f"{PROG} {__version__}"]
    if built:
        lines.append(f"compiled kernels: {', '.join(built)}")
    if missing:
        why = "SOLITAIRE_SOLVER_PURE is set" if pure() else "not built at install"
        lines.append(f"pure-Python models: {', '.join(missing)} ({why})")
    return "\n".join(lines)


class _Version(argparse.Action):
    """``--version``: :func:`version_text` as it is (argparse's own action rewraps it)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and the kernels")

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        sys.stdout.write(version_text() + "\n")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``solitaire-solver``."""
    parser = Parser(
        prog=PROG,
        description="Exact solutions and winnability statistics for patience games.",
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    for command in _COMMANDS:
        command.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    return run_command(args.run, args)
