"""The game Eagle Wing: the protocol of the engine, notation, descriptions and files.

The rules themselves are in :mod:`.rules`.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from functools import partial

import attrs

from ...cards import HIDDEN, RANKS, Card, card_text, cards_text, count_text, parse_cards
from ...errors import BadCardError
from ...numbering import DealNumber, shuffled_talon
from ...search import (
    Budget,
    Factory,
    Memo,
    Plan,
    PlanMember,
    Run,
    Screen,
    Shortest,
    Strategy,
    best_first,
    compiled,
    dfs,
    projected,
)
from ..base import Game, Preset
from ..fields import Field, FieldReader
from ..scene import MovePlaces, Scene
from . import kernel
from . import scene as layout
from .model import EagleWingModel
from .order import allows_at_most
from .relaxation import relaxed_run
from .rules import (
    DEAL_SOURCE,
    DOWN_IN_SUIT,
    FOUNDATION,
    REDEAL_SOURCE,
    TRUNK,
    UP,
    WASTE,
    WINGS,
    EagleWingMove,
    EagleWingRules,
    EagleWingState,
    apply_move,
    card_at,
    legal_moves,
    safe_home,
)


def _wing_text(pile: tuple[Card, ...]) -> str:
    return cards_text(pile) if pile else "-"


PLAN = Plan(
    (PlanMember("depth-first"),),
    # Over Coops deals 1..10,000 a relaxed search expanded 292 positions at
    # most (41 on a won deal): the cap only bounds the cost of a position no
    # search has met, about 30 ms.
    screens=(Screen("relaxation", 2000),),
    # A* on the game itself, the safe foundation moves forced: they keep a
    # shortest line (see EagleWing.factories).
    shortest=Shortest(members=(PlanMember("A*", params={"forced": True}, factory="a-star"),)),
)
"""Eagle Wing's solver as data: the relaxation of :mod:`.relaxation` as a screen of at most
2,000 relaxed positions, then the depth-first search over the compact model, and for a
shorter line A* with the safe foundation moves forced (see :meth:`EagleWing.factories`)."""


class EagleWing(Game[EagleWingState, EagleWingMove]):
    """The game Eagle Wing under given rules."""

    name = "eagle-wing"
    rules_type = EagleWingRules
    move_type = EagleWingMove
    default_plan = PLAN
    notation = (
        "d: deal; r: redeal; else a source (w waste, t the trunk's last card, or wing 1-8) "
        "then a target (f foundation or a wing): 2f, w5, t1, 36"
    )
    rules: EagleWingRules

    @classmethod
    def notation_for(cls, rules: EagleWingRules) -> str:
        """The notation of the moves ``rules`` allow (:func:`.rules.legal_moves`): a redeal
        only with redeals; without building, a wing's card goes only home and the waste's
        alone fills a gap; the trunk's last card goes onto a wing only where cards stack."""
        redeal = "r: redeal; " if rules.redeals else ""
        target = (
            "f foundation or a wing"
            if rules.builds
            else "f foundation, or a gap for the waste's card"
        )
        examples = ["2f", "w5", "t1" if rules.stacks else "tf"]
        if rules.builds:
            examples.append("36")
        return (
            f"d: deal; {redeal}else a source (w waste, t the trunk's last card, or wing 1-8) "
            f"then a target ({target}): {', '.join(examples)}"
        )

    def __init__(
        self, rules: EagleWingRules, preset: Preset | None = None, plan: Plan | None = None
    ) -> None:
        super().__init__(rules, preset, plan)
        self._cap = rules.capacity
        self._redeals = rules.redeals

    def allows_at_most(self, looser: EagleWingRules) -> bool:
        """Whether every line legal here is legal under ``looser`` (see :mod:`.order`)."""
        return allows_at_most(self.rules, looser)

    # -------------------------------------------------------------- dealing

    def deal(self, number: DealNumber) -> EagleWingState:
        """The layout of RULES.md: foundation card, trunk, wings 7..0, waste, stock."""
        order = [Card(c) for c in reversed(shuffled_talon(number, decks=1))]
        n = self.rules.trunk_size
        first = order[0]
        trunk = tuple(order[1 : 1 + n])  # the first dealt ends at the bottom
        wing_cards = order[1 + n : 1 + n + WINGS]
        wings = tuple((wing_cards[WINGS - 1 - i],) for i in range(WINGS))  # wing 7 first
        talon = tuple(order[1 + n + WINGS :])  # the turned card, then the stock top first
        foundations = [0, 0, 0, 0]
        foundations[first // 13] = 1
        return EagleWingState(
            first % 13,
            (foundations[0], foundations[1], foundations[2], foundations[3]),
            trunk,
            wings,
            talon,
            1 if talon else 0,
            0,
        )

    # -------------------------------------------------------------- moves

    def legal_moves(self, state: EagleWingState) -> list[EagleWingMove]:
        """Every legal move, each empty wing counted separately (:func:`.rules.legal_moves`)."""
        return legal_moves(self.rules, state)

    def moves(self, state: EagleWingState) -> list[EagleWingMove]:
        """The legal moves less those that lead to the same canonical position.

        Every empty wing is alike (the key sorts the wings), so only the
        first one is offered as a target; a wing's lone card moved to an
        empty wing leaves the same position up to the order of the wings.
        Foundation moves come first, dealing last.
        """
        first_gap = next((i for i, p in enumerate(state.wings) if not p), None)
        out = []
        later = []
        for move in self.legal_moves(state):
            if move.target == FOUNDATION:
                out.append(move)
            elif move.source in (DEAL_SOURCE, REDEAL_SOURCE):
                later.append(move)
            elif not state.wings[move.target]:
                if move.target != first_gap:
                    continue
                if move.source < WINGS and len(state.wings[move.source]) == 1:
                    continue
                out.append(move)
            else:
                out.append(move)
        return out + later

    def forced_move(self, state: EagleWingState) -> EagleWingMove | None:
        """A foundation move that cannot lose a win, nor a shortest line.

        :func:`.rules.safe_home` argues why: every foundation move without
        building, and every one but a base card's with building.
        """
        for source in (WASTE, TRUNK, *range(WINGS)):
            card = card_at(state, source)
            if card is not None and safe_home(state, card, self.rules):
                return EagleWingMove(source, FOUNDATION)
        return None

    def apply(self, state: EagleWingState, move: EagleWingMove) -> EagleWingState:
        """Play ``move``; a wing that empties takes the trunk's top card at once."""
        return apply_move(state, move)

    def is_won(self, state: EagleWingState) -> bool:
        """Won when all 52 cards are home."""
        return sum(state.foundations) == 52

    def cards_left(self, state: EagleWingState) -> int:
        """Cards not yet on the foundations."""
        return 52 - sum(state.foundations)

    def key(self, state: EagleWingState) -> Hashable:
        """Trunk, wings as a sorted tuple (they are interchangeable), talon and passes.

        The foundations are whatever is not elsewhere, so they are left out.
        """
        return (
            state.trunk,
            tuple(sorted(state.wings)),
            state.talon,
            state.waste_size,
            state.redeals_used,
        )

    def heuristic(self, state: EagleWingState) -> int:
        """Cards not yet home plus cards in the stock: a lower bound on the moves left.

        Each card not home needs a move of its own to get there, and each
        stock card a deal of its own before it can leave the talon.
        """
        return 52 - sum(state.foundations) + len(state.talon) - state.waste_size

    # -------------------------------------------------------------- notation

    def describe(self, state: EagleWingState, move: EagleWingMove) -> str:
        """For example ``9S from wing 2 to foundation; trunk's 4H fills wing 2``.

        A card hidden in ``state`` (a :meth:`seen` position) is worded as face
        down: ``deal a face-down card``, ``the trunk's next card fills wing 2``.
        """
        if move.is_deal:
            if state.waste_size >= len(state.talon):
                return "deal (the stock is empty)"
            dealt = state.talon[state.waste_size]
            return "deal a face-down card" if dealt == HIDDEN else f"deal {card_text(dealt)}"
        if move.is_redeal:
            return f"redeal (pass {state.redeals_used + 2} of {self._redeals + 1})"
        card = card_at(state, move.source)
        if card is None:
            return f"{move} (no card there)"
        # Wings are counted from 1 for people.
        where = {WASTE: "waste", TRUNK: "trunk"}.get(move.source, f"wing {move.source + 1}")
        text = f"{card_text(card)} from {where}"
        if move.target == FOUNDATION:
            text += " to foundation"
        elif state.wings[move.target]:
            under = state.wings[move.target][-1]
            text += f" onto {card_text(under)} on wing {move.target + 1}"
        else:
            text += f" to empty wing {move.target + 1}"
        if move.source < WINGS and len(state.wings[move.source]) == 1 and state.trunk:
            fill = state.trunk[-1]
            if fill == HIDDEN:
                text += f"; the trunk's next card fills wing {move.source + 1}"
            else:
                last = " last card" if len(state.trunk) == 1 else ""
                text += f"; trunk's{last} {card_text(fill)} fills wing {move.source + 1}"
        elif move.source == TRUNK:
            text += "; the trunk is empty"
        return text

    def show(self, state: EagleWingState) -> str:
        """Foundations, trunk, wings, waste and stock, one per line."""
        tops = []
        for suit in range(4):
            count = state.foundations[suit]
            tops.append(card_text(suit * 13 + (state.base + count - 1) % 13) if count else "--")
        trunk = len(state.trunk)
        face = f", last card {card_text(state.trunk[0])} face up" if trunk == 1 else ""
        top = state.waste[-1:] or ()
        lines = [
            f"foundations: {' '.join(tops)} (from {RANKS[state.base]})",
            f"trunk: {count_text(trunk)}{face}",
            "wings: " + " | ".join(_wing_text(p) for p in state.wings),
            f"waste: {count_text(len(state.waste))}, top {cards_text(top) or '-'}",
            f"stock: {count_text(len(state.stock))}; redeals used {state.redeals_used} "
            f"of {self._redeals}",
        ]
        return "\n".join(lines)

    def scene(self, state: EagleWingState) -> Scene:
        """The layout of :mod:`.scene`: foundations, waste and stock; wings and trunk below."""
        return layout.scene(self.rules, state)

    def scene_shown(self, state: EagleWingState) -> Scene:
        """:meth:`scene` with the trunk turned over: its cards spread below it, face up (a
        game that ends with no move left may end with cards in the trunk)."""
        return layout.scene(self.rules, state, turned_over=True)

    def move_places(self, state: EagleWingState, move: EagleWingMove) -> MovePlaces:
        """Where ``move`` starts and ends on :meth:`scene` (:func:`.scene.move_places`)."""
        return layout.move_places(state, move)

    def goes_home(self, state: EagleWingState, move: EagleWingMove) -> bool:
        """A card to the foundation of its suit."""
        return move.target == FOUNDATION

    # -------------------------------------------------------------- files

    def position_fields(self, state: EagleWingState) -> list[tuple[str, str]]:
        """``base``, ``foundations`` (top cards), ``trunk``, ``wings``, ``waste``,
        ``stock`` and ``redeals used``.

        The trunk and every wing are listed bottom to top, the waste bottom to
        top and the stock top (next dealt) first; wings are separated by
        commas, an empty one is ``-``.
        """
        tops = [
            card_text(s * 13 + (state.base + n - 1) % 13)
            for s, n in enumerate(state.foundations)
            if n
        ]
        return [
            ("base", RANKS[state.base]),
            ("foundations", " ".join(tops)),
            ("trunk", cards_text(state.trunk)),
            ("wings", ", ".join(_wing_text(p) for p in state.wings)),
            ("waste", cards_text(state.waste)),
            ("stock", cards_text(state.stock)),
            ("redeals used", str(state.redeals_used)),
        ]

    def parse_position(self, reader: FieldReader) -> EagleWingState:
        """Read the lines :meth:`position_fields` writes; every card exactly once."""
        seen: dict[int, str] = {}

        def cards(field: Field, text: str, place: str, hidden: bool = False) -> list[Card]:
            try:
                out = parse_cards(text, hidden=hidden)
            except BadCardError as exc:
                raise reader.error(f"{place}: {exc}", field) from None
            for c in out:
                if c == HIDDEN:
                    continue
                if c in seen:
                    where = f"in {seen[c]} and {place}" if seen[c] != place else f"in {place}"
                    raise reader.error(f"card {card_text(c)} appears twice ({where})", field)
                seen[c] = place
            return out

        base_field = reader.take("base")
        base_text = base_field.text.strip().upper()
        if base_text == "10":
            base_text = "T"
        if len(base_text) != 1 or base_text not in RANKS:
            raise reader.error(
                f"bad base rank {base_field.text.strip()!r}: expected one of {RANKS}", base_field
            )
        base = RANKS.index(base_text)

        found_field = reader.take("foundations", "")
        counts = [0, 0, 0, 0]
        for top in cards(found_field, found_field.text, "foundations"):
            suit = top // 13
            if counts[suit]:
                raise reader.error(
                    f"two foundation cards of one suit: {card_text(top)}", found_field
                )
            counts[suit] = (top % 13 - base) % 13 + 1
        if not any(counts):
            raise reader.error(
                "foundations: empty, but the deal puts its first card on a foundation, "
                "where it stays",
                found_field,
            )
        # A foundation holds every card of its suit from the base up to its top.
        for suit, n in enumerate(counts):
            for i in range(n - 1):
                c = suit * 13 + (base + i) % 13
                if c in seen:
                    raise reader.error(
                        f"card {card_text(c)} appears twice (under a foundation's top and "
                        f"in {seen[c]})",
                        found_field,
                    )
                seen[c] = "foundations"

        trunk_field = reader.take("trunk", "")
        trunk = tuple(cards(trunk_field, trunk_field.text, "trunk", hidden=True))
        # Cards only ever leave the trunk, and its last card alone is face up.
        if len(trunk) > self.rules.trunk_size:
            raise reader.error(
                f"trunk: {count_text(len(trunk))}, more than the {self.rules.trunk_size} the "
                f"deal puts there (trunk_size={self.rules.trunk_size}), and cards only leave it",
                trunk_field,
            )
        if trunk == (HIDDEN,):
            raise reader.error(
                "trunk: its last card, alone, is face up: write it instead of ??", trunk_field
            )

        wings_field = reader.take("wings")
        parts = [p.strip() for p in wings_field.text.split(",")]
        if len(parts) != WINGS:
            raise reader.error(
                f"expected {WINGS} wings separated by commas, found {len(parts)}", wings_field
            )
        wings = []
        for i, part in enumerate(parts):
            pile = () if part == "-" else tuple(cards(wings_field, part, f"wing {i + 1}"))
            if not pile and trunk:
                raise reader.error(
                    f"wing {i + 1} is empty while the trunk has cards (it would be filled)",
                    wings_field,
                )
            if len(pile) > self._cap:
                raise reader.error(
                    f"wing {i + 1} holds {len(pile)} cards, more than these rules allow",
                    wings_field,
                )
            for below, above in itertools.pairwise(pile):
                if below != UP[above]:
                    raise reader.error(
                        f"wing {i + 1}: {card_text(above)} is not built down in suit on "
                        f"{card_text(below)}",
                        wings_field,
                    )
            wings.append(pile)

        waste_field = reader.take("waste", "")
        waste = tuple(cards(waste_field, waste_field.text, "waste"))
        stock_field = reader.take("stock", "")
        stock = tuple(cards(stock_field, stock_field.text, "stock", hidden=True))
        # The deal gives the waste and stock what the foundation, trunk and wings leave, and
        # cards only ever leave them.
        talon = 52 - 1 - self.rules.trunk_size - WINGS
        if len(waste) + len(stock) > talon:
            raise reader.error(
                f"waste and stock: {count_text(len(waste) + len(stock))}, more than the {talon} "
                f"the deal puts there (52 less the foundation card, {self.rules.trunk_size} in "
                f"the trunk and {WINGS} on the wings), and cards only leave them",
                stock_field,
            )

        used_field = reader.take("redeals used", "0")
        try:
            used = int(used_field.text)
        except ValueError:
            raise reader.error(
                f"bad redeals used {used_field.text.strip()!r}: expected a whole number",
                used_field,
            ) from None
        if not 0 <= used <= self._redeals:
            raise reader.error(
                f"redeals used {used} is outside 0..{self._redeals} (the rules' redeals)",
                used_field,
            )
        reader.finish()
        if HIDDEN in stock and used:
            raise reader.error(
                "stock: after a redeal every stock card has been seen on the waste; "
                "write it instead of ??",
                stock_field,
            )
        hidden = trunk.count(HIDDEN) + stock.count(HIDDEN)
        missing = [card_text(c) for c in range(52) if c not in seen]
        reader.check_hidden(missing, hidden)
        return EagleWingState(
            base,
            (counts[0], counts[1], counts[2], counts[3]),
            trunk,
            tuple(wings),
            waste + stock,
            len(waste),
            used,
        )

    # -------------------------------------------------------------- what a player sees

    face_down = True

    # The depth-first search's keys are (foundations, trunk length, wings, talon cards) and
    # the place (:meth:`.model.EagleWingModel.position`). With nothing hidden the trunk holds
    # at most its last card, face up; the other three parts name every card's place but the
    # trunk's, so they name the trunk's too: the key names the position alone, whatever the
    # deal it came from.
    memo_spans_deals = True

    # Every move is blind to the face-down cards (:func:`.rules.apply_move`): a
    # card goes from its source to its target, an emptied wing takes the
    # trunk's top card whatever it is, and dealing moves the next stock card
    # to the waste; which places are face down afterwards follows from the
    # trunk's length, the waste's and the redeals (:meth:`mask`).
    blind_moves = True

    def mask(self, state: EagleWingState) -> EagleWingState:
        """The trunk is face down but for its last card, alone; the stock is face down on the
        first pass (after a redeal every stock card has been seen on the waste)."""
        trunk = state.trunk
        if len(trunk) > 1:
            trunk = (HIDDEN,) * len(trunk)
        talon = state.talon
        if state.redeals_used == 0:
            talon = talon[: state.waste_size] + (HIDDEN,) * (len(talon) - state.waste_size)
        if trunk is state.trunk and talon is state.talon:
            return state
        return attrs.evolve(state, trunk=trunk, talon=talon)

    def visible_cards(self, state: EagleWingState) -> list[Card]:
        """The foundations' cards, the trunk's and stock's face-up ones, the wings, the waste."""
        out = [
            Card(suit * 13 + (state.base + i) % 13)
            for suit, n in enumerate(state.foundations)
            for i in range(n)
        ]
        out += [c for c in state.trunk if c != HIDDEN]
        out += [c for pile in state.wings for c in pile]
        out += [c for c in state.talon if c != HIDDEN]
        return out

    def fill(self, state: EagleWingState, cards: Sequence[Card]) -> EagleWingState:
        """The trunk's hidden cards bottom up, then the stock's, next first."""
        places = state.trunk.count(HIDDEN) + state.talon.count(HIDDEN)
        if len(cards) != places:
            raise ValueError(f"eagle-wing: {len(cards)} cards for {places} hidden places")
        it = iter(cards)
        trunk = tuple(next(it) if c == HIDDEN else c for c in state.trunk)
        talon = tuple(next(it) if c == HIDDEN else c for c in state.talon)
        return attrs.evolve(state, trunk=trunk, talon=talon)

    def has_hidden(self, state: EagleWingState) -> bool:
        """Whether some trunk or stock card is hidden."""
        return HIDDEN in state.trunk or HIDDEN in state.talon

    def greedy_order(
        self, state: EagleWingState, moves: list[EagleWingMove]
    ) -> list[EagleWingMove]:
        """A card home first (the waste's, the trunk's, then the wings' in turn), then the
        rest in the order of :meth:`legal_moves`, dealing and redealing last."""
        # The sort is stable, so each part keeps the order legal_moves gives it.
        return sorted(moves, key=lambda m: m.target != FOUNDATION or m.source >= DEAL_SOURCE)

    # -------------------------------------------------------------- solving

    def factories(self, start: EagleWingState, *, memo: Memo | None = None) -> dict[str, Factory]:
        """The plan's parts for ``start``: ``depth-first`` (over the compact model, sharing
        ``memo``), ``relaxation`` (the loss prover of :mod:`.relaxation`) and ``a-star``
        (the shortest section's search).

        The depth-first search runs on :class:`~.model.EagleWingModel`,
        whose reductions are argued there, and its line is lifted back to
        game moves. A* runs on the game itself, with ``forced`` the safe
        foundation moves forced: by the argument of :func:`.rules.safe_home`
        they keep a shortest line, and the heuristic is admissible, so the
        line found is a shortest one.

        The depth-first search shares ``memo``: the model's keys mean the
        same from every position of a deal (the trunk left is a count of
        the deal's trunk from its bottom, the talon its cards, the place
        the deal order), and a key proved lost from a place is lost from
        every later one (reduction 2). A* takes no memo.

        Either search runs after the relaxation has had its try at proving
        ``start`` lost, the plan's screen (:data:`PLAN`,
        :func:`~solitaire_solver.search.screened`): it settles most lost
        deals in a few dozen relaxed positions, and when it cannot tell,
        its work is not counted, so the search's statistics (and the
        difficulty figure of a won deal, read off them) are those of the
        search alone.
        """

        def depth_first() -> Strategy:
            model = EagleWingModel(self.rules, start)
            root, depth = model.start(start)

            def any_line(budget: Budget) -> Run:
                if kernel.built():
                    # The same search compiled: the same positions, counts and line.
                    return compiled(
                        kernel.dfs(model, root, depth, memo), budget, moves=kernel.moves
                    )
                return dfs(model, root, budget, depth=depth, memo=memo)

            return projected(any_line, model.lift)

        def a_star(forced: bool) -> Strategy:
            def shortest_line(budget: Budget) -> Run:
                return best_first(self, start, budget, forced=forced, proves_shortest=True)

            return shortest_line

        return {
            "depth-first": depth_first,
            "relaxation": lambda: partial(relaxed_run, self.rules, start),
            "a-star": a_star,
        }


PRESETS = (
    Preset(
        "eagle-wing",
        EagleWing,
        EagleWingRules(),
        "One deck. The first card dealt sets the rank all four foundations start at; they "
        "build up in suit, K wrapping to A. Eight wings of one card each, refilled at once "
        "from a face-down trunk of 13 cards; once the trunk is empty, the waste's top card may "
        "fill an empty wing. A wing card only goes to a foundation. The stock is dealt one card "
        "at a time onto the waste, with two redeals. Won when all 52 cards are on the "
        "foundations.",
        plan=PLAN,
    ),
    Preset(
        "eagle-wing-coops",
        EagleWing,
        EagleWingRules(wing_capacity=3, building=DOWN_IN_SUIT),
        "Eagle Wing as PySolFC plays it (game 112): the same, but a wing holds up to 3 cards "
        "built down in suit (an A takes a K), its top card may also move onto another wing, "
        "and once the trunk is empty an empty wing takes any card.",
        plan=PLAN,
    ),
)
