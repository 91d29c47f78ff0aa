"""``deals``: deal numbers and their verdicts, from the published tables or a store."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs

from ..api import get_game
from ..cards import count_text
from ..errors import BadOptionError, SolverError
from ..games import PRESETS, Game
from ..games.knobs import parse_rule_assignments
from ..numbering import MT_THRESHOLD, DealNumber, parse_deal_number
from ..records.store import Store, StoreKey
from ..records.verdicts import (
    LOST,
    UNKNOWN,
    WON,
    Classes,
    RelatedTable,
    Verdicts,
    related_tables,
    shipped_table,
)
from ..search import Limit, Limits, limit_text
from ..stats.tables import ordered_keys, recheck, sample_settled, store_carried
from .common import (
    EXIT_DISAGREES,
    Commands,
    Given,
    add_rule_option,
    non_negative_int,
    options_going_with,
    positive_int,
    print_json,
)

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
    limits_of: Callable[[int], Limits | None] = lambda number: None
    """The limits an unknown deal reached (``None`` when the source does not say)."""
    carried_from: Callable[[int], str | None] = lambda number: None
    """Where a verdict listed came from when not from the source's own rules: the table or
    rules of stricter rules (a win) or looser ones (a loss); ``None`` for the source's own."""


def _published(game: Game[Any, Any], missing: str) -> Verdicts:
    """The published table of the game under its rules. With none, the error is ``missing``
    with ``{preset}`` and ``{rules}`` (``under these rules`` when they are changed) filled in."""
    v = shipped_table(game)
    if v is None:
        rules = " under these rules" if game.changed_rules() else ""
        raise BadOptionError(missing.format(preset=game.preset, rules=rules))
    return v


def _table_name(v: Verdicts) -> str:
    """How the output names a published table: its deals, its solver and its checksum."""
    return (
        f"the published table of deals {v.first:,}-{v.last:,} (solver {v.solver_version}, "
        f"sha256 {v.sha256[:12]})"
    )


Entry = tuple[int, str | None, int, int]
"""``(number, status or None, length, difficulty)`` of one deal, as a source lists it."""


def _carry(
    entries: Iterator[Entry], carried: Callable[[int], tuple[Entry, str] | None]
) -> Iterator[Entry]:
    """``entries`` with each deal they leave unknown or unsolved settled by ``carried`` when
    it can: a win under stricter rules, a loss under looser ones."""
    for entry in entries:
        if entry[1] not in ("won", "lost") and (found := carried(entry[0])) is not None:
            entry = found[0]
        yield entry


def _table_carried(related: list[RelatedTable]) -> Callable[[int], tuple[Entry, str] | None]:
    """A deal's verdict from the published tables of rules ordered with a game's."""

    def carried(number: int) -> tuple[Entry, str] | None:
        for t in related:
            v = t.verdicts
            if v.status(number) == ("won" if t.stricter else "lost"):
                if t.stricter:
                    i = v.won_index(number)
                    return (number, "won", v.lengths[i], v.difficulty[i]), t.name
                return (number, "lost", 0, 0), t.name
        return None

    return carried


