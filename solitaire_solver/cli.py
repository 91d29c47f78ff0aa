"""The command line: ``solitaire-solver solve|hint|review|play|games|...``.

Every command prints what a person reads by default and one JSON document
with ``--json``. Bad input prints one line, ``solitaire-solver: error: ...``,
on standard error and exits with status 2.
"""

from __future__ import annotations

import argparse
import csv
import json
import logging
import re
import shlex
import signal
import sys
import textwrap
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

import attrs

from . import __version__
from .analysis import Analysis, Outcome, Review, analyse, review_line
from .api import get_game, make_limits, play_line, rule_assignments, verify
from .cards import count_text
from .deal_files import format_deal, load_deal, load_game, read_text
from .errors import BadMoveError, BadOptionError, HiddenCardsError, SolverError
from .fair import SAMPLES, SOLVE_LIMITS, fair_hint
from .games import PRESETS, Game
from .games.base import rules_items, rules_knobs
from .maths import count_percentile
from .numbering import MT_THRESHOLD, DealNumber, parse_deal_number
from .play import CHECK_LIMITS, PLAY_SAMPLES, Fair, Style, fair_hint_lines, hint_lines, play_game
from .players import KINDS, PLAYER_SAMPLES, Player
from .plot import check_plot_path, plot_run
from .progress import ProgressBar, solve_progress
from .search import NO_LIMITS, Limit, Limits, SolveResult, Status, limit_text
from .stats import (
    DASK_TIMEOUT,
    DealRange,
    Spread,
    Summary,
    Tally,
    close_dask,
    connect_dask,
    default_store_path,
    parse_deals,
    player_key,
    run_deals,
)
from .store import DealResult, Store, StoreKey
from .verdicts import (
    LOST,
    UNKNOWN,
    WON,
    Classes,
    Verdicts,
    check_verdicts,
    import_verdicts,
    read_verdicts,
    recheck,
    sample_settled,
    shipped_table,
    store_verdicts,
    write_verdicts,
)
from .viewer import check_html_path, solution_html, write_html

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


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see --help)\n")


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {text!r}")
    return value


def _non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number of at least 0, not {text!r}")
    return value


def stats_player(args: argparse.Namespace) -> Player | None:
    """The player of a ``stats`` run (``--player``, ``--samples``, ``--seed``), or ``None``."""
    if args.player is None:
        if args.samples != PLAYER_SAMPLES or args.seed:
            raise BadOptionError("--samples and --seed go with --player")
        return None
    return Player(args.player, samples=args.samples, seed=args.seed)


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected more than 0 seconds, not {text!r}")
    return value


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
        for knobs, limits in preset.limits_when:
            if limits.max_states is not None:
                rules = " ".join(f"{k}={v}" for k, v in knobs.items())
                text += f" ({limits.max_states:,} with {rules})"
        parts.append(text)
    return "; ".join(parts) if parts else "none"


def add_limit_options(parser: argparse.ArgumentParser) -> None:
    """``--max-states``, ``--timeout`` and ``--max-table``."""
    parser.add_argument(
        "--max-states",
        type=_positive_int,
        metavar="N",
        help=(
            "stop with verdict 'unknown' after expanding N states (default: no limit; "
            f"when no limit is given, {default_limits_text()})"
        ),
    )
    parser.add_argument(
        "--timeout",
        type=_positive_float,
        metavar="S",
        help="stop with verdict 'unknown' after S seconds per deal (default: no limit)",
    )
    parser.add_argument(
        "--max-table",
        type=_positive_int,
        metavar="N",
        help="stop with verdict 'unknown' when the transposition table holds N states",
    )


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


_RAISE_HINT = {
    "states": "; raise it with --max-states",
    "time": "; raise it with --timeout",
    "table": "; raise it with --max-table",
}


def verdict_text(doc: dict[str, Any]) -> str:
    """The verdict of a solve document in words: ``won in 64 moves``, ``lost (...)``."""
    status = doc["status"]
    if status == "won":
        if not doc.get("shortest_asked"):
            note = ""
        elif doc["shortest"]:
            note = " (a shortest line)"
        elif doc.get("stopped_by"):
            hint = _RAISE_HINT.get(doc["limit"], "")
            note = (
                " (not proved shortest: the search for a shorter line was stopped by "
                f"{doc['stopped_by']}{hint})"
            )
        else:
            note = " (not proved shortest)"
        return f"won in {len(doc['moves'])} moves{note}"
    if status == "lost":
        return "lost (no winning line exists)"
    hint = _RAISE_HINT.get(doc["limit"], "")
    return f"unknown (stopped by {doc['stopped_by']}{hint})"


def print_result(doc: dict[str, Any], game: Game[Any, Any], start: Any) -> None:
    """The human form of one solved position."""
    rules = " ".join(f"{k}={v}" for k, v in doc["rules"].items())
    title = solve_title(game, doc["deal"], start, doc.get("file"))
    print(f"{title}  ({rules})" if rules else title)
    print(game.show(start))
    print()
    print(f"verdict: {verdict_text(doc)}")
    width = len(str(len(doc["moves"])))
    notation = max((len(m["move"]) for m in doc["moves"]), default=0)
    for i, m in enumerate(doc["moves"], 1):
        print(f"{i:>{width}}. {m['move']:<{notation}}  {m['description']}")
    s = doc["stats"]
    print()
    print(
        f"search: {s['expanded']} states expanded, {s['unique']} unique, "
        f"max depth {s['max_depth']}, {s['elapsed']:.3f} s"
    )
    if doc.get("settled_by"):
        print(f"settled by: {doc['settled_by']}")


def cmd_solve(args: argparse.Namespace) -> int:
    """``solve GAME NUMBER`` or ``solve --file PATH`` (``-`` for standard input)."""
    limits = make_limits(args.max_states, args.timeout, args.max_table)
    if args.file is not None:
        if args.game is not None:
            raise BadOptionError(
                "give GAME and NUMBER or --file, not both (the file names the game)"
            )
        if args.rule:
            raise BadOptionError("--rule does not go with --file: change the file's 'rules:' line")
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
        if args.game is None or args.number is None:
            raise BadOptionError("solve needs GAME and NUMBER, or --file PATH")
        game = get_game(args.game, rule_assignments(args.rule))
        number = parse_deal_number(args.number)
        start, deal = game.deal(number), str(number)
    # Checked before the search, which may be long, rather than after it.
    html_path = check_html_path(args.html) if args.html is not None else None
    # A long solve shows its progress on a terminal; JSON output is for programs.
    progress = solve_progress(sys.stderr, quiet=args.json)
    try:
        result = game.solve(start, limits, shortest=args.shortest, watch=progress)
    finally:
        if progress is not None:
            progress.finish()
    doc = result_document(game, deal, start, result)
    doc["shortest_asked"] = args.shortest
    if args.file is not None:
        doc["file"] = args.file
    if html_path is not None:
        if deal is not None:
            title = f"{game.preset} {deal}"
        else:
            source = "standard input" if args.file == "-" else Path(args.file).name
            title = f"{game.preset}: {source}"
        page = solution_html(
            game,
            start,
            result.moves,
            title=title,
            verdict_text=verdict_text(doc),
            status=doc["status"],
        )
        doc["html"] = str(write_html(html_path, page))
        print(f"{PROG}: wrote the page {html_path}", file=sys.stderr)
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        print_result(doc, game, start)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """``show GAME NUMBER``: a deal in the position file format."""
    game = get_game(args.game, rule_assignments(args.rule))
    number = parse_deal_number(args.number)
    text = format_deal(game, game.deal(number), deal=number, as_json=args.json)
    sys.stdout.write(text)
    return 0


