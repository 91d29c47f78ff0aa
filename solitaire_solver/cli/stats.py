"""``stats``: the winnability of many deals, solved in parallel, stored and summarised."""

from __future__ import annotations

import argparse
import csv
import logging
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from .. import __version__
from ..advice.bounds import POTENTIALS, UpperBound
from ..advice.players import KINDS, Player
from ..api import get_game
from ..cards import count_text
from ..errors import BadOptionError
from ..games import PRESETS, Game
from ..games.knobs import parse_rule_assignments, rules_items
from ..maths import count_percentile
from ..numbering import MT_THRESHOLD, DealNumber
from ..progress import ProgressBar
from ..reading import write_problem
from ..records.store import DealResult, Store, StoreKey
from ..records.verdicts import (
    LOST,
    MAX_DEALS,
    MOST_SPAN,
    UNKNOWN,
    WON,
    Verdicts,
    check_verdicts,
    read_verdicts,
    write_verdicts,
)
from ..request import SolveRequest, raise_option
from ..search import NO_LIMITS, Limit, Limits, Status
from ..search.result import stop_text
from ..stats import (
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
from ..stats.plot import check_plot_path, plot_run
from ..stats.solving import RunPlayer
from ..stats.tables import import_verdicts, store_verdicts
from .common import (
    EXIT_BAD_LINE,
    PROG,
    SAMPLES_HELP,
    Commands,
    Given,
    add_limit_options,
    add_plan_option,
    add_rule_option,
    check_samples,
    count_type,
    fair_plan_default,
    non_negative_int,
    options_going_with,
    positive_float,
    positive_int,
    print_json,
    solve_request,
    with_plan_file,
)

MOST_JOBS = 256
"""The most worker processes ``--jobs`` may ask for: each is a process of its own, and
more would only wait for the cores."""


def stats_player(args: argparse.Namespace, game: Game[Any, Any]) -> RunPlayer | None:
    """The player of a ``stats`` run of ``game`` (``--player``, ``--samples``, ``--seed``,
    ``--sample-states``, ``--skip-unsettled``), or the upper bound (``--player upper``,
    ``--penalty``, ``--exact-hidden``), or ``None``; the numbers not given are ``game``'s
    fair plan's (or its bound's defaults), resolved here once (the store's words name
    them)."""
    # The greedy player draws nothing; the random one draws with a seed; the fair one's
    # hints take samples too. The upper bound plays no game.
    upper = args.player == UpperBound.kind
    options_going_with(args, "--player upper", upper, ("--penalty", "--exact-hidden"))
    if upper:
        for option, given in (
            ("--verify", args.verify),
            ("--import", bool(args.import_files)),
            ("--export", bool(args.export)),
        ):
            if given:
                raise BadOptionError(
                    f"{option} does not go with --player upper: its rows hold a real number "
                    "per deal and no line of moves"
                )
        return UpperBound(args.penalty, args.exact_hidden).for_game(game)
    fair = args.player == "fair"
    options_going_with(
        args, "--player fair", fair, ("--samples", "--sample-states", "--skip-unsettled")
    )
    options_going_with(
        args, "--player fair or random", fair or args.player == "random", ("--seed",)
    )
    if args.player is None:
        return None
    check_samples(args, game)
    states = args.sample_states
    return Player(
        args.player,
        samples=args.samples,
        seed=args.seed,
        limits=NO_LIMITS if states is None else Limits(max_states=states),
        skip_unsettled=args.skip_unsettled,
    ).for_game(game)


def _count(x: float) -> str:
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:,.1f}"


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


def unknown_text(summary: Summary, request: SolveRequest | None) -> str:
    """Which limits of a run's ``request`` stopped its unknown deals, such as ``60 at the
    default limit of 13,000,000 states (--max-states raises it)``; empty with no unknown
    deal. With no request, the limits are not known: only their kinds are named."""
    parts = []
    for name, count in summary.unknown_limits:
        if name == "imported":
            parts.append(f"{count:,} imported from verdict files, under their limits")
            continue
        limit = Limit(name)
        reached = stop_text(limit, None, False) if request is None else request.stopped_by(limit)
        parts.append(f"{count:,} at {reached} ({raise_option(limit)} raises it)")
    return "; ".join(parts)


UNSETTLED_TEXT = (
    "the player's solve of a position with nothing hidden stopped at its limit, the "
    "larger of --sample-states and the preset's default (neither won nor lost)"
)
"""What a player's unsettled deals are, in the text and JSON of ``stats --player``."""


