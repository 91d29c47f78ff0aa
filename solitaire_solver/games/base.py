"""What every game module provides, and the knobs that make up its rules.

A game is one class per module or package (``games/black_hole.py``,
``games/windmill/`` and so on). Its variants are values of its rules class,
never subclasses: a preset is a name bound to one rules value and a solver
plan, which holds the default limits a solve of it works under when the
caller sets none beside the members they bound. The
class implements the search engine's protocol (moves, apply, won, key and the
optional hooks), names its solver as a composition of the engine's
strategies and its own exact plug-ins (:meth:`Game.strategy`), and adds what
people need: dealing from a deal number, a move notation that parses back, a
description of each move, a picture of a position and the labelled lines of
a position file.
"""

from __future__ import annotations

import random
from abc import ABC, ABCMeta, abstractmethod
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import attrs

from ..cards import CARD_IN_TEXT, Card, card_text
from ..errors import BadOptionError, HiddenCardsError, IllegalMoveError
from ..numbering import DealNumber
from ..search import (
    Budget,
    Factory,
    Limits,
    LineWanted,
    Memo,
    Plan,
    PlanMember,
    ProblemDefaults,
    Run,
    SolveResult,
    Status,
    Strategy,
    Watcher,
    best_first,
    compose,
    compose_shortest,
    dfs,
    solve,
)
from ..search.plan import plan_digest
from .scene import MovePlaces, Scene

if TYPE_CHECKING:
    # Only for annotations: the request sits above the games, which receive it.
    from ..request import SolveRequest

from .fields import FieldReader
from .knobs import apply_overrides, rules_items, rules_text
from .seen import Seen

_DECK = frozenset(range(52))
"""Every card of one deck (:data:`~solitaire_solver.cards.Card` values)."""

S = TypeVar("S")
M = TypeVar("M")

# ---------------------------------------------------------------- games

_STATE_CLASSES: dict[type, type] = {}
"""The class of each game's positions, found once (:meth:`Game.check_position`)."""

DEPTH_FIRST_PLAN = Plan((PlanMember("depth-first"),))
"""The plan of a game that names no other: the engine's depth-first search alone, and A*
for a shorter line (the default shortest section)."""


