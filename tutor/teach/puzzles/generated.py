"""Generated puzzles: the file the generator writes and the app reads, and their texts'
templates.

The file is gzip-compressed JSON lines (``puzzles/generated/puzzles.jsonl.gz``): one puzzle a
line, a position as a position file writes it (``tutor.formats.positions``). JSON because the
standard library reads it fast and safely (no YAML parser on two thousand entries), one object a
line so that the file can be read, counted and sampled line by line, and gzip because the
positions repeat the same words and shrink to a sixth. The puzzles' entries (id, preset,
themes, level, goal) are read at once; a puzzle's position is read only when it is asked for.

A generated puzzle has no hand-written text: its title and explanation are message templates
(``TITLE``, ``EXPLAIN_*``, in the catalogs) filled in with the puzzle's ``params`` (the
scores, the solution and the best other move, the deals the learner cannot tell apart).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from tutor.engine import PLAYER_NAMES, Close, Move, MoveError, State, other, parse_move
from tutor.formats.errors import SourceError
from tutor.formats.positions import position_from_data, position_to_dict
from tutor.msgid import N_
from tutor.teach.puzzles.model import LEVELS, THEMES, Goal, GoalError, Puzzle, TablePuzzle
from tutor.teach.puzzles.reader import GENERATED_SUFFIX, PuzzleError
from tutor.teach.puzzles.table_generated import is_table_record, table_mined_of, table_puzzle_of

#: Where the generated puzzles live, from the repository's root.
GENERATED_FILE = Path("puzzles") / "generated" / "puzzles.jsonl.gz"
SUFFIX = GENERATED_SUFFIX
FORMAT = 1

TITLE = N_("{points} to {opp_points}, {cards} cards in hand")
EXPLAIN_SEEN = N_(
    "You see every card. Only {move} reaches the goal; after the best other move, {other}, "
    "the opponent's best defence stops you."
)
EXPLAIN_HIDDEN = N_(
    "Deals you cannot tell apart: {deals}. Only {move} reaches the goal in every one of them; "
    "the best other move, {other}, in {reached}."
)
EXPLAIN_CLOSE = N_(
    "Over the deals you cannot tell apart, closing brings you {close_mean} game points on "
    "average, playing on with {other} only {other_mean}: close."
)
EXPLAIN_PLAY_ON = N_(
    "Over the deals you cannot tell apart, playing on brings you {other_mean} game points on "
    "average with the best card, closing only {close_mean}: do not close."
)
E_RECORD = N_("line {number} is not a generated puzzle: {problem}")

#: The params whose value is a move in notation (the words name it as a button would).
MOVE_PARAMS = ("move", "other")


# ----------------------------------------------------------------------------- the data


@dataclass(frozen=True)
class Fact:
    """What decides the puzzle, as the judge found it: the best of the other moves
    (``other``) reaches the goal in ``reached`` of the ``deals`` the learner cannot tell
    apart; for "decide close" the mean game points of closing and of the best other move."""

    other: str
    reached: int
    deals: int
    close_mean: str = ""  # decide close: closing's mean net game points, e.g. "1.5"
    other_mean: str = ""  # decide close: the best other move's


@dataclass(frozen=True)
class Mined:
    """A proved puzzle as the generator found it."""

    preset: str
    stage: str
    state: State
    learner: int
    goal: Goal
    solution: tuple[Move, ...]
    themes: tuple[str, ...]
    level: int
    fact: Fact
    whole: bool

    @property
    def id(self) -> str:
        return f"g-{self.preset}-{exact_key(self.state)[:10]}"


def position_text(s: State, *, played: bool = True, round_scores: bool = False) -> str:
    """The position as text, for the keys that find duplicates (``played``: with the cards
    played; ``round_scores``: the points rounded down to fives, the tricks as none or some)."""
    d = position_to_dict(s)
    if not played:
        d.pop("played", None)
        d.pop("last_trick", None)
    if round_scores:
        scores = d.get("scores", {})
        for who in scores.values():
            for k in list(who):
                if k != "tricks":
                    who[k] = who[k] // 5 * 5
                else:
                    who[k] = min(who[k], 1)  # has a trick or not: Schneider and marriages
    return repr(sorted(d.items()))


def exact_key(s: State) -> str:
    """The same position (every card where it lies, the scores) gives the same key."""
    return hashlib.sha1(position_text(s).encode()).hexdigest()


# ----------------------------------------------------------------------------- making


def texts_of(m: Mined) -> tuple[str, str, tuple[tuple[str, Any], ...]]:
    """The title and explanation templates of a mined puzzle and the params that fill them."""
    s, f = m.state, m.fact
    params: dict[str, Any] = {
        "points": s.score(m.learner),
        "opp_points": s.score(other(m.learner)),
        "cards": s.hands[m.learner].bit_count(),
        "move": str(m.solution[0]),
        "other": f.other,
        "deals": f.deals,
        "reached": f.reached,
    }
    if f.close_mean:
        params["close_mean"] = float(f.close_mean)
        params["other_mean"] = float(f.other_mean)
        explain = EXPLAIN_CLOSE if isinstance(m.solution[0], Close) else EXPLAIN_PLAY_ON
    else:
        explain = EXPLAIN_SEEN if f.deals == 1 else EXPLAIN_HIDDEN
    return TITLE, explain, tuple(sorted(params.items()))


def puzzle_of(m: Mined) -> Puzzle:
    title, explain, params = texts_of(m)
    return Puzzle(
        id=m.id,
        title=title,
        theme=m.themes[0],
        level=m.level,
        goal=m.goal,
        state=m.state,
        learner=m.learner,
        solution=m.solution,
        explanation=explain,
        moves=None if m.whole else 1,
        source=str(GENERATED_FILE),
        params=params,
    )


def record_of(m: Mined) -> dict[str, Any]:
    """One line of the file."""
    f = m.fact
    return {
        "id": m.id,
        "preset": m.preset,
        "stage": m.stage,
        "themes": list(m.themes),
        "level": m.level,
        "goal": str(m.goal),
        "player": PLAYER_NAMES[m.learner],
        "moves": "all" if m.whole else 1,
        "solution": [str(x) for x in m.solution],
        "fact": {
            "other": f.other,
            "reached": f.reached,
            "deals": f.deals,
            "close_mean": f.close_mean,
            "other_mean": f.other_mean,
        },
        "position": position_to_dict(m.state),
    }


def dump(records: Iterable[dict[str, Any]], path: str | Path) -> int:
    """Write the records (gzip with no time stamp: the same puzzles give the same bytes);
    returns how many."""
    lines = [json.dumps(r, sort_keys=True, separators=(",", ":")) for r in records]
    data = ("\n".join(lines) + "\n").encode()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz:
        gz.write(data)
    return len(lines)


# ----------------------------------------------------------------------------- reading


@dataclass(frozen=True)
class Entry:
    """What a list shows of a generated puzzle, read without its position."""

    id: str
    preset: str
    theme: str
    themes: tuple[str, ...]
    level: int
    goal: str
    line: int


def read_records(path: str | Path) -> list[dict[str, Any]]:
    """The file's records, in order."""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def mined_of(r: dict[str, Any], where: str) -> Mined:
    pos = position_from_data(r["position"], where)
    if pos.state is None:
        raise ValueError("the position does not show both hands")
    goal = Goal.parse(r["goal"])
    learner = PLAYER_NAMES.index(r["player"])
    themes = tuple(str(t) for t in r["themes"])
    if not themes or any(t not in THEMES for t in themes) or r["level"] not in LEVELS:
        raise ValueError("unknown theme or level")
    f = r["fact"]
    fact = Fact(
        str(f["other"]),
        int(f["reached"]),
        int(f["deals"]),
        str(f["close_mean"]),
        str(f["other_mean"]),
    )
    return Mined(
        str(r["preset"]),
        str(r["stage"]),
        pos.state,
        learner,
        goal,
        tuple(parse_move(x) for x in r["solution"]),
        themes,
        int(r["level"]),
        fact,
        r["moves"] == "all",
    )


