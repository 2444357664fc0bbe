"""Many whole matches between two computer players, each played by ``play_match`` (the steps
of the Play page: the cut, ``play_out``, ``next_deal``, the claim to 1000), and what they came
to as data (``tutor match`` prints it), at a table of two, three or four.

Player one takes one side (a seat, or with four the team of partners A and C, or B and D),
player two every other seat. The same seed gives the same result with any number of worker
processes: match ``i`` (from 0) has its own seed, drawn from ``(seed, i)``, and player one's
side moves from match to match, so that every side is taken equally often and no player has
the advantage of a seat: in match ``i`` player one takes side ``i % sides`` (with two seats A
in the first, third, ... match and B in the others; with three A, B, C, A, ...; with four A+C,
B+D, ...).

>>> t = play_matches("kurnik", ("club", "random"), matches=4, seed=1)
>>> t.matches, sum(t.wins) + t.draws, sum(t.wins_by_side) + t.draws
(4, 4, 4)
>>> match_table("kurnik", ("club", "random"), 1, 1).learner  # player one at B
1
>>> match_table("four", ("club", "random"), 1, 1).one  # player one at B and D
(1, 3)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from tutor.engine import Match, MatchMode, RuleSet, parse_rules
from tutor.search import player_at
from tutor.teach.play.game import Game, Table, deal_outcome, play_match

Pair = tuple[int, int]


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a run with ``seed`` (from 0 to 2**63 - 1)."""
    return random.Random(f"{seed}:match:{index}").getrandbits(63)


@dataclass(frozen=True)
class MatchTable(Table):
    """A table of two computer players: player one (the ``stand_in``) at the seats ``one``,
    player two (the ``opponent``) at every other seat. ``learner`` is player one's seat with
    two seats (as ``tutor bench --strength`` reads it) and A at a larger table, where only
    ``one`` says where player one sits."""

    one: tuple[int, ...] = (0,)

    def player(self, seat: int) -> str | None:
        return self.stand_in if seat in self.one else self.opponent


def match_table(spec: str, players: tuple[str, str], seed: int, index: int) -> MatchTable:
    """The table of match ``index``: player one (``players[0]``) at the seats of side
    ``index % sides`` (with two seats at A when ``index`` is even, at B when it is odd),
    player two at the others."""
    rules = parse_rules(spec)
    side = index % rules.sides
    return MatchTable(
        rules_spec=spec,
        opponent=players[1],
        seed=match_seed(seed, index),
        learner=side if rules.seats == 2 else 0,
        stand_in=players[0],
        one=tuple(range(side, rules.seats, rules.sides)),
    )


def _add(a: Pair, b: Pair) -> Pair:
    return (a[0] + b[0], a[1] + b[1])


