"""Loading lessons, with ONE cache: each file's lesson, its problems and its replay.

``check_lesson(path)`` reads, validates and replays a file and returns the lesson (``None`` if
it has any problem) with every problem found; the result, replay included, is kept in one
cache keyed by the file's path, modification time and size, so a changed file is read again
and an unchanged one never is. ``replay(lesson)`` answers from that cache. ``Library`` is the
lessons of one folder (sorted by level and id), the problems of the files that could not be
read, and the replays, as the app shows them (a ``tutor.teach.catalog.Catalog``); ``refresh()``
looks at the folder again.

The cache is thread-safe: a lock guards only the look-up and the store, never a read or a
replay (two threads that load the same new file at once both read it; one result is kept).
"""

from __future__ import annotations

import logging
import stat
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tutor.engine import UnknownPresetError
from tutor.formats import yamlsafe
from tutor.formats.errors import SourceError
from tutor.formats.messages import E_NOT_FILE, os_problem
from tutor.teach.catalog import Catalog, yaml_files
from tutor.teach.lessons.messages import E_DUPLICATE_ID, E_INTERNAL, E_TOO_LARGE
from tutor.teach.lessons.model import Frame, Lesson, LessonError
from tutor.teach.lessons.ranked import Allowance
from tutor.teach.lessons.reader import MAX_BYTES, read_lesson
from tutor.teach.lessons.replay import replay_all

__all__ = [
    "Library",
    "check_lesson",
    "check_lesson_data",
    "lesson_files",
    "load_lesson",
    "load_lessons",
    "replay",
    "validate_paths",
]

_LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Entry:
    """One file as last read: its stamp, the lesson or its problems, and the replay."""

    mtime_ns: int
    size: int
    lesson: Lesson | None
    errors: tuple[LessonError, ...]
    frames: tuple[Frame, ...]


class _Cache:
    """Entries by path; the lock is held only to look up or store one."""

    def __init__(self) -> None:
        self._entries: dict[str, _Entry] = {}
        self._lock = threading.Lock()

    def get(self, name: str) -> _Entry | None:
        with self._lock:
            return self._entries.get(name)

    def put(self, name: str, entry: _Entry) -> None:
        with self._lock:
            self._entries[name] = entry


_CACHE = _Cache()


def _read_error(name: str, exc: OSError) -> LessonError:
    template, params = os_problem(exc)
    return LessonError(name, 1, 1, template, **params)


def check_lesson(path: str | Path) -> tuple[Lesson | None, tuple[LessonError, ...]]:
    """Read, validate and replay a lesson file. Returns the lesson (``None`` if it has any
    problem) and every problem found. Cached by path, modification time and size."""
    name = str(path)
    p = Path(path)
    try:
        st = p.stat()
    except OSError as exc:
        return None, (_read_error(name, exc),)
    if not stat.S_ISREG(st.st_mode):  # a folder, a device, a pipe: never opened
        return None, (LessonError(name, 1, 1, E_NOT_FILE),)
    cached = _CACHE.get(name)
    if cached is not None and (cached.mtime_ns, cached.size) == (st.st_mtime_ns, st.st_size):
        return cached.lesson, cached.errors
    try:
        lesson, errors, frames = _check_uncached(name, p, st.st_size)
    except Exception as exc:  # a bug must not hide the other files' problems
        _LOG.exception("lesson file %s could not be checked", name)
        problem = type(exc).__name__  # the details (and any path) only in the log
        lesson, errors, frames = None, (LessonError(name, 1, 1, E_INTERNAL, problem=problem),), ()
    _CACHE.put(name, _Entry(st.st_mtime_ns, st.st_size, lesson, errors, frames))
    return lesson, errors


def _check_uncached(
    name: str, p: Path, size: int
) -> tuple[Lesson | None, tuple[LessonError, ...], tuple[Frame, ...]]:
    if size > MAX_BYTES:
        return None, (LessonError(name, 1, 1, E_TOO_LARGE, size=size, limit=MAX_BYTES),), ()
    try:
        data = yamlsafe.read_capped(p, MAX_BYTES, E_TOO_LARGE, name=name)
    except SourceError as exc:
        return None, (exc.recast(LessonError),), ()
    return check_lesson_data(name, data)


def check_lesson_data(
    name: str, data: bytes
) -> tuple[Lesson | None, tuple[LessonError, ...], tuple[Frame, ...]]:
    """Read, validate and replay a lesson file's bytes (an upload, say) named ``name``: the
    lesson (``None`` if it has any problem), every problem found, and the replay. The
    positions its your-move steps have searched share one ``Allowance``: a file that needs
    more is refused at the step where it ran out."""
    if len(data) > MAX_BYTES:
        return None, (LessonError(name, 1, 1, E_TOO_LARGE, size=len(data), limit=MAX_BYTES),), ()
    lesson, errors = read_lesson(name, data)
    if lesson is None:
        return None, errors, ()
    frames, errors = replay_all(lesson, Allowance())
    if errors:
        return None, errors, ()
    return lesson, (), frames


