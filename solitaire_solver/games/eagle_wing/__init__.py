"""Eagle Wing: a trunk of face-down cards feeds eight wings; build up in suit.

Rules (RULES.md, "Eagle Wing"): one card starts its suit's foundation and
fixes the rank every foundation starts at; the foundations build up in suit,
wrapping from K to A. Thirteen cards (``trunk_size``) lie face down in the
trunk, eight go to the wings, one turns onto the waste and the rest is the
stock. A wing that empties takes the trunk's top card at once; the trunk's
last card is face up and playable. Once the trunk is empty an empty wing may
take the waste's top card (and, where building is allowed, another wing's top
card). The stock is dealt one card at a time; the waste may be turned over
``redeals`` times. Under ``building = down-in-suit`` a wing holds up to
``wing_capacity`` cards built down in suit, wrapping (an A takes a K).

Two presets: ``eagle-wing`` (the traditional rules: wing cards only go to the
foundations) and ``eagle-wing-coops`` (PySolFC's Eagle Wing: build down in
suit on the wings, three cards at most).

"Winnable" is thoughtful winnability: the solver knows the face-down cards.

The package: :mod:`.rules` (knobs, positions, moves, what a move does),
:mod:`.game` (the game for people and the engine: notation, descriptions,
position files, and the solver as a composition of the engine's
strategies) and :mod:`.model` (the compact model the depth-first search
works on, with its reductions and their soundness arguments).
"""

from .game import PRESETS, EagleWing
from .model import EagleWingModel
from .rules import (
    BUILDINGS,
    DEAL,
    DOWN_IN_SUIT,
    FOUNDATION,
    NO_BUILDING,
    REDEAL,
    TRUNK,
    WASTE,
    WINGS,
    EagleWingMove,
    EagleWingRules,
    EagleWingState,
)

__all__ = [
    "BUILDINGS",
    "DEAL",
    "DOWN_IN_SUIT",
    "FOUNDATION",
    "NO_BUILDING",
    "PRESETS",
    "REDEAL",
    "TRUNK",
    "WASTE",
    "WINGS",
    "EagleWing",
    "EagleWingModel",
    "EagleWingMove",
    "EagleWingRules",
    "EagleWingState",
]
