"""What a student's screen following a teacher shows and what a click does, decided without a
screen: the step shown (the teacher's, or one looked back at), the question asked now, the
cards a student may click and the hands face up while a move is asked, the moves that are no
card, and how a student's answer stands once the teacher shows the right one.

No sentence is made here: ``tutor.words.follow_page`` says it.

>>> steps_shown(view_step=7, own=None, frames=5)
Steps(live=4, shown=4)
>>> steps_shown(view_step=3, own=1, frames=5)
Steps(live=3, shown=1)
>>> look_step(2, live=3), look_step(3, live=3)
(2, None)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutor.engine import Card, Move, Play
from tutor.teach.classroom import (
    PUZZLE_PREFIX,
    ClassQuestion,
    lesson_question,
    puzzle_question,
    split_answer,
)
from tutor.teach.lessons import Frame
from tutor.teach.puzzles.model import Puzzle


@dataclass(frozen=True)
class Steps:
    """The teacher's step (``live``) and the step this student's screen shows."""

    live: int
    shown: int

    @property
    def looking_back(self) -> bool:
        return self.shown != self.live


def steps_shown(view_step: int, own: int | None, frames: int) -> Steps:
    """The teacher's step within the lesson's ``frames``, and the step shown: the one this
    student looks at on their own (``own``), else the teacher's."""
    last = frames - 1
    live = max(0, min(view_step, last))
    shown = max(0, min(live if own is None else own, last))
    return Steps(live, shown)


def look_step(step: int, live: int) -> int | None:
    """The step a student looks at on their own after Back or Next; ``None`` when that reaches
    the teacher's step (following live again)."""
    return None if step >= live else step


def puzzle_id(lesson: str) -> str | None:
    """The puzzle a room shows (its lesson is ``puzzle:<id>``), ``None`` for a lesson."""
    return lesson[len(PUZZLE_PREFIX) :] if lesson.startswith(PUZZLE_PREFIX) else None


def asked_at(
    lesson_id: str, frames: Sequence[Frame], step: int, question: str | None
) -> ClassQuestion | None:
    """The lesson's question at ``step`` when it is the one asked in the room now."""
    asked = lesson_question(lesson_id, frames, step) if frames else None
    return asked if asked is not None and asked.id == question else None


def asked_now(
    lesson: str,
    step: int,
    question: str | None,
    puzzles: Callable[[str], Puzzle | None],
    frames: Callable[[str], Sequence[Frame]],
) -> ClassQuestion | None:
    """What the room asks now (its lesson or ``puzzle:<id>``, the teacher's step, the id of the
    open question), if a student's screen can show it; ``puzzles`` and ``frames`` find what the
    room names."""
    if question is None:
        return None
    pid = puzzle_id(lesson)
    if pid is not None:
        puzzle = puzzles(pid)
        return puzzle_question(puzzle) if puzzle is not None else None
    found = frames(lesson)
    return lesson_question(lesson, found, step) if found else None


def my_answer(sent: str | None) -> str | None:
    """This student's answer as the room keeps it (without the name), ``None`` before one."""
    return split_answer(sent)[0] if sent else None


def on_turn(asked: ClassQuestion) -> int | None:
    """The seat of the player whose move is asked (``None`` for a question step)."""
    return asked.state.to_move if asked.state is not None else None


def asked_show(asked: ClassQuestion, show: tuple[bool, bool]) -> tuple[bool, bool]:
    """The hands face up while a move is asked: the teacher's choice, and the hand of the
    player on turn (each student plays it)."""
    seat = on_turn(asked)
    return (show[0] or seat == 0, show[1] or seat == 1)


def answer_cards(asked: ClassQuestion) -> frozenset[Card]:
    """The cards a student may click to answer: the hand of the player on turn."""
    seat = on_turn(asked)
    if asked.state is None or seat is None:
        return frozenset()
    return frozenset(asked.state.hand(seat))


def puzzle_show(puzzle: Puzzle) -> tuple[bool, bool]:
    """The hands face up on a shared puzzle: the learner's."""
    return (puzzle.learner == 0, puzzle.learner == 1)


def puzzle_cards(puzzle: Puzzle, revealed: bool) -> frozenset[Card]:
    """The cards a student may click on a shared puzzle: the learner's hand while the learner
    is on turn and the answer is not shown."""
    position = puzzle.state
    if revealed or position.to_move != puzzle.learner:
        return frozenset()
    return frozenset(position.hand(puzzle.learner))


def other_moves(asked: ClassQuestion) -> tuple[Move, ...]:
    """The moves a student may answer that are no card (each a button of its own)."""
    return tuple(m for m in asked.moves() if not isinstance(m, Play))


class Outcome(enum.Enum):
    """How a student's answer stands once the teacher shows the right one."""

    NONE = "none"
    RIGHT = "right"
    WRONG = "wrong"


def outcome(asked: ClassQuestion, mine: str | None) -> Outcome:
    if mine is None:
        return Outcome.NONE
    return Outcome.RIGHT if mine in asked.right else Outcome.WRONG


__all__ = [
    "Outcome",
    "Steps",
    "answer_cards",
    "asked_at",
    "asked_now",
    "asked_show",
    "look_step",
    "my_answer",
    "on_turn",
    "other_moves",
    "outcome",
    "puzzle_cards",
    "puzzle_id",
    "puzzle_show",
    "steps_shown",
]
