"""What the trainer keeps of the learner, with the progress in the browser: the rating, its
course, each theme's solved and tried puzzles, the best streak and the learner's own puzzles.

``record_data`` gives it as plain data; ``record_from_data`` reads such data back and checks
every value for type and range, raising ``ValueError`` for anything else (a store written by
hand is refused whole, not half read).

>>> r = attempted(TrainerRecord(), 1500.0, "counting", True)
>>> record_from_data(record_data(r)) == r
True

The rating is kept as ``[rating, deviation]`` on the puzzles' scale; a record of three
numbers (the third Glicko-2's volatility, as kept before) reads on without it:

>>> record_from_data({"rating": [1675.0, 250.5, 0.06]}).rating
LearnerRating(rating=1675.0, rd=250.5)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import Any

from fsrs import Card

from tutor.engine import parse_move
from tutor.teach.puzzles.model import Goal, GoalError
from tutor.teach.puzzles.personal import ID_PREFIX, MAX_PERSONAL, Personal
from tutor.teach.puzzles.rating import (
    MAX_RATING,
    MAX_RD,
    MIN_RATING,
    START_RATING,
    START_RD,
    LearnerRating,
    update,
)

#: The most ratings kept of the rating's course, and of themes.
MAX_HISTORY = 300
MAX_THEMES = 50
MAX_COUNT = 1_000_000
MAX_NAME = 80
#: A rating stored as three numbers was kept by Glicko-2, the third its volatility: the rating
#: and deviation mean the same on the same scale and are read on, the volatility is dropped.
MAX_OLD_VOL = 1.0


@dataclass(frozen=True)
class TrainerRecord:
    rating: LearnerRating = LearnerRating()
    history: tuple[float, ...] = ()  # the rating after each attempt, the last ``MAX_HISTORY``
    themes: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # solved, tried
    best_streak: int = 0
    personal: tuple[Personal, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.history or self.personal or self.best_streak)


def attempted(r: TrainerRecord, puzzle_rating: float, theme: str, solved: bool) -> TrainerRecord:
    """``r`` after an attempt at a puzzle of ``puzzle_rating`` and ``theme``."""
    rating = update(r.rating, puzzle_rating, solved)
    themes = dict(r.themes)
    done, tried = themes.get(theme, (0, 0))
    themes[theme] = (done + int(solved), tried + 1)
    history = (*r.history, round(rating.rating, 1))[-MAX_HISTORY:]
    return replace(r, rating=rating, history=history, themes=themes)


def merged(a: TrainerRecord, b: TrainerRecord) -> TrainerRecord:
    """Two records as one: the rating of the one with the longer course, the best streak of
    either, the personal puzzles of both."""
    base = a if len(a.history) >= len(b.history) else b
    ids = {p.id for p in base.personal}
    other = a if base is b else b
    personal = (*base.personal, *(p for p in other.personal if p.id not in ids))
    return replace(
        base,
        best_streak=max(a.best_streak, b.best_streak),
        personal=personal[-MAX_PERSONAL:],
    )


# ----------------------------------------------------------------------------- data


def record_data(r: TrainerRecord) -> dict[str, Any]:
    return {
        "rating": [r.rating.rating, r.rating.rd],
        "history": list(r.history),
        "themes": {k: list(v) for k, v in sorted(r.themes.items())},
        "best_streak": r.best_streak,
        "personal": [
            {
                "id": p.id,
                "position": dict(p.position),
                "learner": p.learner,
                "goal": p.goal,
                "played": p.played,
                "made": p.made,
                "card": dict(p.card),
            }
            for p in r.personal
        ],
    }


def _number(value: object, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("not a number")
    if not math.isfinite(value) or not low <= value <= high:
        raise ValueError("out of range")
    return float(value)


def _count(value: object) -> int:
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise ValueError("not a count")
    return value


def _name(value: object) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME or not value.isprintable():
        raise ValueError("not a name")
    return value


def _personal(raw: object) -> Personal:
    if not isinstance(raw, dict) or set(raw) != {
        "id",
        "position",
        "learner",
        "goal",
        "played",
        "made",
        "card",
    }:
        raise ValueError("not a personal puzzle")
    pid = _name(raw["id"])
    if not pid.startswith(ID_PREFIX):
        raise ValueError("not a personal puzzle")
    learner = raw["learner"]
    if learner not in (0, 1) or type(learner) is not int:
        raise ValueError("not a seat")
    try:
        goal = str(Goal.parse(_name(raw["goal"])))
        played = str(parse_move(_name(raw["played"])))
    except GoalError as exc:
        raise ValueError("not a goal") from exc
    made = date.fromisoformat(_name(raw["made"])).isoformat()
    position, card = raw["position"], raw["card"]
    if not isinstance(position, dict) or not isinstance(card, dict):
        raise ValueError("not a personal puzzle")
    try:
        kept = Card.from_dict(card)  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError("not a review card") from exc
    if not isinstance(kept.due, datetime) or kept.due.tzinfo is None:
        raise ValueError("not a review card")
    for value in (kept.stability, kept.difficulty):
        if value is not None:
            _number(value, 0.0, 1e6)
    return Personal(pid, position, learner, goal, played, made, kept.to_dict())


def record_from_data(raw: object) -> TrainerRecord:
    """The record in ``raw``; ``ValueError`` for anything that is not one."""
    if not isinstance(raw, dict) or set(raw) - {
        "rating",
        "history",
        "themes",
        "best_streak",
        "personal",
    }:
        raise ValueError("not a trainer record")
    rating = raw.get("rating", [START_RATING, START_RD])
    if not isinstance(rating, list) or len(rating) not in (2, 3):
        raise ValueError("not a rating")
    if len(rating) == 3:
        _number(rating[2], 0.0, MAX_OLD_VOL)
    learner = LearnerRating(
        _number(rating[0], MIN_RATING, MAX_RATING), _number(rating[1], 0.0, MAX_RD)
    )
    history = raw.get("history", [])
    themes = raw.get("themes", {})
    personal = raw.get("personal", [])
    if not isinstance(history, list) or len(history) > MAX_HISTORY:
        raise ValueError("not a history")
    if not isinstance(themes, dict) or len(themes) > MAX_THEMES:
        raise ValueError("not themes")
    if not isinstance(personal, list) or len(personal) > MAX_PERSONAL:
        raise ValueError("not personal puzzles")
    counts: dict[str, tuple[int, int]] = {}
    for k, v in themes.items():
        if not isinstance(v, list) or len(v) != 2:
            raise ValueError("not a theme's count")
        done, tried = _count(v[0]), _count(v[1])
        if done > tried:
            raise ValueError("more solved than tried")
        counts[_name(k)] = (done, tried)
    return TrainerRecord(
        learner,
        tuple(_number(h, MIN_RATING, MAX_RATING) for h in history),
        counts,
        _count(raw.get("best_streak", 0)),
        tuple(_personal(p) for p in personal),
    )


__all__ = [
    "MAX_HISTORY",
    "TrainerRecord",
    "attempted",
    "merged",
    "record_data",
    "record_from_data",
]