def print_summary(
    summary: Summary,
    deals: str,
    store: Path,
    request: SolveRequest | None = None,
    player: RunPlayer | None = None,
) -> None:
    """The human form of a winnability summary of a run of ``request``, or of a player's
    run, or of an upper bound's."""
    s = summary
    if isinstance(player, UpperBound):
        print_bound(s, deals, store, player)
        return
    rules = s.fingerprint.partition(" ")[2]
    print(f"{s.game}  ({rules})" if rules else s.game)
    solved = s.deals - s.reused
    imported = f" ({s.imported:,} imported from verdict files)" if s.imported else ""
    verb = "solved" if player is None else "played"
    print(
        f"deals:  {deals}: {count_text(s.deals, 'deal')}, {s.reused:,} from the store"
        f"{imported}, {solved:,} {verb} now"
    )
    if player is not None:
        print(
            f"player: {player}: it sees only what the game shows; its win rate is a lower "
            "bound on the best chance of a player who cannot see the hidden cards"
        )
        unsettled = f", unsettled at the search limit {s.unknown:,}" if s.unknown else ""
        print(f"the player won {s.won:,}, did not win {s.lost:,}{unsettled}")
        if s.unknown:
            print(f"unsettled deals: {UNSETTLED_TEXT}")
    else:
        print(f"won {s.won:,}, lost {s.lost:,}, unknown {s.unknown:,}")
        if s.unknown:
            print(f"unknown deals stopped: {unknown_text(s, request)}")
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
        which = "unknown" if player is None else "unsettled"
        print(
            f"conservative 95% bounds ({which} deals counted lost, then won): "
            f"{_percent(low)} to {_percent(high)}"
        )
    st, sec = s.states, s.seconds
    if s.imported:
        print(f"(the {s.imported:,} imported deals carry no search effort: left out below)")
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


def _points(x: float) -> str:
    return f"{100 * x:+.2f} points"


def print_bound(summary: Summary, deals: str, store: Path, bound: UpperBound) -> None:
    """The human form of an upper bound's run: the bound with its interval, the same deals
    with full sight, and the bound less full sight deal by deal."""
    s = summary
    rules = s.fingerprint.partition(" ")[2]
    print(f"{s.game}  ({rules})" if rules else s.game)
    solved = s.deals - s.reused
    print(
        f"deals:  {deals}: {count_text(s.deals, 'deal')}, {s.reused:,} from the store, "
        f"{solved:,} worked out now"
    )
    print(
        f"bound:  {bound}: the best, over every line played with full sight, of won less "
        "the penalties; its mean over the deals is an upper bound on the fair odds"
    )
    values, paired = s.values, s.paired
    if values is None:
        print("upper bound: no deal has a value")
    else:
        low, high = values.interval
        # One deal has no spread to measure: its t interval would be the whole line, which
        # says nothing, so the text says there is none.
        of = (
            f"95% t interval of the mean of {count_text(values.count, 'deal')}: "
            f"{_percent(low)} to {_percent(high)}; a deal's value from "
            f"{_percent(values.minimum)} to {_percent(values.maximum)}"
            if values.count > 1
            else "one deal: no interval"
        )
        if s.bound is None:
            # A mean that leaves deals out bounds nothing: the deals left out may be
            # the ones whose values are the highest.
            print(
                "upper bound on the fair odds: unknown, "
                f"{count_text(s.deals - values.count, 'deal')} without a value (a limit, or a "
                f"fair value out of reach); the mean of the others is "
                f"{_percent(values.mean)}  ({of}), not a bound"
            )
        else:
            print(f"upper bound on the fair odds: {_percent(values.mean)}  ({of})")
    if s.capped:
        print(
            f"capped: {count_text(s.capped, 'deal')} whose inner search a limit stopped count "
            "at the potential's ceiling, a looser bound (still sound)"
        )
    settled = s.won + s.lost
    if settled:
        low, high = s.interval
        print(
            f"the same deals with full sight: won {s.won:,} of {settled:,}, "
            f"{_percent(s.won / settled)}  (95% Wilson interval {_percent(low)} to "
            f"{_percent(high)})"
        )
    if paired is not None and paired.count > 1:
        low, high = paired.interval
        print(
            f"the bound less full sight, deal by deal: {_points(paired.mean)}  (95% t interval "
            f"{_points(low)} to {_points(high)}, over {count_text(paired.count, 'deal')} with "
            "both)"
        )
    if s.unknown:
        print(f"full sight unknown: {count_text(s.unknown, 'deal')}")
    st, sec = s.states, s.seconds
    print(
        f"positions per deal: median {_count(st.median)}, 99th percentile {_count(st.p99)}, "
        f"max {_count(st.maximum)}{_approximate(st)}"
    )
    print(
        f"time per deal:   median {_ms(sec.median)}, 99th percentile {_ms(sec.p99)}, "
        f"max {_ms(sec.maximum)}{_approximate(sec)}"
    )
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


