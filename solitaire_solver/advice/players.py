"""Players that play a deal from the start, seeing only what the game shows.

A player is a policy: in each position it chooses a move knowing only what
a person at the table would know (:meth:`.games.Game.seen`: the cards face
up, and which cards are still unseen), and it learns a hidden card only when
the game turns it face up. Three are here:

- ``fair``: the move of the highest chance by the fair hint
  (:func:`.fair.fair_hint`, K determinisations solved with full sight;
  chosen with :func:`.fair.fair_choice`, which solves fewer of them); where
  nothing is hidden, the exact solution (:func:`solve_open`);
- ``greedy``: the first legal move in the game's fixed order of preference
  (:meth:`.games.Game.greedy_order`);
- ``random``: a legal move drawn at random.

Every player leaves out a move that turns nothing face up and leads back to
a position it has already seen (without that rule a player who may move
cards to and fro would go round in circles), and stops after
:data:`MAX_MOVES` moves. What a player wins is won by a line of legal moves
that the tests and ``stats --verify`` replay; its win rate over many deals
is a lower bound on the best odds a player who cannot see the hidden cards
can have (:mod:`.fair`).

>>> from solitaire_solver import make_game
>>> from solitaire_solver.numbering import parse_deal_number
>>> g = make_game("decade")
>>> played = play(g, g.deal(parse_deal_number(3)), Player("greedy"))
>>> played.won, len(played.moves) > 0
(True, True)
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

import attrs

from ..errors import BadOptionError
from ..games import Game, Seen
from ..request import SolveRequest
from ..search import NO_LIMITS, Limit, Limits, SolveResult, Status
from .choice import fair_choice
from .fair import Leaves, fair_samples, legal_moves_seen

KINDS = ("fair", "greedy", "random")
"""The players there are."""

MAX_MOVES = 2000
"""A bound no real game reaches: a safety net, should a player's moves cycle."""


@attrs.frozen
class Player:
    """A player: its kind (:data:`KINDS`), the samples of the fair player's hints, and the
    seed that makes every run the same. ``str()`` gives the words a store keeps.

    The fair player's numbers left out (``samples`` ``None``, no ``limits``
    set) are the game's fair plan's (``game.plan.fair``), which
    :meth:`for_game` writes in: a run resolves them once, so that its
    store's words name the numbers it played with. Its figure is a lower
    bound whatever K is (a smaller K makes it choose worse, never peek), and
    the published tables name theirs (``--samples 16``): a long run is
    cheaper with a smaller one.
    """

    kind: str
    samples: int | None = None
    seed: int = 0
    limits: Limits = NO_LIMITS
    """The limits of each exact solve of the fair player's hints, and the first ones of a
    position with nothing hidden (:func:`solve_open`); none set: the fair plan's."""
    skip_unsettled: bool = False
    """The fair player's hints leave unsearched the samples its limits leave unknown as a
    whole (:func:`.fair.fair_choice`): a cheaper player where many are (Windmill)."""

    def __attrs_post_init__(self) -> None:
        if self.kind not in KINDS:
            raise BadOptionError(f"unknown player {self.kind!r} (players: {', '.join(KINDS)})")
        if self.samples is not None and self.samples < 1:
            raise BadOptionError(f"samples must be at least 1, not {self.samples}")

    def for_game(self, game: Game[Any, Any]) -> Player:
        """This player with the numbers it leaves to the plan taken from ``game``'s fair plan
        (:attr:`~.search.FairPlan.samples` and :attr:`~.search.FairPlan.limits`), its K checked
        against the plan's most (:func:`.fair.fair_samples`)."""
        return attrs.evolve(
            self,
            samples=fair_samples(game, self.samples),
            limits=SolveRequest.samples(game, self.limits).limits,
        )

    def __str__(self) -> str:
        if self.kind == "fair":
            # A number left to the plan has no word: resolve the player first
            # (for_game) where the words must name what was played.
            words = ["fair"]
            if self.samples is not None:
                words.append(f"samples={self.samples}")
            words.append(f"seed={self.seed}")
            if self.limits.max_states is not None:
                words.append(f"states={self.limits.max_states}")
            if self.skip_unsettled:
                words.append("unsettled=skip")
            return " ".join(words)
        if self.kind == "random":
            return f"random seed={self.seed}"
        return "greedy"

    @classmethod
    def parse(cls, text: str) -> Player:
        """A player from the words :meth:`__str__` writes (``fair samples=64 seed=0``)."""
        kind, *words = text.split()
        fields: dict[str, Any] = {}
        for w in words:
            if w == "unsettled=skip":
                fields["skip_unsettled"] = True
                continue
            m = re.fullmatch(r"(samples|seed|states)=(\d+)", w)
            if m is None:
                raise BadOptionError(f"bad player word {w!r} in {text!r}")
            name, value = m.group(1), int(m.group(2))
            if name == "states":
                fields["limits"] = Limits(max_states=value)
            else:
                fields[name] = value
        return cls(kind, **fields)


