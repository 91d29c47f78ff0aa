"""Fair play: the chance of each move for a player who cannot see the face-down cards.

Every verdict of the solver is *thoughtful*: it sees every card. A player
sees only what the game shows (:meth:`.games.Game.seen`): the cards face up,
and the set of cards still unseen, in an order she does not know. This
module answers her question, "which move gives me the best chance?", without
looking at the hidden cards.

**Sampling** (:func:`fair_hint`). Deal the unseen cards at random into the
hidden places K times (determinisations, every arrangement equally likely),
the same K for every move; for each sample and each move, solve the
position after the move exactly, with full sight. A move's estimate is the
share of samples in which it leads to a won position, with a 95% Wilson
interval. This is hindsight optimisation. Its known bias: a sample solved
with full sight is solved by a player who knows the hidden cards, so the
estimate is the chance that the move keeps *some* winning line, which is at
least the chance a fair player wins after it (she must choose her later
moves before she sees the cards, and one choice must serve every
arrangement at once: "strategy fusion"). So the figures overestimate, most
where later choices depend on hidden cards; they rank moves, and a player
who follows them is a real policy that never peeks, whose wins are real
wins (:mod:`.players`): what that player wins is a true lower bound on the
best fair odds, whatever the bias of the hint that drives it.
The draws, the tallies, the batches and the choice with fewer searches
are the engine's (:mod:`.search.sampling`), over :class:`SampledSeen`; the
stopping rule handed to it is the one a reader of the hint sees
(:attr:`FairHint.separated`).

**Exactly** (:func:`exact_values`), when few cards are hidden: the value of
a position is the best chance over every fair strategy, an expectimax over
what the player sees. A move that turns a hidden card face up is a chance
node (each arrangement of the unseen cards equally likely, grouped by what
the player then sees); any other move a choice. A position with nothing
hidden is worth 1 when it is won with full sight, else 0. The hint says
"exact" then. The search is the engine's (:func:`.search.expectimax`),
over :class:`SeenProblem`.

**A hint for a player** (``quick``). A player asks for a hint to choose
a move now, so with ``quick`` a forced move (one legal move, or one group
of twins) is named at once, with no sampling, and the samples are solved
in batches of the plan's :attr:`~.search.FairPlan.batch`, stopping once the best move is told apart
from every other (:attr:`FairHint.separated`); the hint says how many of
the K it used. A sample the solve's limits leave unsettled counts as lost,
and the interval of a move runs from the Wilson low of its wins to the
Wilson high of its wins and unsettled samples together (:class:`FairMove`):
the chance is at least the one and at most the other.

The fair player's choice, which ranks the moves as a hint does with fewer
searches, is in :mod:`.choice`; the words and the JSON of a hint are the
pages' (:mod:`solitaire_solver.pages.words`).

>>> from solitaire_solver import make_game
>>> from solitaire_solver.numbering import parse_deal_number
>>> g = make_game("decade")
>>> hint = fair_hint(g, g.seen(g.deal(parse_deal_number(3))), samples=20, seed=1)
>>> hint.samples, hint.exact, len(hint.moves) >= 1
(20, False, True)
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

import attrs

from ..cards import Card
from ..games import Game, Seen
from ..games.fields import Field, FieldReader
from ..maths import wilson_interval
from ..request import SolveRequest
from ..search import (
    UNSETTLED,
    Leaf,
    Limits,
    Memo,
    SolveResult,
    Status,
    Tally,
    Watcher,
    draw_samples,
    tally_samples,
    work_out,
)
from ..search.sampling import DEFAULT_FAIR
from .analysis import twin_indices

if TYPE_CHECKING:
    # Only for annotations: a terminal's progress line is handed down by the pages.
    from ..progress import SolveProgress

# The numbers below are the default fair plan's (:class:`~.search.FairPlan`): each
# preset's plan holds its own (``game.plan.fair``), which the hints and players read.

SAMPLES = DEFAULT_FAIR.samples
"""K of the default fair plan: the determinisations a fair hint solves when neither the
caller nor the game's plan says otherwise (``hint --fair``, ``play --fair``, the browser's
game and the fair player of ``stats --player fair`` take ``game.plan.fair.samples``). Its
95% intervals are about 12 points either side of an even chance; a hint comes back in well
under a second outside Windmill."""


@attrs.frozen
class FairMove:
    """One legal move and its chance for a player who cannot see the hidden cards.

    Sampled: ``wins`` of ``samples`` determinisations are won after the move
    with full sight (``unknown`` more were left unsettled by the solve's
    limits), ``value`` is ``wins / samples`` (the unsettled ones counted as
    lost), ``low`` the 95% Wilson low of ``wins`` and ``high`` the Wilson
    high of ``wins + unknown``: a band that holds the chance whatever the
    unsettled samples would have given. Exact: ``value`` is the expectimax
    value, ``low`` and ``high`` equal to it, and ``samples`` the
    arrangements of the unseen cards. A forced move (:attr:`FairHint.forced`)
    has no figures: no samples, and ``low``..``high`` the whole range.
    """

    move: Any
    value: float
    low: float
    high: float
    wins: int
    samples: int
    unknown: int = 0
    exact: bool = False
    votes: int = 0
    """Samples whose winning line, as the solver found it, starts with this move: among
    moves of equal value, the one the solver would play (it tries the most promising
    moves first), and the tie-break of :attr:`FairHint.best`."""
    twins: tuple[int, ...] = ()
    """The places in :attr:`FairHint.moves` of the other moves that lead to the same
    position up to symmetry, whatever the hidden cards (:func:`fair_twins`)."""
    returns: int = 0
    """How often the position the move leads to, as the player sees it and up to symmetry
    (:func:`seen_key`), is on the game's line already (the ``line`` the hint was given):
    0 for a move to somewhere new, and for every move that turns a card face up."""
    home: int = 0
    """The cards the move sends home (to a foundation, the discards, the hole)."""
    revealed: int = 0
    """The cards the move turns face up."""


@attrs.frozen
class FairHint:
    """Every legal move of a position with its chance (:class:`FairMove`), in the game's
    order, and the best of them (the first of the highest value).

    ``samples`` is how many determinisations each move's figure rests on
    (exact: the arrangements of the unseen cards), ``asked`` the K the hint
    was given: a ``quick`` hint may stop before it (:func:`fair_hint`).
    """

    moves: tuple[FairMove, ...]
    samples: int
    exact: bool
    hidden: int
    seconds: float
    solves: int
    """Exact solves (or positions of the expectimax) it took."""
    asked: int = 0
    """The K asked for (0: the same as :attr:`samples`)."""
    forced: bool = False
    """Whether the hint is a forced move: one legal move, or one group of twins, named with
    no sampling (a ``quick`` hint)."""

    @property
    def most(self) -> int:
        """The K asked for: the most samples the hint could have used."""
        return self.asked or self.samples

    @property
    def separated(self) -> bool:
        """Whether the best move is told apart from every move that is not its twin.

        Sampled: its interval lies wholly above theirs (its Wilson low above
        each other's high, whose unsettled samples count there as won), the
        same intervals the hint shows, so a player sees the gap. Overlapping
        95% intervals are a strict test (moves that differ by a few samples
        are ties); it errs towards "tie", never towards a false "best".
        Exact: its value is above every other's (a tie is equality). A
        forced move is told apart; with no move there is none.
        """
        best = self.best
        if best is None:
            return False
        return not any(self.ties_best(m) for m, _ in self.groups() if m is not best)

    def ties_best(self, move: FairMove) -> bool:
        """Whether ``move``'s figures cannot be told apart from the best move's (see
        :attr:`separated`); twins of the best tie with it, as does the best itself."""
        best = self.best
        if best is None or self.forced:
            return move is best
        if move is best or self.moves.index(move) in best.twins:
            return True
        if self.exact:
            return move.value == best.value
        return move.high >= best.low

    @staticmethod
    def standing(move: FairMove) -> tuple[float, int, int, int, int]:
        """What ranks ``move`` among the hint's moves, the higher the better: its value, then
        the fewer returns to where the game has been (:attr:`FairMove.returns`), then its
        votes, then the cards it sends home, then the cards it turns face up.

        Everything after the value only orders moves of equal value, and
        such ties are common: a move that can be taken back (a card moved
        between wings) wins in every sample the position wins, so it ties
        with the best move at the top. Ranked by value alone, or by the
        game's order after it, a hint may send the player to and fro for
        ever. A move back to a position of the game's line is never worth
        more than the best move (the player could come back again, so the
        position it leaves is worth at least as much), so it comes last of
        its equals; the next keys go somewhere: the solver's own first moves
        (its winning line once nothing is hidden), then cards home and cards
        turned up, which no move undoes.
        """
        return (move.value, -move.returns, move.votes, move.home, move.revealed)

    def rank(self, move: FairMove) -> tuple[float, int, int, int, int, int]:
        """:meth:`standing`, then the game's order (the first of equals ranks higher)."""
        return (*self.standing(move), -self._place(move))

    def _place(self, move: FairMove) -> int:
        return next(i for i, m in enumerate(self.moves) if m is move)

    @property
    def best(self) -> FairMove | None:
        """The move that ranks first (:meth:`rank`: the highest value, and among equals the
        tie-breaks of :meth:`standing`), or ``None`` with no move."""
        if not self.moves:
            return None
        ranks = [(*self.standing(m), -i) for i, m in enumerate(self.moves)]
        return self.moves[max(range(len(self.moves)), key=ranks.__getitem__)]

    def groups(self) -> list[tuple[FairMove, tuple[FairMove, ...]]]:
        """Each group of twin moves (:attr:`FairMove.twins`) once, in the game's order: the
        move that stands for it (the one of the group that ranks first, the best move when
        it is in the group) and the others in the game's order. A move with no twin is a
        group of its own."""
        done: set[int] = set()
        out = []
        for i, m in enumerate(self.moves):
            if i in done:
                continue
            members = sorted((i, *m.twins))
            done.update(members)
            first = max(members, key=lambda j: (*self.standing(self.moves[j]), -j))
            out.append((self.moves[first], tuple(self.moves[j] for j in members if j != first)))
        return out

    def ranked(self) -> list[tuple[FairMove, tuple[FairMove, ...]]]:
        """The :meth:`groups`, the best first: in the order of :meth:`rank` of the move that
        stands for each. This is the order a hint lists its moves in, in words and JSON."""
        return sorted(self.groups(), key=lambda group: self.rank(group[0]), reverse=True)


def arrangements(cards: Sequence[Card]) -> int:
    """How many distinct orders the multiset ``cards`` has."""
    return _orders(tuple(sorted(cards)))


@functools.lru_cache(maxsize=4096)  # a deal's endgames ask again of the same few cards
def _orders(cards: tuple[Card, ...]) -> int:
    counts = Counter(cards)
    out = math.factorial(len(cards))
    for n in counts.values():
        out //= math.factorial(n)
    return out


def distinct_orders(cards: Sequence[Card], length: int | None = None) -> Iterator[tuple[Card, ...]]:
    """Every distinct order of the multiset ``cards``, each once; with ``length``, every
    distinct sequence of that many of them."""
    counts = Counter(cards)
    kinds = sorted(counts)
    order: list[Card] = []

    def walk(left: int) -> Iterator[tuple[Card, ...]]:
        if not left:
            yield tuple(order)
            return
        for c in kinds:
            if counts[c]:
                counts[c] -= 1
                order.append(c)
                yield from walk(left - 1)
                order.pop()
                counts[c] += 1

    yield from walk(len(cards) if length is None else length)


def outcomes(game: Game[Any, Any], seen: Seen[Any], move: Any) -> dict[Seen[Any], Fraction]:
    """What a player may see after ``move`` from ``seen``, each with its chance: its share
    of the arrangements of the unseen cards.

    Every arrangement is played, unless the game names the hidden places the
    move shows (:meth:`~.games.Game.shown_places`): then only what goes
    there matters, and each way of filling them is played once, weighed by
    the arrangements of the other cards, the same shares at a fraction of
    the work (a card or two shown, against up to 120 orders of five). Either
    way the outcomes come in the order the arrangements first reach them
    (:func:`distinct_orders`' order), so a search over them goes the same way.
    """
    places = game.shown_places(seen, move)
    total = arrangements(seen.unseen)
    counts: Counter[Seen[Any]] = Counter()
    if places is None:
        for order in distinct_orders(seen.unseen):
            counts[game.seen(game.apply(game.fill(seen.state, order), move))] += 1
        return {s: Fraction(n, total) for s, n in counts.items()}
    first: dict[Seen[Any], tuple[Card, ...]] = {}
    for shown in distinct_orders(seen.unseen, len(places)):
        others = sorted(seen.unseen)  # and stays sorted as the shown ones go
        for c in shown:
            others.remove(c)
        # The first arrangement with ``shown`` at the places: the other
        # cards in ascending order.
        at = dict(zip(places, shown, strict=True))
        it = iter(others)
        order = tuple(at[i] if i in at else next(it) for i in range(len(seen.unseen)))
        after = game.seen(game.apply(game.fill(seen.state, order), move))
        counts[after] += arrangements(others)
        if after not in first or order < first[after]:
            first[after] = order
    return {s: Fraction(counts[s], total) for s in sorted(first, key=first.__getitem__)}


def legal_moves_seen(game: Game[Any, Any], seen: Seen[Any]) -> list[Any]:
    """The legal moves of what the player sees.

    The rules of these games never make a move's legality depend on a
    face-down card, so the moves are those of the position with the hidden
    places filled in a fixed order (the unseen cards sorted), which looks at
    no hidden card.
    """
    return list(game.legal_moves(game.fill(seen.state, seen.unseen)))


def seen_key(game: Game[Any, Any], seen: Seen[Any]) -> Hashable:
    """The key of what a player sees: the game's key (:meth:`~.games.Game.key`, one for
    positions alike up to symmetry) of ``seen`` with its hidden places filled in a fixed
    order (the unseen cards sorted). It looks at no hidden card, and two positions that
    look the same, or alike up to symmetry, have one key."""
    return game.key(game.fill(seen.state, seen.unseen))


def line_keys(game: Game[Any, Any], positions: Iterable[Any]) -> list[Hashable]:
    """The :func:`seen_key` of each of ``positions`` (a game's positions so far, the start
    first): the ``line`` a fair hint asked in a game is given."""
    return [seen_key(game, game.seen(p)) for p in positions]


@attrs.frozen
class Steps:
    """What each move of a position does that a player can see coming: the cards it sends
    home and turns face up, and how often it returns to the game's line
    (:attr:`FairMove.returns`, :attr:`FairMove.home`, :attr:`FairMove.revealed`)."""

    returns: tuple[int, ...]
    home: tuple[int, ...]
    revealed: tuple[int, ...]

    @classmethod
    def of(
        cls,
        game: Game[Any, Any],
        seen: Seen[Any],
        moves: Sequence[Any],
        line: Iterable[Hashable] = (),
    ) -> Steps:
        """The steps of ``moves`` from ``seen``, ``line`` the :func:`seen_key` of each
        position of the game so far."""
        visits = Counter(line)
        before = game.fill(seen.state, seen.unseen)
        left = game.cards_left(before)
        returns, home, revealed = [], [], []
        for m in moves:
            after = game.apply(before, m)
            view = game.seen(after)
            shown = seen.hidden - view.hidden
            # A move that turns a card up leads somewhere the line has not been: what is
            # seen only grows along a game.
            returns.append(visits[seen_key(game, view)] if visits and not shown else 0)
            home.append(left - game.cards_left(after))
            revealed.append(shown)
        return cls(tuple(returns), tuple(home), tuple(revealed))

    def onto(self, i: int, move: FairMove) -> FairMove:
        """``move``, the ``i``-th of the position's moves, with its steps."""
        return attrs.evolve(
            move, returns=self.returns[i], home=self.home[i], revealed=self.revealed[i]
        )


def fair_twins(
    game: Game[Any, Any], moves: Sequence[Any], states: Sequence[Any], values: Sequence[Any]
) -> list[tuple[int, ...]]:
    """For each move, the others that lead to the same position up to symmetry, as far as
    the player can know: the positions after them have one key
    (:meth:`~.games.Game.key`) in every state of ``states`` (arrangements of the hidden
    cards) and one value of ``values``. Moves that only trade places the rules treat
    alike do so in every arrangement; the hint cannot tell them apart either."""
    signatures = [
        (v, tuple(game.key(game.apply(state, m)) for state in states))
        for m, v in zip(moves, values, strict=True)
    ]
    return twin_indices(signatures)


def fair_samples(game: Game[Any, Any], samples: int | None) -> int:
    """The K of a fair hint of ``game``: ``samples``, or the plan's when ``None``.

    :class:`ValueError` for fewer than 1 or more than the plan's ``most_samples``: a hint
    draws all its samples at once and holds them in memory (10,000 of Windmill's take about
    70 MB and a second), and solves them after every move, so a count beyond the plan's
    most would run for days (10,000 already narrow an interval to about one point either
    side).
    """
    fair = game.plan.fair
    samples = fair.samples if samples is None else samples
    if samples < 1:
        raise ValueError(f"a fair hint needs at least 1 sample, not {samples}")
    if samples > fair.most_samples:
        raise ValueError(
            f"a fair hint of {game.preset} solves at most {fair.most_samples:,} samples "
            f"(its plan's most), not {samples:,}"
        )
    return samples


def sample_request(game: Game[Any, Any], request: SolveRequest | None) -> SolveRequest:
    """``request`` for ``game``'s samples, or when none is given the plan's
    (:meth:`~.request.SolveRequest.samples`)."""
    if request is None:
        return SolveRequest.samples(game)
    return request.for_game(game)


def position_seed(game: Game[Any, Any], seed: int | str, seen: Seen[Any]) -> random.Random:
    """A generator for the samples of ``seen``: the same for the same seed and position,
    however the position was reached.

    The position is named as a file of it reads back (:func:`file_form`): a
    position reached in play keeps some of its history in its fields (the
    order Decade's discards came out of the stock in, the cards Windmill's
    pass has dealt), which a file of it does not hold; named by its fields
    as they are, the same position loaded from a file and reached by moves
    would draw other samples, and give another hint.
    """
    return random.Random(f"{seed}:{file_form(game, seen.state)!r}:{seen.unseen!r}")


def file_form(game: Game[Any, Any], state: Any) -> Any:
    """``state`` as a position file of it reads back (:meth:`~.games.Game.position_fields`,
    then :meth:`~.games.Game.parse_position`): the same position, with none of the history
    a file cannot hold; ``state`` itself for a game with no position files."""
    try:
        lines = game.position_fields(state)
    except NotImplementedError:
        return state
    fields = [Field(label, text, i) for i, (label, text) in enumerate(lines, 1)]
    return game.parse_position(FieldReader(fields, "<position>", game.preset, len(fields)))


def fair_hint(
    game: Game[Any, Any],
    seen: Seen[Any],
    *,
    samples: int | None = None,
    seed: int | str = 0,
    request: SolveRequest | None = None,
    exact_hidden: int | None = None,
    watch: Watcher | None = None,
    skip_unsettled: bool = False,
    quick: bool = False,
    counted: Callable[[int, int], None] | None = None,
    line: Iterable[Hashable] = (),
) -> FairHint:
    """Each legal move's chance for a player who sees ``seen`` (see the module docstring).

    Exact when at most ``exact_hidden`` cards are hidden and the expectimax
    finishes within the plan's ``exact_nodes`` positions; else ``samples``
    determinisations, drawn from ``seed`` and the position (the same hint
    every time), each solved exactly as ``request`` asks after every move
    (a sample request, :meth:`~.request.SolveRequest.samples`). The
    numbers not given are the game's fair plan's (``game.plan.fair``).
    ``watch`` is told of the sampled searches' progress, and ``counted``
    of the samples: ``(done, samples)`` each time one is solved after
    every move. With
    ``skip_unsettled`` a sample whose whole position the limits leave
    unknown is unknown after every move, unsearched: the positions after
    its moves are most often as hard to settle (a cost decision, for
    Windmill; see :func:`fair_choice`).

    With ``quick`` (a hint for a player about to move): a forced move, one
    legal move or one group of twins, is named at once with no figures
    (:attr:`FairHint.forced`), and the samples are solved the plan's ``batch``
    at a time, stopping once the best move is told apart
    (:attr:`FairHint.separated`). The samples are drawn in one order, so a
    hint that stops after n of them gives the figures the first n give in
    a full one. ``quick`` skips the unsettled samples too, as
    ``skip_unsettled`` does: they cost a hint the most (a Windmill sample
    the limits leave unsettled spends them all on its whole position, and
    again after each move, where it most often stays unsettled), and they
    count as lost either way, inside the interval's reach.

    ``line`` holds the :func:`seen_key` of each position of the game so far
    (:func:`line_keys`), when the hint is asked in a game: a move back to one
    of them ranks last among moves of equal value (:meth:`FairHint.standing`),
    so that a player who follows the hint does not go round in a circle.
    """
    fair = game.plan.fair
    samples = fair_samples(game, samples)
    request = sample_request(game, request)
    exact_hidden = fair.exact_hidden if exact_hidden is None else exact_hidden
    t0 = time.perf_counter()
    moves = legal_moves_seen(game, seen)
    steps = Steps.of(game, seen, moves, line)
    if quick and len(moves) == 1:
        return _forced(moves, (), steps, samples, seen, t0)
    exact = exact_hint(game, seen, moves, steps, request, exact_hidden, seed, t0)
    if exact is not None:
        return attrs.evolve(exact, asked=samples)
    problem = SampledSeen(game, seen, tuple(moves), request, watch)
    drawn = draw_samples(problem, position_seed(game, seed, seen), samples)
    # The keys after each move, in the fixed arrangement and in every sample:
    # moves with the same keys in all of them are twins, as in fair_twins,
    # and have one verdict in each sample, so the same figures.
    keys: list[tuple[Hashable, ...]] = [
        (game.key(game.apply(game.fill(seen.state, seen.unseen), m)), *(d.keys[i] for d in drawn))
        for i, m in enumerate(moves)
    ]
    twins = twin_indices(keys)
    if quick and moves and len(twins[0]) == len(moves) - 1:
        return _forced(moves, twins, steps, samples, seen, t0)

    def hint(t: Tally) -> FairHint:
        """The hint of the figures of the samples used so far."""
        votes = votes_of(moves, drawn[: t.used])
        return _sampled(moves, t, votes, twins, steps, samples, seen, t0)

    # Each sample has a memo of its own, so the order they are solved in
    # changes no figure; a quick hint stops once its best move is told apart
    # (the rule its readers see: FairHint.separated).
    figures = tally_samples(
        problem,
        drawn,
        len(moves),
        batch=fair.batch if quick else None,
        stop=lambda t: hint(t).separated,
        skip_unsettled=skip_unsettled or quick,
        counted=counted,
    )
    return hint(figures)


def fair_hint_now(
    game: Game[Any, Any],
    positions: Sequence[Any],
    *,
    samples: int | None = None,
    seed: int | str = 0,
    request: SolveRequest | None = None,
    quick: bool = False,
    progress: SolveProgress | None = None,
) -> tuple[Seen[Any], FairHint]:
    """The fair hint where a game stands, as the terminal, the browser's table and
    ``hint --fair`` ask it: ``positions`` are the game's positions so far, the start
    first, and the hint is of the last as its player sees it, returned with it.

    The game's line goes with the hint (``line`` of :func:`fair_hint`), so that a move
    back to where the game has been ranks last among its equals and a player who follows
    the hint does not go round in a circle. ``progress``, a terminal's progress line, is
    told of the sampled searches and counts the samples. The other arguments are
    :func:`fair_hint`'s.
    """
    seen = game.seen(positions[-1])
    hint = fair_hint(
        game,
        seen,
        samples=samples,
        seed=seed,
        request=request,
        quick=quick,
        watch=progress,
        counted=None if progress is None else progress.count,
        line=line_keys(game, positions),
    )
    return seen, hint


def _sampled(
    moves: Sequence[Any],
    figures: Tally,
    votes: Sequence[int],
    twins: Sequence[tuple[int, ...]],
    steps: Steps,
    asked: int,
    seen: Seen[Any],
    t0: float,
) -> FairHint:
    """The sampled hint of ``figures``: the samples used so far of the ``asked``."""
    out = []
    for i, (m, v, t) in enumerate(zip(moves, votes, twins, strict=True)):
        w, u = figures.wins[i], figures.unknown[i]
        low, high = figures.band(i, wilson_interval)
        used = figures.used
        move = FairMove(m, figures.value(i), low, high, w, used, u, votes=v, twins=t)
        out.append(steps.onto(i, move))
    seconds = time.perf_counter() - t0
    used, solves = figures.used, figures.solves
    return FairHint(tuple(out), used, False, seen.hidden, seconds, solves, asked=asked)


def _forced(
    moves: Sequence[Any],
    twins: Sequence[tuple[int, ...]],
    steps: Steps,
    asked: int,
    seen: Seen[Any],
    t0: float,
) -> FairHint:
    """The hint of a forced move: ``moves`` are one move or one group of twins, named with
    no figures (no samples, the whole range)."""
    out = tuple(
        steps.onto(i, FairMove(m, 0.0, 0.0, 1.0, 0, 0, twins=twins[i] if twins else ()))
        for i, m in enumerate(moves)
    )
    seconds = time.perf_counter() - t0
    return FairHint(out, 0, False, seen.hidden, seconds, 0, asked=asked, forced=True)


def votes_of(moves: Sequence[Any], drawn: Sequence[_Sample]) -> list[int]:
    """For each move, the samples whose winning line starts with it (:attr:`FairMove.votes`)."""
    return [
        sum(d.whole.won and bool(d.whole.moves) and d.whole.moves[0] == m for d in drawn)
        for m in moves
    ]


def exact_hint(
    game: Game[Any, Any],
    seen: Seen[Any],
    moves: Sequence[Any],
    steps: Steps,
    request: SolveRequest,
    exact_hidden: int,
    seed: int | str,
    t0: float,
    leaves: Leaves | None = None,
) -> FairHint | None:
    """The exact hint, from the game's own values or the expectimax when at most
    ``exact_hidden`` cards are hidden (what its leaves taught in ``leaves``, see
    :func:`exact_values`); ``None`` when it is not to be had."""
    fair = game.plan.fair
    own = None
    if exact_hidden > 0 and 0 < seen.hidden <= fair.own_hidden:
        own = game.fair_values(seen, fair.own_nodes)
    if own is not None:
        return _exact_hint(game, seen, moves, steps, own, 0, t0, seed, request)
    if seen.hidden <= exact_hidden:
        values = exact_values(game, seen, request=request, leaves=leaves)
        if values is not None:
            return _exact_hint(game, seen, moves, steps, *values, t0, seed, request)
    return None


@attrs.define
class _Sample:
    """One determinisation of a sampled hint: its position, the positions after each move,
    their keys, the verdict of the whole position once solved, the memo its searches
    share, and each key's verdict."""

    state: Any
    children: list[Any]
    keys: list[Hashable]
    memo: Memo = attrs.field(factory=Memo)
    done: dict[Hashable, Status] = attrs.field(factory=dict)
    solved: SolveResult[Any] | None = None

    @property
    def whole(self) -> SolveResult[Any]:
        """The verdict of the whole position (:meth:`SampledSeen.before` first)."""
        if self.solved is None:
            raise RuntimeError("the sample's whole position is not solved yet")
        return self.solved


@attrs.frozen
class SampledSeen:
    """What the player sees, as a problem for sampling (:mod:`~.search.sampling`).

    A determinisation (:class:`_Sample`) is ``seen`` with the hidden
    places filled at random (:meth:`~.games.Game.determinise`), with the
    positions after each of ``moves``. Before any move it is solved whole
    (its winning line's first move is its vote, :attr:`FairMove.votes`);
    after a move, the position that move leads to, as ``request`` asks,
    the moves that lead to one key sharing a verdict. ``watch`` is told of
    the searches' progress.
    """

    game: Game[Any, Any]
    seen: Seen[Any]
    moves: tuple[Any, ...]
    request: SolveRequest
    watch: Watcher | None = None

    def draw(self, rng: random.Random) -> _Sample:
        """One determinisation of what the player sees, drawn from ``rng``, with the
        positions after each move and their keys; nothing solved yet."""
        game = self.game
        state = game.determinise(self.seen, rng)
        children = [game.apply(state, m) for m in self.moves]
        return _Sample(state, children, [game.key(c) for c in children])

    def before(self, sample: _Sample) -> Status:
        """Solve the whole position (a sample lost as a whole is lost after every move)."""
        if sample.solved is None:
            # The votes read the winning line's first move alone.
            sample.solved = whole = self.game.solve(
                sample.state, self.request, memo=sample.memo, watch=self.watch, first_move_only=True
            )
            if whole.won and whole.moves and whole.moves[0] in self.moves:
                # The move the winning line starts with wins, and so does
                # every move to the same key: no search.
                sample.done[sample.keys[self.moves.index(whole.moves[0])]] = Status.WON
        return sample.whole.status

    def after(self, sample: _Sample, i: int) -> tuple[Status, bool]:
        """The verdict after ``moves[i]`` (the whole position not lost), and whether it took
        a search: moves that lead to one key share a verdict."""
        k = sample.keys[i]
        found = sample.done.get(k)
        if found is not None:
            return found, False
        found = self.game.solve(
            sample.children[i], self.request, memo=sample.memo, watch=self.watch, verdict_only=True
        ).status
        sample.done[k] = found
        return found, True


def _exact_hint(
    game: Game[Any, Any],
    seen: Seen[Any],
    moves: Sequence[Any],
    steps: Steps,
    values: Sequence[Fraction],
    nodes: int,
    t0: float,
    seed: int | str,
    request: SolveRequest,
) -> FairHint:
    """The hint of exact ``values`` (one per move), worked out with ``nodes`` positions;
    its twins from every order of the unseen cards, or the fair plan's ``twin_orders``
    random ones drawn from ``seed`` when they have more.

    With nothing hidden and moves of different positions tied at the top,
    the position is solved as ``request`` asks for its winning line's first
    move, the one vote (:attr:`FairMove.votes`, as a sample's): the hint then
    follows the solver's line, which goes to the end, where the values alone
    cannot tell a move that goes somewhere from one that goes round."""
    orders = game.plan.fair.twin_orders
    count = arrangements(seen.unseen)
    if count <= orders:
        states = [game.fill(seen.state, order) for order in distinct_orders(seen.unseen)]
    else:
        rng = position_seed(game, seed, seen)
        states = [game.determinise(seen, rng) for _ in range(orders)]
    twins = fair_twins(game, moves, states, values)
    votes = [0] * len(moves)
    top = max(values, default=None)
    tied = {min((i, *twins[i])) for i, v in enumerate(values) if v == top}
    if not seen.hidden and len(tied) > 1:
        solved = game.solve(seen.state, request, first_move_only=True)
        nodes += 1
        if solved.won and solved.moves and solved.moves[0] in moves:
            votes[moves.index(solved.moves[0])] = 1
    out = tuple(
        steps.onto(
            i, FairMove(m, float(v), float(v), float(v), 0, count, exact=True, votes=n, twins=t)
        )
        for i, (m, v, n, t) in enumerate(zip(moves, values, votes, twins, strict=True))
    )
    return FairHint(out, count, True, seen.hidden, time.perf_counter() - t0, nodes)


@attrs.define
class Leaves:
    """What the exact fair values learn of positions with nothing hidden (the leaves of
    the expectimax), to keep from one call of :func:`exact_values` to the next.

    ``verdicts`` holds whether each leaf solved is won; ``lost`` is the memo
    its searches share, when the game's keys allow one memo over positions
    of different deals (:attr:`~.games.Game.memo_spans_deals`): a search's
    verdict is a fact of its position, and the leaves are a few moves
    apart, so a loss proved once saves the searches after it from going
    there again.
    """

    verdicts: dict[Any, bool] = attrs.field(factory=dict)
    lost: Memo | None = None

    @classmethod
    def of(cls, game: Game[Any, Any]) -> Leaves:
        """Nothing learnt yet, with a shared memo when ``game`` allows one."""
        return cls(lost=Memo() if game.memo_spans_deals else None)


@attrs.frozen
class SeenProblem:
    """What the player sees, as a problem for the expectimax (:func:`~.search.expectimax`).

    A node is a :class:`~.games.Seen` position. One with nothing hidden is a
    leaf, worth 1 when it is won with full sight (solved as ``request`` asks,
    its verdict kept in ``leaves``), else 0, and unsettled when the solve
    leaves it unknown. One won whatever the hidden cards is worth 1. The
    others take the best of their moves: the move the game names as fairly
    at least as good as any other (:meth:`~.games.Game.fair_move`) alone
    when it names one, else every legal move. A move's outcomes are what the
    player may see after it (:func:`outcomes`).
    """

    game: Game[Any, Any]
    request: SolveRequest
    leaves: Leaves

    def leaf(self, node: Seen[Any]) -> Fraction | Literal[Leaf.UNSETTLED] | None:
        """The value of ``node`` when it needs no choice (see the class)."""
        game = self.game
        if not node.hidden:
            won = self.leaves.verdicts.get(node.state)
            if won is None:
                r = game.solve(node.state, self.request, memo=self.leaves.lost, verdict_only=True)
                if r.status is Status.UNKNOWN:
                    return UNSETTLED
                won = self.leaves.verdicts[node.state] = r.won
            return Fraction(1 if won else 0)
        if game.is_won(game.fill(node.state, node.unseen)):
            return Fraction(1)
        return None

    def choices(self, node: Seen[Any]) -> list[Any]:
        """The game's fair move alone when it names one, else every legal move."""
        # A move the game names as fairly at least as good as any other is
        # the only one worth working out.
        named = self.game.fair_move(node)
        return [named] if named is not None else legal_moves_seen(self.game, node)

    def outcomes(self, node: Seen[Any], move: Any) -> Iterable[tuple[Seen[Any], Fraction]]:
        """What the player may see after ``move``, each with its chance."""
        return outcomes(self.game, node, move).items()


def exact_values(
    game: Game[Any, Any],
    seen: Seen[Any],
    *,
    request: SolveRequest | None = None,
    max_nodes: int | None = None,
    leaves: Leaves | None = None,
) -> tuple[list[Fraction], int] | None:
    """The exact value of each legal move of ``seen`` (expectimax), and the positions visited.

    ``None`` when the search visits more than ``max_nodes`` positions (by
    default the fair plan's ``exact_nodes``), follows a line longer than
    its ``exact_depth`` moves, or leaves a position with nothing hidden
    unknown under the sample ``request`` (by default the plan's: the values
    would not be exact). See the module docstring for the model.

    A move the game names as at least as good as any other for a player who
    cannot see the hidden cards (:meth:`~.games.Game.fair_move`, argued by
    the game) is the only one followed below the position asked about.

    ``leaves`` keeps what the searches of positions with nothing hidden
    learn from one call to the next (:class:`Leaves`): a player asks for
    the values at every move of a deal, and the positions a few moves on
    are mostly the ones the last call solved. A verdict is a fact of its
    position, so the values are the same, and every position still counts
    towards ``max_nodes`` as before. The one difference it can make is to a
    position whose search would run out of states on its own, which it may
    settle instead of giving up.

    The search is the engine's (:func:`~.search.expectimax`) over
    :class:`SeenProblem`, with ``max_nodes`` as its state limit.

    Cycles. A move that reveals nothing may lead back to a position seen
    earlier on the same line (cards moved to and fro); a card once revealed
    stays revealed, so every cycle is made of choices alone, and a best
    strategy never needs to close one: the engine counts a position met
    again on the line 0 there, and keeps no value that leaned on such a 0
    (it may be too low elsewhere).
    """
    fair = game.plan.fair
    if leaves is None:
        leaves = Leaves.of(game)
    problem = SeenProblem(game, sample_request(game, request), leaves)
    r = work_out(
        problem,
        seen,
        legal_moves_seen(game, seen),
        Limits(max_states=fair.exact_nodes if max_nodes is None else max_nodes),
        max_depth=fair.exact_depth,
    )
    if r.values is None:
        return None
    return list(r.values), r.stats.expanded
