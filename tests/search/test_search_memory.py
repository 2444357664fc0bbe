"""The solver's memory: a search's transposition table is let go with the solver, at once,
not when the cyclic garbage collector next runs (the search's closures refer to each other),
so a program that searches many positions, such as ``tutor engine``, keeps its memory flat."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Iterator

import pytest
from conftest import EX1, EX1_MOVES, position

from tutor.search import Budget, Solver


@pytest.fixture
def no_cyclic_gc() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@pytest.mark.parametrize("budgeted", [False, True])
@pytest.mark.parametrize("search", ["core", "python"])
def test_a_solvers_table_is_freed_with_the_solver(
    search: str, budgeted: bool, no_cyclic_gc: None
) -> None:
    """With a budget too, whose checkpoint the core calls back."""
    if search == "core":
        pytest.importorskip("tutor.search._negacore")
    state = position("classic", EX1_MOVES[:3], **EX1)
    # once before, so that what is kept for the rule set (its facts and scores) is there
    Solver(state, search=search).rank_moves(state)
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        solver = Solver(state, Budget.unlimited() if budgeted else None, search=search)
        solver.rank_moves(state)
        before = tracemalloc.get_traced_memory()[0]
        kept = solver.nodes
        del solver
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert kept > 10_000  # a search large enough for its table to matter
    # the table (some hundred kilobytes in C, megabytes in Python) is freed at once
    assert before - start > 500_000
    assert after - start < (before - start) / 4
