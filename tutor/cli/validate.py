"""``tutor validate PATH...``: check lesson and puzzle files against the rules engine.

It takes files and folders; it prints one line when every lesson and puzzle is valid (exit 0)
and otherwise every problem with its file, line and column (exit 1).
"""

from __future__ import annotations

import argparse

from tutor.cli.command import MAX_SEED, add_lang_option, check_number, print_errors
from tutor.teach import puzzles
from tutor.teach.lessons import validate_paths
from tutor.words.i18n import Translator
from tutor.words.lesson_recall import translated_recall_problems

#: The largest ``--sample``.
MAX_SAMPLE = 1_000_000


def add_arguments(v: argparse.ArgumentParser) -> None:
    v.add_argument("paths", nargs="+", metavar="PATH", help="lesson files or folders")
    v.add_argument(
        "--sample",
        type=int,
        default=None,
        help="prove only this many generated puzzles, drawn with --seed (all are read)",
    )
    v.add_argument("--seed", type=int, default=0, help="the seed of --sample")
    add_lang_option(v)


def run(args: argparse.Namespace, tr: Translator) -> int:
    puzzle_paths, lesson_paths = puzzles.split_paths(args.paths)
    lessons, lesson_errors = validate_paths(lesson_paths) if lesson_paths else ([], [])
    translated = [e for lesson in lessons for e in translated_recall_problems(lesson)]
    if translated:  # the translations' narration must not say the answers either
        lesson_errors = [*lesson_errors, *translated]
        bad = {e.path for e in translated}
        lessons = [lesson for lesson in lessons if lesson.path not in bad]
    if args.sample is not None:
        check_number(args.sample, "--sample", 0, MAX_SAMPLE)
    check_number(args.seed, "--seed", 0, MAX_SEED)
    found, puzzle_errors = puzzles.validate_paths(puzzle_paths, sample=args.sample, seed=args.seed)
    errors = [*lesson_errors, *puzzle_errors]
    if errors:
        print_errors(errors, tr)
        return 1
    if not lessons and not found:
        print(tr._("No lesson files found in {paths}.", paths=", ".join(args.paths)))
        return 1
    if lessons:
        print(tr.n_("{n} lesson is valid.", "{n} lessons are valid.", len(lessons)))
    if found:
        print(tr.n_("{n} puzzle is valid.", "{n} puzzles are valid.", len(found)))
    return 0
