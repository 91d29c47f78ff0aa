"""Windmill (RULES.md, "Windmill"): the game, its rules and its solver.

The package, from the bottom up (each module imports only those before it):

- :mod:`.rules`: the knobs, a position, a move and its notation, and the
  rules at work on real positions (:class:`WindmillProblem`);
- :mod:`.model`: positions by ranks alone and the rules restated on them,
  as an engine problem (:class:`RankModel`);
- :mod:`.pruning`: the sound prunes on real positions as engine hooks;
- :mod:`.relaxation`: a relaxed game of the last pass that proves losses,
  an engine problem (a state graph) searched by the engine's depth-first
  search, as a plug-in run and as a dead-end test;
- :mod:`.summaries`: the exact search of the last pass by procedure
  summaries, as a plug-in run;
- :mod:`.solver`: the composition (a portfolio of beams, the relaxation,
  depth-first searches and summaries; A* for shortest lines);
- :mod:`.game`: the game the library and the command line use
  (:class:`Windmill`) and its presets.
"""

from .game import (
    DEFAULT_MAX_STATES,
    DEFAULT_MAX_STATES_FREE,
    DEFAULT_SHORTEST_STATES,
    PRESETS,
    Windmill,
)
from .model import (
    Compact,
    CompactFoundations,
    RankModel,
    RestrictedRankModel,
    beam_score,
    compact,
    rank_model,
    real_line,
    unflagged,
)
from .pruning import Pruned, stuck_and_lost
from .relaxation import Relaxation, RelaxedPruned, RelaxedRules, first_play, relaxed_run
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
    FoundationRules,
    WindmillMove,
    WindmillProblem,
    WindmillRules,
    WindmillState,
    clear_twin,
    deal,
    on_last_pass,
    packed_sizes,
    parse_move,
    refill,
    twin,
)
from .solver import (
    PLAN,
    any_line,
    beam_over,
    beams,
    depth_first,
    discrepancies,
    factories,
    relaxation,
    restarts,
    shortest_line,
    shuffled,
)
from .summaries import can_summarise, summary_run, summary_search

__all__ = [
    "CARDS",
    "DEAL",
    "DEAL_MOVE",
    "DEFAULT_MAX_STATES",
    "DEFAULT_MAX_STATES_FREE",
    "DEFAULT_SHORTEST_STATES",
    "FREE",
    "GAP",
    "PLAN",
    "PLAY",
    "PRESETS",
    "PRIMARY",
    "PRIMARY_FULL",
    "REDEAL",
    "REDEAL_MOVE",
    "RESERVE",
    "RESERVE_CELLS",
    "RESTRICTED",
    "SECONDARIES",
    "SECONDARY",
    "SECONDARY_FULL",
    "WASTE",
    "Compact",
    "CompactFoundations",
    "FoundationRules",
    "Pruned",
    "RankModel",
    "Relaxation",
    "RelaxedPruned",
    "RelaxedRules",
    "RestrictedRankModel",
    "Windmill",
    "WindmillMove",
    "WindmillProblem",
    "WindmillRules",
    "WindmillState",
    "any_line",
    "beam_over",
    "beam_score",
    "beams",
    "can_summarise",
    "clear_twin",
    "compact",
    "deal",
    "depth_first",
    "discrepancies",
    "factories",
    "first_play",
    "on_last_pass",
    "packed_sizes",
    "parse_move",
    "rank_model",
    "real_line",
    "refill",
    "relaxation",
    "relaxed_run",
    "restarts",
    "shortest_line",
    "shuffled",
    "stuck_and_lost",
    "summary_run",
    "summary_search",
    "twin",
    "unflagged",
]
