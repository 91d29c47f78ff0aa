"""The game Eagle Wing: the protocol of the engine, notation, descriptions and files.

The rules themselves are in :mod:`.rules`.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Hashable, Iterator

from ...cards import RANKS, Card, card_text, cards_text, parse_cards
from ...errors import BadCardError, BadMoveError
from ...numbering import DealNumber, shuffled_talon
from ...search import Limit, Limits, SearchStats, SolveResult, Status, astar
from ..base import Field, FieldReader, Game, Preset
from .rules import (
    DEAL,
    DEAL_SOURCE,
    DOWN_IN_SUIT,
    FOUNDATION,
    MOVE_TEXT,
    REDEAL,
    REDEAL_SOURCE,
    TRUNK,
    UP,
    WASTE,
    WINGS,
    EagleWingMove,
    EagleWingRules,
    EagleWingState,
    apply_move,
    safe_home,
)


def _count(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _wing_text(pile: tuple[Card, ...]) -> str:
    return cards_text(pile) if pile else "-"


class EagleWing(Game[EagleWingState, EagleWingMove]):
    """The game Eagle Wing under given rules."""

    name = "eagle-wing"
    rules_type = EagleWingRules
    rules: EagleWingRules

    def __init__(self, rules: EagleWingRules, preset: str | None = None) -> None:
        super().__init__(rules, preset)
        self._cap = rules.wing_capacity
        # Building also lets a wing's top card fill an empty wing; cards stack
        # on a wing only with building and room for two.
        self._builds = rules.builds
        self._stacks = rules.builds and rules.wing_capacity > 1
        self._redeals = rules.redeals

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

    def _card_at(self, state: EagleWingState, source: int) -> Card | None:
        """The card a move from ``source`` would take, or ``None`` when there is none."""
        if source == WASTE:
            return state.talon[state.waste_size - 1] if state.waste_size else None
        if source == TRUNK:
            return state.trunk[0] if len(state.trunk) == 1 else None
        pile = state.wings[source]
        return pile[-1] if pile else None

    def _accepts(self, state: EagleWingState, card: Card, target: int) -> bool:
        """Whether ``target`` takes ``card`` (the source is not checked)."""
        if target == FOUNDATION:
            return state.next_needed(card // 13) == card
        pile = state.wings[target]
        if not pile:
            # An empty wing is filled by the player only once the trunk is empty.
            return not state.trunk
        return self._builds and len(pile) < self._cap and pile[-1] == UP[card]

    def legal_moves(self, state: EagleWingState) -> list[EagleWingMove]:
        """Every legal move, each empty wing counted separately."""
        out = []
        sources = [WASTE, TRUNK, *range(WINGS)]
        for source in sources:
            card = self._card_at(state, source)
            if card is None:
                continue
            if self._accepts(state, card, FOUNDATION):
                out.append(EagleWingMove(source, FOUNDATION))
            for target in range(WINGS):
                if target == source:
                    continue
                # Filling a gap: from the waste always; from a wing only where
                # building is allowed; never from the trunk, which cannot
                # coexist with a gap.
                if not state.wings[target] and (
                    source == TRUNK or (source < WINGS and not self._builds)
                ):
                    continue
                if self._accepts(state, card, target):
                    out.append(EagleWingMove(source, target))
        if state.waste_size < len(state.talon):
            out.append(DEAL)
        elif state.waste_size and state.redeals_used < self._redeals:
            out.append(REDEAL)
        return out

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
        """A foundation move that cannot lose a win (see :meth:`_safe_home`)."""
        for source in (WASTE, TRUNK, *range(WINGS)):
            card = self._card_at(state, source)
            if card is not None and self._safe_home(state, card):
                return EagleWingMove(source, FOUNDATION)
        return None

    def _safe_home(self, state: EagleWingState, card: Card) -> bool:
        """Whether ``card`` may go home now, keeping every win (see :func:`.rules.safe_home`)."""
        return safe_home(state, card, self._stacks)

    def apply(self, state: EagleWingState, move: EagleWingMove) -> EagleWingState:
        """Play ``move``; a wing that empties takes the trunk's top card at once."""
        return apply_move(state, move)

    def is_won(self, state: EagleWingState) -> bool:
        """Won when all 52 cards are home."""
        return sum(state.foundations) == 52

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

    def parse_move(self, text: str) -> EagleWingMove:
        """``d``, ``r``, or source then target, such as ``3f``, ``w5``, ``t2``, ``26``."""
        m = MOVE_TEXT.match(text)
        if m is None:
            raise BadMoveError(
                f"bad eagle-wing move {text!r}: expected d, r, or a source (w, t, 0-7) "
                "then a target (f, 0-7), such as 3f or w5"
            )
        if m.group("deal"):
            return DEAL
        if m.group("redeal"):
            return REDEAL
        src, dst = m.group("src").lower(), m.group("dst").lower()
        source = WASTE if src == "w" else TRUNK if src == "t" else int(src)
        target = FOUNDATION if dst == "f" else int(dst)
        if source < WINGS and source == target:
            raise BadMoveError(f"bad eagle-wing move {text!r}: a wing cannot move onto itself")
        return EagleWingMove(source, target)

    def describe(self, state: EagleWingState, move: EagleWingMove) -> str:
        """For example ``9S from wing 2 to foundation; trunk's 4H fills wing 2``."""
        if move.is_deal:
            if state.waste_size >= len(state.talon):
                return "deal (the stock is empty)"
            return f"deal {card_text(state.talon[state.waste_size])}"
        if move.is_redeal:
            return f"redeal (pass {state.redeals_used + 2} of {self._redeals + 1})"
        card = self._card_at(state, move.source)
        if card is None:
            return f"{move} (no card there)"
        where = {WASTE: "waste", TRUNK: "trunk"}.get(move.source, f"wing {move.source}")
        text = f"{card_text(card)} from {where}"
        if move.target == FOUNDATION:
            text += " to foundation"
        elif state.wings[move.target]:
            under = state.wings[move.target][-1]
            text += f" onto {card_text(under)} on wing {move.target}"
        else:
            text += f" to empty wing {move.target}"
        if move.source < WINGS and len(state.wings[move.source]) == 1 and state.trunk:
            fill = state.trunk[-1]
            last = " last card" if len(state.trunk) == 1 else ""
            text += f"; trunk's{last} {card_text(fill)} fills wing {move.source}"
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
            f"trunk: {_count(trunk)}{face}",
            "wings: " + " | ".join(_wing_text(p) for p in state.wings),
            f"waste: {_count(len(state.waste))}, top {cards_text(top) or '-'}",
            f"stock: {_count(len(state.stock))}; redeals used {state.redeals_used} "
            f"of {self._redeals}",
        ]
        return "\n".join(lines)

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

        def cards(field: Field, text: str, place: str) -> list[Card]:
            try:
                out = parse_cards(text)
            except BadCardError as exc:
                raise reader.error(f"{place}: {exc}", field) from None
            for c in out:
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
        trunk = tuple(cards(trunk_field, trunk_field.text, "trunk"))

        wings_field = reader.take("wings")
        parts = [p.strip() for p in wings_field.text.split(",")]
        if len(parts) != WINGS:
            raise reader.error(
                f"expected {WINGS} wings separated by commas, found {len(parts)}", wings_field
            )
        wings = []
        for i, part in enumerate(parts):
            pile = () if part == "-" else tuple(cards(wings_field, part, f"wing {i}"))
            if not pile and trunk:
                raise reader.error(
                    f"wing {i} is empty while the trunk has cards (it would be filled)",
                    wings_field,
                )
            if len(pile) > max(1, self._cap if self._builds else 1):
                raise reader.error(
                    f"wing {i} holds {len(pile)} cards, more than these rules allow",
                    wings_field,
                )
            for below, above in itertools.pairwise(pile):
                if below != UP[above]:
                    raise reader.error(
                        f"wing {i}: {card_text(above)} is not built down in suit on "
                        f"{card_text(below)}",
                        wings_field,
                    )
            wings.append(pile)

        waste_field = reader.take("waste", "")
        waste = tuple(cards(waste_field, waste_field.text, "waste"))
        stock_field = reader.take("stock", "")
        stock = tuple(cards(stock_field, stock_field.text, "stock"))

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
        if len(seen) != 52:
            missing = [card_text(c) for c in range(52) if c not in seen]
            raise reader.error(f"{len(missing)} cards missing: {' '.join(missing)}")
        return EagleWingState(
            base,
            (counts[0], counts[1], counts[2], counts[3]),
            trunk,
            tuple(wings),
            waste + stock,
            len(waste),
            used,
        )

    # -------------------------------------------------------------- solving

    def solve(
        self, state: EagleWingState, limits: Limits, *, shortest: bool = False
    ) -> SolveResult[EagleWingMove]:
        """Any win by the dedicated search below, or a shortest one by A*.

        A* takes the safe foundation moves as forced: by the argument of
        :meth:`_safe_home` they keep a shortest line.
        """
        if shortest:
            return astar(self, state, limits, use_forced=True)
        return _Search(self, state, limits).run()


