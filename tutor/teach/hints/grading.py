"""Honest grades of a move, as data: what the move gives up against the best, with the noise
of the sampled deals it was measured on.

A sampled analysis values every move in the same deals (``MoveValue.deal_values``, in the
order of ``Analysis.deals``), so the loss of a move is measured *paired*: in each deal, the
game points of the best move less those of the move (``loss_of``). Their mean is the loss; a
95 percent interval around it (mean ± 1.96 standard errors of the per-deal differences) says
how far chance in the choice of deals may have moved it. Exact values (one deal) give a point:
low = mean = high; the loss is called exact only where no card is hidden from the player
(``Analysis.every_card_known``: a deal with open hands but a face-down stock is solved
exactly, yet its player could not have known it).

The rule (``grade_loss``): a move is an inaccuracy, a mistake or a blunder only when the
*lower* end of its interval reaches that grade's limit (``GRADE_LIMITS``), that is when even the
most favourable reading of the deals leaves the loss beyond the limit; everything else is
``Grade.GOOD``, "about as good as the best". The grade so says what the deals prove, never more:
a move whose loss may be noise is not called a mistake, and a move called a mistake is one at
least. When the lower end lies near a limit the grade could still change with other deals
(``straddles``); ``settle`` then values more deals, pooled with the first (``pooled``), until it
does not or a cap is reached.

>>> grade_of(0.0).value, grade_of(0.3).value, grade_of(1.0).value, grade_of(2.0).value
('good', 'inaccuracy', 'mistake', 'blunder')
>>> grade_loss(Loss(mean=1.0, low=-0.2, high=2.2, deals=40)).value  # noise: about as good
'good'
>>> grade_loss(Loss(mean=1.0, low=0.8, high=1.2, deals=40)).value
'mistake'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

from tutor.search.stats import paired_difference
from tutor.teach.hints.model import METHOD_SAMPLED, Analysis, MoveValue


class Grade(Enum):
    """The coach's grade of a move, by the game points it gives up against the best."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


#: Upper bounds (exclusive) of the game points a move may give up for each grade.
GRADE_LIMITS: tuple[tuple[float, Grade], ...] = (
    (0.25, Grade.GOOD),
    (0.6, Grade.INACCURACY),
    (1.2, Grade.MISTAKE),
)
#: The normal quantile of a two-sided 95 percent interval.
Z95 = 1.96


def grade_of(loss: float) -> Grade:
    """The grade of a move that gives up exactly ``loss`` game points against the best."""
    for limit, grade in GRADE_LIMITS:
        if loss < limit:
            return grade
    return Grade.BLUNDER


@dataclass(frozen=True)
class Loss:
    """The game points a move gives up against the best: the mean over the deals looked at and
    a 95 percent interval (``low``, ``high``) from the paired per-deal differences; a point
    where the values are exact."""

    mean: float
    low: float
    high: float
    deals: int  # deals the differences were taken over
    exact: bool = False  # exact values and no card hidden (``Analysis.every_card_known``)

    @property
    def half(self) -> float:
        """Half the width of the interval before its lower end was cut at 0 (0 where exact;
        the mean is never below 0: the best move is the one with the most game points)."""
        return self.high - self.mean


def _reference(analysis: Analysis) -> MoveValue:
    """The best move by the values: the highest mean game points (the first of equals)."""
    return max(analysis.moves, key=lambda m: m.game_points)


def loss_of(analysis: Analysis, move: MoveValue) -> Loss:
    """The loss of ``move`` against the best move of ``analysis``, with its interval. Where the
    per-deal values are missing (a table of three or four) the mean is all there is: a point,
    not called exact."""
    best = _reference(analysis)
    exact = analysis.every_card_known
    mean = max(0.0, best.game_points - move.game_points)
    a, b = best.deal_values, move.deal_values
    if analysis.exact or len(a) != len(b) or len(a) < 2:
        return Loss(mean, mean, mean, max(1, len(a)), exact)
    centre, half = paired_difference(a, b, Z95)
    return Loss(max(0.0, centre), max(0.0, centre - half), max(0.0, centre + half), len(a))


def within_chance(better: MoveValue, move: MoveValue) -> bool:
    """Whether the sampled deals cannot tell ``move`` from ``better``: the 95 percent interval
    of the paired per-deal difference (``better`` less ``move``) reaches 0, so that chance in
    the choice of deals may explain all of it. False where the values are not paired over two
    deals or more (exact values, a table's playouts)."""
    a, b = better.deal_values, move.deal_values
    if len(a) != len(b) or len(a) < 2:
        return False
    mean, half = paired_difference(a, b, Z95)
    return mean - half <= 0.0


