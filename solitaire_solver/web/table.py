"""A game played in the browser, as plain Python: what the page shows and what it may ask.

:class:`Table` holds one game in play (a :class:`~solitaire_solver.play.Session`
with a list of moves to redo) and answers each of the page's questions with
a JSON-ready dict: the position as the viewer draws it, masked as a player
sees it (:meth:`.Game.seen`), the moves played, and the legal moves with the
places a click picks them by (:meth:`.Game.move_places`).
The coach answers only when asked: whether the game can still be won, the
best move and the fair hint, a winning line, and at the end the verdict of
the deal, the review of the game and the fair chance at the start.

Every rule comes from the game object: the page holds no rule of its own.
The web app (:mod:`.app`) is a thin layer of HTTP over this class, so that
all of this is tested without a server.
"""

from __future__ import annotations

import datetime
import hashlib
import random
from collections.abc import Sequence
from typing import Any

from ..analysis import analyse_position, review_line
from ..cards import count_text
from ..deal_files import format_game, parse_game
from ..errors import BadOptionError, IllegalMoveError
from ..fair import fair_hint
from ..games import PRESETS, Game, make_game
from ..numbering import parse_deal_number
from ..play import PLAY_SAMPLES, Session
from ..scene import Scene, page_geometry
from ..search import Limits
from ..verdicts import WON, shipped_table
from ..viewer import rules_subtitle, scene_steps, solution_html

DEAL_RANGE = 1_000_000
"""Random deals and today's deal are numbered from 1 to this: the deals the published tables
of most presets cover."""

DIFFICULTIES = ("easy", "medium", "hard")
"""The classes of won deals a player may ask for (see docs/tables.md)."""


