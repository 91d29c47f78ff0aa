"""A game in play: the start, the moves made, and what the solver knows of them.

A :class:`Session` is the model both tables play on, the terminal's
(:mod:`~solitaire_solver.pages.terminal`) and the browser's
(:mod:`~solitaire_solver.pages.web`): it plays and takes back moves, says
after each whether the game can still be won (a check request,
:meth:`.SolveRequest.checks`: the plan's ``checks``), gives the hint and the
line of ``solve`` under its request (the preset's defaults, or the
player's), and saves the game as a game file. Every search of a session
shares one :class:`~solitaire_solver.search.Memo`: the positions of one
deal share their keys, so what one search proves lost no later search
repeats, whatever moves and undos come in between.
"""

from __future__ import annotations

import json
from typing import Any

from ..games import Game
from ..records.deal_files import dump_game
from ..request import SolveRequest
from ..search import Memo, SolveResult, Status, Watcher
from .analysis import Analysis, analyse_position


class Session:
    """A game in play: the start, the moves made, and what the solver knows of them."""

    def __init__(
        self,
        game: Game[Any, Any],
        start: Any,
        *,
        request: SolveRequest | None = None,
        check_request: SolveRequest | None = None,
        deal: str | None = None,
        fair: bool = False,
        fair_off_at: int | None = None,
        start_file: str | None = None,
    ) -> None:
        self.game = game
        self.start = start
        self.deal = deal
        self.fair = fair
        """Whether the game is played fair: its file says so and shows no face-down card."""
        self.fair_off_at = fair_off_at
        """The move number fair play was turned off at, if it was (kept in the file)."""
        self.start_file = start_file
        """The position file the start came from, if it did: a fair game's file names it
        instead of the face-down cards (see
        :func:`~solitaire_solver.records.deal_files.format_game`)."""
        self.request = request.for_game(game) if request is not None else SolveRequest.of(game)
        """The request of ``hint`` and ``solve`` (none given: the preset's defaults)."""
        self.check_request = (
            check_request.for_game(game) if check_request is not None else SolveRequest.checks(game)
        )
        """The request of the search after each move (none given: the plan's checks)."""
        self.memo = Memo()
        self.moves: list[Any] = []
        self.automatic: list[bool] = []
        """For each move, whether the table played it for the player (an automatic move home:
        the browser's table plays them; the terminal keeps those of a game it goes on with)."""
        self.positions: list[Any] = [start]
        self.checks: list[SolveResult[Any] | None] = [None]
        """The verdict found for each position (``None``: not searched yet)."""
        self.saved: tuple[str, tuple[Any, ...]] | None = None
        """The file the game was last saved to, and the moves it then held."""
        self.saved_start: str | None = None
        """The position file that file reads the face-down cards from, if it names one."""

    @property
    def position(self) -> Any:
        """The position now."""
        return self.positions[-1]

    def play(self, move: Any, automatic: bool = False) -> None:
        """Play a legal ``move`` (``automatic``: the table played it for the player);
        :class:`IllegalMoveError` for any other."""
        after = self.game.play(self.position, move)
        self.moves.append(move)
        self.automatic.append(automatic)
        self.positions.append(after)
        self.checks.append(None)

    def undo(self) -> Any | None:
        """Take back the last move and return it (``None`` at the start)."""
        if not self.moves:
            return None
        self.positions.pop()
        self.checks.pop()
        self.automatic.pop()
        return self.moves.pop()

    def check(self) -> SolveResult[Any]:
        """Whether the position now can still be won, within the limits of :attr:`check_request`.

        No search is needed after a lost position (everything after it is
        lost too), nor after a move that follows a winning line found before.
        """
        known = self.checks[-1]
        if known is not None:
            return known
        game = self.game
        before = self.checks[-2] if len(self.checks) > 1 else None
        if game.is_won(self.position):
            result: SolveResult[Any] = SolveResult(Status.WON)
        elif before is not None and before.lost:
            result = SolveResult(Status.LOST)
        elif before is not None and before.won and before.moves[:1] == (self.moves[-1],):
            result = SolveResult(Status.WON, before.moves[1:], shortest=before.shortest)
        else:
            result = game.solve(self.position, self.check_request, memo=self.memo)
        self.checks[-1] = result
        return result

    def losing_move(self) -> int | None:
        """The number of the move that turned a won position into the lost one now, if known.

        Known when the position now is lost and the position before the
        first of the lost positions that lead up to it was found won.
        """
        i = len(self.checks) - 1
        now = self.checks[i]
        if now is None or not now.lost:
            return None
        while i > 0 and (r := self.checks[i - 1]) is not None and r.lost:
            i -= 1
        before = self.checks[i - 1] if i > 0 else None
        return i if before is not None and before.won else None

    def hint(self, watch: Watcher | None = None) -> Analysis:
        """Every legal move with its verdict (the preset's limits, or the player's); ``watch``
        is told of the searches' progress."""
        return analyse_position(
            self.game,
            self.position,
            request=self.request,
            memo=self.memo,
            played=len(self.moves),
            watch=watch,
        )

    def solve(self, watch: Watcher | None = None) -> SolveResult[Any]:
        """A winning line from the position now, if there is one; ``watch`` is told of the
        search's progress."""
        result: SolveResult[Any] = self.game.solve(
            self.position, self.request, memo=self.memo, watch=watch
        )
        if result.won or result.lost:
            self.checks[-1] = result
        return result

    def save(self, path: str) -> str | None:
        """Write the game to ``path``: the start and the moves played, as a game file (a fair
        one's says so, and names no face-down card: see
        :func:`~solitaire_solver.records.deal_files.format_game`). The position file the
        file reads the face-down cards from, when it names one."""
        text = dump_game(
            self.game,
            self.start,
            self.moves,
            path,
            deal=self.deal,
            fair=self.fair,
            fair_off_at=self.fair_off_at,
            automatic=self.automatic,
            start_file=self.start_file,
        )
        self.saved = (path, tuple(self.moves))
        self.saved_start = json.loads(text).get("start_file")
        return self.saved_start

    def saved_to(self) -> str | None:
        """The file that holds the game as it stands, if it was saved since the last move."""
        if self.saved is None or self.saved[1] != tuple(self.moves):
            return None
        return self.saved[0]
