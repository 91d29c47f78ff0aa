"""Decade: discard runs of adjacent cards that add up to 10, 20 or 30.

Rules (RULES.md, "Decade"): one deck dealt into a line, three cards at the
start and then one at a time to the right end. A run is two or more
adjacent cards whose values (A = 1, pip cards their number, J Q K = 10) add
up to one of the allowed sums. With ``compulsory`` rules a run must be
discarded while one exists; otherwise the player may deal instead. Won when
every card is discarded.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Hashable

import attrs

from ..cards import Card, card_text, cards_text, parse_cards
from ..errors import BadCardError, BadMoveError
from ..numbering import DealNumber, shuffled_talon
from .base import FieldReader, Game, Preset, knob, parse_bool, parse_int_range, show_bool

START_CARDS = 3
"""Cards dealt to the line before the first discard may be made."""


def card_value(card: int) -> int:
    """The value of a card in Decade: A = 1, 2..10 their number, J Q K = 10."""
    return min(card % 13 + 1, 10)


def _parse_sums(text: str) -> frozenset[int]:
    try:
        sums = frozenset(int(w) for w in re.split(r"[,\s]+", text.strip()) if w)
    except ValueError:
        raise ValueError("expected whole numbers separated by commas, such as 10,20,30") from None
    if not sums or min(sums) < 1:
        raise ValueError("expected one or more positive whole numbers, such as 10,20,30")
    return sums


def _show_sums(sums: frozenset[int]) -> str:
    return ",".join(str(s) for s in sorted(sums))


def _parse_max_run(text: str) -> int | None:
    if text.strip().lower() in ("none", ""):
        return None
    return parse_int_range(2, 52)(text)


def _show_max_run(value: int | None) -> str:
    return "none" if value is None else str(value)


@attrs.frozen
class DecadeRules:
    """The knobs of Decade; the defaults are the seed's rules (preset ``decade``)."""

    sums: frozenset[int] = knob(
        frozenset({10, 20, 30}), "totals a run may add up to", _parse_sums, _show_sums
    )
    min_run: int = knob(2, "fewest cards in a run", parse_int_range(2, 52))
    max_run: int | None = knob(
        None, "most cards in a run (none: no limit)", _parse_max_run, _show_max_run
    )
    compulsory: bool = knob(True, "a run must be discarded while one exists", parse_bool, show_bool)

    def __attrs_post_init__(self) -> None:
        if self.max_run is not None and self.max_run < self.min_run:
            raise ValueError(f"max_run {self.max_run} is less than min_run {self.min_run}")


@attrs.frozen(eq=False)
class DecadeState:
    """A Decade position: the line (left to right) and the stock still to come.

    ``stock`` holds the cards in dealing order and ``dealt`` how many of them
    have left it, so dealing does not copy the stock. Two states are equal
    when their line and their remaining stock are: the order in which the
    discarded cards once came out of the stock plays no further part, and a
    position read from a file does not know it.
    """

    line: tuple[Card, ...]
    stock: tuple[Card, ...]
    dealt: int = 0

    @property
    def remaining(self) -> tuple[Card, ...]:
        """The cards still in the stock, the next one first."""
        return self.stock[self.dealt :]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DecadeState):
            return NotImplemented
        return self.line == other.line and self.remaining == other.remaining

    def __hash__(self) -> int:
        return hash((self.line, self.remaining))


@attrs.frozen
class DecadeMove:
    """Deal the next card (``length == 0``), or discard ``length`` cards from ``start``.

    Notation: ``d`` deals; ``x3-5`` discards the cards in positions 3 to 5 of
    the line, counted from 1 at the left.
    """

    start: int = 0
    length: int = 0

    @property
    def is_deal(self) -> bool:
        """Whether this move deals a card."""
        return self.length == 0

    def __str__(self) -> str:
        if self.is_deal:
            return "d"
        return f"x{self.start + 1}-{self.start + self.length}"


DEAL = DecadeMove()

_MOVE = re.compile(r"^\s*(?:(d|deal)|x\s*(\d+)\s*-\s*(\d+))\s*$", re.IGNORECASE)


