"""The learner's puzzle rating (a Bayesian rating by the ``openskill`` library) and the
puzzles chosen by it: the next one near the rating, the daily puzzle (the same for everyone on
a date) and the next one of a streak (rising difficulty until the first miss).

Every attempt is one game against the puzzle as an opponent of its measured rating
(``tutor.teach.puzzles.difficulty``) with a small deviation: solved is a win, missed a loss.
The model is openskill's Bradley-Terry (full pairing), whose chance of a win is a logistic
curve like Elo's, on which the puzzles are measured.

The learner's rating and deviation are kept, and shown, on the puzzles' scale (a new learner
1500 ± 350, the puzzles between 600 and 2400); openskill computes on its own scale (mu 25,
sigma 25/3 for a new player). The two are mapped linearly, ``rating = 1500 + (mu - 25) *
SCALE`` and ``rd = sigma * SCALE``, with ``SCALE`` the points of one openskill default sigma:
the unit of Elo's curve, ``400 / ln 10`` (about 173.7 points). openskill's own spread of a
performance (beta, 25/6) is then half of that unit, about 87 points. Before each attempt the
deviation grows a little (openskill's tau), about 10 points, as much as the usual volatility
of Glicko-2 (0.06 of the unit) let it grow. A first win against an equal puzzle moves a new
learner about 161 points (Glicko-2, used before with the same numbers: 175); a settled one,
at ± 60, about 12 points (Glicko-2: 10).

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
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import BradleyTerryFull

#: A new learner, on the puzzles' scale.
START_RATING, START_RD = 1500.0, 350.0
#: The deviation of a puzzle's measured rating (it was measured, but by a few players).
PUZZLE_RD = 80.0
#: The learner's rating is kept within these (a stored value outside them is refused).
MIN_RATING, MAX_RATING = 0.0, 4000.0
MIN_RD, MAX_RD = 30.0, 350.0
#: How near the rating the next puzzle is looked for, widened until some are there.
NEAR = 150.0

#: openskill's new player (its default mean and deviation), the puzzles' 1500 and one unit.
MU, SIGMA = 25.0, 25.0 / 3.0
#: Points of the puzzles' scale per point of openskill's: one ``SIGMA`` is one unit of Elo's
#: curve, ``400 / ln 10`` points (about 20.85 points per point).
SCALE = 400.0 / math.log(10.0) / SIGMA
#: openskill's default beta (``SIGMA / 2``); tau lets the deviation grow by 0.06 of a unit.
MODEL = BradleyTerryFull(mu=MU, sigma=SIGMA, beta=SIGMA / 2.0, tau=0.06 * SIGMA)


@dataclass(frozen=True)
class LearnerRating:
    """The learner's rating and its deviation, on the puzzles' scale."""

    rating: float = START_RATING
    rd: float = START_RD


def update(r: LearnerRating, puzzle_rating: float, solved: bool) -> LearnerRating:
    """The rating after one attempt at a puzzle of ``puzzle_rating``."""
    learner = MODEL.rating(mu=MU + (r.rating - START_RATING) / SCALE, sigma=r.rd / SCALE)
    puzzle = MODEL.rating(mu=MU + (puzzle_rating - START_RATING) / SCALE, sigma=PUZZLE_RD / SCALE)
    [[after], _] = MODEL.rate([[learner], [puzzle]], ranks=[0, 1] if solved else [1, 0])
    rating = START_RATING + (after.mu - MU) * SCALE
    rd = after.sigma * SCALE
    return LearnerRating(min(MAX_RATING, max(MIN_RATING, rating)), min(MAX_RD, max(MIN_RD, rd)))


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


#: A streak's climb: its n-th puzzle (from 0) is the one nearest ``STREAK_FROM + n *
#: STREAK_STEP``, never easier than the last one solved; among those within ``STREAK_SPREAD``
#: of the nearest one is taken at random, so two streaks differ.
STREAK_FROM, STREAK_STEP, STREAK_SPREAD = 600.0, 50.0, 25.0


def streak_next(ratings: Mapping[str, float], done: Sequence[str], seed: int = 0) -> str | None:
    """The streak's next puzzle (``None``: none is left): near the rating the streak has
    climbed to after ``done``, no easier than the last one done. The same ``seed`` and ``done``
    give the same puzzle."""
    floor = max((ratings[d] for d in done if d in ratings), default=float("-inf"))
    left = {k: v for k, v in ratings.items() if k not in done and v >= floor}
    if not left:
        return None
    target = max(floor, STREAK_FROM + STREAK_STEP * len(done))
    best = min(abs(v - target) for v in left.values())
    close = sorted(k for k, v in left.items() if abs(v - target) <= best + STREAK_SPREAD)
    return random.Random(f"{seed}:{len(done)}").choice(close)


__all__ = [
    "MAX_RATING",
    "MAX_RD",
    "MIN_RATING",
    "MIN_RD",
    "MODEL",
    "NEAR",
    "PUZZLE_RD",
    "SCALE",
    "START_RATING",
    "START_RD",
    "STREAK_FROM",
    "STREAK_SPREAD",
    "STREAK_STEP",
    "LearnerRating",
    "daily",
    "near",
    "streak_next",
    "update",
]
