"""Decade's potentials for the upper bound on the fair odds (:mod:`...advice.bounds`).

What a player of Decade sees that matters is the line's values and the
multiset of values still to come (the rules look at nothing else; see
:mod:`.exact`), so W here is a function of those. Where at most
``exact_hidden`` cards are hidden W is the exact fair value, worked out by
counting (:class:`.exact.FairSolver`, whose memo serves every position of a
run: a value is a fact of its position, so the memo changes no value), and
the expectation of W after a deal is the fair value of the deal itself when
the cards then hidden are that few (the deal's value is the mean of the
values after each card it may show, weighed by their counts: the equations
of :mod:`.exact`). Above, W is 0 (``exact``), or a model fitted level by
level to the fair value (``fitted``, :class:`DecadeFitted`).

The fitted model. With u cards still to come, W of a run-free line is a
linear function of the line's features (:func:`features`), one set of
weights per u, clamped to 0..1; a line the deal just made runs in is worth
the best of its discards (she must make one, and may choose); a line that
no arrangement can empty (the zero test of :mod:`.lines`) is worth 0, its
fair value. The weights of level u are the least squares fit, over some
thousands of positions met in random play of deals far from the ones a
bound is published for (deals 100,001 on), of the exact mean of W after the
deal at level u - 1 (the fair value itself at the first level): a model of
the fair value built backwards, each level fitted to the one-step
expectation of the level below, so that W's mean after a deal is close to W
before it and the penalties charge little but luck. Any W gives a sound
bound; the nearer W is to the fair value, the lower the bound.
``benchmarks/fair/fit_decade_potential.py`` fits the weights and writes
``data/decade-fitted.json``; ``docs/design/fair-bounds.md`` has the figures.

The only move that shows a card is the deal, and what it shows matters by
its value alone: the expectation of W after it is the mean over the values
the next card may have, each weighed by how many unseen cards have it,
which is the mean over every arrangement of the unseen cards (each
arrangement's next card is each unseen card equally often). A test compares
it with the general :func:`...advice.fair.outcomes`.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from importlib import resources
from typing import Any

import attrs

from ...cards import Card
from ...errors import BadOptionError
from ..seen import Seen, Unsettled
from .exact import FairSolver
from .rules import DecadeMove, DecadeRules, DecadeState, _all_runs, _RunShape, card_value
from .unseen import DECK_COUNTS

MEMO_CAP = 2_000_000
"""The most entries the counting's memo keeps between two positions; beyond, it is cleared
(about 300 bytes an entry)."""


def _values(cards: tuple[Card, ...]) -> list[int]:
    return [card_value(c) for c in cards]


class DecadeExact:
    """W = Decade's exact fair value with at most ``exact_hidden`` cards hidden, 0 above.

    The same W as the general :class:`~...advice.bounds.ExactBelow`, worked
    out by counting rather than by the general expectimax.
    """

    def __init__(
        self,
        rules: DecadeRules,
        exact_hidden: int,
        name: str = "exact",
        max_nodes: int | None = None,
    ) -> None:
        self.name = name
        self.exact_hidden = exact_hidden
        # A value stopped by the cap is no value (Unsettled): the deal then takes the
        # ceiling, a looser number on the bound's side, or has none; no W is ever guessed.
        self.solver = FairSolver(rules, max_nodes=max_nodes)
        self._values: dict[tuple[tuple[int, ...], tuple[int, ...]], Fraction] = {}

    def _exact(self, line: list[int], unseen: list[int]) -> Fraction:
        key = (tuple(line), tuple(sorted(unseen)))
        got = self._values.get(key)
        if got is None:
            if self.solver.memo_size > MEMO_CAP:
                self.solver.clear()
            found = self.solver.value(line, unseen, with_moves=False).value
            if found is None:
                raise Unsettled(
                    f"the exact fair value of a Decade line with {len(unseen)} cards to come "
                    f"needs more than {self.solver.max_nodes:,} states"
                )
            got = self._values[key] = found
        return got

    def value(self, seen: Seen[DecadeState]) -> Fraction:
        """The exact fair value of ``seen`` with at most ``exact_hidden`` hidden, else 0."""
        if seen.hidden > self.exact_hidden:
            return Fraction(0)
        return self._exact(_values(seen.state.line), _values(seen.unseen))

    def expected(self, seen: Seen[DecadeState], move: DecadeMove) -> Fraction:
        """The mean of W after ``move`` (a deal): the deal's exact fair value when the cards
        still hidden after it are few enough, else 0."""
        if not move.is_deal or seen.hidden - 1 > self.exact_hidden:
            return Fraction(0)
        line, unseen = _values(seen.state.line), _values(seen.unseen)
        counts = [0] * len(DECK_COUNTS)
        for v in unseen:
            counts[v] += 1
        total = Fraction(0)
        for v, n in enumerate(counts):
            if n:
                rest = list(unseen)
                rest.remove(v)
                total += n * self._exact([*line, v], rest)
        return total / len(unseen)

    def ceiling(self) -> Fraction:
        """Every inner optimum is at most 1 (see :class:`~...advice.bounds.ExactBelow`)."""
        return Fraction(1)


SUMS = (10, 20, 30)
"""The sums of the preset ``decade``, whose positions the fitted model knows."""

FEATURES = (
    "1",
    "cards in the line / 10",
    "line total / 100",
    "tight: total still in play / (30 x cards to come)",
    "tight squared",
    "chance the next card makes a run",
    "chance it makes two or more",
    "cut points within 10 of the top / 3",
    "within 20 / 5",
    "within 30 / 8",
    "share of tens to come",
    "(cards in the line / 10) squared",
    "chance of a run x tight",
    "no arrangement can empty the line (tight above 1)",
    *(f"a cut point within 30 at a distance {r} mod 10" for r in range(10)),
)
"""What :func:`features` gives, in order (a cut point is a prefix total of the line below
its top: a card that brings the top to one of them plus a sum makes a run down to it)."""


def features(line: Sequence[int], counts: Sequence[int]) -> list[float]:
    """The features of a run-free ``line`` (values) with ``counts[v]`` cards of value v still
    to come (index 1 to 10; some must): :data:`FEATURES`."""
    u = sum(counts[1:])
    m = len(line)
    total = 0
    cuts = [0]
    for v in line:
        total += v
        cuts.append(total)
    below = set(cuts[:-1])
    left = total + sum(v * counts[v] for v in range(1, 11))
    makes = [0] * 11
    for v in range(1, 11):
        makes[v] = sum(1 for s in SUMS if total + v - s in below and total + v - s < total)
    one = sum(counts[v] for v in range(1, 11) if makes[v] >= 1) / u
    two = sum(counts[v] for v in range(1, 11) if makes[v] >= 2) / u
    near = [sum(1 for p in cuts[:-1] if total - p <= k) for k in (10, 20, 30)]
    residues = [0.0] * 10
    for p in cuts[:-1]:
        if total - p < 30:
            residues[(total - p) % 10] = 1.0
    tight = left / (30 * u)
    return [
        1.0,
        m / 10,
        total / 100,
        tight,
        tight * tight,
        one,
        two,
        near[0] / 3,
        near[1] / 5,
        near[2] / 8,
        counts[10] / u,
        (m / 10) ** 2,
        one * tight,
        float(left > 30 * u),
        *residues,
    ]


@attrs.frozen
class Model:
    """The weights of the fitted W, by the number of cards still to come, and the
    ``exact_hidden`` they were fitted above (its first level's targets are exact values)."""

    exact_hidden: int
    levels: Mapping[int, tuple[float, ...]]

    def __call__(self, line: Sequence[int], counts: Sequence[int]) -> float:
        """W of a run-free ``line`` with ``counts`` to come, at a level the model has."""
        u = sum(counts[1:])
        total = sum(line) + sum(v * counts[v] for v in range(1, 11))
        if total > 30 * u:
            return 0.0  # the zero test: no arrangement empties the line
        value = sum(w * x for w, x in zip(self.levels[u], features(line, counts), strict=True))
        return min(1.0, max(0.0, value))


MODEL_FILE = "decade-fitted.json"
"""The fitted model's weights, in the package's data (see the module docstring)."""


@functools.cache
def shipped_model() -> Model:
    """The model fitted for the preset ``decade``, read once from :data:`MODEL_FILE`."""
    text = resources.files("solitaire_solver").joinpath("data", MODEL_FILE).read_text()
    doc = json.loads(text)
    if list(doc["features"]) != list(FEATURES):
        raise ValueError(f"{MODEL_FILE} was fitted on other features than these")
    levels = {int(u): tuple(float(w) for w in ws) for u, ws in doc["levels"].items()}
    return Model(int(doc["exact_hidden"]), levels)


class DecadeFitted(DecadeExact):
    """W = Decade's exact fair value with at most ``exact_hidden`` cards hidden, a fitted
    model of it above (see the module docstring)."""

    def __init__(
        self,
        rules: DecadeRules,
        exact_hidden: int,
        model: Model,
        name: str = "fitted",
        max_nodes: int | None = None,
    ) -> None:
        if exact_hidden < model.exact_hidden:
            raise BadOptionError(
                f"the fitted potential is exact with at most {model.exact_hidden} cards hidden "
                f"and fitted above: exact hidden {exact_hidden} leaves levels without a model"
            )
        super().__init__(rules, exact_hidden, name, max_nodes)
        self.model = model
        self.shape = _RunShape.of(rules)
        self._fitted: dict[tuple[tuple[int, ...], tuple[int, ...]], Fraction] = {}

    def _above(self, line: list[int], counts: list[int]) -> Fraction:
        """W of ``line`` above the exact region: the model's, or with runs in the line the
        best of its discards."""
        key = (tuple(line), tuple(counts))
        got = self._fitted.get(key)
        if got is None:
            runs = _all_runs(line, self.shape)
            if runs:
                got = max(self._above(line[:i] + line[i + n :], counts) for i, n in runs)
            else:
                # The model's float, read exactly: every sum the bound makes from here on
                # is exact, so no rounding can take a deal's value below its optimum.
                got = Fraction(self.model(line, counts))
            self._fitted[key] = got
        return got

    def value(self, seen: Seen[DecadeState]) -> Fraction:
        """The exact fair value with at most ``exact_hidden`` hidden, else the model's W."""
        if seen.hidden <= self.exact_hidden:
            return super().value(seen)
        counts = [0] * len(DECK_COUNTS)
        for c in seen.unseen:
            counts[card_value(c)] += 1
        return self._above(_values(seen.state.line), counts)

    def expected(self, seen: Seen[DecadeState], move: DecadeMove) -> Fraction:
        """The mean of W after a deal, over the values the next card may have, each weighed by
        how many unseen cards have it."""
        if not move.is_deal or seen.hidden - 1 <= self.exact_hidden:
            return super().expected(seen, move)
        line = _values(seen.state.line)
        counts = [0] * len(DECK_COUNTS)
        for c in seen.unseen:
            counts[card_value(c)] += 1
        total = Fraction(0)
        for v, n in enumerate(counts):
            if n:
                counts[v] -= 1
                total += n * self._above([*line, v], counts)
                counts[v] += 1
        return total / seen.hidden

    def ceiling(self) -> None:  # type: ignore[override]
        """No ceiling: the model's W charges cards everywhere, and a line may collect more
        than 1."""
        return None


FITTED_RULES = DecadeRules()
"""The rules the shipped model was fitted for: the preset ``decade``'s."""


def potential(
    rules: DecadeRules, name: str, exact_hidden: int, max_nodes: int | None = None
) -> Any | None:
    """Decade's potential ``name``, or ``None`` when it has none by that name (``fitted``
    only for the rules it was fitted for); each exact value expands at most ``max_nodes``
    states."""
    if name == "exact" and rules.compulsory:
        return DecadeExact(rules, exact_hidden, max_nodes=max_nodes)
    if name == "fitted" and rules == FITTED_RULES:
        return DecadeFitted(rules, exact_hidden, shipped_model(), max_nodes=max_nodes)
    return None
