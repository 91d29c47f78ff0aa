"""Measure Decade's exact fair value: how far it reaches, and bounds on the whole game.

    PYTHONPATH=. python benchmarks/games/decade_exact.py positions --preset decade --max-unseen 14
    PYTHONPATH=. python benchmarks/games/decade_exact.py table --preset decade --max-unseen 2
    PYTHONPATH=. python benchmarks/games/decade_exact.py whole --preset decade --max-nodes 20000000
    PYTHONPATH=. python benchmarks/games/decade_exact.py bounds --preset decade --max-unseen 10 \\
        --samples 2000

``positions``: positions of random play (a uniformly shuffled deck, random
legal moves) with 4, 6, ... up to ``--max-unseen`` cards in the stock; for
each the exact value, the states expanded, the memo and the CPU seconds,
then the median states per stock size and their growth per card.

``table``: :class:`FairTable` (every state worth more than 0 with at most
``--max-unseen`` unseen cards, compulsory rules), level by level, with the
states, seconds and the process's peak memory; ``--max-states`` stops a
level that grows past it.

``whole``: the value of the start of the whole game (52 unseen cards, three
dealt before the first discard) under ``--max-nodes``.

``bounds``: sampled bounds on the whole game's fair value, from
``--samples`` uniformly shuffled decks. Under compulsory rules, with N =
``--max-unseen``:

- lower: a player who sees only what the rules show plays a fixed policy
  until the stock holds N cards, then plays exactly (the exact fair value of
  the position there); the policy picks, among the runs it may discard, the
  one after which random orders of the unseen cards (``--rollouts`` of them,
  drawn independently of the deal) are most often thoughtfully winnable;
- upper: a player who foresees the order of every card but the last N, and
  then plays exactly: the best exact fair value over the positions any play
  reaches when the stock holds N cards. Foresight can only help, so its
  mean is at least the fair value;
- thoughtful: the game's own solver on the same decks (full sight).

Each is a mean over the decks with its 95% interval (normal approximation),
and the difference upper - lower with its own interval (the same decks).
Under optional rules the fair value equals the thoughtful one (see
``solitaire_solver/games/decade/exact.py``), so ``bounds`` samples only the
thoughtful verdict. Times are CPU seconds of this process.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import resource
import statistics
import time
from collections.abc import Sequence

from solitaire_solver.cards import Card
from solitaire_solver.games.decade import Decade, DecadeRules, DecadeState
from solitaire_solver.games.decade.exact import FairSolver, fair_value
from solitaire_solver.games.decade.table import FairTable
from solitaire_solver.games.decade.unseen import deck_counts
from solitaire_solver.request import SolveRequest

PRESETS = {"decade": DecadeRules(), "decade-optional": DecadeRules(compulsory=False)}
DECK = [min(r + 1, 10) for r in range(13)] * 4


def peak_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux reports KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def runs(line: Sequence[int], rules: DecadeRules) -> list[tuple[int, int]]:
    """Every run of ``line`` as (i, j): ``line[i:j]``."""
    hi = 52 if rules.max_run is None else rules.max_run
    out = []
    for i in range(len(line)):
        total = 0
        for j in range(i, min(len(line), i + hi)):
            total += line[j]
            if total > max(rules.sums):
                break
            if j - i + 1 >= rules.min_run and total in rules.sums:
                out.append((i, j + 1))
    return out


def random_position(
    rng: random.Random, rules: DecadeRules, unseen: int
) -> tuple[list[int], list[int]]:
    """Random legal play on a shuffled deck until the stock holds ``unseen`` cards (no run left).

    Under compulsory rules, positions that the cheap zero test already
    settles (more value left than ``unseen`` discards can remove) are drawn
    again: random play reaches many, and they cost the search nothing.
    """
    while True:
        line, stock = random_play(rng, rules, unseen)
        if not rules.compulsory or sum(line) + sum(stock) <= max(rules.sums) * unseen:
            return line, stock


def random_play(rng: random.Random, rules: DecadeRules, unseen: int) -> tuple[list[int], list[int]]:
    deck = DECK[:]
    rng.shuffle(deck)
    line, k = deck[:3], 3
    while True:
        found = runs(line, rules)
        there = 52 - k == unseen
        if there and not found:
            return line, deck[k:]
        if found and (there or rules.compulsory or rng.random() < 0.6):
            i, j = rng.choice(found)
            del line[i:j]
        else:
            line.append(deck[k])
            k += 1


def positions(args: argparse.Namespace, rules: DecadeRules) -> None:
    rng = random.Random(args.seed)
    medians: dict[int, float] = {}
    print("unseen  line  states expanded  memo  cpu s  value")
    for u in range(4, args.max_unseen + 1, 2):
        counts = []
        for _ in range(args.samples):
            line, stock = random_position(rng, rules, u)
            solver = FairSolver(rules, max_nodes=args.max_nodes)
            t = time.process_time()
            got = solver.value(line, stock, with_moves=False)
            cpu = time.process_time() - t
            shown = "unknown" if got.probability is None else f"{got.probability:.4f}"
            print(f"{u:6}  {len(line):4}  {got.nodes:15,}  {got.memo_size:,}  {cpu:.2f}  {shown}")
            counts.append(got.nodes)
        medians[u] = statistics.median(counts)
    print(f"peak memory {peak_mb():,.0f} MB")
    sizes = sorted(medians)
    for a, b in itertools.pairwise(sizes):
        if medians[a] > 0:
            growth = (medians[b] / medians[a]) ** (1 / (b - a))
            print(f"median states {a} -> {b} unseen: x{growth:.2f} per card")


def table(args: argparse.Namespace, rules: DecadeRules) -> None:
    t = time.process_time()

    def report(level: int, states: int, seconds: float) -> None:
        print(f"level {level}: {states:,} states, {seconds:.1f} s, peak {peak_mb():,.0f} MB")

    built = FairTable.build(rules, args.max_unseen, report=report, max_states=args.max_states)
    print(f"levels 0..{built.max_unseen}: {sum(built.level_sizes):,} states")
    if built.max_unseen < args.max_unseen:
        print(f"level {built.max_unseen + 1} passed {args.max_states:,} states: stopped")
    print(f"cpu {time.process_time() - t:.1f} s, peak {peak_mb():,.0f} MB")


def whole(args: argparse.Namespace, rules: DecadeRules) -> None:
    t = time.process_time()
    got = fair_value(rules, [], deck_counts(), start=True, max_nodes=args.max_nodes)
    cpu = time.process_time() - t
    if got.value is None:
        print(f"unknown: stopped after {got.nodes:,} states expanded")
    else:
        print(f"fair value {got.value} = {got.probability:.6f}")
    print(f"memo {got.memo_size:,}, cpu {cpu:.1f} s, peak {peak_mb():,.0f} MB")


def as_state(line: Sequence[int], stock: Sequence[int]) -> DecadeState:
    """A game position whose cards have these values (any suits)."""
    free = {v: [Card(c) for c in range(52) if min(c % 13 + 1, 10) == v] for v in range(1, 11)}
    cards = tuple(free[v].pop() for v in line)
    return DecadeState(cards, cards + tuple(free[v].pop() for v in stock), len(cards))


def thoughtful(game: Decade, line: Sequence[int], stock: Sequence[int]) -> bool:
    return game.solve(as_state(line, stock), SolveRequest.of(game)).won


def after_runs(line: list[int], rules: DecadeRules) -> set[tuple[int, ...]]:
    """Every run-free line that discards can leave from ``line`` (compulsory rules)."""
    found = runs(line, rules)
    if not found:
        return {tuple(line)}
    out: set[tuple[int, ...]] = set()
    for i, j in found:
        out |= after_runs(line[:i] + line[j:], rules)
    return out


def rollout_wins(
    game: Decade, line: Sequence[int], stock: Sequence[int], rng: random.Random, rollouts: int
) -> int:
    """How many of ``rollouts`` random orders of ``stock`` are thoughtfully won after ``line``."""
    wins = 0
    for _ in range(rollouts):
        order = list(stock)
        rng.shuffle(order)
        wins += thoughtful(game, line, order)
    return wins


def policy_play(
    deck: list[int], rules: DecadeRules, n: int, game: Decade, rng: random.Random, rollouts: int
) -> tuple[int, ...]:
    """The line when the stock holds ``n`` cards, under the lower bound's policy."""
    line, k = deck[:3], 3
    while True:
        stock = deck[k:]
        if len(stock) == n:
            return tuple(line)
        options = sorted(after_runs(line, rules))
        if len(options) > 1:
            # What the player may know: the line and the multiset of the stock.
            scores = [rollout_wins(game, option, stock, rng, rollouts) for option in options]
            line = list(options[scores.index(max(scores))])
        else:
            line = list(options[0])
        line.append(deck[k])
        k += 1