def games_document() -> list[dict[str, Any]]:
    """Every preset with its game, its rules in a player's words, its move notation, the
    page that has the game's details and its knobs."""
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
                "notation": preset.game.notation,
                "docs": f"docs/games/{preset.game.name}.md",
                "rules": knobs,
            }
        )
    return out


def cmd_games(args: argparse.Namespace) -> int:
    """``games``: presets and their rules."""
    doc = games_document()
    if args.json:
        print(json.dumps(doc, indent=2))
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


def _count(x: float) -> str:
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.1f}"


def _ms(seconds: float) -> str:
    # Three significant figures: many deals take well under a tenth of a millisecond.
    if seconds >= 10:
        return f"{seconds:.1f} s"
    ms = 1000 * seconds
    return f"{ms:.0f} ms" if ms >= 100 else f"{ms:.3g} ms"


def _percent(x: float) -> str:
    return f"{100 * x:.2f}%"


def _approximate(spread: Spread) -> str:
    return "" if spread.exact else " (median and percentile within 0.1%)"


_LIMIT_OPTIONS = {Limit.STATES: "--max-states", Limit.TIME: "--timeout", Limit.TABLE: "--max-table"}
"""The option that sets each limit."""


def unknown_text(summary: Summary, limits: Limits, by_default: bool) -> str:
    """Which limits stopped the unknown deals of a run under ``limits`` (its effective
    ones: ``by_default`` when they are the preset's), such as ``60 at the default
    limit of 13,000,000 states (--max-states raises it)``; empty with no unknown deal."""
    parts = []
    for name, count in summary.unknown_limits:
        if name == "imported":
            parts.append(f"{count} imported from verdict files, under their limits")
            continue
        limit = Limit(name)
        value = limits.value(limit)
        which = "the default limit" if by_default else "the limit"
        reached = f"the {name} limit" if value is None else f"{which} of {limit_text(limit, value)}"
        parts.append(f"{count} at {reached} ({_LIMIT_OPTIONS[limit]} raises it)")
    return "; ".join(parts)


def print_summary(
    summary: Summary,
    deals: str,
    store: Path,
    limits: Limits = NO_LIMITS,
    by_default: bool = False,
    player: Player | None = None,
) -> None:
    """The human form of a winnability summary of a run under ``limits`` (its effective
    limits; ``by_default`` when they are the preset's defaults), or of a player's run."""
    s = summary
    rules = s.fingerprint.partition(" ")[2]
    print(f"{s.game}  ({rules})" if rules else s.game)
    solved = s.deals - s.reused
    imported = f" ({s.imported} imported from verdict files)" if s.imported else ""
    verb = "solved" if player is None else "played"
    print(
        f"deals:  {deals}: {s.deals} deals, {s.reused} from the store{imported}, "
        f"{solved} {verb} now"
    )
    if player is not None:
        print(
            f"player: {player}: it sees only what the game shows; its win rate is a lower "
            "bound on the best chance of a player who cannot see the hidden cards"
        )
        print(f"the player won {s.won}, did not win {s.lost}")
    else:
        print(f"won {s.won}, lost {s.lost}, unknown {s.unknown}")
    if s.unknown:
        print(f"unknown deals stopped: {unknown_text(s, limits, by_default)}")
    if s.win_rate is None:
        print("win rate: no deal settled")
    else:
        low, high = s.interval
        among = " of settled deals" if s.unknown else ""
        print(
            f"win rate{among}: {_percent(s.win_rate)}  "
            f"(95% Wilson interval {_percent(low)} to {_percent(high)})"
        )
    if s.unknown:
        low, high = s.bounds
        print(
            f"conservative 95% bounds (unknown deals counted lost, then won): "
            f"{_percent(low)} to {_percent(high)}"
        )
    st, sec = s.states, s.seconds
    if s.imported:
        print(f"(the {s.imported} imported deals carry no search effort: left out below)")
    effort = "states per deal" if player is None else "solves per deal"
    print(
        f"{effort}: median {_count(st.median)}, 99th percentile {_count(st.p99)}, "
        f"max {_count(st.maximum)}{_approximate(st)}"
    )
    print(
        f"time per deal:   median {_ms(sec.median)}, 99th percentile {_ms(sec.p99)}, "
        f"max {_ms(sec.maximum)}{_approximate(sec)}"
    )
    for line in length_lines(s.lengths):
        print(line)
    print(f"store: {store}")


HISTOGRAM_BINS = 8
"""The most bins of the histogram of winning lines' lengths in the text of ``stats``."""

HISTOGRAM_BAR = 30
"""The width of the longest bar of that histogram, in characters."""


def _bin_width(low: int, high: int) -> int:
    """The narrowest of 1, 2, 5, 10, 20, 50, ... whose bins, at its multiples, cover
    ``low``..``high`` in at most :data:`HISTOGRAM_BINS` bins."""
    width = 1
    while True:
        for step in (1, 2, 5):
            w = width * step
            if high // w - low // w < HISTOGRAM_BINS:
                return w
        width *= 10


