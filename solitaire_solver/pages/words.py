"""The words of the advice as a person reads them: the hint's rows, the fair hint's
figures, and the style of a terminal (colour, suit symbols).

Shared by the terminal game (:mod:`.terminal`) and the ``hint`` command,
which print them, and the browser game (:mod:`.web`), which sends a fair
hint as JSON (:func:`hint_document`) with the same sentences in it.
"""

from __future__ import annotations

import os
import re
from typing import Any, TextIO

import attrs

from ..advice.analysis import Analysis, verdict_words
from ..advice.fair import FairHint, FairMove
from ..cards import CARD_IN_TEXT, count_text
from ..games import Game, Seen
from ..search import Status

SUITS_SHOWN = {"C": "\u2663", "S": "\u2660", "H": "\u2665", "D": "\u2666"}
"""The suit symbols a terminal that can show them gets instead of the letters."""


_RED, _GREEN, _YELLOW, _BOLD, _RESET = "\033[31m", "\033[32m", "\033[33m", "\033[1m", "\033[0m"


def twins_text(notations: list[str]) -> str:
    """What a hint says under a move of the others that lead to the same position up to
    symmetry: ``also r3>s2, r3>s3: the same position up to symmetry``."""
    return f"also {', '.join(notations)}: the same position up to symmetry"


@attrs.frozen
class Style:
    """How text reaches the player: plain, or with colour and suit symbols.

    ``colour`` paints red suits red and verdicts in their colours; ``symbols``
    shows suits as ``\u2660 \u2665 \u2666 \u2663``. Moves keep their notation
    either way, so whatever is shown can be typed back.
    """

    colour: bool = False
    symbols: bool = False

    @classmethod
    def for_stream(cls, stream: TextIO, choice: str = "auto") -> Style:
        """The style for ``stream``: ``always``, ``never``, or ``auto`` (a terminal that can).

        ``auto`` colours only a terminal (not a file or a pipe) whose
        ``TERM`` is not ``dumb``, and not when ``NO_COLOR`` is set (the
        common convention); it shows suit symbols only when the stream's
        encoding can write them.
        """
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            "".join(SUITS_SHOWN.values()).encode(encoding)
            can_symbols = True
        except (UnicodeEncodeError, LookupError):
            can_symbols = False
        if choice == "always":
            return cls(True, can_symbols)
        if choice == "never":
            return cls(False, False)
        tty = getattr(stream, "isatty", lambda: False)()
        fancy = tty and os.environ.get("TERM", "") != "dumb" and "NO_COLOR" not in os.environ
        return cls(fancy, fancy and can_symbols)

    def cards(self, text: str) -> str:
        """``text`` with each card drawn in this style."""
        if not (self.colour or self.symbols):
            return text

        def card(m: re.Match[str]) -> str:
            rank, suit = m.group(1), m.group(2)
            shown = rank + (SUITS_SHOWN[suit] if self.symbols else suit)
            if self.colour and suit in "HD":
                return f"{_RED}{shown}{_RESET}"
            return shown

        return CARD_IN_TEXT.sub(card, text)

    def verdict(self, status: Status, text: str) -> str:
        """``text`` in the colour of ``status``: green won, red lost, yellow unknown."""
        if not self.colour:
            return text
        colour = {Status.WON: _GREEN, Status.LOST: _RED}.get(status, _YELLOW)
        return f"{colour}{text}{_RESET}"

    def bold(self, text: str) -> str:
        """``text`` in bold, with colour on."""
        return f"{_BOLD}{text}{_RESET}" if self.colour else text


def how_text(hint: FairHint) -> str:
    """How ``hint`` was worked out, in words, with K: ``64 random deals of the 94 hidden
    cards (K = 64), each solved with full sight after every move; 95% intervals``."""
    hidden = count_text(hint.hidden, "hidden card")
    if hint.forced:
        if len(hint.moves) == 1:
            return "the only legal move, named with no sampling"
        return (
            "the only move up to symmetry (the others lead to the same position), named with "
            "no sampling"
        )
    if hint.exact and not hint.hidden:
        return "exact: nothing is hidden, the best play after each move"
    if hint.exact:
        orders = (
            "the one order" if hint.samples == 1 else f"every one of the {hint.samples:,} orders"
        )
        return f"exact: {orders} of the {hidden}, the best play after each move"
    if hint.samples < hint.most:
        deals = f"{hint.samples:,} of K = {hint.most:,} random deals of the {hidden}"
        return (
            f"{deals}, each solved with full sight after every move, stopped once the best "
            "move was told apart; 95% intervals"
        )
    return (
        f"{count_text(hint.samples, 'random deal')} of the {hidden} (K = {hint.most:,}), each "
        "solved with full sight after every move; 95% intervals"
    )


