"""The ``tutor`` command: one sub-command a module, each loaded only when it is used.

A command module defines ``add_arguments(parser)`` and ``run(args, tr) -> int`` (see
``tutor.cli.command``); :data:`COMMANDS` names each with its help. Errors reach the user as one
translated line, never as a Python traceback: a refused argument (a number out of its range,
an unknown preset or switch) as a ``UsageError`` with exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from tutor.cli.command import Command, LazyCommand, UsageError
from tutor.words.i18n import LANGUAGES, UnknownLanguageError, get_translator

# The sub-commands, in the order of --help.
COMMANDS: tuple[Command, ...] = (
    LazyCommand(
        "selfplay", "computer players play many deals; prints a summary", "tutor.cli.selfplay"
    ),
    LazyCommand(
        "match",
        "two computer players play whole matches (seats alternate); prints a summary",
        "tutor.cli.match",
    ),
    LazyCommand(
        "rules",
        "show a preset's rule switches with their sources, or compare presets",
        "tutor.cli.rules",
    ),
    LazyCommand(
        "validate",
        "check lesson files and folders of lessons against the rules engine",
        "tutor.cli.validate",
    ),
    LazyCommand("replay", "replay a lesson step by step, or print it as JSON", "tutor.cli.replay"),
    LazyCommand(
        "bench", "speed of the solver and the expert, and the expert's strength", "tutor.cli.bench"
    ),
    LazyCommand(
        "hint",
        "hints for one position: the rule, the legal moves, the best move, why",
        "tutor.cli.hint",
    ),
    LazyCommand(
        "engine", "answer positions given as JSON lines on standard input", "tutor.cli.engine"
    ),
    LazyCommand(
        "puzzles",
        "make puzzles from self-play, proved by the judge; put generated files together",
        "tutor.cli.puzzles",
    ),
    LazyCommand(
        "glossary",
        "every term in German, Polish and English, with the sources' own words",
        "tutor.cli.glossary",
    ),
    LazyCommand(
        "handout",
        "a rules card or a lesson sheet to print, as one HTML document",
        "tutor.cli.handout",
    ),
)


def _chosen(argv: Sequence[str] | None) -> str | None:
    """The command named on the command line: the first word that is not an option (the
    ``tutor`` parser itself takes no option with a value). None: every command."""
    if argv is None:
        return None
    return next((word for word in argv if not word.startswith("-")), "")


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser; with ``argv``, only the command it names gets its arguments (and so only
    that command's module is imported)."""
    parser = argparse.ArgumentParser(prog="tutor", description="Sechsundsechzig (66) tutor")
    sub = parser.add_subparsers(dest="command", required=True)
    chosen = _chosen(argv)
    for command in COMMANDS:
        p = sub.add_parser(command.name, help=command.help)
        if chosen is None or chosen == command.name:
            command.add_arguments(p)
            p.set_defaults(func=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    lang = getattr(args, "lang", "en")
    try:
        tr = get_translator(lang)
    except UnknownLanguageError:
        tr = get_translator("en")
        print(
            tr._(
                "Unknown language '{lang}'; choose one of: {valid}.",
                lang=lang,
                valid=", ".join(LANGUAGES),
            ),
            file=sys.stderr,
        )
        return 2
    try:
        return int(args.func(args, tr))
    except UsageError as exc:
        print(exc.render(tr), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except (ValueError, OSError) as exc:
        print(tr._("Error: {message}", message=str(exc)), file=sys.stderr)
        return 2
    except Exception as exc:  # a fault of ours: one line, the traceback only on request
        if os.environ.get("TUTOR_DEBUG"):
            raise
        print(
            tr._(
                "Internal error ({kind}): {message}. Run again with TUTOR_DEBUG=1 to see where.",
                kind=type(exc).__name__,
                message=str(exc),
            ),
            file=sys.stderr,
        )
        return 3
