"""Which Eagle Wing rule sets allow at most what others allow (RULES.md, "Eagle Wing").

Rules ``A`` allow at most what rules ``B`` allow when every line of moves
legal under ``A`` from a deal is legal under ``B`` from the same deal and
ends in the same position, so that a win under ``A`` is a win under ``B``
(both win with 52 cards home) and a loss under ``B`` is a loss under ``A``.
Knob by knob:

- ``trunk_size`` changes the deal (how many cards go face down): two sizes
  are never ordered.
- ``redeals``: a redeal is legal while fewer than ``redeals`` were made;
  nothing else reads the knob, so more redeals allow every line of fewer.
- ``building`` and ``wing_capacity`` together: without building no card is
  ever put on a wing's card, so the capacity is one whatever the knob says
  (:attr:`~.rules.EagleWingRules.capacity`), and the moves are those of a
  wing, the waste or the trunk's last card to a foundation, the waste to a
  gap once the trunk is empty, a deal and a redeal. Each of them is a move
  under building too, with the same effect (the automatic fill of a gap from
  the trunk is the same rule under both). With building on both sides, a
  larger capacity only lets more cards lie on a wing: a line that never
  stacks more than ``a`` cards is legal with ``b >= a`` room.
"""

from __future__ import annotations

from .rules import EagleWingRules


def allows_at_most(stricter: EagleWingRules, looser: EagleWingRules) -> bool:
    """Whether every line legal under ``stricter`` is legal, and wins alike, under ``looser``."""
    if stricter.trunk_size != looser.trunk_size or stricter.redeals > looser.redeals:
        return False
    if not stricter.builds:
        return True
    return looser.builds and stricter.capacity <= looser.capacity
