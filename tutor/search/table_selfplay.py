"""Self-play for three and four players (``tutor.engine.table``): random players at every seat,
the dealer moving to the left from deal to deal."""

from __future__ import annotations

import random
import time
from typing import Any

from tutor.engine import (
    DECLARE_OUT,
    EndKind,
    Move,
    TableState,
    deal_table,
    is_declaration,
    parse_rules,
    table_apply_unchecked,
    table_legal_moves,
)
from tutor.search.selfplay import in_parts


def table_random_player(state: TableState, rng: random.Random) -> Move:
    """Any legal move at random, but 66 (101) is declared exactly when the side has it."""
    moves = table_legal_moves(state)
    if state.trick:  # a reply: cards only
        return moves[int(rng.random() * len(moves))]
    p = state.to_move
    assert p is not None
    rest = [m for m in moves if not is_declaration(m)]
    if state.score(state.side(p)) >= state.rules.target:
        out = [m for m in moves if is_declaration(m)]
        if out:
            return DECLARE_OUT if DECLARE_OUT in out else out[0]
    return rest[int(rng.random() * len(rest))]


def _play_range(spec: str, seed: int, lo: int, hi: int) -> list[int]:
    """Deals ``lo`` to ``hi``: wins per side, draws, then game points per side."""
    rules = parse_rules(spec)
    sides = rules.sides
    totals = [0] * (2 * sides + 1)
    for i in range(lo, hi):
        rng = random.Random(f"{seed}:{i}")
        state = deal_table(rules, rng, dealer=i % rules.seats)
        while state.result is None:
            state = table_apply_unchecked(state, table_random_player(state, rng))
        winner = state.result.winner
        if state.result.kind is EndKind.DRAW:
            totals[sides] += 1
        elif winner is not None:
            totals[winner] += 1
        for x, gp in enumerate(state.result.game_points):
            totals[sides + 1 + x] += gp
    return totals


def table_selfplay(spec: str, games: int, seed: int, jobs: int = 1) -> dict[str, Any]:
    """``games`` deals of random play under a rule set for three or four players."""
    rules = parse_rules(spec)
    if rules.seats < 3:
        raise ValueError("table_selfplay plays the games for three and four players")
    start = time.perf_counter()
    totals = in_parts(_play_range, (spec, seed), games, jobs, 100)
    elapsed = time.perf_counter() - start
    sides = rules.sides
    return {
        "rules": rules.name,
        "seats": rules.seats,
        "sides": sides,
        "games": games,
        "seed": seed,
        "wins": totals[:sides],
        "draws": totals[sides],
        "game_points": totals[sides + 1 :],
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
    }


__all__ = ["table_random_player", "table_selfplay"]
