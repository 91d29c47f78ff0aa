"""What the commands share: exit statuses, options, JSON output, one-line errors, signals.

Each command's module adds its own parser to :data:`Commands` and runs
under :func:`run_command`, which turns bad input into one line and status 2.
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, Literal, NoReturn, TypeAlias

from ..advice.fair import fair_samples
from ..cards import count_text
from ..errors import BadOptionError, SolverError
from ..games import PRESETS, Game
from ..numbering import DealNumber
from ..records.plan_files import PlanError, read_plan
from ..request import SolveRequest, user_limits
from ..search.plan import compose_shortest, member_strategy
from ..search.result import limit_problem

PROG = "solitaire-solver"
EXIT_BAD_INPUT = 2
DEAL_NUMBER_HELP = (
    "a deal number, as PySolFC numbers games: 123456, #123456, 123,456, 123_456, "
    "'1 234 567', or ms<N> for the Microsoft generator above 32000"
)
"""What NUMBER may be, as RULES.md's 'Deal numbers' allows."""
EXIT_BAD_LINE = 1
"""``stats --verify``: a winning line that does not replay (a solver bug or a damaged store)."""
EXIT_NOT_WON = 1
"""``verify``: every move is legal but the line does not end in a won position.

An illegal or unreadable move is bad input, status 2 like any other."""
EXIT_DISAGREES = 1
"""``deals --verify``: a deal solved again contradicts the published table."""


LONGEST_RUN = 200
"""The most characters of an error line without a space: a longer run (an argument of ten
thousand characters, say) is cut, with an ellipsis, so that the line stays readable."""

_LONG_RUN = re.compile(rf"\S{{{LONGEST_RUN + 1},}}")


def error_line(message: str) -> str:
    """``message`` as one readable line: line breaks and other characters that are not
    printed as themselves (a NUL, half a surrogate pair from bytes that are not UTF-8) are
    written as escapes, and each run of more than :data:`LONGEST_RUN` characters without a
    space is cut."""
    text = "".join(
        ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in message
    )
    return _LONG_RUN.sub(lambda m: m.group()[:LONGEST_RUN] + "...", text)


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {error_line(message)} (see --help)\n")


Commands: TypeAlias = "argparse._SubParsersAction[Parser]"
"""The commands of the parser, to which each command's module adds its own."""


def _whole_number(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"expected a number of at least {least}, not {text!r}")
    return value


def positive_int(text: str) -> int:
    """An option's whole number of at least 1."""
    return _whole_number(text, 1)


def non_negative_int(text: str) -> int:
    """An option's whole number of at least 0."""
    return _whole_number(text, 0)


def count_type(most: int, noun: str) -> Callable[[str], int]:
    """The option type of a count of ``noun`` from 1 to ``most``: a count no run could
    finish is refused with one line, never cut down in silence."""

    def parse(text: str) -> int:
        value = _whole_number(text, 1)
        if value > most:
            raise argparse.ArgumentTypeError(
                f"expected at most {count_text(most, noun)}, not {text!r}"
            )
        return value

    return parse


class Given(argparse.Action):
    """The action of an option that goes with another: it stores the value, and notes in
    ``given`` (a set of ``dest`` names on the parsed arguments) that the option was given,
    for :func:`options_going_with`: a value given may be the default one."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)
        namespace.given = {*getattr(namespace, "given", ()), self.dest}


def options_going_with(
    args: argparse.Namespace, needed: str, present: bool, options: Sequence[str]
) -> None:
    """Refuse the ``options`` given without ``needed`` (``present`` says whether it is
    there): the one rule of every command for options that mean something only with
    another, in the same words, ``--samples and --seed go with --fair``.

    An option taking a value counts as given when its action is :class:`Given`,
    even with its default value; a flag counts when it is set.
    """
    if present:
        return
    given = []
    for option in options:
        dest = option.lstrip("-").replace("-", "_")
        if dest in getattr(args, "given", ()) or getattr(args, dest) is True:
            given.append(option)
    if given:
        names = " and ".join([", ".join(given[:-1]), given[-1]] if len(given) > 1 else given)
        raise BadOptionError(f"{names} {'goes' if len(given) == 1 else 'go'} with {needed}")


def positive_float(text: str) -> float:
    """An option's number of seconds, more than 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected more than 0 seconds, not {text!r}")
    return value


