"""Verdict tables that need a solver: wins carried from stricter rules (solved again and
replayed), tables imported into the store, and a table's deals solved again to check it.

The file format and the shipped tables are :mod:`solitaire_solver.records.verdicts`; this
module adds what solving them takes, above the request that solves."""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import attrs

from ..api import verify
from ..games.knobs import rules_text
from ..numbering import MT_THRESHOLD, DealNumber
from ..records.store import DealResult, Store, StoreKey
from ..records.verdicts import (
    _CODE_OF,
    LOST,
    UNKNOWN,
    WON,
    Verdicts,
    _ordered_file_game,
    check_verdicts,
    key_game,
    related_tables,
)
from ..request import SolveRequest
from ..search import NO_LIMITS, Limits, SolveResult, Status


@attrs.frozen
class CarriedWin:
    """A won line of stricter rules that replays to a win under a game's own rules."""

    table: str
    """The file name of the stricter table that holds the deal won."""
    rules: str
    """The stricter rules, as ``name=value`` words."""
    result: SolveResult[Any]
    """The solve under the stricter rules; its moves win under the game's rules too."""


def carried_win(game: Any, number: int, limits: Limits = NO_LIMITS) -> CarriedWin | None:
    """A winning line for deal ``number`` under ``game``'s rules from a stricter table.

    Each published table of rules that allow at most ``game``'s and hold
    the deal won is tried in turn: the deal is solved under its rules
    (under ``limits``, the caller's, else those rules' defaults) and the
    line replayed move by move under ``game``'s. The first line that wins
    there is returned, its moves read as ``game``'s; ``None`` when no
    stricter table holds the deal won or no line replays (the replay, not
    the order, is what a win rests on).
    """
    deal = DealNumber(number, number < MT_THRESHOLD)
    for t in related_tables(game):
        if not t.stricter or t.verdicts.status(number) != "won":
            continue
        result = t.game.solve(t.game.deal(deal), SolveRequest.of(t.game, limits))
        if result.status is not Status.WON:
            continue
        texts = [str(move) for move in result.moves]
        if verify(game, game.deal(deal), texts).won:
            moves = tuple(game.parse_move(text) for text in texts)
            return CarriedWin(t.name, rules_text(t.game.rules), attrs.evolve(result, moves=moves))
    return None


@attrs.frozen
class StoredCarry:
    """A deal's verdict under some rules from a store's rows of rules ordered with them."""

    status: str
    """``won`` (a row of stricter rules whose line replays under the rules asked about) or
    ``lost`` (a row of looser rules)."""
    fingerprint: str
    """The rules of the row it came from."""
    result: DealResult


def ordered_keys(store: Store, game: Any) -> list[tuple[StoreKey, bool]]:
    """The store's keys of the solver's rows under rules other than ``game``'s but ordered
    with them, each with whether its rules are the stricter."""
    out = []
    own = StoreKey.of(game)
    for key in store.keys(game.name):
        other = key_game(key) if key != own else None
        if other is None or other.rules == game.rules:
            continue
        if other.allows_at_most(game.rules):
            out.append((key, True))
        elif game.allows_at_most(other.rules):
            out.append((key, False))
    return out


def store_carried(
    store: Store, game: Any, deal: str, keys: list[tuple[StoreKey, bool]] | None = None
) -> StoredCarry | None:
    """Deal ``deal`` (its text) under ``game``'s rules from the store's rows of other rules.

    A won row of rules that allow at most ``game``'s counts when its line
    replays move by move to a win under ``game``'s (a row imported from a
    verdict file keeps no line, and does not); a lost row of rules that
    allow at least as much counts as it is. ``None`` when no row carries.
    ``keys`` are :func:`ordered_keys` when the caller has them already.
    """
    for key, stricter in ordered_keys(store, game) if keys is None else keys:
        row = store.get(key, [deal]).get(deal)
        if row is None:
            continue
        if row.status is Status.LOST and not stricter:
            return StoredCarry("lost", key.fingerprint, row)
        if (
            row.status is Status.WON
            and stricter
            and row.moves
            and verify(game, deal, row.moves).won
        ):
            return StoredCarry("won", key.fingerprint, row)
    return None


# ---------------------------------------------------------------- stores


