"""The upper bound on the fair odds: a toy game worked by hand, the bound against the exact
fair value and the rate with full sight on small positions of every preset, the penalties'
mean of 0 under players who cannot see, and Decade's potential against the general one."""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any

import attrs
import pytest

from solitaire_solver import make_game
from solitaire_solver.advice.bounds import (
    ExactBelow,
    Zero,
    deal_bound,
    exact_bound,
    fair_value,
    penalties,
    potential_for,
)
from solitaire_solver.advice.fair import Leaves, distinct_orders, exact_values, outcomes
from solitaire_solver.advice.players import Player, play
from solitaire_solver.cards import HIDDEN, Card
from solitaire_solver.games import Game, Seen
from solitaire_solver.numbering import DealNumber, parse_deal_number
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Status
from solitaire_solver.search.bestpath import Value, work_out_best
from tests.helpers import few_hidden

# ---------------------------------------------------------------- a toy game by hand


@attrs.frozen
class ToyState:
    """``bet`` (``None`` before it is made, then ``up`` or ``down``), the three cards in
    their places (``HIDDEN`` where a seen position has not shown one) and how many are
    turned."""

    bet: str | None
    cards: tuple[Card, Card, Card]
    turned: int = 0


@attrs.frozen
class ToyRules:
    pass


class BetThenTurn(Game[ToyState, str]):
    """Three cards, the ace, the two and the three of clubs (ranks 1, 2, 3), shuffled face
    down in a row. First the player bets ``up`` or ``down``, then turns the first card (A)
    and the second (B): she wins when B is higher than A and she bet up, or lower and she
    bet down. The third card is never turned."""

    name = "bet-then-turn"
    rules_type = ToyRules
    face_down = True

    def deal(self, number: DealNumber) -> ToyState:
        orders = list(distinct_orders((Card(0), Card(1), Card(2))))
        a, b, c = orders[number.value % 6]
        return ToyState(None, (a, b, c))

    def moves(self, state: ToyState) -> list[str]:
        if state.bet is None:
            return ["up", "down"]
        return ["turn"] if state.turned < 2 else []

    def apply(self, state: ToyState, move: str) -> ToyState:
        if move == "turn":
            return attrs.evolve(state, turned=state.turned + 1)
        return attrs.evolve(state, bet=move)

    def is_won(self, state: ToyState) -> bool:
        if state.turned < 2:
            return False
        a, b = state.cards[0], state.cards[1]
        return (b > a) if state.bet == "up" else (b < a)

    def cards_left(self, state: ToyState) -> int:
        return 0 if self.is_won(state) else 3

    def key(self, state: ToyState) -> Hashable:
        return state

    def describe(self, state: ToyState, move: str) -> str:
        return move

    def show(self, state: ToyState) -> str:
        return repr(state)

    def mask(self, state: ToyState) -> ToyState:
        a, b, _ = state.cards
        shown = (a if state.turned > 0 else HIDDEN, b if state.turned > 1 else HIDDEN, HIDDEN)
        return attrs.evolve(state, cards=shown)

    def visible_cards(self, state: ToyState) -> list[Card]:
        return [c for c in state.cards if c != HIDDEN]

    def seen(self, state: ToyState) -> Seen[ToyState]:
        # Only three cards in this deck: the unseen ones are those not shown.
        masked = self.mask(state)
        shown = set(self.visible_cards(masked))
        return Seen(masked, tuple(c for c in (Card(0), Card(1), Card(2)) if c not in shown))

    def fill(self, state: ToyState, cards: Sequence[Card]) -> ToyState:
        it = iter(cards)
        a, b, c = (next(it) if x == HIDDEN else x for x in state.cards)
        return attrs.evolve(state, cards=(a, b, c))

    def has_hidden(self, state: ToyState) -> bool:
        return HIDDEN in state.cards


TOY = BetThenTurn(ToyRules())
START = TOY.seen(TOY.deal(parse_deal_number(1)))


@attrs.define
class ByHand:
    """The potential of the toy's docstring: W is 1 when the one card turned is the two,
    and the verdict (1 won, 0 not) once both are turned; 0 elsewhere. W is nowhere taken
    for the fair value (``exact_hidden`` -1), and its mean after a move is worked out over
    :func:`outcomes` as every potential's must be."""

    name: str = "by-hand"
    exact_hidden: int = -1

    def value(self, seen: Seen[ToyState]) -> Value:
        state = seen.state
        if state.turned == 1:
            return 1 if state.cards[0] == Card(1) else 0
        if state.turned == 2:
            return 1 if TOY.is_won(state) else 0
        return 0

    def expected(self, seen: Seen[ToyState], move: str) -> Value:
        return sum(
            (share * Fraction(self.value(o)) for o, share in outcomes(TOY, seen, move).items()),
            start=Fraction(0),
        )