def _add_sides(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    if not a or not b:  # the empty tally
        return a or b
    return tuple(x + y for x, y in zip(a, b, strict=True))


@dataclass(frozen=True)
class Tally:
    """What some matches came to. Pairs are (player one, player two); player two's figures
    add up every seat it plays (with three seats two seats, so that a match won by either
    counts as a win of player two). ``wins_by_side`` counts the matches each side won, in
    side order (A, B; A, B, C; A+C, B+D), whoever sat there. ``card_points`` counts every
    deal, the last one of a match to 1000 up to the claim; ``deals`` counts each deal dealt,
    that one too."""

    matches: int = 0
    wins: Pair = (0, 0)
    draws: int = 0
    wins_by_side: tuple[int, ...] = ()
    deals: int = 0
    game_points: Pair = (0, 0)
    card_points: Pair = (0, 0)
    claims: Pair = (0, 0)
    claims_lost: Pair = (0, 0)  # claims to 1000 with a miscount, which lose the match

    def __add__(self, more: Tally) -> Tally:
        return Tally(
            matches=self.matches + more.matches,
            wins=_add(self.wins, more.wins),
            draws=self.draws + more.draws,
            wins_by_side=_add_sides(self.wins_by_side, more.wins_by_side),
            deals=self.deals + more.deals,
            game_points=_add(self.game_points, more.game_points),
            card_points=_add(self.card_points, more.card_points),
            claims=_add(self.claims, more.claims),
            claims_lost=_add(self.claims_lost, more.claims_lost),
        )

    @property
    def deals_per_match(self) -> float:
        return self.deals / self.matches if self.matches else 0.0


def _one_side(game: Game) -> int:
    """Player one's side: the side of its seats, or of the learner's seat (the stand-in's)."""
    table = game.table
    seat = table.one[0] if isinstance(table, MatchTable) else table.learner
    return seat % game.rules.sides


def tally(game: Game) -> Tally:
    """One finished match between two computer players (player one at ``MatchTable.one``, or
    at a plain table in the learner's seat)."""
    sides = game.rules.sides
    one = _one_side(game)

    def players(by_side: Sequence[int]) -> Pair:  # each side's -> (player one, player two)
        return (by_side[one], sum(by_side) - by_side[one])

    def each(side: int | None) -> tuple[int, ...]:  # 1 for ``side``, 0 for the others
        return tuple(int(x == side) for x in range(sides))

    game_points: Pair = (0, 0)
    card_points: Pair = (0, 0)
    deals = (*game.past, game.deal)
    for deal in deals:
        outcome = deal_outcome(deal, game.rules)
        if outcome is None:  # the deal a claim to 1000 broke off
            scores = tuple(deal.now.score(x) for x in range(sides))
            card_points = _add(card_points, players(scores))
        else:
            game_points = _add(game_points, players(outcome.game_points))
            card_points = _add(card_points, players(outcome.scores))
    winner = game.winner
    claims: Pair = (0, 0)
    lost: Pair = (0, 0)
    if game.claim is not None:
        claims = players(each(game.claim.seat))
        lost = (0, 0) if game.claim.right else claims
    return Tally(
        matches=1,
        wins=players(each(winner)),
        draws=int(winner is None),
        wins_by_side=each(winner),
        deals=len(deals),
        game_points=game_points,
        card_points=card_points,
        claims=claims,
        claims_lost=lost,
    )


def _play_range(spec: str, players: tuple[str, str], seed: int, lo: int, hi: int) -> Tally:
    total = Tally()
    for index in range(lo, hi):
        total += tally(play_match(match_table(spec, players, seed, index)))
    return total


def checked(spec: str, players: Sequence[str]) -> RuleSet:
    """The rules of ``spec``, once both players are known to play them: ``KeyError`` for a
    name the registry does not hold, ``SeatsError`` for a player that does not play this many
    seats (and the errors of ``parse_rules``)."""
    rules = parse_rules(spec)
    for name in players:
        player_at(name, rules.seats)
    return rules


def play_matches(
    spec: str, players: tuple[str, str], matches: int, seed: int, jobs: int = 1
) -> Tally:
    """Play ``matches`` whole matches under the rules ``spec``; with ``jobs`` > 1 in as many
    worker processes, each taking a run of consecutive matches (the same result). The rules
    and the players are checked before any process starts (``checked``)."""
    checked(spec, players)
    jobs = max(1, min(jobs, matches))
    if jobs == 1:
        return _play_range(spec, players, seed, 0, matches)
    bounds = [matches * k // jobs for k in range(jobs + 1)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        parts = pool.map(
            _play_range, [spec] * jobs, [players] * jobs, [seed] * jobs, bounds[:-1], bounds[1:]
        )
        return sum(parts, Tally())


def report(spec: str, players: Sequence[str], seed: int, t: Tally) -> dict[str, Any]:
    """The result as one JSON object with stable English keys; pairs are lists in the order of
    ``players``. With two seats ``seats`` is ``"alternate"`` and ``wins_by_seat`` maps A and B
    to their wins; at a larger table ``seats`` is ``"rotate"`` and ``wins_by_side`` lists each
    side's wins in side order. No timing, so that the same seed gives the same object."""
    rules = parse_rules(spec)
    mode = rules.match_mode
    target = None if mode is MatchMode.FIVE_DEALS else Match.start(rules, 0).target
    by_side = t.wins_by_side or (0,) * rules.sides
    two = rules.seats == 2
    return {
        "rules": rules.name,
        "mode": mode.value,
        "target": target,
        "players": list(players),
        "seats": "alternate" if two else "rotate",
        "seed": seed,
        "matches": t.matches,
        "wins": list(t.wins),
        "draws": t.draws,
        **(
            {"wins_by_seat": {"A": by_side[0], "B": by_side[1]}}
            if two
            else {"wins_by_side": list(by_side)}
        ),
        "deals": t.deals,
        "deals_per_match": round(t.deals_per_match, 2),
        "game_points": list(t.game_points),
        "card_points": list(t.card_points),
        "claims": list(t.claims),
        "claims_lost": list(t.claims_lost),
    }


__all__ = [
    "MatchTable",
    "Tally",
    "checked",
    "match_seed",
    "match_table",
    "play_matches",
    "report",
    "tally",
]
