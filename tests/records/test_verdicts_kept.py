"""The verdicts of the solvers before the search engine are kept.

The rows and the comparison are ``benchmarks/engine/compare_verdicts.py``'s.

A sample of each preset's recorded rows in the default suite; every row under
``-m slow``.
"""

from __future__ import annotations

import pytest

from benchmarks.engine.compare_verdicts import SOURCES, compare

# Every K-th row in the default suite: a few seconds per preset.
SAMPLE = {
    "decade": 50,
    "decade-optional": 20,
    "eagle-wing": 20,
    "eagle-wing-coops": 100,
    "black-hole": 50,
    "windmill": 100,
    "windmill-reversed": 100,
    "windmill-free": 100,
}


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_a_sample_of_the_verdicts_is_kept(name: str) -> None:
    count, bad = compare(name, SAMPLE[name])
    assert count >= 10
    assert bad == []


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SOURCES))
def test_every_recorded_verdict_is_kept(name: str) -> None:
    count, bad = compare(name)
    assert count >= 1000
    assert bad == []
