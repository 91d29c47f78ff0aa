"""Windmill's solver: the engine's strategies, the relaxation and the summaries, composed.

:func:`any_line` is a portfolio (:func:`~solitaire_solver.search.portfolio`)
whose members take turns, each keeping its work between turns: the
**beams** (:func:`beams`, beam searches of growing width, with beams over
sub-games beside them), which win most deals; the **relaxation**
(:func:`relaxation`), a loss prover; the **depth-first** search with the
sound prunes of :mod:`.pruning` (:func:`depth_first`), its **restarts** in
shuffled orders (:func:`restarts`), the **discrepancies** around the
play-first order (:func:`discrepancies`) and the **relaxed depth-first**
search (:class:`.RelaxedPruned`), which find wins a few early choices away
from the play-first line and prove losses; and, on the last pass under
restricted rules, the **summaries** (:mod:`.summaries`).

Every member searches the rank model (:mod:`.model`), compact positions by
ranks alone; the real position is only where a solve starts and where its
line is replayed. Every lost verdict comes from a complete member: the
relaxation, the depth-first searches, the summaries, or a beam over the
game's own rules that never dropped a position. Wins of any member are real
lines: each is lifted from the rank model move by move
(:func:`.model.lifted`), and the tests replay every won line.

:func:`shortest_line` is A* on the rank model; a shortest solve runs it once
:func:`any_line` has a line (:meth:`~solitaire_solver.games.base.Game.solve`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from ...search import (
    Budget,
    Cap,
    Factory,
    Memo,
    Plan,
    PlanMember,
    Run,
    Shortest,
    Strategy,
    beam,
    best_first,
    chain,
    compiled,
    compose,
    dfs,
    lds,
    named,
    restarted,
)
from . import kernel
from .kernel import (
    AHEAD,
    AHEAD_SHUFFLED,
    BURIED,
    NEEDS,
    PLAIN,
    SHUFFLED,
    beam_order,
)
from .model import FIRST_MOVE_READS, Compact, RankModel, compact, lifted, rank_model
from .pruning import Pruned
from .relaxation import RelaxedPruned, relaxed_run
from .rules import WindmillProblem, WindmillState, on_last_pass
from .summaries import can_summarise, summary_run

PLAN: Plan = Plan(
    (
        PlanMember(
            "beams",
            1.0,
            {
                # Tried in turn, each four times the last; at each width, beams
                # in the orders and over the sub-games below (see beams).
                "widths": (8, 32, 128, 512, 2048, 8192, 32768, 131072, 524288),
                # The widest beam in the plain order (fewest cards off, then
                # the longest primary).
                "plain_up_to": 32768,
                # The narrowest beam in the shuffled order (ties broken by a
                # seeded hash), which runs at every width from there on. A beam
                # keeps, among positions of equal score, those it found first,
                # which come from the same few positions of the round before;
                # breaking the ties at random keeps a more varied set. On the
                # 183 deals of 1..1,000 (of the three variants) that the solver
                # left unknown with beams up to 32,768 wide, one beam of 32,768
                # won 9 of them in the plain order and 14 shuffled, and one of
                # 131,072 won 21 plain and 25 shuffled, largely other deals
                # (docs/design/games/windmill.md).
                "shuffled_from": 8192,
                # The seed of the shuffled order's hash in the ladder of widths.
                "shuffle_seed": 1,
                # The widths in the buried order (twice the cards off plus the
                # waste cards above the first card the primary needs): at
                # 32,768, 14 of the 183 deals above, several of them ones
                # neither other order won at that width.
                "buried_widths": (8192, 32768),
                # The widths in the ahead order (twice the cards off plus the
                # waste cards above the shallowest copies of the primary's next
                # three ranks): the buried order looks one card ahead, and a
                # waste that buries the card after next is a debt as well. Of
                # the 115 deals of 1..1,000 (of the three variants) the tables
                # left unknown, one beam of 32,768 won 4 (windmill 399,
                # reversed 91 and 923, free 399); beams of 8,192 and 131,072
                # won 3 of those and no other, so they do not run. Of the 626
                # of 1,001..10,000 (windmill and reversed), it won 5, all
                # reversed.
                "ahead_widths": (32768,),
                # Two more orders, at no width by default: the needs order (the
                # same debt over the next rank of the primary and of each
                # secondary: the secondaries take half the cards), which won
                # none of 112 of those deals at 32,768, and the ahead order with
                # its ties broken as the shuffled order breaks them, which won
                # only deals the ahead order won.
                "needs_widths": (),
                "ahead_shuffled_widths": (),
                # Whether beams also run over sub-games (and, under free
                # rules, over the restricted rules): false leaves the game's
                # own beams alone.
                "sub_games": True,
                # The widest beam also run over sub-games.
                "sub_games_up_to": 2048,
                # Under free rules, the widest beam also run over the
                # restricted rules (sub-game 0): at that width it won 5 of the
                # 72 deals of 1..1,000 that the free beams had left unknown.
                "restricted_up_to": 8192,
                # The sub-games' numbers of held ranks, one beam each: different
                # sub-games win different deals.
                "sub_game_holds": (1, 2, 3),
                # After the ladder, shuffled beams of this width with the seeds
                # 2, 3, ..., more_seeds at most: the solve's limit, not the
                # ladder, decides when the beams stop, and beams of one width
                # with other seeds keep other positions and win other deals, in
                # steps of about 17 million states, small enough that little of
                # the limit is left unused.
                "seed_width": 131072,
                "more_seeds": 64,
            },
        ),
        # Under the default limit the relaxation may expand 35,000,000 relaxed
        # positions: the deals of 1..1,000 it proves lost take up to 25,247,395
        # (foundation_moves=free deal 611). A larger states limit gives it a
        # quarter (the default cap's share of the default limit, 35,000,000 of
        # 140,000,000); with none, no cap. Why a quarter stays within the
        # limit: see relaxation.
        PlanMember("relaxation", 1.0, cap=Cap(35_000_000, 0.25), when="on the last pass"),
        PlanMember("depth-first", 1 / 512),
        # The first shuffled attempt may expand 20,000 states, the next twice as many.
        PlanMember("restarts", 1 / 1024, {"first": 20_000}),
        # Over the rank model it wins windmill deals 128, 288 and 383 after
        # 122,713, 178,228 and 1,707,490 positions of its own, which no beam
        # wins, so its share of the default limit (about 2,150,000) must hold
        # that many; compiled (search/native/lds.h), about 0.3 µs each.
        PlanMember("discrepancies", 1 / 32),
        # The relaxation asked as a dead-end test from 12 waste cards, each
        # test at most 2,000 relaxed positions (see RelaxedPruned).
        PlanMember("relaxed depth-first", 1 / 256, {"deep": 12, "test_states": 2000}),
        PlanMember("summaries", 1 / 512, when="on the last pass under restricted rules"),
    ),
    base=8192,
    growth=2.0,
    # A shortest solve's search for a shorter line: A* on the rank model.
    shortest=Shortest(members=(PlanMember("A* over the rank model", factory="a-star"),)),
)
"""Windmill's solver as data (:class:`~solitaire_solver.search.Plan`): the members of the
portfolio of :func:`any_line` in the order they take their turns, their weights, the
relaxation's cap, and the beams' ladder; a member of weight 1 expands up to 8,192 states
in the first round. Why these shares: see :func:`any_line`. A shortest solve then runs
:func:`shortest_line`."""

ORDER_NAMES = {
    PLAIN: "plain",
    SHUFFLED: "shuffled",
    BURIED: "buried",
    AHEAD: "ahead",
    NEEDS: "needs",
    AHEAD_SHUFFLED: "ahead shuffled",
}
"""The orders a beam keeps its candidates in (:data:`.kernel.PLAIN`...), in words."""

HASHED = (SHUFFLED, AHEAD_SHUFFLED)
"""The orders that break ties by a hash of the position and a seed (on the last pass only)."""

Pair = tuple[Any, Any]
"""A move and the position it leads to, as :func:`~solitaire_solver.search.dfs` orders them."""


def beams(
    problem: WindmillProblem,
    start: WindmillState,
    *,
    model: RankModel | None = None,
    **ladder: Any,
) -> Strategy:
    """The beams of growing width, as one chain, with their wins lifted to real moves.

    ``ladder`` changes the parameters of :data:`PLAN`'s ``beams`` member
    (each of which the member has). The widths are tried in turn; each beam
    keeps, at each card dealt, the ``width`` compact positions that come
    first in its order, and follows every play from them (engine
    :func:`~solitaire_solver.search.beam` with the plays within a round and
    the deal across; its table is emptied each round, every round dealing a
    card). At each width the beams run in the orders :func:`orders_at` gives
    (the plain order, then the shuffled one, then the buried, ahead, needs
    and ahead shuffled ones, each at the widths the plan gives it), and after
    them, up to ``sub_games_up_to`` wide (none when ``sub_games`` is false),
    over sub-games, rules with some moves left out: for each k of
    ``sub_game_holds``, one where no waste or reserve card of the next k
    ranks the primary needs goes to a secondary (taken over the restricted
    rules under free rules). Under free rules
    the restricted rules are a sub-game too, and their beam runs before the
    game's at each width up to ``restricted_up_to``. A beam keeps the
    positions that look best, and in the full game those are often
    positions that gave the primary's next cards to secondaries, or under
    free rules that shuffled cards between foundations; the sub-games
    cannot, so their beams keep other positions. Every line of a sub-game
    is a line of the game (its moves are moves of the game), so their wins
    are real wins; they never prove a loss. A beam over the game's own
    rules that never dropped a position has visited everything reachable,
    and then finding no win proves the loss, whatever its order. After the
    widths come ``more_seeds`` shuffled beams of ``seed_width`` with the
    seeds 2, 3, ... (on the last pass; none by default after widths other
    than the plan's). ``model`` is the game's own rank model (a new one by
    default), so that others can share its memo.
    """
    plan = dict(PLAN.member("beams").params)
    for name in ladder:
        if name not in plan:
            raise ValueError(f"the beams have no parameter {name!r} (theirs: {', '.join(plan)})")
    if ladder.get("widths", plan["widths"]) != plan["widths"]:
        plan["more_seeds"] = 0
    plan.update(ladder)
    own = model or rank_model(problem)
    sub_games = plan["sub_games"]
    restricted = rank_model(problem, free=False) if problem.free else None
    held = [rank_model(problem, free=False, hold=k) for k in plan["sub_game_holds"]]
    last_pass = on_last_pass(problem.rules, start.redeals_used)

    def ladder_() -> Iterator[Strategy]:
        # Made one beam at a time as the chain reaches it: most positions a
        # fair hint solves are won by the first beams, and the ladder is long.
        for width in plan["widths"]:
            if sub_games and restricted is not None and width <= plan["restricted_up_to"]:
                # Free rules: the restricted rules' beam first. It costs about
                # 60% of the free one and won more of the hard deals (see
                # restricted_up_to in PLAN).
                yield beam_over(restricted, start, width)
            for order in orders_at(width, last_pass, plan):
                yield beam_over(own, start, width, order, plan["shuffle_seed"])
            if sub_games and width <= plan["sub_games_up_to"]:
                for m in held:
                    yield beam_over(m, start, width)
        if last_pass:
            for k in range(plan["more_seeds"]):
                yield beam_over(own, start, plan["seed_width"], SHUFFLED, 2 + k)

    def run(budget: Budget) -> Run:
        return chain(ladder_(), budget)

    return run


def orders_at(width: int, last_pass: bool, ladder: Mapping[str, Any]) -> list[int]:
    """The orders of the game's beams of ``width``, in the order they run, by ``ladder``,
    the parameters of the ``beams`` member of :data:`PLAN`.

    Plain up to ``plain_up_to``, shuffled from ``shuffled_from`` (on the
    last pass only, where positions have the kernel's form to hash; plain
    instead before it), buried at ``buried_widths``, ahead at
    ``ahead_widths``, needs at ``needs_widths``, ahead shuffled at
    ``ahead_shuffled_widths`` (ahead before the last pass); at least one.
    """
    out: list[int] = []
    if width <= ladder["plain_up_to"]:
        out.append(PLAIN)
    if width >= ladder["shuffled_from"]:
        out.append(SHUFFLED if last_pass else PLAIN)
    if width in ladder["buried_widths"]:
        out.append(BURIED)
    if width in ladder["ahead_widths"]:
        out.append(AHEAD)
    if width in ladder["needs_widths"]:
        out.append(NEEDS)
    if width in ladder["ahead_shuffled_widths"]:
        out.append(AHEAD_SHUFFLED if last_pass else AHEAD)
    return list(dict.fromkeys(out)) or [PLAIN]


def beam_over(
    model: RankModel, start: WindmillState, width: int, order: int = PLAIN, seed: int = 0
) -> Strategy:
    """One beam of ``width`` over ``model`` (the game's rank model or a sub-game's) from
    ``start``: the engine's beam, plays within a round, a card dealt across.

    Candidates are kept by ``order`` (:data:`.kernel.PLAIN`, ``SHUFFLED``
    with ``seed``, ``BURIED``, ``AHEAD``, ``NEEDS`` or ``AHEAD_SHUFFLED`` with ``seed``; the
    shuffled ones only on the last pass, where positions have the kernel's form to hash).
    Compiled (:mod:`.kernel`) where the kernel applies, on the last pass; else the engine's
    beam over the Python model. The two expand the same positions in the same order
    and reach the same verdicts (the tests compare them); the compiled one
    costs a fraction of the time. Its wins are lifted to real moves; it proves a loss
    only over the game's own rules, when it dropped nothing (see :func:`beams`).
    """
    name = f"width {width:,}" + (f", {model.label}" if model.label else "")
    if order != PLAIN:
        name += f", {ORDER_NAMES[order]}" + (f" {seed}" if order in HASHED else "")
    root = compact(start)
    if order in HASHED and not on_last_pass(model.problem.rules, root[6]):
        raise ValueError("a shuffled beam needs a position on its last pass")
    if kernel.can_search(model, root):
        search = _on_kernel(model, lambda: kernel.beam(model, root, width, order, seed))
        return lifted(named(search, name), model, start)
    ranks = kernel.pass_ranks(root) if order in HASHED else b""
    score = beam_order(model, order, ranks, seed)

    def run(budget: Budget) -> Run:
        return beam(
            model,
            root,
            budget,
            width,
            score=score,
            within=model.within,
            across=model.across,
            exact=not model.sub_game,
            forget=True,
        )

    return lifted(named(run, name), model, start)


def depth_first(
    problem: WindmillProblem,
    start: WindmillState,
    *,
    pruned: Pruned | None = None,
    memo: Memo | None = None,
) -> Strategy:
    """The engine's depth-first search over the rank model from ``start`` with the sound
    prunes, its win lifted to real moves.

    ``pruned`` gives the model and its prunes (:class:`.Pruned` by default;
    :class:`.RelaxedPruned` adds the relaxation's dead-end test, to which
    the engine gives the budget of the search, its relaxed searches charged
    to it). Moves are tried in the rank model's order
    (:meth:`~.model.RankModel.moves`): the plays, then the deal. Its
    exhaustion proves a loss. ``memo`` shares the keys (compact positions) proved lost
    with other searches of the same deal; the twin rule's argument holds
    with it (a clear twin in the memo is lost), and so does the
    relaxation's (a key it skips is lost).
    """
    hooks = pruned or Pruned(problem)
    root = hooks.root(start)

    def run(budget: Budget) -> Run:
        return dfs(hooks, root, budget, memo=memo)

    return lifted(run, hooks, start)


def shuffled(seed: int) -> Callable[[list[Pair]], list[Pair]]:
    """A move order for :func:`~solitaire_solver.search.dfs`: each state's moves shuffled.

    The shuffle is drawn from a generator seeded with ``seed``, so an
    attempt is the same every time it is run.
    """
    rng = random.Random(seed)

    def order(pairs: list[Pair]) -> list[Pair]:
        rng.shuffle(pairs)
        return pairs

    return order


def restarts(
    problem: WindmillProblem,
    start: WindmillState,
    *,
    pruned: Pruned | None = None,
    first: int = PLAN.member("restarts").param("first"),
) -> Strategy:
    """Depth-first attempts from ``start`` in shuffled orders, with growing allowances.

    Attempt ``k`` is the search of :func:`depth_first` with each state's moves
    in the order :func:`shuffled` gives for seed ``k``, allowed ``first``
    states times two to the ``k``
    (:func:`~solitaire_solver.search.restarted`). The plain depth-first search
    commits to playing before dealing at every state; an attempt in another
    order tries other early choices, and a deal's win that lies one early
    choice away from the first line is found by some attempt long before the
    first line's subtree is exhausted. An attempt that runs to its end is a
    complete search (every child is tried in any order), so its loss is
    proved.
    """
    hooks = pruned or Pruned(problem)
    root = hooks.root(start)

    def make(k: int) -> Strategy:
        order = shuffled(k)

        def attempt(budget: Budget) -> Run:
            return dfs(hooks, root, budget, order=order)

        return attempt

    def run(budget: Budget) -> Run:
        return restarted(make, budget, first=first)

    return lifted(run, hooks, start)


def discrepancies(
    problem: WindmillProblem, start: WindmillState, *, model: RankModel | None = None
) -> Strategy:
    """Limited discrepancy search from ``start`` around the play-first order, over the rank
    model.

    The preferred move at each position is the first of the model's
    :meth:`~.model.RankModel.moves` (the plays, the waste's card first, then
    the deal); iteration ``k`` follows every line that leaves it at most
    ``k`` times (:func:`~solitaire_solver.search.lds`). A win a few early
    choices away from the play-first line comes in an early iteration.

    ``model`` is the game's own rank model (a new one by default). Its moves
    are the game's at the level of ranks (the tests compare them with the
    real rules' on random play), so an iteration that refused nothing has
    searched every position the game can reach, and proves the loss.
    """
    own = model if model is not None else rank_model(problem)
    root = compact(start)
    if kernel.can_search(own, root):
        # The same search compiled, over the kernel's moves (the same
        # positions in the same order, the tests check), a position in a
        # small fraction of the time.
        return lifted(_on_kernel(own, lambda: kernel.discrepancies(own, root)), own, start)

    def run(budget: Budget) -> Run:
        return lds(own, root, budget)

    return lifted(run, own, start)


def _on_kernel(model: RankModel, make: Callable[[], Any]) -> Strategy:
    """A compiled search of ``model`` (``make`` gives it when the strategy runs) under the
    engine's budget, its line the model's compact positions: a loss is proved only over the
    game's own moves (not a sub-game's). Only the part of the line the caller reads is
    made (:data:`.model.FIRST_MOVE_READS` positions when the first move is wanted, none for
    the verdict alone): a line is about 190 positions."""

    def run(budget: Budget) -> Run:
        search = make()

        def line_of(line: Sequence[bytes]) -> list[Compact]:
            wanted = budget.wants_line
            if wanted == "whole":
                return kernel.line(line)
            return kernel.line(line[:FIRST_MOVE_READS]) if wanted == "first" else []

        return compiled(search, budget, exact=not model.sub_game, moves=line_of)

    return run


def relaxation(
    problem: WindmillProblem, start: WindmillState, *, model: RankModel | None = None
) -> Strategy:
    """The relaxation cut at the first position where a play is possible, as a loss prover.

    :func:`.relaxation.relaxed_run`: ``LOST`` when the relaxed game is lost
    (a proof, see :mod:`.relaxation`), no verdict when it is won (the member
    then leaves the portfolio). Its cap is the plan's (:data:`PLAN`): the
    default one stays within the default limit's reach. Say the relaxation
    reaches its cap ``c`` in round ``R``: it had fewer than ``c`` through
    round ``R - 1``, 8,192 x (2^R - 1) (its weight is the beams'); the
    beams, whose turn comes first, had 8,192 x (2^(R+1) - 1) through round
    ``R``, less than ``2 c + 8,192``; the members after it, of weights
    0.0401 in all, less than 0.0401 of the beams'. So the solve has spent
    less than ``3.09 c + 8,600`` states, plus one dead-end test a round by
    which the relaxed depth-first search may run over its turn: under the
    limit when ``c`` is a quarter of it. ``model`` is the game's rank model
    (a new one by default), whose moves reach the cut.
    """
    own = model if model is not None else rank_model(problem)
    root = compact(start)

    def run(budget: Budget) -> Run:
        return relaxed_run(own, root, budget)

    return run


def factories(
    problem: WindmillProblem,
    start: WindmillState,
    *,
    memo: Memo | None = None,
) -> dict[str, Factory]:
    """The members :data:`PLAN` may name, for ``start``, by name.

    The two depth-first searches for wins (depth-first, restarts) share one
    rank model with the plain prunes (:class:`.Pruned`); the third, a search
    for losses, has the relaxation of deep wastes as its dead-end test too
    (:class:`.RelaxedPruned`), whose relaxed searches would otherwise eat
    the turns of the others. The beams, the relaxation, the summaries and
    the discrepancy search share the game's rank model. ``memo`` goes to the two
    depth-first searches (see :func:`depth_first`). The summaries apply
    only on the last pass under restricted rules. ``a-star`` is the search
    of the plan's shortest section (:func:`shortest_line`).
    """
    own = rank_model(problem)
    plain: list[Pruned] = []

    def shared() -> Pruned:
        if not plain:
            plain.append(Pruned(problem))
        return plain[0]

    def make_beams(**ladder: Any) -> Strategy:
        return beams(problem, start, model=own, **ladder)

    def make_relaxed(deep: int, test_states: int) -> Strategy:
        relaxed = RelaxedPruned(problem, deep=deep, states=test_states)
        return depth_first(problem, start, pruned=relaxed, memo=memo)

    def make_summaries() -> Strategy | None:
        if not can_summarise(problem, start):
            return None

        def settle(budget: Budget) -> Run:
            return summary_run(problem, start, budget, model=own)

        return settle

    return {
        "beams": make_beams,
        "relaxation": lambda: relaxation(problem, start, model=own),
        "depth-first": lambda: depth_first(problem, start, pruned=shared(), memo=memo),
        "restarts": lambda first: restarts(problem, start, pruned=shared(), first=first),
        "discrepancies": lambda: discrepancies(problem, start, model=own),
        "relaxed depth-first": make_relaxed,
        "summaries": make_summaries,
        "a-star": lambda: shortest_line(problem, start),
    }


def any_line(
    problem: WindmillProblem,
    start: WindmillState,
    *,
    plan: Plan = PLAN,
    widths: tuple[int, ...] | None = None,
    with_depth_first: bool = True,
    with_summaries: bool = True,
    with_relaxation: bool = True,
    memo: Memo | None = None,
) -> Strategy:
    """The beams, the relaxation, the depth-first searches and the summaries in a portfolio.

    The members of ``plan`` (:data:`PLAN` by default) take turns of growing
    shares, in the plan's order in each round
    (:func:`~solitaire_solver.search.compose`). The summaries take part only
    on the last pass under restricted rules (where they apply). The keyword
    arguments leave members or beams out, for tests and measurements; each
    is a change of the plan, which a plan file can make as well
    (``solve --plan``): ``widths`` the beams' ``widths`` (with no more seeds
    after a ladder other than the plan's: ``more_seeds`` 0), ``with_relaxation``
    false the weight 0 of both members that use the relaxation,
    ``with_depth_first`` false that of the four depth-first searches,
    ``with_summaries`` false that of the summaries. Without the depth-first
    searches the solver may end with no verdict.

    Why these shares. A state is a position expanded by any member, and
    the members' positions do not cost the same: the beams and the
    relaxation run compiled (:mod:`.kernel`, about 0.1 to 0.4 µs a position),
    the depth-first searches and the summaries in Python (several µs). The beams,
    which win the deals, and the relaxation, which proves the losses from
    the deal, share the states equally; the relaxation leaves the portfolio
    once its relaxed game is won (at once on most deals: a relaxed game is
    won as soon as its stack is dug out) or its cap is reached
    (see :func:`relaxation`). The four depth-first searches and the summaries
    share 1/512 + 1/1024 + 1/32 + 1/256 + 1/512 = 0.0401 of the beams'
    states (0.0381 without the summaries, which run only on the last pass
    under restricted rules; the depth-first search with the relaxation as
    its dead-end test spends most of its share on compiled relaxed
    searches, and the discrepancy search runs compiled over the kernel's
    rank model): small shares of costly states that still find
    the wins a few early choices away from the play-first line within the
    portfolio's bound. That bound: a member that settles a position after n
    states of its own ends the solve within n + (W - w) / w * (growth * n +
    base * w) states for weight w of a total W, whatever the others do:
    free deal 442, which the depth-first search alone wins in 2,191 states,
    is won all the same, and deal 6543, which the relaxation alone proves
    lost in 23,638 relaxed positions, is proved lost after about twice as
    many. A first turn of 8,192 states holds most wins of the beams (the
    median won deal takes about 1,600), and those cost what the beams alone
    cost plus the relaxation's first turn at most. The default limit
    (:data:`.game.DEFAULT_MAX_STATES`, 140,000,000 states) leaves room for
    the ladder of widths (about 100 million states on a deal none of its
    beams wins) beside the relaxation's cap; on a deal whose relaxation
    leaves at once, the rest goes to beams with more seeds.
    """
    if widths is not None:
        ladder = dict(plan.member("beams").params)
        seeds = ladder["more_seeds"] if widths == ladder["widths"] else 0
        plan = plan.with_member("beams", widths=widths, more_seeds=seeds)
    if not with_relaxation:
        plan = plan.with_member("relaxation", weight=0)
        plan = plan.with_member("relaxed depth-first", weight=0)
    if not with_depth_first:
        for name in ("depth-first", "restarts", "discrepancies", "relaxed depth-first"):
            plan = plan.with_member(name, weight=0)
    if not with_summaries:
        plan = plan.with_member("summaries", weight=0)
    return compose(plan, factories(problem, start, memo=memo))


def shortest_line(problem: WindmillProblem, start: WindmillState) -> Strategy:
    """A shortest line by A* on the rank model, lifted to real moves.

    A* runs with the model's admissible heuristic (cards not yet home,
    argued in :class:`~.model.RankModel`); a compact move is one real move,
    so its shortest line, lifted, is a shortest real line. From a deal it
    rarely finishes: a shortest solve runs it after :func:`any_line` has a
    line, and keeps that line when a limit stops it
    (:func:`~solitaire_solver.search.shortened`).
    """
    model = rank_model(problem)
    root = compact(start)

    def run(budget: Budget) -> Run:
        return best_first(model, root, budget, proves_shortest=True)

    return lifted(run, model, start)