def puzzle_from_record(r: dict[str, Any], path: str = str(GENERATED_FILE), line: int = 0) -> Puzzle:
    """The puzzle of one record; ``PuzzleError`` for a record that cannot be read."""
    try:
        m = mined_of(r, f"{path}:{line}")
    except (SourceError, KeyError, TypeError, ValueError, GoalError, MoveError) as exc:
        raise PuzzleError(path, line, 1, E_RECORD, number=line, problem=str(exc)) from None
    p = puzzle_of(m)
    if p.id != r.get("id"):
        raise PuzzleError(path, line, 1, E_RECORD, number=line, problem="id")
    return replace(p, source=path, line=line)


def table_puzzle_from_record(
    r: dict[str, Any], path: str = str(GENERATED_FILE), line: int = 0
) -> TablePuzzle:
    """The table puzzle of one record (``tutor.teach.puzzles.table_generated``);
    ``PuzzleError`` for a record that cannot be read."""
    try:
        p = table_puzzle_of(table_mined_of(r, f"{path}:{line}"), path, line)
    except (SourceError, KeyError, TypeError, ValueError, GoalError, MoveError) as exc:
        raise PuzzleError(path, line, 1, E_RECORD, number=line, problem=str(exc)) from None
    if p.id != r.get("id"):
        raise PuzzleError(path, line, 1, E_RECORD, number=line, problem="id")
    return p


