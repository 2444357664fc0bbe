"""``tutor match``: two computer players play whole matches under a preset's match form, at a
table of two, three or four; prints a summary, or with ``--json`` the result as one JSON object
(see ``tutor.teach.play.matches``).

Each match is played by the Play page's own steps: the cut for the first dealer, the next
dealer by the preset, the claim to 1000. Player one takes one side (a seat, or with four a team
of partners), player two every other seat; player one's side moves from match to match (with
two seats A in matches 1, 3, 5, ...; with three A, B, C, A, ...), so that no player has the
advantage of a seat.

The rules spec, the players (each must play the table's number of seats) and every number are
checked before the first match: at most
``MAX_MATCHES`` matches (``MAX_EXPERT_MATCHES`` when the expert plays, which thinks for a good
part of a second a move), ``MAX_JOBS`` worker processes, a seed from 0 to ``MAX_SEED``."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from tutor.cli.command import (
    MAX_JOBS,
    MAX_SEED,
    UsageError,
    add_json_option,
    add_lang_option,
    check_number,
    players_option,
    rules_option,
)
from tutor.cli.selfplay import seats_refused
from tutor.engine import MatchMode, parse_rules, side_name
from tutor.msgid import N_
from tutor.search import PLAYERS, SeatsError, players_at
from tutor.teach.play import play_matches, report
from tutor.teach.play.matches import checked
from tutor.words.explain import number
from tutor.words.i18n import Translator
from tutor.words.play_text import mode_name, player_name
from tutor.words.switches import preset_name

#: The most matches one run plays (club players play some hundred matches to 7 a second).
MAX_MATCHES = 10_000
#: The most matches when the expert plays (a match to 7 takes it some seconds).
MAX_EXPERT_MATCHES = 100
#: The players whose matches ``MAX_EXPERT_MATCHES`` limits (the expert and its yardsticks).
SLOW_PLAYERS = ("expert", "expert1", "expert2")

E_EXPERT_MATCHES = N_(
    "{option} may be at most {high} when the expert plays (each match takes it some "
    "seconds), not {value}"
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--rules",
        default="classic",
        help="preset, e.g. classic or classic(match.mode=thousand); its match form is played",
    )
    p.add_argument(
        "--players",
        default="club,club",
        help=f"two of: {', '.join(PLAYERS)}; the seats alternate from match to match "
        "(the first named sits at A in matches 1, 3, 5, ...), so neither has a seat's advantage; "
        f"with three or four players two of: {', '.join(players_at(3))}, the first at one side "
        "(A, B, C, A, ... or A+C, B+D, ...), the second at every other seat",
    )
    p.add_argument(
        "--matches",
        type=int,
        default=10,
        help=f"matches to play (1 to {MAX_MATCHES}; to {MAX_EXPERT_MATCHES} with the expert)",
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help=f"worker processes (1 to {MAX_JOBS})")
    add_json_option(p, "print one JSON object (the same for the same seed)")
    add_lang_option(p)


def run(args: argparse.Namespace, tr: Translator) -> int:
    rules = rules_option(args.rules, "--rules")
    names = players_option(args.players, "--players", tuple(PLAYERS))
    try:
        checked(args.rules, names)
    except SeatsError as exc:
        raise seats_refused(exc, rules, tr) from exc
    check_number(args.matches, "--matches", 1, MAX_MATCHES)
    if any(name in SLOW_PLAYERS for name in names) and args.matches > MAX_EXPERT_MATCHES:
        raise UsageError(
            E_EXPERT_MATCHES, "--matches", high=MAX_EXPERT_MATCHES, value=str(args.matches)
        )
    check_number(args.seed, "--seed", 0, MAX_SEED)
    check_number(args.jobs, "--jobs", 1, MAX_JOBS)
    start = time.perf_counter()
    tally = play_matches(args.rules, names, args.matches, args.seed, args.jobs)
    result = report(args.rules, names, args.seed, tally)
    if args.json:
        print(json.dumps(result))
    else:
        print(summary(result, tr, time.perf_counter() - start))
    return 0


def summary(result: dict[str, Any], tr: Translator, seconds: float | None = None) -> str:
    """The result in a few lines, its numbers written as ``tr``'s language writes them."""
    one, two = (player_name(p, tr) for p in result["players"])
    if one == two:  # "Club player 1" and "Club player 2"
        one, two = f"{one} 1", f"{two} 2"
    match_mode = MatchMode(result["mode"])
    mode = mode_name(match_mode, result["target"] or 0, tr)
    n = result["matches"]
    wins, gp, cp = result["wins"], result["game_points"], result["card_points"]
    rules = preset_name(result["rules"], tr)
    if "wins_by_seat" in result:
        lines = [
            tr.n_(
                "{n} match under {rules} ({mode}): {one} against {two}; the seats alternate, "
                "{one} at A in matches 1, 3, 5, …",
                "{n} matches under {rules} ({mode}): {one} against {two}; the seats alternate, "
                "{one} at A in matches 1, 3, 5, …",
                n,
                rules=rules,
                mode=mode,
                one=one,
                two=two,
            ),
            tr._(
                "{one} won {w1}, {two} won {w2}, {draws} drawn; the player at A won {a}, "
                "the player at B {b}.",
                one=one,
                two=two,
                w1=number(wins[0], tr),
                w2=number(wins[1], tr),
                draws=number(result["draws"], tr),
                a=number(result["wins_by_seat"]["A"], tr),
                b=number(result["wins_by_seat"]["B"], tr),
            ),
        ]
    else:
        lines = _table_lines(result, tr, one, two, rules, mode)
    lines.append(
        tr._(
            "Deals: {deals}, {average} a match; game points {g1}:{g2}; card points {c1}:{c2}.",
            deals=number(result["deals"], tr),
            average=number(result["deals_per_match"], tr),
            g1=number(gp[0], tr),
            g2=number(gp[1], tr),
            c1=number(cp[0], tr),
            c2=number(cp[1], tr),
        )
    )
    if match_mode is MatchMode.THOUSAND:
        claims, lost = result["claims"], result["claims_lost"]
        lines.append(
            tr._(
                "Claims to 1000: {one} {c1} ({l1} miscounted), {two} {c2} ({l2} miscounted).",
                one=one,
                two=two,
                c1=number(claims[0], tr),
                c2=number(claims[1], tr),
                l1=number(lost[0], tr),
                l2=number(lost[1], tr),
            )
        )
    if seconds is not None:
        lines.append(tr._("Played in {seconds} seconds.", seconds=number(seconds, tr)))
    return "\n".join(lines)


