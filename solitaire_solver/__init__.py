"""solitaire_solver: exact solutions and winnability statistics for patience games."""

from .advice.analysis import Analysis, MoveVerdict, Outcome, Review, analyse, review
from .api import Verification, cards_left, get_game, replay, solve, start_position, verify
from .errors import (
    BadCardError,
    BadDealNumberError,
    BadMoveError,
    BadOptionError,
    BadRuleError,
    ClusterError,
    DealFileError,
    HiddenCardsError,
    IllegalMoveError,
    SolverError,
    UnknownGameError,
)
from .games import PRESETS, Game, Preset, find_preset, make_game
from .records.deal_files import (
    DealFile,
    GameFile,
    dump_deal,
    dump_game,
    format_deal,
    format_game,
    load_deal,
    load_game,
    parse_deal,
    parse_game,
)
from .request import SolveRequest
from .search import Limit, Limits, Memo, SearchStats, SolveResult, Status

__version__ = "0.2.0"

__all__ = [
    "PRESETS",
    "Analysis",
    "BadCardError",
    "BadDealNumberError",
    "BadMoveError",
    "BadOptionError",
    "BadRuleError",
    "ClusterError",
    "DealFile",
    "DealFileError",
    "Game",
    "GameFile",
    "HiddenCardsError",
    "IllegalMoveError",
    "Limit",
    "Limits",
    "Memo",
    "MoveVerdict",
    "Outcome",
    "Preset",
    "Review",
    "SearchStats",
    "SolveRequest",
    "SolveResult",
    "SolverError",
    "Status",
    "UnknownGameError",
    "Verification",
    "__version__",
    "analyse",
    "cards_left",
    "dump_deal",
    "dump_game",
    "find_preset",
    "format_deal",
    "format_game",
    "get_game",
    "load_deal",
    "load_game",
    "make_game",
    "parse_deal",
    "parse_game",
    "replay",
    "review",
    "solve",
    "start_position",
    "verify",
]
