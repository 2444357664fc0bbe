"""The trainer's decisions around the puzzles, without a screen: which puzzle the daily
puzzle, a puzzle at the learner's level, the streak's next or a review offers, what an
attempt's end changes in the learner's record, and the way back to the position of a miss.

>>> from tutor.teach.puzzles.record import TrainerRecord
>>> rated = {"a": 900.0, "b": 1500.0, "c": 2000.0}
>>> at_level(rated, TrainerRecord(), avoid=(), seed=1)
'b'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from tutor.teach.puzzles.difficulty import rated, rating_of
from tutor.teach.puzzles.generated import Entry
from tutor.teach.puzzles.judge import Attempt
from tutor.teach.puzzles.model import Puzzle
from tutor.teach.puzzles.personal import ID_PREFIX, Personal, review
from tutor.teach.puzzles.rating import near, streak_next
from tutor.teach.puzzles.record import TrainerRecord, attempted


def ratings_of(
    puzzles: Iterable[Puzzle], measured: Mapping[str, float], theme: str = ""
) -> dict[str, float]:
    """Each puzzle's rating (measured, else its level's), of ``theme`` only if one is given."""
    return {p.id: rating_of(p, measured) for p in puzzles if not theme or p.theme == theme}


def at_level(
    rated: Mapping[str, float], record: TrainerRecord, avoid: Sequence[str], seed: int
) -> str | None:
    """A puzzle near the learner's rating, none of ``avoid`` if there are others."""
    return near(rated, record.rating.rating, avoid, random.Random(seed))


def entry_ratings(
    entries: Iterable[Entry], measured: Mapping[str, float], theme: str = ""
) -> dict[str, float]:
    """Each generated puzzle's rating (measured, else its level's), read from the list's
    entries without their positions; of ``theme`` only (any of its themes) if one is given."""
    return {e.id: rated(e.id, e.level, measured) for e in entries if not theme or theme in e.themes}


def streak_step(rated: Mapping[str, float], done: Sequence[str], seed: int = 0) -> str | None:
    """The next puzzle of a streak (started with ``seed``) that has solved ``done``."""
    return streak_next(rated, done, seed)


def retry_here(attempt: Attempt) -> Attempt:
    """The attempt back in the position of its last miss, to try another move at once."""
    if not attempt.failed:
        return attempt
    return replace(attempt, judgements=attempt.judgements[:-1])


def is_personal(puzzle_id: str) -> bool:
    return puzzle_id.startswith(ID_PREFIX)


def finished(
    record: TrainerRecord, attempt: Attempt, puzzle_rating: float, now: datetime
) -> TrainerRecord:
    """``record`` after the first end of an attempt: the rating and the theme's count, and a
    personal puzzle's review (solved is Good, a miss Again)."""
    p = attempt.puzzle
    after = attempted(record, puzzle_rating, p.theme, attempt.solved)
    if not is_personal(p.id):
        return after
    personal = tuple(review(q, attempt.solved, now) if q.id == p.id else q for q in record.personal)
    return replace(after, personal=personal)


def personal_by_id(record: TrainerRecord, puzzle_id: str) -> Personal | None:
    return next((q for q in record.personal if q.id == puzzle_id), None)


__all__ = [
    "at_level",
    "entry_ratings",
    "finished",
    "is_personal",
    "personal_by_id",
    "ratings_of",
    "retry_here",
    "streak_step",
]
