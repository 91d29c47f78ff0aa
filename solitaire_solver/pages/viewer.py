"""Pages to watch a line of moves: one HTML file that needs nothing else.

:func:`solution_html` plays a line from its start position in Python and
stores every position along it as data in the page: for each step, the cards
of each named pile, which cards the move brought there, which piles it took
them from, the counts a player keeps an eye on, and the move's notation and
description. A small script in the page draws one step at a time as SVG
cards and steps through the line with buttons and the arrow keys. The page
loads nothing from anywhere: style, script and card faces are inline, so it
opens from a file, offline, and can be passed around as one file. They are
files of this package (``pages/``: ``viewer.html``, ``viewer.css``,
``suits.svg``, ``table.js``, ``viewer.js``), written into every page.

How a game looks is the game's own: its :meth:`~.Game.scene` lays a
position out as named piles at fixed places (the types and sizes are those
of :mod:`solitaire_solver.games.scene`), and a game with no layout is shown as the
text of its ``show``. Nothing here knows one game from another.

>>> from solitaire_solver import solve
>>> from solitaire_solver.games import make_game
>>> game = make_game("decade")
>>> start = game.deal(3)
>>> moves = solve(game, position=start).moves
>>> page = solution_html(game, start, moves, title="decade 3", verdict_text="won in 64 moves")
>>> page.startswith("<!DOCTYPE html>"), len(moves), '"moves":64' in page
(True, 64, True)
"""

from __future__ import annotations

import html
import json
import os
from collections import Counter
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from ..cards import count_text
from ..errors import BadOptionError
from ..games import Game
from ..games.knobs import rules_text

# The names a layout is written in, kept here for those who import them from the viewer.
from ..games.scene import (
    CARD_H,
    CARD_W,
    COL_GAP,
    DOWN,
    FAN_DOWN,
    FAN_RIGHT,
    LABEL,
    MARGIN,
    PITCH,
    RIGHT,
    ROW_GAP,
    ROWS,
    STACK,
    MovePlaces,
    Pile,
    Place,
    Scene,
    page_geometry,
)
from ..reading import write_problem

__all__ = [
    "CARD_H",
    "CARD_W",
    "COL_GAP",
    "DOWN",
    "FAN_DOWN",
    "FAN_RIGHT",
    "LABEL",
    "MARGIN",
    "PITCH",
    "RIGHT",
    "ROWS",
    "ROW_GAP",
    "STACK",
    "STYLE",
    "SUIT_DEFS",
    "TABLE_SCRIPT",
    "MovePlaces",
    "Pile",
    "Place",
    "Scene",
    "check_html_path",
    "end_text",
    "line_data",
    "move_places",
    "rules_subtitle",
    "scene",
    "scene_steps",
    "solution_html",
    "write_html",
]


def scene(game: Game[Any, Any], state: Any) -> Scene:
    """How the page draws ``state``: the game's layout (:meth:`~.Game.scene`), or its text for a
    game without one."""
    return game.scene(state)


def move_places(game: Game[Any, Any], state: Any, move: Any) -> MovePlaces | None:
    """Where ``move`` starts and ends on the page (:meth:`~.Game.move_places`), or ``None`` for a
    game with no layout (its moves are made from the list of moves)."""
    return game.move_places(state, move)


def rules_subtitle(game: Game[Any, Any]) -> str:
    """The line under a page's title: the preset and its rules (``windmill: redeals=0 ...``),
    or the preset alone for a game with no knobs."""
    rules = rules_text(game.rules)
    return f"{game.preset}: {rules}" if rules else game.preset


# ---------------------------------------------------------------- the line as data


def _keep_order(before: Sequence[str], now: Sequence[str]) -> list[str]:
    """The cards of ``now`` with those already in ``before`` first, in their old order.

    For a heap: the cards that stayed keep their places and newcomers go on
    top, so the top card is the one that came last.
    """
    left = Counter(now)
    kept = []
    for c in before:
        if left[c] > 0:
            kept.append(c)
            left[c] -= 1
    newcomers = []
    for c in now:
        if left[c] > 0:
            newcomers.append(c)
            left[c] -= 1
    return kept + newcomers


def _arrivals(shown: Sequence[str], came: Counter[str]) -> list[int]:
    """Indices in ``shown`` of the cards in ``came``, the topmost copies first taken."""
    marks = []
    wanted = Counter(came)
    for i in range(len(shown) - 1, -1, -1):
        if wanted[shown[i]] > 0:
            wanted[shown[i]] -= 1
            marks.append(i)
    return sorted(marks)


