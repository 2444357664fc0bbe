"""The learner's puzzle rating (Glicko-2, by the ``glicko2`` library) and the puzzles chosen by
it: the next one near the rating, the daily puzzle (the same for everyone on a date) and the
next one of a streak (rising difficulty until the first miss).

Every attempt is one rating period against the puzzle as an opponent of its measured rating
(``tutor.teach.puzzles.difficulty``) with a small deviation: solved is a win, missed a loss.

>>> r = LearnerRating()
>>> won = update(r, 1500.0, True)
>>> won.rating > r.rating and won.rd < r.rd
True
>>> update(r, 1500.0, False).rating < r.rating
True
>>> daily(["a", "b", "c"], "2026-11-28") == daily(["c", "b", "a"], "2026-11-28")
True
>>> streak_next({"a": 900.0, "b": 1200.0, "c": 1100.0}, ["a"])
'c'
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import glicko2  # type: ignore[import-untyped]

#: A new learner: Glicko-2's unrated player.
START_RATING, START_RD, START_VOL = 1500.0, 350.0, 0.06
#: The deviation of a puzzle's measured rating (it was measured, but by a few players).
PUZZLE_RD = 80.0
#: The learner's rating is kept within these (a stored value outside them is refused).
MIN_RATING, MAX_RATING = 0.0, 4000.0
MIN_RD, MAX_RD = 30.0, 350.0
MAX_VOL = 1.0
#: How near the rating the next puzzle is looked for, widened until some are there.
NEAR = 150.0


@dataclass(frozen=True)
class LearnerRating:
    """The learner's Glicko-2 rating: the rating, its deviation and the volatility."""

    rating: float = START_RATING
    rd: float = START_RD
    vol: float = START_VOL


def update(r: LearnerRating, puzzle_rating: float, solved: bool) -> LearnerRating:
    """The rating after one attempt at a puzzle of ``puzzle_rating``."""
    player = glicko2.Player(rating=r.rating, rd=r.rd, vol=r.vol)
    player.update_player([puzzle_rating], [PUZZLE_RD], [1.0 if solved else 0.0])
    rating = min(MAX_RATING, max(MIN_RATING, float(player.getRating())))
    rd = min(MAX_RD, max(MIN_RD, float(player.getRd())))
    return LearnerRating(rating, rd, min(MAX_VOL, float(player.vol)))


def near(
    ratings: Mapping[str, float],
    rating: float,
    avoid: Sequence[str] = (),
    rng: random.Random | None = None,
) -> str | None:
    """A puzzle of ``ratings`` (id to rating) near ``rating``, none of ``avoid`` if there are
    others: one of those within ``NEAR`` (widened by ``NEAR`` until some are), at random."""
    pool = {k: v for k, v in ratings.items() if k not in avoid} or dict(ratings)
    if not pool:
        return None
    width = NEAR
    while True:
        inside = sorted(k for k, v in pool.items() if abs(v - rating) <= width)
        if inside:
            return (rng or random.Random()).choice(inside)
        width += NEAR


def daily(ids: Sequence[str], date: str) -> str | None:
    """The puzzle of the day ``date`` (ISO, ``2026-11-28``): the same for everyone, whatever
    the order of ``ids``."""
    if not ids:
        return None

    def key(pid: str) -> str:
        return hashlib.sha256(f"{date}:{pid}".encode()).hexdigest()

    return min(ids, key=key)


def streak_next(ratings: Mapping[str, float], done: Sequence[str]) -> str | None:
    """The streak's next puzzle: the easiest not done yet that is no easier than the last one
    done (``None``: none is left)."""
    floor = max((ratings[d] for d in done if d in ratings), default=float("-inf"))
    left = [(v, k) for k, v in ratings.items() if k not in done and v >= floor]
    return min(left)[1] if left else None


__all__ = [
    "MAX_RATING",
    "MAX_RD",
    "MAX_VOL",
    "MIN_RATING",
    "MIN_RD",
    "NEAR",
    "PUZZLE_RD",
    "START_RATING",
    "LearnerRating",
    "daily",
    "near",
    "streak_next",
    "update",
]
