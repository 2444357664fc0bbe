"""``tutor selfplay``: computer players play many deals; prints a summary, or with ``--json``
the summary as one JSON object (see ``tutor.search.selfplay``)."""

from __future__ import annotations

import argparse
import json

from tutor.cli.command import add_json_option, add_lang_option
from tutor.search import PLAYERS, selfplay
from tutor.words.i18n import Translator


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default="classic", help="preset, e.g. classic or kurnik(target=61)")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--players",
        default="random,random",
        help=f"two of: {', '.join(PLAYERS)} (A's first; seats alternate)",
    )
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    add_json_option(p, "print one JSON object")
    add_lang_option(p)


def run(args: argparse.Namespace, tr: Translator) -> int:
    names = tuple(x.strip() for x in args.players.split(","))
    if len(names) != 2:
        raise ValueError(tr._("--players needs two names separated by a comma"))
    result = selfplay(args.rules, args.games, args.seed, (names[0], names[1]), args.jobs)
    if args.json:
        print(json.dumps(result))
    else:
        print(
            tr._(
                "{games} deals under {rules}: A ({a}) won {wa}, B ({b}) won {wb}, "
                "{draws} drawn; game points {ga}:{gb}; {speed} deals per second",
                games=result["games"],
                rules=result["rules"],
                a=names[0],
                b=names[1],
                wa=result["wins"]["A"],
                wb=result["wins"]["B"],
                draws=result["draws"],
                ga=result["game_points"]["A"],
                gb=result["game_points"]["B"],
                speed=result["games_per_second"],
            )
        )
    return 0
