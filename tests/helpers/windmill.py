"""Windmill positions for tests and benchmarks: hand-made ones with a known
verdict, random ones along lines of play, and a plain search to check against.

Hand-made positions are written in ranks only (``"A 2 3"``); :func:`with_suits`
hands out the eight copies of each rank so that the position holds two of
every card.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Collection, Hashable
from dataclasses import dataclass
from typing import Any

from solitaire_solver.games import PRESETS, make_game
from solitaire_solver.games.fields import Field, FieldReader
from solitaire_solver.games.knobs import rules_items
from solitaire_solver.games.windmill import PLAY, Windmill, WindmillState, beams
from solitaire_solver.games.windmill.kernel import KernelWords, decode, encode
from solitaire_solver.games.windmill.model import Compact
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.search import NO_LIMITS, Limits, SolveResult
from solitaire_solver.search import solve as run_strategy

RANKS = "A23456789TJQK"

FULL_SECONDARY = " ".join(reversed(RANKS))
"""A secondary foundation built from the King down to the Ace: it takes nothing more."""


def _overrides(rules: Any, base: Any) -> dict[str, Any]:
    """The knobs of ``rules`` that differ from ``base``, by name."""
    names = [name for name, _ in rules_items(rules)]
    return {k: getattr(rules, k) for k in names if getattr(base, k) != getattr(rules, k)}


def preset_variants() -> list[tuple[str, dict[str, Any]]]:
    """The Windmill rule sets the project covers, as ``(preset, overrides)``: every Windmill
    preset as it is, then each rule set the first preset's plan gives limits of its own
    (``limits_when``: free foundation moves). Read from the registry and the plan, so that a
    rule set added there is tested here."""
    presets = [p for p in PRESETS.values() if p.game is Windmill]
    out: list[tuple[str, dict[str, Any]]] = [(p.name, {}) for p in presets]
    first = presets[0]
    for knobs, _ in first.solver_plan.limits_when:
        out.append((first.name, dict(knobs)))
    return out


def variants() -> list[dict[str, Any]]:
    """:func:`preset_variants` as overrides of the first Windmill preset's rules (the form
    :func:`game` takes)."""
    base = PRESETS["windmill"].rules
    return [_overrides(make_game(p, o).rules, base) for p, o in preset_variants()]


def game(**rules: Any) -> Windmill:
    """The Windmill preset with ``rules`` changed."""
    g = make_game("windmill", rules)
    assert isinstance(g, Windmill)
    return g


def reversed_game(**rules: Any) -> Windmill:
    """The reversed Windmill preset with ``rules`` changed."""
    g = make_game("windmill-reversed", rules)
    assert isinstance(g, Windmill)
    return g


def dealt(g: Windmill, number: int) -> WindmillState:
    """The start of deal ``number``."""
    return g.deal(parse_deal_number(number))


def read(g: Windmill, lines: dict[str, str]) -> WindmillState:
    """A position through the game's own ``parse_position`` hook."""
    fields = [Field(label, text, i + 1) for i, (label, text) in enumerate(lines.items())]
    return g.parse_position(FieldReader(fields, "test.pos", g.name, len(fields) + 1))


def with_suits(piles: dict[str, str]) -> dict[str, str]:
    """Turn rank-only piles (``"A 2 3"``) into cards, handing out the 8 copies of each rank.

    Hand-made positions only care about ranks; this gives each rank's copies
    suits C C S S H H D D in turn so that the position holds two of every card.
    """
    pool = {r: [s for s in "CSHD" for _ in range(2)] for r in RANKS}
    out = {}
    for label, text in piles.items():
        words = []
        for w in text.split():
            if w == "--" or label in ("flag", "redeals_used"):
                words.append(w)
            else:
                words.append(w + pool[w].pop(0))
        out[label] = " ".join(words)
    return out


