"""Which Windmill rule sets allow at most what others allow (RULES.md, "Windmill").

Rules ``A`` allow at most what rules ``B`` allow when every line of moves
legal under ``A`` from a deal is legal under ``B`` from the same deal and
ends in the same position, so that a win under ``A`` is a win under ``B``
(both win with all 104 cards home) and a loss under ``B`` is a loss under
``A``. Knob by knob:

- ``direction`` changes the deal (the centre card, and so every card dealt
  after it) and what each foundation takes: two directions are never
  ordered.
- ``redeals``: a redeal is legal while fewer than ``redeals`` were made (and
  the stock is empty, the waste not); nothing else reads the knob. A line
  with at most ``a`` redeals is legal with ``b >= a`` allowed.
- ``foundation_moves``: every other move (a deal, a reserve or waste card to
  a foundation, the automatic refill) is the same under both values. The
  restricted rules add one more kind, a secondary's top card to the primary
  when the flag allows it; the free rules allow that move from any secondary
  to the primary whatever the flag, among others. The flag only forbids, so
  a restricted line is a free line: ``restricted`` allows at most what
  ``free`` allows, and not the other way round (a free line may move a card
  from the primary to a secondary).
"""

from __future__ import annotations

from .rules import FREE, WindmillRules

_LOOSENESS = {FREE: 1}
"""How much each ``foundation_moves`` value allows: a larger number allows every move a
smaller one does (the restricted rules are 0)."""


def allows_at_most(stricter: WindmillRules, looser: WindmillRules) -> bool:
    """Whether every line legal under ``stricter`` is legal, and wins alike, under ``looser``."""
    return (
        stricter.direction == looser.direction
        and stricter.redeals <= looser.redeals
        and _LOOSENESS.get(stricter.foundation_moves, 0)
        <= _LOOSENESS.get(looser.foundation_moves, 0)
    )