class _BuiltWhole(ABCMeta):
    """The class of a game class: a game's attributes are fixed once its ``__init__`` (its
    class's, which runs the base's first) returns (:meth:`Game.__setattr__`)."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        game = super().__call__(*args, **kwargs)
        object.__setattr__(game, "_built", True)
        return game


class Game(ProblemDefaults, ABC, Generic[S, M], metaclass=_BuiltWhole):
    """Base class of the game modules.

    Subclasses set :attr:`name` and :attr:`rules_type`, and implement the
    abstract methods. :meth:`moves` may leave out moves that the search does
    not need (a game must argue why in a comment); :meth:`legal_moves` must
    list every legal move, for replaying a line a person typed.
    """

    name: ClassVar[str]
    """The game's name, such as ``"decade"``."""
    rules_type: ClassVar[type]
    """The attrs class of this game's rules (its knobs)."""
    default_plan: ClassVar[Plan] = DEPTH_FIRST_PLAN
    """The game's solver as data (:class:`~solitaire_solver.search.Plan`), when its preset
    names none."""

    def __init__(self, rules: Any, preset: Preset | None = None, plan: Plan | None = None) -> None:
        if not isinstance(rules, self.rules_type):
            raise TypeError(f"{self.name} needs {self.rules_type.__name__}, not {rules!r}")
        if preset is not None and not isinstance(self, preset.game):
            raise TypeError(f"preset {preset.name!r} is not a preset of {self.name}")
        self.rules = rules
        self.preset = self.name if preset is None else preset.name
        """The name of the preset the game was made from (its game's name without one)."""
        self.preset_rules: Any = rules if preset is None else preset.rules
        """The preset's own rules, which :meth:`changed_rules` compares with (a game built
        without a preset has its own)."""
        self.preset_plan: Plan = self.default_plan if preset is None else preset.solver_plan
        """The preset's own plan, which :attr:`plan_digest` compares with."""
        self.plan: Plan = self.preset_plan if plan is None else plan
        """The solver's plan: the members :meth:`strategy` composes, with their numbers and
        the default limits (the preset's own, or another given: :meth:`with_plan`)."""
        self._origin = preset

    def __setattr__(self, name: str, value: Any) -> None:
        # A game is built whole and never changed after (a new plan makes a new game:
        # with_plan): requests, stores and caches read a game's rules and plan as fixed.
        if getattr(self, "_built", False):
            raise AttributeError(
                f"{type(self).__name__} is built whole: cannot set {name!r} after construction"
            )
        super().__setattr__(name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is built whole: cannot delete {name!r}")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rules!r})"

    @property
    def fingerprint(self) -> str:
        """Game name and every knob: equal exactly when two games play alike."""
        return f"{self.name} {rules_text(self.rules)}"

    def changed_rules(self) -> list[tuple[str, str]]:
        """The knobs that differ from the preset's, as ``(name, text)`` pairs."""
        base = dict(rules_items(self.preset_rules))
        return [(name, text) for name, text in rules_items(self.rules) if base[name] != text]

    def allows_at_most(self, looser: Any) -> bool:
        """Whether every line legal under this game's rules is legal under ``looser``.

        ``looser`` are rules of the same game. The line must also start from
        the same deal and end in the same position, so that a win here is a
        win under ``looser`` and a loss there is a loss here. By default only
        equal rules are ordered; a game whose knobs only add moves says which
        (each in its ``order`` module, with the argument).
        """
        return bool(self.rules == looser)

    # -- dealing and the search protocol

    def check_position(self, position: object, what: str = "position") -> None:
        """Raise :class:`BadOptionError` when ``position`` is not a position of this game
        (of the class its deals are): what the library's functions check of a position a
        caller hands them, before they look inside it."""
        kind = _STATE_CLASSES.get(type(self))
        if kind is None:
            # Games say nothing of their state class; the position a deal starts from is
            # one, and dealing costs well under a millisecond.
            kind = _STATE_CLASSES[type(self)] = type(self.deal(DealNumber(1, True)))
        if not isinstance(position, kind):
            shown = repr(position) if len(repr(position)) <= 40 else type(position).__name__
            raise BadOptionError(f"{what}: {shown} is not a {self.preset} position")

    @abstractmethod
    def deal(self, number: DealNumber) -> S:
        """The position at the start of play for a deal number."""

    @abstractmethod
    def moves(self, state: S) -> Iterable[M]:
        """The moves the search tries, the most promising first."""

    @abstractmethod
    def apply(self, state: S, move: M) -> S:
        """The state after ``move`` (with any automatic effects)."""

    @abstractmethod
    def is_won(self, state: S) -> bool:
        """Whether every card is home."""

    @abstractmethod
    def cards_left(self, state: S) -> int:
        """How many cards are still in play: not yet on a foundation, discarded or home."""

    @abstractmethod
    def key(self, state: S) -> Hashable:
        """The canonical transposition key of ``state``."""

    def legal_moves(self, state: S) -> list[M]:
        """Every legal move in ``state``."""
        return list(self.moves(state))

    # -- moves for people

    notation: ClassVar[str] = ""
    """The game's move notation in a line, for ``games``: each kind of move with an example
    (every kind any rules of the game can produce; see :meth:`notation_for`)."""

    @classmethod
    def notation_for(cls, rules: Any) -> str:
        """The move notation of the game under ``rules``: only the kinds of move those rules
        can produce (no redeal where there is none, say). By default :attr:`notation`."""
        return cls.notation

    move_type: ClassVar[Any]
    """The game's move type. Its ``parse(text)`` reads a move from the notation and
    ``str(move)`` writes it back, so ``move_type.parse(str(m)) == m`` for every move."""

    def parse_move(self, text: str) -> M:
        """A move from its notation; :class:`BadMoveError` when it does not parse."""
        move: M = self.move_type.parse(text)
        return move

    @abstractmethod
    def describe(self, state: S, move: M) -> str:
        """A sentence for people about ``move`` played in ``state``.

        ``state`` may be masked (:meth:`seen`): a card that is
        :data:`~solitaire_solver.cards.HIDDEN` is worded as face down, never
        printed (see :meth:`describe_seen`).
        """

    @abstractmethod
    def show(self, state: S) -> str:
        """A picture of a position in text, one or more lines (of a masked position too,
        its face-down cards not named)."""

    def scene(self, state: S) -> Scene:
        """How a page draws ``state``: named piles at fixed places, and the facts in view.

        A game lays itself out here (beside its rules, so that a page holds
        no game of its own); by default a position is drawn as the text of
        :meth:`show`.
        """
        return Scene(text=self.show(state))

    def move_places(self, state: S, move: M) -> MovePlaces | None:
        """Where ``move`` starts and ends on :meth:`scene`, for a page that makes moves by
        clicks; by default ``None`` (a game with no layout: its moves are made from the list
        of moves)."""
        return None

    def is_legal(self, state: S, move: M) -> bool:
        """Whether ``move`` may be played in ``state``.

        By default, whether it is one of :meth:`legal_moves`; a game whose
        moves are many may answer for one move without listing them all
        (replaying a million stored lines asks this for every move).
        """
        return move in self.legal_moves(state)

    def play(self, state: S, move: M) -> S:
        """``apply`` after checking that ``move`` is legal; :class:`IllegalMoveError` if not."""
        if not self.is_legal(state, move):
            raise IllegalMoveError(f"illegal move {move}: not allowed in this position")
        return self.apply(state, move)

    # -- moves a table plays for the player

    def goes_home(self, state: S, move: M) -> bool:
        """Whether ``move`` takes a card that is still in play to where the game's cards end
        (a foundation, the hole, the discards): the move a double-click on a card asks for.
        By default no move does (a game with no foundation to speak of)."""
        return False

    def auto_moves(self, state: S) -> list[M]:
        """The moves home a table may play for the player from ``state``, in turn: none of
        them can turn a won position into a lost one.

        Each is found in the position the one before leaves. First the
        game's :meth:`forced_move`, when it goes home (:meth:`goes_home`): a
        game that has one argues in it that the move keeps every win, as
        Eagle Wing's safe moves home do. Else the only legal move, when
        there is just one and it goes home: every winning line starts with
        it, so it keeps every win too. The list ends at the first position
        with neither. Each move takes a card home, so the list is never
        longer than the cards in play; a move that does not (a game's
        mistake) ends it rather than risk going round in a circle.
        """
        out: list[M] = []
        while not self.is_won(state):
            move = self.forced_move(state)
            if move is None or not self.goes_home(state, move) or not self.is_legal(state, move):
                legal = self.legal_moves(state)
                move = legal[0] if len(legal) == 1 and self.goes_home(state, legal[0]) else None
            if move is None:
                break
            after = self.apply(state, move)
            if self.cards_left(after) >= self.cards_left(state):
                break
            out.append(move)
            state = after
        return out

    # -- what a player sees

    decks: ClassVar[int] = 1
    """How many 52-card decks the game plays with."""

    face_down: ClassVar[bool] = False
    """Whether some of the game's cards are ever face down (see :meth:`seen`)."""

    blind_moves: ClassVar[bool] = False
    """Whether every move of the game is blind to the face-down cards: where each card goes,
    and which places are face down afterwards, follow from where the cards lie and from the
    face-up cards, never from a face-down card (no move looks at one to decide what
    happens). A game sets this with its argument; :meth:`shown_places` relies on it."""

    memo_spans_deals: ClassVar[bool] = False
    """Whether one :class:`~solitaire_solver.search.Memo` may serve solves of positions with
    nothing hidden that come from *different* deals (other arrangements of the same unseen
    cards), as the exact fair values' searches are
    (:func:`~solitaire_solver.advice.fair.exact_values`).
    A memo's keys need only mean the same within one deal (:meth:`solve`); a game sets this
    when, for positions with every card seen, its strategy's keys name the position alone."""

    def seen(self, state: S) -> Seen[S]:
        """What a player sees of ``state`` (:class:`Seen`).

        :meth:`mask` replaces every face-down card by
        :data:`~solitaire_solver.cards.HIDDEN`, and the unseen cards are the
        decks less every card the position shows (:meth:`visible_cards`). So
        a position read from a file with hidden cards (``??``) is seen the
        same way as one reached in play. A player remembers what the game
        has shown: a card turned face up once (dealt onto a waste, say) is
        seen for good, even after it is turned face down again with the
        waste.
        """
        if not self.face_down:
            return Seen(state)
        masked = self.mask(state)
        shown = self.visible_cards(masked)
        if self.decks == 1:
            # One deck, the common case (the fair values ask this of every
            # arrangement they weigh): a set does what the multiset does.
            seen_once = set(shown)
            if len(seen_once) != len(shown):
                raise ValueError(f"{self.name}: a card shows more often than the decks hold it")
            return Seen(masked, tuple(Card(c) for c in range(52) if c not in seen_once))
        counts = Counter(shown)
        if not counts.keys() <= _DECK or max(counts.values(), default=0) > self.decks:
            raise ValueError(f"{self.name}: a card shows more often than the decks hold it")
        unseen: list[Card] = []
        for c in map(Card, range(52)):
            left = self.decks - counts[c]
            if left:
                unseen += [c] * left
        return Seen(masked, tuple(unseen))

    def describe_seen(self, seen: Seen[S], move: M) -> str:
        """The words of ``move`` for a player who sees only ``seen``.

        :meth:`describe` of the masked position: a face-down card is worded
        as face down (``deal a face-down card``), never by name. Callers
        describe what a player sees with this, never by filling the hidden
        places (:meth:`fill`), so the words cannot name a card the player
        lacks.
        """
        return self.describe(seen.state, move)

    def describe_played(self, state: S, move: M) -> str:
        """The words of ``move``, played from ``state``, for a player who watched it played.

        A move shows what it turns face up (the card dealt, the trunk's card
        that fills a wing), so once it is played its full words
        (:meth:`describe`) are the player's to read: they are given when
        every card they name is one the player has seen, before the move or
        after it (with two decks: some copy of it). Otherwise the words are
        those of :meth:`describe_seen`, which name no face-down card.
        """
        words = self.describe(state, move)
        if not self.face_down:
            return words
        after = self.apply(state, move)
        seen_cards = {card_text(c) for c in self.visible_cards(self.mask(after))}
        seen_cards.update(card_text(c) for c in self.visible_cards(self.mask(state)))
        if all(m.group(0) in seen_cards for m in CARD_IN_TEXT.finditer(words)):
            return words
        return self.describe_seen(self.seen(state), move)

    def show_seen(self, seen: Seen[S]) -> str:
        """The text picture of ``seen`` (:meth:`show` of the masked position)."""
        return self.show(seen.state)

    def scene_seen(self, seen: Seen[S]) -> Scene:
        """How a page draws ``seen`` (:meth:`scene` of the masked position): face-down cards
        as backs."""
        return self.scene(seen.state)

    def scene_shown(self, state: S) -> Scene:
        """How a page draws ``state`` with its face-down cards turned face up: the end of a
        game, when the player sees what lay hidden. By default :meth:`scene`: a game whose
        every face-down card is dealt before its end (a stock) has none left then; a game
        whose face-down cards can outlast the game (Eagle Wing's trunk) lays them out."""
        return self.scene(state)

    def shown_places(self, seen: Seen[S], move: M) -> tuple[int, ...] | None:
        """The hidden places of ``seen`` that ``move`` shows, as indices into the cards of
        :meth:`fill`, when what a player sees after ``move`` depends on the cards at those
        places alone, whatever the order of the unseen cards; ``None`` when the game cannot
        say (every order is then worked out).

        With :attr:`blind_moves` and no two unseen cards alike it is found
        by playing ``move`` once: fill the places with the unseen cards, and
        the places of those the position after it shows are the ones.
        Why that holds for every order: a blind move takes each card to a
        place fixed by where it lies and by the face-up cards, and leaves
        face down a set of places fixed the same way; so with any other
        order the same places end face up, holding that order's cards
        there, and the unseen cards after the move are the unseen ones less
        those. (A test compares the outcomes with every order's, along real
        games.)
        """
        unseen = seen.unseen
        if not self.blind_moves or len(set(unseen)) != len(unseen):
            return None
        after = self.apply(self.fill(seen.state, unseen), move)
        shown = set(self.visible_cards(self.mask(after)))
        return tuple(i for i, c in enumerate(unseen) if c in shown)

    def mask(self, state: S) -> S:
        """``state`` with :data:`~solitaire_solver.cards.HIDDEN` in place of every face-down
        card; by default every card is face up."""
        return state

    def visible_cards(self, state: S) -> list[Card]:
        """Every card a position shows, foundations and discards included (hidden ones not)."""
        raise NotImplementedError(f"{self.name} does not list its visible cards")

    def fair_move(self, seen: Seen[S]) -> M | None:
        """A move at least as good as any other for a player who sees only ``seen``, when the
        game can name one (it argues why), else ``None``; by default ``None``."""
        return None

    def fair_values(self, seen: Seen[S], max_nodes: int) -> list[Fraction] | None:
        """The exact fair value after each legal move of ``seen`` (in the order of
        :meth:`legal_moves`), when the game has an exact method of its own that reaches it
        within ``max_nodes`` positions, else ``None`` (the fair hint then uses its general
        methods); by default ``None``. The hint asks it with at most the plan's
        ``fair.own_hidden`` cards hidden, ``max_nodes`` its ``fair.own_nodes``."""
        return None

    bound_potentials: ClassVar[tuple[str, ...]] = ()
    """The names of the game's own potentials for the upper bound on the fair odds, besides
    those every game has (:mod:`~solitaire_solver.advice.bounds`)."""

    def bound_potential(
        self, name: str, exact_hidden: int, max_nodes: int | None = None
    ) -> Any | None:
        """The game's own potential ``name`` (one of :attr:`bound_potentials`) for the upper
        bound on the fair odds, exact with at most ``exact_hidden`` cards hidden: an object
        of the protocol :class:`~solitaire_solver.advice.bounds.Potential`, or ``None`` when
        the game has none by that name (the general ones then serve); by default ``None``.
        Each exact value it works out expands at most ``max_nodes`` states (no cap:
        ``None``), and raises :class:`~.seen.Unsettled` beyond."""
        return None

    def bound_default(self) -> tuple[str, int]:
        """The potential (by name) and the ``exact_hidden`` of the upper bound on the fair
        odds when the caller names none; by default ``none``, the rate with full sight.

        The general ``exact`` (the exact fair value of the last cards to turn
        up) is sound everywhere but costs a search of every line of a deal
        with full sight, the losing ones too, which in Eagle Wing and Windmill
        is out of reach for most deals; and in the deals it finishes, some
        line there reaches a position won whatever the last cards are, so it
        gives the rate with full sight anyway
        (``docs/design/fair-bounds.md``). A game with a cheaper W names it."""
        return "none", self.plan.fair.exact_hidden

    def greedy_order(self, state: S, moves: list[M]) -> list[M]:
        """The greedy player's order of ``moves``, the legal moves of ``state``: it plays the
        first. ``state`` is what the player sees (:meth:`seen`), and the order must not
        look at a hidden card. By default ``moves`` as they are, in the order of
        :meth:`legal_moves`."""
        return moves

    def has_hidden(self, state: S) -> bool:
        """Whether some card of ``state`` is :data:`~solitaire_solver.cards.HIDDEN` (a position
        from a file that hides cards): the exact solver needs every card."""
        return False

    def fill(self, state: S, cards: Sequence[Card]) -> S:
        """``state`` (a :meth:`seen` one) with its hidden places filled by ``cards`` in turn.

        The places are taken in an order of the game's choosing, the same
        every time. A game with no face-down cards has nothing to fill.
        """
        if cards:
            raise ValueError(f"{self.name} has no face-down cards to fill")
        return state

    def determinise(self, seen: Seen[S], rng: random.Random) -> S:
        """A position consistent with ``seen``: its unseen cards dealt at random into the
        hidden places, every arrangement equally likely."""
        cards = list(seen.unseen)
        rng.shuffle(cards)
        return self.fill(seen.state, cards)

    # -- position files

    def position_fields(self, state: S) -> list[tuple[str, str]]:
        """The labelled lines of a position file for ``state``, in file order."""
        raise NotImplementedError(f"{self.name} has no position file format yet")

    def parse_position(self, reader: FieldReader) -> S:
        """The position described by a file's labelled lines; errors via ``reader.error``."""
        raise NotImplementedError(f"{self.name} has no position file format yet")

    # -- solving

    @property
    def default_limits(self) -> Limits:
        """The plan's limits for these rules (:meth:`~solitaire_solver.search.Plan.limits_for`):
        those a solve works under when the caller sets none, as a request resolves them
        (:func:`~solitaire_solver.request.resolve_limits`)."""
        return self.plan.limits_for(self.rules)

    @property
    def plan_digest(self) -> str | None:
        """A short digest of the plan when it is not the preset's own (``None`` when it is):
        what keeps apart, in a store, the results of a run under another plan."""
        digest = plan_digest(self.plan)
        return None if digest == plan_digest(self.preset_plan) else digest

    def with_plan(self, plan: Plan) -> Game[S, M]:
        """A new game, with these rules from the same preset, and another solver plan, for
        experiments: a member left out, a weight or a cap changed
        (``game.with_plan(game.plan.with_member("restarts", weight=0))``). The plan's members
        must be ones the game makes; this game is left as it is."""
        return type(self)(self.rules, self._origin, plan)

    def factories(self, start: S, *, memo: Memo | None = None) -> dict[str, Factory]:
        """The members a plan of this game may name, made for ``start``, by name (see
        :func:`~solitaire_solver.search.compose`); by default the depth-first search, and
        for a shortest solve A* (``a-star``: its line is a shortest one with the game's
        admissible heuristic)."""

        def depth_first() -> Strategy:
            def any_line(budget: Budget) -> Run:
                return dfs(self, start, budget, memo=memo)

            return any_line

        def a_star() -> Strategy:
            def shortest_line(budget: Budget) -> Run:
                return best_first(self, start, budget, proves_shortest=True)

            return shortest_line

        return {"depth-first": depth_first, "a-star": a_star}

    def strategy(self, start: S, *, memo: Memo | None = None) -> Strategy:
        """The game's solver for ``start``: its plan composed from :meth:`factories`.

        Games compose their own from :mod:`solitaire_solver.search` and
        their exact plug-ins; whatever wins must replay with :meth:`play`. A
        shortest solve runs this first, then the plan's shortest section
        (:meth:`solve`).

        ``memo`` (:class:`~solitaire_solver.search.Memo`) carries the keys
        proved lost by earlier solves of positions of the same deal to the
        depth-first searches of this one, and takes theirs (the analysis of
        every move of a position shares one). A game passes it only to
        searches whose keys mean the same from every start of the deal, and
        ignores it elsewhere; it never changes a verdict.
        """
        return compose(self.plan, self.factories(start, memo=memo))

    def solve(
        self,
        state: S,
        request: SolveRequest,
        *,
        memo: Memo | None = None,
        watch: Watcher | None = None,
        verdict_only: bool = False,
        first_move_only: bool = False,
    ) -> SolveResult[M]:
        """Solve ``state`` with the game's :meth:`strategy` as ``request`` asks.

        ``request`` is a :class:`~solitaire_solver.request.SolveRequest` of
        this game (as the library's front door, the command line and the
        players build it: ``SolveRequest.of(game)`` for the preset's
        defaults), whose limits and ``shortest`` apply as they were resolved
        there; the game resolves nothing itself.

        With the request's ``shortest`` the line is a shortest one when the result says
        so (:attr:`SolveResult.shortest`). The ordinary solver finds a line
        first, then the plan's shortest section looks for a shorter one
        (:func:`~solitaire_solver.search.compose_shortest`), so that a limit
        that stops the second leaves the line of the first, marked not
        shortest, with the limit named in the result (a game whose every win
        is a shortest one says so in the section, and its line is marked
        shortest at once). The limits
        cover the whole solve; with none given, the default limits do, and
        the search for a shorter line may expand at most the request's
        ``shortest_states`` after the line. ``memo`` shares what
        earlier solves of the same deal proved lost (see :meth:`strategy`);
        ``watch`` is told of the progress (see
        :class:`~solitaire_solver.search.Budget`). With ``verdict_only`` a won
        result may carry no line: a compact model's line is not turned into
        the game's moves (for callers that read the status alone, such as
        the fair values' many small solves; a shortest solve keeps its
        line). With ``first_move_only`` a won result may carry the first move
        of its line alone (the fair hint's samples read no more). A position
        with hidden cards (from a file with ``??``) raises
        :class:`~solitaire_solver.errors.HiddenCardsError`: an exact solve
        needs every card.
        """
        if self.has_hidden(state):
            hidden = self.seen(state).hidden
            raise HiddenCardsError(
                f"the position hides {hidden} card{'s' if hidden != 1 else ''} (??): an exact "
                "solve needs every card; a fair hint (hint --fair) gives each move's chance"
            )
        if isinstance(request, Limits) or not hasattr(request, "by_default"):
            raise TypeError("Game.solve takes a SolveRequest (SolveRequest.of(game, limits))")
        shortest = request.shortest
        # A shortest solve bounds its second search by the first line.
        wanted: LineWanted = "whole"
        if not shortest and verdict_only:
            wanted = "none"
        elif not shortest and first_move_only:
            wanted = "first"
        strategy = self.strategy(state, memo=memo)
        if shortest:
            factories = self.factories(state, memo=memo)
            more = request.shortest_states
            strategy = compose_shortest(self.plan, factories, strategy, more=more)
        result: SolveResult[M] = solve(
            strategy,
            request.limits,
            default=request.by_default,
            watch=watch,
            wants_line=wanted,
        )
        return result

    def difficulty(self, state: S, result: SolveResult[M]) -> int | None:
        """The difficulty figure of a won ``state`` (``None`` unless ``result`` is won).

        By default the number of binary digits of the positions the
        solver expanded before it found the win: 0 for none, 1 for one,
        then ``d`` for 2**(d-1) to 2**d - 1. The solver tries the most
        promising moves first, so a deal it wins without looking far
        aside is one whose natural moves win, and each step up the scale
        doubles the search that finding a win took. A game whose solver is
        not a search says what it uses instead. See docs/reference/tables.md for the
        definition and how it was checked against a greedy player.
        """
        if result.status is not Status.WON:
            return None
        return result.stats.expanded.bit_length()


@attrs.frozen
class Preset:
    """A named set of knob values for one game, with the solver's plan.

    ``plan`` is the solver's plan (:class:`~solitaire_solver.search.Plan`:
    members, weights, caps, screens, and the numbers that bound them: the
    default limits a solve has when the caller sets none, the shortest
    solve's, the fair hint's and the checks'), printed by ``games --plan``
    and composed by the game's :meth:`Game.strategy`; ``None`` takes the
    game's :attr:`Game.default_plan`.
    """

    name: str
    game: type[Game[Any, Any]]
    rules: Any
    summary: str
    plan: Plan | None = None

    @property
    def solver_plan(self) -> Plan:
        """The plan of the preset's solver: its own, or its game's default."""
        return self.plan if self.plan is not None else self.game.default_plan

    @property
    def default_limits(self) -> Limits:
        """The default limits of the preset's own rules (its plan's)."""
        return self.solver_plan.limits_for(self.rules)

    def default_limits_for(self, rules: Any) -> Limits:
        """The default limits of a game with this preset's name and ``rules`` (its plan's)."""
        return self.solver_plan.limits_for(rules)

    def make(self, overrides: Mapping[str, Any] | None = None) -> Game[Any, Any]:
        """An instance of the game with this preset's rules and ``overrides``, and its plan."""
        rules = apply_overrides(self.rules, overrides or {}, self.name)
        return self.game(rules, self, self.solver_plan)
