"""The fuzz suite's summary: how many inputs each door was tried with."""

from __future__ import annotations

import pytest

from tests.fuzz.doors import TRIED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line per door tried in this session, with its number of inputs."""
    if not TRIED:
        return
    terminalreporter.section("inputs tried per door")
    for door, count in sorted(TRIED.items()):
        terminalreporter.write_line(f"{door}: {count:,}")
