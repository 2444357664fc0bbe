"""The exact ranking of a "your move" position, looked up in a table worked out ahead of time.

A lesson's "your move" question needs every legal move's exact value (``Solver.rank_moves``);
for the shipped lessons that search takes most of the time of reading the lesson folder, and
the first visitor after the server starts would wait for it. ``ranked.json`` beside this
module holds the rankings of the positions of the shipped lessons, keyed by a digest of the
position (``position_key``), so that ``ranking`` only searches a position the table does not
know (an edited or uploaded lesson). The table is written by ``scripts/rank_lessons.py``, never
from text from outside; a position whose entry does not read, or does not list exactly the
position's legal moves, is searched. A test keeps the table in step with the lessons and the
solver.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path

from tutor.engine import Move, MoveError, State, legal_moves, parse_move
from tutor.search import Budget, Solver

__all__ = [
    "TABLE",
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

# position key -> ranking of every position asked for since ``asked`` began recording
_asked: dict[str, Ranking] | None = None


def position_key(state: State) -> str:
    """A digest of everything about ``state`` (the rule set included): equal positions have
    equal keys, and a position that differs in any way another key."""
    return hashlib.sha256(repr(state).encode("utf-8")).hexdigest()


@lru_cache(maxsize=256)
def searched(state: State) -> Ranking:
    """The ranking found by the solver (bounded by nodes, so always the same). Kept per
    position: an edited lesson is replayed again with most of its positions unchanged."""
    return tuple((mv.move, mv.game_points) for mv in Solver(state, Budget()).rank_moves(state))


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


def ranking(state: State) -> Ranking:
    """Every legal move of the fully known ``state`` with its exact value, best first: from the
    table when it knows the position, else searched. Raises ``SearchLimit`` when the search
    outgrows its budget."""
    key = position_key(state)
    found = _table().get(key) if _asked is None else None
    if found is not None and {m for m, _ in found} != set(legal_moves(state)):
        found = None
    if found is None:
        found = searched(state)
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
