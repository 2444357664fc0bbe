"""Mutants of the lesson files (``lessons/*.yaml`` and the broken examples under
``tests/broken_lessons``): each is read as the lesson library reads it, and one that is read
is replayed, said in words and drawn as HTML."""

from __future__ import annotations

import pytest

from .harness import Report, Worker, fuzz_files, problems


def test_lesson_mutants(worker: Worker, reports: list[Report]) -> None:
    report = fuzz_files(worker, "lesson")
    reports.append(report)
    if report.failures:
        pytest.fail(problems(report), pytrace=False)
