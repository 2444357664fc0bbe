"""The lessons students follow from their room's file (``Rooms.lesson_file``), read once per
app process: kept by the file's digest, so that a class of thirty costs one read of the room
and one check and replay of the file (``tutor.teach.lessons.open_lesson_file``, with its
allowance for the searches of one file), however many students ask at once.

A file whose bytes do not match its digest is not kept (nor shown); a file that no longer
reads (its problems) is kept as such, so that it is not replayed for each student.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from tutor.teach.lessons import Frame, Lesson, LessonError, open_lesson_file
from tutor_app.rooms import file_digest

#: Files kept at once in a process (the least recently asked for are forgotten first).
MAX_FILES = 32

Checked = tuple[Lesson, tuple[Frame, ...]]
Check = Callable[[str, bytes], tuple[Lesson | None, tuple[Frame, ...], tuple[LessonError, ...]]]


class FileLessons:
    """The lessons of room files by digest; safe to share between sessions (threads)."""

    def __init__(self, max_files: int = MAX_FILES, check: Check = open_lesson_file) -> None:
        self._max = max_files
        self._check = check
        self._lock = threading.Lock()
        # digest -> the lesson and its frames, or None for a file that does not read
        self._kept: OrderedDict[str, Checked | None] = OrderedDict()
        # digest -> the lock held while that file is read (one reader per file)
        self._reading: dict[str, threading.Lock] = {}

    def __len__(self) -> int:
        with self._lock:
            return len(self._kept)

    def get(self, digest: str, fetch: Callable[[], bytes | None]) -> Checked | None:
        """The lesson of the file named ``digest``: kept, or fetched (``fetch``: the room's
        file, ``None`` when the room no longer holds it), checked and kept. ``None`` when the
        file cannot be had or does not read."""
        found, up = self._look(digest)
        if found:
            return up
        with self._lock:
            reading = self._reading.setdefault(digest, threading.Lock())
        with reading:
            try:
                found, up = self._look(digest)
                if found:
                    return up
                data = fetch()
                if data is None or file_digest(data) != digest:
                    return None  # not kept: the room may hold it again later
                lesson, frames, _errors = self._check(f"{digest[:12]}.yaml", data)
                up = (lesson, frames) if lesson is not None else None
                with self._lock:
                    self._kept[digest] = up
                    while len(self._kept) > self._max:
                        self._kept.popitem(last=False)
                return up
            finally:
                with self._lock:
                    if self._reading.get(digest) is reading:
                        del self._reading[digest]

    def _look(self, digest: str) -> tuple[bool, Checked | None]:
        with self._lock:
            if digest not in self._kept:
                return False, None
            self._kept.move_to_end(digest)
            return True, self._kept[digest]


__all__ = ["MAX_FILES", "FileLessons"]
