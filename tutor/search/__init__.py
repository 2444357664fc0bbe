"""Search: the exact solver, the computer players and sampling over hidden cards.

Code outside this package imports from here.
"""

from __future__ import annotations

from tutor.search.baseline import plain_minimax
from tutor.search.players import (
    PLAYERS,
    club_player,
    expert_player,
    greedy_player,
    random_player,
)
from tutor.search.sampling import evaluate_moves
from tutor.search.selfplay import play_deal, selfplay
from tutor.search.solver import (
    Solver,
    max_game_points,
    rank_moves,
    solve,
    terminal_value,
)

__all__ = [
    "PLAYERS",
    "Solver",
    "club_player",
    "evaluate_moves",
    "expert_player",
    "greedy_player",
    "max_game_points",
    "plain_minimax",
    "play_deal",
    "random_player",
    "rank_moves",
    "selfplay",
    "solve",
    "terminal_value",
]
