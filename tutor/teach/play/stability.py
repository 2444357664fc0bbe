"""How stable the coach's grades are: the same decision graded twice, on deals drawn with two
different seeds, should get the same grade; and how long one remark takes.

``learner_decisions`` plays matches of two seats from a seed (the learner's seat played by
the ``beginner``, who errs now and then as a learner does, against the ``club`` player) and
keeps every decision of the learner that had a choice, with the move made. ``grade_stability``
grades each of them as the coach does (``remark_on`` on ``analysis_for``, more deals where the
grade is open), once for each of two seeds, and counts the decisions graded alike, with the
time of every remark; and asks the hint about the same position with each seed (``analyse``
as the app asks it, with more deals where the best move is not clearly ahead), and counts how
often it put the same move first and gave the same advice (``advice``). ``tutor bench`` prints
the figures.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine import Move, State
from tutor.search import PLAYERS, Budget
from tutor.teach.hints.analysis import analyse
from tutor.teach.hints.grading import Grade
from tutor.teach.hints.model import Analysis
from tutor.teach.hints.why import explain
from tutor.teach.play.coach import (
    COACH_NODES,
    analysis_for,
    learner_stakes,
    learner_view,
    remark_on,
)
from tutor.teach.play.game import (
    Game,
    Table,
    learner_move,
    next_deal,
    play_out,
    start,
)

#: The learner's stand-in while decisions are gathered, and the opponent.
LEARNER = "beginner"
OPPONENT = "club"
#: The seeds' distance between the two gradings of one decision.
OTHER_SEED = 1_000_003


@dataclass(frozen=True)
class Decision:
    """One decision of the learner with a choice, and the move made."""

    game: Game
    move: Move


@dataclass(frozen=True)
class Stability:
    """Each decision graded twice (``grades``) and the time of every remark in seconds: wall
    time, and the process's CPU time (which does not count waiting for a busy machine)."""

    grades: tuple[tuple[Grade, Grade], ...]
    seconds: tuple[float, ...]
    cpu_seconds: tuple[float, ...] = ()
    #: For each remark of the first grading below "good": whether it gives a reason beyond
    #: the numbers (``Why.reasoned``).
    reasoned: tuple[bool, ...] = ()
    #: For each decision, the hint's advice in each grading (``advice``)...
    advice: tuple[tuple[frozenset[Move], frozenset[Move]], ...] = ()
    #: ... and its best move in each.
    best: tuple[tuple[Move, Move], ...] = ()

    @property
    def positions(self) -> int:
        return len(self.grades)

    @property
    def same(self) -> int:
        """Decisions that got the same grade both times."""
        return sum(1 for a, b in self.grades if a is b)

    @property
    def same_best(self) -> int:
        """Decisions whose hint put the same move first both times."""
        return sum(1 for a, b in self.best if a == b)

    @property
    def same_advice(self) -> int:
        """Decisions whose hint gave the same advice both times: the same best move and the
        same moves called as good (``advice``)."""
        return sum(1 for a, b in self.advice if a == b)

    @property
    def agreeing_advice(self) -> int:
        """Decisions whose two hints did not contradict each other: a move advised in one is
        advised in the other (the best move, or one called as good)."""
        return sum(1 for a, b in self.advice if a & b)


def advice(analysis: Analysis) -> frozenset[Move]:
    """What the hint advises: its best move, and every move it calls just as good (no loss) or
    about as good (the deals cannot tell it from the best: ``Why.chance``), as
    ``tutor.teach.hints.why.explain`` finds them."""
    best, *rest = analysis.moves
    whys = (explain(analysis, m.move) for m in rest)
    return frozenset((best.move, *(w.move for w in whys if w.chance or w.loss == 0.0)))


def learner_decisions(spec: str, n: int, seed: int) -> tuple[Decision, ...]:
    """``n`` decisions with a choice of the learner's seat (A or B, match by match) from
    matches under ``spec`` (two seats) played from ``seed``, spread over whole matches."""
    rng = random.Random(f"decisions:{spec}:{seed}")
    learner = PLAYERS[LEARNER]
    out: list[Decision] = []
    match = 0
    while len(out) < n:
        table = Table(spec, opponent=OPPONENT, seed=seed * 7919 + match, learner=match % 2)
        match += 1
        game = play_out(start(table))
        while len(out) < n and not game.over:
            if game.deal.over:
                game = play_out(next_deal(game))
                continue
            state = game.state
            if not isinstance(state, State):
                raise ValueError("the decisions are gathered at a table of two seats")
            move = learner(state, rng, None)
            if len(state.legal_moves()) > 1:
                out.append(Decision(game, move))
            game = play_out(learner_move(game, move))
    return tuple(out)


def grade_stability(decisions: Sequence[Decision], seeds: tuple[int, int] = (0, 1)) -> Stability:
    """Every decision graded by the coach once for each seed (the deals drawn differ)."""
    grades: list[tuple[Grade, Grade]] = []
    seconds: list[float] = []
    cpu: list[float] = []
    reasoned: list[bool] = []
    advised: list[tuple[frozenset[Move], frozenset[Move]]] = []
    firsts: list[tuple[Move, Move]] = []
    for i, d in enumerate(decisions):
        both: list[Grade] = []
        told: list[frozenset[Move]] = []
        first: list[Move] = []
        for s in seeds:
            begun = time.perf_counter()
            begun_cpu = time.process_time()
            budget = Budget(nodes=COACH_NODES)  # the coach's own bound on a remark
            seed = s * OTHER_SEED + i
            analysis = analysis_for(d.game, budget=budget, seed=seed)
            remark = remark_on(d.game, d.move, analysis, budget=budget)
            seconds.append(time.perf_counter() - begun)
            cpu.append(time.process_time() - begun_cpu)
            both.append(Grade.GOOD if remark is None else remark.grade)
            # the hint on the same deals' seed, as the app gives it (more deals where the
            # best move is not clearly ahead)
            hinted = analyse(learner_view(d.game), seed=seed, need=learner_stakes(d.game))
            told.append(advice(hinted))
            first.append(hinted.best.move)
            if s == seeds[0] and remark is not None and remark.grade is not Grade.GOOD:
                reasoned.append(remark.why is not None and remark.why.reasoned)
        grades.append((both[0], both[1]))
        advised.append((told[0], told[1]))
        firsts.append((first[0], first[1]))
    return Stability(
        tuple(grades), tuple(seconds), tuple(cpu), tuple(reasoned), tuple(advised), tuple(firsts)
    )


__all__ = [
    "LEARNER",
    "OPPONENT",
    "Decision",
    "Stability",
    "advice",
    "grade_stability",
    "learner_decisions",
]
