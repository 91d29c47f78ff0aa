"""Which Decade rule sets allow at most what others allow (RULES.md, "Decade").

Rules ``A`` allow at most what rules ``B`` allow when every line of moves
legal under ``A`` from a deal is legal under ``B`` from the same deal and
ends in the same position, so that a win under ``A`` is a win under ``B``
(both win with all 52 cards discarded) and a loss under ``B`` is a loss
under ``A``. The deal and the first three cards are the same under every
knob. A line is discards of runs and deals of the next card:

- Under optional discards (``compulsory=false``) a run may be discarded and
  a card dealt whenever the stock has one. A line of ``A`` is then legal
  under ``B`` when every run of ``A`` is a run of ``B``: ``A``'s sums are
  among ``B``'s, and ``B``'s run lengths (``min_run`` to ``max_run``) hold
  ``A``'s. ``A`` may be compulsory or optional: its deals are legal under
  ``B`` either way.
- Under compulsory discards (``compulsory=true``) a deal is legal only when
  no run exists, so more runs under ``B`` forbid deals that ``A`` allows:
  there only equal rules are ordered (an optional ``A`` never is, since it
  may deal past a run).
"""

from __future__ import annotations

from .rules import DecadeRules


def allows_at_most(stricter: DecadeRules, looser: DecadeRules) -> bool:
    """Whether every line legal under ``stricter`` is legal, and wins alike, under ``looser``."""
    if looser.compulsory:
        return stricter == looser
    # None is no limit on a run's length: every length is allowed.
    most = 52
    return (
        stricter.sums <= looser.sums
        and stricter.min_run >= looser.min_run
        and (stricter.max_run or most) <= (looser.max_run or most)
    )
