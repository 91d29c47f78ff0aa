"""Play a deal in the terminal, with the solver watching.

:func:`play_game` shows the position and the legal moves, numbered, and
reads one line at a time: a move's number or its notation, or a command
(``hint``, ``undo``, ``solve``, ``save FILE``, ``help``, ``quit``). After
each move it says at once whether the game can still be won, from a search
under a short limit (a check request, :meth:`.SolveRequest.checks`: the
plan's, :data:`CHECK_LIMITS` for every preset; it says ``cannot tell`` when
the limit stops it). ``hint`` and ``solve`` search under the preset's
default limits (or the player's). Plain lines in and out, so it works in any
terminal and reads a script from standard input as well as a person;
colour and suit symbols only where the output is a terminal that shows
them (:class:`Style`).

``save FILE`` writes the game: the start and the moves played, a game file
(:func:`~solitaire_solver.records.deal_files.dump_game`) that ``play --file`` resumes
with every move replayed (so ``undo`` reaches back past them) and ``review
--file`` reviews. When the game ends it says where it was saved, or lists
the moves played, with the ``review`` command that looks into them.

Every search of a session shares one :class:`~solitaire_solver.search.Memo`:
the positions of one deal share their keys, so what one search proves lost
no later search repeats, whatever moves and undos come in between.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shlex
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

from ..advice.analysis import Analysis, analyse_position, verdict_words
from ..advice.fair import (
    FairHint,
    fair_hint,
    hint_unsettled_text,
    how_text,
    line_keys,
    unsettled_text,
)
from ..cards import CARD_IN_TEXT, count_text
from ..errors import BadMoveError, IllegalMoveError, SolverError
from ..games import Game, Seen
from ..progress import solve_progress
from ..records.deal_files import dump_game
from ..request import SolveRequest
from ..search import Memo, SolveResult, Status, Watcher
from ..search.plan import CHECK_LIMITS as CHECK_LIMITS

# CHECK_LIMITS: the limit of the search after each move that says whether the game can still
# be won, by default (a plan's ``checks``), named here for the command's help.

SUITS_SHOWN = {"C": "\u2663", "S": "\u2660", "H": "\u2665", "D": "\u2666"}
"""The suit symbols a terminal that can show them gets instead of the letters."""


_RED, _GREEN, _YELLOW, _BOLD, _RESET = "\033[31m", "\033[32m", "\033[33m", "\033[1m", "\033[0m"


def twins_text(notations: list[str]) -> str:
    """What a hint says under a move of the others that lead to the same position up to
    symmetry: ``also r3>s2, r3>s3: the same position up to symmetry``."""
    return f"also {', '.join(notations)}: the same position up to symmetry"


@attrs.frozen
class Fair:
    """``play --fair``: the hidden cards stay hidden, no verdict is shown, hints are fair.

    ``samples`` is K, the random deals of the hidden cards each fair hint
    solves (``None``: the game's fair plan's, :attr:`~.search.FairPlan.samples`),
    and ``seed`` the seed of their draws."""

    samples: int | None = None
    seed: int = 0


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


HELP = """\
Type a move's number or its notation to play it (a number is the move listed
with it; notation of digits alone is read as notation when no listed move has
that number), or one of:
  hint       every move with its verdict, the recommended move first
  undo       take back the last move
  solve      a winning line from here, if there is one
  save FILE  write the game to a file: play --file FILE goes on with it, review
             --file FILE reviews it, solve --file FILE solves where it stands
  moves      show the position and the moves again
  help       this list
  quit       leave the game"""

FAIR_HELP = """\
Type a move's number or its notation to play it (a number is the move listed
with it; notation of digits alone is read as notation when no listed move has
that number), or one of:
  hint       each move's fair chance, worked out without the face-down cards
  undo       take back the last move
  save FILE  write the game to a file: play --file FILE goes on with it fair
  moves      show the position and the moves again
  help       this list
  quit       leave the game; unless it is saved, every card is then shown"""
"""The commands of a fair game: no ``solve``, which would show the hidden cards."""


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


def play_game(
    game: Game[Any, Any],
    start: Any,
    stdin: TextIO,
    stdout: TextIO,
    *,
    request: SolveRequest | None = None,
    check_request: SolveRequest | None = None,
    style: Style | None = None,
    title: str | None = None,
    deal: str | None = None,
    fair: Fair | None = None,
    moves: Sequence[Any] = (),
    file: str | None = None,
    review: str | None = None,
    fair_off_at: int | None = None,
    automatic: Sequence[bool] = (),
    start_file: str | None = None,
) -> int:
    """Play ``start`` with lines read from ``stdin``, and what is seen written to ``stdout``.

    ``request`` is the request of ``hint`` and ``solve``, ``check_request`` that of
    the search after each move (see :class:`Session`).

    ``moves`` were played already (a game resumed from ``file``, the game
    file they came from): they are played again first, so ``undo`` takes
    them back too. ``review`` is the start of the command line that reviews
    this game (``solitaire-solver review decade 3``), completed with the
    moves and shown when the game ends.

    With ``fair`` the player sees only what the game shows (:meth:`.Game.seen`):
    the position and the moves' words name no face-down card
    (:meth:`.Game.show_seen`, :meth:`.Game.describe_seen`), no verdict is
    shown, ``hint`` is the fair hint and ``solve`` is off; ``save`` writes a
    fair game file, which ``play --file`` resumes fair. When the game ends
    (won, no move left, or quit or the end of the input with the game not
    saved as it stands) it says whether the deal could be won, in how many
    moves, and the fair chance at the start; a saved game left before its
    end keeps its verdict for the end. ``fair_off_at`` is the record of a
    resumed game that had fair play turned off, kept in the files it saves;
    ``automatic`` says which of ``moves`` the browser's table played for the
    player, kept too; ``start_file`` is the position file the start came
    from, which a fair game's file names instead of its face-down cards.

    Returns 0: when the game is won, or the player quits, or the input
    ends. Bad input (an unknown command, a move that does not parse or is
    not legal, a file that cannot be written) gets a message and the
    prompt again.
    """
    session = Session(
        game,
        start,
        request=request,
        check_request=check_request,
        deal=deal,
        fair=fair is not None,
        fair_off_at=fair_off_at,
        start_file=start_file,
    )
    for move, auto in itertools.zip_longest(moves, automatic[: len(moves)], fillvalue=False):
        session.play(move, auto)
    if file is not None and (moves or fair is not None):
        # The file holds the game as it stands until the next move (a fair game's, even
        # before its first: leaving it then keeps its verdict for its end).
        session.saved = (file, tuple(session.moves))
        if start_file is not None and os.path.abspath(file) != start_file:
            session.saved_start = start_file
    style = style if style is not None else Style()

    def say(text: str = "") -> None:
        stdout.write(text + "\n")

    def seen() -> Seen[Any]:
        return game.seen(session.position)

    def words(move: Any) -> str:
        # With fair, worded as the player sees it: a face-down card is never named.
        if fair is None:
            return game.describe(session.position, move)
        return game.describe_seen(seen(), move)

    def show() -> None:
        say()
        view = None if fair is None else seen()
        if view is None:
            say(style.cards(game.show(session.position)))
            say(winnable_text(session, style))
        else:
            say(style.cards(game.show_seen(view)))
            if view.hidden:
                say(f"{count_text(view.hidden, 'card')} face down")
        legal = game.legal_moves(session.position)
        if not legal:
            say("no move is left")
            return
        width = len(str(len(legal)))
        notation = max(len(str(m)) for m in legal)
        for i, move in enumerate(legal, 1):
            text = style.cards(words(move))
            say(f"  {i:>{width}}. {move!s:<{notation}}  {text}".rstrip())

    def reveal(ended: bool = True) -> None:
        if fair is None:
            return
        path = session.saved_to()
        if not ended and path is not None:
            # Left saved before its end: the verdict waits for the end of the game.
            where = f" (reading them from {session.saved_start})" if session.saved_start else ""
            say(
                f"the face-down cards stay face down: play --file {shlex.quote(path)} --fair "
                f"goes on{where}"
            )
            return
        say()
        first = session.start
        if game.seen(first).hidden:
            say("the deal, with every card shown:")
            say(style.cards(game.show(first)))
        else:
            # Nothing was face down: the player saw the whole deal already.
            say("the deal, nothing hidden:")
        result = game.solve(first, session.request)
        if result.won:
            say(
                style.verdict(
                    Status.WON, f"it could be won, in {count_text(len(result.moves), 'move')}"
                )
            )
        elif result.status is Status.LOST:
            say(style.verdict(Status.LOST, "it could not be won, however it was played"))
        else:
            say(f"whether it could be won is not known (stopped by {result.stop_reason()})")
        start = fair_hint(game, game.seen(first), samples=fair.samples, seed=fair.seed)
        best = start.best
        if best is not None:
            how = (
                "exact"
                if best.exact
                else f"from {count_text(start.samples, 'random deal')} of the hidden cards"
            )
            say(f"your fair chance at the start: {best.value:.1%} ({how})")

    def legal_now() -> bool:
        return bool(game.legal_moves(session.position))

    def keep() -> None:
        # What the player needs to come back to the game, or to review it.
        if not session.moves:
            return
        path = session.saved_to()
        if path is not None:
            say(f"the game is saved in {path}")
            if fair is None or game.is_won(session.position) or not legal_now():
                # A review tells the verdicts: a fair game offers it at its end only.
                say(f"review it: solitaire-solver review --file {shlex.quote(path)}")
            return
        played = " ".join(str(m) for m in session.moves)
        say(f"the moves played: {played}")
        if review is not None:
            say(f"review them: {review} --moves {shlex.quote(played)}")

    say(style.bold(title or game.preset))
    if session.moves:
        say(f"resumed after {count_text(len(session.moves), 'move')} (undo takes them back too)")
    say("type a move's number or notation; help lists the commands")
    show()
    commands: dict[str, Callable[[str], bool]] = {}

    def cmd_help(rest: str) -> bool:
        say(HELP if fair is None else FAIR_HELP)
        return False

    def cmd_quit(rest: str) -> bool:
        say(f"bye: {count_text(len(session.moves), 'move')} played")
        keep()
        reveal(ended=False)
        return True

    def cmd_undo(rest: str) -> bool:
        move = session.undo()
        if move is None:
            say("nothing to undo: this is the start")
            return False
        say(f"took back {move}")
        show()
        return False

    def cmd_moves(rest: str) -> bool:
        show()
        return False

    def cmd_hint(rest: str) -> bool:
        say("searching every move... (Ctrl-C cancels)")
        # A hint may take seconds (a Windmill position's searches): its progress shows on
        # a terminal, and Ctrl-C cancels it and the game goes on, rather than ending it
        # unsaved.
        progress = solve_progress(stdout)
        try:
            if fair is not None:
                view = seen()
                hint = fair_hint(
                    game,
                    view,
                    samples=fair.samples,
                    seed=fair.seed,
                    quick=True,
                    watch=progress,
                    counted=None if progress is None else progress.count,
                    line=line_keys(game, session.positions),
                )
                lines = fair_hint_lines(game, view, hint)
            else:
                lines = hint_lines(session.hint(progress), style)
        except KeyboardInterrupt:
            lines = ["hint cancelled"]
        finally:
            if progress is not None:
                progress.finish()
        for line in lines:
            say(style.cards(line) if fair is not None else line)
        return False

    def cmd_solve(rest: str) -> bool:
        if fair is not None:
            say("solve is off in a fair game (it would show the hidden cards); hint is fair")
            return False
        say("searching for a winning line... (Ctrl-C cancels)")
        # As a hint: the search shows its progress on a terminal, and Ctrl-C cancels it
        # with the game going on.
        progress = solve_progress(stdout)
        try:
            result = session.solve(progress)
        except KeyboardInterrupt:
            result = None
        finally:
            if progress is not None:
                progress.finish()
        if result is None:
            say("solve cancelled")
            return False
        say(style.verdict(result.status, f"from here: {verdict_words(result)}"))
        if result.won:
            state = session.position
            width = len(str(len(result.moves)))
            notation = max(len(str(m)) for m in result.moves)
            for i, move in enumerate(result.moves, 1):
                text = style.cards(game.describe(state, move))
                say(f"  {i:>{width}}. {move!s:<{notation}}  {text}")
                state = game.apply(state, move)
        return False

    def cmd_save(rest: str) -> bool:
        path = rest.strip()
        if not path:
            say("save needs a file name, such as: save my-game.txt")
            return False
        try:
            named = session.save(path)
        except SolverError as exc:
            say(f"cannot save: {exc}")
            return False
        quoted = shlex.quote(path)
        # A fair game from a position file: the file names it for the face-down cards.
        where = f", reading the face-down cards from {named}" if named else ""
        say(
            f"saved the game to {path} (solitaire-solver play --file {quoted} goes on with "
            f"it{where})"
        )
        return False

    for names, fn in (
        (("help", "?"), cmd_help),
        (("quit", "q", "exit"), cmd_quit),
        (("undo", "u"), cmd_undo),
        (("moves", "show", "m"), cmd_moves),
        (("hint", "h"), cmd_hint),
        (("solve",), cmd_solve),
        (("save",), cmd_save),
    ):
        for name in names:
            commands[name] = fn

    while True:
        stdout.write(f"move {len(session.moves) + 1}> ")
        stdout.flush()
        line = stdin.readline()
        if not line:
            say()
            say(f"end of input: {count_text(len(session.moves), 'move')} played")
            keep()
            reveal(ended=False)
            return 0
        text = line.strip()
        if not text:
            continue
        word, _, rest = text.partition(" ")
        command = commands.get(word.lower())
        if command is not None:
            if command(rest):
                return 0
            continue
        move = _read_move(game, session, text, say, fair=fair is not None)
        if move is None:
            continue
        said = words(move)
        session.play(move)
        say(f"played {move}: {style.cards(said)}" if said else f"played {move}")
        if game.is_won(session.position):
            say()
            say(style.cards(game.show(session.position)))
            say(style.verdict(Status.WON, f"won in {count_text(len(session.moves), 'move')}!"))
            keep()
            reveal()
            return 0
        show()
        if fair is not None and not game.legal_moves(session.position):
            say("the game is over")
            keep()
            reveal()
            return 0


def _read_move(
    game: Game[Any, Any],
    session: Session,
    text: str,
    say: Callable[[str], None],
    *,
    fair: bool = False,
) -> Any | None:
    """The legal move ``text`` names (a number or notation), or ``None`` after saying why not
    (the commands of a ``fair`` game named without ``solve``)."""
    legal = game.legal_moves(session.position)
    if text.isascii() and text.isdigit():
        # Longer than the moves' count is long: no move's number (and Python reads no
        # number of thousands of digits).
        number = int(text) if len(text) <= len(str(len(legal))) else 0
        if 1 <= number <= len(legal):
            return legal[number - 1]
        # Some notation is digits alone (Eagle Wing's 26: wing 2 onto wing 6):
        # read as notation when no listed move has that number.
        try:
            move = game.parse_move(text)
        except BadMoveError:
            move = None
        if move is None or move not in legal:
            which = f"1 to {len(legal)}" if legal else "none: no move is left"
            shown = text if len(text) <= 12 else text[:12] + "..."
            say(f"no move number {shown}: the moves are numbered {which}")
            return None
        return move
    try:
        move = game.parse_move(text)
    except BadMoveError:
        say(
            f"unknown command or move {text!r}: type a move's number or notation, "
            f"or hint, undo, {'' if fair else 'solve, '}save FILE, quit (help lists them)"
        )
        return None
    if move not in legal:
        say(str(IllegalMoveError(f"illegal move {move}: not allowed in this position")))
        return None
    return move


def winnable_text(session: Session, style: Style) -> str:
    """``still winnable: yes, in 42 more moves``, ``no: ...`` or ``cannot tell (...)``."""
    result = session.check()
    if result.won:
        if not result.moves:
            return style.verdict(Status.WON, "won: every card is home")
        more = count_text(len(result.moves), "more move")
        return style.verdict(Status.WON, f"still winnable: yes, in {more}")
    if result.lost:
        if not session.moves:
            return style.verdict(Status.LOST, "still winnable: no, the deal cannot be won")
        losing = session.losing_move()
        when = f" (move {losing} lost it)" if losing is not None else ""
        return style.verdict(Status.LOST, f"still winnable: no, the game is lost{when}")
    return style.verdict(
        Status.UNKNOWN,
        f"still winnable: cannot tell (stopped by {result.stop_reason()}; hint and solve "
        "search further)",
    )


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
