"""The lessons a learner can open: the library's, those for three and four players, and the
lesson files the learner opened themselves (a ``Shelf``, one immutable value), looked up by id
through one ``Lessons`` whatever the seat count.

A lesson file opened by the learner is read as a lesson for two players and, when its rules
are a preset for three or four, as a lesson for those (``open_lesson_file``). A lesson opened
later under the same id replaces the one before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.teach.lessons.library import Library, check_lesson_data
from tutor.teach.lessons.messages import E_TABLE_PRESET
from tutor.teach.lessons.model import Frame, Lesson, LessonError
from tutor.teach.lessons.run import AnyFrame
from tutor.teach.lessons.table_lesson import TableLesson, TableLibrary, read_table_lesson


@dataclass(frozen=True)
class Shelf:
    """The lesson files opened in a session: for two players with their frames, and for
    three or four."""

    lessons: tuple[tuple[Lesson, tuple[Frame, ...]], ...] = ()
    tables: tuple[TableLesson, ...] = ()

    def lesson(self, lesson_id: str) -> tuple[Lesson, tuple[Frame, ...]] | None:
        return next((up for up in self.lessons if up[0].id == lesson_id), None)

    def table(self, lesson_id: str) -> TableLesson | None:
        return next((up for up in self.tables if up.id == lesson_id), None)

    def _without(self, lesson_id: str) -> Shelf:
        return Shelf(
            tuple(up for up in self.lessons if up[0].id != lesson_id),
            tuple(up for up in self.tables if up.id != lesson_id),
        )

    def with_lesson(self, lesson: Lesson | TableLesson, frames: tuple[Frame, ...] = ()) -> Shelf:
        """The shelf with ``lesson`` on it, in place of any lesson of the same id."""
        rest = self._without(lesson.id)
        if isinstance(lesson, TableLesson):
            return Shelf(rest.lessons, (*rest.tables, lesson))
        return Shelf((*rest.lessons, (lesson, frames)), rest.tables)


def open_lesson_file(
    name: str, data: bytes
) -> tuple[Lesson | TableLesson | None, tuple[Frame, ...], tuple[LessonError, ...]]:
    """A lesson file read, checked and replayed: the lesson (for two players with its frames,
    or for three or four), or ``None`` and its problems."""
    lesson, errors, frames = check_lesson_data(name, data)
    if lesson is None and any(e.template == E_TABLE_PRESET for e in errors):
        table, table_errors = read_table_lesson(name, data)
        if table is not None:
            return table, (), ()
        errors = tuple(table_errors)
    if lesson is None or not frames:
        return None, (), tuple(errors)
    return lesson, frames, ()


@dataclass(frozen=True)
class Lessons:
    """Every lesson a learner can open by id: the shelf's first, then the library's and those
    for three or four."""

    library: Library
    tables: TableLibrary
    shelf: Shelf = Shelf()

    def get(self, lesson_id: str) -> Lesson | None:
        """A lesson for two players."""
        up = self.shelf.lesson(lesson_id)
        return up[0] if up else self.library.get(lesson_id)

    def table(self, lesson_id: str) -> TableLesson | None:
        """A lesson for three or four players."""
        up = self.shelf.table(lesson_id)
        if up is not None:
            return up
        return None if self.shelf.lesson(lesson_id) else self.tables.get(lesson_id)

    def two(self, lesson_id: str) -> tuple[Frame, ...]:
        """The frames of a lesson for two players (empty for any other)."""
        up = self.shelf.lesson(lesson_id)
        return up[1] if up else self.library.frames(lesson_id)

    def frames(self, lesson_id: str) -> Sequence[AnyFrame]:
        """The frames of any lesson (empty for an unknown one)."""
        up = self.shelf.lesson(lesson_id)
        if up:
            return up[1]
        table = self.shelf.table(lesson_id)
        if table is not None:
            return table.frames
        return self.library.frames(lesson_id) or self.tables.frames(lesson_id)


__all__ = ["Lessons", "Shelf", "open_lesson_file"]
