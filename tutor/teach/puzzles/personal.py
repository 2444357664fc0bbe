"""The learner's own mistakes as puzzles, and their reviews scheduled with FSRS (``fsrs``).

A costly move of the learner in a deal of two (the coach's ``costliest`` moments) becomes a
puzzle when the judge proves it: the position before the move, the highest goal that some
move reaches in every deal consistent with what the learner saw and that the move played
does not (win 3, 2 or 1 game points, avoid Schwarz ... ), one learner move to find.
It is kept as plain data (``Personal``: the position as the position format writes it) and
its review card as FSRS keeps it; a new one is due the next day.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from fsrs import Card, Rating, Scheduler

from tutor.engine import Move, State, TooManyDealsError, apply
from tutor.formats.errors import SourceError
from tutor.formats.positions import position_from_data, position_to_dict
from tutor.msgid import N_
from tutor.search import Budget, SearchLimit
from tutor.teach.puzzles.judge import analyse_every_deal
from tutor.teach.puzzles.model import Goal, GoalKind, Puzzle

#: A personal puzzle's title, theme and explanation (the collection's are written by hand).
TITLE = N_("A position from your own deal")
THEME_TEXT = N_("Your own puzzles")
EXPLANATION = N_(
    "You met this position in a deal you played, and a move there cost you. "
    "This time you found a move that reaches the goal."
)

#: The goals tried, highest first.
GOALS = (
    Goal(GoalKind.WIN, 3),
    Goal(GoalKind.WIN, 2),
    Goal(GoalKind.WIN, 1),
    Goal(GoalKind.AVOID_SCHNEIDER),
    Goal(GoalKind.AVOID_SCHWARZ),
)
#: The theme of a personal puzzle (not one of the collection's: the learner's own).
PERSONAL_THEME = "mine"
ID_PREFIX = "mine-"
#: The work one proof may do (positions searched).
PROOF_NODES = 200_000
#: The most personal puzzles kept (the oldest reviewed go first).
MAX_PERSONAL = 60

#: Reviews in days, not minutes: a puzzle is seen again on another day.
SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


@dataclass(frozen=True)
class Personal:
    """One of the learner's own puzzles as kept: the position (the position format's data), the
    learner's seat, the goal, the move that was played, the date it was made and its FSRS
    card (``Card.to_dict``)."""

    id: str
    position: Mapping[str, Any]
    learner: int
    goal: str
    played: str
    made: str
    card: Mapping[str, Any]


def prove(state: State, learner: int, played: Move) -> Goal | None:
    """The highest goal the judge proves some move reaches in ``state`` and ``played`` does
    not, over every deal consistent with what ``learner`` sees (``None``: none, or too large
    to prove)."""
    if state.to_move != learner or state.result is not None:
        return None
    for goal in GOALS:
        try:
            found = analyse_every_deal(state, learner, goal, budget=Budget(nodes=PROOF_NODES))
        except (SearchLimit, TooManyDealsError):
            return None
        if found.accepted and played not in found.accepted:
            return goal
    return None


def from_mistake(
    start: State, moves: Sequence[Move], ply: int, learner: int, now: datetime
) -> Personal | None:
    """The personal puzzle of the move at ``ply`` of a deal dealt as ``start`` and played as
    ``moves``, if the judge proves it; due the day after ``now``."""
    state = start
    for m in moves[:ply]:
        state = apply(state, m)
    played = moves[ply]
    goal = prove(state, learner, played)
    if goal is None:
        return None
    data = position_to_dict(state)
    digest = hashlib.sha256(f"{sorted(data.items())}:{learner}".encode()).hexdigest()[:10]
    pid = ID_PREFIX + digest
    card = Card(card_id=int(digest[:8], 16), due=_day_after(now))
    return Personal(
        pid, data, learner, str(goal), str(played), now.date().isoformat(), card.to_dict()
    )


def from_deal(
    start: State, moves: Sequence[Move], plies: Sequence[int], learner: int, now: datetime
) -> list[Personal]:
    """The personal puzzles the judge proves among the learner's moves at ``plies``."""
    made = (from_mistake(start, moves, ply, learner, now) for ply in plies)
    return [p for p in made if p is not None]


def _day_after(now: datetime) -> datetime:
    day = (now + timedelta(days=1)).date()
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def puzzle_of(p: Personal) -> Puzzle:
    """The puzzle to play (raises ``ValueError`` for data that is no position of two)."""
    try:
        state = position_from_data(dict(p.position), "personal").state
    except SourceError as exc:
        raise ValueError(str(exc)) from None
    if state is None or state.to_move != p.learner:
        raise ValueError("not a position of two with the learner to move")
    return Puzzle(
        id=p.id,
        title=TITLE,
        theme=PERSONAL_THEME,
        level=2,
        goal=Goal.parse(p.goal),
        state=state,
        learner=p.learner,
        solution=(),
        explanation=EXPLANATION,
        moves=1,
        theme_text=THEME_TEXT,
    )


# ----------------------------------------------------------------------------- reviews


def due_at(p: Personal) -> datetime:
    return Card.from_dict(dict(p.card)).due  # type: ignore[arg-type]


def due(personal: Sequence[Personal], now: datetime) -> list[Personal]:
    """The personal puzzles due at ``now``, the longest due first."""
    return sorted((p for p in personal if due_at(p) <= now), key=due_at)


def review(p: Personal, solved: bool, now: datetime) -> Personal:
    """``p`` after a review at ``now``: solved without a miss is Good, else Again."""
    card = Card.from_dict(dict(p.card))  # type: ignore[arg-type]
    rating = Rating.Good if solved else Rating.Again
    after, _ = SCHEDULER.review_card(card, rating, review_datetime=now)
    return replace(p, card=after.to_dict())


def add(personal: Sequence[Personal], new: Personal) -> tuple[Personal, ...]:
    """``personal`` with ``new`` (not twice the same position), the oldest dropped past
    ``MAX_PERSONAL``."""
    kept = [p for p in personal if p.id != new.id]
    return (*kept, new)[-MAX_PERSONAL:]


__all__ = [
    "GOALS",
    "ID_PREFIX",
    "MAX_PERSONAL",
    "PERSONAL_THEME",
    "SCHEDULER",
    "Personal",
    "add",
    "due",
    "due_at",
    "from_deal",
    "from_mistake",
    "prove",
    "puzzle_of",
    "review",
]
