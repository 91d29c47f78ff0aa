"""A game played in the browser, as plain Python: what the page shows and what it may ask.

:class:`Table` holds one game in play (a :class:`~solitaire_solver.advice.session.Session`
with a list of moves to redo) and answers each of the page's questions with
a JSON-ready dict: the position as the viewer draws it, masked as a player
sees it (:meth:`.Game.seen`), the moves played, and the legal moves with the
places a click picks them by (:meth:`.Game.move_places`).
The coach answers only when asked: whether the game can still be won, the
best move and the fair hint, a winning line, and at the end the verdict of
the deal, the review of the game and the fair chance at the start.

In fair mode (``play --browser --fair``, or :meth:`Table.set_fair`) the
table shows a player only what the cards on it show, everywhere: the view,
the moves' words, the hint (the fair hint alone), the game file and the
exported page. The full-sight coach (whether the game can still be won, a
winning line, the verdict of the deal) refuses with :class:`.FairPlayError`
(409 from the server) until the game ends or the player turns fair mode
off, which the game records (:attr:`Table.fair_off_at`). At the end the
face-down cards are shown.

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

from ...advice.analysis import analyse_position, review_line
from ...advice.fair import fair_hint, fair_hint_now
from ...advice.session import Session
from ...cards import count_text
from ...errors import BadOptionError, FairPlayError, IllegalMoveError
from ...games import PRESETS, Game, make_game
from ...games.scene import Scene, page_geometry
from ...numbering import parse_deal_number
from ...records.deal_files import format_game, parse_game, play_mode
from ...records.verdicts import WON, shipped_table
from ...request import SolveRequest
from ..viewer import rules_subtitle, scene_steps, solution_html
from ..words import hint_document

DEAL_RANGE = 1_000_000
"""Random deals and today's deal are numbered from 1 to this: the deals the published tables
of most presets cover."""

DIFFICULTIES = ("easy", "medium", "hard")
"""The classes of won deals a player may ask for (see docs/reference/tables.md)."""


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

    ``request`` is the request of the coach's searches (none: no limit given,
    the preset's defaults; the search after each move is a check request,
    :meth:`~.request.SolveRequest.checks`);
    ``samples`` and ``seed`` are the fair hint's (``samples`` ``None``: the
    game's fair plan's K). ``version`` counts the
    changes, so that the page can tell a fresh answer from a stale one.
    ``fair`` plays the game fair (see :meth:`set_fair`); ``fair_off_at`` is
    the move number a game resumed from a file had fair mode turned off at,
    ``full_sight`` whether that game showed every card (fair mode cannot
    start in it), ``automatic`` which of ``moves`` the table had played for
    the player, and ``start_file`` the position file the start came from (a
    fair game's file names it instead of the face-down cards).

    With ``auto`` (automatic moves home), the table plays the game's
    :meth:`~.Game.auto_moves` after each of the player's moves and at the
    start of a deal. They are real moves of the game, kept in its list of
    moves, but an undo takes back the player's move together with the
    automatic moves that followed it, as one step, and a redo plays them
    all again: a player thinks of them as part of the move.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        start: Any,
        *,
        deal: str | None = None,
        moves: Sequence[Any] = (),
        request: SolveRequest | None = None,
        samples: int | None = None,
        seed: int = 0,
        rng: random.Random | None = None,
        auto: bool = False,
        fair: bool = False,
        fair_off_at: int | None = None,
        full_sight: bool = False,
        automatic: Sequence[bool] = (),
        start_file: str | None = None,
    ) -> None:
        self.fair = fair
        """Whether fair mode is on: the player sees only what the table shows."""
        self.fair_off_at = fair_off_at
        """The number of moves played when the player turned fair mode off in this game, or
        ``None`` if it was not turned off."""
        self.start_file = start_file
        """The position file the game's start came from, if it did: a fair game's file names
        it instead of its face-down cards."""
        self.full_sight = full_sight or self.fair_off_at is not None
        """Whether this game has shown something a fair game hides (a coach's answer, a file
        with every card): fair mode can no longer start in it."""
        self.request = request
        """The request of the coach's searches, for each game the table deals (its
        session's :attr:`~.play.Session.request`)."""
        self.samples = samples
        self.seed = seed
        self.rng = rng if rng is not None else random.Random()
        self.auto = auto
        """Whether the table plays the automatic moves home."""
        self.version = 0
        self.undone: list[Any] = []
        """Moves taken back, the next one to redo last."""
        self.undone_automatic: list[bool] = []
        """For each move of :attr:`undone`, whether the table had played it."""
        self._change: tuple[int, int, int | None] | None = None
        """The version the last change made, how many moves were played before it, and the
        version it changed (``None``: a new game): the page animates the moves after those."""
        self._drawn: list[tuple[Any, bool, Scene, tuple[str, str]]] = []
        """Each position's scene and its move's words, and whether they were drawn masked."""
        self.from_deal = True
        """Whether the game in play began at its start on this table (a deal, or a file with
        no move played), rather than coming with moves played elsewhere (:meth:`record`)."""
        self.solution_shown = False
        """Whether the coach has shown a winning line of the game in play before it ended;
        undo, redo and restart keep it, a new game clears it (:meth:`record`)."""
        self._record_key: tuple[Session, str | None] | None = None
        """The session :meth:`record` last named the deal of, and that name."""
        self.session = self._session(game, start, deal, moves, automatic)

    @property
    def automatic(self) -> list[bool]:
        """For each move played, whether the table played it (an automatic move home)."""
        return self.session.automatic

    def _session(
        self,
        game: Game[Any, Any],
        start: Any,
        deal: str | None,
        moves: Sequence[Any],
        automatic: Sequence[bool] = (),
    ) -> Session:
        session = Session(game, start, request=self.request, deal=deal)
        for i, move in enumerate(moves):
            session.play(move, i < len(automatic) and automatic[i])
        self.version += 1
        self.undone, self.undone_automatic = [], []
        self._change = None
        if self.auto and self._play_automatic(session):
            # The page has not seen this deal: it draws the start, then the automatic moves.
            self._change = (self.version, len(moves), None)
        # A new game: begun here unless it came with moves, and no winning line shown yet.
        self.from_deal, self.solution_shown = not moves, False
        return session

    def _play_automatic(self, session: Session) -> int:
        """Play the automatic moves home of the position now; how many were played."""
        moves = session.game.auto_moves(session.position)
        for move in moves:
            session.play(move, automatic=True)
            # A move that is the next one to redo keeps the moves undone after it.
            if self.undone and self.undone[-1] == move:
                self.undone.pop()
                self.undone_automatic.pop()
            else:
                self.undone.clear()
                self.undone_automatic.clear()
        return len(moves)

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
        before = len(self.session.moves)
        self.session.play(move)
        # A new move starts a new line: what was undone is no longer ahead.
        if self.undone and self.undone[-1] == move and not self.undone_automatic[-1]:
            self.undone.pop()
            self.undone_automatic.pop()
        else:
            self.undone.clear()
            self.undone_automatic.clear()
        if self.auto:
            self._play_automatic(self.session)
        self._changed(before)

    def _changed(self, before: int) -> None:
        """A new version, whose moves played after the first ``before`` the page may animate."""
        self.version += 1
        self._change = (self.version, before, self.version - 1)

    @property
    def player_moves(self) -> int:
        """The moves the player made (the automatic ones left out): what an undo counts."""
        return self.automatic.count(False)

    def undo(self, steps: int = 1) -> int:
        """Take back up to ``steps`` of the player's moves, each with the automatic moves that
        followed it; how many of the player's moves were taken back."""
        if steps > 0 and self.player_moves:
            self._leave_end()
        done = 0
        while done < steps and self.player_moves:
            while True:
                automatic = self.automatic[-1]
                self.undone.append(self.session.undo())
                self.undone_automatic.append(automatic)
                if not automatic:
                    break
            done += 1
        if done:
            self.version += 1
            self._change = None
        return done

    def redo(self, steps: int = 1) -> int:
        """Play again up to ``steps`` of the player's moves taken back, each with the automatic
        moves that followed it; how many of the player's moves were played."""
        done = 0
        before = len(self.session.moves)
        while done < steps and self.undone:
            self.session.play(self.undone.pop(), self.undone_automatic.pop())
            while self.undone and self.undone_automatic[-1]:
                self.session.play(self.undone.pop(), self.undone_automatic.pop())
            done += 1
        if done:
            self._changed(before)
        return done

    def restart(self) -> int:
        """Back to the deal: every move of the player taken back (and ready to redo), the
        automatic moves at the start kept. How many of the player's moves were taken back."""
        return self.undo(self.player_moves)

    def set_auto(self, auto: bool) -> None:
        """Turn the automatic moves home on or off; turned on, the table plays those of the
        position now at once. A new setting is a new version: the page shows it."""
        if auto == self.auto:
            return
        self.auto = auto
        before = len(self.session.moves)
        if auto and self.over() is None:
            self._play_automatic(self.session)
        self._changed(before)

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
        # A new game keeps the mode the player chose, with a record of its own.
        self.fair_off_at, self.full_sight, self.start_file = None, False, None

    def load(self, text: str, name: str = "the file") -> None:
        """Go on with a saved game (or start from a position): the text of a game file.

        The mode follows the rule of ``play --file``
        (:func:`~solitaire_solver.records.deal_files.play_mode`): a fair game
        file goes on fair; a game that showed every card goes on so, keeping
        the move number fair mode was turned off at, and is refused
        (:class:`FairPlayError`) while fair mode is on; a deal or position
        goes on in the mode the player chose. A position that hides cards
        (``??``) is refused. Each undo then takes back the player's move with
        the automatic moves the file lists after it.
        """
        played = parse_game(text, path=name)
        fair = play_mode(played, self.fair, path=name)
        self.session = self._session(
            played.game, played.start, played.deal, played.moves, played.automatic
        )
        self.undone = []
        self.fair, self.fair_off_at = fair, played.fair_off_at
        self.full_sight = played.full_sight
        self.start_file = played.start_file or name

    def save_text(self) -> str:
        """The game as a game file (the start and the moves played), as ``play`` saves it.

        A fair game's file says so and, for a deal from its number, leaves
        the position out (:func:`~solitaire_solver.records.deal_files.format_game`),
        so that it names no face-down card; any other file shows every card.
        """
        s = self.session
        if not self.fair:
            self._saw_everything()
        return format_game(
            s.game,
            s.start,
            s.moves,
            deal=s.deal,
            fair=self.fair,
            fair_off_at=self.fair_off_at,
            automatic=self.automatic,
            start_file=self.start_file,
        )

    def file_name(self, suffix: str) -> str:
        """A name for a file of this game: ``decade-3.json``."""
        deal = self.session.deal
        return f"{self.game.preset}{'-' + deal if deal else ''}{suffix}"

    def export_html(self) -> str:
        """The moves played as a viewer page (:func:`~solitaire_solver.pages.viewer.solution_html`).

        While a fair game is in play each step shows only what the table
        showed then (face-down cards as backs); once it is over, or in a
        game that is not fair, every card.
        """
        s = self.session
        n = len(s.moves)
        over = self.over()
        masked = self._masked()
        if not masked:
            self._saw_everything()
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
            masked=masked,
        )

    # ------------------------------------------------------------ fair mode

    def _masked(self) -> bool:
        """Whether what the table shows is masked now: in a fair game until it ends."""
        return self.fair and self.over() is None

    def _saw_everything(self) -> None:
        """Note that the player was shown what a fair game hides (while the game goes on)."""
        if self.over() is None:
            self.full_sight = True

    def _full_sight_coach(self, what: str) -> None:
        """Refuse ``what`` while a fair game is in play; else note that it shows every card."""
        if self._masked():
            raise FairPlayError(
                f"{what} sees every card: it is off in a fair game until the game ends "
                "(or fair mode is turned off)"
            )
        self._saw_everything()

    def set_fair(self, on: bool) -> None:
        """Turn fair mode on or off.

        Off: the full-sight coach works from now on, and the game records
        the move number it was turned off at (:attr:`fair_off_at`); it
        cannot be turned on again in this game. On: only while the game has
        shown the player nothing a fair game hides (no answer of the
        full-sight coach, no file or page with every card, the game not
        over), so that the game is fair throughout. Else :class:`FairPlayError`.
        """
        if on == self.fair:
            return
        if not on:
            self.fair = False
            self.fair_off_at = len(self.session.moves)
            self.full_sight = True
        elif self.over() is not None:
            raise FairPlayError(
                "the game is over and its cards are shown: fair mode starts with a new deal"
            )
        elif self.full_sight:
            raise FairPlayError(
                "this game was seen with every card (the coach, a file or a page): fair mode "
                "starts with a new deal"
            )
        else:
            self.fair, self.fair_off_at = True, None
        self.version += 1

    def _leave_end(self) -> None:
        """Before a game that is over goes back: its cards were shown at the end (and the
        coach may have said everything), so the game has shown every card: a fair game's
        fair mode is turned off there and recorded, and no game can turn it on again."""
        if self.over() is None:
            return
        if self.fair:
            self.set_fair(False)
        self.full_sight = True

    # ------------------------------------------------------------ what the page shows

    def view(self) -> dict[str, Any]:
        """Everything the page draws, as a player sees it (no verdict, hidden cards hidden).

        Each position is drawn as the player saw it (:meth:`.Game.scene_seen`)
        and each move played worded as the player saw it played
        (:meth:`.Game.describe_played`); once the game is over every card is
        shown, the last position with its face-down cards turned face up
        (:meth:`.Game.scene_shown`: what a lost game left face down).
        """
        s, game = self.session, self.game
        masked = self.over() is None
        last = len(s.positions) - 1
        # Each position's scene is drawn once, and kept while the position stays in the game
        # (the last one of a game that is over is drawn turned over: it is drawn again).
        drawn = self._drawn
        for i, position in enumerate(s.positions):
            kept = i < len(drawn) and drawn[i][0] is position and drawn[i][1] == masked
            if kept and (masked or i < last):
                continue
            del drawn[i:]
            words = ("", "")
            if i:
                before, move = s.positions[i - 1], s.moves[i - 1]
                # A move played shows what it turned face up: its words may name that.
                said_now = (
                    game.describe_played(before, move) if masked else game.describe(before, move)
                )
                words = (str(move), said_now)
            if masked:
                sc = game.scene_seen(game.seen(position))
            else:
                sc = game.scene_shown(position) if i == last else game.scene(position)
            drawn.append((position, masked, sc, words))
        del drawn[len(s.positions) :]
        slots, steps = scene_steps([d[2] for d in drawn], [d[3] for d in drawn])
        said = [d[3] for d in drawn]
        position = s.position
        seen = game.seen(position)
        hidden = seen.hidden if masked else 0
        legal = []
        for move in game.legal_moves(position):
            places = game.move_places(position, move)
            legal.append(
                {
                    "move": str(move),
                    # Worded as the player sees it: a face-down card is never named.
                    "text": game.describe_seen(seen, move),
                    "from": None if places is None else list(places.source),
                    "to": None if places is None or places.target is None else list(places.target),
                    # What a double-click on the card asks for: a move to where cards end.
                    "home": game.goes_home(position, move),
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
            "played": [
                {"move": m, "text": t, "auto": a}
                for (m, t), a in zip(said[1:], self.automatic, strict=True)
            ],
            "legal": legal,
            "hidden": hidden,
            "undo": self.player_moves,
            "redo": self.undone_automatic.count(False),
            "over": self.over(),
            "fair": self.fair,
            "fair_off_at": self.fair_off_at,
            "auto": self.auto,
            "change": self._change_steps(steps),
            "record": self.record(),
        }

    def record(self) -> dict[str, Any]:
        """What the page's record of games (kept by the browser) needs to count a game once.

        ``deal``: the deal the game is of, as the record names it (the
        preset and its rules, then the deal number: ``windmill: redeals=0
        ... #7``), the same in every game of that deal on any table, or
        ``None`` when the game starts from a position that is no numbered
        deal's start (a position file, or a file whose position is not its
        deal number's); ``from_deal``: whether the game began at its start
        on this table rather than coming with moves played elsewhere;
        ``solution_shown``: whether the coach showed a winning line of this
        game before it ended. How the page counts with them is told in
        docs/guides/players.md ("Keeping count").
        """
        s = self.session
        if self._record_key is None or self._record_key[0] is not s:
            key = None
            if s.deal is not None:
                number = parse_deal_number(s.deal)
                # A file may name a deal and hold another position: that is no game of the deal.
                if self.game.deal(number) == s.start:
                    key = f"{rules_subtitle(self.game)} #{number}"
            self._record_key = (s, key)
        return {
            "deal": self._record_key[1],
            "from_deal": self.from_deal,
            "solution_shown": self.solution_shown,
        }

    def _change_steps(self, steps: list[dict[str, Any]]) -> dict[str, Any] | None:
        """What the last change did, for the page to animate: ``since``, the version it
        changed (``None``: a game the page has not drawn), and ``steps``, the position
        before it then one step per move it played (the player's, then the automatic
        ones). ``None`` once something else changed the game (an undo, say)."""
        if self._change is None or self._change[0] != self.version:
            return None
        _, before, since = self._change
        return {"since": since, "steps": steps[before:]}

    # ------------------------------------------------------------ the coach

    def winnable(self) -> dict[str, Any]:
        """Whether the position can still be won: exact, or the limit that stopped the search.

        Off while a fair game is in play (:class:`FairPlayError`).
        """
        self._full_sight_coach("whether the game can still be won")
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
        """The best move (the solver's, seeing every card) and the fair hint's (no peeking).

        In a fair game the fair hint alone (``best`` is ``None``), its moves
        worded as the player sees them.
        """
        s, game = self.session, self.game
        out: dict[str, Any] = {"version": self.version, "best": None, "fair": None}
        if self.over() is not None:
            out["text"] = "the game is over: no move to hint"
            return out
        if self.fair:
            out["fair"] = self._fair_answer()
            return out
        self._saw_everything()
        analysis = analyse_position(
            game, s.position, request=s.request, memo=s.memo, played=len(s.moves)
        )
        best = analysis.recommended
        if best is not None:
            out["best"] = {
                "move": best.notation,
                "text": best.description,
                "verdict": best.verdict_text(),
                "status": best.status.value,
            }
        out["fair"] = self._fair_answer()
        return out

    def _fair_answer(self) -> dict[str, Any] | None:
        """The fair hint where the game stands
        (:func:`~solitaire_solver.pages.words.hint_document`) with its best move on top:
        ``move``, ``text`` (worded as the player sees it) and ``chance`` (``None`` for a
        forced move, named with no figures); ``None`` with no move."""
        # Quick, as a hint for a player about to move: a forced move at once, and the
        # samples stop once the best move stands apart.
        seen, hint = fair_hint_now(
            self.game, self.session.positions, samples=self.samples, seed=self.seed, quick=True
        )
        top = hint.best
        if top is None:
            return None
        out = hint_document(self.game, seen, hint)
        # The time taken differs from run to run: the same view gets the same answer.
        del out["seconds"]
        out.update(
            move=str(top.move),
            text=self.game.describe_seen(seen, top.move),
            chance=None if hint.forced else round(top.value, 6),
        )
        return out

    def solution(self) -> dict[str, Any]:
        """A winning line from here, with each move's words, if there is one.

        Off while a fair game is in play (:class:`FairPlayError`).
        """
        self._full_sight_coach("a winning line")
        result = self.session.solve()
        out: dict[str, Any] = {"version": self.version, "status": result.status.value}
        if result.won:
            state, line = self.session.position, []
            for move in result.moves:
                line.append({"move": str(move), "text": self.game.describe(state, move)})
                state = self.game.apply(state, move)
            out["moves"] = line
            if line:
                # The game's own winning line: a game won after it counts as played, not won.
                # The next view says so (the game itself, and so its version, is unchanged).
                self.solution_shown = True
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
        and the fair chance a player who cannot see the hidden cards had at the start.

        A fair game gets it once it is over (:class:`FairPlayError` before);
        ``fair`` and ``fair_off_at`` say whether the game was played fair.
        """
        s, game = self.session, self.game
        self._full_sight_coach("the verdict of the deal")
        first = game.solve(s.start, s.request, memo=s.memo)
        if first.won:
            deal = f"the deal could be won, in {count_text(len(first.moves), 'move')}"
        elif first.lost:
            deal = "the deal could not be won, however it was played"
        else:
            deal = f"whether the deal could be won is not known (stopped by {first.stop_reason()})"
        review = review_line(game, s.start, s.moves, request=s.request, memo=s.memo)
        out: dict[str, Any] = {
            "version": self.version,
            "over": self.over(),
            "deal": deal,
            "deal_status": first.status.value,
            "review": review.summary(),
            "losing_move": None if review.losing is None else review.losing + 1,
            "fair": None,
            "played_fair": self.fair,
            "fair_off_at": self.fair_off_at,
        }
        fair = fair_hint(game, game.seen(s.start), samples=self.samples, seed=self.seed)
        top = fair.best
        if top is not None:
            how = "exact" if top.exact else f"from {count_text(fair.samples, 'random deal')}"
            out["fair"] = {"chance": round(top.value, 6), "how": how}
        return out
