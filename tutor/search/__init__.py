"""Search: the exact solver, the computer players and sampling over hidden cards.

Code outside this package imports from here.
"""

from __future__ import annotations

from tutor.search._core import core_built, search_name
from tutor.search.baseline import plain_minimax
from tutor.search.budget import (
    MAX_NODES,
    MAX_SECONDS,
    MAX_TABLE_ENTRIES,
    Budget,
    SearchLimit,
)
from tutor.search.expert import EXPERT_NODES, choose, expert_evaluation, expert_view, inferred
from tutor.search.expert import WORLDS as EXPERT_WORLDS
from tutor.search.players import (
    PLAYERS,
    REMEMBERING,
    ComputerPlayer,
    Player,
    SeatsError,
    club_player,
    expert_player,
    greedy_player,
    player_at,
    players_at,
    random_player,
)
from tutor.search.sampling import Evaluation, evaluate, evaluate_moves, playout_moves
from tutor.search.seen import Seen, stakes_of
from tutor.search.selfplay import duel, play_deal, selfplay
from tutor.search.solver import (
    Solver,
    max_game_points,
    rank_moves,
    solve,
    terminal_value,
)
from tutor.search.stats import wilson
from tutor.search.table_players import (
    TABLE_EXPERT_SAMPLES,
    table_club,
    table_club_plus,
    table_expert,
    table_move_values,
    table_random_player,
)
from tutor.search.table_solver import TableSolver, table_solvable, table_solve

__all__ = [
    "EXPERT_NODES",
    "EXPERT_WORLDS",
    "MAX_NODES",
    "MAX_SECONDS",
    "MAX_TABLE_ENTRIES",
    "PLAYERS",
    "REMEMBERING",
    "TABLE_EXPERT_SAMPLES",
    "Budget",
    "ComputerPlayer",
    "Evaluation",
    "Player",
    "SearchLimit",
    "SeatsError",
    "Seen",
    "Solver",
    "TableSolver",
    "choose",
    "club_player",
    "core_built",
    "duel",
    "evaluate",
    "evaluate_moves",
    "expert_evaluation",
    "expert_player",
    "expert_view",
    "greedy_player",
    "inferred",
    "max_game_points",
    "plain_minimax",
    "play_deal",
    "player_at",
    "players_at",
    "playout_moves",
    "random_player",
    "rank_moves",
    "search_name",
    "selfplay",
    "solve",
    "stakes_of",
    "table_club",
    "table_club_plus",
    "table_expert",
    "table_move_values",
    "table_random_player",
    "table_solvable",
    "table_solve",
    "terminal_value",
    "wilson",
]