def _slot(pile: Pile) -> dict[str, Any]:
    return {
        "name": pile.name,
        "label": pile.label,
        "x": pile.x,
        "y": pile.y,
        "fan": pile.fan,
        "perRow": pile.per_row,
        "numbered": pile.numbered,
        "hint": pile.hint,
    }


def line_data(
    game: Game[Any, Any], start: Any, moves: Sequence[Any], *, masked: bool = False
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], Any]:
    """The places of the piles, every step of the line as data, and the final position.

    Step 0 is ``start``; step k the position after the k-th move, with that
    move's notation and description, the cards it brought to each pile (as
    indices into the pile's drawn cards; -1 for the face-down part) and the
    piles it took cards from. Each move is checked with ``game.play``, so an
    illegal one raises :class:`~solitaire_solver.errors.IllegalMoveError`.
    With ``masked`` each step is what a player saw then (:meth:`~.Game.seen`):
    its face-down cards drawn as backs and worded as face down.
    """

    def drawn(state: Any) -> Scene:
        return game.scene_seen(game.seen(state)) if masked else scene(game, state)

    state = start
    scenes = [drawn(start)]
    said: list[tuple[str, str]] = [("", "")]
    for move in moves:
        words = game.describe_seen(game.seen(state), move) if masked else game.describe(state, move)
        said.append((str(move), words))
        state = game.play(state, move)
        scenes.append(drawn(state))
    slots, steps = scene_steps(scenes, said)
    return slots, steps, state