def length_lines(lengths: Sequence[tuple[int, int]]) -> list[str]:
    """The lengths of the winning lines, as ``(moves, deals)`` pairs sorted by moves, in a
    few lines: the least, the quartiles (nearest rank) and the most, then a histogram of
    at most :data:`HISTOGRAM_BINS` bins of round widths. Empty with no win.

    A run of thousands of deals has about a hundred lengths; one line each (or one
    pair each on a line that wraps) filled a terminal. ``--json`` keeps every pair.
    """
    if not lengths:
        return []
    won = sum(n for _, n in lengths)
    low, high = lengths[0][0], lengths[-1][0]
    q1, median, q3 = (count_percentile(lengths, p) for p in (25, 50, 75))
    out = [
        f"moves to win: min {low}, lower quartile {q1}, median {median}, "
        f"upper quartile {q3}, max {high} ({won:,} {'deal' if won == 1 else 'deals'} won)"
    ]
    width = _bin_width(low, high)
    bins: dict[int, int] = {}
    for moves, n in lengths:
        start = moves // width * width
        bins[start] = bins.get(start, 0) + n
    rows = []
    for start in range(low // width * width, high + 1, width):
        # The first and last bins show only the lengths the run has.
        a, b = max(start, low), min(start + width - 1, high)
        rows.append((str(a) if a == b else f"{a}-{b}", bins.get(start, 0)))
    most = max(n for _, n in rows)
    label_width = max(len(label) for label, _ in rows)
    count_width = max(len(f"{n:,}") for _, n in rows)
    for label, n in rows:
        # Any deal at all gets a mark, however small its share.
        bar = "#" * max(1, round(HISTOGRAM_BAR * n / most)) if n else ""
        out.append(f"  {label:>{label_width}}  {n:>{count_width},}  {bar}".rstrip())
    return out


def write_csv(path: Path, results: Iterable[DealResult]) -> None:
    """One line per deal: verdict, effort, the part of the solver that settled it, the moves."""
    with path.open("w", newline="") as f:
        out = csv.writer(f)
        out.writerow(
            [
                "deal",
                "status",
                "length",
                "states",
                "unique",
                "seconds",
                "limit",
                "version",
                "settled_by",
                "moves",
            ]
        )
        for r in results:
            out.writerow(
                [
                    r.deal,
                    r.status.value,
                    r.length,
                    r.states,
                    r.unique,
                    f"{r.seconds:.6f}",
                    r.limit.value if r.limit else "",
                    r.solver_version,
                    r.settled_by or "",
                    " ".join(r.moves),
                ]
            )


def _output_path(text: str, what: str) -> Path:
    path = Path(text)
    if not path.parent.is_dir():
        raise BadOptionError(f"{what} folder '{path.parent}' does not exist (for {path})")
    return path


def _quiet_dask() -> None:
    """Silence what Dask logs, for a command that says what went wrong in one line.

    Dask logs a refused or lost connection as tracebacks, through loggers
    that its import sets up (some with handlers and levels of their own),
    and its event loop's errors reach asyncio's logger.
    """
    try:
        import distributed  # noqa: F401  (its import configures the loggers silenced here)
    except ImportError:
        return  # connect_dask says what to install
    loggers = logging.Logger.manager.loggerDict
    for name in [*loggers, "asyncio"]:
        if name.split(".")[0] in ("distributed", "tornado", "asyncio"):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def cmd_stats(args: argparse.Namespace) -> int:
    """``stats GAME --deals RANGE``: winnability of many deals, stored as they finish."""
    game = get_game(args.game, rule_assignments(args.rule))
    deals = parse_deals(args.deals)
    make_limits(args.max_states, args.timeout, args.max_table)
    csv_path = _output_path(args.csv, "CSV") if args.csv else None
    plot_path = check_plot_path(args.plot) if args.plot else None
    db_path = Path(args.db) if args.db else default_store_path(game)
    player = stats_player(args)
    if player is not None and (args.export or args.import_files):
        raise BadOptionError(
            "--export and --import are for the solver's verdicts, not a player's results"
        )
    if args.export:
        _output_path(args.export, "verdict file")
        plain_blocks(deals)
    # Every file is read and checked before anything is solved or stored.
    imports = [(path, read_verdicts(path)) for path in args.import_files]
    for path, v in imports:
        check_verdicts(v, game, path)
    dask = None
    if args.dask:
        _quiet_dask()
        # Connect first, so that an unreachable scheduler is reported before any work.
        dask = connect_dask(args.dask, timeout=args.dask_timeout)
    try:
        return _run_stats(args, game, deals, db_path, dask, csv_path, plot_path, imports, player)
    finally:
        if dask is not None:
            close_dask(dask)


def stored_in_order(
    store: Store, key: StoreKey, deals: Iterable[DealNumber]
) -> Iterator[DealResult]:
    """The stored results of ``deals`` in the order asked, read a few hundred at a time."""
    chunk: list[str] = []

    def flush() -> Iterator[DealResult]:
        found = store.get(key, chunk)
        return (found[name] for name in chunk if name in found)

    for deal in deals:
        chunk.append(str(deal))
        if len(chunk) == 500:
            yield from flush()
            chunk = []
    yield from flush()


def _run_stats(
    args: argparse.Namespace,
    game: Game[Any, Any],
    deals: DealRange,
    db_path: Path,
    dask: Any,
    csv_path: Path | None,
    plot_path: Path | None,
    imports: list[tuple[str, Verdicts]],
    player: Player | None = None,
) -> int:
    # Results are counted as they arrive and not kept: a range may be
    # longer than any list of them. What needs them in the order asked (the
    # CSV, the plot) reads them back from the store afterwards. With
    # --verify the run replays the winning lines (in the workers).
    tally = Tally(game)
    imported_wins = 0
    given = make_limits(args.max_states, args.timeout, args.max_table)
    limits = game.effective_limits(given)
    by_default = limits.any and not given.any

    def take(r: DealResult) -> None:
        nonlocal imported_wins
        tally.add(r)
        imported_wins += r.imported and r.status is Status.WON

    with Store(db_path) as store:
        where = db_path.resolve()
        print(f"{PROG}: results store {where}", file=sys.stderr)
        for path, v in imports:
            added, present = import_verdicts(store, game, v, path)
            print(
                f"{PROG}: imported {path}: {v.count(WON) + v.count(LOST) + v.count(UNKNOWN)} "
                f"deals of {v.first}-{v.last}, {added} new to the store ({present} were there "
                "already: settled rows kept, unknown ones replaced)",
                file=sys.stderr,
            )
        bar = ProgressBar(sys.stderr, label=game.preset, total=len(deals))
        try:
            counts = run_deals(
                game,
                deals,
                take,
                max_states=args.max_states,
                timeout=args.timeout,
                max_table=args.max_table,
                jobs=args.jobs,
                store=store,
                dask=dask,
                progress=bar,
                verify=args.verify,
                player=player,
            )
        finally:
            bar.finish()
        failures = counts.failures
        summary = tally.summary()
        if args.verify and not failures:
            replayed = summary.won - imported_wins
            note = (
                f" ({imported_wins} imported wins have no line here to replay)"
                if imported_wins
                else ""
            )
            print(
                f"{PROG}: replayed {replayed} winning lines: every one wins{note}",
                file=sys.stderr,
            )
        if args.export:
            v = store_verdicts(
                store,
                game,
                plain_blocks(deals),
                limits=limits,
                solver_version=__version__,
            )
            written = write_verdicts(args.export, v)
            print(
                f"{PROG}: wrote the verdicts of {v.first}-{v.last} to {written} "
                f"({written.stat().st_size:,} bytes)",
                file=sys.stderr,
            )
        key = player_key(game, player)
        if csv_path is not None:
            write_csv(csv_path, stored_in_order(store, key, deals))
        if plot_path is not None:
            plot_run(plot_path, summary, stored_in_order(store, key, deals))
    if args.json:
        doc = {
            **summary.as_dict(),
            "limits": {
                "max_states": limits.max_states,
                "timeout": limits.timeout,
                "max_table": limits.max_table,
                "default": by_default,
            },
            "rules": dict(rules_items(game.rules)),
            "range": args.deals,
            "store": str(where),
            "verified": summary.won - imported_wins - len(failures) if args.verify else None,
            "player": None if player is None else str(player),
            "solver_version": __version__,
        }
        print(json.dumps(doc, indent=2))
    else:
        print_summary(summary, args.deals, where, limits, by_default, player)
    for _, _, failure in sorted(failures):
        print(f"{PROG}: error: {failure}", file=sys.stderr)
    return EXIT_BAD_LINE if failures else 0


def plain_blocks(deals: DealRange) -> list[tuple[int, int]]:
    """The deals of a range as ``(low, high)`` blocks of plain deal numbers, for a verdict file.

    A verdict file indexes deals by number alone, so Microsoft deals written
    ``ms`` (32000 and up) cannot go in one: :class:`BadOptionError` names them.
    """
    out = []
    for low, high, microsoft in deals.blocks:
        if microsoft and high >= MT_THRESHOLD:
            raise BadOptionError(
                f"--export: a verdict file holds plain deal numbers, and {deals.text!r} has "
                f"Microsoft deals from 32000 up (ms{max(low, MT_THRESHOLD)}...)"
            )
        out.append((low, high))
    return out


# ---------------------------------------------------------------- deals

DEFAULT_COUNT = 20
"""Deals ``deals`` lists unless told otherwise."""


def _plain_deal_number(text: str) -> int:
    """A deal number as NUMBER takes it, for ``--from``; the tables hold plain numbers."""
    try:
        number = parse_deal_number(text)
    except SolverError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if number.microsoft and number.value >= MT_THRESHOLD:
        raise argparse.ArgumentTypeError(
            f"the tables hold plain deal numbers, not Microsoft deals from 32000 up ({text!r})"
        )
    return number.value


def _difficulty_option(text: str) -> tuple[str, int, int]:
    """``easy``, ``medium``, ``hard``, ``N`` or ``N..M``: the class name (or '') and figures."""
    word = text.strip().lower()
    if word in ("easy", "medium", "hard"):
        return (word, 0, 0)
    low_text, dots, high_text = word.partition("..")
    try:
        low = int(low_text)
        high = int(high_text) if dots else low
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected easy, medium, hard, a figure N or figures N..M, not {text!r}"
        ) from None
    if not 0 <= low <= high:
        raise argparse.ArgumentTypeError(f"expected figures N..M with 0 <= N <= M, not {text!r}")
    return ("", low, high)