def store_verdicts(
    store: Store,
    game: Any,
    blocks: Iterable[tuple[int, int]],
    *,
    limits: Limits,
    solver_version: str,
    key: StoreKey | None = None,
) -> Verdicts:
    """The verdicts a store holds for ``game`` over the plain deal numbers of ``blocks``.

    ``key`` picks other rows of the store than the solver's (a player's
    results, :func:`~solitaire_solver.stats.player_key`): the file then
    carries that key's fingerprint, and a won row has the figure 0 (a
    player's game has no difficulty figure).

    ``blocks`` are ``(low, high)`` ranges of deal numbers that do not
    overlap; the file runs from the lowest to the highest, and deals outside
    the blocks, or not in the store, are recorded as not solved. ``limits``
    are the file's first set; an unknown deal keeps the limits it was
    stored under (a store that holds a first pass and a rerun of its
    unknown deals under larger limits writes both). A won row
    stored before the store kept difficulty figures is solved again for its
    figure (the figure is a property of the solve, not of the row).
    """
    spans = sorted(blocks)
    if not spans:
        raise ValueError("no deals to write")
    own_key = StoreKey.of(game)
    own = key is None or key == own_key  # the solver's rows: figures can be worked out
    key = own_key if key is None else key

    def rows() -> Iterator[tuple[int, str, int, int, Limits]]:
        for low, high in spans:
            for number, status, length, figure, reached in store.verdict_rows(key, low, high):
                if status == "won" and figure is None and own:
                    start = game.deal(DealNumber(number, number < MT_THRESHOLD))
                    figure = game.difficulty(
                        start, game.solve(start, SolveRequest.of(game, limits))
                    )
                yield number, status, length, figure or 0, reached

    return Verdicts.from_rows(
        game.preset,
        key.fingerprint,
        spans[0][0],
        max(high for _, high in spans),
        rows(),
        solver_version=solver_version,
        limits=limits,
    )


def import_verdicts(
    store: Store, game: Any, v: Verdicts, source: str, key: StoreKey | None = None
) -> tuple[int, int]:
    """Put ``v``'s verdicts into ``store`` as rows of ``game``; ``(rows added, rows kept)``.

    ``key``, when given, is the store key of the rows (a player's results),
    whose fingerprint the file must carry.

    The rows count as stored, so a run over the same deals skips them:
    won and lost rows always, unknown ones under the file's limits. A deal
    already settled in the store keeps its row. Imported rows keep the
    line's length and the difficulty figure but no moves (the file has
    none) and no effort; ``origin`` names the file and its checksum.
    """
    other = _ordered_file_game(v, game, key)
    if other is not None:
        return _import_carried(store, game, other, v, source)
    check_verdicts(v, game, source, key)
    key = StoreKey.of(game) if key is None else key
    origin = f"{Path(source).name} sha256:{v.sha256[:16]}"
    before = store.count(key)
    batch: list[DealResult] = []
    batch_limits = v.limits  # an unknown deal is stored under the limits it reached
    offered = 0
    for number, status, length, figure in v.rows():
        won = status is Status.WON
        reached = v.limits_of(number)
        if reached != batch_limits:
            store.add(key, batch, batch_limits)
            batch, batch_limits = [], reached
        batch.append(
            DealResult(
                deal=str(DealNumber(number, number < MT_THRESHOLD)),
                number=number,
                status=status,
                solver_version=v.solver_version,
                difficulty=figure if won else None,
                line_length=length if won else None,
                origin=origin,
            )
        )
        offered += 1
        if len(batch) == 10_000:
            store.add(key, batch, batch_limits)
            batch = []
    store.add(key, batch, batch_limits)
    added = store.count(key) - before
    return added, offered - added


