"""Generated puzzles at a table of three or four: a line of the generated file
(``tutor.teach.puzzles.generated``) whose preset is a table preset holds a table position
(the schema of docs/positions.md, "A position at a table of three or four").

The line has the keys of a two-seat line: ``id``, ``preset``, ``stage``, ``themes``,
``level``, ``goal``, ``player`` (the seat, ``A`` to ``D``), ``moves`` (always 1),
``solution``, ``fact`` (the best other move and in how many of the deals it reaches the goal)
and ``position``. Its title and explanation are message templates filled in with the
puzzle's ``params``, as at two seats.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from tutor.engine import SEAT_NAMES, TABLE_PRESETS, Duty, Move, Play, Rank, TableState, parse_move
from tutor.formats.positions import position_from_data, position_to_dict
from tutor.msgid import N_
from tutor.teach.puzzles.model import LEVELS, THEMES, Goal, GoalKind, TablePuzzle

#: The title, as at two seats: the side's score, the best other side's, the cards in hand.
TABLE_TITLE = N_("{points} to {opp_points}, {cards} cards in hand")
TABLE_EXPLAIN_SEEN = N_(
    "You see every card. Only {move} reaches the goal however the other players play; after "
    "the best other move, {other}, they can stop you."
)
TABLE_EXPLAIN_HIDDEN = N_(
    "Deals you cannot tell apart: {deals}. Only {move} reaches the goal in every one of them, "
    "however the other players play; the best other move, {other}, in {reached}."
)


@dataclass(frozen=True)
class TableMined:
    """A proved table puzzle as the generator found it."""

    preset: str
    stage: str
    state: TableState
    learner: int
    goal: Goal
    solution: tuple[Move, ...]
    themes: tuple[str, ...]
    level: int
    other: str  # the best other move
    reached: int  # the deals in which it reaches the goal
    deals: int  # the deals the learner cannot tell apart

    @property
    def id(self) -> str:
        return f"g-{self.preset}-{table_key(self.state)[:10]}"


def is_table_record(r: dict[str, Any]) -> bool:
    """Whether a line of the generated file holds a table puzzle."""
    return str(r.get("preset", "")) in TABLE_PRESETS


def table_text(s: TableState, *, played: bool = True, round_scores: bool = False) -> str:
    """The position as text, for the keys that find duplicates (as ``position_text``)."""
    d = position_to_dict(s)
    if not played:
        d.pop("played", None)
        d.pop("last_trick", None)
    if round_scores:
        for who in d.get("scores", {}).values():
            for k in list(who):
                who[k] = min(who[k], 1) if k == "tricks" else who[k] // 5 * 5
    return repr(sorted(d.items()))


def table_key(s: TableState) -> str:
    """The same position gives the same key."""
    return hashlib.sha1(table_text(s).encode()).hexdigest()


def table_near_key(m: TableMined) -> str:
    """Positions the learner decides alike give the same key: the goal, the seat, the solution
    and the position without the cards played, the scores rounded down to fives and the
    tricks as none or some."""
    solution = " ".join(str(x) for x in m.solution)
    text = f"{m.preset}|{m.goal}|{m.learner}|{solution}|"
    return text + table_text(m.state, played=False, round_scores=True)


def table_themes(s: TableState, goal: Goal, solution: tuple[Move, ...]) -> tuple[str, ...]:
    """The themes of a table puzzle, the main one first: the closed phase's duty, Schneider
    for the goals of more or fewer game points, saving a ten."""
    out = ["closed_head" if s.rules.phase2_duty is Duty.HEAD else "closed_follow"]
    if goal.kind in (GoalKind.AVOID_SCHNEIDER, GoalKind.AVOID_SCHWARZ) or goal.points > 1:
        out.append("schneider")
    first = solution[0] if solution else None
    if isinstance(first, Play) and first.card.rank is Rank.TEN and first.card.suit != s.trump:
        out.append("save_ten")
    return tuple(out)


def table_level(s: TableState, seat: int, deals: int) -> int:
    """1: two cards in hand and every card seen; 3: more than 20 deals or four cards; else 2."""
    cards = s.hands[seat].bit_count()
    if cards <= 2 and deals == 1:
        return 1
    if deals > 20 or cards >= 4:
        return 3
    return 2


def table_params(m: TableMined) -> tuple[tuple[str, Any], ...]:
    s = m.state
    side = s.side(m.learner)
    params: dict[str, Any] = {
        "points": s.score(side),
        "opp_points": max(s.score(x) for x in range(s.rules.sides) if x != side),
        "cards": s.hands[m.learner].bit_count(),
        "move": str(m.solution[0]),
        "other": m.other,
        "deals": m.deals,
        "reached": m.reached,
    }
    return tuple(sorted(params.items()))


def table_puzzle_of(m: TableMined, source: str = "", line: int = 0) -> TablePuzzle:
    explain = TABLE_EXPLAIN_SEEN if m.deals == 1 else TABLE_EXPLAIN_HIDDEN
    return TablePuzzle(
        id=m.id,
        title=TABLE_TITLE,
        theme=m.themes[0],
        level=m.level,
        goal=m.goal,
        state=m.state,
        learner=m.learner,
        solution=m.solution,
        explanation=explain,
        source=source,
        line=line,
        params=table_params(m),
    )


def table_record(m: TableMined) -> dict[str, Any]:
    """One line of the generated file."""
    return {
        "id": m.id,
        "preset": m.preset,
        "stage": m.stage,
        "themes": list(m.themes),
        "level": m.level,
        "goal": str(m.goal),
        "player": SEAT_NAMES[m.learner],
        "moves": 1,
        "solution": [str(x) for x in m.solution],
        "fact": {"other": m.other, "reached": m.reached, "deals": m.deals},
        "position": position_to_dict(m.state),
    }


def table_mined_of(r: dict[str, Any], where: str) -> TableMined:
    """The puzzle of a line; ``ValueError`` (or ``KeyError``, ``TypeError``, a position's
    ``SourceError``) for a line that is not one."""
    pos = position_from_data(r["position"], where)
    if pos.table is None:
        raise ValueError("the position is not one at a table of three or four")
    state = pos.table
    learner = SEAT_NAMES.index(str(r["player"]))
    if learner >= state.rules.seats:
        raise ValueError("the player is not a seat at this table")
    themes = tuple(str(t) for t in r["themes"])
    if not themes or any(t not in THEMES for t in themes) or r["level"] not in LEVELS:
        raise ValueError("unknown theme or level")
    goal = Goal.parse(r["goal"])
    if goal.threshold(state.rules) is None or r["moves"] != 1:
        raise ValueError("a table puzzle asks for one move toward a goal of game points")
    f = r["fact"]
    return TableMined(
        str(r["preset"]),
        str(r["stage"]),
        state,
        learner,
        goal,
        tuple(parse_move(x) for x in r["solution"]),
        themes,
        int(r["level"]),
        str(f["other"]),
        int(f["reached"]),
        int(f["deals"]),
    )


__all__ = [
    "TABLE_EXPLAIN_HIDDEN",
    "TABLE_EXPLAIN_SEEN",
    "TABLE_TITLE",
    "TableMined",
    "is_table_record",
    "table_key",
    "table_level",
    "table_mined_of",
    "table_near_key",
    "table_params",
    "table_puzzle_of",
    "table_record",
    "table_text",
    "table_themes",
]
