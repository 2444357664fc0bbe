"""How strong the expert is: whole matches against another player, played by the Play page's own
steps (``tutor.teach.play.game``), with the deals each side won and the time the expert took
for each decision where it had a choice (``tutor bench --strength`` prints it).

Match ``i`` is the one ``tutor match`` plays (``match_table``): the expert at A in the first,
third, ... match and at B in the others, each match with its own seed, so the same seed gives the
same tallies with any number of worker processes (only the times differ).

>>> s = strength_matches("schnapsen", "random", matches=2, seed=1)
>>> s.matches, s.match_wins + s.match_draws + s.match_losses, s.deal_wins <= s.deals
(2, 2, True)
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from tutor.engine import parse_rules
from tutor.teach.play.game import Game, computer_move, deal_outcome, next_deal, start
from tutor.teach.play.matches import match_table

#: The player measured and the presets and opponents it is measured under and against.
HERO = "expert"
STRENGTH_RULES = ("schnapsen", "classic")
STRENGTH_OPPONENTS = ("expert2", "expert1", "club", "greedy", "random")
#: Matches one worker process plays at a time.
CHUNK = 10


@dataclass(frozen=True)
class Strength:
    """What some matches of the expert against one opponent came to."""

    matches: int = 0
    match_wins: int = 0
    match_draws: int = 0
    deals: int = 0
    deal_wins: int = 0
    deal_draws: int = 0
    times: tuple[float, ...] = ()  # seconds for each decision of the expert with a choice

    @property
    def match_losses(self) -> int:
        return self.matches - self.match_wins - self.match_draws

    def __add__(self, more: Strength) -> Strength:
        return Strength(
            self.matches + more.matches,
            self.match_wins + more.match_wins,
            self.match_draws + more.match_draws,
            self.deals + more.deals,
            self.deal_wins + more.deal_wins,
            self.deal_draws + more.deal_draws,
            self.times + more.times,
        )


def _timed_match(game: Game, hero: int) -> tuple[Game, list[float]]:
    """The match played to its end by the computer players, the hero's decisions timed."""
    times: list[float] = []
    while True:
        while game.to_move is not None:
            timed = game.to_move == hero and len(game.state.legal_moves()) > 1
            begun = time.perf_counter()
            game = computer_move(game)
            if timed:
                times.append(time.perf_counter() - begun)
        if game.over:
            return game, times
        game = next_deal(game)


def _range(spec: str, opponent: str, seed: int, lo: int, hi: int) -> Strength:
    rules = parse_rules(spec)
    total = Strength()
    for index in range(lo, hi):
        table = match_table(spec, (HERO, opponent), seed, index)
        hero = table.learner
        game, times = _timed_match(start(table), hero)
        outcomes = [deal_outcome(d, rules) for d in (*game.past, game.deal)]
        winners = [o.winner for o in outcomes if o is not None]
        total += Strength(
            matches=1,
            match_wins=int(game.winner == hero),
            match_draws=int(game.winner is None),
            deals=len(winners),
            deal_wins=sum(w == hero for w in winners),
            deal_draws=sum(w is None for w in winners),
            times=tuple(times),
        )
    return total


def strength_matches(
    spec: str,
    opponent: str,
    matches: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[Strength], None] | None = None,
) -> Strength:
    """``matches`` matches of the expert against ``opponent`` under the rules ``spec``, in
    ``jobs`` worker processes (runs of ``CHUNK`` matches each). ``progress`` is given the tally
    so far each time a run is done (runs end in any order with more than one process)."""
    parse_rules(spec)  # raises before any process starts
    bounds = list(itertools.pairwise([*range(0, matches, CHUNK), matches]))
    total = Strength()
    if jobs <= 1 or len(bounds) <= 1:
        for lo, hi in bounds:
            total += _range(spec, opponent, seed, lo, hi)
            if progress is not None:
                progress(total)
        return total
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_range, spec, opponent, seed, lo, hi) for lo, hi in bounds]
        for future in as_completed(futures):
            total += future.result()
            if progress is not None:
                progress(total)
    return total


__all__ = ["CHUNK", "HERO", "STRENGTH_OPPONENTS", "STRENGTH_RULES", "Strength", "strength_matches"]
