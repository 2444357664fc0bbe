"""Bounded work for one request: a budget of search nodes, a safety deadline and a cap on the
transposition table.

The node count is the bound that decides: it is deterministic, so the same request gives the
same answer on any machine. A node is a position the solver searched, or a move a computer
player made in a playout of the sampled method. The deadline in seconds is only a safety net
for a slow or busy machine; the table cap bounds the memory of one solver (each entry is a few
hundred bytes).

A search that runs out raises ``SearchLimit`` with the reason (``NODES`` or ``TIME``); the
budget remembers it in ``cut``. The solver's table stays valid, so the caller can answer with
what it finished and say that the answer was cut (``tutor.teach.hints.analyse`` does).

>>> b = Budget(nodes=10, seconds=None)
>>> b.charge(7)
>>> b.remaining, b.exhausted
(3, False)
>>> b.charge(5)
>>> b.cut
''
>>> b.exhausted, b.cut
(True, 'nodes')
>>> b.check()
Traceback (most recent call last):
    ...
tutor.search.budget.SearchLimit: the search limit was reached (nodes)
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: Work units (nodes searched and playout moves) for one request by default. The largest
#: analysis of the repository's positions, lessons and puzzles needs about 0.6 million
#: (``positions/ex1-start.yaml``, a whole deal with open hands); see docs/positions.md.
MAX_NODES = 4_000_000
#: The safety net in seconds; the node count normally ends a search long before.
MAX_SECONDS = 60.0
#: Entries of one solver's transposition table (about 0.5 kB each with the dict's own room).
MAX_TABLE_ENTRIES = 1_000_000
#: The solver looks at the budget (and the clock) every this many nodes.
CHECK_EVERY = 4096

NODES = "nodes"
TIME = "time"


class SearchLimit(Exception):
    """The budget ran out during a search; ``reason`` is ``NODES`` or ``TIME``."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"the search limit was reached ({reason})")


class Budget:
    """The work one request may do: ``nodes`` in total, until ``seconds`` have passed, with at
    most ``table_entries`` in a solver's table. ``None`` leaves a bound out."""

    def __init__(
        self,
        nodes: int | None = MAX_NODES,
        seconds: float | None = MAX_SECONDS,
        table_entries: int | None = MAX_TABLE_ENTRIES,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.nodes = nodes
        self.table_entries = table_entries
        self.spent = 0
        self.cut = ""  # why the work was cut short: "" (it was not), NODES or TIME
        self._clock = clock
        self.deadline = None if seconds is None else clock() + seconds

    @classmethod
    def unlimited(cls) -> Budget:
        """No bound at all (for tests and the yardsticks of ``tutor bench``)."""
        return cls(None, None, None)

    @property
    def remaining(self) -> int:
        """Nodes left (a large number when unbounded)."""
        if self.nodes is None:
            return 1 << 62
        return max(0, self.nodes - self.spent)

    def charge(self, n: int) -> None:
        """Count ``n`` units of work done."""
        self.spent += n

    @property
    def exhausted(self) -> bool:
        """No work is left: the nodes are spent or the deadline has passed."""
        if self.nodes is not None and self.spent >= self.nodes:
            self.cut = self.cut or NODES
            return True
        if self.deadline is not None and self._clock() > self.deadline:
            self.cut = self.cut or TIME
            return True
        return False

    def check(self) -> None:
        """Raise ``SearchLimit`` when the budget is exhausted."""
        if self.exhausted:
            raise SearchLimit(self.cut)

    def part(self, share: float) -> Budget:
        """A budget for one attempt: ``share`` of the nodes left, the same deadline and table
        cap. Charge what it spent back with ``charge(part.spent)``."""
        nodes = None if self.nodes is None else int(self.remaining * share)
        child = Budget(nodes, None, self.table_entries, clock=self._clock)
        child.deadline = self.deadline
        return child


__all__ = [
    "CHECK_EVERY",
    "MAX_NODES",
    "MAX_SECONDS",
    "MAX_TABLE_ENTRIES",
    "NODES",
    "TIME",
    "Budget",
    "SearchLimit",
]
