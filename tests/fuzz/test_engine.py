"""The engine protocol: lines drawn by Hypothesis (requests built from the request fields with
hostile values, raw hostile lines) fed one at a time to the engine's loop, each answered by
exactly one line of strict JSON with a real message; and a long stream of hostile lines mixed
with good requests fed to a running ``tutor engine``, every line answered in order, memory flat."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import seed as hypothesis_seed

from .harness import Case, Report, Worker, cases, problems, run_cases, seed, stream_lines
from .protocol import engine_lines, stream, warm_up
from .stream import feed

#: The engine's highest resident memory in the last quarter of the stream may be at most this
#: many times that of the first quarter, or this many MB more (a generous margin: a leak grows
#: without end).
MEMORY_RATIO = 1.5
MEMORY_SLACK_MB = 32
#: The engine's resident memory never goes past this, whatever a line asks for.
MAX_RSS_MB = 1024


def test_engine_lines(worker: Worker, reports: list[Report]) -> None:
    report = Report("engine")
    numbers = itertools.count()

    @hypothesis_seed(seed())
    @settings(
        max_examples=cases("engine"),
        database=None,
        deadline=None,
        derandomize=False,
        suppress_health_check=list(HealthCheck),
    )
    @given(engine_lines())
    def one(line: bytes) -> None:
        run_cases(
            worker, "engine", [Case("engine", next(numbers), "line.jsonl", line, "line")], report
        )

    one()
    reports.append(report)
    if report.failures:
        pytest.fail(problems(report), pytrace=False)


def test_engine_stream(reports: list[object]) -> None:
    """Hostile lines mixed with good requests: every line answered, memory flat."""
    warm = warm_up()
    lines, ids = stream(stream_lines(), seed())
    report = feed(warm + lines, {len(warm) + i: v for i, v in ids.items()}, warm=len(warm))
    reports.append(report)
    if report.problems:
        pytest.fail(report.summary(), pytrace=False)
    assert report.answered == sum(1 for line in warm + lines if line.strip())
    first, last = report.quarters()
    assert last <= max(first * MEMORY_RATIO, first + MEMORY_SLACK_MB * 1024), report.summary()
    assert max(report.rss_kb) <= MAX_RSS_MB * 1024, report.summary()
