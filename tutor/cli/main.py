"""The ``tutor`` command: each sub-command lives in its own module with ``register``/``run``.

A command module defines ``register(subparsers) -> None`` which adds its parser and sets
``func`` to a callable ``(args, tr) -> int``. Errors reach the user as one translated line,
never as a Python traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from tutor.words.i18n import LANGUAGES, UnknownLanguageError, get_translator

# Modules that add sub-commands, in the order of --help.
COMMAND_MODULES = (
    "tutor.search.selfplay",
    "tutor.cli.rules",
    "tutor.cli.replay",
    "tutor.cli.bench",
    "tutor.cli.hint",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tutor", description="Sechsundsechzig (66) tutor")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", default="en", help=f"language: {', '.join(LANGUAGES)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
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