def test_the_toy_game_by_hand() -> None:
    """Bet then turn (see :class:`BetThenTurn`), its three values by hand.

    Fair: the bet is made before A shows; up wins when B > A, which half the orders
    have: V = 1/2 (either bet). With full sight every order is won: T = 1.

    W = the fair value below 1 hidden card (once both are turned: the verdict), 0 above
    (``exact`` with ``exact_hidden`` 1): the first turn is charged nothing (W is 0 before
    and after), the second ``won - P(win | A, bet)``, so a line is worth P(win | A, bet)
    and the best bet, with A in sight, is worth 1 for A = 1 (up) or 3 (down) and 1/2 for
    A = 2: the bound is (1 + 1/2 + 1) / 3 = 5/6. With ``exact_hidden`` 2 W is the fair
    value once A shows, and the first turn is charged ``V(A, bet) - 1/2``: every line is
    worth 1/2, the bound is V.

    W by hand (:class:`ByHand`): the first turn is charged ``[A = 2] - 1/3``, the second
    ``won - P(win | A, bet)``, so a line is worth ``1/3 - [A = 2] + P(win | A, bet)``: with
    the best bet, 4/3 for A = 1 or 3 and 1/3 - 1 + 1/2 = -1/6 for A = 2, and the bound is
    (4/3 + 4/3 - 1/6) / 3 = 5/6, at least V whatever W is, and with values outside 0..1.
    """
    request = SolveRequest.samples(TOY)
    got = exact_values(TOY, START)
    assert got is not None and got[0] == [Fraction(1, 2), Fraction(1, 2)]
    assert fair_value(TOY, START, request, Leaves()) == Fraction(1, 2)
    assert exact_bound(TOY, START, Zero()) == 1
    assert exact_bound(TOY, START, ExactBelow(TOY, 1, request)) == Fraction(5, 6)
    assert exact_bound(TOY, START, ExactBelow(TOY, 2, request)) == Fraction(1, 2)
    assert exact_bound(TOY, START, ByHand()) == Fraction(5, 6)
    per_order = {
        order: deal_bound(TOY, TOY.fill(START.state, order), ByHand()).value
        for order in distinct_orders(START.unseen)
    }
    by_first = {order[0]: value for order, value in per_order.items()}
    assert by_first == {Card(0): Fraction(4, 3), Card(1): Fraction(-1, 6), Card(2): Fraction(4, 3)}


# ---------------------------------------------------------------- potentials for the checks


@attrs.define
class Hashed:
    """W: a fixed pseudo-random number in 0..1 for every position a player may see with
    some card hidden (a checksum of what she sees), so that every move that shows a card is
    charged: any W gives a sound bound, this one a poor one. With nothing hidden W is the
    fair value, won or not (``exact_hidden`` 0), so that the inner search ends there with
    the game's verdict rather than search every line of the end."""

    game: Game[Any, Any]
    name: str = "hashed"
    exact_hidden: int = 0

    def value(self, seen: Seen[Any]) -> Value:
        if not seen.hidden:
            return fair_value(self.game, seen, SolveRequest.samples(self.game), Leaves())
        return Fraction(zlib.crc32(repr((seen.state, seen.unseen)).encode()) % 1000, 1000)

    def expected(self, seen: Seen[Any], move: Any) -> Value:
        got = outcomes(self.game, seen, move)
        return sum((share * Fraction(self.value(o)) for o, share in got.items()), Fraction(0))


@attrs.define
class FairEverywhere:
    """W = the exact fair value at every position, worked out afresh, read as a leaf only
    where nothing is hidden (``exact_hidden`` 0), so that the inner search charges every
    card shown."""

    game: Game[Any, Any]
    name: str = "fair"
    exact_hidden: int = 0
    inner: ExactBelow = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self.inner = ExactBelow(self.game, 99, SolveRequest.samples(self.game))

    def value(self, seen: Seen[Any]) -> Value:
        return self.inner.value(seen)

    def expected(self, seen: Seen[Any], move: Any) -> Value:
        return self.inner.expected(seen, move)