@attrs.frozen
class Played:
    """A deal played by a player: the moves, whether they won, the positions where it had
    a choice, the exact solves its hints took, and the seconds."""

    moves: tuple[Any, ...]
    won: bool
    choices: int
    solves: int
    seconds: float
    stopped: bool = False
    """The move bound (:data:`MAX_MOVES`) ended the game."""
    lost_at: int | None = None
    """With ``stop_when_lost``: the number of moves after which the real position was proved
    lost with full sight and the game ended there (``None``: it was played to its end)."""
    unsettled: Limit | None = None
    """The limit that stopped the fair player's solve of a position with nothing hidden
    (:func:`solve_open`): the game ended there, neither won nor lost (``None``: it did not)."""
    unsettled_value: int | float | None = None
    """The value of that limit (``None`` when no limit stopped it)."""


def solve_open(
    game: Game[Any, Any], state: Any, request: SolveRequest
) -> tuple[SolveResult[Any], int]:
    """Solve ``state``, a position with nothing hidden, as the fair player does; and the
    solves it took.

    The player sees the whole position, so she plays its exact solution.
    It is solved as ``request`` asks (the player's sample request, the
    limits of its samples' solves), and where its limits stop the solve,
    again under the limits ``solve`` has by default for the game's preset,
    when those allow more: so where nothing is hidden, from the start
    (Black Hole) or once every card is seen, the player settles what the
    solver settles. A position that settles under the request gets its
    line, as before. The result is unknown only when both stop it.
    """
    result = game.solve(state, request)
    limit = result.limit
    if result.status is not Status.UNKNOWN or limit is None:
        return result, 1
    had = request.limits.value(limit)
    # No limit given: the preset's defaults apply, as in ``solve``.
    default = SolveRequest.of(game)
    more = default.limits.value(limit)
    if more is not None and (had is None or more <= had):
        return result, 1
    return game.solve(state, default), 2


def _repeats(game: Game[Any, Any], seen: Seen[Any], move: Any, met: set[Seen[Any]]) -> bool:
    """Whether ``move`` turns nothing face up and leads to a position already met.

    Worked out on the position with the hidden places filled in a fixed
    order: a move that reveals nothing leads to the same thing seen whatever
    the hidden cards are, so this looks at none of them.
    """
    child = game.seen(game.apply(game.fill(seen.state, seen.unseen), move))
    return child.hidden == seen.hidden and child in met


