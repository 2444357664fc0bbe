"""A deal's curve of the learner's expected game points, move by move, as the coach valued it:
for each of the learner's moves the coach remarked on, the value of the move played and of
the best move (``Remark.value`` and ``Remark.best_value``, game points for the learner), the
learner's move number and the trick it fell in, and whether it is one of the deal's costliest
moments (``tutor.teach.play.coach.costliest``). The same at every table: the coach remarks
at two seats and at three or four.

No sentence and no drawing is made here: ``tutor.words.play_page`` names the curve's parts and
``tutor.web.value_chart`` draws it.

>>> from tutor.teach.play.game import Table, play_out, start
>>> g = play_out(start(Table(rules_spec="classic", opponent="beginner", seed=7)))
>>> value_curve(g.deal)
()
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.teach.play.coach import costliest
from tutor.teach.play.game import Deal, Grade, Remark, positions


@dataclass(frozen=True)
class CurvePoint:
    """One of the learner's moves on the curve: the coach's remark on it, the learner's move
    number in the deal (1 for the first, moves without a choice counted too), the trick it
    was played in (1 for the first) and whether it is one of the costliest moments."""

    number: int
    trick: int
    remark: Remark
    costly: bool

    @property
    def ply(self) -> int:
        """The move's index in the deal (the position before it is ``positions(deal)[ply]``)."""
        return self.remark.ply

    @property
    def value(self) -> float:
        """The expected game points of the move played, for the learner."""
        return self.remark.value

    @property
    def best_value(self) -> float:
        """The expected game points of the best move, for the learner."""
        return self.remark.best_value

    @property
    def loss(self) -> float:
        return self.remark.loss

    @property
    def grade(self) -> Grade:
        return self.remark.grade


def value_curve(deal: Deal) -> tuple[CurvePoint, ...]:
    """The learner's moves the coach remarked on in ``deal``, in the order played, with the
    values of the move played and of the best, and the costliest moments marked."""
    if not deal.remarks:
        return ()
    states = positions(deal)
    costly = {r.ply for r in costliest(deal)}
    out: list[CurvePoint] = []
    for remark in deal.remarks:
        seat = states[remark.ply].to_move
        number = sum(1 for s in states[: remark.ply + 1] if s.to_move == seat)
        before = states[remark.ply]
        trick = 1 + sum(before.side_tricks(x) for x in range(before.sides))
        out.append(CurvePoint(number, trick, remark, remark.ply in costly))
    return tuple(out)


def point_at(curve: tuple[CurvePoint, ...], ply: object) -> CurvePoint | None:
    """The point of ``curve`` on the move with index ``ply`` (as a chart's selection or a
    select box gives it back), or ``None``."""
    return next((p for p in curve if p.ply == ply), None)


__all__ = ["CurvePoint", "point_at", "value_curve"]
