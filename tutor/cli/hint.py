"""``tutor hint``: the hint engine from a terminal.

``tutor hint POSITION`` reads one position file (JSON or YAML, ``-`` for standard input) and
prints the hints up to ``--level`` (4 by default) or, with ``--json``, the analysis as data.
A position of more than the position format's ``MAX_BYTES`` is refused before it is parsed (so
``tutor hint /dev/zero`` ends at once), and the analysis works within the search budget of
``tutor.search.budget``, saying when it was cut.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tutor.cli.command import MAX_SEED, UsageError, add_json_option, add_lang_option, check_number
from tutor.cli.request import RequestError, hint_to_data, play_on, split_moves
from tutor.formats import yamlsafe
from tutor.formats.errors import SourceError
from tutor.formats.messages import E_TOO_LARGE
from tutor.formats.position_messages import MAX_BYTES
from tutor.formats.positions import Position, read_position
from tutor.msgid import N_
from tutor.teach.hints import DEFAULT_SAMPLES, MAX_SAMPLES, analyse, analysis_to_dict
from tutor.words.hint_text import cut_notes, hint
from tutor.words.i18n import Translator

E_LEVEL = N_("the hint level must be 1, 2, 3 or 4")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("position", help="a position file (JSON or YAML), or - for standard input")
    p.add_argument("--level", type=int, default=4, help="hint level: 1, 2, 3 or 4")
    add_json_option(p, "print the analysis as one JSON object")
    p.add_argument(
        "--samples", type=int, default=DEFAULT_SAMPLES, help=f"deals to sample (1 to {MAX_SAMPLES})"
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--moves", default="", help="moves to play first, e.g. '10h, Kd, exchange'")
    p.add_argument(
        "--hidden",
        action="store_true",
        help="with both hands given, think only with what the player to move can see",
    )
    add_lang_option(p)


def read_input(name: str) -> Position:
    """The position in the file ``name`` (``-``: standard input), read up to the position
    format's ``MAX_BYTES``; a ``SourceError`` names the file when it cannot be read."""
    if name == "-":
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
        source = "<stdin>"
        if len(data) > MAX_BYTES:
            raise SourceError(E_TOO_LARGE, {"limit": MAX_BYTES}, path=source, line=1)
    else:
        source = name
        data = yamlsafe.read_capped(Path(name), MAX_BYTES, E_TOO_LARGE)
    return read_position(yamlsafe.decode(data, source), source)


def run(args: argparse.Namespace, tr: Translator) -> int:
    if args.level not in (1, 2, 3, 4):
        raise UsageError(E_LEVEL, "--level")
    check_number(args.samples, "--samples", 1, MAX_SAMPLES)
    check_number(args.seed, "--seed", 0, MAX_SEED)
    try:
        position = read_input(args.position)
        subject = play_on(position, split_moves(args.moves), args.hidden)
        if args.json:
            analysis = analyse(subject, samples=args.samples, seed=args.seed)
            h = hint(subject, args.level, tr, analysis=analysis)
            data: dict[str, object] = {
                "analysis": analysis_to_dict(analysis),
                "hint": hint_to_data(h),
            }
            notes = cut_notes(analysis, tr)
            if notes:
                data["note"] = " ".join(notes)
            print(json.dumps(data, ensure_ascii=False))
            return 0
        h = hint(subject, args.level, tr, samples=args.samples, seed=args.seed)
    except (SourceError, RequestError) as exc:
        print(exc.render(tr), file=sys.stderr)
        return 2
    print(h.text)
    return 0
