"""Black Hole as the library and the command line play it: the game and its presets."""

from __future__ import annotations

import itertools
from collections.abc import Hashable

from ...cards import Card, card_text, cards_text, count_text, parse_cards, rank_of
from ...errors import BadCardError
from ...numbering import DealNumber, shuffled_talon
from ...search import (
    Factory,
    Memo,
    Strategy,
)
from ..base import Game, Preset
from ..fields import FieldReader
from ..scene import MovePlaces, Scene
from . import scene as layout
from .rules import (
    HOLE_CARD,
    PILE_SIZE,
    PILES,
    PLAYS_ON,
    RANK_COUNT,
    BlackHoleMove,
    BlackHoleRules,
    BlackHoleState,
    adjacent,
    dead_end,
)
from .solver import (
    HEIGHTS,
    PLAN,
    SearchOptions,
    strategy_for,
)


class BlackHole(Game[BlackHoleState, BlackHoleMove]):
    """The game Black Hole (PySolFC game 98)."""

    name = "black-hole"
    rules_type = BlackHoleRules
    move_type = BlackHoleMove
    default_plan = PLAN
    notation = "p5: the top card of pile 5 to the hole (piles 1 to 17)"
    rules: BlackHoleRules

    def deal(self, number: DealNumber) -> BlackHoleState:
        """17 piles of three and the ace of spades in the hole (RULES.md, "Black Hole").

        The ace of spades goes to the bottom of the talon, so it is dealt
        last; pile i gets the i-th, 17+i-th and 34+i-th cards dealt.
        """
        talon = shuffled_talon(number, decks=1)
        order = [Card(c) for c in reversed(talon) if c != HOLE_CARD]
        piles = tuple(tuple(order[i::PILES]) for i in range(PILES))
        return BlackHoleState(piles, (HOLE_CARD,))

    def moves(self, state: BlackHoleState) -> list[BlackHoleMove]:
        """Every legal move, taller piles first (the generic search's order)."""
        moves = self.legal_moves(state)
        moves.sort(key=lambda m: -len(state.piles[m.pile]))
        return moves

    def legal_moves(self, state: BlackHoleState) -> list[BlackHoleMove]:
        """The piles whose top card is one rank from the hole's (:data:`PLAYS_ON`), in pile
        order."""
        ranks = PLAYS_ON[state.hole_rank]
        return [
            BlackHoleMove(i)
            for i, pile in enumerate(state.piles)
            if pile and rank_of(pile[-1]) in ranks
        ]

    def apply(self, state: BlackHoleState, move: BlackHoleMove) -> BlackHoleState:
        """Move the top card of the pile onto the hole."""
        pile = state.piles[move.pile]
        piles = (*state.piles[: move.pile], pile[:-1], *state.piles[move.pile + 1 :])
        return BlackHoleState(piles, (*state.hole, pile[-1]))

    def is_won(self, state: BlackHoleState) -> bool:
        """Won when every pile is empty."""
        return not any(state.piles)

    def cards_left(self, state: BlackHoleState) -> int:
        """Cards still on the piles."""
        return sum(len(p) for p in state.piles)

    def key(self, state: BlackHoleState) -> Hashable:
        """The pile heights and the hole's top rank, packed into one integer as
        :class:`BlackHoleProblem` packs them without symmetry (:class:`KeyScheme`).

        Within one search the deal is fixed, so the heights say which cards
        are left; suits play no part, so of the hole only its top rank matters.
        """
        weights = 0
        for i, pile in enumerate(state.piles):
            weights += HEIGHTS.weight(i, pile)
        return HEIGHTS.key(weights, state.hole_rank)

    def is_dead(self, state: object) -> bool:
        """The rank-reachability and Euler-trail tests (:func:`dead_end`)."""
        assert isinstance(state, BlackHoleState)
        counts = [0] * RANK_COUNT
        for pile in state.piles:
            for c in pile:
                counts[rank_of(c)] += 1
        return dead_end(counts, state.hole_rank)

    def describe(self, state: BlackHoleState, move: BlackHoleMove) -> str:
        """``8H from pile 5 to the hole (on 9D)`` (piles counted from 1)."""
        if not 0 <= move.pile < len(state.piles) or not state.piles[move.pile]:
            return f"pile {move.pile + 1} has no card to play"
        card = state.piles[move.pile][-1]
        on = card_text(state.hole[-1])
        return f"{card_text(card)} from pile {move.pile + 1} to the hole (on {on})"

    def show(self, state: BlackHoleState) -> str:
        """One line per pile (counted from 1), bottom to top, and the hole's top card."""
        lines = [f"pile {i:2}: {cards_text(p) or '(empty)'}" for i, p in enumerate(state.piles, 1)]
        lines.append(f"hole:    {card_text(state.hole[-1])} ({count_text(len(state.hole))})")
        return "\n".join(lines)

    def scene(self, state: BlackHoleState) -> Scene:
        """The layout of :mod:`.black_hole_scene`: two rows of piles with the hole between."""
        return layout.scene(state)

    def move_places(self, state: BlackHoleState, move: BlackHoleMove) -> MovePlaces:
        """Where ``move`` starts and ends on :meth:`scene`
        (:func:`.black_hole_scene.move_places`)."""
        return layout.move_places(state, move)

    def goes_home(self, state: BlackHoleState, move: BlackHoleMove) -> bool:
        """Every move: a pile's top card to the hole."""
        return True

    def position_fields(self, state: BlackHoleState) -> list[tuple[str, str]]:
        """``pile 1`` .. ``pile 17`` (bottom to top) and ``hole`` (bottom to top)."""
        fields = [(f"pile {i}", cards_text(p)) for i, p in enumerate(state.piles, 1)]
        fields.append(("hole", cards_text(state.hole)))
        return fields

    def parse_position(self, reader: FieldReader) -> BlackHoleState:
        """Read ``pile 1`` .. ``pile 17`` and ``hole``; every card once, the hole not empty.

        What the rules make of every position is checked too: a pile holds at
        most the three cards dealt to it (cards only leave), the hole starts
        with the ace of spades, and each card in it is one rank from the card
        under it (the one move of the game).

        Files written before piles were counted from 1 (``pile0`` ..
        ``pile16``) are refused with a message that says so, rather than
        read with every pile moved over by one.
        """
        for old in ("pile0", "pile 0"):
            if reader.has(old):
                raise reader.error(
                    f"label {old!r}: piles are counted from 1 now, 'pile 1' to 'pile {PILES}'; "
                    "this file counts them from 0: add one to each pile's number",
                    reader.take(old),
                )
        seen: dict[int, str] = {}
        parts: list[tuple[Card, ...]] = []
        for label in [f"pile {i}" for i in range(1, PILES + 1)] + ["hole"]:
            field = reader.take(label, "")
            try:
                cards = parse_cards(field.text)
            except BadCardError as exc:
                raise reader.error(str(exc), field) from None
            for c in cards:
                if c in seen:
                    where = f"in {seen[c]} and {label}" if seen[c] != label else f"in {label}"
                    raise reader.error(f"card {card_text(c)} appears twice ({where})", field)
                seen[c] = label
            if label != "hole" and len(cards) > PILE_SIZE:
                raise reader.error(
                    f"{label}: {count_text(len(cards))}, more than the {PILE_SIZE} dealt to a "
                    "pile, and cards only leave it",
                    field,
                )
            parts.append(tuple(cards))
        reader.finish()
        hole = parts[-1]
        if not hole:
            raise reader.error("the hole is empty: it must hold at least the card it started with")
        hole_field = field  # the loop's last: the hole's line
        if hole[0] != HOLE_CARD:
            raise reader.error(
                f"hole: starts with {card_text(hole[0])}, but the deal puts "
                f"{card_text(HOLE_CARD)} there first",
                hole_field,
            )
        for below, above in itertools.pairwise(hole):
            if not adjacent(rank_of(above), rank_of(below)):
                raise reader.error(
                    f"hole: {card_text(above)} on {card_text(below)}, but a card goes to the "
                    "hole only one rank above or below its top card",
                    hole_field,
                )
        if len(seen) != 52:
            missing = [card_text(c) for c in range(52) if c not in seen]
            raise reader.error(f"{count_text(len(missing))} missing: {' '.join(missing)}")
        return BlackHoleState(tuple(parts[:-1]), parts[-1])

    def factories(self, start: BlackHoleState, *, memo: Memo | None = None) -> dict[str, Factory]:
        """The plan's ``depth-first``: the engine's incremental depth-first search over
        :class:`BlackHoleProblem` from ``start``, with the plan's numbers for its restarts and
        its switches (:class:`SearchOptions`; a switch the plan leaves out is on). ``memo``
        is shared with the search, its key scheme kept in the memo (:class:`KeyScheme`)."""

        def depth_first(first: int, growth: float, seed: int, **switches: bool) -> Strategy:
            options = SearchOptions(first_budget=first, growth=growth, seed=seed, **switches)
            return strategy_for(start, options, memo)

        return {"depth-first": depth_first}


PRESETS = (
    Preset(
        "black-hole",
        BlackHole,
        BlackHoleRules(),
        "One deck: 17 piles of three cards, all face up, and the ace of spades in the hole. "
        "The top card of a pile goes to the hole when it is one rank above or below the "
        "hole's top card, whatever its suit (A and K are neighbours). Won when every card is "
        "in the hole. PySolFC's game 98; the classic test of solitaire solvers.",
        plan=PLAN,
    ),
)