def full_sight(game: Game[Any, Any], seen: Seen[Any]) -> Fraction:
    """The rate with full sight over every arrangement of ``seen``'s unseen cards."""
    orders = list(distinct_orders(seen.unseen))
    won = sum(game.solve(game.fill(seen.state, o), SolveRequest.of(game)).won for o in orders)
    return Fraction(won, len(orders))


def few_hidden_at(name: str, number: int, most: int) -> Seen[Any]:
    seen = few_hidden(name, number, most)
    assert seen is not None
    return seen


def short_decade(name: str, seed: int) -> Seen[Any]:
    """A Decade position with a short line and three cards in the stock, the others
    discarded (drawn from ``seed``): small enough for the optional rules, whose player may
    discard in any order, to be searched whole."""
    game = make_game(name)
    rng = random.Random(seed)
    deck = [Card(c) for c in range(52)]
    rng.shuffle(deck)
    line, remaining, discarded = deck[:3], deck[3:6], deck[6:]
    stock = (*discarded, *line, *remaining)
    from solitaire_solver.games.decade.rules import DecadeState

    return game.seen(DecadeState(tuple(line), tuple(stock), len(discarded) + len(line)))


SMALL = {
    # Late on winning lines, where the fair value is below the rate with full sight.
    "decade": [("decade", n, 6) for n in (21, 35, 53)],
    "decade-optional": [],
    "eagle-wing": [("eagle-wing", n, 3) for n in (12, 35)],
    "eagle-wing-coops": [("eagle-wing-coops", n, 3) for n in (2, 3, 7)],
    "windmill": [("windmill", n, 3) for n in (1, 3, 5)],
}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_the_bound_against_the_exact_fair_value_and_full_sight(name: str) -> None:
    """On small positions of every preset (late on winning lines with a few cards hidden,
    and for Decade short lines made here): the bound, worked out exactly (the inner
    optimum averaged over every arrangement of the hidden cards), is at least the exact
    fair value for every potential, the fair value exactly when W is the fair value, and
    for the exact values below a line (a player who sees every card but the last ones) at
    most the rate with full sight, which W = 0 gives exactly."""
    game = make_game(name)
    request = SolveRequest.samples(game)
    positions = [few_hidden_at(*where) for where in SMALL[name]]
    if name.startswith("decade"):
        positions += [short_decade(name, seed) for seed in range(4)]
    below = 0
    for seen in positions:
        fair = fair_value(game, seen, request, Leaves())
        sight = full_sight(game, seen)
        assert fair <= sight
        below += fair < sight
        for h in range(seen.hidden):
            bound = exact_bound(game, seen, ExactBelow(game, h, request))
            assert fair <= bound <= sight, (seen, h)
        assert exact_bound(game, seen, Zero()) == sight
        assert exact_bound(game, seen, Hashed(game)) >= fair
        assert exact_bound(game, seen, FairEverywhere(game)) == fair
    if name == "decade":
        assert below >= 3  # the checks mean something where fair play costs something


# ---------------------------------------------------------------- the penalties' mean


