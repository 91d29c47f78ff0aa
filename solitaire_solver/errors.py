"""The library's errors: one base class, a subclass per kind of bad input.

Every error is a :class:`ValueError` so that callers who only want to catch
"bad input" can do so without importing this module. Messages are one line,
quote the offending input and say where it is wrong; the command line prints
``str(error)`` and exits with status 2.
"""

from __future__ import annotations


class SolverError(ValueError):
    """Base class of every error the library raises for bad input."""


class UnknownGameError(SolverError):
    """A game or preset name that is not in the registry."""


class BadDealNumberError(SolverError):
    """A deal number that cannot be parsed or is out of range.

    ``why`` is the reason alone, without the quoted text, for callers that
    put the number in a longer message (a deal range).
    """

    def __init__(self, message: str, *, why: str | None = None) -> None:
        self.why = message if why is None else why
        super().__init__(message)


class BadCardError(SolverError):
    """Card text that is not a card in the notation of the rules."""


class BadRuleError(SolverError):
    """An unknown knob, or a value a knob does not accept."""


class BadMoveError(SolverError):
    """Move text that does not parse in the game's move notation."""


class IllegalMoveError(SolverError):
    """A well-formed move that the rules do not allow in the given position."""


class FairPlayError(IllegalMoveError):
    """A request that would show a player what a fair game hides (the full-sight coach, say)
    while the game is in play, or fair play asked for after the game was seen in full.

    An :class:`IllegalMoveError`: not allowed in the game as it stands, so the browser's
    server answers it with 409 (Conflict), as it does an illegal move.
    """


class DealFileError(SolverError):
    """A deal, position or moves file that cannot be read, with file and line."""

    def __init__(self, message: str, *, path: str = "<text>", line: int | None = None) -> None:
        self.path = path
        self.line = line
        self.reason = message
        # A name that would not show as itself (empty, spaces at an end, a control
        # character) is quoted.
        shown = path if path and path.strip() == path and path.isprintable() else repr(path)
        where = shown if line is None else f"{shown}, line {line}"
        super().__init__(f"{where}: {message}")


class BadOptionError(SolverError):
    """A command-line or API option with a value it does not accept."""


class HiddenCardsError(SolverError):
    """A position with face-down cards (``??``) given where every card must be known."""


class StoreError(SolverError):
    """A results database that cannot be used: missing folder, not a store, a newer schema."""


class ClusterError(SolverError):
    """A Dask scheduler that cannot be used: a bad address, one that does not
    answer, one lost during a run, or workers that build other rules."""


class VerdictFileError(SolverError):
    """A verdict file that cannot be used: damaged, cut short, of another preset or rules."""
