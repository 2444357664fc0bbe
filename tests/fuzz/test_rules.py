"""Rule specs (``preset(switch=value, ...)``) drawn by Hypothesis with valid and invalid
presets, switches and values: each is refused with a message that says what is valid, or gives
rules under which a deal is dealt and played to its end."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import seed as hypothesis_seed

from .harness import Case, Report, Worker, cases, problems, run_cases, seed
from .protocol import rule_specs


def test_rule_specs(worker: Worker, reports: list[Report]) -> None:
    report = Report("rules")
    numbers = itertools.count()

    @hypothesis_seed(seed())
    @settings(
        max_examples=cases("rules"),
        database=None,
        deadline=None,
        derandomize=False,
        suppress_health_check=list(HealthCheck),
    )
    @given(rule_specs())
    def one(spec: str) -> None:
        data = spec.encode("utf-8", "surrogatepass")
        run_cases(worker, "rules", [Case("rules", next(numbers), "spec.txt", data, "spec")], report)

    one()
    reports.append(report)
    if report.failures:
        pytest.fail(problems(report), pytrace=False)