def _table_lines(
    result: dict[str, Any], tr: Translator, one: str, two: str, rules: str, mode: str
) -> list[str]:
    """The first two lines of a summary at a table of three or four: where the players sat,
    the matches each won and the matches each side won (a seat, or a team "A+C")."""
    game = parse_rules(result["rules"])
    names = [side_name(game, x) for x in range(game.sides)]
    n = result["matches"]
    wins = result["wins"]
    by_side = zip(names, result["wins_by_side"], strict=True)
    return [
        tr.n_(
            "{n} match under {rules} ({mode}): {one} against {two}; {one} at {sides} in "
            "turn from match to match, {two} at every other seat",
            "{n} matches under {rules} ({mode}): {one} against {two}; {one} at {sides} in "
            "turn from match to match, {two} at every other seat",
            n,
            rules=rules,
            mode=mode,
            one=one,
            two=two,
            sides=", ".join(names),
        ),
        tr._(
            "{one} won {w1}, {two} won {w2}, {draws} drawn; won at each side: {sides}.",
            one=one,
            two=two,
            w1=number(wins[0], tr),
            w2=number(wins[1], tr),
            draws=number(result["draws"], tr),
            sides=", ".join(f"{name} {number(w, tr)}" for name, w in by_side),
        ),
    ]
