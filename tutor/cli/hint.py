"""``tutor hint``: the hint engine from a terminal.

``tutor hint POSITION`` reads one position file (JSON or YAML, ``-`` for standard input) and
prints the hints up to ``--level`` (4 by default) or, with ``--json``, the analysis as data.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tutor.cli.command import add_json_option, add_lang_option
from tutor.cli.request import RequestError, hint_to_data, play_on, split_moves
from tutor.formats.positions import PositionError, load_position, read_position
from tutor.msgid import N_
from tutor.teach.hints import DEFAULT_SAMPLES, analyse, analysis_to_dict
from tutor.words.hint_text import hint
from tutor.words.i18n import Translator

E_LEVEL = N_("the hint level must be 1, 2, 3 or 4")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("position", help="a position file (JSON or YAML), or - for standard input")
    p.add_argument("--level", type=int, default=4, choices=(1, 2, 3, 4), help="hint level")
    add_json_option(p, "print the analysis as one JSON object")
    p.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="deals to sample")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--moves", default="", help="moves to play first, e.g. '10h, Kd, exchange'")
    p.add_argument(
        "--hidden",
        action="store_true",
        help="with both hands given, think only with what the player to move can see",
    )
    add_lang_option(p)


def run(args: argparse.Namespace, tr: Translator) -> int:
    try:
        if args.position == "-":
            position = read_position(sys.stdin.read(), "<stdin>")
        else:
            position = load_position(Path(args.position))
        subject = play_on(position, split_moves(args.moves), args.hidden)
        if args.json:
            analysis = analyse(subject, samples=args.samples, seed=args.seed)
            h = hint(subject, args.level, tr, analysis=analysis)
            print(
                json.dumps(
                    {"analysis": analysis_to_dict(analysis), "hint": hint_to_data(h)},
                    ensure_ascii=False,
                )
            )
            return 0
        h = hint(subject, args.level, tr, samples=args.samples, seed=args.seed)
    except (PositionError, RequestError) as exc:
        print(exc.render(tr), file=sys.stderr)
        return 2
    print(h.text)
    return 0
