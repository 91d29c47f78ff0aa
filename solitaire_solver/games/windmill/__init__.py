"""Windmill (RULES.md, "Windmill"): the game, its rules and its solver.

The package, from the bottom up (each module imports only those before it):

- :mod:`.rules`: the knobs, a position, a move and its notation, and the
  rules at work on real positions (:class:`WindmillProblem`);
- :mod:`.model`: positions by ranks alone and the rules restated on them,
  as an engine problem (:class:`RankModel`);
- :mod:`.pruning`: the sound prunes on real positions as engine hooks;
- :mod:`.summaries`: the exact search of the last pass by procedure
  summaries, as a plug-in run;
- :mod:`.solver`: the composition (a portfolio of beams, depth-first search
  and summaries; A* for shortest lines);
- :mod:`.game`: the game the library and the command line use
  (:class:`Windmill`) and its presets.
"""

from .game import DEFAULT_MAX_STATES, DEFAULT_MAX_STATES_FREE, PRESETS, Windmill
from .model import (
    Compact,
    RankModel,
    RestrictedRankModel,
    beam_score,
    compact,
    rank_model,
    real_line,
    unflagged,
)
from .pruning import Pruned, stuck_and_lost
from .rules import (
    CARDS,
    DEAL,
    DEAL_MOVE,
    FREE,
    GAP,
    PLAY,
    PRIMARY,
    PRIMARY_FULL,
    REDEAL,
    REDEAL_MOVE,
    RESERVE,
    RESERVE_CELLS,
    RESTRICTED,
    SECONDARIES,
    SECONDARY,
    SECONDARY_FULL,
    WASTE,
    WindmillMove,
    WindmillProblem,
    WindmillRules,
    WindmillState,
    parse_move,
)
from .solver import (
    BEAM_WIDTHS,
    BEAMS_WEIGHT,
    DEPTH_FIRST_WEIGHT,
    PORTFOLIO_BASE,
    PORTFOLIO_GROWTH,
    RESTRICTED_UP_TO,
    SHORTEST_CAP,
    SUB_GAME_HOLDS,
    SUB_GAMES_UP_TO,
    SUMMARIES_WEIGHT,
    any_line,
    beam_over,
    beams,
    depth_first,
    shortest_line,
)
from .summaries import applies, summary_run, summary_search

__all__ = [
    "BEAMS_WEIGHT",
    "BEAM_WIDTHS",
    "CARDS",
    "DEAL",
    "DEAL_MOVE",
    "DEFAULT_MAX_STATES",
    "DEFAULT_MAX_STATES_FREE",
    "DEPTH_FIRST_WEIGHT",
    "FREE",
    "GAP",
    "PLAY",
    "PORTFOLIO_BASE",
    "PORTFOLIO_GROWTH",
    "PRESETS",
    "PRIMARY",
    "PRIMARY_FULL",
    "REDEAL",
    "REDEAL_MOVE",
    "RESERVE",
    "RESERVE_CELLS",
    "RESTRICTED",
    "RESTRICTED_UP_TO",
    "SECONDARIES",
    "SECONDARY",
    "SECONDARY_FULL",
    "SHORTEST_CAP",
    "SUB_GAMES_UP_TO",
    "SUB_GAME_HOLDS",
    "SUMMARIES_WEIGHT",
    "WASTE",
    "Compact",
    "Pruned",
    "RankModel",
    "RestrictedRankModel",
    "Windmill",
    "WindmillMove",
    "WindmillProblem",
    "WindmillRules",
    "WindmillState",
    "any_line",
    "applies",
    "beam_over",
    "beam_score",
    "beams",
    "compact",
    "depth_first",
    "parse_move",
    "rank_model",
    "real_line",
    "shortest_line",
    "stuck_and_lost",
    "summary_run",
    "summary_search",
    "unflagged",
]