def replay(lesson: Lesson, preset: str | None = None) -> tuple[Frame, ...]:
    """The lesson as frames: the deal, then one frame per step. A lesson that compares presets
    is replayed under each in turn; each run starts with its own deal frame (``step`` 0).
    ``preset`` picks one run. Raises ``LessonError`` if a move is illegal or a check fails.
    A lesson loaded from a file is replayed once, when it is loaded."""
    entry = _CACHE.get(lesson.path)
    if entry is not None and entry.lesson is lesson:
        frames = entry.frames
    else:
        frames, errors = replay_all(lesson)
        if errors:
            raise errors[0]
    if preset is None:
        return frames
    if preset not in lesson.presets:
        raise UnknownPresetError(preset, lesson.presets, "preset of this lesson")
    return tuple(f for f in frames if f.preset == preset)


def load_lesson(path: str | Path) -> Lesson:
    """Read a lesson file; raises the first ``LessonError`` if anything is wrong."""
    lesson, errors = check_lesson(path)
    if errors or lesson is None:
        raise errors[0]
    return lesson


def lesson_files(folder: str | Path) -> list[Path]:
    """The lesson files of a folder (``*.yaml`` and ``*.yml``), sorted by name."""
    return yaml_files(folder)


def load_lessons(folder: str | Path) -> tuple[list[Lesson], list[LessonError]]:
    """Every lesson of a folder, and the problems of the files that could not be read; one
    broken file does not stop the others. Two files with the same lesson id: the second is
    reported."""
    try:
        files = lesson_files(folder)
    except OSError as exc:
        return [], [_read_error(str(folder), exc)]
    return _gather(files)


def _gather(files: Sequence[Path]) -> tuple[list[Lesson], list[LessonError]]:
    lessons: list[Lesson] = []
    errors: list[LessonError] = []
    seen: dict[str, str] = {}
    for path in files:
        lesson, errs = check_lesson(path)
        errors.extend(errs)
        if lesson is None:
            continue
        if lesson.id in seen:
            errors.append(
                LessonError(
                    lesson.path,
                    _id_line(lesson),
                    1,
                    E_DUPLICATE_ID,
                    value=lesson.id,
                    other=seen[lesson.id],
                )
            )
            continue
        seen[lesson.id] = lesson.path
        lessons.append(lesson)
    return lessons, errors


def validate_paths(
    paths: Sequence[str | Path],
) -> tuple[list[Lesson], list[LessonError]]:
    """Lessons and problems of files and folders given on a command line, for any number of
    seats."""
    files: list[Path] = []
    errors: list[LessonError] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            try:
                files.extend(lesson_files(p))
            except OSError as exc:
                errors.append(_read_error(str(p), exc))
        else:
            files.append(p)
    unique = list({str(f.resolve()): f for f in files}.values())
    lessons, errs = _gather(unique)
    return lessons, [*errors, *errs]


def _id_line(lesson: Lesson) -> int:
    try:
        for i, line in enumerate(Path(lesson.path).read_text("utf-8").splitlines(), start=1):
            if line.startswith("id:"):
                return i
    except OSError:  # pragma: no cover
        pass
    return 1


# ----------------------------------------------------------------------------- a folder


def _read_file(path: Path) -> tuple[tuple[Lesson, ...], tuple[LessonError, ...]]:
    lesson, errors = check_lesson(path)
    return ((lesson,) if lesson is not None else ()), errors


def _duplicate(lesson: Lesson, first: Lesson) -> LessonError:
    return LessonError(
        lesson.path, _id_line(lesson), 1, E_DUPLICATE_ID, value=lesson.id, other=first.path
    )


class Library(Catalog[Lesson]):
    """The lessons of a folder (sorted by level and id), the errors of the files that could
    not be read, and each lesson's replay (made once, kept in the one cache with the lesson,
    shared by every session).

    Build it once (``Library(folder)``) and call ``refresh()`` before use: it looks at the
    folder's files and reads again only the ones that changed."""

    def __init__(self, folder: Path | str) -> None:
        super().__init__(
            folder,
            _read_file,
            ident=lambda les: les.id,
            order=lambda les: (les.level, les.id),
            duplicate=_duplicate,
            unreadable=_read_error,
        )

    @classmethod
    def load(cls, folder: Path | str) -> Library:
        """A library of ``folder``, read now."""
        return cls(folder).refresh()

    @property
    def lessons(self) -> tuple[Lesson, ...]:
        return self.items

    def frames(self, lesson_id: str) -> tuple[Frame, ...]:
        """The lesson's replay; empty for an unknown lesson."""
        lesson = self.get(lesson_id)
        if lesson is None:
            return ()
        try:
            return replay(lesson)
        except Exception:  # a lesson that cannot be replayed is shown as unavailable
            _LOG.exception("lesson %s cannot be replayed", lesson_id)
            return ()