def _output_path(text: str, option: str) -> Path:
    """The path of ``option``, checked writable before the run
    (:func:`~solitaire_solver.reading.write_problem`)."""
    problem = write_problem(text)
    if problem is not None:
        raise BadOptionError(f"{option}: cannot write '{text}': {problem}")
    return Path(text)


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


def run(args: argparse.Namespace) -> int:
    """``stats GAME --deals RANGE``: winnability of many deals, stored as they finish."""
    game = with_plan_file(args, get_game(args.game, parse_rule_assignments(args.rule)))
    deals = parse_deals(args.deals)
    request = solve_request(args, game)
    csv_path = _output_path(args.csv, "--csv") if args.csv is not None else None
    plot_path = check_plot_path(args.plot) if args.plot is not None else None
    db_path = Path(args.db) if args.db else default_store_path(game)
    player = stats_player(args, game)
    if args.export is not None:
        _output_path(args.export, "--export")
        plain_blocks(deals)
    # Every file is read and checked before anything is solved or stored.
    imports = [(path, read_verdicts(path)) for path in args.import_files]
    for path, v in imports:
        # A player's results go with that player's run, the solver's with the solver's.
        check_verdicts(v, game, path, player_key(game, player), ordered=True)
    options_going_with(args, "--dask", bool(args.dask), ("--dask-timeout",))
    dask = None
    if args.dask:
        _quiet_dask()
        # Connect first, so that an unreachable scheduler is reported before any work.
        dask = connect_dask(args.dask, timeout=args.dask_timeout)
    try:
        return _run_stats(args, request, deals, db_path, dask, csv_path, plot_path, imports, player)
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
    request: SolveRequest,
    deals: DealRange,
    db_path: Path,
    dask: Any,
    csv_path: Path | None,
    plot_path: Path | None,
    imports: list[tuple[str, Verdicts]],
    player: RunPlayer | None = None,
) -> int:
    # Results are counted as they arrive and not kept: a range may be
    # longer than any list of them. What needs them in the order asked (the
    # CSV, the plot) reads them back from the store afterwards. With
    # --verify the run replays the winning lines (in the workers).
    game, limits = request.game, request.limits
    # The store key of this run's rows: the solver's, or the player's.
    key = player_key(game, player)
    tally = Tally(game)
    imported_wins = 0

    def take(r: DealResult) -> None:
        nonlocal imported_wins
        tally.add(r)
        imported_wins += r.imported and r.status is Status.WON

    with Store(db_path, presets=PRESETS.values()) as store:
        where = db_path.resolve()
        print(f"{PROG}: results store {where}", file=sys.stderr)
        for path, v in imports:
            added, present = import_verdicts(store, game, v, path, key)
            print(
                f"{PROG}: imported {path}: "
                f"{count_text(v.count(WON) + v.count(LOST) + v.count(UNKNOWN), 'deal')} of "
                f"{v.first}-{v.last}, {added:,} new to the store ({present:,} "
                f"{'was' if present == 1 else 'were'} there already: settled rows kept, "
                "unknown ones replaced)",
                file=sys.stderr,
            )
        bar = ProgressBar(sys.stderr, label=game.preset, total=len(deals))
        try:
            counts = run_deals(
                request,
                deals,
                take,
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
                f" ({count_text(imported_wins, 'imported win')} "
                f"{'has' if imported_wins == 1 else 'have'} no line here to replay)"
                if imported_wins
                else ""
            )
            print(
                f"{PROG}: replayed {count_text(replayed, 'winning line')}: every one wins{note}",
                file=sys.stderr,
            )
        if args.export is not None:
            v = store_verdicts(
                store,
                game,
                plain_blocks(deals),
                limits=limits,
                solver_version=__version__,
                key=key,
            )
            written = write_verdicts(args.export, v)
            print(
                f"{PROG}: wrote the verdicts of {v.first}-{v.last} to {written} "
                f"({written.stat().st_size:,} bytes)",
                file=sys.stderr,
            )
        if csv_path is not None:
            try:
                write_csv(csv_path, stored_in_order(store, key, deals))
            except OSError as exc:
                raise BadOptionError(
                    f"--csv: cannot write '{csv_path}': {exc.strerror or exc}"
                ) from None
        if plot_path is not None:
            plot_run(plot_path, summary, stored_in_order(store, key, deals))
    if args.json:
        doc = {
            **summary.as_dict(),
            "limits": {
                "max_states": limits.max_states,
                "timeout": limits.timeout,
                "max_table": limits.max_table,
                "default": request.by_default,
            },
            "rules": dict(rules_items(game.rules)),
            "range": args.deals,
            "store": str(where),
            "verified": summary.won - imported_wins - len(failures) if args.verify else None,
            "player": None if player is None else str(player),
            # A player's unknown deals are the games it left unsettled.
            "unsettled": None if player is None else summary.unknown,
            "unsettled_text": None if player is None or not summary.unknown else UNSETTLED_TEXT,
            "solver_version": __version__,
        }
        print_json(doc)
    else:
        print_summary(summary, args.deals, where, request, player)
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
        if high >= MAX_DEALS:
            raise BadOptionError(
                f"--export: a verdict file holds deal numbers below {MAX_DEALS:,}, and the "
                f"range reaches {high:,}"
            )
        out.append((low, high))
    span = max(high for _, high in out) - min(low for low, _ in out) + 1 if out else 0
    if span > MOST_SPAN:
        raise BadOptionError(
            f"--export: a verdict file covers at most {MOST_SPAN:,} deals from its first to "
            f"its last, and the range covers {span:,}"
        )
    return out


