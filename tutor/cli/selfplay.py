"""``tutor selfplay``: computer players play many deals; prints a summary, or with ``--json``
the summary as one JSON object (see ``tutor.search.selfplay``).

The rules spec, the players and every number are checked before the first deal: at most
``MAX_GAMES`` deals, ``MAX_JOBS`` worker processes, a seed from 0 to ``MAX_SEED``."""

from __future__ import annotations

import argparse
import json
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
from tutor.engine import RuleSet, parse_rules, side_name
from tutor.msgid import N_
from tutor.search import PLAYERS, SeatsError, players_at, selfplay
from tutor.words.explain import number, percent
from tutor.words.i18n import Translator
from tutor.words.play_text import player_name
from tutor.words.switches import preset_name

#: The most deals one run plays (random players manage some thousands a second).
MAX_GAMES = 1_000_000


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default="classic", help="preset, e.g. classic or kurnik(target=61)")
    p.add_argument("--games", type=int, default=1000, help=f"deals to play (1 to {MAX_GAMES})")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--players",
        default="random,random",
        help=f"two of: {', '.join(PLAYERS)} (A's first; seats alternate; with three or four "
        f"players: {', '.join(players_at(3))}; the first takes one side, the second the others)",
    )
    p.add_argument("--jobs", type=int, default=1, help=f"worker processes (1 to {MAX_JOBS})")
    add_json_option(p, "print one JSON object")
    add_lang_option(p)


#: A player asked for at a table it does not play.
E_SEATS = N_(
    "'{player}' does not play games for {seats} players ({game}); these players do: {valid}"
)


def seats_refused(exc: SeatsError, rules: RuleSet, tr: Translator) -> UsageError:
    """The refusal of ``--players`` naming a player at a table it does not play, and the
    players that do."""
    return UsageError(
        E_SEATS,
        "--players",
        player=exc.name,
        game=preset_name(rules.name, tr),
        seats=exc.seats,
        valid=", ".join(players_at(exc.seats)),
    )


def run(args: argparse.Namespace, tr: Translator) -> int:
    rules = rules_option(args.rules, "--rules")
    check_number(args.games, "--games", 1, MAX_GAMES)
    check_number(args.seed, "--seed", 0, MAX_SEED)
    check_number(args.jobs, "--jobs", 1, MAX_JOBS)
    names = players_option(args.players, "--players", tuple(PLAYERS))
    try:  # every player is checked against the table before the first deal
        result = selfplay(args.rules, args.games, args.seed, names, args.jobs)
    except SeatsError as exc:
        raise seats_refused(exc, rules, tr) from exc
    print(json.dumps(result) if args.json else text(result, tr))
    return 0


def text(result: dict[str, Any], tr: Translator) -> str:
    """A result of ``selfplay`` in words: two players' results, the sides' results at a
    table, or a duel."""
    if "seats" in result:
        return table_summary(result, tr)
    if "first" in result["players"]:
        return duel_summary(result, tr)
    return summary(result, tr)


def table_summary(result: dict[str, Any], tr: Translator) -> str:
    """A self-play result for three or four players in one line: the deals each side won (a
    seat, or a team of partners), the drawn deals, the game points."""
    rules = parse_rules(result["rules"])
    names = [side_name(rules, x) for x in range(rules.sides)]

    def each(values: list[int]) -> str:
        return ", ".join(f"{n} {number(v, tr)}" for n, v in zip(names, values, strict=True))

    speed = result["games_per_second"]
    return tr._(
        "{games} deals under {rules}: won {wins}; {draws} drawn; game points {points}; "
        "{speed} deals per second",
        games=number(result["games"], tr),
        rules=preset_name(result["rules"], tr),
        wins=each(result["wins"]),
        draws=number(result["draws"], tr),
        points=each(result["game_points"]),
        speed=number(speed, tr) if speed is not None else "–",
    )


def duel_summary(result: dict[str, Any], tr: Translator) -> str:
    """One player against another at a table of three or four, in one line: the first
    player's side's wins with their 95% interval, against the share a side wins by chance; with
    three seats each for himself a line with the first player's seat head to head against
    each other seat; and a line comparing the first player with the second in its own seat,
    with the same cards (see ``tutor.search.selfplay``)."""
    low, high = result["first_share_wilson95"]
    line = tr._(
        "{games} deals under {rules}: {first} at one side against {second}: won {wins} "
        "({share}; {confidence} interval {low} to {high}; an even share is {fair}), {draws} "
        "drawn; game points {gp_first}:{gp_second}; {speed} deals per second",
        confidence=percent(0.95, tr),
        games=number(result["games"], tr),
        rules=preset_name(result["rules"], tr),
        first=player_name(result["players"]["first"], tr),
        second=player_name(result["players"]["second"], tr),
        wins=number(result["first_wins"], tr),
        share=percent(result["first_share"], tr),
        low=percent(low, tr),
        high=percent(high, tr),
        fair=percent(result["fair_share"], tr),
        draws=number(result["draws"], tr),
        gp_first=number(result["first_game_points"], tr),
        gp_second=number(result["other_game_points"], tr),
        speed=number(result["games_per_second"] or 0, tr),
    )
    s_low, s_high = result["same_cards_wilson95"]
    better, worse = result["same_cards_better"], result["same_cards_worse"]
    s_share = result["same_cards_share"]
    same = tr._(
        "against {second} in its own seat with the same cards: better in {better} of {differ} "
        "deals that end differently ({share}; {confidence} interval {low} to {high})",
        second=player_name(result["players"]["second"], tr),
        better=number(better, tr),
        differ=number(better + worse, tr),
        share=percent(s_share, tr) if s_share is not None else "–",
        confidence=percent(0.95, tr),
        low=percent(s_low, tr),
        high=percent(s_high, tr),
    )
    if parse_rules(result["rules"]).sides < 3:
        return f"{line}\n{same}"
    h_low, h_high = result["head_to_head_wilson95"]
    ahead, behind = result["head_to_head_ahead"], result["head_to_head_behind"]
    share = result["head_to_head_share"]
    head_to_head = tr._(
        "head to head against each other seat: ahead in {ahead} of {decided} decided pairs "
        "({share}; {confidence} interval {low} to {high}; an even share is {fair})",
        ahead=number(ahead, tr),
        decided=number(ahead + behind, tr),
        share=percent(share, tr) if share is not None else "–",
        confidence=percent(0.95, tr),
        low=percent(h_low, tr),
        high=percent(h_high, tr),
        fair=percent(0.5, tr),
    )
    return f"{line}\n{head_to_head}\n{same}"


def summary(result: dict[str, Any], tr: Translator) -> str:
    """A self-play result in one line, its numbers written as ``tr``'s language writes them
    (``1.234,5`` deals a second in German)."""
    speed = result["games_per_second"]
    return tr._(
        "{games} deals under {rules}: A ({a}) won {wa}, B ({b}) won {wb}, "
        "{draws} drawn; game points {ga}:{gb}; {speed} deals per second",
        games=number(result["games"], tr),
        rules=preset_name(result["rules"], tr),
        a=player_name(result["players"]["A"], tr),
        b=player_name(result["players"]["B"], tr),
        wa=number(result["wins"]["A"], tr),
        wb=number(result["wins"]["B"], tr),
        draws=number(result["draws"], tr),
        ga=number(result["game_points"]["A"], tr),
        gb=number(result["game_points"]["B"], tr),
        speed=number(speed, tr) if speed is not None else "–",
    )