def unsettled_text(move: FairMove) -> str | None:
    """``35 of 64 samples unsettled (the search limit), counted as lost``, or ``None`` when
    every sample of ``move`` is settled."""
    if not move.unknown:
        return None
    return (
        f"{move.unknown:,} of {count_text(move.samples, 'sample')} unsettled (the search limit), "
        "counted as lost"
    )


def hint_unsettled_text(hint: FairHint) -> str | None:
    """What a hint says of its unsettled samples as a whole, or ``None`` with none: how many
    (a range when moves differ, when each move says its own: :func:`unsettled_text`),
    counted as lost, and where the intervals go."""
    counts = sorted({m.unknown for m in hint.moves if not m.exact})
    if not counts or counts[-1] == 0:
        return None
    if len(counts) == 1:
        many = f"{counts[0]:,} of {count_text(hint.samples, 'sample')} unsettled after every move"
    else:
        many = (
            f"{counts[0]:,} to {counts[-1]:,} of {count_text(hint.samples, 'sample')} unsettled "
            "after a move"
        )
    return (
        f"{many} (the search limit), counted as lost; each interval reaches up to where they "
        "would all be won"
    )


def hint_document(game: Game[Any, Any], seen: Seen[Any], hint: FairHint) -> dict[str, Any]:
    """The JSON form of a fair hint of ``seen``: how it was worked out, then every legal move,
    the best first.

    At the top: ``k`` (the K asked for), ``samples`` (what the figures rest
    on: fewer than K when a quick hint stopped early, the arrangements when
    exact, 0 for a forced move), ``how`` (:func:`how_text`), ``exact``,
    ``forced``, ``separated`` (:attr:`FairHint.separated`), ``best`` (the
    move the hint plays, its notation), ``hidden``, ``unsettled``
    (:func:`hint_unsettled_text`), ``solves`` and ``seconds``. Each move:
    ``move`` (notation), ``text`` (its words), ``chance`` (``None`` for a
    forced move), ``low``, ``high``, ``wins``, ``samples``, ``unsettled``
    and its sentence ``unsettled_text``, ``exact``, ``best``, ``tie`` (its
    figures cannot be told apart from the best move's), ``votes``,
    ``returns``, ``home`` and ``revealed`` (the tie-breaks of
    :meth:`FairHint.standing`), ``group`` (the move listed for its twins)
    and ``twins`` (the others; ``also`` too, as ``hint --json`` names them).

    ``moves`` come in the order the hint ranks them (:meth:`FairHint.ranked`):
    the best first, each group of twins together, the one listed for it
    first; the order the terminal lists them in.

    A move's words describe it in what the player sees
    (:meth:`~.games.Game.describe_seen`: the masked position, where the
    face-down cards are :data:`~solitaire_solver.cards.HIDDEN`), never in a
    position with its hidden places filled: they cannot name a card the
    player has not seen.
    """
    best = hint.best
    separated = hint.separated
    ranked = hint.ranked()
    group = {id(member): listed for listed, others in ranked for member in (listed, *others)}

    def row(m: FairMove) -> dict[str, Any]:
        return {
            "move": str(m.move),
            "text": game.describe_seen(seen, m.move),
            "chance": None if hint.forced else m.value,
            "low": m.low,
            "high": m.high,
            "wins": m.wins,
            "samples": m.samples,
            "unsettled": m.unknown,
            "unsettled_text": unsettled_text(m),
            "exact": m.exact,
            "best": m is best,
            "tie": not separated and hint.ties_best(m),
            "votes": m.votes,
            "returns": m.returns,
            "home": m.home,
            "revealed": m.revealed,
            "group": str(group[id(m)].move),
            "twins": [str(hint.moves[j].move) for j in m.twins],
            "also": [str(hint.moves[j].move) for j in m.twins],
        }

    return {
        "k": hint.most,
        "samples": hint.samples,
        "how": how_text(hint),
        "exact": hint.exact,
        "forced": hint.forced,
        "separated": separated,
        "best": None if best is None else str(best.move),
        "hidden": hint.hidden,
        "unsettled": hint_unsettled_text(hint),
        "moves": [row(m) for listed, others in ranked for m in (listed, *others)],
        "solves": hint.solves,
        "seconds": round(hint.seconds, 6),
    }