@attrs.frozen
class _Source:
    """Where ``deals`` reads verdicts: a published table or a store."""

    name: str
    first: int
    last: int
    classes: Classes
    entries: Callable[[int], Iterator[tuple[int, str | None, int, int]]]
    """``(number, status or None, length, difficulty)`` of every deal from a number on."""
    unknown_limits: str = "the limits they were solved under"
    """What stopped the source's unknown deals, for the note that counts them."""


def _table_source(game: Game[Any, Any]) -> _Source:
    v = shipped_table(game)
    if v is None:
        raise BadOptionError(
            f"no published table for {game.preset}"
            + (" under these rules" if game.changed_rules() else "")
            + ": give --db with a store of a stats run"
        )
    names = {0: None, WON: "won", LOST: "lost", UNKNOWN: "unknown"}

    def entries(start: int) -> Iterator[tuple[int, str | None, int, int]]:
        for number, code, length, figure in v.entries(start):
            yield number, names[code], length, figure

    return _Source(
        f"the published table of deals {v.first:,}-{v.last:,} (solver {v.solver_version}, "
        f"sha256 {v.sha256[:12]})",
        v.first,
        v.last,
        v.classes,
        entries,
        _limits_phrase(v.limits),
    )


def _limits_phrase(limits: Limits) -> str:
    """``the limit of 1,000,000 states``: the limits a table's unknown deals reached."""
    reached = [
        limit_text(limit, value) for limit in Limit if (value := limits.value(limit)) is not None
    ]
    if not reached:
        return "no limit"
    return f"the limit{'s' if len(reached) > 1 else ''} of {' and '.join(reached)}"


def _store_source(game: Game[Any, Any], path: Path) -> _Source:
    if not path.is_file():
        raise BadOptionError(f"no results store at '{path}'")
    store = Store(path)
    key = StoreKey.of(game)
    low_high = store.number_span(key)
    if low_high is None:
        store.close()
        raise BadOptionError(f"the store '{path}' holds no deal of {game.fingerprint}")
    shipped = shipped_table(game)
    if shipped is not None:
        classes = shipped.classes
    else:
        # No published table of these rules: thirds of the store's own wins.
        figures = (
            f for _, status, _, f, _ in store.verdict_rows(key, *low_high) if status == "won"
        )
        classes = Classes.of(f for f in figures if f is not None)
    first, last = low_high

    def entries(start: int) -> Iterator[tuple[int, str | None, int, int]]:
        expected = max(start, first)
        for number, status, length, figure, _states in store.verdict_rows(key, expected, last):
            for missing in range(expected, number):
                yield missing, None, 0, 0
            won = status == "won"
            # A won row stored before the store kept figures has none (-1):
            # it is listed without one, and never matches --difficulty.
            figure = -1 if figure is None else figure
            yield number, status, length if won else 0, figure if won else 0
            expected = number + 1

    return _Source(f"the store {path.resolve()}", first, last, classes, entries)


DEFAULT_SAMPLE = 10
"""Deals ``deals --verify`` solves again unless told otherwise: a few seconds at most."""


