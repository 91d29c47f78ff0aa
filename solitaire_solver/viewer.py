"""Pages to watch a line of moves: one HTML file that needs nothing else.

:func:`solution_html` plays a line from its start position in Python and
stores every position along it as data in the page: for each step, the cards
of each named pile, which cards the move brought there, which piles it took
them from, the counts a player keeps an eye on, and the move's notation and
description. A small script in the page draws one step at a time as SVG
cards and steps through the line with buttons and the arrow keys. The page
loads nothing from anywhere: style, script and card faces are inline, so it
opens from a file, offline, and can be passed around as one file.

How a game looks is the game's own: its :meth:`~.Game.scene` lays a
position out as named piles at fixed places (the types and sizes are those
of :mod:`solitaire_solver.scene`), and a game with no layout is shown as the
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
from pathlib import Path
from typing import Any

from .cards import count_text
from .errors import BadOptionError
from .games import Game
from .games.base import rules_text

# The names a layout is written in, kept here for those who import them from the viewer.
from .scene import (
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
    time: the folder must exist, the path must not be a folder, and the
    file must be writable (tried for real, so that read-only file systems
    and permissions are caught as the final write would meet them).
    """
    p = Path(path)
    where = f"cannot write the page '{p}'"
    if p.is_dir():
        raise BadOptionError(f"{where}: it is a folder")
    folder = p.parent
    if not folder.exists():
        raise BadOptionError(f"{where}: no folder '{folder}'")
    if not folder.is_dir():
        raise BadOptionError(f"{where}: '{folder}' is not a folder")
    existed = p.exists()
    if existed and not os.access(p, os.W_OK):
        raise BadOptionError(f"{where}: no permission to write it")
    if not existed and not os.access(folder, os.W_OK | os.X_OK):
        raise BadOptionError(f"{where}: no permission to create files in '{folder}'")
    try:
        with p.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise BadOptionError(f"{where}: {_reason(exc)}") from None
    if not existed:
        # The trial left an empty file; the real page replaces it after the solve.
        p.unlink()
    return p


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
# It names no other file and no address: the suits are SVG paths drawn here,
# and the script takes the SVG namespace from the page's own <svg> element.

SUIT_DEFS = """<defs>
  <symbol id="suit-D" viewBox="0 0 100 100"><path d="M50 2 L88 50 L50 98 L12 50 Z"/></symbol>
  <symbol id="suit-H" viewBox="0 0 100 100"><path d="M50 94 C38 79 5 60 5 33 C5 15 18 5 32 5
    C41 5 47 10 50 19 C53 10 59 5 68 5 C82 5 95 15 95 33 C95 60 62 79 50 94 Z"/></symbol>
  <symbol id="suit-S" viewBox="0 0 100 100"><path d="M50 3 C62 22 95 40 95 62 C95 76 85 84 73 84
    C65 84 58 80 54 74 C56 84 61 92 69 97 L31 97 C39 92 44 84 46 74 C42 80 35 84 27 84
    C15 84 5 76 5 62 C5 40 38 22 50 3 Z"/></symbol>
  <symbol id="suit-C" viewBox="0 0 100 100"><circle cx="50" cy="27" r="21"/>
    <circle cx="26" cy="59" r="21"/><circle cx="74" cy="59" r="21"/>
    <circle cx="50" cy="52" r="12"/><path d="M46 58 C46 76 40 88 31 97 L69 97
    C60 88 54 76 54 58 Z"/></symbol>
  <pattern id="back-weave" width="8" height="8" patternUnits="userSpaceOnUse"
    patternTransform="rotate(45)"><rect width="8" height="8" fill="#1d4b8f"/>
    <rect width="3" height="8" fill="#2f66b3"/></pattern>
</defs>
"""
"""The SVG definitions the cards are drawn with: the four suits and the pattern of a card's
back, inline so that a page loads nothing."""

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{style}</style>
</head>
<body>
<main>
<header>
  <h1 id="title"></h1>
  <span id="verdict" class="verdict"></span>
  <p id="subtitle"></p>
</header>
<nav class="controls" aria-label="step through the line">
  <button type="button" id="first" title="first (Home)">&laquo; First</button>
  <button type="button" id="back" title="previous (left arrow)">&lsaquo; Back</button>
  <button type="button" id="play" title="play or pause (space)">Play</button>
  <button type="button" id="next" title="next (right arrow)">Next &rsaquo;</button>
  <button type="button" id="last" title="last (End)">Last &raquo;</button>
  <input type="range" id="slider" min="0" max="0" value="0" aria-label="move number">
  <span id="counter" aria-live="polite"></span>
