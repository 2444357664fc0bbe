"""The course: the lessons as one path in groups (first steps, playing well, the worked deals,
fine points, then the lessons at a table of three or four), the words of the landing page and
of a lesson's end.

The path is the order a learner takes: the rules of play first, then what wins deals, then two
deals played through with every decision explained, then the finer points (the match, the
false declaration, where the rule books differ). A lesson not named here joins the path by its
level (a worked deal by its name, a lesson for three or four by its seats), so a new lesson
file is never left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from markupsafe import Markup

from tutor.msgid import N_
from tutor.teach.lessons import Lesson
from tutor.teach.lessons.terms import terms_known
from tutor.teach.progress import Progress
from tutor.words.i18n import Translator

FIRST_STEPS = N_("First steps")
PLAYING_WELL = N_("Playing well")
WORKED_DEALS = N_("The worked deals")
FINE_POINTS = N_("Fine points")
AT_THE_TABLE = N_("Three and four at the table")

#: The groups in the order of the path, each with the lessons it starts with, in order.
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        FIRST_STEPS,
        ("01-cards-and-points", "02-tricks-and-trumps", "03-drawing", "04-closed-phase"),
    ),
    (
        PLAYING_WELL,
        (
            "05-marriages",
            "06-trump-exchange",
            "07-closing",
            "08-going-out",
            "11-last-trick",
            "10-schneider-schwarz",
        ),
    ),
    (WORKED_DEALS, ("example-1", "example-2")),
    (FINE_POINTS, ("09-false-declaration", "12-match-to-seven", "13-sources-follow-or-head")),
    (AT_THE_TABLE, ()),
)


@dataclass(frozen=True)
class Group:
    """One group of the path: its title (a msgid) and its lessons, in order."""

    title: str
    lessons: tuple[Lesson, ...]


def _group_of(lesson: Lesson) -> str:
    """The group of a lesson the path does not name: worked deals by their name, the rest by
    level (1 first steps, 2 playing well, higher fine points); a lesson for three or four
    joins the lessons at the table."""
    if lesson.seats > 2:
        return AT_THE_TABLE
    if lesson.id.startswith("example"):
        return WORKED_DEALS
    if lesson.level <= 1:
        return FIRST_STEPS
    if lesson.level == 2:
        return PLAYING_WELL
    return FINE_POINTS


def course_groups(lessons: Iterable[Lesson]) -> list[Group]:
    """The lessons as the path's groups (empty groups left out)."""
    by_id = {les.id: les for les in lessons}
    named = {lid for _, ids in GROUPS for lid in ids}
    out: list[Group] = []
    for title, ids in GROUPS:
        listed = [by_id[i] for i in ids if i in by_id]
        extra = sorted(
            (les for les in by_id.values() if les.id not in named and _group_of(les) == title),
            key=lambda les: (les.level, les.id),
        )
        if listed or extra:
            out.append(Group(title, tuple(listed + extra)))
    return out


def course_path(lessons: Iterable[Lesson]) -> list[Lesson]:
    """All lessons in the order of the path."""
    return [les for group in course_groups(lessons) for les in group.lessons]


def next_lesson(path: Sequence[Lesson], lesson_id: str) -> Lesson | None:
    """The lesson after ``lesson_id`` on the path, or None after the last (or for a lesson not
    on it)."""
    ids = [les.id for les in path]
    if lesson_id not in ids:
        return None
    i = ids.index(lesson_id)
    return path[i + 1] if i + 1 < len(path) else None


def known_terms(lessons: Iterable[Lesson], lesson: Lesson) -> frozenset[str]:
    """The terms a learner has met by the end of ``lesson``: those the lessons of the path
    introduce, up to and including it; every term for a lesson not on the path (an upload)."""
    return terms_known(lesson, course_path(lessons))


def first_to_do(path: Sequence[Lesson], progress: Progress) -> Lesson | None:
    """The first lesson on the path not finished yet (None when all are)."""
    return next((les for les in path if les.id not in progress.lessons), None)


def intro_html(tr: Translator) -> Markup:
    """What 66 is, in three sentences, at the top of the landing page."""
    return Markup(
        '<p class="t66-intro" style="font-size:1.1em;max-width:48em">{} {} {}</p>'
    ).format(
        tr._(
            "Sixty-six (Sechsundsechzig, Sześćdziesiąt sześć) is a card game for two players "
            "with 24 cards, from the nine to the ace in four suits."
        ),
        tr._(
            "You win a deal by being the first to take 66 card points in tricks and marriages, "
            "and a match by being the first to 7 game points."
        ),
        tr._(
            "The course below takes you from the cards and their points to closing the stock "
            "and the worked deals, one short lesson at a time."
        ),
    )


def progress_line(progress: Progress, path: Sequence[Lesson], puzzles: int, tr: Translator) -> str:
    """One line on what the learner has done: lessons finished of all, steps right at the
    first try, puzzles solved."""
    done = sum(1 for les in path if les.id in progress.lessons)
    parts = [
        tr._("Lessons finished: {done} of {total}", done=done, total=len(path)),
        tr.n_(
            "{n} question answered right at the first try",
            "{n} questions answered right at the first try",
            progress.right_first_try(),
        ),
        tr._("Puzzles solved: {solved} of {total}", solved=len(progress.puzzles), total=puzzles),
    ]
    return " · ".join(parts)


__all__ = [
    "AT_THE_TABLE",
    "FINE_POINTS",
    "FIRST_STEPS",
    "GROUPS",
    "PLAYING_WELL",
    "WORKED_DEALS",
    "Group",
    "course_groups",
    "course_path",
    "first_to_do",
    "intro_html",
    "known_terms",
    "next_lesson",
    "progress_line",
]