def limit_type(name: str) -> Callable[[str], int | float]:
    """The option type of the limit ``name`` (a :class:`~solitaire_solver.search.Limits`
    field): text read as a number, then checked by the rule every entry point applies."""

    def parse(text: str) -> int | float:
        value: int | float
        try:
            value = float(text) if name == "timeout" else int(text)
        except ValueError:
            kind = "a number of seconds" if name == "timeout" else "a whole number"
            raise argparse.ArgumentTypeError(f"expected {kind}, not {text!r}") from None
        problem = limit_problem(name, value, shown=repr(text))
        if problem is not None:
            raise argparse.ArgumentTypeError(problem)
        return value

    return parse


def solve_request(args: argparse.Namespace, game: Game[Any, Any]) -> SolveRequest:
    """The request of a command that solves ``game``: its limit options, and ``--shortest``
    when the command has it (see :meth:`SolveRequest.build`)."""
    limits = user_limits(args.max_states, args.timeout, args.max_table)
    return SolveRequest.build(game, limits=limits, shortest=getattr(args, "shortest", False))


def add_rule_option(parser: argparse.ArgumentParser) -> None:
    """``--rule NAME=VALUE``, repeatable: knob overrides of the preset."""
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change one rule of the preset, e.g. --rule redeals=1 (repeatable; see `games`)",
    )


def default_limits_text() -> str:
    """The presets' default state limits in words, for the help of ``--max-states``."""
    parts = []
    for preset in PRESETS.values():
        states = preset.default_limits.max_states
        if states is None:
            continue
        text = f"{preset.name} {states:,}"
        for knobs, limits in preset.solver_plan.limits_when:
            if limits.max_states is not None:
                rules = " ".join(f"{k}={v}" for k, v in knobs)
                text += f" ({limits.max_states:,} with {rules})"
        parts.append(text)
    return "; ".join(parts) if parts else "none"


def add_plan_option(parser: argparse.ArgumentParser) -> None:
    """``--plan FILE``: run the solver under another plan, for an experiment."""
    parser.add_argument(
        "--plan",
        dest="plan_file",
        metavar="FILE",
        help="solve under the solver's plan in this JSON file instead of the preset's (write "
        "one with `games --plan PRESET --json` and change its numbers); a store keeps the "
        "results of another plan apart",
    )


def with_plan_file(args: argparse.Namespace, game: Game[Any, Any]) -> Game[Any, Any]:
    """``game`` under the plan of ``--plan FILE`` when it is given, else ``game`` itself;
    :class:`BadOptionError` naming the file, the line and the field of a bad plan."""
    path = getattr(args, "plan_file", None)
    if path is None:
        return game
    try:
        plan = read_plan(path, own=game.preset_plan)
    except PlanError as exc:
        raise BadOptionError(f"--plan {exc}") from None
    other = game.with_plan(plan)
    _check_plan_makes(path, other)
    return other


def _check_plan_makes(path: str, game: Game[Any, Any]) -> None:
    """Make the strategies of ``game``'s plan once, for the first deal, and raise
    :class:`BadOptionError` naming the file (and the member's field, where one member is
    at fault) for a value the game's factories refuse.

    A number out of a member's range shows only when its strategy is made: made here, it
    is a bad option rather than a failed search. The shortest section's members too, though
    only ``--shortest`` runs them: a file is checked whole when it is read, whatever the
    command does with it.
    """
    plan = game.plan
    start = game.deal(DealNumber(1, True))
    factories = game.factories(start)
    members = [
        *((f"members[{i}]", m) for i, m in enumerate(plan.members)),
        *((f"shortest.members[{i}]", m) for i, m in enumerate(plan.shortest.members)),
    ]
    for field, member in members:
        try:
            member_strategy(member, factories)
        except (ValueError, TypeError) as exc:
            raise BadOptionError(f"--plan {path}: {field} ({member.name}): {exc}") from None
    try:
        # The compositions as a solve makes them: the screens, and a plan none of whose
        # members applies, show here.
        compose_shortest(plan, factories, game.strategy(start))
    except (ValueError, TypeError) as exc:
        raise BadOptionError(f"--plan {path}: {exc}") from None


