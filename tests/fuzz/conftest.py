"""The worker process shared by the fuzz tests, and the figures printed at the end."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .harness import Report, Worker, seed

#: What each fuzz test ran (a ``Report`` or a ``StreamReport``: anything with ``summary()``).
REPORTS: list[Report] = []


@pytest.fixture(scope="session")
def worker() -> Iterator[Worker]:
    w = Worker()
    yield w
    w.stop()


@pytest.fixture
def reports() -> list[Report]:
    return REPORTS


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not REPORTS:
        return
    terminalreporter.section(f"fuzz (seed {seed()})")
    for report in REPORTS:
        terminalreporter.write_line(report.summary())
