"""One computer player against another at a table of three or four: the first player takes
one side (a seat, or a team of partners), moving from deal to deal, the second every other
seat. ``tutor selfplay --rules four --players expert,club`` prints it.

With three seats each for himself one player sits against two, and an even share of deals won
is a third: the duel also counts, deal by deal, the first player's seat against each other
seat head to head (who won more game points in the deal; equal game points, as in a drawn deal
or one the third seat won, decide nothing). An even share of the decided pairs is a half. The
two pairs of one deal are not independent (a deal the first seat wins counts twice), so their
interval is a little narrower than it should be.

Each deal is also played again with the second player at every seat, so that the first player
is compared with the second in its own seat, with the same cards: the duel counts the deals
where the first player's side did better (its game points less the best other side's) and
worse; deals where both did the same decide nothing."""

from __future__ import annotations

import time
from typing import Any

from tutor.engine import parse_rules
from tutor.search.selfplay import in_parts
from tutor.search.stats import wilson
from tutor.search.table_players import TABLE_PLAYERS, _duel_range


def table_duel(
    spec: str, first: str, second: str, games: int, seed: int, jobs: int = 1
) -> dict[str, Any]:
    rules = parse_rules(spec)
    if rules.seats < 3:
        raise ValueError("table_duel plays the games for three and four players")
    for name in (first, second):
        if name not in TABLE_PLAYERS:
            raise ValueError(f"unknown player {name!r}; valid: {', '.join(TABLE_PLAYERS)}")
    start = time.perf_counter()
    totals = in_parts(_duel_range, (spec, first, second, seed), games, jobs, 2)
    elapsed = time.perf_counter() - start
    low, high = wilson(totals[0], games)
    ahead, behind = totals[5], totals[6]
    decided = ahead + behind
    h_low, h_high = wilson(ahead, decided)
    better, worse = totals[7], totals[8]
    differ = better + worse
    s_low, s_high = wilson(better, differ)
    return {
        "rules": rules.name,
        "players": {"first": first, "second": second},
        "games": games,
        "seed": seed,
        "first_wins": totals[0],
        "draws": totals[1],
        "other_wins": totals[2],
        "first_share": round(totals[0] / games, 4),
        "first_share_wilson95": [round(low, 4), round(high, 4)],
        "fair_share": round(1 / rules.sides, 4),
        "first_game_points": totals[3],
        "other_game_points": totals[4],
        "head_to_head_ahead": ahead,
        "head_to_head_behind": behind,
        "head_to_head_share": round(ahead / decided, 4) if decided else None,
        "head_to_head_wilson95": [round(h_low, 4), round(h_high, 4)],
        "same_cards_better": better,
        "same_cards_worse": worse,
        "same_cards_share": round(better / differ, 4) if differ else None,
        "same_cards_wilson95": [round(s_low, 4), round(s_high, 4)],
        "games_per_second": round(games / elapsed, 2) if elapsed > 0 else None,
    }


__all__ = ["table_duel"]