# ------------------------------------------------------------------ search
#
# The dedicated search works on a compact canonical position, a plain tuple
#   (need, trunk_left, wings, talon, waste_size, redeals_used)
# where ``need`` holds, per suit, the card its foundation takes next (-1 when
# full), ``trunk_left`` how many trunk cards are left (the trunk is always a
# bottom part of the starting trunk), and ``wings`` the non-empty piles in
# sorted order (wings are interchangeable). A pile is built down in suit, so
# its top card and its size say which cards it holds: it is stored as
# ``top * 16 + size``. Moves are named by cards, not wings:
# (kind, card, onto, talon_index). Four reductions keep the verdict:
#
# 1. After every player move the safe foundation moves are made at once, as
#    one step (EagleWing._safe_home argues why each is safe).
#
# 2. The first four parts of a position are its *arrangement*; the last two
#    its *place* in the deal order, the number (redeals used, waste size).
#    The places of one arrangement form a single chain: dealing (and, at the
#    end of the stock, redealing) leads from each place to the next, and
#    changes nothing else. So from an arrangement at one place, every later
#    place of it can be reached with deals alone. The search stores each
#    arrangement with the earliest place it was searched from, and skips the
#    arrangement when it comes again at that place or a later one: anything
#    won from the later place is won from the earlier one by dealing first.
#    A deal that changes nothing but the place is followed only while it has
#    not reached a place an earlier search of the arrangement started from.
#    (Soundness, counting card moves only, deals being free: if the search
#    ends "lost" while some searched position is winnable, take such a
#    position with the fewest card moves to a win. Its first card move, made
#    after some deals, can also be made, without those deals or after fewer
#    of them, from the position itself (moves away from the waste do not
#    depend on the place), giving a child that is winnable in one card move
#    fewer, as is its closure; the child was searched or skipped for an
#    earlier-placed copy of its arrangement, winnable in as few card moves:
#    a contradiction. When deals are moves, the chain of deals from the
#    earliest place is searched up to where an earlier search of the same
#    arrangement began, so the place where that card move is made was
#    searched too, or its closure, which has a card move fewer.)
#
# 3. With building on, dealing is not a move of its own: a move may take any
#    talon card, with the deals (and the redeal) that bring it to the top of
#    the waste, as the earliest place from which it is on top. By 2 a later
#    place would reach nothing more. (Without building the talon's only
#    non-safe use is parking on an empty wing, and plain deal moves were
#    measured faster.)
#
# 4. A position is skipped when the same position with a wanted card taken
#    home from the talon (and its safe moves made) was reached at the same
#    place or earlier: by the argument of EagleWing._safe_home, which holds
#    wherever that card lies, that one wins in fewer card moves whenever this
#    one wins, so the contradiction of 2 goes through.