def _verify_table(args: argparse.Namespace, game: Game[Any, Any]) -> int:
    """``deals GAME --verify``: solve a sample of the published table again and compare."""
    if args.db or args.difficulty is not None:
        raise BadOptionError("--verify checks the published table: not with --db or --difficulty")
    if args.start != 1 or args.count != DEFAULT_COUNT:
        raise BadOptionError("--from and --count list deals; --verify takes --sample and --seed")
    v = shipped_table(game)
    if v is None:
        raise BadOptionError(
            f"no published table of {game.preset}"
            + (" under these rules" if game.changed_rules() else "")
            + " to verify (see docs/tables.md)"
        )
    want = "won" if args.winnable else "lost" if args.lost else None
    numbers, unknown = sample_settled(v, args.sample, args.seed, want)
    source = (
        f"the published table of deals {v.first:,}-{v.last:,} (solver {v.solver_version}, "
        f"sha256 {v.sha256[:12]})"
    )
    # A verdict won or lost holds under any limits: the deals are solved as
    # `solve` solves them, under the preset's limits, not the table's.
    limits = _limits_phrase(game.effective_limits(NO_LIMITS))
    what = {"won": "won ", "lost": "lost ", None: ""}[want]
    if not args.json:
        print(
            f"{game.preset}: {len(numbers)} {what}deals of {source}, drawn with seed "
            f"{args.seed}, solved again under {limits}"
        )
    checks = []
    for check in recheck(v, game, numbers):
        checks.append(check)
        if args.json:
            continue
        if check.agrees:
            moves = f", {count_text(check.moves, 'move')}" if check.found == "won" else ""
            said = "agrees" + moves
        elif check.disagrees:
            said = f"DISAGREES: solved {check.found}" + (f" ({check.note})" if check.note else "")
        else:
            said = f"not settled again: unknown under {limits}"
        print(f"{check.number:>10}  {check.table:<4}  {said}  {check.seconds:.2f} s", flush=True)
    agree = sum(c.agrees for c in checks)
    disagree = sum(c.disagrees for c in checks)
    unsettled = len(checks) - agree - disagree
    if args.json:
        doc = {
            "game": game.preset,
            "source": source,
            "seed": args.seed,
            "sample": args.sample,
            "filter": want,
            "limits": limits,
            "checked": [
                {
                    "deal": c.number,
                    "table": c.table,
                    "found": c.found,
                    "agrees": c.agrees,
                    "moves": c.moves if c.found == "won" else None,
                    "note": c.note or None,
                    "seconds": round(c.seconds, 6),
                }
                for c in checks
            ],
            "agree": agree,
            "disagree": disagree,
            "unsettled": unsettled,
            "unknown_in_table": unknown,
        }
        print(json.dumps(doc, indent=2))
    else:
        summary = f"{agree} agree, {disagree} disagree"
        if unsettled:
            summary += f", {unsettled} not settled again (no contradiction)"
        if unknown:
            summary += f"; the table's {unknown:,} unknown deals are not drawn"
        print(summary)
    return EXIT_DISAGREES if disagree else 0


def cmd_deals(args: argparse.Namespace) -> int:
    """``deals GAME``: deal numbers and their verdicts, from the published tables or a store."""
    game = get_game(args.game, rule_assignments(args.rule))
    if args.verify:
        return _verify_table(args, game)
    if args.sample != DEFAULT_SAMPLE or args.seed:
        raise BadOptionError("--sample and --seed go with --verify")
    if args.difficulty is not None and args.lost:
        raise BadOptionError("--difficulty goes with won deals, not with --lost")
    source = _store_source(game, Path(args.db)) if args.db else _table_source(game)
    want = "won" if args.winnable or args.difficulty is not None else "lost" if args.lost else None
    low, high = 0, 255
    label = ""
    if args.difficulty is not None:
        name, low, high = args.difficulty
        if name:
            low, high = source.classes.bounds(name)
            label = f"{name} ({low}..{high})"
        else:
            label = f"{low}..{high}"
    found: list[dict[str, Any]] = []
    absent = unknown = 0
    start = args.start
    for number, status, length, figure in source.entries(start):
        if status is None or status == "unknown":
            if number >= start:
                absent += status is None
                unknown += status == "unknown"
            continue
        if want is not None and status != want:
            continue
        if status == "won" and args.difficulty is not None and not low <= figure <= high:
            continue
        entry: dict[str, Any] = {"deal": number, "status": status}
        if status == "won":
            entry["length"] = length
            entry["difficulty"] = figure if figure >= 0 else None
            if figure >= 0:
                entry["class"] = source.classes.name_of(figure)
        found.append(entry)
        if len(found) == args.count:
            break
    complete = len(found) == args.count
    reached = found[-1]["deal"] if complete else source.last
    note = ""
    if not complete:
        if start > source.last:
            note = f"deal {start:,} is beyond {source.name}, which ends at {source.last:,}"
        else:
            note = (
                f"{source.name} ends at deal {source.last:,}: {len(found)} of the "
                f"{args.count} deals asked for {'is' if len(found) == 1 else 'are'} there"
            )
    if absent or unknown:
        span = f"{max(start, source.first):,}-{reached:,}"
        parts = []
        if unknown:
            parts.append(f"{unknown} unknown (they reached {source.unknown_limits})")
        if absent:
            parts.append(f"{absent} not solved")
        gap = f"of deals {span}, {' and '.join(parts)} there: left out, never guessed"
        note = f"{note}; {gap}" if note else gap
    if start < source.first:
        # The deals below the source's range are not there at all: said, not skipped quietly.
        below = (
            f"deals {start:,}-{source.first - 1:,} are not covered "
            f"({source.name} starts at {source.first:,})"
        )
        note = f"{below}; {note}" if note else below
    if args.json:
        doc = {
            "game": game.preset,
            "source": source.name,
            "covered": [source.first, source.last],
            "from": start,
            "filter": want,
            "difficulty": [low, high] if args.difficulty is not None else None,
            "classes": {
                name: list(source.classes.bounds(name)) for name in ("easy", "medium", "hard")
            },
            "deals": found,
            "complete": complete,
            "note": note or None,
        }
        print(json.dumps(doc, indent=2))
        return 0
    what = {"won": "winnable", "lost": "lost", None: "settled"}[want]
    changed = "".join(f" {name}={text}" for name, text in game.changed_rules())
    title = f"{game.preset}{changed}: {what} deals from {start:,}"
    if label:
        title += f", difficulty {label}"
    print(f"{title}; from {source.name}")
    for e in found:
        if e["status"] == "won":
            cls = f" ({e['class']})" if "class" in e else ""
            shown = "not kept" if e["difficulty"] is None else e["difficulty"]
            print(f"{e['deal']:>10}  won in {e['length']} moves, difficulty {shown}{cls}")
        else:
            print(f"{e['deal']:>10}  lost")
    if note:
        print(f"note: {note}")
    return 0


# ---------------------------------------------------------------- for players


def _start(args: argparse.Namespace, command: str) -> tuple[Game[Any, Any], Any, str | None]:
    """The game, the start position and the deal number of ``GAME NUMBER`` or ``--file``."""
    if args.file is not None:
        if args.game is not None:
            raise BadOptionError(
                "give GAME and NUMBER or --file, not both (the file names the game)"
            )
        if args.rule:
            raise BadOptionError("--rule does not go with --file: change the file's 'rules:' line")
        if args.file == "-" and getattr(args, "moves_file", None) == "-":
            raise BadOptionError("--file - and --moves-file - cannot both read standard input")
        game, start, deal, moves = load_game(args.file)
        # A game file (play's save) holds the moves played as well: hint, review and
        # play take them as the moves played unless --moves or --moves-file says others.
        args.file_moves = moves
        return game, start, deal
    if args.game is None or args.number is None:
        raise BadOptionError(f"{command} needs GAME and NUMBER, or --file PATH")
    game = get_game(args.game, rule_assignments(args.rule))
    number = parse_deal_number(args.number)
    return game, game.deal(number), str(number)


