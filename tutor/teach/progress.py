"""The learner's progress through the course, and its small JSON file.

``Progress`` holds the lessons finished, the interactive steps answered right at the first try
(per lesson, by the step's name) and the puzzles solved (``True`` when solved without a hint).
The app keeps it in the browser's storage and lets the learner download it and upload it
again; ``load_progress`` reads such a file and refuses anything else with a translated message.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from tutor.formats.errors import SourceError
from tutor.formats.uploads import M_NOT_JSON as M_NOT_JSON
from tutor.formats.uploads import M_NOT_TEXT as M_NOT_TEXT
from tutor.formats.uploads import small_json
from tutor.msgid import N_
from tutor.teach.puzzles.record import TrainerRecord, merged, record_data, record_from_data

PROGRESS_VERSION = 1
#: A progress file larger than this (bytes, or characters of text) is refused unread.
MAX_PROGRESS_BYTES = 190_000
#: The longest name of a lesson, step or puzzle kept; a longer one is not from this tutor.
MAX_NAME = 200
#: The most entries of one kind (lessons, steps of a lesson, puzzles) a file may hold.
MAX_ENTRIES = 2_000

M_TOO_LARGE = N_("The file is too large to be a file of your progress.")
M_NOT_PROGRESS = N_("The file is not a file of your progress from this tutor.")
M_NEWER = N_("The file was written by a newer version of this tutor and cannot be read here.")


class ProgressError(SourceError):
    """A progress file that cannot be read; ``template`` is the msgid (the error reads as its
    message alone: an upload has no place in a file)."""

    def __init__(self, template: str) -> None:
        super().__init__(template, path="")


@dataclass(frozen=True)
class Progress:
    """What the learner has done: lessons finished, interactive steps right at the first try
    (lesson id to step names) and puzzles solved (puzzle id to "without a hint")."""

    lessons: frozenset[str] = frozenset()
    steps: Mapping[str, frozenset[str]] = field(default_factory=dict)
    puzzles: Mapping[str, bool] = field(default_factory=dict)
    trainer: TrainerRecord = TrainerRecord()  # the puzzle rating and the learner's own puzzles

    @property
    def empty(self) -> bool:
        return not (
            self.lessons or any(self.steps.values()) or self.puzzles or not self.trainer.empty
        )

    def finish(self, lesson_id: str) -> Progress:
        """This progress with ``lesson_id`` finished."""
        return replace(self, lessons=self.lessons | {lesson_id})

    def step_right(self, lesson_id: str, step: str) -> Progress:
        """This progress with the interactive ``step`` of ``lesson_id`` answered right at the
        first try."""
        steps = dict(self.steps)
        steps[lesson_id] = frozenset(steps.get(lesson_id, frozenset()) | {step})
        return replace(self, steps=steps)

    def solve(self, puzzle_id: str, perfect: bool) -> Progress:
        """This progress with ``puzzle_id`` solved; solved without a hint once stays so."""
        puzzles = dict(self.puzzles)
        puzzles[puzzle_id] = puzzles.get(puzzle_id, False) or perfect
        return replace(self, puzzles=puzzles)

    def merge(self, other: Progress) -> Progress:
        """Everything done in either (a puzzle solved without a hint in either stays so)."""
        steps = {k: frozenset(v) for k, v in self.steps.items()}
        for k, v in other.steps.items():
            steps[k] = steps.get(k, frozenset()) | v
        puzzles = dict(self.puzzles)
        for k, ok in other.puzzles.items():
            puzzles[k] = puzzles.get(k, False) or ok
        return Progress(
            self.lessons | other.lessons, steps, puzzles, merged(self.trainer, other.trainer)
        )

    def right_first_try(self) -> int:
        """How many interactive steps were answered right at the first try."""
        return sum(len(v) for v in self.steps.values())


def dump_progress(progress: Progress) -> str:
    """The progress as a small JSON document (``{"version": 1, "lessons": [...], "steps":
    {lesson: [...]}, "puzzles": {id: perfect}, "trainer": {...}}``, the trainer's record
    where there is one), the same for the same progress."""
    doc: dict[str, object] = {
        "version": PROGRESS_VERSION,
        "lessons": sorted(progress.lessons),
        "steps": {k: sorted(v) for k, v in sorted(progress.steps.items()) if v},
        "puzzles": {k: bool(v) for k, v in sorted(progress.puzzles.items())},
    }
    if not progress.trainer.empty:
        doc["trainer"] = record_data(progress.trainer)
    return json.dumps(
        doc,
        indent=1,
        ensure_ascii=False,
    )


def load_progress(data: bytes | str) -> Progress:
    """Read a file written by ``dump_progress``. Raises ``ProgressError`` for anything else:
    too large, not text, not JSON, another kind of document, a newer version, names that are
    not names."""
    doc = small_json(data, MAX_PROGRESS_BYTES, M_TOO_LARGE, ProgressError)
    if not isinstance(doc, dict) or set(doc) - {
        "version",
        "lessons",
        "steps",
        "puzzles",
        "trainer",
    }:
        raise ProgressError(M_NOT_PROGRESS)
    version = doc.get("version")
    if type(version) is not int:
        raise ProgressError(M_NOT_PROGRESS)
    if version > PROGRESS_VERSION:
        raise ProgressError(M_NEWER)
    if version != PROGRESS_VERSION:
        raise ProgressError(M_NOT_PROGRESS)
    lessons = _names(doc.get("lessons", []))
    raw_steps = doc.get("steps", {})
    if not isinstance(raw_steps, dict) or len(raw_steps) > MAX_ENTRIES:
        raise ProgressError(M_NOT_PROGRESS)
    steps = {_name(k): _names(v) for k, v in raw_steps.items()}
    raw_puzzles = doc.get("puzzles", {})
    if not isinstance(raw_puzzles, dict) or len(raw_puzzles) > MAX_ENTRIES:
        raise ProgressError(M_NOT_PROGRESS)
    puzzles: dict[str, bool] = {}
    for key, value in raw_puzzles.items():
        if not isinstance(value, bool):
            raise ProgressError(M_NOT_PROGRESS)
        puzzles[_name(key)] = value
    try:
        trainer = record_from_data(doc.get("trainer", {}))
    except ValueError:
        raise ProgressError(M_NOT_PROGRESS) from None
    return Progress(lessons, {k: v for k, v in steps.items() if v}, puzzles, trainer)


def _name(value: object) -> str:
    if not isinstance(value, str) or not value or len(value) > MAX_NAME:
        raise ProgressError(M_NOT_PROGRESS)
    if any(ord(ch) < 32 or "\ud800" <= ch <= "\udfff" for ch in value):  # or a lone surrogate
        raise ProgressError(M_NOT_PROGRESS)
    return value


def _names(value: object) -> frozenset[str]:
    if not isinstance(value, list) or len(value) > MAX_ENTRIES:
        raise ProgressError(M_NOT_PROGRESS)
    return frozenset(_name(v) for v in value)


def only_known(
    progress: Progress, lessons: Iterable[str], puzzles: Iterable[str] | None = None
) -> Progress:
    """``progress`` without lessons (and, given their ids, puzzles) this tutor does not have."""
    known = frozenset(lessons)
    keep = None if puzzles is None else frozenset(puzzles)
    return Progress(
        progress.lessons & known,
        {k: v for k, v in progress.steps.items() if k in known},
        {k: v for k, v in progress.puzzles.items() if keep is None or k in keep},
        progress.trainer,
    )


__all__ = [
    "MAX_PROGRESS_BYTES",
    "M_NEWER",
    "M_NOT_JSON",
    "M_NOT_PROGRESS",
    "M_NOT_TEXT",
    "M_TOO_LARGE",
    "PROGRESS_VERSION",
    "Progress",
    "ProgressError",
    "dump_progress",
    "load_progress",
    "only_known",
]