class Decade(Game[DecadeState, DecadeMove]):
    """The game Decade under given rules."""

    name = "decade"
    rules_type = DecadeRules
    rules: DecadeRules

    def __init__(self, rules: DecadeRules, preset: str | None = None) -> None:
        super().__init__(rules, preset)
        self._sums = rules.sums
        self._min = rules.min_run
        self._max = rules.max_run

    def deal(self, number: DealNumber) -> DecadeState:
        """Three cards in the line, the rest in the stock (RULES.md, "Decade")."""
        talon = shuffled_talon(number, decks=1)
        order = tuple(Card(c) for c in reversed(talon))
        return DecadeState(order[:START_CARDS], order, START_CARDS)

    def runs(self, line: tuple[Card, ...]) -> list[DecadeMove]:
        """Every run in ``line`` that the rules let the player discard."""
        out = []
        values = [card_value(c) for c in line]
        n = len(values)
        top = max(self._sums)
        longest = n if self._max is None else min(n, self._max)
        for i in range(n):
            total = 0
            for j in range(i, min(n, i + longest)):
                total += values[j]
                if total > top:
                    break
                if j - i + 1 >= self._min and total in self._sums:
                    out.append(DecadeMove(i, j - i + 1))
        return out

    def moves(self, state: DecadeState) -> list[DecadeMove]:
        """Runs to discard, then dealing where the rules allow it."""
        runs = self.runs(state.line)
        can_deal = state.dealt < len(state.stock)
        if self.rules.compulsory and runs:
            return runs
        return [*runs, DEAL] if can_deal else runs

    def apply(self, state: DecadeState, move: DecadeMove) -> DecadeState:
        """Deal one card to the right end, or close the line up over a run."""
        if move.is_deal:
            line = (*state.line, state.stock[state.dealt])
            return DecadeState(line, state.stock, state.dealt + 1)
        line = state.line[: move.start] + state.line[move.start + move.length :]
        return DecadeState(line, state.stock, state.dealt)

    def is_won(self, state: DecadeState) -> bool:
        """Won when the line and the stock are both empty."""
        return not state.line and state.dealt == len(state.stock)

    def key(self, state: DecadeState) -> Hashable:
        """Values of the line and the stock position: suits play no part in Decade."""
        return (tuple(card_value(c) for c in state.line), state.dealt)

    def parse_move(self, text: str) -> DecadeMove:
        """``d`` (or ``deal``) deals; ``xA-B`` discards positions A to B (from 1)."""
        m = _MOVE.match(text)
        if m is None:
            raise BadMoveError(f"bad decade move {text!r}: expected d or xA-B, such as x2-4")
        if m.group(1):
            return DEAL
        a, b = int(m.group(2)), int(m.group(3))
        if a < 1 or b < a:
            raise BadMoveError(f"bad decade move {text!r}: positions count from 1 and A <= B")
        return DecadeMove(a - 1, b - a + 1)

    def describe(self, state: DecadeState, move: DecadeMove) -> str:
        """``deal 9C`` or ``discard 3D 7C (positions 1-2, total 10)``."""
        if move.is_deal:
            return f"deal {card_text(state.stock[state.dealt])}"
        cards = state.line[move.start : move.start + move.length]
        total = sum(card_value(c) for c in cards)
        where = f"positions {move.start + 1}-{move.start + move.length}"
        return f"discard {cards_text(cards)} ({where}, total {total})"

    def show(self, state: DecadeState) -> str:
        """The line and the stock."""
        rest = state.remaining
        nxt = f", next {card_text(rest[0])}" if rest else ""
        return f"line:  {cards_text(state.line) or '(empty)'}\nstock: {len(rest)} cards{nxt}"

    def position_fields(self, state: DecadeState) -> list[tuple[str, str]]:
        """``line``, ``stock`` (next card first) and ``discarded``."""
        present = set(state.line) | set(state.remaining)
        discarded = [c for c in state.stock if c not in present]
        return [
            ("line", cards_text(state.line)),
            ("stock", cards_text(state.remaining)),
            ("discarded", cards_text(sorted(discarded))),
        ]

    def parse_position(self, reader: FieldReader) -> DecadeState:
        """Read ``line``, ``stock`` (next card first) and ``discarded``.

        Every card of the deck must appear exactly once. With nothing
        discarded and fewer than three cards in the line, the start of play
        deals up to three (so a deal may be given as a stock alone). Positions
        that no play reaches are refused where that is certain and cheap to
        see; see :meth:`_unreachable`.
        """
        piles: dict[str, list[Card]] = {}
        fields = {label: reader.take(label, "") for label in ("line", "stock", "discarded")}
        seen: dict[int, str] = {}
        for label, field in fields.items():
            try:
                piles[label] = parse_cards(field.text)
            except BadCardError as exc:
                raise reader.error(str(exc), field) from None
            for c in piles[label]:
                if c in seen:
                    where = f"in {seen[c]} and {label}" if seen[c] != label else f"in {label}"
                    raise reader.error(f"card {card_text(c)} appears twice ({where})", field)
                seen[c] = label
        reader.finish()
        if len(seen) != 52:
            missing = [card_text(c) for c in range(52) if c not in seen]
            raise reader.error(f"{len(missing)} cards missing: {' '.join(missing)}")
        # The discarded cards go first in ``stock`` as if dealt long ago, so that
        # position_fields finds them again (the order among them plays no part).
        gone, line = tuple(sorted(piles["discarded"])), tuple(piles["line"])
        state = DecadeState(line, gone + line + tuple(piles["stock"]), len(gone) + len(line))
        if not piles["discarded"]:
            # Before the first discard the deal puts three cards in the line.
            while len(state.line) < START_CARDS and state.dealt < len(state.stock):
                state = self.apply(state, DEAL)
        unreachable = self._unreachable(piles)
        if unreachable is not None:
            label, message = unreachable
            raise reader.error(message, fields[label])
        return state

    def _unreachable(self, piles: dict[str, list[Card]]) -> tuple[str, str] | None:
        """Why no legal play reaches these piles, and the label to blame; None if it may.

        Each check follows from one rule alone, so it never refuses a
        reachable position:

        - every discard removes one run, of ``min_run`` to ``max_run`` cards
          adding up to one of ``sums``; so the number of discarded cards is a
          sum of allowed run lengths and their total value a sum of allowed
          totals;
        - with compulsory discards and nothing discarded yet, every card
          after the first three was dealt onto a line without a run; so the
          line without its last card has no run once it holds more than three.

        Other positions with runs in the line are reachable (a deal, or the
        closing up after a discard, makes a new run), so they are accepted.
        """
        discarded = piles["discarded"]
        if discarded:
            counts, totals = _discard_sums(self._min, self._max, self._sums)
            n = len(discarded)
            if not counts[n]:
                return "discarded", (
                    f"{n} cards discarded: runs have {self._run_lengths_text()} cards, "
                    "so no play discards that many"
                )
            total = sum(card_value(c) for c in discarded)
            if not totals[total]:
                sums = ", ".join(str(s) for s in sorted(self._sums))
                return "discarded", (
                    f"discarded cards add up to {total}: each run adds up to one of {sums}, "
                    "so no play discards these cards"
                )
        line = tuple(piles["line"])
        if self.rules.compulsory and not discarded and len(line) > START_CARDS:
            runs = self.runs(line[:-1])
            if runs:
                run = line[runs[0].start : runs[0].start + runs[0].length]
                return "line", (
                    f"run {cards_text(run)} in the line before its last card, with nothing "
                    "discarded: discards are compulsory, so it would have gone before the "
                    "next card was dealt"
                )
        return None

    def _run_lengths_text(self) -> str:
        if self._max is None:
            return f"at least {self._min}"
        if self._max == self._min:
            return f"exactly {self._min}"
        return f"{self._min} to {self._max}"