def _title(game: Game[Any, Any], deal: str | None, file: str | None) -> str:
    if deal is not None:
        return f"{game.preset} {deal}"
    source = "standard input" if file == "-" else Path(file or "").name
    return f"{game.preset}: {source}"


_MOVE_SEPARATORS = re.compile(r"[\s,]+")


def moves_from_text(text: str) -> list[str]:
    """Move notation from ``--moves`` text: separated by spaces or commas."""
    return [w for w in _MOVE_SEPARATORS.split(text) if w]


def moves_from_file(path: str) -> list[str]:
    """Move notation from a file: words separated by spaces, commas or lines.

    ``#`` starts a comment. A JSON document such as ``solve --json`` prints
    (an object with a ``moves`` list of notation texts, or of objects with a
    ``move``) is read too, so a solution can be reviewed as it was saved.
    """
    # Read as deal files are, so that a file that is not text gets one message.
    text = read_text(path, "moves file")
    if text.lstrip().startswith("{"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadOptionError(
                f"moves file '{path}', line {exc.lineno}: not JSON ({exc.msg})"
            ) from None
        moves = doc.get("moves") if isinstance(doc, dict) else None
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


def _played_moves(args: argparse.Namespace) -> list[str]:
    if args.moves is not None and args.moves_file is not None:
        raise BadOptionError("give --moves or --moves-file, not both")
    if args.moves_file is not None:
        return moves_from_file(args.moves_file)
    if args.moves is None:
        return [str(m) for m in getattr(args, "file_moves", ())]
    return moves_from_text(args.moves)


def _stats_document(stats: Any, searches: int) -> dict[str, Any]:
    return {
        "searches": searches,
        "expanded": stats.expanded,
        "unique": stats.unique,
        "max_depth": stats.max_depth,
        "elapsed": round(stats.elapsed, 6),
    }


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
        "stats": _stats_document(analysis.stats, analysis.searches),
        "solver_version": __version__,
    }


def cmd_hint(args: argparse.Namespace) -> int:
    """``hint GAME NUMBER [--moves ...]``: every move of a position with its verdict."""
    limits = make_limits(args.max_states, args.timeout, args.max_table)
    game, start, deal = _start(args, "hint")
    played = _played_moves(args)
    if args.fair or game.has_hidden(start):
        return _fair_hint(args, game, start, deal, played, limits)
    if args.samples != SAMPLES or args.seed:
        raise BadOptionError("--samples and --seed go with --fair")
    analysis = analyse(
        game,
        start,
        played,
        shortest=args.shortest,
        max_states=limits.max_states,
        timeout=limits.timeout,
        max_table=limits.max_table,
    )
    moves = [m for m, _, _ in play_line(game, start, played)]
    if args.json:
        doc = hint_document(analysis, deal, moves)
        if args.file is not None:
            doc["file"] = args.file
        print(json.dumps(doc, indent=2))
        return 0
    style = Style.for_stream(sys.stdout, args.colour)
    rules = " ".join(f"{k}={v}" for k, v in rules_items(game.rules))
    where = f"after {count_text(len(moves), 'move')}" if moves else "at the start"
    title = f"{_title(game, deal, args.file)}, {where}"
    print(f"{title}  ({rules})" if rules else title)
    print(style.cards(game.show(analysis.position)))
    print()
    for line in hint_lines(analysis, style):
        print(line)
    s = analysis.stats
    print()
    print(
        f"search: {count_text(analysis.searches, 'search')}, {s.expanded:,} states expanded, "
        f"{s.elapsed:.3f} s"
    )
    return 0


def _fair_hint(
    args: argparse.Namespace,
    game: Game[Any, Any],
    start: Any,
    deal: str | None,
    played: list[str],
    limits: Limits,
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
    position = start
    for m in moves:
        position = game.apply(position, m)
    seen = game.seen(position)
    hint = fair_hint(
        game,
        seen,
        samples=args.samples,
        seed=args.seed,
        limits=limits if limits.any else SOLVE_LIMITS,
    )
    best = hint.best
    if args.json:
        group = {
            id(member): (listed, (listed, *others))
            for listed, others in hint.groups()
            for member in (listed, *others)
        }
        doc: dict[str, Any] = {
            "game": game.preset,
            "rules": dict(rules_items(game.rules)),
            "deal": deal,
            "played": [str(m) for m in moves],
            "hidden": hint.hidden,
            "exact": hint.exact,
            "samples": hint.samples,
            "best": None if best is None else str(best.move),
            "moves": [
                {
                    "move": str(m.move),
                    "description": game.describe(game.fill(seen.state, seen.unseen), m.move),
                    "chance": m.value,
                    "low": m.low,
                    "high": m.high,
                    "wins": m.wins,
                    "unknown": m.unknown,
                    "votes": m.votes,
                    "group": str(group[id(m)][0].move),
                    "also": [str(o.move) for o in group[id(m)][1] if o is not m],
                }
                for m in hint.moves
            ],
            "solves": hint.solves,
            "seconds": round(hint.seconds, 6),
            "solver_version": __version__,
        }
        if args.file is not None:
            doc["file"] = args.file
        print(json.dumps(doc, indent=2))
        return 0
    style = Style.for_stream(sys.stdout, args.colour)
    rules = " ".join(f"{k}={v}" for k, v in rules_items(game.rules))
    where = f"after {count_text(len(moves), 'move')}" if moves else "at the start"
    title = f"{_title(game, deal, args.file)}, {where}, as a player sees it"
    print(f"{title}  ({rules})" if rules else title)
    print(style.cards(game.show(seen.state)))
    print()
    for line in fair_hint_lines(game, seen, hint):
        print(line)
    print()
    print(
        f"search: {count_text(hint.solves, 'exact solve')}, {hint.seconds:.3f} s "
        "(see docs/players.md: what the figures mean)"
    )
    return 0


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
        "stats": _stats_document(result.stats, result.searches),
        "solver_version": __version__,
    }


