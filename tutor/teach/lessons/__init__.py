"""Scripted lessons: a deal and its steps in YAML, checked against the engine and replayed.

A lesson file (format in ``docs/lessons.md``) names a rules preset, a deal and a list of
steps. Each step is one action of the player on turn (a card, a marriage, the trump exchange,
closing the stock, declaring 66) or a pause that only speaks; it may name the rule ids it
illustrates and carry checks that the replay verifies (points, the trick's winner, whether a
move is legal here, the result).

``load_lesson(path)`` reads and replays a file and raises ``LessonError`` for the first
problem; ``check_lesson(path)`` returns every problem it found; ``load_lessons(folder)`` reads
a whole folder and keeps going past broken files. ``replay(lesson)`` gives the lesson as a
tuple of ``Frame`` values, one for the deal and one per step, shared by the app, the command
line and the tests.

The package: ``model`` (the values), ``reader`` (YAML to a ``Lesson``, with ``deal_reader`` for
the deal), ``checks`` (the checks a step carries: names, seat counts, readers), ``replay``
(frames), ``check_runs`` (the checks run on replay), ``export`` (JSON), ``library`` (loading,
the one cache, ``Library``), ``messages`` (every msgid: import them from there; this module
names the API only); ``run``: a learner's run through a lesson as one immutable value
(``LessonRun``: the step shown, the tries at its questions and moves, the hints opened; what
gates Next, what counts as right at the first try); ``shelf``: the lesson files a learner
opened, and every lesson a learner can open looked up by id (``Lessons``); ``terms``: the
table of term ids a lesson declares in ``terms`` and the terms known by a lesson of the course;
``recall``: a question's right answer may not stand in its step's narration. One model, reader,
replay and library serve two, three and four seats: the rules name the seats.

Only plain YAML is read (``yaml.compose`` with the safe loader, no tags, no aliases): a lesson
is data and can never run code. Narration is English text, translated when it is shown with
``tr._(frame.narration)``.

>>> lesson = load_lesson(Path(__file__).parents[3] / "lessons" / "example-1.yaml")
>>> frames = replay(lesson)
>>> frames[0].move is None and frames[-1].state.result.scores
(91, 25)
"""

from __future__ import annotations

from pathlib import Path  # noqa: F401  (the doctest above)

from tutor.teach.lessons.export import replay_json
from tutor.teach.lessons.library import (
    Library,
    check_lesson,
    check_lesson_data,
    lesson_files,
    load_lesson,
    load_lessons,
    replay,
    validate_paths,
)
from tutor.teach.lessons.model import (
    Check,
    Event,
    EventKind,
    Frame,
    Lesson,
    LessonDeal,
    LessonError,
    Step,
    StepVariant,
    valid_rule_ids,
)
from tutor.teach.lessons.reader import MAX_BYTES, read_lesson
from tutor.teach.lessons.replay import runs
from tutor.teach.lessons.run import (
    ECHO_SECONDS,
    HINT_LEVELS,
    MISSES_BEFORE_SHOW,
    AnyFrame,
    LessonRun,
    Try,
    TryKind,
    judge_move,
)
from tutor.teach.lessons.shelf import Lessons, Shelf, open_lesson_file
from tutor.teach.lessons.terms import ALL_TERMS, TERMS, terms_known

__all__ = [
    "ALL_TERMS",
    "ECHO_SECONDS",
    "HINT_LEVELS",
    "MAX_BYTES",
    "MISSES_BEFORE_SHOW",
    "TERMS",
    "AnyFrame",
    "Check",
    "Event",
    "EventKind",
    "Frame",
    "Lesson",
    "LessonDeal",
    "LessonError",
    "LessonRun",
    "Lessons",
    "Library",
    "Shelf",
    "Step",
    "StepVariant",
    "Try",
    "TryKind",
    "check_lesson",
    "check_lesson_data",
    "judge_move",
    "lesson_files",
    "load_lesson",
    "load_lessons",
    "open_lesson_file",
    "read_lesson",
    "replay",
    "replay_json",
    "runs",
    "terms_known",
    "valid_rule_ids",
    "validate_paths",
]