def hint_lines(analysis: Analysis, style: Style) -> list[str]:
    """The rows of an analysis for a player: each move by its number, the recommended first.

    Moves that lead to the same position up to symmetry (:meth:`.Analysis.groups`)
    take one row, the group's best, with the others named on the line under it.
    """
    out = []
    own = analysis.result
    out.append(style.verdict(own.status, f"this position: {verdict_words(own, after=True)}"))
    best = analysis.recommended
    if best is not None:
        out.append(
            style.bold(f"play {best.index + 1} ({best.notation}): it keeps the game won")
            + f", winning in {count_text(best.length or 0, 'more move')}"
        )
    elif analysis.rows and all(r.status is Status.LOST for r in analysis.rows):
        out.append("every move loses")
    elif analysis.rows:
        out.append("no move is known to keep the game won: some searches stopped at their limit")
    groups = analysis.groups()
    if groups:
        rows = [r for r, _ in groups]
        width = len(str(max(r.index for r in rows) + 1))
        notation = max(len(r.notation) for r in rows)
        verdicts = [r.verdict_text() for r in rows]
        wide = max(len(v) for v in verdicts)
        for (r, others), verdict in zip(groups, verdicts, strict=True):
            cell = style.verdict(r.status, f"{verdict:<{wide}}")
            out.append(
                f"  {r.index + 1:>{width}}. {r.notation:<{notation}}  {cell}  "
                f"{style.cards(r.description)}"
            )
            if others:
                indent = " " * (width + 4)
                out.append(indent + twins_text([o.notation for o in others]))
    return out


def fair_hint_lines(game: Game[Any, Any], seen: Seen[Any], hint: FairHint) -> list[str]:
    """The text of a fair hint: how it was worked out (with K), then each move with its
    chance and interval, the best first (:meth:`.FairHint.ranked`), marked ``<- best`` when
    the hint tells the best move apart from the others, else ``<- tie`` on every move it
    cannot tell from the best (:attr:`.FairHint.separated`). A move with unsettled samples
    says how many under it.

    Moves that lead to the same position up to symmetry (:meth:`.FairHint.groups`)
    take one row, with the others named on the line under it. A forced move is
    named with no figures. A move's words come from what the player sees
    (:meth:`.Game.describe_seen`): they never name a face-down card.
    """
    if not hint.moves:
        return ["no legal move: the game is over"]
    groups = hint.ranked()
    width = max(len(str(m.move)) for m, _ in groups)
    if hint.forced:
        out = [how_text(hint)]
        for m, others in groups:
            out.append(f"  {m.move!s:<{width}}  {game.describe_seen(seen, m.move)}".rstrip())
            if others:
                out.append("    " + twins_text([str(o.move) for o in others]))
        return out
    out = [f"fair chances, {how_text(hint)}" if hint.exact else f"fair chances: {how_text(hint)}"]
    note = hint_unsettled_text(hint)
    if note is not None:
        out.append(note)
    best = hint.best
    separated = hint.separated
    figures = [
        f"{m.value:7.2%}" + ("" if m.exact else f"  ({m.low:.1%} to {m.high:.1%})")
        for m, _ in groups
    ]
    wide = max(len(f) for f in figures)
    for (m, others), figure in zip(groups, figures, strict=True):
        if separated:
            mark = "<- best" if m is best else ""
        else:
            mark = "<- tie" if hint.ties_best(m) else ""
        words = game.describe_seen(seen, m.move)
        out.append(f"  {m.move!s:<{width}}  {figure:<{wide}}  {mark:<7}  {words}".rstrip())
        said = unsettled_text(m)
        if said is not None and len({o.unknown for o in hint.moves}) > 1:
            # The same count after every move is said once, above.
            out.append("    " + said)
        if others:
            out.append("    " + twins_text([str(o.move) for o in others]))
    if not separated and best is not None:
        out.append(
            "tie: no move is told apart from the best by these figures; the hint plays the "
            f"first, {best.move}"
        )
    return out
