"""``tutor replay FILE``: replay a lesson.

It prints the lesson step by step for a person (translated narration, each move in words, the
scores) or, with ``--json``, one JSON object with the replay's data.
"""

from __future__ import annotations

import argparse
import json

from tutor.cli.command import add_json_option, add_lang_option, print_errors
from tutor.teach.lessons import check_lesson, replay, replay_json
from tutor.words.i18n import Translator
from tutor.words.lesson_text import replay_text


def add_arguments(r: argparse.ArgumentParser) -> None:
    r.add_argument("file", metavar="FILE", help="a lesson file")
    add_lang_option(r)
    add_json_option(r, "print one JSON object")


def run(args: argparse.Namespace, tr: Translator) -> int:
    lesson, errors = check_lesson(args.file)
    if errors or lesson is None:
        print_errors(errors, tr)
        return 1
    frames = replay(lesson)
    if args.json:
        print(json.dumps(replay_json(lesson, frames, tr), ensure_ascii=False, indent=2))
    else:
        print("\n".join(replay_text(lesson, frames, tr)))
    return 0


__all__ = ["add_arguments", "run"]
