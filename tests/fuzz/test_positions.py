"""Mutants of the position files (``positions/*``, YAML and JSON): each is read as
``tutor hint`` reads it, and a position read is analysed and given a hint in words."""

from __future__ import annotations

import pytest

from .harness import Report, Worker, fuzz_files, problems


def test_position_mutants(worker: Worker, reports: list[Report]) -> None:
    report = fuzz_files(worker, "position")
    reports.append(report)
    if report.failures:
        pytest.fail(problems(report), pytrace=False)
