"""Self-play and duels: computer players play many deals at any table, over the game interface
(``tutor.engine.game``); a summary of the results as data (``tutor selfplay`` prints it).

One loop plays a deal (``play_deal``); three summaries count what it gives:

- with two seats, two players whose seats alternate (the first sits at A in even deals, at B in
  odd ones): the deals and game points each player won (``selfplay``);
- at a table of three or four, random players at every seat: the deals and game points of each
  side, a seat or a team of partners (``selfplay``);
- one player against another (``duel``): the first takes one side, moving from deal to deal, the
  second every other seat. With three seats each for himself one player sits against two, and
  an even share of deals won is a third: the duel also counts, deal by deal, the first player's
  side against each other side head to head (who won more game points in the deal; equal game
  points, as in a drawn deal or one the third seat won, decide nothing). An even share of the
  decided pairs is a half. The two pairs of one deal are not independent (a deal the first seat
  wins counts twice), so their interval is a little narrower than it should be. Each deal is
  also played again with the second player at every seat, so that the first player is compared
  with the second in its own seat, with the same cards: the duel counts the deals where the first
  player's side did better (its game points less the best other side's) and worse; deals where
  both did the same decide nothing.

The same seed gives the same result (apart from the speed): deal ``i`` is shuffled and played
with its own random generator seeded from ``(seed, i)``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tutor.engine import (
    Deal,
    EndKind,
    Game,
    Move,
    State,
    TableState,
    apply_unchecked,
    game_for,
    parse_rules,
    table_apply_unchecked,
)
from tutor.search.players import PLAYERS, ComputerPlayer, player_at
from tutor.search.seen import Seen
from tutor.search.stats import wilson

#: Each engine's move without the legality check: the players play only legal moves, and this
#: loop is what ``games_per_second`` times.
_UNCHECKED: Mapping[type, Callable[[Any, Move], Any]] = {
    State: apply_unchecked,
    TableState: table_apply_unchecked,
}


def play_deal(deal: Deal, players: Sequence[ComputerPlayer], rng: random.Random) -> Deal:
    """``deal`` played to its end, ``players[s]`` at seat ``s``, every choice drawn from
    ``rng``; a player that remembers at this table is told what it has seen."""
    seats = deal.seats
    plays = [p.at(seats) for p in players]
    if any(seats in p.remembers for p in players):
        return _play_remembering(deal, plays, [seats in p.remembers for p in players], rng)
    apply = _UNCHECKED[type(deal)]
    while deal.result is None:
        p = deal.to_move
        assert p is not None
        deal = apply(deal, plays[p](deal, rng))
    return deal


def _play_remembering(
    start: Deal, plays: Sequence[Callable[..., Move]], remember: Sequence[bool], rng: random.Random
) -> Deal:
    """The deal played to its end, the seats that ``remember`` told what they have seen."""
    assert isinstance(start, State)  # ``Seen`` keeps a two-seat deal
    state = start
    moves: list[Move] = []
    while state.result is None:
        p = state.to_move
        assert p is not None
        move = (
            plays[p](state, rng, Seen(start, tuple(moves))) if remember[p] else plays[p](state, rng)
        )
        moves.append(move)
        state = apply_unchecked(state, move)
    return state


def _deal(game: Game, seed: int, index: int) -> tuple[Deal, random.Random]:
    """Deal ``index`` of a run and the random generator that plays it. Two seats draw their
    dealer; at a table the deal passes to the left from deal to deal (as each always has, so
    that a seed plays the deals it always played)."""
    rng = random.Random(f"{seed}:{index}")
    dealer = rng.randrange(2) if game.seats == 2 else index % game.seats
    return game.new_deal(rng, dealer=dealer), rng


def _seating(game: Game, first: str, second: str, index: int) -> list[ComputerPlayer]:
    """The players at each seat of deal ``index``: ``first`` at the seats of side
    ``index % sides`` (with two seats: A in even deals, B in odd ones), ``second`` elsewhere."""
    mine = index % game.sides
    return [PLAYERS[first if s % game.sides == mine else second] for s in range(game.seats)]


def _pairs_range(spec: str, players: tuple[str, str], seed: int, lo: int, hi: int) -> list[int]:
    """Two seats, deals ``lo`` to ``hi``: wins of player one, of player two (by game points),
    draws, game points of player one, of player two."""
    game = game_for(parse_rules(spec))
    totals = [0, 0, 0, 0, 0]
    for i in range(lo, hi):
        deal, rng = _deal(game, seed, i)
        result = play_deal(deal, _seating(game, *players, i), rng).result
        assert result is not None
        mine = i % game.sides
        a, b = result.game_points[mine], result.game_points[1 - mine]
        totals[0] += a > b
        totals[1] += b > a
        totals[2] += result.winner is None
        totals[3] += a
        totals[4] += b
    return totals


def _sides_range(spec: str, players: tuple[str, str], seed: int, lo: int, hi: int) -> list[int]:
    """A table, deals ``lo`` to ``hi``: wins per side, draws, then game points per side."""
    game = game_for(parse_rules(spec))
    sides = game.sides
    totals = [0] * (2 * sides + 1)
    for i in range(lo, hi):
        deal, rng = _deal(game, seed, i)
        result = play_deal(deal, _seating(game, *players, i), rng).result
        assert result is not None
        if result.kind is EndKind.DRAW:
            totals[sides] += 1
        elif result.winner is not None:
            totals[result.winner] += 1
        for x, gp in enumerate(result.game_points):
            totals[sides + 1 + x] += gp
    return totals


def _duel_range(spec: str, first: str, second: str, seed: int, lo: int, hi: int) -> list[int]:
    """Deals ``lo`` to ``hi`` of a duel (see the module's text): the first side's wins, draws,
    the deals won by another side, the first side's game points, the others' (the best of them
    each deal); head to head, the times the first side scored more game points than another
    side, and fewer; with the same cards, the times the first player's side did better than
    ``second`` in its place, and worse."""
    game = game_for(parse_rules(spec))
    totals = [0] * 9
    for i in range(lo, hi):
        mine = i % game.sides
        deal, rng = _deal(game, seed, i)
        result = play_deal(deal, _seating(game, first, second, i), rng).result
        assert result is not None
        gp = result.game_points
        if result.kind is EndKind.DRAW:
            totals[1] += 1
        elif result.winner == mine:
            totals[0] += 1
        else:
            totals[2] += 1
        best_other = max(g for x, g in enumerate(gp) if x != mine)
        totals[3] += gp[mine]
        totals[4] += best_other
        for x, g in enumerate(gp):
            if x != mine:
                totals[5] += gp[mine] > g
                totals[6] += gp[mine] < g
        deal, rng = _deal(game, seed, i)
        again = play_deal(deal, _seating(game, second, second, i), rng).result
        assert again is not None
        their = again.game_points[mine] - max(
            g for x, g in enumerate(again.game_points) if x != mine
        )
        totals[7] += gp[mine] - best_other > their
        totals[8] += gp[mine] - best_other < their
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


def _checked(spec: str, players: Sequence[str]) -> Game:
    """The game of ``spec``, once every player is known to play it: ``ValueError`` for an
    unknown name, ``SeatsError`` for a player that does not play this many seats."""
    game = game_for(parse_rules(spec))
    for name in players:
        if name not in PLAYERS:
            raise ValueError(f"unknown player {name!r}; valid: {', '.join(PLAYERS)}")
        player_at(name, game.seats)
    return game


def _per_second(games: int, start: float, digits: int) -> float | None:
    elapsed = time.perf_counter() - start
    return round(games / elapsed, digits) if elapsed > 0 else None


def selfplay(
    spec: str, games: int, seed: int, players: tuple[str, str] = ("random", "random"), jobs: int = 1
) -> dict[str, Any]:
    """``games`` deals under the rules ``spec`` with the two ``players``: with two seats the
    players' results, at a table the sides' when both are ``random``, otherwise the ``duel``
    (see the module's text)."""
    game = _checked(spec, players)
    if game.seats > 2 and players != ("random", "random"):
        return duel(spec, players[0], players[1], games, seed, jobs)
    start = time.perf_counter()
    if game.seats > 2:
        totals = in_parts(_sides_range, (spec, players, seed), games, jobs, 100)
        sides = game.sides
        return {
            "rules": game.rules.name,
            "seats": game.seats,
            "sides": sides,
            "games": games,
            "seed": seed,
            "wins": totals[:sides],
            "draws": totals[sides],
            "game_points": totals[sides + 1 :],
            "games_per_second": _per_second(games, start, 1),
        }
    totals = in_parts(_pairs_range, (spec, players, seed), games, jobs, 200)
    return {
        "rules": game.rules.name,
        "players": {"A": players[0], "B": players[1]},
        "games": games,
        "seed": seed,
        "wins": {"A": totals[0], "B": totals[1]},
        "draws": totals[2],
        "game_points": {"A": totals[3], "B": totals[4]},
        "games_per_second": _per_second(games, start, 1),
    }


def duel(
    spec: str, first: str, second: str, games: int, seed: int, jobs: int = 1
) -> dict[str, Any]:
    """``first`` against ``second`` over ``games`` deals under the rules ``spec``, at any
    table (see the module's text)."""
    game = _checked(spec, (first, second))
    start = time.perf_counter()
    totals = in_parts(_duel_range, (spec, first, second, seed), games, jobs, 2)
    low, high = wilson(totals[0], games)
    ahead, behind = totals[5], totals[6]
    decided = ahead + behind
    h_low, h_high = wilson(ahead, decided)
    better, worse = totals[7], totals[8]
    differ = better + worse
    s_low, s_high = wilson(better, differ)
    return {
        "rules": game.rules.name,
        "players": {"first": first, "second": second},
        "games": games,
        "seed": seed,
        "first_wins": totals[0],
        "draws": totals[1],
        "other_wins": totals[2],
        "first_share": round(totals[0] / games, 4),
        "first_share_wilson95": [round(low, 4), round(high, 4)],
        "fair_share": round(1 / game.sides, 4),
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
        "games_per_second": _per_second(games, start, 2),
    }


__all__ = ["duel", "in_parts", "play_deal", "selfplay"]
