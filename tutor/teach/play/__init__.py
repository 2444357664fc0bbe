"""Playing against the computer, with a coach: the match as one immutable value
(``tutor.teach.play.game``), the coach's grades and questions (``tutor.teach.play.coach``).
No sentence is made here: ``tutor.words.play_text`` says it."""

from __future__ import annotations

from tutor.teach.play.coach import (
    ASK_EVERY,
    COACH_SAMPLES,
    MOMENTS,
    analysis_for,
    ask_to_count,
    costliest,
    counted_right,
    excluded,
    learner_view,
    remark_on,
)
from tutor.teach.play.export import EXPORT_LEVEL, deal_lesson, lesson_id
from tutor.teach.play.game import (
    GRADE_LIMITS,
    OPPONENTS,
    Deal,
    Game,
    Grade,
    NotYourTurn,
    Remark,
    Table,
    add_remark,
    computer_move,
    deal_outcome,
    grade_of,
    learner_move,
    next_deal,
    play_out,
    resign,
    start,
    undo,
    verdict,
)
from tutor.teach.play.store import GameStoreError, dump_game, load_game

__all__ = [
    "ASK_EVERY",
    "COACH_SAMPLES",
    "EXPORT_LEVEL",
    "GRADE_LIMITS",
    "MOMENTS",
    "OPPONENTS",
    "Deal",
    "Game",
    "GameStoreError",
    "Grade",
    "NotYourTurn",
    "Remark",
    "Table",
    "add_remark",
    "analysis_for",
    "ask_to_count",
    "computer_move",
    "costliest",
    "counted_right",
    "deal_lesson",
    "deal_outcome",
    "dump_game",
    "excluded",
    "grade_of",
    "learner_move",
    "learner_view",
    "lesson_id",
    "load_game",
    "next_deal",
    "play_out",
    "remark_on",
    "resign",
    "start",
    "undo",
    "verdict",
]
