"""Mutants of the puzzle files (``puzzles/*.yaml``): each is read as the puzzle collection
reads it, and each puzzle read is checked by the solver, started and given a first hint."""

from __future__ import annotations

import pytest

from .harness import Report, Worker, fuzz_files, problems


def test_puzzle_mutants(worker: Worker, reports: list[Report]) -> None:
    report = fuzz_files(worker, "puzzle")
    reports.append(report)
    if report.failures:
        pytest.fail(problems(report), pytrace=False)