DECK_VALUE = sum(card_value(c) for c in range(52))
"""The total value of the deck: 340."""


def _sums_of(parts: list[int], limit: int) -> tuple[bool, ...]:
    """For each n from 0 to ``limit``: whether n is a sum of ``parts`` (repeats allowed)."""
    ok = [True] + [False] * limit
    for n in range(1, limit + 1):
        ok[n] = any(ok[n - p] for p in parts if p <= n)
    return tuple(ok)


@functools.cache
def _discard_sums(
    min_run: int, max_run: int | None, sums: frozenset[int]
) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """Which numbers of discarded cards, and which totals of their values, discards can give.

    Every discard removes one run of ``min_run`` to ``max_run`` cards adding
    up to one of ``sums``; the discarded cards are a union of such runs.
    """
    longest = 52 if max_run is None else max_run
    counts = _sums_of(list(range(min_run, longest + 1)), 52)
    totals = _sums_of([s for s in sums if s <= DECK_VALUE], DECK_VALUE)
    return counts, totals


PRESETS = (
    Preset("decade", Decade, DecadeRules(), "Decade as in the seed: runs must be discarded"),
    Preset(
        "decade-optional",
        Decade,
        DecadeRules(compulsory=False),
        "PySolFC's Decade (game 816): the player may deal instead of discarding",
    ),
)
