"""``tutor handout``: a page to print, as one standalone HTML document (open it in a browser and
print it, or save it as PDF from the print dialog).

- ``tutor handout rules --preset P``: the rules card of a preset (one A4 page);
- ``tutor handout lesson ID``: the sheet of a lesson (by its id in the lessons folder, or a
  lesson file), its answers at the end for the teacher.

``-o FILE`` writes the document to a file, else it is printed.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from tutor.cli.command import UsageError, add_lang_option, print_errors, rules_option
from tutor.engine import PRESETS, TABLE_PRESETS
from tutor.msgid import N_
from tutor.teach.lessons import Library, check_lesson, replay
from tutor.web.board import STYLES
from tutor.web.handout import lesson_sheet_html, rules_card_html
from tutor.words.i18n import Translator, get_translator

#: The lessons folder when neither ``--lessons`` nor ``$TUTOR_LESSONS_DIR`` names one.
LESSONS = Path(__file__).resolve().parents[2] / "lessons"
LESSONS_ENV = "TUTOR_LESSONS_DIR"

KINDS = ("rules", "lesson")

E_NO_LESSON = N_("there is no lesson '{lesson}' in {folder}; the lessons there: {valid}")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "kind",
        choices=KINDS,
        help="rules: the rules card of a preset (one A4 page); lesson: the sheet of a lesson",
    )
    p.add_argument("lesson", metavar="ID", nargs="?", help="lesson: a lesson's id, or a file")
    p.add_argument(
        "--preset",
        default="classic",
        help=f"rules: one preset: {', '.join([*PRESETS, *TABLE_PRESETS])} (default: classic)",
    )
    p.add_argument(
        "--lessons",
        default=None,
        help=f"lesson: the lessons folder (default: ${LESSONS_ENV}, else the tutor's lessons)",
    )
    add_lang_option(p)
    p.add_argument("--style", choices=STYLES, default="french", help="the pack the cards show")
    p.add_argument("-o", "--output", default=None, help="the file to write (default: print)")


def run(args: argparse.Namespace, tr: Translator) -> int:
    tr = get_translator(tr.lang, args.style)
    if args.kind == "rules":
        document = rules_card_html(rules_option(args.preset, "--preset"), tr)
    else:
        found = _lesson_document(args, tr)
        if found is None:
            return 1
        document = found
    if args.output:
        Path(args.output).write_text(document, encoding="utf-8")
    else:
        sys.stdout.write(document)
    return 0


def _folder(args: argparse.Namespace) -> Path:
    if args.lessons:
        return Path(args.lessons)
    env = os.environ.get(LESSONS_ENV, "").strip()
    return Path(env) if env else LESSONS


def _lesson_document(args: argparse.Namespace, tr: Translator) -> str | None:
    """The sheet of the lesson ``args.lesson`` names: a lesson file, or an id in the folder.
    ``None`` after printing a file's problems; ``UsageError`` for an unknown id."""
    path = Path(args.lesson or "")
    if path.suffix in (".yaml", ".yml") and path.is_file():
        lesson, errors = check_lesson(path)
        if errors or lesson is None:
            print_errors(errors, tr)
            return None
        return lesson_sheet_html(lesson, replay(lesson), tr)
    folder = _folder(args)
    library = Library.load(folder)
    lesson = library.get(args.lesson) if args.lesson else None
    frames = library.frames(lesson.id) if lesson is not None else ()
    if lesson is None or not frames:
        valid = ", ".join(les.id for les in library.lessons)
        raise UsageError(E_NO_LESSON, lesson=args.lesson or "", folder=str(folder), valid=valid)
    return lesson_sheet_html(lesson, frames, tr)


__all__ = ["add_arguments", "run"]