def read_generated(path: str | Path) -> tuple[list[Puzzle], list[PuzzleError]]:
    """Every two-seat puzzle of a generated file, and the problems of the lines that cannot
    be read (the table puzzles: ``read_generated_tables``)."""
    puzzles, _, errors = read_generated_all(path)
    return puzzles, errors


def read_generated_tables(path: str | Path) -> tuple[list[TablePuzzle], list[PuzzleError]]:
    """Every table puzzle of a generated file, and the problems of their lines."""
    _, tables, errors = read_generated_all(path, tables=True)
    return tables, errors


def read_generated_all(
    path: str | Path, tables: bool = False
) -> tuple[list[Puzzle], list[TablePuzzle], list[PuzzleError]]:
    """The two-seat puzzles of a generated file, its table puzzles (with ``tables``; else
    none), and the problems of the lines read."""
    name = str(path)
    try:
        records = read_records(path)
    except (OSError, ValueError) as exc:
        return [], [], [PuzzleError(name, 1, 1, E_RECORD, number=1, problem=str(exc))]
    puzzles: list[Puzzle] = []
    found: list[TablePuzzle] = []
    errors: list[PuzzleError] = []
    for n, r in enumerate(records, start=1):
        try:
            if not is_table_record(r):
                if not tables:
                    puzzles.append(puzzle_from_record(r, name, n))
            elif tables:
                found.append(table_puzzle_from_record(r, name, n))
        except PuzzleError as exc:
            errors.append(exc)
    return puzzles, found, errors


class GeneratedSet:
    """The generated puzzles of one file for the app: the entries at once, each puzzle read
    when it is asked for (and kept)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self._records = read_records(self.path)
        except (OSError, ValueError):
            self._records = []
        self.entries: tuple[Entry, ...] = tuple(
            Entry(
                str(r["id"]),
                str(r["preset"]),
                str(r["themes"][0]),
                tuple(r["themes"]),
                int(r["level"]),
                str(r["goal"]),
                n,
            )
            for n, r in enumerate(self._records, start=1)
        )
        self._at = {e.id: e for e in self.entries}

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self._at)

    def is_table(self, puzzle_id: str) -> bool:
        """Whether the puzzle is one at a table of three or four (``get_table``)."""
        e = self._at.get(puzzle_id)
        return e is not None and is_table_record(self._records[e.line - 1])

    def get_table(self, puzzle_id: str) -> TablePuzzle | None:
        """The table puzzle of an id (None for a two-seat one or a line that cannot be read)."""
        e = self._at.get(puzzle_id)
        if e is None or not self.is_table(puzzle_id):
            return None
        try:
            return table_puzzle_from_record(self._records[e.line - 1], str(self.path), e.line)
        except PuzzleError:
            return None

    def get(self, puzzle_id: str) -> Puzzle | None:
        e = self._at.get(puzzle_id)
        if e is None or self.is_table(puzzle_id):
            return None
        try:
            return self._puzzle(e.line)
        except PuzzleError:
            return None

    @lru_cache(maxsize=512)  # noqa: B019 - one set for the app's life
    def _puzzle(self, line: int) -> Puzzle:
        return puzzle_from_record(self._records[line - 1], str(self.path), line)

    def presets(self) -> list[str]:
        return sorted({e.preset for e in self.entries})

    def select(self, preset: str = "", theme: str = "", level: int = 0) -> list[Entry]:
        """The entries of a preset, theme and level ("" and 0: any)."""
        return [
            e
            for e in self.entries
            if (not preset or e.preset == preset)
            and (not theme or theme in e.themes)
            and (not level or e.level == level)
        ]


@lru_cache(maxsize=4)
def generated_set(path: str) -> GeneratedSet:
    """The set of a file, read once."""
    return GeneratedSet(path)


def sample(items: Sequence[Any], k: int, seed: int) -> list[Any]:
    """A seeded sample of at most ``k`` items, in their order."""
    if k >= len(items):
        return list(items)
    chosen = sorted(random.Random(seed).sample(range(len(items)), k))
    return [items[i] for i in chosen]


__all__ = [
    "EXPLAIN_CLOSE",
    "EXPLAIN_HIDDEN",
    "EXPLAIN_PLAY_ON",
    "EXPLAIN_SEEN",
    "GENERATED_FILE",
    "MOVE_PARAMS",
    "TITLE",
    "Entry",
    "Fact",
    "GeneratedSet",
    "Mined",
    "dump",
    "exact_key",
    "generated_set",
    "mined_of",
    "position_text",
    "puzzle_from_record",
    "puzzle_of",
    "read_generated",
    "read_generated_all",
    "read_generated_tables",
    "read_records",
    "record_of",
    "sample",
    "table_puzzle_from_record",
]