def play(
    game: Game[Any, Any],
    start: Any,
    player: Player,
    *,
    deal: str = "",
    stop_when_lost: bool = False,
) -> Played:
    """Play ``start`` with ``player`` until it wins, has no move left, or :data:`MAX_MOVES`.

    ``deal`` (the deal number's text) goes into the seeds of the fair and
    random players, so that each deal of a run gets its own draws and a
    rerun the same ones. The real position is used only to apply the chosen
    move and to see what it shows; every choice reads :meth:`Game.seen` alone.

    With ``stop_when_lost`` the game is refereed: before each choice of the
    fair player, the real position is solved with full sight under the
    player's limits, and a proved loss ends the game there, lost
    (:attr:`Played.lost_at`). That is the outcome playing on would have:
    no line of moves from a lost position wins, the player's included. The
    referee's verdict reaches no choice (the game ends, or goes on as it
    would have), and its solves are not the player's (:attr:`Played.solves`
    leaves them out). It spares the choices after the game is lost, which
    are the dearest where the player's samples are mostly lost or beyond
    their limits (a Windmill endgame that is already lost).

    Where nothing is hidden the fair player plays the position's exact
    solution (:func:`solve_open`). When every limit there stops the solve,
    the game ends unsettled (:attr:`Played.unsettled`): the player did not
    play it out, so it is neither won nor lost. Every other game the
    player does not win is lost: it ended with no move left, the referee
    proved it lost, or the move bound stopped it. A choice whose samples
    were all left unsettled is still made (the tie-breaks decide), and the
    game goes on.
    """
    t0 = time.perf_counter()
    state = start
    moves: list[Any] = []
    choices = solves = 0
    rng = random.Random(f"{player.seed}:{deal}")
    met = {game.seen(state)}
    # What the exact fair values learn of positions with nothing hidden, kept
    # for the deal's later choices (fair.exact_values).
    leaves = Leaves.of(game)
    # The player's numbers, resolved once: every sample's solve, the referee's and the
    # first of a position with nothing hidden work under its limits.
    player = player.for_game(game)
    sample = SolveRequest.samples(game, player.limits)
    for step in range(MAX_MOVES):
        if game.is_won(state):
            return Played(tuple(moves), True, choices, solves, time.perf_counter() - t0)
        seen = game.seen(state)
        if player.kind == "fair" and not seen.hidden:
            # Nothing is hidden (any more): what the player sees is the whole
            # position, and she plays it as the solver does. Sampling K
            # copies of one position would tell her nothing more.
            result, used = solve_open(game, seen.state, sample)
            solves += used
            if result.won:
                moves += result.moves
                for m in result.moves:
                    state = game.apply(state, m)
            unknown = result.status is Status.UNKNOWN
            return Played(
                tuple(moves),
                game.is_won(state),
                choices,
                solves,
                time.perf_counter() - t0,
                unsettled=result.limit if unknown else None,
                unsettled_value=result.limit_value if unknown else None,
            )
        legal = [m for m in legal_moves_seen(game, seen) if not _repeats(game, seen, m, met)]
        if not legal:
            return Played(tuple(moves), False, choices, solves, time.perf_counter() - t0)
        fair = game.fair_move(seen) if player.kind == "fair" else None
        if fair is not None and fair in legal:
            move = fair
        elif len(legal) == 1:
            move = legal[0]
        else:
            if (
                stop_when_lost
                and player.kind == "fair"
                and game.solve(state, sample, verdict_only=True).status is Status.LOST
            ):
                return Played(
                    tuple(moves),
                    False,
                    choices,
                    solves,
                    time.perf_counter() - t0,
                    lost_at=len(moves),
                )
            choices += 1
            if player.kind == "greedy":
                move = game.greedy_order(seen.state, legal)[0]
            elif player.kind == "random":
                move = rng.choice(legal)
            else:
                # The best by the fair hint (see FairHint.best) among the moves
                # that do not go round in a circle; among equals, by the hint's
                # tie-breaks (FairHint.standing), which send a card home or turn
                # one face up: with every move as good as the next, cards moved
                # to and fro would be new positions for ever.
                move, used = fair_choice(
                    game,
                    seen,
                    legal,
                    samples=player.samples,
                    seed=f"{player.seed}:{deal}:{step}",
                    request=sample,
                    leaves=leaves,
                    skip_unsettled=player.skip_unsettled,
                )
                solves += used
        moves.append(move)
        state = game.apply(state, move)
        met.add(game.seen(state))
    return Played(tuple(moves), game.is_won(state), choices, solves, time.perf_counter() - t0, True)
