"""Play a deal in the terminal, with the solver watching.

:func:`play_game` shows the position and the legal moves, numbered, and
reads one line at a time: a move's number or its notation, or a command
(``hint``, ``undo``, ``solve``, ``save FILE``, ``help``, ``quit``). After
each move it says at once whether the game can still be won, from a search
under a short limit (a check request, :meth:`.SolveRequest.checks`: the
plan's ``checks``; it says ``cannot tell`` when the limit stops it).
``hint`` and ``solve`` search under the preset's default limits (or the
player's). Plain lines in and out, so it works in any terminal and reads a
script from standard input as well as a person; colour and suit symbols
only where the output is a terminal that shows them (:class:`Style`).

``save FILE`` writes the game: the start and the moves played, a game file
(:func:`~solitaire_solver.records.deal_files.dump_game`) that ``play --file`` resumes
with every move replayed (so ``undo`` reaches back past them) and ``review
--file`` reviews. When the game ends it says where it was saved, or lists
the moves played, with the ``review`` command that looks into them.

The game in play is a :class:`~solitaire_solver.advice.session.Session`
(the browser's table plays on one too); the words of its hints are
:mod:`.words`'.
"""

from __future__ import annotations

import itertools
import os
import shlex
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

from ..advice.analysis import verdict_words
from ..advice.fair import fair_hint, fair_hint_now
from ..advice.session import Session
from ..cards import count_text
from ..errors import BadMoveError, IllegalMoveError, SolverError
from ..games import Game, Seen
from ..progress import solve_progress
from ..request import SolveRequest
from ..search import Status
from .words import Style, fair_hint_lines, hint_lines


@attrs.frozen
class Fair:
    """``play --fair``: the hidden cards stay hidden, no verdict is shown, hints are fair.

    ``samples`` is K, the random deals of the hidden cards each fair hint
    solves (``None``: the game's fair plan's, :attr:`~.search.FairPlan.samples`),
    and ``seed`` the seed of their draws."""

    samples: int | None = None
    seed: int = 0


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
                view, hint = fair_hint_now(
                    game,
                    session.positions,
                    samples=fair.samples,
                    seed=fair.seed,
                    quick=True,
                    progress=progress,
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