def cmd_review(args: argparse.Namespace) -> int:
    """``review GAME NUMBER --moves ...``: the move that lost a won game, if one did."""
    limits = make_limits(args.max_states, args.timeout, args.max_table)
    game, start, deal = _start(args, "review")
    if args.moves is None and args.moves_file is None and not getattr(args, "file_moves", ()):
        raise BadOptionError(
            'review needs the moves played: --moves "M1 M2 ..." or --moves-file PATH, '
            "or a game file that play saved as --file"
        )
    played = _played_moves(args)
    moves = [m for m, _, _ in play_line(game, start, played)]
    # Checked before the searches, which may be long, rather than after them.
    html_path = check_html_path(args.html) if args.html is not None else None
    result = review_line(game, start, moves, limits=limits)
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
            title=f"{_title(game, deal, args.file)}: review",
            verdict_text=result.summary(),
            status=_outcome_status(result.outcome),
            marks=marks,
        )
        doc["html"] = str(write_html(html_path, page))
        print(f"{PROG}: wrote the page {html_path}", file=sys.stderr)
    if args.json:
        print(json.dumps(doc, indent=2))
        return 0
    rules = " ".join(f"{k}={v}" for k, v in rules_items(game.rules))
    title = f"{_title(game, deal, args.file)}: review of {count_text(len(moves), 'move')}"
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
        f"search: {count_text(result.searches, 'search')}, {s.expanded:,} states expanded, "
        f"{s.elapsed:.3f} s"
    )
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    """``verify GAME NUMBER --moves ...``: replay a line and say whether it wins."""
    game, start, deal = _start(args, "verify")
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
    played = _played_moves(args)
    check = verify(game, start, played)
    title = _title(game, deal, args.file)
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
        print(json.dumps(doc, indent=2))
    if not check.legal:
        raise BadMoveError(f"{title}: {reason}")
    if args.json:
        return 0 if check.won else EXIT_NOT_WON
    if check.won:
        print(f"{title}: the line wins: {count_text(check.played, 'move')}, every one legal")
        return 0
    print(f"{title}: the line does not win: every move is legal, but it {reason}")
    return EXIT_NOT_WON


def cmd_play(args: argparse.Namespace) -> int:
    """``play GAME NUMBER``: play in the terminal, told after each move if it can still be won."""
    limits = make_limits(args.max_states, args.timeout, args.max_table)
    if args.file == "-":
        raise BadOptionError(
            "play reads the player's moves from standard input: give the position as a file, "
            "not --file -"
        )
    game, start, deal = _start(args, "play")
    if args.browser:
        return _play_in_browser(args, game, start, deal, limits)
    check = None
    if args.check_states is not None:
        check = Limits(max_states=args.check_states)
    return play_game(
        game,
        start,
        sys.stdin,
        sys.stdout,
        limits=limits,
        check_limits=check,
        style=Style.for_stream(sys.stdout, args.colour),
        title=_title(game, deal, args.file),
        deal=deal,
        fair=Fair(args.samples, args.seed) if args.fair else None,
        moves=getattr(args, "file_moves", ()),
        file=args.file,
        review=_review_command(args, deal),
    )