_HOME, _ONTO, _GAP, _DEAL_K, _REDEAL_K = range(5)
_NEVER = 1 << 30
"""A place later than any in the deal order."""
_PLACE = 64
"""Places are ``redeals_used * _PLACE + waste_size``; a talon holds fewer cards."""

_Pos = tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...], int, int]
_CardMove = tuple[int, int, int, int]
"""(kind, card, card it goes onto or -1, the card's index in the talon or -1)."""


class _Search:
    """Depth-first search over canonical positions (see the comment above)."""

    def __init__(self, game: EagleWing, start: EagleWingState, limits: Limits) -> None:
        self.game = game
        self.start = start
        self.limits = limits
        self.trunk = start.trunk
        rules = game.rules
        self.builds = rules.builds
        self.cap = rules.wing_capacity if rules.builds else 1
        self.stacks = self.builds and self.cap > 1
        self.macro = self.builds
        self.redeals = rules.redeals
        self.base = start.base
        # The card after c on its foundation, -1 after the suit's last card.
        self.after = tuple(-1 if (c % 13 + 1) % 13 == start.base else UP[c] for c in range(52))
        # With building, a base card may still have its suit's last card built
        # on it, so it is not sent home unasked.
        self.unsafe_rank = self.base if self.stacks else -1

    def position(self, state: EagleWingState) -> _Pos:
        """The canonical position of a game state."""
        need = tuple(-1 if (n := state.next_needed(s)) is None else n for s in range(4))
        return (
            need,
            len(state.trunk),
            tuple(sorted((p[-1] << 4) + len(p) for p in state.wings if p)),
            state.talon,
            state.waste_size,
            state.redeals_used,
        )

    def run(self) -> SolveResult[EagleWingMove]:
        """Search from the start; a won line is turned into game moves."""
        t0 = time.perf_counter()
        limits = self.limits
        deadline = None if limits.timeout is None else t0 + limits.timeout
        max_states = limits.max_states
        max_table = limits.max_table
        root = self.close(self.position(self.start), None)
        seen: dict[tuple[object, ...], int] = {root[:4]: root[5] * _PLACE + root[4]}
        expanded = 0
        max_depth = 0
        path: list[_CardMove] = []
        positions = [root]
        stops = [_NEVER]  # where the chain of deals from each searched position stops

        def finish(status: Status, limit: Limit | None = None) -> SolveResult[EagleWingMove]:
            moves = self.game_moves(path) if status is Status.WON else ()
            stats = SearchStats(expanded, len(seen), max_depth, time.perf_counter() - t0)
            return SolveResult(status, tuple(moves), stats, limit)

        if root[0] == _ALL_HOME:
            return finish(Status.WON)
        expanded = 1
        stack: list[Iterator[_CardMove]] = [iter(self.children(root))]
        play = self.play
        close = self.close
        children = self.children
        get = seen.get

        def dominated(pos: _Pos) -> bool:
            # The same position with a card the foundations want taken home from
            # the talon (and its safe moves made) wins in fewer card moves
            # whenever this one wins (the argument of EagleWing._safe_home, in
            # which c may be anywhere), so this one is not searched if that
            # one was reached at the same place or earlier.
            need, tl, wings, talon, ws, red = pos
            for c in need:
                if c < 0 or c % 13 == unsafe or c not in talon:
                    continue
                i = talon.index(c)
                n = list(need)
                n[c // 13] = after[c]
                other = close(
                    (
                        (n[0], n[1], n[2], n[3]),
                        tl,
                        wings,
                        talon[:i] + talon[i + 1 :],
                        ws - 1 if i < ws else ws,
                        red,
                    ),
                    None,
                )
                old = get(other[:4])
                if old is not None and old <= other[5] * _PLACE + other[4]:
                    return True
            return False

        unsafe = self.unsafe_rank
        after = self.after
        while stack:
            pos = positions[-1]
            for mv in stack[-1]:
                child = close(play(pos, mv), None)
                arrangement = child[:4]
                place = child[5] * _PLACE + child[4]
                if mv[0] >= _DEAL_K and arrangement == pos[:4]:
                    # Only the place changed: the next place on the chain.
                    stop = stops[-1]
                    if place >= stop:
                        continue
                else:
                    old = get(arrangement)
                    if old is not None and old <= place:
                        continue
                    if old is None:
                        if max_table is not None and len(seen) >= max_table:
                            return finish(Status.UNKNOWN, Limit.TABLE)
                        stop = _NEVER
                    else:
                        stop = old
                    seen[arrangement] = place
                    if dominated(child):
                        continue
                path.append(mv)
                if child[0] == _ALL_HOME:
                    return finish(Status.WON)
                expanded += 1
                if deadline is not None and expanded % 1024 == 0 and time.perf_counter() > deadline:
                    return finish(Status.UNKNOWN, Limit.TIME)
                if max_states is not None and expanded > max_states:
                    expanded -= 1
                    return finish(Status.UNKNOWN, Limit.STATES)
                positions.append(child)
                stops.append(stop)
                stack.append(iter(children(child)))
                if len(path) > max_depth:
                    max_depth = len(path)
                break
            else:
                stack.pop()
                positions.pop()
                stops.pop()
                if path:
                    path.pop()
        return finish(Status.LOST)

    def children(self, pos: _Pos) -> list[_CardMove]:
        """The player's moves in a closed position, the most promising first."""
        need, tl, wings, talon, ws, red = pos
        out: list[_CardMove] = []
        later: list[_CardMove] = []
        trunk_card = self.trunk[0] if tl == 1 else -1
        gap = tl == 0 and len(wings) < WINGS
        # Closed: a card that can still go home is a base card under building.
        if trunk_card >= 0 and need[trunk_card // 13] == trunk_card:
            out.append((_HOME, trunk_card, -1, -1))
        room: set[int] = set()
        if self.stacks:
            cap = self.cap
            for p in wings:
                c = p >> 4
                if need[c // 13] == c:
                    out.append((_HOME, c, -1, -1))
                if p & 15 < cap:
                    room.add(c)
            if trunk_card >= 0 and UP[trunk_card] in room:
                out.append((_ONTO, trunk_card, UP[trunk_card], -1))
            for p in wings:
                c = p >> 4
                if UP[c] in room:
                    out.append((_ONTO, c, UP[c], -1))
                if gap and p & 15 > 1:
                    later.append((_GAP, c, -1, -1))
        if not self.macro:
            # Without building the waste's top can only be parked.
            if ws and gap:
                out.append((_GAP, talon[ws - 1], -1, ws - 1))
            if ws < len(talon):
                out.append((_DEAL_K, -1, -1, -1))
            elif ws and red < self.redeals:
                out.append((_REDEAL_K, -1, -1, -1))
            return out
        # Talon cards, nearest first: this pass from the waste's top on, then
        # (when a redeal is left) the cards before the top.
        first = ws - 1 if ws else 0
        order = range(first, len(talon))
        if red < self.redeals and first:
            order = [*order, *range(first)]  # type: ignore[assignment]
        for i in order:
            c = talon[i]
            if need[c // 13] == c:
                out.append((_HOME, c, -1, i))
            if UP[c] in room:
                out.append((_ONTO, c, UP[c], i))
            if gap:
                later.append((_GAP, c, -1, i))
        out.extend(later)
        return out

    def play(self, pos: _Pos, mv: _CardMove) -> _Pos:
        """One card move on a canonical position (automatic fill included)."""
        need, tl, wings, talon, ws, red = pos
        kind, c, onto, ti = mv
        if kind == _DEAL_K:
            return (need, tl, wings, talon, ws + 1, red)
        if kind == _REDEAL_K:
            return (need, tl, wings, talon, 0, red + 1)
        piles = list(wings)
        if ti >= 0:
            # Deal (and redeal when the card is behind the waste's top) until c
            # is on top of the waste, then take it.
            if ti < ws - 1:
                red += 1
            talon = talon[:ti] + talon[ti + 1 :]
            ws = ti
        elif tl == 1 and self.trunk[0] == c:
            tl = 0
        else:
            for i, p in enumerate(piles):
                if p >> 4 == c:
                    if p & 15 > 1:
                        # The card under c is the one above it in its suit.
                        piles[i] = (UP[c] << 4) + (p & 15) - 1
                    elif tl:
                        tl -= 1
                        piles[i] = (self.trunk[tl] << 4) + 1
                    else:
                        del piles[i]
                    break
        if kind == _HOME:
            n = list(need)
            n[c // 13] = self.after[c]
            need = (n[0], n[1], n[2], n[3])
        elif kind == _ONTO:
            for i, p in enumerate(piles):
                if p >> 4 == onto:
                    piles[i] = (c << 4) + (p & 15) + 1
                    break
        else:
            piles.append((c << 4) + 1)
        piles.sort()
        return (need, tl, tuple(piles), talon, ws, red)

    def close(self, pos: _Pos, record: list[_CardMove] | None) -> _Pos:
        """Make safe foundation moves until none is left (see ``EagleWing._safe_home``)."""
        while True:
            mv = self.safe_move(pos)
            if mv is None:
                return pos
            if record is not None:
                record.append(mv)
            pos = self.play(pos, mv)

    def safe_move(self, pos: _Pos) -> _CardMove | None:
        """A safe foundation move of the waste's top, the trunk's last or a wing's top."""
        need, tl, wings, talon, ws, _red = pos
        unsafe = self.unsafe_rank
        if ws:
            c = talon[ws - 1]
            if need[c // 13] == c and c % 13 != unsafe:
                return (_HOME, c, -1, ws - 1)
        if tl == 1:
            c = self.trunk[0]
            if need[c // 13] == c and c % 13 != unsafe:
                return (_HOME, c, -1, -1)
        for p in wings:
            c = p >> 4
            if need[c // 13] == c and c % 13 != unsafe:
                return (_HOME, c, -1, -1)
        return None

    # -- from card moves back to game moves

    def game_moves(self, path: list[_CardMove]) -> list[EagleWingMove]:
        """Replay ``path`` with its safe moves, deals and redeals as game moves."""
        out: list[EagleWingMove] = []
        game = self.game
        state = self.start
        pos = self.position(state)
        card_moves: list[_CardMove] = []
        pos = self.close(pos, card_moves)
        for mv in path:
            card_moves.append(mv)
            pos = self.close(self.play(pos, mv), card_moves)
        for mv in card_moves:
            for move in self._game_moves(state, mv):
                out.append(move)
                state = game.apply(state, move)
        return out

    def _game_moves(self, state: EagleWingState, mv: _CardMove) -> list[EagleWingMove]:
        kind, c, onto, ti = mv
        if kind == _DEAL_K:
            return [DEAL]
        if kind == _REDEAL_K:
            return [REDEAL]
        out = []
        if ti >= 0:
            ws, n = state.waste_size, len(state.talon)
            if ti < ws - 1:
                out.extend([DEAL] * (n - ws))
                out.append(REDEAL)
                ws = 0
            out.extend([DEAL] * (ti + 1 - ws))
            source = WASTE
        elif len(state.trunk) == 1 and state.trunk[0] == c:
            source = TRUNK
        else:
            source = next(i for i, p in enumerate(state.wings) if p and p[-1] == c)
        if kind == _HOME:
            target = FOUNDATION
        elif kind == _ONTO:
            target = next(i for i, p in enumerate(state.wings) if p and p[-1] == onto)
        else:
            target = next(i for i, p in enumerate(state.wings) if not p)
        out.append(EagleWingMove(source, target))
        return out


_ALL_HOME = (-1, -1, -1, -1)


PRESETS = (
    Preset(
        "eagle-wing",
        EagleWing,
        EagleWingRules(),
        "Eagle Wing as in the seed: wing cards only go to the foundations, two redeals",
    ),
    Preset(
        "eagle-wing-coops",
        EagleWing,
        EagleWingRules(wing_capacity=3, building=DOWN_IN_SUIT),
        "PySolFC's Eagle Wing (game 112): build down in suit on the wings, 3 cards at most",
    ),
)
