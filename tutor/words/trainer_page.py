"""The puzzle trainer's words: the daily puzzle, the streak, the puzzle at the learner's level,
the learner's own puzzles and the rating's dashboard.

>>> from tutor.words.i18n import get_translator
>>> en = get_translator("en")
>>> rating_line(1523.4, 61.0, en)
'Your puzzle rating: 1523 ± 122'
>>> streak_line(3, 5, en)
'Streak: 3 (best: 5)'
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.msgid import N_
from tutor.words.app_text import Labels
from tutor.words.i18n import Translator

#: When the progress kept in the browser cannot be read.
STORE_BROKEN = N_("The progress kept in this browser could not be read; it starts afresh.")
STREAK_OVER = N_("The streak ends here. Puzzles solved in a row: {n}.")
PERSONAL_MADE = N_("A move that cost you in this deal is now one of your own puzzles.")


@dataclass(frozen=True)
class TrainerWords(Labels):
    """The trainer's labels."""

    trainer: str = N_("Training")
    daily: str = N_("Puzzle of the day")
    at_level: str = N_("A puzzle at my level")
    streak: str = N_("Start a streak")
    streak_about: str = N_("Puzzles of rising difficulty until the first miss.")
    review: str = N_("Review my own puzzles")
    retry_here: str = N_("Try again from here")
    dashboard: str = N_("Your rating and themes")
    rating_course: str = N_("Rating after each puzzle")
    theme_share: str = N_("Solved per theme")
    solved_col: str = N_("solved")
    missed_col: str = N_("missed")


def rating_line(rating: float, rd: float, tr: Translator) -> str:
    """The rating with its 95 percent range."""
    return tr._("Your puzzle rating: {rating} ± {range}", rating=round(rating), range=round(2 * rd))


def streak_line(n: int, best: int, tr: Translator) -> str:
    return tr._("Streak: {n} (best: {best})", n=n, best=best)


def due_line(n: int, tr: Translator) -> str:
    return tr.n_(
        "{n} of your own puzzles is due for review.",
        "{n} of your own puzzles are due for review.",
        n,
    )


__all__ = [
    "PERSONAL_MADE",
    "STORE_BROKEN",
    "STREAK_OVER",
    "TrainerWords",
    "due_line",
    "rating_line",
    "streak_line",
]
