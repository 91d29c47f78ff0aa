"""Setup for the whole suite.

The replay assertions live in :mod:`tests.helpers` (not a test file) so
that benchmarks can use them too; pytest rewrites the asserts of test files
only, so it is told to rewrite these as well, for the same detailed failure
reports. This must run before anything imports them, which a conftest.py at
the top of the suite does.
"""

from __future__ import annotations

import pytest

pytest.register_assert_rewrite("tests.helpers")

# CI's sample of the slow checks (``-m sample``): the hook marks them.
from tests.slow_sample import pytest_collection_modifyitems  # noqa: E402, F401
