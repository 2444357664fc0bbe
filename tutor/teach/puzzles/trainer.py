"""What the puzzle trainer decides, without a screen: the puzzles a filter keeps and the one
that comes next, a card clicked turned into a move that is judged or refused with the rules'
verdict, the learner's cards to click and those allowed, the steps the table goes through
after a move, and the solved marks kept.

>>> from tutor.teach.puzzles.model import THEMES
>>> next_puzzle(["a", "b", "c"], "a", {"b": True})
'c'
>>> next_puzzle(["a", "b"], "b", {"a": True, "b": True})
'a'
>>> merge_marks({"a": True, "b": False}, {"a": False, "b": True, "c": False})
{'a': True, 'b': True, 'c': False}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tutor.engine import Card, IllegalMoveError, Move, Play, Verdict, View, parse_move, view_of
from tutor.search import SearchLimit
from tutor.teach.puzzles.judge import Attempt, Mark, play
from tutor.teach.puzzles.model import THEMES, Puzzle
from tutor.teach.puzzles.replay import Replay, Step, refutation_replay, reply_steps

#: The filter value for every theme, and for every level.
ALL_THEMES = ""
ALL_LEVELS = 0
#: The hint ladder's levels.
HINT_LEVELS = 4


# ----------------------------------------------------------------------------- the catalogue


def filtered(puzzles: Iterable[Puzzle], theme: str, level: int) -> list[Puzzle]:
    """The puzzles of ``theme`` at ``level`` (``ALL_THEMES``, ``ALL_LEVELS``: any)."""
    return [
        p
        for p in puzzles
        if (theme == ALL_THEMES or p.theme == theme) and (level == ALL_LEVELS or p.level == level)
    ]


def theme_choices(puzzles: Iterable[Puzzle]) -> list[str]:
    """The theme filter's values: every theme, then the themes there are, in the themes' order."""
    return [ALL_THEMES, *sorted({p.theme for p in puzzles}, key=list(THEMES).index)]


def level_choices(puzzles: Iterable[Puzzle]) -> list[int]:
    """The level filter's values: every level, then the levels there are."""
    return [ALL_LEVELS, *sorted({p.level for p in puzzles})]


def next_puzzle(ids: Sequence[str], current: str | None, solved: Mapping[str, bool]) -> str | None:
    """The puzzle after ``current`` among ``ids``: the next one not solved yet, going round,
    else simply the next one (``None`` when there is none)."""
    if not ids:
        return None
    here = ids.index(current) if current in ids else -1
    order = [*ids[here + 1 :], *ids[: here + 1]]
    unsolved = [i for i in order if i not in solved and i != current]
    return (unsolved or order)[0]


def solved_count(puzzles: Iterable[Puzzle], solved: Mapping[str, bool]) -> int:
    return sum(1 for p in puzzles if p.id in solved)


def merge_marks(kept: Mapping[str, bool], read: Mapping[str, bool]) -> dict[str, bool]:
    """Solved marks from a file added to those kept: a puzzle solved without a hint here stays
    so, whatever the file says."""
    return {k: kept.get(k, False) or v for k, v in {**kept, **read}.items()}


def record_solved(solved: Mapping[str, bool], attempt: Attempt) -> dict[str, bool]:
    """The marks after ``attempt``: its puzzle solved, without a hint if it was so once."""
    marks = dict(solved)
    if attempt.solved:
        pid = attempt.puzzle.id
        marks[pid] = marks.get(pid, False) or attempt.perfect
    return marks


# ----------------------------------------------------------------------------- a move


@dataclass(frozen=True)
class Refused:
    """A move the rules do not allow now; the attempt goes on, ``verdict`` says why."""

    move: Move
    verdict: Verdict


@dataclass(frozen=True)
class TooLarge:
    """The solver could not judge the move within its budget."""

    move: Move


Tried = Attempt | Refused | TooLarge


def try_move(attempt: Attempt, text: str) -> Tried | None:
    """The learner's move written ``text`` (as the table sends it) tried in ``attempt``: the
    attempt after it, judged, or why it was not played. ``None`` when the attempt is over or
    ``text`` is no move."""
    if attempt.over:
        return None
    try:
        move = parse_move(text)
    except ValueError:
        return None
    position = attempt.state
    if move not in position.legal_moves():
        return Refused(move, position.check(move))
    try:
        return play(attempt, move)
    except SearchLimit:
        return TooLarge(move)
    except IllegalMoveError:
        return Refused(move, position.check(move))


def learner_view(puzzle: Puzzle) -> View:
    """The puzzle's position as the learner sees it (what the engine's view of an answer
    given to the class may know)."""
    return view_of(puzzle.state, puzzle.learner)


def learner_to_move(attempt: Attempt) -> bool:
    return not attempt.over and attempt.state.to_move == attempt.puzzle.learner


def choices(attempt: Attempt, marked: bool) -> tuple[frozenset[Card], frozenset[Card] | None]:
    """The learner's cards to click and, when ``marked`` (the learner asked for the marks or
    opened a hint), those allowed."""
    if not learner_to_move(attempt):
        return frozenset(), None
    position = attempt.state
    hand = frozenset(position.hand(attempt.puzzle.learner))
    if not marked:
        return hand, None
    return hand, frozenset(m.card for m in position.legal_moves() if isinstance(m, Play))


def other_moves(attempt: Attempt) -> tuple[Move, ...]:
    """The learner's moves that are not a card played (a marriage, the exchange, closing,
    declaring), while a move is asked."""
    if not learner_to_move(attempt):
        return ()
    return tuple(m for m in attempt.state.legal_moves() if not isinstance(m, Play))


# ----------------------------------------------------------------------------- the table


def answer_steps(attempt: Attempt) -> tuple[Step, ...]:
    """The learner's last move and the computer's answers to it, as the table shows them step
    by step (nothing after a wrong move: its refutation is replayed instead)."""
    j = attempt.last
    if j is None or j.mark is Mark.WRONG or j.before is None:
        return ()
    return reply_steps(j.before, (j.move, *j.replies))


def refutation_of(attempt: Attempt) -> Replay | None:
    """The refutation of a wrong last move, as the table replays it."""
    j = attempt.last
    if j is None or j.mark is not Mark.WRONG or j.refutation is None:
        return None
    return refutation_replay(j.refutation)


def answer_shown(view: int, steps: Sequence[Step]) -> int:
    """The step of the answers the table shows (-1: there are none to go through)."""
    return min(view, len(steps) - 1) if len(steps) > 1 else -1


__all__ = [
    "ALL_LEVELS",
    "ALL_THEMES",
    "HINT_LEVELS",
    "Refused",
    "TooLarge",
    "Tried",
    "answer_shown",
    "answer_steps",
    "choices",
    "filtered",
    "learner_to_move",
    "learner_view",
    "level_choices",
    "merge_marks",
    "next_puzzle",
    "other_moves",
    "record_solved",
    "refutation_of",
    "solved_count",
    "theme_choices",
    "try_move",
]
