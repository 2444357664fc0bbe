"""The rungs of the hint ladder between the rule and the answer, as data.

A hint teaches before it tells: 1) the rule in force (``Situation``); 2) the idea, a thought
that names no card and no move (``thoughts``); 3) the moves worth considering, none marked
as the best (``candidates``); 4) the move with the full reasoning (``Analysis``). Lessons,
puzzles, the table of three or four and ``tutor hint`` climb the same ladder, for every number
of seats; ``tutor.words.hint_text`` says each rung.

>>> from tutor.formats.positions import load_position
>>> from tutor.teach.hints.analysis import analyse
>>> p = load_position("preset: classic\\nto_move: A\\ntrump: h\\nstock: ''\\n"
...                   "hands: {A: Ah Kc, B: 10h Qs}\\nplayed: 10c Jc 9c Qc Ac Jh Ad 10d Kd Qd Jd "
...                   "9d As 10s Ks Js 9s 9h Kh Qh\\nscores: {A: {points: 56, tricks: 6}, "
...                   "B: {points: 36, tricks: 4}}")
>>> a = analyse(p.subject)
>>> [str(m) for m in candidates(a)]
['Kc', 'Ah', 'out']
>>> [t.msgid for t in thoughts(a)][0] == GIST_SURE_TRICKS
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine import CARDS, Move, Play
from tutor.teach.hints.detect import EPS, beats
from tutor.teach.hints.ideas import (
    GIST_CHEAP,
    GIST_FOLLOW,
    GIST_LAST_TRICK,
    GIST_RULES,
    GIST_SURE_TRICKS,
    IDEA_GISTS,
)
from tutor.teach.hints.model import METHOD_TABLE_PLAYOUT, Analysis, MoveValue

MAX_THOUGHTS = 3
#: Mistakes too plain to teach from: declaring without the points is always possible and
#: always wrong, so it is no thought for the decision.
_NOT_TEMPTING = frozenset({"mistake.false_out", "mistake.false_out_trick"})
MAX_CANDIDATES = 4
#: A move within this many game points of the best is worth considering.
CANDIDATE_MARGIN = 1.0
#: The same, for the values of a method other than the default: the means of the table's
#: sampled playouts lie closer together than the values of two players.
CANDIDATE_MARGINS = {METHOD_TABLE_PLAYOUT: 0.5}

__all__ = [
    "CANDIDATE_MARGIN",
    "CANDIDATE_MARGINS",
    "GIST_SURE_TRICKS",
    "MAX_CANDIDATES",
    "MAX_THOUGHTS",
    "Thought",
    "candidates",
    "thoughts",
]


@dataclass(frozen=True)
class Thought:
    """A general thought for the decision: a message that names no card and no move, and its
    parameters (numbers only)."""

    msgid: str
    params: tuple[tuple[str, int], ...] = ()


def _reference(analysis: Analysis, task: Sequence[Move]) -> MoveValue:
    """The move the thoughts lead to: the best one, or in a task (the moves a lesson accepts)
    the best-valued of the task's moves."""
    asked = [m for m in analysis.moves if m.move in task]
    return asked[0] if asked else analysis.best


def _wins_trick(analysis: Analysis, move: Move) -> bool | None:
    """Whether a card played to a trick takes it so far (``None`` on lead or for no card)."""
    sit = analysis.situation
    top = sit.best_card
    if top is None and sit.lead >= 0:
        top = CARDS[sit.lead]
    if top is None or not isinstance(move, Play):
        return None
    return beats(move.card, top, sit.trump)


def _borne_out(idea_id: str, analysis: Analysis, reference: MoveValue) -> bool:
    """Whether a worse move's mistake teaches towards ``reference``: a trick given cheaply only
    where the reference move loses the trick too."""
    if idea_id == "mistake.gives_points":
        return _wins_trick(analysis, reference.move) is False
    return True


def thoughts(analysis: Analysis, task: Sequence[Move] = ()) -> tuple[Thought, ...]:
    """The ideas behind the best move (in a task: the best of the moves it asks for) and
    against the tempting worse ones (those worth considering, ``candidates``) where the move
    the thoughts lead to bears them out, as thoughts that name no move; the last trick's bonus
    once it is near (``Situation.last_trick_near``); a general thought when nothing more
    particular applies."""
    sit = analysis.situation
    reference = _reference(analysis, task)
    ids = [i.id for i in reference.ideas]
    tempting = set(candidates(analysis, task))
    for m in analysis.moves:
        if m.move == reference.move or m.move not in tempting:
            continue
        if m.game_points > reference.game_points - EPS:
            continue
        ids += [
            i.id
            for i in m.mistakes
            if i.id not in _NOT_TEMPTING and _borne_out(i.id, analysis, reference)
        ]
    msgids = list(dict.fromkeys(IDEA_GISTS[i] for i in ids if i in IDEA_GISTS))
    if len(sit.legal) > 1 and GIST_RULES in msgids and len(msgids) > 1:
        msgids.remove(GIST_RULES)  # the rule was rung one; here the choice that is left
    if _wins_trick(analysis, reference.move) and GIST_CHEAP in msgids:
        msgids.remove(GIST_CHEAP)  # the trick is to be won, not given cheaply
    out = [Thought(m) for m in msgids[:MAX_THOUGHTS]]
    if sit.last_trick_near and sit.last_trick_bonus:
        out.append(Thought(GIST_LAST_TRICK, (("points", sit.last_trick_bonus),)))
    if not out:
        out.append(Thought(sit.lead_thought if sit.leading else GIST_FOLLOW))
    return tuple(out)


def candidates(analysis: Analysis, task: Sequence[Move] = ()) -> tuple[Move, ...]:
    """The legal moves worth considering: the best ones, that is every move close to the best
    in value and always at least two when more than one move is legal (at most
    ``MAX_CANDIDATES``); in a task (the moves a lesson accepts) its best-valued move always
    among them. They come in the order of the hand, so that the first listed is not taken for
    the best."""
    top = analysis.best.game_points
    margin = CANDIDATE_MARGINS.get(analysis.method, CANDIDATE_MARGIN) + EPS
    close = [m.move for m in analysis.moves if m.game_points >= top - margin][:MAX_CANDIDATES]
    if len(close) < 2:
        close = [m.move for m in analysis.moves[:2]]
    asked = _reference(analysis, task).move
    if asked not in close:
        close = [*close[: MAX_CANDIDATES - 1], asked]
    order = {m: k for k, m in enumerate(analysis.situation.legal)}
    return tuple(sorted(close, key=lambda m: order.get(m, len(order))))
