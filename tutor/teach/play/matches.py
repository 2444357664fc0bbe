"""Many whole matches between two computer players, each played by ``play_match`` (the steps
of the Play page: the cut, ``play_out``, ``next_deal``, the claim to 1000), and what they came
to as data (``tutor match`` prints it).

The same seed gives the same result with any number of worker processes: match ``i`` (from 0)
has its own seed, drawn from ``(seed, i)``, and the seats alternate, so that neither player
has the advantage of a seat: player one sits at A in the first, third, ... match (even ``i``)
and at B in the others.

>>> t = play_matches("kurnik", ("club", "random"), matches=4, seed=1)
>>> t.matches, sum(t.wins) + t.draws, sum(t.wins_by_seat) + t.draws
(4, 4, 4)
>>> match_table("kurnik", ("club", "random"), 1, 1).learner  # player one at B
1
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from tutor.engine import Match, MatchMode, other, parse_rules
from tutor.teach.play.game import Game, Table, deal_outcome, play_match

Pair = tuple[int, int]


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a run with ``seed`` (from 0 to 2**63 - 1)."""
    return random.Random(f"{seed}:match:{index}").getrandbits(63)


def match_table(spec: str, players: tuple[str, str], seed: int, index: int) -> Table:
    """The table of match ``index``: player one (``players[0]``) in the learner's seat as its
    stand-in, at A when ``index`` is even and at B when it is odd; player two opposite."""
    return Table(
        rules_spec=spec,
        opponent=players[1],
        seed=match_seed(seed, index),
        learner=index % 2,
        stand_in=players[0],
    )


def _add(a: Pair, b: tuple[int, ...]) -> Pair:
    return (a[0] + b[0], a[1] + b[1])


@dataclass(frozen=True)
class Tally:
    """What some matches came to. Pairs are (player one, player two), except ``wins_by_seat``
    (the player at A, at B). ``card_points`` counts every deal, the last one of a match to 1000
    up to the claim; ``deals`` counts each deal dealt, that one too."""

    matches: int = 0
    wins: Pair = (0, 0)
    draws: int = 0
    wins_by_seat: Pair = (0, 0)
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
            wins_by_seat=_add(self.wins_by_seat, more.wins_by_seat),
            deals=self.deals + more.deals,
            game_points=_add(self.game_points, more.game_points),
            card_points=_add(self.card_points, more.card_points),
            claims=_add(self.claims, more.claims),
            claims_lost=_add(self.claims_lost, more.claims_lost),
        )

    @property
    def deals_per_match(self) -> float:
        return self.deals / self.matches if self.matches else 0.0


def tally(game: Game) -> Tally:
    """One finished match between two computer players (player one in the learner's seat)."""
    one = game.table.learner

    def players(by_seat: Pair) -> Pair:  # (seat A, seat B) -> (player one, player two)
        return (by_seat[one], by_seat[other(one)])

    game_points: Pair = (0, 0)
    card_points: Pair = (0, 0)
    deals = (*game.past, game.deal)
    for deal in deals:
        outcome = deal_outcome(deal, game.rules)
        if outcome is None:  # the deal a claim to 1000 broke off
            card_points = _add(card_points, (deal.now.score(0), deal.now.score(1)))
        else:
            game_points = _add(game_points, outcome.game_points)
            card_points = _add(card_points, outcome.scores)
    winner = game.winner
    wins_by_seat = (0, 0) if winner is None else ((1, 0) if winner == 0 else (0, 1))
    claims: Pair = (0, 0)
    lost: Pair = (0, 0)
    if game.claim is not None:
        made = (1, 0) if game.claim.seat == 0 else (0, 1)
        claims = players(made)
        lost = (0, 0) if game.claim.right else claims
    return Tally(
        matches=1,
        wins=players(wins_by_seat),
        draws=int(winner is None),
        wins_by_seat=wins_by_seat,
        deals=len(deals),
        game_points=players(game_points),
        card_points=players(card_points),
        claims=claims,
        claims_lost=lost,
    )


def _play_range(spec: str, players: tuple[str, str], seed: int, lo: int, hi: int) -> Tally:
    total = Tally()
    for index in range(lo, hi):
        total += tally(play_match(match_table(spec, players, seed, index)))
    return total


def play_matches(
    spec: str, players: tuple[str, str], matches: int, seed: int, jobs: int = 1
) -> Tally:
    """Play ``matches`` whole matches under the rules ``spec``; with ``jobs`` > 1 in as many
    worker processes, each taking a run of consecutive matches (the same result)."""
    parse_rules(spec)  # raises before any process starts
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
    ``players``. No timing, so that the same seed gives the same object."""
    rules = parse_rules(spec)
    mode = rules.match_mode
    target = None if mode is MatchMode.FIVE_DEALS else Match.start(rules, 0).target
    return {
        "rules": rules.name,
        "mode": mode.value,
        "target": target,
        "players": list(players),
        "seats": "alternate",
        "seed": seed,
        "matches": t.matches,
        "wins": list(t.wins),
        "draws": t.draws,
        "wins_by_seat": {"A": t.wins_by_seat[0], "B": t.wins_by_seat[1]},
        "deals": t.deals,
        "deals_per_match": round(t.deals_per_match, 2),
        "game_points": list(t.game_points),
        "card_points": list(t.card_points),
        "claims": list(t.claims),
        "claims_lost": list(t.claims_lost),
    }


__all__ = ["Tally", "match_seed", "match_table", "play_matches", "report", "tally"]
