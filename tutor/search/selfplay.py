"""Self-play: computer players play many deals; a summary of the results as data
(``tutor selfplay`` prints it).

The same seed gives the same result (apart from the speed): deal ``i`` is shuffled and
played with its own random generator seeded from ``(seed, i)``, and the seats alternate
(player one sits at A in even deals, at B in odd ones).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tutor.engine import Move, RuleSet, State, Wait, apply_unchecked, parse_rules, random_deal
from tutor.search.players import PLAYERS, REMEMBERING, Player
from tutor.search.seen import Seen

_REPLY = Wait.REPLY


def play_deal(
    rules: RuleSet, players: Sequence[str], seed: int, index: int
) -> tuple[int, int, int]:
    """Play deal ``index``; returns (game points of player one, of player two, 1 if a draw)."""
    rng = random.Random(f"{seed}:{index}")
    swap = index % 2 == 1
    names = (players[1], players[0]) if swap else (players[0], players[1])
    seat = (PLAYERS[names[0]], PLAYERS[names[1]])
    state = random_deal(rules, rng, dealer=rng.randrange(2))
    if names[0] in REMEMBERING or names[1] in REMEMBERING:
        return _scored(_play_remembering(state, seat, names, rng), swap)
    while state.result is None:
        # the player to move (``State.to_move``, written out: this loop is what is timed)
        p = 1 - state.leader if state.lead >= 0 or state.waiting is _REPLY else state.leader
        state = apply_unchecked(state, seat[p](state, rng))
    return _scored(state, swap)


def _play_remembering(
    start: State, seat: tuple[Player, Player], names: tuple[str, str], rng: random.Random
) -> State:
    """The deal played to its end, the players of ``REMEMBERING`` told what they have seen."""
    state = start
    moves: list[Move] = []
    while state.result is None:
        p = state.to_move
        assert p is not None
        seen = Seen(start, tuple(moves)) if names[p] in REMEMBERING else None
        move = seat[p](state, rng, seen)
        moves.append(move)
        state = apply_unchecked(state, move)
    return state


def _scored(state: State, swap: bool) -> tuple[int, int, int]:
    assert state.result is not None
    gp = state.result.game_points
    first, second = (gp[1], gp[0]) if swap else (gp[0], gp[1])
    return first, second, 1 if state.result.winner is None else 0


def _play_range(spec: str, players: tuple[str, str], seed: int, lo: int, hi: int) -> list[int]:
    rules = parse_rules(spec)
    totals = [0, 0, 0, 0, 0]  # wins one, wins two, draws, game points one, two
    for i in range(lo, hi):
        a, b, draw = play_deal(rules, players, seed, i)
        totals[0] += a > b
        totals[1] += b > a
        totals[2] += draw
        totals[3] += a
        totals[4] += b
    return totals


def in_parts(
    play_range: Callable[..., list[int]],
    args: tuple[Any, ...],
    games: int,
    jobs: int,
    at_least: int,
) -> list[int]:
    """``play_range(*args, lo, hi)`` over the deals 0 to ``games``: in one piece, or split
    between ``jobs`` worker processes when each gets at least ``at_least`` deals; the tallies
    added column by column (the same for any number of jobs)."""
    if jobs <= 1 or games < at_least * jobs:
        return play_range(*args, 0, games)
    bounds = [games * k // jobs for k in range(jobs + 1)]
    columns = [[a] * jobs for a in args]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        parts = list(pool.map(play_range, *columns, bounds[:-1], bounds[1:]))
    return [sum(col) for col in zip(*parts, strict=True)]


def selfplay(
    spec: str, games: int, seed: int, players: tuple[str, str] = ("random", "random"), jobs: int = 1
) -> dict[str, Any]:
    rules = parse_rules(spec)
    for p in players:
        if p not in PLAYERS:
            raise ValueError(f"unknown player {p!r}; valid: {', '.join(PLAYERS)}")
    start = time.perf_counter()
    totals = in_parts(_play_range, (spec, players, seed), games, jobs, 200)
    elapsed = time.perf_counter() - start
    return {
        "rules": rules.name,
        "players": {"A": players[0], "B": players[1]},
        "games": games,
        "seed": seed,
        "wins": {"A": totals[0], "B": totals[1]},
        "draws": totals[2],
        "game_points": {"A": totals[3], "B": totals[4]},
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
    }