def register(commands: Commands) -> None:
    """The ``stats`` command and its options."""
    p = commands.add_parser(
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
        type=count_type(MOST_JOBS, "worker process"),
        metavar="N",
        help=f"worker processes (default: one per core; 1 solves in this process; at most "
        f"{MOST_JOBS}, and never more than the deals to solve)",
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
        "solved (repeatable; the file must be of this preset and rules, and with --player of "
        "that player, as --export wrote it)",
    )
    p.add_argument(
        "--export",
        metavar="PATH",
        help="afterwards write the verdicts of the range to a verdict file "
        "(see docs/reference/tables.md); with --player, the player's results, "
        "to resume its run elsewhere with --import",
    )
    p.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="solve on a running Dask scheduler, such as tcp://host:8786, instead of local "
        "processes (needs distributed; --jobs is then ignored)",
    )
    p.add_argument(
        "--dask-timeout",
        action=Given,
        type=positive_float,
        default=DASK_TIMEOUT,
        metavar="S",
        help=f"give up on a Dask scheduler that does not answer within S seconds "
        f"(default {DASK_TIMEOUT:g})",
    )
    p.add_argument(
        "--player",
        choices=(*KINDS, UpperBound.kind),
        help="play every deal with a player that sees only what the game shows, instead of "
        "solving it: fair (the fair hint's best move), greedy or random; its win rate is a "
        "lower bound on what a player who cannot see the hidden cards can win. upper: work "
        "out each deal's inner optimum of the upper bound on those odds instead (the mean "
        "over the deals is the bound; see --penalty)",
    )
    p.add_argument(
        "--penalty",
        action=Given,
        metavar="NAME",
        help=f"with --player upper: the function W of what the player sees whose changes at "
        f"each card turned up are charged: none (W = 0: the rate with full sight), exact "
        f"(the exact fair value where at most --exact-hidden cards are hidden, 0 above), or "
        f"a game's own (every game has {', '.join(POTENTIALS)}; decade has fitted too, a "
        "model of the fair value above the exact ones). Default: fitted for decade, exact "
        "for other compulsory Decade rules, else none",
    )
    p.add_argument(
        "--exact-hidden",
        action=Given,
        type=non_negative_int,
        metavar="N",
        help="with --player upper: W is the exact fair value where at most N cards are "
        "hidden (default: the game's, 10 for decade; each added card costs about three "
        "times more; with --max-states, each exact value expands at most that many states, "
        "and a deal whose value needs more is capped or unknown)",
    )
    p.add_argument(
        "--samples",
        action=Given,
        type=positive_int,
        metavar="K",
        help=f"with --player fair: determinisations each hint solves (default: "
        f"{fair_plan_default('samples')}; {SAMPLES_HELP})",
    )
    p.add_argument(
        "--seed",
        action=Given,
        type=non_negative_int,
        default=0,
        metavar="N",
        help="with --player fair or random: the seed of its draws (default 0); the same seed "
        "plays every deal the same way",
    )
    p.add_argument(
        "--sample-states",
        action=Given,
        type=positive_int,
        metavar="N",
        help=f"with --player fair: the most states each exact solve of a hint's samples may "
        f"expand (default: {fair_plan_default('states')}); a sample it leaves "
        "unknown counts as not won, so a larger N makes a stronger player at a cost",
    )
    p.add_argument(
        "--skip-unsettled",
        action="store_true",
        help="with --player fair: leave unsearched, after every move, a sample whose whole "
        "position its limit leaves unknown (it wins none): a cheaper player where many are",
    )
    add_limit_options(p)
    add_plan_option(p)
    p.set_defaults(run=run)