def add_limit_options(parser: argparse.ArgumentParser) -> None:
    """``--max-states``, ``--timeout`` and ``--max-table``."""
    parser.add_argument(
        "--max-states",
        type=limit_type("max_states"),
        metavar="N",
        help=(
            "stop with verdict 'unknown' after expanding N states (default: no limit; "
            f"when no limit is given, {default_limits_text()})"
        ),
    )
    parser.add_argument(
        "--timeout",
        type=limit_type("timeout"),
        metavar="S",
        help="stop with verdict 'unknown' after S seconds per deal (default: no limit)",
    )
    parser.add_argument(
        "--max-table",
        type=limit_type("max_table"),
        metavar="N",
        help="stop with verdict 'unknown' when the transposition table holds N states",
    )


EXAMPLE_PRESET = "decade"
"""The preset whose fair plan's figures the help quotes, beside "the preset plan's"."""


def fair_plan_default(what: Literal["samples", "most", "states"]) -> str:
    """A number of the game's fair plan in the words of an option's help: ``the preset
    plan's, 64 for decade`` for ``what`` ``samples`` (K), ``most`` (the most K) or ``states``
    (each preset's plan holds its own: no one figure stands for all)."""
    fair = PRESETS[EXAMPLE_PRESET].solver_plan.fair
    value = {"samples": fair.samples, "most": fair.most_samples, "states": fair.limits.max_states}[
        what
    ]
    figure = "no limit" if value is None else f"{value:,}"
    return f"the preset plan's, {figure} for {EXAMPLE_PRESET}"


SAMPLES_HELP = f"at most {fair_plan_default('most')}"
"""The cap on ``--samples``, in the words of its help."""


def check_samples(args: argparse.Namespace, game: Game[Any, Any]) -> None:
    """:class:`BadOptionError` when ``--samples`` asks for more than ``game``'s fair plan
    allows (its ``most_samples``): the cap is the plan's, so it is checked once the game is
    known."""
    samples = getattr(args, "samples", None)
    if samples is None:
        return
    try:
        fair_samples(game, samples)
    except ValueError as exc:
        raise BadOptionError(f"--samples: {exc}") from None


def fair_sampling_options(p: argparse.ArgumentParser, needed: str = "--fair") -> None:
    """--samples and --seed, of the fair hints under ``needed``; ``--samples`` not given is
    ``None``, the game's fair plan's K (:attr:`~.search.FairPlan.samples`)."""
    p.add_argument(
        "--samples",
        action=Given,
        type=positive_int,
        metavar="K",
        help=f"with {needed}: the random deals of the hidden cards a hint solves (default: "
        f"{fair_plan_default('samples')}; {SAMPLES_HELP})",
    )
    p.add_argument(
        "--seed",
        action=Given,
        type=non_negative_int,
        default=0,
        metavar="N",
        help=f"with {needed}: the seed of the hints' random deals (default 0)",
    )


def colour_option(p: argparse.ArgumentParser) -> None:
    """``--colour`` (or ``--color``): auto, always or never."""
    p.add_argument(
        "--colour",
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="red suits and coloured verdicts, suit symbols where they can be shown "
        "(default auto: only on a terminal, and not with NO_COLOR set)",
    )


def print_json(doc: Any) -> None:
    """The one JSON document of ``--json``, on standard output."""
    print(json.dumps(doc, indent=2))


def search_document(stats: Any, searches: int) -> dict[str, Any]:
    """The JSON form of the effort of several searches (``hint``, ``review``)."""
    return {
        "searches": searches,
        "expanded": stats.expanded,
        "unique": stats.unique,
        "max_depth": stats.max_depth,
        "elapsed": round(stats.elapsed, 6),
    }


class Terminated(Exception):
    """Raised in the main thread when the process is asked to stop (SIGTERM)."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


def run_command(run: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run one command on its parsed arguments; returns the exit status.

    Bad input (a :class:`SolverError`) is one line on standard error and
    status 2; Ctrl-C and SIGTERM stop the command with one line too.
    """
    # SIGTERM (kill PID) stops a run as Ctrl-C does: the batches in flight
    # are cancelled, the pool's workers are shut down and the store is
    # closed. Python's default would end the process with no clean-up.
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        return run(args)
    except SolverError as exc:
        print(f"{PROG}: error: {error_line(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except Terminated:
        print(f"{PROG}: terminated", file=sys.stderr)
        return 128 + signal.SIGTERM
    except BrokenPipeError:
        return 0
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
