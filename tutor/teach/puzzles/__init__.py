"""Puzzles: scripted positions with a goal, checked exactly by the solver.

A puzzle is a position of a deal, the player the learner plays (the one to move), a goal
("win the deal", "win 2 game points", "reach 66 first", "avoid Schneider", "decide whether to
close"), a theme and a level, optional hand-written hints and the explanation shown once it is
solved. ``docs/puzzles.md`` describes the YAML format.

- ``model``: ``Goal``, ``Puzzle``, the themes and levels;
- ``deals``: every deal consistent with what the learner can see;
- ``judge``: the exact analysis of a position and the verdict on each learner move
  (``start``/``play`` or ``check``), with the computer's defence;
- ``reader``: puzzle files as written, with their problems (each a ``PuzzleError``, a
  ``tutor.formats.errors.SourceError``), read by the one safe loader ``tutor.formats.yamlsafe``;
  ``validate``: the solver's checks and the ``Collection`` the app offers (a
  ``tutor.teach.catalog.Catalog``); ``marks``: the solved marks as a small JSON file;
- ``table_judge``, ``table_generated``, ``table_mine``: puzzles at a table of three or four
  (``TablePuzzle``), judged by the table solver over every deal the seat cannot tell apart,
  their lines in the generated file, and their mining from self-play;
- ``trainer``: what the trainer decides without a screen (the filter, the next puzzle, a card
  clicked judged or refused with the rules' verdict, the cards to click, the marks kept).

Everything here is data, without a ``Translator``: ``tutor.words.puzzle_text`` says it in words,
and ``tutor_app/pages/puzzles.py`` only shows it.
"""

from __future__ import annotations

from tutor.engine import (
    MAX_DEALS,
    TooManyDealsError,
    consistent_deals,
    deal_count,
    same_deal,
)
from tutor.teach.puzzles.judge import (
    Analysis,
    Attempt,
    Judgement,
    Mark,
    MoveScore,
    PuzzleAnalysis,
    Refutation,
    analyse,
    analyse_every_deal,
    best_line,
    check,
    deal_values,
    defence_reply,
    line_after,
    play,
    refute,
    solution_line,
    start,
)
from tutor.teach.puzzles.marks import (
    M_NOT_JSON,
    M_NOT_MARKS,
    M_NOT_TEXT,
    M_TOO_LARGE,
    MARKS_VERSION,
    MAX_MARKS_BYTES,
    MarksError,
    dump_marks,
    load_marks,
)
from tutor.teach.puzzles.model import (
    LEVELS,
    THEME_RULES,
    THEMES,
    Goal,
    GoalError,
    GoalKind,
    Puzzle,
    theme_rule,
)
from tutor.teach.puzzles.reader import (
    MAX_BYTES,
    PuzzleError,
    is_puzzle_file,
    load_puzzles,
    puzzle_files,
    puzzle_yaml,
    read_files,
    read_puzzles,
    split_paths,
)
from tutor.teach.puzzles.replay import Replay, Step
from tutor.teach.puzzles.trainer import (
    ALL_LEVELS,
    ALL_THEMES,
    HINT_LEVELS,
    Refused,
    TooLarge,
    Tried,
    answer_shown,
    answer_steps,
    choices,
    filtered,
    learner_to_move,
    learner_view,
    level_choices,
    merge_marks,
    next_puzzle,
    other_moves,
    record_solved,
    refutation_of,
    solved_count,
    theme_choices,
    try_move,
)
from tutor.teach.puzzles.validate import Collection, precheck, validate, validate_paths

__all__ = [
    "ALL_LEVELS",
    "ALL_THEMES",
    "HINT_LEVELS",
    "LEVELS",
    "MARKS_VERSION",
    "MAX_BYTES",
    "MAX_DEALS",
    "MAX_MARKS_BYTES",
    "M_NOT_JSON",
    "M_NOT_MARKS",
    "M_NOT_TEXT",
    "M_TOO_LARGE",
    "THEMES",
    "THEME_RULES",
    "Analysis",
    "Attempt",
    "Collection",
    "Goal",
    "GoalError",
    "GoalKind",
    "Judgement",
    "Mark",
    "MarksError",
    "MoveScore",
    "Puzzle",
    "PuzzleAnalysis",
    "PuzzleError",
    "Refused",
    "Refutation",
    "Replay",
    "Step",
    "TooLarge",
    "TooManyDealsError",
    "Tried",
    "analyse",
    "analyse_every_deal",
    "answer_shown",
    "answer_steps",
    "best_line",
    "check",
    "choices",
    "consistent_deals",
    "deal_count",
    "deal_values",
    "defence_reply",
    "dump_marks",
    "filtered",
    "is_puzzle_file",
    "learner_to_move",
    "learner_view",
    "level_choices",
    "line_after",
    "load_marks",
    "load_puzzles",
    "merge_marks",
    "next_puzzle",
    "other_moves",
    "play",
    "precheck",
    "puzzle_files",
    "puzzle_yaml",
    "read_files",
    "read_puzzles",
    "record_solved",
    "refutation_of",
    "refute",
    "same_deal",
    "solution_line",
    "solved_count",
    "split_paths",
    "start",
    "theme_choices",
    "theme_rule",
    "try_move",
    "validate",
    "validate_paths",
]