</nav>
<p id="caption"><code id="notation"></code> <span id="text"></span></p>
<ul id="facts"></ul>
<svg id="board" role="img" aria-label="the cards at this step">
{defs}<g id="layer"></g>
</svg>
<pre id="text-board" hidden></pre>
<p class="keys">Keys: &larr; and &rarr; step, Page Up and Page Down step ten moves, Home and
End jump to the start and the end, space plays and pauses. The address names the move shown
(<code>#12</code>): copy it to link to the move, or change it to go there.</p>
</main>
<script type="application/json" id="line-data">{data}</script>
<script>{script}</script>
</body>
</html>
"""

STYLE = """
:root { --felt: #1e6a44; --gold: #ffb81c; }
* { box-sizing: border-box; }
body { margin: 0; background: #eef2ee; color: #1b1f1c;
  font: 15px/1.45 system-ui, "DejaVu Sans", Arial, Helvetica, sans-serif; }
main { max-width: 1120px; margin: 0 auto; padding: 10px 16px 12px; }
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; }
h1 { font-size: 21px; margin: 0; }
#subtitle { flex-basis: 100%; margin: 0; color: #55605a; font-size: 13px; }
.verdict { font-weight: 600; padding: 1px 10px; border-radius: 999px; background: #e2e6e3; }
.verdict.won { background: #cdebd5; color: #0f4a25; }
.verdict.lost { background: #f6d3d3; color: #7a1616; }
.verdict.unknown { background: #f3e6c4; color: #5b4308; }
.controls { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin: 8px 0 4px; }
.controls button { font: inherit; padding: 3px 11px; border: 1px solid #9aa79f;
  border-radius: 6px; background: #fff; cursor: pointer; }
.controls button:hover:enabled { background: #e3f0e7; }
.controls button:disabled { opacity: 0.45; cursor: default; }
#slider { flex: 1 1 160px; min-width: 120px; accent-color: var(--felt); }
#counter { font-weight: 600; min-width: 9em; text-align: right;
  font-variant-numeric: tabular-nums; }
#caption { margin: 2px 0; min-height: 1.5em; }
#notation { background: #dfe7e1; padding: 0 6px; border-radius: 4px; }
#notation:empty { display: none; }
#text .end { font-weight: 600; color: #0f4a25; }
#text .end.lost { color: #7a1616; }
#text .mark { font-weight: 600; color: #7a1616; background: #f6d3d3; padding: 0 6px;
  border-radius: 4px; }
#facts { display: flex; flex-wrap: wrap; gap: 2px 18px; list-style: none; margin: 2px 0 8px;
  padding: 0; font-size: 14px; }
#facts b { font-weight: 600; color: #47524b; }
#board { display: block; width: 100%; height: auto; max-height: calc(100vh - 200px);
  border-radius: 10px; background: radial-gradient(ellipse at 50% 35%, #267a50, #17573a); }
#text-board { background: #17573a; color: #f4f7f4; padding: 12px 16px; border-radius: 10px;
  font-size: 14px; }
.keys { color: #66716a; font-size: 12px; margin: 6px 0 0; }
svg text { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; }
.face { fill: #fffdf8; stroke: #7d8a82; stroke-width: 1; }
.card.red { fill: #c62828; }
.card.black { fill: #1a1a1a; }
.rank { font-size: 15px; font-weight: 700; }
.court { font-size: 26px; font-weight: 700; }
.frame { fill: none; stroke-width: 1; opacity: 0.5; }
.red .frame { stroke: #c62828; }
.black .frame { stroke: #1a1a1a; }
.moved .face { stroke: var(--gold); stroke-width: 4; }
.back { fill: url(#back-weave); stroke: #f2f2f2; stroke-width: 3; }
.back-edge { fill: #e8ece9; stroke: #7d8a82; stroke-width: 1; }
.moved .back { stroke: var(--gold); stroke-width: 4; }
.badge { fill: #fff; stroke: #1d4b8f; stroke-width: 1.5; }
.badge-text { font-size: 13px; font-weight: 700; fill: #1d4b8f; text-anchor: middle; }
.place { fill: rgba(0, 0, 0, 0.10); stroke: rgba(255, 255, 255, 0.45); stroke-width: 1.5;
  stroke-dasharray: 5 4; }
.hint { fill: rgba(255, 255, 255, 0.22); }
.hint-text { fill: rgba(255, 255, 255, 0.3); font-size: 26px; font-weight: 700;
  text-anchor: middle; }
.label { fill: #e4efe7; font-size: 12px; font-weight: 600; }
.label .note { fill: #b9d3c3; font-weight: 400; }
.label.from { fill: var(--gold); }
.label.from .note { fill: var(--gold); }
.source { fill: none; stroke: var(--gold); stroke-width: 2.5; stroke-dasharray: 7 5; }
.pos { fill: #b9d3c3; font-size: 11px; text-anchor: middle; }
.more { fill: #b9d3c3; font-size: 11px; }
"""
"""The page's style sheet: the page around the board, the board and the cards (the play page
in the browser uses it too)."""

TABLE_SCRIPT = """
"use strict";
// cardTable(svg, layer, geometry) draws positions on an SVG board: the piles of a
// step at their slots, each card carrying its pile, card and index as data- attributes.
function cardTable(svg, layer, g) {
  // The SVG namespace, read from the page's own <svg> element rather than spelled out.
  const NS = svg.namespaceURI;
    const SUIT_NAMES = { C: "clubs", S: "spades", H: "hearts", D: "diamonds" };
    const RANK_NAMES = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
    // Pips of the number cards on a grid of 3 columns and 7 rows, as printed cards
    // place them; those below the middle are drawn upside down, as printed too.
    const PIPS = {
      2: [[1, 0], [1, 6]],
      3: [[1, 0], [1, 3], [1, 6]],
      4: [[0, 0], [2, 0], [0, 6], [2, 6]],
      5: [[0, 0], [2, 0], [1, 3], [0, 6], [2, 6]],
      6: [[0, 0], [2, 0], [0, 3], [2, 3], [0, 6], [2, 6]],
      7: [[0, 0], [2, 0], [1, 1.5], [0, 3], [2, 3], [0, 6], [2, 6]],
      8: [[0, 0], [2, 0], [1, 1.5], [0, 3], [2, 3], [1, 4.5], [0, 6], [2, 6]],
      9: [[0, 0], [2, 0], [0, 2], [2, 2], [1, 3], [0, 4], [2, 4], [0, 6], [2, 6]],
      T: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2], [0, 4], [2, 4], [1, 5], [0, 6], [2, 6]],
    };

    function make(name, attrs, parent, text) {
      const node = document.createElementNS(NS, name);
      for (const key in attrs) node.setAttribute(key, attrs[key]);
      if (text !== undefined) node.textContent = text;
      parent.appendChild(node);
      return node;
    }

    // Where the i-th item of a pile is drawn; a face-down part, if any, is item 0.
    function place(slot, i) {
      if (slot.fan === "down") return [slot.x, slot.y + i * g.fanDown];
      if (slot.fan === "right") return [slot.x + i * g.fanRight, slot.y];
      if (slot.fan === "rows") {
        const col = i % slot.perRow;
        const row = Math.floor(i / slot.perRow);
        return [slot.x + col * (g.w + g.colGap), slot.y + row * (g.h + g.rowGap)];
      }
      return [slot.x, slot.y];
    }

    function items(pile) {
      return pile[0].length + (pile[1] > 0 ? 1 : 0);
    }

    // The board is as big as the piles get over the whole line, so that it
    // never changes size while stepping; spread piles get room for one more
    // item, where the outline of a card that just left is drawn.
    function fitBoard(slots, steps) {
      let width = 0;
      let height = 0;
      for (const slot of slots) {
        let n = 1;
        for (const step of steps) {
          const pile = step.piles[slot.name];
          if (pile) n = Math.max(n, items(pile));
        }
        if (slot.fan === "down" || slot.fan === "right") n += 1;
        const ends = [place(slot, n - 1)];
        if (slot.fan === "rows") ends.push(place(slot, Math.min(n, slot.perRow) - 1));
        for (const [x, y] of ends) {
          width = Math.max(width, x + g.w);
          height = Math.max(height, y + g.h);
        }
      }
      svg.setAttribute("viewBox", `0 0 ${width + g.margin} ${height + g.margin}`);
    }

    function suit(parent, s, x, y, size, flip) {
      const half = size / 2;
      const attrs = { href: "#suit-" + s, x: x - half, y: y - half, width: size, height: size };
      if (flip) attrs.transform = `rotate(180 ${x} ${y})`;
      make("use", attrs, parent);
    }

    function corner(parent, rank, s) {
      if (rank === "T") {
        // Two digits in the room of one letter.
        const fit = { textLength: 15, lengthAdjust: "spacingAndGlyphs" };
        make("text", { class: "rank", x: 2.5, y: 16, ...fit }, parent, "10");
      } else {
        make("text", { class: "rank", x: 4, y: 16 }, parent, rank);
      }
      suit(parent, s, 9.5, 25, 10, false);
    }

    function card(slot, code, x, y, moved, index) {
      const rank = code[0];
      const s = code[1];
      const red = s === "H" || s === "D";
      const node = make("g", {
        class: "card " + (red ? "red" : "black") + (moved ? " moved" : ""),
        transform: `translate(${x} ${y})`,
        "data-pile": slot.name,
        "data-card": code,
        "data-index": index,
      }, layer);
      make("title", {}, node, `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[s]}`);
      make("rect", { class: "face", width: g.w, height: g.h, rx: 6 }, node);
      corner(node, rank, s);
      corner(make("g", { transform: `rotate(180 ${g.w / 2} ${g.h / 2})` }, node), rank, s);
      const cx = g.w / 2;
      const cy = g.h / 2;
      if (rank === "A") {
        suit(node, s, cx, cy, 30, false);
      } else if (PIPS[rank]) {
        for (const [col, row] of PIPS[rank]) {
          suit(node, s, cx + (col - 1) * 11, 20 + (row * (g.h - 40)) / 6, 11, row > 3);
        }
      } else {
        const frame = { x: 15, y: 14, width: g.w - 30, height: g.h - 28, rx: 3 };
        make("rect", { class: "frame", ...frame }, node);
        make("text", { class: "court", x: cx, y: cy + 4, "text-anchor": "middle" }, node, rank);
        suit(node, s, cx, cy + 18, 12, false);
      }
    }

    function back(slot, count, x, y, moved) {
      const node = make("g", {
        class: "down" + (moved ? " moved" : ""),
        transform: `translate(${x} ${y})`,
        "data-pile": slot.name,
        "data-down": count,
      }, layer);
      make("title", {}, node, `${count} face-down card${count === 1 ? "" : "s"}`);
      // A pile of several shows the edges of the cards under its top one.
      for (let i = Math.min(3, count - 1); i > 0; i--) {
        const edge = { x: 1.5 * i, y: 1.5 * i, width: g.w, height: g.h, rx: 6 };
        make("rect", { class: "back-edge", ...edge }, node);
      }
      make("rect", { class: "back", width: g.w, height: g.h, rx: 6 }, node);
      make("circle", { class: "badge", cx: g.w / 2, cy: g.h / 2, r: 15 }, node);
      make("text", { class: "badge-text", x: g.w / 2, y: g.h / 2 + 4.5 }, node, String(count));
    }

    function emptyPlace(slot) {
      const where = `translate(${slot.x} ${slot.y})`;
      const node = make("g", { class: "empty", transform: where, "data-pile": slot.name }, layer);
      make("rect", { class: "place", width: g.w, height: g.h, rx: 6 }, node);
      if (/^[CSHD]$/.test(slot.hint)) {
        const where = { x: g.w / 2 - 15, y: g.h / 2 - 15, width: 30, height: 30 };
        make("use", { class: "hint", href: "#suit-" + slot.hint, ...where }, node);
      } else if (slot.hint) {
        make("text", { class: "hint-text", x: g.w / 2, y: g.h / 2 + 9 }, node, slot.hint);
      }
    }

    function label(slot, pile, from) {
      const y = slot.numbered ? slot.y - 20 : slot.y - 8;
      const kind = from ? "label from" : "label";
      const attrs = { class: kind, x: slot.x, y: y, "data-pile": slot.name };
      const node = make("text", attrs, layer, slot.label);
      if (pile[2]) make("tspan", { class: "note" }, node, " " + pile[2]);
    }

    function drawBoard(slots, step) {
      layer.replaceChildren();
      const from = new Set(step.from);
      for (const slot of slots) {
        const pile = step.piles[slot.name] || [[], 0, "", 0];
        const [cards, down, , hidden] = pile;
        const marks = step.hi[slot.name] || [];
        if (items(pile) === 0) emptyPlace(slot);
        if (from.has(slot.name) && slot.fan !== "rows") {
          // Outline where the card that left was: above what stays, under what came.
          const came = marks.filter((i) => i >= 0).length;
          const i = slot.fan === "stack" ? 0 : Math.max(0, items(pile) - came);
          const [x, y] = place(slot, i);
          const around = { x: x - 5, y: y - 5, width: g.w + 10, height: g.h + 10, rx: 9 };
          make("rect", { class: "source", ...around }, layer);
        }
        let first = 0;
        if (down > 0) {
          const [x, y] = place(slot, 0);
          back(slot, down, x, y, marks.includes(-1));
          first = 1;
        }
        cards.forEach((code, j) => {
          const [x, y] = place(slot, first + j);
          if (slot.numbered) {
            make("text", { class: "pos", x: x + g.w / 2, y: y - 6 }, layer, String(hidden + j + 1));
          }
          card(slot, code, x, y, marks.includes(j), hidden + j);
        });
        label(slot, pile, from.has(slot.name));
      }
    }


  return { draw: drawBoard, fit: fitBoard, place: place, items: items, make: make };
}
"""
"""The script that draws the cards of a step on the board, shared by this page and the page
that plays in the browser (:mod:`solitaire_solver.web`)."""

_SCRIPT = """
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("line-data").textContent);
  const svg = $("board");
  const g = data.geometry;
  const table = cardTable(svg, $("layer"), g);
  const steps = data.steps;
  const last = steps.length - 1;
  const textual = data.slots.length === 0;
  let at = 0;
  let timer = null;

  // The step a link names: "#12" is the position after move 12; null for anything else.
  function linked() {
    const found = /^#(\\d+)$/.exec(location.hash);
    return found ? Number(found[1]) : null;
  }

  // The address follows the step shown, so that a link to this move can be copied.
  // Replacing the entry, not adding one, keeps the browser's Back button for leaving
  // the page rather than for taking back every step.
  function mark() {
    if (location.hash === "#" + at) return;
    try {
      history.replaceState(null, "", "#" + at);
    } catch (error) {
      // Some browsers refuse history changes to pages opened from files; the page
      // works the same without them.
    }
  }

  function show(k) {
    at = Math.max(0, Math.min(last, k));
    mark();
    const step = steps[at];
    if (textual) {
      $("text-board").textContent = step.show || "";
    } else {
      table.draw(data.slots, step);
    }
    $("counter").textContent = `move ${at} of ${last}`;
    $("notation").textContent = step.move;
    const text = $("text");
    text.replaceChildren(at === 0 ? "The deal: the position at the start of play." : step.text);
    if (step.mark) {
      const mark = document.createElement("span");
      mark.className = "mark";
      mark.textContent = step.mark;
      text.append(" ", mark);
    }
    if (at === last && data.end) {
      const end = document.createElement("span");
      end.className = "end" + (data.end.startsWith("won") ? "" : " lost");
      end.textContent = (at === 0 ? " " : " \\u2014 ") + data.end;
      text.append(end);
    }
    const facts = $("facts");
    facts.replaceChildren();
    for (const [name, value] of step.facts) {
      const item = document.createElement("li");
      const b = document.createElement("b");
      b.textContent = name + ":";
      item.append(b, " " + value);
      facts.append(item);
    }
    $("first").disabled = $("back").disabled = at === 0;
    $("next").disabled = $("last").disabled = at === last;
    $("play").disabled = last === 0;
    $("slider").value = String(at);
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    $("play").textContent = "Play";
  }

  function play() {
    if (timer !== null) {
      stop();
      return;
    }
    if (at >= last) show(0);
    $("play").textContent = "Pause";
    timer = setInterval(() => {
      if (at >= last) stop();
      else show(at + 1);
    }, 700);
  }

  function go(k) {
    stop();
    show(k);
  }

  $("title").textContent = data.title;
  $("subtitle").textContent = data.subtitle;
  $("verdict").textContent = data.verdict;
  $("verdict").className = "verdict " + data.status;
  $("slider").max = String(last);
  $("slider").disabled = last === 0;
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(at - 1));
  $("next").addEventListener("click", () => go(at + 1));
  $("last").addEventListener("click", () => go(last));
  $("play").addEventListener("click", play);
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // The slider moves itself with the arrow keys; stepping again would skip.
    if (event.target === $("slider") && event.key.startsWith("Arrow")) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: last,
      PageDown: at + 10, PageUp: at - 10 }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      go(to);
    } else if (event.key === " " && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      play();
    }
  });
  if (textual) {
    svg.style.display = "none";
    $("text-board").hidden = false;
  } else {
    table.fit(data.slots, steps);
  }
  // A link may open the page at a step: page.html#12 shows the position after move 12.
  // Otherwise the page opens at its first marked step (or the deal).
  const wanted = linked();
  show(wanted !== null ? wanted : data.open);
  // A new number typed into the address, or a link followed within the page, loads
  // nothing: the page moves to the step itself.
  window.addEventListener("hashchange", () => {
    const k = linked();
    if (k !== null && k !== at) go(k);
  });
})();
"""
