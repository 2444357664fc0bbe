"""Computer players: a player is a function ``(state, rng) -> move`` that only plays legal moves.

The engine never calls a player; drivers such as ``tutor selfplay`` or the app do.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .game import Close, DeclareOut, Marriage, Move, Play, State, legal_moves

Player = Callable[[State, random.Random], Move]


def _declaration_holds(state: State, move: Move) -> bool:
    """A declaration of 66 that the player can count as correct."""
    p = state.leader
    score = state.score(p)
    if isinstance(move, Marriage):
        rules = state.rules
        score += rules.trump_marriage_points if move.suit == state.trump else rules.marriage_points
    return score >= state.rules.target


def random_player(state: State, rng: random.Random) -> Move:
    """Any legal move at random; it declares 66 exactly when it can count 66, never falsely."""
    moves = legal_moves(state)
    declare = [
        m
        for m in moves
        if (isinstance(m, DeclareOut) or (isinstance(m, Marriage) and m.out))
        and _declaration_holds(state, m)
    ]
    if declare:
        return declare[0]
    rest = [
        m
        for m in moves
        if not isinstance(m, DeclareOut) and not (isinstance(m, Marriage) and m.out)
    ]
    return rest[int(rng.random() * len(rest))]


def greedy_player(state: State, rng: random.Random) -> Move:
    """Declares when it counts 66, announces marriages, then plays a trump if it can, else its
    highest card (by card points, then rank)."""
    moves = legal_moves(state)
    for m in moves:
        if (isinstance(m, DeclareOut) or (isinstance(m, Marriage) and m.out)) and (
            _declaration_holds(state, m)
        ):
            return m
    marriages = [m for m in moves if isinstance(m, Marriage) and not m.out]
    if marriages:
        return max(marriages, key=lambda m: (m.suit == state.trump, m.card.rank))
    plays = [m for m in moves if isinstance(m, Play)]
    if not plays:  # pragma: no cover - a player on turn always holds a card
        return next(m for m in moves if not isinstance(m, Close))
    pts = state.rules.points_by_index

    def key(m: Play) -> tuple[bool, int, int]:
        c = m.card
        return (c.suit == state.trump, pts[c.index], -c.rank)

    return max(plays, key=key)


PLAYERS: dict[str, Player] = {
    "random": random_player,
    "greedy": greedy_player,
}

__all__ = ["PLAYERS", "Player", "greedy_player", "random_player"]
