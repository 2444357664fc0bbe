"""The exact ranking of a "your move" position, looked up in a table worked out ahead of time.

A lesson's "your move" question needs every legal move's exact value (``Solver.rank_moves``);
for the shipped lessons that search takes most of the time of reading the lesson folder, and
the first visitor after the server starts would wait for it. ``ranked.json`` beside this
module holds the rankings of the positions of the shipped lessons, keyed by a digest of the
position (``position_key``), so that ``ranking`` only searches a position the table does not
know (an edited or uploaded lesson), within one ``Allowance`` per file: at most
``MAX_SEARCHES`` positions searched and ``FILE_NODES`` nodes in all, so that one file (an
upload above all) costs the server a few seconds at most. The table is written by
``scripts/rank_lessons.py``, never from text from outside; a position whose entry does not
read, or does not list exactly the position's legal moves, is searched. A test keeps the table
in step with the lessons and the solver.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from tutor.engine import Move, MoveError, State, legal_moves, parse_move
from tutor.search import MAX_NODES, Budget, SearchLimit, Solver

__all__ = [
    "FILE_NODES",
    "FILE_SECONDS",
    "MAX_SEARCHES",
    "TABLE",
    "Allowance",
    "OverAllowance",
    "Ranking",
    "asked",
    "position_key",
    "ranking",
    "read_table",
    "searched",
    "table_text",
]

_LOG = logging.getLogger(__name__)

#: Every legal move with its exact value in game points, best first.
Ranking = tuple[tuple[Move, int], ...]

TABLE = Path(__file__).with_name("ranked.json")

#: The most positions one lesson file may have searched (those neither the table nor an
#: earlier search knows); a your-move step is searched once per preset at most.
MAX_SEARCHES = 12
#: The nodes all the searches of one lesson file may spend together: one hard position's
#: worth (``tutor.search.MAX_NODES``), a few seconds of the server's time.
FILE_NODES = MAX_NODES
#: The safety net in seconds for one file's searches together.
FILE_SECONDS = 15.0
#: Positions whose searched ranking is kept (an edited lesson is read again with most of its
#: positions unchanged).
KEPT = 256

# position key -> ranking of every position asked for since ``asked`` began recording
_asked: dict[str, Ranking] | None = None


class OverAllowance(Exception):
    """A lesson file asked for more search than one file may have (``Allowance``)."""


class Allowance:
    """The solver's work one lesson file may ask for: ``searches`` positions searched and
    ``nodes`` in all (counted across every search, within ``seconds``). Positions the table or
    an earlier search knows cost nothing."""

    def __init__(
        self,
        searches: int = MAX_SEARCHES,
        nodes: int = FILE_NODES,
        seconds: float | None = FILE_SECONDS,
    ) -> None:
        self.searches = searches
        self.limit = nodes
        self.budget = Budget(nodes, seconds)
        self.spent_searches = 0

    def search(self, state: State) -> Ranking:
        """The ranking of ``state``: kept from an earlier search, else searched within what
        is left. Raises ``OverAllowance`` when the searches or the nodes run out (before or
        during the search)."""
        known = _KEPT.get(state)
        if known is not None:
            return known
        if self.spent_searches >= self.searches or self.budget.exhausted:
            raise OverAllowance
        self.spent_searches += 1
        try:
            return _search(state, self.budget)
        except SearchLimit:
            raise OverAllowance from None


class _Kept:
    """The last ``KEPT`` searched rankings by position; a lock guards each look-up and store."""

    def __init__(self) -> None:
        self._items: OrderedDict[State, Ranking] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0  # look-ups that found a ranking ...
        self.misses = 0  # ... and those that did not

    def get(self, state: State) -> Ranking | None:
        with self._lock:
            found = self._items.get(state)
            if found is None:
                self.misses += 1
            else:
                self.hits += 1
                self._items.move_to_end(state)
            return found

    def put(self, state: State, ranking: Ranking) -> None:
        with self._lock:
            self._items[state] = ranking
            while len(self._items) > KEPT:
                self._items.popitem(last=False)


_KEPT = _Kept()


def position_key(state: State) -> str:
    """A digest of everything about ``state`` (the rule set included): equal positions have
    equal keys, and a position that differs in any way another key."""
    return hashlib.sha256(repr(state).encode("utf-8")).hexdigest()


def searched(state: State, budget: Budget | None = None) -> Ranking:
    """The ranking found by the solver within ``budget`` (one request's ``Budget()`` when
    none is given); exact whenever it is found, so the same for any budget. Kept per
    position. Raises ``SearchLimit`` when the budget runs out."""
    found = _KEPT.get(state)
    return found if found is not None else _search(state, Budget() if budget is None else budget)


def _search(state: State, budget: Budget) -> Ranking:
    """The solver's ranking of ``state`` within ``budget``, kept."""
    found = tuple((mv.move, mv.game_points) for mv in Solver(state, budget).rank_moves(state))
    _KEPT.put(state, found)
    return found


def read_table(path: Path) -> dict[str, Ranking]:
    """The rankings of a table file; an entry that does not read is left out (and searched
    when asked), a file that does not read gives no entries."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError) as exc:
        _LOG.warning("table of rankings %s not read: %s", path, type(exc).__name__)
        return {}
    out: dict[str, Ranking] = {}
    if not isinstance(data, dict):
        return out
    for key, rows in data.items():
        entry = _entry(rows)
        if entry is not None:
            out[key] = entry
    return out


def _entry(rows: object) -> Ranking | None:
    """One entry's ranking: a list of ``[move text, game points]``; ``None`` if it is not."""
    if not isinstance(rows, list) or not rows:
        return None
    out = []
    for row in rows:
        if not (isinstance(row, list) and len(row) == 2):
            return None
        text, value = row
        if not isinstance(text, str) or type(value) is not int:
            return None
        try:
            out.append((parse_move(text), value))
        except MoveError:
            return None
    return tuple(out)


@cache
def _table() -> dict[str, Ranking]:
    return read_table(TABLE)


def ranking(state: State, allowance: Allowance | None = None) -> Ranking:
    """Every legal move of the fully known ``state`` with its exact value, best first: from the
    table when it knows the position, else searched (within ``allowance`` where one is
    given). Raises ``SearchLimit`` when the search outgrows its budget, ``OverAllowance``
    when it outgrows the allowance."""
    key = position_key(state)
    found = _table().get(key) if _asked is None else None
    if found is not None and {m for m, _ in found} != set(legal_moves(state)):
        found = None
    if found is None:
        found = searched(state) if allowance is None else allowance.search(state)
    if _asked is not None:
        _asked[key] = found
    return found


@contextmanager
def asked() -> Iterator[dict[str, Ranking]]:
    """Inside the block every ranking is searched (the table is not read) and recorded by key:
    what the table should hold for the lessons replayed in it."""
    global _asked
    _asked = {}
    try:
        yield _asked
    finally:
        _asked = None


def table_text(rankings: dict[str, Ranking]) -> str:
    """The table file's text: one line per position, sorted by key, moves in their text form."""
    lines = [
        f"{json.dumps(key)}: {json.dumps([[str(m), v] for m, v in rankings[key]])}"
        for key in sorted(rankings)
    ]
    return "{\n" + ",\n".join(lines) + "\n}\n"
