"""The game Windmill: the rules at work, notation, pictures, position files and the solver.

:class:`Windmill` is the game as the library and the command line see it.
It plays by :class:`~.rules.WindmillProblem` (the rules at work on real
positions), keys a position by its compact form, reads and prints moves,
describes them for people, shows and reads positions, and names its solver
(:meth:`Windmill.strategy`, composed in :mod:`.solver`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import (
    HIDDEN,
    HIDDEN_TEXT,
    Card,
    card_text,
    cards_text,
    count_text,
    parse_cards,
    rank_text,
)
from ...errors import BadCardError
from ...numbering import DealNumber
from ...search import Factory, Limits, Memo, Plan, Shortest, Strategy
from ..base import Game, Preset
from ..fields import Field, FieldReader
from ..knobs import parse_int_range
from ..scene import MovePlaces, Scene
from . import scene as layout
from .model import Compact, compact
from .order import allows_at_most
from .rules import (
    CARD_BITS,
    CARDS,
    DEAL,
    FREE,
    GAP,
    PRIMARY_FULL,
    REDEAL,
    RESERVE,
    RESERVE_CELLS,
    SECONDARIES,
    SECONDARY,
    SECONDARY_FULL,
    WASTE,
    WindmillMove,
    WindmillProblem,
    WindmillRules,
    WindmillState,
    card_at,
    card_pile,
    place_words,
    refill,
)
from .solver import PLAN, any_line, factories

DEFAULT_MAX_STATES = 140_000_000
"""States a solve may expand when the caller gives no limit at all (preset data, see
:data:`PRESETS`).

