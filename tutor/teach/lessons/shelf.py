"""The lessons a learner can open: the library's and the lesson files the learner opened
themselves (a ``Shelf``, one immutable value), looked up by id through one ``Lessons``,
whatever the seat count. A lesson opened later under the same id replaces the one before.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.teach.lessons.library import Library, check_lesson_data
from tutor.teach.lessons.model import Frame, Lesson, LessonError


@dataclass(frozen=True)
class Shelf:
    """The lesson files opened in a session, each with its frames, and the bytes of those
    read from a file (``files``: lesson id -> bytes), so that they can be shared."""

    lessons: tuple[tuple[Lesson, tuple[Frame, ...]], ...] = ()
    files: tuple[tuple[str, bytes], ...] = ()

    def lesson(self, lesson_id: str) -> tuple[Lesson, tuple[Frame, ...]] | None:
        return next((up for up in self.lessons if up[0].id == lesson_id), None)

    def file(self, lesson_id: str) -> bytes | None:
        """The bytes of the file a lesson on the shelf was read from (``None`` when none)."""
        return next((data for id_, data in self.files if id_ == lesson_id), None)

    def with_lesson(
        self, lesson: Lesson, frames: tuple[Frame, ...], data: bytes | None = None
    ) -> Shelf:
        """The shelf with ``lesson`` on it (read from ``data``, when given), in place of any
        lesson of the same id."""
        rest = tuple(up for up in self.lessons if up[0].id != lesson.id)
        files = tuple(f for f in self.files if f[0] != lesson.id)
        if data is not None:
            files = (*files, (lesson.id, data))
        return Shelf((*rest, (lesson, frames)), files)


def open_lesson_file(
    name: str, data: bytes
) -> tuple[Lesson | None, tuple[Frame, ...], tuple[LessonError, ...]]:
    """A lesson file read, checked and replayed: the lesson with its frames, or ``None`` and
    its problems."""
    lesson, errors, frames = check_lesson_data(name, data)
    if lesson is None or not frames:
        return None, (), tuple(errors)
    return lesson, frames, ()


@dataclass(frozen=True)
class Lessons:
    """Every lesson a learner can open by id: the shelf's first, then the library's."""

    library: Library
    shelf: Shelf = Shelf()

    def get(self, lesson_id: str) -> Lesson | None:
        up = self.shelf.lesson(lesson_id)
        return up[0] if up else self.library.get(lesson_id)

    def frames(self, lesson_id: str) -> tuple[Frame, ...]:
        """The frames of a lesson (empty for an unknown one)."""
        up = self.shelf.lesson(lesson_id)
        return up[1] if up else self.library.frames(lesson_id)


__all__ = ["Lessons", "Shelf", "open_lesson_file"]