def ranks(text: str, times: int = 1) -> str:
    """``ranks("A-K", 3)`` is A..K three times over, as rank words."""
    a, b = text.split("-")
    seq = RANKS[RANKS.index(a) : RANKS.index(b) + 1]
    return " ".join(list(seq) * times)


def reference_solve(
    g: Windmill, start: WindmillState, cap: int = 200_000, without: Collection[str] = ()
) -> bool | None:
    """Plain depth-first search over every legal move, whole positions remembered.

    None when more than ``cap`` positions would be needed. The moves whose notation is in
    ``without`` are never played: whether a position is won only by way of them.
    """
    seen: set[Hashable] = {start}
    stack = [start]
    while stack:
        state = stack.pop()
        if g.is_won(state):
            return True
        for m in g.legal_moves(state):
            if str(m) in without:
                continue
            child = g.apply(state, m)
            if child not in seen:
                if len(seen) >= cap:
                    return None
                seen.add(child)
                stack.append(child)
    return False


def exhaustive_beam(g: Windmill, s: WindmillState, limits: Limits = NO_LIMITS) -> SolveResult[Any]:
    """A beam over the game's own rules so wide that it drops nothing: a breadth-first search."""
    return run_strategy(beams(g.problem, s, widths=(10**9,), sub_games=False), limits)


# ---------------------------------------------------------------- hand-made positions


def small_position(
    g: Windmill, reserve: str, waste: str, stock: str = "", **extra: str
) -> WindmillState:
    """Three full secondaries, a fourth and the primary taking what is left."""
    lines = {
        "primary": extra.get("primary", ""),
        "secondary1": FULL_SECONDARY,
        "secondary2": FULL_SECONDARY,
        "secondary3": FULL_SECONDARY,
        "secondary4": extra.get("secondary4", ""),
        "flag": extra.get("flag", "clear"),
        "reserve": reserve,
        "waste": waste,
        "stock": stock,
    }
    return read(g, with_suits(lines))


def temporary_home_position(g: Windmill) -> WindmillState:
    """Won only by parking a card on a secondary and taking it back (``s4>p``)."""
    # Primary needs J, then Q, K. Secondary 4 is a K, needing Q.
    # Waste (bottom to top) A T J Q K J Q; reserve 2..9.
    # The top Q can only go to secondary 4 (the primary needs J). Then the J:
    # to the primary (to secondary 4 leaves the K on the waste with nowhere
    # to go: lost). Now the primary needs Q and the only reachable Q is the
    # one parked on secondary 4: s4>p, then the waste's K to the primary,
    # and everything else down onto secondary 4. Won, and only that way.
    return small_position(
        g,
        reserve=ranks("2-9"),
        waste="A T J Q K J Q",
        primary=ranks("A-K", 3) + " " + ranks("A-T"),
        secondary4="K",
    )


def two_in_a_row_position(g: Windmill) -> WindmillState:
    """Lost when two secondary cards may not go home in a row, won when they may."""
    # The primary (49 cards) needs J, Q, K. Secondary 3 is K Q J, secondary 4
    # is K Q; the waste's top is the last K, with the last Q under it.
    # Restricted: the only reachable J is secondary 3's; after it the flag
    # forbids secondary 4's Q, the waste's K can go nowhere (secondary 3
    # needs a J, secondary 4 a J, the other two are full) and the reserve
    # holds 6..9, which wait for the Ts under the K: lost. Free: J from
    # secondary 3, Q from secondary 4, the waste's K to the primary (now
    # full), its Q back onto secondary 4, then the two Js and everything
    # else down onto secondaries 3 and 4: won.
    lines = {
        "primary": ranks("A-K", 3) + " " + ranks("A-T"),
        "secondary1": FULL_SECONDARY,
        "secondary2": FULL_SECONDARY,
        "secondary3": "K Q J",
        "secondary4": "K Q",
        "reserve": "9 9 8 8 7 7 6 6",
        "waste": "A A 2 2 3 3 4 4 5 5 T T J J Q K",
    }
    return read(g, with_suits(lines))