def grade_loss(loss: Loss) -> Grade:
    """The grade the deals prove (see the module's text): by the lower end of the interval."""
    return grade_of(loss.low)


def straddles(loss: Loss) -> bool:
    """Whether the grade is still open: a grade limit lies within one half-width of the
    interval's lower end (between ``mean - 2 * half`` and ``mean``), so that other deals of the
    same number, which move the lower end by about that much, could put it on the limit's other
    side. The grade reads the lower end only, so a limit above the mean cannot change it: a
    limit in the upper half of the interval needs no more deals; one just below the lower end
    does."""
    half = loss.half
    if half <= 0:
        return False
    return any(loss.mean - 2 * half < limit <= loss.mean for limit, _ in GRADE_LIMITS)


def poolable(analysis: Analysis) -> bool:
    """Whether the analysis is sampled with every move valued in every one of its deals."""
    n = analysis.samples
    return (
        analysis.method == METHOD_SAMPLED
        and n > 0
        and all(len(m.deal_values) == n for m in analysis.moves)
    )


def _pool_move(a: MoveValue, b: MoveValue) -> MoveValue:
    n, k = a.samples, b.samples
    total = n + k

    def mean(x: float, y: float) -> float:
        return (x * n + y * k) / total

    return replace(
        a,
        game_points=mean(a.game_points, b.game_points),
        card_points=mean(a.card_points, b.card_points),
        win_probability=mean(a.win_probability, b.win_probability),
        best_count=a.best_count + b.best_count,
        samples=total,
        deal_values=a.deal_values + b.deal_values,
        deal_lines=a.deal_lines + b.deal_lines if a.deal_lines and b.deal_lines else (),
    )


def pooled(first: Analysis, more: Analysis) -> Analysis:
    """One analysis of the deals of both (sampled, every move valued in every deal; ``more``
    values the first's moves or some of them, and only those stay): the means weighted by
    deals, the per-deal values one after the other, the moves ordered by the pooled game
    points (the first's order among equals), the first's ideas."""
    if not (poolable(first) and poolable(more)):
        raise ValueError("only sampled analyses with every deal valued pool")
    others = {m.move: m for m in more.moves}
    if not set(others) <= {m.move for m in first.moves}:
        raise ValueError("the analyses value different moves")
    # the further deals may value only the moves still in contention: the others drop out
    moves = [_pool_move(m, others[m.move]) for m in first.moves if m.move in others]
    moves.sort(key=lambda m: -round(m.game_points, 9))
    return replace(
        first,
        moves=tuple(moves),
        samples=first.samples + more.samples,
        samples_asked=first.samples_asked + more.samples_asked,
        cut=first.cut or more.cut,
        rough=first.rough or more.rough,
        nodes=first.nodes + more.nodes,
        deals=first.deals + more.deals,
    )


#: More deals: ``(count, round)`` → an analysis of ``count`` further deals (a seed of its own
#: for each ``round``, 1 and up), or ``None`` when no more work may be done.
MoreDeals = Callable[[int, int], Analysis | None]


def settle(analysis: Analysis, move: MoveValue, more: MoreDeals, cap: int) -> Analysis:
    """``analysis`` with more deals pooled in, doubling each round, while the loss of ``move``
    straddles a grade limit and fewer than ``cap`` deals are valued (an exact analysis, or one
    whose deals cannot be pooled, is returned as it is). Stops early where ``more`` has no
    more (the request's budget is spent) or gives deals it could not finish."""
    rounds = 0
    while poolable(analysis) and analysis.samples < cap:
        current = analysis.value_of(move.move)
        if current is None or not straddles(loss_of(analysis, current)):
            break
        rounds += 1
        extra = more(min(analysis.samples, cap - analysis.samples), rounds)
        if extra is None or not poolable(extra):
            break
        analysis = pooled(analysis, extra)
    return analysis


__all__ = [
    "GRADE_LIMITS",
    "Z95",
    "Grade",
    "Loss",
    "MoreDeals",
    "grade_loss",
    "grade_of",
    "loss_of",
    "poolable",
    "pooled",
    "settle",
    "straddles",
    "within_chance",
]