It leaves the beams of :func:`.solver.any_line` room for their ladder of
widths (about 100 million states on a deal none of them wins, up to the
524,288 beam), with the relaxation's cap (in :data:`.solver.PLAN`,
35,000,000 relaxed positions) and the depth-first searches' and the summaries'
small shares beside it; on a deal whose relaxation leaves at once, the beams
go on with more seeds until the limit. On this project's machine a deal
that spends it takes under a minute, the beams and the relaxation running
compiled."""

DEFAULT_MAX_STATES_FREE = 140_000_000
"""The same under free foundation moves, where the restricted rules' beams run besides the
free ones up to width 8,192 (``restricted_up_to`` in :data:`.solver.PLAN`), about 1.5
million states more."""

DEFAULT_SHORTEST_STATES = 100_000
"""States the search for a shorter line (:func:`.solver.shortest_line`) may expand after
the solver's line, when the caller gives no limit at all (preset data, see
:data:`PRESETS`): about a second. From a deal A* rarely finishes even with
far more (none of deals 1, 5 and 7 within 1,000,000 states, 12 to 17 s and
about 500 MB), so a larger default would only make ``--shortest`` slow; any
limit the caller gives replaces it, and covers the whole solve."""


class Windmill(Game[WindmillState, WindmillMove]):
    """The game Windmill under given rules."""

    name = "windmill"
    rules_type = WindmillRules
    move_type = WindmillMove
    default_plan = PLAN
    notation = (
        "d: deal; rd: redeal; else SOURCE>TARGET with p (the primary), s1-s4 (the "
        "secondaries), r1-r8 (the reserve) and w (the waste): r3>p, w>s2, s1>p"
    )
    rules: WindmillRules

    @classmethod
    def notation_for(cls, rules: WindmillRules) -> str:
        """The notation without the redeal where the rules have none."""
        return cls.notation if rules.redeals else cls.notation.replace("rd: redeal; ", "")

    def __init__(
        self, rules: WindmillRules, preset: Preset | None = None, plan: Plan | None = None
    ) -> None:
        super().__init__(rules, preset, plan)
        self.problem = WindmillProblem(rules)
        """The rules at work on real positions: the deal, the legal moves and their effect."""

    def allows_at_most(self, looser: WindmillRules) -> bool:
        """Whether every line legal here is legal under ``looser`` (see :mod:`.order`)."""
        return allows_at_most(self.rules, looser)

    # ------------------------------------------------------------ the rules

    def deal(self, number: DealNumber) -> WindmillState:
        """Centre card, eight reserve cards, one waste card; the rest is the stock."""
        return self.problem.deal(number)

    def moves(self, state: WindmillState) -> list[WindmillMove]:
        """Every legal move (:meth:`.rules.WindmillProblem.legal_moves`; the solver searches
        the rank model, not these positions)."""
        return self.problem.legal_moves(state)

    def apply(self, state: WindmillState, move: WindmillMove) -> WindmillState:
        """The position after ``move``, with the reserve refill it causes."""
        return self.problem.apply(state, move)

    def is_won(self, state: WindmillState) -> bool:
        """Won when all 104 cards are on the foundations."""
        return self.problem.is_won(state)

    def cards_left(self, state: WindmillState) -> int:
        """Cards not yet on a foundation."""
        return CARDS - state.home

    def key(self, state: WindmillState) -> Compact:
        """The position's compact form (:func:`.model.compact`): two positions have the same
        future exactly when they have the same compact form (no rule looks at a suit, and a
        foundation's ranks follow from its size)."""
        return compact(state)

    # ------------------------------------------------------------ notation

    def describe(self, state: WindmillState, move: WindmillMove) -> str:
        """For example ``8H from reserve 3 to the primary; 5C from the waste fills reserve 3``.

        A card hidden in ``state`` (a :meth:`seen` position) is worded as face
        down: ``deal a face-down card onto the waste``.
        """
        if move.kind == DEAL:
            dealt = state.stock[0]
            if dealt == HIDDEN:
                return "deal a face-down card onto the waste"
            return f"deal {card_text(dealt)} onto the waste"
        if move.kind == REDEAL:
            return f"redeal: the waste ({len(state.waste_cards)} cards) becomes the stock"
        if move.src == RESERVE:
            card = state.reserve[move.src_index]
        elif move.src == WASTE:
            card = state.waste_top or 0
        elif move.src == SECONDARY:
            card = state.secondaries[move.src_index][-1]
        else:
            card = state.primary[-1]
        text = (
            f"{card_text(card)} from {place_words(move.src, move.src_index)} "
            f"to {place_words(move.dst, move.dst_index)}"
        )
        if move.src == RESERVE:
            cell = f"reserve {move.src_index + 1}"
            fill, stock, _ = refill(state.stock_pile, state.waste_pile, CARD_BITS)
            if fill is None:
                text += f"; {cell} stays empty"
            elif stock == state.stock_pile:
                text += f"; {card_text(card_at(fill))} from the waste fills {cell}"
            elif card_at(fill) == HIDDEN:
                text += f"; the stock's next card fills {cell}"
            else:
                text += f"; {card_text(card_at(fill))} from the stock fills {cell}"
        return text

    def show(self, state: WindmillState) -> str:
        """The foundations, the reserve, the waste and the stock."""
        prim = state.primary
        lines = [
            f"primary:     {card_text(prim[-1])} ({count_text(len(prim))})" + self._need_text(state)
        ]
        for i, pile in enumerate(state.secondaries):
            top = f"{card_text(pile[-1])} ({count_text(len(pile))})" if pile else "(empty)"
            lines.append(f"secondary {i + 1}: {top}")
        lines.append("reserve:     " + " ".join(_cell(c) for c in state.reserve))
        waste = state.waste_cards
        # The count says how many lie under the eight shown; an empty waste needs none.
        shown = f"{cards_text(waste[-8:])} ({count_text(len(waste))})" if waste else "(empty)"
        lines.append(f"waste:       {shown}")
        stock = state.stock
        nxt = ""
        if stock:
            nxt = ", face down" if stock[0] == HIDDEN else f", next {card_text(stock[0])}"
        used = f", {state.redeals_used} of {self.rules.redeals} redeals used"
        lines.append(
            f"stock:       {count_text(len(stock))}{nxt}" + (used if self.rules.redeals else "")
        )
        return "\n".join(lines)

    def _need_text(self, state: WindmillState) -> str:
        n = len(state.primary)
        if n == PRIMARY_FULL:
            return ", full"
        flag = ", next card must come from the waste or reserve" if state.flag else ""
        return f", needs {rank_text(self.problem.primary_need[n])}{flag}"

    def scene(self, state: WindmillState) -> Scene:
        """The cross of :mod:`.scene`: the primary amid the reserve, stock and waste beside."""
        return layout.scene(self.rules, state)

    def move_places(self, state: WindmillState, move: WindmillMove) -> MovePlaces:
        """Where ``move`` starts and ends on :meth:`scene` (:func:`.scene.move_places`)."""
        return layout.move_places(state, move)

    def goes_home(self, state: WindmillState, move: WindmillMove) -> bool:
        """A card from the waste or the reserve to a foundation (a card moved between
        foundations is home already)."""
        return move.kind not in (DEAL, REDEAL) and move.src in (RESERVE, WASTE)

    # ------------------------------------------------------------ files

    def position_fields(self, state: WindmillState) -> list[tuple[str, str]]:
        """Labelled lines: foundations bottom to top, reserve, waste bottom to top, stock top first.

        ``--`` marks an empty reserve cell; ``flag`` says whether the
        primary's top card came from a secondary (``set``) or not (``clear``).
        """
        fields = [("primary", cards_text(state.primary))]
        for i, pile in enumerate(state.secondaries):
            fields.append((f"secondary {i + 1}", cards_text(pile)))
        fields += [
            ("flag", "set" if state.flag else "clear"),
            ("reserve", " ".join(_cell(c) for c in state.reserve)),
            ("waste", cards_text(state.waste_cards)),
            ("stock", cards_text(state.stock)),
            ("redeals used", str(state.redeals_used)),
        ]
        return fields

    def parse_position(self, reader: FieldReader) -> WindmillState:
        """Read the lines of :meth:`position_fields`; every card exactly twice, piles in order."""
        counts: dict[int, int] = {}

        def cards(label: str, default: str | None = None) -> tuple[list[Card], Field]:
            field = reader.take(label, default)
            words = field.text.split()
            out: list[Card] = []
            for w in words:
                if label == "reserve" and w == "--":
                    out.append(Card(GAP))
                    continue
                if label == "stock" and w == HIDDEN_TEXT:
                    out.append(HIDDEN)
                    continue
                try:
                    (c,) = parse_cards(w)
                except BadCardError as exc:
                    raise reader.error(f"{label}: {exc}", field) from None
                counts[c] = counts.get(c, 0) + 1
                if counts[c] > 2:
                    raise reader.error(
                        f"card {card_text(c)} appears a third time (in {label}); two decks "
                        "hold two of each card",
                        field,
                    )
                out.append(c)
            return out, field

        primary, pf = cards("primary")
        if not primary:
            raise reader.error("the primary foundation needs at least its centre card", pf)
        if len(primary) > PRIMARY_FULL:
            raise reader.error(f"the primary holds at most {PRIMARY_FULL} cards", pf)
        for n, c in enumerate(primary):
            if c % 13 != self.problem.primary_need[n]:
                raise reader.error(
                    f"card {card_text(c)} cannot be card {n + 1} of the primary: it needs a "
                    f"{rank_text(self.problem.primary_need[n])} there",
                    pf,
                )
        # Of the cards of that rank the deal puts one there, the centre card, which never moves.
        if primary[0] != self.problem.centre:
            raise reader.error(
                f"the primary starts with {card_text(primary[0])}, but the deal puts "
                f"{card_text(self.problem.centre)} in the centre, where it stays",
                pf,
            )
        secs: list[tuple[Card, ...]] = []
        for i in range(SECONDARIES):
            pile, sf = cards(f"secondary {i + 1}", "")
            if len(pile) > SECONDARY_FULL:
                raise reader.error(f"a secondary holds at most {SECONDARY_FULL} cards", sf)
            for n, c in enumerate(pile):
                if c % 13 != self.problem.secondary_need[n]:
                    raise reader.error(
                        f"card {card_text(c)} cannot be card {n + 1} of secondary {i + 1}: it "
                        f"needs a {rank_text(self.problem.secondary_need[n])} there",
                        sf,
                    )
            secs.append(tuple(pile))
        flag_field = reader.take("flag", "clear")
        flag_text = flag_field.text.strip().lower()
        if flag_text not in ("set", "clear"):
            raise reader.error(f"flag: expected set or clear, not {flag_field.text!r}", flag_field)
        flag = flag_text == "set"
        if flag and self.problem.free:
            raise reader.error("flag: free foundation moves have no flag", flag_field)
        if flag and len(primary) == 1:
            raise reader.error("flag: the centre card did not come from a secondary", flag_field)
        reserve, rf = cards("reserve")
        if len(reserve) != RESERVE_CELLS:
            raise reader.error(
                f"reserve: expected {RESERVE_CELLS} cells (cards or --), found {len(reserve)}",
                rf,
            )
        waste, _ = cards("waste", "")
        stock, stock_field = cards("stock", "")
        if GAP in reserve and (waste or stock):
            raise reader.error(
                "reserve: a gap is refilled at once while the waste or the stock has cards",
                rf,
            )
        used_field = reader.take("redeals used", "0")
        try:
            used = parse_int_range(0, self.rules.redeals)(used_field.text)
        except ValueError as exc:
            raise reader.error(f"redeals used: {exc}", used_field) from None
        reader.finish()
        if HIDDEN in stock and used:
            raise reader.error(
                "stock: after a redeal every stock card has been seen on the waste; "
                "write it instead of ??",
                stock_field,
            )
        hidden = stock.count(HIDDEN)
        missing = [card_text(c) for c in range(52) for _ in range(2 - counts.get(c, 0))]
        reader.check_hidden(missing, hidden, stock_field, "stock: ")
        return WindmillState(
            primary=tuple(primary),
            secondaries=tuple(secs),
            reserve=tuple(reserve),
            stock_pile=card_pile(stock[::-1]),
            waste_pile=card_pile(waste),
            flag=flag,
            redeals_used=used,
        )

    # ------------------------------------------------------------ what a player sees

    face_down = True

    decks = 2

    def mask(self, state: WindmillState) -> WindmillState:
        """The stock is face down on the first pass (after a redeal every stock card has
        been seen on the waste)."""
        left = len(state.stock)
        if state.redeals_used or not left:
            return state
        return _restocked(state, (HIDDEN,) * left)

    def visible_cards(self, state: WindmillState) -> list[Card]:
        """The foundations, the reserve, the waste and the stock's face-up cards."""
        out = list(state.primary)
        out += [c for pile in state.secondaries for c in pile]
        out += [Card(c) for c in state.reserve if c != GAP]
        out += state.waste_cards
        out += [c for c in state.stock if c != HIDDEN]
        return out

    def fill(self, state: WindmillState, cards: Sequence[Card]) -> WindmillState:
        """The stock's hidden cards, next first."""
        places = state.stock.count(HIDDEN)
        if len(cards) != places:
            raise ValueError(f"windmill: {len(cards)} cards for {places} hidden places")
        it = iter(cards)
        return _restocked(state, [next(it) if c == HIDDEN else c for c in state.stock])

    def has_hidden(self, state: WindmillState) -> bool:
        """Whether some stock card is hidden."""
        return HIDDEN in state.stock

    # ------------------------------------------------------------ solving

    def factories(self, start: WindmillState, *, memo: Memo | None = None) -> dict[str, Factory]:
        """The members the plan may name, made for ``start`` (:func:`.solver.factories`):
        those of the portfolio, and ``a-star``, A* on the rank model, the search of the
        plan's shortest section (:func:`.solver.shortest_line`)."""
        return factories(self.problem, start, memo=memo)

    def strategy(self, start: WindmillState, *, memo: Memo | None = None) -> Strategy:
        """The solver of :mod:`.solver`: a portfolio of beams, depth-first search and summaries,
        as the game's plan (:attr:`plan`, :data:`.solver.PLAN` by default) says.

        A shortest solve runs the plan's shortest section once the portfolio
        has a line: A* on the rank model (:func:`.solver.shortest_line`),
        within :data:`DEFAULT_SHORTEST_STATES` more states by default
        (:meth:`~solitaire_solver.games.base.Game.solve`). ``memo`` goes to
        the depth-first member, whose keys are the game's own (:meth:`key`,
        the same from every position of a deal); the beams and the summaries
        keep their own tables.
        """
        return any_line(self.problem, start, plan=self.plan, memo=memo)


def _cell(card: int) -> str:
    return "--" if card == GAP else card_text(card)


def _restocked(state: WindmillState, stock: Sequence[Card]) -> WindmillState:
    """``state`` with the stock ``stock`` (top first) instead of its own: what
    :func:`attrs.evolve` gives, made directly (the fair values hide and fill stocks hundreds
    of thousands of times a deal)."""
    return WindmillState(
        state.primary,
        state.secondaries,
        state.reserve,
        card_pile(stock[::-1]),
        state.waste_pile,
        state.flag,
        state.redeals_used,
    )


PRESET_PLAN = PLAN.replace(
    limits=Limits(max_states=DEFAULT_MAX_STATES),
    limits_when=(({"foundation_moves": FREE}, Limits(max_states=DEFAULT_MAX_STATES_FREE)),),
    shortest=Shortest(DEFAULT_SHORTEST_STATES, PLAN.shortest.members),
)
"""The presets' plan: the solver's (:data:`.solver.PLAN`) with the default limits beside
the members they bound."""

PRESETS = (
    Preset(
        "windmill",
        Windmill,
        WindmillRules(),
        "Two decks. An ace in the centre (the primary foundation) builds up to 52 cards "
        "whatever the suits, K wrapping to A; four secondary foundations each start with any "
        "king and build down to the ace. Eight reserve cards; a gap is refilled at once from "
        "the waste (or the stock). The stock is dealt one card at a time onto the waste, once "
        "through. A secondary's top card may go to the primary, but not twice in a row. Won "
        "when all 104 cards are on the foundations.",
        plan=PRESET_PLAN,
    ),
    Preset(
        "windmill-reversed",
        Windmill,
        WindmillRules(direction="down"),
        "Windmill turned round: a king in the centre builds down to 52 cards, A wrapping to "
        "K, and the secondary foundations each start with any ace and build up to the king.",
        plan=PRESET_PLAN,
    ),
)
"""The presets, with the default limits of a solve when the caller sets none (and of the
search for a shorter line) and the solver's plan."""
