"""Search: the exact solver, the computer players and sampling over hidden cards.

Code outside this package imports from here.
"""

from __future__ import annotations

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
    Player,
    club_player,
    expert_player,
    greedy_player,
    random_player,
)
from tutor.search.sampling import Evaluation, evaluate, evaluate_moves, playout_moves
from tutor.search.seen import Seen, stakes_of
from tutor.search.selfplay import play_deal, selfplay
from tutor.search.solver import (
    Solver,
    max_game_points,
    rank_moves,
    solve,
    terminal_value,
)
from tutor.search.stats import wilson
from tutor.search.table_duel import table_duel
from tutor.search.table_players import (
    TABLE_EXPERT_SAMPLES,
    TABLE_PLAYERS,
    TablePlayer,
    table_club,
    table_club_plus,
    table_expert,
    table_move_values,
)
from tutor.search.table_selfplay import table_random_player, table_selfplay
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
    "TABLE_PLAYERS",
    "Budget",
    "Evaluation",
    "Player",
    "SearchLimit",
    "Seen",
    "Solver",
    "TablePlayer",
    "TableSolver",
    "choose",
    "club_player",
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
    "playout_moves",
    "random_player",
    "rank_moves",
    "selfplay",
    "solve",
    "stakes_of",
    "table_club",
    "table_club_plus",
    "table_duel",
    "table_expert",
    "table_move_values",
    "table_random_player",
    "table_selfplay",
    "table_solvable",
    "table_solve",
    "terminal_value",
    "wilson",
]
