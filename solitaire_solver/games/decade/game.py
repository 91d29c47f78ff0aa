"""Decade, the game the library and the command line use, and its presets.

:class:`Decade` puts the package together: the rules of :mod:`.rules`, the
solver of :mod:`.solver`, the difficulty figure, the words for people
(descriptions, the text picture, position files), what a player sees (the
fair hint's exact values come from :mod:`.exact`) and the layout of
:mod:`.scene`.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any, cast

from ...cards import HIDDEN, Card, card_text, cards_text, count_text, parse_cards
from ...errors import BadCardError
from ...numbering import DealNumber, shuffled_talon
from ...search import (
    Budget,
    Factory,
    Limits,
    Memo,
    Plan,
    Run,
    SolveResult,
    Status,
    Strategy,
    best_first,
    member_strategy,
    solve,
)
from ..base import Game, Preset
from ..fields import FieldReader
from ..scene import MovePlaces, Scene
from ..seen import Seen
from . import bounds
from . import scene as layout
from .exact import NodeLimitReached, move_values
from .model import CompulsoryModel
from .order import allows_at_most
from .rules import (
    _VALUE_BYTES,
    DEAL,
    START_CARDS,
    DecadeMove,
    DecadeRules,
    DecadeState,
    _all_runs,
    _RunShape,
    card_value,
    find_runs,
)
from .solver import PLAN, factories

HOLDING_BACK = 16
"""Added to the difficulty figure of an optional-rules win that needs a run left alone."""


class Decade(Game[DecadeState, DecadeMove]):
    """The game Decade under given rules."""

    name = "decade"
    rules_type = DecadeRules
    move_type = DecadeMove
    default_plan = PLAN
    notation = "d: deal the next card; x3-5: discard the cards in places 3 to 5 of the line"
    rules: DecadeRules

    def __init__(
        self, rules: DecadeRules, preset: Preset | None = None, plan: Plan | None = None
    ) -> None:
        super().__init__(rules, preset, plan)
        self._sums = rules.sums
        self._min = rules.min_run
        self._max = rules.max_run
        self._shape = _RunShape.of(rules)

    def allows_at_most(self, looser: DecadeRules) -> bool:
        """Whether every line legal here is legal under ``looser`` (see :mod:`.order`)."""
        return allows_at_most(self.rules, looser)

    def deal(self, number: DealNumber) -> DecadeState:
        """Three cards in the line, the rest in the stock (RULES.md, "Decade")."""
        talon = shuffled_talon(number, decks=1)
        # Card ids of one deck are cards already (Card is a plain int).
        order = cast(tuple[Card, ...], tuple(reversed(talon)))
        return DecadeState(order[:START_CARDS], order, START_CARDS)

    def runs(self, line: tuple[Card, ...]) -> list[DecadeMove]:
        """Every run in ``line`` that the rules let the player discard (:func:`find_runs`)."""
        values = [card_value(c) for c in line]
        return [DecadeMove(i, n) for i, n in _all_runs(values, self._shape)]

    def moves(self, state: DecadeState) -> list[DecadeMove]:
        """Runs to discard, then dealing where the rules allow it."""
        runs = self.runs(state.line)
        can_deal = state.dealt < len(state.stock)
        if self.rules.compulsory and runs:
            return runs
        return [*runs, DEAL] if can_deal else runs

    def is_legal(self, state: DecadeState, move: DecadeMove) -> bool:
        """Whether ``move`` is legal in ``state``, without listing every run.

        The same answer as ``move in self.legal_moves(state)``: under
        optional rules a held-back line grows long, and listing its runs for
        each move of a replayed line costs more than the rest of the replay.
        """
        if not isinstance(move, DecadeMove):
            return False  # anything else handed to play is no move of this game
        line = state.line
        if move.is_deal:
            if state.dealt >= len(state.stock):
                return False
            return not (self.rules.compulsory and self.runs(line))
        end = move.start + move.length
        if end > len(line):
            return False
        values = [card_value(c) for c in line[move.start : end]]
        return (0, move.length) in find_runs(values, self._shape, (0,), move.length - 1)

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

    def cards_left(self, state: DecadeState) -> int:
        """Cards in the line and the stock (not yet discarded)."""
        return len(state.line) + len(state.stock) - state.dealt

    def key(self, state: DecadeState) -> Hashable:
        """Values of the line and the stock position: suits play no part in Decade."""
        return (tuple(card_value(c) for c in state.line), state.dealt)

    def factories(self, start: DecadeState, *, memo: Memo | None = None) -> dict[str, Factory]:
        """The plan's members for ``start``, each made for these rules, on card values (suits
        play no part); a member under the other rules does not apply.

        Compulsory rules: ``depth-first``, the engine's depth-first search
        over :class:`CompulsoryModel`, which branches only where several runs
        exist, sharing ``memo`` (its keys count cards from the start of the
        deal's stock); ``a-star``, for a shortest line, the generic A* search
        on the game itself. Optional rules: ``intervals``, the exact plug-in
        :func:`.optional_plug_in` (deal everything, then interval dynamic
        programming; not a search, so it takes no memo); ``fewest
        intervals``, for a shortest line, the same table counting discards
        and keeping the fewest; and ``compulsory depth-first``, the
        difficulty's search (see :meth:`difficulty`). See
        :func:`.solver.factories`.
        """

        def a_star() -> Strategy | None:
            if not self.rules.compulsory:
                return None

            def shortest_line(budget: Budget) -> Run:
                return best_first(self, start, budget, proves_shortest=True)

            return shortest_line

        made = factories(self._shape, self.rules.compulsory, start, memo=memo)
        return {**made, "a-star": a_star}

    def difficulty(self, state: DecadeState, result: SolveResult[DecadeMove]) -> int | None:
        """The difficulty figure of a won deal (see :meth:`.Game.difficulty`).

        Under compulsory rules, the binary digits of the branch points the
        search expanded. Optional rules are solved by a table, not a search,
        so there is no search effort to measure; the figure asks the
        compulsory search instead, a second solve: the plan's ``difficulty``
        member (``compulsory depth-first``), whose cap is its states limit.
        A deal won while always discarding when a run is there takes that
        search's figure; one that needs some run left alone takes
        :data:`HOLDING_BACK` more than the figure of the compulsory search
        that proved discarding always loses. ``None`` when that search
        reaches its cap (no deal of 1..100,000 comes near it) or the plan
        has no such member.
        """
        if result.status is not Status.WON:
            return None
        line = bytes(state.line).translate(_VALUE_BYTES)
        stock = bytes(state.stock[state.dealt :]).translate(_VALUE_BYTES)
        model = CompulsoryModel(self._shape, line, stock)
        # The start counts as a branch point expanded even when the model
        # follows the chain before the first choice as it is built: the
        # figure measures the deal, not that shortcut of the search.
        lead = model.lead is not None
        if self.rules.compulsory:
            return (result.stats.expanded + lead).bit_length()
        member = self.plan.difficulty
        search = None if member is None else member_strategy(member, self.factories(state))
        if member is None or search is None:
            return None
        cap = None if member.cap is None else member.cap.for_limits(Limits())
        compulsory = solve(search, Limits(max_states=cap))
        if compulsory.status is Status.UNKNOWN:
            return None
        figure = (compulsory.stats.expanded + lead).bit_length()
        return figure if compulsory.won else HOLDING_BACK + figure

    def describe(self, state: DecadeState, move: DecadeMove) -> str:
        """``deal 9C`` or ``discard 3D 7C (positions 1-2, total 10)``; ``deal a face-down
        card`` when the stock's next card is hidden (a :meth:`seen` position)."""
        if move.is_deal:
            card = state.stock[state.dealt]
            return "deal a face-down card" if card == HIDDEN else f"deal {card_text(card)}"
        cards = state.line[move.start : move.start + move.length]
        total = sum(card_value(c) for c in cards)
        where = f"positions {move.start + 1}-{move.start + move.length}"
        return f"discard {cards_text(cards)} ({where}, total {total})"

    def show(self, state: DecadeState) -> str:
        """The line and the stock (its next card named only when it is face up)."""
        rest = state.remaining
        nxt = ""
        if rest:
            nxt = ", face down" if rest[0] == HIDDEN else f", next {card_text(rest[0])}"
        return f"line:  {cards_text(state.line) or '(empty)'}\nstock: {count_text(len(rest))}{nxt}"

    def scene(self, state: DecadeState) -> Scene:
        """The layout of :mod:`.scene`: stock and discards, the line in rows below."""
        return layout.scene(state)

    def move_places(self, state: DecadeState, move: DecadeMove) -> MovePlaces:
        """Where ``move`` starts and ends on :meth:`scene` (:func:`.scene.move_places`)."""
        return layout.move_places(state, move)

    def goes_home(self, state: DecadeState, move: DecadeMove) -> bool:
        """A run's discard: the discards are where every card ends."""
        return not move.is_deal

    # ------------------------------------------------------------ what a player sees

    face_down = True

    # Every move is blind to the face-down cards: a deal moves the stock's next
    # card to the line's end whatever it is, and a run's discard takes
    # face-up cards alone; the face-down places are the stock's undealt ones.
    blind_moves = True

    def mask(self, state: DecadeState) -> DecadeState:
        """The stock is face down: the player sees the line and the discarded cards."""
        left = len(state.stock) - state.dealt
        if not left:
            return state
        return DecadeState(state.line, state.stock[: state.dealt] + (HIDDEN,) * left, state.dealt)

    def visible_cards(self, state: DecadeState) -> list[Card]:
        """The cards dealt: the line's and the discarded ones."""
        return list(state.stock[: state.dealt])

    def fill(self, state: DecadeState, cards: Sequence[Card]) -> DecadeState:
        """The stock's hidden cards, next first."""
        rest = state.stock[state.dealt :]
        if len(cards) != rest.count(HIDDEN):
            raise ValueError(f"decade: {len(cards)} cards for {rest.count(HIDDEN)} hidden places")
        it = iter(cards)
        filled = tuple(next(it) if c == HIDDEN else c for c in rest)
        return DecadeState(state.line, state.stock[: state.dealt] + filled, state.dealt)

    def has_hidden(self, state: DecadeState) -> bool:
        """Whether some stock card is hidden."""
        return HIDDEN in state.stock

    def fair_move(self, seen: Seen[DecadeState]) -> DecadeMove | None:
        """Under optional rules, with cards in the stock: the deal.

        A winning line still wins with every deal moved to its front (see
        :func:`.optional._optional_groups`), so dealing first loses nothing, whatever
        the hidden cards are, and it shows every card: a player who deals
        the whole stock first then sees the whole position and wins exactly
        the deals that can be won. Her fair chance is the thoughtful one.
        """
        state = seen.state
        if self.rules.compulsory or state.dealt == len(state.stock):
            return None
        return DEAL

    def fair_values(self, seen: Seen[DecadeState], max_nodes: int) -> list[Fraction] | None:
        """Under compulsory rules, exact by :mod:`.exact` within ``max_nodes`` states (the
        plan's ``fair.own_nodes``, asked with at most ``fair.own_hidden`` cards hidden);
        else ``None``.

        What the player sees is the line's values and the unseen values (the
        rules look at nothing else), which is what the exact method keys by.
        Under optional rules its states cost about a hundred times more (the
        sets of stacks a line reaches), so the hint keeps its general methods.
        """
        if not self.rules.compulsory or seen.hidden == 0:
            return None
        line = [card_value(c) for c in seen.state.line]
        unseen = [card_value(c) for c in seen.unseen]
        try:
            values = move_values(self.rules, line, unseen, max_nodes=max_nodes)
        except NodeLimitReached:
            return None
        by_move = {v.move: v.value for v in values}
        return [by_move[m] for m in self.legal_moves(seen.state)]

    bound_potentials = ("exact", "fitted")

    def bound_default(self) -> tuple[str, int]:
        """Under the preset ``decade``'s rules ``fitted`` (:mod:`.bounds`: its model above
        the plan's ``fair.own_hidden`` cards hidden, 10, the exact fair value below); under
        other compulsory rules ``exact`` with as many (where the fair hint uses its own exact
        values); under optional rules ``none``: the fair odds are the odds with full sight
        there (:meth:`fair_move`), which W = 0 gives exactly."""
        hidden = self.plan.fair.own_hidden
        if self.rules == bounds.FITTED_RULES:
            return "fitted", hidden
        if self.rules.compulsory:
            return "exact", hidden
        return "none", 0

    def bound_potential(
        self, name: str, exact_hidden: int, max_nodes: int | None = None
    ) -> Any | None:
        """Under compulsory rules, ``exact`` by counting (:mod:`.bounds`): the general one's
        W, at a fraction of its cost; under the preset ``decade``'s, ``fitted`` too."""
        return bounds.potential(self.rules, name, exact_hidden, max_nodes)

    # ------------------------------------------------------------ position files

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

        Every card of the deck must appear exactly once, or, in the stock,
        as ``??``: a face-down card, one of those the file shows nowhere
        (what a player sees, to be hinted fairly). With nothing discarded and
        fewer than three cards in the line, the start of play deals up to
        three (so a deal may be given as a stock alone). Positions that no
        play reaches are refused where that is certain and cheap to see; see
        :meth:`_unreachable`.
        """
        piles: dict[str, list[Card]] = {}
        fields = {label: reader.take(label, "") for label in ("line", "stock", "discarded")}
        seen: dict[int, str] = {}
        for label, field in fields.items():
            try:
                piles[label] = parse_cards(field.text, hidden=label == "stock")
            except BadCardError as exc:
                raise reader.error(f"{label}: {exc}", field) from None
            for c in piles[label]:
                if c == HIDDEN:
                    continue
                if c in seen:
                    where = f"in {seen[c]} and {label}" if seen[c] != label else f"in {label}"
                    raise reader.error(f"card {card_text(c)} appears twice ({where})", field)
                seen[c] = label
        reader.finish()
        hidden = piles["stock"].count(HIDDEN)
        missing = [card_text(c) for c in range(52) if c not in seen]
        reader.check_hidden(missing, hidden, fields["stock"], "stock: ")
        if hidden and not piles["discarded"] and len(piles["line"]) < START_CARDS:
            raise reader.error(
                f"line: the start deals {START_CARDS} cards face up before any discard; "
                "write them in the line",
                fields["line"],
            )
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
    Preset(
        "decade",
        Decade,
        DecadeRules(),
        "One deck, dealt one card at a time into a line (three to start). Two or more "
        "neighbouring cards adding up to 10, 20 or 30 (ace 1, pictures 10) are a run and are "
        "discarded, and while there is a run one must be: only then is the next card dealt. "
        "Won when all 52 cards are discarded.",
        plan=PLAN,
    ),
    Preset(
        "decade-optional",
        Decade,
        DecadeRules(compulsory=False),
        "Decade as PySolFC plays it (game 816): the same, but discarding a run is up to "
        "the player, who may deal the next card instead.",
        plan=PLAN,
    ),
)
