"""``tutor validate PATH...`` and ``tutor replay FILE``: check lesson files, replay a lesson.

``validate`` takes files and folders; it prints one line when every lesson is valid (exit 0)
and otherwise every problem with its file, line and column (exit 1).

``replay`` prints a lesson step by step for a person (translated narration, each move in
words, the scores) or, with ``--json``, one JSON object with the replay's data.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from tutor.teach import puzzles
from tutor.teach.lessons import LessonError, check_lesson, replay, replay_json, validate_paths
from tutor.words.i18n import Translator
from tutor.words.lesson_text import replay_text, rule_line


def register(sub: Any) -> None:
    v: argparse.ArgumentParser = sub.add_parser(
        "validate", help="check lesson files and folders of lessons against the rules engine"
    )
    v.add_argument("paths", nargs="+", metavar="PATH", help="lesson files or folders")
    v.add_argument("--lang", default="en", help="language of the messages: de, pl or en")
    v.set_defaults(func=run_validate)
    r: argparse.ArgumentParser = sub.add_parser(
        "replay", help="replay a lesson step by step, or print it as JSON"
    )
    r.add_argument("file", metavar="FILE", help="a lesson file")
    r.add_argument("--lang", default="en", help="language: de, pl or en")
    r.add_argument("--json", action="store_true", help="print one JSON object")
    r.set_defaults(func=run_replay)


def _print_errors(errors: Sequence[LessonError], tr: Translator) -> None:
    for err in errors:
        print(err.render(tr))
    print(tr.n_("{n} problem found.", "{n} problems found.", len(errors)))


def run_validate(args: argparse.Namespace, tr: Translator) -> int:
    puzzle_paths, lesson_paths = puzzles.split_paths(args.paths)
    lessons, errors = validate_paths(lesson_paths) if lesson_paths else ([], [])
    found, puzzle_errors = puzzles.validate_paths(puzzle_paths)
    errors = [*errors, *puzzle_errors]
    if errors:
        _print_errors(errors, tr)
        return 1
    if not lessons and not found:
        print(tr._("No lesson files found in {paths}.", paths=", ".join(args.paths)))
        return 1
    if lessons:
        print(tr.n_("{n} lesson is valid.", "{n} lessons are valid.", len(lessons)))
    if found:
        print(tr.n_("{n} puzzle is valid.", "{n} puzzles are valid.", len(found)))
    return 0


def run_replay(args: argparse.Namespace, tr: Translator) -> int:
    lesson, errors = check_lesson(args.file)
    if errors or lesson is None:
        _print_errors(errors, tr)
        return 1
    frames = replay(lesson)
    if args.json:
        print(json.dumps(replay_json(lesson, frames, tr), ensure_ascii=False, indent=2))
    else:
        print("\n".join(replay_text(lesson, frames, tr)))
    return 0


__all__ = ["register", "replay_json", "replay_text", "rule_line", "run_replay", "run_validate"]