def scene_steps(
    scenes: Sequence[Scene], said: Sequence[tuple[str, str]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The places of the piles and the steps of :func:`line_data`, from the scenes of a line.

    ``scenes[k]`` is the position after k moves and ``said[k]`` the k-th
    move's notation and description (``("", "")`` for the start). What each
    step marks as moved is found by comparing its scene with the one before.
    """
    slots: dict[str, dict[str, Any]] = {}
    for sc in scenes:
        for p in sc.piles:
            slots.setdefault(p.name, _slot(p))
    held: dict[str, tuple[list[str], int]] = {}
    steps = []
    for k, sc in enumerate(scenes):
        piles: dict[str, list[Any]] = {}
        marked: dict[str, list[int]] = {}
        sources: list[str] = []
        for p in sc.piles:
            cards = list(p.cards)
            before, before_down = held.get(p.name, ([], 0))
            if p.heap:
                cards = _keep_order(before, cards)
            show = 1 if p.fan == STACK else p.show
            hidden = max(0, len(cards) - show) if show else 0
            shown = cards[hidden:]
            if k > 0:
                marks = _arrivals(shown, Counter(cards) - Counter(before))
                if p.down > before_down:
                    marks.insert(0, -1)
                if marks:
                    marked[p.name] = marks
                if Counter(before) - Counter(cards) or p.down < before_down:
                    sources.append(p.name)
            held[p.name] = (cards, p.down)
            piles[p.name] = [shown, p.down, p.note, hidden]
        step: dict[str, Any] = {
            "move": said[k][0],
            "text": said[k][1],
            "piles": piles,
            "hi": marked,
            "from": sources,
            "facts": [list(f) for f in sc.facts],
        }
        if sc.text:
            step["show"] = sc.text
        steps.append(step)
    return list(slots.values()), steps


def end_text(game: Game[Any, Any], final: Any, moves: int) -> str:
    """What the last step of a line says: won, or where a line that does not win ends."""
    if game.is_won(final):
        return "won: every card is home"
    if not moves:
        return ""
    stuck = "; no move is left" if not game.legal_moves(final) else ""
    return f"the line ends here, after {count_text(moves, 'move')}, without a win{stuck}"


def solution_html(
    game: Game[Any, Any],
    start: Any,
    moves: Sequence[Any],
    *,
    title: str,
    verdict_text: str,
    status: str = "",
    subtitle: str | None = None,
    marks: Mapping[int, str] | None = None,
    masked: bool = False,
) -> str:
    """A self-contained HTML page that steps through ``moves`` played from ``start``.

    ``title`` heads the page (such as ``"decade 3"``) and ``verdict_text``
    says what the line is (``"won in 64 moves"``, ``"lost: no winning line
    exists"``); ``status`` (``won``, ``lost``, ``unknown``) colours it.
    ``subtitle`` defaults to the game's rules. With no moves the page shows
    the start position alone; a line that does not win (as a replayed game
    may) is stepped through to its end, which says so. Moves are checked as
    they are played (see :func:`line_data`).

    ``marks`` notes steps of the line: step k (the position after move k)
    shows its note beside the move's description, highlighted, and the page
    opens at the first marked step (a review marks the move that lost the
    game). Raises :class:`BadOptionError` for a step the line does not have.
    With ``masked`` every step shows only what a player saw (see :func:`line_data`).
    """
    slots, steps, final = line_data(game, start, moves, masked=masked)
    first_mark = None
    for k, note in sorted((marks or {}).items()):
        if not 0 <= k < len(steps):
            raise BadOptionError(f"mark at step {k}: the line has steps 0 to {len(steps) - 1}")
        steps[k]["mark"] = note
        first_mark = k if first_mark is None else first_mark
    data = {
        "title": title,
        "subtitle": rules_subtitle(game) if subtitle is None else subtitle,
        "verdict": verdict_text,
        "status": status,
        "moves": len(moves),
        "end": end_text(game, final, len(moves)),
        "open": first_mark or 0,
        "geometry": page_geometry(),
        "slots": slots,
        "steps": steps,
    }
    # Inside a script element only "</" could end it early; escaping every "<"
    # keeps the JSON valid and the element whole whatever the text holds.
    payload = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
    return (
        _PAGE.replace("{title}", html.escape(title))
        .replace("{style}", STYLE)
        .replace("{defs}", SUIT_DEFS)
        .replace("{script}", TABLE_SCRIPT + _SCRIPT)
        .replace("{data}", payload)
    )


# ---------------------------------------------------------------- files


def check_html_path(path: str | os.PathLike[str]) -> Path:
    """``path`` if a page can be written there; :class:`BadOptionError` naming it if not.

    Called before a solve starts, so that a typing slip costs no search
    time (:func:`~solitaire_solver.reading.write_problem`: the folder must
    exist, the path must not be a folder, and the file must be writable).
    """
    problem = write_problem(path)
    if problem is not None:
        raise BadOptionError(f"cannot write the page '{os.fspath(path)}': {problem}")
    return Path(path)


def write_html(path: str | os.PathLike[str], page: str) -> Path:
    """Write ``page`` to ``path``; :class:`BadOptionError` naming the path if that fails."""
    p = Path(path)
    try:
        p.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise BadOptionError(f"cannot write the page '{p}': {_reason(exc)}") from None
    return p


def _reason(exc: OSError) -> str:
    """The system's reason for a failed write, in lower case as the rest of the message."""
    text = exc.strerror or str(exc)
    return text[:1].lower() + text[1:]


# ---------------------------------------------------------------- the page
#
# The page is plain HTML with its style, its script and its card faces inline.
# It names no other file and no address: the suits are SVG paths, and the
# script takes the SVG namespace from the page's own <svg> element. Each part
# is a file of the package (pages/), so that it is written and read in its own
# language rather than inside a Python string; they are read once, on import.


def _page_file(name: str) -> str:
    """The text of ``pages/<name>``, from the installed package wherever it lies."""
    # One name per joinpath: on Python 3.10 a resource's joinpath may take only one.
    pages = resources.files("solitaire_solver").joinpath("pages")
    return pages.joinpath(name).read_text(encoding="utf-8")


SUIT_DEFS = _page_file("suits.svg")
"""The SVG definitions the cards are drawn with: the four suits and the pattern of a card's
back, inline so that a page loads nothing (a ``<defs>`` element, for the page's own ``<svg>``)."""

# The page around the parts: solution_html fills {title}, {style}, {defs}, {script} and
# {data} by plain replacement, not str.format, so the braces of the style and the script
# stay as they are written.
_PAGE = _page_file("viewer.html")

STYLE = _page_file("viewer.css")
"""The page's style sheet: the page around the board, the board and the cards (the play page
in the browser uses it too)."""

TABLE_SCRIPT = _page_file("table.js")
"""The script that draws the cards of a step on the board, shared by this page and the page
that plays in the browser (:mod:`solitaire_solver.pages.web`)."""

# The script that steps through the line: it reads the page's data and draws with cardTable.
_SCRIPT = _page_file("viewer.js")
