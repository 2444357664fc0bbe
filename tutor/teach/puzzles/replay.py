"""A refutation as the puzzle's table replays it, step by step, with what decides its end.

The puzzle trainer shows on the table what follows a learner's move (the defence's answers, a
trick with both cards and who takes it) and, after a wrong move, the refutation: the solver's
line in the deal where the move fails, step by step, with every card face up. The steps and
what decides a line's end are those of ``tutor.teach.lines``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine import Move, State
from tutor.teach.lines import Decider, Decides, Step, decider, line_steps
from tutor.teach.puzzles.judge import Refutation


@dataclass(frozen=True)
class Replay:
    """A refutation as the table replays it: the deal where the move fails (``start``), the
    steps of the line to the end of the deal, and what decides it."""

    refutation: Refutation
    steps: tuple[Step, ...]
    decider: Decider | None

    @property
    def start(self) -> State:
        return self.refutation.before


def refutation_replay(refutation: Refutation) -> Replay:
    """The steps of a refutation's line and what decides its end."""
    steps = line_steps(refutation.before, refutation.line)
    return Replay(refutation, steps, decider(steps))


def reply_steps(before: State, moves: Sequence[Move]) -> tuple[Step, ...]:
    """A learner's move and the answers played after it, as the table shows them."""
    return line_steps(before, moves)


__all__ = [
    "Decider",
    "Decides",
    "Replay",
    "Step",
    "decider",
    "line_steps",
    "refutation_replay",
    "reply_steps",
]
