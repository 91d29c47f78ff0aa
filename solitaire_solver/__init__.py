"""solitaire_solver: exact solutions and winnability statistics for patience games."""

from .api import Verification, get_game, replay, solve, start_position, verify
from .errors import (
    BadCardError,
    BadDealNumberError,
    BadMoveError,
    BadOptionError,
    BadRuleError,
    DealFileError,
    IllegalMoveError,
    SolverError,
    UnknownGameError,
)
from .games import PRESETS, Game, Preset, find_preset, make_game
from .search import Limit, Limits, SearchStats, SolveResult, Status

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "BadCardError",
    "BadDealNumberError",
    "BadMoveError",
    "BadOptionError",
    "BadRuleError",
    "DealFileError",
    "Game",
    "IllegalMoveError",
    "Limit",
    "Limits",
    "Preset",
    "SearchStats",
    "SolveResult",
    "SolverError",
    "Status",
    "UnknownGameError",
    "Verification",
    "__version__",
    "find_preset",
    "get_game",
    "make_game",
    "replay",
    "solve",
    "start_position",
    "verify",
]