def mean_and_error(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    return mean, sd / math.sqrt(n)


PENALTY_DEALS = range(1, 301)


def _summed(game: Game[Any, Any], start: Any, moves: Sequence[Any], w: Any) -> float:
    return float(sum(penalties(game, start, moves, w), Fraction(0)))


@pytest.mark.parametrize("kind", ["fair", "random"])
def test_the_penalties_add_up_to_nothing_on_average_for_a_player_who_cannot_see(
    kind: str,
) -> None:
    """Over Decade deals played by the fair player and by the random one, the sum of each
    game's penalties has a mean within three standard errors of 0 (the sample's own: a
    mean of 0 is what the construction promises, and a fixed tolerance would be either
    loose or flaky), for a W that charges every card turned up (:class:`Hashed`, deals
    1..100) and for the exact fair value where at most six cards are hidden (Decade's
    ``exact``, which charges the last cards, deals 1..300)."""
    game = make_game("decade")
    # Hashed's means go through the general outcomes, some fifty positions a card: the
    # first 100 deals for it.
    potentials = ((Hashed(game), 100), (potential_for(game, "exact", 6), len(PENALTY_DEALS)))
    sums: list[list[float]] = [[] for _ in potentials]
    player = Player(kind, samples=4, seed=1)
    for n in PENALTY_DEALS:
        start = game.deal(parse_deal_number(n))
        moves = play(game, start, player, deal=str(n)).moves
        for (w, deals), out in zip(potentials, sums, strict=True):
            if n <= deals:
                out.append(_summed(game, start, moves, w))
    for (w, _), out in zip(potentials, sums, strict=True):
        mean, error = mean_and_error(out)
        assert error > 0, w.name  # the penalties charge something: the check means something
        assert abs(mean) <= 3 * error, (w.name, mean, error)


def test_the_penalties_check_fails_for_a_player_who_sees() -> None:
    """The same check fails for a player who peeks: one who plays a winning line with full
    sight where the deal has one (and at random where it has none) turns up the cards
    that suit her, and her penalties under the exact fair value of the last six cards
    add up to more than 0 on average, by far more than three standard errors: the mean
    of 0 above says something about the players' blindness."""
    game = make_game("decade")
    w = potential_for(game, "exact", 6)
    sums: list[float] = []
    blind = Player("random", seed=1)
    for n in PENALTY_DEALS:
        start = game.deal(parse_deal_number(n))
        solved = game.solve(start, SolveRequest.of(game))
        moves = solved.moves if solved.won else play(game, start, blind, deal=str(n)).moves
        sums.append(_summed(game, start, moves, w))
    mean, error = mean_and_error(sums)
    assert mean > 3 * error, (mean, error)


# ---------------------------------------------------------------- Decade's own potential


def test_decade_s_counting_potential_is_the_general_one() -> None:
    """Decade's ``exact`` potential (by counting) gives the general one's W and means, on
    positions along random games, and the same inner optimum on whole deals."""
    game = make_game("decade")
    request = SolveRequest.samples(game)
    own = potential_for(game, "exact", 4)
    general = ExactBelow(game, 4, request)
    assert type(own) is not ExactBelow
    rng = random.Random(3)
    checked = 0
    for n in range(1, 12):
        state = game.deal(parse_deal_number(n))
        while game.legal_moves(state):
            seen = game.seen(state)
            if seen.hidden <= 6:
                assert own.value(seen) == general.value(seen)
                for move in game.legal_moves(state):
                    if move.is_deal:
                        assert own.expected(seen, move) == general.expected(seen, move)
                        checked += 1
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        start = game.deal(parse_deal_number(n))
        assert deal_bound(game, start, own).value == deal_bound(game, start, general).value
    assert checked >= 20


def test_w_zero_through_the_inner_search_is_the_verdict_with_full_sight() -> None:
    """With every reward 0 the inner search's optimum is 1 when some line wins the deal
    with full sight and 0 when none does: the rate with full sight, here through the
    search itself (not the solver :class:`Zero` hands it to), on Decade deals."""

    @attrs.define
    class Nothing:
        name: str = "nothing"
        exact_hidden: int = -1

        def value(self, seen: Seen[Any]) -> Value:
            return 0

        def expected(self, seen: Seen[Any], move: Any) -> Value:
            return 0

    from solitaire_solver.advice.bounds import InnerProblem

    game = make_game("decade")
    for n in range(1, 60):
        start = game.deal(parse_deal_number(n))
        inner = work_out_best(InnerProblem(game, Nothing()), start)
        assert inner.value == (1 if game.solve(start, SolveRequest.of(game)).won else 0)
        assert deal_bound(game, start, Zero()).value == inner.value


def test_a_deal_s_status_in_a_bound_run_is_its_verdict_with_full_sight() -> None:
    game = make_game("decade")
    from solitaire_solver.advice.bounds import UpperBound
    from solitaire_solver.stats.solving import bound_one

    request = SolveRequest.of(game)
    for n in (1, 2, 3):
        r = bound_one(request, n, UpperBound("exact", 5))
        assert r.status is (
            Status.WON
            if game.solve(game.deal(parse_deal_number(n)), SolveRequest.of(game)).won
            else Status.LOST
        )
        assert r.value is not None


def _small_model() -> Any:
    """A fitted model for the levels of five and six cards to come, exact below: the shipped
    weights of the levels 11 and 12 moved down (any W gives a sound bound: a model that fits
    nothing in particular checks the construction, not the fit)."""
    from solitaire_solver.games.decade.bounds import Model, shipped_model

    shipped = shipped_model()
    return Model(4, {5: shipped.levels[11], 6: shipped.levels[12]})


def test_decade_s_fitted_potential_gives_a_bound_above_the_fair_value() -> None:
    """Decade's ``fitted`` potential, with a model over levels small enough to work out the
    bound exactly (every arrangement of six hidden cards): its mean after a deal is the
    general mean over :func:`outcomes` of its W, and the bound is at least the exact fair
    value on every position tried, exactly (the model's floats are read as fractions: a
    float sum once came out one unit in the last place below 1/3 here)."""
    from solitaire_solver.games.decade.bounds import DecadeFitted

    game = make_game("decade")
    request = SolveRequest.samples(game)
    w = DecadeFitted(game.rules, 4, _small_model())
    tried = 0
    for n in range(1, 80):
        got = few_hidden("decade", n, 6)
        if got is None or got.hidden != 6:
            continue
        seen = got
        tried += 1
        for move in game.legal_moves(seen.state):
            if move.is_deal:
                general = sum(
                    (
                        share * Fraction(w.value(o))
                        for o, share in outcomes(game, seen, move).items()
                    ),
                    Fraction(0),
                )
                assert w.expected(seen, move) == pytest.approx(float(general), abs=1e-12)
        fair = fair_value(game, seen, request, Leaves())
        bound = exact_bound(game, seen, w)
        assert bound >= fair, (n, bound, fair)
        if tried == 6:
            break
    assert tried == 6


def test_a_limit_leaves_the_ceiling_never_a_guess() -> None:
    """A limit that stops the inner search leaves the potential's ceiling (1 for the exact
    values of the last cards), at least the optimum the search would have found; a
    potential without a ceiling (Decade's ``fitted``) leaves no value, and a run's row is
    then unknown and its summary gives no bound."""
    from solitaire_solver.advice.bounds import UpperBound
    from solitaire_solver.search import Limit, Limits
    from solitaire_solver.stats.solving import bound_one
    from solitaire_solver.stats.summary import Tally

    game = make_game("decade")
    start = game.deal(parse_deal_number(3))
    exact = potential_for(game, "exact", 6)
    full = deal_bound(game, start, exact)
    stopped = deal_bound(game, start, exact, Limits(max_states=2))
    assert full.value is not None and full.limit is None and full.value < 1
    assert stopped.value == 1 and stopped.limit is Limit.STATES
    assert (
        deal_bound(game, start, potential_for(game, "fitted"), Limits(max_states=2)).value is None
    )

    request = SolveRequest.of(game, Limits(max_states=2))
    capped = bound_one(request, 3, UpperBound("exact", 6))
    assert capped.value == 1 and capped.limit is Limit.STATES and capped.status is Status.WON
    unknown = bound_one(request, 3, UpperBound("fitted", 10))
    assert unknown.value is None and unknown.status is Status.UNKNOWN
    tally = Tally(game)
    tally.add(capped)
    assert tally.summary().bound == 1 and tally.summary().capped == 1
    tally.add(unknown)
    assert tally.summary().bound is None


def test_the_runs_state_limit_caps_the_counting_of_exact_values() -> None:
    """Decade's exact values count every arrangement of the cards to come; under a run's
    ``max_states`` each expands at most that many states, and a value the cap stops is no
    value: the deal takes the ceiling (``exact``) or has none (``fitted``). With all 52
    cards within the exact region, the start's value alone needs the whole deck counted,
    which took hours before the cap."""
    from solitaire_solver.advice.bounds import UpperBound
    from solitaire_solver.search import Limit, Limits
    from solitaire_solver.stats.solving import bound_one

    game = make_game("decade")
    start = game.deal(parse_deal_number(3))
    capped = deal_bound(game, start, potential_for(game, "exact", 52, max_nodes=100))
    assert capped.value == 1 and capped.limit is Limit.STATES
    # A cap the values stay within changes nothing.
    within = deal_bound(game, start, potential_for(game, "exact", 6, max_nodes=10**6))
    assert within.value == deal_bound(game, start, potential_for(game, "exact", 6)).value

    request = SolveRequest.of(game, Limits(max_states=100))
    row = bound_one(request, 3, UpperBound("exact", 52))
    assert row.value == 1 and row.limit is Limit.STATES
    assert bound_one(request, 3, UpperBound("fitted", 52)).value is None
    with pytest.raises(ValueError, match="max_nodes"):
        potential_for(game, "exact", 6, max_nodes=0)