def deals_in_between(g: Windmill) -> WindmillState:
    """Primary needing J, Q, K; secondary 4 K Q; reserve 2..9; waste A T; stock J J Q K."""
    return small_position(
        g,
        reserve=ranks("2-9"),
        waste="A T",
        stock="J J Q K",
        primary=ranks("A-K", 3) + " " + ranks("A-T"),
        secondary4="K Q",
    )


# ---------------------------------------------------------------- random positions


def random_step(
    g: Windmill, s: WindmillState, rng: random.Random, play_odds: float
) -> WindmillState | None:
    """One random move: a play with probability ``play_odds`` when there is one, else a deal."""
    moves = g.legal_moves(s)
    if not moves:
        return None
    plays = [m for m in moves if m.kind == PLAY]
    return g.apply(s, rng.choice(plays) if plays and rng.random() < play_odds else moves[-1])


def late_positions(
    g: Windmill, numbers: range, left: int, per_deal: int = 2
) -> list[WindmillState]:
    """Positions of real deals with at most ``left`` cards in the stock.

    For a deal the solver wins quickly, the position on the winning line
    (won) and positions that leave the line at random a few deals earlier
    (won or lost); for the others, random play that prefers plays to
    foundations. Each is a fair test of a verdict either way.
    """
    out = []
    for number in numbers:
        rng = random.Random(number)
        start = dealt(g, number)
        # The game's own beams only, so that the positions stay the ones
        # the tests were written against when other members change.
        r = run_strategy(beams(g.problem, start, sub_games=False), Limits(max_states=5_000))
        line: list[WindmillState] = [start]
        for m in r.moves:
            line.append(g.apply(line[-1], m))
        # With redeals, only positions after the last redeal are small.
        late = [s for s in line if len(s.stock) <= left and s.redeals_used == g.rules.redeals]
        if r.won and late:
            out.append(late[0])
        branch = [s for s in line if len(s.stock) <= left + 4]
        for _ in range(per_deal):
            s = branch[0] if branch else start
            while len(s.stock) > left or s.redeals_used < g.rules.redeals or rng.random() < 0.5:
                nxt = random_step(g, s, rng, 0.9)
                if nxt is None:
                    break
                s = nxt
            out.append(s)
    return out


def random_positions(g: Windmill, number: int, count: int) -> list[WindmillState]:
    """Positions along one random line of play from a deal (plays preferred to deals)."""
    rng = random.Random(number)
    s = dealt(g, number)
    out = [s]
    for _ in range(400):
        nxt = random_step(g, s, rng, 0.7)
        if nxt is None:
            break
        s = nxt
        out.append(s)
    return rng.sample(out, min(count, len(out)))


@dataclass(frozen=True)
class KernelRules:
    """The compiled kernel's rank rules (:func:`.kernel.rules`) asked about compact
    positions, through the codec (:func:`.kernel.encode`, :func:`.kernel.decode`): what the
    tests hold against the Python rank model."""

    made: Any

    def _ask(self, query: str, c: Compact) -> list[bytes]:
        return list(self.made.ask(query, encode(c)))

    def plays(self, c: Compact) -> list[Compact]:
        """Every position one play away, in the kernel's order."""
        return [decode(b) for b in self._ask("plays", c)]

    def across(self, c: Compact) -> Compact | None:
        """The position after the deal, or None."""
        return next((decode(b) for b in self._ask("across", c)), None)

    def twin(self, c: Compact) -> Compact | None:
        """The twin the kernel's dominator gives, or None."""
        return next((decode(b) for b in self._ask("twin", c)), None)

    def words(self, c: Compact) -> KernelWords:
        """The three words the kernel keeps ``c`` in."""
        w0, w1, w2 = struct.unpack("<3Q", self._ask("words", c)[0])
        return (w0, w1, w2)

    def score(self, c: Compact) -> int:
        """The beam's score of ``c`` (its place in the beam's order, least first)."""
        return int.from_bytes(self._ask("score", c)[0], "little")
