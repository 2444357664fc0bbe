"""A learner's run through a lesson, as one immutable value: the step shown, and at each
interactive step what the learner tried, the hint level opened and whether the move was shown.

A lesson's replay (``replay(lesson)``, for any number of seats) is a tuple of frames; some of
them are tasks. A **question** is asked at its own
frame: the learner answers it there. A **your-move** frame shows a move the learner has to
find first: they try it on the frame before, and a move the lesson accepts plays it. Next
waits while the step shown has a task not done (``LessonRun.gates_next``).

Each function gives a new value; nothing here speaks: a try is kept as data (``Try``: the move
or the answer, whether it was right, and for a move the rules forbid its ``Verdict``, for a
legal move not asked for the game points it loses), and ``tutor.words.lesson_text.try_reply``
says it. The position is asked through the one game interface, whatever the seat count.

>>> from pathlib import Path
>>> from tutor.teach.lessons import load_lesson, replay
>>> from tutor.engine import parse_move
>>> lesson = load_lesson(Path(__file__).parents[3] / "lessons" / "02-tricks-and-trumps.yaml")
>>> frames = replay(lesson)
>>> run = LessonRun.start(lesson.id, frames)
>>> ask = next(i for i, f in enumerate(frames) if f.your_move is not None)
>>> run = run.go_to(ask - 1)
>>> run.gates_next, run.task == ask
(True, True)
>>> run = run.try_move(ask, parse_move("Qh"))
>>> run.misses(ask), run.step == ask - 1, run.replies(ask - 1)[0][1].loss
(1, True, 3)
>>> run = run.try_move(ask, frames[ask].accepted[0])
>>> run.step == ask, run.is_done(ask), run.first_try_right(ask)
(True, True, False)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from tutor.engine import Deal, Move, State, Verdict
from tutor.teach.hints import analysis_of_values
from tutor.teach.hints.why import Why, explain
from tutor.teach.lessons.model import Frame

#: A frame of a lesson's replay (the name kept for the callers written before there was one).
AnyFrame = Frame
#: After this many wrong tries at a your-move step, the learner may ask to be shown the move.
MISSES_BEFORE_SHOW = 2
#: Seconds in which a step just left counts as the slider's echo (``LessonRun.slide_to``).
ECHO_SECONDS = 5.0
#: The hint ladder's levels: a your-move step opens them one at a time, up to this one.
HINT_LEVELS = 4


class TryKind(enum.Enum):
    MOVE = "move"  # a move tried at a your-move step
    ANSWER = "answer"  # an answer chosen at a question
    SHOWN = "shown"  # the move of a your-move step shown on request


@dataclass(frozen=True)
class Try:
    """One try at an interactive step, as data.

    ``move`` is the move tried (``MOVE``), ``choice`` the index of the answer chosen
    (``ANSWER``). A move that is not accepted carries why: ``verdict`` when the rules forbid
    it, else ``loss``, the game points it gives away against the best move by the lesson's
    exact values (0: as good, but not the move asked for; ``None`` where the lesson has no
    values, as at a table of three or four)."""

    kind: TryKind
    right: bool
    move: Move | None = None
    choice: int = -1
    verdict: Verdict | None = None
    loss: int | None = None
    #: why the move is worse than the lesson's move, where the lesson has values
    why: Why | None = field(default=None, compare=False)


def judge_move(before: Deal, frame: Frame, move: Move) -> Try:
    """The learner's ``move`` in the position ``before`` the your-move step ``frame``: right
    when the lesson accepts it; otherwise why not (the rules' verdict, or what it loses
    against the best move where the lesson has exact values)."""
    if move in frame.accepted:
        return Try(TryKind.MOVE, True, move)
    verdict = before.check(move)
    if not verdict.legal:
        return Try(TryKind.MOVE, False, move, verdict=verdict)
    if not frame.values:
        return Try(TryKind.MOVE, False, move)
    values = dict(frame.values)
    best = frame.values[0][1] if frame.values else 0
    why = None
    if isinstance(before, State) and move in values:
        better = frame.move if frame.move in values else None
        why = explain(analysis_of_values(before, frame.values), move, better)
    return Try(TryKind.MOVE, False, move, loss=best - values.get(move, best), why=why)


@dataclass(frozen=True)
class LessonRun:
    """The learner in one lesson: the frame shown (``step``) and, per frame, the tries made
    at it (``tries``) and the hint level opened (``hints``). Which steps are done, the misses,
    and whether a step was right at the first try follow from the tries."""

    lesson: str
    frames: tuple[AnyFrame, ...] = field(compare=False, repr=False)
    step: int = 0
    tries: tuple[tuple[Try, ...], ...] = ()
    hints: tuple[int, ...] = ()
    #: The steps left of late by a key or a button, each with when (in seconds, monotonic).
    left: tuple[tuple[int, float], ...] = ()

    @classmethod
    def start(cls, lesson: str, frames: Sequence[AnyFrame], step: int = 0) -> LessonRun:
        """A new run of ``lesson`` (its frames), shown at ``step`` (clamped to the frames)."""
        n = len(frames)
        if not n:
            raise ValueError("a lesson run needs a frame")
        return cls(lesson, tuple(frames), max(0, min(step, n - 1)), ((),) * n, (0,) * n)

    # -- questions ---------------------------------------------------------------------------

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    @property
    def finished(self) -> bool:
        """Whether the run has reached the lesson's last frame."""
        return self.step == self.last

    def is_done(self, index: int) -> bool:
        """Whether the task of frame ``index`` is done (answered or played right, or shown)."""
        return any(t.right for t in self.tries[index])

    @property
    def done(self) -> frozenset[int]:
        """The frames whose task is done."""
        return frozenset(i for i in range(len(self.frames)) if self.is_done(i))

    def misses(self, index: int) -> int:
        """The wrong tries at frame ``index``."""
        return sum(not t.right for t in self.tries[index])

    def first_try_right(self, index: int) -> bool:
        """Whether the task of frame ``index`` was done right at the first try (a move shown
        on request is not)."""
        tries = self.tries[index]
        return bool(tries) and tries[0].right and tries[0].kind is not TryKind.SHOWN

    def may_show(self, index: int) -> bool:
        """Whether the learner may ask to be shown the move (after enough misses)."""
        return self.misses(index) >= MISSES_BEFORE_SHOW

    def hint(self, index: int) -> int:
        """The hint level opened at frame ``index`` (0: none)."""
        return self.hints[index]

    def task_at(self, step: int) -> int | None:
        """The frame of the task to do before going on from ``step``: a question on this
        frame, or the next frame's move; ``None`` when there is none left."""
        frames = self.frames
        if frames[step].question is not None and not self.is_done(step):
            return step
        nxt = step + 1
        if nxt < len(frames) and frames[nxt].step != 0 and frames[nxt].your_move is not None:
            return None if self.is_done(nxt) else nxt
        return None

    @property
    def task(self) -> int | None:
        """The task to do before going on from the frame shown (``task_at``)."""
        return self.task_at(self.step)

    @property
    def gates_next(self) -> bool:
        """Whether Next waits for the learner to do a task first."""
        return self.task is not None

    @property
    def asked(self) -> int | None:
        """The your-move frame whose move is played on the table of the frame shown, if any."""
        pending = self.task
        if pending is None or pending != self.step + 1 or self.frames[pending].your_move is None:
            return None
        return pending if self.frames[self.step].state.to_move is not None else None

    def replies(self, index: int) -> tuple[tuple[int, Try], ...]:
        """The tries the learner reads at frame ``index``, each with the frame of its task:
        the answers to this frame's question, the move of this frame found or shown, and the
        latest try at the next frame's move while it is a wrong one."""
        shown: list[tuple[int, Try]] = []
        frames = self.frames
        if frames[index].question is not None:
            shown.extend((index, t) for t in self.tries[index])
        elif frames[index].your_move is not None:
            found = [t for t in self.tries[index] if t.right]
            shown.extend((index, t) for t in found[-1:])
        nxt = index + 1
        if nxt < len(frames) and frames[nxt].your_move is not None:
            tries = self.tries[nxt]
            if tries and not tries[-1].right:
                shown.append((nxt, tries[-1]))
        return tuple(shown)

    def step_name(self, index: int) -> str:
        """The name under which the progress keeps an interactive step: its lesson step."""
        return f"s{self.frames[index].step}"

    def legal_moves(self, index: int) -> tuple[Move, ...]:
        """The moves the learner may try at the your-move frame ``index``."""
        return self.frames[index - 1].state.legal_moves()

    # -- the next value ----------------------------------------------------------------------

    def go_to(self, step: int) -> LessonRun:
        """The run showing ``step`` (the nearest frame there is)."""
        step = max(0, min(step, self.last))
        return self if step == self.step else replace(self, step=step)

    def leave(self, now: float) -> LessonRun:
        """The run noting that its step is left at ``now`` by a key or a button (the steps
        left more than ``ECHO_SECONDS`` before are forgotten)."""
        kept = tuple((s, when) for s, when in self.left if now - when <= ECHO_SECONDS)
        return replace(self, left=(*kept, (self.step, now)))

    def slide_to(self, step: int, now: float) -> LessonRun:
        """The run at ``step`` chosen on the slider, unless it is a step left moments ago: a
        browser that has not drawn the latest steps yet (a clicker pressed faster than the
        page runs) sends its slider's old value with the presses, an echo and not the
        learner's choice."""
        echo = any(s == step and now - when <= ECHO_SECONDS for s, when in self.left)
        return self if step != self.step and echo else self.go_to(step)

    def next_step(self, *, teaching: bool = False) -> LessonRun:
        """One frame on, unless at the end or a task waits (a teacher goes on regardless)."""
        if self.finished or (self.gates_next and not teaching):
            return self
        return replace(self, step=self.step + 1)

    def _tried(self, index: int, tried: Try) -> LessonRun:
        tries = list(self.tries)
        tries[index] = (*tries[index], tried)
        return replace(self, tries=tuple(tries))

    def _task_frame(self, index: int, move: bool) -> AnyFrame | None:
        """Frame ``index`` when it is a your-move step (``move``) or a question."""
        if not 0 <= index <= self.last or (move and index == 0):
            return None
        frame = self.frames[index]
        return frame if (frame.your_move if move else frame.question) is not None else None

    def try_move(self, index: int, move: Move) -> LessonRun:
        """The learner tries ``move`` at the your-move frame ``index``: a right one plays it
        (the run shows that frame), a wrong one is a miss."""
        if self._task_frame(index, move=True) is None:
            return self
        tried = judge_move(self.frames[index - 1].state, self.frames[index], move)
        run = self._tried(index, tried)
        return run.go_to(index) if tried.right else run

    def show_me(self, index: int) -> LessonRun:
        """The move of the your-move frame ``index`` shown on request: played, not found."""
        frame = self._task_frame(index, move=True)
        if frame is None:
            return self
        return self._tried(index, Try(TryKind.SHOWN, True, frame.move)).go_to(index)

    def answer(self, index: int, choice: int) -> LessonRun:
        """The learner chooses answer ``choice`` to the question of frame ``index``."""
        frame = self._task_frame(index, move=False)
        question = frame.question if frame is not None else None
        if question is None or not 0 <= choice < len(question.answers):
            return self
        right = question.answers[choice].right
        return self._tried(index, Try(TryKind.ANSWER, right, choice=choice))

    def more_hint(self, index: int) -> LessonRun:
        """One more level of the hint at frame ``index`` (up to the last)."""
        if not 0 <= index <= self.last:
            return self
        hints = list(self.hints)
        hints[index] = min(hints[index] + 1, HINT_LEVELS)
        return replace(self, hints=tuple(hints))


__all__ = [
    "ECHO_SECONDS",
    "HINT_LEVELS",
    "MISSES_BEFORE_SHOW",
    "AnyFrame",
    "LessonRun",
    "Try",
    "TryKind",
    "judge_move",
]