def _table_source(game: Game[Any, Any]) -> _Source:
    related = related_tables(game)
    own = shipped_table(game)
    if own is None and not related:
        _published(
            game, "no published table for {preset}{rules}: give --db with a store of a stats run"
        )
    names = {0: None, WON: "won", LOST: "lost", UNKNOWN: "unknown"}
    carried = _table_carried(related)
    if own is None:
        # No table of these rules, but tables of rules ordered with them: their range, and
        # only what carries from them (the rest is not solved, never guessed).
        first = min(t.verdicts.first for t in related)
        last = max(t.verdicts.last for t in related)

        def none_settled(start: int) -> Iterator[Entry]:
            for number in range(max(start, first), last + 1):
                yield number, None, 0, 0

        listed = {"stricter": [t.name for t in related if t.stricter]}
        listed["looser"] = [t.name for t in related if not t.stricter]

        def origin_of(number: int) -> str | None:
            found = carried(number)
            return None if found is None else found[1]

        return _Source(
            "the published tables of rules ordered with these ("
            + "; ".join(f"{side}: {', '.join(n)}" for side, n in listed.items() if n)
            + ")",
            first,
            last,
            Classes.of(f for t in related if t.stricter for f in t.verdicts.difficulty),
            lambda start: _carry(none_settled(start), carried),
            carried_from=origin_of,
        )
    v = own

    def entries(start: int) -> Iterator[Entry]:
        for number, code, length, figure in v.entries(start):
            yield number, names[code], length, figure

    def origin(number: int) -> str | None:
        if v.status(number) in ("won", "lost"):
            return None
        found = carried(number)
        return None if found is None else found[1]

    return _Source(
        _table_name(v),
        v.first,
        v.last,
        v.classes,
        lambda start: _carry(entries(start), carried),
        # A rerun table's unknown deals reached one of several limits.
        " or ".join(_limits_phrase(limits) for limits in v.all_limits),
        v.limits_of,
        origin,
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
    try:
        there = path.is_file()
    except (OSError, ValueError) as exc:  # a name too long, a NUL
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise BadOptionError(f"no results store at '{path}': {why}") from None
    if not there:
        raise BadOptionError(f"no results store at '{path}'")
    # Read only: an empty file is no store to make one of.
    store = Store(path, presets=PRESETS.values(), create=False)
    key = StoreKey.of(game)
    # The deals of these rules, and of rules ordered with them whose verdicts carry.
    ordered = ordered_keys(store, game)
    spans = [
        span for k in [key, *(k for k, _ in ordered)] if (span := store.number_span(k)) is not None
    ]
    if not spans:
        store.close()
        raise BadOptionError(f"the store '{path}' holds no deal of {game.fingerprint}")
    low_high = (min(low for low, _ in spans), max(high for _, high in spans))
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

    reached: dict[int, Limits] = {}

    def entries(start: int) -> Iterator[tuple[int, str | None, int, int]]:
        expected = max(start, first)
        for number, status, length, figure, limits in store.verdict_rows(key, expected, last):
            if status == "unknown":
                reached[number] = limits
            for missing in range(expected, number):
                yield missing, None, 0, 0
            won = status == "won"
            # A won row stored before the store kept figures has none (-1):
            # it is listed without one, and never matches --difficulty.
            figure = -1 if figure is None else figure
            yield number, status, length if won else 0, figure if won else 0
            expected = number + 1
        for missing in range(expected, last + 1):
            yield missing, None, 0, 0

    origins: dict[int, str] = {}

    def carried(number: int) -> tuple[Entry, str] | None:
        deal = str(DealNumber(number, number < MT_THRESHOLD))
        found = store_carried(store, game, deal, ordered)
        if found is None:
            return None
        row = found.result
        origins[number] = f"the rows of {found.fingerprint}"
        figure = -1 if row.difficulty is None else row.difficulty
        if found.status == "won":
            return (number, "won", row.length, figure), origins[number]
        return (number, "lost", 0, 0), origins[number]

    return _Source(
        f"the store {path.resolve()}",
        first,
        last,
        classes,
        lambda start: _carry(entries(start), carried),
        limits_of=reached.get,
        carried_from=origins.get,
    )


DEFAULT_SAMPLE = 10
"""Deals ``deals --verify`` solves again unless told otherwise: a few seconds at most."""


def _verify_table(args: argparse.Namespace, game: Game[Any, Any]) -> int:
    """``deals GAME --verify``: solve a sample of the published table again and compare."""
    if args.db or args.difficulty is not None:
        raise BadOptionError("--verify checks the published table: not with --db or --difficulty")
    if args.unknown:
        raise BadOptionError("--verify solves won and lost deals again, not unknown ones")
    if args.start != 1 or args.count != DEFAULT_COUNT:
        raise BadOptionError("--from and --count list deals; --verify takes --sample and --seed")
    v = _published(
        game, "no published table of {preset}{rules} to verify (see docs/reference/tables.md)"
    )
    want = "won" if args.winnable else "lost" if args.lost else None
    numbers, unknown = sample_settled(v, args.sample, args.seed, want)
    source = _table_name(v)
    # A verdict won or lost holds under any limits: the deals are solved as
    # `solve` solves them, under the preset's limits, not the table's.
    limits = _limits_phrase(game.default_limits)
    what = {"won": "won ", "lost": "lost ", None: ""}[want]
    if not args.json:
        print(
            f"{game.preset}: {count_text(len(numbers), what + 'deal')} of {source}, drawn with "
            f"seed {args.seed}, solved again under {limits}"
        )
        if len(numbers) < args.sample:
            # A sample larger than the table's settled deals is all of them: said, not
            # cut down in silence.
            print(
                f"note: --sample {args.sample:,} asks for more {what}deals than the table "
                f"settles ({len(numbers):,}): every one of them is solved again",
                file=sys.stderr,
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
            "drawn": len(numbers),
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
        print_json(doc)
    else:
        summary = f"{agree} agree, {disagree} disagree"
        if unsettled:
            summary += f", {unsettled} not settled again (no contradiction)"
        if unknown:
            summary += f"; the table's {unknown:,} unknown deals are not drawn"
        print(summary)
    return EXIT_DISAGREES if disagree else 0


def _carried_note(entry: dict[str, Any]) -> str:
    """``, from windmill.verdicts (stricter rules)``: where a carried verdict came from."""
    origin = entry.get("carried_from")
    if origin is None:
        return ""
    side = "stricter" if entry["status"] == "won" else "looser"
    return f", from {origin} ({side} rules)"


def run(args: argparse.Namespace) -> int:
    """``deals GAME``: deal numbers and their verdicts, from the published tables or a store."""
    game = get_game(args.game, parse_rule_assignments(args.rule))
    options_going_with(args, "--verify", args.verify, ("--sample", "--seed"))
    if args.verify:
        return _verify_table(args, game)
    if args.difficulty is not None and (args.lost or args.unknown):
        raise BadOptionError(
            f"--difficulty goes with won deals, not with --{'lost' if args.lost else 'unknown'}"
        )
    source = _store_source(game, Path(args.db)) if args.db else _table_source(game)
    want: str | None = None
    if args.winnable or args.difficulty is not None:
        want = "won"
    elif args.lost:
        want = "lost"
    elif args.unknown:
        want = "unknown"
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
    # The difficulty figures of the won deals passed over, to say so when none is of the
    # difficulty asked for.
    figures: set[int] = set()
    start = args.start
    for number, status, length, figure in source.entries(start):
        if status == "unknown" and want == "unknown":
            limits = source.limits_of(number)
            found.append(
                {
                    "deal": number,
                    "status": status,
                    "limits": None if limits is None else limits.as_json(),
                }
            )
            if len(found) == args.count:
                break
            continue
        if status is None or status == "unknown":
            if number >= start:
                absent += status is None
                unknown += status == "unknown"
            continue
        if want is not None and status != want:
            continue
        if status == "won" and args.difficulty is not None and not low <= figure <= high:
            if figure >= 0:
                figures.add(figure)
            continue
        entry: dict[str, Any] = {"deal": number, "status": status}
        if status == "won":
            entry["length"] = length
            entry["difficulty"] = figure if figure >= 0 else None
            if figure >= 0:
                entry["class"] = source.classes.name_of(figure)
        entry["carried_from"] = source.carried_from(number)
        found.append(entry)
        if len(found) == args.count:
            break
    complete = len(found) == args.count
    reached = found[-1]["deal"] if complete else source.last
    note = ""
    if not complete:
        if start > source.last:
            note = f"deal {start:,} is beyond {source.name}, which ends at {source.last:,}"
        elif not found and args.difficulty is not None:
            # Not a matter of where the source ends: it has no such deal at all.
            seen = ""
            if figures:
                spread = (
                    f"are all {min(figures)}"
                    if len(figures) == 1
                    else f"run from {min(figures)} to {max(figures)}"
                )
                seen = f": the figures of its winnable deals from {start:,} {spread}"
            note = (
                f"no winnable deal of difficulty {label} in {source.name} from deal "
                f"{start:,} to its end, {source.last:,}{seen}"
            )
        else:
            note = (
                f"{source.name} ends at deal {source.last:,}: {len(found):,} of the "
                f"{args.count:,} deals asked for {'is' if len(found) == 1 else 'are'} there"
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
        print_json(doc)
        return 0
    what = {"won": "winnable", "lost": "lost", "unknown": "unknown", None: "settled"}[want]
    changed = "".join(f" {name}={text}" for name, text in game.changed_rules())
    title = f"{game.preset}{changed}: {what} deals from {start:,}"
    if label:
        title += f", difficulty {label}"
    print(f"{title}; from {source.name}")
    for e in found:
        if e["status"] == "won":
            cls = f" ({e['class']})" if "class" in e else ""
            shown = "not kept" if e["difficulty"] is None else e["difficulty"]
            print(
                f"{e['deal']:>10}  won in {e['length']} moves, difficulty {shown}{cls}"
                + _carried_note(e)
            )
        elif e["status"] == "unknown":
            limits = source.limits_of(e["deal"])
            reached = "" if limits is None else f" (reached {_limits_phrase(limits)})"
            print(f"{e['deal']:>10}  unknown{reached}")
        else:
            print(f"{e['deal']:>10}  lost" + _carried_note(e))
    if note:
        print(f"note: {note}")
    return 0


def register(commands: Commands) -> None:
    """The ``deals`` command and its options."""
    p = commands.add_parser(
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
    which.add_argument(
        "--unknown",
        action="store_true",
        help="only deals the table leaves unknown (Windmill's), with the limits each reached",
    )
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
        type=positive_int,
        default=DEFAULT_COUNT,
        metavar="K",
        help=f"list K deals (default {DEFAULT_COUNT})",
    )
    p.add_argument(
        "--difficulty",
        type=_difficulty_option,
        metavar="CLASS",
        help="only winnable deals of this difficulty: easy, medium, hard, or figures N..M "
        "(see docs/reference/tables.md)",
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
        action=Given,
        type=positive_int,
        default=DEFAULT_SAMPLE,
        metavar="K",
        help=f"with --verify: how many deals to solve again (default {DEFAULT_SAMPLE})",
    )
    p.add_argument(
        "--seed",
        action=Given,
        type=non_negative_int,
        default=0,
        metavar="S",
        help="with --verify: the seed of the draw (default 0); the same seed draws the same deals",
    )
    add_rule_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(run=run)