def foreseen(deck: list[int], rules: DecadeRules, n: int) -> set[tuple[int, ...]]:
    """Every line that some play reaches when the stock holds ``n`` cards (just dealt to)."""
    seen: set[tuple[tuple[int, ...], int]] = set()
    out: set[tuple[int, ...]] = set()
    todo = [(tuple(deck[:3]), 3)]
    while todo:
        line, k = todo.pop()
        if (line, k) in seen:
            continue
        seen.add((line, k))
        if 52 - k == n:
            out.add(line)
            continue
        for kept in after_runs(list(line), rules):
            todo.append(((*kept, deck[k]), k + 1))
    return out


def interval(values: Sequence[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{mean:.4f} +- {half:.4f} (95%: {mean - half:.4f} .. {mean + half:.4f})"


def bounds(args: argparse.Namespace, rules: DecadeRules) -> None:
    rng = random.Random(args.seed)
    game = Decade(rules)
    t = time.process_time()
    if not rules.compulsory:
        won = []
        for _ in range(args.samples):
            deck = DECK[:]
            rng.shuffle(deck)
            won.append(float(thoughtful(game, deck[:3], deck[3:])))
        print(f"{args.samples} decks: thoughtful = fair {interval(won)}")
        print(f"cpu {time.process_time() - t:.1f} s")
        return
    n = args.max_unseen
    lower, upper, sight, gap, reached = [], [], [], [], []
    policy_rng = random.Random(args.seed + 1)
    for _ in range(args.samples):
        deck = DECK[:]
        rng.shuffle(deck)
        stock = deck[52 - n :]
        solver = FairSolver(rules)
        line = policy_play(deck, rules, n, game, policy_rng, args.rollouts)
        lo = solver.value(line, stock, with_moves=False).probability
        lines = foreseen(deck, rules, n)
        hi = max(solver.value(x, stock, with_moves=False).probability or 0.0 for x in lines)
        assert lo is not None and lo <= hi + 1e-12
        lower.append(lo)
        upper.append(hi)
        gap.append(hi - lo)
        reached.append(len(lines))
        sight.append(float(thoughtful(game, deck[:3], deck[3:])))
    print(f"{args.samples} decks, exact play from {n} unseen cards on")
    print(f"  lower (policy, then exact): {interval(lower)}")
    print(f"  upper (foresight, then exact): {interval(upper)}")
    print(f"  upper - lower: {interval(gap)}")
    print(f"  thoughtful (full sight): {interval(sight)}")
    print(f"  positions foreseen per deck: median {statistics.median(reached)}, max {max(reached)}")
    print(f"cpu {time.process_time() - t:.1f} s, peak {peak_mb():,.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["positions", "table", "whole", "bounds"])
    parser.add_argument("--preset", choices=sorted(PRESETS), default="decade")
    parser.add_argument("--max-unseen", type=int, default=10, metavar="N")
    parser.add_argument("--max-nodes", type=int, default=None, metavar="STATES")
    parser.add_argument("--max-states", type=int, default=50_000_000, metavar="STATES")
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument("--rollouts", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = PRESETS[args.preset]
    {"positions": positions, "table": table, "whole": whole, "bounds": bounds}[args.mode](
        args, rules
    )


if __name__ == "__main__":
    main()
