"""Questions to a class: what a teacher may ask at a lesson step or a puzzle, how a student's
answer is written down, and which answers are right.

Two kinds of question:

- a **move**: "what would you play here?" on the position a lesson shows before its next move
  (any step whose next step is a move, the your-move steps included), or at a puzzle's start.
  An answer is a legal move of the player on turn, written as the engine writes moves
  (``"Qs"``, ``"marry Kh"``, ``"close"``); the right ones are the moves the lesson accepts
  at a your-move step (as the lesson run judges a single learner: the listed moves, else every
  legal move within the step's tolerance of the engine's best), at any other step every legal
  move the engine values as high as its best (the lesson's deal is fully known, so the values
  are exact; ``class_values``), or the puzzle's solution;
- a **choice**: the answers of a question step; an answer is ``"#k"`` for the k-th (from 0).

An answer may carry the student's name after a tab (``"Qs\\tAnna"``); names are optional and
only shown to the teacher. A question's id names what is asked: ``"<lesson>@<step>"`` or
``"puzzle:<id>"``, so a student's page can tell whether the teacher's question is about the
step it shows.

>>> from tutor.engine import preset
>>> from tutor.engine.state import new_deal
>>> s = new_deal(preset("classic"), hands=("10h Kh 9h 10c Kc Qc", "Jh As Ks Qs Ad Kd"),
...              trump_card="Ah", stock="10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd")
>>> q = ClassQuestion("ex@0", Kind.MOVE, 2, s, frozenset({"10h"}))
>>> q.accepts("10h"), q.accepts("Ad"), q.accepts("nonsense"), sorted(q.right)
(True, False, False, ['10h'])
>>> split_answer("Qs\\tAnna"), split_answer("#1")
(('Qs', 'Anna'), ('#1', ''))
>>> join_answer("#1", " Bo\\tb "), join_answer("Qs", "")
('#1\\tBo b', 'Qs')
"""

from __future__ import annotations

import enum
import threading
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutor.engine import Card, Move, State, View, legal_moves, parse_move, view_of
from tutor.search import SearchLimit
from tutor.teach.lessons import Frame
from tutor.teach.lessons.ranked import Ranking, ranking
from tutor.teach.puzzles.model import Puzzle

#: A name as kept with an answer: at most this many characters.
MAX_NAME_CHARS = 24
PUZZLE_PREFIX = "puzzle:"


class Kind(enum.Enum):
    MOVE = "move"
    CHOICE = "choice"


@dataclass(frozen=True)
class ClassQuestion:
    """A question a teacher may ask: its id, kind, the frame (or 0 for a puzzle) whose move or
    question it is, the position asked about (for a move) and the right answers as written
    (``listed``), unless the engine's values decide them (``ranked``: at a lesson step that is
    no your-move step, the moves as good as the best; ``right``). ``move`` is the lesson's own
    move (``""`` for a question step or a puzzle)."""

    id: str
    kind: Kind
    index: int
    state: State | None
    listed: frozenset[str]
    choices: int = 0
    move: str = ""
    ranked: bool = False

    @property
    def right(self) -> frozenset[str]:
        """The right answers as written. Where the engine's values decide them, the search
        runs once per position (``class_values``); without values, the lesson's move."""
        if not self.ranked or self.state is None:
            return self.listed
        values = class_values(self.state)
        if not values:
            return self.listed
        best = values[0][1]
        return frozenset(str(m) for m, v in values if v >= best)

    def values(self) -> Ranking:
        """Every legal move with its exact value in game points, best first, for a move asked
        at a lesson step (``()`` for a puzzle, a question step, or a search cut short)."""
        if self.kind is not Kind.MOVE or self.state is None or not self.move:
            return ()
        return class_values(self.state)

    def accepts(self, answer: str) -> bool:
        """Whether ``answer`` is one a student may give (a legal move; a choice in range)."""
        if self.kind is Kind.CHOICE:
            return (
                answer.startswith("#") and answer[1:].isdigit() and int(answer[1:]) < self.choices
            )
        assert self.state is not None
        try:
            move = parse_move(answer)
        except ValueError:
            return False
        return move in legal_moves(self.state) and str(move) == answer

    def moves(self) -> tuple[Move, ...]:
        """The moves a student may give to a move question, in the engine's order."""
        return legal_moves(self.state) if self.state is not None else ()


def lesson_question_id(lesson_id: str, step: int) -> str:
    return f"{lesson_id}@{step}"


def puzzle_question_id(puzzle_id: str) -> str:
    return f"{PUZZLE_PREFIX}{puzzle_id}"