def _play_in_browser(
    args: argparse.Namespace, game: Game[Any, Any], start: Any, deal: str | None, limits: Limits
) -> int:
    """``play --browser``: the game on a local web page, with the solver as a coach."""
    try:
        from .web.app import play_in_browser
    except ImportError as exc:
        raise BadOptionError(
            f"play --browser needs the browser extra ({exc.name} is missing): "
            "pip install 'solitaire_solver[browser]'"
        ) from None
    from .web import Table

    table = Table(
        game,
        start,
        deal=deal,
        moves=getattr(args, "file_moves", ()),
        limits=limits,
        samples=args.samples,
        seed=args.seed,
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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``solitaire-solver``."""
    parser = _Parser(
        prog=PROG,
        description="Exact solutions and winnability statistics for patience games.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser(
        "solve",
        help="solve one deal: verdict, winning moves and search statistics",
        description="Solve one deal, or a position from a file, exactly. The verdict is won "
        "(with the moves), lost (the whole state space was searched) or unknown (a limit you "
        "set was reached).",
    )
    p.add_argument(
        "game", metavar="GAME", nargs="?", help="a game preset, such as decade (see `games`)"
    )
    p.add_argument("number", metavar="NUMBER", nargs="?", help=DEAL_NUMBER_HELP)
    p.add_argument(
        "--file",
        metavar="PATH",
        help="solve the deal or position in this file instead (- reads standard input; see `show`)",
    )
    add_rule_option(p)
    p.add_argument("--shortest", action="store_true", help="find a winning line with fewest moves")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument(
        "--html",
        metavar="PATH",
        help="also write a web page that steps through the winning line (one file, works offline)",
    )
    add_limit_options(p)
    p.set_defaults(run=cmd_solve)

    p = sub.add_parser(
        "stats",
        help="winnability of many deals: solved in parallel, stored, summarised",
        description="Solve every deal of a range and report the win rate with its 95% "
        "Wilson interval. Each result is stored in an SQLite file as it finishes; a rerun "
        "skips the deals already stored.",
    )
    p.add_argument("game", metavar="GAME", help="a game preset, such as decade (see `games`)")
    p.add_argument(
        "--deals",
        required=True,
        metavar="RANGE",
        help="deal numbers, such as 1-10000 or 1-100,200,300-310",
    )
    add_rule_option(p)
    p.add_argument(
        "--jobs",
        type=_positive_int,
        metavar="N",
        help="worker processes (default: one per core; 1 solves in this process)",
    )
    p.add_argument(
        "--db",
        metavar="PATH",
        help="the results store (default: PRESET.stats.sqlite in the working directory)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--csv", metavar="PATH", help="also write one line per deal to a CSV file")
    p.add_argument(
        "--verify",
        action="store_true",
        help="replay every winning line (stored ones too) from its deal; exit status 1 if one "
        "does not win",
    )
    p.add_argument(
        "--plot",
        metavar="PATH",
        help="also draw the running win rate and the search effort (needs matplotlib)",
    )
    p.add_argument(
        "--import",
        dest="import_files",
        action="append",
        default=[],
        metavar="PATH",
        help="first put the verdicts of a verdict file into the store, where they count as "
        "solved (repeatable; the file must be of this preset and rules)",
    )
    p.add_argument(
        "--export",
        metavar="PATH",
        help="afterwards write the verdicts of the range to a verdict file (see docs/tables.md)",
    )
    p.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="solve on a running Dask scheduler, such as tcp://host:8786, instead of local "
        "processes (needs distributed; --jobs is then ignored)",
    )
    p.add_argument(
        "--dask-timeout",
        type=_positive_float,
        default=DASK_TIMEOUT,
        metavar="S",
        help=f"give up on a Dask scheduler that does not answer within S seconds "
        f"(default {DASK_TIMEOUT:g})",
    )
    p.add_argument(
        "--player",
        choices=KINDS,
        help="play every deal with a player that sees only what the game shows, instead of "
        "solving it: fair (the fair hint's best move), greedy or random; its win rate is a "
        "lower bound on what a player who cannot see the hidden cards can win",
    )
    p.add_argument(
        "--samples",
        type=_positive_int,
        default=PLAYER_SAMPLES,
        metavar="K",
        help=f"with --player fair: determinisations each hint solves (default {PLAYER_SAMPLES})",
    )
    p.add_argument(
        "--seed",
        type=_non_negative_int,
        default=0,
        metavar="N",
        help="with --player fair or random: the seed of its draws (default 0); the same seed "
        "plays every deal the same way",
    )
    add_limit_options(p)
    p.set_defaults(run=cmd_stats)

    p = sub.add_parser(
        "deals",
        help="deal numbers with their verdicts: winnable ones by difficulty, lost ones",
        description="List deal numbers from the published tables of exact verdicts (or from a "
        "stats store), filtered by verdict and difficulty. Deals the table does not cover, "
        "or leaves unknown, are never guessed: the output says so.",
    )
    p.add_argument("game", metavar="GAME", help="a game preset, such as decade (see `games`)")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--winnable", action="store_true", help="only winnable deals")
    which.add_argument("--lost", action="store_true", help="only deals that cannot be won")
    p.add_argument(
        "--from",
        dest="start",
        type=_plain_deal_number,
        default=1,
        metavar="N",
        help="start at deal number N (default 1)",
    )
    p.add_argument(
        "--count",
        type=_positive_int,
        default=DEFAULT_COUNT,
        metavar="K",
        help=f"list K deals (default {DEFAULT_COUNT})",
    )
    p.add_argument(
        "--difficulty",
        type=_difficulty_option,
        metavar="CLASS",
        help="only winnable deals of this difficulty: easy, medium, hard, or figures N..M "
        "(see docs/tables.md)",
    )
    p.add_argument(
        "--db",
        metavar="PATH",
        help="read a results store of `stats` instead of the published table",
    )
    p.add_argument(
        "--verify",
        action="store_true",
        help="solve a random sample of the published table's won and lost deals again (only "
        "won ones with --winnable, lost ones with --lost) and compare; exit status 1 on a "
        "disagreement; unknown deals are never drawn",
    )
    p.add_argument(
        "--sample",
        type=_positive_int,
        default=DEFAULT_SAMPLE,
        metavar="K",
        help=f"with --verify: how many deals to solve again (default {DEFAULT_SAMPLE})",
    )
    p.add_argument(
        "--seed",
        type=_non_negative_int,
        default=0,
        metavar="S",
        help="with --verify: the seed of the draw (default 0); the same seed draws the same deals",
    )
    add_rule_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(run=cmd_deals)

    p = sub.add_parser("games", help="list the games, their presets and rules")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(run=cmd_games)

    p = sub.add_parser(
        "show",
        help="print a deal as a position file, to save, edit and solve with solve --file",
        description="Print a deal in the position file format (see the README).",
    )
    p.add_argument("game", metavar="GAME", help="a game preset, such as decade (see `games`)")
    p.add_argument("number", metavar="NUMBER", help=DEAL_NUMBER_HELP)
    add_rule_option(p)
    p.add_argument("--json", action="store_true", help="print the JSON form of the file")
    p.set_defaults(run=cmd_show)

    p = sub.add_parser(
        "hint",
        help="every legal move of a position with its verdict, the recommended move first",
        description="The position after the moves played (checked as they are played), then "
        "every legal move with the verdict of the position after it (won, with the length of "
        "a winning line; lost; or unknown, naming the limit) and a recommended move: one that "
        "keeps the game won, with the shortest line found.",
    )
    _player_arguments(p)
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
        "value where few are hidden; implied by a file with hidden cards (??)",
    )
    _fair_sampling_options(p, SAMPLES)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    _colour_option(p)
    add_limit_options(p)
    p.set_defaults(run=cmd_hint)

    p = sub.add_parser(
        "review",
        help="replay a game and name the first move that lost a won game",
        description="Replay a game and name the first move after which a winnable position "
        "was lost, with a move that would have kept it won; or say that the deal was never "
        "winnable, that no move lost it, or that the game was won. Each verdict is exact "
        "(unless a limit stops a search, which is then named); the search bisects the line.",
    )
    _player_arguments(p)
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
    p.set_defaults(run=cmd_review)

    p = sub.add_parser(
        "verify",
        help="replay a line of moves and say whether it wins (exit status 0 won, 1 not won)",
        description="Replay a line of moves from a deal or a position, checking every move, "
        "and say whether it ends in a won position. Exit status 0: it wins; 1: every move "
        "is legal but the game is not won; 2: a move is illegal or unreadable (named with "
        "its number), or other bad input.",
    )
    _player_arguments(p)
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
    p.set_defaults(run=cmd_verify)

    p = sub.add_parser(
        "play",
        help="play a deal in the terminal, told after each move whether it can still be won",
        description="Play a deal (or a position from a file) in the terminal: type a move's "
        "number or notation, or hint, undo, solve, save FILE, help, quit. After each move it "
        "says whether the game can still be won, from a search of at most "
        f"{CHECK_LIMITS.max_states:,} states (see --check-states); hint and solve search "
        "under the preset's default limits or the ones given.",
    )
    _player_arguments(p)
    p.add_argument(
        "--fair",
        action="store_true",
        help="play without spoilers: the face-down cards stay hidden, no verdict is shown, "
        "hint is the fair hint (no peeking) and solve is off; at the end it says whether the "
        "deal could be won and the fair chance you had at the start",
    )
    _fair_sampling_options(p, PLAY_SAMPLES)
    p.add_argument(
        "--browser",
        action="store_true",
        help="play on a web page instead, served on this machine (127.0.0.1) and opened in "
        "your browser: click a card, then where it goes; the coach answers when asked",
    )
    p.add_argument(
        "--check-states",
        type=_positive_int,
        metavar="N",
        help=f"states the search after each move may expand (default {CHECK_LIMITS.max_states:,})",
    )
    _colour_option(p)
    add_limit_options(p)
    p.set_defaults(run=cmd_play)
    return parser


def _player_arguments(p: argparse.ArgumentParser) -> None:
    """GAME, NUMBER, --file and --rule, as solve takes them."""
    p.add_argument(
        "game", metavar="GAME", nargs="?", help="a game preset, such as decade (see `games`)"
    )
    p.add_argument("number", metavar="NUMBER", nargs="?", help=DEAL_NUMBER_HELP)
    p.add_argument(
        "--file",
        metavar="PATH",
        help="start from the deal, position or saved game (play's save) in this file instead "
        "(- reads standard input)",
    )
    add_rule_option(p)


def _fair_sampling_options(p: argparse.ArgumentParser, samples: int) -> None:
    """--samples (by default ``samples``) and --seed, of the fair hints under --fair."""
    p.add_argument(
        "--samples",
        type=_positive_int,
        default=samples,
        metavar="K",
        help=f"with --fair: the random deals of the hidden cards a hint solves (default {samples})",
    )
    p.add_argument(
        "--seed",
        type=_non_negative_int,
        default=0,
        metavar="N",
        help="with --fair: the seed of the hints' random deals (default 0)",
    )


def _colour_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--colour",
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="red suits and coloured verdicts, suit symbols where they can be shown "
        "(default auto: only on a terminal, and not with NO_COLOR set)",
    )


class Terminated(Exception):
    """Raised in the main thread when the process is asked to stop (SIGTERM)."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    # SIGTERM (kill PID) stops a run as Ctrl-C does: the batches in flight
    # are cancelled, the pool's workers are shut down and the store is
    # closed. Python's default would end the process with no clean-up.
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        return run(args)
    except SolverError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
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