def _import_carried(
    store: Store, game: Any, other: Any, v: Verdicts, source: str
) -> tuple[int, int]:
    """:func:`import_verdicts` of a file of rules ``other``, ordered with ``game``'s.

    From looser rules, the file's lost deals are stored lost (every line of
    ``game``'s rules is a line of the file's, and none wins). From stricter
    rules, each won deal the store does not hold settled is solved under
    the file's rules (their default limits) and its line replayed move by
    move under ``game``'s; a line that wins is stored with its moves, as a
    solve's row. Nothing else carries. ``(rows added, rows offered and not
    added)``, the rows offered being the deals that carry.
    """
    key = StoreKey.of(game)
    origin = f"{Path(source).name} sha256:{v.sha256[:16]}"
    before = store.count(key)
    looser = game.allows_at_most(other.rules)
    wanted = LOST if looser else WON
    numbers = [n for n, code, _, _ in v.entries() if code == wanted]
    texts = {n: str(DealNumber(n, n < MT_THRESHOLD)) for n in numbers}
    settled = store.settled(key, texts.values(), v.limits)
    rows: list[DealResult] = []
    for number in numbers:
        deal = texts[number]
        if deal in settled:
            continue
        if looser:
            rows.append(
                DealResult(
                    deal=deal,
                    number=number,
                    status=Status.LOST,
                    solver_version=v.solver_version,
                    origin=f"{origin}, lost under looser rules ({rules_text(other.rules)})",
                )
            )
            continue
        start = other.deal(DealNumber(number, number < MT_THRESHOLD))
        began = time.perf_counter()
        result = other.solve(start, SolveRequest.of(other, NO_LIMITS))
        line = [str(move) for move in result.moves]
        if result.status is not Status.WON or not verify(game, deal, line).won:
            continue
        rows.append(
            DealResult(
                deal=deal,
                number=number,
                status=Status.WON,
                moves=tuple(line),
                states=result.stats.expanded,
                unique=result.stats.unique,
                seconds=time.perf_counter() - began,
                solver_version=v.solver_version,
                difficulty=other.difficulty(start, result),
                settled_by=f"the line of stricter rules ({rules_text(other.rules)}), replayed",
            )
        )
    store.add(key, rows, v.limits)
    added = store.count(key) - before
    return added, len(numbers) - added


# ---------------------------------------------------------------- checking a table


@attrs.frozen
class Recheck:
    """One deal of a verdict file solved again: what the file says and what the solver says."""

    number: int
    table: str
    """The file's verdict: ``won`` or ``lost``."""
    found: str
    """The solver's verdict now: ``won``, ``lost`` or ``unknown`` (a limit was reached)."""
    seconds: float
    moves: int = 0
    """The length of the winning line found (0 unless won)."""
    note: str = ""
    """Why a won verdict does not count: its line did not replay."""

    @property
    def agrees(self) -> bool:
        """Whether the solver settles the deal as the file does."""
        return self.found == self.table and not self.note

    @property
    def disagrees(self) -> bool:
        """Whether the solver contradicts the file (an unknown contradicts nothing)."""
        return self.found != "unknown" and not self.agrees


def sample_settled(
    v: Verdicts, k: int, seed: int = 0, status: str | None = None
) -> tuple[list[int], int]:
    """``k`` deal numbers drawn at random (by ``seed``) from the deals ``v`` settles.

    Settled is won or lost, or only ``status`` when given. Unknown deals
    are never drawn: an unknown verdict is no claim to check, and solving
    one again is as long as the search that gave up on it. Returns the
    numbers in increasing order and how many unknown deals the file holds.
    """
    wanted = {WON, LOST} if status is None else {_CODE_OF[Status(status)]}
    settled = [v.first + i for i, code in enumerate(v.codes) if code in wanted]
    numbers = random.Random(seed).sample(settled, min(k, len(settled)))
    return sorted(numbers), v.count(UNKNOWN)


def recheck(
    v: Verdicts, game: Any, numbers: Iterable[int], limits: Limits = NO_LIMITS
) -> Iterator[Recheck]:
    """Solve each deal of ``numbers`` again and set the verdict beside ``v``'s.

    ``game`` must be of ``v``'s preset and rules. The search runs under
    ``limits``, by default the game's own as ``solve`` uses them, not the
    file's: those stopped the searches that left deals unknown, while a
    won or lost verdict holds under any limits, and proving a deal lost can
    take more than they allow. A won verdict counts only when its line
    replays to a win from the deal, as ``verify`` checks it.
    """
    check_verdicts(v, game, "the verdict file")
    for number in numbers:
        table = v.status(number)
        if table not in ("won", "lost"):
            raise ValueError(f"deal {number} is not settled in the file ({table or 'absent'})")
        start = game.deal(DealNumber(number, number < MT_THRESHOLD))
        began = time.perf_counter()
        result = game.solve(start, SolveRequest.of(game, limits))
        seconds = time.perf_counter() - began
        note = ""
        if result.status is Status.WON and not verify(game, start, result.moves).won:
            note = "the winning line found does not replay"
        yield Recheck(number, table, result.status.value, seconds, len(result.moves), note)