def today_deal(day: datetime.date) -> int:
    """Today's deal: a number from 1 to :data:`DEAL_RANGE` that depends on the date alone.

    A hash of the date in ISO form, so that every player gets the same deal
    on the same day, whatever the game, the machine or its time zone's idea
    of the hour (the caller picks the date).
    """
    digest = hashlib.sha256(day.isoformat().encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") % DEAL_RANGE + 1


def winnable_deal(game: Game[Any, Any], difficulty: str, rng: random.Random) -> int:
    """A deal the published table of ``game`` lists as won, of class ``difficulty``, at random.

    :class:`BadOptionError` when the preset (with these rules) has no
    published table, or the class is not one of :data:`DIFFICULTIES`.
    """
    if difficulty not in DIFFICULTIES:
        raise BadOptionError(f"difficulty {difficulty!r}: expected easy, medium or hard")
    table = shipped_table(game)
    if table is None:
        raise BadOptionError(f"no published table for {game.preset}: no deal of known difficulty")
    low, high = table.classes.bounds(difficulty)
    found = [
        number
        for number, code, _, figure in table.entries()
        if code == WON and low <= figure <= high
    ]
    if not found:
        raise BadOptionError(f"the table of {game.preset} has no {difficulty} deal")
    return rng.choice(found)


class Table:
    """One game in the browser: its start, the moves played and the moves undone.

    ``limits`` bound the coach's searches (none: the preset's defaults);
    ``samples`` and ``seed`` are the fair hint's. ``version`` counts the
    changes, so that the page can tell a fresh answer from a stale one.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        start: Any,
        *,
        deal: str | None = None,
        moves: Sequence[Any] = (),
        limits: Limits | None = None,
        samples: int = PLAY_SAMPLES,
        seed: int = 0,
        rng: random.Random | None = None,
    ) -> None:
        self.limits = limits if limits is not None else Limits()
        self.samples = samples
        self.seed = seed
        self.rng = rng if rng is not None else random.Random()
        self.version = 0
        self.session = self._session(game, start, deal, moves)
        self.undone: list[Any] = []
        """Moves taken back, the next one to redo last."""
        self._drawn: list[tuple[Any, Scene, tuple[str, str]]] = []

    def _session(
        self, game: Game[Any, Any], start: Any, deal: str | None, moves: Sequence[Any]
    ) -> Session:
        session = Session(game, start, limits=self.limits, deal=deal)
        for move in moves:
            session.play(move)
        self.version += 1
        return session

    # ------------------------------------------------------------ the game

    @property
    def game(self) -> Game[Any, Any]:
        """The game in play."""
        return self.session.game

    @property
    def title(self) -> str:
        """``decade 3``, or the preset alone for a position with no deal number."""
        deal = self.session.deal
        return f"{self.game.preset} {deal}" if deal is not None else f"{self.game.preset}"

    def over(self) -> str | None:
        """``won``, ``stuck`` (no move is left) or ``None`` while the game goes on."""
        position = self.session.position
        if self.game.is_won(position):
            return "won"
        if not self.game.legal_moves(position):
            return "stuck"
        return None

    def play(self, text: str) -> None:
        """Play the move written ``text``; :class:`BadMoveError` or :class:`IllegalMoveError`."""
        if self.over() is not None:
            raise IllegalMoveError(f"the game is over ({self.over()}): no move can be played")
        move = self.game.parse_move(text)
        self.session.play(move)
        # A new move starts a new line: what was undone is no longer ahead.
        if self.undone and self.undone[-1] == move:
            self.undone.pop()
        else:
            self.undone.clear()
        self.version += 1

    def undo(self, steps: int = 1) -> int:
        """Take back up to ``steps`` moves; how many were taken back."""
        done = 0
        while done < steps and self.session.moves:
            self.undone.append(self.session.undo())
            done += 1
        self.version += done > 0
        return done

    def redo(self, steps: int = 1) -> int:
        """Play again up to ``steps`` moves taken back; how many were played."""
        done = 0
        while done < steps and self.undone:
            self.session.play(self.undone.pop())
            done += 1
        self.version += done > 0
        return done

    def new_deal(self, preset: str | None, deal: str) -> None:
        """Start a deal of ``preset`` (or the game's own): a number, ``random``, ``today``, or
        a class of difficulty (``easy``, ``medium``, ``hard``)."""
        game = self.game if preset is None or preset == self.game.preset else make_game(preset)
        word = deal.strip().lower()
        if word == "random":
            number = parse_deal_number(self.rng.randint(1, DEAL_RANGE))
        elif word == "today":
            number = parse_deal_number(today_deal(datetime.date.today()))
        elif word in DIFFICULTIES:
            number = parse_deal_number(winnable_deal(game, word, self.rng))
        else:
            number = parse_deal_number(deal)
        self.session = self._session(game, game.deal(number), str(number), ())
        self.undone = []

    def load(self, text: str, name: str = "the file") -> None:
        """Go on with a saved game (or start from a position): the text of a game file."""
        played = parse_game(text, path=name)
        self.session = self._session(played.game, played.start, played.deal, played.moves)
        self.undone = []

    def save_text(self) -> str:
        """The game as a game file (the start and the moves played), as ``play`` saves it."""
        s = self.session
        return format_game(s.game, s.start, s.moves, deal=s.deal)

    def file_name(self, suffix: str) -> str:
        """A name for a file of this game: ``decade-3.json``."""
        deal = self.session.deal
        return f"{self.game.preset}{'-' + deal if deal else ''}{suffix}"

    def export_html(self) -> str:
        """The moves played as a viewer page (:func:`~solitaire_solver.viewer.solution_html`)."""
        s = self.session
        n = len(s.moves)
        over = self.over()
        verdict = {"won": f"won in {count_text(n, 'move')}", "stuck": "no move is left"}.get(
            over or "", f"{count_text(n, 'move')} played"
        )
        return solution_html(
            s.game,
            s.start,
            s.moves,
            title=f"{self.title}: the game played",
            verdict_text=verdict,
            status="won" if over == "won" else "",
        )

    # ------------------------------------------------------------ what the page shows

    def view(self) -> dict[str, Any]:
        """Everything the page draws, as a player sees it (no verdict, hidden cards hidden)."""
        s, game = self.session, self.game
        # Each position's scene is drawn once, and kept while the position stays in the game.
        drawn = self._drawn
        for i, position in enumerate(s.positions):
            if i < len(drawn) and drawn[i][0] is position:
                continue
            del drawn[i:]
            words = (
                ("", "")
                if i == 0
                else (str(s.moves[i - 1]), game.describe(s.positions[i - 1], s.moves[i - 1]))
            )
            drawn.append((position, game.scene(game.seen(position).state), words))
        del drawn[len(s.positions) :]
        slots, steps = scene_steps([d[1] for d in drawn], [d[2] for d in drawn])
        said = [d[2] for d in drawn]
        position = s.position
        hidden = game.seen(position).hidden
        legal = []
        for move in game.legal_moves(position):
            places = game.move_places(position, move)
            legal.append(
                {
                    "move": str(move),
                    # A move's words may name the card it turns up: none while cards are hidden.
                    "text": "" if hidden else game.describe(position, move),
                    "from": None if places is None else list(places.source),
                    "to": None if places is None or places.target is None else list(places.target),
                }
            )
        return {
            "version": self.version,
            "game": game.preset,
            "title": self.title,
            "subtitle": rules_subtitle(game),
            "presets": sorted(PRESETS),
            "geometry": page_geometry(),
            "slots": slots,
            "step": steps[-1],
            "played": [{"move": m, "text": t} for m, t in said[1:]],
            "legal": legal,
            "hidden": hidden,
            "undo": len(s.moves),
            "redo": len(self.undone),
            "over": self.over(),
        }

    # ------------------------------------------------------------ the coach

    def winnable(self) -> dict[str, Any]:
        """Whether the position can still be won: exact, or the limit that stopped the search."""
        result = self.session.solve()
        if result.won:
            text = (
                "won: every card is home"
                if not result.moves
                else f"yes: it can still be won, in {count_text(len(result.moves), 'move')}"
            )
        elif result.lost:
            text = "no: it cannot be won any more, however it is played"
        else:
            text = f"cannot tell: the search stopped at {result.stop_reason()}"
        return {"version": self.version, "status": result.status.value, "text": text}

    def hint(self) -> dict[str, Any]:
        """The best move (the solver's, seeing every card) and the fair hint's (no peeking)."""
        s, game = self.session, self.game
        out: dict[str, Any] = {"version": self.version, "best": None, "fair": None}
        if self.over() is not None:
            out["text"] = "the game is over: no move to hint"
            return out
        analysis = analyse_position(
            game, s.position, limits=self.limits, memo=s.memo, played=len(s.moves)
        )
        best = analysis.recommended
        if best is not None:
            out["best"] = {
                "move": best.notation,
                "text": best.description,
                "verdict": best.verdict_text(),
                "status": best.status.value,
            }
        fair = fair_hint(game, game.seen(s.position), samples=self.samples, seed=self.seed)
        top = fair.best
        if top is not None:
            how = "exact" if top.exact else f"from {count_text(fair.samples, 'random deal')}"
            seen = game.seen(s.position)
            words = "" if seen.hidden else game.describe(s.position, top.move)
            out["fair"] = {
                "move": str(top.move),
                "text": words,
                "chance": round(top.value, 6),
                "how": how,
            }
        return out

    def solution(self) -> dict[str, Any]:
        """A winning line from here, with each move's words, if there is one."""
        result = self.session.solve()
        out: dict[str, Any] = {"version": self.version, "status": result.status.value}
        if result.won:
            state, line = self.session.position, []
            for move in result.moves:
                line.append({"move": str(move), "text": self.game.describe(state, move)})
                state = self.game.apply(state, move)
            out["moves"] = line
            out["text"] = (
                "won: every card is home"
                if not line
                else f"a winning line of {count_text(len(line), 'move')}"
            )
        elif result.lost:
            out["text"] = "no winning line: the game cannot be won from here"
        else:
            out["text"] = f"none found: the search stopped at {result.stop_reason()}"
        return out

    def end(self) -> dict[str, Any]:
        """At the end of a game: whether the deal could be won, the review of the moves played,
        and the fair chance a player who cannot see the hidden cards had at the start."""
        s, game = self.session, self.game
        first = game.solve(s.start, self.limits, memo=s.memo)
        if first.won:
            deal = f"the deal could be won, in {count_text(len(first.moves), 'move')}"
        elif first.lost:
            deal = "the deal could not be won, however it was played"
        else:
            deal = f"whether the deal could be won is not known (stopped by {first.stop_reason()})"
        review = review_line(game, s.start, s.moves, limits=self.limits, memo=s.memo)
        out: dict[str, Any] = {
            "version": self.version,
            "over": self.over(),
            "deal": deal,
            "deal_status": first.status.value,
            "review": review.summary(),
            "losing_move": None if review.losing is None else review.losing + 1,
            "fair": None,
        }
        fair = fair_hint(game, game.seen(s.start), samples=self.samples, seed=self.seed)
        top = fair.best
        if top is not None:
            how = "exact" if top.exact else f"from {count_text(fair.samples, 'random deal')}"
            out["fair"] = {"chance": round(top.value, 6), "how": how}
        return out