def lesson_question(lesson_id: str, frames: Sequence[Frame], step: int) -> ClassQuestion | None:
    """What a teacher showing frame ``step`` may ask: the step's question, else the next
    step's move when there is one and a player is on turn; ``None`` at the end or before a
    pause. A lesson for three or four asks its questions only (the class plays no cards)."""
    if not 0 <= step < len(frames):
        return None
    qid = lesson_question_id(lesson_id, step)
    frame = frames[step]
    if frame.question is not None:
        right = frozenset(f"#{k}" for k, a in enumerate(frame.question.answers) if a.right)
        return ClassQuestion(qid, Kind.CHOICE, step, None, right, len(frame.question.answers))
    nxt = step + 1
    if nxt >= len(frames) or frames[nxt].step == 0 or frames[nxt].move is None:
        return None
    state = frame.state
    if not isinstance(state, State):  # a class at a table of three or four plays no cards
        return None
    if state.to_move is None or state.result is not None:
        return None
    shown = frames[nxt]
    task = shown.your_move is not None and bool(shown.accepted)
    moves = shown.accepted if task else (shown.move,)
    right = frozenset(str(m) for m in moves if m is not None)
    return ClassQuestion(qid, Kind.MOVE, nxt, state, right, move=str(shown.move), ranked=not task)


_VALUES = threading.Lock()


def class_values(state: State) -> Ranking:
    """Every legal move of the fully known ``state`` with its exact value, best first, as a
    lesson run judges a single learner's move (``tutor.teach.lessons.ranked.ranking``); ``()``
    when the search outgrows its budget. A whole class asks at once when the answer is shown:
    the first searches, the others wait for it and reuse it."""
    with _VALUES:
        try:
            return ranking(state)
        except SearchLimit:
            return ()


def puzzle_question(puzzle: Puzzle) -> ClassQuestion:
    """The first move of a puzzle, asked of a class; the right answers are its solution (exactly
    its best moves, as ``tutor.teach.puzzles.validate`` checks)."""
    right = frozenset(str(m) for m in puzzle.solution)
    return ClassQuestion(puzzle_question_id(puzzle.id), Kind.MOVE, 0, puzzle.state, right)


def clean_name(name: str) -> str:
    """A student's name as kept: spaces for tabs and line breaks, trimmed, shortened."""
    return " ".join(name.split())[:MAX_NAME_CHARS].strip()


def join_answer(answer: str, name: str) -> str:
    """An answer as sent to the room: the answer, then a tab and the name when there is one."""
    name = clean_name(name)
    return f"{answer}\t{name}" if name else answer


def split_answer(sent: str) -> tuple[str, str]:
    """The answer and the name of what a student sent (``""`` without a name)."""
    answer, _, name = sent.partition("\t")
    return answer, name


@dataclass(frozen=True)
class TallyRow:
    """One answer with how many students gave it, their names (those who gave one), and
    whether it is right (once the answer is shown; ``False`` before)."""

    answer: str
    count: int
    names: tuple[str, ...]
    right: bool


def tally_rows(
    question: ClassQuestion, sent: Mapping[str, int], *, right: bool = False
) -> tuple[TallyRow, ...]:
    """The class's answers to ``question`` (as the room counts what was sent) folded by answer,
    most given first; answers a student could not have given are left out. With ``right``
    (once the answer is shown) the rows say which are right, and the right answers nobody gave
    are listed too, with 0; before that nothing is searched."""
    counts: Counter[str] = Counter()
    names: dict[str, list[str]] = {}
    for text, n in sent.items():
        answer, name = split_answer(text)
        if not question.accepts(answer):
            continue
        counts[answer] += n
        if name:
            names.setdefault(answer, []).extend([name] * n)
    good = question.right if right else frozenset()
    for answer in good:
        counts.setdefault(answer, 0)
    order = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return tuple(TallyRow(a, n, tuple(sorted(names.get(a, []))), a in good) for a, n in order)


def known_position(
    position: State, show: tuple[bool, bool], unnamed: frozenset[Card]
) -> State | View | None:
    """The position as the player on turn may reason about it: the whole deal when the other
    hand is shown face up and the lesson names every card, else what that player knows
    (``None`` when nobody is on turn). Hints and the engine's view of an answer work on it."""
    seat = position.to_move
    if seat is None:
        return None
    if show[1 - seat] and not unnamed:
        return position
    return view_of(position, seat)


__all__ = [
    "MAX_NAME_CHARS",
    "PUZZLE_PREFIX",
    "ClassQuestion",
    "Kind",
    "TallyRow",
    "class_values",
    "clean_name",
    "join_answer",
    "known_position",
    "lesson_question",
    "lesson_question_id",
    "puzzle_question",
    "puzzle_question_id",
    "split_answer",
    "tally_rows",
]
