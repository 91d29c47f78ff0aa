"""The library's front door: argument checking, verify and replay."""

from __future__ import annotations

import pytest

import solitaire_solver as ss
from solitaire_solver.errors import BadRuleError


def test_a_rule_given_twice_is_refused() -> None:
    with pytest.raises(
        BadRuleError, match=r"rule 'min_run' given twice \(min_run=2, then min_run=3\)"
    ):
        ss.solve("decade", 3, rules=["min_run=2", "min_run=3"])
    # Once is fine, in either form.
    assert ss.get_game("decade", ["min_run=3"]).rules.min_run == 3
    assert ss.get_game("decade", {"min_run": 3}).rules.min_run == 3
